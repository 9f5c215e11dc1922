//! The Commons drawn as hexagons in the terminal.
//!
//! The Blinks are pointy-top hexagons whose rows run left to right, three, two and three,
//! each row shifted half a Blink from the next so that touching Blinks share an edge. A
//! Blink shows its name (a player's, or `common`), then its left pair down its left side
//! and its right pair down its right side:
//!
//! ```text
//!    / \
//!  /     \
//! |  ana  |
//! | R   Y |
//! | G   B |
//!  \     /
//!    \ /
//! ```

use crate::render::Style;
use crate::view;

use super::layout::{Colour, Layout, Pair, Slot};

/// Columns between the left edges of two Blinks side by side.
const PERIOD: usize = 8;
/// Lines of each sloping edge.
const SLOPE: usize = 3;
/// Lines of straight sides (name and two faces).
const BODY: usize = 3;
/// Width of the inside of a Blink.
const INSIDE: usize = PERIOD - 1;

/// One character place of the picture: a plain character, or a face in colour.
#[derive(Clone, PartialEq, Eq)]
enum Cell {
    Char(char),
    /// A letter that may be wide (two columns) or carry combining marks.
    Wide(String),
    /// The second column of a wide letter: prints nothing.
    Covered,
    Face(Option<Colour>),
}

/// The mark of a light's colour in a surface's marks.
fn light(marks: &crate::render::Marks, c: Colour) -> &'static str {
    let i = Colour::ALL.iter().position(|x| *x == c).unwrap_or(0);
    marks.lights[i]
}

/// Where a slot's Blink is drawn: its left edge column and its top line.
fn origin(slot: Slot) -> (usize, usize) {
    let (q, r) = slot.axial();
    // Half-Blink steps from the left: 2q + r, shifted so the leftmost is 0.
    let half = usize::try_from(2 * q + r + 1).unwrap_or(0);
    let (row, _) = slot.row_col();
    (half * PERIOD / 2, row * (SLOPE + BODY))
}

fn label(layout: &Layout, slot: Slot) -> String {
    if slot.is_corner() {
        layout.player(slot)
    } else {
        "common".to_string()
    }
}

/// The name cut to `room` columns (with `…` when cut): its letters, each with the
/// columns it takes on a terminal, and the width in all.
fn fit(name: &str, room: usize) -> (Vec<(String, usize)>, usize) {
    use unicode_width::UnicodeWidthStr;
    let mut letters: Vec<(String, usize)> = Vec::new();
    for c in name.chars() {
        let w = c.to_string().width();
        match letters.last_mut() {
            // A combining mark joins the letter before it.
            Some((t, _)) if w == 0 => t.push(c),
            _ if w == 0 => {}
            _ => letters.push((c.to_string(), w)),
        }
    }
    let total: usize = letters.iter().map(|(_, w)| w).sum();
    if total > room {
        let mut used = 0;
        letters.retain(|(_, w)| {
            used += w;
            used < room
        });
        letters.push(("…".to_string(), 1));
    }
    let width = letters.iter().map(|(_, w)| w).sum();
    (letters, width)
}

fn put(grid: &mut [Vec<Cell>], x: usize, y: usize, cell: Cell) {
    if let Some(place) = grid.get_mut(y).and_then(|row| row.get_mut(x)) {
        *place = cell;
    }
}

fn faces(p: Pair) -> [Option<Colour>; 2] {
    match p {
        Some([a, b]) => [Some(a), Some(b)],
        None => [None, None],
    }
}

/// The layout drawn as hexagons: each face its colour's letter, in that colour when colour
/// is on; `·` for a face not lit.
pub fn draw(layout: &Layout, style: Style) -> String {
    let labels: [Option<String>; 8] = Slot::ALL.map(|slot| Some(label(layout, slot)));
    draw_with(layout, &labels, style)
}

/// The layout drawn with a label for each place; a place without one is left empty (a
/// Commons still being built).
pub fn draw_with(layout: &Layout, labels: &[Option<String>; 8], style: Style) -> String {
    // The rightmost Blinks start four half-Blinks in.
    let width = 4 * PERIOD / 2 + PERIOD + 1;
    let height = 3 * (SLOPE + BODY) + SLOPE;
    let mut grid = vec![vec![Cell::Char(' '); width]; height];
    for slot in Slot::ALL {
        let Some(text) = &labels[slot.index()] else {
            continue;
        };
        let b = layout.blink(slot);
        put_blink(&mut grid, origin(slot), text, b.left, b.right);
    }
    render(grid, style)
}

