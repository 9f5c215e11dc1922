//! End-to-end tests of `kado kinga`: exact human and JSON output, errors, and whole games.

use crate::common::*;

use kado::kinga::Rules;
use kado::kinga::game::{Action, Deck, Setup, State, answer_text};
use kado::kinga::sim;
use kado::ruleset::Ruleset;
use kado::session::Step;

// ---- chain -------------------------------------------------------------------------

#[test]
fn chain_the_rules_first_example() {
    Test::new()
        .args(["kinga", "chain", "4S", "3S", "3H"])
        .stdout("4♠ 3♠ 3♥: 6 influence in ♠ ♥.\n")
        .run();
    let v = json(&["kinga", "chain", "4S 3S 3H"]);
    assert_eq!(
        v,
        serde_json::json!({
            "valid": true, "reason": null, "influence": 6, "suits": ["S", "H"],
            "draws": 0, "bonuses": [], "target": null
        })
    );
}

#[test]
fn chain_jokers() {
    Test::new()
        .args(["kinga", "chain", "4S 3S JK 5C"])
        .stdout("4♠ 3♠ 🃏 5♣: 6 influence in any suit.\n")
        .run();
    let v = json(&["kinga", "chain", "4♠ 🃏 🃏 5♥"]);
    assert_eq!(v["influence"], 7);
    assert_eq!(v["suits"], serde_json::json!(["S", "H", "D", "C"]));
    // Hardcore: one joker only connects.
    let v = json(&["--rules", "kinga-hardcore", "kinga", "chain", "4S 3S JK 5C"]);
    assert_eq!(v["influence"], 6);
    assert_eq!(v["suits"], serde_json::json!(["S", "C"]));
    let v = json(&["--rules", "kinga-hardcore", "kinga", "chain", "4S JK JK 5H"]);
    assert_eq!(v["suits"], serde_json::json!(["S", "H", "D", "C"]));
}

#[test]
fn chain_french_review_five_four_joker_three_takes_a_six() {
    Test::new()
        .args(["kinga", "chain", "5S 4S JK 3D", "--target", "6D"])
        .stdout("5♠ 4♠ 🃏 3♦: 7 influence in any suit.\n6♦: needs 7 in ♦ — influenced.\n")
        .run();
    let v = json(&["kinga", "chain", "5S 4S JK 3D", "--target", "7D"]);
    assert_eq!(
        v["target"],
        serde_json::json!({"card": "7D", "needed": 8, "influenced": false, "effects": []})
    );
}

#[test]
fn chain_four_of_a_kind_draws_three() {
    Test::new().args(["kinga", "chain", "4S 4H 4D 4C"]).stdout("4♠ 4♥ 4♦ 4♣: 7 influence in any suit.\nDraw 3 extra cards at once (Three's Company 1, Harmony 2).\n").run();
    let v = json(&["kinga", "chain", "4S 4H 4D 4C"]);
    assert_eq!(v["draws"], 3);
    assert_eq!(
        v["bonuses"],
        serde_json::json!(["threes_company", "harmony"])
    );
}

#[test]
fn chain_threes_company_ruling_both_sides() {
    let dir = tempfile::tempdir().unwrap();
    let house = dir.path().join("h.yaml");
    std::fs::write(
        &house,
        "base: kinga\nrulings:\n  threes-company: per-play\n",
    )
    .unwrap();
    let cards = "4S 4H 4D 5D 5H 5S";
    assert_eq!(json(&["kinga", "chain", cards])["draws"], 2);
    let h = house.to_str().unwrap();
    assert_eq!(json(&["--rules", h, "kinga", "chain", cards])["draws"], 1);
}

#[test]
fn chain_single_card_ruling_both_sides() {
    // One card: its rank, 9, in its suit only: short of the 10 of spades (11), not good
    // for the 8 of hearts. (A plain card in hand has left its pile, so alone it never
    // reaches its own pile's top card; only an ace worth 14 does.)
    let v = json(&["kinga", "chain", "9S", "--target", "10S"]);
    assert_eq!(v["influence"], 9);
    assert_eq!(v["target"]["influenced"], false);
    let v = json(&["kinga", "chain", "9S", "--target", "8H"]);
    assert_eq!(v["target"]["influenced"], false);
    let dir = tempfile::tempdir().unwrap();
    let ace = dir.path().join("ace.yaml");
    std::fs::write(&ace, "base: kinga\nrulings:\n  ace-value: fourteen\n").unwrap();
    let v = json(&[
        "--rules",
        ace.to_str().unwrap(),
        "kinga",
        "chain",
        "AS",
        "--target",
        "QS",
    ]);
    assert_eq!(v["influence"], 14);
    assert_eq!(v["target"]["influenced"], true);
    let house = dir.path().join("h.yaml");
    std::fs::write(
        &house,
        "base: kinga\nrulings:\n  single-card-play: forbidden\n",
    )
    .unwrap();
    Test::new()
        .args(["--rules", house.to_str().unwrap(), "kinga", "chain", "9S"])
        .stdout("9♠: not a legal play — card 1 (9♠): a play chains at least two cards.\n")
        .run();
}

#[test]
fn chain_ace_value_ruling_both_sides() {
    assert_eq!(json(&["kinga", "chain", "AS 2S"])["influence"], 2);
    let dir = tempfile::tempdir().unwrap();
    let house = dir.path().join("h.yaml");
    std::fs::write(&house, "base: kinga\nrulings:\n  ace-value: fourteen\n").unwrap();
    let h = house.to_str().unwrap();
    assert_eq!(
        json(&["--rules", h, "kinga", "chain", "AS 2S"])["influence"],
        15
    );
}

