//! Checking a Year record: its steps folded, one at a time, through the same campaign
//! that `kado kingmaker play` runs, so a record and a live game are refereed alike. The
//! first step the rules refuse is the verdict, with its line, its player and why.

use super::error::CampaignError;
use super::game::{Action, Game, NO_TARGET, Setup};
use super::record::{self, Entry, Line};
use crate::diag::{Error, Problem, Source};
use crate::kingmaker::ruling;
use crate::ruleset::Ruleset;
use crate::session::{Session, Step};

/// The first step of a record that the rules refuse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Illegal {
    pub line: usize,
    /// The player who took the step, when a player did.
    pub player: Option<String>,
    /// The rule's id.
    pub rule: &'static str,
    /// The kind of refusal, as JSON errors name it.
    pub code: crate::diag::Code,
    /// The rule, what was done, and what would have been legal.
    pub reason: String,
}

/// The verdict on a record.
#[derive(Clone, Debug)]
pub struct RecordVerdict {
    /// The campaign as the record leaves it (up to the illegal step, if any).
    pub campaign: Game,
    /// The target written in the record (`target: N`), if any.
    pub target: Option<u32>,
    pub illegal: Option<Illegal>,
}

impl RecordVerdict {
    /// What comes next, in words; none when the campaign is over.
    pub fn next(&self) -> Option<String> {
        if self.illegal.is_some() {
            return None;
        }
        match self.campaign.next() {
            Step::Ask(q) => Some(q.prompt),
            Step::Auto(Action::Winter { .. }) => self.campaign.year.as_ref().map(|y| y.due_text()),
            Step::Auto(Action::First { player }) => {
                Some(format!("{player} starts the next Year (the token passes)"))
            }
            Step::Auto(_) | Step::Done => None,
        }
    }
}

/// Reads a record and referees it step by step.
pub fn check(src: &Source, rs: &Ruleset) -> Result<RecordVerdict, Error> {
    let record = record::parse(src)?;
    let rules = super::Rules::from_ruleset(rs);
    let mut target = None;
    let mut lines = record.lines.iter().peekable();
    while let Some(Line {
        entry: Entry::Target(n),
        line,
    }) = lines.peek()
    {
        match rules.ruled.campaign_end {
            ruling::CampaignEnd::Open => {
                return Err(Problem::new(format!(
                    "a campaign without a target ({cite}) has no `target:` line",
                    cite = ruling::CampaignEnd::Open.cite()
                ))
                .at_line_col(src, *line, 1)
                .help("leave the line out, or play to a target with the ruling's default")
                .into());
            }
            ruling::CampaignEnd::Target => {}
        }
        target = Some(*n);
        lines.next();
    }
    let Some(Line {
        entry: Entry::Players(players),
        line: first_line,
    }) = lines.next()
    else {
        let line = record.lines.first().map_or(1, |l| l.line);
        return Err(Problem::new("a Year record starts with its players")
            .at_line_col(src, line, 1)
            .expected("`players: ana bo cy dee` (clockwise, the first holding the first player token), after an optional `target: N`")
            .into());
    };
    let setup = Setup {
        players: players.clone(),
        target: target.unwrap_or(NO_TARGET),
        seasons: true,
        known: false,
    };
    let mut campaign = Game::start(&setup, rs).map_err(|e| Error::of(&e))?;
    let verdict = |campaign: Game, illegal| {
        Ok(RecordVerdict {
            campaign,
            target,
            illegal,
        })
    };
    let first = Action::First {
        player: players[0].clone(),
    };
    if let Err(i) = feed(&mut campaign, &first, *first_line, None) {
        return verdict(campaign, Some(i));
    }
    for l in lines {
        if let Err(i) = fold_line(&mut campaign, l, src) {
            return verdict(campaign, Some(i?));
        }
    }
    verdict(campaign, None)
}

/// Applies one line; an illegal step stops the fold (`Err(Ok(..))`), a line out of place
/// in the notation is a problem (`Err(Err(..))`).
fn fold_line(c: &mut Game, l: &Line, src: &Source) -> Result<(), Result<Illegal, Error>> {
    let line = l.line;
    match &l.entry {
        Entry::Target(_) => Err(Err(Problem::new(
            "`target:` comes before the first `players:` line",
        )
        .at_line_col(src, line, 1)
        .into())),
        Entry::Players(p) => {
            if !same_circle(&c.players, p) {
                return Err(Ok(Illegal {
                    line,
                    player: None,
                    rule: "players",
                    code: crate::diag::Code::Impossible,
                    reason: format!(
                        "the players of a campaign stay the same and sit alike: {}",
                        c.players.join(" ")
                    ),
                }));
            }
            start_year(c, line, Some(&p[0]))
        }
        Entry::Year(name) => start_year(c, line, name.as_deref()),
        Entry::Next(name) => feed(
            c,
            &Action::First {
                player: name.clone(),
            },
            line,
            None,
        )
        .map_err(Ok),
        Entry::Moves(moves) => {
            for m in moves {
                feed(c, &Action::of_move(m), line, m.player()).map_err(Ok)?;
            }
            Ok(())
        }
    }
}

