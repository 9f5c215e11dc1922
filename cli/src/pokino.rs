//! `kado pokino …`: the Pokino referee: the board, placements, scoring runs, scores.

use kado::explain::{Explain, json};
use kado::pokino::ruling;

use clap::Subcommand;

use kado::diag::{Error, Source};
use kado::pokino::board::{Board, Domino, Placement};
use kado::pokino::error::PokinoError;
use kado::pokino::game::{Deck, Game};
use kado::pokino::input::{RunsAsk, RunsText, ScoreAsk, holds_board, parse_territory};
use kado::pokino::runs::Run;
use kado::pokino::score;
use kado::pokino::verdict::{self, RunsVerdict};
use kado::pokino::{GAME, Rules, TITLE, picture};
use kado::render::Style;
use kado::ruleset::Ruleset;
use kado::view::Grid;
use kado::words::count_of;
use kado_screen::grid;

use crate::ctx::{Ctx, Failure, Outcome, joined};
use crate::limits::{FILE_LIMIT, read_file, read_if_there};
use crate::session::args::{PrivacyArgs, RecordArg, ResumeArgs, SaveArg, SeedArg, StatusArgs};

mod advise;
mod check;
mod play;

const BOARD_HELP: &str = "The board: dominoes such as `6-4@0,0h 1-3@0,1h` (A-B@X,Y, then h: B half to the right, or v: B half below), separated by spaces, `;` or newlines. The first four are the starting spoke. See kado-notation(7).";

const PLAY_ABOUT: &str = "Referee a game at the table, turn by turn. kado asks for the starting spoke (real pieces) or lays it (a virtual deal), then asks each player's turn in the record notation, checks it against the rules in force, and says what it did; the board is drawn after every turn with its claimed borders, each player's score, beads, cards and dominoes. The game ends on \"Pokino!\" or an empty poke, with the winner.\n\nWith `--deck virtual` kado shuffles every domino and card from the seed, deals, and shows the player to move their hand and dominoes. The game is saved after every answer; `kado pokino resume FILE` continues it, `status FILE --record` prints its record, which `kado pokino check` referees to the same result.\n\n`hint` at a turn weighs every move of the player to act as `kado pokino advise` does, from what that player can see: the other hands and dominoes, the deck and the poke are dealt at random from the pieces unseen for each play-out, others modelled as the greedy policy. With real pieces kado does not know a player's dominoes: `hint 6-4 12-0 5-5` names them.";

fn play_after() -> String {
    format!(
        "At each turn answer (the player's name may be left out):
  domino 5-5@3,0h                     lay a domino
  run QC 4H 3S @ 2,0 1,0 1,1          play cards along squares (leave the squares out when they fit one way)
  pass                                neither ({cite1})
  ... draws 7H                        after a turn: the card drawn, when it is seen ({cite2})
  ana: AS 4H 9C 9D KH                 a player's whole hand, so kado checks every card played
  hint                                every move weighed by the advisor (as `kado pokino advise`)
  hint 6-4 12-0 5-5                   the same, with the dominoes held named (real pieces)
  fix [N ANSWER]                      list the answers given, or replace answer N (later answers kept where they still hold)
  undo, show, help, quit
The game is saved after every answer; when stdin is not a terminal, answers are read one per line.",
        cite1 = ruling::Id::Pass.cite(), cite2 = ruling::Id::Deck.cite()
    )
}

const SIMULATE_AFTER: &str = "The policies: greedy (the default: each turn, play the best run the hand allows (most points, then most cards), else lay a domino where it touches the most squares on the table, else pass); patient (gather beads and cards for a run of 10, the most the table scores; play it when the hand allows; once the poke holds 30 dominoes or fewer, play the run scoring most for the fewest cards); advisor (`kado pokino advise`'s best move, each move weighed over --samples deals of the pieces unseen, others modelled as the greedy policy). `--policy advisor` seats the advisor in one seat and greedy in the others; `--policy advisor,greedy,greedy` names each seat. The seats turn one place a game, so each policy sits in each seat in turn; each policy's seats are reported (average score, pips under Territory, and wins). Games are played on every core. Without --rules, the base game and each variant (pokino, pokino-greed, pokino-up, pokino-tear-down, pokino-territory) are simulated.

