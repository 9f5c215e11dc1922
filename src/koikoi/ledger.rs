//! A game's score, kept the way Board Game Arena keeps it: both players start with the
//! same points; a round's points move from its loser to its winner; a player left with 0
//! loses at once; the game ends after its rounds (value `rounds`: 6 by default, as many as
//! the ruleset's range allows).

use crate::koikoi::ruling;
use serde::{Deserialize, Serialize};

use super::error::LedgerError;
use super::{Draw, MAX_ROUND_POINTS, NextDealer, Rules};
use crate::diag::{Error, Problem, Source};
use crate::explain::Explain;

use crate::ruleset::Ruleset;
use crate::session::{Question, Session, Step};

/// Every number of points a round can be worth under the rules: a dealt hand's value, or
/// a base some yaku make (1 up to the most the whole deck makes) under every multiplier
/// the rules allow. Points outside it were mis-added or mistyped.
pub fn possible_points(rules: &Rules) -> std::collections::BTreeSet<i64> {
    use super::cards::Card;
    use super::yaku::{Round, score};
    use super::{Multiplier, Viewing};
    let deck = Card::deck();
    let no_willow: Vec<Card> = deck.iter().copied().filter(|c| c.month != 11).collect();
    let mut max_base = 0;
    for pile in [&deck, &no_willow] {
        for koi_calls in [0, 1] {
            let round = Round {
                month: Some(1),
                koi_calls,
                ..Round::default()
            };
            max_base = max_base.max(score(pile, &round, rules).base);
        }
    }
    match rules.ruled.viewing_yaku {
        Viewing::RaisedByKoi => {
            max_base = max_base.saturating_add(2 * rules.values.viewing_after_koi);
        }
        Viewing::Enabled | Viewing::RainRuins | Viewing::WithAnotherYaku | Viewing::Disabled => {}
    }
    // A player calls koi-koi at most once a turn, and has 8 turns.
    let calls: Vec<i64> = (0..=8).collect();
    let mut out = std::collections::BTreeSet::new();
    out.insert(rules.values.teshi);
    out.insert(rules.values.kuttsuki);
    for base in 1..=max_base.min(10_000) {
        let at = rules.values.double_at;
        let double = if at > 0 && base >= at { 2 } else { 1 };
        let b = base * double;
        match rules.ruled.multiplier {
            Multiplier::HardKoi => {
                out.extend([b, b * 2]);
            }
            Multiplier::SoftKoi => out.extend(calls.iter().map(|c| b * (1 + c))),
            Multiplier::None => {
                out.insert(b);
            }
            Multiplier::FieldBrights => out.extend((1..=5).map(|n| b * n)),
            Multiplier::KoiBonus => out.extend(calls.iter().map(|c| {
                if *c >= rules.values.koi_bonus_multiply_from {
                    b * (c - 2)
                } else {
                    b + c * rules.values.koi_bonus
                }
            })),
        }
    }
    out
}

/// How a game starts.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Setup {
    /// The two players, in seat order.
    pub players: Vec<String>,
    pub rounds: u32,
    /// The first round's dealer (an index into `players`).
    pub dealer: usize,
}

