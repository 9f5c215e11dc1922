//! `kado koikoi …`: the Koi-Koi referee (yaku and scores, dealt hands) and the game ledger.

use kado::explain::json;
use std::path::{Path, PathBuf};

use clap::{Subcommand, ValueEnum};

use kado::diag::{Error, Problem, Source};
use kado::koikoi::cards::{self, labels, short_labels};
use kado::koikoi::ledger::{Ledger, Setup};
use kado::koikoi::query::YakuQuery;
use kado::koikoi::{GAME, Rules, TITLE};
use kado::koikoi::{advise, check, game, record, referee, sim, verdict};
use kado::ruleset::Ruleset;
use kado::session::{Log, Session, replay};
use kado::view::Grid;
use kado_screen::grid;

use crate::ctx::{Ctx, Outcome, joined};
use crate::limits::{FILE_LIMIT, read_file};
use crate::long_run::{CtrlC, LongRun};
use crate::session;
use crate::session::args::{PrivacyArgs, RecordArg, ResumeArgs, SaveArg, SeedArg, StatusArgs};
use kado_store::savefile::SaveLock;

const CARDS_HELP: &str = "Cards: a month 1-12 (or its flower: pine, plum, cherry, wisteria, iris, peony, clover, susuki, chrysanthemum, maple, willow, paulownia) then a kind: b bright, a animal, r ribbon, p plain - 1b 9a 6r 12p pine-b. Named cards: crane curtain moon rainman phoenix warbler cuckoo bridge butterflies boar geese sake deer swallow lightning. See kado-notation(7).";

const CHECK_ABOUT: &str = "Referee a record of Koi-Koi games move by move (see kado-notation(7)): for each turn what the played and the drawn card captured and the yaku it made, for each round its winner, yaku, multiplier and points, and the game's standing. The rules are --rules when given (over whatever the record names), else those the record names on its `# ruleset:` line (a built-in ruleset, house rules written out as `play --record` writes them under a house-rules file, or a house-rules file read beside the record; see kado-notation(7)). The first illegal line is the verdict (exit 0): its line, the rule it breaks and what would have been legal. Bad notation is an error with its line, column and caret (exit 2).\n\nJSON keys: rounds (a list of {winner (null for none), points, yaku (names), end: stop, draw, instant or redeal}), scores ({NAME: points}), illegal (null, or {line, player, reason}); for a record of several games, games (a list of those objects).";

const ADVISE_ABOUT: &str = "Advice for the player about to act where a record stops (its last game, refereed first, as `check` does): each card they may play with what it takes, or koi and stop, weighed by the round's points it leads to. What the player cannot see (the opponent's hand, the stock's order) is dealt at random from the cards unseen, many times; after each answer the round is played out by the greedy policy for both players, who stop at their first yaku. The same deals judge every answer. Stop is worth the points in hand, for certain. The player's own hand must be in the record (`NAME: CARDS` after `round`). At a `kado koikoi play` prompt, `hint` gives the same advice.\n\nJSON keys: player, question (play or call), candidates (list of {answer, reason, points, margin}, best first), samples, seed.";

const ADVISE_AFTER: &str = "Examples:\n  kado koikoi advise game.txt\n  printf 'players: ana ben\\nana: 1b 1r 2a 3p 5a 7r 9p 11p\\ntable: 1p 3b 4p 6r 8b 9a 10r 12b\\n' | kado koikoi advise -";

const CHECK_AFTER: &str = "The record, one event a line (# starts a comment):\n  players: ana ben               the first named deals and plays first in round 1\n  round                          starts a round (optional before a game's first)\n  ana: 1b 1r 2a 3p 5a 7r 9p 11p  a dealt hand (optional)\n  table: 1p 3b 4p 6r 8b 9a 10r 12b   the 8 cards dealt face up\n  ana 1r>1p / 7p                 played card [>captured] / drawn card [>captured]\n  ben 10a / 9r koi               koi or stop ends a turn that forms or improves a yaku\n\nExamples:\n  kado koikoi check game.txt\n  kado koikoi simulate --games 1 --seed 3 --record game.txt && kado --json koikoi check game.txt";

