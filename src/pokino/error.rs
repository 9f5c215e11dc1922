//! Pokino's refusals and faults, in words: every sentence that says why an argument or
//! a placement is refused is written here, once.

use std::fmt;

use crate::diag::Problem;

use super::place::Fault;
use super::score::TABLE_MAX;

/// Why an argument is refused by Pokino's rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PokinoError {
    /// The board given both as words and as `--board FILE`.
    BoardTwice { file: String },
    /// No board given.
    NoBoard,
    /// `place --write FILE` with a board given another way, when FILE holds a board.
    BoardFileTaken { file: String, by_option: bool },
    /// A count (`--beads`, `--budget`) that is not a whole number.
    NotACount { text: String, what: &'static str },
    /// A hand larger than Pokino-Up! allows.
    HandTooBig { limit: usize, held: usize },
    /// A run length that is not a number.
    NotARunLength { text: String },
    /// A run of fewer than 2 cards.
    RunTooShort { length: usize },
    /// A run longer than a hand may hold under Pokino-Up!.
    RunOverHand { length: usize, limit: usize },
    /// A run longer than the table under `long-runs: forbidden`.
    RunOverTable { length: usize },
    /// `score` with neither run lengths nor beads.
    NothingToScore,
    /// `territory` under a ruleset that does not play the Territory variant.
    NoTerritory { ruleset: String },
    /// Run lengths that passed [`super::input::parse_run_length`] yet have no score (a
    /// fault in kado, not in the input): their indices.
    Unscorable { runs: Vec<usize> },
}

impl fmt::Display for PokinoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PokinoError::BoardTwice { file } => write!(
                f,
                "the board is given twice: as an argument and as --board {file}"
            ),
            PokinoError::NoBoard => write!(f, "no board given"),
            PokinoError::BoardFileTaken { file, by_option } => write!(
                f,
                "`{file}` already holds a board, and another board is given {}",
                if *by_option {
                    "with --board"
                } else {
                    "as an argument"
                }
            ),
            PokinoError::NotACount { text, what } => {
                write!(f, "`{text}` is not a number of {what}")
            }
            PokinoError::HandTooBig { limit, held } => write!(
                f,
                "a hand holds at most {limit} cards under Pokino-Up!, not {held}"
            ),
            PokinoError::NotARunLength { text } => write!(f, "`{text}` is not a number of cards"),
            PokinoError::RunTooShort { length } => write!(
                f,
                "a run of {length} card{} does not score: a run has at least 2",
                if *length == 1 { "" } else { "s" }
            ),
            PokinoError::RunOverHand { length, limit } => write!(
                f,
                "a run of {length} cards cannot be played under Pokino-Up!: a hand never holds more than {limit} cards"
            ),
            PokinoError::RunOverTable { length } => write!(
                f,
                "a run of {length} cards cannot be played: runs have at most {TABLE_MAX} cards"
            ),
            PokinoError::NothingToScore => write!(f, "nothing to score"),
            PokinoError::NoTerritory { ruleset } => write!(
                f,
                "territory scoring belongs to the Territory variant, which ruleset `{ruleset}` does not play"
            ),
            PokinoError::Unscorable { .. } => {
                write!(f, "a run length passed the check but has no score")
            }
        }
    }
}

impl PokinoError {
    /// What would have been accepted, when there is something to say.
    pub fn expected(&self) -> Option<&'static str> {
        match self {
            PokinoError::NoBoard => Some("dominoes such as `6-4@0,0h 1-3@0,1h`, or --board FILE"),
            PokinoError::NotACount { .. } => Some("a whole number such as 3"),
            PokinoError::NotARunLength { .. } => Some("a whole number from 2 up, such as 5"),
            PokinoError::NothingToScore => {
                Some("the number of cards in each run, such as `2 5 8`, or --beads N under Greed")
            }
            _ => None,
        }
    }

    /// A hint at the ruling or the way out.
    pub fn help(&self) -> Option<String> {
        match self {
            PokinoError::BoardTwice { .. } => Some("give it one way only".to_string()),
            PokinoError::BoardFileTaken { file, .. } => Some(format!(
                "to add to {file}, give the board only there: kado pokino place --write {file} DOMINO"
            )),
            PokinoError::HandTooBig { limit, .. } => Some(format!(
                "players start with {limit} cards and draw only while they hold fewer (ruling up-draw is `below-seven`)"
            )),
            PokinoError::RunOverHand { limit, .. } => Some(format!(
                "players draw only while they hold fewer than {limit} (ruling up-draw is `below-seven`)"
            )),
            PokinoError::RunOverTable { .. } => Some("ruling long-runs is `forbidden`".to_string()),
            PokinoError::NoTerritory { .. } => Some(
                "use --rules pokino-territory, or a house-rules file with `territory: \"on\"`"
                    .to_string(),
            ),
            _ => None,
        }
    }

    /// The refusal as a problem (without a position: add one with [`Problem::at`]).
    pub fn problem(&self) -> Problem {
        let mut p = Problem::new(self.to_string()).maybe_help(self.help());
        if let Some(e) = self.expected() {
            p = p.expected(e);
        }
        p
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::OnTable { at } => write!(f, "{} is already on the table, at {at}", at.domino),
            Fault::Overlaps { square, by } => {
                write!(f, "square {square} is already covered by {by}")
            }
            Fault::TouchesNothing => write!(
                f,
                "it would touch no domino on the table (it must share a side with one)"
            ),
            Fault::OffTable {
                width,
                height,
                area_width,
                area_height,
            } => write!(
                f,
                "the board would be {width} by {height} squares; the table is {area_width} by {area_height}"
            ),
        }
    }
}
