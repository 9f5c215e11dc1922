use super::*;
use crate::kingmaker::record::read_step;
use crate::ruleset::Ruleset;

fn players() -> Vec<String> {
    ["ana", "bo", "cy", "dee"].map(String::from).to_vec()
}

fn year(rules: &Rules) -> YearState {
    YearState::new(&players(), 2, rules)
}

fn step(y: &mut YearState, key: &str, text: &str) -> Result<Vec<String>, YearError> {
    let kind = crate::kingmaker::record::StepKind::from_word(key).unwrap();
    y.apply(&read_step(kind, text).unwrap())
}

#[test]
fn the_token_passes_each_season() {
    let y = year(&Rules::standard());
    let leaders: Vec<usize> = Season::ALL.iter().map(|s| y.leader(*s)).collect();
    assert_eq!(leaders, [2, 3, 0, 1]);
    assert_eq!(y.order(Season::Spring), ["dee", "ana", "bo", "cy"]);
    let rs = Ruleset::builtin("kingmaker").unwrap();
    let spring = Rules::from_ruleset(&rs.with(ruling::FirstSeason::Spring).unwrap());
    let y = year(&spring);
    let leaders: Vec<usize> = Season::ALL.iter().map(|s| y.leader(*s)).collect();
    assert_eq!(leaders, [1, 2, 3, 0]);
}

#[test]
fn winter_is_kados_then_spring_is_asked() {
    let mut y = year(&Rules::standard());
    let Next::Auto(w) = y.next() else {
        panic!("Winter is kado's")
    };
    assert_eq!(
        w,
        Move::Winter(["cy", "dee", "ana", "bo"].map(String::from).to_vec())
    );
    y.apply(&w).unwrap();
    assert!(
        matches!(y.next(), Next::Ask(q) if q.key == Key::Spring && q.prompt.starts_with("Spring, dee:"))
    );
    assert!(!y.is_fresh());
}

#[test]
fn legal_places_and_the_picture_as_the_commons_grows() {
    let mut y = year(&Rules::standard());
    y.apply(&Move::Winter(y.order(Season::Winter))).unwrap();
    for s in [
        "dee c1 left RG",
        "ana c2 left YY",
        "bo c3 left GG",
        "cy c4 left BB",
    ] {
        step(&mut y, "spring", s).unwrap();
    }
    assert_eq!(y.picture(), None);
    step(&mut y, "summer", "ana RG c1").unwrap();
    assert_eq!(y.legal_places("c2").len(), 6);
    step(&mut y, "summer", "bo YY c2 e c1").unwrap();
    assert_eq!(y.legal_places("c3"), ["ne c1", "se c1"]);
    step(&mut y, "summer", "cy GG c3 ne c1").unwrap();
    let (layout, labels) = y.picture().unwrap();
    assert_eq!(labels[1].as_deref(), Some("c3"));
    assert_eq!(labels[0], None);
    assert_eq!(layout.blinks[3].pairs_text(), "RG-..");
    assert_eq!(y.legal_places("c4"), ["se c1"]);
    let e = step(&mut y, "summer", "dee BB c4 e c2").unwrap_err();
    assert_eq!(e.rule(), "fourth-opposite-third");
}

#[test]
fn summer_choices_keep_ruling_summer_own_common_both_sides() {
    let spring = |rules: &Rules| {
        let mut y = year(rules);
        y.apply(&Move::Winter(y.order(Season::Winter))).unwrap();
        for s in [
            "dee c1 left RG",
            "ana c2 left YY",
            "bo c3 left GG",
            "cy c4 left BB",
        ] {
            step(&mut y, "spring", s).unwrap();
        }
        y
    };
    let y = spring(&Rules::standard());
    let commons: Vec<usize> = y.summer_choices().iter().map(|(c, _)| *c).collect();
    assert_eq!(commons, [0, 1, 2, 3], "ana may move c2, the common she lit");
    let rs = Ruleset::builtin("kingmaker").unwrap();
    let another = Rules::from_ruleset(&rs.with(ruling::SummerOwnCommon::Another).unwrap());
    let mut y = spring(&another);
    let commons: Vec<usize> = y.summer_choices().iter().map(|(c, _)| *c).collect();
    assert_eq!(commons, [0, 2, 3], "ana moves another common than c2");
    step(&mut y, "summer", "ana RG c1").unwrap();
    let choices = y.summer_choices();
    assert_eq!(
        choices.len(),
        2 * 6,
        "bo: c2 or c4 (not c3, his own), on any side of c1"
    );
    assert!(choices.iter().all(|(c, at)| *c != 2 && at.is_some()));
    for (c, at) in choices {
        let (d, o) = at.unwrap();
        let answer = format!("bo GG {} {d} {o}", common_name(c));
        y.clone()
            .apply(&read_step(crate::kingmaker::record::StepKind::Summer, &answer).unwrap())
            .unwrap();
    }
}

#[test]
fn a_harvest_place_touches_two_commons() {
    let mut y = year(&Rules::standard());
    y.apply(&Move::Winter(y.order(Season::Winter))).unwrap();
    for s in [
        "dee c1 left RG",
        "ana c2 left YY",
        "bo c3 left GG",
        "cy c4 left BB",
        "ana RG c1",
        "bo YY c2 e c1",
        "cy GG c3 ne c1",
        "dee BB c4 se c1",
    ] {
        let key = if s.contains("left") {
            "spring"
        } else {
            "summer"
        };
        step(&mut y, key, s).unwrap();
    }
    let places = y.legal_placements("cy");
    assert_eq!(places.len(), 4);
    for p in places {
        assert_eq!(y.commons_touching(p.at).len(), 2, "{:?}", p.against);
    }
}
