//! The Year record: a Kingmaker Year (or a whole campaign) written season by season, one
//! event per line.
//!
//! ```text
//! players: ana bo cy dee
//! winter: ana bo cy dee
//! spring: bo c2 left RG, cy c2 long RG-YB, dee c3 right GB, ana c1 left YY
//! summer: cy RY c3, dee BB c2 e c3, ana YB c4 ne c3, bo GB c1 sw c2
//! harvest: dee w c4, ana e c4, bo w c1, cy e c1
//! blinks: ana RG-YB, bo YY-GB, cy RY-GB, dee BB-GY, c1 YY-RR, c2 RG-YB, c3 BB-GB, c4 GG-RY
//! next: ana
//! ```
//!
//! [`parse`] turns the text into plain values ([`Record`]: lines of [`Entry`], each season
//! step a [`Move`]) and reports every notation problem at its place; whether the steps
//! follow the rules is the business of [`super::season`], one step at a time.

use std::fmt;
use std::ops::Range;

use super::build::{DIR_EXPECTED, Dir};
use super::error::CampaignError;
use super::layout::Colour;
use crate::diag::{Error, Problem, Source, did_you_mean};
use crate::notation::{Located, written_lines};

/// A pip pair's two colours.
pub type PairOf = [Colour; 2];

/// A pair as written: `RG`.
pub fn pair_text(p: PairOf) -> String {
    format!("{}{}", p[0], p[1])
}

/// Both pairs of a Blink as written: `RG-YB`.
pub fn pairs_text(p: [PairOf; 2]) -> String {
    format!("{}-{}", pair_text(p[0]), pair_text(p[1]))
}

/// Whether two pairs are the same colours (a pair's faces are compared in either order:
/// players announce colours, not which face is first).
pub fn same_pair(a: PairOf, b: PairOf) -> bool {
    a == b || a == [b[1], b[0]]
}

/// A player name that the layout and score notations can carry.
pub fn check_name(name: &str) -> Result<(), CampaignError> {
    if name.is_empty() {
        return Err(CampaignError::NameEmpty);
    }
    if let Some(why) = crate::notation::name_too_long(name) {
        return Err(CampaignError::NameRefused(why));
    }
    if let Some(c) = name
        .chars()
        .find(|c| c.is_whitespace() || matches!(c, ':' | '/' | ',' | ';' | '='))
    {
        return Err(CampaignError::NameHolds {
            name: name.to_string(),
            c,
        });
    }
    if let Some(c) = name.chars().find(|c| c.is_control()) {
        return Err(CampaignError::NameControl {
            name: name.to_string(),
            c,
        });
    }
    Ok(())
}

/// How a scattered common is pressed in Spring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Press {
    /// A single click: the left pair lit, the right dark.
    Left,
    /// A double click: the right pair lit, the left dark.
    Right,
    /// A long press: both pairs lit.
    Long,
}

impl Press {
    pub fn word(self) -> &'static str {
        match self {
            Press::Left => "left",
            Press::Right => "right",
            Press::Long => "long",
        }
    }

    fn parse(w: &str) -> Option<Press> {
        match w.to_lowercase().as_str() {
            "left" | "single" | "click" => Some(Press::Left),
            "right" | "double" => Some(Press::Right),
            "long" => Some(Press::Long),
            _ => None,
        }
    }
}

/// What a Spring press shows: one pair after a click, both after a long press.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    One(PairOf),
    Both([PairOf; 2]),
}

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shown::One(p) => f.write_str(&pair_text(*p)),
            Shown::Both(p) => f.write_str(&pairs_text(*p)),
        }
    }
}

/// The name of scattered common `i` (0..4): `c1`.
pub fn common_name(i: usize) -> String {
    format!("c{}", i + 1)
}

