use super::*;
use crate::kinkado::ruling;

/// The actions, one method each: each checks the move against the rules and the table,
/// makes it, and says what to do at the table.
impl Game {
    pub(super) fn correct(&mut self, i: usize, stash: u32) -> Result<Vec<String>, PlayError> {
        self.seat_at(i)?;
        let before = self.seats[i].stash;
        self.seats[i].stash = stash;
        self.bank_net += i64::from(stash) - i64::from(before);
        Ok(vec![format!(
            "Corrected: {} stash is {} (was {}); the difference is booked to the bank.",
            possessive(&self.seats[i].name),
            money(i64::from(stash)),
            money(i64::from(before))
        )])
    }

    /// The seat whose turn it is, which must be ALORA's.
    pub(super) fn alora_turn(&self, turn: Turn) -> Result<usize, PlayError> {
        let i = self.current().ok_or(PlayError::NoOne(turn))?;
        if !self.seats[i].is_alora {
            return Err(PlayError::NotAlorasTurn);
        }
        Ok(i)
    }

    /// The name of seat `i`, whose turn it must be.
    pub(super) fn turn_of(&self, i: usize, turn: Turn) -> Result<String, PlayError> {
        let seat = self.seat_at(i)?.name.clone();
        if self.current() != Some(i) {
            return Err(PlayError::NotTurn(seat, turn));
        }
        Ok(seat)
    }

    /// Moves on to `next` once every seat has had its turn.
    pub(super) fn next_phase_when_done(&mut self, next: Phase) {
        if self.current().is_none() {
            self.enter_phase(next);
        }
    }

    pub(super) fn deal(&mut self, cards: &[Vec<Card>]) -> Result<Vec<String>, PlayError> {
        if self.dealt {
            return Err(PlayError::AlreadyDealt);
        }
        if let Some(seed) = self.virtual_seed() {
            self.reshuffle(seed);
        } else {
            self.played_pile.clear();
        }
        let mut said = Vec::new();
        let mut dealt = vec![Vec::new(); self.seats.len()];
        for i in self.order() {
            let need = self.deal_need(i);
            if self.virtual_seed().is_some() {
                let d = self.draw(need);
                self.seats[i].known.extend(&d);
                dealt[i] = d;
            } else {
                self.seats[i].hidden += need;
            }
            if need > 0 {
                let face = if self.seats[i].is_alora {
                    " face down"
                } else {
                    ""
                };
                said.push(format!(
                    "Deal {} {}{face}.",
                    display_name(&self.seats[i].name),
                    words::count(need, "card")
                ));
            }
        }
        if self.virtual_seed().is_some() && cards != dealt {
            return Err(PlayError::DealMismatch);
        }
        self.round_chip(&mut said)?;
        for s in &mut self.seats {
            s.sold = 0;
        }
        self.dealt = true;
        // The prize card comes next (still the refresh phase).
        self.settled = false;
        Ok(said)
    }

    /// A virtual pack before a round's deal: the cards played go back into the deck (in
    /// card order, or as played where the setup says so), which is shuffled for the round.
    pub(super) fn reshuffle(&mut self, seed: u64) {
        let mut back = std::mem::take(&mut self.deck);
        if self.played_back() == Some(PlayedBack::Sorted) {
            self.played_pile.sort_unstable();
        }
        back.append(&mut self.played_pile);
        self.deck = shuffled(back, seed, self.round);
    }

    /// How many cards seat `i` is dealt: up to the hand limit, as far as the deck goes.
    pub(super) fn deal_need(&self, i: usize) -> usize {
        self.rules
            .hand_limit
            .saturating_sub(self.seats[i].held())
            .min(self.deck_size())
    }

    /// The round tracker's chip (and joker) join the prize pool.
    pub(super) fn round_chip(&mut self, said: &mut Vec<String>) -> Result<(), PlayError> {
        let info = round_info(self.round).ok_or(PlayError::NoSuchRound)?;
        self.pool += info.minimum_bet;
        self.bank_net += i64::from(info.minimum_bet);
        said.push(format!(
            "Round {}: put the {} chip from the round tracker in the prize pool (minimum bet {}).",
            self.round,
            money(i64::from(info.minimum_bet)),
            money(i64::from(info.minimum_bet))
        ));
        if info.joker_joins_pool {
            self.pool_cards.push(Card::Joker);
            said.push("The joker under that chip joins the prize pool.".into());
        }
        Ok(())
    }

