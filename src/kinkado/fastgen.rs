//! How the fast evaluator's tables are made. This file has no dependencies: `build.rs`
//! includes it to write the tables at build time, and the library's tests include it to
//! check the pieces.
//!
//! The best hand of up to 7 cards (2 to 5 of them played, jokers wild) is the better of:
//! - the best hand ignoring suits, a function of how many cards of each rank are held and
//!   how many jokers: looked up through an additive rank key and a perfect hash;
//! - when one suit (with the jokers) has five cards, the best flush or straight flush, a
//!   function of that suit's ranks and the number of jokers: looked up directly.
//!
//! A value is `tier << 12 | sum << 4 | category`, so comparing values compares tier, then
//! sum, then category, as ALORA's choice does. Each entry also records the smallest
//! "joker deficit" among the best choices: what the jokers played fall short of $20 each
//! under `joker-sum: as-chosen` (needed for `alora-sum: all-cards`).

// Some items are only used by one of the two includers.
#![allow(dead_code)]

/// Additive keys of the ranks, ace to king: the sum over at most 7 cards (and at most 2
/// jokers, below) is different for every different multiset of ranks. Ace to jack are
/// the smallest such keys, found greedily; queen and king each exceed the largest sum of
/// the ranks below them, which makes the sums unique by construction. `build.rs` checks
/// uniqueness again.
pub const RANK_MULT: [u32; 13] = [
    3, 15, 70, 326, 1461, 6315, 21420, 72554, 177462, 497737, 1219598, 6371604, 29145211,
];
/// A joker's additive key.
pub const JOKER_MULT: u32 = 1;

/// Rulings that change the tables; the index of a table set is `combo`.
pub const COMBOS: usize = 8;

/// The table set for the rulings: bit 0 `joker-sum: as-chosen`, bit 1
/// `joker-duplicates: forbidden`, bit 2 `ace-straights: low-only`.
pub fn combo(face_value: bool, duplicates: bool, ace_high: bool) -> usize {
    usize::from(!face_value) | usize::from(!duplicates) << 1 | usize::from(!ace_high) << 2
}

/// The rulings of a table set: (face value, duplicates allowed, ace high).
pub fn rulings(combo: usize) -> (bool, bool, bool) {
    (combo & 1 == 0, combo & 2 == 0, combo & 4 == 0)
}

/// Categories, lowest first (as `hand::Category`).
pub const HIGH_CARD: u8 = 0;
pub const ONE_PAIR: u8 = 1;
pub const TWO_PAIR: u8 = 2;
pub const THREE_OF_A_KIND: u8 = 3;
pub const STRAIGHT: u8 = 4;
pub const FLUSH: u8 = 5;
pub const FULL_HOUSE: u8 = 6;
pub const FOUR_OF_A_KIND: u8 = 7;
pub const STRAIGHT_FLUSH: u8 = 8;

pub fn tier(category: u8) -> u8 {
    category / 3 + 1
}

pub fn encode(category: u8, sum: u32) -> u16 {
    (u16::from(tier(category)) << 12) | ((sum as u16) << 4) | u16::from(category)
}

/// What a rank (1 = ace … 13 = king) is worth.
pub fn rank_value(rank: usize) -> u32 {
    match rank {
        11 => 10,
        12 => 15,
        13 => 20,
        r => r as u32,
    }
}

/// A joker's face value.
pub const JOKER_VALUE: u32 = 20;

/// The category of `n` cards (1 to 5) with these rank counts (index 1..=13), as
/// `hand::classify` decides it.
pub fn classify(counts: &[u8; 14], n: u32, flush: bool, ace_high: bool) -> u8 {
    let mut distinct = 0;
    let mut max = 0;
    let mut pairs = 0;
    let mut lo = 0;
    let mut hi = 0;
    for (r, &c) in counts.iter().enumerate().skip(1) {
        if c > 0 {
            distinct += 1;
            if lo == 0 {
                lo = r;
            }
            hi = r;
        }
        max = max.max(c);
        if c >= 2 {
            pairs += 1;
        }
    }
    let flush = n == 5 && flush;
    let straight = n == 5
        && distinct == 5
        && (hi - lo == 4 || (ace_high && counts[1] == 1 && (10..=13).all(|r| counts[r] == 1)));
    if straight && flush {
        STRAIGHT_FLUSH
    } else if max >= 4 {
        FOUR_OF_A_KIND
    } else if n == 5 && max == 3 && pairs == 2 {
        FULL_HOUSE
    } else if flush {
        FLUSH
    } else if straight {
        STRAIGHT
    } else if max == 3 {
        THREE_OF_A_KIND
    } else if pairs >= 2 {
        TWO_PAIR
    } else if pairs == 1 {
        ONE_PAIR
    } else {
        HIGH_CARD
    }
}