#[test]
fn chain_kings_ruling_both_sides() {
    Test::new().args(["kinga", "chain", "QS JS JK JK", "--target", "KS"]).stdout("Q♠ J♠ 🃏 🃏: 15 influence in any suit.\nK♠: kings cannot be influenced; a king is exposed by influencing its queen.\n").run();
    let dir = tempfile::tempdir().unwrap();
    let house = dir.path().join("h.yaml");
    std::fs::write(&house, "base: kinga\nrulings:\n  kings: after-queen\n").unwrap();
    let h = house.to_str().unwrap();
    let v = json(&[
        "--rules",
        h,
        "kinga",
        "chain",
        "QS JS JK JK",
        "--target",
        "KS",
    ]);
    assert_eq!(
        v["target"],
        serde_json::json!({"card": "KS", "needed": 14, "influenced": true, "effects": []})
    );
}

#[test]
fn chain_target_effects() {
    Test::new().args(["kinga", "chain", "5H 6H", "--target", "5S"]).stdout("5♥ 6♥: 6 influence in ♥.\n5♠: needs 6 in ♠ — not influenced: the influence is not good in ♠.\n").run();
    Test::new().args(["kinga", "chain", "9H 4H 4S", "--target", "8S"]).stdout("9♥ 4♥ 4♠: 11 influence in ♠ ♥.\n8♠: needs 9 in ♠ — influenced.\nThen you may exile one card from your hand or discard pile.\n").run();
    let v = json(&["kinga", "chain", "JH JC JD", "--target", "QH"]);
    assert_eq!(
        v["target"]["effects"],
        serde_json::json!(["turn_king", "win_if_last_queen"])
    );
    Test::new().args(["kinga", "chain", "JH JC JD", "--target", "QH"]).stdout("J♥ J♣ J♦: 13 influence in ♥ ♦ ♣.\nDraw 1 extra card at once (Three's Company 1).\nQ♥: needs 13 in ♥ — influenced.\nThen turn the ♥ king sideways if it is upright; it is exposed.\nIf it is the fourth queen, you win.\n").run();
}

#[test]
fn chain_broken_is_a_verdict() {
    Test::new()
        .args(["kinga", "chain", "4S 5H 6H"])
        .stdout(
            "4♠ 5♥ 6♥: not a legal play — card 2 (5♥): 5♥ matches 4♠ in neither suit nor rank.\n",
        )
        .run();
    let v = json(&["kinga", "chain", "JK 4S"]);
    assert_eq!(v["valid"], false);
    assert_eq!(
        v["reason"],
        "card 1 (JK): a joker cannot be the first card of a play"
    );
}