JSON keys: players, seed, policy (in words), seats (the policies of the first game's seats), samples (null without the advisor), results (each: ruleset, games, average_score (a player's), average_best_score, average_turns, pokino (games ended by \"Pokino!\"), pokino_rate, policies (each: policy, seats, average_score, wins, win_rate)); `stopped` (true) when Ctrl-C stopped the run: the figures are those of the games played.

Examples:
  kado pokino simulate --players 3 --games 100 --seed 1
  kado --rules pokino pokino simulate --players 3 --games 300 --policy advisor";

const CHECK_ABOUT: &str = "Referee a game's record turn by turn: what each line did (beads taken and paid, cards and dominoes drawn, runs scored and borders claimed), then the board with its claimed borders, each player's score, beads, hand and dominoes, the poke and the deck, and the end and the winner, or who plays next when the record stops before the end. The rules are --rules when given (over whatever the record names), else those the record names on its `# ruleset:` line (a built-in ruleset, house rules written out as `play --record` writes them under a house-rules file, or a house-rules file read beside the record; see kado-notation(7)). The first line that breaks a rule is the verdict: its line, the rule, and what would have been legal (exit 0). A record that cannot be read is an error with its line, column and a caret (exit 2).";

const CHECK_AFTER: &str =
    "The record, one event a line (`#` starts a comment; see kado-notation(7)):
  players: ana ben cy                 in turn order; a file may hold several games
  spoke: 6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h
  ana domino 5-5@3,0h                 lays a domino: a bead, a domino and a card drawn
  ben run QC 4H 3S @ 2,0 1,0 1,1      cards along squares: a bead a card, borders claimed
  cy run 6D 4C                        squares left out: the cards fit one way only
  ana pass draws 7H                   neither; the card drawn, when it is seen
  ana: AS 4H 9C 9D KH                 a player's whole hand, as dealt or now
  poke: DOMINOES / deck: CARDS        a known deal: every piece in the order drawn

JSON keys (one game; several: {games: [...]}): players, scores, beads, hand_sizes, dominoes \
(held, by player), poke, deck, over, end (null, or {by: pokino, poke-empty or deck-empty}), \
winner (null while the game goes on or on a tie), winners, decided_by (call: \"Pokino!\" won at \
once; score: the highest score, the pips under Territory; null while the game goes on), pokino \
(who called it, or null), \
next (who plays next, or null), claimed (each: border, player), board, illegal (null, or \
{line, player, reason, rule, legal}), turns (each: line, event, text and what it did), picture.

Example:
  kado pokino check game.txt";

/// Where the pieces come from.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum DeckArg {
    #[value(alias = "physical")]
    Real,
    Virtual,
}

#[derive(Debug, Subcommand)]
pub enum Cmd {
    /// Draw the board: numbers on the grid, each domino outlined, claimed borders marked.
    #[command(
        after_help = "JSON keys: dominoes (each: domino, at, dir, squares, numbers), claimed, \
bounds (null, or {from, to}), picture.\n\nExample:\n  kado pokino show '6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h' --claimed 1,0-2,0"
    )]
    Show {
        #[arg(value_name = "BOARD", help = BOARD_HELP)]
        board: Vec<String>,
        /// Read the board from a file instead (`#` starts a comment).
        #[arg(long = "board", value_name = "FILE")]
        board_file: Option<String>,
        /// Borders claimed by tokens: X,Y-X,Y separated by spaces, e.g. `0,0-0,1 1,0-2,0`
        /// (under ruling steps `diagonals`, also two squares meeting at a corner: `0,0-1,1`)
        #[arg(long, value_name = "BORDERS", allow_hyphen_values = true)]
        claimed: Option<String>,
    },
    /// Say whether a domino may be laid where asked, and why not.
    #[command(
        after_help = "A domino may be laid on an empty part of the grid next to (sharing a side with) \
at least one domino on the table, unless it is on the table already. The first four dominoes \
(the starting spoke) may go anywhere.\n\nJSON keys: placement, legal, faults (each: kind, and its \
details), reasons, touches, written (the file appended to, or null).\n\nExample:\n  kado pokino \
place --write game.txt 5-5@-2,0h"
    )]
    Place {
        /// The board's dominoes (see `show`; leave out with --board or --write), then the
        /// domino to lay: A-B@X,Y then h or v, e.g. `5-5@-2,0h`.
        #[arg(value_name = "BOARD… DOMINO", required = true, num_args = 1..)]
        args: Vec<String>,
        /// Read the board from a file instead.
        #[arg(long = "board", value_name = "FILE")]
        board_file: Option<String>,
        /// When the placement is legal, append it to this board file (the board is read from
        /// it when no other board is given; a board given another way starts a new file).
        #[arg(long, value_name = "FILE")]
        write: Option<String>,
    },
    /// List every legal placement of a domino.
    #[command(
        after_help = "JSON keys: domino, on_table (where it lies, or null), anywhere (true \
while the spoke is laid: it may go anywhere), spots, count.\n\nExample:\n  kado pokino spots \
'6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h' 5-5"
    )]
    Spots {
        /// The board's dominoes (see `show`; leave out with --board), then the domino:
        /// A-B, e.g. `5-5`.
        #[arg(value_name = "BOARD… A-B", required = true, num_args = 1..)]
        args: Vec<String>,
        /// Read the board from a file instead.
        #[arg(long = "board", value_name = "FILE")]
        board_file: Option<String>,
    },
    /// The scoring runs a hand can play, best first.
    #[command(
        after_help = format!("A run is a walk of 2 or more squares, each step to a square sharing a \
side with the last (or touching it at a corner, under {cite} `diagonals`) and of another \
domino, across no claimed border and no border twice, whose \
numbers are matched in order by cards from the hand (A-10 are 1-10, J 11, Q 12, K 0), each card \
once. Each card costs a bead, so a run has at most as many cards as the player has beads \
(no limit under Greed). A walk and the same walk backwards are two runs.\n\nJSON keys: best \
(null, or {{length, points, numbers, cards, squares, and torn: the dominoes that leave the \
board, present only under Tear Down the Walls}}), runs (the best 20 by points, then \
length, then squares in reading order; every run with --all), count (every run), complete \
(false when the search stopped after 50,000,000 runs, or 1,000,000 with --all: count is then a \
lower bound and best the best found by then), max_length, bound (what sets max_length: hand, \
beads or table), hand, beads, pokino (true when the best run plays every card in the hand: \
the player calls \"Pokino!\"), pokino_decided_by (only then: call, the caller wins; or pips, \
under Territory with {pips}).\n\nExample:\n  kado pokino runs \
'6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h' --hand '6S 4H AD QC 8S' --beads 3", cite = ruling::Id::Steps.cite(), pips = ruling::TerritoryPokino::PipsDecide.cite())
    )]
    Runs {
        #[arg(value_name = "BOARD", help = BOARD_HELP)]
        board: Vec<String>,
        /// Read the board from a file instead.
        #[arg(long = "board", value_name = "FILE")]
        board_file: Option<String>,
        /// The cards in the hand, e.g. `6S 4H AD QC` (no jokers).
        #[arg(long, value_name = "CARDS")]
        hand: String,
        /// The beads the player has: one pays for one card (no limit when not given).
        #[arg(long, value_name = "N")]
        beads: Option<String>,
        /// Borders already claimed by tokens: X,Y-X,Y separated by spaces (under ruling steps
        /// `diagonals`, also two squares meeting at a corner).
        #[arg(long, value_name = "BORDERS", allow_hyphen_values = true)]
        claimed: Option<String>,
        /// List every run, not only the best 20.
        #[arg(long)]
        all: bool,
        /// Stop the search after this many runs (for tests; the default is 50,000,000,
        /// or 1,000,000 with --all).
        #[arg(long, value_name = "N", hide = true)]
        budget: Option<String>,
    },
    /// Points for runs from the scoring table, and the total.
    #[command(
        after_help = score_help()
    )]
    Score {
        /// The number of cards in each run played, e.g. `2 5 8`.
        #[arg(value_name = "RUN_LENGTHS")]
        lengths: Vec<String>,
        /// Beads held at the end of the game (they score only under Greed).
        #[arg(long, value_name = "N")]
        beads: Option<String>,
    },
    /// Referee a game's record turn by turn: each turn, the standing, the winner.
    #[command(long_about = CHECK_ABOUT, after_help = CHECK_AFTER)]
    Check {
        /// The record: a file, or `-` for stdin.
        #[arg(value_name = "RECORD")]
        record: String,
    },
    /// The best move where a record stops: every run, place and pass weighed over play-outs.
    #[command(long_about = advise::about(), after_help = advise::AFTER)]
    Advise {
        /// The record so far: a file, or `-` for stdin. The player about to act where its
        /// last game stops is advised.
        #[arg(value_name = "RECORD")]
        record: String,
        /// Deals of the unseen pieces each move is played out over.
        #[arg(long, value_name = "N", default_value_t = kado::pokino::advise::HINT_SAMPLES as u32, value_parser = clap::value_parser!(u32).range(2..=10_000))]
        samples: u32,
        /// The seed of the deals, to repeat the advice.
        #[arg(long, value_name = "S", default_value_t = 1)]
        seed: u64,
        /// The dominoes the player holds, e.g. `6-4 12-0 5-5`, when the record does not
        /// deal them (real pieces): then the places to lay each are weighed too.
        #[arg(long, value_name = "DOMINOES")]
        dominoes: Option<String>,
        /// List every legal move, not only those played out.
        #[arg(long)]
        all: bool,
    },
    /// Referee a game live: each turn checked as it is played, the board drawn, the record written.
    #[command(long_about = PLAY_ABOUT, after_help = play_after())]
    Play {
        /// The players in turn order, separated by commas.
        #[arg(long, value_name = "A,B,C", default_value = "p1,p2")]
        players: String,
        #[command(flatten)]
        save: SaveArg,
        /// Real pieces on the table, or a virtual deal kado shuffles.
        #[arg(long, value_enum, default_value = "real")]
        deck: DeckArg,
        #[command(flatten)]
        seed: SeedArg,
        #[command(flatten)]
        record: RecordArg,
        #[command(flatten)]
        privacy: PrivacyArgs,
    },
    /// Continue a saved game.
    #[command(after_help = play_after())]
    Resume(ResumeArgs),
    /// Show the state of a saved game without continuing it, or its record.
    #[command(
        after_help = crate::session::TABLE_JSON,
        long_about = "Show a saved game as it stands (the board, the standing), as `show` does at a prompt, and how many lines its log holds. It can be read while a session runs.\n\nWith --json: the keys of `check` without turns, picture and illegal, and deck_kind (physical or virtual)."
    )]
    Status(StatusArgs),
    /// Play whole games with a virtual deal, each seat by a policy; report scores, lengths and "Pokino!".
    #[command(after_help = SIMULATE_AFTER)]
    Simulate(play::SimulateArgs),
    /// Territory scoring: each domino goes to the player with the most tokens touching it.
    #[command(
        after_help = format!("A token lies on a border between two squares (or, under {cite} \
`diagonals`, on the corner where two squares meet) and touches the dominoes of both squares. \
Needs the Territory variant (`--rules pokino-territory`).\n\nJSON keys: players \
(each: player, dominoes, pips), dominoes (each: domino, pips, tokens, to, tied), winners.\n\n\
Example:\n  kado --rules pokino-territory pokino territory '6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h' \
--tokens 'ana:0,0-0,1 ana:1,0-2,0 bo:1,1-2,1'", cite = ruling::Id::Steps.cite())
    )]
    Territory {
        #[arg(value_name = "BOARD", help = BOARD_HELP)]
        board: Vec<String>,
        /// Read the board from a file instead.
        #[arg(long = "board", value_name = "FILE")]
        board_file: Option<String>,
        /// Every token on the board: NAME:X,Y-X,Y separated by spaces, e.g. `ana:0,0-0,1`.
        #[arg(long, value_name = "TOKENS")]
        tokens: String,
    },
}

