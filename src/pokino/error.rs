//! Pokino's refusals and faults, in words: every sentence that says why an argument or
//! a placement is refused is written here, once.

use crate::pokino::ruling;
use std::fmt;

use crate::diag::{Code, Coded, Problem};

use super::board::{BORDER_EXPECTED, Domino, PAIR_EXPECTED, Square};
use super::illegal::{Illegal, NoDrawWhy, joined_space};
use super::place::Fault;
use super::referee::{Did, End, Report, squares_text};
use super::runs::StepFault;
use super::score::TABLE_MAX;
use crate::cards::show_cards;
use crate::words::count;

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
    /// A claimed pair (a border, or a corner under ruling `steps: diagonals`) whose two
    /// squares a run may not step between on the grid.
    NotAPair {
        a: Square,
        b: Square,
        /// What lies on the pair: `token`.
        what: &'static str,
        /// Ruling `steps: diagonals` is in force.
        diagonals: bool,
    },
    /// Run lengths that passed [`super::input::parse_run_length`] yet have no score (a
    /// fault in kado, not in the input): their indices.
    Unscorable { runs: Vec<usize> },
    /// A domino said to be held twice (`--dominoes`).
    HeldTwice { domino: Domino },
    /// A domino said to be held that is on the table, or has left it.
    HeldOnTable { domino: Domino },
    /// Not as many dominoes as the player holds.
    HeldCount { said: usize, holds: u32 },
    /// Dominoes named for a player whose dominoes the record deals.
    HeldDealt { player: String },
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
                crate::words::s(*length)
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
            PokinoError::NotAPair {
                a,
                b,
                what,
                diagonals: true,
            } => write!(
                f,
                "squares {a} and {b} neither share a side nor meet at a corner, so no {what} claims them ({cite})",
                cite = ruling::Steps::Diagonals.cite_is()
            ),
            PokinoError::NotAPair { a, b, what, .. } if a.is_corner_to(*b) => write!(
                f,
                "squares {a} and {b} meet only at a corner, so no {what} lies between them ({cite})",
                cite = ruling::Steps::Sides.cite_is()
            ),
            PokinoError::NotAPair { a, b, what, .. } => write!(
                f,
                "squares {a} and {b} do not share a side, so no {what} lies between them"
            ),
            PokinoError::Unscorable { .. } => {
                write!(f, "a run length passed the check but has no score")
            }
            PokinoError::HeldTwice { domino } => write!(f, "{domino} is named twice"),
            PokinoError::HeldOnTable { domino } => {
                write!(
                    f,
                    "{domino} is on the table, or has left it: nobody holds it"
                )
            }
            PokinoError::HeldDealt { player } => write!(
                f,
                "the record deals {player}'s dominoes: leave --dominoes out"
            ),
            PokinoError::HeldCount { said, holds } => write!(
                f,
                "{} named, and the player holds {holds}",
                crate::words::count_of(*said, "domino", "dominoes")
            ),
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
            PokinoError::NotAPair {
                diagonals: true, ..
            } => Some(PAIR_EXPECTED),
            PokinoError::NotAPair { .. } => Some(BORDER_EXPECTED),
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
                "players start with {limit} cards and draw only while they hold fewer ({cite})",
                cite = ruling::UpDraw::BelowSeven.cite_is()
            )),
            PokinoError::RunOverHand { limit, .. } => Some(format!(
                "players draw only while they hold fewer than {limit} ({cite})",
                cite = ruling::UpDraw::BelowSeven.cite_is()
            )),
            PokinoError::RunOverTable { .. } => {
                Some(ruling::LongRuns::Forbidden.cite_is().to_string())
            }
            PokinoError::NotAPair {
                a,
                b,
                diagonals: false,
                ..
            } if a.is_corner_to(*b) => Some(format!(
                "under {cite} `diagonals` a run may step across a corner and claim the pair",
                cite = ruling::Id::Steps.cite()
            )),
            PokinoError::NoTerritory { .. } => Some(
                "use --rules pokino-territory, or a house-rules file with `territory: \"on\"`"
                    .to_string(),
            ),
            _ => None,
        }
    }

    /// The refusal as a problem (without a position: add one with [`Problem::at`]).
    pub fn problem(&self) -> Problem {
        let mut p = Problem::new(self.to_string())
            .maybe_help(self.help())
            .code(self.code());
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
            Fault::AlongSide { by } => write!(
                f,
                "it would lie alongside {by}, touching it at two squares ({cite})",
                cite = ruling::Placement::OneContact.cite_is()
            ),
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

impl fmt::Display for StepFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StepFault::Empty { square } => write!(f, "no domino covers square {square}"),
            StepFault::NotNext {
                from,
                to,
                diagonals: false,
            } => write!(
                f,
                "squares {from} and {to} do not share a side ({cite})",
                cite = ruling::Steps::Sides.cite_is()
            ),
            StepFault::NotNext {
                from,
                to,
                diagonals: true,
            } => write!(
                f,
                "squares {from} and {to} neither share a side nor meet at a corner ({cite})",
                cite = ruling::Steps::Diagonals.cite_is()
            ),
            StepFault::SameDomino => write!(
                f,
                "two numbers in a row come from one domino (allowed only under Tear Down the Walls)"
            ),
            StepFault::Claimed { border, by, own } if *own => write!(
                f,
                "{by} claimed {} {border} before, and a claimed border is closed to its claimer too ({})",
                border.noun(),
                ruling::OwnBorders::Closed.cite()
            ),
            StepFault::Claimed { border, by, .. } if by.is_empty() => {
                write!(f, "{} {border} is claimed already", border.noun())
            }
            StepFault::Claimed { border, by, .. } => write!(
                f,
                "{} {border} is claimed by {by}, and no other player may use it",
                border.noun()
            ),
            StepFault::BorderTwice { border } => {
                write!(f, "{} {border} is crossed twice", border.noun())
            }
            StepFault::SquareTwice { square } => write!(
                f,
                "square {square} is used twice ({cite})",
                cite = ruling::SquareReuse::NoRevisit.cite_is()
            ),
        }
    }
}

