//! A game of Pokino refereed live (`kado pokino play`): each answer is a line of the
//! record, applied with [`Referee::apply`], the same fold `check` uses. The saved log holds
//! the record's lines, so the record of a game in play is always at hand.
//!
//! With real pieces the table lays the spoke and says each turn; with a virtual deck
//! kado shuffles every domino and card from a seed (kept in the save), lays the spoke,
//! deals, and shows each player their hand on their turn.

use crate::pokino::ruling;
use serde::{Deserialize, Serialize};

use super::advise;
use super::board::{Dir, Domino, Placement, Square};
use super::check::standing;
use super::error::PlayError;
use super::record;
use super::referee::{Event, Play, Referee};
pub use super::start::{Deck, Setup, shuffled};
use super::{Rules, SPOKE};
use crate::cards::Card;
use crate::diag::Source;
use crate::ruleset::Ruleset;
use crate::session::Memo;
use crate::session::{NoHint, Question, Session, Step};
use crate::view::{Hand, Hint};

/// How many of the numbered places the table view lists (all may be answered).
const PLACES_SHOWN: usize = 5;

/// The question of `who`'s turn, with an example of each way to answer it (a place's
/// number where places are listed); an example that shows nobody's hand.
fn turn_prompt(who: &str, places: bool) -> String {
    let number = if places { "`3` for place #3, " } else { "" };
    format!("{who}'s turn (e.g. {number}`domino 6-4@0,1h`, `run 4C 5C 6C`, `pass`)")
}

/// Where a virtual deal lays the spoke: the shape of the rules' example.
const SPOKE_AT: [(i32, i32, Dir); SPOKE] = [
    (0, 0, Dir::H),
    (0, 1, Dir::H),
    (2, 0, Dir::V),
    (2, 2, Dir::H),
];

/// One event of the record: read once from the table's answer (or made by kado) and
/// applied as it is. A save holds it as its record line (`line: ana domino 5-5@3,0h`),
/// read back when the save is loaded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "SavedLine", try_from = "SavedLine")]
pub struct Action {
    pub event: Event,
}

impl From<Event> for Action {
    fn from(event: Event) -> Action {
        Action { event }
    }
}

impl std::fmt::Display for Action {
    /// The record line.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.event.fmt(f)
    }
}

/// An action as a save holds it: its record line.
#[derive(Serialize, Deserialize)]
struct SavedLine {
    line: String,
}

impl From<Action> for SavedLine {
    fn from(a: Action) -> SavedLine {
        SavedLine {
            line: a.event.to_string(),
        }
    }
}

/// A saved line that is not a line of the record.
#[derive(Debug)]
pub struct UnreadLine {
    line: String,
    why: Vec<String>,
}

impl std::fmt::Display for UnreadLine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "`{}` is not a line of a Pokino record: {}",
            crate::diag::clip(&self.line),
            self.why.join("; ")
        )
    }
}

impl TryFrom<SavedLine> for Action {
    type Error = UnreadLine;

    fn try_from(saved: SavedLine) -> Result<Action, UnreadLine> {
        record::parse_line(&Source::new("the save", saved.line.as_str()))
            .map(Action::from)
            .map_err(|e| UnreadLine {
                why: e.problems.iter().map(|p| p.message.clone()).collect(),
                line: saved.line,
            })
    }
}

/// Actions name no seat by a player's name: a save of any format reads as it is.
impl crate::session::Upgrade<Setup> for Action {}

/// A game in play: the state, and the events that made it (the record).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub setup: Setup,
    pub game: Referee,
    pub events: Vec<Event>,
    /// The placements in the order the hint ranked them, once a hint is asked for at the
    /// position at hand (forgotten when an action changes it): the places listed then
    /// follow the hint's order, so the board's `#1` is the hint's best placement.
    /// (The hint's deals are seeded by the turn, so the order follows from the position.)
    advised: Memo<Vec<Placement>>,
    /// Where the player to move may lay each domino, with the best run each opens: a run
    /// search per place, too dear to repeat at every page drawn.
    ranked: Memo<Vec<(Placement, u32)>>,
}

impl Game {
    /// The record so far, as `check` reads it.
    pub fn record_text(&self) -> String {
        record::write(&self.setup.players, self.setup.deal.as_ref(), &self.events)
    }

