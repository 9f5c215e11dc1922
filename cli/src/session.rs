//! Running a session at the table: ask, check, record, save; undo and resume.
//!
//! The log is written after every action, atomically (a temporary file in the same
//! folder, then a rename), so killing kado at any prompt loses at most the answer being
//! typed.

use std::path::{Path, PathBuf};

use kado::diag::{Code, Error, Problem};
use kado::render::Style;
use kado::session::rights::{self, Command, Denied, Sent, Who};
use kado::session::{
    Asking, By, Entry, FixError, Log, Question, Session, Step, answers, fix, replay, undo_author,
};

use crate::ctx::{Failure, Outcome};
use crate::limits::read_file;
use crate::prompt::{Prompter, Reply};
use kado::view::Event;
use kado_store::savefile::{SaveLock, check_name, same_target};

/// The last line of a question (a market shown above what to buy): the question itself.
fn last_line(question: &str) -> &str {
    question.lines().last().unwrap_or(question)
}

/// How many of the last answers `fix` lists.
const ANSWERS_LISTED: usize = 12;

/// A game's session log.
pub type SessionLog<G> = Log<<G as Session>::Setup, <G as Session>::Action>;

/// Writes the log under the session's lock, after checking that it replays: no path may
/// leave a save that does not load.
fn save<G: Session>(lock: &SaveLock, log: &Log<G::Setup, G::Action>) -> Outcome {
    let game = match replay::<G>(log) {
        Ok(game) => game,
        Err(e) => {
            return Err(Failure::Internal(crate::ctx::Internal::Refused(
                "the game was not saved, as its log would not load: ",
                e,
            )));
        }
    };
    let text = log.to_yaml()?;
    lock.write(&text)
        .map_err(|why| lock.not_saved(&why, G::GAME))?;
    write_record(lock, &game, log)
}

/// The game's record as kado writes it: its identity first, and under house rules the
/// rules written out on its `# ruleset:` line, so that `check` needs no --rules.
fn record_text<G: Session>(game: &G, log: &SessionLog<G>) -> Result<Option<String>, Error> {
    let Some(text) = game.record() else {
        return Ok(None);
    };
    let text = kado::ruleset::with_record_comment(&text, &log.ruleset.ruleset()?)?;
    Ok(Some(kado_store::history::with_id_line(
        log.id.as_deref(),
        &text,
    )))
}

/// Rewrites the game's record (`--record FILE`) after a save. The save is already
/// written, so a record that cannot be written loses nothing: kado says so and stops.
fn write_record<G: Session>(lock: &SaveLock, game: &G, log: &SessionLog<G>) -> Outcome {
    let Some(path) = lock.record_path() else {
        return Ok(());
    };
    let Some(text) = record_text(game, log)? else {
        return Ok(());
    };
    kado_store::savefile::save_atomic(path, &text).map_err(|e| {
        let save = lock.path().display();
        Error::from(
            Problem::new(format!(
                "the game is saved in {save}, but its record could not be written to {}: {}",
                path.display(),
                kado_store::io_words(&e)
            ))
            .help(format!(
                "continue it with `kado {} resume {save}` once the record can be written",
                G::GAME
            )),
        )
        .into()
    })
}

/// Takes `--record FILE` for a session (offered only by games with a record notation):
/// refused when FILE is the save itself.
pub fn record_to<S, A>(
    lock: &mut SaveLock,
    log: &mut Log<S, A>,
    record: Option<PathBuf>,
) -> Result<(), Error> {
    // Without `--record`, a game started with one goes on writing it.
    let Some(path) = record.or_else(|| log.record.as_ref().map(PathBuf::from)) else {
        return Ok(());
    };
    check_name(&path, "--record")?;
    let target = kado_store::savefile::resolve(&path).unwrap_or_else(|_| path.clone());
    if path == lock.path() || target == lock.target() || same_target(&path, lock.target()) {
        return Err(Problem::new(format!(
            "--record {} is the save file itself",
            path.display()
        ))
        .help("give the record another name, such as game.txt")
        .into());
    }
    // Remembered whole, so that `resume` from another folder finds it.
    let whole = std::path::absolute(&path).unwrap_or_else(|_| path.clone());
    log.record = whole.to_str().map(str::to_string);
    lock.set_record(path);
    Ok(())
}

/// Reads a saved session (refusing a name that is not UTF-8, as every save path does).
pub fn load<G: Session>(path: &Path) -> Result<Log<G::Setup, G::Action>, Error> {
    let name = saved_name(path)?;
    let text = read_file(name, "saved game", crate::limits::SAVE_LIMIT)?;
    Log::from_yaml(name, &text, G::GAME).map_err(|e| e.coded(Code::Save))
}