/// A scattered common from its label, `c1` to `c4` in either case.
pub fn common_index(w: &str) -> Option<usize> {
    match w.to_lowercase().as_str() {
        "c1" => Some(0),
        "c2" => Some(1),
        "c3" => Some(2),
        "c4" => Some(3),
        _ => None,
    }
}

/// A Spring choice: `bo c2 left RG`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Click {
    pub player: String,
    pub common: usize,
    pub press: Press,
    pub shown: Shown,
}

/// A Summer step: the pair revealed, then the common moved into the Commons and where:
/// `dee BB c2 e c3` (and `lit RG-YB` when ruling dark-commons lights it as it moves).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reveal {
    pub player: String,
    pub pair: PairOf,
    pub common: usize,
    pub against: Option<(Dir, String)>,
    pub lit: Option<[PairOf; 2]>,
}

/// A Harvest insertion: `dee w c4`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Insert {
    pub player: String,
    pub side: Dir,
    pub of: String,
}

/// A Blink fully lit at the end of the Year: `c1 YY-RR`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lit {
    pub blink: String,
    pub pairs: [PairOf; 2],
}

pub use super::StepKind;

/// One step of a Year.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move {
    /// The order in which the players took their Blinks.
    Winter(Vec<String>),
    Spring(Click),
    Summer(Reveal),
    Harvest(Insert),
    /// One Blink of the `blinks:` line.
    Lit(Lit),
}

impl Move {
    /// The kind of the step: the key of the line it is written on.
    pub fn kind(&self) -> StepKind {
        match self {
            Move::Winter(_) => StepKind::Winter,
            Move::Spring(_) => StepKind::Spring,
            Move::Summer(_) => StepKind::Summer,
            Move::Harvest(_) => StepKind::Harvest,
            Move::Lit(_) => StepKind::Blinks,
        }
    }

    /// The player making the step, when one does.
    pub fn player(&self) -> Option<&str> {
        match self {
            Move::Winter(_) | Move::Lit(_) => None,
            Move::Spring(c) => Some(&c.player),
            Move::Summer(r) => Some(&r.player),
            Move::Harvest(i) => Some(&i.player),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Winter(order) => f.write_str(&order.join(" ")),
            Move::Spring(c) => write!(
                f,
                "{} {} {} {}",
                c.player,
                common_name(c.common),
                c.press.word(),
                c.shown
            ),
            Move::Summer(r) => {
                write!(
                    f,
                    "{} {} {}",
                    r.player,
                    pair_text(r.pair),
                    common_name(r.common)
                )?;
                if let Some((d, o)) = &r.against {
                    write!(f, " {d} {o}")?;
                }
                if let Some(l) = r.lit {
                    write!(f, " lit {}", pairs_text(l))?;
                }
                Ok(())
            }
            Move::Harvest(i) => write!(f, "{} {} {}", i.player, i.side, i.of),
            Move::Lit(l) => write!(f, "{} {}", l.blink, pairs_text(l.pairs)),
        }
    }
}

/// One line of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// `players: ana bo cy dee`: a Year starts, the first named holding the token.
    Players(Vec<String>),
    /// `year` or `year: NAME`: a Year starts with the same players.
    Year(Option<String>),
    /// `target: N`: the overall points that end the campaign.
    Target(u32),
    /// `next: NAME`: who the Year's winner names to start the next Year.
    Next(String),
    /// A season's steps (`winter:`, `spring:`, `summer:`, `harvest:`, `blinks:`).
    Moves(Vec<Move>),
}

/// A line of a record and where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// 1-based.
    pub line: usize,
    pub entry: Entry,
}

/// A whole record: one Year or several of one campaign.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Record {
    pub lines: Vec<Line>,
}

