//! Large and endless input: what kado reads is limited, and what it says about it stays
//! short (at most 20 problems, each line cut to a window around its caret).

use crate::common::{Output, Test, bad};

use serde_json::json;

/// `AS AS AS …`: `n` aces of spades.
fn aces(n: usize) -> String {
    vec!["AS"; n].join(" ")
}

/// The human error for the `k`-th repeated ace of [`aces`]: the line is cut to 72
/// columns around it (the first ones sit near the start of the line).
fn repeated_ace(k: usize) -> String {
    let line = aces(40);
    let (text, caret) = if 3 * k <= 35 {
        (format!("{}…", &line[..72]), 3 * k)
    } else {
        (format!("…{}…", &line[1..73]), 36)
    };
    format!(
        "error: A♠ is named twice: one pack holds one A♠\n --> argument CARDS, column {}\n  |\n1 | {text}\n  | {}^^\n  = help: the first A♠ is at column 1\n",
        3 * k + 1,
        " ".repeat(caret)
    )
}

#[test]
fn repeated_cards_do_not_blow_up_output() {
    let cards = aces(2000);
    let err = bad(&["kinkado", "hand", &cards]);
    let shown: Vec<String> = (1..=20).map(repeated_ace).collect();
    assert_eq!(
        err,
        format!(
            "{}\nand 1980 more problems\n\n2000 problems found\n",
            shown.join("\n")
        )
    );
    let Output { stderr: err, .. } = Test::new()
        .args(["--json", "kinkado", "hand", &cards])
        .status(2)
        .any_stderr()
        .run();
    let v: serde_json::Value = serde_json::from_str(&err).unwrap();
    let problem = |k: usize| {
        json!({
            "code": "impossible",
            "message": "A♠ is named twice: one pack holds one A♠",
            "source": "argument CARDS", "line": 1, "column": 3 * k + 1, "text": "AS",
            "expected": null, "help": "the first A♠ is at column 1"
        })
    };
    assert_eq!(
        v,
        json!({
            "error": "A♠ is named twice: one pack holds one A♠ (and 1999 more)",
            "total": 2000,
            "problems": (1..=20).map(problem).collect::<Vec<_>>(),
        })
    );
}

#[test]
fn repeated_chain_over_the_argument_limit_is_refused_before_parsing() {
    // The 100 KB chain of issue 15, which took 29 s and wrote 3.75 GB to stderr.
    let chain = "4S 3S JK 5C ".repeat(8333);
    Test::new().args(["kinga", "chain", &chain]).status(2).stderr("error: argument CARDS is 97.7 KiB (99996 bytes); kado reads at most 64 KiB of an argument\n").run();
    Test::new().args(["--json", "kinga", "chain", "4S", "--target", &chain]).status(2).stderr("{\"error\":\"--target is 97.7 KiB (99996 bytes); kado reads at most 64 KiB of an argument\",\"problems\":[{\"code\":\"usage\",\"column\":null,\"expected\":null,\"help\":null,\"line\":null,\"message\":\"--target is 97.7 KiB (99996 bytes); kado reads at most 64 KiB of an argument\",\"source\":null,\"text\":null}],\"total\":1}\n").run();
    let board = "6-4@0,0h ".repeat(8000);
    Test::new().args(["pokino", "show", &board]).status(2).stderr("error: argument BOARD is 70.3 KiB (72000 bytes); kado reads at most 64 KiB of an argument\n  = help: give it in a file instead, with --board FILE (up to 1 MiB)\n").run();
}

#[test]
fn a_long_line_is_cut_to_a_window_around_the_caret() {
    let chain = format!("{} KX {}", aces(500), aces(500));
    // `X` is at byte 1501: 35 columns before it, 36 after it.
    let window = format!("…{}…", &chain[1466..1538]);
    Test::new().args(["kinkado", "hand", &chain]).status(2).stderr(format!(
            "error: unknown suit `X` in `KX`\n --> argument CARDS, column 1502\n  |\n1 | {window}\n  | {}^\n  = expected: a suit: S H D C (or ♠ ♥ ♦ ♣)\n  = help: did you mean K♠, K♥, K♦ or K♣?\n",
            " ".repeat(36)
        )).run();
}

#[test]
fn caret_sits_under_the_character_after_wide_glyphs() {
    Test::new().args(["kinkado", "hand", "🃏 K♥ KX"]).status(2).stderr("error: unknown suit `X` in `KX`\n --> argument CARDS, column 7\n  |\n1 | 🃏 K♥ KX\n  |        ^\n  = expected: a suit: S H D C (or ♠ ♥ ♦ ♣)\n  = help: did you mean K♠, K♥, K♦ or K♣?\n").run();
}

