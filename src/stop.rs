//! A long run asked to stop: Ctrl-C at a terminal during a simulation sets [`flag`] (the
//! binary registers it for SIGINT), and each simulation looks at it between games, ends
//! the games under way and reports the games played so far.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, LazyLock};

static FLAG: LazyLock<Arc<AtomicBool>> = LazyLock::new(|| Arc::new(AtomicBool::new(false)));

/// The flag a stop sets, to register with a signal handler.
pub fn flag() -> Arc<AtomicBool> {
    Arc::clone(&FLAG)
}

/// Whether the run was asked to stop.
pub fn requested() -> bool {
    FLAG.load(Ordering::Relaxed)
}
