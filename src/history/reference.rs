//! The records of `stats` as they were first drawn, every player's games gathered then
//! counted: slow, and plainly what the records mean. The tests hold the records added up
//! as the games are read (`tally.rs`) to them.

use std::collections::BTreeMap;

use super::report::{GameStats, StatsReport};
use super::{Played, PlayerStats, SeatOutcome, Versus, ratio};

/// `stats` of `games` (oldest first): the records of `player` (else of everyone who
/// played) in each game, by game in the order they first appear.
pub fn stats_report(games: Vec<Played>, player: Option<&str>) -> StatsReport {
    let count = games.len();
    let kinds = by_game(games);
    let mut out = Vec::new();
    for (game, played) in &kinds {
        let names = match player {
            Some(p) => vec![p.to_string()],
            None => players(played),
        };
        let seated = games_by_player(played);
        out.extend(names.iter().map(|n| {
            let theirs = seated.get(&crate::seat::folded(n));
            GameStats {
                game: game.clone(),
                stats: player_stats(n, theirs.into_iter().flatten().copied()),
            }
        }));
    }
    StatsReport {
        games: count,
        players: out,
    }
}

/// The records of `player` over `games` (oldest first), counting finished games only.
pub fn player_stats<'a>(player: &str, games: impl IntoIterator<Item = &'a Played>) -> PlayerStats {
    let mine: Vec<(&Played, &SeatOutcome)> = games
        .into_iter()
        .filter(|p| p.outcome.finished)
        .filter_map(|p| Some((p, seat_of(p, player)?)))
        .collect();
    let n = mine.len() as u32;
    let wins = mine.iter().filter(|(_, s)| s.won).count() as u32;
    let mut streak = (0, 0);
    for (_, s) in &mine {
        streak.0 = if s.won { streak.0 + 1 } else { 0 };
        streak.1 = streak.1.max(streak.0);
    }
    let scores: Vec<i64> = mine.iter().map(|(_, s)| s.score).collect();
    PlayerStats {
        player: player.to_string(),
        games: n,
        wins,
        win_rate: ratio(wins, n),
        against: against(player, &mine),
        average_score: if n == 0 {
            0.0
        } else {
            scores.iter().sum::<i64>() as f64 / f64::from(n)
        },
        best_score: scores.iter().copied().max(),
        longest_streak: streak.1,
        favourite_hand: favourite_hand(player, &mine),
        kings_exposed: kings(&mine),
        yaku: yaku_counts(player, &mine),
        average_triad: average_triad(player, &mine),
        runs: runs(player, &mine),
        pokino_wins: pokino_wins(player, &mine),
    }
}

fn seat_of<'a>(p: &'a Played, player: &str) -> Option<&'a SeatOutcome> {
    p.outcome
        .seats
        .iter()
        .find(|s| crate::seat::same_name(&s.name, player))
}

fn against(player: &str, mine: &[(&Played, &SeatOutcome)]) -> BTreeMap<String, Versus> {
    let mut out: BTreeMap<String, Versus> = BTreeMap::new();
    for (p, me) in mine {
        for other in p.outcome.seats.iter() {
            if crate::seat::same_name(&other.name, player) {
                continue;
            }
            let v = out.entry(other.name.clone()).or_default();
            v.games += 1;
            v.wins += u32::from(me.won && !other.won);
        }
    }
    out
}

fn favourite_hand(player: &str, mine: &[(&Played, &SeatOutcome)]) -> Option<(String, u32)> {
    let mut count: BTreeMap<&str, u32> = BTreeMap::new();
    for (p, _) in mine {
        for (who, hand) in &p.outcome.facts.winning_hands {
            if crate::seat::same_name(who, player) {
                *count.entry(hand).or_default() += 1;
            }
        }
    }
    let best = count
        .iter()
        .max_by_key(|(hand, n)| (**n, std::cmp::Reverse(**hand)))?;
    Some((best.0.to_string(), *best.1))
}

fn kings(mine: &[(&Played, &SeatOutcome)]) -> Option<(u32, u32)> {
    let k: Vec<u32> = mine
        .iter()
        .filter_map(|(p, _)| p.outcome.facts.kings_exposed)
        .collect();
    (!k.is_empty()).then(|| (k.iter().sum(), k.iter().copied().max().unwrap_or(0)))
}

