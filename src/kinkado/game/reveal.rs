//! A reveal settled: the showdown's payouts, the round's winner told, the pool's cards\n//! given, ALORA's cards kept or played, and the round ended.

use super::*;

impl Game {
    pub(super) fn finish_reveal(&mut self) -> Vec<String> {
        let mut said = Vec::new();
        if self.seats.iter().all(|s| s.played.is_none()) {
            said.push("Nobody could play a hand: the prize pool stays as it is.".into());
            return self.end_round(said, Vec::new(), Vec::new(), None);
        }
        let seats: Vec<Seat> = self
            .seats
            .iter()
            .filter(|s| s.played.is_some())
            .map(|s| Seat {
                name: s.name.clone(),
                cards: s.played.clone().unwrap_or_default(),
                bet: s.bet.unwrap_or(0),
                is_alora: s.is_alora,
                bank_placed: s.bank_bet,
            })
            .collect();
        let pool = Pool {
            money: self.pool,
            cards: self.pool_cards.clone(),
            chips: None,
        };
        let v = showdown::settle(&seats, &pool, &self.rules, &self.ruleset);
        for (name, h) in &v.hands {
            said.push(format!(
                "{} {}: {} (tier {}, {})",
                says(name, "shows"),
                show_cards(&h.played),
                h.category,
                h.tier,
                money(i64::from(h.sum))
            ));
        }
        let payouts = self.pay(&v);
        said.push(self.round_won(&v));
        if v.bank_took_back > 0 {
            said.push(format!(
                "The bank takes back the {} it bet for ALORA.",
                money(i64::from(v.bank_took_back))
            ));
        }
        said.extend(self.give_pool_cards(v.pool_cards_to.as_deref()));
        let alora_tie = v
            .explain
            .0
            .iter()
            .find(|r| v.alora_tie && r.rulings.iter().any(|x| x.id == ruling::Id::AloraTies.id()))
            .cloned();
        let hands = v
            .winners
            .iter()
            .filter_map(|w| Some((w.clone(), v.hands.get(w)?.category.to_string())))
            .collect();
        let said = self.end_round(said, v.winners, payouts, alora_tie);
        if let Some(r) = self.history.last_mut() {
            r.hands = hands;
        }
        said
    }

    /// Moves the money of a settled reveal; returns who received what.
    pub(super) fn pay(&mut self, v: &showdown::Settlement) -> Vec<(String, u32)> {
        self.bank_net += i64::from(v.bank_paid);
        self.bank_net -= i64::from(v.bank_took_back);
        let mut payouts = Vec::new();
        for s in &mut self.seats {
            let p = v.payouts.get(&s.name).copied().unwrap_or(0);
            s.stash += p;
            if p > 0 {
                payouts.push((s.name.clone(), p));
            }
        }
        self.pool = v.pool_left;
        payouts
    }

    /// Who won the round and what to give them, or who split the pot.
    pub(super) fn round_won(&self, v: &showdown::Settlement) -> String {
        let winners: Vec<String> = v.winners.iter().map(|w| display_name(w)).collect();
        if v.winners.len() == 1 {
            return format!(
                "{} the round: give {} everything in the prize pool and every bet, and {} from the bank.",
                says(&v.winners[0], "wins"),
                if v.winners[0] == ALORA {
                    "ALORA".to_string()
                } else {
                    winners[0].clone()
                },
                money(i64::from(v.bank_paid))
            );
        }
        let first = &v.winners[0];
        let own_bet = self
            .seats
            .iter()
            .find(|s| &s.name == first)
            .and_then(|s| s.bet)
            .unwrap_or(0);
        format!(
            "{} split the pot ({} each from the pot and bets, by value); the bank pays each their own bet; {} and the cards stay in the prize pool.",
            winners.join(" and "),
            money(i64::from(
                v.payouts.get(first).copied().unwrap_or(0) - own_bet
            )),
            money(i64::from(v.pool_left))
        )
    }

    /// The prize pool's cards go to the round's winner, if one takes them.
    pub(super) fn give_pool_cards(&mut self, to: Option<&str>) -> Option<String> {
        let to = to?;
        if self.pool_cards.is_empty() {
            return None;
        }
        let i = self.seat_index(to).ok()?;
        let cards = std::mem::take(&mut self.pool_cards);
        let s = &mut self.seats[i];
        s.known.extend(&cards);
        if !s.is_alora {
            return None;
        }
        s.face_up.extend(&cards);
        Some(format!("ALORA keeps {} face up.", show_cards(&cards)))
    }

    /// Ruling `alora-cards: keeps-rest`: at the end of the reveal ALORA's best hand has been
    /// played; the cards outside it go back to her hand, face up.
    pub(super) fn alora_keeps_rest(&mut self) {
        match self.rules.ruled.alora_cards {
            ruling::AloraCards::AllPlayed => return,
            ruling::AloraCards::KeepsRest => {}
        }
        let Some(i) = self.alora_index() else { return };
        let Some(all) = self.seats[i].played.clone() else {
            return;
        };
        let best = crate::kinkado::hand::best_hand(&all, &self.rules).played;
        let mut kept = all;
        for c in &best {
            if let Some(at) = kept.iter().position(|k| k == c) {
                kept.remove(at);
            }
        }
        self.played_pile.extend(&best);
        let s = &mut self.seats[i];
        s.face_up = kept.clone();
        s.known = kept;
    }

    pub(super) fn end_round(
        &mut self,
        mut said: Vec<String>,
        winners: Vec<String>,
        payouts: Vec<(String, u32)>,
        alora_tie: Option<Reason>,
    ) -> Vec<String> {
        self.alora_keeps_rest();
        // Played cards have left the hands; they return to the deck at the next refresh.
        for s in &mut self.seats {
            s.played = None;
            s.bet = None;
            s.bank_bet = false;
        }
        let money = self
            .seats
            .iter()
            .map(|s| (s.name.clone(), s.stash))
            .collect();
        self.history.push(RoundResult {
            round: self.round,
            winners,
            payouts,
            alora_tie,
            money,
            hands: Vec::new(),
        });
        if self.round >= self.rules.rounds {
            self.phase = Phase::Over;
            let w: Vec<String> = self.winners().iter().map(|w| display_name(w)).collect();
            let won = match self.winners().as_slice() {
                [one] => says(one, "wins"),
                _ => format!("{} win", w.join(" and ")),
            };
            said.push(format!("The game is over. {won} with the most money."));
        } else {
            self.round += 1;
            self.dealer = (self.dealer + 1) % self.seats.len();
            self.enter_phase(Phase::Refresh);
            self.dealt = false;
            self.settled = false;
        }
        said
    }
}
