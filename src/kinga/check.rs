//! `kado kinga check`: a record refereed line by line, through the game `kado kinga play`
//! runs ([`State::act`]), so a record and a live game are judged alike.
//!
//! Each line is one of the game's actions. The steps kado takes itself in a live game
//! may be left out where the record's other lines fix them: a virtual deck's draws (its
//! starting deck says them), a reshuffle of real cards (even inside one `draw` line that
//! runs past it, as the rules' example of a reshuffle draws), a forced suspicion, the
//! execution. The first illegal line is the verdict: its line, the rule, and what would
//! have been legal.

use serde::Serialize;

use super::Rules;
use super::error::{Due, End, Fault, Told};
use super::game::{Action, Deck, Phase, Setup, State, Status};
use super::record::{self, Event, GameRecord};
use crate::cards::{Card, Rank, Suit, code_cards};
use crate::diag::{Error, Source};
use crate::render::Style;
use crate::session::Step;
use crate::view::Doc;

/// The kinds of steps, to match a line with what the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Draw,
    Reshuffle,
    Turn,
    Extra,
    Bonus,
    Keep,
    Discard,
    Nothing,
}

impl Kind {
    fn of_event(e: &Event) -> Kind {
        match e {
            Event::Turn { .. } => Kind::Turn,
            Event::Draw(_) => Kind::Draw,
            Event::Reshuffle(_) => Kind::Reshuffle,
            Event::Bonus(_) => Kind::Bonus,
            Event::Keep(_) => Kind::Keep,
            Event::Extra(_) => Kind::Extra,
            Event::Discard(_) => Kind::Discard,
        }
    }

    fn of_action(a: &Action) -> Kind {
        match a {
            Action::Draw { .. } => Kind::Draw,
            Action::Reshuffle { .. } => Kind::Reshuffle,
            Action::Influence { .. }
            | Action::Exile { .. }
            | Action::Suspicion { .. }
            | Action::Executed => Kind::Turn,
            Action::Bonus { .. } => Kind::Bonus,
            Action::Keep { .. } => Kind::Keep,
            Action::Extra { .. } => Kind::Extra,
            Action::RandomDiscard { .. } => Kind::Discard,
        }
    }

    fn of_due(d: Due) -> Kind {
        match d {
            Due::Draw(_) => Kind::Draw,
            Due::Reshuffle => Kind::Reshuffle,
            Due::Turn(_) => Kind::Turn,
            Due::Extra(_) => Kind::Extra,
            Due::Bonus => Kind::Bonus,
            Due::Keep => Kind::Keep,
            Due::Discard(_) => Kind::Discard,
            Due::Nothing => Kind::Nothing,
        }
    }

    /// Draws and reshuffles are one family: the game itself says which comes when.
    fn family(self) -> Kind {
        match self {
            Kind::Reshuffle => Kind::Draw,
            k => k,
        }
    }

    /// The line, as an error names it.
    fn word(self) -> &'static str {
        match self {
            Kind::Draw => "a draw",
            Kind::Reshuffle => "a reshuffle",
            Kind::Turn => "a turn",
            Kind::Extra => "`extra`",
            Kind::Bonus => "`bonus`",
            Kind::Keep => "`keep`",
            Kind::Discard => "`discard`",
            Kind::Nothing => "nothing",
        }
    }
}

/// What the game waits for.
pub fn due(g: &State) -> Due {
    match g.phase {
        Phase::Over { .. } => Due::Nothing,
        Phase::Refill | Phase::ExtraDraw if g.draw.is_empty() => Due::Reshuffle,
        Phase::Refill | Phase::ExtraDraw => Due::Draw(g.to_draw.min(g.draw.len())),
        Phase::Turn => Due::Turn(g.turn),
        Phase::ExtraOffer => Due::Extra(g.to_draw),
        Phase::Bonus => Due::Bonus,
        Phase::Keep => Due::Keep,
        Phase::TooMany => Due::Discard(g.hand.len().saturating_sub(g.rules.hand_size)),
    }
}