#[test]
fn a_ten_written_with_the_letter_o_suggests_ten() {
    Test::new().args(["kinkado", "hand", "1OH", "KH"]).status(2).stderr("error: unknown rank `1O` in `1OH`\n --> argument CARDS, column 1\n  |\n1 | 1OH KH\n  | ^^\n  = expected: a rank: A 2 3 4 5 6 7 8 9 10 J Q K (T for 10), or JK for a joker\n  = help: did you mean 10♥? (10 is written with a zero, not the letter O)\n").run();
    Test::new().args(["--json", "kinkado", "hand", "1oS", "KH"]).status(2).stderr("{\"error\":\"unknown rank `1o` in `1oS`\",\"problems\":[{\"code\":\"unknown-card\",\"column\":1,\"expected\":\"a rank: A 2 3 4 5 6 7 8 9 10 J Q K (T for 10), or JK for a joker\",\"help\":\"did you mean 10♠? (10 is written with a zero, not the letter O)\",\"line\":1,\"message\":\"unknown rank `1o` in `1oS`\",\"source\":\"argument CARDS\",\"text\":\"1o\"}],\"total\":1}\n").run();
}

const SPOKE_LEFT_OF_ZERO: &str = "6-4@-2,0h 1-3@0,0h 12-8@-2,1h 9-0@0,1h";

#[test]
fn negative_claimed_borders_are_values_not_flags() {
    Test::new()
        .args([
            "pokino",
            "show",
            SPOKE_LEFT_OF_ZERO,
            "--claimed",
            "-1,0-0,0",
        ])
        .stdout(
            "   -2  -1   0   1
  ┌───────┬───────┐
0 │ 6   4 ● 1   3 │
  ├───────┼───────┤
1 │12   8 │ 9   0 │
  └───────┴───────┘

4 dominoes on the table; 1 border claimed, marked ●.
",
        )
        .run();
    // The claimed border is the only one between 4 and A: no run is left.
    Test::new().args([
        "pokino",
        "runs",
        SPOKE_LEFT_OF_ZERO,
        "--hand",
        "4H AS",
        "--claimed",
        "-1,0-0,0",
    ]).stdout("No scoring run: no two cards of the hand match numbers on neighbouring squares of different dominoes.\n").run();
}

#[test]
fn a_board_file_over_the_limit_is_refused_with_its_size() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("board.txt");
    std::fs::write(&path, "6-4@0,0h\n".repeat(1_200_000)).unwrap();
    let path = path.to_str().unwrap();
    Test::new().args(["pokino", "show", "--board", path]).status(2).stderr(format!(
            "error: cannot read board file `{path}`: it is 10.3 MiB (10800000 bytes); kado reads at most 1 MiB of a board file\n"
        )).run();
}

#[test]
fn a_board_file_full_of_problems_reports_the_first_twenty() {
    // 100,000 times the same domino, one a line, just under the limit: every line after
    // the first is three problems.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("board.txt");
    std::fs::write(&path, "6-4@0,0h\n".repeat(100_000)).unwrap();
    let path = path.to_str().unwrap();
    let at_line = |line: usize| {
        let head = |message: &str| {
            format!(
                "error: {message}\n --> file {path}, line {line}, column 1\n{pad} |\n{line} | 6-4@0,0h\n{pad} | ^^^^^^^^\n",
                pad = " ".repeat(line.to_string().len())
            )
        };
        [
            head("6-4 is on the table twice: a double-12 set holds one 6-4")
                + "  = help: it is also `6-4@0,0h` at line 1, column 1\n",
            head("`6-4@0,0h` covers square 0,0, already covered by 6-4@0,0h")
                + "  = help: each square holds one half of one domino\n",
            head("`6-4@0,0h` covers square 1,0, already covered by 6-4@0,0h")
                + "  = help: each square holds one half of one domino\n",
        ]
    };
    let shown: Vec<String> = (2..=8).flat_map(at_line).take(20).collect();
    Test::new()
        .args(["pokino", "show", "--board", path])
        .status(2)
        .stderr(format!(
            "{}\nand 299977 more problems\n\n299997 problems found\n",
            shown.join("\n")
        ))
        .run();
    let Output { stderr: err, .. } = Test::new()
        .args(["--json", "pokino", "show", "--board", path])
        .status(2)
        .any_stdout()
        .any_stderr()
        .run();
    let v: serde_json::Value = serde_json::from_str(&err).unwrap();
    assert_eq!(v["total"], 299_997);
    assert_eq!(v["problems"].as_array().map(Vec::len), Some(20));
    assert_eq!(
        v["error"],
        "6-4 is on the table twice: a double-12 set holds one 6-4 (and 299996 more)"
    );
}

