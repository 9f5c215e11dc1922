//! Koi-Koi end to end: the real binary, exact output in both forms, exact errors.
//! Every expected score is worked out by hand from the rules (koikoi.md, Board Game
//! Arena's help); the comments say how.

use crate::common::*;
use serde_json::json;

/// A house-rules file for the Koi-Koi rulesets.
fn house(text: &str) -> tempfile::NamedTempFile {
    let f = tempfile::Builder::new().suffix(".yaml").tempfile().unwrap();
    std::fs::write(f.path(), text).unwrap();
    f
}

fn yaku_json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["koikoi", "yaku"];
    all.extend_from_slice(args);
    json(&all)
}

/// (name, points) of each yaku, then base, multiplier, total.
fn summary(v: &serde_json::Value) -> (Vec<(String, i64)>, i64, i64, i64) {
    let yaku = v["yaku"]
        .as_array()
        .unwrap()
        .iter()
        .map(|y| {
            (
                y["name"].as_str().unwrap().to_string(),
                y["points"].as_i64().unwrap(),
            )
        })
        .collect();
    (
        yaku,
        v["base"].as_i64().unwrap(),
        v["multiplier"].as_i64().unwrap(),
        v["total"].as_i64().unwrap(),
    )
}

fn y(list: &[(&str, i64)]) -> Vec<(String, i64)> {
    list.iter().map(|(n, p)| (n.to_string(), *p)).collect()
}

#[test]
fn four_brights_with_the_rain_man_and_both_viewing_yaku() {
    // Crane, curtain, moon and rain man: ame-shiko 7. The sake cup goes with the curtain
    // (hanami-zake 5) and with the moon (tsukimi-zake 5). 17 reaches 7: ×2 = 34.
    Test::new()
        .args(["koikoi", "yaku", "1b", "3b", "8b", "11b", "sake"])
        .stdout(
            "Captured: 1b crane, 3b curtain, 8b moon, 11b rain man, 9a sake cup
┌────────────────────────────────────────────┬────────┬─────────────────────────────────────────┐
│ Yaku                                       ┆ Points ┆ Cards                                   │
╞════════════════════════════════════════════╪════════╪═════════════════════════════════════════╡
│ ame_shiko (four brights with the rain man) ┆ 7      ┆ 1b crane, 3b curtain, 8b moon, 11b rain │
│                                            ┆        ┆ man                                     │
│ hanami_zake (cherry-blossom viewing)       ┆ 5      ┆ 3b curtain, 9a sake cup                 │
│ tsukimi_zake (moon viewing)                ┆ 5      ┆ 8b moon, 9a sake cup                    │
└────────────────────────────────────────────┴────────┴─────────────────────────────────────────┘
Base 17, multiplier ×2: 34 points
  ×2: the base total of 17 reaches 7
",
        )
        .run();
    let v = yaku_json(&["1b", "3b", "8b", "11b", "sake"]);
    assert_eq!(
        v,
        json!({
            "yaku": [
                {"name": "ame_shiko", "points": 7, "cards": ["1b", "3b", "8b", "11b"]},
                {"name": "hanami_zake", "points": 5, "cards": ["3b", "9a"]},
                {"name": "tsukimi_zake", "points": 5, "cards": ["8b", "9a"]}
            ],
            "base": 17,
            "multiplier": 2,
            "multiplier_reasons": ["×2: the base total of 17 reaches 7"],
            "total": 34,
            "notes": []
        })
    );
}

#[test]
fn the_rain_man_never_makes_three_brights() {
    Test::new()
        .args(["koikoi", "yaku", "rainman", "crane", "phoenix"])
        .stdout(
            "Captured: 11b rain man, 1b crane, 12b phoenix
No yaku.
Base 0, multiplier ×1: 0 points
  no yaku: nothing to score
Note: three brights with the rain man make no yaku (sanko needs three without him).
",
        )
        .run();
    // Without him, three brights are sanko: 5 (Nintendo), 6 (Fuda Wiki).
    assert_eq!(summary(&yaku_json(&["1b 3b 12b"])).0, y(&[("sanko", 5)]));
    assert_eq!(
        summary(&json(&[
            "--rules",
            "koikoi-fudawiki",
            "koikoi",
            "yaku",
            "1b 3b 12b"
        ]))
        .0,
        y(&[("sanko", 6)])
    );
}

#[test]
fn every_bright_yaku_under_each_table() {
    assert_eq!(
        summary(&yaku_json(&["1b 3b 8b 11b 12b"])),
        (y(&[("goko", 10)]), 10, 2, 20)
    );
    assert_eq!(
        summary(&yaku_json(&["1b 3b 8b 12b"])),
        (y(&[("shiko", 8)]), 8, 2, 16)
    );
    let f = json(&[
        "--rules",
        "koikoi-fudawiki",
        "koikoi",
        "yaku",
        "1b 3b 8b 11b 12b",
    ]);
    assert_eq!(summary(&f), (y(&[("goko", 15)]), 15, 2, 30));
    // An older table (15/10/8/6) as house values.
    let older =
        house("base: koikoi\nvalues:\n  goko: 15\n  shiko: 10\n  ame-shiko: 8\n  sanko: 6\n");
    let p = older.path().to_str().unwrap();
    assert_eq!(
        summary(&json(&["--rules", p, "koikoi", "yaku", "1b 3b 8b 12b"])).0,
        y(&[("shiko", 10)])
    );
    assert_eq!(
        summary(&json(&["--rules", p, "koikoi", "yaku", "1b 3b 8b 11b"])).0,
        y(&[("ame_shiko", 8)])
    );
}

#[test]
fn extra_animals_with_inoshikacho() {
    // Best in group (Nintendo): inoshikacho 5 + 2 further animals = 7; tane (1) does not
    // add. 7 reaches 7: ×2.
    Test::new()
        .args(["koikoi", "yaku", "6a", "7a", "10a", "2a", "4a"])
        .stdout(
            "Captured: 6a butterflies, 7a boar, 10a deer, 2a bush warbler, 4a cuckoo
┌─────────────────────────────┬───────────────────────────┬────────────────────────────────┐
│ Yaku                        ┆ Points                    ┆ Cards                          │
╞═════════════════════════════╪═══════════════════════════╪════════════════════════════════╡
│ inoshikacho (boar, deer and ┆ 7 (5 + 2 further animals) ┆ 2a bush warbler, 4a cuckoo, 6a │
│ butterflies)                ┆                           ┆ butterflies, 7a boar, 10a deer │
└─────────────────────────────┴───────────────────────────┴────────────────────────────────┘
Base 7, multiplier ×2: 14 points
  ×2: the base total of 7 reaches 7
",
        )
        .run();
    // Stacking (Board Game Arena's "combinative" yaku): inoshikacho 5 flat + tane 1 = 6.
    let v = json(&["--rules", "koikoi-bga", "koikoi", "yaku", "6a 7a 10a 2a 4a"]);
    assert_eq!(
        summary(&v),
        (y(&[("inoshikacho", 5), ("tane", 1)]), 6, 1, 6)
    );
    assert_eq!(v["yaku"][0]["cards"], json!(["6a", "7a", "10a"]));
    // Tane alone: 5 animals 1, a sixth 2.
    assert_eq!(
        summary(&yaku_json(&["2a 4a 5a 8a 11a 9a"])).0,
        y(&[("tane", 2)])
    );
}

