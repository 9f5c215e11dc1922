//! The game as played: its record.

use super::*;

use crate::kinga::sim;

/// Plays a virtual game to its end by the greedy policy, as a session.
pub fn play_out(rules: &str, seed: u64) -> Game {
    let rs = Ruleset::builtin(rules).unwrap();
    let mut p = Game::start(&Setup::new(Deck::Virtual, seed), &rs).unwrap();
    loop {
        let a = match p.next() {
            Step::Done => return p,
            Step::Auto(a) => a,
            Step::Ask(q) => sim::choose(&p.game, &q.key).unwrap(),
        };
        p.apply(&a).unwrap();
    }
}

#[test]
fn a_session_remembers_its_deck_and_actions() {
    let p = play_out("kinga", 3);
    assert_eq!(p.order, Setup::new(Deck::Virtual, 3).order);
    let text = p.record().unwrap();
    assert!(
        text.starts_with("deck: 2D AD 2S 2H JK 2C JK AC AH AS\n# ruleset: kinga\n1. "),
        "{text}"
    );
    // The same actions replayed on the bare game make the same game.
    let rs = Ruleset::builtin("kinga").unwrap();
    let mut g = State::start(&Setup::new(Deck::Virtual, 3), &rs).unwrap();
    for a in &p.actions {
        g.apply(a).unwrap();
    }
    assert_eq!(g, p.game);
}
/// Every answer the view lists is one the game takes, at every question of whole
/// games under both rulesets.
#[test]
fn every_choice_listed_is_an_answer_taken() {
    for (rules, seed) in [("kinga", 1), ("kinga", 2), ("kinga-hardcore", 3)] {
        let rs = Ruleset::builtin(rules).unwrap();
        let mut p = Game::start(&Setup::new(Deck::Virtual, seed), &rs).unwrap();
        loop {
            let a = match p.next() {
                Step::Done => break,
                Step::Auto(a) => a,
                Step::Ask(q) => {
                    let choices = p.choices(&q);
                    assert!(!choices.is_empty(), "{rules} {seed}: {:?}", q.key);
                    for c in &choices {
                        assert!(p.answer(&q, &c.typed).is_ok(), "{rules} {seed}: {c}");
                    }
                    sim::choose(&p.game, &q.key).unwrap()
                }
            };
            p.apply(&a).unwrap();
        }
    }
}