#[test]
fn chain_explain() {
    Test::new().args([
        "--explain",
        "kinga",
        "chain",
        "5S 4S JK 3D",
        "--target",
        "6D",
    ]).stdout("5♠ 4♠ 🃏 3♦: 7 influence in any suit.
6♦: needs 7 in ♦ — influenced.

Why:
  - Each card after the first must match the card before it in suit or rank; a joker connects any two cards but may not come first.
  - Influence: the first card's rank (A 1 … Q 12, K 13), plus 1 for each further card.
  - A single joker in a play adds no influence.
  - A joker in the play makes the influence good in any suit. [ruling hardcore: off]
  - A top card is influenced by influence of at least its rank + 1, in its suit.
").run();
    let v = json(&["--explain", "kinga", "chain", "4S 3S JK 5C"]);
    assert_eq!(v["explain"][3]["rulings"][0]["id"], "hardcore");
}

#[test]
fn chain_errors() {
    let err = bad(&["kinga", "chain", "4S 4x", "--target", "2S"]);
    assert_eq!(
        err,
        "error: unknown suit `x` in `4x`
 --> argument CARDS, column 5
  |
1 | 4S 4x
  |     ^
  = expected: a suit: S H D C (or ♠ ♥ ♦ ♣)
  = help: did you mean 4♠, 4♥, 4♦ or 4♣?

error: 2♠ is never on a suit pile: aces and twos start in your deck
 --> --target, column 1
  |
1 | 2S
  | ^^
  = expected: a top card, 3 up to K

2 problems found
"
    );
    let err = bad(&["kinga", "chain", "4S 3S", "--target", "3S"]);
    assert_eq!(
        err,
        "error: 4♠ is still in the ♠ pile, under 3♠
 --> argument CARDS, column 1
  |
1 | 4S 3S
  | ^^
  = help: a suit pile is taken in order, from 3 up to the king

error: 3♠ is named twice: one pack holds one 3♠
 --> --target, column 1
  |
1 | 3S
  | ^^
  = help: the first 3♠ is at argument CARDS

2 problems found
"
    );
    // Every problem of --target at once, each at its token.
    let err = bad(&["kinga", "chain", "4S", "--target", "JK 2H 5S"]);
    assert_eq!(
        err,
        "error: a joker is never on a suit pile
 --> --target, column 1
  |
1 | JK 2H 5S
  | ^^
  = expected: a top card, 3 up to K

error: 2♥ is never on a suit pile: aces and twos start in your deck
 --> --target, column 4
  |
1 | JK 2H 5S
  |    ^^
  = expected: a top card, 3 up to K

error: --target takes one card
 --> --target, column 4
  |
1 | JK 2H 5S
  |    ^^^^^
  = help: ask about one top card at a time

3 problems found
"
    );
    let err = bad(&["kinga", "chain", "JK JK JK"]);
    assert!(err.contains("more than 2 jokers"), "{err}");
    let err = bad(&["--json", "kinga", "chain", "4S", "--target", "5S 6S"]);
    let v: serde_json::Value = serde_json::from_str(&err).unwrap();
    assert_eq!(v["error"], "--target takes one card");
    let err = bad(&["--rules", "kinkado", "kinga", "chain", "4S"]);
    assert!(err.contains("is for Kin Kādo, not Kinga"), "{err}");
}

// ---- options ------------------------------------------------------------------------

#[test]
fn options_human_and_json() {
    Test::new()
        .args([
            "kinga",
            "options",
            "--hand",
            "5S 4S 3D JK",
            "--tops",
            "6D 9S 3H 3C",
        ])
        .stdout(
            "Influence:
┌────────┬───────────────┬───────────┐
│ Target ┆ Shortest play ┆ Influence │
╞════════╪═══════════════╪═══════════╡
│ 6♦     ┆ 5♠ 4♠ 🃏 3♦   ┆ 7         │
│ 3♥     ┆ 5♠ 🃏         ┆ 5         │
│ 3♣     ┆ 5♠ 🃏         ┆ 5         │
└────────┴───────────────┴───────────┘
Exile: 4♠ (by 5♠)
",
        )
        .run();
    let v = json(&[
        "kinga",
        "options",
        "--hand",
        "5S 4S 3D JK",
        "--tops",
        "6D 9S 3H 3C",
    ]);
    assert_eq!(
        v["exile"],
        serde_json::json!([{"card": "4S", "by": ["5S"]}])
    );
    assert_eq!(
        v["influence"][0],
        serde_json::json!({"target": "6D", "play": ["5S", "4S", "JK", "3D"], "influence": 7})
    );
    assert_eq!(v["raise_suspicion"], false);
    assert_eq!(v["loses"], false);
}

#[test]
fn options_hardcore_exiles_only_when_stuck() {
    let args = [
        "--rules",
        "kinga-hardcore",
        "kinga",
        "options",
        "--hand",
        "5S 4S 3D JK",
        "--tops",
        "6D 9S 3H 3C",
    ];
    Test::new()
        .args(args)
        .stdout(
            "Influence:
┌────────┬───────────────┬───────────┐
│ Target ┆ Shortest play ┆ Influence │
╞════════╪═══════════════╪═══════════╡
│ 6♦     ┆ 5♠ 4♠ 🃏 3♦   ┆ 7         │
└────────┴───────────────┴───────────┘
Exile: not while something can be influenced (hardcore).
",
        )
        .run();
    let v = json(&[
        "--rules",
        "kinga-hardcore",
        "kinga",
        "options",
        "--hand",
        "5S 4S",
        "--tops",
        "9S",
    ]);
    assert_eq!(
        v["exile"],
        serde_json::json!([{"card": "4S", "by": ["5S"]}])
    );
}

#[test]
fn options_suspicion_and_loss() {
    Test::new().args([
        "kinga", "options", "--hand", "AS 2H", "--tops", "9S 9H", "--turned", "2",
    ]).stdout("Nothing can be influenced.\nRaise suspicion: turn an upright king sideways (2 of 4 turned now).\n").run();
    let v = json(&[
        "kinga", "options", "--hand", "AS 2H", "--tops", "9S 9H", "--turned", "4",
    ]);
    assert_eq!(v["raise_suspicion"], true);
    assert_eq!(v["loses"], true);
    let v = json(&["kinga", "options", "--hand", "", "--tops", "3S"]);
    assert_eq!(v["raise_suspicion"], true);
}

#[test]
fn options_errors_are_all_reported() {
    let err = bad(&[
        "kinga",
        "options",
        "--hand",
        "AS 9S JK JK JK",
        "--tops",
        "9S 9H 5H",
        "--turned",
        "7",
    ]);
    assert_eq!(
        err,
        "error: `7` is not a number of kings
 --> --turned, column 1
  |
1 | 7
  | ^
  = expected: 0 to 4

error: two top cards for the ♥ pile (9♥ and 5♥)
 --> --tops, column 7
  |
1 | 9S 9H 5H
  |       ^^
  = help: give the top card of each pile once

error: more than 2 jokers: one pack holds 2
 --> --hand, column 13
  |
1 | AS 9S JK JK JK
  |             ^^

error: 9♠ is named twice: one pack holds one 9♠
 --> --tops, column 1
  |
1 | 9S 9H 5H
  | ^^
  = help: the first 9♠ is at --hand

4 problems found
"
    );
    let err = bad(&["kinga", "options", "--hand", "QS", "--tops", "9S"]);
    assert!(
        err.starts_with("error: Q♠ is still in the ♠ pile, under 9♠"),
        "{err}"
    );
}

// ---- play / resume ------------------------------------------------------------------

const SCRIPT: &str = "2S 2H 2D JK
2S 2H 2D 2C on 3H
2S 2H 2D on 3S
AS
JK
AH AD AC
KC
JK
2C JK
3S
";

const TRANSCRIPT: &str = "Before the first turn · you to move
Seat  Kings exposed  Holds
you   0              —
Piles: 3♠ 3♥ 3♦ 3♣
Kings: K♠ upright · K♥ upright · K♦ upright · K♣ upright
Exiled: —
Draw pile: 10 · Discard pile: 0
Kings turned: 0 of 4.
Draw 4 cards: which: 2S 2H 2D JK
Turn 1 · you to move
Seat  Kings exposed  Holds
you   0              2♠ 2♥ 2♦ 🃏
Piles: 3♠ 3♥ 3♦ 3♣
Kings: K♠ upright · K♥ upright · K♦ upright · K♣ upright
Exiled: —
Draw pile: 6 · Discard pile: 0
Kings turned: 0 of 4.
Turn 1: your play: 2S 2H 2D 2C on 3H
✗ 2♣ is not in your hand (you hold 2♠ 2♥ 2♦ 🃏)
Turn 1: your play: 2S 2H 2D on 3S
2♠ 2♥ 2♦ makes 4 influence in ♠ ♥ ♦: 3♠ is influenced.
Three's Company: draw 1 extra card.
Draw 1 extra card: which: AS
Put 3♠ on your discard pile.
Keep one card for your next hand? (🃏 A♠; a card or `none`): JK
Discard A♠.
Draw 3 cards.
Draw 3 cards: which: AH AD AC
Turn 2 · you to move
Seat  Kings exposed  Holds
you   0              🃏 A♥ A♦ A♣
Piles: 4♠ 3♥ 3♦ 3♣
Kings: K♠ upright · K♥ upright · K♦ upright · K♣ upright
Exiled: —
Draw pile: 2 · Discard pile: 5
Kings turned: 0 of 4.
You can neither influence nor exile (you hold 🃏 A♥ A♦ A♣). Raise suspicion: which king do you turn: KC
Raise suspicion: turn the ♣ king sideways (1 of 4 turned).
Keep one card for your next hand? (🃏 A♥ A♦ A♣; a card or `none`): JK
Discard A♥ A♦ A♣.
Draw 2 cards.
Draw 2 cards: which: 2C JK
Your draw pile is empty: shuffle your discard pile (8 cards) into a new draw pile.
Draw 1 card.
Draw 1 card: which: 3S
Turn 3 · you to move
Seat  Kings exposed  Holds
you   0              🃏 2♣ 🃏 3♠
Piles: 4♠ 3♥ 3♦ 3♣
Kings: K♠ upright · K♥ upright · K♦ upright · K♣ sideways
Exiled: —
Draw pile: 7 · Discard pile: 0
Kings turned: 1 of 4.
The game is saved in g.yaml; continue it with `kado kinga resume g.yaml`.
";

#[test]
fn play_a_scripted_real_game() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.yaml");
    let (code, out, _) =
        run_with_input(&["kinga", "play", "--save", path.to_str().unwrap()], SCRIPT);
    assert_eq!(code, 0);
    let expected = TRANSCRIPT.replace("g.yaml", path.to_str().unwrap());
    assert_eq!(out, expected);
    let log = std::fs::read_to_string(&path).unwrap();
    assert!(log.starts_with("game: kinga\nformat: 4\n"), "{log}");
    assert!(log.contains("action: influence"), "{log}");
    assert!(log.contains("action: reshuffle"), "{log}");
}

