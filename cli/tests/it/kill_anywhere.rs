//! Kill anywhere: a session killed with SIGKILL after any answer loses nothing it
//! recorded. For each kind of session a scripted game is first played without a break;
//! then, for each k, a session is given the first k answers (its standard input held
//! open), killed once its save holds them, and resumed with the rest. The save it ends
//! with must be byte for byte the one of the game played without a break, and no
//! temporary file may be left beside it.

use crate::common::*;

use std::io::Write;
use std::path::Path;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use kado::kinga::game::{Action as KingaAction, Deck as KingaDeck, State as Kinga, answer_text};
use kado::kinkado::game::bot::{Bot, play_out};
use kado::kinkado::game::{Deck, Game as Kinkado, Setup};
use kado::ruleset::Ruleset;
use kado::session::{Session, Step};

const SAVE: &str = "g.yaml";

/// The answers the table gives in a whole Kin Kādo game (the bot's).
fn kinkado_script(deck: Deck) -> Vec<String> {
    let rs = Ruleset::builtin("kinkado").unwrap();
    let setup = Setup {
        players: vec!["you".to_string()],
        alora: true,
        deck,
        private: false,
    };
    let g = Kinkado::start(&setup, &rs).unwrap();
    play_out(g, &Bot::default(), 100_000, |_| {}).unwrap().0
}

/// The answers typed in a whole Kinga game: the greedy policy's moves on the virtual deck
/// of `seed`; with real cards the draws are typed in too.
fn kinga_script(deck: KingaDeck, seed: u64) -> Vec<String> {
    let rules = kado::kinga::Rules::standard();
    let mut g = Kinga::new(
        &kado::kinga::game::Setup::new(KingaDeck::Virtual, seed),
        rules,
    );
    let mut script = Vec::new();
    loop {
        let (a, asked) = match g.step() {
            Step::Done => break,
            Step::Auto(a) => (a, false),
            Step::Ask(q) => (kado::kinga::sim::choose(&g, &q.key).unwrap(), true),
        };
        let typed = asked || (deck == KingaDeck::Real && matches!(a, KingaAction::Draw { .. }));
        if typed && let Some(t) = answer_text(&a) {
            script.push(t);
        }
        g.act(&a).unwrap();
    }
    script
}

