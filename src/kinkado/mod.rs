//! Kin Kādo (Hinokodo): a poker twist over nine rounds, and ALORA, its solo opponent.
//!
//! - [`hand`]: the best hand from played cards (tier, then sum; jokers wild).
//! - [`alora`]: ALORA's sells, buys and bets.
//! - [`instructions`]: ALORA's turns as instructions to the table.
//! - [`report`]: the verdicts of `hand`, `odds` and `census`, in their JSON shape.
//! - [`seat`]: the notation of a reveal (`NAME=CARDS@BET`, the prize pool).
//! - [`start`]: a new game's setup as `play` asks for it.
//! - [`showdown`]: settling a reveal: who wins and who gets what.
//! - [`advise`]: the best move at each of a solo player's decisions, with its chances.

pub mod advise;
pub mod alora;
pub mod args;
pub mod check;
pub mod error;
pub mod game;
pub mod hand;
pub mod instructions;
pub mod names;
pub mod record;
pub mod round;
pub mod ruling;
pub mod seat;
pub mod showdown;
pub mod sim;
pub mod start;
pub mod verdict;
pub mod view;

pub mod census;
pub mod fast;
pub mod odds;

use crate::cards::{Card, Rank};
use crate::ruleset::Ruleset;

/// The game's id in rulesets and logs.
pub const GAME: &str = "kinkado";
/// The game's name for people.
pub const TITLE: &str = "Kin Kādo";

/// Kin Kādo among the games kado referees ([`crate::kind::Kind`]).
#[derive(Clone, Copy, Debug)]
pub struct KinKado;

/// Kin Kādo among the games kado referees: its records are read in its notation.
impl crate::kind::Kind for KinKado {
    const ID: &'static str = GAME;
    const TITLE: &'static str = TITLE;
    const MARKS: &'static [&'static str] = &[];
    const OPENER: &'static str = "players";
    type Game = game::Game;

    fn read(src: &crate::diag::Source) -> Result<(), crate::diag::Error> {
        record::parse(src).map(|_| ())
    }

    fn outcomes(
        src: &crate::diag::Source,
        rs: &crate::ruleset::Ruleset,
    ) -> Result<Vec<crate::history::Outcome>, crate::diag::Error> {
        let rec = record::parse(src)?;
        Ok(check::check(&rec, rs)
            .games
            .iter()
            .filter_map(|g| Some(g.game.as_ref()?.outcome()))
            .collect())
    }

    fn verdict(
        src: &crate::diag::Source,
        rs: &crate::ruleset::Ruleset,
    ) -> Result<serde_json::Value, crate::diag::Error> {
        let rec = record::parse(src)?;
        Ok(crate::several::games_json(&check::check(&rec, rs).games))
    }
}

/// The rules in force, read once from a ruleset: every ruling's choice, typed, and the values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The choice in force for each ruling (`rules.ruled.alora_ties`): the game decides
    /// by these, so a new choice makes the compiler point at every `match` on it.
    pub ruled: ruling::Choices,
    pub start_money: u32,
    pub max_bet: u32,
    pub hand_limit: usize,
    pub max_sales: usize,
    pub deck_card_cost: u32,
    pub alora_buy_minimum: u32,
    pub rounds: u32,
}

fn to_u32(v: i64) -> u32 {
    u32::try_from(v.max(0)).unwrap_or(u32::MAX)
}

impl Rules {
    pub fn from_ruleset(rs: &Ruleset) -> Rules {
        Rules {
            ruled: ruling::Choices::from_ruleset(rs),
            start_money: to_u32(rs.value(ruling::Value::StartMoney)),
            max_bet: to_u32(rs.value(ruling::Value::MaxBet)),
            hand_limit: to_u32(rs.value(ruling::Value::HandLimit)) as usize,
            max_sales: to_u32(rs.value(ruling::Value::MaxSales)) as usize,
            deck_card_cost: to_u32(rs.value(ruling::Value::DeckCardCost)),
            alora_buy_minimum: to_u32(rs.value(ruling::Value::AloraBuyMinimum)),
            rounds: to_u32(rs.value(ruling::Value::Rounds)),
        }
    }

