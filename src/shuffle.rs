//! The randomness of virtual decks: kado's shuffles and the deals Monte Carlo odds draw.
//!
//! A saved virtual game records its seed and the cards that were dealt; resuming it deals
//! again from the seed and refuses the file when the cards differ ("recorded deal does not
//! match"). So the cards a seed deals must never change: not with a new kado, and not with
//! a new version of a random-number library. Everything that turns a seed into cards is
//! therefore written down here, and only a published cipher comes from outside:
//!
//! 1. **Seed expansion.** The `u64` seed becomes a 32-byte key: eight outputs of PCG32
//!    (the state is first advanced, `state × 0x5851F42D4C957F2D + 0xA17654E46FBE17F3`
//!    wrapping, then the XSH RR output `((s >> 18) ^ s) >> 27` rotated right by `s >> 59`),
//!    each written little-endian, one after the other.
//! 2. **Generator: ChaCha12.** The ChaCha stream cipher (D. J. Bernstein, 2008) with 12
//!    rounds, keyed with those 32 bytes, a zero nonce and a block counter starting at 0.
//!    The random numbers are the keystream's 32-bit little-endian words, in order. This is
//!    `chacha20::ChaCha12Rng`, the one piece taken from a crate; the test vectors of
//!    draft-strombergson-chacha-test-vectors-01 pin it below.
//! 3. **A number below `n`** (Canon's method): with the next word `x`, take the high and
//!    low halves of the 64-bit product `x × n`. When the low half is greater than
//!    `2³² − n`, the next word `y` is drawn too and the result is one more when the low
//!    half plus the high half of `y × n` overflows 32 bits.
//! 4. **The shuffle** (Fisher–Yates, Durstenfeld's form, from the front): for each
//!    position `i` from 0 up, swap it with a position drawn from `0..=i`. Position 0 draws
//!    nothing; the later ones are drawn several at a time, one number below
//!    `(m)(m+1)…(m+k−1)` (`m = i + 1`, `k` as large as the product fits in 32 bits)
//!    read as mixed-radix digits, least significant first (the last digit is the quotient
//!    left over). Slices of 0 or 1 items draw nothing.
//!
//! These four steps are exactly what `rand` 0.10.3 did with `StdRng::seed_from_u64`,
//! `SliceRandom::shuffle` and `random_range` (which kado used until then), so games saved
//! before are dealt the same; a test compares them while `rand` is around.

use std::ops::Range;

use chacha20::ChaCha12Rng;
use chacha20::rand_core::{Rng, SeedableRng};

/// A seeded source of deck randomness (ChaCha12; see the module documentation).
pub struct Shuffler {
    rng: ChaCha12Rng,
}

impl Shuffler {
    /// The generator for a seed: the seed expanded to a ChaCha12 key.
    pub fn new(seed: u64) -> Shuffler {
        Shuffler {
            rng: ChaCha12Rng::from_seed(expand(seed)),
        }
    }

    /// The next 32-bit word of the keystream.
    fn word(&mut self) -> u32 {
        self.rng.next_u32()
    }

    /// A number in `0..n` (Canon's method; `n` > 0).
    fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0, "a number below 0");
        let (mut hi, lo) = wide_mul(self.word(), n);
        if lo > n.wrapping_neg() {
            let (next_hi, _) = wide_mul(self.word(), n);
            if lo.checked_add(next_hi).is_none() {
                hi += 1;
            }
        }
        hi
    }

    /// A position in `range` (not empty; its end no more than `u32::MAX`).
    pub fn index(&mut self, range: Range<usize>) -> usize {
        assert!(range.start < range.end, "an index in an empty range");
        let end = u32::try_from(range.end).expect("an index below 2³²");
        // `start < end`, so it fits too.
        let start = range.start as u32;
        (start + self.below(end - start)) as usize
    }

    /// Shuffles `items` in place (fewer than `u32::MAX` of them).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        if items.len() <= 1 {
            return;
        }
        assert!(items.len() < u32::MAX as usize, "too many items to shuffle");
        // Digits still to read from `chunk`; position 0 needs none.
        let mut left: u8 = 1;
        let mut chunk: u32 = 0;
        for i in 0..items.len() {
            // The position drawn is in 0..m.
            let m = i as u32 + 1;
            left = match left.checked_sub(1) {
                Some(l) => l,
                None => {
                    let (bound, digits) = chunk_bound(m);
                    chunk = self.below(bound);
                    digits - 1
                }
            };
            let j = if left == 0 {
                chunk
            } else {
                let d = chunk % m;
                chunk /= m;
                d
            };
            items.swap(i, j as usize);
        }
    }
}

/// Shuffles `items` in place with a fresh generator for `seed`.
pub fn shuffle<T>(items: &mut [T], seed: u64) {
    Shuffler::new(seed).shuffle(items);
}

/// The ChaCha12 key for a seed: eight PCG32 outputs, little-endian.
fn expand(mut state: u64) -> [u8; 32] {
    const MUL: u64 = 0x5851_F42D_4C95_7F2D;
    const INC: u64 = 0xA176_54E4_6FBE_17F3;
    let mut key = [0u8; 32];
    for word in key.chunks_exact_mut(4) {
        state = state.wrapping_mul(MUL).wrapping_add(INC);
        let xorshifted = (((state >> 18) ^ state) >> 27) as u32;
        let x = xorshifted.rotate_right((state >> 59) as u32);
        word.copy_from_slice(&x.to_le_bytes());
    }
    key
}