const PLAY_ABOUT: &str = "Play a game of Koi-Koi at the table, move by move. kado asks for each deal and each turn in the record notation (see kado-notation(7)), checks every card against the rules in force, says what each card captured, shows the table and each player's captures with their yaku and the yaku they are closest to, asks koi or stop when a turn forms or improves a yaku, scores the round and keeps the game's points (50 each, 6 rounds by default).\n\nWith `--deck real` (the default) the table says what was dealt (a hand may stay `hidden`) and drawn; with `--deck virtual` kado shuffles and deals (repeatable with --seed). `--opponent kado` lets one person play against kado (virtual deck only): kado's hand stays hidden, its plays are announced, and it chooses each card, each capture and koi-koi or stop as its advisor weighs them (`kado koikoi advise`): by the chance to win the game the round's outcome leaves, over play-outs of the cards it cannot see (your hand and the stock) dealt at random, never the real ones.\n\nThe game is saved after every answer; `kado koikoi resume FILE` continues it, `kado koikoi status FILE --record` prints it as a record, which `kado koikoi check` reads with the same result.\n\nWith --json the transcript goes to stderr and the game's state to stdout. JSON keys: players, scores, played, rounds, over, winner, table, captured, waiting_for, save.";

const PLAY_AFTER: &str = "At each prompt answer:\n  CARDS | hidden   a dealt hand (8 cards), or hidden to keep it private\n  CARDS            the table's 8 cards\n  1r | 1r>1p       the card played (with two matches, the one it takes)\n  1r>1p / 7p koi   real cards: a whole turn at once, as in the record\n  7p | 7p>7a       the card drawn (real cards)\n  koi | stop       when a turn forms or improves a yaku\n  fix [N ANSWER]   list the answers given, or replace answer N (later answers kept where they still hold)\n  undo, show, help, quit\nThe game is saved after every answer; when stdin is not a terminal, answers are read one per line.";

const SIMULATE_ABOUT: &str = "Play whole games between two policies with a virtual deck (the policies swap seats every other game) and report each policy's wins and average points.\n\nPolicies: random (any legal card and capture, koi-koi or stop at random), greedy (the play that takes the most yaku points and cards now; always stops), eager (the first card of the hand that captures anything, else the first card; always stops), kado (the advisor's measure: of the greedy eye's two best cards or captures, the one that leaves the better chance to win the game over up to 96 play-outs of the hidden cards dealt at random, fewer once one is clearly better; koi-koi when going on, over up to 256 play-outs, gives a better chance than stopping), shortlist (kado's policy before it played by the chance to win the game: the greedy eye's three best plays weighed by the round's points over 12 play-outs, koi-koi by 24). The games run on every core; the same seed gives the same games.\n\nJSON keys: games (played), seed, policies, wins, draws, win_rates, average_points, rounds; `stopped` (true) when Ctrl-C stopped the run: the figures are those of the games played.";

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum DeckArg {
    #[value(alias = "physical")]
    Real,
    Virtual,
}

