//! A turn composed by taps on a phone: a domino of the hand, then one of its legal places
//! (each named by its squares); or the cards of a run, in order, then the squares they lie
//! on, square by square along the board (those the next card may take offered); or a pass
//! where the rules allow one.

use super::SPOKE;
use super::board::{Dir, Domino, Placement, Square};
use super::game::*;
use super::referee::{Event, Play};
use super::start::Deck;
use crate::cards::Card;
use crate::pokino::ruling;

use crate::pokino::board::{Board, Cell};
use crate::pokino::place;
use crate::pokino::referee::RunPlay;
use crate::session::Composed;
use crate::view::{Compose, Item, Pick, PickGroup, Picked, Send, taps};

/// The code of the piece that passes the turn.
const PASS: &str = "pass";
/// What a card drawn is tapped with, before its code (`draw 7S`): the same card may be
/// picked for a run.
const DRAW: &str = "draw ";

/// A run as tapped so far: its cards in the order tapped, and the walk of squares that
/// match them, from the first.
struct RunPicks {
    cards: Vec<Card>,
    walk: Vec<Square>,
    groups: Vec<PickGroup>,
}

impl Game {
    /// A turn of player `i` composed by taps: a domino (of the hand, or with real pieces
    /// any not laid yet) and its squares on the board, or the cards of a run and theirs,
    /// or a pass; with real pieces, the card drawn after it where the table may say it.
    pub(super) fn compose_turn(&self, i: usize, picked: &Picked) -> Option<Composed<Action>> {
        let name = self.game.players.get(i)?.name.clone();
        let dominoes = self.dominoes_offered(i)?;
        let ids = taps(&dominoes.iter().map(|d| d.to_string()).collect::<Vec<_>>());
        let domino = (picked.codes.iter().rev())
            .find_map(|id| ids.iter().position(|t| t == id).map(|k| dominoes[k]));
        let run = self.run_picks(i, picked, domino.is_none());
        let (open, spots) = self.domino_places(i, &dominoes, domino);
        let spot = (picked.codes.iter().rev())
            .find_map(|id| spots.iter().find(|at| at.to_string() == *id))
            .copied();
        let turn = |play, draws| {
            Action::from(Event::Turn {
                player: name.clone(),
                play,
                draws,
            })
        };
        let may_pass = self
            .game
            .clone()
            .apply(&turn(Play::Pass, None).event)
            .is_ok();
        let passing = picked.codes.last().is_some_and(|c| c == PASS);
        let run_done = run.cards.len() >= 2 && run.walk.len() == run.cards.len();
        let play = match (passing, spot) {
            (true, _) => may_pass.then_some(Play::Pass),
            (false, Some(at)) => Some(Play::Domino(at)),
            (false, None) if run_done => Some(Play::Runs(vec![RunPlay {
                cards: run.cards.clone(),
                squares: Some(run.walk.clone()),
            }])),
            (false, None) => None,
        };
        let draw = (play.as_ref()).and_then(|p| self.draw_group(&turn(p.clone(), None), picked));
        let drawn = draw.as_ref().and_then(|_| drawn_card(picked));
        let action = play.map(|p| turn(p, drawn));
        let send = match (&action, domino, run.cards.len()) {
            (Some(a), _, _) => self.tried(a),
            (None, Some(_), _) => Send::not_yet("Tap where it goes"),
            (None, None, 0) => Send::not_yet("Tap a domino, or the cards of a run"),
            (None, None, 1) => Send::not_yet("Tap another card: a run has 2 or more"),
            (None, None, _) => Send::not_yet("Tap the squares the cards lie on, in order"),
        };
        let free = run.cards.is_empty();
        let label = match self.setup.deck {
            Deck::Virtual => "Your dominoes",
            Deck::Physical => "The domino laid",
        };
        let mut first = domino_group(label, &dominoes, ids, &open, picked, free);
        if self.setup.deck == Deck::Physical && domino.is_some() {
            // The set folds away to the domino picked, the board just below it.
            first.picks.retain(|p| p.picked);
        }
        let mut groups = vec![first];
        if domino.is_some() {
            groups.push(place_group(&spots, spot));
        }
        groups.extend(run.groups);
        if may_pass {
            groups.push(pass_group(picked));
        }
        groups.extend(draw);
        let view = Compose {
            title: "Tap a domino and its squares on the board, or a run's cards and their squares"
                .to_string(),
            groups,
            count: None,
            board: None,
            send,
        };
        Some(Composed::of(view, action))
    }

