//! Reading input: what a FILE argument may name (a folder, a device, a named pipe, a
//! file that is not there), control characters in a file or argument drawn escaped, and
//! a byte-order mark or CR line ends read as the plain file.

use crate::common::*;

use std::time::Duration;

const KOIKOI: &str = include_str!("../fixtures/koikoi/round.txt");

const POKINO: &str = "players: ana ben cy                       # in turn order
spoke: 6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h
ana domino 5-5@3,0h
ben domino 10-11@-2,0h
cy domino 7-2@0,2h
ana run QC 4H @ 2,0 1,0
ben pass
cy run 6D AC                              # the squares left out: one way only
";

const KINGMAKER: &str = "\
players: ana bo cy dee                 # clockwise; ana holds the first player token in Winter
winter: ana bo cy dee                  # the order Blinks were taken
spring: bo c2 left RG, cy c2 long RG-YB, dee c3 right GB, ana c1 left YY
summer: cy RY c3, dee BB c2 e c3, ana YB c4 ne c3, bo GB c1 sw c2
harvest: dee w c4, ana e c4, bo w c1, cy e c1
blinks: ana RG-YB, bo YY-GB, cy RY-GB, dee BB-GY, c1 YY-RR, c2 RG-YB, c3 BB-GB, c4 GG-RY
";

/// A file `name` in a fresh folder holding `bytes`; returns the folder.
fn folder_with(name: &str, bytes: &[u8]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(name), bytes).unwrap();
    dir
}

/// Runs kado in `dir` with nothing on stdin, and fails the test if it is still running
/// after a while (it hangs): (exit code, stderr).
fn run_or_hang(dir: &std::path::Path, args: &[&str]) -> (i32, String) {
    let out = Test::new()
        .current_dir(dir)
        .args(args)
        .within(Duration::from_secs(20))
        .any_status()
        .any_stdout()
        .any_stderr()
        .run();
    (out.code(), out.stderr)
}

#[test]
fn kingmaker_check_read_a_missing_file_as_a_one_blink_build() {
    Test::new()
        .args(["kingmaker", "check", "no-such-year.txt"])
        .status(2)
        .stderr(
            "\
error: `no-such-year.txt`: no such file, and not a build either: a Blink's name holds no `.`
 --> argument BUILD, column 13
  |
1 | no-such-year.txt
  |             ^
  = expected: a name of letters, digits, `-` or `_`, e.g. `c1` or `ana`
",
        )
        .run();
    Test::new()
        .args(["kingmaker", "check", "games/year"])
        .status(2)
        .stderr(
            "\
error: `games/year`: no such file, and not a build either: a Blink's name holds no `/`
 --> argument BUILD, column 6
  |
1 | games/year
  |      ^
  = expected: a name of letters, digits, `-` or `_`, e.g. `c1` or `ana`
",
        )
        .run();
    // Written as a build among others, such a name is refused as a name alone.
    Test::new()
        .args(["kingmaker", "check", "c1,", "c2.x", "e", "c1"])
        .status(2)
        .stderr(
            "\
error: a Blink's name holds no `.`
 --> argument BUILD, column 7
  |
1 | c1, c2.x e c1
  |       ^
  = expected: a name of letters, digits, `-` or `_`, e.g. `c1` or `ana`
",
        )
        .run();
    // A word that is a build still is one.
    let Output { stdout: out, .. } = Test::new()
        .args(["kingmaker", "check", "c1"])
        .any_stdout()
        .run();
    assert!(out.ends_with("So far by the rules. Next: the second common, touching c1.\n"));
}

#[test]
fn a_folder_named_as_a_record_was_read_as_a_build_or_failed_in_the_systems_words() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("games")).unwrap();
    for (args, what) in [
        (&["kingmaker", "check", "games"][..], "record file"),
        (&["kingmaker", "advise", "games"], "record file"),
        (&["koikoi", "check", "games"], "record"),
        (&["pokino", "check", "games"], "record"),
        (&["rules", "check", "games"], "house-rules file"),
        (&["kingmaker", "check", "--file", "games"], "build file"),
    ] {
        let (code, err) = run_or_hang(dir.path(), args);
        assert_eq!(
            (code, err.as_str()),
            (
                2,
                format!("error: cannot read {what} `games`: it is a folder, not a file\n").as_str()
            ),
            "{args:?}"
        );
    }
}

