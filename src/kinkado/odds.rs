//! The odds that a player's hand beats ALORA at the reveal, from what the player can see.
//!
//! The player plays her best 2 to 5 cards (best by tier, then sum: a stronger hand can
//! only win more often). ALORA plays the best hand of all her cards: those shown, and a
//! number face down, which may be any of the cards the player cannot see (the pack less
//! the player's hand, ALORA's shown cards and every other card seen). Every set of unseen
//! cards is equally likely; when there are few of them (no more than the samples asked
//! for) each is counted once, exactly, and otherwise sets are drawn at random (seeded,
//! with [`crate::shuffle`]'s ChaCha12, so a run can be repeated).
//!
//! A tie (equal tier and sum) is given apart, so the player sees how often hands come
//! out equal. Who takes it is ruling `alora-ties`: by default (`after-bets`) the higher
//! bet, ALORA's when the bets are equal, so it is a win for a player who outbids her;
//! under `on-sum` ALORA always, so it is a loss for the player.

use crate::kinkado::ruling;
use serde::Serialize;

use super::Rules;
use super::fast::{self, CARDS, Evaluator, Hand, Score};
use super::hand::{self, Category};
use std::fmt;

use super::args::{located_cards, number_arg};
use crate::cards::Card;
use crate::diag::{Error, Problem as Trouble, Source};
use crate::explain::Explain;
use crate::notation::validate_pack;
use crate::ruleset::Ruleset;
use crate::shuffle::Shuffler;

/// What the player knows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Query {
    /// The cards the player holds (2 to 7).
    pub hand: Vec<Card>,
    /// ALORA's face-up cards.
    pub alora_shown: Vec<Card>,
    /// How many face-down cards ALORA holds.
    pub alora_hidden: usize,
    /// Every other card the player can see (market, prize pool, …).
    pub seen: Vec<Card>,
    /// The most random deals to try; fewer possible deals are all counted exactly.
    pub samples: u64,
    pub seed: u64,
}

/// The player's best play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Play {
    pub cards: Vec<Card>,
    pub category: Category,
    pub tier: u8,
    pub sum: u32,
}

/// Who takes a tie of tier and sum (ruling `alora-ties`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TieGoesTo {
    /// `on-sum`: ALORA, whatever the bets; a tie is a loss for the player.
    Alora,
    /// `after-bets`: whoever bet more; ALORA when the bets are equal.
    HigherBet,
}

impl TieGoesTo {
    pub fn of(rules: &Rules) -> TieGoesTo {
        match rules.ruled.alora_ties {
            ruling::AloraTies::AfterBets => TieGoesTo::HigherBet,
            ruling::AloraTies::OnSum => TieGoesTo::Alora,
        }
    }
}

/// The answer.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Odds {
    pub win: f64,
    /// Equal tier and sum: decided as `tie_goes_to` says.
    pub tie: f64,
    pub lose: f64,
    pub tie_goes_to: TieGoesTo,
    /// Deals counted.
    pub samples: u64,
    /// The standard error of `win` (0 when exact).
    pub stderr: f64,
    /// Every possible deal was counted once.
    pub exact: bool,
    /// The cards the player cannot see, from which ALORA's face-down cards come.
    pub unseen: usize,
    pub play: Play,
}

/// What is wrong with a query (the CLI points at the argument).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The player must hold 2 to 7 cards.
    HandSize(usize),
    /// ALORA holds 1 to 7 cards at the reveal.
    AloraSize(usize),
    /// More face-down cards than unseen cards.
    NotEnoughUnseen { hidden: usize, unseen: usize },
    /// A card appears more often than the pack holds it.
    TooMany(Card),
}

/// A query as written on the command line.
#[derive(Clone, Copy, Debug, Default)]
pub struct QueryText<'a> {
    pub hand: &'a str,
    pub alora_shown: &'a str,
    /// Her face-down cards [default: 7 less her face-up cards].
    pub alora_hidden: Option<&'a str>,
    pub seen: &'a str,
    pub samples: &'a str,
    pub seed: &'a str,
}

