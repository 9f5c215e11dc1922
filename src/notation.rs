//! Notation shared by every game: lists of standard cards, money, and the pieces
//! (positions, `Located` values, a record's lines and their words) that the games' own
//! notations build on.
//!
//! Parsing only reads text into plain values. Checking those values against a game
//! (a card named twice, too many jokers) is a separate step: see [`validate_pack`].

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

use nom::branch::alt;
use nom::bytes::complete::{tag, tag_no_case};
use nom::character::complete::{char as ch, one_of, satisfy};
use nom::combinator::{map, opt, value};
use nom::{IResult, Parser};

use crate::cards::{Card, Rank, Suit};
use crate::diag::{Code, Error, Problem, QUOTE, Source};

/// A value and the byte range of the text it was read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located<T> {
    pub value: T,
    pub span: Range<usize>,
}

impl<T> Located<T> {
    pub fn new(value: T, span: Range<usize>) -> Located<T> {
        Located { value, span }
    }
}

/// What a rank may be written as.
pub const RANKS_EXPECTED: &str = "a rank: A 2 3 4 5 6 7 8 9 10 J Q K (T for 10), or JK for a joker";
/// What a suit may be written as.
pub const SUITS_EXPECTED: &str = "a suit: S H D C (or ♠ ♥ ♦ ♣)";

const VARIATION_SELECTOR: char = '\u{FE0F}';

fn rank(input: &str) -> IResult<&str, Rank> {
    alt((
        value(Rank::Ten, tag("10")),
        map(one_of("23456789"), |c| {
            Rank::from_number(c as u8 - b'0').unwrap_or(Rank::Two)
        }),
        value(Rank::Ace, one_of("Aa")),
        value(Rank::Ten, one_of("Tt")),
        value(Rank::Jack, one_of("Jj")),
        value(Rank::Queen, one_of("Qq")),
        value(Rank::King, one_of("Kk")),
    ))
    .parse(input)
}

fn suit(input: &str) -> IResult<&str, Suit> {
    let (rest, c) = satisfy(|c| Suit::from_char(c).is_some()).parse(input)?;
    let (rest, _) = opt(ch(VARIATION_SELECTOR)).parse(rest)?;
    Ok((rest, Suit::from_char(c).unwrap_or(Suit::Spades)))
}

fn joker(input: &str) -> IResult<&str, Card> {
    let (rest, _) = alt((tag_no_case("JK"), tag("🃏"))).parse(input)?;
    let (rest, _) = opt(ch(VARIATION_SELECTOR)).parse(rest)?;
    Ok((rest, Card::Joker))
}

/// One card, in any accepted spelling.
pub fn card(input: &str) -> IResult<&str, Card> {
    alt((joker, map((rank, suit), |(r, s)| Card::new(r, s)))).parse(input)
}

/// Reads a list of tokens from `range` of `src`: tokens separated by spaces and/or
/// commas, or written together where `may_follow` accepts the character after a token.
/// `read` reads one token; `diagnose` says why none could be read where a token starts
/// (at a byte offset of `src`) and where to go on. Reading goes on after a bad token, so
/// every problem is reported. Every notation of lists (standard cards, hanafuda) uses it.
pub fn scan_list<'s, T>(
    src: &'s Source,
    range: Range<usize>,
    read: impl Fn(&'s str) -> Option<(&'s str, T)>,
    may_follow: impl Fn(char) -> bool,
    diagnose: impl Fn(&'s str, usize) -> (Problem, &'s str),
) -> (Vec<Located<T>>, Vec<Problem>) {
    let (items, bad) = scan_list_tokens(src, range, read, may_follow, diagnose);
    (items, bad.into_iter().map(|b| b.value).collect())
}

