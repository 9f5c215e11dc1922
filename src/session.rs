//! Table-side sessions as event logs.
//!
//! A session (a Kin Kādo game, a Kinga game, a Koi-Koi ledger, a Kingmaker campaign) is
//! an append-only list of actions. Its state is never stored: it is the fold of the
//! actions over the starting position, so saving, resuming, undoing and testing are all
//! one mechanism. This module has the log and the fold; the CLI has the prompts and
//! writes the file.

use std::collections::BTreeMap;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::diag::{Code, Error, Problem, Source};
use crate::ruleset::{Ruleset, ValueProblem, key_column};
use crate::seat::SeatId;
use crate::view::{Choice, Event, Hand, Hint, PublicTable, SeatHand, Table};

mod file;
mod fix;
pub mod rights;
pub use fix::{Broken, FixError, Fixed, Given, answers, fix, undo_author};

/// A ruleset as a session records it: the base and every choice that differs from it,
/// the shape of a house-rules file, plus every ruling whose default has changed since
/// saves were first written (marked `old-saves` in its ruleset). Resuming does not need
/// the house file, and a save never depends on a default that may change.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct RulesetRecord {
    pub base: String,
    pub name: String,
    #[serde(default)]
    pub rulings: BTreeMap<String, String>,
    #[serde(default)]
    pub values: BTreeMap<String, i64>,
}

impl RulesetRecord {
    pub fn of(rules: &Ruleset) -> Result<RulesetRecord, Error> {
        let root = rules
            .lineage
            .first()
            .cloned()
            .unwrap_or_else(|| rules.name.clone());
        Ok(RulesetRecord::against(
            rules,
            &Ruleset::builtin(&root)?,
            root,
        ))
    }

    /// The record of `rules` against its built-in `base` (named `root`).
    fn against(rules: &Ruleset, base: &Ruleset, root: String) -> RulesetRecord {
        let rulings = rules
            .rulings
            .iter()
            .filter(|r| {
                base.choice_named(&r.id) != r.choice
                    || base.ruling(&r.id).is_some_and(|b| b.old_saves.is_some())
            })
            .map(|r| (r.id.clone(), r.choice.clone()))
            .collect();
        let values = rules
            .values
            .iter()
            .filter(|(k, v)| base.values.get(*k) != Some(v))
            .map(|(k, v)| (k.clone(), *v))
            .collect();
        RulesetRecord {
            base: root,
            name: rules.name.clone(),
            rulings,
            values,
        }
    }

    pub fn ruleset(&self) -> Result<Ruleset, Error> {
        self.over(Ruleset::builtin(&self.base)?)
    }

    /// The recorded choices over their built-in base.
    fn over(&self, mut rs: Ruleset) -> Result<Ruleset, Error> {
        // A ruling the save does not name was played under the default of its day.
        for r in &mut rs.rulings {
            if let Some(old) = &r.old_saves
                && !self.rulings.contains_key(&r.id)
            {
                r.choice = old.clone();
            }
        }
        for (id, choice) in &self.rulings {
            rs = rs.with_named(id, choice)?;
        }
        for (k, v) in &self.values {
            rs.check_value(k, *v).map_err(ValueProblem::into_problem)?;
            rs.values.insert(k.clone(), *v);
        }
        rs.name = self.name.clone();
        Ok(rs)
    }
}

/// Who made an action: the people at the table, or kado on its own (ALORA's turn, a
/// virtual deal). Undo takes back the last thing people said and what kado did after.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum By {
    Table,
    Kado,
}

/// One recorded action.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Entry<A> {
    pub by: By,
    /// Set on a correction (`fix N ANSWER`): the number of the table's answer this one
    /// replaces, counting the answers of the game as it stands. See [`fix`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fixes: Option<usize>,
    #[serde(flatten)]
    pub action: A,
}

impl<A> Entry<A> {
    /// An action as it happens (not a correction).
    pub fn new(by: By, action: A) -> Entry<A> {
        Entry {
            by,
            fixes: None,
            action,
        }
    }
}

