//! Kinga (Jacob Peck): a solo game of chaining plays and court intrigue.
//!
//! - this module: the rules of a play (a chain of cards, its influence, suits and extra
//!   draws), what a play may influence, and every legal play of a hand ([`options`]).
//! - [`game`]: a whole game as a session (the table-side tracker).
//! - [`played`]: the session `kinga play` runs, which writes the game's [`record`].
//! - [`check`]: a record refereed line by line through the same game.
//! - [`sim`]: whole games played by a greedy policy, for win rates.

pub mod advise;
pub mod check;
pub mod error;
pub mod game;
pub mod greedy;
pub mod key;
pub mod position;
pub mod record;
pub mod ruling;
pub mod sim;
pub mod start;
pub mod verdict;
pub mod view;

use serde::Serialize;

use crate::cards::{Card, Rank, Suit};
use crate::ruleset::Ruleset;

pub use error::{Blocked, Error, SimError, Told};

/// The game's id in rulesets and logs.
pub const GAME: &str = "kinga";
/// The game's name for people.
pub const TITLE: &str = "Kinga";

/// Kinga among the games kado referees ([`crate::kind::Kind`]).
#[derive(Clone, Copy, Debug)]
pub struct Kinga;

/// Kinga among the games kado referees: its records open with `deck`.
impl crate::kind::Kind for Kinga {
    const ID: &'static str = GAME;
    const TITLE: &'static str = TITLE;
    const MARKS: &'static [&'static str] = &[];
    const OPENER: &'static str = "deck";
    type Game = game::Game;

    fn read(src: &crate::diag::Source) -> Result<(), crate::diag::Error> {
        record::parse(src).map(|_| ())
    }

    fn outcomes(
        src: &crate::diag::Source,
        rs: &crate::ruleset::Ruleset,
    ) -> Result<Vec<crate::history::Outcome>, crate::diag::Error> {
        let v = check::check(src, &Rules::from_ruleset(rs))?;
        Ok(v.games
            .iter()
            .filter_map(|g| crate::session::Session::outcome(&g.game))
            .collect())
    }

    fn verdict(
        src: &crate::diag::Source,
        rs: &crate::ruleset::Ruleset,
    ) -> Result<serde_json::Value, crate::diag::Error> {
        let v = check::check(src, &Rules::from_ruleset(rs))?;
        Ok(crate::several::games_json(&v.games))
    }
}

/// The rules in force, read once from a ruleset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The choice in force for each ruling (`rules.ruled.hardcore`): the game decides by
    /// matching these, so a new choice makes the compiler point at every decision.
    pub ruled: ruling::Choices,
    /// The hand is drawn back up to this many cards.
    pub hand_size: usize,
}

impl Rules {
    pub fn from_ruleset(rs: &Ruleset) -> Rules {
        Rules {
            ruled: ruling::Choices::from_ruleset(rs),
            hand_size: usize::try_from(rs.value(ruling::Value::HandSize)).unwrap_or(0),
        }
    }

    /// These rules with one ruling's choice changed.
    pub fn with(mut self, choice: impl crate::ruleset::Pick<ruling::Choices>) -> Rules {
        self.ruled = self.ruled.with(choice);
        self
    }

    /// The standard rules (the built-in `kinga` ruleset).
    pub fn standard() -> Rules {
        Rules::from_ruleset(&Ruleset::builtin_or_empty(GAME))
    }

    /// The hardcore rules (the built-in `kinga-hardcore` ruleset).
    pub fn hardcore() -> Rules {
        Rules::from_ruleset(&Ruleset::builtin_or_empty("kinga-hardcore"))
    }

    /// Whether ruling hardcore is on: a turn influences when it can, by the fewest cards.
    pub fn is_hardcore(&self) -> bool {
        match self.ruled.hardcore {
            ruling::Hardcore::On => true,
            ruling::Hardcore::Off => false,
        }
    }

    /// What a rank is worth: its number, an ace 1 (or 14 under `ace-value: fourteen`).
    pub fn value(&self, rank: Rank) -> u32 {
        match (rank, self.ruled.ace_value) {
            (Rank::Ace, ruling::AceValue::Fourteen) => 14,
            (_, ruling::AceValue::One | ruling::AceValue::Fourteen) => u32::from(rank.number()),
        }
    }
}

/// A set of suits, as a bitmask in the order ♠ ♥ ♦ ♣.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Suits(pub u8);

impl Suits {
    pub const ALL: Suits = Suits(0b1111);

