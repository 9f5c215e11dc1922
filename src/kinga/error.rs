//! Kinga's words about a game, written here alone: why a play, an action or an answer is
//! refused ([`Error`], [`Blocked`]), what kado tells the table after an action
//! ([`Told`]), and how a simulation fails ([`SimError`]).

use crate::kinga::ruling;
use std::fmt;

use crate::cards::{Card, Suit, code_cards, show_cards};
use crate::diag::{Code, Coded};
use crate::words;

mod told;
pub use told::Told;

/// Why a play is not a chain (the reason a play is blocked).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Blocked {
    /// No card at all.
    Empty,
    /// A joker leads the play.
    JokerFirst,
    /// One card alone, under `single-card-play: forbidden`.
    SingleCard,
    /// `card` matches `prev` in neither suit nor rank.
    NoMatch { prev: Card, card: Card },
    /// More than the pack's two jokers.
    TooManyJokers,
}

impl fmt::Display for Blocked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Blocked::Empty => f.write_str("a play needs at least one card"),
            Blocked::JokerFirst => f.write_str("a joker cannot be the first card of a play"),
            Blocked::SingleCard => f.write_str("a play chains at least two cards"),
            Blocked::NoMatch { prev, card } => {
                write!(f, "{card} matches {prev} in neither suit nor rank")
            }
            Blocked::TooManyJokers => f.write_str("a pack holds only two jokers"),
        }
    }
}

/// Where a card named in a draw is, when it is not in the draw pile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Whereabouts {
    Hand,
    Discard,
    Exiled,
    Table,
    /// Nowhere else: the draw pile holds these (sorted).
    Elsewhere(Vec<Card>),
}

impl fmt::Display for Whereabouts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Whereabouts::Hand => f.write_str(" (it is in your hand)"),
            Whereabouts::Discard => f.write_str(" (it is in your discard pile)"),
            Whereabouts::Exiled => f.write_str(" (it was exiled)"),
            Whereabouts::Table => f.write_str(" (it was played this turn)"),
            Whereabouts::Elsewhere(draw) => write!(f, " (it holds {})", show_cards(draw)),
        }
    }
}

/// How many times a card is named: "twice", "3 times".
fn times(n: usize) -> String {
    if n == 2 {
        "twice".to_string()
    } else {
        format!("{n} times")
    }
}

/// A count of cards held, one spelled out.
fn one(n: usize) -> String {
    if n == 1 {
        "one".to_string()
    } else {
        n.to_string()
    }
}

/// The hand, as an error says it: "it is empty" or "you hold …".
pub fn hand_text(hand: &[Card]) -> String {
    if hand.is_empty() {
        "it is empty".to_string()
    } else {
        format!("you hold {}", show_cards(hand))
    }
}

