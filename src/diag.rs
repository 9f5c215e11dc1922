//! Problems with what the user typed, with where they are and how to fix them.
//!
//! Every parser and validator in kado reports [`Problem`]s. A problem may point into a
//! [`Source`] (an argument or a file) at a byte range; it is then drawn with the line,
//! a caret under the bad part, what was expected and a suggestion, in the manner of
//! `just` and `rustc`:
//!
//! ```text
//! error: unknown suit `X`
//!  --> argument CARDS, column 4
//!   |
//! 1 | AS KX
//!   |     ^
//!   = expected: a suit: S H D C (or ♠ ♥ ♦ ♣)
//! ```
//!
//! However large the input, what is drawn stays short: at most [`SHOWN`] problems (then
//! "and N more problems"; JSON gives `total` and the first [`SHOWN`]), and of each line a
//! window of at most [`WINDOW`] display columns around the span.

use std::borrow::Cow;
use std::fmt;
use std::ops::Range;
use std::sync::Arc;

use serde::Serialize;
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// Where some text came from, and the text itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// "argument CARDS", "--hand", "file house.yaml", …
    pub name: String,
    pub text: Arc<str>,
}

impl Source {
    pub fn new(name: impl Into<String>, text: impl Into<Arc<str>>) -> Source {
        Source {
            name: name.into(),
            text: text.into(),
        }
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = floor_char_boundary(&self.text, offset.min(self.text.len()));
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let col = self.text[line_start..offset].chars().count() + 1;
        (line, col)
    }

    /// The byte range of the line holding `offset`, without its newline.
    fn line_range(&self, offset: usize) -> Range<usize> {
        let offset = floor_char_boundary(&self.text, offset.min(self.text.len()));
        let start = self.text[..offset].rfind('\n').map_or(0, |i| i + 1);
        let end = self.text[offset..]
            .find('\n')
            .map_or(self.text.len(), |i| offset + i);
        start..end
    }
}

/// Text as kado reads it from a file or stdin: without a UTF-8 byte-order mark, and each
/// line ending (`\r\n`, or a lone `\r` as some editors write) a `\n`. YAML reads saves and
/// house-rules files so already; every record and notation is read the same, so a file
/// saved by any editor reads as the plain file does.
pub fn plain_text(text: String) -> String {
    if !text.starts_with('\u{feff}') && !text.contains('\r') {
        return text;
    }
    let body = text.strip_prefix('\u{feff}').unwrap_or(&text);
    body.replace("\r\n", "\n").replace('\r', "\n")
}

impl Source {
    /// The line holding `span` as drawn under an error, and the caret line under it. A
    /// line wider than [`WINDOW`] columns is cut to a window around the span, with `…`
    /// where it is cut; carets are placed by display width.
    fn window(&self, span: &Range<usize>) -> (String, String) {
        let lr = self.line_range(span.start);
        let line = &self.text[lr.clone()];
        let s = floor_char_boundary(line, span.start.clamp(lr.start, lr.end) - lr.start);
        let e = floor_char_boundary(line, span.end.clamp(lr.start, lr.end) - lr.start).max(s);
        let (from, to) = if str_width(line) <= WINDOW {
            (0, line.len())
        } else {
            cut(line, s, e)
        };
        let mut text = String::with_capacity(to - from + 6);
        if from > 0 {
            text.push('…');
        }
        text += &escape(&line[from..to]);
        if to < line.len() {
            text.push('…');
        }
        let lead = usize::from(from > 0) + str_width(&line[from..s.max(from)]);
        let shown = &line[s.clamp(from, to)..e.clamp(from, to)];
        let caret = format!(
            "{}{}",
            " ".repeat(lead),
            "^".repeat(str_width(shown).max(1))
        );
        (text, caret)
    }
}

/// The most display columns of a line drawn under an error: a longer line is cut around
/// the span (with `…` at each cut), so the drawing fits an 80-column terminal.
pub const WINDOW: usize = 72;
/// Columns kept before a span too wide for the window.
const CONTEXT: usize = 10;
/// How many problems are drawn (or listed in JSON); the rest are counted.
pub const SHOWN: usize = 20;

