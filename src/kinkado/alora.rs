//! ALORA, the solo opponent: what she sells, buys and bets. Her reveal is
//! [`super::hand::best_hand`].

use crate::kinkado::ruling;
use serde::Serialize;

use super::{Rules, round_info, value};
use crate::cards::Card;
use crate::explain::Explain;
use crate::render::{Style, money};
use crate::ruleset::Ruleset;

/// Cards she sells when equal values leave the player to pick which.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Choose {
    pub count: usize,
    pub from: Vec<Card>,
}

/// Her sell turn: the two lowest-value cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Sell {
    /// The cards she certainly sells.
    pub sell: Vec<Card>,
    /// Null, or how many more to pick among cards of equal value.
    pub choose: Option<Choose>,
    /// Money from the bank.
    pub proceeds: u32,
}

/// How many cards ALORA sells each sell phase.
pub const ALORA_SALES: usize = 2;

/// She sells her two lowest-value cards (all she has, if fewer).
pub fn sell(hand: &[Card]) -> Sell {
    sell_lowest(hand, ALORA_SALES)
}

/// Her `count` lowest-value cards (all she has, if fewer): under ruling `sell-turns:
/// one-at-a-time` she sells one a turn, the lowest she still holds.
pub fn sell_lowest(hand: &[Card], count: usize) -> Sell {
    let count = count.min(hand.len());
    let mut sorted: Vec<Card> = hand.to_vec();
    sorted.sort_by_key(|c| (value(*c), *c));
    if count == 0 {
        return Sell {
            sell: Vec::new(),
            choose: None,
            proceeds: 0,
        };
    }
    let threshold = value(sorted[count - 1]);
    let certain: Vec<Card> = sorted
        .iter()
        .copied()
        .filter(|c| value(*c) < threshold)
        .collect();
    let at: Vec<Card> = sorted
        .iter()
        .copied()
        .filter(|c| value(*c) == threshold)
        .collect();
    let left = count - certain.len();
    let proceeds = certain.iter().map(|c| value(*c)).sum::<u32>() + threshold * left as u32;
    if at.len() == left {
        let mut sell = certain;
        sell.extend(at);
        Sell {
            sell,
            choose: None,
            proceeds,
        }
    } else {
        Sell {
            sell: certain,
            choose: Some(Choose {
                count: left,
                from: at,
            }),
            proceeds,
        }
    }
}

/// Her buy turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Buy {
    /// The market card she buys, or null.
    pub buy: Option<Card>,
    /// Other market cards of the same value she could take instead.
    pub choose_from: Vec<Card>,
    pub cost: u32,
    /// Free cards from the top of the deck, face down.
    pub free_draws: usize,
    pub stash_after: u32,
}

/// She buys the highest-value market card worth 6 or more if she can afford it and
/// draws one free card; otherwise she draws two. `holding` is how many cards she holds
/// before buying: she never goes past the hand limit.
pub fn buy(market: &[Card], stash: u32, holding: usize, rules: &Rules) -> Buy {
    let room = rules.hand_limit.saturating_sub(holding);
    let eligible = market
        .iter()
        .copied()
        .filter(|c| value(*c) >= rules.alora_buy_minimum);
    let target = match rules.ruled.alora_buy {
        ruling::AloraBuy::BestAffordable => {
            eligible.filter(|c| value(*c) <= stash).map(value).max()
        }
        ruling::AloraBuy::HighestOnly => eligible.map(value).max().filter(|v| *v <= stash),
    };
    // With room for one card, ruling alora-last-room decides: the purchase, or the free card.
    let buys = room > 1
        || (room == 1
            && match rules.ruled.alora_last_room {
                ruling::AloraLastRoom::Buy => true,
                ruling::AloraLastRoom::FreeCard => false,
            });
    match target {
        Some(v) if buys => {
            let mut same: Vec<Card> = market.iter().copied().filter(|c| value(*c) == v).collect();
            same.sort();
            let card = same.remove(0);
            Buy {
                buy: Some(card),
                choose_from: same,
                cost: v,
                free_draws: (room - 1).min(1),
                stash_after: stash - v,
            }
        }
        _ => Buy {
            buy: None,
            choose_from: Vec::new(),
            cost: 0,
            free_draws: room.min(2),
            stash_after: stash,
        },
    }
}

