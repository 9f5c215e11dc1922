//! `kado pokino …` end to end: exact output, human and JSON, and exact errors.
//!
//! Most cases use one hand-drawn board, the spoke below (X right, Y down):
//!
//! ```text
//!     0   1   2   3
//! 0   6   4 │12
//!   ────────┤
//! 1   1   3 │ 8
//! 2           9   0
//! ```
//!
//! 6-4 lies across the top, 1-3 under it, 12-8 stands at the right, 9-0 lies under 8.
//! Borders between dominoes: 6|1, 4|3, 4|12, 3|8, 8|9. So the only walks are 6-1 and
//! the path 12-4-3-8-9 (and each backwards).

use crate::common::*;

const B: &str = "6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h";
const HAND: &str = "6S 4H AD QC 8S 3S KD 9H";

fn ok(args: &[&str]) -> String {
    Test::new().args(args).any_stdout().run().stdout
}

#[test]
fn show_draws_the_board() {
    Test::new()
        .args(["pokino", "show", B, "--claimed", "1,0-2,0 0,0-0,1"])
        .stdout(
            "    0   1   2   3
  ┌───────┬───┐
0 │ 6   4 ●12 │
  ├─●─────┤   │
1 │ 1   3 │ 8 │
  └───────┼───┴───┐
2         │ 9   0 │
          └───────┘

4 dominoes on the table; 2 borders claimed, marked ●.
",
        )
        .run();
    let v = json(&["pokino", "show", B]);
    assert_eq!(v["bounds"]["from"], "0,0");
    assert_eq!(v["bounds"]["to"], "3,2");
    assert_eq!(v["dominoes"][2]["domino"], "12-8");
    assert_eq!(
        v["dominoes"][2]["squares"],
        serde_json::json!(["2,0", "2,1"])
    );
    assert_eq!(v["dominoes"][2]["dir"], "v");
    assert_eq!(v["claimed"], serde_json::json!([]));
    assert!(v["picture"].as_str().unwrap().contains("0 │ 6   4 │12 │"));
}

#[test]
fn a_board_file_with_comments() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.txt");
    std::fs::write(
        &path,
        "# the spoke\n6-4@0,0h; 1-3@0,1h\n12-8@2,0v 9-0@2,2h # the last of it\n",
    )
    .unwrap();
    let p = path.to_str().unwrap();
    let out = ok(&["pokino", "show", "--board", p]);
    assert!(out.starts_with("    0   1   2   3\n"));
    assert!(out.ends_with("4 dominoes on the table.\n"));
    // The board given as separate words works too.
    Test::new()
        .args([
            "pokino",
            "show",
            "6-4@0,0h",
            "1-3@0,1h",
            "12-8@2,0v",
            "9-0@2,2h",
        ])
        .stdout(ok(&["pokino", "show", "--board", p]))
        .run();
}

#[test]
fn every_board_problem_is_reported_at_once() {
    let err = bad(&[
        "pokino",
        "show",
        "6-4@0,0h 13-3@0,1h 4-6@5,5h 1-2@1,0v 7-7@20,20h",
    ]);
    assert_eq!(
        err,
        "error: 13 is not a domino number: a double-12 set runs 0 to 12
 --> argument BOARD, column 10
  |
1 | 6-4@0,0h 13-3@0,1h 4-6@5,5h 1-2@1,0v 7-7@20,20h
  |          ^^
  = expected: a number from 0 to 12

error: 4-6 is on the table twice: a double-12 set holds one 6-4
 --> argument BOARD, column 20
  |
1 | 6-4@0,0h 13-3@0,1h 4-6@5,5h 1-2@1,0v 7-7@20,20h
  |                    ^^^^^^^^
  = help: it is also `6-4@0,0h` at column 1

error: `1-2@1,0v` covers square 1,0, already covered by 6-4@0,0h
 --> argument BOARD, column 29
  |
1 | 6-4@0,0h 13-3@0,1h 4-6@5,5h 1-2@1,0v 7-7@20,20h
  |                             ^^^^^^^^
  = help: each square holds one half of one domino

error: `1-2@1,0v` covers square 1,1, already covered by 13-3@0,1h
 --> argument BOARD, column 29
  |
1 | 6-4@0,0h 13-3@0,1h 4-6@5,5h 1-2@1,0v 7-7@20,20h
  |                             ^^^^^^^^
  = help: each square holds one half of one domino

error: `7-7@20,20h` touches no domino laid before it
 --> argument BOARD, column 38
  |
1 | 6-4@0,0h 13-3@0,1h 4-6@5,5h 1-2@1,0v 7-7@20,20h
  |                                      ^^^^^^^^^^
  = help: after the 4 dominoes of the starting spoke, each domino is laid next to one on the table

5 problems found
"
    );
    let err = bad(&["pokino", "show", "6-4@0,0 6-4"]);
    assert_eq!(
        err,
        "error: `6-4@0,0` has no direction after its position
 --> argument BOARD, column 1
  |
1 | 6-4@0,0 6-4
  | ^^^^^^^
  = expected: h (the second half to the right) or v (the second half below)

error: `6-4` says which domino but not where it lies
 --> argument BOARD, column 9
  |
1 | 6-4@0,0 6-4
  |         ^^^
  = expected: a domino on the table: A-B@X,Y then h (B half to the right) or v (B half below), e.g. 6-4@0,0h

2 problems found
"
    );
    Test::new().args(["pokino", "show"]).status(2).stderr("error: no board given\n  = expected: dominoes such as `6-4@0,0h 1-3@0,1h`, or --board FILE\n").run();
    // A file: line and column.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("b.txt");
    std::fs::write(&path, "6-4@0,0h\n1-3@0,1h 6-5@0,0x\n").unwrap();
    let err = bad(&["pokino", "show", "--board", path.to_str().unwrap()]);
    assert!(err.contains(", line 2, column 17\n"), "{err}");
    let v: serde_json::Value =
        serde_json::from_str(&bad(&["--json", "pokino", "show", "5-5@0,0h 5-5@4,4h"])).unwrap();
    assert_eq!(
        v["problems"][0]["message"],
        "5-5 is on the table twice: a double-12 set holds one 5-5"
    );
    assert_eq!(v["problems"][0]["column"], 10);
}

