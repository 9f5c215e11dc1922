use super::*;
use crate::session::{By, Entry, Log, replay};

fn setup(target: u32) -> Setup {
    Setup {
        players: ["ana", "bo", "cy", "dee"].map(String::from).to_vec(),
        target,
        seasons: false,
        known: false,
    }
}

fn play(rs: &Ruleset, target: u32, answers: &[&str]) -> Result<Game, CampaignError> {
    let mut g = Game::start(&setup(target), rs)?;
    let mut answers = answers.iter();
    loop {
        match g.next() {
            Step::Done => return Ok(g),
            Step::Auto(a) => {
                g.apply(&a)?;
            }
            Step::Ask(q) => {
                let Some(text) = answers.next() else {
                    return Ok(g);
                };
                let a = g.answer(&q, text)?;
                g.apply(&a)?;
            }
        }
    }
}

const TIE: &str = "ana:RG-YB RR-GB bo:YY-BG / GG-RY BB-RY / cy:RY-GB YG-RR dee:BB-GY";

#[test]
fn points_and_the_end() {
    let rs = Ruleset::builtin("kingmaker").unwrap();
    // Year 1: bo and dee tie (72), both score. Year 2: ana alone. Year 3: bo reaches 2.
    let g = play(
        &rs,
        2,
        &[
            "ana",
            TIE,
            "bo",
            "ana=81 bo=10 cy=10 dee=10",
            "cy",
            "ana=9 bo=12 cy=10 dee=9",
        ],
    )
    .unwrap();
    assert_eq!(g.points, [1, 2, 0, 1]);
    assert_eq!(g.champions(), Some(vec![1]));
    assert_eq!(g.next(), Step::Done);
    assert_eq!(g.years[0].winners, [1, 3]);
    assert_eq!(g.years[1].first, Some(1));
}

#[test]
fn a_shared_finish_or_play_on() {
    let rs = Ruleset::builtin("kingmaker").unwrap();
    let g = play(&rs, 1, &["ana", TIE]).unwrap();
    assert_eq!(g.champions(), Some(vec![1, 3]));
    let on = rs.with(ruling::CampaignTie::PlayOn).unwrap();
    let g = play(&on, 1, &["ana", TIE]).unwrap();
    assert_eq!(g.champions(), None);
    assert!(matches!(g.next(), Step::Ask(q) if q.key == Key::First));
    let g = play(&on, 1, &["ana", TIE, "dee", "ana=20 bo=24 cy=9 dee=10"]).unwrap();
    assert_eq!(g.champions(), Some(vec![1]));
}

#[test]
fn ruling_campaign_end_open_never_ends() {
    let rs = Ruleset::builtin("kingmaker").unwrap();
    let g = play(&rs, 1, &["ana", "ana=81 bo=10 cy=10 dee=10"]).unwrap();
    assert_eq!(g.champions(), Some(vec![0]));
    let open = rs.with(ruling::CampaignEnd::Open).unwrap();
    let g = play(&open, 1, &["ana", "ana=81 bo=10 cy=10 dee=10"]).unwrap();
    assert_eq!(g.champions(), None);
    assert!(matches!(g.next(), Step::Ask(q) if q.key == Key::First));
    assert!(
        crate::testing::words(&g.table()).contains("No target: as many Years as the group wants.")
    );
}

