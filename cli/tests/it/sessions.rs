//! The promise of every session: a game in progress is never lost. Saves written by every
//! format this kado has written still resume; a refused answer, a second process, bad
//! bytes on stdin or a hand-edited save never leave a game that cannot be loaded.

use crate::common::*;

use std::io::Write;
use std::path::Path;
use std::process::{Child, Stdio};

/// The save fixtures of one format: (game, file name).
fn fixtures(format: &str) -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/saves")
        .join(format);
    let mut out: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|n| n.ends_with(".yaml"))
        .map(|n| (n.split(['-', '.']).next().unwrap_or("").to_string(), n))
        .collect();
    out.sort();
    out
}

/// Every save format this kado has ever written resumes, and shows the same table as
/// when it was written (the expected output lives beside each fixture).
#[test]
fn saves_of_every_format_still_resume() {
    // Format 1: a save of every session kind; format 2 (a save holding a correction made
    // with `fix N ANSWER`): the engine's, shown on two games; format 4: a virtual Kin Kādo
    // pack whose played cards go back sorted.
    let formats = [
        ("format-1", 6),
        ("format-2", 2),
        ("format-3", 12),
        ("format-4", 1),
    ];
    assert_eq!(
        formats.map(|(f, _)| f.to_string()).to_vec(),
        kado::session::READS
            .iter()
            .map(|n| format!("format-{n}"))
            .collect::<Vec<_>>()
    );
    for (format, at_least) in formats {
        let src = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/saves")
            .join(format);
        let list = fixtures(format);
        assert!(list.len() >= at_least, "{format}: {list:?}");
        for (game, name) in list {
            let dir = tempfile::tempdir().unwrap();
            std::fs::copy(src.join(&name), dir.path().join(&name)).unwrap();
            let Output { stdout: out, .. } = Test::new()
                .current_dir(dir.path())
                .args([&game, "resume", &name])
                .any_stdout()
                .run();
            let expected_file = src.join(name.replace(".yaml", ".out"));
            if std::env::var_os("KADO_BLESS").is_some() {
                std::fs::write(&expected_file, &out).unwrap();
            }
            let expected = std::fs::read_to_string(&expected_file).unwrap();
            assert_eq!(out, expected, "{format}/{name}");
        }
    }
}

/// Format 3 names seats by index where formats 1 and 2 named them by name. Each format-3
/// fixture is an older fixture resumed and saved again by kado: it resumes to the same
/// table as the save it came from.
#[test]
fn a_save_upgraded_to_format_3_resumes_to_the_same_table() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/saves");
    let read = |p: std::path::PathBuf| std::fs::read_to_string(p).unwrap();
    let from_format_2 = [
        ("koikoi-fixed", "koikoi-play"),
        ("pokino-fixed", "pokino-physical"),
    ];
    for (game, name) in fixtures("format-3") {
        let stem = name.trim_end_matches(".yaml");
        let (format, old) = match from_format_2.iter().find(|(n, _)| *n == stem) {
            Some((_, old)) => ("format-2", *old),
            None => ("format-1", stem),
        };
        let save = read(root.join("format-3").join(&name));
        assert!(
            save.starts_with(&format!("game: {game}\nformat: 3\n")),
            "{name}"
        );
        let upgraded = read(root.join("format-3").join(format!("{stem}.out")));
        let before = read(root.join(format).join(format!("{old}.out")))
            .replace(&format!("{old}.yaml"), &name);
        assert_eq!(upgraded, before, "{name} against {format}/{old}");
    }
}

