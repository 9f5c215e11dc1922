//! The campaign: a ledger across Years. Each Year's layout (or the scores) is recorded,
//! the Year's best scorer gets an overall point and chooses who starts the next Year, and
//! the campaign ends when a player reaches the agreed number of points.

use crate::kingmaker::ruling;
use crate::words;
use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::Rules;
use super::error::{CampaignError, YearError};
use super::layout::{self, Layout};
use super::record::{
    Click, Entry, Insert, Lit, Move, PairOf, Reveal, StepKind, check_name, read_step,
};
use super::score;
pub use super::season::Key;
use super::season::{Answer, Next, YearState};
use crate::diag::{Error, Problem, Source};
use crate::explain::Explain;

use crate::ruleset::Ruleset;
use crate::session::{NoHint, Question, Session, Step};
use crate::view::{Choice, Column, Hint};

/// The target of a campaign checked from a record without a `target:` line: none is
/// ever reached, and the standing is the points.
pub const NO_TARGET: u32 = u32::MAX;

/// How a campaign starts.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Setup {
    /// The four players, clockwise.
    pub players: Vec<String>,
    /// Overall points that end the campaign.
    pub target: u32,
    /// Each Year followed season by season (`kado kingmaker play`), rather than its result
    /// typed in (`kado kingmaker campaign`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub seasons: bool,
    /// kado takes itself every step of a Year it already knows (a Harvest place or a
    /// Summer move with one legal answer, a Blink whose both pairs were shown). Campaigns
    /// saved before this was so lack it, and ask as they did.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub known: bool,
}

/// One thing recorded in a campaign: read once from the table's answer (or made by kado)
/// and applied as it is. A save holds a Year's step in the record's notation
/// (`step: bo c2 left RG`), read back when the save is loaded (its saved form, `Saved`).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(into = "Saved", try_from = "Saved")]
pub enum Action {
    /// Who holds the first player token for the coming Year.
    First { player: String },
    /// A Year's finished Commons (canonical layout notation).
    Layout { layout: String },
    /// A Year's scores, player by player (when the layout was not written down).
    Scores { scores: Vec<(String, u64)> },
    /// Winter's draft, in token order (kado's own step).
    Winter { order: Vec<String> },
    /// A Spring choice: `bo c2 left RG`.
    Spring { step: Click },
    /// A Summer reveal and move: `dee BB c2 e c3`.
    Summer { step: Reveal },
    /// A Summer reveal told before the move: `dee BB`.
    Reveal { player: String, pair: PairOf },
    /// A Summer move of a common long-pressed as it goes in, told before its pairs (ruling
    /// dark-commons: lit-when-moved): `dee BB c4 se c1`.
    Moving { step: Reveal },
    /// A Harvest insertion: `dee w c4`.
    Harvest { step: Insert },
    /// A Blink after the final long press: `c1 YY-RR`.
    Blink { step: Lit },
    /// A correction of a step of the Year under way, told wrong: the step with the same
    /// player (or Blink) in its season (the step's kind) is replaced, and the Year is
    /// refereed again.
    Fix { step: Move },
}

/// Actions name no seat by a player's name: a save of any format reads as it is.
impl crate::session::Upgrade<Setup> for Action {}

impl Action {
    /// The action of a Year's step.
    pub fn of_move(m: &Move) -> Action {
        match m.clone() {
            Move::Winter(order) => Action::Winter { order },
            Move::Spring(step) => Action::Spring { step },
            Move::Summer(step) => Action::Summer { step },
            Move::Harvest(step) => Action::Harvest { step },
            Move::Lit(step) => Action::Blink { step },
        }
    }

    /// The Year's step of an action, if it is one.
    pub(super) fn step(&self) -> Option<Move> {
        match self {
            Action::Winter { order } => Some(Move::Winter(order.clone())),
            Action::Spring { step } => Some(Move::Spring(step.clone())),
            Action::Summer { step } => Some(Move::Summer(step.clone())),
            Action::Harvest { step } => Some(Move::Harvest(step.clone())),
            Action::Blink { step } => Some(Move::Lit(step.clone())),
            Action::First { .. }
            | Action::Layout { .. }
            | Action::Scores { .. }
            | Action::Reveal { .. }
            | Action::Moving { .. }
            | Action::Fix { .. } => None,
        }
    }
}