    pub fn with(self, s: Suit) -> Suits {
        Suits(self.0 | 1 << s.index())
    }

    pub fn has(self, s: Suit) -> bool {
        self.0 & (1 << s.index()) != 0
    }

    pub fn is_all(self) -> bool {
        self.0 & 0b1111 == 0b1111
    }

    pub fn list(self) -> Vec<Suit> {
        Suit::ALL.into_iter().filter(|s| self.has(*s)).collect()
    }

    /// The suits for people: `♠ ♥`, or "any suit".
    pub fn show(self) -> String {
        if self.is_all() {
            return "any suit".to_string();
        }
        self.list()
            .iter()
            .map(|s| s.symbol().to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The suit letters for JSON: `["S", "H"]`.
    pub fn letters(self) -> Vec<String> {
        self.list().iter().map(|s| s.letter().to_string()).collect()
    }
}

/// The extra draws a play earns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Bonus {
    /// Three cards of one rank: one extra card.
    ThreesCompany,
    /// All four suits (jokers not counted): two extra cards.
    Harmony,
}

/// Why a play is not a chain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Break {
    /// The position (0-based) of the card that breaks the chain.
    pub at: usize,
    pub why: Blocked,
}

/// What a legal play makes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Yield {
    pub influence: u32,
    /// The suits the influence may be spent in.
    pub suits: Suits,
    /// Whether a joker made it any suit.
    pub any_suit_by_joker: bool,
    /// Extra cards drawn at once.
    pub draws: u32,
    pub bonuses: Vec<Bonus>,
    /// Extra draws from Three's Company alone.
    pub threes: u32,
}

/// Whether `card` may follow `prev` in a chain.
pub fn connects(prev: Card, card: Card) -> bool {
    match (prev, card) {
        (Card::Joker, _) | (_, Card::Joker) => true,
        (Card::Plain(r1, s1), Card::Plain(r2, s2)) => r1 == r2 || s1 == s2,
    }
}

/// Checks a play, cards in the order played, and works out what it makes.
pub fn evaluate(cards: &[Card], rules: &Rules) -> Result<Yield, Break> {
    let first_rank = check_chain(cards, rules)?;
    let jokers = cards.iter().filter(|c| c.is_joker()).count() as u32;
    let plain_after_first = cards.len() as u32 - 1 - jokers;
    let influence =
        rules.value(first_rank) + plain_after_first + if jokers >= 2 { jokers } else { 0 };
    let mut played = Suits::default();
    let mut per_rank = [0u8; 14];
    for c in cards {
        if let Card::Plain(r, s) = c {
            played = played.with(*s);
            per_rank[usize::from(r.number())] += 1;
        }
    }
    let any_suit_by_joker = match rules.ruled.hardcore {
        ruling::Hardcore::On => jokers >= 2,
        ruling::Hardcore::Off => jokers >= 1,
    };
    let suits = if any_suit_by_joker {
        Suits::ALL
    } else {
        played
    };
    let triples = per_rank.iter().filter(|n| **n >= 3).count() as u32;
    let threes = match rules.ruled.threes_company {
        ruling::ThreesCompany::PerPlay => triples.min(1),
        ruling::ThreesCompany::PerRank => triples,
    };
    let mut bonuses = Vec::new();
    let mut draws = 0;
    if threes > 0 {
        bonuses.push(Bonus::ThreesCompany);
        draws += threes;
    }
    if played.is_all() {
        bonuses.push(Bonus::Harmony);
        draws += 2;
    }
    Ok(Yield {
        influence,
        suits,
        any_suit_by_joker,
        draws,
        bonuses,
        threes,
    })
}

/// Checks that cards make a chain; returns the rank of its first card.
fn check_chain(cards: &[Card], rules: &Rules) -> Result<Rank, Break> {
    let blocked = |at, why| Err(Break { at, why });
    let Some(first) = cards.first() else {
        return blocked(0, Blocked::Empty);
    };
    let Some(first_rank) = first.rank() else {
        return blocked(0, Blocked::JokerFirst);
    };
    match rules.ruled.single_card_play {
        ruling::SingleCardPlay::Forbidden if cards.len() == 1 => {
            return blocked(0, Blocked::SingleCard);
        }
        ruling::SingleCardPlay::Forbidden | ruling::SingleCardPlay::Allowed => {}
    }
    for (i, pair) in cards.windows(2).enumerate() {
        if !connects(pair[0], pair[1]) {
            let (prev, card) = (pair[0], pair[1]);
            return blocked(i + 1, Blocked::NoMatch { prev, card });
        }
    }
    if cards.iter().filter(|c| c.is_joker()).count() > 2 {
        return blocked(cards.len() - 1, Blocked::TooManyJokers);
    }
    Ok(first_rank)
}

