//! The full-screen view of a session at a terminal: what is on it and how it is laid
//! out. The session decides what each part holds (the table as the game draws it, the
//! question, what kado said, the advice asked for); this module only draws them into a
//! ratatui frame, so a whole screen can be asserted on ratatui's test backend.
//!
//! Layout: the table fills the top (scrolled with PgUp/PgDn when it is taller than its
//! room), then the last things said, the advice when asked, and the question with the
//! answer being typed. On a screen of 140 columns or more, what was said and the advice
//! go to the right of the table.
//!
//! Beside the view, the rest of kado's drawing for people: [`grid`], the library's tables
//! (`kado::view::Grid` in a `kado::view::Doc`) as text in kado's house style, [`ansi`],
//! the marks that colour text at a terminal, and
//! [`chart`], the play history's charts for a terminal and as SVG.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Position, Rect};
use ratatui::style::{Modifier, Style as Look};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use kado::view::{Choice, Event, Hand, Hint, Kind};

pub mod ansi;
pub mod chart;
pub mod grid;
mod hint;
pub mod table;

use hint::{draw_hint, hint_layout};

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
    pub table: kado::view::Table,
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
    pub fn set_table(&mut self, table: kado::view::Table) {
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
    let parts: Vec<String> = hand.parts.iter().map(kado::view::Part::text).collect();
    parts.join("\n")
}

fn draw_hand(frame: &mut Frame, area: Rect, hand: &Hand) {
    let title = format!(
        " {} hand ",
        kado::words::capitalised(&kado::words::possessive(&hand.player))
    );
    let p = Paragraph::new(hand_text(hand))
        .block(Block::default().borders(Borders::ALL).title(title))
        .wrap(Wrap { trim: false });
    frame.render_widget(p, area);
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
mod tests;
