//! `kado pokino …`: the Pokino referee: the board, placements, scoring runs, scores.

use clap::Subcommand;
use kado::words::count_of;
use serde::Serialize;

use kado::cards::Card;
use kado::diag::{Error, Problem, Source};
use kado::explain::Explain;
use kado::notation::{Located, parse_cards_in, validate_pack};
use kado::pokino::board::{
    Board, Border, Domino, Placement, Square, Token, parse_board, parse_borders, parse_domino,
    parse_placement, parse_tokens,
};
use kado::pokino::place::{self, Fault};
use kado::pokino::runs::{self, Bound, Found, Query, Run};
use kado::pokino::score::{self, TABLE_MAX};
use kado::pokino::{GAME, Rules, SPOKE, TITLE, picture};
use kado::render::{self, Style};
use kado::ruleset::Ruleset;

use super::{Ctx, FILE_LIMIT, Failure, Outcome, joined, read_file, read_if_there};

const BOARD_HELP: &str = "The board: dominoes such as `6-4@0,0h 1-3@0,1h` (A-B@X,Y, then h: B half to the right, or v: B half below), separated by spaces, `;` or newlines. The first four are the starting spoke. See kado-notation(7).";

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
        /// Borders claimed by tokens: X,Y-X,Y separated by spaces, e.g. `0,0-0,1 1,0-2,0`.
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
        after_help = "A run is a walk of 2 or more squares, each step to a square sharing a \
side with the last and of another domino, across no claimed border and no border twice, whose \
numbers are matched in order by cards from the hand (A-10 are 1-10, J 11, Q 12, K 0), each card \
once. Each card costs a bead, so a run has at most as many cards as the player has beads \
(no limit under Greed). A walk and the same walk backwards are two runs.\n\nJSON keys: best \
(null, or {length, points, numbers, cards, squares, and torn: the dominoes that leave the \
board, present only under Tear Down the Walls}), runs (the best 20 by points, then \
length, then squares in reading order; every run with --all), count (every run), complete \
(false when the search stopped after 50,000,000 runs, or 1,000,000 with --all: count is then a \
lower bound and best the best found by then), max_length, bound (what sets max_length: hand, \
beads or table), hand, beads, pokino (true when the best run plays every card in the hand: \
the player calls \"Pokino!\" and wins).\n\nExample:\n  kado pokino runs \
'6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h' --hand '6S 4H AD QC 8S' --beads 3"
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
        /// Borders already claimed by tokens: X,Y-X,Y separated by spaces.
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
        after_help = "The table: 2 to 4 cards 5, 5 cards 10, 6 cards 15, 7 cards 20, 8 cards \
35, 9 cards 55, 10 cards 90. Under Greed each bead held at the end adds 5. Under \
Pokino-Up! a hand never holds more than 7 cards, so a longer run is refused.\n\nJSON keys: runs \
(each: length, points, capped), run_points, beads, bead_points, total.\n\nExample:\n  kado \
pokino score 2 5 8"
    )]
    Score {
        /// The number of cards in each run played, e.g. `2 5 8`.
        #[arg(value_name = "RUN_LENGTHS")]
        lengths: Vec<String>,
        /// Beads held at the end of the game (they score only under Greed).
        #[arg(long, value_name = "N")]
        beads: Option<String>,
    },
    /// Territory scoring: each domino goes to the player with the most tokens touching it.
    #[command(
        after_help = "A token lies on a border between two squares and touches the dominoes \
on both sides. Needs the Territory variant (`--rules pokino-territory`).\n\nJSON keys: players \
(each: player, dominoes, pips), dominoes (each: domino, pips, tokens, to, tied), winners.\n\n\
Example:\n  kado --rules pokino-territory pokino territory '6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h' \
--tokens 'ana:0,0-0,1 ana:1,0-2,0 bo:1,1-2,1'"
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

