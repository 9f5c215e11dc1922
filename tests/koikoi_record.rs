//! `kado koikoi check`: records refereed move by move, through the binary.

mod common;
use common::*;

const ROUND: &str = "tests/fixtures/koikoi/round.txt";

const DEAL: &str = "players: ana ben\nana: 1b 1r 2a 3p 5a 7r 9p 11p\nben: 2r 4a 4r 6a 8p 10a 12p 12p\ntable: 1p 3b 4p 6r 8b 9a 10r 12b\n";

#[test]
fn check_reports_each_turn_round_and_the_standing() {
    let (code, out, err) = run(&["koikoi", "check", ROUND]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "ana and ben, 6 rounds, 50 points each.
Round 1, ana deals:
  line   6  ana: 1r takes 1p; 7p to the table
  line   7  ben: 4a takes 4p; 2p to the table
  line   8  ana: 9p takes 9a; 8a takes 8b; yaku tsukimi_zake 5 (5): koi
  line   9  ben: 6a takes 6r; 3r takes 3b
  line  10  ana: 2a takes 2p; 5p to the table
  line  11  ben: 10a takes 10r; 7a takes 7p; yaku inoshikacho 6 (6): stop
Round 1: ben stops with inoshikacho 6: base 6 ×2, 12 points.
  Round 1: ben wins 12: ben 50 → 62, ana 50 → 38.
  ben deals round 2.
Round 2, ben deals:
  line  14  ben: 4a takes 4p; 12p takes 12b
Standing after 1 of 6 rounds: ana 38, ben 62; next: ana's turn.
"
    );
}

#[test]
fn check_json_has_rounds_scores_and_illegal() {
    let v = json(&["koikoi", "check", ROUND]);
    assert_eq!(
        v,
        serde_json::json!({
            "rounds": [{"winner": "ben", "points": 12, "yaku": ["inoshikacho"], "end": "stop"}],
            "scores": {"ana": 38, "ben": 62},
            "illegal": null
        })
    );
}

#[test]
fn check_reads_stdin_and_several_games() {
    let text = std::fs::read_to_string(ROUND).unwrap();
    let two = format!("{text}{DEAL}ana 1r / 7p\nana 4a / 2p\n");
    let (code, out, _) = run_with_input(&["--json", "koikoi", "check", "-"], two);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let games = v["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0]["illegal"], serde_json::Value::Null);
    assert_eq!(
        games[1]["illegal"],
        serde_json::json!({
            "line": 20,
            "player": "ana",
            "reason": "the players take turns: it is ben's turn, not ana's"
        })
    );
    assert_eq!(
        games[1]["scores"],
        serde_json::json!({"ana": 50, "ben": 50})
    );
}

/// The reason `check` gives for a record made of [`DEAL`] and `turns`.
fn reason(turns: &str) -> String {
    let (code, out, err) = run_with_input(
        &["--json", "koikoi", "check", "-"],
        format!("{DEAL}{turns}\n"),
    );
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    format!(
        "{}: {}",
        v["illegal"]["line"],
        v["illegal"]["reason"].as_str().unwrap_or("legal")
    )
}

#[test]
fn illegal_records_are_verdicts() {
    let cases = [
        // A capture of another month.
        (
            "ana 1r>3b / 7p",
            "5: a card captures a card of its own month, and 3b is not of pine's; legal: 1r>1p (or 1r)",
        ),
        // A match not taken.
        (
            "ana 1r>none / 7p",
            "5: a card that matches a table card must capture it: 1r matches 1p; legal: 1r>1p (or 1r)",
        ),
        // A card not in hand, and one played twice.
        (
            "ana 4a / 7p",
            "5: a card is played from the player's hand, and 4a is not in ana's: legal: 1b 1r 2a 3p 5a 7r 9p 11p",
        ),
        (
            "ana 1r / 7p\nben 4a / 2p\nana 1r / 8a",
            "7: a card is played from the player's hand, and 1r is not in ana's: legal: 1b 2a 3p 5a 7r 9p 11p",
        ),
        // A card that does not exist.
        (
            "ana 1r / 8r",
            "5: there is no 8r in the deck: susuki's cards are 8b 8a 8p 8p",
        ),
        // The wrong player's turn.
        (
            "ana 1r / 7p\nana 2a / 2p",
            "6: the players take turns: it is ben's turn, not ana's",
        ),
        // A missing koi or stop, and an extra one.
        (
            "ana 1r / 7p\nben 4a / 2p\nana 9p / 8a",
            "7: ana's yaku are now worth 5, more than at their last decision: the turn ends with koi or stop",
        ),
        (
            "ana 1r / 7p stop",
            "5: koi or stop ends only a turn that forms or improves a yaku, and ana's are worth 0, no more than at their last decision: `stop` is not allowed; legal: the turn without it",
        ),
    ];
    for (turns, want) in cases {
        assert_eq!(reason(turns), want, "{turns}");
    }
    // An ambiguous capture without `>`.
    let deal = DEAL
        .replace("table: 1p 3b", "table: 1p 12p")
        .replace(" 12p 12p\n", " 12p 3b\n");
    let (_, out, _) = run_with_input(
        &["--json", "koikoi", "check", "-"],
        format!("{deal}ana 1r / 7p\nben 12p / 2p\n"),
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["illegal"]["reason"],
        "12p matches two table cards, 12p and 12b: the record must say which it captures; legal: 12p>12p or 12p>12b"
    );
}

#[test]
fn an_illegal_line_is_shown_with_the_rule() {
    let (code, out, _) =
        run_with_input(&["koikoi", "check", "-"], format!("{DEAL}ana 1r>3b / 7p\n"));
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "ana and ben, 6 rounds, 50 points each.
Round 1, ana deals:
Standing after 0 of 6 rounds: ana 50, ben 50.
Illegal, line 5: ana 1r>3b / 7p
  a card captures a card of its own month, and 3b is not of pine's; legal: 1r>1p (or 1r)
"
    );
}

#[test]
fn bad_notation_is_an_error_with_its_place() {
    let (code, out, err) = run_with_input(
        &["koikoi", "check", "-"],
        "players: ana ben\nana 1r>1x / 7p\n",
    );
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "error: unknown kind `x` in `1x`
 --> stdin, line 2, column 9
  |
2 | ana 1r>1x / 7p
  |         ^
  = expected: a kind: b (bright), a (animal), r (ribbon) or p (plain)
"
    );
    let err = bad(&["koikoi", "check", "no-such-record.txt"]);
    assert!(
        err.contains("cannot read record `no-such-record.txt`: it does not exist"),
        "{err}"
    );
}
