//! Hanafuda cards and their notation.
//!
//! A card is its month (1–12, or the month's flower) and its kind: `b` bright, `a` animal,
//! `r` ribbon, `p` plain — `1b`, `9a`, `pine-b`. The named cards parse too: `crane`,
//! `sake`, `rainman`, … The canonical form is `9a`; people also see the name ("9a sake cup").
//!
//! Parsing reads text into [`Card`] values, which may name cards the deck does not hold
//! (`2b`); [`validate`] checks them against the deck (cards that do not exist, more copies
//! than exist) and reports every problem.

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

use nom::branch::alt;
use nom::bytes::complete::tag_no_case;
use nom::character::complete::{char as ch, digit1, one_of};
use nom::combinator::{map, map_res, opt};
use nom::{IResult, Parser};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::diag::{Code, Error, Problem, Source, did_you_mean};
use crate::notation::{Located, is_separator, scan_list};

/// The four kinds of hanafuda card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    Bright,
    Animal,
    Ribbon,
    Plain,
}

impl Kind {
    pub const ALL: [Kind; 4] = [Kind::Bright, Kind::Animal, Kind::Ribbon, Kind::Plain];

    /// The kind's letter: `b`, `a`, `r`, `p`.
    pub fn letter(self) -> char {
        match self {
            Kind::Bright => 'b',
            Kind::Animal => 'a',
            Kind::Ribbon => 'r',
            Kind::Plain => 'p',
        }
    }

    pub fn from_letter(c: char) -> Option<Kind> {
        match c.to_ascii_lowercase() {
            'b' => Some(Kind::Bright),
            'a' => Some(Kind::Animal),
            'r' => Some(Kind::Ribbon),
            'p' => Some(Kind::Plain),
            _ => None,
        }
    }

    /// "bright", "animal", …
    pub fn word(self) -> &'static str {
        match self {
            Kind::Bright => "bright",
            Kind::Animal => "animal",
            Kind::Ribbon => "ribbon",
            Kind::Plain => "plain",
        }
    }
}

/// The months' flowers, January (pine) first.
pub const FLOWERS: [&str; 12] = [
    "pine",
    "plum",
    "cherry",
    "wisteria",
    "iris",
    "peony",
    "clover",
    "susuki",
    "chrysanthemum",
    "maple",
    "willow",
    "paulownia",
];

/// How many cards of each kind (bright, animal, ribbon, plain) each month has.
const DECK: [[u8; 4]; 12] = [
    [1, 0, 1, 2], // 1 pine: crane, poetry ribbon
    [0, 1, 1, 2], // 2 plum: bush warbler, poetry ribbon
    [1, 0, 1, 2], // 3 cherry: curtain, poetry ribbon
    [0, 1, 1, 2], // 4 wisteria: cuckoo, red ribbon
    [0, 1, 1, 2], // 5 iris: bridge, red ribbon
    [0, 1, 1, 2], // 6 peony: butterflies, blue ribbon
    [0, 1, 1, 2], // 7 clover: boar, red ribbon
    [1, 1, 0, 2], // 8 susuki: moon, geese
    [0, 1, 1, 2], // 9 chrysanthemum: sake cup, blue ribbon
    [0, 1, 1, 2], // 10 maple: deer, blue ribbon
    [1, 1, 1, 1], // 11 willow: rain man, swallow, red ribbon, lightning
    [1, 0, 0, 3], // 12 paulownia: phoenix
];

/// The words that name one card, and the card (longer spellings first where one is a
/// prefix of another).
const NAMES: [(&str, u8, Kind); 19] = [
    ("crane", 1, Kind::Bright),
    ("curtain", 3, Kind::Bright),
    ("moon", 8, Kind::Bright),
    ("rain-man", 11, Kind::Bright),
    ("rainman", 11, Kind::Bright),
    ("phoenix", 12, Kind::Bright),
    ("bush-warbler", 2, Kind::Animal),
    ("warbler", 2, Kind::Animal),
    ("cuckoo", 4, Kind::Animal),
    ("bridge", 5, Kind::Animal),
    ("butterflies", 6, Kind::Animal),
    ("butterfly", 6, Kind::Animal),
    ("boar", 7, Kind::Animal),
    ("geese", 8, Kind::Animal),
    ("sake-cup", 9, Kind::Animal),
    ("sake", 9, Kind::Animal),
    ("deer", 10, Kind::Animal),
    ("swallow", 11, Kind::Animal),
    ("lightning", 11, Kind::Plain),
];

