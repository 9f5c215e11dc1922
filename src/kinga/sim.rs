//! Whole games played with a virtual deck by a policy (the greedy one of [`POLICY`], or
//! the advisor of [`super::advise`]), for win rates and score distributions.

use serde::Serialize;

use super::game::{Action, Deck, Setup, State};
pub use super::greedy::choose;
use super::key::Key;
use super::{Rules, SimError};
use crate::diag::{Error, Problem, Source};
use crate::explain::Explain;
use crate::ruleset::Ruleset;
use crate::session::Step;
use crate::stop::Stop;

/// The policy, for people (the `simulate` help text repeats it).
pub const POLICY: &str = "Each turn: influence a queen if possible, else the highest-ranked top card that can be influenced, with the shortest play (fewest jokers); else exile the lowest card that may be exiled; else raise suspicion on the king whose queen is furthest away. The 5, 8 and 10 bonus exiles the lowest plain card of the hand and discard pile. Cleanup keeps the highest plain card.";

/// The advisor policy, for people.
pub const ADVISOR: &str = "At every turn, suspicion, bonus and cleanup decision with more than one choice, take the advisor's first choice: each legal choice is played out to the end by the greedy policy over samples of the unseen cards (the draw pile's order and later reshuffles), the same samples for every choice; the greedy choice stands unless another beats it on those samples by more than one standard error (a win counts 1, each king exposed 0.1).";

/// Who makes the player's decisions in a simulation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Policy {
    Greedy,
    /// The advisor, with this many samples per candidate.
    Advisor {
        samples: u32,
    },
}

impl Policy {
    pub fn name(self) -> &'static str {
        match self {
            Policy::Greedy => "greedy",
            Policy::Advisor { .. } => "advisor",
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            Policy::Greedy => POLICY,
            Policy::Advisor { .. } => ADVISOR,
        }
    }

    /// The policy's answer to question `key` in game `g`; `salt` seeds the advisor's
    /// samples (never the game's own seed).
    pub fn choose(self, g: &State, key: &Key, salt: u64) -> Option<Action> {
        match self {
            Policy::Greedy => choose(g, key),
            Policy::Advisor { samples } => {
                if super::advise::candidates(g, key).len() <= 1 {
                    return choose(g, key);
                }
                let advice = super::advise::advise(g, key, samples, salt);
                advice.candidates.first().map(|best| best.action.clone())
            }
        }
    }
}

/// How one game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Outcome {
    pub won: bool,
    /// Kings exposed.
    pub score: usize,
    pub turns: u32,
}

/// Plays one whole game with a virtual deck shuffled by `seed`, by the greedy policy.
pub fn play_game(rules: Rules, seed: u64) -> Result<Outcome, SimError> {
    play_game_by(rules, seed, Policy::Greedy)
}

/// Plays one whole game with a virtual deck shuffled by `seed`, by `policy`.
pub fn play_game_by(rules: Rules, seed: u64, policy: Policy) -> Result<Outcome, SimError> {
    let mut g = State::new(&Setup::new(Deck::Virtual, seed), rules);
    for step in 0..100_000u64 {
        let action = match g.step() {
            Step::Done => {
                return Ok(Outcome {
                    won: g.is_over() == Some(true),
                    score: g.score(),
                    turns: g.turn,
                });
            }
            Step::Auto(a) => a,
            Step::Ask(q) => policy
                .choose(&g, &q.key, game_seed(!seed, step))
                .ok_or(SimError::NoAnswer(q.key))?,
        };
        g.act(&action)?;
    }
    Err(SimError::NoEnd(seed))
}

/// The results of many games under one ruleset.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    pub ruleset: String,
    pub games: u64,
    pub wins: u64,
    pub win_rate: f64,
    /// How many games ended with 0, 1, 2, 3 and 4 kings exposed.
    pub scores: [u64; 5],
    pub average_score: f64,
    pub average_turns: f64,
}

