use super::*;
use crate::diag::Source;
use crate::koikoi::check::{self, Verdict};
use crate::koikoi::record;

const DEAL: &str = "players: ana ben\nana: 1b 1r 2a 3p 5a 7r 9p 11p\nben: 2r 4a 4r 6a 8p 10a 12p 12p\ntable: 1p 3b 4p 6r 8b 9a 10r 12b\n";

fn ruleset(changes: &[(&str, &str)]) -> Ruleset {
    let mut rs = Ruleset::builtin("koikoi").unwrap();
    for (id, c) in changes {
        rs = rs.with_named(id, c).unwrap();
    }
    rs
}

fn verdict(text: &str, changes: &[(&str, &str)]) -> Verdict {
    let rec = record::parse(&Source::new("r", text)).unwrap();
    check::check(&rec, &ruleset(changes))
}

/// The first illegal line and why, or "legal".
fn why(text: &str) -> String {
    match verdict(text, &[]).illegal() {
        Some(i) => format!("{}: {}", i.line, i.error),
        None => "legal".to_string(),
    }
}

fn cards(s: &str) -> Vec<Card> {
    s.parse::<crate::koikoi::cards::Cards>().unwrap().0
}

#[test]
fn a_round_played_out_to_a_stop() {
    let text = format!(
        "{DEAL}ana 1r / 7p\nben 4a / 2p\nana 9p / 8a koi\nben 6a / 3r\nana 2a / 5p\nben 10a / 7a stop\n"
    );
    let v = verdict(&text, &[]);
    assert_eq!(v.illegal(), None);
    let r = v.games[0].referee.as_ref().unwrap();
    let res = &r.results[0];
    // Inoshikacho and a further animal, doubled: ana had called koi-koi (hard koi).
    assert_eq!(res.yaku, vec![(Name::Inoshikacho, 6)]);
    assert_eq!((res.base, res.multiplier, res.points), (6, 2, 12));
    assert_eq!(res.end, End::Stop);
    assert_eq!(r.ledger.scores, [38, 62]);
    // The winner deals the next round (next-dealer: winner).
    assert_eq!(r.ledger.dealer, 1);
    assert_eq!(r.phase, Phase::Between);
}

#[test]
fn each_illegal_line_names_the_rule_and_what_was_legal() {
    let cases = [
        (
            "ana 1r>3b / 7p",
            "5: a card captures a card of its own month, and 3b is not of pine's; legal: 1r>1p (or 1r)",
        ),
        (
            "ana 1r>none / 7p",
            "5: a card that matches a table card must capture it: 1r matches 1p; legal: 1r>1p (or 1r)",
        ),
        (
            "ana 1r>1b / 7p",
            "5: a card captures a card on the table, and 1b is not there; legal: 1r>1p (or 1r)",
        ),
        (
            "ana 2r / 7p",
            "5: a card is played from the player's hand, and 2r is not in ana's: legal: 1b 1r 2a 3p 5a 7r 9p 11p",
        ),
        (
            "ana 2b / 7p",
            "5: there is no 2b in the deck: plum's cards are 2a 2r 2p 2p",
        ),
        (
            "ben 4a / 7p",
            "5: the players take turns: it is ana's turn, not ben's",
        ),
        (
            "ana 1r / 7p koi",
            "5: koi or stop ends only a turn that forms or improves a yaku, and ana's are worth 0, no more than at their last decision: `koi` is not allowed; legal: the turn without it",
        ),
        (
            "ana 1r / 4r",
            "5: each card is in a round once, and 4r is already in ben's hand",
        ),
        (
            "ana 1r / 8b",
            "5: each card is in a round once, and 8b is already on the table",
        ),
        (
            "ana 1r / 7p\nben 4a / 2p\nana 9p / 8a",
            "7: ana's yaku are now worth 5, more than at their last decision: the turn ends with koi or stop",
        ),
        (
            "ana 1r / 7p\nben 4a / 2p\nana 1r / 8a",
            "7: a card is played from the player's hand, and 1r is not in ana's: legal: 1b 2a 3p 5a 7r 9p 11p",
        ),
        (
            "ana 1r / 7p\nround",
            "6: a round starts only when the last is over; legal here: ben's turn",
        ),
        (
            "ana 1r / 7p\nana: 1b 1r 2a 3p 5a 7r 9p 11p",
            "6: ana's hand is already given",
        ),
    ];
    for (turns, want) in cases {
        assert_eq!(why(&format!("{DEAL}{turns}\n")), want, "{turns}");
    }
    assert_eq!(
        why("ana 1r / 7p\n"),
        "1: a game starts with its players: line (`players: ana ben`)"
    );
    assert_eq!(
        why("players: ana ben\nana 1r / 7p\n"),
        "2: the table's 8 cards must be given before the first turn (`table: CARDS`)"
    );
    assert_eq!(
        why("players: ana ben\ntable: 1p 3b\n"),
        "2: the table is dealt 8 cards face up, not 2"
    );
    assert_eq!(
        why("players: ana ben\ntable: 1p 3b 4p 6r 8b 9a 10r 12b\nana: 1b 1r 2a 3p 5a 7r 9p 11p\n"),
        "3: the hands are given before the table: ana's hand comes too late; legal here: a turn"
    );
    assert_eq!(
        why("players: ana ben\ntable: 1p 3b 4p 6r 8b 9a 10r 12b\ncy 1r / 7p\n"),
        "3: `cy` is not a player: the players are ana and ben"
    );
}

