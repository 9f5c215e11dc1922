//! The verdicts of `kado history` and `kado stats` as values, in the shape their JSON
//! takes: the games listed, and each player's records game by game.

use serde::Serialize;

use super::{Played, PlayerStats, games_by_player, player_stats, players};

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

/// `stats`: how many games were counted, and each player's records in each game.
#[derive(Clone, Debug, Serialize)]
pub struct StatsReport {
    pub games: usize,
    pub players: Vec<GameStats>,
}

impl StatsReport {
    /// The records of `player` (else of everyone who played) in each game of `kinds`
    /// (the games by game, see [`super::by_game`]), out of `games` games.
    pub fn new(games: usize, kinds: &[(String, Vec<Played>)], player: Option<&str>) -> StatsReport {
        let mut out = Vec::new();
        for (game, played) in kinds {
            let names = match player {
                Some(p) => vec![p.to_string()],
                None => players(played),
            };
            let seated = games_by_player(played);
            out.extend(names.iter().map(|n| {
                let theirs = seated.get(&n.to_ascii_lowercase());
                GameStats {
                    game: game.clone(),
                    stats: player_stats(n, theirs.into_iter().flatten().copied()),
                }
            }));
        }
        StatsReport {
            games,
            players: out,
        }
    }

    /// The records in one game.
    pub fn of_game(&self, game: &str) -> Vec<PlayerStats> {
        self.players
            .iter()
            .filter(|g| g.game == game)
            .map(|g| g.stats.clone())
            .collect()
    }
}
