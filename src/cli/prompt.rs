//! The prompt layer: thin and replaceable. On a terminal, dialoguer prompts; otherwise
//! one answer per line from stdin, so a session can be scripted.

use std::io::{BufRead, IsTerminal, Read, Write};

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
    /// No more input (end of a script, or Ctrl-D).
    End,
}

fn classify(line: &str) -> Reply {
    match line.trim() {
        "undo" => Reply::Undo,
        "quit" | "exit" => Reply::Quit,
        "help" | "?" => Reply::Help,
        "show" | "status" => Reply::Show,
        other => Reply::Answer(other.to_string()),
    }
}

pub trait Prompter {
    /// Asks a question.
    fn ask(&mut self, prompt: &str) -> Reply;
    /// Asks a question whose answer `check` can refuse at once (on a terminal the prompt
    /// says why and asks again before the answer is taken).
    fn ask_checked(&mut self, prompt: &str, check: &dyn Fn(&str) -> Result<(), String>) -> Reply {
        let _ = check;
        self.ask(prompt)
    }
    /// Tells the table something.
    fn say(&mut self, text: &str);
    /// Reports a refused answer.
    fn refuse(&mut self, why: &str);
}

/// Interactive prompts on a terminal.
pub struct Terminal;

/// Prompts whose transcript goes to stderr, so that stdout holds only JSON.
pub struct ToStderr<P: Prompter>(pub P);

impl<P: Prompter> Prompter for ToStderr<P> {
    fn ask(&mut self, prompt: &str) -> Reply {
        self.0.ask(prompt)
    }

    fn ask_checked(&mut self, prompt: &str, check: &dyn Fn(&str) -> Result<(), String>) -> Reply {
        self.0.ask_checked(prompt, check)
    }

    fn say(&mut self, text: &str) {
        let _ = std::io::stderr().write_all(text.as_bytes());
    }

    fn refuse(&mut self, why: &str) {
        let _ = writeln!(std::io::stderr(), "✗ {why}");
    }
}

impl Prompter for Terminal {
    fn ask_checked(&mut self, prompt: &str, check: &dyn Fn(&str) -> Result<(), String>) -> Reply {
        let r = dialoguer::Input::<String>::new()
            .with_prompt(prompt)
            .allow_empty(true)
            .validate_with(|text: &String| -> Result<(), String> {
                match classify(text) {
                    Reply::Answer(a) => check(&a),
                    _ => Ok(()),
                }
            })
            .interact_text();
        match r {
            Ok(s) => classify(&s),
            Err(_) => Reply::End,
        }
    }

    fn ask(&mut self, prompt: &str) -> Reply {
        let r = dialoguer::Input::<String>::new()
            .with_prompt(prompt)
            .allow_empty(true)
            .interact_text();
        match r {
            Ok(s) => classify(&s),
            Err(_) => Reply::End,
        }
    }

    fn say(&mut self, text: &str) {
        let mut out = std::io::stdout().lock();
        let _ = out.write_all(text.as_bytes()).and_then(|_| out.flush());
    }

    fn refuse(&mut self, why: &str) {
        let _ = writeln!(std::io::stderr(), "✗ {why}");
    }
}

/// Answers read one per line from stdin; blank lines and `#` comments are skipped. Each
/// question and answer is echoed, so the output reads as a transcript.
pub struct Lines<R: BufRead> {
    input: R,
    /// Echo to stderr instead of stdout.
    to_stderr: bool,
}

impl<R: BufRead> Lines<R> {
    pub fn new(input: R) -> Lines<R> {
        Lines {
            input,
            to_stderr: false,
        }
    }

    fn echo(&self, text: &str) {
        if self.to_stderr {
            let _ = std::io::stderr().write_all(text.as_bytes());
        } else {
            let mut out = std::io::stdout().lock();
            let _ = out.write_all(text.as_bytes()).and_then(|_| out.flush());
        }
    }
}

impl<R: BufRead> Prompter for Lines<R> {
    fn ask(&mut self, prompt: &str) -> Reply {
        loop {
            let mut line = String::new();
            match read_line_bounded(&mut self.input, &mut line) {
                Ok(0) | Err(_) => return Reply::End,
                Ok(_) => {}
            }
            let t = line.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            self.echo(&format!("{prompt}: {t}\n"));
            return classify(t);
        }
    }

    fn say(&mut self, text: &str) {
        self.echo(text);
    }

    fn refuse(&mut self, why: &str) {
        self.echo(&format!("✗ {why}\n"));
    }
}

/// The longest answer line read from stdin, with its newline.
pub const LINE_LIMIT: u64 = 64 << 10;

/// `read_line`, reading at most [`LINE_LIMIT`] bytes: a longer line is an error (of kind
/// `InvalidData`, like a line that is not UTF-8), and the rest of it is not read.
fn read_line_bounded(input: &mut impl BufRead, line: &mut String) -> std::io::Result<usize> {
    let mut bytes = Vec::new();
    let n = input
        .by_ref()
        .take(LINE_LIMIT + 1)
        .read_until(b'\n', &mut bytes)?;
    if n as u64 > LINE_LIMIT {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("an answer line is longer than {} KiB", LINE_LIMIT >> 10),
        ));
    }
    let text = String::from_utf8(bytes).map_err(|_| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        )
    })?;
    if line.is_empty() {
        *line = text;
    } else {
        line.push_str(&text);
    }
    Ok(n)
}

/// The prompter for a session printing JSON at the end: the transcript goes to stderr.
pub fn for_stdin_json() -> Box<dyn Prompter> {
    if std::io::stdin().is_terminal() {
        Box::new(ToStderr(Terminal))
    } else {
        Box::new(Lines {
            input: std::io::stdin().lock(),
            to_stderr: true,
        })
    }
}

/// The prompter for this process: a terminal when stdin is one.
pub fn for_stdin() -> Box<dyn Prompter> {
    if std::io::stdin().is_terminal() {
        Box::new(Terminal)
    } else {
        Box::new(Lines::new(std::io::stdin().lock()))
    }
}
