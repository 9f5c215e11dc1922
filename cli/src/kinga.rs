//! `kado kinga …`: the Kinga referee, the table-side game and the simulator.

use kado::explain::json;
use kado::kinga::ruling;

use clap::{Subcommand, ValueEnum};

use kado::diag::Source;
use kado::kinga::advise;
use kado::kinga::check;
use kado::kinga::game::Game;
use kado::kinga::game::{Deck, Setup};
use kado::kinga::position::{Chain, Position, Table, TableArgs};
use kado::kinga::sim::{self, Report};
use kado::kinga::{self, GAME, TITLE, verdict};
use kado::render::Style;
use kado::ruleset::Ruleset;
use kado::session::Log;
use kado_screen::grid;

use crate::ctx::{Ctx, Outcome, joined};
use crate::limits::FILE_LIMIT;
use crate::long_run::{CtrlC, LongRun};
use crate::session as sess;
use crate::session::args::{RecordArg, ResumeArgs, SaveArg, SeedArg, StatusArgs};
use kado_store::savefile::SaveLock;

const CHAIN_AFTER: &str = "JSON keys: valid, reason (null when valid, else which card breaks the chain and why), influence, suits (letters S H D C), draws, bonuses (threes_company, harmony), target (null, or {card, needed (null for a king), influenced, effects: exile, turn_king, win_if_last_queen}).

Examples:
  kado kinga chain 4S 3S 3H
  kado kinga chain 5S 4S JK 3D --target 6D
  kado --rules kinga-hardcore kinga chain 4S 3S JK 5C";

const OPTIONS_AFTER: &str = "JSON keys: influence (list of {target, play, influence}), exile (list of {card, by}), raise_suspicion, loses.

Example:
  kado kinga options --hand '5S 4S 3D JK' --tops '6D 9S 3H 3C'";

const ADVISE_ABOUT: &str = "The best play at the start of a turn, from what you can see: your hand, the top card of each suit pile, your discard pile, the exiled cards and the kings turned by suspicion. Every legal choice (each target's shortest play, each exile; with neither, each king to turn) is played out to the end of the game many times by the greedy policy of `simulate`, over samples of what you cannot see: the order of your draw pile (its cards are every card found nowhere else) and of every later reshuffle. The same samples serve every choice. The greedy choice is ranked first unless another beats it on those samples by more than the noise; the others follow by games won.\n\nThe table: each choice's wins with a 95% interval, its average score (kings exposed) and what it does. --samples and --seed make the advice repeatable. At a `kado kinga play` prompt, `hint` gives the same advice.\n\nJSON keys: question (turn or suspicion), candidates (list of {answer, reason, wins, samples, win_rate, margin, average_score}, best first), samples, seed.\n\nExample:\n  kado kinga advise --hand '5S 4S 3D JK' --tops '6D 9S 3H 3C' --discard 'AS 2H'";

fn play_about() -> String {
    format!(
        "Play a game at the table: kado tracks the four suit piles, the kings, the draw and discard piles, the exiled cards and your hand, checks each play against the rules in force, and says what to do: draw, exile, turn a king sideways, reshuffle the discards. The table is shown at the start of every turn and when the game ends with its score (kings exposed).

With `--deck real` (the default) you say which cards you draw; with `--deck virtual` kado shuffles the starting deck and deals (repeatable with `--seed`). The game is saved after every answer (a temporary file, then renamed), so it survives Ctrl-C or a closed terminal; `kado kinga resume FILE` continues it under the rules it started with. `play` never overwrites an existing file. With --record FILE the game's record (see kado-notation(7)) is rewritten after every answer; `kado kinga status FILE --record` prints it from the save, and `kado kinga check` referees it with the same result.

Where the rules leave a choice, the ruleset decides and --explain names the ruling: the extra cards of Three's Company and Harmony are drawn at once ({cite}), or kado asks how many you take (optional); a card due with both piles empty is not drawn (empty-draw: short), or ends the game as a loss (game-over); a king already sideways from suspicion when its queen falls scores (sideways-queen: counts), or does not (not-counted).

With --json the transcript goes to stderr and, when the session stops, the game's state goes to stdout. JSON keys: deck (real, virtual), turn (0 before the first), piles (list of {{suit (S H D C), top (the top card, the king when only it is left; null when empty), king (upright, sideways, exposed)}}), kings_turned, hand, draw_pile and discard_pile (card counts), exiled, table (this turn's cards waiting for cleanup), waiting_for (the question kado asks next: draw, turn, suspicion, extra, bonus, keep; null when it is over), finished, won (null until finished), score (kings exposed), save (the file). With --explain the rules and rulings the game is refereed by follow the session (under --json, the explain key).",
        cite = ruling::ExtraDraws::Always.cite()
    )
}

