//! A Year followed season by season: the state after each step, and the rules each step
//! must keep. Both `kado kingmaker check RECORD` and `kado kingmaker play` fold their
//! steps through [`YearState::apply`], so the rules live here once.
//!
//! Winter: each player takes a Blink, in token order. Spring: each player lights one of
//! the four scattered commons, in token order; the first chooser of a common clicks it
//! (one pair shown), a second must long-press it (both pairs), and no common is chosen a
//! third time. Summer: each player reveals a pair of their Blink and moves a scattered
//! common into the Commons by the building rules. Harvest: each player inserts their Blink
//! where it touches two commons. Then every Blink is long-pressed and the Year is scored.

use super::build::{self, Dir, Placement};
use super::error::YearError;
use super::layout::{Blink, Layout};
use super::record::{
    Click, Insert, Lit, Move, PairOf, Press, Reveal, Shown, common_index, common_name, pair_text,
    pairs_text, same_pair,
};
use super::{Rules, Season};
use crate::kingmaker::ruling;
use crate::render::Style;
use crate::session::Question;

/// Where a Year stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Season(Season),
    /// After Harvest: every Blink is long-pressed and its pairs told.
    Blinks,
    /// Every Blink told: the Year can be scored.
    Done,
}

/// A scattered common through the Year.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Common {
    /// Who chose it in Spring (player index) and how.
    pub choosers: Vec<(usize, Press)>,
    /// Which pairs are lit now (left, right).
    pub lit: [bool; 2],
    /// The colours of each pair once shown.
    pub colours: [Option<PairOf>; 2],
    /// Who moved it into the Commons in Summer.
    pub moved_by: Option<usize>,
}

/// A pair shown during the Year, which the final colours must agree with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShownPair {
    /// The Blink (`c2`, or a player's name).
    pub blink: String,
    /// The side (0 left, 1 right), or none for a player's reveal (either side).
    pub side: Option<usize>,
    pub pair: PairOf,
    /// Who showed it (player index).
    pub by: usize,
    /// The step that showed it, as written in the record.
    pub step: String,
    pub season: Season,
}

/// What comes next in a Year.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// kado takes the step itself (Winter, which asks nothing).
    Auto(Move),
    Ask(Question<Key>),
    Done,
}

/// What a Kingmaker session asks: a step of the Year (named as the Year record names
/// it), the first player token, or a Year told whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// A Year told whole: its Commons, or each player's score.
    Year,
    /// Who holds the first player token.
    First,
    Spring,
    /// The pairs of a common long-pressed as it goes in (Summer).
    Lit,
    /// The pair a player reveals (Summer).
    Summer,
    /// Where the Blink goes, with its pair revealed (Summer).
    Move,
    Harvest,
    /// The final long press: a Blink's pairs.
    Blinks,
}

/// A Year in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct YearState {
    /// The players, clockwise.
    pub players: Vec<String>,
    /// Who holds the first player token as the Year starts (index).
    pub first: usize,
    pub rules: Rules,
    pub phase: Phase,
    /// How many players have taken their step this season.
    pub turn: usize,
    pub commons: [Common; 4],
    /// Each player's revealed pair.
    pub reveals: Vec<Option<PairOf>>,
    /// The Commons so far: the commons, then the players' Blinks.
    pub placed: Vec<Placement>,
    pub shown: Vec<ShownPair>,
    /// The Blinks told after the final long press, in the order told.
    pub lit: Vec<(String, [PairOf; 2])>,
    /// kado takes itself every step it already knows (a Harvest place or a Summer move
    /// with one legal answer, a Blink whose both pairs were shown); saves from before
    /// this was so ask as they did.
    pub known: bool,
    /// The pair the player due in Summer has revealed, before they move a common.
    pub revealed: Option<PairOf>,
    /// A Summer move of a common nobody chose, told before its pairs (ruling dark-commons:
    /// lit-when-moved long-presses it as it goes in).
    pub moving: Option<Reveal>,
}

