//! What every simulation does around its games: a progress bar on stderr at a terminal,
//! and Ctrl-C heard as "stop": the games under way end, and the figures of the games
//! played so far are reported (a second Ctrl-C ends kado at once).

use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use kado::stop::Stop;

/// The exit status of a run ended by a second Ctrl-C (128 + SIGINT, as a shell says).
const INTERRUPTED: i32 = 130;

/// Ctrl-C heard as "stop" by the runs of one command: the flag the signal sets, owned
/// here and handed to each run as a [`Stop`].
pub struct CtrlC(Arc<AtomicBool>);

impl CtrlC {
    /// From now on, Ctrl-C asks every run handed [`CtrlC::stop`] to stop, and a second
    /// Ctrl-C ends kado at once. A command listens once for all its runs, so that a Ctrl-C
    /// during one stops those after it too; the handlers stay for the life of the process.
    pub fn listen() -> CtrlC {
        let flag = Arc::new(AtomicBool::new(false));
        let sigint = signal_hook::consts::SIGINT;
        // Registered first, so that it sees the flag as it was before this Ctrl-C.
        let _ = signal_hook::flag::register_conditional_shutdown(
            sigint,
            INTERRUPTED,
            Arc::clone(&flag),
        );
        let _ = signal_hook::flag::register(sigint, Arc::clone(&flag));
        CtrlC(flag)
    }

    /// What a run looks at to know it was asked to stop.
    pub fn stop(&self) -> Stop<'_> {
        Stop::on(&self.0)
    }
}

/// A run of games being watched.
pub struct LongRun<'c> {
    bar: indicatif::ProgressBar,
    total: u64,
    stop: Stop<'c>,
}

impl<'c> LongRun<'c> {
    /// Starts watching a run of `total` games, which `ctrl_c` stops (hand the games
    /// [`LongRun::stop`]); a bar counts the games on stderr at a terminal.
    pub fn start(total: u64, ctrl_c: &'c CtrlC) -> LongRun<'c> {
        let bar = if std::io::stderr().is_terminal() {
            let bar = indicatif::ProgressBar::new(total);
            if let Ok(style) = indicatif::ProgressStyle::with_template(
                "{msg} [{bar:40}] {pos}/{len} games ({eta} left; Ctrl-C stops with the games so far)",
            ) {
                bar.set_style(style);
            }
            bar
        } else {
            indicatif::ProgressBar::hidden()
        };
        LongRun {
            bar,
            total,
            stop: ctrl_c.stop(),
        }
    }

    /// Whether the run was asked to stop, for the games to look at.
    pub fn stop(&self) -> Stop<'c> {
        self.stop
    }

    /// One more game played.
    pub fn tick(&self) {
        self.bar.inc(1);
    }

    /// What is being played now (a ruleset's name).
    pub fn label(&self, what: &str) {
        self.bar.set_message(what.to_string());
    }

    /// Ends the bar; when the run was stopped, says on stderr how many of the games asked
    /// for were played (the figures are theirs).
    pub fn finish(self, played: u64) {
        self.bar.finish_and_clear();
        if self.stop.requested() {
            eprintln!(
                "Stopped (Ctrl-C) after {played} of {} games: the figures are those of the games played.",
                self.total
            );
        }
    }
}
