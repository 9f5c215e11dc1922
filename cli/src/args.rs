//! The command line's definition: every command, flag and help text, one source for
//! `--help`, the man pages and the completions.

use clap::{Parser, Subcommand};
use kado::diag::Code;

use crate::{history_cmd, kinga, kingmaker, kinkado, koikoi, pokino, rules};

/// kado's command line: the flags every command takes, and the command.
#[derive(Debug, Parser)]
#[command(
    name = "kado",
    version,
    propagate_version = true,
    max_term_width = 100,
    about = TAGLINE,
    long_about = about()
)]
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

/// What kado is, in a line (`kado -h`, and the NAME of kado(1)).
const TAGLINE: &str = "A referee and companion for card games played with real cards";

/// kado's long help (and kado(1)'s description): the games, the exit status and the JSON
/// form of an error with every code it may carry, each with its meaning, as the library
/// declares them ([`Code::ALL`], [`Code::word`], [`Code::means`]).
fn about() -> String {
    let codes: Vec<String> = (Code::ALL.iter())
        .map(|c| format!("{} ({})", c.word(), c.means()))
        .collect();
    format!(
        "{TAGLINE}.\n\nType in what lies on the table; kado says what the rules say, and why. Games: Kin Kādo (with its solo opponent ALORA), Kinga, Pokino, Koi-Koi and Kingmaker.\n\nExit status: 0 for a verdict (an illegal move or record included), 2 for bad input or usage, 1 for a failure inside kado. Under --json an error is one object on stderr: {{\"error\": the first message, \"total\": how many problems, \"problems\": the first 20, each {{code, message, source, line, column, text, expected, help}}}}. Its code is one of: {}. A check's first illegal line carries the same code.",
        codes.join("; ")
    )
}

const SERVE_ABOUT: &str = "Serve a saved game to the players' phones and go on with it, as `kado GAME resume FILE --serve` does (`kado GAME play … --serve` starts a new game served the same way).\n\nkado prints the address of the table's page (what every player may see: the seats, their scores and bets, what lies in the middle, whose turn it is, the last move set large at its top, each seat's standing such as Koi-Koi's yaku) and of one page for each seat; when the output is a terminal, one QR code, which fits a screen of 24 rows: the table's page, or with `--qr SEAT` that seat's, and `qr NAME` typed at the terminal draws a seat's code while the game goes on. A seat's page shows its own hand, the question when it is theirs with the legal answers as buttons when they are few and a field to type one, `hint` (its table with one tap to take an answer), `undo` and `help`. In every game the answer is composed by taps (Kin Kādo's sales, buys, bets and cards played; Kinga's chains and piles; Pokino's domino and then its squares on the board itself, a second tap on a square turning it, or a run's cards and then its squares along the board; Koi-Koi's card and the one it takes; Kingmaker's common, press and colours from a palette of the four lights, a step of the Year told wrong told again, a campaign Year's scores; with real cards, the pack's cards or the set's dominoes, those known to lie elsewhere closed, and Pokino's spoke): each piece the seat may pick is a button (pressed when picked, closed when the rules forbid it now), a count such as a bet or the cards bought blind has − and + buttons, and the button that sends the answer says what it will do, or what is still missing; each tap goes to kado, which keeps the picks of the question asked and checks the answer against the rules before it is sent. Every answer, from any page or typed at the terminal, goes through the same session, checks and save as in line mode; every page updates at once.\n\nWhat each surface may see: a game started with --serve keeps every hand private (as --private does) unless it is started with --open; each hand, and the answers and hints drawn from it, are shown only on its seat's page. The table's page and the terminal show the public table: no hidden card and nothing drawn from one (Pokino's places of the player to move), while what the rules make public stays public (Pokino's face-up deck). The log of what happened is the same on every page, but for what a seat drew or was dealt into its hidden hand (Pokino's domino from the poke, a deal kado made): that is told on its own page alone, marked \"For you\". Served again from its save, every page shows the log it showed before. At the terminal serving a game, `hand` and `hint` for a seat are refused: they are on that seat's page.\n\nWhat each surface may do: every question has an id and the seat it asks; a page's forms and buttons carry the id of the question they show, and a button carries the answer itself (its place among the answers shown, which kado maps back), not text to read again. An answer from a page is applied only to the question it names and only if that question asks its seat; one naming a question already answered (a double tap, a page not yet redrawn) is refused with \"that question was already answered\". From a page, `undo` and `fix N ANSWER` touch only that seat's own answers, and `help`, `hint`, `show` and the answers `fix` lists (its own alone: another seat's may hold cards played face down) are told to that page alone; `quit` is refused. The terminal running the game is the table's referee: it answers any question, takes back or corrects any answer, and alone stops the game (`quit`, Ctrl-C); as it is the whole table's screen, its `fix` lists each seat's answer by number, not what it was. Each post's answer says what became of it, as its status: 303 (taken: the page follows), 422 (refused by the rules), 403 (not this seat's to send), 409 (it named a question already answered), 503 (kado was busy for 20 s and did not take it: it is never applied later), 507 (taken, but the game could not be saved: the session stops), 410 (the game has stopped); the refusals come with the seat's page, which says why. A line typed at the terminal within 0.3 s of a new question is taken as typed at the question before it, so an `undo` typed as a page's own went through is not a second one.\n\nThe server listens on 127.0.0.1 unless --lan ADDR is given. A seat's address holds its own secret (128 bits from the system's generator); a page asked for without it, with a wrong one or another seat's gets 404 and the same words. A request naming a host other than the printed addresses (in its Host header or its target) gets 421, and one with two Host headers 400; answers are taken only by POST, at most 4 KiB, and a post from another site's page (its Origin) gets 403, with a strict Content-Security-Policy and no cross-origin access. On an address other machines reach (--lan 0.0.0.0, a local or public address) kado says that the pages and their secrets go over plain HTTP. A new save is readable by its owner alone (0600), and keeps whatever mode it is given when rewritten; the play history keeps no seat's secret. Ctrl-C, SIGTERM and SIGHUP save and stop, as the end of the game does, ahead of any answers still queued (their pages are told 410); a second signal ends kado at once, every answer taken being saved already; a page that lost its connection catches up when it reconnects, and one whose stream of updates was refused (every slot taken) tries again after a pause that doubles. Each seat has room for 4 streams of its own, which table pages (48 at most) cannot take; a write that waits 10 s for a client that does not read closes its connection, as does sending no request for 10 s. Connections are kept apart the same way: one names no seat until a request on it holds a seat's secret; at most 96 of those stay open (one more closes the one idle longest), and each seat has 8 of its own that no one else's can close, so however many connections others open and hold, from whatever address, a seat's page and its answers get through. The save remembers the port and each seat's secret: served again (`kado serve FILE`), the game keeps every page's address when that port is free, so the phones' links and QR codes still work; when it is taken, every page gets a new secret (the old addresses would lead to whoever holds the port), and kado says so. A secret in a save that kado could not have drawn (edited by hand: weak, or another seat's) is replaced, and kado says so. A finished game is not served: `kado serve` says it is over and how to see it.";

