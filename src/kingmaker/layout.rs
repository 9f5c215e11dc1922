//! The finished Commons as a 3-2-3 layout, and its notation.
//!
//! Three rows separated by `/` or new lines: three Blinks, two Blinks, three Blinks. A
//! Blink is its left pip pair, `-`, its right pip pair, each pair two colours out of
//! `R Y G B` (`..` for a pair not lit). A corner Blink belongs to a player and may carry
//! the player's name before a colon:
//!
//! ```text
//! ana:RG-YB RR-GB bo:YY-BG / GG-RY BB-RY / cy:RY-GB YG-RR dee:BB-GY
//! ```
//!
//! [`parse`] only splits the text into rows, Blinks, names and pairs (with their
//! positions); [`validate`] checks them against the game and reports every problem.

use std::collections::HashMap;
use std::fmt;
use std::ops::Range;
use std::str::FromStr;

use nom::Parser;
use nom::bytes::complete::{take_till, take_while1};
use nom::character::complete::char as ch;
use nom::combinator::opt;
use nom::sequence::terminated;
use serde::Serialize;

use crate::diag::{Error, Problem, Problems, Source, did_you_mean};
use crate::notation::Located;

/// The four colours of Kingmaker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Colour {
    Red,
    Yellow,
    Green,
    Blue,
}

impl Colour {
    /// In the notation's order, R Y G B.
    pub const ALL: [Colour; 4] = [Colour::Red, Colour::Yellow, Colour::Green, Colour::Blue];

    pub fn letter(self) -> char {
        match self {
            Colour::Red => 'R',
            Colour::Yellow => 'Y',
            Colour::Green => 'G',
            Colour::Blue => 'B',
        }
    }

    /// A colour from its letter, in either case.
    pub fn from_letter(c: char) -> Option<Colour> {
        match c.to_ascii_uppercase() {
            'R' => Some(Colour::Red),
            'Y' => Some(Colour::Yellow),
            'G' => Some(Colour::Green),
            'B' => Some(Colour::Blue),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Yellow => "yellow",
            Colour::Green => "green",
            Colour::Blue => "blue",
        }
    }

    /// Position in [`Colour::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A pip pair: two lit faces, or `None` when the pair is not lit.
pub type Pair = Option<[Colour; 2]>;

/// One Blink of the Commons: its two pip pairs, and a player's name for a corner Blink.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Blink {
    pub name: Option<String>,
    pub left: Pair,
    pub right: Pair,
}

impl Blink {
    /// The lit faces, left pair first.
    pub fn faces(&self) -> Vec<Colour> {
        [self.left, self.right]
            .into_iter()
            .flatten()
            .flatten()
            .collect()
    }

    /// The pairs without the name: `RG-YB`.
    pub fn pairs_text(&self) -> String {
        format!("{}-{}", pair_text(self.left), pair_text(self.right))
    }
}

fn pair_text(p: Pair) -> String {
    match p {
        Some([a, b]) => format!("{a}{b}"),
        None => "..".to_string(),
    }
}

impl fmt::Display for Blink {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(n) = &self.name {
            write!(f, "{n}:")?;
        }
        f.write_str(&self.pairs_text())
    }
}

/// The eight places of the 3-2-3 layout, in reading order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Slot {
    TopLeft,
    TopMiddle,
    TopRight,
    MiddleLeft,
    MiddleRight,
    BottomLeft,
    BottomMiddle,
    BottomRight,
}

