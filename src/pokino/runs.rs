//! Scoring runs: walks across the board that cards from a hand can match.
//!
//! A run is a walk of 2 or more squares, each step to a square sharing a side with the
//! last (or, under `steps: diagonals`, touching it at a corner), of a different domino (the same one is allowed under Tear Down the Walls, and
//! tears that domino off the board), across no claimed border and no border twice
//! (`square-reuse: revisit`; under `no-revisit` no square twice either). Its numbers,
//! in order, are matched by cards from the hand, each card used once; a player pays a
//! bead per card, so a run has at most as many cards as the player has beads (no limit
//! under Greed).
//!
//! Runs are walks, so a walk and the same walk backwards are two runs (the cards are
//! played in the other order). Runs are ordered by points, then length, then by their
//! squares in reading order (row, then column), first square first.

use crate::pokino::ruling;
use serde::Serialize;

use super::board::{Board, Border, Domino, QuickMap, Square};
use super::score::{TABLE_MAX, points};
use super::{MAX_NUMBER, Rules, card_number};
use crate::cards::Card;

/// What to look for.
#[derive(Clone, Debug)]
pub struct Query<'a> {
    /// The cards in the player's hand.
    pub hand: &'a [Card],
    /// The beads the player has (`None`: not limited by beads).
    pub beads: Option<u32>,
    /// Borders already claimed by a token.
    pub claimed: &'a [Border],
    /// How many of the best runs to list (`None`: every run).
    pub keep: Option<usize>,
    /// Stop after counting this many runs (`None`: [`BUDGET`]).
    pub budget: Option<u64>,
}

/// One scoring run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Run {
    pub length: usize,
    pub points: u32,
    /// The numbers walked, in order.
    pub numbers: Vec<u8>,
    /// The cards from the hand that match them, in order.
    pub cards: Vec<Card>,
    /// The squares walked, in order.
    pub squares: Vec<Square>,
    /// Dominoes that leave the board (Tear Down the Walls): both halves used one after
    /// the other.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub torn: Vec<Domino>,
}

/// What bounds the length of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Bound {
    /// The cards in the hand.
    Hand,
    /// The beads the player can pay.
    Beads,
    /// The scoring table (`long-runs: forbidden`).
    Table,
}

/// Every run a hand can play, counted, and the best of them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Found {
    pub best: Option<Run>,
    /// The best runs, best first (or every run, when asked).
    pub runs: Vec<Run>,
    /// How many runs there are in all (at least, when the search was cut short).
    pub count: u64,
    /// False when there were more runs than the search budget: `count` is then a lower
    /// bound and `best` the best run found before it stopped.
    pub complete: bool,
    /// The most cards a run may have here, and why.
    pub max_length: usize,
    pub bound: Bound,
}

impl Found {
    /// Whether the best run plays every card in the hand: the player then holds no card
    /// and calls "Pokino!", which ends the game with their win.
    pub fn empties_hand(&self, hand: &[Card]) -> bool {
        self.best.as_ref().is_some_and(|b| b.length == hand.len())
    }
}

/// The board as a graph: squares in reading order, and the borders a run may cross.
struct Graph {
    squares: Vec<Square>,
    number: Vec<u8>,
    piece: Vec<usize>,
    /// The dominoes, by piece.
    dominoes: Vec<Domino>,
    /// For each square, up to eight squares a run may step to (in reading order) and
    /// the id of the pair (border or corner) crossed; `degree` says how many are used.
    adj: Vec<[(u16, u16); 8]>,
    degree: Vec<u8>,
    borders: usize,
}

