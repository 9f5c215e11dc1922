//! `kado rules …` and `kado completions` through the binary.

use crate::common::*;

/// A run of kado in tests/fixtures, where the house-rules files are.
fn in_fixtures(args: &[&str]) -> Test {
    Test::new().current_dir("tests/fixtures").args(args)
}

#[test]
fn check_a_house_file() {
    in_fixtures(&["rules", "check", "good.yaml"])
        .stdout(
            "good.yaml: valid house rules for Kin Kādo (base kinkado)
┌───────────────────┬────────────┬───────────┐
│ Changes           ┆ From       ┆ To        │
╞═══════════════════╪════════════╪═══════════╡
│ ruling joker-sum  ┆ face-value ┆ as-chosen │
│ value start-money ┆ 50         ┆ 60        │
└───────────────────┴────────────┴───────────┘
",
        )
        .run();
    let Output { stdout: out, .. } = in_fixtures(&["--json", "rules", "check", "good.yaml"])
        .any_stdout()
        .run();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v,
        serde_json::json!({"valid": true, "name": "good.yaml", "game": "kinkado", "base": "kinkado", "changes": [
            {"kind": "ruling", "id": "joker-sum", "from": "face-value", "to": "as-chosen"},
            {"kind": "value", "id": "start-money", "from": "50", "to": "60"}
        ]})
    );
}

#[test]
fn show_marks_the_choice_in_force() {
    let Output { stdout: out, .. } = in_fixtures(&["rules", "show", "good.yaml"])
        .any_stdout()
        .run();
    assert!(
        out.starts_with("good.yaml — Kin Kādo (kinkado → good.yaml)\n"),
        "{out}"
    );
    assert!(out.contains("○ face-value (default)"), "{out}");
    assert!(out.contains("● as-chosen"), "{out}");
    let v = json(&["rules", "show", "kinkado"]);
    let rulings = v["rulings"].as_array().unwrap();
    for id in [
        "joker-sum",
        "joker-duplicates",
        "ace-straights",
        "five-of-a-kind",
        "alora-sum",
        "alora-buy",
        "alora-face-up",
        "split",
        "alora-ties",
        "game-tie",
    ] {
        let r = rulings
            .iter()
            .find(|r| r["id"] == id)
            .unwrap_or_else(|| panic!("ruling {id}"));
        assert_eq!(r["choice"], r["default"]);
        assert!(r["question"].as_str().unwrap().ends_with('?'));
    }
}

#[test]
fn list_every_builtin() {
    let v = json(&["rules", "list"]);
    let names: Vec<&str> = v["rulesets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"kinkado"));
    Test::new()
        .args(["rules", "list"])
        .stdout_has("kinkado")
        .run();
}

#[test]
fn a_ruleset_for_another_game_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("k.yaml");
    std::fs::write(&f, "base: koikoi\n").unwrap();
    let err = bad(&[
        "--rules",
        f.to_str().unwrap(),
        "kinkado",
        "hand",
        "AS",
        "KS",
    ]);
    assert_eq!(
        err,
        format!(
            "error: ruleset `{}` is for Koi-Koi, not Kin Kādo\n  = help: use a ruleset whose base is `kinkado`\n",
            f.display()
        )
    );
}

#[test]
fn completions_for_each_shell() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        Test::new()
            .args(["completions", shell])
            .stdout_has("kinkado")
            .run();
    }
    let err = bad(&["completions", "tcsh"]);
    assert!(
        err.starts_with("error: invalid value 'tcsh' for '<SHELL>'"),
        "{err}"
    );
}

const NEGATIVE_MONEY: &str = "error: `-50` is outside the range of value `start-money`
 --> file negative-money.yaml, line 3, column 16
  |
3 |   start-money: -50
  |                ^^^
  = expected: a whole number from 0 to 10000
";

/// `start-money: -50` used to pass `rules check`, and a game then showed $0.
#[test]
fn negative_start_money_passed_rules_check() {
    in_fixtures(&["rules", "check", "negative-money.yaml"])
        .status(2)
        .stderr(NEGATIVE_MONEY)
        .run();
    let Output { stderr: err, .. } =
        in_fixtures(&["--json", "rules", "check", "negative-money.yaml"])
            .status(2)
            .any_stderr()
            .run();
    let v: serde_json::Value = serde_json::from_str(&err).unwrap();
    assert_eq!(
        v,
        serde_json::json!({
            "error": "`-50` is outside the range of value `start-money`",
            "problems": [{
                "code": "ruleset-value-out-of-range",
                "message": "`-50` is outside the range of value `start-money`",
                "source": "file negative-money.yaml", "line": 3, "column": 16, "text": "-50",
                "expected": "a whole number from 0 to 10000", "help": null,
            }],
            "total": 1
        })
    );
}