impl Setup {
    /// A game's players (`--players A,B`), length (`--rounds`, else the ruleset's) and
    /// first dealer (`--dealer`), as typed: every problem at once, each at its argument.
    pub fn read(
        players: &str,
        rounds: Option<&str>,
        dealer: Option<&str>,
        rules: &Rules,
    ) -> Result<Setup, Error> {
        let mut problems = Vec::new();
        let psrc = Source::new("--players", players);
        let names: Vec<String> = players.split(',').map(|p| p.trim().to_string()).collect();
        let name_ok = |n: &str| {
            !n.is_empty()
                && n.chars()
                    .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
                && !n.eq_ignore_ascii_case("draw")
        };
        if names.len() != 2 {
            problems.push(
                Problem::new(format!("Koi-Koi has two players, not {}", names.len()))
                    .at(&psrc, 0..players.len())
                    .expected("two names separated by a comma, e.g. ana,ben"),
            );
        } else if let Some(why) = names.iter().find_map(|n| crate::notation::name_too_long(n)) {
            problems.push(
                Problem::new(why.to_string())
                    .code(crate::diag::Code::BadName)
                    .at(&psrc, 0..players.len()),
            );
        } else if let Some(bad) = names.iter().find(|n| !name_ok(n)) {
            problems.push(
                Problem::new(format!("`{bad}` is not a player name"))
                    .at(&psrc, 0..players.len())
                    .expected("letters, digits, - or _ (and not `draw`)"),
            );
        } else {
            let (listed, spans) = crate::seat::split_names(players);
            if let Err(p) = crate::seat::distinct_at(&listed, &psrc, &spans) {
                problems.push(*p);
            }
        }
        let default_rounds = u32::try_from(rules.values.rounds).unwrap_or(6);
        let rounds = match rounds {
            None => default_rounds,
            Some(r) => match r.trim().parse::<u32>() {
                Ok(n) if rules.values.rounds_range.contains(i64::from(n)) => n,
                _ => {
                    problems.push(
                        Problem::new(format!("`{r}` is not a game length"))
                            .at(&Source::new("--rounds", r), 0..r.len())
                            .expected(format!("{} rounds", rules.values.rounds_range)),
                    );
                    default_rounds
                }
            },
        };
        let mut first = 0;
        if let Some(d) = dealer {
            match crate::seat::position(&names, d) {
                Some(i) => first = i,
                None => problems.push(
                    Problem::new(format!("`{d}` is not a player"))
                        .at(&Source::new("--dealer", d), 0..d.len())
                        .expected(format!("one of: {}", names.join(", "))),
                ),
            }
        }
        Error::check(problems)?;
        Ok(Setup {
            players: names,
            rounds,
            dealer: first,
        })
    }
}

/// What the table says about a round.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(tag = "result", rename_all = "lowercase")]
pub enum Action {
    /// A player won the round, worth `points` (after multipliers, or a dealt hand's value).
    Win { winner: usize, points: i64 },
    /// Nobody made a yaku.
    Draw,
}

/// A save before format 3 named a round's winner by name.
impl crate::session::Upgrade<Setup> for Action {
    fn seats_by_index(
        setup: &Setup,
        action: &mut serde_json::Value,
    ) -> Result<(), crate::session::NoSeat> {
        crate::session::index_at(action, "winner", |name| {
            crate::session::seat_of(&setup.players, false, name)
        })
    }
}

/// One round as played.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct RoundRecord {
    pub round: u32,
    pub dealer: String,
    /// The winner; `None` for a draw in which nobody scored.
    pub winner: Option<String>,
    /// The points the round was worth.
    pub points: i64,
    /// The points that moved from loser to winner.
    pub moved: i64,
    pub scores: Vec<i64>,
}

/// The state of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ledger {
    pub setup: Setup,
    pub rules: Rules,
    pub scores: [i64; 2],
    pub dealer: usize,
    pub history: Vec<RoundRecord>,
    /// Why the game ended, once it has.
    pub over: Option<String>,
}

/// The game's result, for `--json`.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Summary {
    pub players: Vec<String>,
    pub rounds: u32,
    pub played: usize,
    pub scores: Vec<i64>,
    pub dealer: String,
    pub history: Vec<RoundRecord>,
    pub over: bool,
    /// Why the game ended.
    pub ended: Option<String>,
    /// The winner once the game is over; `None` while it goes on or when it is drawn.
    pub winner: Option<String>,
}

impl Ledger {
    fn name(&self, i: usize) -> &str {
        self.setup.players.get(i).map_or("?", String::as_str)
    }

    /// Player `i`, checked (a save edited by hand may name one the game lacks).
    fn seat(&self, i: usize) -> Result<usize, LedgerError> {
        if i < self.setup.players.len() {
            Ok(i)
        } else {
            Err(LedgerError::NotAPlayer {
                text: i.to_string(),
                players: self.setup.players.clone(),
            })
        }
    }

    /// The index of a player named `text` (any case, or a unique start of the name).
    pub fn player(&self, text: &str) -> Result<usize, LedgerError> {
        let t = crate::seat::folded(text);
        let names: Vec<String> = (self.setup.players.iter())
            .map(|p| crate::seat::folded(p))
            .collect();
        if let Some(i) = names.iter().position(|n| *n == t) {
            return Ok(i);
        }
        let starts: Vec<usize> = (0..names.len())
            .filter(|i| !t.is_empty() && names[*i].starts_with(&t))
            .collect();
        match starts.as_slice() {
            [one] => Ok(*one),
            _ => Err(LedgerError::NotAPlayer {
                text: text.to_string(),
                players: self.setup.players.clone(),
            }),
        }
    }

