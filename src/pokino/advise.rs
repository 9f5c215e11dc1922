//! The Pokino advisor: every move open to the player about to act — each scoring run,
//! each place to lay each domino they hold, and passing — weighed by what it is worth to
//! them at the end of the game.
//!
//! A move is weighed over play-outs: what the player cannot see (the other players'
//! hands and dominoes, the deck's order, the poke's) is dealt afresh from the pieces
//! unseen for each play-out (the real hidden pieces are never looked at), the move is
//! made, and the game is played to its end: the other players by the greedy policy of
//! `simulate` ([`policy::greedy`]), the player's own later turns by the patient policy
//! ([`policy::patient`]). A play-out is worth the player's final score less the best other
//! player's (points, or pips under Territory). The same deals judge every move (common
//! random numbers), so their differences are not noise of the deal.
//!
//! There are too many placements to play each out in the time a player waits, so they
//! are pruned first by a cheap look: the longest run the player's hand could then walk.
//! The moves played out are the patient policy's own, the best few placements by that
//! look, the first run of each length, and passing; the others are listed after them,
//! not played out. The patient policy's move stays first unless another beats it on the
//! same deals by more than the noise of the difference.

use crate::pokino::ruling;
use crate::view::{Choice, Column, Doc, Hint};
use serde::Serialize;

use super::board::{Border, Domino};
use super::error::PokinoError;
use super::referee::{Event, Play, Referee, RunPlay};
use super::runs::{self, Limits, Query, Run};
use super::score::TABLE_MAX;
use super::{place, policy};
use crate::cards::Card;
use crate::diag::{Error, Problem, Source};
use crate::shuffle::Shuffler;

/// Deals each move is played out over at a hint (a few tenths of a second in a release
/// build on two cores).
pub const HINT_SAMPLES: usize = 16;
/// Deals each move is played out over when the advisor plays in `simulate`.
pub const SIM_SAMPLES: usize = 4;
/// The most deals a move may be played out over (`--samples`).
pub const MAX_SAMPLES: usize = 10_000;
/// How the other players are modelled, for people.
pub const OTHERS: &str = "others modelled as the greedy policy";

/// How many placements are played out, besides the patient policy's own.
pub const PLACES_WEIGHED: usize = 4;
/// How many of the longest runs are listed (every 2-card run is listed besides).
const RUNS_LISTED: usize = 200;
/// How many runs the searches behind the list count before settling.
const RUN_SEARCH: u64 = 200_000;
/// How many runs the look at a placement counts.
const PLACE_LOOK: u64 = 3_000;
/// The most turns a play-out takes (a game where nobody can move ends no other way).
const PLAY_OUT_TURNS: usize = 600;

/// What a run leaves behind: its cards, and the borders it crosses as pairs of squares.
type RunKey = (Vec<usize>, Vec<(i32, i32, i32, i32)>);

/// What a move does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    Run,
    Domino,
    Pass,
}

/// One legal move, with the cheap look that orders it before any play-out.
#[derive(Clone, Debug, PartialEq)]
pub struct Move {
    pub play: Play,
    pub kind: Kind,
    /// Runs that do the same (a walk and the same walk backwards) share a key.
    key: Option<RunKey>,
    /// For a run its points; for a placement the longest run the hand could then walk.
    look: usize,
    /// For a placement, the squares on the table it would touch.
    touching: usize,
    /// What it does, in words.
    pub reason: String,
}

/// Every legal move of player `i` as far as they know it: the longest runs their hand
/// allows ([`RUNS_LISTED`]) and every 2-card run, each place for each domino in `held`
/// (those [`place::spots`] finds, the check the game makes of a domino laid), and passing
/// when the rules allow it. The runs and passing are checked by the game's own fold.
pub fn moves(g: &Referee, i: usize, held: &[Domino], threads: usize) -> Vec<Move> {
    let mut out = run_moves(g, i);
    out.push(Move {
        play: Play::Pass,
        kind: Kind::Pass,
        key: None,
        look: 0,
        touching: 0,
        reason: "a card drawn, nothing more".into(),
    });
    out.retain(|m| g.clone().apply(&turn(g, i, &m.play)).is_ok());
    if g.players[i].dominoes > 0 {
        out.extend(place_moves(g, i, held, threads));
    }
    out
}

