//! clap's usage errors (a missing argument, an unknown subcommand, a bad flag value) as
//! kado errors, so that under `--json` they reach stderr as JSON like every other error.
//!
//! clap has failed to parse the command line by then, so whether `--json` was given is
//! read from the raw arguments; the error itself is read from clap's rendered text, whose
//! shape is fixed by the clap version in Cargo.lock (the tests pin it).

use std::ffi::OsString;

use clap::error::ErrorKind;

use kado::diag::{Code, Error, Problem};

/// Whether `--json` is on the command line, anywhere before a `--` (it is a global flag).
pub fn json_requested(args: impl IntoIterator<Item = OsString>) -> bool {
    args.into_iter()
        .skip(1)
        .take_while(|a| a != "--")
        .any(|a| a == "--json")
}

/// A clap error as a kado error.
pub fn from_clap(e: &clap::Error) -> Error {
    let text = e.render().to_string();
    let error = if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        missing_subcommand(&text)
    } else {
        from_text(&text)
    };
    error.coded(Code::Usage)
}

/// The parts of clap's error text.
#[derive(Default)]
struct Parts {
    message: String,
    /// Indented lines under the error line (the missing arguments).
    details: Vec<String>,
    /// `[possible values: …]` or `[subcommands: …]`, as "one of: …".
    choices: Option<String>,
    tips: Vec<String>,
    usage: Option<String>,
    more: Option<String>,
}

fn parts(text: &str) -> Parts {
    let mut p = Parts::default();
    let mut under_error = false;
    for line in text.lines() {
        let t = line.trim();
        if let Some(m) = line.strip_prefix("error: ") {
            p.message = m.trim().to_string();
            under_error = true;
        } else if t.is_empty() {
            under_error = false;
        } else if let Some(tip) = t.strip_prefix("tip: ") {
            p.tips.push(tip.to_string());
        } else if let Some(u) = t.strip_prefix("Usage: ") {
            p.usage = Some(u.to_string());
        } else if t.starts_with("For more information") {
            p.more = Some(t.to_string());
        } else if under_error {
            match t.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
                Some(list) => {
                    let (label, values) = list.split_once(": ").unwrap_or(("", list));
                    // `help` is listed among subcommands, but is not one that was missing.
                    let values: Vec<&str> = values
                        .split(", ")
                        .filter(|v| label != "subcommands" || *v != "help")
                        .collect();
                    p.choices = Some(format!("one of: {}", values.join(", ")));
                }
                None => p.details.push(t.to_string()),
            }
        }
    }
    p
}

fn from_text(text: &str) -> Error {
    let p = parts(text);
    let mut message = if p.message.is_empty() {
        text.lines()
            .next()
            .unwrap_or("bad usage")
            .trim()
            .to_string()
    } else {
        p.message
    };
    if !p.details.is_empty() {
        let details = p.details.join(", ");
        if message.ends_with(':') {
            message = format!("{message} {details}");
        } else {
            message = format!("{message} ({details})");
        }
    }
    let expected = p.choices.or(p.usage.map(|u| format!("usage: {u}")));
    let help = if p.tips.is_empty() {
        p.more
    } else {
        Some(p.tips.join("; "))
    };
    let mut problem = Problem::new(message).maybe_help(help);
    problem.expected = expected;
    problem.into()
}

/// `kado koikoi` alone: clap prints the command's help; say what is missing instead.
fn missing_subcommand(text: &str) -> Error {
    let p = parts(text);
    let usage = p.usage.unwrap_or_else(|| "kado <COMMAND>".to_string());
    let command: Vec<&str> = usage
        .split_whitespace()
        .take_while(|w| !w.starts_with('[') && !w.starts_with('<'))
        .collect();
    let subcommands: Vec<&str> = text
        .lines()
        .skip_while(|l| l.trim() != "Commands:")
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|s| *s != "help")
        .collect();
    let mut problem = Problem::new(format!(
        "'{}' requires a subcommand but one was not provided",
        command.join(" ")
    ))
    .help("For more information, try '--help'.");
    problem.expected = Some(if subcommands.is_empty() {
        format!("usage: {usage}")
    } else {
        format!("one of: {}", subcommands.join(", "))
    });
    problem.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_flag_anywhere_before_double_dash() {
        let args = |a: &[&str]| a.iter().map(OsString::from).collect::<Vec<_>>();
        assert!(json_requested(args(&["kado", "koikoi", "--json", "yaku"])));
        assert!(json_requested(args(&["kado", "--json"])));
        assert!(!json_requested(args(&["kado", "koikoi", "yaku"])));
        assert!(!json_requested(args(&["kado", "x", "--", "--json"])));
        assert!(!json_requested(args(&["--json", "koikoi"])));
    }

    #[test]
    fn required_arguments_join_the_message() {
        let e = from_text(
            "error: the following required arguments were not provided:\n  <CARDS>...\n\nUsage: kado koikoi yaku <CARDS>...\n\nFor more information, try '--help'.\n",
        );
        let p = &e.problems[0];
        assert_eq!(
            p.message,
            "the following required arguments were not provided: <CARDS>..."
        );
        assert_eq!(
            p.expected.as_deref(),
            Some("usage: kado koikoi yaku <CARDS>...")
        );
        assert_eq!(
            p.help.as_deref(),
            Some("For more information, try '--help'.")
        );
    }
}
