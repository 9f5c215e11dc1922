//! Koi-Koi played by kado: the virtual deal, the policies (random, greedy, eager, and
//! kado's own, which plays by the advisor's measure, the chance to win the game), and
//! whole games between two policies, each written as a record that `check` accepts.

use serde::Serialize;

use super::Rules;
use super::cards::Card;
use super::error::RefereeError;
use super::playout::Mv;
use super::record::{Call, Capture, Event, Line, Move, Record, Turn};
use super::referee::{DEALT, Drawn, Phase, Referee};
use super::ruling::{self, Id};
pub use super::sample::Dice;
use super::sample::{Deal, deal_unseen, greedy_best, greedy_key, unseen};
use super::weigh::{Effort, advised_call, advised_move};
use crate::diag::{Error, Problem, Source};
use crate::explain::Explain;
use crate::ruleset::Ruleset;
use crate::shuffle::Shuffler;
use crate::stop::Stop;

/// How a player chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Policy {
    /// Any legal card and capture; koi-koi or stop at random.
    Random,
    /// The play that takes the most now; always stops.
    Greedy,
    /// The first card of the hand that captures anything (the first match when two do),
    /// else the first card; always stops: a player who takes whatever they can and cashes
    /// in at once.
    Eager,
    /// Every card, capture and koi-koi weighed by the advisor: the round's expected point
    /// difference over play-outs of the cards it cannot see, dealt at random; the weighing
    /// of a choice stops as soon as its answer is clear (`weigh::Effort::Sequential`).
    Kado,
    /// kado's policy weighing every choice over its whole budget of deals, never stopping
    /// early (`weigh::Effort::Full`): the policy as it was before the early stop, which the
    /// cheaper one must hold its own against head to head (BENCHMARKS.md, "Koi-Koi
    /// policy"). Not the advisor's own code twice: the same weighing, told not to stop. A
    /// name `--policy` takes without listing it.
    #[serde(rename = "kado-full")]
    KadoFull,
    /// kado's policy before it played by the chance to win the game: the greedy eye's
    /// three best plays weighed by the round's points over 12 play-outs, koi-koi over 24;
    /// kept for the head-to-head against it.
    Shortlist,
}

impl Policy {
    pub const NAMES: &'static str = "random, greedy, eager, kado or shortlist";

    pub fn from_name(name: &str) -> Option<Policy> {
        match name.trim().to_ascii_lowercase().as_str() {
            "random" => Some(Policy::Random),
            "greedy" => Some(Policy::Greedy),
            "eager" => Some(Policy::Eager),
            "kado" => Some(Policy::Kado),
            "kado-full" => Some(Policy::KadoFull),
            "shortlist" => Some(Policy::Shortlist),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Policy::Random => "random",
            Policy::Greedy => "greedy",
            Policy::Eager => "eager",
            Policy::Kado => "kado",
            Policy::KadoFull => "kado-full",
            Policy::Shortlist => "shortlist",
        }
    }
}

impl Policy {
    /// Whether the policy ever calls koi-koi (greedy and eager always stop).
    pub fn calls_koi(self) -> bool {
        match self {
            Policy::Random | Policy::Kado | Policy::KadoFull | Policy::Shortlist => true,
            Policy::Greedy | Policy::Eager => false,
        }
    }
}

/// The rulings read only once a player has called koi-koi.
pub const KOI_RULINGS: [Id; 5] = [
    Id::AnotherYaku,
    Id::KoiCalls,
    Id::BothKoi,
    Id::LastCardKoi,
    Id::KoiExhausted,
];

/// Whether a game under `rules` reads ruling `id` at all: which card is rain only when
/// rain ruins the viewing yaku; the order of the deal's checks and what two instant wins
/// do only when a dealt hand can win at once.
pub fn in_play(id: Id, rules: &Rules) -> bool {
    match id {
        Id::Rain => match rules.ruled.viewing_yaku {
            ruling::ViewingYaku::RainRuins => true,
            ruling::ViewingYaku::Enabled
            | ruling::ViewingYaku::WithAnotherYaku
            | ruling::ViewingYaku::Disabled
            | ruling::ViewingYaku::RaisedByKoi => false,
        },
        Id::DealCheckOrder | Id::BothInstant => {
            let teshi = match rules.ruled.teshi {
                ruling::Teshi::InstantWin => true,
                ruling::Teshi::Redeal | ruling::Teshi::Off => false,
            };
            let kuttsuki = match rules.ruled.kuttsuki {
                ruling::Kuttsuki::InstantWin => true,
                ruling::Kuttsuki::Off => false,
            };
            teshi || kuttsuki
        }
        _ => true,
    }
}