/// Issue 61: in a campaign the Year told whole needed typing (`ana=20 bo=24 …`). Each
/// player's points are tapped as tens and ones; the answer tapped is the one typed, and
/// a score no triad can make is refused before it is sent.
#[test]
fn a_years_scores_were_typed_on_a_phone() {
    use crate::view::{Picked, Send};
    let rs = Ruleset::builtin("kingmaker").unwrap();
    let mut g = Game::start(&setup(3), &rs).unwrap();
    let Step::Ask(q) = g.next() else { panic!() };
    let a = g.answer(&q, "ana").unwrap();
    g.apply(&a).unwrap();
    let Step::Ask(q) = g.next() else { panic!() };
    assert_eq!(q.key, Key::Year);
    let tap = |codes: &[String]| {
        let mut picked = Picked::default();
        for code in codes {
            let c = g.compose(&q, &picked).unwrap();
            assert!(c.view.may_tap(code), "{code}");
            c.view.tap(&mut picked, code);
        }
        g.compose(&q, &picked).unwrap()
    };
    let digits = |scores: [u64; 4]| -> Vec<String> {
        (scores.iter().enumerate())
            .flat_map(|(i, s)| [format!("{i}t{}", s / 10), format!("{i}o{}", s % 10)])
            .collect()
    };
    let c = tap(&digits([20, 24, 9, 10])[..7]);
    assert_eq!(c.view.send, Send::not_yet("Tap each player's points"));
    let c = tap(&digits([20, 24, 9, 10]));
    assert_eq!(
        c.view.send,
        Send::Ready {
            label: "Scores: ana 20, bo 24, cy 9, dee 10".to_string()
        }
    );
    assert_eq!(
        c.action,
        Some(g.answer(&q, "ana=20 bo=24 cy=9 dee=10").unwrap())
    );
    let odd = (0..100)
        .find(|s| crate::kingmaker::score::impossible(*s, &g.rules).is_some())
        .unwrap();
    let c = tap(&digits([odd, 24, 9, 10]));
    let Send::NotYet { why } = &c.view.send else {
        panic!("{:?}", c.view.send)
    };
    assert!(why.contains(&format!("{odd}")), "{why}");
}

/// A Year played by seasons, three Spring steps told (bo clicks c2 left RG, cy
/// long-presses it RG-YB, dee double-clicks c3 GB); the next question.
fn three_springs_told() -> (Game, Question<Key>) {
    let rs = Ruleset::builtin("kingmaker").unwrap();
    let setup = Setup {
        seasons: true,
        ..setup(3)
    };
    let mut g = Game::start(&setup, &rs).unwrap();
    for text in ["ana", "c2 left RG", "c2 long RG-YB", "c3 right GB"] {
        if let Step::Auto(a) = g.next() {
            g.apply(&a).unwrap();
        }
        let Step::Ask(q) = g.next() else {
            panic!("a question")
        };
        let a = g.answer(&q, text).unwrap();
        g.apply(&a).unwrap();
    }
    let Step::Ask(q) = g.next() else {
        panic!("a question")
    };
    (g, q)
}

/// Issue 61: a step told wrong was fixed by typing `fix spring dee c3 left BB`. On a
/// phone: "Fix a step told wrong", dee's Spring step among those told, then c3, a
/// click, blue and blue: the fix tapped is the one typed; one that breaks the Year says
/// why before it is sent.
#[test]
fn a_step_told_wrong_was_fixed_by_typing() {
    use crate::view::{Picked, Send};
    let (g, q) = three_springs_told();
    let tap = |codes: &[&str]| {
        let mut picked = Picked::default();
        for code in codes {
            let c = g.compose(&q, &picked).unwrap();
            assert!(c.view.may_tap(code), "{code}: {:?}", c.view);
            c.view.tap(&mut picked, code);
        }
        g.compose(&q, &picked).unwrap()
    };
    let c = tap(&[]);
    assert!(
        c.view
            .groups
            .iter()
            .any(|g| g.picks.iter().any(|p| p.tap == "fix"))
    );
    let c = tap(&["fix"]);
    let step_of = |who: &str| {
        (c.view.groups.iter().flat_map(|g| &g.picks))
            .find(|p| p.spoken.starts_with(&format!("spring {who} ")))
            .map(|p| p.tap.clone())
            .unwrap()
    };
    let (dee, bo) = (step_of("dee"), step_of("bo"));
    let c = tap(&["fix", &dee, "c3", "left", "l1B", "l2B"]);
    assert_eq!(
        c.view.send,
        Send::Ready {
            label: "Fix spring: dee c3 left BB".to_string()
        }
    );
    assert_eq!(
        c.action,
        Some(g.answer(&q, "fix spring dee c3 left BB").unwrap())
    );
    let c = tap(&["fix", &bo, "c2", "left", "l1G", "l2G"]);
    assert_eq!(
        c.view.send,
        Send::not_yet(
            "with that fix the Year breaks a rule: c2's left pair shows RG, but it showed GG when bo chose it (`bo c2 left GG`)"
        )
    );
    // The fix closed again, the question's own composer is back.
    let c = tap(&["fix", "fix"]);
    assert!(c.view.title.starts_with("Tap a common"), "{}", c.view.title);
}

