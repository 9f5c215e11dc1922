//! A new game as `kado kinkado play` asks for it: the players (`you` when none is
//! named), ALORA or not, the deck, checked against the rules.

use super::Rules;
use super::game::{Deck, Setup};
use crate::diag::{Error, Problem};

/// The player of a game started without `--players`.
pub const DEFAULT_PLAYER: &str = "you";

impl Setup {
    /// The setup of a new game, its seats checked (ruling `alora-seat`).
    pub fn read(
        players: &[String],
        alora: bool,
        deck: Deck,
        rules: &Rules,
    ) -> Result<Setup, Error> {
        let players = if players.is_empty() {
            vec![DEFAULT_PLAYER.to_string()]
        } else {
            players.iter().map(|p| p.trim().to_string()).collect()
        };
        let setup = Setup {
            players,
            alora,
            deck,
        };
        setup.check(rules).map_err(|why| {
            Error::single(Problem::new(why.to_string()).help("e.g. --players ana,bo --alora"))
        })?;
        Ok(setup)
    }
}
