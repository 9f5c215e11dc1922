//! What every game kado referees shares, as a trait each game implements (as shakmaty's
//! chess variants share `Position`): its id and title, how its records are told apart and
//! read, the verdict on a record refereed under a ruleset and the outcomes the play history
//! keeps, and its game as played. Each game's implementation is in its `mod.rs`, on the
//! game's unit type (`kinga::Kinga`); the list of games ([`crate::games::ALL`]) is built
//! from them.

use crate::diag::{Error, Source};
use crate::history::{Outcome, RecordGame};
use crate::ruleset::Ruleset;
use crate::session::Session;

/// One game kado referees.
pub trait Kind {
    /// The id commands, saves and rulesets name it by (`kinkado`).
    const ID: &'static str;
    /// Its name for people (`Kin Kādo`).
    const TITLE: &'static str;
    /// The keys that start lines of this game's records and no other's (Pokino's
    /// `spoke:`), which tell a record apart without reading it.
    const MARKS: &'static [&'static str];
    /// The key of the line each game of a record starts with (`players`, Kinga's `deck`).
    const OPENER: &'static str;
    /// Whether a record is told by its marks alone, without reading it in the notation.
    const TOLD_BY_MARKS: bool = false;
    /// The game as played: the session the engine runs (`GAME::game::Game`).
    type Game: Session;

    /// Reads a record in the game's notation: every problem at its place.
    fn read(src: &Source) -> Result<(), Error>;
    /// Whether a record reads in this game's notation.
    fn reads(src: &Source) -> bool {
        Self::read(src).is_ok()
    }
    /// The games of a record, once the whole of it reads: each from its [`Self::OPENER`]
    /// line.
    fn parts(src: &Source) -> Result<Vec<RecordGame>, Error> {
        Self::read(src)?;
        Ok(crate::history::games_opened_by(&src.text, Self::OPENER))
    }
    /// How each game of a record ends (or stands where it stops), refereed under `rs`.
    fn outcomes(src: &Source, rs: &Ruleset) -> Result<Vec<Outcome>, Error>;
    /// The verdict on a record refereed under `rs`, as `check --json` gives it.
    fn verdict(src: &Source, rs: &Ruleset) -> Result<serde_json::Value, Error>;
}
