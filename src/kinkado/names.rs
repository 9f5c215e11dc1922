//! How the table's names read in Kin Kādo's sentences (ALORA in capitals, a verb in
//! agreement, whose), and a pick among cards of equal value, for the game and its
//! refusals alike.

use super::showdown::ALORA;
use crate::cards::{Card, show_cards};
use crate::words;

/// `name verb`, in agreement: "you sell", "I sell" (a player called `me`), "ana sells",
/// "ALORA sells" (see [`words::Person`]).
pub fn says(name: &str, verb: &str) -> String {
    if name == ALORA {
        format!("ALORA {verb}")
    } else {
        words::agree(name, verb)
    }
}

/// Whose, for a seat: "your", "ALORA's", "ana's".
pub fn possessive(name: &str) -> String {
    words::possessive(&display_name(name))
}

/// ALORA for people, other names as they are.
pub fn display_name(name: &str) -> String {
    if name == ALORA {
        "ALORA".into()
    } else {
        name.to_string()
    }
}

/// "of 7♥ 7♦" or "2 of 7♥ 7♦ 7♣", for a pick among cards of equal value.
pub fn which_of(count: usize, from: &[Card]) -> String {
    if count == 1 {
        format!("of {}", show_cards(from))
    } else {
        format!("{count} of {}", show_cards(from))
    }
}
