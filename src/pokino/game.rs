//! A game of Pokino followed turn by turn: the board, the claimed borders, every
//! player's beads, hand and score, the poke and the deck, one event at a time.
//!
//! [`Game::apply`] is the one fold: `kado pokino check` applies a record's events with
//! it, and the live session (`kado pokino play`) applies each answer with it. Each event
//! is checked against the rules before it changes anything that matters; the first that
//! breaks one is an [`Illegal`], which names the rule, with what would have been legal
//! ([`Game::legal_instead`]).

use serde::{Deserialize, Serialize};

use super::board::{Board, Border, Domino, Placement, Square, Token, connected};
use super::error::{Illegal, NoDrawWhy, NoWalkWhy};
use super::place;
use super::runs::{self, Query};
use super::score::{self, points};
use super::{Rules, SET_SIZE, SPOKE, card_number};
use crate::cards::Card;

/// What is played on a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Play {
    /// A domino laid from the hand.
    Domino(Placement),
    /// Runs of cards (one, unless `runs-per-turn: several`).
    Runs(Vec<RunPlay>),
    /// Neither (ruling `pass`).
    Pass,
}

/// One run as written: its cards and, unless left out, the squares they lie on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunPlay {
    pub cards: Vec<Card>,
    pub squares: Option<Vec<Square>>,
}

/// One line of a record, as plain values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The four starting dominoes.
    Spoke(Vec<Placement>),
    /// A player's whole hand, as dealt or now.
    Hand { player: String, cards: Vec<Card> },
    /// A turn, and the card drawn at its end when it is named.
    Turn {
        player: String,
        play: Play,
        draws: Option<Card>,
    },
}

/// Where the pieces come from when kado knows them all (a virtual deck): every domino
/// and every card in the order they are drawn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deal {
    /// The 91 dominoes: the spoke's four, then each player's, player by player, then
    /// the poke from the top.
    pub dominoes: Vec<Domino>,
    /// The 52 cards: each player's hand, player by player, then the deck from the top.
    pub cards: Vec<Card>,
}

/// Why a game cannot start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    TooFewPlayers,
    NameTwice(String),
    /// Not enough dominoes (or cards) to deal.
    TooMany {
        players: usize,
    },
    /// A deal that is not the whole set and the whole deck.
    BadDeal,
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::TooFewPlayers => write!(f, "Pokino needs 2 players or more"),
            SetupError::NameTwice(n) => write!(f, "{n} is named twice among the players"),
            SetupError::TooMany { players } => write!(
                f,
                "{players} players cannot all be dealt their dominoes and cards with one left in the poke"
            ),
            SetupError::BadDeal => write!(
                f,
                "a deal holds each of the 91 dominoes and each of the 52 cards once"
            ),
        }
    }
}

/// One player's side of the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Player {
    pub name: String,
    pub beads: u32,
    /// Cards known to be in the hand.
    pub known: Vec<Card>,
    /// Cards in the hand that kado does not know.
    pub unknown: u32,
    pub dominoes: u32,
    /// The dominoes held, when kado knows them (a virtual deal).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub held: Option<Vec<Domino>>,
    /// The length of each run played.
    pub runs: Vec<usize>,
    pub run_points: u32,
    pub turns: u32,
}

impl Player {
    pub fn hand_size(&self) -> usize {
        self.known.len() + self.unknown as usize
    }
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "by", rename_all = "kebab-case")]
pub enum End {
    /// A player's hand emptied: they win at once.
    Pokino { player: String },
    /// The poke is empty (ruling `poke-end`).
    PokeEmpty,
    /// A card had to be drawn from an empty deck (ruling `empty-deck: ends`).
    DeckEmpty,
}

/// One run as played: where, its points, what it claimed and tore off.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RunDone {
    pub cards: Vec<Card>,
    pub squares: Vec<Square>,
    pub points: u32,
    pub claims: Vec<Border>,
    pub torn: Vec<Domino>,
}

/// What a turn did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Did {
    Spoke,
    Hand,
    Domino {
        at: Placement,
        /// A bead from the bank (none when a limited bank is empty).
        bead: bool,
        /// A domino drawn from the poke.
        drew_domino: bool,
    },
    Runs {
        runs: Vec<RunDone>,
        beads_paid: u32,
    },
    Pass,
}

/// What one event did, for the turn-by-turn account.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Report {
    pub player: Option<String>,
    pub did: Did,
    /// Whether a card was drawn at the end of the turn, and which when known.
    pub drew_card: bool,
    pub drawn: Option<Card>,
    /// Why no card was drawn at the end of a turn.
    pub no_draw: Option<NoDrawWhy>,
    pub ended: Option<End>,
}

/// The state of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub rules: Rules,
    pub players: Vec<Player>,
    pub board: Board,
    /// Claimed borders, each with the player who claimed it.
    pub tokens: Vec<Token>,
    /// Dominoes that left the board (Tear Down the Walls).
    pub torn: Vec<Domino>,
    pub poke: u32,
    pub deck: u32,
    /// Beads in the bank (`bank: limited`); `None` when it never runs out.
    pub bank: Option<u32>,
    /// The poke and the deck from the top, when kado knows them (a virtual deal).
    pub poke_order: Option<Vec<Domino>>,
    pub deck_order: Option<Vec<Card>>,
    /// The spoke's dominoes as dealt, when kado knows them.
    pub spoke_dealt: Option<Vec<Domino>>,
    /// Cards played, by index.
    pub played: Vec<bool>,
    /// Whose turn it is (`None` before the first turn under `first-player:
    /// first-to-play`).
    pub to_play: Option<usize>,
    /// Who played the first turn.
    pub first: Option<usize>,
    pub turns: u32,
    pub end: Option<End>,
}

impl Game {
    /// A game about to start: players seated in turn order, each dealt their dominoes,
    /// cards and beads; the spoke not laid yet. With a deal, kado knows every piece.
    pub fn new(players: &[String], deal: Option<&Deal>, rules: &Rules) -> Result<Game, SetupError> {
        check_players(players)?;
        let n = players.len() as u32;
        let (dominoes, cards) = (rules.start_dominoes, rules.dealt_cards());
        let poke = (SET_SIZE as u32).checked_sub(SPOKE as u32 + dominoes * n);
        let deck = 52u32.checked_sub(cards * n);
        let (Some(poke), Some(deck)) = (poke.filter(|p| *p > 0), deck) else {
            return Err(SetupError::TooMany {
                players: players.len(),
            });
        };
        let mut g = Game {
            rules: rules.clone(),
            players: players
                .iter()
                .map(|name| Player {
                    name: name.clone(),
                    beads: rules.start_beads,
                    known: Vec::new(),
                    unknown: cards,
                    dominoes,
                    held: None,
                    runs: Vec::new(),
                    run_points: 0,
                    turns: 0,
                })
                .collect(),
            board: Board::default(),
            tokens: Vec::new(),
            torn: Vec::new(),
            poke,
            deck,
            bank: rules.bank,
            poke_order: None,
            deck_order: None,
            spoke_dealt: None,
            played: vec![false; 52],
            to_play: (!rules.first_to_play).then_some(0),
            first: None,
            turns: 0,
            end: None,
        };
        if let Some(d) = deal {
            g.deal(d)?;
        }
        Ok(g)
    }

