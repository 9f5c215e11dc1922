//! The play history: what a game leaves in the journal when it ends, the records a player
//! asks for across many games, and the series their charts are drawn from. Plain values
//! and pure functions; the database itself is kept by the storage layer
//! (store/src/history.rs, package kado-store), the charts are drawn by kado-screen.

pub mod day;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub mod games;
#[cfg(test)]
pub(crate) mod reference;
pub mod report;
mod series;
pub mod tally;

pub use series::{Series, histogram};

/// How a game ended, as its session reports it for the journal.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    /// Played to its end (else stopped part way).
    pub finished: bool,
    pub seats: Vec<SeatOutcome>,
    /// What the game's own records need (see [`Facts`]).
    #[serde(default)]
    pub facts: Facts,
}

/// One seat's result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatOutcome {
    pub name: String,
    /// Final money, points or score, as the game counts it.
    pub score: i64,
    pub won: bool,
    /// A seat kado plays (ALORA, kado's own opponent).
    #[serde(default)]
    pub kado: bool,
}

/// The details a game's records are drawn from; each game fills what it has.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Facts {
    /// Kin Kādo: each seat's money after each round (for the chart).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub money_by_round: Vec<BTreeMap<String, i64>>,
    /// Kin Kādo: (winner, hand category) of each round won.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub winning_hands: Vec<(String, String)>,
    /// Kinga: kings exposed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kings_exposed: Option<u32>,
    /// Koi-Koi: (player, yaku) of every yaku scored.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub yaku: Vec<(String, String)>,
    /// Kingmaker: (player, triad score) of every Year.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub triads: Vec<(String, i64)>,
    /// Pokino: (player, runs scored).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub runs: Vec<(String, i64)>,
    /// Pokino: who ended the game by emptying their hand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pokino: Option<String>,
}

/// A journaled game, as the history lists it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Played {
    pub id: i64,
    pub game: String,
    pub ruleset: String,
    /// When it was journaled (UTC, `YYYY-MM-DD HH:MM`).
    pub date: String,
    pub outcome: Outcome,
    /// The save or record it came from.
    pub source: String,
}

impl Played {
    pub fn winners(&self) -> Vec<&str> {
        let w = self.outcome.seats.iter().filter(|s| s.won);
        w.map(|s| s.name.as_str()).collect()
    }

    /// How a finished game was decided, in a few words, where its facts tell: Pokino's
    /// call or its poke run out, Kinga's kings exposed, a shared win.
    pub fn how(&self) -> Option<String> {
        if !self.outcome.finished {
            return None;
        }
        let f = &self.outcome.facts;
        if self.game == "pokino" {
            return Some(match &f.pokino {
                Some(p) => format!("{p} called \"Pokino!\""),
                None => "the poke ran out".to_string(),
            });
        }
        if let Some(k) = f.kings_exposed {
            return Some(format!("{} exposed", crate::words::count(k, "king")));
        }
        let top: Vec<i64> = (self.outcome.seats.iter())
            .filter(|s| s.won)
            .map(|s| s.score)
            .collect();
        match top.as_slice() {
            [first, _, ..] => Some(format!("a shared win on {first}")),
            _ => None,
        }
    }
}

/// One player's records over the games asked for.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerStats {
    pub player: String,
    pub games: u32,
    pub wins: u32,
    pub win_rate: f64,
    /// Wins and games against each opponent met (ALORA included): a win is a game this
    /// player won and the opponent did not.
    pub against: BTreeMap<String, Versus>,
    pub average_score: f64,
    pub best_score: Option<i64>,
    pub longest_streak: u32,
    /// Kin Kādo: the hand that won most of this player's rounds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub favourite_hand: Option<(String, u32)>,
    /// Kinga: kings exposed, summed and best.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kings_exposed: Option<(u32, u32)>,
    /// Koi-Koi: how often each yaku was made.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub yaku: BTreeMap<String, u32>,
    /// Kingmaker: average triad score.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub average_triad: Option<f64>,
    /// Pokino: runs scored and "Pokino!" wins.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub runs: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pokino_wins: Option<u32>,
}

/// A player's games and wins against one opponent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Versus {
    pub games: u32,
    pub wins: u32,
}

/// One game of a record file that may hold several: its own lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordGame {
    /// Its lines in the file, as a byte range: from the comment lines just before its
    /// `players:` line (where kado writes the game's identity) to the next game's.
    pub span: std::ops::Range<usize>,
    /// The 1-based line of its `players:` line; `None` for lines before any game's.
    pub players_line: Option<usize>,
}

