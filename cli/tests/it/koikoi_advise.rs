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
            "┌──────┬────────┬────────────┬──────────┬───────────────────────┐
│      ┆ Answer ┆ Points     ┆ Game     ┆ What it does          │
╞══════╪════════╪════════════╪══════════╪═══════════════════════╡
│ best ┆ 9p     ┆ +4.0 ± 2.3 ┆ 63% ± 6  ┆ takes 9a              │
│ 2    ┆ 3p     ┆ +3.0 ± 3.3 ┆ 61% ± 9  ┆ takes 3b              │
│ 3    ┆ 11p    ┆ -0.2 ± 3.7 ┆ 50% ± 10 ┆ lays 11p on the table │
│ 4    ┆ 1b     ┆ -0.6 ± 2.9 ┆ 49% ± 9  ┆ takes 1p              │
│ 5    ┆ 1r     ┆ -0.6 ± 3.4 ┆ 48% ± 9  ┆ takes 1p              │
│ 6    ┆ 2a     ┆ -0.7 ± 3.4 ┆ 48% ± 9  ┆ lays 2a on the table  │
│ 7    ┆ 5a     ┆ -1.1 ± 3.7 ┆ 47% ± 10 ┆ lays 5a on the table  │
│ 8    ┆ 7r     ┆ -1.2 ± 3.6 ┆ 46% ± 10 ┆ lays 7r on the table  │
└──────┴────────┴────────────┴──────────┴───────────────────────┘
Points: the round's points ana expects, over 20 deals of the cards unseen (seed 1; the opponent dealt none that would have taken more than a card they played), each round played out by the greedy policy; the same deals for every answer. Game: the chance, roughly, to win the game after the round, from the lead and the rounds left; it ranks the answers. ± is a 95% interval.
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
    assert_eq!(best, "10p");
    std::fs::remove_file(dir.path().join("s.yaml")).unwrap();
    let out = Test::new()
        .current_dir(dir.path())
        .args(play)
        .stdin(format!("{best}\nquit\n"))
        .any_stdout()
        .run();
    assert!(
        out.stdout
            .contains("ana plays: 10p\nana plays 10p: to the table.\n"),
        "{}",
        out.stdout
    );
}

/// kado's policy before it played by the chance to win the game stays for the
/// head-to-head: `shortlist`; the longer name keeps the columns in line. So does kado's
/// policy before it stopped weighing early: `kado-full`.
#[test]
fn simulate_plays_kado_against_its_former_policy() {
    Test::new()
        .args([
            "koikoi",
            "simulate",
            "--games",
            "2",
            "--seed",
            "1",
            "--policy",
            "kado,shortlist",
        ])
        .stdout(
            "2 games, kado against shortlist (seats swapped every other game), 12 rounds:
  kado      1 won (50.0%), average 55.0 points
  shortlist 1 won (50.0%), average 45.0 points
  0 drawn
",
        )
        .run();
    // kado weighing every choice in full, as it did before it stopped early: the same two
    // games as that policy played.
    Test::new()
        .args([
            "koikoi",
            "simulate",
            "--games",
            "2",
            "--seed",
            "1",
            "--policy",
            "kado-full,shortlist",
        ])
        .stdout(
            "2 games, kado-full against shortlist (seats swapped every other game), 12 rounds:
  kado-full 2 won (100.0%), average 70.5 points
  shortlist 0 won (0.0%), average 29.5 points
  0 drawn
",
        )
        .run();
    Test::new()
        .args([
            "koikoi",
            "simulate",
            "--games",
            "2",
            "--policy",
            "kado,best",
        ])
        .status(2)
        .stderr_has("random, greedy, eager, kado or shortlist")
        .run();
}
