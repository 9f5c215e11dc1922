//! Charts for a terminal (block characters) and as SVG images, from the library's plain
//! series (`kado::history::Series`, `kado::history::histogram`). Pure text: the command
//! line decides when a terminal gets a chart and when a table.

use std::fmt::Write;

use kado::history::Series;

/// The eight heights of a block column, lowest first.
const BLOCKS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

/// One block per value, scaled between `lo` and `hi`.
fn blocks(values: &[f64], lo: f64, hi: f64) -> String {
    let span = (hi - lo).max(f64::EPSILON);
    values
        .iter()
        .map(|v| {
            let k = (((v - lo) / span) * 7.0).round().clamp(0.0, 7.0) as usize;
            BLOCKS[k]
        })
        .collect()
}

fn bounds(series: &[Series]) -> (f64, f64) {
    let all = series.iter().flat_map(|s| s.values.iter().copied());
    let lo = all.clone().fold(f64::INFINITY, f64::min).min(0.0);
    let hi = all.fold(f64::NEG_INFINITY, f64::max);
    if hi.is_finite() { (lo, hi) } else { (0.0, 1.0) }
}

/// Several series on one scale, a row of blocks each, with the first and last values:
/// `ana   ▃▄▅▆▇█  50 → 120`. `fmt` writes a value.
pub fn rows(series: &[Series], fmt: impl Fn(f64) -> String) -> String {
    let (lo, hi) = bounds(series);
    let width = series
        .iter()
        .map(|s| s.name.chars().count())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for s in series {
        let first = s.values.first().map_or(String::new(), |v| fmt(*v));
        let last = s.values.last().map_or(String::new(), |v| fmt(*v));
        let _ = writeln!(
            out,
            "{:<width$}  {}  {first} → {last}",
            s.name,
            blocks(&s.values, lo, hi)
        );
    }
    out
}

/// Horizontal bars: one line per (label, count), the longest bar `width` wide.
pub fn bars(items: &[(String, u32)], width: usize) -> String {
    let most = items.iter().map(|(_, n)| *n).max().unwrap_or(0).max(1);
    let label = items
        .iter()
        .map(|(l, _)| l.chars().count())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for (l, n) in items {
        let len = (*n as usize * width).div_ceil(most as usize);
        let _ = writeln!(out, "{l:>label$} {} {n}", "█".repeat(len));
    }
    out
}

/// Escapes text for SVG.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

const COLOURS: [&str; 6] = [
    "#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e", "#e6ab02",
];

/// Series as lines on one chart, with a legend: an SVG document.
pub fn svg_lines(title: &str, series: &[Series]) -> String {
    let (w, h, pad) = (640.0, 360.0, 40.0);
    let (lo, hi) = bounds(series);
    let span = (hi - lo).max(f64::EPSILON);
    let longest = series.iter().map(|s| s.values.len()).max().unwrap_or(0);
    let x = |i: usize| pad + (w - 2.0 * pad) * i as f64 / (longest.max(2) - 1) as f64;
    let y = |v: f64| h - pad - (h - 2.0 * pad) * (v - lo) / span;
    let mut out = svg_head(w, h, title);
    for (k, s) in series.iter().enumerate() {
        let colour = COLOURS[k % COLOURS.len()];
        let points: Vec<String> = s
            .values
            .iter()
            .enumerate()
            .map(|(i, v)| format!("{:.1},{:.1}", x(i), y(*v)))
            .collect();
        let _ = writeln!(
            out,
            "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\" points=\"{}\"/>",
            points.join(" ")
        );
        let _ = writeln!(
            out,
            "<text x=\"{:.0}\" y=\"{:.0}\" fill=\"{colour}\">{}</text>",
            w - pad + 4.0 - 120.0,
            pad + 16.0 * (k as f64 + 1.0),
            esc(&s.name)
        );
    }
    let _ = writeln!(
        out,
        "<text x=\"4\" y=\"{:.0}\">{}</text>\n<text x=\"4\" y=\"{:.0}\">{}</text>",
        y(hi) + 4.0,
        hi,
        y(lo) + 4.0,
        lo
    );
    out + "</svg>\n"
}

/// Bars, one per (label, count): an SVG document.
pub fn svg_bars(title: &str, items: &[(String, u32)]) -> String {
    let (w, h, pad) = (640.0, 360.0, 40.0);
    let most = f64::from(items.iter().map(|(_, n)| *n).max().unwrap_or(0).max(1));
    let bw = (w - 2.0 * pad) / items.len().max(1) as f64;
    let mut out = svg_head(w, h, title);
    for (i, (label, n)) in items.iter().enumerate() {
        let bh = (h - 2.0 * pad) * f64::from(*n) / most;
        let x = pad + bw * i as f64;
        let _ = writeln!(
            out,
            "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{bh:.1}\" fill=\"{}\"/>\n<text x=\"{:.1}\" y=\"{:.0}\" text-anchor=\"middle\">{}</text>\n<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{n}</text>",
            h - pad - bh,
            bw * 0.8,
            COLOURS[0],
            x + bw * 0.4,
            h - pad + 16.0,
            esc(label),
            x + bw * 0.4,
            h - pad - bh - 4.0
        );
    }
    out + "</svg>\n"
}

fn svg_head(w: f64, h: f64, title: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n<text x=\"{}\" y=\"20\" text-anchor=\"middle\" font-size=\"14\">{}</text>\n",
        w / 2.0,
        esc(title)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_share_one_scale() {
        let s = [
            Series {
                name: "ana".into(),
                values: vec![0.0, 50.0, 100.0],
            },
            Series {
                name: "ALORA".into(),
                values: vec![100.0, 50.0, 0.0],
            },
        ];
        assert_eq!(
            rows(&s, |v| format!("${v}")),
            "ana    ▁▅█  $0 → $100\nALORA  █▅▁  $100 → $0\n"
        );
    }

    #[test]
    fn bars_by_hand() {
        let counts = [("0".to_string(), 1), ("1".to_string(), 2)];
        assert_eq!(bars(&counts, 4), "0 ██ 1\n1 ████ 2\n");
        let h = kado::history::histogram(&[0, 1, 1, 4], 5);
        assert_eq!(bars(&h, 2), "0 █ 1\n1 ██ 2\n2  0\n3  0\n4 █ 1\n");
    }

    #[test]
    fn svg_is_a_document_and_escapes_names() {
        let s = svg_lines(
            "a<b",
            &[Series {
                name: "x&y".into(),
                values: vec![1.0, 2.0],
            }],
        );
        assert!(s.starts_with("<svg "), "{s}");
        assert!(s.ends_with("</svg>\n"));
        assert!(s.contains("a&lt;b") && s.contains("x&amp;y"));
        assert!(svg_bars("t", &[("0".into(), 3)]).contains("<rect x="));
    }
}
