//! The inputs whose verdicts each ruling of kinkado decides (see `deciding`).

use super::{Case, Input, every_ruling_decides_a_case};

/// A whole solo game: the record of the screens' save `kinkado-last-turn.yaml` (`kinkado
/// status SAVE --record`, its game id left out), finished: before the last reveal a stash
/// is corrected (`fix:`) so that you and ALORA end round 9 with $684 each.
const TIED_GAME: &str = r#"players: you ALORA
# ruleset: kinkado
deck: virtual 7 sorted
round 1
prize: 2D  # with the $1 chip
you sells 4C 8D JD
ALORA sells AD AC
you buys 8D deck×2 draws 3C 10H
ALORA buys JD deck×1 draws 3D
you bets $25
ALORA bets $15
you plays 9S 10H 10D JC KH
ALORA reveals nothing
round 2
prize: KD  # with the $1 chip
ALORA sells AS 3H
you sells 6S 7H 8D
ALORA buys 8D deck×1 draws 10D
you buys AD AC 4C
ALORA bets $20
you bets $25
ALORA reveals nothing
you plays AH AD AC
round 3
prize: JD  # with the $1 chip and a joker
you sells 10H KD
ALORA sells 2S 5S
you buys 3H
ALORA buys deck×2 draws 8S KH
you bets $25
ALORA bets $20 bank
you plays 3S 3H 3C 4D 4C
ALORA reveals nothing
round 4
prize: 10D  # with the $5 chip
ALORA sells 3H 4D
you sells 10C JD
ALORA buys deck×2 draws 7D 4C
you buys 4D
ALORA bets $20 bank
you bets $9
ALORA reveals nothing
you plays 2D 3D 4D 5D JK
round 5
prize: AH  # with the $5 chip
you sells 10D QC
ALORA sells 2H 9C
you buys AS
ALORA buys KD deck×1 draws 7S
you bets $9
ALORA bets $20 bank
you plays AS AD AC 8S 8D
ALORA reveals nothing
round 6
prize: JC  # with the $10 chip and a joker
ALORA sells AS AD
you sells 5D KD
ALORA buys deck×2 draws 4S AC
you buys 9C
ALORA bets $20 bank
you bets $10
ALORA reveals nothing
you plays 9H 9D 9C
round 7
prize: 7C  # with the $10 chip
you sells JK
ALORA sells AC 4D
you buys nothing
ALORA buys deck×2 draws 8H 8C
you bets $10
ALORA bets $20 bank
you plays AH 3C
ALORA reveals nothing
round 8
prize: KH  # with the $25 chip
ALORA sells AH 7C
you sells JC
ALORA buys KD deck×1 draws QD
you buys nothing
ALORA bets $25
you bets $25
ALORA reveals nothing
you plays 3C 4C 5H 6D 7D
round 9
prize: 7D  # with the $25 chip
you sells 3S 3C 6D
ALORA sells 2C 5C
you buys QC JK
ALORA buys 10C deck×1 draws 2D
you bets $25
ALORA bets $25
fix: ALORA $684
you plays 9D 9C 9H KH JK
ALORA reveals nothing
"#;

/// `kinkado check -` on the tied game.
const CHECK: &[&str] = &["kinkado", "check", "-"];

/// A joker and J-Q-K-A of clubs: a royal straight flush, the joker as 10♣.
const ROYAL: &[&str] = &["kinkado", "hand", "JC", "QC", "KC", "AC", "JK"];

/// ana and bo level with ALORA on a pair worth $40; they bet $10 each, she bets $5; the
/// pool's $11 is a $10 and a $1 chip.
const LEVEL: &[&str] = &[
    "kinkado",
    "showdown",
    "--seat",
    "ana=KS,KH@10",
    "--seat",
    "bo=KD,KC@10",
    "--alora",
    "QS QH JD@5",
    "--pool",
    "11",
    "--pool-chips",
    "10,1",
];

