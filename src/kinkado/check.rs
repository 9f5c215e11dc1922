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
use super::round::Phase;
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

impl crate::diag::Coded for Wrong {
    fn code(&self) -> crate::diag::Code {
        use crate::diag::Code;
        match self {
            Wrong::Play(e) => e.code(),
            Wrong::Alora { .. } => Code::IllegalMove,
            Wrong::Deck { .. } => Code::Impossible,
            Wrong::NoPlayers | Wrong::LateDeck => Code::WrongPhase,
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
    /// Picks among ALORA's equal cards filled otherwise than kado's default because a
    /// later line shows the table picked so: the move filled, and that line.
    pub shown_picks: Vec<(String, usize)>,
    /// Picks among ALORA's equal cards, filled and shown by no line, on which the money
    /// depends: the move filled, another pick the record allows as well that ends with
    /// other money, and the line being checked when it was filled.
    pub open_picks: Vec<(String, String, usize)>,
}

/// The verdict on a whole record.
pub type Verdict = crate::several::Games<GameCheck>;

impl Verdict {
    pub fn illegal(&self) -> Option<&Illegal> {
        self.games.iter().find_map(|g| g.illegal.as_ref())
    }

    /// The rules and rulings that decided the verdict (`--explain`): see [`Reasons`].
    pub fn explain(&self, rs: &Ruleset) -> Explain {
        let mut x = Reasons::default();
        for g in &self.games {
            x.add(g);
        }
        x.finish(rs)
    }
}

/// The rules and rulings that decided a verdict, gathered game by game (`--explain`): how
/// each reveal was settled (ALORA level with a hand on tier and sum, round by round), and,
/// where ALORA sat in the first game, the rules of her sale, purchase and bet.
#[derive(Debug, Default)]
pub struct Reasons {
    x: Explain,
    /// The first game's rules, when ALORA sat in it.
    alora: Option<super::Rules>,
    started: bool,
}

impl Reasons {
    pub fn add(&mut self, g: &GameCheck) {
        let Some(game) = g.game.as_ref() else {
            return;
        };
        // After the first game, only each game's round-by-round reasons.
        let skip = if self.started { 2 } else { 0 };
        if !self.started && game.seats.iter().any(|s| s.is_alora) {
            self.alora = Some(game.rules.clone());
        }
        self.started = true;
        self.x.0.extend(game.explain().0.into_iter().skip(skip));
    }

    pub fn finish(mut self, rs: &Ruleset) -> Explain {
        if let Some(rules) = &self.alora {
            self.x.0.extend(alora::explain_sell(rs).0);
            self.x.0.extend(alora::explain_buy(rules).0);
            self.x.0.extend(alora::explain_bet(rs).0);
        }
        self.x
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

/// ALORA's rule for a move of hers, in the words of her rules.
fn alora_rule(rs: &Ruleset, game: &Game, a: &Action) -> Option<String> {
    let x = match a {
        Action::AloraSells { .. } => alora::explain_sell(rs),
        Action::AloraBuys { .. } => alora::explain_buy(&game.rules),
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
    /// The line being checked.
    line: usize,
    /// Which answer to take at each pick among ALORA's equal cards the record leaves
    /// out, in the order they come (kado's default, 0, past its end).
    plan: Vec<usize>,
    /// The picks filled so far.
    picks: Vec<Pick>,
}

/// A pick among ALORA's equal cards that `check` filled.
#[derive(Clone, Debug)]
struct Pick {
    /// The line being checked when it was filled.
    line: usize,
    /// How many answers the rules leave, and which was taken (0: kado's default).
    options: usize,
    chosen: usize,
    /// The move filled, as a record writes it.
    said: String,
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
                Step::Ask(q) if is_alora_pick(q.key) && !answers_pick(q.key, act) => {
                    fill_pick(game, &q, pending)?
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

/// The record's move is the one the pick is about (ALORA's sale at her sale's pick): the
/// record makes the pick.
fn answers_pick(key: super::game::Key, act: &Action) -> bool {
    matches!(
        (key, act),
        (super::game::Key::AloraSells, Action::AloraSells { .. })
            | (super::game::Key::AloraBuys, Action::AloraBuys { .. })
    )
}

/// Fills a pick among ALORA's equal cards the record leaves out: the answer the plan
/// names for it, kado's default (the first answer `play` offers) unless a later line
/// showed otherwise.
fn fill_pick(
    game: &Game,
    q: &crate::session::Question<super::game::Key>,
    pending: &mut Pending,
) -> Result<Action, Wrong> {
    let mut answers = game.choices(q);
    // After kado's default, the others in the default's own order: a later line that
    // rules out the default leaves the lowest suits it allows.
    if let Some(rest) = answers.get_mut(1..) {
        rest.sort_by_cached_key(|c| {
            let mut cards =
                crate::notation::read_answer_cards(&c.typed, Some(2)).unwrap_or_default();
            cards.sort_by_key(super::game::pick_order);
            cards
                .iter()
                .map(super::game::pick_order)
                .collect::<Vec<_>>()
        });
    }
    let wanted = pending.plan.get(pending.picks.len()).copied().unwrap_or(0);
    let chosen = wanted.min(answers.len().saturating_sub(1));
    let text = answers.get(chosen).map_or("", |c| c.typed.as_str());
    let act = game.answer(q, text).map_err(Wrong::Play)?;
    pending.picks.push(Pick {
        line: pending.line,
        options: answers.len().max(1),
        chosen,
        said: Event::Act(game.named(&act)).to_string(),
    });
    Ok(act)
}

/// How many readings of a game `check` tries, each picking among ALORA's equal cards
/// otherwise, before it settles on the one that goes furthest.
const READINGS: usize = 64;

/// The plan of picks to try after a reading of a game that stopped at line `bad`: the
/// next choice at the last pick filled by then that has one more, the picks before it as
/// they were (the picks in order, like an odometer); none when every pick is exhausted.
fn next_plan(picks: &[Pick], bad: usize) -> Option<Vec<usize>> {
    let j = picks
        .iter()
        .rposition(|p| p.line <= bad && p.chosen + 1 < p.options)?;
    let mut plan: Vec<usize> = picks[..j].iter().map(|p| p.chosen).collect();
    plan.push(picks[j].chosen + 1);
    Some(plan)
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
    Verdict::gather(|each| check_each(record, rs, each))
}

/// [`check`], each game's verdict given to `each` as soon as it is reached, none kept.
pub fn check_each(record: &Record, rs: &Ruleset, mut each: impl FnMut(GameCheck)) {
    let lines = &record.lines;
    let mut i = 0;
    while i < lines.len() {
        if !matches!(lines[i].event, Event::Players { .. }) {
            // A move before any `players:` line is a game of its own, refused.
            let mut g = GameCheck::new();
            g.illegal = Some(illegal_at(&lines[i], Wrong::NoPlayers));
            each(g);
            i += 1;
            continue;
        }
        let end = lines[i + 1..]
            .iter()
            .position(|l| matches!(l.event, Event::Players { .. }))
            .map_or(lines.len(), |k| i + 1 + k);
        each(game_of(&lines[i..end], rs));
        i = end;
    }
}

fn illegal_at(line: &super::record::Line, wrong: Wrong) -> Illegal {
    Illegal {
        line: line.line,
        text: line.event.to_string(),
        wrong,
    }
}

/// One game of a record (its `players:` line first), read as the table played it: where
/// a later line shows that the table picked other equal cards for ALORA than kado's
/// default, the reading with that pick. Of readings that all stop at an illegal line, the
/// one that goes furthest (the first of those, kado's default picks first).
fn game_of(lines: &[super::record::Line], rs: &Ruleset) -> GameCheck {
    let mut plan = Vec::new();
    // Why each pick of the plan was not kado's default: the line that showed it.
    let mut shown_by: Vec<usize> = Vec::new();
    let mut best: Option<GameCheck> = None;
    for _ in 0..READINGS {
        let mut g = read_game(lines, rs, plan.clone());
        let Some(bad) = g.illegal.as_ref().map(|i| i.line) else {
            g.shown_picks = g
                .pending
                .picks
                .iter()
                .zip(&shown_by)
                .filter(|(p, _)| p.chosen > 0 && g.filled.contains(&p.said))
                .map(|(p, at)| (p.said.clone(), *at))
                .collect();
            g.open_picks = open_picks(lines, rs, &g);
            return g;
        };
        let next = next_plan(&g.pending.picks, bad);
        if best
            .as_ref()
            .and_then(|b| b.illegal.as_ref())
            .is_none_or(|b| b.line < bad)
        {
            best = Some(g);
        }
        let Some(next) = next else { break };
        shown_by.truncate(next.len() - 1);
        shown_by.resize(next.len(), bad);
        plan = next;
    }
    best.unwrap_or_else(GameCheck::new)
}

/// What a game comes to: each round's money and winners, and the game's winners.
fn outcome(g: &GameCheck) -> Value {
    let v = g.to_json();
    json!([v["rounds"], v["stashes"], v["winners"]])
}

/// The picks of a legal reading `g` that the record leaves open and the money depends
/// on: for each pick filled and shown by no line, another answer under which the record
/// is legal too and ends otherwise (a flush her kept card's suit makes, say). At most
/// [`READINGS`] other readings are tried.
fn open_picks(
    lines: &[super::record::Line],
    rs: &Ruleset,
    g: &GameCheck,
) -> Vec<(String, String, usize)> {
    let picks = &g.pending.picks;
    let mut open = Vec::new();
    let mut tried = 0;
    for (k, p) in picks.iter().enumerate() {
        if !g.filled.contains(&p.said) {
            continue;
        }
        for other in (0..p.options).filter(|&c| c != p.chosen) {
            tried += 1;
            if tried > READINGS {
                return open;
            }
            let mut plan: Vec<usize> = picks[..k].iter().map(|p| p.chosen).collect();
            plan.push(other);
            let alt = read_game(lines, rs, plan);
            if alt.illegal.is_none() && outcome(&alt) != outcome(g) {
                let said = alt.pending.picks.get(k).map(|a| a.said.clone());
                open.push((p.said.clone(), said.unwrap_or_default(), p.line));
                break;
            }
        }
    }
    open
}

/// One reading of a game: its lines checked in order, ALORA's picks left out filled by
/// `plan`.
fn read_game(lines: &[super::record::Line], rs: &Ruleset, plan: Vec<usize>) -> GameCheck {
    let mut g = GameCheck::new();
    g.pending.plan = plan;
    for line in lines {
        if let Event::Players { names, alora } = &line.event {
            let setup = Setup {
                players: names.clone(),
                alora: *alora,
                deck: super::game::Deck::Physical,
                private: false,
            };
            let bad = setup.check(&super::Rules::from_ruleset(rs)).err();
            g.setup = Some(setup);
            g.players_line = line.line;
            g.illegal = bad.map(|e| illegal_at(line, Wrong::Play(e)));
            continue;
        }
        if g.illegal.is_some() {
            break;
        }
        if let Err(w) = g.line(line.line, &line.event, rs) {
            g.illegal = Some(illegal_at(line, w));
        }
    }
    g.finish(rs);
    g
}

impl GameCheck {
    fn new() -> GameCheck {
        GameCheck {
            setup: None,
            game: None,
            filled: Vec::new(),
            illegal: None,
            players_line: 0,
            pending: Pending::default(),
            shown_picks: Vec::new(),
            open_picks: Vec::new(),
        }
    }

    fn line(&mut self, at: usize, event: &Event, rs: &Ruleset) -> Result<(), Wrong> {
        self.pending.line = at;
        match event {
            Event::Deck(d) => match (&mut self.setup, &self.game) {
                (Some(s), None) => {
                    s.deck = *d;
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
                    self.pending.picks = pending.picks;
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
        let illegal = self.illegal.as_ref().map(|i| {
            json!({"line": i.line, "text": i.text, "code": crate::diag::Coded::code(&i.wrong),
                       "reason": i.wrong.to_string()})
        });
        json!({
            "rounds": rounds,
            "stashes": stashes,
            "books": books,
            "winners": winners,
            "filled": self.filled,
            "picks_open": self
                .open_picks
                .iter()
                .map(|(said, other, line)| json!({"filled": said, "other": other, "line": line}))
                .collect::<Vec<_>>(),
            "picks_shown": self
                .shown_picks
                .iter()
                .map(|(said, line)| json!({"filled": said, "shown_by_line": line}))
                .collect::<Vec<_>>(),
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
            for (said, other, line) in &self.open_picks {
                out += &format!(
                    "  The money depends on a pick among ALORA's equal cards no line shows (before line {line}): `{}` was filled; with `{}` the game ends otherwise. Write her line to settle it.\n",
                    crate::diag::escape(said),
                    crate::diag::escape(other)
                );
            }
            for (said, line) in &self.shown_picks {
                out += &format!(
                    "  ALORA's pick among equal cards, as line {line} shows: `{}`\n",
                    crate::diag::escape(said)
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

impl crate::several::RecordGame for GameCheck {
    /// A record of several Kin Kādo games: each under its number.
    const LAYOUT: crate::several::Layout = crate::several::Layout {
        blank_after: false,
        tally: false,
        empty: "The record holds no game.\n",
    };

    fn human(&self, style: Style) -> crate::view::Doc {
        self.render(style).into()
    }

    fn json(&self) -> Value {
        self.to_json()
    }

    fn illegal_line(&self) -> Option<usize> {
        self.illegal.as_ref().map(|i| i.line)
    }
}

#[cfg(test)]
mod tests;
