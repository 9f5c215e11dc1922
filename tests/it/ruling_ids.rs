//! Rulings are types: game code asks a ruleset with each game's `ruling` enums, so a
//! misspelt id fails to compile, and each game's declaration is checked against its
//! ruleset files by a unit test beside it. This test keeps string look-ups from coming
//! back: outside the module that reads ruleset files, no source asks a ruleset for a
//! ruling or value by a string literal.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The string look-ups a line makes: `.is("`, `.value("`, `.with("`, `.choice_named("`,
/// `.with_named("`.
fn string_lookups(line: &str) -> Vec<&'static str> {
    let squeezed: String = line.split_whitespace().collect();
    [
        ".is(\"",
        ".value(\"",
        ".with(\"",
        ".choice_named(\"",
        ".with_named(\"",
    ]
    .into_iter()
    .filter(|call| squeezed.contains(call))
    .collect()
}

/// The lines where an `--explain` reason names its rulings by strings:
/// `.ruled(text, rs, &["id"])`, over one line or several.
fn string_rulings(text: &str) -> Vec<usize> {
    let mut out = Vec::new();
    for (at, _) in text.match_indices(".ruled(") {
        let call = &text[at..];
        let call = &call[..call.find(");").unwrap_or(call.len())];
        let squeezed: String = call.split_whitespace().collect();
        if squeezed.contains("&[\"") {
            out.push(text[..at].lines().count());
        }
    }
    out
}

#[test]
fn no_ruling_or_value_is_asked_for_by_a_string() {
    let mut files = Vec::new();
    rust_files(
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src")),
        &mut files,
    );
    let mut found = Vec::new();
    for f in files {
        if f.components().any(|c| c.as_os_str() == "ruleset") {
            continue;
        }
        let text = std::fs::read_to_string(&f).unwrap();
        for (i, line) in text.lines().enumerate() {
            for call in string_lookups(line) {
                found.push(format!("{}:{}: {call}", f.display(), i + 1));
            }
        }
        for line in string_rulings(&text) {
            found.push(format!("{}:{line}: .ruled with strings", f.display()));
        }
    }
    assert!(found.is_empty(), "string look-ups:\n{}", found.join("\n"));
}

#[test]
fn the_scan_sees_a_string_lookup() {
    assert_eq!(string_lookups(r#"rs.is("spoke", "connected")"#), [".is(\""]);
    assert!(string_lookups("rs.is(ruling::Spoke::Connected)").is_empty());
    assert_eq!(
        string_rulings("a\nx.ruled(\n t,\n rs,\n &[\"spoke\"],\n);"),
        [2]
    );
    assert!(string_rulings("x.ruled(t, rs, &[ruling::Id::Spoke]);").is_empty());
}