/// Splits a record into its games, each from its `players:` line. Blank and comment
/// lines just before a `players:` line go with the game they announce; any lines before
/// the first game that are not comments make a part of their own, with no players.
/// Linear in the text.
pub fn record_games(text: &str) -> Vec<RecordGame> {
    games_opened_by(text, "players")
}

/// Splits a record into its games, each from a line `KEY: …` (`players:`, or `deck:` in
/// a Kinga record), as [`record_games`] does.
pub fn games_opened_by(text: &str, key: &str) -> Vec<RecordGame> {
    let mut games: Vec<RecordGame> = Vec::new();
    let mut lead: Option<usize> = None;
    for l in crate::notation::record_lines(text) {
        let (start, body) = (l.start, l.body.trim());
        if body.is_empty() {
            lead.get_or_insert(start);
            continue;
        }
        let is_players = body
            .split_once(':')
            .is_some_and(|(k, _)| k.trim().eq_ignore_ascii_case(key));
        if !is_players {
            if games.is_empty() {
                games.push(RecordGame {
                    span: 0..0,
                    players_line: None,
                });
            }
            lead = None;
            continue;
        }
        let from = if games.is_empty() {
            0
        } else {
            lead.unwrap_or(start)
        };
        if let Some(last) = games.last_mut() {
            last.span.end = from;
        }
        games.push(RecordGame {
            span: from..from,
            players_line: Some(l.number),
        });
        lead = None;
    }
    if let Some(last) = games.last_mut() {
        last.span.end = text.len();
    }
    games
}

pub(crate) fn ratio(a: u32, b: u32) -> f64 {
    if b == 0 {
        0.0
    } else {
        f64::from(a) / f64::from(b)
    }
}

/// The win rate after each finished game of one player (oldest first; won and final
/// score of each, see [`tally::Tally::mine`]), for the chart.
pub fn win_rate_over_time(mine: &[(bool, i64)]) -> Vec<f64> {
    let mut wins = 0u32;
    let mut out = Vec::with_capacity(mine.len());
    for (n, (won, _)) in (1u32..).zip(mine) {
        wins += u32::from(*won);
        out.push(ratio(wins, n));
    }
    out
}

/// The final scores of one player, for the distribution chart.
pub fn final_scores(mine: &[(bool, i64)]) -> Vec<i64> {
    mine.iter().map(|(_, score)| *score).collect()
}

/// The names of a game's seats as a player is matched (in lower case), each once, sorted.
pub fn seat_names(outcome: &Outcome) -> Vec<String> {
    let mut names: Vec<String> = outcome
        .seats
        .iter()
        .map(|s| crate::seat::folded(&s.name))
        .collect();
    names.sort_unstable();
    names.dedup();
    names
}

#[cfg(test)]
mod tests {
    use super::reference::{games_by_player, player_stats, players};
    use super::*;

    /// Issue 62: the history named a winner without how the game was decided.
    #[test]
    fn a_winner_was_listed_without_how() {
        let mut p = game(1, &[("ana", 30, true), ("ben", 12, false)]);
        assert_eq!(p.how(), None);
        p.game = "pokino".into();
        assert_eq!(p.how().as_deref(), Some("the poke ran out"));
        p.outcome.facts.pokino = Some("ana".into());
        assert_eq!(p.how().as_deref(), Some("ana called \"Pokino!\""));
        let mut k = game(2, &[("you", 4, true)]);
        k.game = "kinga".into();
        k.outcome.facts.kings_exposed = Some(4);
        assert_eq!(k.how().as_deref(), Some("4 kings exposed"));
        let tie = game(3, &[("ana", 20, true), ("ben", 20, true)]);
        assert_eq!(tie.how().as_deref(), Some("a shared win on 20"));
        let stopped = Played {
            outcome: Outcome {
                finished: false,
                ..tie.outcome.clone()
            },
            ..tie
        };
        assert_eq!(stopped.how(), None);
    }

    fn game(id: i64, seats: &[(&str, i64, bool)]) -> Played {
        Played {
            id,
            game: "kinkado".into(),
            ruleset: "kinkado".into(),
            date: format!("2026-11-{id:02} 10:00"),
            outcome: Outcome {
                finished: true,
                seats: seats
                    .iter()
                    .map(|(n, s, w)| SeatOutcome {
                        name: n.to_string(),
                        score: *s,
                        won: *w,
                        kado: *n == "ALORA",
                    })
                    .collect(),
                facts: Facts::default(),
            },
            source: String::new(),
        }
    }

