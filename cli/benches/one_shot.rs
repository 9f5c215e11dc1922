//! Kin Kādo's one-shot commands through the release binary, start to answer: the best
//! and the median of 50 runs each (BENCHMARKS.md, section "Kin Kādo evaluator").
//!
//! `cargo bench --bench one_shot` prints one line per command.

use std::time::{Duration, Instant};

/// The release binary's one-shot commands, start to answer.
fn main() {
    println!("\n## one-shot commands (release binary, start to answer; best and median of 50)");
    let exe = env!("CARGO_BIN_EXE_kado");
    let runs: [&[&str]; 6] = [
        &["kinkado", "hand", "AS KS QS JS JK"],
        &["kinkado", "alora", "hand", "KS KH 2C 7D 9S JK JK"],
        &["--json", "kinkado", "alora", "hand", "2S 5H 9C JD KS JK JK"],
        &["kinkado", "alora", "sell", "KS 2H 9C 3D QS 7H 10C"],
        &[
            "kinkado", "alora", "buy", "--market", "2S 7H KD", "--stash", "30",
        ],
        &[
            "kinkado",
            "showdown",
            "--seat",
            "ana=KS,KH@5",
            "--alora",
            "2S 2H 2C 9D 4S JK@10",
            "--pool",
            "12",
        ],
    ];
    for args in runs {
        let mut times = run_times(exe, args, 50);
        times.sort();
        println!(
            "kado {:<70} best {:5.2} ms, median {:5.2} ms",
            shell_words(args),
            times[0].as_secs_f64() * 1e3,
            times[25].as_secs_f64() * 1e3
        );
    }
}

/// How long each of `n` runs of `exe` with `args` took; every run must succeed.
fn run_times(exe: &str, args: &[&str], n: usize) -> Vec<Duration> {
    (0..n)
        .map(|_| {
            let t = Instant::now();
            let out = std::process::Command::new(exe).args(args).output();
            let d = t.elapsed();
            assert!(
                out.is_ok_and(|o| o.status.success()),
                "kado {args:?} failed"
            );
            d
        })
        .collect()
}

/// Arguments as typed at a shell: those with a space in quotes.
fn shell_words(args: &[&str]) -> String {
    args.iter()
        .map(|a| {
            if a.contains(' ') {
                format!("'{a}'")
            } else {
                a.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}