    /// The spoke a virtual deal lays.
    fn dealt_spoke(&self) -> Option<Action> {
        let dealt = self.game.spoke_dealt.as_ref()?;
        let ps: Vec<Placement> = dealt
            .iter()
            .zip(SPOKE_AT)
            .map(|(d, (x, y, dir))| Placement::new(*d, Square::new(x, y), dir))
            .collect();
        Some(Action::from(Event::Spoke(ps)))
    }

    /// The answer as a record line: the player's name is added when left out.
    fn line_of(&self, who: Option<&str>, text: &str) -> String {
        let first = text.split_whitespace().next().unwrap_or("");
        match who {
            Some(name) if matches!(first, "domino" | "run" | "pass") => format!("{name} {text}"),
            _ => text.to_string(),
        }
    }

    /// The advice for the player to act, in words (or why there is none).
    fn advice(&self, held: Option<&[super::board::Domino]>) -> Result<Hint, NoHint> {
        let seed = u64::from(self.game.turns) + 1;
        advise::advise(
            &self.game,
            held,
            advise::HINT_SAMPLES,
            seed,
            crate::par::cores(),
        )
        .map(|a| {
            let placed = a.candidates.iter().filter_map(|c| match c.play {
                Play::Domino(at) => Some(at),
                _ => None,
            });
            let placed: Vec<Placement> = placed.collect();
            let mut hint = a.hint(advise::Shown::Prompt);
            if let Some(first) = placed.first().filter(|_| held.is_none()) {
                hint.notes.push(format!(
                    "The places on the table follow this ranking now: #1 is domino {first}."
                ));
            }
            // Set once per position: a second hint there ranks them the same.
            self.advised.keep(placed);
            hint
        })
        .map_err(|why| NoHint::Advisor(crate::diag::Error::msg(format!("Hint: {why}."))))
    }

