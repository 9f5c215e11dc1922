//! The board drawn as inline SVG from its typed shapes: Pokino's dominoes on their
//! squares, Kingmaker's Commons of hexagons. The drawing scales to the page's width (a
//! `viewBox`, no fixed size); its looks are classes in kado.css (the page's policy allows
//! no inline style); what it holds is said in words in its `<title>`, for a screen reader.

use kado::view::{At, Board, Claim, Hex, Hue, Laid, Mark, PickGroup, Spot};
use maud::{Markup, html};

/// The side of a square, in the drawing's units.
const SIDE: i32 = 40;
/// Room left of the squares for the rows' labels, and above them for the columns'.
const LEFT: i32 = 26;
const TOP: i32 = 18;
/// The distance from a hexagon's centre to its corners.
const RADIUS: f64 = 44.0;
/// Letters of a Blink's name drawn in its hexagon (the whole name is in the words).
const NAME_ROOM: usize = 8;

/// The board as an SVG image, its words its accessible name.
pub fn board(b: &Board) -> Markup {
    let (view_box, shapes) = match b {
        Board::Squares {
            squares,
            dominoes,
            places,
            claims,
        } => squares_drawn(squares, dominoes, places, claims),
        Board::Hexes { hexes } => hexes_drawn(hexes),
    };
    let kind = match b {
        Board::Squares { .. } => "board squares",
        Board::Hexes { .. } => "board hexes",
    };
    html! {
        svg class=(kind) role="img" aria-labelledby="board-words" viewBox=(view_box)
            xmlns="http://www.w3.org/2000/svg" {
            title #board-words { (b.words()) }
            (shapes)
        }
    }
}

/// Pixels to the drawing's unit on a board that is a control: a square is 48 px, more
/// than a finger needs.
const CONTROL_SCALE: i32 = 6;
const CONTROL_UNITS: i32 = 5;

/// The board as the control of a question: drawn at a finger's size (in a frame that
/// scrolls where it is larger than the page), without its marks, and on each square of
/// a piece of `group` a button that taps it, pressed when picked. The buttons belong to
/// the form `compose`. A board of hexagons, or a group with no square on it, is drawn
/// as the pieces' buttons alone.
pub fn control(b: &Board, group: &PickGroup) -> Markup {
    let (squares, dominoes, claims) = match b {
        Board::Squares {
            squares,
            dominoes,
            claims,
            ..
        } => (squares, dominoes, claims),
        Board::Hexes { hexes } => return hexes_control(hexes, group),
    };
    let picked = group.picks.iter().filter_map(|p| p.at);
    let Some((lo, hi)) = bounds(squares.iter().map(|s| s.at).chain(picked)) else {
        return html! {};
    };
    let g = Grid { lo };
    let (w, h) = drawing_size(lo, hi);
    let px = |units: i32| units * CONTROL_SCALE / CONTROL_UNITS;
    html! {
        div.board-frame {
            svg.board.squares.control role="group" aria-label=(group.label)
                viewBox=(format!("0 0 {w} {h}")) width=(px(w)) height=(px(h))
                xmlns="http://www.w3.org/2000/svg" {
                (axis(lo, hi))
                @for d in dominoes { (domino(g, d)) }
                @for s in squares { (spot(g, s)) }
                @for c in claims { (claim(g, c)) }
                @for p in &group.picks {
                    @if let Some(at) = p.at {
                        @let (x, y) = g.corner(at);
                        foreignObject x=(x + 1) y=(y + 1) width=(SIDE - 2) height=(SIDE - 2) {
                            (super::pick_button(p))
                        }
                    }
                }
            }
        }
    }
}

/// The size of a drawing of the squares from `lo` to `hi`, in its units.
fn drawing_size(lo: At, hi: At) -> (i32, i32) {
    let (cols, rows) = (hi[0] - lo[0] + 1, hi[1] - lo[1] + 1);
    (LEFT + cols * SIDE + 4, TOP + rows * SIDE + 4)
}

/// The columns' numbers along the top, the rows' down the left.
fn axis(lo: At, hi: At) -> Markup {
    let (cols, rows) = (hi[0] - lo[0] + 1, hi[1] - lo[1] + 1);
    html! {
        g.axis aria-hidden="true" {
            @for i in 0..cols {
                text.col x=(LEFT + i * SIDE + SIDE / 2) y=(TOP - 5) { (lo[0] + i) }
            }
            @for j in 0..rows {
                text.row x=(LEFT - 4) y=(TOP + j * SIDE + SIDE / 2) { (lo[1] + j) }
            }
        }
    }
}

/// The top-left and bottom-right squares drawn.
fn bounds(spots: impl Iterator<Item = At>) -> Option<(At, At)> {
    spots.fold(None, |acc, [x, y]| match acc {
        None => Some(([x, y], [x, y])),
        Some(([x0, y0], [x1, y1])) => Some(([x0.min(x), y0.min(y)], [x1.max(x), y1.max(y)])),
    })
}

/// Where the board's squares are drawn: the top-left square drawn.
#[derive(Clone, Copy)]
struct Grid {
    lo: At,
}