impl Query {
    /// Reads a query: the cards from one pack, a hand of 2 to 7, ALORA with 1 to 7 cards
    /// and no more face down than are unseen. Reports every problem at once.
    pub fn read(t: &QueryText) -> Result<Query, Error> {
        let mut problems = Vec::new();
        let (hand_src, hand) = located_cards("--hand", t.hand, &mut problems);
        let (shown_src, shown) = located_cards("--alora-shown", t.alora_shown, &mut problems);
        let (seen_src, seen) = located_cards("--seen", t.seen, &mut problems);
        let hidden = t
            .alora_hidden
            .map(|h| number_arg::<usize>("--alora-hidden", h, "a number of cards", &mut problems));
        let samples = number_arg::<u64>("--samples", t.samples, "a number of deals", &mut problems);
        let seed = number_arg::<u64>("--seed", t.seed, "a whole number", &mut problems);
        if samples == Some(0) {
            problems.push(
                Trouble::new("at least one deal is needed")
                    .at(&Source::new("--samples", t.samples), 0..t.samples.len()),
            );
        }
        problems.extend(validate_pack(
            hand.iter()
                .map(|c| (&hand_src, c))
                .chain(shown.iter().map(|c| (&shown_src, c)))
                .chain(seen.iter().map(|c| (&seen_src, c))),
            2,
        ));
        if problems.is_empty() && !(2..=fast::MAX_CARDS).contains(&hand.len()) {
            problems.push(
                Trouble::new(format!("you hold 2 to 7 cards, not {}", hand.len()))
                    .at(&hand_src, 0..t.hand.len())
                    .help("give every card in your hand; kado picks the best 2 to 5 to play"),
            );
        }
        let hidden = hidden.unwrap_or(Some(fast::MAX_CARDS.saturating_sub(shown.len())));
        if let Some(h) = hidden {
            let total = shown.len() + h;
            if problems.is_empty() && !(1..=fast::MAX_CARDS).contains(&total) {
                let text = t.alora_hidden.unwrap_or("");
                problems.push(
                    Trouble::new(format!(
                        "ALORA holds 1 to 7 cards at the reveal, not {total}"
                    ))
                    .at(&Source::new("--alora-hidden", text), 0..text.len())
                    .help("her face-up and face-down cards together"),
                );
            }
        }
        Error::check(problems)?;
        let (Some(alora_hidden), Some(samples), Some(seed)) = (hidden, samples, seed) else {
            return Err(Error::msg("bad arguments"));
        };
        let q = Query {
            hand: hand.iter().map(|l| l.value).collect(),
            alora_shown: shown.iter().map(|l| l.value).collect(),
            alora_hidden,
            seen: seen.iter().map(|l| l.value).collect(),
            samples,
            seed,
        };
        if let Some(p) = check(&q).into_iter().next() {
            return Err(Error::msg(p.to_string()));
        }
        Ok(q)
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::HandSize(n) => write!(f, "you hold 2 to 7 cards, not {n}"),
            Problem::AloraSize(n) => {
                write!(f, "ALORA holds 1 to 7 cards at the reveal, not {n}")
            }
            Problem::NotEnoughUnseen { hidden, unseen } => write!(
                f,
                "ALORA cannot hold {hidden} face-down cards: only {unseen} cards are unseen"
            ),
            Problem::TooMany(c) => write!(f, "{c} is named more often than the pack holds it"),
        }
    }
}