/// The turn of player `i` making `play`.
fn turn(g: &Referee, i: usize, play: &Play) -> Event {
    Event::Turn {
        player: g.players[i].name.clone(),
        play: play.clone(),
        draws: None,
    }
}

/// The runs listed: the longest, then every 2-card run not among them.
fn run_moves(g: &Referee, i: usize) -> Vec<Move> {
    let p = &g.players[i];
    let closed = g.closed_borders(i);
    let q = |keep| Query {
        hand: &p.known,
        beads: Some(p.beads),
        claimed: &closed,
        keep,
        budget: Some(RUN_SEARCH),
    };
    let long = runs::find(&g.board, &q(Some(RUNS_LISTED)), &g.rules).runs;
    let two = Limits {
        longest: 2,
        enough: usize::MAX,
    };
    let short = runs::find_within(&g.board, &q(None), &g.rules, two).runs;
    let mut all: Vec<Run> = Vec::new();
    for r in long.into_iter().chain(short) {
        if !all.iter().any(|a| a.squares == r.squares) {
            all.push(r);
        }
    }
    all.into_iter()
        .map(|r| {
            run_move(
                g,
                i,
                RunPlay {
                    cards: r.cards,
                    squares: Some(r.squares),
                },
            )
        })
        .collect()
}

/// A run of player `i` as a move.
fn run_move(g: &Referee, i: usize, run: RunPlay) -> Move {
    let n = run.cards.len();
    let points = super::score::points(n, &g.rules).unwrap_or(0);
    let mut reason = format!("{points} points for {n} cards");
    if n == g.players[i].hand_size() {
        reason += ": \"Pokino!\"";
    }
    Move {
        key: Some(run_key(&run)),
        look: points as usize,
        touching: 0,
        kind: Kind::Run,
        play: Play::Runs(vec![run]),
        reason,
    }
}

/// What a run leaves behind, the same for a walk and the same walk backwards: the cards
/// it plays and the borders it crosses.
fn run_key(r: &RunPlay) -> RunKey {
    let mut cards: Vec<usize> = r.cards.iter().map(|c| c.index()).collect();
    cards.sort_unstable();
    let mut borders: Vec<(i32, i32, i32, i32)> = r
        .squares
        .as_deref()
        .unwrap_or(&[])
        .windows(2)
        .map(|w| {
            let (a, b) = Border::new(w[0], w[1]).key();
            (a.x, a.y, b.x, b.y)
        })
        .collect();
    borders.sort_unstable();
    (cards, borders)
}

/// Every place for every domino held, with the longest run the hand could then walk
/// (beads aside: they come with the dominoes laid).
fn place_moves(g: &Referee, i: usize, held: &[Domino], threads: usize) -> Vec<Move> {
    let p = &g.players[i];
    let closed = g.closed_borders(i);
    let q = Query {
        hand: &p.known,
        beads: None,
        claimed: &closed,
        keep: Some(1),
        budget: Some(PLACE_LOOK),
    };
    let most = Limits {
        longest: TABLE_MAX,
        enough: TABLE_MAX,
    };
    let spots: Vec<_> = held
        .iter()
        .flat_map(|d| place::spots(&g.board, *d, &g.rules).unwrap_or_default())
        .collect();
    let looks = crate::par::map(spots.len(), threads, |k| {
        runs::find_within(&g.board.plus(spots[k]), &q, &g.rules, most)
            .best
            .map_or(0, |r| r.length)
    });
    spots
        .into_iter()
        .zip(looks)
        .map(|(at, look)| Move {
            play: Play::Domino(at),
            kind: Kind::Domino,
            key: None,
            look,
            touching: policy::touching(&g.board, &at),
            reason: match look {
                0 | 1 => "a bead".to_string(),
                n => format!("a bead; then a run of {n} in reach"),
            },
        })
        .collect()
}

