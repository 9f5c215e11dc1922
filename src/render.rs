//! Shared pieces of human output: cards with suit symbols (red suits marked red), and
//! money. The library says which text is red or bold; the surface that draws says how, with
//! the [`Marks`] it hands in (kado-screen's ANSI marks at a terminal, none elsewhere), so
//! no terminal code is written here. Tables are typed values (`view::Grid` in a
//! `view::Doc`), drawn in kado's house style by kado-screen's `grid`.

use crate::cards::Card;

/// The marks a surface sets around text to colour it: each tone's opening mark, and the
/// mark that ends any of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Marks {
    /// Red suits and claimed borders.
    pub red: &'static str,
    /// Highlights: totals, verdicts, the places to play.
    pub bold: &'static str,
    /// Kingmaker's four lights, in the order of `kingmaker::layout::Colour::ALL` (red,
    /// yellow, green, blue).
    pub lights: [&'static str; 4],
    /// The end of any mark.
    pub reset: &'static str,
}

/// How to draw output for people: plain, or coloured with a surface's [`Marks`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// The marks of colour, when the surface colours (the CLI: only when stdout is a
    /// terminal and `NO_COLOR` is unset); `None` for plain text.
    pub marks: Option<&'static Marks>,
}

impl Style {
    pub const PLAIN: Style = Style { marks: None };

    /// Coloured with `marks`.
    pub const fn marked(marks: &'static Marks) -> Style {
        Style { marks: Some(marks) }
    }

    /// Whether text is coloured.
    pub fn color(&self) -> bool {
        self.marks.is_some()
    }

    /// `text` between the opening mark `pick` chooses and the reset, when coloured.
    pub fn tone(&self, pick: impl Fn(&Marks) -> &'static str, text: &str) -> String {
        match self.marks {
            Some(m) => format!("{}{text}{}", pick(m), m.reset),
            None => text.to_string(),
        }
    }

    /// A card for people: `A♠`, `10♥` (red when coloured), `🃏`.
    pub fn card(&self, card: Card) -> String {
        match card.suit() {
            Some(s) if s.is_red() => self.red(&card.to_string()),
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

    /// Text in bold when coloured.
    pub fn bold(&self, text: &str) -> String {
        self.tone(|m| m.bold, text)
    }

    /// Text in red when coloured.
    pub fn red(&self, text: &str) -> String {
        self.tone(|m| m.red, text)
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

/// Marks that show where each tone starts and ends, for tests.
#[cfg(test)]
pub const TEST_MARKS: Marks = Marks {
    red: "<red>",
    bold: "<bold>",
    lights: ["<R>", "<Y>", "<G>", "<B>"],
    reset: "</>",
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Rank, Suit};

    #[test]
    fn red_cards_only_in_colour() {
        let c = Card::new(Rank::King, Suit::Hearts);
        assert_eq!(Style::PLAIN.card(c), "K♥");
        let marked = Style::marked(&TEST_MARKS);
        assert_eq!(marked.card(c), "<red>K♥</>");
        assert_eq!(marked.card(Card::new(Rank::King, Suit::Spades)), "K♠");
        assert_eq!(marked.bold("14 points"), "<bold>14 points</>");
        assert_eq!(money(-5), "-$5");
    }
}
