//! Pokino's refusals and faults, in words: every sentence that says why an argument or
//! a placement is refused is written here, once.

use std::fmt;

use crate::diag::Problem;

use super::board::{BORDER_EXPECTED, Domino, PAIR_EXPECTED, Placement, Square};
use super::game::{Did, End, Report, squares_text};
use super::place::Fault;
use super::runs::StepFault;
use super::score::TABLE_MAX;
use crate::cards::{Card, show_cards};
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
                "squares {a} and {b} neither share a side nor meet at a corner, so no {what} claims them (ruling steps is `diagonals`)"
            ),
            PokinoError::NotAPair { a, b, what, .. } if a.is_corner_to(*b) => write!(
                f,
                "squares {a} and {b} meet only at a corner, so no {what} lies between them (ruling steps is `sides`)"
            ),
            PokinoError::NotAPair { a, b, what, .. } => write!(
                f,
                "squares {a} and {b} do not share a side, so no {what} lies between them"
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
                "players start with {limit} cards and draw only while they hold fewer (ruling up-draw is `below-seven`)"
            )),
            PokinoError::RunOverHand { limit, .. } => Some(format!(
                "players draw only while they hold fewer than {limit} (ruling up-draw is `below-seven`)"
            )),
            PokinoError::RunOverTable { .. } => Some("ruling long-runs is `forbidden`".to_string()),
            PokinoError::NotAPair {
                a,
                b,
                diagonals: false,
                ..
            } if a.is_corner_to(*b) => Some(
                "under ruling steps `diagonals` a run may step across a corner and claim the pair"
                    .to_string(),
            ),
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
            Fault::AlongSide { by } => write!(
                f,
                "it would lie alongside {by}, touching it at two squares (ruling placement is `one-contact`)"
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

/// Why a turn (or a line of a record) breaks the rules: the first illegal line of a
/// record is a verdict, not an input error. Each says which rule it breaks.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Illegal {
    /// A line after the end of the game.
    GameOver,
    /// A turn before the starting spoke is laid.
    NoSpoke,
    /// The spoke laid twice.
    SpokeTwice,
    /// A spoke of other than four dominoes.
    SpokeSize { count: usize },
    /// A spoke domino that cannot lie where written.
    SpokeDomino { at: Placement, faults: Vec<Fault> },
    /// A spoke in pieces under `spoke: connected`.
    SpokeApart,
    /// A virtual deal whose spoke is not the four dominoes drawn first.
    SpokeNotDealt { domino: Domino, dealt: Vec<Domino> },
    /// A name not among the players.
    NoSuchPlayer { name: String },
    /// Another player's turn.
    NotYourTurn { expected: String, got: String },
    /// A domino laid where it may not lie.
    Placement { at: Placement, faults: Vec<Fault> },
    /// A domino laid by a player who holds none.
    NoDomino,
    /// A domino the player is known not to hold.
    DominoNotHeld { domino: Domino, held: Vec<Domino> },
    /// A domino that left the board (Tear Down the Walls) laid again.
    DominoTorn { domino: Domino },
    /// A second run in one turn (`runs-per-turn: one`).
    OneRun,
    /// A run of fewer than 2 cards.
    RunTooShort { length: usize },
    /// A run of more than 10 cards under `long-runs: forbidden`.
    RunTooLong { length: usize },
    /// A different number of squares than cards.
    SquareCount { cards: usize, squares: usize },
    /// A step of the run that is not legal: its place in the run, from 1.
    Step { at: usize, fault: StepFault },
    /// A card whose number is not on its square.
    Number {
        card: Card,
        square: Square,
        number: u8,
    },
    /// Cards that fit the board nowhere (squares left out), and why.
    NoWalk { why: NoWalkWhy },
    /// Cards that fit the board more than one way (squares left out).
    Ambiguous,
    /// A dominoes split in two by a torn domino under `torn-split: forbidden`.
    Split { domino: Domino },
    /// More cards than beads (without Greed).
    TooFewBeads { beads: u32, cards: usize },
    /// A card already played.
    CardPlayed { card: Card },
    /// A card known to be in another player's hand.
    CardElsewhere { card: Card, holder: String },
    /// A card not in the player's hand, when the hand is known.
    NotInHand { card: Card, hand: Vec<Card> },
    /// A pass by a player who holds a domino (`pass: without-domino`).
    PassNotAllowed { dominoes: u32 },
    /// A hand of another size than the player holds.
    HandSize {
        player: String,
        said: usize,
        held: usize,
    },
    /// A card named twice in one hand.
    CardTwice { card: Card },
    /// A hand that lacks a card known to be in it.
    HandMissing { card: Card },
    /// A card named as drawn when none is drawn.
    NoDraw { why: NoDrawWhy },
    /// A card named as drawn under `deck: face-down`.
    DrawUnseen,
    /// A card named as drawn that is not the top of the virtual deck.
    DrawNotTop { card: Card, top: Card },
}

