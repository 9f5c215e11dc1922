//! The record of Kin Kādo games, one event a line (like a chess game's PGN).
//!
//! `#` starts a comment and blank lines are skipped:
//!
//! ```text
//! players: ana ALORA        # the seats clockwise; the first named deals round 1
//! deck: virtual 7 sorted    # or `deck: real` (the default); see [`Deck`] for `sorted`
//! round 1
//! prize: 7H                 # the card turned up for the prize pool, or `none`
//! ana sells 4H 4D           # or `ana sells nothing`
//! ALORA shows 2C 3D 5S 9H   # her face-down cards, turned up at her sell turn
//! ALORA sells 2C 3D
//! ana buys QS deck×2 draws 7C 9D   # market cards, blind deck cards, the cards drawn
//! ALORA buys KD deck×1      # her free deck cards; `ALORA buys nothing deck×2`
//! ana bets $5
//! ALORA bets $25 bank       # `bank`: the bank placed her bet
//! ana plays 7C 7D
//! ALORA reveals 5S          # her cards still face down at the reveal
//! fix: ana $40              # a stash counted wrong at the table
//! ```
//!
//! Keywords and names may be written in either case, and a list of cards in any spelling
//! of the notation (`2C,3D`, `2C3D`, `2♣ 3♦`: [`crate::notation::scan_cards`]); the
//! players are separated by spaces and/or commas.
//!
//! Each line reads into one of the game's own [`Action`]s, which [`super::check`] applies
//! with the engine `kinkado play` uses.

use std::fmt;
use std::ops::Range;

use super::game::{Action, Deck, Named, PlayedBack};
use super::showdown::ALORA;
use crate::cards::{Card, code_cards};
use crate::diag::{Error, Problem, Source};
use crate::notation::{is_separator, scan_card_tokens, words_of, words_split_by, written_lines};

/// ALORA's name in a record.
const NAME: &str = "ALORA";
/// What a line may be.
pub const LINE_EXPECTED: &str = "`players: NAMES`, `deck: real|virtual SEED [sorted]`, `round N`, `prize: CARD|none`, `fix: NAME $N` or `NAME sells|buys|bets|plays …`, `ALORA shows|sells|buys|bets|reveals …`";
/// What a list of cards looks like.
const CARDS_EXPECTED: &str = "cards such as `7H QS JK` (or `nothing`)";
/// What a purchase looks like.
const BUY_EXPECTED: &str =
    "market cards, then `deck×N` for blind cards, then `draws CARDS`, e.g. `QS deck×2 draws 7C 9D`";

/// One line of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// `players: ana ben ALORA`: a game starts.
    Players { names: Vec<String>, alora: bool },
    /// `deck: virtual SEED sorted`, `deck: virtual SEED` (a pack whose played cards go
    /// back in the order written: records of kado before `sorted`) or `deck: real`.
    Deck(Deck),
    /// `round N`: a round starts.
    Round(u32),
    /// A move at the table, its seat named.
    Act(Named),
}

/// An event and the line it was read from (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub line: usize,
    pub event: Event,
}

/// A whole record: its events in order (several games one after another).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Record {
    pub lines: Vec<Line>,
}

fn cards_or_nothing(cards: &[Card]) -> String {
    if cards.is_empty() {
        "nothing".into()
    } else {
        code_cards(cards)
    }
}

/// `QS deck×2 draws 7C 9D` (the words after `buys`).
fn purchase(market: &[Card], deck: usize, drawn: &[Card]) -> String {
    let mut words = Vec::new();
    if !market.is_empty() {
        words.push(code_cards(market));
    }
    if deck > 0 {
        words.push(format!("deck×{deck}"));
    }
    if words.is_empty() {
        words.push("nothing".into());
    }
    if !drawn.is_empty() {
        words.push(format!("draws {}", code_cards(drawn)));
    }
    words.join(" ")
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Players { names, alora } => {
                let mut all = names.clone();
                if *alora {
                    all.push(NAME.into());
                }
                write!(f, "players: {}", all.join(" "))
            }
            Event::Deck(Deck::Virtual { seed, played_back }) => match played_back {
                PlayedBack::Sorted => write!(f, "deck: virtual {seed} sorted"),
                PlayedBack::InOrder => write!(f, "deck: virtual {seed}"),
            },
            Event::Deck(Deck::Physical) => f.write_str("deck: real"),
            Event::Round(n) => write!(f, "round {n}"),
            Event::Act(a) => write_action(f, a),
        }
    }
}

