//! End-to-end tests of `kado kingmaker`: exact human and JSON output, exact errors.

use crate::common::*;
use serde_json::json;

pub const EXAMPLE: &str = "ana:RG-YB RR-GB bo:YY-BG / GG-RY BB-RY / cy:RY-GB YG-RR dee:BB-GY";

#[test]
fn score_the_example_a_tie() {
    Test::new()
        .args(["kingmaker", "score", EXAMPLE])
        .stdout(
            "\
┌────────┬──────────────┬───────────────────────┬───┬───┬───┬───┬──────────────┐
│ Player ┆ Seat         ┆ Triad                 ┆ R ┆ Y ┆ G ┆ B ┆ Score        │
╞════════╪══════════════╪═══════════════════════╪═══╪═══╪═══╪═══╪══════════════╡
│ ana    ┆ top-left     ┆ RG-YB + RR-GB + GG-RY ┆ 4 ┆ 2 ┆ 4 ┆ 2 ┆ 4×2×4×2 = 64 │
│ bo     ┆ top-right    ┆ YY-BG + RR-GB + BB-RY ┆ 3 ┆ 3 ┆ 2 ┆ 4 ┆ 3×3×2×4 = 72 │
│ cy     ┆ bottom-left  ┆ RY-GB + GG-RY + YG-RR ┆ 4 ┆ 3 ┆ 4 ┆ 1 ┆ 4×3×4×1 = 48 │
│ dee    ┆ bottom-right ┆ BB-GY + BB-RY + YG-RR ┆ 3 ┆ 3 ┆ 2 ┆ 4 ┆ 3×3×2×4 = 72 │
└────────┴──────────────┴───────────────────────┴───┴───┴───┴───┴──────────────┘
bo and dee tie for the Year with 72: each gets the overall point (ruling year-tie: shared).
",
        )
        .run();
}

