//! `kado pokino advise`, `hint` at a `pokino play` prompt and `simulate --policy`: every
//! run, place and pass weighed over play-outs of the pieces the player cannot see, the
//! best typed back.

use crate::common::*;

/// Real pieces: ana has laid a domino and told her hand; her dominoes are hers alone.
const RECORD: &str = "players: ana ben
spoke: 6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h
ana domino 5-5@3,0h
ben domino 10-11@-2,0h
ana: QC 4H 3S 7D 2C 8H
";

#[test]
fn advise_weighs_every_move_ana_may_make() {
    Test::new()
        .args(["pokino", "advise", "--dominoes", "2-7 9-9 0-3", "--samples", "8", "-"])
        .stdin(RECORD)
        .stdout(
            "┌──────┬─────────────────────┬───────────────┬──────────────────────────────────┐
│      ┆ Answer              ┆ Points        ┆ What it does                     │
╞══════╪═════════════════════╪═══════════════╪══════════════════════════════════╡
│ best ┆ domino 7-2@1,-1h    ┆ +133.1 ± 4.1  ┆ a bead; then a run of 5 in reach │
│ 2    ┆ domino 2-7@1,-1h    ┆ +126.2 ± 9.9  ┆ a bead; then a run of 5 in reach │
│ 3    ┆ domino 2-7@3,1h     ┆ +121.2 ± 13.1 ┆ a bead; then a run of 5 in reach │
│ 4    ┆ pass                ┆ +118.1 ± 15.6 ┆ a card drawn, nothing more       │
│ 5    ┆ domino 7-2@3,1h     ┆ +104.4 ± 16.0 ┆ a bead; then a run of 5 in reach │
│ 6    ┆ run 4H QC @ 1,0 2,0 ┆ +86.9 ± 16.8  ┆ 5 points for 2 cards             │
│ 7    ┆ run QC 4H @ 2,0 1,0 ┆ +86.9 ± 16.8  ┆ 5 points for 2 cards             │
└──────┴─────────────────────┴───────────────┴──────────────────────────────────┘
Points: ana's final score less the best other player's, over 8 deals of the pieces ana cannot see (seed 1); others modelled as the greedy policy, ana's later turns as the patient policy; the same deals for every move; ± is a 95% interval.
7 of 202 moves played out: the patient policy's, passing, the first run of each length and the 4 places opening the longest runs for the hand; 195 more not played out (`--all` lists them).
",
        )
        .run();
    // With --all, every legal move: the 195 others follow, not played out.
    let out = Test::new()
        .args([
            "pokino",
            "advise",
            "--dominoes",
            "2-7,9-9,0-3",
            "--samples",
            "8",
            "--all",
            "-",
        ])
        .stdin(RECORD)
        .any_stdout()
        .run();
    let rows = out.stdout.lines().filter(|l| l.starts_with("│ ")).count();
    assert_eq!(rows, 1 + 202, "{}", out.stdout);
    assert!(out.stdout.contains("│ 202  ┆ "), "{}", out.stdout);
    assert!(out.stdout.contains("the others follow, marked —.\n"));
}