/// `score`'s help: the table, as the library words it.
fn score_help() -> String {
    format!(
        "The table: {}. Under Greed each bead held at the end adds 5. Under \
Pokino-Up! a hand never holds more than 7 cards, so a longer run is refused.\n\nJSON keys: runs \
(each: length, points, capped), run_points, beads, bead_points, total.\n\nExample:\n  kado \
pokino score 2 5 8",
        score::table_words(" to ")
    )
}

pub fn run(cmd: Cmd, ctx: &Ctx) -> Outcome {
    let rs = ctx.ruleset(GAME, TITLE)?;
    let rules = Rules::from_ruleset(&rs);
    let env = Env {
        ctx,
        rs: &rs,
        rules: &rules,
    };
    match cmd {
        Cmd::Show {
            board,
            board_file,
            claimed,
        } => env.show(&board, board_file, claimed),
        Cmd::Place {
            args,
            board_file,
            write,
        } => {
            let (board, domino) = split_last(args);
            env.place(&board, board_file, &domino, write)
        }
        Cmd::Spots { args, board_file } => {
            let (board, domino) = split_last(args);
            env.spots(&board, board_file, &domino)
        }
        Cmd::Runs {
            board,
            board_file,
            hand,
            beads,
            claimed,
            all,
            budget,
        } => env.runs(&RunsArgs {
            board,
            board_file,
            hand,
            beads,
            claimed,
            all,
            budget,
        }),
        Cmd::Score { lengths, beads } => env.score(&lengths, beads),
        Cmd::Check { record } => env.check(&record),
        Cmd::Advise {
            record,
            samples,
            seed,
            dominoes,
            all,
        } => env.advise(&record, samples as usize, seed, dominoes.as_deref(), all),
        Cmd::Play {
            players,
            save,
            deck,
            seed,
            record,
            privacy,
        } => {
            let deck = match deck {
                DeckArg::Real => Deck::Physical,
                DeckArg::Virtual => Deck::Virtual,
            };
            play::play(ctx, &players, (deck, &seed), (&save, &record), &privacy)
        }
        Cmd::Resume(a) => play::resume(ctx, &a),
        Cmd::Simulate(args) => play::simulate(ctx, &args),
        Cmd::Status(a) => crate::session::status_of::<Game>(ctx, &a),
        Cmd::Territory {
            board,
            board_file,
            tokens,
        } => env.territory(&board, board_file, &tokens),
    }
}

