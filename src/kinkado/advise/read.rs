//! A position described on the command line, read into a [`Position`] with every problem
//! pointed at its argument.

use super::{AloraBet, Decision, Position, check};
use crate::diag::{Error, Problem, Source};
use crate::kinkado::Rules;
use crate::kinkado::args::{located_cards, number_arg};
use crate::notation::{parse_money, validate_pack};

/// A position as written: each field the text of one argument.
#[derive(Clone, Copy, Debug, Default)]
pub struct PositionText<'a> {
    pub round: &'a str,
    pub phase: Decision,
    pub hand: &'a str,
    pub stash: &'a str,
    pub bet: Option<&'a str>,
    pub alora_shown: &'a str,
    /// Her face-down cards [default: 7 less her face-up cards].
    pub alora_hidden: Option<&'a str>,
    pub alora_stash: &'a str,
    pub alora_bet: Option<&'a str>,
    pub bank_bet: bool,
    pub alora_first: bool,
    pub market: &'a str,
    pub pool: &'a str,
    pub pool_cards: &'a str,
    pub seen: &'a str,
}

/// An amount of money from argument `name`, or a problem.
fn money(name: &str, text: &str, problems: &mut Vec<Problem>) -> Option<u32> {
    let m = parse_money(text);
    if m.is_none() {
        problems.push(
            Problem::new(format!("`{text}` is not an amount of money"))
                .at(&Source::new(name, text), 0..text.len())
                .expected("a whole number of dollars, such as 25 or $25"),
        );
    }
    m
}

/// Reads a position: cards from one pack, money, counts; then the checks of
/// [`check`]. Reports every problem at once.
pub fn read(t: &PositionText, rules: &Rules) -> Result<Position, Error> {
    let mut problems = Vec::new();
    let (hand_src, hand) = located_cards("--hand", t.hand, &mut problems);
    let (shown_src, shown) = located_cards("--alora-shown", t.alora_shown, &mut problems);
    let (market_src, market) = located_cards("--market", t.market, &mut problems);
    let (pool_src, pool_cards) = located_cards("--pool-cards", t.pool_cards, &mut problems);
    let (seen_src, seen) = located_cards("--seen", t.seen, &mut problems);
    problems.extend(validate_pack(
        hand.iter()
            .map(|c| (&hand_src, c))
            .chain(shown.iter().map(|c| (&shown_src, c)))
            .chain(market.iter().map(|c| (&market_src, c)))
            .chain(pool_cards.iter().map(|c| (&pool_src, c)))
            .chain(seen.iter().map(|c| (&seen_src, c))),
        2,
    ));
    let round = number_arg::<u32>("--round", t.round, "a round", &mut problems);
    let hidden = match t.alora_hidden {
        Some(h) => number_arg::<usize>("--alora-hidden", h, "a number of cards", &mut problems),
        None => Some(7usize.saturating_sub(shown.len())),
    };
    let stash = money("--stash", t.stash, &mut problems);
    let alora_stash = money("--alora-stash", t.alora_stash, &mut problems);
    let pool = money("--pool", t.pool, &mut problems);
    let bet = t.bet.map(|b| money("--bet", b, &mut problems));
    let alora_bet = t.alora_bet.map(|b| money("--alora-bet", b, &mut problems));
    Error::check(problems)?;
    let (Some(round), Some(alora_hidden), Some(stash), Some(alora_stash), Some(pool)) =
        (round, hidden, stash, alora_stash, pool)
    else {
        return Err(Error::msg("bad arguments"));
    };
    let cards = |v: Vec<crate::notation::Located<crate::cards::Card>>| {
        v.into_iter().map(|l| l.value).collect::<Vec<_>>()
    };
    let pos = Position {
        round,
        decision: t.phase,
        hand: cards(hand),
        stash,
        bet: bet.flatten(),
        alora_shown: cards(shown),
        alora_hidden,
        alora_stash,
        alora_bet: alora_bet.flatten().map(|amount| AloraBet {
            amount,
            bank: t.bank_bet,
        }),
        alora_first: t.alora_first,
        // In the sell phase she has sold already when she goes first.
        alora_sales_left: if t.phase == Decision::Sell && !t.alora_first {
            crate::kinkado::alora::ALORA_SALES
        } else {
            0
        },
        market: cards(market),
        pool,
        pool_cards: cards(pool_cards),
        seen: cards(seen),
    };
    let problems: Vec<Problem> = check(&pos, rules)
        .into_iter()
        .map(|p| Problem::new(p.to_string()))
        .collect();
    Error::check(problems)?;
    Ok(pos)
}

/// The most deals a move may be weighed on (the deals are kept in memory).
pub const MAX_SAMPLES: u64 = 200_000;

/// How many deals, from argument `--samples`: 1 to [`MAX_SAMPLES`].
pub fn samples_arg(text: &str, problems: &mut Vec<Problem>) -> Option<u64> {
    let n = number_arg::<u64>("--samples", text, "a number of deals", problems)?;
    if !(1..=MAX_SAMPLES).contains(&n) {
        problems.push(
            Problem::new(format!(
                "weigh each move on 1 to {MAX_SAMPLES} deals, not {n}"
            ))
            .at(&Source::new("--samples", text), 0..text.len()),
        );
        return None;
    }
    Some(n)
}
