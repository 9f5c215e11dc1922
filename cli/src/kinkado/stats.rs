//! `kado kinkado odds | census`: many hands at once, with the fast evaluator.

use std::io::IsTerminal;

use clap::Args;

use kado::diag::{Error, Problem, Source};
use kado::kinkado::Rules;
use kado::kinkado::args::number_arg;
use kado::kinkado::census::{self, Census};
use kado::kinkado::hand::Category;
use kado::kinkado::odds::{self, Query, QueryText};
use kado::kinkado::sim::{self, MoneyStats, Policy};
use kado::kinkado::verdict;
use kado::render::{Style, money};
use kado::ruleset::Ruleset;
use kado::view::Grid;
use kado::words::{capitalised, grouped};
use kado_screen::grid;

use crate::ctx::{Ctx, Outcome};
use crate::long_run::{CtrlC, LongRun};

#[derive(Debug, Args)]
pub struct OddsArgs {
    /// The cards you hold (2 to 7), e.g. `KS KH KD 2C 9S`.
    #[arg(long, value_name = "CARDS")]
    hand: String,
    /// ALORA's face-up cards.
    #[arg(long, value_name = "CARDS", default_value = "")]
    alora_shown: String,
    /// How many face-down cards ALORA holds [default: 7 less her face-up cards].
    #[arg(long, value_name = "N")]
    alora_hidden: Option<String>,
    /// Every other card you can see: the market, the prize pool, other players' cards.
    #[arg(long, value_name = "CARDS", default_value = "")]
    seen: String,
    /// Random deals to try; when the possible deals are no more than this, each is
    /// counted once instead (exact odds).
    #[arg(long, value_name = "N", default_value = "1000000")]
    samples: String,
    /// The random seed: the same seed gives the same answer (deals drawn with ChaCha12, the
    /// same in every kado version).
    #[arg(long, value_name = "S", default_value = "0")]
    seed: String,
}

#[derive(Debug, Args)]
pub struct CensusArgs {
    /// How many cards in a hand: 2 to 7.
    n: String,
    /// Threads to count with [default: every core].
    #[arg(long, value_name = "N")]
    threads: Option<String>,
}

fn percent(p: f64) -> String {
    format!("{:.2}%", 100.0 * p)
}

pub fn odds_cmd(ctx: &Ctx, rs: &Ruleset, rules: &Rules, a: &OddsArgs) -> Outcome {
    let q = Query::read(&QueryText {
        hand: &a.hand,
        alora_shown: &a.alora_shown,
        alora_hidden: a.alora_hidden.as_deref(),
        seen: &a.seen,
        samples: &a.samples,
        seed: &a.seed,
    })?;
    let o = odds::odds(&q, rules);
    let human = odds_human(ctx.style, &q, &o, q.seed);
    let mut x = odds::explain(rs);
    ctx.decided_by(rs, &mut x, |rs| {
        let o = odds::odds(&q, &Rules::from_ruleset(rs));
        Some(kado::explain::json(&verdict::OddsReport::new(&q, &o)))
    });
    let v = verdict::OddsReport::new(&q, &o);
    ctx.emit(&v, &human, &x)
}

/// The odds for people: the play, the opponent, the chances and how they were counted.
fn odds_human(s: Style, q: &Query, o: &odds::Odds, seed: u64) -> String {
    let mut human = format!(
        "Play {}: {} — tier {}, sum {}\n",
        s.cards(&o.play.cards),
        s.bold(&capitalised(&o.play.category.to_string())),
        o.play.tier,
        money(i64::from(o.play.sum))
    );
    human += &format!(
        "Against ALORA ({}{} face down, from {} unseen cards):\n",
        if q.alora_shown.is_empty() {
            String::new()
        } else {
            format!("{} face up, ", s.cards(&q.alora_shown))
        },
        q.alora_hidden,
        o.unseen
    );
    human += &format!(
        "  win {}   tie {}   lose {}   ({})\n",
        s.bold(&percent(o.win)),
        percent(o.tie),
        percent(o.lose),
        o.tie_goes_to.says()
    );
    if o.exact {
        human += &format!(
            "Exact: each of the {} possible deals counted once.\n",
            grouped(o.samples)
        );
    } else {
        human += &format!(
            "Monte Carlo: {} random deals (seed {}); standard error {} on the win.\n",
            grouped(o.samples),
            seed,
            percent(o.stderr)
        );
    }
    human
}

