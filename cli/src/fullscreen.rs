//! The full-screen view at a terminal: a [`Prompter`] that keeps a [`Screen`] and draws
//! it after every event, reading keys itself. Chosen only when stdin and stdout are both
//! a terminal of at least [`MIN_SIZE`], and `--plain` is not given; otherwise the session
//! keeps line mode. Leaving (the end, `quit`, Ctrl-C, Ctrl-D, an error or a panic)
//! restores the terminal, then prints the table and what was said last, so the outcome
//! and the way to resume stay on the screen.

use std::io::{IsTerminal, Write};

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use kado::view::{Choice, Hand, Hint};
use kado_screen::{MIN_SIZE, Screen};
use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::prompt::{Lines, MAX_ANSWER, Prompter, Reply, Terminal, classify};

pub struct FullScreen {
    terminal: DefaultTerminal,
    /// Set when SIGTERM or SIGHUP arrives: the session then ends as at Ctrl-C.
    ended: Arc<AtomicBool>,
    screen: Screen,
    /// Answers typed, for Up and Down.
    history: Vec<String>,
    /// Where Up/Down is in the history (None: the answer being typed).
    recalled: Option<usize>,
    /// The keys in the bytes read from the terminal.
    decoder: keys::Decoder,
    /// Keys read and not yet acted on (what followed an Enter in a paste).
    queued: std::collections::VecDeque<KeyEvent>,
    /// What was last drawn, at what size: an idle wait draws nothing again.
    drawn: Option<(Screen, ratatui::layout::Size)>,
    /// The question asked takes Enter on nothing typed as its answer (it has a default).
    takes_enter: bool,
    /// The game is over: what is said after its end (its place in the play history), in
    /// the question's box and printed after the final table as the view closes.
    after: Option<Vec<String>>,
}

mod keys;

/// How long keys are not taken as the key that leaves the end of a game, once shown.
const TYPED_AHEAD: std::time::Duration = std::time::Duration::from_millis(400);

/// The most bytes read from the terminal before the keys in them are acted on.
const READ_AT_ONCE: usize = 256 * 1024;

/// Whether the view can be drawn here: both ends a terminal, large enough, not `dumb`.
pub fn possible(plain: bool) -> bool {
    !plain
        && std::io::stdin().is_terminal()
        && std::io::stdout().is_terminal()
        && std::env::var("TERM").map_or(true, |t| t != "dumb")
        && ratatui::crossterm::terminal::size()
            .is_ok_and(|(w, h)| w >= MIN_SIZE.0 && h >= MIN_SIZE.1)
}

/// The prompter for this process: the full-screen view when it can be drawn (and
/// `--plain` is not given), else a line editor when stdin is a terminal, else lines.
pub fn for_stdin(plain: bool, title: &str, colour: bool) -> Box<dyn Prompter> {
    if possible(plain)
        && let Some(view) = FullScreen::open(title, colour)
    {
        return Box::new(view);
    }
    if std::io::stdin().is_terminal() {
        Box::new(Terminal::new(false))
    } else {
        Box::new(Lines::new(std::io::stdin().lock()))
    }
}

impl FullScreen {
    /// Takes over the terminal (raw mode, the alternate screen; a panic restores it).
    pub fn open(title: &str, colour: bool) -> Option<FullScreen> {
        let ended = Arc::new(AtomicBool::new(false));
        // Closing the terminal window (SIGHUP) or a `kill` (SIGTERM) ends the session as
        // Ctrl-C does: the answer being typed dropped, the terminal restored on leaving.
        for signal in [signal_hook::consts::SIGTERM, signal_hook::consts::SIGHUP] {
            signal_hook::flag::register(signal, Arc::clone(&ended)).ok()?;
        }
        let terminal = ratatui::try_init().ok()?;
        Some(FullScreen {
            terminal,
            ended,
            screen: Screen {
                colour,
                ..Screen::new(title)
            },
            history: Vec::new(),
            recalled: None,
            decoder: keys::Decoder::default(),
            queued: std::collections::VecDeque::new(),
            drawn: None,
            takes_enter: false,
            after: None,
        })
    }

