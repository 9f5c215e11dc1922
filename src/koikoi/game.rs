//! A Koi-Koi game at the table as a session: each deal, card played, card drawn and koi
//! or stop, refereed by the same [`Referee`] that checks a record, and written as a record
//! (`Session::record`) that `check` reads back with the same result.
//!
//! With real cards the table says what was dealt, played and drawn; with a virtual deck
//! kado deals from a shuffle of the seed; with `--opponent kado` kado plays a seat itself
//! (its hand hidden, its plays announced).

use crate::koikoi::ruling;
use serde::{Deserialize, Serialize};

use super::cards::{self, Card, Kind, codes};
use super::error::RefereeError;
use super::record::{self, Call, Capture, Event, Move, Turn};

use super::referee::{Drawn, End, Phase, Referee, RoundResult, Taken};
use super::sim::{self, Dice, Policy};
pub use super::start::{Deck, Setup};
use super::yaku::Name;
use crate::ruleset::Ruleset;
use crate::session::{NoHint, Question, Session, Step};
use crate::view::{self, Choice, Hand, Hint, Table};

/// A save before format 3 named the player of a hand or a play by name.
impl crate::session::Upgrade<Setup> for Action {
    fn seats_by_index(
        setup: &Setup,
        action: &mut serde_json::Value,
    ) -> Result<(), crate::session::NoSeat> {
        crate::session::index_at(action, "player", |name| {
            crate::session::seat_of(&setup.players, false, name)
        })
    }
}

/// One step of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Action {
    /// A new round.
    Round,
    /// A dealt hand.
    Hand { player: usize, cards: Vec<Card> },
    /// A hand nobody tells kado (real cards).
    Hidden { player: usize },
    /// The cards dealt face up.
    Table { cards: Vec<Card> },
    /// A card played from the hand.
    Play { player: usize, card: Move },
    /// The card drawn.
    Draw { card: Move },
    /// Koi-koi or stop.
    Call { call: Call },
    /// A whole turn said at once, as in the record (real cards).
    Turn { turn: Turn },
}

/// The game's state: the referee, and the record so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub setup: Setup,
    pub referee: Referee,
    /// The record's lines so far (after the players).
    pub events: Vec<Event>,
    /// Hands nobody told (this round).
    hidden: [bool; 2],
    /// The turn being played: its player and card.
    turn: Option<(String, Move)>,
    drawn: Option<Move>,
    /// Deals so far (for the virtual deck's shuffles).
    deals: u64,
    /// Cards drawn this round (from the virtual stock).
    draws: usize,
}

impl Game {
    pub(super) fn seed(&self) -> Option<u64> {
        match self.setup.deck {
            Deck::Virtual { seed } => Some(seed),
            Deck::Physical => None,
        }
    }

    /// The virtual deck of the current deal.
    fn dealt(&self) -> Option<sim::Dealt> {
        let seed = self.seed()?;
        let deal = if self.referee.phase == Phase::Deal {
            self.deals + 1
        } else {
            self.deals
        };
        Some(sim::deal_from(&sim::shuffled(seed, deal)))
    }

    pub(super) fn is_kado(&self, p: usize) -> bool {
        self.setup.kado == Some(p)
    }

    fn dice(&self) -> Dice {
        let base = self.seed().unwrap_or(0);
        Dice::new(base ^ (self.events.len() as u64).wrapping_mul(0x2545_F491_4F6C_DD1D))
    }

    fn name(&self, p: usize) -> String {
        self.referee.name(p).to_string()
    }

    /// Player `p`, checked (a save edited by hand may name a third).
    fn seat(&self, p: usize) -> Result<usize, RefereeError> {
        if p < 2 {
            Ok(p)
        } else {
            Err(RefereeError::NotAPlayer {
                name: p.to_string(),
                players: self.referee.players.clone(),
            })
        }
    }