/// An action as a save holds it: a Year's step as its text in the record's notation, and
/// a fix's season as its key (`season: spring`). Saves written before the actions were
/// typed hold the same, so they read as they are.
#[derive(Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case")]
enum Saved {
    First { player: String },
    Layout { layout: String },
    Scores { scores: Vec<(String, u64)> },
    Winter { order: Vec<String> },
    Spring { step: String },
    Summer { step: String },
    Reveal { step: String },
    Moving { step: String },
    Harvest { step: String },
    Blink { step: String },
    Fix { season: String, step: String },
}

impl From<Action> for Saved {
    fn from(a: Action) -> Saved {
        match a {
            Action::First { player } => Saved::First { player },
            Action::Layout { layout } => Saved::Layout { layout },
            Action::Scores { scores } => Saved::Scores { scores },
            Action::Winter { order } => Saved::Winter { order },
            Action::Spring { step } => Saved::Spring {
                step: Move::Spring(step).to_string(),
            },
            Action::Summer { step } => Saved::Summer {
                step: Move::Summer(step).to_string(),
            },
            Action::Reveal { player, pair } => Saved::Reveal {
                step: reveal_text(&player, pair),
            },
            Action::Moving { step } => Saved::Moving {
                step: Move::Summer(step).to_string(),
            },
            Action::Harvest { step } => Saved::Harvest {
                step: Move::Harvest(step).to_string(),
            },
            Action::Blink { step } => Saved::Blink {
                step: Move::Lit(step).to_string(),
            },
            Action::Fix { step } => Saved::Fix {
                season: step.kind().word().to_string(),
                step: step.to_string(),
            },
        }
    }
}

/// A saved step that does not read as one of its season.
#[derive(Debug)]
pub struct UnreadStep {
    season: String,
    step: String,
    why: String,
}

impl fmt::Display for UnreadStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a {} step of a Kingmaker record: {}",
            crate::diag::clip(&self.step),
            self.season,
            self.why
        )
    }
}

impl TryFrom<Saved> for Action {
    type Error = UnreadStep;

    fn try_from(saved: Saved) -> Result<Action, UnreadStep> {
        let read = |kind: StepKind, text: String| {
            read_step(kind, &text).map_err(|e| UnreadStep {
                season: kind.word().to_string(),
                why: e
                    .problems
                    .iter()
                    .map(|p| p.message.clone())
                    .collect::<Vec<_>>()
                    .join("; "),
                step: text,
            })
        };
        Ok(match saved {
            Saved::First { player } => Action::First { player },
            Saved::Layout { layout } => Action::Layout { layout },
            Saved::Scores { scores } => Action::Scores { scores },
            Saved::Winter { order } => Action::Winter { order },
            Saved::Spring { step } => Action::of_move(&read(StepKind::Spring, step)?),
            Saved::Summer { step } => Action::of_move(&read(StepKind::Summer, step)?),
            Saved::Harvest { step } => Action::of_move(&read(StepKind::Harvest, step)?),
            Saved::Blink { step } => Action::of_move(&read(StepKind::Blinks, step)?),
            Saved::Moving { step } => match read(StepKind::Summer, step.clone())? {
                Move::Summer(step) => Action::Moving { step },
                _ => {
                    return Err(UnreadStep {
                        season: StepKind::Summer.word().to_string(),
                        why: "internal: a Summer step read as another".to_string(),
                        step,
                    });
                }
            },
            Saved::Reveal { step } => {
                let (player, pair) = read_reveal(&step).map_err(|why| UnreadStep {
                    season: StepKind::Summer.word().to_string(),
                    why: why.to_string(),
                    step,
                })?;
                Action::Reveal { player, pair }
            }
            Saved::Fix { season, step } => {
                let kind = fixable_word(&season).map_err(|why| UnreadStep {
                    why: why.to_string(),
                    season,
                    step: step.clone(),
                })?;
                Action::Fix {
                    step: read(kind, step)?,
                }
            }
        })
    }
}

/// A Summer reveal as it is told before the move: `dee BB`.
fn reveal_text(player: &str, pair: PairOf) -> String {
    format!("{player} {}", super::record::pair_text(pair))
}

/// Reads a Summer reveal told before the move, `PLAYER PAIR`.
fn read_reveal(step: &str) -> Result<(String, PairOf), CampaignError> {
    let bad = || CampaignError::NotAReveal(step.to_string());
    let (player, pair) = step.trim().split_once(' ').ok_or_else(bad)?;
    let pair = super::record::read_pair(pair).ok_or_else(bad)?;
    Ok((player.to_string(), pair))
}

