//! `kinkado check`: a record refereed line by line with the engine `kinkado play` uses.
//! The books are kept (stashes, prize pool, market, bank), each reveal is settled, ALORA's
//! moves are her rules (a line the record leaves out is filled in, a line that moved her
//! differently is the verdict), and the first illegal line is the verdict.

use serde_json::{Map, Value, json};

use super::alora;
use super::error::PlayError;
use super::game::{Action, Game, Named, Setup};
use super::names::display_name;
use super::record::{Event, Record, recorded};
use super::table::Phase;
use crate::explain::Explain;
use crate::render::{Style, money};
use crate::ruleset::Ruleset;
use crate::session::{Session, Step};

/// Why a line is illegal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Wrong {
    /// The engine refuses the move.
    Play(PlayError),
    /// The record moved ALORA otherwise than her rules: her move, and the rule.
    Alora {
        said: String,
        rule_move: String,
        rule: String,
    },
    /// A virtual deck turns up other cards than the record says.
    Deck { said: String, dealt: String },
    /// A move before any `players:` line.
    NoPlayers,
    /// `deck:` after the game's first move.
    LateDeck,
}

impl std::fmt::Display for Wrong {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Wrong::Play(e) => write!(f, "{e}"),
            Wrong::Alora {
                said,
                rule_move,
                rule,
            } => write!(f, "{rule_move}, not `{said}`: {rule}"),
            Wrong::Deck { said, dealt } => {
                write!(f, "the virtual deck gives `{dealt}`, not `{said}`")
            }
            Wrong::NoPlayers => f.write_str("a move before any `players:` line"),
            Wrong::LateDeck => f.write_str("`deck:` comes before the game's first move"),
        }
    }
}

/// The first illegal line of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Illegal {
    pub line: usize,
    pub text: String,
    pub wrong: Wrong,
}

/// One game of a record.
#[derive(Clone, Debug)]
pub struct GameCheck {
    pub setup: Option<Setup>,
    pub game: Option<Game>,
    /// ALORA's and kado's moves the record left out, filled in by the rules.
    pub filled: Vec<String>,
    pub illegal: Option<Illegal>,
    /// The line of the game's `players:`.
    pub players_line: usize,
    /// ALORA's moves filled in that a later line may still write.
    pub pending: Pending,
}

/// The verdict on a whole record.
#[derive(Clone, Debug)]
pub struct Verdict {
    pub games: Vec<GameCheck>,
}

impl Verdict {
    pub fn illegal(&self) -> Option<&Illegal> {
        self.games.iter().find_map(|g| g.illegal.as_ref())
    }

    /// The rules and rulings that decided the verdict (`--explain`): how each reveal was
    /// settled (ALORA level with a hand on tier and sum, round by round), and, where
    /// ALORA sat, the rules of her sale, purchase and bet that moved her.
    pub fn explain(&self, rs: &Ruleset) -> Explain {
        let mut x = Explain::new();
        let Some(game) = self.games.iter().find_map(|g| g.game.as_ref()) else {
            return x;
        };
        x.0.extend(game.explain().0);
        for g in self.games.iter().filter_map(|g| g.game.as_ref()).skip(1) {
            // A record of several games: each game's round-by-round reasons.
            let more = g.explain().0.into_iter().skip(2);
            x.0.extend(more);
        }
        if game.seats.iter().any(|s| s.is_alora) {
            x.0.extend(alora::explain_sell(rs).0);
            x.0.extend(alora::explain_buy(rs, &game.rules).0);
            x.0.extend(alora::explain_bet(rs).0);
        }
        x
    }
}

/// A name from the record as the verdict prints it: ALORA in capitals, control characters
/// escaped, so that a record cannot drive the terminal of whoever checks it.
fn shown(name: &str) -> String {
    crate::diag::escape(&display_name(name)).into_owned()
}

