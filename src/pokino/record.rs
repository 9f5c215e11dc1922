//! The record of a game, one event a line, like a chess game's PGN:
//!
//! ```text
//! players: ana ben cy                  # in turn order: a new game starts here
//! spoke: 6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h
//! ana domino 5-5@3,0h                  # a domino laid
//! ben run QC 4H 3S @ 2,0 1,0 1,1       # cards along squares
//! cy run 6D 4C                         # squares left out: the cards fit one way only
//! ana pass draws 7H                    # neither; the card drawn, when it is seen
//! ana: AS 4H 9C 9D KH                  # a player's whole hand, as dealt or now
//! ```
//!
//! A known deal (a virtual deck) is written as `poke:` (the 91 dominoes in the order
//! drawn) and `deck:` (the 52 cards) after the players line. `#` starts a comment. A
//! file may hold several games, each from its `players:` line. Keywords may be written
//! in either case, cards in any spelling of a list; the dominoes of `spoke:` and `poke:`
//! and the squares of a run are separated by spaces and/or `;` (as on a board), the
//! players by spaces and/or commas.
//!
//! [`parse`] only reads text into plain values with their lines; [`super::referee::Referee`]
//! checks them, one event at a time. `Display` writes the canonical form, which reads
//! back to the same values.

use std::fmt;
use std::ops::Range;

use super::board::{Domino, RawPlacement, Square, domino_in, placement_in, square_in};
use super::referee::{Deal, Event, Play, RunPlay};
use crate::cards::{Card, code_cards};
use crate::diag::{Error, Problem, Problems, Source};
use crate::notation::{
    Located, is_separator, name_too_long, scan_cards, words_of, words_split_by, written_lines,
};

/// What a line of a record may be.
pub const LINE_EXPECTED: &str = "`players: NAMES`, `spoke: DOMINOES`, `NAME domino A-B@X,Y(h|v)`, `NAME run CARDS [@ SQUARES]`, `NAME pass`, or `NAME: CARDS`";

/// One event of a record and where it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The line number, from 1.
    pub line: usize,
    /// The line's text, without its comment.
    pub span: Range<usize>,
    /// Where the player's name is (for a turn or a hand).
    pub name: Option<Range<usize>>,
    pub event: Event,
}

/// One game of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The players in turn order, where each is named.
    pub players: Vec<Located<String>>,
    /// The line of `players:`.
    pub line: usize,
    pub deal: Option<Deal>,
    pub lines: Vec<Line>,
}

impl GameRecord {
    pub fn names(&self) -> Vec<String> {
        self.players.iter().map(|p| p.value.clone()).collect()
    }
}

/// Reads a record: every game in it. Every bad line is reported at once.
pub fn parse(src: &Source) -> Result<Vec<GameRecord>, Error> {
    let mut games: Vec<GameRecord> = Vec::new();
    let mut problems = Problems::new();
    let mut deal = DealText::default();
    for l in written_lines(&src.text) {
        let words = words_of(l.body, l.start);
        let Some(first) = words.first().cloned() else {
            continue;
        };
        let line = l.number;
        let r = LineReader { src, words };
        let key = src.text[first.clone()].to_lowercase();
        let key = key.as_str();
        if key == "players:" {
            finish_deal(src, &mut games, &mut deal, &mut problems);
            match r.players() {
                Ok(players) => games.push(GameRecord {
                    // Two players of one name are said once, the game read on.
                    players: named_once(src, players, &mut problems),
                    line,
                    deal: None,
                    lines: Vec::new(),
                }),
                Err(p) => problems.push(*p),
            }
            continue;
        }
        let Some(game) = games.last_mut() else {
            problems.push(
                Problem::new("a game starts with its players")
                    .at(src, first)
                    .expected("`players:` then the names in turn order, e.g. `players: ana ben`"),
            );
            continue;
        };
        let span = first.start..r.words.last().map_or(first.end, |w| w.end);
        if matches!(key, "deck:" | "poke:") {
            deal.first.get_or_insert(first.clone());
        }
        match key {
            "deck:" => deal.cards = Some(r.cards_after(1, "the deck's cards")),
            "poke:" => deal.dominoes = Some(r.dominoes()),
            _ => match r.event() {
                Ok((event, name)) => game.lines.push(Line {
                    line,
                    span,
                    name,
                    event,
                }),
                Err(p) => problems.push(*p),
            },
        }
    }
    finish_deal(src, &mut games, &mut deal, &mut problems);
    if games.is_empty() && problems.is_empty() {
        problems.push(
            Problem::new("the record holds no game")
                .with_source(src.clone())
                .expected("`players:` then the names in turn order, e.g. `players: ana ben`"),
        );
    }
    problems.check()?;
    Ok(games)
}

