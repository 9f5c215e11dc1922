//! Pokino properties: the run finder against a plain brute-force search on random
//! boards, and round-trips of the board notation.

use std::collections::BTreeSet;

use proptest::prelude::*;

use kado::cards::{Card, Rank, Suit};
use kado::pokino::Rules;
use kado::pokino::board::{Board, Border, Dir, Domino, Placement, Square};
use kado::pokino::card_number;
use kado::pokino::place::{faults, spots};
use kado::pokino::ruling;
use kado::pokino::runs::{Query, find};
use kado::pokino::score::points;

/// A legal board: a spoke of four dominoes in a row, then each later domino at one of
/// its legal spots, both picked by the random choices given.
fn build_board(choices: &[(usize, usize)]) -> Board {
    let rules = Rules::standard();
    let mut set: Vec<Domino> = Domino::set().collect();
    let mut placements = Vec::new();
    for (k, &(pick, _)) in choices.iter().take(4).enumerate() {
        let d = set.remove(pick % set.len());
        let dir = if k % 2 == 0 { Dir::H } else { Dir::V };
        placements.push(Placement::new(d, Square::new(2 * k as i32, 0), dir));
    }
    let mut board = Board::from_placements(placements.clone());
    for &(pick, spot) in choices.iter().skip(4) {
        let d = set.remove(pick % set.len());
        let Some(options) = spots(&board, d, &rules) else {
            continue;
        };
        if options.is_empty() {
            continue;
        }
        placements.push(options[spot % options.len()]);
        board = Board::from_placements(placements.clone());
    }
    board
}

/// Whether a run may step between two squares on the grid, from scratch: they share a
/// side, or (ruling `steps: diagonals`) meet at a corner.
fn grid_step(a: Square, b: Square, diagonals: bool) -> bool {
    let (dx, dy) = ((a.x - b.x).abs(), (a.y - b.y).abs());
    (dx + dy == 1) || (diagonals && dx == 1 && dy == 1)
}

/// Every walk of grid-adjacent covered squares (across a side, or also a corner under
/// `steps: diagonals`), 2 to `max` long, checked square by square against the rules from
/// scratch: the plain search.
fn brute_force(
    board: &Board,
    hand: &[Card],
    claimed: &[Border],
    max: usize,
    rules: &Rules,
) -> Vec<Vec<Square>> {
    let squares = board.squares();
    let mut out = Vec::new();
    let mut stack: Vec<Vec<Square>> = squares.iter().map(|s| vec![*s]).collect();
    while let Some(walk) = stack.pop() {
        if walk.len() >= 2 && is_run(board, hand, claimed, rules, &walk) {
            out.push(walk.clone());
        }
        if walk.len() < max {
            let last = *walk.last().unwrap_or(&Square::new(0, 0));
            for s in &squares {
                if grid_step(last, *s, rules.diagonals()) {
                    let mut w = walk.clone();
                    w.push(*s);
                    stack.push(w);
                }
            }
        }
    }
    out.sort();
    out
}

