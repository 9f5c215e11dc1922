//! Hands: the poker category of played cards, its tier, and its sum.
//!
//! Higher tier wins; within a tier the higher sum wins. Jokers are wild: each stands
//! for the card that gives the highest tier, then the highest sum. This evaluator tries
//! every card for every joker; it is the reference the fast evaluator is checked against.

use crate::kinkado::ruling;
use std::fmt;

use serde::Serialize;

use super::{Rules, value};
use crate::cards::{Card, Rank, Suit};
use crate::explain::Explain;
use crate::ruleset::Ruleset;

/// A poker hand, lowest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    HighCard,
    OnePair,
    TwoPair,
    ThreeOfAKind,
    Straight,
    Flush,
    FullHouse,
    FourOfAKind,
    StraightFlush,
}

impl Category {
    pub const ALL: [Category; 9] = [
        Category::HighCard,
        Category::OnePair,
        Category::TwoPair,
        Category::ThreeOfAKind,
        Category::Straight,
        Category::Flush,
        Category::FullHouse,
        Category::FourOfAKind,
        Category::StraightFlush,
    ];

    /// 1: high card, one pair, two pair; 2: three of a kind, straight, flush; 3: full
    /// house, four of a kind, straight flush.
    pub fn tier(self) -> u8 {
        match self {
            Category::HighCard | Category::OnePair | Category::TwoPair => 1,
            Category::ThreeOfAKind | Category::Straight | Category::Flush => 2,
            Category::FullHouse | Category::FourOfAKind | Category::StraightFlush => 3,
        }
    }

    /// The JSON key: `three_of_a_kind`.
    pub fn key(self) -> &'static str {
        match self {
            Category::HighCard => "high_card",
            Category::OnePair => "one_pair",
            Category::TwoPair => "two_pair",
            Category::ThreeOfAKind => "three_of_a_kind",
            Category::Straight => "straight",
            Category::Flush => "flush",
            Category::FullHouse => "full_house",
            Category::FourOfAKind => "four_of_a_kind",
            Category::StraightFlush => "straight_flush",
        }
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.key().replace('_', " "))
    }
}

/// The category of cards with no jokers (1 to 5 of them). Straights, flushes and full
/// houses need five cards.
pub fn classify(cards: &[(Rank, Suit)], ace_high: bool) -> Category {
    let n = cards.len();
    let mut counts = [0u8; 14];
    for (r, _) in cards {
        counts[usize::from(r.number())] += 1;
    }
    let flush = n == 5 && cards.iter().all(|(_, s)| *s == cards[0].1);
    let distinct = counts.iter().filter(|c| **c > 0).count();
    let straight = n == 5 && distinct == 5 && {
        let lo = cards.iter().map(|(r, _)| r.number()).min().unwrap_or(0);
        let hi = cards.iter().map(|(r, _)| r.number()).max().unwrap_or(0);
        hi - lo == 4 || (ace_high && counts[1] == 1 && (10..=13).all(|r| counts[r] == 1))
    };
    let max = counts.iter().copied().max().unwrap_or(0);
    let pairs = counts.iter().filter(|c| **c >= 2).count();
    if straight && flush {
        Category::StraightFlush
    } else if max >= 4 {
        Category::FourOfAKind
    } else if n == 5 && max == 3 && pairs == 2 {
        Category::FullHouse
    } else if flush {
        Category::Flush
    } else if straight {
        Category::Straight
    } else if max == 3 {
        Category::ThreeOfAKind
    } else if pairs >= 2 {
        Category::TwoPair
    } else if pairs == 1 {
        Category::OnePair
    } else {
        Category::HighCard
    }
}

/// A played hand, scored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Evaluation {
    pub category: Category,
    pub tier: u8,
    pub sum: u32,
    /// The cards played, as given.
    pub cards: Vec<Card>,
    /// The card each joker stands for, in the order the jokers were given.
    pub jokers: Vec<Card>,
}

impl Evaluation {
    /// What decides a reveal: tier, then sum.
    pub fn strength(&self) -> (u8, u32) {
        (self.tier, self.sum)
    }
}