/// The influence a top card needs: its rank + 1; `None` for a card that cannot be
/// influenced (a king, unless `kings: after-queen`; a joker).
pub fn needed(target: Card, rules: &Rules) -> Option<u32> {
    match (target, rules.ruled.kings) {
        (Card::Joker, _) | (Card::Plain(Rank::King, _), ruling::Kings::Never) => None,
        (Card::Plain(r, _), ruling::Kings::Never | ruling::Kings::AfterQueen) => {
            Some(rules.value(r) + 1)
        }
    }
}

/// Whether a play's yield influences `target`.
pub fn influences(y: &Yield, target: Card, rules: &Rules) -> bool {
    match (needed(target, rules), target.suit()) {
        (Some(n), Some(s)) => y.influence >= n && y.suits.has(s),
        _ => false,
    }
}

/// What follows when a card is influenced.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    /// A 5, 8 or 10: exile one card from the hand or the discard pile.
    Exile,
    /// A queen: turn that suit's king sideways (if upright).
    TurnKing,
    /// The fourth queen: the game is won.
    WinIfLastQueen,
}

pub fn effects(target: Card) -> Vec<Effect> {
    match target.rank() {
        Some(Rank::Five | Rank::Eight | Rank::Ten) => vec![Effect::Exile],
        Some(Rank::Queen) => vec![Effect::TurnKing, Effect::WinIfLastQueen],
        _ => Vec::new(),
    }
}

/// The shortest play found for one target.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reach {
    pub target: Card,
    pub play: Vec<Card>,
    pub influence: u32,
}

/// A card that may be exiled from the hand, and the cards that allow it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ExileOption {
    pub card: Card,
    pub by: Vec<Card>,
}

/// Every legal action of a turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Options {
    pub influence: Vec<Reach>,
    pub exile: Vec<ExileOption>,
    pub raise_suspicion: bool,
    pub loses: bool,
}

/// How large a hand [`shortest_plays`] accepts (its search is exponential in the hand).
pub const MAX_HAND: usize = 14;

/// For each target, the shortest play of `hand` that influences it (`None` when no play
/// does). Among plays of equal length: fewer jokers, then the first found in hand order.
///
/// The search walks chains from each possible first card; a chain's yield depends only
/// on its first card and the set of cards in it, and how it may go on only on that set
/// and its last card, so each (set, last card) is visited once per first card.
pub fn shortest_plays(hand: &[Card], targets: &[Card], rules: &Rules) -> Vec<Option<Reach>> {
    let n = hand.len().min(MAX_HAND);
    let hand = &hand[..n];
    let mut best: Best = vec![None; targets.len()];
    let mut seen = std::collections::HashSet::new();
    for first in 0..n {
        if hand[first].is_joker() {
            continue;
        }
        seen.clear();
        let mut path = vec![first];
        walk(
            hand,
            targets,
            rules,
            &mut path,
            1 << first,
            &mut seen,
            &mut best,
        );
    }
    best.into_iter()
        .zip(targets)
        .map(|(b, t)| {
            b.map(|(_, _, play, influence)| Reach {
                target: *t,
                play,
                influence,
            })
        })
        .collect()
}

/// For each target: the best play so far (length, jokers, cards, influence).
type Best = Vec<Option<(usize, usize, Vec<Card>, u32)>>;

fn walk(
    hand: &[Card],
    targets: &[Card],
    rules: &Rules,
    path: &mut Vec<usize>,
    mask: u32,
    seen: &mut std::collections::HashSet<(u32, usize)>,
    best: &mut Best,
) {
    let last = path[path.len() - 1];
    if !seen.insert((mask, last)) {
        return;
    }
    let cards: Vec<Card> = path.iter().map(|i| hand[*i]).collect();
    if let Ok(y) = evaluate(&cards, rules) {
        let jokers = cards.iter().filter(|c| c.is_joker()).count();
        for (t, slot) in targets.iter().zip(best.iter_mut()) {
            if !influences(&y, *t, rules) {
                continue;
            }
            let better = match slot {
                None => true,
                Some((len, j, _, _)) => (cards.len(), jokers) < (*len, *j),
            };
            if better {
                *slot = Some((cards.len(), jokers, cards.clone(), y.influence));
            }
        }
    }
    for next in 0..hand.len() {
        if mask & (1 << next) != 0 || !connects(hand[last], hand[next]) {
            continue;
        }
        path.push(next);
        walk(hand, targets, rules, path, mask | 1 << next, seen, best);
        path.pop();
    }
}

