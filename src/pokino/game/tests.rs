use super::*;
use crate::view::Doc;

fn table(deck: Deck) -> Game {
    let rs = Ruleset::builtin("pokino").unwrap();
    let setup = Setup::new(vec!["ana".into(), "ben".into()], deck, 5);
    Game::start(&setup, &rs).unwrap()
}

fn ask(t: &Game) -> Question<Key> {
    match t.next() {
        Step::Ask(q) => q,
        other => panic!("{other:?}"),
    }
}

/// Served to phones, the places of the player to move (each names a domino they hold)
/// were on the table everyone sees: they go to that player's page alone, as their hand.
#[test]
fn the_places_of_the_player_to_move_were_on_the_shared_table() {
    let rs = Ruleset::builtin("pokino").unwrap();
    let setup = Setup::new(vec!["ana".into(), "ben".into()], Deck::Virtual, 1);
    let mut t = Game::start(&setup, &rs).unwrap();
    while let Step::Auto(a) = t.next() {
        t.apply(&a).unwrap();
    }
    assert!(t.table().areas.iter().any(|a| a.numbered));
    let shared = t.shared();
    assert!(shared.table.areas.iter().all(|a| !a.numbered));
    assert!(
        (shared.table.seats.iter()).all(|s| !matches!(s.held, crate::view::Held::Cards { .. }))
    );
    let mover = shared.answerer.unwrap();
    assert_eq!(shared.answers.len(), 1);
    // Each seat's page shows its own hand, the mover's among them.
    let mut players: Vec<&str> = (shared.hands.iter())
        .map(|h| h.hand.player.as_str())
        .collect();
    players.sort_unstable();
    assert_eq!(players, ["ana", "ben"]);
    assert!(shared.hands.iter().any(|h| h.seat == mover));
    // The table everyone sees marks no place on the board: each is drawn from the
    // dominoes of the player to move.
    match &shared.table.board {
        Some(crate::view::Board::Squares { places, .. }) => assert!(places.is_empty()),
        other => panic!("{other:?}"),
    }
    let marks = (shared.table.picture.iter())
        .flat_map(|p| p.rows.iter().flatten())
        .filter(|r| r.look == crate::view::Look::Place || r.text.contains('#'))
        .count();
    assert_eq!(marks, 0);
}

/// The place list's best and the hint's best were different dominoes (the list ranked
/// by the run each opens, the hint by play-outs): once a hint is asked for, the list
/// follows the hint's ranking, and `1` lays the hint's best placement.
#[test]
fn the_place_list_and_the_hint_named_different_bests() {
    let rs = Ruleset::builtin("pokino").unwrap();
    let setup = Setup::new(vec!["ana".into(), "ben".into()], Deck::Virtual, 1);
    let mut t = Game::start(&setup, &rs).unwrap();
    while let Step::Auto(a) = t.next() {
        t.apply(&a).unwrap();
    }
    let q = ask(&t);
    let before: Vec<Placement> = t.places().iter().map(|(at, _)| *at).collect();
    let hint = t.hint(&q).unwrap();
    let advised: Vec<String> = (hint.rows.iter())
        .map(|r| r.answer.typed.clone())
        .filter(|a| a.starts_with("domino "))
        .collect();
    let listed: Vec<String> = (t.places().iter())
        .take(advised.len())
        .map(|(at, _)| format!("domino {at}"))
        .collect();
    assert!(!advised.is_empty());
    assert_eq!(listed, advised);
    let mut after: Vec<Placement> = t.places().iter().map(|(at, _)| *at).collect();
    assert_eq!(after.len(), before.len(), "the same places, ranked anew");
    after.retain(|p| !before.contains(p));
    assert!(after.is_empty());
    let note = format!("#1 is {}.", advised[0]);
    assert!(
        hint.notes.iter().any(|n| n.ends_with(&note)),
        "{:?}",
        hint.notes
    );
    assert!(crate::testing::words(&t.table()).contains("follow the hint's ranking"));
    let first = t.answer(&q, "1").unwrap();
    assert_eq!(first.to_string(), format!("ana {}", advised[0]));
    // The next position is ranked by the run each opens again.
    t.apply(&first).unwrap();
    assert!(!crate::testing::words(&t.table()).contains("hint's ranking"));
}

