//! The verdicts of `kado rules list` and `kado rules check` as values, in the shape
//! their JSON takes: every built-in ruleset, and what a house-rules file changes.

use serde::Serialize;

use super::{Ruleset, builtin_names};
use crate::diag::Error;

/// A built-in ruleset as `rules list` names it.
#[derive(Clone, Debug, Serialize)]
pub struct ListEntry {
    pub name: String,
    pub game: String,
    pub title: String,
    pub summary: String,
    /// The ruleset it is derived from, if any.
    pub base: Option<String>,
}

/// `rules list`: every built-in ruleset.
#[derive(Clone, Debug, Serialize)]
pub struct Listing {
    pub rulesets: Vec<ListEntry>,
}

/// Every built-in ruleset, in order.
pub fn list() -> Result<Listing, Error> {
    let mut rulesets = Vec::new();
    for name in builtin_names() {
        let rs = Ruleset::builtin(name)?;
        let base = (rs.lineage.len() > 1).then(|| rs.lineage[rs.lineage.len() - 2].clone());
        rulesets.push(ListEntry {
            name: rs.name,
            game: rs.game,
            title: rs.title,
            summary: rs.summary,
            base,
        });
    }
    Ok(Listing { rulesets })
}

/// A ruling or a value a house-rules file changes.
#[derive(Clone, Debug, Serialize)]
pub struct Change {
    /// "ruling" or "value".
    pub kind: &'static str,
    pub id: String,
    pub from: String,
    pub to: String,
}

/// `rules check`: a valid house-rules file and what it changes from its base.
#[derive(Clone, Debug, Serialize)]
pub struct HouseCheck {
    pub valid: bool,
    pub name: String,
    pub game: String,
    pub base: String,
    pub changes: Vec<Change>,
    /// The game's name for people.
    #[serde(skip)]
    pub title: String,
}

/// Reads the house-rules file `file` (its `text`) and what it changes from the built-in
/// ruleset it rests on.
pub fn check_house(file: &str, text: &str) -> Result<HouseCheck, Error> {
    let rs = Ruleset::from_house_text(file, text)?;
    let root = rs.lineage.first().cloned().unwrap_or_default();
    let base = Ruleset::builtin(&root)?;
    let mut changes = Vec::new();
    for r in &rs.rulings {
        let was = base.choice_named(&r.id);
        if was != r.choice {
            changes.push(Change {
                kind: "ruling",
                id: r.id.clone(),
                from: was.to_string(),
                to: r.choice.clone(),
            });
        }
    }
    for (k, v) in &rs.values {
        let was = base.values.get(k).copied().unwrap_or_default();
        if was != *v {
            changes.push(Change {
                kind: "value",
                id: k.clone(),
                from: was.to_string(),
                to: v.to_string(),
            });
        }
    }
    Ok(HouseCheck {
        valid: true,
        name: rs.name,
        game: rs.game,
        base: root,
        changes,
        title: rs.title,
    })
}
