use super::bot::{Bot, play_out, play_out_with};
use super::*;

/// The virtual pack a seed deals, round by round, recorded with rand 0.10.3's `StdRng`
/// and `shuffle` (before src/shuffle.rs): saved virtual games replay only if these stay.
#[test]
fn virtual_deals_are_pinned_across_rand_upgrades() {
    // Seed, round: the pack, top card first.
    const PINNED: &str = "\
0 0: QD 2H 8S 4S 3C 9D 7C 7H AD QS KD 10H 10D 6C KH 2D 5H 5C 5S 10S JS AS JH 3H KS 4C AC QC 4H 7D 3S 9H JC QH AH 6S JD 10C 8D 4D 2C 9C 6D 2S 6H 8H KC 7S 8C 9S 5D 3D
0 4: 2S 6C QC JH 10S AS 8H 7H 10C 8S 2C AD KC 10D KS 3H AH 9H 4D 6H QH 2D AC 5D KD 10H 9D 5C JS 3C 3D 6S 2H 5S 8C JC 3S 7S 6D QS KH 9C 4S 8D JD 4C 7C 4H 9S 5H 7D QD
1 0: AS 2D JH 9H 2C 3S 6D 4C 7C AD 7D KS JS 4S 6S 7H 3D AC QH 5C KH 4H 9S 3C 6H KC 8D QC 8S QS KD 2S 10H 5H 10S 7S 9C JD JC 8H 3H 2H 10C 5S QD 6C 8C 5D 10D 9D AH 4D
1 4: JC 4S 7H 10D 5D JD 9C KH 10S 2H 8C 6C 7C 8D 2D QC QH 8H JS 6S 10H 3D 6H 5H 5C KC AS 10C 7D 7S 2C 9D AC 4C 4H AH 8S 3H 9S 2S JH 6D KD 3C 4D 3S 5S QS KS 9H QD AD
3 0: 5C 6H 2S KC AC AD QD 10H 3H JH 2C 9C 4D 2D 3C JS AS 10D 4C 8S 5H 5S QS 7D 7H QC KS 9H 8D QH 7C 3D 10C 10S 5D JC JD 9S 6D KD 3S 8H AH 6S 4S 7S KH 2H 4H 9D 8C 6C
3 4: 7H 8C 9S 7S JD 2H AS 6C 10D KS 10C 4D QS KH 5H JH KD KC QH 6S 6D 2S 4H AC 8H 6H 10S 10H 9D 3D 2D 4S 9C JS 9H 7D 8S QC 3H 7C 4C 2C 5S JC QD 3C AD 5C 8D AH 5D 3S
15 0: AC 6S 8D 2D 10C 9D 2C 5C 7C QS 10D 6H JD 3S 2S 2H 8H 9C JS 7D QH KH 7S QD 6D 5S JC 4S 3D 3H 5H 10H 9S 4D KD 8S 9H 5D 8C 4C 6C AH 7H AD 4H JH AS 10S KS 3C KC QC
15 4: 6D JH 10S 7H 5H 8S 4D 10D 8H 3S 9C KD 5C 10H 3C QC JD 7S AS 2S 8C JS 4H AC AH QS QD 2D 6S 10C KC 6H 2C 9D QH KS 9H JC 5S 8D 7C 3D 7D 2H 3H AD 9S 4S 5D 6C KH 4C
42 0: JD 6C AH 3S 2S 8H KH 10H 7H 9D 6H 5D 5C 4S 3D 3C JH 6D 10C 5S 6S 2H AD QS 8C 3H KC 4C 8D 7C KD KS 7S QC AS 5H 10D 8S 4D JS 10S 2D AC 9S 4H QH JC 9C 2C 7D QD 9H
42 4: KD 8C QC KC 6S QD 5H 8S 10H 4C 4D QS 7C KS 3D 7D 10C 6D 3S AD AH 2H 9S 2D 3C JS AC 6H 5S 5C KH 6C 8D 5D AS 7S 2S 3H 9H 9C JC JD 4H 10D 4S 8H 2C 7H JH 10S QH 9D
18446744073709551615 0: 5S 6H 8C 9S 2S 3D KH 2H KC 6C AH 4D 2C 10D 6S 4C 10S 8D QC 7S 3S 8H 5D 2D 4H 10H 3C 9D JD AS AC JS 4S QS KD 9H JH 5H JC 9C 6D 7C QH KS 7H 8S QD AD 5C 7D 10C 3H
18446744073709551615 4: 2S AS 4D 9S 3D 6D 3C JC QC AD 7D JH 10D 2C 2H 4C 5H 3S 8C 8H 10C 7C 10S 6C 6H 7S AC QH 7H 5D 9D QS 10H KH 6S 9C KD 5S JD KS JS KC 9H 8D 4H AH QD 5C 3H 4S 8S 2D
";
    for line in PINNED.lines() {
        let (key, deal) = line.split_once(": ").unwrap();
        let (seed, round) = key.split_once(' ').unwrap();
        let (seed, round): (u64, u32) = (seed.parse().unwrap(), round.parse().unwrap());
        let got = shuffled(Card::plain_deck().collect(), seed, round);
        assert_eq!(
            crate::cards::code_cards(&got),
            deal,
            "seed {seed}, round {round}"
        );
    }
    assert_eq!(PINNED.lines().count(), 12);
}

