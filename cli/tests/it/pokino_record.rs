//! `kado pokino check` end to end: records refereed turn by turn, exact output (human
//! and JSON), illegal lines as verdicts (exit 0), bad notation as errors (exit 2), and
//! the record notation's round trip.

use crate::common::*;

use proptest::prelude::*;

use kado::cards::Card;
use kado::diag::Source;
use kado::pokino::board::{Dir, Placement, Square};
use kado::pokino::record;
use kado::pokino::referee::{Event, Play, RunPlay};

const SPOKE: &str = "spoke: 6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h";

/// A three-player record of real pieces (issue 63's reasons reuse it).
pub const GAME: &str = "players: ana ben cy                       # in turn order
spoke: 6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h
ana domino 5-5@3,0h
ben domino 10-11@-2,0h
cy domino 7-2@0,2h
ana run QC 4H @ 2,0 1,0
ben pass
cy run 6D AC                              # the squares left out: one way only
";

fn check_text(args: &[&str], record: &str) -> Test {
    Test::new()
        .args(args)
        .args(["pokino", "check", "-"])
        .stdin(record)
}

#[test]
fn a_record_refereed_turn_by_turn() {
    check_text(&[], GAME).stdout("Players: ana, ben, cy
  line 2  The starting spoke is laid.
  line 3  ana lays 5-5@3,0h, takes a bead and draws a domino; then draws a card.
  line 4  ben lays 10-11@-2,0h, takes a bead and draws a domino; then draws a card.
  line 5  cy lays 7-2@0,2h, takes a bead and draws a domino; then draws a card.
  line 6  ana plays Q♣ 4♥ along 2,0 1,0 for 5 points, claims 2,0-1,0, pays 2 beads; then draws a card.
  line 7  ben passes; then draws a card.
  line 8  cy plays 6♦ A♣ along 0,0 0,1 for 5 points, claims 0,0-0,1, pays 2 beads; then draws a card.

   -2  -1   0   1   2   3   4
  ┌───────┬───────┬───┬───────┐
0 │10  11 │ 6   4 ●12 │ 5   5 │
  └───────┼─●─────┤   ├───────┘
1         │ 1   3 │ 8 │
          ├───────┼───┴───┐
2         │ 7   2 │ 9   0 │
          └───────┴───────┘
● claimed by ana: 2,0-1,0
● claimed by cy: 0,0-0,1

┌────────┬───────┬───────┬───────┬──────────┐
│ Player ┆ Score ┆ Beads ┆ Cards ┆ Dominoes │
╞════════╪═══════╪═══════╪═══════╪══════════╡
│ ana    ┆ 5     ┆ 0     ┆ 5     ┆ 3        │
│ ben    ┆ 0     ┆ 2     ┆ 7     ┆ 3        │
│ cy     ┆ 5     ┆ 0     ┆ 5     ┆ 3        │
└────────┴───────┴───────┴───────┴──────────┘
Poke: 75 dominoes. Deck: 31 cards.
The game goes on: ana plays next.
").run();
}

#[test]
fn the_json_shape() {
    let Output { stdout: out, .. } = check_text(&["--json"], GAME).any_stdout().run();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["scores"],
        serde_json::json!({"ana": 5, "ben": 0, "cy": 5})
    );
    assert_eq!(v["beads"], serde_json::json!({"ana": 0, "ben": 2, "cy": 0}));
    assert_eq!(
        v["hand_sizes"],
        serde_json::json!({"ana": 5, "ben": 7, "cy": 5})
    );
    assert_eq!(v["poke"], 75);
    assert_eq!(v["over"], false);
    assert_eq!(v["winner"], serde_json::Value::Null);
    assert_eq!(v["pokino"], serde_json::Value::Null);
    assert_eq!(v["illegal"], serde_json::Value::Null);
    assert_eq!(v["next"], "ana");
    assert_eq!(
        v["claimed"],
        serde_json::json!([
            {"border": "2,0-1,0", "player": "ana"},
            {"border": "0,0-0,1", "player": "cy"}
        ])
    );
    assert_eq!(v["turns"][6]["line"], 8);
    assert_eq!(v["turns"][6]["event"], "cy run 6D AC");
}

#[test]
fn the_first_illegal_line_is_the_verdict() {
    let record = format!("players: ana ben\n{SPOKE}\nana domino 5-5@9,9h\nben pass\n");
    let Output { stdout: out, .. } = check_text(&[], &record).stdout_has("Illegal: line 3 (ana) — laying a domino: 5-5@9,9h may not be laid: it would touch no domino on the table (it must share a side with one).
  Legal instead: 5-5@0,-2v, 5-5@1,-2v, 5-5@2,-2v, … 28 places in all.
").run();
    assert!(
        out.ends_with("The game goes on: ana plays next.\n"),
        "{out}"
    );
    let (_, out, _) = check_text(&["--json"], &record).outcome();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["illegal"],
        serde_json::json!({
            "line": 3,
            "player": "ana",
            "code": "illegal-move",
            "reason": "5-5@9,9h may not be laid: it would touch no domino on the table (it must share a side with one)",
            "rule": "laying a domino",
            "legal": ["5-5@0,-2v", "5-5@1,-2v", "5-5@2,-2v", "… 28 places in all"]
        })
    );
}

