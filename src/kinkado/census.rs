//! The census: how many N-card hands (N = 2 to 7) from the 54-card pack fall in each
//! category and tier, counted exactly.
//!
//! Each hand is scored as ALORA scores hers ([`super::hand::best_hand`]): the best 2 to 5
//! of its cards by tier, then sum, then category. With 5 cards or fewer that is always
//! the whole hand (one more card raises the sum and never lowers the tier). The two
//! jokers are different cards of the pack, so a hand with one joker is counted twice,
//! once for each, and C(54, N) hands are counted in all.
//!
//! Hands are walked card by card with the fast evaluator's additive [`Hand`], so each
//! hand costs one addition and one evaluation; the walk is shared among threads by the
//! first card.

use crate::kinkado::ruling;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde::Serialize;

use super::Rules;
use super::args::number_arg;
use super::fast::{CARDS, Evaluator, Hand};
use super::hand::Category;
use crate::diag::{Problem, Source};
use crate::explain::Explain;
use crate::ruleset::Ruleset;

/// The smallest and largest census.
pub const MIN_CARDS: usize = 2;
pub const MAX_CARDS: usize = 7;

/// Counts by category (indexed as [`Category::ALL`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Census {
    pub n: usize,
    /// C(54, n).
    pub hands: u64,
    pub categories: [u64; 9],
}

impl Census {
    /// Hands in tier 1, 2 and 3.
    pub fn tiers(&self) -> [u64; 3] {
        let mut t = [0; 3];
        for (c, n) in Category::ALL.iter().zip(self.categories) {
            t[usize::from(c.tier() - 1)] += n;
        }
        t
    }
}

/// n choose k.
pub fn choose(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u64, |acc, i| acc * (n - i) / (i + 1))
}

/// Counts every hand of `n` cards (2 to 7) under the rules, using up to `threads` threads
/// and calling `progress` with the number of first cards done (out of 52).
pub fn census(
    n: usize,
    rules: &Rules,
    threads: usize,
    progress: &(dyn Fn(usize) + Sync),
) -> Census {
    let n = n.clamp(MIN_CARDS, MAX_CARDS);
    let ev = Evaluator::new(rules);
    let mut categories = [0u64; 9];
    // Hands with 0, 1 or 2 jokers: C(2, j) ways to pick the jokers.
    for jokers in 0..=2usize.min(n) {
        let copies = choose(2, jokers as u64);
        let mut base = Hand::EMPTY;
        for _ in 0..jokers {
            base = base.add(CARDS[52]);
        }
        let plain = n - jokers;
        let counts = if plain == 0 {
            let mut c = [0u64; 9];
            c[usize::from(ev.eval(base).raw() & 15)] += 1;
            c
        } else {
            walk_parallel(&ev, base, plain, threads.max(1), progress)
        };
        for (total, c) in categories.iter_mut().zip(counts) {
            *total += c * copies;
        }
    }
    Census {
        n,
        hands: choose(54, n as u64),
        categories,
    }
}

/// Counts every set of `plain` plain cards added to `base`, sharing first cards among
/// threads.
fn walk_parallel(
    ev: &Evaluator,
    base: Hand,
    plain: usize,
    threads: usize,
    progress: &(dyn Fn(usize) + Sync),
) -> [u64; 9] {
    let done = AtomicUsize::new(0);
    let firsts = 53usize.saturating_sub(plain);
    let counted = crate::par::map(firsts, threads, |first| {
        let mut counts = [0u64; 9];
        let walked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            walk(
                ev,
                base.add(CARDS[first]),
                first + 1,
                plain - 1,
                &mut counts,
            );
        }));
        progress(done.fetch_add(1, Ordering::Relaxed) + 1);
        // A walk only panics on a bug; its count is then missing, never wrong.
        walked.map_or([0; 9], |()| counts)
    });
    let mut total = [0u64; 9];
    for c in counted {
        for (t, x) in total.iter_mut().zip(c) {
            *t += x;
        }
    }
    total
}

/// Adds `left` more cards numbered `from` or more to `hand`, counting each full hand.
fn walk(ev: &Evaluator, hand: Hand, from: usize, left: usize, counts: &mut [u64; 9]) {
    if left == 0 {
        counts[usize::from(ev.eval(hand).raw() & 15)] += 1;
        return;
    }
    if left == 1 {
        for card in &CARDS[from..52] {
            counts[usize::from(ev.eval(hand.add(*card)).raw() & 15)] += 1;
        }
        return;
    }
    for (c, card) in CARDS.iter().enumerate().take(53 - left).skip(from) {
        walk(ev, hand.add(*card), c + 1, left - 1, counts);
    }
}