/// A save's name as text, or the error for one that is not UTF-8.
pub fn saved_name(path: &Path) -> Result<&str, Error> {
    check_name(path, "saved game")?;
    Ok(path.to_str().unwrap_or_default())
}

/// Takes a new game's save file: locks it, and refuses a file that already holds a game.
pub fn open_new<G: Session>(path: &Path) -> Result<SaveLock, Error> {
    check_name(path, "--save")?;
    let lock = SaveLock::acquire(path).map_err(|e| e.coded(Code::Save))?;
    if path.exists() {
        return Err(Problem::new(format!("{} already exists", path.display()))
            .help(format!(
                "continue it with `kado {} resume {}`, or choose another --save file",
                G::GAME,
                path.display()
            ))
            .code(Code::Save)
            .into());
    }
    Ok(lock)
}

/// Takes a saved session to resume it: locks it, then reads it. A game keeps the rules
/// it started with, so a `--rules` that differs from them is refused.
pub fn open_resume<G: Session>(
    ctx: &crate::ctx::Ctx,
    path: &Path,
    title: &str,
) -> Result<(SaveLock, SessionLog<G>), Error> {
    // Read once before locking, so a missing or foreign file is reported as such.
    load::<G>(path)?;
    let lock = SaveLock::acquire(path).map_err(|e| e.coded(Code::Save))?;
    let log = load::<G>(path)?;
    if ctx.rules.is_some() {
        let rs = ctx.ruleset(G::GAME, title)?;
        let saved = kado::session::RulesetRecord::of(&log.ruleset.ruleset()?)?;
        if kado::session::RulesetRecord::of(&rs)? != saved {
            return Err(Problem::new(format!(
                "{} is a game under the {} rules, not {}",
                path.display(),
                log.ruleset.name,
                rs.name
            ))
            .help("a game keeps the rules it started with; resume it without --rules")
            .into());
        }
    }
    Ok((lock, log))
}

/// A new game's save taken (`play --save`, else a fresh name) and its `--record`, for
/// `log`.
pub fn open_play<G: Session>(
    save: &args::SaveArg,
    record: &args::RecordArg,
    log: &mut SessionLog<G>,
) -> Result<SaveLock, Error> {
    let mut lock = open_new::<G>(&save.path(G::GAME))?;
    record_to(&mut lock, log, record.record.clone())?;
    Ok(lock)
}

/// A saved game taken up again (`resume FILE`), with its `--record`.
pub fn open_resumed<G: Session>(
    ctx: &crate::ctx::Ctx,
    a: &args::ResumeArgs,
    title: &str,
) -> Result<(SaveLock, SessionLog<G>), Error> {
    let (mut lock, mut log) = open_resume::<G>(ctx, &a.file, title)?;
    record_to(&mut lock, &mut log, a.record.clone())?;
    Ok((lock, log))
}

/// `status FILE`, or with `--record` the game's record.
pub fn status_of<G: Session>(ctx: &crate::ctx::Ctx, a: &args::StatusArgs) -> Outcome {
    if a.record {
        status_record::<G>(ctx, &a.file)
    } else {
        status::<G>(ctx, &a.file)
    }
}

/// What `status --json` adds under `table`, for every game's `status --help` and man page.
pub const TABLE_JSON: &str = "With --json, the key `table` holds the table as typed values, as its people may see it, the values the human form and the full-screen view draw: `version` (raised whenever a field changes its meaning or goes), `game`, `round` (`word`, `number`, `of`), `phase`, `dealer`, `to_move`, `over`, `score_title` and `shown_title` (what the game calls a seat's score and the cards in front of it), `shown_below`, `dollars`, `seats` (each with `name`, `kado`, `score`, `bet`, `shown`: the cards in front of it, `held`: `{kind: nothing}`, `{kind: count, count}`, or `{kind: cards, items}` where the table sees them, `figures`: other counts such as Pokino's beads, and `notes`), `areas` (each with `name`, `items`, `amount`, and `numbered` when a number typed takes one of its items), `picture` (Pokino's board and Kingmaker's Commons: `rows` of runs with their `text` and `look`, and the `pieces` drawn), `board` (the same board as shapes for a surface that draws them: `{kind: squares, squares, dominoes, places, claims}` for Pokino, each square `at` `[x, y]` with its `number` and the `rank` it stands for, each domino its `code`, `squares` and `pips`, each place marked its `at` and `number`, each claim its `squares`, `player` and whether it is a `corner`; `{kind: hexes, hexes}` for Kingmaker, each Blink `at` `[q, r]` (axial coordinates, `r` the row), its `name`, whether it is a `common`, and its `pairs` left and right, each two colours top first or null when not lit), `sheet` (a score sheet: `columns` and `rows`) and `notes`. Every item has its `code` as typed and its `text` as shown, and may have a `tone` (red, black, joker; bright, animal, ribbon, plain) and a `group` it is listed under.";

