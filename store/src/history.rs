//! The play history on disk: an SQLite database of the games kado has followed.
//!
//! A game is journaled when its session ends finished (and on request, by `history
//! import`, a stopped one or a save from before the journal). Writing the history never
//! fails a game: the save is written first, and a history that cannot be written is only
//! reported. A file that is not kado's history (another program's database, a damaged
//! file) is refused and never written to.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

use rusqlite::{Connection, OpenFlags, OptionalExtension, params};

use kado::diag::{Code, Error, Problem};
use kado::games as record;
use kado::history::{Outcome, Played};
use kado::ruleset::Ruleset;
use kado::session::{Log, Session, replay};

/// SQLite's `application_id` of a kado history: "kado" in ASCII.
const APP_ID: i64 = 0x6B61_646F;
/// The schema this kado writes (`user_version`). Schema 1 knew a game by its text's
/// fingerprint (`fingerprint`, unique); schema 2 by its identity (`ident`, see [`ident`]),
/// a game from schema 1 as `old:FINGERPRINT`, so that it is still known.
const SCHEMA: i64 = 2;

/// The comment line a record written by kado starts with: the game's identity, which
/// every record parser ignores and `history import` reads.
pub const ID_LINE: &str = "# kado game id: ";

/// Where the history is, as the command line chose it.
#[derive(Clone, Debug)]
pub enum Place {
    Off,
    File(PathBuf),
}

static PLACE: OnceLock<Place> = OnceLock::new();

/// Sets where the history is for this run: `--no-history`, `--history FILE`, else
/// `KADO_HISTORY` (a file, or `off`), else the default place.
pub fn configure(file: Option<PathBuf>, off: bool) {
    let env = std::env::var_os("KADO_HISTORY").filter(|v| !v.is_empty());
    let place = match (off, file, env) {
        (true, _, _) => Place::Off,
        (false, Some(f), _) => Place::File(f),
        (false, None, Some(e)) if e == "off" => Place::Off,
        (false, None, Some(e)) => Place::File(PathBuf::from(e)),
        (false, None, None) => default_file().map_or(Place::Off, Place::File),
    };
    let _ = PLACE.set(place);
}

/// The history file, unless the history is off.
pub fn file() -> Option<PathBuf> {
    match PLACE.get() {
        Some(Place::File(f)) => Some(f.clone()),
        Some(Place::Off) => None,
        None => default_file(),
    }
}

/// `KADO_HOME/history.sqlite`, else the platform's data folder.
fn default_file() -> Option<PathBuf> {
    let env = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if let Some(home) = env("KADO_HOME") {
        return Some(home.join("history.sqlite"));
    }
    let data = if cfg!(target_os = "macos") {
        env("HOME").map(|h| h.join("Library/Application Support"))
    } else if cfg!(windows) {
        env("APPDATA")
    } else {
        env("XDG_DATA_HOME").or_else(|| env("HOME").map(|h| h.join(".local/share")))
    };
    data.map(|d| d.join("kado").join("history.sqlite"))
}

/// An open history.
pub struct Db {
    conn: Connection,
    path: PathBuf,
}

fn refused(path: &Path, why: &str) -> Error {
    Problem::new(format!("{} {why}", path.display()))
        .help("kado leaves it untouched; give another file with --history FILE")
        .into()
}

/// What is wrong with the history at `path`, in kado's words: every fault of the file
/// is bad input (exit 2), whichever page met it.
pub fn sql_error(path: &Path, e: &rusqlite::Error) -> Error {
    sql_words(path, e).coded(Code::History)
}