/// The rules and rulings behind a census.
pub fn explain(rs: &Ruleset) -> Explain {
    let mut x = Explain::new();
    x.rule("Each hand is scored by its best 2 to 5 cards: tier, then sum, then category (with 5 cards or fewer, all of them).");
    x.rule("The two jokers are different cards of the pack: a hand with one joker is counted once for each.");
    x.ruled(
        "Jokers are wild.",
        rs,
        &[
            ruling::Id::JokerSum,
            ruling::Id::JokerDuplicates,
            ruling::Id::AceStraights,
        ],
    );
    x
}

/// The size of the hands to count, from argument `name`: 2 to 7 cards.
pub fn size_arg(name: &str, text: &str, problems: &mut Vec<Problem>) -> Option<usize> {
    let n = number_arg::<usize>(name, text, "a number of cards", problems);
    if let Some(n) = n
        && !(MIN_CARDS..=MAX_CARDS).contains(&n)
    {
        problems.push(
            Problem::new(format!("a census covers hands of 2 to 7 cards, not {n}"))
                .at(&Source::new(name, text), 0..text.len()),
        );
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Card;
    use crate::kinkado::hand;

    /// The census by brute force with the reference evaluator: every hand of the 54
    /// cards (the two jokers told apart), scored by `best_hand`.
    fn brute(n: usize, rules: &Rules) -> [u64; 9] {
        let pack: Vec<Card> = Card::plain_deck()
            .chain([Card::Joker, Card::Joker])
            .collect();
        let mut counts = [0u64; 9];
        for subset in hand::combinations(54, n) {
            let cards: Vec<Card> = subset.iter().map(|&i| pack[i]).collect();
            let b = hand::best_hand(&cards, rules);
            counts[b.hand.category as usize] += 1;
        }
        counts
    }

    #[test]
    fn small_censuses_match_brute_force() {
        for bits in [0u8, 7] {
            let rules = crate::kinkado::fast::tests::rules_for(bits);
            for n in 2..=3 {
                let c = census(n, &rules, 2, &|_| {});
                assert_eq!(c.categories, brute(n, &rules), "n = {n}, rulings {bits:#b}");
                assert_eq!(c.categories.iter().sum::<u64>(), c.hands);
            }
        }
    }

    #[test]
    fn four_card_census_matches_hand_by_hand_count() {
        // Every 4-card set of the 54 cards, scored one by one (the evaluator is checked
        // against the reference on every hand of up to 4 cards in `fast`).
        let pack: Vec<Card> = Card::plain_deck()
            .chain([Card::Joker, Card::Joker])
            .collect();
        for bits in [0u8, 6] {
            let rules = crate::kinkado::fast::tests::rules_for(bits);
            let ev = Evaluator::new(&rules);
            let mut counts = [0u64; 9];
            for subset in hand::combinations(54, 4) {
                let cards: Vec<Card> = subset.iter().map(|&i| pack[i]).collect();
                if let Some(s) = ev.best_of(&cards) {
                    counts[s.category() as usize] += 1;
                }
            }
            assert_eq!(census(4, &rules, 2, &|_| {}).categories, counts);
        }
    }

    #[test]
    fn two_card_census_by_hand() {
        // 1431 two-card hands: 78 pairs of plain cards, 104 plain card + joker (each a
        // pair), 1 pair of jokers; the rest (1326 - 78 = 1248) high cards.
        let c = census(2, &Rules::standard(), 1, &|_| {});
        assert_eq!(c.hands, 1431);
        assert_eq!(c.categories[0], 1248);
        assert_eq!(c.categories[1], 78 + 104 + 1);
        assert_eq!(c.tiers(), [1431, 0, 0]);
    }

    #[test]
    fn counts_add_up_and_threads_agree() {
        let r = Rules::standard();
        let one = census(4, &r, 1, &|_| {});
        let two = census(4, &r, 2, &|_| {});
        assert_eq!(one, two);
        assert_eq!(one.categories.iter().sum::<u64>(), choose(54, 4));
        assert_eq!(choose(54, 7), 177_100_560);
    }
}