/// Starts a session in `dir` saving to [`SAVE`], its standard input held open.
fn start(dir: &Path, args: &[String]) -> Child {
    kado()
        .current_dir(dir)
        .args(args)
        .args(["--save", SAVE])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// Runs kado in `dir` with `answers` on standard input; it must succeed, with nothing on
/// stderr. Returns stdout.
fn run_to_end(dir: &Path, args: &[String], answers: &[String]) -> String {
    let mut input = answers.join("\n");
    input.push('\n');
    let out = Test::new()
        .current_dir(dir)
        .args(args)
        .stdin(input)
        .any_stdout()
        .run()
        .stdout;
    assert!(!out.contains('✗'), "an answer was refused:\n{out}");
    out
}

/// How many answers of the table the save in `dir` records.
fn recorded(dir: &Path) -> Option<usize> {
    let text = std::fs::read_to_string(dir.join(SAVE)).ok()?;
    Some(text.matches("by: table").count())
}

/// Which k to kill after: every one, or (for long scripts) every one of the first 10 and
/// the last 5 and a stride between, at most about `most` in all.
fn kill_points(n: usize, most: usize) -> Vec<usize> {
    if n <= most {
        return (0..n).collect();
    }
    let stride = (n - 15).div_ceil(most.saturating_sub(15).max(1)).max(1);
    let mut ks: Vec<usize> = (0..10).collect();
    ks.extend((10..n - 5).step_by(stride));
    ks.extend(n - 5..n);
    ks.sort();
    ks.dedup();
    ks
}

/// Plays `answers` through without a break, then for each kill point starts the session,
/// gives it the first k answers, kills it once they are saved and resumes it with the rest.
fn kill_anywhere(game: &str, args: &[String], answers: &[String], most: usize) {
    let whole = tempfile::tempdir().unwrap();
    let mut full_args = args.to_vec();
    full_args.extend(strings(&["--save", SAVE]));
    run_to_end(whole.path(), &full_args, answers);
    let expected = without_id(&std::fs::read_to_string(whole.path().join(SAVE)).unwrap());
    let status = |dir: &Path| {
        (game == "kinkado").then(|| json(&["kinkado", "status", &dir.join(SAVE).to_string_lossy()]))
    };
    let expected_status = status(whole.path());
    let n = answers.len();
    for k in kill_points(n, most) {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let mut child = start(d, args);
        let mut stdin = child.stdin.take().unwrap();
        if k > 0 {
            let mut first = answers[..k].join("\n");
            first.push('\n');
            stdin.write_all(first.as_bytes()).unwrap();
            stdin.flush().unwrap();
        }
        // Kill once the save holds the k answers, while kado waits for the next.
        let since = Instant::now();
        while recorded(d) != Some(k) {
            assert!(
                since.elapsed() < Duration::from_secs(60),
                "{game}: the save never recorded {k} answers (it has {:?})",
                recorded(d)
            );
            assert!(
                child.try_wait().unwrap().is_none(),
                "{game}: the session stopped before answer {k} was saved"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
        child.kill().unwrap();
        child.wait().unwrap();
        drop(stdin);
        let resume = strings(&[game, "resume", SAVE]);
        run_to_end(d, &resume, &answers[k..]);
        let got = without_id(&std::fs::read_to_string(d.join(SAVE)).unwrap());
        assert!(
            got == expected,
            "{game}: killed after answer {k} of {n}, the resumed game ends with another save:\n{}\n---- expected:\n{}",
            got,
            expected
        );
        assert_eq!(
            status(d),
            expected_status,
            "{game}: killed after answer {k}"
        );
        let names: Vec<String> = std::fs::read_dir(d)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        assert!(
            !names.iter().any(|f| f.ends_with(".tmp")),
            "{game}: killed after answer {k}, a temporary file is left: {names:?}"
        );
        assert!(
            !names.contains(&format!(".{SAVE}.lock")),
            "{game}: killed after answer {k}, the resumed session left its lock: {names:?}"
        );
    }
}

#[test]
fn kinkado_with_real_cards() {
    let answers = kinkado_script(Deck::Physical);
    kill_anywhere("kinkado", &strings(&["kinkado", "play"]), &answers, 17);
}

#[test]
fn kinkado_with_a_virtual_deck() {
    let answers = kinkado_script(Deck::shuffled(5));
    let args = strings(&["kinkado", "play", "--deck", "virtual", "--seed", "5"]);
    kill_anywhere("kinkado", &args, &answers, 17);
}

#[test]
fn kinga_with_real_cards() {
    let answers = kinga_script(KingaDeck::Real, 1);
    let args = strings(&["kinga", "play", "--seed", "1"]);
    kill_anywhere("kinga", &args, &answers, 18);
}

#[test]
fn kinga_with_a_virtual_deck() {
    let answers = kinga_script(KingaDeck::Virtual, 1);
    let args = strings(&["kinga", "play", "--deck", "virtual", "--seed", "1"]);
    kill_anywhere("kinga", &args, &answers, 18);
}

#[test]
fn koikoi_game() {
    let answers = strings(&["ana 5", "ben 2", "draw", "draw", "draw", "ana 1"]);
    let args = strings(&["koikoi", "game", "--players", "ana,ben"]);
    kill_anywhere("koikoi", &args, &answers, usize::MAX);
}

#[test]
fn kingmaker_campaign() {
    let answers = strings(&[
        "ana",
        "ana:RG-YB RR-GB bo:YY-BG / GG-RY BB-RY / cy:RY-GB YG-RR dee:BB-GY",
        "bo",
        "ana=81 bo=10 cy=10 dee=10",
        "cy",
        "ana=9 bo=12 cy=10 dee=9",
    ]);
    let args = strings(&[
        "kingmaker",
        "campaign",
        "--players",
        "ana,bo,cy,dee",
        "--target",
        "2",
    ]);
    kill_anywhere("kingmaker", &args, &answers, usize::MAX);
}

#[test]
fn kill_points_cover_the_first_ten_and_the_last_five() {
    assert_eq!(kill_points(6, 25), vec![0, 1, 2, 3, 4, 5]);
    let ks = kill_points(120, 25);
    assert!(ks.starts_with(&(0..10).collect::<Vec<_>>()));
    assert!(ks.ends_with(&(115..120).collect::<Vec<_>>()));
    assert!(ks.len() <= 30, "{ks:?}");
}