impl Serialize for Slot {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl Slot {
    /// Reading order: the top row left to right, then the middle row, then the bottom.
    pub const ALL: [Slot; 8] = [
        Slot::TopLeft,
        Slot::TopMiddle,
        Slot::TopRight,
        Slot::MiddleLeft,
        Slot::MiddleRight,
        Slot::BottomLeft,
        Slot::BottomMiddle,
        Slot::BottomRight,
    ];
    /// The players' places, in reading order.
    pub const CORNERS: [Slot; 4] = [
        Slot::TopLeft,
        Slot::TopRight,
        Slot::BottomLeft,
        Slot::BottomRight,
    ];
    /// The commons' places, in reading order.
    pub const COMMONS: [Slot; 4] = [
        Slot::TopMiddle,
        Slot::MiddleLeft,
        Slot::MiddleRight,
        Slot::BottomMiddle,
    ];
    /// How many Blinks each row holds.
    pub const ROW_LENGTHS: [usize; 3] = [3, 2, 3];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Slot::TopLeft => "top-left",
            Slot::TopMiddle => "top-middle",
            Slot::TopRight => "top-right",
            Slot::MiddleLeft => "middle-left",
            Slot::MiddleRight => "middle-right",
            Slot::BottomLeft => "bottom-left",
            Slot::BottomMiddle => "bottom-middle",
            Slot::BottomRight => "bottom-right",
        }
    }

    pub fn is_corner(self) -> bool {
        Slot::CORNERS.contains(&self)
    }

    /// The slot at `row` (0..3) and `col`, when there is one.
    pub fn at(row: usize, col: usize) -> Option<Slot> {
        let start: usize = Slot::ROW_LENGTHS.get(..row)?.iter().sum();
        if col >= *Slot::ROW_LENGTHS.get(row)? {
            return None;
        }
        Slot::ALL.get(start + col).copied()
    }

    /// The row (0..3) and column of the slot.
    pub fn row_col(self) -> (usize, usize) {
        let i = self.index();
        match i {
            0..=2 => (0, i),
            3..=4 => (1, i - 3),
            _ => (2, i - 5),
        }
    }

    /// Axial coordinates (q, r) on a grid of pointy-top hexagons whose rows run left to
    /// right: the middle-left common is (0, 0), the middle-right (1, 0).
    pub fn axial(self) -> (i32, i32) {
        match self {
            Slot::TopLeft => (0, -1),
            Slot::TopMiddle => (1, -1),
            Slot::TopRight => (2, -1),
            Slot::MiddleLeft => (0, 0),
            Slot::MiddleRight => (1, 0),
            Slot::BottomLeft => (-1, 1),
            Slot::BottomMiddle => (0, 1),
            Slot::BottomRight => (1, 1),
        }
    }

    /// The two commons a corner Blink touches (its triad without itself).
    pub fn triad_commons(self) -> Option<[Slot; 2]> {
        match self {
            Slot::TopLeft => Some([Slot::TopMiddle, Slot::MiddleLeft]),
            Slot::TopRight => Some([Slot::TopMiddle, Slot::MiddleRight]),
            Slot::BottomLeft => Some([Slot::MiddleLeft, Slot::BottomMiddle]),
            Slot::BottomRight => Some([Slot::MiddleRight, Slot::BottomMiddle]),
            _ => None,
        }
    }

    /// The default name of a corner's player: p1..p4 in reading order.
    pub fn default_name(self) -> Option<String> {
        let i = Slot::CORNERS.iter().position(|s| *s == self)?;
        Some(format!("p{}", i + 1))
    }
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether two axial cells touch (share a face).
pub fn touching(a: (i32, i32), b: (i32, i32)) -> bool {
    let (dq, dr) = (b.0 - a.0, b.1 - a.1);
    matches!(
        (dq, dr),
        (1, 0) | (-1, 0) | (0, 1) | (0, -1) | (1, -1) | (-1, 1)
    )
}

/// The finished (or part-lit) Commons: eight Blinks in reading order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub blinks: [Blink; 8],
}

impl Layout {
    pub fn blink(&self, slot: Slot) -> &Blink {
        &self.blinks[slot.index()]
    }

    /// The player at a corner: the name written, or p1..p4.
    pub fn player(&self, slot: Slot) -> String {
        self.blink(slot)
            .name
            .clone()
            .or_else(|| slot.default_name())
            .unwrap_or_else(|| slot.name().to_string())
    }