#[test]
fn score_json_and_a_tie_for_nobody() {
    let v = json(&["kingmaker", "score", EXAMPLE]);
    assert_eq!(v["winners"], json!(["bo", "dee"]));
    assert_eq!(v["top"], json!(["bo", "dee"]));
    assert_eq!(v["best"], json!(72));
    assert_eq!(v["layout"], json!(EXAMPLE));
    assert_eq!(
        v["players"][0],
        json!({
            "name": "ana",
            "slot": "top-left",
            "triad": [
                {"slot": "top-left", "blink": "RG-YB"},
                {"slot": "top-middle", "blink": "RR-GB"},
                {"slot": "middle-left", "blink": "GG-RY"}
            ],
            "counts": {"R": 4, "Y": 2, "G": 4, "B": 2},
            "score": 64
        })
    );
    let scores: Vec<_> = v["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap().to_string(),
                p["score"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        scores,
        [
            ("ana".into(), 64),
            ("bo".into(), 72),
            ("cy".into(), 48),
            ("dee".into(), 72)
        ]
    );

    let dir = tempfile::tempdir().unwrap();
    let house = dir.path().join("house.yaml");
    std::fs::write(&house, "base: kingmaker\nrulings:\n  year-tie: nobody\n").unwrap();
    let house = house.to_str().unwrap();
    let v = json(&["kingmaker", "score", "--rules", house, EXAMPLE]);
    assert_eq!(v["winners"], json!([]));
    assert_eq!(v["top"], json!(["bo", "dee"]));
    let Output { stdout: out, .. } = Test::new()
        .args(["kingmaker", "score", "--rules", house, EXAMPLE])
        .any_stdout()
        .run();
    assert!(
        out.ends_with(
            "bo and dee tie for the Year with 72: nobody gets the overall point (ruling year-tie: nobody).\n"
        ),
        "{out}"
    );
}

#[test]
fn score_the_maximum_and_a_missing_colour() {
    Test::new()
        .args([
            "kingmaker",
            "score",
            "ana:RY-GB RY-GB RR-RR / RY-GB YY-YY / GG-GG BB-BB BB-BB",
        ])
        .stdout(
            "\
┌────────┬──────────────┬───────────────────────┬───┬───┬───┬───┬──────────────┐
│ Player ┆ Seat         ┆ Triad                 ┆ R ┆ Y ┆ G ┆ B ┆ Score        │
╞════════╪══════════════╪═══════════════════════╪═══╪═══╪═══╪═══╪══════════════╡
│ ana    ┆ top-left     ┆ RY-GB + RY-GB + RY-GB ┆ 3 ┆ 3 ┆ 3 ┆ 3 ┆ 3×3×3×3 = 81 │
│ p2     ┆ top-right    ┆ RR-RR + RY-GB + YY-YY ┆ 5 ┆ 5 ┆ 1 ┆ 1 ┆ 5×5×1×1 = 25 │
│ p3     ┆ bottom-left  ┆ GG-GG + RY-GB + BB-BB ┆ 1 ┆ 1 ┆ 5 ┆ 5 ┆ 1×1×5×5 = 25 │
│ p4     ┆ bottom-right ┆ BB-BB + YY-YY + BB-BB ┆ 0 ┆ 4 ┆ 0 ┆ 8 ┆ 4×8 = 32     │
└────────┴──────────────┴───────────────────────┴───┴───┴───┴───┴──────────────┘
ana wins the Year with 81 and gets the overall point; ana chooses who starts the next Year.
",
        )
        .run();
    // No blue in ana's triad: R5 Y3 G4, blue left out → 60; under zero-colour: zero → 0.
    let missing = "ana:RG-YR RR-GY bo:BB-BB / GG-RY BB-BB / BB-BB BB-BB BB-BB";
    let v = json(&["kingmaker", "score", missing]);
    assert_eq!(v["players"][0]["score"], json!(60));
    assert_eq!(
        v["players"][0]["counts"],
        json!({"R": 5, "Y": 3, "G": 4, "B": 0})
    );
    assert_eq!(v["winners"], json!(["ana"]));
    let dir = tempfile::tempdir().unwrap();
    let house = dir.path().join("zero.yaml");
    std::fs::write(&house, "base: kingmaker\nrulings:\n  zero-colour: zero\n").unwrap();
    let v = json(&[
        "kingmaker",
        "score",
        "--rules",
        house.to_str().unwrap(),
        missing,
    ]);
    assert_eq!(v["players"][0]["score"], json!(0));
    // bo: BB-BB + RR-GY + BB-BB and p3: BB-BB + GG-RY + BB-BB have every colour:
    // 2×1×1×8 = 16 and 1×1×2×8 = 16; they share the Year.
    assert_eq!(v["players"][1]["score"], json!(16));
    assert_eq!(v["players"][2]["score"], json!(16));
    assert_eq!(v["winners"], json!(["bo", "p3"]));
}

#[test]
fn unlit_pairs_need_the_shown_ruling() {
    let part = "ana:RG-.. RR-GB bo:YY-BG / GG-RY ..-RY / cy:RY-GB YG-RR dee:BB-GY";
    let err = bad(&["kingmaker", "score", part]);
    assert_eq!(
        err,
        "\
error: the right pair of the top-left Blink is not lit, and every face counts at the end of the Year
 --> argument LAYOUT, column 8
  |
1 | ana:RG-.. RR-GB bo:YY-BG / GG-RY ..-RY / cy:RY-GB YG-RR dee:BB-GY
  |        ^^
  = expected: the pair's two colours, e.g. `RG` (the long press that ends the Year lights every pair)
  = help: to score only the pairs shown part-way through a Year, add `--rules kingmaker-shown` (ruling lit-faces: shown)

error: the left pair of the middle-right Blink is not lit, and every face counts at the end of the Year
 --> argument LAYOUT, column 34
  |
1 | ana:RG-.. RR-GB bo:YY-BG / GG-RY ..-RY / cy:RY-GB YG-RR dee:BB-GY
  |                                  ^^
  = expected: the pair's two colours, e.g. `RG` (the long press that ends the Year lights every pair)
  = help: to score only the pairs shown part-way through a Year, add `--rules kingmaker-shown` (ruling lit-faces: shown)

2 problems found
"
    );
    // Shown pairs only: ana RG + RR-GB + GG-RY → R4 Y1 G4 B1 = 16;
    // bo YY-BG + RR-GB + RY → R3 Y3 G2 B2 = 36.
    let v = json(&["kingmaker", "score", "--rules", "kingmaker-shown", part]);
    let scores: Vec<u64> = v["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["score"].as_u64().unwrap())
        .collect();
    // cy RY-GB + GG-RY + YG-RR → 48; dee BB-GY + RY + YG-RR → R3 Y3 G2 B2 = 36.
    assert_eq!(scores, [16, 36, 48, 36]);
    assert_eq!(v["winners"], json!(["cy"]));
}

#[test]
fn every_layout_problem_at_once() {
    let err = bad(&[
        "kingmaker",
        "score",
        "ana:RX-YB RR-G bo:YY-BG / GG-RY BB-RY cc:RR-RR / ana:RY-GB YG-RR",
    ]);
    assert_eq!(
        err,
        "\
error: unknown colour `X` in `RX`
 --> argument LAYOUT, column 6
  |
1 | ana:RX-YB RR-G bo:YY-BG / GG-RY BB-RY cc:RR-RR / ana:RY-GB YG-RR
  |      ^
  = expected: a colour: R (red), Y (yellow), G (green), B (blue); or `..` for a pair not lit

error: a face is missing: the pair `G` has 1 face, a pip pair has 2
 --> argument LAYOUT, column 14
  |
1 | ana:RX-YB RR-G bo:YY-BG / GG-RY BB-RY cc:RR-RR / ana:RY-GB YG-RR
  |              ^
  = expected: a left pip pair, `-`, a right pip pair, each two colours of R Y G B: `RG-YB`

error: row 2 has 3 Blinks, not 2
 --> argument LAYOUT, column 27
  |
1 | ana:RX-YB RR-G bo:YY-BG / GG-RY BB-RY cc:RR-RR / ana:RY-GB YG-RR
  |                           ^^^^^^^^^^^^^^^^^^^^
  = expected: three rows separated by `/` or new lines: three Blinks, two Blinks, three Blinks

error: row 3 has 2 Blinks, not 3
 --> argument LAYOUT, column 50
  |
1 | ana:RX-YB RR-G bo:YY-BG / GG-RY BB-RY cc:RR-RR / ana:RY-GB YG-RR
  |                                                  ^^^^^^^^^^^^^^^
  = expected: three rows separated by `/` or new lines: three Blinks, two Blinks, three Blinks

error: the name `ana` is used twice
 --> argument LAYOUT, column 50
  |
1 | ana:RX-YB RR-G bo:YY-BG / GG-RY BB-RY cc:RR-RR / ana:RY-GB YG-RR
  |                                                  ^^^
  = help: it is first used at column 1; each player's Blink needs its own name

5 problems found
"
    );
    let Output { stderr: err, .. } = Test::new()
        .args(["--json", "kingmaker", "score", "RG-YB"])
        .status(2)
        .any_stderr()
        .run();
    let v: serde_json::Value = serde_json::from_str(&err).unwrap();
    assert_eq!(
        v["error"],
        json!("the layout has 1 row, not 3 (and 1 more)")
    );
    assert_eq!(
        v["problems"][1]["message"],
        json!("row 1 has 1 Blink, not 3")
    );
    assert_eq!(v["problems"][1]["column"], json!(1));
}

#[test]
fn layouts_from_files_point_at_lines() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("year.txt");
    std::fs::write(
        &f,
        "ana:RG-YB RR-GB bo:YY-BG\nGG-RY BB-RY\ncy:RY-GB YG-RR dee:BB-GO\n",
    )
    .unwrap();
    let f = f.to_str().unwrap().to_string();
    let err = bad(&["kingmaker", "score", "--file", &f]);
    assert_eq!(
        err,
        format!(
            "\
error: unknown colour `O` in `GO`
 --> file {f}, line 3, column 24
  |
3 | cy:RY-GB YG-RR dee:BB-GO
  |                        ^
  = expected: a colour: R (red), Y (yellow), G (green), B (blue); or `..` for a pair not lit
  = help: Kingmaker uses four colours only: red, yellow, green and blue
"
        )
    );
    std::fs::write(dir.path().join("year.txt"), EXAMPLE.replace(" / ", "\n")).unwrap();
    let v = json(&["kingmaker", "score", "--file", &f]);
    assert_eq!(v["winners"], json!(["bo", "dee"]));
}

#[test]
fn show_draws_hexagons() {
    Test::new()
        .args(["kingmaker", "show", EXAMPLE])
        .stdout(
            r"   / \     / \     / \
  /   \   /   \   /   \
 /     \ /     \ /     \
|  ana  |common |  bo   |
| R   Y | R   G | Y   B |
| G   B | R   B | Y   G |
 \     / \     / \     /
  \   /   \   /   \   /
   \ /     \ /     \ /
    |common |common |
    | G   R | B   R |
    | G   Y | B   Y |
   / \     / \     / \
  /   \   /   \   /   \
 /     \ /     \ /     \
|  cy   |common |  dee  |
| R   G | Y   R | B   G |
| Y   B | G   R | B   Y |
 \     / \     / \     /
  \   /   \   /   \   /
   \ /     \ /     \ /

Triads:
  ana (top-left): RG-YB + top-middle RR-GB + middle-left GG-RY — score 4×2×4×2 = 64
  bo (top-right): YY-BG + top-middle RR-GB + middle-right BB-RY — score 3×3×2×4 = 72
  cy (bottom-left): RY-GB + middle-left GG-RY + bottom-middle YG-RR — score 4×3×4×1 = 48
  dee (bottom-right): BB-GY + middle-right BB-RY + bottom-middle YG-RR — score 3×3×2×4 = 72
bo and dee tie for the Year with 72: each gets the overall point (ruling year-tie: shared).
",
        )
        .run();
    let v = json(&["kingmaker", "show", EXAMPLE]);
    assert_eq!(v["layout"], json!(EXAMPLE));
    assert_eq!(
        v["blinks"][1],
        json!({"slot": "top-middle", "name": null, "left": "RR", "right": "GB", "common": true})
    );
    assert_eq!(
        v["triads"][3],
        json!({"name": "dee", "slot": "bottom-right", "triad": ["bottom-right", "middle-right", "bottom-middle"]})
    );
    assert_eq!(
        v["scores"],
        json!({"ana": 64, "bo": 72, "cy": 48, "dee": 72})
    );
    assert!(v["picture"].as_str().unwrap().starts_with("   / \\"));
}

#[test]
fn show_a_part_lit_layout() {
    let part = "RG-.. RR-GB YY-BG / GG-RY BB-RY / RY-GB YG-RR BB-GY";
    let Output { stdout: out, .. } = Test::new()
        .args(["kingmaker", "show", part])
        .stdout_has("|  p1   |common |  p2   |\n| R   · |")
        .run();
    assert!(out.ends_with(
        "No scores yet: some pairs are not lit, and every face counts at the end of the Year (ruling lit-faces: all-lit).\n"
    ));
    let v = json(&["kingmaker", "show", part]);
    assert_eq!(v["scores"], json!(null));
    assert_eq!(v["blinks"][0]["right"], json!(".."));
    let v = json(&["kingmaker", "show", "--rules", "kingmaker-shown", part]);
    // p1: RG + RR-GB + GG-RY → R4 Y1 G4 B1 = 16.
    assert_eq!(v["scores"]["p1"], json!(16));
}

/// The example's Year ends in a tie, which year-tie decides; every face is lit and every
/// colour counted, so lit-faces and zero-colour play no part and are not named.
#[test]
fn explain_names_the_rulings() {
    let v = json(&["--explain", "kingmaker", "score", EXAMPLE]);
    let rulings = explained_rulings(&v);
    assert_eq!(rulings, ["year-tie: shared"]);
    Test::new().args(["--explain", "kingmaker", "score", EXAMPLE]).stdout_has("  - The highest score wins the Year; tied players each get the overall point. [ruling year-tie: shared]\n").run();
}

const BUILD: &str = "c1, c2 e c1, c3 ne c1, c4 sw c2, ana w c3, bo e c3, cy w c4, dee e c4";

#[test]
fn check_a_legal_build() {
    Test::new()
        .args(["kingmaker", "check", BUILD])
        .stdout(
            "\
┌──────┬───────┬────────┬──────────┬─────────┬─────────┐
│ Step ┆ Blink ┆ Role   ┆ Placed   ┆ Touches ┆ Verdict │
╞══════╪═══════╪════════╪══════════╪═════════╪═════════╡
│ 1    ┆ c1    ┆ common ┆ first    ┆ —       ┆ ok      │
│ 2    ┆ c2    ┆ common ┆ e of c1  ┆ c1      ┆ ok      │
│ 3    ┆ c3    ┆ common ┆ ne of c1 ┆ c1, c2  ┆ ok      │
│ 4    ┆ c4    ┆ common ┆ sw of c2 ┆ c1, c2  ┆ ok      │
│ 5    ┆ ana   ┆ player ┆ w of c3  ┆ c1, c3  ┆ ok      │
│ 6    ┆ bo    ┆ player ┆ e of c3  ┆ c2, c3  ┆ ok      │
│ 7    ┆ cy    ┆ player ┆ w of c4  ┆ c1, c4  ┆ ok      │
│ 8    ┆ dee   ┆ player ┆ e of c4  ┆ c2, c4  ┆ ok      │
└──────┴───────┴────────┴──────────┴─────────┴─────────┘
The Commons is built by the rules:
  ana  c3   bo
    c1   c2
  cy   c4   dee
Triads: ana with c3 and c1; bo with c3 and c2; cy with c1 and c4; dee with c2 and c4.
",
        )
        .run();
    let v = json(&["kingmaker", "check", BUILD]);
    assert_eq!(v["legal"], json!(true));
    assert_eq!(v["complete"], json!(true));
    assert_eq!(v["next"], json!(null));
    assert_eq!(v["slots"]["top-left"], json!("ana"));
    assert_eq!(v["slots"]["middle-left"], json!("c1"));
    assert_eq!(
        v["steps"][3],
        json!({"step": 4, "blink": "c4", "role": "common", "at": [0, 1],
               "placed": {"side": "sw", "of": "c2"}, "touches": ["c1", "c2"],
               "legal": true, "rule": null, "why": null})
    );
}

#[test]
fn check_says_which_step_breaks_which_rule() {
    let Output { stdout: out, .. } = Test::new()
        .args([
            "kingmaker",
            "check",
            "c1, c2 e c1, c3 ne c1, c4 se c1, ana nw c3",
        ])
        .any_stdout()
        .run();
    assert!(
        out.ends_with(
            "Step 5 (ana) breaks a rule: a player's Blink must touch exactly two commons (ana touches only one common, c3).\n"
        ),
        "{out}"
    );
    let v = json(&["kingmaker", "check", "c1, c2 e c1, c3 e c2"]);
    assert_eq!(v["legal"], json!(false));
    assert_eq!(v["steps"][2]["rule"], json!("third-touches-both"));
    assert_eq!(v["steps"][2]["why"], json!("c3 does not touch c1"));
    assert_eq!(v["slots"], json!(null));
    let v = json(&["kingmaker", "check", "c1,", "c2", "e", "c1"]);
    assert_eq!(v["next"], json!("the third common, touching c1 and c2"));
    let (_, out, _) = run(&["kingmaker", "check", "c1, c2 e c1"]);
    assert!(out.ends_with("So far by the rules. Next: the third common, touching c1 and c2.\n"));
}

#[test]
fn check_reports_every_notation_problem() {
    let err = bad(&["kingmaker", "check", "c1, c2 x c1, c3 ne c9"]);
    assert_eq!(
        err,
        "\
error: unknown side `x`
 --> argument BUILD, column 8
  |
1 | c1, c2 x c1, c3 ne c9
  |        ^
  = expected: a side: e, w, ne, nw, se or sw (east, west, north-east, …)
  = help: did you mean `e`?

error: no Blink called `c9` is placed
 --> argument BUILD, column 20
  |
1 | c1, c2 x c1, c3 ne c9
  |                    ^^
  = expected: one of: c1
  = help: did you mean `c1`?

2 problems found
"
    );
}

#[test]
fn a_campaign_scripted_saved_and_resumed() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("km.yaml");
    let save = save.to_str().unwrap();
    Test::new()
        .args([
            "kingmaker",
            "campaign",
            "--players",
            "ana,bo,cy,dee",
            "--target",
            "2",
            "--save",
            save,
        ])
        .stdin(format!(
            "ana\n{EXAMPLE}\nbo\nana=81 bo=10 cy=10 dee=10\nbogus\n"
        ))
        .stdout(format!(
            "\
Year 1
Seat  Points
ana   0
bo    0
cy    0
dee   0
Target: 2
Who holds the first player token for Year 1: ana
ana starts Year 1 with the first player token.
Year 1: the Commons, or each player's score: {EXAMPLE}
Year 1: bo 72, dee 72, ana 64, cy 48.
bo and dee tie for the Year: each gets an overall point (ruling year-tie: shared).
Points: ana 0, bo 1, cy 0, dee 1.
bo and dee topped Year 1: who do they choose to start Year 2: bo
bo starts Year 2 with the first player token.
Year 2: the Commons, or each player's score: ana=81 bo=10 cy=10 dee=10
Year 2: ana 81, bo 10, cy 10, dee 10.
ana wins the Year and an overall point.
Points: ana 1, bo 1, cy 0, dee 1.
ana won Year 2: who starts Year 3: bogus
✗ `bogus` is not a player of this campaign (players: ana, bo, cy, dee)
The game is saved in {save}; continue it with `kado kingmaker resume {save}`.
"
        ))
        .run();
    Test::new()
        .args(["kingmaker", "resume", save])
        .stdin("cy\nana=9 bo=12 cy=10 dee=9\n")
        .stdout_has("bo reaches 2 points and wins the campaign!\n")
        .run();
    let v = json(&["kingmaker", "resume", save]);
    assert_eq!(v["champions"], json!(["bo"]));
    assert_eq!(v["points"], json!({"ana": 1, "bo": 2, "cy": 0, "dee": 1}));
    assert_eq!(v["years"][1]["first"], json!("bo"));
    assert_eq!(v["years"][0]["layout"], json!(EXAMPLE));
    assert_eq!(v["years"][2]["winners"], json!(["bo"]));
}

