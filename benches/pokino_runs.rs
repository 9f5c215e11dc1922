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

fn main() {
    let hand = two_of_each();
    let rules = Rules::standard();
    for seed in [0u64, 1, 2, 3] {
        let board = packed(seed);
        let q = Query {
            hand: &hand,
            beads: None,
            claimed: &[],
            keep: Some(20),
        };
        let first = find(&board, &q, &rules);
        let mut n = 0u32;
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(2) || n < 10 {
            let f = find(&board, &q, &rules);
            assert_eq!(f.count, first.count);
            n += 1;
        }
        let per = start.elapsed() / n;
        println!(
            "board {seed}: {} runs, best {} cards ({} points): {:.2} ms per call ({n} calls)",
            first.count,
            first.best.as_ref().map_or(0, |b| b.length),
            first.best.as_ref().map_or(0, |b| b.points),
            per.as_secs_f64() * 1000.0
        );
    }
}
