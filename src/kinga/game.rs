//! A whole game of Kinga as a session: the four suit piles, the kings, the draw and
//! discard piles, the exiled cards and the hand, one action at a time.
//!
//! With a real deck the player says which cards they drew; with a virtual deck kado
//! deals them from a shuffle recorded in the log, so a replay is exact.

use crate::words;
use serde::{Deserialize, Serialize};

use super::error::{Error, Told, Whereabouts};
use super::{Options, Rules, effects, evaluate, needed, options, shortest_plays};
use crate::cards::{Card, Rank, Suit, show_cards};
use crate::render::Style;
use crate::ruleset::Ruleset;
use crate::session::{Question, Session, Step};
use crate::shuffle::Shuffler;

/// Where the cards come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Deck {
    /// Real cards: the player says what they drew.
    Real,
    /// kado shuffles and deals.
    Virtual,
}

/// How a game starts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub deck: Deck,
    /// The seed of the virtual deck and of hardcore's random discards.
    pub seed: u64,
    /// The starting deck, top card first (the virtual deck's shuffle; empty for a real
    /// deck, whose order nobody knows).
    #[serde(default)]
    pub order: Vec<Card>,
}

impl Setup {
    pub fn new(deck: Deck, seed: u64) -> Setup {
        let mut order = starting_deck();
        if deck == Deck::Virtual {
            Shuffler::new(seed).shuffle(&mut order);
        } else {
            order.clear();
        }
        Setup { deck, seed, order }
    }
}

/// The ten cards of the starting deck: the aces, the twos and the two jokers.
pub fn starting_deck() -> Vec<Card> {
    let mut v: Vec<Card> = Suit::ALL
        .iter()
        .flat_map(|s| [Card::new(Rank::Ace, *s), Card::new(Rank::Two, *s)])
        .collect();
    v.push(Card::Joker);
    v.push(Card::Joker);
    v
}

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Action {
    /// Cards drawn from the draw pile into the hand.
    Draw { cards: Vec<Card> },
    /// The discard pile shuffled into a new draw pile (top first; any order for a real
    /// deck).
    Reshuffle { order: Vec<Card> },
    /// A play and the top card it influences.
    Influence { play: Vec<Card>, target: Card },
    /// A card exiled from the hand (the Exile action).
    Exile { card: Card },
    /// The exile earned by a 5, 8 or 10 (from the hand or the discard pile), or none.
    Bonus { card: Option<Card> },
    /// Raise Suspicion: this king is turned sideways.
    Suspicion { king: Card },
    /// Suspicion had to be raised with every king turned: the game is lost.
    Executed,
    /// Cleanup: the card kept in hand, or none.
    Keep { card: Option<Card> },
    /// Ruling extra-draws: optional: how many of the extra cards earned are drawn.
    Extra { take: usize },
    /// Hardcore: cards discarded at random down to the hand size.
    RandomDiscard { cards: Vec<Card> },
}

/// Where in a turn the game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Drawing back up to the hand size at the end of cleanup (or at the start).
    Refill,
    /// Choosing the turn's action.
    Turn,
    /// Ruling extra-draws: optional: asking how many of the extra cards to draw.
    ExtraOffer,
    /// Drawing the extra cards of Three's Company and Harmony.
    ExtraDraw,
    /// Choosing the exile earned by a 5, 8 or 10.
    Bonus,
    /// Cleanup: choosing the card to keep.
    Keep,
    /// Hardcore cleanup: more cards than the hand size.
    TooMany,
    Over {
        won: bool,
    },
}

/// Samples per candidate for a `hint` at a prompt.
pub const HINT_SAMPLES: u32 = 200;

/// The state of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub rules: Rules,
    pub deck: Deck,
    pub seed: u64,
    /// The rank number of each pile's top card (3 up to 13, the king); 14 when empty.
    pub piles: [u8; 4],
    pub turned: [bool; 4],
    /// Queens influenced: their kings are exposed.
    pub exposed: [bool; 4],
    /// Kings already turned by suspicion when their queen fell (ruling sideways-queen).
    pub suspected_first: [bool; 4],
    /// The draw pile, top first (order known only for a virtual deck).
    pub draw: Vec<Card>,
    pub discard: Vec<Card>,
    pub exiled: Vec<Card>,
    pub hand: Vec<Card>,
    /// The cards of this turn waiting for cleanup (played, influenced, discarded).
    pub table: Vec<Card>,
    /// Cards still to draw in this step.
    pub to_draw: usize,
    pub phase: Phase,
    /// The card being influenced this turn.
    pub target: Option<Card>,
    /// Whether this turn's action was an influence (for cleanup).
    pub influenced: bool,
    pub turn: u32,
    pub reshuffles: u32,
}

impl Game {
    pub fn new(setup: &Setup, rules: Rules) -> Game {
        let draw = match setup.deck {
            Deck::Virtual if !setup.order.is_empty() => setup.order.clone(),
            _ => starting_deck(),
        };
        let mut g = Game {
            rules,
            deck: setup.deck,
            seed: setup.seed,
            piles: [3; 4],
            turned: [false; 4],
            exposed: [false; 4],
            suspected_first: [false; 4],
            draw,
            discard: Vec::new(),
            exiled: Vec::new(),
            hand: Vec::new(),
            table: Vec::new(),
            to_draw: 0,
            phase: Phase::Refill,
            target: None,
            influenced: false,
            turn: 0,
            reshuffles: 0,
        };
        g.to_draw = rules.hand_size;
        let mut said = Vec::new();
        g.settle(&mut said);
        g
    }

    /// The game at the start of a turn, as a [`Table`](super::position::Table) describes
    /// it: the draw pile holds every card of the deck found nowhere else, in an order
    /// nobody knows (sorted here; the advisor shuffles it for every sample).
    pub fn at_table(t: &super::position::Table, rules: Rules) -> Game {
        let mut g = Game::new(&Setup::new(Deck::Real, 0), rules);
        let mut cycle = starting_deck();
        for s in Suit::ALL {
            let i = s.index();
            let top = t.tops[i].map_or(13, Rank::number);
            g.piles[i] = top;
            g.exposed[i] = top == 13;
            g.turned[i] = g.exposed[i] || t.suspicion[i];
            cycle.extend((3..top).filter_map(|n| Rank::from_number(n).map(|r| Card::new(r, s))));
        }
        for c in t.hand.iter().chain(&t.discard).chain(&t.exiled) {
            if let Some(at) = cycle.iter().position(|k| k == c) {
                cycle.remove(at);
            }
        }
        cycle.sort();
        g.draw = cycle;
        g.hand = t.hand.clone();
        g.discard = t.discard.clone();
        g.exiled = t.exiled.clone();
        g.to_draw = 0;
        g.phase = Phase::Turn;
        g.turn = 1;
        g
    }

    /// The top card of each pile that has one.    /// The top card of each pile that has one.
    pub fn tops(&self) -> Vec<Card> {
        Suit::ALL.iter().filter_map(|s| self.top(*s)).collect()
    }

    pub fn top(&self, s: Suit) -> Option<Card> {
        Rank::from_number(self.piles[s.index()]).map(|r| Card::new(r, s))
    }

    pub fn turned_count(&self) -> usize {
        self.turned.iter().filter(|t| **t).count()
    }

    /// Kings exposed: the score.
    pub fn score(&self) -> usize {
        (0..4).filter(|&i| self.scores(i)).count()
    }

    /// Whether the king of pile `i` scores: exposed, and under ruling `sideways-queen:
    /// not-counted` not turned by suspicion before its queen fell.
    pub fn scores(&self, i: usize) -> bool {
        self.exposed[i] && !(self.rules.sideways_queen_not_counted && self.suspected_first[i])
    }

    /// The turn's legal actions.
    pub fn options(&self) -> Options {
        options(&self.hand, &self.tops(), self.turned_count(), &self.rules)
    }

    pub fn is_over(&self) -> Option<bool> {
        match self.phase {
            Phase::Over { won } => Some(won),
            _ => None,
        }
    }

    fn rng(&self, salt: u64) -> Shuffler {
        Shuffler::new(
            self.seed
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .wrapping_add(salt),
        )
    }

    /// Cards that the 5, 8 or 10 bonus may exile.
    pub fn bonus_choices(&self) -> Vec<Card> {
        let mut v: Vec<Card> = self
            .hand
            .iter()
            .chain(self.discard.iter())
            .filter(|c| self.rules.bonus_exiles_joker || !c.is_joker())
            .copied()
            .collect();
        v.sort();
        v.dedup();
        v
    }

