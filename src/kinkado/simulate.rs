//! Whole solo games against ALORA with a virtual pack and a player policy, many at a
//! time: is ALORA too easy?
//!
//! Each game is the same fold over actions that a game at the table is
//! ([`super::game`]); a [`Bot`] answers the player's questions. Game `i` of a run with
//! seed `s` shuffles with a seed derived from `s` and `i`, so a run is the same whatever
//! the number of threads.

use serde::Serialize;

use super::Rules;
use super::advise::view;
use super::args::number_arg;
use super::error::PlayError;
use super::game::bot::{Bot, play_out_with};
use super::game::{Deck, Game, Phase, Setup};
use super::showdown::ALORA;
use crate::diag::{Problem, Source};
use crate::explain::Explain;
use crate::ruleset::Ruleset;
use crate::session::Session;

/// How the simulated player plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Policy {
    /// Sells one card a round, buys one blind card when there is room, always bets the
    /// round minimum, plays the best hand held.
    Cautious,
    /// Sells its three lowest cards, buys blind cards up to the hand limit (two at most),
    /// bets the most allowed with a tier 2 hand or better and $5 over the minimum
    /// otherwise, plays the best hand held.
    Greedy,
    /// Follows the advisor ([`super::advise`]) at every decision, weighing each move on
    /// [`ADVISOR_SAMPLES`] deals; ALORA's choices between equal cards as the greedy bot.
    Advisor,
}

/// Deals the advisor policy weighs each move on.
pub const ADVISOR_SAMPLES: u64 = 200;

impl Policy {
    pub fn bot(self) -> Bot {
        match self {
            Policy::Cautious => Bot {
                sells: 1,
                buys: true,
                extra_bet: 0,
                bold: false,
            },
            Policy::Greedy | Policy::Advisor => Bot {
                sells: 3,
                buys: true,
                extra_bet: 5,
                bold: true,
            },
        }
    }
}

/// One simulated game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameResult {
    pub player: u32,
    pub alora: u32,
    pub winners: Vec<String>,
    /// The round after which the final winner led alone to the end (null for a tie).
    pub deciding_round: Option<u32>,
}

/// A player name that cannot clash with ALORA's.
const PLAYER: &str = "you";

fn game_seed(seed: u64, i: u64) -> u64 {
    // SplitMix64 of the run's seed and the game's number.
    let mut z = seed ^ i.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays game `i` of a run.
pub fn play_one(rs: &Ruleset, policy: Policy, seed: u64, i: u64) -> Result<GameResult, PlayError> {
    let setup = Setup {
        players: vec![PLAYER.to_string()],
        alora: true,
        deck: Deck::Virtual {
            seed: game_seed(seed, i),
        },
    };
    let game = Game::start(&setup, rs)?;
    // The leader after each round: (round, sole leader or none).
    let mut leaders: Vec<Option<String>> = Vec::new();
    let mut seen_rounds = 0;
    let bot = policy.bot();
    let mut asked = 0u64;
    let answer = |g: &Game, q: &crate::session::Question| {
        asked += 1;
        let advised = (policy == Policy::Advisor)
            .then(|| view::answer(g, q, ADVISOR_SAMPLES, game_seed(seed ^ i, asked)))
            .flatten();
        advised.unwrap_or_else(|| bot.answer(g, q))
    };
    let (_, _, end) = play_out_with(game, answer, 100_000, |g| {
        if g.history.len() > seen_rounds {
            seen_rounds = g.history.len();
            let best = g.seats.iter().map(|s| s.stash).max().unwrap_or(0);
            let top: Vec<&str> = g
                .seats
                .iter()
                .filter(|s| s.stash == best)
                .map(|s| s.name.as_str())
                .collect();
            leaders.push((top.len() == 1).then(|| top[0].to_string()));
        }
    })?;
    if end.phase != Phase::Over {
        return Err(PlayError::Unfinished);
    }
    let winners = end.winners();
    let deciding_round = match winners.as_slice() {
        [w] => {
            let mut r = leaders.len();
            while r > 0 && leaders[r - 1].as_deref() == Some(w.as_str()) {
                r -= 1;
            }
            (r < leaders.len()).then_some(r as u32 + 1)
        }
        _ => None,
    };
    let money = |name: &str| {
        end.seats
            .iter()
            .find(|s| s.name == name)
            .map_or(0, |s| s.stash)
    };
    Ok(GameResult {
        player: money(PLAYER),
        alora: money(ALORA),
        winners,
        deciding_round,
    })
}

/// Mean, spread and a histogram of money at the end.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoneyStats {
    pub mean: f64,
    /// Standard deviation.
    pub spread: f64,
    pub min: u32,
    pub max: u32,
    /// Ten equal bins from min to max: (low, high, count).
    pub histogram: Vec<(u32, u32, u64)>,
}