/// The columns a character takes as drawn: a control character is drawn escaped (see
/// [`escape`]), so it takes the width of its escape.
fn char_width(c: char) -> usize {
    match control_escape(c) {
        Some(esc) => esc.len(),
        None => c.width().unwrap_or(1),
    }
}

/// The columns `text` takes as drawn, control characters escaped.
fn str_width(text: &str) -> usize {
    text.split(is_unseen)
        .map(UnicodeWidthStr::width)
        .sum::<usize>()
        + text
            .chars()
            .filter(|c| is_unseen(*c))
            .map(char_width)
            .sum::<usize>()
}

/// How a control character is drawn for people: ESC as `\e`, CR as `\r`, tab as `\t`,
/// newline as `\n`, any other (C0, DEL, C1) as `\u{7f}`; `None` for any other character.
fn control_escape(c: char) -> Option<Cow<'static, str>> {
    match c {
        '\u{1b}' => Some(Cow::Borrowed("\\e")),
        '\r' => Some(Cow::Borrowed("\\r")),
        '\t' => Some(Cow::Borrowed("\\t")),
        '\n' => Some(Cow::Borrowed("\\n")),
        c if is_unseen(c) => Some(Cow::Owned(format!("\\u{{{:x}}}", u32::from(c)))),
        _ => None,
    }
}

/// Whether `c` acts on how text is drawn instead of being drawn: a control character, or
/// a mark that turns the direction of the text around it (U+202E, right-to-left override,
/// makes `exe.txt` read `txt.exe`), which could disguise what kado quotes.
pub fn is_unseen(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}' | '\u{61c}'
        )
}

/// JSON text with DEL and the C1 controls (U+007F to U+009F) written as `\u` escapes:
/// serde_json escapes only those below U+0020, and a terminal acts on the others too
/// (U+009B starts a control sequence). They can only stand inside strings there.
pub fn json_safe(text: String) -> String {
    if !text.chars().any(|c| ('\u{7f}'..='\u{9f}').contains(&c)) {
        return text;
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if ('\u{7f}'..='\u{9f}').contains(&c) {
            out += &format!("\\u{:04x}", u32::from(c));
        } else {
            out.push(c);
        }
    }
    out
}

/// Writes `value` as pretty JSON to `out`, as [`json_safe`] of its text reads, without
/// holding the text: DEL and the C1 controls are escaped as the strings are written.
pub fn write_json_pretty<W: std::io::Write, T: serde::Serialize + ?Sized>(
    out: W,
    value: &T,
) -> serde_json::Result<()> {
    let mut ser = serde_json::Serializer::with_formatter(out, SafeFormatter::default());
    value.serialize(&mut ser)
}

/// serde_json's pretty formatter, escaping DEL and the C1 controls in strings.
#[derive(Default)]
struct SafeFormatter(serde_json::ser::PrettyFormatter<'static>);

/// Hands each layout step to the pretty formatter.
macro_rules! pretty_steps {
    ($($step:ident($($arg:ident: $ty:ty),*)),* $(,)?) => {$(
        fn $step<W: ?Sized + std::io::Write>(&mut self, w: &mut W $(, $arg: $ty)*) -> std::io::Result<()> {
            self.0.$step(w $(, $arg)*)
        }
    )*};
}

impl serde_json::ser::Formatter for SafeFormatter {
    pretty_steps!(
        begin_array(),
        end_array(),
        begin_array_value(first: bool),
        end_array_value(),
        begin_object(),
        end_object(),
        begin_object_key(first: bool),
        begin_object_value(),
        end_object_value(),
    );

    fn write_string_fragment<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        fragment: &str,
    ) -> std::io::Result<()> {
        let mut rest = fragment;
        while let Some(at) = rest.find(|c: char| ('\u{7f}'..='\u{9f}').contains(&c)) {
            w.write_all(&rest.as_bytes()[..at])?;
            let c = rest[at..].chars().next().unwrap_or('\u{7f}');
            write!(w, "\\u{:04x}", u32::from(c))?;
            rest = &rest[at + c.len_utf8()..];
        }
        w.write_all(rest.as_bytes())
    }
}

/// `text` with every control character escaped (see [`control_escape`]), so that input
/// echoed to a terminal is drawn as it is written and never drives the terminal (moves
/// the cursor, clears the screen, sets the title).
pub fn escape(text: &str) -> Cow<'_, str> {
    escape_but(text, None)
}

