//! Whole Kin Kādo games through the binary: scripted answers on stdin, saved logs,
//! resume after a kill, undo, status.

use crate::common::*;

use std::io::Write;
use std::process::Stdio;

use kado::kinkado::game::bot::{Bot, play_out};
use kado::kinkado::game::{Deck, Game, Setup};
use kado::ruleset::Ruleset;
use kado::session::Session;

/// The answers a bot gives in a whole game, and the final status it reaches.
fn script(players: &[&str], deck: Deck, bot: Bot) -> (Vec<String>, serde_json::Value) {
    script_under(&Ruleset::builtin("kinkado").unwrap(), players, deck, bot)
}

/// [`script`] under a given ruleset.
fn script_under(
    rs: &Ruleset,
    players: &[&str],
    deck: Deck,
    bot: Bot,
) -> (Vec<String>, serde_json::Value) {
    let setup = Setup {
        players: players.iter().map(|p| p.to_string()).collect(),
        alora: true,
        deck,
        private: false,
    };
    let g = Game::start(&setup, rs).unwrap();
    let (answers, _, end) = play_out(g, &bot, 100_000, |_| {}).unwrap();
    (answers, serde_json::to_value(end.status()).unwrap())
}

/// The game's state as `status --json` gives it, without `table` (the table as typed
/// values, checked against the view in the view tests).
fn status(file: &str) -> serde_json::Value {
    let mut v = json(&["kinkado", "status", file]);
    if let Some(m) = v.as_object_mut() {
        m.remove("table");
    }
    v
}

#[test]
fn solo_game_against_alora_with_real_cards() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("solo.yaml");
    let file = file.to_str().unwrap();
    let (answers, expected) = script(&["you"], Deck::Physical, Bot::default());
    let Output { stdout: out, .. } = Test::new()
        .args(["kinkado", "play", "--save", file])
        .stdin(&(answers.join("\n") + "\n"))
        .stdout_has("Deal ALORA 7 cards face down.")
        .stdout_has("Round 9 of 9 · game over")
        .run();
    assert!(!out.contains('✗'), "an answer was refused:\n{out}");
    let st = status(file);
    assert_eq!(st, expected);
    assert_eq!(st["finished"], true);
    assert_eq!(st["round"], 9);
}

#[test]
fn three_players_and_alora() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("four.yaml");
    let file = file.to_str().unwrap();
    let bot = Bot {
        sells: 2,
        buys: true,
        extra_bet: 2,
        bold: true,
    };
    let (answers, expected) = script(&["ana", "bo", "cy"], Deck::Physical, bot);
    let Output { stdout: out, .. } = Test::new()
        .args(["kinkado", "play", "--players", "ana,bo,cy", "--save", file])
        .stdin(&(answers.join("\n") + "\n"))
        .any_stdout()
        .run();
    assert!(!out.contains('✗'), "an answer was refused:\n{out}");
    assert_eq!(status(file), expected);
}

#[test]
fn virtual_deck_is_repeatable() {
    let dir = tempfile::tempdir().unwrap();
    let (answers, expected) = script(&["you"], Deck::shuffled(42), Bot::default());
    for name in ["a.yaml", "b.yaml"] {
        let file = dir.path().join(name);
        let file = file.to_str().unwrap();
        Test::new()
            .args([
                "kinkado", "play", "--deck", "virtual", "--seed", "42", "--save", file,
            ])
            .stdin(&(answers.join("\n") + "\n"))
            .any_stdout()
            .run();
        assert_eq!(status(file), expected);
    }
}

#[test]
fn input_ending_saves_and_resume_continues() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.yaml");
    let file = file.to_str().unwrap();
    let (answers, expected) = script(&["you"], Deck::Physical, Bot::default());
    let half = answers.len() / 2;
    let Output { stdout: out, .. } = Test::new()
        .args(["kinkado", "play", "--save", file])
        .stdin(&(answers[..half].join("\n") + "\n"))
        .any_stdout()
        .run();
    assert!(
        out.ends_with(&format!(
            "The game is saved in {file}; continue it with `kado kinkado resume {file}`.\n"
        )),
        "{out}"
    );
    assert_eq!(status(file)["finished"], false);
    Test::new()
        .args(["kinkado", "resume", file])
        .stdin(&(answers[half..].join("\n") + "\n"))
        .any_stdout()
        .run();
    assert_eq!(status(file), expected);
}

#[test]
fn killed_mid_game_loses_nothing_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("k.yaml");
    let file_s = file.to_str().unwrap().to_string();
    let (answers, expected) = script(&["you"], Deck::Physical, Bot::default());
    let mut child = kado()
        .args(["kinkado", "play", "--save", &file_s])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let sent = 10;
    stdin
        .write_all((answers[..sent].join("\n") + "\n").as_bytes())
        .unwrap();
    stdin.flush().unwrap();
    // Wait until the log holds the answers sent, then kill -9 while kado waits for more.
    let count = |text: &str| text.matches("by: table").count();
    let mut recorded = 0;
    for _ in 0..500 {
        if let Ok(text) = std::fs::read_to_string(&file) {
            recorded = count(&text);
            if recorded == sent {
                break;
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert_eq!(recorded, sent);
    child.kill().unwrap();
    child.wait().unwrap();
    drop(stdin);
    // The log reads back whole (a kill during a save leaves at most a stray temporary
    // file beside it, never a half-written log).
    Test::new()
        .args(["kinkado", "resume", &file_s])
        .stdin(&(answers[sent..].join("\n") + "\n"))
        .any_stdout()
        .run();
    assert_eq!(status(&file_s), expected);
}

#[test]
fn undo_takes_back_answers() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("u.yaml");
    let file = file.to_str().unwrap();
    let (answers, expected) = script(&["you"], Deck::Physical, Bot::default());
    // Answer the first four questions, undo twice, answer them again, go on.
    let mut input: Vec<String> = answers[..4].to_vec();
    input.push("undo".into());
    input.push("undo".into());
    input.extend(answers[2..].iter().cloned());
    let Output { stdout: out, .. } = Test::new()
        .args(["kinkado", "play", "--save", file])
        .stdin(&(input.join("\n") + "\n"))
        .any_stdout()
        .run();
    assert_eq!(out.matches("Undone: ").count(), 2, "{out}");
    assert_eq!(status(file), expected);
}

#[test]
fn refused_answers_say_why_and_ask_again() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("r.yaml");
    let file = file.to_str().unwrap();
    let input = "KH\nKH\n2S 3S 4S 5S\n2S\n";
    Test::new()
        .args(["kinkado", "play", "--save", file])
        .stdin(input)
        .stdout_has("✗ K♥ is in the prize pool")
        .stdout_has("✗ a player sells at most 3 cards a round")
        .stdout_has("you sell 2♠ to the market; the bank pays you $2.")
        .run();
}