#[test]
fn claimed_borders_are_checked() {
    Test::new()
        .args([
            "pokino",
            "show",
            B,
            "--claimed",
            "0,0-1,1 5,5-5,6 0,0-0,1 0,1-0,0 x",
        ])
        .status(2)
        .stderr(
            "error: expected a column X in `x`, found `x`
 --> --claimed, column 33
  |
1 | 0,0-1,1 5,5-5,6 0,0-0,1 0,1-0,0 x
  |                                 ^
  = expected: a border between two squares that share a side: X,Y-X,Y, e.g. 0,0-0,1
",
        )
        .run();
    let err = bad(&[
        "pokino",
        "show",
        B,
        "--claimed",
        "0,0-1,1 5,5-5,6 0,0-0,1 0,1-0,0 1,0-0,0",
    ]);
    let messages: Vec<&str> = err.lines().filter(|l| l.starts_with("error:")).collect();
    assert_eq!(
        messages,
        vec![
            "error: squares 0,0 and 1,1 meet only at a corner, so no token lies between them (ruling steps is `sides`)",
            "error: no domino covers square 5,5 or 5,6, so `5,5-5,6` is not a border on the board",
            "error: border 0,1-0,0 is named twice",
            "error: `1,0-0,0` lies between the two halves of 6-4@0,0h, so no token can claim it",
        ]
    );
    // The same check for runs and for Territory's tokens.
    assert!(
        bad(&[
            "pokino",
            "runs",
            B,
            "--hand",
            "6S AD",
            "--claimed",
            "2,0-2,1"
        ])
        .starts_with(
            "error: `2,0-2,1` lies between the two halves of 12-8@2,0v, so no token can claim it\n"
        )
    );
    assert!(
        bad(&[
            "--rules",
            "pokino-territory",
            "pokino",
            "territory",
            B,
            "--tokens",
            "ana:2,2-3,2"
        ])
        .starts_with(
            "error: `2,2-3,2` lies between the two halves of 9-0@2,2h, so no token can claim it\n"
        )
    );
}

#[test]
fn place_says_why() {
    Test::new()
        .args(["pokino", "place", B, "5-5@-2,0h"])
        .stdout("5-5@-2,0h may be laid: it touches 6-4@0,0h.\n")
        .run();
    Test::new()
        .args(["pokino", "place", B, "4-6@1,1v"])
        .stdout(
            "4-6@1,1v may not be laid:
  - 6-4 is already on the table, at 6-4@0,0h
  - square 1,1 is already covered by 1-3@0,1h
",
        )
        .run();
    // A corner is not a side: 5-5 at 3,-1 meets 12-8 only at a corner.
    Test::new().args(["pokino", "place", B, "5-5@3,-1h"]).stdout("5-5@3,-1h may not be laid:\n  - it would touch no domino on the table (it must share a side with one)\n").run();
    Test::new().args(["pokino", "place", "6-4@0,0h", "5-5@40,40h"]).stdout("5-5@40,40h may be laid: it is one of the 4 dominoes of the starting spoke, which may go anywhere.\n").run();
    let v = json(&["pokino", "place", B, "4-6@1,1v"]);
    assert_eq!(
        v,
        serde_json::json!({
            "placement": "4-6@1,1v",
            "legal": false,
            "faults": [
                {"kind": "on-table", "at": "6-4@0,0h"},
                {"kind": "overlaps", "square": "1,1", "by": "1-3@0,1h"}
            ],
            "reasons": [
                "6-4 is already on the table, at 6-4@0,0h",
                "square 1,1 is already covered by 1-3@0,1h"
            ],
            "touches": ["6-4@0,0h", "1-3@0,1h", "12-8@2,0v", "9-0@2,2h"],
            "written": null
        })
    );
    Test::new()
        .args(["pokino", "place", B, "13-5@9,9h"])
        .status(2)
        .stderr(
            "error: 13 is not a domino number: a double-12 set runs 0 to 12
 --> argument DOMINO, column 1
  |
1 | 13-5@9,9h
  | ^^
  = expected: a number from 0 to 12
",
        )
        .run();
}

#[test]
fn place_writes_to_the_board_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.txt");
    std::fs::write(&path, "# our game\n6-4@0,0h 1-3@0,1h\n12-8@2,0v 9-0@2,2h").unwrap();
    let p = path.to_str().unwrap();
    Test::new()
        .args(["pokino", "place", "--write", p, "5-5@-2,0h"])
        .stdout(format!(
            "5-5@-2,0h may be laid: it touches 6-4@0,0h.\nAdded it to {p}.\n"
        ))
        .run();
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "# our game\n6-4@0,0h 1-3@0,1h\n12-8@2,0v 9-0@2,2h\n5-5@-2,0h\n"
    );
    // Now 5-5 is on the table: nothing is written.
    Test::new().args(["pokino", "place", "--write", p, "5-5@4,2h"]).stdout(format!(
            "5-5@4,2h may not be laid:\n  - 5-5 is already on the table, at 5-5@-2,0h\nNothing was written to {p}.\n"
        )).run();
    assert_eq!(std::fs::read_to_string(&path).unwrap().lines().count(), 4);
    let v = json(&["pokino", "place", "--board", p, "--write", p, "7-7@4,2h"]);
    assert_eq!(v["written"], p);
    assert!(
        std::fs::read_to_string(&path)
            .unwrap()
            .ends_with("5-5@-2,0h\n7-7@4,2h\n")
    );
    // A board given as an argument starts a new file with the whole board, never a file
    // holding only the new domino.
    let fresh = dir.path().join("fresh.txt");
    let f = fresh.to_str().unwrap();
    Test::new()
        .args(["pokino", "place", B, "--write", f, "5-5@0,2h"])
        .stdout(format!(
            "5-5@0,2h may be laid: it touches 1-3@0,1h, 9-0@2,2h.\nWrote the board and it to {f}.\n"
        ))
        .run();
    assert_eq!(
        std::fs::read_to_string(&fresh).unwrap(),
        format!("{B}\n5-5@0,2h\n")
    );
    // A file that already holds a board is not mixed with another one.
    Test::new().args(["pokino", "place", B, "--write", f, "5-6@0,3h"]).status(2).stderr(format!(
            "error: `{f}` already holds a board, and another board is given as an argument\n  = help: to add to {f}, give the board only there: kado pokino place --write {f} DOMINO\n"
        )).run();
    assert!(
        bad(&["pokino", "place", "--board", p, "--write", f, "5-6@0,3h"])
            .contains("and another board is given with --board")
    );
    assert_eq!(
        std::fs::read_to_string(&fresh).unwrap(),
        format!("{B}\n5-5@0,2h\n")
    );
}

#[test]
fn spots_lists_every_placement() {
    let out = ok(&["pokino", "spots", B, "5-5"]);
    assert_eq!(
        out,
        "5-5 fits in 28 places:
  5-5@0,-2v     5-5@1,-2v     5-5@2,-2v     5-5@-1,-1h    5-5@-1,-1v    5-5@0,-1h
  5-5@1,-1h     5-5@2,-1h     5-5@3,-1v     5-5@-2,0h     5-5@-1,0v     5-5@3,0h
  5-5@3,0v      5-5@-2,1h     5-5@-1,1v     5-5@3,1h      5-5@4,1v      5-5@-1,2h
  5-5@0,2h      5-5@0,2v      5-5@1,2v      5-5@4,2h      5-5@4,2v      5-5@1,3h
  5-5@2,3h      5-5@2,3v      5-5@3,3h      5-5@3,3v
"
    );
    // A domino that is not a double fits each way round.
    let v = json(&["pokino", "spots", B, "12-11"]);
    assert_eq!(v["count"], 56);
    assert_eq!(v["spots"][0], "12-11@0,-2v");
    assert_eq!(v["spots"][1], "11-12@0,-2v");
    assert_eq!(v["anywhere"], false);
    Test::new()
        .args(["pokino", "spots", B, "4-6"])
        .stdout("4-6 is already on the table, at 6-4@0,0h: it fits nowhere else.\n")
        .run();
    Test::new().args(["pokino", "spots", "6-4@0,0h", "5-5"]).stdout("The starting spoke is not complete (1 of 4 dominoes): 5-5 may go anywhere on the grid.\n").run();
    assert_eq!(
        json(&["pokino", "spots", "6-4@0,0h", "5-5"])["anywhere"],
        true
    );
    assert!(
        bad(&["pokino", "spots", B, "5-5@0,0h"])
            .starts_with("error: give only the domino here, not where it lies\n")
    );
}

