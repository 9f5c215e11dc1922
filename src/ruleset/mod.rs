//! Rulesets: each game's rules as data, with every **ruling** (a place where the written
//! rules are ambiguous or silent) named, and house-rules files that override them.
//!
//! A built-in ruleset is a YAML file in `rulesets/`, embedded in the binary. It is either
//! complete (`name`, `game`, `rulings` as a list of definitions, `values`) or derived from
//! another (`base`, then `rulings` and `values` as overrides). A house-rules file has the
//! derived shape. This module reads text only; the CLI reads files.
//!
//! A ruling kado no longer has may be kept in a complete ruleset under `retired`, with the
//! choices of today's rulings each of its choices is read as: a house-rules file or a save
//! that still names it keeps its meaning.
//!
//! A complete ruleset declares each value with its default and the range it may take
//! (`start-money: {default: 50, min: 0, max: 10000}`); a derived ruleset, a house-rules
//! file and a saved game's ruleset may only set a value inside its range.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_saphyr::Spanned;

use crate::diag::{Code, Error, Problem, Problems, Source, did_you_mean};

mod typed;
pub(crate) use typed::rulings;
pub use typed::{Choice, Pick, RulingName, ValueName, declaration_differences};

mod record;
pub mod report;
pub use record::{of_record, record_comment, with_record_comment};

/// The built-in rulesets: name and YAML text.
const BUILTIN: &[(&str, &str)] = &[
    ("kinkado", include_str!("../../rulesets/kinkado.yaml")),
    ("kinga", include_str!("../../rulesets/kinga.yaml")),
    (
        "kinga-hardcore",
        include_str!("../../rulesets/kinga-hardcore.yaml"),
    ),
    ("pokino", include_str!("../../rulesets/pokino.yaml")),
    (
        "pokino-greed",
        include_str!("../../rulesets/pokino-greed.yaml"),
    ),
    ("pokino-up", include_str!("../../rulesets/pokino-up.yaml")),
    (
        "pokino-tear-down",
        include_str!("../../rulesets/pokino-tear-down.yaml"),
    ),
    (
        "pokino-territory",
        include_str!("../../rulesets/pokino-territory.yaml"),
    ),
    ("koikoi", include_str!("../../rulesets/koikoi.yaml")),
    (
        "koikoi-fudawiki",
        include_str!("../../rulesets/koikoi-fudawiki.yaml"),
    ),
    ("koikoi-bga", include_str!("../../rulesets/koikoi-bga.yaml")),
    ("kingmaker", include_str!("../../rulesets/kingmaker.yaml")),
    (
        "kingmaker-shown",
        include_str!("../../rulesets/kingmaker-shown.yaml"),
    ),
];

/// One choice a ruling may take.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Alternative {
    pub id: String,
    /// What the table does under this choice.
    pub means: String,
}

/// A named place where the rules text is ambiguous or silent.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Ruling {
    pub id: String,
    /// The question, in one line.
    pub question: String,
    pub default: String,
    pub alternatives: Vec<Alternative>,
    /// Why the default was chosen.
    pub why: String,
    /// The choice a saved game that does not name this ruling was played under: the
    /// default of the kado that wrote it, where the default has changed since. Saves
    /// name such a ruling always, so they do not depend on today's default.
    #[serde(default, rename = "old-saves", skip_serializing_if = "Option::is_none")]
    pub old_saves: Option<String>,
    /// The choice in force (the default unless overridden).
    #[serde(default, skip_deserializing)]
    pub choice: String,
}

impl Ruling {
    pub fn is_default(&self) -> bool {
        self.choice == self.default
    }
}

/// A ruling a game no longer has, and how a file or a save that still names it is read.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Retired {
    pub id: String,
    /// Why it went, and what took its place.
    pub why: String,
    /// For each of its choices, the rulings of today it sets and their choices.
    #[serde(rename = "read-as")]
    pub read_as: BTreeMap<String, BTreeMap<String, String>>,
}

