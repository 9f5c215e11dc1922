//! The play history through the binary: games journaled when they end, listed, replayed,
//! imported, forgotten, counted in records and drawn as charts; foreign files refused.

use crate::common::*;

use kado::kinga::game::{Action, Deck, Setup, State, answer_text};
use kado::kinga::{Rules, sim};
use kado::kinkado::game::bot::{Bot, play_out};
use kado::ruleset::Ruleset;
use kado::session::{Session, Step};

/// 2026-11-23 09:00 UTC: the date every journaled game gets in these tests.
const NOW: &str = "1795424400";

/// Runs kado with a history file and a fixed clock.
fn with_history(history: &str, args: &[&str], input: &str) -> Test {
    Test::new()
        .env_remove("KADO_HISTORY")
        .env("SOURCE_DATE_EPOCH", NOW)
        .arg("--history")
        .arg(history)
        .args(args)
        .stdin(input)
}

/// The answers the greedy policy gives in a virtual Kinga game.
fn kinga_answers(seed: u64) -> String {
    let mut g = State::new(&Setup::new(Deck::Virtual, seed), Rules::standard());
    let mut script = String::new();
    loop {
        let a: Action = match g.step() {
            Step::Done => break,
            Step::Auto(a) => a,
            Step::Ask(q) => {
                let a = sim::choose(&g, &q.key).unwrap();
                script += &(answer_text(&a).unwrap() + "\n");
                a
            }
        };
        g.act(&a).unwrap();
    }
    script
}

/// The answers of a whole virtual solo Kin Kādo game.
fn kinkado_answers(seed: u64) -> String {
    let setup = kado::kinkado::game::Setup {
        players: vec!["ana".into()],
        alora: true,
        deck: kado::kinkado::game::Deck::shuffled(seed),
        private: false,
    };
    let rs = Ruleset::builtin("kinkado").unwrap();
    let g = kado::kinkado::game::Game::start(&setup, &rs).unwrap();
    let (answers, _, _) = play_out(g, &Bot::default(), 100_000, |_| {}).unwrap();
    answers.join("\n") + "\n"
}

fn play_kinga(history: &str, save: &str, seed: u64) -> String {
    let seed_text = seed.to_string();
    let args = [
        "kinga", "play", "--deck", "virtual", "--seed", &seed_text, "--save", save,
    ];
    with_history(history, &args, &kinga_answers(seed))
        .any_stdout()
        .run()
        .stdout
}

#[test]
fn a_finished_game_is_journaled_listed_shown_and_forgotten() {
    let dir = tempfile::tempdir().unwrap();
    let h = dir.path().join("h.sqlite");
    let h = h.to_str().unwrap();
    let save = dir.path().join("g.yaml");
    let save = save.to_str().unwrap();
    let out = play_kinga(h, save, 3);
    assert!(
        out.ends_with("Added to the play history as game #1 (`kado history show 1`).\n"),
        "{out}"
    );
    // Resuming the finished game does not add it twice.
    let (_, out, _) = with_history(h, &["kinga", "resume", save], "").outcome();
    assert!(
        out.ends_with("This game is in the play history as game #1.\n"),
        "{out}"
    );
    with_history(h, &["history"], "")
        .stdout(
            "┌───┬──────────────────┬───────┬─────────┬─────────┬─────────────────────┐
│ # ┆ Date             ┆ Game  ┆ Ruleset ┆ Players ┆ Winner              │
╞═══╪══════════════════╪═══════╪═════════╪═════════╪═════════════════════╡
│ 1 ┆ 2026-11-23 09:00 ┆ kinga ┆ kinga   ┆ you 2   ┆ — (2 kings exposed) │
└───┴──────────────────┴───────┴─────────┴─────────┴─────────────────────┘
",
        )
        .run();
    let (_, out, _) = with_history(h, &["--json", "history", "--game", "kinga"], "").outcome();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["games"][0]["outcome"]["facts"]["kings_exposed"], 2);
    assert_eq!(v["games"][0]["outcome"]["seats"][0]["name"], "you");
    with_history(h, &["history", "--game", "kinkado"], "")
        .stdout("No games in the play history match.\n")
        .run();
    with_history(h, &["history", "--since", "2026-11-24"], "")
        .stdout("No games in the play history match.\n")
        .run();
    let Output { stdout: out, .. } = with_history(h, &["history", "show", "1"], "")
        .any_stdout()
        .run();
    assert!(out.starts_with("Game #1 · kinga · kinga rules · 2026-11-23 09:00 · finished\nPlayers: you 2\nWinner: — (2 kings exposed)\n"), "{out}");
    assert!(out.contains("Turn 2 · you to move"), "turn by turn: {out}");
    with_history(h, &["history", "forget", "1"], "")
        .stdout("Game #1 is no longer in the play history.\n")
        .run();
    with_history(h, &["history", "show", "1"], "").status(2).any_stdout().stderr("error: there is no game #1 in the play history\n  = help: `kado history` lists the games and their numbers\n").run();
}

