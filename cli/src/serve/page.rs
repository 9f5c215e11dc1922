//! The pages of a served table, drawn from the typed state: the table's page (what every
//! player may see) and each seat's (its own hand, the question when it is theirs, the
//! answers as buttons, its hint). Each page is whole without script; a small script keeps
//! it up to date by fetching its `<main>` again at every update.

use kado::view::{
    Area, Board, Choice, Compose, Hand, Held, Hint, Item, Kind, Look, Pick, Picture, Seat, Send,
    Stepper, Table, Tone,
};
use maud::{DOCTYPE, Markup, html};

use kado::seat::SeatId;
use kado::session::Asking;

use super::hub::{Seat as Keyed, State};

mod board;

/// Choices drawn as buttons when they are this few; more are typed.
const BUTTONS: usize = 16;

fn layout(title: &str, base: &str, main: Markup) -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) }
                link rel="stylesheet" href="/kado.css";
                script src="/kado.js" defer {}
            }
            body data-events=(format!("{base}/events")) data-main=(format!("{base}/main")) {
                (main)
            }
        }
    }
}

/// The table's page, for a screen everyone sees.
pub fn table_page(state: &State) -> Markup {
    layout(&state.title, "", table_main(state))
}

/// The table page's `<main>`.
pub fn table_main(state: &State) -> Markup {
    html! {
        main data-version=(state.version) data-waiting=(state.waiting) {
            h1 { (state.title) }
            (ended(state))
            (waiting(state, None))
            (last(state))
            (table(&state.shared.table, true))
            (events(state, None))
        }
    }
}

/// A seat's page, for its player's phone.
pub fn seat_page(state: &State, i: usize, seat: &Keyed) -> Markup {
    let title = format!("{} · {}", seat.name, state.title);
    layout(
        &title,
        &format!("/s/{}", seat.secret),
        seat_main(state, i, seat),
    )
}

/// A seat page's `<main>`.
pub fn seat_main(state: &State, i: usize, seat: &Keyed) -> Markup {
    let action = format!("/s/{}", seat.secret);
    let private = state.private.get(i).cloned().unwrap_or_default();
    let asked = state.asking.as_ref().filter(|_| state.ended.is_none());
    let theirs = asked.filter(|_| state.shared.answerer.is_none_or(|a| a == seat.id));
    html! {
        main data-version=(state.version) data-waiting=(state.waiting) data-question=[asked.map(|a| a.id)] {
            h1 { (seat.name) " · " (state.title) }
            (ended(state))
            @if let Some(why) = &private.refused {
                p.refused role="alert" { "✗ " (why) }
            }
            @if let Some(note) = &private.note {
                pre.note role="status" { (note) }
            }
            @if let Some(hand) = state.shared.hand_of(seat.id) {
                (hand_of(hand))
            }
            @if let Some(asking) = theirs {
                (question(state, asking, &action))
                @for a in state.shared.answers_for(seat.id) {
                    (area(a, state.shared.table.dollars))
                }
            } @else {
                (waiting(state, Some(seat.id)))
            }
            @if let (Some(hint), Some(asking)) = (&private.hint, theirs) {
                (hint_of(hint, asking.id, &action))
            }
            (commands(asked.map(|a| a.id), &action))
            (table(&state.shared.table, !board_in_question(state, theirs.is_some())))
            (events(state, Some(seat.id)))
        }
    }
}

/// The commands a seat may send whatever question is asked: its own last answer taken
/// back, and `help`.
fn commands(question: Option<u64>, action: &str) -> Markup {
    html! {
        @if let Some(q) = question {
            form.commands method="post" action=(action) {
                input type="hidden" name="q" value=(q);
                button type="submit" name="text" value="undo" { "Undo my last answer" }
                button type="submit" name="text" value="help" { "Help" }
            }
        }
    }
}

/// The name of `seat` at the table.
fn seat_name(state: &State, seat: SeatId) -> &str {
    state
        .shared
        .table
        .seats
        .get(seat.0)
        .map_or("", |s| s.name.as_str())
}

fn ended(state: &State) -> Markup {
    html! {
        @if let Some(end) = &state.ended {
            p.ended role="status" { (end) }
        }
    }
}

/// The last thing the whole table saw happen, set large at the top of the table's page
/// with its pieces (at the end, the result).
fn last(state: &State) -> Markup {
    html! {
        @if let Some(e) = state.events.iter().rev().find(|e| e.is_public()) {
            section.last aria-label="The last move" {
                p { (e.text) }
                @if !e.items.is_empty() {
                    p.pieces { (items(&e.items)) }
                }
            }
        }
    }
}