/// Each illegal case of the rules, under every variant: (record body, hands, reason).
#[test]
fn illegal_records_under_every_variant() {
    let cases: &[(&str, &str, Option<&str>)] = &[
        (
            "ana domino 5-5@0,0v",
            "",
            Some("square 0,0 is already covered by 6-4@0,0h"),
        ),
        (
            "ana run QC 4H @ 2,0 5,5",
            "QC 4H",
            Some("no domino covers square 5,5"),
        ),
        (
            "ana run QC 3S @ 2,0 1,0",
            "QC 3S",
            Some("3♠ is not the number on square 1,0, which is 4"),
        ),
        (
            "ana run 4H 3S 4D @ 1,0 1,1 1,0",
            "4H 3S 4D",
            Some("border 1,1-1,0 is crossed twice"),
        ),
        ("ben pass", "", Some("it is ana's turn, not ben's")),
    ];
    for rules in [
        "pokino",
        "pokino-greed",
        "pokino-up",
        "pokino-tear-down",
        "pokino-territory",
    ] {
        for (body, hand, want) in cases {
            let size = if rules == "pokino-up" { 7 } else { 5 };
            let hand = if hand.is_empty() {
                String::new()
            } else {
                let fill = ["7S", "7H", "7D", "7C", "2S", "2H", "2D"];
                let n = size - hand.split(' ').count();
                format!("ana: {hand} {}\n", fill[..n].join(" "))
            };
            let record = format!("players: ana ben\n{SPOKE}\n{hand}{body}\n");
            let Output { stdout: out, .. } = check_text(&["--json", "--rules", rules], &record)
                .any_stdout()
                .run();
            let v: serde_json::Value = serde_json::from_str(&out).unwrap();
            let reason = v["illegal"]["reason"].as_str().unwrap_or("");
            match want {
                Some(w) => assert!(reason.contains(w), "{rules} {body}: {reason}"),
                None => assert_eq!(reason, ""),
            }
        }
    }
}

#[test]
fn a_game_to_its_end() {
    // Two players holding 43 dominoes each leave one in the poke.
    let dir = tempfile::tempdir().unwrap();
    let house = dir.path().join("h.yaml");
    std::fs::write(&house, "base: pokino\nvalues:\n  start-dominoes: 43\n").unwrap();
    let record = format!("players: ana ben\n{SPOKE}\nana domino 5-5@-2,0h\n");
    let Output { stdout: out, .. } = check_text(&["--rules", house.to_str().unwrap()], &record).stdout_has("  line 3  ana lays 5-5@-2,0h, takes a bead and draws a domino; then draws a card. The poke is empty: the game ends.\n").run();
    assert!(
        out.ends_with("Game over: ana, ben tie with 0 points and share the win.\n"),
        "{out}"
    );
}

#[test]
fn pokino_wins_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let house = dir.path().join("h.yaml");
    std::fs::write(&house, "base: pokino-greed\nvalues:\n  start-cards: 2\n").unwrap();
    let record = format!("players: ana ben\n{SPOKE}\nana: QC 4H\nana run QC 4H\n");
    let Output { stdout: out, .. } =
        check_text(&["--json", "--rules", house.to_str().unwrap()], &record)
            .any_stdout()
            .run();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["pokino"], "ana");
    assert_eq!(v["winner"], "ana");
    assert_eq!(v["over"], true);
    assert_eq!(v["scores"]["ana"], 5 + 5);
}

#[test]
fn several_games_in_one_file() {
    let record =
        format!("players: ana ben\n{SPOKE}\nana pass\n\nplayers: cy dee\n{SPOKE}\ndee pass\n");
    let Output { stdout: out, .. } = check_text(&[], &record).any_stdout().run();
    assert!(
        out.starts_with("Game 1 of the record\nPlayers: ana, ben\n"),
        "{out}"
    );
    assert!(out.contains("\nGame 2 of the record\nPlayers: cy, dee\n"));
    assert!(out.contains("Illegal: line 7 (dee) — turn order: it is cy's turn, not dee's."));
    let (_, out, _) = check_text(&["--json"], &record).outcome();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["games"].as_array().unwrap().len(), 2);
}

#[test]
fn bad_notation_is_an_error_with_its_place() {
    let record =
        "players: ana ben\nspoke: 6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h\nana dommino 5-5@9,9h\n";
    check_text(&[], record)
        .status(2)
        .stderr(
            "error: `dommino` is not a turn
 --> stdin, line 3, column 5
  |
3 | ana dommino 5-5@9,9h
  |     ^^^^^^^
  = expected: domino, run or pass
  = help: did you mean `domino`?
",
        )
        .run();
    let Output { stderr: err, .. } =
        check_text(&[], &format!("players: ana ben\n{SPOKE}\nbem pass\n"))
            .status(2)
            .any_stdout()
            .any_stderr()
            .run();
    assert!(
        err.starts_with("error: bem is not one of the players\n --> stdin, line 3, column 1\n"),
        "{err}"
    );
    assert!(err.contains("= help: did you mean ben?"), "{err}");
    let Output { stderr: err, .. } = check_text(&[], "ana pass\n")
        .status(2)
        .any_stdout()
        .any_stderr()
        .run();
    assert!(
        err.starts_with("error: a game starts with its players\n"),
        "{err}"
    );
    let err = bad(&["pokino", "check", "/nonexistent/game.txt"]);
    assert!(
        err.contains("cannot read record `/nonexistent/game.txt`: it does not exist"),
        "{err}"
    );
    let Output { stderr: err, .. } = check_text(&["--json"], "players: ana\n")
        .status(2)
        .any_stdout()
        .any_stderr()
        .run();
    let v: serde_json::Value = serde_json::from_str(&err).unwrap();
    assert_eq!(
        v["problems"][0]["message"],
        "Pokino needs 2 players or more"
    );
    assert_eq!(v["problems"][0]["line"], 1);
}