/// Whether kado may take a step of its own that a record leaves out: one the rest of
/// the record fixes (not a virtual deck's reshuffle, nor hardcore's random discard,
/// whose cards only the record says).
fn derivable(a: &Action, deck: Deck) -> bool {
    match a {
        Action::Draw { .. } => deck == Deck::Virtual,
        Action::Reshuffle { .. } => deck == Deck::Real,
        Action::Suspicion { .. } | Action::Executed => true,
        _ => false,
    }
}

/// How a `draw` line reads as the extra cards and the refill together.
enum Reading {
    Fits(Box<(State, Vec<Told>)>),
    /// The counts fit with a card kept at cleanup, but not which.
    Unclear,
    No,
}

/// A game being refereed, line by line.
#[derive(Clone, Debug)]
pub struct Referee {
    pub game: State,
    /// Whether the game ended by execution.
    executed: bool,
}

impl Referee {
    /// The game of a record, before its first line.
    pub fn new(g: &GameRecord, rules: Rules) -> Referee {
        let setup = Setup {
            deck: g.deck,
            seed: 0,
            order: g.order.clone(),
        };
        Referee {
            game: State::new(&setup, rules),
            executed: false,
        }
    }

    /// How the game ended, if it did.
    pub fn end(&self) -> Option<End> {
        match self.game.is_over()? {
            true => Some(End::FourQueens),
            false if self.executed => Some(End::Executed),
            false => Some(End::NothingToDraw),
        }
    }

    /// Applies one line; then the steps kado takes itself, up to one the next line says.
    pub fn line(&mut self, e: &Event, next: Option<&Event>) -> Result<Vec<Told>, Fault> {
        let mut said = self.apply(e)?;
        said.extend(self.catch_up(next));
        Ok(said)
    }

    fn apply(&mut self, e: &Event) -> Result<Vec<Told>, Fault> {
        if let Some(end) = self.end() {
            return Err(Fault::Over(end));
        }
        if let Event::Draw(cards) = e
            && let Some(read) = self.one_draw(cards)
        {
            let (game, said) = read?;
            self.game = game;
            return Ok(said);
        }
        let due = due(&self.game);
        let kind = Kind::of_event(e);
        if kind.family() != Kind::of_due(due).family() {
            return Err(Fault::OutOfOrder {
                line: kind.word(),
                due,
            });
        }
        if let Event::Turn {
            number: Some(said), ..
        } = e
            && *said != self.game.turn
        {
            return Err(Fault::TurnNumber {
                said: *said,
                turn: self.game.turn,
            });
        }
        let action = e
            .action(self.game.deck, &self.game.discard)
            .ok_or(Fault::OrderUnknown)?;
        let said = self.game.act(&action).map_err(Fault::Refused)?;
        self.executed |= action == Action::Executed;
        Ok(said)
    }

    /// A `draw` line longer than the extra cards a play earned, read as a table draws at
    /// once: the extra cards, cleanup, and the cards drawn back up together. Both readings
    /// are tried, the extra cards drawn and declined (the rules say the player "may" draw
    /// them), the card kept at cleanup being the one the counts leave; the one the rules
    /// and rulings allow is taken. None where the line is no such draw, or reads neither
    /// way (the line is then refereed as it stands).
    fn one_draw(&self, cards: &[Card]) -> Option<Result<(State, Vec<Told>), Fault>> {
        let g = &self.game;
        let offer = match g.phase {
            Phase::ExtraDraw => false,
            Phase::ExtraOffer => true,
            _ => return None,
        };
        if g.to_draw == 0 || cards.len() <= g.to_draw || g.draw.len() < g.to_draw {
            return None;
        }
        let drawn = self.read_one_draw(cards, g.to_draw, offer);
        let declined = self.read_one_draw(cards, 0, offer);
        let due = g.to_draw;
        let refused = |e| Some(Err(Fault::Refused(e)));
        match (drawn, declined) {
            (Reading::Fits(read), _) => Some(Ok(*read)),
            // Declining is the rules' word, but ruling extra-draws: always draws them.
            (read, Reading::Fits(..)) if !offer => refused(super::error::Error::ExtraDeclined {
                due,
                unclear: matches!(read, Reading::Unclear),
            }),
            (Reading::Unclear, Reading::Fits(..)) => {
                refused(super::error::Error::OneDrawUnclear { due })
            }
            (Reading::No, Reading::Fits(read)) => Some(Ok(*read)),
            _ => None,
        }
    }

