//! YAML errors in kado's words. Every error the YAML reader (serde-saphyr) gives while
//! reading a save, a ruleset or a house-rules file becomes a [`Problem`] placed at its
//! line and column where the reader knows them: no Rust type, reader option or budget
//! name reaches a user.

use serde_saphyr::Error as E;
use serde_saphyr::budget::BudgetBreach;

use crate::diag::{Problem, Source};

/// The problem of a YAML error, placed in `src` where the error has a place.
pub fn problem(src: &Source, e: &E) -> Problem {
    let e = e.without_snippet();
    let mut p = Problem::new(words(e));
    if let Some(expected) = expected(e) {
        p = p.expected(expected);
    }
    if let Some(help) = help(e) {
        p = p.help(help);
    }
    match e.location() {
        Some(l) if l.line() > 0 => {
            p.at_line_col(src, l.line() as usize, l.column().max(1) as usize)
        }
        _ => p.with_source(src.clone()),
    }
}

/// The key a YAML error names as unknown, for a "did you mean".
pub fn unknown_key(e: &E) -> Option<&str> {
    match inner(e) {
        E::SerdeUnknownField { field, .. } => Some(field),
        _ => None,
    }
}

/// The error itself, out of its snippet and alias wrappers.
fn inner(e: &E) -> &E {
    match e.without_snippet() {
        E::AliasError { error, .. } => inner(error),
        other => other,
    }
}

/// What was expected, where the error lists it.
fn expected(e: &E) -> Option<String> {
    match inner(e) {
        E::SerdeUnknownField { expected, .. } | E::SerdeUnknownVariant { expected, .. }
            if !expected.is_empty() =>
        {
            Some(format!("one of: {}", expected.join(", ")))
        }
        _ => None,
    }
}

/// How to put the file right, where there is more to say than the message.
fn help(e: &E) -> Option<&'static str> {
    match inner(e) {
        E::DuplicateMappingKey { .. } => Some("keep one of them"),
        E::ExternalMessage { msg, .. } if msg.contains("tab") => {
            Some("indent with spaces: YAML does not allow tabs there")
        }
        E::QuotingRequired { .. } => Some("put it in quotes"),
        _ => None,
    }
}

/// The message of a YAML error.
fn words(e: &E) -> String {
    match e.without_snippet() {
        E::AliasError { error, .. } => format!("{} (through an alias `*`)", words(error)),
        E::Budget { breach, .. } => budget_words(breach),
        E::Eof { .. } => "the file ends where more is expected".into(),
        E::MultipleDocuments { .. } => {
            "the file holds more than one YAML document (a `---` line starts another)".into()
        }
        E::Unexpected { expected, .. } => format!("expected {}", shape(expected)),
        E::UnknownAnchor { .. } => "an alias `*` names no anchor `&` before it".into(),
        E::DuplicateMappingKey { key: Some(k), .. } => format!("the key `{k}` is given twice"),
        E::DuplicateMappingKey { key: None, .. } => "a key is given twice".into(),
        E::SerdeMissingField { field, .. } => format!("missing key `{field}`"),
        E::SerdeUnknownField { field, .. } => format!("unknown key `{field}`"),
        E::SerdeUnknownVariant { variant, .. } => format!("unknown value `{variant}`"),
        E::SerdeInvalidType {
            unexpected,
            expected,
            ..
        }
        | E::SerdeInvalidValue {
            unexpected,
            expected,
            ..
        } => format!("expected {}, found {}", kind(expected), found(unexpected)),
        E::SerdeInvalidLength { len, expected, .. } => {
            format!("expected {}, found {len} of them", kind(expected))
        }
        E::InvalidScalar { ty, .. } => format!("expected {}", kind(ty)),
        E::InvalidBooleanStrict { .. } => "expected true or false".into(),
        E::NullIntoString { .. } => "expected text, found nothing".into(),
        E::InvalidCharNull { .. } | E::InvalidCharNotSingleScalar { .. } => {
            "expected a single character".into()
        }
        E::NonFiniteFloat { value, .. } => format!("`{value}` is not a finite number"),
        E::QuotingRequired { value, .. } => format!("`{value}` is read as a number or true/false"),
        E::UnsupportedTag { tag, .. } | E::TaggedEnumMismatch { tagged: tag, .. } => {
            format!("the YAML tag `{tag}` does not belong here")
        }
        E::MergeKeyNotAllowed { .. } | E::MergeValueNotMapOrSeqOfMaps { .. } => {
            "a merge key `<<` is not allowed here".into()
        }
        E::IndentationError { actual, .. } => {
            format!("this line is indented by {actual} spaces, which YAML does not allow here")
        }
        E::UnexpectedSequenceEnd { .. }
        | E::UnexpectedMappingEnd { .. }
        | E::ContainerEndMismatch { .. }
        | E::UnexpectedContainerEndWhileSkippingNode { .. }
        | E::UnexpectedContainerEndWhileReadingKeyNode { .. }
        | E::ExpectedMappingEndAfterEnumVariantValue { .. } => {
            "a list or mapping ends, or goes on, where it should not".into()
        }
        E::AliasReplayCounterOverflow { .. }
        | E::AliasReplayLimitExceeded { .. }
        | E::AliasExpansionLimitExceeded { .. }
        | E::AliasReplayStackDepthExceeded { .. } => {
            "its aliases `*` repeat more than kado reads".into()
        }
        E::Message { msg, .. } | E::SerdeVariantId { msg, .. } => custom(msg),
        // The reader's own syntax errors ("did not find expected key").
        E::ExternalMessage { msg, .. } => format!("this is not valid YAML: {msg}"),
        _ => "kado cannot read this YAML here".into(),
    }
}

