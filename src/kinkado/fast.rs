//! The fast evaluator: ALORA's best hand (2 to 5 of up to 7 cards, jokers wild) in a few
//! nanoseconds, by table lookups.
//!
//! A [`Hand`] is a sum of per-card constants: an additive rank key (unique for every
//! multiset of ranks and jokers) in two parts, the cards' face values, a joker count,
//! per-suit counters and per-suit rank masks. [`Evaluator::eval`] looks up the best hand
//! ignoring suits by the key's column plus its row's place (OMPEval's row displacement;
//! the row is the key's top bits and the column its low 16, so the index takes one shift,
//! one small load and one add, and no mask is needed to keep it in the tables) and, when
//! one suit with the jokers holds five cards, the best flush or straight flush by that
//! suit's mask; the better one wins.
//! The tables are written at build time by `build.rs` (see `fastgen.rs`), one set for each
//! combination of the rulings that change them (`joker-sum`, `joker-duplicates`,
//! `ace-straights`); `alora-sum` is applied after the lookup.
//!
//! It returns exactly what [`super::hand::best_hand`] (and, for 2 to 5 cards played,
//! [`super::hand::evaluate`]) returns for category, tier and sum: the tests check every
//! hand of up to 5 cards and random hands of 6 and 7 under every ruling.

use super::Rules;
use super::hand::{self, BestHand, Category};
use crate::cards::Card;
use crate::kinkado::ruling;

#[path = "fastgen.rs"]
mod fastgen;

/// `OFFSETS`: each rank-table row's offset, one per possible row ([`ROWS`]).
mod consts {
    include!(concat!(env!("OUT_DIR"), "/kinkado_consts.rs"));
}

use fastgen::{COMBOS, ROW_ALIGN, ROW_BITS, ROW_SHIFT, TABLE_LEN};

/// Where a [`Hand`] key keeps its row (the top [`ROW_BITS`] bits).
const ROW_POS: u32 = 64 - ROW_BITS;

const SLOTS: usize = TABLE_LEN;
const ROWS: usize = 1 << ROW_BITS;
const FLUSH_SLOTS: usize = 4 << 13;

static RANK: &[u8; 2 * COMBOS * SLOTS] =
    include_bytes!(concat!(env!("OUT_DIR"), "/kinkado_rank.bin"));
static RANK_DEFICIT: &[u8; COMBOS / 2 * SLOTS] =
    include_bytes!(concat!(env!("OUT_DIR"), "/kinkado_rank_deficit.bin"));
static FLUSH: &[u8; 2 * COMBOS * FLUSH_SLOTS] =
    include_bytes!(concat!(env!("OUT_DIR"), "/kinkado_flush.bin"));
static FLUSH_DEFICIT: &[u8; COMBOS / 2 * FLUSH_SLOTS] =
    include_bytes!(concat!(env!("OUT_DIR"), "/kinkado_flush_deficit.bin"));

/// The most cards a [`Hand`] may hold: the tables cover hands of up to 7 cards.
pub const MAX_CARDS: usize = 7;
/// The most jokers a [`Hand`] may hold (a pack has two).
pub const MAX_JOKERS: usize = 2;

const SUIT_SHIFT: u32 = 16;
const VALUE_SHIFT: u32 = 32;
const JOKER_SHIFT: u32 = 40;
const COUNT_SHIFT: u32 = 44;
/// Bit 3 of each suit counter: the suit and the jokers make five.
const FIVE_BITS: u64 = 0x8888 << SUIT_SHIFT;

/// Cards as one sum of per-card constants, so adding a card is two additions.
///
/// `key`: bits 0–15 the rank key's column, 16–31 four suit counters (starting at 3, so bit
/// 3 of a counter is set when the suit and the jokers make five), 32–39 the sum of face
/// values, 40–43 the jokers, 44–47 the cards, 50–63 the rank key's row (see
/// `fastgen::split`). `mask`: 16 bits per suit, bit `rank - 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hand {
    key: u64,
    mask: u64,
}