    /// The game after `cards` read as `take` extra cards, cleanup, and the rest drawn back
    /// up, with what was said. No where a step refuses or one between asks what the line
    /// cannot say (a bonus exile); unclear where the counts leave a card kept but not which.
    fn read_one_draw(&self, cards: &[Card], take: usize, offer: bool) -> Reading {
        let mut g = self.game.clone();
        let mut said = Vec::new();
        let act = |g: &mut State, a: Action| g.act(&a).ok();
        // Declined where ruling extra-draws: always draws them: read as the rules allow, to
        // say so.
        let offer = offer || take == 0;
        if g.phase == Phase::ExtraDraw && take == 0 {
            g.rules.ruled.extra_draws = super::ruling::ExtraDraws::Optional;
            g.phase = Phase::ExtraOffer;
        }
        if offer {
            let Some(s) = act(&mut g, Action::Extra { take }) else {
                return Reading::No;
            };
            said.extend(s);
        }
        let (extra, rest) = cards.split_at(take);
        if !extra.is_empty() {
            let Some(s) = act(
                &mut g,
                Action::Draw {
                    cards: extra.to_vec(),
                },
            ) else {
                return Reading::No;
            };
            said.extend(s);
        }
        if g.phase != Phase::Keep {
            return Reading::No;
        }
        let kept = match (rest.len() + 1 == g.rules.hand_size, g.hand.as_slice()) {
            (false, _) => None,
            (true, [one]) => Some(*one),
            (true, _) => return Reading::Unclear,
        };
        let read = Told::OneDraw {
            extra: extra.to_vec(),
            kept,
            refill: rest.len(),
        };
        let keep = act(&mut g, Action::Keep { card: kept });
        let Some(s) = keep.filter(|_| g.phase == Phase::Refill) else {
            return Reading::No;
        };
        said.extend(s);
        let Some(s) = act(
            &mut g,
            Action::Draw {
                cards: rest.to_vec(),
            },
        ) else {
            return Reading::No;
        };
        said.extend(s);
        said.insert(0, read);
        Reading::Fits(Box::new((g, said)))
    }

    /// Takes the steps kado takes itself that the record may leave out, up to one of the
    /// kind `next` says.
    pub fn catch_up(&mut self, next: Option<&Event>) -> Vec<Told> {
        let mut said = Vec::new();
        while let Step::Auto(a) = self.game.step() {
            let written = next.is_some_and(|n| Kind::of_event(n) == Kind::of_action(&a));
            if written || !derivable(&a, self.game.deck) {
                break;
            }
            match self.game.act(&a) {
                Ok(s) => said.extend(s),
                Err(_) => break,
            }
            self.executed |= a == Action::Executed;
        }
        said
    }

