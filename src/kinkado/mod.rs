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
pub mod report;
pub mod ruling;
pub mod seat;
pub mod showdown;
pub mod simulate;
pub mod start;
pub mod table;

pub mod census;
pub mod fast;
pub mod odds;

use crate::cards::{Card, Rank};
use crate::ruleset::Ruleset;

/// The game's id in rulesets and logs.
pub const GAME: &str = "kinkado";
/// The game's name for people.
pub const TITLE: &str = "Kin Kādo";

/// The rules in force, read once from a ruleset into plain fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// `joker-sum: face-value`: a joker adds $20 whatever it stands for.
    pub joker_face_value: bool,
    /// `joker-duplicates: allowed`.
    pub joker_duplicates: bool,
    /// `ace-straights: low-and-high` (else low only).
    pub ace_high_straights: bool,
    /// `alora-sum: all-cards` (else the cards of her best hand).
    pub alora_sum_all: bool,
    /// `alora-buy: best-affordable` (else the highest card only).
    pub alora_buy_best_affordable: bool,
    /// `alora-face-up: shown-and-bought` (else bought only).
    pub alora_face_up_shown: bool,
    /// `alora-cards: keeps-rest`: ALORA plays only her best hand and keeps the rest
    /// (else every card she holds is played).
    pub alora_keeps_rest: bool,
    /// `split: by-chip` (else by value).
    pub split_by_chip: bool,
    /// `alora-ties: after-bets`: the bets decide a tie of tier and sum before ALORA's
    /// tie-break (else `on-sum`: she wins any tie of tier and sum).
    pub alora_ties_after_bets: bool,
    /// `alora-last-room: free-card`: with room for one card she draws it free.
    pub alora_free_card_first: bool,
    /// `solo-first: player`: in a solo game the player always goes first.
    pub solo_player_first: bool,
    /// `alora-seat: extra`: four people and ALORA share one pack.
    pub alora_extra_seat: bool,
    /// `game-tie: shared` (else ALORA wins).
    pub game_tie_shared: bool,
    /// `bank-bet: in-the-pot` (else back to the bank).
    pub bank_bet_in_pot: bool,
    /// `buy-sources: mixed` (else one source per buy phase).
    pub buy_mixed: bool,
    /// `sell-turns: one-at-a-time`: seats sell one card a turn, round the table (else
    /// each seat sells all its cards in one turn).
    pub sell_one_at_a_time: bool,
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
            joker_face_value: rs.is(ruling::JokerSum::FaceValue),
            joker_duplicates: rs.is(ruling::JokerDuplicates::Allowed),
            ace_high_straights: rs.is(ruling::AceStraights::LowAndHigh),
            alora_sum_all: rs.is(ruling::AloraSum::AllCards),
            alora_buy_best_affordable: rs.is(ruling::AloraBuy::BestAffordable),
            alora_face_up_shown: rs.is(ruling::AloraFaceUp::ShownAndBought),
            alora_keeps_rest: rs.is(ruling::AloraCards::KeepsRest),
            split_by_chip: rs.is(ruling::Split::ByChip),
            alora_ties_after_bets: rs.is(ruling::AloraTies::AfterBets),
            alora_extra_seat: rs.is(ruling::AloraSeat::Extra),
            solo_player_first: rs.is(ruling::SoloFirst::Player),
            alora_free_card_first: rs.is(ruling::AloraLastRoom::FreeCard),
            game_tie_shared: rs.is(ruling::GameTie::Shared),
            bank_bet_in_pot: rs.is(ruling::BankBet::InThePot),
            buy_mixed: rs.is(ruling::BuySources::Mixed),
            sell_one_at_a_time: rs.is(ruling::SellTurns::OneAtATime),
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
        assert!(r.joker_face_value && r.joker_duplicates && r.ace_high_straights);
        assert!(!r.alora_sum_all && !r.alora_buy_best_affordable);
        assert!(r.alora_ties_after_bets);
        assert_eq!((r.start_money, r.max_bet, r.hand_limit), (50, 25, 7));
    }
}