#[test]
fn corrections_are_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("c.yaml");
    let file = file.to_str().unwrap();
    Test::new()
        .args(["kinkado", "play", "--save", file])
        .stdin("fix you 45\nKH\n")
        .stdout_has("Corrected: your stash is $45 (was $50)")
        .run();
    let st = status(file);
    assert_eq!(st["money"]["you"], 45);
    assert_eq!(st["bank_net"], -5 + 1);
}

#[test]
fn status_of_a_saved_game() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("s.yaml");
    let file = file.to_str().unwrap();
    run_with_input(&["kinkado", "play", "--save", file], "KH\n");
    let Output { stdout: out, .. } = Test::new()
        .args(["kinkado", "status", file])
        .any_stdout()
        .run();
    assert_eq!(
        out,
        "Round 1 of 9 · sell · dealer you · you to move
Seat   Stash  Bet  Face up  Holds
you    $50    —    —        7 cards
ALORA  $50    —    —        7 cards
Prize pool ($1): K♥
Market: —
Bank paid out (net): $1 · Minimum bet: $1
Next: you sell up to 3 cards
2 actions recorded.
"
    );
    assert_eq!(
        status(file),
        serde_json::json!({"round": 1, "phase": "sell", "money": {"alora": 50, "you": 50}, "pool": 1, "pool_cards": ["KH"],
            "market": [], "bets": {}, "bank_net": 1, "finished": false, "winners": []})
    );
}

#[test]
fn bad_starts_are_refused() {
    let err = bad(&["kinkado", "play", "--players", "a,b,c,d"]);
    assert_eq!(
        err,
        "error: one pack serves at most 4 seats, ALORA's among them (ruling alora-seat: counts); this game has 5\n  = help: e.g. --players ana,bo --alora\n"
    );
    let err = bad(&["kinkado", "play", "--no-alora"]);
    assert_eq!(
        err,
        "error: a game needs two seats: add a player, or play against ALORA\n  = help: e.g. --players ana,bo --alora\n"
    );
    let err = bad(&["kinkado", "resume", "no-such-file.yaml"]);
    assert_eq!(
        err,
        "error: cannot read saved game `no-such-file.yaml`: it does not exist\n"
    );
}

#[test]
fn json_play_prints_the_state_at_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("j.yaml");
    let file = file.to_str().unwrap();
    let Output { stdout: out, .. } = Test::new()
        .args(["--json", "kinkado", "play", "--save", file])
        .stdin("QD\n")
        .any_stdout()
        .stderr_has("Q♦ joins the prize pool.")
        .run();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["phase"], "sell");
    assert_eq!(v["pool_cards"], serde_json::json!(["QD"]));
    assert_eq!(v["save"], file);
}

#[test]
fn resume_keeps_the_rules_the_game_started_with() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("r.yaml");
    let file = file.to_str().unwrap();
    run_with_input(&["kinkado", "play", "--save", file], "QD\n");
    let house = dir.path().join("h.yaml");
    std::fs::write(&house, "base: kinkado\nrulings:\n  joker-sum: as-chosen\n").unwrap();
    let err = bad(&[
        "--rules",
        house.to_str().unwrap(),
        "kinkado",
        "resume",
        file,
    ]);
    assert_eq!(
        err,
        format!(
            "error: {file} is a game under the kinkado rules, not {}\n  = help: a game keeps the rules it started with; resume it without --rules\n",
            house.display()
        )
    );
    // The same rules are fine.
    Test::new()
        .args(["--rules", "kinkado", "kinkado", "resume", file])
        .any_stdout()
        .run();
}

#[test]
fn default_seat_you_reads_as_english() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("y.yaml");
    let file = file.to_str().unwrap();
    let (answers, _) = script(&["you"], Deck::shuffled(15), Bot::default());
    let Output { stdout: out, .. } = Test::new()
        .args([
            "kinkado", "play", "--deck", "virtual", "--seed", "15", "--save", file,
        ])
        .stdin(&(answers.join("\n") + "\n"))
        .stdout_has("\nyou show ")
        .run();
    for wrong in [
        "you shows",
        "you wins",
        "you does",
        "you's",
        "you holds",
        "you has",
        "you sells",
        "1 face-down cards",
        "1 cards",
    ] {
        assert!(!out.contains(wrong), "`{wrong}` in:\n{out}");
    }
}