#[derive(Debug, Subcommand)]
pub enum Cmd {
    /// The yaku in a player's captured cards, and the round's score.
    #[command(
        long_about = "The yaku in a player's captured cards, and the round's score: each yaku with its points and the cards that make it, the base total, the multiplier and why, and the total.\n\nJSON keys: yaku (a list of {name, points, cards}), base, multiplier, multiplier_reasons, total, notes (yaku held that do not score, and why). Yaku names: goko, shiko, ame_shiko, sanko, hanami_zake, tsukimi_zake, inoshikacho, tane, akatan, aotan, akatan_aotan, tanzaku, kasu, tsukifuda.",
        after_help = "Examples:\n  kado koikoi yaku 1b 3b 8b 11b sake\n  kado koikoi yaku '6a 7a 10a 2a 4a' --opponent-koi\n  kado --rules koikoi-fudawiki koikoi yaku 12b 12p 12p 12p --month paulownia"
    )]
    Yaku {
        /// The player's captured cards, e.g. `1b 3b 9a` or `crane curtain sake`.
        #[arg(required = true, num_args = 1.., help = CARDS_HELP)]
        cards: Vec<String>,
        /// The round's month, 1-12 or its flower (for tsukifuda).
        #[arg(long, value_name = "M")]
        month: Option<String>,
        /// How many times the scoring player called koi-koi this round.
        #[arg(long, value_name = "N", default_value = "0")]
        koi_calls: String,
        /// The opponent had called koi-koi this round.
        #[arg(long)]
        opponent_koi: bool,
        /// The cards face up on the field when the round is scored (for rain: willow-on-field).
        #[arg(long, value_name = "CARDS")]
        field: Option<String>,
        /// How many brights lay face up on the field at the deal, 0-5 (for multiplier:
        /// field-brights).
        #[arg(long, value_name = "N")]
        field_brights: Option<String>,
    },
    /// A dealt hand's instant win (teshi, kuttsuki), and whether the field is redealt.
    #[command(
        long_about = "A dealt hand of 8 cards: is it an instant win (teshi: four cards of one month; kuttsuki: four pairs), and, given the field, must the field be redealt?\n\nJSON keys: instant_win (null, \"teshi\" or \"kuttsuki\"), points, redeal (true when the field must be redealt), cards (the cards of the instant win), field_shape, field_cards, notes.",
        after_help = "Example:\n  kado koikoi deal 1b 1r 1p 1p 2a 3b 4a 5a --field '6a 6r 7a 8b 9r 10a 11b 12p'"
    )]
    Deal {
        /// The 8 cards dealt to a player.
        #[arg(required = true, num_args = 1.., help = CARDS_HELP)]
        hand: Vec<String>,
        /// The 8 cards dealt face up to the field.
        #[arg(long, value_name = "CARDS")]
        field: Option<String>,
    },
    /// Keep a game's score the way Board Game Arena does, saved after every answer.
    #[command(
        long_about = "Keep a game's score the way Board Game Arena does: both players start with 50 points (value start-points); each round's points move from its loser to its winner; a player reduced to 0 loses at once; the game lasts 6 rounds (value rounds: any number from 1 to 12 in a house-rules file, or --rounds).\n\nEach round, answer with the winner and the points (`ana 8`) or `draw`; points no round can be worth under the rules in force (no yaku, doubling and multiplier make them) are refused, naming the nearest that can be. To have kado follow the round card by card instead, use `kado koikoi play`. At any prompt: undo, fix (list the answers; `fix N ANSWER` corrects answer N), show, help, quit. The game is saved after every answer; continue it with `kado koikoi resume FILE`. When stdin is not a terminal, answers are read one per line.\n\nWith --json, the transcript goes to stderr and the game's state is printed at the end. JSON keys: players, rounds, played, scores, dealer (who deals next), history (a list of {round, dealer, winner, points, moved, scores}), over, ended, winner, save.",
        after_help = "Example:\n  printf 'ana 8\\ndraw\\nben 3\\n' | kado --rules koikoi-bga koikoi game --players ana,ben --rounds 3 --save game.yaml"
    )]
    Game {
        /// The two players' names, separated by a comma.
        #[arg(long, value_name = "A,B", default_value = "p1,p2")]
        players: String,
        /// How many rounds, 1 to 12 (default: the ruleset's value rounds, 6).
        #[arg(long, value_name = "N")]
        rounds: Option<String>,
        /// Who deals the first round (default: the first player).
        #[arg(long, value_name = "NAME")]
        dealer: Option<String>,
        #[command(flatten)]
        save: SaveArg,
    },
    /// Play a game at the table, move by move: kado referees each card and keeps the score.
    #[command(long_about = PLAY_ABOUT, after_help = PLAY_AFTER)]
    Play {
        /// The two players' names, separated by a comma (the first deals first).
        #[arg(long, value_name = "A,B", default_value = "p1,p2")]
        players: String,
        #[command(flatten)]
        save: SaveArg,
        /// Real cards (you say what is dealt and drawn) or a virtual deck kado deals.
        #[arg(long, value_enum, default_value = "real")]
        deck: DeckArg,
        #[command(flatten)]
        seed: SeedArg,
        /// `kado`: kado plays the second player (its hand hidden; needs --deck virtual).
        #[arg(long, value_name = "WHO")]
        opponent: Option<String>,
        #[command(flatten)]
        record: RecordArg,
        #[command(flatten)]
        privacy: PrivacyArgs,
    },
    /// Play many games between two policies with a virtual deck; report win rates.
    #[command(long_about = SIMULATE_ABOUT)]
    Simulate {
        /// How many games: 1 to 100,000. A bar counts the games at a terminal; Ctrl-C stops the run and reports the games played so far.
        #[arg(long, value_name = "N")]
        games: u64,
        /// The seed of the first game's deck.
        #[arg(long, value_name = "S", default_value = "1")]
        seed: u64,
        /// The two policies: random, greedy, eager or kado.
        #[arg(long, value_name = "A,B", default_value = "kado,greedy")]
        policy: String,
        /// Also write the games as a record (which `check` reads) to this file.
        #[arg(long, value_name = "FILE")]
        record: Option<PathBuf>,
    },
    /// Referee a record of games move by move: captures, yaku, koi-koi, scores.
    #[command(long_about = CHECK_ABOUT, after_help = CHECK_AFTER)]
    Check {
        /// The record: a file, or `-` for stdin.
        record: String,
    },
    /// The best card to play, or koi or stop, where a record stops: every answer weighed.
    #[command(long_about = ADVISE_ABOUT, after_help = ADVISE_AFTER)]
    Advise {
        /// The record so far: a file, or `-` for stdin. Its last game is advised on.
        record: String,
        /// Deals of the unseen cards weighed per answer.
        #[arg(long, value_name = "N", default_value = "200", value_parser = clap::value_parser!(u32).range(2..=5000))]
        samples: u32,
        /// The seed of the deals, to repeat the advice.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Continue a saved game.
    #[command(
        long_about = "Continue a game saved by `kado koikoi game` or `kado koikoi play`. The game is replayed from its log and saved after every answer.\n\nWith --json: the same keys as the command that started it."
    )]
    Resume(ResumeArgs),
    /// Show the state of a saved game without continuing it.
    #[command(
        after_help = crate::session::TABLE_JSON,
        long_about = "Show the state of a saved game, as `show` does at a prompt, and how many actions its log holds. It can be read while a session is running.\n\nWith --json: the same keys as the state printed when a session stops."
    )]
    Status(StatusArgs),
}

