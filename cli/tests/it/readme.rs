//! The README and the tour (docs/TOUR.md) are real output: every `console` block of each
//! is run, command by command, and what kado prints must be exactly what the block shows.

use crate::common::{kado_bin, pipe};

/// The tour: every command of every game, and the sections the README points to.
const TOUR: &str = "docs/TOUR.md";

/// One `$ command` of a console block and the lines the file shows after it (from
/// line `line` + 1, `lines` of them).
struct Example {
    line: usize,
    command: String,
    output: String,
    lines: usize,
}

/// The console blocks of a Markdown text, each as its examples.
fn console_blocks(text: &str) -> Vec<Vec<Example>> {
    let mut blocks = Vec::new();
    let mut current: Option<Vec<Example>> = None;
    for (i, line) in text.lines().enumerate() {
        match (&mut current, line) {
            (None, "```console") => current = Some(Vec::new()),
            (Some(_), "```") => blocks.extend(current.take()),
            (Some(block), l) => match l.strip_prefix("$ ") {
                Some(cmd) => block.push(Example {
                    line: i + 1,
                    command: cmd.to_string(),
                    output: String::new(),
                    lines: 0,
                }),
                None => {
                    if let Some(e) = block.last_mut() {
                        e.output += l;
                        e.output.push('\n');
                        e.lines += 1;
                    }
                }
            },
            (None, _) => {}
        }
    }
    blocks
}

/// Runs every console block of the Markdown file `file` (a path from the crate's root) and
/// fails, naming the file and the line of each command, where kado prints other than the
/// block shows; at least `at_least` blocks must be found. Under `KADO_BLESS=1` what kado
/// prints is written into the file in place of what it showed.
fn console_examples_give_the_output_shown(file: &str, at_least: usize) {
    let root = crate::common::top();
    let text = std::fs::read_to_string(root.join(file)).unwrap();
    let bin_dir = kado_bin().parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let blocks = console_blocks(&text);
    assert!(
        blocks.len() >= at_least,
        "{file}: only {} console blocks found",
        blocks.len()
    );
    let mut failures = Vec::new();
    // (first line, count, new text) of each output that differs, for KADO_BLESS.
    let mut blessed: Vec<(usize, usize, String)> = Vec::new();
    for block in blocks {
        // Each block in a folder of its own: a session's save file stays with its block.
        let dir = tempfile::tempdir().unwrap();
        for e in block {
            let mut sh = std::process::Command::new("sh");
            sh.arg("-c")
                .arg(format!("{} 2>&1", e.command))
                .current_dir(dir.path())
                .env("PATH", &path)
                .env("NO_COLOR", "1")
                .env_remove("COLUMNS")
                // The play history of each block is its own, and dated the same each run.
                .env("KADO_HOME", dir.path())
                .env_remove("KADO_HISTORY")
                .env("SOURCE_DATE_EPOCH", "1795424400");
            let got = pipe(sh, b"", None).unwrap().stdout;
            if got != e.output {
                blessed.push((e.line, e.lines, got.clone()));
                failures.push(format!(
                    "{file} line {}: $ {}\n--- {file} shows:\n{}--- kado prints:\n{got}",
                    e.line, e.command, e.output
                ));
            }
        }
    }
    if std::env::var_os("KADO_BLESS").is_some() {
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        for (line, count, printed) in blessed.into_iter().rev() {
            let new = printed.lines().map(str::to_string);
            lines.splice(line..line + count, new);
        }
        std::fs::write(root.join(file), lines.join("\n") + "\n").unwrap();
        return;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The README's screen of each game.
#[test]
fn every_readme_console_example_gives_the_output_shown() {
    console_examples_give_the_output_shown("README.md", 5);
}

/// The tour, every command of every game.
#[test]
fn every_tour_console_example_gives_the_output_shown() {
    console_examples_give_the_output_shown(TOUR, 30);
}

/// The save formats this kado reads, as the tour words them: "format 1", "formats 1 and
/// 2", "formats 1, 2 and 3".
fn formats_read() -> String {
    let reads: Vec<String> = kado::session::READS.iter().map(u32::to_string).collect();
    match reads.as_slice() {
        [one] => format!("reads format {one}"),
        [init @ .., last] => format!("reads formats {} and {last}", init.join(", ")),
        [] => "reads no format".to_string(),
    }
}

/// The tour's section on saved games says which formats this kado reads; neither it nor
/// the README names other formats anywhere.
#[test]
fn the_readme_said_this_kado_reads_save_format_1_when_it_reads_1_and_2() {
    let root = crate::common::top();
    let said = format!("this kado {} ", formats_read());
    for (file, must_say) in [(TOUR, true), ("README.md", false)] {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        let flowing = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            !must_say || flowing.contains(&said),
            "{file} must say `{said}` (kado::session::READS)"
        );
        // And no other sentence of it names other formats.
        assert_eq!(
            flowing.matches("kado reads format").count(),
            flowing.matches(&said).count(),
            "{file} names save formats other than `{said}`"
        );
    }
}
