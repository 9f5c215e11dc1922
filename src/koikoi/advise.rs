//! The Koi-Koi advisor: at the player's decision (a card to play and what it takes, the
//! capture of a drawn card with two matches, koi or stop), every legal answer weighed by
//! the points of the round it leads to, over deals of the cards the player cannot see.
//!
//! A deal gives the opponent a hand and orders the stock from the unseen cards at random
//! (the real hidden cards are never looked at); the same deals judge every answer. After
//! the answer the round is played out by the greedy policy for both players, who stop at
//! their first yaku. A round won counts its points, one lost counts them against, a draw 0.
//! Koi is weighed the same way; stop is worth the points in hand, for certain.

use crate::view::{Choice, Column, Doc, Hint};
use serde::Serialize;

use super::cards::Card;
use super::playout::Mv;
use super::record::{Capture, Move};
use super::referee::{Phase, Referee};
use super::sample::{self, Dice};
use super::sim;

/// Deals a hint at the table weighs (a few milliseconds in a release build).
pub const HINT_SAMPLES: usize = 200;

/// One answer, weighed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Candidate {
    /// The answer as it is typed at the prompt.
    pub answer: String,
    /// What it does, in words.
    pub reason: String,
    /// The round's points expected for the player (negative: for the opponent).
    pub points: f64,
    /// Half the width of the 95% interval of `points`.
    pub margin: f64,
    /// The chance, roughly, to win the game after the round (from the lead it leaves and
    /// the rounds left: `sample::game_value`), which ranks the answers.
    pub game: f64,
    /// Half the width of the 95% interval of `game`.
    pub game_margin: f64,
}

/// The advice at one decision.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Advice {
    /// The player advised.
    pub player: String,
    /// The decision: play, draw or call.
    pub question: &'static str,
    /// Best first.
    pub candidates: Vec<Candidate>,
    /// Deals weighed per answer, and their seed.
    pub samples: usize,
    pub seed: u64,
}

/// The decision the player to move faces in `r`, and its answers: `drawn` is the card
/// being drawn (at a draw with two matches). `None` when the player has no choice to
/// make or their hand is not known.
fn answers(r: &Referee, drawn: Option<Card>) -> Option<Vec<Move>> {
    let p = r.round.to_move;
    match r.phase {
        Phase::Play => {
            r.round.hands[p].as_ref()?;
            Some(sim::distinct_plays(r, p))
        }
        Phase::Draw => Some(sim::options(r, drawn?)),
        _ => None,
    }
}

/// The advice for the player to move in `r` (the drawn card given at a draw), weighing
/// each answer over `samples` deals from `seed`. `None` when there is no choice to weigh.
pub fn advise(r: &Referee, drawn: Option<Card>, samples: usize, seed: u64) -> Option<Advice> {
    let samples = samples.max(2);
    let p = r.round.to_move;
    let mut dice = Dice::new(seed);
    let candidates = if r.phase == Phase::Call {
        if r.koi_refused().is_some() {
            return None;
        }
        call_candidates(r, samples, &mut dice)
    } else {
        let moves = answers(r, drawn)?;
        if moves.len() < 2 {
            return None;
        }
        let seen = (r.phase == Phase::Draw).then_some(moves[0].card);
        let hidden = sample::unseen(r, p, seen);
        let deals = sample::deal_unseen(r, p, &hidden, samples, &mut dice);
        // Each answer's play-outs on a core of its own: the same points in the same order
        // whatever the cores, so the advice for a seed stays the same.
        let points = crate::par::map(moves.len(), crate::par::cores(), |i| {
            let fast = Mv::of(&moves[i]);
            deals
                .iter()
                .map(|d| d.round.after(p, fast, &d.stock))
                .collect::<Vec<i64>>()
        });
        let mut out: Vec<Candidate> = moves
            .iter()
            .zip(&points)
            .map(|(m, points)| weighed(r, answer_text(r, m), reason(r, m), points))
            .collect();
        ranked(&mut out);
        out
    };
    let question = match r.phase {
        Phase::Call => "call",
        Phase::Draw => "draw",
        _ => "play",
    };
    Some(Advice {
        player: r.name(p).to_string(),
        question,
        candidates,
        samples,
        seed,
    })
}

