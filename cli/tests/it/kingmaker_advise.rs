//! End-to-end tests of the Kingmaker advisor: `kado kingmaker advise RECORD` and `hint`
//! at the Summer and Harvest prompts of `kado kingmaker play`.

use crate::common::*;
use std::path::Path;

/// A Year up to dee's Harvest step, under ruling dark-commons: lit-when-moved (every
/// common is lit by Harvest, so only the players' unrevealed pairs are unknown).
const LIT_YEAR: &str = "\
players: ana bo cy dee
winter: ana bo cy dee
spring: bo c1 left RG, cy c1 long RG-YB, dee c2 left GG, ana c2 long GG-BB
summer: cy RY c3 lit YY-RB, dee BB c2 e c3, ana YB c4 ne c3 lit GR-GY, bo GB c1 sw c2
harvest: dee w c4
";

const LIT_RULES: &str = "base: kingmaker\nrulings:\n  dark-commons: lit-when-moved\n";

/// The example Year up to Spring's end: cy moves the first common.
const SPRING_DONE: &str = "\
players: ana bo cy dee
winter: ana bo cy dee
spring: bo c2 left RG, cy c2 long RG-YB, dee c3 right GB, ana c1 left YY
";

/// Writes files in a fresh folder; returns the folder.
fn with_files(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in files {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    dir
}

fn path(dir: &Path, name: &str) -> String {
    dir.join(name).to_str().unwrap().to_string()
}

const GREEDY: &str = "Every later step follows a simple greedy rule, as if the colours drawn were seen: in Summer the scattered common that scores best with the mover's Blink goes to its first legal place; in Harvest each Blink takes the place whose triad scores best for its player.";

#[test]
fn harvest_advice_counted_exactly_when_few_faces_are_unseen() {
    let dir = with_files(&[("year.txt", LIT_YEAR), ("lit.yaml", LIT_RULES)]);
    let (year, rules) = (path(dir.path(), "year.txt"), path(dir.path(), "lit.yaml"));
    let args = [
        "--rules",
        &rules,
        "kingmaker",
        "advise",
        &year,
        "--blink",
        "YB-RR",
        "--samples",
        "4096",
    ];
    let Output { stdout: out, .. } = Test::new().args(args).any_stdout().run();
    let want = format!(
        "\
Harvest, ana: where to insert your Blink.
┌──────┬────────┬────────────────┬─────────────┐
│      ┆ Answer ┆ Takes the Year ┆ Triad score │
╞══════╪════════╪════════════════╪═════════════╡
│ best ┆ se c2  ┆ 76.6%          ┆ 72.00       │
│ 2    ┆ ne c2  ┆ 67.0%          ┆ 72.00       │
│ 3    ┆ sw c3  ┆ 0.0%           ┆ 48.00       │
└──────┴────────┴────────────────┴─────────────┘
Ranked by the chance to take the Year, then the average triad score. Exact: every colouring of the 6 faces ana cannot see was played (4096). Each unseen face is any of R Y G B alike; ana's own Blink is YB-RR. {GREEDY}
"
    );
    assert_eq!(out, want);
    let v = json(&args);
    assert_eq!(v["player"], "ana");
    assert_eq!(v["season"], "harvest");
    assert_eq!(v["exact"], true);
    assert_eq!(v["unknown_faces"], 6);
    assert_eq!(v["own_blink"], "YB-RR");
    let c = &v["candidates"][0];
    assert_eq!(c["answer"], "se c2");
    assert_eq!(
        (c["wins"].as_u64(), c["samples"].as_u64()),
        (Some(3136), Some(4096))
    );
    assert_eq!(c["win_rate"], 0.765625);
    assert_eq!(
        (c["margin"].as_f64(), c["average_score"].as_f64()),
        (Some(0.0), Some(72.0))
    );
    // Fewer samples than colourings: sampled, with an interval.
    let v2 = json(
        &[
            &args[..args.len() - 2],
            &["--samples", "300", "--seed", "9"],
        ]
        .concat(),
    );
    assert_eq!(v2["exact"], false);
    assert_eq!(v2["samples"], 300);
    assert!(v2["candidates"][0]["margin"].as_f64().unwrap() > 0.0);
}

#[test]
fn summer_advice_lists_every_legal_move_sampled_and_repeatable() {
    let dir = with_files(&[("year.txt", SPRING_DONE)]);
    let year = path(dir.path(), "year.txt");
    let args = [
        "kingmaker",
        "advise",
        &year,
        "--samples",
        "200",
        "--seed",
        "3",
    ];
    let v = json(&args);
    assert_eq!(
        (&v["player"], &v["season"]),
        (&"cy".into(), &"summer".into())
    );
    assert_eq!(v["exact"], false);
    assert_eq!(v["unknown_faces"], 24);
    let mut answers: Vec<&str> = v["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["answer"].as_str().unwrap())
        .collect();
    answers.sort();
    assert_eq!(answers, ["c1", "c2", "c3", "c4"]);
    assert_eq!(v, json(&args), "the same seed gives the same advice");
    let Output { stdout: out, .. } = Test::new().args(args).any_stdout().run();
    assert!(out.starts_with(
        "Summer, cy: which common to move and where (the pair revealed changes no score).\n"
    ));
    assert!(out.contains(
        "Over 200 colourings of the 24 faces cy cannot see, drawn from seed 3; ± is a 95% interval."
    ));
    assert!(out.contains("cy's own Blink is known only by what it showed"));
    assert!(out.contains(
        "Every later step, the player's own in Harvest included, follows a simple greedy rule"
    ));
}

#[test]
fn only_a_summer_or_harvest_step_is_advised() {
    let dir = with_files(&[
        (
            "spring.txt",
            "players: ana bo cy dee\nwinter: ana bo cy dee\n",
        ),
        (
            "illegal.txt",
            "players: ana bo cy dee\nwinter: ana bo cy dee\nspring: ana c1 left RG\n",
        ),
    ]);
    Test::new().args(["kingmaker", "advise", &path(dir.path(), "spring.txt")]).status(2).stderr("error: nothing to advise: next comes Spring: bo lights a scattered common; kado advises the player about to act in Summer (which common to move and where) or in Harvest (where to insert their Blink)\n").run();
    let Output { stderr: err, .. } = Test::new()
        .args(["kingmaker", "advise", &path(dir.path(), "illegal.txt")])
        .status(2)
        .any_stdout()
        .any_stderr()
        .run();
    assert!(
        err.starts_with("error: line 3 of the record is illegal: out of token order"),
        "{err}"
    );
}

#[test]
fn own_blink_read_with_its_place_and_checked_against_the_reveal() {
    let dir = with_files(&[("year.txt", LIT_YEAR), ("lit.yaml", LIT_RULES)]);
    let (year, rules) = (path(dir.path(), "year.txt"), path(dir.path(), "lit.yaml"));
    let err = bad(&["kingmaker", "advise", &year, "--blink", "YB-RX"]);
    assert!(err.contains("`RX` is not a pip pair"), "{err}");
    assert!(err.contains("--> --blink, column 4"), "{err}");
    let args = [
        "--rules",
        &rules,
        "kingmaker",
        "advise",
        &year,
        "--blink",
        "RR-GG",
    ];
    Test::new()
        .args(args)
        .status(2)
        .any_stdout()
        .stderr_has("ana revealed YB in Summer, which is not a pair of RR-GG")
        .run();
}

#[test]
fn advise_reads_stdin() {
    let Output { stdout: out, .. } = Test::new()
        .args(["kingmaker", "advise", "-", "--samples", "50"])
        .stdin(SPRING_DONE)
        .any_stdout()
        .run();
    assert!(out.starts_with("Summer, cy:"));
}

#[test]
fn hint_at_a_harvest_prompt_gives_the_advice_of_advise() {
    let dir = tempfile::tempdir().unwrap();
    let answers = "c2 left RG\nc2 long RG-YB\nc3 right GB\nc1 left YY\n\
                   RY c3\nBB c2 e c3\nYB c4 ne c3\nGB c1 sw c2\nw c4\nhint\nquit\n";
    let out = Test::new()
        .current_dir(dir.path())
        .args([
            "kingmaker",
            "play",
            "--players",
            "ana,bo,cy,dee",
            "--first",
            "ana",
            "--save",
            "g.yaml",
        ])
        .stdin(answers)
        .any_status()
        .any_stdout()
        .any_stderr()
        .run();
    let said = out.stdout;
    let record = "players: ana bo cy dee\nwinter: ana bo cy dee\n\
                  spring: bo c2 left RG, cy c2 long RG-YB, dee c3 right GB, ana c1 left YY\n\
                  summer: cy RY c3, dee BB c2 e c3, ana YB c4 ne c3, bo GB c1 sw c2\n\
                  harvest: dee w c4\n";
    // The hint plays 600 colourings, seeded by the Year and the Blinks placed (5).
    let Output { stdout: advice, .. } = Test::new()
        .args([
            "kingmaker",
            "advise",
            "-",
            "--samples",
            "600",
            "--seed",
            "5",
        ])
        .stdin(record)
        .any_stdout()
        .run();
    assert!(advice.starts_with("Harvest, ana: where to insert your Blink."));
    assert!(said.contains(&advice), "{said}\n---\n{advice}");
}

#[test]
fn no_hint_where_there_is_no_choice_of_play() {
    let dir = tempfile::tempdir().unwrap();
    let out = Test::new()
        .current_dir(dir.path())
        .args([
            "kingmaker",
            "play",
            "--players",
            "ana,bo,cy,dee",
            "--first",
            "ana",
            "--save",
            "g.yaml",
        ])
        .stdin("hint\nquit\n")
        .any_status()
        .any_stdout()
        .any_stderr()
        .run();
    let all = format!("{}{}", out.stdout, out.stderr);
    assert!(
        all.contains("kado has no advice for this question"),
        "{all}"
    );
}

const PLAYED_SPRING: &str = "c2 left RG\nc2 long RG-YB\nc3 right GB\nc1 left YY\n";

/// Plays (`play`, or `resume` of the save) in `dir` with these answers: stdout.
fn at_the_table(dir: &Path, resume: bool, answers: &str) -> String {
    let args: &[&str] = if resume {
        &["kingmaker", "resume", "g.yaml"]
    } else {
        &[
            "kingmaker",
            "play",
            "--players",
            "ana,bo,cy,dee",
            "--first",
            "ana",
            "--save",
            "g.yaml",
        ]
    };
    Test::new()
        .current_dir(dir)
        .args(args)
        .stdin(answers)
        .any_stdout()
        .run()
        .stdout
}

/// The first (best) answer of the advice table printed last in `out`.
fn best_answer(out: &str) -> String {
    let row = out
        .lines()
        .rfind(|l| l.starts_with("│ best ┆ "))
        .unwrap_or_else(|| panic!("no advice in {out}"));
    row.split('┆').nth(1).unwrap().trim().to_string()
}

/// Summer: `hint` suggested `c4`, and typing `c4` was refused as a record-file line
/// ("`cy c4` is not a summer step … expected: PLAYER PAIR COMMON"). The pair is now
/// revealed first; at the move the hint's answer is typed as printed and accepted.
#[test]
fn summer_hint_suggested_c4_and_typing_c4_was_refused_with_a_record_file_message() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let out = at_the_table(d, false, &format!("{PLAYED_SPRING}RY\nhint\nquit\n"));
    assert!(
        out.contains("cy reveals RY.\nSummer, cy (revealed RY): the common you move into the Commons: hint\nSummer, cy: which common to move and where"),
        "{out}"
    );
    let best = best_answer(&out);
    let out = at_the_table(d, true, &format!("{best}\nquit\n"));
    assert!(
        out.contains(&format!(
            "Summer, cy (revealed RY): the common you move into the Commons: {best}\ncy moves {best} into the Commons.\n"
        )),
        "{out}"
    );
    assert!(!out.contains('✗'), "{out}");
}

/// A refused live answer said what the record file takes; it says what this prompt takes.
#[test]
fn a_refused_live_answer_got_a_record_file_message() {
    let dir = tempfile::tempdir().unwrap();
    let out = at_the_table(
        dir.path(),
        false,
        &format!("{PLAYED_SPRING}c4\nRY\nzz\nquit\n"),
    );
    assert!(!out.contains("is not a summer step"), "{out}");
    assert!(!out.contains("PLAYER PAIR COMMON"), "{out}");
    let from = out
        .find("Summer, cy: the pair you reveal (e.g. `RG`): c4")
        .unwrap();
    assert_eq!(
        &out[from..],
        "Summer, cy: the pair you reveal (e.g. `RG`): c4
✗ error: `c4` is not an answer to this question
  = expected: the pair your Blink shows, `RY`, or with it the common you move: `RY c3`, `BB c2 e c3`
Summer, cy: the pair you reveal (e.g. `RG`): RY
cy reveals RY.
Summer, cy (revealed RY): the common you move into the Commons: zz
✗ error: `zz` is not a scattered common
  = expected: the common you move and where: `c1`, `c2`, `c3`, `c4`
Summer, cy (revealed RY): the common you move into the Commons: quit
The game is saved in g.yaml; continue it with `kado kingmaker resume g.yaml`.
"
    );
}

/// `hint BR-GG` (the player's own Blink, which only they know) was refused, so Summer
/// advice was a coin flip. `hint BLINK` reckons with it: at the reveal it names the two
/// pairs, at the move it ranks the moves knowing the Blink, and its answer is accepted.
#[test]
fn hint_with_the_players_own_blink_was_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let out = at_the_table(d, false, &format!("{PLAYED_SPRING}hint RY-GG\nquit\n"));
    assert!(
        out.contains("Summer, cy: the pair you reveal (e.g. `RG`): hint RY-GG\nReveal `RY` or `GG`: the pair revealed changes no score."),
        "{out}"
    );
    let out = at_the_table(d, true, "RY\nhint RY-GG\nquit\n");
    assert!(out.contains("cy's own Blink is RY-GG."), "{out}");
    assert!(
        out.contains("colourings of the 20 faces cy cannot see"),
        "{out}"
    );
    let best = best_answer(&out);
    let out = at_the_table(d, true, &format!("{best}\nquit\n"));
    assert!(
        out.contains(&format!("\ncy moves {best} into the Commons.\n")),
        "{out}"
    );
    assert!(!out.contains('✗'), "{out}");
    // A Blink that does not hold the pair revealed is refused, saying why.
    let dir = tempfile::tempdir().unwrap();
    let out = at_the_table(
        dir.path(),
        false,
        &format!("{PLAYED_SPRING}RY\nhint BR-GG\nquit\n"),
    );
    assert!(
        out.contains("✗ cy revealed RY in Summer, which is not a pair of BR-GG; give cy's own Blink as it lights up\n"),
        "{out}"
    );
}