fn start(players: &[&str], alora: bool, deck: Deck) -> Game {
    let rs = Ruleset::builtin("kinkado").unwrap();
    let setup = Setup {
        players: players.iter().map(|p| p.to_string()).collect(),
        alora,
        deck,
        private: false,
    };
    Game::start(&setup, &rs).unwrap()
}

fn conserved(g: &Game) {
    assert_eq!(
        g.money_on_table(),
        i64::from(g.start_total) + g.bank_net,
        "round {} {:?}",
        g.round,
        g.phase
    );
    if g.virtual_seed().is_some() {
        assert_eq!(
            g.deck.len(),
            g.deck_size(),
            "deck count, round {} {:?}",
            g.round,
            g.phase
        );
    }
    assert!(g.seats.iter().all(|s| s.held() <= g.rules.hand_limit + 3));
    // Every card is somewhere: the cards nobody is known to hold are the hidden
    // cards in hands plus the deck.
    if g.virtual_seed().is_some() {
        let mut all: Vec<Card> = g.deck.clone();
        all.extend(&g.market);
        all.extend(&g.pool_cards);
        all.extend(&g.played_pile);
        for s in &g.seats {
            all.extend(&s.known);
        }
        let jokers = all.iter().filter(|c| c.is_joker()).count();
        all.sort();
        let n = all.len();
        all.dedup();
        assert_eq!(
            (n, jokers),
            (
                all.len() + jokers.saturating_sub(1),
                2 - g.jokers_in_tracker()
            ),
            "round {} {:?} hist {:?}",
            g.round,
            g.phase,
            g.history.last()
        );
    }
    let free = g.free_cards().len();
    let hidden: usize = g.seats.iter().map(|s| s.hidden).sum();
    assert_eq!(
        free,
        hidden + g.deck_size(),
        "card accounting, round {} {:?} hidden {hidden} deck {} free {:?} pool {:?} tracker {}",
        g.round,
        g.phase,
        g.deck_size(),
        g.free_cards(),
        g.pool_cards,
        g.jokers_in_tracker()
    );
}

#[test]
fn solo_physical_game_runs_nine_rounds() {
    let g = start(&["you"], true, Deck::Physical);
    let (answers, _, end) = play_out(g, &Bot::default(), 10_000, conserved).unwrap();
    assert_eq!(end.phase, Phase::Over);
    assert_eq!(end.history.len(), 9);
    assert!(!answers.is_empty());
}

#[test]
fn three_players_and_alora_physical() {
    let g = start(&["ana", "bo", "cy"], true, Deck::Physical);
    let (_, _, end) = play_out(
        g,
        &Bot {
            sells: 2,
            buys: true,
            extra_bet: 2,
            bold: true,
        },
        10_000,
        conserved,
    )
    .unwrap();
    assert_eq!(end.phase, Phase::Over);
}

#[test]
fn three_players_and_alora_virtual() {
    let g = start(&["ana", "bo", "cy"], true, Deck::shuffled(7));
    let (_, _, end) = play_out(
        g,
        &Bot {
            sells: 2,
            buys: true,
            extra_bet: 3,
            bold: true,
        },
        10_000,
        conserved,
    )
    .unwrap();
    assert_eq!(end.phase, Phase::Over);
}

