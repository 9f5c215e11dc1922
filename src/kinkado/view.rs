//! The answers a seat composes by taps on its page: the cards it sells, what it buys, its
//! bet, the cards it played and ALORA's cards, each checked against the rules as it is
//! picked.

use super::game::*;
use crate::cards::{Card, show_cards};
use crate::kinkado::ruling;
use crate::render::money;
use crate::session::Session;
use crate::words;

use crate::cards::Suit;
use crate::session::Composed;
use crate::view::{self, Compose, Pick, PickGroup, Picked, Send, Stepper};

/// The answers a seat composes by taps on its page: the cards it sells, what it buys,
/// its bet and the cards it played, each checked against the rules as it is picked.
impl Game {
    pub(super) fn composed(&self, key: Key, picked: &Picked) -> Option<Composed<Action>> {
        match key {
            Key::Sell(i) => self.compose_sale(i, picked),
            Key::Buy(i) => self.compose_buy(i, picked),
            Key::Bet(i) => self.compose_bet(i, picked),
            Key::Play(i) => self.compose_play(i, picked),
            Key::Prize => Some(self.compose_prize(picked)),
            Key::AloraShows | Key::AloraReveals => self.compose_alora_cards(key, picked),
            Key::AloraSells | Key::AloraBuys => None,
        }
    }

    /// Up to the sales a turn allows, from the hand kado dealt.
    fn compose_sale(&self, i: usize, picked: &Picked) -> Option<Composed<Action>> {
        let (hand, pack) = self.hand_or_pack(i)?;
        let most = match self.rules.ruled.sell_turns {
            ruling::SellTurns::OneAtATime => 1,
            ruling::SellTurns::WholeTurn => self.rules.max_sales,
        };
        let cards = picked_cards(&hand, picked);
        let room = cards.len() < most;
        let action = Action::Sell {
            seat: i,
            cards: cards.clone(),
        };
        let send = self.tried(&action, i, |gain| {
            if cards.is_empty() {
                "Sell nothing".to_string()
            } else {
                format!("Sell {} for {}", show_cards(&cards), money(gain))
            }
        });
        let view = Compose {
            title: format!("Tap up to {} to sell", words::count(most, "card")),
            groups: self.groups(pack, &hand, picked, |_| room),
            count: None,
            board: None,
            send: send.clone(),
        };
        Some(Composed::of(view, Some(action)))
    }

    /// Market cards tapped, and a count of cards drawn blind from the deck.
    fn compose_buy(&self, i: usize, picked: &Picked) -> Option<Composed<Action>> {
        let s = &self.seats[i];
        let room = self.rules.hand_limit.saturating_sub(s.held());
        let market = picked_cards(&self.market, picked);
        let blind = (room.saturating_sub(market.len())).min(self.deck_size());
        let count = Stepper {
            label: format!(
                "Cards from the deck, {} each",
                money(i64::from(self.rules.deck_card_cost))
            ),
            value: picked.count,
            min: 0,
            max: blind as u32,
            dollars: false,
        }
        .held();
        let deck = count.value as usize;
        let action = Action::Buy {
            seat: i,
            market: market.clone(),
            deck,
            drawn: self.peek(deck),
        };
        let send = self.tried(&action, i, |gain| {
            let mut what = Vec::new();
            if !market.is_empty() {
                what.push(show_cards(&market));
            }
            if deck > 0 {
                what.push(format!("{} from the deck", words::count(deck, "card")));
            }
            if what.is_empty() {
                "Buy nothing".to_string()
            } else {
                format!("Buy {} for {}", what.join(" and "), money(-gain))
            }
        });
        let open = market.len() + deck < room;
        let view = Compose {
            title: format!("Tap the market cards to buy (room for {room})"),
            groups: vec![view::card_group("Market", &self.market, picked, |_| open)],
            count: Some(count),
            board: None,
            send,
        };
        Some(Composed::of(view, Some(action)))
    }