#[test]
fn a_named_pipe_named_as_a_record_hung_for_ever() {
    let dir = tempfile::tempdir().unwrap();
    let made = std::process::Command::new("mkfifo")
        .arg(dir.path().join("pipe"))
        .status()
        .unwrap();
    assert!(made.success());
    for (args, what) in [
        (&["kingmaker", "check", "pipe"][..], "record file"),
        (&["kingmaker", "advise", "pipe"], "record file"),
        (&["koikoi", "check", "pipe"], "record"),
        (&["pokino", "check", "pipe"], "record"),
    ] {
        let (code, err) = run_or_hang(dir.path(), args);
        assert_eq!(
            (code, err.as_str()),
            (
                2,
                format!(
                    "error: cannot read {what} `pipe`: it is a named pipe, not a file\n  = help: to read a {what} from a pipe, give `-` and send it to stdin\n"
                )
                .as_str()
            ),
            "{args:?}"
        );
    }
    // Every other file kado reads refuses one too.
    for (args, what) in [
        (&["rules", "check", "pipe"][..], "house-rules file"),
        (
            &["--rules", "pipe", "kinga", "chain", "4S", "3S"],
            "house-rules file",
        ),
        (&["koikoi", "status", "pipe"], "saved game"),
        (&["pokino", "show", "--board", "pipe"], "board file"),
    ] {
        let (code, err) = run_or_hang(dir.path(), args);
        assert_eq!(
            (code, err.as_str()),
            (
                2,
                format!("error: cannot read {what} `pipe`: it is a named pipe, not a file\n")
                    .as_str()
            ),
            "{args:?}"
        );
    }
}

#[test]
fn dev_zero_named_as_a_record_was_read_as_a_build() {
    let dir = tempfile::tempdir().unwrap();
    for (args, text) in [
        (
            &["kingmaker", "check", "/dev/zero"][..],
            "cannot read record file `/dev/zero`: it holds more than 256 KiB; kado reads at most 256 KiB of a record file",
        ),
        (
            &["koikoi", "check", "/dev/zero"],
            "cannot read record `/dev/zero`: it holds more than 1 MiB; kado reads at most 1 MiB of a record",
        ),
        (
            &["pokino", "check", "/dev/zero"],
            "cannot read record `/dev/zero`: it holds more than 1 MiB; kado reads at most 1 MiB of a record",
        ),
    ] {
        let (code, err) = run_or_hang(dir.path(), args);
        assert_eq!((code, err), (2, format!("error: {text}\n")), "{args:?}");
    }
    // Sent to stdin, it is read up to the limit as well.
    let zeros = vec![0u8; (1 << 20) + 1];
    for (game, what, limit) in [
        ("koikoi", "record", "1 MiB"),
        ("pokino", "record", "1 MiB"),
        ("kingmaker", "record file", "256 KiB"),
    ] {
        Test::new().args([game, "check", "-"]).stdin(&zeros).status(2).stderr(format!(
                    "error: cannot read the {what} on stdin: it holds more than {limit}; kado reads at most {limit} of a {what}\n"
                )).run();
    }
}

const PWNED: &[u8] = b"players: ana b\x1b]0;PWNED\x07\x1b[2J\n";