/// One case per ruling with another choice.
const CASES: &[Case] = &[
    // as-chosen: the joker adds the $10 of the 10♣ it stands for, not $20: sum $56, not $66.
    Case {
        ruling: "joker-sum",
        rules: "kinkado",
        args: ROYAL,
        input: Input::None,
    },
    // low-only: no straight with the ace high, so a flush (tier 2), not a straight flush.
    Case {
        ruling: "ace-straights",
        rules: "kinkado",
        args: ROYAL,
        input: Input::None,
    },
    // by-value: ana and bo get $18 each of the $36 pot, not a $10 chip each ($16 kept).
    Case {
        ruling: "split",
        rules: "kinkado",
        args: LEVEL,
        input: Input::None,
    },
    // on-sum: ALORA, level on tier and sum, takes the pot despite her lower bet; ana and bo
    // no longer split it.
    Case {
        ruling: "alora-ties",
        rules: "kinkado",
        args: LEVEL,
        input: Input::None,
    },
    // free-card: with room for one card ALORA draws it and buys nothing, not the K♠ for $20.
    Case {
        ruling: "alora-last-room",
        rules: "kinkado",
        args: &[
            "kinkado",
            "alora",
            "buy",
            "--market",
            "KS 2H",
            "--stash",
            "30",
            "--holding",
            "6",
        ],
        input: Input::None,
    },
    // extra: four players and ALORA may sit at one pack; the `players:` line is legal.
    Case {
        ruling: "alora-seat",
        rules: "kinkado",
        args: CHECK,
        input: Input::Text("players: a b c d ALORA\n"),
    },
    // alora-wins: ALORA alone wins the game on $684, not you and ALORA together.
    Case {
        ruling: "game-tie",
        rules: "kinkado",
        args: CHECK,
        input: Input::Text(TIED_GAME),
    },
    // all-cards: other sums from round 1 on; round 2's `ALORA sells AS 3H` (line 16) is
    // illegal: she sells A♠ 2♦.
    Case {
        ruling: "alora-sum",
        rules: "kinkado",
        args: CHECK,
        input: Input::Text(TIED_GAME),
    },
    // keeps-rest: ALORA keeps her unplayed cards, so the 6♠ of `you sells 6S 7H 8D`
    // (line 17) is in her hand: impossible.
    Case {
        ruling: "alora-cards",
        rules: "kinkado",
        args: CHECK,
        input: Input::Text(TIED_GAME),
    },
    // best-affordable: in round 3 ALORA buys the 10♥ she can afford, not `deck×2` (line 29).
    Case {
        ruling: "alora-buy",
        rules: "kinkado",
        args: CHECK,
        input: Input::Text(TIED_GAME),
    },
    // bought-only: round 1's shown cards are not face up, so ALORA bets $10, not $15 (line 11).
    Case {
        ruling: "alora-face-up",
        rules: "kinkado",
        args: CHECK,
        input: Input::Text(TIED_GAME),
    },
    // player: you take the first sell turn of round 2 too, so `ALORA sells` (line 16) is out
    // of turn.
    Case {
        ruling: "solo-first",
        rules: "kinkado",
        args: CHECK,
        input: Input::Text(TIED_GAME),
    },
    // back-to-bank: the bets the bank placed for ALORA come back to it, so in round 9 she
    // cannot afford $25 and the bank bets for her (line 91).
    Case {
        ruling: "bank-bet",
        rules: "kinkado",
        args: CHECK,
        input: Input::Text(TIED_GAME),
    },
    // one-source: `you buys 8D deck×2` (line 8) mixes the market and the deck: illegal.
    Case {
        ruling: "buy-sources",
        rules: "kinkado",
        args: CHECK,
        input: Input::Text(TIED_GAME),
    },
    // one-at-a-time: `you sells 4C 8D JD` (line 6) sells three cards in one turn: illegal.
    Case {
        ruling: "sell-turns",
        rules: "kinkado",
        args: CHECK,
        input: Input::Text(TIED_GAME),
    },
    // joker-duplicates decides nothing under joker-sum: face-value (a joker counts $20
    // whatever it stands for, and five of a kind is four): a house file makes it count as
    // chosen. Four kings and a joker: the joker as a fifth king, $20, gives $100; forbidden,
    // it is the Q♣ and the sum $95.
    Case {
        ruling: "joker-duplicates",
        rules: "base: kinkado\nrulings:\n  joker-sum: as-chosen\n",
        args: &["kinkado", "hand", "KS", "KH", "KD", "KC", "JK"],
        input: Input::None,
    },
];

#[test]
fn every_kinkado_ruling_decides_a_verdict_and_is_named() {
    every_ruling_decides_a_case("kinkado", CASES);
}
