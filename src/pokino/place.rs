//! Laying a domino: whether a placement is legal, and every spot a domino fits.

use crate::pokino::ruling;
use serde::Serialize;

use super::board::{Board, Dir, Domino, Placement, Square};
use super::{Rules, SPOKE};

/// Why a domino may not be laid where asked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Fault {
    /// The domino is on the table already (6-4 and 4-6 are one domino).
    OnTable { at: Placement },
    /// One of its squares is covered already.
    Overlaps { square: Square, by: Placement },
    /// It would touch no domino on the table.
    TouchesNothing,
    /// It would lie alongside a domino, touching it at two pairs of squares
    /// (`placement: one-contact`).
    AlongSide { by: Placement },
    /// It would make the board bigger than the table (`playing-area: bounded`).
    OffTable {
        width: i32,
        height: i32,
        area_width: u32,
        area_height: u32,
    },
}

impl Fault {
    /// The fault in words (see [`super::error`]).
    pub fn describe(&self) -> String {
        self.to_string()
    }
}

/// Every reason `p` may not be laid on `board` (none when it is legal).
pub fn faults(board: &Board, p: &Placement, rules: &Rules) -> Vec<Fault> {
    let mut out = Vec::new();
    if let Some(at) = board.find(p.domino) {
        out.push(Fault::OnTable { at: *at });
    }
    let mut overlaps = false;
    for sq in p.squares() {
        if let Some(c) = board.cell(sq) {
            overlaps = true;
            out.push(Fault::Overlaps {
                square: sq,
                by: board.placements()[c.piece],
            });
        }
    }
    if board.len() >= SPOKE && !overlaps && !board.touches(p) {
        out.push(Fault::TouchesNothing);
    }
    match rules.ruled.placement {
        ruling::Placement::OneContact if board.len() >= SPOKE && !overlaps => {
            out.extend(alongside(board, p).map(|by| Fault::AlongSide { by }));
        }
        ruling::Placement::OneContact | ruling::Placement::Grid => {}
    }
    if let Some((aw, ah)) = rules.area() {
        let [a, b] = p.squares();
        let (lo, hi) = match board.bounds() {
            Some((lo, hi)) => (lo, hi),
            None => (a, a),
        };
        let (lo, hi) = [a, b].iter().fold((lo, hi), |(lo, hi), s| {
            (
                Square::new(lo.x.min(s.x), lo.y.min(s.y)),
                Square::new(hi.x.max(s.x), hi.y.max(s.y)),
            )
        });
        let (w, h) = (hi.x - lo.x + 1, hi.y - lo.y + 1);
        if w > aw as i32 || h > ah as i32 {
            out.push(Fault::OffTable {
                width: w,
                height: h,
                area_width: aw,
                area_height: ah,
            });
        }
    }
    out
}

/// The dominoes `p` would touch at more than one pair of squares.
fn alongside<'b>(board: &'b Board, p: &'b Placement) -> impl Iterator<Item = Placement> + 'b {
    board.placements().iter().copied().filter(move |q| {
        let pairs = p
            .squares()
            .iter()
            .flat_map(|a| q.squares().map(move |b| a.is_next_to(b)))
            .filter(|t| *t)
            .count();
        pairs > 1
    })
}

/// Every legal placement of `domino`, in reading order of its first square, across
/// before down, the domino as written before turned round. Empty when it is on the
/// table already. `None` while the spoke is laid: the first four dominoes may go
/// anywhere.
pub fn spots(board: &Board, domino: Domino, rules: &Rules) -> Option<Vec<Placement>> {
    if board.len() < SPOKE {
        return None;
    }
    if board.find(domino).is_some() {
        return Some(Vec::new());
    }
    let slots = slots(board, rules)?;
    let ways: &[Domino] = if domino.is_double() {
        &[domino]
    } else {
        &[domino, domino.flipped()]
    };
    Some(
        slots
            .into_iter()
            .flat_map(|(at, dir)| ways.iter().map(move |d| Placement::new(*d, at, dir)))
            .collect(),
    )
}