/// What every command needs: the context and the rules in force.
struct Env<'a> {
    ctx: &'a Ctx,
    rs: &'a Ruleset,
    rules: &'a Rules,
}

impl Env<'_> {
    /// Under `--explain`, `x` keeps the rulings that decided a verdict: `verdict` judges
    /// the same input again, read anew, under each other ruleset and its rules.
    fn decided(
        &self,
        x: &Explain,
        verdict: impl Fn(&Ruleset, &Rules) -> Option<serde_json::Value>,
    ) -> Explain {
        let mut x = x.clone();
        (self.ctx).decided_by(self.rs, &mut x, |rs| verdict(rs, &Rules::from_ruleset(rs)));
        x
    }
}

/// Positional words: the board's, then the last one.
fn split_last(mut args: Vec<String>) -> (Vec<String>, String) {
    let last = args.pop().unwrap_or_default();
    (args, last)
}

/// The board's text and where it came from: the argument words, or a file.
fn board_source(words: &[String], file: Option<&str>) -> Result<Source, Error> {
    match (words.is_empty(), file) {
        (false, Some(f)) => Err(PokinoError::BoardTwice {
            file: f.to_string(),
        }
        .problem()
        .into()),
        (false, None) => Ok(Source::new("argument BOARD", joined(words))),
        (true, Some(f)) => Ok(Source::new(
            format!("file {f}"),
            read_file(f, "board file", FILE_LIMIT)?,
        )),
        (true, None) => Err(PokinoError::NoBoard.problem().into()),
    }
}