#[test]
fn setup_checks() {
    let s = |p: &[&str], a: bool| {
        Setup {
            players: p.iter().map(|x| x.to_string()).collect(),
            alora: a,
            deck: Deck::Physical,
            private: false,
        }
        .check(&Rules::standard())
    };
    assert!(s(&["a"], false).is_err());
    assert!(s(&["a", "b", "c", "d"], true).is_err());
    assert!(s(&["a", "A"], true).is_err());
    assert!(s(&["alora"], true).is_err());
    assert!(s(&["a", "b", "c"], true).is_ok());
}

/// What `g` says to `a`, which it must refuse.
fn refused(g: &Game, a: Action) -> PlayError {
    g.clone().apply(&a).unwrap_err()
}

#[test]
fn refuses_impossible_moves() {
    let mut g = start(&["ana"], true, Deck::Physical);
    g.apply(&Action::Deal { cards: vec![] }).unwrap();
    g.apply(&Action::Prize {
        card: Some("KH".parse().unwrap()),
    })
    .unwrap();
    let c = |s: &str| s.parse::<crate::notation::CardList>().unwrap().0;
    let sell = |cards: &str| Action::Sell {
        seat: 0,
        cards: c(cards),
    };
    // A card in the prize pool cannot be sold; nor four cards.
    let e = refused(&g, sell("KH"));
    assert!(
        matches!(e, PlayError::Elsewhere(_, Place::PrizePool)),
        "{e}"
    );
    assert_eq!(refused(&g, sell("2S 3S 4S 5S")), PlayError::SellsAtMost(3));
    g.apply(&sell("2S")).unwrap();
    // ALORA shows 7 cards; 2♠ is in the market.
    let shows = |cards: &str| Action::AloraShows { cards: c(cards) };
    let e = refused(&g, shows("2S 3D 4D 5D 6D 7D 8D"));
    assert!(matches!(e, PlayError::Elsewhere(_, Place::Market)), "{e}");
    g.apply(&shows("3D 4D 5D 6D 7D 8D 9D")).unwrap();
    let Step::Auto(a) = g.next() else {
        panic!("ALORA sells by herself")
    };
    assert_eq!(a, Action::AloraSells { cards: c("3D 4D") });
    g.apply(&a).unwrap();
    refuses_impossible_buys_bets_and_plays(g);
}

/// The rest of [`refuses_impossible_moves`], from the buy phase.
fn refuses_impossible_buys_bets_and_plays(mut g: Game) {
    let c = |s: &str| s.parse::<crate::notation::CardList>().unwrap().0;
    let buy = |market: &str, deck| Action::Buy {
        seat: 0,
        market: c(market),
        deck,
        drawn: vec![],
    };
    // Buy phase: ana holds 6, may buy 1.
    let e = refused(&g, buy("", 2));
    assert!(matches!(e, PlayError::HandLimit { held: 6, .. }), "{e}");
    assert_eq!(
        e.to_string(),
        "ana holds 6 and may hold at most 7: buy at most 1"
    );
    g.apply(&buy("3D", 0)).unwrap();
    let Step::Auto(a) = g.next() else { panic!() };
    g.apply(&a).unwrap();
    // Bets: above $25, or below the minimum, are refused.
    let bet = |amount| Action::Bet { seat: 0, amount };
    assert_eq!(refused(&g, bet(26)), PlayError::BetAbove(25));
    assert_eq!(refused(&g, bet(0)), PlayError::BelowMinimum(1));
    g.apply(&bet(3)).unwrap();
    let Step::Auto(a) = g.next() else { panic!() };
    g.apply(&a).unwrap();
    let play = |cards: &str| Action::Play {
        seat: 0,
        cards: c(cards),
    };
    assert_eq!(refused(&g, play("AS")), PlayError::HandSize(1));
    let e = refused(&g, play("AS 9D"));
    assert!(
        matches!(&e, PlayError::Elsewhere(_, Place::Hand(s)) if s == ALORA),
        "{e}"
    );
    conserved(&g);
}

fn rules_with(pairs: &[(&str, &str)]) -> Ruleset {
    let mut rs = Ruleset::builtin("kinkado").unwrap();
    for (id, alt) in pairs {
        rs = rs.with_named(id, alt).unwrap();
    }
    rs
}

use crate::notation::test_cards as cards;