impl MoneyStats {
    pub fn of(values: &[u32]) -> MoneyStats {
        let n = values.len().max(1) as f64;
        let mean = values.iter().map(|v| f64::from(*v)).sum::<f64>() / n;
        let var = values
            .iter()
            .map(|v| (f64::from(*v) - mean).powi(2))
            .sum::<f64>()
            / n;
        let min = values.iter().copied().min().unwrap_or(0);
        let max = values.iter().copied().max().unwrap_or(0);
        let width = ((max - min) / 10 + 1).max(1);
        let mut histogram: Vec<(u32, u32, u64)> = (0..10)
            .map(|b| (min + b * width, min + (b + 1) * width - 1, 0))
            .filter(|(lo, _, _)| *lo <= max)
            .collect();
        for v in values {
            let b = ((v - min) / width) as usize;
            if let Some(bin) = histogram.get_mut(b) {
                bin.2 += 1;
            }
        }
        MoneyStats {
            mean,
            spread: var.sqrt(),
            min,
            max,
            histogram,
        }
    }
}

/// What a run of games found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    pub games: u64,
    pub seed: u64,
    pub policy: Policy,
    /// Games ALORA won alone.
    pub alora_wins: u64,
    /// Games the player won alone.
    pub player_wins: u64,
    /// Games that ended level (ruling `game-tie`: shared, or ALORA's).
    pub ties: u64,
    pub alora_win_rate: f64,
    pub player_money: MoneyStats,
    pub alora_money: MoneyStats,
    /// For each round 1–9: in how many games the final winner took the lead for good
    /// after that round.
    pub deciding_rounds: Vec<u64>,
}

/// Plays `games` games on `threads` threads. `tick` is called after each game.
pub fn simulate(
    rs: &Ruleset,
    policy: Policy,
    games: u64,
    seed: u64,
    threads: usize,
    tick: &(dyn Fn() + Sync),
) -> Result<Report, PlayError> {
    let threads = threads.clamp(1, 64) as u64;
    let mut results: Vec<Option<Result<GameResult, PlayError>>> = vec![None; games as usize];
    std::thread::scope(|scope| {
        let chunks: Vec<_> = results
            .chunks_mut(((games / threads) + 1) as usize)
            .enumerate()
            .map(|(c, chunk)| {
                let start = c as u64 * ((games / threads) + 1);
                scope.spawn(move || {
                    for (k, slot) in chunk.iter_mut().enumerate() {
                        *slot = Some(play_one(rs, policy, seed, start + k as u64));
                        tick();
                    }
                })
            })
            .collect();
        for h in chunks {
            let _ = h.join();
        }
    });
    let mut all = Vec::with_capacity(results.len());
    for r in results {
        all.push(r.ok_or(PlayError::NotPlayed)??);
    }
    let (mut alora_wins, mut player_wins, mut ties) = (0, 0, 0);
    let mut deciding_rounds = vec![0u64; 9];
    for g in &all {
        match g.winners.as_slice() {
            [w] if w == ALORA => alora_wins += 1,
            [_] => player_wins += 1,
            _ => ties += 1,
        }
        if let Some(r) = g.deciding_round
            && let Some(slot) = deciding_rounds.get_mut(r as usize - 1)
        {
            *slot += 1;
        }
    }
    let player: Vec<u32> = all.iter().map(|g| g.player).collect();
    let alora: Vec<u32> = all.iter().map(|g| g.alora).collect();
    Ok(Report {
        games,
        seed,
        policy,
        alora_wins,
        player_wins,
        ties,
        alora_win_rate: alora_wins as f64 / games.max(1) as f64,
        player_money: MoneyStats::of(&player),
        alora_money: MoneyStats::of(&alora),
        deciding_rounds,
    })
}