/// Like [`scan_list`], each problem with the whole bad token it was found in (`4Q` in
/// `2C 4Q`, `3Q` in `2C3Q`), for readers that point at the token rather than at the
/// part of it that is wrong.
pub fn scan_list_tokens<'s, T>(
    src: &'s Source,
    range: Range<usize>,
    read: impl Fn(&'s str) -> Option<(&'s str, T)>,
    may_follow: impl Fn(char) -> bool,
    diagnose: impl Fn(&'s str, usize) -> (Problem, &'s str),
) -> (Vec<Located<T>>, Vec<Located<Problem>>) {
    let text: &'s str = &src.text[range.clone()];
    let base = range.start;
    let at = |rest: &str| base + text.len() - rest.len();
    let mut items = Vec::new();
    let mut problems = Vec::new();
    let mut rest = text;
    loop {
        rest = rest.trim_start_matches(is_separator);
        if rest.is_empty() {
            break;
        }
        let start = at(rest);
        if let Some((after, item)) = read(rest)
            && after
                .chars()
                .next()
                .is_none_or(|c| is_separator(c) || may_follow(c))
        {
            items.push(Located::new(item, start..at(after)));
            rest = after;
            continue;
        }
        let (p, after_bad) = diagnose(rest, start);
        // A diagnosis always moves on; the token is at least its first character.
        let first = rest.chars().next().map_or(0, char::len_utf8);
        let end = at(after_bad).max(start + first);
        problems.push(Located::new(p, start..end));
        rest = &text[end - base..];
    }
    (items, problems)
}

/// Whether `c` separates list items: white space or a comma.
pub fn is_separator(c: char) -> bool {
    c.is_whitespace() || c == ','
}

/// A line of a record as every game's reader takes it: its number (from 1), where it
/// starts in the whole text, and what it says, the line before any `#` comment, its line
/// end left off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecordLine<'a> {
    pub number: usize,
    pub start: usize,
    pub body: &'a str,
}

impl RecordLine<'_> {
    /// Whether the line says nothing: blank, or a comment alone.
    pub fn is_blank(&self) -> bool {
        self.body.trim().is_empty()
    }

    /// Where what the line says is in the whole text: its body without the spaces around.
    pub fn span(&self) -> Range<usize> {
        let at = self.start + (self.body.len() - self.body.trim_start().len());
        at..at + self.body.trim().len()
    }
}

/// Every line of a record's text in order, blank lines and comments too (see
/// [`written_lines`] for the lines that say something). Linear in the text.
pub fn record_lines(text: &str) -> impl Iterator<Item = RecordLine<'_>> {
    let mut offset = 0;
    text.split_inclusive('\n').enumerate().map(move |(i, raw)| {
        let start = offset;
        offset += raw.len();
        let line = raw.strip_suffix('\n').unwrap_or(raw);
        RecordLine {
            number: i + 1,
            start,
            body: line.split('#').next().unwrap_or(""),
        }
    })
}

/// The lines of a record's text that say something, in order: blank lines and comments
/// are skipped, and a comment after a line's words is left off.
pub fn written_lines(text: &str) -> impl Iterator<Item = RecordLine<'_>> {
    record_lines(text).filter(|l| !l.is_blank())
}

/// The words of a line of a record: byte ranges of the text, split at white space;
/// `base` is where `body` starts in the whole text.
pub fn words_of(body: &str, base: usize) -> Vec<Range<usize>> {
    words_split_by(body, base, char::is_whitespace)
}