/// A whole session file.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Log<S, A> {
    /// "kinkado", "kinga", …
    pub game: String,
    /// The file format's version.
    pub format: u32,
    /// The game's identity, drawn when it starts (`None` in saves from before kado drew
    /// one): the play history knows a game by it, whatever its moves. Optional, so every
    /// format reads without it, and an older kado, which ignores keys it does not know,
    /// reads a save that has it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The file the game's record is written to (`--record`), as an absolute path, so
    /// that `resume` goes on writing it. Optional, as `id` is: no format bump.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub record: Option<String>,
    /// Where the game was last served to phones (`--serve`), so that serving it again
    /// keeps each page's address: the phones' links go on working. Optional, as `id` is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub served: Option<Served>,
    pub ruleset: RulesetRecord,
    pub setup: S,
    pub actions: Vec<Entry<A>>,
    /// The file the log was read from, to point at (never written).
    #[serde(skip)]
    pub read_from: ReadFrom,
}

/// Where a game was served to the players' phones: the port its pages were on and each
/// seat's secret, the key in its page's address.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Served {
    pub port: u16,
    pub seats: Vec<ServedSeat>,
}

/// A seat's page: the player's name and the secret in its address.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct ServedSeat {
    pub name: String,
    pub secret: String,
}

/// The file a log was read from, so that an action that does not apply, or a setup a game
/// cannot start from, is pointed at by its line; nothing for a log made in this run. Not
/// part of the log: logs are equal whatever they were read from.
#[derive(Clone, Debug, Default)]
pub struct ReadFrom(Option<Source>);

impl PartialEq for ReadFrom {
    fn eq(&self, _: &ReadFrom) -> bool {
        true
    }
}

impl Eq for ReadFrom {}

/// Where each action of a save starts.
#[derive(Deserialize)]
struct ActionSpans {
    actions: Vec<serde_saphyr::Spanned<serde::de::IgnoredAny>>,
}

/// The part of a log a problem is about.
#[derive(Clone, Copy)]
enum Part {
    /// The action at this index (from 0).
    Action(usize),
    /// The value of a top-level key: `setup`, `ruleset`.
    Key(&'static str),
}

impl ReadFrom {
    /// The problem `message` about `part` of the log: at its line in the file the log was
    /// read from (kind [`Code::Save`]), or alone for a log made in this run.
    fn problem(&self, message: String, part: Part) -> Error {
        let p = Problem::new(message);
        let Some(src) = &self.0 else {
            return p.into();
        };
        let at = match part {
            Part::Action(i) => serde_saphyr::from_str::<ActionSpans>(&src.text)
                .ok()
                .and_then(|spans| spans.actions.get(i).map(|a| a.referenced))
                .map(|at| (at.line() as usize, at.column() as usize)),
            Part::Key(key) => src
                .text
                .lines()
                .position(|l| l.strip_prefix(key).is_some_and(|r| r.starts_with(':')))
                .map(|i| (i + 1, 1)),
        };
        let p = match at {
            Some((line, column)) => p.at_line_col(src, line, column),
            None => p.with_source(src.clone()),
        };
        p.code(Code::Save).into()
    }

    /// Forgets the file: for a log changed since it was read, whose actions are no longer
    /// where the file has them.
    pub fn forget(&mut self) {
        self.0 = None;
    }
}

/// What comes next in a session: `K` is the game's kind of question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step<A, K> {
    /// kado must ask the table.
    Ask(Question<K>),
    /// kado does this itself (ALORA's turn, a virtual card drawn).
    Auto(A),
    /// The session is over.
    Done,
}

/// A question for the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question<K> {
    /// What is asked, as the game reads the answer: an enum of the game's questions
    /// (`Key::Sell(seat)`).
    pub key: K,
    /// What the prompt says.
    pub prompt: String,
    /// What may be answered, for `help`.
    pub hint: String,
    /// The answer a blank line gives, where the question has one (ALORA's pick among
    /// equal cards): every surface takes Enter as an answer here, and nowhere else. The
    /// game reads the blank answer as this.
    pub default: Option<String>,
}

impl<K> Question<K> {
    pub fn new(key: impl Into<K>, prompt: impl Into<String>, hint: impl Into<String>) -> Self {
        Question {
            key: key.into(),
            prompt: prompt.into(),
            hint: hint.into(),
            default: None,
        }
    }