impl Graph {
    fn new(board: &Board, claimed: &[Border], rules: &Rules) -> Graph {
        let cells = board.cells();
        let squares: Vec<Square> = cells.iter().map(|(s, _)| *s).collect();
        let index = SquareIndex::new(&squares);
        let number: Vec<u8> = cells.iter().map(|(_, c)| c.number).collect();
        let piece: Vec<usize> = cells.iter().map(|(_, c)| c.piece).collect();
        // The claimed pairs of covered squares, as pairs of indices (earlier first), sorted.
        let mut closed: Vec<(u16, u16)> = claimed
            .iter()
            .filter_map(|b| {
                let (a, c) = b.key();
                Some((index.get(a)?, index.get(c)?))
            })
            .collect();
        closed.sort_unstable();
        let cross_a_domino = may_cross_a_domino(rules);
        let mut borders = 0u16;
        let mut adj = vec![[(0u16, 0u16); 8]; squares.len()];
        let mut degree = vec![0u8; squares.len()];
        for (i, s) in squares.iter().enumerate() {
            // The squares a run may step to, in ascending reading order.
            for n in s.around().into_iter().filter(|n| s.is_step_to(*n, rules)) {
                let Some(j) = index.get(n) else { continue };
                // As [`step_blocked`] says, on indices.
                let pair = ((i as u16).min(j), (i as u16).max(j));
                if (!cross_a_domino && piece[i] == piece[usize::from(j)])
                    || closed.binary_search(&pair).is_ok()
                {
                    continue;
                }
                // A pair is met first from its earlier square; from the later one, the
                // earlier one's entry gives its id (a step is allowed both ways or neither;
                // a later square has no entries yet).
                let earlier = &adj[usize::from(j)][..usize::from(degree[usize::from(j)])];
                let id = match earlier.iter().find(|(to, _)| usize::from(*to) == i) {
                    Some(&(_, id)) => id,
                    None => {
                        borders += 1;
                        borders - 1
                    }
                };
                adj[i][usize::from(degree[i])] = (j, id);
                degree[i] += 1;
            }
        }
        Graph {
            squares,
            number,
            piece,
            dominoes: board.placements().iter().map(|p| p.domino).collect(),
            adj,
            degree,
            borders: usize::from(borders),
        }
    }
}

/// Where each covered square is in a list of them: a grid over the board's bounding box
/// when that is small (as on any board played), a hash map otherwise.
enum SquareIndex {
    Grid(Grid),
    Map(QuickMap<Square, u16>),
}

/// The bounding box of a list of squares, row by row: the index of the square in each
/// place plus one, 0 where no square is.
struct Grid {
    left: i32,
    top: i32,
    width: i32,
    height: i32,
    at: Vec<u16>,
}

impl Grid {
    fn get(&self, s: Square) -> Option<u16> {
        let (x, y) = (s.x - self.left, s.y - self.top);
        if x < 0 || y < 0 || x >= self.width || y >= self.height {
            return None;
        }
        self.at[(y * self.width + x) as usize].checked_sub(1)
    }
}

/// The largest bounding box [`SquareIndex`] lays out as a grid.
const GRID_CELLS: i64 = 16_384;

impl SquareIndex {
    fn new(squares: &[Square]) -> SquareIndex {
        let (mut left, mut top, mut right, mut bottom) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
        for s in squares {
            (left, right) = (left.min(s.x), right.max(s.x));
            (top, bottom) = (top.min(s.y), bottom.max(s.y));
        }
        let width = i64::from(right) - i64::from(left) + 1;
        let height = i64::from(bottom) - i64::from(top) + 1;
        if squares.is_empty() || width * height > GRID_CELLS {
            return SquareIndex::Map(
                squares
                    .iter()
                    .enumerate()
                    .map(|(i, s)| (*s, i as u16))
                    .collect(),
            );
        }
        // Both fit in an i32 now: neither is more than GRID_CELLS.
        let (width, height) = (width as i32, height as i32);
        let mut at = vec![0u16; (width * height) as usize];
        for (i, s) in squares.iter().enumerate() {
            at[((s.y - top) * width + (s.x - left)) as usize] = i as u16 + 1;
        }
        SquareIndex::Grid(Grid {
            left,
            top,
            width,
            height,
            at,
        })
    }

    fn get(&self, s: Square) -> Option<u16> {
        match self {
            SquareIndex::Grid(g) => g.get(s),
            SquareIndex::Map(m) => m.get(&s).copied(),
        }
    }
}

/// Why a run may not step between two neighbouring covered squares, if it may not: the
/// two halves of one domino (allowed under Tear Down the Walls), or a claimed border
/// (`claimed` sorted).
/// The run search and the check of a run as written both ask this.
fn step_blocked(
    same_domino: bool,
    a: Square,
    b: Square,
    claimed: &[(Square, Square)],
    rules: &Rules,
) -> Option<StepFault> {
    if same_domino && !may_cross_a_domino(rules) {
        return Some(StepFault::SameDomino);
    }
    let border = Border::new(a, b);
    claimed
        .binary_search(&border.key())
        .is_ok()
        .then_some(StepFault::Claimed {
            border,
            by: String::new(),
            own: false,
        })
}

