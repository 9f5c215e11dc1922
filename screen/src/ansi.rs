//! Colour at a terminal: the ANSI marks the library's text is coloured with when stdout
//! is a terminal and `NO_COLOR` is unset. The library says which text is red or bold
//! (`kado::render::Style`); these say how a terminal shows it.

use kado::render::{Marks, Style};

/// ANSI's select graphic rendition codes: red, bold, and Kingmaker's four lights in bold
/// colours.
pub const MARKS: Marks = Marks {
    red: "\x1b[31m",
    bold: "\x1b[1m",
    lights: ["\x1b[1;31m", "\x1b[1;33m", "\x1b[1;32m", "\x1b[1;34m"],
    reset: "\x1b[0m",
};

/// The style of output: in colour when `colour`, else plain.
pub fn style(colour: bool) -> Style {
    if colour {
        Style::marked(&MARKS)
    } else {
        Style::PLAIN
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kado::cards::{Card, Rank, Suit};

    #[test]
    fn red_cards_in_ansi_red_at_a_terminal() {
        let c = Card::new(Rank::King, Suit::Hearts);
        assert_eq!(style(true).card(c), "\x1b[31mK♥\x1b[0m");
        assert_eq!(style(false).card(c), "K♥");
        assert_eq!(style(true).bold("x"), "\x1b[1mx\x1b[0m");
    }
}