/// The game as one deal of what player `i` cannot see: the other players' hands and
/// dominoes, the deck and the poke dealt at random from the pieces unseen (their own
/// dominoes too when `held` is not known).
pub fn deal_unseen(g: &Referee, i: usize, held: Option<&[Domino]>, rng: &mut Shuffler) -> Referee {
    let mut d = g.clone();
    let mine = &g.players[i].known;
    let mut cards: Vec<Card> = Card::plain_deck()
        .filter(|c| !g.played.get(c.index()).copied().unwrap_or(true) && !mine.contains(c))
        .collect();
    rng.shuffle(&mut cards);
    let mut cards = cards.into_iter();
    let on_table = |x: &Domino| g.board.find(*x).is_some() || g.torn.iter().any(|t| t.same(*x));
    let mut dominoes: Vec<Domino> = Domino::set()
        .filter(|x| !on_table(x) && !held.unwrap_or(&[]).iter().any(|h| h.same(*x)))
        .collect();
    rng.shuffle(&mut dominoes);
    let mut dominoes = dominoes.into_iter();
    for (j, p) in d.players.iter_mut().enumerate() {
        if j != i {
            let n = p.hand_size();
            p.known = cards.by_ref().take(n).collect();
            p.unknown = 0;
        }
        p.held = match (j == i, held) {
            (true, Some(h)) => Some(h.to_vec()),
            _ => Some(dominoes.by_ref().take(p.dominoes as usize).collect()),
        };
    }
    d.deck_order = Some(cards.collect());
    d.poke_order = Some(dominoes.collect());
    d
}

/// The game played from `g` to its end after player `i` makes `play`: the others by the
/// greedy policy, player `i` by the patient one. What it is worth to player `i`.
pub fn play_out(mut g: Referee, i: usize, play: &Play) -> f64 {
    if g.apply(&turn(&g, i, play)).is_err() {
        return worth(&g, i);
    }
    for _ in 0..PLAY_OUT_TURNS {
        let Some(j) = g.to_play.filter(|_| !g.is_over()) else {
            break;
        };
        let e = if j == i {
            policy::patient(&g)
        } else {
            policy::greedy(&g)
        };
        if g.apply(&e).is_err() {
            break;
        }
    }
    worth(&g, i)
}

/// Player `i`'s score less the best other player's.
pub fn worth(g: &Referee, i: usize) -> f64 {
    let s = g.scores();
    let best_other = s
        .iter()
        .enumerate()
        .filter(|(j, _)| *j != i)
        .map(|(_, v)| *v)
        .max()
        .unwrap_or(0);
    s.get(i).copied().unwrap_or(0) as f64 - best_other as f64
}

/// One move, weighed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Candidate {
    /// The move as it is typed at the `pokino play` prompt.
    pub answer: String,
    pub kind: Kind,
    /// What it does, in words.
    pub reason: String,
    /// The mean worth over the play-outs (null: pruned, not played out).
    pub value: Option<f64>,
    /// Half the width of the 95% interval of `value`.
    pub margin: Option<f64>,
    #[serde(skip)]
    pub play: Play,
}

/// The moves played out, by their index in the list: the patient policy's own (first),
/// passing, the first run of each length and the best placements by the cheap look.
fn shortlist(list: &[Move], prior: usize) -> Vec<usize> {
    let mut out = vec![prior];
    let add = |k: usize, out: &mut Vec<usize>| {
        let same = |j: &usize| list[*j].key.is_some() && list[*j].key == list[k].key;
        if !out.contains(&k) && !out.iter().any(same) {
            out.push(k);
        }
    };
    let mut lengths = Vec::new();
    for (k, m) in list.iter().enumerate() {
        match (&m.kind, &m.play) {
            (Kind::Pass, _) => add(k, &mut out),
            (Kind::Run, Play::Runs(r)) if !lengths.contains(&r[0].cards.len()) => {
                lengths.push(r[0].cards.len());
                add(k, &mut out);
            }
            _ => {}
        }
    }
    let mut places: Vec<usize> = (0..list.len())
        .filter(|k| list[*k].kind == Kind::Domino)
        .collect();
    places.sort_by_key(|k| std::cmp::Reverse((list[*k].look, list[*k].touching)));
    for k in places.into_iter().take(PLACES_WEIGHED) {
        add(k, &mut out);
    }
    out
}

