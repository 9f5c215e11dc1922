//! A whole game of Kinga as a session: the four suit piles, the kings, the draw and
//! discard piles, the exiled cards and the hand, one action at a time.
//!
//! With a real deck the player says which cards they drew; with a virtual deck kado
//! deals them from a shuffle recorded in the log, so a replay is exact.

use crate::kinga::ruling;
use crate::words;
use serde::{Deserialize, Serialize};

use super::error::{Error, Told, Whereabouts};
use super::key::Key;
pub use super::start::{Deck, Setup, starting_deck};
use super::{Options, Rules, effects, evaluate, needed, options, shortest_plays};
use crate::cards::{Card, Rank, Suit, show_cards};
use crate::render::Style;
use crate::ruleset::Ruleset;
use crate::session::{Question, Session, Step};
use crate::shuffle::Shuffler;
use crate::view::{Doc, Grid};

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

/// Actions name no seat by a player's name: a save of any format reads as it is.
impl crate::session::Upgrade<Setup> for Action {}

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
pub struct State {
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

/// The game as `kado kinga play` runs it: the state ([`State`]), the starting deck and
/// the actions that made it, so that its record can be written at any point
/// ([`Session::record`]). Every rule is the state's own; this only remembers what was
/// applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub game: State,
    /// A virtual deck's starting order, top first (empty for real cards).
    pub order: Vec<Card>,
    /// Every action applied, in order.
    pub actions: Vec<Action>,
    /// The name of the ruleset the game is played under, for the record's comment.
    pub ruleset: String,
}

impl State {
    pub fn new(setup: &Setup, rules: Rules) -> State {
        let draw = match setup.deck {
            Deck::Virtual if !setup.order.is_empty() => setup.order.clone(),
            _ => starting_deck(),
        };
        let mut g = State {
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
    pub fn at_table(t: &super::position::Table, rules: Rules) -> State {
        let mut g = State::new(&Setup::new(Deck::Real, 0), rules);
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
        self.exposed[i]
            && match self.rules.ruled.sideways_queen {
                ruling::SidewaysQueen::Counts => true,
                ruling::SidewaysQueen::NotCounted => !self.suspected_first[i],
            }
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
            .filter(|c| match self.rules.ruled.bonus_exile_joker {
                ruling::BonusExileJoker::Allowed => true,
                ruling::BonusExileJoker::Forbidden => !c.is_joker(),
            })
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
                    let game_over = match self.rules.ruled.empty_draw {
                        ruling::EmptyDraw::GameOver => true,
                        ruling::EmptyDraw::Short => false,
                    };
                    if self.to_draw > 0 && game_over {
                        self.to_draw = 0;
                        // The play's influence stands: its card is taken first, and a
                        // fourth queen wins whatever draw the play earned.
                        let won = self.phase == Phase::ExtraDraw && self.take_target(said);
                        if !won {
                            said.push(Told::NothingLeftToDraw);
                        }
                        self.phase = Phase::Over { won };
                        return;
                    }
                    if self.to_draw > 0 {
                        said.push(Told::NothingToDraw(self.to_draw));
                        self.to_draw = 0;
                    }
                    if self.phase == Phase::Refill {
                        match self.rules.ruled.reshuffle {
                            ruling::Reshuffle::TurnCardsAfter => {
                                self.discard.append(&mut self.table);
                            }
                            ruling::Reshuffle::WhenNeeded => {}
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
                        let joker_kept =
                            self.hand.iter().chain(&self.discard).any(|c| c.is_joker());
                        said.push(Told::NothingToExile { joker_kept });
                        self.finish_influence(said);
                    } else {
                        return;
                    }
                }
                Phase::Keep => {
                    let keep_all = match self.rules.ruled.hardcore {
                        ruling::Hardcore::Off => false,
                        ruling::Hardcore::On => match self.rules.ruled.hardcore_suspicion_cleanup {
                            ruling::HardcoreSuspicionCleanup::KeepAll => true,
                            ruling::HardcoreSuspicionCleanup::KeepOne => self.influenced,
                        },
                    };
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
        self.phase = match self.take_target(said) {
            true => Phase::Over { won: true },
            false => Phase::Keep,
        };
    }

    /// The influenced card taken: onto the turn's cards, its pile one down, a queen's
    /// king exposed. Whether that exposed the last king (the game is won).
    fn take_target(&mut self, said: &mut Vec<Told>) -> bool {
        let Some(Card::Plain(rank, suit)) = self.target else {
            return false;
        };
        let t = Card::Plain(rank, suit);
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
                return true;
            }
        }
        false
    }

    fn start_refill(&mut self) {
        match self.rules.ruled.reshuffle {
            ruling::Reshuffle::WhenNeeded => self.discard.append(&mut self.table),
            ruling::Reshuffle::TurnCardsAfter => {}
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
        if self.rules.is_hardcore() {
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
        self.phase = match self.rules.ruled.extra_draws {
            ruling::ExtraDraws::Optional if self.to_draw > 0 => Phase::ExtraOffer,
            ruling::ExtraDraws::Optional | ruling::ExtraDraws::Always => Phase::ExtraDraw,
        };
        Ok(())
    }

    /// The Exile action: one card exiled, the rest of the hand discarded.
    fn exile(&mut self, card: Card, said: &mut Vec<Told>) -> Result<(), Error> {
        let opts = self.options();
        if self.rules.is_hardcore()
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
                return Err(
                    if c.is_joker()
                        && match self.rules.ruled.bonus_exile_joker {
                            ruling::BonusExileJoker::Forbidden => true,
                            ruling::BonusExileJoker::Allowed => false,
                        }
                    {
                        Error::JokerNotExiled
                    } else {
                        Error::NotForBonus(c)
                    },
                );
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

    /// The game for people: a table of the suits' top cards and kings, then the hand,
    /// the piles and how the game stands.
    pub fn doc(&self, style: Style) -> Doc {
        let mut t = Grid::new(["Suit", "Top card", "King"]);
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
            t.row([s.symbol().to_string(), top, king.to_string()]);
        }
        let mut out = Doc::from(t);
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
        match self.ended() {
            Some(line) => out += &format!("{line}\n"),
            None => {
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

impl State {
    /// How the game ended, once it has: `You lost after 49 turns. Score: 2 kings exposed.`
    pub fn ended(&self) -> Option<String> {
        let Phase::Over { won } = self.phase else {
            return None;
        };
        Some(format!(
            "{} after {} turn{}. Score: {} king{} exposed{}.",
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
        ))
    }
}

fn sorted(cards: &[Card]) -> Vec<Card> {
    let mut v = cards.to_vec();
    v.sort();
    v
}

fn where_is(g: &State, c: Card) -> Whereabouts {
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

mod draws;
mod read;
use read::*;
mod session;
mod status;
mod steps;
pub use status::*;

#[cfg(test)]
mod tests;