/// `status FILE`: the state of a saved session without continuing it (no lock taken: a
/// save is always whole, so it can be read while a session runs). Human form: the table
/// as the view draws it and the count of recorded actions; `--json`: the game's summary,
/// and under `table` the table as typed values (`Session::table`, with its `version`).
pub fn status<G: Session>(ctx: &crate::ctx::Ctx, file: &Path) -> Outcome {
    let log = load::<G>(file)?;
    let game: G = replay(&log)?;
    // The table as the view draws it, from the same typed values as `--json`'s `table`.
    let mut human = kado_screen::table::text(&game.table(), 80);
    if let Step::Ask(q) = game.next() {
        human += &format!("Next: {}\n", q.prompt.trim_end());
    }
    human += &format!("{} actions recorded.\n", log.actions.len());
    // The game's own state, and the table as its people may see it, typed and versioned.
    let mut json = match game.summary() {
        serde_json::Value::Object(m) => m,
        _ => serde_json::Map::new(),
    };
    let table = serde_json::to_value(game.table()).map_err(Failure::from)?;
    json.insert("table".into(), table);
    ctx.emit(
        &serde_json::Value::Object(json),
        &human,
        &kado::explain::Explain::new(),
    )
}

/// `status FILE --record`: the saved game in its record notation, as `check` reads it.
pub fn status_record<G: Session>(ctx: &crate::ctx::Ctx, file: &Path) -> Outcome {
    let log = load::<G>(file)?;
    let game: G = replay(&log)?;
    let Some(text) = record_text(&game, &log)? else {
        return Err(Error::from(Problem::new(format!(
            "kado {} has no record notation",
            G::GAME
        )))
        .into());
    };
    ctx.emit(
        &serde_json::json!({ "record": text }),
        &text,
        &kado::explain::Explain::new(),
    )
}

/// A seed from the clock, for a virtual deck when `--seed` is not given.
pub fn time_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// A fresh save-file name when none was given: `kinkado-1.yaml`, `kinkado-2.yaml`, …
pub fn default_path(game: &str) -> PathBuf {
    (1..)
        .map(|i| PathBuf::from(format!("{game}-{i}.yaml")))
        .find(|p| !p.exists())
        .unwrap_or_else(|| PathBuf::from(format!("{game}.yaml")))
}

/// A session being run: the save it holds, the log, and the state the log folds to.
struct Runner<'a, G: Session> {
    lock: &'a SaveLock,
    log: Log<G::Setup, G::Action>,
    game: G,
    prompter: &'a mut dyn Prompter,
    style: Style,
    /// The phase whose table was last shown.
    shown_key: G::Phase,
    /// Whether the table has been shown since the last action.
    shown_since_action: bool,
    /// Under `--private`, whom the device was last passed to.
    holder: Option<String>,
    /// What was told since the table last answered: told again to whoever the device
    /// passes to, as passing clears the screen.
    since_answer: Vec<Event>,
    /// The identity of the question asked: raised at every change to the game, so that
    /// an answer naming an earlier question is known as stale.
    asked: u64,
    /// The answers the question's choices stand for, in their order (`None`: a choice the
    /// game does not take after all), for a page's button, which sends its place.
    offered: Vec<Option<G::Action>>,
    /// The answers the rows of the hint given at question `asked` stand for.
    hinted: Option<(u64, Vec<Option<G::Action>>)>,
    /// What the seat asked has tapped at question `.0` (its page composes the answer).
    picked: (u64, kado::view::Picked),
    /// The answer composed from those taps, as the game built it at the last question.
    composed: Option<kado::session::Composed<G::Action>>,
}

/// How many of the last things said a surface that keeps a log is given on resuming.
const RECALLED: usize = 12;

/// The most choices resolved into answers at a question: a page shows buttons for no more.
const OFFERED: usize = 16;

/// How a turn of the loop ended.
enum Flow {
    Go,
    Stop,
}