    /// Hands out a known deal.
    fn deal(&mut self, d: &Deal) -> Result<(), SetupError> {
        let mut ds: Vec<usize> = d.dominoes.iter().map(|x| x.index()).collect();
        ds.sort_unstable();
        let mut cs: Vec<usize> = d.cards.iter().map(|c| c.index()).collect();
        cs.sort_unstable();
        if ds != (0..SET_SIZE).collect::<Vec<_>>() || cs != (0..52).collect::<Vec<_>>() {
            return Err(SetupError::BadDeal);
        }
        let (nd, nc) = (
            self.rules.start_dominoes as usize,
            self.rules.dealt_cards() as usize,
        );
        self.spoke_dealt = Some(d.dominoes[..SPOKE].to_vec());
        for (i, p) in self.players.iter_mut().enumerate() {
            let at = SPOKE + i * nd;
            p.held = Some(d.dominoes[at..at + nd].to_vec());
            p.known = d.cards[i * nc..(i + 1) * nc].to_vec();
            p.unknown = 0;
        }
        let n = self.players.len();
        self.poke_order = Some(d.dominoes[SPOKE + n * nd..].to_vec());
        self.deck_order = Some(d.cards[n * nc..].to_vec());
        Ok(())
    }

    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    pub fn spoke_laid(&self) -> bool {
        self.board.len() >= SPOKE || !self.torn.is_empty()
    }

    fn index_of(&self, name: &str) -> Option<usize> {
        self.players.iter().position(|p| p.name == name)
    }

    /// Applies one event, or says which rule it breaks. The state is changed only when
    /// the event is legal, except that a run found illegal after an earlier run of the
    /// same turn leaves the earlier one applied (callers apply to a copy).
    pub fn apply(&mut self, e: &Event) -> Result<Report, Illegal> {
        if self.end.is_some() {
            return Err(Illegal::GameOver);
        }
        match e {
            Event::Spoke(ps) => self.lay_spoke(ps),
            Event::Hand { player, cards } => self.set_hand(player, cards),
            Event::Turn {
                player,
                play,
                draws,
            } => self.turn(player, play, *draws),
        }
    }

    fn lay_spoke(&mut self, ps: &[Placement]) -> Result<Report, Illegal> {
        if self.spoke_laid() {
            return Err(Illegal::SpokeTwice);
        }
        if ps.len() != SPOKE {
            return Err(Illegal::SpokeSize { count: ps.len() });
        }
        let mut board = Board::default();
        for p in ps {
            let faults = place::faults(&board, p, &self.rules);
            if !faults.is_empty() {
                return Err(Illegal::SpokeDomino { at: *p, faults });
            }
            if let Some(dealt) = &self.spoke_dealt
                && !dealt.iter().any(|d| d.same(p.domino))
            {
                return Err(Illegal::SpokeNotDealt {
                    domino: p.domino,
                    dealt: dealt.clone(),
                });
            }
            board = with_domino(&board, *p);
        }
        if self.rules.spoke_connected && !connected(board.placements()) {
            return Err(Illegal::SpokeApart);
        }
        self.board = board;
        Ok(report(None, Did::Spoke))
    }

    /// A player's whole hand, as dealt or now: it must agree with what kado knows.
    fn set_hand(&mut self, name: &str, cards: &[Card]) -> Result<Report, Illegal> {
        let Some(i) = self.index_of(name) else {
            return Err(Illegal::NoSuchPlayer {
                name: name.to_string(),
            });
        };
        let p = &self.players[i];
        if cards.len() != p.hand_size() {
            return Err(Illegal::HandSize {
                player: name.to_string(),
                said: cards.len(),
                held: p.hand_size(),
            });
        }
        for (k, c) in cards.iter().enumerate() {
            if cards[..k].contains(c) {
                return Err(Illegal::CardTwice { card: *c });
            }
            self.card_free(*c, i)?;
        }
        if let Some(c) = p.known.iter().find(|c| !cards.contains(c)) {
            return Err(Illegal::HandMissing { card: *c });
        }
        let p = &mut self.players[i];
        p.known = cards.to_vec();
        p.unknown = 0;
        Ok(report(Some(name), Did::Hand))
    }

    /// A card may be in player `i`'s hand: not played, not known in another hand.
    fn card_free(&self, c: Card, i: usize) -> Result<(), Illegal> {
        if self.played.get(c.index()).copied().unwrap_or(false) {
            return Err(Illegal::CardPlayed { card: c });
        }
        match self
            .players
            .iter()
            .enumerate()
            .find(|(j, p)| *j != i && p.known.contains(&c))
        {
            Some((_, p)) => Err(Illegal::CardElsewhere {
                card: c,
                holder: p.name.clone(),
            }),
            None => Ok(()),
        }
    }

    /// Whose turn it is, checked against who plays.
    fn check_turn(&self, name: &str) -> Result<usize, Illegal> {
        if !self.spoke_laid() {
            return Err(Illegal::NoSpoke);
        }
        let i = self.index_of(name);
        match (self.to_play, i) {
            (Some(t), Some(i)) if t == i => Ok(i),
            (None, Some(i)) => Ok(i),
            (t, _) => Err(Illegal::NotYourTurn {
                expected: self.players[t.unwrap_or(0)].name.clone(),
                got: name.to_string(),
            }),
        }
    }

    fn turn(&mut self, name: &str, play: &Play, draws: Option<Card>) -> Result<Report, Illegal> {
        let i = self.check_turn(name)?;
        let did = match play {
            Play::Domino(p) => self.lay(i, p)?,
            Play::Runs(list) => self.play_runs(i, list)?,
            Play::Pass => {
                let held = self.players[i].dominoes;
                if self.rules.pass_without_domino && held > 0 {
                    return Err(Illegal::PassNotAllowed { dominoes: held });
                }
                Did::Pass
            }
        };
        let mut r = report(Some(name), did);
        if self.players[i].hand_size() == 0 {
            if draws.is_some() {
                return Err(Illegal::NoDraw {
                    why: NoDrawWhy::Pokino,
                });
            }
            r.ended = Some(End::Pokino {
                player: name.to_string(),
            });
        } else {
            self.draw_card(i, draws, &mut r)?;
        }
        self.players[i].turns += 1;
        self.turns += 1;
        self.first.get_or_insert(i);
        let next = (i + 1) % self.players.len();
        self.to_play = Some(next);
        if r.ended.is_none() {
            r.ended = self.poke_end(next);
        }
        self.end.clone_from(&r.ended);
        Ok(r)
    }

    /// Whether the game ends on an empty poke, after a turn (ruling `poke-end`).
    fn poke_end(&self, next: usize) -> Option<End> {
        if self.poke > 0 {
            return None;
        }
        let round_over = Some(next) == self.first;
        (!self.rules.poke_after_round || round_over).then_some(End::PokeEmpty)
    }

    /// The card drawn at the end of a turn.
    fn draw_card(&mut self, i: usize, draws: Option<Card>, r: &mut Report) -> Result<(), Illegal> {
        let size = self.players[i].hand_size();
        if self.rules.hand_limit().is_some_and(|l| size >= l) {
            r.no_draw = Some(NoDrawWhy::Full);
        } else if self.deck == 0 {
            r.no_draw = Some(NoDrawWhy::Empty);
            if self.rules.empty_deck_ends {
                r.ended = Some(End::DeckEmpty);
            }
        }
        if let Some(why) = r.no_draw {
            return match draws {
                Some(_) => Err(Illegal::NoDraw { why }),
                None => Ok(()),
            };
        }
        let top = self.deck_order.as_ref().and_then(|o| o.first().copied());
        let card = match (draws, top) {
            (Some(_), _) if self.rules.deck_face_down => return Err(Illegal::DrawUnseen),
            (Some(c), Some(t)) if c != t => return Err(Illegal::DrawNotTop { card: c, top: t }),
            (Some(c), _) => {
                self.card_free(c, i)?;
                Some(c)
            }
            (None, t) => t,
        };
        if let Some(o) = &mut self.deck_order
            && !o.is_empty()
        {
            o.remove(0);
        }
        self.deck -= 1;
        let p = &mut self.players[i];
        match card {
            Some(c) => p.known.push(c),
            None => p.unknown += 1,
        }
        r.drew_card = true;
        r.drawn = card;
        Ok(())
    }

