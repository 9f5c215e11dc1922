//! How much kado reads: every argument, file and answer line is read with a limit, and
//! input over it is refused before it is parsed, with an error that names it and says
//! both its size and the limit. Within the limits every command answers at once.

use std::io::Read;

use kado::diag::{Code, Error, Problem, Source};
use kado_store::io_words;

/// The most kado reads of one argument (of all the words of a positional argument).
pub const ARG_LIMIT: u64 = 64 << 10;
/// The most kado reads of a board or house-rules file.
pub const FILE_LIMIT: u64 = 1 << 20;
/// The most kado reads of a Kingmaker layout or build file (8 Blinks take under 100
/// bytes; read, each Blink written takes a few hundred bytes of memory).
pub const LAYOUT_LIMIT: u64 = 256 << 10;
/// The most kado reads of a saved game (a few thousand actions take well under 1 MiB).
pub const SAVE_LIMIT: u64 = 8 << 20;

/// What `check` calls a record of `game` in its errors, and the most it reads of one (a
/// record of a game not known yet is one of those read under [`FILE_LIMIT`]).
pub fn record_limit(game: Option<&str>) -> (&'static str, u64) {
    match game {
        Some("kingmaker") => ("record file", LAYOUT_LIMIT),
        _ => ("record", FILE_LIMIT),
    }
}

/// Refuses a record of `game` of `size` bytes, read from `path` under a larger limit (that
/// of a save, before it was known to be a record), when `check` would refuse it.
pub fn record_size(path: &str, game: Option<&str>, size: usize) -> Result<(), Error> {
    let (what, limit) = record_limit(game);
    let size = size as u64;
    if size <= limit {
        return Ok(());
    }
    Err(Problem::new(format!(
        "cannot read {what} `{path}`: {}",
        too_big(Some(size), what, limit)
    ))
    .code(Code::File)
    .into())
}

/// A size for people: `64 KiB`, `1.5 MiB`, with the exact count of bytes after it when
/// rounded.
pub fn size_text(bytes: u64) -> String {
    const UNITS: [(u64, &str); 3] = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")];
    for (unit, name) in UNITS {
        if bytes >= unit {
            return if bytes.is_multiple_of(unit) {
                format!("{} {name}", bytes / unit)
            } else {
                format!("{:.1} {name} ({bytes} bytes)", bytes as f64 / unit as f64)
            };
        }
    }
    kado::words::count(bytes, "byte")
}

/// Why a file could not be read, in the words of the error.
fn why(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "it does not exist".to_string(),
        _ => io_words(e),
    }
}

/// Where the first byte that is not UTF-8 is in a text: its line and column (counted in
/// characters, from 1), its offset in bytes (from 0) and its value.
#[derive(Debug, PartialEq, Eq)]
pub struct NotUtf8 {
    pub line: usize,
    pub column: usize,
    pub offset: usize,
    pub byte: u8,
}

impl NotUtf8 {
    fn of(e: &std::string::FromUtf8Error) -> NotUtf8 {
        let bytes = e.as_bytes();
        let offset = e.utf8_error().valid_up_to();
        let before = &bytes[..offset];
        let start = before
            .iter()
            .rposition(|b| *b == b'\n')
            .map_or(0, |i| i + 1);
        NotUtf8 {
            line: before.iter().filter(|b| **b == b'\n').count() + 1,
            column: String::from_utf8_lossy(&before[start..]).chars().count() + 1,
            offset,
            byte: bytes.get(offset).copied().unwrap_or(0),
        }
    }
}

impl std::fmt::Display for NotUtf8 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The line and column are where the problem points (see [`not_utf8`]).
        write!(
            f,
            "it is not UTF-8 text: byte offset {} holds 0x{:02X}",
            self.offset, self.byte
        )
    }
}

/// Bytes read as text, or where the first byte that is not UTF-8 is (every file and
/// stream kado reads as text comes through here).
pub fn utf8_text(bytes: Vec<u8>) -> Result<String, NotUtf8> {
    String::from_utf8(bytes).map_err(|e| NotUtf8::of(&e))
}

/// The column (from 1) of the first byte that is not UTF-8 in one line, and that byte.
pub fn utf8_line(bytes: Vec<u8>) -> Result<String, (usize, u8)> {
    utf8_text(bytes).map_err(|at| (at.column, at.byte))
}