/// The most games one run plays.
pub const MAX_GAMES: u64 = 10_000_000;

/// How many games to play, from argument `name`: 1 to [`MAX_GAMES`].
pub fn games_arg(name: &str, text: &str, problems: &mut Vec<Problem>) -> Option<u64> {
    let games = number_arg::<u64>(name, text, "a number of games", problems);
    if let Some(g) = games
        && !(1..=MAX_GAMES).contains(&g)
    {
        problems.push(
            Problem::new(format!("play between 1 and {MAX_GAMES} games, not {g}"))
                .at(&Source::new(name, text), 0..text.len()),
        );
    }
    games
}

/// The rules and rulings behind a simulation.
pub fn explain(rs: &Ruleset) -> Explain {
    let mut x = Explain::new();
    x.rule("Each game is a whole solo game against ALORA, played by the same rules engine as `kado kinkado play` with a virtual pack; ALORA plays by her rules.");
    x.ruled(
        if Rules::from_ruleset(rs).alora_ties_after_bets {
            "At each reveal a tie of tier and sum goes to the higher bet, and to ALORA when the bets are equal; at the end, equal money is settled by the ruling in force."
        } else {
            "At each reveal ALORA wins any tie of tier and sum, whatever the bets; at the end, equal money is settled by the ruling in force."
        },
        rs,
        &[
            "alora-ties",
            "game-tie",
            "alora-buy",
            "alora-face-up",
            "alora-sum",
        ],
    );
    x.rule("Game i of a run is shuffled from a seed derived from the run's seed and i, so a run does not depend on the number of threads.");
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rs() -> Ruleset {
        Ruleset::builtin("kinkado").unwrap()
    }

    #[test]
    fn reproducible_by_seed_whatever_the_threads() {
        let a = simulate(&rs(), Policy::Greedy, 12, 5, 1, &|| {}).unwrap();
        let b = simulate(&rs(), Policy::Greedy, 12, 5, 2, &|| {}).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.alora_wins + a.player_wins + a.ties, 12);
        let c = simulate(&rs(), Policy::Greedy, 12, 6, 1, &|| {}).unwrap();
        assert_ne!(a, c);
    }

    #[test]
    fn policies_differ() {
        let a = simulate(&rs(), Policy::Cautious, 8, 1, 1, &|| {}).unwrap();
        let b = simulate(&rs(), Policy::Greedy, 8, 1, 1, &|| {}).unwrap();
        assert_ne!(a.player_money, b.player_money);
    }

    #[test]
    fn the_advisor_plays_whole_games_repeatably() {
        let a = simulate(&rs(), Policy::Advisor, 2, 1, 1, &|| {}).unwrap();
        let b = simulate(&rs(), Policy::Advisor, 2, 1, 2, &|| {}).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.alora_wins + a.player_wins + a.ties, 2);
        let g = simulate(&rs(), Policy::Greedy, 2, 1, 1, &|| {}).unwrap();
        assert_ne!(a.player_money, g.player_money);
    }

    #[test]
    fn histogram_counts_every_game() {
        let m = MoneyStats::of(&[0, 5, 10, 100, 100]);
        assert_eq!(m.histogram.iter().map(|b| b.2).sum::<u64>(), 5);
        assert_eq!((m.min, m.max), (0, 100));
        assert!((m.mean - 43.0).abs() < 1e-9);
        let one = MoneyStats::of(&[7]);
        assert_eq!(one.histogram, vec![(7, 7, 1)]);
    }
}