fn card() -> impl Strategy<Value = Card> {
    (0usize..52).prop_map(|i| Card::from_index(i).unwrap())
}

fn square() -> impl Strategy<Value = Square> {
    (-20i32..20, -20i32..20).prop_map(|(x, y)| Square::new(x, y))
}

fn play() -> impl Strategy<Value = Play> {
    let placement = (0u8..13, 0u8..13, square(), any::<bool>()).prop_map(|(a, b, at, h)| {
        Play::Domino(Placement::new(
            kado::pokino::board::Domino::new(a, b),
            at,
            if h { Dir::H } else { Dir::V },
        ))
    });
    let run = (
        prop::collection::vec(card(), 1..6),
        prop::option::of(prop::collection::vec(square(), 1..6)),
    )
        .prop_map(|(cards, squares)| RunPlay { cards, squares });
    prop_oneof![
        placement,
        prop::collection::vec(run, 1..3).prop_map(Play::Runs),
        Just(Play::Pass),
    ]
}

fn event() -> impl Strategy<Value = Event> {
    let names = prop::sample::select(vec!["ana", "ben", "cy_2", "d.e"]);
    prop_oneof![
        (names.clone(), play(), prop::option::of(card())).prop_map(|(p, play, draws)| {
            Event::Turn {
                player: p.to_string(),
                play,
                draws,
            }
        }),
        (names, prop::collection::vec(card(), 1..8)).prop_map(|(p, cards)| Event::Hand {
            player: p.to_string(),
            cards
        }),
    ]
}

proptest! {
    /// A record written by kado reads back to the same events.
    #[test]
    fn record_display_parse_round_trip(events in prop::collection::vec(event(), 0..12)) {
        let players = vec!["ana".to_string(), "ben".to_string(), "cy_2".to_string(), "d.e".to_string()];
        let text = record::write(&players, None, &events);
        let games = record::parse(&Source::new("t", text.as_str())).unwrap();
        prop_assert_eq!(games.len(), 1);
        let back: Vec<Event> = games[0].lines.iter().map(|l| l.event.clone()).collect();
        prop_assert_eq!(&back, &events);
        prop_assert_eq!(games[0].to_string(), text);
    }
}

/// The standing `check` gives a record and `status` gives the save it came from agree.
fn same_standing(dir: &std::path::Path, rules: &str, save: &str, record: &str) {
    let (_, status, _) = run_in(
        dir,
        &["--json", "--rules", rules, "pokino", "status", save],
        "",
    );
    let Output { stdout: check, .. } = Test::new()
        .current_dir(dir)
        .args(["--json", "--rules", rules, "pokino", "check", record])
        .any_stdout()
        .run();
    let (s, c): (serde_json::Value, serde_json::Value) = (
        serde_json::from_str(&status).unwrap(),
        serde_json::from_str(&check).unwrap(),
    );
    assert_eq!(c["illegal"], serde_json::Value::Null, "{check}");
    for key in [
        "scores",
        "beads",
        "hand_sizes",
        "dominoes",
        "poke",
        "deck",
        "over",
        "winner",
        "winners",
        "pokino",
        "claimed",
        "board",
        "next",
    ] {
        assert_eq!(s[key], c[key], "{key}");
    }
}