/// The words of `body` split where `is_separator` says (white space and commas for a
/// list of names, white space and `;` for a list of dominoes): byte ranges of the text,
/// `base` being where `body` starts in the whole text. Empty words are left out.
pub fn words_split_by(
    body: &str,
    base: usize,
    is_separator: impl Fn(char) -> bool,
) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    for (i, c) in body.char_indices() {
        if is_separator(c) {
            if let Some(s) = start.take() {
                out.push(base + s..base + i);
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push(base + s..base + body.len());
    }
    out
}

/// Reads a list of cards from `range` of `src`. Returns what could be read and a problem
/// for each bad token (parsing goes on after a bad token, so all are reported).
pub fn scan_cards(src: &Source, range: Range<usize>) -> (Vec<Located<Card>>, Vec<Problem>) {
    let (cards, bad) = scan_card_tokens(src, range);
    (cards, bad.into_iter().map(|b| b.value).collect())
}

/// Like [`scan_cards`], each problem with the whole bad token (`4Q`, `nothing`) it was
/// found in.
pub fn scan_card_tokens(
    src: &Source,
    range: Range<usize>,
) -> (Vec<Located<Card>>, Vec<Located<Problem>>) {
    scan_list_tokens(
        src,
        range,
        |rest| card(rest).ok(),
        // Cards may be written together: `AsKs10h`, `JkQh`.
        card_may_follow,
        |rest, start| {
            let (p, rest) = diagnose(rest, start, src);
            (p.code(Code::UnknownCard), rest)
        },
    )
}

/// Whether a card may start with `c` right after another card (`AsKs10h`, `JkQh`).
fn card_may_follow(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '🃏' || Suit::from_char(c).is_some()
}

/// Works out why no card could be read at the start of `rest`. Returns the problem and
/// where to go on reading.
fn diagnose<'a>(rest: &'a str, start: usize, src: &Source) -> (Problem, &'a str) {
    if let Some(found) = letter_o_for_zero(rest, start, src) {
        return found;
    }

    // A rank written with digits.
    let digits = rest.chars().take_while(char::is_ascii_digit).count();
    let (rank_text, rank, rank_hint) = if digits > 0 {
        digit_rank(&rest[..digits])
    } else {
        match rank(rest) {
            Ok((after, r)) => (&rest[..rest.len() - after.len()], Some(r), None),
            Err(_) => return no_rank(rest, start, src),
        }
    };
    let after_rank = &rest[rank_text.len()..];
    let suit_char = after_rank.chars().next();
    let suit_len = suit_char.map_or(0, char::len_utf8);
    let suit = suit_char.and_then(Suit::from_char);
    let mut after_token = &after_rank[suit_len..];
    if after_token.starts_with(VARIATION_SELECTOR) {
        after_token = &after_token[VARIATION_SELECTOR.len_utf8()..];
    }
    let token_end = start + rest.len() - after_token.len();
    let rank_span = start..start + rank_text.len();

    match (rank, suit, suit_char) {
        (None, _, _) => {
            // Messages quote the start of a long word (cut short anyway); the whole word is
            // read to its end only where it is skipped, so that reading stays linear.
            let (shown, next) = match suit {
                Some(_) => (&rest[..rest.len() - after_token.len()], after_token),
                None => (
                    quoted_word(rest),
                    &rest[rest.find(is_separator).unwrap_or(rest.len())..],
                ),
            };
            let p = Problem::new(format!("unknown rank `{rank_text}` in `{shown}`"))
                .at(src, rank_span)
                .expected(RANKS_EXPECTED)
                .maybe_help(rank_meant(rank_text, rank_hint, suit));
            (p, next)
        }
        (Some(_), _, None) => {
            let p = Problem::new(format!("`{rank_text}` has no suit"))
                .at(src, rank_span)
                .expected(SUITS_EXPECTED);
            (p, after_rank)
        }
        (Some(_), _, Some(c)) if is_separator(c) => {
            let p = Problem::new(format!("`{rank_text}` has no suit"))
                .at(src, rank_span)
                .expected(SUITS_EXPECTED);
            (p, after_rank)
        }
        (Some(r), None, Some(c)) => {
            let p = Problem::new(format!(
                "unknown suit `{c}` in `{}`",
                &rest[..token_end - start]
            ))
            .at(src, rank_span.end..token_end)
            .expected(SUITS_EXPECTED)
            .maybe_help(suit_hint(r, c));
            (p, after_token)
        }
        (Some(_), Some(_), Some(_)) => {
            // A card was read but something sticks to it, e.g. `AS!`.
            let c = after_token.chars().next().unwrap_or(' ');
            let p = Problem::new(format!("unexpected `{c}` after a card"))
                .at(src, token_end..token_end + c.len_utf8())
                .expected("a space or a comma between cards");
            (p, &after_token[c.len_utf8().min(after_token.len())..])
        }
    }
}

/// A rank written with the digits `d`: the rank, or none and the rank meant (`1` for A,
/// `11` to `13` for J Q K).
fn digit_rank(d: &str) -> (&str, Option<Rank>, Option<Rank>) {
    let n: u32 = d.parse().unwrap_or(u32::MAX);
    match n {
        // `02` is not how a rank is written, though it is a number of one.
        2..=10 if d.starts_with('0') => (d, None, Rank::from_number(n as u8)),
        2..=10 => (d, Rank::from_number(n as u8), None),
        1 => (d, None, Some(Rank::Ace)),
        11 => (d, None, Some(Rank::Jack)),
        12 => (d, None, Some(Rank::Queen)),
        13 => (d, None, Some(Rank::King)),
        _ => (d, None, None),
    }
}

