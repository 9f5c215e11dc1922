//! `--serve`: the session served to the players' phones as well as played at the terminal.
//! A page for the table (what everyone may see) and one for each seat (its own hand, the
//! question when it is theirs, the answers as buttons, hints), over a small web server in a
//! thread beside the session. Every answer, from a phone or the keyboard, goes through the
//! same session loop as in line mode; this module only carries answers in and the typed
//! state the library computes out. It decides no rule and no privacy: the pages draw
//! [`kado::view::Shared`].

mod hub;
mod page;
mod room;
mod web;

use std::io::{IsTerminal, Write};
use std::net::{SocketAddr, TcpListener};
use std::sync::{Arc, mpsc};

use kado::diag::{Error, Problem};
use kado::seat::SeatId;
use kado::session::Asking;
use kado::session::rights::{Sent, Who};
use kado::view::{Choice, Event, Hand, Hint, Shared};
use tokio::sync::oneshot;

use crate::prompt::{Prompter, Reply, classify, read_bounded_line};
use hub::{From, Hub, Incoming, Posted};

/// A line typed at the terminal this soon after a new question was asked was typed at the
/// question before it (a person cannot read and answer faster).
const TYPED_AT_THE_LAST: std::time::Duration = std::time::Duration::from_millis(300);

/// How a session is served (`--serve`, `--lan`).
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Listen on this address (`--lan ADDR`), else on 127.0.0.1.
    pub lan: Option<String>,
    /// The seat whose page's QR code is drawn (`--qr SEAT`), else the table's.
    pub qr: Option<String>,
}

/// A session's prompter that serves the table to the players' phones and prints a line-mode
/// transcript at the terminal, where answers may be typed too.
pub struct Served {
    hub: Arc<Hub>,
    incoming: mpsc::Receiver<Incoming>,
    /// Who sent the answer being dealt with, and the request waiting for it.
    from: From,
    /// The question the answer being dealt with named.
    named: Option<u64>,
    done: Option<oneshot::Sender<hub::Fate>>,
    /// What became of the post being dealt with, so far.
    fate: hub::Fate,
    /// The question asked last.
    asking: Option<Asking>,
    /// The reply being dealt with is a page's tap: the question is not printed again.
    quiet: bool,
    /// The QR code drawn just above the first question, below the table, so that it and
    /// the question fit a screen of 24 rows.
    first_qr: Option<String>,
}

/// The seats whose players get a page: every seat kado does not play, with its identity.
pub fn seats_of(table: &kado::view::Table) -> Vec<(SeatId, String)> {
    (table.seats.iter().enumerate())
        .filter(|(_, s)| !s.kado)
        .map(|(i, s)| (SeatId(i), s.name.clone()))
        .collect()
}