    /// The question with `default` as the answer Enter gives.
    pub fn enter(mut self, default: impl Into<String>) -> Self {
        self.default = Some(default.into());
        self
    }
}

/// A question as a surface is given it: which question it is, whom it asks, what it says
/// and what Enter answers. An answer from a page names the question by its `id`, and is
/// applied only to that question, and only from the seat it asks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Asking {
    /// The question's identity in this session: a new question (after any change to the
    /// game: an answer, an undo, a correction) has a new one.
    pub id: u64,
    /// The seat the question asks (`None`: anyone at the table may answer it, e.g. a
    /// card turned up from a real deck, or ALORA's pick among equal cards).
    pub seat: Option<SeatId>,
    pub prompt: String,
    /// What a blank answer gives, if the question takes one.
    pub default: Option<String>,
}

/// An answer composed by taps: what the seat's page draws, and the action the picks make
/// when the rules allow it (sent by the page's send button).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Composed<A> {
    pub view: crate::view::Compose,
    pub action: Option<A>,
}

impl<A> Composed<A> {
    /// The composer, with `action` only when its send button is ready.
    pub fn of(view: crate::view::Compose, action: Option<A>) -> Composed<A> {
        let action = action.filter(|_| view.send.is_ready());
        Composed { view, action }
    }
}

/// A value worked out from a position once, when first asked for, and kept until the
/// position changes (the owner replaces it with `Memo::default()` at every action). Two
/// memos are equal whatever they hold: a memo follows from the position it belongs to.
#[derive(Clone, Debug)]
pub struct Memo<T>(std::sync::OnceLock<T>);

impl<T> Default for Memo<T> {
    fn default() -> Memo<T> {
        Memo(std::sync::OnceLock::new())
    }
}

impl<T> PartialEq for Memo<T> {
    fn eq(&self, _: &Memo<T>) -> bool {
        true
    }
}

impl<T> Eq for Memo<T> {}

impl<T> Memo<T> {
    /// The value, worked out by `make` the first time.
    pub fn get_or(&self, make: impl FnOnce() -> T) -> &T {
        self.0.get_or_init(make)
    }

    /// The value, if worked out already.
    pub fn get(&self) -> Option<&T> {
        self.0.get()
    }

    /// Keeps `value`, unless one is kept already.
    pub fn keep(&self, value: T) {
        let _ = self.0.set(value);
    }
}

/// Why `hint` gives no advice at a question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoHint {
    /// The question is not a choice of play (a card to name, say).
    NotAChoice,
    /// `hint WHAT` at a question whose advice takes nothing more.
    TakesNothing,
    /// What was typed after `hint` does not read: why, and what to type.
    Unreadable { why: String, takes: &'static str },
    /// The advisor cannot advise from this position (its reason).
    Advisor(crate::diag::Error),
    /// The advisor found no move to weigh.
    NothingToWeigh,
}

impl std::fmt::Display for NoHint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoHint::NotAChoice => {
                f.write_str("kado has no advice for this question: it is not a choice of play")
            }
            NoHint::TakesNothing => {
                f.write_str("`hint` takes nothing after it at this prompt: type `hint` alone")
            }
            NoHint::Unreadable { why, takes } => write!(f, "{why}\n{takes}"),
            NoHint::Advisor(why) => f.write_str(&why.summary()),
            NoHint::NothingToWeigh => f.write_str("No move to weigh."),
        }
    }
}

/// A game that can be run as a session.
pub trait Session: Sized + Clone {
    type Setup: Clone + Serialize + DeserializeOwned;
    type Action: Clone + PartialEq + Serialize + DeserializeOwned + Upgrade<Self::Setup>;
    /// What a question asks, as the game reads its answer: an enum of the game's questions.
    type Key: Clone + std::fmt::Debug + PartialEq;
    /// Why a setup, an action or an answer is refused: a game's own error enum, whose
    /// words live in one place (Display).
    type Error: std::fmt::Display + std::fmt::Debug + crate::diag::Coded;
    /// Where the game stands, as far as showing the table goes: a new value is a new turn
    /// or phase, and the table is shown again ([`Session::phase_key`]).
    type Phase: Clone + PartialEq + std::fmt::Debug;

    /// The game's name in log files ("kinkado").
    const GAME: &'static str;