/// Whether a run may step between the two halves of one domino (Tear Down the Walls).
fn may_cross_a_domino(rules: &Rules) -> bool {
    match rules.ruled.tear_down {
        ruling::TearDown::Off => false,
        ruling::TearDown::On => true,
    }
}

/// The claimed borders as pairs of squares, sorted for [`step_blocked`]'s look-up.
fn sorted_keys(claimed: &[Border]) -> Vec<(Square, Square)> {
    let mut keys: Vec<(Square, Square)> = claimed.iter().map(|b| b.key()).collect();
    keys.sort_unstable();
    keys
}

/// Why a run as written is not a legal walk on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum StepFault {
    /// No domino covers the square.
    Empty { square: Square },
    /// The two squares do not share a side (ruling `steps: sides`), or do not touch even
    /// at a corner (`steps: diagonals`, then `diagonals` is true).
    NotNext {
        from: Square,
        to: Square,
        diagonals: bool,
    },
    /// Two numbers in a row from one domino (allowed under Tear Down the Walls).
    SameDomino,
    /// The border is claimed already: by `by` (empty where not yet looked up), the run's
    /// own player where `own`.
    Claimed {
        border: Border,
        by: String,
        own: bool,
    },
    /// The run crosses a border it crossed before.
    BorderTwice { border: Border },
    /// The run comes back to a square (ruling `square-reuse: no-revisit`).
    SquareTwice { square: Square },
}

/// A run as written, checked step by step against the board: the borders it claims and
/// the dominoes it tears off (Tear Down the Walls), or the first step that is not legal
/// (its index in `squares`, from 1, and why). The numbers are not compared with cards
/// here.
pub fn check_walk(
    board: &Board,
    squares: &[Square],
    claimed: &[Border],
    rules: &Rules,
) -> Result<(Vec<Border>, Vec<Domino>), (usize, StepFault)> {
    let claimed = sorted_keys(claimed);
    let mut crossed: Vec<Border> = Vec::new();
    let mut torn: Vec<Domino> = Vec::new();
    if let Some(first) = squares.first()
        && board.cell(*first).is_none()
    {
        return Err((0, StepFault::Empty { square: *first }));
    }
    for (i, pair) in squares.windows(2).enumerate() {
        let (a, b) = (pair[0], pair[1]);
        let fault = |f| Err((i + 1, f));
        let (Some(ca), Some(cb)) = (board.cell(a), board.cell(b)) else {
            return fault(StepFault::Empty { square: b });
        };
        if !a.is_step_to(b, rules) {
            return fault(StepFault::NotNext {
                from: a,
                to: b,
                diagonals: rules.diagonals(),
            });
        }
        let same = ca.piece == cb.piece;
        if let Some(f) = step_blocked(same, a, b, &claimed, rules) {
            return fault(f);
        }
        let border = Border::new(a, b);
        if crossed.iter().any(|c| c.same(border)) {
            return fault(StepFault::BorderTwice { border });
        }
        match rules.ruled.square_reuse {
            ruling::SquareReuse::NoRevisit if squares[..=i].contains(&b) => {
                return fault(StepFault::SquareTwice { square: b });
            }
            ruling::SquareReuse::NoRevisit | ruling::SquareReuse::Revisit => {}
        }
        crossed.push(border);
        if same
            && let Some(p) = board.placements().get(ca.piece)
            && !torn.contains(&p.domino)
        {
            torn.push(p.domino);
        }
    }
    let claims = crossed
        .into_iter()
        .filter(|b| board.cell(b.a).map(|c| c.piece) != board.cell(b.b).map(|c| c.piece))
        .collect();
    Ok((claims, torn))
}