impl YearState {
    pub fn new(players: &[String], first: usize, rules: &Rules) -> YearState {
        YearState {
            players: players.to_vec(),
            first,
            rules: rules.clone(),
            phase: Phase::Season(Season::Winter),
            turn: 0,
            commons: Default::default(),
            reveals: vec![None; players.len()],
            placed: Vec::new(),
            shown: Vec::new(),
            lit: Vec::new(),
            known: false,
            revealed: None,
            moving: None,
        }
    }

    /// The same Year, where kado takes itself every step it already knows.
    pub fn knowing(mut self, known: bool) -> YearState {
        self.known = known;
        self
    }

    /// Whether nothing of the Year has happened yet.
    pub fn is_fresh(&self) -> bool {
        self.phase == Phase::Season(Season::Winter) && self.turn == 0
    }

    fn n(&self) -> usize {
        self.players.len().max(1)
    }

    /// Who leads a season (ruling first-season).
    pub fn leader(&self, season: Season) -> usize {
        let shift = match self.rules.ruled.first_season {
            ruling::FirstSeason::Spring => self.n() - 1,
            ruling::FirstSeason::Winter => 0,
        };
        (self.first + season.index() + shift) % self.n()
    }

    /// The players in a season's order, its leader first.
    pub fn order(&self, season: Season) -> Vec<String> {
        let lead = self.leader(season);
        (0..self.n())
            .filter_map(|k| self.players.get((lead + k) % self.n()).cloned())
            .collect()
    }

    /// Whose turn it is, during a season.
    pub fn due(&self) -> Option<usize> {
        match self.phase {
            Phase::Season(s) => Some((self.leader(s) + self.turn) % self.n()),
            _ => None,
        }
    }

    fn name(&self, i: usize) -> String {
        self.players.get(i).cloned().unwrap_or_default()
    }

    pub(crate) fn player_index(&self, name: &str) -> Option<usize> {
        self.players
            .iter()
            .position(|p| crate::seat::same_name(p, name))
    }

    /// What is due now, in words.
    pub fn due_text(&self) -> String {
        let who = self.due().map(|i| self.name(i)).unwrap_or_default();
        match self.phase {
            Phase::Season(Season::Winter) => format!(
                "Winter: the Blinks are taken in token order, {}",
                self.order(Season::Winter).join(", ")
            ),
            Phase::Season(Season::Spring) => format!("Spring: {who} lights a scattered common"),
            Phase::Season(Season::Summer) => {
                format!("Summer: {who} reveals a pair and moves a common into the Commons")
            }
            Phase::Season(Season::Harvest) => {
                format!("Harvest: {who} inserts their Blink into the Commons")
            }
            Phase::Blinks => format!(
                "the Blinks' pairs after the final long press ({} still to tell)",
                self.unlit().join(", ")
            ),
            Phase::Done => "nothing: the Year is over".to_string(),
        }
    }

    /// The Blinks whose final pairs are not told yet: players in seat order, then c1..c4.
    pub fn unlit(&self) -> Vec<String> {
        self.players
            .iter()
            .cloned()
            .chain((0..4).map(common_name))
            .filter(|b| !self.lit.iter().any(|(n, _)| n == b))
            .collect()
    }

    /// The scattered commons not yet moved into the Commons.
    pub fn scattered(&self) -> Vec<usize> {
        (0..4)
            .filter(|c| self.commons[*c].moved_by.is_none())
            .collect()
    }

    fn names_of(list: &[usize]) -> Vec<String> {
        list.iter().map(|c| common_name(*c)).collect()
    }

    /// Applies one step, or says which rule it breaks and what would have been legal.
    pub fn apply(&mut self, m: &Move) -> Result<Vec<String>, YearError> {
        let mut said = match m {
            Move::Winter(order) => self.winter(order)?,
            Move::Spring(c) => self.spring(c)?,
            Move::Summer(r) => self.summer(r)?,
            Move::Harvest(i) => self.harvest(i)?,
            Move::Lit(l) => return self.lit_blink(l),
        };
        self.turn += 1;
        if let Phase::Season(s) = self.phase
            && self.turn == self.n()
        {
            self.turn = 0;
            self.phase = match s {
                Season::Winter => Phase::Season(Season::Spring),
                Season::Spring => Phase::Season(Season::Summer),
                Season::Summer => Phase::Season(Season::Harvest),
                Season::Harvest => Phase::Blinks,
            };
            said.push(match self.phase {
                Phase::Season(next) => format!(
                    "{} ends; the first player token passes to {}, who leads {}.",
                    s.name(),
                    self.name(self.leader(next)),
                    next.name()
                ),
                _ => "Harvest ends: long press every Blink in the Commons.".to_string(),
            });
        }
        Ok(said)
    }

