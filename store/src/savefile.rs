//! A save file on disk: written atomically and durably, and locked while a session uses it.
//!
//! - A save name is followed to the file it leads to ([`resolve`]: symbolic links
//!   followed, the folder made canonical), and that file is locked and written, so a link
//!   stays a link and every name of one save takes the same lock.
//! - Every write goes to `.NAME.tmp` beside that file, is synced, renamed over it, and the
//!   folder is synced, so a crash leaves either the old or the new save. A write that
//!   fails (a full disk) removes its temporary file and leaves the last save as it was.
//! - A save with more than one hard link is refused: the rename would give the one name a
//!   new file and leave the others with the old game, splitting it.
//! - A session holds an exclusive lock on `.NAME.lock` (beside the save) for its whole
//!   life; a second session on the same file is refused and told which process holds it.
//!   The lock file holds that process's id and is removed when the session ends.
//! - A save name must be UTF-8 text ([`check_name`]), as kado prints it and reads it back.

use std::ffi::OsString;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

use crate::io_words;
use kado::diag::{Error, Problem};

/// The most symbolic links followed from one save name (Linux's own limit).
const MAX_LINKS: usize = 40;

/// The folder a save lives in, and its file name.
fn split(path: &Path) -> (PathBuf, OsString) {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path.file_name().map(OsString::from).unwrap_or_default();
    (dir, name)
}

/// A file beside `path`, named `.NAME` + `suffix`.
fn beside(path: &Path, suffix: &str) -> PathBuf {
    let (dir, name) = split(path);
    let mut hidden = OsString::from(".");
    hidden.push(name);
    hidden.push(suffix);
    dir.join(hidden)
}

/// The temporary file a save is written to before its rename.
fn tmp_path(path: &Path) -> PathBuf {
    beside(path, ".tmp")
}

/// Refuses a file name that is not UTF-8 text, for every save and record path (`--save`,
/// `resume FILE`, `status FILE`, `--record FILE`): kado names the file in its messages and
/// in the command that resumes it, and reads it back by that name.
pub fn check_name(path: &Path, what: &str) -> Result<(), Error> {
    if path.to_str().is_some() {
        return Ok(());
    }
    Err(Problem::new(format!(
        "{what} {} is not a UTF-8 file name",
        path.to_string_lossy()
    ))
    .help("name the file with UTF-8 text, which kado can print and read back")
    .into())
}

/// The file a save name leads to: each symbolic link followed (relative to the folder of
/// the link), then made canonical. A name that does not exist yet keeps its file name in
/// its canonical folder, so one file has one lock whichever way it is named.
pub fn resolve(path: &Path) -> std::io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = std::fs::read_link(&p)?;
                p = split(&p).0.join(to);
            }
            Ok(_) => return std::fs::canonicalize(&p),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let Some(name) = p.file_name() else {
                    return Err(e);
                };
                return Ok(std::fs::canonicalize(split(&p).0)?.join(name));
            }
            Err(e) => return Err(e),
        }
    }
    Err(std::io::Error::other("too many levels of symbolic links"))
}

/// The permissions of a new save: its owner's alone, as a served game's save holds the
/// secrets that open each seat's page.
pub const SAVE_MODE: u32 = 0o600;

/// Writes `text` to `path` atomically, for files no session holds (a Pokino board, a
/// game's record): the temporary file is named after this process, so two writers never
/// share one. A symbolic link is kept, and the file it leads to written.
pub fn save_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    let target = resolve(path).unwrap_or_else(|_| path.to_path_buf());
    let tmp = beside(&target, &format!(".{}.tmp", std::process::id()));
    write_via(&tmp, &target, None, |f| f.write_all(text.as_bytes()))
}

/// Writes `path` atomically as [`save_atomic`] does, its text given piece by piece by
/// `fill` (through a buffer): a long text, such as the record of a long simulation, is
/// never held whole in memory.
pub fn save_atomic_with(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let target = resolve(path).unwrap_or_else(|_| path.to_path_buf());
    let tmp = beside(&target, &format!(".{}.tmp", std::process::id()));
    write_via(&tmp, &target, None, |f| {
        let mut out = std::io::BufWriter::new(f);
        fill(&mut out)?;
        out.flush()
    })
}

