use super::super::check::{GameVerdict, check};
use super::*;
use crate::diag::Source;
use crate::pokino::ruling;
use crate::ruleset::Ruleset;

const VARIANTS: [&str; 5] = [
    "pokino",
    "pokino-greed",
    "pokino-up",
    "pokino-tear-down",
    "pokino-territory",
];
const SPOKE4: &str = "spoke: 6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h";
/// Cards no test plays, to fill hands up to their size.
const FILL: [&str; 14] = [
    "7S", "7H", "7D", "7C", "2S", "2H", "2D", "5S", "5H", "5D", "5C", "10S", "10H", "10D",
];

fn rules(base: &str, house: &str) -> Rules {
    let rs = Ruleset::from_house_text("h.yaml", &format!("base: {base}\n{house}")).unwrap();
    Rules::from_ruleset(&rs)
}

/// A hand line of `cards` filled up to the dealt size.
fn hand(r: &Rules, who: &str, cards: &str) -> String {
    let mut v: Vec<&str> = cards.split_whitespace().collect();
    let fill: Vec<&str> = if who == "ana" {
        FILL[..7].to_vec()
    } else {
        FILL[7..].to_vec()
    };
    let mut k = 0;
    while v.len() < r.dealt_cards() as usize && k < fill.len() {
        v.push(fill[k]);
        k += 1;
    }
    format!("{who}: {}\n", v.join(" "))
}

/// Referees ana and ben on the spoke, hands given, then `body`.
fn play(base: &str, house: &str, ana: &str, ben: &str, body: &str) -> GameVerdict {
    let r = rules(base, house);
    let text = format!(
        "players: ana ben\n{SPOKE4}\n{}{}{body}",
        hand(&r, "ana", ana),
        hand(&r, "ben", ben)
    );
    check(&Source::new("t", text), &r).unwrap().games.remove(0)
}

const BEADS: &str = "values:\n  start-beads: 5\n";

/// Referees ana and ben on the spoke, hands not given, then `body`.
fn bare(base: &str, house: &str, body: &str) -> GameVerdict {
    let r = rules(base, house);
    let text = format!("players: ana ben\n{SPOKE4}\n{body}");
    check(&Source::new("t", text), &r).unwrap().games.remove(0)
}

fn reason(v: &GameVerdict) -> Option<String> {
    v.illegal.as_ref().map(|i| i.reason.clone())
}

fn each(body: &str, ana: &str, ben: &str, want: impl Fn(&str, Option<String>)) {
    for base in VARIANTS {
        want(base, reason(&play(base, BEADS, ana, ben, body)));
    }
}

#[test]
fn a_legal_run_scores_pays_claims_and_draws() {
    for base in VARIANTS {
        let v = play(
            base,
            BEADS,
            "QC 4H 3S",
            "",
            "ana run QC 4H 3S @ 2,0 1,0 1,1\n",
        );
        assert!(v.illegal.is_none(), "{base}: {:?}", v.illegal);
        let r = rules(base, BEADS);
        let beads = if r.ruled.greed == ruling::Greed::On {
            5
        } else {
            2
        };
        assert_eq!(v.beads["ana"], beads, "{base}");
        assert_eq!(
            v.hand_sizes["ana"],
            r.dealt_cards() as usize - 3 + 1,
            "{base}"
        );
        assert_eq!(v.claimed.len(), 2);
        let want = match base {
            "pokino-greed" => 5 + 25,
            // No domino has more of ana's tokens than ben's... ana touches 4.
            "pokino-territory" => v.scores["ana"],
            _ => 5,
        };
        assert_eq!(v.scores["ana"], want, "{base}");
        assert_eq!(v.next.as_deref(), Some("ben"));
        assert!(!v.over);
    }
    // Territory: ana's two tokens touch 12-8, 6-4 and 1-3, each once: all hers.
    let v = play(
        "pokino-territory",
        BEADS,
        "QC 4H 3S",
        "",
        "ana run QC 4H 3S\n",
    );
    assert_eq!(v.scores["ana"], 20 + 10 + 4);
}

