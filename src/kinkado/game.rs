//! A whole game of Kin Kādo at the table, as a fold over recorded actions.
//!
//! kado runs the nine rounds and their five phases (refresh, sell, buy, bet, reveal),
//! plays ALORA, keeps the books, and asks the table only for what it cannot know: the
//! prize card turned up, what each player sells, buys, bets and plays, and ALORA's cards
//! when the rules reveal them. With a virtual deck kado deals too, and asks nothing it
//! can see for itself.
//!
//! What kado knows about each hand: the cards whose faces it has seen (`known`) and how
//! many it has not (`hidden`). A card named at the table is checked against every place
//! kado knows it to be.

use crate::words;
use serde::{Deserialize, Serialize};

use super::alora;
use super::error::{Place, PlayError, Turn};
use super::fast::best_hand;
use super::instructions;
use super::showdown::{self, ALORA, Pool, Seat};
use super::{Rules, round_info, value};
use crate::cards::{Card, show_cards};
use crate::explain::{Explain, Reason};
use crate::notation::parse_money;
use crate::render::{self, Style, money};
use crate::ruleset::Ruleset;
use crate::session::{Question, Session, Step};

/// How the cards are dealt.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase", tag = "deck")]
pub enum Deck {
    /// Real cards: the table says what is turned up and played.
    Physical,
    /// kado shuffles and deals a virtual pack from this seed.
    Virtual { seed: u64 },
}

/// How a game starts.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Setup {
    /// The players, in seating order (clockwise). ALORA sits after them.
    pub players: Vec<String>,
    pub alora: bool,
    #[serde(flatten)]
    pub deck: Deck,
}

/// The most seats a pack serves (ALORA counts).
pub const MAX_SEATS: usize = 4;

impl Setup {
    /// Checks the players: names, count.
    /// Checks the seats and names; how many seats a pack serves is ruling alora-seat.
    pub fn check(&self, rules: &Rules) -> Result<(), PlayError> {
        let seats = self.players.len() + usize::from(self.alora);
        if self.players.is_empty() {
            return Err(PlayError::NoPlayers);
        }
        if seats < 2 {
            return Err(PlayError::TooFewSeats);
        }
        let extra = self.alora && rules.alora_extra_seat;
        if seats > MAX_SEATS + usize::from(extra) {
            return Err(PlayError::TooManySeats {
                seats,
                alora: self.alora,
                extra,
            });
        }
        for (i, p) in self.players.iter().enumerate() {
            if p.is_empty()
                || !p
                    .chars()
                    .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
            {
                return Err(PlayError::BadName(p.clone()));
            }
            if let Some(why) = crate::notation::name_too_long(p) {
                return Err(PlayError::NameTooLong(why));
            }
            if p.eq_ignore_ascii_case(ALORA) {
                return Err(PlayError::NameIsAlora);
            }
            if self.players[..i].iter().any(|q| q.eq_ignore_ascii_case(p)) {
                return Err(PlayError::SameName(p.clone()));
            }
        }
        Ok(())
    }
}

/// One recorded step of the game.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Action {
    /// Refresh: deal every seat up to the hand limit. With a virtual deck, the cards each
    /// seat receives.
    Deal {
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        cards: Vec<Vec<Card>>,
    },
    /// The prize card turned up (none when the deck is empty).
    Prize { card: Option<Card> },
    /// A player sells cards (none = passes).
    Sell { seat: String, cards: Vec<Card> },
    /// ALORA's face-down cards, turned up at her sell turn.
    AloraShows { cards: Vec<Card> },
    /// ALORA sells.
    AloraSells { cards: Vec<Card> },
    /// A player buys market cards and blind cards from the deck (with a virtual deck,
    /// the cards drawn).
    Buy {
        seat: String,
        market: Vec<Card>,
        deck: usize,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        drawn: Vec<Card>,
    },
    /// ALORA buys (or not) and draws free cards.
    AloraBuys {
        card: Option<Card>,
        free: usize,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        drawn: Vec<Card>,
    },
    /// A player's bet.
    Bet { seat: String, amount: u32 },
    /// ALORA's bet, and whether the bank placed it.
    AloraBets { amount: u32, bank: bool },
    /// The cards a player reveals.
    Play { seat: String, cards: Vec<Card> },
    /// ALORA's face-down cards at the reveal.
    AloraReveals { cards: Vec<Card> },
    /// The reveal is settled.
    Settle,
    /// A correction to a stash, counted at the table.
    Correct { seat: String, stash: u32 },
}

impl Action {
    /// What the action is, in words, for messages ("a sale").
    pub fn name(&self) -> &'static str {
        match self {
            Action::Deal { .. } => "a deal",
            Action::Prize { .. } => "a prize card",
            Action::Sell { .. } => "a sale",
            Action::AloraShows { .. } => "ALORA's shown cards",
            Action::AloraSells { .. } => "ALORA's sale",
            Action::Buy { .. } => "a purchase",
            Action::AloraBuys { .. } => "ALORA's purchase",
            Action::Bet { .. } => "a bet",
            Action::AloraBets { .. } => "ALORA's bet",
            Action::Play { .. } => "a hand played",
            Action::AloraReveals { .. } => "ALORA's revealed cards",
            Action::Settle => "the settling of the reveal",
            Action::Correct { .. } => "a stash correction",
        }
    }
}

/// The phases of a round, in order.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    Refresh,
    Sell,
    Buy,
    Bet,
    Reveal,
    Over,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Refresh => "refresh",
            Phase::Sell => "sell",
            Phase::Buy => "buy",
            Phase::Bet => "bet",
            Phase::Reveal => "reveal",
            Phase::Over => "over",
        }
    }
}

/// A seat and what kado knows of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatState {
    pub name: String,
    pub is_alora: bool,
    pub stash: u32,
    /// Cards in hand whose faces kado knows.
    pub known: Vec<Card>,
    /// Cards in hand kado has not seen.
    pub hidden: usize,
    /// ALORA's face-up cards.
    pub face_up: Vec<Card>,
    pub bet: Option<u32>,
    pub bank_bet: bool,
    pub played: Option<Vec<Card>>,
    /// Cards sold this round.
    pub sold: usize,
    /// Done with the current phase (sold, bought).
    pub done: bool,
}

impl SeatState {
    pub fn held(&self) -> usize {
        self.known.len() + self.hidden
    }
}

/// The state of a game: the fold of its actions.
#[derive(Clone, Debug)]
pub struct Game {
    pub rules: Rules,
    /// The ruleset the rules were read from, for the rulings named in explanations.
    ruleset: std::sync::Arc<Ruleset>,
    pub setup: Setup,
    pub round: u32,
    pub phase: Phase,
    /// Index of this round's dealer.
    pub dealer: usize,
    pub seats: Vec<SeatState>,
    pub market: Vec<Card>,
    pub pool: u32,
    pub pool_cards: Vec<Card>,
    /// What the bank paid out minus what it took in (the round tracker counts as the bank).
    pub bank_net: i64,
    pub start_total: u32,
    /// The virtual pack still to deal (top last).
    deck: Vec<Card>,
    /// Cards played in this round (reshuffled into the deck at the next refresh).
    played_pile: Vec<Card>,
    dealt: bool,
    settled: bool,
    /// The round's results, for the standings.
    pub history: Vec<RoundResult>,
}

/// What happened at a reveal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RoundResult {
    pub round: u32,
    pub winners: Vec<String>,
    pub payouts: Vec<(String, u32)>,
    /// How ALORA's tie was settled, when she was level with another hand on tier and
    /// sum (ruling `alora-ties`).
    #[serde(skip)]
    pub alora_tie: Option<Reason>,
    /// Each seat's money once the round was settled (for the play history's chart).
    #[serde(skip)]
    pub money: Vec<(String, u32)>,
    /// The hand category each winner won with.
    #[serde(skip)]
    pub hands: Vec<(String, String)>,
}

/// The virtual pack of a round: `cards` shuffled from the game's seed and the round.
fn shuffled(mut cards: Vec<Card>, seed: u64, round: u32) -> Vec<Card> {
    crate::shuffle::shuffle(
        &mut cards,
        seed ^ (u64::from(round).wrapping_mul(0x9E37_79B9_7F4A_7C15)),
    );
    cards
}

fn cards_text(cards: &[Card]) -> String {
    if cards.is_empty() {
        "nothing".into()
    } else {
        show_cards(cards)
    }
}

impl Game {
    fn virtual_seed(&self) -> Option<u64> {
        match self.setup.deck {
            Deck::Virtual { seed } => Some(seed),
            Deck::Physical => None,
        }
    }

    fn seat_index(&self, name: &str) -> Result<usize, PlayError> {
        self.seats
            .iter()
            .position(|s| s.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| PlayError::NoSuchSeat(name.to_string()))
    }

    fn alora_index(&self) -> Option<usize> {
        self.seats.iter().position(|s| s.is_alora)
    }

    /// Seats in turn order this round: the dealer first, then clockwise; in a solo game
    /// under ruling solo-first: player, the player first whoever deals.
    pub fn order(&self) -> Vec<usize> {
        let n = self.seats.len();
        let solo = n == 2 && self.alora_index().is_some();
        let first = match self.alora_index() {
            Some(a) if solo && self.rules.solo_player_first => 1 - a,
            _ => self.dealer,
        };
        (0..n).map(|i| (first + i) % n).collect()
    }