    /// The spoke laid with real pieces, by taps: four times a domino not laid yet, then
    /// its squares on the board (the first anywhere, each next against those laid), a
    /// second tap on a square turning it there. A domino laid is taken back by a tap.
    pub(super) fn compose_spoke(&self, picked: &Picked) -> Composed<Action> {
        let rules = &self.game.rules;
        let (laid, pending) = spoke_laid(picked, rules);
        // The domino whose squares are tapped: one picked, else the last laid.
        let moving = pending.or_else(|| laid.last().map(|p| p.domino));
        let spot = pending.is_none().then(|| laid.last().copied()).flatten();
        let others: Vec<Placement> = laid.iter().filter(|p| Some(**p) != spot).copied().collect();
        let spots = moving.map_or(Vec::new(), |d| {
            spoke_spots(&Board::from_placements(others.clone()), d, rules)
        });
        let action = (laid.len() == SPOKE).then(|| Action::from(Event::Spoke(laid.clone())));
        let send = match &action {
            Some(a) => match self.game.clone().apply(&a.event) {
                Ok(_) => Send::Ready {
                    label: format!("Lay the spoke: {}", spoke_words(&laid)),
                },
                Err(why) => Send::not_yet(&why.to_string()),
            },
            None if pending.is_some() => Send::not_yet("Tap where it goes"),
            None => Send::not_yet(&format!(
                "Tap a domino of the spoke ({} of {SPOKE} laid)",
                laid.len()
            )),
        };
        let full = pending.is_some() || laid.len() >= SPOKE;
        let dominoes = PickGroup {
            label: format!("The spoke's dominoes ({} of {SPOKE} laid)", laid.len()),
            // While a domino waits for its squares, the set folds away to those picked.
            picks: Domino::set()
                .map(|d| {
                    let (code, words) = (d.to_string(), d.to_string());
                    pick(code, Item::plain(words.clone()), words, picked, !full)
                })
                .filter(|p| p.picked || !full)
                .collect(),
            single: false,
            replaces: Vec::new(),
        };
        let mut groups = vec![dominoes];
        if moving.is_some() {
            groups.push(place_group(&spots, spot));
        }
        let board = Board::from_placements(others);
        let view = Compose {
            title: "Tap each domino of the spoke, then its squares on the board".to_string(),
            groups,
            count: None,
            board: Some(crate::pokino::picture::shapes(&board, &[], &[])),
            send,
        };
        Composed::of(view, action)
    }

    /// Who plays first, where the table decides it, then their turn composed.
    pub(super) fn compose_first(&self, picked: &Picked) -> Option<Composed<Action>> {
        let names: Vec<String> = self.game.players.iter().map(|p| p.name.clone()).collect();
        let who = (picked.codes.iter().rev()).find_map(|c| names.iter().position(|n| n == c));
        let group = PickGroup {
            label: "Who plays first".to_string(),
            picks: (names.iter())
                .map(|n| pick(n.clone(), Item::plain(n.clone()), n.clone(), picked, true))
                .collect(),
            single: true,
            replaces: Vec::new(),
        };
        let Some(i) = who else {
            let view = Compose {
                title: "Tap who plays first, then their turn".to_string(),
                groups: vec![group],
                count: None,
                board: None,
                send: Send::not_yet("Tap who plays first"),
            };
            return Some(Composed::of(view, None));
        };
        let mut turn = self.compose_turn(i, picked)?;
        turn.view.groups.insert(0, group);
        Some(turn)
    }

    /// The dominoes player `i` may lay: those of the hand dealt, or with real pieces
    /// every domino not on the table.
    fn dominoes_offered(&self, i: usize) -> Option<Vec<Domino>> {
        match self.setup.deck {
            Deck::Virtual => self.game.players.get(i)?.held.clone(),
            Deck::Physical => Some(
                Domino::set()
                    .filter(|d| self.game.board.find(*d).is_none())
                    .filter(|d| !self.game.torn.iter().any(|t| t.same(*d)))
                    .collect(),
            ),
        }
    }

