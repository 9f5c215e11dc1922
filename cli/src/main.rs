//! The `kado` binary, the command line: clap definitions (the one source of truth for help,
//! man pages and completions), dispatch, and printing. Rules logic lives in the library.

mod fullscreen;
mod games_out;
mod generate;

mod history_cmd;
mod kinga;
mod kingmaker;
mod kinkado;
mod koikoi;
mod limits;
mod long_run;
mod pokino;
mod prompt;
mod rules;
mod screen;
mod serve;
mod session;
mod usage;

use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use serde::Serialize;

use kado::diag::{Code, Error, Problem};
use kado::explain::Explain;
use kado::render::Style;
use kado::ruleset::Ruleset;

pub use limits::{FILE_LIMIT, LAYOUT_LIMIT, SAVE_LIMIT, read_file, read_if_there};

/// A referee and companion for card games played with real cards.
///
/// Type in what lies on the table; kado says what the rules say, and why. Games: Kin Kādo
/// (with its solo opponent ALORA), Kinga, Pokino, Koi-Koi and Kingmaker.
///
/// Exit status: 0 for a verdict (an illegal move or record included), 2 for bad input or
/// usage, 1 for a failure inside kado. Under --json an error is one object on stderr:
/// {"error": the first message, "total": how many problems, "problems": the first 20, each
/// {code, message, source, line, column, text, expected, help}}. Its code is one of: input
/// (input refused for a reason no finer code names); notation (text that does not read as
/// the game's notation); unknown-card (a card, tile or domino the game's pack does not
/// hold); impossible (what the input says cannot be: a card in two places, more than held,
/// a count not allowed); illegal-move (a move the rules forbid at this point);
/// not-your-turn (a move by a player whose turn it is not); wrong-phase (a move that does
/// not fit the phase the game is in); game-over (a move after the game or its round has
/// ended); unknown-player (a name that is not one of the players); bad-name (a player's
/// name refused); bad-setup (players, pack or options that do not make a game); usage (the
/// command line); file (a file or stdin that cannot be read); ruleset (a ruleset or
/// house-rules file); ruleset-unknown (a ruling, choice or value the ruleset does not
/// have); ruleset-value-out-of-range (a ruleset value outside its range);
/// ruleset-wrong-game (a ruleset for another game); save (a saved game); history (the play
/// history); internal (a failure inside kado, exit 1). A check's first illegal line carries
/// the same code.
#[derive(Debug, Parser)]
#[command(name = "kado", version, propagate_version = true, max_term_width = 100)]
pub struct Cli {
    /// Print the verdict as one JSON object on stdout (errors as JSON on stderr).
    #[arg(long, global = true)]
    pub json: bool,

    /// Add the rules and the rulings (by id) that decided the verdict: those whose other
    /// choice would change it (a simulation or advice names those its games are played under).
    #[arg(long, global = true)]
    pub explain: bool,

    /// The ruleset: a built-in name (see `kado rules list`) or a house-rules YAML file.
    #[arg(long, global = true, value_name = "NAME|FILE")]
    pub rules: Option<String>,

    /// The play history file (default: KADO_HOME/history.sqlite, else the platform's data
    /// folder).
    #[arg(long, global = true, value_name = "FILE")]
    pub history: Option<std::path::PathBuf>,

    /// Do not add finished games to the play history.
    #[arg(long, global = true)]
    pub no_history: bool,

    /// Play a session in line mode at a terminal too: a transcript, not the full-screen
    /// view (line mode is used anyway when input or output is piped, or the terminal is
    /// smaller than 80×24).
    #[arg(long, global = true)]
    pub plain: bool,

    /// Serve the session (`play`, `resume`) to the players' phones as well: a page for the
    /// table everyone sees and one for each seat with its own hand, where its player
    /// answers. kado prints each page's address (and a QR code at a terminal); the
    /// terminal can answer too. Listens on 127.0.0.1 unless --lan is given.
    #[arg(long, global = true)]
    pub serve: bool,

    /// With --serve (implied): listen on this address of the local network so phones on
    /// it can join, e.g. `0.0.0.0:8080` (every address, port 8080) or `192.168.1.20`
    /// (a free port); kado prints the address to open.
    #[arg(long, global = true, value_name = "ADDR[:PORT]")]
    pub lan: Option<String>,