/// Joins a list of things shown with `Display`.
fn listed<T: ToString>(items: &[T], sep: &str) -> String {
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(sep)
}

// ---------------------------------------------------------------------------------------
// show

impl Env<'_> {
    fn show(&self, words: &[String], file: Option<String>, claimed: Option<String>) -> Outcome {
        let src = board_source(words, file.as_deref())?;
        let board = Board::load(&src, self.rules)?;
        let claimed_text = claimed;
        let claimed = match claimed_text.as_deref() {
            Some(text) => board.claimed(&Source::new("--claimed", text), self.rules)?,
            None => Vec::new(),
        };
        let v = verdict::show(&board, claimed, self.rules);
        let x = self.decided(&v.explain, |_, rules| {
            let board = Board::load(&src, rules).ok()?;
            let claimed = match claimed_text.as_deref() {
                Some(text) => board.claimed(&Source::new("--claimed", text), rules).ok()?,
                None => Vec::new(),
            };
            Some(json(&verdict::show(&board, claimed, rules)))
        });
        let mut human = picture::draw(&board, &v.claimed, &self.ctx.style);
        if !board.is_empty() {
            human += &format!(
                "\n{} on the table{}.\n",
                count_of(board.len(), "domino", "dominoes"),
                match picture::claims_in_words(&v.claimed) {
                    words if words.is_empty() => String::new(),
                    words => format!("; {words}"),
                }
            );
        }
        self.ctx.emit(&v, &human, &x)
    }
}