/// A Year as recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Year {
    pub number: usize,
    /// Who started it (index into the players).
    pub first: Option<usize>,
    /// Each player's score, in seating order.
    pub scores: Vec<u64>,
    pub layout: Option<String>,
    /// The players with the best score.
    pub top: Vec<usize>,
    /// Who got the overall point.
    pub winners: Vec<usize>,
}

/// The campaign as it stands.
#[derive(Clone, Debug)]
pub struct Game {
    pub players: Vec<String>,
    pub target: u32,
    pub rules: Rules,
    pub points: Vec<u32>,
    pub years: Vec<Year>,
    /// Who holds the first player token for the coming Year.
    pub first: Option<usize>,
    /// Each Year followed season by season.
    pub seasons: bool,
    /// The Year being played, season by season.
    pub year: Option<YearState>,
    /// The last Year followed season by season once scored, its Commons as they ended,
    /// drawn until the next Year starts (and at the end of the campaign).
    pub scored: Option<YearState>,
    /// What the record notation says so far, line by line: each step of a season on a
    /// line of its own (`record_text` writes a season's steps on one line).
    pub history: Vec<Entry>,
    /// kado takes itself every step of a Year it already knows.
    pub known: bool,
    /// The Blinks players told `hint` (see [`Hinted`]).
    pub hinted: Hinted,
}

/// The Blinks players told `hint` this session: each their own, which only they know,
/// by Year and seat. A hint is no action, so this is not saved (nor kept by `undo`, which
/// replays the save); it lets the final long press offer the Blink back (`1` takes it)
/// rather than ask for it as if never told.
#[derive(Debug, Default)]
pub struct Hinted(std::sync::Mutex<Vec<(usize, usize, [super::record::PairOf; 2])>>);

impl Clone for Hinted {
    fn clone(&self) -> Hinted {
        Hinted(std::sync::Mutex::new(self.all()))
    }
}

impl Hinted {
    fn all(&self) -> Vec<(usize, usize, [super::record::PairOf; 2])> {
        self.0.lock().map(|v| v.clone()).unwrap_or_default()
    }

    /// Remembers seat `seat`'s Blink in Year `year` (0 the first), the last told winning.
    pub fn tell(&self, year: usize, seat: usize, pairs: [super::record::PairOf; 2]) {
        if let Ok(mut v) = self.0.lock() {
            v.retain(|(y, s, _)| (*y, *s) != (year, seat));
            v.push((year, seat, pairs));
        }
    }

    /// Seat `seat`'s Blink in Year `year`, if its player told it to `hint`.
    pub fn told(&self, year: usize, seat: usize) -> Option<[super::record::PairOf; 2]> {
        let all = self.all();
        all.iter()
            .find(|(y, s, _)| (*y, *s) == (year, seat))
            .map(|(_, _, p)| *p)
    }
}

/// A Year in the ledger, for JSON.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct LedgerYear {
    pub year: usize,
    /// Who held the first player token.
    pub first: Option<String>,
    /// Player → score.
    pub scores: BTreeMap<String, u64>,
    /// The finished Commons, when it was recorded (else the scores were).
    pub layout: Option<String>,
    /// The players with the best score.
    pub top: Vec<String>,
    /// Who got the overall point.
    pub winners: Vec<String>,
}

/// The campaign's ledger, for JSON (`resume --json`, and the end of `campaign --json`).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Ledger {
    pub players: Vec<String>,
    pub target: u32,
    /// Player → overall points.
    pub points: BTreeMap<String, u32>,
    pub years: Vec<LedgerYear>,
    /// Who won the campaign, once it is over.
    pub champions: Option<Vec<String>>,
    /// The question kado asks next, or None when the campaign is over.
    pub next: Option<String>,
}

/// What may be answered for the Year's result.
const YEAR_HINT: &str =
    "The Year's finished Commons in layout notation, each corner named after its player:
  ana:RG-YB RR-GB bo:YY-BG / GG-RY BB-RY / cy:RY-GB YG-RR dee:BB-GY
or each player's score: ana=64 bo=72 cy=48 dee=72";

impl Game {
    fn index(&self, name: &str) -> Option<usize> {
        self.players
            .iter()
            .position(|p| crate::seat::same_name(p, name))
    }

