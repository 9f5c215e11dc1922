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

use kado::diag::{Error, Problem};
use kado::history::{Outcome, Played};
use kado::session::{Log, Session, replay};

/// SQLite's `application_id` of a kado history: "kado" in ASCII.
const APP_ID: i64 = 0x6B61_646F;
/// The schema this kado writes (`user_version`).
const SCHEMA: i64 = 1;

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
}

fn refused(path: &Path, why: &str) -> Error {
    Problem::new(format!("{} {why}", path.display()))
        .help("kado leaves it untouched; give another file with --history FILE")
        .into()
}

fn sql_error(path: &Path, e: &rusqlite::Error) -> Error {
    match e.sqlite_error_code() {
        Some(rusqlite::ErrorCode::NotADatabase) => refused(
            path,
            "is not an SQLite database (damaged, or another kind of file)",
        ),
        _ => Error::msg(format!(
            "the play history {} cannot be used: {e}",
            path.display()
        )),
    }
}

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
        let db = Db { conn };
        db.check_or_create(path)?;
        Ok(db)
    }

    /// Refuses a database that is not a kado history; makes a new one one.
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
        let app: i64 = self
            .conn
            .query_row("PRAGMA application_id", [], |r| r.get(0))
            .map_err(e)?;
        let version: i64 = self
            .conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .map_err(e)?;
        let tables: i64 = self
            .conn
            .query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0))
            .map_err(e)?;
        if app == APP_ID && version <= SCHEMA {
            return Ok(());
        }
        if app == APP_ID {
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
                 CREATE TABLE games (
                     id INTEGER PRIMARY KEY AUTOINCREMENT,
                     game TEXT NOT NULL,
                     ruleset TEXT NOT NULL,
                     date TEXT NOT NULL,
                     finished INTEGER NOT NULL,
                     outcome TEXT NOT NULL,
                     source TEXT NOT NULL,
                     fingerprint TEXT NOT NULL UNIQUE,
                     log TEXT NOT NULL);
                 CREATE TABLE seats (
                     game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
                     name TEXT NOT NULL,
                     score INTEGER NOT NULL,
                     won INTEGER NOT NULL,
                     kado INTEGER NOT NULL);
                 CREATE INDEX seats_by_name ON seats(name COLLATE NOCASE);
                 CREATE INDEX seats_by_game ON seats(game_id);
                 CREATE INDEX games_by_game ON games(game, date);"
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
    /// The saved log, from which `history show` replays the game.
    pub log: &'a str,
}

/// What adding a game did.
#[derive(Debug, PartialEq, Eq)]
pub enum Added {
    New(i64),
    /// The same game was journaled before, under this number.
    Already(i64),
}

impl Db {
    /// Adds a game, once: a game already there (the same log) is not added again.
    pub fn add(&mut self, entry: &Entry) -> Result<Added, rusqlite::Error> {
        let print = fingerprint(entry.log);
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let known: Option<i64> = tx
            .query_row(
                "SELECT id FROM games WHERE fingerprint = ?1",
                [&print],
                |r| r.get(0),
            )
            .optional()?;
        if let Some(id) = known {
            return Ok(Added::Already(id));
        }
        let outcome = serde_json::to_string(entry.outcome).unwrap_or_default();
        tx.execute(
            "INSERT INTO games (game, ruleset, date, finished, outcome, source, fingerprint, log)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![
                entry.game,
                entry.ruleset,
                now(),
                entry.outcome.finished,
                outcome,
                entry.source,
                print,
                entry.log
            ],
        )?;
        let id = tx.last_insert_rowid();
        for s in &entry.outcome.seats {
            tx.execute(
                "INSERT INTO seats (game_id, name, score, won, kado) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![id, s.name, s.score, s.won, s.kado],
            )?;
        }
        tx.commit()?;
        Ok(Added::New(id))
    }

    /// Removes a game; false when there is none with that number.
    pub fn forget(&mut self, id: i64) -> Result<bool, rusqlite::Error> {
        let tx = self.conn.transaction()?;
        tx.execute("DELETE FROM seats WHERE game_id = ?1", [id])?;
        let n = tx.execute("DELETE FROM games WHERE id = ?1", [id])?;
        tx.commit()?;
        Ok(n > 0)
    }

    /// The games that pass `filter`, newest first.
    pub fn games(&self, filter: &Filter) -> Result<Vec<Played>, rusqlite::Error> {
        let mut st = self.conn.prepare(
            "SELECT id, game, ruleset, date, outcome, source FROM games
             WHERE (?1 IS NULL OR game = ?1)
               AND (?2 IS NULL OR ruleset = ?2)
               AND (?3 IS NULL OR date >= ?3)
               AND (?4 IS NULL OR substr(date, 1, 10) <= ?4)
               AND (?5 IS NULL OR EXISTS (SELECT 1 FROM seats
                        WHERE seats.game_id = games.id AND seats.name = ?5 COLLATE NOCASE))
             ORDER BY id DESC",
        )?;
        let rows = st.query_map(
            params![
                filter.game,
                filter.ruleset,
                filter.since,
                filter.until,
                filter.player
            ],
            played,
        )?;
        rows.collect()
    }

    /// One game and its saved log.
    pub fn game(&self, id: i64) -> Result<Option<(Played, String)>, rusqlite::Error> {
        self.conn
            .query_row(
                "SELECT id, game, ruleset, date, outcome, source, log FROM games WHERE id = ?1",
                [id],
                |r| Ok((played(r)?, r.get(6)?)),
            )
            .optional()
    }
}

