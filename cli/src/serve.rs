//! `--serve`: the session served to the players' phones as well as played at the terminal.
//! A page for the table (what everyone may see) and one for each seat (its own hand, the
//! question when it is theirs, the answers as buttons, hints), over a small web server in a
//! thread beside the session. Every answer, from a phone or the keyboard, goes through the
//! same session loop as in line mode; this module only carries answers in and the typed
//! state the library computes out. It decides no rule and no privacy: the pages draw
//! [`kado::view::Shared`].

mod hub;
mod page;
mod web;

use std::io::{IsTerminal, Write};
use std::net::{SocketAddr, TcpListener};
use std::sync::{Arc, mpsc};

use kado::diag::{Error, Problem};
use kado::view::{Choice, Event, Hand, Hint, Shared};
use tokio::sync::oneshot;

use super::prompt::{Prompter, Reply, classify, read_bounded_line};
use hub::{From, Hub, Incoming};

/// How a session is served (`--serve`, `--lan`).
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Listen on this address (`--lan ADDR`), else on 127.0.0.1.
    pub lan: Option<String>,
}

/// A session's prompter that serves the table to the players' phones and prints a line-mode
/// transcript at the terminal, where answers may be typed too.
pub struct Served {
    hub: Arc<Hub>,
    incoming: mpsc::Receiver<Incoming>,
    /// Who sent the answer being dealt with, and the request waiting for it.
    from: From,
    done: Option<oneshot::Sender<()>>,
    /// The question asked last (a blank answer is Enter where it offers a default).
    prompt: String,
}

/// The seats whose players get a page: every seat kado does not play.
pub fn seats_of(table: &kado::view::Table) -> Vec<String> {
    table
        .seats
        .iter()
        .filter(|s| !s.kado)
        .map(|s| s.name.clone())
        .collect()
}

