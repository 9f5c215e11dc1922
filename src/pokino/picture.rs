//! The board drawn for a terminal: each square shows its number, each domino is
//! outlined as one piece (no line between its two halves), and claimed borders are
//! marked `●`. Under ruling `steps: diagonals` a pair claimed across a corner is marked
//! on that corner: `╲` for the upper-left and lower-right squares, `╱` for the
//! upper-right and lower-left, `╳` when both pairs there are claimed. Columns (X) are
//! labelled along the top, rows (Y) down the left.

use super::board::{Board, Border, Square, Token};
use crate::render::Style;
use crate::view::{self, Look, Picture};

/// The mark drawn on a claimed border.
pub const CLAIMED: char = '●';
/// The marks drawn on a corner whose pair of squares is claimed: upper-left with
/// lower-right, upper-right with lower-left, and both.
pub const CORNER_MARKS: [char; 3] = ['╲', '╱', '╳'];
/// What the corner marks mean, for a legend.
pub const CORNER_NOTE: &str =
    "╲ or ╱ on a corner marks the pair of squares claimed across it (╳: both pairs there)";

/// The widest and tallest board drawn, in squares (all 91 dominoes in one line span 182).
pub const MAX_SIDE: usize = 200;

/// The board as lines of text (no trailing spaces), or a sentence when it is empty.
pub fn draw(board: &Board, claimed: &[Border], style: &Style) -> String {
    draw_marked(board, claimed, &[], style)
}

/// The board with empty squares marked `#N` (the places where a domino may be laid,
/// numbered as they are listed): the picture grows to show every marked square.
pub fn draw_marked(
    board: &Board,
    claimed: &[Border],
    marks: &[(Square, usize)],
    style: &Style,
) -> String {
    match picture(board, claimed, marks) {
        Ok(p) => text(&p, style),
        Err(none) => none.to_string(),
    }
}

/// The picture drawn as text in `style` (claims in red, places in bold).
pub fn text(picture: &Picture, style: &Style) -> String {
    let mut out = String::new();
    for row in &picture.rows {
        for run in row {
            out += &match run.look {
                Look::Plain => run.text.clone(),
                Look::Claimed => style.red(&run.text),
                Look::Place => style.bold(&run.text),
            };
        }
        out.push('\n');
    }
    out
}

/// Why there is no picture of a board to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoPicture {
    Empty,
    /// The board spans so many columns and rows: more than [`MAX_SIDE`].
    TooBig {
        cols: usize,
        rows: usize,
    },
}

impl std::fmt::Display for NoPicture {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoPicture::Empty => f.write_str("The table is empty.\n"),
            NoPicture::TooBig { cols, rows } => writeln!(
                f,
                "The board spans {cols} by {rows} squares, too big to draw (at most {MAX_SIDE} by {MAX_SIDE})."
            ),
        }
    }
}

/// The board as a typed picture, with the places marked; or why there is none to draw
/// (an empty table, a board too big).
pub fn picture(
    board: &Board,
    claimed: &[Border],
    marks: &[(Square, usize)],
) -> Result<Picture, NoPicture> {
    let corners = board.bounds().into_iter().flat_map(|(lo, hi)| [lo, hi]);
    let squares = corners.chain(marks.iter().map(|m| m.0));
    let Some((lo, hi)) = super::board::bounds_of(squares) else {
        return Err(NoPicture::Empty);
    };
    let cols = (hi.x - lo.x + 1) as usize;
    let rows = (hi.y - lo.y + 1) as usize;
    if cols > MAX_SIDE || rows > MAX_SIDE {
        return Err(NoPicture::TooBig { cols, rows });
    }
    let v = View {
        board,
        claimed,
        marks,
        lo,
        cols,
        rows,
    };
    let mut p = v.labelled(&v.canvas());
    // A square's row is below the header, every other canvas row (the others are walls).
    let row_of = |y: i32| usize::try_from(y - lo.y).ok().map(|j| 2 + 2 * j);
    p.last = board.placements().last().and_then(|pl| row_of(pl.at.y));
    Ok(p)
}