    #[test]
    fn records_add_up_by_hand() {
        let mut g1 = game(1, &[("ana", 80, true), ("ALORA", 20, false)]);
        g1.outcome.facts.winning_hands = vec![("ana".into(), "flush".into())];
        let g2 = game(2, &[("ana", 10, false), ("ALORA", 90, true)]);
        let g3 = game(
            3,
            &[("ana", 70, true), ("ALORA", 30, false), ("bo", 5, false)],
        );
        let g4 = game(4, &[("ana", 60, true), ("ALORA", 40, false)]);
        let s = player_stats("ana", &[g1, g2, g3, g4]);
        assert_eq!((s.games, s.wins, s.longest_streak), (4, 3, 2));
        assert_eq!(s.win_rate, 0.75);
        assert_eq!(s.average_score, 55.0);
        assert_eq!(s.best_score, Some(80));
        assert_eq!(s.against["ALORA"], Versus { games: 4, wins: 3 });
        assert_eq!(s.against["bo"], Versus { games: 1, wins: 1 });
        assert_eq!(s.favourite_hand, Some(("flush".into(), 1)));
    }

    /// `stats` scanned every game once per player (10,000 games of 10,000 players: a
    /// hundred million seat checks): each player's games are found in one pass, and the
    /// records are those of a scan of every game.
    #[test]
    fn stats_scanned_every_game_once_per_player() {
        let games: Vec<Played> = (0..60)
            .map(|i| {
                let a = format!("p{}", i % 7);
                let b = if i % 5 == 0 {
                    "P0".to_string()
                } else {
                    format!("p{}", i % 11)
                };
                game(i + 1, &[(&a, i, i % 3 == 0), (&b, 60 - i, i % 3 != 0)])
            })
            .collect();
        let seated = games_by_player(&games);
        for name in players(&games) {
            let theirs = seated
                .get(&crate::seat::folded(&name))
                .cloned()
                .unwrap_or_default();
            assert_eq!(
                player_stats(&name, theirs.iter().copied()),
                player_stats(&name, &games),
                "{name}"
            );
        }
        // A game where a player sits under two spellings counts once.
        assert_eq!(
            seated["p0"].len(),
            games
                .iter()
                .filter(|g| g
                    .outcome
                    .seats
                    .iter()
                    .any(|s| crate::seat::same_name(&s.name, "p0")))
                .count()
        );
    }

    #[test]
    fn each_game_adds_its_own_records() {
        let mut p = game(1, &[("ana", 30, true), ("bo", 12, false)]);
        p.game = "pokino".into();
        p.outcome.facts.runs = vec![("ana".into(), 4), ("bo".into(), 2)];
        p.outcome.facts.pokino = Some("ana".into());
        let mut k = game(2, &[("ana", 3, false)]);
        k.game = "kinga".into();
        k.outcome.facts.kings_exposed = Some(3);
        let mut y = game(3, &[("ana", 40, true), ("bo", 60, false)]);
        y.game = "koikoi".into();
        y.outcome.facts.yaku = vec![
            ("ana".into(), "inoshikacho".into()),
            ("bo".into(), "tane".into()),
        ];
        let mut m = game(4, &[("ana", 1, true)]);
        m.game = "kingmaker".into();
        m.outcome.facts.triads = vec![("ana".into(), 72), ("ana".into(), 40), ("bo".into(), 9)];
        let s = player_stats("ana", &[p, k, y, m]);
        assert_eq!((s.runs, s.pokino_wins), (Some(4), Some(1)));
        assert_eq!(s.kings_exposed, Some((3, 3)));
        assert_eq!(s.yaku.get("inoshikacho"), Some(&1));
        assert!(!s.yaku.contains_key("tane"));
        assert_eq!(s.average_triad, Some(56.0));
    }

    #[test]
    fn unfinished_games_do_not_count() {
        let mut g = game(1, &[("ana", 80, true)]);
        g.outcome.finished = false;
        assert_eq!(player_stats("ana", &[g]).games, 0);
    }

    #[test]
    fn a_record_splits_into_its_games_each_with_its_own_lines() {
        let text = "# notes\nplayers: a b\nround\n\n# kado game id: x\nplayers: c d\nc 1r / 2p\n";
        let games = record_games(text);
        assert_eq!(games.len(), 2);
        assert_eq!(
            &text[games[0].span.clone()],
            "# notes\nplayers: a b\nround\n"
        );
        assert_eq!(games[0].players_line, Some(2));
        assert_eq!(
            &text[games[1].span.clone()],
            "\n# kado game id: x\nplayers: c d\nc 1r / 2p\n"
        );
        assert_eq!(games[1].players_line, Some(6));
        let stray = record_games("a 1r / 2p\nplayers: a b\n");
        assert_eq!(stray.len(), 2);
        assert_eq!(stray[0].players_line, None);
        assert_eq!(stray[0].span, 0..10);
        assert!(record_games("").is_empty());
    }
}