/// Why no card is drawn at the end of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum NoDrawWhy {
    /// Pokino-Up!: the hand holds 7 already.
    Full,
    /// The deck is empty.
    Empty,
    /// The hand is empty: "Pokino!" ended the game.
    Pokino,
}

impl Illegal {
    /// The rule or ruling broken, in a few words.
    pub fn rule(&self) -> &'static str {
        match self {
            Illegal::GameOver => "the game is over",
            Illegal::NoSpoke | Illegal::SpokeTwice | Illegal::SpokeSize { .. } => {
                "the starting spoke"
            }
            Illegal::SpokeDomino { .. } | Illegal::SpokeNotDealt { .. } => "the starting spoke",
            Illegal::SpokeApart => "ruling spoke",
            Illegal::NotYourTurn { .. } | Illegal::NoSuchPlayer { .. } => "turn order",
            Illegal::Placement { faults, .. } => {
                if faults.iter().any(|f| matches!(f, Fault::AlongSide { .. })) {
                    "ruling placement"
                } else {
                    "laying a domino"
                }
            }
            Illegal::NoDomino | Illegal::DominoNotHeld { .. } => "laying a domino",
            Illegal::DominoTorn { .. } => "Tear Down the Walls",
            Illegal::OneRun => "ruling runs-per-turn",
            Illegal::RunTooShort { .. } => "a run has 2 cards or more",
            Illegal::RunTooLong { .. } => "ruling long-runs",
            Illegal::SquareCount { .. } | Illegal::Number { .. } => "a card on each square",
            Illegal::Step { fault, .. } => step_rule(fault),
            Illegal::NoWalk { .. } | Illegal::Ambiguous => "a card on each square",
            Illegal::Split { .. } => "ruling torn-split",
            Illegal::TooFewBeads { .. } => "a bead for each card",
            Illegal::CardPlayed { .. }
            | Illegal::CardElsewhere { .. }
            | Illegal::NotInHand { .. }
            | Illegal::HandSize { .. }
            | Illegal::CardTwice { .. }
            | Illegal::HandMissing { .. } => "cards come from the hand",
            Illegal::PassNotAllowed { .. } => "ruling pass",
            Illegal::NoDraw {
                why: NoDrawWhy::Full,
            } => "Pokino-Up!",
            Illegal::NoDraw { .. } => "drawing a card",
            Illegal::DrawUnseen => "ruling deck",
            Illegal::DrawNotTop { .. } => "drawing a card",
        }
    }
}

fn step_rule(fault: &StepFault) -> &'static str {
    match fault {
        StepFault::Empty { .. } => "a card on each square",
        StepFault::NotNext { .. } => "ruling steps",
        StepFault::SameDomino => "two numbers in a row from two dominoes",
        StepFault::Claimed { .. } => "ruling own-borders",
        StepFault::BorderTwice { .. } => "ruling square-reuse",
        StepFault::SquareTwice { .. } => "ruling square-reuse",
    }
}

/// Why a run's cards fit no walk on the board.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "why", rename_all = "kebab-case")]
pub enum NoWalkWhy {
    /// No square shows this number.
    Missing { number: u8 },
    /// The numbers touch only within one domino, and a step must cross to another.
    OneDomino { domino: Domino },
    /// The numbers are on the board, but not in a line of touching squares.
    Apart,
}

impl fmt::Display for NoWalkWhy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoWalkWhy::Missing { number } => write!(f, ": no square shows {number}"),
            NoWalkWhy::OneDomino { domino } => write!(
                f,
                ": its numbers touch only within {domino}, and each step of a run crosses to another domino (a step inside one domino is the Tear Down the Walls variant)"
            ),
            NoWalkWhy::Apart => {
                f.write_str(": its numbers are not on a line of touching squares in that order")
            }
        }
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::GameOver => write!(f, "the game is over: no line may follow its end"),
            Illegal::NoSpoke => write!(
                f,
                "the starting spoke is not laid yet (a `spoke:` line comes before the first turn)"
            ),
            Illegal::SpokeTwice => write!(f, "the starting spoke is laid already"),
            Illegal::SpokeSize { count } => write!(
                f,
                "the starting spoke is {} dominoes, not {count}",
                super::SPOKE
            ),
            Illegal::SpokeDomino { at, faults } => {
                write!(f, "{at} may not be laid: {}", joined(faults))
            }
            Illegal::SpokeApart => write!(
                f,
                "the {} dominoes of the starting spoke do not all touch (ruling spoke is `connected`)",
                super::SPOKE
            ),
            Illegal::SpokeNotDealt { domino, dealt } => write!(
                f,
                "{domino} is not one of the spoke's dominoes the deal turned up ({})",
                joined_space(dealt)
            ),
            Illegal::NoSuchPlayer { name } => write!(f, "{name} is not among the players"),
            Illegal::NotYourTurn { expected, got } => {
                write!(f, "it is {expected}'s turn, not {got}'s")
            }
            Illegal::Placement { at, faults } => {
                write!(f, "{at} may not be laid: {}", joined(faults))
            }
            Illegal::NoDomino => write!(f, "the player holds no domino"),
            Illegal::DominoNotHeld { domino, held } => write!(
                f,
                "{domino} is not in the player's hand ({})",
                if held.is_empty() {
                    "no domino".to_string()
                } else {
                    joined_space(held)
                }
            ),
            Illegal::DominoTorn { domino } => {
                write!(f, "{domino} left the board earlier and is out of play")
            }
            Illegal::OneRun => write!(f, "one run per turn (ruling runs-per-turn is `one`)"),
            Illegal::RunTooShort { length } => write!(
                f,
                "a run of {length} card{} does not score: a run has at least 2",
                crate::words::s(*length)
            ),
            Illegal::RunTooLong { length } => write!(
                f,
                "a run of {length} cards cannot be played: runs have at most {TABLE_MAX} cards (ruling long-runs is `forbidden`)"
            ),
            _ => self.fmt_play(f),
        }
    }
}

