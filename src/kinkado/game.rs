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

use crate::kinkado::ruling;
use crate::words;
use serde::{Deserialize, Serialize};

use super::alora;
use super::error::{Place, PlayError, Turn};
use super::fast::best_hand;

use super::names::{display_name, possessive, says, which_of};
use super::round::{MAX_SEATS, Phase};
use super::showdown::{self, ALORA, Pool, Seat};
use super::{Rules, round_info, value};
use crate::cards::{Card, show_cards};
use crate::explain::{Explain, Reason};
use crate::notation::parse_money;
use crate::render::{Style, money};
use crate::ruleset::Ruleset;
use crate::session::{Question, Session, Step};

/// How the cards are dealt.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase", tag = "deck")]
pub enum Deck {
    /// Real cards: the table says what is turned up and played.
    Physical,
    /// kado shuffles and deals a virtual pack from this seed.
    Virtual {
        seed: u64,
        /// How a round's played cards go back into the pack before the next shuffle.
        /// Saves written before it lack it: theirs went back in the order played.
        #[serde(default)]
        played_back: PlayedBack,
    },
}

impl Deck {
    /// The virtual pack kado deals from `seed` today: played cards go back sorted.
    pub fn shuffled(seed: u64) -> Deck {
        Deck::Virtual {
            seed,
            played_back: PlayedBack::Sorted,
        }
    }
}

/// How the cards played in a round go back into a virtual pack before the next round's
/// shuffle. The shuffle deals from the pack's order, so this decides every deal after the
/// first: saves and records say which one they were dealt by.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum PlayedBack {
    /// In the order the cards were played, seat by seat and each play as written: how
    /// kado dealt at first (saves without the field, records whose `deck:` line does not
    /// say `sorted`). The same game written with a play's cards in another order dealt
    /// differently from then on.
    #[default]
    InOrder,
    /// In card order, whatever order they were played or written in.
    Sorted,
}

/// How a game starts.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Setup {
    /// The players, in seating order (clockwise). ALORA sits after them.
    pub players: Vec<String>,
    pub alora: bool,
    #[serde(flatten)]
    pub deck: Deck,
    /// Hands are kept off the screen (a virtual pack at a table of several people): each
    /// player sees theirs by typing `hand` at their own turn. Saves before it lack it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub private: bool,
}

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
        let extra = self.alora
            && match rules.ruled.alora_seat {
                ruling::AloraSeat::Extra => true,
                ruling::AloraSeat::Counts => false,
            };
        if seats > MAX_SEATS + usize::from(extra) {
            return Err(PlayError::TooManySeats {
                seats,
                alora: self.alora,
                extra,
            });
        }
        for p in &self.players {
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
            if crate::seat::same_name(p, ALORA) {
                return Err(PlayError::NameIsAlora);
            }
        }
        crate::seat::distinct(&self.players)
            .map_err(|twice| PlayError::SameName(twice.words(&self.players)))
    }
}

/// One recorded step of the game. `S` names a seat: its index among the seats in a game
/// and its save (the players in order, then ALORA), the player's name in a record
/// ([`Named`]).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Action<S = usize> {
    /// Refresh: deal every seat up to the hand limit. With a virtual deck, the cards each
    /// seat receives.
    Deal {
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        cards: Vec<Vec<Card>>,
    },
    /// The prize card turned up (none when the deck is empty).
    Prize { card: Option<Card> },
    /// A player sells cards (none = passes).
    Sell { seat: S, cards: Vec<Card> },
    /// ALORA's face-down cards, turned up at her sell turn.
    AloraShows { cards: Vec<Card> },
    /// ALORA sells.
    AloraSells { cards: Vec<Card> },
    /// A player buys market cards and blind cards from the deck (with a virtual deck,
    /// the cards drawn).
    Buy {
        seat: S,
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
    Bet { seat: S, amount: u32 },
    /// ALORA's bet, and whether the bank placed it.
    AloraBets { amount: u32, bank: bool },
    /// The cards a player reveals.
    Play { seat: S, cards: Vec<Card> },
    /// ALORA's face-down cards at the reveal.
    AloraReveals { cards: Vec<Card> },
    /// The reveal is settled.
    Settle,
    /// A correction to a stash, counted at the table.
    Correct { seat: S, stash: u32 },
}

/// A save before format 3 named the seat of a player's move by the player's name.
impl crate::session::Upgrade<Setup> for Action {
    fn seats_by_index(
        setup: &Setup,
        action: &mut serde_json::Value,
    ) -> Result<(), crate::session::NoSeat> {
        crate::session::index_at(action, "seat", |name| {
            crate::session::seat_of(&setup.players, setup.alora, name)
        })
    }
}

/// An action as a record writes it: a seat by its player's name.
pub type Named = Action<String>;