/// How many threads: `--threads`, or every core.
pub fn threads_arg(text: Option<&str>, problems: &mut Vec<Problem>) -> usize {
    let cores = kado::par::cores();
    match text {
        None => cores,
        Some(t) => match number_arg::<usize>("--threads", t, "a number of threads", problems) {
            Some(0) => {
                problems.push(
                    Problem::new("at least one thread is needed")
                        .at(&Source::new("--threads", t), 0..t.len()),
                );
                1
            }
            Some(n) => n,
            None => 1,
        },
    }
}

/// A progress bar on stderr for long runs, shown only on a terminal.
pub fn progress_bar(len: u64, show: bool) -> indicatif::ProgressBar {
    if !show || !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(len);
    if let Ok(style) = indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} {msg} ({eta})")
    {
        bar.set_style(style);
    }
    bar
}

pub fn census_cmd(ctx: &Ctx, rs: &Ruleset, rules: &Rules, a: &CensusArgs) -> Outcome {
    let mut problems = Vec::new();
    let n = census::size_arg("argument N", &a.n, &mut problems);
    let threads = threads_arg(a.threads.as_deref(), &mut problems);
    Error::check(problems)?;
    let n = n.unwrap_or(census::MIN_CARDS);
    let bar = progress_bar(52 * 3, n >= 6);
    bar.set_message(format!("counting {n}-card hands"));
    let c: Census = census::census(n, rules, threads, &|_| bar.inc(1));
    bar.finish_and_clear();

    let total = c.hands.max(1) as f64;
    let mut t = Grid::new(["Category", "Tier", "Hands", "Probability"]);
    for (cat, count) in Category::ALL.iter().zip(c.categories).rev() {
        t.row([
            capitalised(&cat.to_string()),
            cat.tier().to_string(),
            grouped(count),
            format!("{:.6}", count as f64 / total),
        ]);
    }
    let tiers = c.tiers();
    for (i, count) in tiers.iter().enumerate().rev() {
        t.row([
            format!("Tier {}", i + 1),
            String::new(),
            grouped(*count),
            format!("{:.6}", *count as f64 / total),
        ]);
    }
    let human = format!(
        "All {} hands of {} cards from the 54-card pack, each scored as ALORA scores hers:\n{}",
        grouped(c.hands),
        n,
        grid::draw(&t)
    );
    let v = verdict::CensusReport::new(&c);
    let mut x = census::explain(rs);
    ctx.decided_by(rs, &mut x, |rs| {
        let c = census::census(n, &Rules::from_ruleset(rs), threads, &|_| {});
        Some(kado::explain::json(&verdict::CensusReport::new(&c)))
    });
    ctx.emit(&v, &human, &x)
}

#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// How many games to play: 1 to 10,000,000. A bar counts the games at a terminal; Ctrl-C stops the run and reports the games played so far.
    #[arg(long, value_name = "N")]
    games: String,
    /// The random seed: the same seed gives the same games, whatever the threads.
    #[arg(long, value_name = "S", default_value = "0")]
    seed: String,
    /// How the simulated player plays: cautious, greedy or advisor (see above).
    #[arg(long, value_enum, default_value = "cautious")]
    policy: PolicyArg,
    /// Threads to play on [default: every core].
    #[arg(long, value_name = "N")]
    threads: Option<String>,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum PolicyArg {
    /// Sells one card a round, buys one blind card when there is room, bets the minimum.
    Cautious,
    /// Sells three, buys up to two blind cards, bets the most with a tier 2 hand or better.
    Greedy,
    /// Follows `kado kinkado advise` at every decision.
    Advisor,
}