/// How to rank joker choices: tier, sum, then the nicer reading (higher category, no
/// needless duplicate, higher cards).
type Key = (u8, u32, Category, u8, u32);
/// What the jokers stand for.
type Subs = Vec<(Rank, Suit)>;
/// How to rank ALORA's subsets: tier, sum, category, whole-hand sum, fewer cards.
type Pick = (u8, u32, Category, u32, u32);

fn score(plain: &[(Rank, Suit)], subs: &[(Rank, Suit)], rules: &Rules) -> (Key, Category) {
    let mut all: Vec<(Rank, Suit)> = plain.to_vec();
    all.extend_from_slice(subs);
    let cat = classify(&all, ace_high(rules));
    let plain_sum: u32 = plain.iter().map(|(r, s)| value(Card::new(*r, *s))).sum();
    let chosen_sum: u32 = subs.iter().map(|(r, s)| value(Card::new(*r, *s))).sum();
    let sum = match rules.ruled.joker_sum {
        ruling::JokerSum::FaceValue => plain_sum + 20 * subs.len() as u32,
        ruling::JokerSum::AsChosen => plain_sum + chosen_sum,
    };
    let fresh = subs
        .iter()
        .enumerate()
        .filter(|(i, c)| !plain.contains(c) && !subs[..*i].contains(c))
        .count() as u8;
    ((cat.tier(), sum, cat, fresh, chosen_sum), cat)
}

/// Scores played cards (any count from 1 to 5), choosing what each joker stands for.
pub fn evaluate(cards: &[Card], rules: &Rules) -> Evaluation {
    let plain: Vec<(Rank, Suit)> = cards
        .iter()
        .filter_map(|c| Some((c.rank()?, c.suit()?)))
        .collect();
    let jokers = cards.len() - plain.len();
    let candidates: Vec<(Rank, Suit)> = Card::plain_deck()
        .filter_map(|c| Some((c.rank()?, c.suit()?)))
        .collect();
    let allowed = |c: &(Rank, Suit), taken: &[(Rank, Suit)]| match rules.ruled.joker_duplicates {
        ruling::JokerDuplicates::Allowed => true,
        ruling::JokerDuplicates::Forbidden => !plain.contains(c) && !taken.contains(c),
    };

    let mut best: Option<(Key, Category, Subs)> = None;
    let mut consider = |subs: Vec<(Rank, Suit)>| {
        let (key, cat) = score(&plain, &subs, rules);
        if best.as_ref().is_none_or(|(k, _, _)| key > *k) {
            best = Some((key, cat, subs));
        }
    };
    match jokers {
        0 => consider(Vec::new()),
        1 => {
            for a in candidates.iter().rev() {
                if allowed(a, &[]) {
                    consider(vec![*a]);
                }
            }
        }
        _ => {
            // Two jokers (a pack holds two). More are scored as if extra jokers stood
            // for the same card as the second.
            for a in candidates.iter().rev() {
                if !allowed(a, &[]) {
                    continue;
                }
                for b in candidates.iter().rev() {
                    if allowed(b, &[*a]) {
                        let mut subs = vec![*a, *b];
                        subs.resize(jokers, *b);
                        consider(subs);
                    }
                }
            }
        }
    }
    let (key, category, subs) = best.unwrap_or((
        (1, 0, Category::HighCard, 0, 0),
        Category::HighCard,
        Vec::new(),
    ));
    Evaluation {
        category,
        tier: key.0,
        sum: key.1,
        cards: cards.to_vec(),
        jokers: subs.into_iter().map(|(r, s)| Card::new(r, s)).collect(),
    }
}

/// ALORA's hand: she plays all she holds, as the best hand of 2 to 5 of them (one card
/// when she holds only one).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BestHand {
    #[serde(flatten)]
    pub hand: Evaluation,
    /// The cards that form the hand.
    pub played: Vec<Card>,
}

