//! What a surface draws: the typed values a session hands to line mode, the full-screen
//! view and `--json` alike. A game computes them from what it knows (its hint's rows and
//! the answer each stands for, the legal answers, a hand shown on request, what it says);
//! every surface only draws them, and none reads back text another one drew.

use crate::seat::SeatId;
use serde::Serialize;

mod board;
mod compose;
mod grid;
pub use board::{At, Board, Claim, Hex, Hue, Laid, Mark, Spot, number_words, square_words};
pub use compose::{Compose, Pick, PickGroup, Picked, Send, Stepper, card_group, taps};
pub use grid::{Doc, Grid, Piece};

/// One legal answer to a question: what it shows and the exact text it types.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Choice {
    /// What a list of answers shows for it.
    pub label: String,
    /// What it types at the prompt, which the game reads back as this answer.
    pub typed: String,
}

impl Choice {
    /// An answer shown as it is typed.
    pub fn typed(text: impl Into<String>) -> Choice {
        let typed = text.into();
        Choice {
            label: typed.clone(),
            typed,
        }
    }

    /// An answer shown under a `label` of its own.
    pub fn labelled(label: impl Into<String>, typed: impl Into<String>) -> Choice {
        Choice {
            label: label.into(),
            typed: typed.into(),
        }
    }
}

/// An answer writes as it is typed.
impl std::fmt::Display for Choice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.typed)
    }
}

/// An answer is the text it types.
impl PartialEq<&str> for Choice {
    fn eq(&self, other: &&str) -> bool {
        self.typed == *other
    }
}

/// A column of figures in a hint's table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Column {
    pub title: String,
    /// Which column goes first when the table is too wide for its room: the lowest
    /// `keep` is dropped first (the answer itself is never dropped).
    pub keep: u8,
}

impl Column {
    pub fn new(title: impl Into<String>, keep: u8) -> Column {
        Column {
            title: title.into(),
            keep,
        }
    }
}

/// One weighed answer: the answer it stands for and its figures, one per column.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Row {
    pub answer: Choice,
    pub cells: Vec<String>,
}

/// The advice at a question: its answers ranked, best first, each with its figures.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Hint {
    /// A line before the table (the best move in words), if any.
    pub headline: Option<String>,
    /// The title of the answers' column ("Answer").
    pub answer_title: String,
    pub columns: Vec<Column>,
    /// Best first.
    pub rows: Vec<Row>,
    /// What was left out of the rows ("… and 4 more (--json lists them all).").
    pub more: Option<String>,
    /// How the figures were reached, one paragraph each.
    pub notes: Vec<String>,
}

impl Hint {
    /// A hint with the answers' column titled `answer_title` and figure columns `columns`.
    pub fn new(answer_title: impl Into<String>, columns: Vec<Column>) -> Hint {
        Hint {
            headline: None,
            answer_title: answer_title.into(),
            columns,
            rows: Vec::new(),
            more: None,
            notes: Vec::new(),
        }
    }

    /// Adds a row, best rows first.
    pub fn row(&mut self, answer: Choice, cells: Vec<String>) {
        self.rows.push(Row { answer, cells });
    }

    /// The answer the hint puts first.
    pub fn best(&self) -> Option<&Choice> {
        self.rows.first().map(|r| &r.answer)
    }

    /// The hint as line mode prints it: the headline, a table whose first column marks
    /// the best row and numbers the others, then what was left out and the notes.
    pub fn doc(&self) -> Doc {
        let mut out = Doc::new();
        if let Some(h) = &self.headline {
            out += h;
            out += "\n";
        }
        if !self.rows.is_empty() {
            let header = ["", self.answer_title.as_str()]
                .into_iter()
                .map(str::to_string)
                .chain(self.columns.iter().map(|c| c.title.clone()));
            let mut t = Grid::new(header);
            for (i, r) in self.rows.iter().enumerate() {
                let mark = if i == 0 {
                    "best".to_string()
                } else {
                    (i + 1).to_string()
                };
                t.row(
                    [mark, r.answer.label.clone()]
                        .into_iter()
                        .chain(r.cells.iter().cloned()),
                );
            }
            out.push_grid(t);
        }
        for line in self.more.iter().chain(&self.notes) {
            out += line;
            out += "\n";
        }
        out
    }
}

/// What a hand shown on request holds, for its player's eyes only.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Hand {
    /// Whose hand it is.
    pub player: String,
    /// Its parts (cards, dominoes), each with a label and the items as shown.
    pub parts: Vec<Part>,
}

