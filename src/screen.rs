//! The full-screen view of a session at a terminal: what is on it and how it is laid
//! out. The session decides what each part holds (the table as the game draws it, the
//! question, what kado said, the advice asked for); this module only draws them into a
//! ratatui frame, so a whole screen can be asserted on ratatui's test backend.
//!
//! Layout: the table fills the top (scrolled with PgUp/PgDn when it is taller than its
//! room), then the last things said, the advice when asked, and the question with the
//! answer being typed. On a screen of 140 columns or more, what was said and the advice
//! go to the right of the table.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Position, Rect};
use ratatui::style::{Modifier, Style as Look};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use crate::view::{Choice, Event, Hand, Hint, Kind};

pub mod table;

/// The smallest screen the view draws on; a smaller terminal keeps line mode.
pub const MIN_SIZE: (u16, u16) = (80, 24);

/// The fewest columns beside a board for what lies below it (see `draw_board_beside`).
const BESIDE_COLUMNS: usize = 28;

/// The fewest rows a board's window gets; a table that leaves it fewer scrolls whole.
const BOARD_ROWS: usize = 5;
/// The least width of what was said beside the table on a game's end screen.
const END_SAID_COLUMNS: u16 = 32;

/// How many lines of what was said are kept (older ones are dropped).
const KEPT: usize = 500;

/// One thing said at the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// What kado tells the table.
    Told(String),
    /// A round's or a game's result: also kept in its own panel until the next answer.
    Result(String),
    /// An answer typed, as the table typed it.
    Typed(String),
    /// An answer refused, and why.
    Refused(String),
}

impl Said {
    /// The line as the transcript writes it.
    pub fn text(&self) -> String {
        match self {
            Said::Told(t) | Said::Result(t) => t.clone(),
            Said::Typed(t) => format!("> {t}"),
            Said::Refused(t) => format!("✗ {t}"),
        }
    }
}

/// What the panel beside what was said shows: advice, or a hand shown on request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Aside {
    Hint(Hint),
    Hand(Hand),
}

/// What the screen shows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Screen {
    /// The game's title, for the table's frame ("Kin Kādo").
    pub title: String,
    /// The table as the game knows it, typed.
    pub table: crate::view::Table,
    /// Whether cards are drawn in colour (off under NO_COLOR).
    pub colour: bool,
    /// The question asked, or empty between questions.
    pub question: String,
    /// The answer being typed, and where the cursor is in it (in characters).
    pub input: String,
    pub cursor: usize,
    /// What was said, oldest first.
    pub said: Vec<Said>,
    /// The last result told (a reveal settled, a round scored), in sight until the next
    /// answer.
    pub result: Vec<String>,
    /// The advice last asked for (`hint`), or the hand asked to be shown, until the next
    /// answer.
    pub aside: Option<Aside>,
    /// How far the table is scrolled down, what was said scrolled up, and the hint's rows
    /// scrolled down, in lines.
    pub table_scroll: u16,
    /// How far the board's window is moved from where the play is (PgUp/PgDn), until the
    /// table changes.
    pub board_offset: i16,
    pub said_scroll: u16,
    pub hint_scroll: u16,
    /// The legal answers to the question, when the game can list them: shown numbered
    /// when they are few ([`FEW`]), so a number chooses one; Tab completes any.
    pub choices: Vec<Choice>,
    /// The game is over: the last screen stays until a key, nothing to type.
    pub over: bool,
    /// How many of the lines said were recalled from before a resumed session: none of
    /// them is the latest thing said.
    pub recalled: usize,
}

/// What Enter sends: the line as typed, or the answer a number picked, by its place among
/// the question's choices or the hint's rows (the session maps it back to the answer).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Submitted {
    Typed(String),
    Choice(usize),
    HintRow(usize),
}

/// How many legal answers are shown numbered below the question.
pub const FEW: usize = 12;

impl Screen {
    pub fn new(title: impl Into<String>) -> Screen {
        Screen {
            title: title.into(),
            ..Screen::default()
        }
    }

    /// Adds what was said, one entry per line of text.
    pub fn say(&mut self, said: Said) {
        let (text, make): (&str, fn(String) -> Said) = match &said {
            Said::Told(t) => (t, Said::Told),
            Said::Result(t) => (t, Said::Result),
            Said::Typed(t) => (t, Said::Typed),
            Said::Refused(t) => (t, Said::Refused),
        };
        let lines: Vec<Said> = text
            .trim_end_matches('\n')
            .lines()
            .map(|l| make(l.to_string()))
            .collect();
        // Every result told since the last answer stays in sight (a reveal settled, then
        // what its winner keeps).
        if matches!(said, Said::Result(_)) {
            let lines = text.trim_end_matches('\n').lines();
            self.result.extend(lines.map(str::to_string));
        }
        self.said.extend(lines);
        if self.said.len() > KEPT {
            let extra = self.said.len() - KEPT;
            self.said.drain(..extra);
        }
        self.said_scroll = 0;
    }

    /// The table as the game knows it.
    pub fn set_table(&mut self, table: crate::view::Table) {
        // The board's window follows the play again once the table has changed.
        if table.picture != self.table.picture {
            self.board_offset = 0;
        }
        self.table = table;
    }

    /// What kado tells the table.
    pub fn tell(&mut self, text: &str) {
        self.say(Said::Told(plain(text)));
    }

    /// What kado tells the table, each event by its kind.
    pub fn tell_events(&mut self, events: &[Event]) {
        // The screen is the table's: an event for one seat's eyes is on its page alone.
        for e in events.iter().filter(|e| e.is_public()) {
            let text = plain(&e.text);
            self.say(match e.kind {
                Kind::Told => Said::Told(text),
                Kind::Result => Said::Result(text),
            });
        }
    }

    /// An answer refused, and why.
    pub fn refuse(&mut self, why: &str) {
        self.say(Said::Refused(plain(why)));
    }

    /// Advice asked for: in its panel until the next answer; a number then takes its row.
    pub fn advise(&mut self, hint: &Hint) {
        self.aside = Some(Aside::Hint(hint.clone()));
        self.hint_scroll = 0;
    }

    /// A hand shown on request (a hand kept private): in the same panel, under its own
    /// title, until the next answer. It is not advice, so Tab does not take from it.
    pub fn show_hand(&mut self, hand: &Hand) {
        self.aside = Some(Aside::Hand(hand.clone()));
    }

    /// The hint on screen, if any.
    fn hint(&self) -> Option<&Hint> {
        match &self.aside {
            Some(Aside::Hint(h)) => Some(h),
            _ => None,
        }
    }

    /// Enter: the answer typed, or the answer a number typed alone stands for (by its
    /// place, not its text), said back; the prompt is cleared for the next question.
    pub fn submit(&mut self) -> Submitted {
        let typed = std::mem::take(&mut self.input);
        let (sent, line) = match self.picked(&typed) {
            Some((sent, c)) => (sent, c.typed.clone()),
            None => (Submitted::Typed(typed.clone()), typed),
        };
        self.choices.clear();
        self.cursor = 0;
        self.aside = None;
        self.result.clear();
        self.say(Said::Typed(line));
        sent
    }

