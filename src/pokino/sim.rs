//! Whole games with a virtual deal and a greedy policy (see [`POLICY`]): average
//! scores, game lengths and how often "Pokino!" ends a game, per ruleset. The policy's
//! turns go through the live session ([`Game`]), so they are checked as any answer is.

use serde::Serialize;

use super::Rules;
use super::game::{Action, Deck, Game, Setup};
use super::referee::{Event, Referee};
use super::ruling::Id;
use crate::diag::Error;
use crate::explain::Explain;
use crate::ruleset::Ruleset;
use crate::session::{Session, Step};
use crate::stop::Stop;

pub use super::policy::{PATIENT, POLICY, best_spot, greedy, patient, touching};

/// A seat's policy in `simulate`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Policy {
    Greedy,
    Patient,
    Advisor,
}

impl Policy {
    /// The policies' names, for people.
    pub const NAMES: &'static str = "greedy, patient or advisor";

    pub fn from_name(name: &str) -> Option<Policy> {
        match name.trim() {
            "greedy" => Some(Policy::Greedy),
            "patient" => Some(Policy::Patient),
            "advisor" => Some(Policy::Advisor),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Policy::Greedy => "greedy",
            Policy::Patient => "patient",
            Policy::Advisor => "advisor",
        }
    }

    /// What the policy does, for people.
    pub fn describe(self, samples: usize) -> String {
        match self {
            Policy::Greedy => POLICY.to_string(),
            Policy::Patient => PATIENT.to_string(),
            Policy::Advisor => format!(
                "Each turn: the advisor's best move (`kado pokino advise`), its moves played out over {samples} deals of the pieces unseen; {}.",
                super::advise::OTHERS
            ),
        }
    }

    /// The policy's turn for the player to move in `g`; `salt` seeds the advisor's deals.
    pub fn turn(self, g: &Referee, samples: usize, salt: u64) -> Event {
        match self {
            Policy::Greedy => greedy(g),
            Policy::Patient => patient(g),
            Policy::Advisor => super::advise::choose(g, samples, salt, 1),
        }
    }
}

/// The seats' policies asked for with `--policy`: one name (that policy in the first
/// seat, greedy in the others), or one name a seat, separated by commas.
pub fn read_seats(text: &str, players: usize) -> Result<Vec<Policy>, Error> {
    let src = crate::diag::Source::new("--policy", text);
    let mut out = Vec::new();
    let mut at = 0;
    for word in text.split(',') {
        let span = at..at + word.len();
        at += word.len() + 1;
        match Policy::from_name(word) {
            Some(p) => out.push(p),
            None => {
                return Err(Error::from(
                    crate::diag::Problem::new(format!(
                        "`{}` is not a policy kado simulates",
                        word.trim()
                    ))
                    .at(&src, span)
                    .expected(format!("{}, one for each seat or one alone", Policy::NAMES)),
                ));
            }
        }
    }
    if out.len() == 1 {
        out.resize(players, Policy::Greedy);
    }
    if out.len() != players {
        return Err(Error::from(
            crate::diag::Problem::new(format!(
                "{} policies named for {players} players",
                out.len()
            ))
            .at(&src, 0..text.len())
            .expected(format!("one policy, or {players} separated by commas")),
        ));
    }
    Ok(out)
}

/// Seat `j`'s policy in game `k`: the seats' list turned `k` places, so every policy sits
/// in every seat in turn.
pub fn seat_policy(seats: &[Policy], k: u64, j: usize) -> Policy {
    let n = seats.len().max(1);
    let turn = (k % n as u64) as usize;
    seats
        .get((j + n - turn) % n)
        .copied()
        .unwrap_or(Policy::Greedy)
}

/// One whole game by the greedy policy: the session at its end.
pub fn play_game(rs: &Ruleset, players: usize, seed: u64) -> Result<Game, Error> {
    play_game_by(rs, &vec![Policy::Greedy; players], seed, 0)
}

