use super::*;
use crate::diag::Source;
use crate::koikoi::cards::parse_checked;
use crate::koikoi::testing::rules;
use proptest::strategy::Strategy;

fn cards(s: &str) -> Vec<Card> {
    parse_checked(&Source::new("t", s)).unwrap()
}

/// (name, points) of each yaku, then base, multiplier, total.
fn sc(s: &str, round: &Round, r: &Rules) -> (Vec<(String, i64)>, i64, i64, i64) {
    let x = score(&cards(s), round, r);
    (
        x.yaku
            .iter()
            .map(|y| (y.name.id().to_string(), y.points))
            .collect(),
        x.base,
        x.multiplier,
        x.total,
    )
}

fn yk(s: &str, r: &Rules) -> Vec<(String, i64)> {
    sc(s, &Round::default(), r).0
}

fn v(list: &[(&str, i64)]) -> Vec<(String, i64)> {
    list.iter().map(|(n, p)| (n.to_string(), *p)).collect()
}

fn nintendo() -> Rules {
    rules("koikoi", &[])
}

#[test]
fn brights() {
    let r = nintendo();
    assert_eq!(yk("1b 3b 8b 11b 12b", &r), v(&[("goko", 10)]));
    assert_eq!(yk("1b 3b 8b 12b", &r), v(&[("shiko", 8)]));
    assert_eq!(yk("1b 3b 8b 11b", &r), v(&[("ame_shiko", 7)]));
    assert_eq!(yk("1b 3b 12b", &r), v(&[("sanko", 5)]));
    assert_eq!(yk("1b 12b", &r), v(&[]));
    let f = rules("koikoi-fudawiki", &[]);
    assert_eq!(yk("1b 3b 8b 11b 12b", &f), v(&[("goko", 15)]));
    assert_eq!(yk("1b 3b 12b", &f), v(&[("sanko", 6)]));
}

#[test]
fn the_rain_man_counts_in_four_brights_but_never_three() {
    let r = nintendo();
    let s = score(&cards("rainman crane phoenix"), &Round::default(), &r);
    assert!(s.yaku.is_empty());
    assert_eq!(
        s.notes[0],
        "three brights with the rain man make no yaku (sanko needs three without him)"
    );
    assert_eq!(yk("rainman crane phoenix moon", &r), v(&[("ame_shiko", 7)]));
}

#[test]
fn animals_best_in_group() {
    let r = nintendo();
    assert_eq!(yk("6a 7a 10a", &r), v(&[("inoshikacho", 5)]));
    // Extra animals grow inoshikacho; tane (1 + 0) is worth less and does not count.
    assert_eq!(yk("6a 7a 10a 2a 4a", &r), v(&[("inoshikacho", 7)]));
    assert_eq!(yk("6a 7a 10a 2a 4a 5a 8a", &r), v(&[("inoshikacho", 9)]));
    assert_eq!(yk("2a 4a 5a 8a 11a", &r), v(&[("tane", 1)]));
    assert_eq!(yk("2a 4a 5a 8a 11a 6a", &r), v(&[("tane", 2)]));
    assert_eq!(yk("2a 4a 5a 8a", &r), v(&[]));
}

#[test]
fn animals_stacking() {
    let r = rules("koikoi", &[ruling::YakuGroups::Stacking.named()]);
    assert_eq!(yk("6a 7a 10a", &r), v(&[("inoshikacho", 5)]));
    assert_eq!(
        yk("6a 7a 10a 2a 4a", &r),
        v(&[("inoshikacho", 5), ("tane", 1)])
    );
    assert_eq!(
        yk("6a 7a 10a 2a 4a 5a 8a", &r),
        v(&[("inoshikacho", 5), ("tane", 3)])
    );
}

#[test]
fn ribbons_best_in_group() {
    let r = nintendo();
    assert_eq!(yk("1r 2r 3r", &r), v(&[("akatan", 5)]));
    assert_eq!(yk("6r 9r 10r", &r), v(&[("aotan", 5)]));
    assert_eq!(yk("1r 2r 3r 4r", &r), v(&[("akatan", 6)]));
    assert_eq!(yk("1r 2r 3r 4r 5r", &r), v(&[("akatan", 7)]));
    assert_eq!(yk("4r 5r 7r 11r 1r", &r), v(&[("tanzaku", 1)]));
    assert_eq!(yk("4r 5r 7r 11r 1r 6r", &r), v(&[("tanzaku", 2)]));
    // The pair replaces akatan and aotan, and grows with further ribbons.
    assert_eq!(yk("1r 2r 3r 6r 9r 10r", &r), v(&[("akatan_aotan", 10)]));
    assert_eq!(
        yk("1r 2r 3r 6r 9r 10r 4r 5r", &r),
        v(&[("akatan_aotan", 12)])
    );
    let s = score(&cards("1r 2r 3r 6r 9r 10r 4r"), &Round::default(), &r);
    assert_eq!(s.yaku[0].how, "10 + 1 further ribbon");
}