    fn unknown_player(&self, name: &str) -> CampaignError {
        CampaignError::UnknownPlayer {
            name: name.to_string(),
            players: self.players.clone(),
        }
    }

    /// The ledger as it stands.
    pub fn ledger(&self) -> Ledger {
        let name = |i: &usize| self.players[*i].clone();
        Ledger {
            players: self.players.clone(),
            target: self.target,
            points: self
                .players
                .iter()
                .cloned()
                .zip(self.points.iter().copied())
                .collect(),
            years: self
                .years
                .iter()
                .map(|y| LedgerYear {
                    year: y.number,
                    first: y.first.as_ref().map(name),
                    scores: self
                        .players
                        .iter()
                        .cloned()
                        .zip(y.scores.iter().copied())
                        .collect(),
                    layout: y.layout.clone(),
                    top: y.top.iter().map(name).collect(),
                    winners: y.winners.iter().map(name).collect(),
                })
                .collect(),
            champions: self.champions().map(|c| c.iter().map(name).collect()),
            next: match self.next() {
                Step::Ask(q) => Some(q.prompt),
                Step::Auto(_) | Step::Done => None,
            },
        }
    }

    /// The players with the most overall points, and those points.
    pub fn leaders(&self) -> (u32, Vec<usize>) {
        let best = self.points.iter().copied().max().unwrap_or(0);
        let who = (0..self.players.len())
            .filter(|i| self.points[*i] == best)
            .collect();
        (best, who)
    }

    /// The campaign's champions, once it is over.
    pub fn champions(&self) -> Option<Vec<usize>> {
        match self.rules.ruled.campaign_end {
            ruling::CampaignEnd::Open => return None,
            ruling::CampaignEnd::Target => {}
        }
        let (best, who) = self.leaders();
        if best < self.target {
            return None;
        }
        match self.rules.ruled.campaign_tie {
            ruling::CampaignTie::PlayOn if who.len() > 1 => None,
            ruling::CampaignTie::PlayOn | ruling::CampaignTie::Shared => Some(who),
        }
    }

    fn names(&self, list: &[usize]) -> String {
        let n: Vec<&str> = list.iter().map(|i| self.players[*i].as_str()).collect();
        match n.as_slice() {
            [] => "nobody".to_string(),
            [one] => (*one).to_string(),
            [init @ .., last] => format!("{} and {last}", init.join(", ")),
        }
    }

    /// Reads a layout answer: names must be the players', each once.
    fn layout_scores(&self, text: &str) -> Result<(String, Vec<u64>), CampaignError> {
        let src = Source::new("the answer", text);
        let drawn = CampaignError::Layout;
        let (l, spans) = layout::read(&src).map_err(drawn)?;
        crate::diag::Error::check(score::unscorable(&src, &l, &spans, &self.rules))
            .map_err(drawn)?;
        self.scores_of(&l).map(|s| (l.to_string(), s))
    }

    fn scores_of(&self, l: &Layout) -> Result<Vec<u64>, CampaignError> {
        let y = score::score(l, &self.rules);
        let mut scores = vec![None; self.players.len()];
        for p in &y.players {
            let Some(i) = self.index(&p.name) else {
                return Err(CampaignError::StrangeBlink {
                    slot: p.slot.to_string(),
                    owner: p.name.clone(),
                    unknown: Box::new(self.unknown_player(&p.name)),
                    example: format!("{}:{}", self.players[0], l.blink(p.slot).pairs_text()),
                });
            };
            scores[i] = Some(p.score);
        }
        scores
            .into_iter()
            .enumerate()
            .map(|(i, s)| s.ok_or_else(|| CampaignError::NoBlink(self.players[i].clone())))
            .collect()
    }

