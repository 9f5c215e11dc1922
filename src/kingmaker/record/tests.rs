use super::testing::arb_record;
use super::*;
use proptest::prelude::*;

pub const EXAMPLE: &str = "players: ana bo cy dee                 # clockwise
winter: ana bo cy dee
spring: bo c2 left RG, cy c2 long RG-YB, dee c3 right GB, ana c1 left YY
summer: cy RY c3, dee BB c2 e c3, ana YB c4 ne c3, bo GB c1 sw c2
harvest: dee w c4, ana e c4, bo w c1, cy e c1
blinks: ana RG-YB, bo YY-GB, cy RY-GB, dee BB-GY, c1 YY-RR, c2 RG-YB, c3 BB-GB, c4 GG-RY
";

fn messages(text: &str) -> Vec<String> {
    match parse(&Source::new("record", text)) {
        Ok(r) => panic!("should not read: {r}"),
        Err(e) => e.problems.iter().map(|p| p.message.clone()).collect(),
    }
}

#[test]
fn reads_the_example_into_plain_values() {
    let r = parse(&Source::new("record", EXAMPLE)).unwrap();
    assert_eq!(r.lines.len(), 6);
    assert_eq!(r.lines[2].line, 3);
    let Entry::Moves(spring) = &r.lines[2].entry else {
        panic!("moves")
    };
    assert_eq!(
        spring[1],
        Move::Spring(Click {
            player: "cy".into(),
            common: 1,
            press: Press::Long,
            shown: Shown::Both([[Colour::Red, Colour::Green], [Colour::Yellow, Colour::Blue]]),
        })
    );
    let Entry::Moves(summer) = &r.lines[3].entry else {
        panic!("moves")
    };
    assert_eq!(summer[1].to_string(), "dee BB c2 e c3");
    assert_eq!(
        r.to_string(),
        EXAMPLE.replace("                 # clockwise", "")
    );
}

#[test]
fn year_target_next_and_synonyms() {
    let r = parse(&Source::new(
        "record",
        "target: 3\nyear\nyear: bo\nnext: cy\nspring: bo c2 single rg, cy C2 double yb\nharvest: ana w of c4",
    ))
    .unwrap();
    assert_eq!(
        r.to_string(),
        "target: 3\nyear\nyear: bo\nnext: cy\nspring: bo c2 left RG, cy c2 right YB\nharvest: ana w c4\n"
    );
}

#[test]
fn every_notation_problem_at_once() {
    assert_eq!(
        messages(
            "players: ana bo cy\nsprung: x\nspring: bo c5 left RG, cy c2 tap RG, dee c3 left RG-YB\nsummer: cy RX c3, dee BB c2 up c3\nblinks: ana RGYB\ntarget: 0\nnext ana"
        ),
        [
            "Kingmaker is for 4 players, not 3",
            "`sprung` does not start a line of a Year record",
            "`c5` is not a scattered common",
            "`tap` is not a press",
            "a click shows one pair, not `RG-YB`",
            "`RX` is not a pip pair",
            "unknown side `up`",
            "`RGYB` is not both pairs of a Blink",
            "`0` is not a number of points",
            "`next` must be followed by `:`",
        ]
    );
    assert_eq!(
        messages("spring: bo c2 left"),
        ["`bo c2 left` is not a spring step"]
    );
    assert_eq!(
        messages("players: ana bo ana c1"),
        [
            "`ana` is named twice among the players",
            "`c1` is the label of a scattered common"
        ]
    );
    assert_eq!(
        messages("players: ana bo cy ANA"),
        [
            "`ana` and `ANA` are one name: kado tells names apart without regard to case, width or accents written apart"
        ]
    );
    assert_eq!(messages("# nothing\n\n"), ["the record is empty"]);
    assert_eq!(messages("spring:"), ["`spring:` names nothing"]);
}

#[test]
fn a_line_starting_with_a_wide_character_is_pointed_at_whole() {
    let e = parse(&Source::new("record", "\u{fffd}x: a")).unwrap_err();
    assert_eq!(e.problems[0].span, Some(0..5));
}

#[test]
fn problems_point_at_their_place() {
    let e = parse(&Source::new(
        "record",
        "players: a b c d\nspring: a c9 left RG",
    ))
    .unwrap_err();
    assert_eq!(e.problems[0].position(), Some((2, 11)));
}

#[test]
fn a_record_is_told_from_a_build() {
    assert!(looks_like_record("# a Year\n\nplayers: a b c d"));
    assert!(looks_like_record("Target : 3"));
    assert!(looks_like_record("year\n"));
    assert!(!looks_like_record("c1, c2 e c1"));
    assert!(!looks_like_record("players"));
    assert!(!looks_like_record(""));
}

#[test]
fn a_step_is_read_as_a_session_saves_it() {
    let m = read_step(StepKind::Summer, "dee BB c2 e c3").unwrap();
    assert_eq!(m.to_string(), "dee BB c2 e c3");
    assert!(read_step(StepKind::Spring, "dee c2").is_err());
    assert_eq!(
        read_step(StepKind::Winter, "ana bo").unwrap(),
        Move::Winter(vec!["ana".into(), "bo".into()])
    );
}

#[test]
fn every_key_is_read_back_from_its_word() {
    for k in LineKey::ALL {
        assert_eq!(LineKey::from_word(k.word()), Some(k));
    }
    for k in StepKind::ALL {
        assert_eq!(StepKind::from_word(k.word()), Some(k));
    }
    assert_eq!(StepKind::from_word("lit"), None);
}

proptest! {
    #[test]
    fn round_trip(r in arb_record()) {
        let text = r.to_string();
        let back = parse(&Source::new("record", text.as_str()))
            .map_err(|e| TestCaseError::fail(format!("{}\n{text}", e.render())))?;
        prop_assert_eq!(back, r);
    }

    #[test]
    fn never_panics(s in "[a-z0-9:#,\n RYGB-]{0,80}") {
        let _ = parse(&Source::new("record", s.as_str()));
    }
}
