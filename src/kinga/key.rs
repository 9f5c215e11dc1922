//! What a Kinga session asks: the question's kind, known to the game and to its refusals
//! alike.

use serde::Serialize;

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