/// Koi against stop: stop keeps the points in hand; koi is played out.
fn call_candidates(r: &Referee, samples: usize, dice: &mut Dice) -> Vec<Candidate> {
    let p = r.round.to_move;
    let now = r.score_of(p).total;
    let hidden = sample::unseen(r, p, None);
    let deals = sample::deal_unseen(r, p, &hidden, samples, dice);
    let koi = crate::par::map(deals.len(), crate::par::cores(), |j| {
        deals[j].round.rollout(p, &deals[j].stock)
    });
    let mut out = vec![
        weighed(
            r,
            "koi".into(),
            "plays on for more (the opponent may score first)".into(),
            &koi,
        ),
        weighed(
            r,
            "stop".into(),
            format!("ends the round with the {now} points in hand"),
            &[now, now],
        ),
    ];
    ranked(&mut out);
    out
}

/// An answer weighed by the round's `points` it led to on each deal: their mean, and the
/// chance to win the game they leave, each with its interval.
fn weighed(r: &Referee, answer: String, reason: String, points: &[i64]) -> Candidate {
    let p = r.round.to_move;
    let (points_mean, margin) =
        crate::stats::mean_and_margin(&points.iter().map(|x| *x as f64).collect::<Vec<_>>());
    let games: Vec<f64> = points
        .iter()
        .map(|x| sample::game_value(r, p, *x))
        .collect();
    let (game, game_margin) = crate::stats::mean_and_margin(&games);
    Candidate {
        answer,
        reason,
        points: points_mean,
        margin,
        game,
        game_margin,
    }
}

/// Best first: the better chance to win the game, then the more points.
fn ranked(out: &mut [Candidate]) {
    out.sort_by(|a, b| {
        b.game
            .total_cmp(&a.game)
            .then(b.points.total_cmp(&a.points))
    });
}

/// The answer as the prompt takes it: the move at a play; at a draw, the card captured.
fn answer_text(r: &Referee, m: &Move) -> String {
    match (r.phase, m.capture) {
        (Phase::Draw, Capture::Card(c)) => c.to_string(),
        _ => m.to_string(),
    }
}

/// What a move does, in words.
fn reason(r: &Referee, m: &Move) -> String {
    match r.resolve(m) {
        Ok(taken) if taken.is_empty() => format!("lays {} on the table", m.card),
        Ok(taken) => {
            let cards: Vec<String> = taken.iter().map(ToString::to_string).collect();
            format!("takes {}", cards.join(" "))
        }
        Err(_) => String::new(),
    }
}

/// Why a record gets no advice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoAdvice {
    /// The record holds no game.
    NoGame,
    /// A line breaks a rule: the advice would build on it.
    Illegal { line: usize, why: String },
    /// No player is to decide: between rounds, dealing, or the game over.
    NoDecision { next: String },
    /// The player to play has one way on, or their hand is not in the record.
    NoChoice { player: String, known: bool },
}

impl std::fmt::Display for NoAdvice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoAdvice::NoGame => f.write_str("the record holds no game"),
            NoAdvice::Illegal { line, why } => write!(
                f,
                "line {line} of the record breaks a rule ({why}); `kado koikoi check` says more"
            ),
            NoAdvice::NoDecision { next } => {
                write!(
                    f,
                    "no player has a choice to make where the record stops: {next}"
                )
            }
            NoAdvice::NoChoice {
                player,
                known: true,
            } => {
                write!(
                    f,
                    "{player} has one way to go on: there is nothing to weigh"
                )
            }
            NoAdvice::NoChoice {
                player,
                known: false,
            } => write!(
                f,
                "{player}'s hand is not in the record: write it with the round's deal (`{player}: CARDS`) to be advised"
            ),
        }
    }
}