#[test]
fn akatan_aotan_both_count() {
    let r = rules("koikoi", &[ruling::AkatanAotanPair::BothCount.named()]);
    assert_eq!(
        yk("1r 2r 3r 6r 9r 10r", &r),
        v(&[("akatan", 5), ("aotan", 5)])
    );
    assert_eq!(
        yk("1r 2r 3r 6r 9r 10r 4r", &r),
        v(&[("akatan", 6), ("aotan", 5)])
    );
    // With akatan and aotan worth 6 (a house value), both-count beats the pair's 10.
    let mut six = r.clone();
    six.values.akatan = 6;
    six.values.aotan = 6;
    assert_eq!(
        yk("1r 2r 3r 6r 9r 10r", &six),
        v(&[("akatan", 6), ("aotan", 6)])
    );
    let mut pair = nintendo();
    pair.values.akatan = 6;
    pair.values.aotan = 6;
    assert_eq!(yk("1r 2r 3r 6r 9r 10r", &pair), v(&[("akatan_aotan", 10)]));
}

#[test]
fn ribbons_stacking() {
    let r = rules("koikoi", &[ruling::YakuGroups::Stacking.named()]);
    assert_eq!(
        yk("1r 2r 3r 4r 5r", &r),
        v(&[("akatan", 5), ("tanzaku", 1)])
    );
    assert_eq!(
        yk("1r 2r 3r 6r 9r 10r", &r),
        v(&[("akatan_aotan", 10), ("tanzaku", 2)])
    );
    let b = rules(
        "koikoi",
        &[
            ruling::YakuGroups::Stacking.named(),
            ruling::AkatanAotanPair::BothCount.named(),
        ],
    );
    assert_eq!(
        yk("1r 2r 3r 6r 9r 10r", &b),
        v(&[("akatan", 5), ("aotan", 5), ("tanzaku", 2)])
    );
}

#[test]
fn kasu_and_the_sake_cup_counted_twice() {
    let r = nintendo();
    assert_eq!(yk("1p 1p 2p 2p 3p 3p 4p 4p 5p 5p", &r), v(&[("kasu", 1)]));
    assert_eq!(
        yk("1p 1p 2p 2p 3p 3p 4p 4p 5p 5p 12p 12p", &r),
        v(&[("kasu", 3)])
    );
    // Nine plains and the sake cup: kasu, and the cup still counts as an animal for tane.
    assert_eq!(yk("1p 1p 2p 2p 3p 3p 4p 4p 5p 9a", &r), v(&[("kasu", 1)]));
    assert_eq!(
        yk("1p 1p 2p 2p 3p 3p 4p 4p 5p 9a 2a 4a 5a 8a", &r),
        v(&[("tane", 1), ("kasu", 1)])
    );
    let s = score(
        &cards("1p 1p 2p 2p 3p 3p 4p 4p 5p 9a"),
        &Round::default(),
        &r,
    );
    assert!(s.yaku[0].cards.contains(&Card::new(9, Kind::Animal)));
    let a = rules("koikoi", &[ruling::SakeCup::AnimalOnly.named()]);
    assert_eq!(yk("1p 1p 2p 2p 3p 3p 4p 4p 5p 9a", &a), v(&[]));
    assert_eq!(
        yk("1p 1p 2p 2p 3p 3p 4p 4p 5p 9a 2a 4a 5a 8a", &a),
        v(&[("tane", 1)])
    );
    // The lightning is a plain.
    assert_eq!(yk("1p 1p 2p 2p 3p 3p 4p 4p 5p 11p", &r), v(&[("kasu", 1)]));
}