    /// The step of a deal: a virtual hand or table, or the question.
    fn deal_step(&self) -> Step<Action, Key> {
        let r = &self.referee.round;
        let first = (0..2).find(|p| r.hands[*p].is_none() && !self.hidden[*p]);
        if let Some(d) = self.dealt() {
            return Step::Auto(match first {
                Some(p) => Action::Hand {
                    player: p,
                    cards: d.hands[p].clone(),
                },
                None => Action::Table { cards: d.table },
            });
        }
        Step::Ask(match first {
            Some(p) => Question::new(
                Key::Hand(p),
                format!("{}'s hand (8 cards), or `hidden`", self.name(p)),
                "The 8 cards dealt to the player, e.g. `1b 1r 2a 3p 5a 7r 9p 11p`, or `hidden` to keep them private (kado then checks each card played against the deck).",
            ),
            None => Question::new(
                Key::Table,
                "The table's 8 cards",
                "The 8 cards dealt face up, e.g. `1p 3b 4p 6r 8b 9a 10r 12b`.",
            ),
        })
    }

    /// The step of a draw.
    fn draw_step(&self) -> Step<Action, Key> {
        let p = self.referee.round.to_move;
        let Some(d) = self.dealt() else {
            return Step::Ask(Question::new(
                Key::Draw,
                format!("{} draws", self.name(p)),
                "The card drawn, and with two matches on the table the one it takes: `7p` or `7p>7a`.",
            ));
        };
        let Some(card) = d.stock.get(self.draws).copied() else {
            return Step::Done;
        };
        let options = sim::options(&self.referee, card);
        if options.len() > 1 && !self.is_kado(p) {
            return Step::Ask(Question::new(
                Key::DrawCapture,
                format!(
                    "{} draws {}: it takes {}",
                    self.name(p),
                    card.label(),
                    options
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(" or ")
                ),
                "Say which table card the drawn card takes.",
            ));
        }
        let m = sim::choose_draw(&self.referee, card, Policy::Kado, &mut self.dice());
        Step::Auto(Action::Draw { card: m })
    }

    /// The one move the player to move can make, when there is one: with a virtual deck,
    /// their last card with at most one way to take. (With real cards the table may say
    /// the whole turn at once, so the question stays.)
    fn only_play(&self) -> Option<Move> {
        self.seed()?;
        let r = &self.referee;
        let cards = r.playable(r.round.to_move);
        match cards.as_slice() {
            [one] => match sim::options(r, *one).as_slice() {
                [m] => Some(*m),
                _ => None,
            },
            _ => None,
        }
    }

    /// What a card did, in words.
    fn taken_words(&self, p: usize, verb: &str, t: &Taken) -> String {
        if t.captured.is_empty() {
            format!("{} {verb} {}: to the table.", self.name(p), t.card.label())
        } else {
            format!(
                "{} {verb} {}: takes {}.",
                self.name(p),
                t.card.label(),
                cards::labels(&t.captured)
            )
        }
    }

    fn round_words(&self, res: &RoundResult) -> Vec<String> {
        let yaku: Vec<String> = res.yaku.iter().map(|(n, p)| format!("{n} {p}")).collect();
        let mut said = Vec::new();
        if res.end == End::Exhausted {
            said.push(format!(
                "The hands ran out after a koi-koi with nobody stopping ({cite}).",
                cite = ruling::Id::KoiExhausted.cite()
            ));
        }
        said.push(match res.winner {
            Some(w) if !res.yaku.is_empty() => format!(
                "{} scores {}: base {} ×{} = {}.",
                self.name(w),
                yaku.join(", "),
                res.base,
                res.multiplier,
                crate::words::count(res.points, "point")
            ),
            _ => String::new(),
        });
        said.retain(|s| !s.is_empty());
        said.extend(res.said.iter().cloned());
        said
    }