pub fn run(cmd: Cmd, ctx: &Ctx) -> Outcome {
    let rs = ctx.ruleset(GAME, TITLE)?;
    let rules = Rules::from_ruleset(&rs);
    match cmd {
        Cmd::Show {
            board,
            board_file,
            claimed,
        } => show(ctx, &rs, &rules, &board, board_file, claimed),
        Cmd::Place {
            args,
            board_file,
            write,
        } => {
            let (board, domino) = split_last(args);
            place_cmd(ctx, &rs, &rules, &board, board_file, &domino, write)
        }
        Cmd::Spots { args, board_file } => {
            let (board, domino) = split_last(args);
            spots(ctx, &rs, &rules, &board, board_file, &domino)
        }
        Cmd::Runs {
            board,
            board_file,
            hand,
            beads,
            claimed,
            all,
            budget,
        } => runs_cmd(
            ctx,
            &rs,
            &rules,
            &RunsArgs {
                board,
                board_file,
                hand,
                beads,
                claimed,
                all,
                budget,
            },
        ),
        Cmd::Score { lengths, beads } => score_cmd(ctx, &rs, &rules, &lengths, beads),
        Cmd::Territory {
            board,
            board_file,
            tokens,
        } => territory(ctx, &rs, &rules, &board, board_file, &tokens),
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
        (false, Some(f)) => Err(Problem::new(format!(
            "the board is given twice: as an argument and as --board {f}"
        ))
        .help("give it one way only")
        .into()),
        (false, None) => Ok(Source::new("argument BOARD", joined(words))),
        (true, Some(f)) => Ok(Source::new(
            format!("file {f}"),
            read_file(f, "board file", FILE_LIMIT)?,
        )),
        (true, None) => Err(Problem::new("no board given")
            .expected("dominoes such as `6-4@0,0h 1-3@0,1h`, or --board FILE")
            .into()),
    }
}

fn load_board(src: &Source, rules: &Rules) -> Result<Board, Error> {
    let raw = parse_board(src)?;
    Board::validate(src, &raw, rules)
}

/// Borders from an option, checked against the board.
fn borders_arg(
    board: &Board,
    name: &str,
    text: Option<&str>,
) -> Result<Vec<Located<Border>>, Error> {
    let Some(text) = text else {
        return Ok(Vec::new());
    };
    let src = Source::new(name, text);
    let list = parse_borders(&src)?;
    Error::check(board.check_borders(&src, &list, "token"))?;
    Ok(list)
}

fn count_arg(name: &str, text: &str, what: &str) -> Result<u32, Error> {
    text.trim().parse::<u32>().map_err(|_| {
        Problem::new(format!("`{text}` is not a number of {what}"))
            .at(&Source::new(name, text), 0..text.len())
            .expected("a whole number such as 3")
            .into()
    })
}

/// Gathers the problems of several results.
fn all_ok<T>(results: Vec<Result<T, Error>>) -> Result<Vec<T>, Error> {
    let (ok, errors): (Vec<_>, Vec<_>) = results.into_iter().partition(Result::is_ok);
    if errors.is_empty() {
        Ok(ok.into_iter().flatten().collect())
    } else {
        Err(Error::gather(errors.into_iter().map(Result::err)))
    }
}

fn grid_rules(x: &mut Explain, rs: &Ruleset, rules: &Rules) {
    x.rule("Dominoes lie on an implied grid of squares; a domino covers two squares side by side.");
    x.ruled(
        match rules.area {
            None => "The table is the grid the dominoes make, with no edge.".to_string(),
            Some((w, h)) => {
                format!("The table holds {w} by {h} squares: all dominoes fit in that rectangle.")
            }
        },
        rs,
        &["playing-area"],
    );
}

fn spoke_rule(x: &mut Explain, rs: &Ruleset, rules: &Rules) {
    x.ruled(
        if rules.spoke_connected {
            format!(
                "The first {SPOKE} dominoes, the starting spoke, may go anywhere, but must form one group."
            )
        } else {
            format!("The first {SPOKE} dominoes, the starting spoke, are laid as they come.")
        },
        rs,
        &["spoke"],
    );
}

// ---------------------------------------------------------------------------------------
// show

#[derive(Serialize)]
struct ShownDomino {
    domino: Domino,
    at: Square,
    dir: char,
    squares: [Square; 2],
    numbers: [u8; 2],
}