/// Runs a session to its end or until the input ends, saving after every action. The
/// table is shown before the first question (of a new or a resumed game), whenever the
/// game moves to a new phase, and at the end.
pub fn run<G: Session>(
    lock: &SaveLock,
    log: Log<G::Setup, G::Action>,
    prompter: &mut dyn Prompter,
    style: Style,
) -> Outcome {
    let mut log = log;
    // A game gets its identity when it starts; a save from before ids keeps none.
    if log.actions.is_empty() && log.id.is_none() {
        log.id = Some(kado_store::history::new_game_id());
    }
    let game: G = replay(&log)?;
    // From here the log changes: its actions are no longer where the file had them.
    log.read_from.forget();
    save::<G>(lock, &log)?;
    if let Some(said) = kado_store::import::finish_pending() {
        prompter.say(&said);
    }
    let shown_key = game.phase_key();
    let mut r = Runner {
        lock,
        log,
        game,
        prompter,
        style,
        shown_key,
        shown_since_action: false,
        holder: None,
        since_answer: Vec::new(),
        asked: 0,
        offered: Vec::new(),
        hinted: None,
        picked: (0, kado::view::Picked::default()),
        composed: None,
    };
    r.asked = r.log.actions.len() as u64;
    // What was said last is in sight again on a resumed game's screen or pages.
    if (r.prompter.serves() || r.prompter.live()) && !r.log.actions.is_empty() {
        let said = kado::session::recent_events::<G>(&r.log, RECALLED)?;
        r.prompter.recall(&said);
    }
    // A resumed game shows where it stands at once; a new one before its first
    // question, unless kado has already acted (dealt) and said so.
    let mut first = r.log.actions.is_empty();
    if !first {
        r.show();
    }
    loop {
        let step = r.game.next();
        // The table is drawn once kado has made its own moves, so that what is shown
        // before a question is the state the question is asked in.
        if r.game.phase_key() != r.shown_key && !matches!(step, Step::Auto(_)) {
            r.show();
        }
        let flow = match step {
            Step::Done => {
                if !r.shown_since_action {
                    r.show();
                }
                r.finished();
                Flow::Stop
            }
            Step::Auto(action) => {
                first = false;
                r.auto(action)?
            }
            Step::Ask(q) => {
                if std::mem::take(&mut first) && !r.shown_since_action {
                    r.show();
                }
                r.ask(&q)?
            }
        };
        if let Flow::Stop = flow {
            return Ok(());
        }
    }
}