/// Why a setup, an action or an answer of a game is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The virtual deck's recorded order is not the ten starting cards.
    NotTheStartingDeck,
    GameOver,
    /// An action that is not one of those expected in this phase.
    NotExpected(&'static str),
    NoCardsDrawn,
    /// More cards drawn than are due.
    DrawCount {
        due: usize,
        got: usize,
    },
    /// A `draw` line of a record that reads only as the extra cards declined and the hand
    /// drawn back up, where ruling extra-draws: always draws them.
    ExtraDeclined {
        due: usize,
        /// The line might also be the extra cards drawn and a card kept, but not which.
        unclear: bool,
    },
    /// Ruling extra-draws: optional: a `draw` line that reads both as the extra cards
    /// declined and as them drawn with a card kept at cleanup, which it does not say.
    OneDrawUnclear {
        due: usize,
    },
    /// Ruling extra-draws: optional: more extra cards asked for than were earned.
    ExtraTooMany {
        due: usize,
        got: usize,
    },
    /// Not an answer to "draw your extra cards?".
    ExtraAnswer(String),
    NotTopOfVirtualDeck,
    NotInDrawPile {
        card: Card,
        at: Whereabouts,
    },
    NamedMoreThanHeld {
        card: Card,
        named: usize,
        held: usize,
    },
    /// Real cards, a draw across a reshuffle: a card in neither the draw pile nor the
    /// discard pile.
    NotDrawable {
        card: Card,
        at: Whereabouts,
    },
    /// Real cards, a draw across a reshuffle: a card named more times than the draw
    /// and discard piles hold it.
    NamedMoreThanDrawable {
        card: Card,
        named: usize,
        held: usize,
    },
    /// Real cards, a draw across a reshuffle that leaves this card of the draw pile
    /// (the draw pile holds `pile`).
    DrawPileFirst {
        card: Card,
        pile: Vec<Card>,
    },
    /// Real cards, a draw across a reshuffle of the wrong size: the `pile` cards of the
    /// draw pile, then `after` of the discard pile reshuffled.
    DrawAcross {
        pile: usize,
        after: usize,
        got: usize,
    },
    /// Real cards: fewer cards drawn than are due.
    DrawFromPile {
        must: usize,
        got: usize,
    },
    DrawPileNotEmpty,
    NotTheDiscardPile,
    PlayedMoreThanHeld {
        card: Card,
        hand: Vec<Card>,
    },
    NotInHand {
        card: Card,
        hand: Vec<Card>,
    },
    NotAChain {
        play: Vec<Card>,
        at: usize,
        why: Blocked,
    },
    JokerNeverOnPile,
    PileEmpty(Suit),
    NotOnTop {
        target: Card,
        top: Card,
    },
    KingsNotInfluenced(Card),
    WrongSuit {
        play: Vec<Card>,
        influence: u32,
        suits: String,
        suit: Suit,
    },
    TooLittle {
        play: Vec<Card>,
        influence: u32,
        target: Card,
        need: u32,
    },
    HardcoreFewest {
        shortest: Vec<Card>,
        target: Card,
    },
    HardcoreExile {
        play: Vec<Card>,
        target: Card,
    },
    JokerNotExiled,
    NeedHigher(Card),
    SuspicionNotNow,
    NameAKing,
    KingSideways(Suit),
    NotLost,
    NotForBonus(Card),
    DiscardDownTo(usize),
    NotInHandBare(Card),
    /// Cards that cannot be read (the notation's own words).
    Cards(crate::notation::AnswerProblems),
    /// Cards that cannot be read, at the turn's question.
    TurnCards(crate::notation::AnswerProblems),
    NotAKingOrSuit(String),
    NameOneOrNone,
    /// An answer to "one card or none" that is not a card.
    NotOneCardOrNone(String),
    OneCardNotMore(usize),
    NameTheExile,
    /// An exile of more than one card: one is exiled at a time.
    ExileOne(usize),
    NoSuspicionWhileYouCan,
    InfluencesNone {
        play: Vec<Card>,
        influence: u32,
        suits: String,
        tops: Vec<Card>,
    },
    InfluencesSeveral {
        play: Vec<Card>,
        targets: Vec<Card>,
    },
    CardsBeforeOn(String),
    TopAfterOn(String),
    NotACardOrSuit(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::NotTheStartingDeck => {
                f.write_str("the virtual deck's order is not the starting deck")
            }
            Error::GameOver => f.write_str("the game is over"),
            Error::NotExpected(name) => write!(f, "`{name}` is not expected now"),
            Error::NoCardsDrawn => f.write_str("no cards drawn"),
            Error::ExtraDeclined { .. } | Error::OneDrawUnclear { .. } => self.fmt_one_draw(f),
            Error::ExtraTooMany { due, got } => write!(
                f,
                "the play earned {}, not {got}; answer a number from 0 to {due}",
                words::count(*due, "extra card")
            ),
            Error::ExtraAnswer(t) => write!(
                f,
                "`{t}` is not an answer here: type yes, no, or how many extra cards to draw"
            ),
            Error::DrawCount { due, got } => {
                write!(f, "draw {due} card{}, not {got}", words::s(*due))
            }
            Error::NotTopOfVirtualDeck => {
                f.write_str("those are not the top cards of the virtual deck")
            }
            Error::NotInDrawPile { card, at } => write!(f, "{card} is not in your draw pile{at}"),
            Error::NamedMoreThanHeld { card, named, held } => write!(
                f,
                "{card} is named {}, but your draw pile holds only {}",
                times(*named),
                one(*held)
            ),
            Error::NotDrawable { card, at } => {
                let at = match at {
                    Whereabouts::Elsewhere(_) => " (it is still in its suit pile)".to_string(),
                    at => at.to_string(),
                };
                write!(
                    f,
                    "{card} is in neither your draw pile nor your discard pile{at}"
                )
            }
            Error::NamedMoreThanDrawable { card, named, held } => write!(
                f,
                "{card} is named {}, but your draw pile and discard pile hold only {}",
                times(*named),
                one(*held)
            ),
            Error::DrawPileFirst { card, pile } => write!(
                f,
                "{card} is still in your draw pile: draw all of it ({}) before your discard pile is reshuffled",
                show_cards(pile)
            ),
            Error::DrawAcross { pile, after, got } => write!(
                f,
                "draw {}, not {got}: the {pile} left in your draw pile, then {after} from your discard pile reshuffled",
                words::count(pile + after, "card")
            ),
            Error::DrawFromPile { must, got } => write!(
                f,
                "draw {must} card{} from your draw pile, not {got}",
                words::s(*must)
            ),
            Error::DrawPileNotEmpty => f.write_str("the draw pile is not empty yet"),
            Error::NotTheDiscardPile => f.write_str("the new draw pile must be the discard pile"),
            _ => self.fmt_play(f),
        }
    }
}

