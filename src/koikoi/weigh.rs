//! kado's own Koi-Koi policy: at its turn, the greedy eye's two best plays (or the two
//! captures of a drawn card) weighed against each other on the same deals of the cards it
//! cannot see, and koi-koi weighed against the points in hand, each by the chance to win
//! the game the round's outcome leaves ([`sample::game_value`]).
//!
//! The deals come in batches. After each, the difference between the two answers, deal by
//! deal, says whether more deals could still change the choice: once its 95 % interval
//! leaves zero, or shrinks to within a point of the chance to win, the weighing stops
//! ([`Effort::Sequential`]). Most choices are clear after a batch or two; the close ones
//! get the whole budget, as every choice did before ([`Effort::Full`]).

use super::record::{Call, Move};
use super::referee::{Phase, Referee};
use super::sample::{self, Dice, game_value};

/// Deals kado's own policy weighs a play on, at most (its turn as an opponent, `simulate`).
/// Twice the 48 it once weighed, with [`KOI_SAMPLES`] four times 64, won 1.3 points more of
/// 4,000 games against greedy (BENCHMARKS.md).
pub const KADO_SAMPLES: usize = 96;

/// Play-outs kado's own policy weighs koi-koi on, at most.
pub const KOI_SAMPLES: usize = 256;

/// The plays kado weighs at its own turn: the greedy eye's best two. Weighing every play
/// did worse in trials (55 % of games against greedy where two did 64 %): the greedy
/// play-outs misjudge plays far from greedy ones.
const KADO_CANDIDATES: usize = 2;

/// Deals per batch at a play, and play-outs per batch at a koi-koi call.
const PLAY_BATCH: usize = 16;
const KOI_BATCH: usize = 32;

/// The width, in standard errors, of the interval that must leave zero to stop (95 %,
/// near enough: 2 where 1.96 would do).
const Z: f64 = 2.0;

/// A difference in the chance to win the game too small to weigh further: its interval
/// inside ± this, the choice hardly matters.
const CLOSE: f64 = 0.01;

/// How much of its budget kado spends on a choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Effort {
    /// Every deal of the budget, whatever they show.
    Full,
    /// Batch by batch, until the answer is clear (see [`Paired::settled`]).
    Sequential,
}

/// The differences between two answers (or an answer and a sure value), deal by deal: their
/// count, sum and sum of squares.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Paired {
    n: usize,
    sum: f64,
    squares: f64,
}

impl Paired {
    pub(super) fn push(&mut self, x: f64) {
        self.n += 1;
        self.sum += x;
        self.squares += x * x;
    }

    /// Whether more deals would hardly change the choice: the mean difference's interval
    /// (`Z` standard errors each side) leaves zero, or lies within ±[`CLOSE`].
    pub(super) fn settled(&self) -> bool {
        if self.n < 2 {
            return false;
        }
        let n = self.n as f64;
        let mean = self.sum / n;
        let variance = ((self.squares - self.sum * mean) / (n - 1.0)).max(0.0);
        let half = Z * (variance / n).sqrt();
        mean.abs() > half || half < CLOSE
    }
}

/// The move kado's own policy makes among `moves` (all of the player to move, whose card
/// or draw it is): of the greedy eye's [`KADO_CANDIDATES`] best, the one with the best
/// chance to win the game over deals of the hidden cards (the same deals judge each, up to
/// [`KADO_SAMPLES`], fewer when `effort` allows); among equals, the greedy choice.
pub(super) fn advised_move(
    r: &Referee,
    moves: &[Move],
    dice: &mut Dice,
    effort: Effort,
) -> Option<Move> {
    let mut seen = std::collections::BTreeSet::new();
    let once = moves.iter().copied().filter(|m| seen.insert(m.to_string()));
    let ranked = sample::greedy_best(r, once, KADO_CANDIDATES);
    let [(_, first), (_, second)] = ranked.as_slice() else {
        return ranked.first().map(|(_, m)| *m);
    };
    let p = r.round.to_move;
    // At a draw the card being drawn is seen: it is none of the hidden ones.
    let drawn = (r.phase == Phase::Draw).then_some(first.card);
    let hidden = sample::unseen(r, p, drawn);
    let (a, b) = (
        super::playout::Mv::of(first),
        super::playout::Mv::of(second),
    );
    let (mut wa, mut wb) = (0.0, 0.0);
    let mut diff = Paired::default();
    while diff.n < KADO_SAMPLES {
        let n = batch(effort, PLAY_BATCH, KADO_SAMPLES - diff.n);
        for d in sample::deal_unseen(r, p, &hidden, n, dice) {
            let va = game_value(r, p, d.round.after(p, a, &d.stock));
            let vb = game_value(r, p, d.round.after(p, b, &d.stock));
            wa += va;
            wb += vb;
            diff.push(vb - va);
        }
        if effort == Effort::Sequential && diff.settled() {
            break;
        }
    }
    Some(if wb > wa { *second } else { *first })
}