/// A message written by a value's own reader (kado's words: `KX is not a card`), or
/// serde's about a flattened action.
fn custom(msg: &str) -> String {
    if msg.starts_with("no variant of enum") {
        "this is not an entry kado knows".into()
    } else {
        msg.to_string()
    }
}

/// The reader's name for what it expected ("mapping start").
fn shape(expected: &str) -> &'static str {
    match expected {
        "mapping start" | "empty mapping start" => "a mapping (`key: value` lines)",
        "sequence start" => "a list",
        "mapping end" | "empty mapping end" => "the end of the mapping",
        "string scalar" | "scalar" | "value" => "a single value",
        _ => "something else here",
    }
}

/// Serde's name for an expected kind ("u32", "a sequence", "struct Setup").
fn kind(expected: &str) -> String {
    let unsigned = |max: u128| format!("a whole number from 0 to {max}");
    match expected {
        "u8" => unsigned(u8::MAX.into()),
        "u16" => unsigned(u16::MAX.into()),
        "u32" => unsigned(u32::MAX.into()),
        "u64" | "usize" => unsigned(u64::MAX.into()),
        "i8" | "i16" | "i32" | "i64" | "isize" | "i128" | "an integer" => "a whole number".into(),
        "f32" | "f64" => "a number".into(),
        "bool" | "a boolean" => "true or false".into(),
        "char" | "a character" => "a single character".into(),
        "a string" | "string" | "str" => "text".into(),
        "a sequence" | "seq" => "a list".into(),
        "a map" | "map" => "a mapping (`key: value` lines)".into(),
        "null" | "unit" => "nothing".into(),
        e if e.starts_with("struct ") => "a mapping (`key: value` lines)".into(),
        e if e.starts_with("enum ") || e.starts_with("variant ") => "one of its names".into(),
        e if e.starts_with("a tuple of size ") || e.starts_with("a sequence of ") => {
            "a list".into()
        }
        e => e.to_string(),
    }
}

/// Serde's name for what it found (`string "x"`, `integer \`5\``, `map`).
fn found(unexpected: &str) -> String {
    if let Some(s) = unexpected.strip_prefix("string ") {
        return format!("the text {s}");
    }
    for (prefix, what) in [
        ("integer ", "the number "),
        ("floating point ", "the number "),
        ("boolean ", ""),
        ("char ", "the character "),
    ] {
        if let Some(v) = unexpected.strip_prefix(prefix) {
            return format!("{what}{v}");
        }
    }
    match unexpected {
        "map" => "a mapping".into(),
        "sequence" => "a list".into(),
        "unit value" | "null" | "unit" => "nothing".into(),
        "newtype struct" | "newtype variant" | "unit variant" | "tuple variant"
        | "struct variant" | "enum" => "a value of another kind".into(),
        u => u.to_string(),
    }
}