/// What a card may be written as.
pub const CARD_EXPECTED: &str = "a card: a month 1-12 (or its flower) then a kind b, a, r or p, such as 1b, 9a, pine-b; or a name such as crane, sake, rainman";
/// What a kind may be written as.
pub const KIND_EXPECTED: &str = "a kind: b (bright), a (animal), r (ribbon) or p (plain)";
/// What a month may be written as.
pub const MONTH_EXPECTED: &str = "a month 1 to 12, or its flower: pine, plum, cherry, wisteria, iris, peony, clover, susuki, chrysanthemum, maple, willow, paulownia";

/// A hanafuda card: a month and a kind. It may name a card the deck does not hold (`2b`);
/// see [`Card::exists`] and [`validate`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card {
    /// 1 (pine) to 12 (paulownia).
    pub month: u8,
    pub kind: Kind,
}

/// The kind of a ribbon, for the ribbon yaku.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RibbonKind {
    /// Red with poetry: pine, plum, cherry.
    Poetry,
    /// Blue: peony, chrysanthemum, maple.
    Blue,
    /// Plain red: wisteria, iris, clover, willow.
    Red,
}

impl Card {
    pub const fn new(month: u8, kind: Kind) -> Card {
        Card { month, kind }
    }

    /// How many copies of this card the deck holds (0 for a card that does not exist).
    pub fn copies(self) -> u8 {
        match self.month {
            1..=12 => DECK[usize::from(self.month - 1)][self.kind as usize],
            _ => 0,
        }
    }

    pub fn exists(self) -> bool {
        self.copies() > 0
    }

    /// The month's flower.
    pub fn flower(self) -> &'static str {
        flower(self.month)
    }

    /// The canonical code: `9a`.
    pub fn code(self) -> String {
        format!("{}{}", self.month, self.kind.letter())
    }

    /// The card's own name, for the named cards: "crane", "sake cup", "lightning".
    pub fn name(self) -> Option<&'static str> {
        Some(match (self.month, self.kind) {
            (1, Kind::Bright) => "crane",
            (3, Kind::Bright) => "curtain",
            (8, Kind::Bright) => "moon",
            (11, Kind::Bright) => "rain man",
            (12, Kind::Bright) => "phoenix",
            (2, Kind::Animal) => "bush warbler",
            (4, Kind::Animal) => "cuckoo",
            (5, Kind::Animal) => "bridge",
            (6, Kind::Animal) => "butterflies",
            (7, Kind::Animal) => "boar",
            (8, Kind::Animal) => "geese",
            (9, Kind::Animal) => "sake cup",
            (10, Kind::Animal) => "deer",
            (11, Kind::Animal) => "swallow",
            (11, Kind::Plain) => "lightning",
            _ => return None,
        })
    }

    pub fn ribbon_kind(self) -> Option<RibbonKind> {
        if self.kind != Kind::Ribbon {
            return None;
        }
        Some(match self.month {
            1..=3 => RibbonKind::Poetry,
            6 | 9 | 10 => RibbonKind::Blue,
            _ => RibbonKind::Red,
        })
    }

    /// For people: the code and what the card shows, `9a sake cup`, `1r poetry ribbon`;
    /// plain cards are only their code.
    pub fn label(self) -> String {
        if let Some(n) = self.name() {
            return format!("{} {n}", self.code());
        }
        match self.ribbon_kind() {
            Some(RibbonKind::Poetry) => format!("{} poetry ribbon", self.code()),
            Some(RibbonKind::Blue) => format!("{} blue ribbon", self.code()),
            Some(RibbonKind::Red) => format!("{} red ribbon", self.code()),
            None => self.code(),
        }
    }

    /// Every card of the deck, with plains once per copy (48 cards).
    pub fn deck() -> Vec<Card> {
        let mut out = Vec::with_capacity(48);
        for month in 1..=12u8 {
            for kind in Kind::ALL {
                let c = Card::new(month, kind);
                for _ in 0..c.copies() {
                    out.push(c);
                }
            }
        }
        out
    }

    /// The month's real cards, copies repeated: `2a 2r 2p 2p`.
    pub fn month_cards(month: u8) -> Vec<Card> {
        Card::deck()
            .into_iter()
            .filter(|c| c.month == month)
            .collect()
    }
}