#[test]
fn ruling_territory_pokino() {
    let house = |choice: &str| {
        format!(
            "rulings:\n  territory-pokino: {choice}\nvalues:\n  start-beads: 5\n  start-cards: 2\n"
        )
    };
    for (choice, winner) in [("caller-wins", "ana"), ("pips-decide", "ben")] {
        let mut v = play(
            "pokino-territory",
            &house(choice),
            "QC 4H",
            "",
            "ana run QC 4H\n",
        );
        assert_eq!(
            v.game.end,
            Some(End::Pokino {
                player: "ana".into()
            })
        );
        // ben's tokens outnumber ana's on both dominoes her run touched.
        let mut ben = v.game.tokens[0].clone();
        ben.player = "ben".into();
        v.game.tokens.extend([ben.clone(), ben]);
        assert_eq!(v.game.scores(), vec![0, 30], "{choice}");
        assert_eq!(v.game.winners(), vec![winner.to_string()], "{choice}");
    }
    // Outside Territory the call wins whatever the ruling says.
    let v = play(
        "pokino",
        &house("pips-decide"),
        "QC 4H",
        "",
        "ana run QC 4H\n",
    );
    assert_eq!(v.game.winners(), vec!["ana".to_string()]);
}

#[test]
fn squares_may_be_left_out_when_the_cards_fit_one_way() {
    for base in VARIANTS {
        let v = play(base, BEADS, "QC 4H 3S", "", "ana run QC 4H 3S\n");
        assert!(v.illegal.is_none(), "{base}");
        assert_eq!(v.game.tokens.len(), 2);
    }
    let v = play("pokino", BEADS, "QC 3S", "", "ana run QC 3S\n");
    assert_eq!(
        reason(&v).unwrap(),
        "these cards match no walk of numbers on the board: its numbers are not on a line of touching squares in that order"
    );
    let v = play("pokino", BEADS, "4H 3S 3D", "", "ana run 4H 3S\n");
    assert!(v.illegal.is_none());
    // With 3-4 laid right of 8, an 8 then a 3 fits two ways.
    let body = "ana domino 3-4@3,1h\nben run 8D 3D\n";
    let v = play("pokino", BEADS, "", "8D 3D", body);
    let i = v.illegal.unwrap();
    assert_eq!(
        i.reason,
        "these cards fit the board more than one way: give the squares after `@`"
    );
    assert_eq!(
        i.legal,
        vec!["these cards along 2,1 1,1", "these cards along 2,1 3,1"]
    );
    let v = play(
        "pokino",
        BEADS,
        "",
        "8D 3D",
        "ana domino 3-4@3,1h\nben run 8D 3D @ 2,1 3,1\n",
    );
    assert!(v.illegal.is_none());
}

#[test]
fn a_domino_that_touches_nothing_or_overlaps() {
    each("ana domino 5-5@9,9h\n", "", "", |b, r| {
        assert_eq!(
            r.as_deref(),
            Some(
                "5-5@9,9h may not be laid: it would touch no domino on the table (it must share a side with one)"
            ),
            "{b}"
        );
    });
    each("ana domino 5-5@0,0v\n", "", "", |b, r| {
        assert_eq!(
            r.as_deref(),
            Some(
                "5-5@0,0v may not be laid: square 0,0 is already covered by 6-4@0,0h; square 0,1 is already covered by 1-3@0,1h"
            ),
            "{b}"
        );
    });
    each("ana domino 5-5@-2,0h\n", "", "", |b, r| {
        assert_eq!(r, None, "{b}")
    });
    let v = play("pokino", BEADS, "", "", "ana domino 5-5@9,9h\n");
    let i = v.illegal.unwrap();
    assert_eq!((i.line, i.player.as_deref()), (5, Some("ana")));
    assert_eq!(i.rule, "laying a domino");
    assert_eq!(i.legal[0], "5-5@0,-2v");
}

