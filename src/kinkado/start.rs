//! A new game as `kado kinkado play` asks for it: the players (`you` when none is
//! named), ALORA or not, the deck, checked against the rules.

use super::Rules;
use super::game::{Deck, Setup};
use crate::diag::{Error, Problem};

/// The player of a game started without `--players`.
pub const DEFAULT_PLAYER: &str = "you";

impl Setup {
    /// The setup of a new game, its seats checked (ruling `alora-seat`); `private` keeps
    /// hands off the screen, which only a virtual pack puts there.
    pub fn read(
        players: &[String],
        alora: bool,
        (deck, private): (Deck, bool),
        rules: &Rules,
    ) -> Result<Setup, Error> {
        // Two players of one name, shown where `--players` wrote them.
        let typed = players.join(",");
        let (names, spans) = crate::seat::split_names(&typed);
        let src = crate::diag::Source::new("--players", typed.as_str());
        crate::seat::distinct_at(&names, &src, &spans).map_err(|p| Error::single(*p))?;
        let players = if players.is_empty() {
            vec![DEFAULT_PLAYER.to_string()]
        } else {
            players.iter().map(|p| p.trim().to_string()).collect()
        };
        if private && deck == Deck::Physical {
            return Err(Error::single(
                Problem::new("--private keeps kado's view of the hands off the screen, and with real cards kado sees none")
                    .help("use --private with --deck virtual"),
            ));
        }
        let setup = Setup {
            players,
            alora,
            deck,
            private,
        };
        setup.check(rules).map_err(|why| {
            Error::single(
                crate::diag::Coded::to_problem(&why).help("e.g. --players ana,bo --alora"),
            )
        })?;
        Ok(setup)
    }
}