#[test]
fn saves_from_before_are_imported_once_stopped_ones_too() {
    let dir = tempfile::tempdir().unwrap();
    let off = dir.path().join("unused.sqlite");
    let h = dir.path().join("h.sqlite");
    let h = h.to_str().unwrap();
    let done = dir.path().join("done.yaml");
    let done = done.to_str().unwrap();
    // Played with the history off.
    let out = play_kinga(off.to_str().unwrap(), done, 11);
    assert!(out.contains("Added to the play history"));
    let stopped = dir.path().join("stopped.yaml");
    let stopped = stopped.to_str().unwrap();
    with_history(
        h,
        &["--no-history", "kinkado", "play", "--save", stopped],
        "QD\n",
    )
    .any_stdout()
    .run();
    with_history(h, &["history", "import", done, stopped], "")
        .stdout(format!(
            "{done}: added as game #1.\n{stopped}: added as game #2.\n"
        ))
        .run();
    with_history(h, &["history"], "")
        .stdout_has(
            "│ 2 ┆ 2026-11-23 09:00 ┆ kinkado ┆ kinkado ┆ you 50, ALORA 50 ┆ (stopped)           │",
        )
        .run();
    // Twice: refused, and said why, at the game's identity in the save.
    let Output { stderr: err, .. } = with_history(h, &["history", "import", done], "")
        .status(2)
        .any_stderr()
        .run();
    let id = save_id(std::path::Path::new(done));
    assert_eq!(
        err,
        format!(
            "error: this game is in the play history already, as game #1\n --> file {done}, line 3, column 1\n  |\n3 | id: {id}\n  | ^^\n  = help: `kado history show 1` shows it\n"
        )
    );
    let notes = dir.path().join("notes.txt");
    std::fs::write(&notes, "shopping list\n").unwrap();
    let Output { stderr: err, .. } =
        with_history(h, &["history", "import", notes.to_str().unwrap()], "")
            .status(2)
            .any_stderr()
            .run();
    assert!(
        err.starts_with(&format!(
            "error: {} is neither a game saved by kado nor a record of one\n",
            notes.display()
        )),
        "{err}"
    );
}

#[test]
fn a_kinkado_game_ends_with_its_money_chart_and_counts_in_stats() {
    let dir = tempfile::tempdir().unwrap();
    let h = dir.path().join("h.sqlite");
    let h = h.to_str().unwrap();
    for seed in [1u64, 2, 3] {
        let save = dir.path().join(format!("k{seed}.yaml"));
        let seed_text = seed.to_string();
        let args = [
            "kinkado",
            "play",
            "--players",
            "ana",
            "--deck",
            "virtual",
            "--seed",
            &seed_text,
            "--save",
            save.to_str().unwrap(),
        ];
        let Output { stdout: out, .. } = with_history(h, &args, &kinkado_answers(seed))
            .any_stdout()
            .run();
        // Piped, the money by round is the sheet of the last table; no chart besides.
        assert!(!out.contains("Money by round:"), "{out}");
        let sheet = out
            .rsplit("Money after round")
            .next()
            .unwrap_or_else(|| panic!("{out}"));
        let row = |name: &str| sheet.lines().find(|l| l.trim_start().starts_with(name));
        assert!(
            row("ana").is_some_and(|r| r.matches('$').count() == 9),
            "{out}"
        );
        assert!(
            row("ALORA").is_some_and(|r| r.matches('$').count() == 9),
            "{out}"
        );
    }
    let Output { stdout: out, .. } = with_history(h, &["stats", "--game", "kinkado"], "")
        .any_stdout()
        .run();
    assert!(out.starts_with("┌────────┬───────┬"), "{out}");
    assert!(out.contains("│ ana    ┆ 3     ┆"), "{out}");
    let (_, out, _) = with_history(h, &["--json", "stats", "--player", "ana"], "").outcome();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let ana = &v["players"][0];
    assert_eq!(ana["games"], 3);
    assert_eq!(ana["against"]["ALORA"]["games"], 3);
    assert!(
        ana["favourite_hand"].is_array() || ana["wins"] == 0,
        "{ana}"
    );
    // The charts: a table when piped, blocks with --chart, an image with --svg.
    let svg = dir.path().join("scores.svg");
    with_history(
        h,
        &[
            "stats",
            "--player",
            "ana",
            "--chart",
            "--svg",
            svg.to_str().unwrap(),
        ],
        "",
    )
    .stdout_has("Win rate, game by game:\nwin rate  ")
    .stdout_has("Final scores:\n")
    .run();
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg "));
    with_history(h, &["stats", "--player", "ana"], "")
        .stdout_has("│ Final score ┆ Games │")
        .run();
    with_history(h, &["history", "show", "1"], "")
        .stdout_has("Money by round:\n┌")
        .run();
}