    /// What would have been legal now, in the record's notation.
    pub fn legal(&self) -> Vec<String> {
        let g = &self.game;
        let sorted = |cards: &[Card]| {
            let mut v = cards.to_vec();
            v.sort();
            code_cards(&v)
        };
        let or_none = |word: &str, cards: Vec<Card>| {
            let mut v: Vec<String> = cards
                .iter()
                .map(|c| format!("{word} {}", c.code()))
                .collect();
            v.push(format!("{word} none"));
            v
        };
        match due(g) {
            Due::Nothing => Vec::new(),
            Due::Reshuffle if g.deck == Deck::Real => vec!["reshuffle".to_string()],
            Due::Reshuffle => vec![format!(
                "reshuffle {} (in the order of the new draw pile)",
                sorted(&g.discard)
            )],
            Due::Draw(n) if g.deck == Deck::Virtual => {
                vec![format!(
                    "draw {}",
                    code_cards(&g.draw[..n.min(g.draw.len())])
                )]
            }
            Due::Draw(n) => {
                let mut v = vec![format!("draw {n} of {}", sorted(&g.draw))];
                let after = g.to_draw.saturating_sub(n).min(g.discard.len());
                if after > 0 {
                    v.push(format!(
                        "draw {} then {after} of {} (the discard pile, reshuffled)",
                        sorted(&g.draw),
                        sorted(&g.discard)
                    ));
                }
                v
            }
            Due::Turn(_) => self.legal_turns(),
            Due::Extra(n) => (0..=n).map(|k| format!("extra {k}")).collect(),
            Due::Bonus => or_none("bonus", g.bonus_choices()),
            Due::Keep => or_none("keep", g.hand.clone()),
            Due::Discard(n) => vec![format!("discard {n} of {}", code_cards(&g.hand))],
        }
    }

    /// The legal actions of a turn: each target's shortest play, each exile; else the
    /// kings that may be turned, or the execution.
    fn legal_turns(&self) -> Vec<String> {
        let g = &self.game;
        let o = g.options();
        if o.loses {
            return vec!["executed".to_string()];
        }
        let mut out: Vec<String> = o
            .influence
            .iter()
            .map(|r| format!("{} > {}", code_cards(&r.play), r.target.code()))
            .collect();
        out.extend(o.exile.iter().map(|e| format!("exile {}", e.card.code())));
        if o.raise_suspicion {
            out.extend(
                Suit::ALL
                    .into_iter()
                    .filter(|s| !g.turned[s.index()])
                    .map(|s| format!("suspicion {}", Card::new(Rank::King, s).code())),
            );
        }
        out
    }
}

/// One line refereed: what it did.
#[derive(Clone, Debug, Serialize)]
pub struct LineReport {
    pub line: usize,
    /// The line as kado writes it.
    pub event: String,
    /// What it did, in words (with the steps kado took itself after it).
    pub text: String,
}

/// The first illegal line.
#[derive(Clone, Debug, Serialize)]
pub struct IllegalLine {
    pub line: usize,
    /// The turn it falls in.
    pub turn: u32,
    pub event: String,
    /// The kind of refusal, as JSON errors name it.
    pub code: crate::diag::Code,
    pub reason: String,
    /// The rule or ruling it breaks.
    pub rule: String,
    /// What would have been legal, in the record's notation.
    pub legal: Vec<String>,
}

/// A game refereed up to its end, its first illegal line, or where the record stops.
#[derive(Clone, Debug, Serialize)]
pub struct GameVerdict {
    /// The line of `deck:`.
    pub line: usize,
    /// Every line applied, the `deck:` line first.
    pub lines: Vec<LineReport>,
    pub illegal: Option<IllegalLine>,
    /// How the game ended (null while it goes on).
    pub end: Option<End>,
    /// What the game waits for, in words (null when it is over).
    pub next: Option<String>,
    /// The game as the record leaves it (the keys of `kinga status`).
    #[serde(flatten)]
    pub status: Status,
    #[serde(skip)]
    pub game: State,
}

/// Every game of a record.
pub type CheckVerdict = crate::several::Games<GameVerdict>;

/// Reads and referees a record: bad notation is an error, an illegal line the verdict.
pub fn check(src: &Source, rules: &Rules) -> Result<CheckVerdict, Error> {
    CheckVerdict::try_gather(|each| check_each(src, rules, each))
}

