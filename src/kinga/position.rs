//! Kinga's compound arguments, read then checked against the rules of the table: a chain
//! with the top card it aims at ([`Chain`]), and a turn's hand and top cards
//! ([`Position`]). Every problem is reported at once, each at its place.

use crate::cards::{Card, Rank, Suit};
use crate::diag::{Error, Problem, Source};
use crate::notation::{Located, scan_cards, validate_pack};

use super::MAX_HAND;

/// A chain of cards in the order played, and the top card it aims at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chain {
    pub cards: Vec<Card>,
    pub target: Option<Card>,
}

/// A turn: the hand, the top card of each suit pile, and how many kings are sideways.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub hand: Vec<Card>,
    pub tops: Vec<Card>,
    pub turned: usize,
}

/// Reads the cards of an argument (may be empty when `allow_empty`).
fn read_arg(src: &Source, allow_empty: bool, problems: &mut Vec<Problem>) -> Vec<Located<Card>> {
    let (cards, mut ps) = scan_cards(src, 0..src.text.len());
    problems.append(&mut ps);
    if cards.is_empty() && blank(src) && !allow_empty {
        problems.push(
            Problem::new("no cards given")
                .at(src, 0..src.text.len())
                .expected("cards such as `4S 3S 3H`"),
        );
    }
    cards
}

fn blank(src: &Source) -> bool {
    src.text
        .trim_matches(|c: char| c.is_whitespace() || c == ',')
        .is_empty()
}

/// Why a card can never be the top card of a suit pile (a joker, an ace, a two).
fn never_on_a_pile(src: &Source, one: &Located<Card>) -> Option<Problem> {
    let message = match one.value {
        Card::Joker => "a joker is never on a suit pile".to_string(),
        Card::Plain(Rank::Ace | Rank::Two, _) => format!(
            "{} is never on a suit pile: aces and twos start in your deck",
            one.value
        ),
        Card::Plain(..) => return None,
    };
    Some(
        Problem::new(message)
            .at(src, one.span.clone())
            .expected("a top card, 3 up to K"),
    )
}

/// The cards of `cards` still under a top card in their pile (higher than it, 3 up).
fn still_in_pile(
    src: &Source,
    cards: &[Located<Card>],
    top_of: impl Fn(Suit) -> Option<Rank>,
    problems: &mut Vec<Problem>,
) {
    for c in cards {
        if let Card::Plain(r, s) = c.value
            && let Some(top) = top_of(s)
            && r > top
            && r.number() >= 3
        {
            problems.push(
                Problem::new(format!(
                    "{} is still in the {} pile, under {}",
                    c.value,
                    s.symbol(),
                    Card::new(top, s)
                ))
                .at(src, c.span.clone())
                .help("a suit pile is taken in order, from 3 up to the king"),
            );
        }
    }
}

impl Chain {
    /// Reads the cards of a play and the `--target`, and checks them against the table:
    /// the target can be a top card, and no card of the play is still under it.
    pub fn parse(cards: &Source, target: Option<&Source>) -> Result<Chain, Error> {
        let mut problems = Vec::new();
        let played = read_arg(cards, false, &mut problems);
        let aim = target.and_then(|ts| read_target(ts, &mut problems));
        if let Some(Card::Plain(top, suit)) = aim.as_ref().map(|l| l.value) {
            let top_of = |s: Suit| (s == suit).then_some(top);
            still_in_pile(cards, &played, top_of, &mut problems);
        }
        let mut all: Vec<(&Source, &Located<Card>)> = played.iter().map(|c| (cards, c)).collect();
        if let (Some(ts), Some(l)) = (target, &aim) {
            all.push((ts, l));
        }
        problems.extend(validate_pack(all, 2));
        Error::check(problems)?;
        Ok(Chain {
            cards: played.iter().map(|l| l.value).collect(),
            target: aim.map(|l| l.value),
        })
    }
}

/// The one top card of `--target`, or its problems.
fn read_target(ts: &Source, problems: &mut Vec<Problem>) -> Option<Located<Card>> {
    let t = read_arg(ts, false, problems);
    problems.extend(t.iter().filter_map(|one| never_on_a_pile(ts, one)));
    match t.as_slice() {
        [one] if one.value.rank().is_some_and(|r| r.number() >= 3) => Some(one.clone()),
        [_, second, ..] => {
            problems.push(
                Problem::new("--target takes one card")
                    .at(ts, second.span.start..ts.text.len())
                    .help("ask about one top card at a time"),
            );
            None
        }
        _ => None,
    }
}

