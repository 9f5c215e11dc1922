//! The prompt layer: thin and replaceable. On a terminal, a line editor (history, Ctrl-D
//! to stop, Ctrl-C to stop); otherwise one answer per line from stdin, so a session can be
//! scripted.

use std::io::{BufRead, IsTerminal, Read, Write};

/// The longest answer read from one line: far more than any move, and small enough that
/// an endless line (`/dev/zero` on stdin) cannot fill the memory.
pub const MAX_ANSWER: usize = 64 * 1024;

/// What the table answered.
#[derive(Debug, PartialEq, Eq)]
pub enum Reply {
    Answer(String),
    /// Take back the last action.
    Undo,
    /// Stop here; the game is saved and can be resumed.
    Quit,
    /// Print what may be answered.
    Help,
    /// Show the table again.
    Show,
    /// Ask the game's advisor for the best answer.
    Hint,
    /// Show the hand of the player to move (hands kept off the screen).
    Hand,
    /// `hint WHAT`: the same, told what only the player knows.
    HintWith(String),
    /// `fix` (list the answers given) or `fix N [ANSWER]` (replace answer N).
    Fix(Option<(usize, String)>),
    /// A page's button for one of the question's choices, by its place among them: the
    /// answer it carries, not text to read again.
    Choice(usize),
    /// A page's button for a row of the hint given at this question, by its place.
    HintRow(usize),
    /// A page's tap on a piece of the answer it composes (its code): picked, or put back.
    Tap(String),
    /// A page's tap on the − or + of the count it composes: by how much.
    Step(i32),
    /// A page's button that sends the answer composed by taps.
    Send,
    /// No more input (end of a script, or Ctrl-D).
    End,
    /// Ctrl-C at the prompt.
    Interrupted,
    /// The input could not be read (not UTF-8, too long, an I/O error): what and where.
    Unreadable(Unreadable),
}

/// Why an answer could not be read.
#[derive(Debug, PartialEq, Eq)]
pub enum Unreadable {
    /// The terminal is gone, or failed so.
    Terminal(Option<ReadFault>),
    /// An answer at the terminal longer than [`MAX_ANSWER`].
    TooLong,
    /// A line of standard input (its number), and why.
    Line(usize, LineFault),
}

/// Why a line of input could not be read.
#[derive(Debug, PartialEq, Eq)]
pub enum LineFault {
    /// The system failed to read it.
    Io(ReadFault),
    /// Longer than [`MAX_ANSWER`].
    TooLong,
    /// A byte that is not UTF-8 text, and its column.
    NotUtf8 { column: usize, byte: u8 },
}

/// A failure to read, as the system or the line editor gave it. Replies are compared by
/// kind (in tests): the failure's variant and, for the system's, its kind.
#[derive(Debug)]
pub enum ReadFault {
    Io(std::io::Error),
    Editor(rustyline::error::ReadlineError),
}

impl PartialEq for ReadFault {
    fn eq(&self, other: &ReadFault) -> bool {
        match (self, other) {
            (ReadFault::Io(a), ReadFault::Io(b)) => a.kind() == b.kind(),
            (ReadFault::Editor(a), ReadFault::Editor(b)) => {
                std::mem::discriminant(a) == std::mem::discriminant(b)
            }
            (ReadFault::Io(_) | ReadFault::Editor(_), _) => false,
        }
    }
}

impl Eq for ReadFault {}

impl std::fmt::Display for ReadFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadFault::Io(e) => e.fmt(f),
            ReadFault::Editor(e) => e.fmt(f),
        }
    }
}

impl std::fmt::Display for Unreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unreadable::Terminal(None) => f.write_str("the terminal cannot be read"),
            Unreadable::Terminal(Some(e)) => write!(f, "the terminal cannot be read: {e}"),
            Unreadable::TooLong => {
                write!(f, "an answer is longer than {} KiB", MAX_ANSWER / 1024)
            }
            Unreadable::Line(n, why) => write!(f, "line {n} of standard input {why}"),
        }
    }
}

impl std::fmt::Display for LineFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LineFault::Io(e) => write!(f, "cannot be read: {e}"),
            LineFault::TooLong => write!(f, "is longer than {} KiB", MAX_ANSWER / 1024),
            LineFault::NotUtf8 { column, byte } => {
                write!(f, "is not UTF-8 text: column {column} holds 0x{byte:02X}")
            }
        }
    }
}

/// Whether `line` asks to stop the game, read as [`classify`] reads it.
pub fn is_quit(line: &str) -> bool {
    matches!(classify(line), Reply::Quit)
}

