//! `kado kinga check` end to end: records refereed line by line, exact output (human and
//! JSON), each kind of mistake a table makes as the verdict (exit 0), bad notation as an
//! error (exit 2), and the record `kinga play --record` and `kinga status --record` write.

use crate::common::*;

use kado::kinga::game::Game;
use kado::kinga::game::{Deck, Setup};
use kado::ruleset::Ruleset;
use kado::session::{Session, Step};

/// The starting deck of `--deck virtual --seed 7`.
const DECK7: &str = "deck: 2S 2H AD AC AS 2C AH 2D JK JK";

fn check_text(args: &[&str], record: &str) -> (i32, String, String) {
    let mut all = vec!["kinga", "check", "-"];
    all.splice(0..0, args.iter().copied());
    run_with_input(&all, record)
}

fn check_json(args: &[&str], record: &str) -> serde_json::Value {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let (code, out, err) = check_text(&all, record);
    assert_eq!((code, err.as_str()), (0, ""), "{record}");
    serde_json::from_str(&out).unwrap()
}

/// A whole game played by the greedy policy, as `kinga play --deck virtual` runs it.
fn played(rules: &str, seed: u64) -> Game {
    let rs = Ruleset::builtin(rules).unwrap();
    let mut p = Game::start(&Setup::new(Deck::Virtual, seed), &rs).unwrap();
    loop {
        let a = match p.next() {
            Step::Done => return p,
            Step::Auto(a) => a,
            Step::Ask(q) => kado::kinga::sim::choose(&p.game, &q.key).unwrap(),
        };
        p.apply(&a).unwrap();
    }
}

const REAL: &str = "deck: real                  # the cards as the table draws them
draw 2S AS 2C 2H
1. 2S 2C 2H > 3S            # Three's Company: one more card
draw JK
keep AS
draw AC AD 2D
2. 2D AD AS > 3D
keep AC
draw AH JK
reshuffle
draw 2S
";

#[test]
fn a_record_of_real_cards_refereed_line_by_line() {
    let (code, out, err) = check_text(&[], REAL);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "Kinga with real cards:
  line  1  deck: real
  line  2  draw 2S AS 2C 2H
  line  3  1. 2S 2C 2H > 3S — 2♠ 2♣ 2♥ makes 4 influence in ♠ ♥ ♣: 3♠ is influenced. Three's Company: draw 1 extra card.
  line  4  draw JK — Put 3♠ on your discard pile.
  line  5  keep AS — Discard 🃏. Draw 3 cards.
  line  6  draw AC AD 2D
  line  7  2. 2D AD AS > 3D — 2♦ A♦ A♠ makes 4 influence in ♠ ♦: 3♦ is influenced. Put 3♦ on your discard pile.
  line  8  keep AC — Draw 2 cards.
  line  9  draw AH JK
  line 10  reshuffle — Your draw pile is empty: shuffle your discard pile (9 cards) into a new draw pile. Draw 1 card.
  line 11  draw 2S

┌──────┬──────────┬─────────┐
│ Suit ┆ Top card ┆ King    │
╞══════╪══════════╪═════════╡
│ ♠    ┆ 4♠       ┆ upright │
│ ♥    ┆ 3♥       ┆ upright │
│ ♦    ┆ 4♦       ┆ upright │
│ ♣    ┆ 3♣       ┆ upright │
└──────┴──────────┴─────────┘
Hand: A♣ A♥ 🃏 2♠
Draw pile: 8 cards   Discard pile: 0 cards   Exiled: —
Turn 3. Kings turned: 0 of 4. Kings exposed: 0.
The game goes on: next, the action of turn 3 (a play `CARDS > TARGET`, `exile CARD`, `suspicion KING` or `executed`).
"
    );
}

/// The record above with its draw, reshuffle and draw as the one line the rules' own
/// example draws: two cards from the draw pile, the third from the discards shuffled.
const REAL_ACROSS: &str = "deck: real
draw 2S AS 2C 2H
1. 2S 2C 2H > 3S
draw JK
keep AS
draw AC AD 2D
2. 2D AD AS > 3D
keep AC
draw AH JK 2S               # the draw pile's last two, then one after the reshuffle
";

/// [`REAL_ACROSS`] up to its draw across the reshuffle.
const REAL_UP_TO_THE_RESHUFFLE: &str = "deck: real
draw 2S AS 2C 2H
1. 2S 2C 2H > 3S
draw JK
keep AS
draw AC AD 2D
2. 2D AD AS > 3D
keep AC
";

