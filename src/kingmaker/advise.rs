//! The Kingmaker advisor: for the player about to act in Summer (which scattered common
//! to move, and where) or in Harvest (where to insert their Blink), every legal choice
//! with the triad score it gives them and their chance to take the Year.
//!
//! Only what the player can see is read: every pair shown in Spring and Summer (the
//! commons' pressed pairs, the pairs the players revealed) and, when given, their own
//! Blink. Every other face is unknown to them; the rules do not say how many faces of
//! each colour the Blinks hold, so each unknown face is any of R Y G B alike. When few
//! faces are unknown every colouring is played (exact); else `samples` colourings are
//! drawn from `seed`. The same colourings serve every choice. After the choice the Year
//! is played to its end by a simple greedy rule for everyone still to act (see
//! [`GREEDY`]), and each triad is scored with all four faces of its Blinks lit.

use crate::kingmaker::ruling;
use crate::view::{self, Column, Doc, Hint};
use std::collections::HashMap;

use serde::Serialize;

use super::Rules;
use super::Season;
use super::build::Dir;
use super::error::AdviseError;
use super::layout::Colour;
use super::record::{Insert, Move, PairOf, Reveal, common_name, pairs_text, same_pair};
use super::score;
use super::season::{Phase, YearState};
use crate::shuffle::Shuffler;

/// The most colourings played per choice (`--samples`).
pub const MAX_SAMPLES: u32 = 1_000_000;

/// Colourings played per choice for a hint at a `play` prompt.
pub const HINT_SAMPLES: u32 = 600;

/// How later players act in a played-out Year, in words.
pub const GREEDY: &str = "a simple greedy rule, as if the colours drawn were seen: in Summer the scattered common that scores best with the mover's Blink goes to its first legal place; in Harvest each Blink takes the place whose triad scores best for its player.";

/// One legal choice, with how it fared.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Candidate {
    /// The choice as answered at the prompt: `c2 e c3` in Summer (after the pair
    /// revealed, which changes no score), `w c4` in Harvest.
    pub answer: String,
    /// Colourings in which the player takes the Year (alone, or sharing it by ruling
    /// year-tie).
    pub wins: u32,
    pub samples: u32,
    /// `wins / samples`.
    pub win_rate: f64,
    /// The half-width of a 95 % interval around `win_rate` (0 when exact).
    pub margin: f64,
    /// The player's triad score, on average over the colourings.
    pub average_score: f64,
    /// The half-width of a 95 % interval around `average_score` (0 when exact).
    pub score_margin: f64,
}

/// The advice for the player about to act: the candidates, best first (by chance to
/// take the Year, then average triad score).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Advice {
    pub player: String,
    /// `summer` or `harvest`.
    pub season: Advised,
    pub candidates: Vec<Candidate>,
    /// Faces the player cannot see.
    pub unknown_faces: u32,
    /// Whether every colouring of those faces was played.
    pub exact: bool,
    /// Colourings played per choice.
    pub samples: u32,
    pub seed: u64,
    /// The player's own Blink, when given.
    pub own_blink: Option<String>,
}

/// The seasons whose steps the advisor ranks: a choice of where a Blink goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Advised {
    Summer,
    Harvest,
}

impl Advised {
    /// The season.
    pub fn season(self) -> Season {
        match self {
            Advised::Summer => Season::Summer,
            Advised::Harvest => Season::Harvest,
        }
    }
}

/// A Blink's four faces as the player knows them: left pair, then right pair.
type Faces = [Option<Colour>; 4];

/// A colouring of every Blink: players in seat order, then c1..c4.
type World = Vec<[PairOf; 2]>;

/// A shape of the Commons: each Blink placed and where.
type Shape = Vec<(String, (i32, i32))>;

/// A legal step from a shape: the choice, the commons it puts with the mover's Blink, and
/// the shape it leads to once reached.
type Edge = (Choice, Vec<usize>, Option<usize>);