impl Error {
    /// The words of the refusals of a play or an exile.
    fn fmt_play(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::PlayedMoreThanHeld { card, hand } => write!(
                f,
                "{card} is played more times than you hold it ({})",
                hand_text(hand)
            ),
            Error::NotInHand { card, hand } => {
                write!(f, "{card} is not in your hand ({})", hand_text(hand))
            }
            Error::NotAChain { play, at, why } => write!(
                f,
                "{} is not a chain: card {} ({}): {why}",
                show_cards(play),
                at + 1,
                play.get(*at).map_or(String::new(), |c| c.to_string()),
            ),
            Error::JokerNeverOnPile => f.write_str("a joker is never on a suit pile"),
            Error::PileEmpty(suit) => write!(f, "the {} pile is empty", suit.symbol()),
            Error::NotOnTop { target, top } => write!(
                f,
                "{target} is not on top of its pile: the top {} card is {top}",
                top.suit().map_or(' ', Suit::symbol)
            ),
            Error::KingsNotInfluenced(target) => write!(
                f,
                "kings cannot be influenced; {target} is exposed by influencing its queen"
            ),
            Error::WrongSuit {
                play,
                influence,
                suits,
                suit,
            } => write!(
                f,
                "{} makes {influence} influence in {suits} only, not {}",
                show_cards(play),
                suit.symbol()
            ),
            Error::TooLittle {
                play,
                influence,
                target,
                need,
            } => write!(
                f,
                "{} makes {influence} influence; {target} needs {need}",
                show_cards(play)
            ),
            Error::HardcoreFewest { shortest, target } => write!(
                f,
                "use the fewest cards; {} influences {target} with {} card{}",
                show_cards(shortest),
                shortest.len(),
                words::s(shortest.len())
            ),
            _ => self.fmt_turn(f),
        }
    }

    /// The words of the refusals of the other actions of a turn.
    fn fmt_turn(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::HardcoreExile { play, target } => write!(
                f,
                "exile only when nothing can be influenced; {} influences {target}",
                show_cards(play)
            ),
            Error::JokerNotExiled => f.write_str("a joker may not be exiled"),
            Error::NeedHigher(card) => write!(
                f,
                "to exile {card} you need a higher {} card in your hand",
                card.suit().map_or(' ', Suit::symbol)
            ),
            Error::SuspicionNotNow => f.write_str(
                "you can still influence or exile: raise suspicion only when you cannot",
            ),
            Error::NameAKing => f.write_str("name a king to turn, such as KS"),
            Error::KingSideways(suit) => {
                write!(f, "the {} king is already sideways", suit.symbol())
            }
            Error::NotLost => f.write_str("the game is not lost"),
            Error::NotForBonus(card) => {
                write!(f, "{card} is neither in your hand nor in your discard pile")
            }
            Error::DiscardDownTo(n) => write!(f, "discard down to {n} cards"),
            Error::NotInHandBare(card) => write!(f, "{card} is not in your hand"),
            _ => self.fmt_answer(f),
        }
    }

    /// The words of the refusals of an answer that cannot be read.
    fn fmt_answer(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Cards(why) => write!(f, "{why}"),
            Error::TurnCards(why) => write!(
                f,
                "{why}; answer `CARDS on TARGET` (e.g. `4S 3S 3H on 6H`) or `exile CARD`"
            ),
            Error::NotAKingOrSuit(t) => {
                write!(f, "`{t}` is not a king or a suit; answer e.g. `KS` or `spades`")
            }
            Error::NameOneOrNone => f.write_str("name one card, or `none`"),
            Error::NotOneCardOrNone(said) => write!(
                f,
                "`{said}` is not a card: name one card of the list (such as `7H`), or `none`"
            ),
            Error::OneCardNotMore(n) => write!(f, "name one card or `none`, not {n}"),
            Error::NameTheExile => f.write_str("name the card to exile, e.g. `exile 4S`"),
            Error::ExileOne(n) => write!(f, "exile one card at a time, not {n}: e.g. `exile 4S`"),
            Error::NoSuspicionWhileYouCan => f.write_str(
                "you can still influence or exile, so you may not raise suspicion (type `help` for your plays)",
            ),
            Error::InfluencesNone {
                play,
                influence,
                suits,
                tops,
            } => write!(
                f,
                "{} makes {influence} influence in {suits}, which influences none of the top cards ({}); type `help` for your plays",
                show_cards(play),
                show_cards(tops)
            ),
            Error::InfluencesSeveral { play, targets } => write!(
                f,
                "{} influences {}: say which, e.g. `{} on {}`",
                show_cards(play),
                show_cards(targets),
                code_cards(play),
                targets.first().map_or(String::new(), |c| c.code())
            ),
            Error::CardsBeforeOn(target) => write!(
                f,
                "name the cards you play before `on`, e.g. `4S 3S 3H on {target}`"
            ),
            Error::TopAfterOn(cards) => write!(
                f,
                "name the top card after `on`, e.g. `{cards} on 6H` (or a suit: `on H`)"
            ),
            Error::NotACardOrSuit(t) => {
                write!(f, "`{t}` is not a card or a suit; name the top card, e.g. `6H`")
            }
            _ => Ok(()),
        }
    }
}

