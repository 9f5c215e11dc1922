//! Issue 63: `--explain` names every ruling that decided a record's verdict, and no other;
//! each reason says what forbids a move, the rules text or the ruling (with its id).
//!
//! Whether a ruling decided a verdict is found here through the binary alone: the record
//! is checked again under a house-rules file with each other choice of the ruling, and
//! the verdicts compared (every value in them: each first illegal line, every score,
//! stash, count, end and reason, the rulings a reason cites aside).

use crate::common::*;

use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;

/// A verdict's facts: every value in it, with where it stands; its words without the
/// rulings they cite (which name the ruling in force, deciding or not).
fn figures(v: &Value, at: &str, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                if k != "explain" {
                    figures(x, &format!("{at}/{k}"), out);
                }
            }
        }
        Value::Array(xs) => {
            for (i, x) in xs.iter().enumerate() {
                figures(x, &format!("{at}/{i}"), out);
            }
        }
        Value::String(t) => out.push(format!("{at}={}", kado::games::uncited(t))),
        other => out.push(format!("{at}={other}")),
    }
}

/// `kado --json [--rules FILE] GAME check RECORD` in `dir`: the verdict's figures.
fn verdict(dir: &Path, game: &str, rules: Option<&str>) -> Vec<String> {
    let mut args = vec!["--json"];
    if let Some(r) = rules {
        args.extend(["--rules", r]);
    }
    args.extend([game, "check", "r.txt"]);
    let (code, out, _) = run_in(dir, &args, "");
    // A record the other choice cannot read (Kingmaker's `target:` in an open campaign)
    // is another verdict too.
    if code != 0 {
        return vec![format!("exit {code}")];
    }
    let v: Value = serde_json::from_str(&out).unwrap();
    let mut f = Vec::new();
    figures(&v, "", &mut f);
    f
}

/// The rulings `--explain` names for the record, with their choices.
fn named(dir: &Path, game: &str) -> BTreeSet<String> {
    let (code, out, err) = run_in(dir, &["--json", "--explain", game, "check", "r.txt"], "");
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let mut ids = BTreeSet::new();
    for reason in v["explain"].as_array().unwrap() {
        for r in reason["rulings"].as_array().unwrap() {
            ids.insert(r["id"].as_str().unwrap().to_string());
        }
    }
    ids
}

/// The rulings of a game's built-in ruleset with their other choices, from `rules show`.
fn rulings(game: &str) -> Vec<(String, Vec<String>)> {
    let (_, out, _) = run(&["--json", "rules", "show", game]);
    let v: Value = serde_json::from_str(&out).unwrap();
    (v["rulings"].as_array().unwrap().iter())
        .map(|r| {
            let default = r["choice"].as_str().unwrap();
            let others = (r["alternatives"].as_array().unwrap().iter())
                .map(|a| a["id"].as_str().unwrap().to_string())
                .filter(|a| a != default)
                .collect();
            (r["id"].as_str().unwrap().to_string(), others)
        })
        .collect()
}

/// For a record of `game`: the rulings whose other choices change its verdict, found by
/// checking it under each; `--explain` names exactly those.
fn deciding_rulings_are_named(game: &str, record: &str) -> BTreeSet<String> {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("r.txt"), record).unwrap();
    let here = verdict(d, game, Some(game));
    let mut deciding = BTreeSet::new();
    for (id, others) in rulings(game) {
        for other in others {
            let house = format!("base: {game}\nrulings:\n  {id}: {other}\n");
            std::fs::write(d.join("h.yaml"), house).unwrap();
            if verdict(d, game, Some("h.yaml")) != here {
                deciding.insert(id.clone());
            }
        }
    }
    assert_eq!(named(d, game), deciding, "{game}:\n{record}");
    deciding
}

/// The record a save holds (`GAME status SAVE --record`), for a save of the screens'
/// fixtures.
fn record_of(game: &str, save: &str) -> String {
    let path = top().join("cli/tests/fixtures/screens").join(save);
    let (code, out, err) = run(&[game, "status", path.to_str().unwrap(), "--record"]);
    assert_eq!(code, 0, "{err}");
    out
}

/// Issue 63: `kinkado check --explain` of a reveal decided on ALORA's sum named
/// alora-ties but not alora-sum. Every ruling that decides a whole game's verdict is named
/// now, and no other.
#[test]
fn explain_named_alora_ties_but_not_alora_sum() {
    let record = record_of("kinkado", "kinkado-last-turn.yaml");
    let deciding = deciding_rulings_are_named("kinkado", &record);
    assert!(deciding.contains("alora-sum"), "{deciding:?}");
}

/// `--explain` names the rulings that decide each game's verdict, and no other, on whole
/// games and on records a ruling makes illegal.
#[test]
fn explain_names_the_rulings_that_decided_and_no_other() {
    let mut decided = BTreeSet::new();
    for (game, save) in [
        ("pokino", "pokino-last-turn.yaml"),
        ("koikoi", "koikoi-last-turn.yaml"),
        ("kingmaker", "kingmaker-last-turn.yaml"),
    ] {
        let record = record_of(game, save);
        decided.extend(deciding_rulings_are_named(game, &record));
    }
    // A play of three of a rank with a joker, and the hand drawn back up in one line.
    let kinga = "deck: real\ndraw 2S 2H 2D JK\n1. 2S 2H 2D JK > 3S\ndraw AC AH AD AS\n";
    decided.extend(deciding_rulings_are_named("kinga", kinga));
    // ana runs across cy's claimed border, then cy across it again.
    let pokino = format!("{POKINO}{CY_AGAIN}");
    decided.extend(deciding_rulings_are_named("pokino", &pokino));
    for id in ["own-borders", "hardcore"] {
        assert!(decided.contains(id), "{id} decided nothing: {decided:?}");
    }
    eprintln!("rulings that decided a verdict here: {decided:?}");
}