    /// Lays a domino from player `i`'s hand: a bead, and a domino from the poke.
    fn lay(&mut self, i: usize, p: &Placement) -> Result<Did, Illegal> {
        let pl = &self.players[i];
        if pl.dominoes == 0 {
            return Err(Illegal::NoDomino);
        }
        if self.torn.iter().any(|d| d.same(p.domino)) {
            return Err(Illegal::DominoTorn { domino: p.domino });
        }
        if let Some(held) = &pl.held
            && !held.iter().any(|d| d.same(p.domino))
        {
            return Err(Illegal::DominoNotHeld {
                domino: p.domino,
                held: held.clone(),
            });
        }
        let faults = self.placement_faults(p);
        if !faults.is_empty() {
            return Err(Illegal::Placement { at: *p, faults });
        }
        self.board = with_domino(&self.board, *p);
        let bead = self.bank.is_none_or(|b| b > 0);
        if let Some(b) = &mut self.bank {
            *b = b.saturating_sub(1);
        }
        let drew_domino = self.poke > 0;
        let next = self.poke_order.as_mut().and_then(|o| {
            let d = o.first().copied();
            if d.is_some() {
                o.remove(0);
            }
            d
        });
        let pl = &mut self.players[i];
        pl.beads += u32::from(bead);
        if let Some(held) = &mut pl.held {
            held.retain(|d| !d.same(p.domino));
            held.extend(next.filter(|_| drew_domino));
        }
        if drew_domino {
            self.poke -= 1;
        } else {
            pl.dominoes -= 1;
        }
        Ok(Did::Domino {
            at: *p,
            bead,
            drew_domino,
        })
    }

    /// Why `p` may not be laid: the placement check, and touching a domino even when
    /// the board holds fewer than the spoke's four (after Tear Down the Walls).
    fn placement_faults(&self, p: &Placement) -> Vec<place::Fault> {
        let mut faults = place::faults(&self.board, p, &self.rules);
        if self.board.len() < SPOKE
            && !faults
                .iter()
                .any(|f| matches!(f, place::Fault::Overlaps { .. }))
            && !self.board.touches(p)
        {
            faults.push(place::Fault::TouchesNothing);
        }
        faults
    }

    /// Borders a run of player `i` may not cross.
    pub fn closed_borders(&self, i: usize) -> Vec<Border> {
        let name = &self.players[i].name;
        self.tokens
            .iter()
            .filter(|t| !(self.rules.own_borders_open && &t.player == name))
            .map(|t| t.border)
            .collect()
    }

    fn play_runs(&mut self, i: usize, list: &[RunPlay]) -> Result<Did, Illegal> {
        if list.len() > 1 && !self.rules.several_runs {
            return Err(Illegal::OneRun);
        }
        let mut done = Vec::new();
        let mut paid = 0;
        for run in list {
            let d = self.check_run(i, run)?;
            self.check_split(&d)?;
            paid += self.pay(i, &run.cards)?;
            self.take_cards(i, &run.cards)?;
            self.claim(i, &d);
            done.push(d);
        }
        Ok(Did::Runs {
            runs: done,
            beads_paid: paid,
        })
    }

    /// Checks a run against the board: its length, its walk, its numbers.
    fn check_run(&self, i: usize, run: &RunPlay) -> Result<RunDone, Illegal> {
        let n = run.cards.len();
        let Some(pts) = points(n, &self.rules) else {
            return Err(if n < 2 {
                Illegal::RunTooShort { length: n }
            } else {
                Illegal::RunTooLong { length: n }
            });
        };
        let closed = self.closed_borders(i);
        let squares = match &run.squares {
            Some(s) => s.clone(),
            None => self.only_walk(&run.cards, &closed)?,
        };
        if squares.len() != n {
            return Err(Illegal::SquareCount {
                cards: n,
                squares: squares.len(),
            });
        }
        let (crossed, torn) = runs::check_walk(&self.board, &squares, &closed, &self.rules)
            .map_err(|(at, fault)| Illegal::Step { at: at + 1, fault })?;
        for (c, sq) in run.cards.iter().zip(&squares) {
            let number = self.board.cell(*sq).map_or(0, |c| c.number);
            if card_number(*c) != Some(number) {
                return Err(Illegal::Number {
                    card: *c,
                    square: *sq,
                    number,
                });
            }
        }
        let claims = crossed
            .into_iter()
            .filter(|b| !self.tokens.iter().any(|t| t.border.same(*b)))
            .collect();
        Ok(RunDone {
            cards: run.cards.clone(),
            squares,
            points: pts,
            claims,
            torn,
        })
    }

    /// The squares of a run written without them: the one walk its cards fit.
    fn only_walk(&self, cards: &[Card], closed: &[Border]) -> Result<Vec<Square>, Illegal> {
        let mut ways = runs::walks_for(&self.board, cards, closed, &self.rules, 2);
        match ways.len() {
            0 => Err(Illegal::NoWalk {
                why: self.no_walk_why(cards, closed),
            }),
            1 => Ok(ways.remove(0)),
            _ => Err(Illegal::Ambiguous),
        }
    }

    /// Why `cards` fit no walk: a number missing from the board, numbers that touch only
    /// inside one domino (the walk the Tear Down the Walls variant would allow), or apart.
    fn no_walk_why(&self, cards: &[Card], closed: &[Border]) -> NoWalkWhy {
        let shown = |n: u8| {
            self.board
                .placements()
                .iter()
                .any(|p| p.domino.a == n || p.domino.b == n)
        };
        if let Some(number) = cards
            .iter()
            .filter_map(|c| card_number(*c))
            .find(|n| !shown(*n))
        {
            return NoWalkWhy::Missing { number };
        }
        let mut torn = self.rules.clone();
        torn.tear_down = true;
        let inside = runs::walks_for(&self.board, cards, closed, &torn, 1);
        let domino = inside.first().and_then(|walk| {
            walk.windows(2).find_map(|w| {
                let (a, b) = (self.board.cell(w[0])?, self.board.cell(w[1])?);
                (a.piece == b.piece).then(|| self.board.placements()[a.piece].domino)
            })
        });
        match domino {
            Some(domino) => NoWalkWhy::OneDomino { domino },
            None => NoWalkWhy::Apart,
        }
    }

    /// Under `torn-split: forbidden`, a run may not tear off a domino whose leaving
    /// splits the board into more pieces.
    fn check_split(&self, d: &RunDone) -> Result<(), Illegal> {
        if !self.rules.torn_split_forbidden || d.torn.is_empty() {
            return Ok(());
        }
        let all = self.board.placements();
        let left: Vec<Placement> = all
            .iter()
            .filter(|p| !d.torn.iter().any(|t| t.same(p.domino)))
            .copied()
            .collect();
        if pieces(&left) > pieces(all) {
            return Err(Illegal::Split { domino: d.torn[0] });
        }
        Ok(())
    }

    /// Pays a bead for each card (not under Greed).
    fn pay(&mut self, i: usize, cards: &[Card]) -> Result<u32, Illegal> {
        if self.rules.greed {
            return Ok(0);
        }
        let p = &mut self.players[i];
        let cost = cards.len() as u32;
        if p.beads < cost {
            return Err(Illegal::TooFewBeads {
                beads: p.beads,
                cards: cards.len(),
            });
        }
        p.beads -= cost;
        if let Some(b) = &mut self.bank {
            *b += cost;
        }
        Ok(cost)
    }