    /// Commands this game adds to those of every prompt, for `help` (", fix NAME MONEY").
    const COMMANDS: &'static str = "";

    /// The position before any action.
    fn start(setup: &Self::Setup, rules: &Ruleset) -> Result<Self, Self::Error>;

    /// Applies an action, or says why it cannot be applied. Returns what to tell the
    /// table (instructions such as "deal ALORA 2 cards face down").
    fn apply(&mut self, action: &Self::Action) -> Result<Vec<String>, Self::Error>;

    /// Applies an action as [`Session::apply`] does, and says what it means at the table
    /// as typed events: a game marks what ends a round or the game as its result, which a
    /// surface keeps in sight.
    fn events(&mut self, action: &Self::Action) -> Result<Vec<Event>, Self::Error> {
        Ok(self.apply(action)?.into_iter().map(Event::told).collect())
    }

    /// The pieces `action` puts before the table, as items (the cards sold or played, the
    /// domino laid), read in the position before it: what its event shows as pieces. Only
    /// what the rules show every seat; a card dealt into a hidden hand is none of them.
    fn pieces(&self, _action: &Self::Action) -> Vec<crate::view::Item> {
        Vec::new()
    }

    /// The answer to `question` as composed by taps on a phone, from what its seat has
    /// picked so far: the pieces it may tap, a count to step, and the answer they make
    /// when the rules allow it (`None`: the question is not answered by taps; its
    /// choices, or a typed answer, do).
    fn compose(
        &self,
        _question: &Question<Self::Key>,
        _picked: &crate::view::Picked,
    ) -> Option<Composed<Self::Action>> {
        None
    }

    /// What comes next.
    fn next(&self) -> Step<Self::Action, Self::Key>;

    /// Reads the table's answer to a question into an action, checking it against the
    /// state. The error says what is wrong and what is accepted.
    fn answer(
        &self,
        question: &Question<Self::Key>,
        text: &str,
    ) -> Result<Self::Action, Self::Error>;

    /// The table as it stands, as the people at it may see it (`status --json`): seats,
    /// what lies in the middle, whose turn; privacy decided here, by the game.
    fn table(&self) -> Table;

    /// The session's state as JSON, printed at the end under `--json` (null: none).
    fn summary(&self) -> serde_json::Value {
        serde_json::Value::Null
    }

    /// A key that changes when the table should be shown again (a new phase or round).
    fn phase_key(&self) -> Self::Phase;

    /// The advice for `question` when the player types `hint` at its prompt: the legal
    /// answers ranked, each row carrying the answer it stands for, computed only from
    /// what the player can see; the error says why there is none (a card to name, or a
    /// game without an advisor).
    fn hint(&self, _question: &Question<Self::Key>) -> Result<Hint, NoHint> {
        Err(NoHint::NotAChoice)
    }

    /// Under `--private`, the person whose hidden hand the next question is about: the
    /// device passes to them before it is asked (`None`: nobody's hand is at stake, or
    /// hands are not kept private).
    fn private_turn(&self) -> Option<String> {
        None
    }

    /// The hand of the player to move, for their eyes only, when they type `hand` (a game
    /// played with hands kept off the screen); `None` where there is no hand to show.
    fn hand(&self) -> Option<Hand> {
        None
    }

    /// The hand of the seat named `seat`, for that player's eyes only (a table served to
    /// phones shows it on their page); `None` where kado does not know it or the game
    /// holds no hands. `table` is [`Session::table`], built once for every seat. By
    /// default: the hand of the player to act ([`Session::hand`]) while it is theirs, else
    /// the cards the table shows for the seat.
    fn hand_of(&self, table: &Table, seat: &str) -> Option<Hand> {
        let hand = self
            .hand()
            .filter(|h| crate::seat::same_name(&h.player, seat));
        hand.or_else(|| {
            let s = table
                .seats
                .iter()
                .find(|s| crate::seat::same_name(&s.name, seat))?;
            match &s.held {
                crate::view::Held::Cards { items } => {
                    Some(Hand::new(s.name.clone()).part("", items.clone()))
                }
                _ => None,
            }
        })
    }