/// The best hand from any number of cards: highest tier, then highest sum. Under
/// `alora-sum: all-cards` the sum is that of every card held.
pub fn best_hand(cards: &[Card], rules: &Rules) -> BestHand {
    let n = cards.len();
    let sizes = if n <= 1 { n..=n } else { 2..=n.min(5) };
    let held: u32 = cards.iter().map(|c| value(*c)).sum();
    let mut best: Option<(Pick, Evaluation, Vec<Card>)> = None;
    for size in sizes {
        for subset in combinations(n, size) {
            let chosen: Vec<Card> = subset.iter().map(|&i| cards[i]).collect();
            let e = evaluate(&chosen, rules);
            // Prefer, at equal strength, the higher category, then (under all-cards) the
            // higher sum of everything held, then fewer cards. Without the whole-hand sum
            // the answer under all-cards could depend on the order the cards are given
            // in: a joker standing for a J and a real J play alike but count differently
            // when left unplayed.
            let whole = match rules.ruled.alora_sum {
                ruling::AloraSum::AllCards => {
                    e.sum + held - chosen.iter().map(|c| value(*c)).sum::<u32>()
                }
                ruling::AloraSum::BestHand => 0,
            };
            let key = (e.tier, e.sum, e.category, whole, u32::MAX - size as u32);
            if best.as_ref().is_none_or(|(k, _, _)| key > *k) {
                best = Some((key, e, chosen));
            }
        }
    }
    let (_, mut hand, played) = best.unwrap_or_else(|| {
        (
            (0, 0, Category::HighCard, 0, 0u32),
            Evaluation {
                category: Category::HighCard,
                tier: 1,
                sum: 0,
                cards: Vec::new(),
                jokers: Vec::new(),
            },
            Vec::new(),
        )
    });
    if sums_all_cards(rules) {
        let unplayed: u32 = {
            let mut rest = cards.to_vec();
            for c in &played {
                if let Some(i) = rest.iter().position(|x| x == c) {
                    rest.remove(i);
                }
            }
            rest.iter().map(|c| value(*c)).sum()
        };
        hand.sum += unplayed;
    }
    hand.cards = cards.to_vec();
    BestHand { hand, played }
}

/// Whether an ace may end a straight high (ruling ace-straights).
pub fn ace_high(rules: &Rules) -> bool {
    match rules.ruled.ace_straights {
        ruling::AceStraights::LowAndHigh => true,
        ruling::AceStraights::LowOnly => false,
    }
}

/// Whether ALORA's sum counts every card she holds, played or not (ruling alora-sum).
pub fn sums_all_cards(rules: &Rules) -> bool {
    match rules.ruled.alora_sum {
        ruling::AloraSum::AllCards => true,
        ruling::AloraSum::BestHand => false,
    }
}

/// Every `k`-subset of `0..n`, as sorted index lists.
pub fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut cur = Vec::with_capacity(k);
    fn go(start: usize, n: usize, k: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        for i in start..n {
            if n - i < k - cur.len() {
                break;
            }
            cur.push(i);
            go(i + 1, n, k, cur, out);
            cur.pop();
        }
    }
    go(0, n, k, &mut cur, &mut out);
    out
}

/// The rules and rulings behind a hand's score.
pub fn explain(rs: &Ruleset, e: &Evaluation) -> Explain {
    let mut x = Explain::new();
    x.rule(format!(
        "{} is a tier {} hand (tier 1: high card, one pair, two pair; tier 2: three of a kind, straight, flush; tier 3: full house, four of a kind, straight flush).",
        crate::words::capitalised(&e.category.to_string()),
        e.tier
    ));
    x.rule("Straights, flushes and full houses need five cards.");
    x.by(
        rs.get::<ruling::JokerSum>(),
        |_| "Card values: A $1, 2–10 face value, J $10, Q $15, K $20, joker $20.",
    );
    if !e.jokers.is_empty() {
        x.ruled(
            "Each joker stands for the card giving the highest tier, then the highest sum.",
            rs,
            &[ruling::Id::JokerDuplicates, ruling::Id::FiveOfAKind],
        );
    }
    if matches!(e.category, Category::Straight | Category::StraightFlush) {
        x.by(
            rs.get::<ruling::AceStraights>(),
            |_| "An ace may end a straight.",
        );
    }
    x
}