/// [`check`], each game's verdict given to `each` as soon as it is reached, none kept.
pub fn check_each(
    src: &Source,
    rules: &Rules,
    mut each: impl FnMut(GameVerdict),
) -> Result<(), Error> {
    for g in &record::parse(src)? {
        each(referee(g, *rules));
    }
    Ok(())
}

impl crate::several::RecordGame for GameVerdict {
    /// A record of several Kinga games: a blank line after each, then a tally.
    const LAYOUT: crate::several::Layout = crate::several::Layout {
        blank_after: true,
        tally: true,
        empty: "",
    };

    fn human(&self, style: Style) -> Doc {
        self.doc(style)
    }

    fn json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }

    fn illegal_line(&self) -> Option<usize> {
        self.illegal.as_ref().map(|i| i.line)
    }

    fn header(&self, number: usize, style: Style) -> String {
        format!(
            "{}\n",
            style.bold(&format!("Game {number} (line {})", self.line))
        )
    }
}

/// Applies a game's lines one by one, up to the first illegal one.
pub fn referee(g: &GameRecord, rules: Rules) -> GameVerdict {
    let mut r = Referee::new(g, rules);
    let words = |said: Vec<Told>| {
        said.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let first = g.lines.first().map(|l| &l.event);
    let mut lines = vec![LineReport {
        line: g.line,
        event: record::deck_line(g.deck, &g.order),
        text: words(r.catch_up(first)),
    }];
    let mut illegal = None;
    for (i, l) in g.lines.iter().enumerate() {
        let next = g.lines.get(i + 1).map(|n| &n.event);
        match r.line(&l.event, next) {
            Ok(said) => lines.push(LineReport {
                line: l.line,
                event: l.event.to_string(),
                text: words(said),
            }),
            Err(fault) => {
                illegal = Some(IllegalLine {
                    line: l.line,
                    turn: r.game.turn,
                    event: l.event.to_string(),
                    code: crate::diag::Coded::code(&fault),
                    reason: fault.to_string(),
                    rule: fault.rule().to_string(),
                    legal: r.legal(),
                });
                break;
            }
        }
    }
    GameVerdict {
        line: g.line,
        lines,
        illegal,
        end: r.end(),
        next: r.end().is_none().then(|| due(&r.game).to_string()),
        status: r.game.status(),
        game: r.game,
    }
}

impl GameVerdict {
    /// The verdict for people: each line and what it did, the first illegal line, the
    /// table as the record leaves it, and how the game stands.
    pub fn doc(&self, style: Style) -> Doc {
        let deck = match self.status.deck {
            Deck::Real => "real cards",
            Deck::Virtual => "a virtual deck",
        };
        let mut out = format!("Kinga with {deck}:\n");
        let width = self
            .lines
            .iter()
            .map(|l| l.line)
            .chain(self.illegal.as_ref().map(|i| i.line))
            .max()
            .unwrap_or(1)
            .to_string()
            .len();
        for l in &self.lines {
            out += &format!("  line {:>width$}  {}", l.line, l.event);
            if !l.text.is_empty() {
                out += &format!(" — {}", l.text);
            }
            out.push('\n');
        }
        if let Some(i) = &self.illegal {
            let when = match i.turn {
                0 => "before the first turn".to_string(),
                n => format!("turn {n}"),
            };
            out += &format!(
                "{} line {} ({when}) — {}: {}.\n",
                style.bold("Illegal:"),
                i.line,
                i.rule,
                i.reason
            );
            if !i.legal.is_empty() {
                out += &format!("  Legal instead: {}.\n", i.legal.join(", "));
            }
        }
        out.push('\n');
        let mut doc = Doc::from(out);
        doc.append(self.game.doc(style));
        match (&self.end, &self.next) {
            (Some(end), _) => doc += &format!("Game over: {end}.\n"),
            (None, Some(next)) => doc += &format!("The game goes on: next, {next}.\n"),
            (None, None) => {}
        }
        doc
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::kinga::game::Game;
    use crate::kinga::key::Key;
    use crate::kinga::sim;
    use crate::ruleset::Ruleset;
    use crate::session::Session;
    use crate::shuffle::Shuffler;

    /// The game at the start of each turn, its seed set aside (a record has none).
    fn turn_starts(states: impl IntoIterator<Item = State>) -> Vec<State> {
        let mut out: Vec<State> = Vec::new();
        for mut g in states {
            g.seed = 0;
            let new_turn = out.last().is_none_or(|l| l.turn != g.turn);
            if g.phase == Phase::Turn && new_turn {
                out.push(g);
            }
        }
        out
    }

    /// A game played to its end by the greedy policy, as `kinga play` runs it, and the
    /// game at every step.
    fn play_out(rs: &Ruleset, deck: Deck, seed: u64) -> (Game, Vec<State>) {
        let mut p = Game::start(&Setup::new(deck, seed), rs).unwrap();
        let mut states = vec![p.game.clone()];
        loop {
            let a = match p.next() {
                Step::Done => return (p, states),
                Step::Auto(a) => a,
                // Real cards: any cards of the draw pile, as the table draws them; with an
                // odd seed, a draw the draw pile cannot cover goes on past the reshuffle
                // in the same answer, with cards of the discard pile.
                Step::Ask(q) if q.key == Key::Draw => {
                    let g = &p.game;
                    let mut shuffler = Shuffler::new(seed ^ states.len() as u64);
                    let mut pile = g.draw.clone();
                    let n = g.to_draw.min(pile.len());
                    shuffler.shuffle(&mut pile);
                    let mut cards = pile[..n].to_vec();
                    if seed % 2 == 1 {
                        let mut discard = g.discard.clone();
                        shuffler.shuffle(&mut discard);
                        let after = (g.to_draw - n).min(discard.len());
                        cards.extend_from_slice(&discard[..after]);
                    }
                    Action::Draw { cards }
                }
                Step::Ask(q) => sim::choose(&p.game, &q.key).unwrap(),
            };
            p.apply(&a).unwrap();
            states.push(p.game.clone());
        }
    }

    /// The states of a record refereed, line by line.
    fn referee_states(text: &str, rules: Rules) -> (Vec<State>, Referee, Option<Fault>) {
        let games = record::parse(&Source::new("r", text)).unwrap();
        assert_eq!(games.len(), 1);
        let g = &games[0];
        let mut r = Referee::new(g, rules);
        r.catch_up(g.lines.first().map(|l| &l.event));
        let mut states = vec![r.game.clone()];
        for (i, l) in g.lines.iter().enumerate() {
            if let Err(f) = r.line(&l.event, g.lines.get(i + 1).map(|n| &n.event)) {
                return (states, r, Some(f));
            }
            states.push(r.game.clone());
        }
        (states, r, None)
    }

    /// The record a session writes referees, turn by turn, to the game the session
    /// played; and its text reads back to itself.
    fn same_game_at_every_turn(rs: &Ruleset, deck: Deck, seed: u64) -> String {
        let (played, states) = play_out(rs, deck, seed);
        let text = played.record().unwrap();
        let rules = Rules::from_ruleset(rs);
        let (checked, r, fault) = referee_states(&text, rules);
        assert_eq!(fault, None, "seed {seed}\n{text}");
        let want = turn_starts(states);
        assert_eq!(turn_starts(checked), want, "seed {seed}\n{text}");
        let mut end = played.game.clone();
        end.seed = 0;
        let mut got = r.game.clone();
        got.seed = 0;
        assert_eq!(got, end, "seed {seed}");
        let v = check(&Source::new("r", text.as_str()), &rules).unwrap();
        assert!(v.games[0].illegal.is_none());
        assert_eq!(v.games[0].status.score, played.game.score());
        assert_eq!(v.games[0].end.is_some(), played.game.is_over().is_some());
        let back: String = record::parse(&Source::new("r", text.as_str()))
            .unwrap()
            .iter()
            .map(ToString::to_string)
            .collect();
        let ruleset = format!("# ruleset: {}\n", rs.name);
        assert_eq!(back, text.replacen(&ruleset, "", 1));
        text
    }

    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        /// Solo games of every kind: standard and hardcore, virtual and real cards, and
        /// the rulings that change a turn's steps.
        #[test]
        fn a_written_record_checks_to_the_game_played(seed in any::<u64>(), variant in 0..8usize, real in any::<bool>()) {
            use crate::kinga::ruling as r;
            let base = |name| Ruleset::builtin(name).unwrap();
            let rs = match variant {
                0 | 1 => base("kinga"),
                2 | 3 => base("kinga-hardcore"),
                4 => base("kinga").with(r::ExtraDraws::Optional).unwrap().with(r::Reshuffle::TurnCardsAfter).unwrap(),
                5 => base("kinga").with(r::EmptyDraw::GameOver).unwrap().with(r::Kings::AfterQueen).unwrap(),
                6 => base("kinga-hardcore").with(r::HardcoreSuspicionCleanup::KeepAll).unwrap().with(r::ExtraDraws::Optional).unwrap(),
                _ => base("kinga").with(r::ThreesCompany::PerPlay).unwrap().with(r::AceValue::Fourteen).unwrap().with(r::BonusExileJoker::Allowed).unwrap(),
            };
            let deck = if real { Deck::Real } else { Deck::Virtual };
            same_game_at_every_turn(&rs, deck, seed);
        }
    }

    /// A real-card record with the cards of every `draw` line in another order: which
    /// cards were drawn is a set (with real cards kado knows no pile's order).
    fn draws_reordered(text: &str, seed: u64) -> String {
        let mut rng = Shuffler::new(seed);
        text.lines()
            .map(|l| match l.strip_prefix("draw ") {
                Some(cards) => {
                    let mut words: Vec<&str> = cards.split_whitespace().collect();
                    rng.shuffle(&mut words);
                    format!("draw {}\n", words.join(" "))
                }
                None => format!("{l}\n"),
            })
            .collect()
    }

    /// A game's verdict, as what decides it: its first illegal line, its score, whether
    /// it ended.
    fn verdict_of(text: &str, rules: &Rules) -> (Option<usize>, usize, bool) {
        let v = check(&Source::new("r", text), rules).unwrap();
        let g = &v.games[0];
        (
            g.illegal.as_ref().map(|i| i.line),
            g.status.score,
            g.end.is_some(),
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        /// Records of real cards, their draws across reshuffles too, keep their verdict
        /// whatever order each draw's cards are written in.
        #[test]
        fn a_real_draw_written_in_another_order_keeps_the_verdict(game in 1u64..40, seed in any::<u64>()) {
            let rs = Ruleset::builtin(if game % 3 == 0 { "kinga-hardcore" } else { "kinga" }).unwrap();
            let (played, _) = play_out(&rs, Deck::Real, game);
            let text = played.record().unwrap();
            let rules = Rules::from_ruleset(&rs);
            let want = verdict_of(&text, &rules);
            prop_assert_eq!(want.0, None);
            let other = draws_reordered(&text, seed);
            prop_assert_eq!(verdict_of(&other, &rules), want, "{}", other);
        }
    }

    /// Real games whose draws run on past a reshuffle in one line (odd seeds) check to
    /// the games played, as those that write the draw, the reshuffle and the draw apart.
    #[test]
    fn real_games_drawing_across_reshuffles_check_to_the_game_played() {
        let mut across = 0;
        for name in ["kinga", "kinga-hardcore"] {
            let rs = Ruleset::builtin(name).unwrap();
            for seed in (1..40).step_by(2) {
                let text = same_game_at_every_turn(&rs, Deck::Real, seed);
                let (played, _) = play_out(&rs, Deck::Real, seed);
                let reshuffles = played.game.reshuffles as usize;
                across += reshuffles - text.matches("\nreshuffle").count();
            }
        }
        assert!(across > 20, "only {across} draws ran past a reshuffle");
    }

    /// The game a record ends at, and its fault if any.
    fn ends_at(text: &str, rules: Rules) -> (State, Option<String>) {
        let (_, r, fault) = referee_states(text, rules);
        (r.game, fault.map(|f| f.to_string()))
    }

    const ONE_DRAW: &str = "deck: real\ndraw 2S 2H 2D JK\n1. 2S 2H 2D JK > 3S\n";

    /// Issue 63: a Three's Company card and the hand drawn back up at cleanup written as one
    /// `draw` line, as a table draws them, was refused as "draw 1 card, not 4". It reads as
    /// the extra card drawn and kept, then three drawn: the game the three lines give.
    #[test]
    fn an_extra_card_and_the_refill_in_one_draw_were_refused() {
        use crate::kinga::ruling::ExtraDraws;
        let apart = format!("{ONE_DRAW}draw AC\nkeep AC\ndraw AH AD AS\n");
        let together = format!("{ONE_DRAW}draw AC AH AD AS\n");
        let always = Rules::standard();
        let want = ends_at(&apart, always);
        assert_eq!(want.1, None);
        assert_eq!(ends_at(&together, always), want);
        assert_eq!(want.0.hand.len(), 4);
        // Under extra-draws: optional the line reads the same, without its `extra 1`.
        let mut optional = always;
        optional.ruled.extra_draws = ExtraDraws::Optional;
        let apart = format!("{ONE_DRAW}extra 1\ndraw AC\nkeep AC\ndraw AH AD AS\n");
        let want = ends_at(&apart, optional);
        assert_eq!(want.1, None);
        assert_eq!(ends_at(&together, optional), want);
    }

    /// A one-line draw that reads as the extra card declined is refused under extra-draws:
    /// always, naming the ruling; where it could also be the card drawn and one kept, it
    /// says the line does not say which; under optional both readings are named.
    #[test]
    fn a_declined_extra_card_is_refused_by_the_ruling_that_draws_it() {
        use crate::kinga::ruling::ExtraDraws;
        // The joker stays in hand: with the extra card, which of the two was kept?
        let text = "deck: real\ndraw 2S 2H 2D JK\n1. 2S 2H 2D > 3S\ndraw AC AH AD AS\n";
        let always = Rules::standard();
        let why = ends_at(text, always).1.unwrap();
        assert!(why.contains("1 extra card declined"), "{why}");
        assert!(why.contains("(ruling extra-draws: always)"), "{why}");
        assert!(why.contains("does not say which card was kept"), "{why}");
        let mut optional = always;
        optional.ruled.extra_draws = ExtraDraws::Optional;
        let why = ends_at(text, optional).1.unwrap();
        assert!(why.contains("write `extra N`"), "{why}");
        // Too few cards for either reading: the line as it stands.
        let short = "deck: real\ndraw 2S 2H 2D JK\n1. 2S 2H 2D JK > 3S\ndraw AC AH AD\n";
        let why = ends_at(short, Rules::standard()).1.unwrap();
        assert_eq!(why, "draw 1 card, not 3");
    }

    #[test]
    fn many_virtual_games_under_both_rulesets() {
        let mut all = String::new();
        for name in ["kinga", "kinga-hardcore"] {
            let rs = Ruleset::builtin(name).unwrap();
            for seed in 0..60 {
                all += &same_game_at_every_turn(&rs, Deck::Virtual, seed);
            }
        }
        // The games went through every kind of line a virtual record has.
        for word in [
            "> ",
            "exile ",
            "suspicion K",
            "executed",
            "bonus ",
            "keep ",
            "reshuffle ",
        ] {
            assert!(all.contains(word), "no `{word}` in any game");
        }
        assert!(all.contains("4. "), "games run several turns");
    }
}