    /// Whether each of `dominoes` has a place now, and the places of the one picked, best
    /// first where kado knows the hand (a virtual deal ranks them by the runs they open).
    fn domino_places(
        &self,
        i: usize,
        dominoes: &[Domino],
        domino: Option<Domino>,
    ) -> (Vec<bool>, Vec<Placement>) {
        let rules = &self.game.rules;
        match self.setup.deck {
            Deck::Virtual => {
                let places = self.ranked_places(i);
                let has = |d: &Domino| places.iter().any(|(at, _)| at.domino.same(*d));
                let spots = (places.iter())
                    .filter(|(at, _)| domino.is_some_and(|d| at.domino.same(d)))
                    .map(|(at, _)| *at)
                    .collect();
                (dominoes.iter().map(has).collect(), spots)
            }
            Deck::Physical => {
                // Where a domino may lie does not hang on its numbers.
                let any = place::slots(&self.game.board, rules).is_some_and(|s| !s.is_empty());
                let spots = domino
                    .and_then(|d| place::spots(&self.game.board, d, rules))
                    .unwrap_or_default();
                (vec![any; dominoes.len()], spots)
            }
        }
    }

    /// With real pieces, the card drawn after `turn`, to tap where the table may say it
    /// (the deck face up, a card drawn): any card kado does not place elsewhere.
    fn draw_group(&self, turn: &Action, picked: &Picked) -> Option<PickGroup> {
        let told =
            self.setup.deck == Deck::Physical && self.game.rules.ruled.deck == ruling::Deck::FaceUp;
        let report = self.game.clone().apply(&turn.event).ok()?;
        if !told || !report.drew_card {
            return None;
        }
        let played: Vec<Card> = match &turn.event {
            Event::Turn {
                play: Play::Runs(runs),
                ..
            } => runs.iter().flat_map(|r| r.cards.clone()).collect(),
            _ => Vec::new(),
        };
        let picks = (self.unseen_cards().into_iter())
            .filter(|c| !played.contains(c))
            .map(|c| {
                let tap = format!("{DRAW}{}", c.code());
                pick(tap, crate::view::card(c), c.spoken(), picked, true)
            });
        Some(PickGroup {
            label: "The card drawn, if you say it".to_string(),
            picks: picks.collect(),
            single: true,
            replaces: Vec::new(),
        })
    }

    /// The cards of the deck that kado places nowhere: not played, and in no hand it
    /// knows.
    fn unseen_cards(&self) -> Vec<Card> {
        let g = &self.game;
        let known = |c: &Card| g.players.iter().any(|p| p.known.contains(c));
        Card::plain_deck()
            .filter(|c| !g.played.get(c.index()).copied().unwrap_or(false) && !known(c))
            .collect()
    }

    /// The cards player `i` may play in a run: their hand as kado knows it, and with real
    /// pieces, while some of it is unknown, every card kado places nowhere else.
    fn run_pool(&self, i: usize) -> Vec<Card> {
        let p = &self.game.players[i];
        let mut pool = p.known.clone();
        if self.setup.deck == Deck::Physical && p.unknown > 0 {
            pool.extend(self.unseen_cards());
        }
        pool
    }

    /// The run tapped so far by player `i`: the cards of their hand (open while no domino
    /// is picked, `open`), then the squares, each matching the next card's number and a
    /// step from the square before (the walk's first anywhere its number lies).
    fn run_picks(&self, i: usize, picked: &Picked, open: bool) -> RunPicks {
        let hand = self.run_pool(i);
        let ids = taps(&hand.iter().map(|c| c.code()).collect::<Vec<_>>());
        let cards: Vec<Card> = (picked.codes.iter())
            .filter_map(|id| ids.iter().position(|t| t == id).map(|k| hand[k]))
            .collect();
        let card_group = PickGroup {
            label: "Cards for a run, in order".to_string(),
            picks: (hand.iter().zip(ids))
                .map(|(c, id)| {
                    let open = open && crate::pokino::card_number(*c).is_some();
                    pick(id, crate::view::card(*c), c.spoken(), picked, open)
                })
                .collect(),
            single: false,
            replaces: Vec::new(),
        };
        let walk = self.walk_of(&cards, picked);
        let mut groups = vec![card_group];
        if !cards.is_empty() {
            groups.push(self.square_group(&cards, &walk));
        }
        RunPicks {
            cards,
            walk,
            groups,
        }
    }

    /// The squares tapped that make a walk for `cards`, in order: each on the board,
    /// showing the number of its card, a step from the one before.
    fn walk_of(&self, cards: &[Card], picked: &Picked) -> Vec<Square> {
        let mut walk: Vec<Square> = Vec::new();
        for code in &picked.codes {
            let Some(sq) = square_of(code) else { continue };
            if walk.len() < cards.len() && self.next_squares(cards, &walk).contains(&sq) {
                walk.push(sq);
            }
        }
        walk
    }