/// A journaled game from a row of `id, game, ruleset, date, outcome, source`.
fn played(r: &rusqlite::Row) -> rusqlite::Result<Played> {
    let outcome: String = r.get(4)?;
    Ok(Played {
        id: r.get(0)?,
        game: r.get(1)?,
        ruleset: r.get(2)?,
        date: r.get(3)?,
        outcome: serde_json::from_str(&outcome).unwrap_or_default(),
        source: r.get(5)?,
    })
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

/// A stable fingerprint of a saved log (FNV-1a, 64 bits): the same game twice is the
/// same text.
pub fn fingerprint(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
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
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}",
        rest / 3600,
        rest % 3600 / 60
    )
}

/// The calendar date of a day count since 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
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
            format!("Added to the play history as game #{id} (`kado history show {id}`).")
        }
        Ok(Added::Already(id)) => format!("This game is in the play history as game #{id}."),
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
    let text = log.to_yaml()?;
    let mut db = Db::open(path)?;
    let source = std::fs::canonicalize(source).unwrap_or_else(|_| source.to_path_buf());
    db.add(&Entry {
        game: G::GAME,
        ruleset: &log.ruleset.name,
        outcome,
        source: &source.to_string_lossy(),
        log: &text,
    })
    .map_err(|e| sql_error(path, &e))
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

/// The game a record is of, from its lines: a Pokino record lays a `spoke:`, a Koi-Koi
/// record deals a `table:`, a Kingmaker record has seasons and `blinks:`.
fn record_game(text: &str) -> Option<&'static str> {
    text.lines().find_map(|l| {
        let l = l.split('#').next().unwrap_or("");
        match l.split(':').next().unwrap_or("").trim() {
            "spoke" => Some("pokino"),
            "table" => Some("koikoi"),
            "winter" | "spring" | "summer" | "harvest" | "blinks" => Some("kingmaker"),
            _ => None,
        }
    })
}

/// Imports a record (Koi-Koi, Pokino, Kingmaker), refereed under the ruleset in force:
/// each game of it, as far as it goes.
pub fn import_record(
    ctx: &super::Ctx,
    path: &Path,
    history: &Path,
    text: &str,
) -> Result<Vec<i64>, Error> {
    let game = record_game(text).ok_or_else(|| {
        Error::msg(format!(
            "{} is neither a game saved by kado nor a record of one",
            path.display()
        ))
    })?;
    let title = match game {
        "pokino" => kado::pokino::TITLE,
        "koikoi" => kado::koikoi::TITLE,
        _ => kado::kingmaker::TITLE,
    };
    let rs = ctx.ruleset(game, title)?;
    let src = kado::diag::Source::new(path.display().to_string(), text);
    let outcomes = record_outcomes(game, &src, &rs)?;
    let mut db = Db::open(history)?;
    let source = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let mut ids = Vec::new();
    for (i, outcome) in outcomes.iter().enumerate() {
        let log = format!("{text}# game {} of this record\n", i + 1);
        let entry = Entry {
            game,
            ruleset: &rs.name,
            outcome,
            source: &source.to_string_lossy(),
            log: &log,
        };
        match db.add(&entry).map_err(|e| sql_error(history, &e))? {
            Added::New(id) => ids.push(id),
            Added::Already(id) => {
                return Err(Error::msg(format!(
                    "it is in the play history already, as game #{id}"
                )));
            }
        }
    }
    Ok(ids)
}

/// How each game of a record ends (or stands where it stops).
fn record_outcomes(
    game: &str,
    src: &kado::diag::Source,
    rs: &kado::ruleset::Ruleset,
) -> Result<Vec<Outcome>, Error> {
    Ok(match game {
        "pokino" => {
            let v = kado::pokino::check::check(src, &kado::pokino::Rules::from_ruleset(rs))?;
            v.games.iter().map(|g| g.game.outcome()).collect()
        }
        "koikoi" => {
            let rec = kado::koikoi::record::parse(src)?;
            let v = kado::koikoi::check::check(&rec, rs);
            v.games
                .iter()
                .filter_map(|g| g.referee.as_ref()?.outcome())
                .collect()
        }
        _ => {
            let v = kado::kingmaker::record::check(src, rs)?;
            v.campaign.outcome().into_iter().collect()
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_from_day_counts() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_780), (2026, 11, 23));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }

    #[test]
    fn a_foreign_database_is_refused_and_left_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("other.sqlite");
        let other = Connection::open(&path).unwrap();
        other.execute_batch("CREATE TABLE t (x INTEGER)").unwrap();
        drop(other);
        let before = std::fs::read(&path).unwrap();
        let e = Db::open(&path).err().unwrap();
        assert!(
            e.summary()
                .contains("is an SQLite database, but not kado's play history"),
            "{}",
            e.summary()
        );
        assert_eq!(std::fs::read(&path).unwrap(), before);
        let junk = dir.path().join("junk.sqlite");
        std::fs::write(
            &junk,
            "not a database at all, just text that is long enough",
        )
        .unwrap();
        let e = Db::open(&junk).err().unwrap();
        assert!(
            e.summary().contains("is not an SQLite database"),
            "{}",
            e.summary()
        );
        assert_eq!(
            std::fs::read_to_string(&junk).unwrap(),
            "not a database at all, just text that is long enough"
        );
    }

    #[test]
    fn a_game_is_added_once() {
        let dir = tempfile::tempdir().unwrap();
        let mut db = Db::open(&dir.path().join("h.sqlite")).unwrap();
        let outcome = Outcome {
            finished: true,
            ..Outcome::default()
        };
        let entry = Entry {
            game: "kinga",
            ruleset: "kinga",
            outcome: &outcome,
            source: "g.yaml",
            log: "game: kinga\n",
        };
        assert_eq!(db.add(&entry).unwrap(), Added::New(1));
        assert_eq!(db.add(&entry).unwrap(), Added::Already(1));
        assert!(db.forget(1).unwrap());
        assert!(!db.forget(1).unwrap());
    }
}
