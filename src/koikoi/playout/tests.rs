//! The fast play-outs against the straightforward ones: the bitset yaku against
//! `yaku::score`, and whole play-outs against the referee-driven `sim::after` and
//! `sim::rollout`, on the same deals, under every ruling that changes how a round plays.

use super::*;
use crate::koikoi::record::Call;
use crate::koikoi::ruling;
use crate::koikoi::sample::{self, Dice};
use crate::koikoi::sim;
use crate::koikoi::yaku;
use crate::ruleset::Ruleset;
use proptest::prelude::*;

/// The cards of the deck whose bits `pile` sets.
fn cards_of(pile: u64) -> Vec<Card> {
    Card::deck()
        .into_iter()
        .enumerate()
        .filter(|(i, _)| pile >> i & 1 == 1)
        .map(|(_, c)| c)
        .collect()
}

fn names(s: &yaku::Score) -> u32 {
    s.yaku.iter().fold(0, |m, y| m | 1 << y.name as u32)
}

/// The default rules with the scoring rulings and values picked by `choice`, `counts`
/// and `points`.
fn varied(choice: u64, counts: [i64; 8], points: [i64; 16]) -> Rules {
    let mut r = Rules::from_ruleset(&Ruleset::builtin("koikoi").unwrap());
    let pick = |shift: u32, n: u64| ((choice >> shift) % n) as usize;
    if choice & 1 != 0 {
        r.ruled.yaku_groups = ruling::YakuGroups::Stacking;
    }
    r.ruled.akatan_aotan_pair = if choice & 2 != 0 {
        ruling::AkatanAotanPair::Replaces
    } else {
        ruling::AkatanAotanPair::BothCount
    };
    r.ruled.sake_cup = if choice & 4 != 0 {
        ruling::SakeCup::AnimalAndPlain
    } else {
        ruling::SakeCup::AnimalOnly
    };
    r.ruled.tsukifuda = if choice & 8 != 0 {
        ruling::Tsukifuda::On
    } else {
        ruling::Tsukifuda::Off
    };
    r.ruled.viewing_yaku = [
        Viewing::Enabled,
        Viewing::RainRuins,
        Viewing::WithAnotherYaku,
        Viewing::Disabled,
        Viewing::RaisedByKoi,
    ][pick(8, 5)];
    r.ruled.rain = [
        Rain::AnyWillow,
        Rain::RainMan,
        Rain::Lightning,
        Rain::RainManOrLightning,
        Rain::WillowOnField,
    ][pick(16, 5)];
    r.ruled.multiplier = [
        Multiplier::HardKoi,
        Multiplier::SoftKoi,
        Multiplier::None,
        Multiplier::FieldBrights,
        Multiplier::KoiBonus,
    ][pick(24, 5)];
    let v = &mut r.values;
    v.extra_card = counts[0] % 3;
    v.tane_cards = 1 + counts[1] % 9;
    v.tanzaku_cards = 1 + counts[2] % 10;
    v.kasu_cards = 1 + (counts[3] * 3) % 25;
    v.double_at = counts[4] % 11;
    v.koi_bonus_multiply_from = 3 + counts[5] % 4;
    v.koi_bonus = counts[6] % 3;
    v.viewing_after_koi = 1 + counts[7] % 5;
    [
        &mut v.goko,
        &mut v.shiko,
        &mut v.ame_shiko,
        &mut v.sanko,
        &mut v.hanami_zake,
        &mut v.tsukimi_zake,
        &mut v.inoshikacho,
        &mut v.tane,
        &mut v.akatan,
        &mut v.aotan,
        &mut v.akatan_aotan,
        &mut v.tanzaku,
        &mut v.kasu,
        &mut v.tsukifuda,
    ]
    .into_iter()
    .zip(points)
    .for_each(|(value, p)| *value = p);
    r
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// The bitset count of a pile's yaku, their names and the round's points are
    /// `yaku::score`'s, whatever the pile, the calls, the field and the rulings.
    #[test]
    fn bitset_yaku_score_as_the_scorer_does(
        slots in prop::collection::vec(0usize..48, 0..36),
        calls in 0u32..6,
        opponent_koi in any::<bool>(),
        willow in any::<bool>(),
        month in 1u8..=12,
        field_brights in 0u8..6,
        choice in any::<u64>(),
        counts in prop::array::uniform8(0i64..40),
        points in prop::array::uniform16(1i64..20),
    ) {
        let pile = slots.iter().fold(0u64, |p, s| p | 1 << s);
        let rules = varied(choice, counts, points);
        let cards = cards_of(pile);
        let field = vec![Card::new(if willow { 11 } else { 1 }, Kind::Plain)];
        let round = yaku::Round {
            month: Some(month),
            koi_calls: calls,
            opponent_koi,
            field: Some(field),
            field_brights: Some(field_brights),
        };
        let s = yaku::score(&cards, &round, &rules);
        let y = yaku(&rules, pile, calls, willow, month);
        prop_assert_eq!(y.base, s.base, "{:?}", s.yaku);
        prop_assert_eq!(y.names, names(&s), "{:?}", s.yaku);
        let t = total(&rules, y.base, calls, opponent_koi, field_brights);
        prop_assert_eq!(t, s.total, "{:?}", s.multiplier_reasons);
        // The pile rebuilt card by card scores the same.
        prop_assert_eq!(yaku(&rules, pile_of(&cards), calls, willow, month), y);
    }
}