    /// Moves the game on through every step that needs nobody.
    fn settle(&mut self, said: &mut Vec<Told>) {
        loop {
            match self.phase {
                Phase::Refill | Phase::ExtraDraw => {
                    let nothing_left = self.draw.is_empty() && self.discard.is_empty();
                    if self.to_draw > 0 && !nothing_left {
                        return;
                    }
                    if self.to_draw > 0 && self.rules.empty_draw_loses {
                        said.push(Told::NothingLeftToDraw);
                        self.to_draw = 0;
                        self.phase = Phase::Over { won: false };
                        return;
                    }
                    if self.to_draw > 0 {
                        said.push(Told::NothingToDraw(self.to_draw));
                        self.to_draw = 0;
                    }
                    if self.phase == Phase::Refill {
                        if self.rules.turn_cards_after {
                            self.discard.append(&mut self.table);
                        }
                        self.turn += 1;
                        self.phase = Phase::Turn;
                        self.influenced = false;
                        self.target = None;
                    } else {
                        self.after_extra_draws(said);
                    }
                }
                Phase::Bonus => {
                    if self.bonus_choices().is_empty() {
                        self.finish_influence(said);
                    } else {
                        return;
                    }
                }
                Phase::Keep => {
                    let keep_all = self.rules.hardcore
                        && (self.influenced || self.rules.hardcore_suspicion_keeps_all);
                    if keep_all {
                        if self.hand.len() > self.rules.hand_size {
                            self.phase = Phase::TooMany;
                        } else {
                            self.start_refill();
                        }
                    } else if self.hand.is_empty() {
                        self.start_refill();
                    } else {
                        return;
                    }
                }
                Phase::Turn | Phase::ExtraOffer | Phase::TooMany | Phase::Over { .. } => return,
            }
        }
    }

    fn after_extra_draws(&mut self, said: &mut Vec<Told>) {
        let exile = self
            .target
            .is_some_and(|t| effects(t).contains(&super::Effect::Exile));
        if exile {
            self.phase = Phase::Bonus;
        } else {
            self.finish_influence(said);
        }
    }

    fn finish_influence(&mut self, said: &mut Vec<Told>) {
        let Some(t) = self.target else {
            self.phase = Phase::Keep;
            return;
        };
        let Card::Plain(rank, suit) = t else {
            self.phase = Phase::Keep;
            return;
        };
        let i = suit.index();
        self.piles[i] = self.piles[i].saturating_add(1);
        self.table.push(t);
        said.push(Told::PutOnDiscard(t));
        if rank == Rank::Queen {
            self.exposed[i] = true;
            self.suspected_first[i] = self.turned[i];
            said.push(Told::KingExposed {
                suit,
                was_sideways: self.turned[i],
                scores: self.scores(i),
            });
            self.turned[i] = true;
            if self.exposed.iter().all(|e| *e) {
                said.push(Told::Won);
                self.phase = Phase::Over { won: true };
                return;
            }
        }
        self.phase = Phase::Keep;
    }

    fn start_refill(&mut self) {
        if !self.rules.turn_cards_after {
            self.discard.append(&mut self.table);
        }
        self.to_draw = self.rules.hand_size.saturating_sub(self.hand.len());
        self.phase = Phase::Refill;
    }

    fn take_from_hand(&mut self, c: Card) -> bool {
        match self.hand.iter().position(|h| *h == c) {
            Some(i) => {
                self.hand.remove(i);
                true
            }
            None => false,
        }
    }

    /// Refuses a play that is not in hand or not a chain; else what it makes.
    fn check_play(&self, play: &[Card]) -> Result<super::Yield, Error> {
        let mut left = self.hand.clone();
        for (n, c) in play.iter().enumerate() {
            match left.iter().position(|h| h == c) {
                Some(i) => {
                    left.remove(i);
                }
                None if play[..n].contains(c) && self.hand.contains(c) => {
                    return Err(Error::PlayedMoreThanHeld {
                        card: *c,
                        hand: self.hand.clone(),
                    });
                }
                None => {
                    return Err(Error::NotInHand {
                        card: *c,
                        hand: self.hand.clone(),
                    });
                }
            }
        }
        chain_of(play, &self.rules)
    }

    /// Refuses a target that is not the top card of its pile, or a king; else what it
    /// needs.
    fn check_target(&self, target: Card) -> Result<(Suit, u32), Error> {
        let Some(suit) = target.suit() else {
            return Err(Error::JokerNeverOnPile);
        };
        let Some(top) = self.top(suit) else {
            return Err(Error::PileEmpty(suit));
        };
        if top != target {
            return Err(Error::NotOnTop { target, top });
        }
        let Some(need) = needed(target, &self.rules) else {
            return Err(Error::KingsNotInfluenced(target));
        };
        Ok((suit, need))
    }

    fn check_influence(&self, play: &[Card], target: Card) -> Result<super::Yield, Error> {
        let y = self.check_play(play)?;
        let (suit, need) = self.check_target(target)?;
        if !y.suits.has(suit) {
            return Err(Error::WrongSuit {
                play: play.to_vec(),
                influence: y.influence,
                suits: y.suits.show(),
                suit,
            });
        }
        if y.influence < need {
            return Err(Error::TooLittle {
                play: play.to_vec(),
                influence: y.influence,
                target,
                need,
            });
        }
        if self.rules.hardcore {
            let shortest = shortest_plays(&self.hand, &[target], &self.rules);
            if let Some(Some(r)) = shortest.first()
                && r.play.len() < play.len()
            {
                return Err(Error::HardcoreFewest {
                    shortest: r.play.clone(),
                    target,
                });
            }
        }
        Ok(y)
    }

    pub fn hand_text(&self) -> String {
        super::error::hand_text(&self.hand)
    }

    /// Applies an action; returns what to tell the player.
    pub fn act(&mut self, action: &Action) -> Result<Vec<Told>, Error> {
        let mut said = Vec::new();
        match (self.phase, action) {
            (Phase::Over { .. }, _) => return Err(Error::GameOver),
            (Phase::Refill | Phase::ExtraDraw, Action::Draw { cards }) => {
                self.draw_cards(cards, &mut said)?;
            }
            (Phase::Refill | Phase::ExtraDraw, Action::Reshuffle { order }) => {
                self.reshuffle(order, &mut said)?;
            }
            (Phase::Turn, Action::Influence { play, target }) => {
                self.influence(play, *target, &mut said)?;
            }
            (Phase::Turn, Action::Exile { card }) => self.exile(*card, &mut said)?,
            (Phase::Turn, Action::Suspicion { king }) => self.suspicion(*king, &mut said)?,
            (Phase::Turn, Action::Executed) => self.executed(&mut said)?,
            (Phase::Bonus, Action::Bonus { card }) => self.bonus(*card, &mut said)?,
            (Phase::ExtraOffer, Action::Extra { take }) => {
                if *take > self.to_draw {
                    return Err(Error::ExtraTooMany {
                        due: self.to_draw,
                        got: *take,
                    });
                }
                said.push(Told::ExtraTaken {
                    taken: *take,
                    due: self.to_draw,
                });
                self.to_draw = *take;
                self.phase = Phase::ExtraDraw;
            }
            (Phase::Keep, Action::Keep { card }) => self.keep(*card, &mut said)?,
            (Phase::TooMany, Action::RandomDiscard { cards }) => {
                self.random_discard(cards, &mut said)?;
            }
            (_, a) => return Err(Error::NotExpected(action_name(a))),
        }
        self.settle(&mut said);
        if self.phase == Phase::Refill
            && self.to_draw > 0
            && self.deck == Deck::Real
            && !self.draw.is_empty()
        {
            said.push(Told::Draw(self.to_draw.min(self.draw.len())));
        }
        Ok(said)
    }

    /// The draw pile without `cards`, or why they are not all in it.
    fn draw_pile_without(&self, cards: &[Card]) -> Result<Vec<Card>, Error> {
        let mut pile = self.draw.clone();
        for (n, c) in cards.iter().enumerate() {
            match pile.iter().position(|d| d == c) {
                Some(i) => {
                    pile.remove(i);
                }
                None if cards[..n].contains(c) => {
                    let held = self.draw.iter().filter(|d| *d == c).count();
                    return Err(if held == 0 {
                        Error::NotInDrawPile {
                            card: *c,
                            at: where_is(self, *c),
                        }
                    } else {
                        Error::NamedMoreThanHeld {
                            card: *c,
                            named: cards.iter().filter(|d| *d == c).count(),
                            held,
                        }
                    });
                }
                None => {
                    return Err(Error::NotInDrawPile {
                        card: *c,
                        at: where_is(self, *c),
                    });
                }
            }
        }
        Ok(pile)
    }

    /// Cards drawn into the hand.
    fn draw_cards(&mut self, cards: &[Card], said: &mut Vec<Told>) -> Result<(), Error> {
        if cards.is_empty() {
            return Err(Error::NoCardsDrawn);
        }
        if cards.len() > self.to_draw {
            return Err(Error::DrawCount {
                due: self.to_draw,
                got: cards.len(),
            });
        }
        if self.deck == Deck::Virtual && !self.draw.starts_with(cards) {
            return Err(Error::NotTopOfVirtualDeck);
        }
        let pile = self.draw_pile_without(cards)?;
        let must = self.to_draw.min(self.draw.len());
        if self.deck == Deck::Real && cards.len() != must {
            return Err(Error::DrawFromPile {
                must,
                got: cards.len(),
            });
        }
        self.draw = pile;
        self.hand.extend(cards.iter().copied());
        self.to_draw -= cards.len();
        if self.deck == Deck::Virtual {
            said.push(Told::Drew(cards.to_vec()));
        }
        Ok(())
    }