fn sql_words(path: &Path, e: &rusqlite::Error) -> Error {
    use rusqlite::ErrorCode as C;
    let p = path.display();
    match e.sqlite_error_code() {
        Some(C::NotADatabase) => refused(
            path,
            "is not an SQLite database (damaged, or another kind of file)",
        ),
        Some(C::DatabaseBusy | C::DatabaseLocked) => {
            Problem::new(format!("the play history {p} is in use by another kado"))
                .help("try again once the other kado is done with it")
                .into()
        }
        Some(
            C::CannotOpen | C::PermissionDenied | C::ReadOnly | C::DiskFull | C::SystemIoFailure,
        ) => Problem::new(format!(
            "the play history {p} cannot be read or written ({e})"
        ))
        .help("check the file and its folder, or give another file with --history FILE")
        .into(),
        _ => Problem::new(format!(
            "the play history {p} is damaged: kado cannot read the games in it"
        ))
        .help(
            "kado leaves it untouched; move it aside to start a new one, or give another \
                 file with --history FILE",
        )
        .into(),
    }
}

const CREATE: &str = "CREATE TABLE games (
         id INTEGER PRIMARY KEY AUTOINCREMENT,
         game TEXT NOT NULL,
         ruleset TEXT NOT NULL,
         date TEXT NOT NULL,
         finished INTEGER NOT NULL,
         outcome TEXT NOT NULL,
         source TEXT NOT NULL,
         ident TEXT NOT NULL UNIQUE,
         log TEXT NOT NULL);
     CREATE INDEX games_by_game ON games(game, date);";

/// Schema 1 to 2: a game's identity in place of its text's fingerprint, which had to be
/// unique (two games with the same moves were taken as one).
const MIGRATE_1: &str = "ALTER TABLE games RENAME TO games_1;
     DROP INDEX IF EXISTS games_by_game;
     CREATE TABLE games (
         id INTEGER PRIMARY KEY AUTOINCREMENT,
         game TEXT NOT NULL,
         ruleset TEXT NOT NULL,
         date TEXT NOT NULL,
         finished INTEGER NOT NULL,
         outcome TEXT NOT NULL,
         source TEXT NOT NULL,
         ident TEXT NOT NULL UNIQUE,
         log TEXT NOT NULL);
     INSERT INTO games (id, game, ruleset, date, finished, outcome, source, ident, log)
         SELECT id, game, ruleset, date, finished, outcome, source, 'old:' || fingerprint, log
         FROM games_1;
     DROP TABLE games_1;
     CREATE INDEX games_by_game ON games(game, date);";

impl Db {
    /// Opens the history at `path`, creating it (and its folder) when there is none.
    pub fn open(path: &Path) -> Result<Db, Error> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| {
                Error::msg(format!("cannot create the folder {}: {e}", dir.display()))
            })?;
        }
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE;
        let conn = Connection::open_with_flags(path, flags).map_err(|e| sql_error(path, &e))?;
        conn.busy_timeout(Duration::from_secs(10))
            .map_err(|e| sql_error(path, &e))?;
        let db = Db {
            conn,
            path: path.to_path_buf(),
        };
        db.check_or_create(path)?;
        Ok(db)
    }

    /// A fault of this history in kado's words.
    fn fault(&self, e: &rusqlite::Error) -> Error {
        sql_error(&self.path, e)
    }

    /// Refuses a database that is not a kado history; makes a new one one, and brings
    /// one of an older schema up to date.
    fn check_or_create(&self, path: &Path) -> Result<(), Error> {
        let e = |e: rusqlite::Error| sql_error(path, &e);
        self.conn.execute_batch("BEGIN IMMEDIATE").map_err(e)?;
        let result = self.check_or_create_in_transaction(path);
        let end = if result.is_ok() { "COMMIT" } else { "ROLLBACK" };
        self.conn.execute_batch(end).map_err(e)?;
        result
    }

    fn check_or_create_in_transaction(&self, path: &Path) -> Result<(), Error> {
        let e = |e: rusqlite::Error| sql_error(path, &e);
        let one =
            |q: &str| -> Result<i64, Error> { self.conn.query_row(q, [], |r| r.get(0)).map_err(e) };
        let app = one("PRAGMA application_id")?;
        let version = one("PRAGMA user_version")?;
        let tables = one("SELECT count(*) FROM sqlite_master")?;
        if app == APP_ID && version == SCHEMA {
            return Ok(());
        }
        if app == APP_ID && version == 1 {
            let sql = format!("{MIGRATE_1}\nPRAGMA user_version = {SCHEMA};");
            return self.conn.execute_batch(&sql).map_err(e);
        }
        if app == APP_ID && version > SCHEMA {
            return Err(refused(path, "was written by a newer kado"));
        }
        if app != 0 || tables > 0 {
            return Err(refused(
                path,
                "is an SQLite database, but not kado's play history",
            ));
        }
        self.conn
            .execute_batch(&format!(
                "PRAGMA application_id = {APP_ID};
                 PRAGMA user_version = {SCHEMA};
                 {CREATE}
                 CREATE TABLE seats (
                     game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
                     name TEXT NOT NULL,
                     score INTEGER NOT NULL,
                     won INTEGER NOT NULL,
                     kado INTEGER NOT NULL);
                 CREATE INDEX seats_by_name ON seats(name COLLATE NOCASE);
                 CREATE INDEX seats_by_game ON seats(game_id);"
            ))
            .map_err(e)
    }
}