impl fmt::Display for Entry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Entry::Players(p) => write!(f, "players: {}", p.join(" ")),
            Entry::Year(None) => f.write_str("year"),
            Entry::Year(Some(n)) => write!(f, "year: {n}"),
            Entry::Target(n) => write!(f, "target: {n}"),
            Entry::Next(n) => write!(f, "next: {n}"),
            Entry::Moves(m) => {
                let key = m.first().map_or(StepKind::Spring, Move::kind).word();
                let items: Vec<String> = m.iter().map(ToString::to_string).collect();
                write!(f, "{key}: {}", items.join(", "))
            }
        }
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for l in &self.lines {
            writeln!(f, "{}", l.entry)?;
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------
// Parsing

/// The key a line of a record starts with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKey {
    Players,
    Year,
    Target,
    /// A season's steps, or the Blinks of the final long press.
    Step(StepKind),
    Next,
}

impl LineKey {
    /// Every key, in the order the notation lists them.
    pub const ALL: [LineKey; 9] = [
        LineKey::Players,
        LineKey::Year,
        LineKey::Target,
        LineKey::Step(StepKind::Winter),
        LineKey::Step(StepKind::Spring),
        LineKey::Step(StepKind::Summer),
        LineKey::Step(StepKind::Harvest),
        LineKey::Step(StepKind::Blinks),
        LineKey::Next,
    ];

    /// The key as written: `players`.
    pub fn word(self) -> &'static str {
        match self {
            LineKey::Players => "players",
            LineKey::Year => "year",
            LineKey::Target => "target",
            LineKey::Step(k) => k.word(),
            LineKey::Next => "next",
        }
    }

    /// The key a word (in lower case) names, if any.
    pub fn from_word(word: &str) -> Option<LineKey> {
        LineKey::ALL.into_iter().find(|k| k.word() == word)
    }
}

/// What a line of a record is.
pub const LINE_EXPECTED: &str = "a line `players:`, `year`, `target:`, `winter:`, `spring:`, `summer:`, `harvest:`, `blinks:` or `next:`";
const WINTER_EXPECTED: &str = "the players in the order they took their Blinks: `ana bo cy dee`";
const SPRING_EXPECTED: &str = "PLAYER COMMON PRESS PAIRS: `bo c2 left RG`, `cy c2 right YB` or `dee c2 long RG-YB` (a long press shows both pairs)";
const SUMMER_EXPECTED: &str = "PLAYER PAIR COMMON, then for every common but the first SIDE OTHER: `cy RY c3`, `dee BB c2 e c3`";
const HARVEST_EXPECTED: &str = "PLAYER SIDE OTHER: `dee w c4` (dee's Blink west of c4)";
const BLINK_EXPECTED: &str =
    "NAME LEFT-RIGHT, each pair two colours of R Y G B: `ana RG-YB`, `c1 YY-RR`";
const PAIR_EXPECTED: &str = "two colours of R Y G B: `RG`";
const COMMON_EXPECTED: &str = "a scattered common: c1, c2, c3 or c4";

/// A word and where it is.
type Word<'a> = Located<&'a str>;

