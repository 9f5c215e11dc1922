//! The play history through the binary: games journaled when they end, listed, replayed,
//! imported, forgotten, counted in records and drawn as charts; foreign files refused.

mod common;
use common::*;

use kado::kinga::game::{Action, Deck, Game, Setup, answer_text};
use kado::kinga::{Rules, sim};
use kado::kinkado::game::bot::{Bot, play_out};
use kado::ruleset::Ruleset;
use kado::session::{Session, Step};

/// 2026-11-23 09:00 UTC: the date every journaled game gets in these tests.
const NOW: &str = "1795424400";

/// Runs kado with a history file and a fixed clock.
fn with_history(history: &str, args: &[&str], input: &str) -> (i32, String, String) {
    let out = kado()
        .env_remove("KADO_HISTORY")
        .env("SOURCE_DATE_EPOCH", NOW)
        .arg("--history")
        .arg(history)
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The answers the greedy policy gives in a virtual Kinga game.
fn kinga_answers(seed: u64) -> String {
    let mut g = Game::new(&Setup::new(Deck::Virtual, seed), Rules::standard());
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
        deck: kado::kinkado::game::Deck::Virtual { seed },
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
    let (code, out, err) = with_history(history, &args, &kinga_answers(seed));
    assert_eq!(code, 0, "{err}");
    out
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
    let (_, out, _) = with_history(h, &["kinga", "resume", save], "");
    assert!(
        out.ends_with("This game is in the play history as game #1.\n"),
        "{out}"
    );
    let (code, out, _) = with_history(h, &["history"], "");
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "┌───┬──────────────────┬───────┬─────────┬─────────┬────────┐
│ # ┆ Date             ┆ Game  ┆ Ruleset ┆ Players ┆ Winner │
╞═══╪══════════════════╪═══════╪═════════╪═════════╪════════╡
│ 1 ┆ 2026-11-23 09:00 ┆ kinga ┆ kinga   ┆ you 2   ┆ —      │
└───┴──────────────────┴───────┴─────────┴─────────┴────────┘
"
    );
    let (_, out, _) = with_history(h, &["--json", "history", "--game", "kinga"], "");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["games"][0]["outcome"]["facts"]["kings_exposed"], 2);
    assert_eq!(v["games"][0]["outcome"]["seats"][0]["name"], "you");
    let (_, out, _) = with_history(h, &["history", "--game", "kinkado"], "");
    assert_eq!(out, "No games in the play history match.\n");
    let (_, out, _) = with_history(h, &["history", "--since", "2026-11-24"], "");
    assert_eq!(out, "No games in the play history match.\n");
    let (code, out, _) = with_history(h, &["history", "show", "1"], "");
    assert_eq!(code, 0);
    assert!(out.starts_with("Game #1 · kinga · kinga rules · 2026-11-23 09:00 · finished\nPlayers: you 2\nWinner: —\n"), "{out}");
    assert!(out.contains("Turn 2."), "turn by turn: {out}");
    let (code, out, _) = with_history(h, &["history", "forget", "1"], "");
    assert_eq!(
        (code, out.as_str()),
        (0, "Game #1 is no longer in the play history.\n")
    );
    let (code, _, err) = with_history(h, &["history", "show", "1"], "");
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "error: there is no game #1 in the play history\n  = help: `kado history` lists the games and their numbers\n"
    );
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
    let (code, _, _) = with_history(
        h,
        &["--no-history", "kinkado", "play", "--save", stopped],
        "QD\n",
    );
    assert_eq!(code, 0);
    let (code, out, err) = with_history(h, &["history", "import", done, stopped], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        format!("{done}: added as game #1.\n{stopped}: added as game #2.\n")
    );
    let (_, out, _) = with_history(h, &["history"], "");
    assert!(
        out.contains("│ 2 ┆ 2026-11-23 09:00 ┆ kinkado ┆ kinkado ┆ you 50, ALORA 50 ┆ (stopped) │"),
        "{out}"
    );
    // Twice: refused, and said why; the others still go in.
    let (code, out, err) = with_history(h, &["history", "import", done], "");
    assert_eq!(code, 2);
    assert_eq!(
        out,
        format!("{done}: not added: it is in the play history already, as game #1\n")
    );
    assert_eq!(
        err,
        "error: some files were not added to the play history\n"
    );
    let notes = dir.path().join("notes.txt");
    std::fs::write(&notes, "shopping list\n").unwrap();
    let (code, out, _) = with_history(h, &["history", "import", notes.to_str().unwrap()], "");
    assert_eq!(code, 2);
    assert!(
        out.ends_with("notes.txt is neither a game saved by kado nor a record of one\n"),
        "{out}"
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
        let (code, out, err) = with_history(h, &args, &kinkado_answers(seed));
        assert_eq!(code, 0, "{err}");
        let chart = out
            .split("Money by round:\n")
            .nth(1)
            .unwrap_or_else(|| panic!("{out}"));
        assert!(
            chart.starts_with("┌───────┬"),
            "a table when piped: {chart}"
        );
        assert!(chart.contains("│ ana "), "{chart}");
        assert!(chart.contains("│ ALORA "), "{chart}");
    }
    let (code, out, _) = with_history(h, &["stats", "--game", "kinkado"], "");
    assert_eq!(code, 0);
    assert!(out.starts_with("┌────────┬───────┬"), "{out}");
    assert!(out.contains("│ ana    ┆ 3     ┆"), "{out}");
    let (_, out, _) = with_history(h, &["--json", "stats", "--player", "ana"], "");
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
    let (_, out, _) = with_history(
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
    );
    assert!(out.contains("Win rate, game by game:\nwin rate  "), "{out}");
    assert!(out.contains("Final scores:\n"), "{out}");
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg "));
    let (_, out, _) = with_history(h, &["stats", "--player", "ana"], "");
    assert!(out.contains("│ Final score ┆ Games │"), "{out}");
    let (_, out, _) = with_history(h, &["history", "show", "1"], "");
    assert!(out.contains("Money by round:\n┌"), "{out}");
}