#[test]
fn the_akatan_aotan_pair() {
    // The pair replaces akatan and aotan: 10, and a further ribbon adds 1.
    assert_eq!(
        summary(&yaku_json(&["1r 2r 3r 6r 9r 10r"])),
        (y(&[("akatan_aotan", 10)]), 10, 2, 20)
    );
    assert_eq!(
        summary(&yaku_json(&["1r 2r 3r 6r 9r 10r 4r"])).0,
        y(&[("akatan_aotan", 11)])
    );
    // Akatan alone grows too; tanzaku (1 for 5) is less.
    assert_eq!(
        summary(&yaku_json(&["1r 2r 3r 4r 5r"])).0,
        y(&[("akatan", 7)])
    );
    assert_eq!(summary(&yaku_json(&["6r 9r 10r"])).0, y(&[("aotan", 5)]));
    assert_eq!(
        summary(&yaku_json(&["4r 5r 7r 11r 1r"])).0,
        y(&[("tanzaku", 1)])
    );
    // Board Game Arena (stacking, both count): akatan 5 + aotan 5 + tanzaku (6 ribbons) 2.
    Test::new().args([
        "--rules",
        "koikoi-bga",
        "koikoi",
        "yaku",
        "1r 2r 3r 6r 9r 10r",
    ]).stdout("Captured: 1r poetry ribbon, 2r poetry ribbon, 3r poetry ribbon, 6r blue ribbon, 9r blue ribbon, 10r blue ribbon
┌─────────────────────────┬──────────────────────────┬─────────────────────────┐
│ Yaku                    ┆ Points                   ┆ Cards                   │
╞═════════════════════════╪══════════════════════════╪═════════════════════════╡
│ akatan (poetry ribbons) ┆ 5                        ┆ 1r, 2r, 3r              │
│ aotan (blue ribbons)    ┆ 5                        ┆ 6r, 9r, 10r             │
│ tanzaku (ribbons)       ┆ 2 (1 + 1 further ribbon) ┆ 1r, 2r, 3r, 6r, 9r, 10r │
└─────────────────────────┴──────────────────────────┴─────────────────────────┘
Base 12, multiplier ×2: 24 points
  ×2: the base total of 12 reaches 7
").run();
    // Akatan and aotan at 6 each, both counting: 12 beats the pair's 10.
    let six = house(
        "base: koikoi\nrulings:\n  akatan-aotan-pair: both-count\nvalues:\n  akatan: 6\n  aotan: 6\n",
    );
    let v = json(&[
        "--rules",
        six.path().to_str().unwrap(),
        "koikoi",
        "yaku",
        "1r 2r 3r 6r 9r 10r",
    ]);
    assert_eq!(summary(&v).0, y(&[("akatan", 6), ("aotan", 6)]));
}

#[test]
fn the_sake_cup_counted_twice() {
    // Nine plains and the sake cup make kasu (10 plains); the cup with four more animals
    // also makes tane. 1 + 1 = 2.
    let cards = "1p 1p 2p 2p 3p 3p 4p 4p 5p 9a 2a 4a 5a 8a";
    let v = yaku_json(&[cards]);
    assert_eq!(summary(&v), (y(&[("tane", 1), ("kasu", 1)]), 2, 1, 2));
    assert!(
        v["yaku"][0]["cards"]
            .as_array()
            .unwrap()
            .contains(&json!("9a"))
    );
    assert!(
        v["yaku"][1]["cards"]
            .as_array()
            .unwrap()
            .contains(&json!("9a"))
    );
    // Animal only: no kasu.
    let only = house("base: koikoi\nrulings:\n  sake-cup: animal-only\n");
    let v = json(&[
        "--rules",
        only.path().to_str().unwrap(),
        "koikoi",
        "yaku",
        cards,
    ]);
    assert_eq!(summary(&v).0, y(&[("tane", 1)]));
}

#[test]
fn rain_ruins_the_party() {
    let rain = house("base: koikoi\nrulings:\n  viewing-yaku: rain-ruins\n");
    let p = rain.path().to_str().unwrap();
    // The lightning is a willow card: the viewing yaku are lost, nothing else is.
    Test::new()
        .args(["--rules", p, "koikoi", "yaku", "3b 9a 11p"])
        .stdout(
            "Captured: 3b curtain, 9a sake cup, 11p lightning
No yaku.
Base 0, multiplier ×1: 0 points
  no yaku: nothing to score
Note: hanami_zake does not score: rain ruins the party (11p lightning captured).
",
        )
        .run();
    assert_eq!(
        summary(&json(&["--rules", p, "koikoi", "yaku", "3b 9a 1p"])).0,
        y(&[("hanami_zake", 5)])
    );
    // By default the party goes on in the rain.
    assert_eq!(
        summary(&yaku_json(&["3b 9a 11p"])).0,
        y(&[("hanami_zake", 5)])
    );
    // Only the rain man is rain: the swallow does not spoil the moon.
    let man = house("base: koikoi\nrulings:\n  viewing-yaku: rain-ruins\n  rain: rain-man\n");
    let m = man.path().to_str().unwrap();
    assert_eq!(
        summary(&json(&["--rules", m, "koikoi", "yaku", "8b 9a 11a"])).0,
        y(&[("tsukimi_zake", 5)])
    );
    assert_eq!(
        summary(&json(&["--rules", m, "koikoi", "yaku", "8b 9a 11b"])).0,
        y(&[])
    );
    // Viewing yaku off; only with another yaku.
    let off = house("base: koikoi\nrulings:\n  viewing-yaku: disabled\n");
    assert_eq!(
        summary(&json(&[
            "--rules",
            off.path().to_str().unwrap(),
            "koikoi",
            "yaku",
            "8b 9a"
        ]))
        .0,
        y(&[])
    );
    let with = house("base: koikoi\nrulings:\n  viewing-yaku: with-another-yaku\n");
    let w = with.path().to_str().unwrap();
    assert_eq!(
        summary(&json(&["--rules", w, "koikoi", "yaku", "8b 9a"])).0,
        y(&[])
    );
    assert_eq!(
        summary(&json(&["--rules", w, "koikoi", "yaku", "8b 9a 6r 9r 10r"])).0,
        y(&[("tsukimi_zake", 5), ("aotan", 5)])
    );
}

#[test]
fn tsukifuda_needs_its_ruling_and_the_month() {
    Test::new()
        .args([
            "--rules",
            "koikoi-fudawiki",
            "koikoi",
            "yaku",
            "12b 12p 12p 12p",
            "--month",
            "paulownia",
        ])
        .stdout(
            "Captured: 12b phoenix, 12p, 12p, 12p
┌───────────────────────────────┬────────┬────────────────────────────┐
│ Yaku                          ┆ Points ┆ Cards                      │
╞═══════════════════════════════╪════════╪════════════════════════════╡
│ tsukifuda (the round's month) ┆ 4      ┆ 12b phoenix, 12p, 12p, 12p │
└───────────────────────────────┴────────┴────────────────────────────┘
Base 4, multiplier ×1: 4 points
  ×1: below 7 points, and no koi-koi bonus
",
        )
        .run();
    let v = json(&[
        "--rules",
        "koikoi-fudawiki",
        "koikoi",
        "yaku",
        "12b 12p 12p 12p",
        "--month",
        "11",
    ]);
    assert_eq!(summary(&v).0, y(&[]));
    let v = json(&[
        "--rules",
        "koikoi-fudawiki",
        "koikoi",
        "yaku",
        "12b 12p 12p 12p",
    ]);
    assert_eq!(
        v["notes"],
        json!(["tsukifuda needs the round's month: give --month"])
    );
    // Nintendo has none.
    let v = yaku_json(&["12b 12p 12p 12p", "--month", "12"]);
    assert_eq!(summary(&v).0, y(&[]));
    assert_eq!(
        v["notes"],
        json!(["the round's month does not matter: tsukifuda is off"])
    );
}

#[test]
fn koi_koi_multipliers() {
    // Hard koi: 7+ doubles, the opponent's koi doubles again: 7 × 4 = 28.
    let v = yaku_json(&["1b 3b 8b 11b", "--opponent-koi"]);
    assert_eq!(summary(&v), (y(&[("ame_shiko", 7)]), 7, 4, 28));
    assert_eq!(
        v["multiplier_reasons"],
        json!([
            "×2: the base total of 7 reaches 7",
            "×2: the opponent had called koi-koi (hard koi)"
        ])
    );
    // Own calls add nothing under hard koi.
    let v = yaku_json(&["1b 3b 12b", "--koi-calls", "2"]);
    assert_eq!(summary(&v).3, 5);
    assert_eq!(
        v["notes"],
        json!(["your own koi-koi calls add nothing under hard koi"])
    );
    // Soft koi: two calls ×3, and 7+ ×2: 7 × 6 = 42.
    let soft = house("base: koikoi-bga\nrulings:\n  multiplier: soft-koi\n");
    let s = soft.path().to_str().unwrap();
    let v = json(&[
        "--rules",
        s,
        "koikoi",
        "yaku",
        "1b 3b 8b 11b",
        "--koi-calls",
        "2",
    ]);
    assert_eq!(summary(&v), (y(&[("ame_shiko", 7)]), 7, 6, 42));
    let v = json(&[
        "--rules",
        s,
        "koikoi",
        "yaku",
        "1b 3b 12b",
        "--opponent-koi",
    ]);
    assert_eq!(summary(&v).2, 1);
    // No doubling at all.
    let never = house("base: koikoi\nrulings:\n  multiplier: none\nvalues:\n  double-at: 0\n");
    let v = json(&[
        "--rules",
        never.path().to_str().unwrap(),
        "koikoi",
        "yaku",
        "1b 3b 8b 11b 12b",
        "--opponent-koi",
    ]);
    assert_eq!(summary(&v), (y(&[("goko", 10)]), 10, 1, 10));
}

#[test]
fn repeated_koi_calls_may_be_forbidden() {
    let once = house("base: koikoi\nrulings:\n  koi-calls: once\n");
    let p = once.path().to_str().unwrap();
    Test::new()
        .args(["--rules", p, "koikoi", "yaku", "1b", "--koi-calls", "2"])
        .status(2)
        .stderr(
            "error: koi-koi may be called only once a round, not 2 times
 --> --koi-calls, column 1
  |
1 | 2
  | ^
  = help: the ruleset says so (ruling koi-calls: once)
",
        )
        .run();
    assert_eq!(
        summary(&json(&[
            "--rules",
            p,
            "koikoi",
            "yaku",
            "1b 3b 12b",
            "--koi-calls",
            "1"
        ]))
        .3,
        5
    );
    assert_eq!(summary(&yaku_json(&["1b 3b 12b", "--koi-calls", "3"])).3, 5);
}

#[test]
fn explain_names_the_rulings() {
    let v = json(&["--explain", "koikoi", "yaku", "3b 9a"]);
    let reasons = v["explain"].as_array().unwrap();
    assert!(reasons.iter().any(|r| {
        r["rulings"]
            .as_array()
            .unwrap()
            .contains(&json!({"id": "viewing-yaku", "choice": "enabled"}))
    }));
    Test::new()
        .args(["--explain", "koikoi", "yaku", "3b 9a"])
        .stdout_has("\nWhy:\n")
        .stdout_has("[ruling viewing-yaku: enabled]")
        .run();
}

#[test]
fn cards_that_do_not_exist_and_too_many_copies() {
    Test::new()
        .args(["koikoi", "yaku", "2b"])
        .status(2)
        .stderr(
            "error: plum has no bright; its cards are 2a 2r 2p 2p
 --> argument CARDS, column 1
  |
1 | 2b
  | ^^
  = expected: a card of the deck
",
        )
        .run();
    Test::new()
        .args(["koikoi", "yaku", "1p 1p 1p 11p lightning"])
        .status(2)
        .stderr(
            "error: 1p is named 3 times, but the deck has only 2
 --> argument CARDS, column 7
  |
1 | 1p 1p 1p 11p lightning
  |       ^^
  = help: the first 1p is at column 1

error: 11p is named twice, but the deck has only one (11p lightning)
 --> argument CARDS, column 14
  |
1 | 1p 1p 1p 11p lightning
  |              ^^^^^^^^^
  = help: `11p` and `lightning` are the same card: write `11p` or `lightning`, not both (the first is at column 10)

2 problems found
",
        )
        .run();
    let err = bad(&["koikoi", "yaku", "12p 12p 12p paulownia-p"]);
    assert!(err.starts_with("error: 12p is named 4 times, but the deck has only 3\n"));
    let Output { stderr: err, .. } = Test::new()
        .args(["--json", "koikoi", "yaku", "2b"])
        .status(2)
        .any_stderr()
        .run();
    let e: serde_json::Value = serde_json::from_str(&err).unwrap();
    assert_eq!(
        e,
        json!({
            "error": "plum has no bright; its cards are 2a 2r 2p 2p",
            "problems": [{
                "code": "unknown-card",
                "message": "plum has no bright; its cards are 2a 2r 2p 2p",
                "source": "argument CARDS", "line": 1, "column": 1, "text": "2b",
                "expected": "a card of the deck", "help": null
            }],
            "total": 1
        })
    );
}

#[test]
fn syntax_errors_point_at_the_token() {
    Test::new().args(["koikoi", "yaku", "1b 13p cran 9x", "--month", "jan"]).status(2).stderr("error: there is no month 13 in `13p`
 --> argument CARDS, column 4
  |
1 | 1b 13p cran 9x
  |    ^^
  = expected: a month 1 to 12, or its flower: pine, plum, cherry, wisteria, iris, peony, clover, susuki, chrysanthemum, maple, willow, paulownia

error: unknown card `cran`
 --> argument CARDS, column 8
  |
1 | 1b 13p cran 9x
  |        ^^^^
  = expected: a card: a month 1-12 (or its flower) then a kind b, a, r or p, such as 1b, 9a, pine-b; or a name such as crane, sake, rainman
  = help: did you mean `crane`?

error: unknown kind `x` in `9x`
 --> argument CARDS, column 14
  |
1 | 1b 13p cran 9x
  |              ^
  = expected: a kind: b (bright), a (animal), r (ribbon) or p (plain)

error: `jan` is not a month
 --> --month, column 1
  |
1 | jan
  | ^^^
  = expected: a month 1 to 12, or its flower: pine, plum, cherry, wisteria, iris, peony, clover, susuki, chrysanthemum, maple, willow, paulownia

4 problems found
").run();
}

#[test]
fn dealt_hands() {
    // Four pine cards: teshi, 6. The field's four peony cards force a redeal, but the hands
    // are checked first.
    Test::new().args([
        "koikoi",
        "deal",
        "1b 1r 1p 1p 2a 3b 4a 5a",
        "--field",
        "6a 6r 6p 6p 9r 10a 11b 12p",
    ]).stdout("Hand: 1b crane, 1r poetry ribbon, 1p, 1p, 2a bush warbler, 3b curtain, 4a cuckoo, 5a bridge
Field: 6a butterflies, 6r blue ribbon, 6p, 6p, 9r blue ribbon, 10a deer, 11b rain man, 12p
Instant win, teshi, 6 points: four cards of a month (1b 1r 1p 1p) — the round ends; the opponent pays 6.
The field holds four cards of a month (6a 6r 6p 6p), but the round is over: no redeal.
Note: the hands are checked first: the instant win stands and the round ends before play, so the field is not redealt (deal-check-order: hands-first).
").run();
    let v = json(&["koikoi", "deal", "1b 1p 2a 2p 3b 3p 4a 4p"]);
    assert_eq!(
        v,
        json!({
            "instant_win": "kuttsuki", "points": 6, "redeal": false,
            "cards": ["1b", "1p", "2a", "2p", "3b", "3p", "4a", "4p"],
            "field_shape": null, "field_cards": [], "notes": []
        })
    );
    let v = json(&[
        "koikoi",
        "deal",
        "1b 2a 3b 4a 5a 6a 7a 8a",
        "--field",
        "9a 9r 10a 10r 11a 11r 12b 12p",
    ]);
    assert_eq!(
        (
            v["instant_win"].clone(),
            v["points"].clone(),
            v["redeal"].clone()
        ),
        (json!(null), json!(0), json!(true))
    );
    let month = house("base: koikoi\nrulings:\n  field-redeal: four-of-a-month\n");
    let v = json(&[
        "--rules",
        month.path().to_str().unwrap(),
        "koikoi",
        "deal",
        "1b 2a 3b 4a 5a 6a 7a 8a",
        "--field",
        "9a 9r 10a 10r 11a 11r 12b 12p",
    ]);
    assert_eq!(v["redeal"], json!(false));
    let first = house("base: koikoi\nrulings:\n  deal-check-order: field-first\n");
    let v = json(&[
        "--rules",
        first.path().to_str().unwrap(),
        "koikoi",
        "deal",
        "1b 1r 1p 1p 2a 3b 4a 5a",
        "--field",
        "6a 6r 6p 6p 9r 10a 11b 12p",
    ]);
    assert_eq!(
        (v["instant_win"].clone(), v["redeal"].clone()),
        (json!(null), json!(true))
    );
    let off = house("base: koikoi\nrulings:\n  dealt-hands: \"off\"\n");
    let v = json(&[
        "--rules",
        off.path().to_str().unwrap(),
        "koikoi",
        "deal",
        "1b 1r 1p 1p 2a 3b 4a 5a",
    ]);
    assert_eq!(
        (v["instant_win"].clone(), v["points"].clone()),
        (json!(null), json!(0))
    );
}

#[test]
fn deal_errors() {
    Test::new()
        .args(["koikoi", "deal", "1b 1p 2a", "--field", "1p 1p"])
        .status(2)
        .stderr(
            "error: a dealt hand has 8 cards, not 3
 --> argument HAND, column 1
  |
1 | 1b 1p 2a
  | ^^^^^^^^

error: the dealt field has 8 cards, not 2
 --> --field, column 1
  |
1 | 1p 1p
  | ^^^^^

error: 1p is named 3 times, but the deck has only 2
 --> --field, column 4
  |
1 | 1p 1p
  |    ^^
  = help: the first 1p is at argument HAND, column 4

3 problems found
",
        )
        .run();
}

#[test]
fn a_scripted_game_with_a_refusal_an_undo_and_a_knockout() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("g.yaml");
    let s = save.to_str().unwrap();
    let Output { stdout: out, .. } = Test::new()
        .args([
            "--rules",
            "koikoi-bga",
            "koikoi",
            "game",
            "--players",
            "ana,ben",
            "--rounds",
            "3",
            "--save",
            s,
        ])
        .stdin("ana 11\nana 8\nzed 4\ndraw\nundo\nben 3\nben 60\n")
        .any_stdout()
        .run();
    let expected =
        "Koi-Koi: ana and ben, 3 rounds, 50 points each (ruleset koikoi-bga). Saving to SAVE.
Round 1 of 3 · dealer ana
Seat  Points
ana   50
ben   50
Round  Dealer  Result  ana  ben
start                  50   50
Round 1 of 3 (dealer ana): winner and points, or draw: ana 11
✗ no round is worth 11 points under these rules (yaku, the doubling at double-at and ruling multiplier); the nearest that can be: 10 or 12
Round 1 of 3 (dealer ana): winner and points, or draw: ana 8
Round 1: ana wins 8: ana 50 → 58, ben 50 → 42.
ana deals round 2.
Round 2 of 3 (dealer ana): winner and points, or draw: zed 4
✗ `zed` is not a player: the players are ana and ben
Round 2 of 3 (dealer ana): winner and points, or draw: draw
Round 2: a draw; nobody scores.
ana deals round 3.
Round 3 of 3 (dealer ana): winner and points, or draw: undo
Undone: Round 2 of 3 (dealer ana): winner and points, or draw: draw.
Round 2 of 3 · dealer ana
Seat  Points
ana   58
ben   42
Round  Dealer  Result  ana  ben
start                  50   50
1      ana     ana +8  58   42
Round 2 of 3 (dealer ana): winner and points, or draw: ben 3
Round 2: ben wins 3: ben 42 → 45, ana 58 → 55.
ben deals round 3.
Round 3 of 3 (dealer ben): winner and points, or draw: ben 60
Round 3: ben wins 60: ben 45 → 100, ana 55 → 0.
ana has no points left: ben wins the game.
Round 3 of 3 · game over
Seat  Points
ana   0
ben   100
Round  Dealer  Result           ana  ben
start                           50   50
1      ana     ana +8           58   42
2      ana     ben +3           55   45
3      ben     ben +55 (of 60)  0    100
Game over (ana has no points left): ben wins.
"
        .replace("SAVE", s);
    assert_eq!(out, expected);
    // The log holds the three answers that stand.
    let log = std::fs::read_to_string(&save).unwrap();
    assert_eq!(log.matches("result: win").count(), 3);
    assert!(!log.contains("draw"));
    // A saved game is never overwritten.
    let err = bad(&["koikoi", "game", "--save", s]);
    assert_eq!(
        err,
        format!(
            "error: {s} already exists\n  = help: continue that game with `kado koikoi resume {s}`, or save this one elsewhere\n"
        )
    );
}

#[test]
fn a_game_resumes_where_it_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("g.yaml");
    let s = save.to_str().unwrap();
    let Output { stdout: out, .. } = Test::new()
        .args(["koikoi", "game", "--players", "ana,ben", "--save", s])
        .stdin("ana 5\n")
        .any_stdout()
        .run();
    assert!(
        out.ends_with(&format!(
            "Round 1 of 6 (dealer ana): winner and points, or draw: ana 5\n\
         Round 1: ana wins 5: ana 50 → 55, ben 50 → 45.\n\
         ana deals round 2.\n\
         The game is saved in {s}; continue it with `kado koikoi resume {s}`.\n"
        )),
        "{out}"
    );
    let Output {
        stdout: out,
        stderr: err,
        ..
    } = Test::new()
        .args(["--json", "koikoi", "resume", s])
        .stdin("ben 2\ndraw\ndraw\ndraw\nana 1\n")
        .any_stdout()
        .any_stderr()
        .run();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    // 50/50 → ana 55/45 → ben 53/47 → three draws → ana 54/46.
    assert_eq!(v["scores"], json!([54, 46]));
    assert_eq!(v["played"], json!(6));
    assert_eq!(v["over"], json!(true));
    assert_eq!(v["winner"], json!("ana"));
    assert_eq!(v["ended"], json!("all 6 rounds have been played"));
    assert_eq!(
        v["history"][1],
        json!({"round": 2, "dealer": "ana", "winner": "ben", "points": 2, "moved": 2, "scores": [53, 47]})
    );
    // The transcript went to stderr.
    assert!(err.contains("Round 2: ben wins 2: ben 45 → 47, ana 55 → 53."));
}

#[test]
fn draw_rounds_and_dealers_follow_the_rulings() {
    let dir = tempfile::tempdir().unwrap();
    let dealer6 =
        house("base: koikoi-bga\nrulings:\n  draw-round: dealer-6\n  next-dealer: alternate\n");
    let save = dir.path().join("d.yaml");
    let Output { stdout: out, .. } = Test::new()
        .args([
            "--json",
            "--rules",
            dealer6.path().to_str().unwrap(),
            "koikoi",
            "game",
            "--players",
            "ana,ben",
            "--rounds",
            "3",
            "--dealer",
            "ben",
            "--save",
            save.to_str().unwrap(),
        ])
        .stdin("draw\ndraw\nana 2\n")
        .any_stdout()
        .any_stderr()
        .run();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    // Ben deals round 1 and takes 6 (44/56); ana deals round 2 and takes 6 (50/50); ana
    // wins 2 in round 3 (52/48).
    let dealers: Vec<&str> = v["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["dealer"].as_str().unwrap())
        .collect();
    assert_eq!(dealers, vec!["ben", "ana", "ben"]);
    assert_eq!(v["history"][0]["scores"], json!([44, 56]));
    assert_eq!(v["scores"], json!([52, 48]));
}

#[test]
fn game_arguments_are_checked() {
    Test::new()
        .args([
            "koikoi",
            "game",
            "--players",
            "ana",
            "--rounds",
            "13",
            "--dealer",
            "cy",
        ])
        .status(2)
        .stderr(
            "error: Koi-Koi has two players, not 1
 --> --players, column 1
  |
1 | ana
  | ^^^
  = expected: two names separated by a comma, e.g. ana,ben

error: `13` is not a game length
 --> --rounds, column 1
  |
1 | 13
  | ^^
  = expected: 1 to 12 rounds

error: `cy` is not a player
 --> --dealer, column 1
  |
1 | cy
  | ^^
  = expected: one of: ana

3 problems found
",
        )
        .run();
    assert!(
        bad(&["koikoi", "game", "--players", "ana,ANA"])
            .starts_with("error: `ana` and `ANA` are one name")
    );
    assert!(
        bad(&["koikoi", "resume", "/nonexistent/g.yaml"])
            .starts_with("error: cannot read saved game `/nonexistent/g.yaml`: it does not exist")
    );
}

#[test]
fn rulesets_are_listed_and_checked() {
    let (_, out, _) = run(&["rules", "show", "koikoi-bga"]);
    assert!(out.starts_with("koikoi-bga — Koi-Koi (koikoi → koikoi-bga)\n"));
    let typo = house("base: koikoi\nrulings:\n  viewing-yaku: rain\n");
    let err = bad(&[
        "--rules",
        typo.path().to_str().unwrap(),
        "koikoi",
        "yaku",
        "1b",
    ]);
    assert!(
        err.starts_with("error: `rain` is not a choice of ruling `viewing-yaku`"),
        "{err}"
    );
    assert!(
        err.contains("did you mean `rain-ruins`?")
            || err.contains("expected: one of: enabled, rain-ruins, with-another-yaku, disabled")
    );
    assert!(
        bad(&["--rules", "kinkado", "koikoi", "yaku", "1b"])
            .starts_with("error: ruleset `kinkado` is for Kin Kādo, not Koi-Koi")
    );
}

/// A house ruleset whose multiplier is the number of brights on the field at the deal.
fn field_brights_house() -> tempfile::NamedTempFile {
    house("base: koikoi\nrulings:\n  multiplier: field-brights\n")
}

#[test]
fn the_brights_on_the_field_at_the_deal_as_the_multiplier() {
    let fb = field_brights_house();
    let p = fb.path().to_str().unwrap();
    // Sanko 5 with three brights dealt to the field: ×3 = 15. The winner's own koi-koi
    // adds nothing under this model.
    Test::new()
        .args([
            "--rules",
            p,
            "koikoi",
            "yaku",
            "1b 3b 12b",
            "--field-brights",
            "3",
            "--koi-calls",
            "1",
        ])
        .stdout(
            "Captured: 1b crane, 3b curtain, 12b phoenix
┌───────────────────────┬────────┬───────────────────────────────────┐
│ Yaku                  ┆ Points ┆ Cards                             │
╞═══════════════════════╪════════╪═══════════════════════════════════╡
│ sanko (three brights) ┆ 5      ┆ 1b crane, 3b curtain, 12b phoenix │
└───────────────────────┴────────┴───────────────────────────────────┘
Base 5, multiplier ×3: 15 points
  ×3: 3 brights lay on the field at the deal (field-brights)
Note: koi-koi calls do not change the score (multiplier: field-brights).
",
        )
        .run();
}

#[test]
fn the_field_brights_multiply_on_top_of_reaching_seven() {
    let fb = field_brights_house();
    let p = fb.path().to_str().unwrap();
    // Ame-shiko 7 with two brights on the field: ×2 for reaching 7, ×2 for the brights:
    // 28. The opponent's koi-koi adds nothing.
    let v = json(&[
        "--rules",
        p,
        "koikoi",
        "yaku",
        "1b 3b 8b 11b",
        "--field-brights",
        "2",
        "--opponent-koi",
    ]);
    assert_eq!(summary(&v), (y(&[("ame_shiko", 7)]), 7, 4, 28));
    assert_eq!(
        v["multiplier_reasons"],
        json!([
            "×2: the base total of 7 reaches 7",
            "×2: 2 brights lay on the field at the deal (field-brights)"
        ])
    );
}

#[test]
fn fewer_than_two_field_brights_leave_the_score_as_it_is() {
    let fb = field_brights_house();
    let p = fb.path().to_str().unwrap();
    // One bright, or none, leaves the score as it is.
    for n in ["0", "1"] {
        let v = json(&[
            "--rules",
            p,
            "koikoi",
            "yaku",
            "1b 3b 12b",
            "--field-brights",
            n,
        ]);
        assert_eq!(summary(&v).3, 5);
        assert_eq!(
            v["multiplier_reasons"],
            json!(["×1: below 7 points, and fewer than two brights on the field at the deal"])
        );
    }
}

#[test]
fn field_brights_not_given_are_scored_as_none() {
    let fb = field_brights_house();
    let p = fb.path().to_str().unwrap();
    // Not given: scored as none, with a note.
    let v = json(&["--rules", p, "koikoi", "yaku", "1b 3b 12b"]);
    assert_eq!(summary(&v).3, 5);
    assert_eq!(
        v["notes"],
        json!([
            "the multiplier is the number of brights on the field at the deal: give --field-brights (scored as none)"
        ])
    );
}

#[test]
fn the_field_brights_count_only_under_their_multiplier() {
    // Under the default multiplier (hard koi) the field's brights do not count.
    let v = yaku_json(&["1b 3b 12b", "--field-brights", "3"]);
    assert_eq!(summary(&v).3, 5);
    assert_eq!(
        v["notes"],
        json!([
            "the brights on the field at the deal do not matter: only multiplier field-brights uses them"
        ])
    );
}

#[test]
fn a_number_of_field_brights_above_five_is_refused() {
    Test::new()
        .args(["koikoi", "yaku", "1b", "--field-brights", "6"])
        .status(2)
        .stderr(
            "error: `6` is not a number of brights
 --> --field-brights, column 1
  |
1 | 6
  | ^
  = expected: a whole number from 0 to 5 (the deck has 5 brights)
",
        )
        .run();
}

#[test]
fn a_willow_card_on_the_field_as_rain() {
    let wf = house("base: koikoi\nrulings:\n  viewing-yaku: rain-ruins\n  rain: willow-on-field\n");
    let p = wf.path().to_str().unwrap();
    // The swallow lies on the field: hanami-zake is rained off.
    Test::new()
        .args(["--rules", p, "koikoi", "yaku", "3b 9a", "--field", "11a 2p"])
        .stdout(
            "Captured: 3b curtain, 9a sake cup
Field: 11a swallow, 2p
No yaku.
Base 0, multiplier ×1: 0 points
  no yaku: nothing to score
Note: hanami_zake does not score: rain ruins the party (11a swallow on the field).
",
        )
        .run();
    // No willow on the field: it scores, even with the rain man and the lightning captured
    // (under this ruling only the field matters).
    assert_eq!(
        summary(&json(&[
            "--rules",
            p,
            "koikoi",
            "yaku",
            "8b 9a 11b 11p",
            "--field",
            "2p 4a",
        ]))
        .0,
        y(&[("tsukimi_zake", 5)])
    );
    // The field not given: scored as dry, with a note.
    let v = json(&["--rules", p, "koikoi", "yaku", "8b 9a"]);
    assert_eq!(summary(&v).0, y(&[("tsukimi_zake", 5)]));
    assert_eq!(
        v["notes"],
        json!([
            "rain on the field cancels the viewing yaku: give the field with --field (scored as no rain)"
        ])
    );
    // Under the default rulings the field does not matter.
    let v = yaku_json(&["8b 9a", "--field", "11b"]);
    assert_eq!(summary(&v).0, y(&[("tsukimi_zake", 5)]));
    assert_eq!(
        v["notes"],
        json!([
            "the field does not matter: only a willow card on the field under viewing-yaku rain-ruins and rain willow-on-field uses it"
        ])
    );
    // The captured cards and the field come from one deck; every problem at once.
    Test::new()
        .args(["koikoi", "yaku", "8b 9a", "--field", "11x 9a"])
        .status(2)
        .stderr(
            "error: unknown kind `x` in `11x`
 --> --field, column 3
  |
1 | 11x 9a
  |   ^
  = expected: a kind: b (bright), a (animal), r (ribbon) or p (plain)

error: 9a is named twice, but the deck has only one (9a sake cup)
 --> --field, column 5
  |
1 | 11x 9a
  |     ^^
  = help: the first 9a is at argument CARDS, column 4

2 problems found
",
        )
        .run();
}

#[test]
fn explain_gives_the_rules_behind_this_verdict() {
    // Only the rulings that decide: the rain ruling only when rain matters.
    // Five animals: tane too, which yaku-groups decides; a base of 7, doubled.
    Test::new().args(["--explain", "koikoi", "yaku", "6a 7a 10a 2a 4a"]).stdout("Captured: 6a butterflies, 7a boar, 10a deer, 2a bush warbler, 4a cuckoo
┌─────────────────────────────┬───────────────────────────┬────────────────────────────────┐
│ Yaku                        ┆ Points                    ┆ Cards                          │
╞═════════════════════════════╪═══════════════════════════╪════════════════════════════════╡
│ inoshikacho (boar, deer and ┆ 7 (5 + 2 further animals) ┆ 2a bush warbler, 4a cuckoo, 6a │
│ butterflies)                ┆                           ┆ butterflies, 7a boar, 10a deer │
└─────────────────────────────┴───────────────────────────┴────────────────────────────────┘
Base 7, multiplier ×2: 14 points
  ×2: the base total of 7 reaches 7

Why:
  - Animals: inoshikacho (boar, deer, butterflies) 5; tane 1 for 5 animals, +1 per further one; inoshikacho grows by 1 per further animal, and only the better of the two scores. [ruling yaku-groups: best-in-group]
  - The winner's total: the base, doubled when it reaches 7 points; doubled again when the opponent had called koi-koi. [ruling multiplier: hard-koi]
  - Does holding the four cards of the round's month score (tsukifuda)? No such yaku. [ruling tsukifuda: off]
").run();
    let rain = house("base: koikoi\nrulings:\n  viewing-yaku: rain-ruins\n  rain: lightning\n");
    let v = json(&[
        "--explain",
        "--rules",
        rain.path().to_str().unwrap(),
        "koikoi",
        "yaku",
        "8b 9a",
    ]);
    assert_eq!(
        v["explain"][3],
        json!({
            "rule": "Viewing yaku: the sake cup with the curtain (hanami-zake) 5, with the moon (tsukimi-zake) 5; they do not score when there is rain: the lightning captured.",
            "rulings": [{"id": "viewing-yaku", "choice": "rain-ruins"}, {"id": "rain", "choice": "lightning"}]
        })
    );
    // No doubling at all: the explanation says so rather than "doubled at 0 points".
    let never = house("base: koikoi\nvalues:\n  double-at: 0\n");
    let v = json(&[
        "--explain",
        "--rules",
        never.path().to_str().unwrap(),
        "koikoi",
        "yaku",
        "1b 3b 8b 12b",
    ]);
    assert_eq!(
        v["explain"][1]["rule"],
        "The winner's total: the base, never doubled for its size (double-at 0); doubled again when the opponent had called koi-koi."
    );
}

#[test]
fn no_redeal_once_an_instant_win_ends_the_round() {
    // Four pairs in hand and four pairs on the field: hands first, the kuttsuki stands and
    // the round is over, so nothing is redealt; the field's shape is still reported.
    let v = json(&[
        "koikoi",
        "deal",
        "1b 1r 2a 2r 3b 3r 4a 4r",
        "--field",
        "1p 1p 2p 2p 3p 3p 4p 4p",
    ]);
    assert_eq!(
        v,
        json!({
            "instant_win": "kuttsuki", "points": 6, "redeal": false,
            "cards": ["1b", "1r", "2a", "2r", "3b", "3r", "4a", "4r"],
            "field_shape": "kuttsuki",
            "field_cards": ["1p", "1p", "2p", "2p", "3p", "3p", "4p", "4p"],
            "notes": ["the hands are checked first: the instant win stands and the round ends before play, so the field is not redealt (deal-check-order: hands-first)"]
        })
    );
}

#[test]
fn the_ledger_explains_its_rulings() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("g.yaml");
    let s = save.to_str().unwrap();
    let house_rules = house(
        "base: koikoi-bga\nrulings:\n  draw-round: dealer-6\n  next-dealer: alternate\n  loser-pays: in-full\n",
    );
    let Output { stdout: out, .. } = Test::new()
        .args([
            "--explain",
            "--rules",
            house_rules.path().to_str().unwrap(),
            "koikoi",
            "game",
            "--players",
            "ana,ben",
            "--rounds",
            "3",
            "--save",
            s,
        ])
        .stdin("quit\n")
        .any_stdout()
        .run();
    let why = &out[out.find("Why:").unwrap()..];
    assert_eq!(
        why,
        "Why:
  - Both players start with 50 points; a round's points move from its loser to its winner.
  - A player reduced to 0 points loses at once; a loser who owes more than they have drops to 0 and the winner still gains the full points. [ruling loser-pays: in-full]
  - A round in which nobody makes a yaku is a draw: the dealer takes 6 points from the other player. [ruling draw-round: dealer-6]
  - The players take turns to deal (and play first). [ruling next-dealer: alternate]
  - The game ends after its rounds (value rounds); the player with more points wins.
"
    );
}

#[test]
fn a_log_with_another_games_ruleset_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("g.yaml");
    std::fs::write(
        &save,
        "game: koikoi\nformat: 1\nruleset: {base: kinga, name: kinga}\nsetup: {players: [a, b], rounds: 3, dealer: 0}\nactions: []\n",
    )
    .unwrap();
    Test::new()
        .args(["koikoi", "resume", save.to_str().unwrap()])
        .status(2)
        .stderr(format!("error: the ruleset kinga is for Kinga, not for Koi-Koi\n --> file {0}, line 3, column 1\n  |\n3 | ruleset: {{base: kinga, name: kinga}}\n  | ^^^^^^^\n", save.display()))
        .run();
}

// ---- Scoring that tables play (issue 20): koi-bonus, raised-by-koi, below-zero, redeal ----

/// The total of a pile under a house file, with `calls` koi-koi calls.
fn total_with_calls(file: &str, cards: &str, calls: &str) -> serde_json::Value {
    json(&[
        "--rules",
        file,
        "koikoi",
        "yaku",
        cards,
        "--koi-calls",
        calls,
    ])
}

#[test]
fn koi_bonus_adds_a_point_a_call_then_multiplies() {
    let f = house(
        "base: koikoi\nrulings:\n  multiplier: koi-bonus\n  yaku-groups: stacking\nvalues:\n  double-at: 0\n",
    );
    let p = f.path().to_str().unwrap();
    // Inoshikacho 5 and tane 1 (five animals) stack to 6 points.
    let pile = "6a 7a 10a 2a 4a";
    let totals: Vec<(i64, i64)> = ["0", "1", "2", "3", "4", "5"]
        .iter()
        .map(|c| {
            let v = total_with_calls(p, pile, c);
            (v["base"].as_i64().unwrap(), v["total"].as_i64().unwrap())
        })
        .collect();
    // 6 + 1 a call up to 3 calls; from 4 calls on, 6 × (calls − 2).
    assert_eq!(totals, [(6, 6), (6, 7), (6, 8), (6, 9), (6, 12), (6, 18)]);
    let v = total_with_calls(p, pile, "2");
    assert_eq!(v["bonus"], 2);
    Test::new().args([
        "--rules",
        p,
        "--explain",
        "koikoi",
        "yaku",
        pile,
        "--koi-calls",
        "2",
    ]).stdout_has("Base 6, multiplier ×1, plus 2: 8 points\n  +2: you called koi-koi 2 times, 1 point each (koi-bonus)\n").stdout_has("  - 6 + 2 for 2 koi-koi calls = 8. [ruling multiplier: koi-bonus]\n").run();
    // The other side: under hard koi (the default) the winner's own calls add nothing.
    let hard = house("base: koikoi\nrulings:\n  yaku-groups: stacking\nvalues:\n  double-at: 0\n");
    let v = total_with_calls(hard.path().to_str().unwrap(), pile, "2");
    assert_eq!((v["total"].as_i64(), v.get("bonus")), (Some(6), None));
}

#[test]
fn viewing_yaku_raised_by_koi_score_less_after_a_call() {
    let f = house("base: koikoi\nrulings:\n  viewing-yaku: raised-by-koi\n");
    let p = f.path().to_str().unwrap();
    let points = |calls: &str| total_with_calls(p, "3b sake", calls)["yaku"][0]["points"].as_i64();
    assert_eq!((points("0"), points("1")), (Some(5), Some(3)));
    // The other side: enabled (the default) keeps the value whatever the calls.
    let v = json(&["koikoi", "yaku", "3b", "sake", "--koi-calls", "1"]);
    assert_eq!(v["yaku"][0]["points"], 5);
}

#[test]
fn below_zero_lets_the_loser_go_negative_and_ends_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("z.yaml");
    let s = save.to_str().unwrap();
    let f = house("base: koikoi\nrulings:\n  loser-pays: below-zero\n");
    Test::new()
        .args([
            "--rules",
            f.path().to_str().unwrap(),
            "koikoi",
            "game",
            "--players",
            "ana,ben",
            "--save",
            s,
        ])
        .stdin("ana 60\n")
        .stdout_has("Round 1: ana wins 60: ana 50 → 110, ben 50 → -10.\n")
        .stdout_has("ben is below 0 (-10): ana wins the game.\n")
        .run();
    // The other side: all-they-have (the default) stops at 0.
    let save2 = dir.path().join("y.yaml");
    Test::new()
        .args([
            "koikoi",
            "game",
            "--players",
            "ana,ben",
            "--save",
            save2.to_str().unwrap(),
        ])
        .stdin("ana 60\n")
        .stdout_has("Round 1: ana wins 60: ana 50 → 100, ben 50 → 0.\n")
        .run();
}

#[test]
fn teshi_redeal_sends_four_of_a_month_back() {
    let f = house("base: koikoi\nrulings:\n  teshi: redeal\n");
    let teshi = ["1b", "1r", "1p", "1p", "2a", "3b", "4a", "5a"];
    let mut args = vec!["--rules", f.path().to_str().unwrap(), "koikoi", "deal"];
    args.extend(teshi);
    let v = json(&args);
    assert_eq!(
        (
            v["instant_win"].clone(),
            v["redeal"].clone(),
            v["hand_redeal"].clone()
        ),
        (serde_json::Value::Null, true.into(), true.into())
    );
    // Four pairs still win at once (ruling kuttsuki's default).
    let mut pairs = vec!["--rules", f.path().to_str().unwrap(), "koikoi", "deal"];
    pairs.extend(["1b", "1r", "2a", "2p", "3b", "3p", "4a", "4p"]);
    assert_eq!(json(&pairs)["instant_win"], "kuttsuki");
    // The other side: instant-win (the default).
    let mut plain = vec!["koikoi", "deal"];
    plain.extend(teshi);
    let v = json(&plain);
    assert_eq!(
        (v["instant_win"].clone(), v["redeal"].clone()),
        ("teshi".into(), false.into())
    );
}

/// Four pairs dealt to ana: 1b 1p, 2a 2p, 3b 3p, 4a 4p; a record of the deal and ana's
/// first turn.
const FOUR_PAIRS: &str = "players: ana ben
ana: 1b 1p 2a 2p 3b 3p 4a 4p
ben: 5a 5r 6a 7r 8p 9p 10a 11p
table: 1r 2r 3r 4r 5p 6p 7p 8b
ana 1b / 9a
";

/// The one ruling dealt-hands decided teshi and kuttsuki together, and its `redeal` still
/// made four pairs an instant win: a table that redeals teshi could not play them out.
#[test]
fn teshi_redeal_made_a_dealt_four_pair_hand_an_instant_win() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("apart.yaml"),
        "base: koikoi\nrulings:\n  teshi: redeal\n  kuttsuki: \"off\"\n",
    )
    .unwrap();
    std::fs::write(d.join("r.txt"), FOUR_PAIRS).unwrap();
    // check: the four pairs are played like any other hand.
    let (code, out, _) = run_in(
        d,
        &["--rules", "apart.yaml", "koikoi", "check", "r.txt"],
        "",
    );
    assert_eq!(
        (code, out.as_str()),
        (
            0,
            "ana and ben, 6 rounds, 50 points each.
Round 1, ana deals:
  line   5  ana: 1b takes 1r; 9a to the table
Standing after 0 of 6 rounds: ana 50, ben 50; next: ben's turn.
"
        )
    );
    // The other side: by default they win at once, and the turn comes after the round.
    let (_, out, _) = run_in(d, &["koikoi", "check", "r.txt"], "");
    assert!(
        out.contains("Round 1: ana's dealt hand wins at once (kuttsuki 6).\n"),
        "{out}"
    );
    assert!(out.contains("Illegal, line 5: ana 1b / 9a\n"), "{out}");
    // play: the same deal and turn, then the record it writes is the record above.
    let answers = "1b 1p 2a 2p 3b 3p 4a 4p\n5a 5r 6a 7r 8p 9p 10a 11p\n1r 2r 3r 4r 5p 6p 7p 8b\n1b\n9a\nquit\n";
    let play = [
        "--rules",
        "apart.yaml",
        "koikoi",
        "play",
        "--players",
        "ana,ben",
        "--save",
        "g.yaml",
        "--record",
        "g.txt",
    ];
    let (code, out, _) = run_in(d, &play, answers);
    assert_eq!(code, 0, "{out}");
    assert!(!out.contains('✗') && !out.contains("wins at once"), "{out}");
    assert!(
        out.contains("ana plays 1b crane: takes 1r poetry ribbon.\nana draws: 9a\n"),
        "{out}"
    );
    let rec = std::fs::read_to_string(d.join("g.txt")).unwrap();
    assert!(rec.ends_with(FOUR_PAIRS), "{rec}");
    // A teshi is still sent back under the same file.
    let v = json(&[
        "--rules",
        d.join("apart.yaml").to_str().unwrap(),
        "koikoi",
        "deal",
        "1b 1r 1p 1p 2a 3b 4a 5a",
    ]);
    assert_eq!(
        (v["instant_win"].clone(), v["redeal"].clone()),
        (serde_json::Value::Null, true.into())
    );
}