/// A record's control characters came back raw in verdicts and names (a file could
/// retitle or clear the terminal of whoever checked it): no record holds one, and one is
/// refused where it stands, escaped, in every game.
#[test]
fn control_characters_in_a_record_reached_the_terminal_raw() {
    let d = folder_with("i.txt", PWNED);
    for (game, what) in [
        ("koikoi", "record"),
        ("pokino", "record"),
        ("kinga", "record"),
        ("kinkado", "record"),
        ("kingmaker", "record file"),
    ] {
        Test::new()
            .current_dir(d.path())
            .args([game, "check", "i.txt"])
            .status(2)
            .stderr(format!(
                r"error: a control character (U+001B) is not part of any {what}
 --> file i.txt, line 1, column 15
  |
1 | players: ana b\e]0;PWNED\u{{7}}\e[2J
  |               ^^
  = help: take it out: only text, tabs and line ends are read
"
            ))
            .run();
    }
    // JSON keeps the text as it is (JSON escapes it).
    let Output { stderr: err, .. } = Test::new()
        .current_dir(d.path())
        .args(["--json", "koikoi", "check", "i.txt"])
        .status(2)
        .any_stdout()
        .any_stderr()
        .run();
    let v: serde_json::Value = serde_json::from_str(&err).unwrap();
    assert_eq!(v["problems"][0]["text"], "\u{1b}");
    assert_eq!(
        (
            v["problems"][0]["line"].as_u64(),
            v["problems"][0]["column"].as_u64()
        ),
        (Some(1), Some(15))
    );
}

#[test]
fn control_characters_in_an_argument_reached_the_terminal_raw() {
    // A tab and a CR in the line: escaped, the caret under the bad card still.
    Test::new()
        .args(["koikoi", "yaku", "1b\t1r\r9x"])
        .status(2)
        .stderr(
            r"error: unknown kind `x` in `9x`
 --> argument CARDS, column 8
  |
1 | 1b\t1r\r9x
  |          ^
  = expected: a kind: b (bright), a (animal), r (ribbon) or p (plain)
",
        )
        .run();
}

