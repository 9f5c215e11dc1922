//! The Kinga advisor: at a decision, every legal choice ranked by its chance to win.
//!
//! Each candidate is played, then the game is played out to its end by the greedy
//! policy of [`super::greedy`], many times over. What the player cannot see is drawn afresh
//! for every sample: the order of the draw pile (its cards are known: every card of the
//! deck that is in no other place) and every later reshuffle. The same samples serve
//! every candidate (common random numbers), so their differences are not noise of the
//! draw. A virtual deck's recorded order and seed are never read.

use crate::view::{Choice, Column, Doc, Hint};
use serde::Serialize;

use super::game::{Action, Deck, Phase, State};
use super::greedy;
use super::key::Key;
use crate::cards::{Card, Rank, Suit};
use crate::session::Step;
use crate::shuffle::Shuffler;

/// The most games played out per choice (`--samples`).
pub const MAX_SAMPLES: u32 = 100_000;

/// One choice at a decision, with how it fared.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Candidate {
    /// The choice in the words of the prompt (`4S 3S on 6H`, `exile 2C`, `none`).
    pub answer: String,
    #[serde(skip)]
    pub action: Action,
    /// What it does, in plain words.
    pub reason: String,
    /// Games won out of the samples.
    pub wins: u32,
    pub samples: u32,
    /// `wins / samples`.
    pub win_rate: f64,
    /// The half-width of a 95 % interval around `win_rate`.
    pub margin: f64,
    /// The average score (kings exposed) at the end of the samples.
    pub average_score: f64,
}

/// The advice at one decision: the candidates, best first.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Advice {
    /// The question advised on: turn, suspicion, bonus, keep or extra.
    pub question: String,
    pub candidates: Vec<Candidate>,
    /// Samples played out per candidate.
    pub samples: u32,
    /// The seed of the samples.
    pub seed: u64,
}

/// How many moves a played-out sample may take before it is counted as lost.
const SAMPLE_STEPS: usize = 20_000;

/// The legal choices at question `key`, in the prompt's notation; none when the question
/// is not a decision (a draw) or there is only one way to answer it.
pub fn candidates(g: &State, key: &Key) -> Vec<(Action, String, String)> {
    let mut out = Vec::new();
    match key {
        Key::Turn => {
            let o = g.options();
            for r in &o.influence {
                let action = Action::Influence {
                    play: r.play.clone(),
                    target: r.target,
                };
                out.push((
                    action,
                    play_text(&r.play, r.target),
                    influence_reason(r.target),
                ));
            }
            for e in &o.exile {
                let action = Action::Exile { card: e.card };
                let reason = format!("exiles {} from the deck for good", e.card);
                out.push((action, format!("exile {}", e.card.code()), reason));
            }
        }
        Key::Suspicion => {
            for s in Suit::ALL.into_iter().filter(|s| !g.turned[s.index()]) {
                let king = Card::new(Rank::King, s);
                let reason = format!("turns the {} king sideways", s.symbol());
                out.push((Action::Suspicion { king }, s.letter().to_string(), reason));
            }
        }
        Key::Bonus => {
            for c in g.bonus_choices() {
                let reason = format!("exiles {c}");
                out.push((Action::Bonus { card: Some(c) }, c.code(), reason));
            }
            let none = "exiles nothing".to_string();
            out.push((Action::Bonus { card: None }, "none".into(), none));
        }
        Key::Keep => {
            let mut hand = g.hand.clone();
            hand.sort();
            hand.dedup();
            for c in hand {
                let reason = format!("keeps {c} for the next hand");
                out.push((Action::Keep { card: Some(c) }, c.code(), reason));
            }
            let none = "keeps nothing".to_string();
            out.push((Action::Keep { card: None }, "none".into(), none));
        }
        Key::Extra => {
            for take in (0..=g.to_draw).rev() {
                let reason = format!("draws {take} of the extra cards");
                out.push((Action::Extra { take }, take.to_string(), reason));
            }
        }
        _ => {}
    }
    out
}

fn play_text(play: &[Card], target: Card) -> String {
    let cards: Vec<String> = play.iter().map(|c| c.code()).collect();
    format!("{} on {}", cards.join(" "), target.code())
}

/// Why influencing `target` matters.
fn influence_reason(target: Card) -> String {
    match (target.rank(), target.suit()) {
        (Some(Rank::Queen), Some(s)) => format!("takes {target}: exposes the {} king", s.symbol()),
        (Some(r), Some(s)) => {
            let to_go = Rank::Queen.number().saturating_sub(r.number());
            let bonus = if matches!(r.number(), 5 | 8 | 10) {
                ", and earns an exile"
            } else {
                ""
            };
            format!(
                "takes {target}: the {} queen is {} card{} away{bonus}",
                s.symbol(),
                to_go,
                crate::words::s(to_go)
            )
        }
        _ => format!("takes {target}"),
    }
}