/// A hand-edited save naming a seat the game lacks: by name in formats 1 and 2, by number
/// in format 3. Each is refused at its action, and says what the game has.
#[test]
fn a_save_naming_a_seat_the_game_lacks_is_refused_at_that_action() {
    let cases = [
        (
            "format-1/kinkado-real.yaml",
            "seat: ana",
            "seat: zed",
            "error: s.yaml is not a readable session log: action 3 of format 1: `zed` is not a player of the game (ana, bo, ALORA)\n --> file s.yaml, line 20, column 3\n   |\n20 | - by: table\n   |   ^^\n",
        ),
        (
            "format-3/kinkado-real.yaml",
            "seat: 0",
            "seat: 7",
            "error: action 3 of the log does not apply: there is no seat 7: the seats are numbered from 0 to 2\n --> file s.yaml, line 20, column 3\n   |\n20 | - by: table\n   |   ^^\n",
        ),
        (
            "format-3/koikoi.yaml",
            "winner: 0",
            "winner: 5",
            "error: action 1 of the log does not apply: `5` is not a player: the players are ana and ben\n --> file s.yaml, line 17, column 3\n   |\n17 | - by: table\n   |   ^^\n",
        ),
    ];
    for (file, from, to, err) in cases {
        hand_edited_save(file, from, to, err);
    }
}

#[test]
fn refused_undo_does_not_corrupt_the_save() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    Test::new()
        .current_dir(d)
        .args(["kinkado", "play", "--save", "p.yaml"])
        .stdin(b"undo\nKH\n2S\nundo\n")
        .stdout_has("Which card is it?: undo\n✗ nothing to undo: no answer has been given yet\n")
        .run();
    let Output { stdout: out, .. } = Test::new()
        .current_dir(d)
        .args(["kinkado", "status", "p.yaml"])
        .any_stdout()
        .run();
    assert!(
        out.ends_with(
            "Bank paid out (net): $1 · Minimum bet: $1\nNext: you sell up to 3 cards\n2 actions recorded.\n"
        ),
        "{out}"
    );
    // The same with a virtual deck, where kado deals before the first answer.
    Test::new()
        .current_dir(d)
        .args([
            "kinkado", "play", "--deck", "virtual", "--seed", "3", "--save", "v.yaml",
        ])
        .stdin(b"undo\nnone\nno\nundo\nundo\nundo\n")
        .any_stdout()
        .run();
    Test::new()
        .current_dir(d)
        .args(["kinkado", "status", "v.yaml"])
        .any_stdout()
        .run();
}

#[test]
fn refused_action_names_it_in_words_not_rust() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/saves/format-1/kinkado-real.yaml"),
    )
    .unwrap();
    // A sale recorded where the prize card is due.
    let edited = text.replacen(
        "action: prize\n  card: QD",
        "action: sell\n  seat: ana\n  cards: []",
        1,
    );
    assert_ne!(text, edited);
    std::fs::write(dir.path().join("e.yaml"), edited).unwrap();
    Test::new()
        .current_dir(dir.path())
        .args(["kinkado", "status", "e.yaml"])
        .status(2)
        .any_stdout()
        .stderr(
            "error: action 2 of the log does not apply: a sale does not fit the refresh phase\n --> file e.yaml, line 17, column 3\n   |\n17 | - by: table\n   |   ^^\n",
        )
        .run();
}

/// Starts a session that waits at its first question with stdin held open.
fn waiting_session(dir: &Path, args: &[&str], save: &str) -> (Child, std::process::ChildStdin) {
    let mut child = kado()
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdin = child.stdin.take().unwrap();
    for _ in 0..500 {
        if dir.join(save).exists() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(dir.join(save).exists());
    (child, stdin)
}

#[test]
fn two_sessions_on_one_save_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let args = [
        "koikoi",
        "game",
        "--players",
        "ana,ben",
        "--save",
        "same.yaml",
    ];
    let (mut first, stdin) = waiting_session(d, &args, "same.yaml");
    let pid = first.id();
    let in_use = format!(
        "error: same.yaml is in use by another kado session (process {pid})\n  = help: finish or quit that session first (one session per save file, so no answer is lost)\n"
    );
    // A second new game on the same file is refused (the file exists), and so is a
    // resume of it while the first session runs (the file is in use).
    let Output { stderr: err, .. } = Test::new()
        .current_dir(d)
        .args(args)
        .stdin(b"ana 5\n")
        .status(2)
        .any_stderr()
        .run();
    assert!(
        err.starts_with("error: same.yaml already exists\n"),
        "{err}"
    );
    let kinkado = ["kinkado", "play", "--save", "k.yaml"];
    let (mut other, other_in) = waiting_session(d, &kinkado, "k.yaml");
    Test::new().current_dir(d).args(kinkado).status(2).any_stdout().stderr(format!(
                "error: k.yaml is in use by another kado session (process {})\n  = help: finish or quit that session first (one session per save file, so no answer is lost)\n",
                other.id()
            )).run();
    drop(other_in);
    assert!(other.wait().unwrap().success());
    Test::new()
        .current_dir(d)
        .args(["koikoi", "resume", "same.yaml"])
        .stdin(b"ana 5\n")
        .status(2)
        .any_stdout()
        .stderr(in_use.as_str())
        .run();
    Test::new()
        .current_dir(d)
        .args(["--json", "koikoi", "resume", "same.yaml"])
        .status(2)
        .any_stderr()
        .run();
    // The first session goes on and ends normally; then the file is free again.
    drop(stdin);
    assert!(first.wait().unwrap().success());
    assert!(!d.join(".same.yaml.lock").exists());
    Test::new()
        .current_dir(d)
        .args(["koikoi", "resume", "same.yaml"])
        .stdin(b"ana 5\n")
        .any_stdout()
        .run();
}