    /// Every unlit pair: its slot and side (0 left, 1 right).
    pub fn unlit(&self) -> Vec<(Slot, usize)> {
        let mut out = Vec::new();
        for s in Slot::ALL {
            let b = self.blink(s);
            for (side, p) in [b.left, b.right].into_iter().enumerate() {
                if p.is_none() {
                    out.push((s, side));
                }
            }
        }
        out
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut rows = Vec::new();
        let mut i = 0;
        for len in Slot::ROW_LENGTHS {
            let row: Vec<String> = self.blinks[i..i + len]
                .iter()
                .map(ToString::to_string)
                .collect();
            rows.push(row.join(" "));
            i += len;
        }
        f.write_str(&rows.join(" / "))
    }
}

impl FromStr for Layout {
    type Err = Error;

    fn from_str(s: &str) -> Result<Layout, Error> {
        let src = Source::new("layout", s);
        Ok(read(&src)?.0)
    }
}

/// Where the parts of each Blink were written, for pointing at them after validation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayoutSpans {
    /// The whole Blink (name included), by slot.
    pub blinks: [Range<usize>; 8],
    /// The left and right pairs, by slot.
    pub pairs: [[Range<usize>; 2]; 8],
}

// ---------------------------------------------------------------------------------
// Parsing: text into rows of raw Blinks, with positions. Nothing is checked here.

/// A Blink as written: an optional name and the text after it, split at `-`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawBlink {
    pub span: Range<usize>,
    /// The name before `:`, when there is a colon (possibly empty).
    pub name: Option<Located<String>>,
    /// The text after the name.
    pub body: Located<String>,
    /// The body split at `-`.
    pub pairs: Vec<Located<String>>,
}

/// A row as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawRow {
    pub span: Range<usize>,
    pub blinks: Vec<RawBlink>,
}

fn is_blink_separator(c: char) -> bool {
    c.is_whitespace() || c == ','
}

/// One Blink token: `name:` (optional), then everything up to the next separator.
fn blink_token(input: &str) -> nom::IResult<&str, (Option<&str>, &str)> {
    (
        opt(terminated(
            take_till(|c: char| c == ':' || is_blink_separator(c)),
            ch(':'),
        )),
        take_till(is_blink_separator),
    )
        .parse(input)
}

fn separators(input: &str) -> nom::IResult<&str, &str> {
    take_while1(is_blink_separator).parse(input)
}

/// Reads the Blinks of one row, found at `range` of `text`.
fn parse_row(text: &str, range: Range<usize>) -> RawRow {
    let mut blinks = Vec::new();
    let mut rest = &text[range.clone()];
    let offset = |rest: &str| range.end - rest.len();
    loop {
        if let Ok((after, _)) = separators(rest) {
            rest = after;
        }
        if rest.is_empty() {
            break;
        }
        let start = offset(rest);
        let Ok((after, (name, body))) = blink_token(rest) else {
            break;
        };
        let name_loc = name.map(|n| Located::new(n.to_string(), start..start + n.len()));
        let body_start = offset(after) - body.len();
        let mut pairs = Vec::new();
        let mut p_start = body_start;
        for part in body.split('-') {
            pairs.push(Located::new(
                part.to_string(),
                p_start..p_start + part.len(),
            ));
            p_start += part.len() + 1;
        }
        blinks.push(RawBlink {
            span: start..offset(after),
            name: name_loc,
            body: Located::new(body.to_string(), body_start..offset(after)),
            pairs,
        });
        if after.len() == rest.len() {
            break;
        }
        rest = after;
    }
    RawRow {
        span: range,
        blinks,
    }
}

/// Splits the text into rows (at `/` and new lines) and rows into raw Blinks. Blank
/// lines are skipped; a blank row between two `/` is kept (and is an error later).
pub fn parse(src: &Source) -> Vec<RawRow> {
    let text: &str = &src.text;
    let mut rows = Vec::new();
    let mut start = 0;
    let mut before = '\n';
    let mut pieces: Vec<(Range<usize>, char, char)> = Vec::new();
    for (i, c) in text.char_indices() {
        if c == '/' || c == '\n' {
            pieces.push((start..i, before, c));
            before = c;
            start = i + 1;
        }
    }
    pieces.push((start..text.len(), before, '\n'));
    for (range, before, after) in pieces {
        let blank = text[range.clone()].trim().is_empty();
        if blank && !(before == '/' && after == '/') {
            continue;
        }
        rows.push(parse_row(text, range));
    }
    rows
}

