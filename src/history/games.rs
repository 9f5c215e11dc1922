//! What the history shows of a game from its outcome: its money round by round.

use super::Outcome;
use super::Series;

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
