//! Privacy by construction: over whole virtual games of every game that deals hidden
//! hands, at every position, the public table (what the table's page and a serving
//! terminal draw) holds no piece the game itself lists as hidden (`Session::hidden`), nor
//! a place drawn from a hidden hand, whether the game keeps hands private or shows them on
//! a screen of its own.

use std::collections::HashMap;

use kado::ruleset::Ruleset;
use kado::session::{Session, Step};
use kado::view::{Board, Held, Look, PublicTable};
use proptest::prelude::*;

/// How many of each item code the public table shows: the cards in front of each seat,
/// in the middle and among the board's pieces, and any a seat is shown holding.
fn public_codes(t: &PublicTable) -> HashMap<String, usize> {
    let mut codes: HashMap<String, usize> = HashMap::new();
    let seats = t.seats.iter().flat_map(|s| {
        let held = match &s.held {
            Held::Cards { items } => items.clone(),
            _ => Vec::new(),
        };
        s.shown.iter().cloned().chain(held)
    });
    let areas = t.areas.iter().flat_map(|a| a.items.iter().cloned());
    let pieces = t.picture.iter().flat_map(|p| p.pieces.iter().cloned());
    for i in seats.chain(areas).chain(pieces) {
        *codes.entry(i.code).or_default() += 1;
    }
    codes
}

/// Checks one position: no hidden piece on the public table beyond the copies the deck
/// holds of it (a pack's two jokers, a Koi-Koi month's plains), and no place marked.
fn check<G: Session>(g: &G, copies: &dyn Fn(&str) -> usize, at: &str) {
    let public = g.public_table();
    assert_eq!(public, g.shared().table, "{at}");
    let shown = public_codes(&public);
    let mut hidden: HashMap<String, usize> = HashMap::new();
    for i in g.hidden() {
        *hidden.entry(i.code).or_default() += 1;
    }
    for (code, n) in &hidden {
        let on_table = shown.get(code).copied().unwrap_or(0);
        assert!(
            on_table + n <= copies(code),
            "{at}: {code} is hidden ({n}) and on the public table ({on_table})"
        );
    }
    assert!(public.areas.iter().all(|a| !a.numbered), "{at}");
    if let Some(Board::Squares { places, .. }) = &public.board {
        assert!(places.is_empty(), "{at}: places on the public board");
    }
    let marks = public.picture.iter().flat_map(|p| p.rows.iter().flatten());
    assert!(marks.clone().all(|r| r.look != Look::Place), "{at}");
}

/// The table's action at a question, as a test's player chooses it.
type Answer<'a, G> =
    &'a dyn Fn(&G, &kado::session::Question<<G as Session>::Key>) -> Option<<G as Session>::Action>;

/// Plays `setup` to its end (or `most` steps), `answer` giving each of the table's
/// actions, checking every position; returns how many positions were checked, and
/// whether the game reached its end.
fn played<G: Session>(
    setup: &G::Setup,
    rules: &str,
    most: usize,
    copies: &dyn Fn(&str) -> usize,
    answer: Answer<G>,
) -> (usize, bool) {
    let mut g = G::start(setup, &Ruleset::builtin(rules).unwrap()).unwrap();
    for step in 0..most {
        check(&g, copies, &format!("{} step {step}", G::GAME));
        let action = match g.next() {
            Step::Done => return (step, true),
            Step::Auto(a) => a,
            Step::Ask(q) => match answer(&g, &q) {
                Some(a) => a,
                None => return (step, false),
            },
        };
        g.apply(&action).unwrap();
    }
    (most, false)
}

fn names(n: &[&str]) -> Vec<String> {
    n.iter().map(|s| s.to_string()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2, ..ProptestConfig::default() })]

    #[test]
    fn kinkado_s_public_table_holds_no_hidden_card(seed in 0u64..1_000_000) {
        use kado::kinkado::game::{Deck, Game, Setup, bot::Bot};
        for private in [false, true] {
        let setup = Setup {
            players: names(&["ana", "ben"]),
            alora: true,
            deck: Deck::shuffled(seed),
            private,
        };
        let bot = Bot::default();
        let jokers = |code: &str| if code == "JK" { 2 } else { 1 };
        let answer = |g: &Game, q: &kado::session::Question<_>| g.answer(q, &bot.answer(g, q)).ok();
        let (steps, _) = played::<Game>(&setup, "kinkado", 3000, &jokers, &answer);
        prop_assert!(steps > 100, "{steps}");
        }
    }

    #[test]
    fn koikoi_s_public_table_holds_no_hidden_card(seed in 0u64..1_000_000) {
        use kado::koikoi::cards::Card;
        use kado::koikoi::game::{Deck, Game, Setup};
        for private in [false, true] {
        let setup = Setup { players: names(&["ana", "ben"]), deck: Deck::Virtual { seed }, kado: None, private };
        let deck: Vec<String> = Card::deck().iter().map(|c| c.to_string()).collect();
        let copies = |code: &str| deck.iter().filter(|c| *c == code).count();
        let answer = |g: &Game, q: &kado::session::Question<_>| {
            let first = g.choices(q).into_iter().next()?;
            g.answer(q, &first.typed).ok()
        };
        // A game may end early (seed 875050 ends in 38 steps): played to its end.
        let (steps, ended) = played::<Game>(&setup, "koikoi", 3000, &copies, &answer);
        prop_assert!(ended && steps > 10, "{steps}");
        }
    }

    #[test]
    fn pokino_s_public_table_holds_no_hidden_domino(seed in 0u64..1_000_000) {
        use kado::pokino::game::{Action, Deck, Game, Setup};
        for private in [false, true] {
        let mut setup = Setup::new(names(&["ana", "ben", "cy"]), Deck::Virtual, seed);
        setup.private = private;
        let answer = |t: &Game, _: &kado::session::Question<_>| {
            Some(Action::from(kado::pokino::policy::greedy(&t.game)))
        };
        let (steps, _) = played::<Game>(&setup, "pokino", 400, &|_| 1, &answer);
        prop_assert!(steps > 20, "{steps}");
        }
    }
}
