//! Koi-Koi played by kado: the virtual deal, the policies (random, greedy and kado's own,
//! which weighs koi-koi against stopping by the expected value of going on), and whole
//! games between two policies, each written as a record that `check` accepts.

use serde::Serialize;

use super::cards::{Card, Kind, RibbonKind};
use super::error::RefereeError;
use super::record::{Call, Capture, Event, Line, Move, Record, Turn};
use super::referee::{DEALT, Drawn, Phase, Referee};
use crate::ruleset::Ruleset;
use crate::shuffle::Shuffler;

/// How a player chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Policy {
    /// Any legal card and capture; koi-koi or stop at random.
    Random,
    /// The play that takes the most now; always stops.
    Greedy,
    /// The greedy play; koi-koi or stop by the expected value of going on.
    Kado,
}

impl Policy {
    pub const NAMES: &'static str = "random, greedy or kado";

    pub fn from_name(name: &str) -> Option<Policy> {
        match name.trim().to_ascii_lowercase().as_str() {
            "random" => Some(Policy::Random),
            "greedy" => Some(Policy::Greedy),
            "kado" => Some(Policy::Kado),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Policy::Random => "random",
            Policy::Greedy => "greedy",
            Policy::Kado => "kado",
        }
    }
}

/// A shuffled deck dealt: the two hands, the table and the stock (drawn from the front).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dealt {
    pub hands: [Vec<Card>; 2],
    pub table: Vec<Card>,
    pub stock: Vec<Card>,
}

/// Deals a deck in order: the first player's hand, the second's, the table, the stock.
pub fn deal_from(order: &[Card]) -> Dealt {
    let part = |r: std::ops::Range<usize>| order.get(r).map(<[Card]>::to_vec).unwrap_or_default();
    Dealt {
        hands: [part(0..DEALT), part(DEALT..2 * DEALT)],
        table: part(2 * DEALT..3 * DEALT),
        stock: part(3 * DEALT..order.len()),
    }
}

/// A shuffled deck for `seed` and a round's `salt`.
pub fn shuffled(seed: u64, salt: u64) -> Vec<Card> {
    let mut deck = Card::deck();
    Shuffler::new(seed ^ salt.wrapping_mul(0x9E37_79B9_7F4A_7C15)).shuffle(&mut deck);
    deck
}

/// What a card is worth to its taker, roughly: brights most, plains least.
pub fn weight(c: Card) -> i64 {
    match (c.kind, c.ribbon_kind()) {
        (Kind::Bright, _) => 20,
        (Kind::Animal, _) if c.month == 9 => 15,
        (Kind::Animal, _) => 8,
        (Kind::Ribbon, Some(RibbonKind::Red)) => 4,
        (Kind::Ribbon, _) => 7,
        _ => 1,
    }
}

/// The ways to play `card`: its captures (one for each of two matches).
pub fn options(r: &Referee, card: Card) -> Vec<Move> {
    let matches = r.round.matches(card);
    match matches.as_slice() {
        [a, b] => {
            let mut v = vec![Move::new(card, Capture::Card(*a))];
            if a != b {
                v.push(Move::new(card, Capture::Card(*b)));
            }
            v
        }
        _ => vec![Move::new(card, Capture::Unsaid)],
    }
}

/// How good a move is at a glance: what it captures, less what it gives away.
fn glance(r: &Referee, m: &Move) -> i64 {
    match r.resolve(m) {
        Ok(taken) if taken.is_empty() => -weight(m.card) / 2,
        Ok(taken) => weight(m.card) + taken.iter().map(|c| weight(*c)).sum::<i64>(),
        Err(_) => i64::MIN / 2,
    }
}

/// The greedy choice among `moves`: the most yaku points, then the best at a glance.
fn greedy_move(r: &Referee, moves: &[Move], deep: bool) -> Option<Move> {
    let p = r.round.to_move;
    let before = r.score_of(p).base;
    moves.iter().copied().max_by_key(|m| {
        let gain = if deep {
            let mut next = r.clone();
            match next.play(p, m) {
                Ok(_) => next.score_of(p).base - before,
                Err(_) => -1000,
            }
        } else {
            0
        };
        gain * 100 + glance(r, m)
    })
}

/// A source of small random choices for the policies.
pub struct Dice(Shuffler);