/// `text` escaped as [`escape`] does, but for `keep`.
fn escape_but(text: &str, keep: Option<char>) -> Cow<'_, str> {
    let drawn = |c: char| Some(c) != keep && is_unseen(c);
    if !text.chars().any(drawn) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match control_escape(c) {
            Some(esc) if drawn(c) => out += &esc,
            _ => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// kado's words for people, with the input they quote escaped: kado's own line breaks are
/// kept, every other control character is escaped (see [`escape`]).
pub fn escape_words(text: &str) -> Cow<'_, str> {
    escape_but(text, Some('\n'))
}

/// Byte range of `line` to show so that the span `s..e` (byte offsets) sits in at most
/// [`WINDOW`] columns: centred when it fits, else from a little before its start.
fn cut(line: &str, s: usize, e: usize) -> (usize, usize) {
    let span_width = str_width(&line[s..e]);
    let before = if span_width + 2 * CONTEXT >= WINDOW {
        CONTEXT
    } else {
        (WINDOW - span_width) / 2
    };
    let mut from = s;
    let mut used = 0;
    for (i, c) in line[..s].char_indices().rev() {
        if used + char_width(c) > before {
            break;
        }
        used += char_width(c);
        from = i;
    }
    let mut to = from;
    let mut used = 0;
    for (i, c) in line[from..].char_indices() {
        if used + char_width(c) > WINDOW {
            break;
        }
        used += char_width(c);
        to = from + i + c.len_utf8();
    }
    // Near the end of the line: use the room left for more of what comes before.
    if to == line.len() {
        for (i, c) in line[..from].char_indices().rev() {
            if used + char_width(c) > WINDOW {
                break;
            }
            used += char_width(c);
            from = i;
        }
    }
    (from, to)
}

/// `text` cut to [`WINDOW`] columns, with `…` at the cut: a token or span quoted in a
/// message or in JSON stays short however long the input.
pub fn clip(text: &str) -> Cow<'_, str> {
    clip_to(text, WINDOW)
}

/// `text` cut to `columns` display columns, with `…` at the cut.
fn clip_to(text: &str, columns: usize) -> Cow<'_, str> {
    if text.len() <= columns || text.width() <= columns {
        return Cow::Borrowed(text);
    }
    let mut used = 0;
    let mut end = 0;
    for (i, c) in text.char_indices() {
        if used + char_width(c) > columns - 1 {
            break;
        }
        used += char_width(c);
        end = i + c.len_utf8();
    }
    Cow::Owned(format!("{}…", &text[..end]))
}

/// The most display columns of a part of a message or help quoted between backticks:
/// enough for a command with a long path in it, not for a whole file.
pub const QUOTE: usize = 120;

/// `text` cut as [`Problem::new`] cuts a part of its message quoted between backticks: for
/// a message built many times over one long input, whose quote is best cut once.
pub fn clip_quote(text: &str) -> Cow<'_, str> {
    clip_to(text, QUOTE)
}