    pub(super) fn prize(&mut self, card: Option<Card>) -> Result<Vec<String>, PlayError> {
        if !self.dealt {
            return Err(PlayError::DealFirst);
        }
        let mut said = Vec::new();
        match card {
            None if self.deck_size() > 0 => {
                return Err(PlayError::DeckNotEmpty(self.deck_size()));
            }
            None => said.push(format!(
                "The deck is empty: no prize card this round ({cite}).",
                cite = ruling::Id::EmptyDeck.cite()
            )),
            Some(_) if self.deck_size() == 0 => return Err(PlayError::DeckEmpty),
            Some(card) => {
                if self.virtual_seed().is_some() {
                    let top = self.draw(1);
                    if top.first() != Some(&card) {
                        return Err(PlayError::PrizeMismatch);
                    }
                } else if let Some(place) = self.whereabouts(card, None) {
                    return Err(PlayError::Elsewhere(card, place));
                }
                self.pool_cards.push(card);
                said.push(format!("{card} joins the prize pool."));
            }
        }
        self.enter_phase(Phase::Sell);
        Ok(said)
    }

    /// ALORA has `n` cards face down: all of them must be named.
    pub(super) fn all_face_down(&self, i: usize, cards: &[Card]) -> Result<(), PlayError> {
        if cards.len() != self.seats[i].hidden {
            return Err(PlayError::AloraFaceDown(self.seats[i].hidden));
        }
        Ok(())
    }

    pub(super) fn alora_shows(&mut self, cards: &[Card]) -> Result<Vec<String>, PlayError> {
        let i = self.alora_turn(Turn::Sell)?;
        self.all_face_down(i, cards)?;
        let (known, _) = self.take_from_hand(i, cards)?;
        let s = &mut self.seats[i];
        s.known = known;
        s.known.extend(cards);
        s.hidden = 0;
        match self.rules.ruled.alora_face_up {
            ruling::AloraFaceUp::ShownAndBought => s.face_up = s.known.clone(),
            ruling::AloraFaceUp::BoughtOnly => {}
        }
        Ok(Vec::new())
    }

    /// What ALORA sells at her turn: her two lowest cards, or under ruling `sell-turns:
    /// one-at-a-time` the lowest she holds.
    pub fn alora_sell_plan(&self, i: usize) -> alora::Sell {
        let known = &self.seats[i].known;
        match self.rules.ruled.sell_turns {
            ruling::SellTurns::OneAtATime => alora::sell_lowest(known, 1),
            ruling::SellTurns::WholeTurn => alora::sell(known),
        }
    }

    /// Checks that `cards` are what ALORA sells.
    pub(super) fn alora_sale(&self, i: usize, cards: &[Card]) -> Result<(), PlayError> {
        let plan = self.alora_sell_plan(i);
        let mut ok = plan.sell.iter().all(|c| cards.contains(c))
            && cards.len() == plan.sell.len() + plan.choose.as_ref().map_or(0, |c| c.count);
        if let Some(ch) = &plan.choose {
            ok &= cards
                .iter()
                .filter(|c| !plan.sell.contains(c))
                .all(|c| ch.from.contains(c));
        }
        if ok {
            return Ok(());
        }
        Err(match plan.choose {
            Some(ch) => PlayError::AloraSellsOf(ch.count, ch.from),
            None => PlayError::AloraSells(plan.sell),
        })
    }