#[test]
fn bad_bytes_on_stdin_end_the_session_with_an_error_and_keep_the_answers() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    Test::new().current_dir(d).args(["kinkado", "play", "--save", "z.yaml"]).stdin(b"KH\n\xff\n2S\n").status(2).any_stdout().stderr("error: line 2 of standard input is not UTF-8 text: column 1 holds 0xFF\n  = help: every answer before it is saved in z.yaml; continue with `kado kinkado resume z.yaml`\n").run();
    Test::new()
        .current_dir(d)
        .args(["kinkado", "status", "z.yaml"])
        .stdout_has("Prize pool ($1): K♥")
        .run();
    // Under --json the error is JSON too.
    let Output { stderr: err, .. } = Test::new()
        .current_dir(d)
        .args(["--json", "kinkado", "resume", "z.yaml"])
        .stdin(b"\xff\n")
        .status(2)
        .any_stderr()
        .run();
    let last = err.lines().last().unwrap_or("");
    let v: serde_json::Value = serde_json::from_str(last).unwrap();
    assert_eq!(
        v["error"],
        "line 1 of standard input is not UTF-8 text: column 1 holds 0xFF"
    );
}

#[test]
fn an_endless_answer_line_is_refused_not_read_whole() {
    let dir = tempfile::tempdir().unwrap();
    let mut input = b"KH\n".to_vec();
    input.extend(std::iter::repeat_n(b'x', 200_000));
    let Output { stderr: err, .. } = Test::new()
        .current_dir(dir.path())
        .args(["kinkado", "play", "--save", "l.yaml"])
        .stdin(&input)
        .status(2)
        .any_stdout()
        .any_stderr()
        .run();
    assert!(
        err.starts_with("error: line 2 of standard input is longer than 64 KiB\n"),
        "{err}"
    );
}

#[test]
fn temporary_files_left_by_a_killed_session_are_removed() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    Test::new()
        .current_dir(d)
        .args(["kinkado", "play", "--save", "t.yaml"])
        .stdin(b"KH\n")
        .any_stdout()
        .run();
    for stale in [".t.yaml.4242.tmp", ".t.yaml.tmp"] {
        std::fs::write(d.join(stale), "half a save").unwrap();
    }
    Test::new()
        .current_dir(d)
        .args(["kinkado", "resume", "t.yaml"])
        .stdin(b"2S\n")
        .any_stdout()
        .run();
    let mut names: Vec<String> = std::fs::read_dir(d)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().to_string())
        .collect();
    names.sort();
    assert_eq!(names, ["t.yaml"]);
}

#[test]
fn a_save_of_an_unknown_format_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("new.yaml"),
        "game: kinkado\nformat: 999\nsomething: from the future\n",
    )
    .unwrap();
    Test::new().current_dir(d).args(["kinkado", "resume", "new.yaml"]).status(2).any_stdout().stderr("error: new.yaml is saved in format 999, which this kado does not read\n  = expected: format 1, 2, 3 or 4\n  = help: a save from a newer kado: resume it with that version\n").run();
}

