//! The verdicts of Kin Kādo's one-shot counting commands as values, in the shape their
//! JSON takes: a hand scored (`hand`, `alora hand`), the odds of a play (`odds`) and the
//! census of every hand (`census`). Built here from the rules' own results; the CLI only
//! draws them.

use std::collections::BTreeMap;

use serde::Serialize;

use super::census::Census;
use super::hand::{Category, Evaluation};
use super::odds::{Odds, Query, TieGoesTo};
use crate::cards::Card;

/// A hand scored: its category, tier and sum, the cards, what each joker stands for,
/// and (for ALORA's hand) the cards she plays.
#[derive(Clone, Debug, Serialize)]
pub struct HandReport {
    pub category: Category,
    pub tier: u8,
    pub sum: u32,
    pub cards: Vec<Card>,
    pub jokers: Vec<Card>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub played: Option<Vec<Card>>,
}

impl HandReport {
    /// The hand `e` made from `cards`; `played`, the cards played of them, for ALORA.
    pub fn new(e: &Evaluation, cards: &[Card], played: Option<&[Card]>) -> HandReport {
        HandReport {
            category: e.category,
            tier: e.tier,
            sum: e.sum,
            cards: cards.to_vec(),
            jokers: e.jokers.clone(),
            played: played.map(<[Card]>::to_vec),
        }
    }
}

/// The odds of a play against ALORA, and how they were counted.
#[derive(Clone, Debug, Serialize)]
pub struct OddsReport {
    pub win: f64,
    pub tie: f64,
    pub lose: f64,
    /// Who takes a tie of tier and sum (ruling `alora-ties`).
    pub tie_goes_to: TieGoesTo,
    pub samples: u64,
    pub stderr: f64,
    /// "exact" (every deal counted once) or "monte-carlo".
    pub method: &'static str,
    pub exact: bool,
    /// The seed, when deals were drawn at random.
    pub seed: Option<u64>,
    /// The cards you cannot see.
    pub unseen: usize,
    pub alora_hidden: usize,
    pub play: Vec<Card>,
    pub category: Category,
    pub tier: u8,
    pub sum: u32,
}

impl OddsReport {
    /// The odds `o` of query `q`.
    pub fn new(q: &Query, o: &Odds) -> OddsReport {
        OddsReport {
            win: o.win,
            tie: o.tie,
            lose: o.lose,
            tie_goes_to: o.tie_goes_to,
            samples: o.samples,
            stderr: o.stderr,
            method: if o.exact { "exact" } else { "monte-carlo" },
            exact: o.exact,
            seed: (!o.exact).then_some(q.seed),
            unseen: o.unseen,
            alora_hidden: q.alora_hidden,
            play: o.play.cards.clone(),
            category: o.play.category,
            tier: o.play.tier,
            sum: o.play.sum,
        }
    }
}

/// Every hand of `n` cards counted: by tier and by category, and their probabilities.
#[derive(Clone, Debug, Serialize)]
pub struct CensusReport {
    pub n: usize,
    pub hands: u64,
    pub tiers: BTreeMap<String, u64>,
    pub categories: BTreeMap<&'static str, u64>,
    pub tier_probabilities: BTreeMap<String, f64>,
    pub probabilities: BTreeMap<&'static str, f64>,
}

impl CensusReport {
    pub fn new(c: &Census) -> CensusReport {
        let total = c.hands.max(1) as f64;
        let tiers = c.tiers();
        CensusReport {
            n: c.n,
            hands: c.hands,
            tiers: (1..=3).map(|i| (i.to_string(), tiers[i - 1])).collect(),
            categories: Category::ALL
                .iter()
                .zip(c.categories)
                .map(|(cat, n)| (cat.key(), n))
                .collect(),
            tier_probabilities: (1..=3)
                .map(|i| (i.to_string(), tiers[i - 1] as f64 / total))
                .collect(),
            probabilities: Category::ALL
                .iter()
                .zip(c.categories)
                .map(|(cat, n)| (cat.key(), n as f64 / total))
                .collect(),
        }
    }
}
