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
  ×2: the opponent had called koi-koi (hard koi)
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

/// The answers `play` asks for to replay a record: with a virtual deck only the cards
/// played, the captures of drawn cards with two matches, and koi or stop; with real cards
/// also the hands, the table and every card drawn.
fn answers(record: &str, virtual_deck: bool) -> String {
    let mut out = Vec::new();
    for line in record.lines() {
        if line.starts_with("players:") || line == "round" {
            continue;
        }
        if let Some((_, cards)) = line.split_once(": ") {
            if !virtual_deck {
                out.push(cards.to_string());
            }
            continue;
        }
        let (_, turn) = line.split_once(' ').unwrap();
        let (played, rest) = turn.split_once(" / ").unwrap();
        let mut rest = rest.split(' ');
        let drawn = rest.next().unwrap();
        out.push(played.to_string());
        match (virtual_deck, drawn.split_once('>')) {
            (true, Some((_, capture))) => out.push(capture.to_string()),
            (true, None) => {}
            (false, _) => out.push(drawn.to_string()),
        }
        out.extend(rest.map(str::to_string));
    }
    out.join("\n") + "\n"
}

/// A whole game (6 rounds) written by `simulate` in `d`.
fn simulated(d: &std::path::Path) -> String {
    let args = "koikoi simulate --games 1 --seed 5 --policy greedy,kado --record sim.txt";
    let (code, _, err) = run_in(d, &args.split(' ').collect::<Vec<_>>(), "");
    assert_eq!((code, err.as_str()), (0, ""));
    let sim = std::fs::read_to_string(d.join("sim.txt")).unwrap();
    assert!(sim.matches("\nround\n").count() >= 5, "{sim}");
    sim
}

/// Plays a game in `d` saved as NAME.yaml with its record in NAME.txt; returns the
/// transcript and the record.
fn play_to(d: &std::path::Path, name: &str, extra: &[&str], input: &str) -> (String, String) {
    let (save, rec) = (format!("{name}.yaml"), format!("{name}.txt"));
    let mut args = vec![
        "koikoi",
        "play",
        "--players",
        "ana,ben",
        "--save",
        &save,
        "--record",
        &rec,
    ];
    args.extend_from_slice(extra);
    let (code, out, err) = run_in(d, &args, input);
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
    (
        out,
        without_id(&std::fs::read_to_string(d.join(&rec)).unwrap()),
    )
}

#[test]
fn with_real_cards_a_whole_turn_may_be_said_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let sim = simulated(dir.path());
    let whole: String = sim
        .lines()
        .filter(|l| !l.starts_with("players:") && *l != "round")
        .map(|l| match l.split_once(": ") {
            Some((_, cards)) => format!("{cards}\n"),
            None => format!("{l}\n"),
        })
        .collect();
    let (out, rec) = play_to(dir.path(), "w", &[], &whole);
    assert!(!out.contains('✗'), "{out}");
    assert_eq!(rec, sim);
}

#[test]
fn a_whole_game_through_play_gives_the_record_check_accepts() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let sim = simulated(d);
    // A virtual deck: kado deals; the table plays.
    let virtual_deck = ["--deck", "virtual", "--seed", "5"];
    let (out, rec) = play_to(d, "v", &virtual_deck, &answers(&sim, true));
    assert!(out.contains("Game over ("), "{out}");
    assert_eq!(rec, sim);
    // Real cards: the table says every card.
    let (_, rec) = play_to(d, "p", &[], &answers(&sim, false));
    assert_eq!(rec, sim);
    // The record passes check with the same result as the game.
    let (_, checked, _) = run_in(d, &["--json", "koikoi", "check", "p.txt"], "");
    let checked: serde_json::Value = serde_json::from_str(&checked).unwrap();
    assert_eq!(checked["illegal"], serde_json::Value::Null);
    let (_, status, _) = run_in(d, &["--json", "koikoi", "status", "p.yaml"], "");
    let status: serde_json::Value = serde_json::from_str(&status).unwrap();
    assert_eq!(status["over"], true);
    let scores = &status["scores"];
    assert_eq!(checked["scores"]["ana"], scores[0]);
    assert_eq!(checked["scores"]["ben"], scores[1]);
    let (code, printed, _) = run_in(d, &["koikoi", "status", "v.yaml", "--record"], "");
    assert_eq!((code, without_id(&printed)), (0, sim));
}

#[test]
fn play_refuses_an_illegal_card_and_undo_takes_back_an_answer() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let input = "hidden\nhidden\n1p 3b 4p 6r 8b 9a 10r 12b\n1r>3b\n1r\n7p\nundo\n2p\n";
    let (code, out, err) = run_in(
        d,
        &["koikoi", "play", "--players", "ana,ben", "--save", "g.yaml"],
        input,
    );
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(
        out.contains("✗ a card captures a card of its own month, and 3b is not of pine's; legal: 1r>1p (or 1r)\n"),
        "{out}"
    );
    assert!(
        out.contains("ana plays 1r poetry ribbon: takes 1p.\n"),
        "{out}"
    );
    assert!(out.contains("Undone.\n"), "{out}");
    let (_, rec, _) = run_in(d, &["koikoi", "status", "g.yaml", "--record"], "");
    let rec = without_id(&rec);
    assert_eq!(
        rec,
        "players: ana ben\ntable: 1p 3b 4p 6r 8b 9a 10r 12b\nana 1r / 2p\n"
    );
    // Resumed, the game goes on where it stopped.
    let (code, out, _) = run_in(
        d,
        &["koikoi", "resume", "g.yaml", "--record", "g.txt"],
        "ben 4a\n12p\n",
    );
    assert_eq!(code, 0);
    assert!(
        out.contains("ben plays: ben 4a\nben plays 4a cuckoo: takes 4p.\nben draws: 12p\nben draws 12p: takes 12b phoenix.\n"),
        "{out}"
    );
    assert_eq!(
        without_id(&std::fs::read_to_string(d.join("g.txt")).unwrap()),
        "players: ana ben\ntable: 1p 3b 4p 6r 8b 9a 10r 12b\nana 1r / 2p\nben 4a / 12p\n"
    );
}