    pub fn played(&self) -> usize {
        self.history.len()
    }

    /// The leader once the game is over (`None` for a drawn game).
    pub fn winner(&self) -> Option<&str> {
        self.over.as_ref()?;
        match self.scores[0].cmp(&self.scores[1]) {
            std::cmp::Ordering::Greater => Some(self.name(0)),
            std::cmp::Ordering::Less => Some(self.name(1)),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// The game's state and history (printed under `--json`, see [`Session::summary`]).
    pub fn result(&self) -> Summary {
        Summary {
            players: self.setup.players.clone(),
            rounds: self.setup.rounds,
            played: self.played(),
            scores: self.scores.to_vec(),
            dealer: self.name(self.dealer).to_string(),
            history: self.history.clone(),
            over: self.over.is_some(),
            ended: self.over.clone(),
            winner: self.winner().map(str::to_string),
        }
    }

    /// Moves `points` from `loser` to `winner`; returns what moved.
    fn pay(&mut self, winner: usize, points: i64) -> i64 {
        let loser = 1 - winner;
        let moved = match self.rules.ruled.loser_pays {
            ruling::LoserPays::InFull | ruling::LoserPays::BelowZero => points,
            ruling::LoserPays::AllTheyHave => points.min(self.scores[loser]),
        };
        self.scores[winner] = self.scores[winner].saturating_add(moved);
        let left = self.scores[loser].saturating_sub(points);
        self.scores[loser] = match self.rules.ruled.loser_pays {
            ruling::LoserPays::BelowZero => left,
            ruling::LoserPays::InFull | ruling::LoserPays::AllTheyHave => left.max(0),
        };
        moved
    }

    fn record(&mut self, winner: Option<usize>, points: i64, moved: i64) {
        let round = self.history.len() as u32 + 1;
        self.history.push(RoundRecord {
            round,
            dealer: self.name(self.dealer).to_string(),
            winner: winner.map(|w| self.name(w).to_string()),
            points,
            moved,
            scores: self.scores.to_vec(),
        });
    }

    fn next_dealer(&mut self, winner: Option<usize>) {
        self.dealer = match (self.rules.ruled.next_dealer, winner) {
            (NextDealer::Alternate, _) => 1 - self.dealer,
            (NextDealer::Winner, Some(w)) => w,
            (NextDealer::Loser, Some(w)) => 1 - w,
            (_, None) => self.dealer,
        };
    }

    fn check_end(&mut self, said: &mut Vec<String>) {
        if let Some(out) = (0..2).find(|i| self.scores[*i] <= 0) {
            let why = if self.scores[out] < 0 {
                format!("{} is below 0 ({})", self.name(out), self.scores[out])
            } else {
                format!("{} has no points left", self.name(out))
            };
            said.push(format!("{why}: {} wins the game.", self.name(1 - out)));
            self.over = Some(why);
        } else if self.history.len() as u32 >= self.setup.rounds
            && !match self.rules.ruled.tied_game {
                ruling::TiedGame::ExtraRound => self.scores[0] == self.scores[1],
                ruling::TiedGame::Draw => false,
            }
        {
            let why = format!("all {} rounds have been played", self.setup.rounds);
            said.push(match self.winner_now() {
                Some(w) => format!("{why}: {w} wins the game, {}.", self.score_line()),
                None => format!("{why}: the game is drawn, {}.", self.score_line()),
            });
            self.over = Some(why);
        }
    }

    fn winner_now(&self) -> Option<String> {
        match self.scores[0].cmp(&self.scores[1]) {
            std::cmp::Ordering::Greater => Some(self.name(0).to_string()),
            std::cmp::Ordering::Less => Some(self.name(1).to_string()),
            std::cmp::Ordering::Equal => None,
        }
    }

    fn score_line(&self) -> String {
        format!(
            "{} {}, {} {}",
            self.name(0),
            self.scores[0],
            self.name(1),
            self.scores[1]
        )
    }

    /// Settles a round: `winner` won `points` (already checked), or nobody won (`None`:
    /// a draw round, settled under ruling draw-round). Returns what to tell the table.
    pub fn settle(&mut self, winner: Option<usize>, points: i64) -> Vec<String> {
        let round = self.history.len() + 1;
        let mut said = Vec::new();
        match winner {
            Some(w) => {
                let before = self.scores;
                let moved = self.pay(w, points);
                let l = 1 - w;
                said.push(format!(
                    "Round {round}: {} wins {points}: {} {} → {}, {} {} → {}.",
                    self.name(w),
                    self.name(w),
                    before[w],
                    self.scores[w],
                    self.name(l),
                    before[l],
                    self.scores[l]
                ));
                self.record(Some(w), points, moved);
                self.next_dealer(Some(w));
            }
            None => self.settle_draw(round, &mut said),
        }
        self.check_end(&mut said);
        if self.over.is_none() {
            said.push(format!(
                "{} deals round {}.",
                self.name(self.dealer),
                round + 1
            ));
        }
        said
    }

    fn settle_draw(&mut self, round: usize, said: &mut Vec<String>) {
        let taker = match self.rules.ruled.draw_round {
            Draw::Nobody => None,
            Draw::Dealer6 => Some(self.dealer),
            Draw::NonDealer6 => Some(1 - self.dealer),
        };
        match taker {
            None => {
                said.push(format!("Round {round}: a draw; nobody scores."));
                self.record(None, 0, 0);
            }
            Some(t) => {
                let points = self.rules.values.draw_points.max(0);
                let moved = self.pay(t, points);
                said.push(format!(
                    "Round {round}: a draw; the {} ({}) takes {points}: {}.",
                    if t == self.dealer {
                        "dealer"
                    } else {
                        "non-dealer"
                    },
                    self.name(t),
                    self.score_line()
                ));
                self.record(Some(t), points, moved);
            }
        }
        self.next_dealer(None);
    }

    /// The rules and rulings the ledger follows.
    pub fn explain(rules: &Rules) -> Explain {
        let mut x = Explain::new();
        x.rule(format!(
            "Both players start with {} points; a round's points move from its loser to its winner.",
            rules.values.start_points
        ));
        x.by(rules.ruled.loser_pays, |c| match c {
            ruling::LoserPays::BelowZero => "A loser pays the round's full points, going below 0 if need be, and the winner gains them all; a player left with 0 points or less loses at once.",
            ruling::LoserPays::InFull => "A player reduced to 0 points loses at once; a loser who owes more than they have drops to 0 and the winner still gains the full points.",
            ruling::LoserPays::AllTheyHave => "A player reduced to 0 points loses at once; a loser who owes more than they have pays all they have, and the winner gains only that.",
        });
        let p = rules.values.draw_points;
        x.by(rules.ruled.draw_round, |c| match c {
            Draw::Nobody => "A round in which nobody makes a yaku is a draw: nobody scores.".to_string(),
            Draw::Dealer6 => format!(
                "A round in which nobody makes a yaku is a draw: the dealer takes {p} points from the other player."
            ),
            Draw::NonDealer6 => format!(
                "A round in which nobody makes a yaku is a draw: the non-dealer takes {p} points from the dealer."
            ),
        });
        x.by(rules.ruled.next_dealer, |c| match c {
            NextDealer::Winner => {
                "The winner of a round deals (and plays first) in the next; after a draw the dealer stays."
            }
            NextDealer::Loser => {
                "The loser of a round deals (and plays first) in the next; after a draw the dealer stays."
            }
            NextDealer::Alternate => "The players take turns to deal (and play first).",
        });
        x.rule("The game ends after its rounds (value rounds); the player with more points wins.");
        x
    }
}

/// What the ledger asks: how each round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Round,
}

impl Ledger {
    /// The rounds scored so far: each round's dealer, result, and the points after it.
    fn sheet(&self) -> crate::view::Sheet {
        let mut columns: Vec<String> = ["Round", "Dealer", "Result"].map(String::from).into();
        columns.extend((0..2).map(|p| self.name(p).to_string()));
        let start = self.rules.values.start_points.to_string();
        let mut rows = vec![vec![
            "start".to_string(),
            String::new(),
            String::new(),
            start.clone(),
            start,
        ]];
        for r in &self.history {
            let result = match &r.winner {
                Some(w) if r.moved != r.points => format!("{w} +{} (of {})", r.moved, r.points),
                Some(w) => format!("{w} +{}", r.points),
                None => "draw".to_string(),
            };
            rows.push(vec![
                r.round.to_string(),
                r.dealer.clone(),
                result,
                r.scores[0].to_string(),
                r.scores[1].to_string(),
            ]);
        }
        crate::view::Sheet { columns, rows }
    }
}

impl Session for Ledger {
    type Setup = Setup;
    type Action = Action;
    type Key = Key;
    type Error = LedgerError;
    /// Whether the game is over.
    type Phase = bool;

