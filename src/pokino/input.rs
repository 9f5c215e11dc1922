//! Compound arguments read and checked against the rules: the board, a domino, the
//! claimed borders, the hand, counts, run lengths and Territory's tokens. Each parser
//! reports every problem at once, with positions.

use crate::cards::Card;
use crate::diag::{Error, Source};
use crate::notation::{Located, parse_cards_in, validate_pack};

use super::Rules;
use super::board::{
    Board, Border, Domino, Placement, Token, parse_board, parse_borders, parse_domino,
    parse_placement, parse_tokens,
};
use super::error::PokinoError;
use super::score;

/// The most runs `runs --all` lists (every run listed is held in memory, so `--all`
/// stops sooner).
pub const ALL_BUDGET: u64 = 1_000_000;
/// How many of the best runs `runs` lists without `--all`.
pub const LISTED: usize = 20;

impl Board {
    /// Reads a board and checks it against the rules.
    pub fn load(src: &Source, rules: &Rules) -> Result<Board, Error> {
        let raw = parse_board(src)?;
        Board::validate(src, &raw, rules)
    }

    /// Reads borders claimed by tokens (`0,0-0,1 1,0-2,0`) and checks them against the
    /// board.
    pub fn claimed(&self, src: &Source) -> Result<Vec<Border>, Error> {
        let list = parse_borders(src)?;
        Error::check(self.check_borders(src, &list, "token"))?;
        Ok(list.into_iter().map(|l| l.value).collect())
    }

    /// Reads Territory's tokens (`ana:0,0-0,1`) and checks their borders against the
    /// board.
    pub fn tokens(&self, src: &Source, toks: Vec<Located<Token>>) -> Result<Vec<Token>, Error> {
        let borders: Vec<Located<Border>> = toks
            .iter()
            .map(|t| Located::new(t.value.border, t.span.clone()))
            .collect();
        Error::check(self.check_borders(src, &borders, "token"))?;
        Ok(toks.into_iter().map(|t| t.value).collect())
    }
}

impl Placement {
    /// Reads one domino on the table (`5-5@-2,0h`) whose numbers are on a double-12 set.
    pub fn parse(src: &Source) -> Result<Placement, Error> {
        parse_placement(src).and_then(|raw| raw.checked(src))
    }
}

impl Domino {
    /// Reads one domino off the table (`5-5`).
    pub fn parse(src: &Source) -> Result<Domino, Error> {
        let (a, b) = parse_domino(src)?;
        Ok(Domino::new(a.value as u8, b.value as u8))
    }
}

/// A whole number of things (`--beads`, `--budget`).
pub fn parse_count(src: &Source, what: &'static str) -> Result<u32, Error> {
    let text = &src.text;
    text.trim().parse::<u32>().map_err(|_| {
        PokinoError::NotACount {
            text: text.to_string(),
            what,
        }
        .problem()
        .at(src, 0..text.len())
        .into()
    })
}

/// An optional count: `None` when the option was not given.
fn parse_count_opt(src: Option<&Source>, what: &'static str) -> Result<Option<u32>, Error> {
    src.map(|s| parse_count(s, what)).transpose()
}

/// The hand: standard cards without jokers, from one pack; at most 7 under Pokino-Up!.
pub fn parse_hand(src: &Source, rules: &Rules) -> Result<Vec<Card>, Error> {
    let cards = parse_cards_in(src)?;
    let mut problems = validate_pack(cards.iter().map(|c| (src, c)), 0);
    if let Some(limit) = rules.hand_limit()
        && cards.len() > limit
    {
        problems.push(
            PokinoError::HandTooBig {
                limit,
                held: cards.len(),
            }
            .problem()
            .at(src, 0..src.text.len()),
        );
    }
    Error::check(problems)?;
    Ok(cards.into_iter().map(|l| l.value).collect())
}