    fn apply_turn(&mut self, action: &Action) -> Result<Vec<String>, RefereeError> {
        match action {
            Action::Play { player, card } => {
                let p = self.seat(*player)?;
                let t = self.referee.play(p, card)?;
                self.turn = Some((self.name(p), *card));
                Ok(vec![self.taken_words(p, "plays", &t)])
            }
            Action::Draw { card } => {
                let p = self.referee.round.to_move;
                let Drawn { taken, due, ended } = self.referee.draw(card)?;
                self.draws += 1;
                self.drawn = Some(*card);
                let mut said = vec![self.taken_words(p, "draws", &taken)];
                if due {
                    let s = self.referee.score_of(p);
                    let yaku: Vec<String> = s
                        .yaku
                        .iter()
                        .map(|y| format!("{} {}", y.name, y.points))
                        .collect();
                    said.push(format!(
                        "{}'s yaku: {} ({}).",
                        self.name(p),
                        yaku.join(", "),
                        s.base
                    ));
                } else {
                    self.close_turn(None);
                }
                said.extend(ended.iter().flat_map(|r| self.round_words(r)));
                Ok(said)
            }
            Action::Call { call } => {
                let p = self.referee.round.to_move;
                let ended = self.referee.call(*call)?;
                self.close_turn(Some(*call));
                let mut said = vec![format!(
                    "{}: {}.",
                    self.name(p),
                    if *call == Call::Koi {
                        "koi-koi"
                    } else {
                        "stop"
                    }
                )];
                said.extend(ended.iter().flat_map(|r| self.round_words(r)));
                Ok(said)
            }
            Action::Turn { turn } => {
                let r = self.referee.turn(turn)?;
                self.events.push(Event::Turn(turn.clone()));
                let mut said = vec![
                    self.taken_words(r.player, "plays", &r.played),
                    self.taken_words(r.player, "draws", &r.drawn),
                ];
                if let Some(c) = r.call {
                    let yaku: Vec<String> =
                        r.yaku.iter().map(|(n, p)| format!("{n} {p}")).collect();
                    said.push(format!(
                        "{}'s yaku: {} ({}): {}.",
                        self.name(r.player),
                        yaku.join(", "),
                        r.base,
                        c.word()
                    ));
                }
                said.extend(r.ended.iter().flat_map(|e| self.round_words(e)));
                Ok(said)
            }
            _ => Err(RefereeError::NotNow {
                next: self.referee.next_words(),
            }),
        }
    }

    fn close_turn(&mut self, call: Option<Call>) {
        if let (Some((player, played)), Some(drawn)) = (self.turn.take(), self.drawn.take()) {
            self.events.push(Event::Turn(Turn {
                player,
                played,
                drawn,
                call,
            }));
        }
    }

    /// The answer to "it takes 8a>8p or 8a>8b": the table card alone (`8p`), or the whole
    /// move the question offers (`8a>8p`).
    /// The card a virtual deck draws next (at a draw whose capture is asked).
    pub fn card_being_drawn(&self) -> Option<Card> {
        self.dealt().and_then(|d| d.stock.get(self.draws).copied())
    }

    fn draw_capture(&self, text: &str) -> Result<Action, Refused> {
        let Some(card) = self.dealt().and_then(|d| d.stock.get(self.draws).copied()) else {
            return Err(Refused::Rules(RefereeError::NotNow {
                next: self.referee.next_words(),
            }));
        };
        // The table card alone (`8p`), or the whole move the question offers (`8a>8p`).
        let capture = match text.trim().split_once('>') {
            Some(_) => {
                let m = record::parse_move(text).map_err(Refused::Notation)?;
                if m.card != card {
                    return Err(Refused::Rules(RefereeError::NotDrawn {
                        drawn: card,
                        said: m.card,
                    }));
                }
                match m.capture {
                    Capture::Card(c) => c,
                    _ => {
                        return Err(Refused::Rules(RefereeError::MatchNotTaken {
                            card,
                            matches: self.referee.round.matches(card),
                        }));
                    }
                }
            }
            None => text.trim().parse().map_err(Refused::Notation)?,
        };
        Ok(Action::Draw {
            card: Move::new(card, Capture::Card(capture)),
        })
    }