/// Koi-koi or stop for the player to move in `r`, who may call koi-koi: koi-koi when going
/// on, over play-outs of the hidden cards (up to [`KOI_SAMPLES`], fewer when `effort`
/// allows), gives a better chance to win the game than stopping with the points in hand.
pub(super) fn advised_call(r: &Referee, dice: &mut Dice, effort: Effort) -> Call {
    let p = r.round.to_move;
    let now = game_value(r, p, r.score_of(p).total);
    let hidden = sample::unseen(r, p, None);
    let mut sum = 0.0;
    let mut diff = Paired::default();
    while diff.n < KOI_SAMPLES {
        let n = batch(effort, KOI_BATCH, KOI_SAMPLES - diff.n);
        for d in sample::deal_unseen(r, p, &hidden, n, dice) {
            let v = game_value(r, p, d.round.rollout(p, &d.stock));
            sum += v;
            diff.push(v - now);
        }
        if effort == Effort::Sequential && diff.settled() {
            break;
        }
    }
    // Go on when the chance to win the game is better for it.
    if sum > now * diff.n as f64 {
        Call::Koi
    } else {
        Call::Stop
    }
}

/// The deals to weigh next: a batch, or all that are `left` of the budget at full effort.
fn batch(effort: Effort, size: usize, left: usize) -> usize {
    match effort {
        Effort::Full => left,
        Effort::Sequential => size.min(left),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::koikoi::sim::{Policy, choose_play, deal_from, shuffled};
    use crate::ruleset::Ruleset;

    /// The first deal of `seed`, `ana` to play; `None` when the deal ends the round.
    fn first_deal(seed: u64) -> Option<Referee> {
        let rs = Ruleset::builtin("koikoi").ok()?;
        let d = deal_from(&shuffled(seed, 1));
        let players = ["ana".to_string(), "kado".to_string()];
        let mut r = Referee::new(&players, &rs).ok()?;
        r.hand(0, &d.hands[0]).ok()?;
        r.hand(1, &d.hands[1]).ok()?;
        r.table(&d.table).ok()?.is_none().then_some(r)
    }

    /// Stopping early mostly makes the choice the whole budget makes (the close calls may
    /// go either way), and a seed always makes the same one.
    #[test]
    fn an_early_stop_mostly_chooses_as_the_whole_budget_does() {
        let (mut same, mut all) = (0, 0);
        for seed in 0..40 {
            let Some(r) = first_deal(seed) else { continue };
            let pick = |p: Policy| choose_play(&r, p, &mut Dice::new(seed), true);
            let quick = pick(Policy::Kado);
            assert_eq!(quick, pick(Policy::Kado), "seed {seed}");
            all += 1;
            same += usize::from(quick == pick(Policy::KadoFull));
        }
        assert!(all >= 30 && same * 10 >= all * 7, "{same} of {all}");
    }

    fn paired(xs: &[f64]) -> Paired {
        let mut p = Paired::default();
        for x in xs {
            p.push(*x);
        }
        p
    }

    #[test]
    fn a_clear_difference_settles_a_noisy_one_does_not() {
        assert!(!paired(&[]).settled());
        assert!(!paired(&[0.3]).settled());
        // Always the same way, by a clear amount.
        assert!(paired(&[0.1, 0.12, 0.08, 0.11, 0.09, 0.1]).settled());
        assert!(paired(&[-0.1, -0.12, -0.08, -0.11, -0.09, -0.1]).settled());
        // Either way, by much: more deals are needed.
        assert!(!paired(&[0.3, -0.3, 0.2, -0.25, 0.31, -0.2]).settled());
        // The same outcome on every deal: nothing left to learn.
        assert!(paired(&[0.0; 16]).settled());
        // Within a hair of each other.
        assert!(paired(&[0.001, -0.001, 0.0, 0.001, -0.001, 0.0, 0.001, -0.001]).settled());
    }

    /// The interval by hand: 16 differences alternating 0.1 either side of their mean have
    /// a standard deviation of 0.1 · √(16/15) = 0.103, so a half width of 2 · 0.103 / 4 =
    /// 0.052: a mean of 0.05 leaves zero inside it, 0.075 does not.
    #[test]
    fn the_interval_worked_by_hand() {
        let around = |mean: f64| -> Vec<f64> {
            (0..16)
                .map(|i| mean + if i % 2 == 0 { 0.1 } else { -0.1 })
                .collect()
        };
        assert!(!paired(&around(0.05)).settled());
        assert!(paired(&around(0.075)).settled());
    }
}