fn is_run(board: &Board, hand: &[Card], claimed: &[Border], rules: &Rules, w: &[Square]) -> bool {
    let mut crossed: Vec<(Square, Square)> = Vec::new();
    for pair in w.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let (Some(ca), Some(cb)) = (board.cell(a), board.cell(b)) else {
            return false;
        };
        if ca.piece == cb.piece && rules.ruled.tear_down == ruling::TearDown::Off {
            return false;
        }
        let key = (a.min(b), a.max(b));
        if crossed.contains(&key) {
            return false;
        }
        if claimed.iter().any(|c| c.key() == key) {
            return false;
        }
        crossed.push(key);
    }
    if rules.ruled.square_reuse == ruling::SquareReuse::NoRevisit {
        let distinct: BTreeSet<&Square> = w.iter().collect();
        if distinct.len() != w.len() {
            return false;
        }
    }
    // Each number needs its own card.
    let mut left: Vec<u8> = hand.iter().filter_map(|c| card_number(*c)).collect();
    for s in w {
        let Some(n) = board.cell(*s).map(|c| c.number) else {
            return false;
        };
        match left.iter().position(|x| *x == n) {
            Some(i) => {
                left.remove(i);
            }
            None => return false,
        }
    }
    points(w.len(), rules).is_some()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn runs_match_a_brute_force_search(
        choices in prop::collection::vec((0usize..91, 0usize..500), 4..9),
        hand_picks in prop::collection::vec((0usize..100, 0usize..4), 3..8),
        claim_picks in prop::collection::vec(0usize..1000, 0..3),
        beads in prop::option::of(0u32..6),
        revisit in any::<bool>(),
        tear_down in any::<bool>(),
        greed in any::<bool>(),
        capped in any::<bool>(),
        diagonals in any::<bool>(),
    ) {
        let board = build_board(&choices);
        // Cards for numbers on the board, so that runs are many.
        let squares = board.squares();
        let mut hand: Vec<Card> = Vec::new();
        for (sq, suit) in hand_picks {
            let n = board.cell(squares[sq % squares.len()]).map_or(0, |c| c.number);
            let rank = kado::pokino::number_rank(n).unwrap_or(Rank::King);
            let c = Card::new(rank, Suit::ALL[suit]);
            if !hand.contains(&c) {
                hand.push(c);
            }
        }
        // Claimed borders: some between neighbouring covered squares (across a corner
        // too under `steps: diagonals`).
        let mut borders = Vec::new();
        for s in &squares {
            for n in &squares {
                if grid_step(*s, *n, diagonals) && *s < *n {
                    borders.push(Border::new(*s, *n));
                }
            }
        }
        let claimed: Vec<Border> = if borders.is_empty() {
            vec![]
        } else {
            claim_picks.iter().map(|i| borders[i % borders.len()]).collect()
        };
        let mut rules = Rules::standard();
        rules.ruled.square_reuse = if revisit { ruling::SquareReuse::Revisit } else { ruling::SquareReuse::NoRevisit };
        rules.ruled.tear_down = if tear_down { ruling::TearDown::On } else { ruling::TearDown::Off };
        rules.ruled.greed = if greed { ruling::Greed::On } else { ruling::Greed::Off };
        rules.ruled.long_runs = if capped { ruling::LongRuns::Capped } else { ruling::LongRuns::Forbidden };
        rules.ruled.steps = if diagonals { ruling::Steps::Diagonals } else { ruling::Steps::Sides };
        let found = find(&board, &Query { hand: &hand, beads, claimed: &claimed, keep: None, budget: None }, &rules);
        let max = match (beads, greed) {
            (Some(b), false) => hand.len().min(b as usize),
            _ => hand.len(),
        };
        let expected = brute_force(&board, &hand, &claimed, max, &rules);
        let mut got: Vec<Vec<Square>> = found.runs.iter().map(|r| r.squares.clone()).collect();
        prop_assert_eq!(found.count as usize, got.len());
        got.sort();
        prop_assert_eq!(&got, &expected);
        // Best first: points, then length, then squares in reading order.
        let mut order = found.runs.clone();
        order.sort_by(|a, b| b.points.cmp(&a.points).then(b.length.cmp(&a.length)).then(a.squares.cmp(&b.squares)));
        prop_assert_eq!(&order, &found.runs);
        prop_assert_eq!(found.best.as_ref(), found.runs.first());
        // The cards match the numbers and come from the hand, each once.
        for r in &found.runs {
            let nums: Vec<Option<u8>> = r.cards.iter().map(|c| card_number(*c)).collect();
            prop_assert_eq!(nums, r.numbers.iter().map(|n| Some(*n)).collect::<Vec<_>>());
            let distinct: BTreeSet<String> = r.cards.iter().map(|c| c.code()).collect();
            prop_assert_eq!(distinct.len(), r.cards.len());
            prop_assert!(r.cards.iter().all(|c| hand.contains(c)));
            prop_assert_eq!(r.torn.is_empty() || tear_down, true);
        }
        // The best 20 are the first 20 of the full list.
        let top = find(&board, &Query { hand: &hand, beads, claimed: &claimed, keep: Some(20), budget: None }, &rules);
        prop_assert_eq!(top.count, found.count);
        prop_assert_eq!(&top.runs[..], &found.runs[..found.runs.len().min(20)]);
    }

    #[test]
    fn every_spot_is_legal_and_every_board_reads_back(
        choices in prop::collection::vec((0usize..91, 0usize..500), 4..14),
    ) {
        let board = build_board(&choices);
        let text = board.to_string();
        let again: Board = text.parse().map_err(|e: kado::diag::Error| TestCaseError::fail(e.render()))?;
        prop_assert_eq!(again.to_string(), text);
        for p in board.placements() {
            let back: Placement = p.to_string().parse().map_err(|e: kado::diag::Error| TestCaseError::fail(e.render()))?;
            prop_assert_eq!(back, *p);
        }
        let d = Domino::new(12, 11);
        let rules = Rules::standard();
        if board.find(d).is_none() {
            for p in spots(&board, d, &rules).unwrap_or_default() {
                prop_assert!(faults(&board, &p, &rules).is_empty());
            }
        }
    }

    #[test]
    fn borders_read_back(x1 in -999i32..=999, y1 in -999i32..=999, x2 in -999i32..=999, y2 in -999i32..=999) {
        let b = Border::new(Square::new(x1, y1), Square::new(x2, y2));
        let back: Border = b.to_string().parse().map_err(|e: kado::diag::Error| TestCaseError::fail(e.render()))?;
        prop_assert_eq!(back, b);
    }

    #[test]
    fn no_text_panics_the_board_reader(text in "[-0-9@,;hv# \\n]{0,40}") {
        let _ = text.parse::<Board>();
    }
}