    /// The bet, stepped within what the round and the stash allow.
    fn compose_bet(&self, i: usize, picked: &Picked) -> Option<Composed<Action>> {
        let stash = self.seats[i].stash;
        let count = Stepper {
            label: "Bet".to_string(),
            value: picked.count,
            min: self.min_bet().min(stash),
            max: self.rules.max_bet.min(stash),
            dollars: true,
        }
        .held();
        let amount = count.value;
        let action = Action::Bet { seat: i, amount };
        let send = self.tried(&action, i, |_| format!("Bet {}", money(i64::from(amount))));
        let view = Compose {
            title: "Set your bet, then play 2 to 5 cards face down".to_string(),
            groups: Vec::new(),
            count: Some(count),
            board: None,
            send,
        };
        Some(Composed::of(view, Some(action)))
    }

    /// The 2 to 5 cards played face down, from the hand kado dealt.
    fn compose_play(&self, i: usize, picked: &Picked) -> Option<Composed<Action>> {
        let (hand, pack) = self.hand_or_pack(i)?;
        let cards = picked_cards(&hand, picked);
        let action = Action::Play {
            seat: i,
            cards: cards.clone(),
        };
        let send = if cards.len() < 2 {
            Send::NotYet {
                why: "Tap 2 to 5 cards".to_string(),
            }
        } else {
            self.tried(&action, i, |_| format!("Play {}", show_cards(&cards)))
        };
        let room = cards.len() < 5;
        let view = Compose {
            title: "Tap the 2 to 5 cards you played".to_string(),
            groups: self.groups(pack, &hand, picked, |_| room),
            count: None,
            board: None,
            send,
        };
        Some(Composed::of(view, Some(action)))
    }

    /// The prize card turned up from a real deck, picked among the 53 faces (the joker
    /// once, for either): those kado knows to be elsewhere (the market, the prize pool, a
    /// hand seen) are closed. No card at all when the deck is empty.
    fn compose_prize(&self, picked: &Picked) -> Composed<Action> {
        let faces: Vec<Card> = (0..53).filter_map(Card::from_index).collect();
        let card = (picked.codes.iter().rev())
            .find_map(|code| faces.iter().find(|c| c.code() == *code))
            .copied();
        let action = Action::Prize { card };
        let send = match card {
            None => Send::not_yet("Tap the card turned up"),
            Some(c) => self.tried(&action, 0, |_| format!("{c} joins the prize pool")),
        };
        let picks = (faces.iter())
            .map(|c| {
                let on = Some(*c) == card;
                Pick {
                    tap: c.code(),
                    item: view::card(*c),
                    spoken: c.spoken(),
                    picked: on,
                    open: on || self.whereabouts(*c, None).is_none(),
                    at: None,
                }
            })
            .collect();
        let view = Compose {
            title: "Tap the card turned up for the prize pool".to_string(),
            groups: vec![PickGroup {
                label: "The 54 cards".to_string(),
                picks,
                single: true,
                replaces: Vec::new(),
            }],
            count: None,
            board: None,
            send,
        };
        Composed::of(view, Some(action))
    }

    /// ALORA's face-down cards turned up from a real pack (at her sale, at the reveal):
    /// as many as she holds face down, among the cards not known to lie elsewhere.
    fn compose_alora_cards(&self, key: Key, picked: &Picked) -> Option<Composed<Action>> {
        let i = self.alora_index()?;
        let hidden = self.seats[i].hidden;
        let pack = real_pack();
        let cards = picked_cards(&pack, picked);
        let action = match key {
            Key::AloraShows => Action::AloraShows {
                cards: cards.clone(),
            },
            _ => Action::AloraReveals {
                cards: cards.clone(),
            },
        };
        let send = if cards.len() == hidden {
            self.tried(&action, i, |_| {
                format!("ALORA shows {}", show_cards(&cards))
            })
        } else {
            Send::not_yet(&format!("Tap {}", words::count(hidden, "card")))
        };
        let room = cards.len() < hidden;
        let view = Compose {
            title: format!(
                "Tap ALORA's {} as they are turned up",
                words::count(hidden, "face-down card")
            ),
            groups: self.groups(Pack::Real, &pack, picked, |_| room),
            count: None,
            board: None,
            send,
        };
        Some(Composed::of(view, Some(action)))
    }