    /// The built-in rules.
    pub fn standard() -> Rules {
        Rules::from_ruleset(&Ruleset::builtin_or_empty(GAME))
    }

    /// These rules with one ruling's choice changed.
    pub fn with(mut self, choice: impl crate::ruleset::Pick<ruling::Choices>) -> Rules {
        self.ruled = self.ruled.with(choice);
        self
    }
}

/// What a card is worth when sold, bought or summed: A $1, 2–10 face, J $10, Q $15,
/// K $20, joker $20.
pub fn value(card: Card) -> u32 {
    match card.rank() {
        None => 20,
        Some(Rank::Jack) => 10,
        Some(Rank::Queen) => 15,
        Some(Rank::King) => 20,
        Some(r) => u32::from(r.number()),
    }
}

/// The round tracker: the minimum bet of round `n` (1–9) and whether a joker joins the
/// prize pool that round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RoundInfo {
    pub round: u32,
    pub minimum_bet: u32,
    pub joker_joins_pool: bool,
}

/// The tracker's chips, one per round.
pub const ROUND_CHIPS: [u32; 9] = [1, 1, 1, 5, 5, 10, 10, 25, 25];

pub fn round_info(round: u32) -> Option<RoundInfo> {
    let i = usize::try_from(round).ok()?.checked_sub(1)?;
    let minimum_bet = *ROUND_CHIPS.get(i)?;
    Some(RoundInfo {
        round,
        minimum_bet,
        joker_joins_pool: round == 3 || round == 6,
    })
}

/// The rules behind the round tracker.
pub fn round_explain() -> crate::explain::Explain {
    let mut x = crate::explain::Explain::new();
    x.rule("The round tracker's chips are $1, $1, $1, $5, $5, $10, $10, $25, $25; each round's chip joins the prize pool and sets the minimum bet.");
    x.rule("Jokers lie under the third $1 chip and the first $10 chip, so they join the prize pool in rounds 3 and 6.");
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_values() {
        let v = |s: &str| value(s.parse().unwrap());
        assert_eq!(v("AS"), 1);
        assert_eq!(v("7H"), 7);
        assert_eq!(v("10D"), 10);
        assert_eq!(v("JC"), 10);
        assert_eq!(v("QS"), 15);
        assert_eq!(v("KH"), 20);
        assert_eq!(v("JK"), 20);
    }

    #[test]
    fn tracker() {
        let mins: Vec<u32> = (1..=9)
            .map(|r| round_info(r).unwrap().minimum_bet)
            .collect();
        assert_eq!(mins, vec![1, 1, 1, 5, 5, 10, 10, 25, 25]);
        let jokers: Vec<u32> = (1..=9)
            .filter(|r| round_info(*r).unwrap().joker_joins_pool)
            .collect();
        assert_eq!(jokers, vec![3, 6]);
        assert_eq!(round_info(0), None);
        assert_eq!(round_info(10), None);
    }

    #[test]
    fn standard_rules_are_the_defaults() {
        let r = Rules::standard();
        use ruling::*;
        let c = r.ruled;
        assert_eq!(
            (c.joker_sum, c.joker_duplicates, c.ace_straights),
            (
                JokerSum::FaceValue,
                JokerDuplicates::Allowed,
                AceStraights::LowAndHigh
            )
        );
        assert_eq!(
            (c.alora_sum, c.alora_buy),
            (AloraSum::BestHand, AloraBuy::HighestOnly)
        );
        assert_eq!(c.alora_ties, AloraTies::AfterBets);
        assert_eq!((r.start_money, r.max_bet, r.hand_limit), (50, 25, 7));
    }
}