#[test]
fn without_hands_a_card_played_twice_is_caught_by_the_deck() {
    let text = "players: ana ben\ntable: 1p 3b 4p 6r 8b 9a 10r 12b\nana 1r / 7p\nben 1r / 2p\n";
    assert_eq!(
        why(text),
        "4: each card is in a round once, and 1r is already captured by ana"
    );
    let text = "players: ana ben\ntable: 1p 3b 4p 6r 8b 9a 10r 12b\nana 1r / 7p\nben 7p / 2p\n";
    assert_eq!(why(text), "legal");
}

#[test]
fn two_matches_need_a_choice_and_three_are_all_taken() {
    let deal = "players: ana ben\nana: 1b 1r 2a 3p 5a 7r 9p 11p\nben: 2r 4a 4r 6a 8p 10a 12p 12p\ntable: 1p 12b 4p 6r 8b 9a 10r 12p\n";
    assert_eq!(
        why(&format!("{deal}ana 1r / 7p\nben 12p / 3b\n")),
        "6: 12p matches two table cards, 12b and 12p: the record must say which it captures; legal: 12p>12b or 12p>12p"
    );
    let v = verdict(&format!("{deal}ana 1r / 7p\nben 12p>12b / 3b\n"), &[]);
    let r = v.games[0].referee.as_ref().unwrap();
    assert_eq!(r.round.piles[1], cards("12p 12b"));
    // Three of a month on the table: the fourth takes them all.
    let mut r = r.clone();
    r.round.table = cards("12b 12p 12p 3b");
    r.round.to_move = 0;
    assert_eq!(
        r.resolve(&Move::new(Card::new(12, Kind::Plain), Capture::Unsaid)),
        Ok(cards("12b 12p 12p"))
    );
}

#[test]
fn a_drawn_card_may_capture_the_card_just_laid() {
    let v = verdict(&format!("{DEAL}ana 1r / 7p\nben 2r / 2p\n"), &[]);
    assert_eq!(v.illegal(), None);
    let r = v.games[0].referee.as_ref().unwrap();
    assert_eq!(r.round.piles[1], cards("2p 2r"));
}

/// A referee in the middle of a round: ana to move, with the given cards.
fn mid_round(
    changes: &[(&str, &str)],
    table: &str,
    hands: [&str; 2],
    piles: [&str; 2],
    turns: [usize; 2],
) -> Referee {
    let mut r = Referee::new(&["ana".to_string(), "ben".to_string()], &ruleset(changes)).unwrap();
    r.round.table = cards(table);
    r.round.hands = [Some(cards(hands[0])), Some(cards(hands[1]))];
    r.round.piles = [cards(piles[0]), cards(piles[1])];
    r.round.seen = [table, hands[0], hands[1], piles[0], piles[1]]
        .iter()
        .flat_map(|s| cards(s))
        .collect();
    r.round.dealt = true;
    r.round.turns = turns;
    r.phase = Phase::Play;
    r
}

fn turn(text: &str) -> Turn {
    match record::parse(&Source::new("t", text)).unwrap().lines[0]
        .event
        .clone()
    {
        Event::Turn(t) => t,
        other => panic!("{other:?}"),
    }
}