/// `text` with each part quoted between backticks cut to [`QUOTE`] columns, and the
/// whole cut to four times that (quoted input may hold backticks of its own).
fn clip_quotes(text: String) -> String {
    let long = |(i, part): &(usize, &str)| i % 2 == 1 && part.len() > QUOTE;
    if text.len() <= QUOTE || !text.split('`').enumerate().any(|p| long(&p)) {
        return match clip_to(&text, 4 * QUOTE) {
            Cow::Borrowed(_) => text,
            Cow::Owned(cut) => cut,
        };
    }
    let parts: Vec<Cow<'_, str>> = text
        .split('`')
        .enumerate()
        .map(|(i, part)| {
            if i % 2 == 1 {
                clip_to(part, QUOTE)
            } else {
                Cow::Borrowed(part)
            }
        })
        .collect();
    clip_to(&parts.join("`"), 4 * QUOTE).into_owned()
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[cfg(test)]
thread_local! {
    /// The bytes of every message given to [`Problem::new`] on this thread: tests of a
    /// parser's errors count them to show that the work grows with the input, not faster.
    pub static MESSAGE_BYTES: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// One thing wrong with the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// What is wrong, in one line: "unknown suit `X`".
    pub message: String,
    pub source: Option<Source>,
    /// Byte range in the source text.
    pub span: Option<Range<usize>>,
    /// What would have been accepted there.
    pub expected: Option<String>,
    /// A likely fix: "did you mean A♠?".
    pub help: Option<String>,
    /// A line of the input, given directly (for files whose locations come from a parser
    /// that reports line and column rather than byte offsets).
    pub at: Option<(usize, usize)>,
    /// What kind of problem it is, for programs reading `--json` errors.
    pub code: Code,
}

/// What kind of problem an error reports: the `code` of each problem under `--json`, a
/// stable word a program can branch on (kado(1) lists them, from [`Code::ALL`] and
/// [`Code::means`]). The message says the rest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Code {
    /// Input refused for a reason no finer code names.
    #[default]
    Input,
    /// Text that does not read as the game's notation: a misspelt word, a card or a
    /// number that does not parse, a line of the wrong shape.
    Notation,
    /// A card, tile or domino named that the game's pack does not hold.
    UnknownCard,
    /// What the input says cannot be: a card in two places, more named than are held, a
    /// count or a total the game does not allow.
    Impossible,
    /// A move the rules forbid at this point of the game.
    IllegalMove,
    /// A move by a player whose turn it is not.
    NotYourTurn,
    /// A move that does not fit the phase the game is in (a bet while cards are sold).
    WrongPhase,
    /// A move after the game (or its round) has ended.
    GameOver,
    /// A name that is not one of the game's players.
    UnknownPlayer,
    /// A player's name refused: empty, too long, holding a space or a control
    /// character, or given twice.
    BadName,
    /// The players, pack or options a game is started with do not make a game.
    BadSetup,
    /// The command line: an unknown option, a missing argument, a bad option value.
    Usage,
    /// A file or standard input that cannot be read: missing, a folder, too large, not
    /// UTF-8.
    File,
    /// A ruleset or house-rules file that does not read, or does not fit together.
    Ruleset,
    /// A ruling, choice or value that the game's ruleset does not have.
    RulesetUnknown,
    /// A ruleset value outside the range the game allows.
    RulesetValueOutOfRange,
    /// A ruleset made for another game.
    RulesetWrongGame,
    /// A saved game: unreadable, of an unknown format, locked by another session, or not
    /// written.
    Save,
    /// The play history: not kado's, or not readable or writable.
    History,
    /// Something went wrong inside kado or the machine (exit 1).
    Internal,
}

impl Code {
    /// Every code, in the order kado(1) lists them.
    pub const ALL: &'static [Code] = &[
        Code::Input,
        Code::Notation,
        Code::UnknownCard,
        Code::Impossible,
        Code::IllegalMove,
        Code::NotYourTurn,
        Code::WrongPhase,
        Code::GameOver,
        Code::UnknownPlayer,
        Code::BadName,
        Code::BadSetup,
        Code::Usage,
        Code::File,
        Code::Ruleset,
        Code::RulesetUnknown,
        Code::RulesetValueOutOfRange,
        Code::RulesetWrongGame,
        Code::Save,
        Code::History,
        Code::Internal,
    ];

    /// The code as JSON writes it.
    pub fn word(self) -> &'static str {
        match self {
            Code::Input => "input",
            Code::Notation => "notation",
            Code::UnknownCard => "unknown-card",
            Code::Impossible => "impossible",
            Code::IllegalMove => "illegal-move",
            Code::NotYourTurn => "not-your-turn",
            Code::WrongPhase => "wrong-phase",
            Code::GameOver => "game-over",
            Code::UnknownPlayer => "unknown-player",
            Code::BadName => "bad-name",
            Code::BadSetup => "bad-setup",
            Code::Usage => "usage",
            Code::File => "file",
            Code::Ruleset => "ruleset",
            Code::RulesetUnknown => "ruleset-unknown",
            Code::RulesetValueOutOfRange => "ruleset-value-out-of-range",
            Code::RulesetWrongGame => "ruleset-wrong-game",
            Code::Save => "save",
            Code::History => "history",
            Code::Internal => "internal",
        }
    }

    /// What the code means, for kado(1).
    pub fn means(self) -> &'static str {
        match self {
            Code::Input => "input refused for a reason no finer code names",
            Code::Notation => "text that does not read as the game's notation",
            Code::UnknownCard => "a card, tile or domino the game's pack does not hold",
            Code::Impossible => {
                "what the input says cannot be: a card in two places, more than held, a count not allowed"
            }
            Code::IllegalMove => "a move the rules forbid at this point",
            Code::NotYourTurn => "a move by a player whose turn it is not",
            Code::WrongPhase => "a move that does not fit the phase the game is in",
            Code::GameOver => "a move after the game or its round has ended",
            Code::UnknownPlayer => "a name that is not one of the players",
            Code::BadName => "a player's name refused",
            Code::BadSetup => "players, pack or options that do not make a game",
            Code::Usage => "the command line",
            Code::File => "a file or stdin that cannot be read",
            Code::Ruleset => "a ruleset or house-rules file",
            Code::RulesetUnknown => "a ruling, choice or value the ruleset does not have",
            Code::RulesetValueOutOfRange => "a ruleset value outside its range",
            Code::RulesetWrongGame => "a ruleset for another game",
            Code::Save => "a saved game",
            Code::History => "the play history",
            Code::Internal => "a failure inside kado, exit 1",
        }
    }

    /// Whether the code says what was wrong with what a person typed (rather than where
    /// it was read from): a reader of a file kind may say `ruleset` or `save` instead.
    pub fn is_input(self) -> bool {
        matches!(
            self,
            Code::Input
                | Code::Notation
                | Code::UnknownCard
                | Code::Impossible
                | Code::IllegalMove
                | Code::NotYourTurn
                | Code::WrongPhase
                | Code::GameOver
                | Code::UnknownPlayer
                | Code::BadName
                | Code::BadSetup
        )
    }
}