/// The players of a `players:` line, the problem added when two of them are one name.
fn named_once(
    src: &Source,
    players: Vec<Located<String>>,
    problems: &mut Problems,
) -> Vec<Located<String>> {
    let names: Vec<&str> = players.iter().map(|p| p.value.as_str()).collect();
    let spans: Vec<Range<usize>> = players.iter().map(|p| p.span.clone()).collect();
    if let Err(p) = crate::seat::distinct_at(&names, src, &spans) {
        problems.push(*p);
    }
    players
}

/// The `deck:` and `poke:` lines of the game being read.
#[derive(Default)]
struct DealText {
    /// Where the first of them is written.
    first: Option<Range<usize>>,
    cards: Option<Result<Vec<Card>, Box<Problem>>>,
    dominoes: Option<Result<Vec<Domino>, Box<Problem>>>,
}

/// Makes the deal of the last game from its `deck:` and `poke:` lines.
fn finish_deal(
    src: &Source,
    games: &mut [GameRecord],
    deal: &mut DealText,
    problems: &mut Problems,
) {
    let written = std::mem::take(deal);
    let missing = match (&written.cards, &written.dominoes) {
        (None, _) => "deck:",
        _ => "poke:",
    };
    let (cards, dominoes) = match (written.cards, written.dominoes) {
        (None, None) => return,
        (Some(Ok(c)), Some(Ok(d))) => (c, d),
        (c, d) => {
            let one_missing = c.is_none() || d.is_none();
            for r in [c.map(|x| x.err()), d.map(|x| x.err())]
                .into_iter()
                .flatten()
                .flatten()
            {
                problems.push(*r);
            }
            if let (Some(g), Some(at), true) = (games.last(), written.first, one_missing) {
                problems.push(
                    Problem::new("a known deal needs both a `poke:` line and a `deck:` line")
                        .at(src, at)
                        .help(format!(
                            "add the `{missing}` line to the game of line {}, or write neither",
                            g.line
                        )),
                );
            }
            return;
        }
    };
    if let Some(g) = games.last_mut() {
        g.deal = Some(Deal { dominoes, cards });
    }
}

/// Reads the words of one line.
struct LineReader<'a> {
    src: &'a Source,
    words: Vec<Range<usize>>,
}

/// Whether a player's name is written as kado reads it.
fn name_problem(name: &str) -> Option<String> {
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '.' || c == '-')
    {
        return Some(format!("`{name}` is not a player's name"));
    }
    if ["players", "spoke", "deck", "poke"]
        .iter()
        .any(|k| k.eq_ignore_ascii_case(name))
    {
        return Some(format!("`{name}` names a line, not a player"));
    }
    name_too_long(name).map(|why| why.to_string())
}

const NAME_EXPECTED: &str = "a name of letters, digits, `_`, `.` or `-`";

