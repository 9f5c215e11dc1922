//! The full-screen view on a real pseudo-terminal (opened here, sized 80×24): each
//! game opens it, takes a hint and an answer by Tab, stops at Ctrl-C, leaves the terminal
//! as it found it (the alternate screen left), prints where the game is saved, and the
//! save resumes.

use std::fs::File;
use std::io::{Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Runs `command` on an 80×24 pseudo-terminal in `dir`, types each of `keys` once the
/// screen has settled, and returns what the terminal received.
fn on_a_screen(dir: &Path, command: &str, keys: &[&str]) -> String {
    on_a_screen_then(dir, command, keys, None)
}

/// [`on_a_screen`], then, when given, `signal` sent to kado (the process on the terminal).
fn on_a_screen_then(dir: &Path, command: &str, keys: &[&str], signal: Option<&str>) -> String {
    let mut pty = Pty::start(dir, command);
    for k in keys {
        pty.type_keys(k.as_bytes());
    }
    if let Some(signal) = signal {
        pty.settle();
        let killed = std::process::Command::new("kill")
            .args(["-s", signal, &pty.child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
    }
    pty.finish(Duration::from_secs(60))
}

/// How long the terminal stays quiet before the next key is typed: the screen drawn after
/// the last key, as a person sees it before typing on.
const QUIET: Duration = Duration::from_millis(400);

/// kado on a pseudo-terminal of its own, 80×24, opened here (kado is the session's
/// leader, the terminal its controlling one): what it draws is read as it comes, so that
/// each key is typed once the screen has settled rather than after a fixed pause.
struct Pty {
    child: std::process::Child,
    /// The terminal's other end, where keys are typed; the reader holds another handle.
    keys: Option<File>,
    /// What the terminal received, and when it last drew something.
    seen: Arc<Mutex<(Vec<u8>, Instant)>>,
    /// Tells the reader to let go of the terminal (then it is closed: a hang-up).
    stop: Arc<AtomicBool>,
    reader: Option<std::thread::JoinHandle<()>>,
    typed: Instant,
}

impl Pty {
    fn start(dir: &Path, command: &str) -> Pty {
        let (child, master) = spawn_on_a_terminal(dir, command);
        let keys = master.try_clone().unwrap();
        let seen = Arc::new(Mutex::new((Vec::new(), Instant::now())));
        let stop = Arc::new(AtomicBool::new(false));
        let (into, stopped) = (Arc::clone(&seen), Arc::clone(&stop));
        let reader = std::thread::spawn(move || read_screen(master, &into, &stopped));
        Pty {
            child,
            keys: Some(keys),
            seen,
            stop,
            reader: Some(reader),
            typed: Instant::now(),
        }
    }

    /// The terminal goes, as when its window is closed: every handle on its other end is
    /// let go.
    fn hang_up(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.keys = None;
        if let Some(reader) = self.reader.take() {
            reader.join().unwrap();
        }
    }

    /// Waits until kado has drawn something and then nothing for [`QUIET`] since that and
    /// since the last key (at most 20 s: a key typed while kado works waits in the
    /// terminal, as a person's would).
    fn settle(&self) {
        let started = Instant::now();
        loop {
            let (drawn, last) = {
                let seen = self.seen.lock().unwrap();
                (!seen.0.is_empty(), seen.1.max(self.typed))
            };
            if drawn && last.elapsed() >= QUIET || started.elapsed() > Duration::from_secs(20) {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits until the screen shows `words` (at most 30 s, then a failure).
    #[track_caller]
    fn wait_for(&self, words: &str) {
        let started = Instant::now();
        loop {
            let text = words_of(&self.seen.lock().unwrap().0);
            if text.contains(words) {
                return;
            }
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "no {words:?} in {text}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Types `keys` once the screen has settled.
    fn type_keys(&mut self, keys: &[u8]) {
        self.settle();
        let to = self.keys.as_mut().expect("the terminal is open");
        to.write_all(keys).unwrap();
        to.flush().unwrap();
        self.typed = Instant::now();
    }

    /// Waits until the screen shows `words` (at most 60 s, then a failure).
    #[track_caller]
    fn wait_screen(&self, words: &str) {
        let started = Instant::now();
        while !self.screen().contains(words) {
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "no {words:?} on\n{}",
                self.screen()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The screen as a person sees it now: what the terminal received, drawn on 80×24
    /// by a terminal emulator, each row's trailing spaces dropped.
    fn screen(&self) -> String {
        let size = |n| std::num::NonZero::new(n).unwrap();
        let (rows, columns) = (24, 80);
        let mut parser = vt100::Parser::new(size(rows), size(columns), 0);
        parser.process(&self.seen.lock().unwrap().0);
        let rows: Vec<String> = (parser.screen().rows(0, columns))
            .map(|r| r.trim_end().to_string())
            .collect();
        rows.join("\n")
    }

    /// Waits at most `limit` for kado to end (a failure if it does not): what the terminal
    /// received.
    fn finish(mut self, limit: Duration) -> String {
        let deadline = Instant::now() + limit;
        while self.child.try_wait().unwrap().is_none() {
            if Instant::now() > deadline {
                self.child.kill().unwrap();
                panic!("kado did not end after the keys were typed");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        self.hang_up();
        let seen = self.seen.lock().unwrap();
        String::from_utf8_lossy(&seen.0).into_owned()
    }
}

/// Whether `bytes` draw anything: bytes that only set the style or move the cursor show
/// nothing new.
fn draws(bytes: &[u8]) -> bool {
    words_of(bytes).chars().any(|c| !c.is_control())
}

/// The words on a screen drawn as `bytes`, a space between each: the view moves the cursor
/// between words rather than writing the spaces.
fn words_of(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let mut plain = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\x1b' => {
                if chars.next() == Some('[') {
                    chars.by_ref().find(|c| ('@'..='~').contains(c));
                }
                plain.push(' ');
            }
            c => plain.push(c),
        }
    }
    plain.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// kado run with `command` (its arguments, split at spaces) in `dir` on a new 80×24
/// pseudo-terminal: the process, and the terminal's other end.
fn spawn_on_a_terminal(dir: &Path, command: &str) -> (std::process::Child, File) {
    use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::process::CommandExt;
    let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY | OpenptFlags::CLOEXEC).unwrap();
    grantpt(&master).unwrap();
    unlockpt(&master).unwrap();
    let name = ptsname(&master, Vec::new()).unwrap();
    let slave = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(std::ffi::OsStr::from_bytes(name.as_bytes()))
        .unwrap();
    let size = rustix::termios::Winsize {
        ws_row: 24,
        ws_col: 80,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    rustix::termios::tcsetwinsize(&slave, size).unwrap();
    let mut kado = std::process::Command::new(crate::common::kado_bin());
    kado.args(command.split(' '))
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("TERM", "xterm")
        .env("KADO_HOME", dir)
        .env_remove("COLUMNS")
        .env_remove("LINES")
        .stdin(slave.try_clone().unwrap())
        .stdout(slave.try_clone().unwrap())
        .stderr(slave);
    // SAFETY: between fork and exec the child only makes two system calls: a new
    // session, and the terminal on its standard input made its controlling one.
    unsafe {
        kado.pre_exec(|| {
            rustix::process::setsid()?;
            rustix::process::ioctl_tiocsctty(std::io::stdin())?;
            Ok(())
        });
    }
    let child = kado.spawn().unwrap();
    (child, File::from(master))
}

/// Reads what kado draws on `master` into `seen` until the terminal ends or `stop` is set.
fn read_screen(master: File, seen: &Mutex<(Vec<u8>, Instant)>, stop: &AtomicBool) {
    use rustix::event::{PollFd, PollFlags, Timespec, poll};
    let mut master = master;
    let mut buf = [0u8; 8192];
    let tick = Timespec {
        tv_sec: 0,
        tv_nsec: 50_000_000,
    };
    while !stop.load(Ordering::Relaxed) {
        let mut fds = [PollFd::new(&master, PollFlags::IN)];
        if poll(&mut fds, Some(&tick)).unwrap_or(0) == 0 {
            continue;
        }
        // The end of the terminal reads as an error (EIO) once kado has gone.
        let Ok(n @ 1..) = master.read(&mut buf) else {
            return;
        };
        let mut seen = seen.lock().unwrap();
        seen.0.extend_from_slice(&buf[..n]);
        if draws(&buf[..n]) {
            seen.1 = Instant::now();
        }
    }
}

/// Plays a few keys of `game` in the view and checks it is drawn, left and resumable.
fn plays_in_the_view(game: &str, title: &str, args: &str, keys: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    plays_in(dir.path(), game, title, args, keys);
}

/// Plays a few keys of `game` in the view in `d`; the output of `status` after.
fn plays_in(d: &Path, game: &str, title: &str, args: &str, keys: &[&str]) -> std::process::Output {
    let out = on_a_screen(d, &format!("{game} play {args} --save t.yaml"), keys);
    assert!(
        out.contains("\x1b[?1049h"),
        "{game}: the view did not open:\n{out}"
    );
    let view = &out[..out.rfind("\x1b[?1049l").unwrap_or(out.len())];
    // The screen is drawn cell by cell, each word where it goes.
    let framed = view.contains('┌') && title.split(' ').all(|w| view.contains(w));
    assert!(framed, "{game}: no table frame:\n{out}");
    assert!(view.contains("quit"), "{game}: no question panel:\n{out}");
    let left = out
        .rfind("\x1b[?1049l")
        .expect("the alternate screen is left");
    assert!(
        out[left..].contains(&format!("continue it with `kado {game} resume t.yaml`")),
        "{game}: no resume line after the view:\n{}",
        &out[left..]
    );
    let status = crate::common::kado()
        .current_dir(d)
        .env("KADO_HOME", d)
        .args([game, "status", "t.yaml"])
        .output()
        .unwrap();
    assert!(status.status.success(), "{game}: {status:?}");
    status
}

/// Plays in the view, then finds `line` in the game's record: the answers the keys gave.
fn answered_in_the_view(game: &str, title: &str, args: &str, keys: &[&str], line: &str) {
    let dir = tempfile::tempdir().unwrap();
    plays_in(dir.path(), game, title, args, keys);
    let record = crate::common::kado()
        .current_dir(dir.path())
        .env("KADO_HOME", dir.path())
        .args([game, "status", "t.yaml", "--record"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&record.stdout);
    assert!(
        text.contains(line),
        "{game}: the record lacks {line:?}:\n{text}"
    );
}

#[test]
fn every_game_plays_in_the_view_and_leaves_the_terminal_restored() {
    // Kin Kādo: a hint, its answer taken with Tab, then Ctrl-C.
    plays_in_the_view(
        "kinkado",
        "Kin Kādo",
        "--deck virtual --seed 7",
        &["hint\r", "\t\r", "\x03"],
    );
    // Kinga: the hint's answer by Tab (exile AD), then the first numbered answer.
    answered_in_the_view(
        "kinga",
        "Kinga",
        "--deck virtual --seed 3",
        &["hint\r", "\t\r", "1\r", "\x03"],
        "1. exile AD\n2. 2C JK JK > 3S\n",
    );
    // Pokino: a hint, then its first row by its number (with a hint on screen, a number
    // takes the hint's row), then the place marked #1 on the board, by its number.
    answered_in_the_view(
        "pokino",
        "Pokino",
        "--deck virtual --seed 1 --players ana,ben --open",
        &["hint\r", "1\r", "1\r", "\x03"],
        "ana domino 12-0@3,0v\nben domino",
    );
    // Koi-Koi: the hint's best card by Tab (10p), then ben's first numbered card (10r).
    answered_in_the_view(
        "koikoi",
        "Koi-Koi",
        "--deck virtual --seed 3 --players ana,ben --open",
        &["help\r", "hint\r", "\t\r", "1\r", "\x03"],
        "ana 10p / ",
    );
    plays_in_the_view(
        "kingmaker",
        "Kingmaker",
        "--players ana,bo,cy,dee",
        &["help\r", "\x03"],
    );
}

#[test]
fn plain_keeps_line_mode_at_a_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let out = on_a_screen(
        dir.path(),
        "kinkado play --plain --deck virtual --seed 7 --save t.yaml",
        &["\x03"],
    );
    assert!(!out.contains("\x1b[?1049h"), "{out}");
    assert!(
        out.contains("continue it with `kado kinkado resume t.yaml`"),
        "{out}"
    );
}

/// SIGTERM (a `kill`) and SIGHUP (the terminal window closed) left the terminal on the
/// alternate screen: they now end the session as Ctrl-C does, the answer being typed
/// dropped, the terminal restored, the save resumable.
#[test]
fn sigterm_and_sighup_left_the_terminal_on_the_alternate_screen() {
    for (game, args, keys, signal) in [
        (
            "kinkado",
            "--deck virtual --seed 7",
            &["none\r", "1"][..],
            "TERM",
        ),
        (
            "koikoi",
            "--deck virtual --seed 3 --players ana,ben --open",
            &["10p\r", "1"][..],
            "HUP",
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let command = format!("{game} play {args} --save t.yaml");
        let out = on_a_screen_then(dir.path(), &command, keys, Some(signal));
        let left = out
            .rfind("\x1b[?1049l")
            .unwrap_or_else(|| panic!("{game} {signal}: the alternate screen is not left:\n{out}"));
        assert!(
            out.find("\x1b[?1049h").is_some_and(|open| open < left),
            "{game}: {out}"
        );
        assert!(
            out[left..].contains(&format!("continue it with `kado {game} resume t.yaml`")),
            "{game} {signal}: no resume line:\n{}",
            &out[left..]
        );
        let status = crate::common::kado()
            .current_dir(dir.path())
            .env("KADO_HOME", dir.path())
            .args([game, "status", "t.yaml"])
            .output()
            .unwrap();
        assert!(status.status.success(), "{game}: {status:?}");
        // The first answer was saved; the one being typed was not.
        let actions = String::from_utf8_lossy(&status.stdout);
        assert!(
            !actions.contains(" 0 actions recorded"),
            "{game}: {actions}"
        );
    }
}

/// Whether `screen` shows `item` (its face, or its code where the view writes codes).
fn shows(screen: &str, item: &serde_json::Value) -> bool {
    let face = item["text"].as_str().unwrap_or_default();
    let code = item["code"].as_str().unwrap_or_default();
    screen.contains(face) || screen.contains(code)
}

/// Whether the typed `table` of `game` is what `screen` draws: its seats, their scores, the
/// cards the table sees, and the items of `areas`.
fn agrees(game: &str, table: &serde_json::Value, screen: &str, areas: &[&str]) {
    assert_eq!(table["version"], 2, "{game}: {table}");
    assert_eq!(table["game"], game);
    let seats = table["seats"].as_array().unwrap();
    assert!(!seats.is_empty(), "{game}: {table}");
    for seat in seats {
        let name = seat["name"].as_str().unwrap();
        // A solitaire's one seat is the player's own, not named on the table.
        let named = seats.len() == 1 || screen.contains(name);
        assert!(named, "{game}: {name} not on\n{screen}");
        if let Some(score) = seat["score"].as_i64() {
            assert!(
                screen.contains(&score.to_string()),
                "{game}: {name}'s {score}:\n{screen}"
            );
        }
        let held = seat["held"]["items"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        for item in held.iter().chain(seat["shown"].as_array().unwrap()) {
            assert!(
                shows(screen, item),
                "{game}: {name} {item} not on\n{screen}"
            );
        }
    }
    for name in areas {
        let area = table["areas"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["name"] == *name)
            .unwrap_or_else(|| panic!("{game}: no area {name}: {table}"));
        for item in area["items"].as_array().unwrap() {
            assert!(
                shows(screen, item),
                "{game}: {name} {item} not on\n{screen}"
            );
        }
    }
}

/// `status --json` gives the table as typed values, `version` first among its promises:
/// for a position of each game, every seat, its score and the cards the table may see,
/// and what lies in the middle, are what the view draws for the same save.
#[test]
fn status_json_is_the_table_the_view_draws() {
    let games: [(&str, &[&str], &str, &[&str]); 5] = [
        (
            "kinkado",
            &["--deck", "virtual", "--seed", "7"],
            "none\n",
            &["prize pool", "market"],
        ),
        (
            "kinga",
            &["--deck", "virtual", "--seed", "3"],
            "",
            &["piles", "exiled"],
        ),
        (
            "pokino",
            &[
                "--deck",
                "virtual",
                "--seed",
                "1",
                "--players",
                "ana,ben",
                "--open",
            ],
            "",
            &["places"],
        ),
        (
            "koikoi",
            &[
                "--deck",
                "virtual",
                "--seed",
                "3",
                "--players",
                "ana,ben",
                "--open",
            ],
            "10p\n",
            &["table"],
        ),
        ("kingmaker", &["--players", "ana,bo,cy,dee"], "ana\n", &[]),
    ];
    for (game, args, answers, areas) in games {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let mut play = vec!["--no-history", game, "play", "--plain", "--save", "s.yaml"];
        play.extend_from_slice(args);
        crate::common::run_in(d, &play, answers);
        let (code, json, err) = crate::common::run_in(d, &["--json", game, "status", "s.yaml"], "");
        assert_eq!(code, 0, "{game}: {err}");
        let (_, screen, _) = crate::common::run_in(d, &[game, "status", "s.yaml"], "");
        let status: serde_json::Value = serde_json::from_str(&json).unwrap();
        let table = &status["table"];
        agrees(game, table, &screen, areas);
        let seats = table["seats"].as_array().unwrap();
        // A hand the table may not see is a count, never its cards.
        if game == "kinkado" {
            assert_eq!(seats[1]["held"]["kind"], "count", "{table}");
        }
        board_agrees(game, table);
    }
}

/// The board as shapes holds what its text picture draws: Pokino's dominoes laid are the
/// picture's pieces; a Kingmaker Commons (none before its first common) has no shapes.
fn board_agrees(game: &str, table: &serde_json::Value) {
    let board = &table["board"];
    match game {
        "pokino" => {
            assert_eq!(board["kind"], "squares", "{table}");
            let codes = |v: &serde_json::Value, key: &str| -> Vec<String> {
                v.as_array()
                    .unwrap()
                    .iter()
                    .map(|d| d[key].as_str().unwrap().to_string())
                    .collect()
            };
            let laid = codes(&board["dominoes"], "code");
            assert!(!laid.is_empty(), "{table}");
            assert_eq!(laid, codes(&table["picture"]["pieces"], "code"));
            let squares = board["squares"].as_array().unwrap();
            assert_eq!(squares.len(), 2 * laid.len(), "{table}");
        }
        "kingmaker" => assert!(board.is_null(), "{table}"),
        _ => assert!(board.is_null(), "{game}: {table}"),
    }
}

/// Closing the terminal (here: its pseudo-terminal's other end gone, as when a window is
/// closed) left kado reading the end of its input forever at full speed, deaf to every
/// signal but KILL and holding the save's lock: it now ends the session as Ctrl-C does.
/// The view drew its screen again every 100 ms while it waited for a key, and so sent
/// about 30 bytes a tick to an idle terminal (300 bytes a second, over ssh too). It now
/// sends nothing until something changes, and draws again when the terminal is resized.
#[test]
fn the_view_sent_bytes_to_an_idle_terminal_at_every_tick() {
    let dir = tempfile::tempdir().unwrap();
    let mut pty = Pty::start(
        dir.path(),
        "kinkado play --deck virtual --seed 3 --save t.yaml",
    );
    pty.wait_for("you sell up to 3 cards");
    pty.settle();
    let before = pty.seen.lock().unwrap().0.len();
    std::thread::sleep(Duration::from_millis(1000));
    let idle = pty.seen.lock().unwrap().0.len() - before;
    assert_eq!(idle, 0, "bytes sent to an idle terminal in 1 s");
    let wider = rustix::termios::Winsize {
        ws_row: 30,
        ws_col: 100,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    let keys = pty.keys.as_ref().expect("the terminal is open");
    rustix::termios::tcsetwinsize(keys, wider).unwrap();
    let started = Instant::now();
    while !draws(&pty.seen.lock().unwrap().0[before..]) {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "nothing drawn after the terminal was resized"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    pty.type_keys(b"\x03");
    let out = pty.finish(Duration::from_secs(30));
    assert!(out.contains("kado kinkado resume t.yaml"), "{out}");
}

#[test]
fn closing_the_terminal_left_kado_spinning_on_its_save() {
    let dir = tempfile::tempdir().unwrap();
    let command = "kinkado play --deck virtual --seed 7 --save t.yaml";
    let mut pty = Pty::start(dir.path(), command);
    pty.type_keys(b"none\r");
    pty.settle();
    // The terminal goes: nothing holds its other end any more.
    pty.hang_up();
    let mut ended = false;
    for _ in 0..100 {
        ended = pty.child.try_wait().unwrap().is_some();
        if ended {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    if !ended {
        let _ = pty.child.kill();
    }
    assert!(ended, "kado still ran 10 s after its terminal closed");
    let status = crate::common::kado()
        .current_dir(dir.path())
        .env("KADO_HOME", dir.path())
        .args(["kinkado", "status", "t.yaml"])
        .output()
        .unwrap();
    assert!(status.status.success(), "{status:?}");
    let said = String::from_utf8_lossy(&status.stdout);
    assert!(!said.contains(" 0 actions recorded"), "{said}");
}

/// Enter on an empty prompt, with no hint on screen, was taken as an answer and refused
/// ("✗ no cards given"), one refusal per press: it answers nothing, as in line mode.
#[test]
fn an_empty_enter_in_the_view_was_refused_as_an_answer() {
    let dir = tempfile::tempdir().unwrap();
    let out = on_a_screen(
        dir.path(),
        "kinga play --deck virtual --seed 3 --save t.yaml",
        &["\r", "\r", "\x03"],
    );
    assert!(out.contains("\x1b[?1049h"), "the view did not open:\n{out}");
    assert!(!out.contains("no cards given"), "{out}");
    assert!(!out.contains('✗'), "{out}");
}

/// Runs `command` on a pseudo-terminal, types each of `keys` once the screen has settled,
/// and waits at most 30 s for kado to end: what the terminal received, or a failure if it
/// did not end.
fn ends_after(dir: &Path, command: &str, keys: &[&[u8]]) -> String {
    let mut pty = Pty::start(dir, command);
    for k in keys {
        pty.type_keys(k);
    }
    pty.finish(Duration::from_secs(30))
}

/// A paste of about 1 KiB or more stalled the view: the rest stayed unread until another
/// key came, so Ctrl-C after it was ignored (20 KB: 680 s). A 100 KB paste is read in one
/// pass, the part past the answer's limit refused in words, and Ctrl-C ends at once.
#[test]
fn the_view_stalled_after_a_paste_and_ignored_ctrl_c() {
    let dir = tempfile::tempdir().unwrap();
    let paste = "2D 2S ".repeat(17_000);
    let mut pty = Pty::start(
        dir.path(),
        "kinga play --deck virtual --seed 3 --save t.yaml",
    );
    pty.type_keys(paste.as_bytes());
    // The refusal is seen, then Ctrl-C typed.
    pty.wait_for("at most 64 KiB");
    pty.type_keys(b"\x03");
    let out = pty.finish(Duration::from_secs(30));
    assert!(
        out.contains("continue it with `kado kinga resume t.yaml`"),
        "{out}"
    );
}

/// Stray escape sequences swallowed every key, Ctrl-C included: after `ESC [?` nothing was
/// read until a `u` or `c`, after `ESC [200~` nothing until `ESC [201~`. An unknown
/// sequence is dropped and the keys after it are read.
#[test]
fn stray_escape_sequences_swallowed_every_key() {
    let dir = tempfile::tempdir().unwrap();
    let out = ends_after(
        dir.path(),
        "kinga play --deck virtual --seed 3 --save t.yaml",
        &[
            b"\x1b[?1;2",
            b"\x1b]0;PWNED\x07exile AD\r",
            b"\x1b[200~",
            b"\x03",
        ],
    );
    assert!(
        out.contains("continue it with `kado kinga resume t.yaml`"),
        "{out}"
    );
    let record = crate::common::kado()
        .current_dir(dir.path())
        .env("KADO_HOME", dir.path())
        .args(["kinga", "status", "t.yaml", "--record"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&record.stdout);
    assert!(text.contains("1. exile AD\n"), "{text}");
}

/// Issue 62: `quit` typed at "Pass to ana; ana, press Enter when ready" counted as ready
/// and the game went on. It stops the game there, saved, in the view and in line mode.
#[test]
fn quit_at_the_hand_over_counted_as_ready() {
    for plain in ["", " --plain"] {
        let dir = tempfile::tempdir().unwrap();
        let out = ends_after(
            dir.path(),
            &format!(
                "kinkado play --players ana,bo --deck virtual --seed 5 --private --save t.yaml{plain}"
            ),
            &[b"quit\r"],
        );
        assert!(out.contains("press Enter when ready"), "{out}");
        assert!(
            out.contains("The game is saved in t.yaml"),
            "{plain}: {out}"
        );
        assert!(
            !out.contains("sells up to"),
            "{plain}: the game went on: {out}"
        );
    }
}

/// Issue 62: at the end of a game the view closed at once and printed the table, its
/// result, then the move that decided it. The last screen now stays until a key (nothing
/// typed before the end is taken for it), and what is printed as the view closes goes in
/// the order things happened: the last moves, the final table, the game's place in the
/// history.
#[test]
fn the_end_of_a_game_closed_the_view_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let mut pty = Pty::start(
        dir.path(),
        "kinga play --deck virtual --seed 30 --save t.yaml",
    );
    let ended = |pty: &Pty| words_of(&pty.seen.lock().unwrap().0).contains("any key leaves");
    for _ in 0..60 {
        if ended(&pty) {
            break;
        }
        pty.type_keys(b"1\r");
        pty.settle();
    }
    let screen = pty.screen();
    assert!(
        screen.contains("│Added to the play history as game #1"),
        "{screen}"
    );
    golden("kinga-end", &screen);
    std::thread::sleep(Duration::from_millis(300));
    assert!(pty.child.try_wait().unwrap().is_none(), "the view closed");
    pty.type_keys(b"q");
    let out = pty.finish(Duration::from_secs(30));
    let printed = &out[out.rfind("\x1b[?1049l").unwrap()..];
    let at = |words: &str| {
        printed
            .find(words)
            .unwrap_or_else(|| panic!("{words}: {printed}"))
    };
    assert!(at("You lose.") < at("Turn 16 · game over"), "{printed}");
    assert!(at("You lost after 16 turns") < at("Added to the play history"));
    // Wrapped at the terminal's width between words.
    let lines = printed.replace("\r\n", "\n");
    assert!(
        lines.contains("the kings\norder your execution"),
        "{printed:?}"
    );
}

/// Compares `screen` with the golden screen `name` in tests/screens/ (80×24, as a person
/// sees it); under `KADO_BLESS` writes it instead.
#[track_caller]
fn golden(name: &str, screen: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/screens")
        .join(format!("{name}.txt"));
    let screen = format!("{screen}\n");
    if std::env::var_os("KADO_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &screen).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (KADO_BLESS=1 writes it)", path.display()));
    assert!(
        want == screen,
        "the screen differs from {}:\n{screen}",
        path.display()
    );
}

/// Issue 62: after `resume` the Said panel was empty: what was said last before the stop
/// is in it again.
#[test]
fn said_was_empty_after_resume() {
    let dir = tempfile::tempdir().unwrap();
    on_a_screen(
        dir.path(),
        "kinga play --deck virtual --seed 30 --save t.yaml",
        &["1\r", "\x03"],
    );
    let mut pty = Pty::start(dir.path(), "kinga resume t.yaml");
    pty.settle();
    let screen = pty.screen();
    assert!(
        screen.contains("│2♦ 2♣ 🃏 A♥ makes 4 influence in any suit: 3♠ is influenced."),
        "{screen}"
    );
    pty.type_keys(b"\x03");
    pty.finish(Duration::from_secs(30));
}

/// Runs `command` in `dir` on the terminal, types each of `keys` (the screen settled
/// before each), and returns the screen then, kado stopped with Ctrl-C after.
fn screen_after(dir: &Path, command: &str, keys: &[&str]) -> String {
    let mut pty = Pty::start(dir, command);
    // The first question drawn (Pokino's places on a long board take a moment).
    pty.wait_screen("┌");
    for k in keys {
        pty.type_keys(k.as_bytes());
    }
    pty.settle();
    let screen = pty.screen();
    pty.type_keys(b"\x03");
    pty.finish(Duration::from_secs(30));
    screen
}

/// A save from tests/fixtures/screens/ copied into a new folder as `t.yaml`.
fn fixture_save(name: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let from = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/screens")
        .join(name);
    std::fs::copy(from, dir.path().join("t.yaml")).unwrap();
    dir
}

/// Issue 62: Pokino kept a 14-row window on a board of 40 rows and more, the seat's hand
/// and the numbered places off-screen. At 80×24 the hand stays above the board, and the
/// places beside its window, which follows them.
#[test]
fn pokinos_board_hid_the_hand_and_the_places() {
    let dir = fixture_save("pokino-turn-30.yaml");
    let screen = screen_after(dir.path(), "pokino resume t.yaml", &[]);
    golden("pokino-board", &screen);
    // A long refusal is seen from its first word.
    let screen = screen_after(dir.path(), "pokino resume t.yaml", &["domino 3-3@9,9h\r"]);
    golden("pokino-refusal", &screen);
}

/// Issue 62: each game's end screen (Kinga's is played whole above), from a save one answer
/// before the end: the last answer, then the result in sight.
#[test]
fn end_screens_of_pokino_koikoi_kinkado_and_kingmaker() {
    for (game, save, last) in [
        ("pokino", "pokino-last-turn.yaml", "1\r"),
        ("koikoi", "koikoi-last-turn.yaml", "1\r"),
        ("kinkado", "kinkado-last-turn.yaml", "9H 9D 9C JK\r"),
        ("kingmaker", "kingmaker-last-turn.yaml", "GG-RY\r"),
    ] {
        let dir = fixture_save(save);
        let mut pty = Pty::start(dir.path(), &format!("{game} resume t.yaml"));
        pty.wait_screen("┌");
        pty.type_keys(last.as_bytes());
        pty.wait_screen("any key leaves");
        pty.settle();
        let screen = pty.screen();
        assert!(
            screen.contains("│Added to the play history as game #1"),
            "{screen}"
        );
        golden(&format!("{game}-end"), &screen);
        pty.type_keys(b" ");
        pty.finish(Duration::from_secs(30));
    }
}

/// Issue 62: `help` at Kingmaker's Spring showed its last two lines; a long refusal lost
/// its first line.
#[test]
fn kingmakers_help_and_refusal_were_cut_at_the_start() {
    let dir = tempfile::tempdir().unwrap();
    let play = "kingmaker play --players ana,bo,cy,dee --first ana --save t.yaml";
    golden(
        "kingmaker-spring-help",
        &screen_after(dir.path(), play, &["help\r"]),
    );
    let dir = tempfile::tempdir().unwrap();
    let screen = screen_after(dir.path(), play, &["c2 rigth YB\r"]);
    golden("kingmaker-refusal", &screen);
}

/// Issue 62: a long refusal in each game is seen whole, from its first word.
#[test]
fn a_long_refusal_in_each_game_was_cut() {
    for (name, play, typed) in [
        (
            "kinga-refusal",
            "kinga play --deck virtual --seed 3",
            "exile 7x\r",
        ),
        (
            "kinkado-refusal",
            "kinkado play --deck virtual --seed 7",
            "QQ\r",
        ),
        (
            "koikoi-refusal",
            "koikoi play --players ana,ben --deck virtual --seed 3 --open",
            "1\r1\r13x\r",
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let play = format!("{play} --save t.yaml");
        golden(name, &screen_after(dir.path(), &play, &[typed]));
    }
}

/// Issue 62: Koi-Koi's koi or stop with the hint open: one numbering for both, the table's
/// rows in sight.
#[test]
fn koikois_koi_or_stop_with_the_hint_open() {
    let dir = tempfile::tempdir().unwrap();
    let mut pty = Pty::start(
        dir.path(),
        "koikoi play --players ana,ben --deck virtual --seed 3 --open --save t.yaml",
    );
    let asks_koi = |pty: &Pty| pty.screen().contains(": koi or stop");
    for _ in 0..200 {
        pty.settle();
        if asks_koi(&pty) {
            break;
        }
        pty.type_keys(b"1\r");
    }
    assert!(asks_koi(&pty), "{}", pty.screen());
    pty.type_keys(b"hint\r");
    pty.settle();
    golden("koikoi-koi-hint", &pty.screen());
    pty.type_keys(b"\x03");
    pty.finish(Duration::from_secs(30));
}
