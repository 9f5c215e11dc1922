//! Issue 63: `--explain` names every ruling that decided a record's verdict, and no other;
//! each reason says what forbids a move, the rules text or the ruling (with its id).
//!
//! Whether a ruling decided a verdict is found here through the binary alone: the record
//! is checked again under a house-rules file with each other choice of the ruling, and
//! the verdicts compared (every value in them: each first illegal line, every score,
//! stash, count, end and reason, the rulings a reason cites aside).

use crate::common::*;

use crate::deciding::record_of;
use serde_json::Value;
use std::collections::BTreeSet;

/// For a record of `game`: the rulings whose other choices change its verdict, found by
/// checking it under each; `--explain` names exactly those.
fn deciding_rulings_are_named(game: &str, record: &str) -> BTreeSet<String> {
    crate::deciding::deciding_rulings_are_named(game, &[game, "check", "-"], record)
}

/// Issue 63: `kinkado check --explain` of a reveal decided on ALORA's sum named
/// alora-ties but not alora-sum. Every ruling that decides a whole game's verdict is named
/// now, and no other.
#[test]
fn explain_named_alora_ties_but_not_alora_sum() {
    let record = record_of("kinkado", "kinkado-last-turn.yaml");
    let deciding = deciding_rulings_are_named("kinkado", &record);
    assert!(deciding.contains("alora-sum"), "{deciding:?}");
}

/// `--explain` names the rulings that decide each game's verdict, and no other, on whole
/// games and on records a ruling makes illegal.
#[test]
fn explain_names_the_rulings_that_decided_and_no_other() {
    let mut decided = BTreeSet::new();
    for (game, save) in [
        ("pokino", "pokino-last-turn.yaml"),
        ("koikoi", "koikoi-last-turn.yaml"),
        ("kingmaker", "kingmaker-last-turn.yaml"),
    ] {
        let record = record_of(game, save);
        decided.extend(deciding_rulings_are_named(game, &record));
    }
    // A play of three of a rank with a joker, and the hand drawn back up in one line.
    let kinga = "deck: real\ndraw 2S 2H 2D JK\n1. 2S 2H 2D JK > 3S\ndraw AC AH AD AS\n";
    decided.extend(deciding_rulings_are_named("kinga", kinga));
    // ana runs across cy's claimed border, then cy across it again.
    let pokino = format!("{POKINO}{CY_AGAIN}");
    decided.extend(deciding_rulings_are_named("pokino", &pokino));
    for id in ["own-borders", "hardcore"] {
        assert!(decided.contains(id), "{id} decided nothing: {decided:?}");
    }
    eprintln!("rulings that decided a verdict here: {decided:?}");
}

/// cy earns two beads, then runs across the border cy claimed.
const CY_AGAIN: &str = "ana pass
ben pass
cy domino 9-9@5,0h
ana pass
ben pass
cy domino 8-8@7,0h
ana pass
ben pass
cy run 6S AS @ 0,0 0,1
";

use crate::pokino_record::GAME as POKINO;

/// Issue 63: a run over another player's claimed border was refused as "ruling
/// own-borders: … claimed already", under `own-borders: open` too; the rules forbid it
/// outright. The ruling decides only the claimer's own border.
#[test]
fn a_run_over_anothers_border_blamed_ruling_own_borders() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("open.yaml"),
        "base: pokino\nrulings:\n  own-borders: open\n",
    )
    .unwrap();
    let other = format!("{POKINO}ana pass\nben run 6H AH @ 0,0 0,1\n");
    let want = "Illegal: line 10 (ben) — claimed borders: step 2 of the run: border 0,0-0,1 is claimed by cy, and no other player may use it.";
    for rules in ["pokino", "open.yaml"] {
        let (_, out, _) = run_in(d, &["--rules", rules, "pokino", "check", "-"], &other);
        assert!(out.contains(want), "{rules}: {out}");
    }
    let own = format!("{POKINO}{CY_AGAIN}");
    let (_, out, _) = run_in(d, &["pokino", "check", "-"], &own);
    assert!(
        out.contains("Illegal: line 17 (cy) — ruling own-borders: step 2 of the run: cy claimed border 0,0-0,1 before, and a claimed border is closed to its claimer too (ruling own-borders: closed)."),
        "{out}"
    );
    let (_, out, _) = run_in(d, &["--rules", "open.yaml", "pokino", "check", "-"], &own);
    assert!(!out.contains("Illegal"), "{out}");
}