/// A game to add.
pub struct Entry<'a> {
    pub game: &'a str,
    pub ruleset: &'a str,
    pub outcome: &'a Outcome,
    pub source: &'a str,
    /// The saved log, from which `history show` replays the game, or the game's own
    /// lines of a record.
    pub log: &'a str,
    /// What makes it this game, not another with the same moves (see [`ident`]).
    pub ident: String,
    /// The fingerprint an older kado knew this game by, if it could have journaled it.
    pub legacy: Option<String>,
}

/// What adding a game did.
#[derive(Debug, PartialEq, Eq)]
pub enum Added {
    New(i64),
    /// The same game was journaled before, under this number.
    Already(i64),
    /// The same game was there as stopped, and is now there as finished.
    Finished(i64),
}

/// The games a [`Filter`] keeps, its parts bound as ?1 game, ?2 ruleset, ?3 since and ?4
/// until (any left NULL keeps every game). Its player is matched as each game is read
/// ([`Filter::seats`]): names are told apart under kado's one rule ([`kado::seat`]),
/// which SQLite's `NOCASE` (ASCII letters only) is not.
const FILTERED: &str = "WHERE (?1 IS NULL OR game = ?1)
               AND (?2 IS NULL OR ruleset = ?2)
               AND (?3 IS NULL OR date >= ?3)
               AND (?4 IS NULL OR substr(date, 1, 10) <= ?4)";

impl Db {
    /// Adds a game, once: a game already there (the same identity) is not added again.
    pub fn add(&mut self, entry: &Entry) -> Result<Added, Error> {
        let mut added = self.add_all(std::slice::from_ref(entry))?;
        added.pop().ok_or_else(|| Error::msg("no game was added"))
    }

    /// Adds games in one transaction: all of them, or none when kado stops part way.
    pub fn add_all(&mut self, entries: &[Entry]) -> Result<Vec<Added>, Error> {
        let path = self.path.clone();
        let e = |e: rusqlite::Error| sql_error(&path, &e);
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
            .map_err(e)?;
        let mut added = Vec::with_capacity(entries.len());
        for entry in entries {
            added.push(add_in(&tx, entry).map_err(e)?);
        }
        tx.commit().map_err(e)?;
        Ok(added)
    }

    /// Removes a game; false when there is none with that number.
    pub fn forget(&mut self, id: i64) -> Result<bool, Error> {
        let path = self.path.clone();
        let e = |e: rusqlite::Error| sql_error(&path, &e);
        let tx = self.conn.transaction().map_err(e)?;
        tx.execute("DELETE FROM seats WHERE game_id = ?1", [id])
            .map_err(e)?;
        let n = tx
            .execute("DELETE FROM games WHERE id = ?1", [id])
            .map_err(e)?;
        tx.commit().map_err(e)?;
        Ok(n > 0)
    }

