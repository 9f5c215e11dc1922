//! The table panel, drawn from the game's typed table ([`view::Table`]): a headline (the
//! round, the phase, who deals and who is to move), the seats as a ratatui `Table`, the
//! board's picture, what each seat has beside it, what lies in the middle, and the notes.
//! Cards are styled by their tone (suits and hanafuda kinds in colour, unless colour is
//! off); every line is wrapped to the panel by display width, never cut.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Cell, Row, Table as Grid, Widget};

use kado::view::{self, Held, Item, Look, Tone};

/// The gap between the seats' columns.
const GAP: u16 = 2;

/// The table's lines for a panel `width` columns wide; `colour` off draws no colours.
pub fn lines(t: &view::Table, width: u16, colour: bool) -> Vec<Line<'static>> {
    let p = parts(t, width, colour);
    [p.above, p.board, p.below].concat()
}

/// The table's lines in three parts: above the board (the headline, the seats, the score
/// sheet), the board's picture, and below it (what each seat has, the middle, the notes).
/// A panel too short for them all keeps the parts around the board whole and shows the
/// board through a window.
pub struct Parts {
    pub above: Vec<Line<'static>>,
    pub board: Vec<Line<'static>>,
    pub below: Vec<Line<'static>>,
    /// The board's row where the play is (see [`focus`]).
    pub focus: usize,
}

/// The table's [`Parts`] for a panel `width` columns wide.
pub fn parts(t: &view::Table, width: u16, colour: bool) -> Parts {
    let w = usize::from(width).max(1);
    let mut above = Vec::new();
    let head = headline(t);
    if !head.is_empty() {
        above.extend(flow(&[], &words(&head, bold()), w));
    }
    if !t.seats.is_empty() {
        above.extend(seats(t, width, colour));
    }
    if let Some(sheet) = &t.sheet {
        let rows: Vec<Vec<Vec<Unit>>> = (sheet.rows.iter())
            .map(|r| r.iter().map(|c| words(c, Style::default())).collect())
            .collect();
        above.extend(grid(sheet.columns.clone(), &rows, width));
    }
    let rows = t.picture.as_ref().map_or(&[][..], |p| &p.rows[..]);
    let board = rows.iter().map(|row| picture_row(row, colour)).collect();
    let mut below = Vec::new();
    for seat in &t.seats {
        below.extend(beside(t, seat, w, colour));
    }
    below.extend(areas(t, w, colour));
    for note in &t.notes {
        below.extend(flow(&[], &words(note, Style::default()), w));
    }
    let last = t.picture.as_ref().and_then(|p| p.last);
    Parts {
        above,
        board,
        below,
        focus: focus(rows, last),
    }
}

/// Where the play is on a picture of `rows`: the middle of its marked places, else the
/// row of the last piece laid (`last`), else the middle of its claims, else of the
/// picture.
fn focus(rows: &[Vec<view::Run>], last: Option<usize>) -> usize {
    let marked = |look: Look| -> Vec<usize> {
        (rows.iter().enumerate())
            .filter(|(_, r)| r.iter().any(|run| run.look == look))
            .map(|(i, _)| i)
            .collect()
    };
    let places = marked(Look::Place);
    let rows_of = match (places.is_empty(), last) {
        (false, _) => places,
        (true, Some(row)) => vec![row],
        (true, None) => marked(Look::Claimed),
    };
    match (rows_of.first(), rows_of.last()) {
        (Some(a), Some(b)) => (a + b) / 2,
        _ => rows.len() / 2,
    }
}

/// The table as plain text at `width` columns, one line each (for a transcript).
pub fn text(t: &view::Table, width: u16) -> String {
    styled_text(t, width, &kado::render::Style::PLAIN)
}

/// The table as text at `width` columns in `style`: red and bold where the view draws
/// them, when colour is on.
pub fn styled_text(t: &view::Table, width: u16, style: &kado::render::Style) -> String {
    let mut out = String::new();
    for line in lines(t, width, style.color()) {
        let mut s = String::new();
        for span in &line.spans {
            let text = span.content.as_ref();
            s += &if span.style.fg == Some(Color::Red) {
                style.red(text)
            } else if span.style.add_modifier.contains(Modifier::BOLD) {
                style.bold(text)
            } else {
                text.to_string()
            };
        }
        out += s.trim_end();
        out.push('\n');
    }
    out
}

