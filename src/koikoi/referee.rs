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

/// A card played from a hand, and the table it was played to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Laid {
    pub player: usize,
    pub table: Vec<Card>,
    pub taken: Taken,
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
    /// Every card played from a hand this round, with the table it was played to: what a
    /// player at the table saw (the advisor reads the hands from it, see `sim::unseen`).
    pub laid: Vec<Laid>,
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
            laid: Vec::new(),
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

    /// The index of a player named `name` (under the one rule of names, [`crate::seat`]).
    pub fn player(&self, name: &str) -> Result<usize, RefereeError> {
        crate::seat::position(&self.players, name).ok_or_else(|| RefereeError::NotAPlayer {
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

    /// Instant wins and redeals, under rulings teshi, kuttsuki, field-redeal,
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
        // Under field-first a deal to be redone (here: a hand of teshi under teshi: redeal;
        // the field, in each check) comes before the other hand's instant win.
        let field_first = self.rules.ruled.deal_check_order == ruling::DealCheckOrder::FieldFirst;
        if field_first && checks.iter().flatten().any(|d| d.hand_redeal) {
            return Some(self.end_redeal());
        }
        let wins: Vec<usize> = (0..2)
            .filter(|p| checks[*p].as_ref().is_some_and(|d| d.instant_win.is_some()))
            .collect();
        let winner = match (wins.as_slice(), self.rules.ruled.both_instant) {
            ([one], _) => Some(*one),
            ([_, _], ruling::BothInstant::Dealer) => Some(self.round.dealer),
            ([_, _], ruling::BothInstant::Redeal) => return Some(self.end_redeal()),
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
        let table = self.round.table.clone();
        let taken = self.take(p, card, &captured);
        self.round.laid.push(Laid {
            player: p,
            table,
            taken: taken.clone(),
        });
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
        match self.rules.ruled.must_capture {
            ruling::MustCapture::WholeHand if !capturing.is_empty() => capturing,
            ruling::MustCapture::WholeHand | ruling::MustCapture::MatchingCard => hand,
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
        match self.rules.ruled.another_yaku {
            ruling::AnotherYaku::NewYaku => {
                return s.yaku.iter().any(|y| !last.names.contains(&y.name));
            }
            ruling::AnotherYaku::MorePoints => {}
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
        let last_card = match self.rules.ruled.last_card_koi {
            ruling::LastCardKoi::NoKoi => r.turns[p] >= DEALT,
            ruling::LastCardKoi::Allowed => false,
        };
        let called = match self.rules.ruled.koi_calls {
            ruling::KoiCalls::Once => r.calls[p] > 0,
            ruling::KoiCalls::Repeated => false,
        };
        let both = match self.rules.ruled.both_koi {
            ruling::BothKoi::NextYakuStops => r.calls[p] > 0 && r.calls[1 - p] > 0,
            ruling::BothKoi::PlayOn => false,
        };
        if last_card {
            Some(RefereeError::KoiLastCard { player })
        } else if called {
            Some(RefereeError::KoiOnce { player })
        } else if both {
            Some(RefereeError::KoiBoth { player })
        } else {
            None
        }
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
        let scorer = match (self.round.last_koi, self.rules.ruled.koi_exhausted) {
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

    /// What `p` held at their last koi-koi this round: how many cards of their pile (its
    /// first cards), and the yaku they had then (none before a call).
    pub(super) fn decided(&self, p: usize) -> (usize, &[Name]) {
        let d = &self.round.decided[p];
        (d.cards, &d.names)
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
    let mut x = Ledger::explain(rules);
    x.rule("A card played or drawn captures the table card of its month: with one match it takes it, with two the record says which (`>`, unless the two are alike, such as two plain cards), with three it takes all three; with none it is laid on the table.");
    x.by(rules.ruled.must_capture, |c| match c {
        ruling::MustCapture::WholeHand => "A card that matches must capture, and while the hand holds a card that captures, the card played must be one.",
        ruling::MustCapture::MatchingCard => "A card that matches must capture; any card of the hand may be played.",
    });
    x.ruled(
        "A turn that makes the player's yaku worth more than at their last decision ends with koi or stop; stop scores the round.",
        rs,
        &[ruling::Id::AnotherYaku, ruling::Id::KoiCalls, ruling::Id::BothKoi, ruling::Id::Multiplier],
    );
    x.by(rules.ruled.last_card_koi, |c| match c {
        ruling::LastCardKoi::Allowed => {
            "With the last card of the hand played, koi-koi may still be called."
        }
        ruling::LastCardKoi::NoKoi => {
            "With the last card of the hand played, only stop is allowed."
        }
    });
    x.ruled(
        match rules.ruled.koi_exhausted {
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
            ruling::Id::Teshi,
            ruling::Id::Kuttsuki,
            ruling::Id::FieldRedeal,
            ruling::Id::DealCheckOrder,
            ruling::Id::BothInstant,
        ],
    );
    x.by(rules.ruled.tied_game, |c| match c {
        ruling::TiedGame::ExtraRound => {
            "A game tied after its last round goes on, a round at a time, until one player leads."
        }
        ruling::TiedGame::Draw => "A game tied after its last round is drawn.",
    });
    x
}

#[cfg(test)]
mod tests;
