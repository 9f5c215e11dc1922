//! Building the Commons, placement by placement, checked against the rules.
//!
//! The rules build the Commons in two stages. In Summer the four commons go in: the
//! second touching the first, the third touching both, the fourth exactly opposite the
//! third. At Harvest each player inserts their own Blink where it touches two commons.
//!
//! A build is written as a list of placements separated by `,`, `;` or new lines. The
//! first names a Blink alone (it goes where it likes); each later one says which side of
//! an earlier Blink it sits on:
//!
//! ```text
//! c1, c2 e c1, c3 ne c1, c4 sw c2, ana w c3, bo e c3, cy w c4, dee e c4
//! ```
//!
//! Blinks are pointy-top hexagons in rows running left to right (as `kado kingmaker
//! show` draws them), so a Blink has six sides: `e`, `w`, `ne`, `nw`, `se`, `sw`. The
//! first four placements are the commons; the rest (at most four) are players' Blinks.

use std::fmt;
use std::ops::Range;

use nom::Parser;
use nom::bytes::complete::{take_till1, take_while};
use serde::Serialize;

use super::layout::{Slot, touching};
use crate::diag::{Error, Problem, Source, did_you_mean};
use crate::notation::Located;

/// A side of a pointy-top hexagon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    E,
    W,
    NE,
    NW,
    SE,
    SW,
}

impl Dir {
    pub const ALL: [Dir; 6] = [Dir::E, Dir::NE, Dir::NW, Dir::W, Dir::SW, Dir::SE];

    /// The step in axial coordinates (q, r), r growing downwards.
    pub fn step(self) -> (i32, i32) {
        match self {
            Dir::E => (1, 0),
            Dir::W => (-1, 0),
            Dir::NE => (1, -1),
            Dir::NW => (0, -1),
            Dir::SE => (0, 1),
            Dir::SW => (-1, 1),
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Dir::E => "e",
            Dir::W => "w",
            Dir::NE => "ne",
            Dir::NW => "nw",
            Dir::SE => "se",
            Dir::SW => "sw",
        }
    }

    /// The side in words: "north-east".
    pub fn word(self) -> &'static str {
        match self {
            Dir::E => "east",
            Dir::W => "west",
            Dir::NE => "north-east",
            Dir::NW => "north-west",
            Dir::SE => "south-east",
            Dir::SW => "south-west",
        }
    }

    /// A side from its code or its name, in any case: `ne`, `north-east`, `northeast`.
    pub fn parse(word: &str) -> Option<Dir> {
        let w: String = word
            .to_lowercase()
            .chars()
            .filter(|c| *c != '-' && *c != '_')
            .collect();
        match w.as_str() {
            "e" | "east" => Some(Dir::E),
            "w" | "west" => Some(Dir::W),
            "ne" | "northeast" => Some(Dir::NE),
            "nw" | "northwest" => Some(Dir::NW),
            "se" | "southeast" => Some(Dir::SE),
            "sw" | "southwest" => Some(Dir::SW),
            _ => None,
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// What a side may be.
pub const DIR_EXPECTED: &str = "a side: e, w, ne, nw, se or sw (east, west, north-east, …)";
/// What a Blink's name may be.
pub const NAME_EXPECTED: &str = "a name of letters, digits, `-` or `_`, e.g. `c1` or `ana`";
/// What a placement looks like.
pub const PLACEMENT_EXPECTED: &str = "NAME for the first Blink, then NAME SIDE OTHER for each later one, e.g. `c2 e c1` (c2 east of c1)";

/// A placement as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawPlacement {
    pub span: Range<usize>,
    pub words: Vec<Located<String>>,
}

fn is_item_separator(c: char) -> bool {
    c == ',' || c == ';' || c == '\n'
}

fn word(input: &str) -> nom::IResult<&str, &str> {
    take_till1(|c: char| c.is_whitespace() || is_item_separator(c)).parse(input)
}

fn spaces(input: &str) -> nom::IResult<&str, &str> {
    take_while(|c: char| c.is_whitespace() && c != '\n').parse(input)
}

/// Splits a build into placements and their words, with positions. Nothing is checked.
pub fn parse(src: &Source) -> Vec<RawPlacement> {
    let text: &str = &src.text;
    let mut out = Vec::new();
    let mut rest = text;
    let pos = |rest: &str| text.len() - rest.len();
    while !rest.is_empty() {
        let mut words = Vec::new();
        let start = pos(rest);
        loop {
            if let Ok((after, _)) = spaces(rest) {
                rest = after;
            }
            match word(rest) {
                Ok((after, w)) => {
                    let at = pos(rest);
                    words.push(Located::new(w.to_string(), at..at + w.len()));
                    rest = after;
                }
                Err(_) => break,
            }
        }
        let end = pos(rest);
        if !words.is_empty() {
            out.push(RawPlacement {
                span: start..end,
                words,
            });
        }
        // Skip the separator that ended the placement.
        let mut chars = rest.chars();
        if chars.next().is_some() {
            rest = chars.as_str();
        }
    }
    out
}

/// A placement after checking: where the Blink went and how it was said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    pub name: String,
    pub span: Range<usize>,
    /// The side and the earlier Blink it was placed against (none for the first).
    pub against: Option<(Dir, String)>,
    /// Axial coordinates, the first Blink at (0, 0).
    pub at: (i32, i32),
}