/// `Round 2 of 9 · sell · you deal · you to move`.
fn headline(t: &view::Table) -> String {
    let mut parts = Vec::new();
    if let Some(r) = &t.round {
        let word = capitalised(r.word);
        parts.push(match r.of {
            _ if r.number == 0 => format!("Before the first {}", r.word),
            // Over, a count past the last names none ("Round 7 of 6").
            Some(of) if t.over && r.number > of => format!("{word} {of} of {of}"),
            Some(of) => format!("{word} {} of {of}", r.number),
            None => format!("{word} {}", r.number),
        });
    }
    if let Some(p) = t.phase.as_ref().filter(|_| !t.over) {
        parts.push(p.clone());
    }
    if let Some(d) = t.dealer.as_ref().filter(|_| !t.over) {
        parts.push(format!("dealer {d}"));
    }
    match (&t.to_move, t.over) {
        (_, true) => parts.push("game over".into()),
        (Some(m), false) => parts.push(format!("{m} to move")),
        (None, false) => {}
    }
    parts.join(" · ")
}

fn capitalised(word: &str) -> String {
    let mut c = word.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

fn bold() -> Style {
    Style::default().add_modifier(Modifier::BOLD)
}

/// A figure: dollars where the table counts money.
fn figure(t: &view::Table, n: i64) -> String {
    if t.dollars {
        kado::render::money(n)
    } else {
        n.to_string()
    }
}

/// The style of a piece of `tone`.
fn tone_style(tone: Option<Tone>, colour: bool) -> Style {
    let fg = match tone.filter(|_| colour) {
        Some(Tone::Red | Tone::Ribbon | Tone::LampRed) => Some(Color::Red),
        Some(Tone::LampYellow) => Some(Color::Yellow),
        Some(Tone::LampGreen) => Some(Color::Green),
        Some(Tone::LampBlue) => Some(Color::Blue),
        Some(Tone::Joker) => Some(Color::Magenta),
        Some(Tone::Bright) => Some(Color::Yellow),
        Some(Tone::Animal) => Some(Color::Green),
        Some(Tone::Black | Tone::Plain) | None => None,
    };
    fg.map_or_else(Style::default, |c| Style::default().fg(c))
}

/// A piece kept on one line where it fits (a word; a card; a group of cards with its
/// name), with the separator written before it when it follows another.
type Unit = (&'static str, Vec<Span<'static>>);

fn words(text: &str, style: Style) -> Vec<Unit> {
    text.split(' ')
        .filter(|w| !w.is_empty())
        .map(|w| (" ", vec![Span::styled(w.to_string(), style)]))
        .collect()
}

/// `text` as one unit, its words in `style`.
fn phrase(text: &str, style: Style) -> Unit {
    (" ", vec![Span::styled(text.to_string(), style)])
}

fn unit_width(u: &Unit) -> usize {
    u.1.iter().map(Span::width).sum()
}

/// Items as units: grouped ones under their group's name once (by code), `·` between
/// groups; others by their face, `·` between them when a face is more than a word.
fn items(list: &[Item], colour: bool) -> Vec<Unit> {
    let mut out: Vec<Unit> = Vec::new();
    let mut group: Option<&str> = None;
    let phrases = list
        .iter()
        .any(|i| i.group.is_none() && i.text.contains(' '));
    for it in list {
        let style = tone_style(it.tone, colour);
        let sep = if out.is_empty() { " " } else { " · " };
        match (it.group.as_deref(), out.last_mut()) {
            (Some(g), Some(last)) if group == Some(g) => {
                last.1.push(Span::raw(" "));
                last.1.push(Span::styled(it.code.clone(), style));
            }
            (Some(g), _) => {
                let name = Span::raw(format!("{g} "));
                out.push((sep, vec![name, Span::styled(it.code.clone(), style)]));
                group = Some(g);
            }
            (None, _) if phrases => out.push((sep, phrase(&it.text, style).1)),
            (None, _) => out.push(phrase(&it.text, style)),
        }
    }
    out
}

fn units_width(units: &[Unit]) -> usize {
    units
        .iter()
        .enumerate()
        .map(|(i, u)| unit_width(u) + if i == 0 { 0 } else { super::width(u.0) })
        .sum()
}

/// `label` then `units`, wrapped at `w` columns, later lines indented under the first
/// unit (or not at all, when the label takes more than half the line). A unit wider than
/// a line is broken into its words.
fn flow(label: &[Span<'static>], units: &[Unit], w: usize) -> Vec<Line<'static>> {
    let label_w: usize = label.iter().map(Span::width).sum();
    let indent = if label_w * 2 > w { 0 } else { label_w };
    let mut out = Vec::new();
    let mut line: Vec<Span<'static>> = label.to_vec();
    let mut used = label_w;
    let mut first = true;
    for unit in units
        .iter()
        .flat_map(|u| split_if_wide(u, w - indent.min(w)))
    {
        let sep = if first { "" } else { unit.0 };
        let need = super::width(sep) + unit_width(&unit);
        if !first && used + need > w {
            out.push(Line::from(std::mem::take(&mut line)));
            line.push(Span::raw(" ".repeat(indent)));
            used = indent + unit_width(&unit);
            line.extend(unit.1);
            continue;
        }
        if !sep.is_empty() {
            line.push(Span::raw(sep));
        }
        line.extend(unit.1);
        used += need;
        first = false;
    }
    out.push(Line::from(line));
    out
}

/// A unit that fits in `w` columns as it is; a wider one as its words, each in its style.
fn split_if_wide(u: &Unit, w: usize) -> Vec<Unit> {
    if unit_width(u) <= w.max(1) {
        return vec![u.clone()];
    }
    let mut out: Vec<Unit> = Vec::new();
    for span in &u.1 {
        for word in span.content.split(' ').filter(|x| !x.is_empty()) {
            let sep = if out.is_empty() { u.0 } else { " " };
            out.push((sep, vec![Span::styled(word.to_string(), span.style)]));
        }
    }
    out
}

/// Whether a seat's cards go below the seats (grouped, as Koi-Koi's do) rather than in
/// a cell.
fn grouped(list: &[Item]) -> bool {
    list.iter().any(|i| i.group.is_some())
}

/// The seats as a ratatui `Table`, drawn off screen and read back as lines so that the
/// panel scrolls as one.
fn seats(t: &view::Table, width: u16, colour: bool) -> Vec<Line<'static>> {
    let bets = t.dollars || t.seats.iter().any(|s| s.bet.is_some());
    let shown = !t.shown_below
        && !t.seats.iter().any(|s| grouped(&s.shown))
        && (t.shown_title != "shown" || t.seats.iter().any(|s| !s.shown.is_empty()));
    let holds = t.seats.iter().any(|s| s.held != Held::Nothing);
    let mut figures: Vec<&'static str> = Vec::new();
    for f in t.seats.iter().flat_map(|s| &s.figures) {
        if !figures.contains(&f.name) {
            figures.push(f.name);
        }
    }
    let mut header = vec!["seat".to_string(), t.score_title.to_string()];
    header.extend(figures.iter().map(|f| f.to_string()));
    header.extend(bets.then(|| "bet".to_string()));
    header.extend(shown.then(|| t.shown_title.to_string()));
    header.extend(holds.then(|| "holds".to_string()));
    let rows: Vec<Vec<Vec<Unit>>> = t
        .seats
        .iter()
        .map(|s| {
            let mut cells = vec![
                words(&s.name, Style::default()),
                words(&s.score.map_or("—".into(), |n| figure(t, n)), bold()),
            ];
            for name in &figures {
                let f = s.figures.iter().find(|f| f.name == *name);
                cells.push(words(
                    &f.map_or("—".into(), |f| f.amount.to_string()),
                    Style::default(),
                ));
            }
            if bets {
                let bet = s.bet.map_or("—".into(), |n| figure(t, n));
                cells.push(words(&bet, Style::default()));
            }
            if shown {
                cells.push(or_dash(items(&s.shown, colour)));
            }
            if holds {
                cells.push(held(&s.held, colour));
            }
            cells
        })
        .collect();
    let header = header.iter().map(|h| capitalised(h)).collect();
    grid(header, &rows, width)
}

/// A grid of cells under a bold header, as a ratatui `Table` drawn off screen and read
/// back as lines, so that the panel scrolls as one; cells too wide wrap in their column.
fn grid(header: Vec<String>, rows: &[Vec<Vec<Unit>>], width: u16) -> Vec<Line<'static>> {
    let widths = column_widths(&header, rows, width);
    let mut height: u16 = 1;
    let grid_rows: Vec<Row> = rows
        .iter()
        .map(|cells| {
            let texts: Vec<Vec<Line<'static>>> = cells
                .iter()
                .zip(&widths)
                .map(|(units, w)| flow(&[], units, usize::from(*w)))
                .collect();
            let rows = texts.iter().map(Vec::len).max().unwrap_or(1);
            let rows = u16::try_from(rows).unwrap_or(1);
            height = height.saturating_add(rows);
            Row::new(texts.into_iter().map(|l| Cell::from(Text::from(l)))).height(rows)
        })
        .collect();
    let header = Row::new(header.into_iter().map(Cell::from)).style(bold());
    let grid = Grid::new(grid_rows, widths.iter().map(|w| Constraint::Length(*w)))
        .header(header)
        .column_spacing(GAP);
    let area = Rect::new(0, 0, width.max(1), height);
    let mut buf = Buffer::empty(area);
    grid.render(area, &mut buf);
    (0..height).map(|y| buffer_line(&buf, y, width)).collect()
}

fn or_dash(units: Vec<Unit>) -> Vec<Unit> {
    if units.is_empty() {
        words("—", Style::default())
    } else {
        units
    }
}

/// What a seat holds, in its cell: the cards where the table sees them (grouped ones are
/// listed below the seats), else how many.
fn held(h: &Held, colour: bool) -> Vec<Unit> {
    match h {
        Held::Nothing => words("—", Style::default()),
        Held::Count { count } => words(&kado::words::count(*count, "card"), Style::default()),
        Held::Cards { items: list } if grouped(list) => {
            words(&kado::words::count(list.len(), "card"), Style::default())
        }
        Held::Cards { items: list } => or_dash(items(list, colour)),
    }
}

/// Each column as wide as its widest cell; when they do not fit, the widest columns give
/// up room (their cells wrap) until they do.
fn column_widths(header: &[String], rows: &[Vec<Vec<Unit>>], width: u16) -> Vec<u16> {
    let mut widths: Vec<usize> = header.iter().map(|h| super::width(h)).collect();
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(units_width(cell));
        }
    }
    let gaps = usize::from(GAP) * widths.len().saturating_sub(1);
    let room = usize::from(width).saturating_sub(gaps).max(widths.len());
    while widths.iter().sum::<usize>() > room {
        let Some(widest) = (0..widths.len()).max_by_key(|&i| widths[i]) else {
            break;
        };
        if widths[widest] <= 6 {
            break;
        }
        widths[widest] -= 1;
    }
    widths
        .into_iter()
        .map(|w| u16::try_from(w).unwrap_or(u16::MAX))
        .collect()
}