#[test]
fn a_table_answer_relabelled_as_kados_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/saves/format-1");
    let text = std::fs::read_to_string(src.join("kinkado-real.yaml")).unwrap();
    let edited = text.replacen("- by: table", "- by: kado", 1);
    std::fs::write(d.join("r.yaml"), &edited).unwrap();
    Test::new()
        .current_dir(d)
        .args(["kinkado", "status", "r.yaml"])
        .status(2)
        .any_stdout()
        .stderr("error: action 2 of the log is marked as kado's, but there kado asks the table\n --> file r.yaml, line 17, column 3\n   |\n17 | - by: kado\n   |   ^^\n")
        .run();
    // And the other way round: kado's own deal claimed by the table.
    let edited = text.replacen("- by: kado", "- by: table", 1);
    std::fs::write(d.join("r.yaml"), &edited).unwrap();
    Test::new().current_dir(d).args(["kinkado", "status", "r.yaml"]).status(2).any_stdout().stderr("error: action 1 of the log is marked as the table's, but kado makes that step itself\n --> file r.yaml, line 15, column 3\n   |\n15 | - by: table\n   |   ^^\n").run();
}

#[test]
fn help_at_a_prompt_lists_every_command_of_the_game() {
    let dir = tempfile::tempdir().unwrap();
    Test::new().current_dir(dir.path()).args(["kinkado", "play", "--save", "h.yaml"]).stdin(b"help\n").stdout_has("At any prompt: undo (take back the last answer), fix (list the answers given; `fix N ANSWER` corrects one), show, help, quit, fix NAME MONEY (correct a stash counted wrong), hand (your own cards, when hands are kept private), hint (the best move and its chances, solo against ALORA with a virtual pack).\n").run();
}

/// Runs a session on a pseudo-terminal (through `script`), types `keys` once the save
/// holds `ready` actions, and returns what the terminal showed.
fn on_a_terminal(dir: &Path, command: &str, typed: &[(&str, usize)]) -> Option<String> {
    tool("script", &["--version"])?;
    let mut child = std::process::Command::new("script")
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .args([
            "-qefc",
            &format!("{} {command}", kado_bin().display()),
            "/dev/null",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    for (keys, ready) in typed {
        let mut n = 0;
        for _ in 0..1000 {
            n = std::fs::read_to_string(dir.join("t.yaml"))
                .map_or(0, |t| t.matches("- by:").count());
            if n >= *ready {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        assert!(n >= *ready, "the save never reached {ready} actions");
        // Give the prompt a moment to be drawn before typing.
        std::thread::sleep(std::time::Duration::from_millis(600));
        stdin.write_all(keys.as_bytes()).unwrap();
        stdin.flush().unwrap();
    }
    let out = child.wait_with_output().unwrap();
    drop(stdin);
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn ctrl_d_and_ctrl_c_at_a_terminal_prompt_stop_and_say_where_the_game_is_saved() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let saved = "The game is saved in t.yaml; continue it with `kado kinkado resume t.yaml`.";
    // Ctrl-D after one answer.
    let Some(out) = on_a_terminal(d, "kinkado play --save t.yaml", &[("KH\r", 1), ("\x04", 2)])
    else {
        return;
    };
    assert!(out.contains(saved), "{out}");
    // Ctrl-C at the resumed game's first prompt.
    let out = on_a_terminal(d, "kinkado resume t.yaml", &[("\x03", 2)]).unwrap_or_default();
    assert!(out.contains(saved), "{out}");
    let (_, out, _) = run_in(d, &["kinkado", "status", "t.yaml"], b"");
    assert!(out.ends_with("2 actions recorded.\n"), "{out}");
}

#[test]
fn every_session_kind_has_a_status() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/saves/format-1");
    for (game, name) in fixtures("format-1") {
        let file = src.join(&name);
        let file = file.to_str().unwrap();
        let text = std::fs::read_to_string(file).unwrap();
        let actions = text.matches("- by:").count();
        let Output { stdout: out, .. } =
            Test::new().args([&game, "status", file]).any_stdout().run();
        assert!(
            out.ends_with(&format!("\n{actions} actions recorded.\n")),
            "{name}: {out}"
        );
        let v = json(&[&game, "status", file]);
        assert!(v.is_object(), "{name}: {v}");
    }
}

/// Runs kado in `dir` with no file allowed to grow past 0 bytes (`ulimit -f 0`, with the
/// signal that would kill it ignored), so that every write of a save fails as a full disk
/// makes it fail: (exit code, stderr).
#[cfg(target_os = "linux")]
fn run_unwritable(dir: &Path, args: &[&str], input: &[u8]) -> (i32, String) {
    let mut sh = std::process::Command::new("sh");
    sh.arg("-c")
        .arg("trap '' XFSZ; ulimit -f 0; exec \"$0\" \"$@\"")
        .arg(kado_bin())
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("KADO_HISTORY", "off");
    let out = pipe(sh, input, None).unwrap();
    (out.code(), out.stderr)
}

/// The names in a folder, sorted.
fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().to_string())
        .collect();
    names.sort();
    names
}

#[cfg(target_os = "linux")]
#[test]
fn a_save_that_cannot_be_written_exited_1_and_left_its_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = ["koikoi", "game", "--players", "ana,ben", "--save", "g.yaml"];
    assert_eq!(run_in(d, &game, b"ana 8\n").0, 0);
    let before = std::fs::read(d.join("g.yaml")).unwrap();
    let (code, err) = run_unwritable(d, &["koikoi", "resume", "g.yaml"], b"ben 3\n");
    assert_eq!(
        (code, err.as_str()),
        (
            2,
            "error: could not save the game to g.yaml: the file would be larger than this system allows; the game is as it was at the last save\n  = help: once kado can write there, continue it with `kado koikoi resume g.yaml` (any answer not saved is asked again)\n"
        )
    );
    assert_eq!(std::fs::read(d.join("g.yaml")).unwrap(), before);
    assert_eq!(names_in(d), ["g.yaml"]);
    // A new game whose first save fails: nothing is left but what was there.
    let new = ["koikoi", "game", "--players", "ana,ben", "--save", "n.yaml"];
    let (code, err) = run_unwritable(d, &new, b"ana 8\n");
    assert_eq!(code, 2);
    assert!(
        err.contains(
            "n.yaml: the file would be larger than this system allows; nothing was saved\n"
        ),
        "{err}"
    );
    assert_eq!(names_in(d), ["g.yaml"]);
    // The last save still resumes.
    Test::new()
        .current_dir(d)
        .args(["koikoi", "resume", "g.yaml"])
        .stdin(b"ben 3\n")
        .any_stdout()
        .run();
}