    /// The phase in words, for the table.
    fn phase_name(&self) -> &'static str {
        match self.referee.phase {
            Phase::Deal => "deal",
            Phase::Play => "play",
            Phase::Draw => "draw",
            Phase::Call => "koi or stop",
            Phase::Between => "between rounds",
            Phase::Over => "over",
        }
    }

    /// Seat `p` on the table: points, captures by kind with the yaku and the closest, and
    /// the hand's cards where the table sees them (the person's to move, not kept
    /// private), else how many.
    fn table_seat(&self, p: usize) -> view::Seat {
        let r = &self.referee;
        let seen = !self.setup.private && self.hand_to_show().is_some_and(|(m, _)| m == p);
        let held = match &r.round.hands[p] {
            Some(hand) if seen => view::Held::Cards {
                items: by_flower(hand),
            },
            Some(hand) => view::Held::Count { count: hand.len() },
            None => view::Held::Nothing,
        };
        let mut seat = view::Seat::new(r.name(p), Some(r.ledger.scores[p]));
        seat.kado = self.is_kado(p);
        seat.shown = by_kind(&r.round.piles[p]);
        seat.held = held;
        if r.round.dealt {
            let yaku: Vec<String> = (r.score_of(p).yaku.iter())
                .map(|y| format!("{} {}", y.name, y.points))
                .collect();
            if !yaku.is_empty() {
                seat.notes.push(format!("yaku {}", yaku.join(", ")));
            }
            if r.round.calls[p] > 0 {
                seat.notes.push(format!("koi-koi ×{}", r.round.calls[p]));
            }
            seat.notes
                .extend(self.closest(p).map(|c| format!("closest: {c}")));
        }
        seat
    }

    /// The player to move and their hand, while it may be shown to them: a person's
    /// hand during a turn.
    /// Player `p`'s hand, month by month.
    fn hand_drawn(&self, p: usize, hand: &[Card]) -> Hand {
        let groups = cards::by_flower(hand)
            .into_iter()
            .map(crate::view::Item::plain)
            .collect();
        Hand::new(self.referee.name(p)).groups("", groups)
    }

    fn hand_to_show(&self) -> Option<(usize, &[Card])> {
        let r = &self.referee;
        let p = r.round.to_move;
        let hand = r.round.hands[p].as_ref()?;
        let playing = matches!(r.phase, Phase::Play | Phase::Draw | Phase::Call);
        (playing && !self.is_kado(p)).then_some((p, hand.as_slice()))
    }

    /// The cards closest to a yaku in a pile, in words (`akatan: 1r`), if any is near.
    fn closest(&self, p: usize) -> Option<String> {
        let pile = &self.referee.round.piles[p];
        let theirs = &self.referee.round.piles[1 - p];
        let need = |want: &[Card]| -> Vec<Card> {
            want.iter().copied().filter(|c| !pile.contains(c)).collect()
        };
        let c = |s: &str| s.parse::<Card>().ok();
        let sets: [(Name, &[&str]); 5] = [
            (Name::Inoshikacho, &["6a", "7a", "10a"]),
            (Name::Akatan, &["1r", "2r", "3r"]),
            (Name::Aotan, &["6r", "9r", "10r"]),
            (Name::HanamiZake, &["3b", "9a"]),
            (Name::TsukimiZake, &["8b", "9a"]),
        ];
        let held = self.referee.score_of(p);
        sets.iter()
            .filter(|(n, _)| !held.yaku.iter().any(|y| y.name == *n))
            .map(|(n, want)| {
                (
                    n,
                    need(&want.iter().filter_map(|s| c(s)).collect::<Vec<_>>()),
                )
            })
            // A card the other player has captured can never be had: no yaku is near.
            .filter(|(_, missing)| missing.len() == 1 && !theirs.contains(&missing[0]))
            .map(|(n, missing)| format!("{n} needs {}", codes(&missing)))
            .reduce(|a, b| format!("{a}; {b}"))
    }
}

/// Why an answer is refused: its notation, or the rules.
enum Refused {
    Notation(crate::diag::Error),
    Rules(RefereeError),
}

/// Whether a save's text is a game played move by move (not the ledger alone).
pub fn is_play_log(text: &str) -> bool {
    #[derive(Deserialize)]
    struct Peek {
        setup: PeekSetup,
    }
    #[derive(Deserialize)]
    struct PeekSetup {
        deck: Option<serde_json::Value>,
    }
    serde_saphyr::from_str::<Peek>(text).is_ok_and(|p| p.setup.deck.is_some())
}

/// What a Koi-Koi session asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// A seat's dealt hand (or `hidden`).
    Hand(usize),
    /// The 8 cards dealt face up.
    Table,
    /// The card played from the hand.
    Play,
    /// The card drawn (real cards).
    Draw,
    /// Which of two matches a drawn card takes.
    DrawCapture,
    /// Koi or stop.
    Call,
}

impl Session for Game {
    type Setup = Setup;
    type Action = Action;
    type Key = Key;
    type Error = RefereeError;
    /// Rounds played, the round dealt (`None` between rounds or while kado deals), turns
    /// played, the game over.
    type Phase = (usize, Option<bool>, usize, bool);

    const GAME: &'static str = super::GAME;
    const COMMANDS: &'static str = ", hand (your own cards, when hands are kept private)";