#[test]
fn undo_takes_back_the_last_answer() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.yaml");
    let p = path.to_str().unwrap();
    let script = "2S 2H 2D JK\n2S 2H 2D on 3S\nundo\n2S 2H 2D JK on 3C\nshow\n";
    Test::new()
        .args(["kinga", "play", "--save", p])
        .stdin(script)
        .stdout_has("Undone: Turn 1: your play: 2S 2H 2D on 3S.\n")
        .stdout_has("2♠ 2♥ 2♦ 🃏 makes 4 influence in any suit: 3♣ is influenced.")
        .run();
    let log = std::fs::read_to_string(&path).unwrap();
    assert!(!log.contains("3S"), "the undone play is gone: {log}");
    assert!(log.contains("3C"), "{log}");
}

#[test]
fn resume_goes_on_where_the_game_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let whole = dir.path().join("whole.yaml");
    let split = dir.path().join("split.yaml");
    run_with_input(
        &[
            "kinga",
            "play",
            "--seed",
            "1",
            "--save",
            whole.to_str().unwrap(),
        ],
        SCRIPT,
    );
    let lines: Vec<&str> = SCRIPT.lines().collect();
    let first = lines[..4].join("\n") + "\nquit\n";
    let rest = lines[4..].join("\n") + "\n";
    let (_, out, _) = run_with_input(
        &[
            "kinga",
            "play",
            "--seed",
            "1",
            "--save",
            split.to_str().unwrap(),
        ],
        &first,
    );
    assert!(out.ends_with(&format!(
        "The game is saved in {0}; continue it with `kado kinga resume {0}`.\n",
        split.display()
    )));
    let Output { stdout: out, .. } = Test::new()
        .args(["kinga", "resume", split.to_str().unwrap()])
        .stdin(&rest)
        .any_stdout()
        .run();
    // Resuming draws the table first, as `show` does, then asks.
    let (table, after) = out
        .split_once("Keep one card for your next hand?")
        .unwrap_or_else(|| panic!("{out}"));
    assert!(table.starts_with("Turn 1 · you to move\n"), "{out}");
    assert!(table.ends_with("Kings turned: 0 of 4.\n"), "{out}");
    assert!(
        after.starts_with(" (🃏 A♠; a card or `none`): JK\n"),
        "{out}"
    );
    let a = std::fs::read_to_string(&whole).unwrap();
    let b = std::fs::read_to_string(&split).unwrap();
    assert_eq!(without_id(&a), without_id(&b));
    let err = bad(&[
        "kinga",
        "resume",
        dir.path().join("nope.yaml").to_str().unwrap(),
    ]);
    assert!(err.contains("it does not exist"), "{err}");
}

