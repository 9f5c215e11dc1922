//! Kin Kādo speed figures (BENCHMARKS.md, section "Kin Kādo evaluator").
//!
//! `cargo bench --bench kinkado` prints:
//! - the best-hand evaluator on random 7-card hands from the 54-card pack (jokers
//!   included), beside `pokers` 0.10 (an OMPEval port) on random plain 7-card hands: the
//!   same number of hands, each built into its evaluator's own hand type before the clock
//!   starts (both are additive keys), then evaluated with the result through `black_box`;
//!   the ratio is pokers' time over ours (≥ 1.0: ours is at least as fast);
//! - the same two evaluators on every 7-card hand in order (177,100,560 from the 54-card
//!   pack for kado, 133,784,560 from 52 cards for pokers), each hand built from the one
//!   before as a census builds them, per hand;
//! - `odds` with 1,000,000 samples and `census 7` through the library, one thread.
//!
//! The one-shot commands of the release binary are timed by the command line's
//! `cargo bench --bench one_shot` (cli/benches/one_shot.rs).
//!
//! `cargo bench --bench kinkado -- eval` (or `sequential`, or `commands`) runs one part.

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

/// Each hand in kado's own form, built outside the timed loop (cards 52 and 53 are the
/// two jokers).
fn kado_hands(hands: &[[u8; 7]]) -> Vec<Hand> {
    hands
        .iter()
        .map(|h| {
            h.iter().fold(Hand::EMPTY, |acc, &c| {
                acc.add(CARDS[usize::from(c).min(52)])
            })
        })
        .collect()
}

/// Each hand in pokers' own form, built outside the timed loop.
fn pokers_hands(hands: &[[u8; 7]]) -> Vec<pokers::Hand> {
    hands
        .iter()
        .map(|h| {
            h.iter().fold(pokers::Hand::default(), |acc, &c| {
                acc + pokers::CARDS[usize::from(c)]
            })
        })
        .collect()
}

fn ours(hands: &[Hand], ev: &Evaluator) -> (Duration, u64) {
    let t = Instant::now();
    let mut check = 0u64;
    for &hand in hands {
        check = check.wrapping_add(u64::from(black_box(ev.eval(hand)).raw()));
    }
    (t.elapsed(), check)
}

fn theirs(hands: &[pokers::Hand]) -> (Duration, u64) {
    let t = Instant::now();
    let mut check = 0u64;
    for hand in hands {
        check = check.wrapping_add(u64::from(black_box(hand.evaluate())));
    }
    (t.elapsed(), check)
}

fn per_hand(d: Duration) -> f64 {
    d.as_secs_f64() * 1e9 / HANDS as f64
}

