//! `kado kinkado odds` and `kado kinkado census`, through the real binary.

use crate::common::*;

#[test]
fn census_of_two_cards_human() {
    Test::new()
        .args(["kinkado", "census", "2"])
        .stdout(
            r#"All 1,431 hands of 2 cards from the 54-card pack, each scored as ALORA scores hers:
┌─────────────────┬──────┬───────┬─────────────┐
│ Category        ┆ Tier ┆ Hands ┆ Probability │
╞═════════════════╪══════╪═══════╪═════════════╡
│ Straight flush  ┆ 3    ┆ 0     ┆ 0.000000    │
│ Four of a kind  ┆ 3    ┆ 0     ┆ 0.000000    │
│ Full house      ┆ 3    ┆ 0     ┆ 0.000000    │
│ Flush           ┆ 2    ┆ 0     ┆ 0.000000    │
│ Straight        ┆ 2    ┆ 0     ┆ 0.000000    │
│ Three of a kind ┆ 2    ┆ 0     ┆ 0.000000    │
│ Two pair        ┆ 1    ┆ 0     ┆ 0.000000    │
│ One pair        ┆ 1    ┆ 183   ┆ 0.127883    │
│ High card       ┆ 1    ┆ 1,248 ┆ 0.872117    │
│ Tier 3          ┆      ┆ 0     ┆ 0.000000    │
│ Tier 2          ┆      ┆ 0     ┆ 0.000000    │
│ Tier 1          ┆      ┆ 1,431 ┆ 1.000000    │
└─────────────────┴──────┴───────┴─────────────┘
"#,
        )
        .run();
}

#[test]
fn census_json_counts_by_hand() {
    // 1431 two-card hands: 78 plain pairs, 104 card-and-joker pairs, one pair of jokers.
    let v = json(&["kinkado", "census", "2"]);
    assert_eq!(v["n"], 2);
    assert_eq!(v["hands"], 1431);
    assert_eq!(v["tiers"]["1"], 1431);
    assert_eq!(v["tiers"]["2"], 0);
    assert_eq!(v["categories"]["high_card"], 1248);
    assert_eq!(v["categories"]["one_pair"], 183);
    let v = json(&["kinkado", "census", "5", "--threads", "1"]);
    assert_eq!(v["hands"], 3_162_510);
    let sum: u64 = v["categories"]
        .as_object()
        .unwrap()
        .values()
        .map(|x| x.as_u64().unwrap())
        .sum();
    assert_eq!(sum, 3_162_510);
}

#[test]
fn census_errors() {
    Test::new().args(["kinkado", "census", "9"]).status(2).stderr("error: a census covers hands of 2 to 7 cards, not 9\n --> argument N, column 1\n  |\n1 | 9\n  | ^\n").run();
}

#[test]
fn odds_exact_human_and_json() {
    let args = [
        "kinkado",
        "odds",
        "--hand",
        "KS KH KD KC 9S",
        "--alora-shown",
        "QS QH 5D 5C",
        "--alora-hidden",
        "1",
    ];
    Test::new().args(args).stdout("Play K♠ K♥ K♦ K♣ 9♠: Four of a kind — tier 3, sum $89\nAgainst ALORA (Q♠ Q♥ 5♦ 5♣ face up, 1 face down, from 45 unseen cards):\n  win 100.00%   tie 0.00%   lose 0.00%   (a tie goes to the higher bet, to ALORA if equal)\nExact: each of the 45 possible deals counted once.\n").run();
    let v = json(&args);
    assert_eq!(v["win"], 1.0);
    assert_eq!(v["tie"], 0.0);
    assert_eq!(v["lose"], 0.0);
    assert_eq!(v["samples"], 45);
    assert_eq!(v["stderr"], 0.0);
    assert_eq!(v["method"], "exact");
    assert_eq!(v["tie_goes_to"], "higher-bet");
    assert_eq!(v["play"], serde_json::json!(["KS", "KH", "KD", "KC", "9S"]));
}

#[test]
fn odds_sampling_is_repeatable_by_seed() {
    let args = [
        "kinkado",
        "odds",
        "--hand",
        "9S 9H 2C",
        "--samples",
        "5000",
        "--seed",
        "42",
    ];
    let a = json(&args);
    let b = json(&args);
    assert_eq!(a, b);
    assert_eq!(a["method"], "monte-carlo");
    assert_eq!(a["samples"], 5000);
    assert_eq!(a["seed"], 42);
    let p = a["win"].as_f64().unwrap() + a["tie"].as_f64().unwrap() + a["lose"].as_f64().unwrap();
    assert!((p - 1.0).abs() < 1e-9);
}

#[test]
fn odds_reports_every_problem() {
    let err = bad(&["kinkado", "odds", "--hand", "KS KS", "--samples", "x"]);
    assert_eq!(
        err,
        "error: `x` is not a number of deals\n --> --samples, column 1\n  |\n1 | x\n  | ^\n  = expected: a number of deals, such as 5\n\nerror: K♠ is named twice: one pack holds one K♠\n --> --hand, column 4\n  |\n1 | KS KS\n  |    ^^\n  = help: the first K♠ is at column 1\n\n2 problems found\n"
    );
}