/// Row `y` of a drawn buffer as a line of styled spans (a wide character's second cell
/// skipped), trailing blanks dropped.
fn buffer_line(buf: &Buffer, y: u16, width: u16) -> Line<'static> {
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut skip = 0;
    for x in 0..width {
        if skip > 0 {
            skip -= 1;
            continue;
        }
        let Some(cell) = buf.cell((x, y)) else {
            continue;
        };
        let symbol = cell.symbol();
        skip = super::width(symbol).saturating_sub(1);
        let style = cell.style();
        match spans.last_mut() {
            Some(last) if last.style == style => last.content.to_mut().push_str(symbol),
            _ => spans.push(Span::styled(symbol.to_string(), style)),
        }
    }
    while let Some(last) = spans.last_mut() {
        let trimmed = last.content.trim_end().to_string();
        if trimmed.is_empty() {
            spans.pop();
        } else {
            last.content = trimmed.into();
            break;
        }
    }
    Line::from(spans)
}

/// Kingmaker's Commons in a few lines, for a panel too short for its hexagons: one line per
/// row of Blinks, each as its name and its pairs (`dee BB-GY`, `..` for a pair not lit; the
/// names padded so that the pairs line up),
/// each row shifted half a Blink from the next as the hexagons are. None for any other
/// board, or an empty Commons.
pub fn compact_board(t: &view::Table, colour: bool) -> Option<Vec<Line<'static>>> {
    let Some(view::Board::Hexes { hexes }) = &t.board else {
        return None;
    };
    let name_w = hexes.iter().map(|h| width_of(&h.name)).max()?;
    // A Blink's cell: its name, a space, two pairs and a gap, rounded up to even so that
    // half a cell is a whole column.
    let cell = (name_w + 7).next_multiple_of(2);
    let half = |h: &view::Hex| 2 * h.at[0] + h.at[1];
    let least = hexes.iter().map(half).min()?;
    let mut rows: Vec<i32> = hexes.iter().map(|h| h.at[1]).collect();
    rows.sort_unstable();
    rows.dedup();
    let lines = rows.iter().map(|r| {
        let mut row: Vec<&view::Hex> = hexes.iter().filter(|h| h.at[1] == *r).collect();
        row.sort_by_key(|h| h.at[0]);
        let mut spans = Vec::new();
        let mut at = 0;
        for h in row {
            let column = usize::try_from(half(h) - least).unwrap_or(0) * cell / 2;
            spans.push(Span::raw(" ".repeat(column.saturating_sub(at))));
            let pad = name_w - width_of(&h.name);
            spans.push(Span::raw(format!("{}{} ", h.name, " ".repeat(pad))));
            for (i, pair) in h.pairs.iter().enumerate() {
                if i == 1 {
                    spans.push(Span::raw("-"));
                }
                spans.extend(pair_spans(*pair, colour));
            }
            at = column.max(at) + name_w + 6;
        }
        Line::from(spans)
    });
    Some(lines.collect())
}