    /// Draws the screen, unless it shows what was last drawn at the same size: the keys
    /// are awaited a little at a time, and an idle terminal is sent nothing.
    fn draw(&mut self) {
        let size = self.terminal.size().ok();
        let same = |(screen, at): &(Screen, ratatui::layout::Size)| {
            *screen == self.screen && Some(*at) == size
        };
        if self.drawn.as_ref().is_some_and(same) {
            return;
        }
        let screen = &self.screen;
        let _ = self.terminal.draw(|f| screen.draw(f));
        self.drawn = size.map(|at| (self.screen.clone(), at));
    }

    /// Acts on one key; `Some` when it ends the question.
    fn key(&mut self, k: KeyEvent) -> Option<Reply> {
        let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
        let alt = k.modifiers.contains(KeyModifiers::ALT);
        let s = &mut self.screen;
        match k.code {
            KeyCode::Char('c') if ctrl => return Some(Reply::Interrupted),
            KeyCode::Char('d') if ctrl && s.input.is_empty() => return Some(Reply::End),
            // Enter on nothing typed answers nothing (a hint on screen stays), as an empty
            // line in line mode, unless the question takes Enter as an answer.
            KeyCode::Enter if s.input.trim().is_empty() && !self.takes_enter => {}
            KeyCode::Enter => return Some(self.submit()),
            KeyCode::Tab if s.input.is_empty() => {
                if let Some(answer) = s.advised_answer() {
                    s.input = answer.to_string();
                    s.cursor = s.input.chars().count();
                }
            }
            KeyCode::Tab => {
                let many = s.complete();
                if many.len() > 1 {
                    s.tell(&format!("Tab: {}", many.join(" · ")));
                }
            }
            KeyCode::Char(c) if ctrl || alt => edit(s, c, ctrl),
            KeyCode::Char(c) => insert(s, &c.to_string()),
            KeyCode::Backspace if s.cursor > 0 => {
                s.cursor -= 1;
                let at = byte_at(&s.input, s.cursor);
                s.input.remove(at);
            }
            KeyCode::Delete if s.cursor < s.input.chars().count() => {
                let at = byte_at(&s.input, s.cursor);
                s.input.remove(at);
            }
            KeyCode::Left => s.cursor = s.cursor.saturating_sub(1),
            KeyCode::Right => s.cursor = (s.cursor + 1).min(s.input.chars().count()),
            KeyCode::Home => s.cursor = 0,
            KeyCode::End => s.cursor = s.input.chars().count(),
            KeyCode::Up if alt => s.said_scroll = s.said_scroll.saturating_add(1),
            KeyCode::Down if alt => s.said_scroll = s.said_scroll.saturating_sub(1),
            KeyCode::Up => self.recall(true),
            KeyCode::Down => self.recall(false),
            KeyCode::PageUp | KeyCode::PageDown => scroll(s, k.code == KeyCode::PageUp),
            _ => {}
        }
        None
    }

    /// Enter: the answer typed, said back and kept for Up; a number picking a numbered
    /// answer sends that answer by its place.
    fn submit(&mut self) -> Reply {
        let sent = self.screen.submit();
        self.recalled = None;
        if let kado_screen::Submitted::Typed(line) = &sent
            && !line.trim().is_empty()
        {
            self.history.push(line.clone());
        }
        reply_of(sent)
    }

    /// The keys the terminal sent, queued; after a pause, what was cut short dropped.
    fn read_keys(&mut self) -> Result<(), Gone> {
        let bytes = read_terminal()?;
        if bytes.is_empty() {
            self.decoder.idle();
        } else {
            let keys = self.decoder.feed(&bytes);
            self.queued.extend(keys);
        }
        Ok(())
    }

    /// Acts on key `k`; a run of characters typed (a paste) is put in at once.
    fn key_or_text(&mut self, k: KeyEvent) -> Option<Reply> {
        if let Some(first) = plain_char(&k) {
            let mut text = first.to_string();
            while let Some(c) = self.queued.front().and_then(plain_char) {
                text.push(c);
                self.queued.pop_front();
            }
            insert(&mut self.screen, &text);
            return None;
        }
        self.key(k)
    }