    /// With --serve (implied): draw the QR code of this seat's page at the terminal,
    /// rather than the table's (one code fits a screen of 24 rows). `qr NAME` typed at the
    /// terminal draws a seat's code while the game goes on.
    #[arg(long, global = true, value_name = "SEAT")]
    pub qr: Option<String>,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Kin Kādo: best hands, reveals, ALORA's turns, and whole games at the table.
    #[command(subcommand)]
    Kinkado(kinkado::Cmd),
    /// Kinga: chains and influence, every legal play, a game at the table, simulations.
    #[command(subcommand)]
    Kinga(kinga::Cmd),
    /// Pokino: the board of dominoes, placements, scoring runs, scores, territory, and whole games.
    #[command(subcommand)]
    Pokino(pokino::Cmd),
    /// Koi-Koi: yaku and scores under each rule set, dealt hands, and a game's score.
    #[command(subcommand)]
    Koikoi(koikoi::Cmd),
    /// Kingmaker (Blinks): triad scores, the Commons drawn and checked, and campaigns.
    #[command(subcommand)]
    Kingmaker(kingmaker::Cmd),
    /// The play history: every game kado followed, newest first; show, import, forget.
    #[command(long_about = HISTORY_ABOUT)]
    History(history_cmd::HistoryArgs),
    /// Records from the play history: games, wins, win rates, scores, streaks, charts.
    #[command(long_about = STATS_ABOUT)]
    Stats(history_cmd::StatsArgs),
    /// Serve a saved game to the players' phones and go on with it: a page for the table
    /// and one for each seat (as `kado GAME resume FILE --serve`).
    #[command(long_about = SERVE_ABOUT)]
    Serve {
        /// The saved game (`kado GAME play --save FILE`).
        file: std::path::PathBuf,
    },
    /// List, show and check rulesets and house-rules files.
    #[command(subcommand)]
    Rules(rules::Cmd),
    /// Print shell completions.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Write the man pages into a folder (used to keep man/ in step with the CLI).
    #[command(hide = true)]
    GenerateMan {
        /// The folder to write into.
        dir: std::path::PathBuf,
    },
}