impl LineReader<'_> {
    fn text(&self, i: usize) -> &str {
        &self.src.text[self.words[i].clone()]
    }

    fn players(&self) -> Result<Vec<Located<String>>, Box<Problem>> {
        let mut out: Vec<Located<String>> = Vec::new();
        for w in &self.pieces(1, is_separator) {
            let name = &self.src.text[w.clone()];
            if let Some(why) = name_problem(name) {
                return Err(Box::new(
                    Problem::new(why)
                        .at(self.src, w.clone())
                        .expected(NAME_EXPECTED),
                ));
            }
            out.push(Located::new(name.to_string(), w.clone()));
        }
        if out.len() < 2 {
            return Err(Box::new(
                Problem::new("Pokino needs 2 players or more")
                    .at(
                        self.src,
                        self.words[0].start..self.words.last().map_or(0, |w| w.end),
                    )
                    .expected("the names in turn order, e.g. `players: ana ben cy`"),
            ));
        }
        Ok(out)
    }

    /// The cards written from word `from` to the end.
    fn cards_after(&self, from: usize, what: &str) -> Result<Vec<Card>, Box<Problem>> {
        self.cards_in(from, self.words.len(), what)
    }

    /// The cards written in words `from..to`.
    /// Separators alone (`ana run ,`) are no cards either.
    fn cards_in(&self, from: usize, to: usize, what: &str) -> Result<Vec<Card>, Box<Problem>> {
        let none = |at: Range<usize>| {
            Box::new(
                Problem::new(format!("no cards given for {what}"))
                    .at(self.src, at)
                    .expected("cards such as `QC 4H 3S`"),
            )
        };
        let Some(range) = self.range(from, to) else {
            let at = self.words[from.saturating_sub(1).min(self.words.len() - 1)].clone();
            return Err(none(at));
        };
        let (cards, mut problems) = scan_cards(self.src, range.clone());
        if !problems.is_empty() {
            return Err(Box::new(problems.remove(0)));
        }
        if cards.is_empty() {
            return Err(none(range));
        }
        Ok(cards.into_iter().map(|c| c.value).collect())
    }

    /// The text range of words `from..to`, if there are any.
    fn range(&self, from: usize, to: usize) -> Option<Range<usize>> {
        (from < to).then(|| self.words[from].start..self.words[to - 1].end)
    }

    /// Whether word `i` is `word`, in either case.
    fn is(&self, i: usize, word: &str) -> bool {
        self.text(i).eq_ignore_ascii_case(word)
    }

    /// The items of a list written from word `from` to the end of the line, split where
    /// `sep` says (white space and commas for names, white space and `;` for dominoes).
    fn pieces(&self, from: usize, sep: fn(char) -> bool) -> Vec<Range<usize>> {
        self.pieces_in(from, self.words.len(), sep)
    }

    /// The items of a list written in words `from..to`.
    fn pieces_in(&self, from: usize, to: usize, sep: fn(char) -> bool) -> Vec<Range<usize>> {
        match self.range(from, to) {
            Some(r) => words_split_by(&self.src.text[r.clone()], r.start, sep),
            None => Vec::new(),
        }
    }

    fn dominoes(&self) -> Result<Vec<Domino>, Box<Problem>> {
        self.pieces(1, board_separator)
            .into_iter()
            .map(|w| domino_in(self.src, w))
            .collect()
    }

    /// A spoke, a hand or a turn; and where the player is named.
    fn event(&self) -> Result<(Event, Option<Range<usize>>), Box<Problem>> {
        let first = self.text(0);
        if self.is(0, "spoke:") {
            let ps = self
                .pieces(1, board_separator)
                .into_iter()
                .map(|w| placement_in(self.src, w).and_then(|r| checked(self.src, &r)))
                .collect::<Result<Vec<_>, _>>()?;
            return Ok((Event::Spoke(ps), None));
        }
        if let Some(name) = first.strip_suffix(':') {
            let at = self.words[0].start..self.words[0].end - 1;
            self.name(name, &at)?;
            let cards = self.cards_after(1, &format!("{name}'s hand"))?;
            let event = Event::Hand {
                player: name.to_string(),
                cards,
            };
            return Ok((event, Some(at)));
        }
        self.name(first, &self.words[0])?;
        let (play, draws) = self.turn()?;
        let event = Event::Turn {
            player: first.to_string(),
            play,
            draws,
        };
        Ok((event, Some(self.words[0].clone())))
    }

    fn name(&self, name: &str, at: &Range<usize>) -> Result<(), Box<Problem>> {
        match name_problem(name) {
            Some(why) => Err(Box::new(
                Problem::new(why)
                    .at(self.src, at.clone())
                    .expected(LINE_EXPECTED),
            )),
            None => Ok(()),
        }
    }

    /// What a turn plays, and the card drawn when named.
    fn turn(&self) -> Result<(Play, Option<Card>), Box<Problem>> {
        let n = self.words.len();
        let draws_at = (1..n).find(|&i| self.is(i, "draws"));
        let end = draws_at.unwrap_or(n);
        let draws = match draws_at {
            Some(d) => {
                let cards = self.cards_in(d + 1, n, "the card drawn")?;
                match cards.as_slice() {
                    [one] => Some(*one),
                    _ => {
                        return Err(Box::new(
                            Problem::new("one card is drawn at the end of a turn")
                                .at(self.src, self.range(d + 1, n).unwrap_or(0..0))
                                .expected("draws CARD, e.g. `draws 7H`"),
                        ));
                    }
                }
            }
            None => None,
        };
        let Some(action) = (n > 1).then(|| self.text(1)) else {
            return Err(Box::new(
                Problem::new(format!("`{}` does nothing", self.text(0)))
                    .at(self.src, self.words[0].clone())
                    .expected(
                        "`domino A-B@X,Y(h|v)`, `run CARDS [@ SQUARES]` or `pass` after the name",
                    ),
            ));
        };
        let play = match action.to_ascii_lowercase().as_str() {
            "domino" => self.domino(end)?,
            "run" => Play::Runs(self.runs(end)?),
            "pass" if end == 2 => Play::Pass,
            "pass" => {
                return Err(Box::new(
                    Problem::new("nothing follows `pass` but the card drawn")
                        .at(self.src, self.range(2, end).unwrap_or(0..0))
                        .expected("`pass`, or `pass draws CARD`"),
                ));
            }
            lower => {
                let hint = crate::diag::did_you_mean(lower, ["domino", "run", "pass"]);
                return Err(Box::new(
                    Problem::new(format!("`{action}` is not a turn"))
                        .at(self.src, self.words[1].clone())
                        .expected("domino, run or pass")
                        .maybe_help(hint.map(|h| format!("did you mean `{h}`?"))),
                ));
            }
        };
        Ok((play, draws))
    }

    fn domino(&self, end: usize) -> Result<Play, Box<Problem>> {
        if end != 3 {
            let at = self.range(2, end).unwrap_or(self.words[1].clone());
            return Err(Box::new(
                Problem::new("a turn lays one domino")
                    .at(self.src, at)
                    .expected(super::board::PLACEMENT_EXPECTED),
            ));
        }
        let raw = placement_in(self.src, self.words[2].clone())?;
        Ok(Play::Domino(checked(self.src, &raw)?))
    }

    /// Runs from word 1 to `end`: each `run CARDS [@ SQUARES]`.
    fn runs(&self, end: usize) -> Result<Vec<RunPlay>, Box<Problem>> {
        let starts: Vec<usize> = (1..end).filter(|&i| self.is(i, "run")).collect();
        let mut out = Vec::new();
        for (k, &s) in starts.iter().enumerate() {
            let stop = starts.get(k + 1).copied().unwrap_or(end);
            let at = (s + 1..stop).find(|&i| self.text(i) == "@");
            let cards = self.cards_in(s + 1, at.unwrap_or(stop), "the run")?;
            let squares =
                match at {
                    None => None,
                    Some(a) if a + 1 == stop => {
                        return Err(Box::new(Problem::new("no squares after `@`")
                        .at(self.src, self.words[a].clone())
                        .expected(
                            "the squares of the cards, in order: X,Y X,Y …, e.g. `@ 2,0 1,0`",
                        )));
                    }
                    Some(a) => Some(
                        self.pieces_in(a + 1, stop, board_separator)
                            .into_iter()
                            .map(|w| square_in(self.src, w))
                            .collect::<Result<Vec<Square>, _>>()?,
                    ),
                };
            out.push(RunPlay { cards, squares });
        }
        Ok(out)
    }
}