#[derive(Serialize)]
struct Bounds {
    from: Square,
    to: Square,
}

#[derive(Serialize)]
struct ShowVerdict {
    dominoes: Vec<ShownDomino>,
    claimed: Vec<Border>,
    bounds: Option<Bounds>,
    picture: String,
}

fn show(
    ctx: &Ctx,
    rs: &Ruleset,
    rules: &Rules,
    words: &[String],
    file: Option<String>,
    claimed: Option<String>,
) -> Outcome {
    let src = board_source(words, file.as_deref())?;
    let board = load_board(&src, rules)?;
    let claimed: Vec<Border> = borders_arg(&board, "--claimed", claimed.as_deref())?
        .into_iter()
        .map(|l| l.value)
        .collect();
    let plain = picture::draw(&board, &claimed, &Style::PLAIN);
    let mut human = picture::draw(&board, &claimed, &ctx.style);
    if !board.is_empty() {
        human += &format!(
            "\n{} on the table{}.\n",
            count_of(board.len(), "domino", "dominoes"),
            match claimed.len() {
                0 => String::new(),
                n => format!(
                    "; {} claimed, marked {}",
                    count_of(n, "border", "borders"),
                    picture::CLAIMED
                ),
            }
        );
    }
    let v = ShowVerdict {
        dominoes: board
            .placements()
            .iter()
            .map(|p| ShownDomino {
                domino: p.domino,
                at: p.at,
                dir: p.dir.letter(),
                squares: p.squares(),
                numbers: [p.domino.a, p.domino.b],
            })
            .collect(),
        claimed,
        bounds: board.bounds().map(|(from, to)| Bounds { from, to }),
        picture: plain,
    };
    let mut x = Explain::new();
    grid_rules(&mut x, rs, rules);
    x.rule("X grows to the right and Y downward; a domino's B half lies right of (h) or below (v) its A half.");
    x.rule("A token marks a border between two squares that a run has claimed.");
    ctx.emit(&v, &human, &x)
}

// ---------------------------------------------------------------------------------------
// place

#[derive(Serialize)]
struct PlaceVerdict {
    placement: Placement,
    legal: bool,
    faults: Vec<Fault>,
    reasons: Vec<String>,
    /// The dominoes it touches.
    touches: Vec<Placement>,
    written: Option<String>,
}

