//! Compound arguments read and checked against the rules: the board, a domino, the
//! claimed borders, the hand, counts, run lengths and Territory's tokens. Each parser
//! reports every problem at once, with positions.

use std::collections::HashMap;
use std::ops::Range;

use crate::cards::Card;
use crate::diag::{Error, Problem, Source};
use crate::notation::{Located, parse_cards_in, validate_pack};

use super::Rules;
use super::board::{
    Board, Border, Domino, Placement, Square, Token, parse_board, parse_borders, parse_domino,
    parse_placement, parse_tokens, place_of,
};
use super::error::PokinoError;
use super::score;

/// The most runs `runs --all` lists (every run listed is held in memory, so `--all`
/// stops sooner).
pub const ALL_BUDGET: u64 = 1_000_000;
/// How many of the best runs `runs` lists without `--all`.
pub const LISTED: usize = 20;

/// The players named with `--players A,B,C`, in turn order, read as a record's
/// `players:` line reads them.
pub fn read_players(text: &str) -> Result<Vec<String>, Error> {
    let (names, spans) = crate::seat::split_names(text);
    let src = Source::new("--players", text);
    // A name holding a space would read back as two players.
    if let Some(k) = names.iter().position(|n| n.contains(char::is_whitespace)) {
        let bad = &names[k];
        return Err(Error::from(
            Problem::new(format!(
                "`{}` is not a player's name",
                crate::diag::escape(bad)
            ))
            .at(&src, spans[k].clone())
            .expected("names in turn order, separated by commas: ana,ben,cy"),
        ));
    }
    crate::seat::distinct_at(&names, &src, &spans).map_err(|p| Error::from(*p))?;
    let line = format!("players: {}", names.join(" "));
    super::record::parse(&Source::new("--players", line.as_str())).map_err(|e| {
        let why = e
            .problems
            .first()
            .map_or(String::new(), |p| p.message.clone());
        Error::from(
            Problem::new(why)
                .at(&src, 0..text.len())
                .expected("names in turn order, separated by commas: ana,ben,cy"),
        )
    })?;
    Ok(names)
}

impl Board {
    /// Reads a board and checks it against the rules.
    pub fn load(src: &Source, rules: &Rules) -> Result<Board, Error> {
        let raw = parse_board(src)?;
        Board::validate(src, &raw, rules)
    }

    /// Reads borders claimed by tokens (`0,0-0,1 1,0-2,0`) and checks them against the
    /// board.
    pub fn claimed(&self, src: &Source, rules: &Rules) -> Result<Vec<Border>, Error> {
        let list = parse_borders(src)?;
        Error::check(self.check_borders(src, &list, "token", rules))?;
        Ok(list.into_iter().map(|l| l.value).collect())
    }

    /// Reads Territory's tokens (`ana:0,0-0,1`) and checks their borders against the
    /// board.
    pub fn tokens(
        &self,
        src: &Source,
        toks: Vec<Located<Token>>,
        rules: &Rules,
    ) -> Result<Vec<Token>, Error> {
        let borders: Vec<Located<Border>> = toks
            .iter()
            .map(|t| Located::new(t.value.border, t.span.clone()))
            .collect();
        Error::check(self.check_borders(src, &borders, "token", rules))?;
        Ok(toks.into_iter().map(|t| t.value).collect())
    }

