//! Answers read at each question: any text is read or refused with a reason, never a panic.

use super::*;
use proptest::prelude::*;

fn any_card() -> impl Strategy<Value = Card> {
    (0..53usize).prop_map(|i| Card::from_index(i).unwrap_or(Card::Joker))
}

fn cards_1_to(n: usize) -> impl Strategy<Value = Vec<Card>> {
    proptest::collection::vec(any_card(), 1..=n)
}

/// Every action a player types, with the question it answers.
fn typed_action() -> impl Strategy<Value = (Key, Action)> {
    prop_oneof![
        cards_1_to(6).prop_map(|cards| (Key::Draw, Action::Draw { cards })),
        (cards_1_to(6), any_card())
            .prop_map(|(play, target)| (Key::Turn, Action::Influence { play, target })),
        any_card().prop_map(|card| (Key::Turn, Action::Exile { card })),
        proptest::option::of(any_card()).prop_map(|card| (Key::Bonus, Action::Bonus { card })),
        proptest::option::of(any_card()).prop_map(|card| (Key::Keep, Action::Keep { card })),
        proptest::sample::select(Suit::ALL.to_vec()).prop_map(|s| (
            Key::Suspicion,
            Action::Suspicion {
                king: Card::new(Rank::King, s)
            }
        )),
    ]
}

/// Text made of the answer's own words and of characters that change length
/// when lower-cased, to shake the word search.
fn answer_like() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        proptest::sample::select(vec![
            "on",
            "ON",
            "exile",
            "Exile",
            "raise",
            "suspicion",
            "none",
            "-",
            "4S",
            "10h",
            "JK",
            "🃏",
            "♠",
            "K♥",
            "spades",
            "H",
            "İ",
            "ẞ",
            "K",
            "€",
            " ",
            "  ",
            "\t",
            ",",
            "on6H",
            "6H",
            "QS",
            "",
        ]),
        0..8,
    )
    .prop_map(|words| words.concat())
}

fn games() -> Vec<State> {
    let mut mid = real(Rules::standard());
    mid.hand = cards("5S 4S 3D JK");
    mid.draw = cards("AS 2S");
    mid.to_draw = 0;
    mid.phase = Phase::Turn;
    mid.turn = 3;
    mid.piles = [14, 6, 9, 3];
    vec![real(Rules::standard()), mid, real(Rules::hardcore())]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// answer_text (the Display of an answer) reads back as the same action.
    #[test]
    fn typed_answers_read_back((key, action) in typed_action()) {
        let g = real(Rules::standard());
        let text = answer_text(&action).unwrap();
        prop_assert_eq!(g.read_answer(&key, &text), Ok(action.clone()), "{}", text);
        // Case and spacing do not matter.
        let loud = format!("  {}  ", text.to_uppercase().replace(' ', "   "));
        prop_assert_eq!(g.read_answer(&key, &loud), Ok(action), "{}", loud);
    }

    /// No text panics any question, and a refusal always says something.
    #[test]
    fn any_text_is_read_or_refused(text in any::<String>(), words in answer_like()) {
        for g in games() {
            for key in [Key::Draw, Key::Turn, Key::Suspicion, Key::Bonus, Key::Keep, Key::Extra] {
                for t in [text.as_str(), words.as_str()] {
                    if let Err(why) = g.read_answer(&key, t) {
                        prop_assert!(!why.to_string().is_empty());
                    }
                }
            }
        }
    }
}

#[test]
fn cards_alone_name_their_only_target() {
    let mut g = real(Rules::standard());
    g.hand = cards("5S 4S 3D JK");
    g.phase = Phase::Turn;
    g.piles = [9, 3, 6, 3];
    // 5♠ 4♠ 🃏 3♦ makes 7 in any suit: 6♦ (7) and the 3s (4); 5♠ 4♠ makes 6 in ♠.
    assert_eq!(
            g.read_answer(&Key::Turn, "5S 4S").map_err(|e| e.to_string()),
            Err("5♠ 4♠ makes 6 influence in ♠, which influences none of the top cards (9♠ 3♥ 6♦ 3♣); type `help` for your plays".to_string())
        );
    assert_eq!(
        g.read_answer(&Key::Turn, "5S 4S JK 3D")
            .map_err(|e| e.to_string()),
        Err("5♠ 4♠ 🃏 3♦ influences 3♥ 6♦ 3♣: say which, e.g. `5S 4S JK 3D on 3H`".to_string())
    );
    g.piles = [9, 7, 6, 7];
    assert_eq!(
        g.read_answer(&Key::Turn, "5s 4s jk 3d"),
        Ok(Action::Influence {
            play: cards("5S 4S JK 3D"),
            target: card("6D")
        })
    );
    assert_eq!(
        g.read_answer(&Key::Turn, "5S 3D")
            .map_err(|e| e.to_string()),
        Err(
            "5♠ 3♦ is not a chain: card 2 (3♦): 3♦ matches 5♠ in neither suit nor rank".to_string()
        )
    );
    assert_eq!(
        g.read_answer(&Key::Turn, "5S 4S JK 3D on")
            .map_err(|e| e.to_string()),
        Err(
            "name the top card after `on`, e.g. `5S 4S JK 3D on 6H` (or a suit: `on H`)"
                .to_string()
        )
    );
    assert_eq!(
        g.read_answer(&Key::Turn, "on 6D")
            .map_err(|e| e.to_string()),
        Err("name the cards you play before `on`, e.g. `4S 3S 3H on 6D`".to_string())
    );
    assert_eq!(
        g.read_answer(&Key::Turn, "exile")
            .map_err(|e| e.to_string()),
        Err("name the card to exile, e.g. `exile 4S`".to_string())
    );
    assert_eq!(
        g.read_answer(&Key::Turn, "EXILE 4s"),
        Ok(Action::Exile { card: card("4S") })
    );
    assert_eq!(
        g.read_answer(&Key::Turn, "5S 4S JK 3D on diamonds"),
        Ok(Action::Influence {
            play: cards("5S 4S JK 3D"),
            target: card("6D")
        })
    );
    assert_eq!(
        g.read_answer(&Key::Keep, " ").map_err(|e| e.to_string()),
        Err("name one card, or `none`".to_string())
    );
    // Issue 31: `on` at "Keep one card…" said "unknown rank `o`".
    assert_eq!(
        g.read_answer(&Key::Keep, "on").map_err(|e| e.to_string()),
        Err("`on` is not a card: name one card of the list (such as `7H`), or `none`".to_string())
    );
    // Issue 62: `exile 7x` asked for "one card of the list … or `none`", where there
    // is no list and `none` is no exile: the card's own error, and one card at a time.
    assert_eq!(
        g.read_answer(&Key::Turn, "exile 7x")
            .map_err(|e| e.to_string()),
        Err("unknown suit `x` in `7x` (did you mean 7♠, 7♥, 7♦ or 7♣?)".to_string())
    );
    assert_eq!(
        g.read_answer(&Key::Turn, "exile 7S 8S")
            .map_err(|e| e.to_string()),
        Err("exile one card at a time, not 2: e.g. `exile 4S`".to_string())
    );
}
