//! Plain arguments of Kin Kādo's commands (money, numbers, lists of cards), read with
//! the problem and where it is.

use crate::cards::Card;
use crate::diag::{Error, Problem, Source};
use crate::notation::{Located, parse_money, scan_cards};

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
