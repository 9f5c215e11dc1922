//! Why kado refuses a move, a setup or an answer at the table, in words written once.

use crate::diag::Coded;
use crate::kinkado::ruling;
use std::fmt;

use super::names::{possessive, says};
use super::round::{MAX_SEATS, Phase};
use crate::cards::{Card, show_cards};
use crate::render::money;
use crate::words;

/// Where a card is known to be (so it cannot be named elsewhere).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// A joker, when both are accounted for.
    BothJokers,
    Market,
    PrizePool,
    /// Played this round.
    Played,
    /// In this seat's hand.
    Hand(String),
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::BothJokers => f.write_str("elsewhere: both jokers are accounted for"),
            Place::Market => f.write_str("in the market"),
            Place::PrizePool => f.write_str("in the prize pool"),
            Place::Played => f.write_str("already played this round"),
            Place::Hand(seat) => write!(f, "in {} hand", possessive(seat)),
        }
    }
}

/// A phase's turn, for "it is not ana's turn to sell" and "no one is selling".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    Sell,
    Buy,
    Bet,
    Reveal,
}

impl Turn {
    fn verb(self) -> &'static str {
        match self {
            Turn::Sell => "sell",
            Turn::Buy => "buy",
            Turn::Bet => "bet",
            Turn::Reveal => "reveal",
        }
    }

    fn doing(self) -> &'static str {
        match self {
            Turn::Sell => "selling",
            Turn::Buy => "buying",
            Turn::Bet => "betting",
            Turn::Reveal => "revealing",
        }
    }
}

/// Why a game cannot start, a move is refused or an answer is not understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    // The setup.
    NoPlayers,
    TooFewSeats,
    /// More seats than a pack serves under ruling alora-seat.
    TooManySeats {
        seats: usize,
        alora: bool,
        extra: bool,
    },
    BadName(String),
    /// A name too long (the words come from the notation).
    NameTooLong(crate::notation::LongName),
    NameIsAlora,
    /// Two players given one name: the words saying so ([`crate::seat::NameTwice::words`]).
    SameName(String),
    // Seats and cards.
    NoSuchSeat(String),
    /// A save's seat number the game lacks: the number, and how many seats there are.
    NoSeatNumber(usize, usize),
    NamedTwice(Card),
    NoJokerYet,
    JokersUnseen(usize),
    NoJoker(String),
    Elsewhere(Card, Place),
    HoldsNothing(String),
    DoesNotHold {
        seat: String,
        card: Card,
        holds: Vec<Card>,
    },
    HoldsOnly(String, usize),
    // Moves.
    /// A move after the game ended, at the end of this round.
    GameOver(u32),
    AlreadyDealt,
    DealFirst,
    NoSuchRound,
    DeckNotEmpty(usize),
    DeckEmpty,
    /// The recorded deal, prize card or draw is not what the virtual deck gives.
    DealMismatch,
    PrizeMismatch,
    DrawMismatch,
    NoOne(Turn),
    NotAlorasTurn,
    NotTurn(String, Turn),
    AloraFaceDown(usize),
    AloraSellsOf(usize, Vec<Card>),
    AloraSells(Vec<Card>),
    NotAlorasBuy,
    NotAlorasBet,
    SellsAtMost(usize),
    /// Ruling sell-turns: one-at-a-time, and a turn sold several cards.
    SellsOneATurn,
    NotInMarket(Option<Card>),
    DeckHoldsOnly(usize),
    OneSource,
    HandLimit {
        seat: String,
        held: usize,
        limit: usize,
    },
    Costs {
        seat: String,
        cost: u32,
        stash: u32,
    },
    BlindDraws,
    BetAbove(u32),
    HasOnly(String, u32),
    AllIn {
        seat: String,
        minimum: u32,
        stash: u32,
    },
    BelowMinimum(u32),
    HandSize(usize),
    NotRevealed,
    WrongPhase(&'static str, Phase),
    // Answers.
    FixSyntax,
    NotMoney(String),
    NothingToCorrect(String, u32),
    OnePrizeCard,
    NoAlora,
    OneAloraCard,
    /// At ALORA's pick among cards of equal value, an answer that is not one of them.
    AloraPick {
        sells: bool,
        count: usize,
        from: Vec<Card>,
        default: Vec<Card>,
    },
    CannotSee,
    Unexpected,
    /// Cards not understood (the words come from the notation).
    Cards(crate::notation::AnswerProblems),
    /// A scripted answer refused: the question, the answer, why.
    Answer(String, String, Box<PlayError>),
    // Simulations.
    Unfinished,
    NotPlayed,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::NoPlayers => f.write_str("a game needs at least one player"),
            PlayError::TooFewSeats => {
                f.write_str("a game needs two seats: add a player, or play against ALORA")
            }
            PlayError::TooManySeats {
                seats, extra: true, ..
            } => write!(
                f,
                "one pack serves at most {MAX_SEATS} people and ALORA ({cite}); this game has {seats} seats",
                cite = ruling::AloraSeat::Extra.cite()
            ),
            PlayError::TooManySeats {
                seats, alora: true, ..
            } => write!(
                f,
                "one pack serves at most {MAX_SEATS} seats, ALORA's among them ({cite}); this game has {seats}",
                cite = ruling::AloraSeat::Counts.cite()
            ),
            PlayError::TooManySeats {
                seats,
                alora: false,
                ..
            } => write!(
                f,
                "one pack serves at most {MAX_SEATS} players; this game has {seats}"
            ),
            PlayError::BadName(p) => {
                write!(f, "`{p}` is not a player name (letters, digits, - or _)")
            }
            PlayError::NameTooLong(why) => write!(f, "{why}"),
            PlayError::Cards(why) => write!(f, "{why}"),
            PlayError::NameIsAlora => f.write_str("`alora` is ALORA's seat; use --alora"),
            PlayError::SameName(words) => f.write_str(words),
            PlayError::Answer(q, text, e) => write!(f, "{q}: {text}: {e}"),
            PlayError::Unfinished => f.write_str("a simulated game did not finish"),
            PlayError::NotPlayed => f.write_str("a simulated game was not played"),
            e => e.fmt_hand(f),
        }
    }
}

