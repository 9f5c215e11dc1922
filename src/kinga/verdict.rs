//! The verdicts of `kado kinga chain` and `kado kinga options`: the answer, for JSON, and
//! the rules and rulings that decided it (`--explain`), with their words for people.

use crate::kinga::ruling;
use serde::Serialize;

use crate::cards::{Card, Rank, Suit};
use crate::explain::Explain;
use crate::render::Style;
use crate::ruleset::Ruleset;
use crate::view::{Doc, Grid};

use super::position::{Chain, Position};
use super::{Blocked, Bonus, Break, Effect, ExileOption, Reach, Rules, Yield};

/// What a play does to the top card it aims at.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TargetVerdict {
    pub card: Card,
    /// The influence it needs; null for a card that cannot be influenced (a king).
    pub needed: Option<u32>,
    pub influenced: bool,
    /// What follows its influence.
    pub effects: Vec<Effect>,
}

/// Whether a chain is a legal play, what it makes and what it does to its target.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChainVerdict {
    pub valid: bool,
    /// Null when valid; else which card breaks the chain and why.
    pub reason: Option<String>,
    pub influence: u32,
    /// The suit letters the influence is good in.
    pub suits: Vec<String>,
    pub draws: u32,
    pub bonuses: Vec<Bonus>,
    pub target: Option<TargetVerdict>,
    /// The cards in the order played.
    #[serde(skip)]
    pub cards: Vec<Card>,
    /// What the play makes, or where and why it breaks.
    #[serde(skip)]
    pub result: Result<Yield, Break>,
    /// The rules and rulings behind the verdict.
    #[serde(skip)]
    pub explain: Explain,
}

/// Checks a chain and what it does to its target, under the rules of `rs`.
pub fn chain(q: &Chain, rs: &Ruleset) -> ChainVerdict {
    let rules = Rules::from_ruleset(rs);
    let mut x = Explain::new();
    x.rule("Each card after the first must match the card before it in suit or rank; a joker connects any two cards but may not come first.");
    let result = super::evaluate(&q.cards, &rules);
    let (valid, reason, y) = match &result {
        Err(b) => {
            if b.why == Blocked::SingleCard {
                x.by(
                    rules.ruled.single_card_play,
                    |_| "A play of one card is allowed or not.",
                );
            }
            let card = q.cards.get(b.at).copied().unwrap_or(Card::Joker);
            let reason = format!("card {} ({}): {}", b.at + 1, card.code(), b.why);
            (false, Some(reason), None)
        }
        Ok(y) => {
            explain_yield(&mut x, rs, &rules, &q.cards, y);
            (true, None, Some(y))
        }
    };
    let target = q.target.map(|t| target_verdict(&mut x, &rules, y, t));
    ChainVerdict {
        valid,
        reason,
        influence: y.map_or(0, |y| y.influence),
        suits: y.map_or_else(Vec::new, |y| y.suits.letters()),
        draws: y.map_or(0, |y| y.draws),
        bonuses: y.map_or_else(Vec::new, |y| y.bonuses.clone()),
        target,
        cards: q.cards.clone(),
        result,
        explain: x,
    }
}

fn explain_yield(x: &mut Explain, rs: &Ruleset, rules: &Rules, played: &[Card], y: &Yield) {
    x.ruled(
        "Influence: the first card's rank (A 1 … Q 12, K 13), plus 1 for each further card.",
        rs,
        &[ruling::Id::AceValue, ruling::Id::SingleCardPlay],
    );
    let jokers = played.iter().filter(|c| c.is_joker()).count();
    if jokers == 1 {
        x.rule("A single joker in a play adds no influence.");
    } else if jokers == 2 {
        x.rule("Two jokers in a play add 1 influence each.");
    }
    if jokers > 0 {
        x.by(rules.ruled.hardcore, |c| match c {
            ruling::Hardcore::On => "Hardcore: only two jokers make the influence good in any suit; one joker only connects cards.",
            ruling::Hardcore::Off => "A joker in the play makes the influence good in any suit.",
        });
    } else {
        x.rule("The influence may be spent in any suit of the cards played.");
    }
    if y.bonuses.contains(&Bonus::ThreesCompany) {
        x.by(
            rules.ruled.threes_company,
            |_| "Three's Company: three cards of one rank in a play draw one extra card.",
        );
    }
    if y.bonuses.contains(&Bonus::Harmony) {
        x.rule("Harmony: all four suits in a play (jokers not counted) draw two extra cards.");
    }
}

