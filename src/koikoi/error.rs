//! Why the Koi-Koi ledger refuses a game's setup or a round's result: every such message
//! of the game, written here once.

use crate::koikoi::ruling;
use std::fmt;

use crate::diag::{Code, Coded};

use super::Call;
use super::MAX_ROUND_POINTS;
use super::cards::{Card, codes};

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
    LongName(crate::notation::LongName),
    /// Both players given one name: the words saying so ([`crate::seat::NameTwice::words`]).
    SameName(String),
    Rounds(u32, crate::ruleset::ValueRange),
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
    /// Points no round can be worth under the rules, with the nearest that can.
    Impossible {
        points: i64,
        below: Option<i64>,
        above: Option<i64>,
    },
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
            LedgerError::LongName(why) => write!(f, "{why}"),
            LedgerError::SameName(words) => f.write_str(words),
            LedgerError::Rounds(n, range) => {
                write!(f, "a game lasts {range} rounds under these rules, not {n}")
            }
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
            LedgerError::Impossible {
                points,
                below,
                above,
            } => {
                let near: Vec<String> = [below, above]
                    .iter()
                    .filter_map(|n| n.map(|n| n.to_string()))
                    .collect();
                write!(
                    f,
                    "no round is worth {points} points under these rules (yaku, the doubling at double-at and {cite}); the nearest that can be: {}",
                    near.join(" or "),
                    cite = ruling::Id::Multiplier.cite()
                )
            }
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

/// Why the referee refuses a line of a record or a move at the table: the rule broken and
/// what would have been legal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RefereeError {
    /// A line before the game's `players:` line.
    NoPlayers,
    Ledger(LedgerError),
    NotAPlayer {
        name: String,
        players: [String; 2],
    },
    GameOver {
        why: String,
    },
    /// A line after a round ended, before the next `round`.
    RoundOver {
        round: u32,
    },
    /// `round` while a round is being dealt or played; `next` is what it waits for.
    RoundUnfinished {
        next: String,
    },
    HandAfterTable {
        player: String,
    },
    HandTwice {
        player: String,
    },
    HandSize {
        player: String,
        count: usize,
    },
    TableTwice,
    TableSize {
        count: usize,
    },
    /// A turn before the table is dealt.
    TableMissing,
    NoSuchCard {
        card: Card,
    },
    /// A card the round has already seen as many times as the deck holds it.
    CardTwice {
        card: Card,
        at: String,
    },
    NotInHand {
        player: String,
        card: Card,
        hand: Vec<Card>,
    },
    /// Ruling must-capture: whole-hand: a card laid on the table while the hand holds one
    /// that captures.
    MustCaptureFromHand {
        player: String,
        card: Card,
        capturing: Vec<Card>,
    },
    /// At the virtual deck's capture question, a move of another card than the one drawn.
    NotDrawn {
        drawn: Card,
        said: Card,
    },
    WrongTurn {
        player: String,
        expected: String,
    },
    /// A capture of a card of another month.
    OtherMonth {
        card: Card,
        capture: Card,
        matches: Vec<Card>,
    },
    /// A capture of a card of the month that is not on the table.
    NotOnTable {
        card: Card,
        capture: Card,
        matches: Vec<Card>,
    },
    /// `>none` for a card with a match on the table.
    MatchNotTaken {
        card: Card,
        matches: Vec<Card>,
    },
    /// Two matches and no `>`.
    Ambiguous {
        card: Card,
        matches: Vec<Card>,
    },
    MissingCall {
        player: String,
        points: i64,
        stop_only: bool,
    },
    ExtraCall {
        call: Call,
        player: String,
        points: i64,
    },
    KoiLastCard {
        player: String,
    },
    KoiOnce {
        player: String,
    },
    KoiBoth {
        player: String,
    },
    /// An answer at the table that does not read: why, and what is asked.
    Notation {
        why: crate::diag::Error,
        hint: String,
    },
    /// A draw said with a virtual deck, whose cards kado draws.
    VirtualDraws {
        hint: String,
    },
    /// `--opponent kado` with real cards, whose hidden hand kado cannot hold.
    KadoNeedsVirtual,
    /// At the table: a step that is not the one asked for.
    NotNow {
        next: String,
    },
}