/// Starts the web server for a session of `title` with `seats`, prints each page's
/// address (and, at a terminal, its QR code), and returns the prompter the session runs
/// with and where it is served, for the save. A game `served` before keeps its port when
/// it is free and each seat's secret, so the phones' links still work.
pub fn start(
    options: &Options,
    title: &str,
    seats: &[(SeatId, String)],
    served: Option<&kado::session::Served>,
) -> Result<(Served, kado::session::Served), Error> {
    if let Some(wanted) = &options.qr
        && !seats
            .iter()
            .any(|(_, name)| kado::seat::same_name(name, wanted))
    {
        let names: Vec<&str> = seats.iter().map(|(_, n)| n.as_str()).collect();
        return Err(Error::from(
            Problem::new(format!(
                "--qr {}: no seat of this game has that name",
                kado::diag::escape(wanted)
            ))
            .help(format!("name one of: {}", names.join(", "))),
        ));
    }
    let (listener, hosts, shown) = listen(options, served.map(|s| s.port))?;
    let port = listener.local_addr().map_or(0, |a| a.port());
    // The old addresses hold only on the old port: elsewhere, whoever has that port now
    // would be handed the phones' secrets, so every page gets a new one.
    let served = match served {
        Some(old) if old.port != port => {
            say(&format!(
                "Port {} is taken: every page has a new address, and a new QR code below.\n",
                old.port
            ));
            None
        }
        other => other,
    };
    let mut keyed: Vec<hub::Seat> = Vec::new();
    for (id, name) in seats {
        let kept = served.and_then(|s| remembered_secret(s, name));
        let kept = kept.filter(|k| keyed.iter().all(|o| &o.secret != k));
        if served.is_some() && kept.is_none() {
            say(&format!(
                "{}'s page gets a new address: the save's secret for it is not one kado draws.\n",
                kado::diag::escape(name)
            ));
        }
        let secret = match kept {
            Some(secret) => secret,
            None => hub::new_secret()
                .map_err(|e| Error::msg(format!("cannot draw a seat's secret: {e}")))?,
        };
        keyed.push(hub::Seat {
            id: *id,
            name: name.clone(),
            secret,
        });
    }
    let now = kado::session::Served {
        port,
        seats: keyed
            .iter()
            .map(|s| kado::session::ServedSeat {
                name: s.name.clone(),
                secret: s.secret.clone(),
            })
            .collect(),
    };
    let (tx, rx) = mpsc::channel();
    let hub = Arc::new(Hub::new(title, keyed, hosts, tx));
    web::spawn(listener, hub.clone())?;
    let first_qr = announce(&hub, &shown, options.qr.as_deref());
    read_terminal(hub.clone(), shown);
    watch_signals(hub.clone());
    let served = Served {
        hub,
        incoming: rx,
        from: From::Terminal,
        named: None,
        done: None,
        fate: hub::Fate::Accepted,
        asking: None,
        quiet: false,
        first_qr,
    };
    Ok((served, now))
}

/// Prints `text` at the terminal, as the session's transcript does.
fn say(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush());
}

/// The secret `name`'s page had when the game was served before, if it is one kado could
/// have drawn: 32 hex digits, and not a weak one written by hand (a save edited by hand
/// gets a new one).
fn remembered_secret(served: &kado::session::Served, name: &str) -> Option<String> {
    served
        .seats
        .iter()
        .find(|s| kado::seat::same_name(&s.name, name))
        .map(|s| s.secret.clone())
        .filter(|s| hub::is_secret(s) && hub::is_strong(s))
}

/// Binds the listening socket: 127.0.0.1 on a free port, or the `--lan` address; on the
/// `port` the game was served on before when none is named and it is free. Returns it, the
/// `Host` values requests may carry, and the address printed for people.
fn listen(
    options: &Options,
    port: Option<u16>,
) -> Result<(TcpListener, Vec<String>, String), Error> {
    let wanted = options.lan.as_deref().unwrap_or("127.0.0.1:0");
    // An address alone takes any free port; an IPv6 one may be written bare (`::`).
    let addr: SocketAddr = wanted
        .parse()
        .or_else(|_| format!("{wanted}:0").parse())
        .or_else(|_| format!("[{wanted}]:0").parse())
        .map_err(|_| {
            Error::from(
                Problem::new(format!(
                    "`{}` is not an address to listen on",
                    kado::diag::escape(wanted)
                ))
                .help("e.g. --lan 0.0.0.0:8080, or --lan 192.168.1.20"),
            )
        })?;
    let again = port
        .filter(|p| *p != 0 && addr.port() == 0)
        .and_then(|p| TcpListener::bind(SocketAddr::new(addr.ip(), p)).ok());
    let listener = match again {
        Some(l) => l,
        None => TcpListener::bind(addr)
            .map_err(|e| Error::msg(format!("cannot listen on {addr}: {e}")))?,
    };
    let port = listener
        .local_addr()
        .map_err(|e| Error::msg(format!("cannot listen on {addr}: {e}")))?
        .port();
    let ip = if addr.ip().is_unspecified() {
        lan_address().unwrap_or(addr.ip())
    } else {
        addr.ip()
    };
    let shown = SocketAddr::new(ip, port);
    let hosts = allowed_hosts(shown);
    let shown = shown.to_string();
    if let Some(why) = exposed(addr.ip()) {
        say(&format!(
            "Note: {why}: the pages, and the secrets in their addresses, go over plain HTTP, which anyone on that network can read. Serve on a network you trust.\n"
        ));
    }
    Ok((listener, hosts, shown))
}