// ---------------------------------------------------------------------------------------
// place

/// Where `place` reads its board, and how it writes the placement.
struct PlaceFiles {
    board: Source,
    /// The board is the file written to.
    write_is_board: bool,
    /// The file written to starts anew with the whole board.
    start_file: bool,
}

impl Env<'_> {
    fn place(
        &self,
        words: &[String],
        file: Option<String>,
        domino: &str,
        write: Option<String>,
    ) -> Outcome {
        let files = place_files(words, file.as_deref(), write.as_deref())?;
        let dsrc = Source::new("argument DOMINO", domino);
        let (board, p) = match (
            Board::load(&files.board, self.rules),
            Placement::parse(&dsrc),
        ) {
            (Ok(b), Ok(p)) => (b, p),
            (b, p) => return Err(Error::gather([b.err(), p.err()]).into()),
        };
        let mut v = verdict::place(&board, p, self.rules);
        let x = self.decided(&v.explain, |_, rules| {
            let board = Board::load(&files.board, rules).ok()?;
            Some(json(&verdict::place(&board, p, rules)))
        });
        if v.legal
            && let Some(w) = &write
        {
            if files.start_file {
                kado_store::savefile::save_atomic(
                    std::path::Path::new(w),
                    &format!("{board}\n{p}\n"),
                )
                .map_err(|e| Failure::Input(Error::msg(format!("cannot write `{w}`: {e}"))))?;
            } else {
                append_line(w, &p.to_string(), files.write_is_board)?;
            }
            v.written = Some(w.clone());
        }
        let s = self.ctx.style;
        let mut human = format!("{}\n", v.headline(&s.bold(&p.to_string())));
        for r in v.reasons.iter().filter(|_| !v.legal) {
            human += &format!("  - {r}\n");
        }
        match (&v.written, &write, v.legal) {
            (Some(w), _, _) if files.start_file => {
                human += &format!("Wrote the board and it to {w}.\n");
            }
            (Some(w), _, _) => human += &format!("Added it to {w}.\n"),
            (None, Some(w), false) => human += &format!("Nothing was written to {w}.\n"),
            _ => {}
        }
        self.ctx.emit(&v, &human, &x)
    }
}

/// With --write and no other board, the board is the file written to. A board given
/// another way is written out whole to a new (or blank) file, so the file always holds
/// the board the placement was checked against; a file that already holds a different
/// board is refused.
fn place_files(
    words: &[String],
    file: Option<&str>,
    write: Option<&str>,
) -> Result<PlaceFiles, Failure> {
    let (board, write_is_board) = match (write, words.is_empty(), file) {
        (Some(w), true, None) => {
            let text = if std::path::Path::new(w).exists() {
                read_file(w, "board file", FILE_LIMIT)?
            } else {
                String::new()
            };
            (Source::new(format!("file {w}"), text), true)
        }
        _ => (board_source(words, file)?, false),
    };
    let start_file = match (write, file) {
        (Some(w), Some(f)) if same_file(w, f) => false,
        (Some(w), _) if !write_is_board => {
            refuse_other_board(w, words.is_empty())?;
            true
        }
        _ => false,
    };
    Ok(PlaceFiles {
        board,
        write_is_board,
        start_file,
    })
}

/// Refuses to start `w` afresh when it already holds a board.
fn refuse_other_board(w: &str, from_option: bool) -> Result<(), Failure> {
    let existing = read_if_there(w, "board file", FILE_LIMIT)?.unwrap_or_default();
    if holds_board(&existing) {
        return Err(Error::from(
            PokinoError::BoardFileTaken {
                file: w.to_string(),
                by_option: from_option,
            }
            .problem(),
        )
        .into());
    }
    Ok(())
}