/// The advice for the player about to act where the record's last game stops, its
/// lines refereed under `rs` first.
pub fn advise_record(
    rec: &super::record::Record,
    rs: &crate::ruleset::Ruleset,
    samples: usize,
    seed: u64,
) -> Result<Advice, NoAdvice> {
    let v = super::check::check(rec, rs);
    let game = v.games.last().ok_or(NoAdvice::NoGame)?;
    if let Some(i) = &game.illegal {
        return Err(NoAdvice::Illegal {
            line: i.line,
            why: i.error.to_string(),
        });
    }
    let r = game.referee.as_ref().ok_or(NoAdvice::NoGame)?;
    if !matches!(r.phase, Phase::Play | Phase::Call) {
        return Err(NoAdvice::NoDecision {
            next: r.next_words(),
        });
    }
    let p = r.round.to_move;
    advise(r, None, samples, seed).ok_or_else(|| NoAdvice::NoChoice {
        player: r.name(p).to_string(),
        known: r.round.hands[p].is_some(),
    })
}

impl Advice {
    /// The advice as a table, best first.
    pub fn doc(&self) -> Doc {
        self.hint().doc()
    }

    /// The candidates as a hint, best first, each row the answer it stands for.
    pub fn hint(&self) -> Hint {
        let mut h = Hint::new(
            "Answer",
            vec![
                Column::new("Points", 3),
                Column::new("Game", 2),
                Column::new("What it does", 1),
            ],
        );
        for c in &self.candidates {
            h.row(
                Choice::typed(c.answer.clone()),
                vec![
                    format!("{:+.1} ± {:.1}", no_negative_zero(c.points), c.margin),
                    format!("{:.0}% ± {:.0}", 100.0 * c.game, 100.0 * c.game_margin),
                    c.reason.clone(),
                ],
            );
        }
        h.notes.push(format!(
            "Points: the round's points {} expects, over {} deals of the cards unseen (seed {}; the opponent dealt none that would have taken more than a card they played), each round played out by the greedy policy; the same deals for every answer. Game: the chance, roughly, to win the game after the round, from the lead and the rounds left; it ranks the answers. ± is a 95% interval.",
            self.player, self.samples, self.seed
        ));
        h
    }
}

/// `x` to one decimal, with -0.0 shown as 0.0 (`+0.0`, not `-0.0`).
fn no_negative_zero(x: f64) -> f64 {
    if (x * 10.0).round() == 0.0 { 0.0 } else { x }
}

