use super::*;

/// Reading the table's answers into actions.
impl Game {
    /// `fix NAME MONEY` (after `fix `): a stash counted wrong.
    pub(super) fn read_fix(&self, rest: &str) -> Result<Action, PlayError> {
        let mut parts = rest.split_whitespace();
        let (Some(name), Some(amount), None) = (parts.next(), parts.next(), parts.next()) else {
            return Err(PlayError::FixSyntax);
        };
        let i = self.seat_index(name)?;
        let stash = parse_money(amount).ok_or_else(|| PlayError::NotMoney(amount.to_string()))?;
        if self.seats[i].stash == stash {
            // Refused at the prompt only: a save holding such a correction still loads.
            return Err(PlayError::NothingToCorrect(
                self.seats[i].name.clone(),
                stash,
            ));
        }
        Ok(Action::Correct { seat: i, stash })
    }

    /// The card ALORA takes among market cards of equal value.
    pub(super) fn read_alora_buy(&self, text: &str) -> Result<Action, PlayError> {
        let i = self.alora_index().ok_or(PlayError::NoAlora)?;
        let plan = self.alora_buy_plan(i);
        let from = self.alora_buy_choice(&plan);
        match read_pick(text, 1, &from, false)?.as_slice() {
            [c] => Ok(Action::AloraBuys {
                card: Some(*c),
                free: plan.free_draws,
                drawn: self.peek(plan.free_draws),
            }),
            _ => Err(PlayError::OneAloraCard),
        }
    }

    /// The market cards of equal value ALORA may take, when the table picks (else none).
    pub(super) fn alora_buy_choice(&self, plan: &alora::Buy) -> Vec<Card> {
        if plan.buy.is_none() || plan.choose_from.is_empty() {
            return Vec::new();
        }
        let mut from = plan.choose_from.clone();
        from.extend(plan.buy);
        from.sort();
        from
    }

    /// A player's purchase: market cards, and `deck` (or `d`, `deckN`) per blind card.
    pub(super) fn read_buy(&self, seat: usize, text: &str) -> Result<Action, PlayError> {
        let mut market = Vec::new();
        let mut deck = 0;
        let t = text.trim().to_lowercase();
        if !(t.is_empty() || t == "none" || t == "pass" || t == "-") {
            for word in t
                .split(|c: char| c.is_whitespace() || c == ',')
                .filter(|w| !w.is_empty())
            {
                if word == "deck" || word == "d" {
                    deck += 1;
                } else if let Some(n) = word
                    .strip_prefix("deck")
                    .and_then(|n| n.trim_start_matches(['x', '*', '×']).parse::<usize>().ok())
                {
                    deck += n;
                } else {
                    market.extend(read_cards(word)?);
                }
            }
        }
        let drawn = self.peek(deck);
        Ok(Action::Buy {
            seat,
            market,
            deck,
            drawn,
        })
    }

    /// `best`: the best hand a seat holds, when kado can see its cards.
    pub(super) fn best_play(&self, seat: usize) -> Result<Action, PlayError> {
        let s = self.seat_at(seat)?;
        if s.hidden > 0 {
            return Err(PlayError::CannotSee);
        }
        let b = best_hand(&s.known, &self.rules);
        Ok(Action::Play {
            seat,
            cards: b.played,
        })
    }
}