impl<G: Session> Runner<'_, G> {
    fn show(&mut self) {
        self.shown_key = self.game.phase_key();
        self.shown_since_action = true;
        if self.prompter.live() {
            self.prompter.set_table(self.game.table());
        } else if self.prompter.serves() {
            // A terminal serving the game is a screen the whole table sees.
            let public = self.game.public_table();
            let text = kado_screen::table::styled_text(public.table(), 80, &self.style);
            self.prompter.table(&text);
        } else {
            let text = kado_screen::table::styled_text(&self.game.table(), 80, &self.style);
            self.prompter.table(&text);
        }
        self.share();
    }

    /// Gives the table again to a surface that has it on screen at all times, and to the
    /// pages of a served table.
    fn refresh(&mut self) {
        if self.prompter.live() {
            self.prompter.set_table(self.game.table());
        }
        self.share();
    }

    fn share(&mut self) {
        if self.prompter.serves() {
            self.prompter.share(self.game.shared());
        }
    }

    /// The game is over: its charts (drawn in colour at a terminal; the table's sheet
    /// holds the same values for every surface), and its place in the play history.
    fn finished(&mut self) {
        let Some(outcome) = self.game.outcome() else {
            self.prompter.game_over(&[]);
            return;
        };
        let series = kado::history::games::money_series(&outcome);
        if !series.is_empty() && self.style.color() {
            let chart = crate::history_cmd::money_chart(&series, true);
            self.prompter.chart(&format!("Money by round:\n{chart}"));
        }
        let journal = kado_store::history::journal(&self.game, &self.log, self.lock.path());
        self.prompter.game_over(&Vec::from_iter(journal));
    }

    /// Where the game is saved and how to go on: a served game is served again.
    fn resume_hint(&self) -> String {
        let path = self.lock.path().display();
        if self.prompter.serves() {
            return format!(
                "The game is saved in {path}; serve it again with `kado serve {path}` (the phones keep their addresses while its port is free).\n"
            );
        }
        format!(
            "The game is saved in {path}; continue it with `kado {} resume {path}`.\n",
            G::GAME
        )
    }

    /// Records an action, saves, and says what it means at the table.
    fn record(&mut self, next: G, by: By, action: G::Action, said: Vec<Event>) -> Outcome {
        self.asked += 1;
        self.game = next;
        self.shown_since_action = false;
        self.log.actions.push(Entry::new(by, action));
        // The action that ends the game leaves a note that the game is to be journaled
        // before its save is written, so a kill before the journal commits is noticed.
        let ends = matches!(self.game.next(), Step::Done)
            && self.game.outcome().is_some_and(|o| o.finished);
        if ends {
            kado_store::history::mark_pending(self.lock.path());
        }
        if let Err(e) = save::<G>(self.lock, &self.log) {
            self.prompter.not_saved();
            return Err(e);
        }
        self.refresh();
        self.prompter.tell(&said);
        if by == By::Table {
            self.since_answer.clear();
        }
        self.since_answer.extend(said);
        Ok(())
    }

    /// kado's own step (ALORA's turn, a virtual card dealt).
    fn auto(&mut self, action: G::Action) -> Result<Flow, Failure> {
        let (next, said) = apply_to_copy(&self.game, &action, By::Kado).map_err(|why| {
            crate::ctx::Internal::refused("kado's own move does not apply: ", &why)
        })?;
        self.record(next, By::Kado, action, said)?;
        Ok(Flow::Go)
    }

    /// Under `--private`, passes the device to the person whose hand the question is about,
    /// when it is not theirs already, and shows them the table once they are ready. `Some`
    /// when they ended the session instead.
    fn pass(&mut self) -> Option<Reply> {
        let to = self.game.private_turn()?;
        if self.holder.as_ref() == Some(&to) {
            return None;
        }
        self.holder = Some(to.clone());
        match self.prompter.pass(&to) {
            Ok(true) => {
                self.show();
                let said = self.since_answer.clone();
                self.prompter.tell(&said);
                None
            }
            Ok(false) => None,
            Err(reply) => Some(reply),
        }
    }

    /// Asks the table, and acts on the reply, if whoever sent it may send it.
    fn ask(&mut self, q: &Question<G::Key>) -> Result<Flow, Failure> {
        if let Some(reply) = self.pass() {
            return self.stopped(reply);
        }
        self.offer(q);
        let asking = Asking {
            id: self.asked,
            seat: self.game.asked_seat(),
            prompt: q.prompt.clone(),
            default: q.default.clone(),
        };
        let reply = self.prompter.ask(&asking);
        let sent = self.prompter.sent();
        if let Err(denied) = self.allowed(&reply, sent, &asking) {
            let table = self.game.table();
            let name = |s: kado::seat::SeatId| {
                let name = table.seats.get(s.0).map_or("", |s| s.name.as_str());
                kado::diag::escape(name).into_owned()
            };
            self.prompter.deny(&denied, &denied.words(name));
            return Ok(Flow::Go);
        }
        self.act(q, reply, sent.who)
    }

    /// The question's choices, given to a surface that shows them, each resolved once into
    /// the answer it stands for.
    fn offer(&mut self, q: &Question<G::Key>) {
        self.offered.clear();
        if !(self.prompter.live() || self.prompter.serves()) {
            return;
        }
        // The choices may name a hidden hand: a screen the table shares shows none while
        // hands are kept private; a served table shows them on the asked seat's page.
        let hidden = self.prompter.live() && self.game.private_turn().is_some();
        let choices = if hidden {
            Vec::new()
        } else {
            self.game.choices(q)
        };
        self.offered = (choices.iter().take(OFFERED))
            .map(|c| self.game.answer(q, &c.typed).ok())
            .collect();
        self.prompter.choices(&choices);
        self.compose(q, hidden);
    }

    /// The answer composed by taps at `q`, from what its seat picked since it was asked,
    /// given to a surface that draws it (none on a screen the table shares while hands
    /// are kept private: the taps name the hand).
    fn compose(&mut self, q: &Question<G::Key>, hidden: bool) {
        if self.picked.0 != self.asked {
            self.picked = (self.asked, kado::view::Picked::default());
        }
        self.composed = if hidden || !self.prompter.serves() {
            None
        } else {
            self.game.compose(q, &self.picked.1)
        };
        let view = self.composed.as_ref().map(|c| &c.view);
        self.prompter.compose(view);
    }

    /// Whether `reply` may be acted on: it names the question asked (or none), and its
    /// sender has the right to send it (see [`kado::session::rights`]).
    fn allowed(&self, reply: &Reply, sent: Sent, asking: &Asking) -> Result<(), Denied> {
        let command = match reply {
            Reply::Answer(_) | Reply::Choice(_) | Reply::HintRow(_) => Command::Answer,
            Reply::Tap(_) | Reply::Step(_) | Reply::Send => Command::Answer,
            Reply::Hint | Reply::HintWith(_) => Command::Hint,
            Reply::Undo => Command::Undo,
            Reply::Fix(Some(_)) => Command::Fix,
            Reply::Fix(None) | Reply::Help | Reply::Show | Reply::Hand => Command::Look,
            Reply::Quit => Command::Quit,
            Reply::End | Reply::Interrupted | Reply::Unreadable(_) => return Ok(()),
        };
        rights::current(sent, asking.id)?;
        let author = match (sent.who, reply) {
            (Who::Referee, _) => None,
            (_, Reply::Undo) => undo_author::<G>(&self.log).ok().flatten(),
            (_, Reply::Fix(Some((n, _)))) => answers::<G>(&self.log)
                .ok()
                .and_then(|given| given.get(n.wrapping_sub(1)).and_then(|g| g.seat)),
            _ => None,
        };
        rights::may(sent.who, command, asking.seat, author)
    }

    /// Acts on a reply its sender may send.
    fn act(&mut self, q: &Question<G::Key>, reply: Reply, who: Who) -> Result<Flow, Failure> {
        // A terminal serving the game is a screen the whole table sees: a hand, and the
        // advice drawn from one, go to the player's own page.
        let shared_screen = who == Who::Referee && self.prompter.serves();
        match reply {
            reply @ (Reply::End | Reply::Quit | Reply::Interrupted | Reply::Unreadable(_)) => {
                return self.stopped(reply);
            }
            Reply::Help => self.prompter.reply(&format!(
                "{}\nAt any prompt: undo (take back the last answer), fix (list the answers given; `fix N ANSWER` corrects one), show, help, quit{}.\n",
                q.hint,
                G::COMMANDS
            )),
            Reply::Show if who == Who::Referee => self.show(),
            Reply::Show => self.share(),
            Reply::Hand | Reply::Hint | Reply::HintWith(_) if shared_screen && self.game.asked_seat().is_some() => self
                .prompter
                .refuse("this screen is the whole table's: a hand and its hint are shown on the player's own page"),
            Reply::Hand => match self.game.hand() {
                Some(hand) => self.prompter.show_hand(&hand),
                None => self
                    .prompter
                    .refuse("there is no hand of yours to show at this question"),
            },
            Reply::Hint => self.hint(q),
            Reply::HintWith(known) => match self.game.hint_with(q, &known) {
                Ok(advice) => self.advise(q, &advice),
                Err(why) => self
                    .prompter
                    .refuse(&kado::diag::escape_words(&why.to_string())),
            },
            Reply::Undo => self.undo()?,
            Reply::Fix(None) => self.list_answers(who)?,
            Reply::Fix(Some((number, text))) => self.fix(number, &text)?,
            Reply::Answer(text) => self.answer(q, &text)?,
            Reply::Choice(n) => {
                let action = self.offered.get(n).cloned().flatten();
                self.chosen(action)?;
            }
            Reply::HintRow(n) => {
                let action = match &self.hinted {
                    Some((at, rows)) if *at == self.asked => rows.get(n).cloned().flatten(),
                    _ => None,
                };
                self.chosen(action)?;
            }
            // A tap changes what the page composes, not the game: the next question is
            // this one again, drawn with it.
            Reply::Tap(code) => match &self.composed {
                Some(c) if c.view.may_tap(&code) => c.view.tap(&mut self.picked.1, &code),
                Some(_) => self
                    .prompter
                    .refuse("that piece cannot be picked now: the page shows those that can"),
                None => self.prompter.refuse(&self.not_sent()),
            },
            Reply::Step(by) => {
                let at = self.composed.as_ref().and_then(|c| c.view.count.as_ref());
                let value = at.map_or(0, |s| i64::from(s.value));
                self.picked.1.count = (value + i64::from(by)).clamp(0, i64::from(u32::MAX)) as u32;
            }
            Reply::Send => match self.composed.as_ref().map(|c| c.action.clone()) {
                Some(Some(action)) => self.chosen(Some(action))?,
                _ => self.prompter.refuse(&self.not_sent()),
            },
        }
        Ok(Flow::Go)
    }

    /// Why the answer composed by taps could not be sent: what it lacks, or what the
    /// rules forbid in it.
    fn not_sent(&self) -> String {
        match self.composed.as_ref().map(|c| &c.view.send) {
            Some(kado::view::Send::NotYet { why }) if !why.is_empty() => {
                kado::diag::escape_words(why).into_owned()
            }
            _ => "there is no answer composed by taps at this question".to_string(),
        }
    }

    fn hint(&mut self, q: &Question<G::Key>) {
        match self.game.hint(q) {
            Ok(advice) => {
                // A hint may rank what the table lists (Pokino's places).
                self.refresh();
                self.advise(q, &advice);
            }
            Err(why) => self
                .prompter
                .refuse(&kado::diag::escape_words(&why.to_string())),
        }
    }

    /// Shows advice, each of its rows resolved once into the answer it stands for.
    fn advise(&mut self, q: &Question<G::Key>, advice: &kado::view::Hint) {
        let rows = (advice.rows.iter())
            .map(|r| self.game.answer(q, &r.answer.typed).ok())
            .collect();
        self.hinted = Some((self.asked, rows));
        self.prompter.advise(advice);
    }

    /// A button's answer, already read: applied as it is.
    fn chosen(&mut self, action: Option<G::Action>) -> Outcome {
        let Some(action) = action else {
            self.prompter.refuse(
                "that button is not an answer to this question: the page shows the answers now",
            );
            return Ok(());
        };
        match apply_to_copy(&self.game, &action, By::Table) {
            Err(why) => self
                .prompter
                .refuse(&kado::diag::escape_words(&why.to_string())),
            Ok((next, said)) => self.record(next, By::Table, action, said)?,
        }
        Ok(())
    }

    /// The session ends at `reply` (the input ended, quit, Ctrl-C, or a terminal that
    /// cannot be read): where it is saved, and how to go on.
    fn stopped(&mut self, reply: Reply) -> Result<Flow, Failure> {
        if let Reply::Unreadable(why) = reply {
            let path = self.lock.path().display();
            return Err(Error::from(Problem::new(why.to_string()).help(format!(
                "every answer before it is saved in {path}; continue with `kado {} resume {path}`",
                G::GAME
            )))
            .into());
        }
        let hint = self.resume_hint();
        self.prompter.stopped(&hint);
        Ok(Flow::Stop)
    }

    fn undo(&mut self) -> Outcome {
        let mut log = self.log.clone();
        let last = answers::<G>(&self.log).ok().and_then(|mut g| g.pop());
        if !log.undo() {
            self.prompter
                .refuse("nothing to undo: no answer has been given yet");
            return Ok(());
        }
        self.game = replay(&log)?;
        self.log = log;
        self.asked += 1;
        save::<G>(self.lock, &self.log)?;
        // What was taken back; a seat's answer, on the served table's screen, by its
        // question alone (it may hold what the seat keeps hidden).
        let said = match last {
            Some(g) if self.prompter.serves() && g.seat.is_some() => {
                format!(
                    "Undone: the answer to {}.\n",
                    kado::diag::escape(last_line(&g.question))
                )
            }
            Some(g) => format!(
                "Undone: {}: {}.\n",
                kado::diag::escape(last_line(&g.question)),
                kado::diag::escape(&g.answer)
            ),
            None => "Undone.\n".to_string(),
        };
        self.prompter.say(&said);
        self.show();
        Ok(())
    }

    /// `fix`: the last answers given, numbered for `fix N ANSWER`. A page is told only its
    /// own: another seat's answer may hold what it keeps hidden (cards played face down).
    fn list_answers(&mut self, who: Who) -> Outcome {
        let mut given =
            answers::<G>(&self.log).map_err(|e| crate::ctx::Internal::refused("", &e))?;
        if let Who::Seat(me) = who {
            given.retain(|g| g.seat == Some(me));
        } else if self.prompter.serves() {
            // The terminal serving a game is the whole table's screen: a seat's answer is
            // listed by its number alone (its page lists it whole).
            let table = self.game.table();
            for g in given.iter_mut() {
                if let Some(seat) = g.seat {
                    let name = table.seats.get(seat.0).map_or("", |s| s.name.as_str());
                    let name = kado::words::possessive(&kado::diag::escape(name));
                    g.answer = format!("{name} answer, listed on {name} page");
                }
            }
        }
        if given.is_empty() {
            self.prompter.refuse(&FixError::NoAnswers.to_string());
            return Ok(());
        }
        let shown = &given[given.len().saturating_sub(ANSWERS_LISTED)..];
        let mut text = if shown.len() < given.len() {
            format!("The last {} of {} answers:\n", shown.len(), given.len())
        } else {
            "The answers given:\n".to_string()
        };
        for g in shown {
            text += &format!("{g}\n");
        }
        text += "`fix N ANSWER` replaces answer N; the answers after it are kept where they still hold.\n";
        self.prompter.reply(&text);
        Ok(())
    }

    /// `fix N ANSWER`: answer N told again, the game played again from there.
    fn fix(&mut self, number: usize, text: &str) -> Outcome {
        let fixed = match fix::<G>(&self.log, number, text) {
            Ok(fixed) => fixed,
            Err(why) => {
                self.prompter
                    .refuse(&kado::diag::escape_words(&why.to_string()));
                return Ok(());
            }
        };
        self.game = fixed.game;
        self.log = fixed.log;
        self.asked += 1;
        save::<G>(self.lock, &self.log)?;
        let mut said = format!(
            "Fixed: answer {} is now `{}`.\n",
            number, fixed.given.answer
        );
        if let Some(b) = fixed.broken {
            let back = match b.dropped {
                1 => "It is taken back".to_string(),
                n => format!("It and the {} answers after it are taken back", n - 1),
            };
            said += &format!(
                "Answer {} (`{}`) no longer holds: {}. {back}: answer again from there, or `undo` to bring back the old answer {number} and all.\n",
                b.given.number, b.given.answer, b.why
            );
        }
        self.prompter.say(&said);
        self.show();
        Ok(())
    }

    fn answer(&mut self, q: &Question<G::Key>, text: &str) -> Outcome {
        let checked = self
            .game
            .answer(q, text)
            .and_then(|action| apply_to_copy(&self.game, &action, By::Table).map(|r| (action, r)));
        match checked {
            // The refusal may quote the answer: drawn escaped, as every error is.
            Err(why) => self
                .prompter
                .refuse(&kado::diag::escape_words(&why.to_string())),
            Ok((action, (next, said))) => self.record(next, By::Table, action, said)?,
        }
        Ok(())
    }
}