/// The same move of the same seat (the cards may differ).
fn same_kind(a: &Action, b: &Action) -> bool {
    std::mem::discriminant(a) == std::mem::discriminant(b) && a.seat() == b.seat()
}

/// The same move, whatever order its cards are written in: a set of cards sold, bought,
/// played or revealed is a set.
fn same_move(a: &Action, b: &Action) -> bool {
    a == b || as_sets(a) == as_sets(b)
}

/// `a` with every list of cards in one order.
fn as_sets(a: &Action) -> Action {
    let sorted = |cards: &[crate::cards::Card]| {
        let mut v = cards.to_vec();
        v.sort();
        v
    };
    match a {
        Action::Sell { seat, cards } => Action::Sell {
            seat: *seat,
            cards: sorted(cards),
        },
        Action::AloraShows { cards } => Action::AloraShows {
            cards: sorted(cards),
        },
        Action::AloraSells { cards } => Action::AloraSells {
            cards: sorted(cards),
        },
        Action::Buy {
            seat,
            market,
            deck,
            drawn,
        } => Action::Buy {
            seat: *seat,
            market: sorted(market),
            deck: *deck,
            drawn: sorted(drawn),
        },
        Action::AloraBuys { card, free, drawn } => Action::AloraBuys {
            card: *card,
            free: *free,
            drawn: sorted(drawn),
        },
        Action::Play { seat, cards } => Action::Play {
            seat: *seat,
            cards: sorted(cards),
        },
        Action::AloraReveals { cards } => Action::AloraReveals {
            cards: sorted(cards),
        },
        other => other.clone(),
    }
}

/// A move of ALORA's that her rules decide, so that a record may leave it out.
fn alora_decided(a: &Action) -> bool {
    matches!(
        a,
        Action::AloraSells { .. } | Action::AloraBuys { .. } | Action::AloraBets { .. }
    )
}

/// ALORA's rule for a move of hers, in the words of her rules.
fn alora_rule(rs: &Ruleset, game: &Game, a: &Action) -> Option<String> {
    let x = match a {
        Action::AloraSells { .. } => alora::explain_sell(rs),
        Action::AloraBuys { .. } => alora::explain_buy(rs, &game.rules),
        Action::AloraBets { .. } => alora::explain_bet(rs),
        _ => return None,
    };
    x.0.first().map(|r| r.rule.clone())
}

/// What `check` remembers between the lines of a game: the moves it filled in that the
/// record may still write later (ALORA's bet written after the play it came with), by
/// their place in `filled`.
#[derive(Clone, Debug, Default)]
pub struct Pending {
    moves: Vec<(Action, usize)>,
    /// Reveals written before their turn (their line, the move), with why they could not
    /// be taken then.
    reveals: Vec<(usize, Named, PlayError)>,
}

/// A reveal: a player's cards played, or ALORA's.
fn is_reveal(a: &Named) -> bool {
    matches!(a, Action::Play { .. } | Action::AloraReveals { .. })
}

/// The engine's word that a move came before its turn or phase.
fn out_of_turn(e: &PlayError) -> bool {
    matches!(
        e,
        PlayError::NotTurn(..) | PlayError::NotAlorasTurn | PlayError::WrongPhase(..)
    )
}