    /// Reads `ana=64 bo=72 …`: every player once, each score one a triad can make.
    fn read_scores(&self, text: &str) -> Result<Vec<(String, u64)>, CampaignError> {
        let mut out: Vec<(String, u64)> = Vec::new();
        let mut problems = Vec::new();
        let mut flawed: Vec<usize> = Vec::new();
        for tok in text
            .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
            .filter(|t| !t.is_empty())
        {
            let Some((name, n)) = tok.split_once('=') else {
                problems.push(CampaignError::NotNameScore(tok.to_string()));
                continue;
            };
            let Some(i) = self.index(name) else {
                problems.push(self.unknown_player(name));
                continue;
            };
            let score = match n.trim().parse::<u64>() {
                Ok(s) => match score::impossible(s, &self.rules) {
                    None => Some(s),
                    Some(why) => {
                        problems.push(CampaignError::Impossible {
                            name: self.players[i].clone(),
                            score: s,
                            why: why.to_string(),
                        });
                        None
                    }
                },
                Err(_) => {
                    problems.push(CampaignError::NotAScore {
                        name: self.players[i].clone(),
                        text: n.to_string(),
                    });
                    None
                }
            };
            match score {
                None => flawed.push(i),
                Some(s) => {
                    if out.iter().any(|(p, _)| *p == self.players[i]) {
                        problems.push(CampaignError::TwoScores(self.players[i].clone()));
                    } else {
                        out.push((self.players[i].clone(), s));
                    }
                }
            }
        }
        for (i, p) in self.players.iter().enumerate() {
            if !out.iter().any(|(q, _)| q == p) && !flawed.contains(&i) {
                problems.push(CampaignError::Missing(p.clone()));
            }
        }
        if problems.is_empty() {
            Ok(out)
        } else {
            Err(CampaignError::Several(problems))
        }
    }

    fn record(&mut self, scores: Vec<u64>, layout: Option<String>) -> Vec<String> {
        let named: Vec<(String, u64)> = self
            .players
            .iter()
            .cloned()
            .zip(scores.iter().copied())
            .collect();
        let (_, top, winners) = score::year_winners(&named, &self.rules);
        let idx = |names: Vec<String>| -> Vec<usize> {
            names.iter().filter_map(|n| self.index(n)).collect()
        };
        let (top, winners) = (idx(top), idx(winners));
        for w in &winners {
            self.points[*w] += 1;
        }
        let number = self.years.len() + 1;
        let mut order: Vec<usize> = (0..self.players.len()).collect();
        order.sort_by(|a, b| scores[*b].cmp(&scores[*a]));
        let listed: Vec<String> = order
            .iter()
            .map(|i| format!("{} {}", self.players[*i], scores[*i]))
            .collect();
        let mut said = vec![format!("Year {number}: {}.", listed.join(", "))];
        said.push(match (top.len(), winners.is_empty()) {
            (1, _) => format!("{} wins the Year and an overall point.", self.names(&top)),
            (_, false) => format!(
                "{} tie for the Year: each gets an overall point ({cite}).",
                self.names(&top),
                cite = ruling::YearTie::Shared.cite()
            ),
            (_, true) => format!(
                "{} tie for the Year: nobody gets the point ({cite}).",
                self.names(&top),
                cite = ruling::YearTie::Nobody.cite()
            ),
        });
        self.years.push(Year {
            number,
            first: self.first,
            scores,
            layout,
            top,
            winners,
        });
        self.first = None;
        said.push(format!("Points: {}.", self.points_line()));
        if let Some(ch) = self.champions() {
            let (best, _) = self.leaders();
            said.push(if ch.len() == 1 {
                format!(
                    "{} reaches {best} point{} and wins the campaign!",
                    self.names(&ch),
                    words::s(best)
                )
            } else {
                format!(
                    "{} reach {best} points together and share the campaign ({cite}).",
                    self.names(&ch),
                    cite = ruling::CampaignTie::Shared.cite()
                )
            });
        } else if self.leaders().0 >= self.target {
            said.push(format!(
                "{} are level at the target: the campaign goes on until one leads alone ({cite}).",
                self.names(&self.leaders().1),
                cite = ruling::CampaignTie::PlayOn.cite()
            ));
        }
        said
    }

    /// Who holds the first player token for the coming Year; in a campaign followed
    /// season by season, the Year starts.
    fn first_player(&mut self, player: &str) -> Result<Vec<String>, CampaignError> {
        if let Some(y) = &self.year {
            return Err(CampaignError::Year(Box::new(YearError::WrongSeason {
                given: "a new Year".to_string(),
                due: y.due_text(),
            })));
        }
        if self.first.is_some() {
            return Err(CampaignError::FirstKnown);
        }
        let i = self
            .index(player)
            .ok_or_else(|| self.unknown_player(player))?;
        self.first = Some(i);
        let n = self.years.len() + 1;
        let mut said = vec![format!(
            "{} starts Year {n} with the first player token.",
            self.players[i]
        )];
        if self.seasons {
            if self.years.is_empty() {
                let k = self.players.len();
                let seated: Vec<String> =
                    (0..k).map(|j| self.players[(i + j) % k].clone()).collect();
                self.history.push(Entry::Players(seated));
            } else {
                self.history.push(Entry::Next(self.players[i].clone()));
                self.history.push(Entry::Year(None));
            }
            let y = YearState::new(&self.players, i, &self.rules).knowing(self.known);
            said.push(format!("Year {n}: now {}.", y.due_text()));
            self.year = Some(y);
            self.scored = None;
        }
        Ok(said)
    }