impl Grid {
    /// The top-left corner of a square, in the drawing's units.
    fn corner(self, [x, y]: At) -> (i32, i32) {
        (
            LEFT + (x - self.lo[0]) * SIDE,
            TOP + (y - self.lo[1]) * SIDE,
        )
    }

    fn centre(self, at: At) -> (i32, i32) {
        let (x, y) = self.corner(at);
        (x + SIDE / 2, y + SIDE / 2)
    }
}

fn squares_drawn(
    squares: &[Spot],
    dominoes: &[Laid],
    places: &[Mark],
    claims: &[Claim],
) -> (String, Markup) {
    let all = squares
        .iter()
        .map(|s| s.at)
        .chain(places.iter().map(|m| m.at));
    let Some((lo, hi)) = bounds(all) else {
        return ("0 0 1 1".to_string(), html! {});
    };
    let g = Grid { lo };
    let (w, h) = drawing_size(lo, hi);
    let view_box = format!("0 0 {w} {h}");
    let markup = html! {
        (axis(lo, hi))
        @for d in dominoes { (domino(g, d)) }
        @for s in squares { (spot(g, s)) }
        @for m in places { (place(g, m)) }
        @for c in claims { (claim(g, c)) }
    };
    (view_box, markup)
}

/// A domino: one rounded piece over its two squares, a thin line between its halves.
fn domino(g: Grid, d: &Laid) -> Markup {
    let [a, b] = d.squares;
    let (ax, ay) = g.corner([a[0].min(b[0]), a[1].min(b[1])]);
    let across = a[1] == b[1];
    let (w, h) = if across {
        (2 * SIDE, SIDE)
    } else {
        (SIDE, 2 * SIDE)
    };
    let (lx, ly, lx2, ly2) = if across {
        (ax + SIDE, ay + 8, ax + SIDE, ay + SIDE - 8)
    } else {
        (ax + 8, ay + SIDE, ax + SIDE - 8, ay + SIDE)
    };
    html! {
        rect.domino x=(ax + 2) y=(ay + 2) width=(w - 4) height=(h - 4) rx="6" {}
        line.half x1=(lx) y1=(ly) x2=(lx2) y2=(ly2) {}
    }
}

/// A square's number, and the rank it stands for when that differs (`K` for 0).
fn spot(g: Grid, s: &Spot) -> Markup {
    let (x, y) = g.centre(s.at);
    let ranked = s.rank != s.number.to_string();
    html! {
        text.pip x=(x) y=(y) { (s.number) }
        @if ranked {
            text.rank x=(x + SIDE / 2 - 6) y=(y + SIDE / 2 - 9) { (s.rank) }
        }
    }
}

/// An empty square where a domino may be laid, with its number.
fn place(g: Grid, m: &Mark) -> Markup {
    let (x, y) = g.corner(m.at);
    html! {
        rect.place x=(x + 4) y=(y + 4) width=(SIDE - 8) height=(SIDE - 8) rx="4" {}
        text.place-n x=(x + SIDE / 2) y=(y + SIDE / 2) { "#" (m.number) }
    }
}

/// A claimed pair: a red line on the side the squares share (or across the corner where
/// they meet), and a dot with the claimer's initial.
fn claim(g: Grid, c: &Claim) -> Markup {
    let [a, b] = c.squares;
    // The corner (or side) shared: the larger coordinate where the two differ.
    let (x0, y0) = g.corner([a[0].max(b[0]), a[1].max(b[1])]);
    let ((x1, y1), (x2, y2)) = if c.corner {
        // From the upper square's centre side to the lower's: down-right or down-left.
        let (up, down) = if a[1] < b[1] { (a, b) } else { (b, a) };
        let dx = if down[0] > up[0] { 10 } else { -10 };
        ((x0 - dx, y0 - 10), (x0 + dx, y0 + 10))
    } else if a[1] == b[1] {
        ((x0, y0 + 4), (x0, y0 + SIDE - 4))
    } else {
        ((x0 + 4, y0), (x0 + SIDE - 4, y0))
    };
    let (mx, my) = ((x1 + x2) / 2, (y1 + y2) / 2);
    let initial: String = c.player.chars().take(1).collect();
    html! {
        line.claim x1=(x1) y1=(y1) x2=(x2) y2=(y2) {}
        circle.claim-dot cx=(mx) cy=(my) r="8" {}
        text.claim-by x=(mx) y=(my) { (initial) }
    }
}

/// A number in the drawing's units, to a tenth.
fn n(v: f64) -> String {
    format!("{v:.1}")
}

fn hexes_drawn(hexes: &[Hex]) -> (String, Markup) {
    let Some(frame) = hex_frame(hexes.iter().map(|h| h.at)) else {
        return ("0 0 1 1".to_string(), html! {});
    };
    let w = half_width();
    let markup = html! {
        @for h in hexes { (hex(h, hex_centre(h.at), w)) }
    };
    (frame.view_box(), markup)
}

