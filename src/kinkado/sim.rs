//! Whole solo games against ALORA with a virtual pack and a player policy, many at a
//! time: is ALORA too easy?
//!
//! Each game is the same fold over actions that a game at the table is
//! ([`super::game`]); a [`Bot`] answers the player's questions. Game `i` of a run with
//! seed `s` shuffles with a seed derived from `s` and `i`, so a run is the same whatever
//! the number of threads.

use crate::kinkado::ruling;
use serde::Serialize;

use super::Rules;
use super::advise::view;
use super::args::number_arg;
use super::error::PlayError;
use super::game::bot::{Bot, play_out_with};
use super::game::{Deck, Game, Setup};
use super::round::Phase;
use super::showdown::ALORA;
use crate::diag::{Problem, Source};
use crate::explain::Explain;
use crate::ruleset::Ruleset;
use crate::session::Session;
use crate::stop::Stop;

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
        deck: Deck::shuffled(game_seed(seed, i)),
        private: false,
    };
    let game = Game::start(&setup, rs)?;
    // The leader after each round: (round, sole leader or none).
    let mut leaders: Vec<Option<String>> = Vec::new();
    let mut seen_rounds = 0;
    let bot = policy.bot();
    let mut asked = 0u64;
    let answer = |g: &Game, q: &crate::session::Question<super::game::Key>| {
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
        let mut counts = Counts::new();
        for v in values {
            *counts.entry(*v).or_insert(0) += 1;
        }
        MoneyStats::of_counts(&counts)
    }

    /// The same figures from how many games ended on each amount. Sums are exact
    /// integers, so the figures do not depend on the order the games finished in.
    pub fn of_counts(counts: &Counts) -> MoneyStats {
        let n: u128 = counts.values().map(|c| u128::from(*c)).sum();
        let sum: u128 = counts
            .iter()
            .map(|(v, c)| u128::from(*v) * u128::from(*c))
            .sum();
        let squares: u128 = counts
            .iter()
            .map(|(v, c)| u128::from(*v) * u128::from(*v) * u128::from(*c))
            .sum();
        let nf = n.max(1) as f64;
        let mean = sum as f64 / nf;
        // n·Σv² − (Σv)² is exact and never negative; divided by n² it is the variance.
        let var = n.saturating_mul(squares).saturating_sub(sum * sum) as f64 / (nf * nf);
        let min = counts.keys().next().copied().unwrap_or(0);
        let max = counts.keys().next_back().copied().unwrap_or(0);
        let width = ((max - min) / 10 + 1).max(1);
        let mut histogram: Vec<(u32, u32, u64)> = (0..10)
            .map(|b| (min + b * width, min + (b + 1) * width - 1, 0))
            .filter(|(lo, _, _)| *lo <= max)
            .collect();
        for (v, c) in counts {
            let b = ((v - min) / width) as usize;
            if let Some(bin) = histogram.get_mut(b) {
                bin.2 += c;
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

/// How many games ended on each amount of money.
pub type Counts = std::collections::BTreeMap<u32, u64>;

/// What the games of a run add up to so far: memory stays the same however many games
/// are played (one count per distinct amount of money).
#[derive(Clone, Debug, Default)]
struct Tally {
    alora_wins: u64,
    player_wins: u64,
    ties: u64,
    deciding_rounds: [u64; 9],
    player: Counts,
    alora: Counts,
    /// The first game (by number) that could not be played, and why.
    failed: Option<(u64, PlayError)>,
}

impl Tally {
    fn add(&mut self, i: u64, game: Result<GameResult, PlayError>) {
        let g = match game {
            Ok(g) => g,
            Err(e) => {
                if self.failed.as_ref().is_none_or(|(j, _)| i < *j) {
                    self.failed = Some((i, e));
                }
                return;
            }
        };
        match g.winners.as_slice() {
            [w] if w == ALORA => self.alora_wins += 1,
            [_] => self.player_wins += 1,
            _ => self.ties += 1,
        }
        if let Some(r) = g.deciding_round
            && let Some(slot) = self.deciding_rounds.get_mut((r as usize).wrapping_sub(1))
        {
            *slot += 1;
        }
        *self.player.entry(g.player).or_insert(0) += 1;
        *self.alora.entry(g.alora).or_insert(0) += 1;
    }

    fn merge(&mut self, other: Tally) {
        self.alora_wins += other.alora_wins;
        self.player_wins += other.player_wins;
        self.ties += other.ties;
        for (a, b) in self.deciding_rounds.iter_mut().zip(other.deciding_rounds) {
            *a += b;
        }
        for (mine, theirs) in [
            (&mut self.player, other.player),
            (&mut self.alora, other.alora),
        ] {
            for (v, c) in theirs {
                *mine.entry(v).or_insert(0) += c;
            }
        }
        if let Some((i, e)) = other.failed
            && self.failed.as_ref().is_none_or(|(j, _)| i < *j)
        {
            self.failed = Some((i, e));
        }
    }
}

/// What a run of games found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// The games played: those asked for, or fewer when the run was stopped.
    pub games: u64,
    /// The run was stopped (Ctrl-C) before it played every game asked for.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub stopped: bool,
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

/// Plays `games` games on `threads` threads, until `stop` is asked (the report then
/// holds the games played). `tick` is called after each game.
pub fn simulate(
    rs: &Ruleset,
    policy: Policy,
    games: u64,
    seed: u64,
    threads: usize,
    stop: Stop<'_>,
    tick: &(dyn Fn() + Sync),
) -> Result<Report, PlayError> {
    let threads = threads.clamp(1, 64);
    let parts = crate::par::chunks(games, 8 * threads as u64);
    let mut tally = Tally::default();
    let tallies = crate::par::map(parts.len(), threads, |k| {
        let played = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let mut mine = Tally::default();
            for i in parts[k].clone() {
                if stop.requested() {
                    break;
                }
                mine.add(i, play_one(rs, policy, seed, i));
                tick();
            }
            mine
        }));
        // A game only panics on a bug: the run then fails, whatever else was played.
        played.unwrap_or_else(|_| Tally {
            failed: Some((0, PlayError::NotPlayed)),
            ..Tally::default()
        })
    });
    for t in tallies {
        tally.merge(t);
    }
    if let Some((_, e)) = tally.failed {
        return Err(e);
    }
    let played = tally.alora_wins + tally.player_wins + tally.ties;
    Ok(Report {
        games: played,
        stopped: played < games,
        seed,
        policy,
        alora_wins: tally.alora_wins,
        player_wins: tally.player_wins,
        ties: tally.ties,
        alora_win_rate: tally.alora_wins as f64 / played.max(1) as f64,
        player_money: MoneyStats::of_counts(&tally.player),
        alora_money: MoneyStats::of_counts(&tally.alora),
        deciding_rounds: tally.deciding_rounds.to_vec(),
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

/// The rules and rulings behind a simulation: every ruling the simulated games read, each
/// of which can change the figures. Not the rulings they never read: `split` (one player
/// never shares a pot: a tie with ALORA is hers), `alora-seat` (two seats fit a pack
/// either way), nor `alora-last-room` while ALORA plays all her cards at the reveal (each
/// refresh fills her hand and she sells two before she buys, so she always has room for
/// two).
pub fn explain(rs: &Ruleset) -> Explain {
    use ruling::Id;
    let rules = Rules::from_ruleset(rs);
    let mut x = Explain::new();
    x.rule("The games are played under the rulings below; each can change the figures.");
    x.rule("Each game is a whole solo game against ALORA, played by the same rules engine as `kado kinkado play` with a virtual pack; ALORA plays by her rules.");
    x.by(rules.ruled.solo_first, |c| match c {
        ruling::SoloFirst::Dealer => "The deal passes between you and ALORA each round, and each phase starts with the dealer.",
        ruling::SoloFirst::Player => "You take the first turn of every phase, whoever deals.",
    });
    x.by(rules.ruled.sell_turns, |c| match c {
        ruling::SellTurns::WholeTurn => "Each seat sells all the cards it sells in one turn.",
        ruling::SellTurns::OneAtATime => "The sell phase goes round the table one card a turn.",
    });
    x.by(rules.ruled.buy_sources, |c| match c {
        ruling::BuySources::Mixed => "A purchase may take market cards and blind cards together.",
        ruling::BuySources::OneSource => "A purchase takes market cards or blind cards, not both.",
    });
    x.ruled(
        "Hands rank by tier, then by the sum of the cards played; a joker is wild.",
        rs,
        &[Id::JokerSum, Id::JokerDuplicates, Id::AceStraights],
    );
    let mut alora = vec![Id::AloraBuy, Id::AloraFaceUp, Id::AloraSum, Id::AloraCards];
    match rules.ruled.alora_cards {
        // The cards she keeps can leave her room for one card only when she buys.
        ruling::AloraCards::KeepsRest => alora.push(Id::AloraLastRoom),
        ruling::AloraCards::AllPlayed => {}
    }
    x.ruled(
        format!("ALORA sells her two lowest cards, buys the highest market card worth {} or more when she can, bets the higher of her best face-up card and the round minimum, and plays the best hand of all her cards.", crate::render::money(i64::from(rules.alora_buy_minimum))),
        rs,
        &alora,
    );
    x.ruled(
        match rules.ruled.alora_ties {
            ruling::AloraTies::AfterBets => "At each reveal a tie of tier and sum goes to the higher bet, and to ALORA when the bets are equal; at the end, equal money is settled by the ruling in force.",
            ruling::AloraTies::OnSum => "At each reveal ALORA wins any tie of tier and sum, whatever the bets; at the end, equal money is settled by the ruling in force.",
        },
        rs,
        &[Id::AloraTies, Id::GameTie],
    );
    x.by(rules.ruled.bank_bet, |c| match c {
        ruling::BankBet::InThePot => "A bet the bank places for ALORA goes into the pot.",
        ruling::BankBet::BackToBank => {
            "A bet the bank places for ALORA goes back to the bank at the reveal."
        }
    });
    x.rule("Game i of a run is shuffled from a seed derived from the run's seed and i, so a run does not depend on the number of threads.");
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rs() -> Ruleset {
        Ruleset::builtin("kinkado").unwrap()
    }

    /// The rulings an explanation names.
    fn named(x: &Explain) -> Vec<String> {
        x.ruling_ids()
    }

    #[test]
    fn explain_names_every_ruling_the_games_read() {
        let all = [
            "ace-straights",
            "alora-buy",
            "alora-cards",
            "alora-face-up",
            "alora-sum",
            "alora-ties",
            "bank-bet",
            "buy-sources",
            "game-tie",
            "joker-duplicates",
            "joker-sum",
            "sell-turns",
            "solo-first",
        ];
        assert_eq!(named(&explain(&rs())), all);
        // Cards ALORA keeps can leave her room for one card only at her purchase.
        let keeps = rs().with(ruling::AloraCards::KeepsRest).unwrap();
        let mut with_last_room = all.to_vec();
        with_last_room.insert(4, "alora-last-room");
        assert_eq!(named(&explain(&keeps)), with_last_room);
        let x = explain(&rs());
        assert!(
            x.0[0]
                .rule
                .starts_with("The games are played under the rulings below")
        );
    }

    #[test]
    fn reproducible_by_seed_whatever_the_threads() {
        let a = simulate(&rs(), Policy::Greedy, 12, 5, 1, Stop::NEVER, &|| {}).unwrap();
        let b = simulate(&rs(), Policy::Greedy, 12, 5, 2, Stop::NEVER, &|| {}).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.alora_wins + a.player_wins + a.ties, 12);
        let c = simulate(&rs(), Policy::Greedy, 12, 6, 1, Stop::NEVER, &|| {}).unwrap();
        assert_ne!(a, c);
    }

    #[test]
    fn policies_differ() {
        let a = simulate(&rs(), Policy::Cautious, 8, 1, 1, Stop::NEVER, &|| {}).unwrap();
        let b = simulate(&rs(), Policy::Greedy, 8, 1, 1, Stop::NEVER, &|| {}).unwrap();
        assert_ne!(a.player_money, b.player_money);
    }

    #[test]
    fn the_advisor_plays_whole_games_repeatably() {
        let a = simulate(&rs(), Policy::Advisor, 2, 1, 1, Stop::NEVER, &|| {}).unwrap();
        let b = simulate(&rs(), Policy::Advisor, 2, 1, 2, Stop::NEVER, &|| {}).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.alora_wins + a.player_wins + a.ties, 2);
        let g = simulate(&rs(), Policy::Greedy, 2, 1, 1, Stop::NEVER, &|| {}).unwrap();
        assert_ne!(a.player_money, g.player_money);
    }

    #[test]
    fn simulate_memory_grew_with_games() {
        // A run keeps one count per amount of money, not one result per game.
        let mut t = Tally::default();
        for i in 0..100_000u64 {
            let g = GameResult {
                player: (i % 7) as u32,
                alora: 40,
                winners: vec![ALORA.to_string()],
                deciding_round: Some(9),
            };
            t.add(i, Ok(g));
        }
        assert_eq!((t.player.len(), t.alora.len()), (7, 1));
        assert_eq!((t.alora_wins, t.deciding_rounds[8]), (100_000, 100_000));
        let stats = MoneyStats::of_counts(&t.player);
        // Worked by hand: 14,285 whole cycles of 0..7 and then 0..5, so the sum is
        // 14,285 × 21 + 10 = 299,995; the spread is checked against the plain formula.
        assert_eq!(stats.mean, 2.99995);
        let values: Vec<f64> = (0..100_000u32).map(|i| f64::from(i % 7)).collect();
        let var = values.iter().map(|v| (v - 2.99995).powi(2)).sum::<f64>() / 100_000.0;
        assert!((stats.spread - var.sqrt()).abs() < 1e-9, "{}", stats.spread);
        assert_eq!((stats.min, stats.max, stats.histogram.len()), (0, 6, 7));
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
    /// The table of policies in docs/TOUR.md (Kin Kādo, advice), 2,000 games each; the
    /// table was the README's, and the test keeps its name for `.ci/run`. Greedy's row is
    /// played whole and must be exact. The advisor's 2,000 games took three minutes of CI:
    /// its row is checked against the first 250 of them (the games of a seed are the same
    /// however many are played): each figure must lie within three standard errors of theirs.
    /// It runs with the library's other unit tests (about 19 s at the test profile's
    /// opt-level 1), beside them on the other cores.
    #[test]
    fn readme_table_of_policies_is_true() {
        let tour = include_str!("../../docs/TOUR.md");
        let r = simulate(&rs(), Policy::Greedy, 2000, 1, 2, Stop::NEVER, &|| {}).unwrap();
        let pct = |n: u64| format!("{:.1}% ({n})", 100.0 * n as f64 / 2000.0);
        let row = format!(
            "| greedy | {} | {} | {} | ${:.1} | ${:.1} |",
            pct(r.player_wins),
            pct(r.alora_wins),
            pct(r.ties),
            r.player_money.mean,
            r.alora_money.mean
        );
        assert!(
            tour.contains(&format!("{row}\n")),
            "docs/TOUR.md lacks {row}"
        );
        let line = tour
            .lines()
            .find(|l| l.starts_with("| advisor | "))
            .expect("the tour's advisor row");
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let count = |cell: &str| -> f64 {
            let n = cell.split('(').nth(1).and_then(|c| c.strip_suffix(')'));
            n.and_then(|n| n.parse().ok()).expect("a count in brackets")
        };
        let money = |cell: &str| -> f64 { cell.trim_start_matches('$').parse().expect("money") };
        let n = 250;
        let r = simulate(&rs(), Policy::Advisor, n, 1, 2, Stop::NEVER, &|| {}).unwrap();
        let n = n as f64;
        let near_rate = |shown: f64, wins: u64| {
            let p = shown / 2000.0;
            let se = (p * (1.0 - p) / n).sqrt() + 1.0 / n;
            (wins as f64 / n - p).abs() <= 3.0 * se
        };
        assert!(near_rate(count(cells[2]), r.player_wins), "{line}: {r:?}");
        assert!(near_rate(count(cells[3]), r.alora_wins), "{line}: {r:?}");
        let near_money =
            |shown: f64, m: &MoneyStats| (m.mean - shown).abs() <= 3.0 * m.spread / n.sqrt() + 0.1;
        assert!(
            near_money(money(cells[5]), &r.player_money),
            "{line}: {r:?}"
        );
        assert!(near_money(money(cells[6]), &r.alora_money), "{line}: {r:?}");
    }
}