#[test]
fn a_run_off_its_squares_or_off_its_numbers() {
    each("ana run QC 4H @ 2,0 5,5\n", "QC 4H", "", |b, r| {
        assert_eq!(
            r.as_deref(),
            Some("step 2 of the run: no domino covers square 5,5"),
            "{b}"
        );
    });
    each("ana run QC 3S @ 2,0 1,0\n", "QC 3S", "", |b, r| {
        assert_eq!(
            r.as_deref(),
            Some("3♠ is not the number on square 1,0, which is 4"),
            "{b}"
        );
    });
    each("ana run QC 4H 3S @ 2,0 1,0\n", "QC 4H 3S", "", |b, r| {
        assert_eq!(
            r.as_deref(),
            Some("3 cards on 2 squares: each card lies on one square"),
            "{b}"
        );
    });
    let v = play("pokino", BEADS, "QC 3S", "", "ana run QC 3S @ 2,0 1,0\n");
    assert_eq!(v.illegal.unwrap().rule, "a card on each square");
}

#[test]
fn two_numbers_of_one_domino_in_a_row() {
    each("ana run 6S 4H @ 0,0 1,0\n", "6S 4H", "", |b, r| {
        if b == "pokino-tear-down" {
            assert_eq!(r, None);
        } else {
            assert_eq!(
                r.as_deref(),
                Some(
                    "step 2 of the run: two numbers in a row come from one domino (allowed only under Tear Down the Walls)"
                ),
                "{b}"
            );
        }
    });
    let v = play(
        "pokino-tear-down",
        BEADS,
        "6S 4H",
        "",
        "ana run 6S 4H @ 0,0 1,0\n",
    );
    assert_eq!(v.game.torn, vec![Domino::new(6, 4)]);
    assert_eq!(v.game.board.len(), 3);
    // It is out of play: no one lays it again.
    let again = Event::Turn {
        player: "ben".into(),
        play: Play::Domino("4-6@-2,0h".parse().unwrap()),
        draws: None,
    };
    assert_eq!(
        v.game.clone().apply(&again),
        Err(Illegal::DominoTorn {
            domino: Domino::new(4, 6)
        })
    );
}

#[test]
fn a_claimed_border_and_a_border_used_twice() {
    let body = "ana run QC 4H 3S @ 2,0 1,0 1,1\nben run 4D 3D @ 1,0 1,1\n";
    each(body, "QC 4H 3S", "4D 3D", |b, r| {
        assert_eq!(
            r.as_deref(),
            Some(
                "step 2 of the run: border 1,0-1,1 is claimed by ana, and no other player may use it"
            ),
            "{b}"
        );
    });
    each(
        "ana run 4H 3S 4D @ 1,0 1,1 1,0\n",
        "4H 3S 4D",
        "",
        |b, r| {
            assert_eq!(
                r.as_deref(),
                Some("step 3 of the run: border 1,1-1,0 is crossed twice"),
                "{b}"
            );
        },
    );
}

#[test]
fn too_few_beads_except_under_greed() {
    for base in VARIANTS {
        let v = play(base, "", "QC 4H", "", "ana run QC 4H @ 2,0 1,0\n");
        if base == "pokino-greed" {
            assert!(v.illegal.is_none());
        } else {
            let i = v.illegal.unwrap();
            assert_eq!(i.reason, "2 cards cost 2 beads and the player has 1");
            assert_eq!(i.legal, vec!["a domino laid, which earns a bead"]);
        }
    }
}

#[test]
fn a_card_not_in_hand() {
    each("ana run QD 4H @ 2,0 1,0\n", "QC 4H", "", |b, r| {
        let r = r.unwrap();
        assert!(
            r.starts_with("Q♦ is not in the player's hand (Q♣ 4♥"),
            "{b}: {r}"
        );
    });
    // Not typed: any card not seen elsewhere may be in a hand.
    let r = rules("pokino", BEADS);
    let text = format!("players: ana ben\n{SPOKE4}\nana run QD 4H @ 2,0 1,0\n");
    let v = check(&Source::new("t", text.as_str()), &r).unwrap();
    assert!(v.games[0].illegal.is_none());
    // A card in another known hand, or played already, is not.
    let v = play("pokino", BEADS, "", "QD 4H", "ana run QD 4H @ 2,0 1,0\n");
    assert_eq!(reason(&v).unwrap(), "Q♦ is in ben's hand");
}

