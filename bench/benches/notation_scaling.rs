//! Every notation read (and its error drawn) at 1×, 10× and 100× the input size, each in a
//! shape that reads and a shape full of mistakes: a linear reader takes about ten times as
//! long at each step up, and the last column (time per input byte) stays about the same.
//! Kingmaker's layouts have their own benchmark (benches/kingmaker_layout.rs).
//!
//! Plain `std::time` over many iterations (no criterion, as benches/pokino_runs.rs).
//!
//! Run: `cargo bench --bench notation_scaling`

use std::hint::black_box;
use std::time::{Duration, Instant};

use kado::diag::{Error, Source};

/// What reading gives: a size to keep, the error drawn when there is one.
fn size<T>(read: Result<T, Error>, of: impl Fn(&T) -> usize) -> usize {
    match read {
        Ok(v) => of(&v),
        Err(e) => e.render().len(),
    }
}

/// Reads `text` as the notation `kind`.
fn read(kind: &str, text: &str) -> usize {
    let src = Source::new("input", text);
    match kind {
        "cards" => size(kado::notation::parse_cards(text, "input"), Vec::len),
        "hanafuda" => size(kado::koikoi::cards::parse_checked(&src), Vec::len),
        "pokino board" => size(kado::pokino::board::parse_board(&src), Vec::len),
        "pokino borders" => size(kado::pokino::board::parse_borders(&src), Vec::len),
        "kinkado record" => size(kado::kinkado::record::parse(&src), |r| r.lines.len()),
        "kinga record" => size(kado::kinga::record::parse(&src), Vec::len),
        "koikoi record" => size(kado::koikoi::record::parse(&src), |r| r.lines.len()),
        "pokino record" => size(kado::pokino::record::parse(&src), Vec::len),
        _ => unreachable!("a notation of this benchmark"),
    }
}

/// About `n` bytes of `kind`, good (`bad` false) or with a mistake in every item.
fn input(kind: &str, bad: bool, n: usize) -> String {
    let unit = match (kind, bad) {
        ("cards", false) => "AS KH 10D JK ",
        ("cards", true) => "AS KX 1D ZZ ",
        ("hanafuda", false) => "1b 1r 2a 3p ",
        ("hanafuda", true) => "1x 13b zz 9 ",
        ("pokino board", false) => "6-4@0,0h 1-3@0,1h ",
        ("pokino board", true) => "6-4@0,0q 13-3@x,1h ",
        ("pokino borders", false) => "0,0-0,1 1,1-1,2 ",
        ("pokino borders", true) => "0,0-5,5 a,b-1,2 ",
        ("kinkado record", false) => "players: ana ALORA\nround 1\nprize: 9H\nana sells nothing\n",
        ("kinkado record", true) => "players: ana ALORA\nround x\nprize: 9Q\nana sellz nothing\n",
        ("kinga record", false) => "deck: real\ndraw 2S AS 2C 2H\n1. 2S 2C 2H > 3S\n",
        ("kinga record", true) => "deck: real\ndraw 2S AX 2C\n1. 2S 2C ~ 3S\n",
        ("koikoi record", false) => "players: ana ben\n",
        ("koikoi record", true) => "players: ana\nfly 1b\n",
        ("pokino record", false) => "players: ana ben\n",
        ("pokino record", true) => "players: ana ben\nana dominoe 6-4@0,0q\n",
        _ => unreachable!("a notation of this benchmark"),
    };
    unit.repeat((n / unit.len()).max(1))
}

/// The fastest time of one call, over batches of about a tenth of a second each.
fn measure(kind: &str, text: &str) -> Duration {
    let start = Instant::now();
    black_box(read(kind, black_box(text)));
    let once = start.elapsed().max(Duration::from_nanos(1));
    let per_batch = (Duration::from_millis(100).as_nanos() / once.as_nanos()).clamp(1, 10_000);
    let per_batch = u32::try_from(per_batch).unwrap_or(1);
    (0..5)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..per_batch {
                black_box(read(kind, black_box(text)));
            }
            start.elapsed() / per_batch
        })
        .min()
        .unwrap_or(once)
}

fn main() {
    println!("| Notation | Input | Bytes | Time per call | Per byte |");
    println!("|---|---|---|---|---|");
    for kind in [
        "cards",
        "hanafuda",
        "pokino board",
        "pokino borders",
        "kinkado record",
        "kinga record",
        "koikoi record",
        "pokino record",
    ] {
        for bad in [false, true] {
            for n in [1_000, 10_000, 100_000] {
                let text = input(kind, bad, n);
                let t = measure(kind, &text);
                let per_byte = t.as_nanos() as f64 / text.len() as f64;
                let shape = if bad { "mistakes" } else { "good" };
                println!(
                    "| {kind} | {shape} | {} | {t:.2?} | {per_byte:.1} ns |",
                    text.len()
                );
            }
        }
    }
}