#[cfg(unix)]
#[test]
fn a_save_reached_through_a_symlink_escaped_its_lock_and_was_split() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = ["koikoi", "game", "--players", "ana,ben", "--save", "x.yaml"];
    assert_eq!(run_in(d, &game, b"ana 8\n").0, 0);
    std::os::unix::fs::symlink("x.yaml", d.join("l.yaml")).unwrap();
    // While x.yaml is in use, the link to it is refused.
    // x.yaml exists already: wait for the session's lock on it instead.
    let (mut first, stdin) = waiting_session(d, &["koikoi", "resume", "x.yaml"], ".x.yaml.lock");
    let real = std::fs::canonicalize(d.join("x.yaml")).unwrap();
    Test::new().current_dir(d).args(["koikoi", "resume", "l.yaml"]).stdin(b"ben 3\n").status(2).any_stdout().stderr(format!(
                "error: l.yaml (a link to {}) is in use by another kado session (process {})\n  = help: finish or quit that session first (one session per save file, so no answer is lost)\n",
                real.display(),
                first.id()
            )).run();
    drop(stdin);
    assert!(first.wait().unwrap().success());
    // Answers given through the link reach x.yaml, and the link stays a link.
    Test::new()
        .current_dir(d)
        .args(["koikoi", "resume", "l.yaml"])
        .stdin(b"ben 3\n")
        .any_stdout()
        .run();
    assert!(
        std::fs::symlink_metadata(d.join("l.yaml"))
            .unwrap()
            .is_symlink()
    );
    let (_, out, _) = run_in(d, &["--json", "koikoi", "status", "x.yaml"], b"");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["played"], 2, "{out}");
    assert_eq!(names_in(d), ["l.yaml", "x.yaml"]);
}

