//! `kado rules …` and `kado completions` through the binary.

mod common;
use common::*;

fn in_fixtures(args: &[&str]) -> (i32, String, String) {
    let out = kado()
        .current_dir("tests/fixtures")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn check_a_house_file() {
    let (code, out, _) = in_fixtures(&["rules", "check", "good.yaml"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "good.yaml: valid house rules for Kin Kādo (base kinkado)
┌───────────────────┬────────────┬───────────┐
│ Changes           ┆ From       ┆ To        │
╞═══════════════════╪════════════╪═══════════╡
│ ruling joker-sum  ┆ face-value ┆ as-chosen │
│ value start-money ┆ 50         ┆ 60        │
└───────────────────┴────────────┴───────────┘
"
    );
    let (code, out, _) = in_fixtures(&["--json", "rules", "check", "good.yaml"]);
    assert_eq!(code, 0);
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
    let (code, out, _) = in_fixtures(&["rules", "show", "good.yaml"]);
    assert_eq!(code, 0);
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
    let (code, out, _) = run(&["rules", "list"]);
    assert_eq!(code, 0);
    assert!(out.contains("kinkado"));
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
        let (code, out, err) = run(&["completions", shell]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("kinkado"), "{shell}");
    }
    let err = bad(&["completions", "tcsh"]);
    assert!(
        err.starts_with("error: invalid value 'tcsh' for '<SHELL>'"),
        "{err}"
    );
}
