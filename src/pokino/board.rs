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

/// A domino as read, before any check: numbers may be out of range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawPlacement {
    pub a: Located<u32>,
    pub b: Located<u32>,
    pub at: Square,
    pub dir: Dir,
    pub span: Range<usize>,
}

/// What may be written for a domino on the table.
pub const PLACEMENT_EXPECTED: &str = "a domino on the table: A-B@X,Y then h (B half to the right) or v (B half below), e.g. 6-4@0,0h";
/// What may be written for a border.
pub const BORDER_EXPECTED: &str =
    "a border between two squares that share a side: X,Y-X,Y, e.g. 0,0-0,1";
/// What may be written for a claimed pair under ruling `steps: diagonals`.
pub const PAIR_EXPECTED: &str =
    "two squares that share a side or meet at a corner: X,Y-X,Y, e.g. 0,0-0,1 or 0,0-1,1";
/// What may be written for a token.
pub const TOKEN_EXPECTED: &str = "a player's token on a border: NAME:X,Y-X,Y, e.g. ana:0,0-0,1";

/// The problem with a number that is not on a double-12 domino, if any.
pub fn number_problem(src: &Source, n: &Located<u32>) -> Option<Problem> {
    (n.value > u32::from(MAX_NUMBER)).then(|| {
        Problem::new(format!(
            "{} is not a domino number: a double-12 set runs 0 to 12",
            n.value
        ))
        .at(src, n.span.clone())
        .expected("a number from 0 to 12")
    })
}

impl RawPlacement {
    /// The placement, when both numbers are on a double-12 domino.
    pub fn checked(&self, src: &Source) -> Result<Placement, Error> {
        let num = |n: &Located<u32>| match number_problem(src, n) {
            Some(p) => Err(Error::single(p)),
            None => Ok(n.value as u8),
        };
        Ok(Placement::new(
            Domino::new(num(&self.a)?, num(&self.b)?),
            self.at,
            self.dir,
        ))
    }
}

fn is_separator(c: char) -> bool {
    c.is_whitespace() || c == ';'
}

/// The byte ranges of the words in `src`: runs of characters between separators
/// (spaces, `;`, newlines), skipping `#` comments.
fn words(src: &Source) -> Vec<Range<usize>> {
    let text = &src.text;
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    let mut in_comment = false;
    for (i, c) in text.char_indices() {
        if in_comment {
            if c == '\n' {
                in_comment = false;
            }
            continue;
        }
        if c == '#' || is_separator(c) {
            if let Some(s) = start.take() {
                out.push(s..i);
            }
            in_comment = c == '#';
            continue;
        }
        if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push(s..text.len());
    }
    out
}

/// Reads pieces of one word, keeping track of where it is.
struct Cursor<'a> {
    src: &'a Source,
    word: Range<usize>,
    pos: usize,
}

/// A piece read, or the problem with it.
pub type Step<T> = Result<T, Box<Problem>>;

impl<'a> Cursor<'a> {
    fn new(src: &'a Source, word: Range<usize>) -> Cursor<'a> {
        let pos = word.start;
        Cursor { src, word, pos }
    }

    fn rest(&self) -> &'a str {
        let text: &'a str = &self.src.text;
        &text[self.pos..self.word.end]
    }