pub fn run(cmd: Cmd, ctx: &Ctx) -> Outcome {
    match cmd {
        Cmd::Yaku {
            cards,
            month,
            koi_calls,
            opponent_koi,
            field,
            field_brights,
        } => {
            let rs = ctx.ruleset(GAME, TITLE)?;
            let opts = YakuQuery {
                month: month.as_deref(),
                koi_calls: &koi_calls,
                opponent_koi,
                field: field.as_deref(),
                field_brights: field_brights.as_deref(),
            };
            yaku_cmd(ctx, &rs, &joined(&cards), &opts)
        }
        Cmd::Deal { hand, field } => {
            let rs = ctx.ruleset(GAME, TITLE)?;
            deal_cmd(ctx, &rs, &joined(&hand), field.as_deref())
        }
        Cmd::Game {
            players,
            rounds,
            dealer,
            save,
        } => {
            let rs = ctx.ruleset(GAME, TITLE)?;
            game_cmd(
                ctx,
                &rs,
                &players,
                rounds.as_deref(),
                dealer.as_deref(),
                &save,
            )
        }
        Cmd::Check { record } => check_cmd(ctx, &record),
        Cmd::Advise {
            record,
            samples,
            seed,
        } => advise_cmd(ctx, &record, samples as usize, seed),
        Cmd::Status(a) => status_cmd(ctx, &a),
        Cmd::Resume(a) => resume_cmd(ctx, &a),
        Cmd::Play {
            players,
            save,
            deck,
            seed,
            opponent,
            record,
            privacy,
        } => {
            let rs = ctx.ruleset(GAME, TITLE)?;
            let seats = Seats {
                deck: dealt(deck, &seed),
                opponent: opponent.as_deref(),
                private: privacy.hands_private(
                    ctx,
                    matches!(deck, DeckArg::Virtual),
                    if opponent.is_some() { 1 } else { 2 },
                ),
            };
            play_cmd(ctx, &rs, &players, seats, (&save, &record))
        }
        Cmd::Simulate {
            games,
            seed,
            policy,
            record,
        } => {
            let rs = ctx.ruleset(GAME, TITLE)?;
            simulate_cmd(ctx, &rs, games, seed, &policy, record)
        }
    }
}

/// `koikoi check`: reads the record, referees it, and draws the verdict.
fn check_cmd(ctx: &Ctx, arg: &str) -> Outcome {
    let src = crate::limits::read_source(arg, "record", FILE_LIMIT)?;
    let rec = record::parse(&src)?;
    let rs = ctx.record_ruleset(GAME, TITLE, &src)?;
    let mut x = referee::explain(&rs, &Rules::from_ruleset(&rs));
    ctx.decided(GAME, &src, &rs, &mut x);
    let mut out = crate::games_out::GamesOut::new(ctx, x);
    check::check_each(&rec, &rs, |g| out.game(g));
    out.finish()
}

