//! The README's tour is real output: every `console` block is run, command by command, and
//! what kado prints must be exactly what the README shows.

use crate::common::{kado_bin, pipe};
use std::path::Path;

/// One `$ command` of a console block and the lines the README shows after it (from
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

/// `KADO_BLESS=1` writes what kado prints into the README in place of what it showed.
#[test]
fn every_readme_console_example_gives_the_output_shown() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let bin_dir = kado_bin().parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let blocks = console_blocks(&readme);
    assert!(
        blocks.len() >= 15,
        "only {} console blocks found",
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
                    "README.md line {}: $ {}\n--- README shows:\n{}--- kado prints:\n{got}",
                    e.line, e.command, e.output
                ));
            }
        }
    }
    if std::env::var_os("KADO_BLESS").is_some() {
        let mut lines: Vec<String> = readme.lines().map(str::to_string).collect();
        for (line, count, text) in blessed.into_iter().rev() {
            let new = text.lines().map(str::to_string);
            lines.splice(line..line + count, new);
        }
        std::fs::write(root.join("README.md"), lines.join("\n") + "\n").unwrap();
        return;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The save formats this kado reads, as the README words them: "format 1", "formats 1 and
/// 2", "formats 1, 2 and 3".
fn formats_read() -> String {
    let reads: Vec<String> = kado::session::READS.iter().map(u32::to_string).collect();
    match reads.as_slice() {
        [one] => format!("reads format {one}"),
        [init @ .., last] => format!("reads formats {} and {last}", init.join(", ")),
        [] => "reads no format".to_string(),
    }
}

#[test]
fn the_readme_said_this_kado_reads_save_format_1_when_it_reads_1_and_2() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let flowing = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    let said = format!("this kado {} ", formats_read());
    assert!(
        flowing.contains(&said),
        "README.md must say `{said}` (kado::session::READS)"
    );
    // And no other sentence of it names other formats.
    assert_eq!(
        flowing.matches("kado reads format").count(),
        flowing.matches(&said).count()
    );
}