    /// Takes the cards of a run from player `i`'s hand.
    fn take_cards(&mut self, i: usize, cards: &[Card]) -> Result<(), Illegal> {
        for c in cards {
            self.card_free(*c, i)?;
            let p = &mut self.players[i];
            if let Some(k) = p.known.iter().position(|x| x == c) {
                p.known.remove(k);
            } else if p.unknown > 0 {
                p.unknown -= 1;
            } else {
                return Err(Illegal::NotInHand {
                    card: *c,
                    hand: p.known.clone(),
                });
            }
            if let Some(slot) = self.played.get_mut(c.index()) {
                *slot = true;
            }
        }
        Ok(())
    }

    /// Scores a run, claims its borders and tears off its dominoes.
    fn claim(&mut self, i: usize, d: &RunDone) {
        let name = self.players[i].name.clone();
        let p = &mut self.players[i];
        p.runs.push(d.cards.len());
        p.run_points += d.points;
        self.tokens.extend(d.claims.iter().map(|b| Token {
            player: name.clone(),
            border: *b,
        }));
        if d.torn.is_empty() {
            return;
        }
        let torn_squares: Vec<Square> = self
            .board
            .placements()
            .iter()
            .filter(|p| d.torn.iter().any(|t| t.same(p.domino)))
            .flat_map(|p| p.squares())
            .collect();
        let left: Vec<Placement> = self
            .board
            .placements()
            .iter()
            .filter(|p| !d.torn.iter().any(|t| t.same(p.domino)))
            .copied()
            .collect();
        self.board = Board::from_placements(left);
        self.torn.extend(d.torn.iter().copied());
        if self.rules.torn_tokens_leave {
            self.tokens.retain(|t| {
                !torn_squares.contains(&t.border.a) && !torn_squares.contains(&t.border.b)
            });
        }
    }

    /// Every player's score: run points (and 5 a bead under Greed), or under Territory
    /// the pips of the dominoes each gets.
    /// How the game stands, for the play history.
    pub fn outcome(&self) -> crate::history::Outcome {
        let winners = self.winners();
        crate::history::Outcome {
            finished: self.is_over(),
            seats: self
                .players
                .iter()
                .zip(self.scores())
                .map(|(p, s)| crate::history::SeatOutcome {
                    name: p.name.clone(),
                    score: i64::try_from(s).unwrap_or(i64::MAX),
                    won: winners.contains(&p.name),
                    kado: false,
                })
                .collect(),
            facts: crate::history::Facts {
                runs: self
                    .players
                    .iter()
                    .map(|p| (p.name.clone(), p.runs.len() as i64))
                    .collect(),
                pokino: match &self.end {
                    Some(End::Pokino { player }) => Some(player.clone()),
                    _ => None,
                },
                ..crate::history::Facts::default()
            },
        }
    }

    pub fn scores(&self) -> Vec<u64> {
        if self.rules.territory {
            let t = score::territory(&self.board, &self.tokens, &self.rules);
            return self
                .players
                .iter()
                .map(|p| {
                    t.players
                        .iter()
                        .find(|h| h.player == p.name)
                        .map_or(0, |h| u64::from(h.pips))
                })
                .collect();
        }
        self.players
            .iter()
            .map(|p| {
                let beads = if self.rules.greed {
                    u64::from(p.beads) * u64::from(self.rules.bead_points)
                } else {
                    0
                };
                u64::from(p.run_points) + beads
            })
            .collect()
    }

    /// The winners once the game is over: the player who called "Pokino!" (unless ruling
    /// territory-pokino lets the pips decide), or the highest scores (ruling `win-ties`).
    /// Empty while it goes on.
    pub fn winners(&self) -> Vec<String> {
        match &self.end {
            None => Vec::new(),
            Some(End::Pokino { player }) if !self.rules.pokino_pips_decide => vec![player.clone()],
            Some(_) => {
                let s = self.scores();
                let best = s.iter().copied().max().unwrap_or(0);
                let top: Vec<String> = self
                    .players
                    .iter()
                    .zip(&s)
                    .filter(|(_, v)| **v == best)
                    .map(|(p, _)| p.name.clone())
                    .collect();
                if top.len() > 1 && self.rules.ties_nobody {
                    Vec::new()
                } else {
                    top
                }
            }
        }
    }

    /// Who plays next, while the game goes on.
    pub fn next_player(&self) -> Option<&str> {
        if self.end.is_some() {
            return None;
        }
        self.to_play.map(|i| self.players[i].name.as_str())
    }

    /// What would have been legal instead of an illegal turn, in words: where the
    /// domino fits, or which walks the run's cards fit.
    pub fn legal_instead(&self, e: &Event, why: &Illegal) -> Vec<String> {
        let Event::Turn { player, play, .. } = e else {
            return Vec::new();
        };
        match (why, play) {
            (Illegal::NotYourTurn { expected, .. }, _) => {
                vec![format!("{expected} plays next")]
            }
            (Illegal::Placement { .. }, Play::Domino(p)) => self.spots_for(p.domino),
            (
                Illegal::Step { .. }
                | Illegal::Number { .. }
                | Illegal::NoWalk { .. }
                | Illegal::Ambiguous
                | Illegal::SquareCount { .. },
                Play::Runs(list),
            ) => {
                let i = self.index_of(player).unwrap_or(0);
                let closed = self.closed_borders(i);
                list.iter()
                    .flat_map(|r| runs::walks_for(&self.board, &r.cards, &closed, &self.rules, 3))
                    .map(|w| format!("these cards along {}", squares_text(&w)))
                    .collect()
            }
            (Illegal::TooFewBeads { beads, .. }, _) if *beads >= 2 => {
                vec![format!("a run of at most {beads} cards")]
            }
            (Illegal::TooFewBeads { .. }, _) => {
                vec!["a domino laid, which earns a bead".to_string()]
            }
            _ => Vec::new(),
        }
    }

    fn spots_for(&self, d: Domino) -> Vec<String> {
        let Some(all) = place::spots(&self.board, d, &self.rules) else {
            return Vec::new();
        };
        let mut out: Vec<String> = all.iter().take(3).map(|p| format!("{p}")).collect();
        if all.len() > 3 {
            out.push(format!("… {} places in all", all.len()));
        }
        out
    }

    /// The best runs player `i`'s known hand can play now (the run search, stopped
    /// after `budget` runs when given).
    pub fn hint(&self, i: usize, keep: usize, budget: Option<u64>) -> runs::Found {
        let p = &self.players[i];
        let closed = self.closed_borders(i);
        runs::find(
            &self.board,
            &Query {
                hand: &p.known,
                beads: Some(p.beads),
                claimed: &closed,
                keep: Some(keep),
                budget,
            },
            &self.rules,
        )
    }
}

impl Game {
    /// Where player `i` may lay each domino they hold (when kado knows them), best first:
    /// each place with the points of the best run their hand could then play on it (with
    /// the bead the domino earns). The card drawn after laying is not looked at.
    pub fn places(&self, i: usize) -> Vec<(Placement, u32)> {
        let Some(p) = self.players.get(i) else {
            return Vec::new();
        };
        let closed = self.closed_borders(i);
        let mut out: Vec<(Placement, u32)> = p
            .held
            .iter()
            .flatten()
            .flat_map(|d| place::spots(&self.board, *d, &self.rules).unwrap_or_default())
            .map(|at| {
                let board = with_domino(&self.board, at);
                let q = Query {
                    hand: &p.known,
                    beads: Some(p.beads + 1),
                    claimed: &closed,
                    keep: Some(1),
                    budget: Some(20_000),
                };
                let best = runs::find(&board, &q, &self.rules)
                    .best
                    .map_or(0, |r| r.points);
                (at, best)
            })
            .collect();
        // Best first; a stable sort keeps the order of the spots among equals.
        out.sort_by_key(|(_, points)| std::cmp::Reverse(*points));
        out
    }
}