/// The high and low halves of the 64-bit product.
fn wide_mul(a: u32, b: u32) -> (u32, u32) {
    let p = u64::from(a) * u64::from(b);
    ((p >> 32) as u32, p as u32)
}

/// `(m)(m+1)…(m+k−1)` for the largest `k` whose product fits in 32 bits, and `k`.
fn chunk_bound(m: u32) -> (u32, u8) {
    let mut product = m;
    let mut next = m + 1;
    while let Some(p) = product.checked_mul(next) {
        product = p;
        next += 1;
    }
    (product, (next - m) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::RngExt;
    use rand::rngs::StdRng;
    use rand::seq::SliceRandom;

    /// Seeds for the comparisons: small ones, bit patterns and the extremes.
    fn seeds() -> impl Iterator<Item = u64> {
        (0..200u64)
            .chain((0..64).map(|b| 1u64 << b))
            .chain((0..64).map(|b| u64::MAX >> b))
            .chain([0x9E37_79B9_7F4A_7C15, 0xDEAD_BEEF, 1_000_000_007])
    }

    #[test]
    fn chacha12_keystream_matches_the_published_test_vector() {
        // draft-strombergson-chacha-test-vectors-01, TC1: all-zero key and IV, 12
        // rounds, 256-bit key; the first 32 keystream bytes as little-endian words.
        let mut s = Shuffler {
            rng: ChaCha12Rng::from_seed([0; 32]),
        };
        let words: Vec<u32> = (0..8).map(|_| s.word()).collect();
        assert_eq!(
            words,
            [
                0x6a9a_f49b,
                0x53f9_5507,
                0x12ce_1f81,
                0xd583_265f,
                0xbbc3_2904,
                0x1474_e049,
                0xa589_007e,
                0x5f15_ae2e
            ]
        );
    }

    #[test]
    fn seed_expansion_is_rands_seed_from_u64() {
        for seed in seeds() {
            let mut ours = Shuffler::new(seed);
            let mut theirs = StdRng::seed_from_u64(seed);
            for _ in 0..40 {
                assert_eq!(ours.word(), theirs.next_u32(), "seed {seed}");
            }
        }
    }

    #[test]
    fn shuffle_is_rands_shuffle_for_every_length_to_60() {
        for seed in seeds() {
            for len in 0..=60usize {
                let mut ours: Vec<usize> = (0..len).collect();
                let mut theirs = ours.clone();
                let mut a = Shuffler::new(seed);
                let mut b = StdRng::seed_from_u64(seed);
                a.shuffle(&mut ours);
                theirs.shuffle(&mut b);
                assert_eq!(ours, theirs, "seed {seed}, {len} items");
                // Both drew the same number of words.
                assert_eq!(a.word(), b.next_u32(), "seed {seed}, {len} items");
            }
        }
    }

    #[test]
    fn repeated_shuffles_on_one_generator_are_rands() {
        // The Monte Carlo and the games reuse a generator: the draws must stay in step.
        for seed in seeds().take(60) {
            let mut a = Shuffler::new(seed);
            let mut b = StdRng::seed_from_u64(seed);
            for len in [52usize, 10, 2, 1, 0, 17, 54] {
                let mut ours: Vec<usize> = (0..len).collect();
                let mut theirs = ours.clone();
                a.shuffle(&mut ours);
                theirs.shuffle(&mut b);
                assert_eq!(ours, theirs, "seed {seed}, {len} items");
            }
        }
    }

    #[test]
    fn index_is_rands_random_range() {
        for seed in seeds() {
            let mut a = Shuffler::new(seed);
            let mut b = StdRng::seed_from_u64(seed);
            for n in 1..=60usize {
                for start in [0, n / 2, n - 1] {
                    assert_eq!(
                        a.index(start..n),
                        b.random_range(start..n),
                        "seed {seed}, {start}..{n}"
                    );
                }
            }
            // Large ranges, where the second word is needed more often.
            for end in [u32::MAX as usize, 3_000_000_000, 1 << 31, 4_294_967_291] {
                assert_eq!(a.index(0..end), b.random_range(0..end), "seed {seed}");
                assert_eq!(a.index(7..end), b.random_range(7..end), "seed {seed}");
            }
        }
    }

    #[test]
    fn chunk_bounds() {
        // 1·2·…·12 = 479001600 fits; ·13 does not.
        assert_eq!(chunk_bound(1), (479_001_600, 12));
        assert_eq!(chunk_bound(2), (479_001_600, 11));
        assert_eq!(chunk_bound(52), (52 * 53 * 54 * 55 * 56, 5));
        assert_eq!(chunk_bound(70_000), (70_000, 1));
    }

    #[test]
    fn a_shuffle_is_a_permutation() {
        let mut v: Vec<u32> = (0..52).collect();
        shuffle(&mut v, 42);
        assert_ne!(v, (0..52).collect::<Vec<_>>());
        v.sort_unstable();
        assert_eq!(v, (0..52).collect::<Vec<_>>());
    }
}