/// The corners of the hexagon centred at `(cx, cy)`, `w` its half width, as SVG points.
fn hex_points((cx, cy): (f64, f64), w: f64) -> String {
    let r = RADIUS;
    let corners = [
        (0.0, -r),
        (w, -r / 2.0),
        (w, r / 2.0),
        (0.0, r),
        (-w, r / 2.0),
        (-w, -r / 2.0),
    ];
    let points: Vec<String> = (corners.iter())
        .map(|(x, y)| format!("{},{}", n(cx + x), n(cy + y)))
        .collect();
    points.join(" ")
}

/// Half a hexagon's width, in the drawing's units.
fn half_width() -> f64 {
    RADIUS * 3f64.sqrt() / 2.0
}

/// The centre of the hexagon at `[q, r]`, in the drawing's units.
fn hex_centre([q, r]: At) -> (f64, f64) {
    (
        half_width() * f64::from(2 * q + r),
        1.5 * RADIUS * f64::from(r),
    )
}

/// The box around hexagons: its top-left corner, width and height.
struct Frame {
    x: f64,
    y: f64,
    w: f64,
    h: f64,
}

impl Frame {
    fn view_box(&self) -> String {
        format!("{} {} {} {}", n(self.x), n(self.y), n(self.w), n(self.h))
    }
}

/// The box around the hexagons at `ats` (none: no hexagon).
fn hex_frame(ats: impl Iterator<Item = At>) -> Option<Frame> {
    let centres: Vec<(f64, f64)> = ats.map(hex_centre).collect();
    let lo = |f: fn(&(f64, f64)) -> f64| centres.iter().map(f).fold(f64::INFINITY, f64::min);
    let hi = |f: fn(&(f64, f64)) -> f64| centres.iter().map(f).fold(f64::NEG_INFINITY, f64::max);
    if centres.is_empty() {
        return None;
    }
    let w = half_width();
    let (min_x, min_y) = (lo(|c| c.0), lo(|c| c.1));
    Some(Frame {
        x: min_x - w - 2.0,
        y: min_y - RADIUS - 2.0,
        w: hi(|c| c.0) - min_x + 2.0 * w + 4.0,
        h: hi(|c| c.1) - min_y + 2.0 * RADIUS + 4.0,
    })
}

/// The Commons as the control of a question: the Blinks drawn, and on each hexagon a
/// piece of `group` would fill, a button that taps it.
fn hexes_control(hexes: &[Hex], group: &PickGroup) -> Markup {
    let targets = group.picks.iter().filter_map(|p| p.at);
    let Some(frame) = hex_frame(hexes.iter().map(|h| h.at).chain(targets)) else {
        return html! {};
    };
    let w = half_width();
    let side = 1.2 * w;
    let px = |units: f64| (units * f64::from(CONTROL_SCALE) / f64::from(CONTROL_UNITS)).round();
    html! {
        div.board-frame {
            svg.board.hexes.control role="group" aria-label=(group.label)
                viewBox=(frame.view_box()) width=(px(frame.w)) height=(px(frame.h))
                xmlns="http://www.w3.org/2000/svg" {
                @for h in hexes { (hex(h, hex_centre(h.at), w)) }
                @for at in group.picks.iter().filter_map(|p| p.at) {
                    polygon.target points=(hex_points(hex_centre(at), w)) {}
                }
                @for p in &group.picks {
                    @if let Some(at) = p.at {
                        @let (cx, cy) = hex_centre(at);
                        foreignObject x=(n(cx - side / 2.0)) y=(n(cy - side / 2.0))
                            width=(n(side)) height=(n(side)) {
                            (super::pick_button(p))
                        }
                    }
                }
            }
        }
    }
}

/// A Blink: its hexagon, its name, its left pair down its left side and its right pair
/// down its right side, each face its colour with its letter on it (`·`: not lit).
fn hex(h: &Hex, (cx, cy): (f64, f64), w: f64) -> Markup {
    let points = hex_points((cx, cy), w);
    let kind = if h.common { "hex common" } else { "hex" };
    let mut name: String = h.name.chars().take(NAME_ROOM).collect();
    if h.name.chars().count() > NAME_ROOM {
        name.pop();
        name.push('…');
    }
    html! {
        polygon class=(kind) points=(points) {}
        text.hex-name x=(n(cx)) y=(n(cy - 14.0)) { (name) }
        @for (side, pair) in h.pairs.iter().enumerate() {
            @for k in 0..2 {
                (face(
                    cx + if side == 0 { -17.0 } else { 17.0 },
                    cy + 2.0 + 18.0 * k as f64,
                    pair.map(|p| p[k]),
                ))
            }
        }
    }
}

fn face(x: f64, y: f64, hue: Option<Hue>) -> Markup {
    let (kind, letter) = match hue {
        Some(h) => (format!("hue-{}", h.name()), h.letter()),
        None => ("hue-dark".to_string(), '·'),
    };
    html! {
        rect class=(format!("face {kind}")) x=(n(x - 8.0)) y=(n(y - 8.0)) width="16" height="16" rx="3" {}
        text class=(format!("letter {kind}")) x=(n(x)) y=(n(y)) { (letter) }
    }
}