#[test]
fn simulate_is_reproducible_by_seed_and_threads() {
    let a = json(&[
        "kinkado",
        "simulate",
        "--games",
        "6",
        "--seed",
        "3",
        "--threads",
        "1",
    ]);
    let b = json(&[
        "kinkado",
        "simulate",
        "--games",
        "6",
        "--seed",
        "3",
        "--threads",
        "2",
    ]);
    assert_eq!(a, b);
    let c = json(&["kinkado", "simulate", "--games", "6", "--seed", "4"]);
    assert_ne!(a, c);
    assert_eq!(a["games"], 6);
    assert_eq!(a["policy"], "cautious");
    let total = a["alora_wins"].as_u64().unwrap()
        + a["player_wins"].as_u64().unwrap()
        + a["ties"].as_u64().unwrap();
    assert_eq!(total, 6);
    let hist: u64 = a["player_money"]["histogram"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b[2].as_u64().unwrap())
        .sum();
    assert_eq!(hist, 6);
    assert_eq!(a["deciding_rounds"].as_array().unwrap().len(), 9);
    let g = json(&[
        "kinkado", "simulate", "--games", "6", "--seed", "3", "--policy", "greedy",
    ]);
    assert_eq!(g["policy"], "greedy");
}

#[test]
fn simulate_human_output() {
    let Output { stdout: out, .. } = Test::new()
        .args(["kinkado", "simulate", "--games", "4", "--seed", "1"])
        .any_stdout()
        .run();
    assert!(
        out.starts_with(
            "4 solo games against ALORA, cautious player, seed 1, ruleset kinkado\nALORA wins "
        ),
        "{out}"
    );
    assert!(out.contains("The player's money at the end:\n"), "{out}");
    assert!(
        out.contains("The round after which the winner led for good:\n  round 1 "),
        "{out}"
    );
}

#[test]
fn simulate_errors() {
    let err = bad(&["kinkado", "simulate", "--games", "0", "--threads", "0"]);
    assert_eq!(
        err,
        "error: play between 1 and 10000000 games, not 0\n --> --games, column 1\n  |\n1 | 0\n  | ^\n\nerror: at least one thread is needed\n --> --threads, column 1\n  |\n1 | 0\n  | ^\n\n2 problems found\n"
    );
}

#[test]
fn odds_say_who_takes_a_tie() {
    // A pair of kings against ALORA's K♦ and one face-down card: the other king or a
    // joker ties ($40), 3 deals of 51.
    let args = [
        "--explain",
        "kinkado",
        "odds",
        "--hand",
        "KS KH",
        "--alora-shown",
        "KD",
        "--alora-hidden",
        "1",
    ];
    Test::new().args(args).stdout("Play K♠ K♥: One pair — tier 1, sum $40
Against ALORA (K♦ face up, 1 face down, from 51 unseen cards):
  win 94.12%   tie 5.88%   lose 0.00%   (a tie goes to the higher bet, to ALORA if equal)
Exact: each of the 51 possible deals counted once.

Why:
  - Hands rank by tier, then by the sum of the cards played.
  - A tie of tier and sum goes to whoever bet more, and to ALORA when the bets are equal: it is a win only if you bet more than she does. [ruling alora-ties: after-bets]
  - ALORA plays the best hand she can make from all her cards, face down ones too.
  - Her face-down cards may be any cards you cannot see, each set equally likely.
").run();
    let (_dir, on_sum) = on_sum_rules();
    let mut house = vec!["--rules", on_sum.as_str()];
    house.extend(args);
    Test::new().args(&house).stdout_has("  win 94.12%   tie 5.88%   lose 0.00%   (ALORA wins ties)\n").stdout_has("  - A tie of tier and sum goes to ALORA whatever the bets: it counts as a loss for you. [ruling alora-ties: on-sum]\n").run();
    let after = json(&args);
    let before = json(&house);
    assert_eq!(
        (
            after["tie_goes_to"].as_str(),
            before["tie_goes_to"].as_str()
        ),
        (Some("higher-bet"), Some("alora"))
    );
    // The counts are the same; only who takes a tie differs.
    for k in ["win", "tie", "lose", "samples"] {
        assert_eq!(after[k], before[k], "{k}");
    }
    assert_eq!(after["samples"], 51);
}

#[test]
fn simulate_follows_the_alora_ties_ruling() {
    let (_dir, on_sum) = on_sum_rules();
    let args = [
        "--explain",
        "kinkado",
        "simulate",
        "--games",
        "40",
        "--seed",
        "1",
        "--policy",
        "greedy",
    ];
    let mut house = vec!["--rules", on_sum.as_str()];
    house.extend(args);
    let after = json(&args);
    let before = json(&house);
    assert!(explained_rulings(&after).contains(&"alora-ties: after-bets".to_string()));
    assert!(explained_rulings(&before).contains(&"alora-ties: on-sum".to_string()));
    // The games are played under every ruling they read, and no other.
    let mut named: Vec<String> = explained_rulings(&after)
        .iter()
        .map(|r| r.split(':').next().unwrap_or("").to_string())
        .collect();
    named.sort();
    named.dedup();
    assert_eq!(
        named,
        [
            "ace-straights",
            "alora-buy",
            "alora-cards",
            "alora-face-up",
            "alora-sum",
            "alora-ties",
            "bank-bet",
            "buy-sources",
            "game-tie",
            "joker-duplicates",
            "joker-sum",
            "sell-turns",
            "solo-first",
        ]
    );
    // Some of these games have a reveal where the bets now decide an equal hand.
    assert_ne!(after["player_money"], before["player_money"]);
}