/// The squares of a walk, as written after `@`.
pub fn squares_text(squares: &[Square]) -> String {
    squares
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// How many groups of touching dominoes lie on the table.
fn pieces(ps: &[Placement]) -> usize {
    let mut seen = vec![false; ps.len()];
    let mut count = 0;
    for start in 0..ps.len() {
        if seen[start] {
            continue;
        }
        count += 1;
        seen[start] = true;
        let mut stack = vec![start];
        while let Some(i) = stack.pop() {
            for j in 0..ps.len() {
                if !seen[j] && connected(&[ps[i], ps[j]]) {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
    }
    count
}

fn report(player: Option<&str>, did: Did) -> Report {
    Report {
        player: player.map(str::to_string),
        did,
        drew_card: false,
        drawn: None,
        no_draw: None,
        ended: None,
    }
}

fn with_domino(board: &Board, p: Placement) -> Board {
    let mut ps = board.placements().to_vec();
    ps.push(p);
    Board::from_placements(ps)
}

fn check_players(players: &[String]) -> Result<(), SetupError> {
    if players.len() < 2 {
        return Err(SetupError::TooFewPlayers);
    }
    for (i, n) in players.iter().enumerate() {
        if players[..i].contains(n) {
            return Err(SetupError::NameTwice(n.clone()));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::check::{GameVerdict, check};
    use super::*;
    use crate::diag::Source;
    use crate::ruleset::Ruleset;

    const VARIANTS: [&str; 5] = [
        "pokino",
        "pokino-greed",
        "pokino-up",
        "pokino-tear-down",
        "pokino-territory",
    ];
    const SPOKE4: &str = "spoke: 6-4@0,0h 1-3@0,1h 12-8@2,0v 9-0@2,2h";
    /// Cards no test plays, to fill hands up to their size.
    const FILL: [&str; 14] = [
        "7S", "7H", "7D", "7C", "2S", "2H", "2D", "5S", "5H", "5D", "5C", "10S", "10H", "10D",
    ];

    fn rules(base: &str, house: &str) -> Rules {
        let rs = Ruleset::from_house_text("h.yaml", &format!("base: {base}\n{house}")).unwrap();
        Rules::from_ruleset(&rs)
    }

    /// A hand line of `cards` filled up to the dealt size.
    fn hand(r: &Rules, who: &str, cards: &str) -> String {
        let mut v: Vec<&str> = cards.split_whitespace().collect();
        let fill: Vec<&str> = if who == "ana" {
            FILL[..7].to_vec()
        } else {
            FILL[7..].to_vec()
        };
        let mut k = 0;
        while v.len() < r.dealt_cards() as usize && k < fill.len() {
            v.push(fill[k]);
            k += 1;
        }
        format!("{who}: {}\n", v.join(" "))
    }

    /// Referees ana and ben on the spoke, hands given, then `body`.
    fn play(base: &str, house: &str, ana: &str, ben: &str, body: &str) -> GameVerdict {
        let r = rules(base, house);
        let text = format!(
            "players: ana ben\n{SPOKE4}\n{}{}{body}",
            hand(&r, "ana", ana),
            hand(&r, "ben", ben)
        );
        check(&Source::new("t", text), &r).unwrap().games.remove(0)
    }

    const BEADS: &str = "values:\n  start-beads: 5\n";

    /// Referees ana and ben on the spoke, hands not given, then `body`.
    fn bare(base: &str, house: &str, body: &str) -> GameVerdict {
        let r = rules(base, house);
        let text = format!("players: ana ben\n{SPOKE4}\n{body}");
        check(&Source::new("t", text), &r).unwrap().games.remove(0)
    }

    fn reason(v: &GameVerdict) -> Option<String> {
        v.illegal.as_ref().map(|i| i.reason.clone())
    }

    fn each(body: &str, ana: &str, ben: &str, want: impl Fn(&str, Option<String>)) {
        for base in VARIANTS {
            want(base, reason(&play(base, BEADS, ana, ben, body)));
        }
    }

    #[test]
    fn a_legal_run_scores_pays_claims_and_draws() {
        for base in VARIANTS {
            let v = play(
                base,
                BEADS,
                "QC 4H 3S",
                "",
                "ana run QC 4H 3S @ 2,0 1,0 1,1\n",
            );
            assert!(v.illegal.is_none(), "{base}: {:?}", v.illegal);
            let r = rules(base, BEADS);
            let beads = if r.greed { 5 } else { 2 };
            assert_eq!(v.beads["ana"], beads, "{base}");
            assert_eq!(
                v.hand_sizes["ana"],
                r.dealt_cards() as usize - 3 + 1,
                "{base}"
            );
            assert_eq!(v.claimed.len(), 2);
            let want = match base {
                "pokino-greed" => 5 + 25,
                // No domino has more of ana's tokens than ben's... ana touches 4.
                "pokino-territory" => v.scores["ana"],
                _ => 5,
            };
            assert_eq!(v.scores["ana"], want, "{base}");
            assert_eq!(v.next.as_deref(), Some("ben"));
            assert!(!v.over);
        }
        // Territory: ana's two tokens touch 12-8, 6-4 and 1-3, each once: all hers.
        let v = play(
            "pokino-territory",
            BEADS,
            "QC 4H 3S",
            "",
            "ana run QC 4H 3S\n",
        );
        assert_eq!(v.scores["ana"], 20 + 10 + 4);
    }

    #[test]
    fn ruling_territory_pokino() {
        let house = |choice: &str| {
            format!(
                "rulings:\n  territory-pokino: {choice}\nvalues:\n  start-beads: 5\n  start-cards: 2\n"
            )
        };
        for (choice, winner) in [("caller-wins", "ana"), ("pips-decide", "ben")] {
            let mut v = play(
                "pokino-territory",
                &house(choice),
                "QC 4H",
                "",
                "ana run QC 4H\n",
            );
            assert_eq!(
                v.game.end,
                Some(End::Pokino {
                    player: "ana".into()
                })
            );
            // ben's tokens outnumber ana's on both dominoes her run touched.
            let mut ben = v.game.tokens[0].clone();
            ben.player = "ben".into();
            v.game.tokens.extend([ben.clone(), ben]);
            assert_eq!(v.game.scores(), vec![0, 30], "{choice}");
            assert_eq!(v.game.winners(), vec![winner.to_string()], "{choice}");
        }
        // Outside Territory the call wins whatever the ruling says.
        let v = play(
            "pokino",
            &house("pips-decide"),
            "QC 4H",
            "",
            "ana run QC 4H\n",
        );
        assert_eq!(v.game.winners(), vec!["ana".to_string()]);
    }

    #[test]
    fn squares_may_be_left_out_when_the_cards_fit_one_way() {
        for base in VARIANTS {
            let v = play(base, BEADS, "QC 4H 3S", "", "ana run QC 4H 3S\n");
            assert!(v.illegal.is_none(), "{base}");
            assert_eq!(v.game.tokens.len(), 2);
        }
        let v = play("pokino", BEADS, "QC 3S", "", "ana run QC 3S\n");
        assert_eq!(
            reason(&v).unwrap(),
            "these cards match no walk of numbers on the board: its numbers are not on a line of touching squares in that order"
        );
        let v = play("pokino", BEADS, "4H 3S 3D", "", "ana run 4H 3S\n");
        assert!(v.illegal.is_none());
        // With 3-4 laid right of 8, an 8 then a 3 fits two ways.
        let body = "ana domino 3-4@3,1h\nben run 8D 3D\n";
        let v = play("pokino", BEADS, "", "8D 3D", body);
        let i = v.illegal.unwrap();
        assert_eq!(
            i.reason,
            "these cards fit the board more than one way: give the squares after `@`"
        );
        assert_eq!(
            i.legal,
            vec!["these cards along 2,1 1,1", "these cards along 2,1 3,1"]
        );
        let v = play(
            "pokino",
            BEADS,
            "",
            "8D 3D",
            "ana domino 3-4@3,1h\nben run 8D 3D @ 2,1 3,1\n",
        );
        assert!(v.illegal.is_none());
    }

    #[test]
    fn a_domino_that_touches_nothing_or_overlaps() {
        each("ana domino 5-5@9,9h\n", "", "", |b, r| {
            assert_eq!(
                r.as_deref(),
                Some(
                    "5-5@9,9h may not be laid: it would touch no domino on the table (it must share a side with one)"
                ),
                "{b}"
            );
        });
        each("ana domino 5-5@0,0v\n", "", "", |b, r| {
            assert_eq!(
                r.as_deref(),
                Some(
                    "5-5@0,0v may not be laid: square 0,0 is already covered by 6-4@0,0h; square 0,1 is already covered by 1-3@0,1h"
                ),
                "{b}"
            );
        });
        each("ana domino 5-5@-2,0h\n", "", "", |b, r| {
            assert_eq!(r, None, "{b}")
        });
        let v = play("pokino", BEADS, "", "", "ana domino 5-5@9,9h\n");
        let i = v.illegal.unwrap();
        assert_eq!((i.line, i.player.as_deref()), (5, Some("ana")));
        assert_eq!(i.rule, "laying a domino");
        assert_eq!(i.legal[0], "5-5@0,-2v");
    }

    #[test]
    fn a_run_off_its_squares_or_off_its_numbers() {
        each("ana run QC 4H @ 2,0 5,5\n", "QC 4H", "", |b, r| {
            assert_eq!(
                r.as_deref(),
                Some("step 2 of the run: no domino covers square 5,5"),
                "{b}"
            );
        });
        each("ana run QC 3S @ 2,0 1,0\n", "QC 3S", "", |b, r| {
            assert_eq!(
                r.as_deref(),
                Some("3♠ is not the number on square 1,0, which is 4"),
                "{b}"
            );
        });
        each("ana run QC 4H 3S @ 2,0 1,0\n", "QC 4H 3S", "", |b, r| {
            assert_eq!(
                r.as_deref(),
                Some("3 cards on 2 squares: each card lies on one square"),
                "{b}"
            );
        });
        let v = play("pokino", BEADS, "QC 3S", "", "ana run QC 3S @ 2,0 1,0\n");
        assert_eq!(v.illegal.unwrap().rule, "a card on each square");
    }

    #[test]
    fn two_numbers_of_one_domino_in_a_row() {
        each("ana run 6S 4H @ 0,0 1,0\n", "6S 4H", "", |b, r| {
            if b == "pokino-tear-down" {
                assert_eq!(r, None);
            } else {
                assert_eq!(
                    r.as_deref(),
                    Some(
                        "step 2 of the run: two numbers in a row come from one domino (allowed only under Tear Down the Walls)"
                    ),
                    "{b}"
                );
            }
        });
        let v = play(
            "pokino-tear-down",
            BEADS,
            "6S 4H",
            "",
            "ana run 6S 4H @ 0,0 1,0\n",
        );
        assert_eq!(v.game.torn, vec![Domino::new(6, 4)]);
        assert_eq!(v.game.board.len(), 3);
        // It is out of play: no one lays it again.
        let again = Event::Turn {
            player: "ben".into(),
            play: Play::Domino("4-6@-2,0h".parse().unwrap()),
            draws: None,
        };
        assert_eq!(
            v.game.clone().apply(&again),
            Err(Illegal::DominoTorn {
                domino: Domino::new(4, 6)
            })
        );
    }

    #[test]
    fn a_claimed_border_and_a_border_used_twice() {
        let body = "ana run QC 4H 3S @ 2,0 1,0 1,1\nben run 4D 3D @ 1,0 1,1\n";
        each(body, "QC 4H 3S", "4D 3D", |b, r| {
            assert_eq!(
                r.as_deref(),
                Some("step 2 of the run: border 1,0-1,1 is claimed already"),
                "{b}"
            );
        });
        each(
            "ana run 4H 3S 4D @ 1,0 1,1 1,0\n",
            "4H 3S 4D",
            "",
            |b, r| {
                assert_eq!(
                    r.as_deref(),
                    Some("step 3 of the run: border 1,1-1,0 is crossed twice"),
                    "{b}"
                );
            },
        );
    }

    #[test]
    fn too_few_beads_except_under_greed() {
        for base in VARIANTS {
            let v = play(base, "", "QC 4H", "", "ana run QC 4H @ 2,0 1,0\n");
            if base == "pokino-greed" {
                assert!(v.illegal.is_none());
            } else {
                let i = v.illegal.unwrap();
                assert_eq!(i.reason, "2 cards cost 2 beads and the player has 1");
                assert_eq!(i.legal, vec!["a domino laid, which earns a bead"]);
            }
        }
    }

    #[test]
    fn a_card_not_in_hand() {
        each("ana run QD 4H @ 2,0 1,0\n", "QC 4H", "", |b, r| {
            let r = r.unwrap();
            assert!(
                r.starts_with("Q♦ is not in the player's hand (Q♣ 4♥"),
                "{b}: {r}"
            );
        });
        // Not typed: any card not seen elsewhere may be in a hand.
        let r = rules("pokino", BEADS);
        let text = format!("players: ana ben\n{SPOKE4}\nana run QD 4H @ 2,0 1,0\n");
        let v = check(&Source::new("t", text.as_str()), &r).unwrap();
        assert!(v.games[0].illegal.is_none());
        // A card in another known hand, or played already, is not.
        let v = play("pokino", BEADS, "", "QD 4H", "ana run QD 4H @ 2,0 1,0\n");
        assert_eq!(reason(&v).unwrap(), "Q♦ is in ben's hand");
    }

    #[test]
    fn a_turn_out_of_order() {
        each("ben pass\n", "", "", |b, r| {
            assert_eq!(r.as_deref(), Some("it is ana's turn, not ben's"), "{b}");
        });
        each("ana pass\nana pass\n", "", "", |b, r| {
            assert_eq!(r.as_deref(), Some("it is ben's turn, not ana's"), "{b}");
        });
    }

    #[test]
    fn ruling_first_player() {
        let v = play(
            "pokino",
            "rulings:\n  first-player: first-to-play\n",
            "",
            "",
            "ben pass\nana pass\nben pass\n",
        );
        assert!(v.illegal.is_none());
        let v = play(
            "pokino",
            "rulings:\n  first-player: first-to-play\n",
            "",
            "",
            "ben pass\nben pass\n",
        );
        assert_eq!(reason(&v).unwrap(), "it is ana's turn, not ben's");
    }

    #[test]
    fn ruling_pass() {
        assert!(play("pokino", "", "", "", "ana pass\n").illegal.is_none());
        let v = play(
            "pokino",
            "rulings:\n  pass: without-domino\n",
            "",
            "",
            "ana pass\n",
        );
        assert_eq!(
            reason(&v).unwrap(),
            "a player holding a domino may not pass (3 held; ruling pass is `without-domino`)"
        );
    }

    #[test]
    fn ruling_runs_per_turn() {
        let body = "ana run QC 4H @ 2,0 1,0 run 6S AC @ 0,0 0,1\n";
        let v = play("pokino", BEADS, "QC 4H 6S AC", "", body);
        assert_eq!(
            reason(&v).unwrap(),
            "one run per turn (ruling runs-per-turn is `one`)"
        );
        let house = "rulings:\n  runs-per-turn: several\nvalues:\n  start-beads: 5\n";
        let v = play("pokino", house, "QC 4H 6S AC", "", body);
        assert!(v.illegal.is_none());
        assert_eq!(v.scores["ana"], 10);
        assert_eq!(v.beads["ana"], 1);
    }

    #[test]
    fn ruling_steps_sides_only() {
        let v = play("pokino", BEADS, "4H 8S", "", "ana run 4H 8S @ 1,0 2,1\n");
        assert_eq!(
            reason(&v).unwrap(),
            "step 2 of the run: squares 1,0 and 2,1 do not share a side (ruling steps is `sides`)"
        );
        assert!(
            play("pokino", BEADS, "3H 8S", "", "ana run 3H 8S @ 1,1 2,1\n")
                .illegal
                .is_none()
        );
    }

    #[test]
    fn ruling_steps_diagonals() {
        let house = "rulings:\n  steps: diagonals\nvalues:\n  start-beads: 5\n";
        // 4 (1,0, on 6-4) and 8 (2,1, on 12-8) meet at a corner: one pair, claimed.
        let v = play("pokino", house, "4H 8S", "", "ana run 4H 8S @ 1,0 2,1\n");
        assert!(v.illegal.is_none(), "{:?}", v.illegal);
        assert_eq!(v.scores["ana"], 5);
        let claimed: Vec<&str> = v.claimed.iter().map(|c| c.border.as_str()).collect();
        assert_eq!(claimed, ["1,0-2,1"]);
        // Written without squares: the one walk, across the corner.
        let v = play("pokino", house, "4H 8S", "", "ana run 4H 8S\n");
        assert!(v.illegal.is_none(), "{:?}", v.illegal);
        // The pair is then closed; the other pair through that corner (12 and 3) is not.
        let body = "ana run 4H 8S @ 1,0 2,1\nben run 8D 4S @ 2,1 1,0\n";
        let v = play("pokino", house, "4H 8S", "8D 4S", body);
        assert_eq!(
            reason(&v).unwrap(),
            "step 2 of the run: corner pair 2,1-1,0 is claimed already"
        );
        let body = "ana run 4H 8S @ 1,0 2,1\nben run QD 3S @ 2,0 1,1\n";
        let v = play("pokino", house, "4H 8S", "QD 3S", body);
        assert!(v.illegal.is_none(), "{:?}", v.illegal);
        assert_eq!(v.claimed.len(), 2);
        // Squares two apart touch not even at a corner.
        let v = play("pokino", house, "6S 9H", "", "ana run 6S 9H @ 0,0 2,2\n");
        assert_eq!(
            reason(&v).unwrap(),
            "step 2 of the run: squares 0,0 and 2,2 neither share a side nor meet at a corner (ruling steps is `diagonals`)"
        );
        // Under the default the same corner step is refused, the ruling named.
        let v = play("pokino", BEADS, "4H 8S", "", "ana run 4H 8S\n");
        assert!(v.illegal.is_some());
    }

    /// Two players holding 43 dominoes each leave one in the poke.
    const ONE_IN_POKE: &str = "values:\n  start-dominoes: 43\n";

    #[test]
    fn the_poke_empties_and_ruling_poke_end() {
        let v = play("pokino", ONE_IN_POKE, "", "", "ana domino 5-5@-2,0h\n");
        assert!(v.over);
        assert_eq!(v.end, Some(End::PokeEmpty));
        assert_eq!(v.poke, 0);
        let after = format!("{ONE_IN_POKE}rulings:\n  poke-end: after-round\n");
        let v = play("pokino", &after, "", "", "ana domino 5-5@-2,0h\n");
        assert!(!v.over);
        let v = play(
            "pokino",
            &after,
            "",
            "",
            "ana domino 5-5@-2,0h\nben domino 7-7@3,0h\n",
        );
        assert!(v.over);
        assert_eq!(v.dominoes["ben"], 42);
        let v = play(
            "pokino",
            &after,
            "",
            "",
            "ana domino 5-5@-2,0h\nben pass\nana pass\n",
        );
        assert_eq!(
            reason(&v).unwrap(),
            "the game is over: no line may follow its end"
        );
    }

    #[test]
    fn ruling_win_ties() {
        let v = play("pokino", ONE_IN_POKE, "", "", "ana domino 5-5@-2,0h\n");
        assert_eq!(v.winners, vec!["ana", "ben"]);
        assert_eq!(v.winner, None);
        let house = format!("{ONE_IN_POKE}rulings:\n  win-ties: nobody\n");
        let v = play("pokino", &house, "", "", "ana domino 5-5@-2,0h\n");
        assert!(v.winners.is_empty());
        assert!(v.outcome().contains("no one wins"));
    }

    #[test]
    fn pokino_ends_the_game_at_once() {
        for base in VARIANTS {
            let house = "values:\n  start-cards: 2\n  up-cards: 2\n  start-beads: 5\n";
            let v = play(base, house, "QC 4H", "", "ana run QC 4H @ 2,0 1,0\n");
            assert_eq!(v.pokino.as_deref(), Some("ana"), "{base}");
            assert_eq!(v.winner.as_deref(), Some("ana"));
            assert_eq!(v.hand_sizes["ana"], 0);
        }
    }

    #[test]
    fn pokino_up_draws_only_below_seven() {
        let v = play("pokino-up", BEADS, "", "", "ana pass\n");
        assert_eq!(v.hand_sizes["ana"], 7);
        let v = play("pokino-up", BEADS, "", "", "ana pass draws 9H\n");
        assert_eq!(
            reason(&v).unwrap(),
            "no card is drawn: under Pokino-Up! a player holding 7 cards does not draw"
        );
        let v = play("pokino", BEADS, "", "", "ana pass draws 9H\n");
        assert_eq!(v.hand_sizes["ana"], 6);
        assert!(v.game.players[0].known.contains(&"9H".parse().unwrap()));
    }

    #[test]
    fn ruling_deck() {
        let v = play(
            "pokino",
            "rulings:\n  deck: face-down\n",
            "",
            "",
            "ana pass draws 9H\n",
        );
        assert_eq!(
            reason(&v).unwrap(),
            "the deck is face down, so no one sees the card drawn (ruling deck is `face-down`)"
        );
        assert!(
            play(
                "pokino",
                "rulings:\n  deck: face-down\n",
                "",
                "",
                "ana pass\n"
            )
            .illegal
            .is_none()
        );
    }

    #[test]
    fn ruling_empty_deck() {
        let full = "values:\n  start-cards: 26\n";
        let v = bare("pokino", full, "ana pass\nben pass\n");
        assert!(v.illegal.is_none() && !v.over);
        assert_eq!(v.hand_sizes["ana"], 26);
        let ends = format!("{full}rulings:\n  empty-deck: ends\n");
        let v = bare("pokino", &ends, "ana pass\n");
        assert_eq!(v.end, Some(End::DeckEmpty));
    }

    #[test]
    fn ruling_bank() {
        let v = play("pokino", "", "", "", "ana domino 5-5@-2,0h\n");
        assert_eq!(v.beads["ana"], 2);
        let v = play(
            "pokino",
            "rulings:\n  bank: limited\nvalues:\n  bank-beads: 0\n",
            "",
            "",
            "ana domino 5-5@-2,0h\n",
        );
        assert_eq!(v.beads["ana"], 1);
        assert!(
            v.turns[3]
                .text
                .contains("takes no bead (the bank is empty)")
        );
    }

    #[test]
    fn ruling_placement() {
        assert!(
            play("pokino", "", "", "", "ana domino 5-5@0,2h\n")
                .illegal
                .is_none()
        );
        let v = play(
            "pokino",
            "rulings:\n  placement: one-contact\n",
            "",
            "",
            "ana domino 5-5@0,2h\n",
        );
        let i = v.illegal.unwrap();
        assert_eq!(i.rule, "ruling placement");
    }

    #[test]
    fn ruling_own_borders() {
        let body = "ana run QC 4H @ 2,0 1,0\nben pass\nana run QD 4D @ 2,0 1,0\n";
        let v = play("pokino", BEADS, "QC 4H QD 4D", "", body);
        assert_eq!(
            reason(&v).unwrap(),
            "step 2 of the run: border 2,0-1,0 is claimed already"
        );
        let open = "rulings:\n  own-borders: open\nvalues:\n  start-beads: 5\n";
        let v = play("pokino", open, "QC 4H QD 4D", "", body);
        assert!(v.illegal.is_none());
        assert_eq!(v.claimed.len(), 1);
        assert_eq!(v.scores["ana"], 10);
        // Still closed to the other player.
        let v = play(
            "pokino",
            open,
            "QC 4H",
            "QD 4D",
            "ana run QC 4H @ 2,0 1,0\nben run QD 4D @ 2,0 1,0\n",
        );
        assert!(v.illegal.is_some());
    }

    #[test]
    fn ruling_torn_tokens() {
        let body = "ana run QC 4H 3S @ 2,0 1,0 1,1\nben run 6D 4D @ 0,0 1,0\n";
        let v = play("pokino-tear-down", BEADS, "QC 4H 3S", "6D 4D", body);
        assert!(v.illegal.is_none(), "{:?}", v.illegal);
        assert_eq!(v.claimed.len(), 2);
        let leave = "rulings:\n  torn-tokens: leave\nvalues:\n  start-beads: 5\n";
        let v = play("pokino-tear-down", leave, "QC 4H 3S", "6D 4D", body);
        assert_eq!(v.claimed.len(), 0);
    }

    #[test]
    fn ruling_torn_split() {
        // 12-8 holds 9-0 to the rest: tearing it off leaves 9-0 apart.
        let body = "ana run QD 8D @ 2,0 2,1\n";
        let v = play("pokino-tear-down", BEADS, "QD 8D", "", body);
        assert!(v.illegal.is_none());
        let house = "rulings:\n  torn-split: forbidden\nvalues:\n  start-beads: 5\n";
        let v = play("pokino-tear-down", house, "QD 8D", "", body);
        assert_eq!(
            reason(&v).unwrap(),
            "12-8 would leave the board in pieces (ruling torn-split is `forbidden`)"
        );
    }

    #[test]
    fn ruling_long_runs() {
        let mut r = rules("pokino", "");
        let cards: Vec<Card> = crate::notation::test_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS");
        let mut g = Game::new(&["a".into(), "b".into()], None, &r).unwrap();
        g.apply(&Event::Spoke(vec![
            "6-4@0,0h".parse().unwrap(),
            "1-3@0,1h".parse().unwrap(),
            "12-8@2,0v".parse().unwrap(),
            "9-0@2,2h".parse().unwrap(),
        ]))
        .unwrap();
        let turn = Event::Turn {
            player: "a".into(),
            play: Play::Runs(vec![RunPlay {
                cards,
                squares: None,
            }]),
            draws: None,
        };
        assert!(matches!(
            g.clone().apply(&turn),
            Err(Illegal::NoWalk { .. })
        ));
        r.long_runs_capped = false;
        g.rules = r;
        assert_eq!(g.apply(&turn), Err(Illegal::RunTooLong { length: 11 }));
    }

    #[test]
    fn the_spoke() {
        let r = rules("pokino", "");
        let reason_of = |text: &str, r: &Rules| {
            let t = format!("players: ana ben\n{text}");
            check(&Source::new("t", t.as_str()), r).unwrap().games[0]
                .illegal
                .as_ref()
                .map(|i| i.reason.clone())
        };
        assert_eq!(
            reason_of("ana pass\n", &r).as_deref(),
            Some(
                "the starting spoke is not laid yet (a `spoke:` line comes before the first turn)"
            )
        );
        assert_eq!(
            reason_of("spoke: 6-4@0,0h 1-3@0,1h\n", &r).as_deref(),
            Some("the starting spoke is 4 dominoes, not 2")
        );
        assert_eq!(
            reason_of(&format!("{SPOKE4}\n{SPOKE4}\n"), &r).as_deref(),
            Some("the starting spoke is laid already")
        );
        assert_eq!(
            reason_of("spoke: 6-4@0,0h 1-3@0,0h 12-8@2,0v 9-0@2,2h\n", &r).as_deref(),
            Some(
                "1-3@0,0h may not be laid: square 0,0 is already covered by 6-4@0,0h; square 1,0 is already covered by 6-4@0,0h"
            )
        );
        let apart = "spoke: 6-4@0,0h 1-3@5,5h 12-8@9,9v 9-0@-9,0h\n";
        assert_eq!(reason_of(apart, &r), None);
        let connected = rules("pokino", "rulings:\n  spoke: connected\n");
        assert_eq!(
            reason_of(apart, &connected).as_deref(),
            Some(
                "the 4 dominoes of the starting spoke do not all touch (ruling spoke is `connected`)"
            )
        );
        assert_eq!(reason_of(&format!("{SPOKE4}\n"), &connected), None);
    }

    #[test]
    fn hands_as_written() {
        let r = rules("pokino", "");
        let t = format!("players: ana ben\n{SPOKE4}\nana: AS 2S 3S\n");
        let v = check(&Source::new("t", t.as_str()), &r).unwrap();
        assert_eq!(
            v.games[0].illegal.as_ref().unwrap().reason,
            "ana holds 5 cards, not 3"
        );
        let t = format!("players: ana ben\n{SPOKE4}\nana: AS 2S 3S 4S 4S\n");
        let v = check(&Source::new("t", t.as_str()), &r).unwrap();
        assert_eq!(
            v.games[0].illegal.as_ref().unwrap().reason,
            "4♠ is named twice"
        );
        let t = format!(
            "players: ana ben\n{SPOKE4}\nana pass draws 9H\nben pass\nana: AS 2S 3S 4S 5S 6S\n"
        );
        let v = check(&Source::new("t", t.as_str()), &r).unwrap();
        assert_eq!(
            v.games[0].illegal.as_ref().unwrap().reason,
            "9♥ is known to be in this hand and is not named"
        );
    }

    #[test]
    fn a_known_deal_is_dealt_and_drawn_in_order() {
        let r = rules("pokino", "");
        let mut dominoes: Vec<Domino> = Domino::set().collect();
        dominoes.reverse(); // 12-12 first
        let cards: Vec<Card> = Card::plain_deck().collect();
        let deal = Deal { dominoes, cards };
        let names = ["ana".to_string(), "ben".to_string()];
        let g = Game::new(&names, Some(&deal), &r).unwrap();
        assert_eq!(g.players[0].known.len(), 5);
        assert_eq!(g.players[1].held.as_ref().unwrap().len(), 3);
        assert_eq!(g.poke_order.as_ref().unwrap().len() as u32, g.poke);
        assert_eq!(g.deck_order.as_ref().unwrap().len() as u32, g.deck);
        let bad = Deal {
            dominoes: vec![],
            cards: vec![],
        };
        assert_eq!(Game::new(&names, Some(&bad), &r), Err(SetupError::BadDeal));
    }
}