/// Later in Summer, the hint's answer is a common and a place, as typed, and accepted.
#[test]
fn summer_hint_answers_with_a_place_are_typed_as_printed() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let out = at_the_table(
        d,
        false,
        &format!("{PLAYED_SPRING}RY c3\nBB\nhint BB-GY\nquit\n"),
    );
    let best = best_answer(&out);
    assert!(best.contains(" c3"), "{best}");
    let out = at_the_table(d, true, &format!("{best}\nquit\n"));
    assert!(
        out.contains(&format!(
            "the common you move into the Commons: {best}\ndee moves "
        )),
        "{out}"
    );
    assert!(!out.contains('✗'), "{out}");
}

/// Under ruling dark-commons: lit-when-moved, the hint's answer for a common nobody chose
/// (`c4`) was refused for want of its pairs: it is taken, and then its pairs are asked.
#[test]
fn a_hint_answer_moving_a_dark_common_was_refused_for_want_of_its_pairs() {
    let dir = with_files(&[("lit.yaml", LIT_RULES)]);
    let Output { stdout: out, .. } = Test::new()
        .current_dir(dir.path())
        .args([
            "--rules",
            "lit.yaml",
            "kingmaker",
            "play",
            "--players",
            "ana,bo,cy,dee",
            "--first",
            "ana",
            "--save",
            "g.yaml",
        ])
        .stdin(format!("{PLAYED_SPRING}RY\nc4\nGG-RY\nquit\n"))
        .any_stdout()
        .run();
    let from = out.find("Summer, cy (revealed RY)").unwrap();
    let to = out[from..].find("Year 1 · ").unwrap();
    assert_eq!(
        &out[from..from + to],
        "Summer, cy (revealed RY): the common you move into the Commons: c4
cy moves c4 into the Commons and long-presses it.
Summer, cy: c4 is long-pressed as it goes in; its pairs: GG-RY
c4 lights GG-RY.
"
    );
}