#[test]
fn a_foreign_or_damaged_history_is_refused_and_never_written() {
    let dir = tempfile::tempdir().unwrap();
    let junk = dir.path().join("junk.sqlite");
    std::fs::write(&junk, "this is someone's notes, not a database\n").unwrap();
    with_history(junk.to_str().unwrap(), &["history"], "").status(2).any_stdout().stderr(format!(
            "error: {} is not an SQLite database (damaged, or another kind of file)\n  = help: kado leaves it untouched; give another file with --history FILE\n",
            junk.display()
        )).run();
    assert_eq!(
        std::fs::read_to_string(&junk).unwrap(),
        "this is someone's notes, not a database\n"
    );
    // A finished game is still saved, and kado says why the history was not written.
    let save = dir.path().join("g.yaml");
    let out = play_kinga(junk.to_str().unwrap(), save.to_str().unwrap(), 3);
    assert!(
        out.contains("but it could not be added to the play history"),
        "{out}"
    );
    assert!(save.exists());
}

#[test]
fn two_processes_journal_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let h = dir.path().join("h.sqlite");
    let saves: Vec<String> = (0..6u64)
        .map(|i| {
            let save = dir.path().join(format!("g{i}.yaml"));
            play_kinga(
                dir.path().join("x.sqlite").to_str().unwrap(),
                save.to_str().unwrap(),
                20 + i,
            );
            save.to_str().unwrap().to_string()
        })
        .collect();
    let children: Vec<_> = saves
        .chunks(3)
        .map(|chunk| {
            kado()
                .env_remove("KADO_HISTORY")
                .arg("--history")
                .arg(&h)
                .args(["history", "import"])
                .args(chunk)
                .stdout(std::process::Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    for mut c in children {
        assert!(c.wait().unwrap().success());
    }
    let (_, out, _) = with_history(h.to_str().unwrap(), &["--json", "history"], "").outcome();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["games"].as_array().unwrap().len(), 6);
}

#[test]
fn a_history_session_outcome_matches_the_library() {
    let g = State::new(&Setup::new(Deck::Virtual, 3), Rules::standard());
    let o = g.outcome().unwrap();
    assert!(!o.finished);
    assert_eq!(o.seats.len(), 1);
}

#[test]
fn saves_of_every_game_are_imported_and_shown() {
    let dir = tempfile::tempdir().unwrap();
    let h = dir.path().join("h.sqlite");
    let h = h.to_str().unwrap();
    let root =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/saves/format-1");
    let mut files: Vec<String> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .map(|p| p.to_str().unwrap().to_string())
        .collect();
    files.sort();
    let mut args = vec!["history", "import"];
    args.extend(files.iter().map(String::as_str));
    with_history(h, &args, "").any_stdout().run();
    let (_, out, _) = with_history(h, &["--json", "history"], "").outcome();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let mut games: Vec<&str> = v["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["game"].as_str().unwrap())
        .collect();
    games.sort();
    games.dedup();
    assert_eq!(games, ["kinga", "kingmaker", "kinkado", "koikoi", "pokino"]);
    for id in 1..=files.len() {
        let Output { stdout: out, .. } = with_history(h, &["history", "show", &id.to_string()], "")
            .any_stdout()
            .run();
        assert!(out.starts_with(&format!("Game #{id} · ")), "{out}");
    }
    // All of them again: every one refused, none added.
    let mut again = vec!["--json"];
    again.extend(args.iter().copied());
    let Output { stderr: err, .. } = with_history(h, &again, "")
        .status(2)
        .stdout("{\n  \"imported\": []\n}\n")
        .any_stderr()
        .run();
    let e: serde_json::Value = serde_json::from_str(&err).unwrap();
    assert_eq!(e["total"], files.len());
    assert_eq!(
        e["problems"][0]["message"],
        "this game is in the play history already, as game #1"
    );
}

#[test]
fn records_are_imported_game_by_game_and_shown() {
    let dir = tempfile::tempdir().unwrap();
    let h = dir.path().join("h.sqlite");
    let h = h.to_str().unwrap();
    let pokino = dir.path().join("game.txt");
    std::fs::write(
        &pokino,
        "players: ana ben cy\nspoke: 6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h\nana domino 5-5@3,0h\nben domino 10-11@-2,0h\ncy domino 7-2@0,2h\nana run QC 4H @ 2,0 1,0\nben pass\ncy run 6D AC\nana run 3S 8D @ 1,1 2,1\n",
    )
    .unwrap();
    let koikoi =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/koikoi/round.txt");
    let files = [koikoi.to_str().unwrap(), pokino.to_str().unwrap()];
    with_history(h, &["history", "import", files[0], files[1]], "")
        .stdout(format!(
            "{}: added as game #1.\n{}: added as game #2.\n",
            files[0], files[1]
        ))
        .run();
    let (_, out, _) = with_history(h, &["--json", "history"], "").outcome();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["games"][0]["game"], "pokino");
    assert_eq!(v["games"][0]["outcome"]["seats"][0]["score"], 5);
    assert_eq!(v["games"][1]["game"], "koikoi");
    with_history(h, &["history", "show", "2"], "")
        .stdout_has("The record:\nplayers: ana ben cy\nspoke: ")
        .run();
    let Output { stderr: err, .. } = with_history(h, &["history", "import", files[1]], "")
        .status(2)
        .any_stderr()
        .run();
    assert!(
        err.starts_with("error: this game is in the play history already, as game #2\n"),
        "{err}"
    );
}

/// The identity a save was given when its game started.
fn save_id(save: &std::path::Path) -> String {
    let text = std::fs::read_to_string(save).unwrap();
    let line = text.lines().find(|l| l.starts_with("id: ")).unwrap();
    line["id: ".len()..].trim_matches('"').to_string()
}

/// Runs kado in `dir` with a history file and a fixed clock.
fn in_dir(dir: &std::path::Path, args: &[&str], input: &str) -> Test {
    Test::new()
        .current_dir(dir)
        .env_remove("KADO_HISTORY")
        .env("SOURCE_DATE_EPOCH", NOW)
        .args(["--history", "h.sqlite"])
        .args(args)
        .stdin(input)
}

#[test]
fn importing_a_record_of_many_games_stored_the_whole_file_once_per_game() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let args =
        "--no-history koikoi simulate --games 40 --seed 3 --policy greedy,greedy --record many.txt";
    in_dir(d, &args.split(' ').collect::<Vec<_>>(), "")
        .any_stdout()
        .run();
    let record = std::fs::read_to_string(d.join("many.txt")).unwrap();
    let Output { stdout: out, .. } = in_dir(d, &["history", "import", "many.txt"], "")
        .any_stdout()
        .run();
    assert_eq!(out.lines().count(), 40);
    assert!(
        out.starts_with("many.txt, line 1: added as game #1.\n"),
        "{out}"
    );
    // Within a small multiple of the record, not forty copies of it.
    let size = std::fs::metadata(d.join("h.sqlite")).unwrap().len() as usize;
    assert!(
        size < 4 * record.len() + 64 * 1024,
        "{size} for {}",
        record.len()
    );
    // Each game is its own lines: game #2 is the record's second game, alone.
    let second = &kado::history::record_games(&record)[1];
    let Output { stdout: out, .. } = in_dir(d, &["history", "show", "2"], "").any_stdout().run();
    let shown = out.split("The record:\n").nth(1).unwrap();
    assert_eq!(shown, &record[second.span.clone()]);
    assert_eq!(shown.matches("players:").count(), 1);
    // Again: each game is there already; the first are shown at their lines, the rest
    // only counted (not built: a record may hold thousands).
    let Output { stderr: err, .. } = in_dir(d, &["history", "import", "many.txt"], "")
        .status(2)
        .any_stderr()
        .run();
    assert!(
        err.starts_with("error: this game is in the play history already, as game #1\n --> file many.txt, line 1, column 1\n"),
        "{err}"
    );
    assert!(
        err.ends_with("\nand 20 more problems\n\n40 problems found\n"),
        "{err}"
    );
}