    const GAME: &'static str = super::GAME;

    /// The players and their scores, the round to come and its dealer.
    fn table(&self) -> crate::view::Table {
        use crate::view;
        let mut t = view::Table::new(super::GAME);
        let played = u32::try_from(self.played()).unwrap_or(u32::MAX);
        t.round = Some(view::Round {
            word: "round",
            number: played.saturating_add(u32::from(self.over.is_none())),
            of: Some(self.setup.rounds),
        });
        t.over = self.over.is_some();
        t.dealer = Some(self.name(self.dealer).to_string());
        t.seats = (0..self.setup.players.len())
            .map(|p| view::Seat::new(self.name(p), self.scores.get(p).copied()))
            .collect();
        t.score_title = "points";
        t.sheet = Some(self.sheet());
        if let Some(why) = &self.over {
            t.notes.push(match self.winner() {
                Some(w) => format!("Game over ({why}): {w} wins."),
                None => format!("Game over ({why}): a draw."),
            });
        }
        t
    }

    /// Every round settled is a result.
    fn events(&mut self, action: &Action) -> Result<Vec<crate::view::Event>, LedgerError> {
        Ok(crate::session::said_as(self.apply(action)?, true))
    }

    fn said(&self, action: &Action) -> String {
        match action {
            Action::Win { winner, points } => format!("{} {points}", self.name(*winner)),
            Action::Draw => "draw".to_string(),
        }
    }