    /// The answer a number typed alone picks, and where it is: a hint's row while a hint
    /// is shown, else one of the choices numbered.
    fn picked(&self, typed: &str) -> Option<(Submitted, &Choice)> {
        let n: usize = typed.trim().parse().ok()?;
        let i = n.checked_sub(1)?;
        if let Some(h) = self.hint().filter(|h| !h.rows.is_empty()) {
            let row = self.row_numbers(h).iter().position(|k| *k == n)?;
            return h
                .rows
                .get(row)
                .map(|r| (Submitted::HintRow(row), &r.answer));
        }
        if self.numbering() {
            return self.choices.get(i).map(|c| (Submitted::Choice(i), c));
        }
        None
    }

    /// The screen drawn on a `w`×`h` grid of text (the test backend), one line per row
    /// without trailing spaces: what a terminal of that size shows.
    pub fn text(&self, w: u16, h: u16) -> String {
        // The test backend cannot fail (its error type has no values).
        let Ok(mut t) = ratatui::Terminal::new(ratatui::backend::TestBackend::new(w, h));
        let _ = t.draw(|f| self.draw(f));
        let buf = t.backend().buffer();
        let mut out = String::new();
        for y in 0..h {
            let mut line = String::new();
            let mut covered = 0;
            for x in 0..w {
                let symbol = buf[(x, y)].symbol();
                // A wide character (🃏) spans the next cell too, which holds a blank.
                if covered > 0 {
                    covered -= 1;
                    continue;
                }
                covered = width(symbol).saturating_sub(1);
                line += symbol;
            }
            out += line.trim_end();
            out.push('\n');
        }
        out
    }

    /// The answer the hint on screen puts first, as it is typed: Tab at an empty prompt
    /// takes it.
    pub fn advised_answer(&self) -> Option<&str> {
        self.hint()?.best().map(|c| c.typed.as_str())
    }

    /// The answer a number typed alone stands for, when answers are shown numbered.
    pub fn chosen(&self, typed: &str) -> Option<&str> {
        self.picked(typed).map(|(_, c)| c.typed.as_str())
    }

    /// The number of each row of `hint`: one numbering everywhere, so a row that is one
    /// of the question's numbered choices keeps that choice's number, and the others
    /// follow the choices (all in order where the choices are not numbered).
    pub fn row_numbers(&self, hint: &Hint) -> Vec<usize> {
        if !self.numbering() {
            return (1..=hint.rows.len()).collect();
        }
        let mut next = self.choices.len();
        (hint.rows.iter())
            .map(|r| {
                let same = |c: &Choice| c.typed.trim().eq_ignore_ascii_case(r.answer.typed.trim());
                match self.choices.iter().position(same) {
                    Some(k) => k + 1,
                    None => {
                        next += 1;
                        next
                    }
                }
            })
            .collect()
    }

    /// Tab after some typing: the one legal answer it begins (any case), or as much as all
    /// the answers it begins share. Nothing changes when none does. Returns the answers
    /// it begins, so more than one can be listed.
    pub fn complete(&mut self) -> Vec<String> {
        let typed = self.input.to_lowercase();
        let mut all: Vec<&str> = self.choices.iter().map(|c| c.typed.as_str()).collect();
        if let Some(h) = self.hint() {
            all.extend(h.rows.iter().map(|r| r.answer.typed.as_str()));
        }
        let fits: Vec<&str> = all
            .into_iter()
            .filter(|c| c.to_lowercase().starts_with(&typed))
            .collect();
        let mut listed: Vec<String> = Vec::new();
        for f in &fits {
            if !listed.iter().any(|l| l == f) {
                listed.push((*f).to_string());
            }
        }
        let Some(first) = fits.first() else {
            return listed;
        };
        let mut common: Vec<char> = first.chars().collect();
        for other in &fits[1..] {
            let same = common
                .iter()
                .zip(other.chars())
                .take_while(|(a, b)| a.eq_ignore_ascii_case(b))
                .count();
            common.truncate(same);
        }
        if common.len() >= self.input.chars().count() {
            self.input = common.into_iter().collect();
            self.cursor = self.input.chars().count();
        }
        listed
    }

    /// Whether the choices are numbered: they are few, and none is itself a number (the
    /// number of extra cards to draw keeps its meaning).
    fn numbering(&self) -> bool {
        !self.choices.is_empty()
            && self.choices.len() <= FEW
            && !self
                .choices
                .iter()
                .any(|c| c.typed.trim().parse::<u64>().is_ok())
    }

    /// The numbered choices as one line of text, when they are numbered and no hint
    /// numbers its own rows.
    fn numbered(&self) -> Option<String> {
        if !self.numbering() || self.hint().is_some_and(|h| !h.rows.is_empty()) {
            return None;
        }
        let items: Vec<String> = self
            .choices
            .iter()
            .enumerate()
            .map(|(i, c)| format!("{} {}", i + 1, c.label))
            .collect();
        Some(items.join(" · "))
    }

    /// Whether the screen is wide enough for the side-by-side layout.
    fn wide(area: Rect) -> bool {
        area.width >= 140
    }

    /// Draws the whole screen.
    pub fn draw(&self, frame: &mut Frame) {
        let area = frame.area();
        let inner = area.width.saturating_sub(2);
        let choice_rows = self
            .numbered()
            .map_or(0, |line| wrapped_rows(&line, inner).min(3));
        // A question of more than one line (the market, then what to buy) keeps each.
        let question_rows = wrapped_rows(&self.question, inner).clamp(1, 4);
        // At the end nothing is typed: the question box holds the words alone.
        let input_rows = if self.over { 2 } else { 3 };
        let [body, ask] = Layout::vertical([
            Constraint::Min(8),
            Constraint::Length(input_rows + question_rows + choice_rows),
        ])
        .areas(area);
        let (table, side) = if let Some(split) = self.end_beside(body) {
            split
        } else if Screen::wide(area) {
            let [t, s] =
                Layout::horizontal([Constraint::Min(80), Constraint::Length(58)]).areas(body);
            (t, s)
        } else {
            // The table keeps the rows it needs (at least 6); what was said gets the rest,
            // at least 4; advice asked for gets at least 12 (the table scrolls).
            // What was said keeps at least 4 rows and its borders.
            let most_rows = usize::from(body.height.saturating_sub(8));
            let table_rows = u16::try_from(
                self.table_lines(body.width.saturating_sub(2), most_rows)
                    .len(),
            )
            .unwrap_or(u16::MAX);
            let room = body.height.saturating_sub(table_rows.saturating_add(2));
            // What was said last is seen whole, from its first word, where it fits in half
            // the room.
            let last = self
                .last_said_rows(body.width.saturating_sub(2))
                .saturating_add(2);
            let least = if let Some(aside) = &self.aside {
                // A hint of few rows (Koi-Koi's koi or stop) leaves the table its rows:
                // its header, rows and first notes; the rest of its notes scroll.
                match aside {
                    Aside::Hint(h) => u16::try_from(h.rows.len() + 3).unwrap_or(12).min(12),
                    Aside::Hand(_) => 12,
                }
            } else {
                // At the end of a game what decided it comes first: the table keeps 6.
                let most = if self.over {
                    body.height.saturating_sub(6)
                } else {
                    body.height / 2
                };
                last.clamp(4, most.max(4)) + self.result_rows(body.width)
            };
            let side_rows = room.max(least).min(body.height.saturating_sub(6));
            let [t, s] =
                Layout::vertical([Constraint::Min(6), Constraint::Length(side_rows)]).areas(body);
            (t, s)
        };
        self.draw_table(frame, table);
        let side = self.draw_result(frame, side);
        match &self.aside {
            Some(aside) => {
                // The aside gets the rows it fills, leaving what was said at least 3.
                let needs = aside_rows(aside, side.width.saturating_sub(2)).saturating_add(2);
                // With room to spare what was said keeps 3 rows; else the aside first.
                let spare = side.height.saturating_sub(needs);
                let rows = needs.min(side.height.saturating_sub(spare.min(3)));
                let [s, a] =
                    Layout::vertical([Constraint::Fill(1), Constraint::Length(rows)]).areas(side);
                self.draw_said(frame, s);
                match aside {
                    Aside::Hint(h) => {
                        draw_hint(frame, a, h, &self.row_numbers(h), self.hint_scroll)
                    }
                    Aside::Hand(h) => draw_hand(frame, a, h),
                }
            }
            None => self.draw_said(frame, side),
        }
        self.draw_question(frame, ask);
    }