#[test]
fn play_with_real_pieces_writes_the_record_check_reads() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let answers = "6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h\ndomino 5-5@3,0h\nben domino 5-5@9,9h\ndomino 10-11@-2,0h\ncy domino 7-2@0,2h\nana: QC 4H 7S 7H 7D 7C\nhint\nrun QC 4H @ 2,0 1,0\nundo\nrun QC 4H @ 2,0 1,0\nben pass draws 9H\ncy run 6D AC\n";
    Test::new().current_dir(d).args([
            "pokino",
            "play",
            "--players",
            "ana,ben,cy",
            "--save",
            "g.yaml",
            "--record",
            "g.txt",
        ]).stdin(answers).stdout_has("ben's turn (e.g. `domino 6-4@0,1h`, `run 4C 5C 6C`, `pass`): ben domino 5-5@9,9h\n✗ 5-5@9,9h may not be laid: 5-5 is already on the table, at 5-5@3,0h; it would touch no domino on the table (it must share a side with one) (laying a domino)\n").stdout_has("ana's turn (e.g. `domino 6-4@0,1h`, `run 4C 5C 6C`, `pass`): hint\n┌──────┬").stdout_has("`hint A-B C-D E-F` names them.\n").stdout_has("ben's turn (e.g. `domino 6-4@0,1h`, `run 4C 5C 6C`, `pass`): undo\nUndone: ana's turn (e.g. `domino 6-4@0,1h`, `run 4C 5C 6C`, `pass`): ana run QC 4H @ 2,0 1,0.\n").run();
    let record = without_id(&std::fs::read_to_string(d.join("g.txt")).unwrap());
    assert_eq!(
        record,
        "players: ana ben cy
spoke: 6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h
ana domino 5-5@3,0h
ben domino 10-11@-2,0h
cy domino 7-2@0,2h
ana: QC 4H 7S 7H 7D 7C
ana run QC 4H @ 2,0 1,0
ben pass draws 9H
cy run 6D AC
"
    );
    let (_, printed, _) = run_in(d, &["pokino", "status", "g.yaml", "--record"], "");
    assert_eq!(without_id(&printed), record);
    same_standing(d, "pokino", "g.yaml", "g.txt");
    // Resumed, the game goes on and the record follows.
    Test::new()
        .current_dir(d)
        .args(["pokino", "resume", "g.yaml", "--record", "g.txt"])
        .stdin("ana pass\n")
        .any_stdout()
        .run();
    assert!(
        std::fs::read_to_string(d.join("g.txt"))
            .unwrap()
            .ends_with("cy run 6D AC\nana pass\n")
    );
    same_standing(d, "pokino", "g.yaml", "g.txt");
}

/// The policy's answers for a whole virtual game: what the table would type.
fn policy_answers(rules: &str, players: usize, seed: u64) -> String {
    use kado::pokino::game::{Deck, Game, Setup};
    use kado::session::{Session, Step};
    let rs = kado::ruleset::Ruleset::builtin(rules).unwrap();
    let names: Vec<String> = (1..=players).map(|k| format!("p{k}")).collect();
    let mut t = Game::start(&Setup::new(names, Deck::Virtual, seed), &rs).unwrap();
    let mut out = String::new();
    loop {
        let action = match t.next() {
            Step::Done => return out,
            Step::Auto(a) => a,
            Step::Ask(_) => {
                let event = kado::pokino::sim::greedy(&t.game);
                out += &event.to_string();
                out.push('\n');
                kado::pokino::game::Action::from(event)
            }
        };
        t.apply(&action).unwrap();
    }
}

#[test]
fn whole_virtual_games_through_play_then_check() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (k, rules) in [
        "pokino",
        "pokino-greed",
        "pokino-up",
        "pokino-tear-down",
        "pokino-territory",
    ]
    .iter()
    .enumerate()
    {
        let players = 2 + k % 3;
        let seed = 40 + k as u64;
        let names: Vec<String> = (1..=players).map(|k| format!("p{k}")).collect();
        let save = format!("{rules}.yaml");
        let record = format!("{rules}.txt");
        let Output { stdout: out, .. } = Test::new()
            .current_dir(d)
            .args([
                "--rules",
                rules,
                "pokino",
                "play",
                "--deck",
                "virtual",
                "--seed",
                &seed.to_string(),
                "--players",
                &names.join(","),
                "--save",
                &save,
                "--record",
                &record,
            ])
            .stdin(policy_answers(rules, players, seed))
            .stdout_has("Game over:")
            .run();
        assert!(!out.contains('✗'), "{rules}: {out}");
        same_standing(d, rules, &save, &record);
    }
}

/// A full game of four (the benchmark's record: `KADO_PRINT_RECORD=FILE` writes it).
#[test]
fn a_full_four_player_game_checks_to_the_same_end() {
    let rs = kado::ruleset::Ruleset::builtin("pokino").unwrap();
    let t = kado::pokino::sim::play_game(&rs, 4, 1).unwrap();
    let text = t.record_text();
    if let Some(path) = std::env::var_os("KADO_PRINT_RECORD") {
        std::fs::write(path, &text).unwrap();
    }
    let Output { stdout: out, .. } = check_text(&["--json"], &text).any_stdout().run();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["illegal"], serde_json::Value::Null);
    assert_eq!(v["over"], true);
    assert_eq!(v["winners"], serde_json::json!(t.game.winners()));
}

/// Words a record is made of, and junk, for the no-panic property.
const WORDS: &[&str] = &[
    "players:",
    "spoke:",
    "poke:",
    "deck:",
    "ana",
    "ben",
    "ana:",
    "domino",
    "run",
    "pass",
    "draws",
    "@",
    "5-5@3,0h",
    "6-4@0,0h",
    "1-3@0,1h",
    "12-8@2,0v",
    "9-0@2,2h",
    "13-1@0,0h",
    "QC",
    "4H",
    "3S",
    "KD",
    "AS",
    "2,0",
    "1,0",
    "1,1",
    "0,0",
    "-1,999",
    "x",
    "#",
    "\n",
    "\n",
    "\n",
    "🃏",
    "1-2",
];