    /// The discard pile becomes the draw pile, in this order.
    fn reshuffle(&mut self, order: &[Card], said: &mut Vec<Told>) -> Result<(), Error> {
        if !self.draw.is_empty() {
            return Err(Error::DrawPileNotEmpty);
        }
        if sorted(order) != sorted(&self.discard) {
            return Err(Error::NotTheDiscardPile);
        }
        said.push(Told::Reshuffle(order.len()));
        self.draw = order.to_vec();
        self.discard.clear();
        self.reshuffles += 1;
        Ok(())
    }

    /// A play influences a top card.
    fn influence(
        &mut self,
        play: &[Card],
        target: Card,
        said: &mut Vec<Told>,
    ) -> Result<(), Error> {
        let y = self.check_influence(play, target)?;
        let last_queen = target.rank() == Some(Rank::Queen)
            && target
                .suit()
                .is_some_and(|s| Suit::ALL.iter().all(|o| *o == s || self.exposed[o.index()]));
        for c in play {
            self.take_from_hand(*c);
        }
        self.table.extend(play.iter().copied());
        self.target = Some(target);
        self.influenced = true;
        said.push(Told::Influenced {
            play: play.to_vec(),
            influence: y.influence,
            suits: y.suits.show(),
            target,
        });
        if y.draws > 0 && !last_queen {
            said.push(Told::ExtraDraws {
                bonuses: y.bonuses.clone(),
                draws: y.draws,
            });
        }
        if effects(target).contains(&super::Effect::Exile) {
            said.push(Told::MayExile(target));
        }
        self.to_draw = if last_queen { 0 } else { y.draws as usize };
        self.phase = if self.rules.extra_draws_optional && self.to_draw > 0 {
            Phase::ExtraOffer
        } else {
            Phase::ExtraDraw
        };
        Ok(())
    }

    /// The Exile action: one card exiled, the rest of the hand discarded.
    fn exile(&mut self, card: Card, said: &mut Vec<Told>) -> Result<(), Error> {
        let opts = self.options();
        if self.rules.hardcore
            && let Some(r) = opts.influence.first()
        {
            return Err(Error::HardcoreExile {
                play: r.play.clone(),
                target: r.target,
            });
        }
        if card.is_joker() {
            return Err(Error::JokerNotExiled);
        }
        if !self.hand.contains(&card) {
            return Err(Error::NotInHand {
                card,
                hand: self.hand.clone(),
            });
        }
        if !opts.exile.iter().any(|e| e.card == card) {
            return Err(Error::NeedHigher(card));
        }
        self.take_from_hand(card);
        self.exiled.push(card);
        said.push(Told::ExileAndDiscard {
            card,
            rest: self.hand.clone(),
        });
        self.table.append(&mut self.hand);
        self.start_refill();
        Ok(())
    }

    /// Raise Suspicion: a king turned sideways.
    fn suspicion(&mut self, king: Card, said: &mut Vec<Told>) -> Result<(), Error> {
        if !self.options().raise_suspicion {
            return Err(Error::SuspicionNotNow);
        }
        let Some(suit) = king.suit() else {
            return Err(Error::NameAKing);
        };
        if self.turned[suit.index()] {
            return Err(Error::KingSideways(suit));
        }
        self.turned[suit.index()] = true;
        said.push(Told::Suspicion {
            suit,
            turned: self.turned_count(),
        });
        self.phase = Phase::Keep;
        Ok(())
    }

    /// Suspicion with every king sideways: the game is lost.
    fn executed(&mut self, said: &mut Vec<Told>) -> Result<(), Error> {
        if !self.options().loses {
            return Err(Error::NotLost);
        }
        said.push(Told::Executed);
        self.phase = Phase::Over { won: false };
        Ok(())
    }

    /// The exile earned by a 5, 8 or 10, or none.
    fn bonus(&mut self, card: Option<Card>, said: &mut Vec<Told>) -> Result<(), Error> {
        if let Some(c) = card {
            if !self.bonus_choices().contains(&c) {
                return Err(if c.is_joker() && !self.rules.bonus_exiles_joker {
                    Error::JokerNotExiled
                } else {
                    Error::NotForBonus(c)
                });
            }
            if !self.take_from_hand(c)
                && let Some(i) = self.discard.iter().position(|d| *d == c)
            {
                self.discard.remove(i);
            }
            self.exiled.push(c);
            said.push(Told::Exiled(c));
        }
        self.finish_influence(said);
        Ok(())
    }

    /// Cleanup: one card kept, the rest discarded.
    fn keep(&mut self, card: Option<Card>, said: &mut Vec<Told>) -> Result<(), Error> {
        if let Some(c) = card
            && !self.hand.contains(&c)
        {
            return Err(Error::NotInHand {
                card: c,
                hand: self.hand.clone(),
            });
        }
        let mut rest = std::mem::take(&mut self.hand);
        if let Some(c) = card
            && let Some(i) = rest.iter().position(|h| *h == c)
        {
            self.hand.push(rest.remove(i));
        }
        if !rest.is_empty() {
            said.push(Told::Discard(rest.clone()));
        }
        self.table.append(&mut rest);
        self.start_refill();
        Ok(())
    }

    /// Hardcore cleanup: cards discarded at random down to the hand size.
    fn random_discard(&mut self, cards: &[Card], said: &mut Vec<Told>) -> Result<(), Error> {
        if self.hand.len().saturating_sub(cards.len()) != self.rules.hand_size {
            return Err(Error::DiscardDownTo(self.rules.hand_size));
        }
        for c in cards {
            if !self.take_from_hand(*c) {
                return Err(Error::NotInHandBare(*c));
            }
        }
        said.push(Told::RandomDiscard {
            hand_size: self.rules.hand_size,
            cards: cards.to_vec(),
        });
        self.table.extend(cards.iter().copied());
        self.start_refill();
        Ok(())
    }
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
                    "`yes` draws all {}, `no` none, a number that many (ruling extra-draws: optional).",
                    self.to_draw
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
    fn draw_step(&self) -> Step<Action, Key> {
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
        Step::Ask(Question::new(
            Key::Draw,
            format!("Draw {n} {why}card{}: which", words::s(n)),
            format!(
                "Type the {n} card{} you drew, e.g. `AS JK`. Your draw pile holds {}.",
                words::s(n),
                show_cards(&sorted(&self.draw))
            ),
        ))
    }

    /// The step of a turn: the execution, a forced or asked suspicion, or the play.
    fn turn_step(&self) -> Step<Action, Key> {
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

    /// Reads an answer to a question.
    pub fn read_answer(&self, key: &Key, text: &str) -> Result<Action, Error> {
        let t = text.trim();
        match key {
            Key::Draw => {
                let cards = read_cards(t)?;
                Ok(Action::Draw { cards })
            }
            Key::Turn => read_turn(self, t),
            Key::Suspicion => {
                let suit = read_suit(t).ok_or_else(|| Error::NotAKingOrSuit(t.to_string()))?;
                Ok(Action::Suspicion {
                    king: Card::new(Rank::King, suit),
                })
            }
            Key::Bonus => Ok(Action::Bonus {
                card: read_optional_card(t)?,
            }),
            Key::Keep => Ok(Action::Keep {
                card: read_optional_card(t)?,
            }),
            Key::Extra => self.read_extra(t),
        }
    }
    /// The answer to the extra-draws question: yes, no, or a number.
    fn read_extra(&self, t: &str) -> Result<Action, Error> {
        let take = match t.to_ascii_lowercase().as_str() {
            "yes" | "y" | "all" => self.to_draw,
            "no" | "n" | "none" => 0,
            n => n.parse().map_err(|_| Error::ExtraAnswer(t.to_string()))?,
        };
        Ok(Action::Extra { take })
    }

    pub fn render(&self, style: Style) -> String {
        let mut t = crate::render::table(["Suit", "Top card", "King"]);
        for s in Suit::ALL {
            let i = s.index();
            let top = match self.top(s) {
                Some(c) if c.rank() == Some(Rank::King) => "— (king only)".to_string(),
                Some(c) => style.card(c),
                None => "— (empty)".to_string(),
            };
            let king = match (self.exposed[i], self.turned[i]) {
                (true, _) if !self.scores(i) => "exposed, no score (suspicion first)",
                (true, _) => "exposed (sideways)",
                (false, true) => "sideways",
                (false, false) => "upright",
            };
            t.add_row([s.symbol().to_string(), top, king.to_string()]);
        }
        let mut out = crate::render::show(&t);
        out += &format!(
            "Hand: {}\nDraw pile: {} card{}   Discard pile: {} card{}   Exiled: {}\n",
            style.cards(&self.hand),
            self.draw.len(),
            words::s(self.draw.len()),
            self.discard.len(),
            words::s(self.discard.len()),
            style.cards(&self.exiled)
        );
        if !self.table.is_empty() {
            out += &format!("On the table this turn: {}\n", style.cards(&self.table));
        }
        match self.phase {
            Phase::Over { won } => {
                out += &format!(
                    "{} after {} turn{}. Score: {} king{} exposed{}.\n",
                    if won { "You won" } else { "You lost" },
                    self.turn,
                    words::s(self.turn as usize),
                    self.score(),
                    words::s(self.score()),
                    match self.score() {
                        4 => " (a win)",
                        3 => " (a well-played game)",
                        _ => "",
                    }
                );
            }
            _ => {
                out += &format!(
                    "{}. Kings turned: {} of 4. Kings exposed: {}.\n",
                    if self.turn == 0 {
                        "Before the first turn".to_string()
                    } else {
                        format!("Turn {}", self.turn)
                    },
                    self.turned_count(),
                    self.score()
                );
            }
        }
        out
    }
}

fn sorted(cards: &[Card]) -> Vec<Card> {
    let mut v = cards.to_vec();
    v.sort();
    v
}

fn where_is(g: &Game, c: Card) -> Whereabouts {
    if g.hand.contains(&c) {
        Whereabouts::Hand
    } else if g.discard.contains(&c) {
        Whereabouts::Discard
    } else if g.exiled.contains(&c) {
        Whereabouts::Exiled
    } else if g.table.contains(&c) {
        Whereabouts::Table
    } else {
        Whereabouts::Elsewhere(sorted(&g.draw))
    }
}

fn action_name(a: &Action) -> &'static str {
    match a {
        Action::Draw { .. } => "draw",
        Action::Reshuffle { .. } => "reshuffle",
        Action::Influence { .. } => "influence",
        Action::Exile { .. } => "exile",
        Action::Bonus { .. } => "bonus",
        Action::Suspicion { .. } => "suspicion",
        Action::Executed => "executed",
        Action::Keep { .. } => "keep",
        Action::Extra { .. } => "extra draws",
        Action::RandomDiscard { .. } => "random discard",
    }
}

