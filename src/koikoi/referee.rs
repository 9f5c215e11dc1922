//! A Koi-Koi game followed move by move: the deal, each card played and drawn with what it
//! captures, the yaku as they form, koi-koi or stop, and the round's score carried to the
//! game's [`Ledger`]. `check` (a record) and `play` (the table) both drive this one state,
//! one step at a time; every refusal is a [`RefereeError`] naming the rule and what would
//! have been legal.

use crate::koikoi::ruling;
use serde::Serialize;

use super::cards::{Card, Kind};
use super::deal;
use super::error::RefereeError;
use super::ledger::{Ledger, Setup};
use super::record::{Call, Capture, Event, Move, Turn};
use super::yaku::{self, Name, Score};
use super::{KoiExhausted, Rules};
use crate::ruleset::Ruleset;
use crate::session::Session;

/// Cards dealt to each hand and to the table.
pub const DEALT: usize = 8;

/// Where a game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Dealing: the hands may be given, then the table.
    Deal,
    /// A player is to play a card from their hand.
    Play,
    /// A card was played; the card drawn comes next.
    Draw,
    /// The turn formed or improved a yaku: koi-koi or stop.
    Call,
    /// The round is over; the next starts with `round`.
    Between,
    Over,
}

/// How a round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum End {
    /// A player stopped and scored.
    Stop,
    /// Both hands were played out with no stop.
    Draw,
    /// A dealt hand won at once (teshi, kuttsuki).
    Instant,
    /// The hands ran out after a koi-koi, and ruling koi-exhausted gave the round to a player.
    Exhausted,
    /// The deal was void and is done again.
    Redeal,
}

/// A finished round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundResult {
    /// The round's number in the game (a redealt round keeps its number).
    pub number: u32,
    pub dealer: usize,
    pub winner: Option<usize>,
    pub end: End,
    /// The yaku scored (for an instant win, teshi or kuttsuki).
    pub yaku: Vec<(Name, i64)>,
    pub base: i64,
    pub multiplier: i64,
    /// Why the multiplier is what it is.
    pub reasons: Vec<String>,
    /// The round's points (after multipliers), and what moved from loser to winner.
    pub points: i64,
    pub moved: i64,
    /// The scores after the round.
    pub scores: [i64; 2],
    /// What the ledger says: the points moved, the next dealer, the game's end.
    pub said: Vec<String>,
}

/// A card played or drawn and what it took from the table (empty: laid on the table).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Taken {
    pub card: Card,
    pub captured: Vec<Card>,
}

/// What a finished turn did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnReport {
    pub player: usize,
    pub played: Taken,
    pub drawn: Taken,
    /// The player's yaku after the turn, and their worth.
    pub yaku: Vec<(Name, i64)>,
    /// The worth of the player's yaku before the turn, and after.
    pub before: i64,
    pub base: i64,
    /// The decision the turn ended with.
    pub call: Option<Call>,
    /// The round, when the turn ended it.
    pub ended: Option<RoundResult>,
}

/// What a player held at their last decision: how many cards their pile had (its worth is
/// counted again at each turn's valuation) and their yaku.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Decided {
    cards: usize,
    names: Vec<Name>,
}

/// The round being dealt or played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundState {
    pub dealer: usize,
    /// The round's month (for tsukifuda).
    pub month: u8,
    /// The hands, when given: the cards not yet played.
    pub hands: [Option<Vec<Card>>; 2],
    pub dealt: bool,
    pub table: Vec<Card>,
    pub piles: [Vec<Card>; 2],
    /// Every card the round has shown (hands given, table, played, drawn).
    seen: Vec<Card>,
    /// Cards each player has played.
    pub turns: [usize; 2],
    pub to_move: usize,
    pub calls: [u32; 2],
    /// The player who called koi-koi last this round.
    pub last_koi: Option<usize>,
    decided: [Decided; 2],
    pub field_brights: u8,
    /// The current turn's played card.
    played: Option<Taken>,
    drawn: Option<Taken>,
}

impl RoundState {
    fn new(dealer: usize, month: u8) -> RoundState {
        RoundState {
            dealer,
            month,
            hands: [None, None],
            dealt: false,
            table: Vec::new(),
            piles: [Vec::new(), Vec::new()],
            seen: Vec::new(),
            turns: [0, 0],
            to_move: dealer,
            calls: [0, 0],
            last_koi: None,
            decided: [Decided::default(), Decided::default()],
            field_brights: 0,
            played: None,
            drawn: None,
        }
    }

    fn untouched(&self) -> bool {
        !self.dealt && self.hands.iter().all(Option::is_none)
    }

    /// The table cards of a card's month.
    pub fn matches(&self, card: Card) -> Vec<Card> {
        self.table
            .iter()
            .copied()
            .filter(|c| c.month == card.month)
            .collect()
    }
}

/// One game followed move by move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Referee {
    pub rules: Rules,
    pub players: [String; 2],
    pub ledger: Ledger,
    pub phase: Phase,
    pub round: RoundState,
    pub results: Vec<RoundResult>,
}

impl Referee {
    /// How the game stands for the play history: the ledger's scores and winner, and
    /// every yaku each round's winner scored.
    pub fn outcome(&self) -> Option<crate::history::Outcome> {
        let mut o = crate::session::Session::outcome(&self.ledger)?;
        o.facts.yaku = self
            .results
            .iter()
            .filter_map(|res| Some((res.winner?, &res.yaku)))
            .flat_map(|(w, yaku)| {
                let name = self.players.get(w).cloned().unwrap_or_default();
                yaku.iter().map(move |(y, _)| (name.clone(), y.to_string()))
            })
            .collect();
        Some(o)
    }

    /// A game between two players; the first deals and plays first in round 1.
    pub fn new(players: &[String; 2], rs: &Ruleset) -> Result<Referee, RefereeError> {
        let rules = Rules::from_ruleset(rs);
        let setup = Setup {
            players: players.to_vec(),
            rounds: u32::try_from(rules.values.rounds).unwrap_or(6),
            dealer: 0,
        };
        let ledger = Ledger::start(&setup, rs).map_err(RefereeError::Ledger)?;
        Ok(Referee {
            rules,
            players: players.clone(),
            ledger,
            phase: Phase::Deal,
            round: RoundState::new(0, 1),
            results: Vec::new(),
        })
    }

    pub fn name(&self, p: usize) -> &str {
        self.players.get(p).map_or("?", String::as_str)
    }

