//! Corrections: an answer given earlier, told again (`fix N ANSWER` at any prompt).
//!
//! The table's N-th answer is replaced and the game is played again from there. Every
//! later answer that still holds is kept; at the first that no longer does (it named a
//! card the correction moved, say), that answer and every one after it are taken back,
//! and the game asks again from there. A step kado made itself (ALORA's move, a virtual
//! card dealt) was carried out at the table, so a correction that would change one is
//! refused. The correction is appended to the log as an entry naming the answer it
//! replaces: the log keeps what was said first, and `undo` takes the correction back,
//! with the answers it took back, like any answer.

use std::fmt;

use super::{By, Entry, Folded, Log, Session, Step, fold, start};
use crate::diag::Error;

/// The most corrections one log may hold: each plays the game again from the answer it
/// corrects, so a log made of nothing else must not take long to load.
pub const MAX_FIXES: usize = 200;

/// One answer the table gave: its number (1 for the first), the question it answered
/// and the answer as it would be typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Given {
    pub number: usize,
    pub question: String,
    pub answer: String,
    /// The seat the question asked (`None`: the table's to answer): whose answer it is.
    pub seat: Option<crate::seat::SeatId>,
}

impl fmt::Display for Given {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:>4}. {}: {}", self.number, self.question, self.answer)
    }
}

/// A later answer that no longer holds after a correction: it and every answer after
/// it are taken back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broken {
    pub given: Given,
    /// Why it no longer holds.
    pub why: Lapse,
    /// How many answers are taken back, this one included.
    pub dropped: usize,
}

/// A correction made: the new log and state, and what it took back.
#[derive(Clone, Debug)]
pub struct Fixed<G: Session> {
    pub log: Log<G::Setup, G::Action>,
    pub game: G,
    /// The answer as it now stands.
    pub given: Given,
    pub broken: Option<Broken>,
}

/// Why a later answer no longer holds after a correction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lapse {
    /// The question now asked refuses it (the game's reason).
    Refused(crate::diag::Error),
    /// kado now makes that step itself.
    KadoMoves,
    /// The game is now over before it.
    Over,
}

impl fmt::Display for Lapse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Lapse::Refused(why) => f.write_str(&why.summary()),
            Lapse::KadoMoves => f.write_str("kado now makes that step itself"),
            Lapse::Over => f.write_str("the game is now over before it"),
        }
    }
}

/// Why a correction is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FixError {
    /// No answer has been given yet.
    NoAnswers,
    /// No answer has that number.
    NoSuchAnswer { number: usize, given: usize },
    /// `fix N` without the new answer.
    NoNewAnswer { given: Given },
    /// The new answer is not one the question accepts.
    Refused {
        number: usize,
        why: crate::diag::Error,
    },
    /// A step kado made itself after the answer would come out otherwise.
    KadoChanges { after: usize, was: String },
    /// The log holds [`MAX_FIXES`] corrections already.
    TooMany,
    /// The log itself does not replay.
    Log(crate::diag::Error),
    /// The answer with this number was not asked for in the log as it replays.
    NotAsked(usize),
}

impl fmt::Display for FixError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FixError::NoAnswers => write!(f, "nothing to fix: no answer has been given yet"),
            FixError::NoSuchAnswer { number, given } => write!(
                f,
                "there is no answer {number}: the answers given are numbered 1 to {given} (`fix` lists them)"
            ),
            FixError::NoNewAnswer { given } => write!(
                f,
                "say the answer that replaces it: `fix {} ANSWER` (it was `{}`)",
                given.number, given.answer
            ),
            FixError::Refused { number, why } => {
                write!(f, "that cannot be answer {number}: {}", why.summary())
            }
            FixError::KadoChanges { after, was } => write!(
                f,
                "with that correction kado's own step after answer {after} (`{was}`) would change, and it was carried out at the table; `undo` back to the answer instead"
            ),
            FixError::TooMany => write!(
                f,
                "this game holds {MAX_FIXES} corrections already, the most a save may hold; `undo` back to the answer instead"
            ),
            FixError::Log(why) => f.write_str(&why.summary()),
            FixError::NotAsked(number) => write!(f, "answer {number} was not asked for"),
        }
    }
}

