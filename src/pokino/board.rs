//! The board notation and its check against the rules.
//!
//! A domino on the table is `A-B@X,Y` then `h` (its B half at X+1,Y) or `v` (at X,Y+1):
//! `6-4@0,0h`. X grows to the right and Y downward; coordinates may be negative. A board
//! is dominoes separated by spaces, `;` or newlines; `#` starts a comment. The first
//! four dominoes are the starting spoke; each later one was laid next to one before it.
//!
//! A claimed border is `X,Y-X,Y` (the two squares it lies between); a Territory token is
//! `NAME:X,Y-X,Y`.
//!
//! Parsing ([`parse_board`], [`parse_borders`], [`parse_tokens`], …) only reads text
//! into plain values; [`Board::validate`] and [`Board::check_borders`] check them and
//! report every problem at once.

use crate::pokino::ruling;
use std::collections::HashMap;
use std::fmt;
use std::ops::Range;
use std::str::FromStr;

use nom::Parser;
use nom::character::complete::{char as ch, digit1, one_of};
use nom::combinator::opt;
use serde::{Serialize, Serializer};

use super::{MAX_NUMBER, Rules, SPOKE};
use crate::diag::{Error, Problem, Problems, Source};
use crate::notation::Located;

mod read;
pub use read::*;

/// The farthest coordinate kado reads, either way from 0.
pub const MAX_COORD: i32 = 999;

/// A square of the implied grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Square {
    pub x: i32,
    pub y: i32,
}

impl Square {
    #[inline]
    pub const fn new(x: i32, y: i32) -> Square {
        Square { x, y }
    }

    /// The four squares sharing a side with this one: above, left, right, below.
    #[inline]
    pub fn neighbours(self) -> [Square; 4] {
        [
            Square::new(self.x, self.y - 1),
            Square::new(self.x - 1, self.y),
            Square::new(self.x + 1, self.y),
            Square::new(self.x, self.y + 1),
        ]
    }

    /// Whether the two squares share a side.
    #[inline]
    pub fn is_next_to(self, other: Square) -> bool {
        (self.x - other.x).abs() + (self.y - other.y).abs() == 1
    }

    /// Whether the two squares touch only at a corner (one step diagonally).
    #[inline]
    pub fn is_corner_to(self, other: Square) -> bool {
        (self.x - other.x).abs() == 1 && (self.y - other.y).abs() == 1
    }

    /// Whether a run may step from this square to `other` on the grid: across a side,
    /// or also across a corner under ruling `steps: diagonals`.
    #[inline]
    pub fn is_step_to(self, other: Square, rules: &Rules) -> bool {
        self.is_next_to(other) || (rules.diagonals() && self.is_corner_to(other))
    }

    /// The eight squares around this one, in reading order: the three above, left,
    /// right, the three below.
    #[inline]
    pub fn around(self) -> [Square; 8] {
        let (x, y) = (self.x, self.y);
        [
            Square::new(x - 1, y - 1),
            Square::new(x, y - 1),
            Square::new(x + 1, y - 1),
            Square::new(x - 1, y),
            Square::new(x + 1, y),
            Square::new(x - 1, y + 1),
            Square::new(x, y + 1),
            Square::new(x + 1, y + 1),
        ]
    }

    /// The squares a run may step to from this one, in reading order: the four sharing
    /// a side, and under ruling `steps: diagonals` the four touching at a corner too.
    pub fn steps(self, rules: &Rules) -> Vec<Square> {
        self.around()
            .into_iter()
            .filter(|n| self.is_step_to(*n, rules))
            .collect()
    }

    /// Reading order: by row, then by column.
    #[inline]
    pub fn reading_key(self) -> (i32, i32) {
        (self.y, self.x)
    }
}

impl Ord for Square {
    #[inline]
    fn cmp(&self, other: &Square) -> std::cmp::Ordering {
        self.reading_key().cmp(&other.reading_key())
    }
}

impl PartialOrd for Square {
    #[inline]
    fn partial_cmp(&self, other: &Square) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Which way the second half lies from the first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// The B half is to the right (X+1).
    H,
    /// The B half is below (Y+1).
    V,
}