fn turn_hint(o: &Options) -> String {
    let mut out = String::from(
        "Answer `CARDS on TARGET` to influence (e.g. `4S 3S 3H on 6H`), or `exile CARD`.",
    );
    for r in &o.influence {
        out += &format!(
            "\n  {} on {} ({} influence)",
            show_cards(&r.play),
            r.target,
            r.influence
        );
    }
    for e in &o.exile {
        out += &format!("\n  exile {} (by {})", e.card, show_cards(&e.by));
    }
    out
}

/// What a play makes, or why it is not a chain.
fn chain_of(play: &[Card], rules: &Rules) -> Result<super::Yield, Error> {
    evaluate(play, rules).map_err(|b| Error::NotAChain {
        play: play.to_vec(),
        at: b.at,
        why: b.why,
    })
}

fn read_cards(t: &str) -> Result<Vec<Card>, Error> {
    crate::notation::read_answer_cards(t, None).map_err(|e| Error::Cards(e.to_string()))
}

fn read_optional_card(t: &str) -> Result<Option<Card>, Error> {
    if t.eq_ignore_ascii_case("none") || t == "-" {
        return Ok(None);
    }
    if t.trim().is_empty() {
        return Err(Error::NameOneOrNone);
    }
    let cards = read_cards(t).map_err(|_| Error::NotOneCardOrNone(t.trim().to_string()))?;
    match cards.as_slice() {
        [one] => Ok(Some(*one)),
        more => Err(Error::OneCardNotMore(more.len())),
    }
}

fn read_suit(t: &str) -> Option<Suit> {
    let lower = t.to_lowercase();
    for s in Suit::ALL {
        if lower == s.name() || lower == s.name().trim_end_matches('s') {
            return Some(s);
        }
    }
    if let Ok(c) = t.parse::<Card>() {
        return c.suit();
    }
    t.parse::<Suit>().ok()
}

/// The byte range of the last whitespace-separated word of `t` equal to `word` (ASCII,
/// any case).
fn last_word(t: &str, word: &str) -> Option<std::ops::Range<usize>> {
    let mut found = None;
    let mut start = None;
    for (i, c) in t.char_indices().chain(std::iter::once((t.len(), ' '))) {
        if c.is_whitespace() {
            if let Some(s) = start.take()
                && t[s..i].eq_ignore_ascii_case(word)
            {
                found = Some(s..i);
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    found
}

/// `t` without its first word when that word is `word` (ASCII, any case).
fn after_word<'a>(t: &'a str, word: &str) -> Option<&'a str> {
    let first = t.split_whitespace().next()?;
    first
        .eq_ignore_ascii_case(word)
        .then(|| t.trim_start()[first.len()..].trim())
}

/// Reads the answer to the turn's question: `exile CARD`, `CARDS on TARGET` or cards
/// alone.
fn read_turn(g: &Game, t: &str) -> Result<Action, Error> {
    if let Some(rest) = after_word(t, "exile") {
        if rest.is_empty() || rest.eq_ignore_ascii_case("none") || rest == "-" {
            return Err(Error::NameTheExile);
        }
        let card = read_optional_card(rest)?.ok_or(Error::NameTheExile)?;
        return Ok(Action::Exile { card });
    }
    if after_word(t, "suspicion").is_some() || after_word(t, "raise").is_some() {
        return Err(Error::NoSuspicionWhileYouCan);
    }
    match last_word(t, "on") {
        Some(on) => read_play_on(g, t[..on.start].trim(), t[on.end..].trim()),
        None => read_play_alone(g, t),
    }
}

/// Cards alone: the play's target when it can influence only one top card.
fn read_play_alone(g: &Game, t: &str) -> Result<Action, Error> {
    let play = read_answer_cards_or(t)?;
    let y = chain_of(&play, &g.rules)?;
    let reach: Vec<Card> = g
        .tops()
        .into_iter()
        .filter(|c| super::influences(&y, *c, &g.rules))
        .collect();
    match reach.as_slice() {
        [one] => Ok(Action::Influence { play, target: *one }),
        [] => Err(Error::InfluencesNone {
            play,
            influence: y.influence,
            suits: y.suits.show(),
            tops: g.tops(),
        }),
        more => Err(Error::InfluencesSeveral {
            play,
            targets: more.to_vec(),
        }),
    }
}

fn read_answer_cards_or(t: &str) -> Result<Vec<Card>, Error> {
    crate::notation::read_answer_cards(t, None).map_err(|e| Error::TurnCards(e.to_string()))
}

/// `CARDS on TARGET`: the target a card or a suit (its pile's top card).
fn read_play_on(g: &Game, cards_text: &str, target_text: &str) -> Result<Action, Error> {
    if cards_text.is_empty() {
        return Err(Error::CardsBeforeOn(
            if target_text.is_empty() {
                "6H"
            } else {
                target_text
            }
            .to_string(),
        ));
    }
    let play = read_cards(cards_text)?;
    if target_text.is_empty() {
        return Err(Error::TopAfterOn(cards_text.to_string()));
    }
    let target = match target_text.parse::<Card>() {
        Ok(c) => c,
        Err(_) => {
            let suit = read_suit(target_text)
                .ok_or_else(|| Error::NotACardOrSuit(target_text.to_string()))?;
            g.top(suit).ok_or(Error::PileEmpty(suit))?
        }
    };
    Ok(Action::Influence { play, target })
}

/// The session: a game with its rules.
/// What a Kinga session asks (the `waiting_for` of the game's JSON state).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Key {
    /// The cards drawn (a real deck).
    Draw,
    /// The turn: a play and its influence, or an exile.
    Turn,
    /// Raise suspicion: which king is turned.
    Suspicion,
    /// The 5/8/10 bonus exile.
    Bonus,
    /// The card kept at cleanup.
    Keep,
    /// The extra draws of Three's Company or Harmony (when they may be declined).
    Extra,
}

impl Key {
    /// The question in a word, as the game's JSON state names it.
    pub fn word(self) -> &'static str {
        match self {
            Key::Draw => "draw",
            Key::Turn => "turn",
            Key::Suspicion => "suspicion",
            Key::Bonus => "bonus",
            Key::Keep => "keep",
            Key::Extra => "extra",
        }
    }
}