fn eval_bench() {
    println!("## Best-hand evaluator, 7 cards: kado (jokers in the pack) vs pokers 0.10 (plain)");
    let with_jokers = kado_hands(&deal(54, HANDS, 1));
    let plain_cards = deal(52, HANDS, 2);
    let plain = pokers_hands(&plain_cards);
    let std_rules = Rules::standard();
    let ev = Evaluator::new(&std_rules);
    // KADO_BENCH_PLAIN=1: kado also on pokers' plain hands, in the same rounds.
    let kado_plain = std::env::var_os("KADO_BENCH_PLAIN").map(|_| kado_hands(&plain_cards));
    let mut best_ours = Duration::MAX;
    let mut best_theirs = Duration::MAX;
    let mut best_plain = Duration::MAX;
    let mut checks = (0, 0);
    for _ in 0..ROUNDS {
        let (a, ca) = ours(&with_jokers, &ev);
        let (b, cb) = theirs(&plain);
        best_ours = best_ours.min(a);
        best_theirs = best_theirs.min(b);
        checks = (ca, cb);
        if let Some(hands) = &kado_plain {
            best_plain = best_plain.min(ours(hands, &ev).0);
        }
    }
    if kado_plain.is_some() {
        println!(
            "kado on pokers' plain hands: {:6.2} ns/hand (ratio {:.2})",
            per_hand(best_plain),
            best_theirs.as_secs_f64() / best_plain.as_secs_f64()
        );
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

/// Every 7-card hand of `cards` in order, built card by card as a census does (each
/// partial hand reused by the loops inside it), each evaluated and its result passed
/// through `black_box`: (time, hands, checksum).
#[inline(always)]
fn every_hand<H: Copy>(
    cards: &[H],
    empty: H,
    add: impl Fn(H, H) -> H,
    eval: impl Fn(H) -> u16,
) -> (Duration, u64, u64) {
    let n = cards.len();
    let t = Instant::now();
    let (mut count, mut check) = (0u64, 0u64);
    for a in 0..n {
        let h1 = add(empty, cards[a]);
        for b in a + 1..n {
            let h2 = add(h1, cards[b]);
            for c in b + 1..n {
                let h3 = add(h2, cards[c]);
                for d in c + 1..n {
                    let h4 = add(h3, cards[d]);
                    for e in d + 1..n {
                        let h5 = add(h4, cards[e]);
                        for f in e + 1..n {
                            let h6 = add(h5, cards[f]);
                            for &g in &cards[f + 1..] {
                                check = check.wrapping_add(u64::from(black_box(eval(add(h6, g)))));
                                count += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    (t.elapsed(), count, check)
}

fn sequential_bench() {
    println!(
        "\n## Best-hand evaluator, every 7-card hand in order: kado (54-card pack) vs pokers 0.10 (52 cards)"
    );
    let std_rules = Rules::standard();
    let ev = Evaluator::new(&std_rules);
    let kado_cards: Vec<Hand> = (0..54).map(|c| CARDS[c.min(52)]).collect();
    let pokers_cards: Vec<pokers::Hand> = (0..52).map(|c| pokers::CARDS[c]).collect();
    let (mut best_ours, mut best_theirs) = (f64::MAX, f64::MAX);
    let mut counts = (0, 0);
    for _ in 0..3 {
        let (d, n, _) = every_hand(&kado_cards, Hand::EMPTY, Hand::add, |h| ev.eval(h).raw());
        best_ours = best_ours.min(d.as_secs_f64() * 1e9 / n as f64);
        let (d, m, _) = every_hand(
            &pokers_cards,
            pokers::Hand::default(),
            |a, b| a + b,
            |h| h.evaluate(),
        );
        best_theirs = best_theirs.min(d.as_secs_f64() * 1e9 / m as f64);
        counts = (n, m);
    }
    println!("{} / {} hands, best of 3 rounds", counts.0, counts.1);
    println!("kado   : {best_ours:6.2} ns/hand");
    println!("pokers : {best_theirs:6.2} ns/hand");
    println!(
        "ratio (pokers time / kado time): {:.2}",
        best_theirs / best_ours
    );
}

fn commands_bench() {
    let rules = Rules::standard();
    println!("\n## odds and census (library, one thread)");
    odds_bench(&rules);
    census_bench(&rules);
}

/// The odds of one hand, a million samples.
fn odds_bench(rules: &Rules) {
    use kado::kinkado::odds::{self, Query};
    let cards = |s: &str| -> Vec<kado::cards::Card> {
        s.split_whitespace()
            .filter_map(|c| c.parse().ok())
            .collect()
    };
    let q = Query {
        hand: cards("KS KH KD 2C 9S"),
        alora_shown: Vec::new(),
        alora_hidden: 7,
        seen: cards("7C 8C"),
        samples: 1_000_000,
        seed: 0,
    };
    let t = Instant::now();
    let o = odds::odds(&q, rules);
    println!(
        "odds, 1,000,000 samples (--hand 'KS KH KD 2C 9S' --alora-hidden 7 --seen '7C 8C'): {:.3} s (win {:.4}, exact: {})",
        t.elapsed().as_secs_f64(),
        o.win,
        o.exact
    );
}

/// The census of every 7-card hand, on one and two threads.
fn census_bench(rules: &Rules) {
    use kado::kinkado::census;
    for threads in [1, 2] {
        let t = Instant::now();
        let c = census::census(7, rules, threads, &|_| {});
        println!(
            "census 7, {threads} thread(s): {:.3} s ({} hands)",
            t.elapsed().as_secs_f64(),
            c.hands
        );
    }
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
    if wants("sequential") {
        sequential_bench();
    }
    if wants("commands") {
        commands_bench();
    }
}