/// Every walk whose numbers are those of `cards`, in order: the squares a run of these
/// cards may take on the board (the run search, kept to walks as long as the run). At
/// most `limit` are returned; more than that many are not told apart.
pub fn walks_for(
    board: &Board,
    cards: &[Card],
    claimed: &[Border],
    rules: &Rules,
    limit: usize,
) -> Vec<Vec<Square>> {
    let want: Vec<Option<u8>> = cards.iter().map(|c| card_number(*c)).collect();
    let found = find(
        board,
        &Query {
            hand: cards,
            beads: None,
            claimed,
            keep: Some(WALK_KEEP),
            budget: Some(WALK_BUDGET),
        },
        rules,
    );
    found
        .runs
        .into_iter()
        .filter(|r| r.length == cards.len())
        .filter(|r| r.numbers.iter().map(|n| Some(*n)).eq(want.iter().copied()))
        .map(|r| r.squares)
        .take(limit)
        .collect()
}

/// How many runs [`walks_for`] looks through, and how many of the longest it keeps.
const WALK_BUDGET: u64 = 2_000_000;
const WALK_KEEP: usize = 2_000;

/// The depth-first search over walks. Squares are tried in reading order, so runs are
/// found in reading order of their squares (a run before its extensions).
struct Walker<'g> {
    g: &'g Graph,
    counts: [u8; MAX_NUMBER as usize + 1],
    crossed: Vec<u64>,
    visited: Vec<u64>,
    path: Vec<u16>,
    max_len: usize,
    revisit: bool,
    count: u64,
    budget: u64,
    keep: Option<usize>,
    /// The search stops at the first run of this many cards ([`Limits::enough`]).
    enough: usize,
    /// The best runs so far, best first (ties in the order found).
    top: Vec<Vec<u16>>,
}

fn bit(set: &[u64], i: usize) -> bool {
    set[i / 64] & (1 << (i % 64)) != 0
}

fn flip(set: &mut [u64], i: usize) {
    set[i / 64] ^= 1 << (i % 64);
}

impl Walker<'_> {
    /// Whether a run of `len` squares would join the best kept so far.
    fn wants(&self, len: usize) -> bool {
        match self.keep {
            None => true,
            Some(k) => self.top.len() < k || self.top.last().is_some_and(|w| w.len() < len),
        }
    }

    /// Keeps the run now on `path`.
    fn keep_path(&mut self) {
        let len = self.path.len();
        match self.keep {
            None => self.top.push(self.path.clone()),
            Some(k) => {
                let at = self.top.partition_point(|w| w.len() >= len);
                self.top.insert(at, self.path.clone());
                self.top.truncate(k);
            }
        }
    }

    /// Whether a walk that just reached `v` across `via`, using a card for `used`, can
    /// go one step further.
    fn can_go_on(&self, v: usize, via: u16, used: u8) -> bool {
        let g = self.g;
        g.adj[v][..usize::from(g.degree[v])].iter().any(|&(w, b)| {
            let w = usize::from(w);
            if b == via || bit(&self.crossed, usize::from(b)) {
                return false;
            }
            if !self.revisit && bit(&self.visited, w) {
                return false;
            }
            let m = g.number[w];
            self.counts[usize::from(m)] > u8::from(m == used)
        })
    }

    /// Counts (and keeps) every run that extends the walk on `path`, which ends at
    /// `from`. False when the budget ran out.
    fn walk(&mut self, from: usize) -> bool {
        let g = self.g;
        let len = self.path.len() + 1;
        for k in 0..usize::from(g.degree[from]) {
            let (to, border) = g.adj[from][k];
            let (to_i, b) = (usize::from(to), usize::from(border));
            if bit(&self.crossed, b) || (!self.revisit && bit(&self.visited, to_i)) {
                continue;
            }
            let n = g.number[to_i];
            if self.counts[usize::from(n)] == 0 {
                continue;
            }
            if self.count == self.budget {
                return false;
            }
            self.count += 1;
            if self.wants(len) {
                self.path.push(to);
                self.keep_path();
                self.path.pop();
            }
            if len >= self.enough {
                return false;
            }
            // Go deeper only where another step is possible: most runs end here.
            if len < self.max_len && self.can_go_on(to_i, border, n) {
                self.counts[usize::from(n)] -= 1;
                flip(&mut self.crossed, b);
                flip(&mut self.visited, to_i);
                self.path.push(to);
                let go_on = self.walk(to_i);
                self.path.pop();
                flip(&mut self.visited, to_i);
                flip(&mut self.crossed, b);
                self.counts[usize::from(n)] += 1;
                if !go_on {
                    return false;
                }
            }
        }
        true
    }
}

