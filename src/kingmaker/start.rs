//! A new campaign as `play` and `campaign` ask for it: the players, the target (its
//! default when none is given), the first player, checked, into the session's first log.

use super::game::{Action, Game, Setup};
use super::{GAME, Rules};
use crate::diag::{Error, Problem};
use crate::kingmaker::ruling;
use crate::ruleset::Ruleset;
use crate::session::{By, Entry, Log, Session};

/// The overall points that win a campaign when no target is given.
pub const DEFAULT_TARGET: &str = "3";

/// `play`: a campaign followed season by season. A target is refused under ruling
/// `campaign-end: open`, and is [`DEFAULT_TARGET`] when not given.
pub fn play_log(
    rs: &Ruleset,
    rules: &Rules,
    players: &[String],
    target: Option<&str>,
    first: Option<&str>,
) -> Result<Log<Setup, Action>, Error> {
    match (rules.ruled.campaign_end, target) {
        (ruling::CampaignEnd::Open, Some(_)) => {
            return Err(Error::from(
                Problem::new(format!(
                    "--target is not used under {cite} (Years go on as long as the group wants)",
                    cite = ruling::CampaignEnd::Open.cite()
                ))
                .help("leave --target out, or play to a target with the ruling's default"),
            ));
        }
        (ruling::CampaignEnd::Open, None) | (ruling::CampaignEnd::Target, _) => {}
    }
    let (mut setup, first) = Setup::read(players, target.unwrap_or(DEFAULT_TARGET), first)?;
    setup.seasons = true;
    setup.known = true;
    Game::start(&setup, rs).map_err(|e| Error::of(&e))?;
    log(rs, setup, first)
}

/// `campaign`: the ledger of Years.
pub fn ledger_log(
    rs: &Ruleset,
    players: &[String],
    target: &str,
    first: Option<&str>,
) -> Result<Log<Setup, Action>, Error> {
    let (setup, first) = Setup::read(players, target, first)?;
    log(rs, setup, first)
}

/// The first log: the setup, and the first player when the table named one.
fn log(rs: &Ruleset, setup: Setup, first: Option<String>) -> Result<Log<Setup, Action>, Error> {
    let mut log = Log::new(GAME, rs, setup)?;
    if let Some(player) = first {
        log.actions
            .push(Entry::new(By::Table, Action::First { player }));
    }
    Ok(log)
}