/// A `players:` or `year` line: a new Year, started by `name` when given.
fn start_year(c: &mut Game, line: usize, name: Option<&str>) -> Result<(), Result<Illegal, Error>> {
    let n = c.years.len() + 1;
    let illegal = |e: CampaignError| {
        Err(Ok(Illegal {
            line,
            player: None,
            rule: rule_of(&e),
            code: crate::diag::Coded::code(&e),
            reason: e.to_string(),
        }))
    };
    if matches!(c.next(), Step::Done) {
        return illegal(CampaignError::Over);
    }
    if let Some(y) = c.year.as_ref().filter(|y| !y.is_fresh()) {
        return illegal(CampaignError::Year(Box::new(
            super::error::YearError::WrongSeason {
                given: "a new Year".to_string(),
                due: y.due_text(),
            },
        )));
    }
    match (c.first, name) {
        (Some(f), Some(name)) if !crate::seat::same_name(&c.players[f], name) => {
            illegal(CampaignError::NextNamed {
                first: c.players[f].clone(),
                year: n,
                named: name.to_string(),
            })
        }
        (Some(_), _) => Ok(()),
        (None, Some(name)) => feed(
            c,
            &Action::First {
                player: name.to_string(),
            },
            line,
            None,
        )
        .map_err(Ok),
        (None, None) => match c.next() {
            Step::Auto(a @ Action::First { .. }) => feed(c, &a, line, None).map_err(Ok),
            _ => illegal(CampaignError::FirstUnsaid(n)),
        },
    }
}

/// Whether `b` names the players of `a` in the same clockwise order (from anyone).
fn same_circle(a: &[String], b: &[String]) -> bool {
    let k = a.len();
    k == b.len() && (0..k).any(|s| (0..k).all(|j| crate::seat::same_name(&a[(s + j) % k], &b[j])))
}

/// Applies an action of the record, taking first any step kado takes itself (Winter's
/// draft when the record has no `winter:` line).
fn feed(c: &mut Game, action: &Action, line: usize, player: Option<&str>) -> Result<(), Illegal> {
    let illegal = |e: CampaignError| Illegal {
        line,
        player: player.map(str::to_string).or_else(|| match &e {
            CampaignError::Year(y) => y.player().map(str::to_string),
            _ => None,
        }),
        rule: rule_of(&e),
        code: crate::diag::Coded::code(&e),
        reason: e.to_string(),
    };
    for _ in 0..4 {
        match c.next() {
            Step::Auto(a) if std::mem::discriminant(&a) == std::mem::discriminant(action) => {
                if a != *action {
                    return Err(auto_refused(&a, action, line, player));
                }
                break;
            }
            Step::Auto(a) => {
                c.apply(&a).map_err(illegal)?;
            }
            _ => break,
        }
    }
    c.apply(action).map(|_| ()).map_err(illegal)
}

/// The verdict on a step the record gives where kado takes another by the rules.
fn auto_refused(auto: &Action, given: &Action, line: usize, player: Option<&str>) -> Illegal {
    let reason = match (auto, given) {
        (Action::First { player: due }, Action::First { player: named }) => format!(
            "the first player token passes clockwise to {due} after a tied Year ({cite}), not to {named}",
            cite = ruling::NextFirst::TokenPasses.cite()
        ),
        (Action::Winter { order }, Action::Winter { order: given }) => {
            super::error::YearError::WinterOrder {
                given: given.clone(),
                order: order.clone(),
            }
            .to_string()
        }
        _ => "kado takes another step here".to_string(),
    };
    Illegal {
        line,
        player: player.map(str::to_string),
        rule: "token-order",
        code: crate::diag::Code::IllegalMove,
        reason,
    }
}

fn rule_of(e: &CampaignError) -> &'static str {
    match e {
        CampaignError::Year(y) => y.rule(),
        CampaignError::Over => "campaign-over",
        CampaignError::FirstUnsaid(_) | CampaignError::FirstKnown => ruling::Id::NextFirst.id(),
        _ => "players",
    }
}

#[cfg(test)]
mod tests;
