//! Settling a reveal: who wins, and who gets what.
//!
//! Highest tier, then highest sum, then highest bet, then a split; ALORA wins every tie
//! she is in. The winner takes the prize pool (money and cards) and every bet, and the
//! bank also pays the winner the amount they bet. In a split the money in the pot is
//! shared evenly (by chip when the chips are known); what cannot be divided, and every
//! card, stays in the pool, and each winner still gets their own bet from the bank.

use std::collections::BTreeMap;

use serde::Serialize;

use super::Rules;
use super::fast::best_hand;
use super::hand::{Category, evaluate};
use crate::cards::Card;
use crate::explain::Explain;
use crate::ruleset::Ruleset;

/// The name ALORA goes by in verdicts.
pub const ALORA: &str = "alora";

/// The chips of the game, largest first: bets are counted in these.
pub const CHIPS: [u32; 4] = [25, 10, 5, 1];

/// One seat at the reveal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    pub name: String,
    pub cards: Vec<Card>,
    pub bet: u32,
    /// ALORA: plays all she holds and wins ties.
    pub is_alora: bool,
    /// The bank placed this bet (ALORA could not afford it).
    pub bank_placed: bool,
}

/// The prize pool before the reveal.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pool {
    pub money: u32,
    pub cards: Vec<Card>,
    /// The chips making up the money, when known.
    pub chips: Option<Vec<u32>>,
}

/// A hand as the verdict reports it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HandSummary {
    pub category: Category,
    pub tier: u8,
    pub sum: u32,
    /// The cards that formed the hand.
    pub played: Vec<Card>,
}

/// Who wins and who gets what.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Settlement {
    pub winners: Vec<String>,
    pub hands: BTreeMap<String, HandSummary>,
    /// Money each seat receives, the bank's share included.
    pub payouts: BTreeMap<String, u32>,
    /// What the bank pays out: each winner's own bet again.
    pub bank_paid: u32,
    /// A bet the bank placed for ALORA that goes back to the bank (ruling `bank-bet`).
    pub bank_took_back: u32,
    /// Money left in the prize pool.
    pub pool_left: u32,
    /// Who takes the prize-pool cards; null when they stay.
    pub pool_cards_to: Option<String>,
    /// How the winners were found: "tier", "sum", "bet", "alora-wins-ties", "split",
    /// or "only-hand".
    pub decided_by: String,
    #[serde(skip)]
    pub explain: Explain,
}

/// Greedy break-down of an amount into the game's chips.
pub fn as_chips(amount: u32) -> Vec<u32> {
    let mut left = amount;
    let mut out = Vec::new();
    for c in CHIPS {
        while left >= c {
            out.push(c);
            left -= c;
        }
    }
    out
}

/// Shares `chips` among `k` winners: each denomination is dealt out evenly; returns what
/// each winner gets and what is left.
pub fn share_by_chip(chips: &[u32], k: u32) -> (u32, u32) {
    let mut counts: BTreeMap<u32, u32> = BTreeMap::new();
    for c in chips {
        *counts.entry(*c).or_default() += 1;
    }
    let mut each = 0;
    let mut left = 0;
    for (denom, n) in counts {
        each += denom * (n / k);
        left += denom * (n % k);
    }
    (each, left)
}