impl Hand {
    /// No cards.
    pub const EMPTY: Hand = Hand {
        key: 0x3333 << SUIT_SHIFT,
        mask: 0,
    };

    /// One card by [`Card::index`] (0–51 plain, 52 the joker), to add to a hand.
    pub const fn card(index: usize) -> Hand {
        if index >= 52 {
            return Hand {
                key: rank_part(fastgen::JOKER_MULT)
                    | (fastgen::JOKER_VALUE as u64) << VALUE_SHIFT
                    | 1 << JOKER_SHIFT
                    | 1 << COUNT_SHIFT
                    | 0x1111 << SUIT_SHIFT,
                mask: 0,
            };
        }
        let suit = index / 13;
        let rank = index % 13 + 1;
        let value = match rank {
            11 => 10,
            12 => 15,
            13 => 20,
            r => r as u64,
        };
        Hand {
            key: rank_part(fastgen::RANK_MULT[rank - 1])
                | value << VALUE_SHIFT
                | 1 << COUNT_SHIFT
                | 1 << (SUIT_SHIFT + 4 * suit as u32),
            mask: 1 << (16 * suit + rank - 1),
        }
    }

    /// This hand and one more card (a constant from [`CARDS`]).
    #[inline(always)]
    #[must_use]
    pub const fn add(self, card: Hand) -> Hand {
        Hand {
            key: self.key.wrapping_add(card.key),
            mask: self.mask | card.mask,
        }
    }

    /// The hand of these cards; `None` for more than 7 cards or more than 2 jokers.
    pub fn from_cards(cards: &[Card]) -> Option<Hand> {
        let jokers = cards.iter().filter(|c| c.is_joker()).count();
        if cards.len() > MAX_CARDS || jokers > MAX_JOKERS {
            return None;
        }
        Some(
            cards
                .iter()
                .fold(Hand::EMPTY, |h, c| h.add(CARDS[c.index().min(52)])),
        )
    }

    /// How many cards.
    pub const fn len(self) -> usize {
        ((self.key >> COUNT_SHIFT) & 0xf) as usize
    }

    pub const fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// The sum of the cards' face values (a joker $20).
    pub const fn face_value(self) -> u32 {
        ((self.key >> VALUE_SHIFT) & 0xff) as u32
    }
}

/// A rank multiplier in a [`Hand`] key: its split key's column in the low 16 bits, its
/// row at [`ROW_POS`].
const fn rank_part(mult: u32) -> u64 {
    let split = fastgen::split(mult) as u64;
    (split & 0xffff) | (split >> ROW_SHIFT) << ROW_POS
}

/// Every card's constant, by [`Card::index`] (52: a joker).
pub static CARDS: [Hand; 53] = {
    let mut out = [Hand { key: 0, mask: 0 }; 53];
    let mut i = 0;
    while i < 53 {
        out[i] = Hand::card(i);
        i += 1;
    }
    out
};

/// A hand's worth: tier, then sum, then category, in one comparable number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(u16);

impl Score {
    pub fn category(self) -> Category {
        Category::ALL[usize::from(self.0 & 15).min(8)]
    }

    pub fn tier(self) -> u8 {
        (self.0 >> 12) as u8
    }

    pub fn sum(self) -> u32 {
        u32::from((self.0 >> 4) & 0xff)
    }

    /// What decides a reveal: tier, then sum (higher is better).
    pub fn strength(self) -> u16 {
        self.0 >> 4
    }

    /// The raw number (tier << 12 | sum << 4 | category).
    pub fn raw(self) -> u16 {
        self.0
    }
}

/// Entry `i` of a table of little-endian u16 (`i` below half the table's length).
#[inline(always)]
fn read16<const N: usize>(table: &[u8; N], i: usize) -> u16 {
    u16::from_le_bytes([table[2 * i], table[2 * i + 1]])
}