/// The referee's rules and the yaku's, each reason keeping the rulings `read` keeps.
pub(super) fn rules_read(rs: &Ruleset, rules: &Rules, read: impl Fn(Id) -> bool) -> Explain {
    let mut x = super::referee::explain(rs, rules);
    x.ruled(
        "Yaku score as the rules in force say: how the animal and ribbon yaku combine, the sake cup, the viewing yaku and the four cards of the round's month.",
        rs,
        &[Id::YakuGroups, Id::AkatanAotanPair, Id::SakeCup, Id::ViewingYaku, Id::Rain, Id::Tsukifuda],
    );
    for r in &mut x.0 {
        r.rulings
            .retain(|x| (Id::ALL.iter()).any(|id| id.id() == x.id && read(*id)));
    }
    x
}

/// How the games of a simulation between `policies` are played, and under which
/// rulings: those the games read, each of which can change the figures; the koi-koi
/// rulings only when a policy calls koi-koi.
pub fn explain(rs: &Ruleset, policies: [Policy; 2]) -> Explain {
    let rules = Rules::from_ruleset(rs);
    let koi = policies.iter().any(|p| p.calls_koi());
    let mut x = Explain::new();
    x.rule("The games are played under the rulings below; each can change the figures.");
    x.rule("Each game is dealt from the run's seed and played whole through the referee, each player by their policy; the policies swap seats every other game.");
    if !koi {
        x.rule(
            "Neither policy calls koi-koi, so the rulings on koi-koi calls never come into play.",
        );
    }
    let read = |id: Id| in_play(id, &rules) && (koi || !KOI_RULINGS.contains(&id));
    x.0.extend(rules_read(rs, &rules, read).0);
    x
}

/// The most games one simulation plays.
pub const MAX_GAMES: u64 = 100_000;