    /// A step of the Year being played, checked by the Year's rules; the last Blink told
    /// scores the Year.
    fn season_step(&mut self, action: &Action) -> Result<Vec<String>, CampaignError> {
        let Some(m) = action.step() else {
            return Err(CampaignError::NotAStep);
        };
        if !self.seasons {
            return Err(CampaignError::WrongMode { seasons: false });
        }
        let y = self.year.as_mut().ok_or(CampaignError::FirstNeeded)?;
        let mut said = y.apply(&m).map_err(|e| CampaignError::Year(Box::new(e)))?;
        let layout = y.layout();
        self.history.push(Entry::Moves(vec![m]));
        if let Some(l) = layout {
            let ys = score::score(&l, &self.rules);
            for p in &ys.players {
                let triad: Vec<String> = p.triad.iter().map(|s| l.blink(*s).pairs_text()).collect();
                said.push(format!(
                    "{}'s triad: {} — {}.",
                    p.name,
                    triad.join(" + "),
                    score::formula(&p.counts, p.score, &self.rules)
                ));
            }
            let scores = self.scores_of(&l)?;
            said.extend(self.record(scores, Some(l.to_string())));
            self.scored = self.year.take();
        }
        Ok(said)
    }

    /// A Summer reveal told before the move (`dee BB`).
    fn reveal(&mut self, player: &str, pair: PairOf) -> Result<Vec<String>, CampaignError> {
        let y = self.year.as_mut().ok_or(CampaignError::FirstNeeded)?;
        y.reveal(player, pair)
            .map_err(|e| CampaignError::Year(Box::new(e)))
    }

    /// A Summer move told before the pairs of the common it long-presses.
    fn moving(&mut self, r: &Reveal) -> Result<Vec<String>, CampaignError> {
        let y = self.year.as_mut().ok_or(CampaignError::FirstNeeded)?;
        y.moving(r).map_err(|e| CampaignError::Year(Box::new(e)))
    }

    /// The action of a step kado takes itself, or a move told before its pairs.
    pub(super) fn action_of(&self, m: &Move) -> Action {
        match (m, &self.year) {
            (Move::Summer(r), Some(y)) if y.needs_lit(r) => Action::Moving { step: r.clone() },
            _ => Action::of_move(m),
        }
    }

    /// The steps told of the Year under way, in order, each with the place of its entry
    /// in the history.
    pub(crate) fn year_moves(&self) -> Vec<(usize, Move)> {
        let start = self
            .history
            .iter()
            .rposition(|e| matches!(e, Entry::Players(_) | Entry::Year(_)))
            .map_or(0, |i| i + 1);
        let mut out = Vec::new();
        for (i, e) in self.history.iter().enumerate().skip(start) {
            if let Entry::Moves(told) = e {
                out.extend(told.iter().map(|m| (i, m.clone())));
            }
        }
        out
    }

    /// The Year under way as it stood before its first `n` steps were told: refereed
    /// again from its start.
    pub(crate) fn year_before(&self, n: usize) -> Option<YearState> {
        let y = self.year.as_ref()?;
        let mut again = YearState::new(&y.players, y.first, &self.rules).knowing(self.known);
        for (_, m) in self.year_moves().iter().take(n) {
            again.apply(m).ok()?;
        }
        Some(again)
    }