/// Under `--private`, `hand` listed no places, yet `1` laid the best one blind: the
/// hand shown now lists them, and `1` lays the first it lists.
#[test]
fn a_private_hand_listed_no_places_yet_1_laid_one() {
    let rs = Ruleset::builtin("pokino").unwrap();
    let mut setup = Setup::new(vec!["ana".into(), "ben".into()], Deck::Virtual, 1);
    setup.private = true;
    let mut t = Game::start(&setup, &rs).unwrap();
    while let Step::Auto(a) = t.next() {
        t.apply(&a).unwrap();
    }
    let q = ask(&t);
    let hand = t.hand().unwrap().text();
    let first = hand
        .split("1) domino ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("no places in {hand}"));
    assert_eq!(
        t.answer(&q, "1").unwrap().to_string(),
        format!("ana domino {first}")
    );
    assert!(
        !crate::testing::words(&t.table()).contains("1) domino"),
        "the table keeps them private"
    );
}

/// Issue 59: under `--private`, a seat's draw was a filter on a string (the card taken
/// out of what every screen reads). It is an event for the seat alone, naming the
/// domino and the card it drew as items; the public event names the domino laid (a
/// piece now on the board) and the seat whose answer it was, and nothing drawn.
#[test]
fn a_private_draw_was_a_filtered_string() {
    let rs = Ruleset::builtin("pokino").unwrap();
    let mut setup = Setup::new(vec!["ana".into(), "ben".into()], Deck::Virtual, 1);
    setup.private = true;
    let mut t = Game::start(&setup, &rs).unwrap();
    while let Step::Auto(a) = t.next() {
        t.apply(&a).unwrap();
    }
    let q = ask(&t);
    let action = t.answer(&q, "1").unwrap();
    let Event::Turn {
        play: Play::Domino(at),
        ..
    } = &action.event
    else {
        panic!("{action}");
    };
    let mover = t.game.players.iter().position(|p| p.name == "ana").unwrap();
    let before = t.game.players[mover].held.clone().unwrap();
    let said = crate::session::told(&mut t, &action, crate::session::By::Table).unwrap();
    let [public, mine] = said.as_slice() else {
        panic!("{said:?}");
    };
    let seat = crate::seat::SeatId(mover);
    assert_eq!(public.by, Some(seat));
    assert!(public.is_public());
    assert_eq!(
        public.items,
        vec![crate::view::Item::plain(at.domino.to_string())]
    );
    let after = t.game.players[mover].held.clone().unwrap();
    let new: Vec<_> = after.iter().filter(|d| !before.contains(d)).collect();
    assert_eq!(new.len(), 1, "{after:?}");
    assert!(
        !public.text.contains(&new[0].to_string()),
        "{}",
        public.text
    );
    assert!(mine.seen_by(Some(seat)) && !mine.seen_by(None));
    assert!(!mine.seen_by(Some(crate::seat::SeatId(1 - mover))));
    assert_eq!(mine.items[0], crate::view::Item::plain(new[0].to_string()));
    assert!(
        mine.text.starts_with(&format!("You drew {}", new[0])),
        "{}",
        mine.text
    );
}

/// Issue 61: Pokino stopped at its first turn on a phone without a keyboard (the
/// places were a text list). A domino turn is composed by taps: a domino of the
/// hand (open where it has a place), then one of its places; each composed turn is
/// one the rules take, and says where the domino goes.
#[test]
fn pokino_stopped_at_its_first_turn_without_a_keyboard() {
    use crate::view::{Picked, Send};
    let rs = Ruleset::builtin("pokino").unwrap();
    let mut setup = Setup::new(vec!["ana".into(), "ben".into()], Deck::Virtual, 3);
    setup.private = true;
    let mut t = Game::start(&setup, &rs).unwrap();
    let mut laid = 0;
    for _ in 0..40 {
        let q = match t.next() {
            Step::Done => break,
            Step::Auto(a) => {
                t.apply(&a).unwrap();
                continue;
            }
            Step::Ask(q) => q,
        };
        let mut picked = Picked::default();
        let c = t.compose(&q, &picked).expect("a turn composed by taps");
        let open = |c: &crate::session::Composed<Action>, g: usize| {
            (c.view.groups.get(g)?.picks.iter())
                .find(|p| p.open)
                .map(|p| p.tap.clone())
        };
        let Some(domino) = open(&c, 0) else {
            // No domino has a place: the pass, where the rules allow it.
            let pass = open(&c, 2).expect("a pass");
            c.view.tap(&mut picked, &pass);
            let c = t.compose(&q, &picked).unwrap();
            t.apply(&c.action.expect("the pass")).unwrap();
            continue;
        };
        c.view.tap(&mut picked, &domino);
        let c = t.compose(&q, &picked).unwrap();
        assert_eq!(c.action, None, "a domino alone is not a turn");
        let place = open(&c, 1).expect("a place for it");
        c.view.tap(&mut picked, &place);
        let c = t.compose(&q, &picked).unwrap();
        let Send::Ready { label } = &c.view.send else {
            panic!("{:?}", c.view.send);
        };
        // Laid either way round: `5-6` may be laid as 6-5.
        let turned: Vec<&str> = domino.split('-').rev().collect();
        let ways = [domino.clone(), turned.join("-")];
        assert!(
            ways.iter()
                .any(|d| label.starts_with(&format!("Lay {d} with "))),
            "{label}"
        );
        t.apply(&c.action.unwrap()).unwrap();
        laid += 1;
    }
    assert!(laid > 10, "{laid} dominoes laid by taps");
}

/// Hands on the table for all to see: the draw stays in the public event, and no
/// event is for one seat.
#[test]
fn an_open_draw_is_told_to_all() {
    let rs = Ruleset::builtin("pokino").unwrap();
    let setup = Setup::new(vec!["ana".into(), "ben".into()], Deck::Virtual, 1);
    let mut t = Game::start(&setup, &rs).unwrap();
    while let Step::Auto(a) = t.next() {
        t.apply(&a).unwrap();
    }
    let action = t.answer(&ask(&t), "1").unwrap();
    let said = crate::session::told(&mut t, &action, crate::session::By::Table).unwrap();
    assert!(said.iter().all(|e| e.is_public()), "{said:?}");
    assert!(said[0].text.contains("; then draws "), "{}", said[0].text);
}

/// A save holds an action as its record line, read once as the save is loaded: a
/// line that is not one of the record is refused then, saying why.
#[test]
fn an_action_is_saved_as_its_line_and_read_back_once() {
    let event = record::parse_line(&Source::new("t", "ana domino 5-5@3,0h")).unwrap();
    let a = Action::from(event);
    let yaml = serde_saphyr::to_string(&a).unwrap();
    assert_eq!(yaml, "line: ana domino 5-5@3,0h\n");
    assert_eq!(serde_saphyr::from_str::<Action>(&yaml).unwrap(), a);
    let e = serde_saphyr::from_str::<Action>("line: ana fly\n").unwrap_err();
    assert!(
        e.to_string()
            .contains("`ana fly` is not a line of a Pokino record: "),
        "{e}"
    );
}

#[test]
fn answers_become_record_lines() {
    let mut t = table(Deck::Physical);
    let q = ask(&t);
    assert_eq!(q.key, Key::Spoke);
    let a = t
        .answer(&q, "6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h")
        .unwrap();
    assert_eq!(a.to_string(), "spoke: 6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h");
    t.apply(&a).unwrap();
    let q = ask(&t);
    assert_eq!(q.key, Key::Turn(Some(0)));
    assert_eq!(
        t.answer(&q, "domino 5-5@3,0h").unwrap().to_string(),
        "ana domino 5-5@3,0h"
    );
    // `4-8@4,0h` without `domino` was taken for a player's name.
    assert_eq!(
        t.answer(&q, "5-5@3,0h").unwrap().to_string(),
        "ana domino 5-5@3,0h"
    );
    assert_eq!(
        t.answer(&q, "ana: as 4h 9c 9d kh").unwrap().to_string(),
        "ana: AS 4H 9C 9D KH"
    );
    assert_eq!(
        t.answer(&q, "ben pass").unwrap_err().to_string(),
        "it is ana's turn, not ben's (turn order)"
    );
    assert!(matches!(t.answer(&q, "fly"), Err(PlayError::Notation(_))));
    assert_eq!(
        t.hint(&q).unwrap_err().to_string(),
        "Hint: kado does not know ana's whole hand (5 cards unseen): tell it first (`ana: CARDS`)."
    );
    assert_eq!(
        t.answer(&q, "domino 5-5@9,9h").unwrap_err().to_string(),
        "5-5@9,9h may not be laid: it would touch no domino on the table (it must share a side with one) (laying a domino); legal instead: 5-5@0,-2v; 5-5@1,-2v; 5-5@2,-2v; … 28 places in all"
    );
    assert_eq!(
        t.record(),
        Some("players: ana ben\nspoke: 6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h\n".to_string())
    );
}

/// The hint for ana holding 4♥ 8♠ 9♣ 9♦ K♥ on the spoke, under `house`.
fn hint_for_4_and_8(house: &str) -> Doc {
    let rs = Ruleset::from_house_text("h.yaml", house).unwrap();
    let setup = Setup::new(vec!["ana".into(), "ben".into()], Deck::Physical, 5);
    let mut t = Game::start(&setup, &rs).unwrap();
    let q = ask(&t);
    let a = t
        .answer(&q, "6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h")
        .unwrap();
    t.apply(&a).unwrap();
    let q = ask(&t);
    let a = t.answer(&q, "ana: 4H 8S 9C 9D KH").unwrap();
    t.apply(&a).unwrap();
    t.hint(&ask(&t)).unwrap().doc()
}

#[test]
fn the_hint_follows_ruling_steps() {
    let beads = "base: pokino\nvalues:\n  start-beads: 5\n";
    // 4 and 8 meet only at a corner; 8 and 9 share a side, 9 and K are one domino.
    let runs = |hint: &Doc| -> Vec<String> {
        (hint.grids().flat_map(|g| g.rows.iter()))
            .filter_map(|r| r.get(1))
            .filter(|a| a.starts_with("run "))
            .cloned()
            .collect()
    };
    let mut sides = runs(&hint_for_4_and_8(beads));
    sides.sort();
    assert_eq!(sides, ["run 8S 9C @ 2,1 2,2", "run 9C 8S @ 2,2 2,1"]);
    let corners = "base: pokino\nrulings:\n  steps: diagonals\nvalues:\n  start-beads: 5\n";
    let hint = hint_for_4_and_8(corners);
    assert!(
        runs(&hint).contains(&"run 4H 8S 9C @ 1,0 2,1 2,2".to_string()),
        "{hint:?}"
    );
    // ana's dominoes are not known at real pieces: the hint says how to name them.
    assert!(
        hint.text().ends_with("`hint A-B C-D E-F` names them.\n"),
        "{hint:?}"
    );
}

#[test]
fn a_virtual_deal_lays_the_spoke_and_shows_the_hand() {
    let mut t = table(Deck::Virtual);
    let Step::Auto(a) = t.next() else {
        panic!("kado lays the spoke")
    };
    assert!(a.to_string().starts_with("spoke: "));
    t.apply(&a).unwrap();
    let table = t.table();
    let ana = &table.seats[0];
    assert_eq!((ana.name.as_str(), ana.score), ("ana", Some(0)));
    let figures: Vec<(&str, i64)> = ana.figures.iter().map(|f| (f.name, f.amount)).collect();
    assert_eq!(
        figures.iter().map(|f| f.1).collect::<Vec<_>>(),
        [1, 5, 3],
        "{figures:?}"
    );
    let crate::view::Held::Cards { items } = &ana.held else {
        panic!("ana's hand is shown: {:?}", ana.held)
    };
    let held: Vec<&str> = items.iter().map(|i| i.text.as_str()).collect();
    assert_eq!(held.join(" "), "4♠ 10♣ 5♥ J♥ 5♠ 4-6 4-5 1-12");
    let q = ask(&t);
    // A domino ana does not hold.
    assert_eq!(
        t.answer(&q, "domino 3-3@-2,0h").unwrap_err().to_string(),
        "3-3 is not in the player's hand (4-6 4-5 1-12) (laying a domino)"
    );
    assert!(
        t.record_text()
            .starts_with("players: ana ben\npoke: 5-9 0-5 7-7 0-9 4-6 ")
    );
}
