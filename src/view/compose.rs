//! An answer composed by taps: the pieces a seat may pick at a question, a count it may
//! step, and the answer as it stands, with the words of the button that sends it. The
//! game builds it from what the seat has picked so far ([`Picked`]), so every rule (how
//! many cards, which are legal now, what a sale brings) stays in the library; a page only
//! draws it and posts each tap.

use super::{At, Item};
use serde::Serialize;

/// What a seat has tapped at a question so far: the codes of the pieces picked, in the
/// order picked, and the count stepped.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Picked {
    pub codes: Vec<String>,
    pub count: u32,
}

impl Picked {
    /// A piece tapped: picked if it was not, put back if it was.
    pub fn tap(&mut self, code: &str) {
        match self.codes.iter().position(|c| c == code) {
            Some(at) => {
                self.codes.remove(at);
            }
            None => self.codes.push(code.to_string()),
        }
    }

    /// Whether the piece coded `code` is picked.
    pub fn has(&self, code: &str) -> bool {
        self.codes.iter().any(|c| c == code)
    }
}

/// A question's answer as composed by taps, for its seat's page.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Compose {
    /// What to do, in a line ("Tap up to 3 cards to sell").
    pub title: String,
    /// The pieces that may be tapped, by where they lie (the hand, the market).
    pub groups: Vec<PickGroup>,
    /// A count to step (blind cards from the deck, a bet), where the answer has one.
    pub count: Option<Stepper>,
    /// The board the pieces on it lie on, where it is not the table's: the spoke as
    /// laid so far by taps.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<super::Board>,
    /// The answer as picked: the words of the button that sends it ("Sell 4♣ 8♦ for
    /// $22"), or why it cannot be sent yet ("Pick 2 to 5 cards").
    pub send: Send,
}

impl Compose {
    /// Whether the piece coded `code` may be tapped now: it is one of the pieces offered,
    /// and open (a piece picked may always be put back).
    pub fn may_tap(&self, code: &str) -> bool {
        (self.groups.iter())
            .flat_map(|g| &g.picks)
            .any(|p| p.tap == code && p.open)
    }

    /// `code` tapped: picked, or put back if it was; in a group of one piece at a time,
    /// it replaces the piece picked there.
    pub fn tap(&self, picked: &mut Picked, code: &str) {
        let holds = |g: &&PickGroup| g.picks.iter().any(|p| p.tap == code);
        let single = self.groups.iter().filter(|g| g.single).find(holds);
        if let Some(g) = single.filter(|_| !picked.has(code)) {
            let replaced =
                |c: &String| g.picks.iter().any(|p| p.tap == *c) || g.replaces.contains(c);
            picked.codes.retain(|c| !replaced(c));
        }
        picked.tap(code);
    }
}

/// The button that sends the answer picked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Send {
    /// The picks are an answer the rules allow: what sending it does.
    Ready { label: String },
    /// Not yet: what the picks lack, or what the rules forbid in them.
    NotYet { why: String },
}

impl Send {
    /// Not yet: `why`.
    pub fn not_yet(why: &str) -> Send {
        Send::NotYet {
            why: why.to_string(),
        }
    }

    pub fn is_ready(&self) -> bool {
        matches!(self, Send::Ready { .. })
    }
}

impl Default for Send {
    fn default() -> Send {
        Send::NotYet { why: String::new() }
    }
}

/// Pieces lying in one place, each tappable or not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PickGroup {
    /// Where they lie ("Your hand", "Market").
    pub label: String,
    pub picks: Vec<Pick>,
    /// One piece of the group at a time: a tap on another replaces it (the card a
    /// Koi-Koi player plays).
    pub single: bool,
    /// Codes picked that a tap in this single group replaces though no piece of it is
    /// tapped with them now: a domino's place, whose squares a tap turns to the next.
    #[serde(skip)]
    pub replaces: Vec<String>,
}

impl PickGroup {
    /// Whether the group's pieces lie on the board: each is drawn on its square there.
    pub fn on_board(&self) -> bool {
        !self.picks.is_empty() && self.picks.iter().all(|p| p.at.is_some())
    }
}

/// One piece that may be tapped.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Pick {
    /// What a tap on it sends: its item's code, told apart from a twin's (a second joker
    /// is `JK~2`) so each copy is picked on its own.
    pub tap: String,
    pub item: Item,
    /// Its name read aloud ("4 of clubs").
    pub spoken: String,
    pub picked: bool,
    /// Whether tapping it now may lead to an answer (a picked piece can always be put
    /// back).
    pub open: bool,
    /// The square of the board it is tapped on, where the piece is a place there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<At>,
}

/// A count stepped by taps on − and +.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Stepper {
    /// What it counts ("Blind cards from the deck", "Bet").
    pub label: String,
    pub value: u32,
    pub min: u32,
    pub max: u32,
    /// Shown as dollars.
    pub dollars: bool,
}

impl Stepper {
    /// `value` held within the stepper's bounds.
    pub fn held(mut self) -> Stepper {
        self.value = self.value.clamp(self.min, self.max.max(self.min));
        self
    }
}

/// Playing cards to tap, in the order given (twins told apart: `JK~2`): each picked or
/// not, and open to a tap when it is picked (to put it back) or `open` says so.
pub fn card_group(
    label: &str,
    cards: &[crate::cards::Card],
    picked: &Picked,
    open: impl Fn(crate::cards::Card) -> bool,
) -> PickGroup {
    let codes: Vec<String> = cards.iter().map(|c| c.code()).collect();
    PickGroup {
        label: label.to_string(),
        picks: (cards.iter().zip(taps(&codes)))
            .map(|(c, tap)| {
                let on = picked.has(&tap);
                Pick {
                    tap,
                    item: super::card(*c),
                    spoken: c.spoken(),
                    picked: on,
                    open: on || open(*c),
                    at: None,
                }
            })
            .collect(),
        single: false,
        replaces: Vec::new(),
    }
}

/// The taps of pieces coded `codes`, in order: each its code, a twin's with its number
/// (`JK`, `JK~2`), so that two copies of one card are picked apart.
pub fn taps<S: AsRef<str>>(codes: &[S]) -> Vec<String> {
    let mut seen: Vec<&str> = Vec::new();
    codes
        .iter()
        .map(|c| {
            let c = c.as_ref();
            seen.push(c);
            match seen.iter().filter(|s| **s == c).count() {
                1 => c.to_string(),
                n => format!("{c}~{n}"),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twins_are_tapped_apart() {
        assert_eq!(
            taps(&["JK", "4S", "JK", "JK"]),
            ["JK", "4S", "JK~2", "JK~3"]
        );
    }
}