    /// The index of a player named `name` (any case).
    pub fn player(&self, name: &str) -> Result<usize, RefereeError> {
        self.players
            .iter()
            .position(|p| p.eq_ignore_ascii_case(name))
            .ok_or_else(|| RefereeError::NotAPlayer {
                name: name.to_string(),
                players: self.players.clone(),
            })
    }

    /// The round's number (of the ledger's rounds).
    pub fn round_number(&self) -> u32 {
        self.ledger.played() as u32 + u32::from(self.phase != Phase::Between)
    }

    /// Refuses a step in a phase that does not take it; `Ok` in `want`.
    fn expect(&self, want: Phase) -> Result<(), RefereeError> {
        match self.phase {
            p if p == want => Ok(()),
            Phase::Over => Err(RefereeError::GameOver {
                why: self.ledger.over.clone().unwrap_or_default(),
            }),
            Phase::Between => Err(RefereeError::RoundOver {
                round: self.ledger.played() as u32,
            }),
            Phase::Deal if want == Phase::Play => Err(RefereeError::TableMissing),
            Phase::Deal => Err(RefereeError::NotNow {
                next: "the deal".to_string(),
            }),
            Phase::Play if want == Phase::Deal => Err(RefereeError::TableTwice),
            Phase::Play => Err(RefereeError::NotNow {
                next: format!("{} plays a card", self.name(self.round.to_move)),
            }),
            Phase::Draw => Err(RefereeError::NotNow {
                next: "the card drawn".to_string(),
            }),
            Phase::Call => Err(RefereeError::NotNow {
                next: "koi or stop".to_string(),
            }),
        }
    }

    /// `round`: a new round (optional before the game's first).
    pub fn start_round(&mut self) -> Result<(), RefereeError> {
        match self.phase {
            Phase::Between => {
                let month = (self.ledger.played() % 12) as u8 + 1;
                self.round = RoundState::new(self.ledger.dealer, month);
                self.phase = Phase::Deal;
                Ok(())
            }
            Phase::Deal if self.round.untouched() => Ok(()),
            Phase::Over => self.expect(Phase::Between),
            _ => Err(RefereeError::RoundUnfinished {
                next: self.next_words(),
            }),
        }
    }

    /// What the game waits for, in words.
    pub fn next_words(&self) -> String {
        let p = self.name(self.round.to_move);
        match self.phase {
            Phase::Deal => "a hand or the table".to_string(),
            Phase::Play => format!("{p}'s turn"),
            Phase::Draw => format!("the card {p} draws"),
            Phase::Call => format!("{p}'s koi or stop"),
            Phase::Between => "`round`".to_string(),
            Phase::Over => "a new game".to_string(),
        }
    }

    /// Admits dealt cards: each exists and is not seen more often than the deck holds it.
    fn admit_all(&self, cards: &[Card]) -> Result<(), RefereeError> {
        let mut seen = self.round.seen.clone();
        for c in cards {
            self.admit_unseen(*c, &seen)?;
            seen.push(*c);
        }
        Ok(())
    }

    fn admit_unseen(&self, card: Card, seen: &[Card]) -> Result<(), RefereeError> {
        if !card.exists() {
            return Err(RefereeError::NoSuchCard { card });
        }
        if seen.iter().filter(|c| **c == card).count() >= usize::from(card.copies()) {
            return Err(RefereeError::CardTwice {
                card,
                at: self.whereabouts(card),
            });
        }
        Ok(())
    }

    /// Where a card the round has seen is, in words.
    fn whereabouts(&self, card: Card) -> String {
        let r = &self.round;
        if r.table.contains(&card) {
            return "on the table".to_string();
        }
        for p in 0..2 {
            if r.hands[p].as_ref().is_some_and(|h| h.contains(&card)) {
                return format!("in {}'s hand", self.name(p));
            }
            if r.piles[p].contains(&card) {
                return format!("captured by {}", self.name(p));
            }
        }
        "dealt".to_string()
    }

    /// `NAME: CARDS`: a dealt hand.
    pub fn hand(&mut self, p: usize, cards: &[Card]) -> Result<(), RefereeError> {
        let player = self.name(p).to_string();
        let dealing = matches!(
            self.phase,
            Phase::Deal | Phase::Play | Phase::Draw | Phase::Call
        );
        if dealing && self.round.hands[p].is_some() {
            return Err(RefereeError::HandTwice { player });
        }
        if dealing && self.phase != Phase::Deal {
            return Err(RefereeError::HandAfterTable { player });
        }
        self.expect(Phase::Deal)?;
        if cards.len() != DEALT {
            return Err(RefereeError::HandSize {
                player,
                count: cards.len(),
            });
        }
        self.admit_all(cards)?;
        self.round.seen.extend_from_slice(cards);
        self.round.hands[p] = Some(cards.to_vec());
        Ok(())
    }

    /// `table: CARDS`: the cards dealt face up. The deal is checked for instant wins and
    /// redeals; a round it ends is returned.
    pub fn table(&mut self, cards: &[Card]) -> Result<Option<RoundResult>, RefereeError> {
        self.expect(Phase::Deal)?;
        if cards.len() != DEALT {
            return Err(RefereeError::TableSize { count: cards.len() });
        }
        self.admit_all(cards)?;
        let r = &mut self.round;
        r.seen.extend_from_slice(cards);
        r.table = cards.to_vec();
        r.dealt = true;
        r.field_brights = cards.iter().filter(|c| c.kind == Kind::Bright).count() as u8;
        self.phase = Phase::Play;
        Ok(self.check_deal())
    }

    /// Instant wins and redeals, under rulings dealt-hands, field-redeal,
    /// deal-check-order and both-instant.
    fn check_deal(&mut self) -> Option<RoundResult> {
        let field = self.round.table.clone();
        let checks: Vec<Option<deal::Deal>> = (0..2)
            .map(|p| {
                self.round.hands[p]
                    .as_ref()
                    .map(|h| deal::check(h, Some(&field), &self.rules))
            })
            .collect();
        let wins: Vec<usize> = (0..2)
            .filter(|p| checks[*p].as_ref().is_some_and(|d| d.instant_win.is_some()))
            .collect();
        let winner = match wins.as_slice() {
            [one] => Some(*one),
            [_, _] if self.rules.both_instant_dealer => Some(self.round.dealer),
            [_, _] => return Some(self.end_redeal()),
            _ => None,
        };
        if let Some(w) = winner {
            let d = checks[w]
                .clone()
                .unwrap_or_else(|| deal::check(&[], None, &self.rules));
            let name = d.instant_win.unwrap_or(Name::Teshi);
            let points = d.points;
            return Some(self.finish(
                End::Instant,
                Some(w),
                vec![(name, points)],
                (1, Vec::new()),
                points,
            ));
        }
        let field_redeal = deal::check(&[], Some(&field), &self.rules).redeal;
        let hand_redeal = checks.iter().flatten().any(|d| d.redeal);
        (field_redeal || hand_redeal).then(|| self.end_redeal())
    }

