//! The inputs whose verdicts each ruling of pokino decides (see `deciding`).

use super::{Case, Input, every_ruling_decides_a_case};

/// The game of the screens' `pokino-last-turn.yaml` (its record, without the known deal),
/// and one turn more: ana lays a domino, the poke is empty and the game ends at once, ana
/// and ben tied with no points. 81 dominoes laid in a column; the deck runs out on the way.
pub const LAST_TURN: &str = "players: ana ben
spoke: 4-11@0,0h 0-6@0,1h 3-10@2,0v 4-5@2,2h
ana domino 7-8@0,-2v
ben domino 1-12@0,-4v
ana domino 0-11@0,-6v
ben domino 6-9@0,-8v
ana domino 0-12@0,-10v
ben domino 6-11@0,-12v
ana domino 10-6@1,-2v
ben domino 5-8@1,-4v
ana domino 11-2@-1,-2v
ben domino 4-12@0,-14v
ana domino 0-3@-2,-2v
ben domino 10-2@-1,-4v
ana domino 1-9@0,-16v
ben domino 11-5@-2,-4v
ana domino 9-12@0,-18v
ben domino 9-11@0,-20v
ana domino 1-8@0,-22v
ben domino 12-12@-3,-4v
ana domino 2-7@0,-24v
ben domino 5-2@-4,-4v
ana domino 9-9@0,-26v
ben domino 1-1@-5,-4v
ana domino 0-9@0,-28v
ben domino 10-10@0,-30v
ana domino 2-8@0,-32v
ben domino 7-11@0,-34v
ana domino 3-5@0,-36v
ben domino 0-0@0,-38v
ana domino 7-10@0,-40v
ben domino 5-5@0,-42v
ana domino 3-12@0,-44v
ben domino 3-9@0,-46v
ana domino 7-9@0,-48v
ben domino 2-4@0,-50v
ana domino 1-7@0,-52v
ben domino 1-5@0,-54v
ana domino 3-8@0,-56v
ben domino 0-5@0,-58v
ana domino 1-10@0,-60v
ben domino 8-9@0,-62v
ana domino 5-9@0,-64v
ben domino 8-12@0,-66v
ana domino 9-10@0,-68v
ben domino 5-6@0,-70v
ana domino 7-12@0,-72v
ben domino 3-7@0,-74v
ana domino 3-11@0,-76v
ben domino 5-10@0,-78v
ana domino 3-3@0,-80v
ben domino 1-3@0,-82v
ana domino 3-4@0,-84v
ben domino 1-4@0,-86v
ana domino 2-3@0,-88v
ben domino 4-8@0,-90v
ana domino 4-7@0,-92v
ben domino 7-7@0,-94v
ana domino 6-12@0,-96v
ben domino 11-11@0,-98v
ana domino 6-7@0,-100v
ben domino 11-12@0,-102v
ana domino 0-4@0,-104v
ben domino 6-8@0,-106v
ana domino 1-2@0,-108v
ben domino 1-11@0,-110v
ana domino 4-9@0,-112v
ben domino 10-11@0,-114v
ana domino 4-6@0,-116v
ben domino 1-6@0,-118v
ana domino 2-9@0,-120v
ben domino 4-10@0,-122v
ana domino 2-2@0,-124v
ben domino 5-12@0,-126v
ana domino 3-6@0,-128v
ben domino 8-10@0,-130v
ana domino 4-4@0,-132v
ben domino 0-8@0,-134v
ana domino 0-10@0,-136v
ben domino 0-1@0,-138v
ana domino 8-8@0,-140v
ben domino 5-7@0,-142v
ana domino 0-2@0,-144v
";

/// `pokino_record::GAME` with a card drawn in sight, and cy crossing the border cy claimed
/// (as in `reasons`): ben passes holding dominoes.
const OWN_BORDER: &str = "players: ana ben cy
spoke: 6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h
ana domino 5-5@3,0h
ben domino 10-11@-2,0h
cy domino 7-2@0,2h
ana run QC 4H @ 2,0 1,0
ben pass draws 7H
cy run 6D AC
ana pass
ben pass
cy domino 9-9@5,0h
ana pass
ben pass
cy domino 8-8@7,0h
ana pass
ben pass
cy run 6S AS @ 0,0 0,1
";