    pub(super) fn alora_sells(&mut self, cards: &[Card]) -> Result<Vec<String>, PlayError> {
        let i = self.alora_turn(Turn::Sell)?;
        self.alora_sale(i, cards)?;
        let (known, _) = self.take_from_hand(i, cards)?;
        let face_up = self.rules.ruled.alora_face_up;
        let s = &mut self.seats[i];
        s.known = known;
        match face_up {
            // Her hand was turned up at her sell turn: what she keeps stays face up.
            ruling::AloraFaceUp::ShownAndBought => s.face_up = s.known.clone(),
            ruling::AloraFaceUp::BoughtOnly => s.face_up.retain(|c| !cards.contains(c)),
        }
        let proceeds = self.sold_to_market(i, cards);
        let said = vec![format!(
            "ALORA sells {}: move {} to the market; the bank pays ALORA {}.",
            show_cards(cards),
            if cards.len() == 1 { "it" } else { "them" },
            money(i64::from(proceeds))
        )];
        self.next_phase_when_done(Phase::Buy);
        Ok(said)
    }

    /// Seat `i` has sold `cards`: the bank pays their value, they go to the market.
    pub(super) fn sold_to_market(&mut self, i: usize, cards: &[Card]) -> u32 {
        let proceeds: u32 = cards.iter().map(|c| value(*c)).sum();
        let one_at_a_time = match self.rules.ruled.sell_turns {
            ruling::SellTurns::OneAtATime => true,
            ruling::SellTurns::WholeTurn => false,
        };
        let most = if self.seats[i].is_alora {
            alora::ALORA_SALES
        } else {
            self.rules.max_sales
        };
        let s = &mut self.seats[i];
        s.stash += proceeds;
        s.sold += cards.len();
        s.done = !one_at_a_time || cards.is_empty() || s.sold >= most || s.held() == 0;
        self.bank_net += i64::from(proceeds);
        self.market.extend(cards);
        self.market.sort_by_key(|c| (value(*c), *c));
        proceeds
    }

    pub(super) fn sell(&mut self, i: usize, cards: &[Card]) -> Result<Vec<String>, PlayError> {
        let seat = &self.turn_of(i, Turn::Sell)?;
        if cards.len() > self.rules.max_sales {
            return Err(PlayError::SellsAtMost(self.rules.max_sales));
        }
        match self.rules.ruled.sell_turns {
            ruling::SellTurns::OneAtATime if cards.len() > 1 => {
                return Err(PlayError::SellsOneATurn);
            }
            ruling::SellTurns::OneAtATime | ruling::SellTurns::WholeTurn => {}
        }
        let (known, hidden) = self.take_from_hand(i, cards)?;
        self.seats[i].known = known;
        self.seats[i].hidden = hidden;
        let proceeds = self.sold_to_market(i, cards);
        let mut said = Vec::new();
        if !cards.is_empty() {
            said.push(format!(
                "{} {} to the market; the bank pays {} {}.",
                says(seat, "sells"),
                show_cards(cards),
                seat,
                money(i64::from(proceeds))
            ));
        }
        self.next_phase_when_done(Phase::Buy);
        Ok(said)
    }

    /// Checks that ALORA buys `card` and draws `free` cards, as her plan says.
    pub(super) fn alora_purchase(
        &self,
        i: usize,
        card: Option<Card>,
        free: usize,
    ) -> Result<(), PlayError> {
        let plan = self.alora_buy_plan(i);
        let allowed: Vec<Card> = plan
            .buy
            .into_iter()
            .chain(plan.choose_from.iter().copied())
            .collect();
        let ok = match card {
            Some(c) => allowed.contains(&c),
            None => plan.buy.is_none(),
        } && free == plan.free_draws;
        if ok {
            Ok(())
        } else {
            Err(PlayError::NotAlorasBuy)
        }
    }

    pub(super) fn alora_buys(
        &mut self,
        card: Option<Card>,
        free: usize,
        drawn: &[Card],
    ) -> Result<Vec<String>, PlayError> {
        let i = self.alora_turn(Turn::Buy)?;
        self.alora_purchase(i, card, free)?;
        let mut said = Vec::new();
        if let Some(c) = card {
            let pos = self
                .market
                .iter()
                .position(|x| *x == c)
                .ok_or(PlayError::NotInMarket(None))?;
            self.market.remove(pos);
            let cost = value(c);
            let s = &mut self.seats[i];
            s.stash -= cost;
            s.known.push(c);
            s.face_up.push(c);
            self.pool += cost;
            said.push(crate::kinkado::instructions::bought(
                Some(c),
                cost,
                &Style::PLAIN,
            ));
        } else {
            said.push(crate::kinkado::instructions::bought(None, 0, &Style::PLAIN));
        }
        self.blind_draw(i, free, drawn)?;
        said.extend(crate::kinkado::instructions::dealt(free));
        self.seats[i].done = true;
        self.next_phase_when_done(Phase::Bet);
        Ok(said)
    }

