//! Kin Kādo referee through the binary: exact human and JSON output.

use crate::common::*;
use serde_json::json;

fn human(args: &[&str]) -> String {
    Test::new().args(args).any_stdout().run().stdout
}

#[test]
fn hand_human_and_json() {
    Test::new()
        .args(["kinkado", "hand", "AS", "KS", "QS", "JS", "JK"])
        .stdout("A♠ K♠ Q♠ J♠ 🃏: Straight flush — tier 3, sum $66\nJokers: 🃏 as 10♠\n")
        .run();
    Test::new().arg("--json").args(["kinkado", "hand", "AsKsQsJsJk"]).stdout_json(json!({"cards": ["AS", "KS", "QS", "JS", "JK"], "category": "straight_flush", "jokers": ["10S"], "sum": 66, "tier": 3})).run();
    // Tier beats sum: three 2s are tier 2.
    Test::new()
        .args(["kinkado", "hand", "2♠ 2♥ 2♣"])
        .stdout("2♠ 2♥ 2♣: Three of a kind — tier 2, sum $6\n")
        .run();
    // Four cards make no straight.
    assert_eq!(
        json(&["kinkado", "hand", "2H 3H 4H 5H"])["category"],
        "high_card"
    );
}

#[test]
fn rulings_switch_through_house_files() {
    let v = json(&["kinkado", "hand", "3S", "3H", "JK"]);
    assert_eq!(
        (v["sum"].as_u64(), v["jokers"][0].as_str()),
        (Some(26), Some("3C"))
    );
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("h.yaml");
    std::fs::write(
        &f,
        "base: kinkado\nrulings:\n  joker-sum: as-chosen\n  ace-straights: low-only\n",
    )
    .unwrap();
    let rules = f.to_str().unwrap();
    let v = json(&["--rules", rules, "kinkado", "hand", "3S", "3H", "JK"]);
    assert_eq!(v["sum"], 9);
    let v = json(&[
        "--rules", rules, "kinkado", "hand", "10S", "JH", "QC", "KD", "AS",
    ]);
    assert_eq!(v["category"], "high_card");
    let v = json(&["kinkado", "hand", "10S", "JH", "QC", "KD", "AS"]);
    assert_eq!(v["category"], "straight");
}

#[test]
fn explain_names_the_rulings() {
    // The joker stands for a 5 but counts $20: joker-sum decides the sum.
    let out = human(&["--explain", "kinkado", "hand", "5S", "5H", "JK"]);
    assert!(out.contains("Why:\n"), "{out}");
    assert!(out.contains("[ruling joker-sum: face-value]"), "{out}");
    // As a king it counts $20 either way: no ruling decides.
    let out = human(&["--explain", "kinkado", "hand", "KS", "KH", "JK"]);
    assert!(!out.contains("[ruling"), "{out}");
    let v = json(&["--explain", "kinkado", "round", "6"]);
    assert_eq!(v["joker_joins_pool"], true);
    assert_eq!(v["explain"].as_array().map(Vec::len), Some(2));
}

#[test]
fn alora_hand() {
    Test::new().args(["kinkado", "alora", "hand", "7S 7H 2C KD KS JK 4H"]).stdout("ALORA holds 7♠ 7♥ 2♣ K♦ K♠ 🃏 4♥\nShe plays 7♠ 7♥ K♦ K♠ 🃏: Full house — tier 3, sum $74\nJokers: 🃏 as K♣\n").run();
    Test::new().arg("--json").args(["kinkado", "alora", "hand", "7S 7H 2C KD KS JK 4H"]).stdout_json(json!({"cards": ["7S","7H","2C","KD","KS","JK","4H"], "category": "full_house", "jokers": ["KC"],
               "played": ["7S","7H","KD","KS","JK"], "sum": 74, "tier": 3})).run();
    // One card is a hand for ALORA.
    assert_eq!(json(&["kinkado", "alora", "hand", "5S"])["sum"], 5);
}