impl Dir {
    pub fn letter(self) -> char {
        match self {
            Dir::H => 'h',
            Dir::V => 'v',
        }
    }
}

/// A domino, with its numbers in the order written (6-4 and 4-6 are the same domino).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Domino {
    pub a: u8,
    pub b: u8,
}

impl Domino {
    #[inline]
    pub const fn new(a: u8, b: u8) -> Domino {
        Domino { a, b }
    }

    /// The same domino, whichever way round it is written.
    #[inline]
    pub fn same(self, other: Domino) -> bool {
        self.key() == other.key()
    }

    /// The numbers, lower first.
    #[inline]
    pub fn key(self) -> (u8, u8) {
        (self.a.min(self.b), self.a.max(self.b))
    }

    /// 0..91 for a domino of a double-12 set.
    #[inline]
    pub fn index(self) -> usize {
        let (lo, hi) = self.key();
        let (lo, hi) = (usize::from(lo), usize::from(hi));
        hi * (hi + 1) / 2 + lo
    }

    /// The pips on both halves.
    #[inline]
    pub fn pips(self) -> u32 {
        u32::from(self.a) + u32::from(self.b)
    }

    #[inline]
    pub fn is_double(self) -> bool {
        self.a == self.b
    }

    /// Turned round: 6-4 becomes 4-6.
    #[inline]
    pub fn flipped(self) -> Domino {
        Domino::new(self.b, self.a)
    }

    /// Every domino of a double-12 set, 0-0 first.
    pub fn set() -> impl Iterator<Item = Domino> {
        (0..=MAX_NUMBER).flat_map(|hi| (0..=hi).map(move |lo| Domino::new(lo, hi)))
    }
}

impl fmt::Display for Domino {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.a, self.b)
    }
}

impl Serialize for Domino {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Domino {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Domino, D::Error> {
        let text = String::deserialize(d)?;
        Domino::parse(&Source::new("domino", text.as_str()))
            .map_err(|e| serde::de::Error::custom(e.summary()))
    }
}

/// A domino laid on the table: `6-4@0,0h`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    pub domino: Domino,
    /// The square of the A half.
    pub at: Square,
    pub dir: Dir,
}

impl Placement {
    #[inline]
    pub fn new(domino: Domino, at: Square, dir: Dir) -> Placement {
        Placement { domino, at, dir }
    }

    /// The squares of the A half and the B half.
    #[inline]
    pub fn squares(&self) -> [Square; 2] {
        let b = match self.dir {
            Dir::H => Square::new(self.at.x + 1, self.at.y),
            Dir::V => Square::new(self.at.x, self.at.y + 1),
        };
        [self.at, b]
    }

    /// The number on a square of this domino, if the square is one of its halves.
    #[inline]
    pub fn number_at(&self, sq: Square) -> Option<u8> {
        let [a, b] = self.squares();
        if sq == a {
            Some(self.domino.a)
        } else if sq == b {
            Some(self.domino.b)
        } else {
            None
        }
    }
}

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}@{}{}", self.domino, self.at, self.dir.letter())
    }
}

impl Serialize for Placement {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl FromStr for Placement {
    type Err = Error;
    fn from_str(s: &str) -> Result<Placement, Error> {
        let src = Source::new("domino", s);
        let raw = parse_placement(&src)?;
        raw.checked(&src)
    }
}

/// The border between two squares that share a side: `0,0-0,1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Border {
    pub a: Square,
    pub b: Square,
}

impl Border {
    #[inline]
    pub fn new(a: Square, b: Square) -> Border {
        Border { a, b }
    }

    /// The two squares, in reading order (a border is the same either way round).
    #[inline]
    pub fn key(self) -> (Square, Square) {
        (self.a.min(self.b), self.a.max(self.b))
    }

    #[inline]
    pub fn same(self, other: Border) -> bool {
        self.key() == other.key()
    }

    /// Whether the two squares meet only at a corner (a pair a run may claim under
    /// ruling `steps: diagonals`).
    #[inline]
    pub fn is_corner(self) -> bool {
        self.a.is_corner_to(self.b)
    }