/// Every place a domino not on the table may be laid, whatever its numbers: its first
/// square and its direction, in the order of [`spots`]. `None` while the spoke is laid.
/// Whether a place is legal does not depend on the domino's numbers, only on whether it
/// is on the table already ([`Fault::OnTable`]), so this is the one search behind every
/// domino's spots.
pub fn slots(board: &Board, rules: &Rules) -> Option<Vec<(Square, Dir)>> {
    if board.len() < SPOKE {
        return None;
    }
    let mut firsts: Vec<(Square, Dir)> = Vec::new();
    for sq in board.squares() {
        for n in sq.neighbours() {
            if board.cell(n).is_some() {
                continue;
            }
            // `n` is empty and touches the board: a half may go there.
            firsts.extend([
                (n, Dir::H),
                (n, Dir::V),
                (Square::new(n.x - 1, n.y), Dir::H),
                (Square::new(n.x, n.y - 1), Dir::V),
            ]);
        }
    }
    firsts.sort_unstable();
    firsts.dedup();
    let bounds = board.bounds();
    Some(
        firsts
            .into_iter()
            .filter(|(at, dir)| {
                // Any domino will do: the numbers play no part in the faults looked at.
                let p = Placement::new(Domino::new(0, 0), *at, *dir);
                slot_fits(board, &p, bounds, rules)
            })
            .collect(),
    )
}

