//! kado: a referee and companion for card games played with real cards.
//!
//! All rules logic lives here, with no I/O: the binary (`src/main.rs` and `src/cli/`)
//! parses arguments, reads input, calls this library and prints. The one exception is
//! [`store`], the storage layer beside the rules: kado's files on disk (saves, the play
//! history), with no rules of its own.

pub mod cards;
pub mod chart;
pub mod diag;
pub mod explain;
pub mod history;
pub mod kinga;
pub mod kingmaker;
pub mod kinkado;
pub mod koikoi;
pub mod notation;
pub mod pokino;
pub mod render;
pub mod ruleset;
pub mod screen;
pub mod session;
pub mod several;
pub mod shuffle;
pub mod stats;
pub mod stop;
pub mod store;
pub mod view;
pub mod words;
pub mod yaml;