/// Whose answer kado waits for, for a page where it is not its own.
fn waiting(state: &State, me: Option<SeatId>) -> Markup {
    let t = &state.shared.table;
    html! {
        @if state.ended.is_none() && !t.over {
            @match (state.shared.answerer, state.asking.is_some()) {
                (Some(who), true) if me != Some(who) => {
                    p.waiting role="status" { "Waiting for " (seat_name(state, who)) "." }
                }
                (None, true) => p.waiting role="status" { "Waiting for the table's answer." },
                _ => {}
            }
        }
    }
}

/// The question, its answers as buttons when they are few, a field to type one, and
/// `hint`. Every form names the question it answers.
fn question(state: &State, asking: &Asking, action: &str) -> Markup {
    html! {
        section.question aria-labelledby="q" {
            h2 #q { (asking.prompt) }
            @if let Some(c) = &state.compose {
                (compose(c, asking.id, action, state.shared.table.board.as_ref()))
            }
            @if state.compose.is_none() && !state.choices.is_empty() && state.choices.len() <= BUTTONS {
                form.choices method="post" action=(action) {
                    input type="hidden" name="q" value=(asking.id);
                    @for (n, c) in state.choices.iter().enumerate() {
                        (choice_button("choice", n, c))
                    }
                }
            }
            form.typed method="post" action=(action) {
                input type="hidden" name="q" value=(asking.id);
                label for="answer" { "Your answer" }
                input #answer type="text" name="text" autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="1024";
                button type="submit" { "Answer" }
            }
            form.hint-ask method="post" action=(action) {
                input type="hidden" name="q" value=(asking.id);
                button type="submit" name="text" value="hint" { "Hint" }
            }
        }
    }
}

/// A button that sends the answer at place `n` of a list (`choice`: the question's
/// choices; `row`: the hint's rows), labelled with what it answers.
fn choice_button(list: &str, n: usize, c: &Choice) -> Markup {
    html! {
        button type="submit" name=(list) value=(n) data-answer=(c.typed) { (c.label) }
    }
}

/// A hint's table, each row with a button that gives its answer.
fn hint_of(hint: &Hint, question: u64, action: &str) -> Markup {
    html! {
        section.hint aria-labelledby="h" {
            h2 #h { "Hint" }
            @if let Some(h) = &hint.headline {
                p { (h) }
            }
            form method="post" action=(action) {
                input type="hidden" name="q" value=(question);
                table {
                    thead {
                        tr {
                            th scope="col" { (hint.answer_title) }
                            @for c in &hint.columns {
                                th scope="col" { (c.title) }
                            }
                        }
                    }
                    tbody {
                        @for (n, r) in hint.rows.iter().enumerate() {
                            tr {
                                td { (choice_button("row", n, &r.answer)) }
                                @for cell in &r.cells {
                                    td { (cell) }
                                }
                            }
                        }
                    }
                }
            }
            @if let Some(more) = &hint.more {
                p { (more) }
            }
            @for n in &hint.notes {
                p.note { (n) }
            }
        }
    }
}

fn hand_of(hand: &Hand) -> Markup {
    html! {
        section.hand aria-labelledby="hand" {
            h2 #hand { "Your hand" }
            @for p in &hand.parts {
                p {
                    @if !p.label.is_empty() {
                        (p.label) ": "
                    }
                    @for i in &p.items {
                        (item(i)) " "
                    }
                }
            }
        }
    }
}

/// The table: where the game is, the seats, what lies in the middle.
/// Whether the seat's question draws the board, as the control its answer is tapped on
/// (`asked`: the question is the seat's).
fn board_in_question(state: &State, asked: bool) -> bool {
    let on_board = |c: &Compose| c.groups.iter().any(|g| g.on_board());
    asked && state.compose.as_ref().is_some_and(on_board)
}

/// The table: where the game stands, the seats, the areas, the board (`board`: unless
/// the question above draws it) and the score sheet.
fn table(t: &Table, board: bool) -> Markup {
    html! {
        section.table aria-label="The table" {
            p.where { (where_line(t)) }
            (seats(t))
            @for a in &t.areas {
                (area(a, t.dollars))
            }
            @match (&t.board, &t.picture) {
                (Some(_), Some(_)) if !board => {}
                (Some(b), Some(p)) if !b.is_empty() => {
                    (board::board(b))
                    details.board-text {
                        summary { "The board as text" }
                        (picture(p))
                    }
                }
                (_, Some(p)) => (picture(p)),
                _ => {}
            }
            @if let Some(sheet) = &t.sheet {
                div.wide tabindex="0" role="region" aria-label="The score sheet" {
                    table.sheet {
                        thead { tr { @for c in &sheet.columns { th scope="col" { (c) } } } }
                        tbody { @for r in &sheet.rows { tr { @for c in r { td { (c) } } } } }
                    }
                }
            }
            @for n in &t.notes {
                p.note { (n) }
            }
        }
    }
}