/// The built-in rulesets, and the default one with each ruling that changes how a round
/// is played or scored.
fn rulesets() -> Vec<Ruleset> {
    let changes: &[&[(&str, &str)]] = &[
        &[],
        &[("another-yaku", "new-yaku")],
        &[("must-capture", "whole-hand")],
        &[
            ("koi-exhausted", "caller-scores"),
            ("draw-round", "dealer-6"),
        ],
        &[("koi-exhausted", "opponent-scores")],
        &[("draw-round", "non-dealer-6"), ("last-card-koi", "allowed")],
        &[("both-koi", "next-yaku-stops"), ("multiplier", "soft-koi")],
        &[("koi-calls", "once"), ("multiplier", "koi-bonus")],
        &[("viewing-yaku", "rain-ruins"), ("rain", "willow-on-field")],
        &[
            ("viewing-yaku", "raised-by-koi"),
            ("multiplier", "field-brights"),
        ],
        &[("tsukifuda", "on"), ("yaku-groups", "stacking")],
    ];
    let mut out: Vec<Ruleset> = ["koikoi-bga", "koikoi-fudawiki"]
        .iter()
        .map(|n| Ruleset::builtin(n).unwrap())
        .collect();
    for set in changes {
        let mut rs = Ruleset::builtin("koikoi").unwrap();
        for (id, choice) in *set {
            rs = rs.with_named(id, choice).unwrap();
        }
        out.push(rs);
    }
    out
}

fn codes(cards: &[Card]) -> Vec<Code> {
    cards.iter().map(|c| code(*c)).collect()
}

/// What the comparisons saw: how many play-outs, and how many of them scored.
#[derive(Default)]
struct Seen {
    compared: usize,
    scored: usize,
}

/// Every answer at `r`'s decision (the `moves`, or koi at a call) played out on `n` deals
/// both ways: the same deals, and the same points from each.
fn compare(r: &Referee, moves: &[Move], seen: Option<Card>, n: usize, seed: u64, out: &mut Seen) {
    let p = r.round.to_move;
    let hidden = sample::unseen(r, p, seen);
    let fast = sample::deal_unseen(r, p, &hidden, n, &mut Dice::new(seed));
    let mut dice = Dice::new(seed);
    for d in &fast {
        let (g, stock) = sample::guess(r, p, &hidden, &mut dice);
        assert_eq!(d.stock, codes(&stock));
        assert_eq!(d.round, Position::of(&g));
        for m in moves {
            let slow = sim::after(&g, p, m, stock.clone());
            assert_eq!(d.round.after(p, Mv::of(m), &d.stock), slow, "{m}");
            out.compared += 1;
            out.scored += usize::from(slow != 0);
        }
        if r.phase == Phase::Call {
            let slow = sim::rollout(g.clone(), p, stock.clone());
            assert_eq!(d.round.rollout(p, &d.stock), slow);
            out.compared += 1;
            out.scored += usize::from(slow != 0);
        }
    }
}

/// A round dealt from `seed` under `rs`, played by the greedy policy with koi-koi called
/// at random when allowed, every decision compared on the way.
fn play_and_compare(rs: &Ruleset, seed: u64, out: &mut Seen) {
    let players = ["ana".to_string(), "ben".to_string()];
    let d = sim::deal_from(&sim::shuffled(seed, 1));
    let mut r = Referee::new(&players, rs).unwrap();
    r.hand(0, &d.hands[0]).unwrap();
    r.hand(1, &d.hands[1]).unwrap();
    if r.table(&d.table).unwrap().is_some() {
        return;
    }
    let mut dice = Dice::new(seed);
    let mut stock = d.stock.iter().copied();
    while r.phase == Phase::Play {
        let p = r.round.to_move;
        compare(&r, &sim::distinct_plays(&r, p), None, 3, seed, out);
        let m = sim::choose_play(&r, sim::Policy::Random, &mut dice, false).unwrap();
        r.play(p, &m).unwrap();
        let Some(card) = stock.next() else { break };
        let options = sim::options(&r, card);
        if options.len() > 1 {
            compare(&r, &options, Some(card), 3, seed + 1, out);
        }
        let dm = sim::choose_draw(&r, card, sim::Policy::Greedy, &mut dice);
        if r.draw(&dm).unwrap().due {
            let koi =
                r.koi_refused().is_none() && (seed + r.round.turns[p] as u64).is_multiple_of(2);
            if koi {
                compare(&r, &[], None, 4, seed + 2, out);
            }
            r.call(if koi { Call::Koi } else { Call::Stop }).unwrap();
        }
    }
}

/// The fast play-outs decide as the referee-driven ones do: the same deals, and the same
/// points for every answer, under every ruling that changes the play.
#[test]
fn fast_play_outs_score_as_the_referee_driven_ones() {
    let mut seen = Seen::default();
    for rs in rulesets() {
        for seed in 0..8 {
            play_and_compare(&rs, seed, &mut seen);
        }
    }
    assert!(seen.compared > 10_000, "{}", seen.compared);
    assert!(
        seen.scored * 2 > seen.compared,
        "{} of {}",
        seen.scored,
        seen.compared
    );
}

/// A position whose hand is not known plays out as the referee does: the play-out stops
/// where that player would play.
#[test]
fn a_hidden_hand_ends_the_play_out_unscored() {
    let rs = Ruleset::builtin("koikoi").unwrap();
    let players = ["ana".to_string(), "ben".to_string()];
    let d = sim::deal_from(&sim::shuffled(3, 1));
    let mut r = Referee::new(&players, &rs).unwrap();
    r.hand(0, &d.hands[0]).unwrap();
    r.table(&d.table).unwrap();
    let m = sim::distinct_plays(&r, 0)[0];
    let stock = d.stock.clone();
    assert_eq!(
        Position::of(&r).after(0, Mv::of(&m), &codes(&stock)),
        sim::after(&r, 0, &m, stock)
    );
}