proptest! {
    /// No record, however garbled, panics the reader or the referee.
    #[test]
    fn no_record_panics_check(picks in prop::collection::vec(0usize..WORDS.len(), 0..80)) {
        let text: Vec<&str> = picks.iter().map(|&i| WORDS[i]).collect();
        let text = text.join(" ");
        for rules in ["pokino", "pokino-tear-down"] {
            let rs = kado::ruleset::Ruleset::builtin(rules).unwrap();
            let r = kado::pokino::Rules::from_ruleset(&rs);
            let _ = kado::pokino::check::check(&Source::new("t", text.as_str()), &r);
        }
    }
}

#[test]
fn simulate_reports_each_variant() {
    let v = json(&[
        "pokino",
        "simulate",
        "--players",
        "2",
        "--games",
        "1",
        "--seed",
        "3",
    ]);
    let names: Vec<&str> = v["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["ruleset"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        vec![
            "pokino",
            "pokino-greed",
            "pokino-up",
            "pokino-tear-down",
            "pokino-territory"
        ]
    );
    assert_eq!(v["results"][0]["games"], 1);
    assert!(v["results"][0]["average_turns"].as_f64().unwrap() > 40.0);
    let v = json(&[
        "--rules",
        "pokino-greed",
        "pokino",
        "simulate",
        "--players",
        "3",
        "--games",
        "1",
    ]);
    assert_eq!(v["results"].as_array().unwrap().len(), 1);
    let err = bad(&["pokino", "simulate", "--players", "1"]);
    assert!(
        err.starts_with("error: `1` is not a number of players kado simulates\n"),
        "{err}"
    );
}

#[test]
fn whole_games_with_real_pieces_through_play_then_check() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (players, rules) in [(2, "pokino-up"), (3, "pokino"), (4, "pokino-greed")] {
        // The events of a whole game, as the table at real pieces would type them: the
        // spoke, then each turn (no hand is ever typed, so kado knows only their sizes).
        let rs = kado::ruleset::Ruleset::builtin(rules).unwrap();
        let t = kado::pokino::sim::play_game(&rs, players, 11).unwrap();
        let answers: String = t.events.iter().map(|e| format!("{e}\n")).collect();
        let names: Vec<String> = (1..=players).map(|k| format!("p{k}")).collect();
        let save = format!("real-{players}.yaml");
        let record = format!("real-{players}.txt");
        let Output { stdout: out, .. } = Test::new()
            .current_dir(d)
            .args([
                "--rules",
                rules,
                "pokino",
                "play",
                "--players",
                &names.join(","),
                "--save",
                &save,
                "--record",
                &record,
            ])
            .stdin(&answers)
            .any_stdout()
            .run();
        assert!(!out.contains('✗'), "{rules}: {out}");
        same_standing(d, rules, &save, &record);
        let (_, status, _) = run_in(d, &["--json", "pokino", "status", &save], "");
        let v: serde_json::Value = serde_json::from_str(&status).unwrap();
        assert_eq!(v["over"], true, "{rules}");
        assert_eq!(v["winners"], serde_json::json!(t.game.winners()), "{rules}");
        let scores: Vec<u64> = t.game.scores();
        for (i, n) in names.iter().enumerate() {
            assert_eq!(v["scores"][n], scores[i], "{rules} {n}");
        }
    }
}

#[test]
fn a_finished_game_goes_to_the_play_history() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let hist = d.join("h.sqlite");
    let hist = hist.to_str().unwrap();
    let answers = policy_answers("pokino", 2, 9);
    Test::new()
        .current_dir(d)
        .args([
            "--history",
            hist,
            "pokino",
            "play",
            "--deck",
            "virtual",
            "--seed",
            "9",
            "--players",
            "p1,p2",
            "--save",
            "g.yaml",
        ])
        .stdin(&answers)
        .any_stdout()
        .run();
    let Output { stdout: out, .. } = Test::new()
        .current_dir(d)
        .args(["--json", "--history", hist, "history"])
        .any_stdout()
        .run();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let game = &v["games"][0];
    assert_eq!(game["game"], "pokino");
    assert_eq!(game["outcome"]["finished"], true);
    let seats = game["outcome"]["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 2);
    assert!(seats.iter().any(|s| s["won"] == true));
}

/// A domino told wrong turns ago is corrected with `fix N ANSWER`; the later turns still
/// hold, so they stay, and the record and `check` follow the correction.
#[test]
fn fix_corrects_an_earlier_turn_and_the_record_follows() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let answers = "6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h\ndomino 5-5@3,0h\nben domino 10-11@-2,0h\ncy domino 7-2@0,2h\nfix 2 ana domino 5-6@3,0h\nfix 3 ben domino 5-5@9,9h\n";
    let args = [
        "pokino",
        "play",
        "--players",
        "ana,ben,cy",
        "--save",
        "g.yaml",
        "--record",
        "g.txt",
    ];
    Test::new().current_dir(d).args(args).stdin(answers).stdout_has("ana's turn (e.g. `domino 6-4@0,1h`, `run 4C 5C 6C`, `pass`): fix 2 ana domino 5-6@3,0h\nFixed: answer 2 is now `ana domino 5-6@3,0h`.\n").stdout_has("ana's turn (e.g. `domino 6-4@0,1h`, `run 4C 5C 6C`, `pass`): fix 3 ben domino 5-5@9,9h\n✗ that cannot be answer 3: 5-5@9,9h may not be laid: it would touch no domino on the table (it must share a side with one) (laying a domino); legal instead: 5-5@0,-2v; 5-5@1,-2v; 5-5@2,-2v; … 33 places in all\n").run();
    let record = without_id(&std::fs::read_to_string(d.join("g.txt")).unwrap());
    assert_eq!(
        record,
        "players: ana ben cy\nspoke: 6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h\nana domino 5-6@3,0h\nben domino 10-11@-2,0h\ncy domino 7-2@0,2h\n"
    );
    same_standing(d, "pokino", "g.yaml", "g.txt");
}