/// Where the patient policy's move is in `list` (added when the list left it out: a
/// run beyond the longest listed). `None` when there is no legal move at all.
fn prior_index(view: &Referee, i: usize, list: &mut Vec<Move>) -> Option<usize> {
    let Event::Turn { play, .. } = policy::patient(view) else {
        return (!list.is_empty()).then_some(0);
    };
    if let Some(k) = list.iter().position(|m| m.play == play) {
        return Some(k);
    }
    match play {
        Play::Runs(mut runs)
            if runs.len() == 1
                && view
                    .clone()
                    .apply(&turn(view, i, &Play::Runs(runs.clone())))
                    .is_ok() =>
        {
            list.push(run_move(view, i, runs.remove(0)));
            Some(list.len() - 1)
        }
        _ => (!list.is_empty()).then_some(0),
    }
}

/// Every legal move of player `i` in `g`, best first: the shortlist played out over
/// `samples` deals of the pieces unseen from `seed`, then the rest. `held`: the
/// dominoes the player holds, when known.
pub fn weigh(
    g: &Referee,
    i: usize,
    held: Option<&[Domino]>,
    samples: usize,
    seed: u64,
    threads: usize,
) -> Vec<Candidate> {
    let mut view = g.clone();
    view.players[i].held = held.map(<[Domino]>::to_vec);
    let mut list = moves(&view, i, held.unwrap_or(&[]), threads);
    let Some(prior) = prior_index(&view, i, &mut list) else {
        return Vec::new();
    };
    let short = shortlist(&list, prior);
    let samples = samples.clamp(2, MAX_SAMPLES);
    let deals: Vec<Referee> = (0..samples)
        .map(|k| {
            let mut rng = Shuffler::new(seed ^ (k as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
            deal_unseen(&view, i, held, &mut rng)
        })
        .collect();
    let values = crate::par::map(short.len() * samples, threads, |n| {
        let (m, k) = (short[n / samples], n % samples);
        play_out(deals[k].clone(), i, &list[m].play)
    });
    let weighed: Vec<(usize, Vec<f64>)> = short
        .iter()
        .enumerate()
        .map(|(s, m)| (*m, values[s * samples..(s + 1) * samples].to_vec()))
        .collect();
    rank(&list, &weighed)
}

/// The candidates best first: the moves played out by their mean, the patient policy's
/// own (the first weighed) first unless another beats it by more than the noise of the
/// difference; then every other move, a run sharing the worth of one played out (the
/// same walk backwards) beside it, the rest by the cheap look.
fn rank(list: &[Move], weighed: &[(usize, Vec<f64>)]) -> Vec<Candidate> {
    let mut order: Vec<usize> = (0..weighed.len()).collect();
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
    order.sort_by(|a, b| mean(&weighed[*b].1).total_cmp(&mean(&weighed[*a].1)));
    if let Some(&top) = order.first()
        && top != 0
        && !beats(&weighed[top].1, &weighed[0].1)
    {
        order.retain(|k| *k != 0);
        order.insert(0, 0);
    }
    let mut out = Vec::new();
    let mut done = vec![false; list.len()];
    for k in order {
        let (m, v) = &weighed[k];
        let (value, margin) = crate::stats::mean_and_margin(v);
        for (j, other) in list.iter().enumerate() {
            let same = j == *m || (other.key.is_some() && other.key == list[*m].key);
            if same && !done[j] {
                done[j] = true;
                out.push(candidate(other, Some(value), Some(margin)));
            }
        }
    }
    let mut rest: Vec<usize> = (0..list.len()).filter(|j| !done[*j]).collect();
    rest.sort_by_key(|j| {
        let kind = match list[*j].kind {
            Kind::Run => 0,
            Kind::Domino => 1,
            Kind::Pass => 2,
        };
        (kind, std::cmp::Reverse((list[*j].look, list[*j].touching)))
    });
    out.extend(rest.into_iter().map(|j| candidate(&list[j], None, None)));
    out
}

fn candidate(m: &Move, value: Option<f64>, margin: Option<f64>) -> Candidate {
    Candidate {
        answer: m.play.to_string(),
        kind: m.kind,
        reason: m.reason.clone(),
        value,
        margin,
        play: m.play.clone(),
    }
}

/// Whether `a` beats `b` on the same deals by more than one standard error of the
/// difference.
fn beats(a: &[f64], b: &[f64]) -> bool {
    let d: Vec<f64> = a.iter().zip(b).map(|(x, y)| x - y).collect();
    let (mean, margin) = crate::stats::mean_and_margin(&d);
    // `margin` is 1.96 standard errors.
    mean > margin / 1.96
}

/// The advisor's move for the player to move in `g` (whose dominoes kado knows, as in a
/// virtual deal), for `simulate`.
pub fn choose(g: &Referee, samples: usize, seed: u64, threads: usize) -> Event {
    let i = g.to_play.unwrap_or(0);
    let held = g.players[i].held.clone();
    let best = weigh(g, i, held.as_deref(), samples, seed, threads);
    match best.into_iter().next() {
        Some(c) => turn(g, i, &c.play),
        None => policy::greedy(g),
    }
}

/// The advice at one turn.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Advice {
    /// The player advised: the one about to act.
    pub player: String,
    /// What a move's value counts: `points`, or `pips` under Territory.
    pub measure: &'static str,
    /// Every legal move, best first: those played out, then the others.
    pub candidates: Vec<Candidate>,
    /// How many moves were played out.
    pub played_out: usize,
    /// Whether kado knows the player's dominoes (else no placement is listed).
    pub dominoes_known: bool,
    /// Deals each move was played out over, and their seed.
    pub samples: usize,
    pub seed: u64,
    /// How the other players, and the player's own later turns, are modelled.
    pub others: &'static str,
    pub own: &'static str,
}

/// Why there is no advice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoAdvice {
    /// A line of the record breaks a rule: the advice would build on it.
    Illegal { line: usize, why: String },
    /// The game is over.
    Over,
    /// The starting spoke is not on the table yet.
    NoSpoke,
    /// Nobody has played yet and the rules let whoever plays first begin.
    FirstUndecided,
    /// kado does not know every card in the hand of the player to act.
    HandUnknown { player: String, unknown: u32 },
    /// The player has no legal move.
    NoMove { player: String },
}