impl Session for Game {
    type Setup = Setup;
    type Action = Action;
    type Key = Key;
    type Error = Error;
    const GAME: &'static str = super::GAME;
    const COMMANDS: &'static str = ", hint (the advisor's ranking of your choices)";

    fn said(&self, action: &Action) -> String {
        use crate::cards::code_cards;
        answer_text(action).unwrap_or_else(|| match action {
            Action::Reshuffle { order } => code_cards(order),
            Action::RandomDiscard { cards } => code_cards(cards),
            _ => "executed".to_string(),
        })
    }

    fn start(setup: &Setup, rules: &Ruleset) -> Result<Game, Error> {
        if setup.deck == Deck::Virtual
            && !setup.order.is_empty()
            && sorted(&setup.order) != sorted(&starting_deck())
        {
            return Err(Error::NotTheStartingDeck);
        }
        Ok(Game::new(setup, Rules::from_ruleset(rules)))
    }

    fn apply(&mut self, action: &Action) -> Result<Vec<String>, Error> {
        Ok(self.act(action)?.iter().map(Told::to_string).collect())
    }

    fn next(&self) -> Step<Action, Key> {
        self.step()
    }

    fn answer(&self, question: &Question<Key>, text: &str) -> Result<Action, Error> {
        self.read_answer(&question.key, text)
    }

    fn outcome(&self) -> Option<crate::history::Outcome> {
        use crate::history::{Facts, Outcome, SeatOutcome};
        let score = self.score() as u32;
        Some(Outcome {
            finished: self.is_over().is_some(),
            seats: vec![SeatOutcome {
                name: "you".into(),
                score: i64::from(score),
                won: self.is_over() == Some(true),
                kado: false,
            }],
            facts: Facts {
                kings_exposed: Some(score),
                ..Facts::default()
            },
        })
    }

    /// The advisor's ranking of the answers (samples seeded by the turn, so a hint asked
    /// twice says the same).
    fn hint(&self, question: &Question<Key>) -> Option<String> {
        let seed = u64::from(self.turn);
        let advice = super::advise::advise(self, &question.key, HINT_SAMPLES, seed);
        (!advice.candidates.is_empty()).then(|| advice.render())
    }

    fn show(&self, style: Style) -> String {
        self.render(style)
    }

    fn summary(&self) -> serde_json::Value {
        serde_json::to_value(self.status()).unwrap_or(serde_json::Value::Null)
    }

    /// The table is shown again at the start of every turn and when the game ends.
    fn phase_key(&self) -> String {
        match self.phase {
            Phase::Over { .. } => "over".to_string(),
            _ => self.turn.to_string(),
        }
    }
}

/// One suit pile, for JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PileStatus {
    /// The suit letter: S, H, D or C.
    pub suit: String,
    /// The top card (the king when only it is left); null when the pile is empty.
    pub top: Option<Card>,
    /// `upright`, `sideways` (suspicion raised) or `exposed` (its queen influenced).
    pub king: &'static str,
}

/// The state of a game, for JSON (`--json` on `play` and `resume`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Status {
    /// `real` or `virtual`.
    pub deck: Deck,
    /// The turn being played (0 before the first).
    pub turn: u32,
    pub piles: Vec<PileStatus>,
    /// Kings turned sideways (by suspicion or by their queen).
    pub kings_turned: usize,
    pub hand: Vec<Card>,
    /// Cards in the draw pile.
    pub draw_pile: usize,
    /// Cards in the discard pile.
    pub discard_pile: usize,
    pub exiled: Vec<Card>,
    /// This turn's cards waiting for cleanup (played, influenced, discarded).
    pub table: Vec<Card>,
    /// What kado asks next (draw, turn, suspicion, bonus, keep); null when it is over.
    pub waiting_for: Option<Key>,
    pub finished: bool,
    /// Null while the game goes on.
    pub won: Option<bool>,
    /// Kings exposed.
    pub score: usize,
}

impl Game {
    /// The state of the game, for JSON.
    pub fn status(&self) -> Status {
        let piles = Suit::ALL
            .into_iter()
            .map(|s| {
                let i = s.index();
                PileStatus {
                    suit: s.letter().to_string(),
                    top: self.top(s),
                    king: match (self.exposed[i], self.turned[i]) {
                        (true, _) => "exposed",
                        (false, true) => "sideways",
                        (false, false) => "upright",
                    },
                }
            })
            .collect();
        let waiting_for = match self.step() {
            Step::Ask(q) => Some(q.key),
            Step::Auto(_) | Step::Done => None,
        };
        Status {
            deck: self.deck,
            turn: self.turn,
            piles,
            kings_turned: self.turned_count(),
            hand: self.hand.clone(),
            draw_pile: self.draw.len(),
            discard_pile: self.discard.len(),
            exiled: self.exiled.clone(),
            table: self.table.clone(),
            waiting_for,
            finished: self.is_over().is_some(),
            won: self.is_over(),
            score: self.score(),
        }
    }
}