    /// Checks that a step of `season` is due and made by the player whose turn it is.
    fn turn_check(&self, season: Season, player: &str) -> Result<usize, YearError> {
        match self.phase {
            Phase::Season(s) if s == season => {}
            Phase::Done => return Err(YearError::YearOver),
            _ => {
                return Err(YearError::WrongSeason {
                    given: season.name().to_string(),
                    due: self.due_text(),
                });
            }
        }
        let given = self
            .player_index(player)
            .ok_or_else(|| YearError::UnknownPlayer {
                name: player.to_string(),
                players: self.players.clone(),
            })?;
        let due = self.due().unwrap_or(given);
        if given != due {
            return Err(YearError::OutOfTurn {
                season,
                due: self.name(due),
                given: self.name(given),
                order: self.order(season),
            });
        }
        Ok(given)
    }

    fn winter(&mut self, order: &[String]) -> Result<Vec<String>, YearError> {
        if self.phase != Phase::Season(Season::Winter) {
            let given = "Winter".to_string();
            return Err(match self.phase {
                Phase::Done => YearError::YearOver,
                _ => YearError::WrongSeason {
                    given,
                    due: self.due_text(),
                },
            });
        }
        let want = self.order(Season::Winter);
        let same = order.len() == want.len()
            && order
                .iter()
                .zip(&want)
                .all(|(a, b)| crate::seat::same_name(a, b));
        if !same {
            return Err(YearError::WinterOrder {
                given: order.to_vec(),
                order: want,
            });
        }
        // The whole season at once: the turn count reaches its end below.
        self.turn = self.n() - 1;
        Ok(vec![format!(
            "Winter: {} each take a Blink, long press it in secret, choose the pair to show, and lay it face down. The four Blinks left are the scattered commons c1 to c4.",
            want.join(", ")
        )])
    }

    fn spring(&mut self, c: &Click) -> Result<Vec<String>, YearError> {
        let who = self.turn_check(Season::Spring, &c.player)?;
        let common = common_name(c.common);
        let state = &self.commons[c.common];
        let by: Vec<String> = state.choosers.iter().map(|(p, _)| self.name(*p)).collect();
        match (state.choosers.len(), c.press) {
            (0, Press::Long) => match self.rules.ruled.first_long_press {
                ruling::FirstLongPress::Refused => return Err(YearError::FirstClicks { common }),
                ruling::FirstLongPress::Allowed => {}
            },
            (1, Press::Left | Press::Right) => {
                return Err(YearError::MustLongPress {
                    common,
                    first: by.join(""),
                });
            }
            (2.., _) => {
                let open: Vec<usize> = (0..4)
                    .filter(|k| self.commons[*k].choosers.len() < 2)
                    .collect();
                return Err(YearError::ThirdChoice {
                    common,
                    by,
                    open: Self::names_of(&open),
                });
            }
            _ => {}
        }
        let sides: Vec<(usize, PairOf)> = match (c.press, c.shown) {
            (Press::Right, Shown::One(p)) => vec![(1, p)],
            (_, Shown::One(p)) => vec![(0, p)],
            (_, Shown::Both([l, r])) => vec![(0, l), (1, r)],
        };
        let step = Move::Spring(c.clone()).to_string();
        for (side, p) in &sides {
            self.show_pair(&common, Some(*side), *p, who, &step, Season::Spring)?;
        }
        let state = &mut self.commons[c.common];
        state.lit = [false, false];
        for (side, p) in sides {
            state.lit[side] = true;
            state.colours[side] = Some(p);
        }
        state.choosers.push((who, c.press));
        Ok(vec![format!(
            "{} {} {common}: {}.",
            self.name(who),
            match c.press {
                Press::Left => "single-clicks",
                Press::Right => "double-clicks",
                Press::Long => "long-presses",
            },
            match c.shown {
                Shown::One(p) => format!(
                    "its {} pair shows {}",
                    if c.press == Press::Right {
                        "right"
                    } else {
                        "left"
                    },
                    pair_text(p)
                ),
                Shown::Both(p) => format!("both pairs show, {}", pairs_text(p)),
            }
        )])
    }