#[test]
fn kado_as_opponent_needs_a_virtual_deck_and_announces_its_plays() {
    let err = bad(&[
        "koikoi",
        "play",
        "--opponent",
        "kado",
        "--save",
        "/nonexistent/x.yaml",
    ]);
    assert!(
        err.contains("--opponent kado: kado can play only with a virtual deck"),
        "{err}"
    );
    let dir = tempfile::tempdir().unwrap();
    let (code, out, err) = run_in(
        dir.path(),
        &[
            "koikoi",
            "play",
            "--players",
            "ana,kado",
            "--deck",
            "virtual",
            "--seed",
            "2",
            "--opponent",
            "kado",
            "--save",
            "k.yaml",
        ],
        "",
    );
    assert_eq!((code, err.as_str()), (0, ""));
    // kado's hand is never shown; ana's is, at her turn.
    assert!(out.contains("ana's hand: "), "{out}");
    assert!(!out.contains("kado's hand"), "{out}");
}

#[test]
fn simulate_reports_each_policy() {
    let v = json(&[
        "koikoi",
        "simulate",
        "--games",
        "20",
        "--seed",
        "3",
        "--policy",
        "greedy,random",
    ]);
    assert_eq!(v["games"], 20);
    assert_eq!(v["policies"], serde_json::json!(["greedy", "random"]));
    let wins = v["wins"][0].as_u64().unwrap()
        + v["wins"][1].as_u64().unwrap()
        + v["draws"].as_u64().unwrap();
    assert_eq!(wins, 20);
    let err = bad(&[
        "koikoi",
        "simulate",
        "--games",
        "2",
        "--policy",
        "kado,smart",
    ]);
    assert!(err.contains("`kado,smart` is not two policies"), "{err}");
}

/// A card mistyped turns ago is corrected with `fix N ANSWER`: the later turns that still
/// hold are kept, the first that no longer does is asked again, and the record follows.
#[test]
fn fix_corrects_an_earlier_turn_and_keeps_the_turns_that_still_hold() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let play = ["koikoi", "play", "--players", "ana,ben", "--save", "g.yaml"];
    let input = "hidden\nhidden\n1p 3b 4p 6r 8b 9a 10r 12b\nana 1r>1p / 7p\nben 4a>4p / 12p\nana 7r>7p / 8p>8b\nfix\nfix 4 ana 1r>1p / 2a\n";
    let (code, out, err) = run_in(d, &play, input);
    assert_eq!((code, err.as_str()), (0, ""));
    let listed = "ben plays: fix\nThe answers given:\n   1. ana's hand (8 cards), or `hidden`: hidden\n   2. ben's hand (8 cards), or `hidden`: hidden\n   3. The table's 8 cards: 1p 3b 4p 6r 8b 9a 10r 12b\n   4. ana plays: ana 1r>1p / 7p\n   5. ben plays: ben 4a>4p / 12p\n   6. ana plays: ana 7r>7p / 8p>8b\n`fix N ANSWER` replaces answer N; the answers after it are kept where they still hold.\n";
    assert!(out.contains(listed), "{out}");
    let fixed = "ben plays: fix 4 ana 1r>1p / 2a\nFixed: answer 4 is now `ana 1r>1p / 2a`.\nAnswer 6 (`ana 7r>7p / 8p>8b`) no longer holds: a card captures a card on the table, and 7p is not there; legal: 7r (laid on the table). It is taken back: answer again from there, or `undo` to bring back the old answer 4 and all.\nRound 1 of 6 — ana 50, ben 50\nTable: 3b 6r 8b 9a 10r 2a\nana captured: 1r 1p\nben captured: 4a 4p 12p 12b\n";
    assert!(out.contains(fixed), "{out}");
    let (_, rec, _) = run_in(d, &["koikoi", "status", "g.yaml", "--record"], "");
    let rec = without_id(&rec);
    let expected =
        "players: ana ben\ntable: 1p 3b 4p 6r 8b 9a 10r 12b\nana 1r>1p / 2a\nben 4a>4p / 12p\n";
    assert_eq!(rec, expected);
    // The save holds the correction; resumed, the game stands as fixed, and `undo` takes
    // the correction back with the turn it dropped.
    let save = std::fs::read_to_string(d.join("g.yaml")).unwrap();
    assert!(save.starts_with("game: koikoi\nformat: 2\n"), "{save}");
    let (code, out, _) = run_in(d, &["koikoi", "resume", "g.yaml"], "undo\n");
    assert_eq!(code, 0);
    assert!(out.contains("Undone.\n"), "{out}");
    let (_, rec, _) = run_in(d, &["koikoi", "status", "g.yaml", "--record"], "");
    let rec = without_id(&rec);
    assert!(
        rec.ends_with("ana 1r>1p / 7p\nben 4a>4p / 12p\nana 7r>7p / 8p>8b\n"),
        "{rec}"
    );
}
