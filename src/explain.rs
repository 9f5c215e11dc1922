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
                rule: format!("{} {}", ruling.question, capitalised(&means)),
                rulings: vec![d.clone()],
            });
        }
        self
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
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