/// Checks the words of a build (names, sides, earlier Blinks) and works out where each
/// Blink lies. Every problem is reported. The rules of the game are checked by [`check`].
pub fn validate(src: &Source, raw: &[RawPlacement]) -> Result<Vec<Placement>, Error> {
    let mut problems = Vec::new();
    if raw.is_empty() {
        return Err(Problem::new("the build is empty")
            .at(src, 0..src.text.len())
            .expected(PLACEMENT_EXPECTED)
            .into());
    }
    let mut placed: Vec<Placement> = Vec::new();
    for (i, p) in raw.iter().enumerate() {
        if i == 8 {
            problems.push(too_many_blinks(src, raw, p));
            break;
        }
        let name = &p.words[0];
        if let Some(pr) = name_problem(src, &placed, name) {
            problems.push(pr);
            continue;
        }
        match placement_words(p).as_slice() {
            [_] if i == 0 => placed.push(Placement {
                name: name.value.clone(),
                span: p.span.clone(),
                against: None,
                at: (0, 0),
            }),
            [_] => problems.push(no_side_given(src, &placed, name)),
            [_, dir, other] => {
                let d = Dir::parse(&dir.value);
                if d.is_none() {
                    problems.push(unknown_side(src, dir));
                }
                let o = placed
                    .iter()
                    .find(|q| crate::seat::same_name(&q.name, &other.value));
                if o.is_none() {
                    problems.push(unknown_neighbour(src, raw, i, &placed, name, other));
                }
                if let (Some(d), Some(o)) = (d, o) {
                    let (dq, dr) = d.step();
                    let at = (o.at.0 + dq, o.at.1 + dr);
                    let against = Some((d, o.name.clone()));
                    placed.push(Placement {
                        name: name.value.clone(),
                        span: p.span.clone(),
                        against,
                        at,
                    });
                }
            }
            _ => problems.push(not_a_placement(src, p)),
        }
    }
    Error::check(problems)?;
    Ok(placed)
}

/// The problem of a build placing more than the Commons' 8 Blinks, from the ninth on.
fn too_many_blinks(src: &Source, raw: &[RawPlacement], ninth: &RawPlacement) -> Problem {
    Problem::new(format!(
        "the Commons holds 8 Blinks; this build places {}",
        raw.len()
    ))
    .at(
        src,
        ninth.span.start..raw.last().map_or(ninth.span.end, |l| l.span.end),
    )
    .help("four commons, then the four players' Blinks")
}

