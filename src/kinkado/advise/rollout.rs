//! The rest of a round played out on one deal of the unseen cards: ALORA by her rules,
//! the player by the move being weighed and then by a plain default (fill the hand,
//! bet the most with a tier 2 hand or better, play the best hand).

use crate::kinkado::ruling;
use smallvec::SmallVec;

use super::{Decision, Move, Position};
use crate::cards::Card;
use crate::kinkado::fast::{CARDS, Evaluator, Hand, Score};
use crate::kinkado::{Rules, alora, round_info, value};

/// What stays the same over every deal: the rules, the evaluators, the round minimum.
pub struct Setting<'a> {
    pub pos: &'a Position,
    pub rules: &'a Rules,
    pub alora_eval: Evaluator,
    pub player_eval: Evaluator,
    pub min_bet: u32,
}

impl<'a> Setting<'a> {
    pub fn new(pos: &'a Position, rules: &'a Rules) -> Setting<'a> {
        Setting {
            pos,
            rules,
            alora_eval: Evaluator::new(rules),
            player_eval: Evaluator::for_players(rules),
            min_bet: round_info(pos.round).map_or(0, |r| r.minimum_bet),
        }
    }
}

/// How one deal ended for the player.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Result {
    pub won: bool,
    /// The player's money at the end of the round less now.
    pub money: i64,
    /// The same for ALORA.
    pub alora_money: i64,
}

/// The hand of some cards, for the fast evaluator (at most 7 cards and 2 jokers).
pub fn hand_of(cards: &[Card]) -> Hand {
    cards
        .iter()
        .take(7)
        .fold(Hand::EMPTY, |h, c| h.add(CARDS[c.index().min(52)]))
}

/// Cards held during a deal: a hand or ALORA's cards, on the stack.
type Held = SmallVec<[Card; 16]>;

/// The table during one deal.
struct Table<'s> {
    set: &'s Setting<'s>,
    hand: Held,
    stash: i64,
    bet: Option<u32>,
    alora: Held,
    alora_up: Held,
    alora_stash: i64,
    alora_bet: Option<(u32, bool)>,
    market: SmallVec<[Card; 32]>,
    pool: i64,
    deck: &'s [Card],
}

impl<'s> Table<'s> {
    fn new(set: &'s Setting<'s>, deal: &'s [Card]) -> Table<'s> {
        let p = set.pos;
        let hidden = p.alora_hidden.min(deal.len());
        let mut alora = Held::from_slice(&p.alora_shown);
        alora.extend_from_slice(&deal[..hidden]);
        Table {
            set,
            hand: Held::from_slice(&p.hand),
            stash: i64::from(p.stash),
            bet: p.bet,
            alora,
            alora_up: Held::from_slice(&p.alora_shown),
            alora_stash: i64::from(p.alora_stash),
            alora_bet: p.alora_bet.map(|b| (b.amount, b.bank)),
            market: SmallVec::from_slice(&p.market),
            pool: i64::from(p.pool),
            deck: &deal[hidden..],
        }
    }

    fn draw(&mut self, n: usize) -> &'s [Card] {
        let k = n.min(self.deck.len());
        let (top, rest) = self.deck.split_at(k);
        self.deck = rest;
        top
    }

    fn score(&self, cards: &[Card]) -> Score {
        self.set.player_eval.eval(hand_of(cards))
    }

    fn player_sells(&mut self, cards: &[Card]) {
        for c in cards {
            if let Some(i) = self.hand.iter().position(|h| h == c) {
                self.hand.remove(i);
                self.stash += i64::from(value(*c));
                self.market.push(*c);
            }
        }
    }

    /// She sells her lowest cards, as many as she still sells this phase.
    fn alora_sells(&mut self) {
        let plan = alora::sell_lowest(&self.alora, self.set.pos.alora_sales_left);
        let mut sold = plan.sell;
        if let Some(ch) = plan.choose {
            sold.extend(ch.from.iter().take(ch.count));
        }
        for c in &sold {
            if let Some(i) = self.alora.iter().position(|h| h == c) {
                self.alora.remove(i);
            }
            self.alora_up.retain(|u| u != c);
            self.alora_stash += i64::from(value(*c));
            self.market.push(*c);
        }
        match self.set.rules.ruled.alora_face_up {
            ruling::AloraFaceUp::ShownAndBought => self.alora_up = self.alora.clone(),
            ruling::AloraFaceUp::BoughtOnly => {}
        }
    }

    fn player_buys(&mut self, market: &[Card], deck: usize) {
        for c in market {
            if let Some(i) = self.market.iter().position(|m| m == c) {
                self.market.remove(i);
                self.hand.push(*c);
                self.stash -= i64::from(value(*c));
                self.pool += i64::from(value(*c));
            }
        }
        let cost = i64::from(self.set.rules.deck_card_cost) * deck as i64;
        self.stash -= cost;
        self.pool += cost;
        let drawn = self.draw(deck);
        self.hand.extend_from_slice(drawn);
    }

    fn alora_buys(&mut self) {
        let stash = u32::try_from(self.alora_stash.max(0)).unwrap_or(0);
        let plan = alora::buy(&self.market, stash, self.alora.len(), self.set.rules);
        if let Some(c) = plan.buy
            && let Some(i) = self.market.iter().position(|m| *m == c)
        {
            self.market.remove(i);
            self.alora.push(c);
            self.alora_up.push(c);
            self.alora_stash -= i64::from(plan.cost);
            self.pool += i64::from(plan.cost);
        }
        let drawn = self.draw(plan.free_draws);
        self.alora.extend_from_slice(drawn);
    }

