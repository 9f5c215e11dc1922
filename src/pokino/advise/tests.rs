use super::*;
use crate::pokino::Rules;
use crate::pokino::board::{Dir, Placement, Square};
use crate::pokino::game::{Deck, Game, Setup};
use crate::ruleset::Ruleset;
use crate::session::{Session, Step};

fn rules(house: &str) -> Rules {
    Rules::from_ruleset(&Ruleset::from_house_text("h.yaml", house).unwrap())
}

#[test]
fn explain_names_the_rulings_the_advice_reads() {
    let ids = |name: &str| -> Vec<&'static str> {
        let x = explain(&Ruleset::builtin(name).unwrap());
        assert!(
            x.0[0]
                .rule
                .starts_with("The record is refereed and the moves")
        );
        let named = x.ruling_ids();
        (ruling::Id::ALL.iter())
            .map(|id| id.id())
            .filter(|id| named.iter().any(|n| n == id))
            .collect()
    };
    // Every ruling but those of the variants that are off.
    let variants = [
        "territory-ties",
        "territory-pokino",
        "up-draw",
        "torn-tokens",
        "torn-split",
    ];
    let but = |on: &[&str]| -> Vec<&'static str> {
        (ruling::Id::ALL.iter())
            .map(|id| id.id())
            .filter(|id| !variants.contains(id) || on.contains(id))
            .collect()
    };
    assert_eq!(ids("pokino"), but(&[]));
    assert_eq!(ids("pokino-greed"), but(&[]));
    assert_eq!(ids("pokino-up"), but(&["up-draw"]));
    assert_eq!(ids("pokino-tear-down"), but(&["torn-tokens", "torn-split"]));
    assert_eq!(
        ids("pokino-territory"),
        but(&["territory-ties", "territory-pokino"])
    );
    assert_eq!(ids("pokino").len(), 19);
}

/// The game where `record` stops.
fn game(record: &str, rules: &Rules) -> Referee {
    let src = Source::new("t", record);
    let v = crate::pokino::check::check(&src, rules).unwrap();
    let g = v.games.into_iter().last().unwrap();
    assert!(g.illegal.is_none(), "{:?}", g.illegal);
    g.game
}

/// A virtual game played by the greedy policy for `turns` turns.
fn virtual_game(players: usize, seed: u64, turns: usize, rs: &str) -> Referee {
    let names: Vec<String> = (1..=players).map(|k| format!("p{k}")).collect();
    let rs = Ruleset::builtin(rs).unwrap();
    let mut t = Game::start(&Setup::new(names, Deck::Virtual, seed), &rs).unwrap();
    if let Step::Auto(a) = t.next() {
        t.apply(&a).unwrap();
    }
    let mut g = t.game;
    for _ in 0..turns {
        if g.is_over() {
            break;
        }
        g.apply(&policy::greedy(&g)).unwrap();
    }
    g
}

/// One domino left in the poke: the next domino laid ends the game, so the run ana
/// holds is worth taking now, and laying a domino (no run then) or passing is not.
#[test]
fn the_run_is_taken_before_the_game_ends() {
    let r = rules("base: pokino\nvalues:\n  start-dominoes: 43\n  start-beads: 2\n");
    let g = game(
        "players: ana ben\nspoke: 6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h\nana: QC 4H 7S 7H 7D\n",
        &r,
    );
    assert_eq!(g.poke, 1);
    let a = advise(&g, None, 24, 3, 2).unwrap();
    let best = &a.candidates[0];
    assert!(
        best.answer.starts_with("run "),
        "{:?}",
        a.doc(Shown::Prompt)
    );
    assert_eq!(best.kind, Kind::Run);
    let pass = a.candidates.iter().find(|c| c.kind == Kind::Pass).unwrap();
    assert!(pass.value.unwrap() < best.value.unwrap() && pass.value.unwrap() <= 0.0);
    // Without the dominoes no place is listed, and the advice says so.
    assert!(!a.dominoes_known);
    assert!(a.candidates.iter().all(|c| c.kind != Kind::Domino));
    // The same deals whatever the threads.
    assert_eq!(advise(&g, None, 24, 3, 1).unwrap(), a);
}

/// A run of 10 cards scores 90: once the hand and the beads allow one, the advisor
/// plays it (in games where p1 gathers them by the patient policy).
#[test]
fn the_long_run_is_played() {
    let rs = Ruleset::builtin("pokino").unwrap();
    for seed in 0..10 {
        let names = vec!["p1".to_string(), "p2".to_string()];
        let mut t = Game::start(&Setup::new(names, Deck::Virtual, seed), &rs).unwrap();
        if let Step::Auto(a) = t.next() {
            t.apply(&a).unwrap();
        }
        let mut g = t.game;
        while !g.is_over() {
            let long = g.hint(0, 1, None).best.filter(|b| b.length >= 10);
            if let (Some(0), Some(long)) = (g.to_play, long) {
                let a = advise(&g, None, 6, seed, 2).unwrap();
                let best = &a.candidates[0];
                assert_eq!(best.kind, Kind::Run, "{:?}", a.doc(Shown::Prompt));
                assert!(best.reason.starts_with("90 points"), "{}", best.reason);
                assert!(long.points == 90);
                return;
            }
            let e = if g.to_play == Some(0) {
                policy::patient(&g)
            } else {
                policy::greedy(&g)
            };
            g.apply(&e).unwrap();
        }
    }
    panic!("no position with a run of 10 found");
}

