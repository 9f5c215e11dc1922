//! What the pages of a served table share with the session: the state they draw, the
//! secrets that open each seat's page, and the way an answer reaches the session.

use std::collections::VecDeque;
use std::sync::{Mutex, mpsc};

use kado::seat::SeatId;
use kado::session::Asking;
use kado::view::{Choice, Event, Hint, Shared};
use tokio::sync::{oneshot, watch};

/// How many of the last things kado said the pages keep.
const EVENTS_KEPT: usize = 12;

/// Who sent an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum From {
    /// The seat with this index in [`Hub::seats`], from its page.
    Seat(usize),
    /// The keyboard of the computer running kado.
    Terminal,
}

/// What a page or the terminal sent: a line as typed, or a page's button, which carries
/// the answer's place among the question's choices or the hint's rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Posted {
    Text(String),
    Choice(usize),
    HintRow(usize),
    /// A piece tapped in the answer composed (its code).
    Tap(String),
    /// The count composed, stepped by this much.
    Step(i32),
    /// The answer composed, sent.
    Send,
}

/// What became of a page's post, told back to the request that waits for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fate {
    /// Applied (an answer), or done (a command): saved.
    Accepted,
    /// Refused: why.
    Refused(String),
    /// Its seat has no right to send it (another seat's question, answer or the stop).
    Forbidden,
    /// It named a question no longer asked.
    Stale,
    /// Taken, but the game could not be saved after it: the session has stopped.
    NotSaved,
}

/// A post's place in the queue to the session: waiting, taken by the session, or given up
/// by the request (it waited too long), after which the session never applies it.
pub struct Ticket(std::sync::atomic::AtomicU8);

impl Ticket {
    const WAITING: u8 = 0;
    const TAKEN: u8 = 1;
    const GIVEN_UP: u8 = 2;

    pub fn new() -> Ticket {
        Ticket(std::sync::atomic::AtomicU8::new(Ticket::WAITING))
    }

    /// The session takes the post: false when the request gave it up first.
    pub fn take(&self) -> bool {
        self.swap_from_waiting(Ticket::TAKEN)
    }

    /// The request gives the post up: false when the session took it first.
    pub fn give_up(&self) -> bool {
        self.swap_from_waiting(Ticket::GIVEN_UP)
    }

    fn swap_from_waiting(&self, to: u8) -> bool {
        use std::sync::atomic::Ordering;
        (self.0)
            .compare_exchange(Ticket::WAITING, to, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
    }
}

/// The request waiting for a post: where to tell its fate, and its ticket.
pub struct Waiting {
    pub fate: oneshot::Sender<Fate>,
    pub ticket: std::sync::Arc<Ticket>,
}

/// What reaches the session from a page, the terminal or a signal.
pub enum Incoming {
    /// An answer or a command (`hint`, `undo`), the question it names (a page's forms
    /// carry the id of the question they show), and whom to tell once the session has
    /// dealt with it (a page's request waits for that).
    Line {
        from: From,
        question: Option<u64>,
        posted: Posted,
        done: Option<Waiting>,
    },
    /// The terminal's input ended: the phones go on.
    TerminalGone,
    /// Ctrl-C, SIGTERM or SIGHUP: the session stops, saved.
    Stop,
}

/// A seat of the served table: which seat it is, its player's name and the secret in its
/// page's address.
#[derive(Clone, Debug)]
pub struct Seat {
    pub id: SeatId,
    pub name: String,
    pub secret: String,
}

/// What was said to one seat alone: the refusal of its last answer, its hint, or what it
/// asked for (`help`, the answers `fix` lists).
#[derive(Clone, Debug, Default)]
pub struct Private {
    pub refused: Option<String>,
    pub hint: Option<Hint>,
    pub note: Option<String>,
}

/// The state every page draws.
#[derive(Clone, Debug, Default)]
pub struct State {
    /// The game's title ("Kin Kādo").
    pub title: String,
    pub shared: Shared,
    /// The question asked, while the session waits for its answer.
    pub asking: Option<Asking>,
    /// The question asked before it, and when it was asked: a line the keyboard sends
    /// within moments of a new question was typed at the one before.
    pub asked_before: Option<(u64, std::time::Instant)>,
    pub choices: Vec<Choice>,
    /// The answer the seat asked is composing by taps, for its page alone.
    pub compose: Option<kado::view::Compose>,
    /// The last things kado said, oldest first.
    pub events: VecDeque<Event>,
    /// Per seat, in the order of [`Hub::seats`].
    pub private: Vec<Private>,
    /// The session has ended: how to go on.
    pub ended: Option<String>,
    /// Raised at every change: a page knows whether what it shows is the latest.
    pub version: u64,
    /// The session waits for an answer (it is not dealing with one).
    pub waiting: bool,
}

impl State {
    pub fn tell(&mut self, event: Event) {
        if self.events.len() == EVENTS_KEPT {
            self.events.pop_front();
        }
        self.events.push_back(event);
    }
}

/// What the session and the web server share.
pub struct Hub {
    pub seats: Vec<Seat>,
    /// The `Host` values a request may carry: the addresses kado printed.
    pub hosts: Vec<String>,
    state: Mutex<State>,
    version: watch::Sender<u64>,
    /// `None` once the session has ended.
    answers: Mutex<Option<mpsc::Sender<Incoming>>>,
    /// Raised by Ctrl-C, SIGTERM or SIGHUP: the session stops at its next question,
    /// whatever answers are queued before the stop.
    stopping: std::sync::atomic::AtomicBool,
    /// Posts whose answer is not yet given ([`Answering`]): the session's end waits for
    /// them, so that none is cut off without a status.
    answering: std::sync::atomic::AtomicUsize,
}

/// Held by a post while its answer is not yet given: counted in [`Hub::answering`].
pub struct Answering<'a>(&'a Hub);