/// The most cards a run may have, and what sets it.
pub fn max_length(hand: &[Card], beads: Option<u32>, rules: &Rules) -> (usize, Bound) {
    let mut len = hand.iter().filter(|c| card_number(**c).is_some()).count();
    let mut bound = Bound::Hand;
    if let (Some(b), ruling::Greed::Off) = (beads, rules.ruled.greed) {
        let b = usize::try_from(b).unwrap_or(usize::MAX);
        if b < len {
            len = b;
            bound = Bound::Beads;
        }
    }
    match rules.ruled.long_runs {
        ruling::LongRuns::Forbidden if TABLE_MAX < len => {
            len = TABLE_MAX;
            bound = Bound::Table;
        }
        ruling::LongRuns::Forbidden | ruling::LongRuns::Capped => {}
    }
    (len, bound)
}

/// How many runs [`find`] counts before it stops, unless told otherwise.
pub const BUDGET: u64 = 50_000_000;

/// Every run the hand can play on the board: the count, the best, and the best
/// `q.keep` of them (or all). The search stops after `q.budget` runs (then
/// [`Found::complete`] is false and the count is a lower bound).
pub fn find(board: &Board, q: &Query<'_>, rules: &Rules) -> Found {
    find_within(board, q, rules, Limits::NONE)
}

/// Bounds on a search beyond the hand's and the beads' (for the advisor's play-outs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Runs of at most this many cards.
    pub longest: usize,
    /// Stop at the first run found of at least this many cards (then
    /// [`Found::complete`] is false).
    pub enough: usize,
}

impl Limits {
    /// No bound.
    pub const NONE: Limits = Limits {
        longest: usize::MAX,
        enough: usize::MAX,
    };
}

/// [`find`], within `limits`.
pub fn find_within(board: &Board, q: &Query<'_>, rules: &Rules, limits: Limits) -> Found {
    let g = Graph::new(board, q.claimed, rules);
    let (max_len, bound) = max_length(q.hand, q.beads, rules);
    let max_len = max_len.min(limits.longest);
    let mut counts = [0u8; MAX_NUMBER as usize + 1];
    for c in q.hand {
        if let Some(n) = card_number(*c) {
            counts[usize::from(n)] = counts[usize::from(n)].saturating_add(1);
        }
    }
    let mut w = Walker {
        g: &g,
        counts,
        crossed: vec![0; g.borders / 64 + 1],
        visited: vec![0; g.squares.len() / 64 + 1],
        path: Vec::with_capacity(max_len + 1),
        max_len,
        revisit: match rules.ruled.square_reuse {
            ruling::SquareReuse::Revisit => true,
            ruling::SquareReuse::NoRevisit => false,
        },
        count: 0,
        budget: q.budget.unwrap_or(BUDGET).max(1),
        keep: q.keep.map(|k| k.max(1)),
        enough: limits.enough.max(2),
        top: Vec::new(),
    };
    let mut complete = true;
    if max_len >= 2 {
        for start in 0..g.squares.len() {
            let n = usize::from(g.number[start]);
            if w.counts[n] == 0 {
                continue;
            }
            w.counts[n] -= 1;
            flip(&mut w.visited, start);
            w.path.push(start as u16);
            let go_on = w.walk(start);
            w.path.pop();
            flip(&mut w.visited, start);
            w.counts[n] += 1;
            if !go_on {
                complete = false;
                break;
            }
        }
    }
    let mut top = w.top;
    if q.keep.is_none() {
        // Found in reading order; a stable sort keeps that order among equals.
        top.sort_by_key(|p| std::cmp::Reverse(p.len()));
    }
    let runs: Vec<Run> = top.iter().map(|p| run_of(&g, p, q.hand, rules)).collect();
    let best = runs.first().cloned();
    let runs = match q.keep {
        Some(k) => runs.into_iter().take(k).collect(),
        None => runs,
    };
    Found {
        best,
        runs,
        count: w.count,
        complete,
        max_length: max_len,
        bound,
    }
}