#[test]
fn a_turn_out_of_order() {
    each("ben pass\n", "", "", |b, r| {
        assert_eq!(r.as_deref(), Some("it is ana's turn, not ben's"), "{b}");
    });
    each("ana pass\nana pass\n", "", "", |b, r| {
        assert_eq!(r.as_deref(), Some("it is ben's turn, not ana's"), "{b}");
    });
}

#[test]
fn ruling_first_player() {
    let v = play(
        "pokino",
        "rulings:\n  first-player: first-to-play\n",
        "",
        "",
        "ben pass\nana pass\nben pass\n",
    );
    assert!(v.illegal.is_none());
    let v = play(
        "pokino",
        "rulings:\n  first-player: first-to-play\n",
        "",
        "",
        "ben pass\nben pass\n",
    );
    assert_eq!(reason(&v).unwrap(), "it is ana's turn, not ben's");
}

#[test]
fn ruling_pass() {
    assert!(play("pokino", "", "", "", "ana pass\n").illegal.is_none());
    let v = play(
        "pokino",
        "rulings:\n  pass: without-domino\n",
        "",
        "",
        "ana pass\n",
    );
    assert_eq!(
        reason(&v).unwrap(),
        "a player holding a domino may not pass (3 held; ruling pass is `without-domino`)"
    );
}

#[test]
fn ruling_runs_per_turn() {
    let body = "ana run QC 4H @ 2,0 1,0 run 6S AC @ 0,0 0,1\n";
    let v = play("pokino", BEADS, "QC 4H 6S AC", "", body);
    assert_eq!(
        reason(&v).unwrap(),
        "one run per turn (ruling runs-per-turn is `one`)"
    );
    let house = "rulings:\n  runs-per-turn: several\nvalues:\n  start-beads: 5\n";
    let v = play("pokino", house, "QC 4H 6S AC", "", body);
    assert!(v.illegal.is_none());
    assert_eq!(v.scores["ana"], 10);
    assert_eq!(v.beads["ana"], 1);
}

#[test]
fn ruling_steps_sides_only() {
    let v = play("pokino", BEADS, "4H 8S", "", "ana run 4H 8S @ 1,0 2,1\n");
    assert_eq!(
        reason(&v).unwrap(),
        "step 2 of the run: squares 1,0 and 2,1 do not share a side (ruling steps is `sides`)"
    );
    assert!(
        play("pokino", BEADS, "3H 8S", "", "ana run 3H 8S @ 1,1 2,1\n")
            .illegal
            .is_none()
    );
}

#[test]
fn ruling_steps_diagonals() {
    let house = "rulings:\n  steps: diagonals\nvalues:\n  start-beads: 5\n";
    // 4 (1,0, on 6-4) and 8 (2,1, on 12-8) meet at a corner: one pair, claimed.
    let v = play("pokino", house, "4H 8S", "", "ana run 4H 8S @ 1,0 2,1\n");
    assert!(v.illegal.is_none(), "{:?}", v.illegal);
    assert_eq!(v.scores["ana"], 5);
    let claimed: Vec<&str> = v.claimed.iter().map(|c| c.border.as_str()).collect();
    assert_eq!(claimed, ["1,0-2,1"]);
    // Written without squares: the one walk, across the corner.
    let v = play("pokino", house, "4H 8S", "", "ana run 4H 8S\n");
    assert!(v.illegal.is_none(), "{:?}", v.illegal);
    // The pair is then closed; the other pair through that corner (12 and 3) is not.
    let body = "ana run 4H 8S @ 1,0 2,1\nben run 8D 4S @ 2,1 1,0\n";
    let v = play("pokino", house, "4H 8S", "8D 4S", body);
    assert_eq!(
        reason(&v).unwrap(),
        "step 2 of the run: corner pair 2,1-1,0 is claimed already"
    );
    let body = "ana run 4H 8S @ 1,0 2,1\nben run QD 3S @ 2,0 1,1\n";
    let v = play("pokino", house, "4H 8S", "QD 3S", body);
    assert!(v.illegal.is_none(), "{:?}", v.illegal);
    assert_eq!(v.claimed.len(), 2);
    // Squares two apart touch not even at a corner.
    let v = play("pokino", house, "6S 9H", "", "ana run 6S 9H @ 0,0 2,2\n");
    assert_eq!(
        reason(&v).unwrap(),
        "step 2 of the run: squares 0,0 and 2,2 neither share a side nor meet at a corner (ruling steps is `diagonals`)"
    );
    // Under the default the same corner step is refused, the ruling named.
    let v = play("pokino", BEADS, "4H 8S", "", "ana run 4H 8S\n");
    assert!(v.illegal.is_some());
}