/// What may be drawn at line 9 of [`REAL_ACROSS`].
const ACROSS_LEGAL: [&str; 2] = [
    "draw 2 of AH JK",
    "draw AH JK then 1 of AS AD 2S 2H 2D 2C 3S 3D JK (the discard pile, reshuffled)",
];

#[test]
fn a_draw_across_a_reshuffle_was_refused() {
    let (code, out, err) = check_text(&[], REAL_ACROSS);
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(
        out.contains(
            "  line 9  draw AH JK 2S — Your draw pile is empty: shuffle your discard pile (9 cards) into a new draw pile.\n"
        ),
        "{out}"
    );
    assert!(!out.contains("Illegal"), "{out}");
    // The same game as the record that writes the reshuffle and the two draws apart.
    let whole = check_json(&[], REAL_ACROSS);
    let apart = check_json(&[], REAL);
    assert_eq!(whole["illegal"], serde_json::Value::Null);
    for key in [
        "hand",
        "piles",
        "draw_pile",
        "discard_pile",
        "exiled",
        "turn",
        "next",
    ] {
        assert_eq!(whole[key], apart[key], "{key}");
    }
}

/// `kinga play` with real cards takes the same draw as one answer, and writes it as the
/// one line.
#[test]
fn play_takes_a_draw_across_a_reshuffle_in_one_answer() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("g.yaml");
    let record = dir.path().join("g.txt");
    let script = "2S AS 2C 2H\n2S 2C 2H on 3S\nJK\nAS\nAC AD 2D\n2D AD AS on 3D\nAC\nhelp\nAH JK 4S\nAH JK 2S\nquit\n";
    let (code, out, _) = run_with_input(
        &[
            "kinga",
            "play",
            "--save",
            save.to_str().unwrap(),
            "--record",
            record.to_str().unwrap(),
        ],
        script,
    );
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("Then your discard pile is shuffled into a new draw pile for the 1 card still due: you may name it here too."),
        "{out}"
    );
    assert!(
        out.contains("Draw 2 cards: which: AH JK 4S\n✗ 4♠ is in neither your draw pile nor your discard pile (it is still in its suit pile)\n"),
        "{out}"
    );
    assert!(
        out.contains("Draw 2 cards: which: AH JK 2S\nYour draw pile is empty: shuffle your discard pile (9 cards) into a new draw pile.\n"),
        "{out}"
    );
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(text.ends_with("keep AC\ndraw AH JK 2S\n"), "{text}");
    assert_eq!(
        check_json(&[], &text)["hand"],
        check_json(&[], REAL)["hand"]
    );
}

/// A whole game of real cards, to its end, whose draws run on past its reshuffles in one
/// line wherever the draw pile runs short.
fn played_real_across(rules: &str, seed: u64) -> Game {
    let rs = Ruleset::builtin(rules).unwrap();
    let mut p = Game::start(&Setup::new(Deck::Real, seed), &rs).unwrap();
    let mut turn = 0u64;
    loop {
        turn += 1;
        let a = match p.next() {
            Step::Done => return p,
            Step::Auto(a) => a,
            Step::Ask(q) if q.key == kado::kinga::key::Key::Draw => {
                let g = &p.game;
                let mut cards = g.draw.clone();
                kado::shuffle::shuffle(&mut cards, seed ^ turn);
                cards.truncate(g.to_draw);
                let mut discard = g.discard.clone();
                kado::shuffle::shuffle(&mut discard, seed ^ turn ^ 1);
                discard.truncate(g.to_draw - cards.len());
                cards.extend(discard);
                kado::kinga::game::Action::Draw { cards }
            }
            Step::Ask(q) => kado::kinga::sim::choose(&p.game, &q.key).unwrap(),
        };
        p.apply(&a).unwrap();
    }
}

#[test]
fn a_whole_real_game_drawing_across_its_reshuffles_checks_to_its_end() {
    for (rules, seed) in [("kinga", 3), ("kinga-hardcore", 4)] {
        let p = played_real_across(rules, seed);
        let text = p.record().unwrap();
        let written = text.matches("\nreshuffle").count();
        assert!(
            (p.game.reshuffles as usize) > written,
            "no draw ran past a reshuffle: {text}"
        );
        let v = check_json(&[], &text);
        assert_eq!(v["illegal"], serde_json::Value::Null, "{text}");
        assert_ne!(v["end"], serde_json::Value::Null, "{text}");
        assert_eq!(v["score"], p.game.score(), "{text}");
        assert_eq!(v["turn"], p.game.turn, "{text}");
    }
}

const CHAIN: &str = "deck: 2S 2H AD AC AS 2C AH 2D JK JK
1. suspicion KS
keep 2H
2. 2H AS > 3S
keep 2C
";

