//! clap's usage errors (a missing argument, an unknown subcommand, a bad flag value) as
//! kado errors, so that under `--json` they reach stderr as JSON like every other error.
//!
//! clap has failed to parse the command line by then, so whether `--json` was given is
//! read from the raw arguments. The error itself is read from the typed context clap keeps
//! with it (its kind, the argument and value at fault, the values it would take, its
//! suggestions and usage), in the words clap's own message uses; a missing subcommand is
//! looked up in the command tree the arguments walk.

use std::ffi::OsString;

use clap::error::{ContextKind, ContextValue, ErrorKind};

use kado::diag::{Code, Error, Problem};

/// Whether `--json` is on the command line, anywhere before a `--` (it is a global flag).
pub fn json_requested(args: impl IntoIterator<Item = OsString>) -> bool {
    args.into_iter()
        .skip(1)
        .take_while(|a| a != "--")
        .any(|a| a == "--json")
}

/// What clap's help flag says at the end of every usage error.
const MORE: &str = "For more information, try '--help'.";

/// A clap error as a kado error; `args` are the command line it was raised on.
pub fn from_clap(e: &clap::Error, args: &[OsString]) -> Error {
    let problem = if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        missing_subcommand(args)
    } else {
        let mut p = Problem::new(message(e)).help(tips(e).unwrap_or_else(|| MORE.to_string()));
        p.expected = choices(e).or_else(|| usage(e).map(|u| format!("usage: {u}")));
        p
    };
    Error::from(problem).coded(Code::Usage)
}

/// One string of clap's context.
fn text(e: &clap::Error, kind: ContextKind) -> Option<&str> {
    match e.get(kind)? {
        ContextValue::String(s) => Some(s),
        _ => None,
    }
}

/// A list of strings of clap's context.
fn texts(e: &clap::Error, kind: ContextKind) -> Option<&[String]> {
    match e.get(kind)? {
        ContextValue::Strings(v) => Some(v),
        _ => None,
    }
}

/// A number of clap's context.
fn number(e: &clap::Error, kind: ContextKind) -> Option<isize> {
    match e.get(kind)? {
        ContextValue::Number(n) => Some(*n),
        _ => None,
    }
}

/// What went wrong, in the words of clap's message, on one line.
fn message(e: &clap::Error) -> String {
    let arg = text(e, ContextKind::InvalidArg).unwrap_or("");
    let value = text(e, ContextKind::InvalidValue).unwrap_or("");
    let provided = |n: isize| {
        if n > 1 {
            "were provided"
        } else {
            "was provided"
        }
    };
    match e.kind() {
        ErrorKind::UnknownArgument => format!("unexpected argument '{arg}' found"),
        ErrorKind::InvalidSubcommand => format!(
            "unrecognized subcommand '{}'",
            text(e, ContextKind::InvalidSubcommand).unwrap_or("")
        ),
        ErrorKind::InvalidValue if value.is_empty() => {
            format!("a value is required for '{arg}' but none was supplied")
        }
        ErrorKind::InvalidValue => format!("invalid value '{value}' for '{arg}'"),
        ErrorKind::ValueValidation => {
            let why = std::error::Error::source(e).map(|s| format!(": {s}"));
            format!(
                "invalid value '{value}' for '{arg}'{}",
                why.unwrap_or_default()
            )
        }
        ErrorKind::MissingRequiredArgument => format!(
            "the following required arguments were not provided: {}",
            texts(e, ContextKind::InvalidArg)
                .unwrap_or_default()
                .join(", ")
        ),
        ErrorKind::ArgumentConflict => conflict(e, arg),
        ErrorKind::MissingSubcommand => format!(
            "'{}' requires a subcommand but one was not provided",
            text(e, ContextKind::InvalidSubcommand).unwrap_or("kado")
        ),
        ErrorKind::NoEquals => format!("equal sign is needed when assigning values to '{arg}'"),
        ErrorKind::TooManyValues => {
            format!("unexpected value '{value}' for '{arg}' found; no more were expected")
        }
        ErrorKind::TooFewValues => {
            let (min, got) = (
                number(e, ContextKind::MinValues).unwrap_or(0),
                number(e, ContextKind::ActualNumValues).unwrap_or(0),
            );
            format!(
                "{min} values required by '{arg}'; only {got} {}",
                provided(got)
            )
        }
        ErrorKind::WrongNumberOfValues => {
            let (want, got) = (
                number(e, ContextKind::ExpectedNumValues).unwrap_or(0),
                number(e, ContextKind::ActualNumValues).unwrap_or(0),
            );
            format!(
                "{want} values required for '{arg}' but {got} {}",
                provided(got)
            )
        }
        kind => kind
            .as_str()
            .unwrap_or("the command line is not understood")
            .to_string(),
    }
}

/// An argument that cannot be used with another, or twice.
fn conflict(e: &clap::Error, arg: &str) -> String {
    match e.get(ContextKind::PriorArg) {
        Some(ContextValue::String(prior)) if prior == arg => {
            format!("the argument '{arg}' cannot be used multiple times")
        }
        Some(ContextValue::String(prior)) => {
            format!("the argument '{arg}' cannot be used with '{prior}'")
        }
        Some(ContextValue::Strings(prior)) => format!(
            "the argument '{arg}' cannot be used with: {}",
            prior.join(", ")
        ),
        _ => format!(
            "the argument '{arg}' cannot be used with one or more of the other specified arguments"
        ),
    }
}

