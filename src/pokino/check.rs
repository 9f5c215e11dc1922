//! `kado pokino check`: a record refereed turn by turn, with the standing at its end.
//!
//! The record is read ([`super::record::parse`]), its names checked against each game's
//! players (bad notation: an input error), then each event is applied with
//! [`Referee::apply`], the fold the live session uses too. The first illegal line is the
//! verdict: which line, who, which rule, and what would have been legal.

use crate::pokino::ruling;
use std::collections::BTreeMap;

use serde::Serialize;

use super::Rules;
use super::board::Token;
use super::record::{self, GameRecord};
use super::referee::{End, Event, Referee, Report};
use crate::diag::{Error, Problem, Problems, Source, did_you_mean};
use crate::render::Style;
use crate::view::{Doc, Grid};

/// One line refereed.
#[derive(Clone, Debug, Serialize)]
pub struct Turn {
    pub line: usize,
    /// The line as kado writes it.
    pub event: String,
    #[serde(flatten)]
    pub report: Report,
    /// What it did, in words.
    pub text: String,
}

/// The first illegal line.
#[derive(Clone, Debug, Serialize)]
pub struct IllegalLine {
    pub line: usize,
    pub player: Option<String>,
    /// The kind of refusal, as JSON errors name it.
    pub code: crate::diag::Code,
    pub reason: String,
    /// The rule or ruling it breaks.
    pub rule: String,
    /// What would have been legal.
    pub legal: Vec<String>,
}

/// A claimed border and who claimed it.
#[derive(Clone, Debug, Serialize)]
pub struct Claim {
    pub border: String,
    pub player: String,
}

/// A game refereed up to its end, its first illegal line, or where the record stops.
#[derive(Clone, Debug, Serialize)]
pub struct GameVerdict {
    pub players: Vec<String>,
    pub scores: BTreeMap<String, u64>,
    pub beads: BTreeMap<String, u32>,
    pub hand_sizes: BTreeMap<String, usize>,
    pub dominoes: BTreeMap<String, u32>,
    pub poke: u32,
    pub deck: u32,
    pub over: bool,
    pub end: Option<End>,
    /// The one winner (null while the game goes on, or on a tie).
    pub winner: Option<String>,
    /// Every winner (several on a shared tie).
    pub winners: Vec<String>,
    /// What decided the winners of a game over: `call` ("Pokino!" won at once) or `score`
    /// (the highest score, the pips under Territory); null while the game goes on.
    pub decided_by: Option<&'static str>,
    pub pokino: Option<String>,
    /// Who plays next while the game goes on.
    pub next: Option<String>,
    pub claimed: Vec<Claim>,
    pub board: String,
    pub illegal: Option<IllegalLine>,
    pub turns: Vec<Turn>,
    /// The final board drawn (no colour).
    pub picture: String,
    #[serde(skip)]
    pub game: Referee,
}

/// Every game of a record.
pub type CheckVerdict = crate::several::Games<GameVerdict>;

/// Reads and referees a record.
pub fn check(src: &Source, rules: &Rules) -> Result<CheckVerdict, Error> {
    CheckVerdict::try_gather(|each| check_each(src, rules, each))
}

/// [`check`], each game's verdict given to `each` as soon as it is reached, none kept.
/// Every game is read and its names checked before any is refereed.
pub fn check_each(
    src: &Source,
    rules: &Rules,
    mut each: impl FnMut(GameVerdict),
) -> Result<(), Error> {
    let games = record::parse(src)?;
    let mut problems = Problems::new();
    for g in &games {
        validate(src, g, rules, &mut problems);
    }
    problems.check()?;
    for g in &games {
        if let Some(v) = referee(g, rules) {
            each(v);
        }
    }
    Ok(())
}

impl crate::several::RecordGame for GameVerdict {
    /// A record of several Pokino games: each under its number, a blank line between
    /// them.
    const LAYOUT: crate::several::Layout = crate::several::Layout {
        blank_after: false,
        tally: false,
        empty: "",
    };

    fn human(&self, style: Style) -> Doc {
        game_human(self, style)
    }