/// The flower of month 1–12 ("" for any other number).
pub fn flower(month: u8) -> &'static str {
    match month {
        1..=12 => FLOWERS[usize::from(month - 1)],
        _ => "",
    }
}

/// The months of `cards` in the order they first appear.
pub fn months_in_order(cards: &[Card]) -> Vec<u8> {
    let mut months: Vec<u8> = Vec::new();
    for c in cards {
        if !months.contains(&c.month) {
            months.push(c.month);
        }
    }
    months
}

/// Cards grouped by month, each group after its flower, in the order the months first
/// appear: `["pine 1p 1b", "willow 11a", "maple 10r"]` (how players holding real hanafuda
/// see them).
pub fn by_flower(cards: &[Card]) -> Vec<String> {
    months_in_order(cards)
        .iter()
        .map(|m| {
            let of: Vec<Card> = cards.iter().copied().filter(|c| c.month == *m).collect();
            format!("{} {}", flower(*m), codes(&of))
        })
        .collect()
}

/// Cards grouped by kind, brights first, each group after its kind and count:
/// `["2 brights 1b 3b", "1 animal 9a", "3 plains 1p 2p 2p"]` (how a pile is counted for
/// the yaku of a kind).
pub fn by_kind(cards: &[Card]) -> Vec<String> {
    Kind::ALL
        .iter()
        .filter_map(|k| {
            let of: Vec<Card> = cards.iter().copied().filter(|c| c.kind == *k).collect();
            (!of.is_empty()).then(|| {
                let word = crate::words::count(of.len(), k.word());
                format!("{word} {}", codes(&of))
            })
        })
        .collect()
}

/// What a card is worth to its taker, roughly: brights most, plains least.
pub fn weight(c: Card) -> i64 {
    match (c.kind, c.ribbon_kind()) {
        (Kind::Bright, _) => 20,
        (Kind::Animal, _) if c.month == 9 => 15,
        (Kind::Animal, _) => 8,
        (Kind::Ribbon, Some(RibbonKind::Red)) => 4,
        (Kind::Ribbon, _) => 7,
        _ => 1,
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.month, self.kind.letter())
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.code())
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(|e: Error| serde::de::Error::custom(e))
    }
}

/// Codes of cards separated by spaces; "—" for none.
pub fn codes(cards: &[Card]) -> String {
    if cards.is_empty() {
        return "—".to_string();
    }
    cards.iter().map(|c| c.code()).collect::<Vec<_>>().join(" ")
}

