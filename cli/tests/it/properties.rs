//! Property tests: notation round-trips, no panics on any input, the hand evaluator
//! against an independent brute force, and reveal ties against the ruling's reading.

use kado::kinkado::ruling;
use proptest::prelude::*;

use kado::cards::{Card, Rank, Suit};
use kado::kinkado::Rules;
use kado::kinkado::hand::{Category, evaluate};
use kado::kinkado::showdown::{ALORA, Pool, Seat, settle};
use kado::notation::{CardList, parse_cards};
use kado::ruleset::Ruleset;

fn card() -> impl Strategy<Value = Card> {
    (0usize..53).prop_map(|i| Card::from_index(i).unwrap())
}

/// Any spelling kado accepts for a card.
fn spelling(c: Card) -> impl Strategy<Value = String> {
    let rank = c.rank();
    let suit = c.suit();
    (0usize..4, 0usize..3, any::<bool>()).prop_map(move |(s, r, lower)| match (rank, suit) {
        (Some(rank), Some(suit)) => {
            let r = match (rank, r) {
                (Rank::Ten, 1) => "T".to_string(),
                _ => rank.label().to_string(),
            };
            let s = match s {
                0 => suit.letter().to_string(),
                1 => suit.symbol().to_string(),
                2 => match suit {
                    Suit::Spades => "♤",
                    Suit::Hearts => "♡",
                    Suit::Diamonds => "♢",
                    Suit::Clubs => "♧",
                }
                .to_string(),
                _ => suit.letter().to_ascii_lowercase().to_string(),
            };
            let t = format!("{r}{s}");
            if lower { t.to_lowercase() } else { t }
        }
        _ => {
            if s == 1 {
                "🃏".to_string()
            } else if lower {
                "jk".to_string()
            } else {
                "JK".to_string()
            }
        }
    })
}

proptest! {
    #[test]
    fn card_display_round_trips(c in card()) {
        prop_assert_eq!(c.to_string().parse::<Card>().unwrap(), c);
        prop_assert_eq!(c.code().parse::<Card>().unwrap(), c);
    }

    #[test]
    fn card_list_round_trips(cards in proptest::collection::vec(card(), 0..12)) {
        let list = CardList(cards);
        prop_assert_eq!(list.to_string().parse::<CardList>().unwrap(), list);
    }

    #[test]
    fn any_spelling_and_separators_parse(
        items in proptest::collection::vec(card().prop_flat_map(|c| (Just(c), spelling(c))), 1..8),
        seps in proptest::collection::vec(prop_oneof![Just(" "), Just(","), Just(", "), Just("  ")], 8),
    ) {
        let mut text = String::new();
        for (i, (_, s)) in items.iter().enumerate() {
            if i > 0 { text += seps[i % seps.len()]; }
            text += s;
        }
        let parsed: Vec<Card> = parse_cards(&text, "t").unwrap().into_iter().map(|l| l.value).collect();
        let want: Vec<Card> = items.iter().map(|(c, _)| *c).collect();
        prop_assert_eq!(parsed, want);
    }

    #[test]
    fn written_together_parses(cards in proptest::collection::vec(card(), 1..8)) {
        let text: String = cards.iter().map(|c| c.code()).collect();
        let parsed: Vec<Card> = parse_cards(&text, "t").unwrap().into_iter().map(|l| l.value).collect();
        prop_assert_eq!(parsed, cards);
    }

    #[test]
    fn no_input_panics_the_card_parser(text in "\\PC{0,40}") {
        if let Err(e) = parse_cards(&text, "t") {
            prop_assert!(!e.problems.is_empty());
            let _ = e.render();
            let _ = e.to_json();
        }
    }

    #[test]
    fn no_input_panics_a_house_rules_file(text in "[a-z:\\- \\n{}\\[\\]0-9]{0,80}") {
        let _ = Ruleset::from_house_text("h.yaml", &text).map_err(|e| e.render());
    }
}