    fn start(setup: &Setup, rs: &Ruleset) -> Result<Game, RefereeError> {
        let players: [String; 2] = setup.players.clone().try_into().map_err(|p: Vec<String>| {
            RefereeError::Ledger(super::error::LedgerError::PlayerCount(p.len()))
        })?;
        if rs.game != super::GAME {
            return Err(RefereeError::Ledger(
                super::error::LedgerError::WrongRuleset {
                    name: rs.name.clone(),
                    title: rs.title.clone(),
                },
            ));
        }
        if setup.kado.is_some_and(|k| k > 1)
            || (setup.kado.is_some() && setup.deck == Deck::Physical)
        {
            return Err(RefereeError::KadoNeedsVirtual);
        }
        Ok(Game {
            setup: setup.clone(),
            referee: Referee::new(&players, rs)?,
            events: Vec::new(),
            hidden: [false, false],
            turn: None,
            drawn: None,
            deals: 0,
            draws: 0,
        })
    }

    /// The cards a move shows the table: those dealt face up, the card played or drawn
    /// and the table card it names as taken. A dealt hand is not among them.
    fn pieces(&self, action: &Action) -> Vec<view::Item> {
        let shown = |m: &Move| {
            let mut cards = vec![m.card];
            if let Capture::Card(c) = m.capture {
                cards.push(c);
            }
            cards
        };
        match action {
            Action::Table { cards } => hanafuda(cards),
            Action::Play { card, .. } | Action::Draw { card } => hanafuda(&shown(card)),
            Action::Turn { turn } => hanafuda(&[shown(&turn.played), shown(&turn.drawn)].concat()),
            _ => Vec::new(),
        }
    }

    /// The move that ends a round (its score) or the game says its result. A hand kado
    /// deals is an event for its player alone.
    fn events(&mut self, action: &Action) -> Result<Vec<crate::view::Event>, RefereeError> {
        let (round, over) = (
            self.referee.round_number(),
            self.referee.ledger.over.is_some(),
        );
        let said = self.apply(action)?;
        let ended = self.referee.round_number() != round
            || self.referee.phase == Phase::Over
            || self.referee.ledger.over.is_some() != over;
        let mut events = crate::session::said_as(said, ended);
        if let (Action::Hand { player, cards }, Some(_)) = (action, self.seed()) {
            let text = format!("You are dealt {}.", codes(cards));
            let seat = crate::seat::SeatId(*player);
            events.push(view::Event::told(text).with(hanafuda(cards)).for_seat(seat));
        }
        Ok(events)
    }

    fn apply(&mut self, action: &Action) -> Result<Vec<String>, RefereeError> {
        match action {
            Action::Round => {
                self.referee.start_round()?;
                self.events.push(Event::Round);
                self.hidden = [false, false];
                Ok(Vec::new())
            }
            Action::Hand { player, cards } => {
                let p = self.seat(*player)?;
                self.referee.hand(p, cards)?;
                self.events.push(Event::Hand {
                    player: self.name(p),
                    cards: cards.clone(),
                });
                Ok(Vec::new())
            }
            Action::Hidden { player } => {
                let p = self.seat(*player)?;
                if self.referee.phase != Phase::Deal || self.referee.round.hands[p].is_some() {
                    return Err(RefereeError::NotNow {
                        next: self.referee.next_words(),
                    });
                }
                self.hidden[p] = true;
                Ok(Vec::new())
            }
            Action::Table { cards } => {
                let ended = self.referee.table(cards)?;
                self.events.push(Event::Table(cards.clone()));
                self.deals += 1;
                self.draws = 0;
                Ok(ended.iter().flat_map(|r| self.round_words(r)).collect())
            }
            _ => self.apply_turn(action),
        }
    }