    /// Up (`back`) or Down through the answers typed before.
    fn recall(&mut self, back: bool) {
        if self.history.is_empty() {
            return;
        }
        let last = self.history.len() - 1;
        self.recalled = match (self.recalled, back) {
            (None, true) => Some(last),
            (Some(i), true) => Some(i.saturating_sub(1)),
            (Some(i), false) if i < last => Some(i + 1),
            _ => None,
        };
        let s = &mut self.screen;
        s.input = self
            .recalled
            .and_then(|i| self.history.get(i).cloned())
            .unwrap_or_default();
        s.cursor = s.input.chars().count();
    }
}

/// Why no key can come any more.
enum Gone {
    /// The terminal hung up: its window closed, or the other end of its pseudo-terminal.
    HungUp,
    Unreadable(std::io::Error),
}

/// Reads what the terminal has, waiting up to 100 ms for it: every byte there (a whole
/// paste, up to [`READ_AT_ONCE`]) in one pass. The terminal is polled by kado itself, so
/// that one that hung up is reported (reading its end of input would go on forever).
fn read_terminal() -> Result<Vec<u8>, Gone> {
    let mut out = Vec::new();
    let mut buf = [0u8; 8192];
    let mut wait = 100;
    while out.len() < READ_AT_ONCE && terminal_ready(wait)? {
        wait = 0;
        match rustix::io::read(std::io::stdin(), &mut buf) {
            Ok(0) => return Err(Gone::HungUp),
            Ok(n) => out.extend_from_slice(&buf[..n]),
            Err(rustix::io::Errno::INTR | rustix::io::Errno::AGAIN) => break,
            Err(e) => return Err(Gone::Unreadable(e.into())),
        }
    }
    Ok(out)
}

/// Whether the terminal has input within `ms` milliseconds; an error once it hung up.
fn terminal_ready(ms: i64) -> Result<bool, Gone> {
    use rustix::event::{PollFd, PollFlags, Timespec};
    let stdin = std::io::stdin();
    let mut fds = [PollFd::new(&stdin, PollFlags::IN)];
    let wait = Timespec {
        tv_sec: 0,
        tv_nsec: ms * 1_000_000,
    };
    match rustix::event::poll(&mut fds, Some(&wait)) {
        Ok(0) | Err(rustix::io::Errno::INTR) => return Ok(false),
        Ok(_) => {}
        Err(e) => return Err(Gone::Unreadable(e.into())),
    }
    let hung = PollFlags::HUP | PollFlags::ERR | PollFlags::NVAL;
    if fds[0].revents().intersects(hung) {
        return Err(Gone::HungUp);
    }
    Ok(true)
}

/// The reply Enter sends.
pub fn reply_of(sent: kado_screen::Submitted) -> Reply {
    use kado_screen::Submitted;
    match sent {
        Submitted::Typed(line) => classify(&line),
        Submitted::Choice(n) => Reply::Choice(n),
        Submitted::HintRow(n) => Reply::HintRow(n),
    }
}

impl Prompter for FullScreen {
    fn ask(&mut self, question: &kado::session::Asking) -> Reply {
        self.screen.question = question.prompt.clone();
        self.takes_enter = question.default.is_some();
        loop {
            if self.ended.load(Ordering::Relaxed) {
                self.screen.input.clear();
                return Reply::Interrupted;
            }
            if self.queued.is_empty() {
                self.draw();
                // Waiting a little at a time, so a signal is noticed without a key.
                match self.read_keys() {
                    Ok(()) => {}
                    Err(Gone::HungUp) => return Reply::Interrupted,
                    Err(Gone::Unreadable(e)) => {
                        return Reply::Unreadable(crate::prompt::Unreadable::Terminal(Some(
                            crate::prompt::ReadFault::Io(e),
                        )));
                    }
                }
            }
            // Every key read is acted on before the screen is drawn again.
            while let Some(k) = self.queued.pop_front() {
                if let Some(reply) = self.key_or_text(k) {
                    return reply;
                }
            }
        }
    }

    fn say(&mut self, text: &str) {
        self.screen.tell(text);
        self.draw();
    }

    /// A resumed game: what was said before it stopped is in the panel again.
    fn recall(&mut self, events: &[kado::view::Event]) {
        self.screen.tell_events(events);
        self.screen.result.clear();
        self.screen.recalled = self.screen.said.len();
    }