/// A game's rules as data.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Ruleset {
    pub name: String,
    /// The game it is for: `kinkado`, `kinga`, `pokino`, `koikoi`, `kingmaker`.
    pub game: String,
    pub title: String,
    pub summary: String,
    pub rulings: Vec<Ruling>,
    /// Rulings the game no longer has, read as today's.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub retired: Vec<Retired>,
    pub values: BTreeMap<String, i64>,
    /// The range each value may take, declared beside its default.
    pub ranges: BTreeMap<String, ValueRange>,
    /// Free-text notes (assumptions, sources).
    pub notes: Vec<String>,
    /// The rulesets this one was derived from, nearest last (`["pokino", "pokino-greed"]`).
    pub lineage: Vec<String>,
}

/// The whole numbers a value may take, both ends included.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub struct ValueRange {
    pub min: i64,
    pub max: i64,
}

impl ValueRange {
    pub fn contains(self, v: i64) -> bool {
        (self.min..=self.max).contains(&v)
    }
}

impl std::fmt::Display for ValueRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} to {}", self.min, self.max)
    }
}

/// Why a ruling cannot be set.
#[derive(Clone, Debug, PartialEq, Eq)]
enum RulingProblem {
    /// The ruleset has no such ruling.
    Unknown(Box<Problem>),
    /// The choice is not one of the ruling's alternatives.
    NotAChoice(Box<Problem>),
}

/// Why a value cannot be set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ValueProblem {
    /// The ruleset has no such value.
    Unknown(Box<Problem>),
    /// The value lies outside its range.
    OutOfRange(Box<Problem>),
}

impl ValueProblem {
    pub fn into_problem(self) -> Problem {
        match self {
            ValueProblem::Unknown(p) => p.code(Code::RulesetUnknown),
            ValueProblem::OutOfRange(p) => p.code(Code::RulesetValueOutOfRange),
        }
    }
}

/// A value as a complete ruleset declares it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ValueDecl {
    default: Spanned<i64>,
    min: i64,
    max: i64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FullFile {
    name: String,
    game: String,
    title: String,
    summary: String,
    rulings: Vec<Ruling>,
    #[serde(default)]
    retired: Vec<Retired>,
    #[serde(default)]
    values: BTreeMap<String, ValueDecl>,
    #[serde(default)]
    notes: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DerivedFile {
    base: Spanned<String>,
    name: Option<String>,
    summary: Option<String>,
    #[serde(default)]
    rulings: BTreeMap<String, Spanned<String>>,
    #[serde(default)]
    values: BTreeMap<String, Spanned<i64>>,
    #[serde(default)]
    notes: Vec<String>,
}

const HOUSE_KEYS: [&str; 6] = ["base", "name", "summary", "rulings", "values", "notes"];

/// The names of the built-in rulesets.
pub fn builtin_names() -> impl Iterator<Item = &'static str> {
    BUILTIN.iter().map(|(n, _)| *n)
}

impl Ruleset {
    /// A built-in ruleset by name.
    pub fn builtin(name: &str) -> Result<Ruleset, Error> {
        Ruleset::read_builtin(name).map_err(|e| e.coded(Code::Ruleset))
    }

    fn read_builtin(name: &str) -> Result<Ruleset, Error> {
        let Some((_, text)) = BUILTIN.iter().find(|(n, _)| *n == name) else {
            let mut p = Problem::new(format!("no built-in ruleset is called `{name}`")).expected(
                format!("one of: {}", builtin_names().collect::<Vec<_>>().join(", ")),
            );
            if let Some(near) = did_you_mean(name, builtin_names()) {
                p = p.help(format!("did you mean `{near}`?"));
            }
            return Err(p.into());
        };
        let src = Source::new(format!("built-in ruleset {name}"), *text);
        if text.lines().any(|l| l.starts_with("base:")) {
            Ruleset::derived(&src, 0)
        } else {
            Ruleset::full(&src)
        }
    }