const RESUME_ABOUT: &str = "Continue a saved game where it stopped, under the rules it started with (a --rules that differs is refused). The saved actions are replayed, so a finished game shows its final table and score.

With --json the transcript goes to stderr and the game's state to stdout, with the keys of `kado kinga play`.";

const CHECK_ABOUT: &str = "Referee a game's record line by line, through the game `kado kinga play` runs: each play against the chain rules (each card matching the one before in suit or rank, jokers connecting, never first), its influence and suits against the top card it names, each exile, suspicion and bonus exile, the draws against the piles, the hand size and cleanup, under the rules in force (standard, hardcore and the rulings: --rules takes a ruleset or a house-rules file). Then the table as the record leaves it, the score (kings exposed) and the end (the fourth queen, or the execution), or what comes next when the record stops before the end.

The rules are --rules when given (over whatever the record names), else those the record names on its `# ruleset:` line (a built-in ruleset, house rules written out as `play --record` writes them under a house-rules file, or a house-rules file read beside the record; see kado-notation(7)), else the standard rules.

The first line that breaks a rule is the verdict: its line, its turn, the rule, and what would have been legal (exit 0). A record that cannot be read is an error with its line, column and a caret (exit 2).

JSON keys (one game; several: {games: [...]}): line (of `deck:`), lines (each: line, event, text: what it did), illegal (null, or {line, turn, event, reason, rule, legal}), end (null, four_queens, executed, nothing_to_draw), next (what the game waits for, in words; null when it is over), and the keys of `kado kinga status`: deck, turn, piles, kings_turned, hand, draw_pile, discard_pile, exiled, table, waiting_for, finished, won, score.";