/// What a play (its yield, when it is a chain) does to a top card.
fn target_verdict(x: &mut Explain, rules: &Rules, y: Option<&Yield>, t: Card) -> TargetVerdict {
    let needed = super::needed(t, rules);
    let Some(y) = y else {
        return TargetVerdict {
            card: t,
            needed,
            influenced: false,
            effects: Vec::new(),
        };
    };
    let influenced = super::influences(y, t, rules);
    if needed.is_none() {
        x.by(rules.ruled.kings, |_| "Kings cannot be influenced.");
    } else {
        x.rule("A top card is influenced by influence of at least its rank + 1, in its suit.");
        match rules.ruled.kings {
            ruling::Kings::AfterQueen if t.rank() == Some(Rank::King) => {
                x.by(
                    ruling::Kings::AfterQueen,
                    |_| "A king left on its pile may be influenced.",
                );
            }
            ruling::Kings::AfterQueen | ruling::Kings::Never => {}
        }
    }
    let effects = if influenced {
        super::effects(t)
    } else {
        Vec::new()
    };
    for e in &effects {
        match e {
            Effect::Exile => {
                x.by(rules.ruled.bonus_exile_joker, |_| {
                    "Influencing a 5, 8 or 10 lets you exile one card of your hand or discard pile."
                });
            }
            Effect::TurnKing => {
                x.rule("Influencing a queen turns its king sideways.");
            }
            Effect::WinIfLastQueen => {
                x.rule("Influencing the fourth queen wins the game.");
            }
        }
    }
    TargetVerdict {
        card: t,
        needed,
        influenced,
        effects,
    }
}

impl ChainVerdict {
    /// The verdict for people.
    pub fn render(&self, s: Style) -> String {
        let y = match &self.result {
            Err(b) => {
                let card = self.cards.get(b.at).copied().unwrap_or(Card::Joker);
                return format!(
                    "{}: {} — card {} ({}): {}.\n",
                    s.cards(&self.cards),
                    s.bold("not a legal play"),
                    b.at + 1,
                    s.card(card),
                    b.why
                );
            }
            Ok(y) => y,
        };
        let mut human = format!(
            "{}: {} influence in {}.\n",
            s.cards(&self.cards),
            s.bold(&y.influence.to_string()),
            y.suits.show()
        );
        if y.draws > 0 {
            let names: Vec<String> = y
                .bonuses
                .iter()
                .map(|b| match b {
                    Bonus::ThreesCompany => format!("Three's Company {}", y.threes),
                    Bonus::Harmony => "Harmony 2".to_string(),
                })
                .collect();
            human += &format!(
                "Draw {} extra card{} at once ({}).\n",
                y.draws,
                crate::words::s(y.draws),
                names.join(", ")
            );
        }
        if let Some(t) = &self.target {
            human += &t.render(s, y);
        }
        human
    }
}

impl TargetVerdict {
    /// What the play does to the target, for people.
    fn render(&self, s: Style, y: &Yield) -> String {
        let t = self.card;
        let suit = t.suit().unwrap_or(Suit::Spades);
        let mut human = match self.needed {
            None => format!(
                "{}: kings cannot be influenced; a king is exposed by influencing its queen.\n",
                s.card(t)
            ),
            Some(n) if self.influenced => format!(
                "{}: needs {n} in {} — {}.\n",
                s.card(t),
                suit.symbol(),
                s.bold("influenced")
            ),
            Some(n) if !y.suits.has(suit) => format!(
                "{}: needs {n} in {} — not influenced: the influence is not good in {}.\n",
                s.card(t),
                suit.symbol(),
                suit.symbol()
            ),
            Some(n) => format!(
                "{}: needs {n} in {} — not influenced: {} is {} short.\n",
                s.card(t),
                suit.symbol(),
                y.influence,
                n - y.influence
            ),
        };
        for e in &self.effects {
            human += &match e {
                Effect::Exile => {
                    "Then you may exile one card from your hand or discard pile.\n".to_string()
                }
                Effect::TurnKing => format!(
                    "Then turn the {} king sideways if it is upright; it is exposed.\n",
                    suit.symbol()
                ),
                Effect::WinIfLastQueen => "If it is the fourth queen, you win.\n".to_string(),
            };
        }
        human
    }
}

