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

/// The smallest screen the view draws on; a smaller terminal keeps line mode.
pub const MIN_SIZE: (u16, u16) = (80, 24);

/// How many lines of what was said are kept (older ones are dropped).
const KEPT: usize = 500;

/// One thing said at the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// What kado tells the table.
    Told(String),
    /// An answer typed, as the table typed it.
    Typed(String),
    /// An answer refused, and why.
    Refused(String),
}

/// What the screen shows.
#[derive(Clone, Debug, Default)]
pub struct Screen {
    /// The game's title, for the table's frame ("Kin Kādo").
    pub title: String,
    /// The table as the game draws it.
    pub table: String,
    /// The question asked, or empty between questions.
    pub question: String,
    /// The answer being typed, and where the cursor is in it (in characters).
    pub input: String,
    pub cursor: usize,
    /// What was said, oldest first.
    pub said: Vec<Said>,
    /// The advice last asked for (`hint`), or the hand asked to be shown, until the next
    /// answer.
    pub advice: Option<(Aside, String)>,
    /// How far the table is scrolled down, and what was said scrolled up, in lines.
    pub table_scroll: u16,
    pub said_scroll: u16,
    /// The legal answers to the question, as typed, when the game can list them: shown
    /// numbered when they are few ([`FEW`]), so a number chooses one; Tab completes any.
    pub choices: Vec<String>,
}

/// What the panel beside what was said shows: advice, or a hand shown on request.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Aside {
    #[default]
    Hint,
    Hand,
}

