//! Words shared by every game's messages: counts that agree with their number.

/// A number of things, whatever integer type counts them.
pub trait Number: Copy {
    fn get(self) -> i64;
}

macro_rules! number {
    ($($t:ty),*) => {$(
        impl Number for $t {
            fn get(self) -> i64 {
                i64::try_from(self).unwrap_or(i64::MAX)
            }
        }
    )*};
}

number!(u8, u16, u32, u64, usize, i32, i64);

/// `n word`, with the plural in -s: "1 card", "3 cards", "0 cards".
pub fn count(n: impl Number, word: &str) -> String {
    let n = n.get();
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// `n one|many`, for irregular plurals: "1 penalty", "2 penalties".
pub fn count_of(n: impl Number, one: &str, many: &str) -> String {
    let n = n.get();
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// The -s a count takes after its noun: `format!("{n} card{}", s(n))`.
pub fn s(n: impl Number) -> &'static str {
    if n.get() == 1 { "" } else { "s" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_agree_with_their_number() {
        assert_eq!(count(1u32, "card"), "1 card");
        assert_eq!(count(0u32, "card"), "0 cards");
        assert_eq!(count(-2i64, "point"), "-2 points");
        assert_eq!(count_of(2u8, "penalty", "penalties"), "2 penalties");
        assert_eq!(format!("3 card{}", s(3u32)), "3 cards");
        assert_eq!(s(1u32), "");
    }
}
