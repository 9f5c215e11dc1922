//! `kado pokino play`, `resume` and `status`: a game refereed live on the session engine.

use std::path::PathBuf;

use kado::pokino::input::read_players;
use kado::pokino::session::{Deck, Setup, Table};
use kado::pokino::sim;
use kado::pokino::{GAME, TITLE};
use kado::render;
use kado::ruleset::Ruleset;
use kado::session::Log;

use super::super::session as sess;
use super::super::{Ctx, Failure, Outcome};

/// `play`: a new game.
pub fn play(
    ctx: &Ctx,
    names: &str,
    save: Option<PathBuf>,
    deck: Deck,
    seed: Option<u64>,
    record: Option<PathBuf>,
    private: bool,
) -> Outcome {
    let rs = ctx.ruleset(GAME, TITLE)?;
    let seed = seed.unwrap_or_else(sess::time_seed);
    let mut setup = Setup::new(read_players(names)?, deck, seed);
    setup.private = private;
    let log: Log<Setup, kado::pokino::session::Action> = Log::new(GAME, &rs, setup)?;
    let path = save.unwrap_or_else(|| sess::default_path(GAME));
    let mut lock = sess::open_new::<Table>(&path)?;
    sess::record_to(&mut lock, record)?;
    let x = kado::pokino::check::explain(&rs, &kado::pokino::Rules::from_ruleset(&rs));
    sess::play_explained::<Table>(ctx, &lock, log, &x)
}

/// `resume`: a saved game goes on.
pub fn resume(ctx: &Ctx, file: &std::path::Path, record: Option<PathBuf>) -> Outcome {
    let (mut lock, log) = sess::open_resume::<Table>(ctx, file, TITLE)?;
    sess::record_to(&mut lock, record)?;
    let rs = log.ruleset.ruleset()?;
    let x = kado::pokino::check::explain(&rs, &kado::pokino::Rules::from_ruleset(&rs));
    sess::play_explained::<Table>(ctx, &lock, log, &x)
}

/// `status`: a saved game, as it stands or as its record.
pub fn status(ctx: &Ctx, file: &std::path::Path, record: bool) -> Outcome {
    if record {
        sess::status_record::<Table>(ctx, file)
    } else {
        sess::status::<Table>(ctx, file)
    }
}

/// What `simulate` is asked.
pub struct SimAsk<'a> {
    pub players: usize,
    pub games: u64,
    pub seed: u64,
    pub policy: &'a str,
    pub samples: usize,
    pub record: Option<PathBuf>,
}

/// `simulate`: whole games, each seat by its policy, under each variant or the rules given.
pub fn simulate(ctx: &Ctx, ask: &SimAsk) -> Outcome {
    let (players, seed) = (ask.players, ask.seed);
    sim::check_counts(players, ask.games)?;
    let seats = sim::read_seats(ask.policy, players)?;
    if let Some(path) = &ask.record {
        kado::store::savefile::check_name(path, "--record")?;
    }
    let rulesets: Vec<Ruleset> = match &ctx.rules {
        Some(_) => vec![ctx.ruleset(GAME, TITLE)?],
        None => [
            "pokino",
            "pokino-greed",
            "pokino-up",
            "pokino-tear-down",
            "pokino-territory",
        ]
        .iter()
        .map(|n| Ruleset::builtin(n))
        .collect::<Result<_, _>>()?,
    };
    let v = sim::simulate(&rulesets, &seats, ask.games, seed, ask.samples)
        .map_err(|e| Failure::Internal(e.summary()))?;
    if let Some(path) = &ask.record {
        kado::store::savefile::save_atomic(path, &v.records).map_err(|e| {
            kado::diag::Error::msg(format!(
                "could not write the record to {}: {}",
                path.display(),
                kado::store::io_words(&e)
            ))
        })?;
    }
    let mut t = render::table([
        "Ruleset",
        "Games",
        "Average score",
        "Best score",
        "Turns",
        "Pokino!",
    ]);
    for r in &v.results {
        t.add_row([
            r.ruleset.clone(),
            r.games.to_string(),
            format!("{:.1}", r.average_score),
            format!("{:.1}", r.average_best_score),
            format!("{:.1}", r.average_turns),
            format!("{:.0}%", r.pokino_rate * 100.0),
        ]);
    }
    let mixed = sim::distinct(&seats) != [sim::Policy::Greedy];
    let human = if mixed {
        format!(
            "{players} players, seed {seed}; seats: {} (turned one place a game).\n{}{}Policies:\n{}\n",
            v.seats.join(", "),
            render::show(&t),
            policies_table(&v),
            v.policy
                .lines()
                .map(|l| format!("  {l}"))
                .collect::<Vec<_>>()
                .join("\n")
        )
    } else {
        format!(
            "{players} players, seed {seed}.\n{}Policy: {}\n",
            render::show(&t),
            v.policy
        )
    };
    ctx.emit(&v, &human, &kado::explain::Explain::new())
}

/// Each policy's seats under each ruleset: average score and wins.
fn policies_table(v: &sim::SimVerdict) -> String {
    let mut t = render::table(["Ruleset", "Policy", "Seats", "Average score", "Wins"]);
    for r in &v.results {
        for p in &r.policies {
            t.add_row([
                r.ruleset.clone(),
                p.policy.to_string(),
                p.seats.to_string(),
                format!("{:.1}", p.average_score),
                format!("{} ({:.0}%)", p.wins, p.win_rate * 100.0),
            ]);
        }
    }
    render::show(&t)
}
