//! Who holds the served table's connections, and the room kept for the seats.
//!
//! Every client of a served table may come from one address (the phones behind one Wi-Fi
//! router, or every test on 127.0.0.1), so connections cannot be shared out by address.
//! They are shared out by what a connection has shown: it is *anonymous* until a request on
//! it names a seat's secret, and that seat's from then on. Anonymous connections are at
//! most [`ANONYMOUS`]: one more, and the anonymous one idle longest is closed to make room.
//! A seat's own are at most [`PER_SEAT`]: one more, and that seat's idlest is closed. So
//! however many connections others open and hold, a seat's new connection is taken at once,
//! and once a request on it has named the seat, only that seat's own connections can push
//! it out. (What a new connection risks is that [`ANONYMOUS`] others arrive before its first
//! request does; the accept loop lets each new connection read its request before it takes
//! the next, so on a quick network that request is read first.)
//!
//! "Idle" is counted in events, not time: every connection taken and every request begun
//! ticks one clock, and the connection whose last tick is oldest is the idlest. A client
//! that connects and sends nothing, sends its headers slowly, holds a stream of updates or
//! stopped reading what it asked for ages, while one sending requests stays fresh.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use tokio::sync::oneshot;

/// Connections open at once that have named no seat (a table's page, a seat's page before
/// its first request, and anyone else): enough for a table shown on a few screens and the
/// phones' first requests, while whoever holds them all cannot hold more.
pub const ANONYMOUS: usize = 96;
/// Connections open at once of one seat: a browser opens at most six to one host, and two
/// more cover a page reopened while the old one's connections linger.
pub const PER_SEAT: usize = 8;

/// Every open connection, and who holds it.
#[derive(Default)]
pub struct Room(Mutex<Open>);

#[derive(Default)]
struct Open {
    /// Ticks at every connection taken and every request begun: the order of what
    /// happened, which is all that finding the idlest needs.
    clock: u64,
    held: Vec<Held>,
}

/// One open connection.
struct Held {
    id: u64,
    /// The seat whose secret a request on it named; `None`: anonymous.
    seat: Option<usize>,
    /// The clock when it was taken or last began a request.
    last: u64,
    /// Dropped (with this entry) to close the connection: its task waits on the other end.
    _close: oneshot::Sender<()>,
}

/// A connection's place in the room, kept by the task that serves it and lent to each of
/// its requests (as an extension, for `SeatOf` to claim it for a seat); the place is given
/// back when the last of them goes.
pub struct Place {
    room: Arc<Room>,
    id: u64,
}

impl Room {
    /// Takes a new connection, anonymous: its place, and what tells its task to close it
    /// (ready, or closed, once it was pushed out to make room for another).
    pub fn admit(self: &Arc<Room>) -> (Arc<Place>, oneshot::Receiver<()>) {
        let (close, closed) = oneshot::channel();
        let mut open = self.open();
        let id = open.tick();
        open.held.push(Held {
            id,
            seat: None,
            last: id,
            _close: close,
        });
        open.make_room(None, ANONYMOUS, id);
        let place = Place {
            room: self.clone(),
            id,
        };
        (Arc::new(place), closed)
    }

    /// How many connections are open: anonymous, then each seat's (for the tests).
    #[cfg(test)]
    fn counts(&self, seats: usize) -> (usize, Vec<usize>) {
        let open = self.open();
        let of = |seat| open.held.iter().filter(|h| h.seat == seat).count();
        (of(None), (0..seats).map(|s| of(Some(s))).collect())
    }

    fn open(&self) -> MutexGuard<'_, Open> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Open {
    fn tick(&mut self) -> u64 {
        self.clock += 1;
        self.clock
    }

    fn find(&mut self, id: u64) -> Option<&mut Held> {
        self.held.iter_mut().find(|h| h.id == id)
    }

