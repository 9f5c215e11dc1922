use super::*;
use crate::diag::Source;
use crate::kinkado::game::{Deck, bot};
use crate::kinkado::record;

fn rs() -> Ruleset {
    Ruleset::builtin("kinkado").unwrap()
}

fn played(players: &[&str], seed: u64, deck: Deck) -> Game {
    let setup = Setup {
        players: players.iter().map(|p| p.to_string()).collect(),
        alora: true,
        deck,
        private: false,
    };
    let g = Game::start(&setup, &rs()).unwrap();
    let b = bot::Bot {
        sells: (seed % 4) as usize,
        buys: seed.is_multiple_of(2),
        extra_bet: (seed % 3) as u32,
        bold: seed.is_multiple_of(5),
    };
    bot::play_out(g, &b, 10_000, |_| {}).unwrap().2
}

fn checked(text: &str) -> Verdict {
    let rec = record::parse(&Source::new("t", text)).unwrap();
    check(&rec, &rs())
}

fn money_by_round(g: &Game) -> Vec<Vec<(String, u32)>> {
    g.history.iter().map(|r| r.money.clone()).collect()
}

fn names(players: usize) -> &'static [&'static str] {
    &["ana", "ben", "cy"][..players]
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]

    /// A virtual game of 1 to 3 players and ALORA, played to its end: the record play
    /// writes passes check, with the same money round by round and the same winners.
    #[test]
    fn played_games_pass_check_with_the_same_money(seed in 0u64..1_000_000, players in 1usize..=3) {
        let g = played(names(players), seed, Deck::shuffled(seed));
        let text = g.record().unwrap();
        let v = checked(&text);
        proptest::prop_assert_eq!(v.illegal(), None, "{}", text);
        let back = v.games[0].game.as_ref().unwrap();
        proptest::prop_assert_eq!(money_by_round(back), money_by_round(&g));
        proptest::prop_assert_eq!(back.history.len(), 9);
        proptest::prop_assert_eq!(back.winners(), g.winners());
        proptest::prop_assert!(v.games[0].filled.is_empty());
    }
}

fn solo_record() -> String {
    played(&["ana"], 4, Deck::shuffled(4)).record().unwrap()
}

