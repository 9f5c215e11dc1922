//! kado: a referee and companion for card games played with real cards.
//!
//! All rules logic lives here, with no I/O: the binary (the `kado-cli` package in `cli/`)
//! parses arguments, reads input, calls this library and prints. kado's files on disk
//! (saves, the play history) are the `kado-store` package's (`store/`), beside the rules
//! and with no rules of its own. Nor does the library draw for a terminal: its tables
//! and charts are typed values (`view::Grid` in a `view::Doc`, `history::Series`) that
//! the `kado-screen` package (`screen/`) draws.

pub mod cards;
pub mod diag;
pub mod explain;
pub mod games;
pub mod history;
pub mod kind;
pub mod kinga;
pub mod kingmaker;
pub mod kinkado;
pub mod koikoi;
pub mod notation;
pub mod par;
pub mod pokino;
pub mod render;
pub mod ruleset;
pub mod seat;
pub mod session;
pub mod several;
pub mod shuffle;
pub mod stats;
pub mod stop;
pub mod view;
pub mod words;
pub mod yaml;

/// What the unit tests of several games share.
#[cfg(test)]
pub(crate) mod testing {
    /// Every word of a typed table (as JSON), for tests that look for one: the drawing
    /// itself is the surfaces' and is tested there.
    pub fn words(table: &crate::view::Table) -> String {
        serde_json::to_string(table).unwrap_or_default()
    }

    /// The text of every file in the fixture folder `folder` (under the command line's
    /// cli/tests/fixtures, which the library's tests share), in the order of their names.
    pub fn fixture_texts(folder: &str) -> Vec<String> {
        let dir = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/cli/tests/fixtures"))
            .join(folder);
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        files.sort();
        let texts: Vec<String> = files
            .iter()
            .filter_map(|f| std::fs::read_to_string(f).ok())
            .collect();
        assert!(!texts.is_empty(), "no fixture in {}", dir.display());
        texts
    }
}