    /// The squares the next card of a run may lie on.
    fn next_squares(&self, cards: &[Card], walk: &[Square]) -> Vec<Square> {
        let board = &self.game.board;
        let Some(n) = cards
            .get(walk.len())
            .and_then(|c| crate::pokino::card_number(*c))
        else {
            return Vec::new();
        };
        let shows = |sq: &Square| board.cell(*sq).is_some_and(|c: Cell| c.number == n);
        let same_piece = |a: Square, b: Square| {
            let piece = |s| board.cell(s).map(|c: Cell| c.piece);
            piece(a) == piece(b) && self.game.rules.ruled.tear_down == ruling::TearDown::Off
        };
        match walk.last() {
            None => board.squares().into_iter().filter(shows).collect(),
            Some(last) => (last.steps(&self.game.rules).into_iter())
                .filter(|s| shows(s) && !walk.contains(s) && !same_piece(*last, *s))
                .collect(),
        }
    }

    /// The squares of the run: those tapped (the last may be put back), then those the
    /// next card may lie on.
    fn square_group(&self, cards: &[Card], walk: &[Square]) -> PickGroup {
        let board = &self.game.board;
        let number = |sq: Square| board.cell(sq).map_or(0, |c| c.number);
        let tapped = walk.iter().enumerate().map(|(k, sq)| Pick {
            tap: square_code(*sq),
            item: Item::plain(number(*sq).to_string()),
            spoken: format!(
                "card {} of the run: column {}, row {}, showing {}",
                k + 1,
                sq.x,
                sq.y,
                number(*sq)
            ),
            picked: true,
            open: k + 1 == walk.len(),
            at: Some([sq.x, sq.y]),
        });
        // The board shows the number of a square not tapped yet.
        let next = self.next_squares(cards, walk).into_iter().map(|sq| Pick {
            tap: square_code(sq),
            item: Item::plain(String::new()),
            spoken: format!("column {}, row {}, showing {}", sq.x, sq.y, number(sq)),
            picked: false,
            open: true,
            at: Some([sq.x, sq.y]),
        });
        PickGroup {
            label: format!("Squares of the run ({} of {})", walk.len(), cards.len()),
            picks: tapped.chain(next).collect(),
            single: false,
            replaces: Vec::new(),
        }
    }

    /// Whether the turn applies: what sending it does, or the rules' refusal.
    fn tried(&self, action: &Action) -> Send {
        match self.game.clone().apply(&action.event) {
            Ok(report) => Send::Ready {
                label: sent_words(&report.did),
            },
            Err(why) => Send::not_yet(&why.to_string()),
        }
    }
}

/// What a turn did, on the button that sends it: "Lay 3-5 with 3 at …", "Play 7♠ J♦ on
/// 0,4 1,4 for 12 points", "Pass".
fn sent_words(did: &crate::pokino::referee::Did) -> String {
    use crate::pokino::referee::Did;
    match did {
        Did::Domino { at, .. } => format!("Lay {} {}", at.domino, where_words(at)),
        Did::Runs { runs, .. } => {
            let each: Vec<String> = (runs.iter())
                .map(|r| {
                    let cards: Vec<String> = r.cards.iter().map(|c| c.to_string()).collect();
                    let points = crate::words::count(r.points, "point");
                    format!("Play {} for {points}", cards.join(" "))
                })
                .collect();
            each.join("; ")
        }
        _ => "Pass".to_string(),
    }
}

/// The spoke as tapped: the places laid, in order, each of a domino picked before it
/// and lying against those laid before (see [`spoke_spots`]); and the domino picked last
/// whose squares are not tapped yet.
fn spoke_laid(picked: &Picked, rules: &crate::pokino::Rules) -> (Vec<Placement>, Option<Domino>) {
    let mut laid: Vec<Placement> = Vec::new();
    let mut pending: Option<Domino> = None;
    for code in &picked.codes {
        if let Some(d) = Domino::set().find(|d| d.to_string() == *code) {
            if !laid.iter().any(|p| p.domino.same(d)) && laid.len() < SPOKE {
                pending = Some(d);
            }
        } else if let Ok(p) = code.parse::<Placement>() {
            let board = Board::from_placements(laid.clone());
            let fits = spoke_spots(&board, p.domino, rules).contains(&p);
            if fits && pending.is_some_and(|d| d.same(p.domino)) {
                laid.push(p);
                pending = None;
            }
        }
    }
    (laid, pending)
}

