//! `stats` added up as the games are read: each game is folded into the records of the
//! players who sat in it, and none is kept once counted, so that the records of every
//! player of every game are one pass over the history, whatever the number of players.

use std::cmp::Reverse;
use std::collections::{BTreeMap, HashMap};

use super::report::{GameStats, StatsReport};
use super::{Outcome, PlayerStats, SeatOutcome, Versus};

/// The records being added up, game by game (oldest first).
#[derive(Debug, Default)]
pub struct Tally {
    /// The one player asked for (`stats --player`), else every player.
    player: Option<String>,
    /// The games counted, finished or stopped.
    games: usize,
    /// Each game (`kinkado`, `kinga`, …) in the order it first appears.
    kinds: Vec<Kind>,
    /// Where each game is in `kinds`.
    index: HashMap<String, usize>,
}

/// The records of one game.
#[derive(Debug, Default)]
struct Kind {
    game: String,
    /// Each player (kado's seats left out) as they are spelt, and their seats: the order
    /// of the table.
    seats: HashMap<String, u32>,
    /// The records by name in lower case (as a player is matched).
    records: HashMap<String, Record>,
    /// The one player asked for: won and final score of each finished game, for the charts.
    mine: Vec<(bool, i64)>,
}

/// One player's records in one game, as the games come.
#[derive(Clone, Debug, Default)]
struct Record {
    games: u32,
    wins: u32,
    streak: u32,
    longest_streak: u32,
    score_sum: i64,
    best_score: Option<i64>,
    against: BTreeMap<String, Versus>,
    hands: BTreeMap<String, u32>,
    kings_exposed: Option<(u32, u32)>,
    yaku: BTreeMap<String, u32>,
    triads: (i64, u32),
    runs: Option<i64>,
    pokino_wins: Option<u32>,
}

impl Tally {
    /// The records of `player` (else of everyone who played).
    pub fn new(player: Option<&str>) -> Tally {
        Tally {
            player: player.map(str::to_string),
            ..Tally::default()
        }
    }

    /// Counts one game of `game` (games come oldest first).
    pub fn add(&mut self, game: &str, outcome: &Outcome) {
        self.games += 1;
        let at = match self.index.get(game) {
            Some(at) => *at,
            None => {
                self.index.insert(game.to_string(), self.kinds.len());
                self.kinds.push(Kind {
                    game: game.to_string(),
                    ..Kind::default()
                });
                self.kinds.len() - 1
            }
        };
        let kind = &mut self.kinds[at];
        match &self.player {
            Some(p) => kind.add_one(p, game, outcome),
            None => kind.add_everyone(game, outcome),
        }
    }

    /// The games in the order they first appeared.
    pub fn games(&self) -> impl Iterator<Item = &str> {
        self.kinds.iter().map(|k| k.game.as_str())
    }

    /// The one player's won and final score of each finished game of `game`.
    pub fn mine(&self, game: &str) -> &[(bool, i64)] {
        let kind = self.index.get(game).and_then(|at| self.kinds.get(*at));
        kind.map_or(&[], |k| &k.mine)
    }

    /// The records: of the player asked for, else of every player, most games first.
    /// They are taken out of the tally (what [`Tally::mine`] gives stays), so that no
    /// player's records are held twice.
    pub fn report(&mut self) -> StatsReport {
        let mut players = Vec::new();
        for kind in &mut self.kinds {
            let names = match &self.player {
                Some(p) => vec![p.clone()],
                None => kind.names(),
            };
            kind.seats = HashMap::new();
            // A name spelt two ways has one record: copied for all but its last spelling.
            let mut spellings: HashMap<String, usize> = HashMap::new();
            for n in &names {
                *spellings.entry(crate::seat::folded(n)).or_default() += 1;
            }
            players.extend(names.into_iter().map(|n| {
                let key = crate::seat::folded(&n);
                let left = spellings.get_mut(&key).map_or(0, |c| {
                    *c -= 1;
                    *c
                });
                let record = if left == 0 {
                    kind.records.remove(&key)
                } else {
                    kind.records.get(&key).cloned()
                };
                GameStats {
                    game: kind.game.clone(),
                    stats: record.unwrap_or_default().stats(n),
                }
            }));
            kind.records = HashMap::new();
        }
        StatsReport {
            games: self.games,
            players,
        }
    }
}