    /// The end of the game stays on screen until a key: the final table (its board or
    /// Commons in sight), the result, and what was said since the last answer, from its
    /// first word. Keys typed before the end are not taken for that key.
    fn game_over(&mut self, after: &[String]) {
        self.after = Some(after.to_vec());
        let s = &mut self.screen;
        // What was said since the last answer, the result with it, in one panel.
        s.result.clear();
        s.aside = None;
        s.choices.clear();
        s.input.clear();
        s.cursor = 0;
        // The box's title says the game is over; the box holds the game's place in the
        // history.
        let after: Vec<&str> = after.iter().map(|l| l.trim()).collect();
        s.question = if after.is_empty() {
            "The game is over. Press any key to leave.".to_string()
        } else {
            after.join(" ")
        };
        s.over = true;
        // Keys typed ahead as the game ended (a second Enter) do not close it unseen.
        let shown = std::time::Instant::now();
        while !self.ended.load(Ordering::Relaxed) {
            self.draw();
            if self.read_keys().is_err() {
                return;
            }
            if shown.elapsed() < TYPED_AHEAD {
                self.queued.clear();
            } else if self.queued.pop_front().is_some() {
                return;
            }
        }
    }

    /// Whatever was beside the table (a hand shown) put away, then Enter awaited; the
    /// table itself hides every hand under `--private`.
    fn pass(&mut self, to: &str) -> Result<bool, Reply> {
        self.screen.aside = None;
        self.screen.input.clear();
        self.screen.question = format!("Pass to {to}; {to}, press Enter when ready");
        loop {
            if self.ended.load(Ordering::Relaxed) {
                return Err(Reply::Interrupted);
            }
            if self.queued.is_empty() {
                self.draw();
                match self.read_keys() {
                    Ok(()) => {}
                    Err(Gone::HungUp) => return Err(Reply::Interrupted),
                    Err(Gone::Unreadable(e)) => {
                        return Err(Reply::Unreadable(crate::prompt::Unreadable::Terminal(
                            Some(crate::prompt::ReadFault::Io(e)),
                        )));
                    }
                }
            }
            let Some(k) = self.queued.pop_front() else {
                continue;
            };
            let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
            match k.code {
                // `quit` typed at the hand-over stops the game, as at a question.
                KeyCode::Enter if crate::prompt::is_quit(&self.screen.input) => {
                    self.screen.input.clear();
                    self.screen.cursor = 0;
                    return Err(Reply::Quit);
                }
                // The table and what was said stay on screen: nothing to show again.
                KeyCode::Enter => {
                    self.screen.input.clear();
                    self.screen.cursor = 0;
                    return Ok(false);
                }
                KeyCode::Char('c') if ctrl => return Err(Reply::Interrupted),
                KeyCode::Char('d') if ctrl => return Err(Reply::End),
                KeyCode::Char(c) if !ctrl => {
                    self.screen.input.push(c);
                    self.screen.cursor = self.screen.input.chars().count();
                }
                KeyCode::Backspace => {
                    self.screen.input.pop();
                    self.screen.cursor = self.screen.input.chars().count();
                }
                _ => {}
            }
        }
    }

    fn refuse(&mut self, why: &str) {
        self.screen.refuse(why);
        self.draw();
    }

    fn set_table(&mut self, table: kado::view::Table) {
        self.screen.set_table(table);
        self.draw();
    }

    fn choices(&mut self, answers: &[Choice]) {
        self.screen.choices = answers.to_vec();
    }

    fn advise(&mut self, hint: &Hint) {
        self.screen.advise(hint);
        self.draw();
    }

    fn show_hand(&mut self, hand: &Hand) {
        self.screen.show_hand(hand);
        self.draw();
    }

    fn tell(&mut self, events: &[kado::view::Event]) {
        self.screen.tell_events(events);
        self.draw();
    }

    fn live(&self) -> bool {
        true
    }
}