#[test]
fn viewing_yaku_under_each_ruling() {
    let on = nintendo();
    assert_eq!(yk("3b 9a", &on), v(&[("hanami_zake", 5)]));
    assert_eq!(yk("8b 9a", &on), v(&[("tsukimi_zake", 5)]));
    assert_eq!(
        yk("3b 8b 9a", &on),
        v(&[("hanami_zake", 5), ("tsukimi_zake", 5)])
    );
    assert_eq!(
        yk("3b 8b 9a 11p", &on),
        v(&[("hanami_zake", 5), ("tsukimi_zake", 5)])
    );

    let off = rules("koikoi", &[ruling::ViewingYaku::Disabled.named()]);
    let s = score(&cards("3b 9a"), &Round::default(), &off);
    assert!(s.yaku.is_empty());
    assert_eq!(
        s.notes,
        vec!["hanami_zake does not score: viewing yaku are disabled"]
    );

    let rain = rules("koikoi", &[ruling::ViewingYaku::RainRuins.named()]);
    assert_eq!(yk("3b 9a 1p", &rain), v(&[("hanami_zake", 5)]));
    let s = score(&cards("3b 9a 11p"), &Round::default(), &rain);
    assert!(s.yaku.is_empty());
    assert_eq!(
        s.notes,
        vec!["hanami_zake does not score: rain ruins the party (11p lightning captured)"]
    );
    // Any willow card is rain by default; the swallow too.
    assert_eq!(yk("8b 9a 11a", &rain), v(&[]));
    // Rain ruins only the viewing yaku: the rain man still makes ame-shiko.
    assert_eq!(yk("1b 3b 8b 11b 9a", &rain), v(&[("ame_shiko", 7)]));

    let man = rules(
        "koikoi",
        &[
            ruling::ViewingYaku::RainRuins.named(),
            ruling::Rain::RainMan.named(),
        ],
    );
    assert_eq!(yk("8b 9a 11a 11p", &man), v(&[("tsukimi_zake", 5)]));
    assert_eq!(yk("8b 9a 11b", &man), v(&[]));
    let light = rules(
        "koikoi",
        &[
            ruling::ViewingYaku::RainRuins.named(),
            ruling::Rain::Lightning.named(),
        ],
    );
    assert_eq!(yk("8b 9a 11b", &light), v(&[("tsukimi_zake", 5)]));
    assert_eq!(yk("8b 9a 11p", &light), v(&[]));
    let either = rules(
        "koikoi",
        &[
            ruling::ViewingYaku::RainRuins.named(),
            ruling::Rain::RainManOrLightning.named(),
        ],
    );
    assert_eq!(yk("8b 9a 11a 11r", &either), v(&[("tsukimi_zake", 5)]));
    assert_eq!(yk("8b 9a 11b", &either), v(&[]));
    assert_eq!(yk("8b 9a 11p", &either), v(&[]));

    let another = rules("koikoi", &[ruling::ViewingYaku::WithAnotherYaku.named()]);
    assert_eq!(yk("3b 9a", &another), v(&[]));
    assert_eq!(
        yk("3b 9a 1r 2r 3r", &another),
        v(&[("hanami_zake", 5), ("akatan", 5)])
    );
    assert_eq!(
        yk("3b 9a 1b 12b", &another),
        v(&[("sanko", 5), ("hanami_zake", 5)])
    );
}

#[test]
fn tsukifuda() {
    let off = nintendo();
    let round = Round {
        month: Some(12),
        ..Round::default()
    };
    assert_eq!(sc("12b 12p 12p 12p", &round, &off).0, v(&[]));
    let on = rules("koikoi", &[ruling::Tsukifuda::On.named()]);
    assert_eq!(sc("12b 12p 12p 12p", &round, &on).0, v(&[("tsukifuda", 4)]));
    assert_eq!(sc("12b 12p 12p", &round, &on).0, v(&[]));
    let other = Round {
        month: Some(1),
        ..Round::default()
    };
    assert_eq!(sc("12b 12p 12p 12p", &other, &on).0, v(&[]));
    let s = score(&cards("12b 12p 12p 12p"), &Round::default(), &on);
    assert_eq!(
        s.notes,
        vec!["tsukifuda needs the round's month: give --month"]
    );
}