// ---------------------------------------------------------------------------------
// Validation: raw Blinks into a Layout, every problem reported.

/// What a layout is made of.
pub const LAYOUT_EXPECTED: &str =
    "three rows separated by `/` or new lines: three Blinks, two Blinks, three Blinks";
/// What a colour may be.
pub const COLOUR_EXPECTED: &str =
    "a colour: R (red), Y (yellow), G (green), B (blue); or `..` for a pair not lit";
/// What a Blink looks like.
pub const BLINK_EXPECTED: &str =
    "a left pip pair, `-`, a right pip pair, each two colours of R Y G B: `RG-YB`";

fn trimmed_span(text: &str, range: Range<usize>) -> Range<usize> {
    let s = &text[range.clone()];
    let lead = s.len() - s.trim_start().len();
    let trail = s.len() - s.trim_end().len();
    if lead + trail >= s.len() {
        return range.start..range.end;
    }
    range.start + lead..range.end - trail
}

fn colour_word_hint(pair: &str) -> Option<String> {
    let words = [("red", 'R'), ("yellow", 'Y'), ("green", 'G'), ("blue", 'B')];
    let lower = pair.to_lowercase();
    let near = did_you_mean(&lower, words.iter().map(|(w, _)| *w))?;
    let letter = words.iter().find(|(w, _)| *w == near)?.1;
    Some(format!("colours are single letters: {near} is {letter}"))
}

fn letter_hint(c: char) -> Option<String> {
    match c.to_ascii_uppercase() {
        'O' | 'P' | 'W' | 'K' | 'C' | 'M' | 'V' | 'I' | 'T' => {
            Some("Kingmaker uses four colours only: red, yellow, green and blue".to_string())
        }
        '.' => Some("a pair is lit or not: write both faces, or `..`".to_string()),
        _ => None,
    }
}

/// Reads a pair, or reports what is wrong with it.
fn check_pair(src: &Source, p: &Located<String>, problems: &mut Problems) -> Option<Pair> {
    let text = p.value.as_str();
    let n = text.chars().count();
    if text == ".." {
        return Some(None);
    }
    if text.contains('.') {
        problems.push(
            Problem::new(format!("`{text}` is neither a lit pair nor an unlit one"))
                .at(src, p.span.clone())
                .expected(COLOUR_EXPECTED)
                .help("a pair is lit or not: write both of its colours, or `..`"),
        );
        return None;
    }
    let mut colours = Vec::new();
    let mut ok = true;
    let mut bad = Vec::new();
    for (i, c) in text.char_indices() {
        match Colour::from_letter(c) {
            Some(col) => colours.push(col),
            None => {
                ok = false;
                let at = p.span.start + i;
                bad.push((c, at..at + c.len_utf8()));
            }
        }
    }
    if !bad.is_empty() {
        let word_hint = if n > 2 { colour_word_hint(text) } else { None };
        // The pair is quoted in each problem: cut once, and each problem built only when it
        // is kept, so that a long pair of bad letters costs time in its length, not its
        // square.
        let quoted = crate::diag::clip_quote(text);
        for (c, span) in bad {
            problems.push_with(|| {
                Problem::new(format!("unknown colour `{c}` in `{quoted}`"))
                    .at(src, span)
                    .expected(COLOUR_EXPECTED)
                    .maybe_help(word_hint.clone().or_else(|| letter_hint(c)))
            });
            if word_hint.is_some() {
                break;
            }
        }
    }
    if n != 2 && ok {
        let what = if n < 2 {
            format!(
                "a face is missing: the pair `{text}` has {n} face{}, a pip pair has 2",
                crate::words::s(n)
            )
        } else {
            format!("the pair `{text}` has {n} faces, a pip pair has 2")
        };
        problems.push(
            Problem::new(what)
                .at(
                    src,
                    if p.span.is_empty() {
                        p.span.start..p.span.start
                    } else {
                        p.span.clone()
                    },
                )
                .expected(BLINK_EXPECTED),
        );
        return None;
    }
    if !ok {
        return None;
    }
    match colours.as_slice() {
        [a, b] => Some(Some([*a, *b])),
        _ => None,
    }
}