#[cfg(unix)]
#[test]
fn a_hard_linked_save_would_split_the_game_and_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = ["koikoi", "game", "--players", "ana,ben", "--save", "x.yaml"];
    assert_eq!(run_in(d, &game, b"ana 8\n").0, 0);
    std::fs::hard_link(d.join("x.yaml"), d.join("h.yaml")).unwrap();
    let before = std::fs::read(d.join("x.yaml")).unwrap();
    for name in ["h.yaml", "x.yaml"] {
        Test::new().current_dir(d).args(["koikoi", "resume", name]).stdin(b"ben 3\n").status(2).any_stdout().stderr(format!(
                    "error: {name} has 2 names on disk (hard links); kado saves by replacing the file, which would split the game between them\n  = help: keep one name: remove the other links (`find . -samefile {name}` lists them), or play a copy (`cp {name} game.yaml`); use `ln -s` for a second name\n"
                )).run();
    }
    assert_eq!(std::fs::read(d.join("h.yaml")).unwrap(), before);
    assert_eq!(names_in(d), ["h.yaml", "x.yaml"]);
    // One name again: the game goes on.
    std::fs::remove_file(d.join("h.yaml")).unwrap();
    Test::new()
        .current_dir(d)
        .args(["koikoi", "resume", "x.yaml"])
        .stdin(b"ben 3\n")
        .any_stdout()
        .run();
}

#[cfg(unix)]
#[test]
fn a_save_name_that_is_not_utf8_was_written_but_could_not_be_resumed() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let name = std::ffi::OsStr::from_bytes(b"new\xe9.yaml");
    let refused = |what: &str| {
        format!(
            "error: {what} new\u{fffd}.yaml is not a UTF-8 file name\n  = help: name the file with UTF-8 text, which kado can print and read back\n"
        )
    };
    let cases: [(Vec<&std::ffi::OsStr>, &str); 5] = [
        (
            ["koikoi", "game", "--players", "ana,ben", "--save"]
                .map(std::ffi::OsStr::new)
                .into_iter()
                .chain([name])
                .collect(),
            "--save",
        ),
        (
            [
                "koikoi",
                "play",
                "--players",
                "ana,ben",
                "--save",
                "g.yaml",
                "--record",
            ]
            .map(std::ffi::OsStr::new)
            .into_iter()
            .chain([name])
            .collect(),
            "--record",
        ),
        (
            ["koikoi", "resume"]
                .map(std::ffi::OsStr::new)
                .into_iter()
                .chain([name])
                .collect(),
            "saved game",
        ),
        (
            ["kinga", "resume"]
                .map(std::ffi::OsStr::new)
                .into_iter()
                .chain([name])
                .collect(),
            "saved game",
        ),
        (
            ["kingmaker", "status"]
                .map(std::ffi::OsStr::new)
                .into_iter()
                .chain([name])
                .collect(),
            "saved game",
        ),
    ];
    for (args, what) in cases {
        Test::new()
            .current_dir(d)
            .args(&args)
            .status(2)
            .stderr(refused(what))
            .run();
    }
    // Nothing was written under either name.
    assert!(names_in(d).is_empty(), "{:?}", names_in(d));
}

#[cfg(unix)]
#[test]
fn a_record_through_a_link_to_the_save_would_overwrite_the_save() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::os::unix::fs::symlink("g.yaml", d.join("l.txt")).unwrap();
    let play = [
        "koikoi",
        "play",
        "--players",
        "ana,ben",
        "--save",
        "g.yaml",
        "--record",
        "l.txt",
    ];
    Test::new().current_dir(d).args(play).status(2).stderr("error: --record l.txt is the save file itself\n  = help: give the record another name, such as game.txt\n").run();
    assert_eq!(names_in(d), ["l.txt"]);
}