/// Where domino `d` may lie in a spoke laid so far on `board`: anywhere near the middle
/// when it is the first; else on empty squares against the dominoes laid, by the rules
/// of laying (each square touching one square of a domino at most). Both ways round.
fn spoke_spots(board: &Board, d: Domino, rules: &crate::pokino::Rules) -> Vec<Placement> {
    let ways: &[Domino] = if d.is_double() {
        &[d]
    } else {
        &[d, d.flipped()]
    };
    let at = |x, y| Square::new(x, y);
    let anchors: Vec<(Square, Dir)> = if board.is_empty() {
        vec![(at(0, 0), Dir::H), (at(0, 0), Dir::V)]
    } else {
        let empty: Vec<Square> = (board.squares().into_iter())
            .flat_map(|sq| sq.neighbours())
            .filter(|n| board.cell(*n).is_none())
            .collect();
        (empty.into_iter())
            .flat_map(|n| {
                [
                    (n, Dir::H),
                    (at(n.x - 1, n.y), Dir::H),
                    (n, Dir::V),
                    (at(n.x, n.y - 1), Dir::V),
                ]
            })
            .collect()
    };
    let mut out: Vec<Placement> = Vec::new();
    for (sq, dir) in anchors {
        for w in ways {
            let p = Placement::new(*w, sq, dir);
            if !out.contains(&p) && place::faults(board, &p, rules).is_empty() {
                out.push(p);
            }
        }
    }
    out
}

/// A spoke in words, for its button: `6-4 at 0,0 across; 1-3 at 0,1 across; …`.
fn spoke_words(laid: &[Placement]) -> String {
    let each: Vec<String> = (laid.iter())
        .map(|p| {
            let way = match p.dir {
                Dir::H => "across",
                Dir::V => "down",
            };
            format!("{} at {},{} {way}", p.domino, p.at.x, p.at.y)
        })
        .collect();
    each.join("; ")
}

/// The card drawn, as tapped last.
fn drawn_card(picked: &Picked) -> Option<Card> {
    (picked.codes.iter().rev()).find_map(|c| c.strip_prefix(DRAW)?.parse().ok())
}

/// A square as a tap sends it: `at 0,4`.
fn square_code(sq: Square) -> String {
    format!("at {},{}", sq.x, sq.y)
}

fn square_of(code: &str) -> Option<Square> {
    let (x, y) = code.strip_prefix("at ")?.split_once(',')?;
    Some(Square {
        x: x.parse().ok()?,
        y: y.parse().ok()?,
    })
}

fn pass_group(picked: &Picked) -> PickGroup {
    let item = Item::new(PASS, "Pass");
    PickGroup {
        label: "Or".to_string(),
        picks: vec![pick(
            PASS.to_string(),
            item,
            "pass the turn".to_string(),
            picked,
            true,
        )],
        single: true,
        replaces: Vec::new(),
    }
}

/// The dominoes to lay, one to pick: open where one has a place (`placed`), while no
/// card of a run is picked (`open`).
fn domino_group(
    label: &str,
    dominoes: &[Domino],
    ids: Vec<String>,
    placed: &[bool],
    picked: &Picked,
    open: bool,
) -> PickGroup {
    PickGroup {
        label: label.to_string(),
        picks: (dominoes.iter().zip(ids).zip(placed))
            .map(|((d, id), placed)| {
                let open = open && *placed;
                pick(id, Item::plain(d.to_string()), d.to_string(), picked, open)
            })
            .collect(),
        single: true,
        replaces: Vec::new(),
    }
}

/// The empty squares where the domino picked may lie, on the board, each a tap: on a
/// square of no place picked, the best place covering it (`spots` are ranked best
/// first); on a square of the place picked (`spot`), the next place covering it, so that
/// tapping a square again turns the domino about it, and back.
fn place_group(spots: &[Placement], spot: Option<Placement>) -> PickGroup {
    let mut squares: Vec<Square> = spots.iter().flat_map(|p| p.squares()).collect();
    squares.sort_by_key(|sq| (sq.y, sq.x));
    squares.dedup();
    let picks = squares.into_iter().map(|sq| {
        let covering: Vec<&Placement> =
            spots.iter().filter(|p| p.number_at(sq).is_some()).collect();
        let on = spot.filter(|p| p.number_at(sq).is_some());
        let (tap, text, spoken) = match on {
            Some(p) => {
                let k = covering.iter().position(|c| **c == p).unwrap_or(0);
                let next = covering
                    .get((k + 1) % covering.len().max(1))
                    .map_or(p, |c| **c);
                let n = p.number_at(sq).unwrap_or_default();
                let turn = if next == p {
                    "tap to take it back"
                } else {
                    "tap to turn it"
                };
                let words = format!("{n} at column {}, row {}: {turn}", sq.x, sq.y);
                (next.to_string(), n.to_string(), words)
            }
            None => {
                let best = covering.first().map_or(String::new(), |c| c.to_string());
                (
                    best,
                    String::new(),
                    format!("lay it at column {}, row {}", sq.x, sq.y),
                )
            }
        };
        Pick {
            tap,
            item: Item::plain(text),
            spoken,
            picked: on.is_some(),
            open: true,
            at: Some([sq.x, sq.y]),
        }
    });
    PickGroup {
        label: "Where it goes: tap a square, and again to turn it".to_string(),
        picks: picks.collect(),
        single: true,
        replaces: spot.iter().map(|p| p.to_string()).collect(),
    }
}

