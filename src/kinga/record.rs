//! The record of a Kinga game, one event a line, like a chess game's PGN:
//!
//! ```text
//! deck: 2S AS 2C 2H AC AD 2D JK JK AH   # a virtual deck: the starting deck, top first
//! 1. 2S 2H > 3S                         # turn 1: the cards played, in order, > the card influenced
//! keep AS                               # cleanup: the card kept (or `keep none`)
//! 2. AS JK 2D > 3D
//! 3. exile AD                           # the Exile action
//! 4. suspicion KH                       # raise suspicion: the king turned sideways
//! 5. 4S 4H 4D > 5H
//! bonus 2C                              # the exile of a 5, 8 or 10 (or `bonus none`)
//! reshuffle JK 3S AC 2S                 # the discard pile becomes the draw pile, top first
//! ```
//!
//! A game with real cards starts `deck: real` and writes every draw (`draw 2S 2H 2D JK`);
//! its reshuffles are `reshuffle` alone, their order unknown, and may be left out, even
//! inside a draw: `draw AH JK 2S` with two cards left takes them, then one card of the
//! discard pile shuffled into the new draw pile. `extra N` (ruling
//! extra-draws: optional) says how many extra cards a play's bonus drew, `discard CARDS`
//! the cards hardcore's cleanup discarded at random, `N. executed` the suspicion that
//! cannot be raised. The turn number is optional. `#` starts a comment; a file may hold
//! several games, each from its `deck:` line.
//!
//! [`parse`] only reads text into plain values with their lines; [`super::check`] folds
//! them through the game `kado kinga play` runs. `Display` writes the canonical form,
//! which reads back to the same values.

use std::fmt;
use std::ops::Range;

use super::game::{Action, Deck, starting_deck};
use crate::cards::{Card, Rank, code_cards};
use crate::diag::{Error, Problem, Problems, Source, did_you_mean};
use crate::notation::{scan_cards, words_of, written_lines};

/// What a line of a record may be.
pub const LINE_EXPECTED: &str = "a turn (`5S 4S JK 3D > 6D`, `exile 4S`, `suspicion KH` or `executed`, after an optional turn number `12.`), `draw CARDS`, `reshuffle [CARDS]`, `bonus CARD|none`, `keep CARD|none`, `extra N`, `discard CARDS`, or `deck: real|CARDS` to start a game";

/// What starts a game.
const DECK_EXPECTED: &str =
    "`deck: real`, or the ten starting cards top first: `deck: 2S AS 2C 2H AC AD 2D JK JK AH`";

/// The words that open a line (a play opens with its first card).
const KEYWORDS: [&str; 9] = [
    "exile",
    "suspicion",
    "executed",
    "draw",
    "reshuffle",
    "bonus",
    "keep",
    "extra",
    "discard",
];

/// What a turn does: its one action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurnAction {
    /// The cards played, in order, and the top card they influence.
    Influence { play: Vec<Card>, target: Card },
    /// A card exiled from the hand.
    Exile(Card),
    /// Raise Suspicion: the king turned sideways.
    Suspicion(Card),
    /// Suspicion with every king sideways: the game is lost.
    Executed,
}

/// One event of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A turn's action, with its number when written.
    Turn {
        number: Option<u32>,
        action: TurnAction,
    },
    /// Cards drawn into the hand.
    Draw(Vec<Card>),
    /// The discard pile made the draw pile: its order top first, when known.
    Reshuffle(Option<Vec<Card>>),
    /// The exile earned by a 5, 8 or 10, or none.
    Bonus(Option<Card>),
    /// Cleanup: the card kept, or none.
    Keep(Option<Card>),
    /// Ruling extra-draws: optional: how many of the extra cards are drawn.
    Extra(usize),
    /// Hardcore cleanup: the cards discarded at random.
    Discard(Vec<Card>),
}

/// One event of a record and where it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The line number, from 1.
    pub line: usize,
    pub event: Event,
}

/// One game of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The line of `deck:`.
    pub line: usize,
    pub deck: Deck,
    /// A virtual deck's starting order, top first (empty for real cards).
    pub order: Vec<Card>,
    pub lines: Vec<Line>,
}