/// Whether two paths name one file (the same text, or the same file on disk).
fn same_file(a: &str, b: &str) -> bool {
    a == b
        || matches!(
            (std::fs::canonicalize(a), std::fs::canonicalize(b)),
            (Ok(x), Ok(y)) if x == y
        )
}

/// Appends a line to a board file without risking it: the new text is written beside it
/// and moved into place.
fn append_line(path: &str, line: &str, read_before: bool) -> Result<(), Failure> {
    let p = std::path::Path::new(path);
    let mut text = if p.exists() || read_before {
        read_if_there(path, "board file", FILE_LIMIT)?.unwrap_or_default()
    } else {
        String::new()
    };
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    text += line;
    text.push('\n');
    kado_store::savefile::save_atomic(p, &text)
        .map_err(|e| Failure::Input(Error::msg(format!("cannot write `{path}`: {e}"))))
}

// ---------------------------------------------------------------------------------------
// spots

impl Env<'_> {
    fn spots(&self, words: &[String], file: Option<String>, domino: &str) -> Outcome {
        let dsrc = Source::new("argument A-B", domino);
        let (board, d) = match (
            board_source(words, file.as_deref()).and_then(|s| Board::load(&s, self.rules)),
            Domino::parse(&dsrc),
        ) {
            (Ok(b), Ok(d)) => (b, d),
            (b, d) => return Err(Error::gather([b.err(), d.err()]).into()),
        };
        let v = verdict::spots(&board, d, self.rules);
        let x = self.decided(&v.explain, |_, rules| {
            let board = board_source(words, file.as_deref())
                .and_then(|s| Board::load(&s, rules))
                .ok()?;
            Some(json(&verdict::spots(&board, d, rules)))
        });
        let mut human = format!("{}\n", v.headline(&self.ctx.style.bold(&d.to_string())));
        if v.on_table.is_none() {
            for chunk in v.spots.chunks(6) {
                let words: Vec<String> = chunk
                    .iter()
                    .map(|p| format!("{:<14}", p.to_string()))
                    .collect();
                human += &format!("  {}\n", words.join("").trim_end());
            }
        }
        self.ctx.emit(&v, &human, &x)
    }
}

// ---------------------------------------------------------------------------------------
// runs

struct RunsArgs {
    board: Vec<String>,
    board_file: Option<String>,
    hand: String,
    beads: Option<String>,
    claimed: Option<String>,
    all: bool,
    budget: Option<String>,
}

impl Env<'_> {
    fn runs(&self, a: &RunsArgs) -> Outcome {
        let board = |rules: &Rules| {
            board_source(&a.board, a.board_file.as_deref()).and_then(|s| Board::load(&s, rules))
        };
        let hand = Source::new("--hand", a.hand.as_str());
        let beads = a.beads.as_deref().map(|b| Source::new("--beads", b));
        let claimed = a.claimed.as_deref().map(|c| Source::new("--claimed", c));
        let budget = a.budget.as_deref().map(|b| Source::new("--budget", b));
        let text = RunsText {
            hand: &hand,
            beads: beads.as_ref(),
            claimed: claimed.as_ref(),
            budget: budget.as_ref(),
            all: a.all,
        };
        let ask = RunsAsk::parse(board(self.rules), text, self.rules)?;
        let v = verdict::runs(&ask, self.rules, self.rs);
        let x = self.decided(&v.explain, |rs, rules| {
            let ask = RunsAsk::parse(board(rules), text, rules).ok()?;
            Some(json(&verdict::runs(&ask, rules, rs)))
        });
        let human = match (&v.found.best, v.no_run()) {
            (Some(best), _) => runs_human(&v, best, &self.ctx.style),
            (None, why) => format!("{}\n", why.unwrap_or_default()),
        };
        self.ctx.emit(&v, &human, &x)
    }
}

