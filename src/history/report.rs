//! The verdicts of `kado history` and `kado stats` as values, in the shape their JSON
//! takes: the games listed, and each player's records game by game.

use serde::Serialize;

use super::{Played, PlayerStats};

/// `history`: the games that match, newest first.
#[derive(Clone, Debug, Serialize)]
pub struct Listing {
    pub games: Vec<Played>,
}

/// One player's records in one game.
#[derive(Clone, Debug, Serialize)]
pub struct GameStats {
    pub game: String,
    #[serde(flatten)]
    pub stats: PlayerStats,
}

/// `stats`: how many games were counted, and each player's records in each game (added
/// up as the games are read: see [`super::tally::Tally`]).
#[derive(Clone, Debug, Serialize)]
pub struct StatsReport {
    pub games: usize,
    pub players: Vec<GameStats>,
}

impl StatsReport {
    /// The records in one game.
    pub fn of_game<'r>(&'r self, game: &'r str) -> impl Iterator<Item = &'r PlayerStats> {
        self.players
            .iter()
            .filter(move |g| g.game == game)
            .map(|g| &g.stats)
    }
}