    /// A built-in ruleset the code names itself (`Rules::standard()`). The built-ins are
    /// embedded and a test loads every one, so this never falls back in practice; if it
    /// did, it gives an empty ruleset (no rulings, no values) rather than a second copy of
    /// the defaults, which live in the YAML files alone.
    pub fn builtin_or_empty(name: &str) -> Ruleset {
        Ruleset::builtin(name).unwrap_or_else(|_| Ruleset {
            name: name.into(),
            game: name.into(),
            title: name.into(),
            summary: String::new(),
            rulings: Vec::new(),
            retired: Vec::new(),
            values: BTreeMap::new(),
            ranges: BTreeMap::new(),
            notes: Vec::new(),
            lineage: vec![name.into()],
        })
    }

    /// A house-rules file (the derived shape), given its name and text.
    pub fn from_house_text(file_name: &str, text: &str) -> Result<Ruleset, Error> {
        let src = Source::new(format!("file {file_name}"), text);
        Ruleset::derived(&src, 0).map_err(|e| e.coded(Code::Ruleset))
    }

    fn full(src: &Source) -> Result<Ruleset, Error> {
        let f: FullFile = serde_saphyr::from_str(&src.text).map_err(|e| yaml_error(src, &e))?;
        let mut rulings = f.rulings;
        let mut problems = Vec::new();
        for r in &mut rulings {
            if !r.alternatives.iter().any(|a| a.id == r.default) {
                problems.push(Problem::new(format!(
                    "ruling `{}`: the default `{}` is not among its alternatives",
                    r.id, r.default
                )));
            }
            if let Some(old) = r
                .old_saves
                .as_ref()
                .filter(|o| !r.alternatives.iter().any(|a| &a.id == *o))
            {
                return Err(Problem::new(format!(
                    "ruling {}: old-saves {old} is not one of its alternatives",
                    r.id
                ))
                .into());
            }
            r.choice = r.default.clone();
        }
        let mut values = BTreeMap::new();
        let mut ranges = BTreeMap::new();
        for (key, d) in f.values {
            let range = ValueRange {
                min: d.min,
                max: d.max,
            };
            if !range.contains(d.default.value) {
                let at = d.default.referenced;
                problems.push(
                    Problem::new(format!(
                        "value `{key}`: the default {} is outside its range",
                        d.default.value
                    ))
                    .expected(format!("a whole number from {range}"))
                    .at_line_col(
                        src,
                        at.line() as usize,
                        at.column() as usize,
                    ),
                );
            }
            values.insert(key.clone(), d.default.value);
            ranges.insert(key, range);
        }
        problems.extend(retired_problems(&rulings, &f.retired));
        Error::check(problems)?;
        Ok(Ruleset {
            lineage: vec![f.name.clone()],
            name: f.name,
            game: f.game,
            title: f.title,
            summary: f.summary,
            rulings,
            retired: f.retired,
            values,
            ranges,
            notes: f.notes,
        })
    }