/// A solo game with real cards, up to ALORA's bet in round 1, with her hand given.
#[test]
fn the_pick_made_for_alora_takes_enter_for_the_lowest_suit_in_bridge_order() {
    assert_eq!(default_pick(&cards("7H 7D"), 1), cards("7D"));
    assert_eq!(default_pick(&cards("3S 3H 3C"), 1), cards("3C"));
    assert_eq!(default_pick(&cards("7S 7H 7D"), 2), cards("7D 7H"));
    assert_eq!(default_pick(&cards("JK 10S"), 1), cards("10S"));
    let from = cards("7H 7D");
    assert_eq!(read_pick("", 1, &from, true).unwrap(), cards("7D"));
    assert_eq!(read_pick(" 7h ", 1, &from, true).unwrap(), cards("7H"));
    for wrong in ["deck", "7S", "7H 7D", "none", "3C AH", "7H 7H"] {
        assert_eq!(
            read_pick(wrong, 1, &from, true).unwrap_err().to_string(),
            "type which of 7♥ 7♦ goes to the market for ALORA (e.g. 7D), or press Enter for 7♦",
            "{wrong}"
        );
    }
    assert_eq!(
        read_pick("4C", 1, &from, false).unwrap_err().to_string(),
        "type which of 7♥ 7♦ she takes from the market for ALORA (e.g. 7D), or press Enter for 7♦"
    );
}

#[test]
fn a_bet_with_one_legal_amount_is_kados_and_said() {
    let mut g = to_alora_bet(&Ruleset::builtin("kinkado").unwrap());
    // Round 2: ALORA deals and bets first; then ana, who has $1 left (the minimum).
    g.phase = Phase::Bet;
    for s in &mut g.seats {
        s.bet = None;
        s.done = false;
    }
    let ana = g.seats.iter().position(|s| s.name == "ana").unwrap();
    g.seats[ana].stash = 1;
    let alora = g.alora_index().unwrap();
    g.seats[alora].done = true;
    g.seats[alora].bet = Some(1);
    let forced = Action::Bet { seat: 0, amount: 1 };
    assert_eq!(g.current(), Some(ana));
    assert_eq!(g.next(), Step::Auto(forced.clone()));
    let said = g.apply(&forced).unwrap();
    assert_eq!(
        said[0],
        "kado answers for ana: ana bets $1 (ana has $1 and the minimum bet is $1)."
    );
}

fn to_alora_bet(rs: &Ruleset) -> Game {
    let setup = Setup {
        players: vec!["ana".into()],
        alora: true,
        deck: Deck::Physical,
        private: false,
    };
    let mut g = Game::start(&setup, rs).unwrap();
    g.apply(&Action::Deal { cards: vec![] }).unwrap();
    g.apply(&Action::Prize {
        card: Some("2C".parse().unwrap()),
    })
    .unwrap();
    g.apply(&Action::Sell {
        seat: 0,
        cards: vec![],
    })
    .unwrap();
    g.apply(&Action::AloraShows {
        cards: cards("KS 3D 4D 5D 6D 7D 8D"),
    })
    .unwrap();
    let Step::Auto(a) = g.next() else {
        panic!("ALORA sells")
    };
    g.apply(&a).unwrap();
    g.apply(&Action::Buy {
        seat: 0,
        market: vec![],
        deck: 0,
        drawn: vec![],
    })
    .unwrap();
    let Step::Auto(a) = g.next() else {
        panic!("ALORA buys")
    };
    g.apply(&a).unwrap();
    g.apply(&Action::Bet { seat: 0, amount: 1 }).unwrap();
    g
}

#[test]
fn alora_face_up_ruling_both_sides() {
    // Her hand was turned up at her sell turn: the K♠ she kept is face up, she bets $20.
    let g = to_alora_bet(&Ruleset::builtin("kinkado").unwrap());
    assert_eq!(
        g.next(),
        Step::Auto(Action::AloraBets {
            amount: 20,
            bank: false
        })
    );
    // bought-only: she bought nothing worth showing (3♦ 4♦ went to the market and she
    // buys the best card of 6 or more there: none), so the round minimum, $1.
    let g = to_alora_bet(&rules_with(&[ruling::AloraFaceUp::BoughtOnly.named()]));
    assert_eq!(
        g.next(),
        Step::Auto(Action::AloraBets {
            amount: 1,
            bank: false
        })
    );
}