/// The tables for one ruleset.
#[derive(Clone, Copy, Debug)]
pub struct Evaluator {
    rank: &'static [u8; 2 * SLOTS],
    flush: &'static [u8; 2 * FLUSH_SLOTS],
    rank_deficit: &'static [u8; SLOTS],
    flush_deficit: &'static [u8; FLUSH_SLOTS],
    /// [`consts::OFFSETS`], held here so a loop keeps its address in a register.
    offsets: &'static [u16; ROWS],
    /// Key bits that send a hand past the rank lookup: the suit counters' "five"
    /// bits, or every bit under `alora-sum: all-cards`.
    rest: u64,
    all_cards: bool,
    as_chosen: bool,
}

impl Evaluator {
    /// The evaluator for ALORA's hand under these rules (`alora-sum` included).
    pub fn new(rules: &Rules) -> Evaluator {
        let face_value = match rules.ruled.joker_sum {
            ruling::JokerSum::FaceValue => true,
            ruling::JokerSum::AsChosen => false,
        };
        let duplicates = match rules.ruled.joker_duplicates {
            ruling::JokerDuplicates::Allowed => true,
            ruling::JokerDuplicates::Forbidden => false,
        };
        let combo = fastgen::combo(face_value, duplicates, hand::ace_high(rules));
        let all_cards = hand::sums_all_cards(rules);
        // `combo` is below 8, the number of tables in each file.
        Evaluator {
            rank: &RANK.as_chunks::<{ 2 * SLOTS }>().0[combo],
            flush: &FLUSH.as_chunks::<{ 2 * FLUSH_SLOTS }>().0[combo],
            rank_deficit: &RANK_DEFICIT.as_chunks::<SLOTS>().0[combo / 2],
            flush_deficit: &FLUSH_DEFICIT.as_chunks::<FLUSH_SLOTS>().0[combo / 2],
            offsets: &consts::OFFSETS,
            rest: if all_cards { u64::MAX } else { FIVE_BITS },
            all_cards,
            as_chosen: !face_value,
        }
    }

    /// The evaluator for a hand a player plays: every card counts, whatever `alora-sum`
    /// says.
    pub fn for_players(rules: &Rules) -> Evaluator {
        Evaluator {
            all_cards: false,
            rest: FIVE_BITS,
            ..Evaluator::new(rules)
        }
    }

    /// The best hand of 2 to 5 of the cards (all of them when fewer than 2), as
    /// [`hand::best_hand`] scores it. The hand must hold at most 7 cards and 2 jokers
    /// ([`Hand::from_cards`] checks that).
    #[inline(always)]
    pub fn eval(&self, h: Hand) -> Score {
        // Below ROWS and SLOTS by their types alone: no masks, no bounds checks.
        let row = (h.key >> ROW_POS) as usize;
        let slot = usize::from(h.key as u16) + ROW_ALIGN * usize::from(self.offsets[row]);
        let v = read16(self.rank, slot);
        if h.key & self.rest == 0 {
            return Score(v);
        }
        if !self.all_cards {
            // Five of a suit: the better of the two, without a branch (which one wins is
            // a coin toss the predictor would lose a third of the time).
            return Score(v.max(self.flush_value(h).0));
        }
        self.eval_all_cards(h, v, slot)
    }

    /// The best flush or straight flush of a hand with five of a suit (0 without), and
    /// its index in the flush tables.
    #[inline(always)]
    fn flush_value(&self, h: Hand) -> (u16, usize) {
        let flushes = (h.key >> SUIT_SHIFT) & 0x8888;
        let suit = flushes.trailing_zeros() >> 2;
        let ranks = ((h.mask >> (16 * (suit & 3))) & 0x1fff) as usize;
        let jokers = ((h.key >> JOKER_SHIFT) & 0x3) as usize;
        let i = (jokers << 13) | ranks;
        let f = if flushes != 0 {
            read16(self.flush, i)
        } else {
            0
        };
        (f, i)
    }