#[test]
fn hard_koi_multiplier() {
    let r = nintendo();
    assert_eq!(
        sc("1b 3b 12b", &Round::default(), &r).1..=sc("1b 3b 12b", &Round::default(), &r).3,
        5..=5
    );
    // 7 points or more double.
    assert_eq!(
        sc("1b 3b 8b 11b", &Round::default(), &r),
        (v(&[("ame_shiko", 7)]), 7, 2, 14)
    );
    // The opponent's koi-koi doubles again: ×4.
    let opp = Round {
        opponent_koi: true,
        ..Round::default()
    };
    assert_eq!(
        sc("1b 3b 8b 11b", &opp, &r),
        (v(&[("ame_shiko", 7)]), 7, 4, 28)
    );
    assert_eq!(sc("1b 3b 12b", &opp, &r), (v(&[("sanko", 5)]), 5, 2, 10));
    // Own calls add nothing.
    let own = Round {
        koi_calls: 2,
        ..Round::default()
    };
    assert_eq!(sc("1b 3b 12b", &own, &r).3, 5);
    // No yaku, nothing, whatever the koi.
    assert_eq!(sc("1p", &opp, &r), (vec![], 0, 1, 0));
}

#[test]
fn soft_koi_and_no_koi_multiplier() {
    let soft = rules("koikoi", &[ruling::Multiplier::SoftKoi.named()]);
    let once = Round {
        koi_calls: 1,
        ..Round::default()
    };
    let twice = Round {
        koi_calls: 2,
        opponent_koi: true,
        ..Round::default()
    };
    assert_eq!(sc("1b 3b 12b", &once, &soft).2, 2);
    assert_eq!(sc("1b 3b 12b", &twice, &soft).2, 3);
    assert_eq!(
        sc("1b 3b 8b 11b", &twice, &soft),
        (v(&[("ame_shiko", 7)]), 7, 6, 42)
    );
    let none = rules("koikoi", &[ruling::Multiplier::None.named()]);
    assert_eq!(sc("1b 3b 8b 11b", &twice, &none).2, 2);
    assert_eq!(sc("1b 3b 12b", &twice, &none).2, 1);
    let mut never = nintendo();
    never.values.double_at = 0;
    assert_eq!(sc("1b 3b 8b 11b", &Round::default(), &never).2, 1);
}

#[test]
fn rain_on_the_field() {
    let r = rules(
        "koikoi",
        &[
            ruling::ViewingYaku::RainRuins.named(),
            ruling::Rain::WillowOnField.named(),
        ],
    );
    let wet = Round {
        field: Some(cards("11r 4p")),
        ..Round::default()
    };
    let dry = Round {
        field: Some(cards("4p 5p")),
        ..Round::default()
    };
    assert_eq!(sc("3b 8b 9a", &wet, &r).0, v(&[]));
    assert_eq!(
        sc("3b 8b 9a", &dry, &r).0,
        v(&[("hanami_zake", 5), ("tsukimi_zake", 5)])
    );
    // Captured willow cards are not rain under this choice.
    assert_eq!(
        sc("8b 9a 11b 11a 11p", &dry, &r).0,
        v(&[("tsukimi_zake", 5)])
    );
    let s = score(&cards("3b 8b 9a"), &wet, &r);
    assert_eq!(
        s.notes,
        vec![
            "hanami_zake and tsukimi_zake do not score: rain ruins the party (11r red ribbon on the field)"
        ]
    );
    // The field alone is rain only under this choice: any-willow looks at the
    // captured cards.
    let captured = rules("koikoi", &[ruling::ViewingYaku::RainRuins.named()]);
    assert_eq!(sc("8b 9a", &wet, &captured).0, v(&[("tsukimi_zake", 5)]));
}

#[test]
fn field_brights_multiplier() {
    let r = rules("koikoi", &[ruling::Multiplier::FieldBrights.named()]);
    let n = |b: u8| Round {
        field_brights: Some(b),
        koi_calls: 2,
        opponent_koi: true,
        ..Round::default()
    };
    // Sanko 5: ×1 for none or one bright, ×n for n; koi calls add nothing.
    assert_eq!(sc("1b 3b 12b", &n(0), &r).2, 1);
    assert_eq!(sc("1b 3b 12b", &n(1), &r).2, 1);
    assert_eq!(sc("1b 3b 12b", &n(3), &r), (v(&[("sanko", 5)]), 5, 3, 15));
    // Ame-shiko 7: ×2 for reaching 7, times 5 brights: ×10.
    assert_eq!(
        sc("1b 3b 8b 11b", &n(5), &r),
        (v(&[("ame_shiko", 7)]), 7, 10, 70)
    );
    // No yaku: nothing, whatever the field.
    assert_eq!(sc("1p", &n(4), &r), (vec![], 0, 1, 0));
    // Other multiplier rules ignore the field's brights.
    assert_eq!(sc("1b 3b 12b", &n(3), &nintendo()).2, 2);
}