impl Aside {
    fn title(self) -> &'static str {
        match self {
            Aside::Hint => " Hint ",
            Aside::Hand => " Your hand ",
        }
    }
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
            Said::Typed(t) => (t, Said::Typed),
            Said::Refused(t) => (t, Said::Refused),
        };
        let lines: Vec<Said> = text
            .trim_end_matches('\n')
            .lines()
            .map(|l| make(l.to_string()))
            .collect();
        self.said.extend(lines);
        if self.said.len() > KEPT {
            let extra = self.said.len() - KEPT;
            self.said.drain(..extra);
        }
        self.said_scroll = 0;
    }

    /// The table as the game draws it, colour codes dropped.
    pub fn set_table(&mut self, text: &str) {
        self.table = plain(text);
    }

    /// What kado tells the table.
    pub fn tell(&mut self, text: &str) {
        self.say(Said::Told(plain(text)));
    }

    /// An answer refused, and why.
    pub fn refuse(&mut self, why: &str) {
        self.say(Said::Refused(plain(why)));
    }

    /// Advice asked for: in its panel until the next answer.
    pub fn advise(&mut self, text: &str) {
        self.advice = Some((Aside::Hint, plain(text)));
    }

    /// A hand shown on request (a hand kept private): in the same panel, under its own
    /// title, until the next answer. It is not advice, so Tab does not take from it.
    pub fn show_hand(&mut self, text: &str) {
        self.advice = Some((Aside::Hand, plain(text)));
    }

    /// Enter: the answer typed (a number standing for the choice it numbers), said back;
    /// the prompt is cleared for the next question.
    pub fn submit(&mut self) -> String {
        let typed = std::mem::take(&mut self.input);
        let line = self.chosen(&typed).map_or(typed, str::to_string);
        self.choices.clear();
        self.cursor = 0;
        self.advice = None;
        self.say(Said::Typed(line.clone()));
        line
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
                covered = unicode_width::UnicodeWidthStr::width(symbol).saturating_sub(1);
                line += symbol;
            }
            out += line.trim_end();
            out.push('\n');
        }
        out
    }

    /// The answer the advice puts first, as it is typed (the first `quoted` text after
    /// "type", else the first quoted text): Tab at an empty prompt takes it.
    /// In a table of answers (Kinga's, Koi-Koi's and Pokino's hints) it is the answer of the row
    /// marked `best`.
    pub fn advised_answer(&self) -> Option<&str> {
        let advice = match &self.advice {
            Some((Aside::Hint, advice)) => advice,
            _ => return None,
        };
        if let Some(best) = advice.lines().find_map(best_row) {
            return Some(best);
        }
        let from = advice.find("type `").map_or(0, |i| i + 5);
        let rest = &advice[from..];
        let start = rest.find('`')? + 1;
        let len = rest[start..].find('`')?;
        Some(&rest[start..start + len]).filter(|a| !a.is_empty())
    }

    /// The answer a number typed alone stands for, when the choices are shown numbered.
    pub fn chosen(&self, typed: &str) -> Option<&str> {
        let n: usize = typed.trim().parse().ok()?;
        if !self.numbering() || n == 0 {
            return None;
        }
        self.choices.get(n - 1).map(String::as_str)
    }

    /// Tab after some typing: the one legal answer it begins (any case), or as much as all
    /// the answers it begins share. Nothing changes when none does.
    pub fn complete(&mut self) {
        let typed = self.input.to_lowercase();
        let fits: Vec<&String> = self
            .choices
            .iter()
            .filter(|c| c.to_lowercase().starts_with(&typed))
            .collect();
        let Some(first) = fits.first() else { return };
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
    }

    /// Whether the choices are numbered: they are few, and none is itself a number (the
    /// number of extra cards to draw keeps its meaning).
    fn numbering(&self) -> bool {
        !self.choices.is_empty()
            && self.choices.len() <= FEW
            && !self.choices.iter().any(|c| c.trim().parse::<u64>().is_ok())
    }

    /// The numbered choices as one line of text, when they are numbered.
    fn numbered(&self) -> Option<String> {
        if !self.numbering() {
            return None;
        }
        let items: Vec<String> = self
            .choices
            .iter()
            .enumerate()
            .map(|(i, c)| format!("{} {c}", i + 1))
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
        let choice_rows = self.numbered().map_or(0, |line| {
            wrapped_rows(&line, area.width.saturating_sub(2)).min(3)
        });
        let [body, ask] =
            Layout::vertical([Constraint::Min(8), Constraint::Length(4 + choice_rows)]).areas(area);
        let (table, side) = if Screen::wide(area) {
            let [t, s] =
                Layout::horizontal([Constraint::Min(80), Constraint::Length(58)]).areas(body);
            (t, s)
        } else {
            // What was said gets 6 rows, but not a row the table needs (it keeps at least
            // 3); advice asked for gets every row the table does not need, and at least 10
            // with what was said, whatever the table.
            let table_rows = u16::try_from(self.table.lines().count()).unwrap_or(u16::MAX);
            let room = body.height.saturating_sub(table_rows.saturating_add(2));
            let said_rows = if self.advice.is_some() {
                room.max(10)
            } else {
                room.clamp(3, 6)
            };
            let [t, s] =
                Layout::vertical([Constraint::Min(6), Constraint::Length(said_rows)]).areas(body);
            (t, s)
        };
        self.draw_table(frame, table);
        match &self.advice {
            Some((aside, advice)) => {
                // The advice gets the rows it fills (as it wraps), leaving what was said
                // at least 4.
                let needs =
                    wrapped_rows(advice.trim_end_matches('\n'), side.width.saturating_sub(2))
                        .saturating_add(2);
                let rows = needs.min(side.height.saturating_sub(4));
                let [s, a] =
                    Layout::vertical([Constraint::Fill(1), Constraint::Length(rows)]).areas(side);
                self.draw_said(frame, s);
                draw_advice(frame, a, advice, *aside);
            }
            None => self.draw_said(frame, side),
        }
        self.draw_question(frame, ask);
    }

    fn draw_table(&self, frame: &mut Frame, area: Rect) {
        let rows = self.table.lines().count() as u16;
        let inner = area.height.saturating_sub(2);
        let scroll = self.table_scroll.min(rows.saturating_sub(inner));
        let mut title = format!(" {} ", self.title);
        if rows > inner {
            let last = (scroll + inner).min(rows);
            title += &format!("— rows {}–{last} of {rows}, PgUp/PgDn ", scroll + 1);
        }
        let p = Paragraph::new(self.table.trim_end_matches('\n'))
            .block(Block::default().borders(Borders::ALL).title(title))
            .scroll((scroll, 0));
        frame.render_widget(p, area);
    }

    fn draw_said(&self, frame: &mut Frame, area: Rect) {
        let inner = area.height.saturating_sub(2) as usize;
        let end = self.said.len().saturating_sub(self.said_scroll as usize);
        let start = end.saturating_sub(inner);
        let lines: Vec<Line> = self.said[start..end].iter().map(said_line).collect();
        let title = if self.said_scroll > 0 {
            " Said (scrolled: Alt-↓ for the latest) "
        } else {
            " Said "
        };
        let p = Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(title));
        frame.render_widget(p, area);
    }

    fn draw_question(&self, frame: &mut Frame, area: Rect) {
        let title = if self.advised_answer().is_some() && self.input.is_empty() {
            " Tab: the hint's answer · help · show · undo · fix · quit "
        } else if self.numbered().is_some() {
            " a number chooses · Tab completes · help · hint · show · undo · fix · quit "
        } else if !self.choices.is_empty() {
            " Tab completes · help · hint · show · undo · fix · quit "
        } else {
            " help · hint · show · undo · fix · quit "
        };
        let block = Block::default().borders(Borders::ALL).title(title);
        let inner = block.inner(area);
        let question = Line::from(Span::styled(
            self.question.clone(),
            Look::default().add_modifier(Modifier::BOLD),
        ));
        let typed = Line::from(format!("> {}", self.input));
        let mut lines = vec![question];
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
        frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), above);
        frame.render_widget(Paragraph::new(typed), last);
        let column = last.x + 2 + self.cursor as u16;
        if inner.height >= 2 && column < last.x + last.width {
            frame.set_cursor_position(Position::new(column, last.y));
        }
    }
}

