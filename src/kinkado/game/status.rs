use super::*;

/// The state of a saved game, as `kado kinkado status` reports it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Status {
    pub round: u32,
    pub phase: String,
    pub money: std::collections::BTreeMap<String, u32>,
    pub pool: u32,
    pub pool_cards: Vec<Card>,
    pub market: Vec<Card>,
    pub bets: std::collections::BTreeMap<String, u32>,
    pub bank_net: i64,
    pub finished: bool,
    pub winners: Vec<String>,
}

impl Game {
    /// How the game stands, for the play history.
    pub fn outcome(&self) -> crate::history::Outcome {
        use crate::history::{Facts, Outcome, SeatOutcome};
        let over = self.phase == Phase::Over;
        let winners = if over { self.winners() } else { Vec::new() };
        Outcome {
            finished: over,
            seats: self
                .seats
                .iter()
                .map(|s| SeatOutcome {
                    name: display_name(&s.name),
                    score: i64::from(s.stash),
                    won: winners.contains(&s.name),
                    kado: s.is_alora,
                })
                .collect(),
            facts: Facts {
                money_by_round: self
                    .history
                    .iter()
                    .map(|r| {
                        r.money
                            .iter()
                            .map(|(n, m)| (display_name(n), i64::from(*m)))
                            .collect()
                    })
                    .collect(),
                winning_hands: self
                    .history
                    .iter()
                    .flat_map(|r| r.hands.iter().map(|(n, h)| (display_name(n), h.clone())))
                    .collect(),
                ..Facts::default()
            },
        }
    }

    pub fn status(&self) -> Status {
        Status {
            round: self.round,
            phase: self.phase.name().into(),
            money: self
                .seats
                .iter()
                .map(|s| (s.name.clone(), s.stash))
                .collect(),
            pool: self.pool,
            pool_cards: self.pool_cards.clone(),
            market: self.market.clone(),
            bets: self
                .seats
                .iter()
                .filter_map(|s| Some((s.name.clone(), s.bet?)))
                .collect(),
            bank_net: self.bank_net,
            finished: self.phase == Phase::Over,
            winners: if self.phase == Phase::Over {
                self.winners()
            } else {
                Vec::new()
            },
        }
    }
}