impl Event {
    /// The game's action for this line: `None` for a reshuffle without its order in a
    /// game whose order matters (a virtual deck). `discard` is the discard pile, which a
    /// reshuffle of real cards turns over.
    pub fn action(&self, deck: Deck, discard: &[Card]) -> Option<Action> {
        Some(match self {
            Event::Turn { action, .. } => match action {
                TurnAction::Influence { play, target } => Action::Influence {
                    play: play.clone(),
                    target: *target,
                },
                TurnAction::Exile(card) => Action::Exile { card: *card },
                TurnAction::Suspicion(king) => Action::Suspicion { king: *king },
                TurnAction::Executed => Action::Executed,
            },
            Event::Draw(cards) => Action::Draw {
                cards: cards.clone(),
            },
            Event::Reshuffle(Some(order)) => Action::Reshuffle {
                order: order.clone(),
            },
            Event::Reshuffle(None) if deck == Deck::Real => {
                let mut order = discard.to_vec();
                order.sort();
                Action::Reshuffle { order }
            }
            Event::Reshuffle(None) => return None,
            Event::Bonus(card) => Action::Bonus { card: *card },
            Event::Keep(card) => Action::Keep { card: *card },
            Event::Extra(take) => Action::Extra { take: *take },
            Event::Discard(cards) => Action::RandomDiscard {
                cards: cards.clone(),
            },
        })
    }
}

/// The events of a game's actions, as its record writes them: a virtual deck's draws
/// are left out (its starting deck and reshuffles say them) and a real deck's reshuffles
/// are written without their order. Turns are numbered.
pub fn events(deck: Deck, actions: &[Action]) -> Vec<Event> {
    let mut turn = 0;
    let mut out = Vec::new();
    for a in actions {
        let mut numbered = |action| {
            turn += 1;
            Event::Turn {
                number: Some(turn),
                action,
            }
        };
        out.push(match a {
            Action::Draw { .. } if deck == Deck::Virtual => continue,
            Action::Draw { cards } => Event::Draw(cards.clone()),
            Action::Reshuffle { order } => {
                Event::Reshuffle((deck == Deck::Virtual).then(|| order.clone()))
            }
            Action::Influence { play, target } => numbered(TurnAction::Influence {
                play: play.clone(),
                target: *target,
            }),
            Action::Exile { card } => numbered(TurnAction::Exile(*card)),
            Action::Suspicion { king } => numbered(TurnAction::Suspicion(*king)),
            Action::Executed => numbered(TurnAction::Executed),
            Action::Bonus { card } => Event::Bonus(*card),
            Action::Keep { card } => Event::Keep(*card),
            Action::Extra { take } => Event::Extra(*take),
            Action::RandomDiscard { cards } => Event::Discard(cards.clone()),
        });
    }
    out
}

/// The `deck:` line of a game.
pub fn deck_line(deck: Deck, order: &[Card]) -> String {
    match deck {
        Deck::Real => "deck: real".to_string(),
        Deck::Virtual => format!("deck: {}", code_cards(order)),
    }
}

/// Writes a game's record: its deck, then one event a line.
pub fn write(deck: Deck, order: &[Card], actions: &[Action]) -> String {
    let mut out = deck_line(deck, order) + "\n";
    for e in events(deck, actions) {
        out += &format!("{e}\n");
    }
    out
}

impl fmt::Display for TurnAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TurnAction::Influence { play, target } => {
                write!(f, "{} > {}", code_cards(play), target.code())
            }
            TurnAction::Exile(card) => write!(f, "exile {}", card.code()),
            TurnAction::Suspicion(king) => write!(f, "suspicion {}", king.code()),
            TurnAction::Executed => f.write_str("executed"),
        }
    }
}

impl fmt::Display for Event {
    /// The event as a line of a record.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let opt = |c: &Option<Card>| c.map_or("none".to_string(), Card::code);
        match self {
            Event::Turn {
                number: Some(n),
                action,
            } => write!(f, "{n}. {action}"),
            Event::Turn {
                number: None,
                action,
            } => write!(f, "{action}"),
            Event::Draw(cards) => write!(f, "draw {}", code_cards(cards)),
            Event::Reshuffle(None) => f.write_str("reshuffle"),
            Event::Reshuffle(Some(order)) => write!(f, "reshuffle {}", code_cards(order)),
            Event::Bonus(card) => write!(f, "bonus {}", opt(card)),
            Event::Keep(card) => write!(f, "keep {}", opt(card)),
            Event::Extra(take) => write!(f, "extra {take}"),
            Event::Discard(cards) => write!(f, "discard {}", code_cards(cards)),
        }
    }
}