/// `koikoi advise`: the record refereed, then its next decision weighed.
fn advise_cmd(ctx: &Ctx, arg: &str, samples: usize, seed: u64) -> Outcome {
    let src = crate::limits::read_source(arg, "record", FILE_LIMIT)?;
    let rec = record::parse(&src)?;
    let rs = ctx.record_ruleset(GAME, TITLE, &src)?;
    let a = advise::advise_record(&rec, &rs, samples, seed).map_err(|why| {
        // Pointed at the record's last line: where it stops is what is advised on.
        let last = src.text.trim_end().lines().count().max(1);
        Error::from(Problem::new(why.to_string()).at_line_col(&src, last, 1))
    })?;
    ctx.emit(&a, &grid::draw_doc(&a.doc()), &advise::explain(&rs))
}

/// `koikoi yaku`: reads the pile and the round, scores it, and draws the score.
fn yaku_cmd(ctx: &Ctx, rs: &Ruleset, text: &str, q: &YakuQuery) -> Outcome {
    let verdict::YakuVerdict {
        captured: held,
        round,
        score: s,
        explain: mut x,
    } = verdict::yaku(text, q, rs)?;
    let style = ctx.style;
    let mut human = format!("Captured: {}\n", labels(&held));
    if let Some(f) = &round.field {
        human += &format!("Field: {}\n", labels(f));
    }
    if s.yaku.is_empty() {
        human += "No yaku.\n";
    } else {
        let mut t = Grid::new(["Yaku", "Points", "Cards"]);
        for y in &s.yaku {
            let points = if y.how == y.points.to_string() {
                y.points.to_string()
            } else {
                format!("{} ({})", y.points, y.how)
            };
            t.row([
                format!("{} ({})", y.name, y.name.meaning()),
                points,
                short_labels(&y.cards),
            ]);
        }
        human += &grid::draw(&t);
    }
    human += &format!(
        "Base {}, multiplier ×{}{}: {}\n",
        s.base,
        s.multiplier,
        if s.bonus > 0 {
            format!(", plus {}", s.bonus)
        } else {
            String::new()
        },
        style.bold(&format!("{} point{}", s.total, kado::words::s(s.total)))
    );
    for r in &s.multiplier_reasons {
        human += &format!("  {r}\n");
    }
    for n in &s.notes {
        human += &format!("Note: {n}.\n");
    }
    ctx.decided_by(rs, &mut x, |rs| {
        Some(json(&verdict::yaku(text, q, rs).ok()?.score))
    });
    ctx.emit(&s, &human, &x)
}

fn deal_cmd(ctx: &Ctx, rs: &Ruleset, hand: &str, field: Option<&str>) -> Outcome {
    let verdict::DealVerdict {
        hand: hand_v,
        field: field_v,
        deal: d,
        explain: mut x,
    } = verdict::deal(hand, field, rs)?;
    let style = ctx.style;
    let mut human = format!("Hand: {}\n", labels(&hand_v));
    if let Some(f) = &field_v {
        human += &format!("Field: {}\n", labels(f));
    }
    human += &match d.instant_win {
        Some(n) => format!(
            "{}: {} ({}) — the round ends; the opponent pays {}.\n",
            style.bold(&format!("Instant win, {n}, {} points", d.points)),
            n.meaning(),
            cards::codes(&d.cards),
            d.points
        ),
        None if d.hand_redeal => format!(
            "{} the hand holds four cards of one month (teshi: redeal).\n",
            style.bold("Redeal:")
        ),
        None => "No instant win.\n".to_string(),
    };
    if field_v.is_some() {
        human += &match (d.field_shape, d.redeal) {
            (Some(n), true) => format!(
                "{} the field holds {} ({}).\n",
                style.bold("Redeal:"),
                n.meaning(),
                cards::codes(&d.field_cards)
            ),
            (Some(n), false) => format!(
                "The field holds {} ({}), but the round is over: no redeal.\n",
                n.meaning(),
                cards::codes(&d.field_cards)
            ),
            (None, _) => "The field stands: no redeal.\n".to_string(),
        };
    }
    for n in &d.notes {
        human += &format!("Note: {n}.\n");
    }
    ctx.decided_by(rs, &mut x, |rs| {
        Some(json(&verdict::deal(hand, field, rs).ok()?.deal))
    });
    ctx.emit(&d, &human, &x)
}