    /// The seat the question at hand asks, by its index among the table's seats (`None`:
    /// no question, or one anyone at the table may answer: a question about a seat kado
    /// plays, such as ALORA's pick among equal cards, is the table's). By default the
    /// person whose hidden hand it is about, else the seat to move.
    fn asked_seat(&self) -> Option<SeatId> {
        asked_at(self, &self.table())
    }

    /// Every piece the game holds hidden from the table at this point (the cards of hands
    /// kado dealt, ALORA's face-down cards, a seat's dominoes), as items coded as the
    /// table's items are: what no public view may hold. A game played with real cards,
    /// whose hands kado does not see, holds none.
    fn hidden(&self) -> Vec<crate::view::Item> {
        Vec::new()
    }

    /// The table as every seat may see it on a shared screen (the table's page, a terminal
    /// serving the game): [`Session::table`] with every hidden hand and what is drawn from
    /// one taken out. A game whose table draws something from a hidden hand in a way the
    /// general rule cannot see builds its own (Pokino's places).
    fn public_table(&self) -> PublicTable {
        self.table().public()
    }

    /// What every page of a table served to phones draws ([`crate::view::Shared`]): the
    /// public table, each seat's own hand, and whose answer is awaited.
    fn shared(&self) -> crate::view::Shared {
        let table = self.table();
        let hands = (table.seats.iter().enumerate())
            .filter(|(_, s)| !s.kado)
            .filter_map(|(i, s)| {
                let hand = self.hand_of(&table, &s.name)?;
                Some(SeatHand {
                    seat: SeatId(i),
                    hand,
                })
            })
            .collect();
        let answerer = self.asked_seat();
        let answers = match answerer {
            Some(_) => table.areas.iter().filter(|a| a.numbered).cloned().collect(),
            None => Vec::new(),
        };
        crate::view::Shared {
            table: self.public_table(),
            hands,
            answerer,
            answers,
        }
    }

    /// Every legal answer to `question`, each with its label and the text it types, when
    /// the game can list them from what it knows (empty otherwise: cards it has not been
    /// told, a free number). The full-screen view numbers them when they are few. They may
    /// name the hand of the seat asked: a served table shows them on that seat's page
    /// alone, and a screen the table shares does not show them while hands are kept
    /// private ([`Session::private_turn`]).
    fn choices(&self, _question: &Question<Self::Key>) -> Vec<Choice> {
        Vec::new()
    }

    /// The advice for `question` when the player types `hint WHAT`, telling what only they
    /// know (their own cards or Blink); the error says why there is none.
    fn hint_with(&self, _question: &Question<Self::Key>, _known: &str) -> Result<Hint, NoHint> {
        Err(NoHint::TakesNothing)
    }

    /// How the game stands for the play history (players, scores, winners, and the facts
    /// the game's records need); `None` for a session that is not a game.
    fn outcome(&self) -> Option<crate::history::Outcome> {
        None
    }

    /// The game so far in the game's record notation, which its `check` command reads
    /// back with the same result; `None` for a game without a record notation.
    fn record(&self) -> Option<String> {
        None
    }

    /// Whether the table may have answered `action` in a save of an earlier version, where
    /// kado now gives it itself (a question with one legal answer): such a save still loads.
    fn once_asked(_action: &Self::Action) -> bool {
        false
    }

    /// An action of the table's as it would be typed at this point, for `fix`, which
    /// lists the answers given. By default the action's recorded form on one line.
    fn said(&self, action: &Self::Action) -> String {
        serde_json::to_string(action).unwrap_or_default()
    }
}

/// The seat `g`'s question asks, read from `table`, the game's table as it stands (see
/// [`Session::asked_seat`]).
pub(crate) fn asked_at<G: Session>(g: &G, table: &Table) -> Option<SeatId> {
    let Step::Ask(_) = g.next() else {
        return None;
    };
    let who = g.private_turn().or_else(|| table.to_move.clone())?;
    let i = (table.seats.iter()).position(|s| crate::seat::same_name(&s.name, &who))?;
    (!table.seats[i].kado).then_some(SeatId(i))
}