    /// Records a pair shown, refusing it when it contradicts a pair shown before on the
    /// same Blink and side.
    fn show_pair(
        &mut self,
        blink: &str,
        side: Option<usize>,
        pair: PairOf,
        by: usize,
        step: &str,
        season: Season,
    ) -> Result<(), YearError> {
        if let Some(before) = self
            .shown
            .iter()
            .find(|s| s.blink == blink && s.side.is_some() && s.side == side)
            && !same_pair(before.pair, pair)
        {
            return Err(YearError::PairDisagrees {
                what: format!("{blink}'s {} pair", side_word(side)),
                was: pair_text(before.pair),
                by: self.name(before.by),
                step: before.step.clone(),
                now: pair_text(pair),
            });
        }
        self.shown.push(ShownPair {
            blink: blink.to_string(),
            side,
            pair,
            by,
            step: step.to_string(),
            season,
        });
        Ok(())
    }

    fn summer(&mut self, r: &Reveal) -> Result<Vec<String>, YearError> {
        let who = self.turn_check(Season::Summer, &r.player)?;
        let common = common_name(r.common);
        let state = &self.commons[r.common];
        let open = Self::names_of(&self.scattered());
        if let Some(by) = state.moved_by {
            return Err(YearError::CommonPlaced {
                common,
                by: self.name(by),
                open,
            });
        }
        let own = state.choosers.iter().any(|(p, _)| *p == who);
        if self.own_common_refused(own, open.len()) {
            return Err(YearError::OwnCommon {
                common: common.clone(),
                open: open.into_iter().filter(|c| *c != common).collect(),
            });
        }
        let dark = state.choosers.is_empty();
        match (dark, r.lit, self.rules.ruled.dark_commons) {
            (true, None, ruling::DarkCommons::LitWhenMoved) => {
                return Err(YearError::SayLit { common });
            }
            (true, Some(_), ruling::DarkCommons::Dark) => {
                return Err(YearError::StaysDark { common });
            }
            (false, Some(_), _) => {
                return Err(YearError::AlreadyLit {
                    common,
                    by: state.choosers.iter().map(|(p, _)| self.name(*p)).collect(),
                });
            }
            (true, None, ruling::DarkCommons::Dark)
            | (true, Some(_), ruling::DarkCommons::LitWhenMoved)
            | (false, None, _) => {}
        }
        if let Some(p) = self.revealed.filter(|p| !same_pair(*p, r.pair)) {
            return Err(YearError::Revealed {
                player: self.name(who),
                pair: pair_text(p),
            });
        }
        let only = self.known && self.summer_choices().len() == 1;
        let placement = self.placement(&common, r.against.as_ref())?;
        let step = Move::Summer(r.clone()).to_string();
        let player = self.name(who);
        self.show_pair(&player, None, r.pair, who, &step, Season::Summer)?;
        if let Some([a, b]) = r.lit {
            self.show_pair(&common, Some(0), a, who, &step, Season::Summer)?;
            self.show_pair(&common, Some(1), b, who, &step, Season::Summer)?;
            let state = &mut self.commons[r.common];
            state.lit = [true, true];
            state.colours = [Some(a), Some(b)];
        }
        let moved_before = self.moving.take().is_some();
        let told = self.revealed.take().is_some() || moved_before;
        self.reveals[who] = Some(r.pair);
        self.commons[r.common].moved_by = Some(who);
        let place = placed_words(&placement);
        self.placed.push(placement);
        let only = if only { ONLY_PLACE } else { "" };
        Ok(vec![if let (true, Some(l)) = (moved_before, r.lit) {
            format!("{common} lights {}.", pairs_text(l))
        } else if told {
            format!("{player} moves {common} into the Commons{place}{only}.")
        } else {
            format!(
                "{player} reveals {} and moves {common} into the Commons{place}{only}.",
                pair_text(r.pair)
            )
        }])
    }

