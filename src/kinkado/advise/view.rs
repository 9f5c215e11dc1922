//! What the player can see, read from a game at one of their prompts; the checks on a
//! position described by hand; the advice as a table for people.

use std::fmt;

use super::{Advice, AloraBet, Candidate, Decision, Measure, Move, Position, unseen};
use crate::cards::Card;
use crate::kinkado::Rules;
use crate::kinkado::game::{Game, Key};
use crate::kinkado::round::Phase;
use crate::render::{Style, money};
use crate::session::{NoHint, Question};
use crate::view::{Choice, Column, Doc, Grid, Hint};

/// What is wrong with a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// A card appears more often than the pack holds it.
    TooMany(Card),
    /// More cards in hand than the advisor weighs (7).
    HandSize(usize),
    /// A hand is played with 2 to 5 cards.
    TooFewToPlay(usize),
    /// ALORA holds at most 7 cards.
    AloraSize(usize),
    /// More face-down cards than unseen cards.
    NotEnoughUnseen { hidden: usize, unseen: usize },
    /// The round is past the game's last.
    NoSuchRound { round: u32, rounds: u32 },
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::TooMany(c) => write!(f, "{c} is named more often than the pack holds it"),
            Problem::HandSize(n) => write!(f, "you hold at most 7 cards, not {n}"),
            Problem::TooFewToPlay(n) => {
                write!(f, "a hand is played with 2 to 5 cards: you hold {n}")
            }
            Problem::AloraSize(n) => write!(f, "ALORA holds at most 7 cards, not {n}"),
            Problem::NotEnoughUnseen { hidden, unseen } => write!(
                f,
                "ALORA cannot hold {hidden} face-down cards: only {unseen} cards are unseen"
            ),
            Problem::NoSuchRound { round, rounds } => {
                write!(f, "the game has {rounds} rounds: there is no round {round}")
            }
        }
    }
}

/// Why there is no advice at a prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unavailable {
    /// The advisor knows the solo game against ALORA only.
    NotSolo,
    /// With real cards kado cannot see the player's hand.
    CannotSee,
    /// The game is between rounds or over.
    NotADecision,
}

impl fmt::Display for Unavailable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Unavailable::NotSolo => "hints are for a solo game against ALORA",
            Unavailable::CannotSee => {
                "kado cannot see your cards with a real pack: ask `kado kinkado advise` with your hand"
            }
            Unavailable::NotADecision => "there is no decision of yours to advise on here",
        })
    }
}

/// Checks a position against the pack and the limits; every problem at once.
pub fn check(pos: &Position, rules: &Rules) -> Vec<Problem> {
    let mut problems = Vec::new();
    if pos.round == 0 || pos.round > rules.rounds {
        problems.push(Problem::NoSuchRound {
            round: pos.round,
            rounds: rules.rounds,
        });
    }
    if pos.hand.len() > 7 {
        problems.push(Problem::HandSize(pos.hand.len()));
    }
    if pos.decision == Decision::Play && pos.hand.len() < 2 {
        problems.push(Problem::TooFewToPlay(pos.hand.len()));
    }
    let alora = pos.alora_shown.len() + pos.alora_hidden;
    if alora > 7 {
        problems.push(Problem::AloraSize(alora));
    }
    let mut counts = [0usize; 53];
    let all = pos
        .hand
        .iter()
        .chain(&pos.alora_shown)
        .chain(&pos.market)
        .chain(&pos.pool_cards)
        .chain(&pos.seen);
    for c in all.clone() {
        counts[c.index().min(52)] += 1;
    }
    let mut reported = [false; 53];
    for c in all {
        let i = c.index().min(52);
        if counts[i] > c.copies_in_pack() && !reported[i] {
            reported[i] = true;
            problems.push(Problem::TooMany(*c));
        }
    }
    let unseen = unseen(pos).len();
    if problems.is_empty() && pos.alora_hidden > unseen {
        problems.push(Problem::NotEnoughUnseen {
            hidden: pos.alora_hidden,
            unseen,
        });
    }
    problems
}

