//! Kingmaker's layout notation read (and its error drawn, as `kingmaker score` does) at
//! 1×, 10× and 100× the input size, for the shapes of input that once cost time in the
//! square of their length: one long pair of bad letters (a problem per letter, each once
//! quoting the whole pair), a long pair of good ones, a row of many bad Blinks, many rows,
//! and one name written many times.
//!
//! Plain `std::time` over many iterations (no criterion, as benches/pokino_runs.rs). A
//! linear parser takes about ten times as long at each step up; the last column gives the
//! time per input byte, which stays about the same.
//!
//! Run: `cargo bench --bench kingmaker_layout`

use std::hint::black_box;
use std::time::{Duration, Instant};

use kado::diag::Source;
use kado::kingmaker::layout;

/// The rest of a layout after its first Blink's left pair.
const REST: &str = "-YB RR-GB bo:YY-BG / GG-RY BB-RY / cy:RY-GB YG-RR dee:BB-GY";

/// A layout of about `n` bytes in the given shape.
fn input(shape: &str, n: usize) -> String {
    match shape {
        "bad pair" => format!("ana:{}{REST}", "X".repeat(n)),
        "long pair" => format!("ana:{}{REST}", "R".repeat(n)),
        "bad Blinks" => "RG-YX ".repeat(n / 6),
        "many rows" => "RG-YB / ".repeat(n / 8),
        "one name" => "ana:RG-YB ".repeat(n / 10),
        _ => unreachable!("a shape of this benchmark"),
    }
}

/// Reads the layout and draws its error: what one `kingmaker score` does with it.
fn read(text: &str) -> usize {
    let src = Source::new("argument LAYOUT", text);
    match layout::read(&src) {
        Ok((l, _)) => l.to_string().len(),
        Err(e) => e.render().len(),
    }
}

/// The fastest time of one call, over batches of about a tenth of a second each.
fn measure(text: &str) -> Duration {
    let start = Instant::now();
    black_box(read(black_box(text)));
    let once = start.elapsed().max(Duration::from_nanos(1));
    let per_batch = (Duration::from_millis(100).as_nanos() / once.as_nanos()).clamp(1, 10_000);
    let per_batch = u32::try_from(per_batch).unwrap_or(1);
    (0..7)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..per_batch {
                black_box(read(black_box(text)));
            }
            start.elapsed() / per_batch
        })
        .min()
        .unwrap_or(once)
}

fn main() {
    println!("| Input | Bytes | Time per call | Per byte |");
    println!("|---|---|---|---|");
    for shape in [
        "bad pair",
        "long pair",
        "bad Blinks",
        "many rows",
        "one name",
    ] {
        for n in [600, 6_000, 60_000] {
            let text = input(shape, n);
            let t = measure(&text);
            let per_byte = t.as_nanos() as f64 / text.len() as f64;
            println!("| {shape} | {} | {t:.2?} | {per_byte:.1} ns |", text.len());
        }
    }
}