/// Reads the pairs of one Blink, or reports what is wrong with them.
fn check_blink(src: &Source, raw: &RawBlink, problems: &mut Problems) -> Option<(Pair, Pair)> {
    let body = raw.body.value.as_str();
    if body.is_empty() {
        problems.push(
            Problem::new(format!(
                "`{}` has no faces after the name",
                &src.text[raw.span.clone()]
            ))
            .at(src, raw.span.clone())
            .expected(BLINK_EXPECTED),
        );
        return None;
    }
    if raw.pairs.len() != 2 {
        let mut p = Problem::new(format!("`{body}` is not a Blink"))
            .at(src, raw.body.span.clone())
            .expected(BLINK_EXPECTED);
        let letters: Vec<char> = body.chars().filter(|c| *c != '-').collect();
        if raw.pairs.len() == 1 && letters.len() == 4 {
            let (l, r) = (
                letters[..2].iter().collect::<String>(),
                letters[2..].iter().collect::<String>(),
            );
            p = p.help(format!("did you mean `{l}-{r}`?"));
        } else if raw.pairs.len() > 2 {
            p = p.help("a Blink has two pip pairs joined by one `-`");
        }
        problems.push(p);
        return None;
    }
    let left = check_pair(src, &raw.pairs[0], problems);
    let right = check_pair(src, &raw.pairs[1], problems);
    Some((left?, right?))
}

/// Checks raw rows against the game: three rows of 3, 2 and 3 Blinks, known colours,
/// full pairs, names only on corners and each name once. Every problem is reported.
pub fn validate(src: &Source, rows: &[RawRow]) -> Result<(Layout, LayoutSpans), Error> {
    let mut problems = Problems::new();
    let text: &str = &src.text;
    let whole = trimmed_span(text, 0..text.len());
    if rows.is_empty() {
        return Err(Problem::new("the layout is empty")
            .at(src, whole)
            .expected(LAYOUT_EXPECTED)
            .into());
    }
    if rows.len() != 3 {
        problems.push(row_count_problem(src, rows, whole));
    }
    let (found, slots) = check_rows(src, rows, &mut problems);
    let all: Vec<&RawBlink> = rows.iter().flat_map(|r| r.blinks.iter()).collect();
    let seen = check_names(src, &all, &slots, &mut problems);
    check_default_names(src, &all, &slots, &seen, &mut problems);
    problems.check()?;
    // Everything checked: 8 Blinks in 3 rows of the right lengths, all readable.
    assemble(&all, found)
}

/// The problem of a layout with other than 3 rows.
fn row_count_problem(src: &Source, rows: &[RawRow], whole: Range<usize>) -> Problem {
    let total: usize = rows.iter().map(|r| r.blinks.len()).sum();
    let mut p = Problem::new(format!(
        "the layout has {} row{}, not 3",
        rows.len(),
        crate::words::s(rows.len())
    ))
    .at(src, whole)
    .expected(LAYOUT_EXPECTED);
    if total == 8 {
        p = p.help("separate the rows with `/`: `A B C / D E / F G H`");
    }
    p
}

/// A Blink's two pip pairs, left then right.
type BlinkPairs = (Pair, Pair);