/// A place in words: "with 6 at column 0, row -2 and 4 below".
fn where_words(at: &Placement) -> String {
    let way = match at.dir {
        Dir::H => "to its right",
        Dir::V => "below",
    };
    format!(
        "with {} at column {}, row {} and {} {way}",
        at.domino.a, at.at.x, at.at.y, at.domino.b
    )
}

fn pick(tap: String, item: Item, spoken: String, picked: &Picked, open: bool) -> Pick {
    let on = picked.has(&tap);
    Pick {
        tap,
        item,
        spoken,
        picked: on,
        open: on || open,
        at: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::Ruleset;
    use crate::session::Step;
    use crate::session::{Question, Session};

    /// Taps `codes` in order on the composer of the player to move; then the composer.
    fn tapped(t: &Game, q: &Question<Key>, codes: &[String]) -> Composed<Action> {
        let mut picked = Picked::default();
        for code in codes {
            let c = t.compose(q, &picked).unwrap();
            assert!(
                c.view.may_tap(code),
                "{code} may not be tapped: {:?}",
                c.view
            );
            c.view.tap(&mut picked, code);
        }
        t.compose(q, &picked).unwrap()
    }

    /// Issue 61: a Pokino run was typed (`run 7S JD @ 0,4 1,4`). Through a whole game, the
    /// best run the hand can play, where there is one, is tapped card by card and square
    /// by square (each square among those offered next), and sends the run typed;
    /// otherwise the first domino and its first place are tapped.
    #[test]
    fn a_run_was_typed_on_a_phone() {
        let rs = Ruleset::builtin("pokino").unwrap();
        let setup = Setup::new(vec!["ana".into(), "ben".into()], Deck::Virtual, 2);
        let mut t = Game::start(&setup, &rs).unwrap();
        let mut runs = 0;
        for turn in 0..200 {
            let q = match t.next() {
                Step::Auto(a) => {
                    t.apply(&a).unwrap();
                    continue;
                }
                Step::Ask(q) => q,
                Step::Done => break,
            };
            let Key::Turn(Some(i)) = q.key else {
                let a = t.answer(&q, "").unwrap();
                t.apply(&a).unwrap();
                continue;
            };
            if turn % 10 == 0 {
                // The places ranked on three threads are those ranked on one.
                assert_eq!(t.game.places_on(i, 3), t.game.places(i));
            }
            let best = t.game.hint(i, 1, None).best;
            let action = match best {
                Some(run) => {
                    let ids = taps(
                        &t.game.players[i]
                            .known
                            .iter()
                            .map(|c| c.code())
                            .collect::<Vec<_>>(),
                    );
                    let hand = &t.game.players[i].known;
                    let mut codes: Vec<String> = Vec::new();
                    for card in &run.cards {
                        let k = (0..hand.len())
                            .find(|k| hand[*k] == *card && !codes.contains(&ids[*k]))
                            .unwrap();
                        codes.push(ids[k].clone());
                    }
                    codes.extend(run.squares.iter().map(|s| square_code(*s)));
                    let c = tapped(&t, &q, &codes);
                    let Send::Ready { label } = &c.view.send else {
                        panic!("{:?}", c.view.send)
                    };
                    let points = crate::words::count(run.points, "point");
                    assert!(label.ends_with(&format!("for {points}")), "{label}");
                    let squares: Vec<String> = run
                        .squares
                        .iter()
                        .map(|s| format!("{},{}", s.x, s.y))
                        .collect();
                    let cards: Vec<String> = run.cards.iter().map(|c| c.code()).collect();
                    let typed = format!("run {} @ {}", cards.join(" "), squares.join(" "));
                    assert_eq!(c.action.as_ref(), Some(&t.answer(&q, &typed).unwrap()));
                    runs += 1;
                    c.action.unwrap()
                }
                None => {
                    let c = t.compose(&q, &Picked::default()).unwrap();
                    let first = |g: usize| {
                        (c.view.groups[g].picks.iter())
                            .find(|p| p.open)
                            .map(|p| p.tap.clone())
                    };
                    let Some(domino) = first(0) else {
                        let c = tapped(&t, &q, &[PASS.to_string()]);
                        t.apply(&c.action.unwrap()).unwrap();
                        continue;
                    };
                    let c = tapped(&t, &q, std::slice::from_ref(&domino));
                    let place = (c.view.groups[1].picks.first())
                        .map(|p| p.tap.clone())
                        .unwrap();
                    tapped(&t, &q, &[domino, place]).action.unwrap()
                }
            };
            t.apply(&action).unwrap();
        }
        assert!(runs >= 3, "{runs} runs");
    }

    /// A virtual game of two, at its first question: the table and the question.
    fn first_turn() -> (Game, Question<Key>) {
        let rs = Ruleset::builtin("pokino").unwrap();
        let setup = Setup::new(vec!["ana".into(), "ben".into()], Deck::Virtual, 2);
        let mut t = Game::start(&setup, &rs).unwrap();
        while let Step::Auto(a) = t.next() {
            t.apply(&a).unwrap();
        }
        let Step::Ask(q) = t.next() else { panic!() };
        (t, q)
    }

    /// Issue 61: a domino's places were a list of coordinates on a phone. On the board,
    /// a tap on a square lays the domino picked there (its best place covering it);
    /// tapping that square again turns it through every place covering the square, both
    /// ways round, and back to the first.
    #[test]
    fn a_dominos_places_were_a_list_of_coordinates() {
        let (t, q) = first_turn();
        let c = t.compose(&q, &Picked::default()).unwrap();
        let domino = (c.view.groups[0].picks.iter().find(|p| p.open))
            .unwrap()
            .tap
            .clone();
        let c = tapped(&t, &q, std::slice::from_ref(&domino));
        let board = &c.view.groups[1];
        assert!(board.on_board() && board.single, "{board:?}");
        let first = &board.picks[0];
        let square = first.at.unwrap();
        let sq = Square::new(square[0], square[1]);
        let d = t.game.players[0].held.as_ref().unwrap()[0];
        assert_eq!(d.to_string(), domino);
        let mut covering: Vec<String> = (t.ranked_places(0).iter())
            .filter(|(p, _)| p.domino.same(d) && p.number_at(sq).is_some())
            .map(|(p, _)| p.to_string())
            .collect();
        assert!(
            covering.iter().any(|p| !p.starts_with(&domino)),
            "{covering:?}"
        );
        // Tap the square until the place laid comes round again.
        let mut picked = Picked::default();
        c.view.tap(&mut picked, &domino);
        let mut laid = Vec::new();
        for _ in 0..20 {
            let c = t.compose(&q, &picked).unwrap();
            let at_square = (c.view.groups[1].picks.iter())
                .find(|p| p.at == Some(square))
                .unwrap()
                .tap
                .clone();
            c.view.tap(&mut picked, &at_square);
            let spot = picked.codes.last().unwrap().clone();
            assert_eq!(picked.codes, [domino.clone(), spot.clone()]);
            if laid.first() == Some(&spot) {
                break;
            }
            let c = t.compose(&q, &picked).unwrap();
            assert!(c.view.send.is_ready(), "{:?}", c.view.send);
            let Some(Action {
                event:
                    Event::Turn {
                        play: Play::Domino(at),
                        ..
                    },
                ..
            }) = c.action
            else {
                panic!("{:?}", c.action)
            };
            assert_eq!(at.to_string(), spot);
            laid.push(spot);
        }
        laid.sort();
        covering.sort();
        assert_eq!(laid, covering);
    }

    /// The first open piece of the group whose label starts with `label`.
    fn first_open(c: &Composed<Action>, label: &str) -> Option<String> {
        let g = c.view.groups.iter().find(|g| g.label.starts_with(label))?;
        g.picks.iter().find(|p| p.open).map(|p| p.tap.clone())
    }

    /// Issue 61: a game with real pieces was typed on a phone. The spoke is tapped
    /// domino by domino, then square by square; each turn, a domino (any not laid) and
    /// its square, or a run of two cards of the pack and their squares, and the card
    /// drawn where the table may say it. Each answer tapped is the one typed.
    #[test]
    fn a_game_with_real_pieces_was_typed_on_a_phone() {
        let rs = Ruleset::builtin("pokino").unwrap();
        let setup = Setup::new(vec!["ana".into(), "ben".into()], Deck::Physical, 2);
        let mut t = Game::start(&setup, &rs).unwrap();
        let Step::Ask(q) = t.next() else { panic!() };
        assert_eq!(q.key, Key::Spoke);
        let mut codes: Vec<String> = Vec::new();
        for d in ["4-6", "1-3", "8-12", "0-9"] {
            codes.push(d.to_string());
            let c = tapped(&t, &q, &codes);
            codes.push(first_open(&c, "Where it goes").unwrap());
        }
        let c = tapped(&t, &q, &codes);
        assert!(c.view.send.is_ready(), "{:?}", c.view.send);
        let spoke = c.action.unwrap();
        assert_eq!(t.answer(&q, &spoke.to_string()).unwrap(), spoke);
        t.apply(&spoke).unwrap();
        let (mut runs, mut drawn) = (0, 0);
        for turn in 0..16 {
            let q = match t.next() {
                Step::Auto(a) => {
                    t.apply(&a).unwrap();
                    continue;
                }
                Step::Ask(q) => q,
                Step::Done => break,
            };
            let mut codes: Vec<String> = Vec::new();
            if q.key == Key::Turn(None) {
                codes.push("ana".to_string());
            }
            let ran = turn % 2 == 1 && {
                let run = run_of_two(&t, &q, &codes);
                let ready = run.as_ref().is_some_and(|r| {
                    let c = tapped(&t, &q, &[codes.clone(), r.clone()].concat());
                    c.view.send.is_ready()
                });
                if let Some(r) = run.filter(|_| ready) {
                    codes.extend(r);
                }
                ready
            };
            if !ran {
                let c = tapped(&t, &q, &codes);
                codes.push(first_open(&c, "The domino laid").unwrap());
                let c = tapped(&t, &q, &codes);
                codes.push(first_open(&c, "Where it goes").unwrap());
            }
            let c = tapped(&t, &q, &codes);
            if let Some(card) = first_open(&c, "The card drawn") {
                codes.push(card);
                drawn += 1;
            }
            let c = tapped(&t, &q, &codes);
            assert!(c.view.send.is_ready(), "{codes:?}: {:?}", c.view.send);
            let a = c.action.unwrap();
            assert_eq!(t.answer(&q, &a.to_string()).unwrap(), a);
            runs += usize::from(ran);
            t.apply(&a).unwrap();
        }
        assert!(
            runs >= 2 && drawn >= 8,
            "{runs} runs, {drawn} cards drawn told"
        );
    }

    /// The taps of a run of two cards on two squares side by side: a card of the pack
    /// for each square's number, then the squares.
    fn run_of_two(t: &Game, q: &Question<Key>, before: &[String]) -> Option<Vec<String>> {
        let c = tapped(t, q, before);
        let cards = c
            .view
            .groups
            .iter()
            .find(|g| g.label.starts_with("Cards"))?;
        let card_for = |n: u8, not: Option<&str>| {
            (cards.picks.iter())
                .filter(|p| p.open && Some(p.tap.as_str()) != not)
                .find(|p| {
                    let card: Option<Card> = p.tap.parse().ok();
                    card.and_then(crate::pokino::card_number) == Some(n)
                })
                .map(|p| p.tap.clone())
        };
        let board = &t.game.board;
        for a in board.squares() {
            for b in a.steps(&t.game.rules) {
                let (Some(ca), Some(cb)) = (board.cell(a), board.cell(b)) else {
                    continue;
                };
                if ca.piece == cb.piece {
                    continue;
                }
                let Some(first) = card_for(ca.number, None) else {
                    continue;
                };
                let Some(second) = card_for(cb.number, Some(&first)) else {
                    continue;
                };
                return Some(vec![first, second, square_code(a), square_code(b)]);
            }
        }
        None
    }

    /// The cards of a run and a domino are not picked together: once a card is tapped,
    /// the dominoes close; a run of one card is not sent.
    #[test]
    fn a_run_and_a_domino_are_not_picked_together() {
        let (t, q) = first_turn();
        let c = t.compose(&q, &Picked::default()).unwrap();
        let cards = (c.view.groups.iter())
            .find(|g| g.label.starts_with("Cards"))
            .unwrap();
        let card = (cards.picks.iter()).find(|p| p.open).unwrap().tap.clone();
        let c = tapped(&t, &q, &[card]);
        assert!(c.view.groups[0].picks.iter().all(|p| !p.open));
        assert_eq!(
            c.view.send,
            Send::not_yet("Tap another card: a run has 2 or more")
        );
        assert!(c.action.is_none());
    }
}