/// Issue 63: a tenth Kin Kādo round was refused at its first line as "the game is over";
/// it says when the game ended.
#[test]
fn a_tenth_round_was_refused_as_the_game_is_over() {
    let record = record_of("kinkado", "kinkado-last-turn.yaml")
        + "you plays 9H 9D 9C JK\nround 10\nprize: 2C\n";
    let (code, out, _) = run_with_input(&["kinkado", "check", "-"], &record);
    assert_eq!(code, 0);
    assert!(
        out.ends_with(
            "Winner: you\nIllegal line 95: `prize: 2C`\n  the game ended after round 9\n"
        ),
        "{out}"
    );
}

/// Issue 63: `koikoi-bga` doubled a score when the opponent had called koi-koi (Hard Koi);
/// Board Game Arena's help presents Soft Koi first, and koikoi-bga plays it: the winner's
/// own calls raise the multiplier, the opponent's add nothing. Hard Koi stays the base
/// ruleset's default and an alternative.
#[test]
fn koikoi_bga_doubled_a_score_when_the_opponent_called_koi() {
    let yaku = |rules: &str, flag: &[&str]| {
        let mut args = vec!["--rules", rules, "koikoi", "yaku", "1b", "3b", "8b"];
        args.extend(flag);
        run(&args).1
    };
    let out = yaku("koikoi-bga", &["--opponent-koi"]);
    assert!(out.contains("Base 5, multiplier ×1: 5 points"), "{out}");
    assert!(
        out.contains("the opponent's koi-koi adds nothing under soft koi"),
        "{out}"
    );
    let out = yaku("koikoi-bga", &["--koi-calls", "1"]);
    assert!(
        out.contains("×2: you called koi-koi once (soft koi)"),
        "{out}"
    );
    let out = yaku("koikoi", &["--opponent-koi"]);
    assert!(
        out.contains("×2: the opponent had called koi-koi (hard koi)"),
        "{out}"
    );
}

/// Issue 63: a Kinga record whose Three's Company card and the hand drawn back up were
/// one `draw` line was refused as "draw 1 card, not 4", through the binary: read as the
/// extra card drawn and kept, then three drawn; a line that reads only as the extra card
/// declined is refused under extra-draws: always, naming the ruling.
#[test]
fn a_declined_three_s_company_card_and_the_refill_in_one_draw_were_refused() {
    let one_draw = "deck: real\ndraw 2S 2H 2D JK\n1. 2S 2H 2D JK > 3S\ndraw AC AH AD AS\n";
    let (_, out, _) = run_with_input(&["kinga", "check", "-"], one_draw);
    assert!(
        out.contains("line 4  draw AC AH AD AS — One draw read as the extra A♣, A♣ kept at cleanup, then 3 cards drawn back up."),
        "{out}"
    );
    assert!(!out.contains("Illegal"), "{out}");
    let joker_kept = one_draw.replace("1. 2S 2H 2D JK > 3S", "1. 2S 2H 2D > 3S");
    let (_, out, _) = run_with_input(&["kinga", "check", "-"], &joker_kept);
    assert!(
        out.contains("Illegal: line 4 (turn 1) — ruling extra-draws: this draw reads as the hand drawn back up with 1 extra card declined"),
        "{out}"
    );
}