fn game_cmd(
    ctx: &Ctx,
    rs: &Ruleset,
    players: &str,
    rounds: Option<&str>,
    dealer: Option<&str>,
    save: &SaveArg,
) -> Outcome {
    let rules = Rules::from_ruleset(rs);
    let setup = Setup::read(players, rounds, dealer, &rules);
    let exists = save.save.as_ref().filter(|p| p.exists()).map(|path| {
        Error::from(
            Problem::new(format!("{} already exists", path.display())).help(format!(
                "continue that game with `kado koikoi resume {}`, or save this one elsewhere",
                path.display()
            )),
        )
    });
    let setup = match (setup, exists) {
        (Ok(setup), None) => setup,
        (setup, exists) => return Err(Error::gather([setup.err(), exists]).into()),
    };
    Ledger::start(&setup, rs).map_err(|e| Error::of(&e))?;
    let log: Log<Setup, kado::koikoi::ledger::Action> = Log::new(GAME, rs, setup)?;
    let lock = session::open_new::<Ledger>(&save.path(GAME))?;
    run_ledger(ctx, &lock, log)
}

fn run_ledger(
    ctx: &Ctx,
    lock: &SaveLock,
    log: Log<Setup, kado::koikoi::ledger::Action>,
) -> Outcome {
    let path = lock.path();
    let rs = log.ruleset.ruleset()?;
    let rules = Rules::from_ruleset(&rs);
    let g: Ledger = replay(&log)?;
    let intro = format!(
        "Koi-Koi: {} and {}, {} rounds, {} points each (ruleset {}). Saving to {}.\n",
        g.setup.players[0],
        g.setup.players[1],
        g.setup.rounds,
        rules.values.start_points,
        rs.name,
        path.display()
    );
    // The intro goes where the transcript goes: stderr under --json, else stdout.
    if ctx.json {
        eprint!("{intro}");
    } else {
        crate::ctx::write_out(&mut std::io::stdout().lock(), &intro)?;
    }
    session::play_explained::<Ledger>(ctx, lock, log, &Ledger::explain(&rules))
}

/// Whether a save holds a game played move by move (else the ledger alone).
fn is_play_save(file: &Path) -> Result<bool, Error> {
    let text = read_file(
        session::saved_name(file)?,
        "saved game",
        crate::limits::SAVE_LIMIT,
    )?;
    Ok(game::is_play_log(&text))
}

fn status_cmd(ctx: &Ctx, a: &StatusArgs) -> Outcome {
    if is_play_save(&a.file)? {
        session::status_of::<game::Game>(ctx, a)
    } else {
        session::status_of::<Ledger>(ctx, a)
    }
}

fn resume_cmd(ctx: &Ctx, a: &ResumeArgs) -> Outcome {
    if !is_play_save(&a.file)? {
        let (lock, log) = session::open_resume::<Ledger>(ctx, &a.file, TITLE)?;
        return run_ledger(ctx, &lock, log);
    }
    let (lock, log) = session::open_resumed::<game::Game>(ctx, a, TITLE)?;
    run_play(ctx, &lock, log)
}

/// The deck a new game is played with: a virtual one shuffled from `seed` (or the clock).
fn dealt(deck: DeckArg, seed: &SeedArg) -> game::Deck {
    match deck {
        DeckArg::Real => game::Deck::Physical,
        DeckArg::Virtual => game::Deck::Virtual {
            seed: seed.or_time(),
        },
    }
}

/// How the table plays: the deck, kado as an opponent, hands kept off the screen.
struct Seats<'a> {
    deck: game::Deck,
    opponent: Option<&'a str>,
    private: bool,
}