/// The problem with a Blink's name, if any: too long, holding a character no name holds
/// (as a file's name does: `year.txt`, `games/year`), or already placed.
fn name_problem(src: &Source, placed: &[Placement], name: &Located<String>) -> Option<Problem> {
    if let Some(why) = crate::notation::name_too_long(&name.value) {
        return Some(
            Problem::new(why.to_string())
                .code(crate::diag::Code::BadName)
                .at(src, name.span.clone()),
        );
    }
    if let Some((i, c)) = name
        .value
        .char_indices()
        .find(|(_, c)| matches!(c, '.' | '/' | '\\' | ':' | '=') || c.is_control())
    {
        let at = name.span.start + i;
        return Some(
            Problem::new(format!("a Blink's name holds no `{c}`"))
                .at(src, at..at + c.len_utf8())
                .expected(NAME_EXPECTED),
        );
    }
    let first = placed
        .iter()
        .find(|q| crate::seat::same_name(&q.name, &name.value))?;
    let (_, col) = src.line_col(first.span.start);
    Some(
        Problem::new(format!("`{}` is placed twice", name.value))
            .at(src, name.span.clone())
            .help(format!(
                "it is first placed at column {col}; give each Blink its own name"
            )),
    )
}

/// The words of a placement, without the `of` of `name side of other`.
fn placement_words(p: &RawPlacement) -> Vec<&Located<String>> {
    p.words
        .iter()
        .enumerate()
        .filter(|(k, w)| !(*k == 2 && p.words.len() == 4 && w.value.eq_ignore_ascii_case("of")))
        .map(|(_, w)| w)
        .collect()
}

/// The problem of a Blink after the first placed without a side.
fn no_side_given(src: &Source, placed: &[Placement], name: &Located<String>) -> Problem {
    Problem::new(format!("where does `{}` go?", name.value))
        .at(src, name.span.clone())
        .expected(PLACEMENT_EXPECTED)
        .help(format!(
            "say which side of an earlier Blink it sits on, e.g. `{} e {}`",
            name.value,
            placed.first().map_or("c1", |f| f.name.as_str())
        ))
}

/// The problem of a side that is none of the six.
fn unknown_side(src: &Source, dir: &Located<String>) -> Problem {
    let codes = ["e", "w", "ne", "nw", "se", "sw"];
    let mut pr = Problem::new(format!("unknown side `{}`", dir.value))
        .at(src, dir.span.clone())
        .expected(DIR_EXPECTED);
    if ["n", "s", "north", "south", "up", "down"].contains(&dir.value.to_lowercase().as_str()) {
        pr = pr.help(
            "rows run left to right, so a Blink has no side straight up or down: use ne, nw, se or sw",
        );
    } else if let Some(near) = did_you_mean(&dir.value, codes) {
        pr = pr.help(format!("did you mean `{near}`?"));
    }
    pr
}

/// The problem of a placement against a Blink not placed before it (the `i`th placement).
fn unknown_neighbour(
    src: &Source,
    raw: &[RawPlacement],
    i: usize,
    placed: &[Placement],
    name: &Located<String>,
    other: &Located<String>,
) -> Problem {
    let later = raw[i + 1..]
        .iter()
        .any(|r| crate::seat::same_name(&r.words[0].value, &other.value));
    let mut pr = if i == 0 {
        Problem::new(format!(
            "the first Blink goes on its own: nothing is placed before `{}`",
            name.value
        ))
        .help(format!("write just `{}`", name.value))
    } else if later {
        Problem::new(format!("`{}` is not placed yet", other.value))
            .help("a Blink can only be placed against one placed before it")
    } else {
        Problem::new(format!("no Blink called `{}` is placed", other.value)).expected(format!(
            "one of: {}",
            placed
                .iter()
                .map(|q| q.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ))
    };
    if i > 0
        && !later
        && let Some(near) = did_you_mean(&other.value, placed.iter().map(|q| q.name.as_str()))
    {
        pr = pr.help(format!("did you mean `{near}`?"));
    }
    pr.at(src, other.span.clone())
}

/// The problem of words that are no placement at all.
fn not_a_placement(src: &Source, p: &RawPlacement) -> Problem {
    Problem::new(format!(
        "`{}` is not a placement",
        &src.text[p.span.clone()].trim()
    ))
    .at(src, p.span.clone())
    .expected(PLACEMENT_EXPECTED)
    .help("separate placements with `,`, `;` or new lines")
}

/// Parses and validates a build.
pub fn read(src: &Source) -> Result<Vec<Placement>, Error> {
    validate(src, &parse(src))
}

/// A rule of the build.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rule {
    /// Every Blink needs a place of its own.
    OnePerPlace,
    SecondTouchesFirst,
    ThirdTouchesBoth,
    FourthOppositeThird,
    /// A player's Blink touches exactly two commons.
    PlayerTouchesTwo,
}