    fn next(&self) -> Step<Action, Key> {
        let r = &self.referee;
        let p = r.round.to_move;
        match r.phase {
            Phase::Over => Step::Done,
            Phase::Between => Step::Auto(Action::Round),
            Phase::Deal => self.deal_step(),
            Phase::Play if self.is_kado(p) => {
                match sim::choose_play(r, Policy::Kado, &mut self.dice(), true) {
                    Some(m) => Step::Auto(Action::Play {
                        player: p,
                        card: m,
                    }),
                    None => Step::Done,
                }
            }
            Phase::Play if let Some(only) = self.only_play() => Step::Auto(Action::Play {
                player: p,
                card: only,
            }),
            Phase::Play => Step::Ask(Question::new(
                Key::Play,
                format!("{} plays", self.name(p)),
                "The card played from the hand, and with two matches on the table the one it takes: `1r` or `1r>1p`. With real cards a whole turn may be said at once, as in the record: `1r>1p / 7p` (ending with koi or stop when the turn forms or improves a yaku). A card is its month, 1 (pine) to 12 (paulownia), then its kind: `b` bright, `a` animal, `r` ribbon, `p` plain; or its name, e.g. `crane` for 1b.",
            )),
            Phase::Draw => self.draw_step(),
            Phase::Call if self.is_kado(p) => Step::Auto(Action::Call {
                call: sim::choose_call(r, Policy::Kado, &mut self.dice()),
            }),
            // With koi-koi refused, stop is the one answer: kado gives it.
            Phase::Call if r.koi_refused().is_some() => Step::Auto(Action::Call { call: Call::Stop }),
            Phase::Call => Step::Ask(Question::new(
                Key::Call,
                format!(
                    "{}: koi or stop",
                    self.name(p)
                ),
                match r.koi_refused() {
                    Some(why) => format!("Only `stop` is allowed: {why}."),
                    None => "`koi` plays on for more points (and risks the opponent's yaku); `stop` scores the round now.".to_string(),
                },
            )),
        }
    }

    fn answer(&self, q: &Question<Key>, text: &str) -> Result<Action, RefereeError> {
        let bad = |why: crate::diag::Error| RefereeError::Notation {
            why,
            hint: q.hint.clone(),
        };
        let p = self.referee.round.to_move;
        // A move may be said as in the record, after the player's name.
        let text = match text.trim().split_once(' ') {
            Some((name, rest)) if crate::seat::same_name(name, self.referee.name(p)) => rest,
            _ => text,
        };
        match q.key {
            Key::Hand(p) => {
                if ["hidden", "-", "skip"].contains(&text.trim().to_ascii_lowercase().as_str()) {
                    return Ok(Action::Hidden { player: p });
                }
                let cards = text.parse::<cards::Cards>().map_err(bad)?;
                Ok(Action::Hand {
                    player: p,
                    cards: cards.0,
                })
            }
            Key::Table => Ok(Action::Table {
                cards: text.parse::<cards::Cards>().map_err(bad)?.0,
            }),
            Key::Play if text.contains('/') => {
                if self.seed().is_some() {
                    return Err(RefereeError::VirtualDraws {
                        hint: q.hint.clone(),
                    });
                }
                let line = format!("{} {}", self.name(p), text.trim());
                Ok(Action::Turn {
                    turn: record::parse_turn(&line).map_err(bad)?,
                })
            }
            Key::Play => Ok(Action::Play {
                player: p,
                card: record::parse_move(text).map_err(bad)?,
            }),
            Key::Draw => Ok(Action::Draw {
                card: record::parse_move(text).map_err(bad)?,
            }),
            Key::DrawCapture => self.draw_capture(text).map_err(|e| match e {
                Refused::Notation(e) => bad(e),
                Refused::Rules(e) => e,
            }),
            Key::Call => match record::parse_call(text) {
                Some(call) => Ok(Action::Call { call }),
                None => Err(RefereeError::NotNow {
                    next: "answer `koi` or `stop`".to_string(),
                }),
            },
        }
    }

    fn once_asked(action: &Action) -> bool {
        // The last card of a virtual hand, and stop when koi-koi is refused.
        matches!(
            action,
            Action::Play { .. } | Action::Call { call: Call::Stop }
        )
    }

    /// The advisor's weighing of the answers (`koikoi::advise`), for the player to move
    /// when it is a person's decision: a card to play, a drawn card's capture, koi or stop.
    fn hint(&self, question: &Question<Key>) -> Result<Hint, NoHint> {
        let r = &self.referee;
        if self.is_kado(r.round.to_move) {
            return Err(NoHint::NotAChoice);
        }
        let drawn = match question.key {
            Key::DrawCapture => self.card_being_drawn(),
            Key::Play | Key::Call => None,
            _ => return Err(NoHint::NotAChoice),
        };
        let turns: usize = r.round.turns.iter().sum();
        let seed = u64::from(r.round_number()) * 100 + turns as u64;
        super::advise::advise(r, drawn, super::advise::HINT_SAMPLES, seed)
            .map(|a| a.hint())
            .ok_or(NoHint::NotAChoice)
    }