/// The `Host` values a request to the server at `shown` (the address printed) may carry:
/// that address, and this machine's own names, at its port.
fn allowed_hosts(shown: SocketAddr) -> Vec<String> {
    let port = shown.port();
    let mut hosts = vec![
        shown.to_string(),
        format!("localhost:{port}"),
        format!("127.0.0.1:{port}"),
        format!("[::1]:{port}"),
    ];
    // On port 80 a browser names the host without it.
    if port == 80 {
        let bare: Vec<String> = hosts
            .iter()
            .filter_map(|h| h.strip_suffix(":80").map(str::to_string))
            .collect();
        hosts.extend(bare);
    }
    hosts.sort();
    hosts.dedup();
    hosts
}

/// Why serving on `ip` puts the pages beyond this machine, if it does: every address of
/// it, or one other machines reach.
fn exposed(ip: std::net::IpAddr) -> Option<String> {
    use std::net::IpAddr;
    if ip.is_loopback() {
        return None;
    }
    if ip.is_unspecified() {
        return Some(format!(
            "listening on {ip}, every network this machine is on"
        ));
    }
    let private = match ip {
        IpAddr::V4(v4) => v4.is_private() || v4.is_link_local(),
        IpAddr::V6(v6) => v6.is_unique_local() || v6.is_unicast_link_local(),
    };
    Some(if private {
        format!("listening on {ip}, on your local network")
    } else {
        format!("listening on {ip}, a public address")
    })
}

/// This machine's address on its local network: the one a packet to another network would
/// leave from (nothing is sent).
fn lan_address() -> Option<std::net::IpAddr> {
    let probe = std::net::UdpSocket::bind("0.0.0.0:0").ok()?;
    probe.connect("192.0.2.1:9").ok()?;
    Some(probe.local_addr().ok()?.ip())
}

/// Prints the address of the table's page and of each seat's, with a QR code for each at
/// a terminal.
/// Prints every page's address; returns the QR code to draw at the first question (at a
/// terminal).
fn announce(hub: &Hub, shown: &str, qr: Option<&str>) -> Option<String> {
    let terminal = std::io::stdout().is_terminal();
    let mut out = String::from("Serving the table to phones (Ctrl-C saves and stops):\n");
    out += &format!("  table: http://{shown}/\n");
    for s in &hub.seats {
        out += &format!(
            "  {}: {}\n",
            kado::diag::escape(&s.name),
            seat_url(shown, s)
        );
    }
    say(&out);
    // One code fits a screen of 24 rows: the table's, or the seat's asked for.
    terminal.then(|| {
        let seat = qr.and_then(|q| hub.seats.iter().find(|s| kado::seat::same_name(&s.name, q)));
        let mut out = match seat {
            Some(s) => format!(
                "{}'s page:\n{}",
                kado::diag::escape(&s.name),
                qr_code(&seat_url(shown, s))
            ),
            None => format!(
                "The table's page:\n{}",
                qr_code(&format!("http://{shown}/"))
            ),
        };
        out += "A seat's QR code: type `qr NAME` here (or serve with `--qr NAME`).\n";
        out
    })
}

/// The address of `seat`'s own page.
fn seat_url(shown: &str, seat: &hub::Seat) -> String {
    format!("http://{shown}/s/{}", seat.secret)
}

/// `qr NAME` typed at the terminal: that seat's page's address and QR code, printed
/// here (`None`: the line is not `qr …`, and goes to the game).
fn qr_asked(hub: &Hub, shown: &str, line: &str) -> Option<String> {
    let mut words = line.split_whitespace();
    if !words.next().is_some_and(|w| w.eq_ignore_ascii_case("qr")) {
        return None;
    }
    let wanted: Vec<&str> = words.collect();
    let wanted = wanted.join(" ");
    let names: Vec<&str> = hub.seats.iter().map(|s| s.name.as_str()).collect();
    Some(
        match hub
            .seats
            .iter()
            .find(|s| kado::seat::same_name(&s.name, &wanted))
        {
            Some(s) => {
                let url = seat_url(shown, s);
                format!(
                    "{}'s page: {url}\n{}",
                    kado::diag::escape(&s.name),
                    qr_code(&url)
                )
            }
            None => format!(
                "qr: name a seat ({}), e.g. `qr {}`\n",
                names.join(", "),
                names.first().copied().unwrap_or("NAME")
            ),
        },
    )
}