/// A labelled group of things held.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Part {
    pub label: String,
    /// The things held, each with its code, its face and its tone.
    pub items: Vec<Item>,
    /// Whether each item is a group of things (a month's cards), drawn with ` · `
    /// between them rather than a space.
    pub grouped: bool,
}

impl Part {
    /// The part as written: `dominoes: 6-4 12-0`, its items a space apart (groups ` · `).
    pub fn text(&self) -> String {
        let texts: Vec<&str> = self.items.iter().map(|i| i.text.as_str()).collect();
        let items = texts.join(if self.grouped { " · " } else { " " });
        if self.label.is_empty() {
            items
        } else {
            format!("{}: {items}", self.label)
        }
    }
}

impl Hand {
    pub fn new(player: impl Into<String>) -> Hand {
        Hand {
            player: player.into(),
            parts: Vec::new(),
        }
    }

    /// Adds a labelled part.
    pub fn part(mut self, label: impl Into<String>, items: Vec<Item>) -> Hand {
        self.parts.push(Part {
            label: label.into(),
            items,
            grouped: false,
        });
        self
    }

    /// Adds a part whose items are groups (drawn with ` · ` between them).
    pub fn groups(mut self, label: impl Into<String>, items: Vec<Item>) -> Hand {
        self.parts.push(Part {
            label: label.into(),
            items,
            grouped: true,
        });
        self
    }

    /// The hand as line mode prints it: `ana's hand: K♠ K♥; dominoes: 6-4 12-0`; a hand of
    /// groups wraps at 80 columns, under its first group.
    pub fn text(&self) -> String {
        let label = format!("{} hand: ", crate::words::possessive(&self.player));
        let mut pieces: Vec<String> = Vec::new();
        for p in &self.parts {
            let sep = if p.grouped { " · " } else { " " };
            let mut items = p.items.iter();
            let first = items.next().map_or(String::new(), |i| i.text.clone());
            let head = if p.label.is_empty() {
                first
            } else {
                format!("{}: {first}", p.label)
            };
            if let Some(last) = pieces.last_mut() {
                *last += ";";
            }
            pieces.push(head);
            for i in items {
                if p.grouped {
                    if let Some(last) = pieces.last_mut() {
                        *last += " ·";
                    }
                    pieces.push(i.text.clone());
                } else if let Some(last) = pieces.last_mut() {
                    *last += sep;
                    *last += &i.text;
                }
            }
        }
        let indent = " ".repeat(label.chars().count());
        let mut out = String::new();
        let mut line = label;
        for (i, piece) in pieces.iter().enumerate() {
            if i > 0 && line.chars().count() + 1 + piece.chars().count() > 80 {
                out += line.trim_end();
                out.push('\n');
                line = format!("{indent}{piece}");
            } else {
                if i > 0 {
                    line.push(' ');
                }
                line += piece;
            }
        }
        out + &line + "\n"
    }
}

/// What kind of thing kado says, so a surface can keep some in sight.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// What happened or what the table is to do (a deal, ALORA's move, a capture).
    #[default]
    Told,
    /// A round's or a game's result (a reveal settled, a round scored, the winner): it
    /// stays in sight until the next answer.
    Result,
}

/// Who may see an event.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Audience {
    /// Everyone at the table.
    #[default]
    Public,
    /// One seat alone: what it drew into a hand the others may not see.
    Seat { seat: SeatId },
}

/// One thing kado says at the table, as a value: what it says, who did it, the pieces it
/// puts before the table, and who may see it. A surface draws it; none reads its text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Event {
    pub kind: Kind,
    pub text: String,
    /// The seat whose answer this reports (`None`: kado's own step, or the table's answer
    /// to a question no seat in particular was asked).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by: Option<SeatId>,
    /// The pieces the move put before the table, as typed (the cards sold, the domino
    /// laid, the card played and those it took).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<Item>,
    pub to: Audience,
}

impl Event {
    pub fn told(text: impl Into<String>) -> Event {
        Event {
            kind: Kind::Told,
            text: text.into(),
            by: None,
            items: Vec::new(),
            to: Audience::Public,
        }
    }

    pub fn result(text: impl Into<String>) -> Event {
        Event {
            kind: Kind::Result,
            ..Event::told(text)
        }
    }

    /// The event, for `seat`'s eyes alone.
    pub fn for_seat(mut self, seat: SeatId) -> Event {
        self.to = Audience::Seat { seat };
        self
    }

    /// The event, with the pieces it names.
    pub fn with(mut self, items: Vec<Item>) -> Event {
        self.items = items;
        self
    }