impl Rule {
    pub fn id(self) -> &'static str {
        match self {
            Rule::OnePerPlace => "one-per-place",
            Rule::SecondTouchesFirst => "second-touches-first",
            Rule::ThirdTouchesBoth => "third-touches-both",
            Rule::FourthOppositeThird => "fourth-opposite-third",
            Rule::PlayerTouchesTwo => "player-touches-two-commons",
        }
    }

    /// The rule, in kado's words.
    pub fn text(self) -> &'static str {
        match self {
            Rule::OnePerPlace => {
                "each Blink goes in an empty place; the commons are not pushed apart"
            }
            Rule::SecondTouchesFirst => "the second common must touch the first",
            Rule::ThirdTouchesBoth => "the third common must touch the first two",
            Rule::FourthOppositeThird => {
                "the fourth common must sit exactly opposite the third: touching the first two, on their other side"
            }
            Rule::PlayerTouchesTwo => "a player's Blink must touch exactly two commons",
        }
    }
}

/// The verdict on one placement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepVerdict {
    pub step: usize,
    pub name: String,
    pub common: bool,
    pub at: (i32, i32),
    pub against: Option<(Dir, String)>,
    /// The Blinks already placed that this one touches.
    pub touches: Vec<String>,
    /// The rule this placement breaks, and how.
    pub broken: Option<(Rule, String)>,
}

/// The verdict on a whole build.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildVerdict {
    pub steps: Vec<StepVerdict>,
    pub legal: bool,
    pub complete: bool,
    /// What the next placement must do (when the build is legal and not complete).
    pub next: Option<String>,
    /// For a legal complete build: each Blink's place in the 3-2-3 layout.
    pub slots: Option<Vec<(Slot, String)>>,
}

fn names(list: &[&Placement]) -> Vec<String> {
    list.iter().map(|p| p.name.clone()).collect()
}

/// Checks each placement against the building rules, in order. Every placement is
/// checked against the Blinks placed before it, where they were placed.
/// The rules a build is checked against, for `--explain`.
pub fn explain() -> crate::explain::Explain {
    let mut x = crate::explain::Explain::new();
    x.rule("The first common goes anywhere; the second must touch the first; the third must touch both; the fourth goes exactly opposite the third.");
    x.rule("Each player then inserts their Blink where it touches two commons, without pushing the commons apart; in a finished Commons those places are the four corners of the 3-2-3 layout.");
    x
}

pub fn check(placements: &[Placement]) -> BuildVerdict {
    let mut steps = Vec::new();
    for (i, p) in placements.iter().enumerate() {
        let before: Vec<&Placement> = placements[..i].iter().collect();
        let touches: Vec<&Placement> = before
            .iter()
            .filter(|q| touching(q.at, p.at))
            .copied()
            .collect();
        steps.push(StepVerdict {
            step: i + 1,
            name: p.name.clone(),
            common: i < 4,
            at: p.at,
            against: p.against.clone(),
            touches: names(&touches),
            broken: broken_rule(p, &before),
        });
    }
    let legal = steps.iter().all(|s| s.broken.is_none());
    let complete = placements.len() == 8;
    let next = (legal && !complete).then(|| next_step(placements));
    let slots = (legal && complete).then(|| slots_of(placements)).flatten();
    BuildVerdict {
        steps,
        legal,
        complete,
        next,
        slots,
    }
}