impl std::fmt::Display for NoAdvice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoAdvice::Illegal { line, why } => write!(
                f,
                "line {line} of the record breaks a rule ({why}); `kado pokino check` says more"
            ),
            NoAdvice::Over => f.write_str("the game is over: there is no move to advise on"),
            NoAdvice::NoSpoke => {
                f.write_str("the starting spoke is not on the table yet: there is no move to advise on")
            }
            NoAdvice::FirstUndecided => f.write_str(
                &format!("nobody has played yet and whoever plays first begins ({cite}): the advice is for the player about to act, so write the first turn", cite = ruling::Id::FirstPlayer.cite()),
            ),
            NoAdvice::HandUnknown { player, unknown } => write!(
                f,
                "kado does not know {player}'s whole hand ({} unseen): tell it first (`{player}: CARDS`)",
                crate::words::count(*unknown, "card")
            ),
            NoAdvice::NoMove { player } => write!(f, "{player} has no legal move"),
        }
    }
}

/// The advice for the player about to act in `g`: every legal move weighed over
/// `samples` deals of the pieces they cannot see, from `seed`, on `threads` threads.
/// `held`: their dominoes, when the game does not know them (real pieces).
pub fn advise(
    g: &Referee,
    held: Option<&[Domino]>,
    samples: usize,
    seed: u64,
    threads: usize,
) -> Result<Advice, NoAdvice> {
    if g.is_over() {
        return Err(NoAdvice::Over);
    }
    if !g.spoke_laid() {
        return Err(NoAdvice::NoSpoke);
    }
    let i = g.to_play.ok_or(NoAdvice::FirstUndecided)?;
    let p = &g.players[i];
    if p.unknown > 0 {
        return Err(NoAdvice::HandUnknown {
            player: p.name.clone(),
            unknown: p.unknown,
        });
    }
    let held = held.map(<[Domino]>::to_vec).or_else(|| p.held.clone());
    let samples = samples.clamp(2, MAX_SAMPLES);
    let candidates = weigh(g, i, held.as_deref(), samples, seed, threads);
    if candidates.is_empty() {
        return Err(NoAdvice::NoMove {
            player: p.name.clone(),
        });
    }
    Ok(Advice {
        player: p.name.clone(),
        measure: match g.rules.ruled.territory {
            ruling::Territory::On => "pips",
            ruling::Territory::Off => "points",
        },
        played_out: candidates.iter().filter(|c| c.value.is_some()).count(),
        candidates,
        dominoes_known: held.is_some(),
        samples,
        seed,
        others: "greedy",
        own: "patient",
    })
}