/// What the player `seat` sees at a prompt of `phase` (never ALORA's face-down cards
/// nor the deck, which a game with a virtual pack knows).
pub fn position(game: &Game, seat: &str) -> Result<Position, Unavailable> {
    let decision = match game.phase {
        Phase::Sell => Decision::Sell,
        Phase::Buy => Decision::Buy,
        Phase::Bet => Decision::Bet,
        Phase::Reveal => Decision::Play,
        _ => return Err(Unavailable::NotADecision),
    };
    let (Some(a), Some(me), 2) = (
        game.seats.iter().position(|s| s.is_alora),
        game.seats
            .iter()
            .position(|s| crate::seat::same_name(&s.name, seat)),
        game.seats.len(),
    ) else {
        return Err(Unavailable::NotSolo);
    };
    let (you, her) = (&game.seats[me], &game.seats[a]);
    if you.hidden > 0 {
        return Err(Unavailable::CannotSee);
    }
    let (alora_shown, alora_hidden) = match &her.played {
        Some(cards) => (cards.clone(), 0),
        None => (
            her.face_up.clone(),
            her.held().saturating_sub(her.face_up.len()),
        ),
    };
    Ok(Position {
        round: game.round,
        decision,
        hand: you.known.clone(),
        stash: you.stash,
        bet: you.bet,
        alora_shown,
        alora_hidden,
        alora_stash: her.stash,
        alora_bet: her.bet.map(|amount| AloraBet {
            amount,
            bank: her.bank_bet,
        }),
        alora_first: game.order().first() == Some(&a),
        alora_sales_left: if decision == Decision::Sell && !her.done {
            crate::kinkado::alora::ALORA_SALES.saturating_sub(her.sold)
        } else {
            0
        },
        market: game.market.clone(),
        pool: game.pool,
        pool_cards: game.pool_cards.clone(),
        seen: Vec::new(),
    })
}

/// The seat a player's question is for (`sell:you` → `you`), if it is a decision.
pub fn asked_seat<'a>(game: &'a Game, q: &Question<Key>) -> Option<&'a str> {
    let i = q.key.seat()?;
    game.seats.get(i).map(|s| s.name.as_str())
}

/// A move for people: "sell 2♠ 3♥", "buy K♥ and 1 deck card", "bet $25", "play K♠ K♥".
pub fn describe(mv: &Move, s: Style) -> String {
    match mv {
        Move::Sell { cards } if cards.is_empty() => "sell nothing".into(),
        Move::Sell { cards } => format!("sell {}", s.cards(cards)),
        Move::Buy { market, deck } => {
            let mut parts = Vec::new();
            if !market.is_empty() {
                parts.push(s.cards(market));
            }
            if *deck > 0 {
                parts.push(crate::words::count(*deck, "deck card"));
            }
            if parts.is_empty() {
                "buy nothing".into()
            } else {
                format!("buy {}", parts.join(" and "))
            }
        }
        Move::Bet { amount } => format!("bet {}", money(i64::from(*amount))),
        Move::Play { cards } => format!("play {}", s.cards(cards)),
    }
}

fn percent(m: Measure, exact: bool) -> String {
    if exact {
        format!("{:.1}%", 100.0 * m.mean)
    } else {
        format!("{:.1}% ±{:.1}", 100.0 * m.mean, 100.0 * m.plus_minus)
    }
}

fn dollars(m: Measure, exact: bool) -> String {
    let sign = if m.mean >= 0.0 { "+" } else { "-" };
    if exact {
        format!("{sign}${:.1}", m.mean.abs())
    } else {
        format!("{sign}${:.1} ±{:.1}", m.mean.abs(), m.plus_minus)
    }
}

/// A move's figures: its chance to win the round, the money and the lead it ends the
/// round with, its chance to end the game ahead.
fn figures(c: &Candidate, exact: bool) -> [String; 4] {
    [
        percent(c.win, exact),
        dollars(c.money, exact),
        dollars(c.lead, exact),
        percent(c.game, exact),
    ]
}

