//! Why a turn, or a line of a record, breaks Pokino's rules: [`Illegal`], each naming the
//! rule it breaks, in words. The game refuses with it; the refusals of `error` quote it.

use std::fmt;

use super::board::{Domino, Placement, Square};
use super::place::Fault;
use super::runs::StepFault;
use super::score::TABLE_MAX;
use crate::cards::Card;
use crate::pokino::ruling;

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
            Illegal::SpokeApart => ruling::Id::Spoke.cite(),
            Illegal::NotYourTurn { .. } | Illegal::NoSuchPlayer { .. } => "turn order",
            Illegal::Placement { faults, .. } => {
                if faults.iter().any(|f| matches!(f, Fault::AlongSide { .. })) {
                    ruling::Id::Placement.cite()
                } else {
                    "laying a domino"
                }
            }
            Illegal::NoDomino | Illegal::DominoNotHeld { .. } => "laying a domino",
            Illegal::DominoTorn { .. } => "Tear Down the Walls",
            Illegal::OneRun => ruling::Id::RunsPerTurn.cite(),
            Illegal::RunTooShort { .. } => "a run has 2 cards or more",
            Illegal::RunTooLong { .. } => ruling::Id::LongRuns.cite(),
            Illegal::SquareCount { .. } | Illegal::Number { .. } => "a card on each square",
            Illegal::Step { fault, .. } => step_rule(fault),
            Illegal::NoWalk { .. } | Illegal::Ambiguous => "a card on each square",
            Illegal::Split { .. } => ruling::Id::TornSplit.cite(),
            Illegal::TooFewBeads { .. } => "a bead for each card",
            Illegal::CardPlayed { .. }
            | Illegal::CardElsewhere { .. }
            | Illegal::NotInHand { .. }
            | Illegal::HandSize { .. }
            | Illegal::CardTwice { .. }
            | Illegal::HandMissing { .. } => "cards come from the hand",
            Illegal::PassNotAllowed { .. } => ruling::Id::Pass.cite(),
            Illegal::NoDraw {
                why: NoDrawWhy::Full,
            } => ruling::Id::UpDraw.cite(),
            Illegal::NoDraw { .. } => "drawing a card",
            Illegal::DrawUnseen => ruling::Id::Deck.cite(),
            Illegal::DrawNotTop { .. } => "drawing a card",
        }
    }
}

fn step_rule(fault: &StepFault) -> &'static str {
    match fault {
        StepFault::Empty { .. } => "a card on each square",
        StepFault::NotNext { .. } => ruling::Id::Steps.cite(),
        StepFault::SameDomino => "two numbers in a row from two dominoes",
        StepFault::Claimed { own: true, .. } => ruling::Id::OwnBorders.cite(),
        StepFault::Claimed { .. } => "claimed borders",
        StepFault::BorderTwice { .. } => ruling::Id::SquareReuse.cite(),
        StepFault::SquareTwice { .. } => ruling::Id::SquareReuse.cite(),
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
            Illegal::GameOver => write!(f, "no line may follow the game's end"),
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
                "the {} dominoes of the starting spoke do not all touch ({cite})",
                super::SPOKE,
                cite = ruling::Spoke::Connected.cite_is()
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
            Illegal::OneRun => write!(
                f,
                "one run per turn ({cite})",
                cite = ruling::RunsPerTurn::One.cite_is()
            ),
            Illegal::RunTooShort { length } => write!(
                f,
                "a run of {length} card{} does not score: a run has at least 2",
                crate::words::s(*length)
            ),
            Illegal::RunTooLong { length } => write!(
                f,
                "a run of {length} cards cannot be played: runs have at most {TABLE_MAX} cards ({cite})",
                cite = ruling::LongRuns::Forbidden.cite_is()
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
                "{} on {}: each card lies on one square",
                crate::words::count(*cards, "card"),
                crate::words::count(*squares, "square")
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
                "{domino} would leave the board in pieces ({cite})",
                cite = ruling::TornSplit::Forbidden.cite_is()
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
                "a player holding a domino may not pass ({dominoes} held; {cite})",
                cite = ruling::Pass::WithoutDomino.cite_is()
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
                "the deck is face down, so no one sees the card drawn ({cite})",
                cite = ruling::Deck::FaceDown.cite_is()
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

fn joined<T: fmt::Display>(items: &[T]) -> String {
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

pub(super) fn joined_space<T: fmt::Display>(items: &[T]) -> String {
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}