/// The rules and rulings behind the odds.
pub fn explain(rs: &Ruleset) -> Explain {
    let mut x = Explain::new();
    x.rule("Hands rank by tier, then by the sum of the cards played.");
    x.by(rs.get::<ruling::AloraTies>(), |c| match c {
        ruling::AloraTies::OnSum => "A tie of tier and sum goes to ALORA whatever the bets: it counts as a loss for you.",
        ruling::AloraTies::AfterBets => "A tie of tier and sum goes to whoever bet more, and to ALORA when the bets are equal: it is a win only if you bet more than she does.",
    });
    x.ruled(
        "ALORA plays the best hand she can make from all her cards, face down ones too.",
        rs,
        &[
            ruling::Id::AloraSum,
            ruling::Id::JokerSum,
            ruling::Id::JokerDuplicates,
            ruling::Id::AceStraights,
        ],
    );
    x.rule("Her face-down cards may be any cards you cannot see, each set equally likely.");
    x
}

impl TieGoesTo {
    /// Who takes a tie, for the odds' line.
    pub fn says(self) -> &'static str {
        match self {
            TieGoesTo::Alora => "ALORA wins ties",
            TieGoesTo::HigherBet => "a tie goes to the higher bet, to ALORA if equal",
        }
    }
}

/// Checks a query against the pack and the hand limits; every problem at once.
pub fn check(q: &Query) -> Vec<Problem> {
    let mut problems = Vec::new();
    if !(2..=fast::MAX_CARDS).contains(&q.hand.len()) {
        problems.push(Problem::HandSize(q.hand.len()));
    }
    let alora = q.alora_shown.len() + q.alora_hidden;
    if !(1..=fast::MAX_CARDS).contains(&alora) {
        problems.push(Problem::AloraSize(alora));
    }
    let mut counts = [0usize; 53];
    for c in q.hand.iter().chain(&q.alora_shown).chain(&q.seen) {
        counts[c.index().min(52)] += 1;
    }
    let mut reported = [false; 53];
    for c in q.hand.iter().chain(&q.alora_shown).chain(&q.seen) {
        let i = c.index().min(52);
        if counts[i] > c.copies_in_pack() && !reported[i] {
            reported[i] = true;
            problems.push(Problem::TooMany(*c));
        }
    }
    let unseen = unseen(q).len();
    if problems.is_empty() && q.alora_hidden > unseen {
        problems.push(Problem::NotEnoughUnseen {
            hidden: q.alora_hidden,
            unseen,
        });
    }
    problems
}

/// The cards the player cannot see (card numbers; a joker is 52, once per joker).
fn unseen(q: &Query) -> Vec<usize> {
    let mut left = [1usize; 53];
    left[52] = 2;
    for c in q.hand.iter().chain(&q.alora_shown).chain(&q.seen) {
        let i = c.index().min(52);
        left[i] = left[i].saturating_sub(1);
    }
    (0..53)
        .flat_map(|i| std::iter::repeat_n(i, left[i]))
        .collect()
}

/// The player's best 2 to 5 cards and their score (her sum is always what she plays).
pub fn best_play(cards: &[Card], rules: &Rules) -> Play {
    let player_rules = rules.clone().with(ruling::AloraSum::BestHand);
    let b = fast::best_hand(cards, &player_rules);
    Play {
        cards: b.played,
        category: b.hand.category,
        tier: b.hand.tier,
        sum: b.hand.sum,
    }
}