#[test]
fn endless_files_are_read_only_up_to_the_limit() {
    Test::new().args(["rules", "check", "/dev/zero"]).status(2).stderr("error: cannot read house-rules file `/dev/zero`: it holds more than 1 MiB; kado reads at most 1 MiB of a house-rules file\n").run();
    Test::new().args(["kinkado", "status", "/dev/urandom"]).status(2).stderr("error: cannot read saved game `/dev/urandom`: it holds more than 8 MiB; kado reads at most 8 MiB of a saved game\n").run();
    Test::new().args(["--rules", "/dev/zero", "kinga", "chain", "4S", "3S"]).status(2).stderr("error: cannot read house-rules file `/dev/zero`: it holds more than 1 MiB; kado reads at most 1 MiB of a house-rules file\n").run();
}

#[test]
fn a_file_that_is_not_utf8_named_no_line_or_column() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("board.txt");
    std::fs::write(&path, b"6-4@0,0h \xff\xfe").unwrap();
    let path = path.to_str().unwrap();
    Test::new().args(["pokino", "show", "--board", path]).status(2).stderr(format!(
            "error: cannot read board file `{path}`: it is not UTF-8 text: byte offset 9 holds 0xFF\n --> file {path}, column 10\n  |\n1 | 6-4@0,0h \u{fffd}\u{fffd}\n  |          ^\n  = help: save the file as UTF-8 text\n"
        )).run();
}

#[test]
fn a_long_answer_line_is_not_read_whole() {
    // An answer line of 1 MiB (over the 64 KiB an answer may take) ends the session with
    // an error: the answers after it are not read.
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("game.yaml");
    let save = save.to_str().unwrap();
    let input = format!("ana 8\n{}\nbo 3\n", "x".repeat(1 << 20));
    // kado stops reading part-way: the rest of the input is left unread.
    let out = Test::new()
        .args(["koikoi", "game", "--players", "ana,bo", "--save", save])
        .stdin(input)
        .status(2)
        .any_stdout()
        .stderr(format!(
            "error: line 2 of standard input is longer than 64 KiB\n  = help: every answer before it is saved in {save}; continue with `kado koikoi resume {save}`\n"
        ))
        .run();
    // The long line is an error naming it; the answer before it stays saved.
    let stdout = out.stdout;
    assert!(
        stdout.ends_with("Round 1: ana wins 8: ana 50 → 58, bo 50 → 42.\nana deals round 2.\n"),
        "{stdout}"
    );
    assert!(stdout.len() < 2000, "{stdout}");
}

#[test]
fn a_very_long_name_is_refused_at_once() {
    let name = "n".repeat(60_000);
    Test::new().args(["kingmaker", "check", &name]).status(2).stderr(format!(
            "error: the name `{}…` has 60000 characters; a name has at most 40\n --> argument BUILD, column 1\n  |\n1 | {}…\n  | {}\n",
            "n".repeat(40),
            "n".repeat(72),
            "^".repeat(72)
        )).run();
}

#[test]
fn a_long_unknown_flag_is_quoted_short() {
    let flag = "-".repeat(5000);
    let cut = format!("{}…", "-".repeat(71));
    Test::new()
        .args(["pokino", "territory", "6-4@0,0h", "--tokens", &flag])
        .status(2)
        .stderr(format!(
            "error: unexpected argument '{cut}' found\n\n  tip: to pass '{cut}' as a value, use '{}…'\n\nUsage: kado pokino territory --tokens <TOKENS> <BOARD>...\n\nFor more information, try '--help'.\n",
            format_args!("-- {}", "-".repeat(68))
        ))
        .run();
}

/// `check` of a record of 80,000 small games took gigabytes within the 1 MiB input limit
/// (Kin Kādo 1.97 GB, Pokino 382 MB, Koi-Koi 361 MB, Kinga 305 MB; twice that with
/// `--json`): the games are refereed and told one at a time. Each runs here within an
/// address space of 150 MB (an allocation past it aborts kado).
#[test]
fn a_record_of_80000_games_took_gigabytes_to_check() {
    let dir = tempfile::tempdir().unwrap();
    // Kingmaker reads at most 256 KiB of a record: as many lines as fit.
    for (game, one, times) in [
        ("kinga", "deck: real\n", 80_000),
        ("koikoi", "players: a b\n", 80_000),
        ("pokino", "players: a b\n", 80_000),
        ("kinkado", "players: a b\n", 80_000),
        ("kingmaker", "players: a b c d\n", 15_000),
    ] {
        let record = dir.path().join(format!("{game}.txt"));
        std::fs::write(&record, one.repeat(times)).unwrap();
        for form in ["", "--json"] {
            let run = std::process::Command::new("sh")
                .arg("-c")
                .arg(format!(
                    "ulimit -v 150000 && exec \"$0\" {game} check \"$1\" {form} > /dev/null"
                ))
                .arg(crate::common::kado_bin())
                .arg(&record)
                .env("KADO_HOME", dir.path())
                .output()
                .unwrap();
            let err = String::from_utf8_lossy(&run.stderr);
            assert_eq!(run.status.code(), Some(0), "{game} {form}: {err}");
        }
    }
}