const SERVE_ABOUT: &str = "Serve a saved game to the players' phones and go on with it, as `kado GAME resume FILE --serve` does (`kado GAME play … --serve` starts a new game served the same way).\n\nkado prints the address of the table's page (what every player may see: the seats, their scores and bets, what lies in the middle, whose turn it is, the last move set large at its top, each seat's standing such as Koi-Koi's yaku) and of one page for each seat; when the output is a terminal, one QR code, which fits a screen of 24 rows: the table's page, or with `--qr SEAT` that seat's, and `qr NAME` typed at the terminal draws a seat's code while the game goes on. A seat's page shows its own hand, the question when it is theirs with the legal answers as buttons when they are few and a field to type one, `hint` (its table with one tap to take an answer), `undo` and `help`. In every game the answer is composed by taps (Kin Kādo's sales, buys, bets and cards played; Kinga's chains and piles; Pokino's domino and then its squares on the board itself, a second tap on a square turning it, or a run's cards and then its squares along the board; Koi-Koi's card and the one it takes; Kingmaker's common, press and colours from a palette of the four lights, a step of the Year told wrong told again, a campaign Year's scores; with real cards, the pack's cards or the set's dominoes, those known to lie elsewhere closed, and Pokino's spoke): each piece the seat may pick is a button (pressed when picked, closed when the rules forbid it now), a count such as a bet or the cards bought blind has − and + buttons, and the button that sends the answer says what it will do, or what is still missing; each tap goes to kado, which keeps the picks of the question asked and checks the answer against the rules before it is sent. Every answer, from any page or typed at the terminal, goes through the same session, checks and save as in line mode; every page updates at once.\n\nWhat each surface may see: a game started with --serve keeps every hand private (as --private does) unless it is started with --open; each hand, and the answers and hints drawn from it, are shown only on its seat's page. The table's page and the terminal show the public table: no hidden card and nothing drawn from one (Pokino's places of the player to move), while what the rules make public stays public (Pokino's face-up deck). The log of what happened is the same on every page, but for what a seat drew or was dealt into its hidden hand (Pokino's domino from the poke, a deal kado made): that is told on its own page alone, marked \"For you\". Served again from its save, every page shows the log it showed before. At the terminal serving a game, `hand` and `hint` for a seat are refused: they are on that seat's page.\n\nWhat each surface may do: every question has an id and the seat it asks; a page's forms and buttons carry the id of the question they show, and a button carries the answer itself (its place among the answers shown, which kado maps back), not text to read again. An answer from a page is applied only to the question it names and only if that question asks its seat; one naming a question already answered (a double tap, a page not yet redrawn) is refused with \"that question was already answered\". From a page, `undo` and `fix N ANSWER` touch only that seat's own answers, and `help`, `hint`, `show` and the answers `fix` lists (its own alone: another seat's may hold cards played face down) are told to that page alone; `quit` is refused. The terminal running the game is the table's referee: it answers any question, takes back or corrects any answer, and alone stops the game (`quit`, Ctrl-C); as it is the whole table's screen, its `fix` lists each seat's answer by number, not what it was. Each post's answer says what became of it, as its status: 303 (taken: the page follows), 422 (refused by the rules), 403 (not this seat's to send), 409 (it named a question already answered), 503 (kado was busy for 20 s and did not take it: it is never applied later), 507 (taken, but the game could not be saved: the session stops), 410 (the game has stopped); the refusals come with the seat's page, which says why. A line typed at the terminal within 0.3 s of a new question is taken as typed at the question before it, so an `undo` typed as a page's own went through is not a second one.\n\nThe server listens on 127.0.0.1 unless --lan ADDR is given. A seat's address holds its own secret (128 bits from the system's generator); a page asked for without it, with a wrong one or another seat's gets 404 and the same words. A request naming a host other than the printed addresses (in its Host header or its target) gets 421, and one with two Host headers 400; answers are taken only by POST, at most 4 KiB, and a post from another site's page (its Origin) gets 403, with a strict Content-Security-Policy and no cross-origin access. On an address other machines reach (--lan 0.0.0.0, a local or public address) kado says that the pages and their secrets go over plain HTTP. A new save is readable by its owner alone (0600), and keeps whatever mode it is given when rewritten; the play history keeps no seat's secret. Ctrl-C, SIGTERM and SIGHUP save and stop, as the end of the game does, ahead of any answers still queued (their pages are told 410); a second signal ends kado at once, every answer taken being saved already; a page that lost its connection catches up when it reconnects, and one whose stream of updates was refused (every slot taken) tries again after a pause that doubles. Each seat has room for 4 streams of its own, which table pages (48 at most) cannot take; a write that waits 10 s for a client that does not read closes its connection, as does sending no request for 10 s. Connections are kept apart the same way: one names no seat until a request on it holds a seat's secret; at most 96 of those stay open (one more closes the one idle longest), and each seat has 8 of its own that no one else's can close, so however many connections others open and hold, from whatever address, a seat's page and its answers get through. The save remembers the port and each seat's secret: served again (`kado serve FILE`), the game keeps every page's address when that port is free, so the phones' links and QR codes still work; when it is taken, every page gets a new secret (the old addresses would lead to whoever holds the port), and kado says so. A secret in a save that kado could not have drawn (edited by hand: weak, or another seat's) is replaced, and kado says so. A finished game is not served: `kado serve` says it is over and how to see it.";

const HISTORY_ABOUT: &str = "The play history: every game kado followed to its end, newest first, filtered by game, player, ruleset and date. A game is added when its session ends finished (`play` or `resume`), with its players, scores, winner and saved log; `kado history import FILE…` adds saved games from before, finished or stopped, and records (Koi-Koi, Pokino, Kingmaker, refereed under --rules), and refuses a game already there; `history show N` replays a saved game turn by turn, or prints the record.\n\nThe history is an SQLite database: KADO_HOME/history.sqlite when KADO_HOME is set, else the platform's data folder (~/.local/share/kado on Linux); --history FILE (or KADO_HISTORY=FILE) chooses another file, --no-history (or KADO_HISTORY=off) leaves it alone. A file that is not kado's history is refused and never written to. If the history cannot be written, the game is still saved and kado says why.\n\nJSON keys: games (list of {id, game, ruleset, date, outcome {finished, seats [{name, score, won, kado}], facts}, source}).";

