//! `--explain`: the rules and the rulings that decided a verdict.

use serde::Serialize;

use crate::ruleset::{Choice, Ruleset, RulingName};

/// A ruling that bore on a verdict, and the choice in force.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct RulingRef {
    pub id: String,
    pub choice: String,
}

/// One step of the reasoning: the rule applied, in kado's words, and the rulings it used.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Reason {
    pub rule: String,
    pub rulings: Vec<RulingRef>,
}

/// The reasons behind a verdict, in the order they were applied.
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
#[serde(transparent)]
pub struct Explain(pub Vec<Reason>);

impl Explain {
    pub fn new() -> Explain {
        Explain::default()
    }

    /// A rule straight from the rules text.
    pub fn rule(&mut self, rule: impl Into<String>) -> &mut Explain {
        self.0.push(Reason {
            rule: rule.into(),
            rulings: Vec::new(),
        });
        self
    }

    /// A rule that rests on rulings; each is recorded with the choice in force.
    pub fn ruled(
        &mut self,
        rule: impl Into<String>,
        rules: &Ruleset,
        ids: &[impl RulingName],
    ) -> &mut Explain {
        let rulings = ids
            .iter()
            .map(|id| RulingRef {
                id: id.id().to_string(),
                choice: rules.choice_named(id.id()).to_string(),
            })
            .collect();
        self.0.push(Reason {
            rule: rule.into(),
            rulings,
        });
        self
    }

    /// A rule decided by one ruling: its words are made from the choice in force, and
    /// that choice is recorded with it, so the words and the ruling cited cannot part.
    pub fn by<C: Choice, R: Into<String>>(
        &mut self,
        choice: C,
        rule: impl FnOnce(C) -> R,
    ) -> &mut Explain {
        self.0.push(Reason {
            rule: rule(choice).into(),
            rulings: vec![RulingRef {
                id: C::RULING.id().to_string(),
                choice: choice.id().to_string(),
            }],
        });
        self
    }

