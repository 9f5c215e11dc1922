//! `kado history` and `kado stats`: the games journaled, one game replayed, saves
//! imported, and the records drawn from them, as tables, charts and JSON.

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};

use kado::diag::{Code, Error, Problem};
use kado::explain::Explain;
use kado::history::tally::Tally;
use kado::history::{self, Played, PlayerStats, Series, games, histogram, report};
use kado::view::Grid;
use kado_screen::{chart, grid};

use crate::ctx::{Ctx, Outcome};
use crate::limits;
use crate::limits::{SAVE_LIMIT, read_file};
use kado_store::history::{Db, Filter, file};
use kado_store::import;

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct HistoryArgs {
    #[command(subcommand)]
    pub cmd: Option<HistoryCmd>,
    #[command(flatten)]
    pub filter: FilterArgs,
}

#[derive(Debug, Args, Default)]
pub struct FilterArgs {
    /// Only this game (kinkado, kinga, koikoi, kingmaker, pokino).
    #[arg(long, value_name = "GAME")]
    pub game: Option<String>,
    /// Only games this player sat in (the same name in any case or width).
    #[arg(long, value_name = "NAME")]
    pub player: Option<String>,
    /// Only games under this ruleset (its name).
    #[arg(long, value_name = "NAME")]
    pub ruleset: Option<String>,
    /// Only games on or after this day (YYYY-MM-DD).
    #[arg(long, value_name = "DATE", value_parser = date)]
    pub since: Option<String>,
    /// Only games on or before this day (YYYY-MM-DD).
    #[arg(long, value_name = "DATE", value_parser = date)]
    pub until: Option<String>,
}

fn date(s: &str) -> Result<String, kado::history::day::DayError> {
    s.parse::<kado::history::day::Day>().map(|d| d.to_string())
}

