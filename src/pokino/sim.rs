//! Whole games with a virtual deal and a greedy policy (see [`POLICY`]): average
//! scores, game lengths and how often "Pokino!" ends a game, per ruleset. The policy's
//! turns go through the live session ([`Table`]), so they are checked as any answer is.

use serde::Serialize;

use super::board::{Board, Dir, Domino, Placement, Square};
use super::game::{Event, Game, Play, RunPlay};
use super::place;
use super::runs::{self, Limits, Query};
use super::score::points;
use super::session::{Action, Deck, Setup, Table};
use crate::diag::Error;
use crate::ruleset::Ruleset;
use crate::session::{Session, Step};

/// The policy, for people.
pub const POLICY: &str = "Each turn: play the best run the hand allows (most points, then most cards), else lay a domino where it touches the most squares on the table, else pass.";

/// How many runs the policy's search counts before it settles for the best found.
const SEARCH: u64 = 200_000;

/// The policy's turn for the player to move, as a record event.
pub fn greedy(g: &Game) -> Event {
    let i = g.to_play.unwrap_or(0);
    let p = &g.players[i];
    let play = if let Some(best) = g.hint(i, 1, Some(SEARCH)).best {
        Play::Runs(vec![RunPlay {
            cards: best.cards,
            squares: Some(best.squares),
        }])
    } else if p.dominoes > 0 {
        best_spot(g, p.held.as_deref().unwrap_or(&[])).map_or(Play::Pass, Play::Domino)
    } else {
        Play::Pass
    };
    Event::Turn {
        player: p.name.clone(),
        play,
        draws: None,
    }
}

/// The patient policy, for people.
pub const PATIENT: &str = "Each turn: play a run of 10 cards (the most the table scores) when the hand allows one; else, while the poke holds more than 30 dominoes, lay a domino where the greedy policy would, to gather beads and cards; else play the run scoring most for the fewest cards; else lay a domino, else pass.";

/// The patient policy's run: this many cards at least, while the game is young.
const PATIENT_RUN: usize = crate::pokino::score::TABLE_MAX;
/// The poke at or below which the patient policy plays the best run it has.
const PATIENT_ENDGAME: u32 = 30;
/// How many runs the patient policy's searches count before settling.
const PATIENT_SEARCH: u64 = 20_000;

/// The patient policy's turn for the player to move: it gathers beads and cards to
/// play one long run, and cashes in what it has once the end draws near.
pub fn patient(g: &Game) -> Event {
    let i = g.to_play.unwrap_or(0);
    let p = &g.players[i];
    let closed = g.closed_borders(i);
    let q = Query {
        hand: &p.known,
        beads: Some(p.beads),
        claimed: &closed,
        keep: Some(1),
        budget: Some(PATIENT_SEARCH),
    };
    let within = |longest| {
        runs::find_within(
            &g.board,
            &q,
            &g.rules,
            Limits {
                longest,
                enough: PATIENT_RUN,
            },
        )
        .best
    };
    let longest = within(PATIENT_RUN);
    let lay = || {
        (p.dominoes > 0)
            .then(|| best_spot(g, p.held.as_deref().unwrap_or(&[])))
            .flatten()
    };
    let play = match (longest, lay()) {
        (Some(run), _) if run.length >= PATIENT_RUN => run_play(run),
        (_, Some(at)) if g.poke > PATIENT_ENDGAME => Play::Domino(at),
        (Some(run), _) => {
            // As many points for fewer cards: 2 cards score as much as 4.
            let fewest = (2..=run.length)
                .find(|n| points(*n, &g.rules) == Some(run.points))
                .unwrap_or(run.length);
            match within(fewest) {
                Some(short) if short.length == fewest => run_play(short),
                _ => run_play(run),
            }
        }
        (None, Some(at)) => Play::Domino(at),
        (None, None) => Play::Pass,
    };
    Event::Turn {
        player: p.name.clone(),
        play,
        draws: None,
    }
}