impl Dice {
    pub fn new(seed: u64) -> Dice {
        Dice(Shuffler::new(seed))
    }

    fn below(&mut self, n: usize) -> usize {
        if n <= 1 { 0 } else { self.0.index(0..n) }
    }
}

/// The card the player to move plays, by `policy` (the hand must be known).
pub fn choose_play(r: &Referee, policy: Policy, dice: &mut Dice, deep: bool) -> Option<Move> {
    let p = r.round.to_move;
    let hand = r.round.hands[p].clone()?;
    let moves: Vec<Move> = hand.iter().flat_map(|c| options(r, *c)).collect();
    match policy {
        Policy::Random => moves.get(dice.below(moves.len())).copied(),
        Policy::Greedy | Policy::Kado => greedy_move(r, &moves, deep),
    }
}

/// What the drawn card takes, by `policy`.
pub fn choose_draw(r: &Referee, card: Card, policy: Policy, dice: &mut Dice) -> Move {
    let moves = options(r, card);
    let pick = match policy {
        Policy::Random => moves.get(dice.below(moves.len())).copied(),
        _ => greedy_move(r, &moves, false),
    };
    pick.unwrap_or(Move::new(card, Capture::Unsaid))
}

/// Rollouts per koi-koi decision.
const ROLLOUTS: usize = 24;

/// Koi-koi or stop, by `policy`, for the player to move (who must decide).
pub fn choose_call(r: &Referee, policy: Policy, dice: &mut Dice) -> Call {
    if r.koi_refused().is_some() {
        return Call::Stop;
    }
    match policy {
        Policy::Random if dice.below(2) == 0 => Call::Koi,
        Policy::Random | Policy::Greedy => Call::Stop,
        Policy::Kado => {
            let p = r.round.to_move;
            let now = r.score_of(p).total;
            let mut sum = 0;
            for _ in 0..ROLLOUTS {
                sum += rollout(r, p, dice);
            }
            // Go on when the points expected beat the points in hand.
            if sum > now * ROLLOUTS as i64 {
                Call::Koi
            } else {
                Call::Stop
            }
        }
    }
}

/// One play-out after a koi-koi call by `p`, with the cards `p` cannot see dealt at
/// random: the round's points for `p` (negative when the opponent wins it).
fn rollout(r: &Referee, p: usize, dice: &mut Dice) -> i64 {
    let mut unknown = r.hidden_from(p);
    dice.0.shuffle(&mut unknown);
    let opp_left = DEALT - r.round.turns[1 - p];
    let opp_hand: Vec<Card> = unknown.iter().copied().take(opp_left).collect();
    let stock: Vec<Card> = unknown.iter().copied().skip(opp_left).collect();
    let mut g = r.with_hand(1 - p, opp_hand);
    if g.call(Call::Koi).is_err() {
        return 0;
    }
    let mut stock = stock.into_iter();
    let played_before = g.results.len();
    while g.phase == Phase::Play {
        let Some(m) = choose_play(&g, Policy::Greedy, dice, false) else {
            break;
        };
        let mover = g.round.to_move;
        if g.play(mover, &m).is_err() {
            break;
        }
        let Some(card) = stock.next() else { break };
        let dm = choose_draw(&g, card, Policy::Greedy, dice);
        match g.draw(&dm) {
            Ok(Drawn { due: true, .. }) => {
                // The caller stops at the next yaku; the opponent always does.
                if g.call(Call::Stop).is_err() {
                    break;
                }
            }
            Ok(_) => {}
            Err(_) => break,
        }
    }
    match g.results.get(played_before) {
        Some(res) if res.winner == Some(p) => res.points,
        Some(res) if res.winner.is_some() => -res.points,
        _ => 0,
    }
}

/// A record of games between two policies: the events and the referee they end in.
pub struct Played {
    pub events: Vec<Event>,
    pub referee: Referee,
}