    /// Whether `viewer` may see the event: `None` is a screen every seat shares (the
    /// table's page, the terminal serving a game), which sees only public events.
    pub fn seen_by(&self, viewer: Option<SeatId>) -> bool {
        match self.to {
            Audience::Public => true,
            Audience::Seat { seat } => viewer == Some(seat),
        }
    }

    pub fn is_public(&self) -> bool {
        self.to == Audience::Public
    }
}

impl From<String> for Event {
    fn from(text: String) -> Event {
        Event::told(text)
    }
}

impl From<&str> for Event {
    fn from(text: &str) -> Event {
        Event::told(text)
    }
}

/// The version of the table's shape in JSON (`status --json`): raised whenever a field
/// changes its meaning or goes, so another program can rely on it (a key added, such as
/// `board`, leaves it be). Version 2: Pokino's dominoes laid moved from the area `board`
/// to the picture's `pieces`.
pub const TABLE_VERSION: u32 = 2;

/// The table as it stands, as the people at it may see it: where the game is, each seat,
/// and what lies in the middle. Privacy is decided when a game builds it: a hand is given
/// as its cards only where the table may see them, else as a count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Table {
    /// [`TABLE_VERSION`].
    pub version: u32,
    /// The game's name in commands (`kinkado`).
    pub game: &'static str,
    /// The round under way (or last played), and how many the game has.
    pub round: Option<Round>,
    /// The phase of the round or turn (`sell`, `bet`), where the game has phases.
    pub phase: Option<String>,
    pub dealer: Option<String>,
    /// Whose turn it is, while the game goes on.
    pub to_move: Option<String>,
    pub over: bool,
    /// What a seat's score is called (`stash`, `points`, `kings exposed`).
    pub score_title: &'static str,
    /// What the cards in front of a seat are called (`face up`, `captured`).
    pub shown_title: &'static str,
    /// The cards shown run long (a Koi-Koi player's captures): a surface lists them under
    /// the seats rather than in a column.
    pub shown_below: bool,
    /// Scores, bets and amounts are dollars.
    pub dollars: bool,
    pub seats: Vec<Seat>,
    /// What lies in the middle: piles, the market, the prize pool, the board.
    pub areas: Vec<Area>,
    /// The board as a picture of text, where the game has one (Pokino's board,
    /// Kingmaker's Commons): what a terminal draws.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub picture: Option<Picture>,
    /// The same board as shapes (squares, hexagons), for a surface that draws them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<Board>,
    /// The score sheet so far, where the game keeps one (Koi-Koi's rounds scored alone,
    /// Kingmaker's Years).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sheet: Option<Sheet>,
    /// What else the table should know (a hand kept private, the winner, the kings turned).
    pub notes: Vec<String>,
}

/// A score sheet: a row for each round or Year played, under its column titles.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Sheet {
    pub columns: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

/// A round's number and, where it is fixed, how many there are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Round {
    /// What the game calls it: `round`, `turn`, `year`.
    pub word: &'static str,
    pub number: u32,
    pub of: Option<u32>,
}

/// One seat at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Seat {
    pub name: String,
    /// Played by kado (ALORA, or a kado opponent).
    pub kado: bool,
    /// What the seat has to its name: a stash in dollars, points, kings exposed.
    pub score: Option<i64>,
    /// Its bet this round, where the game bets.
    pub bet: Option<i64>,
    /// Cards in front of it for all to see: face up, or captured.
    pub shown: Vec<Item>,
    /// What it holds.
    pub held: Held,
    /// Other figures of the seat, each a column of the seats (Pokino's beads, cards and
    /// dominoes held).
    pub figures: Vec<Figure>,
    /// What else goes with the seat (the yaku it has and the closest, the borders it claimed).
    pub notes: Vec<String>,
}

/// A named figure of a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Figure {
    pub name: &'static str,
    pub amount: i64,
}

impl Seat {
    /// A seat with nothing but its name and score.
    pub fn new(name: impl Into<String>, score: Option<i64>) -> Seat {
        Seat {
            name: name.into(),
            kado: false,
            score,
            bet: None,
            shown: Vec::new(),
            held: Held::Nothing,
            figures: Vec::new(),
            notes: Vec::new(),
        }
    }
}

/// What a seat holds, as far as the table may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Held {
    /// Nothing (or the game holds no hands).
    Nothing,
    /// Cards the table may not see: how many.
    Count { count: usize },
    /// The cards themselves, where the table may see them.
    Cards { items: Vec<Item> },
}