/// The rule a placement breaks, given the Blinks placed before it, and why; none if legal.
fn broken_rule(p: &Placement, before: &[&Placement]) -> Option<(Rule, String)> {
    if let Some(q) = before.iter().find(|q| q.at == p.at) {
        return Some((
            Rule::OnePerPlace,
            format!("{} would go where {} already is", p.name, q.name),
        ));
    }
    let commons: Vec<&Placement> = before.iter().take(4).copied().collect();
    let touches_common = |k: usize| commons.get(k).is_some_and(|c| touching(c.at, p.at));
    match before.len() {
        0 => None,
        1 if !touches_common(0) => Some((
            Rule::SecondTouchesFirst,
            format!("{} does not touch {}", p.name, commons[0].name),
        )),
        2 if !(touches_common(0) && touches_common(1)) => Some((
            Rule::ThirdTouchesBoth,
            format!(
                "{} does not touch {}",
                p.name,
                untouched_of_first_two(p, &commons).join(" or ")
            ),
        )),
        3 => fourth_common_broken(p, &commons),
        4.. => player_blink_broken(p, &commons),
        _ => None,
    }
}

/// The names of the first two commons that a placement does not touch.
fn untouched_of_first_two<'a>(p: &Placement, commons: &[&'a Placement]) -> Vec<&'a str> {
    commons[..2]
        .iter()
        .filter(|c| !touching(c.at, p.at))
        .map(|c| c.name.as_str())
        .collect()
}

/// The rule the fourth common breaks, if any: it must lie opposite the third.
fn fourth_common_broken(p: &Placement, commons: &[&Placement]) -> Option<(Rule, String)> {
    let (a, b, c) = (commons[0].at, commons[1].at, commons[2].at);
    let opposite = (a.0 + b.0 - c.0, a.1 + b.1 - c.1);
    if p.at == opposite && touching(a, b) {
        return None;
    }
    let missing = untouched_of_first_two(p, commons);
    let why = if missing.is_empty() {
        format!("{} is not on the far side from {}", p.name, commons[2].name)
    } else {
        format!("{} does not touch {}", p.name, missing.join(" or "))
    };
    Some((Rule::FourthOppositeThird, why))
}

/// The rule a player's Blink breaks, if any: it must touch exactly two commons.
fn player_blink_broken(p: &Placement, commons: &[&Placement]) -> Option<(Rule, String)> {
    let which: Vec<String> = commons
        .iter()
        .filter(|c| touching(c.at, p.at))
        .map(|c| c.name.clone())
        .collect();
    let n = which.len();
    if n == 2 {
        return None;
    }
    Some((
        Rule::PlayerTouchesTwo,
        match n {
            0 => format!("{} touches no common", p.name),
            1 => format!("{} touches only one common, {}", p.name, which[0]),
            _ => format!("{} touches {n} commons ({})", p.name, which.join(", ")),
        },
    ))
}

fn next_step(placements: &[Placement]) -> String {
    let n = |k: usize| placements.get(k).map_or("?", |p| p.name.as_str());
    match placements.len() {
        0 => "the first common, anywhere".to_string(),
        1 => format!("the second common, touching {}", n(0)),
        2 => format!("the third common, touching {} and {}", n(0), n(1)),
        3 => format!(
            "the fourth common, touching {} and {} opposite {}",
            n(0),
            n(1),
            n(2)
        ),
        k => format!(
            "player {} of 4: a Blink touching exactly two commons",
            k - 3
        ),
    }
}