pub fn classify(line: &str) -> Reply {
    match line.trim() {
        "undo" => Reply::Undo,
        "quit" | "exit" => Reply::Quit,
        "help" | "?" => Reply::Help,
        "show" | "status" => Reply::Show,
        "hint" => Reply::Hint,
        "hand" | "cards" => Reply::Hand,
        other => match other.strip_prefix("hint ") {
            Some(known) => Reply::HintWith(known.trim().to_string()),
            None => fix(other).unwrap_or_else(|| Reply::Answer(other.to_string())),
        },
    }
}

/// `fix`, or `fix N …`: a correction of an earlier answer. `fix` followed by anything
/// else is the game's own (Kin Kādo's `fix NAME MONEY`).
fn fix(line: &str) -> Option<Reply> {
    let rest = line
        .strip_prefix("fix")
        .or_else(|| line.strip_prefix("FIX"))?;
    if rest.is_empty() {
        return Some(Reply::Fix(None));
    }
    let rest = rest.strip_prefix(char::is_whitespace)?.trim_start();
    let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
    let number = rest[..end].parse::<usize>().ok()?;
    Some(Reply::Fix(Some((number, rest[end..].trim().to_string()))))
}

/// What a line typed at a prompt means (for tests that script a prompter).
#[cfg(test)]
pub fn classify_for_tests(line: &str) -> Reply {
    classify(line)
}

use kado::session::Asking;
use kado::session::rights::Sent;
use kado::view::{Choice, Hand, Hint};

pub trait Prompter {
    /// Asks a question: a blank answer is an answer only where it has a default.
    fn ask(&mut self, question: &Asking) -> Reply;
    /// Who sent the reply [`Prompter::ask`] returned last, and the question it named: the
    /// terminal running the game (the referee), naming none, unless a page sent it.
    fn sent(&self) -> Sent {
        Sent::default()
    }
    /// Tells whoever sent the last reply what they asked for (`help`, `show`, the answers
    /// `fix` lists): on a served table, their page alone.
    fn reply(&mut self, text: &str) {
        self.say(text);
    }
    /// What the game said before this session started (a resumed game), for a surface
    /// that keeps a log of it.
    fn recall(&mut self, _events: &[kado::view::Event]) {}
    /// Tells the table something.
    fn say(&mut self, text: &str);
    /// A chart drawn for this terminal alone (a page draws the table's own values).
    fn chart(&mut self, text: &str) {
        self.say(text);
    }
    /// Where the stopped game is saved and the command that goes on with it: for the
    /// terminal that runs kado alone (a served page is told the game is paused instead).
    fn stopped(&mut self, how_to_go_on: &str) {
        self.say(how_to_go_on);
    }
    /// The game is over: `after` is what is said once it has ended (its place in the play
    /// history). A full-screen view keeps its last screen until a key; elsewhere it is
    /// said as the rest.
    fn game_over(&mut self, after: &[String]) {
        for line in after {
            self.say(line);
        }
    }
    /// Reports a refused answer.
    fn refuse(&mut self, why: &str);
    /// Reports a reply its sender had no right to send, or that named a question no
    /// longer asked: `why` in words.
    fn deny(&mut self, _denied: &kado::session::rights::Denied, why: &str) {
        self.refuse(why);
    }
    /// The answer just taken could not be saved: the session stops with the error.
    fn not_saved(&mut self) {}
    /// Shows the table (line mode prints it where the transcript is).
    fn table(&mut self, text: &str) {
        self.say(text);
    }
    /// Shows the table as typed values (a live view draws them; line mode prints the
    /// table's text instead, through [`Prompter::table`]).
    fn set_table(&mut self, _table: kado::view::Table) {}
    /// Shows advice asked for.
    fn advise(&mut self, hint: &Hint) {
        self.say(&kado_screen::grid::draw_doc(&hint.doc()));
    }
    /// Shows a hand on request (a hand kept private is not on the table).
    fn show_hand(&mut self, hand: &Hand) {
        self.say(&hand.text());
    }
    /// The legal answers to the question about to be asked (empty when the game cannot
    /// list them). Line mode does not show them.
    fn choices(&mut self, _answers: &[Choice]) {}
    /// The answer being composed by taps at the question about to be asked, for the page of
    /// the seat asked (`None`: the question is not answered by taps). Line mode has none.
    fn compose(&mut self, _compose: Option<&kado::view::Compose>) {}
    /// Tells the table what happened, each event by its kind (line mode: as text).
    /// An event for one seat's eyes (a domino it drew into a hidden hand) is not told at
    /// a screen the table shares: that seat's `hand` shows what it holds.
    fn tell(&mut self, events: &[kado::view::Event]) {
        for e in events.iter().filter(|e| e.is_public()) {
            self.say(&format!("{}\n", e.text));
        }
    }
    /// Under `--private`, the device passes to `to` before their question: what the last
    /// player saw is cleared, and kado waits until `to` is ready (`Ok(true)`: the table is
    /// to be shown again). A reply that ends the session (Ctrl-C, Ctrl-D) is the error.
    /// Answers read from a pipe have nobody to hide from: no wait (`Ok(false)`).
    fn pass(&mut self, _to: &str) -> Result<bool, Reply> {
        Ok(false)
    }
    /// Whether the table is on screen at all times (the full-screen view), so it is to be
    /// given again after every event.
    fn live(&self) -> bool {
        false
    }
    /// Whether this surface also serves the table to the players' phones, so that it is
    /// to be given [`kado::view::Shared`] after every change (and the choices, as a live
    /// view is).
    fn serves(&self) -> bool {
        false
    }
    /// The table, each seat's own hand and whose answer is awaited, for the pages of a
    /// served table.
    fn share(&mut self, _shared: kado::view::Shared) {}
}