#[test]
fn fix_replaces_a_step_and_referees_the_year_again() {
    let (mut g, q) = three_springs_told();
    // bo's click showed RG; cy's long press agreed. Fixing bo's click to GG breaks cy's.
    let a = g.answer(&q, "fix spring bo c2 left GG").unwrap();
    let e = g.clone().apply(&a).unwrap_err().to_string();
    assert_eq!(
        e,
        "with that fix the Year breaks a rule: c2's left pair shows RG, but it showed GG when bo chose it (`bo c2 left GG`)"
    );
    // Fixing dee's double click to a single click of another colour is fine.
    let a = g.answer(&q, "fix spring dee c3 left BB").unwrap();
    g.apply(&a).unwrap();
    assert!(
        g.record_text()
            .unwrap()
            .ends_with("spring: bo c2 left RG, cy c2 long RG-YB, dee c3 left BB\n")
    );
    assert_eq!(
        g.answer(&q, "fix spring ana c1 left YY")
            .and_then(|a| g.clone().apply(&a))
            .unwrap_err()
            .to_string(),
        "nothing to fix: ana has no spring step this Year"
    );
    assert!(matches!(
        g.answer(&q, "fix autumn x"),
        Err(CampaignError::FixHow)
    ));
}

#[test]
fn tie_rulings() {
    let rs = Ruleset::builtin("kingmaker")
        .unwrap()
        .with(ruling::YearTie::Nobody)
        .unwrap()
        .with(ruling::NextFirst::TokenPasses)
        .unwrap();
    let g = play(&rs, 3, &["cy", TIE]).unwrap();
    assert_eq!(g.points, [0, 0, 0, 0]);
    // The token passed clockwise from cy, automatically.
    assert_eq!(g.first, Some(3));
}

#[test]
fn answers_are_checked() {
    let rs = Ruleset::builtin("kingmaker").unwrap();
    let g = play(&rs, 3, &["ana"]).unwrap();
    let Step::Ask(q) = g.next() else {
        panic!("a question")
    };
    assert_eq!(
        g.answer(&q, "ana=82 bo=10 cy=x").unwrap_err().to_string(),
        "ana's score 82 is impossible: no triad can score 82 from the 12 faces of three Blinks: the most is 81\ncy's score `x` is not a whole number from 0 to 81\ndee's score is missing"
    );
    // All lit, a triad's 12 faces make only some scores: 3 and 80 are not among them.
    assert_eq!(
        g.answer(&q, "ana=3 bo=80 cy=0 dee=81")
            .unwrap_err()
            .to_string(),
        "ana's score 3 is impossible: no triad can score 3 from the 12 faces of three Blinks: the least is 9\nbo's score 80 is impossible: no triad can score 80 from the 12 faces of three Blinks: the nearest are 72 and 81\ncy's score 0 is impossible: no triad can score 0 from the 12 faces of three Blinks: the least is 9"
    );
    // Part-way through a Year (lit-faces: shown) fewer faces count, so 2 and 0 can be.
    let shown = rs.with(ruling::LitFaces::Shown).unwrap();
    let g2 = play(&shown, 3, &["ana"]).unwrap();
    assert!(g2.answer(&q, "ana=2 bo=0 cy=9 dee=81").is_ok());
    assert!(g2.answer(&q, "ana=13 bo=0 cy=9 dee=81").is_err());
    // A hand-edited log cannot slip an impossible score in either.
    let mut g3 = g.clone();
    assert_eq!(
        g3.apply(&Action::Scores {
            scores: vec![
                ("ana".into(), 9),
                ("bo".into(), 13),
                ("cy".into(), 9),
                ("dee".into(), 9)
            ]
        })
        .unwrap_err()
        .to_string(),
        "bo's score 13 is impossible: no triad can score 13 from the 12 faces of three Blinks: the nearest are 12 and 16"
    );
    assert_eq!(
        g.answer(&q, "ana=9 bob=12 cy=10 dee=11")
            .unwrap_err()
            .to_string(),
        "`bob` is not a player of this campaign (players: ana, bo, cy, dee); did you mean `bo`?\nbo's score is missing"
    );
    let e = g
        .answer(
            &q,
            "ana:RG-YB RR-GB bo:YY-BG / GG-RY BB-RY / cy:RY-GB YG-RR RG-YB",
        )
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("the bottom-right Blink is p4's, but `p4` is not a player"),
        "{e}"
    );
    let e = g.answer(&q, "ana:RG-YB").unwrap_err().to_string();
    assert!(e.contains("error: the layout has 1 row, not 3"), "{e}");
}