/// A Blink drawn with its top-left corner at `(x0, y0)`: its edges, its label, its faces.
fn put_blink(
    grid: &mut [Vec<Cell>],
    (x0, y0): (usize, usize),
    text: &str,
    left: Pair,
    right: Pair,
) {
    for k in 0..SLOPE {
        put(grid, x0 + SLOPE - k, y0 + k, Cell::Char('/'));
        put(grid, x0 + SLOPE + 2 + k, y0 + k, Cell::Char('\\'));
        let yb = y0 + SLOPE + BODY + k;
        put(grid, x0 + 1 + k, yb, Cell::Char('\\'));
        put(grid, x0 + PERIOD - 1 - k, yb, Cell::Char('/'));
    }
    for k in 0..BODY {
        put(grid, x0, y0 + SLOPE + k, Cell::Char('|'));
        put(grid, x0 + PERIOD, y0 + SLOPE + k, Cell::Char('|'));
    }
    let (name, w) = fit(text, INSIDE);
    let pad = (INSIDE - w) / 2;
    let mut x = x0 + 1 + pad;
    for (text, cw) in name {
        put(grid, x, y0 + SLOPE, Cell::Wide(text));
        for k in 1..cw {
            put(grid, x + k, y0 + SLOPE, Cell::Covered);
        }
        x += cw;
    }
    for (k, (l, r)) in faces(left).into_iter().zip(faces(right)).enumerate() {
        put(grid, x0 + 2, y0 + SLOPE + 1 + k, Cell::Face(l));
        put(grid, x0 + PERIOD - 2, y0 + SLOPE + 1 + k, Cell::Face(r));
    }
}

/// Blinks drawn where they sit on the grid, by axial coordinates `(q, r)`, each with its
/// label and pairs: a Commons of one or two commons, before its 3-2-3 turn is known.
pub fn draw_at(blinks: &[((i32, i32), String, Pair, Pair)], style: Style) -> String {
    let half = |(q, r): (i32, i32)| 2 * q + r;
    let min_half = blinks.iter().map(|b| half(b.0)).min().unwrap_or(0);
    let min_row = blinks.iter().map(|b| b.0.1).min().unwrap_or(0);
    let place = |at: (i32, i32)| {
        let h = usize::try_from(half(at) - min_half).unwrap_or(0);
        let row = usize::try_from(at.1 - min_row).unwrap_or(0);
        (h * PERIOD / 2, row * (SLOPE + BODY))
    };
    let (width, height) = blinks.iter().fold((0, 0), |(w, h), b| {
        let (x, y) = place(b.0);
        (w.max(x + PERIOD + 1), h.max(y + 2 * SLOPE + BODY))
    });
    let mut grid = vec![vec![Cell::Char(' '); width]; height];
    for (at, text, left, right) in blinks {
        put_blink(&mut grid, place(*at), text, *left, *right);
    }
    render(grid, style)
}

/// A colour as a surface draws it.
fn hue(c: Colour) -> view::Hue {
    match c {
        Colour::Red => view::Hue::Red,
        Colour::Yellow => view::Hue::Yellow,
        Colour::Green => view::Hue::Green,
        Colour::Blue => view::Hue::Blue,
    }
}

/// Blinks as shapes, for a surface that draws them, in reading order: each where it
/// sits by axial coordinates `(q, r)`, with its name (a player's, or a common's `c1`) and
/// its pairs as lit.
pub fn hexes(blinks: &[((i32, i32), String, Pair, Pair)]) -> view::Board {
    let pair = |p: Pair| p.map(|[a, b]| [hue(a), hue(b)]);
    let mut hexes: Vec<view::Hex> = blinks
        .iter()
        .map(|((q, r), name, left, right)| view::Hex {
            at: [*q, *r],
            name: name.clone(),
            common: super::record::common_index(name).is_some(),
            pairs: [pair(*left), pair(*right)],
        })
        .collect();
    hexes.sort_by_key(|h| (h.at[1], h.at[0]));
    view::Board::Hexes { hexes }
}