impl Position {
    /// Reads `--hand`, `--tops` and `--turned`, and checks them against the table: at
    /// most one top card per pile, none that is never on a pile, no card of the hand
    /// still under its pile's top, and a hand kado can search.
    pub fn parse(hand: &Source, tops: &Source, turned: &Source) -> Result<Position, Error> {
        let mut problems = Vec::new();
        let held = read_arg(hand, true, &mut problems);
        let piles = read_arg(tops, false, &mut problems);
        let kings = read_turned(turned, &mut problems);
        if held.len() > MAX_HAND {
            problems.push(
                Problem::new(format!(
                    "a hand of {} cards is more than kado searches ({MAX_HAND})",
                    held.len()
                ))
                .at(hand, held[MAX_HAND].span.start..hand.text.len())
                .help("a Kinga hand holds 4 cards at the start of a turn"),
            );
        }
        let pile_top = check_tops(tops, &piles, &mut problems);
        still_in_pile(hand, &held, |s| pile_top[s.index()], &mut problems);
        let all = held
            .iter()
            .map(|c| (hand, c))
            .chain(piles.iter().map(|c| (tops, c)));
        problems.extend(validate_pack(all, 2));
        Error::check(problems)?;
        Ok(Position {
            hand: held.iter().map(|l| l.value).collect(),
            tops: piles.iter().map(|l| l.value).collect(),
            turned: kings,
        })
    }
}

/// A whole table as the player sees it, for the advisor: the hand, the top card of each
/// pile (a suit not named has only its king left: its queen is taken), the discard pile,
/// the exiled cards, and the kings turned sideways by suspicion. The draw pile is every
/// other card of the deck; its order is unknown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    pub hand: Vec<Card>,
    pub tops: [Option<Rank>; 4],
    pub discard: Vec<Card>,
    pub exiled: Vec<Card>,
    pub suspicion: [bool; 4],
}

/// The arguments a [`Table`] is read from.
pub struct TableArgs<'a> {
    pub hand: &'a Source,
    pub tops: &'a Source,
    pub discard: &'a Source,
    pub exiled: &'a Source,
    pub suspicion: &'a Source,
}

impl Table {
    /// Reads a table and checks it, reporting every problem at once: the position's
    /// checks, no card named twice anywhere, no card of the discard or exiled piles still
    /// under its pile's top, and suspicion only on kings whose queen is still there.
    pub fn parse(a: &TableArgs) -> Result<Table, Error> {
        let mut problems = Vec::new();
        let held = read_arg(a.hand, true, &mut problems);
        let piles = read_arg(a.tops, false, &mut problems);
        let discard = read_arg(a.discard, true, &mut problems);
        let exiled = read_arg(a.exiled, true, &mut problems);
        let suspicion = read_suits(a.suspicion, &mut problems);
        if held.len() > MAX_HAND {
            problems.push(
                Problem::new(format!(
                    "a hand of {} cards is more than kado searches ({MAX_HAND})",
                    held.len()
                ))
                .at(a.hand, held[MAX_HAND].span.start..a.hand.text.len()),
            );
        }
        let tops = check_tops(a.tops, &piles, &mut problems);
        for (src, cards) in [(a.hand, &held), (a.discard, &discard), (a.exiled, &exiled)] {
            still_in_pile(src, cards, |s| tops[s.index()], &mut problems);
        }
        for s in Suit::ALL
            .into_iter()
            .filter(|s| suspicion[s.index()] && tops[s.index()].is_none())
        {
            problems.push(
                Problem::new(format!("the {} king is exposed already", s.symbol()))
                    .at(a.suspicion, 0..a.suspicion.text.len())
                    .help("name in --suspicion only kings turned while their queen was still on the pile"),
            );
        }
        let all = held
            .iter()
            .map(|c| (a.hand, c))
            .chain(piles.iter().map(|c| (a.tops, c)))
            .chain(discard.iter().map(|c| (a.discard, c)))
            .chain(exiled.iter().map(|c| (a.exiled, c)));
        problems.extend(validate_pack(all, 2));
        Error::check(problems)?;
        let values = |v: Vec<Located<Card>>| v.into_iter().map(|l| l.value).collect();
        Ok(Table {
            hand: values(held),
            tops,
            discard: values(discard),
            exiled: values(exiled),
            suspicion,
        })
    }
}