#[test]
fn the_first_illegal_line_is_the_verdict() {
    let (code, out, err) = check_text(&[], CHAIN);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "Kinga with a virtual deck:
  line 1  deck: 2S 2H AD AC AS 2C AH 2D JK JK — You draw 2♠ 2♥ A♦ A♣.
  line 2  1. suspicion KS — Raise suspicion: turn the ♠ king sideways (1 of 4 turned).
  line 3  keep 2H — Discard 2♠ A♦ A♣. You draw A♠ 2♣ A♥.
Illegal: line 4 (turn 2) — the chain: 2♥ A♠ is not a chain: card 2 (A♠): A♠ matches 2♥ in neither suit nor rank.
  Legal instead: 2H AH AS > 3S, 2H AH AS > 3H, 2C 2H AH > 3C, exile AH.

┌──────┬──────────┬──────────┐
│ Suit ┆ Top card ┆ King     │
╞══════╪══════════╪══════════╡
│ ♠    ┆ 3♠       ┆ sideways │
│ ♥    ┆ 3♥       ┆ upright  │
│ ♦    ┆ 3♦       ┆ upright  │
│ ♣    ┆ 3♣       ┆ upright  │
└──────┴──────────┴──────────┘
Hand: 2♥ A♠ 2♣ A♥
Draw pile: 3 cards   Discard pile: 3 cards   Exiled: —
Turn 2. Kings turned: 1 of 4. Kings exposed: 0.
The game goes on: next, the action of turn 2 (a play `CARDS > TARGET`, `exile CARD`, `suspicion KING` or `executed`).
"
    );
}

#[test]
fn the_json_shape() {
    let v = check_json(&[], CHAIN);
    assert_eq!(
        v,
        serde_json::json!({
            "line": 1,
            "lines": [
                {"line": 1, "event": "deck: 2S 2H AD AC AS 2C AH 2D JK JK", "text": "You draw 2♠ 2♥ A♦ A♣."},
                {"line": 2, "event": "1. suspicion KS", "text": "Raise suspicion: turn the ♠ king sideways (1 of 4 turned)."},
                {"line": 3, "event": "keep 2H", "text": "Discard 2♠ A♦ A♣. You draw A♠ 2♣ A♥."}
            ],
            "illegal": {
                "line": 4,
                "turn": 2,
                "event": "2. 2H AS > 3S",
                "code": "illegal-move",
                "reason": "2♥ A♠ is not a chain: card 2 (A♠): A♠ matches 2♥ in neither suit nor rank",
                "rule": "the chain",
                "legal": ["2H AH AS > 3S", "2H AH AS > 3H", "2C 2H AH > 3C", "exile AH"]
            },
            "end": null,
            "next": "the action of turn 2 (a play `CARDS > TARGET`, `exile CARD`, `suspicion KING` or `executed`)",
            "deck": "virtual",
            "turn": 2,
            "piles": [
                {"suit": "S", "top": "3S", "king": "sideways"},
                {"suit": "H", "top": "3H", "king": "upright"},
                {"suit": "D", "top": "3D", "king": "upright"},
                {"suit": "C", "top": "3C", "king": "upright"}
            ],
            "kings_turned": 1,
            "hand": ["2H", "AS", "2C", "AH"],
            "draw_pile": 3,
            "discard_pile": 3,
            "exiled": [],
            "table": [],
            "waiting_for": "turn",
            "finished": false,
            "won": null,
            "score": 0
        })
    );
}

/// The record of seed 7 up to the given line (its turns 1 to 7).
const SEED7: [&str; 14] = [
    "1. suspicion KS",
    "keep 2H",
    "2. 2H AH AS > 3S",
    "keep 2C",
    "3. 2C 2D JK JK > 4S",
    "reshuffle AD 2H 2D AC JK AH AS JK 2C 3S 2S 4S",
    "4. 2H 2D AD > 3H",
    "keep AC",
    "5. suspicion KD",
    "keep AS",
    "6. 3S AS JK 2C > 4H",
    "reshuffle 3S 3H 4H AC 2H JK AS AD AH 2D JK 2C",
    "7. 4S 2S 3S > 5S",
    "bonus 3H",
];

/// The first `n` lines of seed 7's record after its deck, then `last`.
fn seed7(n: usize, last: &str) -> String {
    let mut out = format!("{DECK7}\n");
    for l in &SEED7[..n] {
        out += l;
        out.push('\n');
    }
    out + last + "\n"
}

#[test]
fn seed_7_as_written_is_legal() {
    let v = check_json(&[], &seed7(SEED7.len(), "8. 4H 2H JK AC > 5H"));
    assert_eq!(v["illegal"], serde_json::Value::Null);
    assert_eq!(v["waiting_for"], "bonus");
    assert_eq!(v["turn"], 8);
}