/// Checks each row's length and each Blink in it. Returns each Blink's pairs (none if
/// unreadable) and its slot (none unless every row so far has its right length).
fn check_rows(
    src: &Source,
    rows: &[RawRow],
    problems: &mut Problems,
) -> (Vec<Option<BlinkPairs>>, Vec<Option<Slot>>) {
    let mut found: Vec<Option<(Pair, Pair)>> = Vec::new();
    let mut slots: Vec<Option<Slot>> = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let want = Slot::ROW_LENGTHS.get(r).copied();
        if let Some(want) = want
            && row.blinks.len() != want
        {
            problems.push(row_length_problem(src, r, row, want));
        }
        for (c, b) in row.blinks.iter().enumerate() {
            found.push(check_blink(src, b, problems));
            let slot = if rows.len() == 3 && want == Some(row.blinks.len()) {
                Slot::at(r, c)
            } else {
                None
            };
            slots.push(slot);
        }
    }
    (found, slots)
}

/// The problem of row `r` holding other than the `want` Blinks it should.
fn row_length_problem(src: &Source, r: usize, row: &RawRow, want: usize) -> Problem {
    let span = trimmed_span(&src.text, row.span.clone());
    let span = if span.is_empty() {
        span.start.saturating_sub(1)..span.end.max(span.start)
    } else {
        span
    };
    Problem::new(format!(
        "row {} has {} Blink{}, not {want}",
        r + 1,
        row.blinks.len(),
        crate::words::s(row.blinks.len())
    ))
    .at(src, span)
    .expected(LAYOUT_EXPECTED)
}

/// A name written on one corner must not be the default name of an unnamed one.
fn check_default_names(
    src: &Source,
    all: &[&RawBlink],
    slots: &[Option<Slot>],
    seen: &HashMap<String, (Range<usize>, Option<String>)>,
    problems: &mut Problems,
) {
    if !(slots.iter().all(Option::is_some) && slots.len() == 8) {
        return;
    }
    for (b, slot) in all.iter().zip(slots) {
        let (Some(slot), None) = (slot, &b.name) else {
            continue;
        };
        let Some(default) = slot.default_name() else {
            continue;
        };
        if let Some((span, _)) = seen.get(&default) {
            problems.push(
                Problem::new(format!(
                    "`{default}` names another Blink, but it is also the name kado gives the unnamed {slot} Blink"
                ))
                .at(src, span.clone())
                .help("name every corner, or use names other than p1 to p4"),
            );
        }
    }
}

/// Builds the layout and its spans from Blinks that passed every check.
fn assemble(
    all: &[&RawBlink],
    found: Vec<Option<(Pair, Pair)>>,
) -> Result<(Layout, LayoutSpans), Error> {
    let mut blinks = Vec::new();
    let mut blink_spans = Vec::new();
    let mut pair_spans = Vec::new();
    for (b, f) in all.iter().zip(found) {
        let Some((left, right)) = f else {
            return Err(Error::msg(
                "internal: an unreadable Blink passed the checks",
            ));
        };
        blinks.push(Blink {
            name: b.name.as_ref().map(|n| n.value.clone()),
            left,
            right,
        });
        blink_spans.push(b.span.clone());
        pair_spans.push([b.pairs[0].span.clone(), b.pairs[1].span.clone()]);
    }
    let blinks: [Blink; 8] = blinks
        .try_into()
        .map_err(|_| Error::msg("internal: a layout of other than 8 Blinks passed the checks"))?;
    let blink_spans: [Range<usize>; 8] = blink_spans
        .try_into()
        .map_err(|_| Error::msg("internal: spans"))?;
    let pair_spans: [[Range<usize>; 2]; 8] = pair_spans
        .try_into()
        .map_err(|_| Error::msg("internal: spans"))?;
    Ok((
        Layout { blinks },
        LayoutSpans {
            blinks: blink_spans,
            pairs: pair_spans,
        },
    ))
}

