//! ALORA's turns as instructions to the table: what to move where for her sale, her buy
//! and her bet. The one source of these words, for `kado kinkado alora …` and for a game
//! at the table.

use super::alora::{Bet, Buy, Payer, Sell};
use crate::cards::Card;
use crate::render::{Style, money};
use crate::words;

/// What the table does for ALORA's sale.
pub fn sell(v: &Sell, s: &Style) -> String {
    let mut out = String::new();
    if !v.sell.is_empty() {
        out += &format!(
            "Move {} from ALORA's hand to the market.\n",
            s.cards(&v.sell)
        );
    }
    if let Some(c) = &v.choose {
        out += &format!(
            "{} {} of {} (equal value, your pick) to the market.\n",
            if v.sell.is_empty() {
                "Move"
            } else {
                "Then move"
            },
            c.count,
            s.cards(&c.from)
        );
    }
    out += &format!("The bank pays ALORA {}.\n", money(i64::from(v.proceeds)));
    out
}

/// What the table does for ALORA's buy: the card she buys (or that she buys none), the
/// cards of equal value she could take instead, the cards dealt her, her stash after.
pub fn buy(v: &Buy, s: &Style) -> String {
    let mut out = bought(v.buy, v.cost, s) + "\n";
    if v.buy.is_some() && !v.choose_from.is_empty() {
        out += &format!(
            "(Equal value: you may give her {} instead.)\n",
            s.cards(&v.choose_from)
        );
    }
    if let Some(line) = dealt(v.free_draws) {
        out += &line;
        out.push('\n');
    }
    out += &format!("Her stash: {}.\n", money(i64::from(v.stash_after)));
    out
}

/// The card ALORA buys from the market and what it costs her, or that she buys none.
pub fn bought(card: Option<Card>, cost: u32, s: &Style) -> String {
    match card {
        Some(c) => format!(
            "Move {} from the market to ALORA and {} from her stash to the prize pool.",
            s.card(c),
            money(i64::from(cost))
        ),
        None => "ALORA buys nothing from the market.".to_string(),
    }
}

/// The cards dealt ALORA after her buy, none when she draws none.
pub fn dealt(free: usize) -> Option<String> {
    (free > 0).then(|| {
        format!(
            "Deal ALORA {} from the deck, face down.",
            words::count(free, "card")
        )
    })
}

/// What the table does for ALORA's bet, and why she bets that much.
pub fn bet(v: &Bet, s: &Style) -> String {
    let mut out = match v.paid_by {
        Payer::Alora => format!(
            "ALORA bets {}: move it from her stash to her bet. Her stash: {}.\n",
            money(i64::from(v.bet)),
            money(i64::from(v.stash_after))
        ),
        Payer::Bank => format!(
            "ALORA cannot afford {}: the bank bets {} for ALORA. Her stash stays {}.\n",
            money(i64::from(v.bet)),
            money(i64::from(v.bet)),
            money(i64::from(v.stash_after))
        ),
    };
    out += &v.why(s);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Card;

    fn card(code: &str) -> Card {
        code.parse().unwrap()
    }

    #[test]
    fn a_buy_says_the_card_the_cards_dealt_and_the_stash() {
        let v = Buy {
            buy: Some(card("7H")),
            choose_from: vec![card("7S")],
            cost: 7,
            free_draws: 1,
            stash_after: 3,
        };
        assert_eq!(
            buy(&v, &Style::PLAIN),
            "Move 7♥ from the market to ALORA and $7 from her stash to the prize pool.\n\
             (Equal value: you may give her 7♠ instead.)\n\
             Deal ALORA 1 card from the deck, face down.\n\
             Her stash: $3.\n"
        );
        assert_eq!(dealt(0), None);
        assert_eq!(
            bought(None, 0, &Style::PLAIN),
            "ALORA buys nothing from the market."
        );
    }
}
