//! Rulesets: each game's rules as data, with every **ruling** (a place where the written
//! rules are ambiguous or silent) named, and house-rules files that override them.
//!
//! A built-in ruleset is a YAML file in `rulesets/`, embedded in the binary. It is either
//! complete (`name`, `game`, `rulings` as a list of definitions, `values`) or derived from
//! another (`base`, then `rulings` and `values` as overrides). A house-rules file has the
//! derived shape. This module reads text only; the CLI reads files.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_saphyr::Spanned;

use crate::diag::{Error, Problem, Problems, Source, did_you_mean};

/// The built-in rulesets: name and YAML text.
const BUILTIN: &[(&str, &str)] = &[
    ("kinkado", include_str!("../rulesets/kinkado.yaml")),
    ("kinga", include_str!("../rulesets/kinga.yaml")),
    (
        "kinga-hardcore",
        include_str!("../rulesets/kinga-hardcore.yaml"),
    ),
    ("pokino", include_str!("../rulesets/pokino.yaml")),
    (
        "pokino-greed",
        include_str!("../rulesets/pokino-greed.yaml"),
    ),
    ("pokino-up", include_str!("../rulesets/pokino-up.yaml")),
    (
        "pokino-tear-down",
        include_str!("../rulesets/pokino-tear-down.yaml"),
    ),
    (
        "pokino-territory",
        include_str!("../rulesets/pokino-territory.yaml"),
    ),
    ("koikoi", include_str!("../rulesets/koikoi.yaml")),
    (
        "koikoi-fudawiki",
        include_str!("../rulesets/koikoi-fudawiki.yaml"),
    ),
    ("koikoi-bga", include_str!("../rulesets/koikoi-bga.yaml")),
    ("kingmaker", include_str!("../rulesets/kingmaker.yaml")),
    (
        "kingmaker-shown",
        include_str!("../rulesets/kingmaker-shown.yaml"),
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
    /// The choice in force (the default unless overridden).
    #[serde(default, skip_deserializing)]
    pub choice: String,
}

impl Ruling {
    pub fn is_default(&self) -> bool {
        self.choice == self.default
    }
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
    pub values: BTreeMap<String, i64>,
    /// Free-text notes (assumptions, sources).
    pub notes: Vec<String>,
    /// The rulesets this one was derived from, nearest last (`["pokino", "pokino-greed"]`).
    pub lineage: Vec<String>,
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
    values: BTreeMap<String, i64>,
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

    /// A house-rules file (the derived shape), given its name and text.
    pub fn from_house_text(file_name: &str, text: &str) -> Result<Ruleset, Error> {
        let src = Source::new(format!("file {file_name}"), text);
        Ruleset::derived(&src, 0)
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
            r.choice = r.default.clone();
        }
        Error::check(problems)?;
        Ok(Ruleset {
            lineage: vec![f.name.clone()],
            name: f.name,
            game: f.game,
            title: f.title,
            summary: f.summary,
            rulings,
            values: f.values,
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
        for (id, choice) in &f.rulings {
            let line = choice.referenced.line() as usize;
            let Some(r) = rs.rulings.iter_mut().find(|r| &r.id == id) else {
                problems.push_with(|| {
                    let col = key_column(&src.text, line, id).unwrap_or(1);
                    unknown_ruling(&rs, id).at_line_col(src, line, col)
                });
                continue;
            };
            if !r.alternatives.iter().any(|a| a.id == choice.value) {
                problems.push_with(|| {
                    let col = choice.referenced.column() as usize;
                    not_a_choice(r, id, &choice.value).at_line_col(src, line, col)
                });
                continue;
            }
            r.choice = choice.value.clone();
        }
        for (key, v) in &f.values {
            let line = v.referenced.line() as usize;
            if let Some(slot) = rs.values.get_mut(key) {
                *slot = v.value;
            } else {
                problems.push_with(|| {
                    let col = key_column(&src.text, line, key).unwrap_or(1);
                    unknown_value(&rs, key).at_line_col(src, line, col)
                });
            }
        }
        problems.check()?;
        let name = f.name.unwrap_or_else(|| {
            src.name
                .strip_prefix("file ")
                .unwrap_or(&src.name)
                .to_string()
        });
        if let Some(s) = f.summary {
            rs.summary = s;
        }
        rs.notes.extend(f.notes);
        rs.lineage.push(name.clone());
        rs.name = name;
        Ok(rs)
    }

    /// The choice in force for a ruling. Game code asks only for ids its ruleset defines
    /// (a test checks every built-in); an unknown id gives "".
    pub fn choice(&self, id: &str) -> &str {
        self.rulings
            .iter()
            .find(|r| r.id == id)
            .map_or("", |r| r.choice.as_str())
    }

    /// Whether ruling `id` is set to `alternative`.
    pub fn is(&self, id: &str, alternative: &str) -> bool {
        self.choice(id) == alternative
    }

    pub fn ruling(&self, id: &str) -> Option<&Ruling> {
        self.rulings.iter().find(|r| r.id == id)
    }

    /// A value from the ruleset, or `default` when the ruleset does not define it.
    pub fn value(&self, key: &str, default: i64) -> i64 {
        self.values.get(key).copied().unwrap_or(default)
    }

    /// A copy with one ruling changed (for tests and for commands that switch a ruling).
    pub fn with(&self, id: &str, alternative: &str) -> Result<Ruleset, Error> {
        let mut rs = self.clone();
        let Some(r) = rs.rulings.iter_mut().find(|r| r.id == id) else {
            return Err(Error::msg(format!("unknown ruling `{id}`")));
        };
        if !r.alternatives.iter().any(|a| a.id == alternative) {
            return Err(Error::msg(format!(
                "`{alternative}` is not a choice of `{id}`"
            )));
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
            .into())
        }
    }
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

fn key_column(text: &str, line: usize, key: &str) -> Option<usize> {
    let l = text.lines().nth(line.checked_sub(1)?)?;
    let byte = l.find(key)?;
    Some(l[..byte].chars().count() + 1)
}

/// A YAML error as a problem at its line and column, with a suggestion for a misspelt key.
fn yaml_error(src: &Source, e: &serde_saphyr::Error) -> Error {
    let text = e.without_snippet().to_string();
    let first = text.lines().next().unwrap_or("").to_string();
    let first = first.strip_prefix("error: ").unwrap_or(&first);
    // "line 2 column 1: unknown field `x`, expected …" → the part after the position.
    let message = match first.split_once(": ") {
        Some((pos, rest)) if pos.starts_with("line ") => rest.to_string(),
        _ => first.to_string(),
    };
    // The position is shown apart; drop it from the sentence.
    let message = match message.find(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message,
    };
    let message = if message.starts_with("invalid i64") || message.starts_with("invalid u") {
        "expected a whole number".to_string()
    } else {
        message
    };
    let mut p = Problem::new(message.clone());
    if let Some(field) = message
        .strip_prefix("unknown field `")
        .and_then(|r| r.split('`').next())
    {
        p.message = format!("unknown key `{field}`");
        p = p.expected(format!("one of: {}", HOUSE_KEYS.join(", ")));
        if let Some(near) = did_you_mean(field, HOUSE_KEYS) {
            p = p.help(format!("did you mean `{near}`?"));
        }
    }
    match e.location() {
        Some(loc) if loc.line() > 0 => {
            p.at_line_col(src, loc.line() as usize, loc.column().max(1) as usize)
        }
        _ => p.with_source(src.clone()),
    }
    .into()
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn house_file_overrides() {
        let rs = Ruleset::from_house_text(
            "h.yaml",
            "base: kinkado\nrulings:\n  joker-sum: as-chosen\n",
        )
        .unwrap();
        assert_eq!(rs.choice("joker-sum"), "as-chosen");
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
}
