use super::*;
use crate::kinkado::ruling;

impl Game {
    pub(super) fn next_sell(&self) -> Step<Action, Key> {
        let Some(i) = self.current() else {
            return Step::Done;
        };
        let s = &self.seats[i];
        if s.is_alora {
            if s.hidden > 0 {
                return Step::Ask(Question::new(
                    Key::AloraShows,
                    format!(
                        "ALORA's sell turn: turn up her {}. Which {}?",
                        words::count(s.hidden, "face-down card"),
                        if s.hidden == 1 { "is it" } else { "are they" }
                    ),
                    format!("Type {}, e.g. 7S KH 2D.", all_cards(s.hidden)),
                ));
            }
            let plan = self.alora_sell_plan(i);
            return match plan.choose {
                None => Step::Auto(Action::AloraSells { cards: plan.sell }),
                Some(ch) => Step::Ask(
                    Question::new(
                        Key::AloraSells,
                        alora_pick_prompt(&plan.sell, ch.count, &ch.from, true),
                        pick_help(ch.count, &ch.from),
                    )
                    .enter(pick_default(ch.count, &ch.from)),
                ),
            };
        }
        if s.held() == 0 {
            return Step::Auto(Action::Sell {
                seat: i,
                cards: Vec::new(),
            });
        }
        let hand = if self.hands_shown() {
            format!(" (holds {})", show_cards(&s.known))
        } else {
            String::new()
        };
        match self.rules.ruled.sell_turns {
            ruling::SellTurns::OneAtATime => Step::Ask(Question::new(
                Key::Sell(i),
                format!(
                    "{} a card, sale {} of {}{hand}",
                    says(&s.name, "sells"),
                    s.sold + 1,
                    self.rules.max_sales
                ),
                format!(
                    "Type the one card sold this turn, e.g. 2S, or `none` to stop selling ({cite}).",
                    cite = ruling::SellTurns::OneAtATime.cite()
                ),
            )),
            ruling::SellTurns::WholeTurn => Step::Ask(Question::new(
                Key::Sell(i),
                format!(
                    "{} up to {}{hand}",
                    says(&s.name, "sells"),
                    words::count(self.rules.max_sales, "card")
                ),
                "Type the cards sold, e.g. 2S 3H, or `none`.",
            )),
        }
    }

    pub(super) fn next_buy(&self) -> Step<Action, Key> {
        let Some(i) = self.current() else {
            return Step::Done;
        };
        let s = &self.seats[i];
        if s.is_alora {
            let plan = self.alora_buy_plan(i);
            let from = self.alora_buy_choice(&plan);
            if !from.is_empty() {
                return Step::Ask(
                    Question::new(
                        Key::AloraBuys,
                        alora_pick_prompt(&[], 1, &from, false),
                        pick_help(1, &from),
                    )
                    .enter(pick_default(1, &from)),
                );
            }
            let drawn = self.peek(plan.free_draws);
            return Step::Auto(Action::AloraBuys {
                card: plan.buy,
                free: plan.free_draws,
                drawn,
            });
        }
        let room = self.rules.hand_limit.saturating_sub(s.held());
        if room == 0 || !self.can_buy_a_card(s.stash) {
            return Step::Auto(Action::Buy {
                seat: i,
                market: Vec::new(),
                deck: 0,
                drawn: Vec::new(),
            });
        }
        // The market on a line of its own: the prompt stays short.
        Step::Ask(Question::new(
            Key::Buy(i),
            format!(
                "Market: {} · deck cards {} each\n{} (holds {}, room for {}, {}; e.g. `KH deck` or `none`)",
                cards_text(&self.market),
                money(i64::from(self.rules.deck_card_cost)),
                says(&s.name, "buys"),
                s.held(),
                room,
                money(i64::from(s.stash)),
            ),
            "Type market cards and/or `deck` once per blind card, e.g. `KH deck`, or `none`.",
        ))
    }

    pub(super) fn next_bet(&self) -> Step<Action, Key> {
        let Some(i) = self.current() else {
            return Step::Done;
        };
        let s = &self.seats[i];
        if s.is_alora {
            return match alora::bet(self.round, s.stash, &self.alora_face_up(i), &self.rules) {
                Some(b) => Step::Auto(Action::AloraBets {
                    amount: b.bet,
                    bank: b.paid_by == alora::Payer::Bank,
                }),
                None => Step::Done,
            };
        }
        let min = self.min_bet().min(s.stash);
        let max = self.rules.max_bet.min(s.stash);
        if min == max {
            return Step::Auto(Action::Bet {
                seat: i,
                amount: min,
            });
        }
        Step::Ask(Question::new(
            Key::Bet(i),
            format!(
                "{} (a number, {} to {}), then {} 2 to 5 cards face down",
                says(&s.name, "bets"),
                money(i64::from(min)),
                money(i64::from(max)),
                words::verb(&s.name, "plays")
            ),
            "Type the bet, e.g. 5 or $5.",
        ))
    }

    pub(super) fn next_reveal(&self) -> Step<Action, Key> {
        let Some(i) = self.current() else {
            return Step::Auto(Action::Settle);
        };
        let s = &self.seats[i];
        if s.is_alora {
            if s.hidden > 0 {
                return Step::Ask(Question::new(
                    Key::AloraReveals,
                    format!(
                        "Reveal: turn up ALORA's {}. Which {}?",
                        words::count(s.hidden, "face-down card"),
                        if s.hidden == 1 { "is it" } else { "are they" }
                    ),
                    format!("Type {}.", all_cards(s.hidden)),
                ));
            }
            return Step::Auto(Action::AloraReveals { cards: Vec::new() });
        }
        if self.virtual_seed().is_some() && s.hidden == 0 && s.known.len() == 2 {
            return Step::Auto(Action::Play {
                seat: i,
                cards: s.known.clone(),
            });
        }
        let hand = if self.hands_shown() {
            format!(" (holds {})", show_cards(&s.known))
        } else {
            String::new()
        };
        Step::Ask(Question::new(
            Key::Play(i),
            format!(
                "Reveal: which cards did {} play?{hand}",
                words::subject(&s.name)
            ),
            if self.virtual_seed().is_some() {
                "Type the 2 to 5 cards played, or `best` for the best hand you hold."
            } else {
                "Type the 2 to 5 cards played."
            },
        ))
    }

    /// ALORA's best hand now, if she has no face-down cards (for display).
    pub fn alora_best(&self) -> Option<String> {
        let i = self.alora_index()?;
        let s = &self.seats[i];
        (s.hidden == 0 && !s.known.is_empty()).then(|| {
            let b = best_hand(&s.known, &self.rules);
            format!("{} ({})", b.hand.category, show_cards(&b.played))
        })
    }
}