/// A run found by the search, as played.
fn run_play(run: runs::Run) -> Play {
    Play::Runs(vec![RunPlay {
        cards: run.cards,
        squares: Some(run.squares),
    }])
}

/// Where the policy lays a domino: of every legal spot of every domino held, the one
/// whose squares touch the most squares on the table (the most borders for later runs);
/// the first such in the order of the hand and of [`place::spots`]. Every domino held
/// fits the same places ([`place::slots`]), so that is the first domino held at the
/// first place touching the most, as written.
pub fn best_spot(g: &Game, held: &[Domino]) -> Option<Placement> {
    let d = held.iter().find(|d| g.board.find(**d).is_none())?;
    let mut best: Option<(usize, (Square, Dir))> = None;
    for (at, dir) in place::slots(&g.board, &g.rules)? {
        let t = touching(&g.board, &Placement::new(*d, at, dir));
        if best.is_none_or(|(b, _)| t > b) {
            best = Some((t, (at, dir)));
        }
    }
    best.map(|(_, (at, dir))| Placement::new(*d, at, dir))
}

/// How many squares on the table a domino laid at `p` would share a side with.
pub fn touching(board: &Board, p: &Placement) -> usize {
    let own = p.squares();
    own.iter()
        .flat_map(|s| s.neighbours())
        .filter(|n| !own.contains(n) && board.cell(*n).is_some())
        .count()
}

/// One whole game: the session at its end.
pub fn play_game(rs: &Ruleset, players: usize, seed: u64) -> Result<Table, Error> {
    let names: Vec<String> = (1..=players).map(|k| format!("p{k}")).collect();
    let setup = Setup::new(names, Deck::Virtual, seed);
    let mut t = Table::start(&setup, rs).map_err(|e| Error::msg(e.to_string()))?;
    // Every turn lays a domino, plays cards or passes; a game cannot outlast this.
    for _ in 0..2_000 {
        let action = match t.next() {
            Step::Done => return Ok(t),
            Step::Auto(a) => a,
            Step::Ask(_) => Action {
                line: greedy(&t.game).to_string(),
            },
        };
        t.apply(&action).map_err(|e| {
            Error::msg(format!(
                "the policy's turn `{}` is refused: {e}",
                action.line
            ))
        })?;
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
}

/// Every ruleset's figures.
#[derive(Clone, Debug, Serialize)]
pub struct SimVerdict {
    pub players: usize,
    pub seed: u64,
    pub policy: &'static str,
    pub results: Vec<Report>,
}

/// Plays `games` games of `players` under each ruleset, seeds `seed`, `seed + 1`, …
pub fn simulate(
    rulesets: &[Ruleset],
    players: usize,
    games: u64,
    seed: u64,
    mut tick: impl FnMut(&str),
) -> Result<SimVerdict, Error> {
    let mut results = Vec::new();
    for rs in rulesets {
        let (mut score, mut best, mut turns, mut pokino) = (0u64, 0u64, 0u64, 0u64);
        for k in 0..games {
            let t = play_game(rs, players, seed.wrapping_add(k))?;
            let s = t.game.scores();
            score += s.iter().sum::<u64>();
            best += s.iter().copied().max().unwrap_or(0);
            turns += u64::from(t.game.turns);
            pokino += u64::from(matches!(t.game.end, Some(super::game::End::Pokino { .. })));
            tick(&rs.name);
        }
        let n = games.max(1) as f64;
        results.push(Report {
            ruleset: rs.name.clone(),
            games,
            average_score: score as f64 / (n * players as f64),
            average_best_score: best as f64 / n,
            average_turns: turns as f64 / n,
            pokino,
            pokino_rate: pokino as f64 / n,
        });
    }
    Ok(SimVerdict {
        players,
        seed,
        policy: POLICY,
        results,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Source;
    use crate::pokino::Rules;
    use crate::pokino::check::check;

    /// The policy's place, as it was first written: every spot of every domino held.
    fn best_spot_by_every_spot(g: &Game, held: &[Domino]) -> Option<Placement> {
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
            let mut g = Game::new(
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
