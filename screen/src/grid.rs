//! The library's tables drawn as text, in kado's one house style (line mode, the one-shot
//! commands, `history` and `stats`): a [`Grid`] and the [`Doc`] it sits in, drawn by
//! comfy-table with full lines, dotted between columns, wrapped to the terminal's width
//! (or to 100 columns when the output is not a terminal).

use comfy_table::{ContentArrangement, Table, presets};
use kado::view::{Doc, Grid, Piece};
use unicode_width::UnicodeWidthStr;

/// The columns a table wraps to when the output is not a terminal (piped, or a file).
const PIPED_WIDTH: u16 = 100;

/// An empty table in the house style, with `header` (none when it has no cell).
fn house<I, S>(header: I) -> Table
where
    I: IntoIterator<Item = S>,
    S: Into<comfy_table::Cell>,
{
    let mut t = Table::new();
    t.load_style(presets::UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic);
    let header: Vec<comfy_table::Cell> = header.into_iter().map(Into::into).collect();
    if !header.is_empty() {
        t.set_header(header);
    }
    // Piped output has no terminal width: wrap at 100 columns so tables stay readable.
    if t.width().is_none() {
        t.set_width(PIPED_WIDTH);
    }
    t
}

/// A table drawn as text, with a final newline.
pub fn draw(grid: &Grid) -> String {
    let mut t = house(&grid.header);
    for row in &grid.rows {
        t.add_row(row);
    }
    format!("{t}\n")
}

/// Text with tables in it drawn: its text as it is, each table [`draw`]n in its place.
pub fn draw_doc(doc: &Doc) -> String {
    let mut out = String::new();
    for piece in &doc.pieces {
        match piece {
            Piece::Text(t) => out += t,
            Piece::Grid(g) => out += &draw(g),
        }
    }
    out
}

/// A table of many rows in the house style ([`draw`]). One that fits the width is drawn
/// straight to text, the same text comfy-table draws (a test holds them equal), for
/// comfy-table keeps several copies of every cell, which 10,000 rows of `stats` feel; one
/// that does not fit is laid out by comfy-table, which wraps it.
pub fn draw_rows<const N: usize>(header: [&str; N], rows: &[[String; N]]) -> String {
    let mut widths = header.map(UnicodeWidthStr::width);
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.width());
        }
    }
    let whole = widths.iter().map(|w| w + 3).sum::<usize>() + 1;
    let mut t = house(header);
    let fits = t.width().is_some_and(|most| whole <= usize::from(most));
    if rows.is_empty() || !fits {
        for row in rows {
            t.add_row(row);
        }
        return format!("{t}\n");
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

#[cfg(test)]
mod tests {
    use super::*;
    use kado::view::{Choice, Column, Hint};

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
            let mut g = Grid::new(header);
            for row in &rows {
                g.row(row.clone());
            }
            proptest::prop_assert_eq!(draw_rows(header, &rows), draw(&g));
        }
    }

    #[test]
    fn a_hint_is_drawn_with_its_best_row_marked_and_the_others_numbered() {
        let mut h = Hint::new("Answer", vec![Column::new("Wins", 2)]);
        h.headline = Some("Turn 3.".into());
        h.row(Choice::typed("exile AD"), vec!["22%".into()]);
        h.row(Choice::typed("2D on 3D"), vec!["18%".into()]);
        h.notes.push("Played out 400 times.".into());
        assert_eq!(
            draw_doc(&h.doc()),
            "Turn 3.
┌──────┬──────────┬──────┐
│      ┆ Answer   ┆ Wins │
╞══════╪══════════╪══════╡
│ best ┆ exile AD ┆ 22%  │
│ 2    ┆ 2D on 3D ┆ 18%  │
└──────┴──────────┴──────┘
Played out 400 times.
"
        );
    }

    #[test]
    fn a_table_without_header_has_no_header_line() {
        let mut g = Grid::default();
        g.row(["Seats", "2"]);
        assert_eq!(draw(&g), "┌───────┬───┐\n│ Seats ┆ 2 │\n└───────┴───┘\n");
    }
}