#[test]
fn negative_start_money_is_refused_by_rules_on_a_game() {
    in_fixtures(&[
        "--rules",
        "negative-money.yaml",
        "kinkado",
        "play",
        "--deck",
        "virtual",
        "--seed",
        "1",
        "--save",
        "never-written.yaml",
    ])
    .status(2)
    .stderr(NEGATIVE_MONEY)
    .run();
    assert!(!std::path::Path::new("tests/fixtures/never-written.yaml").exists());
}

/// A saved game's ruleset values (edited by hand) are checked against their ranges too.
#[test]
fn resuming_a_save_with_values_out_of_range_is_refused() {
    let Output { stderr: err, .. } = in_fixtures(&["kinkado", "resume", "out-of-range-save.yaml"])
        .status(2)
        .any_stderr()
        .run();
    assert_eq!(
        err,
        "error: `-50` is outside the range of value `start-money`
 --> file out-of-range-save.yaml, line 8, column 18
  |
8 |     start-money: -50
  |                  ^^^
  = expected: a whole number from 0 to 10000

error: `60` is outside the range of value `hand-limit`
 --> file out-of-range-save.yaml, line 9, column 17
  |
9 |     hand-limit: 60
  |                 ^^
  = expected: a whole number from 2 to 13

2 problems found
"
    );
    let (code, out, json_err) =
        in_fixtures(&["--json", "kinkado", "resume", "out-of-range-save.yaml"]).outcome();
    assert_eq!((code, out.as_str()), (2, ""));
    let v: serde_json::Value = serde_json::from_str(&json_err).unwrap();
    let problem = |line: u32, column: u32, value: &str, key: &str, range: &str| {
        let message = format!("`{value}` is outside the range of value `{key}`");
        serde_json::json!({
            "code": "save",
            "message": message, "source": "file out-of-range-save.yaml",
            "line": line, "column": column, "text": value,
            "expected": format!("a whole number from {range}"), "help": null,
        })
    };
    assert_eq!(
        v,
        serde_json::json!({
            "error": "`-50` is outside the range of value `start-money` (and 1 more)",
            "problems": [
                problem(8, 18, "-50", "start-money", "0 to 10000"),
                problem(9, 17, "60", "hand-limit", "2 to 13"),
            ],
            "total": 2
        })
    );
    // `status` reads the file the same way.
    in_fixtures(&["kinkado", "status", "out-of-range-save.yaml"])
        .status(2)
        .any_stdout()
        .stderr(err)
        .run();
}

#[test]
fn show_gives_each_value_its_range() {
    in_fixtures(&["rules", "show", "kinkado"])
        .stdout_has(
            "┌───────────────────┬─────────┬─────────────┐
│ Value             ┆ Setting ┆ Range       │
╞═══════════════════╪═════════╪═════════════╡
│ alora-buy-minimum ┆ 6       ┆ 1 to 20     │
│ deck-card-cost    ┆ 5       ┆ 0 to 10000  │
│ hand-limit        ┆ 7       ┆ 2 to 13     │
│ max-bet           ┆ 25      ┆ 25 to 10000 │
│ max-sales         ┆ 3       ┆ 0 to 13     │
│ rounds            ┆ 9       ┆ 1 to 9      │
│ start-money       ┆ 50      ┆ 0 to 10000  │
└───────────────────┴─────────┴─────────────┘
",
        )
        .run();
    let v = json(&["rules", "show", "kinga"]);
    assert_eq!(v["values"], serde_json::json!({"hand-size": 4}));
    assert_eq!(
        v["ranges"],
        serde_json::json!({"hand-size": {"min": 1, "max": 10}})
    );
}

#[test]
fn pokino_steps_lists_both_alternatives() {
    let v = json(&["rules", "show", "pokino"]);
    let steps = v["rulings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == "steps")
        .unwrap();
    assert_eq!(steps["default"], "sides");
    let ids: Vec<&str> = steps["alternatives"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["sides", "diagonals"]);
    Test::new()
        .args(["rules", "show", "pokino"])
        .stdout_has("○ diagonals: yes; a step")
        .run();
}
