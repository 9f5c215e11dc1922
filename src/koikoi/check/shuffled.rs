//! A record says what happened, not the order kado prints it in: every Koi-Koi record
//! fixture, and records `simulate` writes, keep their verdict when a hand dealt or the
//! table's cards are written in another order.

use std::sync::OnceLock;

use super::*;
use crate::diag::Source;
use crate::koikoi::record;
use crate::koikoi::sim::{self, Policy};
use crate::shuffle::Shuffler;

fn rs() -> Ruleset {
    Ruleset::builtin("koikoi").unwrap()
}

/// The fixtures, then two games `simulate --record` writes.
fn records() -> &'static [String] {
    static RECORDS: OnceLock<Vec<String>> = OnceLock::new();
    RECORDS.get_or_init(|| {
        let mut all = crate::testing::fixture_texts("koikoi");
        assert!(all.len() >= 2, "the Koi-Koi record fixtures");
        let played = sim::record_of_games(&rs(), 2, 11, [Policy::Random, Policy::Greedy]);
        all.push(played.unwrap().to_string());
        all
    })
}

/// The record with each hand dealt and each `table:` line in another card order.
fn shuffled(text: &str, seed: u64) -> String {
    let mut rng = Shuffler::new(seed);
    text.lines()
        .map(|l| {
            let (cards, comment) = l.split_at(l.find('#').unwrap_or(l.len()));
            match cards.split_once(':') {
                Some((key, list)) if key.trim() != "players" => {
                    let mut words: Vec<&str> = list.split_whitespace().collect();
                    rng.shuffle(&mut words);
                    format!("{key}: {} {comment}", words.join(" "))
                        .trim_end()
                        .to_string()
                        + "\n"
                }
                _ => format!("{l}\n"),
            }
        })
        .collect()
}

/// What a game comes to: its first illegal line, its rounds and its scores.
type Outcome = (Option<usize>, Vec<Step>, Option<[i64; 2]>);

/// What a record comes to, game by game.
fn outcome(text: &str) -> Vec<Outcome> {
    let rec = record::parse(&Source::new("r", text)).unwrap();
    check(&rec, &rs())
        .games
        .into_iter()
        .map(|g| {
            let rounds = g
                .steps
                .into_iter()
                .filter(|s| matches!(s, Step::RoundEnded(_)))
                .collect();
            let scores = g.referee.map(|r| r.ledger.scores);
            (g.illegal.map(|i| i.line), rounds, scores)
        })
        .collect()
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(32))]

    #[test]
    fn hands_and_table_cards_in_another_order_keep_the_verdict(
        which in 0usize..64,
        seed in proptest::prelude::any::<u64>(),
    ) {
        let all = records();
        let text = &all[which % all.len()];
        let expected = outcome(text);
        proptest::prop_assert!(expected.iter().all(|g| g.0.is_none()), "{}", text);
        let other = shuffled(text, seed);
        proptest::prop_assert_eq!(outcome(&other), expected, "{}", other);
    }
}

#[test]
fn the_shuffle_changes_every_record() {
    for r in records() {
        assert!((0..4).any(|s| shuffled(r, s) != *r), "{r}");
    }
}
