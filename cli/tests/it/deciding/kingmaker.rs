//! The inputs whose verdicts each ruling of kingmaker decides (see `deciding`).

use super::{Case, Input, every_ruling_decides_a_case};

const CHECK: &[&str] = &["kingmaker", "check", "-"];

/// A Year (the notation's example, ana's Blink GG-YB) that bo and cy top with 64 each;
/// they name cy to start the next Year.
const TIED_YEAR: &str = "players: ana bo cy dee
winter: ana bo cy dee
spring: bo c2 left RG, cy c2 long RG-YB, dee c3 right GB, ana c1 left YY
summer: cy RY c3, dee BB c2 e c3, ana YB c4 ne c3, bo GB c1 sw c2
harvest: dee w c4, ana e c4, bo w c1, cy e c1
blinks: ana GG-YB, bo YY-GB, cy RY-GB, dee BB-GY, c1 YY-RR, c2 RG-YB, c3 BB-GB, c4 GG-RY
next: cy
";

/// [`TIED_YEAR`] in a campaign to 1 point: bo and cy reach it together.
const TIED_CAMPAIGN: &str = "target: 1
players: ana bo cy dee
winter: ana bo cy dee
spring: bo c2 left RG, cy c2 long RG-YB, dee c3 right GB, ana c1 left YY
summer: cy RY c3, dee BB c2 e c3, ana YB c4 ne c3, bo GB c1 sw c2
harvest: dee w c4, ana e c4, bo w c1, cy e c1
blinks: ana GG-YB, bo YY-GB, cy RY-GB, dee BB-GY, c1 YY-RR, c2 RG-YB, c3 BB-GB, c4 GG-RY
next: cy
";

/// One case per ruling with another choice.
const CASES: &[Case] = &[
    // nobody: bo and dee tie with 72, and neither gets the Year's point.
    Case {
        ruling: "year-tie",
        rules: "kingmaker",
        args: &[
            "kingmaker",
            "score",
            "ana:RG-YB RR-GB bo:YY-BG / GG-RY BB-RY / cy:RY-GB YG-RR dee:BB-GY",
        ],
        input: Input::None,
    },
    // zero: ana's triad has no blue face, so it scores 0, not 5×2×5 = 50.
    Case {
        ruling: "zero-colour",
        rules: "kingmaker",
        args: &[
            "kingmaker",
            "score",
            "ana:RG-YR RR-GG bo:YY-BG / GG-RY BB-RY / cy:RY-GB YG-RR dee:BB-GY",
        ],
        input: Input::None,
    },
    // all-lit: ana's pair `..` cannot be scored (an error), where shown counts it as nothing.
    Case {
        ruling: "lit-faces",
        rules: "kingmaker-shown",
        args: &[
            "kingmaker",
            "score",
            "ana:RG-.. RR-GB bo:YY-BG / GG-RY BB-RY / cy:RY-GB YG-RR dee:BB-GY",
        ],
        input: Input::None,
    },
    // token-passes: the token goes from ana to bo, so the tied players' `next: cy` (line 7) is
    // illegal.
    Case {
        ruling: "next-first",
        rules: "kingmaker",
        args: CHECK,
        input: Input::Text(TIED_YEAR),
    },
    // play-on: bo and cy at 1 point each play another Year, so `next: cy` (line 8) is legal,
    // not a line after the campaign is over.
    Case {
        ruling: "campaign-tie",
        rules: "kingmaker",
        args: CHECK,
        input: Input::Text(TIED_CAMPAIGN),
    },
    // spring: ana leads Spring, so Winter's order from ana (line 3) is out of token order.
    Case {
        ruling: "first-season",
        rules: "kingmaker",
        args: CHECK,
        input: Input::Text(TIED_CAMPAIGN),
    },
    // another: cy lit c2 in Spring and may not move it into the Commons while c1, c3 and c4
    // are left.
    Case {
        ruling: "summer-own-common",
        rules: "kingmaker",
        args: CHECK,
        input: Input::Text(
            "players: ana bo cy dee
winter: ana bo cy dee
spring: bo c2 left RG, cy c2 long RG-YB, dee c3 right GB, ana c1 left YY
summer: cy RY c2
",
        ),
    },
    // allowed: bo, the first to choose c2, may long-press it; refused: bo must click it.
    Case {
        ruling: "first-long-press",
        rules: "kingmaker",
        args: CHECK,
        input: Input::Text(
            "players: ana bo cy dee
winter: ana bo cy dee
spring: bo c2 long RG-YB
",
        ),
    },
    // lit-when-moved: c4, which nobody chose in Spring, must be lit when ana moves it (`lit
    // LEFT-RIGHT`, line 5).
    Case {
        ruling: "dark-commons",
        rules: "kingmaker",
        args: CHECK,
        input: Input::Text(TIED_CAMPAIGN),
    },
    // open: the campaign has no target, so the record's `target: 1` is refused.
    Case {
        ruling: "campaign-end",
        rules: "kingmaker",
        args: CHECK,
        input: Input::Text(TIED_CAMPAIGN),
    },
];

#[test]
fn every_kingmaker_ruling_decides_a_verdict_and_is_named() {
    every_ruling_decides_a_case("kingmaker", CASES);
}