/// Every legal action of a turn, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OptionsVerdict {
    /// For each top card that can be influenced, the shortest play.
    pub influence: Vec<Reach>,
    /// The cards that may be exiled, and the cards that allow it.
    pub exile: Vec<ExileOption>,
    pub raise_suspicion: bool,
    pub loses: bool,
    /// How many kings are sideways.
    #[serde(skip)]
    pub turned: usize,
    /// Hardcore: no exile while something can be influenced.
    #[serde(skip)]
    pub hardcore: bool,
    /// The rules and rulings behind the verdict.
    #[serde(skip)]
    pub explain: Explain,
}

/// Every legal action of a turn, under the rules of `rs`.
pub fn options(p: &Position, rs: &Ruleset) -> OptionsVerdict {
    let rules = Rules::from_ruleset(rs);
    let o = super::options(&p.hand, &p.tops, p.turned, &rules);
    let mut x = Explain::new();
    x.rule("A turn is one influence or one exile; only when neither is possible must you raise suspicion.");
    x.ruled(
        "A play influences a top card with influence of at least its rank + 1, in its suit.",
        rs,
        &[
            ruling::Id::Kings,
            ruling::Id::SingleCardPlay,
            ruling::Id::AceValue,
            ruling::Id::Hardcore,
        ],
    );
    x.rule("The play shown for each target uses the fewest cards (then the fewest jokers).");
    x.by(rules.ruled.hardcore, |_| {
        "Exile a card when another card of its suit and higher rank is in hand; never a joker, never by a joker."
    });
    if o.raise_suspicion {
        x.rule("Raising suspicion with all four kings already sideways loses the game.");
    }
    OptionsVerdict {
        influence: o.influence,
        exile: o.exile,
        raise_suspicion: o.raise_suspicion,
        loses: o.loses,
        turned: p.turned,
        hardcore: rules.is_hardcore(),
        explain: x,
    }
}

impl OptionsVerdict {
    /// The verdict for people: a table of the plays, then the exiles and suspicion.
    pub fn doc(&self, s: Style) -> Doc {
        let mut human = Doc::new();
        if self.influence.is_empty() {
            human += "Nothing can be influenced.\n";
        } else {
            let mut t = Grid::new(["Target", "Shortest play", "Influence"]);
            for r in &self.influence {
                t.row([s.card(r.target), s.cards(&r.play), r.influence.to_string()]);
            }
            human += "Influence:\n";
            human.push_grid(t);
        }
        if !self.exile.is_empty() {
            let parts: Vec<String> = self
                .exile
                .iter()
                .map(|e| format!("{} (by {})", s.card(e.card), s.cards(&e.by)))
                .collect();
            human += &format!("Exile: {}\n", parts.join(", "));
        } else if self.hardcore && !self.influence.is_empty() {
            human += "Exile: not while something can be influenced (hardcore).\n";
        } else if !self.raise_suspicion {
            human += "Exile: nothing (no card has a higher card of its suit in hand).\n";
        }
        if self.loses {
            human += &format!(
                "{}: you must raise suspicion and all four kings are already sideways.\n",
                s.bold("You lose")
            );
        } else if self.raise_suspicion {
            human += &format!(
                "{}: turn an upright king sideways ({} of 4 turned now).\n",
                s.bold("Raise suspicion"),
                self.turned
            );
        }
        human
    }
}

