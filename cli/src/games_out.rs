//! A `check` verdict over a record's games written game by game, so that a record of
//! many games is never held whole, neither as verdicts nor as JSON: the first game is
//! held until a second shows the record holds several; a record of one game prints
//! exactly as [`Ctx::emit`] would.

use std::io::Write;

use kado::explain::Explain;
use kado::several::{self, RecordGame, Tally};
use kado_screen::grid;
use serde_json::Value;

use crate::ctx::{Ctx, Failure, Outcome};

pub struct GamesOut<'c, G> {
    ctx: &'c Ctx,
    explain: Explain,
    held: Option<G>,
    tally: Tally,
    /// The reasons are known only once every game is told: under JSON they follow the
    /// games (`explain` after `games`).
    late: bool,
    /// Output stopped: the reader closed the pipe (not a failure), or writing failed.
    closed: bool,
    failed: Option<Failure>,
}

impl<'c, G: RecordGame> GamesOut<'c, G> {
    pub fn new(ctx: &'c Ctx, explain: Explain) -> Self {
        GamesOut {
            ctx,
            explain,
            held: None,
            tally: Tally::default(),
            late: false,
            closed: false,
            failed: None,
        }
    }

    /// The reasons (`--explain`) are given by [`GamesOut::set_explain`] after the games.
    pub fn explained_later(mut self) -> Self {
        self.late = true;
        self
    }

    pub fn set_explain(&mut self, explain: Explain) {
        self.explain = explain;
    }

    /// The next game's verdict: told at once from the second game on.
    pub fn game(&mut self, g: G) {
        self.tally.add(g.illegal_line());
        let n = self.tally.games();
        if n == 1 {
            self.held = Some(g);
            return;
        }
        if let Some(first) = self.held.take() {
            let start = self.start();
            self.write(&start);
            self.write_game(1, &first);
        }
        self.write_game(n, &g);
    }

    /// The verdict ends: a record of several closes its list (and says its tally), a
    /// record of one game or none prints as a whole.
    pub fn finish(mut self) -> Outcome {
        if let Some(f) = self.failed.take() {
            return Err(f);
        }
        if self.tally.games() > 1 {
            let end = self.end();
            self.write(&end);
            return self.failed.take().map_or(Ok(()), Err);
        }
        let (json, human) = match &self.held {
            Some(g) => (g.json(), grid::draw_doc(&g.human(self.ctx.style))),
            None => (G::empty_json(), G::LAYOUT.empty.to_string()),
        };
        self.ctx.emit(&json, &human, &self.explain)
    }

    /// What comes before the first game of several: the JSON object's opening, with its
    /// `explain` key first (keys are in order).
    fn start(&self) -> String {
        if !self.ctx.json {
            return String::new();
        }
        let mut out = "{\n".to_string();
        if self.ctx.explain && !self.late {
            let reasons = serde_json::to_value(&self.explain).unwrap_or(Value::Null);
            out += &format!("  \"explain\": {},\n", indented(&reasons, 2));
        }
        out + "  \"games\": [\n"
    }

    fn write_game(&mut self, number: usize, g: &G) {
        let text = if self.ctx.json {
            let comma = if number > 1 { ",\n" } else { "" };
            format!("{comma}    {}", indented(&g.json(), 4))
        } else {
            grid::draw_doc(&several::told(number, g, self.ctx.style))
        };
        self.write(&text);
    }

    /// What follows the last game of several: the list closed, or the tally and the
    /// rules that decided.
    fn end(&self) -> String {
        if self.ctx.json && self.late && self.ctx.explain {
            let reasons = serde_json::to_value(&self.explain).unwrap_or(Value::Null);
            return format!("\n  ],\n  \"explain\": {}\n}}\n", indented(&reasons, 2));
        }
        if self.ctx.json {
            return "\n  ]\n}\n".to_string();
        }
        let mut out = several::closing::<G>(&self.tally);
        if self.ctx.explain && !self.explain.is_empty() {
            out += &format!("\n{}", self.explain.render());
        }
        out
    }

    fn write(&mut self, text: &str) {
        if self.closed || text.is_empty() {
            return;
        }
        let mut out = std::io::stdout().lock();
        match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
            Ok(()) => {}
            // A closed pipe (`kado … | head`) is not a failure: nothing more is written.
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => self.closed = true,
            Err(e) => {
                self.closed = true;
                self.failed = Some(Failure::Internal(crate::ctx::Internal::Write("output", e)));
            }
        }
    }
}

/// `value` as pretty JSON whose lines after the first are indented by `by` spaces: as
/// it reads nested that deep in a pretty-printed whole.
fn indented(value: &Value, by: usize) -> String {
    let text = serde_json::to_string_pretty(value).unwrap_or_else(|_| "null".into());
    let text = kado::diag::json_safe(text);
    let pad = " ".repeat(by);
    text.lines().collect::<Vec<_>>().join(&format!("\n{pad}"))
}
