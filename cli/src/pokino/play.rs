//! `kado pokino play` and `resume`: a game refereed live on the session engine.

use std::path::PathBuf;

use kado::pokino::game::{Deck, Game, Setup};
use kado::pokino::input::read_players;
use kado::pokino::sim;
use kado::pokino::{GAME, TITLE};
use kado::ruleset::Ruleset;
use kado::session::Log;
use kado::view::Grid;
use kado_screen::grid;

use crate::ctx::{Ctx, Failure, Outcome};
use crate::long_run::{CtrlC, LongRun};
use crate::session as sess;
use crate::session::args::{PrivacyArgs, RecordArg, ResumeArgs, SaveArg, SeedArg};

/// `play`: a new game.
pub fn play(
    ctx: &Ctx,
    names: &str,
    (deck, seed): (Deck, &SeedArg),
    (save, record): (&SaveArg, &RecordArg),
    privacy: &PrivacyArgs,
) -> Outcome {
    let rs = ctx.ruleset(GAME, TITLE)?;
    let mut setup = Setup::new(read_players(names)?, deck, seed.or_time());
    let humans = setup.players.len();
    setup.private = privacy.hands_private(ctx, deck == Deck::Virtual, humans);
    let mut log: Log<Setup, kado::pokino::game::Action> = Log::new(GAME, &rs, setup)?;
    let lock = sess::open_play::<Game>(save, record, &mut log)?;
    let x = kado::pokino::check::explain(&rs, &kado::pokino::Rules::from_ruleset(&rs));
    sess::play_explained::<Game>(ctx, &lock, log, &x)
}

/// `resume`: a saved game goes on.
pub fn resume(ctx: &Ctx, a: &ResumeArgs) -> Outcome {
    let (lock, log) = sess::open_resumed::<Game>(ctx, a, TITLE)?;
    let rs = log.ruleset.ruleset()?;
    let x = kado::pokino::check::explain(&rs, &kado::pokino::Rules::from_ruleset(&rs));
    sess::play_explained::<Game>(ctx, &lock, log, &x)
}

/// What `simulate` is asked.
#[derive(Debug, clap::Args)]
pub struct SimulateArgs {
    /// Players at the table.
    #[arg(long, value_name = "N", default_value = "3")]
    players: usize,
    /// Games per ruleset: 1 to 100,000. A bar counts the games at a terminal; Ctrl-C stops the run and reports the games played so far.
    #[arg(long, value_name = "G", default_value = "100")]
    games: u64,
    /// The seed of the first game's deal (game k uses seed + k).
    #[arg(long, value_name = "S", default_value = "1")]
    seed: u64,
    /// The seats' policies: greedy, patient or advisor; one alone sits in one seat
    /// (greedy in the others), or one a seat, e.g. `advisor,greedy,greedy`. The seats
    /// turn one place a game.
    #[arg(long, value_name = "P[,P…]", default_value = "greedy")]
    policy: String,
    /// Deals of the unseen pieces the advisor plays each move out over.
    #[arg(long, value_name = "N", default_value_t = kado::pokino::advise::SIM_SAMPLES as u32, value_parser = clap::value_parser!(u32).range(2..=10_000))]
    samples: u32,
    /// Also write the games as a record (which `check` and `advise` read, under the
    /// same rules) to this file, each game after a comment naming its ruleset and seed.
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
}

/// `simulate`: whole games, each seat by its policy, under each variant or the rules given.
pub fn simulate(ctx: &Ctx, ask: &SimulateArgs) -> Outcome {
    let (players, seed) = (ask.players, ask.seed);
    sim::check_counts(players, ask.games)?;
    let seats = sim::read_seats(&ask.policy, players)?;
    if let Some(path) = &ask.record {
        kado_store::savefile::check_name(path, "--record")?;
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
    let v = run_simulation(&rulesets, &seats, ask)?;
    let mut t = Grid::new([
        "Ruleset",
        "Games",
        "Average score",
        "Best score",
        "Turns",
        "Pokino!",
    ]);
    for r in &v.results {
        t.row([
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
            grid::draw(&t),
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
            grid::draw(&t),
            v.policy
        )
    };
    ctx.emit(&v, &human, &sim::explain(&rulesets))
}

/// Plays the games (a bar on a terminal, Ctrl-C stops), writing their record to
/// `--record` as they end, atomically.
fn run_simulation(
    rulesets: &[Ruleset],
    seats: &[sim::Policy],
    ask: &SimulateArgs,
) -> Result<sim::SimVerdict, Failure> {
    let ctrl_c = CtrlC::listen();
    let run = LongRun::start(ask.games * rulesets.len() as u64, &ctrl_c);
    let play = |record: Option<&mut dyn FnMut(&str) -> bool>| {
        play_with(rulesets, seats, ask, &run, record)
    };
    let v = match &ask.record {
        None => play(None),
        Some(path) => {
            // Under --rules (one ruleset), the record says them, for `check` without --rules.
            let head = match rulesets {
                [one] => kado::ruleset::with_record_comment("", one)?,
                _ => String::new(),
            };
            let mut v = Err(kado::diag::Error::msg("the games were not played"));
            kado_store::savefile::save_atomic_with(path, |out| {
                let mut failed = out.write_all(head.as_bytes());
                v = play(Some(&mut |text: &str| {
                    failed = out.write_all(text.as_bytes());
                    failed.is_ok()
                }));
                failed
            })
            .map_err(|e| {
                kado::diag::Error::msg(format!(
                    "could not write the record to {}: {}",
                    path.display(),
                    kado_store::io_words(&e)
                ))
            })?;
            v
        }
    }
    .map_err(|e| Failure::Internal(crate::ctx::Internal::Refused("", e)))?;
    run.finish(v.results.iter().map(|r| r.games).sum());
    Ok(v)
}

/// The games played, told to `run` and, when given, to `record`.
fn play_with(
    rulesets: &[Ruleset],
    seats: &[sim::Policy],
    ask: &SimulateArgs,
    run: &LongRun,
    record: Option<&mut dyn FnMut(&str) -> bool>,
) -> Result<sim::SimVerdict, kado::diag::Error> {
    let tick = || run.tick();
    let mut watch = sim::Watch {
        tick: &tick,
        record,
        stop: run.stop(),
    };
    sim::simulate(
        rulesets,
        seats,
        ask.games,
        ask.seed,
        ask.samples as usize,
        &mut watch,
    )
}

/// Each policy's seats under each ruleset: average score and wins.
fn policies_table(v: &sim::SimVerdict) -> String {
    let mut t = Grid::new(["Ruleset", "Policy", "Seats", "Average score", "Wins"]);
    for r in &v.results {
        for p in &r.policies {
            t.row([
                r.ruleset.clone(),
                p.policy.to_string(),
                p.seats.to_string(),
                format!("{:.1}", p.average_score),
                format!("{} ({:.0}%)", p.wins, p.win_rate * 100.0),
            ]);
        }
    }
    grid::draw(&t)
}
