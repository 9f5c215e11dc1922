//! The verdicts of Koi-Koi's one-shot commands as values: a pile of captured cards scored
//! (`yaku`) and a deal checked for instant wins and redeals (`deal`). Each reads what was
//! typed, judges it under the ruleset and gives the reasons; the CLI only draws it, and
//! asks the same function again under other rulings to find those that decided.

use super::Rules;
use super::cards::Card;
use super::deal::{self, Deal};
use super::query::{self, YakuQuery};
use super::yaku::{self, Round, Score};
use crate::diag::Error;
use crate::explain::Explain;
use crate::ruleset::Ruleset;

/// A pile of captured cards scored (`koikoi yaku`).
#[derive(Clone, Debug)]
pub struct YakuVerdict {
    /// The captured cards, as typed.
    pub captured: Vec<Card>,
    /// The round's details (the field, the month, koi-koi called …).
    pub round: Round,
    /// The yaku and the points (what `--json` gives).
    pub score: Score,
    /// The rules and rulings that gave the score.
    pub explain: Explain,
}

/// Reads `text` (the captured cards) and the round `q` describes, and scores them.
pub fn yaku(text: &str, q: &YakuQuery, rs: &Ruleset) -> Result<YakuVerdict, Error> {
    let rules = Rules::from_ruleset(rs);
    let (captured, round) = q.read(text, &rules)?;
    let score = yaku::score(&captured, &round, &rules);
    let explain = yaku::explain(&score, &captured, &round, rs, &rules);
    Ok(YakuVerdict {
        captured,
        round,
        score,
        explain,
    })
}

/// A deal checked (`koikoi deal`).
#[derive(Clone, Debug)]
pub struct DealVerdict {
    /// The hand dealt, as typed.
    pub hand: Vec<Card>,
    /// The field dealt, when it was given.
    pub field: Option<Vec<Card>>,
    /// The instant win or the redeal, if any (what `--json` gives).
    pub deal: Deal,
    /// The rules and rulings that decided it.
    pub explain: Explain,
}

/// Reads a dealt hand (and the field, if given) and checks it for instant wins and
/// redeals.
pub fn deal(hand: &str, field: Option<&str>, rs: &Ruleset) -> Result<DealVerdict, Error> {
    let rules = Rules::from_ruleset(rs);
    let (hand, field) = query::read_deal(hand, field)?;
    let deal = deal::check(&hand, field.as_deref(), &rules);
    let explain = deal::explain(rs, &rules, field.is_some());
    Ok(DealVerdict {
        hand,
        field,
        deal,
        explain,
    })
}