/// The cards of `hand` that may be exiled: a plain card with another card of its suit
/// and higher rank in hand (never a joker, never by a joker).
pub fn exilable(hand: &[Card], rules: &Rules) -> Vec<ExileOption> {
    let mut out: Vec<ExileOption> = Vec::new();
    for c in hand {
        let Card::Plain(r, s) = *c else { continue };
        let by: Vec<Card> = hand
            .iter()
            .filter(|o| matches!(o, Card::Plain(r2, s2) if *s2 == s && rules.value(*r2) > rules.value(r)))
            .copied()
            .collect();
        if !by.is_empty() && !out.iter().any(|o| o.card == *c) {
            out.push(ExileOption { card: *c, by });
        }
    }
    out
}

/// Every legal action of a turn: the hand, the top cards of the suit piles, and how
/// many kings are turned sideways.
pub fn options(hand: &[Card], tops: &[Card], turned: usize, rules: &Rules) -> Options {
    let influence: Vec<Reach> = shortest_plays(hand, tops, rules)
        .into_iter()
        .flatten()
        .collect();
    let exile = if rules.is_hardcore() && !influence.is_empty() {
        Vec::new()
    } else {
        exilable(hand, rules)
    };
    let raise_suspicion = influence.is_empty() && exile.is_empty();
    Options {
        loses: raise_suspicion && turned >= 4,
        influence,
        exile,
        raise_suspicion,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::notation::test_cards as cards;

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    fn eval(s: &str, rules: &Rules) -> Yield {
        evaluate(&cards(s), rules).unwrap()
    }

    #[test]
    fn the_rules_examples() {
        let r = Rules::standard();
        let y = eval("4S 3S 3H", &r);
        assert_eq!((y.influence, y.suits.show()), (6, "♠ ♥".to_string()));
        let y = eval("4S 3S JK 5C", &r);
        assert_eq!((y.influence, y.suits.is_all()), (6, true));
        let y = eval("4S JK JK 5H", &r);
        assert_eq!((y.influence, y.suits.is_all()), (7, true));
        // The French review: 5, 4, joker, 3 makes 7, enough for a 6.
        let y = eval("5S 4S JK 3D", &r);
        assert_eq!(y.influence, 7);
        assert!(influences(&y, card("6D"), &r));
        assert!(!influences(&y, card("7D"), &r));
        // Four of a kind: Three's Company and Harmony, 3 draws.
        let y = eval("4S 4H 4D 4C", &r);
        assert_eq!(y.draws, 3);
        assert_eq!(y.bonuses, vec![Bonus::ThreesCompany, Bonus::Harmony]);
        // 8 influence in spades persuades the 7 of spades.
        let y = eval("6S 7S 8S", &r);
        assert!(influences(&y, card("7S"), &r));
        assert!(!influences(&y, card("7H"), &r));
    }

    #[test]
    fn chain_breaks() {
        let r = Rules::standard();
        let b = evaluate(&cards("JK 4S"), &r).unwrap_err();
        assert_eq!(b.at, 0);
        let b = evaluate(&cards("4S 5H 6H"), &r).unwrap_err();
        assert_eq!(b.at, 1);
        assert_eq!(b.why.to_string(), "5♥ matches 4♠ in neither suit nor rank");
        assert!(evaluate(&cards("4S JK 9H"), &r).is_ok());
    }

    #[test]
    fn hardcore_single_joker_keeps_the_played_suits() {
        let r = Rules::hardcore();
        let y = eval("4S 3S JK 5C", &r);
        assert_eq!((y.influence, y.suits.show()), (6, "♠ ♣".to_string()));
        let y = eval("4S JK JK 5H", &r);
        assert!(y.suits.is_all());
    }

    #[test]
    fn rulings_change_the_yield() {
        let mut r = Rules::standard();
        assert_eq!(eval("AS 2S", &r).influence, 2);
        r.ruled.ace_value = ruling::AceValue::Fourteen;
        assert_eq!(eval("AS 2S", &r).influence, 15);
        let r = Rules::standard();
        assert!(evaluate(&cards("9S"), &r).is_ok());
        let r1 = Rules::standard().with(ruling::SingleCardPlay::Forbidden);
        assert!(evaluate(&cards("9S"), &r1).is_err());
        // Two ranks three times: 2 draws per rank, 1 per play.
        let six = "4S 4H 4D 5D 5H 5S";
        assert_eq!(eval(six, &r).threes, 2);
        let per_play = Rules::standard().with(ruling::ThreesCompany::PerPlay);
        assert_eq!(eval(six, &per_play).threes, 1);
        // Kings.
        assert_eq!(needed(card("KH"), &r), None);
        let k = Rules::standard().with(ruling::Kings::AfterQueen);
        assert_eq!(needed(card("KH"), &k), Some(14));
        assert_eq!(needed(card("QH"), &r), Some(13));
    }

    #[test]
    fn options_of_a_hand() {
        let r = Rules::standard();
        let o = options(&cards("5S 4S 3D JK"), &cards("6D 9S"), 0, &r);
        assert_eq!(o.influence.len(), 1);
        assert_eq!(o.influence[0].target, card("6D"));
        assert_eq!(o.influence[0].play, cards("5S 4S JK 3D"));
        assert_eq!(o.influence[0].influence, 7);
        assert_eq!(o.exile.len(), 1);
        assert_eq!(o.exile[0].card, card("4S"));
        assert_eq!(o.exile[0].by, cards("5S"));
        assert!(!o.raise_suspicion);
        let h = options(
            &cards("5S 4S 3D JK"),
            &cards("6D 9S"),
            0,
            &Rules::hardcore(),
        );
        assert!(h.exile.is_empty(), "hardcore: exile only when stuck");
        let stuck = options(&cards("AS 2H"), &cards("9S 9H"), 4, &r);
        assert!(stuck.raise_suspicion && stuck.loses);
    }

    fn permutations(
        hand: &[Card],
        used: &mut Vec<bool>,
        cur: &mut Vec<Card>,
        out: &mut Vec<Vec<Card>>,
    ) {
        if !cur.is_empty() {
            out.push(cur.clone());
        }
        for i in 0..hand.len() {
            if used[i] {
                continue;
            }
            used[i] = true;
            cur.push(hand[i]);
            permutations(hand, used, cur, out);
            cur.pop();
            used[i] = false;
        }
    }

    /// Every ordering of every part of the hand, checked one by one.
    fn brute(hand: &[Card], targets: &[Card], rules: &Rules) -> Vec<Option<usize>> {
        let mut all = Vec::new();
        permutations(
            hand,
            &mut vec![false; hand.len()],
            &mut Vec::new(),
            &mut all,
        );
        targets
            .iter()
            .map(|t| {
                all.iter()
                    .filter(|p| evaluate(p, rules).is_ok_and(|y| influences(&y, *t, rules)))
                    .map(Vec::len)
                    .min()
            })
            .collect()
    }

    use proptest::prelude::*;

    fn hand_strategy() -> impl Strategy<Value = (Vec<Card>, Vec<Card>)> {
        (
            proptest::sample::subsequence((0..54usize).collect::<Vec<_>>(), 1..=6),
            proptest::sample::subsequence((0..52usize).collect::<Vec<_>>(), 1..=6),
            any::<u8>(),
        )
            .prop_map(|(h, t, _)| {
                let hand = h
                    .into_iter()
                    .map(|i| Card::from_index(i.min(52)).unwrap_or(Card::Joker))
                    .collect::<Vec<_>>();
                let tops = t
                    .into_iter()
                    .filter_map(Card::from_index)
                    .filter(|c| !hand.contains(c))
                    .collect();
                (hand, tops)
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn shortest_plays_match_brute_force((hand, tops) in hand_strategy(), variant in 0..4u8) {
            let rules = match variant {
                0 => Rules::standard(),
                1 => Rules::hardcore(),
                2 => Rules::standard().with(ruling::Kings::AfterQueen).with(ruling::AceValue::Fourteen),
                _ => Rules::standard().with(ruling::SingleCardPlay::Forbidden),
            };
            let fast = shortest_plays(&hand, &tops, &rules);
            let slow = brute(&hand, &tops, &rules);
            for ((f, s), t) in fast.iter().zip(&slow).zip(&tops) {
                prop_assert_eq!(f.as_ref().map(|r| r.play.len()), *s, "target {}", t);
                if let Some(r) = f {
                    let y = evaluate(&r.play, &rules).unwrap();
                    prop_assert!(influences(&y, *t, &rules));
                    prop_assert_eq!(y.influence, r.influence);
                    prop_assert!(r.play.iter().all(|c| hand.contains(c)));
                }
            }
        }
    }
}
