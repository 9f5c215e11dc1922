use super::*;

/// One suit pile, for JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PileStatus {
    /// The suit letter: S, H, D or C.
    pub suit: String,
    /// The top card (the king when only it is left); null when the pile is empty.
    pub top: Option<Card>,
    /// `upright`, `sideways` (suspicion raised) or `exposed` (its queen influenced).
    pub king: &'static str,
}

/// The state of a game, for JSON (`--json` on `play` and `resume`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Status {
    /// `real` or `virtual`.
    pub deck: Deck,
    /// The turn being played (0 before the first).
    pub turn: u32,
    pub piles: Vec<PileStatus>,
    /// Kings turned sideways (by suspicion or by their queen).
    pub kings_turned: usize,
    pub hand: Vec<Card>,
    /// Cards in the draw pile.
    pub draw_pile: usize,
    /// Cards in the discard pile.
    pub discard_pile: usize,
    pub exiled: Vec<Card>,
    /// This turn's cards waiting for cleanup (played, influenced, discarded).
    pub table: Vec<Card>,
    /// What kado asks next (draw, turn, suspicion, bonus, keep); null when it is over.
    pub waiting_for: Option<Key>,
    pub finished: bool,
    /// Null while the game goes on.
    pub won: Option<bool>,
    /// Kings exposed.
    pub score: usize,
}

impl State {
    /// The state of the game, for JSON.
    pub fn status(&self) -> Status {
        let piles = Suit::ALL
            .into_iter()
            .map(|s| {
                let i = s.index();
                PileStatus {
                    suit: s.letter().to_string(),
                    top: self.top(s),
                    king: match (self.exposed[i], self.turned[i]) {
                        (true, _) => "exposed",
                        (false, true) => "sideways",
                        (false, false) => "upright",
                    },
                }
            })
            .collect();
        let waiting_for = match self.step() {
            Step::Ask(q) => Some(q.key),
            Step::Auto(_) | Step::Done => None,
        };
        Status {
            deck: self.deck,
            turn: self.turn,
            piles,
            kings_turned: self.turned_count(),
            hand: self.hand.clone(),
            draw_pile: self.draw.len(),
            discard_pile: self.discard.len(),
            exiled: self.exiled.clone(),
            table: self.table.clone(),
            waiting_for,
            finished: self.is_over().is_some(),
            won: self.is_over(),
            score: self.score(),
        }
    }
}
