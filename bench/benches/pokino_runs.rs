//! `runs` on the densest board there is: all 91 dominoes of a double-12 set packed into
//! a 14 by 13 rectangle, with a hand holding two cards of every rank (26 cards).
//!
//! Plain `std::time` over many iterations (no criterion: one number per board is all
//! BENCHMARKS.md records, and it keeps the dev-dependencies short).
//!
//! Run: `cargo bench --bench pokino_runs`

use std::time::{Duration, Instant};

use kado::cards::{Card, Rank, Suit};
use kado::pokino::Rules;
use kado::pokino::board::{Board, Dir, Domino, Placement, Square};
use kado::pokino::ruling::TearDown;
use kado::pokino::runs::{Query, find};

/// The 91 dominoes laid row by row, 7 lying dominoes to a row of 14 squares, 13 rows.
/// `order` shuffles which domino goes where (a fixed linear congruential sequence, so
/// every run of the benchmark sees the same board).
fn packed(seed: u64) -> Board {
    let mut set: Vec<Domino> = Domino::set().collect();
    let mut state = seed;
    for i in (1..set.len()).rev() {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let j = ((state >> 33) as usize) % (i + 1);
        set.swap(i, j);
    }
    let placements = set
        .into_iter()
        .enumerate()
        .map(|(i, d)| {
            let (row, col) = (i / 7, i % 7);
            Placement::new(d, Square::new(2 * col as i32, row as i32), Dir::H)
        })
        .collect();
    Board::from_placements(placements)
}

fn two_of_each() -> Vec<Card> {
    Rank::ALL
        .iter()
        .flat_map(|r| [Card::new(*r, Suit::Spades), Card::new(*r, Suit::Hearts)])
        .collect()
}

fn stress() {
    let hand: Vec<Card> = Card::plain_deck().collect();
    let mut rules = Rules::standard();
    let board = packed(0);
    for (name, tear) in [
        ("52 cards", TearDown::Off),
        ("26 cards, tear-down", TearDown::On),
    ] {
        rules.ruled.tear_down = tear;
        let h: Vec<Card> = if tear == TearDown::On {
            two_of_each()
        } else {
            hand.clone()
        };
        let q = Query {
            hand: &h,
            beads: None,
            claimed: &[],
            keep: Some(20),
            budget: None,
        };
        let start = Instant::now();
        let f = find(&board, &q, &rules);
        println!(
            "{name}: {} runs, best {}: {:?}",
            f.count,
            f.best.map_or(0, |b| b.length),
            start.elapsed()
        );
    }
}

fn main() {
    if std::env::var_os("PRINT_BOARD").is_some() {
        println!("{}", packed(0));
        return;
    }
    if std::env::var_os("STRESS").is_some() {
        stress();
        return;
    }
    let hand = two_of_each();
    let rules = Rules::standard();
    for seed in [0u64, 1, 2, 3] {
        let board = packed(seed);
        let q = Query {
            hand: &hand,
            beads: None,
            claimed: &[],
            keep: Some(20),
            budget: None,
        };
        let first = find(&board, &q, &rules);
        // Batches of 10 calls for 3 seconds; the machine is shared, so the fastest batch
        // is the best estimate of the cost and the median shows the noise.
        let mut batches: Vec<Duration> = Vec::new();
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(3) || batches.len() < 5 {
            let t = Instant::now();
            for _ in 0..10 {
                let f = find(&board, &q, &rules);
                assert_eq!(f.count, first.count);
            }
            batches.push(t.elapsed() / 10);
        }
        batches.sort();
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        println!(
            "board {seed}: {} runs, best {} cards ({} points): {:.2} ms per call (fastest batch), {:.2} ms median, {} calls",
            first.count,
            first.best.as_ref().map_or(0, |b| b.length),
            first.best.as_ref().map_or(0, |b| b.points),
            ms(batches[0]),
            ms(batches[batches.len() / 2]),
            batches.len() * 10
        );
    }
}