    /// Whether a Summer step moves a common that is long-pressed as it goes in, without
    /// its pairs yet (ruling dark-commons: lit-when-moved).
    pub fn needs_lit(&self, r: &Reveal) -> bool {
        match self.rules.ruled.dark_commons {
            ruling::DarkCommons::LitWhenMoved => {
                r.lit.is_none()
                    && self
                        .commons
                        .get(r.common)
                        .is_some_and(|c| c.choosers.is_empty() && c.moved_by.is_none())
            }
            ruling::DarkCommons::Dark => false,
        }
    }

    /// Whether a player may not move the common they lit in Spring, with `open` commons
    /// left to move (ruling summer-own-common).
    fn own_common_refused(&self, own: bool, open: usize) -> bool {
        match self.rules.ruled.summer_own_common {
            ruling::SummerOwnCommon::Another => own && open > 1,
            ruling::SummerOwnCommon::Allowed => false,
        }
    }

    /// A Summer move of a common long-pressed as it goes in, told before its pairs:
    /// checked as the whole step would be, then its pairs are asked.
    pub fn moving(&mut self, r: &Reveal) -> Result<Vec<String>, YearError> {
        if !self.needs_lit(r) || self.moving.is_some() {
            return Err(YearError::SayLit {
                common: common_name(r.common),
            });
        }
        let mut probe = self.clone();
        let any = [r.pair, r.pair];
        probe.summer(&Reveal {
            lit: Some(any),
            ..r.clone()
        })?;
        self.revealed = Some(r.pair);
        self.moving = Some(r.clone());
        let common = common_name(r.common);
        let place = r
            .against
            .as_ref()
            .map(|(d, o)| format!(", {} of {o}", d.word()))
            .unwrap_or_default();
        Ok(vec![format!(
            "{} moves {common} into the Commons{place} and long-presses it.",
            self.name(self.due().unwrap_or(0))
        )])
    }

    /// A Summer reveal told before the move: the pair the player due shows.
    pub fn reveal(&mut self, player: &str, pair: PairOf) -> Result<Vec<String>, YearError> {
        let who = self.turn_check(Season::Summer, player)?;
        if let Some(p) = self.revealed {
            return Err(YearError::Revealed {
                player: self.name(who),
                pair: pair_text(p),
            });
        }
        self.revealed = Some(pair);
        Ok(vec![format!(
            "{} reveals {}.",
            self.name(who),
            pair_text(pair)
        )])
    }

    fn harvest(&mut self, i: &Insert) -> Result<Vec<String>, YearError> {
        let who = self.turn_check(Season::Harvest, &i.player)?;
        let player = self.name(who);
        let only = self.known && self.legal_placements(&player).len() == 1;
        let placement = self.placement(&player, Some(&(i.side, i.of.clone())))?;
        let place = placed_words(&placement);
        self.placed.push(placement);
        let only = if only { ONLY_PLACE } else { "" };
        Ok(vec![format!(
            "{player} inserts their Blink into the Commons{place}{only}."
        )])
    }

    /// Where a new Blink goes, checked against the building rules.
    fn placement(
        &self,
        name: &str,
        against: Option<&(Dir, String)>,
    ) -> Result<Placement, YearError> {
        let Some((d, other)) = against else {
            if self.placed.is_empty() {
                return Ok(Placement {
                    name: name.to_string(),
                    span: 0..0,
                    against: None,
                    at: (0, 0),
                });
            }
            return Err(YearError::NeedsSide {
                blink: name.to_string(),
                legal: self.legal_places(name),
            });
        };
        if self.placed.is_empty() {
            return Err(YearError::FirstAlone {
                blink: name.to_string(),
            });
        }
        let Some(o) = self
            .placed
            .iter()
            .find(|p| crate::seat::same_name(&p.name, other))
        else {
            return Err(YearError::NotInCommons {
                other: other.clone(),
                placed: self.placed.iter().map(|p| p.name.clone()).collect(),
            });
        };
        let (dq, dr) = d.step();
        let p = Placement {
            name: name.to_string(),
            span: 0..0,
            against: Some((*d, o.name.clone())),
            at: (o.at.0 + dq, o.at.1 + dr),
        };
        match self.broken(&p) {
            None => Ok(p),
            Some((rule, why)) => Err(YearError::Build {
                rule,
                why,
                legal: self.legal_places(name),
            }),
        }
    }