/// The values or subcommands clap would take, as "one of: …" (`help` is listed among
/// subcommands, but is not one that was missing).
fn choices(e: &clap::Error) -> Option<String> {
    let values = texts(e, ContextKind::ValidValue)
        .or_else(|| texts(e, ContextKind::ValidSubcommand))?
        .iter()
        .map(String::as_str)
        .filter(|v| *v != "help")
        .collect::<Vec<_>>();
    (!values.is_empty()).then(|| format!("one of: {}", values.join(", ")))
}

/// The usage line clap gives with the error, without its `Usage: ` title.
fn usage(e: &clap::Error) -> Option<String> {
    match e.get(ContextKind::Usage)? {
        ContextValue::StyledStr(u) => {
            let u = u.to_string();
            let line = u.lines().map(str::trim).find(|l| !l.is_empty())?;
            Some(
                line.strip_prefix("Usage:")
                    .unwrap_or(line)
                    .trim()
                    .to_string(),
            )
        }
        _ => None,
    }
}

/// clap's suggestions ("a similar subcommand exists: 'yaku'"), joined.
fn tips(e: &clap::Error) -> Option<String> {
    let mut tips = Vec::new();
    for (kind, what) in [
        (ContextKind::SuggestedSubcommand, "subcommand"),
        (ContextKind::SuggestedArg, "argument"),
        (ContextKind::SuggestedValue, "value"),
    ] {
        match e.get(kind) {
            Some(ContextValue::String(one)) => {
                tips.push(format!("a similar {what} exists: '{one}'"))
            }
            Some(ContextValue::Strings(many)) if !many.is_empty() => {
                let quoted: Vec<String> = many.iter().map(|m| format!("'{m}'")).collect();
                let lead = if many.len() == 1 {
                    format!("a similar {what} exists")
                } else {
                    format!("some similar {what}s exist")
                };
                tips.push(format!("{lead}: {}", quoted.join(", ")));
            }
            _ => {}
        }
    }
    if let Some(ContextValue::StyledStrs(more)) = e.get(ContextKind::Suggested) {
        tips.extend(more.iter().map(ToString::to_string));
    }
    (!tips.is_empty()).then(|| tips.join("; "))
}

/// `kado koikoi` alone: clap prints the command's help; say what is missing instead. The
/// command is found by walking kado's command tree along the subcommands given.
fn missing_subcommand(args: &[OsString]) -> Problem {
    use clap::CommandFactory;
    let mut cmd = crate::args::Cli::command();
    let mut path = vec![cmd.get_name().to_string()];
    for arg in args.iter().skip(1).map(|a| a.to_string_lossy()) {
        let Some(sub) = cmd.find_subcommand(arg.as_ref()).cloned() else {
            continue;
        };
        path.push(sub.get_name().to_string());
        cmd = sub;
    }
    let subcommands: Vec<&str> = cmd
        .get_subcommands()
        .filter(|s| !s.is_hide_set())
        .map(|s| s.get_name())
        .collect();
    let mut problem = Problem::new(format!(
        "'{}' requires a subcommand but one was not provided",
        path.join(" ")
    ))
    .help(MORE);
    problem.expected = Some(if subcommands.is_empty() {
        format!("usage: {}", path.join(" "))
    } else {
        format!("one of: {}", subcommands.join(", "))
    });
    problem
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn args(a: &[&str]) -> Vec<OsString> {
        a.iter().map(OsString::from).collect()
    }

    #[test]
    fn json_flag_anywhere_before_double_dash() {
        assert!(json_requested(args(&["kado", "koikoi", "--json", "yaku"])));
        assert!(json_requested(args(&["kado", "--json"])));
        assert!(!json_requested(args(&["kado", "koikoi", "yaku"])));
        assert!(!json_requested(args(&["kado", "x", "--", "--json"])));
        assert!(!json_requested(args(&["--json", "koikoi"])));
    }

    fn error_of(a: &[&str]) -> Problem {
        let e = crate::args::Cli::command()
            .try_get_matches_from(args(a))
            .err()
            .unwrap_or_else(|| panic!("{a:?} parses"));
        from_clap(&e, &args(a)).problems.remove(0)
    }

    #[test]
    fn required_arguments_join_the_message() {
        let p = error_of(&["kado", "koikoi", "yaku"]);
        assert_eq!(
            p.message,
            "the following required arguments were not provided: <CARDS>..."
        );
        assert_eq!(
            p.expected.as_deref(),
            Some("usage: kado koikoi yaku <CARDS>...")
        );
        assert_eq!(p.help.as_deref(), Some(MORE));
    }

    #[test]
    fn a_conflict_and_a_repeated_flag_are_named() {
        let p = error_of(&["kado", "--json", "--json", "rules", "list"]);
        assert_eq!(
            p.message,
            "the argument '--json' cannot be used multiple times"
        );
    }

    #[test]
    fn a_missing_subcommand_is_found_along_the_arguments() {
        let p = error_of(&["kado", "--json", "koikoi"]);
        assert_eq!(
            p.message,
            "'kado koikoi' requires a subcommand but one was not provided"
        );
        assert!(
            p.expected
                .unwrap_or_default()
                .starts_with("one of: yaku, deal")
        );
    }
}
