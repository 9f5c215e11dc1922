//! `kado pokino check RECORD`: a record refereed turn by turn, and its drawing.

use kado::pokino::check;

use super::Env;
use crate::ctx::Outcome;
use crate::limits::FILE_LIMIT;

impl Env<'_> {
    pub(super) fn check(&self, path: &str) -> Outcome {
        let src = crate::limits::read_source(path, "record", FILE_LIMIT)?;
        let rs = self
            .ctx
            .record_ruleset(kado::pokino::GAME, kado::pokino::TITLE, &src)?;
        let rules = kado::pokino::Rules::from_ruleset(&rs);
        let mut x = check::explain(&rs, &rules);
        self.ctx.decided(kado::pokino::GAME, &src, &rs, &mut x);
        let mut out = crate::games_out::GamesOut::new(self.ctx, x);
        check::check_each(&src, &rules, |g| out.game(g))?;
        out.finish()
    }
}