#[test]
fn a_foreign_or_damaged_history_is_refused_and_never_written() {
    let dir = tempfile::tempdir().unwrap();
    let junk = dir.path().join("junk.sqlite");
    std::fs::write(&junk, "this is someone's notes, not a database\n").unwrap();
    let (code, _, err) = with_history(junk.to_str().unwrap(), &["history"], "");
    assert_eq!(code, 2);
    assert_eq!(
        err,
        format!(
            "error: {} is not an SQLite database (damaged, or another kind of file)\n  = help: kado leaves it untouched; give another file with --history FILE\n",
            junk.display()
        )
    );
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
            kado_process()
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
    let (_, out, _) = with_history(h.to_str().unwrap(), &["--json", "history"], "");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["games"].as_array().unwrap().len(), 6);
}

#[test]
fn a_history_session_outcome_matches_the_library() {
    let g = Game::new(&Setup::new(Deck::Virtual, 3), Rules::standard());
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
    let (code, _, err) = with_history(h, &args, "");
    assert_eq!(code, 0, "{err}");
    let (_, out, _) = with_history(h, &["--json", "history"], "");
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
        let (code, out, err) = with_history(h, &["history", "show", &id.to_string()], "");
        assert_eq!(code, 0, "game #{id}: {err}");
        assert!(out.starts_with(&format!("Game #{id} · ")), "{out}");
    }
    // All of them again: every one refused, none added.
    let (code, out, _) = with_history(h, &args, "");
    assert_eq!(code, 2);
    assert_eq!(
        out.matches("it is in the play history already").count(),
        files.len()
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
    let (code, out, err) = with_history(h, &["history", "import", files[0], files[1]], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        format!(
            "{}: added as game #1.\n{}: added as game #2.\n",
            files[0], files[1]
        )
    );
    let (_, out, _) = with_history(h, &["--json", "history"], "");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["games"][0]["game"], "pokino");
    assert_eq!(v["games"][0]["outcome"]["seats"][0]["score"], 5);
    assert_eq!(v["games"][1]["game"], "koikoi");
    let (_, out, _) = with_history(h, &["history", "show", "2"], "");
    assert!(
        out.contains("The record:\nplayers: ana ben cy\nspoke: "),
        "{out}"
    );
    let (code, out, _) = with_history(h, &["history", "import", files[1]], "");
    assert_eq!(code, 2);
    assert!(
        out.ends_with("not added: it is in the play history already, as game #2\n"),
        "{out}"
    );
}