/// Suits named by letter or symbol (`S H`, `♠,♥`), each once.
fn read_suits(src: &Source, problems: &mut Vec<Problem>) -> [bool; 4] {
    let mut out = [false; 4];
    let mut at = 0;
    for word in src.text.split(|c: char| c.is_whitespace() || c == ',') {
        let start = src.text[at..].find(word).map_or(at, |i| at + i);
        at = start + word.len();
        if word.is_empty() {
            continue;
        }
        let suit = Suit::ALL.into_iter().find(|s| {
            word.eq_ignore_ascii_case(&s.letter().to_string()) || word == s.symbol().to_string()
        });
        match suit {
            Some(s) => out[s.index()] = true,
            None => problems.push(
                Problem::new(format!("`{word}` is not a suit"))
                    .at(src, start..at)
                    .expected("S, H, D or C (or ♠ ♥ ♦ ♣)"),
            ),
        }
    }
    out
}

/// How many kings are sideways: 0 to 4.
fn read_turned(src: &Source, problems: &mut Vec<Problem>) -> usize {
    let text = &src.text;
    match text.trim().parse::<usize>() {
        Ok(n) if n <= 4 => n,
        _ => {
            problems.push(
                Problem::new(format!("`{text}` is not a number of kings"))
                    .at(src, 0..text.len())
                    .expected("0 to 4"),
            );
            0
        }
    }
}

/// The rank on top of each pile, checking that each top card can be one, once per pile.
fn check_tops(
    src: &Source,
    tops: &[Located<Card>],
    problems: &mut Vec<Problem>,
) -> [Option<Rank>; 4] {
    let mut pile_top: [Option<Rank>; 4] = [None; 4];
    for t in tops {
        if let Some(p) = never_on_a_pile(src, t) {
            problems.push(p);
            continue;
        }
        let Card::Plain(r, s) = t.value else { continue };
        if let Some(first) = pile_top[s.index()] {
            problems.push(
                Problem::new(format!(
                    "two top cards for the {} pile ({} and {})",
                    s.symbol(),
                    Card::new(first, s),
                    t.value
                ))
                .at(src, t.span.clone())
                .help("give the top card of each pile once"),
            );
        } else {
            pile_top[s.index()] = Some(r);
        }
    }
    pile_top
}

#[cfg(test)]
mod tests {
    use super::*;

    fn messages(e: &Error) -> Vec<String> {
        e.problems.iter().map(|p| p.message.clone()).collect()
    }

    #[test]
    fn a_position_reports_every_problem_at_once() {
        let e = Position::parse(
            &Source::new("--hand", "9S 4S"),
            &Source::new("--tops", "JK 2H 6S 7S"),
            &Source::new("--turned", "5"),
        )
        .unwrap_err();
        assert_eq!(
            messages(&e),
            vec![
                "`5` is not a number of kings",
                "a joker is never on a suit pile",
                "2♥ is never on a suit pile: aces and twos start in your deck",
                "two top cards for the ♠ pile (6♠ and 7♠)",
                "9♠ is still in the ♠ pile, under 6♠",
            ]
        );
        let p = Position::parse(
            &Source::new("--hand", ""),
            &Source::new("--tops", "6D 9S"),
            &Source::new("--turned", "2"),
        )
        .unwrap();
        assert_eq!((p.hand.len(), p.tops.len(), p.turned), (0, 2, 2));
    }

    #[test]
    fn a_chain_checks_its_target() {
        let e = Chain::parse(
            &Source::new("argument CARDS", "9S 4S"),
            Some(&Source::new("--target", "6S 7H")),
        )
        .unwrap_err();
        assert_eq!(messages(&e), vec!["--target takes one card"]);
        let e = Chain::parse(
            &Source::new("argument CARDS", "9S 4S"),
            Some(&Source::new("--target", "6S")),
        )
        .unwrap_err();
        assert_eq!(messages(&e), vec!["9♠ is still in the ♠ pile, under 6♠"]);
    }
}