/// Who pays ALORA's bet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Payer {
    Alora,
    Bank,
}

/// Her bet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Bet {
    pub bet: u32,
    pub minimum: u32,
    pub paid_by: Payer,
    pub stash_after: u32,
    /// Her best face-up card, if any.
    pub best_face_up: Option<Card>,
}

impl Bet {
    /// Why she bets that much: her best face-up card, or the round minimum.
    pub fn why(&self, s: &Style) -> String {
        match self.best_face_up {
            Some(c) if value(c) > self.minimum => format!(
                "(Her best face-up card, {}, is worth more than the round minimum {}.)\n",
                s.card(c),
                money(i64::from(self.minimum))
            ),
            _ => format!(
                "(The round minimum is {}.)\n",
                money(i64::from(self.minimum))
            ),
        }
    }
}

/// She bets the higher of her best face-up card's value and the round minimum; when she
/// cannot afford it, the bank bets it for her and her stash is untouched. `None` when
/// the round is not 1–9.
pub fn bet(round: u32, stash: u32, face_up: &[Card], rules: &Rules) -> Option<Bet> {
    let minimum = round_info(round)?.minimum_bet;
    let best_face_up = face_up.iter().copied().max_by_key(|c| (value(*c), *c));
    let shown = best_face_up.map_or(0, value);
    let bet = shown.max(minimum).min(rules.max_bet.max(minimum));
    let (paid_by, stash_after) = if stash >= bet {
        (Payer::Alora, stash - bet)
    } else {
        (Payer::Bank, stash)
    };
    Some(Bet {
        bet,
        minimum,
        paid_by,
        stash_after,
        best_face_up,
    })
}

/// The rules and rulings behind ALORA's sale.
pub fn explain_sell(rs: &Ruleset) -> Explain {
    let mut x = Explain::new();
    x.rule(
        "ALORA always sells her two lowest-value cards; when values tie, the player picks which.",
    );
    x.by(
        rs.get::<ruling::JokerSum>(),
        |_| "Card values: A $1, 2–10 face value, J $10, Q $15, K $20, joker $20.",
    );
    x.rule("Cards sell for their value, paid by the bank, and go face up to the market.");
    x
}

/// The rules and rulings behind ALORA's purchase.
pub fn explain_buy(rules: &Rules) -> Explain {
    let mut x = Explain::new();
    x.by(rules.ruled.alora_buy, |_| {
        format!(
            "ALORA buys the highest-value market card worth {} or more if she can afford it, and draws one free card; otherwise she draws two.",
            money(i64::from(rules.alora_buy_minimum))
        )
    });
    x.rule(format!(
        "She never holds more than {} cards.",
        rules.hand_limit
    ));
    x.by(rules.ruled.alora_last_room, |c| match c {
        ruling::AloraLastRoom::FreeCard => {
            "With room for one card only, she draws her free card and buys nothing."
        }
        ruling::AloraLastRoom::Buy => {
            "With room for one card only, she buys the market card and draws no free card."
        }
    });
    x.rule("Money spent in the market goes to the prize pool.");
    x
}