const HISTORY_ABOUT: &str = "The play history: every game kado followed to its end, newest first, filtered by game, player, ruleset and date. A game is added when its session ends finished (`play` or `resume`), with its players, scores, winner and saved log; `kado history import FILE…` adds saved games from before, finished or stopped, and records (Koi-Koi, Pokino, Kingmaker, refereed under --rules), and refuses a game already there; `history show N` replays a saved game turn by turn, or prints the record.\n\nThe history is an SQLite database: KADO_HOME/history.sqlite when KADO_HOME is set, else the platform's data folder (~/.local/share/kado on Linux); --history FILE (or KADO_HISTORY=FILE) chooses another file, --no-history (or KADO_HISTORY=off) leaves it alone. A file that is not kado's history is refused and never written to. If the history cannot be written, the game is still saved and kado says why.\n\nJSON keys: games (list of {id, game, ruleset, date, outcome {finished, seats [{name, score, won, kado}], facts}, source}).";

const STATS_ABOUT: &str = "Records from the play history's finished games, game by game (each game counts its score in its own unit, so a table and its charts never mix two games): for each player, games, wins, win rate, average and best final score (money, points or kings exposed, as the game counts), longest winning streak. With --player: the wins against each opponent (ALORA included), the most common winning hand (Kin Kādo), kings exposed (Kinga), yaku made (Koi-Koi), the average triad score (Kingmaker), and charts of the win rate game by game and of the final scores. Charts are drawn with block characters on a terminal; when the output is piped or NO_COLOR is set they become a table, unless --chart. --svg FILE writes one player's final scores in one game as an image.\n\nJSON keys: games, players (list of {game, player, games, wins, win_rate, against {NAME: {games, wins}}, average_score, best_score, longest_streak, and the game's own records}).";