fn yaku_counts(player: &str, mine: &[(&Played, &SeatOutcome)]) -> BTreeMap<String, u32> {
    let mut out = BTreeMap::new();
    for (p, _) in mine {
        for (who, y) in &p.outcome.facts.yaku {
            if crate::seat::same_name(who, player) {
                *out.entry(y.clone()).or_default() += 1;
            }
        }
    }
    out
}

fn average_triad(player: &str, mine: &[(&Played, &SeatOutcome)]) -> Option<f64> {
    let t: Vec<i64> = mine
        .iter()
        .flat_map(|(p, _)| &p.outcome.facts.triads)
        .filter(|(who, _)| crate::seat::same_name(who, player))
        .map(|(_, s)| *s)
        .collect();
    (!t.is_empty()).then(|| t.iter().sum::<i64>() as f64 / t.len() as f64)
}

fn runs(player: &str, mine: &[(&Played, &SeatOutcome)]) -> Option<i64> {
    let r: Vec<i64> = mine
        .iter()
        .flat_map(|(p, _)| &p.outcome.facts.runs)
        .filter(|(who, _)| crate::seat::same_name(who, player))
        .map(|(_, n)| *n)
        .collect();
    (!r.is_empty()).then(|| r.iter().sum())
}

fn pokino_wins(player: &str, mine: &[(&Played, &SeatOutcome)]) -> Option<u32> {
    let pokino_games = mine
        .iter()
        .filter(|(p, _)| p.game == "pokino")
        .collect::<Vec<_>>();
    (!pokino_games.is_empty()).then(|| {
        pokino_games
            .iter()
            .filter(|(p, _)| {
                p.outcome
                    .facts
                    .pokino
                    .as_deref()
                    .is_some_and(|w| crate::seat::same_name(w, player))
            })
            .count() as u32
    })
}

/// Every player (kado's seats left out) of `games`, most games first.
pub fn players(games: &[Played]) -> Vec<String> {
    let mut count: BTreeMap<String, u32> = BTreeMap::new();
    for p in games {
        for s in p.outcome.seats.iter().filter(|s| !s.kado) {
            *count.entry(s.name.clone()).or_default() += 1;
        }
    }
    let mut v: Vec<(String, u32)> = count.into_iter().collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    v.into_iter().map(|(n, _)| n).collect()
}

/// The games each player sat in, by name in lower case (as a player is matched): one
/// pass over the games, so that the stats of every player are not a pass each.
pub fn games_by_player(games: &[Played]) -> std::collections::HashMap<String, Vec<&Played>> {
    let mut out: std::collections::HashMap<String, Vec<&Played>> = std::collections::HashMap::new();
    for p in games {
        for n in super::seat_names(&p.outcome) {
            out.entry(n).or_default().push(p);
        }
    }
    out
}

/// The games by kind (`kinkado`, `kinga`, …), in the order kinds first appear: stats
/// and charts are per game, since each counts its score in its own unit (dollars, kings,
/// points, pips). The games are moved, not copied: a history is held once.
pub fn by_game(games: Vec<Played>) -> Vec<(String, Vec<Played>)> {
    let mut out: Vec<(String, Vec<Played>)> = Vec::new();
    for p in games {
        match out.iter_mut().find(|(g, _)| *g == p.game) {
            Some((_, list)) => list.push(p),
            None => out.push((p.game.clone(), vec![p])),
        }
    }
    out
}

/// The win rate after each finished game of `player` (oldest first), for the chart.
pub fn win_rate_over_time(player: &str, games: &[Played]) -> Vec<f64> {
    let mut wins = 0u32;
    let mut n = 0u32;
    let mut out = Vec::new();
    for p in games.iter().filter(|p| p.outcome.finished) {
        if let Some(s) = seat_of(p, player) {
            n += 1;
            wins += u32::from(s.won);
            out.push(ratio(wins, n));
        }
    }
    out
}

/// The final scores of `player`, for the distribution chart.
pub fn final_scores(player: &str, games: &[Played]) -> Vec<i64> {
    games
        .iter()
        .filter(|p| p.outcome.finished)
        .filter_map(|p| Some(seat_of(p, player)?.score))
        .collect()
}