/// An error that knows its kind: a game's refusal keeps it up to the JSON.
pub trait Coded: std::fmt::Display {
    /// The kind of problem.
    fn code(&self) -> Code;

    /// The error as a problem of its kind, saying what its `Display` says.
    fn to_problem(&self) -> Problem {
        Problem::new(self.to_string()).code(self.code())
    }
}

impl Problem {
    /// A problem saying `message`. A part of it quoted between backticks (the input at
    /// fault, as in "unknown suit `X`") is cut to [`QUOTE`] columns, so that the message
    /// stays one short line however long the input; the same holds for [`Problem::help`].
    pub fn new(message: impl Into<String>) -> Problem {
        let message = message.into();
        #[cfg(test)]
        MESSAGE_BYTES.with(|n| n.set(n.get() + message.len()));
        Problem {
            message: clip_quotes(message),
            source: None,
            span: None,
            expected: None,
            help: None,
            at: None,
            code: Code::Input,
        }
    }

    /// The same problem, of kind `code`.
    pub fn code(mut self, code: Code) -> Problem {
        self.code = code;
        self
    }

    pub fn with_source(mut self, source: Source) -> Problem {
        self.source = Some(source);
        self
    }

    pub fn with_span(mut self, span: Range<usize>) -> Problem {
        self.span = Some(span);
        self
    }

    pub fn at(mut self, source: &Source, span: Range<usize>) -> Problem {
        self.source = Some(source.clone());
        self.span = Some(span);
        self
    }

    /// Points at a 1-based line and column of the source.
    pub fn at_line_col(mut self, source: &Source, line: usize, col: usize) -> Problem {
        self.source = Some(source.clone());
        self.at = Some((line, col));
        if let Some(off) = offset_of(&source.text, line, col) {
            let end = source.text[off..]
                .char_indices()
                .find(|(_, c)| c.is_whitespace() || *c == ':')
                .map_or(source.text.len(), |(i, _)| off + i)
                .max(off + source.text[off..].chars().next().map_or(0, char::len_utf8));
            self.span = Some(off..end);
        }
        self
    }

    pub fn expected(mut self, expected: impl Into<String>) -> Problem {
        self.expected = Some(expected.into());
        self
    }

    pub fn help(mut self, help: impl Into<String>) -> Problem {
        self.help = Some(clip_quotes(help.into()));
        self
    }

    pub fn maybe_help(mut self, help: Option<String>) -> Problem {
        self.help = help.map(clip_quotes);
        self
    }