impl<S> Action<S> {
    /// The same action with its seat named otherwise (`f` says how, or why not).
    pub fn map_seat<T, E>(self, f: impl FnOnce(S) -> Result<T, E>) -> Result<Action<T>, E> {
        Ok(match self {
            Action::Deal { cards } => Action::Deal { cards },
            Action::Prize { card } => Action::Prize { card },
            Action::Sell { seat, cards } => Action::Sell {
                seat: f(seat)?,
                cards,
            },
            Action::AloraShows { cards } => Action::AloraShows { cards },
            Action::AloraSells { cards } => Action::AloraSells { cards },
            Action::Buy {
                seat,
                market,
                deck,
                drawn,
            } => Action::Buy {
                seat: f(seat)?,
                market,
                deck,
                drawn,
            },
            Action::AloraBuys { card, free, drawn } => Action::AloraBuys { card, free, drawn },
            Action::Bet { seat, amount } => Action::Bet {
                seat: f(seat)?,
                amount,
            },
            Action::AloraBets { amount, bank } => Action::AloraBets { amount, bank },
            Action::Play { seat, cards } => Action::Play {
                seat: f(seat)?,
                cards,
            },
            Action::AloraReveals { cards } => Action::AloraReveals { cards },
            Action::Settle => Action::Settle,
            Action::Correct { seat, stash } => Action::Correct {
                seat: f(seat)?,
                stash,
            },
        })
    }

    /// The seat whose move this is, for a player's move.
    pub fn seat(&self) -> Option<&S> {
        match self {
            Action::Sell { seat, .. }
            | Action::Buy { seat, .. }
            | Action::Bet { seat, .. }
            | Action::Play { seat, .. }
            | Action::Correct { seat, .. } => Some(seat),
            _ => None,
        }
    }

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
    /// Every action applied, for the record.
    actions: Vec<Action>,
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
    /// Whether the players' hands are on the screen: kado knows them (a virtual pack) and
    /// they are not kept private.
    fn hands_shown(&self) -> bool {
        self.virtual_seed().is_some() && !self.setup.private
    }

    /// How played cards go back into a virtual pack (`None`: real cards).
    fn played_back(&self) -> Option<PlayedBack> {
        match self.setup.deck {
            Deck::Virtual { played_back, .. } => Some(played_back),
            Deck::Physical => None,
        }
    }

    pub(super) fn virtual_seed(&self) -> Option<u64> {
        match self.setup.deck {
            Deck::Virtual { seed, .. } => Some(seed),
            Deck::Physical => None,
        }
    }

    fn seat_index(&self, name: &str) -> Result<usize, PlayError> {
        self.seats
            .iter()
            .position(|s| crate::seat::same_name(&s.name, name))
            .ok_or_else(|| PlayError::NoSuchSeat(name.to_string()))
    }

    /// The name of seat `i` (its number, from 0, for a seat the game lacks).
    pub fn seat_name(&self, i: usize) -> String {
        self.seats
            .get(i)
            .map_or_else(|| i.to_string(), |s| s.name.clone())
    }

    /// An action with its seat named, as a record writes it.
    pub fn named(&self, a: &Action) -> Named {
        let named: Result<Named, std::convert::Infallible> =
            a.clone().map_seat(|i| Ok(self.seat_name(i)));
        match named {
            Ok(n) => n,
        }
    }

    /// A record's action with its seat by index; an error for a name no seat has.
    pub fn seated(&self, a: &Named) -> Result<Action, PlayError> {
        a.clone().map_seat(|name| self.seat_index(&name))
    }

    /// Seat `i`, or an error for a seat the game lacks (a save edited by hand).
    fn seat_at(&self, i: usize) -> Result<&SeatState, PlayError> {
        self.seats
            .get(i)
            .ok_or(PlayError::NoSeatNumber(i, self.seats.len()))
    }

    /// The name of the ruleset in force.
    pub fn ruleset_name(&self) -> &str {
        &self.ruleset.name
    }

    pub(super) fn alora_index(&self) -> Option<usize> {
        self.seats.iter().position(|s| s.is_alora)
    }

    /// Seats in turn order this round: the dealer first, then clockwise; in a solo game
    /// under ruling solo-first: player, the player first whoever deals.
    pub fn order(&self) -> Vec<usize> {
        let n = self.seats.len();
        let solo = n == 2 && self.alora_index().is_some();
        let first = match (self.alora_index(), self.rules.ruled.solo_first) {
            (Some(a), ruling::SoloFirst::Player) if solo => 1 - a,
            (_, ruling::SoloFirst::Player | ruling::SoloFirst::Dealer) => self.dealer,
        };
        (0..n).map(|i| (first + i) % n).collect()
    }