/// A pair of faces as two letters, each in its colour when `colour` is on; `..` not lit.
fn pair_spans(pair: Option<[view::Hue; 2]>, colour: bool) -> Vec<Span<'static>> {
    let Some(faces) = pair else {
        return vec![Span::raw("..")];
    };
    (faces.iter())
        .map(|hue| {
            let fg = match hue {
                view::Hue::Red => Color::Red,
                view::Hue::Yellow => Color::Yellow,
                view::Hue::Green => Color::Green,
                view::Hue::Blue => Color::Blue,
            };
            let style = if colour {
                Style::default().fg(fg).add_modifier(Modifier::BOLD)
            } else {
                Style::default()
            };
            Span::styled(hue.letter().to_string(), style)
        })
        .collect()
}

fn width_of(text: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(text)
}

fn picture_row(row: &[view::Run], colour: bool) -> Line<'static> {
    let spans = row.iter().map(|run| {
        let style = match run.look {
            Look::Plain => Style::default(),
            Look::Claimed if colour => Style::default().fg(Color::Red),
            Look::Claimed => Style::default(),
            Look::Place => bold(),
        };
        Span::styled(run.text.clone(), style)
    });
    Line::from(spans.collect::<Vec<_>>())
}

/// What goes with a seat below the seats: its grouped cards shown and held, its notes.
fn beside(t: &view::Table, seat: &view::Seat, w: usize, colour: bool) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    if t.shown_below || grouped(&seat.shown) {
        let label = format!("{} {}: ", seat.name, t.shown_title);
        out.extend(flow(
            &[Span::raw(label)],
            &or_dash(items(&seat.shown, colour)),
            w,
        ));
    }
    if let Held::Cards { items: list } = &seat.held
        && grouped(list)
    {
        let label = format!("{}'s hand: ", seat.name);
        out.extend(flow(&[Span::raw(label)], &items(list, colour), w));
    }
    for note in &seat.notes {
        let label = if out.is_empty() {
            format!("{}: ", seat.name)
        } else {
            "  ".to_string()
        };
        out.extend(flow(&[Span::raw(label)], &words(note, Style::default()), w));
    }
    out
}