    /// How the places listed in a private hand are ranked.
    fn places_ranked(&self) -> &'static str {
        match self.advised.get() {
            Some(_) => "places, as the hint ranks them (the number lays it)",
            None => "places, best first (the number lays it)",
        }
    }

    /// The board on the table: its text picture with the places marked and the same as
    /// shapes (or why there is none to draw), and what the corner marks mean.
    fn draw_board(&self, t: &mut crate::view::Table, places: &[(Placement, u32)]) {
        use crate::view;
        let g = &self.game;
        let claimed = super::check::borders(&g.tokens);
        let marks = place_marks(places);
        match super::picture::picture(&g.board, &claimed, &marks) {
            Ok(mut p) => {
                t.board = Some(super::picture::shapes(&g.board, &g.tokens, &marks));
                let laid = g.board.placements().iter().map(|p| {
                    let p = p.to_string();
                    view::Item::new(p.clone(), p)
                });
                p.pieces = laid.collect();
                t.picture = Some(p);
            }
            Err(none) => t.notes.push(none.to_string().trim_end().to_string()),
        }
        if super::picture::claim_counts(&claimed).1 > 0 {
            t.notes.push(format!("{}.", super::picture::CORNER_NOTE));
        }
    }

    /// The seats (scores; the cards and dominoes of the player to move where the table
    /// sees them: a virtual deal, not kept private; else how many each holds), the board's
    /// dominoes, the claimed borders, the places listed (where `places_seen`), the poke and
    /// the deck.
    /// Applies a turn: what it says to the table, and, with hands kept private, what the
    /// player drew as an event for them alone (the card drawn and the domino kado dealt
    /// are not on the table).
    fn turn(&mut self, action: &Action) -> Result<(String, Option<crate::view::Event>), PlayError> {
        let event = &action.event;
        let mover = match event {
            Event::Turn { player, .. } => self.game.players.iter().position(|p| &p.name == player),
            _ => None,
        };
        let before = mover.and_then(|i| self.game.players[i].held.clone());
        let mut report = self.game.apply(event).map_err(PlayError::Illegal)?;
        self.events.push(event.clone());
        self.advised = Memo::default();
        self.ranked = Memo::default();
        let mut drew = None;
        if self.setup.private {
            let card = report.drawn.take();
            drew = mover.and_then(|i| self.drew(i, before.as_deref(), card));
        }
        Ok((report.to_string(), drew))
    }

    /// What seat `i` drew into its hand (a domino, besides those it held `before`, and the
    /// card), as an event for its eyes alone; `None` when it drew nothing kado knows.
    fn drew(
        &self,
        i: usize,
        before: Option<&[Domino]>,
        card: Option<Card>,
    ) -> Option<crate::view::Event> {
        use crate::view;
        let held = self.game.players[i].held.as_deref().unwrap_or_default();
        let before = before.unwrap_or_default();
        let dominoes = held.iter().filter(|d| !before.contains(d));
        let mut items: Vec<view::Item> =
            dominoes.map(|d| view::Item::plain(d.to_string())).collect();
        items.extend(card.map(view::card));
        if items.is_empty() {
            return None;
        }
        let names: Vec<&str> = items.iter().map(|i| i.text.as_str()).collect();
        let text = format!("You drew {}.", names.join(" and "));
        Some(
            view::Event::told(text)
                .with(items)
                .for_seat(crate::seat::SeatId(i)),
        )
    }

    fn drawn(&self, places_seen: bool) -> crate::view::Table {
        use crate::view;
        let g = &self.game;
        let mut t = view::Table::new(super::GAME);
        t.round = Some(view::Round {
            word: "turn",
            number: g.turns,
            of: None,
        });
        t.over = g.is_over();
        t.to_move = g
            .to_play
            .filter(|_| !g.is_over())
            .map(|i| g.players[i].name.clone());
        t.score_title = match g.rules.ruled.territory {
            ruling::Territory::On => "pips",
            ruling::Territory::Off => "score",
        };
        let scores = g.scores();
        t.seats = (0..g.players.len())
            .map(|i| self.seat(i, scores.get(i).copied()))
            .collect();
        let places = if places_seen {
            self.places()
        } else {
            Vec::new()
        };
        self.draw_board(&mut t, &places);
        let listed = places.iter().take(PLACES_SHOWN);
        if !places.is_empty() {
            let area = view::Area::new(
                "places",
                listed
                    .map(|(at, points)| {
                        let then = match points {
                            0 => "next turn: no run".to_string(),
                            p => {
                                format!("next turn: a run of {}", crate::words::count(*p, "point"))
                            }
                        };
                        view::Item::new(format!("domino {at}"), format!("domino {at} ({then})"))
                    })
                    .collect(),
            )
            .amount(places.len() as i64)
            .numbered();
            t.areas.push(area);
            if self.advised.get().is_some() {
                t.notes.push("The places follow the hint's ranking.".into());
            }
        }
        t.areas.extend([
            view::Area::new("poke", Vec::new()).amount(i64::from(g.poke)),
            view::Area::new("deck", Vec::new()).amount(i64::from(g.deck)),
        ]);
        if g.is_over() || g.to_play.is_none() {
            t.notes
                .push(standing(&self.game, Vec::new(), None).outcome());
        }
        if let (Some(_), Some(i)) = (self.hand(), g.to_play.filter(|_| self.setup.private)) {
            let p = &g.players[i].name;
            t.notes.push(format!(
                "{p}'s hand: kept private (on {p}'s own page, or `hand`)."
            ));
        }
        t
    }

    /// The places listed for the player to move, as numbered answers (`3` lays the third),
    /// each with the best run it opens for the next turn. Ranked by that run until a hint
    /// is asked for; then in the hint's order (its play-outs are too dear to run at every
    /// table drawn), the places it did not list after them.
    fn places(&self) -> Vec<(Placement, u32)> {
        let Some(i) = self.game.to_play.filter(|_| !self.game.is_over()) else {
            return Vec::new();
        };
        let mut cheap = self.ranked_places(i);
        if let Some(order) = self.advised.get() {
            let rank = |at: &Placement| order.iter().position(|o| o == at).unwrap_or(usize::MAX);
            // A stable sort keeps the run order among those the hint did not list.
            cheap.sort_by_key(|(at, _)| rank(at));
        }
        cheap
    }

    /// Where player `i` may lay each domino, with the best run each opens
    /// ([`Referee::places`]), worked out once per position for the player to move.
    pub(super) fn ranked_places(&self, i: usize) -> Vec<(Placement, u32)> {
        if self.game.to_play != Some(i) {
            return self.game.places(i);
        }
        let threads = crate::par::cores();
        self.ranked
            .get_or(|| self.game.places_on(i, threads))
            .clone()
    }

    /// Seat `i` on the table: its score, beads, how many cards and dominoes it holds, the
    /// cards and dominoes of the player to move where the table sees them (a virtual deal,
    /// not kept private), and the borders it claimed.
    fn seat(&self, i: usize, score: Option<u64>) -> crate::view::Seat {
        use crate::view;
        let g = &self.game;
        let p = &g.players[i];
        let seen = g.to_play == Some(i) && self.hand().is_some() && !self.setup.private;
        let mut seat = view::Seat::new(
            p.name.clone(),
            score.map(|s| i64::try_from(s).unwrap_or(i64::MAX)),
        );
        if let Some(dominoes) = p.held.as_ref().filter(|_| seen) {
            let mut items = view::cards(&p.known);
            let dominoes = dominoes.iter().map(|d| d.to_string());
            items.extend(dominoes.map(|d| view::Item::new(d.clone(), d)));
            seat.held = view::Held::Cards { items };
        }
        let figure = |name, n: usize| view::Figure {
            name,
            amount: i64::try_from(n).unwrap_or(i64::MAX),
        };
        seat.figures = vec![
            figure("beads", p.beads as usize),
            figure("cards", p.hand_size()),
            figure("dominoes", p.dominoes as usize),
        ];
        let (sides, corners) = super::check::claims_of(&g.tokens, &p.name);
        if !sides.is_empty() {
            seat.notes.push(format!(
                "{} claimed: {}",
                super::picture::CLAIMED,
                sides.join(" ")
            ));
        }
        if !corners.is_empty() {
            let m = super::picture::CORNER_MARKS;
            seat.notes.push(format!(
                "{}{} claimed across a corner: {}",
                m[0],
                m[1],
                corners.join(" ")
            ));
        }
        seat
    }
}