#[test]
fn a_correction_of_nothing_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("n.yaml");
    let file = file.to_str().unwrap();
    let Output { stdout: out, .. } = Test::new()
        .args(["kinkado", "play", "--save", file])
        .stdin("fix alora 50\nfix you 50\nKH\n")
        .stdout_has("✗ ALORA's stash is already $50: nothing to correct\n")
        .stdout_has("✗ your stash is already $50: nothing to correct\n")
        .run();
    assert!(!out.contains("Corrected"), "{out}");
}

#[test]
fn every_problem_of_an_answer_is_reported_at_the_prompt() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a.yaml");
    let file = file.to_str().unwrap();
    let Output { stdout: out, .. } = Test::new()
        .args(["kinkado", "play", "--save", file])
        .stdin("KH\n2C QD 3S 3S 5H 5D 1OH\n")
        .any_stdout()
        .run();
    let refused: Vec<&str> = out.lines().filter(|l| l.starts_with('✗')).collect();
    assert_eq!(refused.len(), 1, "{out}");
    assert!(refused[0].contains("3♠ is named twice"), "{out}");
    assert!(refused[0].contains("in `1OH` (did you mean 10♥?"), "{out}");
}

/// Issue 16's game (`--deck virtual --seed 15`, one player, as kado dealt before the
/// played cards went back sorted: [`seed_15_save`]), to the end of round 2: the player
/// plays a club flush worth $44 and bets $25; ALORA's best hand is a heart flush worth $44
/// and she bets $20 (her king face up).
const SEED_15_TWO_ROUNDS: [&str; 9] = [
    "KC",
    "none",
    "1",
    "AH JD QH",
    "3S",
    "AH",
    "2S",
    "25",
    "10C 2C 7C JC QC",
];

/// The seed-15 game's setup: its pack puts the cards played back in the order played, as
/// saves from before `played_back: sorted` do.
fn seed_15_setup() -> Setup {
    Setup {
        players: vec!["you".into()],
        alora: true,
        deck: Deck::Virtual {
            seed: 15,
            played_back: kado::kinkado::game::PlayedBack::InOrder,
        },
        private: false,
    }
}

/// The seed-15 game under `rs`, not begun, saved as `name` in `dir`: its path.
fn seed_15_save(dir: &std::path::Path, name: &str, rs: &Ruleset) -> String {
    type KinkadoLog = kado::session::Log<Setup, kado::kinkado::game::Action>;
    let log = KinkadoLog::new("kinkado", rs, seed_15_setup()).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, log.to_yaml().unwrap()).unwrap();
    path.to_str().unwrap().to_string()
}

/// The answers for the rest of the seed-15 game after [`SEED_15_TWO_ROUNDS`], from a
/// bot, and the final status, under `rs`.
fn seed_15_to_the_end(rs: &Ruleset) -> (Vec<String>, serde_json::Value) {
    let mut g = Game::start(&seed_15_setup(), rs).unwrap();
    let mut given = SEED_15_TWO_ROUNDS.iter();
    while g.history.len() < 2 {
        match g.next() {
            kado::session::Step::Auto(a) => {
                g.apply(&a).unwrap();
            }
            kado::session::Step::Ask(q) => {
                let a = g.answer(&q, given.next().unwrap()).unwrap();
                g.apply(&a).unwrap();
            }
            kado::session::Step::Done => break,
        }
    }
    let (answers, _, end) = play_out(g, &Bot::default(), 100_000, |_| {}).unwrap();
    (answers, serde_json::to_value(end.status()).unwrap())
}

/// The transcript of round 2's reveal, up to round 3's deal.
fn round_2_reveal(out: &str) -> &str {
    let start = out
        .find("Reveal: which cards did you play? (holds 10♣ 2♣ 7♣ Q♥ J♣ Q♣ 2♠)")
        .expect("round 2's reveal");
    let end = start + out[start..].find("\nDeal ").expect("round 3's deal") + 1;
    &out[start..end]
}

#[test]
fn alora_ties_in_a_virtual_game_after_bets() {
    let dir = tempfile::tempdir().unwrap();
    let file = seed_15_save(
        dir.path(),
        "s15.yaml",
        &Ruleset::builtin("kinkado").unwrap(),
    );
    let file = file.as_str();
    let Output { stdout: out, .. } = Test::new()
        .args(["--explain", "kinkado", "resume", file])
        .stdin(&(SEED_15_TWO_ROUNDS.join("\n") + "\n"))
        .any_stdout()
        .run();
    assert!(!out.contains('✗'), "an answer was refused:\n{out}");
    assert_eq!(
        round_2_reveal(&out),
        "Reveal: which cards did you play? (holds 10♣ 2♣ 7♣ Q♥ J♣ Q♣ 2♠): 10C 2C 7C JC QC
ALORA shows J♥ K♥ 3♥ 6♥ 5♥: flush (tier 2, $44)
you show 10♣ 2♣ 7♣ J♣ Q♣: flush (tier 2, $44)
you win the round: give you everything in the prize pool and every bet, and $25 from the bank.
"
    );
    assert!(
        out.ends_with(&format!(
            "The game is saved in {file}; continue it with `kado kinkado resume {file}`.

Why:
  - At a reveal the highest tier wins, then the highest sum, then the highest bet; equal bets split the pot, except that ALORA never shares one: where she would, she wins alone. [ruling alora-ties: after-bets]
  - At the reveal ALORA plays every card she holds, face-down ones too; all go back to the deck at the next refresh. [ruling alora-cards: all-played]
  - Round 2, won by you: Equal tier and sum, ALORA among them: the highest bet wins; her tie-break comes only after the bets. [ruling alora-ties: after-bets]
"
        )),
        "{out}"
    );
    assert_eq!(
        status(file),
        serde_json::json!({"round": 3, "phase": "sell", "money": {"alora": 60, "you": 116}, "pool": 1,
            "pool_cards": ["JK", "7D"], "market": ["AH", "AC", "2D", "3S"], "bets": {}, "bank_net": 77,
            "finished": false, "winners": []})
    );
}