    /// Keeps the rulings that decided the verdict (`deciding`, as
    /// [`crate::games::deciding_rulings`] finds them) and no other: each reason keeps those
    /// of its rulings, and a deciding ruling no reason names gets a reason of its own, its
    /// question and what its choice in force means.
    pub fn deciding(&mut self, deciding: &[RulingRef], rules: &Ruleset) -> &mut Explain {
        for r in &mut self.0 {
            r.rulings.retain(|x| deciding.contains(x));
        }
        for d in deciding {
            if self.0.iter().any(|r| r.rulings.contains(d)) {
                continue;
            }
            let Some(ruling) = rules.ruling(&d.id) else {
                continue;
            };
            let means = (ruling.alternatives.iter())
                .find(|a| a.id == d.choice)
                .map_or(String::new(), |a| a.means.clone());
            self.0.push(Reason {
                rule: format!(
                    "{} {}.",
                    ruling.question,
                    capitalised(means.trim_end_matches('.'))
                ),
                rulings: vec![d.clone()],
            });
        }
        self
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The ids of the rulings the reasons name, sorted, each once.
    pub fn ruling_ids(&self) -> Vec<String> {
        let mut ids: Vec<String> = (self.0.iter())
            .flat_map(|r| r.rulings.iter().map(|x| x.id.clone()))
            .collect();
        ids.sort();
        ids.dedup();
        ids
    }

    /// The human form: a "Why" list, rulings in brackets.
    pub fn render(&self) -> String {
        let mut out = String::from("Why:\n");
        for r in &self.0 {
            out += &format!("  - {}", r.rule);
            if !r.rulings.is_empty() {
                let ids: Vec<String> = r
                    .rulings
                    .iter()
                    .map(|x| format!("{}: {}", x.id, x.choice))
                    .collect();
                out += &format!(" [ruling {}]", ids.join(", "));
            }
            out.push('\n');
        }
        out
    }
}

/// `text` with its first letter in capitals.
fn capitalised(text: &str) -> String {
    let mut c = text.chars();
    c.next().map_or(String::new(), |f| {
        f.to_uppercase().collect::<String>() + c.as_str()
    })
}

/// The rulings that decided a verdict: each ruling one of whose other choices, alone, gives
/// another verdict (`verdict` under that ruleset; `None` where the input cannot be read or
/// judged under it, itself another verdict): another figure in it (a first illegal line, a
/// score, a stash, a count, an end), its words aside, which name the ruling in force. In the
/// ruleset's order, with the choice in force; found by judging the input again under each
/// other choice.
pub fn deciding_rulings(
    rs: &Ruleset,
    verdict: impl Fn(&Ruleset) -> Option<serde_json::Value>,
) -> Vec<RulingRef> {
    let facts = |rs: &Ruleset| verdict(rs).map(|v| figures(&v));
    let here = facts(rs);
    let mut out = Vec::new();
    for r in &rs.rulings {
        let choice = rs.choice_named(&r.id);
        let decides = (r.alternatives.iter())
            .filter(|a| a.id != choice)
            .filter_map(|a| rs.with_named(&r.id, &a.id).ok())
            .any(|other| facts(&other) != here);
        if decides {
            out.push(RulingRef {
                id: r.id.clone(),
                choice: choice.to_string(),
            });
        }
    }
    out
}

/// A verdict as JSON (`null` where it cannot be written, which no verdict is).
pub fn json<T: Serialize>(v: &T) -> serde_json::Value {
    serde_json::to_value(v).unwrap_or_default()
}

/// A verdict's facts: each value in it, with where it stands; its words with the rulings
/// they cite left out (see [`uncited`]), so that a ruling cited but not deciding does not
/// count as another verdict.
pub fn figures(v: &serde_json::Value) -> Vec<String> {
    fn walk(v: &serde_json::Value, at: &str, out: &mut Vec<String>) {
        use serde_json::Value;
        match v {
            // The reasons given are not the verdict: they cite the ruling in force.
            Value::Object(m) => (m.iter())
                .filter(|(k, _)| *k != "explain")
                .for_each(|(k, x)| walk(x, &format!("{at}/{k}"), out)),
            Value::Array(xs) => {
                (xs.iter().enumerate()).for_each(|(i, x)| walk(x, &format!("{at}/{i}"), out))
            }
            Value::String(t) => out.push(format!("{at}={}", uncited(t))),
            other => out.push(format!("{at}={other}")),
        }
    }
    let mut out = Vec::new();
    walk(v, "", &mut out);
    out
}

/// `text` without the rulings it cites: `(ruling ID…)` in brackets, and `ruling ID`,
/// with `: CHOICE` or `` is `CHOICE` `` after it.
pub fn uncited(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("ruling ") {
        let (before, from) = rest.split_at(at);
        let bracketed = before.ends_with('(');
        out += before.strip_suffix('(').unwrap_or(before);
        let end = if bracketed {
            from.find(')').map_or(from.len(), |e| e + 1)
        } else {
            cited_end(from)
        };
        rest = &from[end..];
    }
    out + rest
}

/// Where `ruling ID[: CHOICE | is `CHOICE`]` at the start of `from` ends.
fn cited_end(from: &str) -> usize {
    let word = |s: &str| {
        s.find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .unwrap_or(s.len())
    };
    let mut end = "ruling ".len();
    end += word(&from[end..]);
    let tail = &from[end..];
    if let Some(choice) = tail.strip_prefix(": ") {
        end += 2 + word(choice);
    } else if let Some(choice) = tail.strip_prefix(" is `") {
        end += 5 + choice.find('`').map_or(choice.len(), |e| e + 1);
    }
    end
}

#[cfg(test)]
mod uncited_tests {
    use super::uncited;

    #[test]
    fn the_rulings_a_text_cites_are_left_out() {
        assert_eq!(uncited("a (ruling own-borders: closed)."), "a .");
        assert_eq!(uncited("ruling steps: diagonals, 2"), ", 2");
        assert_eq!(uncited("neither (ruling steps is `diagonals`)"), "neither ");
        assert_eq!(uncited("kasu 3 (ruling koi-exhausted)."), "kasu 3 .");
        assert_eq!(uncited("by ruling sell-turns is `x` here"), "by  here");
        assert_eq!(uncited("no ruling"), "no ruling");
    }
}