/// The words of `text` (at `offset` in the source), split at white space and, when
/// `commas`, at commas too.
fn words(text: &str, offset: usize, commas: bool) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        let sep = c.is_whitespace() || (commas && c == ',');
        match (sep, start) {
            (true, Some(s)) => {
                out.push(Located::new(&text[s..i], offset + s..offset + i));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    out
}

/// The items of `text` separated by commas, each as its span and words; empty items are
/// skipped.
fn items(text: &str, offset: usize) -> Vec<(Range<usize>, Vec<Word<'_>>)> {
    let mut out = Vec::new();
    let mut at = 0;
    for part in text.split(',') {
        let w = words(part, offset + at, false);
        if let (Some(a), Some(b)) = (w.first(), w.last()) {
            out.push((a.span.start..b.span.end, w));
        }
        at += part.len() + 1;
    }
    out
}

/// Parses a record, reporting every notation problem at once.
pub fn parse(src: &Source) -> Result<Record, Error> {
    let mut problems = Vec::new();
    let mut lines = Vec::new();
    for l in written_lines(&src.text) {
        if let Some(entry) = parse_line(src, l.body, l.start, &mut problems) {
            lines.push(Line {
                line: l.number,
                entry,
            });
        }
    }
    Error::check(problems)?;
    if lines.is_empty() {
        return Err(Problem::new("the record is empty")
            .at(src, 0..src.text.len())
            .expected(LINE_EXPECTED)
            .into());
    }
    Ok(Record { lines })
}

/// Reads one line (`text` at `start` in the source), comment removed.
fn parse_line(
    src: &Source,
    text: &str,
    start: usize,
    problems: &mut Vec<Problem>,
) -> Option<Entry> {
    let lead = text.len() - text.trim_start().len();
    let body = &text[lead..];
    let key_len = body
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(body.len());
    let key = body[..key_len].to_lowercase();
    let first_word = body.split_whitespace().next().unwrap_or(body);
    let shown_len = if key_len > 0 {
        key_len
    } else {
        first_word.len()
    };
    let key_span = start + lead..start + lead + shown_len;
    let after = &body[key_len..];
    let colon = after.trim_start().starts_with(':');
    let rest_at = if colon {
        key_len + (after.len() - after.trim_start().len()) + 1
    } else {
        key_len
    };
    let rest = &body[rest_at..];
    let rest_start = start + lead + rest_at;
    let Some(line_key) = LineKey::from_word(&key) else {
        let word = &body[..shown_len];
        let mut p = Problem::new(format!("`{word}` does not start a line of a Year record"))
            .at(src, key_span)
            .expected(LINE_EXPECTED);
        if let Some(near) = did_you_mean(&key, LineKey::ALL.map(LineKey::word)) {
            p = p.help(format!("did you mean `{near}:`?"));
        }
        problems.push(p);
        return None;
    };
    if !(colon || line_key == LineKey::Year && rest.trim().is_empty()) {
        problems.push(
            Problem::new(format!("`{key}` must be followed by `:`"))
                .at(src, key_span.end - 1..key_span.end)
                .expected(format!("`{key}: …`")),
        );
        return None;
    }
    let before = problems.len();
    let entry = entry_of(src, line_key, rest, rest_start, problems);
    if entry.is_none() && problems.len() == before {
        problems.push(
            Problem::new(format!("`{key}:` names nothing"))
                .at(src, key_span)
                .expected(LINE_EXPECTED),
        );
    }
    entry
}

/// The entry of a line whose key is `key`, from the text after the colon.
fn entry_of(
    src: &Source,
    key: LineKey,
    rest: &str,
    at: usize,
    problems: &mut Vec<Problem>,
) -> Option<Entry> {
    match key {
        LineKey::Players => players_line(src, rest, at, problems),
        LineKey::Year => single_name(src, rest, at, problems, true).map(Entry::Year),
        LineKey::Next => single_name(src, rest, at, problems, false)?.map(Entry::Next),
        LineKey::Target => target_line(src, rest, at, problems),
        LineKey::Step(StepKind::Winter) => {
            let names: Vec<String> = words(rest, at, true)
                .iter()
                .map(|w| w.value.to_string())
                .collect();
            (!names.is_empty()).then(|| Entry::Moves(vec![Move::Winter(names)]))
        }
        LineKey::Step(kind) => {
            let mut moves = Vec::new();
            let mut ok = true;
            for (span, w) in items(rest, at) {
                match item(src, kind, &span, &w, problems) {
                    Some(m) => moves.push(m),
                    None => ok = false,
                }
            }
            (ok && !moves.is_empty()).then_some(Entry::Moves(moves))
        }
    }
}

/// `players: ana bo cy dee`: four names, each once.
fn players_line(src: &Source, rest: &str, at: usize, problems: &mut Vec<Problem>) -> Option<Entry> {
    let w = words(rest, at, true);
    let before = problems.len();
    if w.len() != 4 && !w.is_empty() {
        let span = w.first().map_or(at, |f| f.span.start)..w.last().map_or(at, |l| l.span.end);
        problems.push(
            crate::diag::Coded::to_problem(&CampaignError::PlayerCount(w.len()))
                .at(src, span)
                .expected("four names, clockwise, the first holding the first player token"),
        );
    }
    for (i, n) in w.iter().enumerate() {
        if let Err(why) = check_name(n.value) {
            problems.push(crate::diag::Coded::to_problem(&why).at(src, n.span.clone()));
        } else if let Some(first) =
            (w[..i].iter()).position(|o| crate::seat::same_name(o.value, n.value))
        {
            let names: Vec<&str> = w.iter().map(|o| o.value).collect();
            let spans: Vec<Range<usize>> = w.iter().map(|o| o.span.clone()).collect();
            let twice = crate::seat::NameTwice { first, second: i };
            problems.push(twice.problem(&names, src, &spans));
        } else if common_index(n.value).is_some() {
            problems.push(
                Problem::new(format!("`{}` is the label of a scattered common", n.value))
                    .at(src, n.span.clone())
                    .help("c1 to c4 name the commons; give the players other names"),
            );
        }
    }
    (problems.len() == before && !w.is_empty())
        .then(|| Entry::Players(w.iter().map(|x| x.value.to_string()).collect()))
}

/// One name after `year:` (optional) or `next:`.
fn single_name(
    src: &Source,
    rest: &str,
    at: usize,
    problems: &mut Vec<Problem>,
    optional: bool,
) -> Option<Option<String>> {
    let w = words(rest, at, true);
    match w.as_slice() {
        [] if optional => Some(None),
        [] => None,
        [one] => Some(Some(one.value.to_string())),
        [_, second, ..] => {
            problems.push(
                Problem::new("one player's name is expected here")
                    .at(src, second.span.start..w.last().map_or(at, |l| l.span.end))
                    .expected("the name of the player who holds the first player token"),
            );
            None
        }
    }
}

/// `target: 3`.
fn target_line(src: &Source, rest: &str, at: usize, problems: &mut Vec<Problem>) -> Option<Entry> {
    let w = words(rest, at, true);
    let [one] = w.as_slice() else {
        let span = w.first().map_or(at, |f| f.span.start)..w.last().map_or(at, |l| l.span.end);
        problems.push(
            Problem::new("`target:` takes one number")
                .at(src, span)
                .expected("a whole number of overall points, 1 or more"),
        );
        return None;
    };
    match one.value.parse::<u32>() {
        Ok(n) if n >= 1 => Some(Entry::Target(n)),
        _ => {
            problems.push(
                Problem::new(format!("`{}` is not a number of points", one.value))
                    .at(src, one.span.clone())
                    .expected("a whole number of overall points, 1 or more"),
            );
            None
        }
    }
}

/// One step of a season line.
fn item(
    src: &Source,
    kind: StepKind,
    span: &Range<usize>,
    w: &[Word<'_>],
    problems: &mut Vec<Problem>,
) -> Option<Move> {
    let (expected, m) = match kind {
        // Winter's order is every word: it has no wrong shape.
        StepKind::Winter => (
            WINTER_EXPECTED,
            Shape::Read(Move::Winter(
                w.iter().map(|w| w.value.to_string()).collect(),
            )),
        ),
        StepKind::Spring => (SPRING_EXPECTED, spring_item(src, w, problems)),
        StepKind::Summer => (SUMMER_EXPECTED, summer_item(src, w, problems)),
        StepKind::Harvest => (HARVEST_EXPECTED, harvest_item(src, w, problems)),
        StepKind::Blinks => (BLINK_EXPECTED, blink_item(src, w, problems)),
    };
    let key = kind.word();
    match m {
        Shape::Read(m) => Some(m),
        Shape::Flawed => None,
        Shape::Wrong => {
            problems.push(
                Problem::new(format!("`{}` is not a {key} step", &src.text[span.clone()]))
                    .at(src, span.clone())
                    .expected(expected)
                    .help("separate the steps of a season with `,`"),
            );
            None
        }
    }
}

/// An item read: a step, one whose words had problems (already reported), or one of the
/// wrong shape altogether.
enum Shape {
    Read(Move),
    Flawed,
    Wrong,
}

fn pair(src: &Source, w: &Word<'_>, problems: &mut Vec<Problem>) -> Option<PairOf> {
    let cs: Vec<Option<Colour>> = w.value.chars().map(Colour::from_letter).collect();
    if let [Some(a), Some(b)] = cs.as_slice() {
        return Some([*a, *b]);
    }
    problems.push(
        Problem::new(format!("`{}` is not a pip pair", w.value))
            .at(src, w.span.clone())
            .expected(PAIR_EXPECTED),
    );
    None
}

fn both_pairs(src: &Source, w: &Word<'_>, problems: &mut Vec<Problem>) -> Option<[PairOf; 2]> {
    let Some((l, r)) = w.value.split_once('-') else {
        problems.push(
            Problem::new(format!("`{}` is not both pairs of a Blink", w.value))
                .at(src, w.span.clone())
                .expected("the left pair, `-`, the right pair: `RG-YB`"),
        );
        return None;
    };
    let s = w.span.start;
    let lw = Located::new(l, s..s + l.len());
    let rw = Located::new(r, s + l.len() + 1..w.span.end);
    let (a, b) = (pair(src, &lw, problems), pair(src, &rw, problems));
    Some([a?, b?])
}

fn common(src: &Source, w: &Word<'_>, problems: &mut Vec<Problem>) -> Option<usize> {
    let c = common_index(w.value);
    if c.is_none() {
        problems.push(
            Problem::new(format!("`{}` is not a scattered common", w.value))
                .at(src, w.span.clone())
                .expected(COMMON_EXPECTED),
        );
    }
    c
}

fn side(src: &Source, w: &Word<'_>, problems: &mut Vec<Problem>) -> Option<Dir> {
    let d = Dir::parse(w.value);
    if d.is_none() {
        problems.push(
            Problem::new(format!("unknown side `{}`", w.value))
                .at(src, w.span.clone())
                .expected(DIR_EXPECTED),
        );
    }
    d
}

/// `SIDE OTHER` or `SIDE of OTHER`.
fn against<'a>(w: &'a [Word<'a>]) -> Option<(&'a Word<'a>, &'a Word<'a>)> {
    match w {
        [d, o] => Some((d, o)),
        [d, of, o] if of.value.eq_ignore_ascii_case("of") => Some((d, o)),
        _ => None,
    }
}

fn spring_item(src: &Source, w: &[Word<'_>], problems: &mut Vec<Problem>) -> Shape {
    let [player, c, press, shown] = w else {
        return Shape::Wrong;
    };
    let before = problems.len();
    let c = common(src, c, problems);
    let p = Press::parse(press.value);
    if p.is_none() {
        problems.push(
            Problem::new(format!("`{}` is not a press", press.value))
                .at(src, press.span.clone())
                .expected("left (a single click), right (a double click) or long (a long press)"),
        );
    }
    let shown = match p {
        Some(Press::Long) => both_pairs(src, shown, problems).map(Shown::Both),
        Some(_) if shown.value.contains('-') => {
            problems.push(
                Problem::new(format!("a click shows one pair, not `{}`", shown.value))
                    .at(src, shown.span.clone())
                    .expected(PAIR_EXPECTED)
                    .help("only a long press lights both pairs: `long RG-YB`"),
            );
            None
        }
        _ => pair(src, shown, problems).map(Shown::One),
    };
    match (c, p, shown) {
        (Some(common), Some(press), Some(shown)) if problems.len() == before => {
            Shape::Read(Move::Spring(Click {
                player: player.value.to_string(),
                common,
                press,
                shown,
            }))
        }
        _ => Shape::Flawed,
    }
}

fn summer_item(src: &Source, w: &[Word<'_>], problems: &mut Vec<Problem>) -> Shape {
    let [player, p, c, rest @ ..] = w else {
        return Shape::Wrong;
    };
    let (rest, lit_word) = match rest {
        [init @ .., l, pairs] if l.value.eq_ignore_ascii_case("lit") => (init, Some(pairs)),
        _ => (rest, None),
    };
    let place = match rest {
        [] => None,
        _ => match against(rest) {
            Some(a) => Some(a),
            None => return Shape::Wrong,
        },
    };
    let before = problems.len();
    let pair = pair(src, p, problems);
    let common = common(src, c, problems);
    let against = place.and_then(|(d, o)| Some((side(src, d, problems)?, o.value.to_string())));
    let lit = lit_word.and_then(|l| both_pairs(src, l, problems));
    if problems.len() > before {
        return Shape::Flawed;
    }
    match (pair, common) {
        (Some(pair), Some(common)) => Shape::Read(Move::Summer(Reveal {
            player: player.value.to_string(),
            pair,
            common,
            against,
            lit,
        })),
        _ => Shape::Flawed,
    }
}

fn harvest_item(src: &Source, w: &[Word<'_>], problems: &mut Vec<Problem>) -> Shape {
    let [player, rest @ ..] = w else {
        return Shape::Wrong;
    };
    let Some((d, o)) = against(rest) else {
        return Shape::Wrong;
    };
    match side(src, d, problems) {
        Some(side) => Shape::Read(Move::Harvest(Insert {
            player: player.value.to_string(),
            side,
            of: o.value.to_string(),
        })),
        None => Shape::Flawed,
    }
}

fn blink_item(src: &Source, w: &[Word<'_>], problems: &mut Vec<Problem>) -> Shape {
    let [name, pairs] = w else {
        return Shape::Wrong;
    };
    match both_pairs(src, pairs, problems) {
        Some(pairs) => Shape::Read(Move::Lit(Lit {
            blink: name.value.to_string(),
            pairs,
        })),
        None => Shape::Flawed,
    }
}

/// Whether a text is a Year record rather than a Commons build: its first line (after
/// comments and blank lines) starts with a key of the record and `:` (or is `year`).
pub fn looks_like_record(text: &str) -> bool {
    let Some(first) = written_lines(text).next().map(|l| l.body.trim()) else {
        return false;
    };
    let key_len = first
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(first.len());
    let key = LineKey::from_word(&first[..key_len].to_lowercase());
    let after = first[key_len..].trim_start();
    key.is_some() && (after.starts_with(':') || (key == Some(LineKey::Year) && after.is_empty()))
}

/// Reads a Blink's two pairs as one word, `RG-YB` (a player's own Blink for advice).
pub fn read_pairs(src: &Source) -> Result<[PairOf; 2], Error> {
    let w = words(&src.text, 0, false);
    let mut problems = Vec::new();
    let read = match w.as_slice() {
        [one] => both_pairs(src, one, &mut problems),
        _ => {
            problems.push(
                Problem::new("a Blink is one word, its left pair, `-`, its right pair")
                    .at(src, 0..src.text.len())
                    .expected("the left pair, `-`, the right pair: `RG-YB`"),
            );
            None
        }
    };
    Error::check(problems)?;
    read.ok_or_else(|| Error::msg("internal: pairs read without a problem and without a value"))
}

/// Reads one pip pair, `RG`, in either case; none when the text is not one.
pub fn read_pair(text: &str) -> Option<PairOf> {
    let cs: Vec<Option<Colour>> = text.trim().chars().map(Colour::from_letter).collect();
    match cs.as_slice() {
        [Some(a), Some(b)] => Some([*a, *b]),
        _ => None,
    }
}

/// Reads one step of kind `kind` as a session saves it or the table answers it (the
/// record's item notation, without the key).
pub fn read_step(kind: StepKind, text: &str) -> Result<Move, Error> {
    let src = Source::new("the answer", text);
    let mut problems = Vec::new();
    // Winter's order may be written with commas, as on its line.
    let w = words(text, 0, kind == StepKind::Winter);
    let m = item(&src, kind, &(0..text.len()), &w, &mut problems);
    Error::check(problems)?;
    m.ok_or_else(|| Error::msg("internal: a step read without a problem and without a value"))
}

/// Strategies for property tests of the record notation.
#[cfg(test)]
pub mod testing {
    use super::*;
    use proptest::prelude::*;

    fn arb_pair() -> impl Strategy<Value = PairOf> {
        let c = prop::sample::select(Colour::ALL.to_vec());
        (c.clone(), c).prop_map(|(a, b)| [a, b])
    }

    fn arb_name() -> impl Strategy<Value = String> {
        "[a-z][a-z0-9_]{0,5}".prop_filter("not a common or a keyword", |n| {
            common_index(n).is_none() && !["of", "lit"].contains(&n.as_str())
        })
    }

    fn arb_dir() -> impl Strategy<Value = Dir> {
        prop::sample::select(Dir::ALL.to_vec())
    }

    fn arb_move(key: usize) -> BoxedStrategy<Move> {
        match key {
            0 => (arb_name(), 0..4usize, 0..3usize, arb_pair(), arb_pair())
                .prop_map(|(player, common, p, a, b)| {
                    let press = [Press::Left, Press::Right, Press::Long][p];
                    let shown = if press == Press::Long {
                        Shown::Both([a, b])
                    } else {
                        Shown::One(a)
                    };
                    Move::Spring(Click {
                        player,
                        common,
                        press,
                        shown,
                    })
                })
                .boxed(),
            1 => (
                arb_name(),
                arb_pair(),
                0..4usize,
                prop::option::of((arb_dir(), arb_name())),
                prop::option::of((arb_pair(), arb_pair())),
            )
                .prop_map(|(player, pair, common, against, lit)| {
                    Move::Summer(Reveal {
                        player,
                        pair,
                        common,
                        against,
                        lit: lit.map(|(a, b)| [a, b]),
                    })
                })
                .boxed(),
            2 => (arb_name(), arb_dir(), arb_name())
                .prop_map(|(player, side, of)| Move::Harvest(Insert { player, side, of }))
                .boxed(),
            _ => (arb_name(), arb_pair(), arb_pair())
                .prop_map(|(blink, a, b)| {
                    Move::Lit(Lit {
                        blink,
                        pairs: [a, b],
                    })
                })
                .boxed(),
        }
    }

    fn arb_entry() -> impl Strategy<Value = Entry> {
        prop_oneof![
            prop::collection::vec(arb_name(), 4)
                .prop_filter("distinct", |v| {
                    let mut s = v.clone();
                    s.sort();
                    s.dedup();
                    s.len() == 4
                })
                .prop_map(Entry::Players),
            prop::option::of(arb_name()).prop_map(Entry::Year),
            (1u32..20).prop_map(Entry::Target),
            arb_name().prop_map(Entry::Next),
            prop::collection::vec(arb_name(), 1..5)
                .prop_map(|v| Entry::Moves(vec![Move::Winter(v)])),
            (0..4usize)
                .prop_flat_map(|k| prop::collection::vec(arb_move(k), 1..5))
                .prop_map(Entry::Moves),
        ]
    }

    pub fn arb_record() -> impl Strategy<Value = Record> {
        prop::collection::vec(arb_entry(), 1..8).prop_map(|entries| Record {
            lines: entries
                .into_iter()
                .enumerate()
                .map(|(i, entry)| Line { line: i + 1, entry })
                .collect(),
        })
    }
}

#[cfg(test)]
mod tests;