/// Writes to `path` through `tmp`: `fill` writes the temporary file, which is synced and
/// renamed over the target, then the folder is synced so the rename itself survives a
/// power cut. On failure the temporary file is removed and the target is untouched. The
/// file keeps the permissions it had (a save its owner made `chmod 600` stays so); a new
/// one gets `new_mode` where given (a save, which may hold the secrets of a served
/// table's pages: 0600), else the usual ones.
fn write_via(
    tmp: &Path,
    path: &Path,
    new_mode: Option<u32>,
    fill: impl FnOnce(&mut File) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let written = created(tmp, path, new_mode)
        .and_then(|mut f| fill(&mut f).and_then(|()| f.sync_all()))
        .and_then(|()| std::fs::rename(tmp, path));
    if let Err(e) = written {
        let _ = std::fs::remove_file(tmp);
        return Err(e);
    }
    sync_dir(&split(path).0)
}

/// The temporary file for a write of `path`, with the permissions `path` has, or
/// `new_mode` for a file that does not exist yet.
#[cfg(unix)]
fn created(tmp: &Path, path: &Path, new_mode: Option<u32>) -> std::io::Result<File> {
    use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
    let kept = std::fs::metadata(path)
        .ok()
        .map(|m| m.permissions().mode() & 0o7777);
    let mut options = OpenOptions::new();
    options.write(true).create(true).truncate(true);
    let Some(mode) = kept.or(new_mode) else {
        return options.open(tmp);
    };
    // A file left by an interrupted write would keep its own mode: it goes first.
    let _ = std::fs::remove_file(tmp);
    let file = options.mode(mode).open(tmp)?;
    // The process's umask may have taken bits away from a mode kept.
    file.set_permissions(std::fs::Permissions::from_mode(mode))?;
    Ok(file)
}

#[cfg(not(unix))]
fn created(tmp: &Path, _path: &Path, _new_mode: Option<u32>) -> std::io::Result<File> {
    File::create(tmp)
}

#[cfg(unix)]
fn sync_dir(dir: &Path) -> std::io::Result<()> {
    File::open(dir)?.sync_all()
}

#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> std::io::Result<()> {
    Ok(())
}

/// Removes the temporary files an interrupted save can leave: `.NAME.tmp`, and the
/// `.NAME.PID.tmp` files earlier versions wrote.
fn remove_stale_tmp(path: &Path) {
    let (dir, name) = split(path);
    let _ = std::fs::remove_file(tmp_path(path));
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return;
    };
    let prefix = format!(".{}.", name.to_string_lossy());
    for e in entries.flatten() {
        let f = e.file_name().to_string_lossy().to_string();
        let pid_part = f
            .strip_prefix(&prefix)
            .and_then(|rest| rest.strip_suffix(".tmp"));
        if pid_part.is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit())) {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

/// How many names (hard links) a file has; `None` where that cannot be known.
#[cfg(unix)]
fn links(path: &Path) -> Option<u64> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).ok().map(|m| m.nlink())
}

#[cfg(not(unix))]
fn links(_path: &Path) -> Option<u64> {
    None
}