    /// Checks borders against the board: each between two covered squares that share a
    /// side (or, under ruling `steps: diagonals`, meet at a corner), none named twice,
    /// and not inside one domino.
    pub fn check_borders(
        &self,
        src: &Source,
        borders: &[Located<Border>],
        what: &'static str,
        rules: &Rules,
    ) -> Vec<Problem> {
        let mut problems = Vec::new();
        let mut seen: HashMap<(Square, Square), (Range<usize>, Option<String>)> = HashMap::new();
        for b in borders {
            let Border { a, b: bsq } = b.value;
            if !a.is_step_to(bsq, rules) {
                let e = PokinoError::NotAPair {
                    a,
                    b: bsq,
                    what,
                    diagonals: rules.diagonals(),
                };
                problems.push(e.problem().at(src, b.span.clone()));
                continue;
            }
            let empty: Vec<String> = [a, bsq]
                .into_iter()
                .filter(|s| self.cell(*s).is_none())
                .map(|s| s.to_string())
                .collect();
            if !empty.is_empty() {
                problems.push(
                    Problem::new(format!(
                        "no domino covers square {}, so `{}` is not a border on the board",
                        empty.join(" or "),
                        b.value
                    ))
                    .at(src, b.span.clone()),
                );
                continue;
            }
            // Both halves of one domino: no run claims that border (under Tear Down the
            // Walls a run may cross it, but the domino then leaves the board with it).
            if let (Some(ca), Some(cb)) = (self.cell(a), self.cell(bsq))
                && ca.piece == cb.piece
            {
                problems.push(
                    Problem::new(format!(
                        "`{}` lies between the two halves of {}, so no {what} can claim it",
                        b.value,
                        self.placements()[ca.piece]
                    ))
                    .at(src, b.span.clone())
                    .help("a token claims a border between squares of two different dominoes"),
                );
                continue;
            }
            if let Some((first, place)) = seen.get_mut(&b.value.key()) {
                let place = place.get_or_insert_with(|| place_of(src, first.start));
                problems.push(
                    Problem::new(format!("border {} is named twice", b.value))
                        .at(src, b.span.clone())
                        .help(format!("one {what} per border; the first is at {place}")),
                );
                continue;
            }
            seen.insert(b.value.key(), (b.span.clone(), None));
        }
        problems
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

/// Whether a board file's text holds any domino (anything but blank lines and `#`
/// comments).
pub fn holds_board(text: &str) -> bool {
    crate::notation::written_lines(text).next().is_some()
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
            (Ok(b), Some(src)) => b.claimed(src, rules),
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
    rules: &Rules,
) -> Result<(Board, Vec<Token>), Error> {
    let (board, toks) = match (board, parse_tokens(tokens)) {
        (Ok(b), Ok(t)) => (b, t),
        (b, t) => return Err(Error::gather([b.err(), t.err()])),
    };
    let toks = board.tokens(tokens, toks, rules)?;
    Ok((board, toks))
}

/// The dominoes a player says they hold (`--dominoes`, or `hint` at a prompt): each a
/// domino off the table (`6-4`), none on the table or named twice, as many as `holds`.
/// Separators are spaces or commas.
pub fn read_held(
    src: &Source,
    g: &super::referee::Referee,
    holds: u32,
) -> Result<Vec<Domino>, Error> {
    let text = src.text.replace(',', " ");
    let mut problems = crate::diag::Problems::new();
    let mut out: Vec<Domino> = Vec::new();
    let words = crate::notation::words_of(&text, 0);
    for w in &words {
        match super::board::domino_in(src, w.clone()) {
            Ok(d) if out.iter().any(|x| x.same(d)) => {
                problems.push(
                    Problem::new(PokinoError::HeldTwice { domino: d }.to_string())
                        .at(src, w.clone()),
                );
            }
            Ok(d) => {
                let on_table = g.board.find(d).is_some() || g.torn.iter().any(|t| t.same(d));
                if on_table {
                    problems.push(
                        Problem::new(PokinoError::HeldOnTable { domino: d }.to_string())
                            .at(src, w.clone()),
                    );
                }
                out.push(d);
            }
            Err(p) => problems.push(*p),
        }
    }
    if problems.is_empty() && out.len() != holds as usize {
        problems.push(
            Problem::new(
                PokinoError::HeldCount {
                    said: out.len(),
                    holds,
                }
                .to_string(),
            )
            .at(src, 0..src.text.len())
            .expected(format!(
                "{} separated by spaces, e.g. 6-4 12-0 5-5",
                crate::words::count_of(holds, "domino", "dominoes")
            )),
        );
    }
    problems.check()?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn messages(e: &Error) -> String {
        e.render()
    }

    #[test]
    fn run_lengths_are_checked_against_the_rules() {
        let r = Rules::standard();
        let len = |s: &str, r: &Rules| parse_run_length(&Source::new("n", s), r);
        assert_eq!(len("5", &r).unwrap(), 5);
        assert_eq!(len("12", &r).unwrap(), 12);
        assert!(messages(&len("1", &r).unwrap_err()).contains("a run of 1 card does not score"));
        assert!(messages(&len("x", &r).unwrap_err()).contains("`x` is not a number of cards"));
        let mut up = r.clone();
        up.ruled.pokino_up = crate::pokino::ruling::PokinoUp::On;
        assert!(messages(&len("8", &up).unwrap_err()).contains("under Pokino-Up!"));
        let mut forbid = r.clone();
        forbid.ruled.long_runs = crate::pokino::ruling::LongRuns::Forbidden;
        assert!(messages(&len("11", &forbid).unwrap_err()).contains("at most 10 cards"));
    }

    #[test]
    fn score_asks_for_something_and_reports_everything() {
        let r = Rules::standard();
        let e = ScoreAsk::parse(&[], None, &r).unwrap_err();
        assert!(messages(&e).contains("nothing to score"));
        let beads = Source::new("--beads", "many");
        let e = ScoreAsk::parse(&["1".to_string(), "0".to_string()], Some(&beads), &r).unwrap_err();
        assert_eq!(e.total(), 3);
        let ok = ScoreAsk::parse(&["2".to_string()], None, &r).unwrap();
        assert_eq!(ok.lengths, vec![2]);
    }

    #[test]
    fn hands_and_claims() {
        let mut r = Rules::standard();
        r.ruled.pokino_up = crate::pokino::ruling::PokinoUp::On;
        let e = parse_hand(&Source::new("--hand", "AS 2S 3S 4S 5S 6S 7S 8S"), &r).unwrap_err();
        assert!(messages(&e).contains("a hand holds at most 7 cards under Pokino-Up!, not 8"));
        let b: Board = "6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h".parse().unwrap();
        assert_eq!(
            b.claimed(&Source::new("--claimed", "1,0-2,0"), &r).unwrap(),
            vec![Border::new(
                crate::pokino::board::Square::new(1, 0),
                crate::pokino::board::Square::new(2, 0)
            )]
        );
        assert!(b.claimed(&Source::new("--claimed", "0,0-1,0"), &r).is_err());
        assert_eq!(
            Domino::parse(&Source::new("d", "5-5")).unwrap(),
            Domino::new(5, 5)
        );
        assert!(Placement::parse(&Source::new("d", "13-5@0,0h")).is_err());
    }
}