fn where_line(t: &Table) -> String {
    let mut parts = Vec::new();
    if let Some(r) = &t.round {
        parts.push(match r.of {
            Some(of) => format!("{} {} of {of}", capitalised(r.word), r.number),
            None => format!("{} {}", capitalised(r.word), r.number),
        });
    }
    if let Some(p) = &t.phase {
        parts.push(p.clone());
    }
    if let Some(d) = &t.dealer {
        parts.push(format!("dealer {d}"));
    }
    if t.over {
        parts.push("game over".to_string());
    } else if let Some(m) = &t.to_move {
        parts.push(format!("{m} to move"));
    }
    parts.join(" · ")
}

fn capitalised(word: &str) -> String {
    let mut c = word.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

fn seats(t: &Table) -> Markup {
    let bets = t.seats.iter().any(|s| s.bet.is_some());
    let figures: Vec<&str> = t
        .seats
        .first()
        .map(|s| s.figures.iter().map(|f| f.name).collect())
        .unwrap_or_default();
    html! {
        div.wide tabindex="0" role="region" aria-label="The seats" { table.seats {
            thead {
                tr {
                    th scope="col" { "Seat" }
                    th scope="col" { (t.score_title) }
                    @if bets { th scope="col" { "bet" } }
                    @for f in &figures { th scope="col" { (f) } }
                    th scope="col" { "holds" }
                    @if !t.shown_below { th scope="col" { (t.shown_title) } }
                }
            }
            tbody {
                @for s in &t.seats {
                    (seat_row(t, s, bets))
                }
            }
        } }
        @if t.shown_below {
            @for s in t.seats.iter().filter(|s| !s.shown.is_empty()) {
                p.shown { (s.name) ", " (t.shown_title) ": " (items(&s.shown)) }
            }
        }
        @for s in t.seats.iter().filter(|s| !s.notes.is_empty()) {
            p.seat-notes { strong { (s.name) } ": " (s.notes.join(" · ")) }
        }
    }
}

fn seat_row(t: &Table, s: &Seat, bets: bool) -> Markup {
    html! {
        tr {
            th scope="row" { (s.name) @if s.kado { " (kado)" } }
            td { (amount(t.dollars, s.score)) }
            @if bets { td { (amount(t.dollars, s.bet)) } }
            @for f in &s.figures { td { (f.amount) } }
            td {
                @match &s.held {
                    Held::Nothing => "—",
                    Held::Count { count } => (format!("{count} hidden")),
                    Held::Cards { items: shown } => (items(shown)),
                }
            }
            @if !t.shown_below { td { (items(&s.shown)) } }
        }
    }
}

fn amount(dollars: bool, n: Option<i64>) -> String {
    match n {
        Some(n) if dollars => format!("${n}"),
        Some(n) => n.to_string(),
        None => "—".to_string(),
    }
}

/// Something in the middle: `Prize pool ($3): 7♣`, `Bank paid out (net): $1`; answers
/// numbered from 1 as a list.
fn area(a: &Area, dollars: bool) -> Markup {
    let name = capitalised(&a.name);
    if a.numbered {
        return html! {
            section.answers {
                h2 { (name) @if let Some(n) = a.amount { " (" (n) ")" } }
                ol { @for i in &a.items { li { (item(i)) } } }
            }
        };
    }
    html! {
        p.area {
            @match (a.amount, a.items.is_empty()) {
                (Some(n), true) => { strong { (name) } ": " (amount(dollars, Some(n))) }
                (Some(n), false) => { strong { (name) } " (" (amount(dollars, Some(n))) "): " }
                (None, _) => { strong { (name) } ": " }
            }
            @if a.items.is_empty() && a.amount.is_none() { "—" }
            @for (n, i) in a.items.iter().enumerate() {
                @if a.numbered { (n + 1) ". " }
                (item(i)) " "
            }
        }
    }
}

/// Pieces in a row; those of one group (a Koi-Koi kind) come together, the group named
/// once before them.
fn items(list: &[Item]) -> Markup {
    html! {
        @if list.is_empty() { "—" }
        @for (n, i) in list.iter().enumerate() {
            @if let Some(g) = i.group.as_ref().filter(|g| n == 0 || list[n - 1].group.as_ref() != Some(*g)) {
                span.group { (g) ":" } " "
            }
            (item(i)) " "
        }
    }
}

fn item(i: &Item) -> Markup {
    html! {
        span class=(format!("item {}", tone_class(i))) title=(i.code) { (i.text) }
    }
}

/// The class a piece is drawn in, by its colour family.
fn tone_class(i: &Item) -> &'static str {
    match i.tone {
        Some(Tone::Red) => "red",
        Some(Tone::Black) => "black",
        Some(Tone::Joker) => "joker",
        Some(Tone::Bright) => "bright",
        Some(Tone::Animal) => "animal",
        Some(Tone::Ribbon) => "ribbon",
        Some(Tone::Plain) => "plain",
        Some(Tone::LampRed) => "lamp lamp-red",
        Some(Tone::LampYellow) => "lamp lamp-yellow",
        Some(Tone::LampGreen) => "lamp lamp-green",
        Some(Tone::LampBlue) => "lamp lamp-blue",
        None => "",
    }
}