#[test]
fn campaign_arguments_are_checked_together() {
    let err = bad(&[
        "kingmaker",
        "campaign",
        "--players",
        "ana,bo,ana",
        "--target",
        "x",
    ]);
    assert_eq!(
        err,
        "\
error: Kingmaker is for 4 players, not 3
 --> --players, column 1
  |
1 | ana,bo,ana
  | ^^^^^^^^^^
  = expected: four names, clockwise, separated by commas: ana,bo,cy,dee

error: `ana` is named twice among the players
 --> --players, column 8
  |
1 | ana,bo,ana
  |        ^^^
  = help: `ana` is at column 1; give each player a name of their own

error: `x` is not a number of points
 --> --target, column 1
  |
1 | x
  | ^
  = expected: a whole number of overall points, 1 or more

3 problems found
"
    );
}

/// Starts a campaign in a fresh folder with these answers and extra global flags;
/// returns (exit code, stdout, stderr, save path).
fn campaign(flags: &[&str], answers: &str) -> (i32, String, String, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("km.yaml");
    let mut args: Vec<&str> = flags.to_vec();
    args.extend([
        "kingmaker",
        "campaign",
        "--players",
        "ana,bo,cy,dee",
        "--target",
        "2",
        "--save",
        save.to_str().unwrap(),
    ]);
    let (code, out, err) = Test::new().args(&args).stdin(answers).outcome();
    (code, out, err, dir)
}

