//! `kado pokino advise RECORD`: the advice where a record stops, and its drawing.

use kado::diag::Source;
use kado::pokino::advise::{self, Shown};
use kado::pokino::ruling;

use super::Env;
use crate::ctx::Outcome;
use crate::limits::FILE_LIMIT;

pub fn about() -> String {
    format!(
        "Advice for the player about to act where a record stops (its last game, refereed first, as `check` does): every legal move — each scoring run, each place to lay each domino they hold, and passing — weighed by what it is worth to them at the end of the game: their final score less the best other player's (pips under Territory).\n\nEach move is played out to the end of the game over many deals of what the player cannot see (the other hands and dominoes, the deck and the poke, dealt at random from the pieces unseen; the real ones are never looked at), the same deals for every move: others modelled as the greedy policy of `simulate`, the player's own later turns as the patient policy (gather beads and cards for a run of 10, cash in what the hand has once the poke runs low). The moves played out are the patient policy's own, passing, the first run of each length and the 4 places whose dominoes open the longest runs for the hand; the patient policy's move stays first unless another beats it on the same deals by more than the noise of the difference. The others are listed after them with `--all`. At most the 200 longest runs and every 2-card run are listed; with several runs a turn ({cite}) each is weighed alone.\n\nThe player's hand must be known (a virtual deal, or `NAME: CARDS` in the record); their dominoes too for places to be weighed (a virtual deal, or --dominoes). At a `kado pokino play` prompt, `hint` gives the same advice.\n\nJSON keys: player, measure (points or pips), candidates (each: answer, kind (run, domino or pass), reason, value and margin, null when not played out), played_out, dominoes_known, samples, seed, others (greedy), own (patient).",
        cite = ruling::Id::RunsPerTurn.cite()
    )
}

pub const AFTER: &str = "Examples:\n  kado pokino advise game.txt\n  kado pokino advise game.txt --dominoes '6-4 12-0 5-5' --all\n  kado pokino status g.yaml --record | kado pokino advise -";

impl Env<'_> {
    pub(super) fn advise(
        &self,
        path: &str,
        samples: usize,
        seed: u64,
        dominoes: Option<&str>,
        all: bool,
    ) -> Outcome {
        let src = crate::limits::read_source(path, "record", FILE_LIMIT)?;
        let held = dominoes.map(|d| Source::new("--dominoes", d));
        let a = advise::advise_record(
            &src,
            self.rules,
            held.as_ref(),
            samples,
            seed,
            kado::par::cores(),
        )?;
        self.ctx.emit(
            &a,
            &kado_screen::grid::draw_doc(&a.doc(Shown::Command { all })),
            &kado::pokino::advise::explain(self.rs),
        )
    }
}