fn check_after() -> String {
    format!(
        "The record, one event a line (`#` starts a comment; see kado-notation(7)):
  deck: 2S AS 2C 2H AC AD 2D JK JK AH  a virtual deck: the starting deck, top first
  deck: real                           real cards: every draw is written
  draw 2S AS 2C 2H                     cards drawn (a virtual deck's need not be); real
                                       cards may run on past a reshuffle in one line
  1. 2S 2C 2H > 3S                     turn 1: the cards played in order > the card influenced
  2. exile AS                          the Exile action
  3. suspicion KH                      raise suspicion: the king turned sideways
  4. executed                          suspicion due with all four kings sideways
  bonus 2C | bonus none                the exile of a 5, 8 or 10
  keep AS | keep none                  the card kept at cleanup
  extra 2                              extra cards drawn ({cite})
  discard 2S 3H                        hardcore: the cards discarded at random
  reshuffle [CARDS]                    the new draw pile (a virtual deck: its order)
The turn numbers may be left out. A file may hold several games, each from its `deck:` line.

Examples:
  kado kinga play --deck virtual --seed 7 --record game.txt
  kado kinga check game.txt
  kado --rules kinga-hardcore --json kinga check game.txt",
        cite = ruling::ExtraDraws::Optional.cite()
    )
}

const PLAY_AFTER: &str = "At each prompt answer:
  CARDS on TARGET   a play and the top card it influences, e.g. `4S 3S 3H on 6H` (or `on H`);
                    CARDS alone when the play influences only one top card
  exile CARD        exile a card from your hand (a higher card of its suit must be in hand)
  CARDS             the cards you drew, when asked
  CARD | none       the card to keep at cleanup, or the card the 5/8/10 bonus exiles
  fix [N ANSWER]    list the answers given, or replace answer N (later answers kept where they still hold)
  undo, show, help (lists your legal plays), quit
The game is saved after every answer; when stdin is not a terminal, answers are read one per line.";

#[derive(Debug, Subcommand)]
pub enum Cmd {
    /// Check a chain of cards and work out its influence, suits and extra draws.
    #[command(after_help = CHAIN_AFTER)]
    Chain {
        /// The cards in the order played, e.g. `4S 3S 3H` or `4♠ 3♠ 3♥`.
        #[arg(required = true, num_args = 1..)]
        cards: Vec<String>,
        /// A top card to influence: is it, and what follows?
        #[arg(long, value_name = "CARD")]
        target: Option<String>,
    },
    /// Every legal play of a hand: what it can influence, what it may exile, or suspicion.
    #[command(after_help = OPTIONS_AFTER)]
    Options {
        /// The hand (may be empty: `--hand ''`).
        #[arg(long, value_name = "CARDS")]
        hand: String,
        /// The top card of each suit pile (at most one per suit).
        #[arg(long, value_name = "CARDS")]
        tops: String,
        /// How many kings are turned sideways (0 to 4).
        #[arg(long, value_name = "N", default_value = "0")]
        turned: String,
    },
    /// The best play at the start of a turn, every legal choice ranked by its chance to win.
    #[command(long_about = ADVISE_ABOUT)]
    Advise {
        /// The hand (may be empty: `--hand ''`).
        #[arg(long, value_name = "CARDS")]
        hand: String,
        /// The top card of each suit pile; a suit left out has only its king left.
        #[arg(long, value_name = "CARDS")]
        tops: String,
        /// The discard pile.
        #[arg(long, value_name = "CARDS", default_value = "")]
        discard: String,
        /// The exiled cards.
        #[arg(long, value_name = "CARDS", default_value = "")]
        exiled: String,
        /// The kings turned sideways by suspicion (suits: `S H`).
        #[arg(long, value_name = "SUITS", default_value = "")]
        suspicion: String,
        /// Games played out per choice.
        #[arg(long, value_name = "N", default_value = "200", value_parser = clap::value_parser!(u32).range(1..=i64::from(advise::MAX_SAMPLES)))]
        samples: u32,
        /// The seed of the samples.
        #[arg(long, value_name = "S", default_value = "1")]
        seed: u64,
    },
    /// Play a game at the table: kado tracks the piles, checks each play and says what to do.
    #[command(long_about = play_about(), after_help = PLAY_AFTER)]
    Play {
        #[command(flatten)]
        save: SaveArg,
        /// Real cards (you say what you draw) or a virtual deck kado shuffles and deals.
        #[arg(long, value_enum, default_value = "real")]
        deck: DeckArg,
        #[command(flatten)]
        seed: SeedArg,
        #[command(flatten)]
        record: RecordArg,
    },
    /// Continue a saved game.
    #[command(long_about = RESUME_ABOUT, after_help = PLAY_AFTER)]
    Resume(ResumeArgs),
    /// Show the state of a saved game without continuing it, or its record.
    #[command(
        after_help = crate::session::TABLE_JSON,
        long_about = "Show the state of a saved game, as `show` does at a prompt, and how many actions its log holds. It can be read while a session is running.\n\nWith --json: the same keys as the state printed when a session stops. With --record: the game's record instead, as `kado kinga check` reads it (JSON: {record})."
    )]
    Status(StatusArgs),
    /// Referee a game's record line by line: each play, exile and suspicion, the score, the end.
    #[command(long_about = CHECK_ABOUT, after_help = check_after())]
    Check {
        /// The record: a file, or `-` for stdin.
        #[arg(value_name = "RECORD")]
        record: String,
    },
    /// Play many games with a virtual deck and a greedy policy; report win rates and scores.
    #[command(after_help = const_format_policy())]
    Simulate {
        /// How many games per ruleset: 1 to 10,000,000. A bar counts the games at a terminal; Ctrl-C stops the run and reports the games played so far.
        #[arg(long, value_name = "N")]
        games: u64,
        /// The seed of the first shuffle.
        #[arg(long, value_name = "S", default_value = "1")]
        seed: u64,
        /// Who decides: the greedy policy, or the advisor (its first choice every time).
        #[arg(long, value_enum, default_value = "greedy")]
        policy: PolicyArg,
        /// The advisor's samples per candidate.
        #[arg(long, value_name = "N", default_value = "16", value_parser = clap::value_parser!(u32).range(1..=i64::from(advise::MAX_SAMPLES)))]
        samples: u32,
    },
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum PolicyArg {
    Greedy,
    Advisor,
}