    /// Closes the idlest connections held by `holder` (a seat, or `None`: anonymous),
    /// never `keep` (the one just come), while more than `most` are open.
    fn make_room(&mut self, holder: Option<usize>, most: usize, keep: u64) {
        while self.held.iter().filter(|h| h.seat == holder).count() > most {
            let idlest = (self.held.iter().enumerate())
                .filter(|(_, h)| h.seat == holder && h.id != keep)
                .min_by_key(|(_, h)| h.last)
                .map(|(i, _)| i);
            let Some(i) = idlest else { return };
            // Dropping its entry drops the sender its task waits on: the task ends.
            self.held.swap_remove(i);
        }
    }
}

impl Place {
    /// A request begins on this connection: it is the freshest.
    pub fn busy(&self) {
        let mut open = self.room.open();
        let now = open.tick();
        if let Some(held) = open.find(self.id) {
            held.last = now;
        }
    }

    /// A request on this connection named `seat`'s secret: the connection is that seat's
    /// from now on (a connection already a seat's stays that seat's), and leaves the
    /// anonymous ones.
    pub fn claim(&self, seat: usize) {
        let mut open = self.room.open();
        let Some(held) = open.find(self.id) else {
            return;
        };
        if held.seat.is_some() {
            return;
        }
        held.seat = Some(seat);
        open.make_room(Some(seat), PER_SEAT, self.id);
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        self.room.open().held.retain(|h| h.id != self.id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::sync::oneshot::error::TryRecvError;

    /// Whether a connection's task has been told to close.
    fn told(closed: &mut oneshot::Receiver<()>) -> bool {
        !matches!(closed.try_recv(), Err(TryRecvError::Empty))
    }

    #[test]
    fn past_the_anonymous_cap_the_idlest_is_closed() {
        let room = Arc::new(Room::default());
        let mut all: Vec<_> = (0..ANONYMOUS).map(|_| room.admit()).collect();
        // The first has a request under way: the second is now the idlest.
        all[0].0.busy();
        all.push(room.admit());
        assert!(!told(&mut all[0].1));
        assert!(told(&mut all[1].1));
        assert!(all[2..].iter_mut().all(|(_, c)| !told(c)));
        assert_eq!(room.counts(0), (ANONYMOUS, vec![]));
    }

    #[test]
    fn a_seats_connections_are_not_anonymous_and_have_their_own_cap() {
        let room = Arc::new(Room::default());
        let mut seat: Vec<_> = (0..PER_SEAT).map(|_| room.admit()).collect();
        for (place, _) in &seat {
            place.claim(1);
        }
        // Anonymous ones filling their room close none of the seat's.
        let mut others: Vec<_> = (0..ANONYMOUS * 2).map(|_| room.admit()).collect();
        assert!(seat.iter_mut().all(|(_, c)| !told(c)));
        assert!(others[..ANONYMOUS].iter_mut().all(|(_, c)| told(c)));
        assert_eq!(room.counts(2), (ANONYMOUS, vec![0, PER_SEAT]));
        // One more of the seat's comes anonymous (and pushes out the idlest anonymous one);
        // once it names the seat it closes the seat's own idlest, and no one else's.
        seat[0].0.busy();
        let (place, mut closed) = room.admit();
        assert!(told(&mut others[ANONYMOUS].1));
        place.claim(1);
        assert!(!told(&mut closed) && !told(&mut seat[0].1));
        assert!(told(&mut seat[1].1));
        assert!(others[ANONYMOUS + 1..].iter_mut().all(|(_, c)| !told(c)));
        assert_eq!(room.counts(2), (ANONYMOUS - 1, vec![0, PER_SEAT]));
        // A seat's connection keeps its seat whatever it names next.
        place.claim(0);
        assert_eq!(room.counts(2), (ANONYMOUS - 1, vec![0, PER_SEAT]));
    }

    #[test]
    fn a_place_given_back_leaves_the_room() {
        let room = Arc::new(Room::default());
        let (place, _) = room.admit();
        let lent = place.clone();
        drop(place);
        assert_eq!(room.counts(0).0, 1);
        drop(lent);
        assert_eq!(room.counts(0).0, 0);
    }
}