impl crate::diag::Coded for FixError {
    fn code(&self) -> crate::diag::Code {
        use crate::diag::Code;
        match self {
            FixError::NoAnswers | FixError::NoSuchAnswer { .. } | FixError::NotAsked(_) => {
                Code::Input
            }
            FixError::NoNewAnswer { .. } => Code::Notation,
            FixError::Refused { why, .. } => why.kind_or(Code::Input),
            FixError::KadoChanges { .. } | FixError::TooMany => Code::IllegalMove,
            FixError::Log(_) => Code::Save,
        }
    }
}

/// Every answer the table has given, as the game now stands.
pub fn answers<G: Session>(log: &Log<G::Setup, G::Action>) -> Result<Vec<Given>, FixError> {
    let actions = fold::<G>(log).map_err(FixError::Log)?.actions;
    let mut g = start::<G>(log).map_err(FixError::Log)?;
    let mut out = Vec::new();
    for e in &actions {
        if e.by == By::Table {
            out.push(given(&g, out.len() + 1, &e.action));
        }
        g.apply(&e.action)
            .map_err(|why| FixError::Log(Error::of(&why)))?;
    }
    Ok(out)
}

/// Replaces answer `number` with `text`, read as an answer to the question it answered.
/// `text` empty: refused, saying what the answer was.
pub fn fix<G: Session>(
    log: &Log<G::Setup, G::Action>,
    number: usize,
    text: &str,
) -> Result<Fixed<G>, FixError> {
    let actions = fold::<G>(log).map_err(FixError::Log)?.actions;
    let first = start::<G>(log).map_err(FixError::Log)?;
    let count = actions.iter().filter(|e| e.by == By::Table).count();
    if count == 0 {
        return Err(FixError::NoAnswers);
    }
    if log.actions.iter().filter(|e| e.fixes.is_some()).count() >= MAX_FIXES {
        return Err(FixError::TooMany);
    }
    let at = table_index(&actions, number).ok_or(FixError::NoSuchAnswer {
        number,
        given: count,
    })?;
    let before = replayed(&first, &actions[..at])?;
    if text.trim().is_empty() {
        let given = given(&before, number, &actions[at].action);
        return Err(FixError::NoNewAnswer { given });
    }
    let Step::Ask(q) = before.next() else {
        return Err(FixError::NotAsked(number));
    };
    let action = before.answer(&q, text).map_err(|why| FixError::Refused {
        number,
        why: Error::of(&why),
    })?;
    let now = given(&before, number, &action);
    let (folded, broken) = refold(&first, &actions, number, &action)?;
    let mut log = log.clone();
    log.actions.push(Entry {
        by: By::Table,
        fixes: Some(number),
        action,
    });
    Ok(Fixed {
        log,
        game: folded.game,
        given: now,
        broken,
    })
}

/// Plays `actions` again from `start` with answer `number` replaced by `action`: the
/// state, the actions as they now stand, and the first later answer that no longer
/// holds (taken back with every answer after it).
pub(super) fn refold<G: Session>(
    start: &G,
    actions: &[Entry<G::Action>],
    number: usize,
    action: &G::Action,
) -> Result<(Folded<G>, Option<Broken>), FixError> {
    let count = actions.iter().filter(|e| e.by == By::Table).count();
    let at = table_index(actions, number).ok_or(FixError::NoSuchAnswer {
        number,
        given: count,
    })?;
    let mut g = replayed(start, &actions[..at])?;
    if !matches!(g.next(), Step::Ask(_)) {
        return Err(FixError::NotAsked(number));
    }
    g.apply(action).map_err(|why| FixError::Refused {
        number,
        why: Error::of(&why),
    })?;
    let mut kept = actions[..at].to_vec();
    kept.push(Entry::new(By::Table, action.clone()));
    let mut answer = number;
    for e in &actions[at + 1..] {
        if e.by == By::Kado {
            if g.next() != Step::Auto(e.action.clone()) {
                let was = g.said(&e.action);
                return Err(FixError::KadoChanges { after: answer, was });
            }
        } else {
            answer += 1;
            if let Err(why) = holds(&g, &e.action) {
                let broken = Broken {
                    given: given(&g, answer, &e.action),
                    why,
                    dropped: count - answer + 1,
                };
                let folded = Folded {
                    game: g,
                    actions: kept,
                };
                return Ok((folded, Some(broken)));
            }
        }
        g.apply(&e.action)
            .map_err(|why| FixError::Log(Error::of(&why)))?;
        kept.push(e.clone());
    }
    let folded = Folded {
        game: g,
        actions: kept,
    };
    Ok((folded, None))
}

