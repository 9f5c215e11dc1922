//! `kado kinkado advise`, `hint` at the play prompts and `simulate --policy advisor`,
//! through the real binary.

use crate::common::*;

const BET: &[&str] = &[
    "kinkado",
    "advise",
    "--phase",
    "bet",
    "--round",
    "6",
    "--hand",
    "KS KH 9D 4C 2S",
    "--stash",
    "40",
    "--alora-shown",
    "QS 7H 7D 4D 3S",
    "--alora-hidden",
    "2",
    "--alora-stash",
    "45",
    "--alora-first",
    "--market",
    "2H 5C",
    "--pool",
    "17",
];

#[test]
fn bet_advice_human_is_exact() {
    let mut args = BET.to_vec();
    args.extend(["--top", "3"]);
    Test::new().args(&args).stdout("Round 6, bet: bet $25 (type `25`)
┌─────────┬───────────┬────────┬────────┬───────┐
│ Move    ┆ Win round ┆ Money  ┆ Lead   ┆ Game  │
╞═════════╪═══════════╪════════╪════════╪═══════╡
│ bet $25 ┆ 75.1%     ┆ +$36.6 ┆ +$33.7 ┆ 61.7% │
│ bet $24 ┆ 75.1%     ┆ +$36.1 ┆ +$33.5 ┆ 61.6% │
│ bet $23 ┆ 75.1%     ┆ +$35.6 ┆ +$33.2 ┆ 61.5% │
└─────────┴───────────┴────────┴────────┴───────┘
… and 13 more (--json lists them all).
Exact: every set of ALORA's face-down cards counted once (861 of them, from 42 unseen cards).
Money and Lead: your stash and your lead over ALORA at the end of the round, less now. Game: the chance to end the game ahead, which ranks the moves.
").run();
}

#[test]
fn bet_advice_json_lists_every_bet() {
    let v = json(BET);
    assert_eq!(v["decision"], "bet");
    assert_eq!(
        (v["exact"].as_bool(), v["deals"].as_u64()),
        (Some(true), Some(861))
    );
    assert!(v["seed"].is_null());
    let c = v["candidates"].as_array().unwrap();
    // $10 (round 6's minimum) to $25.
    assert_eq!(c.len(), 16);
    assert_eq!(
        c[0]["move"],
        serde_json::json!({"kind": "bet", "amount": 25})
    );
    assert_eq!(c[0]["answer"], "25");
    assert_eq!(c[0]["win"]["plus_minus"], 0.0);
    // 647 of the 861 sets of her two face-down cards lose to K K 9 4 2 or tie with it.
    assert!((c[0]["win"]["mean"].as_f64().unwrap() - 647.0 / 861.0).abs() < 1e-12);
    let games: Vec<f64> = c
        .iter()
        .map(|m| m["game"]["mean"].as_f64().unwrap())
        .collect();
    assert!(games.windows(2).all(|w| w[0] >= w[1]), "best first");
}

#[test]
fn sell_advice_is_sampled_and_repeatable() {
    let args = [
        "kinkado",
        "advise",
        "--phase",
        "sell",
        "--hand",
        "5D 8D QC 8S 4D 5C 9H",
        "--pool",
        "1",
        "--pool-cards",
        "7C",
        "--samples",
        "200",
        "--seed",
        "5",
    ];
    let a = json(&args);
    assert_eq!(a, json(&args));
    assert_eq!(
        (a["exact"].as_bool(), a["seed"].as_u64()),
        (Some(false), Some(5))
    );
    assert_eq!(a["unseen"], 44);
    let c = a["candidates"].as_array().unwrap();
    assert_eq!(c.len(), 1 + 7 + 21 + 35);
    assert!(c.iter().any(|m| m["answer"] == "none"));
    assert!(c[0]["win"]["plus_minus"].as_f64().unwrap() > 0.0);
}

#[test]
fn play_advice_when_alora_has_shown_everything() {
    Test::new().args([
        "kinkado",
        "advise",
        "--phase",
        "play",
        "--round",
        "6",
        "--hand",
        "KS KH 9D 4C 2S",
        "--stash",
        "30",
        "--bet",
        "10",
        "--alora-shown",
        "QS 7H 7D 4D 3S",
        "--alora-hidden",
        "0",
        "--alora-bet",
        "15",
        "--alora-stash",
        "30",
        "--pool",
        "17",
        "--top",
        "2",
    ]).stdout("Round 6, play: play K♠ K♥ (type `KS KH`)
┌───────────────┬───────────┬────────┬────────┬───────┐
│ Move          ┆ Win round ┆ Money  ┆ Lead   ┆ Game  │
╞═══════════════╪═══════════╪════════╪════════╪═══════╡
│ play K♠ K♥    ┆ 100.0%    ┆ +$52.0 ┆ +$52.0 ┆ 71.1% │
│ play 2♠ K♠ K♥ ┆ 100.0%    ┆ +$52.0 ┆ +$52.0 ┆ 71.1% │
└───────────────┴───────────┴────────┴────────┴───────┘
… and 24 more (--json lists them all).
Exact: every set of ALORA's face-down cards counted once (1 of them, from 44 unseen cards).
Money and Lead: your stash and your lead over ALORA at the end of the round, less now. Game: the chance to end the game ahead, which ranks the moves.
").run();
}

#[test]
fn bad_positions_are_pointed_at() {
    // Every problem at once, each at its argument.
    let err = bad(&[
        "kinkado",
        "advise",
        "--phase",
        "sell",
        "--hand",
        "KS KH KS",
        "--samples",
        "0",
    ]);
    assert_eq!(
        err,
        "error: K♠ is named twice: one pack holds one K♠
 --> --hand, column 7
  |
1 | KS KH KS
  |       ^^
  = help: the first K♠ is at column 1

error: weigh each move on 1 to 200000 deals, not 0
 --> --samples, column 1
  |
1 | 0
  | ^

2 problems found
"
    );
    let err = bad(&[
        "kinkado", "advise", "--phase", "play", "--hand", "KS", "--round", "12",
    ]);
    assert!(err.contains("there is no round 12"), "{err}");
    assert!(
        err.contains("a hand is played with 2 to 5 cards: you hold 1"),
        "{err}"
    );
    let err = bad(&[
        "kinkado",
        "advise",
        "--phase",
        "bet",
        "--hand",
        "KS KH",
        "--alora-shown",
        "QS",
        "--alora-hidden",
        "60",
    ]);
    assert!(err.contains("ALORA holds at most 7 cards, not 61"), "{err}");
    let Output { stderr: err, .. } = Test::new()
        .args([
            "--json", "kinkado", "advise", "--phase", "bet", "--hand", "ZZ",
        ])
        .status(2)
        .any_stderr()
        .run();
    let v: serde_json::Value = serde_json::from_str(&err).unwrap();
    assert_eq!(v["problems"][0]["source"], "--hand");
}

#[test]
fn hint_at_a_play_prompt() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("g.yaml");
    let save = save.to_str().unwrap();
    Test::new()
        .args([
            "kinkado", "play", "--deck", "virtual", "--seed", "3", "--save", save,
        ])
        .stdin("hint\n4D 9H QC\nhint\nquit\n")
        .stdout_has("Round 1, sell: sell 4♦ 9♥ Q♣ (type `4D 9H QC`)\n")
        .stdout_has("Sampled: 5000 deals of the 44 unseen cards (seed 0); ± is a 95% interval.\n")
        .stdout_has("Round 1, buy: buy 3 deck cards (type `deck deck deck`)\n")
        .run();
    // A hint is not an answer: nothing was recorded for it.
    let (_, status, _) = run(&["--json", "kinkado", "status", save]);
    let v: serde_json::Value = serde_json::from_str(&status).unwrap();
    assert_eq!(v["phase"], "buy");
}

#[test]
fn hint_needs_a_virtual_pack() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("g.yaml");
    Test::new().args(["kinkado", "play", "--save", save.to_str().unwrap()]).stdin("KH\nhint\nquit\n").stdout_has("you sell up to 3 cards: hint\n✗ kado cannot see your cards with a real pack: ask `kado kinkado advise` with your hand.\nyou sell up to 3 cards: quit\n").run();
}

#[test]
fn simulate_with_the_advisor() {
    let Output { stdout: out, .. } = Test::new()
        .args([
            "kinkado", "simulate", "--games", "2", "--seed", "1", "--policy", "advisor",
        ])
        .any_stdout()
        .run();
    assert!(
        out.starts_with("2 solo games against ALORA, advisor player, seed 1, ruleset kinkado\n"),
        "{out}"
    );
    let v = json(&[
        "kinkado", "simulate", "--games", "2", "--seed", "1", "--policy", "advisor",
    ]);
    assert_eq!(v["policy"], "advisor");
}