/// `url` as a QR code drawn with half blocks, light on dark as a phone's camera reads it
/// from a terminal.
fn qr_code(url: &str) -> String {
    use qrcode::render::unicode::Dense1x2;
    match qrcode::QrCode::new(url.as_bytes()) {
        Ok(code) => {
            code.render::<Dense1x2>()
                .dark_color(Dense1x2::Light)
                .light_color(Dense1x2::Dark)
                .quiet_zone(true)
                .build()
                + "\n"
        }
        Err(_) => String::new(),
    }
}

/// Reads answers typed at the terminal, in a thread of their own, into the session.
fn read_terminal(hub: Arc<Hub>, shown: String) {
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        let typed = stdin.is_terminal();
        let mut input = stdin.lock();
        loop {
            let line = read_bounded_line(&mut input);
            if let Ok(Some(text)) = &line
                && let Some(code) = qr_asked(&hub, &shown, text)
            {
                // The question is asked again below the code.
                let asked = hub.state().asking.map(|a| format!("{}: ", a.prompt));
                say(&(code + &asked.unwrap_or_default()));
                continue;
            }
            let incoming = match line {
                Ok(Some(text)) => Incoming::Line {
                    from: From::Terminal,
                    question: typed.then(|| typed_at(&hub)).flatten(),
                    posted: Posted::Text(text),
                    done: None,
                },
                Ok(None) | Err(_) => Incoming::TerminalGone,
            };
            let gone = matches!(incoming, Incoming::TerminalGone);
            if !hub.send(incoming) || gone {
                return;
            }
        }
    });
}

/// The question a line typed at the terminal answers: the one asked, unless it was asked
/// a moment ago, too soon for the line to be typed at it (an `undo` typed at the terminal
/// as a page's own `undo` went through is not a second one).
fn typed_at(hub: &Hub) -> Option<u64> {
    let state = hub.state();
    let now = state.asking.as_ref().map(|a| a.id);
    match state.asked_before {
        Some((before, at)) if at.elapsed() < TYPED_AT_THE_LAST => Some(before),
        _ => now,
    }
}

/// Ctrl-C, SIGTERM and SIGHUP stop the session, which saves and says how to resume.
fn watch_signals(hub: Arc<Hub>) {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
        return;
    };
    std::thread::spawn(move || {
        for _ in signals.forever() {
            // A second signal while the first is honoured ends kado at once: every answer
            // taken is saved already, each save whole.
            if !hub.stop() {
                std::process::exit(130);
            }
        }
    });
}

impl Served {
    /// The answer being dealt with is done: the page that sent it may draw the table. Called
    /// when the session asks again (after an answer, a refusal or a hint alike), so the
    /// page is drawn with the session waiting.
    fn settle(&mut self) {
        let fate = std::mem::replace(&mut self.fate, hub::Fate::Accepted);
        if let Some(done) = self.done.take() {
            let _ = done.send(fate);
        }
    }

    fn print(&self, text: &str) {
        say(text);
    }

    /// Takes one line or button sent from a page or the terminal as a reply, or `None`
    /// when it is none (a blank line where Enter answers nothing, a comment).
    fn take(&mut self, from: From, question: Option<u64>, posted: Posted) -> Option<Reply> {
        let button = match posted {
            Posted::Choice(n) => Reply::Choice(n),
            Posted::HintRow(n) => Reply::HintRow(n),
            Posted::Text(ref text) => return self.take_text(from, text),
            // A tap changes nothing at the table: the terminal does not ask again.
            Posted::Tap(code) => {
                self.quiet = true;
                return Some(Reply::Tap(code));
            }
            Posted::Step(by) => {
                self.quiet = true;
                return Some(Reply::Step(by));
            }
            Posted::Send => Reply::Send,
        };
        let now = self.asking.as_ref().map(|a| a.id);
        self.print_button(from, &posted, question.is_some() && question == now);
        Some(button)
    }