    fn derived(src: &Source, depth: usize) -> Result<Ruleset, Error> {
        let f: DerivedFile = serde_saphyr::from_str(&src.text).map_err(|e| yaml_error(src, &e))?;
        let base_loc = f.base.referenced;
        let at_base =
            |p: Problem| p.at_line_col(src, base_loc.line() as usize, base_loc.column() as usize);
        if depth > 4 {
            return Err(at_base(Problem::new("rulesets derive from each other in a loop")).into());
        }
        let mut rs = match Ruleset::builtin(&f.base.value) {
            Ok(rs) => rs,
            Err(e) => {
                let first = e.problems.into_iter().next();
                let mut p = Problem::new(format!("unknown base ruleset `{}`", f.base.value));
                if let Some(first) = first {
                    p.expected = first.expected;
                    p.help = first.help;
                }
                return Err(at_base(p).into());
            }
        };
        // A house-rules file may hold many keys: only the problems kept are placed in it
        // (placing one reads the file up to its line).
        let mut problems = Problems::new();
        // A retired ruling first, so that a ruling of today named beside it has the last
        // word.
        let mut named: Vec<_> = f.rulings.iter().collect();
        named.sort_by_key(|(id, _)| rs.retired(id).is_none());
        for (id, choice) in named {
            let line = choice.referenced.line() as usize;
            match rs.set_ruling(id, &choice.value) {
                Ok(()) => {}
                Err(RulingProblem::Unknown(p)) => problems.push_with(|| {
                    let col = key_column(&src.text, line, id).unwrap_or(1);
                    p.at_line_col(src, line, col).code(Code::RulesetUnknown)
                }),
                Err(RulingProblem::NotAChoice(p)) => problems.push_with(|| {
                    p.at_line_col(src, line, choice.referenced.column() as usize)
                        .code(Code::RulesetUnknown)
                }),
            }
        }
        for (key, v) in &f.values {
            let line = v.referenced.line() as usize;
            match rs.check_value(key, v.value) {
                Ok(()) => {
                    rs.values.insert(key.clone(), v.value);
                }
                Err(ValueProblem::Unknown(p)) => problems.push_with(|| {
                    let col = key_column(&src.text, line, key).unwrap_or(1);
                    p.at_line_col(src, line, col).code(Code::RulesetUnknown)
                }),
                Err(ValueProblem::OutOfRange(p)) => problems.push_with(|| {
                    p.at_line_col(src, line, v.referenced.column() as usize)
                        .code(Code::RulesetValueOutOfRange)
                }),
            }
        }
        // In the order of the file, not of the keys.
        problems.check().map_err(|mut e| {
            e.problems.sort_by_key(Problem::position);
            e
        })?;
        let name = f.name.unwrap_or_else(|| {
            src.name
                .strip_prefix("file ")
                .unwrap_or(&src.name)
                .to_string()
        });
        // A house-rules file's words reach the terminal (`rules show`, the first line of
        // `play`): a control character or a direction mark in them is written as an escape.
        let seen = |t: String| crate::diag::escape_words(&t).into_owned();
        let name = crate::diag::escape(&name).into_owned();
        if let Some(s) = f.summary {
            rs.summary = seen(s);
        }
        rs.notes.extend(f.notes.into_iter().map(seen));
        rs.lineage.push(name.clone());
        rs.name = name;
        Ok(rs)
    }

    /// The retired ruling called `id`, if the game has one.
    pub fn retired(&self, id: &str) -> Option<&Retired> {
        self.retired.iter().find(|r| r.id == id)
    }

    /// Sets ruling `id` to `choice`, or says why not; a retired ruling sets the rulings
    /// of today it is read as. The problem has no position; the caller adds it.
    fn set_ruling(&mut self, id: &str, choice: &str) -> Result<(), RulingProblem> {
        if let Some(old) = self.retired(id).cloned() {
            let Some(set) = old.read_as.get(choice) else {
                let alts: Vec<&str> = old.read_as.keys().map(String::as_str).collect();
                let p = Problem::new(format!("`{choice}` is not a choice of ruling `{id}`"))
                    .expected(format!("one of: {}", alts.join(", ")));
                return Err(RulingProblem::NotAChoice(Box::new(
                    match did_you_mean(choice, alts.iter().copied()) {
                        Some(near) => p.help(format!("did you mean `{near}`?")),
                        None => p,
                    },
                )));
            };
            for (new_id, new_choice) in set {
                self.set_ruling(new_id, new_choice)?;
            }
            return Ok(());
        }
        let Some(i) = self.rulings.iter().position(|r| r.id == id) else {
            return Err(RulingProblem::Unknown(Box::new(unknown_ruling(self, id))));
        };
        let r = &mut self.rulings[i];
        if !r.alternatives.iter().any(|a| a.id == choice) {
            return Err(RulingProblem::NotAChoice(Box::new(not_a_choice(
                r, id, choice,
            ))));
        }
        r.choice = choice.to_string();
        Ok(())
    }

    /// Whether `v` may be set as value `key`: the ruleset must define the value, and `v`
    /// must lie in its range. The problem has no position; the caller adds it.
    pub fn check_value(&self, key: &str, v: i64) -> Result<(), ValueProblem> {
        if !self.values.contains_key(key) {
            return Err(ValueProblem::Unknown(Box::new(unknown_value(self, key))));
        }
        match self.ranges.get(key) {
            Some(range) if !range.contains(v) => Err(ValueProblem::OutOfRange(Box::new(
                Problem::new(format!("`{v}` is outside the range of value `{key}`"))
                    .expected(format!("a whole number from {range}")),
            ))),
            _ => Ok(()),
        }
    }