#[test]
fn campaign_json_the_transcript_on_stderr_the_ledger_on_stdout() {
    let (code, out, err, dir) = campaign(
        &["--json"],
        &format!("ana\n{EXAMPLE}\nbo\nana=81 bo=10 cy=10 dee=10\n"),
    );
    let save = dir.path().join("km.yaml");
    let save = save.to_str().unwrap();
    assert_eq!(code, 0, "{err}");
    assert!(
        err.starts_with("Year 1\nSeat  Points\nana   0\nbo    0\ncy    0\ndee   0\nTarget: 2\n"),
        "{err}"
    );
    assert!(
        err.contains("ana wins the Year and an overall point.\n"),
        "{err}"
    );
    assert!(err.ends_with(&format!(
        "The game is saved in {save}; continue it with `kado kingmaker resume {save}`.\n"
    )));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v,
        json!({
            "players": ["ana", "bo", "cy", "dee"],
            "target": 2,
            "points": {"ana": 1, "bo": 1, "cy": 0, "dee": 1},
            "years": [
                {"year": 1, "first": "ana", "scores": {"ana": 64, "bo": 72, "cy": 48, "dee": 72},
                 "layout": EXAMPLE, "top": ["bo", "dee"], "winners": ["bo", "dee"]},
                {"year": 2, "first": "bo", "scores": {"ana": 81, "bo": 10, "cy": 10, "dee": 10},
                 "layout": null, "top": ["ana"], "winners": ["ana"]}
            ],
            "champions": null,
            "next": "ana won Year 2: who starts Year 3",
            "save": save
        })
    );
    // resume --json goes on from there, and prints the ledger at the end.
    let out = Test::new()
        .args(["--json", "kingmaker", "resume", save])
        .stdin("dee\nana=9 bo=12 cy=10 dee=11\n")
        .any_stdout()
        .stderr_has("bo reaches 2 points and wins the campaign!\n")
        .run();
    let v = out.json();
    assert_eq!(v["champions"], json!(["bo"]));
    assert_eq!(v["next"], json!(null));
    assert_eq!(v["years"][2]["first"], json!("dee"));
}

