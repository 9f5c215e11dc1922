//! `kado pokino check RECORD`: a record refereed turn by turn, and its drawing.

use kado::pokino::check::{self, GameVerdict};

use super::super::{Ctx, FILE_LIMIT, Outcome};
use super::Env;

impl Env<'_> {
    pub(super) fn check(&self, path: &str) -> Outcome {
        let src = super::super::limits::read_source(path, "record", FILE_LIMIT)?;
        let rs = self
            .ctx
            .record_ruleset(kado::pokino::GAME, kado::pokino::TITLE, &src)?;
        let rules = kado::pokino::Rules::from_ruleset(&rs);
        let v = check::check(&src, &rules)?;
        let many = v.games.len() > 1;
        let mut human = String::new();
        for (i, g) in v.games.iter().enumerate() {
            if many {
                human += &format!("Game {} of the record\n", i + 1);
            }
            human += &game_human(self.ctx, g);
            if i + 1 < v.games.len() {
                human.push('\n');
            }
        }
        let x = check::explain(&rs, &rules);
        match v.games.as_slice() {
            [one] => self.ctx.emit(one, &human, &x),
            _ => self.ctx.emit(&v, &human, &x),
        }
    }
}

/// One game refereed: each line, the first illegal one, the board, the standing.
fn game_human(ctx: &Ctx, g: &GameVerdict) -> String {
    let s = ctx.style;
    let mut out = format!("Players: {}\n", g.players.join(", "));
    let width = g
        .turns
        .iter()
        .map(|t| t.line)
        .chain(g.illegal.as_ref().map(|i| i.line))
        .max()
        .unwrap_or(1)
        .to_string()
        .len();
    for t in &g.turns {
        out += &format!("  line {:>width$}  {}\n", t.line, t.text);
    }
    if let Some(i) = &g.illegal {
        out += &format!(
            "{} line {}{} — {}: {}.\n",
            s.bold("Illegal:"),
            i.line,
            i.player
                .as_ref()
                .map(|p| format!(" ({p})"))
                .unwrap_or_default(),
            i.rule,
            i.reason
        );
        if !i.legal.is_empty() {
            out += &format!("  Legal instead: {}.\n", i.legal.join(", "));
        }
    }
    out.push('\n');
    out += &g.board_text(s);
    out += &g.standing_text();
    out
}