/// One whole game, each seat by its policy (the advisor over `samples` deals): the
/// session at its end.
pub fn play_game_by(
    rs: &Ruleset,
    seats: &[Policy],
    seed: u64,
    samples: usize,
) -> Result<Game, Error> {
    let names: Vec<String> = (1..=seats.len()).map(|k| format!("p{k}")).collect();
    let setup = Setup::new(names, Deck::Virtual, seed);
    let mut t = Game::start(&setup, rs).map_err(|e| Error::of(&e))?;
    // Every turn lays a domino, plays cards or passes; a game cannot outlast this.
    for _ in 0..2_000 {
        let action = match t.next() {
            Step::Done => return Ok(t),
            Step::Auto(a) => a,
            Step::Ask(_) => {
                let i = t.game.to_play.unwrap_or(0);
                let policy = seats.get(i).copied().unwrap_or(Policy::Greedy);
                let salt = seed ^ u64::from(t.game.turns).wrapping_mul(0x2545_F491_4F6C_DD1D);
                Action::from(policy.turn(&t.game, samples, salt))
            }
        };
        t.apply(&action)
            .map_err(|e| Error::msg(format!("the policy's turn `{action}` is refused: {e}")))?;
    }
    Err(Error::msg("a simulated game did not end"))
}

/// Refuses a number of games or players kado does not simulate.
pub fn check_counts(players: usize, games: u64) -> Result<(), Error> {
    let bad = |what: &str, n: String, expected: &str| {
        Error::from(
            crate::diag::Problem::new(format!("`{n}` is not a number of {what} kado simulates"))
                .at(
                    &crate::diag::Source::new(format!("--{what}"), n.as_str()),
                    0..n.len(),
                )
                .expected(expected.to_string()),
        )
    };
    if !(2..=MAX_PLAYERS).contains(&players) {
        return Err(bad("players", players.to_string(), "2 to 6"));
    }
    if games == 0 || games > 100_000 {
        return Err(bad("games", games.to_string(), "1 to 100000"));
    }
    Ok(())
}

/// The most players a simulation seats (each is dealt 3 dominoes and 5 or 7 cards).
pub const MAX_PLAYERS: usize = 6;

/// The figures for one ruleset.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub ruleset: String,
    pub games: u64,
    /// The average score of a player at the end of a game.
    pub average_score: f64,
    /// The average of the highest score of each game.
    pub average_best_score: f64,
    /// The average number of turns in a game.
    pub average_turns: f64,
    /// Games ended by "Pokino!".
    pub pokino: u64,
    pub pokino_rate: f64,
    /// Each policy's seats: their average score and wins.
    pub policies: Vec<PolicyReport>,
}

/// How one policy's seats fared.
#[derive(Clone, Debug, Serialize)]
pub struct PolicyReport {
    pub policy: &'static str,
    /// Seats played, one a game for each seat the policy holds.
    pub seats: u64,
    /// The average score of its seats (pips under Territory).
    pub average_score: f64,
    /// Seats that won (a shared win counts for each).
    pub wins: u64,
    pub win_rate: f64,
}

/// Every ruleset's figures.
#[derive(Clone, Debug, Serialize)]
pub struct SimVerdict {
    pub players: usize,
    pub seed: u64,
    /// The policies, for people.
    pub policy: String,
    /// The seats' policies in the first game (turned one place a game).
    pub seats: Vec<&'static str>,
    /// The advisor's deals per move, when a seat follows it.
    pub samples: Option<usize>,
    pub results: Vec<Report>,
    /// The run was stopped (Ctrl-C, the run's [`Stop`]) before it played every game
    /// asked for: each result counts the games played.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub stopped: bool,
}

/// What one game gave each seat: its score and whether it won; the turns; "Pokino!";
/// its record, when the run keeps one.
struct GameResult {
    scores: Vec<u64>,
    won: Vec<bool>,
    turns: u32,
    pokino: bool,
    record: Option<String>,
}

/// How a simulation tells what it does as it goes: `tick` after each game, and `record`
/// (when the games' record is kept) each game's record in order, after a comment naming
/// its ruleset and seed; the run stops when it returns false, or when `stop` is asked.
pub struct Watch<'t, 'r> {
    pub tick: &'t (dyn Fn() + Sync),
    pub record: Option<&'r mut dyn FnMut(&str) -> bool>,
    pub stop: Stop<'t>,
}