    fn broken(&self, p: &Placement) -> Option<(build::Rule, String)> {
        let mut all = self.placed.clone();
        all.push(p.clone());
        build::check(&all).steps.last()?.broken.clone()
    }

    /// Every legal place for the next Blink, each once, as `SIDE OTHER`.
    pub fn legal_places(&self, name: &str) -> Vec<String> {
        self.legal_placements(name)
            .iter()
            .filter_map(|p| p.against.as_ref().map(|(d, o)| format!("{d} {o}")))
            .collect()
    }

    /// Every legal place for the next Blink, each once, as the placement it would be.
    pub fn legal_placements(&self, name: &str) -> Vec<Placement> {
        let mut seen = Vec::new();
        let mut out = Vec::new();
        for q in &self.placed {
            for d in Dir::ALL {
                let (dq, dr) = d.step();
                let at = (q.at.0 + dq, q.at.1 + dr);
                if seen.contains(&at) {
                    continue;
                }
                seen.push(at);
                let p = Placement {
                    name: name.to_string(),
                    span: 0..0,
                    against: Some((d, q.name.clone())),
                    at,
                };
                if self.broken(&p).is_none() {
                    out.push(p);
                }
            }
        }
        out
    }

    /// Every legal Summer move of the player due, as the common moved and the place it
    /// goes (none for the first common), in the order of the commons and their places.
    pub fn summer_choices(&self) -> Vec<(usize, Option<(Dir, String)>)> {
        let (Phase::Season(Season::Summer), Some(who)) = (self.phase, self.due()) else {
            return Vec::new();
        };
        let open = self.scattered();
        let mut out = Vec::new();
        for c in open.iter().copied() {
            let own = self.commons[c].choosers.iter().any(|(p, _)| *p == who);
            if self.own_common_refused(own, open.len()) {
                continue;
            }
            if self.placed.is_empty() {
                out.push((c, None));
                continue;
            }
            for p in self.legal_placements(&common_name(c)) {
                out.push((c, p.against));
            }
        }
        out
    }

    /// The commons in the Commons that a Blink placed at `at` touches.
    pub fn commons_touching(&self, at: (i32, i32)) -> Vec<usize> {
        self.placed
            .iter()
            .filter(|p| super::layout::touching(p.at, at))
            .filter_map(|p| common_index(&p.name))
            .collect()
    }

    /// A Blink's canonical name: a player's, or `c1`..`c4`.
    fn blink_name(&self, name: &str) -> Option<String> {
        if let Some(c) = common_index(name) {
            return Some(common_name(c));
        }
        self.player_index(name).map(|i| self.name(i))
    }

    fn lit_blink(&mut self, l: &Lit) -> Result<Vec<String>, YearError> {
        match self.phase {
            Phase::Blinks => {}
            Phase::Done => return Err(YearError::YearOver),
            Phase::Season(_) => {
                return Err(YearError::WrongSeason {
                    given: "the final long press".to_string(),
                    due: self.due_text(),
                });
            }
        }
        let Some(name) = self.blink_name(&l.blink) else {
            return Err(YearError::UnknownBlink {
                name: l.blink.clone(),
                names: self.unlit(),
            });
        };
        if self.lit.iter().any(|(n, _)| *n == name) {
            return Err(YearError::BlinkTwice { name });
        }
        let contradicted = self.shown.iter().find(|s| {
            s.blink == name
                && match s.side {
                    Some(side) => !same_pair(l.pairs[side], s.pair),
                    None => !l.pairs.iter().any(|p| same_pair(*p, s.pair)),
                }
        });
        if let Some(s) = contradicted {
            let shown = pair_text(s.pair);
            let what = match s.side {
                Some(_) => format!("its {} pair showed {shown}", side_word(s.side)),
                None => format!("{} revealed {shown} on it", self.name(s.by)),
            };
            return Err(YearError::Contradicts {
                blink: name,
                pairs: pairs_text(l.pairs),
                what: format!("{what} in {}", s.season.name()),
                step: s.step.clone(),
                by: self.name(s.by),
            });
        }
        let known = if self.known && self.known_pairs(&name).is_some() {
            " (both its pairs were shown during the Year)"
        } else {
            ""
        };
        self.lit.push((name.clone(), l.pairs));
        let mut said = vec![format!("{name}: {}{known}.", pairs_text(l.pairs))];
        if self.lit.len() == self.n() + 4 {
            self.phase = Phase::Done;
            said.push("Every Blink is lit: the Year is scored.".to_string());
        }
        Ok(said)
    }