    /// A line sent as typed: see [`Served::take`].
    fn take_text(&mut self, from: From, text: &str) -> Option<Reply> {
        let t = text.trim();
        let enter = t.is_empty() && self.asking.as_ref().is_some_and(|a| a.default.is_some());
        if from == From::Terminal && !enter && (t.is_empty() || t.starts_with('#')) {
            return None;
        }
        if let From::Seat(i) = from {
            let name = kado::words::possessive(&kado::diag::escape(&self.hub.seats[i].name));
            self.print(&format!("{} (from {name} page)\n", kado::diag::escape(t)));
        } else if !std::io::stdin().is_terminal() {
            // A terminal echoes what is typed; piped answers are echoed as line mode does.
            self.print(&format!("{}\n", kado::diag::escape(t)));
        }
        Some(classify(t))
    }

    /// Says at the terminal which answer a page's button stands for (`current`: it names
    /// the question asked, whose answers the state holds).
    fn print_button(&self, from: From, posted: &Posted, current: bool) {
        let From::Seat(i) = from else {
            return;
        };
        let state = self.hub.state();
        let typed = match posted {
            _ if !current => None,
            Posted::Choice(n) => state.choices.get(*n).map(|c| c.typed.clone()),
            Posted::HintRow(n) => (state.private.get(i))
                .and_then(|p| p.hint.as_ref())
                .and_then(|h| h.rows.get(*n))
                .map(|r| r.answer.typed.clone()),
            Posted::Send => match &state.compose {
                Some(kado::view::Compose {
                    send: kado::view::Send::Ready { label },
                    ..
                }) => Some(label.clone()),
                _ => None,
            },
            Posted::Text(_) | Posted::Tap(_) | Posted::Step(_) => None,
        };
        let name = kado::words::possessive(&kado::diag::escape(&self.hub.seats[i].name));
        let typed = typed.unwrap_or_else(|| "a button of a question no longer asked".to_string());
        self.print(&format!(
            "{} (from {name} page)\n",
            kado::diag::escape(&typed)
        ));
    }

    /// The seat a page belongs to, or `None` for the terminal.
    fn seat(&self) -> Option<usize> {
        match self.from {
            From::Seat(i) => Some(i),
            From::Terminal => None,
        }
    }
}

impl Prompter for Served {
    fn ask(&mut self, question: &Asking) -> Reply {
        self.asking = Some(question.clone());
        let asking = question.clone();
        self.hub.update(|s| {
            let before = s
                .asking
                .as_ref()
                .map(|a| a.id)
                .filter(|id| *id != asking.id);
            if let Some(before) = before {
                s.asked_before = Some((before, std::time::Instant::now()));
            }
            s.asking = Some(asking);
            s.waiting = true;
        });
        // The question at the terminal too: its answer follows, from there or a page (not
        // again after a page's tap, which changed nothing at the table).
        if let Some(qr) = self.first_qr.take() {
            self.print(&qr);
        }
        if !std::mem::take(&mut self.quiet) {
            self.print(&format!("{}: ", question.prompt));
        }
        // Only now is the last answer dealt with: its page draws the question it led to.
        self.settle();
        loop {
            let Ok(incoming) = self.incoming.recv() else {
                return Reply::End;
            };
            // A stop goes before whatever was queued ahead of it.
            let incoming = if self.hub.stopping() {
                Incoming::Stop
            } else {
                incoming
            };
            match incoming {
                Incoming::Stop => {
                    self.from = From::Terminal;
                    self.named = None;
                    return Reply::Interrupted;
                }
                // The phones go on without the keyboard.
                Incoming::TerminalGone => {}
                Incoming::Line {
                    from,
                    question,
                    posted,
                    done,
                } => {
                    // A post its request gave up waiting for is never applied.
                    if done.as_ref().is_some_and(|w| !w.ticket.take()) {
                        continue;
                    }
                    self.done = done.map(|w| w.fate);
                    if let Some(reply) = self.take(from, question, posted) {
                        self.from = from;
                        self.named = question;
                        self.hub.update(|s| {
                            s.waiting = false;
                            if let From::Seat(i) = from {
                                s.private[i] = hub::Private::default();
                            }
                        });
                        return reply;
                    }
                }
            }
        }
    }