/// Whether `c` separates the dominoes or squares of a list: white space or `;` (a comma
/// is part of a square, `0,1`).
fn board_separator(c: char) -> bool {
    c.is_whitespace() || c == ';'
}

fn checked(src: &Source, r: &RawPlacement) -> Result<super::board::Placement, Box<Problem>> {
    r.checked(src).map_err(|e| {
        e.problems
            .into_iter()
            .next()
            .map_or_else(|| Box::new(Problem::new("bad domino")), Box::new)
    })
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Play::Domino(p) => write!(f, "domino {p}"),
            Play::Pass => f.write_str("pass"),
            Play::Runs(list) => {
                for (i, r) in list.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "run {}", code_cards(&r.cards))?;
                    if let Some(s) = &r.squares {
                        write!(f, " @ {}", super::referee::squares_text(s))?;
                    }
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for Event {
    /// The event as a line of a record.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Spoke(ps) => {
                let words: Vec<String> = ps.iter().map(ToString::to_string).collect();
                write!(f, "spoke: {}", words.join(" "))
            }
            Event::Hand { player, cards } => write!(f, "{player}: {}", code_cards(cards)),
            Event::Turn {
                player,
                play,
                draws,
            } => {
                write!(f, "{player} {play}")?;
                match draws {
                    Some(c) => write!(f, " draws {}", c.code()),
                    None => Ok(()),
                }
            }
        }
    }
}