impl std::error::Error for Error {}

/// Why a simulated game could not be played to its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SimError {
    /// The policy has no answer to this question.
    NoAnswer(super::key::Key),
    /// The game with this seed did not end.
    NoEnd(u64),
    /// The game refused one of the policy's actions.
    Refused(Error),
}

impl fmt::Display for SimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SimError::NoAnswer(key) => write!(f, "the policy has no answer to `{}`", key.word()),
            SimError::NoEnd(seed) => write!(f, "game {seed} did not end"),
            SimError::Refused(e) => e.fmt(f),
        }
    }
}

impl From<Error> for SimError {
    fn from(e: Error) -> SimError {
        SimError::Refused(e)
    }
}

impl PartialEq<&str> for Told {
    fn eq(&self, other: &&str) -> bool {
        let said = self.to_string();
        said == *other
    }
}

impl Error {
    /// The rule (or ruling) an action breaks, as a record's verdict names it.
    pub fn rule(&self) -> &'static str {
        match self {
            Error::GameOver => "the end of the game",
            Error::NotTheStartingDeck => "setup",
            Error::NotExpected(_) => "the order of a turn",
            Error::NoCardsDrawn
            | Error::DrawCount { .. }
            | Error::NotTopOfVirtualDeck
            | Error::NotInDrawPile { .. }
            | Error::NamedMoreThanHeld { .. }
            | Error::NotDrawable { .. }
            | Error::NamedMoreThanDrawable { .. }
            | Error::DrawAcross { .. }
            | Error::DrawFromPile { .. } => "drawing",
            Error::DrawPileFirst { .. } => "reshuffling",
            Error::ExtraTooMany { .. }
            | Error::ExtraAnswer(_)
            | Error::ExtraDeclined { .. }
            | Error::OneDrawUnclear { .. } => ruling::Id::ExtraDraws.cite(),
            Error::DrawPileNotEmpty | Error::NotTheDiscardPile => "reshuffling",
            Error::PlayedMoreThanHeld { .. }
            | Error::NotInHand { .. }
            | Error::NotInHandBare(_) => "cards come from the hand",
            Error::NotAChain { why, .. } => match why {
                Blocked::JokerFirst | Blocked::TooManyJokers => "jokers",
                Blocked::SingleCard => ruling::Id::SingleCardPlay.cite(),
                Blocked::Empty | Blocked::NoMatch { .. } => "the chain",
            },
            Error::JokerNeverOnPile | Error::PileEmpty(_) | Error::NotOnTop { .. } => "targets",
            Error::KingsNotInfluenced(_) => ruling::Id::Kings.cite(),
            Error::WrongSuit { .. } => "suits",
            Error::TooLittle { .. } => "influence",
            Error::HardcoreFewest { .. } | Error::HardcoreExile { .. } => {
                ruling::Id::Hardcore.cite()
            }
            Error::JokerNotExiled => "jokers are never exiled",
            Error::NeedHigher(_) => "exile",
            Error::SuspicionNotNow | Error::NameAKing | Error::KingSideways(_) => "raise suspicion",
            Error::NotLost => "execution",
            Error::NotForBonus(_) => "the 5, 8 and 10 exile",
            Error::DiscardDownTo(_) => ruling::Id::Hardcore.cite(),
            Error::Cards(_)
            | Error::TurnCards(_)
            | Error::NotAKingOrSuit(_)
            | Error::NameOneOrNone
            | Error::NotOneCardOrNone(_)
            | Error::OneCardNotMore(_)
            | Error::NameTheExile
            | Error::ExileOne(_)
            | Error::NoSuspicionWhileYouCan
            | Error::InfluencesNone { .. }
            | Error::InfluencesSeveral { .. }
            | Error::CardsBeforeOn(_)
            | Error::TopAfterOn(_)
            | Error::NotACardOrSuit(_) => "answers",
        }
    }
}