impl fmt::Display for GameRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", deck_line(self.deck, &self.order))?;
        for l in &self.lines {
            writeln!(f, "{}", l.event)?;
        }
        Ok(())
    }
}

/// Reads a record: every game in it. Every bad line is reported at once.
pub fn parse(src: &Source) -> Result<Vec<GameRecord>, Error> {
    let mut games: Vec<GameRecord> = Vec::new();
    let mut problems = Problems::new();
    for l in written_lines(&src.text) {
        let words = words_of(l.body, l.start);
        let Some(first) = words.first().cloned() else {
            continue;
        };
        let line = l.number;
        let r = Reader { src, words };
        if r.is(0, "deck:") {
            let (deck, order) = r.deck().unwrap_or_else(|p| {
                problems.push(*p);
                (Deck::Real, Vec::new())
            });
            games.push(GameRecord {
                line,
                deck,
                order,
                lines: Vec::new(),
            });
            continue;
        }
        let Some(game) = games.last_mut() else {
            problems.push(
                Problem::new("a game starts with its deck")
                    .at(src, first)
                    .expected(DECK_EXPECTED),
            );
            continue;
        };
        match r.event() {
            Ok(event) => game.lines.push(Line { line, event }),
            Err(p) => problems.push(*p),
        }
    }
    if games.is_empty() && problems.is_empty() {
        problems.push(
            Problem::new("the record holds no game")
                .with_source(src.clone())
                .expected(DECK_EXPECTED),
        );
    }
    problems.check()?;
    Ok(games)
}

/// A problem of a line, boxed (the error of every reading step).
type Bad = Box<Problem>;

/// Reads the words of one line.
struct Reader<'a> {
    src: &'a Source,
    words: Vec<Range<usize>>,
}