fn write_action(f: &mut fmt::Formatter<'_>, a: &Named) -> fmt::Result {
    match a {
        Action::Deal { .. } => f.write_str("# deal"),
        Action::Settle => f.write_str("# settle"),
        Action::Prize { card } => match card {
            Some(c) => write!(f, "prize: {}", c.code()),
            None => f.write_str("prize: none"),
        },
        Action::Sell { seat, cards } => write!(f, "{seat} sells {}", cards_or_nothing(cards)),
        Action::AloraShows { cards } => write!(f, "{NAME} shows {}", cards_or_nothing(cards)),
        Action::AloraSells { cards } => write!(f, "{NAME} sells {}", cards_or_nothing(cards)),
        Action::Buy {
            seat,
            market,
            deck,
            drawn,
        } => write!(f, "{seat} buys {}", purchase(market, *deck, drawn)),
        Action::AloraBuys { card, free, drawn } => {
            write!(f, "{NAME} buys {}", purchase(card.as_slice(), *free, drawn))
        }
        Action::Bet { seat, amount } => write!(f, "{seat} bets ${amount}"),
        Action::AloraBets { amount, bank } => {
            write!(
                f,
                "{NAME} bets ${amount}{}",
                if *bank { " bank" } else { "" }
            )
        }
        Action::Play { seat, cards } => write!(f, "{seat} plays {}", cards_or_nothing(cards)),
        Action::AloraReveals { cards } => {
            write!(f, "{NAME} reveals {}", cards_or_nothing(cards))
        }
        Action::Correct { seat, stash } => write!(f, "fix: {seat} ${stash}"),
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for l in &self.lines {
            writeln!(f, "{}", l.event)?;
        }
        Ok(())
    }
}

/// Whether an action is written in a record (the deal and the settling are not: the
/// rules make them).
pub fn recorded<S>(a: &Action<S>) -> bool {
    !matches!(a, Action::Deal { .. } | Action::Settle)
}

/// Reads a record. Every line is read, and every problem reported at once.
pub fn parse(src: &Source) -> Result<Record, Error> {
    let mut lines = Vec::new();
    let mut problems = Vec::new();
    for l in written_lines(&src.text) {
        match parse_line(src, l.span()) {
            Ok(event) => lines.push(Line {
                line: l.number,
                event,
            }),
            Err(p) => problems.push(*p),
        }
    }
    Error::check(problems)?;
    Ok(Record { lines })
}

/// The words of a range with their spans, split at white space.
fn words(src: &Source, range: Range<usize>) -> Vec<(&str, Range<usize>)> {
    let text = &src.text[range.clone()];
    words_of(text, range.start)
        .into_iter()
        .map(|r| (&src.text[r.clone()], r))
        .collect()
}

/// The items of a list written in `words`: split at white space and commas.
fn items<'a>(src: &'a Source, words: &Words) -> Vec<(&'a str, Range<usize>)> {
    let Some(range) = span_of(words) else {
        return Vec::new();
    };
    words_split_by(&src.text[range.clone()], range.start, is_separator)
        .into_iter()
        .map(|r| (&src.text[r.clone()], r))
        .collect()
}

/// Where `words` are written, from the first to the last (none for no words).
fn span_of(words: &Words) -> Option<Range<usize>> {
    Some(words.first()?.1.start..words.last()?.1.end)
}

type Words<'a> = [(&'a str, Range<usize>)];

/// A problem of notation (boxed: results stay small).
type Bad = Box<Problem>;

fn problem(src: &Source, span: Range<usize>, what: &str, expected: &str) -> Bad {
    Box::new(
        Problem::new(what.to_string())
            .at(src, span)
            .expected(expected.to_string()),
    )
}