#[test]
fn game_tie_ruling_both_sides() {
    let mut g = start(&["ana"], true, Deck::Physical);
    g.phase = Phase::Over;
    assert_eq!(g.winners(), vec!["ana".to_string(), "alora".to_string()]);
    let mut g2 = Game::start(&g.setup, &rules_with(&[ruling::GameTie::AloraWins.named()])).unwrap();
    g2.phase = Phase::Over;
    assert_eq!(g2.winners(), vec!["alora".to_string()]);
}

#[test]
fn buy_sources_ruling_both_sides() {
    for (rs, mixed_ok) in [
        (Ruleset::builtin("kinkado").unwrap(), true),
        (rules_with(&[ruling::BuySources::OneSource.named()]), false),
    ] {
        let setup = Setup {
            players: vec!["ana".into()],
            alora: true,
            deck: Deck::Physical,
            private: false,
        };
        let mut g = Game::start(&setup, &rs).unwrap();
        g.apply(&Action::Deal { cards: vec![] }).unwrap();
        g.apply(&Action::Prize {
            card: Some("2C".parse().unwrap()),
        })
        .unwrap();
        g.apply(&Action::Sell {
            seat: 0,
            cards: cards("9S 9H"),
        })
        .unwrap();
        g.apply(&Action::AloraShows {
            cards: cards("KS 3D 4D 5D 6D 7D 8D"),
        })
        .unwrap();
        let Step::Auto(a) = g.next() else { panic!() };
        g.apply(&a).unwrap();
        let buy = Action::Buy {
            seat: 0,
            market: cards("9S"),
            deck: 1,
            drawn: vec![],
        };
        assert_eq!(g.clone().apply(&buy).is_ok(), mixed_ok);
        let market_only = Action::Buy {
            seat: 0,
            market: cards("9S 9H"),
            deck: 0,
            drawn: vec![],
        };
        assert!(g.apply(&market_only).is_ok());
    }
}

#[test]
fn five_of_a_kind_counts_as_four() {
    let b = best_hand(&cards("AS AH AD AC JK"), &Rules::standard());
    assert_eq!(b.hand.category, super::super::hand::Category::FourOfAKind);
    assert_eq!(b.hand.sum, 24);
}

#[test]
fn corrections_keep_the_books() {
    let mut g = start(&["ana"], true, Deck::Physical);
    g.apply(&Action::Correct { seat: 0, stash: 45 }).unwrap();
    assert_eq!(g.seats[0].stash, 45);
    conserved(&g);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]
    #[test]
    fn money_is_conserved_in_random_virtual_games(seed in 0u64..1_000_000, players in 1usize..=3, sells in 0usize..=3, extra in 0u32..10, buys: bool) {
        let names = ["ana", "bo", "cy"];
        let g = start(&names[..players], true, Deck::shuffled(seed));
        let (_, _, end) = play_out(g, &Bot { sells, buys, extra_bet: extra, bold: buys }, 20_000, conserved).unwrap();
        proptest::prop_assert_eq!(end.phase, Phase::Over);
    }
}

/// Every choice the full-screen view lists is an answer the game takes, and kado's
/// default pick for ALORA comes first.
#[test]
fn every_listed_choice_is_taken() {
    let mut asked = [0usize; 3];
    for (players, deck) in [
        (&["you"][..], Deck::shuffled(3)),
        (&["ana", "bo"][..], Deck::shuffled(8)),
        (&["you"][..], Deck::Physical),
        (&["ana", "bo"][..], Deck::Physical),
    ] {
        let bot = Bot::default();
        let answer = |g: &Game, q: &Question<Key>| {
            let choices = g.choices(q);
            let slot = match q.key {
                Key::AloraSells | Key::AloraBuys => Some(0),
                Key::Sell(_) if g.virtual_seed().is_some() => Some(1),
                _ => None,
            };
            assert_eq!(choices.is_empty(), slot.is_none(), "{:?}", q.key);
            if let Some(i) = slot {
                asked[i] += 1;
            }
            if i_am_a_pick(q.key) {
                let default = g.answer(q, "").unwrap();
                assert_eq!(g.answer(q, &choices[0].typed).unwrap(), default);
            }
            for c in &choices {
                let a = g.answer(q, &c.typed).unwrap_or_else(|e| panic!("{c}: {e}"));
                g.clone().apply(&a).unwrap();
                asked[2] += 1;
            }
            bot.answer(g, q)
        };
        play_out_with(start(players, true, deck), answer, 10_000, |_| {}).unwrap();
    }
    assert!(asked[0] > 0 && asked[1] > 0, "{asked:?}");
}