    /// The games that pass `filter`, newest first.
    pub fn games(&self, filter: &Filter) -> Result<Vec<Played>, Error> {
        let e = |e: rusqlite::Error| self.fault(&e);
        let mut st = self
            .conn
            .prepare(
                &format!(
                    "SELECT id, game, ruleset, date, outcome, source FROM games {FILTERED} ORDER BY id DESC"
                ),
            )
            .map_err(e)?;
        let rows = st
            .query_map(
                params![filter.game, filter.ruleset, filter.since, filter.until],
                played,
            )
            .map_err(e)?;
        let mut out = Vec::new();
        for p in rows {
            let p = p.map_err(e)?;
            if filter.seats(&p.outcome) {
                out.push(p);
            }
        }
        Ok(out)
    }

    /// Every finished or stopped game that passes `filter` (its player and game; the
    /// other parts of the filter are `history`'s), oldest first, handed to `each` as its
    /// game and outcome without its money round by round: the rows are read one at a
    /// time and none is kept, so that `stats` is one pass whatever the history's size.
    pub fn each_outcome(
        &self,
        filter: &Filter,
        mut each: impl FnMut(&str, &Outcome),
    ) -> Result<(), Error> {
        let e = |e: rusqlite::Error| self.fault(&e);
        let mut st = self
            .conn
            .prepare(&format!(
                "SELECT game, outcome FROM games {FILTERED} ORDER BY id"
            ))
            .map_err(e)?;
        let mut rows = st
            .query(params![
                filter.game,
                filter.ruleset,
                filter.since,
                filter.until
            ])
            .map_err(e)?;
        while let Some(r) = rows.next().map_err(e)? {
            let game = kado::diag::escape(text_at(r, 0).map_err(e)?);
            let outcome = lean_outcome(text_at(r, 1).map_err(e)?).map_err(e)?;
            if filter.seats(&outcome) {
                each(&game, &outcome);
            }
        }
        Ok(())
    }

    /// One game and its saved log.
    pub fn game(&self, id: i64) -> Result<Option<(Played, String)>, Error> {
        self.conn
            .query_row(
                "SELECT id, game, ruleset, date, outcome, source, log FROM games WHERE id = ?1",
                [id],
                |r| Ok((played(r)?, r.get(6)?)),
            )
            .optional()
            .map_err(|e| self.fault(&e))
    }
}

