//! A new game of Kinga: where the cards come from, the seed, and the starting deck's
//! order, as `kado kinga play` sets it up.

use serde::{Deserialize, Serialize};

use crate::cards::{Card, Rank, Suit};
use crate::shuffle::Shuffler;

/// Where the cards come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Deck {
    /// Real cards: the player says what they drew.
    Real,
    /// kado shuffles and deals.
    Virtual,
}

/// How a game starts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub deck: Deck,
    /// The seed of the virtual deck and of hardcore's random discards.
    pub seed: u64,
    /// The starting deck, top card first (the virtual deck's shuffle; empty for a real
    /// deck, whose order nobody knows).
    #[serde(default)]
    pub order: Vec<Card>,
}

impl Setup {
    pub fn new(deck: Deck, seed: u64) -> Setup {
        let mut order = starting_deck();
        if deck == Deck::Virtual {
            Shuffler::new(seed).shuffle(&mut order);
        } else {
            order.clear();
        }
        Setup { deck, seed, order }
    }
}

/// The ten cards of the starting deck: the aces, the twos and the two jokers.
pub fn starting_deck() -> Vec<Card> {
    let mut v: Vec<Card> = Suit::ALL
        .iter()
        .flat_map(|s| [Card::new(Rank::Ace, *s), Card::new(Rank::Two, *s)])
        .collect();
    v.push(Card::Joker);
    v.push(Card::Joker);
    v
}