/// A whole game: the greedy policy plays a virtual deck in the library under `rs`; its
/// answers (draws included) are typed into a real-deck session under `house` (a
/// house-rules file, or none), which must end the same way. Returns the transcript and
/// the library's final state.
fn scripted_game(seed: u64, rs: &Ruleset, house: Option<&str>) -> (String, State) {
    let mut g = State::new(&Setup::new(Deck::Virtual, seed), Rules::from_ruleset(rs));
    let mut script = String::new();
    loop {
        let (a, asked) = match g.step() {
            Step::Done => break,
            Step::Auto(a) => (a, false),
            Step::Ask(q) => (sim::choose(&g, &q.key).unwrap(), true),
        };
        // The virtual deck's draws are typed in with a real deck; other steps kado
        // takes by itself (a reshuffle, the last upright king) are not.
        let typed = asked || matches!(a, Action::Draw { .. });
        if typed && let Some(t) = answer_text(&a) {
            script += &t;
            script.push('\n');
        }
        g.act(&a).unwrap();
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.yaml");
    let seed_text = seed.to_string();
    let mut args = vec![];
    if let Some(h) = house {
        args.extend(["--rules", h]);
    }
    args.extend([
        "kinga",
        "play",
        "--seed",
        &seed_text,
        "--save",
        path.to_str().unwrap(),
    ]);
    let Output { stdout: out, .. } = Test::new().args(&args).stdin(&script).any_stdout().run();
    assert!(!out.contains('✗'), "an answer was refused:\n{out}");
    let end = format!(
        "{} after {} turn{}. Score: {} king",
        if g.is_over() == Some(true) {
            "You won"
        } else {
            "You lost"
        },
        g.turn,
        if g.turn == 1 { "" } else { "s" },
        g.score()
    );
    assert!(out.contains(&end), "{end}\n{out}");
    // The finished game replays from its log.
    Test::new()
        .args(["kinga", "resume", path.to_str().unwrap()])
        .stdout_has(&end)
        .run();
    (out, g)
}

#[test]
fn a_full_scripted_game_to_the_end() {
    let rs = Ruleset::builtin("kinga").unwrap();
    for seed in [3u64, 11] {
        let (out, _) = scripted_game(seed, &rs, None);
        assert!(!out.contains("extra card? (yes, no, or how many)"), "{out}");
    }
}

#[test]
fn extra_draws_optional_asks_before_the_extra_cards() {
    let dir = tempfile::tempdir().unwrap();
    let house = dir.path().join("h.yaml");
    std::fs::write(&house, "base: kinga\nrulings:\n  extra-draws: optional\n").unwrap();
    let house = house.to_str().unwrap();
    let rs = Ruleset::from_house_text(house, &std::fs::read_to_string(house).unwrap()).unwrap();
    let mut asked = 0;
    for seed in [3u64, 11] {
        let (out, _) = scripted_game(seed, &rs, Some(house));
        asked += out.matches("extra card? (yes, no, or how many)").count()
            + out.matches("extra cards? (yes, no, or how many)").count();
    }
    assert!(asked > 0, "no game earned an extra card");
}

#[test]
fn a_virtual_game_deals_by_itself() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v.yaml");
    let Output { stdout: out, .. } = Test::new()
        .args([
            "kinga",
            "play",
            "--deck",
            "virtual",
            "--seed",
            "7",
            "--save",
            path.to_str().unwrap(),
        ])
        .stdin("KS\n")
        .any_stdout()
        .run();
    assert!(out.starts_with("You draw 2♠ 2♥ A♦ A♣.\n"), "{out}");
    assert!(
        out.contains("Raise suspicion: turn the ♠ king sideways (1 of 4 turned).\n"),
        "{out}"
    );
}

// ---- simulate -----------------------------------------------------------------------