/// Ten players: the deck runs out in the first round, so c's lays earn beads without cards,
/// and c plays the last 5 cards ("Pokino!") while a holds the richer dominoes (46 pips to 43).
const POKINO_TERRITORY: &str = "players: a b c d e f g h i j
spoke: 6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h
a domino 12-12@-2,0h
b domino 11-11@-2,1h
c domino 5-5@3,0h
d pass
e pass
f pass
g pass
h pass
i pass
j pass
a run QH JH @ -1,0 -1,1
b pass
c domino 7-7@5,0h
d pass
e pass
f pass
g pass
h pass
i pass
j pass
a pass
b pass
c domino 2-2@7,0h
d pass
e pass
f pass
g pass
h pass
i pass
j pass
a pass
b pass
c domino 3-3@9,0h
d pass
e pass
f pass
g pass
h pass
i pass
j pass
a pass
b pass
c run QC 4H 3S 8S 9H @ 2,0 1,0 1,1 2,1 2,2
";

/// ben tears 12-8 off (it held ana's token on 2,0-1,0), leaving 9-0 and 5-5 apart from the
/// rest.
const TORN: &str = "players: ana ben
spoke: 6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h
ana domino 5-5@3,0h
ben domino 10-11@-2,0h
ana run QC 4H @ 2,0 1,0
ben run QS 8S @ 2,0 2,1
";

/// The spoke of `pokino.rs` (6-4 over 1-3, 12-8 standing at the right, 9-0 under 8); ana
/// and bo each have a token touching 6-4.
const TIE: &[&str] = &[
    "pokino",
    "territory",
    "6-4@0,0h",
    "1-3@0,1h",
    "12-8@2,0v",
    "9-0@2,2h",
    "--tokens",
    "ana:0,0-0,1 bo:1,0-2,0",
];

/// Four dominoes around a 2×2 block of squares from four dominoes: 2 3 / 6 7.
const RING: &[&str] = &[
    "pokino",
    "runs",
    "1-2@-1,0h",
    "3-4@1,0h",
    "5-6@-1,1h",
    "7-8@1,1h",
    "--hand",
    "2S 3S 7S 6S 2H",
];