    /// The seat whose turn it is in the current phase.
    pub(super) fn current(&self) -> Option<usize> {
        let order = self.order();
        match self.phase {
            Phase::Sell => match self.rules.ruled.sell_turns {
                // One card a turn: the seat that has sold least goes next.
                ruling::SellTurns::OneAtATime => order
                    .into_iter()
                    .filter(|&i| !self.seats[i].done)
                    .min_by_key(|&i| self.seats[i].sold),
                ruling::SellTurns::WholeTurn => order.into_iter().find(|&i| !self.seats[i].done),
            },
            Phase::Buy => order.into_iter().find(|&i| !self.seats[i].done),
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

    pub(super) fn min_bet(&self) -> u32 {
        round_info(self.round).map_or(0, |r| r.minimum_bet)
    }

    /// Where a card is known to be, other than in seat `except`'s hand.
    pub(super) fn whereabouts(&self, card: Card, except: Option<usize>) -> Option<Place> {
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
    pub(super) fn peek(&self, n: usize) -> Vec<Card> {
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
        x.by(self.rules.ruled.alora_ties, |c| match c {
            ruling::AloraTies::AfterBets => "At a reveal the highest tier wins, then the highest sum, then the highest bet; equal bets split the pot, except that ALORA never shares one: where she would, she wins alone.",
            ruling::AloraTies::OnSum => "At a reveal the highest tier wins, then the highest sum, then the highest bet; equal bets split the pot. ALORA wins as soon as she is level with another hand on tier and sum, whatever the bets.",
        });
        x.by(self.rules.ruled.alora_cards, |c| match c {
            ruling::AloraCards::KeepsRest => "At the reveal ALORA plays her best hand; the cards outside it stay in her hand, face up.",
            ruling::AloraCards::AllPlayed => "At the reveal ALORA plays every card she holds, face-down ones too; all go back to the deck at the next refresh.",
        });
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
        let alora_wins = match self.rules.ruled.game_tie {
            ruling::GameTie::AloraWins => true,
            ruling::GameTie::Shared => false,
        };
        if top.len() > 1
            && alora_wins
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
}

/// "the card" or "all 3 cards", for asking to type cards.
fn all_cards(n: usize) -> String {
    if n == 1 {
        "the card".into()
    } else {
        format!("all {n} cards")
    }
}

/// The pick that Enter stands for at ALORA's pick among cards of equal value: the lowest
/// suits in bridge order (♣ ♦ ♥ ♠), a joker last.
pub fn default_pick(from: &[Card], count: usize) -> Vec<Card> {
    let mut sorted = from.to_vec();
    sorted.sort_by_key(pick_order);
    sorted.truncate(count);
    sorted
}

/// The order kado's default takes ALORA's equal cards in: the lowest suit in bridge
/// order first (♣ ♦ ♥ ♠), a joker last.
pub fn pick_order(c: &Card) -> (u8, Card) {
    use crate::cards::Suit;
    let suit = match c.suit() {
        Some(Suit::Clubs) => 0,
        Some(Suit::Diamonds) => 1,
        Some(Suit::Hearts) => 2,
        Some(Suit::Spades) => 3,
        None => 4,
    };
    (suit, *c)
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

/// The answer Enter gives at ALORA's pick among cards of equal value, as it is typed.
fn pick_default(count: usize, from: &[Card]) -> String {
    let pick: Vec<String> = default_pick(from, count).iter().map(|c| c.code()).collect();
    pick.join(" ")
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
    crate::notation::read_answer_cards(t, Some(2)).map_err(PlayError::Cards)
}

/// What a Kin Kādo session asks: a seat's decision (by seat index), or a card the table
/// turns up for the round or for ALORA.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// The card turned up for the prize pool.
    Prize,
    Sell(usize),
    Buy(usize),
    Bet(usize),
    Play(usize),
    /// ALORA's face-down cards, turned up at her sell turn.
    AloraShows,
    /// The pick among equal cards ALORA sells.
    AloraSells,
    /// The pick among equal cards ALORA buys.
    AloraBuys,
    /// ALORA's face-down cards at the reveal.
    AloraReveals,
}

impl Key {
    /// What is asked, in a word ("sell", "alora-shows").
    pub fn kind(self) -> &'static str {
        match self {
            Key::Prize => "prize",
            Key::Sell(_) => "sell",
            Key::Buy(_) => "buy",
            Key::Bet(_) => "bet",
            Key::Play(_) => "play",
            Key::AloraShows => "alora-shows",
            Key::AloraSells => "alora-sells",
            Key::AloraBuys => "alora-buys",
            Key::AloraReveals => "alora-reveals",
        }
    }

    /// The seat whose decision this is (a sell, buy, bet or play).
    pub fn seat(self) -> Option<usize> {
        match self {
            Key::Sell(i) | Key::Buy(i) | Key::Bet(i) | Key::Play(i) => Some(i),
            _ => None,
        }
    }
}

/// A simple player that answers kado's questions: used to script whole games in tests
/// and simulations. With real cards it names cards nobody is known to hold.
pub mod bot;

mod actions;
mod answers;
mod apply;
mod questions;
mod reveal;
mod session;
mod status;

#[cfg(test)]
mod tests;