/// One line (already trimmed, not empty).
fn parse_line(src: &Source, range: Range<usize>) -> Result<Event, Bad> {
    let w = words(src, range.clone());
    let Some((first, first_span)) = w.first().cloned() else {
        return Err(problem(src, range, "an empty line", LINE_EXPECTED));
    };
    let key = first.to_lowercase();
    let rest = &w[1..];
    match key.as_str() {
        "players:" => players(src, rest, first_span),
        "deck:" => deck(src, rest, first_span),
        "round" => match rest {
            [(n, span)] => n
                .parse::<u32>()
                .map(Event::Round)
                .map_err(|_| problem(src, span.clone(), "not a round number", "`round N`")),
            _ => Err(problem(src, range, "not a round line", "`round N`")),
        },
        "prize:" => match rest {
            [(c, _)] if c.eq_ignore_ascii_case("none") || c.eq_ignore_ascii_case("nothing") => {
                Ok(Event::Act(Action::Prize { card: None }))
            }
            [(_, span)] => Ok(Event::Act(Action::Prize {
                card: Some(one_card(src, span.clone())?),
            })),
            _ => Err(problem(
                src,
                range,
                "not one card",
                "`prize: CARD` or `prize: none`",
            )),
        },
        "fix:" => match rest {
            [(name, _), (m, span)] => Ok(Event::Act(Action::Correct {
                seat: name.to_lowercase(),
                stash: money(src, m, span.clone())?,
            })),
            _ => Err(problem(src, range, "not a correction", "`fix: NAME $N`")),
        },
        _ => move_line(src, &first.to_lowercase(), first_span, rest, range),
    }
}

fn players(src: &Source, rest: &Words, span: Range<usize>) -> Result<Event, Bad> {
    let rest = &items(src, rest);
    let mut names = Vec::new();
    let mut typed: Vec<(&str, Range<usize>)> = Vec::new();
    let mut alora = false;
    for (i, (n, s)) in rest.iter().enumerate() {
        if crate::seat::same_name(n, ALORA) {
            if i + 1 != rest.len() {
                // kado seats ALORA after the players (in solo the player goes first), so
                // a record that seats her elsewhere is refused rather than reordered.
                return Err(problem(
                    src,
                    s.clone(),
                    "ALORA is seated last, after the players",
                    "`players: ana ben ALORA`",
                ));
            }
            alora = true;
        } else if n
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
        {
            names.push(n.to_lowercase());
            typed.push((n, s.clone()));
        } else {
            return Err(problem(
                src,
                s.clone(),
                "not a player name",
                "letters, digits, - or _",
            ));
        }
    }
    if names.is_empty() {
        return Err(problem(src, span, "no players", "`players: ana ben ALORA`"));
    }
    let (spelled, spans): (Vec<&str>, Vec<Range<usize>>) = typed.into_iter().unzip();
    crate::seat::distinct_at(&spelled, src, &spans)?;
    Ok(Event::Players { names, alora })
}

fn deck(src: &Source, rest: &Words, span: Range<usize>) -> Result<Event, Bad> {
    const DECK: &str = "`deck: real` or `deck: virtual SEED sorted`";
    let seed = |seed: &str, s: &Range<usize>| {
        seed.parse::<u64>()
            .map_err(|_| problem(src, s.clone(), "not a seed", DECK))
    };
    match rest {
        [(k, _)] if k.eq_ignore_ascii_case("real") => Ok(Event::Deck(Deck::Physical)),
        [(k, _), (n, s)] if k.eq_ignore_ascii_case("virtual") => Ok(Event::Deck(Deck::Virtual {
            seed: seed(n, s)?,
            played_back: PlayedBack::InOrder,
        })),
        [(k, _), (n, s), (o, _)]
            if k.eq_ignore_ascii_case("virtual") && o.eq_ignore_ascii_case("sorted") =>
        {
            Ok(Event::Deck(Deck::shuffled(seed(n, s)?)))
        }
        [(k, _), _, (_, o)] if k.eq_ignore_ascii_case("virtual") => Err(problem(
            src,
            o.clone(),
            "not how the played cards go back",
            "`sorted` (or nothing, for a record of kado before `sorted`)",
        )),
        _ => Err(problem(src, span, "not a deck", DECK)),
    }
}