/// What a rank written with digits that is no rank meant (`1` an ace), as a help.
fn rank_meant(text: &str, meant: Option<Rank>, suit: Option<Suit>) -> Option<String> {
    match (meant, suit) {
        (Some(r), Some(s)) => Some(format!(
            "did you mean {}? ({text} is written {})",
            Card::new(r, s),
            r.label()
        )),
        (Some(r), None) => Some(format!("{text} is written {}", r.label())),
        _ => None,
    }
}

/// Why `rest`, which starts with no rank at all, is not a card: written suit first, a suit
/// alone, or an unknown rank. Returns the problem and where to go on reading.
fn no_rank<'a>(rest: &'a str, start: usize, src: &Source) -> (Problem, &'a str) {
    let first = rest.chars().next().unwrap_or(' ');
    let first_len = first.len_utf8();
    if let Some(su) = Suit::from_char(first) {
        // Written suit first, like `♠A`?
        if let Ok((after, r)) = rank(&rest[first_len..])
            && after.chars().next().is_none_or(is_separator)
        {
            let word = &rest[..rest.len() - after.len()];
            let p = Problem::new(format!("`{word}` is written suit first"))
                .at(src, start..start + word.len())
                .expected("the rank, then the suit")
                .help(format!("did you mean {}?", Card::new(r, su)));
            return (p, after);
        }
        let p = Problem::new(format!(
            "`{}` has no rank before its suit",
            quoted_word(rest)
        ))
        .at(src, start..start + first_len)
        .expected(RANKS_EXPECTED);
        return (p, &rest[first_len..]);
    }
    // The whole word is skipped, so reading it to its end keeps reading linear.
    let word = &rest[..rest.find(is_separator).unwrap_or(rest.len())];
    let p = Problem::new(format!("unknown rank `{first}` in `{word}`"))
        .at(src, start..start + word.len())
        .expected(RANKS_EXPECTED)
        .maybe_help(rank_letter_hint(first));
    (p, &rest[word.len()..])
}

/// A ten typed with the letter O for its zero, like `1OH`: the problem and where to go
/// on, when `rest` starts so.
fn letter_o_for_zero<'a>(rest: &'a str, start: usize, src: &Source) -> Option<(Problem, &'a str)> {
    let after = rest
        .strip_prefix("1O")
        .or_else(|| rest.strip_prefix("1o"))?;
    let c = after.chars().next()?;
    let suit = Suit::from_char(c)?;
    let mut next = &after[c.len_utf8()..];
    if next.starts_with(VARIATION_SELECTOR) {
        next = &next[VARIATION_SELECTOR.len_utf8()..];
    }
    let token = &rest[..rest.len() - next.len()];
    let p = Problem::new(format!("unknown rank `{}` in `{token}`", &rest[..2]))
        .at(src, start..start + 2)
        .expected(RANKS_EXPECTED)
        .help(format!(
            "did you mean {}? (10 is written with a zero, not the letter O)",
            Card::new(Rank::Ten, suit)
        ));
    Some((p, next))
}

/// The word at the start of `rest` (up to a separator) as quoted in a message: when it
/// is long, only its start, found without reading the word to its end.
fn quoted_word(rest: &str) -> &str {
    let mut end = 0;
    for (i, c) in rest.char_indices().take(QUOTE + 1) {
        if is_separator(c) {
            return &rest[..i];
        }
        end = i + c.len_utf8();
    }
    &rest[..end]
}

fn rank_letter_hint(c: char) -> Option<String> {
    match c.to_ascii_uppercase() {
        '1' => Some("an ace is written A".to_string()),
        'N' | 'Z' | 'X' => None,
        'R' | 'W' => Some("a joker is written JK".to_string()),
        _ => None,
    }
}

fn suit_hint(rank: Rank, c: char) -> Option<String> {
    let guess = match c {
        '♣' | '♧' | '♠' => None,
        'P' | 'p' => Some(Suit::Spades),
        'R' | 'r' => Some(Suit::Hearts),
        'K' | 'k' if rank == Rank::Jack => return Some("a joker is written JK".to_string()),
        'T' | 't' => Some(Suit::Hearts),
        _ => None,
    };
    match guess {
        Some(s) => Some(format!("did you mean {}?", Card::new(rank, s))),
        // No likely slip: the four cards of the rank (`QQ`: Q♠, Q♥, Q♦ or Q♣).
        None => {
            let each: Vec<String> = (Suit::ALL.iter())
                .map(|s| Card::new(rank, *s).to_string())
                .collect();
            Some(format!(
                "did you mean {}, {}, {} or {}?",
                each[0], each[1], each[2], each[3]
            ))
        }
    }
}