    fn end_redeal(&mut self) -> RoundResult {
        self.phase = Phase::Between;
        // The ledger has not moved: the deal is done again under the same number.
        let result = RoundResult {
            number: self.ledger.played() as u32 + 1,
            dealer: self.round.dealer,
            winner: None,
            end: End::Redeal,
            yaku: Vec::new(),
            base: 0,
            multiplier: 1,
            reasons: Vec::new(),
            points: 0,
            moved: 0,
            scores: self.ledger.scores,
            said: vec![format!(
                "The deal is void: {} deals again.",
                self.name(self.round.dealer)
            )],
        };
        self.results.push(result.clone());
        result
    }

    /// Ends the round: settles it on the ledger and records it.
    fn finish(
        &mut self,
        end: End,
        winner: Option<usize>,
        yaku: Vec<(Name, i64)>,
        (multiplier, reasons): (i64, Vec<String>),
        points: i64,
    ) -> RoundResult {
        let base: i64 = yaku.iter().map(|y| y.1).sum();
        let said = self.ledger.settle(winner.filter(|_| points > 0), points);
        let last = self.ledger.history.last();
        let result = RoundResult {
            number: self.ledger.played() as u32,
            dealer: self.round.dealer,
            winner: last
                .and_then(|h| h.winner.as_deref())
                .and_then(|w| self.player(w).ok()),
            end,
            yaku,
            base,
            multiplier,
            reasons,
            points: last.map_or(points, |h| h.points),
            moved: last.map_or(0, |h| h.moved),
            scores: self.ledger.scores,
            said,
        };
        self.phase = if self.ledger.over.is_some() {
            Phase::Over
        } else {
            Phase::Between
        };
        self.results.push(result.clone());
        result
    }

    /// Takes `m` from the table: what it captures, or why it cannot.
    pub fn resolve(&self, m: &Move) -> Result<Vec<Card>, RefereeError> {
        let card = m.card;
        let matches = self.round.matches(card);
        match (m.capture, matches.len()) {
            (Capture::Card(c), _) if !c.exists() => Err(RefereeError::NoSuchCard { card: c }),
            (Capture::Card(c), _) if c.month != card.month => Err(RefereeError::OtherMonth {
                card,
                capture: c,
                matches,
            }),
            (Capture::Card(c), _) if !matches.contains(&c) => Err(RefereeError::NotOnTable {
                card,
                capture: c,
                matches,
            }),
            (Capture::Nothing | Capture::Unsaid, 0) => Ok(Vec::new()),
            (Capture::Nothing, _) => Err(RefereeError::MatchNotTaken { card, matches }),
            (_, 3..) => Ok(matches),
            (Capture::Card(c), _) => Ok(vec![c]),
            (Capture::Unsaid, 1) => Ok(matches),
            // Two alike cards (two plain cards of a month): whichever is taken, the table
            // and the pile end the same, so there is nothing to choose.
            (Capture::Unsaid, _) if matches.windows(2).all(|w| w[0] == w[1]) => {
                Ok(matches[..1].to_vec())
            }
            (Capture::Unsaid, _) => Err(RefereeError::Ambiguous { card, matches }),
        }
    }

    /// Moves a card and what it captures: to the player's pile, or the card to the table.
    fn take(&mut self, p: usize, card: Card, captured: &[Card]) -> Taken {
        let r = &mut self.round;
        if captured.is_empty() {
            r.table.push(card);
        } else {
            for c in captured {
                if let Some(i) = r.table.iter().position(|x| x == c) {
                    r.table.remove(i);
                }
            }
            r.piles[p].push(card);
            r.piles[p].extend_from_slice(captured);
        }
        Taken {
            card,
            captured: captured.to_vec(),
        }
    }

    /// A card played from the hand of `p`.
    pub fn play(&mut self, p: usize, m: &Move) -> Result<Taken, RefereeError> {
        self.expect(Phase::Play)?;
        let to_move = self.round.to_move;
        if p != to_move {
            return Err(RefereeError::WrongTurn {
                player: self.name(p).to_string(),
                expected: self.name(to_move).to_string(),
            });
        }
        let card = m.card;
        match &self.round.hands[p] {
            Some(_) if !card.exists() => return Err(RefereeError::NoSuchCard { card }),
            Some(h) if !h.contains(&card) => {
                return Err(RefereeError::NotInHand {
                    player: self.name(p).to_string(),
                    card,
                    hand: h.clone(),
                });
            }
            Some(_) => {}
            None => self.admit_unseen(card, &self.round.seen)?,
        }
        let captured = self.resolve(m)?;
        let known = self.round.hands[p].is_some();
        if known && captured.is_empty() && !self.playable(p).contains(&card) {
            return Err(RefereeError::MustCaptureFromHand {
                player: self.name(p).to_string(),
                card,
                capturing: self.playable(p),
            });
        }
        match &mut self.round.hands[p] {
            Some(h) => {
                if let Some(i) = h.iter().position(|c| *c == card) {
                    h.remove(i);
                }
            }
            None => self.round.seen.push(card),
        }
        self.round.turns[p] += 1;
        let taken = self.take(p, card, &captured);
        self.round.played = Some(taken.clone());
        self.phase = Phase::Draw;
        Ok(taken)
    }

    /// The cards of `p`'s hand that may be played now: all of them, or under ruling
    /// must-capture: whole-hand only those that capture while there are any. Empty when the
    /// hand is not known.
    pub fn playable(&self, p: usize) -> Vec<Card> {
        let hand = self
            .round
            .hands
            .get(p)
            .cloned()
            .flatten()
            .unwrap_or_default();
        let capturing: Vec<Card> = hand
            .iter()
            .copied()
            .filter(|c| !self.round.matches(*c).is_empty())
            .collect();
        if self.rules.capture_from_hand && !capturing.is_empty() {
            capturing
        } else {
            hand
        }
    }

    /// The player's score now, under the round's calls.
    pub fn score_of(&self, p: usize) -> Score {
        self.score_with(p, &self.round.piles[p])
    }

    /// What `pile` would score for `p` now, under the round's calls.
    fn score_with(&self, p: usize, pile: &[Card]) -> Score {
        let r = &self.round;
        let round = yaku::Round {
            month: Some(r.month),
            koi_calls: r.calls[p],
            opponent_koi: r.calls[1 - p] > 0,
            field: Some(r.table.clone()),
            field_brights: Some(r.field_brights),
        };
        yaku::score(pile, &round, &self.rules)
    }