/// The rules and rulings behind ALORA's hand: a hand's, and how she plays all her cards.
pub fn explain_alora(rs: &Ruleset, e: &Evaluation) -> Explain {
    let mut x = explain(rs, e);
    x.by(
        rs.get::<ruling::AloraSum>(),
        |_| "ALORA plays all her cards: the best hand of 2 to 5 of them, by tier then sum.",
    );
    x
}

/// A note under ALORA's hand when her sum counts cards she does not play.
pub fn alora_sum_note(rules: &Rules, played: usize, held: usize) -> Option<String> {
    (sums_all_cards(rules) && played < held).then(|| {
        format!(
            "Her sum counts every card she holds ({}).\n",
            ruling::AloraSum::AllCards.cite()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::Ruleset;

    use crate::notation::test_cards as cards;

    fn rules_with(choice: impl crate::ruleset::Choice) -> Rules {
        Rules::from_ruleset(&Ruleset::builtin("kinkado").unwrap().with(choice).unwrap())
    }

    fn eval(s: &str) -> (Category, u8, u32) {
        let e = evaluate(&cards(s), &Rules::standard());
        (e.category, e.tier, e.sum)
    }

    #[test]
    fn categories_by_hand() {
        use Category::*;
        assert_eq!(eval("KS 2H"), (HighCard, 1, 22));
        assert_eq!(eval("QS QH"), (OnePair, 1, 30));
        assert_eq!(eval("QS QH 7C 7D"), (TwoPair, 1, 44));
        assert_eq!(eval("7S 7H 7C"), (ThreeOfAKind, 2, 21));
        assert_eq!(eval("2S 3H 4C 5D 6S"), (Straight, 2, 20));
        assert_eq!(eval("2H 9H 4H KH 6H"), (Flush, 2, 41));
        assert_eq!(eval("5S 5H KC KD KS"), (FullHouse, 3, 70));
        assert_eq!(eval("2S 2H 2C 2D"), (FourOfAKind, 3, 8));
        assert_eq!(eval("2H 3H 4H 5H 6H"), (StraightFlush, 3, 20));
        // Four cards can't make a straight or a flush.
        assert_eq!(eval("2H 3H 4H 5H"), (HighCard, 1, 14));
    }

    #[test]
    fn tier_beats_sum() {
        // Three 2s (tier 2, $6) beat two kings and two queens (tier 1, $70).
        assert!(eval("2S 2H 2C").1 > eval("KS KH QS QH").1);
    }

    #[test]
    fn aces_in_straights() {
        use Category::*;
        assert_eq!(eval("AS 2H 3C 4D 5S").0, Straight);
        assert_eq!(eval("10S JH QC KD AS").0, Straight);
        assert_eq!(eval("QS KH AC 2D 3S").0, HighCard);
        let low_only = rules_with(ruling::AceStraights::LowOnly);
        assert_eq!(
            evaluate(&cards("10S JH QC KD AS"), &low_only).category,
            HighCard
        );
        assert_eq!(
            evaluate(&cards("AS 2H 3C 4D 5S"), &low_only).category,
            Straight
        );
    }

    #[test]
    fn jokers_take_the_best_tier_then_sum() {
        use Category::*;
        // K K 🃏 → three kings, the joker adding $20.
        let e = evaluate(&cards("KS KH JK"), &Rules::standard());
        assert_eq!((e.category, e.tier, e.sum), (ThreeOfAKind, 2, 60));
        assert_eq!(e.jokers.len(), 1);
        assert_eq!(e.jokers[0].rank(), Some(Rank::King));
        // 2♥ 3♥ 4♥ 5♥ 🃏 → a straight flush.
        assert_eq!(eval("2H 3H 4H 5H JK").0, StraightFlush);
        // Two jokers with a pair → four of a kind.
        assert_eq!(eval("9S 9H JK JK").0, FourOfAKind);
    }

    #[test]
    fn joker_sum_ruling_both_sides() {
        // Face value: the joker adds 20 even as a 3.
        assert_eq!(eval("3S 3H JK"), (Category::ThreeOfAKind, 2, 26));
        let as_chosen = rules_with(ruling::JokerSum::AsChosen);
        let e = evaluate(&cards("3S 3H JK"), &as_chosen);
        assert_eq!((e.category, e.sum), (Category::ThreeOfAKind, 9));
        // Two cards with a joker: as-chosen picks the pair with the highest value.
        let e = evaluate(&cards("KS JK"), &as_chosen);
        assert_eq!((e.category, e.sum), (Category::OnePair, 40));
    }

    #[test]
    fn joker_duplicates_ruling_both_sides() {
        // A♠ and a joker: allowed → the joker may be a second A♠ (still a pair either way),
        // but five of a kind needs a duplicate when four aces are held.
        let five = "AS AH AD AC JK";
        assert_eq!(eval(five).0, Category::FourOfAKind);
        let forbidden = rules_with(ruling::JokerDuplicates::Forbidden);
        let e = evaluate(&cards(five), &forbidden);
        assert_eq!(e.category, Category::FourOfAKind);
        assert!(!cards(five).contains(&e.jokers[0]));
        // With one suit's A-K-Q-J and a joker: a royal straight flush needs 10♠.
        let e = evaluate(&cards("AS KS QS JS JK"), &forbidden);
        assert_eq!(e.category, Category::StraightFlush);
        assert_eq!(e.jokers, vec![Card::new(Rank::Ten, Suit::Spades)]);
        // Duplicates matter: K♠ K♠(dup) needs a duplicate for a pair of one card? No: any
        // other king works. With all four kings and two jokers, forbidden still gives quads.
        let e = evaluate(&cards("KS JK"), &forbidden);
        assert_eq!(e.category, Category::OnePair);
        assert_ne!(e.jokers[0], Card::new(Rank::King, Suit::Spades));
    }

    #[test]
    fn alora_plays_her_best_subset() {
        let r = Rules::standard();
        let b = best_hand(&cards("KS KH 2C 7D 9S QH 3C"), &r);
        assert_eq!(b.hand.category, Category::OnePair);
        // Best tier 1 sum: the pair of kings plus the three highest others (Q 9 7).
        assert_eq!(b.hand.sum, 20 + 20 + 15 + 9 + 7);
        assert_eq!(b.played.len(), 5);
        // One card only.
        let b = best_hand(&cards("5S"), &r);
        assert_eq!((b.hand.category, b.hand.sum), (Category::HighCard, 5));
        // all-cards: the sum counts the two cards left out.
        let all = rules_with(ruling::AloraSum::AllCards);
        let b = best_hand(&cards("KS KH 2C 7D 9S QH 3C"), &all);
        assert_eq!(b.hand.sum, 20 + 20 + 2 + 7 + 9 + 15 + 3);
    }

    #[test]
    fn alora_prefers_tier_over_sum() {
        let b = best_hand(&cards("2S 2H 2C KS KH QS QD"), &Rules::standard());
        // Full house 2 2 2 K K: tier 3, sum 46.
        assert_eq!((b.hand.category, b.hand.sum), (Category::FullHouse, 46));
    }

    #[test]
    fn all_cards_sum_does_not_depend_on_card_order() {
        // A joker as a jack and the real J♥ make the same straight; under all-cards the
        // better whole-hand sum (the joker's $20 left unplayed) is hers, in any order.
        let rs = Ruleset::builtin("kinkado")
            .unwrap()
            .with(ruling::AceStraights::LowOnly)
            .unwrap()
            .with(ruling::JokerSum::AsChosen)
            .unwrap()
            .with(ruling::AloraSum::AllCards)
            .unwrap();
        let r = Rules::from_ruleset(&rs);
        for order in ["9S 10S JH QH KD JK 2C", "JK 9S 10S QH KD JH 2C"] {
            let b = best_hand(&cards(order), &r);
            assert_eq!((b.hand.category, b.hand.sum), (Category::Straight, 86));
        }
    }

    #[test]
    fn combinations_count() {
        assert_eq!(combinations(7, 5).len(), 21);
        assert_eq!(combinations(5, 5).len(), 1);
        assert_eq!(combinations(3, 4).len(), 0);
    }
}