    /// The choice in force for the ruling named `id` (for reading saves and files; game
    /// code asks with types, through [`Ruleset::get`]). An unknown id gives "".
    pub fn choice_named(&self, id: &str) -> &str {
        self.rulings
            .iter()
            .find(|r| r.id == id)
            .map_or("", |r| r.choice.as_str())
    }

    pub fn ruling(&self, id: &str) -> Option<&Ruling> {
        self.rulings.iter().find(|r| r.id == id)
    }

    /// A copy with the ruling named `id` changed (for saves, which name their rulings;
    /// game code uses [`Ruleset::with`]).
    pub fn with_named(&self, id: &str, alternative: &str) -> Result<Ruleset, Error> {
        if let Some(old) = self.retired(id) {
            let Some(set) = old.read_as.get(alternative) else {
                return Err(
                    Error::msg(format!("`{alternative}` is not a choice of `{id}`"))
                        .coded(Code::RulesetUnknown),
                );
            };
            let mut rs = self.clone();
            for (new_id, new_choice) in set {
                rs = rs.with_named(new_id, new_choice)?;
            }
            return Ok(rs);
        }
        let mut rs = self.clone();
        let Some(r) = rs.rulings.iter_mut().find(|r| r.id == id) else {
            return Err(Error::msg(format!("unknown ruling `{id}`")).coded(Code::RulesetUnknown));
        };
        if !r.alternatives.iter().any(|a| a.id == alternative) {
            return Err(
                Error::msg(format!("`{alternative}` is not a choice of `{id}`"))
                    .coded(Code::RulesetUnknown),
            );
        }
        r.choice = alternative.to_string();
        Ok(rs)
    }

    /// Checks the ruleset is for `game`.
    pub fn expect_game(self, game: &str, game_title: &str) -> Result<Ruleset, Error> {
        if self.game == game {
            Ok(self)
        } else {
            Err(Problem::new(format!(
                "ruleset `{}` is for {}, not {game_title}",
                self.name, self.title
            ))
            .help(format!("use a ruleset whose base is `{game}`"))
            .code(Code::RulesetWrongGame)
            .into())
        }
    }
}

/// What is wrong with a complete ruleset's retired rulings: an id that is still a ruling,
/// or a choice read as a ruling or a choice the ruleset does not have.
fn retired_problems(rulings: &[Ruling], retired: &[Retired]) -> Vec<Problem> {
    let mut out = Vec::new();
    for old in retired {
        if rulings.iter().any(|r| r.id == old.id) {
            out.push(Problem::new(format!(
                "retired ruling `{}` is still a ruling",
                old.id
            )));
        }
        for (choice, set) in &old.read_as {
            for (id, to) in set {
                let known = rulings
                    .iter()
                    .find(|r| &r.id == id)
                    .is_some_and(|r| r.alternatives.iter().any(|a| &a.id == to));
                if !known {
                    out.push(Problem::new(format!(
                        "retired ruling `{}`: `{choice}` is read as `{id}: {to}`, which is not a ruling's choice",
                        old.id
                    )));
                }
            }
        }
    }
    out
}