    /// Whether `s` obliges the player to decide (ruling another-yaku). The pile of the last
    /// decision is valued as the pile is now (the same calls, field and month), so only the
    /// cards captured since can raise the points: a viewing yaku raised by the player's own
    /// koi-koi (ruling viewing-yaku: raised-by-koi) asks for nothing by itself.
    fn improved(&self, p: usize, s: &Score) -> bool {
        let last = &self.round.decided[p];
        if self.rules.new_yaku {
            return s.yaku.iter().any(|y| !last.names.contains(&y.name));
        }
        let pile = &self.round.piles[p];
        let then = pile.get(..last.cards).unwrap_or(pile);
        s.base > self.score_with(p, then).base
    }

    /// The card drawn by the player to move: what it took, and whether the turn waits for
    /// koi or stop. Otherwise the turn is over, and with it maybe the round.
    pub fn draw(&mut self, m: &Move) -> Result<Drawn, RefereeError> {
        self.expect(Phase::Draw)?;
        self.admit_unseen(m.card, &self.round.seen)?;
        let captured = self.resolve(m)?;
        let p = self.round.to_move;
        self.round.seen.push(m.card);
        let taken = self.take(p, m.card, &captured);
        self.round.drawn = Some(taken.clone());
        let s = self.score_of(p);
        let due = self.improved(p, &s);
        let ended = if due {
            self.phase = Phase::Call;
            None
        } else {
            self.phase = Phase::Play;
            self.end_turn()
        };
        Ok(Drawn { taken, due, ended })
    }

    /// Whether the player to move may call koi-koi now; the refusal if not.
    pub fn koi_refused(&self) -> Option<RefereeError> {
        let r = &self.round;
        let p = r.to_move;
        let player = self.name(p).to_string();
        if r.turns[p] >= DEALT && !self.rules.last_card_koi {
            return Some(RefereeError::KoiLastCard { player });
        }
        if self.rules.koi_once && r.calls[p] > 0 {
            return Some(RefereeError::KoiOnce { player });
        }
        if self.rules.both_koi_stops && r.calls[p] > 0 && r.calls[1 - p] > 0 {
            return Some(RefereeError::KoiBoth { player });
        }
        None
    }

    /// Koi or stop, when due. `stop` ends the round; `koi` passes the turn.
    pub fn call(&mut self, call: Call) -> Result<Option<RoundResult>, RefereeError> {
        let p = self.round.to_move;
        self.expect(Phase::Call)?;
        match call {
            Call::Koi => {
                if let Some(e) = self.koi_refused() {
                    return Err(e);
                }
                let s = self.score_of(p);
                self.round.calls[p] += 1;
                self.round.last_koi = Some(p);
                self.round.decided[p] = Decided {
                    cards: self.round.piles[p].len(),
                    names: s.yaku.iter().map(|y| y.name).collect(),
                };
                self.phase = Phase::Play;
                Ok(self.end_turn())
            }
            Call::Stop => {
                let s = self.score_of(p);
                let yaku = s.yaku.iter().map(|y| (y.name, y.points)).collect();
                let how = (s.multiplier, s.multiplier_reasons);
                Ok(Some(self.finish(End::Stop, Some(p), yaku, how, s.total)))
            }
        }
    }

    /// Passes the turn; after the last card of both hands, the round is a draw.
    fn end_turn(&mut self) -> Option<RoundResult> {
        let r = &mut self.round;
        r.played = None;
        r.drawn = None;
        r.to_move = 1 - r.to_move;
        if r.turns.iter().all(|t| *t >= DEALT) {
            return Some(self.exhausted());
        }
        None
    }

    /// The hands ran out with no stop: a draw round, or under ruling koi-exhausted the
    /// last koi-koi caller's yaku scored for them or for their opponent.
    fn exhausted(&mut self) -> RoundResult {
        let scorer = match (self.round.last_koi, self.rules.koi_exhausted) {
            (Some(c), KoiExhausted::CallerScores) => Some((c, c)),
            (Some(c), KoiExhausted::OpponentScores) => Some((c, 1 - c)),
            _ => None,
        };
        let Some((caller, winner)) = scorer else {
            return self.finish(End::Draw, None, Vec::new(), (1, Vec::new()), 0);
        };
        let s = self.score_of(caller);
        let yaku = s.yaku.iter().map(|y| (y.name, y.points)).collect();
        let how = (s.multiplier, s.multiplier_reasons);
        self.finish(End::Exhausted, Some(winner), yaku, how, s.total)
    }

    /// The cards `p` cannot see: the opponent's hand and the stock.
    pub fn hidden_from(&self, p: usize) -> Vec<Card> {
        let r = &self.round;
        let mut left = Card::deck();
        let own = r.hands[p].iter().flatten();
        for c in own.chain(&r.table).chain(&r.piles[0]).chain(&r.piles[1]) {
            if let Some(i) = left.iter().position(|x| x == c) {
                left.swap_remove(i);
            }
        }
        left.sort();
        left
    }

    /// A copy in which `q` holds `hand` (for play-outs with the hidden cards guessed).
    pub fn with_hand(&self, q: usize, hand: Vec<Card>) -> Referee {
        let mut g = self.clone();
        let r = &mut g.round;
        for c in r.hands[q].iter().flatten() {
            if let Some(i) = r.seen.iter().position(|x| x == c) {
                r.seen.swap_remove(i);
            }
        }
        r.seen.extend_from_slice(&hand);
        r.hands[q] = Some(hand);
        g
    }

    /// A whole turn of a record: played card, drawn card, and the call.
    pub fn turn(&mut self, t: &Turn) -> Result<TurnReport, RefereeError> {
        let p = self.player(&t.player)?;
        let before = self.score_of(p).base;
        let played = self.play(p, &t.played)?;
        let Drawn { taken, due, ended } = self.draw(&t.drawn)?;
        let s = self.score_of(p);
        let yaku = s.yaku.iter().map(|y| (y.name, y.points)).collect();
        let ended = match (due, t.call) {
            (true, Some(c)) => self.call(c)?,
            (true, None) => {
                return Err(RefereeError::MissingCall {
                    player: self.name(p).to_string(),
                    points: s.base,
                    stop_only: self.koi_refused().is_some(),
                });
            }
            (false, Some(c)) => {
                return Err(RefereeError::ExtraCall {
                    call: c,
                    player: self.name(p).to_string(),
                    points: s.base,
                });
            }
            (false, None) => ended,
        };
        let drawn = taken;
        Ok(TurnReport {
            player: p,
            played,
            drawn,
            yaku,
            before,
            base: s.base,
            call: t.call,
            ended,
        })
    }

