//! Issue 63: for every ruling with alternatives, an input (a record, a hand, a board, a
//! layout) whose verdict the ruling decides, and `--explain` names it there, and names no
//! ruling that played no part.
//!
//! Whether a ruling decided is found through the binary alone: the input is judged again
//! under a house-rules file with each other choice of each ruling of the game, and the
//! verdicts compared (every value in them, the words aside from the rulings they cite).
//! Each game's cases are in `deciding/GAME.rs`; a test per game checks that every ruling
//! of its built-in ruleset that has another choice has a case.

mod kinga;
mod kingmaker;
mod kinkado;
mod koikoi;
pub mod pokino;

use crate::common::*;

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// What a case gives kado on its standard input.
pub enum Input {
    /// Nothing.
    None,
    /// This text.
    Text(&'static str),
    /// The record of a save among the screens' fixtures (`GAME status SAVE --record`).
    Save(&'static str),
}

/// An input whose verdict a ruling decides.
pub struct Case {
    /// The ruling.
    pub ruling: &'static str,
    /// The ruleset the input is judged under: a built-in's name (the game's own, or one
    /// whose other rulings let this one decide), or a house-rules file's text
    /// (`base: …\nrulings:\n  ID: CHOICE\n`) where no built-in does.
    pub rules: &'static str,
    /// The command after `kado --json --rules RULES`, its game first (`-` reads the input).
    pub args: &'static [&'static str],
    pub input: Input,
}

impl Case {
    fn game(&self) -> &'static str {
        self.args[0]
    }

    fn input(&self) -> String {
        match self.input {
            Input::None => String::new(),
            Input::Text(t) => t.to_string(),
            Input::Save(save) => record_of(self.game(), save),
        }
    }

    /// What groups cases judged alike: one sweep of the rulings serves them all.
    fn key(&self) -> String {
        let input = match self.input {
            Input::None => String::new(),
            Input::Text(t) => t.to_string(),
            Input::Save(s) => format!("save {s}"),
        };
        format!("{} {:?} {input}", self.rules, self.args)
    }
}

/// The record a save holds (`GAME status SAVE --record`), for a save of the screens'
/// fixtures.
pub fn record_of(game: &str, save: &str) -> String {
    let path = top().join("cli/tests/fixtures/screens").join(save);
    let (code, out, err) = run(&[game, "status", path.to_str().unwrap(), "--record"]);
    assert_eq!(code, 0, "{err}");
    out
}

/// A verdict's facts: every value in it, with where it stands; its words without the
/// rulings they cite (which name the ruling in force, deciding or not).
fn figures(v: &Value, at: &str, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                if k != "explain" {
                    figures(x, &format!("{at}/{k}"), out);
                }
            }
        }
        Value::Array(xs) => {
            for (i, x) in xs.iter().enumerate() {
                figures(x, &format!("{at}/{i}"), out);
            }
        }
        Value::String(t) => out.push(format!("{at}={}", kado::explain::uncited(t))),
        other => out.push(format!("{at}={other}")),
    }
}

/// The ruleset to name after `--rules` in `dir`: a built-in's name, or the house-rules
/// text written to `rules.yaml` there.
fn ruleset_in(dir: &Path, rules: &str) -> String {
    if !rules.contains('\n') {
        return rules.to_string();
    }
    std::fs::write(dir.join("rules.yaml"), rules).unwrap();
    "rules.yaml".to_string()
}

/// A house-rules file: `rules` (a built-in or house-rules text) with ruling `id` set to
/// `choice`.
fn with_choice(rules: &str, id: &str, choice: &str) -> String {
    if !rules.contains('\n') {
        return format!("base: {rules}\nrulings:\n  {id}: {choice}\n");
    }
    let set = format!("  {id}: {choice}");
    let mut lines: Vec<String> = rules.lines().map(str::to_string).collect();
    let key = format!("{id}:");
    match lines.iter().position(|l| l.trim_start().starts_with(&key)) {
        Some(i) => lines[i] = set,
        None => lines.push(set),
    }
    lines.join("\n") + "\n"
}

