//! Man pages and shell completions, both generated from the clap definition.

use std::path::Path;

use clap::CommandFactory;

use super::{Cli, Failure, Outcome};

pub fn completions(shell: clap_complete::Shell) -> Outcome {
    let mut cmd = Cli::command();
    let mut buf: Vec<u8> = Vec::new();
    clap_complete::generate(shell, &mut cmd, "kado", &mut buf);
    super::write_out(
        &mut std::io::stdout().lock(),
        &String::from_utf8_lossy(&buf),
    )
}

/// Writes `kado.1` and a page per subcommand (`kado-kinkado.1`, …).
pub fn man_pages(dir: &Path) -> Outcome {
    let internal = |e: std::io::Error| Failure::Internal(format!("cannot write man pages: {e}"));
    std::fs::create_dir_all(dir).map_err(internal)?;
    let cmd = Cli::command();
    clap_mangen::generate_to(cmd, dir).map_err(internal)?;
    Ok(())
}