/// The save-file format this version writes. Formats 1 and 2 named a seat in an action by
/// its player's name, 3 by its index in the setup's players ([`SEATS_BY_INDEX`]); 2 added
/// corrections, an entry with `fixes`; 4 deals a virtual Kin Kādo pack with the played
/// cards put back sorted (`played_back: sorted` in its setup; a save without it puts them
/// back in the order played, as formats 1 to 3 did), so a kado that reads only up to 3
/// refuses such a save rather than deal it differently.
pub const FORMAT: u32 = 4;

/// The first format whose actions name a seat by its index: older saves are upgraded.
pub const SEATS_BY_INDEX: u32 = 3;

/// Every save-file format this version reads (each has a fixture in cli/tests/fixtures/saves).
pub const READS: &[u32] = &[1, 2, 3, 4];

/// How an action of a save written before format 3 reads in this format. Those saves
/// named a seat by its player's name where actions now hold its index; each game whose
/// actions name a seat rewrites them from its setup. The default: nothing to rewrite.
pub trait Upgrade<S> {
    /// Rewrites `action` (as read from the file) in place, or says why it cannot (a name
    /// that is no player of the setup).
    fn seats_by_index(_setup: &S, _action: &mut serde_json::Value) -> Result<(), NoSeat> {
        Ok(())
    }
}

/// A seat named in an old save's action that is no seat of its game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoSeat {
    pub name: String,
    /// The seats there are, in order.
    pub seats: Vec<String>,
}

impl std::fmt::Display for NoSeat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "`{}` is not a player of the game ({})",
            self.name,
            self.seats.join(", ")
        )
    }
}

/// Why an action of an old save does not read in this format.
#[derive(Debug)]
enum Unreadable {
    NoSeat(NoSeat),
    Shape(serde_json::Error),
}

impl std::fmt::Display for Unreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unreadable::NoSeat(e) => e.fmt(f),
            Unreadable::Shape(e) => e.fmt(f),
        }
    }
}

/// The index of the seat `name` names (matched without regard to case) in `players`,
/// for [`Upgrade`]: ALORA, when she plays, sits after the players.
pub fn seat_of(players: &[String], alora: bool, name: &str) -> Result<usize, NoSeat> {
    if let Some(i) = crate::seat::position(players, name) {
        return Ok(i);
    }
    if alora && crate::seat::same_name(name, "alora") {
        return Ok(players.len());
    }
    let mut seats = players.to_vec();
    if alora {
        seats.push("ALORA".to_string());
    }
    Err(NoSeat {
        name: name.to_string(),
        seats,
    })
}

/// Rewrites the string at `key` of an action, a seat's name, into the seat's index.
pub fn index_at(
    action: &mut serde_json::Value,
    key: &str,
    seat: impl Fn(&str) -> Result<usize, NoSeat>,
) -> Result<(), NoSeat> {
    if let Some(v) = action.get_mut(key)
        && let Some(name) = v.as_str()
    {
        *v = serde_json::Value::from(seat(name)?);
    }
    Ok(())
}

/// Replays a log from the start. Returns the state, or the first action that does not
/// apply (a log edited by hand, or written by another version).
pub fn replay<G: Session>(log: &Log<G::Setup, G::Action>) -> Result<G, Error> {
    fold::<G>(log).map(|f| f.game)
}

/// The game's actions as they stand, each correction made in place: what a log means
/// once its `fix` entries are applied.
pub fn effective<G: Session>(
    log: &Log<G::Setup, G::Action>,
) -> Result<Vec<Entry<G::Action>>, Error> {
    fold::<G>(log).map(|f| f.actions)
}

/// Applies `action`, made `by` the table or by kado, and returns what it means at the
/// table as events (see [`Session::events`]), each marked with the seat whose answer it
/// reports (the seat the question asked) and the first public one with the pieces the
/// move put before the table.
pub fn told<G: Session>(g: &mut G, action: &G::Action, by: By) -> Result<Vec<Event>, G::Error> {
    let seat = match (by, g.next()) {
        (By::Table, Step::Ask(_)) => g.asked_seat(),
        _ => None,
    };
    let mut pieces = g.pieces(action);
    let mut said = g.events(action)?;
    for e in &mut said {
        e.by = e.by.or(seat);
        if e.is_public() && e.items.is_empty() {
            e.items = std::mem::take(&mut pieces);
        }
    }
    Ok(said)
}