    /// Seat `i` draws `n` cards from the deck: with a virtual deck, the cards `drawn`
    /// (returned, in the deck's order), which must be the deck's, written in any order;
    /// with real cards, unseen.
    pub(super) fn blind_draw(
        &mut self,
        i: usize,
        n: usize,
        drawn: &[Card],
    ) -> Result<Vec<Card>, PlayError> {
        if self.virtual_seed().is_none() {
            self.seats[i].hidden += n;
            return Ok(Vec::new());
        }
        let d = self.draw(n);
        let sorted = |cards: &[Card]| {
            let mut v = cards.to_vec();
            v.sort();
            v
        };
        if sorted(&d) != sorted(drawn) {
            return Err(PlayError::DrawMismatch);
        }
        self.seats[i].known.extend(&d);
        Ok(d)
    }

    /// Checks a player's purchase; returns the market left and the cost.
    pub(super) fn purchase(
        &self,
        (i, seat): (usize, &str),
        market: &[Card],
        deck: usize,
        drawn: &[Card],
    ) -> Result<(Vec<Card>, u32), PlayError> {
        let mut left = self.market.clone();
        for c in market {
            let p = left
                .iter()
                .position(|x| x == c)
                .ok_or(PlayError::NotInMarket(Some(*c)))?;
            left.remove(p);
        }
        if deck > self.deck_size() {
            return Err(PlayError::DeckHoldsOnly(self.deck_size()));
        }
        let one_source = match self.rules.ruled.buy_sources {
            ruling::BuySources::OneSource => !market.is_empty() && deck > 0,
            ruling::BuySources::Mixed => false,
        };
        if one_source {
            return Err(PlayError::OneSource);
        }
        let held = self.seats[i].held();
        if held + market.len() + deck > self.rules.hand_limit {
            return Err(PlayError::HandLimit {
                seat: seat.to_string(),
                held,
                limit: self.rules.hand_limit,
            });
        }
        let cost: u32 =
            market.iter().map(|c| value(*c)).sum::<u32>() + self.rules.deck_card_cost * deck as u32;
        if cost > self.seats[i].stash {
            return Err(PlayError::Costs {
                seat: seat.to_string(),
                cost,
                stash: self.seats[i].stash,
            });
        }
        if self.virtual_seed().is_none() && deck > 0 && !drawn.is_empty() {
            return Err(PlayError::BlindDraws);
        }
        Ok((left, cost))
    }

    pub(super) fn buy(
        &mut self,
        i: usize,
        market: &[Card],
        deck: usize,
        drawn: &[Card],
    ) -> Result<Vec<String>, PlayError> {
        let seat = &self.turn_of(i, Turn::Buy)?;
        let (left, cost) = self.purchase((i, seat), market, deck, drawn)?;
        self.market = left;
        self.pool += cost;
        let s = &mut self.seats[i];
        s.stash -= cost;
        s.known.extend(market);
        s.done = true;
        let mut said = Vec::new();
        let d = self.blind_draw(i, deck, drawn)?;
        if !d.is_empty() {
            let what = if self.setup.private {
                words::count(d.len(), "card")
            } else {
                show_cards(&d)
            };
            said.push(format!("{} {what}.", says(seat, "draws")));
        }
        if market.len() + deck > 0 {
            said.push(format!(
                "{} {}{}{}: {} to the prize pool.",
                says(seat, "buys"),
                if market.is_empty() {
                    String::new()
                } else {
                    show_cards(market)
                },
                if market.is_empty() || deck == 0 {
                    ""
                } else {
                    " and "
                },
                if deck == 0 {
                    String::new()
                } else {
                    format!("{} from the deck", words::count(deck, "card"))
                },
                money(i64::from(cost))
            ));
        }
        self.next_phase_when_done(Phase::Bet);
        Ok(said)
    }

