//! A domino turn composed by taps on a phone: a domino of the hand, then one of its legal
//! places (each named by its squares), or a pass where the rules allow one. A run of
//! cards is still typed, or taken from the hint.

use super::*;
use crate::session::Composed;
use crate::view::{Compose, Item, Pick, PickGroup, Picked, Send, taps};

/// The code of the piece that passes the turn.
const PASS: &str = "pass";

impl Table {
    pub(super) fn compose_turn(&self, i: usize, picked: &Picked) -> Option<Composed<Action>> {
        if self.setup.deck != Deck::Virtual {
            return None;
        }
        let name = self.game.players.get(i)?.name.clone();
        let held = self.game.players[i].held.clone()?;
        let places = self.ranked_places(i);
        let ids = taps(&held.iter().map(|d| d.to_string()).collect::<Vec<_>>());
        let domino = (picked.codes.iter().rev())
            .find_map(|id| ids.iter().position(|t| t == id).map(|k| held[k]));
        let spots: Vec<Placement> = (places.iter())
            .filter(|(at, _)| Some(at.domino) == domino)
            .map(|(at, _)| *at)
            .collect();
        let spot = (picked.codes.iter().rev())
            .find_map(|id| spots.iter().find(|at| at.to_string() == *id))
            .copied();
        let pass = Action::from(Event::Turn {
            player: name.clone(),
            play: Play::Pass,
            draws: None,
        });
        let may_pass = self.game.clone().apply(&pass.event).is_ok();
        let passing = picked.codes.last().is_some_and(|c| c == PASS);
        let action = match (passing, spot) {
            (true, _) => may_pass.then_some(pass),
            (false, Some(at)) => Some(Action::from(Event::Turn {
                player: name,
                play: Play::Domino(at),
                draws: None,
            })),
            (false, None) => None,
        };
        let send = match (&action, domino) {
            (Some(a), _) => self.tried(a, spot),
            (None, None) => Send::not_yet("Tap a domino of your hand"),
            (None, Some(_)) => Send::not_yet("Tap where it goes"),
        };
        let groups = turn_groups(&held, ids, &places, &spots, picked, may_pass);
        let view = Compose {
            title: "Tap a domino, then where it goes (a run of cards is typed)".to_string(),
            groups,
            count: None,
            send,
        };
        Some(Composed::of(view, action))
    }

    /// Whether the turn applies: what sending it does, or the rules' refusal.
    fn tried(&self, action: &Action, spot: Option<Placement>) -> Send {
        match self.game.clone().apply(&action.event) {
            Ok(_) => Send::Ready {
                label: spot.map_or_else(
                    || "Pass".to_string(),
                    |at| format!("Lay {} {}", at.domino, where_words(&at)),
                ),
            },
            Err(why) => Send::not_yet(&why.to_string()),
        }
    }
}

/// The pieces of a domino turn: the dominoes held (open where one has a place), the places
/// of the one picked, and the pass where the rules allow it.
fn turn_groups(
    held: &[Domino],
    ids: Vec<String>,
    places: &[(Placement, u32)],
    spots: &[Placement],
    picked: &Picked,
    may_pass: bool,
) -> Vec<PickGroup> {
    let mut groups = vec![
        PickGroup {
            label: "Your dominoes".to_string(),
            picks: (held.iter().zip(ids))
                .map(|(d, id)| {
                    let open = places.iter().any(|(at, _)| at.domino == *d);
                    pick(id, Item::plain(d.to_string()), d.to_string(), picked, open)
                })
                .collect(),
            single: true,
        },
        PickGroup {
            label: "Where it goes".to_string(),
            picks: (spots.iter())
                .map(|at| {
                    pick(
                        at.to_string(),
                        Item::plain(where_short(at)),
                        where_words(at),
                        picked,
                        true,
                    )
                })
                .collect(),
            single: true,
        },
    ];
    if may_pass {
        let item = Item::new(PASS, "Pass");
        groups.push(PickGroup {
            label: "Or".to_string(),
            picks: vec![pick(
                PASS.to_string(),
                item,
                "pass the turn".to_string(),
                picked,
                true,
            )],
            single: true,
        });
    }
    groups
}

/// A place in a few characters, for its button: `0,-2 ↓` (the first half's square, and
/// which way the second lies).
fn where_short(at: &Placement) -> String {
    let way = match at.dir {
        Dir::H => "→",
        Dir::V => "↓",
    };
    format!("{},{} {way}", at.at.x, at.at.y)
}

/// A place in words: "with 6 at column 0, row -2 and 4 below".
fn where_words(at: &Placement) -> String {
    let way = match at.dir {
        Dir::H => "to its right",
        Dir::V => "below",
    };
    format!(
        "with {} at column {}, row {} and {} {way}",
        at.domino.a, at.at.x, at.at.y, at.domino.b
    )
}

fn pick(tap: String, item: Item, spoken: String, picked: &Picked, open: bool) -> Pick {
    let on = picked.has(&tap);
    Pick {
        tap,
        item,
        spoken,
        picked: on,
        open: on || open,
    }
}