    fn start(setup: &Setup, rs: &Ruleset) -> Result<Ledger, LedgerError> {
        if rs.game != super::GAME {
            return Err(LedgerError::WrongRuleset {
                name: rs.name.clone(),
                title: rs.title.clone(),
            });
        }
        let rules = Rules::from_ruleset(rs);
        if setup.players.len() != 2 {
            return Err(LedgerError::PlayerCount(setup.players.len()));
        }
        if setup.players.iter().any(|p| p.trim().is_empty()) {
            return Err(LedgerError::EmptyName);
        }
        if let Some(why) = setup
            .players
            .iter()
            .find_map(|p| crate::notation::name_too_long(p))
        {
            return Err(LedgerError::LongName(why));
        }
        if let Err(twice) = crate::seat::distinct(&setup.players) {
            return Err(LedgerError::SameName(twice.words(&setup.players)));
        }
        let range = rules.values.rounds_range;
        if !range.contains(i64::from(setup.rounds)) {
            return Err(LedgerError::Rounds(setup.rounds, range));
        }
        if setup.dealer > 1 {
            return Err(LedgerError::Dealer);
        }
        if rules.values.start_points < 1 {
            return Err(LedgerError::StartPoints);
        }
        let start = rules.values.start_points;
        Ok(Ledger {
            setup: setup.clone(),
            scores: [start, start],
            dealer: setup.dealer,
            history: Vec::new(),
            over: None,
            rules,
        })
    }

    fn apply(&mut self, action: &Action) -> Result<Vec<String>, LedgerError> {
        if self.over.is_some() {
            return Err(LedgerError::GameOver);
        }
        match action {
            Action::Win { winner, points } => {
                let w = self.seat(*winner)?;
                if !(1..=MAX_ROUND_POINTS).contains(points) {
                    return Err(LedgerError::Points(*points));
                }
                Ok(self.settle(Some(w), *points))
            }
            Action::Draw => Ok(self.settle(None, 0)),
        }
    }