#[test]
fn ruling_last_card_koi() {
    // ana's last card makes sanko.
    let at =
        |changes: &[(&str, &str)]| mid_round(changes, "1p 4p", ["1b", "5p"], ["3b 8b", ""], [7, 7]);
    let mut r = at(&[]);
    assert_eq!(
        r.turn(&turn("ana 1b / 2p koi")).unwrap_err(),
        RefereeError::KoiLastCard {
            player: "ana".into()
        }
    );
    assert_eq!(
        at(&[]).turn(&turn("ana 1b / 2p")).unwrap_err(),
        RefereeError::MissingCall {
            player: "ana".into(),
            points: 5,
            stop_only: true
        }
    );
    let mut r = at(&[]);
    assert!(r.turn(&turn("ana 1b / 2p stop")).is_ok());
    // Allowed: the call stands, and with nobody stopping after it the round is drawn.
    let mut r = at(&[ruling::LastCardKoi::Allowed.named()]);
    assert!(r.turn(&turn("ana 1b / 2p koi")).is_ok());
    let report = r.turn(&turn("ben 5p / 6p")).unwrap();
    assert_eq!(report.ended.map(|e| e.end), Some(End::Draw));
    assert_eq!(r.ledger.scores, [50, 50]);
    assert_eq!(
        r.ledger.dealer, 0,
        "after a draw the same player deals again"
    );
}

#[test]
fn ruling_another_yaku() {
    // ana called koi-koi on kasu (10 plains); an eleventh is worth a point more.
    let at = |changes: &[(&str, &str)]| {
        let mut r = mid_round(
            changes,
            "4p 6r",
            ["4p 1b", "9r"],
            ["1p 1p 2p 2p 3p 3p 5p 5p 7p 7p", ""],
            [3, 3],
        );
        r.round.calls[0] = 1;
        r.round.decided[0] = Decided {
            cards: r.round.piles[0].len(),
            names: vec![Name::Kasu],
        };
        r
    };
    let mut more = at(&[]);
    assert!(matches!(
        more.turn(&turn("ana 4p / 8a")),
        Err(RefereeError::MissingCall { points: 3, .. })
    ));
    let mut new = at(&[ruling::AnotherYaku::NewYaku.named()]);
    assert!(new.turn(&turn("ana 4p / 8a")).is_ok());
    assert_eq!(new.phase, Phase::Play);
}

/// The viewing-yaku house rule of issue 30: 1 point each, 3 after one's own koi-koi.
fn viewing_one_then_three() -> Referee {
    let rs = Ruleset::from_house_text(
            "house.yaml",
            "base: koikoi\nrulings:\n  viewing-yaku: raised-by-koi\nvalues:\n  hanami-zake: 1\n  tsukimi-zake: 1\n",
        )
        .unwrap();
    let mut r = Referee::new(&["ana".to_string(), "ben".to_string()], &rs).unwrap();
    let m = mid_round(
        &[],
        "9p 4p 6p",
        ["9a 1r 2p", "11p 12p 5a"],
        ["3b", ""],
        [0, 0],
    );
    r.round = m.round;
    r.phase = Phase::Play;
    r
}

#[test]
fn viewing_raised_by_koi_asked_for_a_decision_nobody_faced() {
    let mut r = viewing_one_then_three();
    // Hanami-zake, worth 1: ana calls koi-koi, and it is worth 3 from now on.
    let t = r.turn(&turn("ana 9a>9p / 8p koi")).unwrap();
    assert_eq!((t.before, t.base), (0, 1));
    r.turn(&turn("ben 11p / 10p")).unwrap();
    // ana captures nothing: her yaku are what they were, so no decision is due.
    assert_eq!(
        r.clone().turn(&turn("ana 1r / 7p koi")).unwrap_err(),
        RefereeError::ExtraCall {
            call: Call::Koi,
            player: "ana".into(),
            points: 3
        }
    );
    let t = r.turn(&turn("ana 1r / 7p")).unwrap();
    assert_eq!((t.base, t.call, r.phase), (3, None, Phase::Play));
    // A card that raises the points asks again: 8b makes tsukimi-zake, 3 + 3.
    r.turn(&turn("ben 12p / 3p")).unwrap();
    assert_eq!(
        r.clone().turn(&turn("ana 2p / 8b>8p")).unwrap_err(),
        RefereeError::MissingCall {
            player: "ana".into(),
            points: 6,
            stop_only: false
        }
    );
    let t = r.turn(&turn("ana 2p / 8b>8p stop")).unwrap();
    assert_eq!(t.ended.map(|e| (e.base, e.winner)), Some((6, Some(0))));
}