const STATS_ABOUT: &str = "Records from the play history's finished games, game by game (each game counts its score in its own unit, so a table and its charts never mix two games): for each player, games, wins, win rate, average and best final score (money, points or kings exposed, as the game counts), longest winning streak. With --player: the wins against each opponent (ALORA included), the most common winning hand (Kin Kādo), kings exposed (Kinga), yaku made (Koi-Koi), the average triad score (Kingmaker), and charts of the win rate game by game and of the final scores. Charts are drawn with block characters on a terminal; when the output is piped or NO_COLOR is set they become a table, unless --chart. --svg FILE writes one player's final scores in one game as an image.\n\nJSON keys: games, players (list of {game, player, games, wins, win_rate, against {NAME: {games, wins}}, average_score, best_score, longest_streak, and the game's own records}).";

/// What a command failed with.
pub enum Failure {
    /// Bad input or usage: exit 2.
    Input(Error),
    /// Something went wrong inside kado or the machine: exit 1.
    Internal(Internal),
}

/// What went wrong inside kado or the machine (exit 1), kept typed until it is reported.
pub enum Internal {
    /// A verdict or a table that would not turn into JSON.
    Json(serde_json::Error),
    /// Output that could not be written: what, and why.
    Write(&'static str, std::io::Error),
    /// kado's own step, simulation or replay, refused: what kado was doing (words that
    /// lead into the problem, or none), and the problem.
    Refused(&'static str, Error),
}

impl Internal {
    /// A game's refusal of kado's own step, said after `doing`.
    pub fn refused(doing: &'static str, e: &impl kado::diag::Coded) -> Failure {
        Failure::Internal(Internal::Refused(doing, Error::of(e)))
    }
}

impl std::fmt::Display for Internal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Internal::Json(e) => write!(f, "{e}"),
            Internal::Write(what, e) => write!(f, "cannot write {what}: {e}"),
            Internal::Refused(doing, e) => write!(f, "{doing}{}", e.summary()),
        }
    }
}

impl From<serde_json::Error> for Failure {
    fn from(e: serde_json::Error) -> Failure {
        Failure::Internal(Internal::Json(e))
    }
}

impl From<Error> for Failure {
    fn from(e: Error) -> Failure {
        Failure::Input(e)
    }
}

pub type Outcome = Result<(), Failure>;

/// What every command gets: the output mode and the ruleset choice.
#[derive(Clone)]
pub struct Ctx {
    pub json: bool,
    pub explain: bool,
    pub rules: Option<String>,
    pub style: Style,
    /// Keep a session in line mode even at a terminal (`--plain`).
    pub plain: bool,
    /// Serve a session to the players' phones (`--serve`, `--lan`).
    pub serve: Option<serve::Options>,
}

impl Ctx {
    /// The ruleset in force for `game`: `--rules`, or the game's own built-in.
    pub fn ruleset(&self, game: &str, title: &str) -> Result<Ruleset, Error> {
        let rs = match &self.rules {
            None => Ruleset::builtin(game)?,
            Some(arg) => load_ruleset(arg).map_err(|e| e.coded(Code::Ruleset))?,
        };
        rs.expect_game(game, title)
    }

    /// The ruleset a record is refereed under: --rules when given (over whatever the
    /// record names), else the ruleset the record names on its `# ruleset:` line (a
    /// built-in, one written out, or a house-rules file read beside the record), else the
    /// game's own.
    pub fn record_ruleset(
        &self,
        game: &str,
        title: &str,
        src: &kado::diag::Source,
    ) -> Result<Ruleset, Error> {
        if self.rules.is_some() {
            return self.ruleset(game, title);
        }
        let beside = record_dir(src);
        let read = |name: &str| {
            let path = beside.join(name);
            read_file(&path.to_string_lossy(), "house-rules file", FILE_LIMIT)
        };
        match kado::ruleset::of_record(src, game, title, &read) {
            Some(named) => named,
            None => self.ruleset(game, title),
        }
    }

    /// Under `--explain`, `x` keeps the rulings that decided the verdict on the record
    /// `src` of `game` under `rs`, and no other (see [`kado::games::deciding_rulings`]).
    pub fn decided(&self, game: &str, src: &kado::diag::Source, rs: &Ruleset, x: &mut Explain) {
        if let Some(g) = kado::games::by_id(game) {
            self.decided_by(rs, x, |rs| (g.verdict)(src, rs).ok());
        }
    }