/// Adds one game inside a transaction, unless it is there already; a game there as
/// stopped that comes back finished (the same identity) is brought up to its end.
fn add_in(tx: &rusqlite::Transaction, entry: &Entry) -> Result<Added, rusqlite::Error> {
    let mut known: Option<(i64, bool)> = tx
        .query_row(
            "SELECT id, finished FROM games WHERE ident = ?1",
            [&entry.ident],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    if let (None, Some(old)) = (known, &entry.legacy) {
        known = tx
            .query_row(
                "SELECT id, finished FROM games WHERE ident = 'old:' || ?1",
                [old],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
    }
    let outcome = serde_json::to_string(entry.outcome).unwrap_or_default();
    let id = match known {
        Some((id, false)) if entry.outcome.finished => {
            tx.execute(
                "UPDATE games SET date = ?2, finished = 1, outcome = ?3, source = ?4, log = ?5
                 WHERE id = ?1",
                params![id, now(), outcome, entry.source, entry.log],
            )?;
            tx.execute("DELETE FROM seats WHERE game_id = ?1", [id])?;
            add_seats(tx, id, entry.outcome)?;
            return Ok(Added::Finished(id));
        }
        Some((id, _)) => return Ok(Added::Already(id)),
        None => {
            tx.execute(
                "INSERT INTO games (game, ruleset, date, finished, outcome, source, ident, log)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                params![
                    entry.game,
                    entry.ruleset,
                    now(),
                    entry.outcome.finished,
                    outcome,
                    entry.source,
                    entry.ident,
                    entry.log
                ],
            )?;
            tx.last_insert_rowid()
        }
    };
    add_seats(tx, id, entry.outcome)?;
    Ok(Added::New(id))
}

fn add_seats(tx: &rusqlite::Transaction, id: i64, outcome: &Outcome) -> rusqlite::Result<()> {
    let mut seat = tx.prepare(
        "INSERT INTO seats (game_id, name, score, won, kado) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    for s in &outcome.seats {
        seat.execute(params![id, s.name, s.score, s.won, s.kado])?;
    }
    Ok(())
}

/// A journaled game from a row of `id, game, ruleset, date, outcome, source`.
fn played(r: &rusqlite::Row) -> rusqlite::Result<Played> {
    let text: String = r.get(4)?;
    let outcome = outcome_of(&text, false)?;
    let text = |i: usize| -> rusqlite::Result<String> {
        Ok(kado::diag::escape(&r.get::<_, String>(i)?).into_owned())
    };
    Ok(Played {
        id: r.get(0)?,
        game: text(1)?,
        ruleset: text(2)?,
        date: text(3)?,
        outcome,
        source: text(5)?,
    })
}

/// A game's outcome from its JSON, every string escaped; `lean`: without its money round
/// by round.
fn outcome_of(text: &str, lean: bool) -> rusqlite::Result<Outcome> {
    // A row whose outcome does not read is damage, reported as such.
    let damaged = |e: serde_json::Error| {
        rusqlite::Error::FromSqlConversionFailure(4, rusqlite::types::Type::Text, Box::new(e))
    };
    let mut value: serde_json::Value = serde_json::from_str(text).map_err(damaged)?;
    if lean && let Some(facts) = value.get_mut("facts").and_then(|f| f.as_object_mut()) {
        facts.remove("money_by_round");
    }
    escape_strings(&mut value);
    serde_json::from_value(value).map_err(damaged)
}

/// The text in column `i` of a row, borrowed.
fn text_at<'r>(r: &'r rusqlite::Row, i: usize) -> rusqlite::Result<&'r str> {
    r.get_ref(i)?.as_str().map_err(|err| {
        rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Text, Box::new(err))
    })
}

/// An outcome as `stats` counts it: without its money round by round, its strings
/// escaped as [`played`] escapes them. Read straight into its values, and through
/// [`played`]'s reading when that fails, so that a damaged row is told alike.
fn lean_outcome(text: &str) -> rusqlite::Result<Outcome> {
    #[derive(serde::Deserialize)]
    struct Lean {
        finished: bool,
        seats: Vec<kado::history::SeatOutcome>,
        #[serde(default)]
        facts: LeanFacts,
    }
    #[derive(serde::Deserialize, Default)]
    struct LeanFacts {
        #[serde(default)]
        winning_hands: Vec<(String, String)>,
        #[serde(default)]
        kings_exposed: Option<u32>,
        #[serde(default)]
        yaku: Vec<(String, String)>,
        #[serde(default)]
        triads: Vec<(String, i64)>,
        #[serde(default)]
        runs: Vec<(String, i64)>,
        #[serde(default)]
        pokino: Option<String>,
    }
    let Ok(lean) = serde_json::from_str::<Lean>(text) else {
        return outcome_of(text, true);
    };
    let f = lean.facts;
    let mut o = Outcome {
        finished: lean.finished,
        seats: lean.seats,
        facts: kado::history::Facts {
            money_by_round: Vec::new(),
            winning_hands: f.winning_hands,
            kings_exposed: f.kings_exposed,
            yaku: f.yaku,
            triads: f.triads,
            runs: f.runs,
            pokino: f.pokino,
        },
    };
    escape_outcome(&mut o);
    Ok(o)
}