/// An independent classifier: counts, then checks hands from the best down.
fn brute_category(cards: &[(u8, u8)], ace_high: bool) -> Category {
    let n = cards.len();
    let count = |r: u8| cards.iter().filter(|c| c.0 == r).count();
    let max_same = (1..=13).map(count).max().unwrap_or(0);
    let pairs = (1..=13).filter(|r| count(*r) >= 2).count();
    let flush = n == 5 && cards.iter().all(|c| c.1 == cards[0].1);
    let mut ranks: Vec<u8> = cards.iter().map(|c| c.0).collect();
    ranks.sort();
    let straight = n == 5 && {
        let consecutive = ranks.windows(2).all(|w| w[1] == w[0] + 1);
        consecutive || (ace_high && ranks == vec![1, 10, 11, 12, 13])
    };
    if straight && flush {
        Category::StraightFlush
    } else if max_same >= 4 {
        Category::FourOfAKind
    } else if n == 5 && max_same == 3 && pairs == 2 {
        Category::FullHouse
    } else if flush {
        Category::Flush
    } else if straight {
        Category::Straight
    } else if max_same == 3 {
        Category::ThreeOfAKind
    } else if pairs >= 2 {
        Category::TwoPair
    } else if pairs == 1 {
        Category::OnePair
    } else {
        Category::HighCard
    }
}

fn val(r: u8) -> u32 {
    match r {
        11 => 10,
        12 => 15,
        13 => 20,
        r => u32::from(r),
    }
}

/// Every substitution of every joker: the best (tier, sum).
fn brute_best(cards: &[Card], rules: &Rules) -> (u8, u32) {
    let plain: Vec<(u8, u8)> = cards
        .iter()
        .filter_map(|c| Some((c.rank()?.number(), c.suit()? as u8)))
        .collect();
    let jokers = cards.len() - plain.len();
    let all: Vec<(u8, u8)> = (1..=13).flat_map(|r| (0..4).map(move |s| (r, s))).collect();
    let mut best = (0, 0);
    let mut stack: Vec<Vec<(u8, u8)>> = vec![vec![]];
    for _ in 0..jokers {
        stack = stack
            .into_iter()
            .flat_map(|subs| {
                all.iter().map(move |c| {
                    let mut v = subs.clone();
                    v.push(*c);
                    v
                })
            })
            .filter(|subs| {
                rules.ruled.joker_duplicates == ruling::JokerDuplicates::Allowed
                    || subs
                        .iter()
                        .enumerate()
                        .all(|(i, c)| !plain.contains(c) && !subs[..i].contains(c))
            })
            .collect();
    }
    for subs in stack {
        let mut hand = plain.clone();
        hand.extend(&subs);
        let cat = brute_category(
            &hand,
            rules.ruled.ace_straights == ruling::AceStraights::LowAndHigh,
        );
        let tier = match cat {
            Category::HighCard | Category::OnePair | Category::TwoPair => 1,
            Category::ThreeOfAKind | Category::Straight | Category::Flush => 2,
            _ => 3,
        };
        let sum: u32 = plain.iter().map(|c| val(c.0)).sum::<u32>()
            + subs
                .iter()
                .map(|c| {
                    if rules.ruled.joker_sum == ruling::JokerSum::FaceValue {
                        20
                    } else {
                        val(c.0)
                    }
                })
                .sum::<u32>();
        best = best.max((tier, sum));
    }
    best
}

fn all_rules() -> Vec<Rules> {
    let base = Ruleset::builtin("kinkado").unwrap();
    let mut out = Vec::new();
    for js in ["face-value", "as-chosen"] {
        for jd in ["allowed", "forbidden"] {
            for ace in ["low-and-high", "low-only"] {
                let rs = base
                    .with_named("joker-sum", js)
                    .unwrap()
                    .with_named("joker-duplicates", jd)
                    .unwrap()
                    .with_named("ace-straights", ace)
                    .unwrap();
                out.push(Rules::from_ruleset(&rs));
            }
        }
    }
    out
}

