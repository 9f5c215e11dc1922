//! The hint under the question: its rows laid out in the columns there are, numbered
//! when they are few, the columns that do not fit left out.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style as Look};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};

use super::{width, wrap};
use kado::view::Hint;

/// A hint's lines in a panel `columns` wide: the headline wrapped, then its table with
/// the columns that fit (the least needed dropped first, the answer cut with `…` only
/// when nothing else is left to drop), then what was left out and the notes, wrapped.
/// Also how many of them (headline and the table's header) stay in sight when the rest
/// scrolls.
pub(crate) fn hint_layout(
    hint: &Hint,
    numbers_of: &[usize],
    columns: u16,
) -> (Vec<Line<'static>>, usize) {
    let room = usize::from(columns).max(1);
    let mut lines: Vec<Line<'static>> = Vec::new();
    if let Some(h) = &hint.headline {
        lines.extend(wrap(h, room).into_iter().map(Line::from));
    }
    let mut pinned = lines.len();
    if !hint.rows.is_empty() {
        let kept = kept_columns(hint, room);
        let widest = numbers_of.iter().copied().max().unwrap_or(0);
        let numbers = number_width(hint).max(widest.to_string().len());
        let fig_widths: Vec<usize> = kept.iter().map(|&c| figure_width(hint, c)).collect();
        let figures: usize = fig_widths.iter().map(|w| w + 2).sum();
        let answer = answer_width(hint).min(room.saturating_sub(numbers + 2 + figures).max(1));
        let line = |number: String, answer_text: &str, cells: Vec<&str>, look: Look| {
            let mut text = format!("{number:>numbers$}  {}", fit(answer_text, answer));
            for (cell, w) in cells.into_iter().zip(&fig_widths) {
                text += "  ";
                text += &fit(cell, *w);
            }
            Line::from(Span::styled(fit(text.trim_end(), room), look))
        };
        let head = line(
            "#".into(),
            &hint.answer_title,
            kept.iter()
                .map(|&c| hint.columns[c].title.as_str())
                .collect(),
            Look::default().add_modifier(Modifier::UNDERLINED),
        );
        lines.push(head);
        pinned = lines.len();
        for (i, r) in hint.rows.iter().enumerate() {
            let look = if i == 0 {
                Look::default().add_modifier(Modifier::BOLD)
            } else {
                Look::default()
            };
            let cells = kept
                .iter()
                .map(|&c| r.cells.get(c).map_or("", String::as_str))
                .collect();
            let number = numbers_of.get(i).copied().unwrap_or(i + 1);
            lines.push(line(number.to_string(), &r.answer.label, cells, look));
        }
    }
    for note in hint.more.iter().chain(&hint.notes) {
        lines.extend(
            wrap(note, room)
                .into_iter()
                .map(|l| Line::from(Span::styled(l, Look::default().add_modifier(Modifier::DIM)))),
        );
    }
    (lines, pinned)
}

/// The indices of a hint's figure columns that fit in `room` columns beside the number
/// and the whole answer (or at least 12 columns of it), the least needed dropped first.
fn kept_columns(hint: &Hint, room: usize) -> Vec<usize> {
    let fixed = number_width(hint) + 2 + answer_width(hint).min(room.max(12));
    let mut kept: Vec<usize> = (0..hint.columns.len()).collect();
    let need = |kept: &[usize]| {
        fixed
            + kept
                .iter()
                .map(|&c| figure_width(hint, c) + 2)
                .sum::<usize>()
    };
    while need(&kept) > room && !kept.is_empty() {
        // The least needed column goes first.
        if let Some(at) = (0..kept.len()).min_by_key(|&i| hint.columns[kept[i]].keep) {
            kept.remove(at);
        }
    }
    kept
}

/// The columns a hint's row numbers take.
fn number_width(hint: &Hint) -> usize {
    hint.rows.len().to_string().len()
}

/// The columns a hint's answers take whole, with their title.
fn answer_width(hint: &Hint) -> usize {
    let answers = hint.rows.iter().map(|r| width(&r.answer.label));
    answers
        .chain([width(&hint.answer_title)])
        .max()
        .unwrap_or(0)
}

/// The columns figure column `c` of a hint takes whole, with its title.
fn figure_width(hint: &Hint, c: usize) -> usize {
    let cells = hint
        .rows
        .iter()
        .map(|r| r.cells.get(c).map_or(0, |t| width(t)));
    cells
        .chain([width(&hint.columns[c].title)])
        .max()
        .unwrap_or(0)
}

/// `text` in at most `w` columns, cut with `…` when it is longer, padded to `w`.
fn fit(text: &str, w: usize) -> String {
    if width(text) <= w {
        let pad = w - width(text);
        return format!("{text}{}", " ".repeat(pad));
    }
    let mut out = String::new();
    for c in text.chars() {
        if width(&out) + unicode_width::UnicodeWidthChar::width(c).unwrap_or(0) + 1 > w {
            break;
        }
        out.push(c);
    }
    out.push('…');
    let pad = w.saturating_sub(width(&out));
    out + &" ".repeat(pad)
}

/// The hint in its panel: the headline and the table's header stay in sight, the rows
/// and notes below scroll (PgUp/PgDn), and the title says which rows are shown.
pub(crate) fn draw_hint(
    frame: &mut Frame,
    area: Rect,
    hint: &Hint,
    numbers: &[usize],
    scroll: u16,
) {
    let inner_w = area.width.saturating_sub(2);
    let inner_h = usize::from(area.height.saturating_sub(2));
    let (lines, pinned) = hint_layout(hint, numbers, inner_w);
    let pinned = pinned.min(inner_h.saturating_sub(1));
    let body = lines.len() - pinned.min(lines.len());
    let room = inner_h.saturating_sub(pinned);
    let scroll = usize::from(scroll).min(body.saturating_sub(room));
    let mut title = " Hint ".to_string();
    if body > room {
        let last = (scroll + room).min(body);
        title = format!(" Hint — lines {}–{last} of {body}, PgUp/PgDn ", scroll + 1);
    }
    let shown: Vec<Line> = lines[..pinned]
        .iter()
        .cloned()
        .chain(lines[pinned..].iter().skip(scroll).take(room).cloned())
        .collect();
    let p = Paragraph::new(shown).block(Block::default().borders(Borders::ALL).title(title));
    frame.render_widget(p, area);
}