#[test]
fn simulate_reports_both_rulesets() {
    let v = json(&["kinga", "simulate", "--games", "20", "--seed", "5"]);
    let results = v["results"].as_array().unwrap();
    assert_eq!(results.len(), 2);
    assert_eq!(results[0]["ruleset"], "kinga");
    assert_eq!(results[1]["ruleset"], "kinga-hardcore");
    for r in results {
        let scores: u64 = r["scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_u64().unwrap())
            .sum();
        assert_eq!(scores, 20);
        assert_eq!(r["wins"], r["scores"][4]);
    }
    // Repeatable from the seed.
    assert_eq!(
        v,
        json(&["kinga", "simulate", "--games", "20", "--seed", "5"])
    );
    let (_, out, _) = run(&[
        "--rules",
        "kinga-hardcore",
        "kinga",
        "simulate",
        "--games",
        "3",
    ]);
    assert!(out.starts_with("kinga-hardcore — 3 games: "), "{out}");
    assert!(out.contains("\n  0 kings "), "{out}");
    // --explain names the rulings each ruleset's games were played under: those the
    // greedy policy's games read.
    let v = json(&[
        "--explain",
        "--rules",
        "kinga-hardcore",
        "kinga",
        "simulate",
        "--games",
        "1",
    ]);
    assert_eq!(
        v["explain"][0]["rule"],
        "The games are played under the rulings below; each can change the figures."
    );
    assert_eq!(
        v["explain"][3]["rule"],
        "The kinga-hardcore games are played under these rulings."
    );
    assert_eq!(
        v["explain"][3]["rulings"][0],
        serde_json::json!({"id": "hardcore", "choice": "on"})
    );
    assert_eq!(
        explained_rulings(&v),
        [
            "hardcore: on",
            "ace-value: one",
            "kings: never",
            "threes-company: per-rank",
            "single-card-play: allowed",
            "reshuffle: when-needed",
            "hardcore-suspicion-cleanup: keep-one",
            "empty-draw: short",
            "sideways-queen: counts",
        ]
    );
    let err = bad(&["kinga", "simulate", "--games", "0"]);
    assert!(
        err.starts_with("error: `0` games is not a number kado plays"),
        "{err}"
    );
}

// ---- play / resume under --json, and what protects a saved game ---------------------

#[test]
fn play_json_prints_the_state_and_sends_the_transcript_to_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.yaml");
    let p = path.to_str().unwrap();
    // Seed 3 deals 2♦ A♦ 2♠ 2♥. Cards alone name their target only when it is the one.
    let script = "2D 2S 2H\n2D AD\nexile\n2D 2S 2H on D\nAD\n";
    let Output {
        stdout: out,
        stderr: err,
        ..
    } = Test::new()
        .args([
            "--json", "kinga", "play", "--deck", "virtual", "--seed", "3", "--save", p,
        ])
        .stdin(script)
        .any_stdout()
        .any_stderr()
        .run();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let pile =
        |suit: &str, top: &str| serde_json::json!({"suit": suit, "top": top, "king": "upright"});
    assert_eq!(
        v,
        serde_json::json!({
            "deck": "virtual",
            "turn": 2,
            "piles": [pile("S", "3S"), pile("H", "3H"), pile("D", "4D"), pile("C", "3C")],
            "kings_turned": 0,
            "hand": ["AD", "2C", "JK", "AC"],
            "draw_pile": 2,
            "discard_pile": 5,
            "exiled": [],
            "table": [],
            "waiting_for": "turn",
            "finished": false,
            "won": null,
            "score": 0,
            "save": p,
        })
    );
    assert!(err.starts_with("You draw 2♦ A♦ 2♠ 2♥.\n"), "{err}");
    for refusal in [
        "✗ 2♦ 2♠ 2♥ influences 3♠ 3♥ 3♦: say which, e.g. `2D 2S 2H on 3S`\n",
        "✗ 2♦ A♦ makes 3 influence in ♦, which influences none of the top cards (3♠ 3♥ 3♦ 3♣); type `help` for your plays\n",
        "✗ name the card to exile, e.g. `exile 4S`\n",
    ] {
        assert!(err.contains(refusal), "{refusal}\n{err}");
    }
    assert!(
        err.contains("2♦ 2♠ 2♥ makes 4 influence in ♠ ♥ ♦: 3♦ is influenced.\n"),
        "{err}"
    );
    // Resuming with nothing to answer reports the same state.
    let Output { stdout: out2, .. } = Test::new()
        .args(["--json", "kinga", "resume", p])
        .any_stdout()
        .any_stderr()
        .run();
    assert_eq!(serde_json::from_str::<serde_json::Value>(&out2).unwrap(), v);
}

#[test]
fn a_finished_game_reports_its_score_in_json() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.yaml");
    let p = path.to_str().unwrap();
    // The greedy policy plays seed 3 to its end; its answers are typed in.
    let mut g = State::new(&Setup::new(Deck::Virtual, 3), Rules::standard());
    let mut script = String::new();
    loop {
        let a = match g.step() {
            Step::Done => break,
            Step::Auto(a) => a,
            Step::Ask(q) => {
                let a = sim::choose(&g, &q.key).unwrap();
                script += &answer_text(&a).unwrap();
                script.push('\n');
                a
            }
        };
        g.act(&a).unwrap();
    }
    let Output { stdout: out, .. } = Test::new()
        .args([
            "--json", "kinga", "play", "--deck", "virtual", "--seed", "3", "--save", p,
        ])
        .stdin(&script)
        .any_stdout()
        .any_stderr()
        .run();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["finished"], true);
    assert_eq!(v["won"], g.is_over().unwrap());
    assert_eq!(v["score"], g.score());
    assert_eq!(v["turn"], g.turn);
    assert_eq!(v["waiting_for"], serde_json::Value::Null);
    let exposed = v["piles"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["king"] == "exposed")
        .count();
    assert_eq!(exposed, g.score());
}

#[test]
fn play_never_overwrites_a_saved_game() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.yaml");
    let p = path.to_str().unwrap();
    std::fs::write(&path, "precious\n").unwrap();
    Test::new().args(["kinga", "play", "--save", p]).stdin("quit\n").status(2).stderr(format!(
            "error: {p} already exists\n  = help: continue it with `kado kinga resume {p}`, or choose another --save file\n"
        )).run();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "precious\n");
}