/// Reads a file the user named, at most `limit` bytes of it, with an error that says
/// which and why. A larger file (or a device that never ends, such as /dev/zero) is
/// refused without reading more than `limit` bytes; a folder, a named pipe (that might
/// never be written to) or a socket is refused without being opened.
pub fn read_file(path: &str, what: &str, limit: u64) -> Result<String, Error> {
    read_if_there(path, what, limit)?.ok_or_else(|| {
        Error::msg(format!("cannot read {what} `{path}`: it does not exist")).coded(Code::File)
    })
}

/// Like [`read_file`], with `None` for a file that does not exist.
pub fn read_if_there(path: &str, what: &str, limit: u64) -> Result<Option<String>, Error> {
    try_read(path, what, limit).map_err(|e| e.coded(Code::File))
}

fn try_read(path: &str, what: &str, limit: u64) -> Result<Option<String>, Error> {
    let fail = |why: String| Error::msg(format!("cannot read {what} `{path}`: {why}"));
    let absent = |e: &std::io::Error| {
        matches!(
            e.kind(),
            std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory
        )
    };
    // Looked at before it is opened: opening a named pipe waits for a writer.
    match std::fs::metadata(path) {
        Ok(meta) => {
            if let Some(kind) = not_a_file(&meta) {
                return Err(fail(format!("it is {kind}, not a file")));
            }
        }
        Err(e) if absent(&e) => return Ok(None),
        Err(e) => return Err(fail(why(&e))),
    }
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if absent(&e) => return Ok(None),
        Err(e) => return Err(fail(why(&e))),
    };
    if let Ok(meta) = file.metadata()
        && meta.len() > limit
    {
        return Err(fail(too_big(Some(meta.len()), what, limit)));
    }
    match read_limited(file, limit) {
        Ok(Some(text)) => Ok(Some(text)),
        Ok(None) => Err(fail(too_big(None, what, limit))),
        Err(Unread::Io(e)) => Err(fail(why(&e))),
        Err(Unread::NotUtf8(at, text)) => Err(not_utf8(
            format!("cannot read {what} `{path}`: {at}"),
            &Source::new(format!("file {path}"), text),
            &at,
        )
        .help("save the file as UTF-8 text")
        .into()),
    }
}

/// Why input could not be read as text.
enum Unread {
    Io(std::io::Error),
    /// Where the first byte that is not UTF-8 is, and the text with each such byte
    /// replaced by `�` (to draw the line under the error).
    NotUtf8(NotUtf8, String),
}

/// The problem of text that is not UTF-8, pointed at the line and column of its first
/// byte that is not (in `text`, the input with each such byte drawn as `�`).
fn not_utf8(message: String, text: &Source, at: &NotUtf8) -> Problem {
    let mut p = Problem::new(message).at_line_col(text, at.line, at.column);
    // The caret under that byte alone (drawn `�`), not the word it is in.
    p.span = p.span.map(|s| s.start..s.start + '\u{fffd}'.len_utf8());
    p
}

/// What a path names when kado will not open it as a file: "a folder", "a named pipe"
/// (opening one waits for a writer, for ever if none comes), "a socket".
fn not_a_file(meta: &std::fs::Metadata) -> Option<&'static str> {
    let kind = meta.file_type();
    if kind.is_file() {
        return None;
    }
    if kind.is_dir() {
        return Some("a folder");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return Some("a named pipe");
        }
        if kind.is_socket() {
            return Some("a socket");
        }
    }
    // A device is read as a file is, up to the limit: /dev/null is empty, and /dev/zero
    // is refused once it has given more than the limit.
    None
}

/// Why input over the limit is refused: its size when known, and the limit.
fn too_big(size: Option<u64>, what: &str, limit: u64) -> String {
    let size = match size {
        Some(n) => format!("it is {}", size_text(n)),
        None => format!("it holds more than {}", size_text(limit)),
    };
    format!(
        "{size}; kado reads at most {} of a {what}",
        size_text(limit)
    )
}

/// At most `limit` bytes of `input` as text (see [`kado::diag::plain_text`]): `Ok(None)`
/// when it holds more, `Err` with why it cannot be read.
fn read_limited(input: impl Read, limit: u64) -> Result<Option<String>, Unread> {
    let mut bytes = Vec::new();
    input
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(Unread::Io)?;
    if bytes.len() as u64 > limit {
        return Ok(None);
    }
    match String::from_utf8(bytes) {
        Ok(text) => Ok(Some(kado::diag::plain_text(text))),
        Err(e) => Err(Unread::NotUtf8(
            NotUtf8::of(&e),
            String::from_utf8_lossy(e.as_bytes()).into_owned(),
        )),
    }
}

/// Reads stdin, at most `limit` bytes of it, as [`read_file`] reads a file.
pub fn read_stdin(what: &str, limit: u64) -> Result<String, Error> {
    try_stdin(what, limit).map_err(|e| e.coded(Code::File))
}

