use super::*;
use crate::pokino::ruling;

fn messages(text: &str, rules: &Rules) -> Vec<String> {
    let src = Source::new("t", text);
    match parse_board(&src) {
        Err(e) => e.problems.iter().map(|p| p.message.clone()).collect(),
        Ok(raw) => match Board::validate(&src, &raw, rules) {
            Ok(_) => vec![],
            Err(e) => e.problems.iter().map(|p| p.message.clone()).collect(),
        },
    }
}

const SPOKE4: &str = "6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h";

#[test]
fn reads_the_notation() {
    let b: Board = "6-4@0,0h; 1-3@-1,1V # a comment 5-5@9,9h\n2-2@-3,1h"
        .parse()
        .unwrap();
    assert_eq!(b.to_string(), "6-4@0,0h 1-3@-1,1v 2-2@-3,1h");
    assert_eq!(b.cell(Square::new(1, 0)).unwrap().number, 4);
    assert_eq!(b.cell(Square::new(-1, 2)).unwrap().number, 3);
    assert_eq!(b.cell(Square::new(5, 5)), None);
    assert_eq!(b.bounds(), Some((Square::new(-3, 0), Square::new(1, 2))));
    let p: Placement = "12-0@-5,7v".parse().unwrap();
    assert_eq!(p.squares(), [Square::new(-5, 7), Square::new(-5, 8)]);
    assert_eq!(p.domino.pips(), 12);
}

#[test]
fn parse_errors_name_the_piece() {
    let v = messages(
        "6-4@0,0 6-4 6x4@0,0h 6-4@0;0h 6-4@0,0hh 6-4@0,1000h",
        &Rules::standard(),
    );
    assert_eq!(
        v,
        vec![
            "`6-4@0,0` has no direction after its position",
            "`6-4` says which domino but not where it lies",
            "expected `-` between the two numbers in `6x4@0,0h`, found `x`",
            "expected `,` between X and Y in `6-4@0`, found the end",
            "expected `-` between the two numbers in `0h`, found `h`",
            "unexpected `h` after `6-4@0,0h`",
            "coordinate 1000 is too far from 0",
        ]
    );
}

#[test]
fn validation_reports_everything_at_once() {
    let rules = Rules::standard();
    let v = messages(
        "6-4@0,0h 13-3@0,1h 4-6@5,5h 1-2@1,0v 7-7@20,20h 8-8@1,2h",
        &rules,
    );
    assert_eq!(
        v,
        vec![
            "13 is not a domino number: a double-12 set runs 0 to 12",
            "4-6 is on the table twice: a double-12 set holds one 6-4",
            "`1-2@1,0v` covers square 1,0, already covered by 6-4@0,0h",
            "`1-2@1,0v` covers square 1,1, already covered by 13-3@0,1h",
            "`7-7@20,20h` touches no domino laid before it",
        ]
    );
    // The spoke (first four) may lie apart; 8-8 at 3,3 touches none of it, at 0,1 it
    // lies under 6-4.
    assert_eq!(
        messages("6-4@0,0h 1-3@5,5h 2-2@9,9h 0-0@-9,0v 8-8@3,3h", &rules).len(),
        1
    );
    assert!(messages("6-4@0,0h 1-3@5,5h 2-2@9,9h 0-0@-9,0v 8-8@0,1h", &rules).is_empty());
    // A corner is not a side.
    assert_eq!(
        messages(&format!("{SPOKE4} 5-5@-2,-1h"), &rules),
        vec!["`5-5@-2,-1h` touches no domino laid before it"]
    );
}

#[test]
fn spoke_ruling() {
    let apart = "6-4@0,0h 1-3@5,5h 2-2@9,9h 0-0@-9,0v";
    let mut rules = Rules::standard();
    assert!(messages(apart, &rules).is_empty());
    rules.ruled.spoke = ruling::Spoke::Connected;
    assert_eq!(
        messages(apart, &rules),
        vec!["the 4 dominoes of the starting spoke do not all touch"]
    );
    assert!(messages(SPOKE4, &rules).is_empty());
}

#[test]
fn playing_area_ruling() {
    let wide = "0-0@0,0h 0-1@2,0h 0-2@4,0h 0-3@6,0h 0-4@8,0h 0-5@10,0h 0-6@12,0h 0-7@14,0h";
    let mut rules = Rules::standard();
    assert!(messages(wide, &rules).is_empty());
    rules.ruled.playing_area = ruling::PlayingArea::Bounded;
    rules.area_size = (14, 13);
    assert_eq!(
        messages(wide, &rules),
        vec!["with `0-7@14,0h` the board is 16 by 1 squares; the table is 14 by 13"]
    );
}