/// `resume` stopped writing the record a game was started with: `play --record`, quit,
/// `resume` as kado suggests (no `--record`), go on: the record holds both sittings, is
/// what `status --record` prints, and `check` reads it as one game, in every game.
#[test]
fn resume_stopped_writing_the_record_without_a_word() {
    let games: [(&[&str], &str, &str); 5] = [
        (
            &[
                "kinkado",
                "play",
                "--players",
                "ana",
                "--deck",
                "virtual",
                "--seed",
                "4",
            ],
            "none\n",
            "none\n1\nbest\n",
        ),
        (
            &["kinga", "play", "--deck", "virtual", "--seed", "3"],
            "exile AD\n",
            "2C JK JK on 3S\n",
        ),
        (
            &[
                "koikoi",
                "play",
                "--players",
                "ana,ben",
                "--deck",
                "virtual",
                "--seed",
                "3",
            ],
            "10p\n",
            "10a\n",
        ),
        (
            &[
                "pokino",
                "play",
                "--players",
                "ana,ben",
                "--deck",
                "virtual",
                "--seed",
                "1",
            ],
            "1\n",
            "1\n",
        ),
        (
            &["kingmaker", "play", "--players", "ana,bo,cy,dee"],
            "ana\nc2 left RG\n",
            "c2 long RG-YB\n",
        ),
    ];
    for (play, first, then) in games {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let game = play[0];
        let mut args = vec!["--no-history"];
        args.extend_from_slice(play);
        args.extend(["--save", "g.yaml", "--record", "g.txt"]);
        let (code, _, err) = run_in(d, &args, format!("{first}quit\n"));
        assert_eq!(code, 0, "{game}: {err}");
        let before = std::fs::read_to_string(d.join("g.txt")).unwrap();
        // Resumed from another folder, as kado's own resume line allows.
        let elsewhere = d.join("elsewhere");
        std::fs::create_dir(&elsewhere).unwrap();
        let save = d.join("g.yaml");
        let resume = ["--no-history", game, "resume", save.to_str().unwrap()];
        let (code, _, err) = run_in(&elsewhere, &resume, format!("{then}quit\n"));
        assert_eq!(code, 0, "{game}: {err}");
        let after = std::fs::read_to_string(d.join("g.txt")).unwrap();
        assert!(after.len() > before.len(), "{game}: {before}\n---\n{after}");
        let (_, printed, _) = run_in(d, &[game, "status", "g.yaml", "--record"], "");
        assert_eq!(after, printed, "{game}");
        let (code, verdict, err) = run_in(d, &[game, "check", "g.txt"], "");
        assert_eq!(code, 0, "{game}: {err}");
        assert!(!verdict.contains("llegal"), "{game}: {verdict}");
    }
}

/// `--deck real` in Kinga but `--deck physical` in the other games: `real` everywhere,
/// the old word still taken.
#[test]
fn the_deck_was_real_in_kinga_and_physical_elsewhere() {
    for game in ["kinkado", "kinga", "koikoi", "pokino"] {
        for word in ["real", "physical"] {
            let dir = tempfile::tempdir().unwrap();
            let mut args = vec![
                "--no-history",
                game,
                "play",
                "--deck",
                word,
                "--save",
                "g.yaml",
            ];
            if matches!(game, "koikoi" | "pokino") {
                args.extend(["--players", "ana,ben"]);
            }
            let (code, _, err) = run_in(dir.path(), &args, "quit\n");
            assert_eq!((code, err.as_str()), (0, ""), "{game} --deck {word}");
        }
        let (_, help, _) = run_in(Path::new("."), &[game, "play", "--help"], "");
        assert!(help.contains("real"), "{game}: {help}");
        assert!(
            !help.contains("[possible values: physical"),
            "{game}: {help}"
        );
    }
}

/// The first `lines` lines of a save fixture of format `format`.
fn fixture_head(format: &str, name: &str, lines: usize) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/saves")
        .join(format)
        .join(name);
    let text = std::fs::read_to_string(path).unwrap();
    text.lines().take(lines).map(|l| format!("{l}\n")).collect()
}