    /// The end of a game where the table and what decided it do not fit one over the
    /// other, and the table is narrow: the table on the left at its width, whole, and what
    /// was said beside it.
    fn end_beside(&self, body: Rect) -> Option<(Rect, Rect)> {
        if !self.over || Screen::wide(body) {
            return None;
        }
        let inner = body.height.saturating_sub(2);
        let lines = self.table_lines(body.width.saturating_sub(2), usize::from(inner));
        let rows = u16::try_from(lines.len()).unwrap_or(u16::MAX);
        let said = self.last_said_rows(body.width.saturating_sub(2));
        let stacked = rows.saturating_add(said).saturating_add(4);
        let table_w = lines.iter().map(Line::width).max().unwrap_or(0);
        let table_w = u16::try_from(table_w).unwrap_or(u16::MAX).saturating_add(2);
        if stacked <= body.height || rows > inner || table_w + END_SAID_COLUMNS > body.width {
            return None;
        }
        let [t, s] =
            Layout::horizontal([Constraint::Length(table_w), Constraint::Fill(1)]).areas(body);
        Some((t, s))
    }

    /// The rows the result panel takes at `width` (none without a result).
    fn result_rows(&self, width: u16) -> u16 {
        if self.result.is_empty() {
            return 0;
        }
        let text = self.result.join("\n");
        wrapped_rows(&text, width.saturating_sub(2)).saturating_add(2)
    }

    /// The last result, above what was said, until the next answer; the rest of `area`.
    fn draw_result(&self, frame: &mut Frame, area: Rect) -> Rect {
        let rows = self.result_rows(area.width);
        if rows == 0 {
            return area;
        }
        let shown = rows.min(area.height.saturating_sub(3));
        let [r, rest] =
            Layout::vertical([Constraint::Length(shown), Constraint::Fill(1)]).areas(area);
        let title = if shown < rows {
            " Result (cut: the rest is under Said, Alt-↑) "
        } else {
            " Result "
        };
        let p = Paragraph::new(self.result.join("\n"))
            .block(Block::default().borders(Borders::ALL).title(title))
            .wrap(Wrap { trim: false });
        frame.render_widget(p, r);
        rest
    }

