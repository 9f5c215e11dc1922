//! The one parallel map: a simulation's games, a census's first cards and an advisor's
//! play-outs shared over the cores by a work-stealing pool. The results come back in the
//! order of their items, so a seeded run gives the same answer whatever the threads.

use rayon::prelude::*;

/// The threads a run uses when none are asked for: every core.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

/// `f(0)`, …, `f(n - 1)` on up to `threads` threads, in order. A thread the machine
/// leaves waiting holds up no other: the pool hands the items left to the threads free.
/// One thread, or fewer than two items, runs them here in turn.
pub fn map<R: Send>(n: usize, threads: usize, f: impl Fn(usize) -> R + Sync) -> Vec<R> {
    if threads <= 1 || n < 2 {
        return (0..n).map(f).collect();
    }
    let run = || (0..n).into_par_iter().map(&f).collect();
    if rayon::current_num_threads() == threads {
        return run();
    }
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(run),
        // No threads to be had: the items in turn, as on one thread.
        Err(_) => (0..n).map(&f).collect(),
    }
}

/// `items` split into `parts` ranges of nearly equal length, in order (fewer when there
/// are fewer items): the chunks a long run of games is shared out in, so that the
/// results held number the chunks, not the games.
pub fn chunks(items: u64, parts: u64) -> Vec<std::ops::Range<u64>> {
    let parts = parts.clamp(1, items.max(1));
    let (size, extra) = (items / parts, items % parts);
    let mut start = 0;
    (0..parts)
        .map(|k| {
            let len = size + u64::from(k < extra);
            let r = start..start + len;
            start += len;
            r
        })
        .filter(|r| !r.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_results_come_in_order_whatever_the_threads() {
        let want: Vec<usize> = (0..100).map(|i| i * i).collect();
        for threads in [1, 2, 3, 8] {
            assert_eq!(map(100, threads, |i| i * i), want);
        }
        assert!(map(0, 4, |i| i).is_empty());
    }

    #[test]
    fn chunks_cover_the_items_once_in_order() {
        for (items, parts) in [(10, 3), (2, 8), (0, 4), (7, 1), (100, 100)] {
            let c = chunks(items, parts);
            let all: Vec<u64> = c.iter().flat_map(Clone::clone).collect();
            assert_eq!(all, (0..items).collect::<Vec<_>>());
            assert!(c.len() as u64 <= parts.max(1));
        }
    }
}