#[test]
fn resume_keeps_the_rules_the_game_started_with() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.yaml");
    let p = path.to_str().unwrap();
    run_with_input(
        &[
            "--rules",
            "kinga-hardcore",
            "kinga",
            "play",
            "--seed",
            "1",
            "--save",
            p,
        ],
        "quit\n",
    );
    Test::new()
        .args(["kinga", "resume", p])
        .stdin("quit\n")
        .any_stdout()
        .run();
    Test::new()
        .args(["--rules", "kinga-hardcore", "kinga", "resume", p])
        .stdin("quit\n")
        .any_stdout()
        .run();
    Test::new().args(["--rules", "kinga", "kinga", "resume", p]).stdin("quit\n").status(2).stderr(format!(
            "error: {p} is a game under the kinga-hardcore rules, not kinga\n  = help: a game keeps the rules it started with; resume it without --rules\n"
        )).run();
}

#[test]
fn play_explain_names_the_rulings_of_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.yaml");
    let p = path.to_str().unwrap();
    let Output { stdout: out, .. } = Test::new()
        .args([
            "--explain",
            "--rules",
            "kinga-hardcore",
            "kinga",
            "play",
            "--deck",
            "virtual",
            "--seed",
            "3",
            "--save",
            p,
        ])
        .stdin("quit\n")
        .any_stdout()
        .run();
    let why = out
        .split("\nWhy:\n")
        .nth(1)
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        why.starts_with("  - A turn is one influence or one exile (hardcore: exile only when nothing can be influenced); only when neither is possible is suspicion raised, and with all four kings sideways that loses. [ruling hardcore: on]\n"),
        "{why}"
    );
    assert!(
        why.contains(
            "[ruling hardcore: on, hardcore-suspicion-cleanup: keep-one, reshuffle: when-needed]\n"
        ),
        "{why}"
    );
    // Resumed under --json: the same rulings, from the saved game.
    let Output { stdout: out, .. } = Test::new()
        .args(["--json", "--explain", "kinga", "resume", p])
        .any_stdout()
        .any_stderr()
        .run();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["explain"][0]["rulings"],
        serde_json::json!([{"id": "hardcore", "choice": "on"}])
    );
    assert_eq!(v["turn"], 1);
}

#[test]
fn play_explain_names_the_rulings_kado_meets_at_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let house = dir.path().join("h.yaml");
    std::fs::write(
        &house,
        "base: kinga\nrulings:\n  sideways-queen: not-counted\n  empty-draw: game-over\n",
    )
    .unwrap();
    let why = |rules: &[&str]| {
        let path = dir.path().join(format!("g{}.yaml", rules.len()));
        let mut args = vec!["--explain"];
        args.extend_from_slice(rules);
        args.extend([
            "kinga",
            "play",
            "--deck",
            "virtual",
            "--save",
            path.to_str().unwrap(),
        ]);
        let Output { stdout: out, .. } = Test::new().args(&args).stdin("quit\n").any_stdout().run();
        out.split("\nWhy:\n").nth(1).unwrap_or_default().to_string()
    };
    let standard = why(&[]);
    assert!(standard.contains("Every exposed king scores, sideways from suspicion or not. [ruling kings: never, sideways-queen: counts]\n"), "{standard}");
    assert!(
        standard.contains(
            "is not drawn; play goes on with the cards in hand. [ruling empty-draw: short]\n"
        ),
        "{standard}"
    );
    let house = why(&["--rules", house.to_str().unwrap()]);
    assert!(house.contains("A king scores only if its queen's fall turned it: one already sideways from suspicion does not. [ruling kings: never, sideways-queen: not-counted]\n"), "{house}");
    assert!(
        house.contains("ends the game as a loss. [ruling empty-draw: game-over]\n"),
        "{house}"
    );
}

// ---- advise ------------------------------------------------------------------------