/// What the games of a run add up to so far: the same size however many are played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub games: u64,
    pub wins: u64,
    /// Games ending with 0, 1, 2, 3 and 4 kings exposed.
    pub scores: [u64; 5],
    pub turns: u64,
}

impl Tally {
    pub fn add(&mut self, o: &Outcome) {
        self.games += 1;
        self.wins += u64::from(o.won);
        self.scores[o.score.min(4)] += 1;
        self.turns += u64::from(o.turns);
    }
}

/// Adds up outcomes.
pub fn report(ruleset: &str, outcomes: &[Outcome]) -> Report {
    let mut t = Tally::default();
    for o in outcomes {
        t.add(o);
    }
    report_of(ruleset, &t)
}

/// The report of a run's tally.
pub fn report_of(ruleset: &str, t: &Tally) -> Report {
    let games = t.games;
    let per = |total: f64| {
        if games == 0 {
            0.0
        } else {
            total / games as f64
        }
    };
    let score_sum: u64 = t.scores.iter().zip(0u64..).map(|(n, s)| n * s).sum();
    Report {
        ruleset: ruleset.to_string(),
        games,
        wins: t.wins,
        win_rate: per(t.wins as f64),
        scores: t.scores,
        average_score: per(score_sum as f64),
        average_turns: per(t.turns as f64),
    }
}

/// Refuses a number of games kado does not play (0, or more than ten million).
pub fn check_games(games: u64) -> Result<(), Error> {
    if games == 0 || games > 10_000_000 {
        let text = games.to_string();
        let p = Problem::new(format!("`{games}` games is not a number kado plays"))
            .at(&Source::new("--games", text.as_str()), 0..text.len())
            .expected("1 to 10000000");
        return Err(Error::from(p));
    }
    Ok(())
}

/// The rulesets a simulation compares when none is given: the standard game and its
/// hardcore variant.
pub fn standard_rulesets() -> Result<Vec<Ruleset>, Error> {
    Ok(vec![
        Ruleset::builtin("kinga")?,
        Ruleset::builtin("kinga-hardcore")?,
    ])
}

/// A simulation: the results under each ruleset, and how they were played.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Verdict {
    /// The run was stopped (Ctrl-C) before it played every game asked for: each result
    /// counts the games played.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub stopped: bool,
    pub seed: u64,
    /// `greedy` or `advisor`.
    pub policy: &'static str,
    /// The policy, for people.
    #[serde(skip)]
    pub described: &'static str,
    pub results: Vec<Report>,
    /// The rules and rulings the games were played under.
    #[serde(skip)]
    pub explain: Explain,
}

/// Plays `games` games under each ruleset, from `seed`, until `stop` is asked;
/// `progress` is told the ruleset after each game.
pub fn simulate(
    rulesets: &[Ruleset],
    games: u64,
    seed: u64,
    policy: Policy,
    stop: Stop<'_>,
    mut progress: impl FnMut(&str),
) -> Result<Verdict, SimError> {
    let mut results = Vec::new();
    for rs in rulesets {
        let rules = Rules::from_ruleset(rs);
        let mut tick = || progress(&rs.name);
        let tally = play_games(rules, games, seed, policy, stop, &mut tick)?;
        if tally.games > 0 {
            results.push(report_of(&rs.name, &tally));
        }
    }
    Ok(Verdict {
        stopped: stop.requested(),
        seed,
        policy: policy.name(),
        described: policy.describe(),
        results,
        explain: explain(rulesets, policy),
    })
}

/// Plays games `0..games` of a run, on every core, until `stop` is asked; game `i` always
/// gets the same seed, so the outcomes do not depend on how many threads play them.
fn play_games(
    rules: Rules,
    games: u64,
    seed: u64,
    policy: Policy,
    stop: Stop<'_>,
    progress: &mut dyn FnMut(),
) -> Result<Tally, SimError> {
    let threads = crate::par::cores();
    let mut tally = Tally::default();
    let batch = threads as u64 * 4;
    let mut start = 0;
    while start < games && !stop.requested() {
        let end = (start + batch).min(games);
        let played = crate::par::map((end - start) as usize, threads, |k| {
            play_game_by(rules, game_seed(seed, start + k as u64), policy)
        });
        for r in played {
            tally.add(&r?);
            progress();
        }
        start = end;
    }
    Ok(tally)
}