    /// Under `--explain`, `x` keeps the rulings that decided a verdict, and no other:
    /// `verdict` judges the same input again under a ruleset (`None` where it cannot), and
    /// a ruling decided when one of its other choices changes what it gives (see
    /// [`kado::explain::deciding_rulings`]).
    pub fn decided_by(
        &self,
        rs: &Ruleset,
        x: &mut Explain,
        verdict: impl Fn(&Ruleset) -> Option<serde_json::Value>,
    ) {
        if self.explain {
            x.deciding(&kado::explain::deciding_rulings(rs, verdict), rs);
        }
    }

    /// Prints a verdict: JSON (with `explain` when asked), or the human text (and the
    /// reasons when asked).
    pub fn emit<T: Serialize>(&self, verdict: &T, human: &str, explain: &Explain) -> Outcome {
        if !self.json {
            let text = if self.explain && !explain.is_empty() {
                format!("{human}\n{}", explain.render())
            } else {
                human.to_string()
            };
            return write_out(&mut std::io::stdout().lock(), &text);
        }
        let mut v = serde_json::to_value(verdict).map_err(Failure::from)?;
        if self.explain
            && let serde_json::Value::Object(m) = &mut v
        {
            let reasons = serde_json::to_value(explain).map_err(Failure::from)?;
            m.insert("explain".to_string(), reasons);
        }
        // Written as it is laid out, not held whole: a big verdict (`stats` of many
        // players) costs its tree of values alone.
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        written(
            kado::diag::write_json_pretty(&mut out, &v)
                .map_err(std::io::Error::from)
                .and_then(|()| out.write_all(b"\n"))
                .and_then(|()| out.flush()),
        )
    }
}

pub fn write_out(out: &mut impl Write, text: &str) -> Outcome {
    written(out.write_all(text.as_bytes()).and_then(|_| out.flush()))
}

/// What came of writing the output.
fn written(result: std::io::Result<()>) -> Outcome {
    match result {
        Ok(()) => Ok(()),
        // A closed pipe (`kado … | head`) is not a failure.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(Failure::Internal(Internal::Write("output", e))),
    }
}

/// The folder of a record read from a file (where a house-rules file it names is
/// read); the current folder for stdin.
fn record_dir(src: &kado::diag::Source) -> std::path::PathBuf {
    src.name
        .strip_prefix("file ")
        .and_then(|f| std::path::Path::new(f).parent())
        .map(std::path::Path::to_path_buf)
        .unwrap_or_default()
}

/// `--rules NAME|FILE`: a built-in by name, else a house-rules file.
pub fn load_ruleset(arg: &str) -> Result<Ruleset, Error> {
    if kado::ruleset::builtin_names().any(|n| n == arg) {
        return Ruleset::builtin(arg);
    }
    let path = std::path::Path::new(arg);
    let looks_like_file = arg.contains('/')
        || arg.contains('\\')
        || arg.ends_with(".yaml")
        || arg.ends_with(".yml")
        || path.exists();
    if !looks_like_file {
        let names: Vec<&str> = kado::ruleset::builtin_names().collect();
        let mut p = Problem::new(format!(
            "no built-in ruleset is called `{arg}`, and no file either"
        ))
        .expected(format!(
            "a built-in ruleset ({}) or a house-rules YAML file",
            names.join(", ")
        ));
        if let Some(near) = kado::diag::did_you_mean(arg, names.iter().copied()) {
            p = p.help(format!("did you mean `{near}`?"));
        }
        return Err(p.into());
    }
    let text = read_file(arg, "house-rules file", FILE_LIMIT)?;
    Ruleset::from_house_text(arg, &text)
}

/// Colour only for a terminal, and never when NO_COLOR is set.
fn style_for_stdout() -> Style {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    Style {
        color: !no_color && std::io::stdout().is_terminal(),
    }
}