#[test]
fn ruling_must_capture() {
    let at = |changes: &[(&str, &str)]| {
        mid_round(changes, "1p 4p", ["1b 5p", "9r 10r"], ["", ""], [3, 3])
    };
    assert!(at(&[]).turn(&turn("ana 5p / 2p")).is_ok());
    let mut whole = at(&[ruling::MustCapture::WholeHand.named()]);
    assert_eq!(whole.playable(0), cards("1b"));
    assert_eq!(
        whole
            .clone()
            .turn(&turn("ana 5p / 2p"))
            .unwrap_err()
            .to_string(),
        "ana must play a card that captures while they hold one (ruling must-capture: whole-hand), and 5p matches nothing on the table; legal: 1b"
    );
    assert!(whole.turn(&turn("ana 1b / 2p")).is_ok());
    // With no card that captures, any card may be played.
    let mut none = mid_round(
        &[ruling::MustCapture::WholeHand.named()],
        "2p 4p",
        ["1b 5p", "9r 10r"],
        ["", ""],
        [3, 3],
    );
    assert_eq!(none.playable(0), cards("1b 5p"));
    assert!(none.turn(&turn("ana 5p / 3p")).is_ok());
}

#[test]
fn ruling_koi_exhausted() {
    // ana called koi-koi on hanami-zake (5); the last two cards make nothing.
    let end = |changes: &[(&str, &str)]| {
        let mut r = mid_round(changes, "1p 4p", ["6p", "11p"], ["3b 9a", ""], [7, 7]);
        r.round.calls[0] = 1;
        r.round.last_koi = Some(0);
        r.round.decided[0] = Decided {
            cards: 2,
            names: vec![Name::HanamiZake],
        };
        r.turn(&turn("ana 6p / 2p")).unwrap();
        let t = r.turn(&turn("ben 11p / 12p")).unwrap();
        let e = t.ended.unwrap();
        (e.end, e.winner, e.points, r.ledger.scores)
    };
    assert_eq!(end(&[]), (End::Draw, None, 0, [50, 50]));
    assert_eq!(
        end(&[ruling::DrawRound::Dealer6.named()]),
        (End::Draw, Some(0), 6, [56, 44])
    );
    assert_eq!(
        end(&[ruling::KoiExhausted::CallerScores.named()]),
        (End::Exhausted, Some(0), 5, [55, 45])
    );
    assert_eq!(
        end(&[ruling::KoiExhausted::OpponentScores.named()]),
        (End::Exhausted, Some(1), 5, [45, 55])
    );
}

#[test]
fn ruling_both_koi() {
    let at = |changes: &[(&str, &str)]| {
        let mut r = mid_round(changes, "1p 4p", ["1b 5p", "9r 10r"], ["3b 8b", ""], [3, 3]);
        r.round.calls = [1, 1];
        r
    };
    let mut on = at(&[]);
    assert!(on.turn(&turn("ana 1b / 2p koi")).is_ok());
    assert_eq!(on.round.calls, [2, 1]);
    let mut stops = at(&[ruling::BothKoi::NextYakuStops.named()]);
    assert_eq!(
        stops.turn(&turn("ana 1b / 2p koi")).unwrap_err(),
        RefereeError::KoiBoth {
            player: "ana".into()
        }
    );
    // With one call only, koi-koi is still allowed.
    let mut one = at(&[ruling::BothKoi::NextYakuStops.named()]);
    one.round.calls = [0, 1];
    assert!(one.turn(&turn("ana 1b / 2p koi")).is_ok());
}

#[test]
fn ruling_koi_calls_once() {
    let mut r = mid_round(
        &[ruling::KoiCalls::Once.named()],
        "1p 4p",
        ["1b 5p", "9r 10r"],
        ["3b 8b", ""],
        [3, 3],
    );
    r.round.calls = [1, 0];
    assert_eq!(
        r.turn(&turn("ana 1b / 2p koi")).unwrap_err(),
        RefereeError::KoiOnce {
            player: "ana".into()
        }
    );
}

#[test]
fn ruling_both_instant() {
    let deal = "players: ana ben\nana: 1b 1r 1p 1p 2a 3p 5a 7r\nben: 2r 4a 4r 4p 4p 10a 12p 12p\ntable: 3b 5p 6r 8b 9a 10r 12b 11p\n";
    let v = verdict(deal, &[]);
    let r = v.games[0].referee.as_ref().unwrap();
    assert_eq!(r.results[0].end, End::Redeal);
    assert_eq!((r.ledger.scores, r.ledger.played()), ([50, 50], 0));
    let v = verdict(deal, &[ruling::BothInstant::Dealer.named()]);
    let r = v.games[0].referee.as_ref().unwrap();
    assert_eq!(r.results[0].end, End::Instant);
    assert_eq!(r.results[0].yaku, vec![(Name::Teshi, 6)]);
    assert_eq!(r.ledger.scores, [56, 44]);
    // After the round, a turn needs a new `round` first.
    assert_eq!(
        why(&format!("{deal}ana 1b / 2p\n")),
        "5: round 0 is over: the next round starts with `round`"
    );
}