#[test]
fn two_games_with_the_same_moves_were_taken_as_one() {
    let dir = tempfile::tempdir().unwrap();
    let h = dir.path().join("h.sqlite");
    let h = h.to_str().unwrap();
    // The same deck, the same answers: two games at two tables all the same.
    let a = dir.path().join("a.yaml");
    let b = dir.path().join("b.yaml");
    let out = play_kinga(h, a.to_str().unwrap(), 3);
    assert!(
        out.ends_with("as game #1 (`kado history show 1`).\n"),
        "{out}"
    );
    let out = play_kinga(h, b.to_str().unwrap(), 3);
    assert!(
        out.ends_with("as game #2 (`kado history show 2`).\n"),
        "{out}"
    );
    assert_ne!(save_id(&a), save_id(&b));
    // Two record files with the same lines are two games; each file once.
    let d = dir.path();
    let round =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/koikoi/round.txt");
    std::fs::copy(&round, d.join("x.txt")).unwrap();
    std::fs::copy(&round, d.join("y.txt")).unwrap();
    in_dir(d, &["history", "import", "x.txt", "y.txt"], "")
        .stdout("x.txt: added as game #3.\ny.txt: added as game #4.\n")
        .run();
    in_dir(d, &["history", "import", "y.txt"], "").status(2).stderr("error: this game is in the play history already, as game #4\n --> file y.txt, line 2, column 1\n  |\n2 | players: ana ben\n  | ^^^^^^^\n  = help: `kado history show 4` shows it\n").run();
}