/// The rules and rulings behind ALORA's bet.
pub fn explain_bet(rs: &Ruleset) -> Explain {
    let mut x = Explain::new();
    x.by(
        rs.get::<ruling::AloraFaceUp>(),
        |_| "ALORA bets the higher of her best face-up card's value and the round minimum.",
    );
    x.rule("If she cannot afford her bet, the bank places it for her and her stash is untouched.");
    x
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::Ruleset;

    use crate::notation::test_cards as cards;

    #[test]
    fn sells_two_lowest() {
        let s = sell(&cards("KS 2H 9C 3D QS 7H 10C"));
        assert_eq!(s.sell, cards("2H 3D"));
        assert_eq!(s.choose, None);
        assert_eq!(s.proceeds, 5);
    }

    #[test]
    fn sell_ties_leave_a_choice() {
        // The rules' own example: three 7s as her lowest, the player picks any two.
        let s = sell(&cards("7S 7H 7D KS QS JC 10C"));
        assert_eq!(s.sell, vec![]);
        assert_eq!(
            s.choose,
            Some(Choose {
                count: 2,
                from: cards("7S 7H 7D")
            })
        );
        assert_eq!(s.proceeds, 14);
        // One certain, then a tie between a 10 and a jack (both $10).
        let s = sell(&cards("2S 10H JD KS"));
        assert_eq!(s.sell, cards("2S"));
        assert_eq!(
            s.choose,
            Some(Choose {
                count: 1,
                from: cards("10H JD")
            })
        );
        assert_eq!(s.proceeds, 12);
        // Two equal cards exactly fill the sale: no choice.
        let s = sell(&cards("4S 4H 9D"));
        assert_eq!((s.sell, s.choose), (cards("4S 4H"), None));
    }

    #[test]
    fn buys_highest_six_or_more() {
        let r = Rules::standard();
        let b = buy(&cards("2S 7H KD 5C"), 50, 5, &r);
        assert_eq!(
            (b.buy, b.cost, b.free_draws, b.stash_after),
            (Some(cards("KD")[0]), 20, 1, 30)
        );
        // Nothing worth 6 or more: two free cards.
        let b = buy(&cards("2S 5H AD"), 50, 5, &r);
        assert_eq!((b.buy, b.free_draws, b.stash_after), (None, 2, 50));
        // Cannot afford the king: under highest-only she buys nothing.
        let b = buy(&cards("KD 8S"), 10, 5, &r);
        assert_eq!((b.buy, b.free_draws), (None, 2));
        // best-affordable: she takes the 8 instead.
        let rb = Rules::from_ruleset(
            &Ruleset::builtin("kinkado")
                .unwrap()
                .with(ruling::AloraBuy::BestAffordable)
                .unwrap(),
        );
        let b = buy(&cards("KD 8S"), 10, 5, &rb);
        assert_eq!((b.buy, b.cost, b.free_draws), (Some(cards("8S")[0]), 8, 1));
        // Equal values: a queen... two kings, she takes one, the other is offered.
        let b = buy(&cards("KD KS JK"), 50, 5, &r);
        assert_eq!(b.cost, 20);
        assert_eq!(b.choose_from.len(), 2);
        // The hand limit: holding 6, she buys and draws nothing more.
        let b = buy(&cards("9D"), 50, 6, &r);
        assert_eq!((b.buy.is_some(), b.free_draws), (true, 0));
        let b = buy(&cards("2D"), 50, 6, &r);
        assert_eq!((b.buy, b.free_draws), (None, 1));
        // Ruling alora-last-room: free-card: with room for one, the free card comes first.
        let ff = Rules::from_ruleset(
            &Ruleset::builtin("kinkado")
                .unwrap()
                .with(ruling::AloraLastRoom::FreeCard)
                .unwrap(),
        );
        let b = buy(&cards("9D"), 50, 6, &ff);
        assert_eq!((b.buy, b.free_draws, b.stash_after), (None, 1, 50));
        // With more room the ruling changes nothing.
        let b = buy(&cards("9D"), 50, 5, &ff);
        assert_eq!((b.buy.is_some(), b.free_draws), (true, 1));
    }

    #[test]
    fn bets_as_the_rules_say() {
        let r = Rules::standard();
        // A king face up, minimum $5: she bets $20.
        let b = bet(4, 50, &cards("KH 3S"), &r).unwrap();
        assert_eq!(
            (b.bet, b.minimum, b.paid_by, b.stash_after),
            (20, 5, Payer::Alora, 30)
        );
        // Minimum $25 beats the king.
        let b = bet(8, 50, &cards("KH"), &r).unwrap();
        assert_eq!(b.bet, 25);
        // The rules' example: minimum $25, $20 in her stash: the bank bets for her.
        let b = bet(9, 20, &[], &r).unwrap();
        assert_eq!((b.bet, b.paid_by, b.stash_after), (25, Payer::Bank, 20));
        assert_eq!(bet(0, 5, &[], &r), None);
        assert_eq!(bet(10, 5, &[], &r), None);
    }
}