    /// Line and column of the start of the span, when known.
    pub fn position(&self) -> Option<(usize, usize)> {
        if let Some(at) = self.at {
            return Some(at);
        }
        match (&self.source, &self.span) {
            (Some(src), Some(span)) => Some(src.line_col(span.start)),
            _ => None,
        }
    }

    /// The problem drawn for people. A long line is shown as a window of at most
    /// [`WINDOW`] display columns around the span, `…` marking where it is cut; the caret
    /// sits under the span by display width (wide glyphs such as 🃏 take two columns).
    pub fn render(&self) -> String {
        let mut out = format!("error: {}\n", escape_words(&self.message));
        if let Some(src) = &self.source {
            let name = escape(&src.name);
            match (self.position(), &self.span) {
                (Some((line, col)), Some(span)) => {
                    if src.text.contains('\n') {
                        out += &format!(" --> {name}, line {line}, column {col}\n");
                    } else {
                        out += &format!(" --> {name}, column {col}\n");
                    }
                    let (text, caret) = src.window(span);
                    let num = line.to_string();
                    let pad = " ".repeat(num.len());
                    out += &format!("{pad} |\n{num} | {text}\n{pad} | {caret}\n");
                }
                (Some((line, col)), None) => {
                    out += &format!(" --> {name}, line {line}, column {col}\n");
                }
                _ => {
                    out += &format!(" --> {name}\n");
                }
            }
        }
        if let Some(e) = &self.expected {
            out += &format!("  = expected: {}\n", escape_words(e));
        }
        if let Some(h) = &self.help {
            out += &format!("  = help: {}\n", escape_words(h));
        }
        out
    }

    fn to_json(&self) -> ProblemJson<'_> {
        let pos = self.position();
        ProblemJson {
            code: self.code,
            message: &self.message,
            source: self.source.as_ref().map(|s| s.name.as_str()),
            line: pos.map(|p| p.0),
            column: pos.map(|p| p.1),
            text: match (&self.source, &self.span) {
                (Some(src), Some(span)) => src.text.get(span.clone()).map(clip),
                _ => None,
            },
            expected: self.expected.as_deref(),
            help: self.help.as_deref(),
        }
    }
}

fn offset_of(text: &str, line: usize, col: usize) -> Option<usize> {
    let mut start = 0;
    for _ in 1..line {
        start += text[start..].find('\n')? + 1;
    }
    let line_text = &text[start..];
    let line_text = &line_text[..line_text.find('\n').unwrap_or(line_text.len())];
    let off = line_text
        .char_indices()
        .nth(col.saturating_sub(1))
        .map_or(line_text.len(), |(i, _)| i);
    Some(start + off)
}

#[derive(Serialize)]
struct ProblemJson<'a> {
    code: Code,
    message: &'a str,
    source: Option<&'a str>,
    line: Option<usize>,
    column: Option<usize>,
    text: Option<Cow<'a, str>>,
    expected: Option<&'a str>,
    help: Option<&'a str>,
}

/// One or more problems, reported together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub problems: Vec<Problem>,
    /// Problems found after those kept, only counted (see [`Problems`]).
    pub omitted: usize,
}

impl Error {
    pub fn single(problem: Problem) -> Error {
        Error {
            problems: vec![problem],
            omitted: 0,
        }
    }

    pub fn msg(message: impl Into<String>) -> Error {
        Error::single(Problem::new(message))
    }

    /// The kind of the first problem, `default` where it is no finer than `input`.
    pub fn kind_or(&self, default: Code) -> Code {
        match self.problems.first() {
            Some(p) if p.code != Code::Input => p.code,
            _ => default,
        }
    }

    /// A coded error (a game's refusal) as an error of its kind.
    pub fn of(e: &impl Coded) -> Error {
        Error::single(e.to_problem())
    }

    /// The same error with its problems of an input kind ([`Code::is_input`]) of kind
    /// `code`: for the one place a kind of input is read (a ruleset, a save, the history),
    /// which knows what it was reading. A problem of another kind (a file that could not
    /// be read, a ruleset value out of range) keeps it.
    pub fn coded(mut self, code: Code) -> Error {
        for p in &mut self.problems {
            if p.code.is_input() {
                p.code = code;
            }
        }
        self
    }