/// The number of cards in one run played: at least 2, and no more than the rules allow.
pub fn parse_run_length(src: &Source, rules: &Rules) -> Result<usize, Error> {
    let l = &src.text;
    let longest = score::longest(rules);
    let refusal = match l.trim().parse::<usize>() {
        Ok(n) if score::points(n, rules).is_some() && longest.is_none_or(|m| n <= m) => {
            return Ok(n);
        }
        Ok(n) if n < score::MIN_RUN => PokinoError::RunTooShort { length: n },
        Ok(n) => match rules.hand_limit() {
            Some(h) if longest == Some(h) => PokinoError::RunOverHand {
                length: n,
                limit: h,
            },
            _ => PokinoError::RunOverTable { length: n },
        },
        Err(_) => PokinoError::NotARunLength {
            text: l.to_string(),
        },
    };
    Err(refusal.problem().at(src, 0..l.len()).into())
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

/// What `score` is asked: the length of each run played, and the beads held at the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreAsk {
    pub lengths: Vec<usize>,
    pub beads: Option<u32>,
}

impl ScoreAsk {
    /// Reads run lengths (each its own argument) and `--beads`; something must be given.
    pub fn parse(
        lengths: &[String],
        beads: Option<&Source>,
        rules: &Rules,
    ) -> Result<ScoreAsk, Error> {
        let results = lengths
            .iter()
            .enumerate()
            .map(|(i, l)| {
                let src = Source::new(format!("argument RUN_LENGTHS (run {})", i + 1), l.as_str());
                parse_run_length(&src, rules)
            })
            .collect();
        let (lengths, beads) = match (all_ok(results), parse_count_opt(beads, "beads")) {
            (Ok(l), Ok(b)) => (l, b),
            (l, b) => return Err(Error::gather([l.err(), b.err()])),
        };
        if lengths.is_empty() && beads.is_none() {
            return Err(Error::from(PokinoError::NothingToScore.problem()));
        }
        Ok(ScoreAsk { lengths, beads })
    }
}

/// What `runs` is asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunsAsk {
    pub board: Board,
    pub hand: Vec<Card>,
    pub beads: Option<u32>,
    pub claimed: Vec<Border>,
    /// List every run, not only the best [`LISTED`].
    pub all: bool,
    pub budget: Option<u32>,
}

/// The texts of `runs`' arguments.
#[derive(Clone, Copy, Debug)]
pub struct RunsText<'a> {
    pub hand: &'a Source,
    pub beads: Option<&'a Source>,
    pub claimed: Option<&'a Source>,
    pub budget: Option<&'a Source>,
    pub all: bool,
}

impl RunsAsk {
    /// Reads the hand, beads, claimed borders and budget for a board (itself read or
    /// refused already); every problem is reported at once.
    pub fn parse(
        board: Result<Board, Error>,
        t: RunsText<'_>,
        rules: &Rules,
    ) -> Result<RunsAsk, Error> {
        let hand = parse_hand(t.hand, rules);
        let beads = parse_count_opt(t.beads, "beads");
        let budget = parse_count_opt(t.budget, "runs");
        let claimed = match (&board, t.claimed) {
            (Ok(b), Some(src)) => b.claimed(src),
            _ => Ok(Vec::new()),
        };
        match (board, hand, beads, claimed, budget) {
            (Ok(board), Ok(hand), Ok(beads), Ok(claimed), Ok(budget)) => Ok(RunsAsk {
                board,
                hand,
                beads,
                claimed,
                all: t.all,
                budget,
            }),
            (b, h, n, c, g) => Err(Error::gather([b.err(), h.err(), n.err(), c.err(), g.err()])),
        }
    }
}

/// Reads Territory's tokens for a board (itself read or refused already), and checks
/// them against it.
pub fn parse_territory(
    board: Result<Board, Error>,
    tokens: &Source,
) -> Result<(Board, Vec<Token>), Error> {
    let (board, toks) = match (board, parse_tokens(tokens)) {
        (Ok(b), Ok(t)) => (b, t),
        (b, t) => return Err(Error::gather([b.err(), t.err()])),
    };
    let toks = board.tokens(tokens, toks)?;
    Ok((board, toks))
}