fn i_am_a_pick(key: Key) -> bool {
    matches!(key, Key::AloraSells | Key::AloraBuys)
}

/// The sales are listed whether hands are kept private or not: they name the hand, so the
/// engine shows them only to the seat asked (its own page), never on a screen the table
/// shares while hands are private; the table says the hand is kept private.
#[test]
fn private_hands_give_their_choices_to_the_engine_which_shows_them_to_the_seat_alone() {
    let rs = Ruleset::builtin("kinkado").unwrap();
    let setup = |private| Setup {
        players: vec!["ana".into(), "bo".into()],
        alora: true,
        deck: Deck::shuffled(5),
        private,
    };
    for (private, listed) in [(false, true), (true, true)] {
        let mut g = Game::start(&setup(private), &rs).unwrap();
        let q = loop {
            match g.next() {
                Step::Auto(a) => {
                    g.apply(&a).unwrap();
                }
                Step::Ask(q) if matches!(q.key, Key::Sell(_)) => break q,
                Step::Ask(q) => panic!("{:?}", q.key),
                Step::Done => panic!("no sale asked"),
            }
        };
        assert_eq!(!g.choices(&q).is_empty(), listed);
        assert!(g.hand().is_some());
        let table = serde_json::to_string(&g.table()).unwrap();
        assert_eq!(table.contains("kept private"), private);
    }
}

/// Issue 59: with hands kept private, the cards kado dealt each player were told to no one
/// (the table says "Deal ana 4 cards"). Each player's deal is now an event for them alone,
/// its cards as items; ALORA's face-down cards are nobody's event.
#[test]
fn a_private_deal_was_told_to_no_one() {
    use crate::seat::SeatId;
    use crate::session::{By, told};
    let rs = Ruleset::builtin("kinkado").unwrap();
    let setup = Setup {
        players: vec!["ana".into(), "bo".into()],
        alora: true,
        deck: Deck::shuffled(5),
        private: true,
    };
    let mut g = Game::start(&setup, &rs).unwrap();
    let Step::Auto(deal) = g.next() else {
        panic!("the deal comes first");
    };
    let said = told(&mut g, &deal, By::Kado).unwrap();
    let mine: Vec<_> = said.iter().filter(|e| !e.is_public()).collect();
    let humans: Vec<usize> = (0..g.seats.len())
        .filter(|i| !g.seats[*i].is_alora)
        .collect();
    assert_eq!(mine.len(), humans.len(), "{said:?}");
    for (e, i) in mine.iter().zip(&humans) {
        assert!(e.seen_by(Some(SeatId(*i))) && !e.seen_by(None));
        let held: Vec<String> = g.seats[*i].known.iter().map(|c| c.code()).collect();
        let items: Vec<String> = e.items.iter().map(|c| c.code.clone()).collect();
        assert_eq!(items, held);
        assert!(e.text.starts_with("You are dealt "), "{}", e.text);
    }
    for e in said.iter().filter(|e| e.is_public()) {
        assert!(e.items.is_empty(), "{e:?}");
        assert_eq!(e.by, None);
    }
}

/// Issue 61: the sale composed by taps on a phone. Three cards at most (the rules' limit
/// on sales in a round), then the others are closed; the button names the cards and the
/// money the bank pays for them, as the sale itself pays it.
#[test]
fn a_sale_composed_by_taps_names_its_cards_and_price() {
    use crate::view::{Picked, Send};
    let mut g = start(&["ana"], true, Deck::shuffled(3));
    let q = loop {
        match g.next() {
            Step::Auto(a) => {
                g.apply(&a).unwrap();
            }
            Step::Ask(q) => break q,
            Step::Done => panic!("over"),
        }
    };
    let hand = g.seats[0].known.clone();
    let mut picked = Picked::default();
    let c = g.compose(&q, &picked).unwrap();
    assert_eq!(
        c.view.send,
        Send::Ready {
            label: "Sell nothing".into()
        }
    );
    for card in &hand[..3] {
        picked.tap(&card.code());
    }
    let c = g.compose(&q, &picked).unwrap();
    let action = c.action.clone().unwrap();
    let mut after = g.clone();
    after.apply(&action).unwrap();
    let gain = after.seats[0].stash - g.seats[0].stash;
    let label = format!("Sell {} for ${gain}", show_cards(&hand[..3]));
    assert_eq!(c.view.send, Send::Ready { label });
    let open: Vec<bool> = c.view.groups[0].picks.iter().map(|p| p.open).collect();
    assert_eq!(open, [true, true, true, false, false, false, false]);
    assert!(!c.view.may_tap(&hand[3].code()) && c.view.may_tap(&hand[0].code()));
    // A fourth card, tapped all the same: the rules' words, and nothing to send.
    picked.tap(&hand[3].code());
    let c = g.compose(&q, &picked).unwrap();
    assert_eq!(c.action, None);
    assert!(matches!(c.view.send, Send::NotYet { ref why } if why.contains("at most 3")));
}