/// A house-rules file written for the one ruling dealt-hands keeps its meaning: it is read
/// as the rulings teshi and kuttsuki.
#[test]
fn an_old_dealt_hands_file_keeps_its_meaning() {
    let cases = [
        (
            "instant-win",
            "It changes nothing.\n",
            (json!("teshi"), json!("kuttsuki")),
        ),
        (
            "\"off\"",
            "│ ruling teshi    ┆ instant-win ┆ off │\n│ ruling kuttsuki ┆ instant-win ┆ off │\n",
            (json!(null), json!(null)),
        ),
        (
            "redeal",
            "│ ruling teshi ┆ instant-win ┆ redeal │\n",
            (json!(null), json!("kuttsuki")),
        ),
    ];
    for (choice, changes, (teshi, pairs)) in cases {
        let f = house(&format!(
            "base: koikoi\nrulings:\n  dealt-hands: {choice}\n"
        ));
        let path = f.path().to_str().unwrap();
        Test::new()
            .args(["rules", "check", path])
            .stdout_has(changes)
            .run();
        let deal =
            |hand: &str| json(&["--rules", path, "koikoi", "deal", hand])["instant_win"].clone();
        assert_eq!(deal("1b 1r 1p 1p 2a 3b 4a 5a"), teshi, "{choice}");
        assert_eq!(deal("1b 1p 2a 2p 3b 3p 4a 4p"), pairs, "{choice}");
    }
    Test::new()
        .args(["rules", "show", "koikoi"])
        .stdout_has("Retired ruling dealt-hands, still read (instant-win as kuttsuki: instant-win, teshi: instant-win; off as kuttsuki: off, teshi: off; redeal as kuttsuki: instant-win, teshi: redeal): ")
        .run();
}

#[test]
fn a_house_file_with_all_four_table_rules_is_accepted() {
    let f = house(
        "base: koikoi\nrulings:\n  yaku-groups: stacking\n  multiplier: koi-bonus\n  viewing-yaku: raised-by-koi\n  loser-pays: below-zero\n  dealt-hands: redeal\n  draw-round: dealer-6\nvalues:\n  double-at: 0\n",
    );
    Test::new()
        .args(["rules", "check", f.path().to_str().unwrap()])
        .stdout_has("valid house rules for Koi-Koi")
        .run();
}
