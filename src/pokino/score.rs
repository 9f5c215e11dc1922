//! Scoring: the points table for runs, Greed's beads, and Territory's pips.

use crate::pokino::ruling;
use std::collections::BTreeMap;

use serde::Serialize;

use super::Rules;
use super::board::{Board, Domino, Token};

/// The scoring table: cards in a run, points.
pub const TABLE: [(usize, u32); 9] = [
    (2, 5),
    (3, 5),
    (4, 5),
    (5, 10),
    (6, 15),
    (7, 20),
    (8, 35),
    (9, 55),
    (10, 90),
];
/// The longest run the table lists.
pub const TABLE_MAX: usize = 10;
/// The shortest run.
pub const MIN_RUN: usize = 2;

/// What a run longer than the table scores under `long-runs: capped`: as many points
/// as the longest run the table lists.
pub fn top_points() -> u32 {
    TABLE[TABLE.len() - 1].1
}

/// The table in words, runs that score alike grouped, `span` between the first and the
/// last length of a group: "2-4 cards 5, 5 cards 10, …, 10 cards 90" (with "-").
pub fn table_words(span: &str) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < TABLE.len() {
        let (from, p) = TABLE[i];
        let mut to = from;
        while i + 1 < TABLE.len() && TABLE[i + 1].1 == p {
            i += 1;
            to = TABLE[i].0;
        }
        parts.push(if to == from {
            format!("{from} cards {p}")
        } else {
            format!("{from}{span}{to} cards {p}")
        });
        i += 1;
    }
    parts.join(", ")
}

/// The table as the rule `--explain` gives.
pub fn table_rule() -> String {
    format!("Points: {}.", table_words("-"))
}

/// The note on a run longer than the table.
pub fn cap_note() -> String {
    format!(
        "The scoring table stops at {TABLE_MAX} cards: a longer run scores {}.",
        top_points()
    )
}

/// What a run of `length` cards scores; `None` when no run can be that long (fewer than
/// 2 cards, or more than 10 under `long-runs: forbidden`).
pub fn points(length: usize, rules: &Rules) -> Option<u32> {
    if length < MIN_RUN {
        return None;
    }
    if length > TABLE_MAX {
        return match rules.ruled.long_runs {
            ruling::LongRuns::Capped => Some(top_points()),
            ruling::LongRuns::Forbidden => None,
        };
    }
    TABLE.iter().find(|(n, _)| *n == length).map(|(_, p)| *p)
}

/// The most cards a run can have under the rules, when they bound it: 10 under
/// `long-runs: forbidden`, and the largest hand under Pokino-Up! (a hand never holds
/// more than 7 cards, so no run is longer).
pub fn longest(rules: &Rules) -> Option<usize> {
    let table = match rules.ruled.long_runs {
        ruling::LongRuns::Forbidden => Some(TABLE_MAX),
        ruling::LongRuns::Capped => None,
    };
    match (table, rules.hand_limit()) {
        (Some(t), Some(h)) => Some(t.min(h)),
        (t, h) => t.or(h),
    }
}

/// One run's score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RunPoints {
    pub length: usize,
    pub points: u32,
    /// Longer than the table: scored as 10 cards (`long-runs: capped`).
    pub capped: bool,
}

impl RunPoints {
    /// The points, with a word when the table capped them.
    pub fn points_text(&self) -> String {
        if self.capped {
            format!("{} (the table stops at {TABLE_MAX})", self.points)
        } else {
            self.points.to_string()
        }
    }
}

/// A player's score at the end of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Total {
    pub runs: Vec<RunPoints>,
    pub run_points: u32,
    /// Beads held at the end (counted under Greed only).
    pub beads: u32,
    pub bead_points: u64,
    pub total: u64,
}

/// Scores runs of the given lengths, and beads under Greed. `Err` holds the index of
/// each length no run can have (see [`points`] and [`longest`]).
pub fn total(lengths: &[usize], beads: u32, rules: &Rules) -> Result<Total, Vec<usize>> {
    let mut runs = Vec::new();
    let mut bad = Vec::new();
    for (i, &n) in lengths.iter().enumerate() {
        match points(n, rules).filter(|_| longest(rules).is_none_or(|m| n <= m)) {
            Some(p) => runs.push(RunPoints {
                length: n,
                points: p,
                capped: n > TABLE_MAX,
            }),
            None => bad.push(i),
        }
    }
    if !bad.is_empty() {
        return Err(bad);
    }
    let run_points = runs.iter().map(|r| r.points).sum::<u32>();
    let bead_points = match rules.ruled.greed {
        ruling::Greed::On => u64::from(beads) * u64::from(rules.bead_points),
        ruling::Greed::Off => 0,
    };
    Ok(Total {
        runs,
        run_points,
        beads,
        bead_points,
        total: u64::from(run_points) + bead_points,
    })
}