    /// What the pair is called in sentences: `border`, or `corner pair`.
    pub fn noun(self) -> &'static str {
        if self.is_corner() {
            "corner pair"
        } else {
            "border"
        }
    }
}

impl fmt::Display for Border {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.a, self.b)
    }
}

impl Serialize for Border {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl FromStr for Border {
    type Err = Error;
    fn from_str(s: &str) -> Result<Border, Error> {
        let src = Source::new("border", s);
        let list = parse_borders(&src)?;
        match list.as_slice() {
            [one] => Ok(one.value),
            _ => Err(Error::msg(format!("`{s}` is not one border"))),
        }
    }
}

/// A Territory token: a player's mark on a border, `ana:0,0-0,1`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Token {
    pub player: String,
    pub border: Border,
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.player, self.border)
    }
}

/// A hasher for the small keys of a board (squares, pairs of indices): a multiply and a
/// rotate a word, much quicker than the default's SipHash on the run search's and the
/// advisor's hot paths. A board holds at most 182 squares, so there is no flood of keys
/// to defend against.
#[derive(Clone, Copy, Debug, Default)]
pub struct QuickHasher(u64);

impl std::hash::Hasher for QuickHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.add(u64::from(*b));
        }
    }

    #[inline]
    fn write_i32(&mut self, i: i32) {
        self.add(u64::from(i as u32));
    }

    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.add(u64::from(i));
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

impl QuickHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

/// A hash map keyed by squares (or other small keys), hashed with [`QuickHasher`].
pub type QuickMap<K, V> = HashMap<K, V, std::hash::BuildHasherDefault<QuickHasher>>;

/// One square of the table: which domino covers it and the number on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    /// Index of the domino in [`Board::placements`].
    pub piece: usize,
    pub number: u8,
}

/// The dominoes on the table, checked: no domino twice, no square covered twice.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Board {
    placements: Vec<Placement>,
    cells: QuickMap<Square, Cell>,
}

impl Board {
    /// A board from placements already known to be good (a later domino on a covered
    /// square covers it). [`Board::validate`] is the check for what people write.
    pub fn from_placements(placements: Vec<Placement>) -> Board {
        let mut cells =
            QuickMap::with_capacity_and_hasher(2 * placements.len(), Default::default());
        for (i, p) in placements.iter().enumerate() {
            for sq in p.squares() {
                if let Some(number) = p.number_at(sq) {
                    cells.insert(sq, Cell { piece: i, number });
                }
            }
        }
        Board { placements, cells }
    }

    /// This board with `p` laid last: the same board as [`Board::from_placements`] of every
    /// placement then `p`, without covering every square again.
    pub fn plus(&self, p: Placement) -> Board {
        let mut b = self.clone();
        let i = b.placements.len();
        b.placements.push(p);
        for sq in p.squares() {
            if let Some(number) = p.number_at(sq) {
                b.cells.insert(sq, Cell { piece: i, number });
            }
        }
        b
    }

    /// The dominoes in the order they were laid.
    #[inline]
    pub fn placements(&self) -> &[Placement] {
        &self.placements
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.placements.len()
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.placements.is_empty()
    }

    /// What covers a square.
    #[inline]
    pub fn cell(&self, sq: Square) -> Option<Cell> {
        self.cells.get(&sq).copied()
    }

    /// Every covered square with what covers it, in reading order.
    pub fn cells(&self) -> Vec<(Square, Cell)> {
        let mut v: Vec<(Square, Cell)> = self.cells.iter().map(|(s, c)| (*s, *c)).collect();
        v.sort_unstable_by_key(|(s, _)| *s);
        v
    }

    /// Every covered square, in reading order.
    pub fn squares(&self) -> Vec<Square> {
        let mut v: Vec<Square> = self.cells.keys().copied().collect();
        v.sort_unstable();
        v
    }

    /// The smallest rectangle holding every domino: top-left and bottom-right squares.
    pub fn bounds(&self) -> Option<(Square, Square)> {
        bounds_of(self.cells.keys().copied())
    }

    /// The placement of a domino on the table, whichever way round it is written.
    pub fn find(&self, d: Domino) -> Option<&Placement> {
        self.placements.iter().find(|p| p.domino.same(d))
    }