fn picture(p: &Picture) -> Markup {
    html! {
        pre.picture tabindex="0" aria-label="The board" {
            @for row in &p.rows {
                @for run in row {
                    @match run.look {
                        Look::Plain => (run.text),
                        Look::Claimed => span.claimed { (run.text) },
                        Look::Place => span.place { (run.text) },
                    }
                }
                "\n"
            }
        }
    }
}

/// The log of what happened, newest first, as `viewer` may see it (`None`: the table's
/// page); an event for the seat's eyes alone is marked so.
fn events(state: &State, viewer: Option<SeatId>) -> Markup {
    html! {
        section.events aria-label="What happened" {
            ol {
                @for e in state.events.iter().rev().filter(|e| e.seen_by(viewer)) {
                    li class=(event_class(e)) {
                        @if !e.is_public() { span.for-you { "For you: " } }
                        (e.text)
                    }
                }
            }
        }
    }
}

/// How an entry of the log is drawn: a result stands out; an event for one seat is set
/// apart.
fn event_class(e: &kado::view::Event) -> &'static str {
    match (e.kind, e.is_public()) {
        (_, false) => "told private",
        (Kind::Result, true) => "result",
        (Kind::Told, true) => "told",
    }
}

/// The answer composed by taps: each piece a toggle button (pressed when picked, named
/// aloud by what it is), the count's − and + around its value, and the button that sends
/// the answer, saying what it does, or why it cannot yet.
fn compose(c: &Compose, question: u64, action: &str, on: Option<&Board>) -> Markup {
    let empty = Board::Squares {
        squares: Vec::new(),
        dominoes: Vec::new(),
        places: Vec::new(),
        claims: Vec::new(),
    };
    let drawn = c.board.as_ref().or(on).unwrap_or(&empty);
    html! {
        form #compose .compose method="post" action=(action) aria-label=(c.title) {
            input type="hidden" name="q" value=(question);
            p.compose-title { (c.title) }
            @for g in &c.groups {
                fieldset.picks {
                    legend { (g.label) }
                    @if g.on_board() {
                        (board::control(drawn, g))
                    } @else {
                        @for p in &g.picks { (pick_button(p)) }
                    }
                }
            }
            @if let Some(s) = &c.count {
                (stepper(s))
            }
            @match &c.send {
                Send::Ready { label } => {
                    button.send type="submit" name="send" value="1" { (label) }
                }
                Send::NotYet { why } => {
                    button.send type="submit" name="send" value="1" disabled { (why) }
                }
            }
        }
    }
}

/// A piece to tap: a toggle button, pressed when picked, named aloud by what it is.
fn pick_button(p: &Pick) -> Markup {
    html! {
        button.pick.(tone_class(&p.item)) type="submit" name="tap" value=(p.tap) form="compose"
            aria-pressed=(p.picked) disabled[!p.open] {
            span aria-hidden="true" { (p.item.text) }
            span.spoken { (p.spoken) }
        }
    }
}

/// A count stepped by taps: −5 and −1, its value, +1 and +5 (the fives where the range is
/// wide).
fn stepper(s: &Stepper) -> Markup {
    let shown = |v: u32| {
        if s.dollars {
            format!("${v}")
        } else {
            v.to_string()
        }
    };
    let wide = s.max.saturating_sub(s.min) > 5;
    html! {
        fieldset.stepper {
            legend { (s.label) }
            @if wide {
                button type="submit" name="step" value="-5" aria-label="5 less" disabled[s.value == s.min] { "−5" }
            }
            button type="submit" name="step" value="-1" aria-label="1 less" disabled[s.value == s.min] { "−" }
            output.count aria-live="polite" { (shown(s.value)) }
            button type="submit" name="step" value="1" aria-label="1 more" disabled[s.value >= s.max] { "+" }
            @if wide {
                button type="submit" name="step" value="5" aria-label="5 more" disabled[s.value >= s.max] { "+5" }
            }
            span.range { " (" (shown(s.min)) " to " (shown(s.max)) ")" }
        }
    }
}