impl Drop for Answering<'_> {
    fn drop(&mut self) {
        self.0
            .answering
            .fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
    }
}

impl Hub {
    pub fn new(
        title: &str,
        seats: Vec<Seat>,
        hosts: Vec<String>,
        answers: mpsc::Sender<Incoming>,
    ) -> Hub {
        let state = State {
            title: title.to_string(),
            private: vec![Private::default(); seats.len()],
            ..State::default()
        };
        Hub {
            seats,
            hosts,
            state: Mutex::new(state),
            version: watch::channel(0).0,
            answers: Mutex::new(Some(answers)),
            stopping: std::sync::atomic::AtomicBool::new(false),
            answering: std::sync::atomic::AtomicUsize::new(0),
        }
    }

    /// A copy of the state, as it stands.
    pub fn state(&self) -> State {
        match self.state.lock() {
            Ok(s) => s.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    /// Changes the state, and tells every page to draw it again.
    pub fn update(&self, change: impl FnOnce(&mut State)) {
        let version = match self.state.lock() {
            Ok(mut s) => {
                change(&mut s);
                s.version += 1;
                s.version
            }
            Err(poisoned) => {
                let mut s = poisoned.into_inner();
                change(&mut s);
                s.version += 1;
                s.version
            }
        };
        self.version.send_replace(version);
    }

    /// A stream of the state's versions, for a page's updates.
    pub fn versions(&self) -> watch::Receiver<u64> {
        self.version.subscribe()
    }

    /// Asks the session to stop at once, ahead of whatever is queued; true the first time.
    pub fn stop(&self) -> bool {
        let first = !self
            .stopping
            .swap(true, std::sync::atomic::Ordering::SeqCst);
        self.send(Incoming::Stop);
        first
    }

    /// Whether the session is asked to stop.
    pub fn stopping(&self) -> bool {
        self.stopping.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// Hands something to the session (false: the session has ended).
    pub fn send(&self, incoming: Incoming) -> bool {
        match self.answers.lock() {
            Ok(tx) => tx.as_ref().is_some_and(|tx| tx.send(incoming).is_ok()),
            Err(_) => false,
        }
    }

    /// Counts a post until its answer is given (the guard's drop).
    pub fn answering(&self) -> Answering<'_> {
        self.answering
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        Answering(self)
    }

    /// The session has ended: nothing more is taken, each post still queued is told so
    /// (its request gets 410), and the posts being answered are waited for, up to
    /// `patience`, so that the process does not end before their answers are written.
    pub fn close(&self, queued: &mpsc::Receiver<Incoming>, patience: std::time::Duration) {
        if let Ok(mut tx) = self.answers.lock() {
            *tx = None;
        }
        // Dropping a queued post's `Waiting` tells its request the session has stopped.
        for _ in queued.try_iter() {}
        let started = std::time::Instant::now();
        while self.answering.load(std::sync::atomic::Ordering::SeqCst) > 0
            && started.elapsed() < patience
        {
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
    }

    /// The seat whose page `secret` opens, compared in constant time with every seat's
    /// secret so that the time taken says nothing of how much of it was right.
    pub fn seat_of(&self, secret: &str) -> Option<usize> {
        let mut found = None;
        for (i, s) in self.seats.iter().enumerate() {
            if same_secret(s.secret.as_bytes(), secret.as_bytes()) {
                found = Some(i);
            }
        }
        found
    }
}

/// Whether two secrets are equal, in a time that depends only on their lengths.
fn same_secret(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Whether `text` has the shape of a secret kado draws: 32 lowercase hex digits.
pub fn is_secret(text: &str) -> bool {
    text.len() == 32 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// Whether a secret of the right shape could have been drawn at random: one written by
/// hand (all zeros, `abab…`) uses few of the sixteen digits. Of the secrets kado draws,
/// about one in 3·10^12 uses fewer than six.
pub fn is_strong(text: &str) -> bool {
    let mut seen = [false; 256];
    for b in text.bytes() {
        seen[usize::from(b)] = true;
    }
    seen.iter().filter(|s| **s).count() >= 6
}

/// A new secret: 128 bits from the operating system's generator, as 32 hex digits.
pub fn new_secret() -> std::io::Result<String> {
    use std::io::Read;
    let mut bytes = [0u8; 16];
    std::fs::File::open("/dev/urandom")?.read_exact(&mut bytes)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_compared_whole() {
        assert!(same_secret(b"abcd", b"abcd"));
        assert!(!same_secret(b"abcd", b"abce"));
        assert!(!same_secret(b"abcd", b"abc"));
        assert!(!same_secret(b"", b"a"));
    }

    #[test]
    fn secrets_are_128_bits_and_differ() {
        let (a, b) = (new_secret().unwrap(), new_secret().unwrap());
        assert_eq!(a.len(), 32);
        assert!(is_secret(&a) && is_secret(&b));
        assert!(!is_secret("0123") && !is_secret(&a.to_uppercase()));
        assert!(is_strong(&a) && is_strong(&b));
        assert!(!is_strong(&"0".repeat(32)) && !is_strong(&"ab".repeat(16)));
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }
}