/// A mistake: the record, its illegal line, the rule, why, and what was legal.
type Mistake = (String, u64, &'static str, &'static str, Vec<&'static str>);

/// Each mistake is the verdict, with its rule and what was legal.
fn assert_illegal(cases: Vec<Mistake>) {
    for (record, line, rule, reason, legal) in cases {
        let v = check_json(&[], &record);
        let i = &v["illegal"];
        assert_eq!(i["line"], line, "{record}");
        assert_eq!(i["rule"], rule, "{record}");
        assert_eq!(i["reason"], reason, "{record}");
        assert_eq!(i["legal"], serde_json::json!(legal), "{record}");
    }
}

const SUSPICION: [&str; 4] = [
    "suspicion KS",
    "suspicion KH",
    "suspicion KD",
    "suspicion KC",
];
const TURN2: [&str; 4] = [
    "2H AH AS > 3S",
    "2H AH AS > 3H",
    "2C 2H AH > 3C",
    "exile AH",
];

/// The mistakes of a play or an exile: the chain rules, influence, suits, jokers, targets.
#[test]
fn a_play_that_breaks_the_chain_rules_is_the_verdict() {
    assert_illegal(vec![
        // A chain that does not link.
        (
            seed7(0, "1. 2S AD > 3S"),
            2,
            "the chain",
            "2♠ A♦ is not a chain: card 2 (A♦): A♦ matches 2♠ in neither suit nor rank",
            SUSPICION.to_vec(),
        ),
        // An influence short by one.
        (
            seed7(0, "1. 2S 2H > 3S"),
            2,
            "influence",
            "2♠ 2♥ makes 3 influence; 3♠ needs 4",
            SUSPICION.to_vec(),
        ),
        // An exile without a higher card of its suit.
        (
            seed7(0, "1. exile AD"),
            2,
            "exile",
            "to exile A♦ you need a higher ♦ card in your hand",
            SUSPICION.to_vec(),
        ),
        // A card that is not in the hand.
        (
            seed7(0, "1. 2S 2C > 3S"),
            2,
            "cards come from the hand",
            "2♣ is not in your hand (you hold 2♠ 2♥ A♦ A♣)",
            SUSPICION.to_vec(),
        ),
        // Influence spent in a suit the play does not make.
        (
            seed7(2, "2. 2H AH AS > 3D"),
            4,
            "suits",
            "2♥ A♥ A♠ makes 4 influence in ♠ ♥ only, not ♦",
            TURN2.to_vec(),
        ),
        // A card that is not on top of its pile.
        (
            seed7(2, "2. 2H AH AS > 4S"),
            4,
            "targets",
            "4♠ is not on top of its pile: the top ♠ card is 3♠",
            TURN2.to_vec(),
        ),
        // A joker first.
        (
            seed7(4, "3. JK 2C 2D > 4S"),
            6,
            "jokers",
            "🃏 2♣ 2♦ is not a chain: card 1 (🃏): a joker cannot be the first card of a play",
            vec![
                "2C 2D JK JK > 4S",
                "2C JK JK > 3H",
                "2C JK JK > 3D",
                "2C JK JK > 3C",
            ],
        ),
        // A card kept that is not in the hand.
        (
            seed7(1, "keep 3S"),
            3,
            "cards come from the hand",
            "3♠ is not in your hand (you hold 2♠ 2♥ A♦ A♣)",
            vec!["keep 2S", "keep 2H", "keep AD", "keep AC", "keep none"],
        ),
    ]);
}

/// The mistakes of the order of a turn: suspicion, execution, cleanup, the bonus, numbers.
#[test]
fn a_turn_out_of_order_is_the_verdict() {
    assert_illegal(vec![
        // Suspicion raised while a play is possible.
        (
            seed7(2, "2. suspicion KH"),
            4,
            "raise suspicion",
            "you can still influence or exile: raise suspicion only when you cannot",
            TURN2.to_vec(),
        ),
        // A king already sideways turned again.
        (
            seed7(8, "5. suspicion KS"),
            10,
            "raise suspicion",
            "the ♠ king is already sideways",
            vec!["suspicion KH", "suspicion KD", "suspicion KC"],
        ),
        // Execution while a king is upright.
        (
            seed7(0, "1. executed"),
            2,
            "execution",
            "the game is not lost",
            SUSPICION.to_vec(),
        ),
        // Cleanup left out.
        (
            seed7(1, "2. 2H AH AS > 3S"),
            3,
            "the order of a turn",
            "the game waits for the card kept at cleanup (`keep CARD` or `keep none`), not a turn",
            vec!["keep 2S", "keep 2H", "keep AD", "keep AC", "keep none"],
        ),
        // A turn numbered wrong.
        (
            seed7(0, "2. suspicion KS"),
            2,
            "turn numbers",
            "this is turn 1, not turn 2",
            SUSPICION.to_vec(),
        ),
        // The bonus exile of a card neither in hand nor in the discard pile.
        (
            seed7(13, "bonus 5S"),
            15,
            "the 5, 8 and 10 exile",
            "5♠ is neither in your hand nor in your discard pile",
            vec!["bonus 3H", "bonus none"],
        ),
    ]);
}

/// The mistakes of the piles: draws, reshuffles, extra cards.
#[test]
fn a_draw_or_reshuffle_against_the_piles_is_the_verdict() {
    assert_illegal(vec![
        // A virtual deck drawn out of order.
        (
            seed7(2, "draw 2C AS AH"),
            4,
            "drawing",
            "those are not the top cards of the virtual deck",
            vec!["draw AS 2C AH"],
        ),
        // A virtual deck's reshuffle without its order, or not of the discard pile.
        (
            seed7(5, "reshuffle"),
            7,
            "reshuffling",
            "with a virtual deck the order of the new draw pile matters: write it, top first",
            vec![
                "reshuffle AS AH AD AC 2S 2H 2D 2C 3S 4S JK JK (in the order of the new draw pile)",
            ],
        ),
        (
            seed7(5, "reshuffle AD 2H 2D AC JK AH AS JK 2C 3S 2S 5S"),
            7,
            "reshuffling",
            "the new draw pile must be the discard pile",
            vec![
                "reshuffle AS AH AD AC 2S 2H 2D 2C 3S 4S JK JK (in the order of the new draw pile)",
            ],
        ),
        // Real cards: too few drawn, or a card that is not in the draw pile.
        (
            "deck: real\ndraw 2S AS 2C\n".to_string(),
            2,
            "drawing",
            "draw 4 cards from your draw pile, not 3",
            vec!["draw 4 of AS AH AD AC 2S 2H 2D 2C JK JK"],
        ),
        (
            "deck: real\ndraw 2S AS 2C 3S\n".to_string(),
            2,
            "drawing",
            "3♠ is not in your draw pile (it holds A♠ A♥ A♦ A♣ 2♠ 2♥ 2♦ 2♣ 🃏 🃏)",
            vec!["draw 4 of AS AH AD AC 2S 2H 2D 2C JK JK"],
        ),
        // Real cards, a draw across a reshuffle (`draw AH JK` due, the discard pile then
        // shuffled for one more): a card in neither pile, the draw pile not taken whole.
        (
            format!("{}draw AH JK 4S\n", REAL_UP_TO_THE_RESHUFFLE),
            9,
            "drawing",
            "4♠ is in neither your draw pile nor your discard pile (it is still in its suit pile)",
            ACROSS_LEGAL.to_vec(),
        ),
        (
            format!("{}draw AH JK AC\n", REAL_UP_TO_THE_RESHUFFLE),
            9,
            "drawing",
            "A♣ is in neither your draw pile nor your discard pile (it is in your hand)",
            ACROSS_LEGAL.to_vec(),
        ),
        (
            format!("{}draw AH 2S 2H\n", REAL_UP_TO_THE_RESHUFFLE),
            9,
            "reshuffling",
            "🃏 is still in your draw pile: draw all of it (A♥ 🃏) before your discard pile is reshuffled",
            ACROSS_LEGAL.to_vec(),
        ),
        (
            format!("{}draw AH 2S\n", REAL_UP_TO_THE_RESHUFFLE),
            9,
            "drawing",
            "2♠ is not in your draw pile (it is in your discard pile)",
            ACROSS_LEGAL.to_vec(),
        ),
        // An extra count under the default ruling, which draws them at once.
        (
            "deck: real\ndraw 2S AS 2C 2H\n1. 2S 2C 2H > 3S\nextra 1\n".to_string(),
            4,
            "the order of a turn",
            "the game waits for a draw of 1 card (`draw CARDS`), not `extra`",
            vec!["draw 1 of AH AD AC 2D JK JK"],
        ),
    ]);
}

#[test]
fn a_turn_after_the_game_ended_is_illegal() {
    let won = played("kinga", 7);
    assert_eq!(won.game.is_over(), Some(true));
    let record = won.record().unwrap() + "65. exile 9S\n";
    let v = check_json(&[], &record);
    assert_eq!(v["end"], "four_queens");
    assert_eq!(v["score"], 4);
    assert_eq!(
        v["illegal"]["reason"],
        "the game is over: the fourth queen is influenced, and you win"
    );
    assert_eq!(v["illegal"]["rule"], "the end of the game");
    assert_eq!(v["illegal"]["legal"], serde_json::json!([]));
    let lost = played("kinga-hardcore", 5);
    let record = lost.record().unwrap() + "keep none\n";
    let v = check_json(&["--rules", "kinga-hardcore"], &record);
    assert_eq!(v["end"], "executed");
    assert_eq!(
        v["illegal"]["reason"],
        "the game is over: suspicion is due with all four kings sideways: the kings order your execution"
    );
    let (_, out, _) = check_text(&["--rules", "kinga-hardcore"], &lost.record().unwrap());
    assert!(
        out.ends_with(
            "You lost after 30 turns. Score: 0 kings exposed.\nGame over: suspicion is due with all four kings sideways: the kings order your execution.\n"
        ),
        "{out}"
    );
}

#[test]
fn a_whole_game_checks_to_the_game_played() {
    for (rules, seed) in [("kinga", 7), ("kinga", 3), ("kinga-hardcore", 11)] {
        let p = played(rules, seed);
        let v = check_json(&["--rules", rules], &p.record().unwrap());
        assert_eq!(v["illegal"], serde_json::Value::Null);
        let status = serde_json::to_value(p.game.status()).unwrap();
        for (k, want) in status.as_object().unwrap() {
            assert_eq!(&v[k], want, "{rules} {seed}: {k}");
        }
    }
}

/// Issue 63: a hardcore exile refused read "hardcore: exile only when stuck: hardcore:
/// exile only when nothing can be influenced"; the rule is the ruling, said once.
#[test]
fn a_hardcore_refusal_said_hardcore_twice() {
    let (_, out, _) = run_with_input(
        &["--rules", "kinga-hardcore", "kinga", "check", "-"],
        "deck: real\ndraw AS 2S AH 2H\n1. exile AS\n",
    );
    assert!(
        out.contains("Illegal: line 3 (turn 1) — ruling hardcore: exile only when nothing can be influenced; 2♠ A♠ A♥ influences 3♠."),
        "{out}"
    );
}

#[test]
fn the_hardcore_rules_and_house_rules_are_the_rules_checked() {
    // Seed 7, turn 2: hardcore plays the fewest cards and exiles only when stuck.
    let v = check_json(
        &["--rules", "kinga-hardcore"],
        &seed7(2, "2. 2C 2H AH AS > 3S"),
    );
    assert_eq!(v["illegal"]["rule"], "ruling hardcore");
    assert_eq!(
        v["illegal"]["reason"],
        "use the fewest cards; 2♥ A♥ A♠ influences 3♠ with 3 cards"
    );
    let v = check_json(&[], &seed7(2, "2. 2C 2H AH AS > 3S"));
    assert_eq!(v["illegal"], serde_json::Value::Null);
    let v = check_json(&["--rules", "kinga-hardcore"], &seed7(2, "2. exile AH"));
    assert_eq!(v["illegal"]["rule"], "ruling hardcore");
    // Hardcore keeps the unused cards: no cleanup line after a play.
    let v = check_json(&["--rules", "kinga-hardcore"], &seed7(4, "keep 2C"));
    assert_eq!(v["illegal"]["rule"], "the order of a turn");
    // A house file: the extra cards are asked for.
    let dir = tempfile::tempdir().unwrap();
    let house = dir.path().join("house.yaml");
    std::fs::write(
        &house,
        "base: kinga\nname: asked\nrulings:\n  extra-draws: optional\n",
    )
    .unwrap();
    let house = house.to_str().unwrap();
    let record = "deck: real\ndraw 2S AS 2C 2H\n1. 2S 2C 2H > 3S\nextra 0\nkeep AS\n";
    let v = check_json(&["--rules", house], record);
    assert_eq!(v["illegal"], serde_json::Value::Null);
    assert_eq!(v["waiting_for"], "draw");
    let v = check_json(&["--rules", house], &record.replace("extra 0", "extra 2"));
    assert_eq!(v["illegal"]["rule"], "ruling extra-draws");
    assert_eq!(
        v["illegal"]["legal"],
        serde_json::json!(["extra 0", "extra 1"])
    );
}

#[test]
fn several_games_in_one_file() {
    let record = format!("{CHAIN}\n# another\n{REAL}");
    let (code, out, _) = check_text(&[], &record);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("Game 1 (line 1)\nKinga with a virtual deck:\n"),
        "{out}"
    );
    assert!(
        out.contains("\nGame 2 (line 8)\nKinga with real cards:\n"),
        "{out}"
    );
    assert!(
        out.ends_with("\n2 games: 1 by the rules, 1 illegal (game 1, line 4).\n"),
        "{out}"
    );
    let v = check_json(&[], &record);
    assert_eq!(v["games"][0]["illegal"]["line"], 4);
    assert_eq!(v["games"][1]["line"], 8);
    assert_eq!(v["games"][1]["illegal"], serde_json::Value::Null);
}

