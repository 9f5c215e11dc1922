use super::*;
use crate::diag::Source;
use crate::koikoi::check;

/// Plays a session to its end: kado's steps as it takes them, the table's answers
/// from the greedy policy.
fn play_out(setup: &Setup) -> Game {
    let rs = Ruleset::builtin("koikoi").unwrap();
    let mut g = Game::start(setup, &rs).unwrap();
    let mut dice = Dice::new(9);
    for _ in 0..2000 {
        let action = match g.next() {
            Step::Done => return g,
            Step::Auto(a) => a,
            Step::Ask(q) => {
                let text = match q.key {
                    Key::Play => sim::choose_play(&g.referee, Policy::Greedy, &mut dice, true)
                        .unwrap()
                        .to_string(),
                    Key::DrawCapture => {
                        let card = g.dealt().unwrap().stock[g.draws];
                        let m = sim::choose_draw(&g.referee, card, Policy::Greedy, &mut dice);
                        match m.capture {
                            Capture::Card(c) => c.to_string(),
                            _ => panic!("{m}"),
                        }
                    }
                    _ => "stop".to_string(),
                };
                g.answer(&q, &text).unwrap()
            }
        };
        g.apply(&action).unwrap();
    }
    panic!("the game did not end");
}

/// Issue 61: Koi-Koi's answers on a phone were buttons reading `2r>2a`. A play is
/// composed by taps: a hand card the rules let the player play, then, where two table
/// cards of its month lie, the one it takes (the others closed); the button names the
/// cards with their month's flower or their own name. Played through whole games, every
/// composed answer is one the rules take.
#[test]
fn a_play_was_a_button_reading_2r_2a() {
    use crate::view::{Picked, Send};
    let mut seen_two = false;
    for seed in 1..6 {
        let setup = Setup {
            players: vec!["ana".into(), "ben".into()],
            deck: Deck::Virtual { seed },
            kado: None,
            private: false,
        };
        let rs = Ruleset::builtin("koikoi").unwrap();
        let mut g = Game::start(&setup, &rs).unwrap();
        for _ in 0..3000 {
            let q = match g.next() {
                Step::Done => break,
                Step::Auto(a) => {
                    g.apply(&a).unwrap();
                    continue;
                }
                Step::Ask(q) => q,
            };
            let Some(c) = g.compose(&q, &Picked::default()) else {
                let a = g.answer(&q, "stop").unwrap();
                g.apply(&a).unwrap();
                continue;
            };
            assert_eq!(c.action, None);
            let mut picked = Picked::default();
            let open = |c: &crate::session::Composed<Action>, g: usize| {
                (c.view.groups[g].picks.iter())
                    .find(|p| p.open && !p.picked)
                    .map(|p| p.tap.clone())
            };
            let mut c = c;
            if q.key == Key::Play {
                c.view
                    .tap(&mut picked, &open(&c, 0).expect("a card to play"));
                c = g.compose(&q, &picked).unwrap();
            }
            if c.action.is_none() {
                seen_two = true;
                let table = c.view.groups.len() - 1;
                let closed = c.view.groups[table]
                    .picks
                    .iter()
                    .filter(|p| !p.open)
                    .count();
                assert_eq!(closed + 2, c.view.groups[table].picks.len());
                c.view.tap(&mut picked, &open(&c, table).expect("a match"));
                c = g.compose(&q, &picked).unwrap();
            }
            let Send::Ready { label } = &c.view.send else {
                panic!("{:?}", c.view.send);
            };
            assert!(label.contains(" (") && label.contains(')'), "{label}");
            g.apply(&c.action.unwrap()).unwrap();
        }
        assert!(matches!(g.next(), Step::Done), "seed {seed}");
    }
    assert!(seen_two, "a card with two matches");
}

/// Issue 59: events were strings. A dealt hand is an event for its player alone, its
/// cards as items; a card played is told to all, naming the seat that played it and
/// the card as an item.
#[test]
fn events_were_strings_without_a_seat_or_a_card() {
    use crate::seat::SeatId;
    use crate::session::{By, told};
    let setup = Setup {
        players: vec!["ana".into(), "ben".into()],
        deck: Deck::Virtual { seed: 5 },
        kado: None,
        private: true,
    };
    let rs = Ruleset::builtin("koikoi").unwrap();
    let mut g = Game::start(&setup, &rs).unwrap();
    let mut dealt = Vec::new();
    let q = loop {
        match g.next() {
            Step::Auto(a) => dealt.extend(told(&mut g, &a, By::Kado).unwrap()),
            Step::Ask(q) => break q,
            Step::Done => panic!("over at once"),
        }
    };
    let hands: Vec<_> = dealt.iter().filter(|e| !e.is_public()).collect();
    assert_eq!(hands.len(), 2, "{dealt:?}");
    for (i, e) in hands.iter().enumerate() {
        assert!(e.seen_by(Some(SeatId(i))) && !e.seen_by(Some(SeatId(1 - i))));
        assert!(!e.seen_by(None));
        assert_eq!(e.items.len(), 8, "{e:?}");
        assert!(e.text.starts_with("You are dealt "), "{}", e.text);
    }
    let asked = g.asked_seat().expect("a seat is asked");
    let play = sim::choose_play(&g.referee, Policy::Greedy, &mut Dice::new(9), true).unwrap();
    let card = play.card.to_string();
    let action = g.answer(&q, &play.to_string()).unwrap();
    let said = told(&mut g, &action, By::Table).unwrap();
    assert!(
        said.iter().all(|e| e.is_public() && e.by == Some(asked)),
        "{said:?}"
    );
    assert_eq!(said[0].items[0].code, card, "{said:?}");
}

