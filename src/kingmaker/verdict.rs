//! The verdicts of Kingmaker's one-shot commands as values, in the shape their JSON
//! takes: a Year scored (`score`), the Commons drawn (`show`), a build checked and a Year
//! record refereed (`check`). Each is built here from the rules' own verdict; the CLI
//! only draws it.

use std::collections::BTreeMap;

use serde::Serialize;

use super::build::BuildVerdict;
use super::check::RecordVerdict;
use super::layout::{Layout, Slot};
use super::picture;
use super::score::YearScore;
use crate::render::Style;

/// A Blink of a player's triad.
#[derive(Clone, Debug, Serialize)]
pub struct TriadBlink {
    pub slot: Slot,
    pub blink: String,
}

/// One player's triad, its colours and its score.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerScore {
    pub name: String,
    pub slot: Slot,
    pub triad: Vec<TriadBlink>,
    pub counts: BTreeMap<char, u32>,
    pub score: u64,
}

/// `score`: each player's triad and score, the best and who gets the overall point.
#[derive(Clone, Debug, Serialize)]
pub struct ScoreReport {
    pub players: Vec<PlayerScore>,
    pub best: u64,
    pub top: Vec<String>,
    pub winners: Vec<String>,
    pub layout: String,
}

impl ScoreReport {
    /// The Year `y` scored on layout `l`.
    pub fn new(l: &Layout, y: &YearScore) -> ScoreReport {
        ScoreReport {
            players: y
                .players
                .iter()
                .map(|p| PlayerScore {
                    name: p.name.clone(),
                    slot: p.slot,
                    triad: p
                        .triad
                        .iter()
                        .map(|slot| TriadBlink {
                            slot: *slot,
                            blink: l.blink(*slot).pairs_text(),
                        })
                        .collect(),
                    counts: p.counts_map(),
                    score: p.score,
                })
                .collect(),
            best: y.best,
            top: y.top.clone(),
            winners: y.winners.clone(),
            layout: l.to_string(),
        }
    }
}

/// A Blink of the Commons as `show` lists it.
#[derive(Clone, Debug, Serialize)]
pub struct BlinkShown {
    pub slot: Slot,
    pub name: Option<String>,
    pub left: String,
    pub right: String,
    pub common: bool,
}

/// A player's triad, by slots.
#[derive(Clone, Debug, Serialize)]
pub struct TriadSlots {
    pub name: String,
    pub slot: Slot,
    pub triad: [Slot; 3],
}

/// `show`: the Commons, its Blinks, the triads, the scores when they can be given, and
/// the picture.
#[derive(Clone, Debug, Serialize)]
pub struct ShowReport {
    pub layout: String,
    pub blinks: Vec<BlinkShown>,
    pub triads: Vec<TriadSlots>,
    pub scores: Option<BTreeMap<String, u64>>,
    pub picture: String,
}

impl ShowReport {
    /// Layout `l` and its Year `y`; the scores only when `scorable`.
    pub fn new(l: &Layout, y: &YearScore, scorable: bool) -> ShowReport {
        ShowReport {
            layout: l.to_string(),
            blinks: Slot::ALL
                .iter()
                .map(|slot| {
                    let b = l.blink(*slot);
                    let pairs = b.pairs_text();
                    let (left, right) = pairs.split_once('-').unwrap_or(("..", ".."));
                    BlinkShown {
                        slot: *slot,
                        name: slot.is_corner().then(|| l.player(*slot)),
                        left: left.to_string(),
                        right: right.to_string(),
                        common: !slot.is_corner(),
                    }
                })
                .collect(),
            triads: y
                .players
                .iter()
                .map(|p| TriadSlots {
                    name: p.name.clone(),
                    slot: p.slot,
                    triad: p.triad,
                })
                .collect(),
            scores: scorable.then(|| {
                y.players
                    .iter()
                    .map(|p| (p.name.clone(), p.score))
                    .collect()
            }),
            picture: picture::draw(l, Style::PLAIN),
        }
    }
}