    fn next(&self) -> Step<Action, Key> {
        if self.over.is_some() {
            return Step::Done;
        }
        let round = self.history.len() + 1;
        Step::Ask(Question::new(
            Key::Round,
            format!(
                "Round {round} of {} (dealer {}): winner and points, or draw",
                self.setup.rounds,
                self.name(self.dealer)
            ),
            format!(
                "Answer with the winner's name and the round's points, e.g. `{} 7`, or `draw` when nobody made a yaku.",
                self.name(0)
            ),
        ))
    }

    fn answer(&self, _question: &Question<Key>, text: &str) -> Result<Action, LedgerError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            [] => Err(LedgerError::NoAnswer),
            [w] if w.eq_ignore_ascii_case("draw") => Ok(Action::Draw),
            [name] => Err(match self.player(name) {
                Ok(i) => LedgerError::PointsMissing(self.name(i).to_string()),
                Err(e) => e,
            }),
            [name, rest @ ..] => {
                let i = self.player(name)?;
                let rest: Vec<&str> = rest
                    .iter()
                    .copied()
                    .filter(|w| !w.eq_ignore_ascii_case("wins") && !w.eq_ignore_ascii_case("won"))
                    .collect();
                let [points] = rest.as_slice() else {
                    return Err(LedgerError::Shape(self.name(i).to_string()));
                };
                let points: i64 = points.parse().map_err(|_| LedgerError::NotPoints {
                    text: points.to_string(),
                    winner: self.name(i).to_string(),
                })?;
                if !(1..=MAX_ROUND_POINTS).contains(&points) {
                    return Err(LedgerError::Points(points));
                }
                let possible = possible_points(&self.rules);
                if !possible.contains(&points) {
                    return Err(LedgerError::Impossible {
                        points,
                        below: possible.range(..points).next_back().copied(),
                        above: possible.range(points..).next().copied(),
                    });
                }
                Ok(Action::Win { winner: i, points })
            }
        }
    }

    fn summary(&self) -> serde_json::Value {
        serde_json::to_value(self.result()).unwrap_or(serde_json::Value::Null)
    }

    fn outcome(&self) -> Option<crate::history::Outcome> {
        let r = self.result();
        Some(crate::history::Outcome {
            finished: r.over,
            seats: r
                .players
                .iter()
                .zip(&r.scores)
                .map(|(name, score)| crate::history::SeatOutcome {
                    name: name.clone(),
                    score: *score,
                    won: r.winner.as_deref() == Some(name.as_str()),
                    kado: false,
                })
                .collect(),
            facts: crate::history::Facts::default(),
        })
    }

    fn phase_key(&self) -> bool {
        // The table is shown again when the game ends.
        self.over.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{Log, replay};

    fn start(rounds: u32, changes: &[(&str, &str)]) -> Ledger {
        let mut rs = Ruleset::builtin("koikoi-bga").unwrap();
        for (id, c) in changes {
            rs = rs.with_named(id, c).unwrap();
        }
        let setup = Setup {
            players: vec!["ana".to_string(), "ben".to_string()],
            rounds,
            dealer: 0,
        };
        Ledger::start(&setup, &rs).unwrap()
    }

    fn say(g: &mut Ledger, text: &str) -> Vec<String> {
        let q = match g.next() {
            Step::Ask(q) => q,
            other => panic!("no question: {other:?}"),
        };
        let a = g.answer(&q, text).unwrap();
        g.apply(&a).unwrap()
    }

    #[test]
    fn points_move_from_loser_to_winner() {
        let mut g = start(6, &[]);
        assert_eq!(g.scores, [50, 50]);
        let said = say(&mut g, "ana 8");
        assert_eq!(said[0], "Round 1: ana wins 8: ana 50 → 58, ben 50 → 42.");
        assert_eq!(g.scores, [58, 42]);
        say(&mut g, "Ben wins 10");
        assert_eq!(g.scores, [48, 52]);
        // The winner deals next (next-dealer: winner).
        assert_eq!(g.dealer, 1);
    }

    #[test]
    fn a_player_at_zero_loses_at_once() {
        let mut g = start(12, &[]);
        say(&mut g, "ana 30");
        let said = say(&mut g, "ana 30");
        assert_eq!(g.scores, [100, 0]);
        assert_eq!(
            said.last().unwrap(),
            "ben has no points left: ana wins the game."
        );
        assert_eq!(g.next(), Step::Done);
        assert_eq!(g.winner(), Some("ana"));
        assert!(g.apply(&Action::Draw).is_err());
    }

    #[test]
    fn loser_pays_what_they_have_or_in_full() {
        let mut g = start(6, &[]);
        say(&mut g, "ana 46");
        say(&mut g, "ana 8");
        assert_eq!(g.scores, [100, 0]);
        assert_eq!(g.history[1].moved, 4);
        let mut full = start(6, &[ruling::LoserPays::InFull.named()]);
        say(&mut full, "ana 46");
        say(&mut full, "ana 8");
        assert_eq!(full.scores, [104, 0]);
    }

    #[test]
    fn the_game_ends_after_its_rounds() {
        let mut g = start(3, &[]);
        say(&mut g, "ana 1");
        say(&mut g, "draw");
        let said = say(&mut g, "ben 3");
        assert_eq!(g.scores, [48, 52]);
        assert_eq!(
            said.last().unwrap(),
            "all 3 rounds have been played: ben wins the game, ana 48, ben 52."
        );
        assert_eq!(g.winner(), Some("ben"));
        let mut tie = start(3, &[]);
        say(&mut tie, "ana 2");
        say(&mut tie, "ben 2");
        say(&mut tie, "draw");
        assert_eq!(tie.winner(), None);
        assert!(tie.over.is_some());
    }

    #[test]
    fn draw_rounds_under_each_ruling() {
        let mut nobody = start(6, &[]);
        say(&mut nobody, "draw");
        assert_eq!(nobody.scores, [50, 50]);
        assert_eq!(nobody.dealer, 0);
        let mut dealer = start(6, &[ruling::DrawRound::Dealer6.named()]);
        say(&mut dealer, "draw");
        assert_eq!(dealer.scores, [56, 44]);
        let mut non = start(6, &[ruling::DrawRound::NonDealer6.named()]);
        say(&mut non, "draw");
        assert_eq!(non.scores, [44, 56]);
    }

    #[test]
    fn a_ruleset_for_another_game_is_refused() {
        let setup = Setup {
            players: vec!["ana".into(), "ben".into()],
            rounds: 6,
            dealer: 0,
        };
        let kinga = Ruleset::builtin("kinga").unwrap();
        assert_eq!(
            Ledger::start(&setup, &kinga).err().map(|e| e.to_string()),
            Some(format!(
                "the ruleset kinga is for {}, not for Koi-Koi",
                kinga.title
            ))
        );
    }

    #[test]
    fn next_dealer_under_each_ruling() {
        let mut w = start(6, &[]);
        say(&mut w, "ben 1");
        assert_eq!(w.dealer, 1);
        let mut l = start(6, &[ruling::NextDealer::Loser.named()]);
        say(&mut l, "ana 1");
        assert_eq!(l.dealer, 1);
        say(&mut l, "draw");
        assert_eq!(l.dealer, 1);
        let mut a = start(6, &[ruling::NextDealer::Alternate.named()]);
        say(&mut a, "ana 1");
        assert_eq!(a.dealer, 1);
        say(&mut a, "draw");
        assert_eq!(a.dealer, 0);
    }

    #[test]
    fn answers_are_checked() {
        let g = start(6, &[]);
        let q = Question::new(Key::Round, "", "");
        assert_eq!(
            g.answer(&q, "cy 3").unwrap_err().to_string(),
            "`cy` is not a player: the players are ana and ben"
        );
        assert_eq!(
            g.answer(&q, "ana").unwrap_err().to_string(),
            "how many points did ana win? e.g. `ana 7`"
        );
        assert_eq!(
            g.answer(&q, "ana x").unwrap_err().to_string(),
            "`x` is not a number of points: e.g. `ana 7`"
        );
        assert_eq!(
            g.answer(&q, "ana 0").unwrap_err().to_string(),
            "a round is worth 1 to 1000 points, not 0"
        );
        assert_eq!(
            g.answer(&q, "b 4").unwrap(),
            Action::Win {
                winner: 1,
                points: 4
            }
        );
        assert_eq!(g.answer(&q, "DRAW").unwrap(), Action::Draw);
    }

    #[test]
    fn the_log_replays() {
        let rs = Ruleset::builtin("koikoi").unwrap();
        let setup = Setup {
            players: vec!["ana".to_string(), "ben".to_string()],
            rounds: 6,
            dealer: 1,
        };
        let mut log: Log<Setup, Action> = Log::new("koikoi", &rs, setup).unwrap();
        log.actions.push(crate::session::Entry::new(
            crate::session::By::Table,
            Action::Win {
                winner: 0,
                points: 5,
            },
        ));
        log.actions.push(crate::session::Entry::new(
            crate::session::By::Table,
            Action::Draw,
        ));
        let text = log.to_yaml().unwrap();
        let back: Log<Setup, Action> = Log::from_yaml("x.yaml", &text, "koikoi").unwrap();
        assert_eq!(back, log);
        let g: Ledger = replay(&back).unwrap();
        assert_eq!(g.scores, [55, 45]);
        assert_eq!(g.played(), 2);
    }

    #[test]
    fn setups_are_checked() {
        let rs = Ruleset::builtin("koikoi").unwrap();
        let s = |players: &[&str], rounds| Setup {
            players: players.iter().map(|p| p.to_string()).collect(),
            rounds,
            dealer: 0,
        };
        for rounds in [1, 5, 6, 8, 12] {
            assert!(
                Ledger::start(&s(&["a", "b"], rounds), &rs).is_ok(),
                "{rounds}"
            );
        }
        assert_eq!(
            Ledger::start(&s(&["a", "b"], 13), &rs)
                .unwrap_err()
                .to_string(),
            "a game lasts 1 to 12 rounds under these rules, not 13"
        );
        assert_eq!(
            Ledger::start(&s(&["a", "A"], 6), &rs)
                .unwrap_err()
                .to_string(),
            "`a` and `A` are one name: kado tells names apart without regard to case, width or accents written apart"
        );
        assert_eq!(
            Ledger::start(&s(&["a"], 6), &rs).unwrap_err().to_string(),
            "Koi-Koi has two players, not 1"
        );
    }
}