#[test]
fn the_log_replays() {
    let rs = Ruleset::builtin("kingmaker").unwrap();
    let mut log: Log<Setup, Action> = Log::new("kingmaker", &rs, setup(3)).unwrap();
    for a in [
        Action::First {
            player: "ana".into(),
        },
        Action::Layout { layout: TIE.into() },
    ] {
        log.actions.push(Entry::new(By::Table, a));
    }
    let text = log.to_yaml().unwrap();
    let back: Log<Setup, Action> = Log::from_yaml("x", &text, "kingmaker").unwrap();
    assert_eq!(back, log);
    let g: Game = replay(&back).unwrap();
    assert_eq!(g.points, [0, 1, 0, 1]);
}

#[test]
fn the_token_question_lists_the_players_each_an_answer_taken() {
    let rs = Ruleset::builtin("kingmaker").unwrap();
    let g = Game::start(&setup(3), &rs).unwrap();
    let Step::Ask(q) = g.next() else {
        panic!("the first step asks who holds the token")
    };
    assert_eq!(q.key, Key::First);
    assert_eq!(g.choices(&q), ["ana", "bo", "cy", "dee"]);
    for p in g.choices(&q) {
        assert!(g.answer(&q, &p.typed).is_ok(), "{p}");
    }
}

/// A save holds a Year's step in the record's notation and a fix's season as its key,
/// read once as the save is loaded: a step that does not read is refused then, saying
/// why and where.
#[test]
fn a_step_is_saved_as_its_notation_and_read_back_once() {
    let spring = read_step(StepKind::Spring, "bo c2 left RG").unwrap();
    let blink = read_step(StepKind::Blinks, "c1 YY-RR").unwrap();
    let pair = crate::kingmaker::record::read_pair("BB").unwrap();
    for (a, saved) in [
        (
            Action::of_move(&spring),
            "action: spring\nstep: bo c2 left RG\n",
        ),
        (
            Action::Fix { step: blink },
            "action: fix\nseason: blinks\nstep: c1 YY-RR\n",
        ),
        (
            Action::Reveal {
                player: "dee".into(),
                pair,
            },
            "action: reveal\nstep: dee BB\n",
        ),
    ] {
        assert_eq!(serde_saphyr::to_string(&a).unwrap(), saved);
        assert_eq!(serde_saphyr::from_str::<Action>(saved).unwrap(), a);
    }
    for (saved, why) in [
        (
            "action: spring\nstep: bo c9 left RG\n",
            "`bo c9 left RG` is not a spring step of a Kingmaker record: ",
        ),
        ("action: fix\nseason: winter\nstep: ana\n", "fix what?"),
        ("action: reveal\nstep: dee\n", "`dee` is not a reveal"),
    ] {
        let e = serde_saphyr::from_str::<Action>(saved).unwrap_err();
        assert!(e.to_string().contains(why), "{e}");
    }
    let rs = Ruleset::builtin("kingmaker").unwrap();
    let mut log: Log<Setup, Action> = Log::new("kingmaker", &rs, setup(3)).unwrap();
    log.actions
        .push(Entry::new(By::Table, Action::of_move(&spring)));
    let text = log.to_yaml().unwrap().replace("bo c2 left", "bo c9 left");
    let e = Log::<Setup, Action>::from_yaml("x", &text, "kingmaker")
        .unwrap_err()
        .render();
    assert!(e.contains("`bo c9 left RG` is not a spring step"), "{e}");
    // Located at the action that holds it.
    let lines: Vec<&str> = text.lines().collect();
    let line = lines.iter().rposition(|l| l.starts_with("- by:")).unwrap() + 1;
    assert!(e.contains(&format!("line {line}, column")), "{e}");
}