#[test]
fn a_game_journaled_at_the_table_was_added_again_by_importing_its_record() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let play = [
        "koikoi",
        "play",
        "--players",
        "ana,ben",
        "--save",
        "g.yaml",
        "--record",
        "g.txt",
    ];
    let input = "hidden\nhidden\n1p 3b 4p 6r 8b 9a 10r 12b\n1r\n2p\n";
    in_dir(d, &play, input).any_stdout().run();
    let id = save_id(&d.join("g.yaml"));
    let record = std::fs::read_to_string(d.join("g.txt")).unwrap();
    assert_eq!(
        record,
        format!(
            "# kado game id: {id}\nplayers: ana ben\ntable: 1p 3b 4p 6r 8b 9a 10r 12b\nana 1r / 2p\n"
        )
    );
    // `status --record` writes the same identity; `check` reads past it.
    in_dir(d, &["koikoi", "status", "g.yaml", "--record"], "")
        .stdout(record)
        .run();
    in_dir(d, &["koikoi", "check", "g.txt"], "")
        .any_stdout()
        .run();
    // The save and its record are one game, whichever comes first.
    in_dir(d, &["history", "import", "g.yaml"], "")
        .stdout("g.yaml: added as game #1.\n")
        .run();
    in_dir(d, &["history", "import", "g.txt"], "").status(2).stderr("error: this game is in the play history already, as game #1\n --> file g.txt, line 2, column 1\n  |\n2 | players: ana ben\n  | ^^^^^^^\n  = help: `kado history show 1` shows it\n".to_string()).run();
}

#[test]
fn a_game_finished_as_kado_was_killed_was_left_out_of_the_history_without_a_word() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // The history cannot be written when the game ends (here: a file in its way); the
    // note that the game is to be journaled stays.
    std::fs::write(d.join("h.sqlite"), "in the way\n").unwrap();
    let args = [
        "kinga", "play", "--deck", "virtual", "--seed", "3", "--save", "g.yaml",
    ];
    in_dir(d, &args, &kinga_answers(3))
        .stdout_has("could not be added to the play history")
        .run();
    assert_eq!(
        std::fs::read_dir(d.join("h.sqlite.pending"))
            .unwrap()
            .count(),
        1
    );
    // The next start of `history` finds it, adds it, and says so.
    std::fs::remove_file(d.join("h.sqlite")).unwrap();
    let save = std::fs::canonicalize(d.join("g.yaml")).unwrap();
    in_dir(d, &["history", "--game", "kinkado"], "")
        .stdout("No games in the play history match.\n")
        .stderr(format!(
            "A game finished in {} was not in the play history; it is now, as game #1.\n",
            save.display()
        ))
        .run();
    assert_eq!(
        std::fs::read_dir(d.join("h.sqlite.pending"))
            .unwrap()
            .count(),
        0
    );
    in_dir(d, &["history"], "").any_stdout().run();
    // A game journaled as it ends leaves no note behind.
    let args = [
        "kinga", "play", "--deck", "virtual", "--seed", "4", "--save", "g4.yaml",
    ];
    let Output { stdout: out, .. } = in_dir(d, &args, &kinga_answers(4)).any_stdout().run();
    assert!(
        out.ends_with("as game #2 (`kado history show 2`).\n"),
        "{out}"
    );
    assert_eq!(
        std::fs::read_dir(d.join("h.sqlite.pending"))
            .unwrap()
            .count(),
        0
    );
}

#[test]
fn import_said_only_some_files_were_not_added_and_put_the_reasons_unlocated_on_stdout() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("bad.txt"),
        "players: ana ben\ntable: 1p 3b 4p 6r 8b 9a 10r 12b\nana 1r>1x / 7p\n",
    )
    .unwrap();
    let (_, _, check) = in_dir(d, &["koikoi", "check", "bad.txt"], "").outcome();
    let Output { stderr: err, .. } = in_dir(d, &["history", "import", "bad.txt"], "")
        .status(2)
        .stderr(check)
        .run();
    assert_eq!(
        err,
        "error: unknown kind `x` in `1x`\n --> file bad.txt, line 3, column 9\n  |\n3 | ana 1r>1x / 7p\n  |         ^\n  = expected: a kind: b (bright), a (animal), r (ribbon) or p (plain)\n"
    );
    std::fs::write(d.join("notes.txt"), "shopping list\n").unwrap();
    let round =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/koikoi/round.txt");
    std::fs::copy(&round, d.join("ok.txt")).unwrap();
    in_dir(d, &["history", "import", "notes.txt", "ok.txt", "gone.yaml"], "").status(2).stdout("ok.txt: added as game #1.\n").stderr("error: notes.txt is neither a game saved by kado nor a record of one\n --> file notes.txt, line 1, column 1\n  |\n1 | shopping list\n  | ^^^^^^^^\n\nerror: cannot read saved game `gone.yaml`: it does not exist\n\n2 problems found\n").run();
    let (_, out, err) = in_dir(
        d,
        &["--json", "history", "import", "notes.txt", "ok.txt"],
        "",
    )
    .outcome();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v, serde_json::json!({"imported": []}));
    let e: serde_json::Value = serde_json::from_str(&err).unwrap();
    assert_eq!(e["total"], 2);
    assert_eq!(e["problems"][0]["line"], 1);
    assert_eq!(
        e["problems"][1]["message"],
        "this game is in the play history already, as game #1"
    );
}