fn hand_of(n: usize) -> impl Strategy<Value = Vec<Card>> {
    // Draw distinct indices from the 54-card pack (two jokers).
    proptest::sample::subsequence((0..54usize).collect::<Vec<_>>(), n)
        .prop_shuffle()
        .prop_map(|ix| {
            ix.into_iter()
                .map(|i| Card::from_index(i.min(52)).unwrap())
                .collect()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]
    #[test]
    fn evaluator_matches_brute_force(n in 2usize..=5, seed in any::<u64>(), rules_ix in 0usize..8) {
        let rules = &all_rules()[rules_ix];
        let cards: Vec<Card> = {
            // A deterministic hand from the seed: jokers are common enough to matter.
            let mut x = seed;
            let mut hand: Vec<Card> = Vec::new();
            while hand.len() < n {
                x ^= x << 13; x ^= x >> 7; x ^= x << 17;
                let i = (x % 60) as usize;
                let c = if i >= 52 { Card::Joker } else { Card::from_index(i).unwrap() };
                let jokers = hand.iter().filter(|c| c.is_joker()).count();
                if (c.is_joker() && jokers < 2) || (!c.is_joker() && !hand.contains(&c)) {
                    hand.push(c);
                }
            }
            hand
        };
        let e = evaluate(&cards, rules);
        prop_assert_eq!((e.tier, e.sum), brute_best(&cards, rules), "{:?}", cards);
        prop_assert_eq!(e.jokers.len(), cards.iter().filter(|c| c.is_joker()).count());
    }

    #[test]
    fn hands_from_the_pack_strategy_are_valid(cards in hand_of(5)) {
        prop_assert_eq!(cards.len(), 5);
    }
}

/// The winners of a reveal by the reading of ruling `alora-ties`, from the tiers and sums
/// kado found: the most (tier, sum, bet) wins, and ALORA never shares (after-bets); or
/// ALORA wins as soon as she is level on tier and sum (on-sum).
fn reference_winners(
    seats: &[Seat],
    strength: impl Fn(&Seat) -> (u8, u32),
    after_bets: bool,
) -> Vec<String> {
    let key = |s: &Seat| {
        let (t, sum) = strength(s);
        (t, sum, if after_bets { s.bet } else { 0 })
    };
    let best = seats.iter().map(key).max().unwrap();
    let top: Vec<&Seat> = seats.iter().filter(|s| key(s) == best).collect();
    if let Some(a) = top.iter().find(|s| s.is_alora) {
        return vec![a.name.clone()];
    }
    let max_bet = top.iter().map(|s| s.bet).max().unwrap();
    top.iter()
        .filter(|s| s.bet == max_bet)
        .map(|s| s.name.clone())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn reveal_ties_follow_the_ruling(
        players in proptest::collection::vec((0usize..4, 0usize..3), 1..4),
        alora in proptest::option::of((0usize..4, 0usize..3)),
        after_bets in any::<bool>(),
    ) {
        // Few hands and bets, so that ties of every kind come up often.
        const HANDS: [&str; 4] = ["KS KH", "QS QH", "KD 10S 10H", "JK KC"];
        const BETS: [u32; 3] = [1, 5, 10];
        let seat = |name: &str, (h, b): (usize, usize), is_alora: bool| Seat {
            name: name.to_string(),
            cards: HANDS[h].parse::<CardList>().unwrap().0,
            bet: BETS[b],
            is_alora,
            bank_placed: false,
        };
        let mut seats: Vec<Seat> = players
            .iter()
            .enumerate()
            .map(|(i, p)| seat(&format!("p{i}"), *p, false))
            .collect();
        if let Some(a) = alora {
            seats.push(seat(ALORA, a, true));
        }
        let rs = Ruleset::builtin("kinkado")
            .unwrap()
            .with_named("alora-ties", if after_bets { "after-bets" } else { "on-sum" })
            .unwrap();
        let pool = Pool { money: 7, cards: vec![], chips: None };
        let s = settle(&seats, &pool, &Rules::from_ruleset(&rs), &rs);
        let strength = |x: &Seat| (s.hands[&x.name].tier, s.hands[&x.name].sum);
        let mut expected = reference_winners(&seats, strength, after_bets);
        let mut got = s.winners.clone();
        expected.sort();
        got.sort();
        prop_assert_eq!(got, expected);
        // Money is neither made nor lost: what the seats receive is the pot, the bets
        // and the bank's share, less what stays in the pool.
        let bets: u32 = seats.iter().map(|x| x.bet).sum();
        let paid: u32 = s.payouts.values().sum();
        prop_assert_eq!(paid + s.pool_left, pool.money + bets + s.bank_paid);
    }
}