/// Every legal move found by brute force — each run of the hand (when there are few
/// enough to list them all), each domino held at every square around the board both
/// ways, passing — is in the list, and nothing else.
#[test]
fn the_moves_are_every_legal_move() {
    let mut checked = 0;
    for (seed, turns) in [(1, 0), (2, 7), (3, 20), (4, 33)] {
        let g = virtual_game(3, seed, turns, "pokino");
        let i = g.to_play.unwrap();
        let held = g.players[i].held.clone().unwrap();
        let listed: Vec<String> = moves(&g, i, &held, 2)
            .iter()
            .map(|m| m.play.to_string())
            .collect();
        let legal = |play: Play| g.clone().apply(&turn(&g, i, &play)).is_ok();
        let mut brute: Vec<String> = Vec::new();
        let p = &g.players[i];
        let closed = g.closed_borders(i);
        let all = runs::find(
            &g.board,
            &Query {
                hand: &p.known,
                beads: Some(p.beads),
                claimed: &closed,
                keep: None,
                budget: None,
            },
            &g.rules,
        );
        assert!(all.runs.len() <= RUNS_LISTED);
        for r in all.runs {
            brute.push(
                Play::Runs(vec![RunPlay {
                    cards: r.cards,
                    squares: Some(r.squares),
                }])
                .to_string(),
            );
        }
        let (lo, hi) = g.board.bounds().unwrap();
        for d in &held {
            for y in lo.y - 2..=hi.y + 2 {
                for x in lo.x - 2..=hi.x + 2 {
                    for dir in [Dir::H, Dir::V] {
                        let ways = if d.is_double() {
                            vec![*d]
                        } else {
                            vec![*d, d.flipped()]
                        };
                        for way in ways {
                            let at = Placement::new(way, Square::new(x, y), dir);
                            if legal(Play::Domino(at)) {
                                brute.push(Play::Domino(at).to_string());
                            }
                        }
                    }
                }
            }
        }
        if legal(Play::Pass) {
            brute.push("pass".into());
        }
        let (mut a, mut b) = (listed.clone(), brute);
        a.sort();
        b.sort();
        assert_eq!(a, b, "seed {seed}");
        checked += listed.len();
    }
    assert!(checked > 300, "{checked}");
}

/// A deal of the unseen pieces keeps all the player sees, deals every other piece
/// once, and never looks at the real hidden pieces: two games that differ only there
/// are dealt alike.
#[test]
fn the_unseen_pieces_are_dealt_without_peeking() {
    let g = virtual_game(3, 9, 12, "pokino");
    let i = g.to_play.unwrap();
    let held = g.players[i].held.clone();
    // The next player's hand swapped with the top of the deck, two dominoes of the
    // poke swapped.
    let mut other = g.clone();
    let j = (i + 1) % 3;
    let hands: Vec<Card> = other.players[j].known.drain(..).collect();
    other.players[j].known = other.deck_order.as_ref().unwrap()[..hands.len()].to_vec();
    other.deck_order.as_mut().unwrap()[..hands.len()].copy_from_slice(&hands);
    other.poke_order.as_mut().unwrap().swap(0, 1);
    assert_ne!(other, g);
    for k in 0..5 {
        let d1 = deal_unseen(&g, i, held.as_deref(), &mut Shuffler::new(k));
        let d2 = deal_unseen(&other, i, held.as_deref(), &mut Shuffler::new(k));
        assert_eq!(d1, d2);
        assert_eq!(d1.players[i], g.players[i]);
        assert_eq!(
            (d1.board.clone(), d1.deck, d1.poke),
            (g.board.clone(), g.deck, g.poke)
        );
        let mut cards: Vec<usize> = d1
            .players
            .iter()
            .flat_map(|p| p.known.iter().map(|c| c.index()))
            .collect();
        cards.extend(d1.deck_order.iter().flatten().map(|c| c.index()));
        cards.extend((0..52).filter(|c| g.played[*c]));
        cards.sort_unstable();
        assert_eq!(cards, (0..52).collect::<Vec<_>>());
        let mut dominoes: Vec<usize> = d1
            .players
            .iter()
            .flat_map(|p| p.held.iter().flatten().map(|d| d.index()))
            .collect();
        dominoes.extend(d1.poke_order.iter().flatten().map(|d| d.index()));
        dominoes.extend(g.board.placements().iter().map(|p| p.domino.index()));
        dominoes.sort_unstable();
        assert_eq!(dominoes, (0..91).collect::<Vec<_>>());
    }
}

/// The advice at turns of whole games under every variant: every answer is taken by
/// the game as typed, the moves played out come first with a value and an interval,
/// and those not played out after them without.
#[test]
fn every_answer_advised_is_legal() {
    for (k, rs) in [
        "pokino",
        "pokino-greed",
        "pokino-up",
        "pokino-tear-down",
        "pokino-territory",
    ]
    .iter()
    .enumerate()
    {
        let g = virtual_game(2 + k % 3, k as u64, 3 + 9 * k, rs);
        if g.is_over() {
            continue;
        }
        let a = advise(&g, None, 3, 1, 2).unwrap();
        assert_eq!(
            a.measure,
            if *rs == "pokino-territory" {
                "pips"
            } else {
                "points"
            }
        );
        let i = g.to_play.unwrap();
        let weighed = a
            .candidates
            .iter()
            .take_while(|c| c.value.is_some())
            .count();
        assert_eq!(weighed, a.played_out);
        for c in &a.candidates {
            let e = crate::pokino::record::parse_line(&Source::new(
                "a",
                format!("{} {}", g.players[i].name, c.answer).as_str(),
            ))
            .unwrap();
            assert!(g.clone().apply(&e).is_ok(), "{rs}: {}", c.answer);
            assert_eq!(c.value.is_some(), c.margin.is_some());
        }
    }
}