#[test]
fn a_damaged_history_was_an_internal_failure_on_some_pages_and_bad_input_on_others() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let round =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/koikoi/round.txt");
    std::fs::copy(&round, d.join("ok.txt")).unwrap();
    in_dir(d, &["history", "import", "ok.txt"], "")
        .any_stdout()
        .run();
    // Its games table is dropped behind kado's back: the file is still kado's, but damaged.
    let conn = rusqlite::Connection::open(d.join("h.sqlite")).unwrap();
    conn.execute_batch("DROP TABLE games").unwrap();
    drop(conn);
    let pages: [&[&str]; 6] = [
        &["history"],
        &["history", "show", "1"],
        &["history", "forget", "1"],
        &["history", "import", "ok.txt"],
        &["stats"],
        &["stats", "--player", "ana"],
    ];
    for page in pages {
        in_dir(d, page, "").status(2).stderr("error: the play history h.sqlite is damaged: kado cannot read the games in it\n  = help: kado leaves it untouched; move it aside to start a new one, or give another file with --history FILE\n").run();
    }
}

#[test]
fn a_history_of_the_first_schema_is_brought_up_to_date_and_its_games_still_known() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let round =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/koikoi/round.txt");
    std::fs::copy(&round, d.join("ok.txt")).unwrap();
    let text = std::fs::read_to_string(&round).unwrap();
    // The history as a kado of schema 1 left it, the record journaled in its way.
    let conn = rusqlite::Connection::open(d.join("h.sqlite")).unwrap();
    conn.execute_batch(
        "PRAGMA application_id = 1801544815; PRAGMA user_version = 1;
         CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL,
             ruleset TEXT NOT NULL, date TEXT NOT NULL, finished INTEGER NOT NULL,
             outcome TEXT NOT NULL, source TEXT NOT NULL, fingerprint TEXT NOT NULL UNIQUE,
             log TEXT NOT NULL);
         CREATE TABLE seats (game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
             name TEXT NOT NULL, score INTEGER NOT NULL, won INTEGER NOT NULL, kado INTEGER NOT NULL);
         CREATE INDEX seats_by_name ON seats(name COLLATE NOCASE);
         CREATE INDEX seats_by_game ON seats(game_id);
         CREATE INDEX games_by_game ON games(game, date);",
    )
    .unwrap();
    let old = format!("{text}# game 1 of this record\n");
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in old.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    conn.execute(
        "INSERT INTO games (game, ruleset, date, finished, outcome, source, fingerprint, log)
         VALUES ('koikoi', 'koikoi', '2026-11-01 10:00', 0, '{\"finished\":false,\"seats\":[]}', 'ok.txt', ?1, ?2)",
        rusqlite::params![format!("{h:016x}"), old],
    )
    .unwrap();
    drop(conn);
    let Output { stderr: err, .. } = in_dir(d, &["history", "import", "ok.txt"], "")
        .status(2)
        .any_stderr()
        .run();
    assert!(
        err.starts_with("error: this game is in the play history already, as game #1\n"),
        "{err}"
    );
    in_dir(d, &["history"], "")
        .stdout_has("│ 1 ┆ 2026-11-01 10:00 ┆ koikoi ")
        .run();
}

#[test]
fn a_stopped_game_imported_then_finished_stayed_stopped_in_the_history() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let answers = kinga_answers(5);
    let (first, rest) = answers.split_at(answers.find('\n').unwrap() + 1);
    let args = [
        "kinga", "play", "--deck", "virtual", "--seed", "5", "--save", "g.yaml",
    ];
    in_dir(d, &args, first).any_stdout().run();
    in_dir(d, &["history", "import", "g.yaml"], "")
        .stdout("g.yaml: added as game #1.\n")
        .run();
    let Output { stdout: out, .. } = in_dir(d, &["kinga", "resume", "g.yaml"], rest)
        .any_stdout()
        .run();
    assert!(
        out.ends_with("Game #1 of the play history, stopped before, is now finished there.\n"),
        "{out}"
    );
    let (_, out, _) = in_dir(d, &["--json", "history"], "").outcome();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["games"].as_array().unwrap().len(), 1);
    assert_eq!(v["games"][0]["outcome"]["finished"], true);
}