/// A record of several games told game by game reads as the whole verdict did: the JSON
/// is the pretty-printed object (its `explain` key first), the text ends with the tally
/// and the rules that decided.
#[test]
fn several_games_told_one_at_a_time_read_as_a_whole() {
    let kinga = "deck: real\ndraw 2S AS 2C 2H\n1. 2S 2C 2H > 3S\nkeep AS\n";
    let records = [
        ("kinga", format!("{kinga}{kinga}deck: real\ndraw 2S\n")),
        (
            "koikoi",
            "players: a b\nplayers: c d\nplayers: e f\n".to_string(),
        ),
        ("pokino", "players: a b\nplayers: c d e\n".to_string()),
        (
            "kinkado",
            "players: a ALORA\nround 1\nplayers: b c\n".to_string(),
        ),
    ];
    for (game, record) in records {
        for explain in [false, true] {
            let mut args = vec![game, "check", "-", "--json"];
            if explain {
                args.push("--explain");
            }
            let out = (Test::new().args(&args).stdin(&record).any_stdout().run()).stdout;
            let v: serde_json::Value = serde_json::from_str(&out).unwrap();
            let pretty = serde_json::to_string_pretty(&v).unwrap() + "\n";
            if game == "kinkado" && explain {
                // Its reasons come from the games: they follow them.
                let games = out.find("\n  \"games\"").unwrap();
                assert!(out.find("\n  \"explain\"").unwrap() > games, "{out}");
            } else {
                assert_eq!(out, pretty, "{game}");
            }
            assert!(
                v["games"].as_array().is_some_and(|g| g.len() >= 2),
                "{game}: {v}"
            );
            assert_eq!(v.get("explain").is_some(), explain, "{game}");
            let text = Test::new()
                .args(&args[..3])
                .args(explain.then_some("--explain"))
                .stdin(&record)
                .any_stdout()
                .run()
                .stdout;
            assert!(text.starts_with("Game 1"), "{game}: {text}");
        }
    }
}

/// Whether the process `pid` catches SIGINT yet (Linux: bit 2 of `SigCgt`).
#[cfg(target_os = "linux")]
fn catches_sigint(pid: u32) -> bool {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("SigCgt:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .is_some_and(|mask| mask & (1 << (2 - 1)) != 0)
}

/// Every simulation at its `--games` maximum would run for hours: Ctrl-C stops it, and it
/// reports the games played so far (exit 0).
#[cfg(target_os = "linux")]
#[test]
fn a_simulation_at_its_games_maximum_would_run_for_hours() {
    // Each run, and the games it plays in all (Kinga's two rulesets, Pokino's five).
    let runs: [(&[&str], u64); 4] = [
        (&["kinkado", "simulate", "--games", "10000000"], 10_000_000),
        (&["kinga", "simulate", "--games", "10000000"], 20_000_000),
        (&["pokino", "simulate", "--games", "100000"], 500_000),
        (&["koikoi", "simulate", "--games", "100000"], 100_000),
    ];
    for (args, total) in runs {
        let dir = tempfile::tempdir().unwrap();
        let child = crate::common::kado()
            .current_dir(dir.path())
            .arg("--json")
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let pid = child.id();
        let start = std::time::Instant::now();
        while !catches_sigint(pid) {
            assert!(
                start.elapsed().as_secs() < 60,
                "{args:?} never listens for Ctrl-C"
            );
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        std::thread::sleep(std::time::Duration::from_millis(300));
        let sent = std::process::Command::new("kill")
            .args(["-INT", &pid.to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let out = child.wait_with_output().unwrap();
        let (stdout, stderr) = (
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
        );
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
        let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
        assert_eq!(v["stopped"], true, "{args:?}: {v}");
        assert!(
            stderr.starts_with("Stopped (Ctrl-C) after ")
                && stderr.ends_with(&format!(
                    " of {total} games: the figures are those of the games played.\n"
                )),
            "{args:?}: {stderr}"
        );
    }
}