#[test]
fn one_instant_win_ends_the_round_and_a_bad_field_is_redealt() {
    let deal =
        "players: ana ben\nana: 1b 1r 1p 1p 2a 3p 5a 7r\ntable: 3b 5p 6r 8b 9a 10r 12b 11p\n";
    let v = verdict(deal, &[]);
    let r = v.games[0].referee.as_ref().unwrap();
    assert_eq!(r.results[0].end, End::Instant);
    assert_eq!(r.ledger.scores, [56, 44]);
    let field = "players: ana ben\ntable: 3b 3p 3p 3r 9a 10r 12b 11p\nround\ntable: 1p 3b 4p 6r 8b 9a 10r 12b\nana 1r / 7p\n";
    let v = verdict(field, &[]);
    assert_eq!(v.illegal(), None);
    let r = v.games[0].referee.as_ref().unwrap();
    assert_eq!(r.results[0].end, End::Redeal);
    assert_eq!(r.ledger.played(), 0);
}

#[test]
fn ruling_tied_game() {
    let rs = ruleset(&[]);
    let setup = Setup {
        players: vec!["a".into(), "b".into()],
        rounds: 3,
        dealer: 0,
    };
    let mut draw = Ledger::start(&setup, &rs).unwrap();
    let mut extra =
        Ledger::start(&setup, &ruleset(&[ruling::TiedGame::ExtraRound.named()])).unwrap();
    for l in [&mut draw, &mut extra] {
        l.settle(Some(0), 3);
        l.settle(Some(1), 3);
        l.settle(None, 0);
    }
    assert!(draw.over.is_some());
    assert_eq!(draw.winner(), None);
    assert!(extra.over.is_none());
    extra.settle(Some(1), 2);
    assert!(extra.over.is_some());
    assert_eq!(extra.winner(), Some("b"));
}

#[test]
fn a_round_played_out_with_no_stop_is_a_draw_under_ruling_draw_round() {
    for (changes, scores) in [
        (vec![], [50, 50]),
        (vec![ruling::DrawRound::Dealer6.named()], [56, 44]),
        (vec![ruling::DrawRound::NonDealer6.named()], [44, 56]),
    ] {
        let mut r = mid_round(&changes, "1p 4p", ["5p", "9r"], ["", ""], [7, 7]);
        r.turn(&turn("ana 5p / 6p")).unwrap();
        let report = r.turn(&turn("ben 9r / 2p")).unwrap();
        assert_eq!(report.ended.map(|e| e.end), Some(End::Draw));
        assert_eq!(r.ledger.scores, scores);
        assert_eq!(r.ledger.dealer, 0);
    }
}

#[test]
fn the_score_follows_ruling_multiplier_and_the_loser_pays_what_they_have() {
    let stop = |changes: &[(&str, &str)], calls: [u32; 2]| {
        let mut r = mid_round(
            changes,
            "1p 4p",
            ["1b 5p", "9r 10r"],
            ["3b 8b 9a", ""],
            [3, 3],
        );
        r.round.calls = calls;
        r.round.decided[0] = Decided {
            cards: r.round.piles[0].len(),
            names: vec![Name::TsukimiZake],
        };
        r.turn(&turn("ana 1b / 2p stop")).unwrap();
        let res = r.results[0].clone();
        (res.base, res.multiplier, res.points)
    };
    // Sanko, hanami-zake and tsukimi-zake, 5 each: 15, doubled at double-at 7.
    assert_eq!(stop(&[], [0, 0]), (15, 2, 30));
    assert_eq!(stop(&[], [0, 1]), (15, 4, 60));
    assert_eq!(
        stop(&[ruling::Multiplier::SoftKoi.named()], [1, 0]),
        (15, 4, 60)
    );
    assert_eq!(
        stop(&[ruling::Multiplier::None.named()], [1, 1]),
        (15, 2, 30)
    );
    let mut r = mid_round(&[], "1p 4p", ["1b 5p", "9r 10r"], ["3b 8b 9a", ""], [3, 3]);
    r.ledger.scores = [50, 25];
    r.round.decided[0] = Decided {
        cards: r.round.piles[0].len(),
        names: vec![Name::TsukimiZake],
    };
    r.turn(&turn("ana 1b / 2p stop")).unwrap();
    assert_eq!(r.ledger.scores, [75, 0]);
    assert_eq!(r.phase, Phase::Over);
}
