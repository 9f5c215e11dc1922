use super::testing::arb_layout;
use super::*;
use proptest::prelude::*;

const EXAMPLE: &str = "ana:RG-YB RR-GB bo:YY-BG / GG-RY BB-RY / cy:RY-GB YG-RR dee:BB-GY";

fn problems(text: &str) -> Vec<String> {
    match text.parse::<Layout>() {
        Ok(l) => panic!("{text} should not read: {l}"),
        Err(e) => e.problems.iter().map(|p| p.message.clone()).collect(),
    }
}

#[test]
fn reads_the_example() {
    let l: Layout = EXAMPLE.parse().unwrap();
    assert_eq!(l.to_string(), EXAMPLE);
    assert_eq!(l.player(Slot::TopLeft), "ana");
    assert_eq!(l.player(Slot::BottomRight), "dee");
    let tm = l.blink(Slot::TopMiddle);
    assert_eq!(tm.left, Some([Colour::Red, Colour::Red]));
    assert_eq!(tm.right, Some([Colour::Green, Colour::Blue]));
    assert_eq!(tm.name, None);
}

#[test]
fn newlines_lower_case_and_default_names() {
    let l: Layout = "rg-yb rr-gb yy-bg\n\ngg-ry, bb-ry\nry-gb yg-rr bb-gy\n"
        .parse()
        .unwrap();
    assert_eq!(
        l.to_string(),
        "RG-YB RR-GB YY-BG / GG-RY BB-RY / RY-GB YG-RR BB-GY"
    );
    let names: Vec<String> = Slot::CORNERS.iter().map(|s| l.player(*s)).collect();
    assert_eq!(names, ["p1", "p2", "p3", "p4"]);
}

#[test]
fn unlit_pairs() {
    let l: Layout = "ana:RG-.. RR-GB YY-BG / GG-RY ..-RY / RY-GB YG-RR BB-GY"
        .parse()
        .unwrap();
    assert_eq!(l.blink(Slot::TopLeft).right, None);
    assert_eq!(l.unlit(), vec![(Slot::TopLeft, 1), (Slot::MiddleRight, 0)]);
    assert_eq!(l.blink(Slot::TopLeft).faces().len(), 2);
}

#[test]
fn every_problem_at_once() {
    let p = problems("ana:RX-YB RR-G bo:YY-BG / GG-RY BB-RY cc:RR-RR / ana:RY-GB YG-RR");
    assert_eq!(
        p,
        vec![
            "unknown colour `X` in `RX`",
            "a face is missing: the pair `G` has 1 face, a pip pair has 2",
            "row 2 has 3 Blinks, not 2",
            "row 3 has 2 Blinks, not 3",
            "the name `ana` is used twice",
        ]
    );
}

#[test]
fn rows_and_names() {
    assert_eq!(
        problems("RG-YB RR-GB YY-BG GG-RY BB-RY RY-GB YG-RR BB-GY"),
        vec!["the layout has 1 row, not 3", "row 1 has 8 Blinks, not 3"]
    );
    assert_eq!(
        problems("RG-YB x:RR-GB YY-BG / GG-RY BB-RY / RY-GB YG-RR BB-GY"),
        vec!["the top-middle Blink is a common: only the corner Blinks carry a player's name"]
    );
    assert_eq!(
        problems("p2:RG-YB RR-GB YY-BG / GG-RY BB-RY / RY-GB YG-RR BB-GY"),
        vec![
            "`p2` names another Blink, but it is also the name kado gives the unnamed top-right Blink"
        ]
    );
    assert_eq!(
        problems("RGYB RR-GB YY-BG / GG-RY BB-RY / RY-GB YG-RR BB-GY"),
        vec!["`RGYB` is not a Blink"]
    );
    assert_eq!(
        problems("RG-YB RR-GB YY-BG // GG-RY BB-RY / RY-GB YG-RR BB-GY"),
        vec![
            "the layout has 4 rows, not 3",
            "row 2 has 0 Blinks, not 2",
            "row 3 has 2 Blinks, not 3"
        ]
    );
    assert_eq!(problems("  "), vec!["the layout is empty"]);
    assert_eq!(
        problems(".R-YB RR-GB YY-BG / GG-RY BB-RY / RY-GB YG-RR BB-GY"),
        vec!["`.R` is neither a lit pair nor an unlit one"]
    );
}

#[test]
fn spans_point_at_the_mistake() {
    let src = Source::new(
        "argument LAYOUT",
        "RG-YX RR-GB YY-BG / GG-RY BB-RY / RY-GB YG-RR BB-GY",
    );
    let e = read(&src).unwrap_err();
    assert_eq!(e.problems[0].span, Some(4..5));
    assert_eq!(e.problems[0].position(), Some((1, 5)));
}

/// The bytes of the messages of every problem built while reading `text`.
fn message_bytes(text: &str) -> usize {
    crate::diag::MESSAGE_BYTES.with(|n| n.set(0));
    let src = Source::new("argument LAYOUT", text);
    let e = read(&src).unwrap_err();
    assert_eq!(e.total(), text.len() - 63, "a problem per bad letter");
    crate::diag::MESSAGE_BYTES.with(std::cell::Cell::get)
}

/// Each bad letter of a pair is a problem quoting the pair: built for every one, each
/// quoting the whole pair, a pair of 60,000 letters took 7.8 s. Only the problems
/// shown are built now, each quoting the pair cut once: the work of the messages is the
/// same at 100 letters as at 100,000 (bench/benches/kingmaker_layout.rs times it).
#[test]
fn a_long_kingmaker_pair_took_quadratic_time() {
    let rest = "-YB RR-GB bo:YY-BG / GG-RY BB-RY / cy:RY-GB YG-RR dee:BB-GY";
    let at = |n: usize| message_bytes(&format!("ana:{}{rest}", "X".repeat(n)));
    let (small, large) = (at(200), at(100_000));
    assert!(small > 0);
    assert!(
        large <= small,
        "{large} message bytes at 100,000 letters, {small} at 200"
    );
}

proptest! {
    #[test]
    fn round_trip(l in arb_layout(false)) {
        let text = l.to_string();
        let back: Layout = text.parse().map_err(|e: Error| TestCaseError::fail(e.render()))?;
        prop_assert_eq!(back, l);
    }

    #[test]
    fn never_panics(s in "[RYGBX.:/ a-z-]{0,60}") {
        let _ = s.parse::<Layout>();
    }
}

#[test]
fn corners_touch_exactly_their_triad_commons() {
    for corner in Slot::CORNERS {
        let touching_commons: Vec<Slot> = Slot::COMMONS
            .into_iter()
            .filter(|c| touching(corner.axial(), c.axial()))
            .collect();
        assert_eq!(
            Some(touching_commons.as_slice()),
            corner.triad_commons().as_ref().map(|a| a.as_slice())
        );
        for other in Slot::CORNERS {
            assert!(!touching(corner.axial(), other.axial()));
        }
    }
}