/// A record whose runs step across a corner: 4 (1,0) to 8 (2,1), then 12 (2,0) to 3 (1,1),
/// the other pair through the same corner.
const CORNERS: &str = "players: ana ben
spoke: 6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h
ana domino 5-5@3,0h
ben domino 10-11@-2,0h
ana run 4H 8S @ 1,0 2,1      # across the corner of 4, 12, 3 and 8
ben run QC 3D                # the other pair through that corner
";

/// A house-rules file choosing `steps: diagonals`, in `dir`.
fn corners_rules(dir: &std::path::Path) -> String {
    let path = dir.join("corners.yaml");
    std::fs::write(&path, "base: pokino\nrulings:\n  steps: diagonals\n").unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn a_run_across_a_corner_under_a_house_rules_file() {
    let dir = tempfile::tempdir().unwrap();
    let rules = corners_rules(dir.path());
    check_text(&["--rules", &rules], CORNERS).stdout("Players: ana, ben
  line 2  The starting spoke is laid.
  line 3  ana lays 5-5@3,0h, takes a bead and draws a domino; then draws a card.
  line 4  ben lays 10-11@-2,0h, takes a bead and draws a domino; then draws a card.
  line 5  ana plays 4♥ 8♠ along 1,0 2,1 for 5 points, claims 1,0-2,1, pays 2 beads; then draws a card.
  line 6  ben plays Q♣ 3♦ along 2,0 1,1 for 5 points, claims 2,0-1,1, pays 2 beads; then draws a card.

   -2  -1   0   1   2   3   4
  ┌───────┬───────┬───┬───────┐
0 │10  11 │ 6   4 │12 │ 5   5 │
  └───────┼───────╳   ├───────┘
1         │ 1   3 │ 8 │
          └───────┼───┴───┐
2                 │ 9   0 │
                  └───────┘
╲╱ claimed by ana across a corner: 1,0-2,1
╲╱ claimed by ben across a corner: 2,0-1,1
╲ or ╱ on a corner marks the pair of squares claimed across it (╳: both pairs there).

┌────────┬───────┬───────┬───────┬──────────┐
│ Player ┆ Score ┆ Beads ┆ Cards ┆ Dominoes │
╞════════╪═══════╪═══════╪═══════╪══════════╡
│ ana    ┆ 5     ┆ 0     ┆ 5     ┆ 3        │
│ ben    ┆ 5     ┆ 0     ┆ 5     ┆ 3        │
└────────┴───────┴───────┴───────┴──────────┘
Poke: 79 dominoes. Deck: 38 cards.
The game goes on: ana plays next.
").run();
    let Output { stdout: out, .. } = check_text(&["--json", "--rules", &rules], CORNERS)
        .any_stdout()
        .run();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["claimed"],
        serde_json::json!([
            {"border": "1,0-2,1", "player": "ana"},
            {"border": "2,0-1,1", "player": "ben"}
        ])
    );
    assert_eq!(v["illegal"], serde_json::Value::Null);
    assert_eq!(v["scores"], serde_json::json!({"ana": 5, "ben": 5}));
    assert_eq!(
        v["turns"][3]["did"],
        serde_json::json!({
            "kind": "runs",
            "beads_paid": 2,
            "runs": [{"cards": ["4H", "8S"], "squares": ["1,0", "2,1"], "points": 5, "claims": ["1,0-2,1"], "torn": []}]
        })
    );
    assert_eq!(
        v["turns"][4]["did"]["runs"][0]["squares"],
        serde_json::json!(["2,0", "1,1"])
    );
    assert_eq!(
        v["picture"],
        "   -2  -1   0   1   2   3   4\n  ┌───────┬───────┬───┬───────┐\n0 │10  11 │ 6   4 │12 │ 5   5 │\n  └───────┼───────╳   ├───────┘\n1         │ 1   3 │ 8 │\n          └───────┼───┴───┐\n2                 │ 9   0 │\n                  └───────┘\n"
    );
}

#[test]
fn a_run_across_a_corner_is_refused_under_the_default() {
    check_text(&[], CORNERS).stdout_has("  line 4  ben lays 10-11@-2,0h, takes a bead and draws a domino; then draws a card.
Illegal: line 5 (ana) — ruling steps: step 2 of the run: squares 1,0 and 2,1 do not share a side (ruling steps is `sides`).
").run();
    let (_, out, _) = check_text(&["--json"], CORNERS).outcome();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["illegal"],
        serde_json::json!({
            "line": 5,
            "player": "ana",
            "code": "illegal-move",
            "reason": "step 2 of the run: squares 1,0 and 2,1 do not share a side (ruling steps is `sides`)",
            "rule": "ruling steps",
            "legal": []
        })
    );
    // Under the house rules, squares that do not touch at all are refused, that ruling named.
    let dir = tempfile::tempdir().unwrap();
    let rules = corners_rules(dir.path());
    let far = CORNERS
        .replace("@ 1,0 2,1", "@ 1,0 2,2")
        .replace("8S", "9S");
    check_text(&["--rules", &rules], &far).stdout_has("Illegal: line 5 (ana) — ruling steps: step 2 of the run: squares 1,0 and 2,2 neither share a side nor meet at a corner (ruling steps is `diagonals`).\n").run();
}

/// Issue 30: "Pokino!" under Territory won at once without a ruling; ruling
/// territory-pokino names it, both sides through check and play.
#[test]
fn ruling_territory_pokino_through_check_and_play() {
    let dir = tempfile::tempdir().unwrap();
    let record = format!("players: ana ben\n{SPOKE}\nana: QC 4H\nana run QC 4H\n");
    for (choice, said) in [
        (
            "caller-wins",
            "Game over: ana called \"Pokino!\" and wins.\n",
        ),
        (
            "pips-decide",
            "Game over: ana called \"Pokino!\", and the pips decide (ruling territory-pokino): ana wins with 30 pips.\n",
        ),
    ] {
        let house = dir.path().join(format!("{choice}.yaml"));
        std::fs::write(
            &house,
            format!("base: pokino-greed\nrulings:\n  territory: \"on\"\n  territory-pokino: {choice}\nvalues:\n  start-cards: 2\n"),
        )
        .unwrap();
        let house = house.to_str().unwrap();
        check_text(&["--explain", "--rules", house], &record)
            .stdout_has(said)
            .stdout_has(format!("territory-pokino: {choice}]"))
            .run();
        let Output { stdout: out, .. } = Test::new()
            .current_dir(dir.path())
            .args([
                "--no-history",
                "--rules",
                house,
                "pokino",
                "play",
                "--players",
                "ana,ben",
            ])
            .stdin(format!("{}\nrun QC 4H\n", &SPOKE["spoke: ".len()..]))
            .any_stdout()
            .run();
        // The table wraps its lines at 80 columns.
        let flowing = out.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flowing.ends_with(said.trim_end()), "{choice}: {out}");
    }
}