#[test]
fn bad_notation_is_an_error_with_its_place() {
    let record = "deck: real\ndraw 2S AS 2C 2H\n1. 2S 2C 2H > 3S\nkeep AS\nfly 2S\n2. 2S AD\n";
    let (code, out, err) = check_text(&[], record);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "error: `fly` is not a line of a Kinga record
 --> stdin, line 5, column 1
  |
5 | fly 2S
  | ^^^
  = expected: a turn (`5S 4S JK 3D > 6D`, `exile 4S`, `suspicion KH` or `executed`, after an optional turn number `12.`), `draw CARDS`, `reshuffle [CARDS]`, `bonus CARD|none`, `keep CARD|none`, `extra N`, `discard CARDS`, or `deck: real|CARDS` to start a game

error: a play names the card it influences
 --> stdin, line 6, column 9
  |
6 | 2. 2S AD
  |         ^
  = expected: `CARDS > TARGET`: the cards in the order played, then the top card influenced, e.g. `5S 4S JK 3D > 6D` (or `5S 4S JK 3D on 6D`)

2 problems found
"
    );
    let (code, _, err) = check_text(&["--json"], record);
    assert_eq!(code, 2);
    let v: serde_json::Value = serde_json::from_str(&err).unwrap();
    assert_eq!(v["total"], 2);
    assert_eq!(v["problems"][0]["line"], 5);
    assert_eq!(v["problems"][1]["column"], 9);
    // A deck that is not the starting deck.
    let err = bad(&["kinga", "check", "/nonexistent/record.txt"]);
    assert!(err.contains("/nonexistent/record.txt"), "{err}");
    let (code, _, err) = check_text(&[], "deck: 2S AS 2C 2H AC AD 2D JK AH 3S\n");
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: the starting deck is the four aces, the four twos and two jokers\n --> stdin, line 1, column 7\n"),
        "{err}"
    );
}