    /// A Blink's both pairs, when both were shown during the Year (a common long-pressed
    /// in Spring, clicked on both sides, or lit as it was moved).
    pub fn known_pairs(&self, name: &str) -> Option<[PairOf; 2]> {
        let c = common_index(name)?;
        let [l, r] = self.commons[c].colours;
        Some([l?, r?])
    }

    /// The finished Commons, once every Blink is told.
    pub fn layout(&self) -> Option<Layout> {
        if self.phase != Phase::Done {
            return None;
        }
        let (layout, _) = self.picture()?;
        Some(layout)
    }

    /// The Commons as it stands, each place with its label (none: not placed yet), once
    /// three commons are in (before that its turn is not known). Pairs not lit are `..`;
    /// a player's revealed pair is drawn on the left.
    pub fn picture(&self) -> Option<(Layout, [Option<String>; 8])> {
        if self.placed.len() < 3 {
            return None;
        }
        let slots = build::slots_of(&self.placed)?;
        let mut blinks: Vec<Blink> = (0..8)
            .map(|_| Blink {
                name: None,
                left: None,
                right: None,
            })
            .collect();
        let mut labels: [Option<String>; 8] = Default::default();
        for (slot, name) in slots {
            let (left, right) = self.pairs_now(&name);
            blinks[slot.index()] = Blink {
                name: slot.is_corner().then(|| name.clone()),
                left,
                right,
            };
            labels[slot.index()] = Some(name);
        }
        let blinks: [Blink; 8] = blinks.try_into().ok()?;
        Some((Layout { blinks }, labels))
    }

    /// The pairs of a Blink lit now.
    fn pairs_now(&self, name: &str) -> (Option<PairOf>, Option<PairOf>) {
        if let Some((_, [l, r])) = self.lit.iter().find(|(n, _)| n == name) {
            return (Some(*l), Some(*r));
        }
        if let Some(c) = common_index(name) {
            let s = &self.commons[c];
            let on = |k: usize| if s.lit[k] { s.colours[k] } else { None };
            return (on(0), on(1));
        }
        let revealed = self
            .player_index(name)
            .and_then(|i| self.reveals.get(i).copied().flatten());
        (revealed, None)
    }

    /// The Year so far, for people: the season, the commons, the Commons.
    pub fn show(&self, style: Style) -> String {
        let mut out = String::new();
        let who = self.name(self.first);
        out += &format!(
            "{who} held the first player token at the start of the Year. Now: {}.\n",
            self.due_text()
        );
        if self.phase != Phase::Season(Season::Winter) {
            for c in 0..4 {
                out += &format!("  {}\n", self.common_line(c));
            }
        }
        out += &self.commons_picture(style);
        out
    }

    /// The Commons drawn: whole once it is, else as placed so far (empty before).
    pub fn commons_picture(&self, style: Style) -> String {
        let mut out = String::new();
        if let Some((layout, labels)) = self.picture() {
            out += &super::picture::draw_with(&layout, &labels, style);
        } else if !self.placed.is_empty() {
            // Drawn from the first common, where each sits as placed (its 3-2-3 turn is
            // known from the third).
            let blinks: Vec<_> = self
                .placed
                .iter()
                .map(|p| {
                    let (l, r) = self.pairs_now(&p.name);
                    (p.at, p.name.clone(), l, r)
                })
                .collect();
            out += "The Commons so far:\n";
            out += &super::picture::draw_at(&blinks, style);
        }
        out
    }