impl Coded for Error {
    fn code(&self) -> Code {
        match self {
            Error::NotTheStartingDeck => Code::BadSetup,
            Error::GameOver => Code::GameOver,
            Error::NotExpected(_) => Code::WrongPhase,
            Error::Cards(why) | Error::TurnCards(why) => why.code(),
            Error::NotTopOfVirtualDeck
            | Error::NotInDrawPile { .. }
            | Error::NamedMoreThanHeld { .. }
            | Error::NotDrawable { .. }
            | Error::NamedMoreThanDrawable { .. }
            | Error::NotTheDiscardPile
            | Error::PlayedMoreThanHeld { .. }
            | Error::NotInHand { .. }
            | Error::NotInHandBare(_) => Code::Impossible,
            Error::NoCardsDrawn
            | Error::DrawCount { .. }
            | Error::ExtraTooMany { .. }
            | Error::ExtraDeclined { .. }
            | Error::OneDrawUnclear { .. }
            | Error::DrawPileFirst { .. }
            | Error::DrawAcross { .. }
            | Error::DrawFromPile { .. }
            | Error::DrawPileNotEmpty
            | Error::NotAChain { .. }
            | Error::JokerNeverOnPile
            | Error::PileEmpty(_)
            | Error::NotOnTop { .. }
            | Error::KingsNotInfluenced(_)
            | Error::WrongSuit { .. }
            | Error::TooLittle { .. }
            | Error::HardcoreFewest { .. }
            | Error::HardcoreExile { .. }
            | Error::JokerNotExiled
            | Error::NeedHigher(_)
            | Error::SuspicionNotNow
            | Error::KingSideways(_)
            | Error::NotLost
            | Error::NotForBonus(_)
            | Error::DiscardDownTo(_)
            | Error::NoSuspicionWhileYouCan
            | Error::InfluencesNone { .. } => Code::IllegalMove,
            Error::ExtraAnswer(_)
            | Error::NameAKing
            | Error::NotAKingOrSuit(_)
            | Error::NameOneOrNone
            | Error::NotOneCardOrNone(_)
            | Error::OneCardNotMore(_)
            | Error::NameTheExile
            | Error::ExileOne(_)
            | Error::InfluencesSeveral { .. }
            | Error::CardsBeforeOn(_)
            | Error::TopAfterOn(_)
            | Error::NotACardOrSuit(_) => Code::Notation,
        }
    }
}

impl Coded for Fault {
    fn code(&self) -> Code {
        match self {
            Fault::Refused(e) => e.code(),
            Fault::Over(_) => Code::GameOver,
            Fault::OutOfOrder { .. } => Code::WrongPhase,
            Fault::TurnNumber { .. } | Fault::OrderUnknown => Code::Impossible,
        }
    }
}

impl Coded for SimError {
    fn code(&self) -> Code {
        match self {
            SimError::NoAnswer(_) | SimError::NoEnd(_) => Code::Internal,
            SimError::Refused(e) => e.code(),
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum End {
    /// The fourth queen was influenced: a win.
    FourQueens,
    /// Suspicion was due with every king sideways.
    Executed,
    /// A card was due with both piles empty (ruling empty-draw: game-over).
    NothingToDraw,
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            End::FourQueens => "the fourth queen is influenced, and you win",
            End::Executed => {
                "suspicion is due with all four kings sideways: the kings order your execution"
            }
            End::NothingToDraw => {
                return write!(
                    f,
                    "a card is due with both piles empty ({})",
                    ruling::EmptyDraw::GameOver.cite()
                );
            }
        })
    }
}