impl fmt::Display for Report {
    /// What an event did, in one sentence, without the line number.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = self.player.as_deref().unwrap_or("");
        match &self.did {
            Did::Spoke => f.write_str("The starting spoke is laid")?,
            Did::Hand => write!(f, "{who}'s hand is as written")?,
            Did::Domino {
                at,
                bead,
                drew_domino,
            } => {
                write!(f, "{who} lays {at}")?;
                f.write_str(if *bead {
                    ", takes a bead"
                } else {
                    ", takes no bead (the bank is empty)"
                })?;
                f.write_str(if *drew_domino {
                    " and draws a domino"
                } else {
                    " and draws no domino (the poke is empty)"
                })?;
            }
            Did::Runs { runs, beads_paid } => {
                write!(f, "{who}")?;
                for (i, r) in runs.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" and")?;
                    }
                    write!(
                        f,
                        " plays {} along {} for {}",
                        show_cards(&r.cards),
                        squares_text(&r.squares),
                        count(r.points, "point")
                    )?;
                    if !r.claims.is_empty() {
                        write!(f, ", claims {}", joined_space(&r.claims))?;
                    }
                    if !r.torn.is_empty() {
                        write!(f, ", tears off {}", joined_space(&r.torn))?;
                    }
                }
                if *beads_paid > 0 {
                    write!(f, ", pays {}", count(*beads_paid, "bead"))?;
                }
            }
            Did::Pass => write!(f, "{who} passes")?,
        }
        match (self.drew_card, self.drawn, self.no_draw) {
            (true, Some(c), _) => write!(f, "; then draws {c}")?,
            (true, None, _) => f.write_str("; then draws a card")?,
            (false, _, Some(NoDrawWhy::Full)) => {
                f.write_str("; holds a full hand under Pokino-Up!, so draws none")?;
            }
            (false, _, Some(NoDrawWhy::Empty)) => {
                f.write_str("; draws no card (the deck is empty)")?;
            }
            _ => {}
        }
        match &self.ended {
            Some(e) => write!(f, ". {e}."),
            None => f.write_str("."),
        }
    }
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            End::Pokino { player } => {
                write!(f, "Pokino! {player} holds no card: the game ends")
            }
            End::PokeEmpty => f.write_str("The poke is empty: the game ends"),
            End::DeckEmpty => {
                write!(
                    f,
                    "The deck is empty: the game ends ({})",
                    ruling::EmptyDeck::Ends.cite_is()
                )
            }
        }
    }
}

