//! The inputs whose verdicts each ruling of kinga decides (see `deciding`).

use super::{Case, Input, every_ruling_decides_a_case};

const CHECK: &[&str] = &["kinga", "check", "-"];

/// Real cards: the four aces exiled by their twos (turns 1 to 4, turn 4's draw after a
/// reshuffle of turn 4's own discards), then four twos (Three's Company and Harmony: 3 extra
/// cards) with only the two jokers left to draw and the discard pile empty.
const ACES_EXILED: &str = "deck: real
draw AS 2S AH 2H
1. exile AS
draw AD 2D AC 2C
2. exile AD
draw JK JK 2H AH
3. exile AH
draw 2S 2D AC 2C
4. exile AC
draw 2S 2H 2D 2C
5. 2S 2H 2D 2C > 3S
draw JK JK
";

/// Real cards: 3♠ and 4♠ influenced, the joker drawn last before a reshuffle and kept in
/// hand, then 5♠ influenced with the discard pile empty, and its bonus exiles the joker.
const BONUS_JOKER: &str = "deck: real
draw 2S 2H 2D AS
1. 2S 2H 2D > 3S
draw JK
keep AS
draw AD AC 2C
2. 2C AC AD AS > 4S
draw AH
keep none
draw JK 4S 3S 2S
3. 4S 3S 2S > 5S
bonus JK
";

/// Real cards, hardcore: a hand that can neither influence (3 at most) nor exile, so
/// suspicion, and one card kept at cleanup.
const HARDCORE_SUSPICION: &str = "deck: real
draw AS AH AD JK
1. suspicion KS
keep AS
";

/// Real cards: the ♠ king turned sideways by suspicion at turn 1, then the spades taken one
/// by one (the aces and the low spades exiled on the way) up to Q♠ at turn 19.
const QUEEN_AFTER_SUSPICION: &str = "deck: real
draw AS AH AD JK
1. suspicion KS
keep JK
draw AC 2S 2D
2. 2S 2D JK AC > 3S
draw JK 2H 2C 3S
3. 3S JK 2H 2C > 4S
draw AH 2S AS JK
4. exile AS
draw AC 2D AD 4S
5. exile AD
draw 3S 2S JK JK
6. 3S 2S JK JK > 5S
bonus AC
draw 2H 2C AH 5S
7. exile AH
draw 4S 2D 3S 2S
8. 4S 3S 2S 2D > 6S
draw JK JK 6S 5S
9. 6S JK JK > 7S
keep 5S
draw 2C 4S 2D
10. exile 4S
draw 3S 2S 2H 7S
11. 7S 3S 2S > 8S
bonus 2H
draw 6S 5S JK 2C
12. exile 5S
draw JK 2D 8S 7S
13. 8S 7S JK 2D > 9S
draw 6S 3S 2S JK
14. 3S 6S 2S JK > 3D
draw 2C 9S 8S 7S
15. 9S 8S 7S > 10S
bonus 2C
draw JK 3S 6S 2S
16. exile 2S
draw JK 2D 3D 10S
17. 10S JK 2D 3D > JS
draw 9S 8S 7S 3S
18. exile 7S
draw 6S JK 8S JS
19. JS 6S 8S > QS
";

/// One case per ruling with another choice.
const CASES: &[Case] = &[
    // on: turn 1's `exile AS` is illegal, since 2♠ A♠ A♥ influences 3♠ (exile only when stuck).
    Case {
        ruling: "hardcore",
        rules: "kinga",
        args: CHECK,
        input: Input::Text(ACES_EXILED),
    },
    // fourteen: A♠ 2♠ makes 15 influence, not 2.
    Case {
        ruling: "ace-value",
        rules: "kinga",
        args: &["kinga", "chain", "AS", "2S"],
        input: Input::None,
    },
    // after-queen: K♠ needs 14 and K♥ 🃏 K♦ (14, any suit) influences it; never: it cannot be.
    Case {
        ruling: "kings",
        rules: "kinga",
        args: &["kinga", "chain", "KH", "JK", "KD", "--target", "KS"],
        input: Input::None,
    },
    // per-play: three 4s and three 5s draw 1 extra card for Three's Company, not 2 (3 in all
    // with Harmony, not 4).
    Case {
        ruling: "threes-company",
        rules: "kinga",
        args: &["kinga", "chain", "4S", "4H", "4D", "5D", "5C", "5H"],
        input: Input::None,
    },
    // forbidden: the single 5♠ is no play (a play chains at least two cards).
    Case {
        ruling: "single-card-play",
        rules: "kinga",
        args: &["kinga", "chain", "5S"],
        input: Input::None,
    },
    // turn-cards-after: turn 4's 2♠ 2♦ 2♣ are not in the reshuffle, so line 10's
    // `draw 2S 2H 2D 2C` is illegal (3 cards reshuffled, not 6).
    Case {
        ruling: "reshuffle",
        rules: "kinga",
        args: CHECK,
        input: Input::Text(ACES_EXILED),
    },
    // allowed: `bonus JK` exiles the joker from the hand; forbidden: nothing may be exiled,
    // so the game waits for the keep and `bonus JK` (line 12) is illegal.
    Case {
        ruling: "bonus-exile-joker",
        rules: "kinga",
        args: CHECK,
        input: Input::Text(BONUS_JOKER),
    },
    // keep-all: the whole hand stays after the suspicion, so `keep AS` (line 4) is illegal.
    Case {
        ruling: "hardcore-suspicion-cleanup",
        rules: "kinga-hardcore",
        args: CHECK,
        input: Input::Text(HARDCORE_SUSPICION),
    },
    // optional: after turn 5's play kado asks how many extra cards (`extra N`), so
    // `draw JK JK` (line 12) is out of order.
    Case {
        ruling: "extra-draws",
        rules: "kinga",
        args: CHECK,
        input: Input::Text(ACES_EXILED),
    },
    // game-over: turn 5's third extra card is due with both piles empty: the game ends, lost,
    // rather than going on with a short hand.
    Case {
        ruling: "empty-draw",
        rules: "kinga",
        args: CHECK,
        input: Input::Text(ACES_EXILED),
    },
    // not-counted: the ♠ king, turned by suspicion at turn 1, does not score when Q♠ falls:
    // score 0, not 1.
    Case {
        ruling: "sideways-queen",
        rules: "kinga",
        args: CHECK,
        input: Input::Text(QUEEN_AFTER_SUSPICION),
    },
];

#[test]
fn every_kinga_ruling_decides_a_verdict_and_is_named() {
    every_ruling_decides_a_case("kinga", CASES);
}