fn try_stdin(what: &str, limit: u64) -> Result<String, Error> {
    let fail = |why: String| Error::msg(format!("cannot read the {what} on stdin: {why}"));
    match read_limited(std::io::stdin().lock(), limit) {
        Ok(Some(text)) => Ok(text),
        Ok(None) => Err(fail(too_big(None, what, limit))),
        Err(Unread::Io(e)) => Err(fail(why(&e))),
        Err(Unread::NotUtf8(at, text)) => Err(not_utf8(
            format!("cannot read the {what} on stdin: {at}"),
            &Source::new("stdin", text),
            &at,
        )
        .help("save the text as UTF-8")
        .into()),
    }
}

/// The input of a command reading a FILE, or stdin for `-`: its text and where it came
/// from (`file PATH` or `stdin`). A named pipe is refused, with the way to send it to
/// stdin instead.
pub fn read_source(arg: &str, what: &str, limit: u64) -> Result<Source, Error> {
    let src = read_text_source(arg, what, limit)?;
    refuse_controls(&src, what)?;
    Ok(src)
}

/// Refuses a control character (other than a tab or a line end) in a text kado reads:
/// no notation, record or YAML file holds one, and one quoted back in a verdict would
/// drive the terminal of whoever reads it (an escape sequence can retitle or clear it).
fn refuse_controls(src: &Source, what: &str) -> Result<(), Error> {
    let bad = |c: char| c.is_control() && !matches!(c, '\t' | '\n' | '\r');
    let Some((at, c)) = src.text.char_indices().find(|(_, c)| bad(*c)) else {
        return Ok(());
    };
    let line = src.text[..at].matches('\n').count() + 1;
    let column = src.text[..at]
        .rsplit('\n')
        .next()
        .map_or(0, |l| l.chars().count())
        + 1;
    let mut p = Problem::new(format!(
        "a control character (U+{:04X}) is not part of any {what}",
        u32::from(c)
    ))
    .at_line_col(src, line, column)
    .code(Code::File);
    p.span = Some(at..at + c.len_utf8());
    Err(p
        .help("take it out: only text, tabs and line ends are read")
        .into())
}

fn read_text_source(arg: &str, what: &str, limit: u64) -> Result<Source, Error> {
    if arg == "-" {
        return Ok(Source::new("stdin", read_stdin(what, limit)?));
    }
    if let Ok(meta) = std::fs::metadata(arg)
        && let Some(kind) = not_a_file(&meta)
    {
        let p = Problem::new(format!(
            "cannot read {what} `{arg}`: it is {kind}, not a file"
        ))
        .code(Code::File);
        if meta.is_dir() {
            return Err(p.into());
        }
        let help = format!("to read a {what} from a pipe, give `-` and send it to stdin");
        return Err(p.help(help).into());
    }
    let text = read_file(arg, what, limit)?;
    Ok(Source::new(format!("file {arg}"), text))
}

/// Refuses any argument over [`ARG_LIMIT`] (the words of a positional argument counted
/// together, as they are read as one text), before anything is parsed.
pub fn check_args(cmd: &clap::Command, matches: &clap::ArgMatches) -> Result<(), Error> {
    let mut problems = Vec::new();
    let (mut cmd, mut m) = (cmd, matches);
    loop {
        for arg in cmd.get_arguments() {
            let Ok(Some(values)) = m.try_get_raw(arg.get_id().as_str()) else {
                continue;
            };
            let size = values
                .map(|v| v.len() as u64 + 1)
                .sum::<u64>()
                .saturating_sub(1);
            if size > ARG_LIMIT {
                problems.push(too_long(cmd, arg, size));
            }
        }
        match m.subcommand() {
            Some((name, sub)) => match cmd.find_subcommand(name) {
                Some(c) => (cmd, m) = (c, sub),
                None => break,
            },
            None => break,
        }
    }
    Error::check(problems).map_err(|e| e.coded(Code::Usage))
}