/// Interactive prompts on a terminal, with line editing and history. The prompt and the
/// typing go to the terminal itself, so stdout stays clean for `--json`.
pub struct Terminal {
    editor: Option<rustyline::DefaultEditor>,
    /// The transcript (what kado says) goes to stderr instead of stdout.
    to_stderr: bool,
}

impl Terminal {
    pub fn new(to_stderr: bool) -> Terminal {
        let config = rustyline::Config::builder()
            .behavior(rustyline::config::Behavior::PreferTerm)
            .auto_add_history(true)
            .build();
        Terminal {
            editor: rustyline::DefaultEditor::with_config(config).ok(),
            to_stderr,
        }
    }
}

impl Prompter for Terminal {
    fn ask(&mut self, question: &Asking) -> Reply {
        use rustyline::error::ReadlineError;
        let Some(editor) = self.editor.as_mut() else {
            return Reply::Unreadable(Unreadable::Terminal(None));
        };
        match editor.readline(&format!("{}: ", question.prompt)) {
            Ok(line) if line.len() > MAX_ANSWER => Reply::Unreadable(Unreadable::TooLong),
            Ok(line) => classify(&line),
            Err(ReadlineError::Eof) => Reply::End,
            Err(ReadlineError::Interrupted) => Reply::Interrupted,
            Err(e) => Reply::Unreadable(Unreadable::Terminal(Some(ReadFault::Editor(e)))),
        }
    }

    fn say(&mut self, text: &str) {
        write_to(self.to_stderr, text);
    }

    fn refuse(&mut self, why: &str) {
        let _ = writeln!(std::io::stderr(), "✗ {why}");
    }

    /// The screen and its scrollback cleared (the last hand shown goes with them), then
    /// Enter awaited.
    fn pass(&mut self, to: &str) -> Result<bool, Reply> {
        use rustyline::error::ReadlineError;
        write_to(self.to_stderr, CLEAR);
        let Some(editor) = self.editor.as_mut() else {
            return Err(Reply::Unreadable(Unreadable::Terminal(None)));
        };
        match editor.readline(&format!("Pass to {to}; {to}, press Enter when ready: ")) {
            // `quit` typed at the hand-over stops the game, as at a question.
            Ok(line) if is_quit(&line) => Err(Reply::Quit),
            Ok(_) => {
                write_to(self.to_stderr, CLEAR);
                Ok(true)
            }
            Err(ReadlineError::Eof) => Err(Reply::End),
            Err(ReadlineError::Interrupted) => Err(Reply::Interrupted),
            Err(e) => Err(Reply::Unreadable(Unreadable::Terminal(Some(
                ReadFault::Editor(e),
            )))),
        }
    }
}

/// Clears a terminal and its scrollback, the cursor at the top.
const CLEAR: &str = "\x1b[H\x1b[2J\x1b[3J";

fn write_to(stderr: bool, text: &str) {
    if stderr {
        let _ = std::io::stderr().write_all(text.as_bytes());
    } else {
        let mut out = std::io::stdout().lock();
        let _ = out.write_all(text.as_bytes()).and_then(|_| out.flush());
    }
}

