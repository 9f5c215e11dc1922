//! A new Koi-Koi game followed move by move: the players, where the cards come from, the
//! seat kado plays and whether hands stay off the screen, as `kado koikoi play` sets it up.

use serde::{Deserialize, Serialize};

/// Where the cards come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Deck {
    /// Real cards: the table says what was dealt and drawn.
    Physical,
    /// kado shuffles and deals from the seed.
    Virtual { seed: u64 },
}

/// How a game starts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The two players; the first deals and plays first in round 1.
    pub players: Vec<String>,
    pub deck: Deck,
    /// The seat kado plays (`--opponent kado`), if any.
    #[serde(default)]
    pub kado: Option<usize>,
    /// Hands are kept off the screen: each player asks for theirs (`hand`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub private: bool,
}