/// Issue 63: under Territory with ruling territory-pokino: pips-decide, `runs` said a run
/// that empties the hand wins the game; the call only ends it, and the pips decide.
#[test]
fn runs_said_the_caller_wins_under_pips_decide() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("pips.yaml"),
        "base: pokino-territory\nrulings:\n  territory-pokino: pips-decide\n",
    )
    .unwrap();
    let board = "6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h";
    let args = |rules: &'static str| ["--rules", rules, "pokino", "runs", board, "--hand", "6S AD"];
    let (_, out, _) = run_in(d, &args("pips.yaml"), "");
    assert!(
        out.contains("call \"Pokino!\" — the game ends, and the pips decide who wins (ruling territory-pokino: pips-decide)."),
        "{out}"
    );
    assert!(!out.contains("the player wins"), "{out}");
    let (_, out, _) = run_in(d, &args("pokino-territory"), "");
    assert!(out.contains("the game ends and the player wins."), "{out}");
    let mut json_args = vec!["--json"];
    json_args.extend(args("pips.yaml"));
    let (_, out, _) = run_in(d, &json_args, "");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["pokino"], true);
    assert_eq!(v["pokino_decided_by"], "pips");
}

/// Issue 63: a line after a Pokino game's end was refused as "the game is over: the game
/// is over: no line may follow its end".
#[test]
fn a_line_after_the_end_said_the_game_is_over_twice() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("ends.yaml"),
        "base: pokino\nrulings:\n  empty-deck: ends\n",
    )
    .unwrap();
    // The deck runs out at line 45, which ends the game under empty-deck: ends.
    let record = crate::deciding::pokino::LAST_TURN;
    let (_, out, _) = run_in(d, &["--rules", "ends.yaml", "pokino", "check", "-"], record);
    assert!(
        out.contains("— the game is over: no line may follow the game's end."),
        "{out}"
    );
    assert!(!out.contains("the game is over: the game is over"), "{out}");
}

/// Issue 63: a Kinga 5 influenced with only a joker left said "you may exile one card
/// from your hand or discard pile" and then skipped the exile without a word.
#[test]
fn a_bonus_with_nothing_to_exile_was_skipped_without_a_word() {
    let record = "deck: real\ndraw 2S 2H 2D AS\n1. 2S 2H 2D > 3S\ndraw JK\nkeep AS\n\
        draw AD AC 2C\n2. 2C AC AD AS > 4S\ndraw AH\nkeep none\ndraw JK 4S 3S 2S\n3. 4S 3S 2S > 5S\n";
    let (_, out, _) = run_with_input(&["kinga", "check", "-"], record);
    assert!(
        out.contains("5♠: you may exile one card from your hand or discard pile. But nothing can be exiled: only a joker is left, and it may not be (ruling bonus-exile-joker: forbidden)."),
        "{out}"
    );
}

/// Issue 63: with ana dealt teshi under teshi: redeal and ben dealt kuttsuki, ben's
/// instant win stood whatever the order of checks; ruling deal-check-order now decides it
/// as it does for a field to redeal: hands-first, ben wins; field-first, the deal is void.
#[test]
fn a_teshi_redeal_let_the_other_hands_kuttsuki_win_under_field_first() {
    let deal = "players: ana ben\nana: 1b 1r 1p 1p 2a 3b 4a 5a\n\
        ben: 2r 2p 3r 3p 4r 4p 5r 5p\ntable: 6a 6r 7a 8b 9r 10a 11b 12p\n";
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (order, want) in [
        (
            "hands-first",
            "Round 1: ben's dealt hand wins at once (kuttsuki 6).",
        ),
        ("field-first", "Round 1: the deal is done again."),
    ] {
        let house =
            format!("base: koikoi\nrulings:\n  teshi: redeal\n  deal-check-order: {order}\n");
        std::fs::write(d.join("h.yaml"), house).unwrap();
        let (_, out, _) = run_in(d, &["--rules", "h.yaml", "koikoi", "check", "-"], deal);
        assert!(out.contains(want), "{order}: {out}");
    }
}
