//! The turn composed by taps on a phone: the cards of a chain, then the pile it
//! influences, or one card and Exile. Every answer it can send is one of the turn's legal
//! plays (`advise::candidates`), so the rules stay where they are decided.

use super::game::*;
use super::key::Key;
use super::start::Deck;
use crate::cards::{Card, show_cards};
use crate::words;

use crate::session::Composed;
use crate::view::{self, Compose, Item, Pick, PickGroup, Picked, Send};

/// The code of the piece that turns the card picked into an exile.
const EXILE: &str = "exile";

impl State {
    /// With a real deck, the cards drawn: as many as are due, tapped among those the
    /// draw pile holds (kado knows which, not their order).
    pub(super) fn compose_draw(&self, picked: &Picked) -> Option<Composed<Action>> {
        if self.deck != Deck::Real || self.draw.is_empty() {
            return None;
        }
        let n = self.to_draw.min(self.draw.len());
        let mut pile = self.draw.clone();
        pile.sort();
        let ids = view::taps(&pile.iter().map(|c| c.code()).collect::<Vec<_>>());
        let cards: Vec<Card> = (picked.codes.iter())
            .filter_map(|id| ids.iter().position(|t| t == id).map(|i| pile[i]))
            .collect();
        let room = cards.len() < n;
        let action = Action::Draw {
            cards: cards.clone(),
        };
        let send = if cards.len() < n {
            Send::not_yet(&format!(
                "Tap {} ({} so far)",
                words::count(n, "card"),
                cards.len()
            ))
        } else {
            match self.clone().act(&action) {
                Ok(_) => Send::Ready {
                    label: format!("Draw {}", show_cards(&cards)),
                },
                Err(why) => Send::not_yet(&why.to_string()),
            }
        };
        let view = Compose {
            title: format!(
                "Tap the {} you drew, from your draw pile",
                words::count(n, "card")
            ),
            groups: vec![view::card_group("Your draw pile", &pile, picked, |_| room)],
            count: None,
            board: None,
            send,
        };
        Some(Composed::of(view, Some(action)))
    }

    pub(super) fn compose_turn(&self, picked: &Picked) -> Option<Composed<Action>> {
        let legal = crate::kinga::advise::candidates(self, &Key::Turn);
        let ids = view::taps(&self.hand.iter().map(|c| c.code()).collect::<Vec<_>>());
        let cards: Vec<Card> = (picked.codes.iter())
            .filter_map(|id| ids.iter().position(|t| t == id).map(|i| self.hand[i]))
            .collect();
        let mut set = cards.clone();
        set.sort();
        let tops: Vec<Card> = self.status().piles.iter().filter_map(|p| p.top).collect();
        let target = (picked.codes.iter()).find_map(|code| tops.iter().find(|c| c.code() == *code));
        let exile = picked.has(EXILE);
        // The legal plays whose cards hold those picked (as a set: a chain's order is the
        // rules' to find), and those made of them exactly.
        let within = |a: &Action| match a {
            Action::Influence { play, .. } => holds(play, &cards),
            Action::Exile { card } => cards.len() <= 1 && cards.iter().all(|c| c == card),
            _ => false,
        };
        let exactly = |a: &Action| match a {
            Action::Influence { play, target: t } => same_set(play, &set) && Some(t) == target,
            Action::Exile { card } => exile && set == [*card],
            _ => false,
        };
        let open_card = |c: &Card| {
            let mut more = set.clone();
            more.push(*c);
            (legal.iter()).any(|(a, _, _)| match a {
                Action::Influence { play, .. } => holds(play, &more),
                Action::Exile { card } => set.is_empty() && card == c,
                _ => false,
            })
        };
        let open_top = |t: &Card| {
            (legal.iter()).any(|(a, _, _)| {
                matches!(a, Action::Influence { play, target } if same_set(play, &set) && target == t)
            })
        };
        let can_exile =
            (legal.iter()).any(|(a, _, _)| matches!(a, Action::Exile { card } if set == [*card]));
        let chosen = legal.iter().find(|(a, _, _)| exactly(a));
        let send = match chosen {
            Some((a, _, reason)) => Send::Ready {
                label: format!("{}: {reason}", turn_words(a)),
            },
            None if cards.is_empty() => Send::not_yet("Tap the cards of a play, or one to exile"),
            None if !legal.iter().any(|(a, _, _)| within(a)) => {
                Send::not_yet("No legal play holds these cards: tap one to put it back")
            }
            None if tops.iter().any(open_top) => {
                Send::not_yet("Tap more cards of the chain, or the pile it influences")
            }
            None => Send::not_yet("Tap more cards of the chain"),
        };
        let hand = PickGroup {
            label: "Your hand".to_string(),
            picks: (self.hand.iter().zip(ids))
                .map(|(c, id)| card_pick(*c, id, picked, open_card(c)))
                .collect(),
            single: false,
            replaces: Vec::new(),
        };
        let piles = PickGroup {
            label: "The pile it influences".to_string(),
            picks: (tops.iter())
                .map(|t| card_pick(*t, t.code(), picked, open_top(t)))
                .collect(),
            single: true,
            replaces: Vec::new(),
        };
        let instead = exile_group(exile, can_exile);
        let view = Compose {
            title: "Tap the cards of a chain, then the pile it influences; or one card, then Exile"
                .to_string(),
            groups: vec![hand, piles, instead],
            count: None,
            board: None,
            send,
        };
        let action = chosen.map(|(a, _, _)| a.clone());
        Some(Composed::of(view, action))
    }
}

/// The piece that makes the one card picked an exile.
fn exile_group(picked: bool, can: bool) -> PickGroup {
    PickGroup {
        label: "Or".to_string(),
        picks: vec![Pick {
            tap: EXILE.to_string(),
            item: Item::new(EXILE, "Exile it"),
            spoken: "exile the card picked".to_string(),
            picked,
            open: picked || can,
            at: None,
        }],
        single: true,
        replaces: Vec::new(),
    }
}

/// Whether `play` holds every card of `cards`, a card twice only if it holds it twice
/// (the two jokers).
fn holds(play: &[Card], cards: &[Card]) -> bool {
    let mut left = play.to_vec();
    cards
        .iter()
        .all(|c| match left.iter().position(|p| p == c) {
            Some(at) => {
                left.swap_remove(at);
                true
            }
            None => false,
        })
}

/// Whether `play` holds exactly the cards of `set` (sorted).
fn same_set(play: &[Card], set: &[Card]) -> bool {
    let mut p = play.to_vec();
    p.sort();
    p == set
}

/// A turn in words: "Play 2♠ 3♠ on 4♦", "Exile 7♠".
fn turn_words(a: &Action) -> String {
    match a {
        Action::Influence { play, target } => format!("Play {} on {target}", show_cards(play)),
        Action::Exile { card } => format!("Exile {card}"),
        _ => String::new(),
    }
}

fn card_pick(c: Card, tap: String, picked: &Picked, open: bool) -> Pick {
    let on = picked.has(&tap);
    Pick {
        tap,
        item: view::card(c),
        spoken: c.spoken(),
        picked: on,
        open: on || open,
        at: None,
    }
}