/// Whether two paths name one file (the same device and inode: one file through two
/// links). `false` when either does not exist.
#[cfg(unix)]
pub fn same_target(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
pub fn same_target(a: &Path, b: &Path) -> bool {
    matches!((resolve(a), resolve(b)), (Ok(a), Ok(b)) if a == b)
}

/// An exclusive hold on a save file for a session's life.
#[derive(Debug)]
pub struct SaveLock {
    /// The save as the user named it (for messages and the resume command).
    path: PathBuf,
    /// The file that name leads to ([`resolve`]): the one locked and written.
    target: PathBuf,
    lock_path: PathBuf,
    file: Option<File>,
    /// Where the game's record is rewritten after every save (`--record FILE`).
    record: Option<PathBuf>,
}

/// Why a save was not written.
#[derive(Debug)]
pub enum SaveError {
    /// The file system refused the write (a full disk, a read-only folder).
    Io {
        error: std::io::Error,
        /// Whether an earlier save of the game is on disk, as it was.
        earlier: bool,
    },
    /// The save has been given another name by a hard link while the session ran.
    HardLinked(u64),
}

impl SaveLock {
    /// Locks `path` for a session, or says which process already has it. A save with
    /// another hard link is refused (see [`hard_linked`]).
    pub fn acquire(path: &Path) -> Result<SaveLock, Error> {
        let target = resolve(path).map_err(|e| cannot_lock(path, &io_words(&e)))?;
        let lock_path = beside(&target, ".lock");
        // A lock file removed by the session that held it while we waited is stale:
        // try again on the new one.
        for _ in 0..8 {
            let mut file = OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&lock_path)
                .map_err(|e| cannot_lock(path, &io_words(&e)))?;
            match file.try_lock() {
                Ok(()) => {}
                Err(std::fs::TryLockError::WouldBlock) => {
                    return Err(in_use(path, &target, &mut file));
                }
                Err(std::fs::TryLockError::Error(e)) => {
                    return Err(cannot_lock(path, &io_words(&e)));
                }
            }
            if !same_file(&file, &lock_path) {
                continue;
            }
            let lock = SaveLock {
                path: path.to_path_buf(),
                target,
                lock_path,
                file: Some(file),
                record: None,
            };
            return lock.hold();
        }
        Err(cannot_lock(path, "its lock file keeps changing"))
    }

    /// The lock just taken: its holder's id written in it, the save checked for other
    /// names, stale temporary files removed.
    fn hold(mut self) -> Result<SaveLock, Error> {
        if let Some(file) = &mut self.file {
            let _ = file.set_len(0);
            let _ = file.rewind();
            let _ = write!(file, "{}", std::process::id());
            let _ = file.sync_all();
        }
        if let Some(n) = links(&self.target).filter(|n| *n > 1) {
            return Err(hard_linked(&self.path, n));
        }
        remove_stale_tmp(&self.target);
        Ok(self)
    }

    /// The save file this lock holds, as the user named it.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The file the save's name leads to, which is locked and written.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Asks for the game's record to be written to `path` after every save.
    pub fn set_record(&mut self, path: PathBuf) {
        self.record = Some(path);
    }

    /// The file the game's record is written to, if any.
    pub fn record_path(&self) -> Option<&Path> {
        self.record.as_deref()
    }

    /// Writes the save atomically and durably. Only the lock's holder writes, so one
    /// temporary name (`.NAME.tmp`) serves, and a killed process leaves at most that one.
    pub fn write(&self, text: &str) -> Result<(), SaveError> {
        self.write_with(|f| f.write_all(text.as_bytes()))
    }

    /// [`SaveLock::write`], with `fill` writing the temporary file.
    fn write_with(
        &self,
        fill: impl FnOnce(&mut File) -> std::io::Result<()>,
    ) -> Result<(), SaveError> {
        if let Some(n) = links(&self.target).filter(|n| *n > 1) {
            return Err(SaveError::HardLinked(n));
        }
        let earlier = self.target.exists();
        write_via(&tmp_path(&self.target), &self.target, Some(SAVE_MODE), fill)
            .map_err(|error| SaveError::Io { error, earlier })
    }

    /// Why a save of `game` was not written, in kado's words: what went wrong, where the
    /// game stands, and how to go on.
    pub fn not_saved(&self, why: &SaveError, game: &str) -> Error {
        let path = self.path.display();
        match why {
            SaveError::HardLinked(n) => hard_linked(&self.path, *n),
            SaveError::Io { error, earlier } => {
                let (state, go_on) = if *earlier {
                    (
                        "the game is as it was at the last save",
                        format!(
                            "continue it with `kado {game} resume {path}` (any answer not saved is asked again)"
                        ),
                    )
                } else {
                    (
                        "nothing was saved",
                        "start the game again (or choose another --save file)".to_string(),
                    )
                };
                let fix = match error.kind() {
                    std::io::ErrorKind::StorageFull | std::io::ErrorKind::QuotaExceeded => {
                        "free some space on that disk, then"
                    }
                    _ => "once kado can write there,",
                };
                Problem::new(format!(
                    "could not save the game to {path}: {}; {state}",
                    io_words(error)
                ))
                .help(format!("{fix} {go_on}"))
                .into()
            }
        }
    }
}

impl Drop for SaveLock {
    fn drop(&mut self) {
        // Removed while still held, so a waiting process sees a stale file and retries.
        let _ = std::fs::remove_file(&self.lock_path);
        drop(self.file.take());
    }
}

/// Whether the open lock file is still the one at `path` (not removed or replaced).
#[cfg(unix)]
fn same_file(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_file(_file: &File, path: &Path) -> bool {
    path.exists()
}

/// A save reached by more than one hard link. kado writes a save by renaming a new file
/// over it, which would leave every other name with the game as it was: the game would
/// split. Writing in place instead would lose the guarantee that a crash leaves a whole
/// save. So such a save is refused, with how to make it one name.
fn hard_linked(path: &Path, links: u64) -> Error {
    let path = path.display();
    Problem::new(format!(
        "{path} has {links} names on disk (hard links); kado saves by replacing the file, which would split the game between them"
    ))
    .help(format!(
        "keep one name: remove the other links (`find . -samefile {path}` lists them), or play a copy (`cp {path} game.yaml`); use `ln -s` for a second name"
    ))
    .into()
}

fn in_use(path: &Path, target: &Path, file: &mut File) -> Error {
    let mut pid = String::new();
    let _ = file.take(32).read_to_string(&mut pid);
    let pid = pid.trim();
    let who = if !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()) {
        format!("another kado session (process {pid})")
    } else {
        "another kado session".to_string()
    };
    let linked = match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => format!(" (a link to {})", target.display()),
        _ => String::new(),
    };
    Problem::new(format!("{}{linked} is in use by {who}", path.display()))
        .help("finish or quit that session first (one session per save file, so no answer is lost)")
        .into()
}