/// Every string of `o` with its control characters escaped (see [`escape_strings`]).
fn escape_outcome(o: &mut Outcome) {
    fn esc(s: &mut String) {
        if let std::borrow::Cow::Owned(e) = kado::diag::escape(s) {
            *s = e;
        }
    }
    o.seats.iter_mut().for_each(|s| esc(&mut s.name));
    let f = &mut o.facts;
    for (a, b) in f.winning_hands.iter_mut().chain(f.yaku.iter_mut()) {
        esc(a);
        esc(b);
    }
    f.triads
        .iter_mut()
        .chain(f.runs.iter_mut())
        .for_each(|(a, _)| esc(a));
    f.pokino.iter_mut().for_each(esc);
}

/// Every string in `v` (keys too) with its control characters escaped: kado writes none
/// in the history, so one there came from elsewhere, and would drive the terminal of
/// whoever lists the games.
fn escape_strings(v: &mut serde_json::Value) {
    use serde_json::Value;
    match v {
        Value::String(s) => {
            if let std::borrow::Cow::Owned(e) = kado::diag::escape(s) {
                *s = e;
            }
        }
        Value::Array(items) => items.iter_mut().for_each(escape_strings),
        Value::Object(map) => {
            let old = std::mem::take(map);
            for (k, mut item) in old {
                escape_strings(&mut item);
                map.insert(kado::diag::escape(&k).into_owned(), item);
            }
        }
        _ => {}
    }
}

/// Which games to list or count.
#[derive(Clone, Debug, Default)]
pub struct Filter {
    pub game: Option<String>,
    pub player: Option<String>,
    pub ruleset: Option<String>,
    /// `YYYY-MM-DD`: on or after.
    pub since: Option<String>,
    /// `YYYY-MM-DD`: on or before.
    pub until: Option<String>,
}

impl Filter {
    /// Whether the player filtered on (if any) sat in the game: a seat of the same name
    /// under kado's one rule of names. The outcome's names are read escaped
    /// ([`escape_outcome`]), so the player's name is compared escaped too.
    pub fn seats(&self, outcome: &Outcome) -> bool {
        self.player.as_deref().is_none_or(|player| {
            let player = kado::diag::escape(player);
            (outcome.seats.iter()).any(|s| kado::seat::same_name(&s.name, &player))
        })
    }
}

/// FNV-1a, 64 bits, fed piece by piece: stable across versions and machines.
#[derive(Clone, Copy)]
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn feed(mut self, text: &str) -> Fnv {
        for b in text.bytes() {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
        self
    }

    fn hex(self) -> String {
        format!("{:016x}", self.0)
    }
}

/// The fingerprint of a text, as schema 1 knew a game by its saved log.
pub fn fingerprint(text: &str) -> String {
    Fnv::new().feed(text).hex()
}

/// What makes a game that game: the identity kado drew when it started; else (a save or
/// record from before identities) the file it is in, its place there and its text, so
/// that two games with the same moves are two games.
pub fn ident(id: Option<&str>, source: &str, place: usize, text: &str) -> String {
    match id {
        Some(id) => format!("id:{id}"),
        None => {
            let place = place.to_string();
            let f = Fnv::new().feed(source).feed("\n").feed(&place).feed("\n");
            format!("file:{}", f.feed(text).hex())
        }
    }
}

/// A new game's identity: 128 random bits (from the standard library's per-process
/// random hashing keys), the clock and the process, as 32 hex digits.
pub fn new_game_id() -> String {
    use std::hash::{BuildHasher, Hasher};
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    (0..2u8)
        .map(|half| {
            let mut h = std::collections::hash_map::RandomState::new().build_hasher();
            h.write_u8(half);
            h.write_u128(nanos);
            h.write_u32(std::process::id());
            format!("{:016x}", h.finish())
        })
        .collect()
}