/// One case per ruling with another choice.
const CASES: &[Case] = &[
    // no-revisit: the best run, 2 3 7 6 2 round the block back to 0,0, is refused.
    Case {
        ruling: "square-reuse",
        rules: "pokino",
        args: RING,
        input: Input::None,
    },
    // diagonals: runs may also cross the block's corners (3 to 6, 2 to 7): 84 runs, not 26.
    Case {
        ruling: "steps",
        rules: "pokino",
        args: RING,
        input: Input::None,
    },
    // forbidden: a run of 11 cards is refused rather than scored 90.
    Case {
        ruling: "long-runs",
        rules: "pokino",
        args: &["pokino", "score", "11"],
        input: Input::None,
    },
    // connected: a spoke of four dominoes apart from each other is refused.
    Case {
        ruling: "spoke",
        rules: "pokino",
        args: &[
            "pokino",
            "show",
            "6-4@0,0h",
            "1-3@5,5h",
            "12-8@10,10v",
            "9-0@20,20h",
        ],
        input: Input::None,
    },
    // bounded: the column of dominoes runs off the 14 by 13 table (line 8 is illegal).
    Case {
        ruling: "playing-area",
        rules: "pokino",
        args: &["pokino", "check", "-"],
        input: Input::Text(LAST_TURN),
    },
    // shared: 6-4, touched by one token of each, goes to both rather than to no one.
    Case {
        ruling: "territory-ties",
        rules: "pokino-territory",
        args: TIE,
        input: Input::None,
    },
    // off: territory scoring is refused without the variant.
    Case {
        ruling: "territory",
        rules: "pokino-territory",
        args: TIE,
        input: Input::None,
    },
    // pips-decide: c's "Pokino!" ends the game, and a wins on pips.
    Case {
        ruling: "territory-pokino",
        rules: "pokino-territory",
        args: &["pokino", "check", "-"],
        input: Input::Text(POKINO_TERRITORY),
    },
    // on: beads score 5 each, so ana (one bead more) wins.
    Case {
        ruling: "greed",
        rules: "pokino",
        args: &["pokino", "check", "-"],
        input: Input::Text(LAST_TURN),
    },
    // on: hands start at 7 cards and stop growing at 7, so the hands and the deck differ.
    Case {
        ruling: "pokino-up",
        rules: "pokino",
        args: &["pokino", "check", "-"],
        input: Input::Text(LAST_TURN),
    },
    // optional: ana, holding 7 cards, may draw 7♥; under below-seven the line is illegal.
    Case {
        ruling: "up-draw",
        rules: "pokino-up",
        args: &["pokino", "check", "-"],
        input: Input::Text(
            "players: ana ben\nspoke: 6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h\nana pass draws 7H\n",
        ),
    },
    // off: ben's run between the two halves of 12-8 is illegal.
    Case {
        ruling: "tear-down",
        rules: "pokino-tear-down",
        args: &["pokino", "check", "-"],
        input: Input::Text(TORN),
    },
    // leave: ana's token on 12-8's border leaves with it.
    Case {
        ruling: "torn-tokens",
        rules: "pokino-tear-down",
        args: &["pokino", "check", "-"],
        input: Input::Text(TORN),
    },
    // forbidden: tearing 12-8 off splits the board, so ben's run is illegal.
    Case {
        ruling: "torn-split",
        rules: "pokino-tear-down",
        args: &["pokino", "check", "-"],
        input: Input::Text(TORN),
    },
    // without-domino: ben, holding dominoes, may not pass.
    Case {
        ruling: "pass",
        rules: "pokino",
        args: &["pokino", "check", "-"],
        input: Input::Text(OWN_BORDER),
    },
    // several: ana's two runs on one turn are legal; under one the line is illegal.
    Case {
        ruling: "runs-per-turn",
        rules: "pokino-greed",
        args: &["pokino", "check", "-"],
        input: Input::Text(
            "players: ana ben\nspoke: 6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h\nana run QC 4H @ 2,0 1,0 run 6D AC @ 0,0 0,1\n",
        ),
    },
    // first-to-play: ben may play first, ana, named first, then follows.
    Case {
        ruling: "first-player",
        rules: "pokino",
        args: &["pokino", "check", "-"],
        input: Input::Text(
            "players: ana ben\nspoke: 6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h\nben pass\n",
        ),
    },
    // nobody: ana and ben tie with 0 points, and no one wins rather than both.
    Case {
        ruling: "win-ties",
        rules: "pokino",
        args: &["pokino", "check", "-"],
        input: Input::Text(LAST_TURN),
    },
    // limited: the bank of 50 beads runs out, and later dominoes earn none.
    Case {
        ruling: "bank",
        rules: "pokino",
        args: &["pokino", "check", "-"],
        input: Input::Text(LAST_TURN),
    },
    // ends: the game ends when the deck runs out (line 45), long before the poke.
    Case {
        ruling: "empty-deck",
        rules: "pokino",
        args: &["pokino", "check", "-"],
        input: Input::Text(LAST_TURN),
    },
    // one-contact: 10-6@1,-2v may not lie alongside 7-8@0,-2v (line 9 is illegal).
    Case {
        ruling: "placement",
        rules: "pokino",
        args: &["pokino", "check", "-"],
        input: Input::Text(LAST_TURN),
    },
    // face-down: the card ben draws may not be named.
    Case {
        ruling: "deck",
        rules: "pokino",
        args: &["pokino", "check", "-"],
        input: Input::Text(OWN_BORDER),
    },
    // after-round: ben has a turn more, so the game goes on.
    Case {
        ruling: "poke-end",
        rules: "pokino",
        args: &["pokino", "check", "-"],
        input: Input::Text(LAST_TURN),
    },
    // open: cy may cross 0,0-0,1 again, which cy claimed.
    Case {
        ruling: "own-borders",
        rules: "pokino",
        args: &["pokino", "check", "-"],
        input: Input::Text(OWN_BORDER),
    },
];

#[test]
fn every_pokino_ruling_decides_a_verdict_and_is_named() {
    every_ruling_decides_a_case("pokino", CASES);
}