/// Issue 61: the bet composed by taps stays within the round's minimum and the table's
/// maximum (or the stash); the reveal takes 2 to 5 cards.
#[test]
fn a_bet_and_a_reveal_composed_by_taps_keep_to_the_rules() {
    use crate::view::{Picked, Send};
    let mut g = start(&["ana"], true, Deck::shuffled(3));
    let bot = bot::Bot::default();
    let mut seen = (false, false);
    for _ in 0..200 {
        let q = match g.next() {
            Step::Auto(a) => {
                g.apply(&a).unwrap();
                continue;
            }
            Step::Ask(q) => q,
            Step::Done => break,
        };
        let mut picked = Picked::default();
        if let Key::Bet(_) = q.key {
            picked.count = 1000;
            let c = g.compose(&q, &picked).unwrap();
            let s = c.view.count.clone().unwrap();
            assert_eq!(s.value, s.max);
            assert_eq!(s.max, g.rules.max_bet.min(g.seats[0].stash));
            assert_eq!(
                c.view.send,
                Send::Ready {
                    label: format!("Bet ${}", s.max)
                }
            );
            picked.count = 0;
            let c = g.compose(&q, &picked).unwrap();
            assert_eq!(
                c.view.count.unwrap().value,
                g.min_bet().min(g.seats[0].stash)
            );
            seen.0 = true;
        }
        if let Key::Play(_) = q.key {
            let hand = g.seats[0].known.clone();
            picked.tap(&hand[0].code());
            let c = g.compose(&q, &picked).unwrap();
            assert_eq!(c.action, None);
            assert_eq!(
                c.view.send,
                Send::NotYet {
                    why: "Tap 2 to 5 cards".into()
                }
            );
            for card in hand.iter().skip(1).take(4) {
                picked.tap(&card.code());
            }
            let c = g.compose(&q, &picked).unwrap();
            assert!(c.action.is_some() || hand.len() < 2);
            if hand.len() > 5 {
                assert!(!c.view.may_tap(&hand[5].code()));
            }
            seen.1 = true;
        }
        let c = g.compose(&q, &Picked::default());
        let action = match c.and_then(|c| c.action) {
            Some(a) => a,
            None => g.answer(&q, &bot.answer(&g, &q)).unwrap(),
        };
        g.apply(&action).unwrap();
    }
    assert_eq!(seen, (true, true));
}

/// Ruling `sell-turns`: under `one-at-a-time` a sale composed by taps takes one card, and
/// the others close once it is picked; under `whole-turn` (the default) up to three.
#[test]
fn a_sale_composed_by_taps_follows_ruling_sell_turns() {
    use crate::view::Picked;
    for (turns, most) in [
        (ruling::SellTurns::WholeTurn, 3),
        (ruling::SellTurns::OneAtATime, 1),
    ] {
        let mut g = start(&["ana"], true, Deck::shuffled(3));
        g.rules.ruled.sell_turns = turns;
        let q = loop {
            match g.next() {
                Step::Auto(a) => {
                    g.apply(&a).unwrap();
                }
                Step::Ask(q) => break q,
                Step::Done => panic!("over"),
            }
        };
        let mut picked = Picked::default();
        for card in g.seats[0].known.clone().iter().take(most) {
            picked.tap(&card.code());
        }
        let c = g.compose(&q, &picked).unwrap();
        let open = c.view.groups[0].picks.iter().filter(|p| p.open).count();
        assert_eq!(open, most, "{turns:?}");
        assert!(c.action.is_some(), "{turns:?}");
        let title = format!("Tap up to {} to sell", crate::words::count(most, "card"));
        assert_eq!(c.view.title, title);
    }
}

