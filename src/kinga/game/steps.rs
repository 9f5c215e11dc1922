//! What the game asks next, or does by itself: a draw due, the turn's choices, the bonus,\n//! the card kept.

use super::*;

impl State {
    /// What comes next: a question for the player or kado's own step.
    pub fn step(&self) -> Step<Action, Key> {
        match self.phase {
            Phase::Over { .. } => Step::Done,
            Phase::Refill | Phase::ExtraDraw => self.draw_step(),
            Phase::Turn => self.turn_step(),
            Phase::ExtraOffer => Step::Ask(Question::new(
                Key::Extra,
                format!(
                    "Draw your {} extra card{}? (yes, no, or how many)",
                    self.to_draw,
                    words::s(self.to_draw)
                ),
                format!(
                    "`yes` draws all {}, `no` none, a number that many ({cite}).",
                    self.to_draw,
                    cite = ruling::ExtraDraws::Optional.cite()
                ),
            )),
            Phase::Bonus => Step::Ask(Question::new(
                Key::Bonus,
                "Exile a card from your hand or discard pile (or `none`)",
                format!(
                    "Name one card to exile, or `none`. You may choose from {}.",
                    show_cards(&self.bonus_choices())
                ),
            )),
            Phase::Keep => Step::Ask(Question::new(
                Key::Keep,
                format!(
                    "Keep one card for your next hand? ({}; a card or `none`)",
                    show_cards(&self.hand)
                ),
                "Name one card of your hand to keep, or `none` to discard them all.",
            )),
            Phase::TooMany => {
                let mut hand = self.hand.clone();
                self.rng(u64::from(self.turn)).shuffle(&mut hand);
                let n = hand.len().saturating_sub(self.rules.hand_size);
                Step::Auto(Action::RandomDiscard {
                    cards: hand[..n].to_vec(),
                })
            }
        }
    }

    /// The step of a draw: a reshuffle, a virtual draw, or the question which cards.
    pub(super) fn draw_step(&self) -> Step<Action, Key> {
        if self.draw.is_empty() {
            let mut order = self.discard.clone();
            if self.deck == Deck::Virtual {
                self.rng(1_000 + u64::from(self.reshuffles))
                    .shuffle(&mut order);
            } else {
                order.sort();
            }
            return Step::Auto(Action::Reshuffle { order });
        }
        let n = self.to_draw.min(self.draw.len());
        if self.deck == Deck::Virtual {
            return Step::Auto(Action::Draw {
                cards: self.draw[..n].to_vec(),
            });
        }
        let why = if self.phase == Phase::ExtraDraw {
            "extra "
        } else {
            ""
        };
        let mut help = format!(
            "Type the {n} card{} you drew, e.g. `AS JK`. Your draw pile holds {}.",
            words::s(n),
            show_cards(&sorted(&self.draw))
        );
        let after = self.to_draw.saturating_sub(n).min(self.discard.len());
        if after > 0 {
            help += &format!(
                " Then your discard pile is shuffled into a new draw pile for the {} still due: you may name {} here too.",
                words::count(after, "card"),
                if after == 1 { "it" } else { "them" }
            );
        }
        Step::Ask(Question::new(
            Key::Draw,
            format!("Draw {n} {why}card{}: which", words::s(n)),
            help,
        ))
    }

    /// The step of a turn: the execution, a forced or asked suspicion, or the play.
    pub(super) fn turn_step(&self) -> Step<Action, Key> {
        let o = self.options();
        if o.loses {
            return Step::Auto(Action::Executed);
        }
        if !o.raise_suspicion {
            return Step::Ask(Question::new(
                Key::Turn,
                format!("Turn {}: your play", self.turn),
                turn_hint(&o),
            ));
        }
        let upright: Vec<Suit> = Suit::ALL
            .into_iter()
            .filter(|s| !self.turned[s.index()])
            .collect();
        if let [one] = upright.as_slice() {
            return Step::Auto(Action::Suspicion {
                king: Card::new(Rank::King, *one),
            });
        }
        Step::Ask(Question::new(
            Key::Suspicion,
            format!(
                "You can neither influence nor exile ({}). Raise suspicion: which king do you turn",
                self.hand_text()
            ),
            format!(
                "Name an upright king: {}.",
                upright
                    .iter()
                    .map(|s| Card::new(Rank::King, *s).to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
        ))
    }
}