#[test]
fn a_game_against_kado_ends_and_its_record_checks_the_same() {
    let setup = Setup {
        players: vec!["ana".into(), "kado".into()],
        deck: Deck::Virtual { seed: 11 },
        kado: Some(1),
        private: false,
    };
    let g = play_out(&setup);
    assert!(g.referee.ledger.over.is_some());
    let text = g.record().unwrap();
    let rec = record::parse(&Source::new("r", text.as_str())).unwrap();
    let v = check::check(&rec, &Ruleset::builtin("koikoi").unwrap());
    assert_eq!(v.illegal(), None);
    assert_eq!(
        v.games[0].referee.as_ref().unwrap().ledger,
        g.referee.ledger
    );
}

#[test]
fn a_question_with_one_legal_answer_was_asked() {
    // A virtual game: whenever a player holds one card with one way to play it, kado
    // plays it; the asked questions always had a choice.
    let rs = Ruleset::builtin("koikoi").unwrap();
    let setup = Setup {
        players: vec!["ana".into(), "ben".into()],
        deck: Deck::Virtual { seed: 5 },
        kado: None,
        private: false,
    };
    let mut g = Game::start(&setup, &rs).unwrap();
    let (mut auto_plays, mut dice) = (0, Dice::new(3));
    for _ in 0..3000 {
        let action = match g.next() {
            Step::Done => break,
            Step::Auto(a) => {
                auto_plays += usize::from(matches!(a, Action::Play { .. }));
                a
            }
            Step::Ask(q) if q.key == Key::Play => {
                let r = &g.referee;
                let cards = r.playable(r.round.to_move);
                assert!(
                    cards.len() > 1 || sim::options(r, cards[0]).len() > 1,
                    "{cards:?}"
                );
                // The view's choices are the legal plays, each taken as typed.
                let choices = g.choices(&q);
                assert!(choices.len() > 1, "{choices:?}");
                for c in &choices {
                    assert!(g.answer(&q, &c.typed).is_ok(), "{c}");
                }
                let m = sim::choose_play(r, Policy::Random, &mut dice, false).unwrap();
                assert!(
                    choices.iter().any(|c| c.typed == m.to_string()),
                    "{m} not in {choices:?}"
                );
                g.answer(&q, &m.to_string()).unwrap()
            }
            Step::Ask(q) if q.key == Key::DrawCapture => {
                let card = g.dealt().unwrap().stock[g.draws];
                let choices = g.choices(&q);
                assert_eq!(choices.len(), 2, "{choices:?}");
                for c in &choices {
                    assert!(g.answer(&q, &c.typed).is_ok(), "{c}");
                }
                let m = sim::choose_draw(&g.referee, card, Policy::Random, &mut dice);
                let Capture::Card(c) = m.capture else {
                    panic!("{m}")
                };
                g.answer(&q, &c.to_string()).unwrap()
            }
            Step::Ask(q) => {
                assert!(
                    g.referee.koi_refused().is_none(),
                    "asked koi or stop with stop forced"
                );
                assert_eq!(g.choices(&q), ["koi", "stop"]);
                // koi-koi, to play rounds to their last cards.
                g.answer(&q, "koi").unwrap()
            }
        };
        g.apply(&action).unwrap();
    }
    assert!(g.referee.ledger.over.is_some());
    assert!(auto_plays > 0);
}

#[test]
fn kado_plays_only_with_a_virtual_deck() {
    let rs = Ruleset::builtin("koikoi").unwrap();
    let setup = Setup {
        players: vec!["ana".into(), "ben".into()],
        deck: Deck::Physical,
        kado: Some(1),
        private: false,
    };
    assert!(Game::start(&setup, &rs).is_err());
}

#[test]
fn a_play_log_is_told_from_a_ledger() {
    assert!(is_play_log(
        "game: koikoi\nsetup:\n  players: [a, b]\n  deck:\n    kind: physical\n"
    ));
    assert!(!is_play_log(
        "game: koikoi\nsetup:\n  players: [a, b]\n  rounds: 6\n  dealer: 0\n"
    ));
}
