//! `kado koikoi advise` and `hint` at a `koikoi play` prompt: every answer weighed, the
//! best typed back.

use crate::common::*;

const DEALT: &str =
    "players: ana ben\nana: 1b 1r 2a 3p 5a 7r 9p 11p\ntable: 1p 3b 4p 6r 8b 9a 10r 12b\n";

#[test]
fn advise_weighs_every_card_ana_may_play() {
    Test::new()
        .args(["koikoi", "advise", "--samples", "20", "-"])
        .stdin(DEALT)
        .stdout(
            "┌──────┬────────┬────────────┬───────────────────────┐
│      ┆ Answer ┆ Points     ┆ What it does          │
╞══════╪════════╪════════════╪═══════════════════════╡
│ best ┆ 9p     ┆ +3.5 ± 2.7 ┆ takes 9a              │
│ 2    ┆ 3p     ┆ +1.4 ± 2.5 ┆ takes 3b              │
│ 3    ┆ 1r     ┆ -0.2 ± 3.1 ┆ takes 1p              │
│ 4    ┆ 1b     ┆ -0.8 ± 2.5 ┆ takes 1p              │
│ 5    ┆ 2a     ┆ -1.6 ± 2.3 ┆ lays 2a on the table  │
│ 6    ┆ 11p    ┆ -1.6 ± 2.8 ┆ lays 11p on the table │
│ 7    ┆ 7r     ┆ -1.7 ± 2.3 ┆ lays 7r on the table  │
│ 8    ┆ 5a     ┆ -2.5 ± 2.6 ┆ lays 5a on the table  │
└──────┴────────┴────────────┴───────────────────────┘
Points: the round's points ana expects, over 20 deals of the cards unseen (seed 1), each round played out by the greedy policy; the same deals for every answer; ± is a 95% interval.
",
        )
        .run();
    let out = Test::new()
        .args(["--json", "koikoi", "advise", "--samples", "20", "-"])
        .stdin(DEALT)
        .any_stdout()
        .run();
    let v = out.json();
    assert_eq!(
        (v["player"].as_str(), v["question"].as_str()),
        (Some("ana"), Some("play"))
    );
    assert_eq!(v["candidates"].as_array().unwrap().len(), 8);
    assert_eq!(v["candidates"][0]["answer"], "9p");
    assert_eq!(
        (v["samples"].as_u64(), v["seed"].as_u64()),
        (Some(20), Some(1))
    );
}

#[test]
fn advise_without_the_players_hand_says_how_to_give_it() {
    Test::new()
        .args(["koikoi", "advise", "-"])
        .stdin("players: ana ben\ntable: 1p 3b 4p 6r 8b 9a 10r 12b\n")
        .status(2)
        .stderr(
            "error: ana's hand is not in the record: write it with the round's deal (`ana: CARDS`) to be advised
 --> stdin, line 2, column 1
  |
2 | table: 1p 3b 4p 6r 8b 9a 10r 12b
  | ^^^^^
",
        )
        .run();
}

/// The hint at a `koikoi play` prompt ranks the answers as they are typed: its best one,
/// typed back, is taken.
#[test]
fn the_hints_first_answer_is_typed_back_at_a_play_prompt() {
    let dir = tempfile::tempdir().unwrap();
    let play = [
        "koikoi",
        "play",
        "--players",
        "ana,ben",
        "--deck",
        "virtual",
        "--seed",
        "3",
        "--save",
        "s.yaml",
    ];
    let out = Test::new()
        .current_dir(dir.path())
        .args(play)
        .stdin("hint\nquit\n")
        .any_stdout()
        .run();
    let best = out
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("│ best ┆ "))
        .and_then(|rest| rest.split('┆').next())
        .map(str::trim)
        .unwrap_or_else(|| panic!("no best row:\n{}", out.stdout));
    assert_eq!(best, "12b");
    std::fs::remove_file(dir.path().join("s.yaml")).unwrap();
    let out = Test::new()
        .current_dir(dir.path())
        .args(play)
        .stdin(format!("{best}\nquit\n"))
        .any_stdout()
        .run();
    assert!(
        out.stdout
            .contains("ana plays: 12b\nana plays 12b phoenix: takes 12p.\n"),
        "{}",
        out.stdout
    );
}