fn money(src: &Source, text: &str, span: Range<usize>) -> Result<u32, Bad> {
    crate::notation::parse_money(text).ok_or_else(|| {
        problem(
            src,
            span,
            "not an amount of money",
            "an amount such as `$5`",
        )
    })
}

fn one_card(src: &Source, span: Range<usize>) -> Result<Card, Bad> {
    src.text[span.clone()].parse::<Card>().map_err(|_| {
        problem(
            src,
            span,
            "not a card",
            "a card such as `7H`, `10S` or `JK`",
        )
    })
}

/// The cards of a line (`nothing` for none), a list in any spelling the notation allows.
fn cards(src: &Source, rest: &Words) -> Result<Vec<Card>, Bad> {
    if let [(w, _)] = rest
        && w.eq_ignore_ascii_case("nothing")
    {
        return Ok(Vec::new());
    }
    card_list(src, rest, CARDS_EXPECTED)
}

/// The cards written in `words`: separated by spaces and/or commas, or written together
/// (`2C3D`). A bad card is `not a card` at its token.
fn card_list(src: &Source, words: &Words, expected: &str) -> Result<Vec<Card>, Bad> {
    let Some(range) = span_of(words) else {
        return Ok(Vec::new());
    };
    let (cards, bad) = scan_card_tokens(src, range);
    match bad.into_iter().next() {
        Some(b) => Err(problem(src, b.span, "not a card", expected)),
        None => Ok(cards.into_iter().map(|c| c.value).collect()),
    }
}

/// `NAME VERB …`.
fn move_line(
    src: &Source,
    name: &str,
    name_span: Range<usize>,
    rest: &Words,
    range: Range<usize>,
) -> Result<Event, Bad> {
    let Some(((verb, verb_span), args)) = rest.split_first() else {
        return Err(problem(
            src,
            name_span,
            "not a line of a record",
            LINE_EXPECTED,
        ));
    };
    let alora = name.eq_ignore_ascii_case(ALORA);
    let seat = name.to_string();
    let verb = verb.to_lowercase();
    if alora {
        return alora_line(src, &verb, verb_span.clone(), args, range).map(Event::Act);
    }
    let a = match verb.as_str() {
        "sells" => Action::Sell {
            seat,
            cards: cards(src, args)?,
        },
        "plays" => Action::Play {
            seat,
            cards: cards(src, args)?,
        },
        "buys" => {
            let (market, deck, drawn) = buy_words(src, args, range)?;
            Action::Buy {
                seat,
                market,
                deck,
                drawn,
            }
        }
        "bets" => match args {
            [(m, s)] => Action::Bet {
                seat,
                amount: money(src, m, s.clone())?,
            },
            _ => return Err(problem(src, range, "not a bet", "`NAME bets $N`")),
        },
        _ => {
            return Err(problem(src, verb_span.clone(), "not a move", LINE_EXPECTED));
        }
    };
    Ok(Event::Act(a))
}

/// `ALORA VERB …`.
fn alora_line(
    src: &Source,
    verb: &str,
    verb_span: Range<usize>,
    args: &Words,
    range: Range<usize>,
) -> Result<Named, Bad> {
    let a = match verb {
        "shows" => Action::AloraShows {
            cards: cards(src, args)?,
        },
        "sells" => Action::AloraSells {
            cards: cards(src, args)?,
        },
        "reveals" => Action::AloraReveals {
            cards: cards(src, args)?,
        },
        "buys" => {
            let (market, free, drawn) = buy_words(src, args, range)?;
            match market.as_slice() {
                [] => Action::AloraBuys {
                    card: None,
                    free,
                    drawn,
                },
                [c] => Action::AloraBuys {
                    card: Some(*c),
                    free,
                    drawn,
                },
                _ => {
                    return Err(problem(
                        src,
                        verb_span,
                        "ALORA buys one market card at most",
                        BUY_EXPECTED,
                    ));
                }
            }
        }
        "bets" => match args {
            [(m, s)] => Action::AloraBets {
                amount: money(src, m, s.clone())?,
                bank: false,
            },
            [(m, s), (b, _)] if b.eq_ignore_ascii_case("bank") => Action::AloraBets {
                amount: money(src, m, s.clone())?,
                bank: true,
            },
            _ => return Err(problem(src, range, "not a bet", "`ALORA bets $N [bank]`")),
        },
        _ => {
            return Err(problem(
                src,
                verb_span,
                "not a move of ALORA's",
                LINE_EXPECTED,
            ));
        }
    };
    Ok(a)
}