/// A card, domino or other piece: its code as typed and its face as shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Item {
    pub code: String,
    pub text: String,
    /// The colour family a surface may draw it in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tone: Option<Tone>,
    /// The group it is listed under (a Koi-Koi card's flower or kind); items of one group
    /// come together, and a surface names the group once and draws each by its code.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
}

/// What colour a piece is drawn in, where a surface draws colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Tone {
    /// Hearts and diamonds.
    Red,
    /// Spades and clubs.
    Black,
    /// Jokers.
    Joker,
    /// Hanafuda kinds.
    Bright,
    Animal,
    Ribbon,
    Plain,
    /// The four lights of a Kingmaker Blink.
    LampRed,
    LampYellow,
    LampGreen,
    LampBlue,
}

impl Item {
    /// A piece whose code is its face (a domino, a group of cards).
    pub fn plain(text: impl Into<String>) -> Item {
        let text = text.into();
        Item::new(text.clone(), text)
    }

    pub fn new(code: impl Into<String>, text: impl Into<String>) -> Item {
        Item {
            code: code.into(),
            text: text.into(),
            tone: None,
            group: None,
        }
    }

    pub fn tone(mut self, tone: Tone) -> Item {
        self.tone = Some(tone);
        self
    }

    pub fn group(mut self, group: impl Into<String>) -> Item {
        self.group = Some(group.into());
        self
    }
}

/// A picture of the board: rows of runs of text, each run drawn in one look.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Picture {
    pub rows: Vec<Vec<Run>>,
    /// The pieces drawn, as typed (Pokino: each domino laid, `4-8@3,0h`).
    pub pieces: Vec<Item>,
    /// The row of the last piece laid: where a window on a tall picture looks first
    /// when no place is marked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last: Option<usize>,
}

/// A run of a picture's row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Run {
    pub text: String,
    pub look: Look,
}

/// How a run of a picture is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Look {
    Plain,
    /// A claimed border or corner.
    Claimed,
    /// A numbered place where a piece may be laid.
    Place,
}

impl Picture {
    /// Adds `text` in `look` to the last row, joining it to a run of the same look.
    pub fn push(&mut self, text: &str, look: Look) {
        let Some(row) = self.rows.last_mut() else {
            self.rows.push(vec![Run {
                text: text.to_string(),
                look,
            }]);
            return;
        };
        match row.last_mut() {
            Some(run) if run.look == look => run.text.push_str(text),
            _ => row.push(Run {
                text: text.to_string(),
                look,
            }),
        }
    }

    /// A picture drawn as plain text, one row a line.
    pub fn of_text(text: &str) -> Picture {
        let mut p = Picture::default();
        for line in text.lines() {
            p.rows.push(Vec::new());
            p.push(line, Look::Plain);
        }
        p
    }

    /// Each row as plain text.
    pub fn lines(&self) -> Vec<String> {
        self.rows
            .iter()
            .map(|r| r.iter().map(|run| run.text.as_str()).collect())
            .collect()
    }
}

/// Something in the middle of the table: its name, the pieces in it, and a figure.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Area {
    pub name: String,
    pub items: Vec<Item>,
    /// A count or sum that goes with it (the prize pool's dollars, cards left in a pile).
    pub amount: Option<i64>,
    /// Its items are answers numbered from 1 (Pokino's places: `1` lays the first).
    pub numbered: bool,
}

impl Area {
    pub fn new(name: impl Into<String>, items: Vec<Item>) -> Area {
        Area {
            name: name.into(),
            items,
            amount: None,
            numbered: false,
        }
    }

    pub fn amount(mut self, amount: i64) -> Area {
        self.amount = Some(amount);
        self
    }

    pub fn numbered(mut self) -> Area {
        self.numbered = true;
        self
    }
}

/// What every page of a table served to the players' phones draws: the table as all of
/// them may see it, each seat's own hand for its eyes only, and whose answer kado waits
/// for. Privacy is decided here, once, by type: the shared table is a [`PublicTable`],
/// which holds no seat's hidden cards nor anything drawn from them, and a hand is given
/// only to its own seat.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Shared {
    /// The table as every seat may see it.
    pub table: PublicTable,
    /// Each seat's hand as only its player may see it, where kado knows it.
    pub hands: Vec<SeatHand>,
    /// The seat whose answer the question waits for (`None`: anyone at the table may
    /// answer, e.g. the card turned up from a real deck).
    pub answerer: Option<SeatId>,
    /// What the table lists for the answerer alone: its answers numbered from 1 (Pokino's
    /// places, which name the dominoes it holds).
    pub answers: Vec<Area>,
}

/// A seat's own hand, for that seat's eyes only.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatHand {
    pub seat: SeatId,
    pub hand: Hand,
}