#[test]
fn runs_the_best_and_the_count() {
    // No bead limit: the path 12-4-3-8-9 gives 2 runs of 5, 4 of 4, 6 of 3, 8 of 2;
    // 6-1 gives 2 more: 22 runs.
    let out = ok(&["pokino", "runs", B, "--hand", HAND]);
    assert!(
        out.starts_with(
            "Best run: 12 4 3 8 9 — 5 cards, 10 points
  Cards:   Q♣ 4♥ 3♠ 8♠ 9♥
  Squares: 2,0 1,0 1,1 2,1 2,2
22 runs in all (no --beads given: not limited by beads).
The best 20:
"
        ),
        "{out}"
    );
    // Three beads pay for three cards; a token on 3|8 cuts the path.
    Test::new()
        .args([
            "pokino",
            "runs",
            B,
            "--hand",
            HAND,
            "--beads",
            "3",
            "--claimed",
            "1,1-2,1",
        ])
        .stdout(
            "Best run: 12 4 3 — 3 cards, 5 points
  Cards:   Q♣ 4♥ 3♠
  Squares: 2,0 1,0 1,1
10 runs in all (at most 3 cards: one bead pays for each).
Every run:
┌────┬────────┬──────────┬─────────────┐
│ #  ┆ Points ┆ Cards    ┆ Squares     │
╞════╪════════╪══════════╪═════════════╡
│ 1  ┆ 5      ┆ Q♣ 4♥ 3♠ ┆ 2,0 1,0 1,1 │
│ 2  ┆ 5      ┆ 3♠ 4♥ Q♣ ┆ 1,1 1,0 2,0 │
│ 3  ┆ 5      ┆ 6♠ A♦    ┆ 0,0 0,1     │
│ 4  ┆ 5      ┆ 4♥ Q♣    ┆ 1,0 2,0     │
│ 5  ┆ 5      ┆ 4♥ 3♠    ┆ 1,0 1,1     │
│ 6  ┆ 5      ┆ Q♣ 4♥    ┆ 2,0 1,0     │
│ 7  ┆ 5      ┆ A♦ 6♠    ┆ 0,1 0,0     │
│ 8  ┆ 5      ┆ 3♠ 4♥    ┆ 1,1 1,0     │
│ 9  ┆ 5      ┆ 8♠ 9♥    ┆ 2,1 2,2     │
│ 10 ┆ 5      ┆ 9♥ 8♠    ┆ 2,2 2,1     │
└────┴────────┴──────────┴─────────────┘
",
        )
        .run();
    let v = json(&["pokino", "runs", B, "--hand", HAND, "--beads", "4"]);
    assert_eq!(v["count"], 20);
    assert_eq!(v["max_length"], 4);
    assert_eq!(v["bound"], "beads");
    assert_eq!(
        v["best"],
        serde_json::json!({
            "length": 4,
            "points": 5,
            "numbers": [4, 3, 8, 9],
            "cards": ["4H", "3S", "8S", "9H"],
            "squares": ["1,0", "1,1", "2,1", "2,2"]
        })
    );
    assert_eq!(v["runs"].as_array().unwrap().len(), 20);
    let all = json(&["pokino", "runs", B, "--hand", HAND, "--all"]);
    assert_eq!(all["runs"].as_array().unwrap().len(), 22);
    assert_eq!(all["count"], 22);
    assert_eq!(all["runs"][21]["numbers"], serde_json::json!([9, 8]));
}

#[test]
fn runs_when_nothing_can_be_played() {
    Test::new().args(["pokino", "runs", B, "--hand", "2S 5H"]).stdout("No scoring run: no two cards of the hand match numbers on neighbouring squares of different dominoes.\n").run();
    Test::new()
        .args(["pokino", "runs", B, "--hand", "6S AH", "--beads", "1"])
        .stdout("No run can be played: 1 bead pays for 1 card, and a run needs 2 cards.\n")
        .run();
    let v = json(&["pokino", "runs", B, "--hand", "2S 5H"]);
    assert_eq!(v["best"], serde_json::Value::Null);
    assert_eq!(v["runs"], serde_json::json!([]));
    assert_eq!(v["count"], 0);
}

