//! One verdict per command: `show`, `place`, `spots`, `runs`, `score` and `territory`
//! each ask one function here, which returns the answer, the sentences that state it,
//! and the rules and rulings that decided it (`explain`, not serialized: the caller adds
//! it under `--explain`).

use crate::pokino::ruling;
use serde::Serialize;

use crate::cards::Card;
use crate::explain::Explain;
use crate::render::Style;
use crate::ruleset::Ruleset;
use crate::words::count_of;

use super::board::{Board, Border, Domino, Placement, Square, Token};
use super::error::PokinoError;
use super::input::{ALL_BUDGET, LISTED, RunsAsk, ScoreAsk};
use super::place::{self, Fault};
use super::runs::{self, Bound, Found, Query};
use super::score::{self, Award, TABLE_MAX, TerritoryResult, Total};
use super::{Rules, SPOKE, picture};

fn grid_rules(x: &mut Explain, rules: &Rules) {
    x.rule("Dominoes lie on an implied grid of squares; a domino covers two squares side by side.");
    let (w, h) = rules.area_size;
    x.by(rules.ruled.playing_area, |c| match c {
        ruling::PlayingArea::Unbounded => {
            "The table is the grid the dominoes make, with no edge.".to_string()
        }
        ruling::PlayingArea::Bounded => {
            format!("The table holds {w} by {h} squares: all dominoes fit in that rectangle.")
        }
    });
}

fn spoke_rule(x: &mut Explain, rules: &Rules) {
    x.by(rules.ruled.spoke, |c| match c {
        ruling::Spoke::Connected => format!(
            "The first {SPOKE} dominoes, the starting spoke, may go anywhere, but must form one group."
        ),
        ruling::Spoke::AsGiven => {
            format!("The first {SPOKE} dominoes, the starting spoke, are laid as they come.")
        }
    });
}

fn up_rule(x: &mut Explain, rs: &Ruleset, rules: &Rules, tail: &str) {
    if let Some(h) = rules.hand_limit() {
        x.ruled(
            format!("Under Pokino-Up! a hand never holds more than {h} cards{tail}."),
            rs,
            &[ruling::Id::PokinoUp, ruling::Id::UpDraw],
        );
    }
}

/// Whether beads left at the end score (ruling greed).
fn greed(rules: &Rules) -> bool {
    match rules.ruled.greed {
        ruling::Greed::On => true,
        ruling::Greed::Off => false,
    }
}

fn table_rule(x: &mut Explain, rs: &Ruleset) {
    x.by(rs.get::<ruling::LongRuns>(), |_| score::table_rule());
}

// ---------------------------------------------------------------------------------------
// show

/// One domino as `show` lists it.
#[derive(Clone, Debug, Serialize)]
pub struct ShownDomino {
    pub domino: Domino,
    pub at: Square,
    pub dir: char,
    pub squares: [Square; 2],
    pub numbers: [u8; 2],
}

/// The corners of the board.
#[derive(Clone, Debug, Serialize)]
pub struct Bounds {
    pub from: Square,
    pub to: Square,
}

/// The board, as listed and drawn.
#[derive(Clone, Debug, Serialize)]
pub struct ShowVerdict {
    pub dominoes: Vec<ShownDomino>,
    pub claimed: Vec<Border>,
    pub bounds: Option<Bounds>,
    /// The board drawn without colour.
    pub picture: String,
    #[serde(skip)]
    pub explain: Explain,
}

/// The board and its claimed borders.
pub fn show(board: &Board, claimed: Vec<Border>, rules: &Rules) -> ShowVerdict {
    let mut x = Explain::new();
    grid_rules(&mut x, rules);
    x.rule("X grows to the right and Y downward; a domino's B half lies right of (h) or below (v) its A half.");
    x.by(rules.ruled.steps, |c| match c {
        ruling::Steps::Diagonals => "A token marks a pair of squares that a run has claimed: on the side they share, or on the corner where they meet.",
        ruling::Steps::Sides => "A token marks a border between two squares that a run has claimed.",
    });
    ShowVerdict {
        dominoes: board
            .placements()
            .iter()
            .map(|p| ShownDomino {
                domino: p.domino,
                at: p.at,
                dir: p.dir.letter(),
                squares: p.squares(),
                numbers: [p.domino.a, p.domino.b],
            })
            .collect(),
        picture: picture::draw(board, &claimed, &Style::PLAIN),
        claimed,
        bounds: board.bounds().map(|(from, to)| Bounds { from, to }),
        explain: x,
    }
}