/// The advice for people: the best `shown` candidates in a table, and how they were
/// counted.
pub fn doc(a: &Advice, shown: usize, s: Style) -> Doc {
    let Some(best) = a.candidates.first() else {
        return Doc::from("No move to weigh.\n");
    };
    let mut out = Doc::from(format!(
        "Round {}, {}: {} (type `{}`)\n",
        a.round,
        a.decision.name(),
        s.bold(&describe(&best.mv, s)),
        best.answer
    ));
    let mut t = Grid::new(["Move", "Win round", "Money", "Lead", "Game"]);
    for c in a.candidates.iter().take(shown) {
        t.row(std::iter::once(describe(&c.mv, s)).chain(figures(c, a.exact)));
    }
    out.push_grid(t);
    let more = a.candidates.len().saturating_sub(shown);
    if more > 0 {
        out += &format!("… and {} more (--json lists them all).\n", more);
    }
    out += &footnote(a);
    out
}

/// How the advice's figures were counted.
fn footnote(a: &Advice) -> String {
    let mut out = if a.exact {
        format!(
            "Exact: every set of ALORA's face-down cards counted once ({} of them, from {} unseen cards).\n",
            a.deals, a.unseen
        )
    } else {
        format!(
            "Sampled: {} deals of the {} unseen cards (seed {}); ± is a 95% interval.\n",
            a.deals,
            a.unseen,
            a.seed.unwrap_or(0)
        )
    };
    out += "Money and Lead: your stash and your lead over ALORA at the end of the round, less now. Game: the chance to end the game ahead, which ranks the moves.\n";
    out
}

/// Deals a hint at a prompt weighs each move on.
pub const HINT_SAMPLES: u64 = 5000;

/// The hint at a prompt of a game: the advice for the player asked, each move as it is
/// typed there, or why there is none (a question that is no player's decision).
pub fn hint(game: &Game, q: &Question<Key>) -> Result<Hint, NoHint> {
    let seat = asked_seat(game, q).ok_or(NoHint::NotAChoice)?;
    let pos = position(game, seat)
        .map_err(|why| NoHint::Advisor(crate::diag::Error::msg(format!("{why}."))))?;
    let a = super::advise(&pos, &game.rules, HINT_SAMPLES, 0, &|_, _| {});
    prompt_hint(&a, 5).ok_or(NoHint::NothingToWeigh)
}

/// The advice as a hint at a prompt: the best `shown` moves as typed there, with what
/// was left out and how they were counted.
fn prompt_hint(a: &Advice, shown: usize) -> Option<Hint> {
    let best = a.candidates.first()?;
    let mut h = Hint::new(
        "Type",
        vec![
            Column::new("Win round", 3),
            Column::new("Money", 2),
            Column::new("Lead", 1),
            Column::new("Game", 4),
        ],
    );
    h.headline = Some(format!(
        "Round {}, {}: {} (type `{}`)",
        a.round,
        a.decision.name(),
        describe(&best.mv, Style::PLAIN),
        best.answer
    ));
    for c in a.candidates.iter().take(shown) {
        h.row(
            Choice::typed(c.answer.clone()),
            figures(c, a.exact).to_vec(),
        );
    }
    let more = a.candidates.len().saturating_sub(shown);
    if more > 0 {
        h.more = Some(format!("… and {more} more (--json lists them all)."));
    }
    h.notes = footnote(a).lines().map(str::to_string).collect();
    Some(h)
}

/// The answer a player following the advice gives at a prompt (`None` when the advisor
/// has nothing to say there).
pub fn answer(game: &Game, q: &Question<Key>, samples: u64, seed: u64) -> Option<String> {
    let pos = position(game, asked_seat(game, q)?).ok()?;
    let a = super::advise(&pos, &game.rules, samples, seed, &|_, _| {});
    a.candidates.first().map(|c| c.answer.clone())
}