/// The best (value, joker deficit) under one set of rulings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Best {
    pub value: u16,
    pub deficit: u8,
}

impl Best {
    fn offer(&mut self, value: u16, deficit: u8) {
        if value > self.value || (value == self.value && deficit < self.deficit) {
            *self = Best { value, deficit };
        }
    }
}

/// Every way of choosing `take` cards from `counts` (index 1..=13), as rank counts.
fn sub_multisets(counts: &[u8; 14], take: u32, f: &mut dyn FnMut(&[u8; 14])) {
    fn go(
        counts: &[u8; 14],
        r: usize,
        left: u32,
        cur: &mut [u8; 14],
        f: &mut dyn FnMut(&[u8; 14]),
    ) {
        if left == 0 {
            f(cur);
            return;
        }
        if r > 13 {
            return;
        }
        let most = u32::from(counts[r]).min(left);
        for k in (0..=most).rev() {
            cur[r] = k as u8;
            go(counts, r + 1, left - k, cur, f);
        }
        cur[r] = 0;
    }
    let mut cur = [0u8; 14];
    go(counts, 1, take, &mut cur, f);
}

/// The ranks jokers may stand for: none, one rank, or two (in order, a ≤ b).
fn joker_choices(k: u32) -> Vec<Vec<usize>> {
    match k {
        0 => vec![vec![]],
        1 => (1..=13).map(|a| vec![a]).collect(),
        _ => (1..=13)
            .flat_map(|a| (a..=13).map(move |b| vec![a, b]))
            .collect(),
    }
}

/// The best hand, ignoring suits, from cards with these rank counts (index 1..=13) and
/// `jokers` jokers, under each set of rulings. Only 5 cards (or all, when fewer) are ever
/// worth playing: one more card raises the sum and never lowers the tier.
pub fn rank_entry(counts: &[u8; 14], jokers: u32) -> [Best; COMBOS] {
    let plain: u32 = counts.iter().map(|&c| u32::from(c)).sum();
    let played = (plain + jokers).min(5);
    let mut best = [Best::default(); COMBOS];
    if played == 0 {
        for b in &mut best {
            b.value = encode(HIGH_CARD, 0);
        }
        return best;
    }
    for k in 0..=jokers.min(played) {
        if played - k > plain {
            continue;
        }
        let choices = joker_choices(k);
        sub_multisets(counts, played - k, &mut |sub| {
            let psum: u32 = (1..=13).map(|r| u32::from(sub[r]) * rank_value(r)).sum();
            for subs in &choices {
                let mut all = *sub;
                let mut chosen = 0;
                for &r in subs {
                    all[r] += 1;
                    chosen += rank_value(r);
                }
                // Forbidden duplicates: each joker is a card of its rank not in the hand.
                let distinct_ok = subs.iter().all(|&r| all[r] <= 4);
                let deficit = (JOKER_VALUE * k - chosen) as u8;
                for ace_high in [true, false] {
                    let cat = classify(&all, played, false, ace_high);
                    for face in [true, false] {
                        let sum = if face {
                            psum + JOKER_VALUE * k
                        } else {
                            psum + chosen
                        };
                        let d = if face { 0 } else { deficit };
                        for dup in [true, false] {
                            if !dup && !distinct_ok {
                                continue;
                            }
                            best[combo(face, dup, ace_high)].offer(encode(cat, sum), d);
                        }
                    }
                }
            }
        });
    }
    best
}

/// The best flush or straight flush from one suit's ranks (`mask`, bit r-1 for rank r)
/// and `jokers` jokers, under each set of rulings; value 0 when there is none.
pub fn flush_entry(mask: u16, jokers: u32) -> [Best; COMBOS] {
    let mut best = [Best::default(); COMBOS];
    let ranks: Vec<usize> = (1..=13).filter(|r| mask & (1 << (r - 1)) != 0).collect();
    let n = ranks.len() as u32;
    if n + jokers < 5 {
        return best;
    }
    for k in 0..=jokers.min(5) {
        if 5 - k > n {
            continue;
        }
        let choices = joker_choices(k);
        for_each_subset(&ranks, (5 - k) as usize, &mut |sub| {
            let mut counts = [0u8; 14];
            let mut psum = 0;
            for &r in sub {
                counts[r] += 1;
                psum += rank_value(r);
            }
            for subs in &choices {
                let mut all = counts;
                let mut chosen = 0;
                for &r in subs {
                    all[r] += 1;
                    chosen += rank_value(r);
                }
                // Forbidden duplicates: the jokers are cards of the suit not played.
                let distinct_ok = subs.iter().all(|&r| all[r] == 1);
                let deficit = (JOKER_VALUE * k - chosen) as u8;
                for ace_high in [true, false] {
                    let cat = classify(&all, 5, true, ace_high);
                    for face in [true, false] {
                        let sum = if face {
                            psum + JOKER_VALUE * k
                        } else {
                            psum + chosen
                        };
                        let d = if face { 0 } else { deficit };
                        for dup in [true, false] {
                            if !dup && !distinct_ok {
                                continue;
                            }
                            best[combo(face, dup, ace_high)].offer(encode(cat, sum), d);
                        }
                    }
                }
            }
        });
    }
    best
}