/// What the last `most` actions of a log said, oldest first, as their events: what a
/// surface that keeps a log of the game (a served page) shows again when the game is
/// resumed.
pub fn recent_events<G: Session>(
    log: &Log<G::Setup, G::Action>,
    most: usize,
) -> Result<Vec<Event>, Error> {
    let actions = effective::<G>(log)?;
    let mut g = start::<G>(log)?;
    let mut events = std::collections::VecDeque::with_capacity(most + 1);
    for e in &actions {
        let said = told(&mut g, &e.action, e.by)
            .map_err(|why| Error::msg(format!("the log does not replay: {why}")))?;
        for ev in said {
            if events.len() == most {
                events.pop_front();
            }
            events.push_back(ev);
        }
    }
    Ok(events.into())
}

/// A log folded: the state after every action, and the actions as they stand (each
/// correction made in place).
struct Folded<G: Session> {
    game: G,
    actions: Vec<Entry<G::Action>>,
}

/// The fold of a log.
fn fold<G: Session>(log: &Log<G::Setup, G::Action>) -> Result<Folded<G>, Error> {
    let start = start::<G>(log)?;
    let mut g = start.clone();
    let mut actions: Vec<Entry<G::Action>> = Vec::with_capacity(log.actions.len());
    let mut fixes = 0;
    for (i, e) in log.actions.iter().enumerate() {
        let at = |why: String| {
            let message = format!("action {} of the log {why}", i + 1);
            log.read_from.problem(message, Part::Action(i))
        };
        if let Some(number) = e.fixes {
            fixes += 1;
            if e.by != By::Table {
                return Err(at("is a correction marked as kado's".into()));
            }
            if fixes > fix::MAX_FIXES {
                return Err(at(format!(
                    "is a correction past the {}th, more than a save may hold",
                    fix::MAX_FIXES
                )));
            }
            let (folded, _) = fix::refold(&start, &actions, number, &e.action)
                .map_err(|why| at(format!("does not apply: {why}")))?;
            (g, actions) = (folded.game, folded.actions);
            continue;
        }
        check_author(&g, e).map_err(|why| at(why.into()))?;
        g.apply(&e.action)
            .map_err(|why| at(format!("does not apply: {why}")))?;
        actions.push(e.clone());
    }
    Ok(Folded { game: g, actions })
}

/// The position before a log's first action.
fn start<G: Session>(log: &Log<G::Setup, G::Action>) -> Result<G, Error> {
    let rules = log.ruleset.ruleset()?;
    // A game refuses its start for its setup, or for a ruleset of another game.
    let part = Part::Key(if rules.game == G::GAME {
        "setup"
    } else {
        "ruleset"
    });
    G::start(&log.setup, &rules).map_err(|e| log.read_from.problem(e.to_string(), part))
}

/// Checks that an action is recorded as made by whoever makes it at that point: kado's
/// own steps are exactly what kado would do, and the table answers only when asked (or
/// gave, in an older save, the one answer kado now gives itself).
fn check_author<G: Session>(g: &G, e: &Entry<G::Action>) -> Result<(), &'static str> {
    match (e.by, g.next()) {
        (By::Kado, Step::Auto(a)) if a == e.action => Ok(()),
        (By::Kado, Step::Auto(_)) => Err("is marked as kado's, but kado does something else there"),
        (By::Kado, Step::Ask(_)) => Err("is marked as kado's, but there kado asks the table"),
        (By::Table, Step::Ask(_)) => Ok(()),
        // A save written when the table answered a question that kado now answers itself
        // (its one legal answer): the same action, so the save still loads.
        (By::Table, Step::Auto(a)) if a == e.action && G::once_asked(&a) => Ok(()),
        (By::Table, Step::Auto(_)) => {
            Err("is marked as the table's, but kado makes that step itself")
        }
        (_, Step::Done) => Err("comes after the game is over"),
    }
}