/// Issue 61: with real cards, the card turned up for the prize pool had to be typed. It is
/// picked among the faces by a tap; a card kado knows to lie elsewhere (here, in the prize
/// pool already) is closed.
#[test]
fn a_real_prize_card_had_to_be_typed() {
    use crate::view::{Picked, Send};
    let mut g = start(&["ana"], true, Deck::Physical);
    let q = loop {
        match g.next() {
            Step::Auto(a) => {
                g.apply(&a).unwrap();
            }
            Step::Ask(q) => break q,
            Step::Done => panic!("over"),
        }
    };
    assert_eq!(q.key, Key::Prize);
    let mut picked = Picked::default();
    let c = g.compose(&q, &picked).unwrap();
    assert_eq!(c.view.groups[0].picks.len(), 53);
    assert!(c.view.may_tap("7C") && c.action.is_none());
    c.view.tap(&mut picked, "7C");
    let c = g.compose(&q, &picked).unwrap();
    assert_eq!(
        c.view.send,
        Send::Ready {
            label: "7♣ joins the prize pool".into()
        }
    );
    g.apply(&c.action.unwrap()).unwrap();
    // The 7♣ lies in the prize pool now: closed to the next card picked.
    let c = g.compose(&q, &Picked::default()).unwrap();
    assert!(!c.view.may_tap("7C") && c.view.may_tap("8C"));
}

/// Issue 61: with real cards kado knows no hand, so the cards sold had to be typed. They
/// are picked among the 54 cards by suit, the prize card closed, and the jokers too (they
/// wait on the round tracker until rounds 3 and 6); ALORA's face-down cards turned up at
/// her sale are picked as many as she holds.
#[test]
fn a_real_sale_had_to_be_typed() {
    use crate::view::{Picked, Send};
    let mut g = start(&["ana"], true, Deck::Physical);
    let asked = |g: &mut Game| loop {
        match g.next() {
            Step::Auto(a) => {
                g.apply(&a).unwrap();
            }
            Step::Ask(q) => break q,
            Step::Done => panic!("over"),
        }
    };
    let q = asked(&mut g);
    g.apply(&g.answer(&q, "7C").unwrap()).unwrap();
    let q = asked(&mut g);
    assert_eq!(q.key, Key::Sell(0));
    let c = g.compose(&q, &Picked::default()).unwrap();
    let labels: Vec<&str> = c.view.groups.iter().map(|g| g.label.as_str()).collect();
    assert_eq!(labels, ["Spades", "Hearts", "Diamonds", "Clubs", "Jokers"]);
    let count: usize = c.view.groups.iter().map(|g| g.picks.len()).sum();
    assert_eq!(count, 54);
    assert!(!c.view.may_tap("7C") && !c.view.may_tap("JK") && !c.view.may_tap("JK~2"));
    let mut picked = Picked::default();
    for card in ["KH", "QH", "AS"] {
        c.view.tap(&mut picked, card);
    }
    let c = g.compose(&q, &picked).unwrap();
    let want = g.answer(&q, "KH QH AS").unwrap();
    assert_eq!(c.action.as_ref(), Some(&want));
    assert!(
        matches!(&c.view.send, Send::Ready { label } if label.starts_with("Sell K♥ Q♥ A♠ for $")),
        "{:?}",
        c.view.send
    );
    g.apply(&want).unwrap();
    let q = asked(&mut g);
    assert_eq!(q.key, Key::AloraShows);
    let hidden = g.seats[1].hidden;
    let c = g.compose(&q, &Picked::default()).unwrap();
    // The A♠ was sold to the market: closed.
    assert!(!c.view.may_tap("AS") && c.view.may_tap("2S"));
    let mut picked = Picked::default();
    let free: Vec<String> = (c.view.groups.iter().flat_map(|g| &g.picks))
        .filter(|p| p.open)
        .take(hidden)
        .map(|p| p.tap.clone())
        .collect();
    for (k, code) in free.iter().enumerate() {
        let c = g.compose(&q, &picked).unwrap();
        assert_eq!(c.action.is_some() && c.view.send.is_ready(), k == hidden);
        c.view.tap(&mut picked, code);
    }
    let c = g.compose(&q, &picked).unwrap();
    assert_eq!(c.action, Some(g.answer(&q, &free.join(" ")).unwrap()));
}