/// Who gets one domino under Territory.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Award {
    pub domino: Domino,
    pub pips: u32,
    /// Tokens touching it, by player.
    pub tokens: BTreeMap<String, u32>,
    /// Who gets it: one player, every tied player (`territory-ties: shared`), or no one.
    pub to: Vec<String>,
    /// Players tied for the most tokens.
    pub tied: bool,
}

/// A player's pips under Territory.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Holdings {
    pub player: String,
    pub dominoes: Vec<Domino>,
    pub pips: u32,
}

/// The end of a Territory game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TerritoryResult {
    /// Each player, in the order their first token was named.
    pub players: Vec<Holdings>,
    /// Every domino on the table, in the order laid.
    pub dominoes: Vec<Award>,
    /// The players with the most pips (several on a tie; none when no one has a token).
    pub winners: Vec<String>,
}

/// Gives each domino to the player with the most tokens touching it (a token touches
/// the dominoes on both sides of its border) and totals the pips. Tokens are assumed
/// checked against the board ([`Board::check_borders`]).
pub fn territory(board: &Board, tokens: &[Token], rules: &Rules) -> TerritoryResult {
    let mut order: Vec<String> = Vec::new();
    let mut per_piece: Vec<BTreeMap<String, u32>> = vec![BTreeMap::new(); board.len()];
    for t in tokens {
        if !order.contains(&t.player) {
            order.push(t.player.clone());
        }
        let mut pieces: Vec<usize> = [t.border.a, t.border.b]
            .iter()
            .filter_map(|s| board.cell(*s).map(|c| c.piece))
            .collect();
        pieces.dedup();
        for p in pieces {
            if let Some(m) = per_piece.get_mut(p) {
                *m.entry(t.player.clone()).or_insert(0) += 1;
            }
        }
    }
    let mut holdings: Vec<Holdings> = order
        .iter()
        .map(|p| Holdings {
            player: p.clone(),
            dominoes: Vec::new(),
            pips: 0,
        })
        .collect();
    let mut dominoes = Vec::new();
    for (i, p) in board.placements().iter().enumerate() {
        let tokens = per_piece.get(i).cloned().unwrap_or_default();
        let most = tokens.values().copied().max().unwrap_or(0);
        let top: Vec<String> = order
            .iter()
            .filter(|pl| most > 0 && tokens.get(*pl) == Some(&most))
            .cloned()
            .collect();
        let tied = top.len() > 1;
        let to = match rules.ruled.territory_ties {
            ruling::TerritoryTies::Nobody if tied => Vec::new(),
            ruling::TerritoryTies::Nobody | ruling::TerritoryTies::Shared => top,
        };
        for pl in &to {
            if let Some(h) = holdings.iter_mut().find(|h| &h.player == pl) {
                h.dominoes.push(p.domino);
                h.pips += p.domino.pips();
            }
        }
        dominoes.push(Award {
            domino: p.domino,
            pips: p.domino.pips(),
            tokens,
            to,
            tied,
        });
    }
    let best = holdings.iter().map(|h| h.pips).max();
    let winners = match best {
        Some(b) => holdings
            .iter()
            .filter(|h| h.pips == b)
            .map(|h| h.player.clone())
            .collect(),
        None => Vec::new(),
    };
    TerritoryResult {
        players: holdings,
        dominoes,
        winners,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Source;
    use crate::pokino::board::parse_tokens;

    #[test]
    fn the_table() {
        let r = Rules::standard();
        let got: Vec<Option<u32>> = (0..=12).map(|n| points(n, &r)).collect();
        assert_eq!(
            got,
            vec![
                None,
                None,
                Some(5),
                Some(5),
                Some(5),
                Some(10),
                Some(15),
                Some(20),
                Some(35),
                Some(55),
                Some(90),
                Some(90),
                Some(90)
            ]
        );
        let mut forbid = r.clone();
        forbid.ruled.long_runs = ruling::LongRuns::Forbidden;
        assert_eq!(points(10, &forbid), Some(90));
        assert_eq!(points(11, &forbid), None);
    }

    #[test]
    fn the_table_in_words() {
        assert_eq!(
            table_rule(),
            "Points: 2-4 cards 5, 5 cards 10, 6 cards 15, 7 cards 20, 8 cards 35, 9 cards 55, 10 cards 90."
        );
        assert!(table_words(" to ").starts_with("2 to 4 cards 5, 5 cards 10"));
        assert_eq!(
            cap_note(),
            "The scoring table stops at 10 cards: a longer run scores 90."
        );
    }

    #[test]
    fn totals_and_greed() {
        let mut r = Rules::standard();
        let t = total(&[2, 5, 8], 4, &r).unwrap();
        assert_eq!((t.run_points, t.bead_points, t.total), (50, 0, 50));
        r.ruled.greed = ruling::Greed::On;
        let t = total(&[2, 5, 8], 4, &r).unwrap();
        assert_eq!((t.run_points, t.bead_points, t.total), (50, 20, 70));
        assert_eq!(total(&[1, 3, 0], 0, &r), Err(vec![0, 2]));
        let t = total(&[12], 0, &r).unwrap();
        assert!(t.runs[0].capped);
        // No overflow, however many beads.
        let t = total(&[2], u32::MAX, &r).unwrap();
        assert_eq!(t.total, 5 + 5 * u64::from(u32::MAX));
    }

    #[test]
    fn pokino_up_bounds_the_runs() {
        let mut r = Rules::standard();
        assert_eq!(longest(&r), None);
        r.ruled.pokino_up = ruling::PokinoUp::On;
        // A hand never holds more than 7 cards, so no run has more.
        assert_eq!(longest(&r), Some(7));
        assert!(total(&[7], 0, &r).is_ok());
        assert_eq!(total(&[2, 8, 7, 12], 0, &r), Err(vec![1, 3]));
        r.ruled.up_draw = ruling::UpDraw::Optional;
        assert_eq!(longest(&r), None);
        r.ruled.long_runs = ruling::LongRuns::Forbidden;
        assert_eq!(longest(&r), Some(10));
        r.ruled.up_draw = ruling::UpDraw::BelowSeven;
        assert_eq!(longest(&r), Some(7));
    }

    fn tokens(s: &str) -> Vec<Token> {
        parse_tokens(&Source::new("t", s))
            .unwrap()
            .into_iter()
            .map(|l| l.value)
            .collect()
    }

    #[test]
    fn territory_by_hand() {
        // 6-4 on top, 1-3 under it, 12-8 standing at the right, 9-0 under that.
        let b: Board = "6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h".parse().unwrap();
        let mut r = Rules::standard();
        // ana: 0,0-0,1 touches 6-4 and 1-3; 1,0-2,0 touches 6-4 and 12-8.
        // bo: 1,1-2,1 touches 1-3 and 12-8; 2,1-2,2 touches 12-8 and 9-0.
        let t = territory(
            &b,
            &tokens("ana:0,0-0,1 ana:1,0-2,0 bo:1,1-2,1 bo:2,1-2,2"),
            &r,
        );
        // 6-4: ana 2 → ana (10). 1-3: ana 1, bo 1 → tie, nobody. 12-8: ana 1, bo 2 → bo (20).
        // 9-0: bo 1 → bo (9).
        assert_eq!(t.players[0].pips, 10);
        assert_eq!(t.players[1].pips, 29);
        assert_eq!(t.winners, vec!["bo"]);
        assert!(t.dominoes[1].tied && t.dominoes[1].to.is_empty());
        r.ruled.territory_ties = ruling::TerritoryTies::Shared;
        let t = territory(
            &b,
            &tokens("ana:0,0-0,1 ana:1,0-2,0 bo:1,1-2,1 bo:2,1-2,2"),
            &r,
        );
        assert_eq!(t.players[0].pips, 14);
        assert_eq!(t.players[1].pips, 33);
        assert_eq!(t.dominoes[1].to, vec!["ana", "bo"]);
    }

    #[test]
    fn territory_with_a_token_on_a_corner() {
        // Under `steps: diagonals` ana's token on 1,0-2,1 (4 and 8) lies on their corner
        // and touches 6-4 and 12-8, as a token on a side would; bo's 1,1-2,2 touches 1-3
        // and 9-0.
        let b: Board = "6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h".parse().unwrap();
        let mut r = Rules::standard();
        r.ruled.steps = ruling::Steps::Diagonals;
        let t = territory(&b, &tokens("ana:1,0-2,1 bo:1,1-2,2 bo:0,0-0,1"), &r);
        let to: Vec<Vec<String>> = t.dominoes.iter().map(|d| d.to.clone()).collect();
        // 6-4: ana 1, bo 1 (tie). 1-3: bo 2. 12-8: ana 1. 9-0: bo 1.
        assert_eq!(to, vec![vec![], vec!["bo"], vec!["ana"], vec!["bo"]]);
        assert!(t.dominoes[0].tied);
        assert_eq!(t.players[0].pips, 20);
        assert_eq!(t.players[1].pips, 13);
        assert_eq!(t.winners, vec!["ana"]);
    }
}