    pub(super) fn alora_bets(&mut self, amount: u32, bank: bool) -> Result<Vec<String>, PlayError> {
        let i = self.alora_turn(Turn::Bet)?;
        let plan = alora::bet(
            self.round,
            self.seats[i].stash,
            &self.alora_face_up(i),
            &self.rules,
        )
        .ok_or(PlayError::NoSuchRound)?;
        if plan.bet != amount || (plan.paid_by == alora::Payer::Bank) != bank {
            return Err(PlayError::NotAlorasBet);
        }
        let s = &mut self.seats[i];
        s.bet = Some(amount);
        s.bank_bet = bank;
        let said = if bank {
            self.bank_net += i64::from(amount);
            format!(
                "The bank bets {} for ALORA (she cannot afford it).",
                money(i64::from(amount))
            )
        } else {
            s.stash -= amount;
            format!(
                "ALORA bets {}: move it from her stash in front of her.",
                money(i64::from(amount))
            )
        };
        self.next_phase_when_done(Phase::Reveal);
        Ok(vec![said])
    }

    /// Checks a player's bet against the limit, the stash and the round minimum.
    pub(super) fn check_bet(&self, (i, seat): (usize, &str), amount: u32) -> Result<(), PlayError> {
        let stash = self.seats[i].stash;
        let min = self.min_bet();
        if amount > self.rules.max_bet {
            return Err(PlayError::BetAbove(self.rules.max_bet));
        }
        if amount > stash {
            return Err(PlayError::HasOnly(seat.to_string(), stash));
        }
        if amount < min.min(stash) {
            return Err(if stash < min {
                PlayError::AllIn {
                    seat: seat.to_string(),
                    minimum: min,
                    stash,
                }
            } else {
                PlayError::BelowMinimum(min)
            });
        }
        Ok(())
    }

    pub(super) fn bet(&mut self, i: usize, amount: u32) -> Result<Vec<String>, PlayError> {
        let seat = &self.turn_of(i, Turn::Bet)?;
        self.check_bet((i, seat), amount)?;
        let s = &mut self.seats[i];
        s.stash -= amount;
        s.bet = Some(amount);
        let said = format!(
            "{} {} and {} 2 to 5 cards face down.",
            says(seat, "bets"),
            money(i64::from(amount)),
            words::verb(seat, "plays")
        );
        self.next_phase_when_done(Phase::Reveal);
        Ok(vec![said])
    }

    pub(super) fn play(&mut self, i: usize, cards: &[Card]) -> Result<Vec<String>, PlayError> {
        let seat = &self.seat_at(i)?.name.clone();
        if self.current() != Some(i) || self.seats[i].is_alora {
            return Err(PlayError::NotTurn(seat.to_string(), Turn::Reveal));
        }
        if !(2..=5).contains(&cards.len()) {
            return Err(PlayError::HandSize(cards.len()));
        }
        let (known, hidden) = self.take_from_hand(i, cards)?;
        let s = &mut self.seats[i];
        s.known = known;
        s.hidden = hidden;
        s.played = Some(cards.to_vec());
        self.played_pile.extend(cards);
        Ok(Vec::new())
    }

    pub(super) fn alora_reveals(&mut self, cards: &[Card]) -> Result<Vec<String>, PlayError> {
        let i = self.alora_turn(Turn::Reveal)?;
        self.all_face_down(i, cards)?;
        let (mut known, _) = self.take_from_hand(i, cards)?;
        known.extend(cards);
        let s = &mut self.seats[i];
        s.hidden = 0;
        s.face_up.clear();
        s.played = Some(known);
        s.known = Vec::new();
        let all = s.played.clone().unwrap_or_default();
        // Under alora-cards: keeps-rest, what she does not play goes back to her hand when
        // the round ends (`alora_keeps_rest`).
        match self.rules.ruled.alora_cards {
            ruling::AloraCards::AllPlayed => self.played_pile.extend(all),
            ruling::AloraCards::KeepsRest => {}
        }
        Ok(Vec::new())
    }
}