    fn json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }

    fn illegal_line(&self) -> Option<usize> {
        self.illegal.as_ref().map(|i| i.line)
    }

    fn header(&self, number: usize, _: Style) -> String {
        let between = if number > 1 { "\n" } else { "" };
        format!("{between}Game {number} of the record\n")
    }
}

/// One game refereed: each line, the first illegal one, the board, the standing.
fn game_human(g: &GameVerdict, s: Style) -> Doc {
    let mut out = format!("Players: {}\n", g.players.join(", "));
    let width = g
        .turns
        .iter()
        .map(|t| t.line)
        .chain(g.illegal.as_ref().map(|i| i.line))
        .max()
        .unwrap_or(1)
        .to_string()
        .len();
    for t in &g.turns {
        out += &format!("  line {:>width$}  {}\n", t.line, t.text);
    }
    if let Some(i) = &g.illegal {
        out += &format!(
            "{} line {}{} — {}: {}.\n",
            s.bold("Illegal:"),
            i.line,
            i.player
                .as_ref()
                .map(|p| format!(" ({p})"))
                .unwrap_or_default(),
            i.rule,
            i.reason
        );
        if !i.legal.is_empty() {
            out += &format!("  Legal instead: {}.\n", i.legal.join(", "));
        }
    }
    out.push('\n');
    out += &g.board_text(s);
    let mut doc = Doc::from(out);
    doc.append(g.standing());
    doc
}

/// Every name in a game's lines is one of its players; the game can be dealt.
fn validate(src: &Source, g: &GameRecord, rules: &Rules, problems: &mut Problems) {
    let names = g.names();
    if let Err(e) = Referee::new(&names, g.deal.as_ref(), rules) {
        let at = g.players[0].span.start..g.players[g.players.len() - 1].span.end;
        problems.push(crate::diag::Coded::to_problem(&e).at(src, at));
    }
    for l in &g.lines {
        let (Some(at), Some(name)) = (&l.name, event_player(&l.event)) else {
            continue;
        };
        if crate::seat::position(&names, name).is_none() {
            let hint = did_you_mean(name, names.iter().map(String::as_str));
            problems.push(
                Problem::new(format!("{name} is not one of the players"))
                    .at(src, at.clone())
                    .expected(format!("one of: {}", names.join(", ")))
                    .maybe_help(hint.map(|h| format!("did you mean {h}?"))),
            );
        }
    }
}

fn event_player(e: &Event) -> Option<&str> {
    match e {
        Event::Spoke(_) => None,
        Event::Hand { player, .. } | Event::Turn { player, .. } => Some(player),
    }
}

/// Applies a game's lines one by one, up to the first illegal one.
/// `None` when the game cannot be dealt (refused by [`validate`] before this).
fn referee(g: &GameRecord, rules: &Rules) -> Option<GameVerdict> {
    let mut game = Referee::new(&g.names(), g.deal.as_ref(), rules).ok()?;
    let mut turns = Vec::new();
    let mut illegal = None;
    for l in &g.lines {
        match game.apply(&l.event) {
            Ok(report) => turns.push(Turn {
                line: l.line,
                event: l.event.to_string(),
                text: report.to_string(),
                report,
            }),
            Err(why) => {
                illegal = Some(IllegalLine {
                    line: l.line,
                    player: event_player(&l.event).map(str::to_string),
                    code: crate::diag::Coded::code(&why),
                    reason: why.to_string(),
                    rule: why.rule().to_string(),
                    legal: game.legal_instead(&l.event, &why),
                });
                break;
            }
        }
    }
    Some(standing(&game, turns, illegal))
}