/// Issue 31: `kado stats` averaged one player's Kin Kādo dollars with their Kinga kings,
/// and `--svg` without `--player` drew bins that mixed the two. Stats are per game.
#[test]
fn stats_averaged_dollars_with_kings() {
    let dir = tempfile::tempdir().unwrap();
    let h = dir.path().join("h.sqlite");
    let h = h.to_str().unwrap();
    // `you` plays a Kin Kādo game against ALORA and a Kinga game.
    let save = dir.path().join("k.yaml");
    let answers = {
        let setup = kado::kinkado::game::Setup {
            players: vec!["you".into()],
            alora: true,
            deck: kado::kinkado::game::Deck::shuffled(1),
            private: false,
        };
        let rs = Ruleset::builtin("kinkado").unwrap();
        let g = kado::kinkado::game::Game::start(&setup, &rs).unwrap();
        let (answers, _, _) = play_out(g, &Bot::default(), 100_000, |_| {}).unwrap();
        answers.join("\n") + "\n"
    };
    let args = [
        "kinkado",
        "play",
        "--players",
        "you",
        "--deck",
        "virtual",
        "--seed",
        "1",
        "--save",
        save.to_str().unwrap(),
    ];
    with_history(h, &args, &answers)
        .any_stdout()
        .any_stderr()
        .run();
    play_kinga(h, dir.path().join("g.yaml").to_str().unwrap(), 3);
    let Output { stdout: out, .. } = with_history(h, &["stats"], "").any_stdout().run();
    let kinkado = out.find("Kin Kādo\n").unwrap_or_else(|| panic!("{out}"));
    let kinga = out.find("Kinga\n").unwrap_or_else(|| panic!("{out}"));
    assert!(kinkado < kinga, "{out}");
    assert_eq!(out.matches("│ you ").count(), 2, "{out}");
    let v = with_history(h, &["--json", "stats"], "")
        .any_stdout()
        .run()
        .json();
    let games: Vec<&str> = v["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["game"].as_str().unwrap())
        .collect();
    assert_eq!(games, ["kinkado", "kinga"]);
    let svg = dir.path().join("s.svg");
    let svg = svg.to_str().unwrap();
    with_history(h, &["stats", "--svg", svg], "").status(2).any_stdout().stderr("error: --svg draws one player's final scores\n  = help: add --player NAME (and --game GAME when they played several games)\n").run();
    with_history(h, &["stats", "--player", "you", "--svg", svg], "").status(2).any_stdout().stderr("error: you played kinkado, kinga in the history, each scored in its own unit\n  = help: add --game GAME: --svg draws the final scores of one game\n").run();
    let args = ["stats", "--player", "you", "--game", "kinga", "--svg", svg];
    with_history(h, &args, "").any_stdout().any_stderr().run();
    assert!(std::fs::read_to_string(svg).unwrap().starts_with("<svg "));
}

#[test]
fn history_import_read_a_kingmaker_year_record_under_the_save_limit() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let year = "players: ana bo cy dee\nspring: bo c2 left RG, cy c2 long RG-YB, dee c3 right GB, ana c1 left YY\nsummer: cy RY c3, dee BB c2 e c3, ana YB c4 ne c3, bo GB c1 sw c2\nharvest: dee w c4, ana e c4, bo w c1, cy e c1\nblinks: ana RG-YB, bo YY-GB, cy RY-GB, dee BB-GY, c1 YY-RR, c2 RG-YB, c3 BB-GB, c4 GG-RY\n";
    // Just over the 256 KiB `check` reads of a record file: refused by both alike.
    let big = year.repeat((256 << 10) / year.len() + 1);
    std::fs::write(d.join("years.txt"), &big).unwrap();
    let (code, _, check) = in_dir(d, &["kingmaker", "check", "years.txt"], "").outcome();
    assert_eq!(code, 2);
    assert!(
        check.contains("kado reads at most 256 KiB of a record file"),
        "{check}"
    );
    in_dir(d, &["history", "import", "years.txt"], "")
        .status(2)
        .stderr(check)
        .run();
    // A Kin Kādo record over the 1 MiB `kinkado check` reads is refused alike.
    let game = "players: a b\n";
    std::fs::write(d.join("many.txt"), game.repeat((1 << 20) / game.len() + 1)).unwrap();
    let (_, _, check) = in_dir(d, &["kinkado", "check", "many.txt"], "").outcome();
    assert!(
        check.contains("kado reads at most 1 MiB of a record"),
        "{check}"
    );
    in_dir(d, &["history", "import", "many.txt"], "")
        .status(2)
        .stderr(check)
        .run();
    // One Year is imported.
    std::fs::write(d.join("year.txt"), year).unwrap();
    in_dir(d, &["history", "import", "year.txt"], "")
        .stdout("year.txt: added as game #1.\n")
        .run();
}

