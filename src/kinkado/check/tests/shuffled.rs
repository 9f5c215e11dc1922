//! A record says what happened, not the order kado prints it in: every Kin Kādo record
//! fixture, and records `play` writes (real cards and virtual), keep their verdict when
//! any set of cards is written in another order, and the plays and reveals of a round
//! in another order within their phase (a play may follow its own bet).

use std::sync::OnceLock;

use super::*;
use crate::shuffle::Shuffler;

/// The records the property runs over: the fixtures, then games `play` writes.
fn records() -> &'static [String] {
    static RECORDS: OnceLock<Vec<String>> = OnceLock::new();
    RECORDS.get_or_init(|| {
        let mut all = crate::testing::fixture_texts("kinkado");
        assert!(all.len() >= 3, "the Kin Kādo record fixtures");
        all.push(played(&["ana"], 3, Deck::Physical).record().unwrap());
        all.push(played(&["ana", "ben"], 7, Deck::Physical).record().unwrap());
        all.push(
            played(&["ana", "ben", "cy"], 5, Deck::shuffled(5))
                .record()
                .unwrap(),
        );
        all
    })
}

/// A card as a record writes it (not `nothing`, `deck×2`, `draws`, `$5`).
fn is_card(word: &str) -> bool {
    crate::notation::read_answer_cards(word, Some(2)).is_ok_and(|c| c.len() == 1)
}

/// The line with each run of cards in another order (its comment left alone). With a
/// virtual deck whose `deck:` line does not say `sorted` (a record of kado before it), the
/// cards played went back into it in the order written, and the next reshuffle depends on
/// it: there, a hand played keeps its order.
fn cards_shuffled(line: &str, rng: &mut Shuffler, in_order: bool) -> String {
    let (moves, comment) = match line.find('#') {
        Some(at) => line.split_at(at),
        None => (line, ""),
    };
    let verbs: &[&str] = if in_order {
        &["sells", "shows", "buys"]
    } else {
        &["sells", "shows", "buys", "plays", "reveals"]
    };
    let mut words: Vec<&str> = moves.split_whitespace().collect();
    if !words.get(1).is_some_and(|v| verbs.contains(v)) {
        return line.to_string();
    }
    let mut i = 2;
    while i < words.len() {
        let run = words[i..].iter().take_while(|w| is_card(w)).count();
        rng.shuffle(&mut words[i..i + run]);
        i += run.max(1);
    }
    let mut out = words.join(" ");
    if !comment.is_empty() {
        out = format!("{out}  {comment}");
    }
    out
}

/// One round's lines with its plays and reveals in another order: each play right
/// after its own bet, or with the reveals after the last bet, in any order.
fn round_shuffled(lines: &[String], rng: &mut Shuffler) -> Vec<String> {
    let simultaneous = |l: &String| l.contains(" plays ") || l.starts_with("ALORA reveals");
    let last_bet = lines.iter().rposition(|l| l.contains(" bets "));
    let (Some(last_bet), true) = (last_bet, lines.iter().any(simultaneous)) else {
        return lines.to_vec();
    };
    let mut block: Vec<String> = Vec::new();
    let mut out = Vec::new();
    let plays: Vec<&String> = lines.iter().filter(|l| l.contains(" plays ")).collect();
    for (i, l) in lines.iter().enumerate() {
        if simultaneous(l) {
            continue;
        }
        out.push(l.clone());
        let who = l.split(' ').next().unwrap_or("");
        if l.contains(" bets ") {
            for p in plays.iter().filter(|p| p.split(' ').next() == Some(who)) {
                if rng.index(0..2) == 0 {
                    out.push((*p).clone());
                } else {
                    block.push((*p).clone());
                }
            }
        }
        if i == last_bet {
            block.extend(
                lines
                    .iter()
                    .filter(|l| l.starts_with("ALORA reveals"))
                    .cloned(),
            );
            rng.shuffle(&mut block);
            out.append(&mut block);
        }
    }
    out
}

/// The record with its sets of cards and its simultaneous lines in another order.
fn shuffled(text: &str, seed: u64) -> String {
    let mut rng = Shuffler::new(seed);
    let mut rounds: Vec<Vec<String>> = vec![Vec::new()];
    let mut in_order = false;
    for l in text.lines() {
        if l.starts_with("round ") || l.starts_with("players:") {
            rounds.push(Vec::new());
        }
        if l.starts_with("players:") {
            in_order = false;
        }
        in_order |= l.starts_with("deck: virtual") && !l.ends_with("sorted");
        let l = cards_shuffled(l, &mut rng, in_order);
        if let Some(r) = rounds.last_mut() {
            r.push(l);
        }
    }
    rounds
        .iter()
        .flat_map(|r| round_shuffled(r, &mut rng))
        .map(|l| format!("{l}\n"))
        .collect()
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(96))]

    #[test]
    fn a_record_s_sets_and_simultaneous_lines_in_another_order_keep_its_verdict(
        which in 0usize..64,
        seed in proptest::prelude::any::<u64>(),
    ) {
        let all = records();
        let text = &all[which % all.len()];
        let expected = checked(text);
        proptest::prop_assert_eq!(expected.illegal(), None, "{}", text);
        let other = shuffled(text, seed);
        let v = checked(&other);
        proptest::prop_assert_eq!(v.to_json(), expected.to_json(), "{}", other);
    }
}

/// The shuffles move what they may: a play after its bet, cards in another order.
#[test]
fn the_shuffles_change_the_records() {
    let changed = records()
        .iter()
        .filter(|r| (0..4).any(|s| shuffled(r, s) != **r))
        .count();
    assert_eq!(changed, records().len());
    let line = cards_shuffled(
        "ALORA buys deck×2 draws 5C 4C  # free",
        &mut Shuffler::new(1),
        false,
    );
    assert!(line.starts_with("ALORA buys deck×2 draws "), "{line}");
    assert!(line.ends_with("  # free"), "{line}");
}
