//! Plain arguments of Kin Kādo's commands (money, numbers, lists of cards), read with
//! the problem and where it is.

use super::round_info;
use crate::cards::Card;
use crate::diag::{Error, Problem, Source};
use crate::notation::{Located, parse_cards_in, parse_money, scan_cards, validate_pack};

/// An amount of money given as argument `name`.
pub fn money_arg(name: &str, text: &str) -> Result<u32, Error> {
    parse_money(text).ok_or_else(|| {
        Problem::new(format!("`{text}` is not an amount of money"))
            .at(&Source::new(name, text), 0..text.len())
            .expected("a whole number of dollars, such as 25 or $25")
            .into()
    })
}

/// A number given as argument `name` (`_` may group digits); `what` it is, for the
/// problem ("a number of cards").
pub fn number_arg<T: std::str::FromStr>(
    name: &str,
    text: &str,
    what: &str,
    problems: &mut Vec<Problem>,
) -> Option<T> {
    match text.trim().replace('_', "").parse::<T>() {
        Ok(v) => Some(v),
        Err(_) => {
            problems.push(
                Problem::new(format!("`{text}` is not {what}"))
                    .at(&Source::new(name, text), 0..text.len())
                    .expected(format!("{what}, such as 5")),
            );
            None
        }
    }
}

/// Cards from an argument (empty is fine), keeping their positions.
pub fn located_cards(
    name: &str,
    text: &str,
    problems: &mut Vec<Problem>,
) -> (Source, Vec<Located<Card>>) {
    let src = Source::new(name, text);
    let (cards, mut ps) = scan_cards(&src, 0..text.len());
    problems.append(&mut ps);
    (src, cards)
}

/// Reads cards from an argument and checks they can come from one pack.
pub fn pack_cards(name: &str, text: &str) -> Result<Vec<Card>, Error> {
    let src = Source::new(name, text);
    let cards = parse_cards_in(&src)?;
    Error::check(validate_pack(cards.iter().map(|c| (&src, c)), 2))?;
    Ok(cards.into_iter().map(|l| l.value).collect())
}

/// Like [`pack_cards`], but an empty list is allowed.
pub fn pack_cards_or_none(name: &str, text: &str) -> Result<Vec<Card>, Error> {
    if text
        .trim_matches(|c: char| c.is_whitespace() || c == ',')
        .is_empty()
    {
        Ok(Vec::new())
    } else {
        pack_cards(name, text)
    }
}

/// A round of the game, 1 to 9, from argument `name`.
pub fn round_arg(name: &str, text: &str) -> Result<u32, Error> {
    let src = Source::new(name, text);
    match text.trim().parse::<u32>() {
        Ok(n) if round_info(n).is_some() => Ok(n),
        _ => Err(Problem::new(format!("`{text}` is not a round of Kin Kādo"))
            .at(&src, 0..text.len())
            .expected("a round from 1 to 9")
            .into()),
    }
}

/// A number of cards, from argument `name`.
pub fn count_arg(name: &str, text: &str) -> Result<usize, Error> {
    text.trim().parse::<usize>().map_err(|_| {
        Problem::new(format!("`{text}` is not a number of cards"))
            .at(&Source::new(name, text), 0..text.len())
            .expected("a whole number such as 5")
            .into()
    })
}

/// A hand a player plays, from argument `name`: 2 to 5 cards from one pack.
pub fn played_hand(name: &str, text: &str) -> Result<Vec<Card>, Error> {
    let src = Source::new(name, text);
    let cards = parse_cards_in(&src)?;
    let mut problems = validate_pack(cards.iter().map(|c| (&src, c)), 2);
    if !(2..=5).contains(&cards.len()) {
        problems.push(
            Problem::new(format!(
                "a played hand has 2 to 5 cards, not {}",
                cards.len()
            ))
            .at(&src, 0..text.len())
            .help(if cards.len() > 5 {
                "for ALORA, who plays all she holds, use `kado kinkado alora hand`"
            } else {
                "play at least two cards"
            }),
        );
    }
    Error::check(problems)?;
    Ok(cards.into_iter().map(|l| l.value).collect())
}