/// How many games are played at once: their results are the only ones held.
fn batch() -> u64 {
    4 * crate::par::cores() as u64
}

/// Plays `games` games under each ruleset, seeds `seed`, `seed + 1`, …, the seats'
/// policies turned one place a game, on every core; the advisor over `samples` deals.
/// Games are played a batch at a time and added up as they end, so memory does not grow
/// with `games`; a run stopped (`watch.stop`) reports the games played.
pub fn simulate(
    rulesets: &[Ruleset],
    seats: &[Policy],
    games: u64,
    seed: u64,
    samples: usize,
    watch: &mut Watch<'_, '_>,
) -> Result<SimVerdict, Error> {
    let players = seats.len();
    let mut results = Vec::new();
    let mut stopped = false;
    for rs in rulesets {
        let tally = play_ruleset(rs, seats, (games, seed), samples, watch)?;
        if tally.games > 0 {
            results.push(tally.report(&rs.name, seats));
        }
        if tally.games < games {
            stopped = true;
            break;
        }
    }
    let distinct = distinct(seats);
    let policy = if distinct == [Policy::Greedy] {
        POLICY.to_string()
    } else {
        distinct
            .iter()
            .map(|p| format!("{}: {}", p.name(), p.describe(samples)))
            .collect::<Vec<_>>()
            .join("\n")
    };
    Ok(SimVerdict {
        players,
        seed,
        policy,
        seats: seats.iter().map(|p| p.name()).collect(),
        samples: distinct.contains(&Policy::Advisor).then_some(samples),
        results,
        stopped,
    })
}

/// The games of one ruleset, a batch at a time, added up in order.
fn play_ruleset<'a>(
    rs: &Ruleset,
    seats: &'a [Policy],
    (games, seed): (u64, u64),
    samples: usize,
    watch: &mut Watch<'_, '_>,
) -> Result<Tally<'a>, Error> {
    let players = seats.len();
    let recording = watch.record.is_some();
    let mut tally = Tally::new(seats);
    let mut start = 0;
    while start < games && !watch.stop.requested() {
        let n = batch().min(games - start);
        let played = crate::par::map(n as usize, crate::par::cores(), |i| {
            let k = start + i as u64;
            let order: Vec<Policy> = (0..players).map(|j| seat_policy(seats, k, j)).collect();
            let g = play_game_by(rs, &order, seed.wrapping_add(k), samples)
                .map(|t| game_result(&t, recording));
            (watch.tick)();
            g
        });
        for (i, g) in played.into_iter().enumerate() {
            let (k, g) = (start + i as u64, g?);
            tally.add(k, &g);
            if let (Some(write), Some(text)) = (watch.record.as_mut(), &g.record) {
                let head = format!(
                    "# {} game {}, seed {}\n",
                    rs.name,
                    k + 1,
                    seed.wrapping_add(k)
                );
                if !write(&(head + text)) {
                    return Ok(tally);
                }
            }
        }
        start += n;
    }
    Ok(tally)
}

/// What a game played gave (its record only when kept).
fn game_result(t: &Game, recording: bool) -> GameResult {
    let winners = t.game.winners();
    GameResult {
        scores: t.game.scores(),
        won: t
            .game
            .players
            .iter()
            .map(|p| winners.contains(&p.name))
            .collect(),
        turns: t.game.turns,
        pokino: matches!(t.game.end, Some(super::referee::End::Pokino { .. })),
        record: recording.then(|| t.record_text()),
    }
}

/// The policies seated, each once, in the order first seated.
pub fn distinct(seats: &[Policy]) -> Vec<Policy> {
    let mut out: Vec<Policy> = Vec::new();
    for p in seats {
        if !out.contains(p) {
            out.push(*p);
        }
    }
    out
}