    fn sent(&self) -> Sent {
        let who = match self.from {
            From::Seat(i) => Who::Seat(self.hub.seats[i].id),
            From::Terminal => Who::Referee,
        };
        Sent {
            who,
            question: self.named,
        }
    }

    fn say(&mut self, text: &str) {
        self.print(text);
        if !text.trim().is_empty() {
            self.hub.update(|s| s.tell(Event::told(text.trim_end())));
        }
    }

    fn chart(&mut self, text: &str) {
        self.print(text);
    }

    fn stopped(&mut self, how_to_go_on: &str) {
        self.print(how_to_go_on);
    }

    fn reply(&mut self, text: &str) {
        match self.seat() {
            Some(i) => {
                let text = text.trim_end().to_string();
                self.hub.update(|s| s.private[i].note = Some(text));
            }
            None => self.print(text),
        }
    }

    fn recall(&mut self, events: &[Event]) {
        let events = events.to_vec();
        self.hub.update(|s| {
            for e in events {
                s.tell(e);
            }
        });
    }

    fn not_saved(&mut self) {
        self.fate = hub::Fate::NotSaved;
    }

    fn deny(&mut self, denied: &kado::session::rights::Denied, why: &str) {
        self.refuse(why);
        self.fate = match denied {
            kado::session::rights::Denied::Stale => hub::Fate::Stale,
            _ => hub::Fate::Forbidden,
        };
    }

    fn refuse(&mut self, why: &str) {
        self.fate = hub::Fate::Refused(why.to_string());
        self.print(&format!("✗ {why}\n"));
        if let Some(i) = self.seat() {
            let why = why.to_string();
            self.hub.update(|s| s.private[i].refused = Some(why));
        }
    }

    fn table(&mut self, text: &str) {
        self.print(text);
    }

    fn advise(&mut self, hint: &Hint) {
        match self.seat() {
            Some(i) => {
                let hint = hint.clone();
                self.hub.update(|s| s.private[i].hint = Some(hint));
            }
            None => self.print(&kado_screen::grid::draw_doc(&hint.doc())),
        }
    }

    fn show_hand(&mut self, hand: &Hand) {
        // A hand asked for from a page is on that page already.
        if self.from == From::Terminal {
            self.print(&hand.text());
        }
    }

    fn choices(&mut self, answers: &[Choice]) {
        let answers = answers.to_vec();
        self.hub.update(|s| s.choices = answers);
    }

    fn compose(&mut self, compose: Option<&kado::view::Compose>) {
        let compose = compose.cloned();
        self.hub.update(|s| s.compose = compose);
    }

    /// The terminal prints what the whole table may see; each page draws the events its
    /// viewer may see.
    fn tell(&mut self, events: &[Event]) {
        for e in events.iter().filter(|e| e.is_public()) {
            self.print(&format!("{}\n", e.text));
        }
        let events = events.to_vec();
        self.hub.update(|s| {
            s.asking = None;
            for e in events {
                s.tell(e);
            }
        });
    }

    fn serves(&self) -> bool {
        true
    }

    fn share(&mut self, shared: Shared) {
        self.hub.update(|s| s.shared = shared);
    }
}

impl Drop for Served {
    /// The session has ended: every page says so, and how to go on.
    fn drop(&mut self) {
        self.settle();
        self.hub.update(|s| {
            s.asking = None;
            s.ended = Some(if s.shared.table.over {
                "The game is over.".to_string()
            } else {
                "The game is paused, saved as it stands. Keep this page: it follows the game again once kado serves it again.".to_string()
            });
        });
        // Every post still queued or being answered gets its answer before kado ends.
        self.hub
            .close(&self.incoming, std::time::Duration::from_secs(5));
        // The pages' streams (and the last answers) get a moment to be written.
        std::thread::sleep(std::time::Duration::from_millis(200));
    }
}