/// A text histogram: one bar a bin, scaled to the largest.
fn histogram(stats: &MoneyStats) -> String {
    let top = stats
        .histogram
        .iter()
        .map(|b| b.2)
        .max()
        .unwrap_or(0)
        .max(1);
    let mut out = String::new();
    for (lo, hi, count) in &stats.histogram {
        let bar = "█".repeat(((count * 40).div_ceil(top)) as usize);
        out += &format!(
            "  {:>6} – {:<6} {:>7}  {bar}\n",
            money(i64::from(*lo)),
            money(i64::from(*hi)),
            count
        );
    }
    out
}

pub fn simulate_cmd(ctx: &Ctx, rs: &Ruleset, a: &SimulateArgs) -> Outcome {
    let mut problems = Vec::new();
    let games = sim::games_arg("--games", &a.games, &mut problems);
    let seed = number_arg::<u64>("--seed", &a.seed, "a whole number", &mut problems);
    let threads = threads_arg(a.threads.as_deref(), &mut problems);
    Error::check(problems)?;
    let (games, seed) = (games.unwrap_or(1), seed.unwrap_or(0));
    let policy = match a.policy {
        PolicyArg::Cautious => Policy::Cautious,
        PolicyArg::Greedy => Policy::Greedy,
        PolicyArg::Advisor => Policy::Advisor,
    };
    let ctrl_c = CtrlC::listen();
    let run = LongRun::start(games, &ctrl_c);
    run.label("Kin Kādo");
    let report = sim::simulate(rs, policy, games, seed, threads, run.stop(), &|| run.tick())
        .map_err(|e| crate::ctx::Internal::refused("simulation failed: ", &e))?;
    run.finish(report.games);

    let human = simulate_human(&report, policy, (report.games, seed), rs);
    ctx.emit(&report, &human, &sim::explain(rs))
}

/// A simulation's report for people: the wins, the money at the end, when the games
/// were decided.
fn simulate_human(
    report: &sim::Report,
    policy: Policy,
    (games, seed): (u64, u64),
    rs: &Ruleset,
) -> String {
    let pct = |n: u64| 100.0 * n as f64 / games as f64;
    let mut human = format!(
        "{games} solo games against ALORA, {} player, seed {seed}, ruleset {}\n",
        match policy {
            Policy::Cautious => "cautious",
            Policy::Greedy => "greedy",
            Policy::Advisor => "advisor",
        },
        rs.name
    );
    human += &format!(
        "ALORA wins {:.1}% ({}), the player {:.1}% ({}), level {:.1}% ({})\n\n",
        pct(report.alora_wins),
        report.alora_wins,
        pct(report.player_wins),
        report.player_wins,
        pct(report.ties),
        report.ties
    );
    let mut t = Grid::new([
        "Money at the end",
        "Mean",
        "Spread (sd)",
        "Lowest",
        "Highest",
    ]);
    for (who, m) in [
        ("player", &report.player_money),
        ("ALORA", &report.alora_money),
    ] {
        t.row([
            who.to_string(),
            format!("${:.1}", m.mean),
            format!("${:.1}", m.spread),
            money(i64::from(m.min)),
            money(i64::from(m.max)),
        ]);
    }
    human += &grid::draw(&t);
    human += &format!(
        "\nThe player's money at the end:\n{}",
        histogram(&report.player_money)
    );
    human += &format!(
        "\nALORA's money at the end:\n{}",
        histogram(&report.alora_money)
    );
    human += "\nThe round after which the winner led for good:\n";
    let top = report
        .deciding_rounds
        .iter()
        .copied()
        .max()
        .unwrap_or(0)
        .max(1);
    for (r, n) in report.deciding_rounds.iter().enumerate() {
        human += &format!(
            "  round {} {:>7}  {}\n",
            r + 1,
            n,
            "█".repeat(((n * 40).div_ceil(top)) as usize)
        );
    }
    human
}