/// Reads one line of at most [`MAX_ANSWER`] bytes (without its line end). `Ok(None)` at
/// the end of the input; an error says what is wrong with the line.
pub fn read_bounded_line(input: &mut impl BufRead) -> Result<Option<String>, LineFault> {
    let mut bytes = Vec::new();
    let limit = (MAX_ANSWER + 1) as u64;
    match input.by_ref().take(limit).read_until(b'\n', &mut bytes) {
        Ok(0) => return Ok(None),
        Ok(_) => {}
        Err(e) => return Err(LineFault::Io(ReadFault::Io(e))),
    }
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
    } else if bytes.len() > MAX_ANSWER {
        return Err(LineFault::TooLong);
    }
    if bytes.last() == Some(&b'\r') {
        bytes.pop();
    }
    crate::limits::utf8_line(bytes)
        .map(Some)
        .map_err(|(column, byte)| LineFault::NotUtf8 { column, byte })
}

/// Answers read one per line from stdin; blank lines and `#` comments are skipped, except
/// that at a question with a default for Enter ([`Asking::default`]) a blank line is Enter.
/// Each question and answer is echoed, so the output reads as a transcript.
pub struct Lines<R: BufRead> {
    input: R,
    /// Echo to stderr instead of stdout.
    to_stderr: bool,
    /// Lines read so far, for errors.
    line: usize,
}

impl<R: BufRead> Lines<R> {
    pub fn new(input: R) -> Lines<R> {
        Lines {
            input,
            to_stderr: false,
            line: 0,
        }
    }
}

impl<R: BufRead> Prompter for Lines<R> {
    fn ask(&mut self, question: &Asking) -> Reply {
        let prompt = &question.prompt;
        loop {
            self.line += 1;
            let line = match read_bounded_line(&mut self.input) {
                Ok(None) => return Reply::End,
                Ok(Some(line)) => line,
                Err(why) => {
                    return Reply::Unreadable(Unreadable::Line(self.line, why));
                }
            };
            let t = line.trim();
            let enter = t.is_empty() && question.default.is_some();
            if !enter && (t.is_empty() || t.starts_with('#')) {
                continue;
            }
            // The answer is echoed as errors quote input: control characters escaped.
            write_to(
                self.to_stderr,
                &format!("{prompt}: {}\n", kado::diag::escape(t)),
            );
            return classify(t);
        }
    }

    fn say(&mut self, text: &str) {
        write_to(self.to_stderr, text);
    }

    fn refuse(&mut self, why: &str) {
        write_to(self.to_stderr, &format!("✗ {why}\n"));
    }
}

/// The prompter for a session printing JSON at the end: the transcript goes to stderr.
pub fn for_stdin_json() -> Box<dyn Prompter> {
    if std::io::stdin().is_terminal() {
        Box::new(Terminal::new(true))
    } else {
        Box::new(Lines {
            input: std::io::stdin().lock(),
            to_stderr: true,
            line: 0,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_read_with_a_bound() {
        let long = "x".repeat(MAX_ANSWER + 10);
        let text = format!("ok\r\n{long}\nafter\n");
        let mut input = std::io::Cursor::new(text.into_bytes());
        assert_eq!(read_bounded_line(&mut input), Ok(Some("ok".into())));
        assert_eq!(read_bounded_line(&mut input), Err(LineFault::TooLong));
    }

    #[test]
    fn bad_bytes_on_stdin_are_an_error_naming_the_line() {
        let mut p = Lines::new(std::io::Cursor::new(b"# c\nKH\n\xff\n2S\n".to_vec()));
        p.to_stderr = true;
        let q = Asking {
            id: 0,
            seat: None,
            prompt: "q".into(),
            default: None,
        };
        assert_eq!(p.ask(&q), Reply::Answer("KH".into()));
        assert_eq!(
            p.ask(&q),
            Reply::Unreadable(Unreadable::Line(
                3,
                LineFault::NotUtf8 {
                    column: 1,
                    byte: 0xFF
                }
            ))
        );
    }

    #[test]
    fn fix_with_a_number_is_a_correction_and_otherwise_the_games_answer() {
        assert_eq!(classify("fix"), Reply::Fix(None));
        assert_eq!(classify(" fix 12 "), Reply::Fix(Some((12, String::new()))));
        assert_eq!(
            classify("fix 3 ana 1r>1p / 7b"),
            Reply::Fix(Some((3, "ana 1r>1p / 7b".into())))
        );
        assert_eq!(classify("fix ana 40"), Reply::Answer("fix ana 40".into()));
        assert_eq!(classify("fixed"), Reply::Answer("fixed".into()));
        assert_eq!(classify("fix -1 x"), Reply::Answer("fix -1 x".into()));
    }
}