/// The grid as text, faces in colour when colour is on.
fn render(grid: Vec<Vec<Cell>>, style: Style) -> String {
    let mut out = String::new();
    for row in grid {
        let mut line = String::new();
        for cell in row {
            match cell {
                Cell::Char(c) => line.push(c),
                Cell::Wide(t) => line += &t,
                Cell::Covered => {}
                Cell::Face(None) => line.push('·'),
                // The letter in its colour, so colours that look alike to some eyes
                // (red and green) still read apart.
                Cell::Face(Some(c)) => match style.marks {
                    Some(m) => line += &format!("{}{}{}", light(m, c), c.letter(), m.reset),
                    None => line.push(c.letter()),
                },
            }
        }
        out += line.trim_end();
        out.push('\n');
    }
    // A Commons still being built may leave its lowest rows empty.
    let kept = out.trim_end_matches('\n').len();
    out.truncate(kept);
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_the_example() {
        let l: Layout = "ana:RG-YB RR-GB bo:YY-BG / GG-RY BB-RY / cy:RY-GB YG-RR dee:BB-GY"
            .parse()
            .unwrap();
        let want = r"   / \     / \     / \
  /   \   /   \   /   \
 /     \ /     \ /     \
|  ana  |common |  bo   |
| R   Y | R   G | Y   B |
| G   B | R   B | Y   G |
 \     / \     / \     /
  \   /   \   /   \   /
   \ /     \ /     \ /
    |common |common |
    | G   R | B   R |
    | G   Y | B   Y |
   / \     / \     / \
  /   \   /   \   /   \
 /     \ /     \ /     \
|  cy   |common |  dee  |
| R   G | Y   R | B   G |
| Y   B | G   R | B   Y |
 \     / \     / \     /
  \   /   \   /   \   /
   \ /     \ /     \ /
";
        let got = draw(&l, Style::PLAIN);
        assert_eq!(got, want);
        let lit = draw(&l, Style::marked(&crate::render::TEST_MARKS));
        assert!(lit.contains("| <R>R</>   <Y>Y</> |"), "{lit}");
    }

    /// Names are fitted by the columns they take: wide letters take two, combining
    /// marks none, and a name too long is cut with `…`.
    #[test]
    fn names_fit_their_hexagon() {
        let l: Layout = "alexandrina:RG-YB RR-GB de\u{301}e:YY-BG / GG-RY BB-RY / 名前:RY-GB YG-RR 山田太郎:BB-GY"
            .parse()
            .unwrap();
        let got = draw(&l, Style::PLAIN);
        assert!(got.contains("|alexan…|common |  de\u{301}e  |\n"), "{got}");
        assert!(got.contains("| 名前  |common |山田太…|\n"), "{got}");
    }

    /// The rules' example Commons of 8 Blinks, one pair not lit: each hexagon where its
    /// slot sits, named, its pairs as the text picture draws them.
    #[test]
    fn hexes_of_a_commons_of_eight_blinks() {
        let l: Layout = "ana:RG-.. RR-GB bo:YY-BG / GG-RY BB-RY / cy:RY-GB YG-RR dee:BB-GY"
            .parse()
            .unwrap();
        let names = ["ana", "c1", "bo", "c2", "c3", "cy", "c4", "dee"];
        let blinks: Vec<_> = Slot::ALL
            .iter()
            .zip(names)
            .map(|(slot, name)| {
                let b = l.blink(*slot);
                (slot.axial(), name.to_string(), b.left, b.right)
            })
            .collect();
        let view::Board::Hexes { hexes } = hexes(&blinks) else {
            panic!("not hexes");
        };
        assert_eq!(hexes.len(), 8);
        let at: Vec<(view::At, &str, bool)> = hexes
            .iter()
            .map(|h| (h.at, h.name.as_str(), h.common))
            .collect();
        assert_eq!(
            at,
            [
                ([0, -1], "ana", false),
                ([1, -1], "c1", true),
                ([2, -1], "bo", false),
                ([0, 0], "c2", true),
                ([1, 0], "c3", true),
                ([-1, 1], "cy", false),
                ([0, 1], "c4", true),
                ([1, 1], "dee", false)
            ]
        );
        use view::Hue::*;
        assert_eq!(hexes[0].pairs, [Some([Red, Green]), None]);
        assert_eq!(hexes[1].pairs, [Some([Red, Red]), Some([Green, Blue])]);
        assert_eq!(hexes[7].pairs, [Some([Blue, Blue]), Some([Green, Yellow])]);
        let words = view::Board::Hexes { hexes }.words();
        assert!(
            words.starts_with(
                "The Commons: 8 Blinks. Row 1: ana: left red and green, right not lit; \
                 common c1: left red and red, right green and blue; bo: left yellow and yellow, right blue and green. \
                 Row 2: common c2: "
            ),
            "{words}"
        );
        assert!(
            words.ends_with("dee: left blue and blue, right green and yellow."),
            "{words}"
        );
    }

    #[test]
    fn unlit_faces_are_dots() {
        let l: Layout = "ana:RG-.. RR-GB bo:YY-BG / GG-RY BB-RY / cy:RY-GB YG-RR dee:BB-GY"
            .parse()
            .unwrap();
        let got = draw(&l, Style::PLAIN);
        assert!(got.contains("| R   · |"), "{got}");
        assert!(got.contains("| G   · |"), "{got}");
    }
}
