//! Rulings are typed by test: every ruling id, choice and value key the code asks a
//! ruleset about must be defined by that game's built-in rulesets. A misspelt id would
//! otherwise answer "no" (or the default) without a word.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use kado::ruleset::{Ruleset, builtin_names};

/// What a game's built-in rulesets define.
#[derive(Default)]
struct Defined {
    /// ruling id → its alternatives.
    rulings: BTreeMap<String, BTreeSet<String>>,
    values: BTreeSet<String>,
}

fn defined() -> BTreeMap<String, Defined> {
    let mut out: BTreeMap<String, Defined> = BTreeMap::new();
    for name in builtin_names() {
        let rs = Ruleset::builtin(name).unwrap();
        let d = out.entry(rs.game.clone()).or_default();
        for r in &rs.rulings {
            let alts = d.rulings.entry(r.id.clone()).or_default();
            alts.extend(r.alternatives.iter().map(|a| a.id.clone()));
        }
        d.values.extend(rs.values.keys().cloned());
    }
    out
}

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

/// The game a source file belongs to, from its path (src/kinkado/…, src/cli/kinkado…).
fn game_of(path: &Path, games: &BTreeMap<String, Defined>) -> Option<String> {
    let text = path.to_string_lossy();
    games
        .keys()
        .find(|g| text.contains(&format!("/{g}/")) || text.contains(&format!("/{g}.rs")))
        .cloned()
}

/// The string literal arguments of each call `name("a", "b")` in `text`, with its line.
fn calls(text: &str, name: &str) -> Vec<(usize, Vec<String>)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let mut rest = line;
        while let Some(at) = rest.find(name) {
            rest = &rest[at + name.len()..];
            let args = literals(rest);
            if !args.is_empty() {
                out.push((i + 1, args));
            }
        }
    }
    out
}

/// The leading string literals of an argument list: `"a", "b")` → [a, b].
fn literals(mut s: &str) -> Vec<String> {
    let mut out = Vec::new();
    loop {
        s = s.trim_start();
        let Some(body) = s.strip_prefix('"') else {
            return out;
        };
        let Some(end) = body.find('"') else {
            return out;
        };
        out.push(body[..end].to_string());
        s = body[end + 1..].trim_start();
        match s.strip_prefix(',') {
            Some(after) => s = after,
            None => return out,
        }
    }
}

#[test]
fn every_ruling_and_value_the_code_asks_for_is_defined() {
    let games = defined();
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    let mut problems = Vec::new();
    let mut checked = 0;
    for file in files {
        let Some(game) = game_of(&file, &games) else {
            continue;
        };
        let d = &games[&game];
        let text = std::fs::read_to_string(&file).unwrap();
        let at = |line: usize| format!("{}:{line}", file.display());
        for call in [".is(", ".with(", ".choice(", ".ruling("] {
            for (line, args) in calls(&text, call) {
                checked += 1;
                match d.rulings.get(&args[0]) {
                    None => problems.push(format!("{}: no {game} ruling `{}`", at(line), args[0])),
                    Some(alts) => {
                        if let Some(choice) = args.get(1).filter(|c| !alts.contains(*c)) {
                            problems.push(format!(
                                "{}: `{choice}` is not a choice of {game} ruling `{}`",
                                at(line),
                                args[0]
                            ));
                        }
                    }
                }
            }
        }
        for (line, args) in calls(&text, ".value(") {
            checked += 1;
            if !d.values.contains(&args[0]) {
                problems.push(format!("{}: no {game} value `{}`", at(line), args[0]));
            }
        }
    }
    assert!(
        checked > 40,
        "only {checked} look-ups found: is the scan broken?"
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_scan_reads_literal_arguments() {
    assert_eq!(
        calls(
            r#"if rs.is("joker-sum", "face-value") && x.is("a")"#,
            ".is("
        ),
        vec![
            (1, vec!["joker-sum".into(), "face-value".into()]),
            (1, vec!["a".into()])
        ]
    );
    assert!(calls("x.is(id, choice)", ".is(").is_empty());
}