    /// Whether a domino laid at `p` would touch (share a side with) one on the table.
    pub fn touches(&self, p: &Placement) -> bool {
        let own = p.squares();
        own.iter().any(|sq| {
            sq.neighbours()
                .iter()
                .any(|n| !own.contains(n) && self.cells.contains_key(n))
        })
    }

    /// Checks dominoes as read against the rules; reports every problem at once: numbers
    /// out of range, a domino twice, squares covered twice, a domino after the spoke that
    /// touches none laid before it, a spoke in pieces (ruling `spoke: connected`), a
    /// board too big for the table (ruling `playing-area: bounded`).
    pub fn validate(src: &Source, raw: &[RawPlacement], rules: &Rules) -> Result<Board, Error> {
        let mut v = Validation {
            src,
            rules,
            problems: Problems::new(),
            board: Board::default(),
            first_seen: HashMap::new(),
            area_reported: false,
        };
        for r in raw {
            v.check(r);
        }
        let connected_spoke = match rules.ruled.spoke {
            ruling::Spoke::Connected => true,
            ruling::Spoke::AsGiven => false,
        };
        if connected_spoke && raw.len() >= SPOKE {
            let spoke = &v.board.placements[..SPOKE];
            if !connected(spoke) {
                v.problems.push(
                    Problem::new(format!(
                        "the {SPOKE} dominoes of the starting spoke do not all touch"
                    ))
                    .at(src, raw[0].span.start..raw[SPOKE - 1].span.end)
                    .help(format!(
                        "{cite}: the starting dominoes form one group",
                        cite = ruling::Spoke::Connected.cite_is()
                    )),
                );
            }
        }
        v.problems.check()?;
        Ok(v.board)
    }
}

/// A board being checked domino by domino: the board so far and the problems found.
struct Validation<'a> {
    src: &'a Source,
    rules: &'a Rules,
    problems: Problems,
    board: Board,
    /// Where each domino was first written, and that place in words (worked out once
    /// per domino: checking must not be quadratic in a board that names one domino many
    /// times).
    first_seen: HashMap<(u8, u8), (Range<usize>, Option<String>)>,
    area_reported: bool,
}