#[test]
fn alora_sell() {
    Test::new().args(["kinkado", "alora", "sell", "7S 7H 7D KS QS JC 10C"]).stdout("Move 2 of 7♠ 7♥ 7♦ (equal value, your pick) to the market.\nThe bank pays ALORA $14.\n").run();
    Test::new()
        .arg("--json")
        .args(["kinkado", "alora", "sell", "KS 2H 9C 3D QS 7H 10C"])
        .stdout_json(json!({"sell": ["2H", "3D"], "choose": null, "proceeds": 5}))
        .run();
    Test::new()
        .arg("--json")
        .args(["kinkado", "alora", "sell", "2S 10H JD KS"])
        .stdout_json(
            json!({"sell": ["2S"], "choose": {"count": 1, "from": ["10H", "JD"]}, "proceeds": 12}),
        )
        .run();
}

#[test]
fn alora_buy() {
    Test::new().args([
            "kinkado",
            "alora",
            "buy",
            "--market",
            "2S,7H,KD,5C",
            "--stash",
            "50"
        ]).stdout("Move K♦ from the market to ALORA and $20 from her stash to the prize pool.\nDeal ALORA 1 card from the deck, face down.\nHer stash: $30.\n").run();
    Test::new().args([
            "kinkado", "alora", "buy", "--market", "KD,8S", "--stash", "10"
        ]).stdout("ALORA buys nothing from the market.\nDeal ALORA 2 cards from the deck, face down.\nHer stash: $10.\n").run();
    Test::new().arg("--json").args([
            "kinkado", "alora", "buy", "--market", "KD,KS,8S", "--stash", "$50"
        ]).stdout_json(json!({"buy": "KS", "choose_from": ["KD"], "cost": 20, "free_draws": 1, "stash_after": 30})).run();
    Test::new()
        .arg("--json")
        .args(["kinkado", "alora", "buy", "--market", "", "--stash", "50"])
        .stdout_json(
            json!({"buy": null, "choose_from": [], "cost": 0, "free_draws": 2, "stash_after": 50}),
        )
        .run();
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("h.yaml");
    std::fs::write(
        &f,
        "base: kinkado\nrulings:\n  alora-buy: best-affordable\n",
    )
    .unwrap();
    let v = json(&[
        "--rules",
        f.to_str().unwrap(),
        "kinkado",
        "alora",
        "buy",
        "--market",
        "KD,8S",
        "--stash",
        "10",
    ]);
    assert_eq!(
        v,
        json!({"buy": "8S", "choose_from": [], "cost": 8, "free_draws": 1, "stash_after": 2})
    );
}

#[test]
fn alora_bet() {
    Test::new().args(["kinkado", "alora", "bet", "--round", "9", "--stash", "20"]).stdout("ALORA cannot afford $25: the bank bets $25 for ALORA. Her stash stays $20.\n(The round minimum is $25.)\n").run();
    Test::new().args([
            "kinkado",
            "alora",
            "bet",
            "--round",
            "4",
            "--stash",
            "50",
            "--face-up",
            "KH,3S"
        ]).stdout("ALORA bets $20: move it from her stash to her bet. Her stash: $30.\n(Her best face-up card, K♥, is worth more than the round minimum $5.)\n").run();
    Test::new().arg("--json").args(["kinkado", "alora", "bet", "--round", "9", "--stash", "20"]).stdout_json(json!({"bet": 25, "minimum": 25, "paid_by": "bank", "stash_after": 20, "best_face_up": null})).run();
}

#[test]
fn round_tracker() {
    Test::new().args(["kinkado", "round", "3"]).stdout("Round 3: minimum bet $1.\nA joker joins the prize pool this round (it lies under this round's chip).\n").run();
    Test::new()
        .arg("--json")
        .args(["kinkado", "round", "8"])
        .stdout_json(json!({"round": 8, "minimum_bet": 25, "joker_joins_pool": false}))
        .run();
}

