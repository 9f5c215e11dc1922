//! The board as shapes, for a surface that draws shapes rather than text: Pokino's
//! squares and dominoes, Kingmaker's Commons of hexagons. A game computes it from its
//! state, beside the text picture it draws for a terminal, and says what it holds in words
//! for a reader that cannot see it.

use serde::Serialize;

use crate::words::count_of;

/// A place on a board's grid: `[x, y]` for a square (x to the right, y down), `[q, r]`
/// for a hexagon (axial coordinates: `r` the row, each row shifted half a hexagon right
/// of the one above).
pub type At = [i32; 2];

/// The board as shapes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Board {
    /// Pokino: dominoes laid on a grid of squares.
    Squares {
        /// Every covered square, in reading order, with its number.
        squares: Vec<Spot>,
        /// The dominoes laid, in the order they were laid.
        dominoes: Vec<Laid>,
        /// Empty squares where a domino may be laid, each marked with the number of the
        /// first place listed that covers it (`#1`).
        places: Vec<Mark>,
        /// The pairs of squares claimed, with who claimed each.
        claims: Vec<Claim>,
    },
    /// Kingmaker: the Commons, Blinks as pointy-top hexagons.
    Hexes {
        /// The Blinks placed, in reading order.
        hexes: Vec<Hex>,
    },
}

/// A covered square and the number on it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Spot {
    pub at: At,
    pub number: u8,
    /// The card rank the number stands for (`K` for 0, `A` for 1, `Q` for 12).
    pub rank: String,
}

/// A domino laid: its code as typed (`6-4@0,0h`), the squares of its two halves and the
/// number on each.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Laid {
    pub code: String,
    pub squares: [At; 2],
    pub pips: [u8; 2],
}

/// An empty square marked as a place where a domino may be laid: the number typed to lay
/// it there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Mark {
    pub at: At,
    pub number: usize,
}

/// A pair of squares claimed: side by side, or across a corner.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Claim {
    pub squares: [At; 2],
    pub player: String,
    /// The squares meet at a corner (ruling `steps: diagonals`), not along a side.
    pub corner: bool,
}

/// A Blink of the Commons: where it sits, its name (a player's, or a common's: `c1`), and
/// its two pairs of faces, left and right, each top then bottom (`None`: not lit, or not
/// known yet).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Hex {
    pub at: At,
    pub name: String,
    /// A common, not a player's Blink.
    pub common: bool,
    pub pairs: [Option<[Hue; 2]>; 2],
}

/// A face's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Hue {
    Red,
    Yellow,
    Green,
    Blue,
}

impl Hue {
    pub fn letter(self) -> char {
        match self {
            Hue::Red => 'R',
            Hue::Yellow => 'Y',
            Hue::Green => 'G',
            Hue::Blue => 'B',
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Hue::Red => "red",
            Hue::Yellow => "yellow",
            Hue::Green => "green",
            Hue::Blue => "blue",
        }
    }
}

/// A square in words: `column 2 row 0`.
pub fn square_words(at: At) -> String {
    format!("column {} row {}", at[0], at[1])
}

/// A number with the rank it stands for when that differs: `0 (K)`, `7`.
pub fn number_words(number: u8, rank: &str) -> String {
    if rank == number.to_string() {
        rank.to_string()
    } else {
        format!("{number} ({rank})")
    }
}

impl Board {
    /// What the board holds, in words, for a reader that cannot see it.
    pub fn words(&self) -> String {
        match self {
            Board::Squares {
                squares,
                dominoes,
                places,
                claims,
            } => squares_words(squares, dominoes, places, claims),
            Board::Hexes { hexes } => hexes_words(hexes),
        }
    }

    /// How many squares or hexagons it draws.
    pub fn len(&self) -> usize {
        match self {
            Board::Squares { squares, .. } => squares.len(),
            Board::Hexes { hexes } => hexes.len(),
        }
    }

    /// Nothing to draw: no square, no place marked, no hexagon.
    pub fn is_empty(&self) -> bool {
        match self {
            Board::Squares { places, .. } => self.len() == 0 && places.is_empty(),
            Board::Hexes { .. } => self.len() == 0,
        }
    }
}

fn squares_words(squares: &[Spot], dominoes: &[Laid], places: &[Mark], claims: &[Claim]) -> String {
    let mut out = format!(
        "Board: {} on {}.",
        count_of(dominoes.len(), "domino", "dominoes"),
        count_of(squares.len(), "square", "squares")
    );
    let rank = |at: At| {
        squares
            .iter()
            .find(|s| s.at == at)
            .map_or(String::new(), |s| s.rank.clone())
    };
    for d in dominoes {
        let halves: Vec<String> = (0..2)
            .map(|k| {
                let n = number_words(d.pips[k], &rank(d.squares[k]));
                format!("{n} at {}", square_words(d.squares[k]))
            })
            .collect();
        out += &format!(" {}-{}: {}.", d.pips[0], d.pips[1], halves.join(", "));
    }
    for c in claims {
        let how = if c.corner { " across a corner" } else { "" };
        out += &format!(
            " {} claimed {} and {}{how}.",
            c.player,
            square_words(c.squares[0]),
            square_words(c.squares[1])
        );
    }
    let mut numbers: Vec<usize> = places.iter().map(|m| m.number).collect();
    numbers.dedup();
    for n in numbers {
        let at: Vec<String> = places
            .iter()
            .filter(|m| m.number == n)
            .map(|m| square_words(m.at))
            .collect();
        out += &format!(" Place #{n}: {}.", at.join(" and "));
    }
    out
}

fn pair_words(pair: Option<[Hue; 2]>) -> String {
    match pair {
        Some([a, b]) => format!("{} and {}", a.name(), b.name()),
        None => "not lit".to_string(),
    }
}

fn hexes_words(hexes: &[Hex]) -> String {
    let mut out = format!("The Commons: {}.", count_of(hexes.len(), "Blink", "Blinks"));
    let mut rows: Vec<i32> = hexes.iter().map(|h| h.at[1]).collect();
    rows.sort_unstable();
    rows.dedup();
    for (i, r) in rows.iter().enumerate() {
        let mut row: Vec<&Hex> = hexes.iter().filter(|h| h.at[1] == *r).collect();
        row.sort_by_key(|h| h.at[0]);
        let blinks: Vec<String> = row
            .iter()
            .map(|h| {
                let whose = if h.common { "common " } else { "" };
                format!(
                    "{whose}{}: left {}, right {}",
                    h.name,
                    pair_words(h.pairs[0]),
                    pair_words(h.pairs[1])
                )
            })
            .collect();
        out += &format!(" Row {}: {}.", i + 1, blinks.join("; "));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_of_squares_in_words() {
        let b = Board::Squares {
            squares: vec![
                Spot {
                    at: [0, 0],
                    number: 6,
                    rank: "6".into(),
                },
                Spot {
                    at: [1, 0],
                    number: 0,
                    rank: "K".into(),
                },
            ],
            dominoes: vec![Laid {
                code: "6-0@0,0h".into(),
                squares: [[0, 0], [1, 0]],
                pips: [6, 0],
            }],
            places: vec![
                Mark {
                    at: [2, 0],
                    number: 1,
                },
                Mark {
                    at: [3, 0],
                    number: 1,
                },
            ],
            claims: Vec::new(),
        };
        assert_eq!(
            b.words(),
            "Board: 1 domino on 2 squares. 6-0: 6 at column 0 row 0, 0 (K) at column 1 row 0. Place #1: column 2 row 0 and column 3 row 0."
        );
        assert_eq!(b.len(), 2);
    }
}