/// Saves are a promise: the actions of a save written before they were typed are written
/// again byte for byte, and so is each action the saves of today may hold.
#[test]
fn a_save_is_written_again_as_it_was() {
    let text = include_str!("../../../cli/tests/fixtures/saves/format-3/kingmaker-play.yaml");
    let log: Log<Setup, Action> = Log::from_yaml("x", text, "kingmaker").unwrap();
    let again = log.to_yaml().unwrap();
    let actions = |t: &str| t.split_once("actions:\n").map(|(_, a)| a.to_string());
    assert_eq!(actions(&again), actions(text));
    let saved = "\
action: summer
step: dee BB c2 e c3
---
action: moving
step: dee BB c4 se c1
---
action: harvest
step: dee w c4
---
action: blink
step: c1 YY-RR
---
action: fix
season: spring
step: cy c2 long RG-YB
";
    for one in saved.split("---\n") {
        let a: Action = serde_saphyr::from_str(one).unwrap();
        assert_eq!(serde_saphyr::to_string(&a).unwrap(), one);
    }
}

/// The next question, kado's own steps taken first.
fn asked(g: &mut Game) -> Option<Question<Key>> {
    loop {
        match g.next() {
            Step::Auto(a) => {
                g.apply(&a).unwrap();
            }
            Step::Ask(q) => return Some(q),
            Step::Done => return None,
        }
    }
}

/// Taps on a composer, then its action when its send button is ready, else why not.
fn by_taps(g: &Game, q: &Question<Key>, taps: &[&str]) -> Result<Action, String> {
    let mut picked = crate::view::Picked::default();
    for t in taps {
        let c = g.compose(q, &picked).ok_or("no composer")?;
        assert!(c.view.may_tap(t), "{t} may not be tapped: {:?}", c.view);
        c.view.tap(&mut picked, t);
    }
    let c = g.compose(q, &picked).ok_or("no composer")?;
    match (c.view.send, c.action) {
        (crate::view::Send::Ready { label }, Some(a)) => {
            assert!(!label.is_empty());
            Ok(a)
        }
        (crate::view::Send::NotYet { why }, _) => Err(why),
        (ready, None) => panic!("{ready:?} without an action"),
    }
}

/// A Year told season by season, ana holding the first player token: each step typed,
/// and the taps that tell it on a phone (`?`: the place offered at the spot typed).
const YEAR: &[(&str, &[&str])] = &[
    ("c2 left RG", &["c2", "left", "l1R", "l2G"]),
    // c2's left pair is known: only the right pair is tapped.
    ("c2 long RG-YB", &["c2", "long", "r1Y", "r2B"]),
    ("c3 right GB", &["c3", "right", "r1G", "r2B"]),
    ("c1 left YY", &["c1", "left", "l1Y", "l2Y"]),
    ("RY", &["p1R", "p2Y"]),
    ("c3", &["c3"]),
    ("BB", &["p1B", "p2B"]),
    ("c2 e c3", &["c2", "e c3"]),
    ("YB", &["p1Y", "p2B"]),
    ("c4 ne c3", &["c4", "ne c3"]),
    ("GB", &["p1G", "p2B"]),
    ("w c4", &["?"]),
    ("e c4", &["?"]),
    ("w c1", &["?"]),
    ("e c1", &["?"]),
    ("RG-YB", &["l1R", "l2G", "r1Y", "r2B"]),
    ("YY-GB", &["l1Y", "l2Y", "r1G", "r2B"]),
    ("RY-GB", &["l1R", "l2Y", "r1G", "r2B"]),
    ("BB-GY", &["l1B", "l2B", "r1G", "r2Y"]),
    ("YY-RR", &["r1R", "r2R"]),
    ("RG-YB", &[]),
    ("BB-GB", &["l1B", "l2B"]),
    ("GG-RY", &["l1G", "l2G", "r1R", "r2Y"]),
];