#[cfg(unix)]
#[test]
fn history_import_of_a_file_named_in_other_than_utf8_said_it_did_not_exist() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let name = std::ffi::OsStr::from_bytes(b"year\xe9.txt");
    std::fs::write(d.join(name), "players: a b\n").unwrap();
    let expected = "error: file year\u{fffd}.txt is not a UTF-8 file name\n  = help: name the file with UTF-8 text, which kado can print and read back\n";
    Test::new()
        .current_dir(d)
        .env_remove("KADO_HISTORY")
        .args(["--history", "h.sqlite", "history", "import"])
        .arg(name)
        .status(2)
        .stderr(expected)
        .run();
    let Output { stderr: err, .. } = Test::new()
        .current_dir(d)
        .env_remove("KADO_HISTORY")
        .args(["--json", "--history", "h.sqlite", "history", "import"])
        .arg(name)
        .status(2)
        .any_stdout()
        .any_stderr()
        .run();
    let e: serde_json::Value = serde_json::from_str(&err).unwrap();
    assert_eq!(e["problems"][0]["code"], "file");
}

/// Names with escape codes put into the history behind kado's back came out raw in
/// `history`, `history show` and `stats` (a file could retitle or clear the terminal of
/// whoever listed the games): every string read from the history is escaped.
#[test]
fn control_characters_in_the_history_reached_the_terminal_raw() {
    for (page, out) in pages_with_a_name_put_in("an\u{1b}]0;PWNED\u{7}a") {
        assert!(
            !out.contains('\u{1b}') && !out.contains('\u{7}'),
            "{page}: {out}"
        );
        assert!(
            out.contains("an\\\\e]0;PWNED") || out.contains("an\\e]0;PWNED"),
            "{page}: {out}"
        );
    }
}

/// A history holding one Koi-Koi round whose player `ana` was renamed `bad` behind kado's
/// back (in the game's outcome, its source and its seats): what each page that lists it
/// writes, stdout then stderr.
fn pages_with_a_name_put_in(bad: &str) -> Vec<(String, String)> {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let round =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/koikoi/round.txt");
    std::fs::copy(&round, d.join("ok.txt")).unwrap();
    in_dir(d, &["history", "import", "ok.txt"], "")
        .any_stdout()
        .run();
    let conn = rusqlite::Connection::open(d.join("h.sqlite")).unwrap();
    let outcome: String = conn
        .query_row("SELECT outcome FROM games WHERE id = 1", [], |r| r.get(0))
        .unwrap();
    conn.execute(
        "UPDATE games SET outcome = ?1, source = ?2 WHERE id = 1",
        rusqlite::params![
            outcome.replace("\"ana\"", &serde_json::to_string(bad).unwrap()),
            bad
        ],
    )
    .unwrap();
    conn.execute("UPDATE seats SET name = ?1 WHERE name = 'ana'", [bad])
        .unwrap();
    drop(conn);
    let pages: [&[&str]; 6] = [
        &["history"],
        &["history", "show", "1"],
        &["stats"],
        &["stats", "--player", bad],
        &["--json", "history"],
        &["--json", "stats"],
    ];
    pages
        .iter()
        // An argument cannot hold a NUL byte at all.
        .filter(|page| page.iter().all(|a| !a.contains('\0')))
        .map(|page| {
            let o = in_dir(d, page, "")
                .any_stdout()
                .any_stderr()
                .any_status()
                .run();
            (format!("{page:?}"), o.stdout + &o.stderr)
        })
        .collect()
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config { cases: 12, ..Default::default() })]

    /// No byte below 0x20 but a line end or a tab, nor 0x7f, from a name in the history
    /// reaches the terminal raw, wherever in the name it stands, on any page that lists it.
    #[test]
    fn control_bytes_in_the_history_never_reach_the_terminal_raw(
        control in proptest::sample::select(vec!['\u{1b}', '\u{7}', '\u{8}', '\u{0}', '\u{7f}', '\u{9b}', '\r', '\u{c}']),
        at in 0usize..4,
    ) {
        let mut name = "ana".to_string();
        name.insert(at.min(3), control);
        for (page, out) in pages_with_a_name_put_in(&name) {
            crate::input::no_raw_controls(&page, &out)?;
        }
    }
}

/// `stats --player` with escape codes in the name wrote them back raw in its table: the
/// name is matched as given and drawn escaped, as every name the history gives back.
#[test]
fn stats_for_a_player_named_with_escape_codes_echoed_them_raw() {
    let bad = "an\u{1b}]0;PWNED\u{7}a";
    let pages = pages_with_a_name_put_in(bad);
    let (_, out) = pages
        .iter()
        .find(|(page, _)| page.contains("--player"))
        .unwrap();
    assert!(!out.contains('\u{1b}'), "{out}");
    let row = out
        .lines()
        .find(|l| l.contains("PWNED"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(row.starts_with("│ an\\e]0;PWNED\\u{7}a ┆ 0 "), "{out}");
}