/// cy earns two beads, then runs across the border cy claimed.
const CY_AGAIN: &str = "ana pass
ben pass
cy domino 9-9@5,0h
ana pass
ben pass
cy domino 8-8@7,0h
ana pass
ben pass
cy run 6S AS @ 0,0 0,1
";

use crate::pokino_record::GAME as POKINO;

/// Issue 63: a run over another player's claimed border was refused as "ruling
/// own-borders: … claimed already", under `own-borders: open` too; the rules forbid it
/// outright. The ruling decides only the claimer's own border.
#[test]
fn a_run_over_anothers_border_blamed_ruling_own_borders() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("open.yaml"),
        "base: pokino\nrulings:\n  own-borders: open\n",
    )
    .unwrap();
    let other = format!("{POKINO}ana pass\nben run 6H AH @ 0,0 0,1\n");
    let want = "Illegal: line 10 (ben) — claimed borders: step 2 of the run: border 0,0-0,1 is claimed by cy, and no other player may use it.";
    for rules in ["pokino", "open.yaml"] {
        let (_, out, _) = run_in(d, &["--rules", rules, "pokino", "check", "-"], &other);
        assert!(out.contains(want), "{rules}: {out}");
    }
    let own = format!("{POKINO}{CY_AGAIN}");
    let (_, out, _) = run_in(d, &["pokino", "check", "-"], &own);
    assert!(
        out.contains("Illegal: line 17 (cy) — ruling own-borders: step 2 of the run: cy claimed border 0,0-0,1 before, and a claimed border is closed to its claimer too (ruling own-borders: closed)."),
        "{out}"
    );
    let (_, out, _) = run_in(d, &["--rules", "open.yaml", "pokino", "check", "-"], &own);
    assert!(!out.contains("Illegal"), "{out}");
}

/// Issue 63: a tenth Kin Kādo round was refused at its first line as "the game is over";
/// it says when the game ended.
#[test]
fn a_tenth_round_was_refused_as_the_game_is_over() {
    let record = record_of("kinkado", "kinkado-last-turn.yaml")
        + "you plays 9H 9D 9C JK\nround 10\nprize: 2C\n";
    let (code, out, _) = run_with_input(&["kinkado", "check", "-"], &record);
    assert_eq!(code, 0);
    assert!(
        out.ends_with(
            "Winner: you\nIllegal line 95: `prize: 2C`\n  the game ended after round 9\n"
        ),
        "{out}"
    );
}

/// Issue 63: `koikoi-bga` doubled a score when the opponent had called koi-koi (Hard Koi);
/// Board Game Arena's help presents Soft Koi first, and koikoi-bga plays it: the winner's
/// own calls raise the multiplier, the opponent's add nothing. Hard Koi stays the base
/// ruleset's default and an alternative.
#[test]
fn koikoi_bga_doubled_a_score_when_the_opponent_called_koi() {
    let yaku = |rules: &str, flag: &[&str]| {
        let mut args = vec!["--rules", rules, "koikoi", "yaku", "1b", "3b", "8b"];
        args.extend(flag);
        run(&args).1
    };
    let out = yaku("koikoi-bga", &["--opponent-koi"]);
    assert!(out.contains("Base 5, multiplier ×1: 5 points"), "{out}");
    assert!(
        out.contains("the opponent's koi-koi adds nothing under soft koi"),
        "{out}"
    );
    let out = yaku("koikoi-bga", &["--koi-calls", "1"]);
    assert!(
        out.contains("×2: you called koi-koi once (soft koi)"),
        "{out}"
    );
    let out = yaku("koikoi", &["--opponent-koi"]);
    assert!(
        out.contains("×2: the opponent had called koi-koi (hard koi)"),
        "{out}"
    );
}

/// Issue 63: a Kinga record whose Three's Company card and the hand drawn back up were
/// one `draw` line was refused as "draw 1 card, not 4", through the binary: read as the
/// extra card drawn and kept, then three drawn; a line that reads only as the extra card
/// declined is refused under extra-draws: always, naming the ruling.
#[test]
fn a_declined_three_s_company_card_and_the_refill_in_one_draw_were_refused() {
    let one_draw = "deck: real\ndraw 2S 2H 2D JK\n1. 2S 2H 2D JK > 3S\ndraw AC AH AD AS\n";
    let (_, out, _) = run_with_input(&["kinga", "check", "-"], one_draw);
    assert!(
        out.contains("line 4  draw AC AH AD AS — One draw read as the extra A♣, A♣ kept at cleanup, then 3 cards drawn back up."),
        "{out}"
    );
    assert!(!out.contains("Illegal"), "{out}");
    let joker_kept = one_draw.replace("1. 2S 2H 2D JK > 3S", "1. 2S 2H 2D > 3S");
    let (_, out, _) = run_with_input(&["kinga", "check", "-"], &joker_kept);
    assert!(
        out.contains("Illegal: line 4 (turn 1) — ruling extra-draws: this draw reads as the hand drawn back up with 1 extra card declined"),
        "{out}"
    );
}
