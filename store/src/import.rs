//! Games added to the play history from files: `history import` (saves and records, each
//! game once), and the games a killed kado left noted, journaled at the next start.

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::history::{
    Added, Imported, at_line, file, import, import_finished, import_record, pending, record_kind,
};
use crate::savefile::SaveLock;
use kado::diag::{Error, Problem, Problems};
use kado::games::{PerGame, dispatch, marked_game, saved_game};
use kado::ruleset::Ruleset;
use kado::session::Session;

/// A game added by `history import`.
#[derive(Clone, Debug, Serialize)]
pub struct ImportedGame {
    pub file: String,
    /// The line its lines start at in a record of several games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    pub id: i64,
    /// The game was there as stopped, and is now there as finished.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub now_finished: bool,
}

/// What `history import` did: the games added.
#[derive(Clone, Debug, Serialize)]
pub struct Imports {
    pub imported: Vec<ImportedGame>,
}

/// Refuses a record at a path, of the game named (when known), of a size in bytes.
pub type RecordSize = dyn Fn(&Path, Option<&str>, usize) -> Result<(), Error>;

/// How the files are read (with the command line's limits), and the ruleset a record of
/// a game is refereed under.
pub struct Readers<'a> {
    pub read: &'a dyn Fn(&Path) -> Result<String, Error>,
    /// Refuses a record (of the game named, when its lines tell) larger than `check`
    /// reads of one: a file is read under the larger limit of a save until it is known to
    /// be a record.
    pub record_size: &'a RecordSize,
    /// The ruleset a record of a game is refereed under.
    pub ruleset: &'a dyn Fn(&str, &kado::diag::Source) -> Result<Ruleset, Error>,
}

/// Imports every file into the history at `history`, in order: the games added, and
/// every game or file not added as a problem at its place.
pub fn import_files(files: &[PathBuf], history: &Path, how: &Readers) -> (Imports, Problems) {
    let mut done = Vec::new();
    // A record's games already there may be thousands: only those shown are built.
    let mut problems = Problems::new();
    for f in files {
        let name = f.display().to_string();
        let (games, text) = match import_one(f, history, how) {
            Ok(r) => r,
            Err(e) => {
                problems.push_error(e);
                continue;
            }
        };
        let several = games.len() > 1;
        for (line, added) in games {
            match added {
                Added::New(id) | Added::Finished(id) => done.push(ImportedGame {
                    file: name.clone(),
                    line: several.then_some(line),
                    id,
                    now_finished: matches!(added, Added::Finished(_)),
                }),
                Added::Already(id) => problems.push_with(|| {
                    at_line(
                        f,
                        &text,
                        line,
                        format!("this game is in the play history already, as game #{id}"),
                    )
                    .help(format!("`kado history show {id}` shows it"))
                }),
            }
        }
    }
    (Imports { imported: done }, problems)
}

struct Import<'a> {
    path: &'a Path,
    history: &'a Path,
    text: &'a str,
}

impl PerGame for Import<'_> {
    type Out = Result<Added, Error>;
    fn run<G: Session>(self) -> Self::Out {
        import::<G>(self.path, self.history, self.text)
    }
}

/// Imports one file: a save (one game) or a record (each of its games). Returns what
/// each game did, and the file's text (to point at).
fn import_one(f: &Path, history: &Path, how: &Readers) -> Result<(Vec<Imported>, String), Error> {
    let text = (how.read)(f)?;
    let Some(game) = saved_game(&text) else {
        // Refused over the size `check` reads of a record before it is read as one.
        (how.record_size)(f, marked_game(&text), text.len())?;
        let game = record_kind(f, &text)?;
        let rs = (how.ruleset)(
            game,
            &kado::diag::Source::new(format!("file {}", f.display()), text.as_str()),
        )?;
        let games = import_record(f, history, &text, game, &rs)?;
        return Ok((games, text));
    };
    let job = Import {
        path: f,
        history,
        text: &text,
    };
    let line = text
        .lines()
        .position(|l| l.starts_with("id:"))
        .map_or(1, |i| i + 1);
    match dispatch(&game, &text, job) {
        None => Err(at_line(
            f,
            &text,
            1,
            format!("kado keeps no history of {game} saves"),
        )
        .into()),
        Some(Err(e)) => Err(located(f, &text, e)),
        Some(Ok(added)) => Ok((vec![(line, added)], text)),
    }
}

/// An error about a file, each problem that has no place pointed at the file's first line.
fn located(f: &Path, text: &str, e: Error) -> Error {
    let problems = e
        .problems
        .into_iter()
        .map(|p| match p.source {
            Some(_) => p,
            None => {
                let q = at_line(f, text, 1, p.message.clone());
                Problem {
                    source: q.source,
                    span: q.span,
                    at: q.at,
                    ..p
                }
            }
        })
        .collect();
    Error {
        problems,
        omitted: e.omitted,
    }
}

/// A noted save, journaled if its game is finished (`None` when it is not).
struct Journal<'a> {
    path: &'a Path,
    history: &'a Path,
    text: &'a str,
}

impl PerGame for Journal<'_> {
    type Out = Result<Option<Added>, Error>;
    fn run<G: Session>(self) -> Self::Out {
        import_finished::<G>(self.path, self.history, self.text)
    }
}

/// Journals the finished games a killed kado left noted (see
/// [`crate::history::mark_pending`]), and says what it did: added, or why not. A save in
/// use by a session is left for it.
pub fn finish_pending() -> Option<String> {
    let history = file()?;
    let mut said = String::new();
    for (save, note) in pending() {
        let Ok(_lock) = SaveLock::acquire(&save) else {
            continue;
        };
        let text = match std::fs::read_to_string(&save) {
            Ok(t) => t,
            Err(e) => {
                said += &format!(
                    "A game finished in {} is not in the play history, and its save cannot be read: {e}.\n",
                    save.display()
                );
                if e.kind() == std::io::ErrorKind::NotFound {
                    let _ = std::fs::remove_file(&note);
                }
                continue;
            }
        };
        let job = Journal {
            path: &save,
            history: &history,
            text: &text,
        };
        match saved_game(&text).and_then(|g| dispatch(&g, &text, job)) {
            Some(Ok(Some(Added::New(id) | Added::Finished(id)))) => {
                said += &format!(
                    "A game finished in {} was not in the play history; it is now, as game #{id}.\n",
                    save.display()
                );
            }
            Some(Ok(_)) => {}
            Some(Err(e)) => {
                said += &format!(
                    "A game finished in {} is not in the play history: {}\n",
                    save.display(),
                    e.summary()
                );
                continue;
            }
            None => {}
        }
        let _ = std::fs::remove_file(&note);
    }
    (!said.is_empty()).then_some(said)
}