const fn const_format_policy() -> &'static str {
    "The policy: each turn, influence a queen if possible, else the highest-ranked top card that can be influenced, with the shortest play (fewest jokers); else exile the lowest card that may be exiled; else raise suspicion on the king whose queen is furthest away. The 5, 8 and 10 bonus exiles the lowest plain card of the hand and discard pile. Cleanup keeps the highest plain card.

Without --rules, both kinga and kinga-hardcore are simulated.
JSON keys: results (list of {ruleset, games, wins, win_rate, scores (games ending with 0..4 kings exposed), average_score, average_turns}), seed, policy; `stopped` (true) when Ctrl-C stopped the run: the figures are those of the games played."
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum DeckArg {
    /// Real cards (`physical`, as the other games once said, is taken too).
    #[value(alias = "physical")]
    Real,
    Virtual,
}

pub fn run(cmd: Cmd, ctx: &Ctx) -> Outcome {
    match cmd {
        Cmd::Chain { cards, target } => {
            let rs = ctx.ruleset(GAME, TITLE)?;
            chain_cmd(ctx, &rs, &joined(&cards), target.as_deref())
        }
        Cmd::Advise {
            hand,
            tops,
            discard,
            exiled,
            suspicion,
            samples,
            seed,
        } => {
            let rs = ctx.ruleset(GAME, TITLE)?;
            let srcs = [
                Source::new("--hand", hand),
                Source::new("--tops", tops),
                Source::new("--discard", discard),
                Source::new("--exiled", exiled),
                Source::new("--suspicion", suspicion),
            ];
            let table = Table::parse(&TableArgs {
                hand: &srcs[0],
                tops: &srcs[1],
                discard: &srcs[2],
                exiled: &srcs[3],
                suspicion: &srcs[4],
            })?;
            let v = advise::advise_table(&table, kinga::Rules::from_ruleset(&rs), samples, seed);
            ctx.emit(&v, &grid::draw_doc(&v.doc()), &advise::explain(&rs))
        }
        Cmd::Options { hand, tops, turned } => {
            let rs = ctx.ruleset(GAME, TITLE)?;
            options_cmd(ctx, &rs, &hand, &tops, &turned)
        }
        Cmd::Play {
            save,
            deck,
            seed,
            record,
        } => play_cmd(ctx, deck, &seed, (&save, &record)),
        Cmd::Status(a) => sess::status_of::<Game>(ctx, &a),
        Cmd::Resume(a) => {
            let (lock, log) = sess::open_resumed::<Game>(ctx, &a, TITLE)?;
            session(ctx, &lock, log)
        }
        Cmd::Check { record } => check_cmd(ctx, &record),
        Cmd::Simulate {
            games,
            seed,
            policy,
            samples,
        } => {
            let policy = match policy {
                PolicyArg::Greedy => sim::Policy::Greedy,
                PolicyArg::Advisor => sim::Policy::Advisor { samples },
            };
            simulate_cmd(ctx, games, seed, policy)
        }
    }
}

/// `play`: a new game, saved (and its record written) after every answer.
fn play_cmd(
    ctx: &Ctx,
    deck: DeckArg,
    seed: &SeedArg,
    (save, record): (&SaveArg, &RecordArg),
) -> Outcome {
    let rs = ctx.ruleset(GAME, TITLE)?;
    let deck = match deck {
        DeckArg::Real => Deck::Real,
        DeckArg::Virtual => Deck::Virtual,
    };
    let setup = Setup::new(deck, seed.or_time());
    let mut log: Log<Setup, kinga::game::Action> = Log::new(GAME, &rs, setup)?;
    let lock = sess::open_play::<Game>(save, record, &mut log)?;
    session(ctx, &lock, log)
}

/// Runs a game at the table (`play`, `resume`). With `--json` the transcript goes to
/// stderr and the game's state to stdout; with `--explain` the rules and rulings the game
/// is refereed by follow the session.
fn session(ctx: &Ctx, lock: &SaveLock, mut log: Log<Setup, kinga::game::Action>) -> Outcome {
    let rs = log.ruleset.ruleset()?;
    let x = verdict::session_explain(&rs);
    if !ctx.json {
        let mut prompter = sess::prompter_for::<Game>(ctx, &mut log, lock.path())?;
        sess::run::<Game>(lock, log, &mut *prompter, ctx.style)?;
        return if ctx.explain {
            ctx.emit(&serde_json::Value::Null, "", &x)
        } else {
            Ok(())
        };
    }
    let game = sess::run_json::<Game>(ctx, lock, log)?;
    let mut v = kado::session::Session::summary(&game);
    if let serde_json::Value::Object(m) = &mut v {
        m.insert("save".into(), lock.path().display().to_string().into());
    }
    ctx.emit(&v, "", &x)
}