/// The squares of the places listed, each marked with the number of the first place
/// that covers it.
fn place_marks(all: &[(Placement, u32)]) -> Vec<(Square, usize)> {
    let mut marks: Vec<(Square, usize)> = Vec::new();
    for (n, (at, _)) in all.iter().take(PLACES_SHOWN).enumerate() {
        for sq in at.squares() {
            if !marks.iter().any(|m| m.0 == sq) {
                marks.push((sq, n + 1));
            }
        }
    }
    marks
}

/// What a Pokino session asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// The starting spoke (four dominoes).
    Spoke,
    /// A turn: of the seat to move, or of whoever plays first (`None`, when the table
    /// decides who that is).
    Turn(Option<usize>),
}

impl Game {
    /// Player `p`'s cards and dominoes, as their hand shows them.
    fn held_by(&self, p: usize) -> Hand {
        let p = &self.game.players[p];
        let held = p
            .held
            .iter()
            .flatten()
            .map(|d| crate::view::Item::plain(d.to_string()))
            .collect();
        Hand::new(p.name.clone())
            .part("", crate::view::cards(&p.known))
            .part("dominoes", held)
    }
}

impl Session for Game {
    type Setup = Setup;
    type Action = Action;
    type Key = Key;
    type Error = PlayError;
    /// The spoke laid, the turns played, the game over.
    type Phase = (bool, u32, bool);
    const GAME: &'static str = super::GAME;
    const COMMANDS: &'static str = ", hint (every move weighed; `hint A-B C-D E-F` names your dominoes when kado does not know them), hand (your own pieces, when hands are kept private)";

    fn start(setup: &Setup, rules: &Ruleset) -> Result<Game, PlayError> {
        let game = Referee::new(
            &setup.players,
            setup.deal.as_ref(),
            &Rules::from_ruleset(rules),
        )
        .map_err(PlayError::Setup)?;
        Ok(Game {
            setup: setup.clone(),
            game,
            events: Vec::new(),
            advised: Memo::default(),
            ranked: Memo::default(),
        })
    }

    fn apply(&mut self, action: &Action) -> Result<Vec<String>, PlayError> {
        Ok(vec![self.turn(action)?.0])
    }

    /// The turn that ends the game says its result. With hands kept private, what the
    /// player drew (the card, the domino kado dealt) is an event for their eyes alone.
    fn events(&mut self, action: &Action) -> Result<Vec<crate::view::Event>, PlayError> {
        let (said, drew) = self.turn(action)?;
        let mut events = crate::session::said_as(vec![said], self.game.is_over());
        events.extend(drew);
        Ok(events)
    }

