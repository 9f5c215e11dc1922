//! What kado tells the table after an action, in words.

use super::*;

/// What kado tells the table after an action: what to do with the cards, and what
/// happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Told {
    /// Cards still due when nothing is left to draw.
    NothingToDraw(usize),
    /// The influenced card goes to the discard pile.
    PutOnDiscard(Card),
    /// A queen influenced: its king exposed, turned now or already sideways.
    KingExposed {
        suit: Suit,
        was_sideways: bool,
        /// Whether it scores (ruling sideways-queen).
        scores: bool,
    },
    /// A draw is due with both piles empty, and under ruling empty-draw: game-over that
    /// ends the game.
    NothingLeftToDraw,
    /// A record's one `draw` line read as what a table draws at once after a play that
    /// earned extra cards: the extra cards (or none, declined), the card kept at cleanup,
    /// and the cards drawn back up.
    OneDraw {
        extra: Vec<Card>,
        kept: Option<Card>,
        refill: usize,
    },
    /// Ruling extra-draws: optional: how many extra cards the player took of those due.
    ExtraTaken {
        taken: usize,
        due: usize,
    },
    Won,
    /// Real cards: draw this many.
    Draw(usize),
    /// A virtual deck dealt these.
    Drew(Vec<Card>),
    /// The discard pile of this many cards becomes the draw pile.
    Reshuffle(usize),
    Influenced {
        play: Vec<Card>,
        influence: u32,
        suits: String,
        target: Card,
    },
    ExtraDraws {
        bonuses: Vec<crate::kinga::Bonus>,
        draws: u32,
    },
    /// A 5, 8 or 10 influenced: the bonus exile.
    MayExile(Card),
    /// The bonus exile finds nothing to exile: the hand and the discard pile are empty,
    /// or hold only jokers (`joker_kept`: which ruling bonus-exile-joker keeps).
    NothingToExile {
        joker_kept: bool,
    },
    /// The Exile action, and the rest of the hand discarded.
    ExileAndDiscard {
        card: Card,
        rest: Vec<Card>,
    },
    Suspicion {
        suit: Suit,
        turned: usize,
    },
    Executed,
    /// The bonus exile.
    Exiled(Card),
    Discard(Vec<Card>),
    RandomDiscard {
        hand_size: usize,
        cards: Vec<Card>,
    },
}

impl fmt::Display for Told {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Told::NothingToDraw(n) => write!(f, "No cards are left to draw ({n} not drawn)."),
            Told::PutOnDiscard(t) => write!(f, "Put {t} on your discard pile."),
            Told::KingExposed {
                suit,
                was_sideways: false,
                ..
            } => write!(
                f,
                "The {} king is exposed: turn it sideways.",
                suit.symbol()
            ),
            Told::KingExposed {
                suit,
                scores: false,
                ..
            } => write!(
                f,
                "The {} king is exposed, but it was turned by suspicion first: it does not score ({cite}).",
                suit.symbol(),
                cite = ruling::SidewaysQueen::NotCounted.cite()
            ),
            Told::KingExposed { suit, .. } => write!(
                f,
                "The {} king is exposed (it was already sideways).",
                suit.symbol()
            ),
            Told::NothingLeftToDraw => write!(
                f,
                "A card must be drawn and both your draw pile and your discard pile are empty: the game ends, and you lose ({}).",
                ruling::EmptyDraw::GameOver.cite()
            ),
            Told::OneDraw {
                extra,
                kept,
                refill,
            } => {
                let extra = if extra.is_empty() {
                    "the extra cards declined".to_string()
                } else {
                    format!("the extra {}", show_cards(extra))
                };
                let kept = kept.map_or(String::new(), |k| format!(", {k} kept at cleanup"));
                write!(
                    f,
                    "One draw read as {extra}{kept}, then {} drawn back up.",
                    words::count(*refill, "card")
                )
            }
            Told::ExtraTaken { taken: 0, .. } => f.write_str("You draw no extra card."),
            Told::ExtraTaken { taken, due } if taken == due => {
                write!(f, "You draw all {} extra card{}.", taken, words::s(*taken))
            }
            Told::ExtraTaken { taken, due } => {
                write!(f, "You draw {taken} of the {due} extra cards.")
            }
            Told::Won => f.write_str("That was the fourth queen: you win!"),
            Told::Draw(n) => write!(f, "Draw {n} card{}.", words::s(*n)),
            Told::Drew(cards) => write!(f, "You draw {}.", show_cards(cards)),
            Told::Reshuffle(n) => write!(
                f,
                "Your draw pile is empty: shuffle your discard pile ({n} card{}) into a new draw pile.",
                words::s(*n)
            ),
            Told::Influenced {
                play,
                influence,
                suits,
                target,
            } => write!(
                f,
                "{} makes {influence} influence in {suits}: {target} is influenced.",
                show_cards(play)
            ),
            _ => self.fmt_rest(f),
        }
    }
}

impl Told {
    fn fmt_rest(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Told::ExtraDraws { bonuses, draws } => {
                let names: Vec<&str> = bonuses
                    .iter()
                    .map(|b| match b {
                        crate::kinga::Bonus::ThreesCompany => "Three's Company",
                        crate::kinga::Bonus::Harmony => "Harmony",
                    })
                    .collect();
                write!(
                    f,
                    "{}: draw {draws} extra card{}.",
                    names.join(" and "),
                    words::s(*draws as usize)
                )
            }
            Told::MayExile(t) => write!(
                f,
                "{t}: you may exile one card from your hand or discard pile."
            ),
            Told::NothingToExile { joker_kept: false } => {
                f.write_str("But nothing is left in your hand or discard pile to exile.")
            }
            Told::NothingToExile { joker_kept: true } => write!(
                f,
                "But nothing can be exiled: only a joker is left, and it may not be ({}).",
                ruling::BonusExileJoker::Forbidden.cite()
            ),
            Told::ExileAndDiscard { card, rest } if rest.is_empty() => {
                write!(f, "Exile {card}; discard the rest of your hand.")
            }
            Told::ExileAndDiscard { card, rest } => write!(
                f,
                "Exile {card}; discard the rest of your hand ({}).",
                show_cards(rest)
            ),
            Told::Suspicion { suit, turned } => write!(
                f,
                "Raise suspicion: turn the {} king sideways ({turned} of 4 turned).",
                suit.symbol()
            ),
            Told::Executed => f.write_str(
                "You must raise suspicion, and all four kings are already sideways: the kings order your execution. You lose.",
            ),
            Told::Exiled(c) => write!(f, "Exile {c}."),
            Told::Discard(cards) => write!(f, "Discard {}.", show_cards(cards)),
            Told::RandomDiscard { hand_size, cards } => write!(
                f,
                "More than {hand_size} cards: discard {} at random.",
                show_cards(cards)
            ),
            _ => Ok(()),
        }
    }
}