    /// The default purchase: a market card that lifts the hand's tier, then blind cards
    /// to fill the hand, keeping the round minimum for the bet.
    fn default_buy(&mut self) {
        let limit = self.set.rules.hand_limit.min(7);
        let keep = i64::from(self.set.min_bet);
        let mut market = Vec::new();
        let tier = self.score(&self.hand).tier();
        let mut best: Option<(u16, Card)> = None;
        let held = hand_of(&self.hand);
        let fits = self.hand.len() < limit;
        for c in self.market.iter().filter(|_| fits) {
            let s = self
                .set
                .player_eval
                .eval(held.add(CARDS[c.index().min(52)]));
            if s.tier() > tier
                && self.stash - i64::from(value(*c)) >= keep
                && best.is_none_or(|(b, _)| s.strength() > b)
            {
                best = Some((s.strength(), *c));
            }
        }
        let mut spent = 0;
        if let Some((_, c)) = best {
            market.push(c);
            spent = i64::from(value(c));
        }
        let room = limit.saturating_sub(self.hand.len() + market.len());
        let cost = i64::from(self.set.rules.deck_card_cost.max(1));
        let afford = ((self.stash - spent - keep).max(0) / cost) as usize;
        let mut deck = room.min(afford).min(self.deck.len());
        match self.set.rules.ruled.buy_sources {
            ruling::BuySources::OneSource if !market.is_empty() => deck = 0,
            ruling::BuySources::OneSource | ruling::BuySources::Mixed => {}
        }
        self.player_buys(&market, deck);
    }

    fn alora_bets(&mut self) {
        if self.alora_bet.is_some() || self.alora.is_empty() {
            return;
        }
        let stash = u32::try_from(self.alora_stash.max(0)).unwrap_or(0);
        if let Some(b) = alora::bet(self.set.pos.round, stash, &self.alora_up, self.set.rules) {
            let bank = b.paid_by == alora::Payer::Bank;
            if !bank {
                self.alora_stash -= i64::from(b.bet);
            }
            self.alora_bet = Some((b.bet, bank));
        }
    }

    fn player_bets(&mut self, amount: u32) {
        if self.bet.is_none() {
            self.stash -= i64::from(amount);
            self.bet = Some(amount);
        }
    }

    /// The default bet: the most allowed with a tier 2 hand or better, else the minimum.
    fn default_bet(&mut self) {
        let stash = u32::try_from(self.stash.max(0)).unwrap_or(0);
        let min = self.set.min_bet.min(stash);
        let max = self.set.rules.max_bet.min(stash).max(min);
        let amount = if self.score(&self.hand).tier() >= 2 {
            max
        } else {
            min
        };
        self.player_bets(amount);
    }

    /// The reveal: the player plays `cards` (the best hand when `None`).
    fn reveal(&mut self, cards: Option<&[Card]>) -> bool {
        let rules = self.set.rules;
        let mine = match cards {
            Some(c) => self.score(c),
            None => self.score(&self.hand),
        };
        let bet = self.bet.unwrap_or(0);
        let (alora_bet, bank) = self.alora_bet.unwrap_or((0, false));
        let won = if self.alora.is_empty() {
            true
        } else {
            let theirs = self.set.alora_eval.eval(hand_of(&self.alora));
            mine.strength() > theirs.strength()
                || (mine.strength() == theirs.strength()
                    && match rules.ruled.alora_ties {
                        ruling::AloraTies::AfterBets => bet > alora_bet,
                        ruling::AloraTies::OnSum => false,
                    })
        };
        let in_pot = match rules.ruled.bank_bet {
            ruling::BankBet::BackToBank if bank => 0,
            ruling::BankBet::BackToBank | ruling::BankBet::InThePot => i64::from(alora_bet),
        };
        let pot = self.pool + i64::from(bet) + in_pot;
        if won {
            self.stash += pot + i64::from(bet);
        } else {
            self.alora_stash += pot + i64::from(alora_bet);
        }
        won
    }
}

/// Plays the rest of the round after `mv` on one deal (ALORA's face-down cards first,
/// then the deck from the top).
pub fn play(set: &Setting, mv: &Move, deal: &[Card]) -> Result {
    let mut t = Table::new(set, deal);
    let first = set.pos.alora_first;
    let won = match (set.pos.decision, mv) {
        (Decision::Sell, Move::Sell { cards }) => {
            t.player_sells(cards);
            t.alora_sells();
            if first {
                t.alora_buys();
                t.default_buy();
            } else {
                t.default_buy();
                t.alora_buys();
            }
            t.alora_bets();
            t.default_bet();
            t.reveal(None)
        }
        (Decision::Buy, Move::Buy { market, deck }) => {
            t.player_buys(market, *deck);
            if !first {
                t.alora_buys();
            }
            t.alora_bets();
            t.default_bet();
            t.reveal(None)
        }
        (Decision::Bet, Move::Bet { amount }) => {
            t.player_bets(*amount);
            t.alora_bets();
            t.reveal(None)
        }
        (_, Move::Play { cards }) => {
            t.alora_bets();
            t.default_bet();
            t.reveal(Some(cards))
        }
        _ => t.reveal(None),
    };
    Result {
        won,
        money: t.stash - i64::from(set.pos.stash),
        alora_money: t.alora_stash - i64::from(set.pos.alora_stash),
    }
}