fn place_cmd(
    ctx: &Ctx,
    rs: &Ruleset,
    rules: &Rules,
    words: &[String],
    file: Option<String>,
    domino: &str,
    write: Option<String>,
) -> Outcome {
    // With --write and no other board, the board is the file written to.
    let (board_src, write_is_board) = match (&write, words.is_empty(), &file) {
        (Some(w), true, None) => {
            let text = if std::path::Path::new(w).exists() {
                read_file(w, "board file", FILE_LIMIT)?
            } else {
                String::new()
            };
            (Source::new(format!("file {w}"), text), true)
        }
        _ => (board_source(words, file.as_deref())?, false),
    };
    // A board given another way is written out whole to a new (or blank) file, so the file
    // always holds the board the placement was checked against; a file that already holds
    // a different board is refused.
    let start_file = match (&write, &file) {
        (Some(w), Some(f)) if same_file(w, f) => false,
        (Some(w), _) if !write_is_board => {
            let existing = read_if_there(w, "board file", FILE_LIMIT)?.unwrap_or_default();
            if existing
                .lines()
                .any(|l| !l.split('#').next().unwrap_or("").trim().is_empty())
            {
                return Err(Error::from(
                    Problem::new(format!(
                        "`{w}` already holds a board, and another board is given {}",
                        if words.is_empty() {
                            "with --board"
                        } else {
                            "as an argument"
                        }
                    ))
                    .help(format!(
                        "to add to {w}, give the board only there: kado pokino place --write {w} DOMINO"
                    )),
                )
                .into());
            }
            true
        }
        _ => false,
    };
    let dsrc = Source::new("argument DOMINO", domino);
    let board = load_board(&board_src, rules);
    let p = parse_placement(&dsrc).and_then(|raw| raw.checked(&dsrc));
    let (board, p) = match (board, p) {
        (Ok(b), Ok(p)) => (b, p),
        (b, p) => return Err(Error::gather([b.err(), p.err()]).into()),
    };
    let faults = place::faults(&board, &p, rules);
    let legal = faults.is_empty();
    let touches: Vec<Placement> = board
        .placements()
        .iter()
        .filter(|q| {
            q.squares()
                .iter()
                .any(|a| p.squares().iter().any(|b| a.is_next_to(*b)))
        })
        .copied()
        .collect();
    let mut written = None;
    if legal && let Some(w) = &write {
        if start_file {
            super::savefile::save_atomic(std::path::Path::new(w), &format!("{board}\n{p}\n"))
                .map_err(|e| Failure::Input(Error::msg(format!("cannot write `{w}`: {e}"))))?;
        } else {
            append_line(w, &p.to_string(), write_is_board)?;
        }
        written = Some(w.clone());
    }
    let s = ctx.style;
    let mut human = if legal {
        let why = if board.len() < SPOKE {
            format!(
                "it is one of the {SPOKE} dominoes of the starting spoke, which may go anywhere"
            )
        } else {
            format!(
                "it touches {}",
                touches
                    .iter()
                    .map(|t| t.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        format!("{} may be laid: {why}.\n", s.bold(&p.to_string()))
    } else {
        let mut h = format!("{} may not be laid:\n", s.bold(&p.to_string()));
        for f in &faults {
            h += &format!("  - {}\n", f.describe());
        }
        h
    };
    match (&written, &write, legal) {
        (Some(w), _, _) if start_file => human += &format!("Wrote the board and it to {w}.\n"),
        (Some(w), _, _) => human += &format!("Added it to {w}.\n"),
        (None, Some(w), false) => human += &format!("Nothing was written to {w}.\n"),
        _ => {}
    }
    let mut x = Explain::new();
    grid_rules(&mut x, rs, rules);
    spoke_rule(&mut x, rs, rules);
    x.rule("A domino from a hand is laid next to at least one face-up domino: one of its squares shares a side with a square of a domino on the table.");
    x.rule("On a square grid each square of a domino then touches at most one square of each neighbour, as the rules ask.");
    x.rule("A double-12 set holds each domino once (6-4 and 4-6 are one domino).");
    let v = PlaceVerdict {
        placement: p,
        legal,
        reasons: faults.iter().map(Fault::describe).collect(),
        faults,
        touches,
        written,
    };
    ctx.emit(&v, &human, &x)
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
    super::savefile::save_atomic(p, &text)
        .map_err(|e| Failure::Input(Error::msg(format!("cannot write `{path}`: {e}"))))
}

// ---------------------------------------------------------------------------------------
// spots

#[derive(Serialize)]
struct SpotsVerdict {
    domino: Domino,
    on_table: Option<Placement>,
    anywhere: bool,
    spots: Vec<Placement>,
    count: usize,
}

fn spots(
    ctx: &Ctx,
    rs: &Ruleset,
    rules: &Rules,
    words: &[String],
    file: Option<String>,
    domino: &str,
) -> Outcome {
    let dsrc = Source::new("argument A-B", domino);
    let (board, d) = match (
        board_source(words, file.as_deref()).and_then(|s| load_board(&s, rules)),
        parse_domino(&dsrc),
    ) {
        (Ok(b), Ok((a, bb))) => (b, Domino::new(a.value as u8, bb.value as u8)),
        (b, d) => return Err(Error::gather([b.err(), d.err()]).into()),
    };
    let found = place::spots(&board, d, rules);
    let on_table = board.find(d).copied();
    let s = ctx.style;
    let human = match (&found, on_table) {
        (None, _) => format!(
            "The starting spoke is not complete ({} of {SPOKE} dominoes): {} may go anywhere on the grid.\n",
            board.len(),
            s.bold(&d.to_string())
        ),
        (Some(_), Some(at)) => format!(
            "{} is already on the table, at {at}: it fits nowhere else.\n",
            s.bold(&d.to_string())
        ),
        (Some(list), None) if list.is_empty() => {
            format!("{} fits nowhere.\n", s.bold(&d.to_string()))
        }
        (Some(list), None) => {
            let mut h = format!(
                "{} fits in {}:\n",
                s.bold(&d.to_string()),
                count_of(list.len(), "place", "places")
            );
            for chunk in list.chunks(6) {
                let words: Vec<String> = chunk
                    .iter()
                    .map(|p| format!("{:<14}", p.to_string()))
                    .collect();
                h += &format!("  {}\n", words.join("").trim_end());
            }
            h
        }
    };
    let mut x = Explain::new();
    grid_rules(&mut x, rs, rules);
    spoke_rule(&mut x, rs, rules);
    x.rule("A domino is laid on empty squares, sharing a side with a domino on the table, either way round.");
    let list = found.clone().unwrap_or_default();
    let v = SpotsVerdict {
        domino: d,
        on_table,
        anywhere: found.is_none(),
        count: list.len(),
        spots: list,
    };
    ctx.emit(&v, &human, &x)
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

/// The hand: standard cards without jokers, from one pack; at most 7 under Pokino-Up!.
fn hand_arg(text: &str, rules: &Rules) -> Result<Vec<Card>, Error> {
    let src = Source::new("--hand", text);
    let cards = parse_cards_in(&src)?;
    let mut problems = validate_pack(cards.iter().map(|c| (&src, c)), 0);
    if let Some(limit) = rules.hand_limit()
        && cards.len() > limit
    {
        problems.push(
            Problem::new(format!(
                "a hand holds at most {limit} cards under Pokino-Up!, not {}",
                cards.len()
            ))
            .at(&src, 0..text.len())
            .help(format!(
                "players start with {limit} cards and draw only while they hold fewer (ruling up-draw is `below-seven`)"
            )),
        );
    }
    Error::check(problems)?;
    Ok(cards.into_iter().map(|l| l.value).collect())
}

#[derive(Serialize)]
struct RunsVerdict<'a> {
    #[serde(flatten)]
    found: &'a Found,
    hand: &'a [Card],
    beads: Option<u32>,
    pokino: bool,
}

fn run_numbers(r: &Run) -> String {
    r.numbers
        .iter()
        .map(|n| n.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn run_squares(r: &Run) -> String {
    r.squares
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The most runs `--all` lists.
const ALL_BUDGET: u64 = 1_000_000;

fn runs_cmd(ctx: &Ctx, rs: &Ruleset, rules: &Rules, a: &RunsArgs) -> Outcome {
    let src = board_source(&a.board, a.board_file.as_deref());
    let board = src.and_then(|s| load_board(&s, rules));
    let hand = hand_arg(&a.hand, rules);
    let beads = a
        .beads
        .as_deref()
        .map(|b| count_arg("--beads", b, "beads"))
        .transpose();
    let budget = a
        .budget
        .as_deref()
        .map(|b| count_arg("--budget", b, "runs"))
        .transpose();
    let claimed = match &board {
        Ok(b) => borders_arg(b, "--claimed", a.claimed.as_deref()),
        Err(_) => Ok(Vec::new()),
    };
    let (board, hand, beads, claimed, budget) = match (board, hand, beads, claimed, budget) {
        (Ok(b), Ok(h), Ok(n), Ok(c), Ok(g)) => (b, h, n, c, g),
        (b, h, n, c, g) => {
            return Err(Error::gather([b.err(), h.err(), n.err(), c.err(), g.err()]).into());
        }
    };
    let claimed: Vec<Border> = claimed.into_iter().map(|l| l.value).collect();
    let found = runs::find(
        &board,
        &Query {
            hand: &hand,
            beads,
            claimed: &claimed,
            keep: if a.all { None } else { Some(20) },
            // Every run listed is held in memory: --all stops sooner.
            budget: budget.map(u64::from).or(a.all.then_some(ALL_BUDGET)),
        },
        rules,
    );
    let pokino = found.empties_hand(&hand);
    let s = ctx.style;
    let mut human = String::new();
    match &found.best {
        None if found.max_length < 2 => {
            human += &format!(
                "No run can be played: {}, and a run needs 2 cards.\n",
                match found.bound {
                    Bound::Beads => format!(
                        "{} {} for {}",
                        count_of(beads.unwrap_or(0) as usize, "bead", "beads"),
                        if beads == Some(1) { "pays" } else { "pay" },
                        count_of(found.max_length, "card", "cards")
                    ),
                    _ => format!(
                        "the hand holds {}",
                        count_of(found.max_length, "card", "cards")
                    ),
                }
            );
        }
        None => {
            human += "No scoring run: no two cards of the hand match numbers on neighbouring squares of different dominoes.\n";
        }
        Some(best) => {
            human += &format!(
                "Best run: {} — {}, {} points\n  Cards:   {}\n  Squares: {}\n",
                s.bold(&run_numbers(best)),
                count_of(best.length, "card", "cards"),
                best.points,
                s.cards(&best.cards),
                run_squares(best)
            );
            if !best.torn.is_empty() {
                human += &format!(
                    "  Leaves the board: {}\n",
                    best.torn
                        .iter()
                        .map(|d| d.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                );
            }
            if pokino {
                human += "  It plays every card in the hand: call \"Pokino!\" — the game ends and the player wins.\n";
            }
            if best.length > TABLE_MAX {
                human += &format!(
                    "  The scoring table stops at {TABLE_MAX} cards: a longer run scores 90.\n"
                );
            }
            if !found.complete {
                human += &format!(
                    "The search stopped after {} runs: there are more, and the best run shown is the best found by then.{}\n",
                    found.count,
                    if beads.is_none() && !rules.greed {
                        " Give --beads to narrow the search."
                    } else {
                        ""
                    }
                );
            }
            human += &format!(
                "{}{} in all{}.\n",
                if found.complete { "" } else { "At least " },
                count_of(found.count as usize, "run", "runs"),
                match found.bound {
                    Bound::Beads => format!(
                        " (at most {}: one bead pays for each)",
                        count_of(found.max_length, "card", "cards"),
                    ),
                    Bound::Table => format!(" (at most {TABLE_MAX} cards)"),
                    Bound::Hand if beads.is_none() && !rules.greed => {
                        " (no --beads given: not limited by beads)".to_string()
                    }
                    Bound::Hand => String::new(),
                }
            );
            let mut header = vec!["#", "Points", "Cards", "Squares"];
            let tear = found.runs.iter().any(|r| !r.torn.is_empty());
            if tear {
                header.push("Leaves the board");
            }
            let mut t = render::table(header);
            for (i, r) in found.runs.iter().enumerate() {
                let mut row = vec![
                    (i + 1).to_string(),
                    r.points.to_string(),
                    s.cards(&r.cards),
                    run_squares(r),
                ];
                if tear {
                    row.push(
                        r.torn
                            .iter()
                            .map(|d| d.to_string())
                            .collect::<Vec<_>>()
                            .join(", "),
                    );
                }
                t.add_row(row);
            }
            human += &format!(
                "{}:\n{}",
                if !found.complete {
                    format!("The best {} found", found.runs.len())
                } else if found.runs.len() as u64 == found.count {
                    "Every run".to_string()
                } else {
                    format!("The best {}", found.runs.len())
                },
                render::show(&t)
            );
        }
    }
    let mut x = Explain::new();
    x.rule("A run matches 2 or more numbers on the dominoes, in order, with cards from the hand: A-10 are 1-10, J 11, Q 12, K 0.");
    x.ruled(
        if rules.tear_down {
            "Each number is on a square next to the last; two in a row may come from one domino, which then leaves the board (Tear Down the Walls)."
        } else {
            "Each number is on a square next to the last; no two in a row come from one domino."
        },
        rs,
        &["tear-down"],
    );
    x.ruled(
        if rules.revisit {
            "Dominoes may be used again in a run, even a square already used; no border is crossed twice, and none a token claims."
        } else {
            "Dominoes may be used again in a run, but each square only once; no border a token claims is crossed."
        },
        rs,
        &["square-reuse"],
    );
    x.ruled(
        if rules.greed {
            "Under Greed cards cost no beads, so beads do not limit a run."
        } else {
            "Each card played costs a bead, so a run has at most as many cards as the player has beads."
        },
        rs,
        &["greed"],
    );
    x.ruled(
        "Points: 2-4 cards 5, 5 cards 10, 6 cards 15, 7 cards 20, 8 cards 35, 9 cards 55, 10 cards 90.",
        rs,
        &["long-runs"],
    );
    if pokino {
        x.rule("A player left with no card calls \"Pokino!\": the game ends at once and that player wins.");
    }
    if let Some(h) = rules.hand_limit() {
        x.ruled(
            format!("Under Pokino-Up! a hand never holds more than {h} cards."),
            rs,
            &["pokino-up", "up-draw"],
        );
    }
    let v = RunsVerdict {
        found: &found,
        hand: &hand,
        beads,
        pokino,
    };
    ctx.emit(&v, &human, &x)
}

// ---------------------------------------------------------------------------------------
// score

fn score_cmd(
    ctx: &Ctx,
    rs: &Ruleset,
    rules: &Rules,
    lengths: &[String],
    beads: Option<String>,
) -> Outcome {
    let mut results: Vec<Result<usize, Error>> = Vec::new();
    for (i, l) in lengths.iter().enumerate() {
        let name = format!("argument RUN_LENGTHS (run {})", i + 1);
        let src = Source::new(name, l.as_str());
        let longest = score::longest(rules);
        results.push(match l.trim().parse::<usize>() {
            Ok(n) if score::points(n, rules).is_some() && longest.is_none_or(|m| n <= m) => {
                Ok(n)
            }
            Ok(n) if n < score::MIN_RUN => Err(Problem::new(format!(
                "a run of {n} card{} does not score: a run has at least 2",
                if n == 1 { "" } else { "s" }
            ))
            .at(&src, 0..l.len())
            .into()),
            Ok(n) => Err(match rules.hand_limit() {
                Some(h) if longest == Some(h) => Problem::new(format!(
                    "a run of {n} cards cannot be played under Pokino-Up!: a hand never holds more than {h} cards"
                ))
                .at(&src, 0..l.len())
                .help(format!(
                    "players draw only while they hold fewer than {h} (ruling up-draw is `below-seven`)"
                )),
                _ => Problem::new(format!(
                    "a run of {n} cards cannot be played: runs have at most {TABLE_MAX} cards"
                ))
                .at(&src, 0..l.len())
                .help("ruling long-runs is `forbidden`"),
            }
            .into()),
            Err(_) => Err(Problem::new(format!("`{l}` is not a number of cards"))
                .at(&src, 0..l.len())
                .expected("a whole number from 2 up, such as 5")
                .into()),
        });
    }
    let bead_result = beads
        .as_deref()
        .map(|b| count_arg("--beads", b, "beads"))
        .transpose();
    let lengths = all_ok(results);
    let (lengths, beads) = match (lengths, bead_result) {
        (Ok(l), Ok(b)) => (l, b),
        (l, b) => return Err(Error::gather([l.err(), b.err()]).into()),
    };
    if lengths.is_empty() && beads.is_none() {
        return Err(Error::from(Problem::new("nothing to score").expected(
            "the number of cards in each run, such as `2 5 8`, or --beads N under Greed",
        ))
        .into());
    }
    let t = score::total(&lengths, beads.unwrap_or(0), rules).map_err(|_| {
        Failure::Internal("a run length passed the check but has no score".to_string())
    })?;
    let s = ctx.style;
    let mut human = String::new();
    if !t.runs.is_empty() {
        let mut table = render::table(["Run", "Cards", "Points"]);
        for (i, r) in t.runs.iter().enumerate() {
            table.add_row(vec![
                (i + 1).to_string(),
                r.length.to_string(),
                if r.capped {
                    format!("{} (the table stops at {TABLE_MAX})", r.points)
                } else {
                    r.points.to_string()
                },
            ]);
        }
        human += &render::show(&table);
        human += &format!("Runs: {} points\n", t.run_points);
    }
    if let Some(b) = beads {
        if rules.greed {
            human += &format!(
                "Beads: {b} × {} = {} points (Greed)\n",
                rules.bead_points, t.bead_points
            );
        } else {
            human += &format!("Beads: {b}, worth nothing (they score only under Greed)\n");
        }
    }
    human += &format!("Total: {}\n", s.bold(&format!("{} points", t.total)));
    let mut x = Explain::new();
    x.ruled(
        "Points: 2-4 cards 5, 5 cards 10, 6 cards 15, 7 cards 20, 8 cards 35, 9 cards 55, 10 cards 90.",
        rs,
        &["long-runs"],
    );
    x.ruled(
        "Beads left at the end are worth nothing, except under Greed, where each scores 5.",
        rs,
        &["greed"],
    );
    if let Some(h) = rules.hand_limit() {
        x.ruled(
            format!("Under Pokino-Up! a hand never holds more than {h} cards, so no run has more."),
            rs,
            &["pokino-up", "up-draw"],
        );
    }
    ctx.emit(&t, &human, &x)
}

// ---------------------------------------------------------------------------------------
// territory

fn territory(
    ctx: &Ctx,
    rs: &Ruleset,
    rules: &Rules,
    words: &[String],
    file: Option<String>,
    tokens: &str,
) -> Outcome {
    if !rules.territory {
        return Err(Error::from(Problem::new(format!(
            "territory scoring belongs to the Territory variant, which ruleset `{}` does not play",
            rs.name
        ))
        .help("use --rules pokino-territory, or a house-rules file with `territory: \"on\"`"))
        .into());
    }
    let board = board_source(words, file.as_deref()).and_then(|s| load_board(&s, rules));
    let tsrc = Source::new("--tokens", tokens);
    let toks = parse_tokens(&tsrc);
    let (board, toks) = match (board, toks) {
        (Ok(b), Ok(t)) => (b, t),
        (b, t) => return Err(Error::gather([b.err(), t.err()]).into()),
    };
    let borders: Vec<Located<Border>> = toks
        .iter()
        .map(|t| Located::new(t.value.border, t.span.clone()))
        .collect();
    Error::check(board.check_borders(&tsrc, &borders, "token"))?;
    let toks: Vec<Token> = toks.into_iter().map(|t| t.value).collect();
    let result = score::territory(&board, &toks, rules);
    let s = ctx.style;
    let mut human = String::new();
    let mut table = render::table(["Domino", "Pips", "Tokens", "Goes to"]);
    for a in &result.dominoes {
        let tokens: Vec<String> = a.tokens.iter().map(|(p, n)| format!("{p} {n}")).collect();
        table.add_row(vec![
            a.domino.to_string(),
            a.pips.to_string(),
            if tokens.is_empty() {
                "—".to_string()
            } else {
                tokens.join(", ")
            },
            match (a.to.is_empty(), a.tied) {
                (true, true) => "no one (a tie)".to_string(),
                (true, false) => "no one".to_string(),
                (false, true) => format!("{} (a tie, shared)", a.to.join(", ")),
                (false, false) => a.to.join(", "),
            },
        ]);
    }
    human += &render::show(&table);
    if !result.players.is_empty() {
        let mut totals = render::table(["Player", "Dominoes", "Pips"]);
        for h in &result.players {
            totals.add_row(vec![
                h.player.clone(),
                h.dominoes.len().to_string(),
                h.pips.to_string(),
            ]);
        }
        human += &render::show(&totals);
    }
    let best = result.players.iter().map(|h| h.pips).max().unwrap_or(0);
    human += &match result.winners.as_slice() {
        [] => "No one holds a token.\n".to_string(),
        [one] => format!("Winner: {} with {best} pips.\n", s.bold(one)),
        many => format!("Tie: {} with {best} pips each.\n", s.bold(&many.join(", "))),
    };
    let mut x = Explain::new();
    x.ruled(
        "Territory: each domino goes to the player with the most tokens touching it; a token touches the dominoes on both sides of its border.",
        rs,
        &["territory", "territory-ties"],
    );
    x.rule("Each player adds the pips of the dominoes they get; the most pips wins.");
    ctx.emit(&result, &human, &x)
}