/// Checks the names of a layout's Blinks: on corners only, not empty, each once. Returns
/// each name (lower case) with where it is first written.
fn check_names(
    src: &Source,
    all: &[&RawBlink],
    slots: &[Option<Slot>],
    problems: &mut Problems,
) -> HashMap<String, (Range<usize>, Option<String>)> {
    let mut seen: HashMap<String, (Range<usize>, Option<String>)> = HashMap::new();
    for (b, slot) in all.iter().zip(slots) {
        let Some(name) = &b.name else { continue };
        if let Some(why) = crate::notation::name_too_long(&name.value) {
            problems.push(
                Problem::new(why.to_string())
                    .code(crate::diag::Code::BadName)
                    .at(src, name.span.clone()),
            );
            continue;
        }
        if name.value.is_empty() {
            problems.push(
                Problem::new("a name is missing before `:`")
                    .at(src, name.span.start..name.span.start + 1)
                    .expected("a player's name, then `:`, then the Blink: `ana:RG-YB`"),
            );
            continue;
        }
        if let Some(s) = slot
            && !s.is_corner()
        {
            problems.push(
                Problem::new(format!(
                    "the {s} Blink is a common: only the corner Blinks carry a player's name"
                ))
                .at(src, name.span.clone())
                .help(format!(
                    "write it without a name: `{}`",
                    &src.text[b.body.span.clone()]
                )),
            );
            continue;
        }
        if let Some(c) = name.value.chars().find(|c| c.is_control()) {
            problems.push(
                Problem::new(format!(
                    "the name `{}` holds a control character ({:?})",
                    name.value.escape_debug(),
                    c
                ))
                .at(src, name.span.clone())
                .expected("a player's name: letters, digits, `-` or `_`"),
            );
            continue;
        }
        let key = crate::seat::folded(&name.value);
        if let Some((first, at)) = seen.get_mut(&key) {
            // Where the first one is, worked out once per name: checking must not be
            // quadratic in a layout that repeats a name many times.
            let at = at.get_or_insert_with(|| {
                let (line, col) = src.line_col(first.start);
                if src.text.contains('\n') {
                    format!("line {line}, column {col}")
                } else {
                    format!("column {col}")
                }
            });
            problems.push(
                Problem::new(format!("the name `{}` is used twice", name.value))
                    .at(src, name.span.clone())
                    .help(format!(
                        "it is first used at {at}; each player's Blink needs its own name"
                    )),
            );
        } else {
            seen.insert(key, (name.span.clone(), None));
        }
    }
    seen
}

/// Parses and validates a layout.
pub fn read(src: &Source) -> Result<(Layout, LayoutSpans), Error> {
    validate(src, &parse(src))
}

/// Strategies for property tests of Kingmaker.
#[cfg(test)]
pub mod testing {
    use super::*;
    use proptest::prelude::*;

    fn arb_pair(lit: bool) -> impl Strategy<Value = Pair> {
        let colour = prop::sample::select(Colour::ALL.to_vec());
        let pair = (colour.clone(), colour).prop_map(|(a, b)| Some([a, b]));
        if lit {
            pair.boxed()
        } else {
            prop_oneof![4 => pair, 1 => Just(None)].boxed()
        }
    }

    pub fn arb_layout(lit: bool) -> impl Strategy<Value = Layout> {
        let blink = (arb_pair(lit), arb_pair(lit)).prop_map(|(left, right)| Blink {
            name: None,
            left,
            right,
        });
        (
            prop::collection::vec(blink, 8),
            prop::collection::vec(prop::option::of("[a-z][a-z0-9_]{0,6}"), 4),
        )
            .prop_map(|(blinks, names)| {
                let mut blinks = blinks;
                let mut used: Vec<String> = Vec::new();
                for (slot, name) in Slot::CORNERS.iter().zip(names) {
                    // Keep names distinct and clear of the default names p1..p4.
                    let name =
                        name.filter(|n| !(used.contains(n) || n.starts_with('p') && n.len() == 2));
                    if let Some(n) = &name {
                        used.push(n.clone());
                    }
                    blinks[slot.index()].name = name;
                }
                let blinks: [Blink; 8] = match blinks.try_into() {
                    Ok(b) => b,
                    Err(_) => unreachable!("eight Blinks were generated"),
                };
                Layout { blinks }
            })
    }
}

#[cfg(test)]
mod tests;