#[test]
fn groups_add_up() {
    let r = nintendo();
    // Goko, both viewing yaku, inoshikacho with two extra animals (the cup is one),
    // akatan and aotan, kasu with the sake cup.
    let (y, base, m, total) = sc(
        "1b 3b 8b 11b 12b 9a 6a 7a 10a 2a 1r 2r 3r 6r 9r 10r 1p 1p 2p 2p 3p 3p 4p 4p 5p",
        &Round::default(),
        &r,
    );
    assert_eq!(
        y,
        v(&[
            ("goko", 10),
            ("hanami_zake", 5),
            ("tsukimi_zake", 5),
            ("inoshikacho", 7),
            ("akatan_aotan", 10),
            ("kasu", 1)
        ])
    );
    assert_eq!((base, m, total), (38, 2, 76));
}

/// A slow, independent scorer of the default (Nintendo) rules, for cross-checking.
fn brute(cards: &[Card]) -> i64 {
    let n = |m: u8, k: Kind| cards.iter().filter(|c| c.month == m && c.kind == k).count();
    let count = |k: Kind| cards.iter().filter(|c| c.kind == k).count() as i64;
    let mut total = 0;
    let b = count(Kind::Bright);
    let rain = n(11, Kind::Bright) == 1;
    total += match (b, rain) {
        (5, _) => 10,
        (4, false) => 8,
        (4, true) => 7,
        (3, false) => 5,
        _ => 0,
    };
    let sake = n(9, Kind::Animal) == 1;
    if sake && n(3, Kind::Bright) == 1 {
        total += 5;
    }
    if sake && n(8, Kind::Bright) == 1 {
        total += 5;
    }
    let a = count(Kind::Animal);
    let mut animal = 0;
    if n(6, Kind::Animal) + n(7, Kind::Animal) + n(10, Kind::Animal) == 3 {
        animal = 5 + a - 3;
    }
    if a >= 5 {
        animal = animal.max(a - 4);
    }
    total += animal;
    let r = count(Kind::Ribbon);
    let poetry = (1..=3).all(|m| n(m, Kind::Ribbon) == 1);
    let blue = [6, 9, 10].iter().all(|m| n(*m, Kind::Ribbon) == 1);
    let mut rib = 0;
    if poetry && blue {
        rib = 10 + r - 6;
    } else if poetry || blue {
        rib = 5 + r - 3;
    }
    if r >= 5 {
        rib = rib.max(r - 4);
    }
    total += rib;
    let p = count(Kind::Plain) + i64::from(sake);
    if p >= 10 {
        total += p - 9;
    }
    total
}

proptest::proptest! {
    #[test]
    fn fast_scoring_matches_the_brute_force(
        deck in proptest::strategy::Just(Card::deck()).prop_shuffle(),
        n in 0usize..=48,
    ) {
        let r = nintendo();
        let held = &deck[..n];
        let s = score(held, &Round::default(), &r);
        proptest::prop_assert_eq!(s.base, brute(held));
        proptest::prop_assert_eq!(s.base, s.yaku.iter().map(|y| y.points).sum::<i64>());
        proptest::prop_assert!(s.total >= s.base);
    }

    #[test]
    fn huge_house_values_do_not_overflow(
        deck in proptest::strategy::Just(Card::deck()).prop_shuffle(),
        n in 0usize..=48,
        big in proptest::prelude::any::<i64>(),
    ) {
        let mut r = rules("koikoi", &[ruling::Multiplier::SoftKoi.named()]);
        r.values.goko = big;
        r.values.kasu = big;
        r.values.extra_card = big;
        r.values.inoshikacho = big;
        let round = Round { koi_calls: 100, ..Round::default() };
        let s = score(&deck[..n], &round, &r);
        proptest::prop_assert!(s.multiplier >= 1);
        proptest::prop_assert!(s.base >= 0 || big < 0);
    }

    #[test]
    fn more_cards_never_score_less(
        deck in proptest::strategy::Just(Card::deck()).prop_shuffle(),
        n in 0usize..48,
    ) {
        let r = nintendo();
        let a = score(&deck[..n], &Round::default(), &r).base;
        let b = score(&deck[..=n], &Round::default(), &r).base;
        proptest::prop_assert!(b >= a);
    }
}