/// Two players holding 43 dominoes each leave one in the poke.
const ONE_IN_POKE: &str = "values:\n  start-dominoes: 43\n";

#[test]
fn the_poke_empties_and_ruling_poke_end() {
    let v = play("pokino", ONE_IN_POKE, "", "", "ana domino 5-5@-2,0h\n");
    assert!(v.over);
    assert_eq!(v.end, Some(End::PokeEmpty));
    assert_eq!(v.poke, 0);
    let after = format!("{ONE_IN_POKE}rulings:\n  poke-end: after-round\n");
    let v = play("pokino", &after, "", "", "ana domino 5-5@-2,0h\n");
    assert!(!v.over);
    let v = play(
        "pokino",
        &after,
        "",
        "",
        "ana domino 5-5@-2,0h\nben domino 7-7@3,0h\n",
    );
    assert!(v.over);
    assert_eq!(v.dominoes["ben"], 42);
    let v = play(
        "pokino",
        &after,
        "",
        "",
        "ana domino 5-5@-2,0h\nben pass\nana pass\n",
    );
    assert_eq!(reason(&v).unwrap(), "no line may follow the game's end");
}

#[test]
fn ruling_win_ties() {
    let v = play("pokino", ONE_IN_POKE, "", "", "ana domino 5-5@-2,0h\n");
    assert_eq!(v.winners, vec!["ana", "ben"]);
    assert_eq!(v.winner, None);
    let house = format!("{ONE_IN_POKE}rulings:\n  win-ties: nobody\n");
    let v = play("pokino", &house, "", "", "ana domino 5-5@-2,0h\n");
    assert!(v.winners.is_empty());
    assert!(v.outcome().contains("no one wins"));
}

#[test]
fn pokino_ends_the_game_at_once() {
    for base in VARIANTS {
        let house = "values:\n  start-cards: 2\n  up-cards: 2\n  start-beads: 5\n";
        let v = play(base, house, "QC 4H", "", "ana run QC 4H @ 2,0 1,0\n");
        assert_eq!(v.pokino.as_deref(), Some("ana"), "{base}");
        assert_eq!(v.winner.as_deref(), Some("ana"));
        assert_eq!(v.hand_sizes["ana"], 0);
    }
}

#[test]
fn pokino_up_draws_only_below_seven() {
    let v = play("pokino-up", BEADS, "", "", "ana pass\n");
    assert_eq!(v.hand_sizes["ana"], 7);
    let v = play("pokino-up", BEADS, "", "", "ana pass draws 9H\n");
    assert_eq!(
        reason(&v).unwrap(),
        "no card is drawn: under Pokino-Up! a player holding 7 cards does not draw"
    );
    let v = play("pokino", BEADS, "", "", "ana pass draws 9H\n");
    assert_eq!(v.hand_sizes["ana"], 6);
    assert!(v.game.players[0].known.contains(&"9H".parse().unwrap()));
}

#[test]
fn ruling_deck() {
    let v = play(
        "pokino",
        "rulings:\n  deck: face-down\n",
        "",
        "",
        "ana pass draws 9H\n",
    );
    assert_eq!(
        reason(&v).unwrap(),
        "the deck is face down, so no one sees the card drawn (ruling deck is `face-down`)"
    );
    assert!(
        play(
            "pokino",
            "rulings:\n  deck: face-down\n",
            "",
            "",
            "ana pass\n"
        )
        .illegal
        .is_none()
    );
}

#[test]
fn ruling_empty_deck() {
    let full = "values:\n  start-cards: 26\n";
    let v = bare("pokino", full, "ana pass\nben pass\n");
    assert!(v.illegal.is_none() && !v.over);
    assert_eq!(v.hand_sizes["ana"], 26);
    let ends = format!("{full}rulings:\n  empty-deck: ends\n");
    let v = bare("pokino", &ends, "ana pass\n");
    assert_eq!(v.end, Some(End::DeckEmpty));
}

