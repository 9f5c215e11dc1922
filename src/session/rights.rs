//! Who may do what at a table: decided here, once, for every surface.
//!
//! The terminal that runs the game is the table's referee: it may answer any question
//! and take back or correct any answer, and only it may stop the game. A seat's page (a
//! player's phone) answers only the questions that ask its seat, and takes back or
//! corrects only its own answers; what it asks for (`help`, `hint`, `show`, the answers
//! listed by `fix`) is told to it alone. An answer names its question: one sent for a
//! question already answered (a double tap, a page not yet redrawn) is refused, never
//! applied to the question after it.

use std::fmt;

use crate::seat::SeatId;

/// Who sent an answer or a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    /// The terminal running the game: the table's referee.
    Referee,
    /// A seat, from its own page.
    Seat(SeatId),
}

/// Who sent a reply, and the question it names (`None`: it names none, as the referee's
/// keyboard, which answers the question on screen).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sent {
    pub who: Who,
    pub question: Option<u64>,
}

impl Default for Sent {
    fn default() -> Sent {
        Sent {
            who: Who::Referee,
            question: None,
        }
    }
}

/// What was sent, as far as the rights to send it go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// An answer to the question asked (typed, a button, a hint's row).
    Answer,
    /// `hint`: advice from the hand of the seat asked.
    Hint,
    /// `undo`: the last answer taken back.
    Undo,
    /// `fix N ANSWER`: answer N corrected.
    Fix,
    /// `fix` alone, `help`, `show`, `hand`: told to whoever asked.
    Look,
    /// `quit`: the game saved and stopped.
    Quit,
}

/// Why something sent is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Denied {
    /// It names a question that is no longer asked: answered already, or taken back.
    Stale,
    /// The question asks another seat.
    NotAsked { asked: SeatId },
    /// The answer it would take back or correct is another seat's.
    NotYours { answered: Option<SeatId> },
    /// Only the terminal running the game may stop it.
    RefereeOnly,
}

impl Denied {
    /// The refusal in words; `name` gives a seat's name.
    pub fn words(&self, name: impl Fn(SeatId) -> String) -> String {
        match *self {
            Denied::Stale => {
                "that question was already answered: the page shows the question asked now"
                    .to_string()
            }
            Denied::NotAsked { asked } => {
                format!("it is {}'s answer kado waits for", name(asked))
            }
            Denied::NotYours {
                answered: Some(seat),
            } => format!(
                "the last answer is {}'s: a page takes back or corrects only its own answers",
                name(seat)
            ),
            Denied::NotYours { answered: None } => "the last answer is the table's, not yours: the terminal running the game takes it back".to_string(),
            Denied::RefereeOnly => {
                "only the terminal running the game can stop it".to_string()
            }
        }
    }
}

impl fmt::Display for Denied {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words(|s| format!("seat {}", s.0 + 1)))
    }
}

/// Whether `who` may send `command` now: `asked` is the seat the question asks (`None`:
/// anyone's to answer), `author` the seat whose answer an undo or a correction would touch
/// (`None`: an answer to a question that asked nobody in particular).
pub fn may(
    who: Who,
    command: Command,
    asked: Option<SeatId>,
    author: Option<SeatId>,
) -> Result<(), Denied> {
    let Who::Seat(me) = who else {
        return Ok(());
    };
    match command {
        Command::Look => Ok(()),
        Command::Quit => Err(Denied::RefereeOnly),
        Command::Answer | Command::Hint => match asked {
            Some(asked) if asked != me => Err(Denied::NotAsked { asked }),
            _ => Ok(()),
        },
        Command::Undo | Command::Fix => match author {
            Some(seat) if seat == me => Ok(()),
            answered => Err(Denied::NotYours { answered }),
        },
    }
}

/// Whether what `sent` names may be taken while question `now` is asked: a page names the
/// question it shows, and one that names none is refused as stale; the referee's keyboard
/// may name none (it answers the question on screen).
pub fn current(sent: Sent, now: u64) -> Result<(), Denied> {
    match (sent.who, sent.question) {
        (_, Some(id)) if id != now => Err(Denied::Stale),
        (Who::Seat(_), None) => Err(Denied::Stale),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ANA: SeatId = SeatId(0);
    const BEN: SeatId = SeatId(1);

    #[test]
    fn the_referee_may_do_anything() {
        for c in [
            Command::Answer,
            Command::Hint,
            Command::Undo,
            Command::Fix,
            Command::Look,
            Command::Quit,
        ] {
            assert_eq!(may(Who::Referee, c, Some(ANA), Some(BEN)), Ok(()));
        }
    }

    #[test]
    fn a_seat_answers_only_its_own_questions_and_takes_back_only_its_own_answers() {
        let ben = Who::Seat(BEN);
        assert_eq!(
            may(ben, Command::Answer, Some(ANA), None),
            Err(Denied::NotAsked { asked: ANA })
        );
        assert_eq!(
            may(ben, Command::Hint, Some(ANA), None),
            Err(Denied::NotAsked { asked: ANA })
        );
        assert_eq!(may(ben, Command::Answer, Some(BEN), None), Ok(()));
        assert_eq!(may(ben, Command::Answer, None, None), Ok(()));
        assert_eq!(
            may(ben, Command::Undo, Some(BEN), Some(ANA)),
            Err(Denied::NotYours {
                answered: Some(ANA)
            })
        );
        assert_eq!(
            may(ben, Command::Fix, Some(BEN), None),
            Err(Denied::NotYours { answered: None })
        );
        assert_eq!(may(ben, Command::Undo, Some(ANA), Some(BEN)), Ok(()));
        assert_eq!(may(ben, Command::Look, Some(ANA), None), Ok(()));
        assert_eq!(
            may(ben, Command::Quit, Some(BEN), None),
            Err(Denied::RefereeOnly)
        );
    }

    #[test]
    fn an_answer_naming_an_answered_question_is_stale() {
        let page = |question| Sent {
            who: Who::Seat(ANA),
            question,
        };
        assert_eq!(current(page(Some(4)), 5), Err(Denied::Stale));
        assert_eq!(current(page(Some(5)), 5), Ok(()));
        assert_eq!(current(page(None), 5), Err(Denied::Stale));
        assert_eq!(current(Sent::default(), 5), Ok(()));
        let typed_at_the_last = Sent {
            question: Some(4),
            ..Sent::default()
        };
        assert_eq!(current(typed_at_the_last, 5), Err(Denied::Stale));
        assert_eq!(
            Denied::Stale.to_string(),
            "that question was already answered: the page shows the question asked now"
        );
    }
}