impl FromStr for Card {
    type Err = crate::diag::Error;

    /// Reads exactly one card, in any accepted spelling.
    fn from_str(s: &str) -> Result<Card, Self::Err> {
        let cards = parse_cards(s, "card")?;
        match cards.as_slice() {
            [one] => Ok(one.value),
            _ => Err(crate::diag::Error::single(
                crate::diag::Problem::new(format!("expected one card, found {}", cards.len()))
                    .with_source(crate::diag::Source::new("card", s)),
            )),
        }
    }
}

/// Reads a whole argument as a list of cards; every bad token is reported.
pub fn parse_cards(text: &str, source_name: &str) -> Result<Vec<Located<Card>>, Error> {
    let src = Source::new(source_name, text);
    parse_cards_in(&src)
}

/// Like [`parse_cards`], for a source already made.
pub fn parse_cards_in(src: &Source) -> Result<Vec<Located<Card>>, Error> {
    let (cards, problems) = scan_cards(src, 0..src.text.len());
    Error::check(problems)?;
    if cards.is_empty() {
        return Err(Problem::new("no cards given")
            .at(src, 0..src.text.len())
            .expected("cards such as `AS KH 10D` or `A♠ K♥ 10♦`")
            .into());
    }
    Ok(cards)
}

/// The problems of cards typed at a prompt, drawn as one line that names every one of
/// them with its suggestion ("3♠ is named twice: …; unknown rank `1O` in `1OH` (…)").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnswerProblems(pub Vec<Problem>);

impl crate::diag::Coded for AnswerProblems {
    /// The kind of the first problem (no cards at all: notation).
    fn code(&self) -> Code {
        self.0.first().map_or(Code::Notation, |p| p.code)
    }
}

impl std::fmt::Display for AnswerProblems {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.0.is_empty() {
            return f.write_str("no cards given (cards such as `AS KH 10D`)");
        }
        for (i, p) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            match &p.help {
                Some(h) => write!(f, "{} ({h})", p.message)?,
                None => f.write_str(&p.message)?,
            }
        }
        Ok(())
    }
}

/// Reads cards typed at a prompt: every bad token and, given a pack's jokers, each card
/// named twice and too many jokers, all at once.
pub fn read_answer_cards(
    text: &str,
    pack_jokers: Option<usize>,
) -> Result<Vec<Card>, AnswerProblems> {
    let src = Source::new("answer", text);
    let (cards, mut problems) = scan_cards(&src, 0..src.text.len());
    if let Some(jokers) = pack_jokers {
        problems.extend(validate_pack(cards.iter().map(|c| (&src, c)), jokers));
    }
    if problems.is_empty() && !cards.is_empty() {
        return Ok(cards.into_iter().map(|l| l.value).collect());
    }
    problems.sort_by_key(|p| p.span.as_ref().map_or(0, |s| s.start));
    Err(AnswerProblems(problems))
}

/// Checks that cards can all come from one pack: each plain card at most once and at
/// most `max_jokers` jokers. Every problem is reported, each at the card that breaks
/// the rule.
pub fn validate_pack<'a>(
    items: impl IntoIterator<Item = (&'a Source, &'a Located<Card>)>,
    max_jokers: usize,
) -> Vec<Problem> {
    let mut seen: [Option<(&Source, Range<usize>)>; 52] = std::array::from_fn(|_| None);
    // The column of each first card, worked out once: a card named thousands of times
    // must not make checking quadratic.
    let mut first_column: [Option<usize>; 52] = [None; 52];
    let mut jokers = 0;
    let mut problems = Vec::new();
    for (src, located) in items {
        let card = located.value;
        if card.is_joker() {
            jokers += 1;
            if max_jokers == 0 {
                problems.push(
                    Problem::new("jokers are not used in this game")
                        .code(Code::UnknownCard)
                        .at(src, located.span.clone())
                        .help("remove the joker"),
                );
            } else if jokers == max_jokers + 1 {
                problems.push(
                    Problem::new(format!(
                        "more than {max_jokers} jokers: one pack holds {max_jokers}"
                    ))
                    .code(Code::Impossible)
                    .at(src, located.span.clone()),
                );
            }
            continue;
        }
        let i = card.index();
        match &seen[i] {
            Some((first_src, first_span)) => {
                let where_first = if first_src.name == src.name {
                    let col = *first_column[i]
                        .get_or_insert_with(|| first_src.line_col(first_span.start).1);
                    format!("column {col}")
                } else {
                    first_src.name.clone()
                };
                problems.push(
                    Problem::new(format!("{card} is named twice: one pack holds one {card}"))
                        .code(Code::Impossible)
                        .at(src, located.span.clone())
                        .help(format!("the first {card} is at {where_first}")),
                );
            }
            None => seen[i] = Some((src, located.span.clone())),
        }
    }
    problems
}

