//! A game of Pokino followed turn by turn: the board, the claimed borders, every
//! player's beads, hand and score, the poke and the deck, one event at a time.
//!
//! [`Referee::apply`] is the one fold: `kado pokino check` applies a record's events with
//! it, and the live session (`kado pokino play`) applies each answer with it. Each event
//! is checked against the rules before it changes anything that matters; the first that
//! breaks one is an [`Illegal`], which names the rule, with what would have been legal
//! ([`Referee::legal_instead`]).

use crate::pokino::ruling;
use serde::{Deserialize, Serialize};

use super::board::{Board, Border, Domino, Placement, Square, Token, connected};
use super::illegal::{Illegal, NoDrawWhy, NoWalkWhy};
use super::place;
use super::runs::{self, Query};
use super::score::{self, points};
use super::{Rules, SET_SIZE, SPOKE, card_number};
use crate::cards::Card;

mod play_runs;

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
    /// Two players given one name: the words saying so ([`crate::seat::NameTwice::words`]).
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
            SetupError::NameTwice(words) => f.write_str(words),
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
pub struct Referee {
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

impl Referee {
    /// A game about to start: players seated in turn order, each dealt their dominoes,
    /// cards and beads; the spoke not laid yet. With a deal, kado knows every piece.
    pub fn new(
        players: &[String],
        deal: Option<&Deal>,
        rules: &Rules,
    ) -> Result<Referee, SetupError> {
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
        let mut g = Referee {
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
            bank: rules.bank(),
            poke_order: None,
            deck_order: None,
            spoke_dealt: None,
            played: vec![false; 52],
            to_play: match rules.ruled.first_player {
                ruling::FirstPlayer::FirstListed => Some(0),
                ruling::FirstPlayer::FirstToPlay => None,
            },
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
        (self.players.iter()).position(|p| crate::seat::same_name(&p.name, name))
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
        match self.rules.ruled.spoke {
            ruling::Spoke::Connected if !connected(board.placements()) => {
                return Err(Illegal::SpokeApart);
            }
            ruling::Spoke::Connected | ruling::Spoke::AsGiven => {}
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
        let name = p.name.clone();
        if cards.len() != p.hand_size() {
            return Err(Illegal::HandSize {
                player: name,
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
        Ok(report(Some(&name), Did::Hand))
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
        // The seat's own spelling: a record may write `ANA` for `ana`.
        let name = self.players[i].name.clone();
        let name = name.as_str();
        let did = match play {
            Play::Domino(p) => self.lay(i, p)?,
            Play::Runs(list) => self.play_runs(i, list)?,
            Play::Pass => {
                let held = self.players[i].dominoes;
                match self.rules.ruled.pass {
                    ruling::Pass::WithoutDomino if held > 0 => {
                        return Err(Illegal::PassNotAllowed { dominoes: held });
                    }
                    ruling::Pass::WithoutDomino | ruling::Pass::Allowed => {}
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
        let ends = match self.rules.ruled.poke_end {
            ruling::PokeEnd::AtOnce => true,
            ruling::PokeEnd::AfterRound => round_over,
        };
        ends.then_some(End::PokeEmpty)
    }

    /// The card drawn at the end of a turn.
    fn draw_card(&mut self, i: usize, draws: Option<Card>, r: &mut Report) -> Result<(), Illegal> {
        let size = self.players[i].hand_size();
        if self.rules.hand_limit().is_some_and(|l| size >= l) {
            r.no_draw = Some(NoDrawWhy::Full);
        } else if self.deck == 0 {
            r.no_draw = Some(NoDrawWhy::Empty);
            match self.rules.ruled.empty_deck {
                ruling::EmptyDeck::Ends => r.ended = Some(End::DeckEmpty),
                ruling::EmptyDeck::NoDraw => {}
            }
        }
        if let Some(why) = r.no_draw {
            return match draws {
                Some(_) => Err(Illegal::NoDraw { why }),
                None => Ok(()),
            };
        }
        let top = self.deck_order.as_ref().and_then(|o| o.first().copied());
        let card = match (draws, top, self.rules.ruled.deck) {
            (Some(_), _, ruling::Deck::FaceDown) => return Err(Illegal::DrawUnseen),
            (Some(c), Some(t), ruling::Deck::FaceUp) if c != t => {
                return Err(Illegal::DrawNotTop { card: c, top: t });
            }
            (Some(c), _, ruling::Deck::FaceUp) => {
                self.card_free(c, i)?;
                Some(c)
            }
            (None, t, _) => t,
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

    /// A claimed border's fault for a run of player `i`, naming who claimed it, and
    /// whether that is the run's own player (then ruling own-borders forbids the step; the
    /// rules themselves forbid another player's).
    fn claimer_named(&self, i: usize, fault: runs::StepFault) -> runs::StepFault {
        let runs::StepFault::Claimed { border, .. } = fault else {
            return fault;
        };
        let by = (self.tokens.iter())
            .find(|t| t.border == border)
            .map_or(String::new(), |t| t.player.clone());
        let own = by == self.players[i].name;
        runs::StepFault::Claimed { border, by, own }
    }

    /// Borders a run of player `i` may not cross.
    pub fn closed_borders(&self, i: usize) -> Vec<Border> {
        let name = &self.players[i].name;
        self.tokens
            .iter()
            .filter(|t| match self.rules.ruled.own_borders {
                ruling::OwnBorders::Open => &t.player != name,
                ruling::OwnBorders::Closed => true,
            })
            .map(|t| t.border)
            .collect()
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
        let by_territory = match self.rules.ruled.territory {
            ruling::Territory::On => true,
            ruling::Territory::Off => false,
        };
        if by_territory {
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
                let beads = match self.rules.ruled.greed {
                    ruling::Greed::On => u64::from(p.beads) * u64::from(self.rules.bead_points),
                    ruling::Greed::Off => 0,
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
            Some(End::Pokino { player }) if !self.rules.pokino_pips_decide() => {
                vec![player.clone()]
            }
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
                match self.rules.ruled.win_ties {
                    ruling::WinTies::Nobody if top.len() > 1 => Vec::new(),
                    ruling::WinTies::Nobody | ruling::WinTies::Shared => top,
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

impl Referee {
    /// Where player `i` may lay each domino they hold (when kado knows them), best first:
    /// each place with the points of the best run their hand could then play on it (with
    /// the bead the domino earns). The card drawn after laying is not looked at.
    /// Whether player `i` has a place to lay a domino it is known to hold: the places
    /// [`Referee::places`] lists, without ranking them (no run is searched).
    pub fn has_places(&self, i: usize) -> bool {
        let Some(p) = self.players.get(i) else {
            return false;
        };
        (p.held.iter().flatten()).any(|d| {
            place::spots(&self.board, *d, &self.rules).is_some_and(|spots| !spots.is_empty())
        })
    }

    pub fn places(&self, i: usize) -> Vec<(Placement, u32)> {
        self.places_on(i, 1)
    }

    /// [`Referee::places`], the run searches shared over `threads` threads (the same list
    /// whatever the threads).
    pub fn places_on(&self, i: usize, threads: usize) -> Vec<(Placement, u32)> {
        let Some(p) = self.players.get(i) else {
            return Vec::new();
        };
        let closed = self.closed_borders(i);
        let spots: Vec<Placement> = (p.held.iter().flatten())
            .flat_map(|d| place::spots(&self.board, *d, &self.rules).unwrap_or_default())
            .collect();
        let best = crate::par::map(spots.len(), threads, |k| {
            let board = with_domino(&self.board, spots[k]);
            let q = Query {
                hand: &p.known,
                beads: Some(p.beads + 1),
                claimed: &closed,
                keep: Some(1),
                budget: Some(20_000),
            };
            runs::find(&board, &q, &self.rules)
                .best
                .map_or(0, |r| r.points)
        });
        let mut out: Vec<(Placement, u32)> = spots.into_iter().zip(best).collect();
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
    board.plus(p)
}

fn check_players(players: &[String]) -> Result<(), SetupError> {
    if players.len() < 2 {
        return Err(SetupError::TooFewPlayers);
    }
    crate::seat::distinct(players).map_err(|t| SetupError::NameTwice(t.words(players)))
}

#[cfg(test)]
mod tests;