/// `status` of a save refused at `line`, `column`, in both output forms.
#[track_caller]
fn refused_at(dir: &Path, game: &str, save: &str, message: &str, line: u64, column: u64) {
    let Output { stderr: err, .. } = Test::new()
        .current_dir(dir)
        .args([game, "status", save])
        .status(2)
        .any_stderr()
        .run();
    assert!(err.starts_with(&format!("error: {message}")), "{err}");
    let place = if line > 1 || err.contains('\n') {
        format!(" --> file {save}, line {line}, column {column}\n")
    } else {
        format!(" --> file {save}, column {column}\n")
    };
    assert!(err.contains(&place), "{err}");
    let Output { stderr: err, .. } = Test::new()
        .current_dir(dir)
        .args(["--json", game, "status", save])
        .status(2)
        .any_stderr()
        .run();
    let v: serde_json::Value = serde_json::from_str(&err).unwrap();
    let p = &v["problems"][0];
    assert_eq!(
        (&p["line"], &p["column"]),
        (&line.into(), &column.into()),
        "{v}"
    );
    assert_eq!(p["code"], "save", "{v}");
}

#[test]
fn save_errors_named_no_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // An action that does not apply: at its entry in the list.
    let head = fixture_head("format-3", "kingmaker.yaml", 15);
    std::fs::write(
        d.join("zed.yaml"),
        format!("{head}- by: table\n  action: first\n  player: zed\n"),
    )
    .unwrap();
    refused_at(
        d,
        "kingmaker",
        "zed.yaml",
        "action 1 of the log does not apply",
        16,
        3,
    );
    // An action of an older format that lacks a field: at its entry too.
    let head = fixture_head("format-1", "kingmaker.yaml", 15);
    std::fs::write(
        d.join("old.yaml"),
        format!(
            "{head}- by: table\n  action: layout\n  layout: RG-YB\n- by: table\n  action: first\n"
        ),
    )
    .unwrap();
    refused_at(
        d,
        "kingmaker",
        "old.yaml",
        "old.yaml is not a readable session log: action 2 of format 1: missing field `player`",
        19,
        3,
    );
    // A deal that is not the whole set: at the setup.
    let save = fixture_head("format-3", "pokino-virtual.yaml", 1000);
    std::fs::write(d.join("deal.yaml"), save.replacen("    - 5-9\n", "", 1)).unwrap();
    refused_at(
        d,
        "pokino",
        "deal.yaml",
        "a deal holds each of the 91 dominoes",
        8,
        1,
    );
    // A byte that is not UTF-8: at its line and column, in JSON too.
    let mut bytes = fixture_head("format-3", "kingmaker.yaml", 12).into_bytes();
    bytes.extend(b"  - d\xffe\n");
    std::fs::write(d.join("bytes.yaml"), bytes).unwrap();
    let Output { stderr: err, .. } = Test::new()
        .current_dir(d)
        .args(["kingmaker", "status", "bytes.yaml"])
        .status(2)
        .any_stderr()
        .run();
    assert_eq!(
        err,
        "error: cannot read saved game `bytes.yaml`: it is not UTF-8 text: byte offset 143 holds 0xFF\n --> file bytes.yaml, line 13, column 6\n   |\n13 |   - d\u{fffd}e\n   |      ^\n  = help: save the file as UTF-8 text\n"
    );
    let v = Test::new()
        .current_dir(d)
        .args(["--json", "kingmaker", "status", "bytes.yaml"])
        .status(2)
        .any_stderr()
        .run();
    let v: serde_json::Value = serde_json::from_str(&v.stderr).unwrap();
    assert_eq!(
        (&v["problems"][0]["line"], &v["problems"][0]["column"]),
        (&13.into(), &6.into())
    );
    assert_eq!(v["problems"][0]["code"], "file");
}

#[test]
fn a_pokino_record_without_deck_named_no_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("r.txt"),
        "players: ana ben\npoke: 1-2 3-4\nana pass\n",
    )
    .unwrap();
    Test::new().current_dir(d).args(["pokino", "check", "r.txt"]).status(2).stderr("error: a known deal needs both a `poke:` line and a `deck:` line\n --> file r.txt, line 2, column 1\n  |\n2 | poke: 1-2 3-4\n  | ^^^^^\n  = help: add the `deck:` line to the game of line 1, or write neither\n").run();
    let Output { stderr: err, .. } = Test::new()
        .current_dir(d)
        .args(["--json", "pokino", "check", "r.txt"])
        .status(2)
        .any_stderr()
        .run();
    let v: serde_json::Value = serde_json::from_str(&err).unwrap();
    assert_eq!(v["problems"][0]["line"], 2, "{v}");
}