/// Applies one move of the record, filling in first what the rules do on their own:
/// ALORA's moves her rules decide (where they leave a pick among equal cards to the table,
/// the pick kado's `play` offers first), a prize card a virtual deck turns up. A move of
/// ALORA's written after it was filled in is that move, not a second one.
fn step(
    game: &mut Game,
    rs: &Ruleset,
    said: &Named,
    filled: &mut Vec<String>,
    pending: &mut Pending,
) -> Result<(), Wrong> {
    let act = &game.seated(said).map_err(Wrong::Play)?;
    if let Some(k) = pending.moves.iter().position(|(m, _)| same_move(m, act)) {
        let (_, at) = pending.moves.remove(k);
        if at < filled.len() {
            filled.remove(at);
        }
        for (_, later) in &mut pending.moves {
            if *later > at {
                *later -= 1;
            }
        }
        return Ok(());
    }
    if !matches!(act, Action::Correct { .. }) {
        loop {
            let auto = match game.next() {
                Step::Auto(auto) => auto,
                Step::Ask(q) if is_alora_pick(q.key) && !alora_decided(act) => {
                    game.answer(&q, "").map_err(Wrong::Play)?
                }
                _ => break,
            };
            if same_kind(&auto, act) {
                if same_move(&auto, act) {
                    break;
                }
                let said = Event::Act(said.clone()).to_string();
                let rule_move = Event::Act(game.named(&auto)).to_string();
                if let Some(rule) = alora_rule(rs, game, &auto) {
                    return Err(Wrong::Alora {
                        said,
                        rule_move,
                        rule,
                    });
                }
                if matches!(auto, Action::Prize { .. }) {
                    return Err(Wrong::Deck {
                        said,
                        dealt: rule_move,
                    });
                }
                break;
            }
            game.apply(&auto).map_err(Wrong::Play)?;
            if recorded(&auto) {
                // A line the record writes later (a forced bet, ALORA's moves) is this one.
                pending.moves.push((auto.clone(), filled.len()));
                filled.push(Event::Act(game.named(&auto)).to_string());
            }
        }
    }
    game.apply(act).map(|_| ()).map_err(Wrong::Play)
}

/// A question the table answers for ALORA: which of her equal cards she sells or buys.
fn is_alora_pick(key: super::game::Key) -> bool {
    matches!(
        key,
        super::game::Key::AloraSells | super::game::Key::AloraBuys
    )
}

/// Applies what the rules do on their own after the record's last line, up to the end
/// of its round.
fn finish(game: &mut Game, filled: &mut Vec<String>) {
    while let Step::Auto(auto) = game.next() {
        if matches!(auto, Action::Deal { .. }) || game.apply(&auto).is_err() {
            return;
        }
        if recorded(&auto) {
            filled.push(Event::Act(game.named(&auto)).to_string());
        }
    }
}

/// Referees a record. Each game runs from its `players:` line to the next; checking a game
/// stops at its first illegal line.
pub fn check(record: &Record, rs: &Ruleset) -> Verdict {
    let mut games: Vec<GameCheck> = Vec::new();
    for line in &record.lines {
        let illegal = |wrong| Illegal {
            line: line.line,
            text: line.event.to_string(),
            wrong,
        };
        if let Event::Players { names, alora } = &line.event {
            if let Some(g) = games.last_mut() {
                g.finish(rs);
            }
            let setup = Setup {
                players: names.clone(),
                alora: *alora,
                deck: super::game::Deck::Physical,
                private: false,
            };
            let bad = setup.check(&super::Rules::from_ruleset(rs)).err();
            games.push(GameCheck {
                setup: Some(setup),
                game: None,
                filled: Vec::new(),
                illegal: bad.map(|e| illegal(Wrong::Play(e))),
                players_line: line.line,
                pending: Pending::default(),
            });
            continue;
        }
        let Some(g) = games.last_mut().filter(|g| g.setup.is_some()) else {
            games.push(GameCheck {
                setup: None,
                game: None,
                filled: Vec::new(),
                illegal: Some(illegal(Wrong::NoPlayers)),
                players_line: 0,
                pending: Pending::default(),
            });
            continue;
        };
        if g.illegal.is_some() {
            continue;
        }
        if let Err(w) = g.line(line.line, &line.event, rs) {
            g.illegal = Some(illegal(w));
        }
    }
    if let Some(g) = games.last_mut() {
        g.finish(rs);
    }
    Verdict { games }
}