/// Where a placement was made: on a side of an earlier Blink.
#[derive(Clone, Debug, Serialize)]
pub struct Placed {
    pub side: String,
    pub of: String,
}

/// One placement of a build, checked.
#[derive(Clone, Debug, Serialize)]
pub struct BuildStep {
    pub step: usize,
    pub blink: String,
    pub role: &'static str,
    pub at: [i32; 2],
    pub placed: Option<Placed>,
    pub touches: Vec<String>,
    pub legal: bool,
    pub rule: Option<&'static str>,
    pub why: Option<String>,
}

/// `check BUILD`: every placement checked, whether the build is legal and complete, what
/// comes next, and where each Blink sits in a finished build.
#[derive(Clone, Debug, Serialize)]
pub struct BuildReport {
    pub steps: Vec<BuildStep>,
    pub legal: bool,
    pub complete: bool,
    pub next: Option<String>,
    pub slots: Option<BTreeMap<Slot, String>>,
}

/// A step's role in words: a common or a player's Blink.
pub fn role(common: bool) -> &'static str {
    if common { "common" } else { "player" }
}

impl BuildReport {
    pub fn new(v: &BuildVerdict) -> BuildReport {
        BuildReport {
            steps: v
                .steps
                .iter()
                .map(|st| BuildStep {
                    step: st.step,
                    blink: st.name.clone(),
                    role: role(st.common),
                    at: [st.at.0, st.at.1],
                    placed: st.against.as_ref().map(|(d, o)| Placed {
                        side: d.code().to_string(),
                        of: o.clone(),
                    }),
                    touches: st.touches.clone(),
                    legal: st.broken.is_none(),
                    rule: st.broken.as_ref().map(|(r, _)| r.id()),
                    why: st.broken.as_ref().map(|(_, w)| w.clone()),
                })
                .collect(),
            legal: v.legal,
            complete: v.complete,
            next: v.next.clone(),
            slots: v
                .slots
                .as_ref()
                .map(|sl| sl.iter().map(|(s, n)| (*s, n.clone())).collect()),
        }
    }
}

/// A Year of a refereed record.
#[derive(Clone, Debug, Serialize)]
pub struct RecordYear {
    pub scores: BTreeMap<String, u64>,
    pub winners: Vec<String>,
    pub layout: Option<String>,
}

/// The first step of a record the rules refuse.
#[derive(Clone, Debug, Serialize)]
pub struct RecordIllegal {
    pub line: usize,
    pub player: Option<String>,
    /// The kind of refusal, as JSON errors name it.
    pub code: crate::diag::Code,
    pub reason: String,
}

/// `check RECORD`: each Year's scores and winners, the points, the first illegal step.
#[derive(Clone, Debug, Serialize)]
pub struct RecordReport {
    pub years: Vec<RecordYear>,
    pub points: BTreeMap<String, u32>,
    pub illegal: Option<RecordIllegal>,
    /// Who won the campaign, once it is over (`null` while it goes on, or where a line is
    /// illegal).
    pub champions: Option<Vec<String>>,
    /// What comes next in a campaign still going, by the rules (`null` once over).
    pub next: Option<String>,
}

impl RecordReport {
    pub fn new(v: &RecordVerdict) -> RecordReport {
        let ledger = v.campaign.ledger();
        RecordReport {
            years: ledger
                .years
                .iter()
                .map(|y| RecordYear {
                    scores: y.scores.clone(),
                    winners: y.winners.clone(),
                    layout: y.layout.clone(),
                })
                .collect(),
            points: ledger.points.clone(),
            illegal: v.illegal.as_ref().map(|i| RecordIllegal {
                line: i.line,
                player: i.player.clone(),
                code: i.code,
                reason: i.reason.clone(),
            }),
            champions: (v.illegal.is_none())
                .then(|| v.campaign.champions())
                .flatten()
                .map(|ch| ch.iter().map(|i| v.campaign.players[*i].clone()).collect()),
            next: v.next(),
        }
    }
}