fn cannot_lock(path: &Path, why: &str) -> Error {
    Error::msg(format!(
        "cannot lock {} for this session: {why}",
        path.display()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_on_one_save_is_refused_and_names_the_process() {
        let dir = tempfile::tempdir().unwrap();
        let save = dir.path().join("g.yaml");
        let first = SaveLock::acquire(&save).unwrap();
        let err = SaveLock::acquire(&save).unwrap_err();
        let msg = err.summary();
        assert!(
            msg.contains("is in use by another kado session (process "),
            "{msg}"
        );
        assert!(msg.contains(&std::process::id().to_string()), "{msg}");
        drop(first);
        assert!(!dir.path().join(".g.yaml.lock").exists());
        let again = SaveLock::acquire(&save);
        assert!(again.is_ok());
    }

    #[test]
    fn stale_temporary_files_are_removed_when_a_session_starts() {
        let dir = tempfile::tempdir().unwrap();
        let save = dir.path().join("g.yaml");
        for stale in [".g.yaml.123.tmp", ".g.yaml.tmp"] {
            std::fs::write(dir.path().join(stale), "x").unwrap();
        }
        std::fs::write(dir.path().join(".g.yaml.keep.tmp"), "x").unwrap();
        let _lock = SaveLock::acquire(&save).unwrap();
        assert!(!dir.path().join(".g.yaml.123.tmp").exists());
        assert!(!dir.path().join(".g.yaml.tmp").exists());
        assert!(dir.path().join(".g.yaml.keep.tmp").exists());
    }

    /// The names in a folder, sorted.
    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().to_string())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn save_atomic_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let save = dir.path().join("g.yaml");
        save_atomic(&save, "a: 1\n").unwrap();
        let lock = SaveLock::acquire(&save).unwrap();
        lock.write("a: 2\n").unwrap();
        drop(lock);
        assert_eq!(std::fs::read_to_string(&save).unwrap(), "a: 2\n");
        assert_eq!(names(dir.path()), ["g.yaml"]);
    }

    /// Issue 60: a save holds the secrets of a served table's pages, and was written 0644;
    /// after `chmod 600` the next answer rewrote it 0644 (the rename dropped the mode).
    #[cfg(unix)]
    #[test]
    fn a_save_was_readable_by_all_and_a_rewrite_dropped_its_mode() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let save = dir.path().join("g.yaml");
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        let lock = SaveLock::acquire(&save).unwrap();
        lock.write("a: 1\n").unwrap();
        assert_eq!(mode(&save), 0o600);
        for kept in [0o640, 0o400, 0o600] {
            std::fs::set_permissions(&save, std::fs::Permissions::from_mode(kept)).unwrap();
            lock.write("a: 2\n").unwrap();
            assert_eq!(mode(&save), kept);
        }
        // A record is written with the usual permissions, and keeps those it is given.
        let record = dir.path().join("g.txt");
        save_atomic(&record, "x\n").unwrap();
        std::fs::set_permissions(&record, std::fs::Permissions::from_mode(0o600)).unwrap();
        save_atomic(&record, "y\n").unwrap();
        assert_eq!(mode(&record), 0o600);
    }

    #[cfg(unix)]
    #[test]
    fn a_save_reached_through_a_symlink_escaped_its_lock_and_was_split() {
        let dir = tempfile::tempdir().unwrap();
        let save = dir.path().join("x.yaml");
        std::fs::write(&save, "a: 1\n").unwrap();
        let link = dir.path().join("l.yaml");
        std::os::unix::fs::symlink("x.yaml", &link).unwrap();
        // One file, one lock, whichever name is used first.
        let held = SaveLock::acquire(&save).unwrap();
        let msg = SaveLock::acquire(&link).unwrap_err().summary();
        assert!(msg.contains("l.yaml (a link to "), "{msg}");
        assert!(
            msg.contains("x.yaml) is in use by another kado session"),
            "{msg}"
        );
        drop(held);
        // Written through the link: the file it leads to changes, the link stays.
        let lock = SaveLock::acquire(&link).unwrap();
        assert!(SaveLock::acquire(&save).is_err());
        lock.write("a: 2\n").unwrap();
        drop(lock);
        assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
        assert_eq!(std::fs::read_to_string(&save).unwrap(), "a: 2\n");
        assert_eq!(names(dir.path()), ["l.yaml", "x.yaml"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_save_through_a_linked_folder_or_a_dangling_link_takes_the_lock_of_its_file() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("real")).unwrap();
        std::os::unix::fs::symlink("real", dir.path().join("alias")).unwrap();
        let held = SaveLock::acquire(&dir.path().join("real/g.yaml")).unwrap();
        assert!(SaveLock::acquire(&dir.path().join("alias/g.yaml")).is_err());
        drop(held);
        // A link to a save not written yet: the new game is written where it leads.
        let link = dir.path().join("new.yaml");
        std::os::unix::fs::symlink("real/n.yaml", &link).unwrap();
        let lock = SaveLock::acquire(&link).unwrap();
        lock.write("a: 1\n").unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
        assert_eq!(
            std::fs::read_to_string(dir.path().join("real/n.yaml")).unwrap(),
            "a: 1\n"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_hard_linked_save_is_refused_as_its_rename_would_split_the_game() {
        let dir = tempfile::tempdir().unwrap();
        let save = dir.path().join("x.yaml");
        std::fs::write(&save, "a: 1\n").unwrap();
        let other = dir.path().join("h.yaml");
        std::fs::hard_link(&save, &other).unwrap();
        for name in [&save, &other] {
            let msg = SaveLock::acquire(name).unwrap_err().summary();
            assert!(
                msg.contains(".yaml has 2 names on disk (hard links); kado saves by replacing the file, which would split the game between them"),
                "{msg}"
            );
        }
        // Refused, no lock is left behind.
        assert_eq!(names(dir.path()), ["h.yaml", "x.yaml"]);
        // A link made while a session runs: its next save is refused, both names keep
        // the last save.
        std::fs::remove_file(&other).unwrap();
        let lock = SaveLock::acquire(&save).unwrap();
        std::fs::hard_link(&save, &other).unwrap();
        let why = lock.write("a: 2\n").unwrap_err();
        assert!(matches!(why, SaveError::HardLinked(2)));
        assert!(
            lock.not_saved(&why, "kinga")
                .summary()
                .contains("has 2 names")
        );
        assert_eq!(std::fs::read_to_string(&other).unwrap(), "a: 1\n");
        assert_eq!(std::fs::read_to_string(&save).unwrap(), "a: 1\n");
    }

    #[test]
    fn a_save_write_that_failed_on_a_full_disk_left_its_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let save = dir.path().join("g.yaml");
        let lock = SaveLock::acquire(&save).unwrap();
        lock.write("a: 1\n").unwrap();
        let full = |f: &mut File| {
            f.write_all(b"a: 2\nb:")?;
            Err(std::io::Error::from(std::io::ErrorKind::StorageFull))
        };
        let why = lock.write_with(full).unwrap_err();
        assert_eq!(std::fs::read_to_string(&save).unwrap(), "a: 1\n");
        assert_eq!(names(dir.path()), [".g.yaml.lock", "g.yaml"]);
        let e = lock.not_saved(&why, "kinga");
        let p = &e.problems[0];
        assert_eq!(
            p.message,
            format!(
                "could not save the game to {}: no space left on device; the game is as it was at the last save",
                save.display()
            )
        );
        assert_eq!(
            p.help.as_deref(),
            Some(
                format!(
                    "free some space on that disk, then continue it with `kado kinga resume {}` (any answer not saved is asked again)",
                    save.display()
                )
                .as_str()
            )
        );
    }

    #[test]
    fn a_new_game_whose_first_save_failed_says_nothing_was_saved() {
        let dir = tempfile::tempdir().unwrap();
        let save = dir.path().join("g.yaml");
        let lock = SaveLock::acquire(&save).unwrap();
        let full = |_: &mut File| Err(std::io::Error::from(std::io::ErrorKind::StorageFull));
        let why = lock.write_with(full).unwrap_err();
        let msg = lock.not_saved(&why, "kinga").summary();
        assert!(
            msg.ends_with("no space left on device; nothing was saved"),
            "{msg}"
        );
        assert_eq!(names(dir.path()), [".g.yaml.lock"]);
    }

    #[test]
    fn a_save_name_that_is_not_utf8_is_refused() {
        assert!(check_name(Path::new("g.yaml"), "--save").is_ok());
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt;
            let name = Path::new(std::ffi::OsStr::from_bytes(b"new\xe9.yaml"));
            let msg = check_name(name, "--save").unwrap_err().summary();
            assert_eq!(msg, "--save new\u{fffd}.yaml is not a UTF-8 file name");
        }
    }
}