    /// A turn is composed by taps (a domino and where it goes, a run, a pass), and with
    /// real pieces the spoke and who plays first.
    fn compose(
        &self,
        q: &Question<Key>,
        picked: &crate::view::Picked,
    ) -> Option<crate::session::Composed<Action>> {
        match q.key {
            Key::Turn(Some(i)) => self.compose_turn(i, picked),
            Key::Turn(None) => self.compose_first(picked),
            Key::Spoke => Some(self.compose_spoke(picked)),
        }
    }

    /// The domino laid and the cards of the runs played: all of them go onto the board.
    fn pieces(&self, action: &Action) -> Vec<crate::view::Item> {
        let Event::Turn { play, .. } = &action.event else {
            return Vec::new();
        };
        match play {
            Play::Domino(at) => vec![crate::view::Item::plain(at.domino.to_string())],
            Play::Runs(runs) => runs
                .iter()
                .flat_map(|r| crate::view::cards(&r.cards))
                .collect(),
            Play::Pass => Vec::new(),
        }
    }

    fn next(&self) -> Step<Action, Key> {
        if self.game.is_over() {
            return Step::Done;
        }
        if !self.game.spoke_laid() {
            return match self.dealt_spoke() {
                Some(a) => Step::Auto(a),
                None => Step::Ask(Question::new(
                    Key::Spoke,
                    "The starting spoke (four dominoes)",
                    "Four dominoes as laid, e.g. `6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h` (A-B@X,Y, then h or v).",
                )),
            };
        }
        let who = self.game.next_player().unwrap_or("");
        let (key, prompt) = if who.is_empty() {
            (
                Key::Turn(None),
                "Who plays first? NAME then the turn".to_string(),
            )
        } else {
            let seat = self.game.players.iter().position(|p| p.name == who);
            let places = seat.is_some_and(|i| self.game.has_places(i));
            (Key::Turn(seat), turn_prompt(who, places))
        };
        Step::Ask(Question::new(
            key,
            prompt,
            "A turn: `domino A-B@X,Y(h|v)`, `run CARDS [@ SQUARES]` (the squares may be left out when the cards fit one way), or `pass`; add `draws CARD` to name the card drawn. `NAME: CARDS` tells a player's whole hand; `hint` weighs every move.",
        ))
    }

    fn answer(&self, q: &Question<Key>, text: &str) -> Result<Action, PlayError> {
        let who = match q.key {
            Key::Turn(Some(seat)) => self.game.players.get(seat).map(|p| p.name.as_str()),
            _ => None,
        };
        // A number lays the domino at that listed place.
        if let (Some(_), Ok(n)) = (who, text.trim().parse::<usize>()) {
            let all = self.places();
            let Some((at, _)) = n.checked_sub(1).and_then(|k| all.get(k)) else {
                return Err(PlayError::NoPlace {
                    n,
                    places: all.len(),
                });
            };
            return self.answer(q, &format!("domino {at}"));
        }
        // A placement alone (`4-8@4,0h`) is plainly a domino to lay.
        if who.is_some() && text.trim().parse::<Placement>().is_ok() {
            return self.answer(q, &format!("domino {}", text.trim()));
        }
        let line = if q.key == Key::Spoke && !text.trim_start().starts_with("spoke:") {
            format!("spoke: {text}")
        } else {
            self.line_of(who, text.trim())
        };
        let event = record::parse_line(&Source::new("answer", line.as_str()))
            .map_err(PlayError::Notation)?;
        if let (Some(w), Event::Turn { player, .. }) = (who, &event)
            && player != w
        {
            return Err(PlayError::Illegal(super::illegal::Illegal::NotYourTurn {
                expected: w.to_string(),
                got: player.clone(),
            }));
        }
        if let Err(why) = self.game.clone().apply(&event) {
            let legal = self.game.legal_instead(&event, &why);
            return Err(PlayError::Refused { why, legal });
        }
        Ok(Action::from(event))
    }

    /// The dominoes each player holds, where kado dealt them (its cards are drawn from a
    /// deck that lies face up: the rules make them public).
    fn hidden(&self) -> Vec<crate::view::Item> {
        let players = self.game.players.iter();
        let held = players.flat_map(|p| p.held.iter().flatten());
        held.map(|d| crate::view::Item::plain(d.to_string()))
            .collect()
    }