/// The answer in a table row whose first cell is `best` (`│ best ┆ exile AD ┆ …`).
fn best_row(line: &str) -> Option<&str> {
    let mut cells = line.trim_matches('│').split('┆').map(str::trim);
    (cells.next()? == "best")
        .then(|| cells.next())
        .flatten()
        .filter(|a| !a.is_empty())
}

fn said_line(s: &Said) -> Line<'static> {
    match s {
        Said::Told(t) => Line::from(t.clone()),
        Said::Typed(t) => Line::from(Span::styled(
            format!("> {t}"),
            Look::default().add_modifier(Modifier::DIM),
        )),
        Said::Refused(t) => Line::from(Span::styled(
            format!("✗ {t}"),
            Look::default().add_modifier(Modifier::BOLD),
        )),
    }
}

/// The rows `text` fills when wrapped to `width` columns (a line, however short, fills one).
fn wrapped_rows(text: &str, width: u16) -> u16 {
    let width = usize::from(width).max(1);
    let rows: usize = text
        .lines()
        .map(|l| l.chars().count().div_ceil(width).max(1))
        .sum();
    u16::try_from(rows).unwrap_or(u16::MAX)
}

fn draw_advice(frame: &mut Frame, area: Rect, advice: &str, aside: Aside) {
    let p = Paragraph::new(advice.trim_end_matches('\n'))
        .block(Block::default().borders(Borders::ALL).title(aside.title()))
        .wrap(Wrap { trim: false });
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

    fn screen_text(s: &Screen, w: u16, h: u16) -> String {
        s.text(w, h)
    }

    #[test]
    fn colour_codes_are_left_out_of_the_view() {
        assert_eq!(plain("\x1b[31mA♥\x1b[0m K♠"), "A♥ K♠");
        assert_eq!(plain("no codes"), "no codes");
    }

    #[test]
    fn an_80_by_24_screen_holds_table_said_and_question() {
        let mut s = Screen::new("Koi-Koi");
        s.table = "Round 1 of 6 · ana deals\nField: 1p 3b 4p 6r\n".into();
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
        assert_eq!(lines[14], format!("┌ Said {}┐", "─".repeat(72)));
        assert_eq!(
            lines[15],
            format!("│ana's hand is dealt.{}│", " ".repeat(58))
        );
        assert_eq!(lines[17], format!("│> 1r>1p{}│", " ".repeat(71)));
        assert_eq!(
            lines[18],
            format!("│✗ 1r is not in ana's hand{}│", " ".repeat(53))
        );
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
        s.table = (1..=33).map(|i| format!("row {i}\n")).collect();
        s.table_scroll = 5;
        let text = screen_text(&s, 80, 24);
        let first = text.lines().next().unwrap();
        assert!(
            first.starts_with("┌ Pokino — rows 6–20 of 33, PgUp/PgDn "),
            "{first}"
        );
        assert!(text.lines().nth(1).unwrap().starts_with("│row 6"), "{text}");
        // Scrolled past the end, it stops at the last rows.
        s.table_scroll = 100;
        let text = screen_text(&s, 80, 24);
        assert!(
            text.lines().next().unwrap().contains("rows 19–33 of 33"),
            "{text}"
        );
    }

    #[test]
    fn a_wide_screen_puts_what_was_said_and_the_advice_beside_the_table() {
        let mut s = Screen::new("Kinga");
        s.table = "Piles: ♠ 7 ♥ 9".into();
        s.say(Said::Told("Turn 3.".into()));
        s.advise("Hint: 1. 5S 4S > 6D");
        let text = screen_text(&s, 150, 30);
        let second = text.lines().nth(1).unwrap();
        assert!(second.starts_with("│Piles: ♠ 7 ♥ 9"), "{second}");
        assert!(
            second.ends_with("│Turn 3.                                                 │"),
            "{second}"
        );
        assert!(text.contains("┌ Hint "), "{text}");
        assert!(text.contains("│Hint: 1. 5S 4S > 6D"), "{text}");
    }

    #[test]
    fn the_advised_answer_is_the_one_to_type() {
        let mut s = Screen::new("x");
        assert_eq!(s.advised_answer(), None);
        s.advise("Round 1, sell: sell 4♣ 8♦ J♦ (type `4C 8D JD`)\n`x`");
        assert_eq!(s.advised_answer(), Some("4C 8D JD"));
        s.advise("Hint: best `5S 4S > 6D`, then `exile 4S`");
        assert_eq!(s.advised_answer(), Some("5S 4S > 6D"));
        s.advise("no answer here");
        assert_eq!(s.advised_answer(), None);
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
        s.table = "Turn 3\n".into();
        s.question = "Turn 3: your play:".into();
        s.choices = vec![
            "2D JK JK on 3H".into(),
            "2D JK JK on 3D".into(),
            "exile 2D".into(),
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
        s.choices = (0..=FEW).map(|i| format!("exile {i}S")).collect();
        assert_eq!(s.chosen("1"), None);
        let text = screen_text(&s, 80, 24);
        assert!(text.contains("┌ Tab completes · help"), "{text}");
        s.choices = vec!["2".into(), "1".into(), "0".into()];
        assert_eq!(s.chosen("1"), None);
        assert!(!screen_text(&s, 80, 24).contains("a number chooses"));
    }

    #[test]
    fn tab_completes_the_answer_begun() {
        let mut s = Screen::new("Kinga");
        s.choices = vec![
            "2D JK JK on 3H".into(),
            "2D JK JK on 3D".into(),
            "exile 2D".into(),
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
    #[test]
    fn tab_takes_the_best_row_of_a_table_of_answers() {
        let mut s = Screen::new("Kinga");
        s.advise("┌──────┬──────────┐\n│      ┆ Answer   │\n╞══════╪══════════╡\n│ best ┆ exile AD ┆ 22% ± 6 │\n│ 2    ┆ 2D on 3D ┆ 18% ± 5 │\n");
        assert_eq!(s.advised_answer(), Some("exile AD"));
    }
    /// A hand shown on request sat under the title " Hint ", and Tab took a card from it.
    #[test]
    fn a_hand_shown_was_titled_hint() {
        let mut s = Screen::new("Kin Kādo");
        s.show_hand("Your hand: `KS` KH KD 9C 2S\n");
        let text = screen_text(&s, 80, 24);
        assert!(text.contains("┌ Your hand "), "{text}");
        assert!(!text.contains(" Hint "), "{text}");
        assert_eq!(s.advised_answer(), None);
        s.advise("Hint: type `KS`");
        assert!(screen_text(&s, 80, 24).contains("┌ Hint "));
        assert_eq!(s.advised_answer(), Some("KS"));
    }

    /// A hint's table of eight answers and its footnote showed only its best row at 100×40
    /// under a short table: the advice now gets the rows the table does not need.
    #[test]
    fn hint_panel_showed_only_its_best_row() {
        let mut s = Screen::new("Koi-Koi");
        s.table = "Round 1 of 6\nTable: 1p 3b\nana's hand: 1b 3p\n".into();
        s.say(Said::Typed("hint".into()));
        let rows: String = (1..=8)
            .map(|i| format!("│ {i}    ┆ {i}p     │\n"))
            .collect();
        let foot = "Points: the round's points ana expects, ".repeat(4);
        s.advise(&format!(
            "┌──────┐\n│ head │\n╞══════╡\n{rows}└──────┘\n{foot}\n"
        ));
        let text = screen_text(&s, 100, 40);
        for i in 1..=8 {
            assert!(
                text.contains(&format!("│ {i}    ┆ {i}p")),
                "row {i}:\n{text}"
            );
        }
        assert_eq!(
            text.matches("expects,").count(),
            4,
            "the whole footnote:\n{text}"
        );
        assert!(text.contains("│> hint"), "{text}");
        assert_eq!(text.lines().count(), 40);
    }
    /// What was said gives up rows to the table (down to 3): an 11-line Kinga table
    /// stays whole at 80×24 with two rows of numbered choices.
    #[test]
    fn what_was_said_gives_rows_to_the_table() {
        let mut s = Screen::new("Kinga");
        s.table = (1..=11).map(|i| format!("line {i}\n")).collect();
        s.question = "Turn 2: your play".into();
        s.choices = (1..=5).map(|i| format!("2C JK JK on {i}S")).collect();
        s.say(Said::Told("one\ntwo\nthree\nfour".into()));
        let text = screen_text(&s, 80, 24);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], format!("┌ Kinga {}┐", "─".repeat(71)));
        assert!(lines[11].starts_with("│line 11"), "{text}");
        assert!(lines[13].starts_with("┌ Said"), "{text}");
        assert!(lines[16].starts_with("│four"), "{text}");
    }
}