    /// The table's lines in a panel `columns` wide and `rows` tall: a line longer than the
    /// panel (Kinga's exiled cards, Koi-Koi's closest yaku) wraps at its spaces rather than
    /// being cut.
    fn table_lines(&self, columns: u16, rows: usize) -> Vec<Line<'static>> {
        let p = self.table_parts(columns, rows);
        [p.above, p.board, p.below].concat()
    }

    /// The table's parts in a panel `columns` wide and `rows` tall: where they do not fit,
    /// Kingmaker's Commons in its few lines rather than its hexagons.
    fn table_parts(&self, columns: u16, rows: usize) -> table::Parts {
        let mut p = table::parts(&self.table, columns, self.colour);
        if p.above.len() + p.board.len() + p.below.len() > rows
            && let Some(compact) = table::compact_board(&self.table, self.colour)
        {
            p.focus = 0;
            p.board = compact;
        }
        p
    }

    fn draw_table(&self, frame: &mut Frame, area: Rect) {
        if self.draw_board_window(frame, area) {
            return;
        }
        let lines = self.table_lines(
            area.width.saturating_sub(2),
            usize::from(area.height.saturating_sub(2)),
        );
        let rows = u16::try_from(lines.len()).unwrap_or(u16::MAX);
        let inner = area.height.saturating_sub(2);
        let scroll = self.table_scroll.min(rows.saturating_sub(inner));
        let mut title = format!(" {} ", self.title);
        if rows > inner {
            let last = (scroll + inner).min(rows);
            title += &format!("— rows {}–{last} of {rows}, PgUp/PgDn ", scroll + 1);
        }
        let p = Paragraph::new(lines)
            .block(Block::default().borders(Borders::ALL).title(title))
            .scroll((scroll, 0));
        frame.render_widget(p, area);
    }

    /// A table taller than its panel with a board: the parts around the board whole, the
    /// board through the rows left (at least [`BOARD_ROWS`]), centred on where the play is
    /// and moved by PgUp/PgDn from there. False, drawing nothing, where the table fits, has
    /// no board, or leaves the board too few rows.
    fn draw_board_window(&self, frame: &mut Frame, area: Rect) -> bool {
        let columns = area.width.saturating_sub(2);
        let inner = usize::from(area.height.saturating_sub(2));
        let p = self.table_parts(columns, inner);
        let fixed = p.above.len() + p.below.len();
        let total = fixed + p.board.len();
        if total <= inner {
            return false;
        }
        // Narrow above and the board whole: what lies below goes beside them, where that
        // hides fewer rows than one under the other.
        let left_w = (p.above.iter().chain(&p.board).map(Line::width).max()).unwrap_or(0) + 1;
        let right = columns.saturating_sub(u16::try_from(left_w + 1).unwrap_or(u16::MAX));
        if p.above.len() + p.board.len() <= inner
            && usize::from(right) >= BESIDE_COLUMNS
            && self.table_parts(right, inner).below.len() < total
        {
            self.draw_below_beside(frame, area, p, left_w);
            return true;
        }
        if p.board.is_empty() {
            return false;
        }
        if fixed + BOARD_ROWS > inner {
            return self.draw_board_beside(frame, area, p);
        }
        let window = inner - fixed;
        let (top, title) = self.board_window(&p, window);
        let shown = p.board[top..top + window].iter().cloned();
        let lines: Vec<Line> = (p.above.into_iter()).chain(shown).chain(p.below).collect();
        let para = Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(title));
        frame.render_widget(para, area);
        true
    }

    /// A board too tall for the rows left under and over it, in a panel wide enough for
    /// more than the board: the parts above it whole, then the board's window on the left
    /// and what lies below it (the places, the middle, the notes) on its right, from its
    /// first line. False where the board leaves too little width beside it.
    fn draw_board_beside(&self, frame: &mut Frame, area: Rect, p: table::Parts) -> bool {
        let columns = usize::from(area.width.saturating_sub(2));
        let inner = usize::from(area.height.saturating_sub(2));
        let board_w = p.board.iter().map(Line::width).max().unwrap_or(0) + 1;
        let right_w = columns.saturating_sub(board_w + 1);
        let window = inner.saturating_sub(p.above.len());
        if right_w < BESIDE_COLUMNS || window < BOARD_ROWS {
            return false;
        }
        let right = u16::try_from(right_w).unwrap_or(u16::MAX);
        let below = self.table_parts(right, inner).below;
        let (top, title) = self.board_window(&p, window);
        let block = Block::default().borders(Borders::ALL).title(title);
        let body = block.inner(area);
        frame.render_widget(block, area);
        let above_rows = u16::try_from(p.above.len()).unwrap_or(u16::MAX);
        let [top_part, rest] =
            Layout::vertical([Constraint::Length(above_rows), Constraint::Fill(1)]).areas(body);
        frame.render_widget(Paragraph::new(p.above), top_part);
        let board_cols = u16::try_from(board_w).unwrap_or(u16::MAX);
        let [left, _, beside] = Layout::horizontal([
            Constraint::Length(board_cols),
            Constraint::Length(1),
            Constraint::Fill(1),
        ])
        .areas(rest);
        let shown: Vec<Line> = p.board.into_iter().skip(top).take(window).collect();
        frame.render_widget(Paragraph::new(shown), left);
        frame.render_widget(Paragraph::new(below), beside);
        true
    }

    /// A board that fits whole with what lies above it, both narrow: those on the left,
    /// `left_w` columns, and what lies below the board on their right, from the top;
    /// PgUp/PgDn move it where it is longer than the panel.
    fn draw_below_beside(&self, frame: &mut Frame, area: Rect, p: table::Parts, left_w: usize) {
        let columns = area.width.saturating_sub(2);
        let inner = usize::from(area.height.saturating_sub(2));
        let left_cols = u16::try_from(left_w).unwrap_or(u16::MAX);
        let right = columns.saturating_sub(left_cols + 1);
        let below = self.table_parts(right, inner).below;
        let last_top = below.len().saturating_sub(inner);
        let top = usize::from(self.table_scroll).min(last_top);
        let mut title = format!(" {} ", self.title);
        if last_top > 0 {
            title += &format!(
                "— rows {}–{} of {} beside, PgUp/PgDn ",
                top + 1,
                (top + inner).min(below.len()),
                below.len()
            );
        }
        let block = Block::default().borders(Borders::ALL).title(title);
        let body = block.inner(area);
        frame.render_widget(block, area);
        let [left, _, beside] = Layout::horizontal([
            Constraint::Length(left_cols),
            Constraint::Length(1),
            Constraint::Fill(1),
        ])
        .areas(body);
        let shown: Vec<Line> = p.above.into_iter().chain(p.board).collect();
        frame.render_widget(Paragraph::new(shown), left);
        let below: Vec<Line> = below.into_iter().skip(top).collect();
        frame.render_widget(Paragraph::new(below), beside);
    }

    /// The first board row of a window `window` rows tall, centred on where the play is
    /// and moved by PgUp/PgDn from there, and the panel's title naming the rows shown.
    fn board_window(&self, p: &table::Parts, window: usize) -> (usize, String) {
        let last_top = p.board.len().saturating_sub(window);
        let follow = p.focus.saturating_sub(window / 2).min(last_top);
        let moved = i64::try_from(follow).unwrap_or(0) + i64::from(self.board_offset);
        let top = usize::try_from(moved.max(0)).unwrap_or(0).min(last_top);
        let title = format!(
            " {} — board rows {}–{} of {}, PgUp/PgDn ",
            self.title,
            top + 1,
            (top + window).min(p.board.len()),
            p.board.len()
        );
        (top, title)
    }

    /// PgUp (`up`) or PgDn on the table: its rows, or its board's where the board has a
    /// window of its own.
    pub fn scroll_table(&mut self, up: bool) {
        let by: i16 = if up { -10 } else { 10 };
        self.table_scroll = self.table_scroll.saturating_add_signed(by);
        self.board_offset = self.board_offset.saturating_add(by);
    }

    /// Where the latest thing said starts: at the last answer typed, with all said after
    /// it (a refusal, `help`'s lines, a season's instructions), else at the start; after
    /// a result, which has its own panel.
    fn latest_said(&self) -> usize {
        let typed = (self.said.iter())
            .rposition(|s| matches!(s, Said::Typed(_)))
            .max(self.recalled.checked_sub(1));
        let result = (self.said.iter())
            .rposition(|s| matches!(s, Said::Result(_)))
            .filter(|_| !self.result.is_empty());
        typed.unwrap_or(0).max(result.map_or(0, |r| r + 1))
    }

    /// The rows the latest thing said takes at `width`.
    fn last_said_rows(&self, width: u16) -> u16 {
        (self.said[self.latest_said()..].iter())
            .map(|s| wrapped_rows(&s.text(), width))
            .fold(0, u16::saturating_add)
    }

    /// What was said, the latest at the bottom, each line wrapped to the panel. The latest
    /// thing said, when taller than the panel, shows from its first word.
    fn draw_said(&self, frame: &mut Frame, area: Rect) {
        let inner = area.height.saturating_sub(2);
        let width = area.width.saturating_sub(2);
        let end = self.said.len().saturating_sub(self.said_scroll as usize);
        if self.said_scroll == 0 && self.last_said_rows(width) > inner {
            // Too long for the panel: the latest thing said from its first word.
            let from = self.latest_said();
            let lines: Vec<Line> = self.said[from..end].iter().map(said_line).collect();
            let p = Paragraph::new(lines)
                .block(
                    Block::default()
                        .borders(Borders::ALL)
                        .title(" Said (the latest, cut at its end) "),
                )
                .wrap(Wrap { trim: false });
            frame.render_widget(p, area);
            return;
        }
        // The latest lines that fit as they wrap.
        let mut start = end;
        let mut used = 0u16;
        while start > 0 {
            let rows = wrapped_rows(&self.said[start - 1].text(), width);
            if used + rows > inner && used > 0 {
                break;
            }
            used += rows;
            start -= 1;
        }
        let lines: Vec<Line> = self.said[start..end].iter().map(said_line).collect();
        let title = if self.said_scroll > 0 {
            " Said (scrolled: Alt-↓ for the latest) "
        } else {
            " Said "
        };
        // A line that wraps past the bottom shows its latest rows.
        let over = used.saturating_sub(inner);
        let p = Paragraph::new(lines)
            .block(Block::default().borders(Borders::ALL).title(title))
            .wrap(Wrap { trim: false })
            .scroll((over, 0));
        frame.render_widget(p, area);
    }

    fn draw_question(&self, frame: &mut Frame, area: Rect) {
        let hinted = self.hint().is_some_and(|h| !h.rows.is_empty());
        let title = if self.over {
            " game over · any key leaves "
        } else if hinted && self.input.is_empty() {
            " Tab: the hint's best · a number takes its row · help · undo · quit "
        } else if hinted {
            " a number takes the hint's row · Tab completes · help · undo · quit "
        } else if self.numbered().is_some() {
            " a number chooses · Tab completes · help · hint · show · undo · fix · quit "
        } else if !self.choices.is_empty() {
            " Tab completes · help · hint · show · undo · fix · quit "
        } else {
            " help · hint · show · undo · fix · quit "
        };
        let block = Block::default().borders(Borders::ALL).title(title);
        let inner = block.inner(area);
        let bold = Look::default().add_modifier(Modifier::BOLD);
        let mut lines: Vec<Line> = self
            .question
            .lines()
            .map(|l| Line::from(Span::styled(l.to_string(), bold)))
            .collect();
        if let Some(choices) = self.numbered() {
            lines.push(Line::from(Span::styled(
                choices,
                Look::default().add_modifier(Modifier::DIM),
            )));
        }
        // The answer being typed stays on the last line, below the choices however they wrap.
        let [above, last] =
            Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(inner);
        frame.render_widget(block, area);
        if self.over {
            frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), inner);
            return;
        }
        frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), above);
        // A long answer scrolls so the cursor stays in sight: only what fits is drawn.
        let before: String = self.input.chars().take(self.cursor).collect();
        let at = width(&before) + 2;
        let room = usize::from(last.width.saturating_sub(1)).max(1);
        let typed = format!("> {}", self.input);
        let (shown, skipped) = from_column(&typed, at.saturating_sub(room), room + 1);
        frame.render_widget(Paragraph::new(shown), last);
        let x = u16::try_from(at.saturating_sub(skipped)).unwrap_or(last.width);
        if inner.height >= 2 {
            frame.set_cursor_position(Position::new(last.x.saturating_add(x), last.y));
        }
    }
}

