//! A journaled game's session type, found by the game's name, and what the history
//! shows of a game: its table turn by turn, its money round by round.

use super::Outcome;
use crate::chart::Series;
use crate::diag::Error;
use crate::render::Style;
use crate::session::{Log, Session};

/// A job run with the session type of a journaled game.
pub trait PerGame {
    type Out;
    fn run<G: Session>(self) -> Self::Out;
}

/// Runs `job` with the session type of a `game` saved as `log`; `None` for a game kado
/// does not journal. Koi-Koi saves are a ledger, or a game followed move by move.
pub fn dispatch<P: PerGame>(game: &str, log: &str, job: P) -> Option<P::Out> {
    Some(match game {
        "kinkado" => job.run::<crate::kinkado::game::Game>(),
        "kinga" => job.run::<crate::kinga::game::Game>(),
        "koikoi" if crate::koikoi::game::is_play_log(log) => job.run::<crate::koikoi::game::Game>(),
        "koikoi" => job.run::<crate::koikoi::ledger::Ledger>(),
        "kingmaker" => job.run::<crate::kingmaker::campaign::Campaign>(),
        "pokino" => job.run::<crate::pokino::session::Table>(),
        _ => return None,
    })
}

/// The `game:` of a saved log; `None` for text that is no save (a record).
pub fn saved_game(text: &str) -> Option<String> {
    text.lines()
        .find_map(|l| l.strip_prefix("game:"))
        .map(|g| g.trim().trim_matches('"').to_string())
}

struct Replay<'a> {
    log: &'a str,
    style: Style,
}

impl PerGame for Replay<'_> {
    type Out = Result<String, Error>;
    fn run<G: Session>(self) -> Self::Out {
        turn_by_turn::<G>(self.log, self.style)
    }
}

/// The table of the journaled `game` saved as `log`, as `status` shows it, each time the
/// game moves to a new turn or phase; `None` for a game kado does not journal.
pub fn replayed(game: &str, log: &str, style: Style) -> Option<Result<String, Error>> {
    dispatch(game, log, Replay { log, style })
}

/// The table as `status` shows it, each time the game moves to a new turn or phase.
fn turn_by_turn<G: Session>(text: &str, style: Style) -> Result<String, Error> {
    let log: Log<G::Setup, G::Action> = Log::from_yaml("the journaled game", text, G::GAME)?;
    let rules = log.ruleset.ruleset()?;
    let mut g = G::start(&log.setup, &rules).map_err(|e| Error::of(&e))?;
    let mut out = String::new();
    let mut key = g.phase_key();
    for e in &crate::session::effective::<G>(&log)? {
        g.apply(&e.action).map_err(|e| Error::of(&e))?;
        if g.phase_key() != key {
            key = g.phase_key();
            out += &g.show(style);
            out.push('\n');
        }
    }
    out += &g.show(style);
    Ok(out)
}

/// Each seat's money after each round (Kin Kādo); none for other games.
pub fn money_series(outcome: &Outcome) -> Vec<Series> {
    let rounds = &outcome.facts.money_by_round;
    outcome
        .seats
        .iter()
        .map(|s| Series {
            name: s.name.clone(),
            values: rounds
                .iter()
                .filter_map(|r| r.get(&s.name).map(|m| *m as f64))
                .collect(),
        })
        .filter(|s| !s.values.is_empty())
        .collect()
}
