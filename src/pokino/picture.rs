//! The board drawn for a terminal: each square shows its number, each domino is
//! outlined as one piece (no line between its two halves), and claimed borders are
//! marked `●`. Columns (X) are labelled along the top, rows (Y) down the left.

use super::board::{Board, Border, Square};
use crate::render::Style;

/// The mark drawn on a claimed border.
pub const CLAIMED: char = '●';
/// The widest and tallest board drawn, in squares (all 91 dominoes in one line span 182).
pub const MAX_SIDE: usize = 200;

/// The board as lines of text (no trailing spaces), or a sentence when it is empty.
pub fn draw(board: &Board, claimed: &[Border], style: &Style) -> String {
    let Some((lo, hi)) = board.bounds() else {
        return "The table is empty.\n".to_string();
    };
    let cols = (hi.x - lo.x + 1) as usize;
    let rows = (hi.y - lo.y + 1) as usize;
    if cols > MAX_SIDE || rows > MAX_SIDE {
        return format!(
            "The board spans {cols} by {rows} squares, too big to draw (at most {MAX_SIDE} by {MAX_SIDE}).\n"
        );
    }
    let owner = |i: isize, j: isize| -> Option<usize> {
        if i < 0 || j < 0 || i >= cols as isize || j >= rows as isize {
            return None;
        }
        board
            .cell(Square::new(lo.x + i as i32, lo.y + j as i32))
            .map(|c| c.piece)
    };
    let is_claimed =
        |a: Square, b: Square| claimed.iter().any(|c| c.key() == Border::new(a, b).key());
    let sq = |i: isize, j: isize| Square::new(lo.x + i as i32, lo.y + j as i32);

    let width = 4 * cols + 1;
    let height = 2 * rows + 1;
    // Each canvas slot holds a string so colour codes can wrap a character.
    let mut canvas: Vec<Vec<String>> = vec![vec![" ".to_string(); width]; height];
    for j in 0..=rows as isize {
        for i in 0..=cols as isize {
            let (tl, tr, bl, br) = (
                owner(i - 1, j - 1),
                owner(i, j - 1),
                owner(i - 1, j),
                owner(i, j),
            );
            let up = tl != tr;
            let down = bl != br;
            let left = tl != bl;
            let right = tr != br;
            canvas[2 * j as usize][4 * i as usize] = corner(up, down, left, right).to_string();
            // The wall above cell (i, j).
            if i < cols as isize {
                let (above, below) = (owner(i, j - 1), owner(i, j));
                if above != below {
                    let mark =
                        above.is_some() && below.is_some() && is_claimed(sq(i, j - 1), sq(i, j));
                    for k in 1..=3 {
                        canvas[2 * j as usize][4 * i as usize + k] = if mark && k == 2 {
                            style.red(&CLAIMED.to_string())
                        } else {
                            "─".to_string()
                        };
                    }
                }
            }
            // The wall left of cell (i, j), and the cell itself.
            if j < rows as isize {
                let row = 2 * j as usize + 1;
                let (l, r) = (owner(i - 1, j), owner(i, j));
                if l != r {
                    let mark = l.is_some() && r.is_some() && is_claimed(sq(i - 1, j), sq(i, j));
                    canvas[row][4 * i as usize] = if mark {
                        style.red(&CLAIMED.to_string())
                    } else {
                        "│".to_string()
                    };
                }
                if i < cols as isize
                    && let Some(c) = board.cell(sq(i, j))
                {
                    let text = format!("{:>2}", c.number);
                    for (k, ch) in text.chars().enumerate() {
                        canvas[row][4 * i as usize + 1 + k] = ch.to_string();
                    }
                }
            }
        }
    }

    let row_label = |j: usize| (lo.y + j as i32).to_string();
    let margin = (0..rows).map(|j| row_label(j).len()).max().unwrap_or(1) + 1;
    let mut out = String::new();
    let mut header = " ".repeat(margin + 1);
    for i in 0..cols {
        let label = (lo.x + i as i32).to_string();
        if label.len() <= 2 {
            header += &format!("{label:>2}  ");
        } else {
            header += &format!("{label:>3} ");
        }
    }
    out += header.trim_end();
    out.push('\n');
    for (r, line) in canvas.iter().enumerate() {
        let label = if r % 2 == 1 {
            row_label(r / 2)
        } else {
            String::new()
        };
        let text: String = format!("{label:>w$} ", w = margin - 1) + &line.concat();
        out += text.trim_end();
        out.push('\n');
    }
    out
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