    /// Replaces a step of the Year under way and referees the Year again from its start;
    /// refused when the corrected Year breaks a rule.
    fn fix(&mut self, fixed: &Move) -> Result<Vec<String>, CampaignError> {
        let key = fixable(fixed.kind())?;
        let y = self.year.as_ref().ok_or(CampaignError::FirstNeeded)?;
        let same = |m: &Move| match (m, fixed) {
            (Move::Lit(a), Move::Lit(b)) => crate::seat::same_name(&a.blink, &b.blink),
            (a, b) => {
                a.kind() == b.kind()
                    && a.player()
                        .zip(b.player())
                        .is_some_and(|(p, q)| crate::seat::same_name(p, q))
            }
        };
        let mut moves = Vec::new();
        let mut at = None;
        for (i, m) in self.year_moves() {
            if at.is_none() && same(&m) {
                at = Some(i);
                moves.push(fixed.clone());
            } else {
                moves.push(m);
            }
        }
        let Some(at) = at else {
            return Err(CampaignError::NothingToFix {
                who: match &fixed {
                    Move::Lit(l) => format!("{}'s Blink", l.blink),
                    m => m.player().unwrap_or_default().to_string(),
                },
                season: key,
            });
        };
        let mut again = YearState::new(&y.players, y.first, &self.rules).knowing(self.known);
        for m in &moves {
            again
                .apply(m)
                .map_err(|e| CampaignError::Fixed(Box::new(e)))?;
        }
        // A pair revealed before the move still stands when the same player is due.
        if (again.phase, again.turn) == (y.phase, y.turn) {
            again.revealed = y.revealed;
            again.moving = y.moving.clone();
        }
        self.history[at] = Entry::Moves(vec![fixed.clone()]);
        self.year = Some(again);
        Ok(vec![format!(
            "Fixed: the {} step is now `{fixed}`.",
            key.word()
        )])
    }

    /// The advice at a question of the Year, from what the player due can see and, when
    /// given, their own Blink; why there is none, else.
    fn advice(
        &self,
        question: &Question<Key>,
        own: Option<[super::record::PairOf; 2]>,
    ) -> Result<Hint, NoHint> {
        let y = self.year.as_ref().ok_or(NoHint::NotAChoice)?;
        match question.key {
            Key::Summer => return Ok(reveal_advice(own)),
            Key::Move | Key::Harvest => {}
            _ => return Err(NoHint::NotAChoice),
        }
        // A pair revealed before the move is seen by all, as a reveal in the Commons.
        let mut seen = y.clone();
        if let (Some(p), Some(me)) = (seen.revealed.take(), seen.due()) {
            seen.reveals[me] = Some(p);
        }
        let seed = (self.years.len() * 16 + y.placed.len()) as u64;
        super::advise::advise(
            &seen,
            own,
            super::advise::HINT_SAMPLES,
            seed,
            &mut |_, _| {},
        )
        .map(|a| a.hint())
        .map_err(|e| NoHint::Advisor(crate::diag::Error::of(&e)))
    }

    /// The campaign so far in the Year record notation (for a campaign followed season by
    /// season).
    pub fn record_text(&self) -> Option<String> {
        if !self.seasons {
            return None;
        }
        let mut out = String::new();
        match self.rules.ruled.campaign_end {
            ruling::CampaignEnd::Target => out += &format!("target: {}\n", self.target),
            ruling::CampaignEnd::Open => {}
        }
        // A season's steps on one line (Winter's order is one step already).
        let mut lines: Vec<Entry> = Vec::new();
        for e in &self.history {
            match (lines.last_mut(), e) {
                (Some(Entry::Moves(line)), Entry::Moves(told))
                    if joins(line.first(), told.first()) =>
                {
                    line.extend(told.iter().cloned());
                }
                _ => lines.push(e.clone()),
            }
        }
        for e in &lines {
            out += &format!("{e}\n");
        }
        Some(out)
    }

