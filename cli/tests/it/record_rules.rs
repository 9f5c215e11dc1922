//! The rules a record names: a record written under a house-rules file says them on its
//! `# ruleset:` line, `check` reads that line when --rules is not given, and --rules
//! given is the table's word over it.

use crate::common::*;

const HOUSE: &str =
    "base: koikoi\nrulings:\n  teshi: redeal\n  kuttsuki: off\nvalues:\n  rounds: 12\n";

/// A folder holding `house.yaml` (Koi-Koi, 12 rounds) and `h.yaml` (Kin Kādo, $60 each).
fn folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("house.yaml"), HOUSE).unwrap();
    std::fs::write(
        dir.path().join("h.yaml"),
        "base: kinkado\nvalues:\n  start-money: 60\n",
    )
    .unwrap();
    dir
}

/// `koikoi simulate --rules house.yaml --record` wrote no ruleset line, so `check`
/// without --rules refereed the 12-round game under 6 rounds and refused its round 7.
#[test]
fn a_record_written_under_house_rules_did_not_name_them() {
    let dir = folder();
    let d = dir.path();
    let args = [
        "--rules",
        "house.yaml",
        "koikoi",
        "simulate",
        "--games",
        "1",
        "--seed",
        "3",
        "--record",
        "g.txt",
    ];
    let (code, _, err) = run_in(d, &args, "");
    assert_eq!((code, err.as_str()), (0, ""));
    let record = std::fs::read_to_string(d.join("g.txt")).unwrap();
    assert_eq!(
        record.lines().next(),
        Some("# ruleset: house.yaml = koikoi, kuttsuki: off, teshi: redeal, rounds: 12")
    );
    // Read from another folder, without the house file: the record holds its rules.
    let path = d.join("g.txt");
    let (code, out, err) = run(&["koikoi", "check", path.to_str().unwrap()]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(
        out.ends_with("Game over (all 12 rounds have been played): ana wins, ana 88, ben 12.\n"),
        "{out}"
    );
    // --rules given is the table's word over the record's line.
    let (code, out, _) = run(&[
        "--rules",
        "koikoi",
        "koikoi",
        "check",
        path.to_str().unwrap(),
    ]);
    assert_eq!(code, 0);
    assert!(
        out.contains("Game over (all 6 rounds have been played)"),
        "{out}"
    );
}

/// A Kin Kādo game played under a house-rules file writes them out on its record's
/// ruleset line, in the record and in `status --record`, and `check` reads them.
#[test]
fn a_kinkado_record_under_house_rules_names_them() {
    let dir = folder();
    let d = dir.path();
    let play = [
        "--rules",
        "h.yaml",
        "kinkado",
        "play",
        "--players",
        "ana",
        "--deck",
        "virtual",
        "--seed",
        "4",
        "--save",
        "g.yaml",
        "--record",
        "g.txt",
    ];
    let (code, _, err) = run_in(d, &play, "none\nnone\n1\nbest\n");
    assert_eq!(code, 0, "{err}");
    let written = std::fs::read_to_string(d.join("g.txt")).unwrap();
    assert!(
        without_id(&written)
            .starts_with("players: ana ALORA\n# ruleset: h.yaml = kinkado, start-money: 60\n"),
        "{written}"
    );
    let (_, printed, _) = run_in(d, &["kinkado", "status", "g.yaml", "--record"], "");
    assert_eq!(printed, written);
    std::fs::remove_file(d.join("h.yaml")).unwrap();
    let (code, out, err) = run_in(d, &["kinkado", "check", "g.txt"], "");
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "ana, ALORA, 9 rounds, $60 each.
Round 1: ALORA wins with straight · ana $59, ALORA $77
Prize pool $1 · market 2S 3D 5H 5C · bank paid out (net) $27
The game goes on: round 2, sell phase.
"
    );
}

/// A record a table writes by hand may name its house-rules file: it is read beside the
/// record, wherever `check` runs.
#[test]
fn a_record_naming_its_house_rules_file_is_read_beside_it() {
    let dir = folder();
    let sub = dir.path().join("games");
    std::fs::create_dir(&sub).unwrap();
    std::fs::write(
        sub.join("r.txt"),
        "# ruleset: ../h.yaml\nplayers: ana ALORA\n",
    )
    .unwrap();
    let (code, out, err) = run(&["kinkado", "check", sub.join("r.txt").to_str().unwrap()]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(
        out.starts_with("ana, ALORA, 9 rounds, $60 each.\n"),
        "{out}"
    );
}

/// A house-rules file the record names that is not there is an error at its name.
#[test]
fn a_missing_house_rules_file_is_an_error_at_its_name() {
    let dir = folder();
    let d = dir.path();
    std::fs::write(d.join("r.txt"), "players: ana ben\n# ruleset: gone.yaml\n").unwrap();
    let (code, out, err) = run_in(d, &["koikoi", "check", "r.txt"], "");
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "error: the house-rules file `gone.yaml` the record names cannot be read (cannot read house-rules file `gone.yaml`: it does not exist)
 --> file r.txt, line 2, column 12
  |
2 | # ruleset: gone.yaml
  |            ^^^^^^^^^
  = help: put the file where the record says (a relative name is read beside the record), or give the rules with --rules FILE
"
    );
    let (code, _, err) = run_in(d, &["--json", "koikoi", "check", "r.txt"], "");
    assert_eq!(code, 2);
    let v: serde_json::Value = serde_json::from_str(&err).unwrap();
    assert_eq!(
        (&v["problems"][0]["line"], &v["problems"][0]["column"]),
        (&serde_json::json!(2), &serde_json::json!(12))
    );
    // --rules given, the line is not read.
    let (code, _, err) = run_in(
        d,
        &["--rules", "house.yaml", "koikoi", "check", "r.txt"],
        "",
    );
    assert_eq!((code, err.as_str()), (0, ""));
}

