//! The inputs whose verdicts each ruling of koikoi decides (see `deciding`).

use super::{Case, Input, every_ruling_decides_a_case};

/// All three poetry ribbons and all three blue ribbons.
const RIBBONS: &[&str] = &["koikoi", "yaku", "1r", "2r", "3r", "6r", "9r", "10r"];

/// A dealt hand of four pairs over a field of four pairs.
const PAIRS: &[&str] = &[
    "koikoi",
    "deal",
    "1b",
    "1r",
    "2a",
    "2r",
    "3b",
    "3r",
    "4a",
    "4r",
    "--field",
    "5a 5r 6a 6r 7a 7r 8b 8a",
];

/// Five short games, each read on its own (a comment before each says what it is for).
const GAMES: &str = r"
# draw-round, koi-exhausted, both-koi: ana and ben both call koi-koi, ana again, and the hands run out
players: ana ben
table: 1p 3p 12p 8p 9p 11p 2p 4p
ana 1b>1p / 3b>3p
ben 8b>8p / 9a>9p koi
ana 12b>12p / 5p koi
ben 6p / 7p
ana 11b>11p / 10p koi
ben 7r>7p / 10r>10p
ana 2a>2p / 4a>4p
ben 1r / 3r
ana 5r>5p / 6r>6p
ben 1p>1r / 3p>3r
ana 8p / 12p
ben 12p>12p / 9r
ana 8a>8p / 11a
ben 2r / 4r
ana 5a / 6a
ben 7a / 10a
# last-card-koi: the same round, but ana calls koi-koi with her last card
players: ana ben
table: 1p 3p 12p 8p 9p 11p 2p 4p
ana 1b>1p / 3b>3p
ben 8b>8p / 9a>9p koi
ana 12b>12p / 5p koi
ben 6p / 7p
ana 11b>11p / 10p koi
ben 7r>7p / 10r>10p
ana 2a>2p / 4a>4p
ben 1r / 3r
ana 5r>5p / 6r>6p
ben 1p>1r / 3p>3r
ana 8p / 12p
ben 12p>12p / 9r
ana 8a>8p / 11a
ben 2r / 4r
ana 2p>2r / 6a koi
# both-instant: ana's teshi, ben's kuttsuki
players: ana ben
ana: 1b 1r 1p 1p 2a 3b 4a 5a
ben: 2r 2p 3r 3p 4r 4p 5r 5p
table: 6a 6r 7a 8b 9r 10a 11b 12p
# loser-pays: ben has 10 when the third round costs him 20
players: ana ben
round
table: 1b 1r 1p 3b 3r 3p 8b 8p
ana 1p / 3p
ben 2r / 12b
ana 2p>2r / 12p>12b stop
round
table: 1b 1r 1p 3b 3r 3p 8b 8p
ana 1p / 3p
ben 2r / 12b
ana 2p>2r / 12p>12b stop
round
table: 1b 1r 1p 3b 3r 3p 8b 8p
ana 1p / 3p
ben 2r / 12b
ana 2p>2r / 12p>12b stop
# tied-game: 50 all after six rounds, then a seventh
players: ana ben
ana: 1b 1r 1p 1p 2a 3b 4a 5a
table: 6a 6r 7a 8b 9r 10a 11b 12p
round
ben: 1b 1r 1p 1p 2a 3b 4a 5a
table: 6a 6r 7a 8b 9r 10a 11b 12p
round
ana: 1b 1r 1p 1p 2a 3b 4a 5a
table: 6a 6r 7a 8b 9r 10a 11b 12p
round
ben: 1b 1r 1p 1p 2a 3b 4a 5a
table: 6a 6r 7a 8b 9r 10a 11b 12p
round
ana: 1b 1r 1p 1p 2a 3b 4a 5a
table: 6a 6r 7a 8b 9r 10a 11b 12p
round
ben: 1b 1r 1p 1p 2a 3b 4a 5a
table: 6a 6r 7a 8b 9r 10a 11b 12p
round
ana: 1b 1r 1p 1p 2a 3b 4a 5a
table: 6a 6r 7a 8b 9r 10a 11b 12p
";

/// Referee the record on stdin move by move.
const CHECK: &[&str] = &["koikoi", "check", "-"];