    fn word_text(&self) -> &'a str {
        let text: &'a str = &self.src.text;
        &text[self.word.clone()]
    }

    /// A problem at the current position: the next character, or the end of the word.
    fn problem_here(&self, message: String, expected: &str) -> Box<Problem> {
        let next = self.rest().chars().next().map_or(0, char::len_utf8);
        let span = if next == 0 {
            self.word.clone()
        } else {
            self.pos..self.pos + next
        };
        Box::new(Problem::new(message).at(self.src, span).expected(expected))
    }

    fn what_is_here(&self) -> String {
        match self.rest().chars().next() {
            Some(c) => format!("`{c}`"),
            None => "the end".to_string(),
        }
    }

    fn advance(&mut self, rest: &str) {
        self.pos = self.word.end - rest.len();
    }

    /// An unsigned number (digits only).
    fn number(&mut self, what: &str, expected: &str) -> Step<Located<u32>> {
        let start = self.pos;
        match digit1::<&str, nom::error::Error<&str>>(self.rest()) {
            Ok((rest, digits)) => {
                self.advance(rest);
                let value = digits.parse::<u32>().unwrap_or(u32::MAX);
                Ok(Located::new(value, start..self.pos))
            }
            Err(_) => Err(self.problem_here(
                format!(
                    "expected {what} in `{}`, found {}",
                    self.word_text(),
                    self.what_is_here()
                ),
                expected,
            )),
        }
    }

    /// A coordinate: an optional minus sign and digits, within ±[`MAX_COORD`].
    fn coord(&mut self, what: &str, expected: &str) -> Step<i32> {
        let start = self.pos;
        let parsed = (opt(ch::<&str, nom::error::Error<&str>>('-')), digit1).parse(self.rest());
        match parsed {
            Ok((rest, (minus, digits))) => {
                self.advance(rest);
                let magnitude = digits.parse::<i32>().ok().filter(|v| *v <= MAX_COORD);
                match magnitude {
                    Some(v) => Ok(if minus.is_some() { -v } else { v }),
                    None => Err(Box::new(
                        Problem::new(format!(
                            "coordinate {}{digits} is too far from 0",
                            if minus.is_some() { "-" } else { "" }
                        ))
                        .at(self.src, start..self.pos)
                        .expected(format!("a coordinate from -{MAX_COORD} to {MAX_COORD}")),
                    )),
                }
            }
            Err(_) => Err(self.problem_here(
                format!(
                    "expected {what} in `{}`, found {}",
                    self.word_text(),
                    self.what_is_here()
                ),
                expected,
            )),
        }
    }

    fn punct(&mut self, c: char, what: &str, expected: &str) -> Step<()> {
        match ch::<&str, nom::error::Error<&str>>(c).parse(self.rest()) {
            Ok((rest, _)) => {
                self.advance(rest);
                Ok(())
            }
            Err(_) => Err(self.problem_here(
                format!(
                    "expected {what} in `{}`, found {}",
                    self.word_text(),
                    self.what_is_here()
                ),
                expected,
            )),
        }
    }

    fn square(&mut self, expected: &str) -> Step<Square> {
        let x = self.coord("a column X", expected)?;
        self.punct(',', "`,` between X and Y", expected)?;
        let y = self.coord("a row Y", expected)?;
        Ok(Square::new(x, y))
    }

    fn end(&self, expected: &str) -> Step<()> {
        if self.rest().is_empty() {
            Ok(())
        } else {
            Err(Box::new(
                Problem::new(format!(
                    "unexpected `{}` after `{}`",
                    self.rest(),
                    &self.src.text[self.word.start..self.pos]
                ))
                .at(self.src, self.pos..self.word.end)
                .expected(expected),
            ))
        }
    }
}

fn placement_word(src: &Source, word: Range<usize>) -> Step<RawPlacement> {
    let e = PLACEMENT_EXPECTED;
    let mut c = Cursor::new(src, word.clone());
    let a = c.number("a number", e)?;
    c.punct('-', "`-` between the two numbers", e)?;
    let b = c.number("a second number", e)?;
    if c.rest().is_empty() {
        return Err(Box::new(
            Problem::new(format!(
                "`{}` says which domino but not where it lies",
                c.word_text()
            ))
            .at(src, word)
            .expected(e),
        ));
    }
    c.punct('@', "`@` before the position", e)?;
    let at = c.square(e)?;
    let dir = match one_of::<&str, &str, nom::error::Error<&str>>("hHvV").parse(c.rest()) {
        Ok((rest, d)) => {
            c.advance(rest);
            if d.eq_ignore_ascii_case(&'h') {
                Dir::H
            } else {
                Dir::V
            }
        }
        Err(_) => {
            return Err(c.problem_here(
                format!(
                    "`{}` has no direction after its position",
                    &src.text[word.start..c.pos]
                ),
                "h (the second half to the right) or v (the second half below)",
            ));
        }
    };
    c.end(e)?;
    Ok(RawPlacement {
        a,
        b,
        at,
        dir,
        span: word,
    })
}

/// What may be written for a square.
pub const SQUARE_EXPECTED: &str = "a square: X,Y, e.g. 2,0 or -1,3";
/// What may be written for a domino off the table.
pub const DOMINO_EXPECTED: &str = "a domino: two numbers from 0 to 12, e.g. 6-4";

/// Reads the word at `word` of `src` as a domino on the table (`6-4@0,0h`).
pub fn placement_in(src: &Source, word: Range<usize>) -> Step<RawPlacement> {
    placement_word(src, word)
}

/// Reads the word at `word` of `src` as a square (`2,0`).
pub fn square_in(src: &Source, word: Range<usize>) -> Step<Square> {
    let mut c = Cursor::new(src, word);
    let sq = c.square(SQUARE_EXPECTED)?;
    c.end(SQUARE_EXPECTED)?;
    Ok(sq)
}

/// Reads the word at `word` of `src` as a domino off the table (`6-4`), its numbers on
/// a double-12 set.
pub fn domino_in(src: &Source, word: Range<usize>) -> Step<Domino> {
    let e = DOMINO_EXPECTED;
    let mut c = Cursor::new(src, word);
    let a = c.number("a number", e)?;
    c.punct('-', "`-` between the two numbers", e)?;
    let b = c.number("a second number", e)?;
    c.end(e)?;
    for n in [&a, &b] {
        if let Some(p) = number_problem(src, n) {
            return Err(Box::new(p));
        }
    }
    Ok(Domino::new(a.value as u8, b.value as u8))
}

