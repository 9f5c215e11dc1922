//! Man pages and shell completions, both generated from the clap definition.

use std::path::Path;

use clap::CommandFactory;

use crate::args::Cli;
use crate::ctx::{Failure, Outcome};

pub fn completions(shell: clap_complete::Shell) -> Outcome {
    let mut cmd = Cli::command();
    let mut buf: Vec<u8> = Vec::new();
    clap_complete::generate(shell, &mut cmd, "kado", &mut buf);
    crate::ctx::write_out(
        &mut std::io::stdout().lock(),
        &String::from_utf8_lossy(&buf),
    )
}

/// Writes `kado.1` and a page per subcommand (`kado-kinkado.1`, …), as `clap_mangen`
/// renders them, with every non-ASCII character written as groff's `\[uXXXX]` so that
/// the pages render without a UTF-8 preprocessor (`groff -man` as well as `man`).
pub fn man_pages(dir: &Path) -> Outcome {
    let internal =
        |e: std::io::Error| Failure::Internal(crate::ctx::Internal::Write("man pages", e));
    std::fs::create_dir_all(dir).map_err(internal)?;
    let mut cmd = Cli::command().disable_help_subcommand(true);
    cmd.build();
    write_pages(&cmd, dir).map_err(internal)
}

/// The page of `cmd`, then those of its visible subcommands, depth first.
fn write_pages(cmd: &clap::Command, dir: &Path) -> std::io::Result<()> {
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        write_pages(sub, dir)?;
    }
    let man = clap_mangen::Man::new(cmd.clone());
    let mut page: Vec<u8> = Vec::new();
    man.render(&mut page)?;
    let text = ascii_roff(&String::from_utf8_lossy(&page));
    std::fs::write(dir.join(man.get_filename()), text)
}

/// Roff text with each non-ASCII character as a groff Unicode escape (`♠` → `\[u2660]`).
pub fn ascii_roff(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            out += &format!("\\[u{:04X}]", u32::from(c));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::ascii_roff;

    #[test]
    fn non_ascii_becomes_groff_escapes() {
        assert_eq!(
            ascii_roff("A♠ Kādo 🃏"),
            "A\\[u2660] K\\[u0101]do \\[u1F0CF]"
        );
    }
}