#[test]
fn ruling_bank() {
    let v = play("pokino", "", "", "", "ana domino 5-5@-2,0h\n");
    assert_eq!(v.beads["ana"], 2);
    let v = play(
        "pokino",
        "rulings:\n  bank: limited\nvalues:\n  bank-beads: 0\n",
        "",
        "",
        "ana domino 5-5@-2,0h\n",
    );
    assert_eq!(v.beads["ana"], 1);
    assert!(
        v.turns[3]
            .text
            .contains("takes no bead (the bank is empty)")
    );
}

#[test]
fn ruling_placement() {
    assert!(
        play("pokino", "", "", "", "ana domino 5-5@0,2h\n")
            .illegal
            .is_none()
    );
    let v = play(
        "pokino",
        "rulings:\n  placement: one-contact\n",
        "",
        "",
        "ana domino 5-5@0,2h\n",
    );
    let i = v.illegal.unwrap();
    assert_eq!(i.rule, "ruling placement");
}

#[test]
fn ruling_own_borders() {
    let body = "ana run QC 4H @ 2,0 1,0\nben pass\nana run QD 4D @ 2,0 1,0\n";
    let v = play("pokino", BEADS, "QC 4H QD 4D", "", body);
    assert_eq!(
        reason(&v).unwrap(),
        "step 2 of the run: ana claimed border 2,0-1,0 before, and a claimed border is closed to its claimer too (ruling own-borders: closed)"
    );
    let open = "rulings:\n  own-borders: open\nvalues:\n  start-beads: 5\n";
    let v = play("pokino", open, "QC 4H QD 4D", "", body);
    assert!(v.illegal.is_none());
    assert_eq!(v.claimed.len(), 1);
    assert_eq!(v.scores["ana"], 10);
    // Still closed to the other player.
    let v = play(
        "pokino",
        open,
        "QC 4H",
        "QD 4D",
        "ana run QC 4H @ 2,0 1,0\nben run QD 4D @ 2,0 1,0\n",
    );
    assert!(v.illegal.is_some());
}

#[test]
fn ruling_torn_tokens() {
    let body = "ana run QC 4H 3S @ 2,0 1,0 1,1\nben run 6D 4D @ 0,0 1,0\n";
    let v = play("pokino-tear-down", BEADS, "QC 4H 3S", "6D 4D", body);
    assert!(v.illegal.is_none(), "{:?}", v.illegal);
    assert_eq!(v.claimed.len(), 2);
    let leave = "rulings:\n  torn-tokens: leave\nvalues:\n  start-beads: 5\n";
    let v = play("pokino-tear-down", leave, "QC 4H 3S", "6D 4D", body);
    assert_eq!(v.claimed.len(), 0);
}

#[test]
fn ruling_torn_split() {
    // 12-8 holds 9-0 to the rest: tearing it off leaves 9-0 apart.
    let body = "ana run QD 8D @ 2,0 2,1\n";
    let v = play("pokino-tear-down", BEADS, "QD 8D", "", body);
    assert!(v.illegal.is_none());
    let house = "rulings:\n  torn-split: forbidden\nvalues:\n  start-beads: 5\n";
    let v = play("pokino-tear-down", house, "QD 8D", "", body);
    assert_eq!(
        reason(&v).unwrap(),
        "12-8 would leave the board in pieces (ruling torn-split is `forbidden`)"
    );
}

#[test]
fn ruling_long_runs() {
    let mut r = rules("pokino", "");
    let cards: Vec<Card> = crate::notation::test_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS");
    let mut g = Referee::new(&["a".into(), "b".into()], None, &r).unwrap();
    g.apply(&Event::Spoke(vec![
        "6-4@0,0h".parse().unwrap(),
        "1-3@0,1h".parse().unwrap(),
        "12-8@2,0v".parse().unwrap(),
        "9-0@2,2h".parse().unwrap(),
    ]))
    .unwrap();
    let turn = Event::Turn {
        player: "a".into(),
        play: Play::Runs(vec![RunPlay {
            cards,
            squares: None,
        }]),
        draws: None,
    };
    assert!(matches!(
        g.clone().apply(&turn),
        Err(Illegal::NoWalk { .. })
    ));
    r.ruled.long_runs = ruling::LongRuns::Forbidden;
    g.rules = r;
    assert_eq!(g.apply(&turn), Err(Illegal::RunTooLong { length: 11 }));
}

