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
    for dir in crate::common::source_dirs() {
        rust_files(&dir, &mut files);
    }
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

// ---------------------------------------------------------------------------------------
// A message cites a ruling by its typed id (`ruling::Id::Spoke.cite()`,
// `ruling::Steps::Sides.cite_is()`), never by the id written out: no string literal of
// the library or the CLI has a ruling id after the word "ruling", outside each game's
// declaration (`GAME/ruling.rs`) and its tests.

/// Every ruling id of every game.
fn ruling_ids() -> Vec<&'static str> {
    let mut ids: Vec<&'static str> = Vec::new();
    ids.extend(kado::kinkado::ruling::Id::ALL.iter().map(|i| i.id()));
    ids.extend(kado::kinga::ruling::Id::ALL.iter().map(|i| i.id()));
    ids.extend(kado::pokino::ruling::Id::ALL.iter().map(|i| i.id()));
    ids.extend(kado::koikoi::ruling::Id::ALL.iter().map(|i| i.id()));
    ids.extend(kado::kingmaker::ruling::Id::ALL.iter().map(|i| i.id()));
    ids
}

/// A piece of Rust source as the scan reads it.
enum Token {
    /// A string literal's text (escapes read, a line continuation dropped) and the line
    /// it starts on.
    Str(String, usize),
    Open,
    Close,
    Semi,
    Other,
}

/// Skips whitespace and comments from `i`, counting lines; where the next token starts.
fn skip_blank(s: &[char], mut i: usize, line: &mut usize) -> usize {
    while let Some(&c) = s.get(i) {
        let next = s.get(i + 1).copied();
        if c.is_whitespace() {
            *line += usize::from(c == '\n');
            i += 1;
        } else if c == '/' && next == Some('/') {
            while i < s.len() && s[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i += 2;
            while i + 1 < s.len() && !(s[i] == '*' && s[i + 1] == '/') {
                *line += usize::from(s[i] == '\n');
                i += 1;
            }
            i += 2;
        } else {
            break;
        }
    }
    i
}

/// A raw string (`r"…"`, `r#"…"#`, `br"…"`) starting at `i`, and where it ends.
fn raw_string(s: &[char], i: usize, line: &mut usize) -> Option<(Token, usize)> {
    let ident_before = i > 0 && (s[i - 1].is_alphanumeric() || s[i - 1] == '_');
    let mut j = i + 1;
    match s[i] {
        'r' => {}
        'b' if s.get(j) == Some(&'r') => j += 1,
        _ => return None,
    }
    let hashes = s[j..].iter().take_while(|h| **h == '#').count();
    if ident_before || s.get(j + hashes) != Some(&'"') {
        return None;
    }
    let start = *line;
    let body = j + hashes + 1;
    let mut k = body;
    while !(s[k] == '"' && s[k + 1..].iter().take(hashes).all(|h| *h == '#')) {
        *line += usize::from(s[k] == '\n');
        k += 1;
    }
    let text: String = s[body..k].iter().collect();
    Some((Token::Str(text, start), k + 1 + hashes))
}

/// A string literal whose opening quote is at `i`: its text, escapes read and a line
/// continuation dropped, and where it ends.
fn quoted(s: &[char], i: usize, line: &mut usize) -> (Token, usize) {
    let start = *line;
    let mut text = String::new();
    let mut k = i + 1;
    while s[k] != '"' {
        if s[k] == '\\' {
            k += 1;
            match s[k] {
                '\n' => {
                    k = skip_blank(s, k, line);
                    continue;
                }
                'n' => text.push('\n'),
                't' => text.push('\t'),
                other => text.push(other),
            }
        } else {
            *line += usize::from(s[k] == '\n');
            text.push(s[k]);
        }
        k += 1;
    }
    (Token::Str(text, start), k + 1)
}

/// Reads one token from `s` at `i`: comments and whitespace are skipped, character
/// literals and lifetimes are told apart, raw strings read whole.
fn next_token(s: &[char], i: usize, line: &mut usize) -> Option<(Token, usize)> {
    let i = skip_blank(s, i, line);
    let c = *s.get(i)?;
    if let Some(raw) = raw_string(s, i, line) {
        return Some(raw);
    }
    match c {
        '"' => Some(quoted(s, i, line)),
        '\'' if s.get(i + 1) == Some(&'\\') => {
            let mut k = i + 3;
            while s[k] != '\'' {
                k += 1;
            }
            Some((Token::Other, k + 1))
        }
        '\'' if s.get(i + 2) == Some(&'\'') => Some((Token::Other, i + 3)),
        '{' => Some((Token::Open, i + 1)),
        '}' => Some((Token::Close, i + 1)),
        ';' => Some((Token::Semi, i + 1)),
        _ => Some((Token::Other, i + 1)),
    }
}

/// The string literals of a Rust source with their lines, leaving out each item marked
/// `#[cfg(test)]` (a test module, inline or in its own file, or a test-only function).
fn literals(src: &str) -> Vec<(String, usize)> {
    let s: Vec<char> = src.chars().collect();
    let marks: Vec<usize> = src
        .match_indices("#[cfg(test)]")
        .map(|(at, _)| src[..at].chars().count())
        .collect();
    let (mut i, mut line, mut out) = (0, 1, Vec::new());
    let (mut skipping, mut depth) = (false, 0usize);
    while let Some((token, next)) = next_token(&s, i, &mut line) {
        if !skipping && marks.iter().any(|m| (i..next).contains(m) || *m == i) {
            skipping = true;
            depth = 0;
        }
        match token {
            Token::Str(text, at) if !skipping => out.push((text, at)),
            Token::Open if skipping => depth += 1,
            Token::Close if skipping => {
                depth = depth.saturating_sub(1);
                skipping = depth > 0;
            }
            Token::Semi if skipping && depth == 0 => skipping = false,
            _ => {}
        }
        i = next;
    }
    out
}

/// The ruling ids a literal writes after the word "ruling" (`ruling spoke`,
/// ``ruling `steps` ``, `ruling steps: sides`).
fn cited_ids(text: &str, ids: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for (at, _) in text.match_indices("ruling") {
        let word_start = text[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '-' || c == '_'));
        let rest = &text[at + "ruling".len()..];
        let after = rest.trim_start_matches([' ', '\n', '\t', '`']);
        if !word_start || after.len() == rest.len() {
            continue;
        }
        let word: String = after
            .chars()
            .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '-')
            .collect();
        if ids.contains(&word.as_str()) {
            out.push(word);
        }
    }
    out
}