/// Reads a board: every domino written in `src`. Every bad word is reported.
pub fn parse_board(src: &Source) -> Result<Vec<RawPlacement>, Error> {
    let mut out = Vec::new();
    let mut problems = Problems::new();
    for w in words(src) {
        match placement_word(src, w) {
            Ok(p) => out.push(p),
            Err(p) => problems.push(*p),
        }
    }
    problems.check()?;
    Ok(out)
}

/// Reads exactly one domino on the table (`6-4@0,0h`).
pub fn parse_placement(src: &Source) -> Result<RawPlacement, Error> {
    let ws = words(src);
    match ws.as_slice() {
        [one] => placement_word(src, one.clone()).map_err(|p| Error::single(*p)),
        [] => Err(Problem::new("no domino given")
            .at(src, 0..src.text.len())
            .expected(PLACEMENT_EXPECTED)
            .into()),
        [_, second, ..] => Err(Problem::new("more than one domino given")
            .at(src, second.start..src.text.len())
            .expected("one domino, such as 6-4@0,0h")
            .into()),
    }
}

/// Reads a domino off the table: `A-B`.
pub fn parse_domino(src: &Source) -> Result<(Located<u32>, Located<u32>), Error> {
    let e = "a domino: two numbers from 0 to 12, e.g. 6-4";
    let ws = words(src);
    let [w] = ws.as_slice() else {
        return Err(Problem::new(if ws.is_empty() {
            "no domino given"
        } else {
            "more than one domino given"
        })
        .at(src, 0..src.text.len())
        .expected(e)
        .into());
    };
    let mut c = Cursor::new(src, w.clone());
    let one = |p: Box<Problem>| Error::single(*p);
    let a = c.number("a number", e).map_err(one)?;
    c.punct('-', "`-` between the two numbers", e)
        .map_err(one)?;
    let b = c.number("a second number", e).map_err(one)?;
    if c.rest().starts_with('@') {
        return Err(Problem::new("give only the domino here, not where it lies")
            .at(src, c.pos..w.end)
            .expected(e)
            .help("`spots` lists every place it may go")
            .into());
    }
    c.end(e).map_err(one)?;
    let problems: Vec<Problem> = [&a, &b]
        .into_iter()
        .filter_map(|n| number_problem(src, n))
        .collect();
    Error::check(problems)?;
    Ok((a, b))
}

fn border_word(src: &Source, word: Range<usize>, expected: &str) -> Step<Located<Border>> {
    let mut c = Cursor::new(src, word.clone());
    let a = c.square(expected)?;
    c.punct('-', "`-` between the two squares", expected)?;
    let b = c.square(expected)?;
    c.end(expected)?;
    Ok(Located::new(Border::new(a, b), word))
}

/// Reads a list of borders (`0,0-0,1 1,0-2,0`). Every bad word is reported.
pub fn parse_borders(src: &Source) -> Result<Vec<Located<Border>>, Error> {
    let mut out = Vec::new();
    let mut problems = Vec::new();
    for w in words(src) {
        match border_word(src, w, BORDER_EXPECTED) {
            Ok(b) => out.push(b),
            Err(p) => problems.push(*p),
        }
    }
    Error::check(problems)?;
    Ok(out)
}

/// Reads a list of Territory tokens (`ana:0,0-0,1 bo:1,0-2,0`).
pub fn parse_tokens(src: &Source) -> Result<Vec<Located<Token>>, Error> {
    let mut out = Vec::new();
    let mut problems = Vec::new();
    for w in words(src) {
        let text = &src.text[w.clone()];
        let Some(colon) = text.find(':') else {
            problems.push(
                Problem::new(format!("`{text}` does not say whose token it is"))
                    .at(src, w)
                    .expected(TOKEN_EXPECTED),
            );
            continue;
        };
        let name = &text[..colon];
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == '.')
        {
            problems.push(
                Problem::new(format!("`{name}` is not a player's name"))
                    .at(src, w.start..w.start + colon.max(1))
                    .expected("a name of letters, digits, `_` or `.`, then `:`"),
            );
            continue;
        }
        if let Some(why) = crate::notation::name_too_long(name) {
            problems.push(
                Problem::new(why.to_string())
                    .code(crate::diag::Code::BadName)
                    .at(src, w.start..w.start + colon),
            );
            continue;
        }
        match border_word(src, w.start + colon + 1..w.end, TOKEN_EXPECTED) {
            Ok(b) => out.push(Located::new(
                Token {
                    player: name.to_string(),
                    border: b.value,
                },
                w,
            )),
            Err(p) => problems.push(*p),
        }
    }
    Error::check(problems)?;
    Ok(out)
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
