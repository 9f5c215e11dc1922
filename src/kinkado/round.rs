//! A Kin Kādo round's shape, known to the game and to its refusals alike: the phases of a
//! round, and how many seats one pack serves.

use serde::{Deserialize, Serialize};

/// The most seats a pack serves (ALORA counts).
pub const MAX_SEATS: usize = 4;

/// The phases of a round, in order.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    Refresh,
    Sell,
    Buy,
    Bet,
    Reveal,
    Over,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Refresh => "refresh",
            Phase::Sell => "sell",
            Phase::Buy => "buy",
            Phase::Bet => "bet",
            Phase::Reveal => "reveal",
            Phase::Over => "over",
        }
    }
}