impl GameCheck {
    fn line(&mut self, at: usize, event: &Event, rs: &Ruleset) -> Result<(), Wrong> {
        match event {
            Event::Deck(d) => match (&mut self.setup, &self.game) {
                (Some(s), None) => {
                    s.deck = match d {
                        Some(seed) => super::game::Deck::Virtual { seed: *seed },
                        None => super::game::Deck::Physical,
                    };
                    Ok(())
                }
                _ => Err(Wrong::LateDeck),
            },
            Event::Round(_) | Event::Players { .. } => Ok(()),
            Event::Act(a) => {
                if self.game.is_none() {
                    let setup = self.setup.clone().ok_or(Wrong::NoPlayers)?;
                    self.game = Some(Game::start(&setup, rs).map_err(Wrong::Play)?);
                }
                let Some(game) = self.game.as_mut() else {
                    return Err(Wrong::NoPlayers);
                };
                match step(game, rs, a, &mut self.filled, &mut self.pending) {
                    // Reveals are simultaneous: one written before its turn waits for it.
                    Err(Wrong::Play(e)) if is_reveal(a) && out_of_turn(&e) => {
                        self.pending.reveals.push((at, a.clone(), e));
                        Ok(())
                    }
                    // A reveal still waiting is the first thing wrong.
                    Err(w) => match self.waiting_reveal() {
                        Some(first) => {
                            self.illegal = Some(first);
                            Ok(())
                        }
                        None => Err(w),
                    },
                    Ok(()) => self.reveal_waiting(rs),
                }
            }
        }
    }

    /// The first reveal written before its turn that is still waiting, as the verdict.
    fn waiting_reveal(&self) -> Option<Illegal> {
        let (line, said, why) = self.pending.reveals.first()?;
        Some(Illegal {
            line: *line,
            text: Event::Act(said.clone()).to_string(),
            wrong: Wrong::Play(why.clone()),
        })
    }

    /// Takes the reveals written before their turn whose turn has come.
    fn reveal_waiting(&mut self, rs: &Ruleset) -> Result<(), Wrong> {
        while !self.pending.reveals.is_empty() {
            let Some(game) = self.game.as_mut() else {
                return Ok(());
            };
            let mut taken = false;
            let waiting = std::mem::take(&mut self.pending.reveals);
            for (at, said, why) in waiting {
                let mut trial = game.clone();
                let mut filled = self.filled.clone();
                let mut pending = self.pending.clone();
                if !taken && step(&mut trial, rs, &said, &mut filled, &mut pending).is_ok() {
                    *game = trial;
                    self.filled = filled;
                    self.pending.moves = pending.moves;
                    taken = true;
                } else {
                    self.pending.reveals.push((at, said, why));
                }
            }
            if !taken {
                break;
            }
        }
        Ok(())
    }

    fn finish(&mut self, rs: &Ruleset) {
        if self.illegal.is_some() {
            return;
        }
        if let Some(first) = self.waiting_reveal() {
            self.illegal = Some(first);
            return;
        }
        if self.game.is_none()
            && let Some(setup) = &self.setup
        {
            match Game::start(setup, rs) {
                Ok(g) => self.game = Some(g),
                Err(e) => {
                    self.illegal = Some(Illegal {
                        line: self.players_line,
                        text: String::new(),
                        wrong: Wrong::Play(e),
                    });
                    return;
                }
            }
        }
        if let Some(game) = self.game.as_mut() {
            finish(game, &mut self.filled);
        }
    }

