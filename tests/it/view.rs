//! The full-screen view on a real pseudo-terminal (through `script`, sized 80×24): each
//! game opens it, takes a hint and an answer by Tab, stops at Ctrl-C, leaves the terminal
//! as it found it (the alternate screen left), prints where the game is saved, and the
//! save resumes.

use std::io::{Read, Write};
use std::path::Path;
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Runs `command` on an 80×24 pseudo-terminal in `dir`, types each of `keys` once the
/// screen has settled, and returns what the terminal received.
fn on_a_screen(dir: &Path, command: &str, keys: &[&str]) -> String {
    on_a_screen_then(dir, command, keys, None)
}

/// [`on_a_screen`], then, when given, `signal` sent to kado (the process `script` starts:
/// the shell execs it).
fn on_a_screen_then(dir: &Path, command: &str, keys: &[&str], signal: Option<&str>) -> String {
    let mut pty = Pty::start(dir, command);
    for k in keys {
        pty.type_keys(k.as_bytes());
    }
    if let Some(signal) = signal {
        pty.settle();
        let killed = std::process::Command::new("kill")
            .args(["-s", signal, &kado_under(&pty.child)])
            .status()
            .unwrap();
        assert!(killed.success());
    }
    pty.finish(Duration::from_secs(60))
}

/// How long the terminal stays quiet before the next key is typed: the screen drawn after
/// the last key, as a person sees it before typing on.
const QUIET: Duration = Duration::from_millis(400);

/// kado on a pseudo-terminal through `script`: what it draws is read as it comes, so that
/// each key is typed once the screen has settled rather than after a fixed pause.
struct Pty {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    /// What the terminal received, and when it last drew something.
    seen: Arc<Mutex<(Vec<u8>, Instant)>>,
    reader: std::thread::JoinHandle<()>,
    typed: Instant,
}

impl Pty {
    fn start(dir: &Path, command: &str) -> Pty {
        let mut child = script(dir, command);
        let stdin = child.stdin.take().unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let seen = Arc::new(Mutex::new((Vec::new(), Instant::now())));
        let into = Arc::clone(&seen);
        let reader = std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            while let Ok(n @ 1..) = stdout.read(&mut buf) {
                let mut seen = into.lock().unwrap();
                seen.0.extend_from_slice(&buf[..n]);
                if draws(&buf[..n]) {
                    seen.1 = Instant::now();
                }
            }
        });
        Pty {
            child,
            stdin,
            seen,
            reader,
            typed: Instant::now(),
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
        self.stdin.write_all(keys).unwrap();
        self.stdin.flush().unwrap();
        self.typed = Instant::now();
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
        drop(self.stdin);
        self.reader.join().unwrap();
        let seen = self.seen.lock().unwrap();
        String::from_utf8_lossy(&seen.0).into_owned()
    }
}

/// Whether `bytes` draw anything: the view sets the style and the cursor again at every
/// tick, which shows nothing new.
fn draws(bytes: &[u8]) -> bool {
    let mut rest = bytes;
    while let Some((&b, tail)) = rest.split_first() {
        rest = tail;
        match b {
            0x1b if rest.first() == Some(&b'[') => {
                let end = rest[1..].iter().position(|c| (0x40..=0x7e).contains(c));
                rest = end.map_or(&[][..], |e| &rest[e + 2..]);
            }
            0x1b => rest = rest.get(1..).unwrap_or_default(),
            b if b >= 0x20 => return true,
            _ => {}
        }
    }
    false
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

/// `script` running `command` (kado's arguments) on an 80×24 pseudo-terminal in `dir`.
fn script(dir: &Path, command: &str) -> std::process::Child {
    let kado = crate::common::kado_bin();
    std::process::Command::new("script")
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("TERM", "xterm")
        .env("KADO_HOME", dir)
        .args([
            "-qefc",
            &format!("stty cols 80 rows 24; exec {} {command}", kado.display()),
            "/dev/null",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("`script` (util-linux) runs the pseudo-terminal")
}

/// The process id of kado, run by `script` (the shell execs it).
fn kado_under(script: &std::process::Child) -> String {
    let pids = std::process::Command::new("pgrep")
        .args(["-P", &script.id().to_string()])
        .output()
        .unwrap();
    let pid = String::from_utf8_lossy(&pids.stdout).trim().to_string();
    assert!(!pid.is_empty(), "kado is running under `script`");
    pid
}

/// Whether `script` is missing here (then a terminal test is skipped, with a note; in CI it
/// fails instead).
fn script_missing() -> bool {
    let missing = std::process::Command::new("script")
        .arg("--version")
        .output()
        .is_err();
    if missing {
        assert!(
            std::env::var_os("CI").is_none(),
            "`script` is needed for the terminal test in CI"
        );
        eprintln!("note: `script` is not installed; the terminal test is skipped");
    }
    missing
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
    if script_missing() {
        return;
    }
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
        "--deck virtual --seed 1 --players ana,ben",
        &["hint\r", "1\r", "1\r", "\x03"],
        "ana domino 12-0@3,0v\nben domino",
    );
    // Koi-Koi: the hint's best card by Tab (10p), then ben's first numbered card (10r).
    answered_in_the_view(
        "koikoi",
        "Koi-Koi",
        "--deck virtual --seed 3 --players ana,ben",
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
    if std::process::Command::new("script")
        .arg("--version")
        .output()
        .is_err()
    {
        return;
    }
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
    if script_missing() {
        return;
    }
    for (game, args, keys, signal) in [
        (
            "kinkado",
            "--deck virtual --seed 7",
            &["none\r", "1"][..],
            "TERM",
        ),
        (
            "koikoi",
            "--deck virtual --seed 3 --players ana,ben",
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
            &["--deck", "virtual", "--seed", "1", "--players", "ana,ben"],
            "",
            &["places"],
        ),
        (
            "koikoi",
            &["--deck", "virtual", "--seed", "3", "--players", "ana,ben"],
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
#[test]
fn closing_the_terminal_left_kado_spinning_on_its_save() {
    if script_missing() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let command = "kinkado play --deck virtual --seed 7 --save t.yaml";
    let mut pty = Pty::start(dir.path(), command);
    pty.type_keys(b"none\r");
    pty.settle();
    let pid = kado_under(&pty.child);
    // The terminal goes: `script`, which holds its other end, is killed outright.
    pty.child.kill().unwrap();
    pty.child.wait().unwrap();
    let alive = || Path::new(&format!("/proc/{pid}")).exists();
    for _ in 0..100 {
        if !alive() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let still = alive();
    if still {
        let _ = std::process::Command::new("kill")
            .args(["-9", &pid])
            .status();
    }
    assert!(!still, "kado still ran 10 s after its terminal closed");
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
    if script_missing() {
        return;
    }
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
    if script_missing() {
        return;
    }
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
    if script_missing() {
        return;
    }
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