    /// Applies one line of a record (not `players:`, which starts a game).
    pub fn event(&mut self, e: &Event) -> Result<Applied, RefereeError> {
        match e {
            Event::Players(_) => Err(RefereeError::NotNow {
                next: self.next_words(),
            }),
            Event::Round => self.start_round().map(|()| Applied::Nothing),
            Event::Hand { player, cards } => {
                let p = self.player(player)?;
                self.hand(p, cards).map(|()| Applied::Nothing)
            }
            Event::Table(cards) => Ok(match self.table(cards)? {
                Some(r) => Applied::Ended(r),
                None => Applied::Nothing,
            }),
            Event::Turn(t) => self.turn(t).map(Applied::Turn),
        }
    }
}

/// What a drawn card did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawn {
    pub taken: Taken,
    /// The turn waits for koi or stop.
    pub due: bool,
    /// The round, when the turn ended it.
    pub ended: Option<RoundResult>,
}

/// What a line of a record did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Applied {
    Nothing,
    /// The deal ended the round (an instant win, a redeal).
    Ended(RoundResult),
    Turn(TurnReport),
}

/// The rules and rulings a game followed move by move is refereed by.
pub fn explain(rs: &Ruleset, rules: &Rules) -> crate::explain::Explain {
    let mut x = Ledger::explain(rs, rules);
    x.rule("A card played or drawn captures the table card of its month: with one match it takes it, with two the record says which (`>`, unless the two are alike, such as two plain cards), with three it takes all three; with none it is laid on the table.");
    x.ruled(
        if rules.capture_from_hand {
            "A card that matches must capture, and while the hand holds a card that captures, the card played must be one."
        } else {
            "A card that matches must capture; any card of the hand may be played."
        },
        rs,
        &[ruling::Id::MustCapture],
    );
    x.ruled(
        "A turn that makes the player's yaku worth more than at their last decision ends with koi or stop; stop scores the round.",
        rs,
        &[ruling::Id::AnotherYaku, ruling::Id::KoiCalls, ruling::Id::BothKoi, ruling::Id::Multiplier],
    );
    x.ruled(
        if rules.last_card_koi {
            "With the last card of the hand played, koi-koi may still be called."
        } else {
            "With the last card of the hand played, only stop is allowed."
        },
        rs,
        &[ruling::Id::LastCardKoi],
    );
    x.ruled(
        match rules.koi_exhausted {
            KoiExhausted::DrawRound => {
                "Hands that run out after a koi-koi with nobody stopping make a draw round."
            }
            KoiExhausted::CallerScores => {
                "Hands that run out after a koi-koi with nobody stopping: the last caller scores their yaku."
            }
            KoiExhausted::OpponentScores => {
                "Hands that run out after a koi-koi with nobody stopping: the last caller's opponent takes what the caller's yaku are worth."
            }
        },
        rs,
        &[ruling::Id::KoiExhausted, ruling::Id::DrawRound],
    );
    x.ruled(
        "Dealt hands are checked for instant wins, and the field for a redeal.",
        rs,
        &[
            ruling::Id::DealtHands,
            ruling::Id::FieldRedeal,
            ruling::Id::DealCheckOrder,
            ruling::Id::BothInstant,
        ],
    );
    x.ruled(
        if rules.tie_extra {
            "A game tied after its last round goes on, a round at a time, until one player leads."
        } else {
            "A game tied after its last round is drawn."
        },
        rs,
        &[ruling::Id::TiedGame],
    );
    x
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Source;
    use crate::koikoi::check::{self, Verdict};
    use crate::koikoi::record;

    const DEAL: &str = "players: ana ben\nana: 1b 1r 2a 3p 5a 7r 9p 11p\nben: 2r 4a 4r 6a 8p 10a 12p 12p\ntable: 1p 3b 4p 6r 8b 9a 10r 12b\n";

    fn ruleset(changes: &[(&str, &str)]) -> Ruleset {
        let mut rs = Ruleset::builtin("koikoi").unwrap();
        for (id, c) in changes {
            rs = rs.with_named(id, c).unwrap();
        }
        rs
    }

    fn verdict(text: &str, changes: &[(&str, &str)]) -> Verdict {
        let rec = record::parse(&Source::new("r", text)).unwrap();
        check::check(&rec, &ruleset(changes))
    }

    /// The first illegal line and why, or "legal".
    fn why(text: &str) -> String {
        match verdict(text, &[]).illegal() {
            Some(i) => format!("{}: {}", i.line, i.error),
            None => "legal".to_string(),
        }
    }

    fn cards(s: &str) -> Vec<Card> {
        s.parse::<crate::koikoi::cards::Cards>().unwrap().0
    }

    #[test]
    fn a_round_played_out_to_a_stop() {
        let text = format!(
            "{DEAL}ana 1r / 7p\nben 4a / 2p\nana 9p / 8a koi\nben 6a / 3r\nana 2a / 5p\nben 10a / 7a stop\n"
        );
        let v = verdict(&text, &[]);
        assert_eq!(v.illegal(), None);
        let r = v.games[0].referee.as_ref().unwrap();
        let res = &r.results[0];
        // Inoshikacho and a further animal, doubled: ana had called koi-koi (hard koi).
        assert_eq!(res.yaku, vec![(Name::Inoshikacho, 6)]);
        assert_eq!((res.base, res.multiplier, res.points), (6, 2, 12));
        assert_eq!(res.end, End::Stop);
        assert_eq!(r.ledger.scores, [38, 62]);
        // The winner deals the next round (next-dealer: winner).
        assert_eq!(r.ledger.dealer, 1);
        assert_eq!(r.phase, Phase::Between);
    }

    #[test]
    fn each_illegal_line_names_the_rule_and_what_was_legal() {
        let cases = [
            (
                "ana 1r>3b / 7p",
                "5: a card captures a card of its own month, and 3b is not of pine's; legal: 1r>1p (or 1r)",
            ),
            (
                "ana 1r>none / 7p",
                "5: a card that matches a table card must capture it: 1r matches 1p; legal: 1r>1p (or 1r)",
            ),
            (
                "ana 1r>1b / 7p",
                "5: a card captures a card on the table, and 1b is not there; legal: 1r>1p (or 1r)",
            ),
            (
                "ana 2r / 7p",
                "5: a card is played from the player's hand, and 2r is not in ana's: legal: 1b 1r 2a 3p 5a 7r 9p 11p",
            ),
            (
                "ana 2b / 7p",
                "5: there is no 2b in the deck: plum's cards are 2a 2r 2p 2p",
            ),
            (
                "ben 4a / 7p",
                "5: the players take turns: it is ana's turn, not ben's",
            ),
            (
                "ana 1r / 7p koi",
                "5: koi or stop ends only a turn that forms or improves a yaku, and ana's are worth 0, no more than at their last decision: `koi` is not allowed; legal: the turn without it",
            ),
            (
                "ana 1r / 4r",
                "5: each card is in a round once, and 4r is already in ben's hand",
            ),
            (
                "ana 1r / 8b",
                "5: each card is in a round once, and 8b is already on the table",
            ),
            (
                "ana 1r / 7p\nben 4a / 2p\nana 9p / 8a",
                "7: ana's yaku are now worth 5, more than at their last decision: the turn ends with koi or stop",
            ),
            (
                "ana 1r / 7p\nben 4a / 2p\nana 1r / 8a",
                "7: a card is played from the player's hand, and 1r is not in ana's: legal: 1b 2a 3p 5a 7r 9p 11p",
            ),
            (
                "ana 1r / 7p\nround",
                "6: a round starts only when the last is over; legal here: ben's turn",
            ),
            (
                "ana 1r / 7p\nana: 1b 1r 2a 3p 5a 7r 9p 11p",
                "6: ana's hand is already given",
            ),
        ];
        for (turns, want) in cases {
            assert_eq!(why(&format!("{DEAL}{turns}\n")), want, "{turns}");
        }
        assert_eq!(
            why("ana 1r / 7p\n"),
            "1: a game starts with its players: line (`players: ana ben`)"
        );
        assert_eq!(
            why("players: ana ben\nana 1r / 7p\n"),
            "2: the table's 8 cards must be given before the first turn (`table: CARDS`)"
        );
        assert_eq!(
            why("players: ana ben\ntable: 1p 3b\n"),
            "2: the table is dealt 8 cards face up, not 2"
        );
        assert_eq!(
            why(
                "players: ana ben\ntable: 1p 3b 4p 6r 8b 9a 10r 12b\nana: 1b 1r 2a 3p 5a 7r 9p 11p\n"
            ),
            "3: the hands are given before the table: ana's hand comes too late; legal here: a turn"
        );
        assert_eq!(
            why("players: ana ben\ntable: 1p 3b 4p 6r 8b 9a 10r 12b\ncy 1r / 7p\n"),
            "3: `cy` is not a player: the players are ana and ben"
        );
    }

    #[test]
    fn without_hands_a_card_played_twice_is_caught_by_the_deck() {
        let text = "players: ana ben\ntable: 1p 3b 4p 6r 8b 9a 10r 12b\nana 1r / 7p\nben 1r / 2p\n";
        assert_eq!(
            why(text),
            "4: each card is in a round once, and 1r is already captured by ana"
        );
        let text = "players: ana ben\ntable: 1p 3b 4p 6r 8b 9a 10r 12b\nana 1r / 7p\nben 7p / 2p\n";
        assert_eq!(why(text), "legal");
    }

    #[test]
    fn two_matches_need_a_choice_and_three_are_all_taken() {
        let deal = "players: ana ben\nana: 1b 1r 2a 3p 5a 7r 9p 11p\nben: 2r 4a 4r 6a 8p 10a 12p 12p\ntable: 1p 12b 4p 6r 8b 9a 10r 12p\n";
        assert_eq!(
            why(&format!("{deal}ana 1r / 7p\nben 12p / 3b\n")),
            "6: 12p matches two table cards, 12b and 12p: the record must say which it captures; legal: 12p>12b or 12p>12p"
        );
        let v = verdict(&format!("{deal}ana 1r / 7p\nben 12p>12b / 3b\n"), &[]);
        let r = v.games[0].referee.as_ref().unwrap();
        assert_eq!(r.round.piles[1], cards("12p 12b"));
        // Three of a month on the table: the fourth takes them all.
        let mut r = r.clone();
        r.round.table = cards("12b 12p 12p 3b");
        r.round.to_move = 0;
        assert_eq!(
            r.resolve(&Move::new(Card::new(12, Kind::Plain), Capture::Unsaid)),
            Ok(cards("12b 12p 12p"))
        );
    }

    #[test]
    fn a_drawn_card_may_capture_the_card_just_laid() {
        let v = verdict(&format!("{DEAL}ana 1r / 7p\nben 2r / 2p\n"), &[]);
        assert_eq!(v.illegal(), None);
        let r = v.games[0].referee.as_ref().unwrap();
        assert_eq!(r.round.piles[1], cards("2p 2r"));
    }

    /// A referee in the middle of a round: ana to move, with the given cards.
    fn mid_round(
        changes: &[(&str, &str)],
        table: &str,
        hands: [&str; 2],
        piles: [&str; 2],
        turns: [usize; 2],
    ) -> Referee {
        let mut r =
            Referee::new(&["ana".to_string(), "ben".to_string()], &ruleset(changes)).unwrap();
        r.round.table = cards(table);
        r.round.hands = [Some(cards(hands[0])), Some(cards(hands[1]))];
        r.round.piles = [cards(piles[0]), cards(piles[1])];
        r.round.seen = [table, hands[0], hands[1], piles[0], piles[1]]
            .iter()
            .flat_map(|s| cards(s))
            .collect();
        r.round.dealt = true;
        r.round.turns = turns;
        r.phase = Phase::Play;
        r
    }

    fn turn(text: &str) -> Turn {
        match record::parse(&Source::new("t", text)).unwrap().lines[0]
            .event
            .clone()
        {
            Event::Turn(t) => t,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn ruling_last_card_koi() {
        // ana's last card makes sanko.
        let at = |changes: &[(&str, &str)]| {
            mid_round(changes, "1p 4p", ["1b", "5p"], ["3b 8b", ""], [7, 7])
        };
        let mut r = at(&[]);
        assert_eq!(
            r.turn(&turn("ana 1b / 2p koi")).unwrap_err(),
            RefereeError::KoiLastCard {
                player: "ana".into()
            }
        );
        assert_eq!(
            at(&[]).turn(&turn("ana 1b / 2p")).unwrap_err(),
            RefereeError::MissingCall {
                player: "ana".into(),
                points: 5,
                stop_only: true
            }
        );
        let mut r = at(&[]);
        assert!(r.turn(&turn("ana 1b / 2p stop")).is_ok());
        // Allowed: the call stands, and with nobody stopping after it the round is drawn.
        let mut r = at(&[ruling::LastCardKoi::Allowed.named()]);
        assert!(r.turn(&turn("ana 1b / 2p koi")).is_ok());
        let report = r.turn(&turn("ben 5p / 6p")).unwrap();
        assert_eq!(report.ended.map(|e| e.end), Some(End::Draw));
        assert_eq!(r.ledger.scores, [50, 50]);
        assert_eq!(
            r.ledger.dealer, 0,
            "after a draw the same player deals again"
        );
    }

    #[test]
    fn ruling_another_yaku() {
        // ana called koi-koi on kasu (10 plains); an eleventh is worth a point more.
        let at = |changes: &[(&str, &str)]| {
            let mut r = mid_round(
                changes,
                "4p 6r",
                ["4p 1b", "9r"],
                ["1p 1p 2p 2p 3p 3p 5p 5p 7p 7p", ""],
                [3, 3],
            );
            r.round.calls[0] = 1;
            r.round.decided[0] = Decided {
                cards: r.round.piles[0].len(),
                names: vec![Name::Kasu],
            };
            r
        };
        let mut more = at(&[]);
        assert!(matches!(
            more.turn(&turn("ana 4p / 8a")),
            Err(RefereeError::MissingCall { points: 3, .. })
        ));
        let mut new = at(&[ruling::AnotherYaku::NewYaku.named()]);
        assert!(new.turn(&turn("ana 4p / 8a")).is_ok());
        assert_eq!(new.phase, Phase::Play);
    }

    /// The viewing-yaku house rule of issue 30: 1 point each, 3 after one's own koi-koi.
    fn viewing_one_then_three() -> Referee {
        let rs = Ruleset::from_house_text(
            "house.yaml",
            "base: koikoi\nrulings:\n  viewing-yaku: raised-by-koi\nvalues:\n  hanami-zake: 1\n  tsukimi-zake: 1\n",
        )
        .unwrap();
        let mut r = Referee::new(&["ana".to_string(), "ben".to_string()], &rs).unwrap();
        let m = mid_round(
            &[],
            "9p 4p 6p",
            ["9a 1r 2p", "11p 12p 5a"],
            ["3b", ""],
            [0, 0],
        );
        r.round = m.round;
        r.phase = Phase::Play;
        r
    }

    #[test]
    fn viewing_raised_by_koi_asked_for_a_decision_nobody_faced() {
        let mut r = viewing_one_then_three();
        // Hanami-zake, worth 1: ana calls koi-koi, and it is worth 3 from now on.
        let t = r.turn(&turn("ana 9a>9p / 8p koi")).unwrap();
        assert_eq!((t.before, t.base), (0, 1));
        r.turn(&turn("ben 11p / 10p")).unwrap();
        // ana captures nothing: her yaku are what they were, so no decision is due.
        assert_eq!(
            r.clone().turn(&turn("ana 1r / 7p koi")).unwrap_err(),
            RefereeError::ExtraCall {
                call: Call::Koi,
                player: "ana".into(),
                points: 3
            }
        );
        let t = r.turn(&turn("ana 1r / 7p")).unwrap();
        assert_eq!((t.base, t.call, r.phase), (3, None, Phase::Play));
        // A card that raises the points asks again: 8b makes tsukimi-zake, 3 + 3.
        r.turn(&turn("ben 12p / 3p")).unwrap();
        assert_eq!(
            r.clone().turn(&turn("ana 2p / 8b>8p")).unwrap_err(),
            RefereeError::MissingCall {
                player: "ana".into(),
                points: 6,
                stop_only: false
            }
        );
        let t = r.turn(&turn("ana 2p / 8b>8p stop")).unwrap();
        assert_eq!(t.ended.map(|e| (e.base, e.winner)), Some((6, Some(0))));
    }

    #[test]
    fn ruling_must_capture() {
        let at = |changes: &[(&str, &str)]| {
            mid_round(changes, "1p 4p", ["1b 5p", "9r 10r"], ["", ""], [3, 3])
        };
        assert!(at(&[]).turn(&turn("ana 5p / 2p")).is_ok());
        let mut whole = at(&[ruling::MustCapture::WholeHand.named()]);
        assert_eq!(whole.playable(0), cards("1b"));
        assert_eq!(
            whole
                .clone()
                .turn(&turn("ana 5p / 2p"))
                .unwrap_err()
                .to_string(),
            "ana must play a card that captures while they hold one (ruling must-capture: whole-hand), and 5p matches nothing on the table; legal: 1b"
        );
        assert!(whole.turn(&turn("ana 1b / 2p")).is_ok());
        // With no card that captures, any card may be played.
        let mut none = mid_round(
            &[ruling::MustCapture::WholeHand.named()],
            "2p 4p",
            ["1b 5p", "9r 10r"],
            ["", ""],
            [3, 3],
        );
        assert_eq!(none.playable(0), cards("1b 5p"));
        assert!(none.turn(&turn("ana 5p / 3p")).is_ok());
    }

    #[test]
    fn ruling_koi_exhausted() {
        // ana called koi-koi on hanami-zake (5); the last two cards make nothing.
        let end = |changes: &[(&str, &str)]| {
            let mut r = mid_round(changes, "1p 4p", ["6p", "11p"], ["3b 9a", ""], [7, 7]);
            r.round.calls[0] = 1;
            r.round.last_koi = Some(0);
            r.round.decided[0] = Decided {
                cards: 2,
                names: vec![Name::HanamiZake],
            };
            r.turn(&turn("ana 6p / 2p")).unwrap();
            let t = r.turn(&turn("ben 11p / 12p")).unwrap();
            let e = t.ended.unwrap();
            (e.end, e.winner, e.points, r.ledger.scores)
        };
        assert_eq!(end(&[]), (End::Draw, None, 0, [50, 50]));
        assert_eq!(
            end(&[ruling::DrawRound::Dealer6.named()]),
            (End::Draw, Some(0), 6, [56, 44])
        );
        assert_eq!(
            end(&[ruling::KoiExhausted::CallerScores.named()]),
            (End::Exhausted, Some(0), 5, [55, 45])
        );
        assert_eq!(
            end(&[ruling::KoiExhausted::OpponentScores.named()]),
            (End::Exhausted, Some(1), 5, [45, 55])
        );
    }

    #[test]
    fn ruling_both_koi() {
        let at = |changes: &[(&str, &str)]| {
            let mut r = mid_round(changes, "1p 4p", ["1b 5p", "9r 10r"], ["3b 8b", ""], [3, 3]);
            r.round.calls = [1, 1];
            r
        };
        let mut on = at(&[]);
        assert!(on.turn(&turn("ana 1b / 2p koi")).is_ok());
        assert_eq!(on.round.calls, [2, 1]);
        let mut stops = at(&[ruling::BothKoi::NextYakuStops.named()]);
        assert_eq!(
            stops.turn(&turn("ana 1b / 2p koi")).unwrap_err(),
            RefereeError::KoiBoth {
                player: "ana".into()
            }
        );
        // With one call only, koi-koi is still allowed.
        let mut one = at(&[ruling::BothKoi::NextYakuStops.named()]);
        one.round.calls = [0, 1];
        assert!(one.turn(&turn("ana 1b / 2p koi")).is_ok());
    }

    #[test]
    fn ruling_koi_calls_once() {
        let mut r = mid_round(
            &[ruling::KoiCalls::Once.named()],
            "1p 4p",
            ["1b 5p", "9r 10r"],
            ["3b 8b", ""],
            [3, 3],
        );
        r.round.calls = [1, 0];
        assert_eq!(
            r.turn(&turn("ana 1b / 2p koi")).unwrap_err(),
            RefereeError::KoiOnce {
                player: "ana".into()
            }
        );
    }

    #[test]
    fn ruling_both_instant() {
        let deal = "players: ana ben\nana: 1b 1r 1p 1p 2a 3p 5a 7r\nben: 2r 4a 4r 4p 4p 10a 12p 12p\ntable: 3b 5p 6r 8b 9a 10r 12b 11p\n";
        let v = verdict(deal, &[]);
        let r = v.games[0].referee.as_ref().unwrap();
        assert_eq!(r.results[0].end, End::Redeal);
        assert_eq!((r.ledger.scores, r.ledger.played()), ([50, 50], 0));
        let v = verdict(deal, &[ruling::BothInstant::Dealer.named()]);
        let r = v.games[0].referee.as_ref().unwrap();
        assert_eq!(r.results[0].end, End::Instant);
        assert_eq!(r.results[0].yaku, vec![(Name::Teshi, 6)]);
        assert_eq!(r.ledger.scores, [56, 44]);
        // After the round, a turn needs a new `round` first.
        assert_eq!(
            why(&format!("{deal}ana 1b / 2p\n")),
            "5: round 0 is over: the next round starts with `round`"
        );
    }

    #[test]
    fn one_instant_win_ends_the_round_and_a_bad_field_is_redealt() {
        let deal =
            "players: ana ben\nana: 1b 1r 1p 1p 2a 3p 5a 7r\ntable: 3b 5p 6r 8b 9a 10r 12b 11p\n";
        let v = verdict(deal, &[]);
        let r = v.games[0].referee.as_ref().unwrap();
        assert_eq!(r.results[0].end, End::Instant);
        assert_eq!(r.ledger.scores, [56, 44]);
        let field = "players: ana ben\ntable: 3b 3p 3p 3r 9a 10r 12b 11p\nround\ntable: 1p 3b 4p 6r 8b 9a 10r 12b\nana 1r / 7p\n";
        let v = verdict(field, &[]);
        assert_eq!(v.illegal(), None);
        let r = v.games[0].referee.as_ref().unwrap();
        assert_eq!(r.results[0].end, End::Redeal);
        assert_eq!(r.ledger.played(), 0);
    }

    #[test]
    fn ruling_tied_game() {
        let rs = ruleset(&[]);
        let setup = Setup {
            players: vec!["a".into(), "b".into()],
            rounds: 3,
            dealer: 0,
        };
        let mut draw = Ledger::start(&setup, &rs).unwrap();
        let mut extra =
            Ledger::start(&setup, &ruleset(&[ruling::TiedGame::ExtraRound.named()])).unwrap();
        for l in [&mut draw, &mut extra] {
            l.settle(Some(0), 3);
            l.settle(Some(1), 3);
            l.settle(None, 0);
        }
        assert!(draw.over.is_some());
        assert_eq!(draw.winner(), None);
        assert!(extra.over.is_none());
        extra.settle(Some(1), 2);
        assert!(extra.over.is_some());
        assert_eq!(extra.winner(), Some("b"));
    }

    #[test]
    fn a_round_played_out_with_no_stop_is_a_draw_under_ruling_draw_round() {
        for (changes, scores) in [
            (vec![], [50, 50]),
            (vec![ruling::DrawRound::Dealer6.named()], [56, 44]),
            (vec![ruling::DrawRound::NonDealer6.named()], [44, 56]),
        ] {
            let mut r = mid_round(&changes, "1p 4p", ["5p", "9r"], ["", ""], [7, 7]);
            r.turn(&turn("ana 5p / 6p")).unwrap();
            let report = r.turn(&turn("ben 9r / 2p")).unwrap();
            assert_eq!(report.ended.map(|e| e.end), Some(End::Draw));
            assert_eq!(r.ledger.scores, scores);
            assert_eq!(r.ledger.dealer, 0);
        }
    }

    #[test]
    fn the_score_follows_ruling_multiplier_and_the_loser_pays_what_they_have() {
        let stop = |changes: &[(&str, &str)], calls: [u32; 2]| {
            let mut r = mid_round(
                changes,
                "1p 4p",
                ["1b 5p", "9r 10r"],
                ["3b 8b 9a", ""],
                [3, 3],
            );
            r.round.calls = calls;
            r.round.decided[0] = Decided {
                cards: r.round.piles[0].len(),
                names: vec![Name::TsukimiZake],
            };
            r.turn(&turn("ana 1b / 2p stop")).unwrap();
            let res = r.results[0].clone();
            (res.base, res.multiplier, res.points)
        };
        // Sanko, hanami-zake and tsukimi-zake, 5 each: 15, doubled at double-at 7.
        assert_eq!(stop(&[], [0, 0]), (15, 2, 30));
        assert_eq!(stop(&[], [0, 1]), (15, 4, 60));
        assert_eq!(
            stop(&[ruling::Multiplier::SoftKoi.named()], [1, 0]),
            (15, 4, 60)
        );
        assert_eq!(
            stop(&[ruling::Multiplier::None.named()], [1, 1]),
            (15, 2, 30)
        );
        let mut r = mid_round(&[], "1p 4p", ["1b 5p", "9r 10r"], ["3b 8b 9a", ""], [3, 3]);
        r.ledger.scores = [50, 25];
        r.round.decided[0] = Decided {
            cards: r.round.piles[0].len(),
            names: vec![Name::TsukimiZake],
        };
        r.turn(&turn("ana 1b / 2p stop")).unwrap();
        assert_eq!(r.ledger.scores, [75, 0]);
        assert_eq!(r.phase, Phase::Over);
    }
}