    /// The seat whose turn it is in the current phase.
    fn current(&self) -> Option<usize> {
        let order = self.order();
        match self.phase {
            // One card a turn (ruling sell-turns): the seat that has sold least goes next.
            Phase::Sell if self.rules.sell_one_at_a_time => order
                .into_iter()
                .filter(|&i| !self.seats[i].done)
                .min_by_key(|&i| self.seats[i].sold),
            Phase::Sell | Phase::Buy => order.into_iter().find(|&i| !self.seats[i].done),
            Phase::Bet => order
                .into_iter()
                .find(|&i| self.seats[i].bet.is_none() && !self.sits_out(i)),
            Phase::Reveal => order
                .into_iter()
                .find(|&i| self.seats[i].bet.is_some() && self.seats[i].played.is_none()),
            _ => None,
        }
    }

    /// A seat without enough cards to play a hand sits the round out (ruling
    /// `short-hand`): a player needs 2 cards, ALORA 1.
    pub fn sits_out(&self, i: usize) -> bool {
        let s = &self.seats[i];
        s.held() < if s.is_alora { 1 } else { 2 }
    }

    fn min_bet(&self) -> u32 {
        round_info(self.round).map_or(0, |r| r.minimum_bet)
    }

    /// Where a card is known to be, other than in seat `except`'s hand.
    fn whereabouts(&self, card: Card, except: Option<usize>) -> Option<Place> {
        if card.is_joker() {
            // Two jokers exist: a joker is elsewhere only if both are accounted for.
            let count = self.market.iter().filter(|c| c.is_joker()).count()
                + self.pool_cards.iter().filter(|c| c.is_joker()).count()
                + self.played_pile.iter().filter(|c| c.is_joker()).count()
                + self
                    .seats
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| Some(*i) != except)
                    .map(|(_, s)| s.known.iter().filter(|c| c.is_joker()).count())
                    .sum::<usize>()
                + self.jokers_in_tracker();
            return (count >= 2).then_some(Place::BothJokers);
        }
        if self.market.contains(&card) {
            return Some(Place::Market);
        }
        if self.pool_cards.contains(&card) {
            return Some(Place::PrizePool);
        }
        if self.played_pile.contains(&card) {
            return Some(Place::Played);
        }
        for (i, s) in self.seats.iter().enumerate() {
            if Some(i) != except && s.known.contains(&card) {
                return Some(Place::Hand(s.name.clone()));
            }
        }
        None
    }

    /// Cards kado does not know to be anywhere (still in the deck, or in a hand unseen).
    pub fn free_cards(&self) -> Vec<Card> {
        let mut out: Vec<Card> = Card::plain_deck()
            .filter(|c| self.whereabouts(*c, None).is_none())
            .collect();
        let known_jokers = self
            .market
            .iter()
            .chain(&self.pool_cards)
            .chain(&self.played_pile)
            .chain(self.seats.iter().flat_map(|s| s.known.iter()))
            .filter(|c| c.is_joker())
            .count();
        let free_jokers = 2usize.saturating_sub(self.jokers_in_tracker() + known_jokers);
        out.extend(std::iter::repeat_n(Card::Joker, free_jokers));
        out
    }

    /// Jokers still under the round tracker's chips.
    fn jokers_in_tracker(&self) -> usize {
        [3, 6]
            .iter()
            .filter(|r| self.round < **r || (self.round == **r && !self.dealt))
            .count()
    }

    /// Checks that `cards` can be taken from seat `i`'s hand: each is not known elsewhere,
    /// and the hand holds it (known) or could (hidden cards). Returns the hand after.
    fn take_from_hand(&self, i: usize, cards: &[Card]) -> Result<(Vec<Card>, usize), PlayError> {
        let s = &self.seats[i];
        let mut known = s.known.clone();
        let mut hidden = s.hidden;
        let mut unseen_jokers = 0;
        for (k, c) in cards.iter().enumerate() {
            if cards[..k].contains(c) && !c.is_joker() {
                return Err(PlayError::NamedTwice(*c));
            }
            if let Some(pos) = known.iter().position(|x| x == c) {
                known.remove(pos);
                continue;
            }
            if c.is_joker() {
                unseen_jokers += 1;
                let free = self.free_cards().iter().filter(|x| x.is_joker()).count();
                if unseen_jokers > free {
                    return Err(if self.jokers_in_tracker() == 2 {
                        PlayError::NoJokerYet
                    } else {
                        PlayError::JokersUnseen(free)
                    });
                }
                if hidden == 0 {
                    return Err(PlayError::NoJoker(s.name.clone()));
                }
                hidden -= 1;
                continue;
            }
            if let Some(place) = self.whereabouts(*c, Some(i)) {
                return Err(PlayError::Elsewhere(*c, place));
            }
            if hidden == 0 {
                return Err(if s.known.is_empty() && s.hidden == 0 {
                    PlayError::HoldsNothing(s.name.clone())
                } else if self.virtual_seed().is_some() || s.hidden == 0 {
                    PlayError::DoesNotHold {
                        seat: s.name.clone(),
                        card: *c,
                        holds: s.known.clone(),
                    }
                } else {
                    PlayError::HoldsOnly(s.name.clone(), s.held())
                });
            }
            hidden -= 1;
        }
        Ok((known, hidden))
    }

    /// ALORA's buy, her free draws limited to what the deck holds (ruling `empty-deck`).
    pub fn alora_buy_plan(&self, i: usize) -> alora::Buy {
        let mut plan = alora::buy(
            &self.market,
            self.seats[i].stash,
            self.seats[i].held(),
            &self.rules,
        );
        plan.free_draws = plan.free_draws.min(self.deck_size());
        plan
    }

    /// Cards in the deck: every card in play (52, and the jokers the tracker has
    /// released) less those kado knows to be out of it.
    pub fn deck_size(&self) -> usize {
        let jokers = 2 - self.jokers_in_tracker();
        let out: usize = self.seats.iter().map(SeatState::held).sum::<usize>()
            + self.market.len()
            + self.pool_cards.len()
            + self.played_pile.len();
        (52 + jokers).saturating_sub(out)
    }

    /// The next `n` cards of the virtual deck, without drawing them (none with real cards).
    fn peek(&self, n: usize) -> Vec<Card> {
        if self.virtual_seed().is_none() {
            return Vec::new();
        }
        let k = n.min(self.deck.len());
        let mut d: Vec<Card> = self.deck[self.deck.len() - k..].to_vec();
        d.reverse();
        d
    }

    /// Draws `n` cards from the virtual deck.
    fn draw(&mut self, n: usize) -> Vec<Card> {
        let k = n.min(self.deck.len());
        let at = self.deck.len() - k;
        let mut drawn = self.deck.split_off(at);
        drawn.reverse();
        drawn
    }

    fn enter_phase(&mut self, phase: Phase) {
        self.phase = phase;
        for s in &mut self.seats {
            s.done = false;
        }
    }

    /// The rulings behind the game's verdicts so far, for `--explain`: how reveals are
    /// settled, and each reveal where ALORA was level with another hand on tier and sum.
    pub fn explain(&self) -> Explain {
        let mut x = Explain::new();
        x.ruled(
            if self.rules.alora_ties_after_bets {
                "At a reveal the highest tier wins, then the highest sum, then the highest bet; equal bets split the pot, except that ALORA never shares one: where she would, she wins alone."
            } else {
                "At a reveal the highest tier wins, then the highest sum, then the highest bet; equal bets split the pot. ALORA wins as soon as she is level with another hand on tier and sum, whatever the bets."
            },
            &self.ruleset,
            &["alora-ties"],
        );
        x.ruled(
            if self.rules.alora_keeps_rest {
                "At the reveal ALORA plays her best hand; the cards outside it stay in her hand, face up."
            } else {
                "At the reveal ALORA plays every card she holds, face-down ones too; all go back to the deck at the next refresh."
            },
            &self.ruleset,
            &["alora-cards"],
        );
        for r in &self.history {
            if let Some(why) = &r.alora_tie {
                let won_by: Vec<String> = r.winners.iter().map(|w| display_name(w)).collect();
                x.0.push(Reason {
                    rule: format!(
                        "Round {}, won by {}: {}",
                        r.round,
                        won_by.join(" and "),
                        why.rule
                    ),
                    rulings: why.rulings.clone(),
                });
            }
        }
        x
    }

    /// Who has the most money (ruling `game-tie`).
    pub fn winners(&self) -> Vec<String> {
        let best = self.seats.iter().map(|s| s.stash).max().unwrap_or(0);
        let top: Vec<&SeatState> = self.seats.iter().filter(|s| s.stash == best).collect();
        if top.len() > 1
            && !self.rules.game_tie_shared
            && let Some(a) = top.iter().find(|s| s.is_alora)
        {
            return vec![a.name.clone()];
        }
        top.iter().map(|s| s.name.clone()).collect()
    }

    /// Money on the table: stashes, pool and open bets (bets the bank placed included).
    pub fn money_on_table(&self) -> i64 {
        let stashes: i64 = self.seats.iter().map(|s| i64::from(s.stash)).sum();
        let bets: i64 = self
            .seats
            .iter()
            .map(|s| i64::from(s.bet.unwrap_or(0)))
            .sum();
        stashes + bets + i64::from(self.pool)
    }

    /// ALORA's face-up cards for her bet (ruling `alora-face-up`).
    fn alora_face_up(&self, i: usize) -> Vec<Card> {
        self.seats[i].face_up.clone()
    }

    fn finish_reveal(&mut self) -> Vec<String> {
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
            .find(|r| v.alora_tie && r.rulings.iter().any(|x| x.id == "alora-ties"))
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
    fn pay(&mut self, v: &showdown::Settlement) -> Vec<(String, u32)> {
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
    fn round_won(&self, v: &showdown::Settlement) -> String {
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
    fn give_pool_cards(&mut self, to: Option<&str>) -> Option<String> {
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
    fn alora_keeps_rest(&mut self) {
        if !self.rules.alora_keeps_rest {
            return;
        }
        let Some(i) = self.alora_index() else { return };
        let Some(all) = self.seats[i].played.clone() else {
            return;
        };
        let best = super::hand::best_hand(&all, &self.rules).played;
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

    fn end_round(
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

/// `name verb`, in agreement: "you sell", "I sell" (a player called `me`), "ana sells",
/// "ALORA sells" (see [`words::Person`]).
pub fn says(name: &str, verb: &str) -> String {
    if name == ALORA {
        format!("ALORA {verb}")
    } else {
        words::agree(name, verb)
    }
}

/// "the card" or "all 3 cards", for asking to type cards.
fn all_cards(n: usize) -> String {
    if n == 1 {
        "the card".into()
    } else {
        format!("all {n} cards")
    }
}

/// Whose, for a seat: "your", "ALORA's", "ana's".
pub fn possessive(name: &str) -> String {
    words::possessive(&display_name(name))
}

/// ALORA for people, other names as they are.
pub fn display_name(name: &str) -> String {
    if name == ALORA {
        "ALORA".into()
    } else {
        name.to_string()
    }
}

/// "of 7♥ 7♦" or "2 of 7♥ 7♦ 7♣", for a pick among cards of equal value.
pub fn which_of(count: usize, from: &[Card]) -> String {
    if count == 1 {
        format!("of {}", show_cards(from))
    } else {
        format!("{count} of {}", show_cards(from))
    }
}

/// The pick that Enter stands for at ALORA's pick among cards of equal value: the lowest
/// suits in bridge order (♣ ♦ ♥ ♠), a joker last.
pub fn default_pick(from: &[Card], count: usize) -> Vec<Card> {
    use crate::cards::Suit;
    let mut sorted = from.to_vec();
    sorted.sort_by_key(|c| {
        let suit = match c.suit() {
            Some(Suit::Clubs) => 0,
            Some(Suit::Diamonds) => 1,
            Some(Suit::Hearts) => 2,
            Some(Suit::Spades) => 3,
            None => 4,
        };
        (suit, *c)
    });
    sorted.truncate(count);
    sorted
}

/// The prompt of ALORA's pick among cards of equal value, made for her by the table.
fn alora_pick_prompt(sure: &[Card], count: usize, from: &[Card], sells: bool) -> String {
    let default = show_cards(&default_pick(from, count));
    let one = if count == 1 {
        "one".to_string()
    } else {
        count.to_string()
    };
    if sells {
        let sure = if sure.is_empty() {
            String::new()
        } else {
            format!("{} and ", show_cards(sure))
        };
        format!(
            "ALORA sells {sure}{one} of {} (equal value): which {} to the market for her? [Enter: {default}]",
            show_cards(from),
            if count == 1 { "goes" } else { "go" }
        )
    } else {
        format!(
            "ALORA buys one of {} (equal value): which does she take? [Enter: {default}]",
            show_cards(from)
        )
    }
}

/// `help` at ALORA's pick among cards of equal value.
fn pick_help(count: usize, from: &[Card]) -> String {
    let default = default_pick(from, count);
    format!(
        "The rules leave this pick to the table, for ALORA: type which {} (e.g. {}), or press Enter for {} (the lowest suit in bridge order: ♣ ♦ ♥ ♠).",
        which_of(count, from),
        crate::cards::code_cards(&default),
        show_cards(&default)
    )
}

/// Reads the table's pick for ALORA among cards of equal value: Enter for the default,
/// else exactly `count` of `from`. Anything else (an answer meant for another prompt) is
/// refused with what this one wants.
fn read_pick(text: &str, count: usize, from: &[Card], sells: bool) -> Result<Vec<Card>, PlayError> {
    let default = default_pick(from, count);
    if text.trim().is_empty() {
        return Ok(default);
    }
    let refused = || PlayError::AloraPick {
        sells,
        count,
        from: from.to_vec(),
        default: default.clone(),
    };
    let t = text.trim();
    if ["none", "pass", "-", "no"].contains(&t.to_lowercase().as_str()) {
        return Err(refused());
    }
    let picked = crate::notation::read_answer_cards(t, Some(2)).map_err(|_| refused())?;
    let mut distinct = picked.clone();
    distinct.sort();
    distinct.dedup();
    if picked.len() != count || distinct.len() != count || !picked.iter().all(|c| from.contains(c))
    {
        return Err(refused());
    }
    Ok(picked)
}

/// Reads cards from an answer; `none`, `pass`, `-` or nothing is no cards.
fn read_cards(text: &str) -> Result<Vec<Card>, PlayError> {
    let t = text.trim();
    if t.is_empty() || ["none", "pass", "-", "no"].contains(&t.to_lowercase().as_str()) {
        return Ok(Vec::new());
    }
    crate::notation::read_answer_cards(t, Some(2)).map_err(|e| PlayError::Cards(e.to_string()))
}

impl Session for Game {
    type Setup = Setup;
    type Action = Action;
    type Error = PlayError;
    const GAME: &'static str = super::GAME;
    const COMMANDS: &'static str = ", fix NAME MONEY (correct a stash counted wrong), hint (the best move and its chances, solo against ALORA with a virtual pack)";

    fn said(&self, action: &Action) -> String {
        use crate::cards::code_cards;
        let or_none = |cards: &[Card]| {
            if cards.is_empty() {
                "none".to_string()
            } else {
                code_cards(cards)
            }
        };
        match action {
            Action::Deal { .. } => "deal".to_string(),
            Action::Prize { card } => or_none(card.as_slice()),
            Action::Sell { cards, .. }
            | Action::AloraShows { cards }
            | Action::AloraReveals { cards }
            | Action::Play { cards, .. } => or_none(cards),
            Action::AloraSells { cards } => {
                // Only the cards the table picked were typed: the plan's are kado's.
                let planned = self
                    .alora_index()
                    .map(|i| self.alora_sell_plan(i).sell)
                    .unwrap_or_default();
                let picked: Vec<Card> = cards.iter().skip(planned.len()).copied().collect();
                or_none(&picked)
            }
            Action::Buy { market, deck, .. } => {
                let mut words = vec![code_cards(market)];
                words.extend((0..*deck).map(|_| "deck".to_string()));
                let text = words.join(" ").trim().to_string();
                if text.is_empty() {
                    "none".to_string()
                } else {
                    text
                }
            }
            Action::AloraBuys { card, .. } => or_none(card.as_slice()),
            Action::Bet { amount, .. } => amount.to_string(),
            Action::AloraBets { amount, .. } => amount.to_string(),
            Action::Settle => "settle".to_string(),
            Action::Correct { seat, stash } => format!("fix {seat} {stash}"),
        }
    }

    fn start(setup: &Setup, rs: &Ruleset) -> Result<Game, PlayError> {
        let rules = Rules::from_ruleset(rs);
        setup.check(&rules)?;
        let mut seats: Vec<SeatState> = setup
            .players
            .iter()
            .map(|p| SeatState {
                name: p.to_lowercase(),
                is_alora: false,
                stash: rules.start_money,
                known: Vec::new(),
                hidden: 0,
                face_up: Vec::new(),
                bet: None,
                bank_bet: false,
                played: None,
                sold: 0,
                done: false,
            })
            .collect();
        if setup.alora {
            seats.push(SeatState {
                name: ALORA.into(),
                is_alora: true,
                stash: rules.start_money,
                known: Vec::new(),
                hidden: 0,
                face_up: Vec::new(),
                bet: None,
                bank_bet: false,
                played: None,
                sold: 0,
                done: false,
            });
        }
        let start_total = rules.start_money * seats.len() as u32;
        let deck = match setup.deck {
            Deck::Virtual { seed } => shuffled(Card::plain_deck().collect(), seed, 0),
            Deck::Physical => Vec::new(),
        };
        Ok(Game {
            rules,
            ruleset: std::sync::Arc::new(rs.clone()),
            setup: setup.clone(),
            round: 1,
            phase: Phase::Refresh,
            dealer: 0,
            seats,
            market: Vec::new(),
            pool: 0,
            pool_cards: Vec::new(),
            bank_net: 0,
            start_total,
            deck,
            played_pile: Vec::new(),
            dealt: false,
            settled: false,
            history: Vec::new(),
        })
    }

    fn apply(&mut self, action: &Action) -> Result<Vec<String>, PlayError> {
        if let Action::Correct { seat, stash } = action {
            return self.correct(seat, *stash);
        }
        if self.phase == Phase::Over {
            return Err(PlayError::GameOver);
        }
        let forced = self.forced(action);
        let mut said = self.apply_in_phase(action)?;
        if let Some(why) = forced {
            said.insert(0, why);
        }
        Ok(said)
    }

    fn next(&self) -> Step<Action> {
        match self.phase {
            Phase::Over => Step::Done,
            Phase::Refresh if !self.dealt => {
                let mut cards = Vec::new();
                if let Some(seed) = self.virtual_seed() {
                    // Work out the deal on a copy, to record the cards.
                    let mut probe = self.clone();
                    let mut back = std::mem::take(&mut probe.deck);
                    back.append(&mut probe.played_pile);
                    probe.deck = shuffled(back, seed, probe.round);
                    let mut dealt = vec![Vec::new(); probe.seats.len()];
                    for i in probe.order() {
                        let need = probe
                            .rules
                            .hand_limit
                            .saturating_sub(probe.seats[i].held())
                            .min(probe.deck.len());
                        dealt[i] = probe.draw(need);
                    }
                    cards = dealt;
                }
                Step::Auto(Action::Deal { cards })
            }
            Phase::Refresh => {
                if self.virtual_seed().is_some() {
                    Step::Auto(Action::Prize {
                        card: self.deck.last().copied(),
                    })
                } else {
                    Step::Ask(Question::new(
                        "prize",
                        format!(
                            "Round {}: turn up the top card of the deck. Which card is it?",
                            self.round
                        ),
                        "Type the card turned up, e.g. KH or K♥.",
                    ))
                }
            }
            Phase::Sell => self.next_sell(),
            Phase::Buy => self.next_buy(),
            Phase::Bet => self.next_bet(),
            Phase::Reveal => self.next_reveal(),
        }
    }

    fn answer(&self, q: &Question, text: &str) -> Result<Action, PlayError> {
        if let Some(rest) = text.trim().strip_prefix("fix ") {
            return self.read_fix(rest);
        }
        let (kind, who) = q.key.split_once(':').unwrap_or((q.key.as_str(), ""));
        let seat = who.to_string();
        match kind {
            "prize" => match read_cards(text)?.as_slice() {
                [c] => Ok(Action::Prize { card: Some(*c) }),
                [] => Ok(Action::Prize { card: None }),
                _ => Err(PlayError::OnePrizeCard),
            },
            "sell" => Ok(Action::Sell {
                seat,
                cards: read_cards(text)?,
            }),
            "alora-shows" => Ok(Action::AloraShows {
                cards: read_cards(text)?,
            }),
            "alora-reveals" => Ok(Action::AloraReveals {
                cards: read_cards(text)?,
            }),
            "alora-sells" => {
                let i = self.alora_index().ok_or(PlayError::NoAlora)?;
                let plan = self.alora_sell_plan(i);
                let mut cards = plan.sell.clone();
                if let Some(ch) = &plan.choose {
                    cards.extend(read_pick(text, ch.count, &ch.from, true)?);
                }
                Ok(Action::AloraSells { cards })
            }
            "alora-buys" => self.read_alora_buy(text),
            "buy" => self.read_buy(seat, text),
            "bet" => {
                let amount = parse_money(text)
                    .ok_or_else(|| PlayError::NotMoney(text.trim().to_string()))?;
                Ok(Action::Bet { seat, amount })
            }
            "play" if text.trim().eq_ignore_ascii_case("best") => self.best_play(seat),
            "play" => Ok(Action::Play {
                seat,
                cards: read_cards(text)?,
            }),
            _ => Err(PlayError::Unexpected),
        }
    }

    fn show(&self, style: Style) -> String {
        let mut out = String::new();
        if self.phase == Phase::Over {
            out += "Final standings\n";
        } else if self.phase == Phase::Refresh && !self.dealt && self.round > 1 {
            out += &format!(
                "Standings after round {} · next: round {}, dealer {}\n",
                self.round - 1,
                self.round,
                display_name(&self.seats[self.dealer].name)
            );
        } else {
            out += &format!(
                "Round {}/{} · {} phase · dealer {} · minimum bet {}\n",
                self.round,
                self.rules.rounds,
                self.phase.name(),
                display_name(&self.seats[self.dealer].name),
                money(i64::from(self.min_bet()))
            );
        }
        let mut t = render::table(["Seat", "Stash", "Cards", "Bet"]);
        let mut ranked: Vec<&SeatState> = self.seats.iter().collect();
        if self.phase == Phase::Over {
            ranked.sort_by_key(|s| std::cmp::Reverse(s.stash));
        }
        for s in ranked {
            let cards = if self.virtual_seed().is_some() && !s.is_alora {
                style.cards(&s.known)
            } else if s.is_alora {
                let up = style.cards(&s.face_up);
                let down = s.held() - s.face_up.len().min(s.held());
                if down > 0 {
                    format!(
                        "{} + {} face down",
                        if s.face_up.is_empty() {
                            "—".to_string()
                        } else {
                            up
                        },
                        down
                    )
                } else {
                    up
                }
            } else {
                format!("{} held", s.held())
            };
            let bet = match (s.bet, s.bank_bet) {
                (Some(b), true) => format!("{} (bank)", money(i64::from(b))),
                (Some(b), false) => money(i64::from(b)),
                (None, _) => "—".into(),
            };
            t.add_row([display_name(&s.name), money(i64::from(s.stash)), cards, bet]);
        }
        out += &render::show(&t);
        out += &format!(
            "Prize pool: {}{} · Market: {} · Bank paid out (net): {}\n",
            money(i64::from(self.pool)),
            if self.pool_cards.is_empty() {
                String::new()
            } else {
                format!(" and {}", style.cards(&self.pool_cards))
            },
            style.cards(&self.market),
            money(self.bank_net)
        );
        if self.phase == Phase::Over {
            let w: Vec<String> = self.winners().iter().map(|w| display_name(w)).collect();
            out += &format!("Winner: {}\n", w.join(" and "));
        }
        out
    }

    fn summary(&self) -> serde_json::Value {
        serde_json::to_value(self.status()).unwrap_or(serde_json::Value::Null)
    }

    fn outcome(&self) -> Option<crate::history::Outcome> {
        Some(self.outcome())
    }

    /// A new phase, or ALORA's move in this one (kado's own, told in a sentence that the
    /// table shown before the next question must agree with).
    fn phase_key(&self) -> String {
        let alora = self
            .alora_index()
            .filter(|_| self.phase != Phase::Refresh)
            .map(|i| {
                let s = &self.seats[i];
                (s.held(), s.face_up.len(), s.bet, s.done, s.played.is_some())
            });
        format!("{}:{}:{alora:?}", self.round, self.phase.name())
    }

    fn hint(&self, q: &Question) -> Option<String> {
        super::advise::view::hint(self, q)
    }

    fn once_asked(action: &Action) -> bool {
        matches!(
            action,
            Action::Sell { .. } | Action::Buy { .. } | Action::Bet { .. } | Action::Play { .. }
        )
    }
}

/// Applying an action, and the questions kado answers itself.
impl Game {
    /// Applies an action of the phase the game is in.
    fn apply_in_phase(&mut self, action: &Action) -> Result<Vec<String>, PlayError> {
        match (self.phase, action) {
            (Phase::Refresh, Action::Deal { cards }) => self.deal(cards),
            (Phase::Refresh, Action::Prize { card }) => self.prize(*card),
            (Phase::Sell, Action::AloraShows { cards }) => self.alora_shows(cards),
            (Phase::Sell, Action::AloraSells { cards }) => self.alora_sells(cards),
            (Phase::Sell, Action::Sell { seat, cards }) => self.sell(seat, cards),
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
            ) => self.buy(seat, market, *deck, drawn),
            (Phase::Bet, Action::AloraBets { amount, bank }) => self.alora_bets(*amount, *bank),
            (Phase::Bet, Action::Bet { seat, amount }) => self.bet(seat, *amount),
            (Phase::Reveal, Action::Play { seat, cards }) => self.play(seat, cards),
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
    fn forced(&self, action: &Action) -> Option<String> {
        if !<Game as Session>::once_asked(action) || self.next() != Step::Auto(action.clone()) {
            return None;
        }
        let (seat, what, why) = match action {
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
    fn can_buy_a_card(&self, stash: u32) -> bool {
        let cheapest = self.market.iter().map(|c| value(*c)).min();
        cheapest.is_some_and(|v| v <= stash)
            || (self.deck_size() > 0 && self.rules.deck_card_cost <= stash)
    }

    /// Why a seat buys nothing, when that is its one legal answer.
    fn buys_nothing(&self, seat: &str) -> String {
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
    fn only_bet(&self, seat: &str) -> String {
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

/// Reading the table's answers into actions.
impl Game {
    /// `fix NAME MONEY` (after `fix `): a stash counted wrong.
    fn read_fix(&self, rest: &str) -> Result<Action, PlayError> {
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
        Ok(Action::Correct {
            seat: self.seats[i].name.clone(),
            stash,
        })
    }

    /// The card ALORA takes among market cards of equal value.
    fn read_alora_buy(&self, text: &str) -> Result<Action, PlayError> {
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
    fn alora_buy_choice(&self, plan: &alora::Buy) -> Vec<Card> {
        if plan.buy.is_none() || plan.choose_from.is_empty() {
            return Vec::new();
        }
        let mut from = plan.choose_from.clone();
        from.extend(plan.buy);
        from.sort();
        from
    }

    /// A player's purchase: market cards, and `deck` (or `d`, `deckN`) per blind card.
    fn read_buy(&self, seat: String, text: &str) -> Result<Action, PlayError> {
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
    fn best_play(&self, seat: String) -> Result<Action, PlayError> {
        let i = self.seat_index(&seat)?;
        let s = &self.seats[i];
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

/// The actions, one method each: each checks the move against the rules and the table,
/// makes it, and says what to do at the table.
impl Game {
    fn correct(&mut self, seat: &str, stash: u32) -> Result<Vec<String>, PlayError> {
        let i = self.seat_index(seat)?;
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
    fn alora_turn(&self, turn: Turn) -> Result<usize, PlayError> {
        let i = self.current().ok_or(PlayError::NoOne(turn))?;
        if !self.seats[i].is_alora {
            return Err(PlayError::NotAlorasTurn);
        }
        Ok(i)
    }

    /// The seat called `seat`, whose turn it must be.
    fn turn_of(&self, seat: &str, turn: Turn) -> Result<usize, PlayError> {
        let i = self.seat_index(seat)?;
        if self.current() != Some(i) {
            return Err(PlayError::NotTurn(seat.to_string(), turn));
        }
        Ok(i)
    }

    /// Moves on to `next` once every seat has had its turn.
    fn next_phase_when_done(&mut self, next: Phase) {
        if self.current().is_none() {
            self.enter_phase(next);
        }
    }

    fn deal(&mut self, cards: &[Vec<Card>]) -> Result<Vec<String>, PlayError> {
        if self.dealt {
            return Err(PlayError::AlreadyDealt);
        }
        if let Some(seed) = self.virtual_seed() {
            // The played cards go back into the deck, which is shuffled.
            let mut back = std::mem::take(&mut self.deck);
            back.append(&mut self.played_pile);
            self.deck = shuffled(back, seed, self.round);
        } else {
            self.played_pile.clear();
        }
        let mut said = Vec::new();
        let mut dealt = vec![Vec::new(); self.seats.len()];
        for i in self.order() {
            let need = self
                .rules
                .hand_limit
                .saturating_sub(self.seats[i].held())
                .min(self.deck_size());
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

    /// The round tracker's chip (and joker) join the prize pool.
    fn round_chip(&mut self, said: &mut Vec<String>) -> Result<(), PlayError> {
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

    fn prize(&mut self, card: Option<Card>) -> Result<Vec<String>, PlayError> {
        if !self.dealt {
            return Err(PlayError::DealFirst);
        }
        let mut said = Vec::new();
        match card {
            None if self.deck_size() > 0 => {
                return Err(PlayError::DeckNotEmpty(self.deck_size()));
            }
            None => {
                said.push("The deck is empty: no prize card this round (ruling empty-deck).".into())
            }
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
    fn all_face_down(&self, i: usize, cards: &[Card]) -> Result<(), PlayError> {
        if cards.len() != self.seats[i].hidden {
            return Err(PlayError::AloraFaceDown(self.seats[i].hidden));
        }
        Ok(())
    }

    fn alora_shows(&mut self, cards: &[Card]) -> Result<Vec<String>, PlayError> {
        let i = self.alora_turn(Turn::Sell)?;
        self.all_face_down(i, cards)?;
        let (known, _) = self.take_from_hand(i, cards)?;
        let s = &mut self.seats[i];
        s.known = known;
        s.known.extend(cards);
        s.hidden = 0;
        if self.rules.alora_face_up_shown {
            let all = s.known.clone();
            s.face_up = all;
        }
        Ok(Vec::new())
    }

    /// What ALORA sells at her turn: her two lowest cards, or under ruling `sell-turns:
    /// one-at-a-time` the lowest she holds.
    pub fn alora_sell_plan(&self, i: usize) -> alora::Sell {
        let known = &self.seats[i].known;
        if self.rules.sell_one_at_a_time {
            alora::sell_lowest(known, 1)
        } else {
            alora::sell(known)
        }
    }

    /// Checks that `cards` are what ALORA sells.
    fn alora_sale(&self, i: usize, cards: &[Card]) -> Result<(), PlayError> {
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

    fn alora_sells(&mut self, cards: &[Card]) -> Result<Vec<String>, PlayError> {
        let i = self.alora_turn(Turn::Sell)?;
        self.alora_sale(i, cards)?;
        let (known, _) = self.take_from_hand(i, cards)?;
        let shown = self.rules.alora_face_up_shown;
        let s = &mut self.seats[i];
        s.known = known;
        if shown {
            // Her hand was turned up at her sell turn: what she keeps stays face up.
            s.face_up = s.known.clone();
        } else {
            s.face_up.retain(|c| !cards.contains(c));
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
    fn sold_to_market(&mut self, i: usize, cards: &[Card]) -> u32 {
        let proceeds: u32 = cards.iter().map(|c| value(*c)).sum();
        let one_at_a_time = self.rules.sell_one_at_a_time;
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

    fn sell(&mut self, seat: &str, cards: &[Card]) -> Result<Vec<String>, PlayError> {
        let i = self.turn_of(seat, Turn::Sell)?;
        if cards.len() > self.rules.max_sales {
            return Err(PlayError::SellsAtMost(self.rules.max_sales));
        }
        if self.rules.sell_one_at_a_time && cards.len() > 1 {
            return Err(PlayError::SellsOneATurn);
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
    fn alora_purchase(&self, i: usize, card: Option<Card>, free: usize) -> Result<(), PlayError> {
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

    fn alora_buys(
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
            said.push(instructions::bought(Some(c), cost, &Style::PLAIN));
        } else {
            said.push(instructions::bought(None, 0, &Style::PLAIN));
        }
        self.blind_draw(i, free, drawn)?;
        said.extend(instructions::dealt(free));
        self.seats[i].done = true;
        self.next_phase_when_done(Phase::Bet);
        Ok(said)
    }

    /// Seat `i` draws `n` cards from the deck: with a virtual deck, the cards `drawn`
    /// (returned), which must be the deck's; with real cards, unseen.
    fn blind_draw(&mut self, i: usize, n: usize, drawn: &[Card]) -> Result<Vec<Card>, PlayError> {
        if self.virtual_seed().is_none() {
            self.seats[i].hidden += n;
            return Ok(Vec::new());
        }
        let d = self.draw(n);
        if d != drawn {
            return Err(PlayError::DrawMismatch);
        }
        self.seats[i].known.extend(&d);
        Ok(d)
    }

    /// Checks a player's purchase; returns the market left and the cost.
    fn purchase(
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
        if !self.rules.buy_mixed && !market.is_empty() && deck > 0 {
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

    fn buy(
        &mut self,
        seat: &str,
        market: &[Card],
        deck: usize,
        drawn: &[Card],
    ) -> Result<Vec<String>, PlayError> {
        let i = self.turn_of(seat, Turn::Buy)?;
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
            said.push(format!("{} {}.", says(seat, "draws"), show_cards(&d)));
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

    fn alora_bets(&mut self, amount: u32, bank: bool) -> Result<Vec<String>, PlayError> {
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
    fn check_bet(&self, (i, seat): (usize, &str), amount: u32) -> Result<(), PlayError> {
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

    fn bet(&mut self, seat: &str, amount: u32) -> Result<Vec<String>, PlayError> {
        let i = self.turn_of(seat, Turn::Bet)?;
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

    fn play(&mut self, seat: &str, cards: &[Card]) -> Result<Vec<String>, PlayError> {
        let i = self.seat_index(seat)?;
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

    fn alora_reveals(&mut self, cards: &[Card]) -> Result<Vec<String>, PlayError> {
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
        if !self.rules.alora_keeps_rest {
            self.played_pile.extend(all);
        }
        Ok(Vec::new())
    }
}

impl Game {
    fn next_sell(&self) -> Step<Action> {
        let Some(i) = self.current() else {
            return Step::Done;
        };
        let s = &self.seats[i];
        if s.is_alora {
            if s.hidden > 0 {
                return Step::Ask(Question::new(
                    "alora-shows",
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
                Some(ch) => Step::Ask(Question::new(
                    "alora-sells",
                    alora_pick_prompt(&plan.sell, ch.count, &ch.from, true),
                    pick_help(ch.count, &ch.from),
                )),
            };
        }
        if s.held() == 0 {
            return Step::Auto(Action::Sell {
                seat: s.name.clone(),
                cards: Vec::new(),
            });
        }
        let hand = if self.virtual_seed().is_some() {
            format!(" (holds {})", show_cards(&s.known))
        } else {
            String::new()
        };
        if self.rules.sell_one_at_a_time {
            return Step::Ask(Question::new(
                format!("sell:{}", s.name),
                format!(
                    "{} a card, sale {} of {}{hand}",
                    says(&s.name, "sells"),
                    s.sold + 1,
                    self.rules.max_sales
                ),
                "Type the one card sold this turn, e.g. 2S, or `none` to stop selling (ruling sell-turns: one-at-a-time).",
            ));
        }
        Step::Ask(Question::new(
            format!("sell:{}", s.name),
            format!(
                "{} up to {}{hand}",
                says(&s.name, "sells"),
                words::count(self.rules.max_sales, "card")
            ),
            "Type the cards sold, e.g. 2S 3H, or `none`.",
        ))
    }

    fn next_buy(&self) -> Step<Action> {
        let Some(i) = self.current() else {
            return Step::Done;
        };
        let s = &self.seats[i];
        if s.is_alora {
            let plan = self.alora_buy_plan(i);
            let from = self.alora_buy_choice(&plan);
            if !from.is_empty() {
                return Step::Ask(Question::new(
                    "alora-buys",
                    alora_pick_prompt(&[], 1, &from, false),
                    pick_help(1, &from),
                ));
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
                seat: s.name.clone(),
                market: Vec::new(),
                deck: 0,
                drawn: Vec::new(),
            });
        }
        // The market on a line of its own: the prompt stays short.
        Step::Ask(Question::new(
            format!("buy:{}", s.name),
            format!(
                "Market: {} · deck cards {} each\n{} (holds {}, room for {}, {})",
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

    fn next_bet(&self) -> Step<Action> {
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
                seat: s.name.clone(),
                amount: min,
            });
        }
        Step::Ask(Question::new(
            format!("bet:{}", s.name),
            format!(
                "{} ({} to {}) and {} 2 to 5 cards face down",
                says(&s.name, "bets"),
                money(i64::from(min)),
                money(i64::from(max)),
                words::verb(&s.name, "plays")
            ),
            "Type the bet, e.g. 5 or $5.",
        ))
    }

    fn next_reveal(&self) -> Step<Action> {
        let Some(i) = self.current() else {
            return Step::Auto(Action::Settle);
        };
        let s = &self.seats[i];
        if s.is_alora {
            if s.hidden > 0 {
                return Step::Ask(Question::new(
                    "alora-reveals",
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
                seat: s.name.clone(),
                cards: s.known.clone(),
            });
        }
        let hand = if self.virtual_seed().is_some() {
            format!(" (holds {})", show_cards(&s.known))
        } else {
            String::new()
        };
        Step::Ask(Question::new(
            format!("play:{}", s.name),
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

/// A simple player that answers kado's questions: used to script whole games in tests
/// and simulations. With real cards it names cards nobody is known to hold.
pub mod bot {
    use super::*;

    /// How the bot plays.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Bot {
        /// Sell this many cards a round (0–3).
        pub sells: usize,
        /// Buy blind deck cards while there is room and money.
        pub buys: bool,
        /// Bet this much above the minimum.
        pub extra_bet: u32,
        /// Bet the most allowed when the best hand held is tier 2 or better (needs a
        /// virtual pack: the bot must see its cards).
        pub bold: bool,
    }

    impl Default for Bot {
        fn default() -> Bot {
            Bot {
                sells: 1,
                buys: true,
                extra_bet: 0,
                bold: false,
            }
        }
    }

    fn free(game: &Game, n: usize, taken: &mut Vec<Card>) -> Vec<Card> {
        let mut out = Vec::new();
        for c in game.free_cards() {
            if out.len() == n {
                break;
            }
            if !taken.contains(&c)
                || (c.is_joker() && taken.iter().filter(|t| t.is_joker()).count() < 2)
            {
                out.push(c);
                taken.push(c);
            }
        }
        out
    }

    fn codes(cards: &[Card]) -> String {
        if cards.is_empty() {
            "none".into()
        } else {
            crate::cards::code_cards(cards)
        }
    }

    impl Bot {
        /// What the bot sells: its lowest cards (one a turn under sell-turns:
        /// one-at-a-time), keeping at least two.
        fn sale(&self, game: &Game, s: &SeatState) -> String {
            let mut n = self.sells.min(s.held().saturating_sub(2));
            if game.rules.sell_one_at_a_time {
                n = usize::from(s.sold < self.sells && n > 0);
            }
            if game.virtual_seed().is_some() {
                let mut hand = s.known.clone();
                hand.sort_by_key(|c| (value(*c), *c));
                codes(&hand[..n.min(hand.len())])
            } else {
                codes(&free(game, n.min(s.hidden), &mut Vec::new()))
            }
        }

        /// The bot's answer to a question.
        pub fn answer(&self, game: &Game, q: &Question) -> String {
            let (kind, who) = q.key.split_once(':').unwrap_or((q.key.as_str(), ""));
            let seat = game.seats.iter().find(|s| s.name == who);
            let mut taken = Vec::new();
            let virtual_deck = game.virtual_seed().is_some();
            match kind {
                "prize" if game.deck_size() == 0 => "none".into(),
                "prize" => codes(&free(game, 1, &mut taken)),
                "alora-shows" | "alora-reveals" => {
                    let n = game.alora_index().map_or(0, |i| game.seats[i].hidden);
                    codes(&free(game, n, &mut taken))
                }
                "alora-sells" => {
                    let i = game.alora_index().unwrap_or(0);
                    let plan = game.alora_sell_plan(i);
                    plan.choose
                        .map_or_else(String::new, |c| codes(&c.from[..c.count]))
                }
                "alora-buys" => {
                    let i = game.alora_index().unwrap_or(0);
                    let plan = game.alora_buy_plan(i);
                    plan.buy.map_or_else(String::new, |c| c.code())
                }
                "sell" => seat.map_or_else(|| "none".into(), |s| self.sale(game, s)),
                "buy" => {
                    let Some(s) = seat else { return "none".into() };
                    let room = game.rules.hand_limit.saturating_sub(s.held());
                    let afford = (s.stash / game.rules.deck_card_cost.max(1)) as usize;
                    let n = if self.buys {
                        room.min(afford).min(2).min(game.deck_size())
                    } else {
                        0
                    };
                    if n == 0 {
                        "none".into()
                    } else {
                        vec!["deck"; n].join(" ")
                    }
                }
                "bet" => {
                    let Some(s) = seat else { return "0".into() };
                    let min = game.min_bet().min(s.stash);
                    let strong = self.bold
                        && s.hidden == 0
                        && best_hand(&s.known, &game.rules).hand.tier >= 2;
                    let extra = if strong {
                        game.rules.max_bet
                    } else {
                        self.extra_bet
                    };
                    (min + extra)
                        .min(s.stash)
                        .min(game.rules.max_bet)
                        .to_string()
                }
                "play" => {
                    let Some(s) = seat else { return "none".into() };
                    if virtual_deck || s.hidden == 0 {
                        "best".into()
                    } else {
                        let mut cards = s.known.clone();
                        cards.truncate(2);
                        let more = 2usize.saturating_sub(cards.len()).min(s.hidden);
                        taken.extend(cards.iter().copied());
                        cards.extend(free(game, more, &mut taken));
                        codes(&cards)
                    }
                }
                _ => "none".into(),
            }
        }
    }

    /// Plays a game to its end (or `max_steps`), the bot answering every question.
    /// Returns the answers given (one per question) and the final state. `check` runs
    /// after every action.
    pub fn play_out(
        game: Game,
        bot: &Bot,
        max_steps: usize,
        check: impl FnMut(&Game),
    ) -> Result<(Vec<String>, Vec<Action>, Game), PlayError> {
        play_out_with(game, |g, q| bot.answer(g, q), max_steps, check)
    }

    /// [`play_out`] with any player: `answer` gives the text typed at each question.
    pub fn play_out_with(
        mut game: Game,
        mut answer: impl FnMut(&Game, &Question) -> String,
        max_steps: usize,
        mut check: impl FnMut(&Game),
    ) -> Result<(Vec<String>, Vec<Action>, Game), PlayError> {
        let mut answers = Vec::new();
        let mut actions = Vec::new();
        for _ in 0..max_steps {
            match game.next() {
                Step::Done => return Ok((answers, actions, game)),
                Step::Auto(a) => {
                    game.apply(&a)?;
                    actions.push(a);
                }
                Step::Ask(q) => {
                    let text = answer(&game, &q);
                    let refused =
                        |e| PlayError::Answer(q.prompt.clone(), text.clone(), Box::new(e));
                    let a = game.answer(&q, &text).map_err(refused)?;
                    game.apply(&a).map_err(refused)?;
                    answers.push(text);
                    actions.push(a);
                }
            }
            check(&game);
        }
        Ok((answers, actions, game))
    }
}

#[cfg(test)]
mod tests {
    use super::bot::{Bot, play_out};
    use super::*;

    /// The virtual pack a seed deals, round by round, recorded with rand 0.10.3's `StdRng`
    /// and `shuffle` (before src/shuffle.rs): saved virtual games replay only if these stay.
    #[test]
    fn virtual_deals_are_pinned_across_rand_upgrades() {
        // Seed, round: the pack, top card first.
        const PINNED: &str = "\
0 0: QD 2H 8S 4S 3C 9D 7C 7H AD QS KD 10H 10D 6C KH 2D 5H 5C 5S 10S JS AS JH 3H KS 4C AC QC 4H 7D 3S 9H JC QH AH 6S JD 10C 8D 4D 2C 9C 6D 2S 6H 8H KC 7S 8C 9S 5D 3D
0 4: 2S 6C QC JH 10S AS 8H 7H 10C 8S 2C AD KC 10D KS 3H AH 9H 4D 6H QH 2D AC 5D KD 10H 9D 5C JS 3C 3D 6S 2H 5S 8C JC 3S 7S 6D QS KH 9C 4S 8D JD 4C 7C 4H 9S 5H 7D QD
1 0: AS 2D JH 9H 2C 3S 6D 4C 7C AD 7D KS JS 4S 6S 7H 3D AC QH 5C KH 4H 9S 3C 6H KC 8D QC 8S QS KD 2S 10H 5H 10S 7S 9C JD JC 8H 3H 2H 10C 5S QD 6C 8C 5D 10D 9D AH 4D
1 4: JC 4S 7H 10D 5D JD 9C KH 10S 2H 8C 6C 7C 8D 2D QC QH 8H JS 6S 10H 3D 6H 5H 5C KC AS 10C 7D 7S 2C 9D AC 4C 4H AH 8S 3H 9S 2S JH 6D KD 3C 4D 3S 5S QS KS 9H QD AD
3 0: 5C 6H 2S KC AC AD QD 10H 3H JH 2C 9C 4D 2D 3C JS AS 10D 4C 8S 5H 5S QS 7D 7H QC KS 9H 8D QH 7C 3D 10C 10S 5D JC JD 9S 6D KD 3S 8H AH 6S 4S 7S KH 2H 4H 9D 8C 6C
3 4: 7H 8C 9S 7S JD 2H AS 6C 10D KS 10C 4D QS KH 5H JH KD KC QH 6S 6D 2S 4H AC 8H 6H 10S 10H 9D 3D 2D 4S 9C JS 9H 7D 8S QC 3H 7C 4C 2C 5S JC QD 3C AD 5C 8D AH 5D 3S
15 0: AC 6S 8D 2D 10C 9D 2C 5C 7C QS 10D 6H JD 3S 2S 2H 8H 9C JS 7D QH KH 7S QD 6D 5S JC 4S 3D 3H 5H 10H 9S 4D KD 8S 9H 5D 8C 4C 6C AH 7H AD 4H JH AS 10S KS 3C KC QC
15 4: 6D JH 10S 7H 5H 8S 4D 10D 8H 3S 9C KD 5C 10H 3C QC JD 7S AS 2S 8C JS 4H AC AH QS QD 2D 6S 10C KC 6H 2C 9D QH KS 9H JC 5S 8D 7C 3D 7D 2H 3H AD 9S 4S 5D 6C KH 4C
42 0: JD 6C AH 3S 2S 8H KH 10H 7H 9D 6H 5D 5C 4S 3D 3C JH 6D 10C 5S 6S 2H AD QS 8C 3H KC 4C 8D 7C KD KS 7S QC AS 5H 10D 8S 4D JS 10S 2D AC 9S 4H QH JC 9C 2C 7D QD 9H
42 4: KD 8C QC KC 6S QD 5H 8S 10H 4C 4D QS 7C KS 3D 7D 10C 6D 3S AD AH 2H 9S 2D 3C JS AC 6H 5S 5C KH 6C 8D 5D AS 7S 2S 3H 9H 9C JC JD 4H 10D 4S 8H 2C 7H JH 10S QH 9D
18446744073709551615 0: 5S 6H 8C 9S 2S 3D KH 2H KC 6C AH 4D 2C 10D 6S 4C 10S 8D QC 7S 3S 8H 5D 2D 4H 10H 3C 9D JD AS AC JS 4S QS KD 9H JH 5H JC 9C 6D 7C QH KS 7H 8S QD AD 5C 7D 10C 3H
18446744073709551615 4: 2S AS 4D 9S 3D 6D 3C JC QC AD 7D JH 10D 2C 2H 4C 5H 3S 8C 8H 10C 7C 10S 6C 6H 7S AC QH 7H 5D 9D QS 10H KH 6S 9C KD 5S JD KS JS KC 9H 8D 4H AH QD 5C 3H 4S 8S 2D
";
        for line in PINNED.lines() {
            let (key, deal) = line.split_once(": ").unwrap();
            let (seed, round) = key.split_once(' ').unwrap();
            let (seed, round): (u64, u32) = (seed.parse().unwrap(), round.parse().unwrap());
            let got = shuffled(Card::plain_deck().collect(), seed, round);
            assert_eq!(
                crate::cards::code_cards(&got),
                deal,
                "seed {seed}, round {round}"
            );
        }
        assert_eq!(PINNED.lines().count(), 12);
    }

    fn start(players: &[&str], alora: bool, deck: Deck) -> Game {
        let rs = Ruleset::builtin("kinkado").unwrap();
        let setup = Setup {
            players: players.iter().map(|p| p.to_string()).collect(),
            alora,
            deck,
        };
        Game::start(&setup, &rs).unwrap()
    }

    fn conserved(g: &Game) {
        assert_eq!(
            g.money_on_table(),
            i64::from(g.start_total) + g.bank_net,
            "round {} {:?}",
            g.round,
            g.phase
        );
        if g.virtual_seed().is_some() {
            assert_eq!(
                g.deck.len(),
                g.deck_size(),
                "deck count, round {} {:?}",
                g.round,
                g.phase
            );
        }
        assert!(g.seats.iter().all(|s| s.held() <= g.rules.hand_limit + 3));
        // Every card is somewhere: the cards nobody is known to hold are the hidden
        // cards in hands plus the deck.
        if g.virtual_seed().is_some() {
            let mut all: Vec<Card> = g.deck.clone();
            all.extend(&g.market);
            all.extend(&g.pool_cards);
            all.extend(&g.played_pile);
            for s in &g.seats {
                all.extend(&s.known);
            }
            let jokers = all.iter().filter(|c| c.is_joker()).count();
            all.sort();
            let n = all.len();
            all.dedup();
            assert_eq!(
                (n, jokers),
                (
                    all.len() + jokers.saturating_sub(1),
                    2 - g.jokers_in_tracker()
                ),
                "round {} {:?} hist {:?}",
                g.round,
                g.phase,
                g.history.last()
            );
        }
        let free = g.free_cards().len();
        let hidden: usize = g.seats.iter().map(|s| s.hidden).sum();
        assert_eq!(
            free,
            hidden + g.deck_size(),
            "card accounting, round {} {:?} hidden {hidden} deck {} free {:?} pool {:?} tracker {}",
            g.round,
            g.phase,
            g.deck_size(),
            g.free_cards(),
            g.pool_cards,
            g.jokers_in_tracker()
        );
    }

    #[test]
    fn solo_physical_game_runs_nine_rounds() {
        let g = start(&["you"], true, Deck::Physical);
        let (answers, _, end) = play_out(g, &Bot::default(), 10_000, conserved).unwrap();
        assert_eq!(end.phase, Phase::Over);
        assert_eq!(end.history.len(), 9);
        assert!(!answers.is_empty());
    }

    #[test]
    fn three_players_and_alora_physical() {
        let g = start(&["ana", "bo", "cy"], true, Deck::Physical);
        let (_, _, end) = play_out(
            g,
            &Bot {
                sells: 2,
                buys: true,
                extra_bet: 2,
                bold: true,
            },
            10_000,
            conserved,
        )
        .unwrap();
        assert_eq!(end.phase, Phase::Over);
    }

    #[test]
    fn three_players_and_alora_virtual() {
        let g = start(&["ana", "bo", "cy"], true, Deck::Virtual { seed: 7 });
        let (_, _, end) = play_out(
            g,
            &Bot {
                sells: 2,
                buys: true,
                extra_bet: 3,
                bold: true,
            },
            10_000,
            conserved,
        )
        .unwrap();
        assert_eq!(end.phase, Phase::Over);
    }

    #[test]
    fn setup_checks() {
        let s = |p: &[&str], a: bool| {
            Setup {
                players: p.iter().map(|x| x.to_string()).collect(),
                alora: a,
                deck: Deck::Physical,
            }
            .check(&Rules::standard())
        };
        assert!(s(&["a"], false).is_err());
        assert!(s(&["a", "b", "c", "d"], true).is_err());
        assert!(s(&["a", "A"], true).is_err());
        assert!(s(&["alora"], true).is_err());
        assert!(s(&["a", "b", "c"], true).is_ok());
    }

    /// What `g` says to `a`, which it must refuse.
    fn refused(g: &Game, a: Action) -> PlayError {
        g.clone().apply(&a).unwrap_err()
    }

    #[test]
    fn refuses_impossible_moves() {
        let mut g = start(&["ana"], true, Deck::Physical);
        g.apply(&Action::Deal { cards: vec![] }).unwrap();
        g.apply(&Action::Prize {
            card: Some("KH".parse().unwrap()),
        })
        .unwrap();
        let c = |s: &str| s.parse::<crate::notation::CardList>().unwrap().0;
        let sell = |cards: &str| Action::Sell {
            seat: "ana".into(),
            cards: c(cards),
        };
        // A card in the prize pool cannot be sold; nor four cards.
        let e = refused(&g, sell("KH"));
        assert!(
            matches!(e, PlayError::Elsewhere(_, Place::PrizePool)),
            "{e}"
        );
        assert_eq!(refused(&g, sell("2S 3S 4S 5S")), PlayError::SellsAtMost(3));
        g.apply(&sell("2S")).unwrap();
        // ALORA shows 7 cards; 2♠ is in the market.
        let shows = |cards: &str| Action::AloraShows { cards: c(cards) };
        let e = refused(&g, shows("2S 3D 4D 5D 6D 7D 8D"));
        assert!(matches!(e, PlayError::Elsewhere(_, Place::Market)), "{e}");
        g.apply(&shows("3D 4D 5D 6D 7D 8D 9D")).unwrap();
        let Step::Auto(a) = g.next() else {
            panic!("ALORA sells by herself")
        };
        assert_eq!(a, Action::AloraSells { cards: c("3D 4D") });
        g.apply(&a).unwrap();
        refuses_impossible_buys_bets_and_plays(g);
    }

    /// The rest of [`refuses_impossible_moves`], from the buy phase.
    fn refuses_impossible_buys_bets_and_plays(mut g: Game) {
        let c = |s: &str| s.parse::<crate::notation::CardList>().unwrap().0;
        let buy = |market: &str, deck| Action::Buy {
            seat: "ana".into(),
            market: c(market),
            deck,
            drawn: vec![],
        };
        // Buy phase: ana holds 6, may buy 1.
        let e = refused(&g, buy("", 2));
        assert!(matches!(e, PlayError::HandLimit { held: 6, .. }), "{e}");
        assert_eq!(
            e.to_string(),
            "ana holds 6 and may hold at most 7: buy at most 1"
        );
        g.apply(&buy("3D", 0)).unwrap();
        let Step::Auto(a) = g.next() else { panic!() };
        g.apply(&a).unwrap();
        // Bets: above $25, or below the minimum, are refused.
        let bet = |amount| Action::Bet {
            seat: "ana".into(),
            amount,
        };
        assert_eq!(refused(&g, bet(26)), PlayError::BetAbove(25));
        assert_eq!(refused(&g, bet(0)), PlayError::BelowMinimum(1));
        g.apply(&bet(3)).unwrap();
        let Step::Auto(a) = g.next() else { panic!() };
        g.apply(&a).unwrap();
        let play = |cards: &str| Action::Play {
            seat: "ana".into(),
            cards: c(cards),
        };
        assert_eq!(refused(&g, play("AS")), PlayError::HandSize(1));
        let e = refused(&g, play("AS 9D"));
        assert!(
            matches!(&e, PlayError::Elsewhere(_, Place::Hand(s)) if s == ALORA),
            "{e}"
        );
        conserved(&g);
    }

    fn rules_with(pairs: &[(&str, &str)]) -> Ruleset {
        let mut rs = Ruleset::builtin("kinkado").unwrap();
        for (id, alt) in pairs {
            rs = rs.with(id, alt).unwrap();
        }
        rs
    }

    use crate::notation::test_cards as cards;

    /// A solo game with real cards, up to ALORA's bet in round 1, with her hand given.
    #[test]
    fn the_pick_made_for_alora_takes_enter_for_the_lowest_suit_in_bridge_order() {
        assert_eq!(default_pick(&cards("7H 7D"), 1), cards("7D"));
        assert_eq!(default_pick(&cards("3S 3H 3C"), 1), cards("3C"));
        assert_eq!(default_pick(&cards("7S 7H 7D"), 2), cards("7D 7H"));
        assert_eq!(default_pick(&cards("JK 10S"), 1), cards("10S"));
        let from = cards("7H 7D");
        assert_eq!(read_pick("", 1, &from, true).unwrap(), cards("7D"));
        assert_eq!(read_pick(" 7h ", 1, &from, true).unwrap(), cards("7H"));
        for wrong in ["deck", "7S", "7H 7D", "none", "3C AH", "7H 7H"] {
            assert_eq!(
                read_pick(wrong, 1, &from, true).unwrap_err().to_string(),
                "type which of 7♥ 7♦ goes to the market for ALORA (e.g. 7D), or press Enter for 7♦",
                "{wrong}"
            );
        }
        assert_eq!(
            read_pick("4C", 1, &from, false).unwrap_err().to_string(),
            "type which of 7♥ 7♦ she takes from the market for ALORA (e.g. 7D), or press Enter for 7♦"
        );
    }

    #[test]
    fn a_bet_with_one_legal_amount_is_kados_and_said() {
        let mut g = to_alora_bet(&Ruleset::builtin("kinkado").unwrap());
        // Round 2: ALORA deals and bets first; then ana, who has $1 left (the minimum).
        g.phase = Phase::Bet;
        for s in &mut g.seats {
            s.bet = None;
            s.done = false;
        }
        let ana = g.seats.iter().position(|s| s.name == "ana").unwrap();
        g.seats[ana].stash = 1;
        let alora = g.alora_index().unwrap();
        g.seats[alora].done = true;
        g.seats[alora].bet = Some(1);
        let forced = Action::Bet {
            seat: "ana".into(),
            amount: 1,
        };
        assert_eq!(g.current(), Some(ana));
        assert_eq!(g.next(), Step::Auto(forced.clone()));
        let said = g.apply(&forced).unwrap();
        assert_eq!(
            said[0],
            "kado answers for ana: ana bets $1 (ana has $1 and the minimum bet is $1)."
        );
    }

    fn to_alora_bet(rs: &Ruleset) -> Game {
        let setup = Setup {
            players: vec!["ana".into()],
            alora: true,
            deck: Deck::Physical,
        };
        let mut g = Game::start(&setup, rs).unwrap();
        g.apply(&Action::Deal { cards: vec![] }).unwrap();
        g.apply(&Action::Prize {
            card: Some("2C".parse().unwrap()),
        })
        .unwrap();
        g.apply(&Action::Sell {
            seat: "ana".into(),
            cards: vec![],
        })
        .unwrap();
        g.apply(&Action::AloraShows {
            cards: cards("KS 3D 4D 5D 6D 7D 8D"),
        })
        .unwrap();
        let Step::Auto(a) = g.next() else {
            panic!("ALORA sells")
        };
        g.apply(&a).unwrap();
        g.apply(&Action::Buy {
            seat: "ana".into(),
            market: vec![],
            deck: 0,
            drawn: vec![],
        })
        .unwrap();
        let Step::Auto(a) = g.next() else {
            panic!("ALORA buys")
        };
        g.apply(&a).unwrap();
        g.apply(&Action::Bet {
            seat: "ana".into(),
            amount: 1,
        })
        .unwrap();
        g
    }

    #[test]
    fn alora_face_up_ruling_both_sides() {
        // Her hand was turned up at her sell turn: the K♠ she kept is face up, she bets $20.
        let g = to_alora_bet(&Ruleset::builtin("kinkado").unwrap());
        assert_eq!(
            g.next(),
            Step::Auto(Action::AloraBets {
                amount: 20,
                bank: false
            })
        );
        // bought-only: she bought nothing worth showing (3♦ 4♦ went to the market and she
        // buys the best card of 6 or more there: none), so the round minimum, $1.
        let g = to_alora_bet(&rules_with(&[("alora-face-up", "bought-only")]));
        assert_eq!(
            g.next(),
            Step::Auto(Action::AloraBets {
                amount: 1,
                bank: false
            })
        );
    }

    #[test]
    fn game_tie_ruling_both_sides() {
        let mut g = start(&["ana"], true, Deck::Physical);
        g.phase = Phase::Over;
        assert_eq!(g.winners(), vec!["ana".to_string(), "alora".to_string()]);
        let mut g2 = Game::start(&g.setup, &rules_with(&[("game-tie", "alora-wins")])).unwrap();
        g2.phase = Phase::Over;
        assert_eq!(g2.winners(), vec!["alora".to_string()]);
    }

    #[test]
    fn buy_sources_ruling_both_sides() {
        for (rs, mixed_ok) in [
            (Ruleset::builtin("kinkado").unwrap(), true),
            (rules_with(&[("buy-sources", "one-source")]), false),
        ] {
            let setup = Setup {
                players: vec!["ana".into()],
                alora: true,
                deck: Deck::Physical,
            };
            let mut g = Game::start(&setup, &rs).unwrap();
            g.apply(&Action::Deal { cards: vec![] }).unwrap();
            g.apply(&Action::Prize {
                card: Some("2C".parse().unwrap()),
            })
            .unwrap();
            g.apply(&Action::Sell {
                seat: "ana".into(),
                cards: cards("9S 9H"),
            })
            .unwrap();
            g.apply(&Action::AloraShows {
                cards: cards("KS 3D 4D 5D 6D 7D 8D"),
            })
            .unwrap();
            let Step::Auto(a) = g.next() else { panic!() };
            g.apply(&a).unwrap();
            let buy = Action::Buy {
                seat: "ana".into(),
                market: cards("9S"),
                deck: 1,
                drawn: vec![],
            };
            assert_eq!(g.clone().apply(&buy).is_ok(), mixed_ok);
            let market_only = Action::Buy {
                seat: "ana".into(),
                market: cards("9S 9H"),
                deck: 0,
                drawn: vec![],
            };
            assert!(g.apply(&market_only).is_ok());
        }
    }

    #[test]
    fn five_of_a_kind_counts_as_four() {
        let b = best_hand(&cards("AS AH AD AC JK"), &Rules::standard());
        assert_eq!(b.hand.category, super::super::hand::Category::FourOfAKind);
        assert_eq!(b.hand.sum, 24);
    }

    #[test]
    fn corrections_keep_the_books() {
        let mut g = start(&["ana"], true, Deck::Physical);
        g.apply(&Action::Correct {
            seat: "ana".into(),
            stash: 45,
        })
        .unwrap();
        assert_eq!(g.seats[0].stash, 45);
        conserved(&g);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]
        #[test]
        fn money_is_conserved_in_random_virtual_games(seed in 0u64..1_000_000, players in 1usize..=3, sells in 0usize..=3, extra in 0u32..10, buys: bool) {
            let names = ["ana", "bo", "cy"];
            let g = start(&names[..players], true, Deck::Virtual { seed });
            let (_, _, end) = play_out(g, &Bot { sells, buys, extra_bet: extra, bold: buys }, 20_000, conserved).unwrap();
            proptest::prop_assert_eq!(end.phase, Phase::Over);
        }
    }
}
