//! A long run asked to stop: each simulation is handed a [`Stop`], looks at it between
//! games, and once it is set ends the games under way and reports the games played so
//! far. The caller owns the flag behind it (the binary's is set by Ctrl-C at a terminal);
//! tests and benchmarks hand in [`Stop::NEVER`].

use std::sync::atomic::{AtomicBool, Ordering};

/// Whether a run was asked to stop: a flag its caller owns, or none (never asked).
#[derive(Clone, Copy, Debug, Default)]
pub struct Stop<'a>(Option<&'a AtomicBool>);

impl<'a> Stop<'a> {
    /// A run that is never asked to stop.
    pub const NEVER: Stop<'static> = Stop(None);

    /// A run asked to stop once `flag` is set.
    pub fn on(flag: &'a AtomicBool) -> Stop<'a> {
        Stop(Some(flag))
    }

    /// Whether the run was asked to stop.
    pub fn requested(self) -> bool {
        self.0.is_some_and(|f| f.load(Ordering::Relaxed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_is_requested_once_its_flag_is_set() {
        let flag = AtomicBool::new(false);
        let stop = Stop::on(&flag);
        assert!(!stop.requested());
        flag.store(true, Ordering::Relaxed);
        assert!(stop.requested());
        assert!(!Stop::NEVER.requested());
    }
}