#[test]
fn runs_input_errors() {
    Test::new().args([
            "pokino",
            "runs",
            B,
            "--hand",
            "6S 6S JK",
            "--beads",
            "x",
            "--claimed",
            "0,0-1,1"
        ]).status(2).stderr("error: 6♠ is named twice: one pack holds one 6♠
 --> --hand, column 4
  |
1 | 6S 6S JK
  |    ^^
  = help: the first 6♠ is at column 1

error: jokers are not used in this game
 --> --hand, column 7
  |
1 | 6S 6S JK
  |       ^^
  = help: remove the joker

error: `x` is not a number of beads
 --> --beads, column 1
  |
1 | x
  | ^
  = expected: a whole number such as 3

error: squares 0,0 and 1,1 meet only at a corner, so no token lies between them (ruling steps is `sides`)
 --> --claimed, column 1
  |
1 | 0,0-1,1
  | ^^^^^^^
  = expected: a border between two squares that share a side: X,Y-X,Y, e.g. 0,0-0,1
  = help: under ruling steps `diagonals` a run may step across a corner and claim the pair

4 problems found
").run();
}

#[test]
fn greed_lifts_the_bead_limit() {
    let v = json(&[
        "--rules",
        "pokino-greed",
        "pokino",
        "runs",
        B,
        "--hand",
        HAND,
        "--beads",
        "2",
    ]);
    assert_eq!(v["best"]["length"], 5);
    assert_eq!(v["bound"], "hand");
    assert_eq!(v["count"], 22);
}

#[test]
fn pokino_up_bounds_the_hand() {
    Test::new().args(["--rules", "pokino-up", "pokino", "runs", B, "--hand", HAND]).status(2).stderr("error: a hand holds at most 7 cards under Pokino-Up!, not 8
 --> --hand, column 1
  |
1 | 6S 4H AD QC 8S 3S KD 9H
  | ^^^^^^^^^^^^^^^^^^^^^^^
  = help: players start with 7 cards and draw only while they hold fewer (ruling up-draw is `below-seven`)
").run();
    assert_eq!(json(&["pokino", "runs", B, "--hand", HAND])["count"], 22);
    assert_eq!(
        json(&[
            "--rules",
            "pokino-up",
            "pokino",
            "runs",
            B,
            "--hand",
            "6S 4H AD QC 8S 3S KD"
        ])["count"],
        14
    );
}

#[test]
fn pokino_up_bounds_the_runs_scored() {
    // A hand never holds more than 7 cards, so no run of 8 or more can be scored; every
    // bad length is reported at once.
    Test::new().args(["--rules", "pokino-up", "pokino", "score", "2", "8", "7", "12"]).status(2).stderr("error: a run of 8 cards cannot be played under Pokino-Up!: a hand never holds more than 7 cards
 --> argument RUN_LENGTHS (run 2), column 1
  |
1 | 8
  | ^
  = help: players draw only while they hold fewer than 7 (ruling up-draw is `below-seven`)

error: a run of 12 cards cannot be played under Pokino-Up!: a hand never holds more than 7 cards
 --> argument RUN_LENGTHS (run 4), column 1
  |
1 | 12
  | ^^
  = help: players draw only while they hold fewer than 7 (ruling up-draw is `below-seven`)

2 problems found
").run();
    Test::new()
        .args([
            "--rules",
            "pokino-up",
            "--explain",
            "pokino",
            "score",
            "2",
            "7",
        ])
        .stdout(
            "┌─────┬───────┬────────┐
│ Run ┆ Cards ┆ Points │
╞═════╪═══════╪════════╡
│ 1   ┆ 2     ┆ 5      │
│ 2   ┆ 7     ┆ 20     │
└─────┴───────┴────────┘
Runs: 25 points
Total: 25 points

Why:
  - Points: 2-4 cards 5, 5 cards 10, 6 cards 15, 7 cards 20, 8 cards 35, 9 cards 55, 10 cards 90.
  - Beads left at the end are worth nothing, except under Greed, where each scores 5.
  - Under Pokino-Up! a hand never holds more than 7 cards, so no run has more.
",
        )
        .run();
    // No ruling decides these lengths' points (7 cards is within every limit).
    // Combined with Territory in a house file, the limit stays.
    let dir = tempfile::tempdir().unwrap();
    let both = dir.path().join("up-territory.yaml");
    std::fs::write(
        &both,
        "base: pokino\nrulings:\n  pokino-up: \"on\"\n  territory: \"on\"\n",
    )
    .unwrap();
    let both = both.to_str().unwrap();
    assert!(
        bad(&["--rules", both, "pokino", "score", "9"])
            .starts_with("error: a run of 9 cards cannot be played under Pokino-Up!")
    );
    assert_eq!(
        json(&[
            "--rules",
            both,
            "pokino",
            "territory",
            B,
            "--tokens",
            "ana:0,0-0,1"
        ])["winners"],
        serde_json::json!(["ana"])
    );
    // `up-draw: optional`: a player holding 7 may still draw, so neither limit applies.
    let optional = dir.path().join("up-optional.yaml");
    std::fs::write(
        &optional,
        "base: pokino-up\nrulings:\n  up-draw: optional\n",
    )
    .unwrap();
    let optional = optional.to_str().unwrap();
    assert_eq!(
        json(&["--rules", optional, "pokino", "score", "8"])["total"],
        35
    );
    assert_eq!(
        json(&["--rules", optional, "pokino", "runs", B, "--hand", HAND])["count"],
        22
    );
    // Without the variant a run of 8 scores 35.
    assert_eq!(json(&["pokino", "score", "8"])["total"], 35);
}

#[test]
fn a_run_that_empties_the_hand_calls_pokino() {
    // 6 then A (0,0 then 0,1) uses both cards: the player holds none and wins.
    Test::new().args(["--explain", "pokino", "runs", B, "--hand", "6S AD"]).stdout("Best run: 6 1 — 2 cards, 5 points
  Cards:   6♠ A♦
  Squares: 0,0 0,1
  It plays every card in the hand: call \"Pokino!\" — the game ends and the player wins.
2 runs in all (no --beads given: not limited by beads).
Every run:
┌───┬────────┬───────┬─────────┐
│ # ┆ Points ┆ Cards ┆ Squares │
╞═══╪════════╪═══════╪═════════╡
│ 1 ┆ 5      ┆ 6♠ A♦ ┆ 0,0 0,1 │
│ 2 ┆ 5      ┆ A♦ 6♠ ┆ 0,1 0,0 │
└───┴────────┴───────┴─────────┘

Why:
  - A run matches 2 or more numbers on the dominoes, in order, with cards from the hand: A-10 are 1-10, J 11, Q 12, K 0.
  - Each number is on a square next to the last; no two in a row come from one domino.
  - Next means sharing a side: squares that touch only at a corner are not next to each other.
  - Dominoes may be used again in a run, even a square already used; no border is crossed twice, and none a token claims.
  - Each card played costs a bead, so a run has at most as many cards as the player has beads.
  - Points: 2-4 cards 5, 5 cards 10, 6 cards 15, 7 cards 20, 8 cards 35, 9 cards 55, 10 cards 90.
  - A player left with no card calls \"Pokino!\": the game ends at once and that player wins.
").run();
    assert_eq!(
        json(&["pokino", "runs", B, "--hand", "6S AD"])["pokino"],
        true
    );
    // A third card stays in the hand; too few beads to play both cards.
    assert_eq!(
        json(&["pokino", "runs", B, "--hand", "6S AD 2C"])["pokino"],
        false
    );
    assert_eq!(
        json(&["pokino", "runs", B, "--hand", "6S AD", "--beads", "1"])["pokino"],
        false
    );
}

#[test]
fn a_search_cut_short_says_so() {
    // The hidden --budget stops the search early, as the 50,000,000-run budget does on
    // huge boards: four runs exist (6 1, 4 12 and back), the search stops after 3.
    Test::new().args(["pokino", "runs", B, "--hand", "6S 4H AD QC 8S", "--budget", "3"]).stdout("Best run: 6 1 — 2 cards, 5 points
  Cards:   6♠ A♦
  Squares: 0,0 0,1
The search stopped after 3 runs: there are more, and the best run shown is the best found by then. Give --beads to narrow the search.
At least 3 runs in all (no --beads given: not limited by beads).
The best 3 found:
┌───┬────────┬───────┬─────────┐
│ # ┆ Points ┆ Cards ┆ Squares │
╞═══╪════════╪═══════╪═════════╡
│ 1 ┆ 5      ┆ 6♠ A♦ ┆ 0,0 0,1 │
│ 2 ┆ 5      ┆ 4♥ Q♣ ┆ 1,0 2,0 │
│ 3 ┆ 5      ┆ Q♣ 4♥ ┆ 2,0 1,0 │
└───┴────────┴───────┴─────────┘
").run();
    let v = json(&[
        "pokino",
        "runs",
        B,
        "--hand",
        "6S 4H AD QC 8S",
        "--budget",
        "3",
        "--all",
    ]);
    assert_eq!(v["complete"], false);
    assert_eq!(v["count"], 3);
    assert_eq!(v["runs"].as_array().unwrap().len(), 3);
    // With room for every run the search is complete.
    let v = json(&[
        "pokino",
        "runs",
        B,
        "--hand",
        "6S 4H AD QC 8S",
        "--budget",
        "4",
    ]);
    assert_eq!(
        (v["complete"].clone(), v["count"].clone()),
        (true.into(), 4.into())
    );
    // Under Greed beads do not narrow the search, so the hint is left out.
    assert!(
        ok(&[
            "--rules",
            "pokino-greed",
            "pokino",
            "runs",
            B,
            "--hand",
            "6S 4H AD QC 8S",
            "--budget",
            "3"
        ])
        .contains("found by then.\nAt least 3 runs in all.\n")
    );
    assert!(
        bad(&["pokino", "runs", B, "--hand", "6S AD", "--budget", "x"])
            .starts_with("error: `x` is not a number of runs\n --> --budget, column 1\n")
    );
}

#[test]
fn explain_follows_the_rulings_in_force() {
    let dir = tempfile::tempdir().unwrap();
    let house = dir.path().join("h.yaml");
    std::fs::write(
        &house,
        "base: pokino-tear-down\nrulings:\n  square-reuse: no-revisit\n  playing-area: bounded\n  spoke: connected\n",
    )
    .unwrap();
    let h = house.to_str().unwrap();
    let out = ok(&[
        "--rules",
        h,
        "--explain",
        "pokino",
        "runs",
        B,
        "--hand",
        "6S AD",
    ]);
    assert!(out.contains("  - Each number is on a square next to the last; two in a row may come from one domino, which then leaves the board (Tear Down the Walls).\n"), "{out}");
    assert!(out.contains("  - Dominoes may be used again in a run, but each square only once; no border a token claims is crossed.\n"), "{out}");
    // The words follow the choices in force; the rulings are named only where they
    // decide, and none of these does for this run.
    assert!(!out.contains("[ruling"), "{out}");
    // Laid alongside 6-4: placement decides (one-contact would refuse it); the bounded
    // table and the connected spoke allow it as the others would.
    let out = ok(&["--rules", h, "--explain", "pokino", "place", B, "5-5@3,0v"]);
    assert!(out.ends_with("Why:
  - Dominoes lie on an implied grid of squares; a domino covers two squares side by side.
  - The table holds 14 by 13 squares: all dominoes fit in that rectangle.
  - The first 4 dominoes, the starting spoke, may go anywhere, but must form one group.
  - A domino from a hand is laid next to at least one face-up domino: one of its squares shares a side with a square of a domino on the table.
  - On a square grid each square of a domino then touches at most one square of each neighbour, as the rules ask.
  - A double-12 set holds each domino once (6-4 and 4-6 are one domino).
  - What does \"each square on it touches only one square on every other domino\" forbid? Only leaving the grid; on a square grid a square can never touch two squares of one domino, so a domino may lie alongside another. [ruling placement: grid]
"), "{out}");
}

#[test]
fn territory_with_no_tokens_and_greed_with_many_beads() {
    Test::new()
        .args([
            "--rules",
            "pokino-territory",
            "pokino",
            "territory",
            B,
            "--tokens",
            "",
        ])
        .stdout(
            "┌────────┬──────┬────────┬─────────┐
│ Domino ┆ Pips ┆ Tokens ┆ Goes to │
╞════════╪══════╪════════╪═════════╡
│ 6-4    ┆ 10   ┆ —      ┆ no one  │
│ 1-3    ┆ 4    ┆ —      ┆ no one  │
│ 12-8   ┆ 20   ┆ —      ┆ no one  │
│ 9-0    ┆ 9    ┆ —      ┆ no one  │
└────────┴──────┴────────┴─────────┘
No one holds a token.
",
        )
        .run();
    // 4,000,000,000 beads × 5 does not fit 32 bits: the total must not saturate.
    assert_eq!(
        json(&[
            "--rules",
            "pokino-greed",
            "pokino",
            "score",
            "2",
            "--beads",
            "4000000000"
        ])["total"],
        20_000_000_005u64
    );
}

const LINE: &str = "1-2@0,0h 3-4@2,0h 5-6@4,0h 7-8@6,0h";

#[test]
fn tear_down_the_walls() {
    // Without the variant only 2→3 and 3→2 cross between dominoes.
    assert_eq!(
        json(&["pokino", "runs", LINE, "--hand", "AS 2S 3S 4S"])["count"],
        2
    );
    let out = ok(&[
        "--rules",
        "pokino-tear-down",
        "pokino",
        "runs",
        LINE,
        "--hand",
        "AS 2S 3S 4S",
    ]);
    assert!(
        out.starts_with(
            "Best run: 1 2 3 4 — 4 cards, 5 points
  Cards:   A♠ 2♠ 3♠ 4♠
  Squares: 0,0 1,0 2,0 3,0
  Leaves the board: 1-2, 3-4
  It plays every card in the hand: call \"Pokino!\" — the game ends and the player wins.
12 runs in all (no --beads given: not limited by beads).
Every run:
"
        ),
        "{out}"
    );
    assert!(out.contains("│ 9  ┆ 5      ┆ 2♠ 3♠       ┆ 1,0 2,0         ┆                  │"));
    let v = json(&[
        "--rules",
        "pokino-tear-down",
        "pokino",
        "runs",
        LINE,
        "--hand",
        "AS 2S 3S 4S",
    ]);
    assert_eq!(v["best"]["torn"], serde_json::json!(["1-2", "3-4"]));
    // A run that stays off the walls tears nothing: no `torn` key.
    assert_eq!(v["runs"][8]["numbers"], serde_json::json!([2, 3]));
    assert!(v["runs"][8].get("torn").is_none());
    // Under the variant a board may hold a domino cut off by a torn one.
    let cut_off = format!("{LINE} 9-9@20,20h");
    assert!(
        bad(&["pokino", "show", &cut_off])
            .contains("`9-9@20,20h` touches no domino laid before it")
    );
    assert!(
        ok(&["--rules", "pokino-tear-down", "pokino", "show", &cut_off])
            .ends_with("5 dominoes on the table.\n")
    );
}

#[test]
fn square_reuse_and_long_runs_rulings() {
    let dir = tempfile::tempdir().unwrap();
    // Top row 7 1 3 5, second row 8 2 4 6 (standing dominoes), 9 and 10 standing under
    // 2 and 4. 8 2 4 10 9 2 comes back to the 2 across a new border.
    let ring = "1-2@0,0v 3-4@1,0v 5-6@2,0v 7-8@-1,0v 9-11@0,2v 10-12@1,2v";
    let hand = "2S 4S 10S 9S 2H 8S";
    let v = json(&["pokino", "runs", ring, "--hand", hand]);
    assert_eq!(v["best"]["numbers"], serde_json::json!([8, 2, 4, 10, 9, 2]));
    assert_eq!(
        v["best"]["squares"],
        serde_json::json!(["-1,1", "0,1", "1,1", "1,2", "0,2", "0,1"])
    );
    let house = dir.path().join("no-revisit.yaml");
    std::fs::write(
        &house,
        "base: pokino\nrulings:\n  square-reuse: no-revisit\n",
    )
    .unwrap();
    let v = json(&[
        "--rules",
        house.to_str().unwrap(),
        "pokino",
        "runs",
        ring,
        "--hand",
        hand,
    ]);
    assert_eq!(v["best"]["numbers"], serde_json::json!([8, 2, 4, 10, 9]));

    // long-runs: a 12-card run scores 90 (capped), or cannot be played (forbidden).
    Test::new()
        .args(["pokino", "score", "12"])
        .stdout(
            "┌─────┬───────┬────────────────────────────┐
│ Run ┆ Cards ┆ Points                     │
╞═════╪═══════╪════════════════════════════╡
│ 1   ┆ 12    ┆ 90 (the table stops at 10) │
└─────┴───────┴────────────────────────────┘
Runs: 90 points
Total: 90 points
",
        )
        .run();
    let forbid = dir.path().join("forbid.yaml");
    std::fs::write(&forbid, "base: pokino\nrulings:\n  long-runs: forbidden\n").unwrap();
    Test::new()
        .args(["--rules", forbid.to_str().unwrap(), "pokino", "score", "12"])
        .status(2)
        .stderr(
            "error: a run of 12 cards cannot be played: runs have at most 10 cards
 --> argument RUN_LENGTHS (run 1), column 1
  |
1 | 12
  | ^^
  = help: ruling long-runs is `forbidden`
",
        )
        .run();
    // A straight line of 7 dominoes, 1-2 3-4 … 13 can't be; use a snake where every step
    // crosses dominoes: standing dominoes side by side, walked along the top row.
    let snake = "0-1@0,0v 2-3@1,0v 4-5@2,0v 6-7@3,0v 8-9@4,0v 10-11@5,0v 12-0@6,0v 1-2@7,0v 3-4@8,0v 5-6@9,0v 7-8@10,0v 9-10@11,0v";
    let hand = "KS 2S 4S 6S 8S 10S QS AS 3S 5S 7S 9S";
    let v = json(&["pokino", "runs", snake, "--hand", hand]);
    assert_eq!(v["best"]["length"], 12);
    assert_eq!(v["best"]["points"], 90);
    assert_eq!(
        v["best"]["numbers"],
        serde_json::json!([0, 2, 4, 6, 8, 10, 12, 1, 3, 5, 7, 9])
    );
    let out = ok(&["pokino", "runs", snake, "--hand", hand]);
    assert!(
        out.contains("  The scoring table stops at 10 cards: a longer run scores 90.\n"),
        "{out}"
    );
    let v = json(&[
        "--rules",
        forbid.to_str().unwrap(),
        "pokino",
        "runs",
        snake,
        "--hand",
        hand,
    ]);
    assert_eq!(v["best"]["length"], 10);
    assert_eq!(v["bound"], "table");
}

#[test]
fn spoke_and_playing_area_rulings() {
    let dir = tempfile::tempdir().unwrap();
    let apart = "6-4@0,0h 1-3@5,5h 2-2@9,9h 0-0@-9,0v";
    assert!(ok(&["pokino", "show", apart]).contains("4 dominoes on the table."));
    let connected = dir.path().join("c.yaml");
    std::fs::write(&connected, "base: pokino\nrulings:\n  spoke: connected\n").unwrap();
    let err = bad(&[
        "--rules",
        connected.to_str().unwrap(),
        "pokino",
        "show",
        apart,
    ]);
    assert!(
        err.starts_with("error: the 4 dominoes of the starting spoke do not all touch\n"),
        "{err}"
    );
    ok(&["--rules", connected.to_str().unwrap(), "pokino", "show", B]);

    let bounded = dir.path().join("b.yaml");
    std::fs::write(
        &bounded,
        "base: pokino\nrulings:\n  playing-area: bounded\nvalues:\n  area-width: 4\n  area-height: 3\n",
    )
    .unwrap();
    let b = bounded.to_str().unwrap();
    Test::new().args(["--rules", b, "pokino", "place", B, "5-5@-2,0h"]).stdout("5-5@-2,0h may not be laid:\n  - the board would be 6 by 3 squares; the table is 4 by 3\n").run();
    Test::new()
        .args(["pokino", "place", B, "5-5@-2,0h"])
        .stdout("5-5@-2,0h may be laid: it touches 6-4@0,0h.\n")
        .run();
    assert_eq!(
        json(&["--rules", b, "pokino", "spots", B, "5-5"])["count"],
        2
    );
}

#[test]
fn score_table_and_greed() {
    Test::new()
        .args(["pokino", "score", "2", "5", "8"])
        .stdout(
            "┌─────┬───────┬────────┐
│ Run ┆ Cards ┆ Points │
╞═════╪═══════╪════════╡
│ 1   ┆ 2     ┆ 5      │
│ 2   ┆ 5     ┆ 10     │
│ 3   ┆ 8     ┆ 35     │
└─────┴───────┴────────┘
Runs: 50 points
Total: 50 points
",
        )
        .run();
    let totals: Vec<u64> = (2..=10)
        .map(|n| {
            json(&["pokino", "score", &n.to_string()])["total"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(totals, vec![5, 5, 5, 10, 15, 20, 35, 55, 90]);
    assert!(
        ok(&["pokino", "score", "3", "--beads", "4"])
            .ends_with("Beads: 4, worth nothing (they score only under Greed)\nTotal: 5 points\n")
    );
    Test::new()
        .arg("--json")
        .args([
            "--rules",
            "pokino-greed",
            "pokino",
            "score",
            "3",
            "--beads",
            "4",
        ])
        .stdout_json(serde_json::json!({
            "runs": [{"length": 3, "points": 5, "capped": false}],
            "run_points": 5,
            "beads": 4,
            "bead_points": 20,
            "total": 25
        }))
        .run();
    assert!(
        ok(&["--rules", "pokino-greed", "pokino", "score", "--beads", "4"])
            .ends_with("Beads: 4 × 5 = 20 points (Greed)\nTotal: 20 points\n")
    );
    Test::new()
        .args(["pokino", "score", "1", "x"])
        .status(2)
        .stderr(
            "error: a run of 1 card does not score: a run has at least 2
 --> argument RUN_LENGTHS (run 1), column 1
  |
1 | 1
  | ^

error: `x` is not a number of cards
 --> argument RUN_LENGTHS (run 2), column 1
  |
1 | x
  | ^
  = expected: a whole number from 2 up, such as 5

2 problems found
",
        )
        .run();
    assert!(bad(&["pokino", "score"]).starts_with("error: nothing to score\n"));
}

#[test]
fn territory_scoring() {
    // ana: 0,0-0,1 (6-4 and 1-3), 1,0-2,0 (6-4 and 12-8).
    // bo: 1,1-2,1 (1-3 and 12-8), 2,1-2,2 (12-8 and 9-0).
    // 6-4: ana 2 → ana. 1-3: 1 each → no one. 12-8: bo 2 to 1 → bo. 9-0: bo.
    let tokens = "ana:0,0-0,1 ana:1,0-2,0 bo:1,1-2,1 bo:2,1-2,2";
    Test::new()
        .args([
            "--rules",
            "pokino-territory",
            "pokino",
            "territory",
            B,
            "--tokens",
            tokens,
        ])
        .stdout(
            "┌────────┬──────┬─────────────┬────────────────┐
│ Domino ┆ Pips ┆ Tokens      ┆ Goes to        │
╞════════╪══════╪═════════════╪════════════════╡
│ 6-4    ┆ 10   ┆ ana 2       ┆ ana            │
│ 1-3    ┆ 4    ┆ ana 1, bo 1 ┆ no one (a tie) │
│ 12-8   ┆ 20   ┆ ana 1, bo 2 ┆ bo             │
│ 9-0    ┆ 9    ┆ bo 1        ┆ bo             │
└────────┴──────┴─────────────┴────────────────┘
┌────────┬──────────┬──────┐
│ Player ┆ Dominoes ┆ Pips │
╞════════╪══════════╪══════╡
│ ana    ┆ 1        ┆ 10   │
│ bo     ┆ 2        ┆ 29   │
└────────┴──────────┴──────┘
Winner: bo with 29 pips.
",
        )
        .run();
    let dir = tempfile::tempdir().unwrap();
    let shared = dir.path().join("shared.yaml");
    std::fs::write(
        &shared,
        "base: pokino-territory\nrulings:\n  territory-ties: shared\n  greed: \"on\"\n",
    )
    .unwrap();
    let v = json(&[
        "--rules",
        shared.to_str().unwrap(),
        "pokino",
        "territory",
        B,
        "--tokens",
        tokens,
    ]);
    assert_eq!(v["players"][0]["pips"], 14);
    assert_eq!(v["players"][1]["pips"], 33);
    assert_eq!(v["dominoes"][1]["to"], serde_json::json!(["ana", "bo"]));
    assert_eq!(v["winners"], serde_json::json!(["bo"]));
    Test::new().args(["pokino", "territory", B, "--tokens", tokens]).status(2).stderr("error: territory scoring belongs to the Territory variant, which ruleset `pokino` does not play
  = help: use --rules pokino-territory, or a house-rules file with `territory: \"on\"`
").run();
    Test::new()
        .args([
            "--rules",
            "pokino-territory",
            "pokino",
            "territory",
            B,
            "--tokens",
            "0,0-0,1 ana:0,0-1,1",
        ])
        .status(2)
        .stderr(
            "error: `0,0-0,1` does not say whose token it is
 --> --tokens, column 1
  |
1 | 0,0-0,1 ana:0,0-1,1
  | ^^^^^^^
  = expected: a player's token on a border: NAME:X,Y-X,Y, e.g. ana:0,0-0,1
",
        )
        .run();
}

#[test]
fn explain_names_the_rulings() {
    // A plain placement: the rules text decides it, no ruling.
    let out = ok(&["--explain", "pokino", "place", B, "5-5@-2,0h"]);
    assert!(out.contains("Why:"), "{out}");
    assert!(!out.contains("[ruling"), "{out}");
    let v = json(&[
        "--explain",
        "--rules",
        "pokino-greed",
        "pokino",
        "runs",
        B,
        "--hand",
        "6S 4H AD 3S",
    ]);
    // Tear Down the Walls or steps across corners would give a longer best run.
    let rulings = explained_rulings(&v);
    assert_eq!(rulings, vec!["tear-down: off", "steps: sides"]);
}

#[test]
fn variants_are_listed_and_combine() {
    let out = ok(&["rules", "list"]);
    for name in [
        "pokino",
        "pokino-greed",
        "pokino-up",
        "pokino-tear-down",
        "pokino-territory",
    ] {
        assert!(out.contains(name), "{name}");
    }
    let v = json(&["rules", "show", "pokino"]);
    assert!(v.to_string().contains("square-reuse"));
}

/// The number sequences of every run the hand can play (`--all`).
fn all_walks(rules: &[&str], board: &str, hand: &str) -> Vec<Vec<u64>> {
    let mut args: Vec<&str> = rules.to_vec();
    args.extend(["pokino", "runs", board, "--hand", hand, "--all"]);
    let v = json(&args);
    v["runs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            r["numbers"]
                .as_array()
                .unwrap()
                .iter()
                .map(|n| n.as_u64().unwrap())
                .collect()
        })
        .collect()
}

// The rules' example pictures are lost; these boards are built to fit their examples.
// First: the row 0 9 3 1 8 4 5 11, each standing on a second number, 6 above the 8 and
// 7 beside that 6.
const EXAMPLE_1: &str = "0-10@0,0v 9-12@1,0v 3-2@2,0v 1-1@3,0v 8-2@4,0v 4-12@5,0v 5-5@6,0v 11-11@7,0v 6-6@4,-2v 7-7@5,-1h";

#[test]
fn the_rules_first_examples() {
    // Ace + 3 scores; 10 + Queen scores.
    assert!(all_walks(&[], EXAMPLE_1, "AS 3S").contains(&vec![1, 3]));
    assert!(all_walks(&[], EXAMPLE_1, "10S QS").contains(&vec![10, 12]));
    // King + 6 does not score.
    assert_eq!(
        json(&["pokino", "runs", EXAMPLE_1, "--hand", "KS 6S"])["count"],
        0
    );
    // Next to the 6 only 6 + 8 and 6 + 7 score.
    let from_six: Vec<Vec<u64>> =
        all_walks(&[], EXAMPLE_1, "6S AS 2S 3S 4S 5S 7S 8S 9S 10S JS QS KS")
            .into_iter()
            .filter(|w| w.len() == 2 && w[0] == 6)
            .collect();
    assert_eq!(from_six, vec![vec![6, 7], vec![6, 8]]);
    // 6 + 8 + Ace + 3 + 9 + King scores.
    let v = json(&["pokino", "runs", EXAMPLE_1, "--hand", "6S 8S AS 3S 9S KS"]);
    assert_eq!(v["best"]["numbers"], serde_json::json!([6, 8, 1, 3, 9, 0]));
    assert_eq!(v["best"]["points"], 15);
    // King + 9 + 3 + Ace + 8 + 4 + 5 + Jack scores.
    let v = json(&[
        "pokino",
        "runs",
        EXAMPLE_1,
        "--hand",
        "KS 9S 3S AS 8S 4S 5S JS",
    ]);
    assert_eq!(
        v["best"]["numbers"],
        serde_json::json!([0, 9, 3, 1, 8, 4, 5, 11])
    );
    assert_eq!(v["best"]["points"], 35);
}

// Second: 8 6 4 over 3 12 1, each standing on an outer number.
const EXAMPLE_2: &str = "0-8@0,-1v 0-6@1,-1v 0-4@2,-1v 3-5@0,1v 12-5@1,1v 1-5@2,1v";

#[test]
fn the_rules_second_examples_reuse_dominoes() {
    // 6 + 4 + Ace + Queen + 6 comes back to the 6.
    let v = json(&["pokino", "runs", EXAMPLE_2, "--hand", "6S 4S AS QS 6H"]);
    assert_eq!(v["best"]["numbers"], serde_json::json!([6, 4, 1, 12, 6]));
    assert_eq!(
        v["best"]["squares"],
        serde_json::json!(["1,0", "2,0", "2,1", "1,1", "1,0"])
    );
    // 6 + 4 + Ace + Queen + 6 + 8 + 3 + Queen comes back to the 6 and to the 12.
    let hand = "6S 4S AS QS 6H 8S 3S QH";
    assert!(all_walks(&[], EXAMPLE_2, hand).contains(&vec![6, 4, 1, 12, 6, 8, 3, 12]));
    assert_eq!(
        json(&["pokino", "runs", EXAMPLE_2, "--hand", hand])["best"]["length"],
        8
    );
    // Under `square-reuse: no-revisit` neither example would score.
    let dir = tempfile::tempdir().unwrap();
    let house = dir.path().join("h.yaml");
    std::fs::write(
        &house,
        "base: pokino\nrulings:\n  square-reuse: no-revisit\n",
    )
    .unwrap();
    let walks = all_walks(&["--rules", house.to_str().unwrap()], EXAMPLE_2, hand);
    assert!(!walks.contains(&vec![6, 4, 1, 12, 6]));
    assert!(walks.iter().all(|w| w.len() <= 6));
}

/// A house-rules file `name` in `dir`, holding `text`.
fn house_file(dir: &tempfile::TempDir, name: &str, text: &str) -> String {
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

const CORNERS: &str = "base: pokino\nrulings:\n  steps: diagonals\n";

#[test]
fn ruling_steps_diagonals_in_runs() {
    let dir = tempfile::tempdir().unwrap();
    let corners = &house_file(&dir, "corners.yaml", CORNERS);
    // 6 (0,0) and 3 (1,1) meet only at a corner: a run under the house rules alone.
    Test::new()
        .args(["--rules", corners, "pokino", "runs", B, "--hand", "6S 3H"])
        .stdout(
            "Best run: 6 3 — 2 cards, 5 points
  Cards:   6♠ 3♥
  Squares: 0,0 1,1
  It plays every card in the hand: call \"Pokino!\" — the game ends and the player wins.
2 runs in all (no --beads given: not limited by beads).
Every run:
┌───┬────────┬───────┬─────────┐
│ # ┆ Points ┆ Cards ┆ Squares │
╞═══╪════════╪═══════╪═════════╡
│ 1 ┆ 5      ┆ 6♠ 3♥ ┆ 0,0 1,1 │
│ 2 ┆ 5      ┆ 3♥ 6♠ ┆ 1,1 0,0 │
└───┴────────┴───────┴─────────┘
",
        )
        .run();
    let v = json(&["--rules", corners, "pokino", "runs", B, "--hand", "6S 3H"]);
    assert_eq!(v["count"], 2);
    assert_eq!(v["best"]["squares"], serde_json::json!(["0,0", "1,1"]));
    assert_eq!(json(&["pokino", "runs", B, "--hand", "6S 3H"])["count"], 0);
    // The pair claimed closes it.
    let v = json(&[
        "--rules",
        corners,
        "pokino",
        "runs",
        B,
        "--hand",
        "6S 3H",
        "--claimed",
        "1,1-0,0",
    ]);
    assert_eq!(v["count"], 0);
}

#[test]
fn ruling_steps_diagonals_in_show() {
    let dir = tempfile::tempdir().unwrap();
    let corners = &house_file(&dir, "corners.yaml", CORNERS);
    // The picture marks claimed corners: ╲ for 4 and 8, ╱ for 1 and 4.
    Test::new().args([
            "--rules",
            corners,
            "pokino",
            "show",
            B,
            "--claimed",
            "1,0-2,1 0,1-1,0 0,0-0,1"
        ]).stdout("    0   1   2   3
  ┌───────┬───┐
0 │ 6   4 │12 │
  ├─●─╱───╲   │
1 │ 1   3 │ 8 │
  └───────┼───┴───┐
2         │ 9   0 │
          └───────┘

4 dominoes on the table; 1 border claimed, marked ●; 2 pairs claimed across a corner, marked ╲ or ╱ on it (╳ for both pairs there).
").run();
    let v = json(&[
        "--rules",
        corners,
        "pokino",
        "show",
        B,
        "--claimed",
        "1,0-2,1",
    ]);
    assert_eq!(v["claimed"], serde_json::json!(["1,0-2,1"]));
    // Under the default the same pair is refused, the ruling named.
    Test::new().args(["pokino", "show", B, "--claimed", "1,0-2,1"]).status(2).stderr("error: squares 1,0 and 2,1 meet only at a corner, so no token lies between them (ruling steps is `sides`)
 --> --claimed, column 1
  |
1 | 1,0-2,1
  | ^^^^^^^
  = expected: a border between two squares that share a side: X,Y-X,Y, e.g. 0,0-0,1
  = help: under ruling steps `diagonals` a run may step across a corner and claim the pair
").run();
    assert!(
        bad(&["--rules", corners, "pokino", "show", B, "--claimed", "0,0-2,2"]).starts_with(
            "error: squares 0,0 and 2,2 neither share a side nor meet at a corner, so no token claims them (ruling steps is `diagonals`)\n"
        )
    );
}

#[test]
fn ruling_steps_diagonals_in_territory() {
    // A token on a corner touches the dominoes of both squares.
    let dir = tempfile::tempdir().unwrap();
    let territory = &house_file(
        &dir,
        "corner-territory.yaml",
        "base: pokino-territory\nrulings:\n  steps: diagonals\n",
    );
    let tokens = "ana:1,0-2,1 bo:1,1-2,2 bo:0,0-0,1";
    let v = json(&[
        "--rules",
        territory,
        "pokino",
        "territory",
        B,
        "--tokens",
        tokens,
    ]);
    assert_eq!(
        v["players"],
        serde_json::json!([
            {"player": "ana", "dominoes": ["12-8"], "pips": 20},
            {"player": "bo", "dominoes": ["1-3", "9-0"], "pips": 13}
        ])
    );
    assert_eq!(v["winners"], serde_json::json!(["ana"]));
    assert!(
        bad(&[
            "--rules",
            "pokino-territory",
            "pokino",
            "territory",
            B,
            "--tokens",
            tokens
        ])
        .starts_with("error: squares 1,0 and 2,1 meet only at a corner, so no token lies between them (ruling steps is `sides`)\n")
    );
}