#[test]
fn alora_ties_in_a_virtual_game_on_sum() {
    let dir = tempfile::tempdir().unwrap();
    let house = dir.path().join("on-sum.yaml");
    std::fs::write(&house, "base: kinkado\nrulings:\n  alora-ties: on-sum\n").unwrap();
    let house = house.to_str().unwrap();
    let rs = Ruleset::from_house_text(house, &std::fs::read_to_string(house).unwrap()).unwrap();
    let file = seed_15_save(dir.path(), "s15.yaml", &rs);
    let file = file.as_str();
    let Output { stdout: out, .. } = Test::new()
        .args(["--explain", "kinkado", "resume", file])
        .stdin(&(SEED_15_TWO_ROUNDS.join("\n") + "\n"))
        .any_stdout()
        .run();
    assert_eq!(
        round_2_reveal(&out),
        "Reveal: which cards did you play? (holds 10♣ 2♣ 7♣ Q♥ J♣ Q♣ 2♠): 10C 2C 7C JC QC
ALORA shows J♥ K♥ 3♥ 6♥ 5♥: flush (tier 2, $44)
you show 10♣ 2♣ 7♣ J♣ Q♣: flush (tier 2, $44)
ALORA wins the round: give ALORA everything in the prize pool and every bet, and $20 from the bank.
ALORA keeps 3♦ face up.
"
    );
    assert!(
        out.ends_with(
            "
Why:
  - At a reveal the highest tier wins, then the highest sum, then the highest bet; equal bets split the pot. ALORA wins as soon as she is level with another hand on tier and sum, whatever the bets. [ruling alora-ties: on-sum]
  - At the reveal ALORA plays every card she holds, face-down ones too; all go back to the deck at the next refresh. [ruling alora-cards: all-played]
  - Round 2, won by ALORA: ALORA is level with another hand on tier and sum: she wins the tie whatever was bet, and shares nothing. [ruling alora-ties: on-sum]
"
        ),
        "{out}"
    );
    assert_eq!(
        status(file)["money"],
        serde_json::json!({"alora": 128, "you": 43})
    );
}

#[test]
fn alora_ties_in_a_whole_virtual_game() {
    // The seed-15 game played to the end under each ruling; `--json --explain` names the
    // ruling at round 2's reveal, and the state matches the library's fold.
    let dir = tempfile::tempdir().unwrap();
    let base = Ruleset::builtin("kinkado").unwrap();
    for (choice, round_2) in [
        (
            "after-bets",
            "Round 2, won by you: Equal tier and sum, ALORA among them: the highest bet wins; her tie-break comes only after the bets.",
        ),
        (
            "on-sum",
            "Round 2, won by ALORA: ALORA is level with another hand on tier and sum: she wins the tie whatever was bet, and shares nothing.",
        ),
    ] {
        let rs = base.with_named("alora-ties", choice).unwrap();
        let (rest, expected) = seed_15_to_the_end(&rs);
        let mut answers: Vec<String> = SEED_15_TWO_ROUNDS.iter().map(|a| a.to_string()).collect();
        answers.extend(rest);
        let file = seed_15_save(dir.path(), &format!("game-{choice}.yaml"), &rs);
        let file = file.as_str();
        let Output { stdout: out, .. } = Test::new()
            .args(["--json", "--explain", "kinkado", "resume", file])
            .stdin(&(answers.join("\n") + "\n"))
            .any_stdout()
            .stderr_has("The game is over.")
            .run();
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["finished"], true);
        let reasons = v["explain"].as_array().unwrap();
        let ruled = serde_json::json!([{"id": "alora-ties", "choice": choice}]);
        assert_eq!(reasons[0]["rulings"], ruled);
        assert!(
            reasons
                .iter()
                .any(|r| r["rule"] == round_2 && r["rulings"] == ruled),
            "{reasons:?}"
        );
        assert_eq!(status(file), expected);
    }
}

#[test]
fn four_friends_and_alora_under_alora_seat_extra() {
    let dir = tempfile::tempdir().unwrap();
    let house = dir.path().join("five.yaml");
    std::fs::write(&house, "base: kinkado\nrulings:\n  alora-seat: extra\n").unwrap();
    let house = house.to_str().unwrap();
    let players = ["ana", "bo", "cy", "dee"];
    // The default (alora-seat: counts) refuses the table and names the ruling.
    let err = bad(&["kinkado", "play", "--players", "ana,bo,cy,dee"]);
    assert_eq!(
        err,
        "error: one pack serves at most 4 seats, ALORA's among them (ruling alora-seat: counts); this game has 5\n  = help: e.g. --players ana,bo --alora\n"
    );
    // Under alora-seat: extra, a whole virtual game of four players and ALORA.
    let rs = Ruleset::from_house_text(house, &std::fs::read_to_string(house).unwrap()).unwrap();
    for seed in [2u64, 9] {
        let file = dir.path().join(format!("g{seed}.yaml"));
        let file = file.to_str().unwrap();
        let (answers, expected) = script_under(&rs, &players, Deck::shuffled(seed), Bot::default());
        assert_eq!(expected["finished"], true);
        let seed_text = seed.to_string();
        let Output { stdout: out, .. } = Test::new()
            .args([
                "--rules",
                house,
                "kinkado",
                "play",
                "--players",
                "ana,bo,cy,dee",
                "--deck",
                "virtual",
                "--seed",
                &seed_text,
                "--save",
                file,
            ])
            .stdin(&(answers.join("\n") + "\n"))
            .any_stdout()
            .run();
        assert!(!out.contains('✗'), "an answer was refused:\n{out}");
        assert_eq!(status(file), expected);
    }
    // Five people and ALORA are too many even then.
    let err = bad(&[
        "--rules",
        house,
        "kinkado",
        "play",
        "--players",
        "ana,bo,cy,dee,eli",
    ]);
    assert!(err.starts_with("error: one pack serves at most 4 people and ALORA (ruling alora-seat: extra); this game has 6 seats\n"), "{err}");
}