impl Kind {
    fn add_everyone(&mut self, game: &str, outcome: &Outcome) {
        for s in outcome.seats.iter().filter(|s| !s.kado) {
            *self.seats.entry(s.name.clone()).or_default() += 1;
        }
        if !outcome.finished {
            return;
        }
        for n in super::seat_names(outcome) {
            let record = self.records.entry(n.clone()).or_default();
            record.add(&n, game, outcome);
        }
    }

    fn add_one(&mut self, player: &str, game: &str, outcome: &Outcome) {
        if !outcome.finished {
            return;
        }
        let record = self.records.entry(crate::seat::folded(player)).or_default();
        if let Some(me) = record.add(player, game, outcome) {
            self.mine.push((me.won, me.score));
        }
    }

    /// Every player (kado's seats left out), most seats first, then by name.
    fn names(&self) -> Vec<String> {
        let mut v: Vec<(&String, u32)> = self.seats.iter().map(|(n, c)| (n, *c)).collect();
        v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        v.into_iter().map(|(n, _)| n.clone()).collect()
    }
}

impl Record {
    /// Folds in one finished game of the player named (in any case) `player`, if they sat
    /// in it (their first seat); `None` when they did not.
    fn add<'o>(
        &mut self,
        player: &str,
        game: &str,
        outcome: &'o Outcome,
    ) -> Option<&'o SeatOutcome> {
        let me = outcome
            .seats
            .iter()
            .find(|s| crate::seat::same_name(&s.name, player))?;
        self.count(player, me, game, outcome);
        Some(me)
    }

    fn count(&mut self, player: &str, me: &SeatOutcome, game: &str, outcome: &Outcome) {
        let is_me = |who: &str| crate::seat::same_name(who, player);
        self.games += 1;
        self.wins += u32::from(me.won);
        self.streak = if me.won { self.streak + 1 } else { 0 };
        self.longest_streak = self.longest_streak.max(self.streak);
        self.score_sum = self.score_sum.wrapping_add(me.score);
        self.best_score = Some(self.best_score.map_or(me.score, |b| b.max(me.score)));
        for other in outcome.seats.iter().filter(|s| !is_me(&s.name)) {
            let v = self.against.entry(other.name.clone()).or_default();
            v.games += 1;
            v.wins += u32::from(me.won && !other.won);
        }
        let facts = &outcome.facts;
        for (_, hand) in facts.winning_hands.iter().filter(|(w, _)| is_me(w)) {
            *self.hands.entry(hand.clone()).or_default() += 1;
        }
        if let Some(k) = facts.kings_exposed {
            let (sum, best) = self.kings_exposed.unwrap_or((0, 0));
            self.kings_exposed = Some((sum.wrapping_add(k), best.max(k)));
        }
        for (_, y) in facts.yaku.iter().filter(|(w, _)| is_me(w)) {
            *self.yaku.entry(y.clone()).or_default() += 1;
        }
        for (_, t) in facts.triads.iter().filter(|(w, _)| is_me(w)) {
            self.triads = (self.triads.0.wrapping_add(*t), self.triads.1 + 1);
        }
        for (_, r) in facts.runs.iter().filter(|(w, _)| is_me(w)) {
            self.runs = Some(self.runs.unwrap_or(0).wrapping_add(*r));
        }
        if game == "pokino" {
            let won = facts.pokino.as_deref().is_some_and(is_me);
            self.pokino_wins = Some(self.pokino_wins.unwrap_or(0) + u32::from(won));
        }
    }

    /// The records of `player` as `stats` gives them.
    fn stats(self, player: String) -> PlayerStats {
        let n = self.games;
        let favourite_hand = self
            .hands
            .iter()
            .max_by_key(|(hand, n)| (**n, Reverse(hand.as_str())))
            .map(|(hand, n)| (hand.clone(), *n));
        PlayerStats {
            player,
            games: n,
            wins: self.wins,
            win_rate: super::ratio(self.wins, n),
            against: self.against,
            average_score: if n == 0 {
                0.0
            } else {
                self.score_sum as f64 / f64::from(n)
            },
            best_score: self.best_score,
            longest_streak: self.longest_streak,
            favourite_hand,
            kings_exposed: self.kings_exposed,
            yaku: self.yaku,
            average_triad: (self.triads.1 > 0)
                .then(|| self.triads.0 as f64 / f64::from(self.triads.1)),
            runs: self.runs,
            pokino_wins: self.pokino_wins,
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::super::{Facts, Played, final_scores, reference, win_rate_over_time};
    use super::*;

    /// A few names, spelt in two cases, so that players meet, sit twice and tie.
    const NAMES: [&str; 6] = ["ana", "Ana", "bo", "ALORA", "cy", "alora"];
    const GAMES: [&str; 3] = ["kinkado", "pokino", "koikoi"];
    const WORDS: [&str; 3] = ["flush", "pair", "tane"];

    fn seat() -> impl Strategy<Value = SeatOutcome> {
        (0..NAMES.len(), -5i64..50, any::<bool>(), any::<bool>()).prop_map(
            |(n, score, won, kado)| SeatOutcome {
                name: NAMES[n].into(),
                score,
                won,
                kado,
            },
        )
    }

    fn said() -> impl Strategy<Value = Vec<(String, String)>> {
        prop::collection::vec((0..NAMES.len(), 0..WORDS.len()), 0..4).prop_map(|v| {
            v.into_iter()
                .map(|(n, w)| (NAMES[n].to_string(), WORDS[w].to_string()))
                .collect()
        })
    }

    fn counted() -> impl Strategy<Value = Vec<(String, i64)>> {
        prop::collection::vec((0..NAMES.len(), -3i64..90), 0..3).prop_map(|v| {
            v.into_iter()
                .map(|(n, k)| (NAMES[n].to_string(), k))
                .collect()
        })
    }

    fn facts() -> impl Strategy<Value = Facts> {
        let who = prop::option::of(0..NAMES.len());
        (
            said(),
            prop::option::of(0u32..5),
            said(),
            counted(),
            counted(),
            who,
        )
            .prop_map(
                |(winning_hands, kings_exposed, yaku, triads, runs, pokino)| Facts {
                    money_by_round: Vec::new(),
                    winning_hands,
                    kings_exposed,
                    yaku,
                    triads,
                    runs,
                    pokino: pokino.map(|n| NAMES[n].to_string()),
                },
            )
    }

    fn played() -> impl Strategy<Value = Played> {
        let seats = prop::collection::vec(seat(), 0..5);
        (0..GAMES.len(), prop::bool::weighted(0.85), seats, facts()).prop_map(
            |(g, finished, seats, facts)| Played {
                id: 0,
                game: GAMES[g].into(),
                ruleset: String::new(),
                date: String::new(),
                outcome: Outcome {
                    finished,
                    seats,
                    facts,
                },
                source: String::new(),
            },
        )
    }

    fn tally(games: &[Played], player: Option<&str>) -> Tally {
        let mut t = Tally::new(player);
        for p in games {
            t.add(&p.game, &p.outcome);
        }
        t
    }

    proptest! {
        /// The records added up as the games come are those of every player's games
        /// gathered then counted, to the byte of their JSON (the order of the players,
        /// ties, names in two cases and kado's seats included).
        #[test]
        fn the_tally_is_the_records_of_the_games_gathered(
            games in prop::collection::vec(played(), 0..30),
        ) {
            let fast = tally(&games, None).report();
            let slow = reference::stats_report(games.clone(), None);
            prop_assert_eq!(
                serde_json::to_string(&fast).ok(),
                serde_json::to_string(&slow).ok()
            );
        }

        /// So are one player's records and the charts drawn from their games.
        #[test]
        fn one_players_tally_is_their_records_and_charts(
            games in prop::collection::vec(played(), 0..30),
            who in 0..NAMES.len(),
        ) {
            let player = NAMES[who];
            // `stats --player` reads the games the player sat in.
            let theirs: Vec<Played> = games
                .into_iter()
                .filter(|p| p.outcome.seats.iter().any(|s| crate::seat::same_name(&s.name, player)))
                .collect();
            let mut t = tally(&theirs, Some(player));
            let slow = reference::stats_report(theirs.clone(), Some(player));
            prop_assert_eq!(
                serde_json::to_string(&t.report()).ok(),
                serde_json::to_string(&slow).ok()
            );
            for (game, played) in reference::by_game(theirs) {
                let mine = t.mine(&game);
                prop_assert_eq!(
                    win_rate_over_time(mine),
                    reference::win_rate_over_time(player, &played)
                );
                prop_assert_eq!(final_scores(mine), reference::final_scores(player, &played));
            }
        }
    }
}