/// One case per ruling with another choice.
const CASES: &[Case] = &[
    // stacking: inoshikacho's and akatan-aotan's extras stop growing and tanzaku adds on top.
    Case {
        ruling: "yaku-groups",
        rules: "koikoi",
        args: RIBBONS,
        input: Input::None,
    },
    // both-count: akatan and aotan score apart instead of the pair yaku akatan_aotan.
    Case {
        ruling: "akatan-aotan-pair",
        rules: "koikoi",
        args: RIBBONS,
        input: Input::None,
    },
    // animal-only: in round 1 the sake cup is no plain, ana's points do not rise: no stop.
    Case {
        ruling: "sake-cup",
        rules: "koikoi",
        args: CHECK,
        input: Input::Save("koikoi-last-turn.yaml"),
    },
    // with-another-yaku, disabled: ana's lone viewing yaku asks no koi; raised-by-koi: points.
    Case {
        ruling: "viewing-yaku",
        rules: "koikoi",
        args: CHECK,
        input: Input::Save("koikoi-last-turn.yaml"),
    },
    // on: ben's four cards of the round's month make a yaku worth 4 that asks a stop.
    Case {
        ruling: "tsukifuda",
        rules: "koikoi",
        args: CHECK,
        input: Input::Save("koikoi-last-turn.yaml"),
    },
    // soft-koi, none, field-brights, koi-bonus: the rounds' points and the scores.
    Case {
        ruling: "multiplier",
        rules: "koikoi",
        args: CHECK,
        input: Input::Save("koikoi-last-turn.yaml"),
    },
    // once: ana's second koi-koi in round 2 is illegal.
    Case {
        ruling: "koi-calls",
        rules: "koikoi",
        args: CHECK,
        input: Input::Save("koikoi-last-turn.yaml"),
    },
    // redeal: round 3's teshi is dealt again; off: it is played, so `round` comes too early.
    Case {
        ruling: "teshi",
        rules: "koikoi",
        args: CHECK,
        input: Input::Save("koikoi-last-turn.yaml"),
    },
    // loser, alternate: ben deals round 2, so ana's first turn there is out of turn.
    Case {
        ruling: "next-dealer",
        rules: "koikoi",
        args: CHECK,
        input: Input::Save("koikoi-last-turn.yaml"),
    },
    // new-yaku: a further card in a yaku ben holds asks no decision, so his stop is illegal.
    Case {
        ruling: "another-yaku",
        rules: "koikoi",
        args: CHECK,
        input: Input::Save("koikoi-last-turn.yaml"),
    },
    // whole-hand: ana lays 4a, which matches nothing, while her hand holds cards that match.
    Case {
        ruling: "must-capture",
        rules: "koikoi",
        args: CHECK,
        input: Input::Save("koikoi-last-turn.yaml"),
    },
    // off: the four pairs are played like any other hand, no instant win.
    Case {
        ruling: "kuttsuki",
        rules: "koikoi",
        args: PAIRS,
        input: Input::None,
    },
    // four-of-a-month: the field's four pairs no longer call for a redeal.
    Case {
        ruling: "field-redeal",
        rules: "koikoi",
        args: PAIRS,
        input: Input::None,
    },
    // field-first: the field's redeal voids the hand's kuttsuki.
    Case {
        ruling: "deal-check-order",
        rules: "koikoi",
        args: PAIRS,
        input: Input::None,
    },
    // dealer-6, non-dealer-6: game 1's draw round gives the dealer or the other 6 points.
    Case {
        ruling: "draw-round",
        rules: "koikoi",
        args: CHECK,
        input: Input::Text(GAMES),
    },
    // caller-scores, opponent-scores: game 1's round, run out after ana's koi-koi, scores 28.
    Case {
        ruling: "koi-exhausted",
        rules: "koikoi",
        args: CHECK,
        input: Input::Text(GAMES),
    },
    // next-yaku-stops: in game 1 ana's koi-koi after both have called is illegal.
    Case {
        ruling: "both-koi",
        rules: "koikoi",
        args: CHECK,
        input: Input::Text(GAMES),
    },
    // allowed: game 2's koi-koi with ana's last card is legal, and the round a draw.
    Case {
        ruling: "last-card-koi",
        rules: "koikoi",
        args: CHECK,
        input: Input::Text(GAMES),
    },
    // dealer: in game 3 the dealer ana's teshi wins instead of the deal being void.
    Case {
        ruling: "both-instant",
        rules: "koikoi",
        args: CHECK,
        input: Input::Text(GAMES),
    },
    // in-full, below-zero: in game 4 ana gains the full 20 (and ben goes to -10).
    Case {
        ruling: "loser-pays",
        rules: "koikoi",
        args: CHECK,
        input: Input::Text(GAMES),
    },
    // extra-round: game 5's seventh round is played rather than illegal after a drawn game.
    Case {
        ruling: "tied-game",
        rules: "koikoi",
        args: CHECK,
        input: Input::Text(GAMES),
    },
    // rain is read only under viewing-yaku rain-ruins, which no built-in ruleset chooses:
    // a house file does. The lightning captured ruins hanami-zake under any-willow; under
    // rain-man only the rain man would, and the 5 points stand.
    Case {
        ruling: "rain",
        rules: "base: koikoi\nrulings:\n  viewing-yaku: rain-ruins\n",
        args: &["koikoi", "yaku", "3b 9a 11p"],
        input: Input::None,
    },
];

#[test]
fn every_koikoi_ruling_decides_a_verdict_and_is_named() {
    every_ruling_decides_a_case("koikoi", CASES);
}