/// Whether a later answer still holds where it now falls.
fn holds<G: Session>(g: &G, action: &G::Action) -> Result<(), Lapse> {
    match g.next() {
        Step::Ask(_) => g
            .clone()
            .apply(action)
            .map(|_| ())
            .map_err(|e| Lapse::Refused(Error::of(&e))),
        Step::Auto(_) => Err(Lapse::KadoMoves),
        Step::Done => Err(Lapse::Over),
    }
}

/// The position after `actions`, which replayed before.
fn replayed<G: Session>(start: &G, actions: &[Entry<G::Action>]) -> Result<G, FixError> {
    let mut g = start.clone();
    for e in actions {
        g.apply(&e.action)
            .map_err(|why| FixError::Log(Error::of(&why)))?;
    }
    Ok(g)
}

/// Where the table's answer `number` (1 for the first) is among `actions`.
fn table_index<A>(actions: &[Entry<A>], number: usize) -> Option<usize> {
    let n = number.checked_sub(1)?;
    actions
        .iter()
        .enumerate()
        .filter(|(_, e)| e.by == By::Table)
        .nth(n)
        .map(|(i, _)| i)
}

/// Answer `number`, given at `g`.
fn given<G: Session>(g: &G, number: usize, action: &G::Action) -> Given {
    let question = match g.next() {
        Step::Ask(q) => q.prompt,
        _ => String::new(),
    };
    Given {
        number,
        question,
        answer: g.said(action),
        seat: g.asked_seat(),
    }
}