fn play_cmd(
    ctx: &Ctx,
    rs: &Ruleset,
    players: &str,
    Seats {
        deck,
        opponent,
        private,
    }: Seats,
    (save, record): (&SaveArg, &RecordArg),
) -> Outcome {
    let rules = Rules::from_ruleset(rs);
    let setup = Setup::read(players, None, None, &rules)?;
    let src = Source::new("--players", players);
    if let Some(why) = setup.players.iter().find_map(|n| record::name_problem(n)) {
        return Err(Error::from(Problem::new(why).at(&src, 0..players.len())).into());
    }
    let kado = match opponent {
        None => None,
        Some(o) if o.eq_ignore_ascii_case("kado") && deck != game::Deck::Physical => Some(1),
        Some(o) => {
            let why = if o.eq_ignore_ascii_case("kado") {
                "kado can play only with a virtual deck, whose cards it deals and hides"
            } else {
                "the only opponent kado offers is itself"
            };
            return Err(Error::from(
                Problem::new(format!("--opponent {o}: {why}"))
                    .expected("--opponent kado --deck virtual"),
            )
            .into());
        }
    };
    let setup = game::Setup {
        players: setup.players,
        deck,
        kado,
        private,
    };
    game::Game::start(&setup, rs).map_err(|e| Error::of(&e))?;
    let mut log: Log<game::Setup, game::Action> = Log::new(GAME, rs, setup)?;
    let lock = session::open_play::<game::Game>(save, record, &mut log)?;
    run_play(ctx, &lock, log)
}

fn run_play(ctx: &Ctx, lock: &SaveLock, log: Log<game::Setup, game::Action>) -> Outcome {
    let rs = log.ruleset.ruleset()?;
    let rules = Rules::from_ruleset(&rs);
    let g: game::Game = replay(&log)?;
    let intro = format!(
        "Koi-Koi: {} and {}, {} rounds, {} points each (ruleset {}). Saving to {}.\n",
        g.setup.players[0],
        g.setup.players[1],
        g.referee.ledger.setup.rounds,
        rules.values.start_points,
        rs.name,
        lock.path().display()
    );
    if ctx.json {
        eprint!("{intro}");
    } else {
        crate::ctx::write_out(&mut std::io::stdout().lock(), &intro)?;
    }
    session::play_explained::<game::Game>(ctx, lock, log, &referee::explain(&rs, &rules))
}

/// Writes the record of a simulation to `path`, game by game as each is played (its
/// memory does not grow with the games), atomically.
fn write_record(
    rs: &Ruleset,
    games: u64,
    seed: u64,
    policies: [sim::Policy; 2],
    path: &std::path::Path,
    ctrl_c: &CtrlC,
) -> Outcome {
    // The ruleset line first, when the rules are not the game's own.
    let head = kado::ruleset::with_record_comment("", rs)?;
    let run = LongRun::start(games, ctrl_c);
    run.label("record");
    let mut played = Ok(0);
    kado_store::savefile::save_atomic_with(path, |out| {
        let mut failed = out.write_all(head.as_bytes());
        let stop = run.stop();
        played = sim::write_record_of_games(rs, games, seed, policies, stop, &mut |text| {
            run.tick();
            failed = out.write_all(text.as_bytes());
            failed.is_ok()
        });
        failed
    })
    .map_err(|e| {
        Error::msg(format!(
            "could not write the record to {}: {}",
            path.display(),
            kado_store::io_words(&e)
        ))
    })?;
    let played = played.map_err(|e| crate::ctx::Internal::refused("", &e))?;
    run.finish(played);
    Ok(())
}

fn simulate_cmd(
    ctx: &Ctx,
    rs: &Ruleset,
    games: u64,
    seed: u64,
    policy: &str,
    record: Option<PathBuf>,
) -> Outcome {
    let policies = sim::read_request(policy, games)?;
    let [a, b] = policies;
    // One listener for both runs: a Ctrl-C while the record is written stops the games
    // after it too.
    let ctrl_c = CtrlC::listen();
    if let Some(path) = record {
        kado_store::savefile::check_name(&path, "--record")?;
        write_record(rs, games, seed, policies, &path, &ctrl_c)?;
    }
    let run = LongRun::start(games, &ctrl_c);
    let threads = kado::par::cores();
    let tick = || run.tick();
    let r = sim::simulate(rs, games, seed, policies, threads, run.stop(), &tick)
        .map_err(|e| crate::ctx::Internal::refused("", &e))?;
    run.finish(r.games);
    let width = a.name().len().max(b.name().len()).max(7);
    let mut human = format!(
        "{} games, {} against {} (seats swapped every other game), {} rounds:\n",
        r.games,
        a.name(),
        b.name(),
        r.rounds
    );
    for (i, p) in [a, b].iter().enumerate() {
        human += &format!(
            "  {:<width$} {} won ({:.1}%), average {:.1} points\n",
            p.name(),
            r.wins[i],
            r.win_rates[i] * 100.0,
            r.average_points[i]
        );
    }
    human += &format!("  {} drawn\n", r.draws);
    ctx.emit(&r, &human, &sim::explain(rs, r.policies))
}