/// The answer a player would type for an action (None for kado's own steps).
pub fn answer_text(action: &Action) -> Option<String> {
    use crate::cards::code_cards;
    let opt = |c: &Option<Card>| c.map_or("none".to_string(), |c| c.code());
    match action {
        Action::Draw { cards } => Some(code_cards(cards)),
        Action::Influence { play, target } => {
            Some(format!("{} on {}", code_cards(play), target.code()))
        }
        Action::Exile { card } => Some(format!("exile {}", card.code())),
        Action::Bonus { card } | Action::Keep { card } => Some(opt(card)),
        Action::Suspicion { king } => Some(king.code()),
        Action::Extra { take } => Some(take.to_string()),
        Action::Reshuffle { .. } | Action::Executed | Action::RandomDiscard { .. } => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::cards::code_cards;
    use crate::notation::test_cards as cards;

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    fn real(rules: Rules) -> Game {
        Game::new(&Setup::new(Deck::Real, 1), rules)
    }

    /// A game at the start of a turn with this hand, draw pile and discard pile.
    fn at_turn(rules: Rules, hand: &str, draw: &str, discard: &str) -> Game {
        let mut g = real(rules);
        g.hand = if hand.is_empty() { vec![] } else { cards(hand) };
        g.draw = if draw.is_empty() { vec![] } else { cards(draw) };
        g.discard = if discard.is_empty() {
            vec![]
        } else {
            cards(discard)
        };
        g.to_draw = 0;
        g.phase = Phase::Turn;
        g.turn = 5;
        g
    }

    fn ask_key(g: &Game) -> Key {
        match g.step() {
            Step::Ask(q) => q.key,
            other => panic!("expected a question, got {other:?}"),
        }
    }

    #[test]
    fn a_real_game_starts_by_drawing_four() {
        let mut g = real(Rules::standard());
        assert_eq!(g.phase, Phase::Refill);
        assert_eq!(ask_key(&g), Key::Draw);
        assert!(
            g.act(&Action::Draw {
                cards: cards("AS 2S AH")
            })
            .is_err()
        );
        assert!(
            g.act(&Action::Draw {
                cards: cards("AS 2S AH 3H")
            })
            .is_err()
        );
        g.act(&Action::Draw {
            cards: cards("2S 2H 2D JK"),
        })
        .unwrap();
        assert_eq!(g.phase, Phase::Turn);
        assert_eq!(g.turn, 1);
        assert_eq!(g.draw.len(), 6);
        // 2♠ 2♥ 2♦ makes 4 and Three's Company: 3♠, 3♥ or 3♦ (needs 4).
        let o = g.options();
        assert_eq!(o.influence.len(), 4, "{o:?}");
    }

    #[test]
    fn a_card_named_twice_in_a_draw_is_refused_as_such() {
        let mut g = real(Rules::standard());
        assert_eq!(
            g.act(&Action::Draw {
                cards: cards("AS AS 2S 2H")
            })
            .map_err(|e| e.to_string()),
            Err("A♠ is named twice, but your draw pile holds only one".to_string())
        );
        assert_eq!(
            g.act(&Action::Draw {
                cards: cards("JK JK JK AS")
            })
            .map_err(|e| e.to_string()),
            Err("🃏 is named 3 times, but your draw pile holds only 2".to_string())
        );
        g.act(&Action::Draw {
            cards: cards("JK JK AS 2S"),
        })
        .unwrap();
        assert_eq!(
            g.act(&Action::Influence {
                play: cards("2S AS"),
                target: card("3S"),
            })
            .map_err(|e| e.to_string()),
            Err("2♠ A♠ makes 3 influence; 3♠ needs 4".to_string())
        );
        assert_eq!(
            g.act(&Action::Influence {
                play: cards("2S 2S JK JK"),
                target: card("3S"),
            })
            .map_err(|e| e.to_string()),
            Err("2♠ is played more times than you hold it (you hold 🃏 🃏 A♠ 2♠)".to_string())
        );
    }

    #[test]
    fn an_influence_with_extra_draws_and_a_bonus_exile() {
        // Hand 4♠ 4♥ 4♦ 5♦ … wait for the 5♠ pile: top 5♠ needs 6.
        let mut g = at_turn(Rules::standard(), "4H 4D 4C 9C", "AS 2S JK", "AH 2H");
        g.piles[Suit::Spades.index()] = 5;
        g.act(&Action::Influence {
            play: cards("4H 4D 4C"),
            target: card("5S"),
        })
        .unwrap_err(); // no ♠ in the play and no joker
        let said = g
            .act(&Action::Influence {
                play: cards("4H 4D 4C 9C"),
                target: card("5C"),
            })
            .unwrap_err();
        assert!(matches!(said, Error::NotOnTop { .. }), "{said}");
        g.piles[Suit::Clubs.index()] = 5;
        let said = g
            .act(&Action::Influence {
                play: cards("4H 4D 4C"),
                target: card("5C"),
            })
            .unwrap();
        assert_eq!(
            said,
            vec![
                "4♥ 4♦ 4♣ makes 6 influence in ♥ ♦ ♣: 5♣ is influenced.",
                "Three's Company: draw 1 extra card.",
                "5♣: you may exile one card from your hand or discard pile.",
            ]
        );
        assert_eq!(ask_key(&g), Key::Draw);
        g.act(&Action::Draw { cards: cards("JK") }).unwrap();
        assert_eq!(ask_key(&g), Key::Bonus);
        assert!(
            g.act(&Action::Bonus {
                card: Some(Card::Joker)
            })
            .is_err()
        );
        let said = g
            .act(&Action::Bonus {
                card: Some(card("AH")),
            })
            .unwrap();
        assert_eq!(said, vec!["Exile A♥.", "Put 5♣ on your discard pile."]);
        assert_eq!(g.piles[Suit::Clubs.index()], 6);
        assert_eq!(ask_key(&g), Key::Keep);
        let said = g
            .act(&Action::Keep {
                card: Some(card("9C")),
            })
            .unwrap();
        assert_eq!(said, vec!["Discard 🃏.", "Draw 2 cards."]);
        assert_eq!(g.hand, cards("9C"));
        // The discards: 2♥ and this turn's 4♥ 4♦ 4♣ 5♣ 🃏.
        assert_eq!(g.discard.len(), 6);
        assert_eq!(g.to_draw, 3);
        g.act(&Action::Draw {
            cards: cards("AS 2S"),
        })
        .unwrap();
        // The draw pile is empty: the discards are reshuffled for the third card.
        match g.step() {
            Step::Auto(a @ Action::Reshuffle { .. }) => {
                let said = g.act(&a).unwrap();
                assert_eq!(
                    said[0],
                    "Your draw pile is empty: shuffle your discard pile (6 cards) into a new draw pile."
                );
            }
            other => panic!("{other:?}"),
        }
        g.act(&Action::Draw { cards: cards("5C") }).unwrap();
        assert_eq!(g.phase, Phase::Turn);
        assert_eq!(g.exiled, cards("AH"));
    }

    #[test]
    fn reshuffle_ruling_keeps_the_turn_cards_out() {
        let rules = Rules {
            turn_cards_after: true,
            ..Rules::standard()
        };
        let mut g = at_turn(rules, "4H 4D 9C", "", "AH 2H");
        g.act(&Action::Influence {
            play: cards("4H 4D"),
            target: card("3H"),
        })
        .unwrap();
        g.act(&Action::Keep { card: None }).unwrap();
        // Only the old discards are reshuffled; this turn's cards wait.
        match g.step() {
            Step::Auto(Action::Reshuffle { order }) => assert_eq!(order, cards("AH 2H")),
            other => panic!("{other:?}"),
        }
        let mut d = at_turn(Rules::standard(), "4H 4D 9C", "", "AH 2H");
        d.act(&Action::Influence {
            play: cards("4H 4D"),
            target: card("3H"),
        })
        .unwrap();
        d.act(&Action::Keep { card: None }).unwrap();
        match d.step() {
            Step::Auto(Action::Reshuffle { order }) => assert_eq!(order.len(), 6),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn extra_draws_ruling_always_or_optional() {
        let play = Action::Influence {
            play: cards("2S 2H 2D"),
            target: card("3S"),
        };
        // always: Three's Company's card is drawn at once.
        let mut g = at_turn(Rules::standard(), "2S 2H 2D 9C", "AC AH", "");
        g.act(&play).unwrap();
        assert_eq!(
            (g.phase, g.to_draw, ask_key(&g)),
            (Phase::ExtraDraw, 1, Key::Draw)
        );
        // optional: kado asks first; more than earned is refused, `no` draws nothing.
        let rules = Rules {
            extra_draws_optional: true,
            ..Rules::standard()
        };
        let mut g = at_turn(rules, "2S 2H 2D 9C", "AC AH", "");
        g.act(&play).unwrap();
        assert_eq!((g.phase, ask_key(&g)), (Phase::ExtraOffer, Key::Extra));
        let two = g.read_answer(&Key::Extra, "2").unwrap();
        assert_eq!(
            g.clone().act(&two).unwrap_err().to_string(),
            "the play earned 1 extra card, not 2; answer a number from 0 to 1"
        );
        assert!(g.read_answer(&Key::Extra, "maybe").is_err());
        let no = g.read_answer(&Key::Extra, "no").unwrap();
        let said = g.act(&no).unwrap();
        assert_eq!(said[0], "You draw no extra card.");
        assert_eq!((g.phase, g.hand.len()), (Phase::Keep, 1));
        assert_eq!(g.draw.len(), 2);
        let mut y = at_turn(rules, "2S 2H 2D 9C", "AC AH", "");
        y.act(&play).unwrap();
        let yes = y.read_answer(&Key::Extra, "yes").unwrap();
        assert_eq!(y.act(&yes).unwrap()[0], "You draw all 1 extra card.");
        assert_eq!((y.phase, y.to_draw), (Phase::ExtraDraw, 1));
    }

    #[test]
    fn empty_draw_ruling_short_or_game_over() {
        let stuck = |rules: Rules| {
            let mut g = at_turn(rules, "9C", "", "");
            g.phase = Phase::Refill;
            g.to_draw = 3;
            let mut said = Vec::new();
            g.settle(&mut said);
            (g, said)
        };
        let (g, said) = stuck(Rules::standard());
        assert_eq!(g.phase, Phase::Turn);
        assert_eq!(said.len(), 1);
        let (g, said) = stuck(Rules {
            empty_draw_loses: true,
            ..Rules::standard()
        });
        assert_eq!(g.is_over(), Some(false));
        assert_eq!(
            said[0],
            "A card must be drawn and both your draw pile and your discard pile are empty: the game ends, and you lose (ruling empty-draw: game-over)."
        );
    }

    #[test]
    fn sideways_queen_ruling_counts_or_not() {
        let fall = |rules: Rules| {
            let mut g = at_turn(rules, "JC JD JH 2S", "AS AC", "");
            g.piles = [3, 12, 3, 3];
            g.turned = [false, true, false, false];
            let mut said = g
                .act(&Action::Influence {
                    play: cards("JC JD JH"),
                    target: card("QH"),
                })
                .unwrap();
            // Three's Company's card comes before the queen reaches the discard pile.
            said.extend(g.act(&Action::Draw { cards: cards("AS") }).unwrap());
            (g, said)
        };
        let (g, said) = fall(Rules::standard());
        assert_eq!(said[3], "The ♥ king is exposed (it was already sideways).");
        assert_eq!(g.score(), 1);
        let (g, said) = fall(Rules {
            sideways_queen_not_counted: true,
            ..Rules::standard()
        });
        assert_eq!(
            said[3],
            "The ♥ king is exposed, but it was turned by suspicion first: it does not score (ruling sideways-queen: not-counted)."
        );
        assert_eq!(g.score(), 0);
        assert!(
            g.render(Style::PLAIN)
                .contains("exposed, no score (suspicion first)")
        );
    }

    #[test]
    fn queens_turn_kings_and_the_fourth_wins() {
        let mut g = at_turn(Rules::standard(), "JH JC JD 2S", "AS", "");
        g.piles = [13, 12, 13, 13];
        g.exposed = [true, false, true, true];
        g.turned = [true, false, true, true];
        let said = g
            .act(&Action::Influence {
                play: cards("JC JD"),
                target: card("QH"),
            })
            .unwrap_err();
        assert_eq!(
            said.to_string(),
            "J♣ J♦ makes 12 influence in ♦ ♣ only, not ♥"
        );
        // J♣ J♦ J♥: 11 + 2 = 13 in ♣ ♦ ♥; Three's Company is moot when the game ends.
        let said = g
            .act(&Action::Influence {
                play: cards("JC JD JH"),
                target: card("QH"),
            })
            .unwrap();
        assert_eq!(
            said[0],
            "J♣ J♦ J♥ makes 13 influence in ♥ ♦ ♣: Q♥ is influenced."
        );
        assert_eq!(said[1], "Put Q♥ on your discard pile.");
        assert_eq!(said[2], "The ♥ king is exposed: turn it sideways.");
        assert_eq!(said[3], "That was the fourth queen: you win!");
        assert_eq!(g.is_over(), Some(true));
        assert_eq!(g.score(), 4);
        assert_eq!(g.step(), Step::Done);
    }

    #[test]
    fn suspicion_and_execution() {
        let mut g = at_turn(Rules::standard(), "AS 2H", "AC", "");
        assert_eq!(ask_key(&g), Key::Suspicion);
        assert!(
            g.act(&Action::Influence {
                play: cards("AS"),
                target: card("3S")
            })
            .is_err()
        );
        let said = g.act(&Action::Suspicion { king: card("KD") }).unwrap();
        assert_eq!(
            said[0],
            "Raise suspicion: turn the ♦ king sideways (1 of 4 turned)."
        );
        assert_eq!(ask_key(&g), Key::Keep);
        let mut g = at_turn(Rules::standard(), "AS 2H", "AC", "");
        g.turned = [true, true, false, true];
        assert_eq!(g.step(), Step::Auto(Action::Suspicion { king: card("KD") }));
        g.turned = [true; 4];
        assert_eq!(g.step(), Step::Auto(Action::Executed));
        g.act(&Action::Executed).unwrap();
        assert_eq!(g.is_over(), Some(false));
        // Not forced: suspicion is refused.
        let mut g = at_turn(Rules::standard(), "3S 2S", "AC", "");
        assert!(g.act(&Action::Suspicion { king: card("KS") }).is_err());
    }

    #[test]
    fn exile_action_discards_the_rest() {
        let mut g = at_turn(Rules::standard(), "AS 2S AH JK", "AC 2C 2D AD", "");
        assert!(g.act(&Action::Exile { card: card("AH") }).is_err());
        assert!(g.act(&Action::Exile { card: card("2S") }).is_err());
        let said = g.act(&Action::Exile { card: card("AS") }).unwrap();
        assert_eq!(
            said[0],
            "Exile A♠; discard the rest of your hand (2♠ A♥ 🃏)."
        );
        assert_eq!(g.hand.len(), 0);
        assert_eq!(g.to_draw, 4);
        assert_eq!(g.discard.len(), 3);
    }

    #[test]
    fn hardcore_rules() {
        let r = Rules::hardcore();
        // Exile refused while something can be influenced.
        let mut g = at_turn(r, "2S 2H 2D 2C", "AC", "");
        let e = g.act(&Action::Exile { card: card("2S") }).unwrap_err();
        assert!(matches!(e, Error::HardcoreExile { .. }), "{e}");
        assert!(e.to_string().starts_with("hardcore: exile only"), "{e}");
        // Overpaying refused: 2♠ 2♥ 2♦ (4) is enough for a 3.
        let e = g
            .act(&Action::Influence {
                play: cards("2S 2H 2D 2C"),
                target: card("3S"),
            })
            .unwrap_err();
        assert!(matches!(e, Error::HardcoreFewest { .. }), "{e}");
        assert!(
            e.to_string().starts_with("hardcore: use the fewest cards"),
            "{e}"
        );
        g.act(&Action::Influence {
            play: cards("2S 2H 2D"),
            target: card("3S"),
        })
        .unwrap();
        // Three's Company draw, then cleanup keeps everything: 2♣ and A♣.
        g.act(&Action::Draw { cards: cards("AC") }).unwrap();
        assert_eq!(g.hand, cards("2C AC"));
        assert_eq!(g.phase, Phase::Refill);
        // Too many cards: discard down to four at random.
        let mut g = at_turn(r, "2S 2H 2D 2C JK", "AC AH AS", "");
        g.act(&Action::Influence {
            play: cards("2S 2H 2D"),
            target: card("3S"),
        })
        .unwrap();
        for c in ["AC", "AH", "AS"] {
            if g.phase == Phase::ExtraDraw && g.to_draw > 0 {
                g.act(&Action::Draw { cards: cards(c) }).unwrap();
            }
        }
        assert_eq!(g.hand.len(), 3);
        let mut g = at_turn(r, "2S 2H 2D 2C JK AD 3C", "AC", "");
        g.act(&Action::Influence {
            play: cards("2S 2H 2D"),
            target: card("3S"),
        })
        .unwrap();
        g.act(&Action::Draw { cards: cards("AC") }).unwrap();
        assert_eq!(g.phase, Phase::TooMany);
        match g.step() {
            Step::Auto(a @ Action::RandomDiscard { .. }) => {
                g.act(&a).unwrap();
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(g.hand.len(), 4);
    }

    /// Seed, starting order, the starting cards as the discard pile reshuffled first and
    /// fourth, the random discards of 2♠ 2♥ 2♦ 2♣ 🃏 A♦ 3♣ A♣ on turns 1, 5, 17.
    type Pinned = (u64, &'static str, [&'static str; 2], [&'static str; 3]);

    /// A virtual game's starting order, its reshuffles and hardcore's random discards,
    /// recorded with rand 0.10.3's `StdRng` and `shuffle` (before src/shuffle.rs): saved
    /// games replay only if these stay.
    const PINNED: [Pinned; 6] = [
        (
            0,
            "2S AS 2C 2H AC AD 2D JK JK AH",
            [
                "AC 2D 2S AS 2C JK AD JK 2H AH",
                "JK AD AH JK AS 2C AC 2S 2D 2H",
            ],
            ["2S 2C AD AC", "2H 2D 3C 2S", "3C 2S AC AD"],
        ),
        (
            1,
            "AS 2H 2D 2C AD AH 2S AC JK JK",
            [
                "JK JK AS AD AH 2D 2S AC 2C 2H",
                "AD AH JK JK 2C 2D 2S AC 2H AS",
            ],
            ["AC 2S AD JK", "JK 2S 3C 2C", "3C 2S 2D AC"],
        ),
        (
            3,
            "2D AD 2S 2H JK 2C JK AC AH AS",
            [
                "JK AH 2D JK 2H AC AD 2S 2C AS",
                "2C JK JK AD AS 2S 2D AC 2H AH",
            ],
            ["3C 2D AD AC", "2C 2S AC 3C", "3C JK 2H 2S"],
        ),
        (
            15,
            "JK 2D 2S 2H AD AS AC AH JK 2C",
            [
                "2H AD 2S AS AC AH 2D JK 2C JK",
                "JK JK 2D AD 2S AS AH 2C AC 2H",
            ],
            ["2S 2C 2D JK", "2S 2H 2D 2C", "2C JK 3C 2H"],
        ),
        (
            42,
            "JK AC 2H AH 2S 2D JK 2C AD AS",
            [
                "AC 2H 2S 2D 2C AH AS JK JK AD",
                "AH 2S AS AD 2C JK 2D JK 2H AC",
            ],
            ["AD 2H 2S 2C", "2H 2C 2D AD", "3C AC 2S 2D"],
        ),
        (
            u64::MAX,
            "AD AH AS JK 2S 2H 2C 2D JK AC",
            [
                "AD 2H JK 2C AC 2S AH JK AS 2D",
                "AC JK 2C AD 2S AH 2H AS JK 2D",
            ],
            ["AC 2D 2H 3C", "2H 2D AD AC", "2C 2S JK 2H"],
        ),
    ];

    #[test]
    fn virtual_deals_are_pinned_across_rand_upgrades() {
        for (seed, order, reshuffles, discards) in PINNED {
            let setup = Setup::new(Deck::Virtual, seed);
            assert_eq!(code_cards(&setup.order), order, "seed {seed}");
            for (r, want) in [0, 3].into_iter().zip(reshuffles) {
                let mut g = Game::new(&setup, Rules::standard());
                g.draw.clear();
                g.discard = starting_deck();
                g.reshuffles = r;
                match g.step() {
                    Step::Auto(Action::Reshuffle { order }) => {
                        assert_eq!(code_cards(&order), want, "seed {seed}, reshuffle {r}");
                    }
                    other => panic!("{other:?}"),
                }
            }
            for (turn, want) in [1, 5, 17].into_iter().zip(discards) {
                // Hardcore's random discard happens with real cards too.
                let mut g = Game::new(&Setup::new(Deck::Real, seed), Rules::hardcore());
                g.hand = cards("2S 2H 2D 2C JK AD 3C AC");
                g.phase = Phase::TooMany;
                g.turn = turn;
                g.rules.hand_size = 4;
                match g.step() {
                    Step::Auto(Action::RandomDiscard { cards }) => {
                        assert_eq!(code_cards(&cards), want, "seed {seed}, turn {turn}");
                    }
                    other => panic!("{other:?}"),
                }
            }
        }
    }

    #[test]
    fn virtual_games_replay_from_their_actions() {
        for seed in 0..10 {
            let rules = Rules::standard();
            let mut g = Game::new(&Setup::new(Deck::Virtual, seed), rules);
            let mut actions = Vec::new();
            loop {
                let a = match g.step() {
                    Step::Done => break,
                    Step::Auto(a) => a,
                    Step::Ask(q) => {
                        let a = crate::kinga::sim::choose(&g, &q.key).unwrap();
                        // What a player types for an action reads back as that action.
                        let text = answer_text(&a).unwrap();
                        assert_eq!(g.read_answer(&q.key, &text), Ok(a.clone()), "{text}");
                        a
                    }
                };
                g.act(&a).unwrap();
                actions.push(a);
            }
            let mut h = Game::new(&Setup::new(Deck::Virtual, seed), rules);
            for a in &actions {
                h.act(a).unwrap();
            }
            assert_eq!(g, h);
            // Every card is somewhere, once: 10 starting cards + 44 pile cards.
            let piles: usize = g.piles.iter().map(|p| usize::from(14 - p.min(&14))).sum();
            let held =
                g.draw.len() + g.discard.len() + g.exiled.len() + g.hand.len() + g.table.len();
            assert_eq!(held + piles, 10 + 4 * 11);
        }
    }

    #[test]
    fn bonus_exile_joker_ruling_both_sides() {
        for (allowed, ok) in [(false, false), (true, true)] {
            let rules = Rules {
                bonus_exiles_joker: allowed,
                ..Rules::standard()
            };
            // 7♥ 6♥ makes 8 in ♥: enough for the 5♥ (needs 6); the bonus may take 🃏 or 2♣.
            let mut g = at_turn(rules, "7H 6H JK", "AS", "2C");
            g.piles[Suit::Hearts.index()] = 5;
            g.act(&Action::Influence {
                play: cards("7H 6H"),
                target: card("5H"),
            })
            .unwrap();
            assert_eq!(ask_key(&g), Key::Bonus);
            assert_eq!(
                g.act(&Action::Bonus {
                    card: Some(Card::Joker)
                })
                .is_ok(),
                ok
            );
        }
    }

    #[test]
    fn hardcore_suspicion_cleanup_ruling_both_sides() {
        let mut g = at_turn(Rules::hardcore(), "AS 2H", "AC", "");
        g.act(&Action::Suspicion { king: card("KS") }).unwrap();
        assert_eq!(ask_key(&g), Key::Keep);
        let keep_all = Rules {
            hardcore_suspicion_keeps_all: true,
            ..Rules::hardcore()
        };
        let mut g = at_turn(keep_all, "AS 2H", "AC", "");
        g.act(&Action::Suspicion { king: card("KS") }).unwrap();
        assert_eq!(g.hand, cards("AS 2H"));
        assert_eq!(g.phase, Phase::Refill);
    }

    #[test]
    fn kings_ruling_in_a_game() {
        let mut g = at_turn(Rules::standard(), "QS JK JK 2S", "AC", "");
        g.piles[0] = 13;
        g.exposed[0] = true;
        g.turned[0] = true;
        let e = g
            .act(&Action::Influence {
                play: cards("QS JK JK"),
                target: card("KS"),
            })
            .unwrap_err();
        assert_eq!(e, Error::KingsNotInfluenced(card("KS")));
        assert_eq!(
            e.to_string(),
            "kings cannot be influenced; K♠ is exposed by influencing its queen"
        );
        g.rules.kings_influenced = true;
        g.act(&Action::Influence {
            play: cards("QS JK JK"),
            target: card("KS"),
        })
        .unwrap();
        assert_eq!(g.top(Suit::Spades), None);
        assert_eq!(g.score(), 1);
    }

    mod answers {
        use super::*;
        use proptest::prelude::*;

        fn any_card() -> impl Strategy<Value = Card> {
            (0..53usize).prop_map(|i| Card::from_index(i).unwrap_or(Card::Joker))
        }

        fn cards_1_to(n: usize) -> impl Strategy<Value = Vec<Card>> {
            proptest::collection::vec(any_card(), 1..=n)
        }

        /// Every action a player types, with the question it answers.
        fn typed_action() -> impl Strategy<Value = (Key, Action)> {
            prop_oneof![
                cards_1_to(6).prop_map(|cards| (Key::Draw, Action::Draw { cards })),
                (cards_1_to(6), any_card())
                    .prop_map(|(play, target)| (Key::Turn, Action::Influence { play, target })),
                any_card().prop_map(|card| (Key::Turn, Action::Exile { card })),
                proptest::option::of(any_card())
                    .prop_map(|card| (Key::Bonus, Action::Bonus { card })),
                proptest::option::of(any_card())
                    .prop_map(|card| (Key::Keep, Action::Keep { card })),
                proptest::sample::select(Suit::ALL.to_vec()).prop_map(|s| (
                    Key::Suspicion,
                    Action::Suspicion {
                        king: Card::new(Rank::King, s)
                    }
                )),
            ]
        }

        /// Text made of the answer's own words and of characters that change length
        /// when lower-cased, to shake the word search.
        fn answer_like() -> impl Strategy<Value = String> {
            proptest::collection::vec(
                proptest::sample::select(vec![
                    "on",
                    "ON",
                    "exile",
                    "Exile",
                    "raise",
                    "suspicion",
                    "none",
                    "-",
                    "4S",
                    "10h",
                    "JK",
                    "🃏",
                    "♠",
                    "K♥",
                    "spades",
                    "H",
                    "İ",
                    "ẞ",
                    "K",
                    "€",
                    " ",
                    "  ",
                    "\t",
                    ",",
                    "on6H",
                    "6H",
                    "QS",
                    "",
                ]),
                0..8,
            )
            .prop_map(|words| words.concat())
        }

        fn games() -> Vec<Game> {
            let mut mid = real(Rules::standard());
            mid.hand = cards("5S 4S 3D JK");
            mid.draw = cards("AS 2S");
            mid.to_draw = 0;
            mid.phase = Phase::Turn;
            mid.turn = 3;
            mid.piles = [14, 6, 9, 3];
            vec![real(Rules::standard()), mid, real(Rules::hardcore())]
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(500))]

            /// answer_text (the Display of an answer) reads back as the same action.
            #[test]
            fn typed_answers_read_back((key, action) in typed_action()) {
                let g = real(Rules::standard());
                let text = answer_text(&action).unwrap();
                prop_assert_eq!(g.read_answer(&key, &text), Ok(action.clone()), "{}", text);
                // Case and spacing do not matter.
                let loud = format!("  {}  ", text.to_uppercase().replace(' ', "   "));
                prop_assert_eq!(g.read_answer(&key, &loud), Ok(action), "{}", loud);
            }

            /// No text panics any question, and a refusal always says something.
            #[test]
            fn any_text_is_read_or_refused(text in any::<String>(), words in answer_like()) {
                for g in games() {
                    for key in [Key::Draw, Key::Turn, Key::Suspicion, Key::Bonus, Key::Keep, Key::Extra] {
                        for t in [text.as_str(), words.as_str()] {
                            if let Err(why) = g.read_answer(&key, t) {
                                prop_assert!(!why.to_string().is_empty());
                            }
                        }
                    }
                }
            }
        }

        #[test]
        fn cards_alone_name_their_only_target() {
            let mut g = real(Rules::standard());
            g.hand = cards("5S 4S 3D JK");
            g.phase = Phase::Turn;
            g.piles = [9, 3, 6, 3];
            // 5♠ 4♠ 🃏 3♦ makes 7 in any suit: 6♦ (7) and the 3s (4); 5♠ 4♠ makes 6 in ♠.
            assert_eq!(
                g.read_answer(&Key::Turn, "5S 4S").map_err(|e| e.to_string()),
                Err("5♠ 4♠ makes 6 influence in ♠, which influences none of the top cards (9♠ 3♥ 6♦ 3♣); type `help` for your plays".to_string())
            );
            assert_eq!(
                g.read_answer(&Key::Turn, "5S 4S JK 3D")
                    .map_err(|e| e.to_string()),
                Err(
                    "5♠ 4♠ 🃏 3♦ influences 3♥ 6♦ 3♣: say which, e.g. `5S 4S JK 3D on 3H`"
                        .to_string()
                )
            );
            g.piles = [9, 7, 6, 7];
            assert_eq!(
                g.read_answer(&Key::Turn, "5s 4s jk 3d"),
                Ok(Action::Influence {
                    play: cards("5S 4S JK 3D"),
                    target: card("6D")
                })
            );
            assert_eq!(
                g.read_answer(&Key::Turn, "5S 3D")
                    .map_err(|e| e.to_string()),
                Err(
                    "5♠ 3♦ is not a chain: card 2 (3♦): 3♦ matches 5♠ in neither suit nor rank"
                        .to_string()
                )
            );
            assert_eq!(
                g.read_answer(&Key::Turn, "5S 4S JK 3D on")
                    .map_err(|e| e.to_string()),
                Err(
                    "name the top card after `on`, e.g. `5S 4S JK 3D on 6H` (or a suit: `on H`)"
                        .to_string()
                )
            );
            assert_eq!(
                g.read_answer(&Key::Turn, "on 6D")
                    .map_err(|e| e.to_string()),
                Err("name the cards you play before `on`, e.g. `4S 3S 3H on 6D`".to_string())
            );
            assert_eq!(
                g.read_answer(&Key::Turn, "exile")
                    .map_err(|e| e.to_string()),
                Err("name the card to exile, e.g. `exile 4S`".to_string())
            );
            assert_eq!(
                g.read_answer(&Key::Turn, "EXILE 4s"),
                Ok(Action::Exile { card: card("4S") })
            );
            assert_eq!(
                g.read_answer(&Key::Turn, "5S 4S JK 3D on diamonds"),
                Ok(Action::Influence {
                    play: cards("5S 4S JK 3D"),
                    target: card("6D")
                })
            );
            assert_eq!(
                g.read_answer(&Key::Keep, " ").map_err(|e| e.to_string()),
                Err("name one card, or `none`".to_string())
            );
            // Issue 31: `on` at "Keep one card…" said "unknown rank `o`".
            assert_eq!(
                g.read_answer(&Key::Keep, "on").map_err(|e| e.to_string()),
                Err(
                    "`on` is not a card: name one card of the list (such as `7H`), or `none`"
                        .to_string()
                )
            );
        }
    }
}