#[derive(Debug, Subcommand)]
pub enum HistoryCmd {
    /// One game: its players and result, then the table turn by turn as `status` shows it.
    Show {
        /// The game's number in `kado history`.
        id: i64,
        /// Also write the game's chart (Kin Kādo: money by round) to this SVG file.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
    },
    /// Add saved games (finished or stopped) and records to the history, each game once.
    ///
    /// A game is known by the identity kado gives it when it starts (in its save, and on
    /// the first line of its record), so a game already journaled is not added again,
    /// and two games with the same moves are two games. What was added is listed on
    /// stdout; every file or game not added is reported on stderr at its line (exit 2).
    Import {
        /// Saved games (`kado GAME play --save FILE`), or records of any game
        /// (refereed under --rules, each game of the record added with its own lines).
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Remove a game from the history.
    Forget {
        /// The game's number in `kado history`.
        id: i64,
    },
}

#[derive(Debug, Args)]
pub struct StatsArgs {
    /// Only this game.
    #[arg(long, value_name = "GAME")]
    pub game: Option<String>,
    /// One player's records, with charts; without it, a table of every player.
    #[arg(long, value_name = "NAME")]
    pub player: Option<String>,
    /// Draw the charts even when the output is not a terminal (or NO_COLOR is set).
    #[arg(long)]
    pub chart: bool,
    /// Write the distribution of final scores as an SVG image.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

fn open() -> Result<(Db, PathBuf), Error> {
    let path = file().ok_or_else(|| {
        Error::from(
            Problem::new("the play history is off")
                .help("set KADO_HOME, or give --history FILE, and leave out --no-history"),
        )
    })?;
    Ok((Db::open(&path)?, path))
}

pub fn run_history(args: HistoryArgs, ctx: &Ctx) -> Outcome {
    tell_pending(ctx);
    match args.cmd {
        None => list(ctx, &args.filter),
        Some(HistoryCmd::Show { id, svg }) => show(ctx, id, svg.as_deref()),
        Some(HistoryCmd::Import { files }) => import_all(ctx, &files),
        Some(HistoryCmd::Forget { id }) => forget(ctx, id),
    }
}

fn filter(f: &FilterArgs) -> Filter {
    Filter {
        game: f.game.clone(),
        player: f.player.clone(),
        ruleset: f.ruleset.clone(),
        since: f.since.clone(),
        until: f.until.clone(),
    }
}

fn list(ctx: &Ctx, f: &FilterArgs) -> Outcome {
    let (db, _) = open()?;
    let games = db.games(&filter(f))?;
    let human = if games.is_empty() {
        "No games in the play history match.\n".to_string()
    } else {
        let mut t = Grid::new(["#", "Date", "Game", "Ruleset", "Players", "Winner"]);
        for p in &games {
            t.row([
                p.id.to_string(),
                p.date.clone(),
                p.game.clone(),
                p.ruleset.clone(),
                seats_text(p),
                decided_text(p),
            ]);
        }
        grid::draw(&t)
    };
    ctx.emit(&report::Listing { games }, &human, &Explain::new())
}

fn seats_text(p: &Played) -> String {
    let seats: Vec<String> = p
        .outcome
        .seats
        .iter()
        .map(|s| format!("{} {}", s.name, s.score))
        .collect();
    seats.join(", ")
}

/// The winner and, where it says more, how the game was decided: `ana (ana called
/// "Pokino!")`, `— (2 kings exposed)`.
fn decided_text(p: &Played) -> String {
    winner_text(p) + &p.how().map_or(String::new(), |h| format!(" ({h})"))
}

fn winner_text(p: &Played) -> String {
    match (p.outcome.finished, p.winners().as_slice()) {
        (false, _) => "(stopped)".into(),
        (true, []) => "—".into(),
        (true, w) => w.join(" and "),
    }
}

fn forget(ctx: &Ctx, id: i64) -> Outcome {
    let (mut db, _) = open()?;
    if !db.forget(id)? {
        return Err(no_such_game(id).into());
    }
    let v = serde_json::json!({ "forgotten": id });
    ctx.emit(
        &v,
        &format!("Game #{id} is no longer in the play history.\n"),
        &Explain::new(),
    )
}

fn no_such_game(id: i64) -> Error {
    Problem::new(format!("there is no game #{id} in the play history"))
        .help("`kado history` lists the games and their numbers")
        .into()
}

/// Imports every file, in order; what was added is listed on stdout, and every game or
/// file not added is reported on stderr at its place (exit 2).
fn import_all(ctx: &Ctx, files: &[PathBuf]) -> Outcome {
    let (_, history) = open()?;
    let how = import::Readers {
        read: &|f| {
            // A name that is not UTF-8 cannot be told apart from its neighbours when printed
            // (nor kept in the history as it is): refused as such, as `resume` refuses it.
            kado_store::savefile::check_name(f, "file").map_err(|e| e.coded(Code::File))?;
            read_file(&f.to_string_lossy(), "saved game", SAVE_LIMIT)
        },
        record_size: &|f, game, size| limits::record_size(&f.to_string_lossy(), game, size),
        ruleset: &|game, src| ctx.record_ruleset(game, kado::games::title(game), src),
    };
    let (done, problems) = import::import_files(files, &history, &how);
    let human: String = done
        .imported
        .iter()
        .map(|d| {
            // A file's name is drawn escaped, as the errors it comes with are.
            let file = kado::diag::escape(&d.file);
            let at = match d.line {
                Some(l) => format!("{file}, line {l}"),
                None => file.into_owned(),
            };
            if d.now_finished {
                format!("{at}: game #{}, stopped before, is now finished.\n", d.id)
            } else {
                format!("{at}: added as game #{}.\n", d.id)
            }
        })
        .collect();
    ctx.emit(&done, &human, &Explain::new())?;
    Ok(problems.check()?)
}

/// Tells, on stderr, what [`import::finish_pending`] did (under --json, the games only show in
/// the history).
fn tell_pending(ctx: &Ctx) {
    if let Some(said) = import::finish_pending()
        && !ctx.json
    {
        eprint!("{said}");
    }
}

fn show(ctx: &Ctx, id: i64, svg: Option<&Path>) -> Outcome {
    let (db, _) = open()?;
    let (p, log) = db.game(id)?.ok_or_else(|| no_such_game(id))?;
    let mut human = format!(
        "Game #{} · {} · {} rules · {} · {}\nPlayers: {}\nWinner: {}\nFrom: {}\n\n",
        p.id,
        p.game,
        p.ruleset,
        p.date,
        if p.outcome.finished {
            "finished"
        } else {
            "stopped"
        },
        seats_text(&p),
        decided_text(&p),
        p.source
    );
    if kado::games::saved_game(&log).is_none() {
        human += &format!("The record:\n{log}");
    } else if let Some(tables) = kado::games::replayed(&p.game, &log) {
        let drawn: Vec<String> = (tables?.iter())
            .map(|t| kado_screen::table::styled_text(t, 80, &ctx.style))
            .collect();
        human += &drawn.join("\n");
    }
    let series = games::money_series(&p.outcome);
    if !series.is_empty() {
        human += &format!(
            "\nMoney by round:\n{}",
            money_chart(&series, ctx.style.color())
        );
        if let Some(f) = svg {
            write_svg(
                f,
                &chart::svg_lines(&format!("Game #{id}: money by round"), &series),
            )?;
        }
    }
    ctx.emit(&p, &human, &Explain::new())
}

/// The money chart for a terminal, or a table of the same numbers.
pub fn money_chart(series: &[Series], as_chart: bool) -> String {
    if as_chart {
        return chart::rows(series, |v| format!("${v}"));
    }
    let rounds = series.iter().map(|s| s.values.len()).max().unwrap_or(0);
    let mut head = vec!["Seat".to_string()];
    head.extend((1..=rounds).map(|r| r.to_string()));
    let mut t = Grid::new(head);
    for s in series {
        let mut row = vec![s.name.clone()];
        row.extend(s.values.iter().map(|v| format!("${v}")));
        t.row(row);
    }
    grid::draw(&t)
}

fn write_svg(path: &Path, svg: &str) -> Result<(), Error> {
    kado_store::savefile::save_atomic(path, svg)
        .map_err(|e| Error::msg(format!("cannot write {}: {e}", path.display())))
}

pub fn run_stats(mut args: StatsArgs, ctx: &Ctx) -> Outcome {
    tell_pending(ctx);
    let (db, _) = open()?;
    let f = Filter {
        game: args.game.clone(),
        player: args.player.clone(),
        ..Filter::default()
    };
    // From here the name is drawn, beside names the history gives back: escaped as they are.
    args.player = args.player.map(|p| kado::diag::escape(&p).into_owned());
    // Each game is counted as it is read, and none is held (but the one player's won and
    // final score of each game, for the charts).
    let mut tally = Tally::new(args.player.as_deref());
    db.each_outcome(&f, |game, outcome| tally.add(game, outcome))?;
    let kinds: Vec<String> = tally.games().map(str::to_string).collect();
    if args.svg.is_some() {
        svg_for_one_game(&args, &tally)?;
    }
    let report = tally.report();
    // The text is drawn only when it is what is printed.
    let mut human = String::new();
    for game in kinds.iter().filter(|_| !ctx.json) {
        let mut stats = report.of_game(game).peekable();
        if kinds.len() > 1 {
            human += &format!("{}\n", ctx.style.bold(kado::games::title(game)));
        }
        human += &match (&args.player, stats.peek()) {
            (Some(_), Some(s)) => one_player(s, tally.mine(game), args.chart || ctx.style.color()),
            _ => stats_table(stats),
        };
    }
    if kinds.is_empty() {
        human = stats_table([]);
    }
    ctx.emit(&report, &human, &Explain::new())
}

/// `--svg FILE`: one player's final scores in one game (the scores of two games are
/// counted in different units, so one chart never mixes them).
fn svg_for_one_game(args: &StatsArgs, tally: &Tally) -> Result<(), Error> {
    let (Some(path), Some(player)) = (&args.svg, &args.player) else {
        return Err(Problem::new("--svg draws one player's final scores")
            .help("add --player NAME (and --game GAME when they played several games)")
            .into());
    };
    let kinds: Vec<&str> = tally.games().collect();
    if kinds.is_empty() {
        return Err(Problem::new(format!(
            "no finished game of {player} in the play history matches"
        ))
        .into());
    }
    let [game] = kinds.as_slice() else {
        return Err(Problem::new(format!(
            "{player} played {} in the history, each scored in its own unit",
            kinds.join(", ")
        ))
        .help("add --game GAME: --svg draws the final scores of one game")
        .into());
    };
    let scores = histogram(&history::final_scores(tally.mine(game)), 8);
    write_svg(
        path,
        &chart::svg_bars(&format!("{player}: final scores"), &scores),
    )
}

fn stats_table<'p>(players: impl IntoIterator<Item = &'p PlayerStats>) -> String {
    let rows: Vec<[String; 7]> = players
        .into_iter()
        .map(|s| {
            [
                s.player.clone(),
                s.games.to_string(),
                s.wins.to_string(),
                format!("{:.0}%", s.win_rate * 100.0),
                format!("{:.1}", s.average_score),
                s.best_score.map_or("—".into(), |b| b.to_string()),
                s.longest_streak.to_string(),
            ]
        })
        .collect();
    if rows.is_empty() {
        return "No finished games in the play history match.\n".into();
    }
    let header = [
        "Player",
        "Games",
        "Wins",
        "Win rate",
        "Avg score",
        "Best",
        "Streak",
    ];
    grid::draw_rows(header, &rows)
}

fn one_player(s: &PlayerStats, mine: &[(bool, i64)], charts: bool) -> String {
    let mut out = stats_table([s]);
    for (who, v) in &s.against {
        out += &format!("Against {who}: {} won of {}\n", v.wins, v.games);
    }
    if let Some((hand, n)) = &s.favourite_hand {
        out += &format!("Most common winning hand: {hand} ({n} rounds)\n");
    }
    if let Some((sum, best)) = s.kings_exposed {
        out += &format!("Kings exposed: {sum} in all, {best} at best\n");
    }
    for (y, n) in &s.yaku {
        out += &format!("Yaku {y}: {n}\n");
    }
    if let Some(runs) = s.runs {
        out += &format!("Runs scored: {runs}\n");
    }
    if let Some(n) = s.pokino_wins {
        out += &format!("Games ended by their \"Pokino!\": {n}\n");
    }
    if let Some(t) = s.average_triad {
        out += &format!("Average triad score: {t:.1}\n");
    }
    let rate = history::win_rate_over_time(mine);
    let scores = histogram(&history::final_scores(mine), 8);
    if charts && !rate.is_empty() {
        let series = [Series {
            name: "win rate".into(),
            values: rate,
        }];
        out += &format!(
            "\nWin rate, game by game:\n{}",
            chart::rows(&series, |v| format!("{:.0}%", v * 100.0))
        );
        out += &format!("\nFinal scores:\n{}", chart::bars(&scores, 30));
    } else if !scores.is_empty() {
        let mut t = Grid::new(["Final score", "Games"]);
        for (label, n) in &scores {
            t.row([label.clone(), n.to_string()]);
        }
        out += &format!("\n{}", grid::draw(&t));
    }
    out
}