#[test]
fn tear_down_skips_the_touching_check_on_a_board() {
    let mut rules = Rules::standard();
    rules.ruled.tear_down = ruling::TearDown::On;
    assert!(messages(&format!("{SPOKE4} 7-7@20,20h"), &rules).is_empty());
}

#[test]
fn borders_and_tokens() {
    let b: Board = SPOKE4.parse().unwrap();
    let src = Source::new("t", "0,0-0,1 0,1-0,0 0,0-1,1 5,5-5,6 0,0-1,0");
    let list = parse_borders(&src).unwrap();
    let msgs: Vec<String> = b
        .check_borders(&src, &list, "token", &Rules::standard())
        .into_iter()
        .map(|p| p.message)
        .collect();
    assert_eq!(
        msgs,
        vec![
            "border 0,1-0,0 is named twice",
            "squares 0,0 and 1,1 meet only at a corner, so no token lies between them (ruling steps is `sides`)",
            "no domino covers square 5,5 or 5,6, so `5,5-5,6` is not a border on the board",
            "`0,0-1,0` lies between the two halves of 6-4@0,0h, so no token can claim it",
        ]
    );
    let src = Source::new("t", "ana:0,-1-0,0 bo_2:3,3-3,4");
    let t = parse_tokens(&src).unwrap();
    assert_eq!(t[0].value.to_string(), "ana:0,-1-0,0");
    assert_eq!(t[1].value.player, "bo_2");
    let src = Source::new("t", "0,0-0,1 :0,0-0,1");
    assert_eq!(parse_tokens(&src).unwrap_err().problems.len(), 2);
}

#[test]
fn steps_ruling_decides_which_pairs_a_token_may_claim() {
    let b: Board = SPOKE4.parse().unwrap();
    let check = |text: &str, rules: &Rules| -> Vec<String> {
        let src = Source::new("t", text);
        let list = parse_borders(&src).unwrap();
        b.check_borders(&src, &list, "token", rules)
            .into_iter()
            .map(|p| p.message)
            .collect()
    };
    // 0,0-1,1 (6 and 3) and 0,1-1,0 (1 and 4) cross at one corner: two pairs.
    let pairs = "0,0-1,1 0,1-1,0 1,0-2,1";
    let sides = Rules::standard();
    assert_eq!(
        check(pairs, &sides),
        vec![
            "squares 0,0 and 1,1 meet only at a corner, so no token lies between them (ruling steps is `sides`)",
            "squares 0,1 and 1,0 meet only at a corner, so no token lies between them (ruling steps is `sides`)",
            "squares 1,0 and 2,1 meet only at a corner, so no token lies between them (ruling steps is `sides`)",
        ]
    );
    let mut diagonals = Rules::standard();
    diagonals.ruled.steps = ruling::Steps::Diagonals;
    assert!(check(pairs, &diagonals).is_empty());
    assert!(check("0,0-0,1 1,0-2,0", &diagonals).is_empty());
    assert_eq!(
        check("1,1-0,0 0,0-2,2 0,0-1,1 2,0-0,0", &diagonals),
        vec![
            "squares 0,0 and 2,2 neither share a side nor meet at a corner, so no token claims them (ruling steps is `diagonals`)",
            "border 0,0-1,1 is named twice",
            "squares 2,0 and 0,0 neither share a side nor meet at a corner, so no token claims them (ruling steps is `diagonals`)",
        ]
    );
}

#[test]
fn squares_a_step_may_reach() {
    let s = Square::new(0, 0);
    let mut diagonals = Rules::standard();
    diagonals.ruled.steps = ruling::Steps::Diagonals;
    let names = |v: Vec<Square>| v.iter().map(|q| q.to_string()).collect::<Vec<_>>();
    assert_eq!(
        names(s.steps(&Rules::standard())),
        ["0,-1", "-1,0", "1,0", "0,1"]
    );
    assert_eq!(
        names(s.steps(&diagonals)),
        ["-1,-1", "0,-1", "1,-1", "-1,0", "1,0", "-1,1", "0,1", "1,1"]
    );
    assert!(s.is_corner_to(Square::new(1, -1)) && !s.is_corner_to(Square::new(1, 0)));
    assert!(!s.is_step_to(Square::new(1, 1), &Rules::standard()));
    assert!(s.is_step_to(Square::new(1, 1), &diagonals));
    assert!(!s.is_step_to(Square::new(2, 1), &diagonals));
    assert!(!s.is_step_to(s, &diagonals));
}

#[test]
fn domino_identity() {
    assert!(Domino::new(6, 4).same(Domino::new(4, 6)));
    assert_eq!(Domino::set().count(), 91);
    let mut idx: Vec<usize> = Domino::set().map(Domino::index).collect();
    idx.dedup();
    assert_eq!(idx, (0..91).collect::<Vec<_>>());
}