#[test]
fn advise_ranks_every_choice_human_and_json() {
    let args = [
        "kinga",
        "advise",
        "--hand",
        "5S 4S 3D JK",
        "--tops",
        "6D 9S 3H 3C",
        "--discard",
        "AS 2H",
        "--samples",
        "20",
    ];
    let Output { stdout: out, .. } = Test::new().args(args).any_stdout().run();
    assert_eq!(
        out,
        "┌──────┬───────────────────┬──────────┬───────────┬───────────────────────────────────────┐
│      ┆ Answer            ┆ Wins     ┆ Avg score ┆ What it does                          │
╞══════╪═══════════════════╪══════════╪═══════════╪═══════════════════════════════════════╡
│ best ┆ 5S 4S JK 3D on 6D ┆ 20% ± 18 ┆ 2.55      ┆ takes 6♦: the ♦ queen is 6 cards away │
│ 2    ┆ 5S JK on 3H       ┆ 35% ± 21 ┆ 2.60      ┆ takes 3♥: the ♥ queen is 9 cards away │
│ 3    ┆ 5S JK on 3C       ┆ 35% ± 21 ┆ 2.45      ┆ takes 3♣: the ♣ queen is 9 cards away │
│ 4    ┆ exile 4S          ┆ 25% ± 19 ┆ 2.15      ┆ exiles 4♠ from the deck for good      │
└──────┴───────────────────┴──────────┴───────────┴───────────────────────────────────────┘
Each choice played out 20 times to the end (seed 1): the unseen draw order sampled, the same samples for every choice; ± is a 95% interval. The greedy choice stays first unless another beats it on those samples by more than the noise of the difference.
"
    );
    let v = json(&args);
    assert_eq!(v["question"], "turn");
    assert_eq!(v["samples"], 20);
    let answers: Vec<&str> = v["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["answer"].as_str().unwrap())
        .collect();
    assert_eq!(
        answers,
        [
            "5S 4S JK 3D on 6D",
            "5S JK on 3H",
            "5S JK on 3C",
            "exile 4S"
        ]
    );
    assert_eq!(v["candidates"][1]["wins"], 7);
    // Another seed, another sample: repeatable per seed.
    let mut other = args.to_vec();
    other.extend(["--seed", "2"]);
    assert_eq!(json(&other), json(&other));
}

#[test]
fn advise_with_no_play_ranks_the_kings_to_turn() {
    let v = json(&[
        "kinga",
        "advise",
        "--hand",
        "AS",
        "--tops",
        "9D 9S 9H 9C",
        "--suspicion",
        "H",
        "--samples",
        "5",
    ]);
    assert_eq!(v["question"], "suspicion");
    let answers: Vec<&str> = v["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["answer"].as_str().unwrap())
        .collect();
    let mut sorted = answers.clone();
    sorted.sort();
    assert_eq!(
        sorted,
        ["C", "D", "S"],
        "every upright king, not the sideways ♥"
    );
}

#[test]
fn advise_reports_every_problem_at_once() {
    let err = bad(&[
        "kinga",
        "advise",
        "--hand",
        "5S 4S 3D JK 9S",
        "--tops",
        "6D 9S 3H 3X",
        "--discard",
        "AS 2H 9H",
        "--suspicion",
        "S Q",
    ]);
    assert_eq!(
        err,
        "error: unknown suit `X` in `3X`
 --> --tops, column 11
  |
1 | 6D 9S 3H 3X
  |           ^
  = expected: a suit: S H D C (or ♠ ♥ ♦ ♣)
  = help: did you mean 3♠, 3♥, 3♦ or 3♣?

error: `Q` is not a suit
 --> --suspicion, column 3
  |
1 | S Q
  |   ^
  = expected: S, H, D or C (or ♠ ♥ ♦ ♣)

error: 9♥ is still in the ♥ pile, under 3♥
 --> --discard, column 7
  |
1 | AS 2H 9H
  |       ^^
  = help: a suit pile is taken in order, from 3 up to the king

error: 9♠ is named twice: one pack holds one 9♠
 --> --tops, column 4
  |
1 | 6D 9S 3H 3X
  |    ^^
  = help: the first 9♠ is at --hand

4 problems found
"
    );
}

#[test]
fn hint_at_a_play_prompt_ranks_the_choices() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.yaml");
    let Output { stdout: out, .. } = Test::new()
        .args(["kinga", "play", "--save", path.to_str().unwrap()])
        .stdin("AS 2S AH 2H\nhint\nhint\nquit\n")
        .any_stdout()
        .run();
    let hints: Vec<&str> = out.split("Turn 1: your play: hint\n").skip(1).collect();
    assert_eq!(hints.len(), 2, "{out}");
    let first = hints[0].split("Turn 1: your play:").next().unwrap();
    assert!(first.contains("│ best ┆ "), "{first}");
    assert!(first.contains("exile AH"), "{first}");
    assert!(first.contains("2S AS AH on 3S"), "{first}");
    assert!(hints[1].starts_with(first), "the same hint twice");
    // A draw is not a choice: no advice.
    let path2 = dir.path().join("g2.yaml");
    Test::new()
        .args(["kinga", "play", "--save", path2.to_str().unwrap()])
        .stdin("hint\nquit\n")
        .stdout_has("✗ kado has no advice for this question: it is not a choice of play")
        .run();
}

#[test]
fn simulate_with_the_advisor_policy() {
    let v = json(&[
        "--explain",
        "--rules",
        "kinga",
        "kinga",
        "simulate",
        "--games",
        "4",
        "--policy",
        "advisor",
        "--samples",
        "2",
    ]);
    assert_eq!(v["policy"], "advisor");
    assert_eq!(v["results"][0]["games"], 4);
    // The advisor may decline extra cards or exile a joker: those rulings bear on its games.
    let named = explained_rulings(&v);
    assert!(
        named.contains(&"extra-draws: always".to_string()),
        "{named:?}"
    );
    assert!(
        named.contains(&"bonus-exile-joker: forbidden".to_string()),
        "{named:?}"
    );
    assert!(!named.contains(&"hardcore-suspicion-cleanup: keep-one".to_string()));
    let g = json(&["--rules", "kinga", "kinga", "simulate", "--games", "4"]);
    assert_eq!(g["policy"], "greedy");
}

/// Issue 31: a hint's answer is printed exactly as it is typed at the prompt, and typing
/// the first one is accepted.
#[test]
fn the_hint_s_first_answer_is_typed_back_and_accepted() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "--no-history",
        "kinga",
        "play",
        "--deck",
        "virtual",
        "--seed",
        "3",
    ];
    let (_, out, _) = run_in(dir.path(), &args, "hint\nquit\n");
    let row = out
        .lines()
        .find(|l| l.starts_with("│ best ┆ "))
        .unwrap_or_else(|| panic!("{out}"));
    let first = row.split('┆').nth(1).unwrap().trim();
    assert_eq!(first, "exile AD");
    std::fs::remove_file(dir.path().join("kinga-1.yaml")).unwrap();
    let Output { stdout: out, .. } = Test::new()
        .current_dir(dir.path())
        .args(args)
        .stdin(format!("hint\n{first}\nquit\n"))
        .stdout_has("Turn 1: your play: exile AD\n")
        .stdout_has("Exiled: A♦\n")
        .run();
    assert!(!out.contains('✗'), "{out}");
}