/// Without her dominoes only runs and passing are weighed; the patient policy's run stays
/// first, passing not beating it by more than the noise.
#[test]
fn advise_as_json_without_the_dominoes() {
    Test::new()
        .args(["--json", "pokino", "advise", "--samples", "8", "-"])
        .stdin(RECORD)
        .stdout(
            r#"{
  "candidates": [
    {
      "answer": "run 4H QC @ 1,0 2,0",
      "kind": "run",
      "margin": 21.1163443805977,
      "reason": "5 points for 2 cards",
      "value": 105.0
    },
    {
      "answer": "run QC 4H @ 2,0 1,0",
      "kind": "run",
      "margin": 21.1163443805977,
      "reason": "5 points for 2 cards",
      "value": 105.0
    },
    {
      "answer": "pass",
      "kind": "pass",
      "margin": 23.038934437165274,
      "reason": "a card drawn, nothing more",
      "value": 111.25
    },
    {
      "answer": "run 4H 3S @ 1,0 1,1",
      "kind": "run",
      "margin": null,
      "reason": "5 points for 2 cards",
      "value": null
    },
    {
      "answer": "run 3S 4H @ 1,1 1,0",
      "kind": "run",
      "margin": null,
      "reason": "5 points for 2 cards",
      "value": null
    },
    {
      "answer": "run 3S 8H @ 1,1 2,1",
      "kind": "run",
      "margin": null,
      "reason": "5 points for 2 cards",
      "value": null
    },
    {
      "answer": "run 8H 3S @ 2,1 1,1",
      "kind": "run",
      "margin": null,
      "reason": "5 points for 2 cards",
      "value": null
    }
  ],
  "dominoes_known": false,
  "measure": "points",
  "others": "greedy",
  "own": "patient",
  "played_out": 3,
  "player": "ana",
  "samples": 8,
  "seed": 1
}
"#,
        )
        .run();
    Test::new()
        .args(["pokino", "advise", "--samples", "8", "-"])
        .stdin(RECORD)
        .stdout_has("The patient policy's move stays first: no other beats it on these deals by more than the noise of the difference.\n")
        .stdout_has("kado does not know ana's dominoes, so no place to lay one is weighed: --dominoes names them.\n")
        .run();
}

#[test]
fn advise_says_why_it_cannot_advise() {
    let spoke = "players: ana ben\nspoke: 6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h\n";
    Test::new()
        .args(["pokino", "advise", "-"])
        .stdin(format!("{spoke}ana domino 5-5@3,0h\nben domino 10-11@-2,0h\n"))
        .status(2)
        .stderr(
            "error: kado does not know ana's whole hand (6 cards unseen): tell it first (`ana: CARDS`)
 --> stdin, line 4, column 1
  |
4 | ben domino 10-11@-2,0h
  | ^^^
",
        )
        .run();
    Test::new()
        .args(["pokino", "advise", "-"])
        .stdin(format!("{spoke}ana domino 5-5@3,0h\nben domino 5-5@4,4h\n"))
        .status(2)
        .stderr_has("error: line 4 of the record breaks a rule (5-5@4,4h may not be laid: 5-5 is already on the table")
        .run();
    Test::new()
        .args(["pokino", "advise", "-"])
        .stdin("players: ana ben\n")
        .status(2)
        .stderr_has(
            "error: the starting spoke is not on the table yet: there is no move to advise on\n",
        )
        .run();
    Test::new()
        .args(["pokino", "advise", "--dominoes", "2-7 5-5 2-7", "-"])
        .stdin(RECORD)
        .status(2)
        .stderr(
            "error: 5-5 is on the table, or has left it: nobody holds it
 --> --dominoes, column 5
  |
1 | 2-7 5-5 2-7
  |     ^^^

error: 2-7 is named twice
 --> --dominoes, column 9
  |
1 | 2-7 5-5 2-7
  |         ^^^

2 problems found
",
        )
        .run();
    Test::new()
        .args(["pokino", "advise", "--dominoes", "2-7, 9-9", "-"])
        .stdin(RECORD)
        .status(2)
        .stderr_has("error: 2 dominoes named, and the player holds 3\n")
        .stderr_has("= expected: 3 dominoes separated by spaces, e.g. 6-4 12-0 5-5\n")
        .run();
    let out = Test::new()
        .args([
            "--json",
            "pokino",
            "advise",
            "--dominoes",
            "2-7 9-x 1-1",
            "-",
        ])
        .stdin(RECORD)
        .status(2)
        .any_stderr()
        .run();
    let v: serde_json::Value = serde_json::from_str(&out.stderr).unwrap();
    assert_eq!(v["problems"][0]["source"], "--dominoes");
    assert_eq!(v["problems"][0]["column"], 7);
    Test::new()
        .args(["pokino", "advise", "--samples", "1", "-"])
        .stdin(RECORD)
        .status(2)
        .any_stderr()
        .run();
}