/// What an action said, as events: all of it the result when `ended` (the action ended a
/// round or the game), else told.
pub fn said_as(said: Vec<String>, ended: bool) -> Vec<Event> {
    let make = if ended { Event::result } else { Event::told };
    said.into_iter().map(make).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(values: &[(&str, i64)]) -> RulesetRecord {
        RulesetRecord {
            base: "kinkado".into(),
            name: "h.yaml".into(),
            rulings: BTreeMap::new(),
            values: values.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
        }
    }

    #[test]
    fn a_ruling_whose_default_changed_replays_old_saves_under_the_old_default() {
        // Suppose sell-turns had been one-at-a-time before, and is marked so.
        let mut base = Ruleset::builtin("kinkado").unwrap();
        for r in &mut base.rulings {
            if r.id == "sell-turns" {
                r.old_saves = Some("one-at-a-time".into());
            }
        }
        // A save from before names no choice: it replays under the old default.
        let old = record(&[]).over(base.clone()).unwrap();
        assert!(old.is(crate::kinkado::ruling::SellTurns::OneAtATime));
        // A save written now names the ruling even at today's default, and keeps it.
        let now = RulesetRecord::against(&base, &base, "kinkado".into());
        assert_eq!(
            now.rulings.get("sell-turns").map(String::as_str),
            Some("whole-turn")
        );
        assert!(
            now.over(base.clone())
                .unwrap()
                .is(crate::kinkado::ruling::SellTurns::WholeTurn)
        );
        // Rulings without the mark are recorded only when they differ, as before.
        assert!(!now.rulings.contains_key("joker-sum"));
    }

    #[test]
    fn a_record_sets_only_values_inside_their_ranges() {
        let rs = record(&[("start-money", 0)]).ruleset();
        assert_eq!(
            rs.map(|rs| rs.value(crate::kinkado::ruling::Value::StartMoney)),
            Ok(0)
        );
        let e = record(&[("start-money", -50)]).ruleset().unwrap_err();
        assert_eq!(
            e.problems[0].message,
            "`-50` is outside the range of value `start-money`"
        );
        let e = record(&[("start-mony", 60)]).ruleset().unwrap_err();
        assert_eq!(
            e.problems[0].message,
            "unknown value `start-mony` for Kin Kādo"
        );
    }

    impl Upgrade<serde_json::Value> for serde_json::Value {}
    impl Upgrade<u32> for u32 {}

    #[test]
    fn a_save_with_too_many_values_was_refused_as_budget_breached_nodes() {
        type L = Log<serde_json::Value, serde_json::Value>;
        let many = format!("game: kinga\nformat: 1\nx: [{}1]\n", "1,".repeat(300_000));
        let e = L::from_yaml("g.yaml", &many, "kinga").unwrap_err();
        assert_eq!(
            e.problems[0].message,
            "g.yaml is not a readable session log: it holds more than the 250000 values, lists and mappings kado reads"
        );
        let twice = "game: kinga\nformat: 1\nformat: 1\n";
        let e = L::from_yaml("g.yaml", twice, "kinga").unwrap_err();
        assert_eq!(
            e.problems[0].message,
            "g.yaml is not a readable session log: the key `format` is given twice"
        );
        assert_eq!(e.problems[0].position(), Some((3, 1)));
    }

    #[test]
    fn a_game_s_identity_is_an_optional_key_an_older_kado_reads_past() {
        type Toy = Log<u32, u32>;
        let with = "game: toy\nformat: 4\nid: 0f3a\nruleset:\n  base: kinga\n  name: kinga\n  rulings: {}\n  values: {}\nsetup: 7\nactions: []\n";
        let log: Toy = Log::from_yaml("t", with, "toy").unwrap();
        assert_eq!(log.id.as_deref(), Some("0f3a"));
        assert_eq!(log.to_yaml().unwrap(), with);
        // A save from before identities reads, and is written without one.
        let without = with.replace("id: 0f3a\n", "");
        let old: Toy = Log::from_yaml("t", &without, "toy").unwrap();
        assert_eq!(old.id, None);
        assert_eq!(old.to_yaml().unwrap(), without);
        // A kado from before identities reads a log as this struct, which does not
        // refuse keys it does not know: it reads the new save, and ignores the id.
        #[derive(Deserialize)]
        #[allow(dead_code)]
        struct Before {
            game: String,
            format: u32,
            ruleset: RulesetRecord,
            setup: u32,
            actions: Vec<BTreeMap<String, String>>,
        }
        let before: Before = serde_saphyr::from_str(with).unwrap();
        assert_eq!((before.format, before.setup), (4, 7));
    }
}
