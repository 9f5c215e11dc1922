//! What every simulation does around its games: a progress bar on stderr at a terminal,
//! and Ctrl-C heard as "stop": the games under way end, and the figures of the games
//! played so far are reported (a second Ctrl-C ends kado at once).

use std::io::IsTerminal;

/// The exit status of a run ended by a second Ctrl-C (128 + SIGINT, as a shell says).
const INTERRUPTED: i32 = 130;

/// A run of games being watched.
pub struct LongRun {
    bar: indicatif::ProgressBar,
    total: u64,
}

impl LongRun {
    /// Starts watching a run of `total` games: from now Ctrl-C stops it (see
    /// [`kado::stop`]), and a bar counts the games on stderr at a terminal.
    pub fn start(total: u64) -> LongRun {
        // Once a process: handlers registered twice would take one Ctrl-C for two.
        static HEARD: std::sync::Once = std::sync::Once::new();
        HEARD.call_once(|| {
            let flag = kado::stop::flag();
            let sigint = signal_hook::consts::SIGINT;
            // Registered first, so that it sees the flag as it was before this Ctrl-C.
            let _ = signal_hook::flag::register_conditional_shutdown(
                sigint,
                INTERRUPTED,
                std::sync::Arc::clone(&flag),
            );
            let _ = signal_hook::flag::register(sigint, flag);
        });
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
        LongRun { bar, total }
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
        if kado::stop::requested() {
            eprintln!(
                "Stopped (Ctrl-C) after {played} of {} games: the figures are those of the games played.",
                self.total
            );
        }
    }
}