/// Why an answer at the table is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The answer breaks a rule.
    Illegal(Illegal),
    /// An answer at the prompt breaks a rule: why, and what would be legal instead.
    Refused { why: Illegal, legal: Vec<String> },
    /// The answer is not written in the record notation.
    Notation(crate::diag::Error),
    /// A place number beyond the places listed (how many there are).
    NoPlace { n: usize, places: usize },
    /// The game cannot start.
    Setup(super::referee::SetupError),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Illegal(why) => write!(f, "{why} ({})", why.rule()),
            PlayError::Refused { why, legal } if legal.is_empty() => {
                write!(f, "{why} ({})", why.rule())
            }
            PlayError::Refused { why, legal } => write!(
                f,
                "{why} ({}); legal instead: {}",
                why.rule(),
                legal.join("; ")
            ),
            PlayError::Notation(why) => f.write_str(&why.summary()),
            PlayError::NoPlace { n, places } => write!(
                f,
                "there is no place {n}: the places are numbered 1 to {places}"
            ),
            PlayError::Setup(why) => write!(f, "{why}"),
        }
    }
}

impl Coded for PokinoError {
    fn code(&self) -> Code {
        use PokinoError as E;
        match self {
            E::BoardTwice { .. } | E::BoardFileTaken { .. } | E::NoBoard | E::NothingToScore => {
                Code::Input
            }
            E::NotACount { .. } | E::NotARunLength { .. } | E::NotAPair { .. } => Code::Notation,
            E::HandTooBig { .. }
            | E::HeldTwice { .. }
            | E::HeldOnTable { .. }
            | E::HeldCount { .. }
            | E::HeldDealt { .. } => Code::Impossible,
            E::RunTooShort { .. } | E::RunOverHand { .. } | E::RunOverTable { .. } => {
                Code::IllegalMove
            }
            E::NoTerritory { .. } => Code::Ruleset,
            E::Unscorable { .. } => Code::Internal,
        }
    }
}

impl Coded for Illegal {
    fn code(&self) -> Code {
        use Illegal as I;
        match self {
            I::GameOver => Code::GameOver,
            I::NoSpoke | I::SpokeTwice => Code::WrongPhase,
            I::NoSuchPlayer { .. } => Code::UnknownPlayer,
            I::NotYourTurn { .. } => Code::NotYourTurn,
            I::SpokeNotDealt { .. }
            | I::DominoNotHeld { .. }
            | I::DominoTorn { .. }
            | I::CardPlayed { .. }
            | I::CardElsewhere { .. }
            | I::NotInHand { .. }
            | I::HandSize { .. }
            | I::CardTwice { .. }
            | I::HandMissing { .. }
            | I::DrawUnseen
            | I::DrawNotTop { .. } => Code::Impossible,
            I::Ambiguous => Code::Notation,
            I::SpokeSize { .. }
            | I::SpokeDomino { .. }
            | I::SpokeApart
            | I::Placement { .. }
            | I::NoDomino
            | I::OneRun
            | I::RunTooShort { .. }
            | I::RunTooLong { .. }
            | I::SquareCount { .. }
            | I::Step { .. }
            | I::Number { .. }
            | I::NoWalk { .. }
            | I::Split { .. }
            | I::TooFewBeads { .. }
            | I::PassNotAllowed { .. }
            | I::NoDraw { .. } => Code::IllegalMove,
        }
    }
}

impl Coded for super::referee::SetupError {
    fn code(&self) -> Code {
        use super::referee::SetupError as S;
        match self {
            S::NameTwice(_) => Code::BadName,
            S::TooFewPlayers | S::TooMany { .. } | S::BadDeal => Code::BadSetup,
        }
    }
}

impl Coded for PlayError {
    fn code(&self) -> Code {
        match self {
            PlayError::Illegal(why) | PlayError::Refused { why, .. } => why.code(),
            PlayError::Notation(e) => e.kind_or(Code::Notation),
            PlayError::NoPlace { .. } => Code::Notation,
            PlayError::Setup(why) => why.code(),
        }
    }
}
