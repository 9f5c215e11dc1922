//! Why the Koi-Koi ledger refuses a game's setup or a round's result: every such message
//! of the game, written here once.

use std::fmt;

use super::ledger::MAX_ROUND_POINTS;

/// A refused setup, action or answer of the game ledger.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LedgerError {
    /// The ruleset is another game's.
    WrongRuleset {
        name: String,
        title: String,
    },
    PlayerCount(usize),
    EmptyName,
    /// A name the notation refuses (too long), with its reason.
    BadName(String),
    SameName(String),
    Rounds(u32),
    Dealer,
    StartPoints,
    GameOver,
    /// A word that names neither player.
    NotAPlayer {
        text: String,
        players: Vec<String>,
    },
    /// Points outside 1 to [`MAX_ROUND_POINTS`].
    Points(i64),
    NoAnswer,
    /// A winner named without points.
    PointsMissing(String),
    /// More words than a winner and points.
    Shape(String),
    /// Points that are not a number.
    NotPoints {
        text: String,
        winner: String,
    },
}

impl fmt::Display for LedgerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LedgerError::WrongRuleset { name, title } => {
                write!(f, "the ruleset {name} is for {title}, not for Koi-Koi")
            }
            LedgerError::PlayerCount(n) => write!(f, "Koi-Koi has two players, not {n}"),
            LedgerError::EmptyName => f.write_str("a player's name is empty"),
            LedgerError::BadName(why) => f.write_str(why),
            LedgerError::SameName(n) => write!(f, "both players are called `{n}`"),
            LedgerError::Rounds(n) => write!(f, "a game lasts 3, 6 or 12 rounds, not {n}"),
            LedgerError::Dealer => f.write_str("the first dealer must be one of the two players"),
            LedgerError::StartPoints => f.write_str("the ruleset's start-points must be 1 or more"),
            LedgerError::GameOver => f.write_str("the game is over"),
            LedgerError::NotAPlayer { text, players } => write!(
                f,
                "`{text}` is not a player: the players are {}",
                players.join(" and ")
            ),
            LedgerError::Points(p) => {
                write!(
                    f,
                    "a round is worth 1 to {MAX_ROUND_POINTS} points, not {p}"
                )
            }
            LedgerError::NoAnswer => f.write_str("say who won and how many points, or `draw`"),
            LedgerError::PointsMissing(w) => {
                write!(f, "how many points did {w} win? e.g. `{w} 7`")
            }
            LedgerError::Shape(w) => write!(f, "say the winner and the points, e.g. `{w} 7`"),
            LedgerError::NotPoints { text, winner } => {
                write!(f, "`{text}` is not a number of points: e.g. `{winner} 7`")
            }
        }
    }
}