#[cfg(test)]
mod possible_tests {
    use super::*;
    use crate::koikoi::testing::rules;

    #[test]
    fn points_no_yaku_can_make_are_refused() {
        let hard = possible_points(&rules("koikoi", &[]));
        // Below 7 any base, or twice it after the opponent's koi-koi; from 7 on doubled.
        for ok in [1, 5, 6, 8, 12, 14, 16, 28, 60] {
            assert!(hard.contains(&ok), "{ok}");
        }
        for no in [7, 9, 11, 13, 15, 999] {
            assert!(!hard.contains(&no), "{no}");
        }
        let none = possible_points(&rules("koikoi", &[ruling::Multiplier::None.named()]));
        assert!(none.contains(&6) && !none.contains(&7) && none.contains(&14));
        let soft = possible_points(&rules("koikoi", &[ruling::Multiplier::SoftKoi.named()]));
        assert!(soft.contains(&9) && soft.contains(&42));
        let plain = possible_points(&rules("koikoi", &[ruling::Multiplier::None.named()]));
        let mut rs = crate::ruleset::Ruleset::builtin("koikoi").unwrap();
        rs.values
            .insert(crate::koikoi::ruling::Value::DoubleAt.key().into(), 0);
        let flat = possible_points(&super::super::Rules::from_ruleset(&rs));
        assert!(flat.contains(&7) && plain.len() < flat.len());
    }

    #[test]
    fn the_ledger_refuses_impossible_points_but_old_saves_still_replay() {
        let rs = crate::ruleset::Ruleset::builtin("koikoi").unwrap();
        let setup = Setup {
            players: vec!["ana".into(), "ben".into()],
            rounds: 6,
            dealer: 0,
        };
        let g = Ledger::start(&setup, &rs).unwrap();
        let q = Question::new(Key::Round, "", "");
        assert_eq!(
            g.answer(&q, "ben 999").unwrap_err().to_string(),
            "no round is worth 999 points under these rules (yaku, the doubling at double-at and ruling multiplier); the nearest that can be: 244"
        );
        let mut g2 = g.clone();
        // A save written before the check holds such points: it still replays.
        assert!(
            g2.apply(&Action::Win {
                winner: 0,
                points: 7
            })
            .is_ok()
        );
    }
}