/// The seat whose answer `undo` would take back (the last thing the table said: an answer,
/// or a correction of one): `Ok(None)` when it answered a question that asked nobody in
/// particular, or when there is nothing to take back.
pub fn undo_author<G: Session>(
    log: &Log<G::Setup, G::Action>,
) -> Result<Option<crate::seat::SeatId>, FixError> {
    let Some(last) = log.actions.iter().rposition(|e| e.by == By::Table) else {
        return Ok(None);
    };
    let (before, number) = match log.actions[last].fixes {
        // A correction: whose answer it corrected, as the game stood before it.
        Some(number) => {
            let mut before = log.clone();
            before.actions.truncate(last);
            (before, number)
        }
        None => {
            let given = answers::<G>(log)?;
            return Ok(given.last().and_then(|g| g.seat));
        }
    };
    let given = answers::<G>(&before)?;
    Ok(given.get(number.wrapping_sub(1)).and_then(|g| g.seat))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::Ruleset;
    use crate::session::{Question, replay};
    use serde::{Deserialize, Serialize};

    /// A toy game: the table says six numbers, never the same twice in a row; after the
    /// third, kado echoes the first.
    #[derive(Clone, Debug, PartialEq)]
    struct Toy {
        said: Vec<u32>,
        steps: usize,
    }

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(tag = "action", rename_all = "lowercase")]
    enum Act {
        Say { n: u32 },
        Echo { n: u32 },
    }

    impl crate::session::Upgrade<()> for Act {}

    /// Why the toy game refuses an answer.
    #[derive(Debug)]
    enum Refusal {
        Again(u32),
        NoEcho,
        NoNumber(String),
    }

    impl std::fmt::Display for Refusal {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            match self {
                Refusal::Again(n) => write!(f, "{n} was just said"),
                Refusal::NoEcho => f.write_str("no echo"),
                Refusal::NoNumber(text) => write!(f, "`{text}` is no number"),
            }
        }
    }

    impl crate::diag::Coded for Refusal {
        fn code(&self) -> crate::diag::Code {
            match self {
                Refusal::Again(_) | Refusal::NoEcho => crate::diag::Code::IllegalMove,
                Refusal::NoNumber(_) => crate::diag::Code::Notation,
            }
        }
    }

    impl Session for Toy {
        type Setup = ();
        type Action = Act;
        type Key = String;
        type Error = Refusal;
        type Phase = ();
        const GAME: &'static str = "toy";

        fn phase_key(&self) {}

        fn table(&self) -> crate::view::Table {
            crate::view::Table::new("toy")
        }

        fn start(_: &(), _: &Ruleset) -> Result<Toy, Refusal> {
            Ok(Toy {
                said: Vec::new(),
                steps: 0,
            })
        }

        fn apply(&mut self, action: &Act) -> Result<Vec<String>, Refusal> {
            match action {
                Act::Say { n } if self.said.last() == Some(n) => {
                    return Err(Refusal::Again(*n));
                }
                Act::Say { n } => self.said.push(*n),
                Act::Echo { n } if Some(n) != self.said.first() => return Err(Refusal::NoEcho),
                Act::Echo { .. } => {}
            }
            self.steps += 1;
            Ok(Vec::new())
        }

        fn next(&self) -> Step<Act, String> {
            match self.steps {
                7.. => Step::Done,
                3 => Step::Auto(Act::Echo { n: self.said[0] }),
                _ => Step::Ask(Question::new("say", "a number", "")),
            }
        }

        fn answer(&self, _: &Question<String>, text: &str) -> Result<Act, Refusal> {
            let n = text
                .trim()
                .parse()
                .map_err(|_| Refusal::NoNumber(text.to_string()))?;
            let act = Act::Say { n };
            self.clone().apply(&act)?;
            Ok(act)
        }

        fn said(&self, action: &Act) -> String {
            match action {
                Act::Say { n } => n.to_string(),
                Act::Echo { n } => format!("echo {n}"),
            }
        }
    }

    type ToyLog = Log<(), Act>;

    /// A log of the table's answers, with kado's echo where it falls.
    fn played(numbers: &[u32]) -> ToyLog {
        let rules = Ruleset::builtin("kinga").unwrap();
        let mut log = ToyLog::new("toy", &rules, ()).unwrap();
        let mut g: Toy = replay(&log).unwrap();
        for n in numbers {
            if let Step::Auto(a) = g.next() {
                g.apply(&a).unwrap();
                log.actions.push(Entry::new(By::Kado, a));
            }
            let a = Act::Say { n: *n };
            g.apply(&a).unwrap();
            log.actions.push(Entry::new(By::Table, a));
        }
        log
    }

    #[test]
    fn a_fix_keeps_the_later_answers_that_still_hold() {
        let log = played(&[1, 2, 3, 4, 5, 6]);
        let fixed = fix::<Toy>(&log, 2, "5").unwrap();
        assert_eq!(fixed.game.said, [1, 5, 3, 4, 5, 6]);
        assert_eq!(fixed.broken, None);
        assert_eq!(fixed.given.to_string(), "   2. a number: 5");
        assert_eq!(replay::<Toy>(&fixed.log).unwrap(), fixed.game);
        assert_eq!(fixed.log.actions.len(), log.actions.len() + 1);
    }

    #[test]
    fn a_fix_takes_back_the_first_later_answer_that_breaks_and_all_after_it() {
        let log = played(&[1, 2, 3, 4, 5, 6]);
        let fixed = fix::<Toy>(&log, 3, "4").unwrap();
        assert_eq!(fixed.game.said, [1, 2, 4]);
        let broken = fixed.broken.unwrap();
        assert_eq!(broken.given.number, 4);
        assert_eq!(
            broken.why,
            Lapse::Refused(
                crate::diag::Problem::new("4 was just said")
                    .code(crate::diag::Code::IllegalMove)
                    .into()
            )
        );
        assert_eq!(broken.dropped, 3);
        assert_eq!(
            fixed.game.next(),
            Step::Ask(Question::new("say", "a number", ""))
        );
        // The save keeps everything: read back, it stands as fixed; undone, as before.
        let text = fixed.log.to_yaml().unwrap();
        assert!(
            text.contains("format: 4") && text.contains("fixes: 3"),
            "{text}"
        );
        let mut back = ToyLog::from_yaml("t.yaml", &text, "toy").unwrap();
        assert_eq!(replay::<Toy>(&back).unwrap(), fixed.game);
        assert!(back.undo());
        assert_eq!(replay::<Toy>(&back).unwrap().said, [1, 2, 3, 4, 5, 6]);
        assert!(log.to_yaml().unwrap().contains("format: 4"));
    }

    #[test]
    fn a_fix_that_would_change_kados_own_step_is_refused() {
        let log = played(&[1, 2, 3, 4]);
        let e = fix::<Toy>(&log, 1, "7").unwrap_err();
        assert_eq!(
            e,
            FixError::KadoChanges {
                after: 3,
                was: "echo 1".into()
            }
        );
        assert!(
            e.to_string()
                .contains("kado's own step after answer 3 (`echo 1`)")
        );
    }

    #[test]
    fn a_fix_names_what_is_wrong_with_it() {
        let log = played(&[1, 2, 3]);
        assert_eq!(
            fix::<Toy>(&played(&[]), 1, "1").unwrap_err(),
            FixError::NoAnswers
        );
        for n in [0, 4] {
            assert_eq!(
                fix::<Toy>(&log, n, "1").unwrap_err(),
                FixError::NoSuchAnswer {
                    number: n,
                    given: 3
                }
            );
        }
        assert_eq!(
            fix::<Toy>(&log, 2, " ").unwrap_err().to_string(),
            "say the answer that replaces it: `fix 2 ANSWER` (it was `2`)"
        );
        assert_eq!(
            fix::<Toy>(&log, 2, "1").unwrap_err().to_string(),
            "that cannot be answer 2: 1 was just said"
        );
        assert_eq!(
            fix::<Toy>(&log, 2, "x").unwrap_err().to_string(),
            "that cannot be answer 2: `x` is no number"
        );
    }

    #[test]
    fn answers_are_numbered_as_the_game_stands() {
        let log = played(&[1, 2, 3, 4]);
        let fixed = fix::<Toy>(&log, 4, "9").unwrap();
        let given = answers::<Toy>(&fixed.log).unwrap();
        let texts: Vec<String> = given.iter().map(|g| g.answer.clone()).collect();
        assert_eq!(texts, ["1", "2", "3", "9"]);
        assert_eq!(given[3].number, 4);
    }

    #[test]
    fn a_correction_marked_as_kados_does_not_load() {
        let mut log = played(&[1, 2]);
        log.actions.push(Entry {
            by: By::Kado,
            fixes: Some(1),
            action: Act::Say { n: 5 },
        });
        let e = replay::<Toy>(&log).unwrap_err();
        assert_eq!(
            e.summary(),
            "action 3 of the log is a correction marked as kado's"
        );
    }

    #[test]
    fn a_save_holds_a_bounded_number_of_corrections() {
        let mut log = played(&[1, 2]);
        for i in 0..MAX_FIXES {
            let n = [3, 4][i % 2];
            log = fix::<Toy>(&log, 2, &n.to_string()).unwrap().log;
        }
        assert_eq!(fix::<Toy>(&log, 2, "5").unwrap_err(), FixError::TooMany);
        log.actions.push(Entry {
            by: By::Table,
            fixes: Some(2),
            action: Act::Say { n: 5 },
        });
        let e = replay::<Toy>(&log).unwrap_err();
        assert_eq!(
            e.summary(),
            "action 203 of the log is a correction past the 200th, more than a save may hold"
        );
    }
}
