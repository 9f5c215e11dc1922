//! A save file on disk: written atomically and durably, and locked while a session uses it.
//!
//! - Every write goes to `.NAME.tmp` in the same folder, is synced, renamed over `NAME`,
//!   and the folder is synced, so a crash leaves either the old or the new save.
//! - A session holds an exclusive lock on `.NAME.lock` (beside the save) for its whole
//!   life; a second session on the same file is refused and told which process holds it.
//!   The lock file holds that process's id and is removed when the session ends.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

use kado::diag::{Error, Problem};

/// The folder a save lives in, and its file name.
fn split(path: &Path) -> (PathBuf, String) {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    (dir, name)
}

/// The temporary file a save is written to before its rename.
fn tmp_path(path: &Path) -> PathBuf {
    let (dir, name) = split(path);
    dir.join(format!(".{name}.tmp"))
}

/// Writes `text` to `path` atomically, for files no session holds (a Pokino board): the
/// temporary file is named after this process, so two writers never share one.
pub fn save_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    let (dir, name) = split(path);
    write_via(
        &dir.join(format!(".{name}.{}.tmp", std::process::id())),
        path,
        text,
    )
}

/// Writes `text` to `path` through `tmp`: a synced temporary file renamed over the
/// target, then the folder synced so the rename itself survives a power cut.
fn write_via(tmp: &Path, path: &Path, text: &str) -> std::io::Result<()> {
    {
        let mut f = File::create(tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
    }
    std::fs::rename(tmp, path)?;
    sync_dir(&split(path).0)
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
    let prefix = format!(".{name}.");
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

/// An exclusive hold on a save file for a session's life.
#[derive(Debug)]
pub struct SaveLock {
    path: PathBuf,
    lock_path: PathBuf,
    file: Option<File>,
    /// Where the game's record is rewritten after every save (`--record FILE`).
    record: Option<PathBuf>,
}

impl SaveLock {
    /// Locks `path` for a session, or says which process already has it.
    pub fn acquire(path: &Path) -> Result<SaveLock, Error> {
        let (dir, name) = split(path);
        let lock_path = dir.join(format!(".{name}.lock"));
        // A lock file removed by the session that held it while we waited is stale:
        // try again on the new one.
        for _ in 0..8 {
            let mut file = OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&lock_path)
                .map_err(|e| cannot_lock(path, &e.to_string()))?;
            match file.try_lock() {
                Ok(()) => {}
                Err(std::fs::TryLockError::WouldBlock) => return Err(in_use(path, &mut file)),
                Err(std::fs::TryLockError::Error(e)) => {
                    return Err(cannot_lock(path, &e.to_string()));
                }
            }
            if !same_file(&file, &lock_path) {
                continue;
            }
            let _ = file.set_len(0);
            let _ = file.rewind();
            let _ = write!(file, "{}", std::process::id());
            let _ = file.sync_all();
            remove_stale_tmp(path);
            return Ok(SaveLock {
                path: path.to_path_buf(),
                lock_path,
                file: Some(file),
                record: None,
            });
        }
        Err(cannot_lock(path, "its lock file keeps changing"))
    }

    /// The save file this lock holds.
    pub fn path(&self) -> &Path {
        &self.path
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
    pub fn write(&self, text: &str) -> std::io::Result<()> {
        write_via(&tmp_path(&self.path), &self.path, text)
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

fn in_use(path: &Path, file: &mut File) -> Error {
    let mut pid = String::new();
    let _ = file.take(32).read_to_string(&mut pid);
    let pid = pid.trim();
    let who = if !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()) {
        format!("another kado session (process {pid})")
    } else {
        "another kado session".to_string()
    };
    Problem::new(format!("{} is in use by {who}", path.display()))
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

    #[test]
    fn save_atomic_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let save = dir.path().join("g.yaml");
        save_atomic(&save, "a: 1\n").unwrap();
        let lock = SaveLock::acquire(&save).unwrap();
        lock.write("a: 2\n").unwrap();
        drop(lock);
        assert_eq!(std::fs::read_to_string(&save).unwrap(), "a: 2\n");
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .flatten()
            .map(|e| e.file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("g.yaml")]);
    }
}