fn said_line(s: &Said) -> Line<'static> {
    match s {
        Said::Told(t) => Line::from(t.clone()),
        Said::Result(t) => Line::from(Span::styled(
            t.clone(),
            Look::default().add_modifier(Modifier::BOLD),
        )),
        Said::Typed(_) => Line::from(Span::styled(
            s.text(),
            Look::default().add_modifier(Modifier::DIM),
        )),
        Said::Refused(_) => Line::from(Span::styled(
            s.text(),
            Look::default().add_modifier(Modifier::BOLD),
        )),
    }
}

/// `text` from display column `skip` on (a wide character cut there left out), at most
/// `take` columns of it; and the columns left out before it.
fn from_column(text: &str, skip: usize, take: usize) -> (String, usize) {
    let mut skipped = 0;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.peek() {
        if skipped >= skip {
            break;
        }
        skipped += unicode_width::UnicodeWidthChar::width(*c).unwrap_or(0);
        chars.next();
    }
    let mut used = 0;
    let shown = chars
        .take_while(|c| {
            used += unicode_width::UnicodeWidthChar::width(*c).unwrap_or(0);
            used <= take
        })
        .collect();
    (shown, skipped)
}

/// The display width of `text` (a wide character counts two columns).
fn width(text: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(text)
}

/// The rows `text` fills when wrapped to `width` columns (a line, however short, fills one).
fn wrapped_rows(text: &str, columns: u16) -> u16 {
    let columns = usize::from(columns).max(1);
    let rows: usize = text
        .lines()
        .map(|l| width(l).div_ceil(columns).max(1))
        .sum();
    u16::try_from(rows).unwrap_or(u16::MAX)
}

/// The rows an aside fills inside a panel `columns` wide.
fn aside_rows(aside: &Aside, columns: u16) -> u16 {
    match aside {
        Aside::Hint(h) => hint_layout(h, &[], columns).0.len() as u16,
        Aside::Hand(h) => wrapped_rows(&hand_text(h), columns),
    }
}

fn hand_text(hand: &Hand) -> String {
    let parts: Vec<String> = hand.parts.iter().map(crate::view::Part::text).collect();
    parts.join("\n")
}

fn draw_hand(frame: &mut Frame, area: Rect, hand: &Hand) {
    let title = format!(
        " {} hand ",
        crate::words::capitalised(&crate::words::possessive(&hand.player))
    );
    let p = Paragraph::new(hand_text(hand))
        .block(Block::default().borders(Borders::ALL).title(title))
        .wrap(Wrap { trim: false });
    frame.render_widget(p, area);
}