fn main() -> ExitCode {
    let usage = |mut e: clap::Error| {
        // `--help` and `--version` print plain text and succeed, even under `--json`.
        if !e.use_stderr() {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
        if usage::json_requested(args.iter().cloned()) {
            report_to_stderr(true, &usage::from_clap(&e, &args));
            return ExitCode::from(2);
        }
        limits::shorten_usage(&mut e, &args);
        let _ = e.print();
        ExitCode::from(2)
    };
    let matches = match Cli::command().try_get_matches() {
        Ok(m) => m,
        Err(e) => return usage(e),
    };
    // Arguments over the limit are refused before anything is parsed.
    if let Err(e) = limits::check_args(&Cli::command(), &matches) {
        let json = matches!(matches.try_get_one::<bool>("json"), Ok(Some(true)));
        report_to_stderr(json, &e);
        return ExitCode::from(2);
    }
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => return usage(e),
    };
    kado_store::history::configure(cli.history.clone(), cli.no_history);
    let ctx = Ctx {
        json: cli.json,
        explain: cli.explain,
        rules: cli.rules.clone(),
        style: style_for_stdout(),
        plain: cli.plain,
        serve: (cli.serve || cli.lan.is_some() || cli.qr.is_some()).then(|| serve::Options {
            lan: cli.lan.clone(),
            qr: cli.qr.clone(),
        }),
    };
    let result = match cli.command {
        _ if ctx.json && ctx.serve.is_some() => Err(Error::from(
            Problem::new("--serve and --json do not go together")
                .help("--serve draws the game on pages as it goes; --json prints its state once it stops: leave one out"),
        )
        .coded(Code::Usage)
        .into()),
        Command::Kinkado(cmd) => kinkado::run(cmd, &ctx),
        Command::Kingmaker(cmd) => kingmaker::run(cmd, &ctx),
        Command::Koikoi(cmd) => koikoi::run(cmd, &ctx),
        Command::Kinga(cmd) => kinga::run(cmd, &ctx),
        Command::Pokino(cmd) => pokino::run(cmd, &ctx),
        Command::Serve { file } => serve_save(&file, &ctx),
        Command::Rules(cmd) => rules::run(cmd, &ctx),
        Command::History(args) => history_cmd::run_history(args, &ctx),
        Command::Stats(args) => history_cmd::run_stats(args, &ctx),
        Command::Completions { shell } => generate::completions(shell),
        Command::GenerateMan { dir } => generate::man_pages(&dir),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Input(e)) => {
            report(&ctx, &e);
            ExitCode::from(2)
        }
        Err(Failure::Internal(msg)) => {
            report(
                &ctx,
                &Error::msg(format!("internal failure: {msg}")).coded(Code::Internal),
            );
            ExitCode::from(1)
        }
    }
}

fn report(ctx: &Ctx, e: &Error) {
    report_to_stderr(ctx.json, e);
}

fn report_to_stderr(json: bool, e: &Error) {
    let mut err = std::io::stderr().lock();
    let text = if json {
        format!("{}\n", kado::diag::json_safe(e.to_json().to_string()))
    } else {
        e.render()
    };
    let _ = err.write_all(text.as_bytes());
}

/// Joins positional words into one argument text (`AS KS` typed as two words).
pub fn joined(words: &[String]) -> String {
    words.join(" ")
}

/// `kado serve FILE`: the saved game's own `resume`, served to the phones.
/// Whether a new game keeps its hands off the shared screen: under `--private`; and by
/// default wherever kado deals hands that others at the table must not see (a virtual
/// deck) and they would be on a screen others see: a game served to phones (each hand is
/// on its own seat's page), or two or more players at one screen (the device is passed
/// between them). `--open` shows every hand where a table wants that.
pub fn hands_private(
    ctx: &Ctx,
    (private, open): (bool, bool),
    virtual_deck: bool,
    humans: usize,
) -> bool {
    private || (!open && virtual_deck && (ctx.serve.is_some() || humans >= 2))
}

fn serve_save(file: &std::path::Path, ctx: &Ctx) -> Outcome {
    let text = limits::read_file(&file.to_string_lossy(), "saved game", limits::SAVE_LIMIT)?;
    let mut ctx = ctx.clone();
    ctx.serve.get_or_insert_with(serve::Options::default);
    let (file, record) = (file.to_path_buf(), None);
    match kado::games::saved_game(&text).as_deref() {
        Some("kinkado") => kinkado::run(kinkado::Cmd::Resume { file, record }, &ctx),
        Some("kinga") => kinga::run(kinga::Cmd::Resume { file, record }, &ctx),
        Some("koikoi") => koikoi::run(koikoi::Cmd::Resume { file, record }, &ctx),
        Some("pokino") => pokino::run(pokino::Cmd::Resume { file, record }, &ctx),
        Some("kingmaker") => kingmaker::run(kingmaker::Cmd::Resume { file, record }, &ctx),
        _ => Err(Error::from(
            Problem::new(format!("{} is not a saved game", file.display()))
                .help("serve a save written by `kado GAME play --save FILE`"),
        )
        .into()),
    }
}