impl Reader<'_> {
    fn text(&self, i: usize) -> &str {
        &self.src.text[self.words[i].clone()]
    }

    /// Whether word `i` is `word` (in any case).
    fn is(&self, i: usize, word: &str) -> bool {
        i < self.words.len() && self.text(i).eq_ignore_ascii_case(word)
    }

    /// The text range of words `from..to`, if there are any.
    fn range(&self, from: usize, to: usize) -> Option<Range<usize>> {
        (from < to).then(|| self.words[from].start..self.words[to - 1].end)
    }

    /// The whole line's range.
    fn all(&self) -> Range<usize> {
        self.range(0, self.words.len()).unwrap_or(0..0)
    }

    fn problem(&self, message: impl Into<String>, at: Range<usize>, expected: &str) -> Bad {
        Box::new(Problem::new(message).at(self.src, at).expected(expected))
    }

    /// The cards of a text range; at least one.
    fn cards_at(&self, at: Range<usize>, what: &str, expected: &str) -> Result<Vec<Card>, Bad> {
        let (cards, mut problems) = scan_cards(self.src, at.clone());
        if !problems.is_empty() {
            return Err(Box::new(problems.remove(0)));
        }
        if cards.is_empty() {
            return Err(self.problem(format!("no cards given for {what}"), at, expected));
        }
        Ok(cards.into_iter().map(|c| c.value).collect())
    }

    /// The cards written from word `from` to the end; `key` is the word before them.
    fn cards_after(&self, from: usize, what: &str, expected: &str) -> Result<Vec<Card>, Bad> {
        match self.range(from, self.words.len()) {
            Some(at) => self.cards_at(at, what, expected),
            None => Err(self.problem(
                format!("no cards given for {what}"),
                self.words[from - 1].clone(),
                expected,
            )),
        }
    }

    /// One card from word `from` to the end (the card `verb`: exiled, kept…).
    fn one_card(&self, from: usize, verb: &str, expected: &str) -> Result<Card, Bad> {
        if from >= self.words.len() {
            return Err(self.problem(
                format!("`{}` names one card", self.text(from - 1)),
                self.words[from - 1].clone(),
                expected,
            ));
        }
        let cards = self.cards_after(from, &format!("the card {verb}"), expected)?;
        match cards.as_slice() {
            [one] => Ok(*one),
            more => Err(self.problem(
                format!("one card is {verb}, not {}", more.len()),
                self.range(from, self.words.len()).unwrap_or(0..0),
                expected,
            )),
        }
    }

    /// One card or `none`, from word `from` to the end.
    fn card_or_none(&self, from: usize, verb: &str, expected: &str) -> Result<Option<Card>, Bad> {
        if self.words.len() == from + 1 && self.is(from, "none") {
            return Ok(None);
        }
        self.one_card(from, verb, expected).map(Some)
    }

    /// Nothing after word `i`.
    fn alone(&self, i: usize, expected: &str) -> Result<(), Bad> {
        match self.range(i + 1, self.words.len()) {
            None => Ok(()),
            Some(at) => {
                Err(self.problem(format!("nothing follows `{}`", self.text(i)), at, expected))
            }
        }
    }

    /// `deck: real` or `deck: CARDS` (the ten starting cards).
    fn deck(&self) -> Result<(Deck, Vec<Card>), Bad> {
        if self.words.len() == 2 && self.is(1, "real") {
            return Ok((Deck::Real, Vec::new()));
        }
        let order = self.cards_after(1, "the starting deck", DECK_EXPECTED)?;
        let mut sorted = order.clone();
        sorted.sort();
        let mut want = starting_deck();
        want.sort();
        if sorted != want {
            return Err(Box::new(
                Problem::new("the starting deck is the four aces, the four twos and two jokers")
                    .at(self.src, self.range(1, self.words.len()).unwrap_or(0..0))
                    .expected(DECK_EXPECTED)
                    .help("write them in the order of the draw pile, top first"),
            ));
        }
        Ok((Deck::Virtual, order))
    }

    /// Any line but `deck:`.
    fn event(&self) -> Result<Event, Bad> {
        let number = self.turn_number()?;
        let k = usize::from(number.is_some());
        if k >= self.words.len() {
            return Err(self.problem(
                "a turn number stands before the turn's action",
                self.all(),
                "`12. 5S 4S JK 3D > 6D`, `12. exile 4S`, `12. suspicion KH` or `12. executed`",
            ));
        }
        let word = self.text(k).to_ascii_lowercase();
        let n = number.as_ref().map(|n| n.1);
        let turn = |action| Ok(Event::Turn { number: n, action });
        match word.as_str() {
            "exile" => turn(TurnAction::Exile(self.one_card(
                k + 1,
                "exiled",
                "`exile CARD`, e.g. `exile 4S`",
            )?)),
            "suspicion" => turn(TurnAction::Suspicion(self.king(k + 1)?)),
            "executed" => {
                self.alone(k, "`executed`")?;
                turn(TurnAction::Executed)
            }
            w if KEYWORDS.contains(&w) => match number {
                Some((at, _)) => Err(self.problem(
                    format!("a turn number stands before a turn's action, not before `{w}`"),
                    at,
                    "a number before a play, `exile`, `suspicion` or `executed` only",
                )),
                None => self.step(&word),
            },
            _ => self
                .influence(k)
                .and_then(|(play, target)| turn(TurnAction::Influence { play, target })),
        }
    }

    /// `12.` at the start of the line: where, and the number.
    fn turn_number(&self) -> Result<Option<(Range<usize>, u32)>, Bad> {
        let first = self.text(0);
        let Some(digits) = first.strip_suffix('.') else {
            return Ok(None);
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Ok(None);
        }
        match digits.parse::<u32>() {
            Ok(n) if n > 0 => Ok(Some((self.words[0].clone(), n))),
            _ => Err(self.problem(
                format!("`{first}` is not a turn number"),
                self.words[0].clone(),
                "a turn number from 1, then a dot: `12.`",
            )),
        }
    }

    /// The king named after `suspicion`.
    fn king(&self, from: usize) -> Result<Card, Bad> {
        let expected = "`suspicion KING`, e.g. `suspicion KH`";
        let king = self.one_card(from, "turned", expected)?;
        match king.rank() {
            Some(Rank::King) => Ok(king),
            _ => Err(self.problem(
                format!("{king} is not a king"),
                self.range(from, self.words.len()).unwrap_or(0..0),
                expected,
            )),
        }
    }

    /// A step of a turn that is not its action: draws, reshuffles and cleanup.
    fn step(&self, word: &str) -> Result<Event, Bad> {
        Ok(match word {
            "draw" => Event::Draw(self.cards_after(
                1,
                "the draw",
                "`draw CARDS`, e.g. `draw 2S AH JK 3C`",
            )?),
            "reshuffle" if self.words.len() == 1 => Event::Reshuffle(None),
            "reshuffle" => Event::Reshuffle(Some(self.cards_after(
                1,
                "the new draw pile",
                "`reshuffle` alone, or the new draw pile top first: `reshuffle JK 3S AC`",
            )?)),
            "bonus" => {
                Event::Bonus(self.card_or_none(1, "exiled", "`bonus CARD` or `bonus none`")?)
            }
            "keep" => Event::Keep(self.card_or_none(1, "kept", "`keep CARD` or `keep none`")?),
            "extra" => Event::Extra(self.count()?),
            _ => Event::Discard(self.cards_after(
                1,
                "the discard",
                "`discard CARDS`: the cards discarded at random",
            )?),
        })
    }

    /// The number after `extra`.
    fn count(&self) -> Result<usize, Bad> {
        let expected = "`extra N`: how many of the extra cards are drawn, e.g. `extra 2`";
        if self.words.len() != 2 {
            let at = self
                .range(1, self.words.len())
                .unwrap_or(self.words[0].clone());
            return Err(self.problem("one number follows `extra`", at, expected));
        }
        let text = self.text(1);
        match text.parse::<u8>() {
            Ok(n) => Ok(usize::from(n)),
            Err(_) => Err(self.problem(
                format!("`{text}` is not a number of cards"),
                self.words[1].clone(),
                expected,
            )),
        }
    }

    /// `CARDS > TARGET` (or `CARDS on TARGET`, as the prompt asks for it) from word `k`.
    fn influence(&self, k: usize) -> Result<(Vec<Card>, Card), Bad> {
        let expected = "`CARDS > TARGET`: the cards in the order played, then the top card influenced, e.g. `5S 4S JK 3D > 6D` (or `5S 4S JK 3D on 6D`)";
        let at = self.range(k, self.words.len()).unwrap_or(0..0);
        let Some(sep) = self.separator(k, at.start) else {
            return Err(self.no_play(k, at, expected));
        };
        let word = &self.src.text[sep.clone()];
        if sep.start == at.start {
            return Err(self.problem(format!("no cards played before `{word}`"), sep, expected));
        }
        let play = self.cards_at(at.start..sep.start, "the play", expected)?;
        let after = sep.end..at.end;
        if let Some(second) = self.separator(k, sep.end) {
            return Err(self.problem("a play has one `>` (or `on`), not two", second, expected));
        }
        if self.src.text[after.clone()].trim().is_empty() {
            return Err(self.problem(format!("no card influenced after `{word}`"), sep, expected));
        }
        let targets = self.cards_at(after.clone(), "the card influenced", expected)?;
        match targets.as_slice() {
            [one] => Ok((play, *one)),
            more => Err(self.problem(
                format!("a play influences one card, not {}", more.len()),
                after.start
                    + (self.src.text[after.clone()].len()
                        - self.src.text[after.clone()].trim_start().len())
                    ..after.end,
                expected,
            )),
        }
    }

    /// Where the first `>` or `on` (a word of its own) at or after byte `from` stands,
    /// among the words from word `k`.
    fn separator(&self, k: usize, from: usize) -> Option<Range<usize>> {
        let end = self.range(k, self.words.len())?.end;
        let gt = self.src.text[from..end]
            .find('>')
            .map(|i| from + i..from + i + 1);
        let on = self.words[k..]
            .iter()
            .find(|w| w.start >= from && self.src.text[(*w).clone()].eq_ignore_ascii_case("on"))
            .cloned();
        match (gt, on) {
            (Some(g), Some(o)) => Some(if g.start < o.start { g } else { o }),
            (g, o) => g.or(o),
        }
    }

    /// Why a line with no `>` is not a play: cards alone, or a word that is no line.
    fn no_play(&self, k: usize, at: Range<usize>, expected: &str) -> Bad {
        let (cards, problems) = scan_cards(self.src, at.clone());
        if problems.is_empty() && !cards.is_empty() {
            return Box::new(
                Problem::new("a play names the card it influences")
                    .at(self.src, at.end..at.end)
                    .expected(expected),
            );
        }
        let word = self.text(k);
        let hint = did_you_mean(&word.to_ascii_lowercase(), KEYWORDS);
        Box::new(
            Problem::new(format!("`{word}` is not a line of a Kinga record"))
                .at(self.src, self.words[k].clone())
                .expected(LINE_EXPECTED)
                .maybe_help(hint.map(|h| format!("did you mean `{h}`?"))),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::notation::test_cards as cards;

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

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
        let text = "# kado game id: x\ndeck: 2S AS 2C 2H AC AD 2D JK JK AH  # top first\n1. 2S 2H > 3S\nkeep as\n2. 5s 4s jk 3d>6d\nbonus none\n3. exile 4S\nEXTRA 2\n4. suspicion KH\nreshuffle\nreshuffle JK AS\ndraw 2S\ndiscard 2S 2H\n5. executed\nkeep none\nbonus 2C\n\ndeck: real\ndraw 2S AS 2C 2H\nAS 2C > 3C\n6. 2S On 3S\n";
        let games = parse(&Source::new("t", text)).unwrap();
        assert_eq!(games.len(), 2);
        let g = &games[0];
        assert_eq!((g.line, g.deck), (2, Deck::Virtual));
        assert_eq!(g.order, cards("2S AS 2C 2H AC AD 2D JK JK AH"));
        assert_eq!(
            g.lines[0].event,
            Event::Turn {
                number: Some(1),
                action: TurnAction::Influence {
                    play: cards("2S 2H"),
                    target: card("3S")
                }
            }
        );
        assert_eq!(g.lines[1].event, Event::Keep(Some(card("AS"))));
        assert_eq!(g.lines[2].event.to_string(), "2. 5S 4S JK 3D > 6D");
        assert_eq!(g.lines[5].event, Event::Extra(2));
        assert_eq!(g.lines[7].event, Event::Reshuffle(None));
        assert_eq!(g.lines[2].line, 5);
        assert_eq!(
            g.to_string(),
            "deck: 2S AS 2C 2H AC AD 2D JK JK AH\n1. 2S 2H > 3S\nkeep AS\n2. 5S 4S JK 3D > 6D\nbonus none\n3. exile 4S\nextra 2\n4. suspicion KH\nreshuffle\nreshuffle JK AS\ndraw 2S\ndiscard 2S 2H\n5. executed\nkeep none\nbonus 2C\n"
        );
        assert_eq!(games[1].deck, Deck::Real);
        assert_eq!(
            games[1].to_string(),
            "deck: real\ndraw 2S AS 2C 2H\nAS 2C > 3C\n6. 2S > 3S\n"
        );
    }

    #[test]
    fn every_bad_line_is_reported_at_its_place() {
        let v = problems(
            "1. 2S > 3S\ndeck: AS\ndeck: real\n2S 2H 3S\n2S 2H >\n> 3S\n2S > 3S 4S\n3. draw 2S\nexile\nsuspicion QH\nexecuted now\nkeep 2S 3S\nextra two\nfly 2S\n0. exile 2S\nbonsu none\n2S > 3S > 4S\n7.\n2S 2H on\n2S on 3S > 4S\n",
        );
        assert_eq!(
            v,
            vec![
                "Some((1, 1)) a game starts with its deck",
                "Some((2, 7)) the starting deck is the four aces, the four twos and two jokers",
                "Some((4, 9)) a play names the card it influences",
                "Some((5, 7)) no card influenced after `>`",
                "Some((6, 1)) no cards played before `>`",
                "Some((7, 6)) a play influences one card, not 2",
                "Some((8, 1)) a turn number stands before a turn's action, not before `draw`",
                "Some((9, 1)) `exile` names one card",
                "Some((10, 11)) Q♥ is not a king",
                "Some((11, 10)) nothing follows `executed`",
                "Some((12, 6)) one card is kept, not 2",
                "Some((13, 7)) `two` is not a number of cards",
                "Some((14, 1)) `fly` is not a line of a Kinga record",
                "Some((15, 1)) `0.` is not a turn number",
                "Some((16, 1)) `bonsu` is not a line of a Kinga record",
                "Some((17, 9)) a play has one `>` (or `on`), not two",
                "Some((18, 1)) a turn number stands before the turn's action",
                "Some((19, 7)) no card influenced after `on`",
                "Some((20, 10)) a play has one `>` (or `on`), not two",
            ]
        );
        assert_eq!(problems(""), vec!["None the record holds no game"]);
    }

    /// Issue 63: every list of cards of a record may be written with commas, cards
    /// together, suit symbols and either case, as the notation allows.
    #[test]
    fn lists_of_cards_in_every_spelling() {
        let text = "DECK: 2s,AS 2c2H, a♣ A♢ 2♦ jk🃏 aH\r\n1. 2S, 2h>3♠\r\n# a comment\r\n\r\nDRAW 2S,AS2C 2♡\r\nReshuffle jk,3s\r\nDiscard 2S2H\r\n";
        let games = parse(&Source::new("t", text)).unwrap();
        assert_eq!(
            games[0].to_string(),
            "deck: 2S AS 2C 2H AC AD 2D JK JK AH\n1. 2S 2H > 3S\ndraw 2S AS 2C 2H\nreshuffle JK 3S\ndiscard 2S 2H\n"
        );
        assert_eq!(games[0].lines[1].line, 5);
    }

    #[test]
    fn actions_become_events_and_back() {
        let actions = vec![
            Action::Draw {
                cards: cards("2S AS 2C 2H"),
            },
            Action::Influence {
                play: cards("2S 2H"),
                target: card("3S"),
            },
            Action::Keep { card: None },
            Action::Reshuffle {
                order: cards("2S 2H 3S"),
            },
            Action::Exile { card: card("AC") },
        ];
        assert_eq!(
            write(Deck::Real, &[], &actions),
            "deck: real\ndraw 2S AS 2C 2H\n1. 2S 2H > 3S\nkeep none\nreshuffle\n2. exile AC\n"
        );
        let order = cards("2S AS 2C 2H AC AD 2D JK JK AH");
        assert_eq!(
            write(Deck::Virtual, &order, &actions),
            "deck: 2S AS 2C 2H AC AD 2D JK JK AH\n1. 2S 2H > 3S\nkeep none\nreshuffle 2S 2H 3S\n2. exile AC\n"
        );
        let discard = cards("3S 2H");
        assert_eq!(
            Event::Reshuffle(None).action(Deck::Real, &discard),
            Some(Action::Reshuffle {
                order: cards("2H 3S")
            })
        );
        assert_eq!(Event::Reshuffle(None).action(Deck::Virtual, &discard), None);
    }

    mod round_trip {
        use super::*;
        use crate::notation::respell::{self, Choices, Role, is_card_code};
        use proptest::prelude::*;

        fn any_card() -> impl Strategy<Value = Card> {
            (0..53usize).prop_map(|i| Card::from_index(i).unwrap_or(Card::Joker))
        }

        fn some_cards() -> impl Strategy<Value = Vec<Card>> {
            proptest::collection::vec(any_card(), 1..6)
        }

        fn king() -> impl Strategy<Value = Card> {
            proptest::sample::select(crate::cards::Suit::ALL.to_vec())
                .prop_map(|s| Card::new(Rank::King, s))
        }

        fn turn_action() -> impl Strategy<Value = TurnAction> {
            prop_oneof![
                (some_cards(), any_card())
                    .prop_map(|(play, target)| TurnAction::Influence { play, target }),
                any_card().prop_map(TurnAction::Exile),
                king().prop_map(TurnAction::Suspicion),
                Just(TurnAction::Executed),
            ]
        }

        fn event() -> impl Strategy<Value = Event> {
            prop_oneof![
                (proptest::option::of(1..100_000u32), turn_action())
                    .prop_map(|(number, action)| Event::Turn { number, action }),
                some_cards().prop_map(Event::Draw),
                proptest::option::of(some_cards()).prop_map(Event::Reshuffle),
                proptest::option::of(any_card()).prop_map(Event::Bonus),
                proptest::option::of(any_card()).prop_map(Event::Keep),
                (0..=255usize).prop_map(Event::Extra),
                some_cards().prop_map(Event::Discard),
            ]
        }

        fn game() -> impl Strategy<Value = (bool, Vec<Event>)> {
            (any::<bool>(), proptest::collection::vec(event(), 0..12))
        }

        /// A canonical line's words with their roles, keywords in either case, `>` also
        /// written `on`.
        fn roles(line: &str, c: &mut Choices) -> Vec<(String, Role)> {
            line.split(' ')
                .map(|w| match w {
                    _ if is_card_code(w) => (w.to_string(), Role::Card),
                    ">" => (c.pick(&[">", "on", "ON", "On"]).to_string(), Role::Word),
                    _ => (respell::case(w, c), Role::Word),
                })
                .collect()
        }

        fn events(games: Vec<GameRecord>) -> Vec<(Deck, Vec<Card>, Vec<Event>)> {
            games
                .into_iter()
                .map(|g| {
                    (
                        g.deck,
                        g.order,
                        g.lines.into_iter().map(|l| l.event).collect(),
                    )
                })
                .collect()
        }

        proptest! {
            /// Issue 63: a record in any spelling the notation allows (cards separated by
            /// commas or written together, suits as symbols, keywords in either case, `on`
            /// for `>`, CRLF, comments and blank lines, two games in one file) reads as its
            /// canonical form.
            #[test]
            fn a_record_respelled_reads_the_same(
                (real, a) in game(),
                (real2, b) in game(),
                seed in any::<u64>(),
            ) {
                let make = |real: bool, events: Vec<Event>, seed: u64| {
                    let mut order = starting_deck();
                    crate::shuffle::Shuffler::new(seed).shuffle(&mut order);
                    let deck = if real { Deck::Real } else { Deck::Virtual };
                    let order = if real { Vec::new() } else { order };
                    let lines = events.into_iter().map(|event| Line { line: 0, event });
                    GameRecord { line: 0, deck, order, lines: lines.collect() }
                };
                let games = [make(real, a, seed), make(real2, b, !seed)];
                let canonical: String = games.iter().map(ToString::to_string).collect();
                let mut c = Choices::new(seed);
                let text = respell::text(&canonical, roles, &mut c);
                let got = parse(&Source::new("r", text.as_str()))
                    .map_err(|e| TestCaseError::fail(format!("{}\n{text}", e.render())))?;
                prop_assert_eq!(events(got), events(games.to_vec()), "{}", text);
            }
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(300))]
            /// A record written by Display reads back to the same games.
            #[test]
            fn records_read_back((real, events) in game(), (real2, events2) in game(), seed in any::<u64>()) {
                let make = |real: bool, events: Vec<Event>, seed: u64| {
                    let mut order = starting_deck();
                    crate::shuffle::Shuffler::new(seed).shuffle(&mut order);
                    GameRecord {
                        line: 0,
                        deck: if real { Deck::Real } else { Deck::Virtual },
                        order: if real { Vec::new() } else { order },
                        lines: events.into_iter().map(|event| Line { line: 0, event }).collect(),
                    }
                };
                let games = [make(real, events, seed), make(real2, events2, !seed)];
                let text: String = games.iter().map(ToString::to_string).collect();
                let back = parse(&Source::new("r", text.as_str())).unwrap();
                prop_assert_eq!(back.len(), 2);
                for (b, g) in back.iter().zip(&games) {
                    prop_assert_eq!((b.deck, &b.order), (g.deck, &g.order));
                    let events: Vec<&Event> = b.lines.iter().map(|l| &l.event).collect();
                    let want: Vec<&Event> = g.lines.iter().map(|l| &l.event).collect();
                    prop_assert_eq!(events, want);
                }
            }
        }
    }
}