/// Settles a reveal. Seats must hold 2–5 cards (ALORA: any number from 1); the caller
/// checks that before.
pub fn settle(seats: &[Seat], pool: &Pool, rules: &Rules, rs: &Ruleset) -> Settlement {
    let mut explain = Explain::new();
    let mut hands = BTreeMap::new();
    for s in seats {
        let (e, played) = if s.is_alora {
            let b = best_hand(&s.cards, rules);
            (b.hand, b.played)
        } else {
            let e = evaluate(&s.cards, rules);
            let played = e.cards.clone();
            (e, played)
        };
        hands.insert(
            s.name.clone(),
            HandSummary {
                category: e.category,
                tier: e.tier,
                sum: e.sum,
                played,
            },
        );
    }
    explain.rule("Hands rank by tier (1: high card, pairs; 2: three of a kind, straight, flush; 3: full house, four of a kind, straight flush), then by the sum of the cards played.");
    explain.ruled(
        "A joker is wild; it stands for the card that gives the highest tier, then the highest sum.",
        rs,
        &["joker-sum", "joker-duplicates", "ace-straights"],
    );
    if seats.iter().any(|s| s.is_alora) {
        explain.ruled(
            "ALORA plays the best hand she can make from all her cards.",
            rs,
            &["alora-sum"],
        );
    }

    let strength = |s: &Seat| hands.get(&s.name).map_or((0, 0), |h| (h.tier, h.sum));
    let best = seats.iter().map(strength).max().unwrap_or((0, 0));
    let top: Vec<&Seat> = seats.iter().filter(|s| strength(s) == best).collect();
    let best_tier = seats.iter().map(|s| strength(s).0).max().unwrap_or(0);
    let same_tier = seats.iter().filter(|s| strength(s).0 == best_tier).count();

    let (winners, decided_by): (Vec<&Seat>, &str) = if seats.len() == 1 {
        (top, "only-hand")
    } else if top.len() == 1 {
        if same_tier == 1 {
            explain.rule("One hand is in the highest tier: it wins.");
            (top, "tier")
        } else {
            explain.rule("Several hands share the highest tier: the highest sum wins.");
            (top, "sum")
        }
    } else if let Some(alora) = top.iter().find(|s| s.is_alora) {
        explain.rule("ALORA wins every tie she is in, without sharing the pot.");
        (vec![*alora], "alora-wins-ties")
    } else {
        let max_bet = top.iter().map(|s| s.bet).max().unwrap_or(0);
        let by_bet: Vec<&Seat> = top.iter().copied().filter(|s| s.bet == max_bet).collect();
        if by_bet.len() == 1 {
            explain.rule("Equal tier and sum: the highest bet wins.");
            (by_bet, "bet")
        } else {
            explain.ruled(
                "Equal tier, sum and bet: the winners split the pot.",
                rs,
                &["split"],
            );
            (by_bet, "split")
        }
    };

    // The bets in the pot. A bet the bank placed for ALORA goes back to the bank under
    // `bank-bet: back-to-bank`.
    let mut bank_took_back = 0;
    let mut bet_money = 0;
    let mut bet_chips = Vec::new();
    for s in seats {
        if s.bank_placed && !rules.bank_bet_in_pot {
            bank_took_back += s.bet;
            continue;
        }
        bet_money += s.bet;
        bet_chips.extend(as_chips(s.bet));
    }
    if seats.iter().any(|s| s.bank_placed) {
        explain.ruled("The bank placed ALORA's bet for her.", rs, &["bank-bet"]);
    }

    let mut payouts: BTreeMap<String, u32> = seats.iter().map(|s| (s.name.clone(), 0)).collect();
    let bank_paid: u32 = winners.iter().map(|w| w.bet).sum();
    let (pool_left, pool_cards_to) = if winners.len() == 1 {
        let w = winners[0];
        payouts.insert(w.name.clone(), pool.money + bet_money + w.bet);
        explain.rule("The winner takes the prize pool (money and cards) and every bet, and the bank pays the winner the amount they bet.");
        (0, Some(w.name.clone()))
    } else {
        let k = winners.len() as u32;
        let (each, left) = match (&pool.chips, rules.split_by_chip) {
            (Some(chips), true) => {
                let mut all = chips.clone();
                all.extend(&bet_chips);
                share_by_chip(&all, k)
            }
            _ => {
                let total = pool.money + bet_money;
                (total / k, total % k)
            }
        };
        for w in &winners {
            payouts.insert(w.name.clone(), each + w.bet);
        }
        explain.rule("In a split, what cannot be divided and every card stay in the prize pool; each winner still gets their own bet from the bank.");
        (left, None)
    };
    Settlement {
        winners: winners.iter().map(|w| w.name.clone()).collect(),
        hands,
        payouts,
        bank_paid,
        bank_took_back,
        pool_left,
        pool_cards_to,
        decided_by: decided_by.to_string(),
        explain,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::CardList;

    fn seat(name: &str, cards: &str, bet: u32) -> Seat {
        Seat {
            name: name.to_string(),
            cards: cards.parse::<CardList>().unwrap().0,
            bet,
            is_alora: name == ALORA,
            bank_placed: false,
        }
    }

    fn go(seats: &[Seat], pool: Pool) -> Settlement {
        let rs = Ruleset::builtin("kinkado").unwrap();
        settle(seats, &pool, &Rules::from_ruleset(&rs), &rs)
    }

    #[test]
    fn tier_wins_and_winner_takes_all() {
        let s = go(
            &[seat("ana", "2S 2H 2C", 5), seat("bo", "KS KH QS QH", 10)],
            Pool {
                money: 12,
                cards: vec![Card::Joker],
                chips: None,
            },
        );
        assert_eq!(s.winners, vec!["ana"]);
        assert_eq!(s.decided_by, "tier");
        // Pool $12 + bets $15 + her own $5 from the bank.
        assert_eq!(s.payouts["ana"], 32);
        assert_eq!(s.payouts["bo"], 0);
        assert_eq!(s.bank_paid, 5);
        assert_eq!(s.pool_left, 0);
        assert_eq!(s.pool_cards_to.as_deref(), Some("ana"));
    }

    #[test]
    fn sum_then_bet_then_split() {
        let pool = Pool {
            money: 10,
            cards: vec![],
            chips: None,
        };
        let s = go(
            &[seat("ana", "KS KH", 5), seat("bo", "QS QH", 5)],
            pool.clone(),
        );
        assert_eq!(
            (s.winners.clone(), s.decided_by.as_str()),
            (vec!["ana".to_string()], "sum")
        );
        let s = go(
            &[seat("ana", "KS KH", 5), seat("bo", "KD KC", 7)],
            pool.clone(),
        );
        assert_eq!(
            (s.winners.clone(), s.decided_by.as_str()),
            (vec!["bo".to_string()], "bet")
        );
        let s = go(&[seat("ana", "KS KH", 5), seat("bo", "KD KC", 5)], pool);
        assert_eq!(s.decided_by, "split");
        // By value: pot 10 + 10 = 20, $10 each, plus own bet from the bank.
        assert_eq!(s.payouts["ana"], 15);
        assert_eq!(s.payouts["bo"], 15);
        assert_eq!(s.bank_paid, 10);
        assert_eq!(s.pool_left, 0);
        assert_eq!(s.pool_cards_to, None);
    }

    #[test]
    fn split_by_chip_leaves_odd_chips() {
        // Pool chips 25 5 1 1 ($32); bets $1 each (chips 1, 1). Two winners: the 1s
        // (four of them) are shared, 2 each; the 25 and the 5 stay.
        let pool = Pool {
            money: 32,
            cards: vec![Card::Joker],
            chips: Some(vec![25, 5, 1, 1]),
        };
        let s = go(
            &[seat("ana", "KS KH", 1), seat("bo", "KD KC", 1)],
            pool.clone(),
        );
        assert_eq!(s.payouts["ana"], 2 + 1);
        assert_eq!(s.pool_left, 30);
        assert_eq!(s.pool_cards_to, None);
        // by-value ruling: $34 shared, $17 each.
        let rs = Ruleset::builtin("kinkado")
            .unwrap()
            .with("split", "by-value")
            .unwrap();
        let s = settle(
            &[seat("ana", "KS KH", 1), seat("bo", "KD KC", 1)],
            &pool,
            &Rules::from_ruleset(&rs),
            &rs,
        );
        assert_eq!((s.payouts["ana"], s.pool_left), (18, 0));
    }

    #[test]
    fn alora_wins_ties() {
        let s = go(
            &[seat("ana", "KS KH", 10), seat(ALORA, "KD KC", 5)],
            Pool {
                money: 3,
                cards: vec![],
                chips: None,
            },
        );
        assert_eq!(s.winners, vec![ALORA]);
        assert_eq!(s.decided_by, "alora-wins-ties");
        assert_eq!(s.payouts[ALORA], 3 + 15 + 5);
    }

    #[test]
    fn bank_bet_ruling() {
        let mut alora = seat(ALORA, "2S 3D", 25);
        alora.bank_placed = true;
        let seats = [seat("ana", "KS KH", 5), alora];
        let pool = Pool {
            money: 0,
            cards: vec![],
            chips: None,
        };
        let s = go(&seats, pool.clone());
        assert_eq!(s.payouts["ana"], 30 + 5);
        let rs = Ruleset::builtin("kinkado")
            .unwrap()
            .with("bank-bet", "back-to-bank")
            .unwrap();
        let s = settle(&seats, &pool, &Rules::from_ruleset(&rs), &rs);
        assert_eq!((s.payouts["ana"], s.bank_took_back), (5 + 5, 25));
    }

    #[test]
    fn chips() {
        assert_eq!(as_chips(37), vec![25, 10, 1, 1]);
        assert_eq!(share_by_chip(&[25, 5, 1, 1], 2), (1, 30));
    }
}