/// The legal ways to take `card` given its `matches` on the table.
pub fn legal_moves(card: Card, matches: &[Card]) -> String {
    match matches {
        [] => format!("{card} (laid on the table)"),
        [one] => format!("{card}>{one} (or {card})"),
        [a, b] if a == b => format!("{card}>{a} (or {card}: the two are alike)"),
        [a, b] => format!("{card}>{a} or {card}>{b}"),
        _ => format!("{card} (it takes all {})", matches.len()),
    }
}

impl fmt::Display for RefereeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RefereeError as E;
        match self {
            E::NoPlayers => {
                f.write_str("a game starts with its players: line (`players: ana ben`)")
            }
            E::Ledger(e) => e.fmt(f),
            E::NotAPlayer { name, players } => write!(
                f,
                "`{name}` is not a player: the players are {} and {}",
                players[0], players[1]
            ),
            E::GameOver { why } => write!(
                f,
                "the game is over ({why}): a new game starts with its players: line"
            ),
            E::RoundOver { round } => write!(
                f,
                "round {round} is over: the next round starts with `round`"
            ),
            E::RoundUnfinished { next } => write!(
                f,
                "a round starts only when the last is over; legal here: {next}"
            ),
            E::HandAfterTable { player } => write!(
                f,
                "the hands are given before the table: {player}'s hand comes too late; legal here: a turn"
            ),
            E::HandTwice { player } => write!(f, "{player}'s hand is already given"),
            E::HandSize { player, count } => {
                write!(f, "a hand is dealt 8 cards, and {player}'s has {count}")
            }
            E::TableTwice => f.write_str("the table is already dealt; legal here: a turn"),
            E::TableSize { count } => {
                write!(f, "the table is dealt 8 cards face up, not {count}")
            }
            E::TableMissing => f.write_str(
                "the table's 8 cards must be given before the first turn (`table: CARDS`)",
            ),
            E::NoSuchCard { card } => write!(
                f,
                "there is no {card} in the deck: {}'s cards are {}",
                card.flower(),
                super::cards::codes(&Card::month_cards(card.month))
            ),
            E::CardTwice { card, at } => write!(
                f,
                "each card is in a round once, and {card} is already {at}"
            ),
            E::NotNow { next } => write!(f, "not now: {next}"),
            E::Notation { why, hint } => {
                let first = why.problems.first();
                let why = first.map_or_else(|| why.summary(), |p| p.message.clone());
                write!(f, "{why}. {hint}")
            }
            E::VirtualDraws { hint } => {
                write!(f, "with a virtual deck kado draws the card. {hint}")
            }
            E::KadoNeedsVirtual => f.write_str(
                "kado plays only with a virtual deck (--deck virtual), whose cards it deals and hides",
            ),
            _ => self.fmt_play(f),
        }
    }
}

impl RefereeError {
    /// The words of the refusals of a turn.
    /// A card that may not be played or said at this point.
    fn fmt_choice(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RefereeError as E;
        match self {
            E::MustCaptureFromHand {
                player,
                card,
                capturing,
            } => write!(
                f,
                "{player} must play a card that captures while they hold one ({cite}), and {card} matches nothing on the table; legal: {}",
                super::cards::codes(capturing),
                cite = ruling::MustCapture::WholeHand.cite()
            ),
            E::NotDrawn { drawn, said } => write!(
                f,
                "the card drawn is {drawn}, not {said}: say which table card {drawn} takes"
            ),
            _ => Ok(()),
        }
    }