fn for_each_subset(items: &[usize], k: usize, f: &mut dyn FnMut(&[usize])) {
    fn go(
        items: &[usize],
        start: usize,
        k: usize,
        cur: &mut Vec<usize>,
        f: &mut dyn FnMut(&[usize]),
    ) {
        if cur.len() == k {
            f(cur);
            return;
        }
        for i in start..items.len() {
            if items.len() - i < k - cur.len() {
                break;
            }
            cur.push(items[i]);
            go(items, i + 1, k, cur, f);
            cur.pop();
        }
    }
    go(items, 0, k, &mut Vec::with_capacity(k), f);
}

/// Every hand the rank table covers: rank counts (index 1..=13) and jokers, at most 7
/// cards, at most 4 of a rank and 2 jokers.
pub fn rank_keys() -> Vec<([u8; 14], u32)> {
    fn go(r: usize, left: u32, cur: &mut [u8; 14], jokers: u32, out: &mut Vec<([u8; 14], u32)>) {
        if r > 13 {
            out.push((*cur, jokers));
            return;
        }
        for c in 0..=left.min(4) {
            cur[r] = c as u8;
            go(r + 1, left - c, cur, jokers, out);
        }
        cur[r] = 0;
    }
    let mut out = Vec::new();
    for jokers in 0..=2 {
        go(1, 7 - jokers, &mut [0u8; 14], jokers, &mut out);
    }
    out
}

/// The additive key of rank counts and jokers.
pub fn key_of(counts: &[u8; 14], jokers: u32) -> u32 {
    (1..=13)
        .map(|r| u32::from(counts[r]) * RANK_MULT[r - 1])
        .sum::<u32>()
        + jokers * JOKER_MULT
}

/// The perfect hash ("hash and displace"): a 64-bit multiply spreads the key; its top
/// `BUCKET_BITS` pick a bucket and the next `SLOT_BITS` a position, and the bucket's
/// displacement (XOR) moves its keys to free slots.
pub const BUCKET_BITS: u32 = 14;
pub const SLOT_BITS: u32 = 17;

/// Multipliers tried in turn until one separates the keys of every bucket.
pub const MULTIPLIERS: [u64; 4] = [
    0x9E37_79B9_7F4A_7C15,
    0xC2B2_AE3D_27D4_EB4F,
    0x1656_67B1_9E37_79F9,
    0xD6E8_FEB8_6659_FD93,
];

/// (bucket, position) of a key.
pub fn spread(key: u32, mul: u64) -> (usize, usize) {
    let h = u64::from(key).wrapping_mul(mul);
    (
        (h >> (64 - BUCKET_BITS)) as usize,
        ((h >> (64 - BUCKET_BITS - SLOT_BITS)) as usize) & ((1 << SLOT_BITS) - 1),
    )
}

/// Builds the hash: the multiplier and each bucket's displacement (below 2^16), such that
/// `position ^ displacement` differs for every key. None if no multiplier works.
pub fn perfect_hash(keys: &[u32]) -> Option<(u64, Vec<u16>)> {
    'mul: for mul in MULTIPLIERS {
        let mut buckets: Vec<Vec<usize>> = vec![Vec::new(); 1 << BUCKET_BITS];
        for &k in keys {
            let (b, p) = spread(k, mul);
            if buckets[b].contains(&p) {
                continue 'mul;
            }
            buckets[b].push(p);
        }
        let mut order: Vec<usize> = (0..buckets.len()).collect();
        order.sort_by_key(|&b| std::cmp::Reverse(buckets[b].len()));
        let mut used = vec![false; 1 << SLOT_BITS];
        let mut disp = vec![0u16; buckets.len()];
        for b in order {
            let ps = &buckets[b];
            if ps.is_empty() {
                break;
            }
            let Some(d) = (0..=u16::MAX).find(|&d| ps.iter().all(|&p| !used[p ^ usize::from(d)]))
            else {
                continue 'mul;
            };
            for &p in ps {
                used[p ^ usize::from(d)] = true;
            }
            disp[b] = d;
        }
        return Some((mul, disp));
    }
    None
}

/// The slot of a key.
pub fn slot(mul: u64, disp: &[u16], key: u32) -> usize {
    let (b, p) = spread(key, mul);
    p ^ usize::from(disp[b])
}