/// The rules a game at the table is refereed by, with the rulings behind each
/// (`--explain` on `play` and `resume`).
pub fn session_explain(rs: &Ruleset) -> Explain {
    let rules = Rules::from_ruleset(rs);
    let mut x = Explain::new();
    x.by(rules.ruled.hardcore, |_| {
        "A turn is one influence or one exile (hardcore: exile only when nothing can be influenced); only when neither is possible is suspicion raised, and with all four kings sideways that loses."
    });
    x.ruled(
        "A play chains cards by suit or rank (a joker connects any two, never first); its influence is the first card's rank plus 1 for each further card (a single joker adds nothing, two add 1 each), good in the suits played or any suit with a joker (hardcore: with two jokers).",
        rs,
        &[ruling::Id::AceValue, ruling::Id::SingleCardPlay, ruling::Id::Hardcore],
    );
    x.ruled(
        match rules.ruled.sideways_queen {
            ruling::SidewaysQueen::NotCounted => "A top card is influenced by at least its rank + 1 in its suit; a queen exposes its king and the fourth queen wins. A king scores only if its queen's fall turned it: one already sideways from suspicion does not.",
            ruling::SidewaysQueen::Counts => "A top card is influenced by at least its rank + 1 in its suit; a queen exposes its king and the fourth queen wins. Every exposed king scores, sideways from suspicion or not.",
        },
        rs,
        &[ruling::Id::Kings, ruling::Id::SidewaysQueen],
    );
    x.ruled(
        match rules.ruled.extra_draws {
            ruling::ExtraDraws::Optional => "Three's Company earns 1 extra card, Harmony (all four suits) 2; you choose how many of them to draw.",
            ruling::ExtraDraws::Always => "Three's Company draws 1 extra card, Harmony (all four suits) 2.",
        },
        rs,
        &[ruling::Id::ThreesCompany, ruling::Id::ExtraDraws],
    );
    x.by(
        rules.ruled.bonus_exile_joker,
        |_| "Influencing a 5, 8 or 10 lets you exile a card of your hand or discard pile.",
    );
    x.ruled(
        "Cleanup keeps at most one card (hardcore: every unused card), discards the rest and draws back to four; the discards are reshuffled only when a card must be drawn from an empty draw pile.",
        rs,
        &[ruling::Id::Hardcore, ruling::Id::HardcoreSuspicionCleanup, ruling::Id::Reshuffle],
    );
    x.by(rs.get::<ruling::EmptyDraw>(), |c| match c {
        ruling::EmptyDraw::GameOver => "A card due with both the draw pile and the discard pile empty ends the game as a loss.",
        ruling::EmptyDraw::Short => "A card due with both the draw pile and the discard pile empty is not drawn; play goes on with the cards in hand.",
    });
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::notation::test_cards as cards;

    fn rulings(x: &Explain) -> Vec<String> {
        x.0.iter()
            .flat_map(|r| r.rulings.iter().map(|g| format!("{}: {}", g.id, g.choice)))
            .collect()
    }

    #[test]
    fn a_single_card_is_blocked_by_its_ruling() {
        let rs = Ruleset::builtin_or_empty("kinga")
            .with(ruling::SingleCardPlay::Forbidden)
            .unwrap();
        let q = Chain {
            cards: cards("9S"),
            target: Some("KS".parse().unwrap()),
        };
        let v = chain(&q, &rs);
        assert!(!v.valid);
        assert_eq!(
            v.result.as_ref().map_err(|b| &b.why),
            Err(&Blocked::SingleCard)
        );
        assert_eq!(
            v.reason.as_deref(),
            Some("card 1 (9S): a play chains at least two cards")
        );
        assert_eq!(rulings(&v.explain), vec!["single-card-play: forbidden"]);
        let t = v.target.unwrap();
        assert_eq!((t.needed, t.influenced), (None, false));
    }

    #[test]
    fn a_chain_on_its_target() {
        let rs = Ruleset::builtin_or_empty("kinga");
        let q = Chain {
            cards: cards("5S 4S JK 3D"),
            target: Some("5D".parse().unwrap()),
        };
        let v = chain(&q, &rs);
        assert_eq!((v.valid, v.influence, v.draws), (true, 7, 0));
        let t = v.target.as_ref().unwrap();
        assert_eq!(
            (t.needed, t.influenced, t.effects.clone()),
            (Some(6), true, vec![Effect::Exile])
        );
        assert!(
            v.render(Style::PLAIN)
                .ends_with("Then you may exile one card from your hand or discard pile.\n")
        );
    }

    #[test]
    fn options_say_when_suspicion_loses() {
        let rs = Ruleset::builtin_or_empty("kinga");
        let p = Position {
            hand: cards("AS 2H"),
            tops: cards("9S 9H"),
            turned: 4,
        };
        let v = options(&p, &rs);
        assert!(v.raise_suspicion && v.loses);
        assert_eq!(
            v.explain.0.last().map(|r| r.rule.as_str()),
            Some("Raising suspicion with all four kings already sideways loses the game.")
        );
    }
}