    fn private_turn(&self) -> Option<String> {
        self.hand().filter(|_| self.setup.private).map(|h| h.player)
    }

    fn hand(&self) -> Option<Hand> {
        if self.setup.deck != Deck::Virtual || self.game.is_over() {
            return None;
        }
        let hand = self.held_by(self.game.to_play?);
        // Kept private, the places are not on the table: the hand lists them, so that the
        // number typed lays the domino its player saw.
        let places: Vec<crate::view::Item> = if self.setup.private {
            let all = self.places();
            let listed = all.iter().take(PLACES_SHOWN).enumerate();
            listed
                .map(|(n, (at, _))| crate::view::Item::plain(format!("{}) domino {at}", n + 1)))
                .collect()
        } else {
            Vec::new()
        };
        if places.is_empty() {
            return Some(hand);
        }
        Some(hand.groups(self.places_ranked(), places))
    }

    /// A seat's own cards and dominoes for its served page, its turn or not (kado's pack);
    /// on its turn, with the places listed when they are kept private.
    fn hand_of(&self, _table: &crate::view::Table, seat: &str) -> Option<Hand> {
        if self.setup.deck != Deck::Virtual || self.game.is_over() {
            return None;
        }
        let p = (self.game.players.iter()).position(|p| crate::seat::same_name(&p.name, seat))?;
        if self.game.to_play == Some(p) {
            return self.hand();
        }
        Some(self.held_by(p))
    }

    fn table(&self) -> crate::view::Table {
        self.drawn(!self.setup.private)
    }

    /// The table without the places when they are drawn from a hidden hand (a virtual
    /// deal: the dominoes of the player to move); from a real deck they are every place a
    /// domino off the table fits, which all may see.
    fn public_table(&self) -> crate::view::PublicTable {
        self.drawn(self.setup.deck != Deck::Virtual).public()
    }

    fn summary(&self) -> serde_json::Value {
        let mut v = standing(&self.game, Vec::new(), None);
        v.picture.clear();
        let mut j = serde_json::to_value(&v).unwrap_or(serde_json::Value::Null);
        if let serde_json::Value::Object(m) = &mut j {
            m.remove("turns");
            m.remove("illegal");
            m.remove("picture");
            m.insert("deck_kind".into(), serde_json::json!(self.setup.deck));
        }
        j
    }

    fn phase_key(&self) -> (bool, u32, bool) {
        (self.game.spoke_laid(), self.game.turns, self.game.is_over())
    }

    fn said(&self, action: &Action) -> String {
        action.to_string()
    }

    fn record(&self) -> Option<String> {
        Some(self.record_text())
    }

    /// Each player's score and whether they won, for the play history.
    fn outcome(&self) -> Option<crate::history::Outcome> {
        Some(self.game.outcome())
    }

    /// At a turn: every move of the player to act weighed by the advisor, from what that
    /// player can see (the other hands, the deck and the poke are dealt at random).
    fn hint(&self, q: &Question<Key>) -> Result<Hint, NoHint> {
        let Key::Turn(Some(_)) = q.key else {
            return Err(NoHint::NotAChoice);
        };
        self.advice(None)
    }

    /// `hint A-B C-D E-F`: the same, the player's dominoes named (real pieces).
    fn hint_with(&self, q: &Question<Key>, known: &str) -> Result<Hint, NoHint> {
        let Key::Turn(Some(i)) = q.key else {
            return Err(NoHint::NotAChoice);
        };
        if self.game.players.get(i).is_some_and(|p| p.held.is_some()) {
            // A virtual deal: kado knows the dominoes already.
            return Err(NoHint::TakesNothing);
        }
        let src = Source::new("hint", known);
        let holds = self.game.players.get(i).map_or(0, |p| p.dominoes);
        let held = super::input::read_held(&src, &self.game, holds).map_err(|e| NoHint::Unreadable {
            why: e.summary(),
            takes: "`hint` alone, or `hint` then the dominoes you hold, e.g. `hint 6-4 12-0 5-5`",
        })?;
        self.advice(Some(&held))
    }
}

#[cfg(test)]
mod tests;