/// A hint's lines in a panel `columns` wide: the headline wrapped, then its table with
/// the columns that fit (the least needed dropped first, the answer cut with `…` only
/// when nothing else is left to drop), then what was left out and the notes, wrapped.
/// Also how many of them (headline and the table's header) stay in sight when the rest
/// scrolls.
fn hint_layout(hint: &Hint, numbers_of: &[usize], columns: u16) -> (Vec<Line<'static>>, usize) {
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

/// `text` wrapped at word boundaries into lines of at most `w` columns (a word longer
/// than a line is broken).
pub fn wrap(text: &str, w: usize) -> Vec<String> {
    let w = w.max(1);
    let mut out = Vec::new();
    for para in text.lines() {
        let mut line = String::new();
        let mut used = 0;
        for word in para.split(' ') {
            if used > 0 && used + 1 + width(word) > w {
                out.push(std::mem::take(&mut line));
                used = 0;
            }
            if used > 0 {
                line.push(' ');
                used += 1;
            }
            for c in word.chars() {
                let cw = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
                if used > 0 && used + cw > w {
                    out.push(std::mem::take(&mut line));
                    used = 0;
                }
                line.push(c);
                used += cw;
            }
        }
        out.push(line);
    }
    out
}

/// The hint in its panel: the headline and the table's header stay in sight, the rows
/// and notes below scroll (PgUp/PgDn), and the title says which rows are shown.
fn draw_hint(frame: &mut Frame, area: Rect, hint: &Hint, numbers: &[usize], scroll: u16) {
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

/// Text without ANSI colour codes (the table is drawn in colour for line mode).
pub fn plain(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::Column;

    /// A table of nothing but notes, one a line.
    fn noted(text: &str) -> crate::view::Table {
        let mut t = crate::view::Table::new("test");
        t.notes = text.lines().map(str::to_string).collect();
        t
    }

    fn screen_text(s: &Screen, w: u16, h: u16) -> String {
        s.text(w, h)
    }

    /// An answer of 64 KiB overflowed the cursor's column and the view panicked: the
    /// part around the cursor is drawn, wide characters counted two columns.
    #[test]
    fn a_64_kib_answer_overflowed_the_cursor_column() {
        let mut s = Screen::new("Kinga");
        s.question = "your play".into();
        s.input = "2D 🃏 ".repeat(11_000);
        s.cursor = s.input.chars().count();
        let text = screen_text(&s, 80, 24);
        let last = text.lines().rev().nth(1).unwrap_or_default();
        assert!(last.contains("2D 🃏"), "{text}");
        s.cursor = 3;
        assert!(screen_text(&s, 80, 24).contains("│> 2D 🃏 2D"));
        assert_eq!(from_column("> ab🃏c", 4, 3), ("🃏c".to_string(), 4));
        assert_eq!(from_column("> ab🃏c", 5, 3), ("c".to_string(), 6));
    }

    #[test]
    fn colour_codes_are_left_out_of_the_view() {
        assert_eq!(plain("\x1b[31mA♥\x1b[0m K♠"), "A♥ K♠");
        assert_eq!(plain("no codes"), "no codes");
    }

    #[test]
    fn an_80_by_24_screen_holds_table_said_and_question() {
        let mut s = Screen::new("Koi-Koi");
        s.table = noted("Round 1 of 6 · ana deals\nField: 1p 3b 4p 6r\n");
        s.question = "ana plays".into();
        s.input = "1r>1p".into();
        s.cursor = 5;
        s.say(Said::Told(
            "ana's hand is dealt.\nThe field is dealt.".into(),
        ));
        s.say(Said::Typed("1r>1p".into()));
        s.say(Said::Refused("1r is not in ana's hand".into()));
        let text = screen_text(&s, 80, 24);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], format!("┌ Koi-Koi {}┐", "─".repeat(69)));
        assert_eq!(
            lines[1],
            format!("│Round 1 of 6 · ana deals{}│", " ".repeat(54))
        );
        assert_eq!(lines[2], format!("│Field: 1p 3b 4p 6r{}│", " ".repeat(60)));
        // What was said grows into the rows the table does not need.
        assert_eq!(lines[6], format!("┌ Said {}┐", "─".repeat(72)));
        assert_eq!(
            lines[7],
            format!("│ana's hand is dealt.{}│", " ".repeat(58))
        );
        assert_eq!(lines[9], format!("│> 1r>1p{}│", " ".repeat(71)));
        assert_eq!(
            lines[10],
            format!("│✗ 1r is not in ana's hand{}│", " ".repeat(53))
        );
        assert_eq!(lines[19], format!("└{}┘", "─".repeat(78)));
        assert_eq!(
            lines[20],
            format!(
                "┌ help · hint · show · undo · fix · quit {}┐",
                "─".repeat(38)
            )
        );
        assert_eq!(lines[21], format!("│ana plays{}│", " ".repeat(69)));
        assert_eq!(lines[22], format!("│> 1r>1p{}│", " ".repeat(71)));
        assert_eq!(lines.len(), 24);
    }

    #[test]
    fn a_tall_table_scrolls_and_says_where_it_is() {
        let mut s = Screen::new("Pokino");
        s.table = noted(&(1..=33).map(|i| format!("row {i}\n")).collect::<String>());
        s.table_scroll = 5;
        let text = screen_text(&s, 80, 24);
        let first = text.lines().next().unwrap();
        assert!(
            first.starts_with("┌ Pokino — rows 6–19 of 33, PgUp/PgDn "),
            "{first}"
        );
        assert!(text.lines().nth(1).unwrap().starts_with("│row 6"), "{text}");
        // Scrolled past the end, it stops at the last rows.
        s.table_scroll = 100;
        let text = screen_text(&s, 80, 24);
        assert!(
            text.lines().next().unwrap().contains("rows 20–33 of 33"),
            "{text}"
        );
    }

    /// Issue 62: the two-line Said panel showed a long refusal from its middle ("share a
    /// side with one) (laying a domino); legal instead: …"). The panel grows to show the
    /// answer and the whole refusal, from their first words; one taller than the room
    /// left shows from its start.
    #[test]
    fn a_long_refusal_was_cut_at_its_start() {
        let mut s = Screen::new("Pokino");
        s.table = noted(&(1..=30).map(|i| format!("row {i}\n")).collect::<String>());
        s.question = "ana's turn".into();
        s.say(Said::Typed("domino 3-3@9,9h".into()));
        let why = "3-3@9,9h does not touch the dominoes laid: each square of a domino laid must share a side with one (laying a domino); legal instead: 3-3@4,0h, 3-3@4,1h, 3-3@-1,0h, 3-3@2,2v, and 20 more";
        s.say(Said::Refused(why.into()));
        let text = screen_text(&s, 80, 24);
        assert!(text.contains("│> domino 3-3@9,9h"), "{text}");
        assert!(text.contains("│✗ 3-3@9,9h does not touch"), "{text}");
        assert!(text.contains("and 20 more"), "{text}");
        s.say(Said::Refused(format!("{why} ").repeat(12)));
        let text = screen_text(&s, 80, 24);
        assert!(text.contains("│✗ 3-3@9,9h does not touch"), "{text}");
        assert!(text.contains("Said (the latest, cut at its end)"), "{text}");
    }

    /// Issue 62: Pokino's 40-row board kept the seat's hand and the places off-screen at
    /// 80×24 (PgUp every turn). The lines around the board stay whole; the board shows
    /// through the rows left, centred on its marked places, PgUp/PgDn moving it from there
    /// until the table changes.
    #[test]
    fn a_tall_board_pushed_the_hand_off_screen() {
        use crate::view::{Look, Picture, Run};
        let mut s = Screen::new("Pokino");
        let mut t = noted("ana holds 3♥ 10♠ 6♦\nplaces: 1) 7-8@0,-2v 2) 8-7@0,-2v");
        let row = |i: usize| {
            let look = if (30..=32).contains(&i) {
                Look::Place
            } else {
                Look::Plain
            };
            vec![Run {
                text: format!("board row {i}"),
                look,
            }]
        };
        t.picture = Some(Picture {
            rows: (0..40).map(row).collect(),
            pieces: Vec::new(),
            last: None,
        });
        s.set_table(t.clone());
        let text = screen_text(&s, 80, 24);
        let first = text.lines().next().unwrap();
        assert!(
            first.contains("board rows 26–37 of 40, PgUp/PgDn"),
            "{text}"
        );
        for seen in [
            "board row 25",
            "board row 31",
            "board row 36",
            "ana holds",
            "places: 1)",
        ] {
            assert!(text.contains(seen), "{seen}:\n{text}");
        }
        assert!(
            !text.contains("board row 24") && !text.contains("board row 37"),
            "{text}"
        );
        s.scroll_table(true);
        let text = screen_text(&s, 80, 24);
        assert!(
            text.lines().next().unwrap().contains("rows 16–27 of 40"),
            "{text}"
        );
        // A move: the window follows the play again.
        t.picture.as_mut().unwrap().rows[0] = vec![Run {
            text: "a domino laid".into(),
            look: Look::Plain,
        }];
        s.set_table(t);
        let text = screen_text(&s, 80, 24);
        assert!(
            text.lines().next().unwrap().contains("rows 26–37 of 40"),
            "{text}"
        );
    }

    /// A hint of `rows` answers, each with the figures a Pokino hint has.
    fn pokino_hint(answers: &[&str]) -> Hint {
        let mut h = Hint::new(
            "Answer",
            vec![Column::new("Points", 2), Column::new("What it does", 1)],
        );
        for (i, a) in answers.iter().enumerate() {
            h.row(
                Choice::typed(*a),
                vec![
                    format!("+{}.0 ± 3.1", 90 - i),
                    "a run of 5 cards; then more".into(),
                ],
            );
        }
        h.notes
            .push("Points: ana's final score less the best other player's, over 64 deals.".into());
        h
    }

    #[test]
    fn a_wide_screen_puts_what_was_said_and_the_advice_beside_the_table() {
        let mut s = Screen::new("Kinga");
        s.table = noted("Piles: ♠ 7 ♥ 9");
        s.say(Said::Told("Turn 3.".into()));
        s.advise(&pokino_hint(&["5S 4S > 6D"]));
        let text = screen_text(&s, 150, 30);
        let second = text.lines().nth(1).unwrap();
        assert!(second.starts_with("│Piles: ♠ 7 ♥ 9"), "{second}");
        assert!(
            second.ends_with("│Turn 3.                                                 │"),
            "{second}"
        );
        assert!(text.contains("┌ Hint "), "{text}");
        assert!(text.contains("│1  5S 4S > 6D"), "{text}");
    }

    #[test]
    fn the_advised_answer_is_the_best_row_s() {
        let mut s = Screen::new("x");
        assert_eq!(s.advised_answer(), None);
        s.advise(&pokino_hint(&["4C 8D JD", "none"]));
        assert_eq!(s.advised_answer(), Some("4C 8D JD"));
        let mut empty = pokino_hint(&[]);
        empty.headline = Some("Reveal either pair of your Blink, e.g. `RY`.".into());
        s.advise(&empty);
        assert_eq!(s.advised_answer(), None);
    }

    /// Tab took a Pokino hint's best run cut where its cell wrapped (`… @ 0,4`), and the
    /// game refused it: the answer is now the row's own, whatever the panel shows.
    #[test]
    fn tab_took_a_hint_answer_cut_where_its_cell_wrapped() {
        let run = "run 7S JD 5C 10S 3H @ 0,4 1,4 1,5 1,6 0,6";
        let long = "run 7S JD 5C 10S 3H 4D 9C KS QH 2S @ 0,4 1,4 1,5 1,6 0,6 0,7 1,7 2,7 3,7 4,7";
        for (w, h) in [(80, 24), (120, 40)] {
            let mut s = Screen::new("Pokino");
            s.table = noted(
                &(1..=14)
                    .map(|i| format!("board row {i}\n"))
                    .collect::<String>(),
            );
            s.advise(&pokino_hint(&[run, long, "pass"]));
            assert_eq!(s.advised_answer(), Some(run));
            assert_eq!(s.chosen("2"), Some(long));
            let text = screen_text(&s, w, h);
            // The best row is on screen, cut with a marker if it must be.
            let best = text
                .lines()
                .find(|l| l.starts_with("│1  run 7S"))
                .unwrap_or_else(|| panic!("{text}"));
            assert!(best.contains(run) || best.contains('…'), "{best}");
            s.input = String::new();
            s.input = s.advised_answer().unwrap().to_string();
            assert_eq!(s.submit(), Submitted::Typed(run.to_string()));
        }
    }

    /// At 80×24 a hint's table wrapped into broken lines: its columns are now dropped,
    /// least needed first, so each row keeps one line, with the best and at least three
    /// rows in sight or a marker that more follow.
    #[test]
    fn hint_tables_broke_at_80_by_24() {
        let mut s = Screen::new("Kinga");
        s.table = noted(&(1..=11).map(|i| format!("line {i}\n")).collect::<String>());
        s.say(Said::Typed("hint".into()));
        let mut h = Hint::new(
            "Answer",
            vec![
                Column::new("Wins", 3),
                Column::new("Avg score", 2),
                Column::new("What it does", 1),
            ],
        );
        for i in 1..=9 {
            h.row(
                Choice::typed(format!("2D JK JK on {i}H")),
                vec![
                    format!("{}% ± 6", 30 - i),
                    "1.25".into(),
                    "influences the king of hearts, then exiles the lowest card of the pile".into(),
                ],
            );
        }
        h.notes.push("Each choice played out 400 times.".into());
        s.advise(&h);
        let text = screen_text(&s, 80, 24);
        assert!(
            text.contains("│#  Answer          Wins     Avg score"),
            "{text}"
        );
        for i in 1..=3 {
            assert!(
                text.contains(&format!("│{i}  2D JK JK on {i}H")),
                "row {i}:\n{text}"
            );
        }
        assert!(text.contains("PgUp/PgDn"), "{text}");
        assert!(
            !text
                .contains("influences the king of hearts, then exiles the lowest card of the pile")
        );
        assert_eq!(text.lines().count(), 24);
        // Scrolled, the last rows and the note come into sight under the header.
        s.hint_scroll = 100;
        let text = screen_text(&s, 80, 24);
        assert!(text.contains("│9  2D JK JK on 9H"), "{text}");
        assert!(text.contains("Each choice played out 400 times."), "{text}");
    }

    /// A Koi-Koi hint's row 2 was `3b` while `2` at the prompt played `1p`; then (issue
    /// 62) the question's "1 koi · 2 stop" read "1 stop · 2 koi" in the hint, so typing 1
    /// by habit did the opposite. One numbering: a hint's row that is a numbered choice
    /// keeps the choice's number, at the prompt and in the hint; other rows follow.
    #[test]
    fn hint_rows_and_prompt_numbers_disagreed() {
        let mut s = Screen::new("Koi-Koi");
        s.choices = vec![
            Choice::typed("1p"),
            Choice::typed("3b"),
            Choice::typed("8b"),
        ];
        assert_eq!(s.chosen("2"), Some("3b"));
        s.advise(&pokino_hint(&["8b", "3b", "1p", "9s"]));
        assert_eq!(s.chosen("1"), Some("1p"));
        assert_eq!(s.chosen("3"), Some("8b"));
        assert_eq!(s.chosen("4"), Some("9s"));
        let text = screen_text(&s, 80, 24);
        assert!(text.contains("│3  8b"), "{text}");
        assert!(text.contains("│2  3b"), "{text}");
        assert!(text.contains("│1  1p"), "{text}");
        assert!(text.contains("│4  9s"), "{text}");
        // The numbered choices give way to the hint's rows, numbered alike.
        assert!(!text.contains("1 1p · 2 3b"), "{text}");
        s.input = "1".into();
        assert_eq!(s.submit(), Submitted::HintRow(2));
    }

    /// A round's result scrolled out of the four lines of what was said: it now stays in
    /// its own panel until the next answer.
    #[test]
    fn the_reveal_s_result_scrolled_away() {
        let mut s = Screen::new("Kin Kādo");
        s.table = noted(&(1..=9).map(|i| format!("table {i}\n")).collect::<String>());
        s.tell_events(&[
            Event::result("ALORA shows Q♠ Q♦ 9♣ 7♠ 10♥: one pair (tier 1, $56)\nyou show K♥ J♦ J♣ 10♦ 9♠: one pair (tier 1, $59)\nyou win the round: give you everything in the prize pool and every bet, and $5 from the bank."),
            Event::told("Deal ALORA 7 cards face down.\nDeal you 4 cards.\nRound 2: put the $1 chip in the prize pool.\nK♥ joins the prize pool.\nALORA sells A♠ 3♥."),
        ]);
        let text = screen_text(&s, 80, 24);
        assert!(text.contains("┌ Result "), "{text}");
        assert!(text.contains("you win the round"), "{text}");
        assert!(
            text.contains("│from the bank."),
            "the whole line, wrapped:\n{text}"
        );
        assert!(text.contains("ALORA sells A♠ 3♥."), "{text}");
        s.input = "none".into();
        s.submit();
        assert!(!screen_text(&s, 80, 24).contains("┌ Result "));
    }

    /// A reveal's result was pushed out of its panel by what its winner keeps, told as a
    /// result of the round's end: every result since the last answer stays.
    #[test]
    fn the_reveal_s_result_gave_way_to_the_next_result() {
        let mut s = Screen::new("Kin Kādo");
        s.tell_events(&[
            Event::result("you win the round: give you everything in the prize pool."),
            Event::result("ALORA keeps 2♦ face up."),
        ]);
        assert_eq!(
            s.result,
            [
                "you win the round: give you everything in the prize pool.",
                "ALORA keeps 2♦ face up."
            ]
        );
    }

    /// Kinga's `Exiled:` list was cut at the panel's edge: a long line of the table wraps.
    #[test]
    fn the_exiled_list_was_cut_at_the_panel_edge() {
        let mut s = Screen::new("Kinga");
        let exiled: Vec<String> = (2..=10)
            .flat_map(|r| ["S", "H", "D", "C"].map(|x| format!("{r}{x}")))
            .collect();
        s.table = noted(&format!("Turn 30\nExiled: {}\n", exiled.join(" ")));
        let text = screen_text(&s, 80, 24);
        assert!(text.contains("10C"), "{text}");
        assert!(text.contains("│Exiled: 2S"), "{text}");
    }

    /// The buy question's two lines ran together (`… deck cards $5 eachyou buy`) and its
    /// end was cut: each line of a question is its own, wrapped.
    #[test]
    fn a_question_of_two_lines_ran_together() {
        let mut s = Screen::new("Kin Kādo");
        s.question = "Market: A♦ A♣ 4♣ J♣ K♥ · deck cards $5 each\nyou buy (holds 4, room for 3, $84; up to 2 cards from the market and 1 from the deck)".into();
        let text = screen_text(&s, 80, 24);
        assert!(
            text.contains("│Market: A♦ A♣ 4♣ J♣ K♥ · deck cards $5 each   "),
            "{text}"
        );
        assert!(text.contains("│you buy (holds 4"), "{text}");
        assert!(text.contains("│the deck)"), "{text}");
        assert!(text.contains("│>"), "{text}");
    }

    /// Lines longer than the panel were cut (`…(minimum bet`): what was said wraps.
    #[test]
    fn said_lines_were_cut_at_the_panel_edge() {
        let mut s = Screen::new("Kin Kādo");
        s.tell("Round 1: put the $1 chip from the round tracker in the prize pool (minimum bet $1); the bank pays ALORA $2 and $2.");
        let text = screen_text(&s, 80, 24);
        assert!(text.contains("(minimum bet"), "{text}");
        assert!(text.contains("$2 and $2."), "{text}");
    }

    /// The cursor counted characters, not columns: after a wide character it sat a column
    /// short.
    #[test]
    fn the_cursor_counts_display_columns() {
        let mut s = Screen::new("Kinga");
        s.input = "🃏 x".into();
        s.cursor = 3;
        let Ok(mut t) = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24));
        let _ = t.draw(|f| s.draw(f));
        let at = t.get_cursor_position().unwrap();
        // "│> " then 🃏 (2 columns), a space and x.
        assert_eq!(at.x, 1 + 2 + 2 + 1 + 1);
    }

    #[test]
    fn what_was_said_keeps_the_latest_lines() {
        let mut s = Screen::new("x");
        for i in 0..(KEPT + 10) {
            s.say(Said::Told(format!("line {i}")));
        }
        assert_eq!(s.said.len(), KEPT);
        assert_eq!(s.said[0], Said::Told("line 10".into()));
    }
    #[test]
    fn few_choices_are_numbered_under_the_question_and_a_number_takes_one() {
        let mut s = Screen::new("Kinga");
        s.table = noted("Turn 3\n");
        s.question = "Turn 3: your play:".into();
        s.choices = vec![
            Choice::typed("2D JK JK on 3H"),
            Choice::typed("2D JK JK on 3D"),
            Choice::typed("exile 2D"),
        ];
        let text = screen_text(&s, 80, 24);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[19],
            format!(
                "┌ a number chooses · Tab completes · help · hint · show · undo · fix · quit {}┐",
                "─".repeat(3)
            )
        );
        assert_eq!(lines[20], format!("│Turn 3: your play:{}│", " ".repeat(60)));
        let numbered = "1 2D JK JK on 3H · 2 2D JK JK on 3D · 3 exile 2D";
        assert_eq!(
            lines[21],
            format!("│{numbered}{}│", " ".repeat(78 - numbered.chars().count()))
        );
        assert_eq!(lines[22], format!("│>{}│", " ".repeat(77)));
        assert_eq!(lines.len(), 24);
        assert_eq!(s.chosen("2"), Some("2D JK JK on 3D"));
        assert_eq!(s.chosen(" 3 "), Some("exile 2D"));
        assert_eq!(s.chosen("4"), None);
        assert_eq!(s.chosen("0"), None);
        assert_eq!(s.chosen("exile 2D"), None);
    }

    #[test]
    fn many_or_numeric_choices_are_not_numbered() {
        let mut s = Screen::new("Kinga");
        s.choices = (0..=FEW)
            .map(|i| Choice::typed(format!("exile {i}S")))
            .collect();
        assert_eq!(s.chosen("1"), None);
        let text = screen_text(&s, 80, 24);
        assert!(text.contains("┌ Tab completes · help"), "{text}");
        s.choices = vec![Choice::typed("2"), Choice::typed("1"), Choice::typed("0")];
        assert_eq!(s.chosen("1"), None);
        assert!(!screen_text(&s, 80, 24).contains("a number chooses"));
    }

    #[test]
    fn tab_completes_the_answer_begun() {
        let mut s = Screen::new("Kinga");
        s.choices = vec![
            Choice::typed("2D JK JK on 3H"),
            Choice::typed("2D JK JK on 3D"),
            Choice::typed("exile 2D"),
        ];
        s.input = "ex".into();
        s.complete();
        assert_eq!((s.input.as_str(), s.cursor), ("exile 2D", 8));
        s.input = "2d".into();
        s.complete();
        assert_eq!(s.input, "2D JK JK on 3");
        s.input = "zz".into();
        s.complete();
        assert_eq!(s.input, "zz");
    }
    /// A hand shown on request sat under the title " Hint ", and Tab took a card from it.
    #[test]
    fn a_hand_shown_was_titled_hint() {
        let mut s = Screen::new("Kin Kādo");
        s.show_hand(&Hand::new("you").part(
            "",
            vec![
                crate::view::Item::new("KS", "K♠"),
                crate::view::Item::new("KH", "K♥"),
            ],
        ));
        let text = screen_text(&s, 80, 24);
        assert!(text.contains("┌ Your hand "), "{text}");
        assert!(text.contains("│K♠ K♥"), "{text}");
        assert!(!text.contains(" Hint "), "{text}");
        assert_eq!(s.advised_answer(), None);
        s.advise(&pokino_hint(&["KS"]));
        assert!(screen_text(&s, 80, 24).contains("┌ Hint "));
        assert_eq!(s.advised_answer(), Some("KS"));
    }

    /// A hint's table of eight answers and its footnote showed only its best row at 100×40
    /// under a short table: the advice now gets the rows the table does not need.
    #[test]
    fn hint_panel_showed_only_its_best_row() {
        let mut s = Screen::new("Koi-Koi");
        s.table = noted("Round 1 of 6\nTable: 1p 3b\nana's hand: 1b 3p\n");
        s.say(Said::Typed("hint".into()));
        let answers: Vec<String> = (1..=8).map(|i| format!("{i}p")).collect();
        let mut h = pokino_hint(&answers.iter().map(String::as_str).collect::<Vec<_>>());
        h.notes = vec!["Points: the round's points ana expects, ".repeat(4)];
        s.advise(&h);
        let text = screen_text(&s, 100, 40);
        for i in 1..=8 {
            assert!(text.contains(&format!("│{i}  {i}p ")), "row {i}:\n{text}");
        }
        assert_eq!(
            text.matches("expects,").count(),
            4,
            "the whole footnote:\n{text}"
        );
        assert!(text.contains("│> hint"), "{text}");
        assert_eq!(text.lines().count(), 40);
    }
    /// What was said gives up rows to the table (down to 3), but not those its latest
    /// lines need: an 11-line Kinga table at 80×24 with two rows of numbered choices
    /// gives a four-line message a row.
    #[test]
    fn what_was_said_gives_rows_to_the_table() {
        let mut s = Screen::new("Kinga");
        s.table = noted(&(1..=11).map(|i| format!("line {i}\n")).collect::<String>());
        s.question = "Turn 2: your play".into();
        s.choices = (1..=5)
            .map(|i| Choice::typed(format!("2C JK JK on {i}S")))
            .collect();
        s.say(Said::Told("one\ntwo\nthree\nfour".into()));
        // Issue 62: what was said last is seen from its first word: the table gives it
        // the row it lacks, and says it scrolls.
        let text = screen_text(&s, 80, 24);
        let lines: Vec<&str> = text.lines().collect();
        assert!(
            lines[0].starts_with("┌ Kinga — rows 1–10 of 11, PgUp/PgDn"),
            "{text}"
        );
        assert!(lines[12].starts_with("┌ Said"), "{text}");
        assert!(lines[13].starts_with("│one"), "{text}");
        assert!(lines[16].starts_with("│four"), "{text}");
    }
}