/// The column where `key:` starts on `line`, for pointing at a mapping key.
/// A ruling the ruleset does not have.
fn unknown_ruling(rs: &Ruleset, id: &str) -> Problem {
    let p = Problem::new(format!("unknown ruling `{id}` for {}", rs.title)).expected(format!(
        "a ruling of {}: {}",
        rs.name,
        rs.rulings
            .iter()
            .map(|r| r.id.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    ));
    match did_you_mean(id, rs.rulings.iter().map(|r| r.id.as_str())) {
        Some(near) => p.help(format!("did you mean `{near}`?")),
        None => p,
    }
}

/// A choice that is not one of a ruling's alternatives.
fn not_a_choice(r: &Ruling, id: &str, choice: &str) -> Problem {
    let alts: Vec<&str> = r.alternatives.iter().map(|a| a.id.as_str()).collect();
    let p = Problem::new(format!("`{choice}` is not a choice of ruling `{id}`"))
        .expected(format!("one of: {}", alts.join(", ")));
    match did_you_mean(choice, alts.iter().copied()) {
        Some(near) => p.help(format!("did you mean `{near}`?")),
        None => p,
    }
}

/// A value the ruleset does not have.
fn unknown_value(rs: &Ruleset, key: &str) -> Problem {
    let p = Problem::new(format!("unknown value `{key}` for {}", rs.title));
    let p = if rs.values.is_empty() {
        p.expected(format!("{} has no values to set", rs.name))
    } else {
        p.expected(format!(
            "one of: {}",
            rs.values
                .keys()
                .map(String::as_str)
                .collect::<Vec<_>>()
                .join(", ")
        ))
    };
    match did_you_mean(key, rs.values.keys().map(String::as_str)) {
        Some(near) => p.help(format!("did you mean `{near}`?")),
        None => p,
    }
}

pub fn key_column(text: &str, line: usize, key: &str) -> Option<usize> {
    let l = text.lines().nth(line.checked_sub(1)?)?;
    let byte = l.find(key)?;
    Some(l[..byte].chars().count() + 1)
}

/// A YAML error as a problem at its line and column (in kado's words, [`crate::yaml`]),
/// with the keys of a house-rules file and a suggestion for a misspelt one.
fn yaml_error(src: &Source, e: &serde_saphyr::Error) -> Error {
    let mut p = crate::yaml::problem(src, e);
    if let Some(field) = crate::yaml::unknown_key(e) {
        p = p.expected(format!("one of: {}", HOUSE_KEYS.join(", ")));
        if let Some(near) = did_you_mean(field, HOUSE_KEYS) {
            p = p.help(format!("did you mean `{near}`?"));
        }
    }
    p.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 60: a house-rules file's `name`, `summary` and `notes` reached the terminal
    /// raw (`rules show`, the first line of `play`): an escape sequence in them set the
    /// terminal's title. They are read with every control and direction mark escaped.
    #[test]
    fn a_house_rules_file_s_words_reached_the_terminal_raw() {
        let text = "base: koikoi\nname: \"x\\e]0;owned\\a\"\nsummary: \"s\\u202e\"\nnotes: [\"n\\e[2J\"]\n";
        let rs = Ruleset::from_house_text("h.yaml", text).unwrap();
        assert_eq!(rs.name, "x\\e]0;owned\\u{7}");
        assert_eq!(rs.summary, "s\\u{202e}");
        assert_eq!(rs.notes.last().map(String::as_str), Some("n\\e[2J"));
    }

    #[test]
    fn every_builtin_loads() {
        for name in builtin_names() {
            let rs = Ruleset::builtin(name).unwrap_or_else(|e| panic!("{name}: {}", e.render()));
            assert_eq!(rs.name, name);
            for r in &rs.rulings {
                assert!(r.alternatives.iter().any(|a| a.id == r.choice), "{}", r.id);
            }
        }
    }

    #[test]
    fn every_builtin_value_is_inside_its_range() {
        for name in builtin_names() {
            let rs = Ruleset::builtin(name).unwrap_or_else(|e| panic!("{name}: {}", e.render()));
            assert_eq!(
                rs.values.keys().collect::<Vec<_>>(),
                rs.ranges.keys().collect::<Vec<_>>(),
                "{name}: every value has a range"
            );
            for (key, v) in &rs.values {
                let range = rs.ranges[key];
                assert!(range.min <= range.max, "{name}: {key}: empty range {range}");
                assert!(range.contains(*v), "{name}: {key} = {v}, outside {range}");
                assert_eq!(rs.check_value(key, *v), Ok(()), "{name}: {key}");
            }
        }
    }

    #[test]
    fn a_value_outside_its_range_is_refused_where_it_is() {
        let e = Ruleset::from_house_text(
            "h.yaml",
            "base: kinkado\nvalues:\n  start-money: -50\n  rounds: 10\n",
        )
        .unwrap_err();
        let found: Vec<_> = e
            .problems
            .iter()
            .map(|p| (p.message.as_str(), p.expected.as_deref(), p.position()))
            .collect();
        assert_eq!(
            found,
            [
                (
                    "`-50` is outside the range of value `start-money`",
                    Some("a whole number from 0 to 10000"),
                    Some((3, 16))
                ),
                (
                    "`10` is outside the range of value `rounds`",
                    Some("a whole number from 1 to 9"),
                    Some((4, 11))
                ),
            ]
        );
        let ok = Ruleset::from_house_text("h.yaml", "base: kinkado\nvalues:\n  rounds: 1\n");
        assert_eq!(ok.map(|rs| rs.values.get("rounds").copied()), Ok(Some(1)));
    }

    #[test]
    fn a_default_outside_its_range_is_refused() {
        let src = Source::new(
            "built-in ruleset t",
            "name: t\ngame: t\ntitle: T\nsummary: s\nrulings: []\nvalues:\n  n: {default: 5, min: 6, max: 9}\n",
        );
        let e = Ruleset::full(&src).unwrap_err();
        assert_eq!(
            e.problems[0].message,
            "value `n`: the default 5 is outside its range"
        );
        assert_eq!(e.problems[0].position(), Some((7, 16)));
    }

    #[test]
    fn a_retired_ruling_reads_as_rulings_of_today_only() {
        let ruling = "rulings:\n  - id: r\n    question: q\n    default: a\n    alternatives:\n      - {id: a, means: m}\n      - {id: b, means: m}\n    why: w\n";
        let file = |retired: &str| {
            Source::new(
                "built-in ruleset t",
                format!("name: t\ngame: t\ntitle: T\nsummary: s\n{ruling}retired:\n{retired}"),
            )
        };
        let good = Ruleset::full(&file(
            "  - id: old\n    why: w\n    read-as:\n      yes: {r: b}\n      no: {r: a}\n",
        ))
        .unwrap();
        assert_eq!(
            good.with_named("old", "yes").unwrap().choice_named("r"),
            "b"
        );
        assert!(good.with_named("old", "maybe").is_err());
        let messages = |text: &str| -> Vec<String> {
            let e = Ruleset::full(&file(text)).unwrap_err();
            e.problems.into_iter().map(|p| p.message).collect()
        };
        assert_eq!(
            messages("  - id: r\n    why: w\n    read-as:\n      yes: {r: c}\n"),
            [
                "retired ruling `r` is still a ruling",
                "retired ruling `r`: `yes` is read as `r: c`, which is not a ruling's choice"
            ]
        );
        assert_eq!(
            messages("  - id: old\n    why: w\n    read-as:\n      yes: {s: a}\n"),
            ["retired ruling `old`: `yes` is read as `s: a`, which is not a ruling's choice"]
        );
    }

    #[test]
    fn house_file_overrides() {
        let rs = Ruleset::from_house_text(
            "h.yaml",
            "base: kinkado\nrulings:\n  joker-sum: as-chosen\n",
        )
        .unwrap();
        assert_eq!(rs.choice_named("joker-sum"), "as-chosen");
        assert_eq!(rs.lineage, vec!["kinkado", "h.yaml"]);
    }

    #[test]
    fn house_file_errors_are_positioned() {
        let e = Ruleset::from_house_text(
            "h.yaml",
            "base: kinkado\nrulings:\n  joker-sun: as-chosen\n",
        )
        .unwrap_err();
        assert_eq!(e.problems[0].position(), Some((3, 3)));
        assert_eq!(
            e.problems[0].help.as_deref(),
            Some("did you mean `joker-sum`?")
        );
        let e = Ruleset::from_house_text("h.yaml", "base: kinkado\nrullings: {}\n").unwrap_err();
        assert_eq!(e.problems[0].message, "unknown key `rullings`");
        assert_eq!(e.problems[0].position(), Some((2, 1)));
    }

    #[test]
    fn a_house_rules_file_with_a_key_twice_was_told_to_set_duplicatekeypolicy() {
        let e = Ruleset::from_house_text("h.yaml", "base: kinga\nbase: kinga\n").unwrap_err();
        assert_eq!(e.problems[0].message, "the key `base` is given twice");
        assert_eq!(e.problems[0].position(), Some((2, 1)));
    }
}