    /// The cards seat `i` picks from: its hand where kado dealt it, else, with a real
    /// pack, the 54 cards (those known to lie elsewhere closed).
    fn hand_or_pack(&self, i: usize) -> Option<(Vec<Card>, Pack)> {
        match (self.dealt_hand(i), self.virtual_seed()) {
            (Some(hand), _) => Some((hand, Pack::Hand)),
            (None, None) => Some((real_pack(), Pack::Real)),
            (None, Some(_)) => None,
        }
    }

    /// The groups of cards to tap: a hand dealt, or a real pack by suit, where a card
    /// known to lie outside the hand of the seat asked is closed.
    fn groups(
        &self,
        pack: Pack,
        cards: &[Card],
        picked: &Picked,
        open: impl Fn(Card) -> bool,
    ) -> Vec<PickGroup> {
        if pack == Pack::Hand {
            return vec![view::card_group("Your hand", cards, picked, open)];
        }
        let asker = self.current();
        let free = |c: Card| open(c) && self.whereabouts(c, asker).is_none();
        let all = view::card_group("The 54 cards", cards, picked, free);
        let suits = [
            Some(Suit::Spades),
            Some(Suit::Hearts),
            Some(Suit::Diamonds),
            Some(Suit::Clubs),
            None,
        ];
        let labels = ["Spades", "Hearts", "Diamonds", "Clubs", "Jokers"];
        (suits.into_iter().zip(labels))
            .map(|(suit, label)| PickGroup {
                label: label.to_string(),
                picks: (cards.iter().zip(&all.picks))
                    .filter(|(c, _)| c.suit() == suit)
                    .map(|(_, p)| p.clone())
                    .collect(),
                single: false,
                replaces: Vec::new(),
            })
            .collect()
    }

    /// The hand of seat `i`, where kado dealt it (a virtual pack) and sees every card.
    fn dealt_hand(&self, i: usize) -> Option<Vec<Card>> {
        let s = self.seats.get(i)?;
        (self.virtual_seed().is_some() && s.hidden == 0).then(|| s.known.clone())
    }

    /// Whether `action` applies: the send button's words, from the money seat `i` gains
    /// by it, or what the rules forbid.
    fn tried(&self, action: &Action, i: usize, label: impl FnOnce(i64) -> String) -> Send {
        let mut probe = self.clone();
        let before = i64::from(self.seats[i].stash);
        match probe.apply(action) {
            Ok(_) => Send::Ready {
                label: label(i64::from(probe.seats[i].stash) - before),
            },
            Err(why) => Send::NotYet {
                why: why.to_string(),
            },
        }
    }
}

/// Where the cards to tap come from.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pack {
    /// The hand kado dealt.
    Hand,
    /// A real pack's 54 cards, kado not knowing the hand.
    Real,
}

/// The 54 cards of a real pack, the jokers twins.
fn real_pack() -> Vec<Card> {
    let mut pack: Vec<Card> = (0..53).filter_map(Card::from_index).collect();
    pack.push(Card::Joker);
    pack
}

/// The cards of `from` that are picked, in the order they were picked.
fn picked_cards(from: &[Card], picked: &Picked) -> Vec<Card> {
    let ids = card_taps(from);
    (picked.codes.iter())
        .filter_map(|id| ids.iter().position(|t| t == id).map(|i| from[i]))
        .collect()
}

/// What a tap on each of `cards` sends (a twin told apart: `JK~2`).
pub(crate) fn card_taps(cards: &[Card]) -> Vec<String> {
    view::taps(&cards.iter().map(|c| c.code()).collect::<Vec<_>>())
}