/// Labels of cards separated by commas; "—" for none.
pub fn labels(cards: &[Card]) -> String {
    if cards.is_empty() {
        return "—".to_string();
    }
    cards
        .iter()
        .map(|c| c.label())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Codes of cards with the named cards' names, separated by commas: `3b curtain, 9a sake
/// cup, 1r, 12p`; "—" for none.
pub fn short_labels(cards: &[Card]) -> String {
    if cards.is_empty() {
        return "—".to_string();
    }
    cards
        .iter()
        .map(|c| match c.name() {
            Some(n) => format!("{} {n}", c.code()),
            None => c.code(),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

// ---------------------------------------------------------------------------------------
// Parsing

fn month_number(input: &str) -> IResult<&str, u8> {
    map_res(digit1, |d: &str| match d.parse::<u8>() {
        Ok(n @ 1..=12) => Ok(n),
        _ => Err(()),
    })
    .parse(input)
}

fn month_flower(input: &str) -> IResult<&str, u8> {
    // "chrysanthemum" before "cherry" is not needed (no prefix relation), but "bush-clover"
    // must be tried before "clover".
    let (rest, name) = alt((
        tag_no_case("pine"),
        tag_no_case("plum"),
        tag_no_case("cherry"),
        tag_no_case("wisteria"),
        tag_no_case("iris"),
        tag_no_case("peony"),
        tag_no_case("bush-clover"),
        tag_no_case("clover"),
        tag_no_case("susuki"),
        tag_no_case("chrysanthemum"),
        tag_no_case("maple"),
        tag_no_case("willow"),
        tag_no_case("paulownia"),
    ))
    .parse(input)?;
    let lower = name.to_ascii_lowercase();
    let lower = lower.strip_prefix("bush-").unwrap_or(&lower);
    let month = FLOWERS.iter().position(|f| *f == lower).unwrap_or(0) as u8 + 1;
    Ok((rest, month))
}

fn kind(input: &str) -> IResult<&str, Kind> {
    map(one_of("bBaArRpP"), |c| {
        Kind::from_letter(c).unwrap_or(Kind::Plain)
    })
    .parse(input)
}

/// `1b`, `1-b`, `pine-b`, `pineb`.
fn coded(input: &str) -> IResult<&str, Card> {
    map(
        (alt((month_number, month_flower)), opt(ch('-')), kind),
        |(m, _, k)| Card::new(m, k),
    )
    .parse(input)
}

fn named(input: &str) -> IResult<&str, Card> {
    for (word, month, kind) in NAMES {
        if let Ok((rest, _)) = tag_no_case::<&str, &str, nom::error::Error<&str>>(word).parse(input)
        {
            // The whole word, not a prefix of a longer one.
            if !rest.starts_with(|c: char| c.is_ascii_alphabetic() || c == '-') {
                return Ok((rest, Card::new(month, kind)));
            }
        }
    }
    Err(nom::Err::Error(nom::error::Error::new(
        input,
        nom::error::ErrorKind::Tag,
    )))
}

/// One card, in any accepted spelling.
pub fn card(input: &str) -> IResult<&str, Card> {
    alt((coded, named)).parse(input)
}

/// Reads hanafuda cards from `range` of `src`. Returns what could be read and a problem
/// for each bad token (reading goes on after a bad token, so every one is reported).
pub fn scan(src: &Source, range: Range<usize>) -> (Vec<Located<Card>>, Vec<Problem>) {
    scan_list(
        src,
        range,
        |rest| card(rest).ok(),
        // Cards may follow each other without a space when the next starts with a digit.
        |c| c.is_ascii_digit(),
        |rest, start| {
            let word_end = rest.find(is_separator).unwrap_or(rest.len());
            let p = diagnose(&rest[..word_end], start, src).code(Code::UnknownCard);
            (p, &rest[word_end..])
        },
    )
}

/// Why no card could be read from `word` (which starts at byte `start` of `src`).
fn diagnose(word: &str, start: usize, src: &Source) -> Problem {
    let whole = start..start + word.len();
    let digits = word.chars().take_while(char::is_ascii_digit).count();
    let (month_len, month) = if digits > 0 {
        let n: u32 = word[..digits].parse().unwrap_or(u32::MAX);
        if !(1..=12).contains(&n) {
            return Problem::new(format!("there is no month {} in `{word}`", &word[..digits]))
                .at(src, start..start + digits)
                .expected(MONTH_EXPECTED);
        }
        (digits, n as u8)
    } else if let Ok((rest, m)) = month_flower(word) {
        (word.len() - rest.len(), m)
    } else {
        // An unknown word: a misspelt name or flower?
        let head = word.split('-').next().unwrap_or(word);
        let candidates = FLOWERS
            .iter()
            .copied()
            .chain(NAMES.iter().map(|(n, _, _)| *n));
        let near =
            did_you_mean(word, candidates.clone()).or_else(|| did_you_mean(head, candidates));
        let first = word.chars().next().unwrap_or(' ');
        let message = if first.is_alphabetic() {
            format!("unknown card `{word}`")
        } else {
            format!("unexpected `{first}`")
        };
        return Problem::new(message)
            .at(src, whole)
            .expected(CARD_EXPECTED)
            .maybe_help(near.map(|n| format!("did you mean `{n}`?")));
    };
    let after_month = &word[month_len..];
    let after_month = after_month.strip_prefix('-').unwrap_or(after_month);
    let kind_at = start + word.len() - after_month.len();
    let Some(c) = after_month.chars().next() else {
        return Problem::new(format!("`{word}` has no kind"))
            .at(src, whole)
            .expected(KIND_EXPECTED)
            .help(format!(
                "{}'s cards are {}",
                flower(month),
                codes(&Card::month_cards(month))
            ));
    };
    match Kind::from_letter(c) {
        None => {
            let help = match c.to_ascii_lowercase() {
                'l' | 'h' => Some("a bright is written b".to_string()),
                't' | 'c' => Some("a ribbon is written r".to_string()),
                'k' => Some("a plain (kasu) is written p".to_string()),
                _ => None,
            };
            Problem::new(format!("unknown kind `{c}` in `{word}`"))
                .at(src, kind_at..kind_at + c.len_utf8())
                .expected(KIND_EXPECTED)
                .maybe_help(help)
        }
        Some(k) => {
            let after = &after_month[1..];
            let extra = after.chars().next().unwrap_or(' ');
            let at = kind_at + 1;
            let help = match (k, after.to_ascii_lowercase().as_str()) {
                (Kind::Bright, "right")
                | (Kind::Animal, "nimal")
                | (Kind::Ribbon, "ibbon")
                | (Kind::Plain, "lain") => {
                    Some(format!("a kind is one letter: {}{}", month, k.letter()))
                }
                _ => None,
            };
            Problem::new(format!("unexpected `{extra}` after the card in `{word}`"))
                .at(src, at..start + word.len())
                .expected("a space or a comma between cards")
                .maybe_help(help)
        }
    }
}

/// Reads a month: 1 to 12 or its flower (`pine`, `bush-clover`), in any case.
pub fn parse_month(text: &str) -> Option<u8> {
    let t = text.trim();
    match alt((month_number, month_flower)).parse(t) {
        Ok(("", m)) => Some(m),
        _ => None,
    }
}

/// Reads a whole argument as a list of hanafuda cards; every bad token is reported.
/// Checks the syntax only: see [`validate`].
pub fn parse_in(src: &Source) -> Result<Vec<Located<Card>>, Error> {
    let (cards, problems) = scan(src, 0..src.text.len());
    Error::check(problems)?;
    Ok(cards)
}

/// Checks cards against the deck: each must exist, and no card may be named more times than
/// the deck holds it. Every problem is reported, each at the card that breaks the rule.
pub fn validate<'a>(
    items: impl IntoIterator<Item = (&'a Source, &'a Located<Card>)>,
) -> Vec<Problem> {
    let items: Vec<_> = items.into_iter().collect();
    let mut problems = Vec::new();
    let mut seen: Vec<(Card, usize, &Source, Range<usize>)> = Vec::new();
    let mut reported: Vec<Card> = Vec::new();
    for (src, located) in &items {
        let c = located.value;
        if !c.exists() {
            problems.push(
                Problem::new(format!(
                    "{} has no {}; its cards are {}",
                    c.flower(),
                    c.kind.word(),
                    codes(&Card::month_cards(c.month))
                ))
                .code(Code::UnknownCard)
                .at(src, located.span.clone())
                .expected("a card of the deck"),
            );
            continue;
        }
        let count = match seen.iter_mut().find(|s| s.0 == c) {
            Some(s) => {
                s.1 += 1;
                s.1
            }
            None => {
                seen.push((c, 1, src, located.span.clone()));
                1
            }
        };
        if count > usize::from(c.copies()) && !reported.contains(&c) {
            reported.push(c);
            let total = items.iter().filter(|(_, l)| l.value == c).count();
            let only = match c.copies() {
                1 => format!("one ({})", c.label()),
                n => n.to_string(),
            };
            let times = match total {
                2 => "twice".to_string(),
                n => format!("{n} times"),
            };
            let (first_src, first_span) = seen
                .iter()
                .find(|s| s.0 == c)
                .map(|s| (s.2, s.3.clone()))
                .unwrap_or((src, located.span.clone()));
            let column = first_src.line_col(first_span.start).1;
            let where_first = if first_src.name == src.name {
                format!("column {column}")
            } else {
                format!("{}, column {column}", first_src.name)
            };
            // The same card spelt two ways (`1b` and `crane`): say to write one of them.
            let spelt = |s: &Source, span: &std::ops::Range<usize>| {
                s.text.get(span.clone()).unwrap_or_default().to_string()
            };
            let (first, now) = (spelt(first_src, &first_span), spelt(src, &located.span));
            let help = if first.eq_ignore_ascii_case(&now) {
                format!("the first {} is at {where_first}", c.code())
            } else {
                format!(
                    "`{first}` and `{now}` are the same card: write `{first}` or `{now}`, not both (the first is at {where_first})"
                )
            };
            problems.push(
                Problem::new(format!(
                    "{} is named {times}, but the deck has only {only}",
                    c.code()
                ))
                .code(Code::Impossible)
                .at(src, located.span.clone())
                .help(help),
            );
        }
    }
    problems
}

/// Reads and checks a list of cards in one go.
pub fn parse_checked(src: &Source) -> Result<Vec<Card>, Error> {
    let cards = parse_in(src)?;
    Error::check(validate(cards.iter().map(|c| (src, c))))?;
    Ok(cards.into_iter().map(|l| l.value).collect())
}

impl FromStr for Card {
    type Err = Error;
    fn from_str(s: &str) -> Result<Card, Error> {
        let src = Source::new("card", s);
        let cards = parse_checked(&src)?;
        match cards.as_slice() {
            [one] => Ok(*one),
            _ => Err(Problem::new(format!("`{s}` is not one card"))
                .at(&src, 0..s.len())
                .expected(CARD_EXPECTED)
                .into()),
        }
    }
}

/// A list of hanafuda cards with a canonical text form: `1b 9a 12p`.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Cards(pub Vec<Card>);

impl fmt::Display for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.0.iter().map(|c| c.code()).collect();
        f.write_str(&parts.join(" "))
    }
}

impl FromStr for Cards {
    type Err = Error;
    fn from_str(s: &str) -> Result<Cards, Error> {
        Ok(Cards(parse_checked(&Source::new("cards", s))?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn parse(s: &str) -> Result<Vec<Card>, Error> {
        parse_checked(&Source::new("t", s))
    }

    fn messages(s: &str) -> Vec<String> {
        parse(s)
            .unwrap_err()
            .problems
            .iter()
            .map(|p| format!("{} | {}", p.message, p.help.clone().unwrap_or_default()))
            .collect()
    }

    #[test]
    fn the_deck_has_48_cards() {
        let deck = Card::deck();
        assert_eq!(deck.len(), 48);
        let count = |k: Kind| deck.iter().filter(|c| c.kind == k).count();
        assert_eq!(count(Kind::Bright), 5);
        assert_eq!(count(Kind::Animal), 9);
        assert_eq!(count(Kind::Ribbon), 10);
        assert_eq!(count(Kind::Plain), 24);
        for m in 1..=12 {
            assert_eq!(Card::month_cards(m).len(), 4, "month {m}");
        }
        let ribbons: Vec<_> = deck.iter().filter_map(|c| c.ribbon_kind()).collect();
        assert_eq!(
            ribbons.iter().filter(|r| **r == RibbonKind::Poetry).count(),
            3
        );
        assert_eq!(
            ribbons.iter().filter(|r| **r == RibbonKind::Blue).count(),
            3
        );
        assert_eq!(ribbons.iter().filter(|r| **r == RibbonKind::Red).count(), 4);
    }

    #[test]
    fn spellings() {
        let c = |m, k| Card::new(m, k);
        assert_eq!(
            parse("1b 9a, 6r 12p paulownia-b").unwrap(),
            vec![
                c(1, Kind::Bright),
                c(9, Kind::Animal),
                c(6, Kind::Ribbon),
                c(12, Kind::Plain),
                c(12, Kind::Bright)
            ]
        );
        assert_eq!(
            parse("crane curtain moon rainman phoenix").unwrap(),
            vec![
                c(1, Kind::Bright),
                c(3, Kind::Bright),
                c(8, Kind::Bright),
                c(11, Kind::Bright),
                c(12, Kind::Bright)
            ]
        );
        assert_eq!(
            parse("warbler cuckoo bridge butterflies boar geese sake deer swallow lightning")
                .unwrap()
                .iter()
                .map(|c| c.code())
                .collect::<Vec<_>>(),
            vec![
                "2a", "4a", "5a", "6a", "7a", "8a", "9a", "10a", "11a", "11p"
            ]
        );
        assert_eq!(
            codes(&parse("1B2a10r CHRYSANTHEMUM-a maple-a willowp 11-b").unwrap()),
            "1b 2a 10r 9a 10a 11p 11b"
        );
    }

    #[test]
    fn a_pile_by_kind_counts_each_kind_brights_first() {
        let pile: Vec<Card> = ["2p", "9a", "1b", "3b", "2r"]
            .iter()
            .map(|c| c.parse().unwrap())
            .collect();
        assert_eq!(
            by_kind(&pile),
            [
                "2 brights 1b 3b",
                "1 animal 9a",
                "1 ribbon 2r",
                "1 plain 2p"
            ]
        );
    }

    #[test]
    fn labels_show_names() {
        let l = |s: &str| s.parse::<Card>().unwrap().label();
        assert_eq!(l("9a"), "9a sake cup");
        assert_eq!(l("sake"), "9a sake cup");
        assert_eq!(l("1r"), "1r poetry ribbon");
        assert_eq!(l("9r"), "9r blue ribbon");
        assert_eq!(l("11r"), "11r red ribbon");
        assert_eq!(l("11p"), "11p lightning");
        assert_eq!(l("12p"), "12p");
    }

    #[test]
    fn cards_that_do_not_exist() {
        assert_eq!(
            messages("2b"),
            vec!["plum has no bright; its cards are 2a 2r 2p 2p | "]
        );
        assert_eq!(
            messages("12a 8r"),
            vec![
                "paulownia has no animal; its cards are 12b 12p 12p 12p | ",
                "susuki has no ribbon; its cards are 8b 8a 8p 8p | "
            ]
        );
    }

    /// Issue 62: `1b crane 3b` said "1b is named twice" without saying that `1b` and
    /// `crane` are one card, so write one or the other.
    #[test]
    fn one_card_spelt_two_ways_was_named_twice() {
        let e = parse_checked(&Source::new("argument CARDS", "1b crane 3b")).unwrap_err();
        let text = e.render();
        assert!(text.contains("1b is named twice"), "{text}");
        assert!(
            text.contains("`1b` and `crane` are the same card: write `1b` or `crane`, not both"),
            "{text}"
        );
    }

    #[test]
    fn more_copies_than_exist() {
        assert_eq!(
            messages("1p 1p 1p"),
            vec!["1p is named 3 times, but the deck has only 2 | the first 1p is at column 1"]
        );
        assert_eq!(
            messages("11p lightning"),
            vec![
                "11p is named twice, but the deck has only one (11p lightning) | `11p` and `lightning` are the same card: write `11p` or `lightning`, not both (the first is at column 1)"
            ]
        );
        assert_eq!(messages("12p 12p 12p 12p").len(), 1);
        assert!(parse("12p 12p 12p").is_ok());
        assert_eq!(messages("crane 1b").len(), 1);
    }

    #[test]
    fn syntax_errors_point_at_the_token() {
        let e = parse("1b 13p 1x pin-b 1").unwrap_err();
        let got: Vec<(String, Option<(usize, usize)>)> = e
            .problems
            .iter()
            .map(|p| (p.message.clone(), p.position()))
            .collect();
        assert_eq!(
            got,
            vec![
                ("there is no month 13 in `13p`".to_string(), Some((1, 4))),
                ("unknown kind `x` in `1x`".to_string(), Some((1, 9))),
                ("unknown card `pin-b`".to_string(), Some((1, 11))),
                ("`1` has no kind".to_string(), Some((1, 17))),
            ]
        );
        assert_eq!(e.problems[2].help.as_deref(), Some("did you mean `pine`?"));
        assert_eq!(
            messages("cran"),
            vec!["unknown card `cran` | did you mean `crane`?"]
        );
        assert_eq!(
            messages("1bright"),
            vec!["unexpected `r` after the card in `1bright` | a kind is one letter: 1b"]
        );
    }

    #[test]
    fn serde_uses_codes() {
        let c: Card = "sake".parse().unwrap();
        assert_eq!(serde_json::to_string(&c).unwrap(), "\"9a\"");
        let back: Card = serde_json::from_str("\"9a\"").unwrap();
        assert_eq!(back, c);
    }

    fn any_card() -> impl Strategy<Value = Card> {
        proptest::sample::select(Card::deck())
    }

    proptest! {
        #[test]
        fn display_round_trips(c in any_card()) {
            prop_assert_eq!(c.to_string().parse::<Card>().unwrap(), c);
            let flowered = format!("{}-{}", c.flower(), c.kind.letter());
            prop_assert_eq!(flowered.parse::<Card>().unwrap(), c);
            if let Some(n) = c.name() {
                prop_assert_eq!(n.replace(' ', "-").parse::<Card>().unwrap(), c);
            }
        }

        #[test]
        fn lists_round_trip(deck in Just(Card::deck()).prop_shuffle(), n in 0usize..48) {
            let list = Cards(deck[..n].to_vec());
            let text = list.to_string();
            prop_assert_eq!(text.parse::<Cards>().unwrap(), list.clone());
            // Written together, cards starting with a digit still read back.
            let together: String = list.0.iter().map(|c| c.code()).collect();
            prop_assert_eq!(together.parse::<Cards>().unwrap(), list);
        }

        #[test]
        fn parsing_never_panics(s in "\\PC{0,20}") {
            let _ = parse(&s);
        }
    }
}