/// The standing of a game after the lines refereed.
pub fn standing(game: &Referee, turns: Vec<Turn>, illegal: Option<IllegalLine>) -> GameVerdict {
    let scores = game.scores();
    let by = |f: &dyn Fn(usize) -> u64| -> BTreeMap<String, u64> {
        game.players
            .iter()
            .enumerate()
            .map(|(i, p)| (p.name.clone(), f(i)))
            .collect()
    };
    let winners = game.winners();
    GameVerdict {
        players: game.players.iter().map(|p| p.name.clone()).collect(),
        scores: by(&|i| scores[i]),
        beads: game
            .players
            .iter()
            .map(|p| (p.name.clone(), p.beads))
            .collect(),
        hand_sizes: game
            .players
            .iter()
            .map(|p| (p.name.clone(), p.hand_size()))
            .collect(),
        dominoes: game
            .players
            .iter()
            .map(|p| (p.name.clone(), p.dominoes))
            .collect(),
        poke: game.poke,
        deck: game.deck,
        over: game.is_over(),
        end: game.end.clone(),
        winner: match winners.as_slice() {
            [one] => Some(one.clone()),
            _ => None,
        },
        winners,
        decided_by: match &game.end {
            None => None,
            Some(End::Pokino { .. }) if !game.rules.pokino_pips_decide() => Some("call"),
            Some(_) => Some("score"),
        },
        pokino: match &game.end {
            Some(End::Pokino { player }) => Some(player.clone()),
            _ => None,
        },
        next: game.next_player().map(str::to_string),
        claimed: claims(&game.tokens),
        board: game.board.to_string(),
        illegal,
        turns,
        picture: super::picture::draw(&game.board, &borders(&game.tokens), &Style::PLAIN),
        game: game.clone(),
    }
}

fn claims(tokens: &[Token]) -> Vec<Claim> {
    tokens
        .iter()
        .map(|t| Claim {
            border: t.border.to_string(),
            player: t.player.clone(),
        })
        .collect()
}

/// The borders `player` claimed: those between two squares sharing a side, then those
/// across a corner, as written.
pub fn claims_of(tokens: &[Token], player: &str) -> (Vec<String>, Vec<String>) {
    let mine = |corner: bool| -> Vec<String> {
        (tokens.iter())
            .filter(|t| t.player == player && t.border.is_corner() == corner)
            .map(|t| t.border.to_string())
            .collect()
    };
    (mine(false), mine(true))
}

/// The claimed borders alone.
pub fn borders(tokens: &[Token]) -> Vec<super::board::Border> {
    tokens.iter().map(|t| t.border).collect()
}

impl GameVerdict {
    /// The board with its claimed borders, and who claimed which.
    pub fn board_text(&self, s: Style) -> String {
        let g = self;
        // The plain picture is drawn once, with the verdict.
        let mut out = if s.color() {
            super::picture::draw(&g.game.board, &borders(&g.game.tokens), &s)
        } else {
            g.picture.clone()
        };
        let marks = super::picture::CORNER_MARKS;
        for name in &g.players {
            let (sides, corners) = claims_of(&g.game.tokens, name);
            if !sides.is_empty() {
                out += &format!(
                    "{} claimed by {name}: {}\n",
                    super::picture::CLAIMED,
                    sides.join(" ")
                );
            }
            if !corners.is_empty() {
                out += &format!(
                    "{}{} claimed by {name} across a corner: {}\n",
                    marks[0],
                    marks[1],
                    corners.join(" ")
                );
            }
        }
        if super::picture::claim_counts(&borders(&g.game.tokens)).1 > 0 {
            out += super::picture::CORNER_NOTE;
            out.push_str(".\n");
        }
        out
    }

    /// The table of players, the poke and the deck, and how the game stands.
    pub fn standing(&self) -> Doc {
        let g = self;
        let what = match g.game.rules.ruled.territory {
            ruling::Territory::On => "Pips",
            ruling::Territory::Off => "Score",
        };
        let mut t = Grid::new(["Player", what, "Beads", "Cards", "Dominoes"]);
        for name in &g.players {
            t.row([
                name.clone(),
                g.scores.get(name).copied().unwrap_or(0).to_string(),
                g.beads.get(name).copied().unwrap_or(0).to_string(),
                g.hand_sizes.get(name).copied().unwrap_or(0).to_string(),
                g.dominoes.get(name).copied().unwrap_or(0).to_string(),
            ]);
        }
        let mut out = Doc::from("\n");
        out.push_grid(t);
        out += &format!(
            "Poke: {}. Deck: {}.\n{}\n",
            crate::words::count_of(g.poke, "domino", "dominoes"),
            crate::words::count(g.deck, "card"),
            g.outcome()
        );
        out
    }