/// The rules and rulings behind the advice: those the refereeing of the record and the
/// play-outs read, each of which can change the figures ([`sim::in_play`]).
pub fn explain(rs: &crate::ruleset::Ruleset) -> crate::explain::Explain {
    let rules = super::Rules::from_ruleset(rs);
    let mut x = crate::explain::Explain::new();
    x.rule("The record is refereed and each answer is weighed under the rulings below; each can change the figures.");
    x.rule("Each answer is played out over deals of the cards the player cannot see, both players by the greedy policy, who stop at their first yaku; koi is weighed the same way, and stop is worth the points in hand.");
    x.0.extend(sim::rules_read(rs, &rules, |id| sim::in_play(id, &rules)).0);
    x
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::koikoi::game::{Deck, Game, Key, Setup};
    use crate::koikoi::ruling::{self, Id};
    use crate::koikoi::sim::tests::{all_but, named};
    use crate::ruleset::Ruleset;
    use crate::session::{Session, Step};

    #[test]
    fn explain_names_the_rulings_the_advice_reads() {
        let rs = Ruleset::builtin("koikoi").unwrap();
        let x = explain(&rs);
        assert!(
            x.0[0]
                .rule
                .starts_with("The record is refereed and each answer")
        );
        assert_eq!(named(&x), all_but(&[Id::Rain]));
        let rain = rs.with(ruling::ViewingYaku::RainRuins).unwrap();
        assert_eq!(named(&explain(&rain)), all_but(&[]));
        let plain = (rs.with(ruling::Teshi::Redeal).unwrap())
            .with(ruling::Kuttsuki::Off)
            .unwrap();
        assert_eq!(
            named(&explain(&plain)),
            all_but(&[Id::Rain, Id::DealCheckOrder, Id::BothInstant])
        );
    }

    #[test]
    fn koikoi_advise_printed_negative_zero() {
        let shown = |x: f64| format!("{:+.1}", no_negative_zero(x));
        assert_eq!(shown(-0.04), "+0.0");
        assert_eq!(shown(-0.0), "+0.0");
        assert_eq!(shown(-0.05), "-0.1");
        assert_eq!(shown(0.26), "+0.3");
    }

    fn game(seed: u64) -> Game {
        let setup = Setup {
            players: vec!["ana".into(), "ben".into()],
            deck: Deck::Virtual { seed },
            kado: None,
            private: false,
        };
        Game::start(&setup, &Ruleset::builtin("koikoi").unwrap()).unwrap()
    }

    /// The advice at every play and call of a few games: its answers are the legal ones
    /// (each taken by the game as typed), best first; stop is worth the points in hand.
    #[test]
    fn every_answer_advised_is_legal_and_ranked() {
        let (mut plays, mut calls) = (0, 0);
        for seed in [1, 2, 3] {
            let mut g = game(seed);
            let mut dice = Dice::new(seed);
            for _ in 0..400 {
                let action = match g.next() {
                    Step::Done => break,
                    Step::Auto(a) => a,
                    Step::Ask(q) => {
                        let r = &g.referee;
                        let drawn = g.card_being_drawn();
                        let drawn = (q.key == Key::DrawCapture).then_some(drawn).flatten();
                        if let Some(a) = advise(r, drawn, 8, seed) {
                            let ranks: Vec<(f64, f64)> =
                                a.candidates.iter().map(|c| (c.game, c.points)).collect();
                            assert!(
                                ranks
                                    .windows(2)
                                    .all(|w| w[0].0 > w[1].0
                                        || (w[0].0 == w[1].0 && w[0].1 >= w[1].1)),
                                "{ranks:?}"
                            );
                            for c in &a.candidates {
                                assert!(g.answer(&q, &c.answer).is_ok(), "{}", c.answer);
                                assert!(c.margin.is_finite());
                                assert!((0.0..=1.0).contains(&c.game), "{}", c.game);
                            }
                            if q.key == Key::Call {
                                calls += 1;
                                let stop = a.candidates.iter().find(|c| c.answer == "stop");
                                let now = r.score_of(r.round.to_move).total as f64;
                                assert_eq!(stop.map(|c| (c.points, c.margin)), Some((now, 0.0)));
                            } else {
                                plays += 1;
                                let mut legal: Vec<String> =
                                    g.choices(&q).into_iter().map(|c| c.typed).collect();
                                legal.sort();
                                let mut advised: Vec<String> =
                                    a.candidates.iter().map(|c| c.answer.clone()).collect();
                                advised.sort();
                                if q.key == Key::Play {
                                    assert_eq!(advised, legal);
                                }
                            }
                        }
                        // Greedy play, and koi when allowed, to reach more calls.
                        let text = match q.key {
                            Key::Call => "koi".to_string(),
                            Key::DrawCapture => {
                                let card = drawn.unwrap();
                                let m = sim::choose_draw(r, card, sim::Policy::Greedy, &mut dice);
                                match m.capture {
                                    Capture::Card(c) => c.to_string(),
                                    _ => m.to_string(),
                                }
                            }
                            _ => sim::choose_play(r, sim::Policy::Greedy, &mut dice, false)
                                .unwrap()
                                .to_string(),
                        };
                        match g.answer(&q, &text) {
                            Ok(a) => a,
                            Err(_) => g.answer(&q, "stop").unwrap(),
                        }
                    }
                };
                g.apply(&action).unwrap();
            }
        }
        assert!(plays > 20 && calls > 0, "plays {plays}, calls {calls}");
    }
}