    /// Each card of the hand to play with what it takes, the table card a drawn card
    /// takes when two match, and koi or stop; nothing while
    /// hands are kept private (the list would show the hand to the whole table).
    fn compose(
        &self,
        question: &Question<Key>,
        picked: &view::Picked,
    ) -> Option<crate::session::Composed<Action>> {
        self.composed(&question.key, picked)
    }

    fn choices(&self, question: &Question<Key>) -> Vec<Choice> {
        let r = &self.referee;
        match question.key {
            // The plays name the hand: a surface shows them to its player alone (see
            // `Session::choices`).
            Key::Play if !self.is_kado(r.round.to_move) => {
                let p = r.round.to_move;
                sim::distinct_plays(r, p)
                    .iter()
                    .map(|m| Choice::typed(m.to_string()))
                    .collect()
            }
            Key::DrawCapture => match self.card_being_drawn() {
                Some(card) => sim::options(r, card)
                    .iter()
                    .filter_map(|m| match m.capture {
                        Capture::Card(c) => Some(Choice::typed(c.to_string())),
                        _ => None,
                    })
                    .collect(),
                None => Vec::new(),
            },
            // Two answers, each saying what is at stake.
            Key::Call => {
                let points = r.score_of(r.round.to_move).total;
                vec![
                    Choice::labelled("Koi-koi: play on for more", "koi"),
                    Choice::labelled(
                        format!(
                            "Stop: score {}",
                            crate::words::count(points as usize, "point")
                        ),
                        "stop",
                    ),
                ]
            }
            _ => Vec::new(),
        }
    }

    /// The cards of both hands, where kado dealt them (a virtual deck).
    fn hidden(&self) -> Vec<view::Item> {
        if !matches!(self.setup.deck, Deck::Virtual { .. }) {
            return Vec::new();
        }
        let hands = self.referee.round.hands.iter().flatten();
        hands.flat_map(|h| hanafuda(h)).collect()
    }

    /// A hand dealt from real cards is told from its own seat's page (the cards picked
    /// there are that hand); every other question as every game asks it.
    fn asked_seat(&self) -> Option<crate::seat::SeatId> {
        if let Step::Ask(q) = self.next()
            && let Key::Hand(p) = q.key
            && !self.is_kado(p)
        {
            return Some(crate::seat::SeatId(p));
        }
        crate::session::asked_at(self, &self.table())
    }

    fn private_turn(&self) -> Option<String> {
        let (p, _) = self.hand_to_show().filter(|_| self.setup.private)?;
        Some(self.referee.name(p).to_string())
    }

    fn hand(&self) -> Option<Hand> {
        let (p, hand) = self.hand_to_show()?;
        Some(self.hand_drawn(p, hand))
    }

    /// A seat's own hand for its served page while a round is played, its turn or not
    /// (a hand kado knows: dealt by kado, or told; never kado's own).
    fn hand_of(&self, _table: &crate::view::Table, seat: &str) -> Option<Hand> {
        let r = &self.referee;
        let p = (0..2).find(|p| crate::seat::same_name(r.name(*p), seat))?;
        let hand = r.round.hands[p].as_ref()?;
        let playing = matches!(r.phase, Phase::Play | Phase::Draw | Phase::Call);
        (playing && !self.is_kado(p)).then(|| self.hand_drawn(p, hand))
    }

    /// The seats (scores, captures, a hand's cards where the table sees them: the person's
    /// to move, not kept private; else how many), the cards on the table, the round and its
    /// dealer.
    fn table(&self) -> Table {
        let r = &self.referee;
        let mut t = Table::new(super::GAME);
        t.round = Some(view::Round {
            word: "round",
            number: r.round_number().max(1),
            of: Some(r.ledger.setup.rounds),
        });
        t.over = r.phase == Phase::Over;
        t.score_title = "points";
        t.shown_title = "captured";
        t.shown_below = true;
        t.phase = Some(self.phase_name().to_string());
        t.dealer = Some(r.name(r.round.dealer).to_string());
        let playing = matches!(r.phase, Phase::Play | Phase::Draw | Phase::Call);
        t.to_move = playing.then(|| r.name(r.round.to_move).to_string());
        t.seats = (0..2).map(|p| self.table_seat(p)).collect();
        t.areas = vec![view::Area::new("table", by_flower(&r.round.table))];
        if let Some(why) = &r.ledger.over {
            t.notes.push(format!("Game over ({why})."));
        }
        if self.setup.private
            && let Some((p, _)) = self.hand_to_show()
        {
            let p = r.name(p);
            t.notes.push(format!(
                "{p}'s hand: kept private (on {p}'s own page, or `hand`)."
            ));
        }
        t
    }