/// Issue 61: a Year told season by season is played by taps alone, each step the same
/// action as the step typed.
#[test]
fn a_year_told_by_taps_is_the_year_typed() {
    let rs = Ruleset::builtin("kingmaker").unwrap();
    let setup = Setup {
        seasons: true,
        ..setup(3)
    };
    let mut g = Game::start(&setup, &rs).unwrap();
    let steps = YEAR;
    let mut steps = steps.iter();
    let mut first = true;
    while let Some(q) = asked(&mut g) {
        if first {
            let a = g.answer(&q, "ana").unwrap();
            assert!(g.compose(&q, &crate::view::Picked::default()).is_none());
            g.apply(&a).unwrap();
            first = false;
            continue;
        }
        let Some((typed, taps)) = steps.next() else {
            panic!("asked {} after the Year", q.prompt)
        };
        let want = g.answer(&q, typed).unwrap();
        if taps == &["?"] {
            // A place is offered once, named by one of the Blinks it touches: the one at
            // the spot typed.
            let spot = |a: &Action| {
                let mut g = g.clone();
                g.apply(a).unwrap();
                g.year.unwrap().placed.last().unwrap().at
            };
            let c = g.compose(&q, &crate::view::Picked::default()).unwrap();
            let offered = c.view.groups[0].picks.iter().map(|p| p.tap.as_str());
            let same = offered
                .filter_map(|t| by_taps(&g, &q, &[t]).ok())
                .find(|a| spot(a) == spot(&want));
            g.apply(&same.expect("the spot typed is offered")).unwrap();
            continue;
        }
        assert_eq!(by_taps(&g, &q, taps).as_ref(), Ok(&want), "{typed}");
        g.apply(&want).unwrap();
        if g.years.len() == 1 {
            break;
        }
    }
    assert!(steps.next().is_none());
    assert_eq!(g.years.len(), 1);
}

/// A composed step the rules refuse is not sent: the button says why.
#[test]
fn a_composed_step_the_rules_refuse_says_why() {
    let rs = Ruleset::builtin("kingmaker").unwrap();
    let setup = Setup {
        seasons: true,
        ..setup(3)
    };
    let mut g = Game::start(&setup, &rs).unwrap();
    let q = asked(&mut g).unwrap();
    let a = g.answer(&q, "ana").unwrap();
    g.apply(&a).unwrap();
    let q = asked(&mut g).unwrap();
    assert_eq!(
        by_taps(&g, &q, &["c2"]),
        Err("Tap how you press it".to_string())
    );
    let a = by_taps(&g, &q, &["c2", "left", "l1R", "l2G"]).unwrap();
    g.apply(&a).unwrap();
    let q = asked(&mut g).unwrap();
    let c = g.compose(&q, &crate::view::Picked::default()).unwrap();
    // c2 was clicked: a second chooser may only long-press it.
    let mut picked = crate::view::Picked::default();
    c.view.tap(&mut picked, "c2");
    let c = g.compose(&q, &picked).unwrap();
    assert!(!c.view.may_tap("left") && c.view.may_tap("long"));
    // Its left pair, shown RG, told GG: refused with the rules' words.
    let why = by_taps(&g, &q, &["c2", "long", "l1G", "l2G", "r1Y", "r2B"]).unwrap_err();
    assert!(why.contains("RG"), "{why}");
}

/// Issue 62: once a Year was scored its Commons left the table, and the campaign's final
/// Commons were never shown. They now stay drawn until the next Year starts.
#[test]
fn the_final_commons_were_never_shown() {
    let rs = Ruleset::builtin("kingmaker").unwrap();
    let setup = Setup {
        seasons: true,
        ..setup(1)
    };
    let mut g = Game::start(&setup, &rs).unwrap();
    let typed = YEAR.iter().map(|(typed, _)| *typed);
    for answer in std::iter::once("ana").chain(typed) {
        let q = asked(&mut g).expect("a question");
        let a = g.answer(&q, answer).unwrap();
        g.apply(&a).unwrap();
    }
    assert!(asked(&mut g).is_none(), "the campaign is over");
    let t = g.table();
    assert!(t.over);
    let picture = t.picture.expect("the final Commons drawn");
    assert!(!picture.rows.is_empty());
    assert!(matches!(t.board, Some(crate::view::Board::Hexes { .. })));
}