#[test]
fn solo_first_player_takes_every_first_turn() {
    let dir = tempfile::tempdir().unwrap();
    let house = dir.path().join("first.yaml");
    std::fs::write(&house, "base: kinkado\nrulings:\n  solo-first: player\n").unwrap();
    let house = house.to_str().unwrap();
    let rs = Ruleset::from_house_text(house, &std::fs::read_to_string(house).unwrap()).unwrap();
    let run_game = |rules: Option<&str>, file: &str, answers: &[String]| {
        let mut args = vec![];
        if let Some(r) = rules {
            args.extend(["--rules", r]);
        }
        args.extend([
            "kinkado", "play", "--deck", "virtual", "--seed", "4", "--save", file,
        ]);
        run_with_input(&args, &(answers.join("\n") + "\n"))
    };
    // Round 2 is ALORA's deal: who sells first?
    let round2 = |out: &str| {
        let at = out.find("Round 2 of 9 · sell").unwrap_or(0);
        let you = out[at..].find("you sell").unwrap_or(usize::MAX);
        let her = out[at..]
            .find("ALORA sells")
            .unwrap_or(usize::MAX)
            .min(out[at..].find("ALORA passes").unwrap_or(usize::MAX));
        you < her
    };
    let f1 = dir.path().join("p.yaml");
    let (answers, expected) = script_under(&rs, &["you"], Deck::shuffled(4), Bot::default());
    let (code, out, err) = run_game(Some(house), f1.to_str().unwrap(), &answers);
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains('✗'), "{out}");
    assert_eq!(status(f1.to_str().unwrap()), expected);
    assert!(round2(&out), "the player sells first in round 2:\n{out}");
    // The other side (dealer, the default): ALORA deals round 2 and sells first.
    let f2 = dir.path().join("d.yaml");
    let (answers, expected) = script(&["you"], Deck::shuffled(4), Bot::default());
    let (code, out, _) = run_game(None, f2.to_str().unwrap(), &answers);
    assert_eq!(code, 0);
    assert_eq!(status(f2.to_str().unwrap()), expected);
    assert!(!round2(&out), "ALORA sells first in round 2:\n{out}");
}

#[test]
fn sell_turns_one_at_a_time_goes_round_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let house = dir.path().join("round.yaml");
    std::fs::write(
        &house,
        "base: kinkado\nrulings:\n  sell-turns: one-at-a-time\n",
    )
    .unwrap();
    let house = house.to_str().unwrap();
    let file = dir.path().join("g.yaml");
    let file = file.to_str().unwrap();
    // Solo: the player and ALORA alternate, one card a turn; two cards at once are refused.
    let Output { stdout: out, .. } = Test::new()
        .args(["--rules", house, "kinkado", "play", "--save", file])
        .stdin("QD\n2S\n9C KS 4D 4H 8S 10H 10D\n4H\n3H 5H\n3H\nnone\n")
        .any_stdout()
        .run();
    let sells: Vec<&str> = out
        .lines()
        .filter(|l| l.contains("sell") && !l.starts_with("Round"))
        .collect();
    assert_eq!(
        sells,
        [
            "you sell a card, sale 1 of 3: 2S",
            "you sell 2♠ to the market; the bank pays you $2.",
            "ALORA's sell turn: turn up her 7 face-down cards. Which are they?: 9C KS 4D 4H 8S 10H 10D",
            "ALORA sells one of 4♥ 4♦ (equal value): which goes to the market for her? [Enter: 4♦]: 4H",
            "ALORA sells 4♥: move it to the market; the bank pays ALORA $4.",
            "you sell a card, sale 2 of 3: 3H 5H",
            "✗ one card a turn under ruling sell-turns: one-at-a-time; sell one card, or `none` to stop selling",
            "you sell a card, sale 2 of 3: 3H",
            "you sell 3♥ to the market; the bank pays you $3.",
            "ALORA sells 4♦: move it to the market; the bank pays ALORA $4.",
            "you sell a card, sale 3 of 3: none",
        ]
    );
    assert!(
        out.contains("Market: 2♠ 3♥ 4♥ 4♦\nBank paid out (net): $14"),
        "{out}"
    );
    // The default (whole-turn) takes both cards in one answer.
    let file2 = dir.path().join("w.yaml");
    Test::new()
        .args(["kinkado", "play", "--save", file2.to_str().unwrap()])
        .stdin("QD\n2S 3H\n")
        .stdout_has("you sell 2♠ 3♥ to the market; the bank pays you $5.")
        .run();
    // A whole game of three players and ALORA under one-at-a-time, virtual deck.
    let rs = Ruleset::from_house_text(house, &std::fs::read_to_string(house).unwrap()).unwrap();
    let players = ["ana", "bo", "cy"];
    let (answers, expected) = script_under(&rs, &players, Deck::shuffled(4), Bot::default());
    assert_eq!(expected["finished"], true);
    let file3 = dir.path().join("v.yaml");
    let file3 = file3.to_str().unwrap();
    let Output { stdout: out, .. } = Test::new()
        .args([
            "--rules",
            house,
            "kinkado",
            "play",
            "--players",
            "ana,bo,cy",
            "--deck",
            "virtual",
            "--seed",
            "4",
            "--save",
            file3,
        ])
        .stdin(&(answers.join("\n") + "\n"))
        .any_stdout()
        .run();
    assert!(!out.contains('✗'), "an answer was refused:\n{out}");
    assert!(out.contains("ana sells a card, sale 1 of 3"), "{out}");
    assert_eq!(status(file3), expected);
}