/// `kado pokino advise`: the advice for the player about to act where the record's last
/// game stops, refereed under `rules` first. `dominoes`: the player's dominoes as they
/// name them (`--dominoes`), when the record does not deal them. Why there is none is a
/// problem at the record's last line (or at the dominoes named).
pub fn advise_record(
    src: &Source,
    rules: &super::Rules,
    dominoes: Option<&Source>,
    samples: usize,
    seed: u64,
    threads: usize,
) -> Result<Advice, Error> {
    let v = super::check::check(src, rules)?;
    let at_end = |why: NoAdvice| {
        let last = src.text.trim_end().lines().count().max(1);
        Error::from(Problem::new(why.to_string()).at_line_col(src, last, 1))
    };
    let Some(last) = v.games.into_iter().last() else {
        return Err(at_end(NoAdvice::Over));
    };
    if let Some(i) = last.illegal {
        return Err(at_end(NoAdvice::Illegal {
            line: i.line,
            why: i.reason,
        }));
    }
    let g = last.game;
    let held = match (dominoes, g.to_play.filter(|_| !g.is_over())) {
        (Some(d), Some(i)) if g.players[i].held.is_some() => {
            let why = PokinoError::HeldDealt {
                player: g.players[i].name.clone(),
            };
            return Err(crate::diag::Coded::to_problem(&why)
                .at(d, 0..d.text.len())
                .into());
        }
        (Some(d), Some(i)) => Some(super::input::read_held(d, &g, g.players[i].dominoes)?),
        _ => None,
    };
    advise(&g, held.as_deref(), samples, seed, threads).map_err(at_end)
}

/// Where the advice is shown: the footnote says what may be typed there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// `kado pokino advise`, every move listed with `--all`.
    Command { all: bool },
    /// `hint` at a `pokino play` prompt.
    Prompt,
}

impl Advice {
    /// The advice as a table, best first: the moves played out, then (with `all`) the
    /// others, or how many there are.
    pub fn doc(&self, shown: Shown) -> Doc {
        self.hint(shown).doc()
    }

    /// The advice as a hint, best first, each row the move it stands for.
    pub fn hint(&self, shown: Shown) -> Hint {
        let all = shown == Shown::Command { all: true };
        let measure = if self.measure == "pips" {
            "Pips"
        } else {
            "Points"
        };
        let mut h = Hint::new(
            "Answer",
            vec![Column::new(measure, 2), Column::new("What it does", 1)],
        );
        for c in &self.candidates {
            if c.value.is_none() && !all {
                break;
            }
            h.row(
                Choice::typed(c.answer.clone()),
                vec![
                    match (c.value, c.margin) {
                        (Some(v), Some(m)) => format!("{v:+.1} ± {m:.1}"),
                        _ => "—".into(),
                    },
                    c.reason.clone(),
                ],
            );
        }
        h.notes = self
            .footnote(measure, shown)
            .lines()
            .map(str::to_string)
            .collect();
        h
    }