/// Starts the web server for a session of `title` with `seats`, prints each page's
/// address (and, at a terminal, its QR code), and returns the prompter the session runs
/// with and where it is served, for the save. A game `served` before keeps its port when
/// it is free and each seat's secret, so the phones' links still work.
pub fn start(
    options: &Options,
    title: &str,
    seats: &[String],
    served: Option<&kado::session::Served>,
) -> Result<(Served, kado::session::Served), Error> {
    let (listener, hosts, shown) = listen(options, served.map(|s| s.port))?;
    let mut keyed = Vec::new();
    for name in seats {
        let secret = match served.and_then(|s| remembered_secret(s, name)) {
            Some(secret) => secret,
            None => hub::new_secret()
                .map_err(|e| Error::msg(format!("cannot draw a seat's secret: {e}")))?,
        };
        keyed.push(hub::Seat {
            name: name.clone(),
            secret,
        });
    }
    let now = kado::session::Served {
        port: listener.local_addr().map_or(0, |a| a.port()),
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
    announce(&hub, &shown);
    read_terminal(hub.clone());
    watch_signals(hub.clone());
    let served = Served {
        hub,
        incoming: rx,
        from: From::Terminal,
        done: None,
        prompt: String::new(),
    };
    Ok((served, now))
}

/// The secret `name`'s page had when the game was served before, if it is one kado could
/// have drawn (a save edited by hand gets a new one).
fn remembered_secret(served: &kado::session::Served, name: &str) -> Option<String> {
    served
        .seats
        .iter()
        .find(|s| s.name == name)
        .map(|s| s.secret.clone())
        .filter(|s| hub::is_secret(s))
}

/// Binds the listening socket: 127.0.0.1 on a free port, or the `--lan` address; on the
/// `port` the game was served on before when none is named and it is free. Returns it, the
/// `Host` values requests may carry, and the address printed for people.
fn listen(
    options: &Options,
    port: Option<u16>,
) -> Result<(TcpListener, Vec<String>, String), Error> {
    let wanted = options.lan.as_deref().unwrap_or("127.0.0.1:0");
    let addr: SocketAddr = wanted
        .parse()
        .or_else(|_| format!("{wanted}:0").parse())
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
    let shown = SocketAddr::new(ip, port).to_string();
    let mut hosts = vec![
        shown.clone(),
        format!("localhost:{port}"),
        format!("127.0.0.1:{port}"),
    ];
    hosts.dedup();
    Ok((listener, hosts, shown))
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
fn announce(hub: &Hub, shown: &str) {
    let qr = std::io::stdout().is_terminal();
    let mut out = String::from("Serving the table to phones (Ctrl-C saves and stops):\n");
    let mut page = |who: &str, url: String| {
        out += &format!("  {who}: {url}\n");
        if qr {
            out += &qr_code(&url);
        }
    };
    page("table", format!("http://{shown}/"));
    for s in &hub.seats {
        page(
            &kado::diag::escape(&s.name),
            format!("http://{shown}/s/{}", s.secret),
        );
    }
    let mut stdout = std::io::stdout().lock();
    let _ = stdout
        .write_all(out.as_bytes())
        .and_then(|()| stdout.flush());
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
fn read_terminal(hub: Arc<Hub>) {
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        loop {
            let incoming = match read_bounded_line(&mut input) {
                Ok(Some(text)) => Incoming::Line {
                    from: From::Terminal,
                    text,
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

/// Ctrl-C, SIGTERM and SIGHUP stop the session, which saves and says how to resume.
fn watch_signals(hub: Arc<Hub>) {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
        return;
    };
    std::thread::spawn(move || {
        if signals.forever().next().is_some() {
            hub.send(Incoming::Stop);
        }
    });
}

impl Served {
    /// The answer being dealt with is done: the page that sent it may draw the table. Called
    /// when the session asks again (after an answer, a refusal or a hint alike), so the
    /// page is drawn with the session waiting.
    fn settle(&mut self) {
        if let Some(done) = self.done.take() {
            let _ = done.send(());
        }
    }

    fn print(&self, text: &str) {
        let mut stdout = std::io::stdout().lock();
        let _ = stdout
            .write_all(text.as_bytes())
            .and_then(|()| stdout.flush());
    }

    /// The seat index of the player named `name`.
    fn seat_named(&self, name: &str) -> Option<usize> {
        self.hub
            .seats
            .iter()
            .position(|s| s.name.eq_ignore_ascii_case(name))
    }

    /// Takes one line sent from a page or the terminal as the answer to the question
    /// asked, or `None` when it is not one (a blank line, a comment, a seat whose turn it
    /// is not: that seat is told).
    fn take(&mut self, from: From, text: &str) -> Option<Reply> {
        let t = text.trim();
        let enter = t.is_empty() && self.prompt.contains("[Enter: ");
        if from == From::Terminal && !enter && (t.is_empty() || t.starts_with('#')) {
            return None;
        }
        if let From::Seat(i) = from {
            let answerer = self.hub.state().shared.answerer;
            if let Some(who) = answerer
                .as_deref()
                .filter(|w| self.seat_named(w) != Some(i))
            {
                let why = format!("it is {}'s answer kado waits for", kado::diag::escape(who));
                self.hub.update(|s| s.private[i].refused = Some(why));
                self.settle();
                return None;
            }
            let name = kado::words::possessive(&kado::diag::escape(&self.hub.seats[i].name));
            self.print(&format!("{} (from {name} page)\n", kado::diag::escape(t)));
        } else if !std::io::stdin().is_terminal() {
            // A terminal echoes what is typed; piped answers are echoed as line mode does.
            self.print(&format!("{}\n", kado::diag::escape(t)));
        }
        Some(classify(t))
    }
}

impl Prompter for Served {
    fn ask(&mut self, prompt: &str) -> Reply {
        self.prompt = prompt.to_string();
        self.hub.update(|s| {
            s.question = Some(prompt.to_string());
            s.waiting = true;
        });
        // The question at the terminal too: its answer follows, from there or a page.
        self.print(&format!("{prompt}: "));
        // Only now is the last answer dealt with: its page draws the question it led to.
        self.settle();
        loop {
            let Ok(incoming) = self.incoming.recv() else {
                return Reply::End;
            };
            match incoming {
                Incoming::Stop => return Reply::Interrupted,
                // The phones go on without the keyboard.
                Incoming::TerminalGone => {}
                Incoming::Line { from, text, done } => {
                    self.done = done;
                    if let Some(reply) = self.take(from, &text) {
                        self.from = from;
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

    fn say(&mut self, text: &str) {
        self.print(text);
        if !text.trim().is_empty() {
            self.hub.update(|s| s.tell(Event::told(text.trim_end())));
        }
    }

    fn refuse(&mut self, why: &str) {
        self.print(&format!("✗ {why}\n"));
        if let From::Seat(i) = self.from {
            let why = why.to_string();
            self.hub.update(|s| s.private[i].refused = Some(why));
        }
    }

    fn table(&mut self, text: &str) {
        self.print(text);
    }

    fn advise(&mut self, hint: &Hint) {
        match self.from {
            From::Seat(i) => {
                let hint = hint.clone();
                self.hub.update(|s| s.private[i].hint = Some(hint));
            }
            From::Terminal => self.print(&hint.text()),
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

    fn tell(&mut self, events: &[Event]) {
        for e in events {
            self.print(&format!("{}\n", e.text));
        }
        let events = events.to_vec();
        self.hub.update(|s| {
            s.question = None;
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
            s.question = None;
            s.ended = Some(if s.shared.table.over {
                "The game is over.".to_string()
            } else {
                "The session has stopped, saved: the game goes on where it stopped once it is resumed.".to_string()
            });
        });
        // The pages' streams get a moment to carry the last state.
        std::thread::sleep(std::time::Duration::from_millis(200));
    }
}