    fn points_line(&self) -> String {
        self.players
            .iter()
            .zip(&self.points)
            .map(|(p, n)| format!("{p} {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl Setup {
    /// A campaign's players (`--players`, clockwise), target (`--target`) and first
    /// player (`--first`), as typed: every problem at once, each at its argument.
    pub fn read(
        players: &[String],
        target: &str,
        first: Option<&str>,
    ) -> Result<(Setup, Option<String>), Error> {
        let mut problems = Vec::new();
        let players: Vec<String> = players.iter().map(|p| p.trim().to_string()).collect();
        let list = players.join(",");
        let src = Source::new("--players", list.clone());
        if players.len() != 4 {
            problems.push(
                crate::diag::Coded::to_problem(&CampaignError::PlayerCount(players.len()))
                    .at(&src, 0..list.len())
                    .expected("four names, clockwise, separated by commas: ana,bo,cy,dee"),
            );
        }
        let spans: Vec<std::ops::Range<usize>> = (players.iter())
            .scan(0, |at, p| {
                let span = *at..*at + p.len();
                *at += p.len() + 1;
                Some(span)
            })
            .collect();
        for (i, p) in players.iter().enumerate() {
            if let Err(why) = check_name(p) {
                problems.push(crate::diag::Coded::to_problem(&why).at(&src, spans[i].clone()));
            } else if let Some(first) = crate::seat::position(&players[..i], p) {
                let twice = crate::seat::NameTwice { first, second: i };
                problems.push(twice.problem(&players, &src, &spans));
            }
        }
        let target_n = match target.trim().parse::<u32>() {
            Ok(n) if n >= 1 => Some(n),
            _ => {
                problems.push(
                    Problem::new(format!("`{target}` is not a number of points"))
                        .at(&Source::new("--target", target), 0..target.len())
                        .expected("a whole number of overall points, 1 or more"),
                );
                None
            }
        };
        let first = match first {
            Some(f) => match players.iter().find(|p| crate::seat::same_name(p, f)) {
                Some(p) => Some(p.clone()),
                None => {
                    let mut pr = Problem::new(format!("`{f}` is not one of the players"))
                        .at(&Source::new("--first", f), 0..f.len())
                        .expected(format!("one of: {}", players.join(", ")));
                    if let Some(near) =
                        crate::diag::did_you_mean(f, players.iter().map(String::as_str))
                    {
                        pr = pr.help(format!("did you mean `{near}`?"));
                    }
                    problems.push(pr);
                    None
                }
            },
            None => None,
        };
        Error::check(problems)?;
        let setup = Setup {
            players,
            target: target_n.unwrap_or(3),
            seasons: false,
            known: false,
        };
        Ok((setup, first))
    }
}

/// The advice at the Summer reveal: either pair, as it changes no score; with the
/// player's own Blink, its two pairs as they are typed.
fn reveal_advice(own: Option<[super::record::PairOf; 2]>) -> Hint {
    use super::record::pair_text;
    let either = match own {
        Some([l, r]) => format!("`{}` or `{}`", pair_text(l), pair_text(r)),
        None => "either pair of your Blink, e.g. `RY`".to_string(),
    };
    let mut h = Hint::new("Answer", vec![Column::new("What it does", 1)]);
    h.headline = Some(format!(
        "Reveal {either}: the pair revealed changes no score. Then `hint` at the next question ranks the commons to move (`hint LEFT-RIGHT`, your own Blink, e.g. `hint RG-YB`, reckons with what only you know)."
    ));
    for pair in own.into_iter().flatten() {
        h.row(
            Choice::typed(pair_text(pair)),
            vec!["reveals it; changes no score".to_string()],
        );
    }
    h
}

/// Whether a step told goes on the line of the one before it: both of the same season
/// (Winter's order is one step, on a line of its own).
fn joins(last: Option<&Move>, next: Option<&Move>) -> bool {
    match (last.map(Move::kind), next.map(Move::kind)) {
        (Some(a), Some(b)) if a == b => match a {
            StepKind::Spring | StepKind::Summer | StepKind::Harvest | StepKind::Blinks => true,
            StepKind::Winter => false,
        },
        _ => false,
    }
}

/// The kind of step `fix` may correct: a step the table told.
fn fixable(kind: StepKind) -> Result<StepKind, CampaignError> {
    match kind {
        StepKind::Spring | StepKind::Summer | StepKind::Harvest | StepKind::Blinks => Ok(kind),
        StepKind::Winter => Err(CampaignError::FixHow),
    }
}

/// The kind of step `fix` may correct, from its word.
fn fixable_word(word: &str) -> Result<StepKind, CampaignError> {
    StepKind::from_word(&word.to_lowercase()).map_or(Err(CampaignError::FixHow), fixable)
}

/// Reads `SEASON STEP` after `fix`: a step of the Year under way, told again.
fn read_fix(text: &str) -> Result<Action, CampaignError> {
    let (key, step) = text.trim().split_once(' ').unwrap_or((text.trim(), ""));
    let kind = fixable_word(key)?;
    let step = read_step(kind, step.trim()).map_err(CampaignError::Step)?;
    Ok(Action::Fix { step })
}

mod explain;
mod session;

#[cfg(test)]
mod tests;