/// Issue 31: with several people at one screen every hand was printed for all to see;
/// `--private` shows a player's pieces only when they type `hand` at their own turn, and
/// the card a player draws is not named.
#[test]
fn hands_were_printed_for_all_to_see() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "--no-history",
        "pokino",
        "play",
        "--players",
        "ana,ben",
        "--deck",
        "virtual",
        "--seed",
        "1",
        "--private",
    ];
    let Output { stdout: out, .. } = Test::new()
        .current_dir(dir.path())
        .args(args)
        .stdin("hand\npass\nquit\n")
        .stdout_has(
            "ana's hand: kept private (on ana's own page, or `hand`).
ana's turn (e.g. `3` for place #3, `domino 6-4@0,1h`, `run 4C 5C 6C`, `pass`): hand
ana's hand: A♦ Q♥ 5♠ 5♥ 10♣; dominoes: 4-8 1-1 0-12;
            places, best first (the number lays it): 1) domino 1-1@3,0v ·
            2) domino 1-1@3,1h · 3) domino 0-12@2,-2v · 4) domino 0-12@1,-1h ·
            5) domino 12-0@2,-1h
ana's turn (e.g. `3` for place #3, `domino 6-4@0,1h`, `run 4C 5C 6C`, `pass`): pass
ana passes; then draws a card.
",
        )
        .stdout_has("ben's hand: kept private (on ben's own page, or `hand`).\n")
        .run();
    assert!(!out.contains("7♣ 9♥ 4♦ 4♣ 8♦"), "{out}");
}

/// Issue 31: `run 6S 4H` along one domino said only that the cards match no walk; it says
/// why (at the prompt and in a record's check).
#[test]
fn a_run_along_one_domino_said_only_no_walk() {
    let dir = tempfile::tempdir().unwrap();
    let spoke = &SPOKE["spoke: ".len()..];
    let (_, out, _) = run_in(
        dir.path(),
        &["--no-history", "pokino", "play", "--players", "ana,ben"],
        format!("{spoke}\nrun 6S 4H\nrun 6S 5H\nrun 6S 9H\nquit\n"),
    );
    let refusals: Vec<&str> = out.lines().filter(|l| l.starts_with('✗')).collect();
    assert_eq!(
        refusals,
        [
            "✗ these cards match no walk of numbers on the board: its numbers touch only within 6-4, and each step of a run crosses to another domino (a step inside one domino is the Tear Down the Walls variant) (a card on each square)",
            "✗ these cards match no walk of numbers on the board: no square shows 5 (a card on each square)",
            "✗ these cards match no walk of numbers on the board: its numbers are not on a line of touching squares in that order (a card on each square)",
        ]
    );
    check_text(&[], &format!("players: ana ben\n{SPOKE}\nana run 6S 4H\n")).stdout_has("Illegal: line 3 (ana) — a card on each square: these cards match no walk of numbers on the board: its numbers touch only within 6-4,").run();
}