#[test]
fn alora_cards_keeps_rest_leaves_her_unplayed_cards_in_hand() {
    let default = Ruleset::builtin("kinkado").unwrap();
    let keeps = default
        .with(kado::kinkado::ruling::AloraCards::KeepsRest)
        .unwrap();
    let setup = Setup {
        players: vec!["you".into()],
        alora: true,
        deck: Deck::shuffled(3),
        private: false,
    };
    // Her hand after each reveal: none under all-played, 7 less her best hand under
    // keeps-rest (she held 7 at the reveal of round 1 with this deal).
    for (rs, kept) in [(&default, false), (&keeps, true)] {
        let g = Game::start(&setup, rs).unwrap();
        let mut after_round_1 = None;
        let (_, _, end) = play_out(g, &Bot::default(), 100_000, |g| {
            if after_round_1.is_none() && g.round == 2 {
                let a = g.seats.iter().find(|s| s.is_alora).unwrap();
                after_round_1 = Some((a.known.len() + a.hidden, a.face_up.len()));
            }
        })
        .unwrap();
        let (held, face_up) = after_round_1.unwrap();
        if kept {
            assert!(held >= 2, "she keeps what her best hand left: {held}");
            assert_eq!(face_up, held, "the kept cards are face up");
        } else {
            assert!(held <= 1, "only a prize card won stays with her: {held}");
        }
        assert!(end.status().finished);
    }
}

#[test]
fn alora_cards_keeps_rest_through_the_binary() {
    let dir = tempfile::tempdir().unwrap();
    let house = dir.path().join("keeps.yaml");
    std::fs::write(
        &house,
        "base: kinkado\nrulings:\n  alora-cards: keeps-rest\n",
    )
    .unwrap();
    let house = house.to_str().unwrap();
    let rs = Ruleset::from_house_text(house, &std::fs::read_to_string(house).unwrap()).unwrap();
    let (answers, expected) = script_under(&rs, &["you"], Deck::shuffled(3), Bot::default());
    let (_, default_end) = script(&["you"], Deck::shuffled(3), Bot::default());
    assert_ne!(
        expected, default_end,
        "the ruling changes how the game goes"
    );
    let file = dir.path().join("g.yaml");
    let file = file.to_str().unwrap();
    let Output { stdout: out, .. } = Test::new()
        .args([
            "--rules", house, "kinkado", "play", "--deck", "virtual", "--seed", "3", "--save", file,
        ])
        .stdin(&(answers.join("\n") + "\n"))
        .any_stdout()
        .run();
    assert!(!out.contains('✗'), "an answer was refused:\n{out}");
    assert_eq!(status(file), expected);
}

/// Issue 31's game: `--deck virtual --seed 7`, one player, to round 2's bet.
const SEED_7_TO_ROUND_2_BET: &str =
    "4C 8D JD\n8D deck deck\n10\n9S 10H 10D JC KH\n3C AH\ndeck deck\n";

/// The transcript from `from` up to the end of the line that starts with `to`.
fn between<'a>(out: &'a str, from: &str, to: &str) -> &'a str {
    let start = out
        .find(from)
        .unwrap_or_else(|| panic!("`{from}` in:\n{out}"));
    let rest = &out[start..];
    let end = rest
        .find(&format!("\n{to}"))
        .unwrap_or_else(|| panic!("`{to}` after `{from}` in:\n{out}"));
    let line_end = rest[end + 1..]
        .find('\n')
        .map_or(rest.len(), |e| end + 1 + e + 1);
    &rest[..line_end]
}

#[test]
fn the_table_before_your_bet_showed_alora_before_her_bet() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("s7.yaml");
    let file = file.to_str().unwrap();
    let args = [
        "kinkado", "play", "--deck", "virtual", "--seed", "7", "--save", file,
    ];
    let Output { stdout: out, .. } = Test::new()
        .args(args)
        .stdin(format!("{SEED_7_TO_ROUND_2_BET}quit\n"))
        .any_stdout()
        .run();
    assert!(!out.contains('✗'), "an answer was refused:\n{out}");
    // ALORA deals and bets first: the table before your bet shows her bet, and the
    // stash she bet it from.
    assert_eq!(
        between(&out, "ALORA bets $20", "you bet"),
        "ALORA bets $20: move it from her stash in front of her.
Round 2 of 9 · bet · dealer ALORA · you to move
Seat   Stash  Bet  Face up         Holds
you    $102   —    —               8♦ 2♦ 4♦ 7♥ 6♠ 9♥ 7♦
ALORA  $11    $20  4♠ 7♠ J♦ 6♦ K♣  2 cards
Prize pool ($11): K♦
Market: A♠ A♥ A♦ A♣ 3♥ 3♣ 4♣
Bank paid out (net): $44 · Minimum bet: $1
you bet (a number, $1 to $25), then play 2 to 5 cards face down: quit
"
    );
}