impl PlayError {
    fn fmt_hand(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::NoSuchSeat(name) => write!(f, "there is no seat called `{name}`"),
            PlayError::NoSeatNumber(i, n) => write!(
                f,
                "there is no seat {i}: the seats are numbered from 0 to {}",
                n.saturating_sub(1)
            ),
            PlayError::NamedTwice(c) => write!(f, "{c} is named twice"),
            PlayError::NoJokerYet => {
                f.write_str("no joker is in play yet: they join the prize pool in rounds 3 and 6")
            }
            PlayError::JokersUnseen(n) => write!(
                f,
                "only {} can be unseen in a hand now",
                words::count(*n, "joker")
            ),
            PlayError::NoJoker(seat) => write!(f, "{} not hold a joker", says(seat, "does")),
            PlayError::Elsewhere(c, place) => write!(f, "{c} is {place}"),
            PlayError::HoldsNothing(seat) => write!(f, "{} no cards", says(seat, "holds")),
            PlayError::DoesNotHold { seat, card, holds } => write!(
                f,
                "{} not hold {card} (holds {})",
                says(seat, "does"),
                if holds.is_empty() {
                    "nothing".to_string()
                } else {
                    show_cards(holds)
                }
            ),
            PlayError::HoldsOnly(seat, n) => write!(
                f,
                "{} only {}",
                says(seat, "holds"),
                words::count(*n, "card")
            ),
            e => e.fmt_deal(f),
        }
    }

    fn fmt_deal(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver(round) => write!(f, "the game ended after round {round}"),
            PlayError::AlreadyDealt => f.write_str("the cards are already dealt"),
            PlayError::DealFirst => f.write_str("deal first"),
            PlayError::NoSuchRound => f.write_str("no such round"),
            PlayError::DeckNotEmpty(n) => write!(
                f,
                "the deck still holds {}: turn up the top one",
                words::count(*n, "card")
            ),
            PlayError::DeckEmpty => f.write_str("the deck is empty: answer `none`"),
            PlayError::DealMismatch => {
                f.write_str("the recorded deal does not match the virtual deck")
            }
            PlayError::PrizeMismatch => {
                f.write_str("the recorded prize card does not match the virtual deck")
            }
            PlayError::DrawMismatch => {
                f.write_str("the recorded draw does not match the virtual deck")
            }
            PlayError::NoOne(turn) => write!(f, "no one is {}", turn.doing()),
            PlayError::NotAlorasTurn => f.write_str("it is not ALORA's turn"),
            PlayError::NotTurn(seat, turn) => {
                write!(f, "it is not {} turn to {}", possessive(seat), turn.verb())
            }
            PlayError::AloraFaceDown(n) => write!(
                f,
                "ALORA has {} face down; name all of them",
                words::count(*n, "card")
            ),
            PlayError::AloraSellsOf(n, from) => {
                write!(f, "ALORA sells {n} of {}", show_cards(from))
            }
            PlayError::AloraSells(cards) => write!(f, "ALORA sells {}", show_cards(cards)),
            PlayError::NotAlorasBuy => f.write_str("that is not what ALORA buys"),
            PlayError::NotAlorasBet => f.write_str("that is not ALORA's bet"),
            e => e.fmt_move(f),
        }
    }

    fn fmt_move(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::SellsAtMost(n) => write!(
                f,
                "a player sells at most {} a round",
                words::count(*n, "card")
            ),
            PlayError::SellsOneATurn => f.write_str(
                &format!("one card a turn under {cite}; sell one card, or `none` to stop selling", cite = ruling::SellTurns::OneAtATime.cite()),
            ),
            PlayError::NotInMarket(None) => f.write_str("not in the market"),
            PlayError::NotInMarket(Some(c)) => write!(f, "{c} is not in the market"),
            PlayError::DeckHoldsOnly(n) => {
                write!(f, "the deck holds only {}", words::count(*n, "card"))
            }
            PlayError::OneSource => f.write_str(&format!("under these rules a player buys from the market or from the deck, not both ({cite})", cite = ruling::Id::BuySources.cite())),
            PlayError::HandLimit { seat, held, limit } => write!(
                f,
                "{} {held} and may hold at most {limit}: buy at most {}",
                says(seat, "holds"),
                limit.saturating_sub(*held)
            ),
            PlayError::Costs { seat, cost, stash } => write!(
                f,
                "that costs {} and {} {}",
                money(i64::from(*cost)),
                says(seat, "has"),
                money(i64::from(*stash))
            ),
            PlayError::BlindDraws => f.write_str("with real cards kado does not see blind draws"),
            PlayError::BetAbove(max) => write!(f, "a bet is at most {}", money(i64::from(*max))),
            PlayError::HasOnly(seat, stash) => {
                write!(f, "{} only {}", says(seat, "has"), money(i64::from(*stash)))
            }
            PlayError::AllIn {
                seat,
                minimum,
                stash,
            } => write!(
                f,
                "{} the minimum {} and must go all in: bet {}",
                says(seat, "cannot afford"),
                money(i64::from(*minimum)),
                money(i64::from(*stash))
            ),
            PlayError::BelowMinimum(min) => write!(
                f,
                "the minimum bet this round is {}",
                money(i64::from(*min))
            ),
            PlayError::HandSize(n) => write!(f, "a played hand has 2 to 5 cards, not {n}"),
            PlayError::NotRevealed => f.write_str("not every hand is revealed"),
            PlayError::WrongPhase(action, phase) => {
                write!(f, "{action} does not fit the {} phase", phase.name())
            }
            e => e.fmt_answer(f),
        }
    }

    fn fmt_answer(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::FixSyntax => {
                f.write_str("write a correction as: fix NAME MONEY (e.g. fix ana 45)")
            }
            PlayError::NotMoney(t) => write!(f, "`{t}` is not an amount of money"),
            PlayError::NothingToCorrect(seat, stash) => write!(
                f,
                "{} stash is already {}: nothing to correct",
                possessive(seat),
                money(i64::from(*stash))
            ),
            PlayError::OnePrizeCard => f.write_str("type the one card turned up"),
            PlayError::NoAlora => f.write_str("no ALORA"),
            PlayError::OneAloraCard => f.write_str("type the one card ALORA takes"),
            PlayError::AloraPick {
                sells,
                count,
                from,
                default,
            } => write!(
                f,
                "type which {} {} for ALORA (e.g. {}), or press Enter for {}",
                super::names::which_of(*count, from),
                match (sells, *count == 1) {
                    (true, true) => "goes to the market",
                    (true, false) => "go to the market",
                    (false, _) => "she takes from the market",
                },
                crate::cards::code_cards(default),
                show_cards(default)
            ),
            PlayError::CannotSee => {
                f.write_str("kado cannot see these cards: type the cards played")
            }
            PlayError::Unexpected => f.write_str("kado did not expect an answer here"),
            // Every other kind is written above.
            _ => Ok(()),
        }
    }
}