    /// How the game stands, in one sentence.
    pub fn outcome(&self) -> String {
        let s = |n: &str| self.scores.get(n).copied().unwrap_or(0);
        let what = match self.game.rules.ruled.territory {
            ruling::Territory::On => "pips",
            ruling::Territory::Off => "points",
        };
        match (&self.end, self.winners.as_slice()) {
            (None, _) => match &self.next {
                Some(n) => format!("The game goes on: {n} plays next."),
                None => "The game goes on: whoever plays first begins.".to_string(),
            },
            (Some(End::Pokino { player }), _) if !self.game.rules.pokino_pips_decide() => {
                format!("Game over: {player} called \"Pokino!\" and wins.")
            }
            (Some(End::Pokino { player }), winners) => format!(
                "Game over: {player} called \"Pokino!\", and the pips decide ({}): {}.",
                ruling::Id::TerritoryPokino.cite(),
                match winners {
                    [] => "a tie, and no one wins".to_string(),
                    [one] => format!("{one} wins with {} {what}", s(one)),
                    many => format!("{} tie with {} {what}", many.join(", "), s(&many[0])),
                }
            ),
            (Some(_), []) => {
                format!(
                    "Game over: a tie, and no one wins ({}).",
                    ruling::WinTies::Nobody.cite_is()
                )
            }
            (Some(_), [one]) => format!("Game over: {one} wins with {} {what}.", s(one)),
            (Some(_), many) => format!(
                "Game over: {} tie with {} {what} and share the win.",
                many.join(", "),
                s(&many[0])
            ),
        }
    }
}

/// The rules and rulings a game is refereed by, for `--explain` (`check` and `play`).
pub fn explain(rs: &crate::ruleset::Ruleset, rules: &Rules) -> crate::explain::Explain {
    let mut x = crate::explain::Explain::new();
    x.ruled(
        "Players take turns in the order listed; each lays a domino (a bead from the bank, a domino from the poke) or plays a run, then draws a card.",
        rs,
        &[ruling::Id::FirstPlayer, ruling::Id::Pass, ruling::Id::RunsPerTurn],
    );
    x.ruled(
        "A domino from a hand touches one on the table; the first four, the spoke, are taken as laid.",
        rs,
        &[ruling::Id::Placement, ruling::Id::Spoke],
    );
    x.ruled(
        match rules.ruled.steps {
            ruling::Steps::Diagonals => "A run: 2 cards or more, each on its square, each step across a side or a corner to another domino, no pair twice, none claimed.",
            ruling::Steps::Sides => "A run: 2 cards or more, each on its square, each step across a side to another domino, no border twice, none claimed.",
        },
        rs,
        &[ruling::Id::Steps, ruling::Id::SquareReuse, ruling::Id::TearDown, ruling::Id::OwnBorders, ruling::Id::LongRuns],
    );
    x.ruled(
        match rules.ruled.greed {
            ruling::Greed::On => {
                "Under Greed cards cost nothing; each bead held at the end scores."
            }
            ruling::Greed::Off => "Each card played costs a bead.",
        },
        rs,
        &[ruling::Id::Greed, ruling::Id::Bank],
    );
    x.ruled(
        "At the end of a turn a card is drawn (under Pokino-Up! only below 7); the card may be named when the deck is face up.",
        rs,
        &[ruling::Id::PokinoUp, ruling::Id::UpDraw, ruling::Id::Deck, ruling::Id::EmptyDeck],
    );
    x.ruled(
        if rules.pokino_pips_decide() {
            "A player left with no card calls \"Pokino!\", which ends the game; the game also ends when the poke is empty; at the end the highest pip total wins."
        } else {
            "A player left with no card calls \"Pokino!\" and wins at once; otherwise the game ends when the poke is empty and the highest score wins."
        },
        rs,
        &[ruling::Id::PokeEnd, ruling::Id::WinTies, ruling::Id::Territory, ruling::Id::TerritoryTies, ruling::Id::TerritoryPokino],
    );
    match rules.ruled.tear_down {
        ruling::TearDown::On => {
            x.ruled(
                "Under Tear Down the Walls a domino a run steps across leaves the board.",
                rs,
                &[ruling::Id::TornTokens, ruling::Id::TornSplit],
            );
        }
        ruling::TearDown::Off => {}
    }
    x
}