/// One slot of the canvas: a character and how it is drawn.
type Slot = (char, Look);

/// The part of the board drawn: `cols` by `rows` squares from `lo`.
struct View<'a> {
    board: &'a Board,
    claimed: &'a [Border],
    marks: &'a [(Square, usize)],
    lo: Square,
    cols: usize,
    rows: usize,
}

impl View<'_> {
    /// The square at column `i`, row `j` of the view.
    fn sq(&self, i: isize, j: isize) -> Square {
        Square::new(self.lo.x + i as i32, self.lo.y + j as i32)
    }

    /// The domino covering column `i`, row `j` (none outside the view).
    fn owner(&self, i: isize, j: isize) -> Option<usize> {
        if i < 0 || j < 0 || i >= self.cols as isize || j >= self.rows as isize {
            return None;
        }
        self.board.cell(self.sq(i, j)).map(|c| c.piece)
    }

    fn is_claimed(&self, a: Square, b: Square) -> bool {
        self.claimed
            .iter()
            .any(|c| c.key() == Border::new(a, b).key())
    }

    /// The mark on a claimed border, in red.
    fn claim_mark(&self) -> Slot {
        (CLAIMED, Look::Claimed)
    }

    /// The mark on the corner above and left of cell (i, j) when a pair of squares
    /// meeting there is claimed (ruling `steps: diagonals`).
    fn corner_mark(&self, i: isize, j: isize) -> Option<char> {
        let covered = |a: isize, b: isize| self.owner(a, b).is_some();
        let pair = |(a, b): (isize, isize), (c, d): (isize, isize)| {
            covered(a, b) && covered(c, d) && self.is_claimed(self.sq(a, b), self.sq(c, d))
        };
        let down = pair((i - 1, j - 1), (i, j));
        let up = pair((i, j - 1), (i - 1, j));
        match (down, up) {
            (true, false) => Some(CORNER_MARKS[0]),
            (false, true) => Some(CORNER_MARKS[1]),
            (true, true) => Some(CORNER_MARKS[2]),
            (false, false) => None,
        }
    }

    /// Each canvas slot holds a character and its look.
    fn canvas(&self) -> Vec<Vec<Slot>> {
        let (cols, rows) = (self.cols as isize, self.rows as isize);
        let mut canvas: Vec<Vec<Slot>> =
            vec![vec![(' ', Look::Plain); 4 * self.cols + 1]; 2 * self.rows + 1];
        for j in 0..=rows {
            for i in 0..=cols {
                self.corner_at(&mut canvas, i, j);
                if i < cols {
                    self.wall_above(&mut canvas, i, j);
                }
                if j < rows {
                    self.wall_left_and_cell(&mut canvas, i, j);
                }
            }
        }
        canvas
    }

    /// The corner above and left of cell (i, j).
    fn corner_at(&self, canvas: &mut [Vec<Slot>], i: isize, j: isize) {
        let (tl, tr, bl, br) = (
            self.owner(i - 1, j - 1),
            self.owner(i, j - 1),
            self.owner(i - 1, j),
            self.owner(i, j),
        );
        canvas[2 * j as usize][4 * i as usize] = match self.corner_mark(i, j) {
            Some(m) => (m, Look::Claimed),
            None => (corner(tl != tr, bl != br, tl != bl, tr != br), Look::Plain),
        };
    }

    /// The wall above cell (i, j).
    fn wall_above(&self, canvas: &mut [Vec<Slot>], i: isize, j: isize) {
        let (above, below) = (self.owner(i, j - 1), self.owner(i, j));
        if above == below {
            return;
        }
        let mark =
            above.is_some() && below.is_some() && self.is_claimed(self.sq(i, j - 1), self.sq(i, j));
        for k in 1..=3 {
            canvas[2 * j as usize][4 * i as usize + k] = if mark && k == 2 {
                self.claim_mark()
            } else {
                ('─', Look::Plain)
            };
        }
    }

    /// The wall left of cell (i, j), and the cell itself.
    fn wall_left_and_cell(&self, canvas: &mut [Vec<Slot>], i: isize, j: isize) {
        let row = 2 * j as usize + 1;
        let (l, r) = (self.owner(i - 1, j), self.owner(i, j));
        if l != r {
            let mark =
                l.is_some() && r.is_some() && self.is_claimed(self.sq(i - 1, j), self.sq(i, j));
            canvas[row][4 * i as usize] = if mark {
                self.claim_mark()
            } else {
                ('│', Look::Plain)
            };
        }
        if i >= self.cols as isize {
            return;
        }
        let sq = self.sq(i, j);
        let (text, bold) = match self.board.cell(sq) {
            Some(c) => (format!("{:>2}", c.number), false),
            None => match self.marks.iter().find(|m| m.0 == sq) {
                Some((_, n)) => (format!("#{n}"), true),
                None => return,
            },
        };
        let look = if bold { Look::Place } else { Look::Plain };
        for (k, ch) in text.chars().enumerate() {
            canvas[row][4 * i as usize + 1 + k] = (ch, look);
        }
    }

    /// The canvas with columns labelled along the top and rows down the left.
    fn labelled(&self, canvas: &[Vec<Slot>]) -> Picture {
        let lo = self.lo;
        let row_label = |j: usize| (lo.y + j as i32).to_string();
        let margin = (0..self.rows)
            .map(|j| row_label(j).len())
            .max()
            .unwrap_or(1)
            + 1;
        let mut out = Picture::default();
        let mut header = " ".repeat(margin + 1);
        for i in 0..self.cols {
            let label = (lo.x + i as i32).to_string();
            if label.len() <= 2 {
                header += &format!("{label:>2}  ");
            } else {
                header += &format!("{label:>3} ");
            }
        }
        out.rows.push(Vec::new());
        out.push(header.trim_end(), Look::Plain);
        for (r, line) in canvas.iter().enumerate() {
            let label = if r % 2 == 1 {
                row_label(r / 2)
            } else {
                String::new()
            };
            out.rows.push(Vec::new());
            out.push(&format!("{label:>w$} ", w = margin - 1), Look::Plain);
            // No trailing spaces.
            let end = line.iter().rposition(|s| s.0 != ' ').map_or(0, |e| e + 1);
            for (ch, look) in &line[..end] {
                out.push(ch.encode_utf8(&mut [0; 4]), *look);
            }
            if end == 0 {
                let row = out.rows.last_mut().map(|r| &mut r[0].text);
                if let Some(t) = row {
                    *t = t.trim_end().to_string();
                }
            }
        }
        out
    }
}