#[test]
fn alora_sold_first_and_your_sell_prompt_came_without_her_cards() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("s7.yaml");
    let file = file.to_str().unwrap();
    let args = [
        "kinkado", "play", "--deck", "virtual", "--seed", "7", "--save", file,
    ];
    let Output { stdout: out, .. } = Test::new()
        .args(args)
        .stdin(SEED_7_TO_ROUND_2_BET)
        .any_stdout()
        .run();
    // Her five face-up cards are on the table drawn after her sale, before your prompt.
    assert_eq!(
        between(&out, "ALORA sells A♠ 3♥", "you sell"),
        "ALORA sells A♠ 3♥: move them to the market; the bank pays ALORA $4.
Round 2 of 9 · sell · dealer ALORA · you to move
Seat   Stash  Bet  Face up         Holds
you    $108   —    —               8♦ 3♣ 2♦ 4♦ A♥ 7♥ 6♠
ALORA  $31    —    4♠ 7♠ J♦ 6♦ K♣  0 cards
Prize pool ($1): K♦
Market: A♠ A♦ A♣ 3♥ 4♣
Bank paid out (net): $40 · Minimum bet: $1
you sell up to 3 cards (holds 8♦ 3♣ 2♦ 4♦ A♥ 7♥ 6♠): 3C AH
"
    );
}

/// A real-card game where ALORA, turned up, sells 4♥ and one of 7♥ 7♦.
const ALORA_SELLS_ONE_OF_TWO_SEVENS: &str = "QD\nnone\n9C KS 4H 7H 7D 10H 10D\n";

#[test]
fn enter_at_aloras_equal_card_question_takes_its_stated_default() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("r.yaml");
    let file = file.to_str().unwrap();
    let Output { stdout: out, .. } = Test::new()
        .args(["kinkado", "play", "--save", file])
        .stdin(format!("{ALORA_SELLS_ONE_OF_TWO_SEVENS}\n"))
        .any_stdout()
        .run();
    assert_eq!(
        between(&out, "ALORA sells 4♥ and", "ALORA sells 4♥ 7♦"),
        "ALORA sells 4♥ and one of 7♥ 7♦ (equal value): which goes to the market for her? [Enter: 7♦]: \nALORA sells 4♥ 7♦: move them to the market; the bank pays ALORA $11.\n"
    );
}

#[test]
fn an_answer_meant_for_the_next_prompt_went_into_aloras_equal_card_question() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("r.yaml");
    let file = file.to_str().unwrap();
    // `deck` (a buy) and `3C AH` (a sale) are refused once each, saying what is wanted;
    // `7h` is one of the cards offered.
    let Output { stdout: out, .. } = Test::new()
        .args(["kinkado", "play", "--save", file])
        .stdin(format!(
            "{ALORA_SELLS_ONE_OF_TWO_SEVENS}deck\n3C AH\nnone\n7h\n"
        ))
        .any_stdout()
        .run();
    let q = "ALORA sells 4♥ and one of 7♥ 7♦ (equal value): which goes to the market for her? [Enter: 7♦]";
    let no = "✗ type which of 7♥ 7♦ goes to the market for ALORA (e.g. 7D), or press Enter for 7♦";
    assert_eq!(
        between(&out, q, "ALORA sells 4♥ 7♥"),
        format!(
            "{q}: deck\n{no}\n{q}: 3C AH\n{no}\n{q}: none\n{no}\n{q}: 7h\nALORA sells 4♥ 7♥: move them to the market; the bank pays ALORA $11.\n"
        )
    );
}

#[test]
fn a_player_named_me_read_as_me_wins_and_mes_hand() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("me.yaml");
    let file = file.to_str().unwrap();
    let (answers, _) = script(&["me"], Deck::shuffled(15), Bot::default());
    let Output { stdout: out, .. } = Test::new()
        .args([
            "kinkado",
            "play",
            "--players",
            "me",
            "--deck",
            "virtual",
            "--seed",
            "15",
            "--save",
            file,
        ])
        .stdin(&(answers.join("\n") + "\n"))
        .stdout_has("\nI sell up to 3 cards")
        .stdout_has("\nI show ")
        .stdout_has("Reveal: which cards did I play?")
        .run();
    for wrong in [
        "me sells", "me shows", "me wins", "me win ", "me's", "me bets", "me buys", "me draws",
        "me holds", "me has", "did me ", "1 cards",
    ] {
        assert!(!out.contains(wrong), "`{wrong}` in:\n{out}");
    }
}

#[test]
fn the_market_repeated_inside_every_buy_prompt_wrapped_at_80_columns() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("s7.yaml");
    let file = file.to_str().unwrap();
    let args = [
        "kinkado", "play", "--deck", "virtual", "--seed", "7", "--save", file,
    ];
    let Output { stdout: out, .. } = Test::new()
        .args(args)
        .stdin(SEED_7_TO_ROUND_2_BET)
        .any_stdout()
        .run();
    // The market has a line of its own; the prompt is short.
    assert!(
        out.contains(
            "Market: A♠ A♥ A♦ A♣ 3♥ 3♣ 4♣ · deck cards $5 each\nyou buy (holds 5, room for 2, $112; e.g. `KH deck` or `none`): deck deck\n"
        ),
        "{out}"
    );
    for line in out.lines().filter(|l| l.starts_with("you buy (")) {
        assert!(line.chars().count() <= 80, "a long prompt: {line}");
    }
}