#[test]
fn control_characters_in_a_save_reached_the_terminal_raw() {
    let fixture = include_str!("../fixtures/saves/format-1/koikoi.yaml");
    let edited = fixture.replacen("  - ana\n", "  - \"ana\\e]0;PWNED\\a\\e[2J\"\n", 1);
    assert_ne!(edited, fixture);
    let d = folder_with("game.yaml", edited.as_bytes());
    Test::new().current_dir(d.path()).args(["koikoi", "status", "game.yaml"]).status(2).stderr(r"error: game.yaml is not a readable session log: its setup holds `ana\e]0;PWNED\u{7}\e[2J`, with a control character
  = help: kado takes no name with a control character, so it writes none in a save
").run();
    // A save that does not read quotes its line escaped, CR and all.
    let d = folder_with("game.yaml", b"game: koikoi\r\nformat: 1\rfoo: \x1b[2J\r");
    Test::new().current_dir(d.path()).args(["koikoi", "status", "game.yaml"]).status(2).any_stdout().stderr(r"error: game.yaml is not a readable session log: this is not valid YAML: unexpected character: `\u{1b}'
 --> file game.yaml, line 3, column 6
  |
3 | foo: \e[2J
  |      ^^^^^
").run();
}

/// `text` as editors may save it: with a byte-order mark, with CRLF line ends, with CR
/// line ends alone, with both a mark and CRLF.
fn as_saved(text: &str) -> Vec<(&'static str, Vec<u8>)> {
    let bom = |t: &str| [b"\xef\xbb\xbf".as_slice(), t.as_bytes()].concat();
    vec![
        ("a byte-order mark", bom(text)),
        ("CRLF", text.replace('\n', "\r\n").into_bytes()),
        ("CR", text.replace('\n', "\r").into_bytes()),
        ("a mark and CRLF", bom(&text.replace('\n', "\r\n"))),
    ]
}

/// Checks that `kado GAME check` says exactly the same of the record saved every way
/// (as a file and on stdin) as of the plain one; returns what it says of the plain one.
fn same_as_plain(game: &str, text: &str) -> (i32, String, String) {
    let plain_dir = folder_with("record.txt", text.as_bytes());
    let plain = run_in(plain_dir.path(), &[game, "check", "record.txt"], "");
    let plain_stdin = run_with_input(&[game, "check", "-"], text);
    for (how, bytes) in as_saved(text) {
        let d = folder_with("record.txt", &bytes);
        let got = run_in(d.path(), &[game, "check", "record.txt"], "");
        assert_eq!(got, plain, "{game} check of a record with {how}");
        let got = run_with_input(&[game, "check", "-"], &bytes);
        assert_eq!(got, plain_stdin, "{game} check - of a record with {how}");
    }
    plain
}

#[test]
fn a_byte_order_mark_or_cr_line_ends_in_a_record_gave_misleading_errors() {
    for (game, text) in [
        ("koikoi", KOIKOI),
        ("pokino", POKINO),
        ("kingmaker", KINGMAKER),
    ] {
        let (code, out, err) = same_as_plain(game, text);
        assert_eq!((code, err.as_str()), (0, ""), "{game}");
        assert!(!out.is_empty());
    }
    let bad_koikoi = "players: ana ben\nana: 1b 1r 2a 3p 5a 7r 9p 1x\n";
    assert_eq!(
        same_as_plain("koikoi", bad_koikoi),
        (
            2,
            String::new(),
            "\
error: unknown kind `x` in `1x`
 --> file record.txt, line 2, column 28
  |
2 | ana: 1b 1r 2a 3p 5a 7r 9p 1x
  |                            ^
  = expected: a kind: b (bright), a (animal), r (ribbon) or p (plain)
"
            .to_string()
        )
    );
    let bad_pokino = "players: ana ben cy\nspoke: 6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2x\n";
    assert_eq!(
        same_as_plain("pokino", bad_pokino),
        (
            2,
            String::new(),
            "\
error: `9-0@2,2` has no direction after its position
 --> file record.txt, line 2, column 43
  |
2 | spoke: 6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2x
  |                                           ^
  = expected: h (the second half to the right) or v (the second half below)
"
            .to_string()
        )
    );
    let bad_kingmaker = "players: ana bo cy dee\nwinter: ana bo cy dee\nspring: bo c2 lft RG\n";
    assert_eq!(
        same_as_plain("kingmaker", bad_kingmaker),
        (
            2,
            String::new(),
            "\
error: `lft` is not a press
 --> file record.txt, line 3, column 15
  |
3 | spring: bo c2 lft RG
  |               ^^^
  = expected: left (a single click), right (a double click) or long (a long press)
"
            .to_string()
        )
    );
}

#[test]
fn control_characters_in_an_answer_reached_the_terminal_raw() {
    let dir = tempfile::tempdir().unwrap();
    let Output { stdout: out, .. } = Test::new()
        .current_dir(dir.path())
        .args(["koikoi", "game", "--players", "ana,bo", "--save", "g.yaml"])
        .stdin("ana \x1b[2J\x07\n")
        .any_stdout()
        .run();
    assert!(
        out.ends_with(
            "\
Round 1 of 6 (dealer ana): winner and points, or draw: ana \\e[2J\\u{7}
✗ `\\e[2J\\u{7}` is not a number of points: e.g. `ana 7`
The game is saved in g.yaml; continue it with `kado koikoi resume g.yaml`.
"
        ),
        "{out}"
    );
}

#[test]
fn control_characters_in_a_file_name_reached_the_terminal_raw() {
    let dir = tempfile::tempdir().unwrap();
    Test::new()
        .current_dir(dir.path())
        .args([
            "--history",
            "h.sqlite",
            "history",
            "import",
            "no\x07such\r.yaml",
        ])
        .status(2)
        .stderr("error: cannot read saved game `no\\u{7}such\\r.yaml`: it does not exist\n")
        .run();
    // A usage error quoting such an argument draws it escaped too.
    Test::new()
        .args(["koikoi", "check", "--a\rb"])
        .status(2)
        .stderr(
            "\
error: unexpected argument '--a\\rb' found

  tip: to pass '--a\\rb' as a value, use '-- --a\\rb'

Usage: kado koikoi check [OPTIONS] <RECORD>

For more information, try '--help'.
",
        )
        .run();
}

/// What a command wrote holds no control byte but a line end or a tab: nothing from its
/// input reached the terminal raw.
pub fn no_raw_controls(
    what: &str,
    bytes: &str,
) -> Result<(), proptest::test_runner::TestCaseError> {
    let raw = bytes
        .chars()
        .find(|c| (c.is_control() && !matches!(c, '\n' | '\t')) || *c == '\u{7f}');
    proptest::prop_assert!(raw.is_none(), "{what} wrote {raw:?} raw: {bytes:?}");
    Ok(())
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config { cases: 24, ..Default::default() })]

    /// No byte below 0x20 but a line end or a tab, nor 0x7f, from any input reaches
    /// stdout or stderr raw: a record given to every game's `check` (text and JSON), an
    /// argument given to a command that quotes it, an answer typed in a session and the
    /// save it leaves (shown by `status`), each with a control character put anywhere in
    /// them; the history's pages: `history::control_bytes_in_the_history_never_reach_…`.
    #[test]
    fn control_bytes_from_input_never_reach_the_terminal_raw(
        control in proptest::sample::select(vec!['\u{1b}', '\u{7}', '\u{8}', '\u{0}', '\u{7f}', '\u{9b}', '\r', '\u{c}']),
        at in 0usize..60,
        which in 0usize..5,
        spot in 0usize..10_000,
    ) {
        let records = [
            ("kinkado", "players: ana ALORA\nround 1\nprize: 9H\nana sells nothing\n"),
            ("kinga", "deck: real\ndraw 2S AS 2C 2H\n1. 2S 2C 2H > 3S\n"),
            ("koikoi", "players: ana ben\n"),
            ("pokino", "players: ana ben\nspoke: 6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h\n"),
            ("kingmaker", "target: 3\nplayers: ana bo cy dee\nwinter: ana bo cy dee\n"),
        ];
        let (game, record) = records[which];
        let mut text = record.to_string();
        let at = text.char_indices().map(|(i, _)| i).nth(at % text.chars().count()).unwrap_or(0);
        text.insert(at, control);
        for json in [false, true] {
            let mut args = vec![game, "check", "-"];
            if json {
                args.insert(0, "--json");
            }
            let (_, out, err) = crate::common::run_with_input(&args, &text);
            no_raw_controls(&format!("{args:?} (stdout)"), &out)?;
            no_raw_controls(&format!("{args:?} (stderr)"), &err)?;
        }
        let word = format!("ana{control}b");
        let quoted: [&[&str]; 4] = [
            &["kinkado", "showdown", &word],
            &["koikoi", "yaku", &word],
            &["kinga", "chain", &word],
            &["kingmaker", "score", &word],
        ];
        // An argument cannot hold a NUL byte at all.
        for args in quoted.iter().filter(|_| control != '\u{0}') {
            let (_, out, err) = crate::common::run(args);
            no_raw_controls(&format!("{args:?}"), &out)?;
            no_raw_controls(&format!("{args:?}"), &err)?;
        }
        let answer = format!("ana sells {control}nothing\nquit\n");
        let dir = tempfile::tempdir().unwrap();
        let (_, out, err) = crate::common::run_in(
            dir.path(),
            &["kinkado", "play", "--deck", "virtual", "--seed", "3", "--save", "g.yaml"],
            answer,
        );
        no_raw_controls("kinkado play (stdout)", &out)?;
        no_raw_controls("kinkado play (stderr)", &err)?;
        // The save, with the character put anywhere in it, shown by `status`.
        let path = dir.path().join("g.yaml");
        let mut save = std::fs::read_to_string(&path).unwrap();
        let spots: Vec<usize> = save.char_indices().map(|(i, _)| i).collect();
        save.insert(spots[spot % spots.len()], control);
        std::fs::write(&path, &save).unwrap();
        for args in [&["kinkado", "status", "g.yaml"][..], &["--json", "kinkado", "status", "g.yaml"]] {
            let (_, out, err) = crate::common::run_in(dir.path(), args, "");
            no_raw_controls(&format!("{args:?} (stdout)"), &out)?;
            no_raw_controls(&format!("{args:?} (stderr)"), &err)?;
        }
    }
}