    /// What the values are, how they were weighed, and what was left out.
    fn footnote(&self, measure: &str, shown: Shown) -> String {
        let who = &self.player;
        let mut out = format!(
            "{measure}: {who}'s final {} less the best other player's, over {} deals of the pieces {who} cannot see (seed {}); {OTHERS}, {who}'s later turns as the patient policy; the same deals for every move; ± is a 95% interval.\n",
            if self.measure == "pips" {
                "pips"
            } else {
                "score"
            },
            self.samples,
            self.seed
        );
        let first = self.candidates.first().and_then(|c| c.value);
        if self.candidates.iter().any(|c| c.value > first) {
            out += "The patient policy's move stays first: no other beats it on these deals by more than the noise of the difference.\n";
        }
        let rest = self.candidates.len() - self.played_out;
        if rest > 0 {
            out += &format!(
                "{} of {} moves played out: the patient policy's, passing, the first run of each length and the {PLACES_WEIGHED} places opening the longest runs for the hand; {}\n",
                self.played_out,
                self.candidates.len(),
                match shown {
                    Shown::Command { all: true } => "the others follow, marked —.".to_string(),
                    Shown::Command { all: false } => {
                        format!("{rest} more not played out (`--all` lists them).")
                    }
                    Shown::Prompt => format!("{rest} more not played out."),
                }
            );
        }
        if !self.dominoes_known {
            let how = match shown {
                Shown::Prompt => "`hint A-B C-D E-F` names them",
                Shown::Command { .. } => "--dominoes names them",
            };
            out += &format!(
                "kado does not know {who}'s dominoes, so no place to lay one is weighed: {how}.\n"
            );
        }
        out
    }
}

/// Whether a game under `rules` reads ruling `id` at all: a variant's own rulings only
/// when the variant is on (Territory's ties and "Pokino!", Pokino-Up!'s draw, Tear Down
/// the Walls' torn dominoes).
pub fn in_play(id: ruling::Id, rules: &super::Rules) -> bool {
    match id {
        ruling::Id::TerritoryTies | ruling::Id::TerritoryPokino => match rules.ruled.territory {
            ruling::Territory::On => true,
            ruling::Territory::Off => false,
        },
        ruling::Id::UpDraw => match rules.ruled.pokino_up {
            ruling::PokinoUp::On => true,
            ruling::PokinoUp::Off => false,
        },
        ruling::Id::TornTokens | ruling::Id::TornSplit => match rules.ruled.tear_down {
            ruling::TearDown::On => true,
            ruling::TearDown::Off => false,
        },
        _ => true,
    }
}

/// The rules and rulings behind the advice: those the refereeing of the record and the
/// play-outs read, each of which can change the figures; a variant's own rulings only
/// under it ([`in_play`]).
pub fn explain(rs: &crate::ruleset::Ruleset) -> crate::explain::Explain {
    let rules = super::Rules::from_ruleset(rs);
    let mut x = crate::explain::Explain::new();
    x.rule("The record is refereed and the moves are played out under the rulings below; each can change the figures.");
    x.rule("Each move is played out to the end of the game over deals of the pieces the player cannot see: the others by the greedy policy, the player's own later turns by the patient policy.");
    let mut referee = super::check::explain(rs, &rules);
    for r in &mut referee.0 {
        r.rulings
            .retain(|x| (ruling::Id::ALL.iter()).any(|id| id.id() == x.id && in_play(*id, &rules)));
    }
    x.0.extend(referee.0);
    x.by(rules.ruled.playing_area, |c| match c {
        ruling::PlayingArea::Unbounded => {
            "The table has no edge: a domino may lie anywhere it fits."
        }
        ruling::PlayingArea::Bounded => "Every domino must lie within the bounds of the table.",
    });
    x
}

#[cfg(test)]
mod tests;