#[test]
fn play_writes_the_record_and_status_prints_it() {
    let dir = tempfile::tempdir().unwrap();
    let (code, _, err) = run_in(
        dir.path(),
        &[
            "kinga", "play", "--deck", "virtual", "--seed", "3", "--save", "p.yaml", "--record",
            "p.txt",
        ],
        "exile AD\n2C JK JK on 3D\nAC\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(dir.path().join("p.txt")).unwrap();
    let (id, record) = text.split_once('\n').unwrap();
    assert!(id.starts_with("# kado game id: "), "{text}");
    assert_eq!(
        record,
        "deck: 2D AD 2S 2H JK 2C JK AC AH AS\n# ruleset: kinga\n1. exile AD\n2. 2C JK JK > 3D\nkeep AC\nreshuffle 2D 2H JK 2S 2C 3D JK\n"
    );
    let (code, out, _) = run_in(dir.path(), &["kinga", "status", "p.yaml", "--record"], "");
    assert_eq!((code, out.as_str()), (0, text.as_str()));
    let (_, out, _) = run_in(
        dir.path(),
        &["--json", "kinga", "status", "p.yaml", "--record"],
        "",
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["record"], text.as_str());
    // check reads the record to the state the save holds.
    let (_, status, _) = run_in(dir.path(), &["--json", "kinga", "status", "p.yaml"], "");
    let status: serde_json::Value = serde_json::from_str(&status).unwrap();
    let (_, checked, _) = run_in(dir.path(), &["--json", "kinga", "check", "p.txt"], "");
    let checked: serde_json::Value = serde_json::from_str(&checked).unwrap();
    // Every key of the game's state (`table`, the table as typed values, is status's own).
    for (k, want) in status.as_object().unwrap() {
        if k != "table" {
            assert_eq!(&checked[k], want, "{k}");
        }
    }
    // Resumed with --record, the record goes on.
    let (code, _, err) = run_in(
        dir.path(),
        &["kinga", "resume", "p.yaml", "--record", "q.txt"],
        "KS\nnone\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    let more = std::fs::read_to_string(dir.path().join("q.txt")).unwrap();
    assert!(more.ends_with("3. suspicion KS\nkeep none\n"), "{more}");
    let err = bad(&[
        "kinga",
        "play",
        "--save",
        dir.path().join("r.yaml").to_str().unwrap(),
        "--record",
        dir.path().join("r.yaml").to_str().unwrap(),
    ]);
    assert!(err.contains("is the save file itself"), "{err}");
}

#[test]
fn a_real_game_played_is_recorded_with_its_draws() {
    let dir = tempfile::tempdir().unwrap();
    let (code, _, err) = run_in(
        dir.path(),
        &["kinga", "play", "--save", "r.yaml", "--record", "r.txt"],
        "2S AS 2C 2H\n2S 2C 2H on 3S\nJK\nAS\nAC AD 2D\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(dir.path().join("r.txt")).unwrap();
    assert_eq!(
        text.split_once('\n').unwrap().1,
        "deck: real\n# ruleset: kinga\ndraw 2S AS 2C 2H\n1. 2S 2C 2H > 3S\ndraw JK\nkeep AS\ndraw AC AD 2D\n"
    );
    let (code, out, _) = run_in(dir.path(), &["kinga", "check", "r.txt"], "");
    assert_eq!(code, 0);
    assert!(
        out.ends_with("Turn 2. Kings turned: 0 of 4. Kings exposed: 0.\nThe game goes on: next, the action of turn 2 (a play `CARDS > TARGET`, `exile CARD`, `suspicion KING` or `executed`).\n"),
        "{out}"
    );
}

#[test]
fn a_record_names_its_ruleset_and_check_uses_it_unless_told_otherwise() {
    let lost = played("kinga-hardcore", 1);
    let record = lost.record().unwrap();
    assert!(record.contains("\n# ruleset: kinga-hardcore\n"), "{record}");
    let named = check_json(&[], &record);
    let given = check_json(&["--rules", "kinga-hardcore"], &record);
    assert_eq!(named, given);
    let standard = record.replace("# ruleset: kinga-hardcore", "# ruleset: kinga");
    assert_eq!(
        check_json(&[], &standard),
        check_json(&["--rules", "kinga"], &standard)
    );
    let (code, out, err) = check_text(&[], &record.replace("kinga-hardcore", "kinga-hard"));
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "error: the record names the ruleset `kinga-hard`, which is not built in
 --> stdin, line 2, column 12
  |
2 | # ruleset: kinga-hard
  |            ^^^^^^^^^^
  = expected: one of: kinkado, kinga, kinga-hardcore, pokino, pokino-greed, pokino-up, pokino-tear-down, pokino-territory, koikoi, koikoi-fudawiki, koikoi-bga, kingmaker, kingmaker-shown, a house-rules file (NAME.yaml), or a ruleset written out (NAME = BASE, RULING: CHOICE, …)
  = help: did you mean `kinga-hardcore`? (or give its house-rules file with --rules FILE)
"
    );
    let (code, _, err) = check_text(&[], &record.replace("kinga-hardcore", "pokino"));
    assert_eq!(code, 2);
    assert!(
        err.starts_with(
            "error: ruleset `pokino` is for Pokino, not Kinga\n --> stdin, line 2, column 12"
        ),
        "{err}"
    );
}

#[test]
fn the_long_fixture_game_is_won_in_72_turns() {
    let (code, out, err) = run(&["kinga", "check", "tests/fixtures/kinga/long.txt"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(
        out.ends_with("You won after 72 turns. Score: 4 kings exposed (a win).\nGame over: the fourth queen is influenced, and you win.\n"),
        "{out}"
    );
}

/// Issue 63: every list of cards of a Kinga record may be written as the notation allows
/// (separated by commas, written together, suits as symbols, in either case), its keywords
/// in either case, its lines ended by CRLF: the verdict is the canonical record's.
#[test]
fn a_record_in_every_spelling_of_its_cards_reads_the_same() {
    let want = check_text(&[], REAL);
    assert_eq!(want.0, 0);
    let respelled = REAL
        .replace("deck: real", "DECK: Real")
        .replace("draw 2S AS 2C 2H", "Draw 2S,AS2c, 2♥")
        .replace("1. 2S 2C 2H > 3S", "1. 2s,2C2♡>3♠")
        .replace("draw JK", "draw 🃏")
        .replace("keep AS", "KEEP a♤")
        .replace("draw AC AD 2D", "draw ac,ad,2d")
        .replace("2. 2D AD AS > 3D", "2. 2♦ A♦, A♠ on 3♦")
        .replace("draw AH JK", "draw AhJk")
        .replace("reshuffle", "RESHUFFLE")
        .replace('\n', "\r\n");
    assert_eq!(check_text(&[], &respelled), want, "{respelled}");
    // Two games in one file, each from its deck line.
    let (code, out, _) = check_text(&[], &format!("{respelled}\r\n{REAL}"));
    assert_eq!(code, 0);
    assert!(out.contains("Game 2"), "{out}");
}