/// How the games of a simulation by `policy` are played and scored, and under which
/// rulings: those the games read, each of which can change the figures.
pub fn explain(rulesets: &[Ruleset], policy: Policy) -> Explain {
    let by_advisor = match policy {
        Policy::Greedy => false,
        Policy::Advisor { .. } => true,
    };
    let mut x = Explain::new();
    x.rule("The games are played under the rulings below; each can change the figures.");
    x.rule("Each game deals a fresh virtual deck from the seed and plays to a win (the fourth queen) or a loss (suspicion with four kings sideways).");
    x.rule("The score is the number of kings exposed.");
    for rs in rulesets {
        x.ruled(
            format!("The {} games are played under these rulings.", rs.name),
            rs,
            &super::advise::rulings_read(&Rules::from_ruleset(rs), by_advisor),
        );
    }
    x
}

/// The seed of game `i` of a run seeded with `seed`.
pub fn game_seed(seed: u64, i: u64) -> u64 {
    seed.wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(i.wrapping_mul(1_442_695_040_888_963_407))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_end_and_are_repeatable() {
        for rules in [Rules::standard(), Rules::hardcore()] {
            for seed in 0..40 {
                let a = play_game(rules, seed).unwrap();
                let b = play_game(rules, seed).unwrap();
                assert_eq!(a, b);
                assert!(a.score <= 4);
                assert_eq!(a.won, a.score == 4);
            }
        }
    }

    /// The ruling ids an explanation names, in order.
    fn named(x: &Explain) -> Vec<&str> {
        (x.0.iter())
            .flat_map(|r| r.rulings.iter().map(|x| x.id.as_str()))
            .collect()
    }

    #[test]
    fn explain_names_the_rulings_the_games_read() {
        let advisor = [
            "hardcore",
            "ace-value",
            "kings",
            "threes-company",
            "single-card-play",
            "reshuffle",
            "bonus-exile-joker",
            "extra-draws",
            "empty-draw",
            "sideways-queen",
        ];
        let kinga = Ruleset::builtin("kinga").unwrap();
        let by_advisor = Policy::Advisor { samples: 8 };
        let x = explain(std::slice::from_ref(&kinga), by_advisor);
        assert_eq!(named(&x), advisor);
        assert!(
            x.0[0]
                .rule
                .starts_with("The games are played under the rulings below")
        );
        // Under hardcore, what stays in hand after suspicion is a ruling of its own.
        let hardcore = Ruleset::builtin("kinga-hardcore").unwrap();
        let mut both = advisor.to_vec();
        both.extend(advisor[..7].iter().copied());
        both.push("hardcore-suspicion-cleanup");
        both.extend(advisor[7..].iter().copied());
        let pair = [kinga.clone(), hardcore];
        assert_eq!(named(&explain(&pair, by_advisor)), both);
        // The greedy policy takes every extra card and never exiles a joker.
        let greedy: Vec<&str> = both
            .into_iter()
            .filter(|id| !["extra-draws", "bonus-exile-joker"].contains(id))
            .collect();
        assert_eq!(named(&explain(&pair, Policy::Greedy)), greedy);
    }

    #[test]
    fn report_adds_up() {
        let o = [
            Outcome {
                won: true,
                score: 4,
                turns: 30,
            },
            Outcome {
                won: false,
                score: 1,
                turns: 10,
            },
        ];
        let r = report("kinga", &o);
        assert_eq!((r.games, r.wins, r.scores), (2, 1, [0, 1, 0, 0, 1]));
        assert_eq!(
            (r.win_rate, r.average_score, r.average_turns),
            (0.5, 2.5, 20.0)
        );
    }
}