impl Shared {
    /// The hand of `seat`, if kado shows it to them.
    pub fn hand_of(&self, seat: SeatId) -> Option<&Hand> {
        self.hands.iter().find(|h| h.seat == seat).map(|h| &h.hand)
    }

    /// The answers listed for `seat` alone: those of the question when it is theirs.
    pub fn answers_for(&self, seat: SeatId) -> &[Area] {
        if self.answerer == Some(seat) {
            &self.answers
        } else {
            &[]
        }
    }
}

/// The table as every player may see it on a screen they share (the table's page, the
/// terminal serving a game) while each holds their own hand elsewhere. Made only by
/// [`PublicTable::of`], which takes out what a seat holds hidden and everything drawn from
/// it; read through [`std::ops::Deref`] as a [`Table`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct PublicTable(Table);

impl std::ops::Deref for PublicTable {
    type Target = Table;
    fn deref(&self) -> &Table {
        &self.0
    }
}

impl PublicTable {
    /// `table` made public: a hand shown as its cards becomes how many cards it holds;
    /// the answers numbered for the player to move (which name what they hold) go, and so
    /// do the places marked on a board for them, as shapes and in the picture.
    pub fn of(table: Table) -> PublicTable {
        let mut t = table;
        for s in &mut t.seats {
            if let Held::Cards { items } = &s.held {
                s.held = Held::Count { count: items.len() };
            }
        }
        t.areas.retain(|a| !a.numbered);
        if let Some(Board::Squares { places, .. }) = &mut t.board {
            places.clear();
        }
        if let Some(p) = &mut t.picture {
            for run in p.rows.iter_mut().flatten() {
                if run.look == Look::Place {
                    run.text = " ".repeat(run.text.chars().count());
                    run.look = Look::Plain;
                }
            }
        }
        PublicTable(t)
    }

    /// The table as a [`Table`], to draw.
    pub fn table(&self) -> &Table {
        &self.0
    }
}

impl Default for Table {
    fn default() -> Table {
        Table::new("")
    }
}

impl Table {
    /// The table as every player may see it on a screen they share: see [`PublicTable`].
    pub fn public(&self) -> PublicTable {
        PublicTable::of(self.clone())
    }

    /// A table of `game` with nothing on it yet.
    pub fn new(game: &'static str) -> Table {
        Table {
            version: TABLE_VERSION,
            game,
            round: None,
            phase: None,
            dealer: None,
            to_move: None,
            over: false,
            score_title: "score",
            shown_title: "shown",
            shown_below: false,
            dollars: false,
            seats: Vec::new(),
            areas: Vec::new(),
            picture: None,
            board: None,
            sheet: None,
            notes: Vec::new(),
        }
    }
}

/// Playing cards as items: `KH` shown `K♥`.
pub fn cards(cards: &[crate::cards::Card]) -> Vec<Item> {
    cards.iter().map(|c| card(*c)).collect()
}

/// A playing card as an item, in its suit's tone.
pub fn card(c: crate::cards::Card) -> Item {
    use crate::cards::Suit;
    let tone = match c.suit() {
        Some(Suit::Hearts | Suit::Diamonds) => Tone::Red,
        Some(_) => Tone::Black,
        None => Tone::Joker,
    };
    Item::new(c.code(), c.to_string()).tone(tone)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hint_prints_its_best_row_marked_and_the_others_numbered() {
        let mut h = Hint::new("Answer", vec![Column::new("Wins", 2)]);
        h.headline = Some("Turn 3.".into());
        h.row(Choice::typed("exile AD"), vec!["22%".into()]);
        h.row(Choice::typed("2D on 3D"), vec!["18%".into()]);
        h.notes.push("Played out 400 times.".into());
        let doc = h.doc();
        let mut grid = Grid::new(["", "Answer", "Wins"]);
        grid.row(["best", "exile AD", "22%"]);
        grid.row(["2", "2D on 3D", "18%"]);
        assert_eq!(
            doc.pieces,
            [
                Piece::Text("Turn 3.\n".into()),
                Piece::Grid(grid),
                Piece::Text("Played out 400 times.\n".into())
            ]
        );
        assert_eq!(h.best(), Some(&Choice::typed("exile AD")));
    }

    #[test]
    fn a_hand_prints_its_parts() {
        let h = Hand::new("ana")
            .part("", vec![Item::new("KS", "K♠"), Item::new("KH", "K♥")])
            .part("dominoes", vec![Item::plain("6-4")]);
        assert_eq!(h.text(), "ana's hand: K♠ K♥; dominoes: 6-4\n");
    }
}
