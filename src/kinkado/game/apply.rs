use super::*;

/// Applying an action, and the questions kado answers itself.
impl Game {
    /// Applies an action of the phase the game is in.
    pub(super) fn apply_in_phase(&mut self, action: &Action) -> Result<Vec<String>, PlayError> {
        match (self.phase, action) {
            (Phase::Refresh, Action::Deal { cards }) => self.deal(cards),
            (Phase::Refresh, Action::Prize { card }) => self.prize(*card),
            (Phase::Sell, Action::AloraShows { cards }) => self.alora_shows(cards),
            (Phase::Sell, Action::AloraSells { cards }) => self.alora_sells(cards),
            (Phase::Sell, Action::Sell { seat, cards }) => self.sell(*seat, cards),
            (Phase::Buy, Action::AloraBuys { card, free, drawn }) => {
                self.alora_buys(*card, *free, drawn)
            }
            (
                Phase::Buy,
                Action::Buy {
                    seat,
                    market,
                    deck,
                    drawn,
                },
            ) => self.buy(*seat, market, *deck, drawn),
            (Phase::Bet, Action::AloraBets { amount, bank }) => self.alora_bets(*amount, *bank),
            (Phase::Bet, Action::Bet { seat, amount }) => self.bet(*seat, *amount),
            (Phase::Reveal, Action::Play { seat, cards }) => self.play(*seat, cards),
            (Phase::Reveal, Action::AloraReveals { cards }) => self.alora_reveals(cards),
            (Phase::Reveal, Action::Settle) => {
                if self.current().is_some() {
                    return Err(PlayError::NotRevealed);
                }
                Ok(self.finish_reveal())
            }
            (phase, a) => Err(PlayError::WrongPhase(a.name(), phase)),
        }
    }

    /// What kado says when it answers a player's question itself, there being one legal
    /// answer: what it answered, and why.
    pub(super) fn forced(&self, action: &Action) -> Option<String> {
        if !<Game as Session>::once_asked(action) || self.next() != Step::Auto(action.clone()) {
            return None;
        }
        let named = self.named(action);
        let (seat, what, why) = match &named {
            Action::Sell { seat, .. } => (
                seat,
                format!("{} nothing", words::verb(seat, "sells")),
                format!("{} no cards", says(seat, "holds")),
            ),
            Action::Buy { seat, .. } => (
                seat,
                format!("{} nothing", words::verb(seat, "buys")),
                self.buys_nothing(seat),
            ),
            Action::Bet { seat, amount } => (
                seat,
                format!(
                    "{} {}",
                    words::verb(seat, "bets"),
                    money(i64::from(*amount))
                ),
                self.only_bet(seat),
            ),
            Action::Play { seat, cards } => (
                seat,
                format!("{} {}", words::verb(seat, "plays"), show_cards(cards)),
                format!("{} only these 2 cards", says(seat, "holds")),
            ),
            _ => return None,
        };
        Some(format!(
            "kado answers for {}: {} {what} ({why}).",
            display_name(seat),
            words::subject(seat)
        ))
    }

    /// Whether `stash` pays for one card: the cheapest in the market, or one from the deck.
    pub(super) fn can_buy_a_card(&self, stash: u32) -> bool {
        let cheapest = self.market.iter().map(|c| value(*c)).min();
        cheapest.is_some_and(|v| v <= stash)
            || (self.deck_size() > 0 && self.rules.deck_card_cost <= stash)
    }

    /// Why a seat buys nothing, when that is its one legal answer.
    pub(super) fn buys_nothing(&self, seat: &str) -> String {
        let Ok(i) = self.seat_index(seat) else {
            return String::new();
        };
        let s = &self.seats[i];
        if s.held() >= self.rules.hand_limit {
            return format!(
                "{} hand holds {}, the most it may",
                possessive(seat),
                words::count(self.rules.hand_limit, "card")
            );
        }
        format!(
            "{} {}, less than any card costs",
            says(seat, "has"),
            money(i64::from(s.stash))
        )
    }

    /// Why a seat's bet has one legal amount.
    pub(super) fn only_bet(&self, seat: &str) -> String {
        let stash = self
            .seat_index(seat)
            .map(|i| self.seats[i].stash)
            .unwrap_or(0);
        let min = self.min_bet();
        if stash <= min {
            format!(
                "{} {} and the minimum bet is {}",
                says(seat, "has"),
                money(i64::from(stash)),
                money(i64::from(min))
            )
        } else {
            format!(
                "the minimum and the largest bet are both {}",
                money(i64::from(min))
            )
        }
    }
}