/// The best row of a hint, as typed.
fn best_answer(stdout: &str) -> String {
    stdout
        .lines()
        .find_map(|l| l.strip_prefix("│ best ┆ "))
        .and_then(|rest| rest.split('┆').next())
        .map(|a| a.trim().to_string())
        .unwrap_or_else(|| panic!("no best row:\n{stdout}"))
}

/// The hint at a `pokino play` prompt ranks the moves as they are typed: its best one,
/// typed back, is taken.
#[test]
fn the_hints_first_answer_is_typed_back_at_a_play_prompt() {
    let dir = tempfile::tempdir().unwrap();
    let play = [
        "--no-history",
        "pokino",
        "play",
        "--players",
        "ana,ben",
        "--deck",
        "virtual",
        "--seed",
        "5",
        "--save",
        "s.yaml",
    ];
    let out = Test::new()
        .current_dir(dir.path())
        .args(play)
        .args(["--record", "r.txt"])
        .stdin("hint 1-2 3-4 5-6\nhint\nquit\n")
        .any_stdout()
        .run();
    assert!(
        out.stdout.contains("others modelled as the greedy policy"),
        "{}",
        out.stdout
    );
    // kado dealt the dominoes: they are not named.
    assert!(
        out.stdout.contains("ana's turn (e.g. `3` for place #3, `domino 6-4@0,1h`, `run 4C 5C 6C`, `pass`): hint 1-2 3-4 5-6\n✗ `hint` takes nothing after it at this prompt: type `hint` alone\n"),
        "{}",
        out.stdout
    );
    // The record of the virtual deal is advised on alike, its dominoes not named either.
    Test::new()
        .current_dir(dir.path())
        .args(["pokino", "advise", "r.txt"])
        .stdout_has("│ best ┆ domino 4-6@3,0v ")
        .run();
    Test::new()
        .current_dir(dir.path())
        .args(["pokino", "advise", "--dominoes", "1-2 3-4 5-6", "r.txt"])
        .status(2)
        .stderr_has("error: the record deals ana's dominoes: leave --dominoes out\n")
        .run();
    let best = best_answer(&out.stdout);
    assert_eq!(best, "domino 4-6@3,0v");
    std::fs::remove_file(dir.path().join("s.yaml")).unwrap();
    Test::new()
        .current_dir(dir.path())
        .args(play)
        .stdin(format!("{best}\nquit\n"))
        .stdout_has(
            "ana's turn (e.g. `3` for place #3, `domino 6-4@0,1h`, `run 4C 5C 6C`, `pass`): domino 4-6@3,0v\nana lays 4-6@3,0v, takes a bead and draws a domino;",
        )
        .run();
}

/// With real pieces the hint weighs runs and passing; `hint` and the dominoes held weighs
/// where to lay them too, and its best answer is taken.
#[test]
fn the_hint_at_real_pieces_takes_the_dominoes_held() {
    let dir = tempfile::tempdir().unwrap();
    let play = [
        "--no-history",
        "pokino",
        "play",
        "--players",
        "ana,ben",
        "--save",
        "r.yaml",
    ];
    let before = "6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h\ndomino 5-5@3,0h\nben domino 10-11@-2,0h\nana: QC 4H 3S 7D 2C 8H\n";
    let out = Test::new()
        .current_dir(dir.path())
        .args(play)
        .stdin(format!(
            "{before}hint\nhint 2-7 9-9 0-3\nhint 2-7 5-5\nquit\n"
        ))
        .any_stdout()
        .run();
    let (plain, named) = out
        .stdout
        .split_once(
            "ana's turn (e.g. `domino 6-4@0,1h`, `run 4C 5C 6C`, `pass`): hint 2-7 9-9 0-3\n",
        )
        .unwrap();
    assert!(
        plain.contains("`hint A-B C-D E-F` names them.\n"),
        "{plain}"
    );
    assert!(!plain.contains("│ best ┆ domino"), "{plain}");
    let best = best_answer(named);
    assert!(best.starts_with("domino "), "{named}");
    assert!(
        named.contains("✗ 5-5 is on the table, or has left it: nobody holds it"),
        "{named}"
    );
    std::fs::remove_file(dir.path().join("r.yaml")).unwrap();
    Test::new()
        .current_dir(dir.path())
        .args(play)
        .stdin(format!("{before}{best}\nquit\n"))
        .stdout_has(format!(
            "ana's turn (e.g. `domino 6-4@0,1h`, `run 4C 5C 6C`, `pass`): {best}\nana lays "
        ))
        .run();
}