/// Plays a whole game between `policies` (the first player first), dealt from `seed`.
pub fn play_game(
    rs: &Ruleset,
    players: &[String; 2],
    policies: [Policy; 2],
    seed: u64,
) -> Result<Played, RefereeError> {
    let mut r = Referee::new(players, rs)?;
    let mut events = vec![Event::Players(players.clone())];
    let mut dice = Dice::new(seed.wrapping_add(1));
    let mut deal_no = 0u64;
    while r.phase != Phase::Over {
        if r.phase == Phase::Between {
            r.start_round()?;
            events.push(Event::Round);
        }
        deal_no += 1;
        let dealt = deal_from(&shuffled(seed, deal_no));
        play_round(&mut r, &mut events, &dealt, policies, &mut dice)?;
        if deal_no > 1000 {
            break;
        }
    }
    Ok(Played { events, referee: r })
}

/// Deals and plays one round (or the deal that ends it).
fn play_round(
    r: &mut Referee,
    events: &mut Vec<Event>,
    dealt: &Dealt,
    policies: [Policy; 2],
    dice: &mut Dice,
) -> Result<(), RefereeError> {
    for p in 0..2 {
        r.hand(p, &dealt.hands[p])?;
        events.push(Event::Hand {
            player: r.name(p).to_string(),
            cards: dealt.hands[p].clone(),
        });
    }
    r.table(&dealt.table)?;
    events.push(Event::Table(dealt.table.clone()));
    let mut stock = dealt.stock.iter().copied();
    while r.phase == Phase::Play {
        let p = r.round.to_move;
        let deep = policies[p] != Policy::Random;
        let Some(played) = choose_play(r, policies[p], dice, deep) else {
            break;
        };
        r.play(p, &played)?;
        let Some(card) = stock.next() else { break };
        let drawn = choose_draw(r, card, policies[p], dice);
        let Drawn { due, .. } = r.draw(&drawn)?;
        let call = due.then(|| choose_call(r, policies[p], dice));
        if let Some(c) = call {
            r.call(c)?;
        }
        events.push(Event::Turn(Turn {
            player: r.name(p).to_string(),
            played,
            drawn,
            call,
        }));
    }
    Ok(())
}

/// Many games between two policies.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Report {
    pub games: u64,
    pub seed: u64,
    pub policies: [Policy; 2],
    /// Games won by each policy, and drawn.
    pub wins: [u64; 2],
    pub draws: u64,
    pub win_rates: [f64; 2],
    /// Each policy's average points at the end of a game.
    pub average_points: [f64; 2],
    pub rounds: u64,
}

/// Plays `games` games; the policies swap seats every other game.
pub fn simulate(
    rs: &Ruleset,
    games: u64,
    seed: u64,
    policies: [Policy; 2],
    mut progress: impl FnMut(u64),
) -> Result<Report, RefereeError> {
    let names = ["a".to_string(), "b".to_string()];
    let mut wins = [0u64; 2];
    let mut draws = 0;
    let mut points = [0i64; 2];
    let mut rounds = 0u64;
    for g in 0..games {
        let swap = g % 2 == 1;
        let seats = if swap {
            [policies[1], policies[0]]
        } else {
            policies
        };
        let played = play_game(rs, &names, seats, seed.wrapping_add(g))?;
        let l = &played.referee.ledger;
        rounds += l.played() as u64;
        let score = |i: usize| l.scores[if swap { 1 - i } else { i }];
        for (i, pts) in points.iter_mut().enumerate() {
            *pts += score(i);
        }
        match score(0).cmp(&score(1)) {
            std::cmp::Ordering::Greater => wins[0] += 1,
            std::cmp::Ordering::Less => wins[1] += 1,
            std::cmp::Ordering::Equal => draws += 1,
        }
        progress(g + 1);
    }
    let n = games.max(1) as f64;
    Ok(Report {
        games,
        seed,
        policies,
        wins,
        draws,
        win_rates: [wins[0] as f64 / n, wins[1] as f64 / n],
        average_points: [points[0] as f64 / n, points[1] as f64 / n],
        rounds,
    })
}

/// A record of `games` games between two policies, as text `check` reads.
pub fn record_of_games(
    rs: &Ruleset,
    games: u64,
    seed: u64,
    policies: [Policy; 2],
) -> Result<Record, RefereeError> {
    let names = ["ana".to_string(), "ben".to_string()];
    let mut lines = Vec::new();
    for g in 0..games {
        let played = play_game(rs, &names, policies, seed.wrapping_add(g))?;
        for event in played.events {
            lines.push(Line {
                line: lines.len() + 1,
                event,
            });
        }
    }
    Ok(Record { lines })
}