/// The best run, then the tally and the list.
fn runs_human(v: &RunsVerdict, best: &Run, s: &Style) -> String {
    let mut human = format!(
        "Best run: {} — {}, {} points\n  Cards:   {}\n  Squares: {}\n",
        s.bold(&listed(&best.numbers, " ")),
        count_of(best.length, "card", "cards"),
        best.points,
        s.cards(&best.cards),
        listed(&best.squares, " ")
    );
    if !best.torn.is_empty() {
        human += &format!("  Leaves the board: {}\n", listed(&best.torn, ", "));
    }
    for note in v.best_notes() {
        human += &format!("  {note}\n");
    }
    if let Some(why) = v.stopped() {
        human += &format!("{why}\n");
    }
    human += &format!("{}\n", v.tally());
    let mut header = vec!["#", "Points", "Cards", "Squares"];
    let tear = v.found.runs.iter().any(|r| !r.torn.is_empty());
    if tear {
        header.push("Leaves the board");
    }
    let mut t = Grid::new(header);
    for (i, r) in v.found.runs.iter().enumerate() {
        let mut row = vec![
            (i + 1).to_string(),
            r.points.to_string(),
            s.cards(&r.cards),
            listed(&r.squares, " "),
        ];
        if tear {
            row.push(listed(&r.torn, ", "));
        }
        t.row(row);
    }
    human + &format!("{}:\n{}", v.list_title(), grid::draw(&t))
}

// ---------------------------------------------------------------------------------------
// score

impl Env<'_> {
    fn score(&self, lengths: &[String], beads: Option<String>) -> Outcome {
        let beads = beads.as_deref().map(|b| Source::new("--beads", b));
        let ask = ScoreAsk::parse(lengths, beads.as_ref(), self.rules)?;
        let v = verdict::score(&ask, self.rules, self.rs)
            .map_err(|e| crate::ctx::Internal::refused("", &e))?;
        let x = self.decided(&v.explain, |rs, rules| {
            let ask = ScoreAsk::parse(lengths, beads.as_ref(), rules).ok()?;
            Some(json(&verdict::score(&ask, rules, rs).ok()?))
        });
        let t = &v.total;
        let mut human = String::new();
        if !t.runs.is_empty() {
            let mut table = Grid::new(["Run", "Cards", "Points"]);
            for (i, r) in t.runs.iter().enumerate() {
                table.row(vec![
                    (i + 1).to_string(),
                    r.length.to_string(),
                    r.points_text(),
                ]);
            }
            human += &grid::draw(&table);
            human += &format!("Runs: {} points\n", t.run_points);
        }
        if let Some(line) = v.beads_line() {
            human += &format!("{line}\n");
        }
        human += &format!(
            "Total: {}\n",
            self.ctx.style.bold(&format!("{} points", t.total))
        );
        self.ctx.emit(&v, &human, &x)
    }
}

// ---------------------------------------------------------------------------------------
// territory

impl Env<'_> {
    fn territory(&self, words: &[String], file: Option<String>, tokens: &str) -> Outcome {
        self.rules
            .require_territory(self.rs)
            .map_err(|e| Error::from(e.problem()))?;
        let read = |rules: &Rules| {
            let board = board_source(words, file.as_deref()).and_then(|s| Board::load(&s, rules));
            parse_territory(board, &Source::new("--tokens", tokens), rules)
        };
        let (board, toks) = read(self.rules)?;
        let v = verdict::territory(&board, &toks, self.rules, self.rs);
        let x = self.decided(&v.explain, |rs, rules| {
            rules.require_territory(rs).ok()?;
            let (board, toks) = read(rules).ok()?;
            Some(json(&verdict::territory(&board, &toks, rules, rs)))
        });
        let mut table = Grid::new(["Domino", "Pips", "Tokens", "Goes to"]);
        for a in &v.result.dominoes {
            let tokens: Vec<String> = a.tokens.iter().map(|(p, n)| format!("{p} {n}")).collect();
            table.row(vec![
                a.domino.to_string(),
                a.pips.to_string(),
                if tokens.is_empty() {
                    "—".to_string()
                } else {
                    tokens.join(", ")
                },
                a.goes_to(),
            ]);
        }
        let mut human = grid::draw(&table);
        if !v.result.players.is_empty() {
            let mut totals = Grid::new(["Player", "Dominoes", "Pips"]);
            for h in &v.result.players {
                totals.row(vec![
                    h.player.clone(),
                    h.dominoes.len().to_string(),
                    h.pips.to_string(),
                ]);
            }
            human += &grid::draw(&totals);
        }
        human += &format!("{}\n", v.outcome(|n| self.ctx.style.bold(n)));
        self.ctx.emit(&v, &human, &x)
    }
}