/// A legal choice: a Summer move (common, place) or a Harvest insertion.
#[derive(Clone, Debug, PartialEq)]
enum Choice {
    Summer(usize, Option<(Dir, String)>),
    Harvest(Dir, String),
}

impl Choice {
    fn answer(&self) -> String {
        match self {
            Choice::Summer(c, None) => common_name(*c),
            Choice::Summer(c, Some((d, o))) => format!("{} {d} {o}", common_name(*c)),
            Choice::Harvest(d, o) => format!("{d} {o}"),
        }
    }
}

/// The advice for the player due in `y`, from what they can see. `own` is their own
/// Blink as it lights up, when they give it; `progress` is told the colourings done.
pub fn advise(
    y: &YearState,
    own: Option<[PairOf; 2]>,
    samples: u32,
    seed: u64,
    progress: &mut dyn FnMut(u32, u32),
) -> Result<Advice, AdviseError> {
    let season = match (y.phase, y.due()) {
        (Phase::Season(Season::Summer), Some(_)) => Advised::Summer,
        (Phase::Season(Season::Harvest), Some(_)) => Advised::Harvest,
        _ => {
            return Err(AdviseError::NotAdvisable { due: y.due_text() });
        }
    };
    let me = y.due().unwrap_or(0);
    let known = known(y, me, own)?;
    let unknown = known.iter().flatten().filter(|f| f.is_none()).count() as u32;
    let all = 4u64.checked_pow(unknown).unwrap_or(u64::MAX);
    let exact = all <= u64::from(samples.max(1));
    let worlds = if exact { all as u32 } else { samples.max(1) };
    let mut tree = Tree::new();
    let root = tree.node(y.clone());
    let choices: Vec<Choice> = tree.nodes[root]
        .edges
        .iter()
        .map(|(c, _, _)| c.clone())
        .collect();
    let mut tally = vec![Tally::default(); choices.len()];
    for w in 0..worlds {
        let world = draw_world(&known, exact, seed, w);
        for (edge, t) in tally.iter_mut().enumerate() {
            if let Some((s, won)) = play_out(&mut tree, root, edge, me, &world) {
                t.add(s, won);
            }
        }
        if w % 64 == 63 || w + 1 == worlds {
            progress(w + 1, worlds);
        }
    }
    let mut candidates: Vec<Candidate> = choices
        .iter()
        .zip(&tally)
        .map(|(ch, t)| t.candidate(ch.answer(), exact))
        .collect();
    candidates.sort_by(|a, b| {
        (b.win_rate, b.average_score)
            .partial_cmp(&(a.win_rate, a.average_score))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    Ok(Advice {
        player: y.players.get(me).cloned().unwrap_or_default(),
        season,
        candidates,
        unknown_faces: unknown,
        exact,
        samples: worlds,
        seed,
        own_blink: own.map(pairs_text),
    })
}

/// Wins and scores over the colourings played.
#[derive(Clone, Debug, Default)]
struct Tally {
    wins: u32,
    n: u32,
    sum: f64,
    squares: f64,
}

impl Tally {
    fn add(&mut self, score: u64, won: bool) {
        let s = score as f64;
        self.wins += u32::from(won);
        self.n += 1;
        self.sum += s;
        self.squares += s * s;
    }

    fn candidate(&self, answer: String, exact: bool) -> Candidate {
        let n = f64::from(self.n.max(1));
        let p = f64::from(self.wins) / n;
        let mean = self.sum / n;
        let var = (self.squares / n - mean * mean).max(0.0);
        let (margin, score_margin) = if exact {
            (0.0, 0.0)
        } else {
            (1.96 * (p * (1.0 - p) / n).sqrt(), 1.96 * (var / n).sqrt())
        };
        Candidate {
            answer,
            wins: self.wins,
            samples: self.n,
            win_rate: p,
            margin,
            average_score: mean,
            score_margin,
        }
    }
}

/// What the player `me` can see of every Blink: the pairs shown on the commons, the
/// pairs the players revealed, and their own Blink when given.
fn known(y: &YearState, me: usize, own: Option<[PairOf; 2]>) -> Result<Vec<Faces>, AdviseError> {
    let n = y.players.len();
    let mut k: Vec<Faces> = vec![[None; 4]; n + 4];
    for (q, r) in y.reveals.iter().enumerate() {
        if let (Some(p), Some(f)) = (r, k.get_mut(q)) {
            f[0] = Some(p[0]);
            f[1] = Some(p[1]);
        }
    }
    if let Some(b) = own {
        if let Some(Some(r)) = y.reveals.get(me)
            && !b.iter().any(|p| same_pair(*p, *r))
        {
            return Err(AdviseError::OwnBlink {
                player: y.players.get(me).cloned().unwrap_or_default(),
                revealed: super::record::pair_text(*r),
                blink: pairs_text(b),
            });
        }
        // The revealed pair first, as the world's left pair is what a reveal shows.
        let b = match y.reveals.get(me) {
            Some(Some(r)) if same_pair(b[1], *r) => [*r, b[0]],
            Some(Some(r)) => [*r, b[1]],
            _ => b,
        };
        if let Some(f) = k.get_mut(me) {
            *f = [b[0][0], b[0][1], b[1][0], b[1][1]].map(Some);
        }
    }
    for s in &y.shown {
        if let (Some(c), Some(side)) = (super::record::common_index(&s.blink), s.side)
            && let Some(f) = k.get_mut(n + c)
        {
            f[2 * side] = Some(s.pair[0]);
            f[2 * side + 1] = Some(s.pair[1]);
        }
    }
    Ok(k)
}

/// Colouring `w`: the `w`-th of every colouring of the unknown faces (exact), or one
/// drawn from the seed.
fn draw_world(known: &[Faces], exact: bool, seed: u64, w: u32) -> World {
    let mut rng = Shuffler::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ u64::from(w));
    let mut rest = w;
    let mut next = || {
        if exact {
            let d = rest % 4;
            rest /= 4;
            d as usize
        } else {
            rng.index(0..4)
        }
    };
    known
        .iter()
        .map(|f| {
            let mut c = [Colour::Red; 4];
            for (i, face) in f.iter().enumerate() {
                c[i] = face.unwrap_or_else(|| Colour::ALL[next()]);
            }
            [[c[0], c[1]], [c[2], c[3]]]
        })
        .collect()
}

/// The shapes of the Commons reachable from the position, built as the play-outs reach
/// them: which steps are legal and which commons they touch does not depend on colours,
/// so each shape is refereed once and every colouring walks the same tree.
struct Tree {
    nodes: Vec<Node>,
    index: HashMap<Shape, usize>,
}

/// A shape of the Commons and the steps from it.
struct Node {
    state: YearState,
    /// The player due, or none once Harvest is over.
    due: Option<usize>,
    /// Each legal step: the choice, the commons it puts with the player's Blink, and the
    /// node it leads to once reached.
    edges: Vec<Edge>,
    /// Once Harvest is over: the commons each player's Blink touches.
    triads: Vec<Vec<usize>>,
}

impl Tree {
    fn new() -> Tree {
        Tree {
            nodes: Vec::new(),
            index: HashMap::new(),
        }
    }

    /// The node of a position, added when new.
    fn node(&mut self, state: YearState) -> usize {
        let key: Shape = state
            .placed
            .iter()
            .map(|p| (p.name.clone(), p.at))
            .collect();
        if let Some(i) = self.index.get(&key) {
            return *i;
        }
        let (due, edges, triads) = match state.phase {
            Phase::Season(season) => (state.due(), edges(&state, season), Vec::new()),
            _ => (None, Vec::new(), triads(&state)),
        };
        self.nodes.push(Node {
            state,
            due,
            edges,
            triads,
        });
        let i = self.nodes.len() - 1;
        self.index.insert(key, i);
        i
    }

    /// Where step `edge` of `node` leads (none if the rules refuse it).
    fn child(&mut self, node: usize, edge: usize) -> Option<usize> {
        let n = self.nodes.get(node)?;
        let (choice, _, known) = n.edges.get(edge)?;
        if let Some(c) = known {
            return Some(*c);
        }
        let mut s = n.state.clone();
        s.apply(&step_of(&n.state, n.due?, choice)).ok()?;
        let c = self.node(s);
        self.nodes[node].edges[edge].2 = Some(c);
        Some(c)
    }
}

/// Every legal step of the player due, with the commons it puts with their Blink.
fn edges(y: &YearState, season: Season) -> Vec<Edge> {
    if season == Season::Summer {
        return y
            .summer_choices()
            .into_iter()
            .map(|(c, at)| (Choice::Summer(c, at), vec![c], None))
            .collect();
    }
    let name = y
        .due()
        .and_then(|i| y.players.get(i))
        .cloned()
        .unwrap_or_default();
    y.legal_placements(&name)
        .into_iter()
        .filter_map(|p| {
            let touched = y.commons_touching(p.at);
            p.against
                .map(|(d, o)| (Choice::Harvest(d, o), touched, None))
        })
        .collect()
}

/// The commons each player's Blink touches, in seat order.
fn triads(y: &YearState) -> Vec<Vec<usize>> {
    y.players
        .iter()
        .map(|name| {
            y.placed
                .iter()
                .find(|p| p.name == *name)
                .map(|p| y.commons_touching(p.at))
                .unwrap_or_default()
        })
        .collect()
}

/// The step a choice is for player `who`. Colours told with it (the pair revealed, a
/// dark common's pairs under ruling dark-commons) change no shape, so any will do.
fn step_of(y: &YearState, who: usize, ch: &Choice) -> Move {
    let player = y.players.get(who).cloned().unwrap_or_default();
    let pair = [Colour::Red, Colour::Red];
    match ch {
        Choice::Summer(c, against) => Move::Summer(Reveal {
            player,
            pair,
            common: *c,
            against: against.clone(),
            lit: match y.rules.ruled.dark_commons {
                ruling::DarkCommons::LitWhenMoved => {
                    y.commons[*c].choosers.is_empty().then_some([pair, pair])
                }
                ruling::DarkCommons::Dark => None,
            },
        }),
        Choice::Harvest(side, of) => Move::Harvest(Insert {
            player,
            side: *side,
            of: of.clone(),
        }),
    }
}

/// Takes step `edge` from the root, then plays the Year to the end of Harvest by the
/// greedy rule: the player's triad score and whether they take the Year.
fn play_out(
    tree: &mut Tree,
    root: usize,
    edge: usize,
    me: usize,
    world: &World,
) -> Option<(u64, bool)> {
    let mut at = tree.child(root, edge)?;
    let rules = tree.nodes[root].state.rules.clone();
    let n = tree.nodes[root].state.players.len();
    while let Some(who) = tree.nodes[at].due {
        let mut best: Option<(u64, usize)> = None;
        for (i, (_, commons, _)) in tree.nodes[at].edges.iter().enumerate() {
            let value = triad(&rules, world, who, commons, n);
            if best.is_none_or(|(b, _)| value > b) {
                best = Some((value, i));
            }
        }
        at = tree.child(at, best?.1)?;
    }
    let node = &tree.nodes[at];
    let scores: Vec<(String, u64)> = node
        .state
        .players
        .iter()
        .zip(&node.triads)
        .enumerate()
        .map(|(q, (name, commons))| (name.clone(), triad(&rules, world, q, commons, n)))
        .collect();
    let (_, _, winners) = score::year_winners(&scores, &rules);
    let (name, mine) = scores.get(me)?;
    Some((*mine, winners.contains(name)))
}

/// The score of player `blink`'s Blink with the commons `commons`, every face lit.
fn triad(rules: &Rules, world: &World, blink: usize, commons: &[usize], n: usize) -> u64 {
    let mut counts = [0u32; 4];
    let blinks = std::iter::once(blink).chain(commons.iter().map(|c| n + c));
    for b in blinks {
        for c in world.get(b).into_iter().flatten().flatten() {
            counts[c.index()] += 1;
        }
    }
    score::product(&counts, rules)
}

impl Advice {
    /// The candidates as a table, best first, for people.
    pub fn doc(&self) -> Doc {
        self.hint().doc()
    }

    /// The candidates as a hint, best first, each row the answer it stands for.
    pub fn hint(&self) -> Hint {
        let season = self.season.season().name();
        let what = match self.season {
            Advised::Summer => {
                "which common to move and where (the pair revealed changes no score)"
            }
            Advised::Harvest => "where to insert your Blink",
        };
        let mut h = Hint::new(
            "Answer",
            vec![
                Column::new("Takes the Year", 2),
                Column::new("Triad score", 1),
            ],
        );
        h.headline = Some(format!("{season}, {}: {what}.", self.player));
        for c in &self.candidates {
            let (win, sc) = if self.exact {
                (
                    format!("{:.1}%", c.win_rate * 100.0),
                    format!("{:.2}", c.average_score),
                )
            } else {
                (
                    format!("{:.0}% ± {:.0}", c.win_rate * 100.0, c.margin * 100.0),
                    format!("{:.1} ± {:.1}", c.average_score, c.score_margin),
                )
            };
            h.row(view::Choice::typed(c.answer.clone()), vec![win, sc]);
        }
        h.notes = self.how().lines().map(str::to_string).collect();
        h
    }

    /// How the numbers were reached, in words.
    fn how(&self) -> String {
        let own = match &self.own_blink {
            Some(b) => format!("{}'s own Blink is {b}", self.player),
            None => format!(
                "{}'s own Blink is known only by what it showed (`kado kingmaker advise --blink` takes it whole)",
                self.player
            ),
        };
        let over = if self.exact {
            format!(
                "Exact: every colouring of the {} faces {} cannot see was played ({}).",
                self.unknown_faces, self.player, self.samples
            )
        } else {
            format!(
                "Over {} colourings of the {} faces {} cannot see, drawn from seed {}; ± is a 95% interval.",
                self.samples, self.unknown_faces, self.player, self.seed
            )
        };
        let later = match self.season {
            Advised::Summer => "Every later step, the player's own in Harvest included, follows",
            Advised::Harvest => "Every later step follows",
        };
        format!(
            "Ranked by the chance to take the Year, then the average triad score. {over} Each unseen face is any of R Y G B alike; {own}. {later} {GREEDY}\n"
        )
    }
}

/// The rules and rulings behind the advice: those the played-out Year reads, each of which
/// can change the figures, then `record`, those the record was refereed by (the
/// campaign's own explanation), `next-first` only when `tied` (a Year of the record was
/// topped by several players: only then does the ruling say who starts the next). Not
/// `lit-faces` for the play-outs: they score every triad with all its faces lit.
pub fn explain(
    record: crate::explain::Explain,
    tied: bool,
    rs: &crate::ruleset::Ruleset,
) -> crate::explain::Explain {
    let mut x = crate::explain::Explain::new();
    x.rule("The record is refereed and the Year played out under the rulings below; each can change the figures.");
    x.ruled(
        "After the choice the Year is played to the end of Harvest by a simple greedy rule, each season led and each Summer move allowed as the rules say; every triad is then scored with all its faces lit, and the highest score takes the Year.",
        rs,
        &[
            ruling::Id::FirstSeason,
            ruling::Id::SummerOwnCommon,
            ruling::Id::DarkCommons,
            ruling::Id::ZeroColour,
            ruling::Id::YearTie,
        ],
    );
    for mut r in record.0 {
        r.rulings
            .retain(|x| tied || x.id != ruling::Id::NextFirst.id());
        x.0.push(r);
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Source;
    use crate::kingmaker::Rules;
    use crate::kingmaker::record::{Entry, parse};

    const A: &str = "players: ana bo cy dee
winter: ana bo cy dee
spring: bo c2 left RG, cy c2 long RG-YB, dee c3 right GB, ana c1 left YY
summer: cy RY c3, dee BB c2 e c3, ana YB c4 ne c3, bo GB c1 sw c2
harvest: dee w c4, ana e c4, bo w c1, cy e c1
blinks: ana RG-YB, bo YY-GB, cy RY-GB, dee BB-GY, c1 YY-RR, c2 RG-YB, c3 BB-GB, c4 GG-RY
";

    /// The same Year with every colour nobody had seen by Harvest changed: the
    /// players' unrevealed pairs, c1's right pair, c3's left pair, c4 (never pressed).
    const B: &str = "players: ana bo cy dee
winter: ana bo cy dee
spring: bo c2 left RG, cy c2 long RG-YB, dee c3 right GB, ana c1 left YY
summer: cy RY c3, dee BB c2 e c3, ana YB c4 ne c3, bo GB c1 sw c2
harvest: dee w c4, ana e c4, bo w c1, cy e c1
blinks: ana YY-YB, bo RR-GB, cy RY-BB, dee BB-RR, c1 YY-GG, c2 RG-YB, c3 YY-GB, c4 BB-BB
";

    /// The Year of `text` after its first `steps` season steps.
    fn year_at(text: &str, steps: usize) -> YearState {
        let r = parse(&Source::new("record", text)).unwrap();
        let players = ["ana", "bo", "cy", "dee"].map(String::from);
        let mut y = YearState::new(&players, 0, &Rules::standard());
        let moves = r.lines.iter().filter_map(|l| match &l.entry {
            Entry::Moves(m) => Some(m.clone()),
            _ => None,
        });
        for m in moves.flatten().take(steps) {
            y.apply(&m).unwrap();
        }
        y
    }

    /// The ruling ids an explanation names, sorted.
    fn ids(x: &crate::explain::Explain) -> Vec<String> {
        x.ruling_ids()
    }

    #[test]
    fn explain_names_the_rulings_the_advice_reads() {
        use ruling::Id;
        let rs = crate::ruleset::Ruleset::builtin("kingmaker").unwrap();
        // What the record was refereed by, as the campaign explains it.
        let mut record = crate::explain::Explain::new();
        record.ruled(
            "The record's rules.",
            &rs,
            &[Id::NextFirst, Id::FirstLongPress],
        );
        let x = explain(record.clone(), false, &rs);
        assert!(
            x.0[0]
                .rule
                .starts_with("The record is refereed and the Year played out")
        );
        // No Year was tied: who starts the next Year is no ruling's to say.
        let read = [
            "dark-commons",
            "first-long-press",
            "first-season",
            "summer-own-common",
            "year-tie",
            "zero-colour",
        ];
        assert_eq!(ids(&x), read);
        let mut after_a_tie = read.to_vec();
        after_a_tie.insert(3, "next-first");
        assert_eq!(ids(&explain(record, true, &rs)), after_a_tie);
    }

    fn advice(y: &YearState, own: Option<[PairOf; 2]>, samples: u32) -> Advice {
        advise(y, own, samples, 7, &mut |_, _| {}).unwrap()
    }

    #[test]
    fn advice_never_reads_a_colour_the_player_cannot_see() {
        for steps in 5..=12 {
            let (a, b) = (year_at(A, steps), year_at(B, steps));
            assert_eq!(advice(&a, None, 50), advice(&b, None, 50), "after {steps}");
        }
    }

    #[test]
    fn every_legal_choice_is_a_candidate_and_the_prompt_takes_it() {
        let y = year_at(A, 6);
        let a = advice(&y, None, 30);
        assert_eq!((a.player.as_str(), a.season), ("dee", Advised::Summer));
        assert_eq!(a.candidates.len(), 3 * 6);
        for c in &a.candidates {
            let answer = format!("BB {}", c.answer);
            let Ok(crate::kingmaker::season::Answer::Step(m)) =
                y.read_answer(&crate::kingmaker::season::Key::Summer, &answer)
            else {
                panic!("{answer}")
            };
            let mut next = y.clone();
            next.apply(&m).unwrap();
            // Told after the pair, at the move, the answer is typed as the advice prints it.
            let mut moving = y.clone();
            moving.reveal("dee", [Colour::Blue, Colour::Blue]).unwrap();
            let Ok(crate::kingmaker::season::Answer::Step(m)) =
                moving.read_answer(&crate::kingmaker::season::Key::Move, &c.answer)
            else {
                panic!("{}", c.answer)
            };
            moving.apply(&m).unwrap();
        }
        assert!(
            a.candidates
                .windows(2)
                .all(|w| (w[0].win_rate, w[0].average_score) >= (w[1].win_rate, w[1].average_score))
        );
        let h = year_at(A, 10);
        let a = advice(&h, None, 30);
        assert_eq!(a.season, Advised::Harvest);
        assert_eq!(a.candidates.len(), h.legal_places("ana").len());
    }

    #[test]
    fn few_unknown_faces_are_played_exactly() {
        // Harvest, last to insert: cy. With cy's own Blink given, the unknown faces are
        // the other players' unrevealed pairs, c1's right, c3's left and all of c4.
        let mut y = year_at(A, 12);
        let own = [[Colour::Red, Colour::Yellow], [Colour::Green, Colour::Blue]];
        let a = advice(&y, Some(own), 100);
        assert!(!a.exact && a.samples == 100);
        assert_eq!(a.unknown_faces, 6 + 2 + 2 + 4);
        assert!(
            a.candidates
                .iter()
                .all(|c| c.margin > 0.0 || c.win_rate == 0.0)
        );
        // Every common's pairs shown: 6 faces unknown, 4^6 colourings, all played.
        for c in 0..4 {
            for side in 0..2 {
                y.shown.push(crate::kingmaker::season::ShownPair {
                    blink: common_name(c),
                    side: Some(side),
                    pair: [Colour::Red, Colour::Blue],
                    by: 0,
                    step: String::new(),
                    season: Season::Spring,
                });
            }
        }
        let a = advice(&y, Some(own), 4096);
        assert!(a.exact && a.samples == 4096 && a.unknown_faces == 6);
        assert!(
            a.candidates
                .iter()
                .all(|c| c.margin == 0.0 && c.samples == 4096)
        );
        assert!(
            a.doc()
                .text()
                .contains("Exact: every colouring of the 6 faces cy cannot see")
        );
    }

    #[test]
    fn own_blink_must_hold_the_revealed_pair() {
        let y = year_at(A, 12);
        let wrong = [[Colour::Blue, Colour::Blue], [Colour::Blue, Colour::Blue]];
        let e = advise(&y, Some(wrong), 10, 1, &mut |_, _| {}).unwrap_err();
        assert!(matches!(e, AdviseError::OwnBlink { .. }));
        assert!(e.to_string().contains("cy revealed RY in Summer"));
    }

    #[test]
    fn only_summer_and_harvest_are_advised() {
        for steps in [0, 1, 3, 13] {
            let e = advise(&year_at(A, steps), None, 10, 1, &mut |_, _| {}).unwrap_err();
            assert!(e.to_string().starts_with("nothing to advise"), "{e}");
        }
    }
}