/// `[CARDS] [deck×N] [draws CARDS]` or `nothing [deck×N] [draws CARDS]`; the cards of
/// either list may be separated by commas too.
fn buy_words(
    src: &Source,
    args: &Words,
    range: Range<usize>,
) -> Result<(Vec<Card>, usize, Vec<Card>), Bad> {
    let args = items(src, args);
    let (head, drawn) = match args
        .iter()
        .position(|(w, _)| w.eq_ignore_ascii_case("draws"))
    {
        Some(i) => (&args[..i], cards(src, &args[i + 1..])?),
        None => (&args[..], Vec::new()),
    };
    if head.is_empty() {
        return Err(problem(
            src,
            range,
            "nothing bought is `nothing`",
            BUY_EXPECTED,
        ));
    }
    let mut market = Vec::new();
    let mut deck = 0;
    // The market cards written since the last word that is not a card.
    let mut run: Vec<(&str, Range<usize>)> = Vec::new();
    for (w, s) in head {
        let lower = w.to_lowercase();
        let count = lower
            .strip_prefix("deck×")
            .or_else(|| lower.strip_prefix("deckx"));
        let skipped = lower == "nothing" && head.len() <= 2;
        if count.is_none() && lower != "deck" && !skipped {
            run.push((w, s.clone()));
            continue;
        }
        // The cards before this word first: problems are met in the order written.
        market.extend(card_list(src, &std::mem::take(&mut run), BUY_EXPECTED)?);
        match count {
            Some(n) => {
                deck = n.parse::<usize>().map_err(|_| {
                    problem(src, s.clone(), "not a count of deck cards", BUY_EXPECTED)
                })?;
            }
            None if lower == "deck" => deck += 1,
            None => {}
        }
    }
    market.extend(card_list(src, &run, BUY_EXPECTED)?);
    Ok((market, deck, drawn))
}

/// The round tracker's chip (and joker) beside a prize line, as a comment.
fn tracker_note(a: &Action, round: u32) -> String {
    let Action::Prize { .. } = a else {
        return String::new();
    };
    match super::round_info(round) {
        Some(info) if info.joker_joins_pool => {
            format!("  # with the ${} chip and a joker", info.minimum_bet)
        }
        Some(info) => format!("  # with the ${} chip", info.minimum_bet),
        None => String::new(),
    }
}