/// The odds. Call [`check`] first: a query with problems gives a meaningless answer.
pub fn odds(q: &Query, rules: &Rules) -> Odds {
    let play = best_play(&q.hand, rules);
    let mine = (u16::from(play.tier) << 8) | play.sum as u16;
    let strength = |s: Score| (u16::from(s.tier()) << 8) | s.sum() as u16;
    let ev = Evaluator::new(rules);
    let base = q
        .alora_shown
        .iter()
        .fold(Hand::EMPTY, |h, c| h.add(CARDS[c.index().min(52)]));
    let pool = unseen(q);
    let k = q.alora_hidden.min(pool.len());
    let (mut win, mut tie, mut total) = (0u64, 0u64, 0u64);
    let mut tally = |s: Score| {
        let theirs = strength(s);
        total += 1;
        if mine > theirs {
            win += 1;
        } else if mine == theirs {
            tie += 1;
        }
    };
    let deals = count_deals(pool.len(), k);
    let exact = deals.is_some_and(|d| d <= q.samples.max(1));
    if exact {
        each_deal(&pool, k, base, &mut |h| tally(ev.eval(h)));
    } else {
        let mut rng = Shuffler::new(q.seed);
        let mut deck = pool.clone();
        let n = deck.len();
        for _ in 0..q.samples.max(1) {
            let mut h = base;
            for i in 0..k {
                let j = rng.index(i..n);
                deck.swap(i, j);
                h = h.add(CARDS[deck[i]]);
            }
            tally(ev.eval(h));
        }
    }
    let t = total.max(1) as f64;
    let (w, ti) = (win as f64 / t, tie as f64 / t);
    Odds {
        win: w,
        tie: ti,
        lose: ((total - win - tie) as f64) / t,
        tie_goes_to: TieGoesTo::of(rules),
        samples: total,
        stderr: if exact {
            0.0
        } else {
            (w * (1.0 - w) / t).sqrt()
        },
        exact,
        unseen: pool.len(),
        play,
    }
}

/// C(n, k), or None past 2^63.
fn count_deals(n: usize, k: usize) -> Option<u64> {
    let mut acc: u128 = 1;
    for i in 0..k as u128 {
        acc = acc * (n as u128 - i) / (i + 1);
        if acc > u128::from(u64::MAX >> 1) {
            return None;
        }
    }
    u64::try_from(acc).ok()
}

/// Calls `f` with `base` plus every set of `k` cards of `pool`.
fn each_deal(pool: &[usize], k: usize, base: Hand, f: &mut dyn FnMut(Hand)) {
    if k == 0 {
        f(base);
        return;
    }
    for i in 0..pool.len() {
        if pool.len() - i < k {
            break;
        }
        each_deal(&pool[i + 1..], k - 1, base.add(CARDS[pool[i]]), f);
    }
}