/// The board as shapes, for a surface that draws them: each covered square with its
/// number and the rank it stands for, each domino laid, the places marked as
/// [`picture`] marks them (`#N` on an empty square), and each claimed pair with the
/// player who claimed it.
pub fn shapes(board: &Board, tokens: &[Token], marks: &[(Square, usize)]) -> view::Board {
    let at = |sq: Square| [sq.x, sq.y];
    let squares = (board.squares().into_iter())
        .filter_map(|sq| {
            let number = board.cell(sq)?.number;
            let rank = super::number_rank(number).map_or(number.to_string(), |r| r.to_string());
            Some(view::Spot {
                at: at(sq),
                number,
                rank,
            })
        })
        .collect();
    let dominoes = (board.placements().iter())
        .map(|p| {
            let [a, b] = p.squares();
            view::Laid {
                code: p.to_string(),
                squares: [at(a), at(b)],
                pips: [p.domino.a, p.domino.b],
            }
        })
        .collect();
    let places = (marks.iter())
        .filter(|(sq, _)| board.cell(*sq).is_none())
        .map(|(sq, n)| view::Mark {
            at: at(*sq),
            number: *n,
        })
        .collect();
    let claims = (tokens.iter())
        .map(|t| view::Claim {
            squares: [at(t.border.a), at(t.border.b)],
            player: t.player.clone(),
            corner: t.border.is_corner(),
        })
        .collect();
    view::Board::Squares {
        squares,
        dominoes,
        places,
        claims,
    }
}