/// The record of a game so far: its seats, its deck, the ruleset's name as a comment,
/// and each round's moves as applied.
pub fn of_game(game: &super::game::Game, actions: &[Action]) -> String {
    let setup = &game.setup;
    let mut out = format!(
        "{}\n# ruleset: {}\n",
        Event::Players {
            names: setup.players.iter().map(|p| p.to_lowercase()).collect(),
            alora: setup.alora,
        },
        game.ruleset_name()
    );
    if let Deck::Virtual { .. } = setup.deck {
        out += &format!("{}\n", Event::Deck(setup.deck));
    }
    let mut round = 0;
    for a in actions {
        if let Action::Deal { .. } = a {
            round += 1;
            out += &format!("{}\n", Event::Round(round));
        }
        if recorded(a) {
            out += &format!("{}{}\n", Event::Act(game.named(a)), tracker_note(a, round));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::respell::{self, Choices, Role, is_card_code};
    use proptest::prelude::*;

    fn card() -> impl Strategy<Value = Card> + Clone {
        (0usize..53).prop_map(|i| {
            Card::plain_deck()
                .chain([Card::Joker])
                .nth(i)
                .unwrap_or(Card::Joker)
        })
    }

    fn action() -> impl Strategy<Value = Named> {
        let cards = proptest::collection::vec(card(), 0..6);
        prop_oneof![
            proptest::option::of(card()).prop_map(|card| Action::Prize { card }),
            cards.clone().prop_map(|cards| Action::Sell {
                seat: "ana".into(),
                cards
            }),
            cards.clone().prop_map(|cards| Action::AloraShows { cards }),
            cards.clone().prop_map(|cards| Action::AloraSells { cards }),
            cards
                .clone()
                .prop_map(|cards| Action::AloraReveals { cards }),
            cards.clone().prop_map(|cards| Action::Play {
                seat: "b-2".into(),
                cards
            }),
            (cards.clone(), 0usize..4, cards.clone()).prop_map(|(market, deck, drawn)| {
                Action::Buy {
                    seat: "ana".into(),
                    market,
                    deck,
                    drawn,
                }
            }),
            (proptest::option::of(card()), 0usize..3, cards)
                .prop_map(|(card, free, drawn)| { Action::AloraBuys { card, free, drawn } }),
            (0u32..100).prop_map(|amount| Action::Bet {
                seat: "ana".into(),
                amount
            }),
            (0u32..100, any::<bool>())
                .prop_map(|(amount, bank)| Action::AloraBets { amount, bank }),
            (0u32..500).prop_map(|stash| Action::Correct {
                seat: "ana".into(),
                stash
            }),
        ]
    }

    proptest! {
        #[test]
        fn a_line_round_trips(a in action(), round in 1u32..10, seed in any::<u64>(), sorted: bool) {
            let played_back = if sorted { PlayedBack::Sorted } else { PlayedBack::InOrder };
            let rec = Record {
                lines: vec![
                    Line { line: 1, event: Event::Players { names: vec!["ana".into(), "b-2".into()], alora: true } },
                    Line { line: 2, event: Event::Deck(Deck::Virtual { seed, played_back }) },
                    Line { line: 3, event: Event::Round(round) },
                    Line { line: 4, event: Event::Act(a) },
                ],
            };
            let text = rec.to_string();
            let back = parse(&Source::new("t", text.as_str()));
            prop_assert_eq!(back.ok(), Some(rec));
        }
    }

    /// The words of a canonical line of a record, each with its role and in another
    /// spelling: keywords and names in either case, `deck×N` as `deckxN` or `deck` N
    /// times, the players separated by commas too.
    fn roles(line: &str, c: &mut Choices) -> Vec<(String, Role)> {
        let mut out = Vec::new();
        let players = line.starts_with("players:");
        for (i, w) in line.split(' ').enumerate() {
            let role = match w {
                _ if i > 0 && is_card_code(w) => Role::Card,
                _ if i > 0 && players => Role::Item(&respell::COMMAS),
                _ => Role::Word,
            };
            match w
                .strip_prefix("deck×")
                .and_then(|n| n.parse::<usize>().ok())
            {
                Some(n) if c.one_in(3) => {
                    out.extend((0..n).map(|_| (respell::case("deck", c), Role::Word)));
                }
                Some(n) if c.one_in(2) => out.push((respell::case(&format!("deckx{n}"), c), role)),
                _ => out.push((respell::case(w, c), role)),
            }
        }
        out
    }

    fn game(actions: Vec<Named>, seed: u64, sorted: bool) -> Vec<Line> {
        let played_back = if sorted {
            PlayedBack::Sorted
        } else {
            PlayedBack::InOrder
        };
        let head = [
            Event::Players {
                names: vec!["ana".into(), "b-2".into()],
                alora: true,
            },
            Event::Deck(Deck::Virtual { seed, played_back }),
            Event::Round(1),
        ];
        head.into_iter()
            .chain(actions.into_iter().map(Event::Act))
            .map(|event| Line { line: 0, event })
            .collect()
    }

    proptest! {
        /// Issue 63: a record in any spelling the notation allows (cards separated by
        /// commas or written together, suits as symbols, keywords in either case, CRLF,
        /// comments and blank lines, two games in one file) reads as its canonical form.
        #[test]
        fn a_record_respelled_reads_the_same(
            a in proptest::collection::vec(action(), 1..8),
            b in proptest::collection::vec(action(), 1..8),
            seeds in any::<(u64, u64)>(),
            sorted: bool,
        ) {
            let mut lines = game(a, seeds.0, sorted);
            lines.extend(game(b, seeds.1, !sorted));
            let canonical = Record { lines }.to_string();
            let mut c = Choices::new(seeds.0 ^ seeds.1);
            let text = respell::text(&canonical, roles, &mut c);
            let events = |r: Record| r.lines.into_iter().map(|l| l.event).collect::<Vec<_>>();
            let want = parse(&Source::new("t", canonical.as_str())).map(events);
            let got = parse(&Source::new("t", text.as_str()))
                .map_err(|e| TestCaseError::fail(format!("{}\n{text}", e.render())))?;
            prop_assert_eq!(Ok(events(got)), want, "{}", text);
        }
    }

    /// Issue 63: `ana sells 2C,3D` and `2C3D` were refused ("not a card"): the line was
    /// split at white space and each word read as one card.
    #[test]
    fn a_sale_written_2c_comma_3d_was_refused() {
        let read = |line: &str| {
            parse(&Source::new("t", format!("players: ana ALORA\n{line}\n")))
                .map(|r| r.lines[1].event.to_string())
                .map_err(|e| e.summary())
        };
        for line in [
            "ana sells 2C,3D",
            "ana sells 2C, 3D",
            "ana sells 2C3D",
            "ana sells 2♣ 3♦",
        ] {
            assert_eq!(read(line), Ok("ana sells 2C 3D".to_string()), "{line}");
        }
        assert_eq!(
            read("ana buys QS,KD deck×2 draws 7c,9♦"),
            Ok("ana buys QS KD deck×2 draws 7C 9D".to_string())
        );
        assert_eq!(
            read("ALORA buys 9H, deck"),
            Ok("ALORA buys 9H deck×1".to_string())
        );
        // The bad card of cards written together is pointed at alone.
        let e = parse(&Source::new("t", "players: ana ALORA\nana sells 2C4Q\n")).unwrap_err();
        assert_eq!(e.summary(), "not a card");
        assert_eq!(e.problems[0].position(), Some((2, 13)));
        assert_eq!(e.problems[0].span, Some(31..33));
        let players = parse(&Source::new("t", "players: ana, ben,ALORA\n")).unwrap();
        assert_eq!(players.lines[0].event.to_string(), "players: ana ben ALORA");
    }

    #[test]
    fn bad_card_has_a_place() {
        let src = Source::new("t", "players: ana ALORA\nana sells 4H 4Q\n");
        let e = parse(&src).err().map(|e| e.summary()).unwrap_or_default();
        assert!(e.contains("not a card"), "{e}");
    }
    #[test]
    fn alora_named_before_a_player_is_refused_where_she_stands() {
        let src = Source::new("t", "players: ALORA ana ben\n");
        let e = parse(&src).err().unwrap();
        assert_eq!(e.summary(), "ALORA is seated last, after the players");
        assert_eq!(e.problems[0].position(), Some((1, 10)));
        assert!(parse(&Source::new("t", "players: ana ben alora\n")).is_ok());
    }

    #[test]
    #[allow(non_snake_case)]
    fn players_ana_and_ANA_were_two_seats() {
        let e = parse(&Source::new("t", "players: ana bo ＡＮＡ ALORA\n")).unwrap_err();
        assert_eq!(
            e.summary(),
            "`ana` and `ＡＮＡ` are one name: kado tells names apart without regard to case, width or accents written apart"
        );
        assert_eq!(e.problems[0].position(), Some((1, 17)));
        // Names are still written in lower case.
        let record = parse(&Source::new("t", "players: Ana BO ALORA\n")).unwrap();
        assert_eq!(record.lines[0].event.to_string(), "players: ana bo ALORA");
    }
}