#[test]
fn no_message_writes_a_ruling_id_out() {
    let ids = ruling_ids();
    let mut files = Vec::new();
    for dir in crate::common::source_dirs() {
        rust_files(&dir, &mut files);
    }
    let mut found = Vec::new();
    for f in files {
        let declaration = f.file_name().is_some_and(|n| n == "ruling.rs");
        let test_file = f.file_name().is_some_and(|n| n == "tests.rs")
            || f.components().any(|c| c.as_os_str() == "tests");
        if declaration || test_file {
            continue;
        }
        let text = std::fs::read_to_string(&f).unwrap();
        for (literal, line) in literals(&text) {
            for id in cited_ids(&literal, &ids) {
                found.push(format!("{}:{line}: ruling {id}", f.display()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "rulings cited by their ids written out (cite them with ruling::Id::…::cite()):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_scan_sees_a_ruling_written_out() {
    let ids = ["steps", "territory-pokino", "pass"];
    let src = r###"
fn f() -> String {
    let c = '"';
    let s = r#"raw (ruling pass)"#;
    format!("x {} (ruling territory-pokino) and ruling on, rulings steps, {c}{s}", 1)
}
// "ruling steps" in a comment is not a message
const HELP: &str = "under ruling \
`steps` a run may step across a corner";
fn g(x: &'static str) -> &'static str { "the ruling in force" }
#[cfg(test)]
mod tests {
    fn t() { let _ = "(ruling steps is `sides`)"; }
}
fn h() { let _ = ("ruling {}", "not a ruling: pass"); }
"###;
    let cited: Vec<(String, usize)> = literals(src)
        .into_iter()
        .flat_map(|(text, line)| cited_ids(&text, &ids).into_iter().map(move |id| (id, line)))
        .collect();
    assert_eq!(
        cited,
        [
            ("pass".to_string(), 4),
            ("territory-pokino".to_string(), 5),
            ("steps".to_string(), 8),
        ]
    );
}

/// Each ruling's question is written once, in the game's ruleset file; the doc comment
/// over its declaration in `src/GAME/ruling.rs` must say the same, word for word.
#[test]
fn every_rulings_doc_comment_is_its_question() {
    let top = crate::common::top();
    for game in ["kinkado", "kinga", "pokino", "koikoi", "kingmaker"] {
        let (_, out, _) = crate::common::run(&["--json", "rules", "show", game]);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        let text = std::fs::read_to_string(top.join("src").join(game).join("ruling.rs")).unwrap();
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        for r in v["rulings"].as_array().unwrap() {
            let id = r["id"].as_str().unwrap();
            let at = (lines.iter())
                .position(|l| l.contains(&format!("= \"{id}\"")) && !l.starts_with("///"))
                .unwrap_or_else(|| panic!("{game}: no declaration of {id}"));
            let mut doc: Vec<&str> = (lines[..at].iter().rev())
                .take_while(|l| l.starts_with("///"))
                .map(|l| l.trim_start_matches("///").trim())
                .collect();
            doc.reverse();
            assert_eq!(
                doc.join(" "),
                r["question"].as_str().unwrap(),
                "{game}: {id}"
            );
        }
    }
}