/// `kado kinga advise`: the advice at the start of a turn at `table` — on the play, or
/// on which king to turn when no play is possible.
pub fn advise_table(
    table: &super::position::Table,
    rules: super::Rules,
    samples: u32,
    seed: u64,
) -> Advice {
    let g = State::at_table(table, rules);
    let o = g.options();
    let key = if o.influence.is_empty() && o.exile.is_empty() {
        Key::Suspicion
    } else {
        Key::Turn
    };
    advise(&g, &key, samples, seed)
}

impl Advice {
    /// The candidates as a table, best first, for people.
    pub fn doc(&self) -> Doc {
        if self.candidates.is_empty() {
            return Doc::from("Nothing to choose: there is one way on.\n");
        }
        self.hint().doc()
    }

    /// The candidates as a hint, best first, each row the answer it stands for.
    pub fn hint(&self) -> Hint {
        let mut h = Hint::new(
            "Answer",
            vec![
                Column::new("Wins", 3),
                Column::new("Avg score", 2),
                Column::new("What it does", 1),
            ],
        );
        for c in &self.candidates {
            h.row(
                Choice::typed(c.answer.clone()),
                vec![
                    format!("{:.0}% ± {:.0}", c.win_rate * 100.0, c.margin * 100.0),
                    format!("{:.2}", c.average_score),
                    c.reason.clone(),
                ],
            );
        }
        h.notes.push(format!(
            "Each choice played out {} times to the end (seed {}): the unseen draw order sampled, the same samples for every choice; ± is a 95% interval. The greedy choice stays first unless another beats it on those samples by more than the noise of the difference.",
            self.samples, self.seed
        ));
        h
    }
}

/// What a played-out sample is worth: a win counts 1, and each king exposed a little,
/// so that among lost games the closer ones count.
const KING_WORTH: f64 = 0.1;

/// The advice at question `key`: every candidate played out `samples` times. The greedy
/// policy's own choice comes first unless another beats it on the same samples by more
/// than the noise of the difference (its mean over one standard error); the others
/// follow by games won, then average score.
pub fn advise(g: &State, key: &Key, samples: u32, seed: u64) -> Advice {
    let mut choices = candidates(g, key);
    if let Some(greedy) = greedy::choose(g, key)
        && let Some(at) = choices.iter().position(|(a, _, _)| *a == greedy)
    {
        let first = choices.remove(at);
        choices.insert(0, first);
    }
    let played: Vec<(Candidate, Vec<f64>)> = choices
        .into_iter()
        .map(|(action, answer, reason)| {
            let outcomes = play_out(g, &action, samples, seed);
            (
                summarize(action, answer, reason, &outcomes),
                values(&outcomes),
            )
        })
        .collect();
    Advice {
        question: key.word().to_string(),
        candidates: rank(played),
        samples,
        seed,
    }
}

fn summarize(
    action: Action,
    answer: String,
    reason: String,
    outcomes: &[(bool, usize)],
) -> Candidate {
    let n = outcomes.len().max(1) as f64;
    let wins = outcomes.iter().filter(|(w, _)| *w).count() as u32;
    let p = f64::from(wins) / n;
    Candidate {
        answer,
        action,
        reason,
        wins,
        samples: outcomes.len() as u32,
        win_rate: p,
        margin: 1.96 * (p * (1.0 - p) / n).sqrt(),
        average_score: outcomes.iter().map(|(_, s)| *s as f64).sum::<f64>() / n,
    }
}

fn values(outcomes: &[(bool, usize)]) -> Vec<f64> {
    outcomes
        .iter()
        .map(|(w, s)| f64::from(u8::from(*w)) + KING_WORTH * *s as f64)
        .collect()
}