    fn summary(&self) -> serde_json::Value {
        let r = &self.referee;
        serde_json::json!({
            "players": r.players,
            "scores": r.ledger.scores,
            "played": r.ledger.played(),
            "rounds": r.ledger.setup.rounds,
            "over": r.ledger.over.is_some(),
            "winner": r.ledger.winner(),
            "table": r.round.table,
            "captured": r.round.piles,
            "waiting_for": (r.phase != Phase::Over).then(|| r.next_words()),
        })
    }

    fn outcome(&self) -> Option<crate::history::Outcome> {
        let mut o = self.referee.outcome()?;
        for (i, seat) in o.seats.iter_mut().enumerate() {
            seat.kado = self.is_kado(i);
        }
        Some(o)
    }

    fn phase_key(&self) -> (usize, Option<bool>, usize, bool) {
        let turns = self
            .events
            .iter()
            .filter(|e| matches!(e, Event::Turn(_)))
            .count();
        // kado dealing a virtual deck is no new view: the table shows once it is dealt.
        let dealing = matches!(self.referee.phase, Phase::Between | Phase::Deal)
            && (self.seed().is_some() || self.referee.phase == Phase::Between);
        (
            self.referee.ledger.played(),
            (!dealing).then_some(self.referee.round.dealt),
            turns,
            self.referee.phase == Phase::Over,
        )
    }

    fn said(&self, action: &Action) -> String {
        let list = |cards: &[Card]| cards.iter().map(ToString::to_string).collect::<Vec<_>>();
        match action {
            Action::Round => "round".to_string(),
            Action::Hand { cards, .. } | Action::Table { cards } => list(cards).join(" "),
            Action::Hidden { .. } => "hidden".to_string(),
            Action::Play { card, .. } | Action::Draw { card } => card.to_string(),
            Action::Call { call } => call.word().to_string(),
            Action::Turn { turn } => turn.to_string(),
        }
    }

    fn record(&self) -> Option<String> {
        let mut rec = record::Record::default();
        let players = Event::Players([self.name(0), self.name(1)]);
        for (i, event) in std::iter::once(players)
            .chain(self.events.iter().cloned())
            .enumerate()
        {
            rec.lines.push(record::Line { line: i + 1, event });
        }
        Some(rec.to_string())
    }
}

/// Hanafuda cards as items: `10a` shown `10a deer`.
/// Cards as items grouped by flower, in the order the months first appear.
fn by_flower(cards: &[Card]) -> Vec<view::Item> {
    cards::months_in_order(cards)
        .iter()
        .flat_map(|m| cards.iter().filter(move |c| c.month == *m))
        .map(|c| item(*c).group(c.flower()))
        .collect()
}

/// Cards as items grouped by kind, brights first: `2 animals 2a 10a`.
fn by_kind(cards: &[Card]) -> Vec<view::Item> {
    Kind::ALL
        .iter()
        .flat_map(|k| {
            let of: Vec<Card> = cards.iter().copied().filter(|c| c.kind == *k).collect();
            let word = crate::words::count(of.len(), k.word());
            of.into_iter().map(move |c| item(c).group(word.clone()))
        })
        .collect()
}

/// A card as an item, in its kind's tone: `10a deer`.
pub(super) fn item(c: Card) -> view::Item {
    let code = c.to_string();
    let text = c
        .name()
        .map_or_else(|| code.clone(), |n| format!("{code} {n}"));
    let tone = match c.kind {
        Kind::Bright => view::Tone::Bright,
        Kind::Animal => view::Tone::Animal,
        Kind::Ribbon => view::Tone::Ribbon,
        Kind::Plain => view::Tone::Plain,
    };
    view::Item::new(code, text).tone(tone)
}

pub fn hanafuda(cards: &[Card]) -> Vec<view::Item> {
    cards.iter().map(|c| item(*c)).collect()
}

#[cfg(test)]
mod tests;