#[test]
fn showdown_winner_takes_all() {
    let args = [
        "kinkado",
        "showdown",
        "--seat",
        "ana=KS,KH@5",
        "--seat",
        "bo=2S2H2C@10",
        "--alora",
        "3S 3H 3C 9D 4S@10",
        "--pool",
        "12",
        "--pool-cards",
        "JK",
    ];
    Test::new().args(args).stdout("┌─────────┬────────────────┬─────────────────┬──────┬─────┬─────┬──────────┐
│ Seat    ┆ Cards          ┆ Hand            ┆ Tier ┆ Sum ┆ Bet ┆ Receives │
╞═════════╪════════════════╪═════════════════╪══════╪═════╪═════╪══════════╡
│ ana     ┆ K♠ K♥          ┆ one pair        ┆ 1    ┆ $40 ┆ $5  ┆ $0       │
│ bo      ┆ 2♠ 2♥ 2♣       ┆ three of a kind ┆ 2    ┆ $6  ┆ $10 ┆ $0       │
│ alora ★ ┆ 3♠ 3♥ 3♣ 9♦ 4♠ ┆ three of a kind ┆ 2    ┆ $22 ┆ $10 ┆ $47      │
└─────────┴────────────────┴─────────────────┴──────┴─────┴─────┴──────────┘
alora wins (highest sum in the tier): takes the prize pool ($12 and 🃏) and every bet, and the bank pays alora $10.
").run();
    Test::new().arg("--json").args(args).stdout_json(json!({
            "winners": ["alora"], "bank_paid": 10, "bank_took_back": 0, "decided_by": "sum",
            "hands": {
                "alora": {"category": "three_of_a_kind", "tier": 2, "sum": 22, "played": ["3S","3H","3C","9D","4S"]},
                "ana": {"category": "one_pair", "tier": 1, "sum": 40},
                "bo": {"category": "three_of_a_kind", "tier": 2, "sum": 6}
            },
            "payouts": {"alora": 47, "ana": 0, "bo": 0}, "pool_cards_to": "alora", "pool_left": 0
        })).run();
}

#[test]
fn showdown_split_by_chip_and_by_value() {
    let args = [
        "kinkado",
        "showdown",
        "--seat",
        "ana=KS,KH@1",
        "--seat",
        "bo=KD,KC@1",
        "--pool",
        "32",
        "--pool-chips",
        "25,5,1,1",
        "--pool-cards",
        "JK",
    ];
    Test::new().args(args).stdout("┌───────┬───────┬──────────┬──────┬─────┬─────┬──────────┐
│ Seat  ┆ Cards ┆ Hand     ┆ Tier ┆ Sum ┆ Bet ┆ Receives │
╞═══════╪═══════╪══════════╪══════╪═════╪═════╪══════════╡
│ ana ★ ┆ K♠ K♥ ┆ one pair ┆ 1    ┆ $40 ┆ $1  ┆ $3       │
│ bo ★  ┆ K♦ K♣ ┆ one pair ┆ 1    ┆ $40 ┆ $1  ┆ $3       │
└───────┴───────┴──────────┴──────┴─────┴─────┴──────────┘
ana and bo split the pot; the bank pays each their own bet ($2 in all). $30 stays in the prize pool, with 🃏.
").run();
    let v = json(&args);
    assert_eq!(
        (
            v["pool_left"].as_u64(),
            v["pool_cards_to"].is_null(),
            v["decided_by"].as_str()
        ),
        (Some(30), true, Some("split"))
    );
    // Without the chips: by value, $34 shared, $17 each plus the bank's $1.
    let v = json(&[
        "kinkado",
        "showdown",
        "--seat",
        "ana=KS,KH@1",
        "--seat",
        "bo=KD,KC@1",
        "--pool",
        "32",
    ]);
    assert_eq!(v["payouts"], json!({"ana": 18, "bo": 18}));
    assert_eq!(v["pool_left"], 0);
}

#[test]
fn showdown_ties_and_the_bank() {
    // Equal hands: the higher bet wins.
    let v = json(&[
        "kinkado",
        "showdown",
        "--seat",
        "ana=KS,KH@5",
        "--seat",
        "bo=KD,KC@7",
        "--pool",
        "10",
    ]);
    assert_eq!(
        (v["winners"].clone(), v["decided_by"].clone()),
        (json!(["bo"]), json!("bet"))
    );
    // ALORA wins a tie of tier, sum and bet, where players would split.
    let v = json(&[
        "kinkado",
        "showdown",
        "--seat",
        "ana=KS,KH@5",
        "--alora",
        "KD KC@5",
        "--pool",
        "3",
    ]);
    assert_eq!(v["winners"], json!(["alora"]));
    assert_eq!(v["decided_by"], "alora-wins-ties");
    assert_eq!(v["payouts"]["alora"], 3 + 10 + 5);
    // The bank placed ALORA's bet; by default it is in the pot.
    let v = json(&[
        "kinkado",
        "showdown",
        "--seat",
        "ana=KS,KH@5",
        "--alora",
        "2S 3D@25",
        "--bank-bet",
        "--pool",
        "0",
    ]);
    assert_eq!(v["payouts"]["ana"], 35);
}

/// The reveal of issue 16 (round 2 of `kado kinkado play --deck virtual --seed 15`):
/// equal flushes worth $44, the player bets $25 and ALORA $20.
const EQUAL_FLUSHES: [&str; 10] = [
    "kinkado",
    "showdown",
    "--seat",
    "ana=10C 2C 7C JC QC@25",
    "--alora",
    "JH KH 3H 6H 5H@20",
    "--pool",
    "3",
    "--pool-cards",
    "3D",
];

#[test]
fn showdown_alora_ties_after_bets_by_default() {
    Test::new().args(EQUAL_FLUSHES).stdout("┌───────┬─────────────────┬───────┬──────┬─────┬─────┬──────────┐
│ Seat  ┆ Cards           ┆ Hand  ┆ Tier ┆ Sum ┆ Bet ┆ Receives │
╞═══════╪═════════════════╪═══════╪══════╪═════╪═════╪══════════╡
│ ana ★ ┆ 10♣ 2♣ 7♣ J♣ Q♣ ┆ flush ┆ 2    ┆ $44 ┆ $25 ┆ $73      │
│ alora ┆ J♥ K♥ 3♥ 6♥ 5♥  ┆ flush ┆ 2    ┆ $44 ┆ $20 ┆ $0       │
└───────┴─────────────────┴───────┴──────┴─────┴─────┴──────────┘
ana wins (equal hands, highest bet): takes the prize pool ($3 and 3♦) and every bet, and the bank pays ana $25.
").run();
    Test::new().arg("--json").args(EQUAL_FLUSHES).stdout_json(json!({
            "winners": ["ana"], "bank_paid": 25, "bank_took_back": 0, "decided_by": "bet",
            "hands": {
                "alora": {"category": "flush", "tier": 2, "sum": 44, "played": ["JH","KH","3H","6H","5H"]},
                "ana": {"category": "flush", "tier": 2, "sum": 44}
            },
            "payouts": {"alora": 0, "ana": 73}, "pool_cards_to": "ana", "pool_left": 0
        })).run();
    let mut args = vec!["--explain"];
    args.extend(EQUAL_FLUSHES);
    let out = human(&args);
    assert!(
        out.contains("  - Equal tier and sum, ALORA among them: the highest bet wins; her tie-break comes only after the bets. [ruling alora-ties: after-bets]\n"),
        "{out}"
    );
    assert!(explained_rulings(&json(&args)).contains(&"alora-ties: after-bets".to_string()));
}

#[test]
fn showdown_alora_ties_on_sum_through_house_rules() {
    let (_dir, rules) = on_sum_rules();
    let mut args = vec!["--rules", rules.as_str()];
    args.extend(EQUAL_FLUSHES);
    Test::new().args(&args).stdout("┌─────────┬─────────────────┬───────┬──────┬─────┬─────┬──────────┐
│ Seat    ┆ Cards           ┆ Hand  ┆ Tier ┆ Sum ┆ Bet ┆ Receives │
╞═════════╪═════════════════╪═══════╪══════╪═════╪═════╪══════════╡
│ ana     ┆ 10♣ 2♣ 7♣ J♣ Q♣ ┆ flush ┆ 2    ┆ $44 ┆ $25 ┆ $0       │
│ alora ★ ┆ J♥ K♥ 3♥ 6♥ 5♥  ┆ flush ┆ 2    ┆ $44 ┆ $20 ┆ $68      │
└─────────┴─────────────────┴───────┴──────┴─────┴─────┴──────────┘
alora wins (equal hands, ALORA wins ties): takes the prize pool ($3 and 3♦) and every bet, and the bank pays alora $20.
").run();
    Test::new().arg("--json").args(&args).stdout_json(json!({
            "winners": ["alora"], "bank_paid": 20, "bank_took_back": 0, "decided_by": "alora-wins-ties",
            "hands": {
                "alora": {"category": "flush", "tier": 2, "sum": 44, "played": ["JH","KH","3H","6H","5H"]},
                "ana": {"category": "flush", "tier": 2, "sum": 44}
            },
            "payouts": {"alora": 68, "ana": 0}, "pool_cards_to": "alora", "pool_left": 0
        })).run();
    args.insert(0, "--explain");
    let v = json(&args);
    assert_eq!(
        v["explain"][3],
        json!({
            "rule": "ALORA is level with another hand on tier and sum: she wins the tie whatever was bet, and shares nothing.",
            "rulings": [{"id": "alora-ties", "choice": "on-sum"}]
        })
    );
    // Equal bets too: the default ruling gives her the round as well, saying why.
    let v = json(&[
        "--explain",
        "kinkado",
        "showdown",
        "--seat",
        "ana=10C 2C 7C JC QC@20",
        "--alora",
        "JH KH 3H 6H 5H@20",
        "--pool",
        "3",
    ]);
    assert_eq!(
        (v["winners"].clone(), v["decided_by"].clone()),
        (json!(["alora"]), json!("alora-wins-ties"))
    );
    assert_eq!(
        v["explain"][3]["rule"],
        "Equal tier, sum and bet, ALORA among them: where the pot would be split, ALORA wins it alone."
    );
    // No tie with ALORA: the ruling is not named.
    let v = json(&[
        "--explain",
        "kinkado",
        "showdown",
        "--seat",
        "ana=KS,KH@5",
        "--alora",
        "QS QH@5",
        "--pool",
        "0",
    ]);
    assert!(
        !explained_rulings(&v)
            .iter()
            .any(|r| r.starts_with("alora-ties"))
    );
}

#[test]
fn showdown_alora_ties_with_several_players() {
    // ana, bo and ALORA all show flushes worth $44 (as the ruleset's notes work through).
    let (_dir, on_sum) = on_sum_rules();
    let run_bets = |rules: &str, ana: u32, bo: u32, alora: u32| {
        let ana = format!("ana=10C 2C 7C JC QC@{ana}");
        let bo = format!("bo=KS 9S 8S 4S 3S@{bo}");
        let alora = format!("JH KH 3H 6H 5H@{alora}");
        let v = json(&[
            "--rules", rules, "kinkado", "showdown", "--seat", &ana, "--seat", &bo, "--alora",
            &alora, "--pool", "3",
        ]);
        (v["winners"].clone(), v["decided_by"].clone())
    };
    // (bets of ana, bo, ALORA) → under after-bets, then under on-sum.
    let cases = [
        (
            (25, 10, 20),
            (json!(["ana"]), "bet"),
            (json!(["alora"]), "alora-wins-ties"),
        ),
        (
            (25, 25, 20),
            (json!(["ana", "bo"]), "split"),
            (json!(["alora"]), "alora-wins-ties"),
        ),
        (
            (20, 20, 20),
            (json!(["alora"]), "alora-wins-ties"),
            (json!(["alora"]), "alora-wins-ties"),
        ),
        (
            (20, 10, 20),
            (json!(["alora"]), "alora-wins-ties"),
            (json!(["alora"]), "alora-wins-ties"),
        ),
        (
            (10, 5, 25),
            (json!(["alora"]), "bet"),
            (json!(["alora"]), "alora-wins-ties"),
        ),
    ];
    for ((a, b, c), after, on) in cases {
        assert_eq!(
            run_bets("kinkado", a, b, c),
            (after.0, json!(after.1)),
            "{a} {b} {c}"
        );
        assert_eq!(
            run_bets(&on_sum, a, b, c),
            (on.0, json!(on.1)),
            "{a} {b} {c}"
        );
    }
}

#[test]
fn showdown_split_alora_has_bet_herself_out_of() {
    // ana, bo and ALORA show flushes worth $44; ALORA bet less, and her bet goes into the
    // shared pot.
    let args = [
        "--explain",
        "kinkado",
        "showdown",
        "--seat",
        "ana=10C 2C 7C JC QC@25",
        "--seat",
        "bo=KS 9S 8S 4S 3S@25",
        "--alora",
        "JH KH 3H 6H 5H@20",
        "--pool",
        "3",
        "--pool-chips",
        "1,1,1",
        "--pool-cards",
        "3D",
    ];
    let out = human(&args);
    assert!(
        out.starts_with(
            "┌───────┬─────────────────┬───────┬──────┬─────┬─────┬──────────┐
│ Seat  ┆ Cards           ┆ Hand  ┆ Tier ┆ Sum ┆ Bet ┆ Receives │
╞═══════╪═════════════════╪═══════╪══════╪═════╪═════╪══════════╡
│ ana ★ ┆ 10♣ 2♣ 7♣ J♣ Q♣ ┆ flush ┆ 2    ┆ $44 ┆ $25 ┆ $61      │
│ bo ★  ┆ K♠ 9♠ 8♠ 4♠ 3♠  ┆ flush ┆ 2    ┆ $44 ┆ $25 ┆ $61      │
│ alora ┆ J♥ K♥ 3♥ 6♥ 5♥  ┆ flush ┆ 2    ┆ $44 ┆ $20 ┆ $0       │
└───────┴─────────────────┴───────┴──────┴─────┴─────┴──────────┘
ana and bo split the pot; the bank pays each their own bet ($50 in all). $1 stays in the prize pool, with 3♦.
"
        ),
        "{out}"
    );
    assert!(
        out.contains("  - Equal tier and sum, ALORA among them but with a lower bet: she is out, and the players level on tier, sum and the highest bet split the pot. [ruling alora-ties: after-bets]\n"),
        "{out}"
    );
    // $3 in $1 chips split two ways leaves $1 by chip and by value alike: split plays
    // no part.
    assert!(!out.contains("split: by-chip"), "{out}");
}

#[test]
fn alora_with_room_for_one_card_under_alora_last_room() {
    let dir = tempfile::tempdir().unwrap();
    let house = dir.path().join("free.yaml");
    std::fs::write(
        &house,
        "base: kinkado\nrulings:\n  alora-last-room: free-card\n",
    )
    .unwrap();
    let args = [
        "kinkado",
        "alora",
        "buy",
        "--market",
        "9D",
        "--stash",
        "50",
        "--holding",
        "6",
    ];
    // Default (buy): she buys and has no room for a free card.
    Test::new().args(args).stdout("Move 9♦ from the market to ALORA and $9 from her stash to the prize pool.\nHer stash: $41.\n").run();
    // free-card: the free card comes first, and the explanation names the ruling.
    let mut with = vec!["--rules", house.to_str().unwrap(), "--explain"];
    with.extend(args);
    let Output { stdout: out, .. } = Test::new().args(&with).any_stdout().run();
    assert!(
        out.starts_with("ALORA buys nothing from the market.\nDeal ALORA 1 card from the deck, face down.\nHer stash: $50.\n"),
        "{out}"
    );
    assert!(out.contains("  - With room for one card only, she draws her free card and buys nothing. [ruling alora-last-room: free-card]\n"), "{out}");
}