/// A record as kado writes it: the game's identity on a comment line, then the record.
pub fn with_id_line(id: Option<&str>, record: &str) -> String {
    match id {
        // A save edited by hand may hold anything there: it is written escaped.
        Some(id) => format!("{ID_LINE}{}\n{record}", kado::diag::escape(id)),
        None => record.to_string(),
    }
}

/// The identity on a record's comment line, if it has one.
fn id_of_record(text: &str) -> Option<&str> {
    text.lines()
        .find_map(|l| l.trim().strip_prefix(ID_LINE.trim_end()))
        .map(str::trim)
        .filter(|id| !id.is_empty())
}

/// Now, in UTC, as `YYYY-MM-DD HH:MM` (`SOURCE_DATE_EPOCH` fixes it, for tests).
pub fn now() -> String {
    let secs = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.parse::<i64>().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs() as i64)
        });
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    format!(
        "{} {:02}:{:02}",
        kado::history::day::Day::from_days(days),
        rest / 3600,
        rest % 3600 / 60
    )
}

/// Journals a finished session; returns what to tell the table. Never fails the game.
pub fn journal<G: Session>(
    game: &G,
    log: &Log<G::Setup, G::Action>,
    source: &Path,
) -> Option<String> {
    let path = file()?;
    let outcome = game.outcome()?;
    if !outcome.finished {
        return None;
    }
    let said = match add_log::<G>(&path, log, &outcome, source) {
        Ok(Added::New(id)) => {
            unmark_pending(source);
            format!("Added to the play history as game #{id} (`kado history show {id}`).")
        }
        Ok(Added::Already(id)) => {
            unmark_pending(source);
            format!("This game is in the play history as game #{id}.")
        }
        Ok(Added::Finished(id)) => {
            unmark_pending(source);
            format!("Game #{id} of the play history, stopped before, is now finished there.")
        }
        Err(e) => format!(
            "The game is saved in {}, but it could not be added to the play history: {}",
            source.display(),
            e.summary()
        ),
    };
    Some(said + "\n")
}

/// Adds a session's log to the history at `path`.
fn add_log<G: Session>(
    path: &Path,
    log: &Log<G::Setup, G::Action>,
    outcome: &Outcome,
    source: &Path,
) -> Result<Added, Error> {
    // The history keeps the game, not the secrets of the pages it was served on.
    let text = Log {
        served: None,
        ..log.clone()
    }
    .to_yaml()?;
    let mut db = Db::open(path)?;
    let source = canonical(source);
    db.add(&Entry {
        game: G::GAME,
        ruleset: &log.ruleset.name,
        outcome,
        source: &source,
        log: &text,
        ident: ident(log.id.as_deref(), &source, 0, &text),
        legacy: log.id.is_none().then(|| fingerprint(&text)),
    })
}

/// A file's full path, as the history names where a game came from.
fn canonical(path: &Path) -> String {
    std::fs::canonicalize(path)
        .unwrap_or_else(|_| path.to_path_buf())
        .to_string_lossy()
        .into_owned()
}

/// Reads a save of game `G` and adds it if its game is finished (a noted save).
pub fn import_finished<G: Session>(
    path: &Path,
    history: &Path,
    text: &str,
) -> Result<Option<Added>, Error> {
    let log: Log<G::Setup, G::Action> = Log::from_yaml(&path.to_string_lossy(), text, G::GAME)?;
    let game: G = replay(&log)?;
    match game.outcome() {
        Some(outcome) if outcome.finished => add_log::<G>(history, &log, &outcome, path).map(Some),
        _ => Ok(None),
    }
}