/// A budget breach: a file larger or more deeply nested than the reader takes.
fn budget_words(breach: &BudgetBreach) -> String {
    let limits = serde_saphyr::Budget::default();
    match breach {
        BudgetBreach::Depth { .. } => format!(
            "its lists and mappings nest deeper than the {} levels kado reads",
            limits.max_depth
        ),
        BudgetBreach::Nodes { .. } => format!(
            "it holds more than the {} values, lists and mappings kado reads",
            limits.max_nodes
        ),
        BudgetBreach::Events { .. } => format!(
            "it holds more than the {} YAML items kado reads",
            limits.max_events
        ),
        BudgetBreach::Documents { .. } => {
            "it holds more YAML documents (`---` lines) than kado reads".into()
        }
        BudgetBreach::Aliases { .. }
        | BudgetBreach::Anchors { .. }
        | BudgetBreach::AliasAnchorRatio { .. }
        | BudgetBreach::RecordedAnchorEvents { .. }
        | BudgetBreach::RecordedAnchorBytes { .. } => {
            "its anchors `&` and aliases `*` repeat more than kado reads".into()
        }
        BudgetBreach::ScalarBytes { .. } | BudgetBreach::InputBytes { .. } => {
            "its text is longer than kado reads".into()
        }
        BudgetBreach::MergeKeys { .. } => "it holds more merge keys `<<` than kado reads".into(),
        BudgetBreach::SequenceUnbalanced => "a list or mapping ends that was never opened".into(),
        _ => "it is larger or more complex than kado reads".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Doc {
        format: u32,
        #[serde(default)]
        names: Vec<String>,
    }

    fn read(text: &str) -> Problem {
        let e = serde_saphyr::from_str::<Doc>(text).unwrap_err();
        problem(&Source::new("file t.yaml", text), &e)
    }

    #[test]
    fn yaml_library_internals_reached_users() {
        let dup = read("format: 1\nformat: 2\n");
        assert_eq!(dup.message, "the key `format` is given twice");
        assert_eq!(dup.help.as_deref(), Some("keep one of them"));
        assert_eq!(dup.position(), Some((2, 1)));
        let deep = format!("format: 1\nx: {}{}\n", "[".repeat(70), "]".repeat(70));
        assert_eq!(
            read(&deep).message,
            "its lists and mappings nest deeper than the 64 levels kado reads"
        );
        let many = format!("format: 1\nx: [{}1]\n", "1,".repeat(300_000));
        assert_eq!(
            read(&many).message,
            "it holds more than the 250000 values, lists and mappings kado reads"
        );
        assert_eq!(
            read("format: one\n").message,
            "expected a whole number from 0 to 4294967295"
        );
        assert_eq!(read("names: []\n").message, "missing key `format`");
        assert_eq!(
            read("format: 1\nnames: {a: 1}\n").message,
            "expected a list"
        );
        assert_eq!(
            read("format: 1\nnames: *x\n").message,
            "an alias `*` names no anchor `&` before it"
        );
        assert_eq!(
            read("format: 1\nnames: [a, [b]]\n").message,
            "expected a single value"
        );
        let tab = read("format: 1\nx:\n\ty: 1\n");
        assert!(
            tab.message.starts_with("this is not valid YAML: "),
            "{}",
            tab.message
        );
        for text in [
            "format: 1\nformat: 2\n",
            "format: one\n",
            "format: [1\n",
            "format: 1\nx:\n\ty: 1\n",
        ] {
            let p = read(text);
            for internal in ["DuplicateKeyPolicy", "budget", "u32", "Options", "{ "] {
                assert!(!p.message.contains(internal), "{}", p.message);
            }
        }
    }
}
