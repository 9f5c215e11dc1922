//! The answers a Koi-Koi player composes by taps on a phone: the card played from the hand
//! and the table card of its month it takes, and the match a drawn card takes.

use super::*;
use crate::session::Composed;
use crate::view::{Compose, Pick, PickGroup, Picked, Send};

impl Game {
    pub(super) fn composed(&self, key: &Key, picked: &Picked) -> Option<Composed<Action>> {
        match key {
            Key::Play => self.compose_play(picked),
            Key::DrawCapture => self.compose_draw(picked),
            _ => None,
        }
    }

    /// A hand card tapped, then, where two table cards match it, the one it takes. The
    /// cards the rules let the player play are open; once one is picked, the table cards
    /// of its month.
    fn compose_play(&self, picked: &Picked) -> Option<Composed<Action>> {
        let r = &self.referee;
        let p = r.round.to_move;
        if self.is_kado(p) {
            return None;
        }
        let hand = r.round.hands[p].clone()?;
        let playable = r.playable(p);
        let (hand_taps, table_taps) = (card_taps(&hand), card_taps(&r.round.table));
        let card = tapped(&hand, &hand_taps, picked).filter(|c| playable.contains(c));
        let matches = card.map(|c| r.round.matches(c)).unwrap_or_default();
        let taken = tapped(&r.round.table, &table_taps, picked).filter(|c| matches.contains(c));
        let hand_group = PickGroup {
            label: "Your hand".to_string(),
            picks: (hand.iter().zip(hand_taps))
                .map(|(c, tap)| pick(*c, tap, picked, playable.contains(c)))
                .collect(),
            single: true,
        };
        let two = matches.len() == 2;
        let table = PickGroup {
            label: "Table".to_string(),
            picks: (r.round.table.iter().zip(table_taps))
                .map(|(c, tap)| pick(*c, tap, picked, two && matches.contains(c)))
                .collect(),
            single: true,
        };
        let mv = card.and_then(|c| play_move(c, &matches, taken));
        let action = mv.map(|m| Action::Play { player: p, card: m });
        let send = match (card, &action) {
            (None, _) => Send::not_yet("Tap a card of your hand"),
            (Some(_), None) => Send::not_yet("Tap the table card it takes"),
            (Some(c), Some(a)) => self.tried(a, || played_words(c, &matches, taken)),
        };
        let view = Compose {
            title: "Tap a card to play, then the table card of its month it takes".to_string(),
            groups: vec![hand_group, table],
            count: None,
            send,
        };
        Some(Composed::of(view, action))
    }

    /// The drawn card matches two table cards: the one it takes.
    fn compose_draw(&self, picked: &Picked) -> Option<Composed<Action>> {
        let card = self.card_being_drawn()?;
        let matches = self.referee.round.matches(card);
        let on_table = &self.referee.round.table;
        let table_taps = card_taps(on_table);
        let taken = tapped(on_table, &table_taps, picked).filter(|c| matches.contains(c));
        let table = PickGroup {
            label: "Table".to_string(),
            picks: (on_table.iter().zip(table_taps))
                .map(|(c, tap)| pick(*c, tap, picked, matches.contains(c)))
                .collect(),
            single: true,
        };
        let action = taken.map(|t| Action::Draw {
            card: Move::new(card, Capture::Card(t)),
        });
        let send = match &action {
            None => Send::not_yet("Tap the table card it takes"),
            Some(a) => self.tried(a, || {
                format!(
                    "{} drawn takes {}",
                    card.code(),
                    named(taken.unwrap_or(card))
                )
            }),
        };
        let view = Compose {
            title: format!(
                "The drawn {} matches two table cards: tap the one it takes",
                named(card)
            ),
            groups: vec![table],
            count: None,
            send,
        };
        Some(Composed::of(view, action))
    }

    /// Whether `action` applies now: the send button's words, or the rules' refusal.
    fn tried(&self, action: &Action, label: impl FnOnce() -> String) -> Send {
        match self.clone().apply(action) {
            Ok(_) => Send::Ready { label: label() },
            Err(why) => Send::not_yet(&why.to_string()),
        }
    }
}

/// The move of `card` given the table cards of its month: with two, the one tapped;
/// with none, one or three, the rules decide (it takes them, or goes to the table).
fn play_move(card: Card, matches: &[Card], taken: Option<Card>) -> Option<Move> {
    match (matches.len(), taken) {
        (2, Some(t)) => Some(Move::new(card, Capture::Card(t))),
        (2, None) => None,
        _ => Some(Move::new(card, Capture::Unsaid)),
    }
}

/// What playing `card` does, in words: "Play 3r (cherry) and take 3b (curtain)".
fn played_words(card: Card, matches: &[Card], taken: Option<Card>) -> String {
    let play = format!("Play {}", named(card));
    match (matches, taken) {
        ([], _) => format!("{play} to the table"),
        (_, Some(t)) => format!("{play} and take {}", named(t)),
        ([one], None) => format!("{play} and take {}", named(*one)),
        (all, None) => {
            let codes: Vec<String> = all.iter().map(|c| c.code()).collect();
            format!("{play} and take all three: {}", codes.join(" "))
        }
    }
}

/// A card's code with its month's flower, or its own name: "3b (curtain)", "3p (cherry)".
fn named(c: Card) -> String {
    format!("{} ({})", c.code(), c.name().unwrap_or(c.flower()))
}

/// What a tap on each card sends (a twin told apart: `6p~2`).
fn card_taps(cards: &[Card]) -> Vec<String> {
    crate::view::taps(&cards.iter().map(|c| c.code()).collect::<Vec<_>>())
}

/// The card of `cards` picked last, by its tap.
fn tapped(cards: &[Card], taps: &[String], picked: &Picked) -> Option<Card> {
    (picked.codes.iter().rev()).find_map(|id| taps.iter().position(|t| t == id).map(|i| cards[i]))
}

fn pick(c: Card, tap: String, picked: &Picked, open: bool) -> Pick {
    let on = picked.has(&tap);
    Pick {
        tap,
        item: item(c),
        spoken: format!("{}, {} {}", c.code(), c.flower(), c.kind.word()),
        picked: on,
        open: on || open,
    }
}
