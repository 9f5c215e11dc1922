//! A new game of Pokino: the players in turn order, real pieces or a virtual deal
//! shuffled from a seed, as `kado pokino play` sets it up.

use serde::{Deserialize, Serialize};

use super::referee::Deal;
use crate::cards::Card;
use crate::shuffle::Shuffler;

/// Real pieces, or a virtual deal kado shuffles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Deck {
    Physical,
    Virtual,
}

/// How a game starts: the players in turn order and where the pieces come from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub players: Vec<String>,
    pub deck: Deck,
    pub seed: u64,
    /// The virtual deal (every domino and card in the order drawn).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal: Option<Deal>,
    /// Hands are kept off the screen: each player asks for theirs (`hand`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub private: bool,
}

impl Setup {
    pub fn new(players: Vec<String>, deck: Deck, seed: u64) -> Setup {
        let deal = (deck == Deck::Virtual).then(|| shuffled(seed));
        Setup {
            players,
            deck,
            seed,
            deal,
            private: false,
        }
    }
}

/// Every domino and every card, shuffled from `seed`.
pub fn shuffled(seed: u64) -> Deal {
    let mut rng = Shuffler::new(seed);
    let mut dominoes: Vec<_> = super::board::Domino::set().collect();
    rng.shuffle(&mut dominoes);
    let mut cards: Vec<Card> = Card::plain_deck().collect();
    rng.shuffle(&mut cards);
    Deal { dominoes, cards }
}