// ---------------------------------------------------------------------------------------
// place

/// Whether a domino may be laid where asked.
#[derive(Clone, Debug, Serialize)]
pub struct PlaceVerdict {
    pub placement: Placement,
    pub legal: bool,
    pub faults: Vec<Fault>,
    /// Each fault in words.
    pub reasons: Vec<String>,
    /// The dominoes it touches.
    pub touches: Vec<Placement>,
    /// The board file the placement was added to (set by the caller that writes it).
    pub written: Option<String>,
    /// It is laid while the starting spoke is, so it may go anywhere.
    #[serde(skip)]
    pub spoke: bool,
    #[serde(skip)]
    pub explain: Explain,
}

impl PlaceVerdict {
    /// The verdict in one line; `name` is the placement as drawn. When it may not be
    /// laid, [`PlaceVerdict::reasons`] follow.
    pub fn headline(&self, name: &str) -> String {
        if !self.legal {
            return format!("{name} may not be laid:");
        }
        let why = if self.spoke {
            format!(
                "it is one of the {SPOKE} dominoes of the starting spoke, which may go anywhere"
            )
        } else {
            format!(
                "it touches {}",
                self.touches
                    .iter()
                    .map(|t| t.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        format!("{name} may be laid: {why}.")
    }
}

/// Whether `p` may be laid on `board`, and why (not).
pub fn place(board: &Board, p: Placement, rules: &Rules) -> PlaceVerdict {
    let faults = place::faults(board, &p, rules);
    let touches: Vec<Placement> = board
        .placements()
        .iter()
        .filter(|q| {
            q.squares()
                .iter()
                .any(|a| p.squares().iter().any(|b| a.is_next_to(*b)))
        })
        .copied()
        .collect();
    let mut x = Explain::new();
    grid_rules(&mut x, rules);
    spoke_rule(&mut x, rules);
    x.rule("A domino from a hand is laid next to at least one face-up domino: one of its squares shares a side with a square of a domino on the table.");
    x.rule("On a square grid each square of a domino then touches at most one square of each neighbour, as the rules ask.");
    x.rule("A double-12 set holds each domino once (6-4 and 4-6 are one domino).");
    PlaceVerdict {
        placement: p,
        legal: faults.is_empty(),
        reasons: faults.iter().map(Fault::describe).collect(),
        faults,
        touches,
        written: None,
        spoke: board.len() < SPOKE,
        explain: x,
    }
}

// ---------------------------------------------------------------------------------------
// spots

/// Every legal placement of a domino.
#[derive(Clone, Debug, Serialize)]
pub struct SpotsVerdict {
    pub domino: Domino,
    pub on_table: Option<Placement>,
    /// The spoke is still being laid: the domino may go anywhere.
    pub anywhere: bool,
    pub spots: Vec<Placement>,
    pub count: usize,
    /// How many dominoes are on the table.
    #[serde(skip)]
    pub laid: usize,
    #[serde(skip)]
    pub explain: Explain,
}

impl SpotsVerdict {
    /// The verdict in one line; `name` is the domino as drawn. When it fits somewhere,
    /// [`SpotsVerdict::spots`] follow.
    pub fn headline(&self, name: &str) -> String {
        match (self.anywhere, self.on_table) {
            (true, _) => format!(
                "The starting spoke is not complete ({} of {SPOKE} dominoes): {name} may go anywhere on the grid.",
                self.laid
            ),
            (false, Some(at)) => {
                format!("{name} is already on the table, at {at}: it fits nowhere else.")
            }
            (false, None) if self.spots.is_empty() => format!("{name} fits nowhere."),
            (false, None) => format!(
                "{name} fits in {}:",
                count_of(self.spots.len(), "place", "places")
            ),
        }
    }
}

/// Every spot `domino` fits on `board`.
pub fn spots(board: &Board, domino: Domino, rules: &Rules) -> SpotsVerdict {
    let found = place::spots(board, domino, rules);
    let mut x = Explain::new();
    grid_rules(&mut x, rules);
    spoke_rule(&mut x, rules);
    x.rule("A domino is laid on empty squares, sharing a side with a domino on the table, either way round.");
    let list = found.clone().unwrap_or_default();
    SpotsVerdict {
        domino,
        on_table: board.find(domino).copied(),
        anywhere: found.is_none(),
        count: list.len(),
        spots: list,
        laid: board.len(),
        explain: x,
    }
}

// ---------------------------------------------------------------------------------------
// runs

/// What decides a game a "Pokino!" call ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PokinoEnd {
    /// The caller wins.
    Call,
    /// The pips decide (Territory, ruling territory-pokino: pips-decide).
    Pips,
}

/// The scoring runs a hand can play.
#[derive(Clone, Debug, Serialize)]
pub struct RunsVerdict {
    #[serde(flatten)]
    pub found: Found,
    pub hand: Vec<Card>,
    pub beads: Option<u32>,
    /// The best run plays every card in the hand: the player calls "Pokino!".
    pub pokino: bool,
    /// How a "Pokino!" call ends the game: the caller wins (`call`), or, under Territory
    /// with ruling territory-pokino: pips-decide, the pips decide (`pips`). Only when the
    /// best run calls it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pokino_decided_by: Option<PokinoEnd>,
    /// Beads bound nothing: none were given, and Greed is not played.
    #[serde(skip)]
    pub no_bead_limit: bool,
    #[serde(skip)]
    pub explain: Explain,
}

impl RunsVerdict {
    /// Why no run scores, when none does.
    pub fn no_run(&self) -> Option<String> {
        if self.found.best.is_some() {
            return None;
        }
        let f = &self.found;
        if f.max_length >= 2 {
            return Some("No scoring run: no two cards of the hand match numbers on neighbouring squares of different dominoes.".to_string());
        }
        let why = match f.bound {
            Bound::Beads => format!(
                "{} {} for {}",
                count_of(self.beads.unwrap_or(0) as usize, "bead", "beads"),
                if self.beads == Some(1) { "pays" } else { "pay" },
                count_of(f.max_length, "card", "cards")
            ),
            _ => format!("the hand holds {}", count_of(f.max_length, "card", "cards")),
        };
        Some(format!(
            "No run can be played: {why}, and a run needs 2 cards."
        ))
    }

    /// What else the best run does: it empties the hand, or it is longer than the table.
    pub fn best_notes(&self) -> Vec<String> {
        let mut out = Vec::new();
        let Some(best) = &self.found.best else {
            return out;
        };
        match self.pokino_decided_by {
            Some(PokinoEnd::Call) => out.push("It plays every card in the hand: call \"Pokino!\" — the game ends and the player wins.".to_string()),
            Some(PokinoEnd::Pips) => out.push(format!("It plays every card in the hand: call \"Pokino!\" — the game ends, and the pips decide who wins ({}: pips-decide).", ruling::Id::TerritoryPokino.cite())),
            None => {}
        }
        if best.length > TABLE_MAX {
            out.push(score::cap_note());
        }
        out
    }

    /// Why the search stopped early, when it did.
    pub fn stopped(&self) -> Option<String> {
        (!self.found.complete).then(|| {
            format!(
                "The search stopped after {} runs: there are more, and the best run shown is the best found by then.{}",
                self.found.count,
                if self.no_bead_limit {
                    " Give --beads to narrow the search."
                } else {
                    ""
                }
            )
        })
    }

    /// How many runs there are, and what bounds their length.
    pub fn tally(&self) -> String {
        let f = &self.found;
        format!(
            "{}{} in all{}.",
            if f.complete { "" } else { "At least " },
            count_of(f.count as usize, "run", "runs"),
            match f.bound {
                Bound::Beads => format!(
                    " (at most {}: one bead pays for each)",
                    count_of(f.max_length, "card", "cards"),
                ),
                Bound::Table => format!(" (at most {TABLE_MAX} cards)"),
                Bound::Hand if self.no_bead_limit => {
                    " (no --beads given: not limited by beads)".to_string()
                }
                Bound::Hand => String::new(),
            }
        )
    }

    /// What the list of runs holds.
    pub fn list_title(&self) -> String {
        let f = &self.found;
        if !f.complete {
            format!("The best {} found", f.runs.len())
        } else if f.runs.len() as u64 == f.count {
            "Every run".to_string()
        } else {
            format!("The best {}", f.runs.len())
        }
    }
}

/// Which squares are next to each other for a run, in words (ruling `steps`).
fn step_rule(rules: &Rules) -> &'static str {
    match rules.ruled.steps {
        ruling::Steps::Diagonals => {
            "Next means sharing a side or touching at a corner; a step across a corner claims that pair of squares, its token on the corner."
        }
        ruling::Steps::Sides => {
            "Next means sharing a side: squares that touch only at a corner are not next to each other."
        }
    }
}

fn runs_explain(rs: &Ruleset, rules: &Rules, pokino: bool) -> Explain {
    let mut x = Explain::new();
    x.rule("A run matches 2 or more numbers on the dominoes, in order, with cards from the hand: A-10 are 1-10, J 11, Q 12, K 0.");
    x.by(rules.ruled.tear_down, |c| match c {
        ruling::TearDown::On => "Each number is on a square next to the last; two in a row may come from one domino, which then leaves the board (Tear Down the Walls).",
        ruling::TearDown::Off => "Each number is on a square next to the last; no two in a row come from one domino.",
    });
    x.by(rules.ruled.steps, |_| step_rule(rules));
    x.by(rules.ruled.square_reuse, |c| match c {
        ruling::SquareReuse::Revisit => "Dominoes may be used again in a run, even a square already used; no border is crossed twice, and none a token claims.",
        ruling::SquareReuse::NoRevisit => "Dominoes may be used again in a run, but each square only once; no border a token claims is crossed.",
    });
    x.by(rules.ruled.greed, |c| match c {
        ruling::Greed::On => "Under Greed cards cost no beads, so beads do not limit a run.",
        ruling::Greed::Off => "Each card played costs a bead, so a run has at most as many cards as the player has beads.",
    });
    table_rule(&mut x, rs);
    if pokino && rules.pokino_pips_decide() {
        x.by(rules.ruled.territory_pokino, |_| "A player left with no card calls \"Pokino!\": the game ends at once, and under Territory the pips decide who wins.");
    } else if pokino {
        x.rule("A player left with no card calls \"Pokino!\": the game ends at once and that player wins.");
    }
    up_rule(&mut x, rs, rules, "");
    x
}

/// The runs `ask.hand` can play on `ask.board`.
pub fn runs(ask: &RunsAsk, rules: &Rules, rs: &Ruleset) -> RunsVerdict {
    let found = runs::find(
        &ask.board,
        &Query {
            hand: &ask.hand,
            beads: ask.beads,
            claimed: &ask.claimed,
            keep: if ask.all { None } else { Some(LISTED) },
            budget: ask.budget.map(u64::from).or(ask.all.then_some(ALL_BUDGET)),
        },
        rules,
    );
    let pokino = found.empties_hand(&ask.hand);
    let ends = match rules.pokino_pips_decide() {
        true => PokinoEnd::Pips,
        false => PokinoEnd::Call,
    };
    RunsVerdict {
        found,
        hand: ask.hand.clone(),
        beads: ask.beads,
        pokino,
        pokino_decided_by: pokino.then_some(ends),
        no_bead_limit: ask.beads.is_none() && !greed(rules),
        explain: runs_explain(rs, rules, pokino),
    }
}

// ---------------------------------------------------------------------------------------
// score

/// A player's score at the end of the game.
#[derive(Clone, Debug, Serialize)]
pub struct ScoreVerdict {
    #[serde(flatten)]
    pub total: Total,
    /// The beads given, if any.
    #[serde(skip)]
    pub beads_given: Option<u32>,
    #[serde(skip)]
    pub greed: bool,
    /// What one bead scores under Greed.
    #[serde(skip)]
    pub bead_value: u32,
    #[serde(skip)]
    pub explain: Explain,
}

impl ScoreVerdict {
    /// What the beads score, when beads were given.
    pub fn beads_line(&self) -> Option<String> {
        let b = self.beads_given?;
        Some(if self.greed {
            format!(
                "Beads: {b} × {} = {} points (Greed)",
                self.bead_value, self.total.bead_points
            )
        } else {
            format!("Beads: {b}, worth nothing (they score only under Greed)")
        })
    }
}

/// Scores the runs played and, under Greed, the beads left.
pub fn score(ask: &ScoreAsk, rules: &Rules, rs: &Ruleset) -> Result<ScoreVerdict, PokinoError> {
    let total = score::total(&ask.lengths, ask.beads.unwrap_or(0), rules)
        .map_err(|runs| PokinoError::Unscorable { runs })?;
    let mut x = Explain::new();
    table_rule(&mut x, rs);
    x.by(
        rules.ruled.greed,
        |_| "Beads left at the end are worth nothing, except under Greed, where each scores 5.",
    );
    up_rule(&mut x, rs, rules, ", so no run has more");
    Ok(ScoreVerdict {
        total,
        beads_given: ask.beads,
        greed: greed(rules),
        bead_value: rules.bead_points,
        explain: x,
    })
}

// ---------------------------------------------------------------------------------------
// territory

impl Award {
    /// Who gets the domino, in words.
    pub fn goes_to(&self) -> String {
        match (self.to.is_empty(), self.tied) {
            (true, true) => "no one (a tie)".to_string(),
            (true, false) => "no one".to_string(),
            (false, true) => format!("{} (a tie, shared)", self.to.join(", ")),
            (false, false) => self.to.join(", "),
        }
    }
}

/// The end of a Territory game.
#[derive(Clone, Debug, Serialize)]
pub struct TerritoryVerdict {
    #[serde(flatten)]
    pub result: TerritoryResult,
    #[serde(skip)]
    pub explain: Explain,
}

impl TerritoryVerdict {
    /// Who wins, in one line; `name` draws the winners' names.
    pub fn outcome(&self, name: impl Fn(&str) -> String) -> String {
        let best = self
            .result
            .players
            .iter()
            .map(|h| h.pips)
            .max()
            .unwrap_or(0);
        match self.result.winners.as_slice() {
            [] => "No one holds a token.".to_string(),
            [one] => format!("Winner: {} with {best} pips.", name(one)),
            many => format!("Tie: {} with {best} pips each.", name(&many.join(", "))),
        }
    }
}

impl Rules {
    /// Territory scoring needs the Territory variant.
    pub fn require_territory(&self, rs: &Ruleset) -> Result<(), PokinoError> {
        match self.ruled.territory {
            ruling::Territory::On => Ok(()),
            ruling::Territory::Off => Err(PokinoError::NoTerritory {
                ruleset: rs.name.clone(),
            }),
        }
    }
}

/// Gives each domino to the player with the most tokens touching it, and totals.
pub fn territory(board: &Board, tokens: &[Token], rules: &Rules, rs: &Ruleset) -> TerritoryVerdict {
    let mut x = Explain::new();
    x.ruled(
        match rules.ruled.steps {
            ruling::Steps::Diagonals => "Territory: each domino goes to the player with the most tokens touching it; a token touches the dominoes of both squares of its pair, across a side or a corner.",
            ruling::Steps::Sides => "Territory: each domino goes to the player with the most tokens touching it; a token touches the dominoes on both sides of its border.",
        },
        rs,
        &[ruling::Id::Territory, ruling::Id::TerritoryTies],
    );
    x.rule("Each player adds the pips of the dominoes they get; the most pips wins.");
    TerritoryVerdict {
        result: score::territory(board, tokens, rules),
        explain: x,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Source;
    use crate::pokino::input::{RunsText, parse_territory};

    const B: &str = "6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h";

    fn board() -> Board {
        B.parse().unwrap()
    }

    fn ask(hand: &str, beads: Option<&str>, rules: &Rules) -> RunsAsk {
        let hand = Source::new("--hand", hand);
        let beads = beads.map(|b| Source::new("--beads", b));
        let t = RunsText {
            hand: &hand,
            beads: beads.as_ref(),
            claimed: None,
            budget: None,
            all: false,
        };
        RunsAsk::parse(Ok(board()), t, rules).unwrap()
    }

    #[test]
    fn place_says_why() {
        let r = Rules::standard();
        let v = place(&board(), "5-5@-2,0h".parse().unwrap(), &r);
        assert!(v.legal);
        assert_eq!(
            v.headline("5-5@-2,0h"),
            "5-5@-2,0h may be laid: it touches 6-4@0,0h."
        );
        let v = place(&board(), "5-5@-3,0h".parse().unwrap(), &r);
        assert_eq!(v.headline("X"), "X may not be laid:");
        assert_eq!(
            v.reasons,
            vec!["it would touch no domino on the table (it must share a side with one)"]
        );
        let early: Board = "6-4@0,0h".parse().unwrap();
        let v = place(&early, "5-5@9,9h".parse().unwrap(), &r);
        assert!(
            v.headline("X")
                .contains("the starting spoke, which may go anywhere")
        );
        assert_eq!(v.explain.0.len(), 6);
    }

    #[test]
    fn spots_headlines() {
        let r = Rules::standard();
        let v = spots(&board(), Domino::new(4, 6), &r);
        assert_eq!(
            v.headline("4-6"),
            "4-6 is already on the table, at 6-4@0,0h: it fits nowhere else."
        );
        let early: Board = "6-4@0,0h".parse().unwrap();
        assert_eq!(
            spots(&early, Domino::new(5, 5), &r).headline("5-5"),
            "The starting spoke is not complete (1 of 4 dominoes): 5-5 may go anywhere on the grid."
        );
        let v = spots(&board(), Domino::new(5, 5), &r);
        assert!(v.headline("5-5").starts_with("5-5 fits in "));
        assert_eq!(v.count, v.spots.len());
    }

    #[test]
    fn runs_sentences() {
        let (r, rs) = (Rules::standard(), Ruleset::builtin("pokino").unwrap());
        let v = runs(&ask("6S 4H AD QC 8S", Some("3"), &r), &r, &rs);
        assert!(v.no_run().is_none());
        assert_eq!(v.stopped(), None);
        assert!(
            v.tally()
                .ends_with("in all (at most 3 cards: one bead pays for each).")
        );
        let v = runs(&ask("6S 4H", Some("1"), &r), &r, &rs);
        assert_eq!(
            v.no_run().unwrap(),
            "No run can be played: 1 bead pays for 1 card, and a run needs 2 cards."
        );
        let v = runs(&ask("2S 5H", None, &r), &r, &rs);
        assert!(v.no_run().unwrap().starts_with("No scoring run:"));
        assert!(v.explain.0.iter().any(|x| x.rule == score::table_rule()));
    }

    #[test]
    fn score_and_beads() {
        let rs = Ruleset::builtin("pokino-greed").unwrap();
        let r = Rules::from_ruleset(&rs);
        let a = ScoreAsk {
            lengths: vec![2, 12],
            beads: Some(4),
        };
        let v = score(&a, &r, &rs).unwrap();
        assert_eq!(v.beads_line().unwrap(), "Beads: 4 × 5 = 20 points (Greed)");
        assert_eq!(v.total.runs[1].points_text(), "90 (the table stops at 10)");
        let plain = Rules::standard();
        let v = score(&a, &plain, &rs).unwrap();
        assert_eq!(
            v.beads_line().unwrap(),
            "Beads: 4, worth nothing (they score only under Greed)"
        );
        let bad = ScoreAsk {
            lengths: vec![1],
            beads: None,
        };
        assert_eq!(
            score(&bad, &plain, &rs).unwrap_err(),
            PokinoError::Unscorable { runs: vec![0] }
        );
    }

    #[test]
    fn territory_outcome() {
        let rs = Ruleset::builtin("pokino-territory").unwrap();
        let r = Rules::from_ruleset(&rs);
        assert!(r.require_territory(&rs).is_ok());
        let plain = Ruleset::builtin("pokino").unwrap();
        assert_eq!(
            Rules::standard().require_territory(&plain),
            Err(PokinoError::NoTerritory {
                ruleset: plain.name.clone()
            })
        );
        let src = Source::new("--tokens", "ana:0,0-0,1 ana:1,0-2,0 bo:1,1-2,1");
        let (b, toks) = parse_territory(Ok(board()), &src, &r).unwrap();
        let v = territory(&b, &toks, &r, &rs);
        assert_eq!(
            v.outcome(|n| format!("*{n}*")),
            "Winner: *ana* with 10 pips."
        );
        assert_eq!(v.result.dominoes[1].goes_to(), "no one (a tie)");
    }
}