/// The problem of an argument over the limit, with where else it may be given.
fn too_long(cmd: &clap::Command, arg: &clap::Arg, size: u64) -> Problem {
    let name = match arg.get_long() {
        Some(long) => format!("--{long}"),
        None => {
            let value = arg.get_value_names().and_then(|v| v.first());
            let value =
                value.map_or_else(|| arg.get_id().as_str().to_uppercase(), |v| v.to_string());
            format!("argument {value}")
        }
    };
    let p = Problem::new(format!(
        "{name} is {}; kado reads at most {} of an argument",
        size_text(size),
        size_text(ARG_LIMIT)
    ));
    let file_option = [("board", FILE_LIMIT), ("file", LAYOUT_LIMIT)]
        .into_iter()
        .find(|(long, _)| cmd.get_arguments().any(|a| a.get_long() == Some(*long)));
    match (arg.is_positional(), file_option) {
        (true, Some((long, limit))) => p.help(format!(
            "give it in a file instead, with --{long} FILE (up to {})",
            size_text(limit)
        )),
        _ => p,
    }
}

/// Makes a usage error quote the command line as kado quotes its input everywhere, before
/// clap draws it: each argument, value or subcommand held in its typed context that is
/// wider than the window or holds a control character is cut short and drawn escaped.
/// clap's tip to pass an unknown flag as a value quotes the flag too: when clap gives it
/// (the flag was given to a command that takes values), it is written again from the flag.
/// `args` are the command line the error was raised on, `cmd` kado's command tree.
pub fn shorten_usage(e: &mut clap::Error, cmd: &clap::Command, args: &[std::ffi::OsString]) {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let short = |s: &str| kado::diag::escape_words(&kado::diag::clip(s)).into_owned();
    let mut changed: Vec<(ContextKind, ContextValue)> = Vec::new();
    for (kind, value) in e.context() {
        match value {
            ContextValue::String(s) if short(s) != *s => {
                changed.push((kind, ContextValue::String(short(s))));
            }
            ContextValue::Strings(v) if v.iter().any(|s| short(s) != *s) => {
                changed.push((
                    kind,
                    ContextValue::Strings(v.iter().map(|s| short(s)).collect()),
                ));
            }
            _ => {}
        }
    }
    if changed.is_empty() {
        return;
    }
    if let (ErrorKind::UnknownArgument, Some(ContextValue::String(flag))) =
        (e.kind(), e.get(ContextKind::InvalidArg))
        && let Some(ContextValue::StyledStrs(tips)) = e.get(ContextKind::Suggested)
        && !tips.is_empty()
        && takes_values(cmd, args)
    {
        // clap gives the tip first, before any other.
        let mut tips = tips.clone();
        tips[0] = format!(
            "to pass '{}' as a value, use '{}'",
            short(flag),
            short(&format!("-- {flag}"))
        )
        .into();
        changed.push((ContextKind::Suggested, ContextValue::StyledStrs(tips)));
    }
    for (kind, value) in changed {
        e.insert(kind, value);
    }
}

/// Whether the command the arguments name (walking kado's command tree along the
/// subcommands given) takes values: clap then tips that an unknown flag may be passed as one.
fn takes_values(cmd: &clap::Command, args: &[std::ffi::OsString]) -> bool {
    let mut cmd = cmd.clone();
    for arg in args.iter().skip(1).map(|a| a.to_string_lossy()) {
        if let Some(sub) = cmd.find_subcommand(arg.as_ref()).cloned() {
            cmd = sub;
        }
    }
    cmd.get_positionals().next().is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_for_people() {
        assert_eq!(size_text(1), "1 byte");
        assert_eq!(size_text(900), "900 bytes");
        assert_eq!(size_text(64 << 10), "64 KiB");
        assert_eq!(size_text(100_000), "97.7 KiB (100000 bytes)");
        assert_eq!(size_text(1 << 20), "1 MiB");
        assert_eq!(size_text((1 << 20) + 1), "1.0 MiB (1048577 bytes)");
    }

    #[test]
    fn a_file_that_is_not_utf8_was_refused_without_naming_a_line_or_column() {
        let at = utf8_text(b"game: kinga\nname: \xc3\xa9a\xe9b\n".to_vec()).unwrap_err();
        assert_eq!(
            at,
            NotUtf8 {
                line: 2,
                column: 9,
                offset: 21,
                byte: 0xE9
            }
        );
        assert_eq!(
            at.to_string(),
            "it is not UTF-8 text: byte offset 21 holds 0xE9"
        );
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("h.yaml");
        std::fs::write(&file, b"base: kinga\n\xff\n").unwrap();
        let e = read_file(&file.to_string_lossy(), "house-rules file", FILE_LIMIT).unwrap_err();
        assert!(
            e.summary()
                .ends_with("h.yaml`: it is not UTF-8 text: byte offset 12 holds 0xFF"),
            "{}",
            e.summary()
        );
        assert_eq!(e.problems[0].position(), Some((2, 1)));
        assert_eq!(utf8_line(b"ana \x80".to_vec()), Err((5, 0x80)));
    }
}
