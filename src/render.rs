//! Shared pieces of human output: cards with suit symbols (red suits in colour when
//! allowed), money, and tables in one house style.

use comfy_table::{ContentArrangement, Table, presets};

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

/// A table in kado's house style, with a header row.
pub fn table<I, S>(header: I) -> Table
where
    I: IntoIterator<Item = S>,
    S: Into<comfy_table::Cell>,
{
    let mut t = Table::new();
    t.load_style(presets::UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_header(header);
    fit(&mut t);
    t
}

/// A table of many rows in the house style ([`table`]). One that fits the width is drawn
/// straight to text, the same text comfy-table draws (a test holds them equal), for
/// comfy-table keeps several copies of every cell, which 10,000 rows of `stats` feel; one
/// that does not fit is laid out by comfy-table, which wraps it.
pub fn rows_table<const N: usize>(header: [&str; N], rows: &[[String; N]]) -> String {
    use unicode_width::UnicodeWidthStr;
    let mut widths = header.map(UnicodeWidthStr::width);
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.width());
        }
    }
    let whole = widths.iter().map(|w| w + 3).sum::<usize>() + 1;
    let mut t = table(header);
    let fits = t.width().is_some_and(|most| whole <= usize::from(most));
    if rows.is_empty() || !fits {
        for row in rows {
            t.add_row(row.clone());
        }
        return show(&t);
    }
    let rule = |left: char, fill: char, mid: char, right: char| {
        let parts: Vec<String> = widths
            .iter()
            .map(|w| fill.to_string().repeat(w + 2))
            .collect();
        format!("{left}{}{right}\n", parts.join(&mid.to_string()))
    };
    let line = |cells: &mut dyn Iterator<Item = &str>| {
        let parts: Vec<String> = cells
            .zip(widths)
            .map(|(c, w)| format!(" {c}{} ", " ".repeat(w - c.width())))
            .collect();
        format!("│{}│\n", parts.join("┆"))
    };
    let mut out = String::with_capacity(rows.len() * (whole + 8));
    out += &rule('┌', '─', '┬', '┐');
    out += &line(&mut header.into_iter());
    out += &rule('╞', '═', '╪', '╡');
    for row in rows {
        out += &line(&mut row.iter().map(String::as_str));
    }
    out += &rule('└', '─', '┴', '┘');
    out
}

/// Piped output has no terminal width: wrap at 100 columns so tables stay readable.
fn fit(t: &mut Table) {
    if t.width().is_none() {
        t.set_width(100);
    }
}

/// A table with no header (key/value pairs and the like).
pub fn plain_table() -> Table {
    let mut t = Table::new();
    t.load_style(presets::UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic);
    fit(&mut t);
    t
}

/// A table drawn as text with a final newline.
pub fn show(table: &Table) -> String {
    format!("{table}\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Rank, Suit};

    proptest::proptest! {
        /// A table drawn straight to text is the one comfy-table draws, wide letters,
        /// marks and tables too wide to fit (left to comfy-table) included.
        #[test]
        fn rows_drawn_straight_are_comfy_tables(
            rows in proptest::collection::vec(
                proptest::array::uniform3("[a-z0-9é漢 ]{0,12}|[a-z]{0,60}"),
                0..6,
            ),
        ) {
            let header = ["Player", "Games", "Wins"];
            let mut t = table(header);
            for row in &rows {
                t.add_row(row.clone());
            }
            proptest::prop_assert_eq!(rows_table(header, &rows), show(&t));
        }
    }

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