/// A list of cards with a canonical text form: `A♠ 10♥ 🃏`.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct CardList(pub Vec<Card>);

impl fmt::Display for CardList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::cards::show_cards(&self.0))
    }
}

impl FromStr for CardList {
    type Err = Error;
    fn from_str(s: &str) -> Result<CardList, Error> {
        if s.trim_matches(is_separator).is_empty() {
            return Ok(CardList::default());
        }
        Ok(CardList(
            parse_cards(s, "cards")?
                .into_iter()
                .map(|l| l.value)
                .collect(),
        ))
    }
}

impl FromStr for Suit {
    type Err = Error;
    fn from_str(s: &str) -> Result<Suit, Error> {
        let mut chars = s.chars();
        match (chars.next().and_then(Suit::from_char), chars.as_str()) {
            (Some(suit), "" | "\u{FE0F}") => Ok(suit),
            _ => Err(Problem::new(format!("unknown suit `{s}`"))
                .expected(SUITS_EXPECTED)
                .into()),
        }
    }
}

impl FromStr for Rank {
    type Err = Error;
    fn from_str(s: &str) -> Result<Rank, Error> {
        match rank(s) {
            Ok(("", r)) => Ok(r),
            _ => Err(Problem::new(format!("unknown rank `{s}`"))
                .expected(RANKS_EXPECTED)
                .into()),
        }
    }
}

/// The most characters of a name (a player's, a Blink's): names are drawn in tables and
/// pictures, and must stay short enough to draw.
pub const NAME_MAX: usize = 40;

/// A name longer than [`NAME_MAX`]: its start and its length in characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LongName {
    pub start: String,
    pub chars: usize,
}

impl fmt::Display for LongName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the name `{}…` has {} characters; a name has at most {NAME_MAX}",
            self.start, self.chars
        )
    }
}

/// Why `name` is too long to be a name, if it is.
pub fn name_too_long(name: &str) -> Option<LongName> {
    let n = name.chars().count();
    (n > NAME_MAX).then(|| LongName {
        start: name.chars().take(NAME_MAX).collect(),
        chars: n,
    })
}

/// Reads an amount of money: `25`, `$25`.
pub fn parse_money(text: &str) -> Option<u32> {
    let t = text.trim();
    let t = t.strip_prefix('$').unwrap_or(t);
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    t.parse().ok()
}

/// Cards from notation, for tests (an empty string gives none).
#[cfg(test)]
pub(crate) fn test_cards(s: &str) -> Vec<Card> {
    s.parse::<CardList>().unwrap().0
}

/// Respelling a record's canonical text in the other spellings its notation allows, for
/// the games' property tests: a respelled record must read as the canonical one does.
#[cfg(test)]
pub(crate) mod respell {
    use crate::cards::{Card, Suit};

    /// A small deterministic source of choices (xorshift), seeded by a test.
    pub struct Choices(u64);

    impl Choices {
        pub fn new(seed: u64) -> Choices {
            Choices(seed | 1)
        }