/// `check RECORD`: the record refereed line by line (a file, or stdin for `-`).
fn check_cmd(ctx: &Ctx, path: &str) -> Outcome {
    let src = crate::limits::read_source(path, "record", FILE_LIMIT)?;
    let rs = ctx.record_ruleset(GAME, TITLE, &src)?;
    let mut x = verdict::session_explain(&rs);
    ctx.decided(GAME, &src, &rs, &mut x);
    let mut out = crate::games_out::GamesOut::new(ctx, x);
    check::check_each(&src, &kinga::Rules::from_ruleset(&rs), |g| out.game(g))?;
    out.finish()
}

fn chain_cmd(ctx: &Ctx, rs: &Ruleset, text: &str, target: Option<&str>) -> Outcome {
    let cards = Source::new("argument CARDS", text);
    let target = target.map(|t| Source::new("--target", t));
    let q = Chain::parse(&cards, target.as_ref())?;
    let v = verdict::chain(&q, rs);
    let mut x = v.explain.clone();
    ctx.decided_by(rs, &mut x, |rs| Some(json(&verdict::chain(&q, rs))));
    ctx.emit(&v, &v.render(ctx.style), &x)
}

fn options_cmd(ctx: &Ctx, rs: &Ruleset, hand: &str, tops: &str, turned: &str) -> Outcome {
    let p = Position::parse(
        &Source::new("--hand", hand),
        &Source::new("--tops", tops),
        &Source::new("--turned", turned),
    )?;
    let v = verdict::options(&p, rs);
    let mut x = v.explain.clone();
    ctx.decided_by(rs, &mut x, |rs| Some(json(&verdict::options(&p, rs))));
    ctx.emit(&v, &grid::draw_doc(&v.doc(ctx.style)), &x)
}

fn simulate_cmd(ctx: &Ctx, games: u64, seed: u64, policy: sim::Policy) -> Outcome {
    sim::check_games(games)?;
    let rulesets: Vec<Ruleset> = match &ctx.rules {
        Some(_) => vec![ctx.ruleset(GAME, TITLE)?],
        None => sim::standard_rulesets()?,
    };
    let ctrl_c = CtrlC::listen();
    let run = LongRun::start(games * rulesets.len() as u64, &ctrl_c);
    let v = sim::simulate(&rulesets, games, seed, policy, run.stop(), |name: &str| {
        run.label(name);
        run.tick();
    })
    .map_err(|e| crate::ctx::Internal::refused("", &e))?;
    run.finish(v.results.iter().map(|r| r.games).sum());
    let human = sim_human(ctx.style, &v.results) + &format!("Policy: {}\n", v.described);
    ctx.emit(&v, &human, &v.explain)
}

/// The results for people: a line per ruleset and a bar per score.
fn sim_human(s: Style, results: &[Report]) -> String {
    let mut human = String::new();
    for r in results {
        human += &format!(
            "{} — {} game{}: {} won ({:.1}%), average score {:.2}, average {:.1} turns\n",
            s.bold(&r.ruleset),
            r.games,
            kado::words::s(r.games),
            r.wins,
            r.win_rate * 100.0,
            r.average_score,
            r.average_turns
        );
        let most = r.scores.iter().copied().max().unwrap_or(1).max(1);
        for (score, n) in r.scores.iter().enumerate() {
            let width = usize::try_from(n * 40 / most).unwrap_or(0);
            let bar = if *n > 0 && width == 0 {
                "▏".to_string()
            } else {
                "█".repeat(width)
            };
            human += &format!(
                "  {score} king{} {:>5.1}% {bar} {n}\n",
                if score == 1 { " " } else { "s" },
                *n as f64 * 100.0 / r.games.max(1) as f64
            );
        }
    }
    human
}