    /// The game as JSON.
    pub fn to_json(&self) -> Value {
        let mut rounds = Vec::new();
        let mut stashes = Map::new();
        let mut books = Value::Null;
        let mut winners = Value::Null;
        if let Some(g) = &self.game {
            for r in &g.history {
                let money: Map<String, Value> =
                    r.money.iter().map(|(n, m)| (n.clone(), json!(m))).collect();
                rounds.push(json!({"round": r.round, "winners": r.winners, "money": money}));
            }
            for s in &g.seats {
                stashes.insert(s.name.clone(), json!(s.stash));
            }
            books = json!({
                "pool": g.pool,
                "pool_cards": g.pool_cards.iter().map(|c| c.code()).collect::<Vec<_>>(),
                "market": g.market.iter().map(|c| c.code()).collect::<Vec<_>>(),
                "bank_net": g.bank_net,
            });
            if g.phase == Phase::Over {
                winners = json!(g.winners());
            }
        }
        let illegal = self
            .illegal
            .as_ref()
            .map(|i| json!({"line": i.line, "text": i.text, "reason": i.wrong.to_string()}));
        json!({
            "rounds": rounds,
            "stashes": stashes,
            "books": books,
            "winners": winners,
            "filled": self.filled,
            "illegal": illegal,
        })
    }

    fn render(&self, style: Style) -> String {
        let mut out = String::new();
        if let Some(g) = &self.game {
            let names: Vec<String> = g.seats.iter().map(|s| shown(&s.name)).collect();
            out += &format!(
                "{}, {} rounds, {} each.\n",
                names.join(", "),
                g.rules.rounds,
                money(i64::from(g.rules.start_money))
            );
            for r in &g.history {
                let w: Vec<String> = r.winners.iter().map(|w| shown(w)).collect();
                let m: Vec<String> = r
                    .money
                    .iter()
                    .map(|(n, m)| format!("{} {}", shown(n), money(i64::from(*m))))
                    .collect();
                let with: Vec<String> = r.hands.iter().map(|(_, h)| h.clone()).collect();
                let won = match w.as_slice() {
                    [one] => super::names::says(one, "wins"),
                    many => format!("{} share", many.join(" and ")),
                };
                out += &format!(
                    "Round {}: {won}{} · {}\n",
                    r.round,
                    if with.is_empty() {
                        String::new()
                    } else {
                        format!(" with {}", with.join(" and "))
                    },
                    m.join(", ")
                );
            }
            if !self.filled.is_empty() {
                out += &format!(
                    "Filled in by the rules: {}.\n",
                    crate::words::count(self.filled.len(), "line")
                );
            }
            out += &self.books();
        }
        if let Some(i) = &self.illegal {
            out += &format!(
                "{} line {}: `{}`\n  {}\n",
                style.bold("Illegal"),
                i.line,
                crate::diag::escape(&i.text),
                crate::diag::escape(&i.wrong.to_string())
            );
        }
        out
    }

    fn books(&self) -> String {
        let Some(g) = &self.game else {
            return String::new();
        };
        let mut out = format!(
            "Prize pool {} · market {} · bank paid out (net) {}\n",
            money(i64::from(g.pool)),
            if g.market.is_empty() {
                "—".to_string()
            } else {
                crate::cards::code_cards(&g.market)
            },
            money(g.bank_net)
        );
        if g.phase == Phase::Over {
            let w: Vec<String> = g.winners().iter().map(|w| display_name(w)).collect();
            out += &format!("Winner: {}\n", w.join(" and "));
        } else if self.illegal.is_none() {
            out += &format!(
                "The game goes on: round {}, {} phase.\n",
                g.round,
                g.phase.name()
            );
        }
        out
    }
}

impl Verdict {
    pub fn to_json(&self) -> Value {
        match self.games.as_slice() {
            [one] => one.to_json(),
            many => json!({"games": many.iter().map(GameCheck::to_json).collect::<Vec<_>>()}),
        }
    }

    pub fn render(&self, style: Style) -> String {
        let mut out = String::new();
        let several = self.games.len() > 1;
        for (i, g) in self.games.iter().enumerate() {
            if several {
                out += &format!("{}\n", style.bold(&format!("Game {}", i + 1)));
            }
            out += &g.render(style);
        }
        if self.games.is_empty() {
            out += "The record holds no game.\n";
        }
        out
    }
}

#[cfg(test)]
mod tests;