#[test]
fn a_full_hand_was_asked_what_it_buys() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("s7.yaml");
    let file = file.to_str().unwrap();
    let args = [
        "kinkado", "play", "--deck", "virtual", "--seed", "7", "--save", file,
    ];
    // Selling nothing keeps 7 cards, the most a hand holds: the one legal buy is none, and
    // kado gives it, saying so; the next question is the bet.
    let Output { stdout: out, .. } = Test::new()
        .args(args)
        .stdin("none\nquit\n")
        .any_stdout()
        .run();
    assert!(!out.contains("you buy ("), "{out}");
    assert_eq!(
        between(&out, "you sell up to 3 cards", "Deal ALORA 2 cards"),
        "you sell up to 3 cards (holds K♥ 9♠ J♦ J♣ 4♣ 8♦ 10♦): none
ALORA sells A♦ A♣: move them to the market; the bank pays ALORA $2.
kado answers for you: you buy nothing (your hand holds 7 cards, the most it may).
ALORA buys nothing from the market.
Deal ALORA 2 cards from the deck, face down.
"
    );
    assert!(
        out.contains("you bet (a number, $1 to $25), then play 2 to 5 cards face down: quit\n"),
        "{out}"
    );
    // kado's answer is its own: `undo` takes back the sale, the table's last answer.
    let Output { stdout: out, .. } = Test::new()
        .args(["kinkado", "resume", file])
        .stdin("undo\nquit\n")
        .any_stdout()
        .run();
    assert!(
        out.contains("Undone: you sell up to 3 cards (holds K♥ 9♠ J♦ J♣ 4♣ 8♦ 10♦): none.\n") && out.ends_with(&format!("you sell up to 3 cards (holds K♥ 9♠ J♦ J♣ 4♣ 8♦ 10♦): quit\nThe game is saved in {file}; continue it with `kado kinkado resume {file}`.\n")),
        "{out}"
    );
}

#[test]
fn typing_the_hints_first_answer_at_the_prompt_is_accepted() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("h.yaml");
    let file = file.to_str().unwrap();
    let args = [
        "kinkado", "play", "--deck", "virtual", "--seed", "3", "--save", file,
    ];
    let Output { stdout: out, .. } = Test::new()
        .args(args)
        .stdin("hint\nquit\n")
        .any_stdout()
        .run();
    // The hint's first answer, as it says to type it, and as its table lists it.
    let typed = out
        .split_once("(type `")
        .and_then(|(_, rest)| rest.split_once('`'))
        .map(|(t, _)| t.to_string())
        .unwrap_or_else(|| panic!("no answer in the hint:\n{out}"));
    assert_eq!(typed, "4D 9H QC");
    assert!(out.contains("┆ Type     ┆"), "{out}");
    assert!(out.contains(&format!("│ best ┆ {typed} ┆")), "{out}");
    // Typed at the same prompt, it is accepted.
    let Output { stdout: out, .. } = Test::new()
        .args(["kinkado", "resume", file])
        .stdin(format!("hint\n{typed}\nquit\n"))
        .any_stdout()
        .run();
    assert!(!out.contains('✗'), "{out}");
    assert!(
        out.contains(&format!(
            "you sell up to 3 cards (holds 5♦ 8♦ Q♣ 8♠ 4♦ 5♣ 9♥): {typed}\nyou sell 4♦ 9♥ Q♣ to the market; the bank pays you $28.\n"
        )),
        "{out}"
    );
}

#[test]
fn a_save_whose_table_answered_a_question_kado_now_answers_still_loads() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("s7.yaml");
    let file = file.to_str().unwrap();
    let args = [
        "kinkado", "play", "--deck", "virtual", "--seed", "7", "--save", file,
    ];
    Test::new()
        .args(args)
        .stdin("none\nquit\n")
        .any_stdout()
        .run();
    // Before, the table typed the full hand's `none` at the buy prompt.
    let text = std::fs::read_to_string(file).unwrap();
    let old = text.replacen("- by: kado\n  action: buy", "- by: table\n  action: buy", 1);
    assert_ne!(old, text);
    std::fs::write(file, &old).unwrap();
    Test::new()
        .args(["kinkado", "resume", file])
        .stdin("quit\n")
        .stdout_has("you bet (a number, $1 to $25), then play 2 to 5 cards face down: quit\n")
        .run();
}

/// Several people at one screen: `--private` keeps every hand off it (the table counts
/// the cards held; prompts and blind draws name none) until its player types `hand` at
/// their own turn; the game played is the same.
#[test]
fn private_hands_are_shown_only_to_their_player_on_asking() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.yaml");
    let file = file.to_str().unwrap();
    let (answers, expected) = script(&["ana", "bo"], Deck::shuffled(5), Bot::default());
    let start = [
        "kinkado",
        "play",
        "--players",
        "ana,bo",
        "--deck",
        "virtual",
        "--seed",
        "5",
    ];
    // The open game's first prompt names its player and lists their hand.
    let Output { stdout: public, .. } = Test::new()
        .args(start)
        .args([
            "--open",
            "--save",
            dir.path().join("q.yaml").to_str().unwrap(),
        ])
        .stdin("quit\n")
        .any_stdout()
        .run();
    let prompt = public.lines().find(|l| l.contains(" (holds ")).unwrap();
    let name = prompt.split(' ').next().unwrap();
    let after = prompt.split("(holds ").nth(1).unwrap();
    let held = &after[..after.find(')').unwrap()];
    let Output { stdout: out, .. } = Test::new()
        .args(start)
        .args(["--private", "--save", file])
        .stdin(format!("hand\n{}\n", answers.join("\n")))
        .stdout_has(format!(
            "{name}'s hand: kept private (on {name}'s own page, or `hand`)."
        ))
        .stdout_has(format!("{name}'s hand: {held}\n"))
        .stdout_has("7 cards")
        .stdout_has("Round 9 of 9 · game over")
        .run();
    // A prompt says how many cards a hand holds, never which.
    let names_cards = |l: &str| {
        l.split("(holds ")
            .nth(1)
            .is_some_and(|r| !r.starts_with(|c: char| c.is_ascii_digit()))
    };
    assert!(!out.lines().any(names_cards), "{out}");
    assert!(!out.contains('✗'), "an answer was refused:\n{out}");
    assert_eq!(out.matches(held).count(), 1, "{out}");
    assert_eq!(status(file), expected);
}

#[test]
fn private_hands_need_a_virtual_pack() {
    Test::new()
        .args(["kinkado", "play", "--private", "--save", "x.yaml"])
        .status(2)
        .stderr_has("use --private with --deck virtual")
        .run();
}