/// Reads a save of game `G`, replays it, and adds it (finished or not).
pub fn import<G: Session>(path: &Path, history: &Path, text: &str) -> Result<Added, Error> {
    let log: Log<G::Setup, G::Action> = Log::from_yaml(&path.to_string_lossy(), text, G::GAME)?;
    let game: G = replay(&log)?;
    let outcome = game.outcome().ok_or_else(|| {
        Error::msg(format!(
            "{}: kado keeps no history of this kind of session",
            path.display()
        ))
    })?;
    add_log::<G>(history, &log, &outcome, path)
}
/// The folder of notes for games to journal, beside the history: `FILE.pending/`. A note
/// is written before the save of a game's last action, and removed once the game is in
/// the history, so a game finished while kado was killed is found and added later.
fn pending_dir() -> Option<PathBuf> {
    let history = file()?;
    let mut name = history.file_name()?.to_os_string();
    name.push(".pending");
    Some(history.with_file_name(name))
}

fn pending_note(dir: &Path, save: &str) -> PathBuf {
    dir.join(format!("{}.note", fingerprint(save)))
}

/// Notes that the game saved in `save` is about to finish and must be journaled. Best
/// effort: without the note, the game is journaled as before.
pub fn mark_pending(save: &Path) {
    let Some(dir) = pending_dir() else {
        return;
    };
    let save = canonical(save);
    if std::fs::create_dir_all(&dir).is_ok() {
        let _ = crate::savefile::save_atomic(&pending_note(&dir, &save), &format!("{save}\n"));
    }
}

/// The game saved in `save` is in the history: its note goes.
pub fn unmark_pending(save: &Path) {
    if let Some(dir) = pending_dir() {
        let _ = std::fs::remove_file(pending_note(&dir, &canonical(save)));
    }
}

/// The saves whose games are still to be journaled, and the note of each.
pub fn pending() -> Vec<(PathBuf, PathBuf)> {
    let Some(dir) = pending_dir() else {
        return Vec::new();
    };
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut notes: Vec<(PathBuf, PathBuf)> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "note"))
        .filter_map(|note| {
            let text = std::fs::read_to_string(&note).ok()?;
            Some((PathBuf::from(text.trim_end_matches('\n')), note))
        })
        .collect();
    notes.sort();
    notes
}

/// A problem with a file being imported, pointed at its line (and column 1).
pub fn at_line(path: &Path, text: &str, line: usize, message: String) -> Problem {
    record::at_line(&file_name(path), text, line, message)
}

/// How a file is named in what kado says about it: `file NAME`.
fn file_name(path: &Path) -> String {
    format!("file {}", path.display())
}

/// The game a record is of, or why it is neither a save nor a record.
pub fn record_kind(path: &Path, text: &str) -> Result<&'static str, Error> {
    record::record_game(text).ok_or_else(|| {
        at_line(
            path,
            text,
            1,
            format!(
                "{} is neither a game saved by kado nor a record of one",
                path.display()
            ),
        )
        .into()
    })
}

/// What importing one game of a file did: the line the game starts at, and its number.
pub type Imported = (usize, Added);

/// Imports a record of `game`, refereed under `rs`: each
/// game of it, as far as it goes, with its own lines, all in one transaction.
pub fn import_record(
    path: &Path,
    history: &Path,
    text: &str,
    game: &str,
    rs: &Ruleset,
) -> Result<Vec<Imported>, Error> {
    let of = record::by_id(game)
        .ok_or_else(|| Error::msg(format!("kado keeps no records of `{game}`")))?;
    let found = record::games_of_record(of, rs, &file_name(path), text)?;
    let source = canonical(path);
    let whole = Fnv::new().feed(text);
    let entries: Vec<Entry> = found
        .iter()
        .enumerate()
        .map(|(i, g)| Entry {
            game,
            ruleset: &rs.name,
            outcome: &g.outcome,
            source: &source,
            log: g.lines,
            ident: ident(id_of_record(g.lines), &source, i, g.lines),
            legacy: Some(
                whole
                    .feed(&format!("# game {} of this record\n", i + 1))
                    .hex(),
            ),
        })
        .collect();
    let added = Db::open(history)?.add_all(&entries)?;
    Ok(found.iter().map(|g| g.line).zip(added).collect())
}

#[cfg(test)]
mod tests;