/// One seat by the advisor, the other greedy, turned game by game: each policy's seats
/// and average score (short games: 7 dominoes in the poke).
#[test]
fn simulate_seats_the_advisor() {
    let dir = tempfile::tempdir().unwrap();
    let short = dir.path().join("short.yaml");
    std::fs::write(&short, "base: pokino\nvalues:\n  start-dominoes: 40\n").unwrap();
    let rules = short.to_str().unwrap();
    let args = [
        "--rules",
        rules,
        "pokino",
        "simulate",
        "--players",
        "2",
        "--games",
        "2",
        "--policy",
        "advisor",
        "--samples",
        "2",
    ];
    let out = Test::new()
        .current_dir(dir.path())
        .args(args)
        .any_stdout()
        .run();
    assert!(
        out.stdout
            .starts_with("2 players, seed 1; seats: advisor, greedy (turned one place a game).\n"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("short.yaml ┆ advisor ┆ 2     ┆ "),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("  advisor: Each turn: the advisor's best move (`kado pokino advise`), its moves played out over 2 deals of the pieces unseen; others modelled as the greedy policy.\n"), "{}", out.stdout);
    let mut json = vec!["--json"];
    json.extend(args);
    let v = Test::new()
        .current_dir(dir.path())
        .args(json)
        .any_stdout()
        .run()
        .json();
    assert_eq!(v["seats"], serde_json::json!(["advisor", "greedy"]));
    assert_eq!(v["samples"], 2);
    let policies = v["results"][0]["policies"].as_array().unwrap();
    assert_eq!(policies.len(), 2);
    assert_eq!(
        (
            policies[0]["policy"].as_str(),
            policies[0]["seats"].as_u64()
        ),
        (Some("advisor"), Some(2))
    );
    let e = bad(&[
        "pokino",
        "simulate",
        "--players",
        "3",
        "--policy",
        "advisor,greedy",
    ]);
    assert!(
        e.starts_with("error: 2 policies named for 3 players\n"),
        "{e}"
    );
}

/// `simulate --record`: the games as a record, which `check` referees to the same ends.
#[test]
fn simulate_writes_the_games_record() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("short.yaml"),
        "base: pokino\nvalues:\n  start-dominoes: 40\n",
    )
    .unwrap();
    let args = [
        "--rules",
        "short.yaml",
        "pokino",
        "simulate",
        "--players",
        "2",
        "--games",
        "2",
        "--policy",
        "advisor",
        "--samples",
        "2",
    ];
    // The games' record, which `check` referees to the same ends.
    let mut record = args.to_vec();
    record.extend(["--record", "g.txt"]);
    Test::new()
        .current_dir(dir.path())
        .args(record)
        .any_stdout()
        .run();
    let text = std::fs::read_to_string(dir.path().join("g.txt")).unwrap();
    assert!(
        text.contains("short.yaml game 2, seed 2\nplayers: p1 p2\n"),
        "{text}"
    );
    let v = Test::new()
        .current_dir(dir.path())
        .args([
            "--json",
            "--rules",
            "short.yaml",
            "pokino",
            "check",
            "g.txt",
        ])
        .any_stdout()
        .run()
        .json();
    let games = v["games"].as_array().unwrap();
    assert!(
        games
            .iter()
            .all(|g| g["over"] == true && g["illegal"].is_null())
    );
}