/// Writes a game's record: the players, the deal when known, then one event a line.
pub fn write(players: &[String], deal: Option<&Deal>, events: &[Event]) -> String {
    let mut out = format!("players: {}\n", players.join(" "));
    if let Some(d) = deal {
        let ds: Vec<String> = d.dominoes.iter().map(ToString::to_string).collect();
        out += &format!("poke: {}\ndeck: {}\n", ds.join(" "), code_cards(&d.cards));
    }
    for e in events {
        out += &format!("{e}\n");
    }
    out
}

impl fmt::Display for GameRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let events: Vec<Event> = self.lines.iter().map(|l| l.event.clone()).collect();
        f.write_str(&write(&self.names(), self.deal.as_ref(), &events))
    }
}

/// Reads one line of a record typed at a prompt: a spoke, a hand or a turn (not
/// `players:`, `poke:` or `deck:`).
pub fn parse_line(src: &Source) -> Result<Event, Error> {
    let words = words_of(src.text.split('#').next().unwrap_or(""), 0);
    if words.is_empty() {
        return Err(Problem::new("nothing given")
            .at(src, 0..src.text.len())
            .expected(LINE_EXPECTED)
            .into());
    }
    let first = &src.text[words[0].clone()];
    if ["players:", "poke:", "deck:"]
        .iter()
        .any(|k| k.eq_ignore_ascii_case(first))
    {
        return Err(
            Problem::new(format!("`{first}` starts a game; it is not a turn"))
                .at(src, words[0].clone())
                .expected(LINE_EXPECTED)
                .into(),
        );
    }
    let r = LineReader { src, words };
    r.event().map(|(e, _)| e).map_err(|p| Error::single(*p))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems(text: &str) -> Vec<String> {
        match parse(&Source::new("t", text)) {
            Ok(_) => vec![],
            Err(e) => e
                .problems
                .iter()
                .map(|p| format!("{:?} {}", p.position(), p.message))
                .collect(),
        }
    }

    #[test]
    fn reads_every_kind_of_line() {
        let text = "players: ana ben # seated\nspoke: 6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h\nana domino 5-5@3,0h\nben run QC 4H 3S @ 2,0 1,0 1,1 draws 7H\nana run 6D 4C run AS 3S\nben pass\nana: AS 4H\n";
        let games = parse(&Source::new("t", text)).unwrap();
        assert_eq!(games.len(), 1);
        let g = &games[0];
        assert_eq!(g.names(), vec!["ana", "ben"]);
        assert_eq!(g.lines.len(), 6);
        assert_eq!(g.lines[1].line, 3);
        assert_eq!(
            g.lines[2].event.to_string(),
            "ben run QC 4H 3S @ 2,0 1,0 1,1 draws 7H"
        );
        assert_eq!(g.lines[3].event.to_string(), "ana run 6D 4C run AS 3S");
        assert_eq!(g.lines[5].event.to_string(), "ana: AS 4H");
        assert_eq!(
            g.to_string(),
            "players: ana ben\nspoke: 6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h\nana domino 5-5@3,0h\nben run QC 4H 3S @ 2,0 1,0 1,1 draws 7H\nana run 6D 4C run AS 3S\nben pass\nana: AS 4H\n"
        );
    }

    /// Two players of one name are said once, at the second, and the game is read on (no
    /// line after it is "a game starts with its players").
    #[test]
    #[allow(non_snake_case)]
    fn players_ana_and_ANA_were_two_seats() {
        assert_eq!(
            problems("players: ana ben ANA\nana pass\nben pass\n"),
            vec![
                "Some((1, 18)) `ana` and `ANA` are one name: kado tells names apart without regard to case, width or accents written apart"
            ]
        );
        assert_eq!(
            problems("players: ana ana\n"),
            vec!["Some((1, 14)) `ana` is named twice among the players"]
        );
    }

    #[test]
    fn every_bad_line_is_reported_at_its_place() {
        let v = problems(
            "ana pass\nplayers: ana\nplayers: ana ben\nana domino 5-5@3,0\nben run QC 4H @\nana fly\nben pass now\nana run QC @ 2,x\nben pass draws 7H 8H\npoke: 1-2\n",
        );
        assert_eq!(
            v,
            vec![
                "Some((1, 1)) a game starts with its players",
                "Some((2, 1)) Pokino needs 2 players or more",
                "Some((4, 12)) `5-5@3,0` has no direction after its position",
                "Some((5, 15)) no squares after `@`",
                "Some((6, 5)) `fly` is not a turn",
                "Some((7, 10)) nothing follows `pass` but the card drawn",
                "Some((8, 16)) expected a row Y in `2,x`, found `x`",
                "Some((9, 16)) one card is drawn at the end of a turn",
                "Some((10, 1)) a known deal needs both a `poke:` line and a `deck:` line",
            ]
        );
    }

    mod respelled {
        use super::super::*;
        use crate::notation::respell::{self, COMMAS, Choices, Role, SEMICOLONS, is_card_code};
        use crate::pokino::board::{Dir, Placement};
        use proptest::prelude::*;

        fn card() -> impl Strategy<Value = Card> {
            (0..52usize).prop_map(|i| Card::from_index(i).unwrap_or(Card::Joker))
        }

        fn cards() -> impl Strategy<Value = Vec<Card>> {
            proptest::collection::vec(card(), 1..5)
        }

        fn square() -> impl Strategy<Value = Square> {
            (-30..30i32, -30..30i32).prop_map(|(x, y)| Square::new(x, y))
        }

        fn placement() -> impl Strategy<Value = Placement> {
            (0..13u8, 0..13u8, square(), any::<bool>()).prop_map(|(a, b, at, h)| {
                let dir = if h { Dir::H } else { Dir::V };
                Placement::new(Domino::new(a, b), at, dir)
            })
        }

        fn name() -> impl Strategy<Value = String> {
            proptest::sample::select(vec!["ana", "Ben", "c.y", "d_e-2"]).prop_map(String::from)
        }

        fn event() -> impl Strategy<Value = Event> {
            let run = (
                cards(),
                proptest::option::of(proptest::collection::vec(square(), 1..5)),
            )
                .prop_map(|(cards, squares)| RunPlay { cards, squares });
            let play = prop_oneof![
                placement().prop_map(Play::Domino),
                Just(Play::Pass),
                proptest::collection::vec(run, 1..3).prop_map(Play::Runs),
            ];
            prop_oneof![
                proptest::collection::vec(placement(), 4).prop_map(Event::Spoke),
                (name(), cards()).prop_map(|(player, cards)| Event::Hand { player, cards }),
                (name(), play, proptest::option::of(card())).prop_map(|(player, play, draws)| {
                    Event::Turn {
                        player,
                        play,
                        draws,
                    }
                }),
            ]
        }

        fn deal() -> impl Strategy<Value = Option<Deal>> {
            let domino = (0..13u8, 0..13u8).prop_map(|(a, b)| Domino::new(a, b));
            let both = (proptest::collection::vec(domino, 1..9), cards());
            proptest::option::of(both.prop_map(|(dominoes, cards)| Deal { dominoes, cards }))
        }

        /// A canonical line's words with their roles, keywords in either case, a domino's
        /// `h` or `v` too.
        fn roles(line: &str, c: &mut Choices) -> Vec<(String, Role)> {
            let key = line.split(' ').next().unwrap_or("");
            let keyed = ["players:", "poke:", "deck:", "spoke:"].contains(&key);
            let mut out = Vec::new();
            for (i, w) in line.split(' ').enumerate() {
                let (w, role) = match w {
                    _ if i == 0 && keyed => (respell::case(w, c), Role::Word),
                    _ if i == 0 => (w.to_string(), Role::Word),
                    _ if key == "players:" => (w.to_string(), Role::Item(&COMMAS)),
                    _ if is_card_code(w) => (w.to_string(), Role::Card),
                    "run" | "pass" | "domino" | "draws" => (respell::case(w, c), Role::Word),
                    "@" => (w.to_string(), Role::Word),
                    _ if w.contains('@') => (respell::case(w, c), Role::Item(&SEMICOLONS)),
                    _ if key == "spoke:" || key == "poke:" || w.contains(',') => {
                        (w.to_string(), Role::Item(&SEMICOLONS))
                    }
                    _ => (w.to_string(), Role::Word),
                };
                out.push((w, role));
            }
            out
        }

        /// A game read: its players, its deal and its events.
        type Read = (Vec<String>, Option<Deal>, Vec<Event>);

        fn games(text: &str) -> Result<Vec<Read>, String> {
            let games =
                parse(&Source::new("t", text)).map_err(|e| format!("{}\n{text}", e.render()))?;
            Ok(games
                .into_iter()
                .map(|g| {
                    (
                        g.names(),
                        g.deal,
                        g.lines.into_iter().map(|l| l.event).collect(),
                    )
                })
                .collect())
        }

        proptest! {
            /// Issue 63: a record in any spelling the notation allows (dominoes and squares
            /// separated by `;`, players by commas, cards by commas or written together,
            /// suits as symbols, keywords in either case, CRLF, comments and blank lines,
            /// two games in one file) reads as its canonical form.
            #[test]
            fn a_record_respelled_reads_the_same(
                a in proptest::collection::vec(event(), 0..8),
                b in proptest::collection::vec(event(), 0..8),
                deals in (deal(), deal()),
                seed in any::<u64>(),
            ) {
                let players = ["ana", "Ben", "c.y", "d_e-2"].map(String::from);
                let canonical = write(&players[..2], deals.0.as_ref(), &a)
                    + &write(&players[1..], deals.1.as_ref(), &b);
                let mut c = Choices::new(seed);
                let text = respell::text(&canonical, roles, &mut c);
                let want = games(&canonical);
                prop_assert!(want.is_ok(), "{:?}", want);
                prop_assert_eq!(games(&text), want, "{}", text);
            }
        }
    }

    /// Issue 63: a `spoke:` line with `;` between its dominoes was refused, though a board
    /// may be written so; squares after `@` too, and keywords in upper case.
    #[test]
    fn a_spoke_with_semicolons_was_refused() {
        let text = "players: ana, ben\nspoke: 6-4@0,0h; 1-3@0,1h;12-8@2,0v ; 9-0@2,2h\nBen RUN QC,4H3S @ 2,0;1,0 ; 1,1 DRAWS 7h\nPOKE: 1-2;3-4\nDeck: AS\n";
        let games = parse(&Source::new("t", text)).unwrap();
        assert_eq!(
            games[0].to_string(),
            "players: ana ben\npoke: 1-2 3-4\ndeck: AS\nspoke: 6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h\nBen run QC 4H 3S @ 2,0 1,0 1,1 draws 7H\n"
        );
        // A bad domino among them is pointed at alone.
        assert_eq!(
            problems("players: ana ben\nspoke: 6-4@0,0h;1-3@0,1\n"),
            vec!["Some((2, 17)) `1-3@0,1` has no direction after its position"]
        );
        // A player may not be named as a line is, in any case.
        assert_eq!(
            problems("players: ana Spoke\n"),
            vec!["Some((1, 14)) `Spoke` names a line, not a player"]
        );
    }

    #[test]
    fn one_line_at_a_prompt() {
        let e = parse_line(&Source::new("answer", "ana run QC 4H")).unwrap();
        assert_eq!(e.to_string(), "ana run QC 4H");
        assert!(parse_line(&Source::new("answer", "players: a b")).is_err());
        assert!(parse_line(&Source::new("answer", "  ")).is_err());
    }
}