/// Applies an action to a copy, so a refused action leaves the state untouched.
fn apply_to_copy<G: Session>(
    game: &G,
    action: &G::Action,
    by: By,
) -> Result<(G, Vec<Event>), G::Error> {
    let mut next = game.clone();
    let said = kado::session::told(&mut next, action, by)?;
    Ok((next, said))
}

/// Runs a session from the command line, with the rules it follows for `--explain`: with
/// `--json` the transcript goes to stderr and the final state (the game's summary and the
/// save file) to stdout, with the reasons as its `explain` key; otherwise the reasons
/// follow the session.
pub fn play_explained<G: Session>(
    ctx: &crate::ctx::Ctx,
    lock: &SaveLock,
    log: Log<G::Setup, G::Action>,
    explain: &kado::explain::Explain,
) -> Outcome {
    play_then_explain::<G>(ctx, lock, log, |_| explain.clone())
}

/// [`play_explained`], with an explanation that depends on how the session went: `explain`
/// gets the state when the session stops (read back from the saved log).
pub fn play_then_explain<G: Session>(
    ctx: &crate::ctx::Ctx,
    lock: &SaveLock,
    mut log: Log<G::Setup, G::Action>,
    explain: impl FnOnce(&G) -> kado::explain::Explain,
) -> Outcome {
    if !ctx.json {
        let mut prompter = prompter_for::<G>(ctx, &mut log, lock.path())?;
        run::<G>(lock, log, &mut *prompter, ctx.style)?;
        if ctx.explain {
            let game: G = replay(&load::<G>(lock.path())?)?;
            let x = explain(&game);
            if !x.is_empty() {
                let mut out = std::io::stdout().lock();
                crate::ctx::write_out(&mut out, &format!("\n{}", x.render()))?;
            }
        }
        return Ok(());
    }
    let game = run_json::<G>(ctx, lock, log)?;
    let mut v = game.summary();
    if let serde_json::Value::Object(m) = &mut v {
        m.insert("save".into(), lock.path().display().to_string().into());
    }
    ctx.emit(&v, "", &explain(&game))
}

