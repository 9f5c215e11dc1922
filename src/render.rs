//! Shared pieces of human output: cards with suit symbols (red suits in colour when
//! allowed), and money. Tables are typed values (`view::Grid` in a `view::Doc`), drawn in
//! kado's house style by kado-screen's `grid`.

use crate::cards::Card;

/// How to draw output for people.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// ANSI colour (red suits, highlights). The CLI turns it on only when stdout is a
    /// terminal and `NO_COLOR` is unset.
    pub color: bool,
}

const RED: &str = "\x1b[31m";
const BOLD: &str = "\x1b[1m";
const RESET: &str = "\x1b[0m";

impl Style {
    pub const PLAIN: Style = Style { color: false };

    /// A card for people: `A♠`, `10♥` (red when colour is on), `🃏`.
    pub fn card(&self, card: Card) -> String {
        match card.suit() {
            Some(s) if self.color && s.is_red() => format!("{RED}{card}{RESET}"),
            _ => card.to_string(),
        }
    }

    /// Cards separated by spaces; "—" for none.
    pub fn cards(&self, cards: &[Card]) -> String {
        if cards.is_empty() {
            return "—".to_string();
        }
        cards
            .iter()
            .map(|c| self.card(*c))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Text in bold when colour is on.
    pub fn bold(&self, text: &str) -> String {
        if self.color {
            format!("{BOLD}{text}{RESET}")
        } else {
            text.to_string()
        }
    }

    /// Text in red when colour is on.
    pub fn red(&self, text: &str) -> String {
        if self.color {
            format!("{RED}{text}{RESET}")
        } else {
            text.to_string()
        }
    }
}

/// Money as people write it: `$25`, `-$5`.
pub fn money(amount: i64) -> String {
    if amount < 0 {
        format!("-${}", -amount)
    } else {
        format!("${amount}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Rank, Suit};

    #[test]
    fn red_cards_only_in_colour() {
        let c = Card::new(Rank::King, Suit::Hearts);
        assert_eq!(Style::PLAIN.card(c), "K♥");
        assert_eq!(Style { color: true }.card(c), "\x1b[31mK♥\x1b[0m");
        assert_eq!(
            Style { color: true }.card(Card::new(Rank::King, Suit::Spades)),
            "K♠"
        );
        assert_eq!(money(-5), "-$5");
    }
}