#[test]
fn campaign_explain_gives_the_rules_behind_the_ledger() {
    let (code, out, _, _dir) = campaign(&["--explain"], &format!("ana\n{EXAMPLE}\n"));
    assert_eq!(code, 0);
    let why = out
        .split("\nWhy:\n")
        .nth(1)
        .unwrap_or_else(|| panic!("{out}"));
    assert_eq!(
        why,
        "  - Each Year stands alone: its scores are not carried over; the player with the highest score gets one overall point.
  - When several players share the Year's highest score, each gets the overall point. [ruling year-tie: shared]
  - Year 1: bo and dee tied with 72, so each got the point. [ruling year-tie: shared]
  - The Year's winner chooses who holds the first player token for the next Year.
  - When several players top a Year, they agree on who starts the next one. [ruling next-first: tied-agree]
  - The campaign ends when a player reaches the agreed target of 2 overall points; players who reach it level share the campaign. [ruling campaign-end: target, campaign-tie: shared]
  - A player's triad is their Blink and the two commons it touches: top-left with top-middle and middle-left, top-right with top-middle and middle-right, bottom-left with middle-left and bottom-middle, bottom-right with middle-right and bottom-middle.
  - Every Blink shows all four faces: the Year ends with a long press that lights both pip pairs. [ruling lit-faces: all-lit]
  - A Year recorded as a layout is scored as the product of each triad's colour counts; a colour with no face is left out. [ruling zero-colour: left-out]
"
    );
    // Under house rules, the ledger's reasons follow them: nobody scores a tied Year.
    let dir = tempfile::tempdir().unwrap();
    let house = dir.path().join("house.yaml");
    std::fs::write(
        &house,
        "base: kingmaker\nname: strict\nrulings:\n  year-tie: nobody\n  next-first: token-passes\n",
    )
    .unwrap();
    let (code, out, err, _dir) = campaign(
        &["--json", "--explain", "--rules", house.to_str().unwrap()],
        &format!("ana\n{EXAMPLE}\nana=9 bo=12 cy=10 dee=11\n"),
    );
    assert_eq!(code, 0, "{err}");
    // The token passed clockwise from ana to bo by itself after the tied Year.
    assert!(
        err.contains("bo starts Year 2 with the first player token.\n"),
        "{err}"
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["points"], json!({"ana": 0, "bo": 1, "cy": 0, "dee": 0}));
    assert_eq!(v["years"][0]["winners"], json!([]));
    assert_eq!(v["years"][1]["first"], json!("bo"));
    let reasons: Vec<String> = v["explain"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["rule"].as_str().unwrap().to_string())
        .collect();
    assert!(
        reasons.contains(&"Year 1: bo and dee tied with 72, so nobody got the point.".to_string())
    );
    assert_eq!(
        v["explain"][4],
        json!({"rule": "When several players top a Year, the first player token passes clockwise from that Year's first player.",
               "rulings": [{"id": "next-first", "choice": "token-passes"}]})
    );
    assert_eq!(
        v["explain"].as_array().unwrap().last().unwrap()["rule"],
        json!(
            "Scores typed in are checked against what a triad can make from its 12 faces (9 to 81, and not every number between)."
        )
    );
}