/// The prompter a session at the command line runs with: the full-screen view or line
/// mode, or with `--serve` the table served to the players' phones (where, the log keeps
/// for the next time).
pub fn prompter_for<G: Session>(
    ctx: &crate::ctx::Ctx,
    log: &mut Log<G::Setup, G::Action>,
    path: &Path,
) -> Result<Box<dyn Prompter>, Failure> {
    let title = kado::games::title(G::GAME);
    let Some(options) = &ctx.serve else {
        return Ok(crate::fullscreen::for_stdin(
            ctx.plain,
            title,
            ctx.style.color(),
        ));
    };
    let game: G = replay(log)?;
    if let Step::Done = game.next() {
        // A finished game has nothing to ask: no page is opened for it.
        return Err(Error::from(
            Problem::new(format!(
                "{} holds a game that is over: there is nothing to serve to the phones",
                path.display()
            ))
            .help(format!(
                "see how it ended with `kado {game} status {file}` (or `--record` for its record)",
                game = G::GAME,
                file = path.display()
            ))
            .code(Code::Save),
        )
        .into());
    }
    let seats = crate::serve::seats_of(&game.table());
    let (prompter, served) = crate::serve::start(options, title, &seats, log.served.as_ref())?;
    log.served = Some(served);
    Ok(Box::new(prompter))
}

/// Runs a session with its transcript on stderr, and returns the state it stopped in.
pub fn run_json<G: Session>(
    ctx: &crate::ctx::Ctx,
    lock: &SaveLock,
    log: Log<G::Setup, G::Action>,
) -> Result<G, Failure> {
    run::<G>(lock, log, &mut *crate::prompt::for_stdin_json(), ctx.style)?;
    let log = load::<G>(lock.path())?;
    Ok(replay(&log)?)
}

pub mod args;

#[cfg(test)]
mod tests;
