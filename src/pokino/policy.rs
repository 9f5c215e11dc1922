//! The two plain policies a seat can play by, with no look ahead: greedy (the best run
//! now, else the domino touching most) and patient (gather for a long run, cash in near
//! the end). The advisor plays out its moves with them, and `simulate` seats them.

use super::board::{Board, Dir, Domino, Placement, Square};
use super::place;
use super::referee::{Event, Play, Referee, RunPlay};
use super::runs::{self, Limits, Query};
use super::score::points;

/// The policy, for people.
pub const POLICY: &str = "Each turn: play the best run the hand allows (most points, then most cards), else lay a domino where it touches the most squares on the table, else pass.";

/// How many runs the policy's search counts before it settles for the best found.
const SEARCH: u64 = 200_000;

/// The policy's turn for the player to move, as a record event.
pub fn greedy(g: &Referee) -> Event {
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
pub fn patient(g: &Referee) -> Event {
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
pub fn best_spot(g: &Referee, held: &[Domino]) -> Option<Placement> {
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