/// `kado --json [--explain] --rules RULES ARGS` in `dir` on `input`.
fn judged(dir: &Path, rules: &str, args: &[&str], input: &str, explain: bool) -> (i32, String) {
    let mut all = vec!["--json", "--rules", rules];
    if explain {
        all.push("--explain");
    }
    all.extend(args);
    let (code, out, _) = run_in(dir, &all, input);
    (code, out)
}

/// The verdict's figures; a refusal (an input the other choice cannot read) is another
/// verdict too.
fn verdict(dir: &Path, rules: &str, args: &[&str], input: &str) -> Vec<String> {
    let (code, out) = judged(dir, rules, args, input, false);
    if code != 0 {
        return vec![format!("exit {code}")];
    }
    let v: Value = serde_json::from_str(&out).unwrap();
    let mut f = Vec::new();
    figures(&v, "", &mut f);
    f
}

/// The rulings `--explain` names.
fn named(dir: &Path, rules: &str, args: &[&str], input: &str) -> BTreeSet<String> {
    let (code, out) = judged(dir, rules, args, input, true);
    assert_eq!(code, 0, "{args:?}: {out}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let mut ids = BTreeSet::new();
    for reason in v["explain"].as_array().unwrap() {
        for r in reason["rulings"].as_array().unwrap() {
            ids.insert(r["id"].as_str().unwrap().to_string());
        }
    }
    ids
}

/// The rulings of a ruleset (a built-in's name, or a file in `dir`) with their other
/// choices, from `rules show`.
pub fn rulings(dir: &Path, rules: &str) -> Vec<(String, Vec<String>)> {
    let (_, out, _) = run_in(dir, &["--json", "rules", "show", rules], "");
    let v: Value = serde_json::from_str(&out).unwrap();
    (v["rulings"].as_array().unwrap().iter())
        .map(|r| {
            let choice = r["choice"].as_str().unwrap();
            let others = (r["alternatives"].as_array().unwrap().iter())
                .map(|a| a["id"].as_str().unwrap().to_string())
                .filter(|a| a != choice)
                .collect();
            (r["id"].as_str().unwrap().to_string(), others)
        })
        .collect()
}

/// The rulings whose other choices, each alone, change the verdict on `input`, found by
/// judging it under each; `--explain` names exactly those.
pub fn deciding_rulings_are_named(rules: &str, args: &[&str], input: &str) -> BTreeSet<String> {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let named_rules = ruleset_in(d, rules);
    let here = verdict(d, &named_rules, args, input);
    let mut deciding = BTreeSet::new();
    for (id, others) in rulings(d, &named_rules) {
        for other in others {
            std::fs::write(d.join("h.yaml"), with_choice(rules, &id, &other)).unwrap();
            if verdict(d, "h.yaml", args, input) != here {
                deciding.insert(id.clone());
            }
        }
    }
    assert_eq!(
        named(d, &named_rules, args, input),
        deciding,
        "{rules} {args:?}:\n{input}"
    );
    deciding
}

/// Each case's ruling decides its verdict, and `--explain` names exactly the rulings that
/// decide; every ruling of `game` with another choice has a case.
pub fn every_ruling_decides_a_case(game: &str, cases: &[Case]) {
    let mut sweeps: BTreeMap<String, Vec<&Case>> = BTreeMap::new();
    for c in cases {
        assert_eq!(c.game(), game, "{}", c.ruling);
        sweeps.entry(c.key()).or_default().push(c);
    }
    let mut missing = Vec::new();
    for group in sweeps.values() {
        let c = group[0];
        let deciding = deciding_rulings_are_named(c.rules, c.args, &c.input());
        for c in group {
            if !deciding.contains(c.ruling) {
                missing.push(format!("{} ({} {:?})", c.ruling, c.rules, c.args));
            }
        }
    }
    assert!(missing.is_empty(), "these decided nothing: {missing:?}");
    let covered: BTreeSet<&str> = cases.iter().map(|c| c.ruling).collect();
    let uncovered: Vec<String> = (rulings(Path::new("."), game).into_iter())
        .filter(|(id, others)| !others.is_empty() && !covered.contains(id.as_str()))
        .map(|(id, _)| id)
        .collect();
    assert!(uncovered.is_empty(), "{game}: no case for {uncovered:?}");
}