/// What a game waits for: the step a record's next line must say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Due {
    /// Cards drawn into the hand.
    Draw(usize),
    /// The discard pile made the new draw pile.
    Reshuffle,
    /// The action of this turn.
    Turn(u32),
    /// Ruling extra-draws: optional: how many of these extra cards are drawn.
    Extra(usize),
    /// The exile of a 5, 8 or 10.
    Bonus,
    /// Cleanup: the card kept.
    Keep,
    /// Hardcore cleanup: this many cards discarded at random.
    Discard(usize),
    /// Nothing: the game is over.
    Nothing,
}

impl fmt::Display for Due {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Due::Draw(n) => write!(f, "a draw of {} (`draw CARDS`)", words::count(*n, "card")),
            Due::Reshuffle => f.write_str(
                "the reshuffle of the discard pile (`reshuffle`), the draw pile being empty",
            ),
            Due::Turn(n) => write!(
                f,
                "the action of turn {n} (a play `CARDS > TARGET`, `exile CARD`, `suspicion KING` or `executed`)"
            ),
            Due::Extra(n) => write!(
                f,
                "how many of the {} are drawn (`extra N`, {cite})",
                words::count(*n, "extra card"),
                cite = ruling::ExtraDraws::Optional.cite()
            ),
            Due::Bonus => f.write_str("the exile of the 5, 8 or 10 (`bonus CARD` or `bonus none`)"),
            Due::Keep => f.write_str("the card kept at cleanup (`keep CARD` or `keep none`)"),
            Due::Discard(n) => write!(
                f,
                "the {} discarded at random by hardcore's cleanup (`discard CARDS`)",
                words::count(*n, "card")
            ),
            Due::Nothing => f.write_str("nothing: the game is over"),
        }
    }
}

/// Why a line of a record is illegal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The game refuses the line's action.
    Refused(Error),
    /// The line comes after the end of the game.
    Over(End),
    /// The game waits for another step than the line's.
    OutOfOrder { line: &'static str, due: Due },
    /// The turn number written is not the turn's.
    TurnNumber { said: u32, turn: u32 },
    /// A virtual deck's reshuffle without the new order of its cards.
    OrderUnknown,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Refused(e) => e.fmt(f),
            Fault::Over(end) => write!(f, "the game is over: {end}"),
            Fault::OutOfOrder { line, due } => {
                write!(f, "the game waits for {due}, not {line}")
            }
            Fault::TurnNumber { said, turn } => write!(f, "this is turn {turn}, not turn {said}"),
            Fault::OrderUnknown => f.write_str(
                "with a virtual deck the order of the new draw pile matters: write it, top first",
            ),
        }
    }
}

impl Fault {
    /// The rule the line breaks.
    pub fn rule(&self) -> &'static str {
        match self {
            Fault::Refused(e) => e.rule(),
            Fault::Over(_) => "the end of the game",
            Fault::OutOfOrder { .. } => "the order of a turn",
            Fault::TurnNumber { .. } => "turn numbers",
            Fault::OrderUnknown => "reshuffling",
        }
    }
}

impl Error {
    /// The words of a `draw` line of a record read as the extra cards and the refill.
    fn fmt_one_draw(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::ExtraDeclined { due, unclear } => {
                write!(
                    f,
                    "this draw reads as the hand drawn back up with {} declined, and the extra cards are drawn as soon as the play earns them ({})",
                    words::count(*due, "extra card"),
                    ruling::ExtraDraws::Always.cite()
                )?;
                if *unclear {
                    f.write_str(
                        "; read as them drawn, it does not say which card was kept at cleanup",
                    )?;
                }
                f.write_str(": write the extra cards' draw, the keep and the draw back up apart")
            }
            Error::OneDrawUnclear { due } => write!(
                f,
                "this draw reads as the hand drawn back up with {} declined, or as them drawn and a card kept at cleanup without saying which: write `extra N`, the keep and the draws apart",
                words::count(*due, "extra card")
            ),
            _ => Ok(()),
        }
    }
}