/// A numbered area: its name and how many in all, then an item a line, numbered.
fn numbered(
    name: &str,
    amount: Option<String>,
    list: &[Item],
    w: usize,
    colour: bool,
) -> Vec<Line<'static>> {
    let all = amount.map_or(String::new(), |n| format!("{n} in all; "));
    let mut out = flow(
        &[],
        &words(
            &format!("{name} ({all}a number takes one):"),
            Style::default(),
        ),
        w,
    );
    for (i, it) in list.iter().enumerate() {
        let label = vec![
            Span::raw("  "),
            Span::styled(format!("{}) ", i + 1), bold()),
        ];
        out.extend(flow(&label, &items(std::slice::from_ref(it), colour), w));
    }
    out
}

/// The areas in the middle: each with items on its own line(s); those with only a
/// figure share lines, `·` between them.
fn areas(t: &view::Table, w: usize, colour: bool) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    let mut figures: Vec<Unit> = Vec::new();
    for a in &t.areas {
        let name = capitalised(&a.name);
        let amount = a.amount.map(|n| figure(t, n));
        if a.items.is_empty() && amount.is_some() {
            let text = format!("{name}: {}", amount.unwrap_or_default());
            figures.push((" · ", phrase(&text, Style::default()).1));
            continue;
        }
        if a.numbered {
            out.extend(numbered(&name, amount, &a.items, w, colour));
            continue;
        }
        let label = match amount {
            Some(n) => format!("{name} ({n}): "),
            None => format!("{name}: "),
        };
        let units = items(&a.items, colour);
        out.extend(flow(&[Span::raw(label)], &or_dash(units), w));
    }
    if !figures.is_empty() {
        out.extend(flow(&[], &figures, w));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use kado::cards::Card;
    use kado::view::{Area, Seat, Table};

    fn cards(codes: &str) -> Vec<Item> {
        let cards: Vec<Card> = codes.split(' ').map(|c| c.parse().unwrap()).collect();
        view::cards(&cards)
    }

    /// Issue 62: Koi-Koi's last headline read "Round 7 of 6 · game over".
    #[test]
    fn the_last_headline_read_round_7_of_6() {
        let mut t = Table::new("koikoi");
        t.round = Some(view::Round {
            word: "round",
            number: 7,
            of: Some(6),
        });
        t.over = true;
        assert_eq!(headline(&t), "Round 6 of 6 · game over");
        t.over = false;
        t.round = Some(view::Round {
            word: "round",
            number: 6,
            of: Some(6),
        });
        assert_eq!(headline(&t), "Round 6 of 6");
    }

    /// Issue 62: Kingmaker's Commons of hexagons took 21 rows of an 80×24 screen; in few
    /// rows it is one line per row of Blinks, shifted as the hexagons are, pairs aligned.
    #[test]
    fn the_commons_took_21_rows_of_the_screen() {
        use view::Hue::{Blue as B, Green as G, Red as R, Yellow as Y};
        let hex = |q, r, name: &str, pairs| view::Hex {
            at: [q, r],
            name: name.into(),
            common: name.starts_with('c'),
            pairs,
        };
        let mut t = Table::new("kingmaker");
        t.board = Some(view::Board::Hexes {
            hexes: vec![
                hex(0, 0, "dee", [Some([B, B]), None]),
                hex(1, 0, "c4", [Some([G, G]), Some([R, Y])]),
                hex(0, 1, "c3", [None, None]),
                hex(-1, 2, "bo", [Some([Y, Y]), Some([G, B])]),
            ],
        });
        let text: Vec<String> = (compact_board(&t, false).unwrap().iter())
            .map(|l| l.to_string().trim_end().to_string())
            .collect();
        assert_eq!(
            text,
            ["dee BB-.. c4  GG-RY", "     c3  ..-..", "bo  YY-GB",]
        );
        assert!(compact_board(&Table::new("pokino"), false).is_none());
    }

    fn kinkado() -> Table {
        let mut t = Table::new("kinkado");
        t.round = Some(view::Round {
            word: "round",
            number: 2,
            of: Some(9),
        });
        t.phase = Some("bet".into());
        t.dealer = Some("ALORA".into());
        t.to_move = Some("you".into());
        t.score_title = "stash";
        t.shown_title = "face up";
        t.dollars = true;
        let mut you = Seat::new("you", Some(48));
        you.held = Held::Cards {
            items: cards("KH 9S JD"),
        };
        let mut alora = Seat::new("ALORA", Some(-3));
        alora.bet = Some(20);
        alora.shown = cards("KS");
        alora.held = Held::Count { count: 6 };
        t.seats = vec![you, alora];
        t.areas = vec![
            Area::new("prize pool", cards("2D")).amount(4),
            Area::new("market", Vec::new()),
            Area::new("minimum bet", Vec::new()).amount(2),
        ];
        t
    }

    #[test]
    fn the_seats_are_a_table_and_the_middle_follows() {
        assert_eq!(
            text(&kinkado(), 80),
            "Round 2 of 9 · bet · dealer ALORA · you to move
Seat   Stash  Bet  Face up  Holds
you    $48    —    —        K♥ 9♠ J♦
ALORA  -$3    $20  K♠       6 cards
Prize pool ($4): 2♦
Market: —
Minimum bet: $2
"
        );
    }

    #[test]
    fn a_hand_too_long_for_its_cell_wraps_in_it() {
        let mut t = kinkado();
        t.seats[0].held = Held::Cards {
            items: cards("KH 9S JD JC 4C 8D 10D QS QH QD 6C 6D 2S 3S 4S 5S"),
        };
        let drawn = text(&t, 40);
        assert!(
            drawn.lines().all(|l| super::super::width(l) <= 40),
            "{drawn}"
        );
        assert!(
            drawn.contains("\n                            4♣"),
            "{drawn}"
        );
        for c in ["K♥", "10♦", "5♠"] {
            assert!(drawn.contains(c), "{c} in\n{drawn}");
        }
    }

    #[test]
    fn hearts_are_red_unless_colour_is_off() {
        let t = kinkado();
        let red = |colour: bool| {
            lines(&t, 80, colour)
                .iter()
                .flat_map(|l| l.spans.clone())
                .filter(|s| s.style.fg == Some(Color::Red))
                .map(|s| s.content.to_string())
                .collect::<Vec<_>>()
        };
        let on = red(true);
        assert!(on.iter().any(|s| s.contains("K♥")), "{on:?}");
        assert!(on.iter().any(|s| s.contains("2♦")), "{on:?}");
        assert!(!on.iter().any(|s| s.contains('♠')), "{on:?}");
        assert!(red(false).is_empty());
    }

    #[test]
    fn grouped_cards_name_their_group_once_and_wrap_under_their_label() {
        let mut t = Table::new("koikoi");
        let flower = |code: &str, g: &str| Item::new(code, code).group(g);
        let items = vec![
            flower("11b", "willow"),
            flower("11a", "willow"),
            flower("12p", "paulownia"),
            flower("3r", "cherry"),
            flower("3p", "cherry"),
        ];
        t.areas = vec![Area::new("table", items)];
        assert_eq!(
            text(&t, 30),
            "Table: willow 11b 11a\n       paulownia 12p\n       cherry 3r 3p\n"
        );
    }

    #[test]
    fn numbered_areas_number_their_items() {
        let mut t = Table::new("pokino");
        let place = |p: &str| Item::new(p, p);
        t.areas = vec![
            Area::new(
                "places",
                vec![place("domino 1-1@3,0v"), place("domino 4-8@0,2h")],
            )
            .amount(7)
            .numbered(),
        ];
        assert_eq!(
            text(&t, 80),
            "Places (7 in all; a number takes one):\n  1) domino 1-1@3,0v\n  2) domino 4-8@0,2h\n"
        );
    }
}