/// Turns and, if need be, flips the Commons (finished, or with at least three commons
/// in) so the first two commons form the middle row (first on the left) and the third
/// sits above them; then names each place.
pub fn slots_of(placements: &[Placement]) -> Option<Vec<(Slot, String)>> {
    let origin = placements.first()?.at;
    let rel = |p: &Placement| (p.at.0 - origin.0, p.at.1 - origin.1);
    let rotate = |(q, r): (i32, i32)| (-r, q + r);
    let second = rel(placements.get(1)?);
    let mut turns = 0;
    let mut v = second;
    while v != (1, 0) {
        v = rotate(v);
        turns += 1;
        if turns > 6 {
            return None;
        }
    }
    let turn = |mut x: (i32, i32)| {
        for _ in 0..turns {
            x = rotate(x);
        }
        x
    };
    let third = turn(rel(placements.get(2)?));
    let flip = third != Slot::TopMiddle.axial();
    let place = |p: &Placement| {
        let (q, r) = turn(rel(p));
        if flip { (q + r, -r) } else { (q, r) }
    };
    let mut out = Vec::new();
    for p in placements {
        let at = place(p);
        let slot = Slot::ALL.into_iter().find(|s| s.axial() == at)?;
        out.push((slot, p.name.clone()));
    }
    out.sort();
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verdict(text: &str) -> BuildVerdict {
        let src = Source::new("build", text);
        check(&read(&src).unwrap_or_else(|e| panic!("{}", e.render())))
    }

    fn broken(text: &str) -> Vec<(usize, &'static str, String)> {
        verdict(text)
            .steps
            .into_iter()
            .filter_map(|s| s.broken.map(|(r, why)| (s.step, r.id(), why)))
            .collect()
    }

    const LEGAL: &str = "c1, c2 e c1, c3 ne c1, c4 sw c2, ana w c3, bo e c3, cy w c4, dee e c4";

    #[test]
    fn a_legal_build_gives_the_3_2_3_layout() {
        let v = verdict(LEGAL);
        assert!(v.legal && v.complete);
        let slots: Vec<(Slot, &str)> = v
            .slots
            .as_ref()
            .unwrap()
            .iter()
            .map(|(s, n)| (*s, n.as_str()))
            .collect();
        assert_eq!(
            slots,
            [
                (Slot::TopLeft, "ana"),
                (Slot::TopMiddle, "c3"),
                (Slot::TopRight, "bo"),
                (Slot::MiddleLeft, "c1"),
                (Slot::MiddleRight, "c2"),
                (Slot::BottomLeft, "cy"),
                (Slot::BottomMiddle, "c4"),
                (Slot::BottomRight, "dee"),
            ]
        );
        assert_eq!(v.steps[2].touches, ["c1", "c2"]);
    }

    #[test]
    fn any_turn_or_flip_of_the_commons_is_legal() {
        // b south-west of a, c below them: the Commons turned, still the same shape.
        let text = "a, b sw a, c se a, d w a, p1 e a, p2 sw c, p3 nw a, p4 w b";
        assert_eq!(broken(text), []);
        let v = verdict(text);
        let slots = v.slots.unwrap();
        assert!(slots.contains(&(Slot::MiddleLeft, "a".to_string())));
        assert!(slots.contains(&(Slot::MiddleRight, "b".to_string())));
        assert!(slots.contains(&(Slot::TopMiddle, "c".to_string())));
        assert!(slots.contains(&(Slot::BottomMiddle, "d".to_string())));
    }

    #[test]
    fn each_rule_broken() {
        assert_eq!(
            broken("c1, c2 e c1, c3 e c2"),
            [(3, "third-touches-both", "c3 does not touch c1".to_string())]
        );
        assert_eq!(
            broken("c1, c2 ne c1 , c3 e c2"),
            [(3, "third-touches-both", "c3 does not touch c1".to_string())]
        );
        assert_eq!(
            broken("c1, c2 e c1, c3 e c2, x e c3"),
            [
                (3, "third-touches-both", "c3 does not touch c1".to_string()),
                (
                    4,
                    "fourth-opposite-third",
                    "x does not touch c1 or c2".to_string()
                )
            ]
        );
        assert_eq!(
            broken("c1, c2 e c1, c3 ne c1, c4 ne c2"),
            [(
                4,
                "fourth-opposite-third",
                "c4 does not touch c1".to_string()
            )]
        );
        assert_eq!(
            broken("c1, c2 e c1, c3 ne c1, c4 w c3"),
            [(
                4,
                "fourth-opposite-third",
                "c4 does not touch c2".to_string()
            )]
        );
        assert_eq!(
            broken("c1, c2 e c1, c3 ne c1, c4 e c1"),
            [(
                4,
                "one-per-place",
                "c4 would go where c2 already is".to_string()
            )]
        );
        assert_eq!(
            broken("c1, c2 e c1, c3 ne c1, c4 se c1, ana nw c3"),
            [(
                5,
                "player-touches-two-commons",
                "ana touches only one common, c3".to_string()
            )]
        );
        assert_eq!(
            broken("c1, c2 e c1, c3 ne c1, c4 se c1, ana w c3, bo nw ana"),
            [(
                6,
                "player-touches-two-commons",
                "bo touches no common".to_string()
            )]
        );
    }

    #[test]
    fn a_build_in_progress_says_what_comes_next() {
        let v = verdict("c1, c2 e c1");
        assert!(v.legal && !v.complete);
        assert_eq!(
            v.next.as_deref(),
            Some("the third common, touching c1 and c2")
        );
        let v = verdict("c1, c2 e c1, c3 ne c1, c4 se c1, ana w c3");
        assert_eq!(
            v.next.as_deref(),
            Some("player 2 of 4: a Blink touching exactly two commons")
        );
    }

    #[test]
    fn notation_problems_all_at_once() {
        let src = Source::new("build", "c1, c2 x c1, c3 ne c9, c1 e c2, c4 se");
        let e = read(&src).unwrap_err();
        let msgs: Vec<&str> = e.problems.iter().map(|p| p.message.as_str()).collect();
        assert_eq!(
            msgs,
            [
                "unknown side `x`",
                "no Blink called `c9` is placed",
                "`c1` is placed twice",
                "`c4 se` is not a placement"
            ]
        );
        let src = Source::new("build", "c1 e c2, c2");
        let e = read(&src).unwrap_err();
        assert_eq!(
            e.problems[0].message,
            "the first Blink goes on its own: nothing is placed before `c1`"
        );
        let src = Source::new("build", "c1, c2 n c1");
        let e = read(&src).unwrap_err();
        assert_eq!(
            e.problems[0].help.as_deref(),
            Some(
                "rows run left to right, so a Blink has no side straight up or down: use ne, nw, se or sw"
            )
        );
    }

    #[test]
    fn a_commons_built_downwards_is_flipped() {
        let v = verdict("a, b e a, c se a, d ne a, w nw a, x e d, y w c, z e c");
        assert!(v.legal, "{v:?}");
        let slots = v.slots.unwrap();
        assert!(slots.contains(&(Slot::TopMiddle, "c".to_string())));
        assert!(slots.contains(&(Slot::BottomMiddle, "d".to_string())));
        assert!(slots.contains(&(Slot::BottomLeft, "w".to_string())));
        assert!(slots.contains(&(Slot::TopRight, "z".to_string())));
    }

    proptest::proptest! {
        #[test]
        fn never_panics(s in "[a-c1-3 ,;\n]{0,12}( (e|w|ne|nw|se|sw|x|of) [a-c1-3]{1,2}[,;\n]?){0,9}") {
            let src = Source::new("build", s.as_str());
            if let Ok(p) = read(&src) {
                let v = check(&p);
                proptest::prop_assert_eq!(v.steps.len(), p.len());
            }
        }
    }

    #[test]
    fn long_side_names_and_of() {
        let v = verdict("c1\nc2 east of c1\nc3 North-East c1; c4 SW of c2");
        assert!(v.legal);
        assert_eq!(v.steps[3].at, (0, 1));
    }

    /// The only places touching exactly two commons of a finished Commons are its four
    /// corners, whichever way the commons are turned.
    #[test]
    fn exactly_four_places_touch_two_commons() {
        let commons = [(0, 0), (1, 0), (1, -1), (0, 1)];
        let mut found = Vec::new();
        for q in -3..=4 {
            for r in -3..=4 {
                if commons.contains(&(q, r)) {
                    continue;
                }
                let n = commons.iter().filter(|c| touching(**c, (q, r))).count();
                if n == 2 {
                    found.push((q, r));
                }
            }
        }
        let mut corners: Vec<(i32, i32)> = Slot::CORNERS.iter().map(|s| s.axial()).collect();
        corners.sort();
        found.sort();
        assert_eq!(found, corners);
    }
}