        /// A number below `n` (0 when `n` is 0).
        pub fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n.max(1) as u64) as usize
        }

        pub fn coin(&mut self) -> bool {
            self.below(2) == 0
        }

        /// True once in `n` times.
        pub fn one_in(&mut self, n: usize) -> bool {
            self.below(n) == 0
        }

        pub fn pick<'a, T: ?Sized>(&mut self, from: &[&'a T]) -> &'a T {
            from[self.below(from.len())]
        }
    }

    /// White space between two words.
    pub const GAPS: [&str; 5] = [" ", "  ", "   ", "\t", " \t "];
    /// Between two items of a list that may hold commas: white space and/or a comma.
    pub const COMMAS: [&str; 7] = [" ", "  ", ",", ", ", " ,", " , ", ",\t"];
    /// Between two items of a list whose items hold commas (dominoes, squares).
    pub const SEMICOLONS: [&str; 6] = [" ", "  ", ";", "; ", " ;", " ; "];

    /// `word` with each letter in either case.
    pub fn case(word: &str, c: &mut Choices) -> String {
        word.chars()
            .map(|ch| match c.below(2) {
                0 => ch.to_ascii_lowercase(),
                _ => ch.to_ascii_uppercase(),
            })
            .collect()
    }

    /// A standard card given by its code (`10H`, `JK`), in any spelling of the notation.
    pub fn card(code: &str, c: &mut Choices) -> String {
        let Ok(card) = code.parse::<Card>() else {
            return code.to_string();
        };
        let Card::Plain(rank, suit) = card else {
            return c.pick(&["JK", "jk", "Jk", "jK", "🃏"]).to_string();
        };
        let rank = match rank.label() {
            "10" => c.pick(&["10", "T", "t"]).to_string(),
            label => case(label, c),
        };
        let hollow = match suit {
            Suit::Spades => '♤',
            Suit::Hearts => '♡',
            Suit::Diamonds => '♢',
            Suit::Clubs => '♧',
        };
        let suit = match c.below(4) {
            0 => suit.letter(),
            1 => suit.letter().to_ascii_lowercase(),
            2 => suit.symbol(),
            _ => hollow,
        };
        format!("{rank}{suit}")
    }

    /// What a word of a canonical line is.
    pub enum Role {
        /// A standard card, by its code: runs of cards are written as lists.
        Card,
        /// An item of a list, joined to the next item by one of these.
        Item(&'static [&'static str]),
        /// A word written as given.
        Word,
    }

    /// A canonical line's words, respelled: runs of cards as lists (separated by white
    /// space and/or commas, or written together), runs of items joined by their
    /// separators, white space of any width between the rest.
    pub fn line(words: Vec<(String, Role)>, c: &mut Choices) -> String {
        let mut out = String::new();
        let mut before: Option<&Role> = None;
        for (w, role) in &words {
            let between = match (before, role) {
                (None, _) => "",
                (Some(Role::Card), Role::Card) if c.one_in(3) => "",
                (Some(Role::Card), Role::Card) => c.pick(&COMMAS),
                (Some(Role::Item(_)), Role::Item(seps)) => c.pick(seps),
                _ => c.pick(&GAPS),
            };
            out += between;
            match role {
                Role::Card => out += &card(w, c),
                _ => out += w,
            }
            before = Some(role);
        }
        out
    }

    /// A whole record's canonical text respelled: each line's words, as `roles` tells
    /// them apart, respelled ([`line`]), then laid out as a file ([`file`]).
    pub fn text(
        canonical: &str,
        roles: impl Fn(&str, &mut Choices) -> Vec<(String, Role)>,
        c: &mut Choices,
    ) -> String {
        let respelled: Vec<String> = canonical
            .lines()
            .map(|l| {
                let words = roles(l, c);
                line(words, c)
            })
            .collect();
        file(&respelled, c)
    }

    /// Lines (without their ends) as the text of a file: each line maybe after a blank
    /// line or a comment line, maybe indented or with a comment at its end, and ended by
    /// `\n` or `\r\n` (the last maybe by nothing).
    pub fn file(lines: &[String], c: &mut Choices) -> String {
        let mut out = String::new();
        let end = |c: &mut Choices| c.pick(&["\n", "\r\n"]);
        for (i, l) in lines.iter().enumerate() {
            if c.one_in(4) {
                out += c.pick(&["", "   ", "\t", "# a comment, with 2C 3D", "  # another"]);
                out += end(c);
            }
            if c.one_in(4) {
                out += c.pick(&GAPS);
            }
            out += l;
            if c.one_in(4) {
                out += c.pick(&[" # a note", "\t# 2C, 3D", "#x", "  "]);
            }
            if i + 1 < lines.len() || !c.one_in(4) {
                out += end(c);
            }
        }
        out
    }

    /// Whether `word` is a standard card's code (`10H`, `JK`), as records write cards.
    pub fn is_card_code(word: &str) -> bool {
        word.parse::<Card>().is_ok_and(|card| card.code() == word)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use super::test_cards as cards;

    #[test]
    fn a_record_is_read_line_by_line_comments_and_blanks_aside() {
        let text = "# kado game id: 7\nplayers: ana ben # who\n\n  \r\nround 1\r\nana";
        let all: Vec<(usize, usize, &str)> = record_lines(text)
            .map(|l| (l.number, l.start, l.body))
            .collect();
        assert_eq!(
            all,
            [
                (1, 0, ""),
                (2, 18, "players: ana ben "),
                (3, 41, ""),
                (4, 42, "  \r"),
                (5, 46, "round 1\r"),
                (6, 55, "ana"),
            ]
        );
        let written: Vec<usize> = written_lines(text).map(|l| l.number).collect();
        assert_eq!(written, [2, 5, 6]);
        let spans: Vec<&str> = written_lines(text).map(|l| &text[l.span()]).collect();
        assert_eq!(spans, ["players: ana ben", "round 1", "ana"]);
        assert_eq!(&text[18..18 + 7], "players");
        assert_eq!(record_lines("").count(), 0);
    }

    fn err(s: &str) -> Vec<String> {
        parse_cards(s, "t")
            .unwrap_err()
            .problems
            .iter()
            .map(|p| format!("{} | {}", p.message, p.help.clone().unwrap_or_default()))
            .collect()
    }

    #[test]
    fn spellings() {
        use Rank::*;
        use Suit::*;
        assert_eq!(
            cards("AsKs10h"),
            vec![
                Card::new(Ace, Spades),
                Card::new(King, Spades),
                Card::new(Ten, Hearts)
            ]
        );
        assert_eq!(cards("JkQh"), vec![Card::Joker, Card::new(Queen, Hearts)]);
        assert_eq!(cards("th, 9♤ 2♢,,3♧"), {
            vec![
                Card::new(Ten, Hearts),
                Card::new(Nine, Spades),
                Card::new(Two, Diamonds),
                Card::new(Three, Clubs),
            ]
        });
        assert_eq!(
            cards("🃏 jK ♥"[..].split('♥').next().unwrap()),
            vec![Card::Joker, Card::Joker]
        );
        assert_eq!(cards("A♥\u{FE0F}"), vec![Card::new(Ace, Hearts)]);
    }

    #[test]
    fn errors_and_hints() {
        assert_eq!(
            err("1S"),
            vec!["unknown rank `1` in `1S` | did you mean A♠? (1 is written A)"]
        );
        assert_eq!(
            err("11H"),
            vec!["unknown rank `11` in `11H` | did you mean J♥? (11 is written J)"]
        );
        // Issue 62: `QQ` got no hint; a suit with no likely slip gets the rank's four.
        assert_eq!(
            err("KX"),
            vec!["unknown suit `X` in `KX` | did you mean K♠, K♥, K♦ or K♣?"]
        );
        assert_eq!(
            err("1OH 1o♠"),
            vec![
                "unknown rank `1O` in `1OH` | did you mean 10♥? (10 is written with a zero, not the letter O)",
                "unknown rank `1o` in `1o♠` | did you mean 10♠? (10 is written with a zero, not the letter O)"
            ]
        );
        // Only O before a suit is read as a zero: `1OX` is an unknown rank 1.
        assert_eq!(
            err("1OX"),
            vec!["unknown rank `1` in `1OX` | 1 is written A"]
        );
        assert_eq!(err("AS K 1S").len(), 2);
        assert_eq!(err("AsKX10h ZZ").len(), 2);
    }

    #[test]
    fn pack_validation() {
        let src = Source::new("t", "AS KS AS JK JK JK");
        let cards = parse_cards_in(&src).unwrap();
        let problems = validate_pack(cards.iter().map(|c| (&src, c)), 2);
        assert_eq!(problems.len(), 2);
        assert!(problems[0].message.contains("A♠ is named twice"));
        assert!(problems[1].message.contains("more than 2 jokers"));
    }

    #[test]
    fn money() {
        assert_eq!(parse_money("$25"), Some(25));
        assert_eq!(parse_money("7"), Some(7));
        assert_eq!(parse_money("-3"), None);
        assert_eq!(parse_money("$"), None);
    }
}