    fn fmt_play(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RefereeError as E;
        match self {
            E::MustCaptureFromHand { .. } | E::NotDrawn { .. } => self.fmt_choice(f),
            E::NotInHand { player, card, hand } => write!(
                f,
                "a card is played from the player's hand, and {card} is not in {player}'s: legal: {}",
                super::cards::codes(hand)
            ),
            E::WrongTurn { player, expected } => write!(
                f,
                "the players take turns: it is {expected}'s turn, not {player}'s"
            ),
            E::OtherMonth {
                card,
                capture,
                matches,
            } => write!(
                f,
                "a card captures a card of its own month, and {capture} is not of {}'s; legal: {}",
                card.flower(),
                legal_moves(*card, matches)
            ),
            E::NotOnTable {
                card,
                capture,
                matches,
            } => write!(
                f,
                "a card captures a card on the table, and {capture} is not there; legal: {}",
                legal_moves(*card, matches)
            ),
            E::MatchNotTaken { card, matches } => write!(
                f,
                "a card that matches a table card must capture it: {card} matches {}; legal: {}",
                super::cards::codes(matches),
                legal_moves(*card, matches)
            ),
            E::Ambiguous { card, matches } => write!(
                f,
                "{card} matches two table cards, {} and {}: the record must say which it captures; legal: {}",
                codes(matches.get(..1).unwrap_or_default()),
                codes(matches.get(1..2).unwrap_or_default()),
                legal_moves(*card, matches)
            ),
            E::MissingCall {
                player,
                points,
                stop_only,
            } => write!(
                f,
                "{player}'s yaku are now worth {points}, more than at their last decision: the turn ends with {}",
                if *stop_only { "stop" } else { "koi or stop" }
            ),
            E::ExtraCall {
                call,
                player,
                points,
            } => write!(
                f,
                "koi or stop ends only a turn that forms or improves a yaku, and {player}'s are worth {points}, no more than at their last decision: `{}` is not allowed; legal: the turn without it",
                call.word()
            ),
            E::KoiLastCard { player } => write!(
                f,
                "{player} played their last card, so koi-koi cannot be called (last-card-koi: no-koi); legal: stop"
            ),
            E::KoiOnce { player } => write!(
                f,
                "{player} has called koi-koi once already this round (koi-calls: once); legal: stop"
            ),
            E::KoiBoth { player } => write!(
                f,
                "both players have called koi-koi, so {player} must stop (both-koi: next-yaku-stops); legal: stop"
            ),
            _ => Ok(()),
        }
    }
}

impl Coded for LedgerError {
    fn code(&self) -> Code {
        match self {
            LedgerError::WrongRuleset { .. } => Code::RulesetWrongGame,
            LedgerError::PlayerCount(_)
            | LedgerError::Rounds(..)
            | LedgerError::Dealer
            | LedgerError::StartPoints => Code::BadSetup,
            LedgerError::EmptyName | LedgerError::LongName(_) | LedgerError::SameName(_) => {
                Code::BadName
            }
            LedgerError::GameOver => Code::GameOver,
            LedgerError::NotAPlayer { .. } => Code::UnknownPlayer,
            LedgerError::Points(_) | LedgerError::Impossible { .. } => Code::Impossible,
            LedgerError::NoAnswer
            | LedgerError::PointsMissing(_)
            | LedgerError::Shape(_)
            | LedgerError::NotPoints { .. } => Code::Notation,
        }
    }
}

impl Coded for RefereeError {
    fn code(&self) -> Code {
        use RefereeError as E;
        match self {
            E::NoPlayers | E::KadoNeedsVirtual => Code::BadSetup,
            E::Ledger(e) => e.code(),
            E::NotAPlayer { .. } => Code::UnknownPlayer,
            E::GameOver { .. } | E::RoundOver { .. } => Code::GameOver,
            E::RoundUnfinished { .. }
            | E::HandAfterTable { .. }
            | E::HandTwice { .. }
            | E::TableTwice
            | E::TableMissing
            | E::NotNow { .. } => Code::WrongPhase,
            E::HandSize { .. }
            | E::TableSize { .. }
            | E::CardTwice { .. }
            | E::NotInHand { .. }
            | E::NotDrawn { .. }
            | E::VirtualDraws { .. } => Code::Impossible,
            E::NoSuchCard { .. } => Code::UnknownCard,
            E::WrongTurn { .. } => Code::NotYourTurn,
            E::MustCaptureFromHand { .. }
            | E::OtherMonth { .. }
            | E::NotOnTable { .. }
            | E::MatchNotTaken { .. }
            | E::MissingCall { .. }
            | E::ExtraCall { .. }
            | E::KoiLastCard { .. }
            | E::KoiOnce { .. }
            | E::KoiBoth { .. } => Code::IllegalMove,
            E::Ambiguous { .. } => Code::Notation,
            E::Notation { why, .. } => why.kind_or(Code::Notation),
        }
    }
}