/// The reference answer, for tests: every deal scored by the reference evaluator.
pub fn odds_by_reference(q: &Query, rules: &Rules) -> (u64, u64, u64) {
    let cards_of =
        |idx: &[usize]| -> Vec<Card> { idx.iter().filter_map(|&i| Card::from_index(i)).collect() };
    let player = hand::best_hand(&q.hand, &rules.clone().with(ruling::AloraSum::BestHand));
    let pool = unseen(q);
    let (mut win, mut tie, mut total) = (0, 0, 0);
    for subset in hand::combinations(pool.len(), q.alora_hidden) {
        let mut cards = q.alora_shown.clone();
        cards.extend(cards_of(
            &subset.iter().map(|&i| pool[i]).collect::<Vec<_>>(),
        ));
        let b = hand::best_hand(&cards, rules);
        total += 1;
        match player.hand.strength().cmp(&b.hand.strength()) {
            std::cmp::Ordering::Greater => win += 1,
            std::cmp::Ordering::Equal => tie += 1,
            std::cmp::Ordering::Less => {}
        }
    }
    (win, tie, total)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::notation::test_cards as cards;

    fn query(hand: &str, shown: &str, hidden: usize, seen: &str, samples: u64) -> Query {
        Query {
            hand: cards(hand),
            alora_shown: cards(shown),
            alora_hidden: hidden,
            seen: cards(seen),
            samples,
            seed: 7,
        }
    }

    #[test]
    fn exact_odds_match_the_reference() {
        let r = Rules::standard();
        for q in [
            query("KS KH KD 2C 9S", "QS QH 5D 5C", 1, "", 1000),
            query("AS 2S 3S 4S JK", "KC KD", 2, "9H 9D", 10_000),
            query("7S 7H", "JK 2C 2D 9S 9H", 1, "", 100),
        ] {
            let o = odds(&q, &r);
            assert!(o.exact);
            let (w, t, n) = odds_by_reference(&q, &r);
            assert_eq!(o.samples, n);
            assert_eq!((o.win, o.tie), (w as f64 / n as f64, t as f64 / n as f64));
            assert!((o.win + o.tie + o.lose - 1.0).abs() < 1e-12);
        }
    }

    #[test]
    fn worked_by_hand() {
        // Four kings (and a 9: $89) against ALORA's two pair and one unseen card.
        let r = Rules::standard();
        let q = query("KS KH KD KC 9S", "QS QH 5D 5C", 1, "", 1000);
        let o = odds(&q, &r);
        assert_eq!(o.play.category, Category::FourOfAKind);
        assert_eq!(o.play.sum, 89);
        // Her best: a full house with a joker (Q Q 🃏 5 5, $60), a queen (55) or a 5
        // (45); never four of a kind. The player wins every deal.
        assert_eq!((o.win, o.tie, o.lose), (1.0, 0.0, 0.0));
        assert_eq!(o.tie_goes_to, TieGoesTo::HigherBet);
        assert_eq!(o.unseen, 54 - 9);
    }

    #[test]
    fn sampling_is_reproducible_and_close_to_exact() {
        let r = Rules::standard();
        let q = query("9S 9H 9D 4C 4S", "", 5, "", 20_000);
        let a = odds(&q, &r);
        let b = odds(&q, &r);
        assert!(!a.exact);
        assert_eq!(a, b);
        // The exact answer by the fast enumeration (C(49, 5) = 1,906,884 deals).
        let exact = odds(
            &Query {
                samples: 2_000_000,
                ..q.clone()
            },
            &r,
        );
        assert!(exact.exact);
        assert!(
            (a.win - exact.win).abs() < 5.0 * a.stderr + 1e-9,
            "{a:?} vs {exact:?}"
        );
    }

    #[test]
    fn monte_carlo_deals_are_pinned_across_rand_upgrades() {
        // Recorded with rand 0.10.3's StdRng and `random_range`, before src/shuffle.rs:
        // `kado kinkado odds --hand 'KS KH KD 2C 9S' --alora-shown 'QS QH 5D'
        // --seen '7C 8C' --samples 20000 --seed 42`.
        let q = Query {
            seed: 42,
            ..query("KS KH KD 2C 9S", "QS QH 5D", 4, "7C 8C", 20_000)
        };
        let o = odds(&q, &Rules::standard());
        assert!(!o.exact);
        assert_eq!(
            (o.win, o.tie, o.samples),
            (16_363.0 / 20_000.0, 16.0 / 20_000.0, 20_000)
        );
    }

    #[test]
    fn problems_are_all_reported() {
        let q = query("KS", "KS", 9, "JK JK JK", 10);
        let p = check(&q);
        assert!(p.contains(&Problem::HandSize(1)));
        assert!(p.contains(&Problem::AloraSize(10)));
        assert!(p.contains(&Problem::TooMany(Card::Joker)));
        assert!(p.contains(&Problem::TooMany(cards("KS")[0])));
    }

    #[test]
    fn ties_follow_the_ruling() {
        // A pair of kings ($40) against ALORA's K♦ and one face-down card: the other
        // king ties (K K, $40); the counts do not depend on the ruling, only who takes a
        // tie does.
        let q = query("KS KH", "KD", 1, "", 1000);
        let rs = crate::ruleset::Ruleset::builtin("kinkado").unwrap();
        let after = odds(&q, &Rules::from_ruleset(&rs));
        let on_sum = odds(
            &q,
            &Rules::from_ruleset(&rs.with(ruling::AloraTies::OnSum).unwrap()),
        );
        assert_eq!(after.tie_goes_to, TieGoesTo::HigherBet);
        assert_eq!(on_sum.tie_goes_to, TieGoesTo::Alora);
        assert_eq!((after.win, after.tie), (on_sum.win, on_sum.tie));
        assert!(after.tie > 0.0);
    }
}