/// Whether `p` breaks none of the faults [`faults`] finds apart from [`Fault::OnTable`],
/// on a board of the spoke or more whose bounds are `bounds` (the same answers, found
/// without going through every domino on the table).
fn slot_fits(
    board: &Board,
    p: &Placement,
    bounds: Option<(Square, Square)>,
    rules: &Rules,
) -> bool {
    let own = p.squares();
    if own.iter().any(|sq| board.cell(*sq).is_some()) || !board.touches(p) {
        return false;
    }
    let one_contact = match rules.ruled.placement {
        ruling::Placement::OneContact => true,
        ruling::Placement::Grid => false,
    };
    if one_contact {
        // Pairs of squares shared with each domino it touches: two with one is alongside.
        let mut pieces: Vec<usize> = own
            .iter()
            .flat_map(|sq| sq.neighbours())
            .filter_map(|n| board.cell(n).map(|c| c.piece))
            .collect();
        pieces.sort_unstable();
        if pieces.windows(2).any(|w| w[0] == w[1]) {
            return false;
        }
    }
    if let (Some((aw, ah)), Some((lo, hi))) = (rules.area(), bounds) {
        let (lo, hi) = own.iter().fold((lo, hi), |(lo, hi), s| {
            (
                Square::new(lo.x.min(s.x), lo.y.min(s.y)),
                Square::new(hi.x.max(s.x), hi.y.max(s.y)),
            )
        });
        if hi.x - lo.x + 1 > aw as i32 || hi.y - lo.y + 1 > ah as i32 {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn board(s: &str) -> Board {
        s.parse().unwrap()
    }

    const SPOKE4: &str = "6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h";

    #[test]
    fn legal_and_illegal_placements() {
        let b = board(SPOKE4);
        let r = Rules::standard();
        let f = |s: &str| faults(&b, &s.parse().unwrap(), &r);
        assert!(f("5-5@-2,0h").is_empty());
        assert!(f("5-5@0,2v").is_empty());
        assert_eq!(f("5-5@-3,0h"), vec![Fault::TouchesNothing]);
        // Only a corner: 5-5 at 3,-1 touches 12-8's square 2,0 at a corner only.
        assert_eq!(f("5-5@3,-1h"), vec![Fault::TouchesNothing]);
        assert_eq!(
            f("4-6@1,1v"),
            vec![
                Fault::OnTable {
                    at: "6-4@0,0h".parse().unwrap()
                },
                Fault::Overlaps {
                    square: Square::new(1, 1),
                    by: "1-3@0,1h".parse().unwrap()
                },
            ]
        );
        // While the spoke is laid, anywhere empty will do.
        let early = board("6-4@0,0h");
        assert!(faults(&early, &"5-5@40,40h".parse().unwrap(), &r).is_empty());
    }

    #[test]
    fn placement_ruling() {
        let b = board(SPOKE4);
        let mut r = Rules::standard();
        // 5-5 under 1-3 lies alongside it; under `grid` that is legal.
        let p: Placement = "5-5@0,2h".parse().unwrap();
        assert!(faults(&b, &p, &r).is_empty());
        r.ruled.placement = ruling::Placement::OneContact;
        assert_eq!(
            faults(&b, &p, &r),
            vec![Fault::AlongSide {
                by: "1-3@0,1h".parse().unwrap()
            }]
        );
        // End to end, touching one square of 6-4 only: legal under both readings.
        assert!(faults(&b, &"5-5@-2,0h".parse().unwrap(), &r).is_empty());
    }

    #[test]
    fn bounded_table() {
        let b = board(SPOKE4);
        let mut r = Rules::standard();
        r.ruled.playing_area = ruling::PlayingArea::Bounded;
        r.area_size = (4, 3);
        let f = |s: &str| faults(&b, &s.parse().unwrap(), &r);
        assert!(!f("5-5@0,2v").is_empty());
        assert!(f("5-5@3,0v").is_empty());
        assert_eq!(
            f("5-5@-2,0h"),
            vec![Fault::OffTable {
                width: 6,
                height: 3,
                area_width: 4,
                area_height: 3
            }]
        );
    }

    #[test]
    fn every_spot() {
        // Two dominoes side by side and two far away.
        let b = board("1-2@0,0h 3-4@0,1h 5-6@20,0h 7-8@30,0h");
        let r = Rules::standard();
        let all = spots(&b, Domino::new(9, 10), &r).unwrap();
        // Each result is legal, both ways round, no duplicates.
        for p in &all {
            assert!(faults(&b, p, &r).is_empty(), "{p}");
        }
        let set: BTreeSet<String> = all.iter().map(|p| p.to_string()).collect();
        assert_eq!(set.len(), all.len());
        assert!(set.contains("9-10@2,0h") && set.contains("10-9@2,0h"));
        assert!(set.contains("9-10@0,-2v"));
        assert!(!set.contains("9-10@0,-3v"));
        // Brute force over a window: every legal placement is listed.
        let mut count = 0;
        for x in -5..40 {
            for y in -5..5 {
                for dir in [Dir::H, Dir::V] {
                    for d in [Domino::new(9, 10), Domino::new(10, 9)] {
                        let p = Placement::new(d, Square::new(x, y), dir);
                        if faults(&b, &p, &r).is_empty() {
                            count += 1;
                            assert!(set.contains(&p.to_string()), "{p}");
                        }
                    }
                }
            }
        }
        assert_eq!(count, all.len());
        assert_eq!(spots(&b, Domino::new(2, 1), &r), Some(vec![]));
        let dbl = spots(&b, Domino::new(9, 9), &r).unwrap();
        assert_eq!(dbl.len() * 2, all.len());
        assert_eq!(spots(&board("1-2@0,0h"), Domino::new(9, 9), &r), None);
    }

    /// The spots are exactly the placements [`faults`] finds nothing wrong with, in
    /// reading order, under the rulings that bound where a domino may go.
    #[test]
    fn spots_agree_with_faults_under_every_placement_ruling() {
        let b = board("6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h 5-5@3,0h 2-7@-1,1v");
        for (one_contact, area) in [
            (false, None),
            (true, None),
            (false, Some((6, 5))),
            (true, Some((5, 4))),
        ] {
            let mut r = Rules::standard();
            if one_contact {
                r.ruled.placement = ruling::Placement::OneContact;
            }
            if let Some(size) = area {
                r.ruled.playing_area = ruling::PlayingArea::Bounded;
                r.area_size = size;
            }
            let d = Domino::new(10, 11);
            let mut brute = Vec::new();
            for y in -4..8 {
                for x in -5..9 {
                    for dir in [Dir::H, Dir::V] {
                        for way in [d, d.flipped()] {
                            let p = Placement::new(way, Square::new(x, y), dir);
                            if faults(&b, &p, &r).is_empty() {
                                brute.push(p);
                            }
                        }
                    }
                }
            }
            assert_eq!(spots(&b, d, &r).unwrap(), brute, "{one_contact} {area:?}");
            let slots = slots(&b, &r).unwrap();
            assert_eq!(slots.len() * 2, brute.len());
        }
    }
}