    /// The Commons as shapes, as [`Year::commons_picture`] draws it: whole once its turn
    /// is known, else as placed so far (none before the first common).
    pub fn commons_board(&self) -> Option<crate::view::Board> {
        let blinks: Vec<_> = match self.picture() {
            Some((layout, labels)) => super::layout::Slot::ALL
                .iter()
                .filter_map(|slot| {
                    let name = labels[slot.index()].clone()?;
                    let b = layout.blink(*slot);
                    Some((slot.axial(), name, b.left, b.right))
                })
                .collect(),
            None => (self.placed.iter())
                .map(|p| {
                    let (l, r) = self.pairs_now(&p.name);
                    (p.at, p.name.clone(), l, r)
                })
                .collect(),
        };
        (!blinks.is_empty()).then(|| super::picture::hexes(&blinks))
    }

    /// Common `c`: its pairs as lit, who chose it, where it is.
    pub fn common_line(&self, c: usize) -> String {
        let s = &self.commons[c];
        let chosen: Vec<String> = s
            .choosers
            .iter()
            .map(|(p, press)| format!("{} ({})", self.name(*p), press.word()))
            .collect();
        let pair = |k: usize| {
            if s.lit[k] {
                s.colours[k].map_or("..".to_string(), pair_text)
            } else {
                "..".to_string()
            }
        };
        let place = match s.moved_by {
            Some(p) => format!("moved into the Commons by {}", self.name(p)),
            None => "scattered".to_string(),
        };
        let by = if chosen.is_empty() {
            "nobody chose it".to_string()
        } else {
            format!("chosen by {}", chosen.join(" and "))
        };
        format!("{} {}-{}: {by}; {place}", common_name(c), pair(0), pair(1))
    }
}

/// What the table answered at a question of the Year.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    Step(Move),
    /// A Summer reveal told before the move: the player, and the pair.
    Reveal(String, PairOf),
}

/// The rules of a Year followed season by season, and the rulings in force, for
/// `--explain`.
pub fn explain(rules: &Rules, x: &mut crate::explain::Explain) {
    x.rule("Each season is played in the first player token's order, and the token passes clockwise at the end of each season.");
    x.by(rules.ruled.first_season, |c| match c {
        ruling::FirstSeason::Spring => "The first player leads Spring; Winter is led by the player on their right.",
        ruling::FirstSeason::Winter => "The first player leads Winter, the next player Spring, the one after Summer, the last Harvest.",
    });
    x.rule("In Spring each player lights one scattered common: its first chooser clicks it (one pair shown), a second must long-press it (both pairs), and no common is chosen a third time.");
    x.by(rules.ruled.first_long_press, |c| match c {
        ruling::FirstLongPress::Allowed => "A common's first chooser may also long-press it; a second chooser then long-presses it again.",
        ruling::FirstLongPress::Refused => "A common's first chooser clicks it; only a common already chosen is long-pressed.",
    });
    x.by(rules.ruled.summer_own_common, |c| match c {
        ruling::SummerOwnCommon::Another => "In Summer a player moves a common other than the one they lit in Spring, unless it is the only one left.",
        ruling::SummerOwnCommon::Allowed => "In Summer a player may move any scattered common, the one they lit in Spring included.",
    });
    x.by(rules.ruled.dark_commons, |c| match c {
        ruling::DarkCommons::LitWhenMoved => "A common nobody chose in Spring is long-pressed as it moves into the Commons, and its pairs are told then.",
        ruling::DarkCommons::Dark => "A common nobody chose in Spring stays dark until the long press that ends the Year.",
    });
    x.rule("Every pair shown during the Year (a Spring press, a Summer reveal) must agree with the Blink's colours after the final long press.");
}

/// What a Blink's pairs are typed as after the final long press.
const BLINK_HINT: &str =
    "Its left pair, `-`, its right pair, each two colours of R Y G B: `RG-YB`.";

/// What kado says of a step it takes itself, the only legal one.
const ONLY_PLACE: &str = " (the only legal place)";

fn side_word(side: Option<usize>) -> &'static str {
    match side {
        Some(0) => "left",
        Some(_) => "right",
        None => "revealed",
    }
}

fn placed_words(p: &Placement) -> String {
    match &p.against {
        Some((d, o)) => format!(", {} of {o}", d.word()),
        None => String::new(),
    }
}

mod ask;

#[cfg(test)]
mod tests;