/// How many claimed pairs the picture marks: `(borders, corners)`.
pub fn claim_counts(claimed: &[Border]) -> (usize, usize) {
    let corners = claimed.iter().filter(|b| b.is_corner()).count();
    (claimed.len() - corners, corners)
}

/// The claimed pairs in words, with their marks: `2 borders claimed, marked ●` (and
/// `1 pair across a corner, marked ╲ or ╱`); empty when none is.
pub fn claims_in_words(claimed: &[Border]) -> String {
    let (borders, corners) = claim_counts(claimed);
    let mut parts = Vec::new();
    if borders > 0 {
        parts.push(format!(
            "{} claimed, marked {CLAIMED}",
            crate::words::count_of(borders, "border", "borders")
        ));
    }
    if corners > 0 {
        parts.push(format!(
            "{} across a corner, marked {} or {} on it ({} for both pairs there)",
            crate::words::count_of(corners, "pair claimed", "pairs claimed"),
            CORNER_MARKS[0],
            CORNER_MARKS[1],
            CORNER_MARKS[2]
        ));
    }
    parts.join("; ")
}

fn corner(up: bool, down: bool, left: bool, right: bool) -> char {
    match (up, down, left, right) {
        (false, false, false, false) => ' ',
        (true, true, false, false) => '│',
        (false, false, true, true) => '─',
        (false, true, false, true) => '┌',
        (false, true, true, false) => '┐',
        (true, false, false, true) => '└',
        (true, false, true, false) => '┘',
        (true, true, false, true) => '├',
        (true, true, true, false) => '┤',
        (false, true, true, true) => '┬',
        (true, false, true, true) => '┴',
        (true, true, true, true) => '┼',
        (true, false, false, false) => '╵',
        (false, true, false, false) => '╷',
        (false, false, true, false) => '╴',
        (false, false, false, true) => '╶',
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marked_places_widen_the_picture_and_leave_pieces_alone() {
        let b: Board = "6-4@0,0h 1-3@0,1h".parse().unwrap();
        let marks = [
            (Square::new(2, 0), 1),
            (Square::new(2, 1), 1),
            (Square::new(0, -1), 2),
            (Square::new(0, 0), 3),
        ];
        let got = draw_marked(&b, &[], &marks, &Style::PLAIN);
        let want = "
     0   1   2

-1  #2
   ┌───────┐
 0 │ 6   4 │#1
   ├───────┤
 1 │ 1   3 │#1
   └───────┘
";
        assert_eq!(got, &want[1..]);
    }

    #[test]
    fn draws_pieces_and_claims() {
        let b: Board = "6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h".parse().unwrap();
        let claimed: Vec<Border> = vec!["1,0-2,0".parse().unwrap(), "1,0-1,1".parse().unwrap()];
        let got = draw(&b, &claimed, &Style::PLAIN);
        let want = "
    0   1   2   3
  ┌───────┬───┐
0 │ 6   4 ●12 │
  ├─────●─┤   │
1 │ 1   3 │ 8 │
  └───────┼───┴───┐
2         │ 9   0 │
          └───────┘
";
        assert_eq!(got, &want[1..]);
    }

    #[test]
    fn corner_claims_mark_the_corner() {
        let b: Board = "6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h".parse().unwrap();
        let pairs = |s: &str| -> Vec<Border> { s.split(' ').map(|p| p.parse().unwrap()).collect() };
        // 1 and 4 meet at a corner (lower-left, upper-right: ╱); at the corner of 4, 12,
        // 3 and 8 both pairs are claimed (4 with 8, 12 with 3: ╳). Below, 3 and 9 meet
        // at the corner of 3, 8, 9 and an empty square (upper-left, lower-right: ╲).
        let got = draw(&b, &pairs("1,0-2,1 0,1-1,0 2,0-1,1"), &Style::PLAIN);
        let want = "
    0   1   2   3
  ┌───────┬───┐
0 │ 6   4 │12 │
  ├───╱───╳   │
1 │ 1   3 │ 8 │
  └───────┼───┴───┐
2         │ 9   0 │
          └───────┘
";
        assert_eq!(got, &want[1..]);
        let got = draw(&b, &pairs("1,1-2,2"), &Style::PLAIN);
        assert!(got.contains("  └───────╲───┴───┐\n"), "{got}");
        assert_eq!(claim_counts(&pairs("1,0-2,1 0,0-0,1 0,1-1,0")), (1, 2));
        assert_eq!(
            claims_in_words(&pairs("1,0-2,1 0,0-0,1")),
            "1 border claimed, marked ●; 1 pair claimed across a corner, marked ╲ or ╱ on it (╳ for both pairs there)"
        );
        assert_eq!(
            claims_in_words(&pairs("0,0-0,1")),
            "1 border claimed, marked ●"
        );
        assert_eq!(claims_in_words(&[]), "");
    }

    /// Two dominoes side by side, a border between them claimed by ana, and a place
    /// marked to the right: the shapes hold what the text picture draws.
    #[test]
    fn shapes_of_two_dominoes_and_a_claim() {
        let b: Board = "6-4@0,0h 1-12@0,1h".parse().unwrap();
        let tokens = [Token {
            player: "ana".into(),
            border: "0,0-0,1".parse().unwrap(),
        }];
        let marks = [
            (Square::new(2, 0), 1),
            (Square::new(2, 1), 1),
            (Square::new(0, 0), 2),
        ];
        let got = shapes(&b, &tokens, &marks);
        let view::Board::Squares {
            squares,
            dominoes,
            places,
            claims,
        } = &got
        else {
            panic!("{got:?}");
        };
        let spots: Vec<(view::At, u8, &str)> = squares
            .iter()
            .map(|s| (s.at, s.number, s.rank.as_str()))
            .collect();
        assert_eq!(
            spots,
            [
                ([0, 0], 6, "6"),
                ([1, 0], 4, "4"),
                ([0, 1], 1, "A"),
                ([1, 1], 12, "Q")
            ]
        );
        assert_eq!(
            dominoes,
            &[
                view::Laid {
                    code: "6-4@0,0h".into(),
                    squares: [[0, 0], [1, 0]],
                    pips: [6, 4]
                },
                view::Laid {
                    code: "1-12@0,1h".into(),
                    squares: [[0, 1], [1, 1]],
                    pips: [1, 12]
                }
            ]
        );
        // A mark on a covered square is not a place.
        assert_eq!(
            places,
            &[
                view::Mark {
                    at: [2, 0],
                    number: 1
                },
                view::Mark {
                    at: [2, 1],
                    number: 1
                }
            ]
        );
        assert_eq!(
            claims,
            &[view::Claim {
                squares: [[0, 0], [0, 1]],
                player: "ana".into(),
                corner: false
            }]
        );
        assert_eq!(
            got.words(),
            "Board: 2 dominoes on 4 squares. 6-4: 6 at column 0 row 0, 4 at column 1 row 0. \
             1-12: 1 (A) at column 0 row 1, 12 (Q) at column 1 row 1. \
             ana claimed column 0 row 0 and column 0 row 1. \
             Place #1: column 2 row 0 and column 2 row 1."
        );
    }

    #[test]
    fn negative_coordinates_and_empty() {
        let b: Board = "10-11@-10,-1v".parse().unwrap();
        let got = draw(&b, &[], &Style::PLAIN);
        let want = "
    -10
   ┌───┐
-1 │10 │
   │   │
 0 │11 │
   └───┘
";
        assert_eq!(got, &want[1..]);
        assert_eq!(
            draw(&Board::default(), &[], &Style::PLAIN),
            "The table is empty.\n"
        );
    }
}