/// The first line starting with `prefix`, replaced by `with`.
fn swap(text: &str, prefix: &str, with: &str) -> String {
    let mut done = false;
    text.lines()
        .map(|l| {
            if !done && l.starts_with(prefix) {
                done = true;
                with.to_string()
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn reason(text: &str) -> String {
    checked(text)
        .illegal()
        .map(|i| i.wrong.to_string())
        .unwrap_or_default()
}

#[test]
fn alora_moved_against_her_rules() {
    let text = swap(&solo_record(), "ALORA bets", "ALORA bets $3");
    let r = reason(&text);
    assert!(
        r.contains("ALORA bets") && r.contains("not `ALORA bets $3`"),
        "{r}"
    );
}

/// A real-card game whose record leaves out ALORA's bets (her rules make them): check
/// fills each in, and the money comes out as it did at the table.
#[test]
fn alora_lines_left_out_are_filled_in() {
    let g = played(&["ana"], 3, Deck::Physical);
    let full = g.record().unwrap();
    assert!(!full.contains("deck: virtual"));
    let left_out = full.lines().filter(|l| l.starts_with("ALORA bets")).count();
    let text: String = full
        .lines()
        .filter(|l| !l.starts_with("ALORA bets"))
        .map(|l| format!("{l}\n"))
        .collect();
    let v = checked(&text);
    assert_eq!(v.illegal(), None);
    assert_eq!(v.games[0].filled.len(), left_out);
    assert!(left_out >= 9);
    let back = v.games[0].game.as_ref().unwrap();
    assert_eq!(money_by_round(back), money_by_round(&g));
}

/// The record with the cards of the first play of round 1 written in reverse order.
fn first_play_reversed(text: &str) -> String {
    let mut done = false;
    let lines: Vec<String> = text
        .lines()
        .map(|l| match l.split_once(" plays ") {
            Some((who, cards)) if !done => {
                done = true;
                let mut cards: Vec<&str> = cards.split_whitespace().collect();
                cards.reverse();
                format!("{who} plays {}", cards.join(" "))
            }
            _ => l.to_string(),
        })
        .collect();
    assert!(done, "a play in {text}");
    lines.join("\n") + "\n"
}

/// A virtual pack dealt the round after a play from the play's cards in the order they
/// were written, so a record writing a hand in another order was refused at a later deal.
/// Since `sorted`, the order of a play is nothing a record must keep; a record of kado
/// before it (`deck: virtual N` alone) still deals as it was played.
#[test]
fn a_virtual_play_written_in_another_order_dealt_the_next_round_differently() {
    let g = played(&["ana"], 4, Deck::shuffled(4));
    let text = g.record().unwrap();
    assert!(text.contains("deck: virtual 4 sorted\n"), "{text}");
    let v = checked(&first_play_reversed(&text));
    assert_eq!(v.illegal(), None);
    let back = v.games[0].game.as_ref().unwrap();
    assert_eq!(money_by_round(back), money_by_round(&g));
    // The pack as kado dealt it at first: the order written still counts.
    let in_order = Deck::Virtual {
        seed: 4,
        played_back: crate::kinkado::game::PlayedBack::InOrder,
    };
    let old = played(&["ana"], 4, in_order).record().unwrap();
    assert!(old.contains("deck: virtual 4\n"), "{old}");
    assert_eq!(checked(&old).illegal(), None);
    assert!(checked(&first_play_reversed(&old)).illegal().is_some());
}

#[test]
fn illegal_moves_are_verdicts() {
    let text = solo_record();
    let bad_bet = swap(&text, "ana bets", "ana bets $999");
    assert!(!reason(&bad_bet).is_empty());
    let low_bet = swap(&text, "ana bets", "ana bets $0");
    assert!(!reason(&low_bet).is_empty());
}

/// Writes a nine-round record for the command-line tests and the timing
/// (`KADO_WRITE_RECORD=FILE cargo test --lib kinkado::check::tests::write`).
#[test]
fn write_a_nine_round_record() {
    if let Ok(path) = std::env::var("KADO_WRITE_RECORD") {
        let g = played(&["ana", "ben"], 4, Deck::shuffled(4));
        std::fs::write(path, g.record().unwrap()).unwrap();
    }
}

fn nine_rounds() -> String {
    played(&["ana", "ben"], 4, Deck::shuffled(4))
        .record()
        .unwrap()
}

#[test]
fn each_illegal_line_is_the_verdict_with_its_rule() {
    let text = nine_rounds();
    let cases = [
        (
            "ana sells nothing",
            "ana sells 2H 6H 8H 9D",
            "at most 3 cards",
        ),
        ("ana bets $2", "ana bets $26", "at most $25"),
        ("ana bets $2", "ana bets $0", "minimum bet"),
        ("ana plays", "ana plays 6H", "2 to 5 cards"),
        (
            "ana plays",
            "ana plays 6H 8H 2H 9D 7S",
            "7♠ is in ben's hand",
        ),
        (
            "ALORA buys 7C",
            "ALORA buys deck×2",
            "ALORA buys 7C deck×1 draws 2D, not",
        ),
        (
            "ALORA sells 5D",
            "ALORA sells 5D 6D",
            "two lowest-value cards",
        ),
    ];
    for (prefix, with, says) in cases {
        let bad = swap(&text, prefix, with);
        let v = checked(&bad);
        let i = v.illegal().unwrap_or_else(|| panic!("{with}: legal"));
        assert_eq!(i.text, with);
        assert!(i.wrong.to_string().contains(says), "{with}: {}", i.wrong);
    }
}

#[test]
fn a_bet_over_the_stash_is_refused() {
    // Round 8: ana has $10 left and the minimum is $25: she goes all in.
    let bad = swap(&nine_rounds(), "ana bets $10", "ana bets $20");
    let v = checked(&bad);
    let i = v.illegal().unwrap();
    assert_eq!(i.text, "ana bets $20");
    assert!(!i.wrong.to_string().is_empty());
}

/// With a virtual deck, the cards ALORA draws written in another order than the deck's
/// (`draws 4C 5C` for 5♣ then 4♣) were refused: `the recorded draw does not match the
/// virtual deck`. They go to her hand, where their order means nothing.
#[test]
fn a_draw_written_in_another_order_than_the_deck_s_was_refused() {
    let text = nine_rounds();
    let other = swap(
        &text,
        "ALORA buys deck×2 draws 5C 4C",
        "ALORA buys deck×2 draws 4C 5C",
    );
    assert!(other.contains("ALORA buys deck×2 draws 4C 5C"), "{other}");
    let (a, b) = (checked(&text), checked(&other));
    assert_eq!(b.illegal(), None);
    assert_eq!(a.to_json(), b.to_json());
}

mod shuffled;