impl Validation<'_> {
    /// Checks one domino against those laid before it, then lays it.
    fn check(&mut self, r: &RawPlacement) {
        let mut bad_number = false;
        for n in [&r.a, &r.b] {
            if let Some(p) = number_problem(self.src, n) {
                self.problems.push(p);
                bad_number = true;
            }
        }
        // Out-of-range numbers still cover squares: check the rest as if they were fine.
        let p = Placement::new(
            Domino::new(r.a.value.min(255) as u8, r.b.value.min(255) as u8),
            r.at,
            r.dir,
        );
        if !bad_number {
            self.check_twice(r, &p);
        }
        let overlaps = self.check_overlaps(r, &p);
        let text = &self.src.text[r.span.clone()];
        let torn = match self.rules.ruled.tear_down {
            ruling::TearDown::On => true,
            ruling::TearDown::Off => false,
        };
        if self.board.placements.len() >= SPOKE && !torn && !overlaps && !self.board.touches(&p) {
            self.problems.push(
                Problem::new(format!("`{text}` touches no domino laid before it"))
                    .at(self.src, r.span.clone())
                    .help(format!(
                        "after the {SPOKE} dominoes of the starting spoke, each domino is laid next to one on the table"
                    )),
            );
        }
        self.check_area(r, &p);
        self.lay(p);
    }

    /// A domino already on the table.
    fn check_twice(&mut self, r: &RawPlacement, p: &Placement) {
        let src = self.src;
        let key = p.domino.key();
        if let Some((first, place)) = self.first_seen.get_mut(&key) {
            let place = place.get_or_insert_with(|| place_of(src, first.start));
            let first_text = &src.text[first.clone()];
            self.problems.push(
                Problem::new(format!(
                    "{} is on the table twice: a double-12 set holds one {}-{}",
                    p.domino, key.1, key.0
                ))
                .at(src, r.span.clone())
                .help(format!("it is also `{first_text}` at {place}")),
            );
        } else {
            self.first_seen.insert(key, (r.span.clone(), None));
        }
    }

    /// Squares already covered; true when there is one.
    fn check_overlaps(&mut self, r: &RawPlacement, p: &Placement) -> bool {
        let text = &self.src.text[r.span.clone()];
        let mut overlaps = false;
        for sq in p.squares() {
            if let Some(c) = self.board.cell(sq) {
                overlaps = true;
                self.problems.push(
                    Problem::new(format!(
                        "`{text}` covers square {sq}, already covered by {}",
                        self.board.placements[c.piece]
                    ))
                    .at(self.src, r.span.clone())
                    .help("each square holds one half of one domino"),
                );
            }
        }
        overlaps
    }

    /// A board too big for the table (reported once).
    fn check_area(&mut self, r: &RawPlacement, p: &Placement) {
        let (Some((w, h)), false) = (self.rules.area(), self.area_reported) else {
            return;
        };
        let text = &self.src.text[r.span.clone()];
        let all = self.board.cells.keys().copied().chain(p.squares());
        if let Some((lo, hi)) = bounds_of(all) {
            let (bw, bh) = (hi.x - lo.x + 1, hi.y - lo.y + 1);
            if bw > w as i32 || bh > h as i32 {
                self.area_reported = true;
                self.problems.push(
                    Problem::new(format!(
                        "with `{text}` the board is {bw} by {bh} squares; the table is {w} by {h}"
                    ))
                    .at(self.src, r.span.clone())
                    .help(format!(
                        "{cite}; its size is set by the values area-width and area-height",
                        cite = ruling::PlayingArea::Bounded.cite_is()
                    )),
                );
            }
        }
    }

    /// Puts the domino on the board (a square covered twice keeps its first half).
    fn lay(&mut self, p: Placement) {
        let index = self.board.placements.len();
        self.board.placements.push(p);
        for sq in p.squares() {
            if let Some(number) = p.number_at(sq) {
                self.board.cells.entry(sq).or_insert(Cell {
                    piece: index,
                    number,
                });
            }
        }
    }
}

/// Where a byte offset of `src` is, in words: "column 4", or "line 2, column 4".
pub(super) fn place_of(src: &Source, offset: usize) -> String {
    let (line, col) = src.line_col(offset);
    if src.text.contains('\n') {
        format!("line {line}, column {col}")
    } else {
        format!("column {col}")
    }
}

/// The smallest rectangle holding the squares: top-left and bottom-right.
pub fn bounds_of(squares: impl Iterator<Item = Square>) -> Option<(Square, Square)> {
    squares.fold(None, |acc, s| match acc {
        None => Some((s, s)),
        Some((lo, hi)) => Some((
            Square::new(lo.x.min(s.x), lo.y.min(s.y)),
            Square::new(hi.x.max(s.x), hi.y.max(s.y)),
        )),
    })
}

/// Whether the dominoes form one group, each touching another.
pub fn connected(ps: &[Placement]) -> bool {
    if ps.is_empty() {
        return true;
    }
    let touch = |p: &Placement, q: &Placement| {
        p.squares()
            .iter()
            .any(|a| q.squares().iter().any(|b| a.is_next_to(*b)))
    };
    let mut reached = vec![false; ps.len()];
    reached[0] = true;
    let mut stack = vec![0];
    while let Some(i) = stack.pop() {
        for j in 0..ps.len() {
            if !reached[j] && touch(&ps[i], &ps[j]) {
                reached[j] = true;
                stack.push(j);
            }
        }
    }
    reached.iter().all(|r| *r)
}

impl fmt::Display for Board {
    /// The canonical form: dominoes in the order laid, separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<String> = self.placements.iter().map(|p| p.to_string()).collect();
        f.write_str(&words.join(" "))
    }
}

impl FromStr for Board {
    type Err = Error;
    /// Reads and checks a board under the built-in rules.
    fn from_str(s: &str) -> Result<Board, Error> {
        let src = Source::new("board", s);
        let raw = parse_board(&src)?;
        Board::validate(&src, &raw, &Rules::standard())
    }
}

#[cfg(test)]
mod tests;