/// A simulation as asked for: the two policies of `--policy A,B`, and `games` from 1 to
/// [`MAX_GAMES`].
pub fn read_request(policy: &str, games: u64) -> Result<[Policy; 2], Error> {
    let src = Source::new("--policy", policy);
    let policies: Vec<Policy> = policy.split(',').filter_map(Policy::from_name).collect();
    let [a, b] = policies.as_slice() else {
        return Err(Error::from(
            Problem::new(format!("`{policy}` is not two policies"))
                .at(&src, 0..policy.len())
                .expected(format!("two of {}, e.g. kado,greedy", Policy::NAMES)),
        ));
    };
    if !(1..=MAX_GAMES).contains(&games) {
        return Err(Error::from(
            Problem::new(format!("--games {games} is not 1 to {MAX_GAMES}"))
                .expected(format!("1 to {MAX_GAMES} games")),
        ));
    }
    Ok([*a, *b])
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

/// The greedy choice among `moves`: the most yaku points, then the best at a glance.
/// Every play `p` may make, once each as it is written (two cards of a month with one
/// code, two plain maples, are one answer): what the advisor weighs and the view lists.
pub fn distinct_plays(r: &Referee, p: usize) -> Vec<Move> {
    let mut seen = std::collections::BTreeSet::new();
    r.playable(p)
        .iter()
        .flat_map(|c| options(r, *c))
        .filter(|m| seen.insert(m.to_string()))
        .collect()
}

/// The first move that captures anything, else the first move.
fn eager_move(r: &Referee, moves: &[Move]) -> Option<Move> {
    moves
        .iter()
        .copied()
        .find(|m| r.resolve(m).is_ok_and(|taken| !taken.is_empty()))
        .or_else(|| moves.first().copied())
}

fn greedy_move(r: &Referee, moves: &[Move], deep: bool) -> Option<Move> {
    moves.iter().copied().max_by_key(|m| greedy_key(r, m, deep))
}

/// The card the player to move plays, by `policy` (the hand must be known).
pub fn choose_play(r: &Referee, policy: Policy, dice: &mut Dice, deep: bool) -> Option<Move> {
    let p = r.round.to_move;
    r.round.hands[p].as_ref()?;
    let moves: Vec<Move> = r.playable(p).iter().flat_map(|c| options(r, *c)).collect();
    match policy {
        Policy::Random => moves.get(dice.below(moves.len())).copied(),
        Policy::Greedy => greedy_move(r, &moves, deep),
        Policy::Eager => eager_move(r, &moves),
        Policy::Kado => advised_move(r, &moves, dice, Effort::Sequential),
        Policy::KadoFull => advised_move(r, &moves, dice, Effort::Full),
        Policy::Shortlist => best_move(r, &moves, dice),
    }
}

/// What the drawn card takes, by `policy`.
pub fn choose_draw(r: &Referee, card: Card, policy: Policy, dice: &mut Dice) -> Move {
    let moves = options(r, card);
    let pick = match policy {
        Policy::Random => moves.get(dice.below(moves.len())).copied(),
        Policy::Greedy => greedy_move(r, &moves, false),
        Policy::Eager => eager_move(r, &moves),
        Policy::Kado => advised_move(r, &moves, dice, Effort::Sequential),
        Policy::KadoFull => advised_move(r, &moves, dice, Effort::Full),
        Policy::Shortlist => best_move(r, &moves, dice),
    };
    pick.unwrap_or(Move::new(card, Capture::Unsaid))
}

/// Rollouts per koi-koi decision.
const ROLLOUTS: usize = 24;

/// The moves weighed by play-outs for one choice of a card or a capture.
const CANDIDATES: usize = 3;

/// Deals of the hidden cards for one choice of a card or a capture.
const DEALS: usize = 12;

/// The points per deal, on average, by which a move must beat the greedy choice.
const MARGIN: i64 = 1;

/// Koi-koi or stop, by `policy`, for the player to move (who must decide).
pub fn choose_call(r: &Referee, policy: Policy, dice: &mut Dice) -> Call {
    if r.koi_refused().is_some() {
        return Call::Stop;
    }
    match policy {
        Policy::Random if dice.below(2) == 0 => Call::Koi,
        Policy::Random | Policy::Greedy | Policy::Eager => Call::Stop,
        Policy::Kado => advised_call(r, dice, Effort::Sequential),
        Policy::KadoFull => advised_call(r, dice, Effort::Full),
        Policy::Shortlist => {
            let p = r.round.to_move;
            let now = r.score_of(p).total;
            let hidden = unseen(r, p, None);
            let mut sum = 0;
            for d in deal_unseen(r, p, &hidden, ROLLOUTS, dice) {
                sum += d.round.rollout(p, &d.stock);
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

/// `n` deals of what the player to move cannot see, for weighing `moves` (at a draw, the
/// card being drawn is seen: it is none of the hidden ones).
fn deals<'a>(r: &'a Referee, moves: &[Move], n: usize, dice: &mut Dice) -> Vec<Deal<'a>> {
    let p = r.round.to_move;
    let drawn = (r.phase == Phase::Draw)
        .then(|| moves.first().map(|m| m.card))
        .flatten();
    let hidden = unseen(r, p, drawn);
    deal_unseen(r, p, &hidden, n, dice)
}

/// The move among `moves` (all of the player to move, whose card or draw it is) with the
/// best expected point difference for the round, over play-outs of the hidden cards dealt
/// at random. Only the greedy eye's best few are weighed (the rest give away more and take
/// less); the same deals judge each of them, and the greedy choice stands unless another
/// beats it by a margin.
fn best_move(r: &Referee, moves: &[Move], dice: &mut Dice) -> Option<Move> {
    let ranked = greedy_best(r, moves.iter().copied(), CANDIDATES);
    if ranked.len() <= 1 {
        return ranked.first().map(|(_, m)| *m);
    }
    let p = r.round.to_move;
    let guesses = deals(r, moves, DEALS, dice);
    let worth = |m: &Move| -> i64 {
        let m = Mv::of(m);
        guesses.iter().map(|d| d.round.after(p, m, &d.stock)).sum()
    };
    let (greedy, rest) = ranked.split_first()?;
    // Leaving the greedy choice takes at least MARGIN points more per deal on average: with
    // a dozen deals, smaller differences are mostly the luck of the deals.
    let bar = worth(&greedy.1) + MARGIN * DEALS as i64;
    let mut best = (bar, greedy.1);
    for (_, m) in rest {
        let w = worth(m);
        if w > best.0 {
            best = (w, *m);
        }
    }
    Some(best.1)
}

/// The round's points for `p` (negative when the opponent wins it) when `m` is played
/// or drawn in `g` and the round is played out with `stock`, through the referee: the
/// straightforward play-out the fast one ([`Position::after`]) is checked against.
#[cfg(test)]
pub(super) fn after(g: &Referee, p: usize, m: &Move, stock: Vec<Card>) -> i64 {
    let mut g = g.clone();
    let from = g.results.len();
    let mut stock = stock.into_iter();
    let drawn = if g.phase == Phase::Draw {
        Some(*m)
    } else if g.play(p, m).is_ok() {
        stock
            .next()
            .map(|card| choose_draw(&g, card, Policy::Greedy, &mut Dice::new(0)))
    } else {
        None
    };
    match drawn.map(|d| g.draw(&d)) {
        // At a yaku the play-out stops, as greedy does.
        Some(Ok(Drawn { due: true, .. })) if g.call(Call::Stop).is_err() => 0,
        Some(Ok(_)) => play_out(g, p, from, stock),
        _ => -1000,
    }
}

/// One play-out after a koi-koi call by `p` in `g`: the round's points for `p`, through
/// the referee (see [`after`]).
#[cfg(test)]
pub(super) fn rollout(mut g: Referee, p: usize, stock: Vec<Card>) -> i64 {
    let from = g.results.len();
    if g.call(Call::Koi).is_err() {
        return 0;
    }
    play_out(g, p, from, stock.into_iter())
}

/// Plays the round in `g` out with greedy plays from `stock` (both players stop at their
/// next yaku): the points of the round that is result `from`, for `p`; negative when the
/// opponent wins it.
#[cfg(test)]
fn play_out(mut g: Referee, p: usize, from: usize, mut stock: impl Iterator<Item = Card>) -> i64 {
    let mut dice = Dice::new(0);
    while g.phase == Phase::Play {
        let Some(m) = choose_play(&g, Policy::Greedy, &mut dice, true) else {
            break;
        };
        let mover = g.round.to_move;
        if g.play(mover, &m).is_err() {
            break;
        }
        let Some(card) = stock.next() else { break };
        let dm = choose_draw(&g, card, Policy::Greedy, &mut dice);
        match g.draw(&dm) {
            Ok(Drawn { due: true, .. }) => {
                if g.call(Call::Stop).is_err() {
                    break;
                }
            }
            Ok(_) => {}
            Err(_) => break,
        }
    }
    match g.results.get(from) {
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
    /// The games played: those asked for, or fewer when the run was stopped.
    pub games: u64,
    /// The run was stopped (Ctrl-C) before it played every game asked for.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub stopped: bool,
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

/// One game's end: each policy's score (in the order asked) and the rounds played.
struct Outcome {
    scores: [i64; 2],
    rounds: u64,
}

/// Game `g` of a simulation: the policies swap seats every other game.
fn one_game(
    rs: &Ruleset,
    g: u64,
    seed: u64,
    policies: [Policy; 2],
) -> Result<Outcome, RefereeError> {
    let names = ["a".to_string(), "b".to_string()];
    let swap = g % 2 == 1;
    let seats = if swap {
        [policies[1], policies[0]]
    } else {
        policies
    };
    let played = play_game(rs, &names, seats, seed.wrapping_add(g))?;
    let l = &played.referee.ledger;
    let score = |i: usize| l.scores[if swap { 1 - i } else { i }];
    Ok(Outcome {
        scores: [score(0), score(1)],
        rounds: l.played() as u64,
    })
}

/// What the games of a run add up to so far: the same size however many are played.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    games: u64,
    wins: [u64; 2],
    draws: u64,
    points: [i64; 2],
    rounds: u64,
}

impl Tally {
    fn add(&mut self, o: &Outcome) {
        self.games += 1;
        self.rounds += o.rounds;
        self.points[0] += o.scores[0];
        self.points[1] += o.scores[1];
        match o.scores[0].cmp(&o.scores[1]) {
            std::cmp::Ordering::Greater => self.wins[0] += 1,
            std::cmp::Ordering::Less => self.wins[1] += 1,
            std::cmp::Ordering::Equal => self.draws += 1,
        }
    }

    fn merge(&mut self, o: &Tally) {
        self.games += o.games;
        self.rounds += o.rounds;
        self.draws += o.draws;
        for i in 0..2 {
            self.wins[i] += o.wins[i];
            self.points[i] += o.points[i];
        }
    }
}

/// Plays `games` games on `threads` threads (game `g` is the same game whichever thread
/// plays it); the policies swap seats every other game. `progress` hears of each game
/// played. A run stopped (`stop`) reports the games played; a game the referee refuses
/// fails the run, the first such by number.
pub fn simulate(
    rs: &Ruleset,
    games: u64,
    seed: u64,
    policies: [Policy; 2],
    threads: usize,
    stop: Stop<'_>,
    progress: &(dyn Fn() + Sync),
) -> Result<Report, RefereeError> {
    let threads = threads.clamp(1, 64);
    let parts = crate::par::chunks(games, 8 * threads as u64);
    let tallies = crate::par::map(parts.len(), threads, |k| -> Result<Tally, RefereeError> {
        let mut mine = Tally::default();
        for g in parts[k].clone() {
            if stop.requested() {
                break;
            }
            mine.add(&one_game(rs, g, seed, policies)?);
            progress();
        }
        Ok(mine)
    });
    let mut t = Tally::default();
    for one in tallies {
        t.merge(&one?);
    }
    let n = t.games.max(1) as f64;
    Ok(Report {
        games: t.games,
        stopped: t.games < games,
        seed,
        policies,
        wins: t.wins,
        draws: t.draws,
        win_rates: [t.wins[0] as f64 / n, t.wins[1] as f64 / n],
        average_points: [t.points[0] as f64 / n, t.points[1] as f64 / n],
        rounds: t.rounds,
    })
}

/// Writes the record of `games` games between two policies, game by game, as text
/// `check` reads: `write` is given each game's lines, and stops the run when it returns
/// false. Returns how many games were written (fewer when stopped, by `write` or `stop`).
pub fn write_record_of_games(
    rs: &Ruleset,
    games: u64,
    seed: u64,
    policies: [Policy; 2],
    stop: Stop<'_>,
    write: &mut dyn FnMut(&str) -> bool,
) -> Result<u64, RefereeError> {
    let names = ["ana".to_string(), "ben".to_string()];
    let mut text = String::new();
    for g in 0..games {
        if stop.requested() {
            return Ok(g);
        }
        let played = play_game(rs, &names, policies, seed.wrapping_add(g))?;
        text.clear();
        for event in played.events {
            text += &format!("{event}\n");
        }
        if !write(&text) {
            return Ok(g);
        }
    }
    Ok(games)
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

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::koikoi::sample::game_value;

    /// The ruling ids an explanation names, in the ruleset's order.
    pub(in crate::koikoi) fn named(x: &Explain) -> Vec<&'static str> {
        (Id::ALL.iter().map(|id| id.id()))
            .filter(|id| x.0.iter().any(|r| r.rulings.iter().any(|x| x.id == *id)))
            .collect()
    }

    /// Every ruling but `left_out`, in the ruleset's order.
    pub(in crate::koikoi) fn all_but(left_out: &[Id]) -> Vec<&'static str> {
        (Id::ALL.iter())
            .filter(|id| !left_out.contains(id))
            .map(|id| id.id())
            .collect()
    }

    #[test]
    fn explain_names_the_rulings_the_games_read() {
        let rs = Ruleset::builtin("koikoi").unwrap();
        let kado = explain(&rs, [Policy::Kado, Policy::Greedy]);
        assert!(
            kado.0[0]
                .rule
                .starts_with("The games are played under the rulings below")
        );
        assert_eq!(named(&kado), all_but(&[Id::Rain]));
        // Nobody calls koi-koi: its rulings never come into play.
        let greedy = explain(&rs, [Policy::Greedy, Policy::Eager]);
        let mut left_out = KOI_RULINGS.to_vec();
        left_out.push(Id::Rain);
        assert_eq!(named(&greedy), all_but(&left_out));
        // Rain counts only when it ruins the viewing yaku.
        let rain = rs.with(ruling::ViewingYaku::RainRuins).unwrap();
        assert_eq!(
            named(&explain(&rain, [Policy::Kado, Policy::Greedy])),
            all_but(&[])
        );
        // With no instant win, neither the order of the deal's checks nor two instant
        // wins can matter.
        let plain = (rs.with(ruling::Teshi::Off).unwrap())
            .with(ruling::Kuttsuki::Off)
            .unwrap();
        assert_eq!(
            named(&explain(&plain, [Policy::Random, Policy::Greedy])),
            all_but(&[Id::Rain, Id::DealCheckOrder, Id::BothInstant])
        );
        let bga = Ruleset::builtin("koikoi-bga").unwrap();
        assert_eq!(
            named(&explain(&bga, [Policy::Kado, Policy::Greedy])),
            all_but(&[Id::Rain])
        );
    }

    /// `koikoi simulate --record` built the whole record of every game before writing it
    /// (200 MB at 20,000 games). Each game's lines are now handed on as it ends: the same
    /// record, one game at a time, and a writer that fails stops the run at once.
    #[test]
    fn koikoi_simulate_record_grew_with_games() {
        let rs = Ruleset::builtin("koikoi").unwrap();
        let policies = [Policy::Greedy, Policy::Random];
        let mut pieces: Vec<String> = Vec::new();
        let n = write_record_of_games(&rs, 4, 9, policies, Stop::NEVER, &mut |t| {
            pieces.push(t.to_string());
            true
        })
        .unwrap();
        assert_eq!((n, pieces.len()), (4, 4));
        let whole = record_of_games(&rs, 4, 9, policies).unwrap().to_string();
        assert_eq!(pieces.concat(), whole);
        assert!(
            pieces.iter().all(|p| p.starts_with("players:")),
            "{pieces:?}"
        );
        let mut heard = 0;
        let n = write_record_of_games(&rs, 1000, 9, policies, Stop::NEVER, &mut |_| {
            heard += 1;
            false
        })
        .unwrap();
        assert_eq!((n, heard), (0, 1));
    }

    /// The policy that spends its whole budget answers to its name, unlisted.
    #[test]
    fn every_policy_answers_to_its_name() {
        for p in [
            Policy::Random,
            Policy::Greedy,
            Policy::Eager,
            Policy::Kado,
            Policy::KadoFull,
            Policy::Shortlist,
        ] {
            assert_eq!(Policy::from_name(p.name()), Some(p));
        }
        assert!(!Policy::NAMES.contains("kado-full"));
        assert_eq!(
            serde_json::to_string(&Policy::KadoFull).ok().as_deref(),
            Some("\"kado-full\"")
        );
    }

    fn players() -> [String; 2] {
        ["ana".to_string(), "kado".to_string()]
    }

    /// Worked by hand: both at 50 with 6 rounds left; the lead a round leaves is twice its
    /// points (they move from loser to winner).
    #[test]
    fn the_game_value_of_a_round_s_points() {
        let rs = Ruleset::builtin("koikoi").unwrap();
        let mut r = Referee::new(&players(), &rs).unwrap();
        assert_eq!(game_value(&r, 0, 0), 0.5);
        // 5 points up: a lead of 10 over 5 rounds left, 1 / (1 + e^(-10 / (6·√5))).
        let v = game_value(&r, 0, 5);
        assert!((v - 1.0 / (1.0 + (-10.0 / (6.0 * 5f64.sqrt())).exp())).abs() < 1e-12);
        // What one player gains the other loses; more points are worth more.
        for x in -60..=60 {
            assert!((game_value(&r, 0, x) + game_value(&r, 1, -x) - 1.0).abs() < 1e-12);
            assert!(game_value(&r, 0, x + 1) >= game_value(&r, 0, x));
        }
        // Down to 0 points is a lost game, the opponent's a won one, whatever is left.
        assert_eq!(game_value(&r, 0, -50), 0.0);
        assert_eq!(game_value(&r, 0, 50), 1.0);
        // In the last round the lead decides.
        r.ledger.setup.rounds = 1;
        assert_eq!([-1, 0, 1].map(|x| game_value(&r, 0, x)), [0.0, 0.5, 1.0]);
    }

    /// Game `g` is the same game on any number of threads.
    #[test]
    fn a_simulation_is_the_same_on_one_thread_or_two() {
        let rs = Ruleset::builtin("koikoi").unwrap();
        let policies = [Policy::Greedy, Policy::Eager];
        let one = simulate(&rs, 12, 5, policies, 1, Stop::NEVER, &|| {}).unwrap();
        let two = simulate(&rs, 12, 5, policies, 2, Stop::NEVER, &|| {}).unwrap();
        assert_eq!(one, two);
    }

    /// A round dealt from `seed` with the opponent (player 1) holding `opp` instead of
    /// the hand dealt; `None` when the deal ends the round at once.
    fn dealt_with(seed: u64, opp: &[Card]) -> Option<Referee> {
        let rs = Ruleset::builtin("koikoi").ok()?;
        let d = deal_from(&shuffled(seed, 1));
        let mut r = Referee::new(&players(), &rs).ok()?;
        r.hand(0, &d.hands[0]).ok()?;
        r.hand(1, opp).ok()?;
        r.table(&d.table).ok()?.is_none().then_some(r)
    }

    /// The same position twice: player 0 to move, the opponent's hand once as dealt and
    /// once swapped for cards of the stock (which kado cannot see either way).
    fn twins(seed: u64) -> Option<(Referee, Referee)> {
        let d = deal_from(&shuffled(seed, 1));
        let a = dealt_with(seed, &d.hands[1])?;
        let b = dealt_with(seed, &d.stock[..DEALT])?;
        Some((a, b))
    }

    #[test]
    fn kado_chooses_the_same_whatever_the_hidden_cards_are() {
        let mut compared = 0;
        for seed in 0..40 {
            let Some((a, b)) = twins(seed) else { continue };
            assert_eq!(a.hidden_from(0), b.hidden_from(0));
            let pick = |r: &Referee| choose_play(r, Policy::Kado, &mut Dice::new(seed), true);
            let (ma, mb) = (pick(&a), pick(&b));
            assert_eq!(ma, mb, "seed {seed}");
            // Then a drawn card with two matches on the table, seen by both.
            let (mut a, mut b) = (a, b);
            let m = ma.unwrap();
            a.play(0, &m).unwrap();
            b.play(0, &m).unwrap();
            let hidden = a.hidden_from(0);
            let in_hands = |c: &Card| {
                [&a, &b]
                    .iter()
                    .any(|r| r.round.hands[1].iter().flatten().any(|h| h == c))
            };
            let two = hidden
                .iter()
                .find(|c| a.round.matches(**c).len() == 2 && !in_hands(c));
            if let Some(card) = two {
                let draw = |r: &Referee| choose_draw(r, *card, Policy::Kado, &mut Dice::new(seed));
                assert_eq!(draw(&a), draw(&b), "seed {seed}, {card}");
                compared += 1;
            }
        }
        assert!(compared >= 5, "{compared} draws compared");
    }

    #[test]
    fn kado_chooses_its_captures_by_play_outs_not_by_the_greedy_rule() {
        let differs = (0..60).filter_map(|seed| {
            let d = deal_from(&shuffled(seed, 1));
            let r = dealt_with(seed, &d.hands[1])?;
            let kado = choose_play(&r, Policy::Kado, &mut Dice::new(seed), true);
            let greedy = choose_play(&r, Policy::Greedy, &mut Dice::new(seed), true);
            (kado != greedy).then_some(seed)
        });
        assert!(differs.count() > 0);
    }
}