impl std::error::Error for PlayError {}

impl Coded for PlayError {
    fn code(&self) -> crate::diag::Code {
        use crate::diag::Code;
        match self {
            PlayError::NoPlayers
            | PlayError::TooFewSeats
            | PlayError::TooManySeats { .. }
            | PlayError::NoAlora
            | PlayError::Unfinished
            | PlayError::NotPlayed => Code::BadSetup,
            PlayError::BadName(_)
            | PlayError::NameTooLong(_)
            | PlayError::NameIsAlora
            | PlayError::SameName(_) => Code::BadName,
            PlayError::NoSuchSeat(_) | PlayError::NoSeatNumber(..) => Code::UnknownPlayer,
            PlayError::NamedTwice(_)
            | PlayError::NoJokerYet
            | PlayError::JokersUnseen(_)
            | PlayError::NoJoker(_)
            | PlayError::Elsewhere(..)
            | PlayError::HoldsNothing(_)
            | PlayError::DoesNotHold { .. }
            | PlayError::HoldsOnly(..)
            | PlayError::DeckNotEmpty(_)
            | PlayError::DeckEmpty
            | PlayError::DealMismatch
            | PlayError::PrizeMismatch
            | PlayError::DrawMismatch
            | PlayError::AloraFaceDown(_)
            | PlayError::NotInMarket(_)
            | PlayError::DeckHoldsOnly(_)
            | PlayError::HasOnly(..)
            | PlayError::CannotSee => Code::Impossible,
            PlayError::GameOver(_) => Code::GameOver,
            PlayError::AlreadyDealt
            | PlayError::DealFirst
            | PlayError::NoSuchRound
            | PlayError::NoOne(_)
            | PlayError::NotRevealed
            | PlayError::WrongPhase(..) => Code::WrongPhase,
            PlayError::NotAlorasTurn | PlayError::NotTurn(..) => Code::NotYourTurn,
            PlayError::AloraSellsOf(..)
            | PlayError::AloraSells(_)
            | PlayError::NotAlorasBuy
            | PlayError::NotAlorasBet
            | PlayError::SellsAtMost(_)
            | PlayError::SellsOneATurn
            | PlayError::OneSource
            | PlayError::HandLimit { .. }
            | PlayError::Costs { .. }
            | PlayError::BlindDraws
            | PlayError::BetAbove(_)
            | PlayError::AllIn { .. }
            | PlayError::BelowMinimum(_)
            | PlayError::HandSize(_)
            | PlayError::AloraPick { .. } => Code::IllegalMove,
            PlayError::FixSyntax
            | PlayError::NotMoney(_)
            | PlayError::NothingToCorrect(..)
            | PlayError::OnePrizeCard
            | PlayError::OneAloraCard
            | PlayError::Unexpected => Code::Notation,
            PlayError::Cards(why) => why.code(),
            PlayError::Answer(_, _, why) => why.code(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_read_as_before() {
        let c = |s: &str| s.parse::<Card>().unwrap();
        let cases = [
            (
                PlayError::Elsewhere(c("KH"), Place::Hand("alora".into())),
                "K♥ is in ALORA's hand",
            ),
            (
                PlayError::NotTurn("you".into(), Turn::Sell),
                "it is not your turn to sell",
            ),
            (
                PlayError::AllIn {
                    seat: "you".into(),
                    minimum: 5,
                    stash: 3,
                },
                "you cannot afford the minimum $5 and must go all in: bet $3",
            ),
            (
                PlayError::DoesNotHold {
                    seat: "ana".into(),
                    card: c("2S"),
                    holds: vec![],
                },
                "ana does not hold 2♠ (holds nothing)",
            ),
            (PlayError::NoOne(Turn::Reveal), "no one is revealing"),
            (
                PlayError::WrongPhase("a bet", Phase::Sell),
                "a bet does not fit the sell phase",
            ),
            (
                PlayError::TooManySeats {
                    seats: 5,
                    alora: true,
                    extra: false,
                },
                "one pack serves at most 4 seats, ALORA's among them (ruling alora-seat: counts); this game has 5",
            ),
            (
                PlayError::TooManySeats {
                    seats: 5,
                    alora: false,
                    extra: false,
                },
                "one pack serves at most 4 players; this game has 5",
            ),
        ];
        for (e, words) in cases {
            assert_eq!(e.to_string(), words);
        }
    }
}