/// What the games of one ruleset add up to so far: the same size however many are
/// played (a count and sums for each policy).
struct Tally<'a> {
    seats: &'a [Policy],
    games: u64,
    /// The sum of every player's score, and of each game's best.
    total: u64,
    best: u64,
    turns: u64,
    pokino: u64,
    /// For each distinct policy: seats played, their scores, their wins.
    policies: Vec<(Policy, u64, u64, u64)>,
}

impl<'a> Tally<'a> {
    fn new(seats: &'a [Policy]) -> Tally<'a> {
        Tally {
            seats,
            games: 0,
            total: 0,
            best: 0,
            turns: 0,
            pokino: 0,
            policies: distinct(seats).into_iter().map(|p| (p, 0, 0, 0)).collect(),
        }
    }

    /// Adds game `k` (whose seats' policies are turned `k` places).
    fn add(&mut self, k: u64, g: &GameResult) {
        self.games += 1;
        self.total += g.scores.iter().sum::<u64>();
        self.best += g.scores.iter().copied().max().unwrap_or(0);
        self.turns += u64::from(g.turns);
        self.pokino += u64::from(g.pokino);
        for j in 0..self.seats.len() {
            let policy = seat_policy(self.seats, k, j);
            if let Some(p) = self.policies.iter_mut().find(|p| p.0 == policy) {
                p.1 += 1;
                p.2 += g.scores.get(j).copied().unwrap_or(0);
                p.3 += u64::from(g.won.get(j).copied().unwrap_or(false));
            }
        }
    }

    /// The ruleset's figures.
    fn report(&self, ruleset: &str, seats: &[Policy]) -> Report {
        let n = self.games.max(1) as f64;
        let policies = self
            .policies
            .iter()
            .map(|&(policy, count, score, wins)| {
                let c = count.max(1) as f64;
                PolicyReport {
                    policy: policy.name(),
                    seats: count,
                    average_score: score as f64 / c,
                    wins,
                    win_rate: wins as f64 / c,
                }
            })
            .collect();
        Report {
            ruleset: ruleset.to_string(),
            games: self.games,
            average_score: self.total as f64 / (n * seats.len() as f64),
            average_best_score: self.best as f64 / n,
            average_turns: self.turns as f64 / n,
            pokino: self.pokino,
            pokino_rate: self.pokino as f64 / n,
            policies,
        }
    }
}

/// What a simulated game never reads, whatever the ruleset: a virtual deal lays the
/// spoke in the rules' example shape, which touches (`spoke`); nobody names a card drawn
/// (`deck`); the first seat plays first either way (`first-player`); and no policy plays
/// more than one run a turn (`runs-per-turn`).
const NEVER_READ: [Id; 4] = [Id::Spoke, Id::Deck, Id::FirstPlayer, Id::RunsPerTurn];

/// The rulings the simulated games under `rules` read, each of which can change the
/// figures.
pub fn rulings_read(rules: &Rules) -> Vec<Id> {
    (Id::ALL.iter().copied())
        .filter(|id| super::advise::in_play(*id, rules) && !NEVER_READ.contains(id))
        .collect()
}

/// How the games of a simulation are played, and under which rulings: those the games
/// read ([`rulings_read`]).
pub fn explain(rulesets: &[Ruleset]) -> Explain {
    let mut x = Explain::new();
    x.rule("The games are played under the rulings below; each can change the figures.");
    x.rule("Each game deals the dominoes and cards from its seed and lays the starting spoke in the shape of the rules' example; every turn a policy takes is checked by the referee, as an answer at the table is.");
    for rs in rulesets {
        x.ruled(
            format!("The {} games are played under these rulings.", rs.name),
            rs,
            &rulings_read(&Rules::from_ruleset(rs)),
        );
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Source;
    use crate::pokino::Rules;
    use crate::pokino::board::{Domino, Placement};
    use crate::pokino::check::check;
    use crate::pokino::place;

    /// The policy's place, as it was first written: every spot of every domino held.
    fn best_spot_by_every_spot(g: &Referee, held: &[Domino]) -> Option<Placement> {
        let mut best: Option<(usize, Placement)> = None;
        for d in held {
            for p in place::spots(&g.board, *d, &g.rules).unwrap_or_default() {
                let t = touching(&g.board, &p);
                if best.is_none_or(|(b, _)| t > b) {
                    best = Some((t, p));
                }
            }
        }
        best.map(|(_, p)| p)
    }

    /// The policy lays each domino where looking through every spot of every domino
    /// would, at every turn of whole games under the rulings that bound placements.
    #[test]
    fn the_place_chosen_is_the_best_of_every_spot() {
        let house = [
            "base: pokino\n",
            "base: pokino\nrulings:\n  placement: one-contact\n",
            "base: pokino\nrulings:\n  playing-area: bounded\n",
        ];
        let mut laid = 0;
        for text in house {
            let rs = Ruleset::from_house_text("h.yaml", text).unwrap();
            let t = play_game(&rs, 3, 11).unwrap();
            let mut g = Referee::new(
                &t.setup.players,
                t.setup.deal.as_ref(),
                &Rules::from_ruleset(&rs),
            )
            .unwrap();
            for e in &t.events {
                if let Some(i) = g.to_play.filter(|_| g.spoke_laid()) {
                    let held = g.players[i].held.clone().unwrap_or_default();
                    assert_eq!(best_spot(&g, &held), best_spot_by_every_spot(&g, &held));
                    laid += 1;
                }
                g.apply(e).unwrap();
            }
        }
        assert!(laid > 100, "{laid}");
    }

    #[test]
    fn explain_names_the_rulings_the_games_read() {
        let ids = |name: &str| -> Vec<String> {
            let x = explain(&[Ruleset::builtin(name).unwrap()]);
            assert!(
                x.0[0]
                    .rule
                    .starts_with("The games are played under the rulings below")
            );
            (x.0.iter())
                .flat_map(|r| r.rulings.iter().map(|x| x.id.clone()))
                .collect()
        };
        let every = [
            "square-reuse",
            "long-runs",
            "playing-area",
            "greed",
            "pokino-up",
            "tear-down",
            "territory",
            "pass",
            "steps",
            "win-ties",
            "bank",
            "empty-deck",
            "placement",
            "poke-end",
            "own-borders",
        ];
        assert_eq!(ids("pokino"), every);
        assert_eq!(ids("pokino-greed"), every);
        let with = |extra: &[&str]| {
            let mut all: Vec<String> = extra.iter().map(|s| s.to_string()).collect();
            all.extend(every.iter().map(|s| s.to_string()));
            let order = |id: &String| Id::ALL.iter().position(|x| x.id() == id);
            all.sort_by_key(order);
            all
        };
        assert_eq!(ids("pokino-up"), with(&["up-draw"]));
        assert_eq!(
            ids("pokino-tear-down"),
            with(&["torn-tokens", "torn-split"])
        );
        assert_eq!(
            ids("pokino-territory"),
            with(&["territory-ties", "territory-pokino"])
        );
    }

    #[test]
    fn seats_are_read_and_turned_game_by_game() {
        use Policy::{Advisor, Greedy, Patient};
        assert_eq!(read_seats("advisor", 3).unwrap(), [Advisor, Greedy, Greedy]);
        assert_eq!(read_seats("greedy, patient", 2).unwrap(), [Greedy, Patient]);
        let e = read_seats("advisor,greedy", 3).unwrap_err();
        assert_eq!(e.summary(), "2 policies named for 3 players");
        let e = read_seats("advisor,wise,greedy", 3).unwrap_err();
        assert_eq!(e.problems[0].span, Some(8..12));
        let seats = [Advisor, Greedy, Greedy];
        let advisor_at = |k| (0..3).find(|j| seat_policy(&seats, k, *j) == Advisor);
        assert_eq!(
            [advisor_at(0), advisor_at(1), advisor_at(2), advisor_at(3)],
            [Some(0), Some(1), Some(2), Some(0)]
        );
    }

    /// `pokino simulate` kept every game's result and record until the end (266 MB at
    /// 16,000 games, rising). Games are now added up a batch at a time and each record
    /// handed on in order as its batch ends: a writer that fails after the first game
    /// stops the run within that batch.
    #[test]
    fn pokino_simulate_grew_with_games() {
        let rs = Ruleset::builtin("pokino").unwrap();
        let seats = [Policy::Greedy, Policy::Greedy];
        let mut pieces: Vec<String> = Vec::new();
        let mut keep = |t: &str| {
            pieces.push(t.to_string());
            pieces.len() < 3
        };
        let mut watch = Watch {
            tick: &|| {},
            record: Some(&mut keep),
            stop: Stop::NEVER,
        };
        let v = simulate(std::slice::from_ref(&rs), &seats, 100_000, 1, 2, &mut watch).unwrap();
        assert!(v.stopped);
        assert!(v.results[0].games <= batch(), "{}", v.results[0].games);
        assert_eq!(pieces.len(), 3);
        for (k, p) in pieces.iter().enumerate() {
            let head = format!("# pokino game {}, seed {}\n", k + 1, k + 1);
            assert!(p.starts_with(&head), "{p}");
            assert_eq!(p.matches("players:").count(), 1, "{p}");
        }
    }

    /// A seat by the advisor and one by the greedy policy (short games: 7 dominoes in
    /// the poke): the games end, each policy's seats are counted, seats turn, and the
    /// figures are those of each game played alone.
    #[test]
    fn the_advisor_sits_at_the_table() {
        let rs =
            Ruleset::from_house_text("h.yaml", "base: pokino\nvalues:\n  start-dominoes: 40\n")
                .unwrap();
        let seats = [Policy::Advisor, Policy::Greedy];
        let mut watch = Watch {
            tick: &|| {},
            record: None,
            stop: Stop::NEVER,
        };
        let v = simulate(std::slice::from_ref(&rs), &seats, 2, 5, 2, &mut watch).unwrap();
        let r = &v.results[0];
        assert_eq!((r.games, v.samples), (2, Some(2)));
        assert_eq!(v.seats, ["advisor", "greedy"]);
        let seats_of: Vec<(&str, u64)> = r.policies.iter().map(|p| (p.policy, p.seats)).collect();
        assert_eq!(seats_of, [("advisor", 2), ("greedy", 2)]);
        let first = play_game_by(&rs, &seats, 5, 2).unwrap().game.scores()[0];
        let second = play_game_by(&rs, &[Policy::Greedy, Policy::Advisor], 6, 2)
            .unwrap()
            .game
            .scores()[1];
        assert_eq!(r.policies[0].average_score, (first + second) as f64 / 2.0);
    }

    /// Whole virtual games, 2 to 4 players, under every variant (and runs across corners,
    /// ruling `steps: diagonals`, with Territory): each ends, and its record passes
    /// `check` to the same result.
    #[test]
    fn whole_games_replay_through_check() {
        let corners = Ruleset::from_house_text(
            "corners.yaml",
            "base: pokino-territory\nrulings:\n  steps: diagonals\n",
        )
        .unwrap();
        let mut all: Vec<Ruleset> = [
            "pokino",
            "pokino-greed",
            "pokino-up",
            "pokino-tear-down",
            "pokino-territory",
        ]
        .iter()
        .map(|n| Ruleset::builtin(n).unwrap())
        .collect();
        all.push(corners);
        let mut corner_claims = 0;
        for rs in all {
            let name = rs.name.clone();
            for players in 2..=4 {
                let t = play_game(&rs, players, 7 + players as u64).unwrap();
                assert!(t.game.is_over(), "{name} {players}");
                let text = t.record_text();
                let v = check(&Source::new("t", text.as_str()), &Rules::from_ruleset(&rs))
                    .unwrap()
                    .games
                    .remove(0);
                assert!(v.illegal.is_none(), "{name} {players}: {:?}", v.illegal);
                assert!(v.over);
                assert_eq!(v.game, t.game, "{name} {players}");
                assert_eq!(v.winners, t.game.winners());
                corner_claims += t
                    .game
                    .tokens
                    .iter()
                    .filter(|t| t.border.is_corner())
                    .count();
            }
        }
        // Only the last ruleset lets a run step across a corner, and its games do.
        assert!(corner_claims > 0);
    }
}
