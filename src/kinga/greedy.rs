//! The greedy policy of [`super::sim::POLICY`]: the one answer it gives each question. The
//! simulations of `sim` and the advisor's play-outs both play by it.

use super::game::{Action, State};
use super::key::Key;
use crate::cards::{Card, Rank, Suit};

/// Chooses the policy's action for a question.
pub fn choose(g: &State, key: &Key) -> Option<Action> {
    match key {
        Key::Turn => {
            let o = g.options();
            let pick = o.influence.iter().min_by_key(|r| {
                let rank = r.target.rank().map_or(0, Rank::number);
                let queen = rank == Rank::Queen.number();
                (
                    !queen,
                    std::cmp::Reverse(rank),
                    r.play.len(),
                    r.target.suit().map_or(0, Suit::index),
                )
            });
            if let Some(r) = pick {
                return Some(Action::Influence {
                    play: r.play.clone(),
                    target: r.target,
                });
            }
            o.exile
                .iter()
                .min_by_key(|e| e.card.rank().map_or(99, |r| g.rules.value(r)))
                .map(|e| Action::Exile { card: e.card })
        }
        Key::Suspicion => Suit::ALL
            .into_iter()
            .filter(|s| !g.turned[s.index()])
            .min_by_key(|s| g.piles[s.index()])
            .map(|s| Action::Suspicion {
                king: Card::new(Rank::King, s),
            }),
        Key::Bonus => Some(Action::Bonus {
            card: g
                .bonus_choices()
                .into_iter()
                .filter(|c| !c.is_joker())
                .min_by_key(|c| c.rank().map_or(99, |r| g.rules.value(r))),
        }),
        // Ruling extra-draws: optional: the policy takes every extra card.
        Key::Extra => Some(Action::Extra { take: g.to_draw }),
        Key::Keep => Some(Action::Keep {
            card: g
                .hand
                .iter()
                .filter(|c| !c.is_joker())
                .max_by_key(|c| c.rank().map_or(0, |r| g.rules.value(r)))
                .copied(),
        }),
        _ => None,
    }
}
