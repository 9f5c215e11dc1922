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

/// Additive keys of the ranks, ace to king: the sum over at most 7 cards (at most 4 of a
/// rank, at most 2 jokers) is different for every different multiset of ranks and jokers.
/// These are OMPEval's rank multipliers (Henrik Ljungqvist's evaluator, which the `pokers`
/// crate ports), chosen there so that the keys of 0 to 7 cards crowd below 2^25 and leave
/// few empty rows for the row displacement below; ace takes OMPEval's ace and two to king
/// its two to king. `build.rs` checks that the keys are unique.
pub const RANK_MULT: [u32; 13] = [
    4801683, 8192, 32769, 69632, 237568, 593920, 1531909, 3563520, 4300819, 4685870, 4690024,
    4767972, 4780561,
];
/// A joker's additive key: the smallest that keeps the keys of 7 plain cards, 6 plain cards
/// and a joker, and 5 plain cards and two jokers apart (found by a search over every
/// smaller value; `build.rs` checks it). The largest key is 41,957,813, below 2^26.
pub const JOKER_MULT: u32 = 8_985_260;

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
            offer_with_jokers(&mut best, sub, played, false, &choices);
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
            for &r in sub {
                counts[r] += 1;
            }
            offer_with_jokers(&mut best, &counts, 5, true, &choices);
        });
    }
    best
}

/// Offers to `best`, under each set of rulings, the hands made of the plain cards `plain`
/// (rank counts) and one joker for each rank of a choice in `choices` (all choices have
/// the same length: the jokers played). `flush`: the cards are of one suit, so a joker may
/// not repeat a rank played when duplicates are forbidden; otherwise it may not make a
/// fifth card of a rank.
fn offer_with_jokers(
    best: &mut [Best; COMBOS],
    plain: &[u8; 14],
    played: u32,
    flush: bool,
    choices: &[Vec<usize>],
) {
    let psum: u32 = (1..=13).map(|r| u32::from(plain[r]) * rank_value(r)).sum();
    let limit = if flush { 1 } else { 4 };
    for subs in choices {
        let k = subs.len() as u32;
        let mut all = *plain;
        let mut chosen = 0;
        for &r in subs {
            all[r] += 1;
            chosen += rank_value(r);
        }
        // Forbidden duplicates: each joker is a card of its rank not among those played
        // (and, for a flush, of the suit).
        let distinct_ok = subs.iter().all(|&r| all[r] <= limit);
        let deficit = (JOKER_VALUE * k - chosen) as u8;
        for ace_high in [true, false] {
            let cat = classify(&all, played, flush, ace_high);
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

/// A multiplier split for the table's two coordinates: its high part (`mult >> 12`) in
/// bits 16 and up, its low 12 bits below. Sums of split multipliers never carry from one
/// part into the other (7 low parts stay below 2^16), and since `high · 4096 + low` gives
/// back the plain sum, different multisets still get different split keys.
pub const fn split(mult: u32) -> u32 {
    (mult >> 12) << 16 | (mult & 0xfff)
}

/// The additive key of rank counts and jokers, split (see [`split`]).
pub fn key_of(counts: &[u8; 14], jokers: u32) -> u32 {
    (1..=13)
        .map(|r| u32::from(counts[r]) * split(RANK_MULT[r - 1]))
        .sum::<u32>()
        + jokers * split(JOKER_MULT)
}

/// The rank table's index is found by row displacement, as OMPEval does it, over the two
/// parts of a split key: the sum of the multipliers' high parts picks a row, and the row's
/// place in the table plus the sum of their low parts give the index. Rows are placed,
/// densest first, at the first place where all their keys land on free entries, so the
/// rows interleave in a table little larger than the number of keys. Places are multiples
/// of [`ROW_ALIGN`], so a row's place over the alignment fits a u16 and the offset table
/// stays in L1. The evaluator reads the row as the top bits of its 64-bit key and the
/// column as its low 16 bits, so no index needs a mask to stay in its table.
pub const ROW_SHIFT: u32 = 16;
/// Rows in the offset table: every sum of 7 high parts is below 2^14.
pub const ROW_BITS: u32 = 14;
/// Rows start at multiples of this.
pub const ROW_ALIGN: usize = 4;
/// Entries in each rank table: every u16 place times [`ROW_ALIGN`] plus any column.
pub const TABLE_LEN: usize = ROW_ALIGN * (1 << 16) + (1 << ROW_SHIFT);

/// The index of a split key: its column plus its row's place.
pub fn index(places: &[u16], key: u32) -> usize {
    let row = ((key >> ROW_SHIFT) as usize) & ((1 << ROW_BITS) - 1);
    (key as usize & ((1 << ROW_SHIFT) - 1)) + ROW_ALIGN * places[row] as usize
}

/// Each row's place (over [`ROW_ALIGN`]) such that every key has its own index; None when
/// the keys do not fit (a key too large, or a table too small).
pub fn row_displacement(keys: &[u32]) -> Option<Vec<u16>> {
    let width = 1usize << ROW_SHIFT;
    let mut rows: Vec<Vec<usize>> = vec![Vec::new(); 1 << ROW_BITS];
    for &k in keys {
        let row = (k >> ROW_SHIFT) as usize;
        rows.get_mut(row)?.push(k as usize & (width - 1));
    }
    let mut order: Vec<usize> = (0..rows.len()).filter(|&r| !rows[r].is_empty()).collect();
    order.sort_by_key(|&r| (std::cmp::Reverse(rows[r].len()), r));
    let size = TABLE_LEN;
    let mut used = vec![false; size + width];
    // `next[i]`: a hint towards the first free entry at or after `i` (union-find with path
    // halving), so the search skips over the filled front of the table quickly.
    let mut next: Vec<usize> = (0..=size + width).collect();
    fn free_from(next: &mut [usize], mut i: usize) -> usize {
        while next[i] != i {
            next[i] = next[next[i]];
            i = next[i];
        }
        i
    }
    let mut places = vec![0u16; rows.len()];
    for r in order {
        let cols = &mut rows[r];
        cols.sort_unstable();
        let (low, high) = (cols[0], cols[cols.len() - 1]);
        // The row's lowest key must land on a free entry: try only those.
        let mut at = free_from(&mut next, low);
        let place = loop {
            let start = at - low;
            if start / ROW_ALIGN > usize::from(u16::MAX) || start + high >= size {
                return None;
            }
            if start.is_multiple_of(ROW_ALIGN) && cols.iter().all(|&c| !used[start + c]) {
                break start;
            }
            at = free_from(&mut next, at + 1);
        };
        for &c in cols.iter() {
            used[place + c] = true;
            next[place + c] = place + c + 1;
        }
        places[r] = (place / ROW_ALIGN) as u16;
    }
    Some(places)
}