impl Illegal {
    /// The words of the faults of a play (see the `Display` above).
    fn fmt_play(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::SquareCount { cards, squares } => write!(
                f,
                "{cards} cards on {squares} squares: each card lies on one square"
            ),
            Illegal::Step { at, fault } => write!(f, "step {at} of the run: {fault}"),
            Illegal::Number {
                card,
                square,
                number,
            } => write!(
                f,
                "{card} is not the number on square {square}, which is {number}"
            ),
            Illegal::NoWalk { why } => {
                write!(f, "these cards match no walk of numbers on the board{why}")
            }
            Illegal::Ambiguous => write!(
                f,
                "these cards fit the board more than one way: give the squares after `@`"
            ),
            Illegal::Split { domino } => write!(
                f,
                "{domino} would leave the board in pieces (ruling torn-split is `forbidden`)"
            ),
            Illegal::TooFewBeads { beads, cards } => write!(
                f,
                "{cards} cards cost {cards} beads and the player has {beads}"
            ),
            Illegal::CardPlayed { card } => write!(f, "{card} has been played already"),
            Illegal::CardElsewhere { card, holder } => {
                write!(f, "{card} is in {holder}'s hand")
            }
            Illegal::NotInHand { card, hand } => write!(
                f,
                "{card} is not in the player's hand ({})",
                crate::cards::show_cards(hand)
            ),
            Illegal::PassNotAllowed { dominoes } => write!(
                f,
                "a player holding a domino may not pass ({dominoes} held; ruling pass is `without-domino`)"
            ),
            Illegal::HandSize { player, said, held } => write!(
                f,
                "{player} holds {held} card{}, not {said}",
                crate::words::s(*held)
            ),
            Illegal::CardTwice { card } => write!(f, "{card} is named twice"),
            Illegal::HandMissing { card } => {
                write!(f, "{card} is known to be in this hand and is not named")
            }
            Illegal::NoDraw { why } => match why {
                NoDrawWhy::Full => write!(
                    f,
                    "no card is drawn: under Pokino-Up! a player holding 7 cards does not draw"
                ),
                NoDrawWhy::Empty => write!(f, "no card is drawn: the deck is empty"),
                NoDrawWhy::Pokino => write!(f, "no card is drawn: the game ended with \"Pokino!\""),
            },
            Illegal::DrawUnseen => write!(
                f,
                "the deck is face down, so no one sees the card drawn (ruling deck is `face-down`)"
            ),
            Illegal::DrawNotTop { card, top } => {
                write!(
                    f,
                    "the card drawn is {top}, the top of the deck, not {card}"
                )
            }
            _ => Ok(()),
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
                "squares {from} and {to} do not share a side (ruling steps is `sides`)"
            ),
            StepFault::NotNext {
                from,
                to,
                diagonals: true,
            } => write!(
                f,
                "squares {from} and {to} neither share a side nor meet at a corner (ruling steps is `diagonals`)"
            ),
            StepFault::SameDomino => write!(
                f,
                "two numbers in a row come from one domino (allowed only under Tear Down the Walls)"
            ),
            StepFault::Claimed { border } => {
                write!(f, "{} {border} is claimed already", border.noun())
            }
            StepFault::BorderTwice { border } => {
                write!(f, "{} {border} is crossed twice", border.noun())
            }
            StepFault::SquareTwice { square } => write!(
                f,
                "square {square} is used twice (ruling square-reuse is `no-revisit`)"
            ),
        }
    }
}

fn joined<T: fmt::Display>(items: &[T]) -> String {
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
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
                f.write_str("The deck is empty: the game ends (ruling empty-deck is `ends`)")
            }
        }
    }
}

fn joined_space<T: fmt::Display>(items: &[T]) -> String {
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Why an answer at the table is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The answer breaks a rule.
    Illegal(Illegal),
    /// An answer at the prompt breaks a rule: why, and what would be legal instead.
    Refused { why: Illegal, legal: Vec<String> },
    /// The answer is not written in the record notation: the problem, in words.
    Notation(String),
    /// The game cannot start.
    Setup(super::game::SetupError),
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
            PlayError::Notation(why) => f.write_str(why),
            PlayError::Setup(why) => write!(f, "{why}"),
        }
    }
}
