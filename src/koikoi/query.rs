//! What the one-shot Koi-Koi commands are given, read and checked: the cards of a pile or
//! a deal and the round's details, every problem reported at once with its place.

use crate::diag::{Error, Problem, Source};
use crate::koikoi::ruling;
use crate::notation::Located;

use super::Rules;
use super::cards::{self, Card};
use super::yaku::Round;

/// What `koikoi yaku` is given besides the cards, as typed.
pub struct YakuQuery<'a> {
    pub month: Option<&'a str>,
    pub koi_calls: &'a str,
    pub opponent_koi: bool,
    pub field: Option<&'a str>,
    pub field_brights: Option<&'a str>,
}

/// Reads cards from `src`; syntax problems are added to `problems`.
fn read_cards(src: &Source, problems: &mut Vec<Problem>) -> Vec<Located<Card>> {
    let (cards, mut ps) = cards::scan(src, 0..src.text.len());
    problems.append(&mut ps);
    cards
}

impl YakuQuery<'_> {
    /// The captured cards (`text`, the argument CARDS) and the round, or every problem.
    pub fn read(&self, text: &str, rules: &Rules) -> Result<(Vec<Card>, Round), Error> {
        let src = Source::new("argument CARDS", text);
        let mut problems = Vec::new();
        let located = read_cards(&src, &mut problems);
        let field_src = self.field.map(|f| Source::new("--field", f));
        let field_located = field_src
            .as_ref()
            .map(|s| read_cards(s, &mut problems))
            .unwrap_or_default();
        // The captured cards and the field share one deck.
        let all = located.iter().map(|c| (&src, c)).chain(
            field_src
                .iter()
                .flat_map(|s| field_located.iter().map(move |c| (s, c))),
        );
        problems.extend(cards::validate(all));
        let field_brights = self
            .field_brights
            .and_then(|n| field_brights(n, &mut problems));
        let month = self.month.and_then(|m| month(m, &mut problems));
        let calls = koi_calls(self.koi_calls, rules, &mut problems);
        Error::check(problems)?;
        let held: Vec<Card> = located.into_iter().map(|l| l.value).collect();
        let field: Option<Vec<Card>> = field_src
            .as_ref()
            .map(|_| field_located.into_iter().map(|l| l.value).collect());
        let round = Round {
            month,
            koi_calls: calls,
            opponent_koi: self.opponent_koi,
            field,
            field_brights,
        };
        Ok((held, round))
    }
}

fn field_brights(n: &str, problems: &mut Vec<Problem>) -> Option<u8> {
    let p = n.trim().parse::<u8>().ok().filter(|n| *n <= 5);
    if p.is_none() {
        problems.push(
            Problem::new(format!("`{n}` is not a number of brights"))
                .at(&Source::new("--field-brights", n), 0..n.len())
                .expected("a whole number from 0 to 5 (the deck has 5 brights)"),
        );
    }
    p
}

fn month(m: &str, problems: &mut Vec<Problem>) -> Option<u8> {
    let p = cards::parse_month(m);
    if p.is_none() {
        problems.push(
            Problem::new(format!("`{m}` is not a month"))
                .at(&Source::new("--month", m), 0..m.len())
                .expected(cards::MONTH_EXPECTED),
        );
    }
    p
}

/// The winner's koi-koi calls this round; more than one is refused under
/// `koi-calls: once`.
fn koi_calls(text: &str, rules: &Rules, problems: &mut Vec<Problem>) -> u32 {
    let src = Source::new("--koi-calls", text);
    let once = match rules.ruled.koi_calls {
        ruling::KoiCalls::Once => true,
        ruling::KoiCalls::Repeated => false,
    };
    match text.trim().parse::<u32>() {
        Ok(n) if n > 1 && once => {
            problems.push(
                Problem::new(format!(
                    "koi-koi may be called only once a round, not {n} times"
                ))
                .at(&src, 0..text.len())
                .help(format!(
                    "the ruleset says so ({cite})",
                    cite = ruling::KoiCalls::Once.cite()
                )),
            );
            0
        }
        Ok(n) if n <= 100 => n,
        _ => {
            problems.push(
                Problem::new(format!("`{text}` is not a number of koi-koi calls"))
                    .at(&src, 0..text.len())
                    .expected("a whole number from 0 to 100"),
            );
            0
        }
    }
}

/// A dealt hand (the argument HAND, 8 cards) and, when given, the dealt field (8 cards),
/// or every problem.
pub fn read_deal(hand: &str, field: Option<&str>) -> Result<(Vec<Card>, Option<Vec<Card>>), Error> {
    let hand_src = Source::new("argument HAND", hand);
    let mut problems = Vec::new();
    let hand_cards = read_cards(&hand_src, &mut problems);
    let field_src = field.map(|f| Source::new("--field", f));
    let field_cards = field_src
        .as_ref()
        .map(|s| read_cards(s, &mut problems))
        .unwrap_or_default();
    if problems.is_empty() {
        if hand_cards.len() != 8 {
            problems.push(
                Problem::new(format!(
                    "a dealt hand has 8 cards, not {}",
                    hand_cards.len()
                ))
                .at(&hand_src, 0..hand.len()),
            );
        }
        if let Some(src) = field_src.as_ref().filter(|_| field_cards.len() != 8) {
            problems.push(
                Problem::new(format!(
                    "the dealt field has 8 cards, not {}",
                    field_cards.len()
                ))
                .at(src, 0..src.text.len()),
            );
        }
    }
    let all = hand_cards.iter().map(|c| (&hand_src, c)).chain(
        field_src
            .iter()
            .flat_map(|s| field_cards.iter().map(move |c| (s, c))),
    );
    problems.extend(cards::validate(all));
    Error::check(problems)?;
    let hand_v: Vec<Card> = hand_cards.into_iter().map(|l| l.value).collect();
    let field_v: Option<Vec<Card>> = field_src
        .as_ref()
        .map(|_| field_cards.into_iter().map(|l| l.value).collect());
    Ok((hand_v, field_v))
}