impl Drop for FullScreen {
    fn drop(&mut self) {
        ratatui::restore();
        // What was said since the last answer typed (the end of the game, how to resume).
        let from = self
            .screen
            .said
            .iter()
            .rposition(|s| matches!(s, kado_screen::Said::Typed(_)))
            .map_or(0, |i| i + 1);
        let said = &self.screen.said;
        let columns = ratatui::crossterm::terminal::size().map_or(MIN_SIZE.0, |(w, _)| w);
        let lines = |said: &[kado_screen::Said]| -> String {
            let text: Vec<String> = said.iter().map(kado_screen::Said::text).collect();
            let mut out = kado_screen::wrap(&text.join("\n"), usize::from(columns)).join("\n");
            if !out.is_empty() {
                out.push('\n');
            }
            out
        };
        let table = kado_screen::table::text(&self.screen.table, columns.min(120));
        // In the order things happened: at the end of a game, the last moves, then the
        // final table with its result, then the game's place in the history; else the
        // table, then what was said since (how to resume).
        let printed = match &self.after {
            Some(after) => {
                let after = kado_screen::wrap(&after.join("\n"), usize::from(columns));
                let after: String = after.iter().map(|l| format!("{l}\n")).collect();
                lines(&said[from..]) + &table + &after
            }
            None => table + &lines(&said[from..]),
        };
        let mut out = std::io::stdout().lock();
        let _ = out.write_all(printed.as_bytes());
        let _ = out.flush();
    }
}

/// PgUp (`up`) or PgDn: the hint's rows while a hint is shown, else the table.
fn scroll(s: &mut Screen, up: bool) {
    if s.advised_answer().is_none() {
        s.scroll_table(up);
        return;
    }
    let at = &mut s.hint_scroll;
    *at = if up {
        at.saturating_sub(10)
    } else {
        at.saturating_add(10)
    };
}

/// The editing keys of a shell: Ctrl-A and Ctrl-E to the start and the end, Ctrl-U
/// clears what is before the cursor, Ctrl-W the word before it, Alt-B and Alt-F a word
/// back and forward.
fn edit(s: &mut Screen, c: char, ctrl: bool) {
    let chars: Vec<char> = s.input.chars().collect();
    let word_back = |from: usize| {
        let mut i = from;
        while i > 0 && chars[i - 1] == ' ' {
            i -= 1;
        }
        while i > 0 && chars[i - 1] != ' ' {
            i -= 1;
        }
        i
    };
    match (ctrl, c) {
        (true, 'a') => s.cursor = 0,
        (true, 'e') => s.cursor = chars.len(),
        (true, 'u') => {
            s.input = chars[s.cursor..].iter().collect();
            s.cursor = 0;
        }
        (true, 'w') => {
            let from = word_back(s.cursor);
            s.input = chars[..from].iter().chain(&chars[s.cursor..]).collect();
            s.cursor = from;
        }
        (false, 'b') => s.cursor = word_back(s.cursor),
        (false, 'f') => {
            let mut i = s.cursor;
            while i < chars.len() && chars[i] == ' ' {
                i += 1;
            }
            while i < chars.len() && chars[i] != ' ' {
                i += 1;
            }
            s.cursor = i;
        }
        _ => {}
    }
}

/// The character a key types, when it types one (no Ctrl, no Alt).
fn plain_char(k: &KeyEvent) -> Option<char> {
    match k.code {
        KeyCode::Char(c)
            if !k
                .modifiers
                .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) =>
        {
            Some(c)
        }
        _ => None,
    }
}

/// Puts `text` in the answer at the cursor, as far as an answer may be long; says so
/// when some of it did not fit.
fn insert(s: &mut Screen, text: &str) {
    let room = MAX_ANSWER.saturating_sub(s.input.len());
    let mut fits = text.len().min(room);
    while !text.is_char_boundary(fits) {
        fits -= 1;
    }
    let at = byte_at(&s.input, s.cursor);
    s.input.insert_str(at, &text[..fits]);
    s.cursor += text[..fits].chars().count();
    // Said once: when the answer fills up, not at every key after.
    if fits < text.len() && room > 0 {
        s.refuse(&format!(
            "an answer holds at most {} KiB: what was typed past that was dropped",
            MAX_ANSWER / 1024
        ));
    }
}

/// The byte offset of character `at` in `s`.
fn byte_at(s: &str, at: usize) -> usize {
    s.char_indices().nth(at).map_or(s.len(), |(i, _)| i)
}

#[cfg(test)]
mod tests;