fn run_of(g: &Graph, path: &[u16], hand: &[Card], rules: &Rules) -> Run {
    let squares: Vec<Square> = path.iter().map(|&i| g.squares[usize::from(i)]).collect();
    let numbers: Vec<u8> = path.iter().map(|&i| g.number[usize::from(i)]).collect();
    let mut used = vec![false; hand.len()];
    let mut cards = Vec::with_capacity(numbers.len());
    for n in &numbers {
        if let Some(i) = (0..hand.len()).find(|&i| !used[i] && card_number(hand[i]) == Some(*n)) {
            used[i] = true;
            cards.push(hand[i]);
        }
    }
    let mut torn = Vec::new();
    for pair in path.windows(2) {
        let (a, b) = (usize::from(pair[0]), usize::from(pair[1]));
        if g.piece[a] == g.piece[b]
            && let Some(d) = g.dominoes.get(g.piece[a])
            && !torn.contains(d)
        {
            torn.push(*d);
        }
    }
    Run {
        length: path.len(),
        points: points(path.len(), rules).unwrap_or(0),
        numbers,
        cards,
        squares,
        torn,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::notation::test_cards as hand;

    fn runs_of(board: &str, h: &str, beads: Option<u32>, claimed: &[&str], rules: &Rules) -> Found {
        let b: Board = board.parse().unwrap();
        let claimed: Vec<Border> = claimed.iter().map(|c| c.parse().unwrap()).collect();
        let h = hand(h);
        find(
            &b,
            &Query {
                hand: &h,
                beads,
                claimed: &claimed,
                keep: None,
                budget: None,
            },
            rules,
        )
    }

    fn walks(f: &Found) -> Vec<String> {
        f.runs
            .iter()
            .map(|r| {
                r.numbers
                    .iter()
                    .map(|n| n.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    // A straight line of three dominoes: 1-2 3-4 5-6, side by side.
    const LINE: &str = "1-2@0,0h 3-4@2,0h 5-6@4,0h";

    #[test]
    fn a_board_spread_too_wide_for_a_grid_finds_the_same_runs() {
        let r = Rules::standard();
        let far = format!("{LINE} 9-9@900,-900h");
        let squares = far.parse::<Board>().unwrap().squares();
        assert!(matches!(SquareIndex::new(&squares), SquareIndex::Map(_)));
        let near = LINE.parse::<Board>().unwrap().squares();
        assert!(matches!(SquareIndex::new(&near), SquareIndex::Grid(_)));
        let index = SquareIndex::new(&squares);
        for (i, s) in squares.iter().enumerate() {
            assert_eq!(index.get(*s), Some(i as u16));
        }
        let index = SquareIndex::new(&near);
        for (i, s) in near.iter().enumerate() {
            assert_eq!(index.get(*s), Some(i as u16));
            assert!(
                s.around()
                    .iter()
                    .all(|n| near.contains(n) || index.get(*n).is_none())
            );
        }
        let h = "AS 2S 3S 4S 5S 6S";
        assert_eq!(
            runs_of(&far, h, None, &[], &r),
            runs_of(LINE, h, None, &[], &r)
        );
    }

    #[test]
    fn steps_must_leave_the_domino() {
        let r = Rules::standard();
        let f = runs_of(LINE, "AS 2S 3S 4S 5S 6S", None, &[], &r);
        // 2→3 and 4→5 cross between dominoes; 1→2 does not.
        assert_eq!(walks(&f), vec!["2 3", "3 2", "4 5", "5 4"]);
        assert_eq!(f.count, 4);
        assert_eq!(f.best.as_ref().unwrap().points, 5);
        assert!(!f.empties_hand(&hand("AS 2S 3S 4S 5S 6S")));
        let two = hand("2S 3S");
        assert!(runs_of(LINE, "2S 3S", None, &[], &r).empties_hand(&two));
    }

    // 1-2 lying across the top, 3-4 one row down and one square right: 1 and 3 meet at a
    // corner, 2 and 3 share a side, 2 and 4 meet at a corner.
    //     0   1   2
    // 0 │ 1   2 │
    // 1     │ 3   4 │
    const STAIRS: &str = "1-2@0,0h 3-4@1,1h";

    fn diagonal_rules() -> Rules {
        let mut r = Rules::standard();
        r.ruled.steps = ruling::Steps::Diagonals;
        r
    }

    #[test]
    fn ruling_steps_sides_keeps_to_sides() {
        let f = runs_of(STAIRS, "AS 2S 3S 4S", None, &[], &Rules::standard());
        assert_eq!(walks(&f), vec!["2 3", "3 2"]);
        assert_eq!(
            runs_of(STAIRS, "AS 3S", None, &[], &Rules::standard()).count,
            0
        );
    }

    #[test]
    fn ruling_steps_diagonals_crosses_corners() {
        let r = diagonal_rules();
        // Only the corner joins 1 and 3.
        let f = runs_of(STAIRS, "AS 3S", None, &[], &r);
        assert_eq!(walks(&f), vec!["1 3", "3 1"]);
        // The pairs 1|3, 2|3 and 2|4 make a path: 6 walks of 2, 4 of 3, 2 of 4. Within a
        // domino there is still no step (1|2 and 3|4 share a side, and do not count).
        let f = runs_of(STAIRS, "AS 2S 3S 4S", None, &[], &r);
        assert_eq!(f.count, 12);
        let best = f.best.unwrap();
        assert_eq!(best.numbers, vec![1, 3, 2, 4]);
        assert_eq!(
            best.squares,
            [(0, 0), (1, 1), (1, 0), (2, 1)].map(|(x, y)| Square::new(x, y))
        );
        // A claimed corner pair closes it: 3 2 4 is left.
        let f = runs_of(STAIRS, "AS 2S 3S 4S", None, &["1,1-0,0"], &r);
        assert_eq!(f.count, 6);
        assert_eq!(f.best.unwrap().numbers, vec![3, 2, 4]);
    }

    #[test]
    fn a_walk_checked_under_each_steps_ruling() {
        let b: Board = STAIRS.parse().unwrap();
        let sq = |x, y| Square::new(x, y);
        let walk = [sq(0, 0), sq(1, 1), sq(1, 0)];
        let fault = check_walk(&b, &walk, &[], &Rules::standard()).unwrap_err();
        assert_eq!(fault.0, 1);
        assert_eq!(
            fault.1.to_string(),
            "squares 0,0 and 1,1 do not share a side (ruling steps is `sides`)"
        );
        let r = diagonal_rules();
        let (claims, torn) = check_walk(&b, &walk, &[], &r).unwrap();
        let claims: Vec<String> = claims.iter().map(ToString::to_string).collect();
        assert_eq!(claims, ["0,0-1,1", "1,1-1,0"]);
        assert!(torn.is_empty());
        let far = check_walk(&b, &[sq(0, 0), sq(2, 1)], &[], &r).unwrap_err();
        assert_eq!(
            far.1.to_string(),
            "squares 0,0 and 2,1 neither share a side nor meet at a corner (ruling steps is `diagonals`)"
        );
        // The pair claimed, in either order, is closed.
        let closed: Border = "1,1-0,0".parse().unwrap();
        let e = check_walk(&b, &walk, &[closed], &r).unwrap_err();
        assert_eq!(
            e.1,
            StepFault::Claimed {
                border: Border::new(sq(0, 0), sq(1, 1)),
                by: String::new(),
                own: false,
            }
        );
        // The walk back across the same corner crosses that pair twice.
        let back = check_walk(&b, &[sq(0, 0), sq(1, 1), sq(0, 0)], &[], &r).unwrap_err();
        assert_eq!(back.0, 2);
        assert!(matches!(back.1, StepFault::BorderTwice { .. }));
    }

    #[test]
    fn tear_down_lets_a_run_cross_a_domino() {
        let mut r = Rules::standard();
        r.ruled.tear_down = ruling::TearDown::On;
        let f = runs_of(LINE, "AS 2S 3S 4S 5S 6S", None, &[], &r);
        let best = f.best.unwrap();
        assert_eq!(best.numbers, vec![1, 2, 3, 4, 5, 6]);
        assert_eq!(best.points, 15);
        assert_eq!(
            best.torn,
            vec![Domino::new(1, 2), Domino::new(3, 4), Domino::new(5, 6)]
        );
    }

    #[test]
    fn cards_match_numbers_and_are_used_once() {
        let r = Rules::standard();
        // K stands for 0, J for 11, Q for 12.
        let f = runs_of("0-11@0,0h 12-0@2,0h", "KS JH QD", None, &[], &r);
        assert_eq!(walks(&f), vec!["11 12", "12 11"]);
        let f = runs_of("0-11@0,0h 12-0@2,0h", "KS KH JH QD", None, &[], &r);
        assert_eq!(walks(&f), vec!["11 12", "12 11"]);
        // Two fives one above the other need two five cards.
        let f = runs_of("5-1@0,0h 5-2@0,1h", "5S", None, &[], &r);
        assert_eq!(f.count, 0);
        let f = runs_of("5-1@0,0h 5-2@0,1h", "5S 5H", None, &[], &r);
        assert_eq!(f.count, 2);
        assert_eq!(f.runs[0].cards, hand("5S 5H"));
    }

    #[test]
    fn beads_limit_the_length_except_under_greed() {
        let mut r = Rules::standard();
        // A ring of four dominoes around a hole: 2x2 block of vertical pairs.
        let ring = "1-2@0,0v 3-4@1,0v 5-6@2,0v 7-8@3,0v";
        let h = "AS 2S 3S 4S 5S 6S 7S 8S";
        let f = runs_of(ring, h, Some(2), &[], &r);
        assert_eq!(f.max_length, 2);
        assert_eq!(f.bound, Bound::Beads);
        assert!(f.runs.iter().all(|x| x.length == 2));
        r.ruled.greed = ruling::Greed::On;
        let g = runs_of(ring, h, Some(2), &[], &r);
        assert_eq!(g.bound, Bound::Hand);
        assert!(g.best.unwrap().length > 2);
    }

    #[test]
    fn claimed_borders_block() {
        let r = Rules::standard();
        let f = runs_of(LINE, "AS 2S 3S 4S 5S 6S", None, &["2,0-1,0"], &r);
        assert_eq!(walks(&f), vec!["4 5", "5 4"]);
    }

    #[test]
    fn square_reuse_ruling() {
        // Top row 7 1 3 5, second row 8 2 4 6 (four standing dominoes), then 9 and 10
        // standing under 2 and 4. The walk 8 2 4 10 9 2 comes back to square 0,1 (the 2)
        // across a border it has not crossed: 8|2, 2|4, 4|10, 10|9, 9|2.
        let ring = "1-2@0,0v 3-4@1,0v 5-6@2,0v 7-8@-1,0v 9-11@0,2v 10-12@1,2v";
        let h = "2S 4S 10S 9S 2H 8S";
        let mut r = Rules::standard();
        let f = runs_of(ring, h, None, &[], &r);
        assert_eq!(f.best.as_ref().unwrap().numbers, vec![8, 2, 4, 10, 9, 2]);
        // A run never crosses one border twice: 2 4 2 goes back over 2|4.
        assert!(!walks(&f).contains(&"2 4 2".to_string()));
        r.ruled.square_reuse = ruling::SquareReuse::NoRevisit;
        let f = runs_of(ring, h, None, &[], &r);
        assert!(!walks(&f).contains(&"8 2 4 10 9 2".to_string()));
        assert_eq!(f.best.unwrap().numbers, vec![8, 2, 4, 10, 9]);
    }

    #[test]
    fn the_budget_stops_the_search() {
        let r = Rules::standard();
        let b: Board = LINE.parse().unwrap();
        let h = hand("AS 2S 3S 4S 5S 6S");
        let q = |budget| Query {
            hand: &h,
            beads: None,
            claimed: &[],
            keep: None,
            budget,
        };
        let full = find(&b, &q(None), &r);
        assert!(full.complete);
        assert_eq!(full.count, 4);
        let exact = find(&b, &q(Some(4)), &r);
        assert!(exact.complete);
        assert_eq!(exact.count, 4);
        let cut = find(&b, &q(Some(3)), &r);
        assert!(!cut.complete);
        assert_eq!(cut.count, 3);
        assert_eq!(walks(&cut), vec!["2 3", "3 2", "4 5"]);
    }

    #[test]
    fn top_k_matches_the_full_list() {
        let r = Rules::standard();
        let b: Board = "1-2@0,0v 3-4@1,0v 5-6@2,0v 7-8@-1,0v 9-10@0,2h 11-12@1,3v"
            .parse()
            .unwrap();
        let h = hand("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS AH 2H");
        let mk = |keep| {
            find(
                &b,
                &Query {
                    hand: &h,
                    beads: None,
                    claimed: &[],
                    keep,
                    budget: None,
                },
                &r,
            )
        };
        let all = mk(None);
        let top = mk(Some(5));
        assert_eq!(top.count, all.count);
        assert_eq!(top.runs, all.runs[..5].to_vec());
        assert_eq!(top.best, all.best);
    }
}