/// The candidates in order: the first (the greedy choice) unless another beats it
/// beyond noise, then the rest by games won and average score.
fn rank(mut played: Vec<(Candidate, Vec<f64>)>) -> Vec<Candidate> {
    let Some((_, base)) = played.first().map(|(c, v)| (c.clone(), v.clone())) else {
        return Vec::new();
    };
    let edge = |v: &[f64]| {
        let d: Vec<f64> = v.iter().zip(&base).map(|(a, b)| a - b).collect();
        let n = d.len().max(1) as f64;
        let mean = d.iter().sum::<f64>() / n;
        let var = d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        mean - (var / n).sqrt()
    };
    let best = (1..played.len())
        .map(|i| (i, edge(&played[i].1)))
        .filter(|(_, e)| *e > 0.0)
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map_or(0, |(i, _)| i);
    let first = played.remove(best).0;
    let mut rest: Vec<Candidate> = played.into_iter().map(|(c, _)| c).collect();
    rest.sort_by(|a, b| {
        (b.wins, b.average_score)
            .partial_cmp(&(a.wins, a.average_score))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    rest.insert(0, first);
    rest
}

/// Plays `action` then the greedy policy to the end, `samples` times: each sample's
/// (won, score).
fn play_out(g: &State, action: &Action, samples: u32, seed: u64) -> Vec<(bool, usize)> {
    (0..samples)
        .map(|k| {
            let mut s = hidden_redrawn(g, seed, k);
            match s.act(action) {
                Ok(_) => finish(s),
                Err(_) => (false, 0),
            }
        })
        .collect()
}

/// The game as the player sees it, with what they cannot see drawn at random: the draw
/// pile's order and the seed of later reshuffles. It plays on as a virtual deck.
pub fn hidden_redrawn(g: &State, seed: u64, sample: u32) -> State {
    let mut s = g.clone();
    let mut rng = Shuffler::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ u64::from(sample));
    s.draw.sort();
    rng.shuffle(&mut s.draw);
    s.seed = seed ^ (u64::from(sample) << 32) ^ 0x5EED;
    s.deck = Deck::Virtual;
    s
}

/// Plays the greedy policy to the end: (won, score).
fn finish(mut g: State) -> (bool, usize) {
    for _ in 0..SAMPLE_STEPS {
        let action = match g.step() {
            Step::Done => break,
            Step::Auto(a) => a,
            Step::Ask(q) => match greedy::choose(&g, &q.key) {
                Some(a) => a,
                None => break,
            },
        };
        if g.act(&action).is_err() {
            break;
        }
    }
    (matches!(g.phase, Phase::Over { won: true }), g.score())
}

/// The rulings a game under `rules` reads, each of which can change its course, played
/// by the greedy policy or (`by_advisor`) by the advisor: every one, but
/// `hardcore-suspicion-cleanup` only under hardcore (the standard rules keep one card
/// after suspicion whatever it says), and neither `extra-draws` nor `bonus-exile-joker`
/// for the greedy policy alone, which takes every extra card and never exiles a joker
/// (it declines the bonus, as it is when only jokers are left to exile).
pub fn rulings_read(rules: &super::Rules, by_advisor: bool) -> Vec<crate::kinga::ruling::Id> {
    use crate::kinga::ruling::{self, Id};
    let hardcore = match rules.ruled.hardcore {
        ruling::Hardcore::On => true,
        ruling::Hardcore::Off => false,
    };
    (Id::ALL.iter().copied())
        .filter(|id| hardcore || *id != Id::HardcoreSuspicionCleanup)
        .filter(|id| by_advisor || !matches!(id, Id::ExtraDraws | Id::BonusExileJoker))
        .collect()
}

/// The rules and rulings behind the advice: those the games played out by the greedy
/// policy read ([`rulings_read`]), each of which can change the figures.
pub fn explain(rs: &crate::ruleset::Ruleset) -> crate::explain::Explain {
    let rules = super::Rules::from_ruleset(rs);
    let read = rulings_read(&rules, false);
    let mut x = crate::explain::Explain::new();
    x.rule("The games played out are played under the rulings below; each can change the figures.");
    x.rule("Each choice is played, then the game is played out to its end by the greedy policy, over samples of what you cannot see: the draw pile's order and every later reshuffle.");
    let mut rules = super::verdict::session_explain(rs);
    for r in &mut rules.0 {
        r.rulings.retain(|x| read.iter().any(|id| id.id() == x.id));
    }
    x.0.extend(rules.0);
    x
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinga::Rules;
    use crate::kinga::game::Setup;
    use crate::notation::test_cards as cards;

    fn at_turn(hand: &str, draw: &str) -> State {
        let mut g = State::new(&Setup::new(Deck::Real, 0), Rules::standard());
        g.hand = cards(hand);
        g.draw = cards(draw);
        g.to_draw = 0;
        g.phase = Phase::Turn;
        g
    }

    #[test]
    fn explain_names_the_rulings_the_games_played_out_read() {
        let ids = |name: &str| {
            let x = explain(&crate::ruleset::Ruleset::builtin(name).unwrap());
            assert!(
                x.0[0]
                    .rule
                    .starts_with("The games played out are played under")
            );
            x.ruling_ids()
        };
        // The greedy policy takes every extra card and never exiles a joker.
        let standard = [
            "ace-value",
            "empty-draw",
            "hardcore",
            "kings",
            "reshuffle",
            "sideways-queen",
            "single-card-play",
            "threes-company",
        ];
        assert_eq!(ids("kinga"), standard);
        let mut hardcore = standard.to_vec();
        hardcore.insert(3, "hardcore-suspicion-cleanup");
        assert_eq!(ids("kinga-hardcore"), hardcore);
    }

    #[test]
    fn advice_never_reads_the_hidden_order_or_seed() {
        let a = at_turn("AS 2S 2H JK", "AH AD AC 2D 2C JK");
        let mut b = a.clone();
        b.draw.reverse();
        b.seed = 99;
        b.deck = Deck::Virtual;
        assert_eq!(advise(&a, &Key::Turn, 20, 7), advise(&b, &Key::Turn, 20, 7));
    }

    #[test]
    fn every_legal_choice_is_a_candidate() {
        let g = at_turn("AS 2S 2H JK", "AH AD AC 2D 2C JK");
        let c = candidates(&g, &Key::Turn);
        let o = g.options();
        assert_eq!(c.len(), o.influence.len() + o.exile.len());
        let advice = advise(&g, &Key::Turn, 10, 1);
        assert!(
            advice.candidates[1..]
                .windows(2)
                .all(|w| w[0].wins >= w[1].wins)
        );
        for c in &advice.candidates {
            assert!(g.read_answer(&Key::Turn, &c.answer).is_ok(), "{}", c.answer);
        }
    }
}