#[test]
fn the_spoke() {
    let r = rules("pokino", "");
    let reason_of = |text: &str, r: &Rules| {
        let t = format!("players: ana ben\n{text}");
        check(&Source::new("t", t.as_str()), r).unwrap().games[0]
            .illegal
            .as_ref()
            .map(|i| i.reason.clone())
    };
    assert_eq!(
        reason_of("ana pass\n", &r).as_deref(),
        Some("the starting spoke is not laid yet (a `spoke:` line comes before the first turn)")
    );
    assert_eq!(
        reason_of("spoke: 6-4@0,0h 1-3@0,1h\n", &r).as_deref(),
        Some("the starting spoke is 4 dominoes, not 2")
    );
    assert_eq!(
        reason_of(&format!("{SPOKE4}\n{SPOKE4}\n"), &r).as_deref(),
        Some("the starting spoke is laid already")
    );
    assert_eq!(
        reason_of("spoke: 6-4@0,0h 1-3@0,0h 12-8@2,0v 9-0@2,2h\n", &r).as_deref(),
        Some(
            "1-3@0,0h may not be laid: square 0,0 is already covered by 6-4@0,0h; square 1,0 is already covered by 6-4@0,0h"
        )
    );
    let apart = "spoke: 6-4@0,0h 1-3@5,5h 12-8@9,9v 9-0@-9,0h\n";
    assert_eq!(reason_of(apart, &r), None);
    let connected = rules("pokino", "rulings:\n  spoke: connected\n");
    assert_eq!(
        reason_of(apart, &connected).as_deref(),
        Some("the 4 dominoes of the starting spoke do not all touch (ruling spoke is `connected`)")
    );
    assert_eq!(reason_of(&format!("{SPOKE4}\n"), &connected), None);
}

#[test]
fn hands_as_written() {
    let r = rules("pokino", "");
    let t = format!("players: ana ben\n{SPOKE4}\nana: AS 2S 3S\n");
    let v = check(&Source::new("t", t.as_str()), &r).unwrap();
    assert_eq!(
        v.games[0].illegal.as_ref().unwrap().reason,
        "ana holds 5 cards, not 3"
    );
    let t = format!("players: ana ben\n{SPOKE4}\nana: AS 2S 3S 4S 4S\n");
    let v = check(&Source::new("t", t.as_str()), &r).unwrap();
    assert_eq!(
        v.games[0].illegal.as_ref().unwrap().reason,
        "4♠ is named twice"
    );
    let t = format!(
        "players: ana ben\n{SPOKE4}\nana pass draws 9H\nben pass\nana: AS 2S 3S 4S 5S 6S\n"
    );
    let v = check(&Source::new("t", t.as_str()), &r).unwrap();
    assert_eq!(
        v.games[0].illegal.as_ref().unwrap().reason,
        "9♥ is known to be in this hand and is not named"
    );
}

#[test]
fn a_known_deal_is_dealt_and_drawn_in_order() {
    let r = rules("pokino", "");
    let mut dominoes: Vec<Domino> = Domino::set().collect();
    dominoes.reverse(); // 12-12 first
    let cards: Vec<Card> = Card::plain_deck().collect();
    let deal = Deal { dominoes, cards };
    let names = ["ana".to_string(), "ben".to_string()];
    let g = Referee::new(&names, Some(&deal), &r).unwrap();
    assert_eq!(g.players[0].known.len(), 5);
    assert_eq!(g.players[1].held.as_ref().unwrap().len(), 3);
    assert_eq!(g.poke_order.as_ref().unwrap().len() as u32, g.poke);
    assert_eq!(g.deck_order.as_ref().unwrap().len() as u32, g.deck);
    let bad = Deal {
        dominoes: vec![],
        cards: vec![],
    };
    assert_eq!(
        Referee::new(&names, Some(&bad), &r),
        Err(SetupError::BadDeal)
    );
}