    /// Every problem of these errors in one, in order, so that several arguments that
    /// fail are all reported at once.
    pub fn gather(errors: impl IntoIterator<Item = Option<Error>>) -> Error {
        let mut all = Error {
            problems: Vec::new(),
            omitted: 0,
        };
        for e in errors.into_iter().flatten() {
            all.problems.extend(e.problems);
            all.omitted += e.omitted;
        }
        all
    }

    /// `Ok(())` when there are no problems.
    pub fn check(problems: Vec<Problem>) -> Result<(), Error> {
        if problems.is_empty() {
            Ok(())
        } else {
            Err(Error {
                problems,
                omitted: 0,
            })
        }
    }

    /// How many problems there are, counting those only counted.
    pub fn total(&self) -> usize {
        self.problems.len() + self.omitted
    }

    /// The first problem's message (and a count of the others).
    pub fn summary(&self) -> String {
        match self.problems.first() {
            None => "unknown error".to_string(),
            Some(first) if self.total() == 1 => first.message.clone(),
            Some(first) => format!("{} (and {} more)", first.message, self.total() - 1),
        }
    }

    /// The first [`SHOWN`] problems drawn for people, then how many more there are and a
    /// count when there are several.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for (i, p) in self.problems.iter().take(SHOWN).enumerate() {
            if i > 0 {
                out.push('\n');
            }
            out += &p.render();
        }
        let total = self.total();
        if total > SHOWN {
            let more = total - SHOWN;
            out += &format!("\nand {more} more problem{}\n", crate::words::s(more));
        }
        if total > 1 {
            out += &format!("\n{total} problems found\n");
        }
        out
    }

    /// `{"error": "...", "total": N, "problems": [...]}`: `total` counts every problem,
    /// `problems` holds the first [`SHOWN`].
    pub fn to_json(&self) -> serde_json::Value {
        let problems: Vec<ProblemJson<'_>> = self
            .problems
            .iter()
            .take(SHOWN)
            .map(Problem::to_json)
            .collect();
        serde_json::json!({
            "error": self.summary(),
            "total": self.total(),
            "problems": problems,
        })
    }
}

/// Problems as they are found, for input that may hold very many (a file of a thousand
/// bad words): the first [`SHOWN`] are kept whole, the others only counted, so memory
/// stays small however many there are.
#[derive(Debug, Default)]
pub struct Problems {
    kept: Vec<Problem>,
    omitted: usize,
}

impl Problems {
    pub fn new() -> Problems {
        Problems::default()
    }

    pub fn push(&mut self, problem: Problem) {
        if self.kept.len() < SHOWN {
            self.kept.push(problem);
        } else {
            self.omitted += 1;
        }
    }

    /// Pushes the problem `make` builds, building it only when it is kept: some cost more
    /// to build (where they are in a long file) than to count.
    pub fn push_with(&mut self, make: impl FnOnce() -> Problem) {
        if self.kept.len() < SHOWN {
            self.kept.push(make());
        } else {
            self.omitted += 1;
        }
    }

    pub fn is_empty(&self) -> bool {
        self.kept.is_empty()
    }

    /// Pushes every problem of an error, and counts those it only counted.
    pub fn push_error(&mut self, error: Error) {
        self.extend(error.problems);
        self.omitted += error.omitted;
    }

    /// `Ok(())` when there are no problems.
    pub fn check(self) -> Result<(), Error> {
        if self.kept.is_empty() {
            Ok(())
        } else {
            Err(Error {
                problems: self.kept,
                omitted: self.omitted,
            })
        }
    }
}

impl Extend<Problem> for Problems {
    fn extend<I: IntoIterator<Item = Problem>>(&mut self, problems: I) {
        for p in problems {
            self.push(p);
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.summary())
    }
}

impl std::error::Error for Error {}

impl From<Problem> for Error {
    fn from(p: Problem) -> Error {
        Error::single(p)
    }
}

/// The closest of `candidates` to `word`, when it is close enough to be a likely typo.
pub fn did_you_mean<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let lower = word.to_lowercase();
    candidates
        .into_iter()
        .map(|c| (strsim::levenshtein(&lower, &c.to_lowercase()), c))
        .filter(|(d, c)| *d <= (c.chars().count() / 3).max(1))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests;