    /// [`Evaluator::eval`] under `alora-sum: all-cards`: every card at face value, less
    /// what the jokers she plays fall short of $20 under `joker-sum: as-chosen`.
    #[inline(never)]
    fn eval_all_cards(&self, h: Hand, rank_value: u16, slot: usize) -> Score {
        let (f, i) = self.flush_value(h);
        let (v, deficit) = if f > rank_value {
            (f, self.flush_deficit[i])
        } else {
            (rank_value, self.rank_deficit[slot])
        };
        let deficit = if self.as_chosen { deficit } else { 0 };
        let total = h.face_value().saturating_sub(u32::from(deficit)) as u16;
        Score((v & 0xf00f) | (total << 4))
    }

    /// [`Evaluator::eval`] of cards; `None` for more than 7 cards or more than 2 jokers.
    pub fn best_of(&self, cards: &[Card]) -> Option<Score> {
        Hand::from_cards(cards).map(|h| self.eval(h))
    }
}

/// ALORA's best hand, as [`hand::best_hand`] gives it (same played cards, joker
/// choices, category, tier and sum), found with the fast evaluator: it picks the played
/// cards, and the reference evaluator only works out the jokers of those few cards.
/// Hands of more than 7 cards or 2 jokers go to the reference evaluator.
pub fn best_hand(cards: &[Card], rules: &Rules) -> BestHand {
    let n = cards.len();
    if n <= 1 || Hand::from_cards(cards).is_none() {
        return hand::best_hand(cards, rules);
    }
    let played_eval = Evaluator::for_players(rules);
    let total: u32 = cards.iter().map(|c| super::value(*c)).sum();
    // The same order and tie-breaks as the reference: tier, sum, category, (under
    // all-cards) the whole hand's sum, then fewer cards; the first found wins.
    let mut best: Option<((u16, u32, usize), Vec<usize>)> = None;
    for size in 2..=n.min(5) {
        for subset in hand::combinations(n, size) {
            let chosen: Vec<Card> = subset.iter().map(|&i| cards[i]).collect();
            let Some(score) = played_eval.best_of(&chosen) else {
                return hand::best_hand(cards, rules);
            };
            let whole = if hand::sums_all_cards(rules) {
                let played_face: u32 = chosen.iter().map(|c| super::value(*c)).sum();
                score.sum() + total - played_face
            } else {
                0
            };
            let key = (score.raw(), whole, usize::MAX - size);
            if best.as_ref().is_none_or(|(k, _)| key > *k) {
                best = Some((key, subset));
            }
        }
    }
    let Some((_, subset)) = best else {
        return hand::best_hand(cards, rules);
    };
    let played: Vec<Card> = subset.iter().map(|&i| cards[i]).collect();
    let mut e = hand::evaluate(&played, rules);
    if hand::sums_all_cards(rules) {
        let played_face: u32 = played.iter().map(|c| super::value(*c)).sum();
        e.sum = e.sum + total - played_face;
    }
    e.cards = cards.to_vec();
    BestHand { hand: e, played }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::kinkado::ruling;
    use crate::ruleset::Ruleset;
    use proptest::prelude::*;

    use crate::notation::test_cards as cards;

    /// The rules with the four rulings that change a hand's score: bit 0 as-chosen,
    /// bit 1 duplicates forbidden, bit 2 ace low only, bit 3 all-cards.
    pub(crate) fn rules_for(bits: u8) -> Rules {
        let mut rs = Ruleset::builtin("kinkado").unwrap();
        for (bit, (id, alt)) in [
            (1, ruling::JokerSum::AsChosen.named()),
            (2, ruling::JokerDuplicates::Forbidden.named()),
            (4, ruling::AceStraights::LowOnly.named()),
            (8, ruling::AloraSum::AllCards.named()),
        ] {
            if bits & bit != 0 {
                rs = rs.with_named(id, alt).unwrap();
            }
        }
        Rules::from_ruleset(&rs)
    }

    fn triple(e: &hand::Evaluation) -> (Category, u8, u32) {
        (e.category, e.tier, e.sum)
    }

    fn fast(rules: &Rules, cards: &[Card]) -> (Category, u8, u32) {
        let s = Evaluator::new(rules).best_of(cards).unwrap();
        (s.category(), s.tier(), s.sum())
    }

    /// Every hand of `plain` plain cards and `jokers` jokers, one per class of hands
    /// equal up to renaming suits (scores do not depend on suit names).
    fn canonical_hands(plain: usize, jokers: usize) -> Vec<Vec<Card>> {
        let perms: Vec<[usize; 4]> = {
            let mut out = Vec::new();
            for a in 0..4 {
                for b in 0..4 {
                    for c in 0..4 {
                        for d in 0..4 {
                            let p = [a, b, c, d];
                            if (0..4).all(|s| p.contains(&s)) {
                                out.push(p);
                            }
                        }
                    }
                }
            }
            out
        };
        let mut out = Vec::new();
        for subset in hand::combinations(52, plain) {
            let canonical = perms.iter().all(|p| {
                let mut image: Vec<usize> =
                    subset.iter().map(|&i| p[i / 13] * 13 + i % 13).collect();
                image.sort_unstable();
                image >= subset
            });
            if canonical {
                let mut hand: Vec<Card> =
                    subset.iter().filter_map(|&i| Card::from_index(i)).collect();
                hand.extend(std::iter::repeat_n(Card::Joker, jokers));
                out.push(hand);
            }
        }
        out
    }

    /// Every hand of up to `max` cards (at most 2 jokers) against the reference, under
    /// every combination of the rulings that change scores. For up to 5 cards ALORA plays
    /// them all, so `best_hand` and `evaluate` agree (checked at random below) and the
    /// cheaper `evaluate` is the oracle.
    fn exhaustive(max: usize) {
        let all: Vec<Rules> = (0..8).map(rules_for).collect();
        for jokers in 0..=2 {
            for plain in 0..=max - jokers {
                for h in canonical_hands(plain, jokers) {
                    for (bits, rules) in all.iter().enumerate() {
                        let want = if h.len() <= 1 {
                            triple(&hand::best_hand(&h, rules).hand)
                        } else {
                            triple(&hand::evaluate(&h, rules))
                        };
                        assert_eq!(fast(rules, &h), want, "{h:?} rulings {bits:#b}");
                    }
                }
            }
        }
    }

    #[test]
    fn every_hand_of_up_to_4_cards_matches_the_reference() {
        exhaustive(4);
    }

    /// Seconds in the test profile (opt-level 1, see Cargo.toml).
    #[test]
    fn every_hand_of_up_to_5_cards_matches_the_reference() {
        exhaustive(5);
    }

    #[test]
    fn hands_worked_by_hand() {
        use Category::*;
        let std = Rules::standard();
        let f = |s: &str| fast(&std, &cards(s));
        // Three 2s beat two pair; ALORA plays the best 5 of 7.
        assert_eq!(f("KS KH 2C 7D 9S QH 3C"), (OnePair, 1, 71));
        assert_eq!(f("2S 2H 2C KS KH QS QD"), (FullHouse, 3, 46));
        // A flush of low hearts loses to three kings held beside it.
        assert_eq!(f("2H 4H 6H 8H KH KS KD"), (ThreeOfAKind, 2, 60 + 8 + 6));
        assert_eq!(f("2H 4H 6H 8H 10H KS KD"), (Flush, 2, 30));
        // Two jokers and a pair: four of a kind, jokers at $20.
        assert_eq!(f("9S 9H JK JK"), (FourOfAKind, 3, 58));
        // Royal straight flush with a joker.
        assert_eq!(
            f("AS KS QS JS JK 2D 3C"),
            (StraightFlush, 3, 1 + 20 + 15 + 10 + 20)
        );
        // All cards (ALORA's sum under all-cards is every card she holds).
        let all = rules_for(8);
        assert_eq!(fast(&all, &cards("KS KH 2C 7D 9S QH 3C")), (OnePair, 1, 76));
        assert_eq!(Evaluator::new(&std).best_of(&cards("JK JK JK")), None);
    }

    fn hand_strategy() -> impl Strategy<Value = (Vec<Card>, u8)> {
        (0usize..=2, 0usize..=7, 0u8..16).prop_flat_map(|(jokers, n, bits)| {
            let plain = n.saturating_sub(jokers);
            (
                proptest::sample::subsequence((0..52).collect::<Vec<usize>>(), plain),
                Just(n.min(jokers)),
                Just(bits),
                any::<u64>(),
            )
                .prop_map(|(idx, jokers, bits, shuffle)| {
                    let mut h: Vec<Card> = idx.into_iter().filter_map(Card::from_index).collect();
                    h.extend(std::iter::repeat_n(Card::Joker, jokers));
                    // Any order: the answer must not depend on it.
                    let k = h.len().max(1);
                    h.rotate_left((shuffle as usize) % k);
                    (h, bits)
                })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]

        /// Random hands of 0 to 7 cards under random rulings: the fast evaluator and the
        /// fast `best_hand` agree exactly with the reference `best_hand`.
        #[test]
        fn matches_the_reference_best_hand((h, bits) in hand_strategy()) {
            let rules = rules_for(bits);
            let slow = hand::best_hand(&h, &rules);
            prop_assert_eq!(fast(&rules, &h), triple(&slow.hand));
            prop_assert_eq!(best_hand(&h, &rules), slow.clone());
            if (2..=5).contains(&h.len()) {
                // A player plays them all: evaluate agrees, whatever alora-sum says.
                let e = hand::evaluate(&h, &rules);
                let s = Evaluator::for_players(&rules).best_of(&h).unwrap();
                prop_assert_eq!((s.category(), s.tier(), s.sum()), triple(&e));
            }
        }
    }

    /// The two parts of every rank key stay inside their fields of a `Hand` key: the
    /// column below 2^16 (so it never carries into the suit counters) and the row below
    /// 2^ROW_BITS (the top bits), and no two multisets share a (row, column).
    #[test]
    fn split_keys_fit_their_fields() {
        let mut seen = std::collections::HashSet::new();
        for (counts, jokers) in fastgen::rank_keys() {
            let low: u32 = (1..=13)
                .map(|r| u32::from(counts[r]) * (fastgen::RANK_MULT[r - 1] & 0xfff))
                .sum::<u32>()
                + jokers * (fastgen::JOKER_MULT & 0xfff);
            let key = fastgen::key_of(&counts, jokers);
            assert!(low < 1 << 16);
            assert_eq!(key & 0xffff, low);
            assert!(key >> ROW_SHIFT < 1 << ROW_BITS);
            assert!(seen.insert(key), "{counts:?} {jokers}");
        }
        // The same parts as a hand of those cards puts them.
        let h = Hand::from_cards(&cards("AS AH KD JK 7C 7S JK")).unwrap();
        let mut counts = [0u8; 14];
        for r in [1, 1, 13, 7, 7] {
            counts[r] += 1;
        }
        let key = u64::from(fastgen::key_of(&counts, 2));
        assert_eq!(h.key & 0xffff, key & 0xffff);
        assert_eq!(h.key >> ROW_POS, key >> ROW_SHIFT);
    }

    #[test]
    fn hand_constants_add_up() {
        let h = Hand::from_cards(&cards("AS KH JK 10D")).unwrap();
        assert_eq!((h.len(), h.face_value()), (4, 1 + 20 + 20 + 10));
        assert!(Hand::EMPTY.is_empty());
        assert_eq!(Hand::from_cards(&cards("AS 2S 3S 4S 5S 6S 7S 8S")), None);
    }
}