#[test]
fn a_campaign_never_overwrites_a_saved_one() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("km.yaml");
    let save = save.to_str().unwrap();
    std::fs::write(save, "keep me").unwrap();
    let err = bad(&[
        "kingmaker",
        "campaign",
        "--players",
        "ana,bo,cy,dee",
        "--save",
        save,
    ]);
    assert_eq!(
        err,
        format!(
            "error: {save} already exists\n  = help: continue it with `kado kingmaker resume {save}`, or choose another --save file\n"
        )
    );
    assert_eq!(std::fs::read_to_string(save).unwrap(), "keep me");
}

#[test]
fn impossible_scores_are_refused_at_the_prompt() {
    let (code, out, _, _dir) = campaign(
        &[],
        "ana\nana=64 bo=13 cy=80 dee=9\nana=64 bo=12 cy=81 dee=9\n",
    );
    assert_eq!(code, 0);
    assert!(
        out.contains(
            "✗ bo's score 13 is impossible: no triad can score 13 from the 12 faces of three Blinks: the nearest are 12 and 16\n\
cy's score 80 is impossible: no triad can score 80 from the 12 faces of three Blinks: the nearest are 72 and 81\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("cy wins the Year and an overall point.\n"),
        "{out}"
    );
}

#[test]
fn names_with_control_characters_are_refused() {
    let err = bad(&[
        "kingmaker",
        "score",
        "a\u{1b}b:RG-YB RR-GB YY-BG / GG-RY BB-RY / RY-GB YG-RR BB-GY",
    ]);
    assert!(
        err.starts_with("error: the name `a\\u{1b}b` holds a control character ('\\u{1b}')\n --> argument LAYOUT, column 1\n"),
        "{err}"
    );
    let err = bad(&["kingmaker", "campaign", "--players", "ana,b\u{7}o,cy,dee"]);
    assert!(
        err.starts_with("error: the name `b\\u{7}o` holds a control character ('\\u{7}')"),
        "{err}"
    );
}

#[test]
fn the_notation_page_lists_the_possible_scores() {
    let rules = kado::kingmaker::Rules::standard();
    let list: Vec<String> = kado::kingmaker::score::possible_scores(&rules)
        .iter()
        .map(ToString::to_string)
        .collect();
    let (init, last) = list.split_at(list.len() - 1);
    let want = format!("{} and {}", init.join(", "), last[0]);
    let page = std::fs::read_to_string(crate::common::top().join("man/kado-notation.7")).unwrap();
    let flat = page.replace('\n', " ");
    assert!(flat.contains(&want), "{want}");
}

/// `kado kingmaker check no-such-file` gave a verdict on a one-Blink build named
/// `no-such-file` (exit 0): a word naming no file is a build only as a common's name.
#[test]
fn kingmaker_check_no_such_file_gave_a_verdict() {
    let (code, out, err) = run_with_input(&["kingmaker", "check", "no-such-file"], "");
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "error: `no-such-file`: no such file, and not a build either: a build of one Blink is the common moved in first\n --> argument BUILD, column 1\n  |\n1 | no-such-file\n  | ^^^^^^^^^^^^\n  = expected: a file's name, or placements such as `c1, c2 e c1`\n"
    );
    let (code, out, _) = run_with_input(&["kingmaker", "check", "c1"], "");
    assert_eq!(code, 0);
    assert!(
        out.contains("Next: the second common, touching c1."),
        "{out}"
    );
}