/// Issue 31: a hint's answer is printed exactly as it is typed at the prompt, and typing
/// the first one is accepted.
#[test]
fn the_hint_s_first_answer_is_typed_back_and_accepted() {
    let dir = tempfile::tempdir().unwrap();
    let before = "6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h\ndomino 5-5@3,0h\nben domino 10-11@-2,0h\nana: QC 4H 7S 7H 7D 7C\nhint\n";
    let args = ["--no-history", "pokino", "play", "--players", "ana,ben"];
    let (_, out, _) = run_in(dir.path(), &args, format!("{before}quit\n"));
    let first = out
        .lines()
        .find_map(|l| l.strip_prefix("│ best ┆ "))
        .and_then(|rest| rest.split('┆').next())
        .map(str::trim)
        .unwrap_or_else(|| panic!("{out}"));
    assert!(first == "pass" || first.starts_with("run "), "{out}");
    std::fs::remove_file(dir.path().join("pokino-1.yaml")).unwrap();
    Test::new()
        .current_dir(dir.path())
        .args(args)
        .stdin(format!("{before}{first}\nquit\n"))
        .stdout_has(format!(
            "ana's turn (e.g. `domino 6-4@0,1h`, `run 4C 5C 6C`, `pass`): {first}\nana "
        ))
        .run();
}

/// Issue 31: laying a domino needed coordinates worked out from the drawing; the legal
/// places are listed, numbered and best first, and a number lays the domino there.
#[test]
fn laying_a_domino_wanted_coordinates() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "--no-history",
        "pokino",
        "play",
        "--players",
        "ana,ben",
        "--deck",
        "virtual",
        "--seed",
        "1",
        "--open",
    ];
    Test::new().current_dir(dir.path()).args(args).stdin("0\n300\n3\nquit\n").stdout_has("Places (140 in all; a number takes one):\n  1) domino 1-1@3,0v (next turn: a run of 5 points)\n").stdout_has("  3) domino 0-12@2,-2v (next turn: a run of 5 points)\n").stdout_has("ana's turn (e.g. `3` for place #3, `domino 6-4@0,1h`, `run 4C 5C 6C`, `pass`): 0\n✗ there is no place 0: the places are numbered 1 to 140\nana's turn (e.g. `3` for place #3, `domino 6-4@0,1h`, `run 4C 5C 6C`, `pass`): 300\n✗ there is no place 300: the places are numbered 1 to 140\nana's turn (e.g. `3` for place #3, `domino 6-4@0,1h`, `run 4C 5C 6C`, `pass`): 3\nana lays 0-12@2,-2v, takes a bead and draws a domino; then draws J♠.\n").run();
}

/// Pokino took a player named `a b`, then refused every answer (`b` is not a turn) and its
/// record read back as three players: such a name is refused where it is typed.
#[test]
fn a_player_named_a_b_was_taken_and_read_back_as_two() {
    let dir = tempfile::tempdir().unwrap();
    let (code, out, err) = run_in(
        dir.path(),
        &["pokino", "play", "--players", "a b,cy", "--save", "g.yaml"],
        "",
    );
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "error: `a b` is not a player's name\n --> --players, column 1\n  |\n1 | a b,cy\n  | ^^^\n  = expected: names in turn order, separated by commas: ana,ben,cy\n"
    );
    assert!(!dir.path().join("g.yaml").exists());
}

/// Issue 63: a `spoke:` line with `;` between its dominoes was refused, though a board
/// may be written with `;` between dominoes; the squares of a run too. Every spelling the
/// notation allows (keywords in either case, players separated by commas, cards by
/// commas or written together, suit symbols, CRLF) now gives the verdict of the
/// canonical record.
#[test]
fn a_spoke_with_semicolons_was_refused() {
    let Output { stdout: want, .. } = check_text(&[], GAME).any_stdout().run();
    let spokes = [
        "spoke: 6-4@0,0h; 1-3@0,1h; 12-8@2,0v; 9-0@2,2h",
        "spoke: 6-4@0,0h;1-3@0,1h;12-8@2,0v;9-0@2,2h",
        "spoke: 6-4@0,0h ; 1-3@0,1h 12-8@2,0v;9-0@2,2h",
    ];
    for spoke in spokes {
        let record = GAME.replace(SPOKE, spoke);
        check_text(&[], &record).stdout(want.clone()).run();
    }
    let respelled = GAME
        .replace("players: ana ben cy", "PLAYERS: ana, ben,cy")
        .replace(SPOKE, "Spoke: 6-4@0,0H;1-3@0,1h; 12-8@2,0V ;9-0@2,2h")
        .replace("ana domino 5-5@3,0h", "ana DOMINO 5-5@3,0h")
        .replace("ana run QC 4H @ 2,0 1,0", "ana Run qc,4♥ @ 2,0;1,0")
        .replace("ben pass", "ben PASS")
        .replace("cy run 6D AC", "cy run 6♦A♣")
        .replace('\n', "\r\n");
    check_text(&[], &respelled).stdout(want).run();
    // A bad domino among them is pointed at alone.
    check_text(&[], "players: ana ben\nspoke: 6-4@0,0h;1-3@0,1\n")
        .status(2)
        .stderr_has(" --> stdin, line 2, column 17\n")
        .run();
}