/// A ruling written out wrong on the line is an error at that ruling.
#[test]
fn a_ruling_written_out_wrong_is_an_error_at_it() {
    let text = "# ruleset: house = koikoi, teshi: maybe\nplayers: ana ben\n";
    let (code, out, err) = run_with_input(&["koikoi", "check", "-"], text);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "error: `maybe` is not a choice of `teshi`
 --> stdin, line 1, column 28
  |
1 | # ruleset: house = koikoi, teshi: maybe
  |                            ^^^^^^^^^^^^
  = expected: RULING: CHOICE or VALUE: NUMBER, e.g. `teshi: redeal`
"
    );
}

/// Pokino and Kingmaker records named no rules and their `check` read none: a game
/// simulated or played under house rules writes them out, and `check` reads them.
#[test]
fn pokino_and_kingmaker_records_did_not_say_their_house_rules() {
    let dir = folder();
    let d = dir.path();
    std::fs::write(
        d.join("p.yaml"),
        "base: pokino\nvalues:\n  start-cards: 7\n  start-beads: 3\n",
    )
    .unwrap();
    let sim = [
        "--rules", "p.yaml", "pokino", "simulate", "--games", "2", "--record", "p.txt",
    ];
    let (code, _, err) = run_in(d, &sim, "");
    assert_eq!((code, err.as_str()), (0, ""));
    let record = std::fs::read_to_string(d.join("p.txt")).unwrap();
    assert!(
        record.starts_with("# ruleset: p.yaml = pokino, start-beads: 3, start-cards: 7\n"),
        "{record}"
    );
    let illegal = |args: &[&str]| {
        let (code, out, err) = run_in(d, args, "");
        assert_eq!((code, err.as_str()), (0, ""));
        let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_default();
        v["games"]
            .as_array()
            .map(|g| g.iter().map(|g| g["illegal"].is_null()).collect::<Vec<_>>())
    };
    assert_eq!(
        illegal(&["--json", "pokino", "check", "p.txt"]),
        Some(vec![true, true])
    );
    // Under the standard rules (5 cards, 0 beads) the same games are refused.
    assert_eq!(
        illegal(&["--json", "--rules", "pokino", "pokino", "check", "p.txt"]),
        Some(vec![false, false])
    );

    std::fs::write(d.join("k.yaml"), "base: kingmaker\nname: shared ties\n").unwrap();
    let play = [
        "--rules",
        "k.yaml",
        "kingmaker",
        "play",
        "--players",
        "ana,bo,cy,dee",
        "--target",
        "2",
        "--first",
        "ana",
        "--save",
        "c.yaml",
        "--record",
        "c.txt",
    ];
    let (code, _, _) = run_in(d, &play, crate::kingmaker_year::three_years_answers());
    assert_eq!(code, 0);
    let record = std::fs::read_to_string(d.join("c.txt")).unwrap();
    assert!(
        without_id(&record).starts_with("# ruleset: shared ties = kingmaker\ntarget: 2\n"),
        "{record}"
    );
    let (code, out, err) = run_in(d, &["--json", "kingmaker", "check", "c.txt"], "");
    assert_eq!((code, err.as_str()), (0, ""));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_default();
    assert_eq!(
        v["points"],
        serde_json::json!({"ana": 2, "bo": 0, "cy": 1, "dee": 0})
    );
    // The line is read: written out wrong, it is an error at its place.
    std::fs::write(
        d.join("c.txt"),
        record.replace("= kingmaker", "= kingmaker, year-tie: never"),
    )
    .unwrap();
    let (code, _, err) = run_in(d, &["kingmaker", "check", "c.txt"], "");
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: `never` is not a choice of `year-tie`\n"),
        "{err}"
    );
}

/// `koikoi simulate --rules koikoi-fudawiki --record` named no ruleset either, so `check`
/// refereed the game under the standard rules and refused a stop those rules forbid.
#[test]
fn a_record_simulated_under_a_built_in_variant_did_not_name_it() {
    let dir = folder();
    let d = dir.path();
    let args = [
        "--rules",
        "koikoi-fudawiki",
        "koikoi",
        "simulate",
        "--games",
        "1",
        "--seed",
        "7",
        "--record",
        "f.txt",
    ];
    let (code, _, err) = run_in(d, &args, "");
    assert_eq!((code, err.as_str()), (0, ""));
    let record = std::fs::read_to_string(d.join("f.txt")).unwrap();
    assert!(
        record.starts_with("# ruleset: koikoi-fudawiki\nplayers: ana ben\n"),
        "{record}"
    );
    let (code, out, _) = run_in(d, &["koikoi", "check", "f.txt"], "");
    assert_eq!(code, 0);
    assert!(
        out.ends_with("Game over (all 6 rounds have been played): ben wins, ana 36, ben 64.\n"),
        "{out}"
    );
    let (code, out, _) = run_in(d, &["--rules", "koikoi", "koikoi", "check", "f.txt"], "");
    assert_eq!(code, 0);
    assert!(out.contains("`stop` is not allowed"), "{out}");
}
