//! A served table under a bounded hostile load, over loopback: for 60 s, 200 hostile
//! connections of four kinds, 50 of each, each opened again as soon as the server closes
//! it (pipelining clients that never read what comes back, headers sent a byte at a time,
//! the table's stream of updates asked for and never read, and floods of wrong secrets:
//! `/s/<wrong>/main` GETs and `/s/<wrong>` POSTs in a loop), while two seats play a whole
//! Koi-Koi game from their pages (as `serve_latency` does: `--deck virtual --seed 5`, each
//! answer posted from the asked seat's page), an answer every 1.1 s so that the game
//! outlasts the minute (its last answers are played once the load has gone and kado's use
//! is sampled). Measured: each answer's time until both seats' pages have it (their streams
//! carried it, plus a fetch of the page); each seat's page fetched every 100 ms, as a
//! phone's script would; and kado's memory (VmRSS) and open file descriptors before,
//! during and after the load.
//!
//! `cargo bench -p kado-cli --bench serve_hostile` (KADO=path to use another binary,
//! HOSTILE_SECONDS=N for another length than 60, HOSTILE_KINDS=02 for some kinds alone:
//! 0 never-readers, 1 slow headers, 2 held streams, 3 floods of wrong secrets).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

type Seen = Arc<Mutex<Vec<(Instant, u64)>>>;

/// Hostile connections of each kind.
const EACH_KIND: usize = 50;
/// The time between two answers under the load: the game (59 answers) outlasts the minute,
/// so that kado is still serving it once the load has gone; the rest is played then.
const PACE: Duration = Duration::from_millis(1100);
/// The time between two fetches of a seat's page by its poller.
const POLL: Duration = Duration::from_millis(100);
/// The time between two samples of kado's memory and file descriptors.
const SAMPLE: Duration = Duration::from_millis(250);

/// What the load's clients share: the address, whether to stop, and counts.
struct Load {
    addr: String,
    stop: AtomicBool,
    /// Hostile connections opened.
    opened: AtomicUsize,
    /// Wrong-secret requests sent (every one should be answered 404).
    floods: AtomicUsize,
    /// Wrong-secret requests answered otherwise than 404.
    flood_odd: AtomicUsize,
    /// Wrong-secret requests whose connection was closed before any answer (pushed out of
    /// the room before the request came) or that had none within 10 s.
    flood_unanswered: AtomicUsize,
}

/// One sample of kado's resident memory (KiB) and open file descriptors.
#[derive(Clone, Copy, Default)]
struct Use {
    rss: u64,
    fds: usize,
}

fn main() {
    let kado = std::env::var("KADO").unwrap_or_else(|_| env!("CARGO_BIN_EXE_kado").into());
    let kado = std::fs::canonicalize(&kado).expect("the kado binary");
    let seconds: u64 = std::env::var("HOSTILE_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    let dir = std::env::temp_dir().join(format!("kado-hostile-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (mut child, addr, seats) = start(&kado, &dir);
    let pid = child.id();
    let streams: Vec<Seen> = (seats.iter())
        .map(|(_, s)| follow(&addr, &format!("/s/{s}/events")))
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    let before = sample(pid);
    let load = Arc::new(Load {
        addr: addr.clone(),
        stop: AtomicBool::new(false),
        opened: AtomicUsize::new(0),
        floods: AtomicUsize::new(0),
        flood_odd: AtomicUsize::new(0),
        flood_unanswered: AtomicUsize::new(0),
    });
    let sampler = sampling(pid, load.clone());
    let kinds: Vec<usize> = std::env::var("HOSTILE_KINDS")
        .unwrap_or_else(|_| "0123".into())
        .bytes()
        .filter(u8::is_ascii_digit)
        .map(|b| usize::from(b - b'0'))
        .collect();
    let hostile: Vec<_> = (0..4 * EACH_KIND)
        .filter(|i| kinds.contains(&(i % 4)))
        .map(|i| {
            let load = load.clone();
            std::thread::spawn(move || hostile(&load, i % 4, i))
        })
        .collect();
    let pollers: Vec<_> = (seats.iter())
        .map(|(_, s)| polling(load.clone(), format!("/s/{s}/main")))
        .collect();
    let end = Instant::now() + Duration::from_secs(seconds);
    std::thread::sleep(Duration::from_secs(2));
    let under_load = play(&addr, &seats, &streams, end, PACE);
    std::thread::sleep(end.saturating_duration_since(Instant::now()));
    load.stop.store(true, Ordering::SeqCst);
    for h in hostile {
        let _ = h.join();
    }
    let fetches: Vec<(Duration, u16)> = (pollers.into_iter())
        .flat_map(|p| p.join().unwrap())
        .collect();
    let during = sampler.join().unwrap();
    let gone = Instant::now();
    let after = settle(pid, before);
    let after_at = gone.elapsed();
    // The rest of the game, the load gone.
    let far = Instant::now() + Duration::from_secs(600);
    let rest = play(&addr, &seats, &streams, far, Duration::ZERO);
    std::thread::sleep(Duration::from_millis(500));
    let ended = matches!(child.try_wait(), Ok(Some(_)));
    let _ = child.kill();
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(&dir);
    report(&Report {
        seconds,
        load: &load,
        under_load,
        rest,
        ended,
        fetches,
        before,
        during,
        after,
        after_at,
    });
}

/// The answers played: each one's time until both seats' pages had it, and how many posts
/// were not taken (303).
#[derive(Default)]
struct Played {
    latencies: Vec<Duration>,
    refused: usize,
}

/// Plays the game from the seats' pages until it ends or `end`, an answer every `pace`.
fn play(
    addr: &str,
    seats: &[(String, String)],
    streams: &[Seen],
    end: Instant,
    pace: Duration,
) -> Played {
    let mut played = Played::default();
    let mut next = Instant::now();
    while Instant::now() < end {
        std::thread::sleep(next.saturating_duration_since(Instant::now()));
        next += pace;
        let Some((secret, answer)) = asked(addr, seats) else {
            break;
        };
        let sent = Instant::now();
        if post(addr, &format!("/s/{secret}"), &answer) != 303 {
            played.refused += 1;
        }
        let fetch = Instant::now();
        let Some(version) = version(&get(addr, &format!("/s/{secret}/main")).1) else {
            break;
        };
        let fetch = fetch.elapsed();
        let worst = (streams.iter())
            .map(|s| wait_for(s, version, sent).saturating_duration_since(sent))
            .max()
            .unwrap_or_default();
        played.latencies.push(worst + fetch);
    }
    played
}

/// One hostile client of kind `kind`: opens its connection, does its harm until the server
/// closes it, and opens it again, until the load stops.
fn hostile(load: &Load, kind: usize, i: usize) {
    let wrong = format!("{:032x}", 0xbad0_0000_u64 + i as u64);
    while !load.stop.load(Ordering::SeqCst) {
        let Ok(mut c) = TcpStream::connect(&load.addr) else {
            std::thread::sleep(Duration::from_millis(10));
            continue;
        };
        load.opened.fetch_add(1, Ordering::Relaxed);
        let addr = &load.addr;
        match kind {
            0 => {
                let request = format!("GET /kado.css HTTP/1.1\r\nHost: {addr}\r\n\r\n");
                never_read(&mut c, load, request.repeat(100).as_bytes());
            }
            1 => {
                let head = format!("GET / HTTP/1.1\r\nHost: {addr}\r\nX-Slow: ");
                never_read(&mut c, load, head.as_bytes());
            }
            2 => {
                let _ = write!(c, "GET /events HTTP/1.1\r\nHost: {addr}\r\n\r\n");
                // Waits in `poll` for the server to close it.
                while !load.stop.load(Ordering::SeqCst) {
                    if closed(&c, SAMPLE) {
                        break;
                    }
                }
            }
            _ => flood(c, load, &wrong),
        }
    }
}

/// Writes `bytes` to `c` over and over and never reads: all at once when `bytes` is a
/// burst of pipelined requests, a byte every half second when it is a request's head.
fn never_read(c: &mut TcpStream, load: &Load, bytes: &[u8]) {
    let slow = bytes.len() < 200;
    let _ = c.set_write_timeout(Some(SAMPLE));
    let mut at = 0;
    while !load.stop.load(Ordering::SeqCst) {
        let piece = if slow { &bytes[at..=at] } else { &bytes[at..] };
        match c.write(piece) {
            Ok(n) => at = (at + n) % bytes.len(),
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) => {}
            Err(_) => return,
        }
        if slow && closed(c, Duration::from_millis(500)) {
            return;
        }
    }
}

/// Wrong secrets, a GET then a POST, each on a connection of its own, each answer read.
fn flood(first: TcpStream, load: &Load, wrong: &str) {
    let mut c = Some(first);
    for post in [false, true] {
        let Some(mut s) = c.take().or_else(|| {
            load.opened.fetch_add(1, Ordering::Relaxed);
            TcpStream::connect(&load.addr).ok()
        }) else {
            return;
        };
        let addr = &load.addr;
        let _ = if post {
            let body = "q=1&choice=0";
            write!(
                s,
                "POST /s/{wrong} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{body}",
                body.len()
            )
        } else {
            write!(
                s,
                "GET /s/{wrong}/main HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
            )
        };
        let _ = s.set_read_timeout(Some(Duration::from_secs(10)));
        let mut answer = String::new();
        let _ = s.read_to_string(&mut answer);
        load.floods.fetch_add(1, Ordering::Relaxed);
        if answer.is_empty() {
            load.flood_unanswered.fetch_add(1, Ordering::Relaxed);
        } else if !answer.starts_with("HTTP/1.1 404") {
            load.flood_odd.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// Whether the server has closed `c`, waiting up to `wait` for it; nothing is read.
fn closed(c: &TcpStream, wait: Duration) -> bool {
    use rustix::event::{PollFd, PollFlags, Timespec};
    let mut fds = [PollFd::new(c, PollFlags::RDHUP)];
    let wait = Timespec::try_from(wait).ok();
    let _ = rustix::event::poll(&mut fds, wait.as_ref());
    let gone = PollFlags::RDHUP | PollFlags::HUP | PollFlags::ERR;
    fds[0].revents().intersects(gone)
}

/// A seat's page fetched every [`POLL`] until the load stops: each fetch's time and status.
fn polling(load: Arc<Load>, path: String) -> std::thread::JoinHandle<Vec<(Duration, u16)>> {
    std::thread::spawn(move || {
        let mut fetches = Vec::new();
        while !load.stop.load(Ordering::SeqCst) {
            let t = Instant::now();
            let (status, _) = get(&load.addr, &path);
            fetches.push((t.elapsed(), status));
            std::thread::sleep(POLL);
        }
        fetches
    })
}

/// kado's memory and file descriptors every [`SAMPLE`] until the load stops.
fn sampling(pid: u32, load: Arc<Load>) -> std::thread::JoinHandle<Vec<Use>> {
    std::thread::spawn(move || {
        let mut samples = Vec::new();
        while !load.stop.load(Ordering::SeqCst) {
            samples.push(sample(pid));
            std::thread::sleep(SAMPLE);
        }
        samples
    })
}

/// Once the load has gone: the first sample whose descriptors are back to `before`'s and
/// whose memory is no longer falling, or the one 15 s on.
fn settle(pid: u32, before: Use) -> Use {
    let limit = Instant::now() + Duration::from_secs(15);
    let mut last = sample(pid);
    loop {
        std::thread::sleep(Duration::from_millis(500));
        let now = sample(pid);
        let settled = now.fds <= before.fds && now.rss >= last.rss;
        if settled || Instant::now() > limit {
            return now;
        }
        last = now;
    }
}

fn sample(pid: u32) -> Use {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let rss = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0);
    let fds = std::fs::read_dir(format!("/proc/{pid}/fd")).map_or(0, |d| d.count());
    Use { rss, fds }
}

/// What was measured.
struct Report<'a> {
    seconds: u64,
    load: &'a Load,
    under_load: Played,
    rest: Played,
    /// The game played to its end (and kado with it).
    ended: bool,
    fetches: Vec<(Duration, u16)>,
    before: Use,
    during: Vec<Use>,
    after: Use,
    after_at: Duration,
}

fn report(r: &Report) {
    let load = r.load;
    println!(
        "hostile load: {} connections of 4 kinds for {} s, {} opened in all, {} wrong-secret requests sent ({} not answered, {} answered otherwise than 404)",
        4 * EACH_KIND,
        r.seconds,
        load.opened.load(Ordering::SeqCst),
        load.floods.load(Ordering::SeqCst),
        load.flood_unanswered.load(Ordering::SeqCst),
        load.flood_odd.load(Ordering::SeqCst),
    );
    let mut latencies = r.under_load.latencies.clone();
    latencies.sort();
    println!(
        "answers under the load: {}, {} not taken (303); on both seats' pages: median {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        latencies.len(),
        r.under_load.refused,
        ms(pick(&latencies, 0.5)),
        ms(pick(&latencies, 0.99)),
        ms(pick(&latencies, 1.0)),
    );
    let mut rest = r.rest.latencies.clone();
    rest.sort();
    println!(
        "then without it: {} answers, {} not taken, median {:.1} ms, max {:.1} ms; {}",
        rest.len(),
        r.rest.refused,
        ms(pick(&rest, 0.5)),
        ms(pick(&rest, 1.0)),
        if r.ended {
            "the game played to its end"
        } else {
            "the game did not end"
        }
    );
    let mut fetches: Vec<Duration> = r.fetches.iter().map(|(d, _)| *d).collect();
    fetches.sort();
    let failed = r.fetches.iter().filter(|(_, s)| *s != 200).count();
    println!(
        "seat pages fetched under the load: {} ({} not 200): median {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        fetches.len(),
        failed,
        ms(pick(&fetches, 0.5)),
        ms(pick(&fetches, 0.99)),
        ms(pick(&fetches, 1.0)),
    );
    used(r);
}

/// kado's memory and file descriptors, before, during (the most in the load's first half
/// and in its second: the same when nothing grows) and after the load.
fn used(r: &Report) {
    let half = r.during.len() / 2;
    let (first, second) = r.during.split_at(half);
    let most = |part: &[Use], f: fn(&Use) -> u64| part.iter().map(f).max().unwrap_or(0);
    println!(
        "kado's memory: {} KiB before; at most {} KiB in the load's first half, {} KiB in its second; {} KiB {:.1} s after",
        r.before.rss,
        most(first, |u| u.rss),
        most(second, |u| u.rss),
        r.after.rss,
        r.after_at.as_secs_f64(),
    );
    println!(
        "kado's file descriptors: {} before; at most {} in the first half, {} in the second; {} {:.1} s after",
        r.before.fds,
        most(first, |u| u.fds as u64),
        most(second, |u| u.fds as u64),
        r.after.fds,
        r.after_at.as_secs_f64(),
    );
}

fn pick(sorted: &[Duration], q: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() as f64 - 1.0) * q) as usize]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Starts the served game in `dir`: the process, its address and each seat's secret.
fn start(kado: &std::path::Path, dir: &std::path::Path) -> (Child, String, Vec<(String, String)>) {
    let mut child = Command::new(kado)
        .current_dir(dir)
        .args(["--serve", "--no-history", "koikoi", "play"])
        .args(["--players", "ana,ben", "--deck", "virtual", "--seed", "5"])
        .args(["--save", "g.yaml"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("kado runs");
    // Kept open: the terminal could answer too.
    std::mem::forget(child.stdin.take());
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let (mut addr, mut seats) = (String::new(), Vec::new());
    let mut line = String::new();
    while out.read_line(&mut line).unwrap_or(0) > 0 {
        if let Some((who, url)) = line.trim().split_once(": http://") {
            let (host, path) = url.split_once('/').unwrap();
            addr = host.to_string();
            if let Some(secret) = path.strip_prefix("s/") {
                seats.push((who.to_string(), secret.to_string()));
            }
        } else if !addr.is_empty() {
            break;
        }
        line.clear();
    }
    std::thread::spawn(move || std::io::copy(&mut out, &mut std::io::sink()));
    (child, addr, seats)
}

/// Follows a page's stream of updates in a thread: when each version arrived.
fn follow(addr: &str, path: &str) -> Seen {
    let seen: Seen = Arc::default();
    let mut s = TcpStream::connect(addr).unwrap();
    write!(s, "GET {path} HTTP/1.1\r\nHost: {addr}\r\n\r\n").unwrap();
    let record = seen.clone();
    std::thread::spawn(move || {
        let mut lines = BufReader::new(s);
        let mut line = String::new();
        while lines.read_line(&mut line).unwrap_or(0) > 0 {
            if let Some(Ok(v)) = line.trim().strip_prefix("data:").map(|v| v.trim().parse()) {
                record.lock().unwrap().push((Instant::now(), v));
            }
            line.clear();
        }
    });
    seen
}

/// When a stream first carried `version` or a later one, after `since` (given up 5 s on).
fn wait_for(s: &Seen, version: u64, since: Instant) -> Instant {
    let limit = Instant::now() + Duration::from_secs(5);
    loop {
        if let Some((at, _)) =
            (s.lock().unwrap().iter()).find(|(at, v)| *v >= version && *at >= since)
        {
            return *at;
        }
        if Instant::now() > limit {
            return Instant::now();
        }
        std::thread::sleep(Duration::from_micros(200));
    }
}

fn request(addr: &str, head: &str, body: &str) -> (u16, String) {
    let Ok(mut s) = TcpStream::connect(addr) else {
        return (0, String::new());
    };
    let _ = s.set_read_timeout(Some(Duration::from_secs(30)));
    let _ = write!(s, "{head}Host: {addr}\r\nConnection: close\r\n\r\n{body}");
    let mut raw = String::new();
    let _ = s.read_to_string(&mut raw);
    let status = (raw.split(' ').nth(1))
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = raw.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    (status, body.to_string())
}

fn get(addr: &str, path: &str) -> (u16, String) {
    request(addr, &format!("GET {path} HTTP/1.1\r\n"), "")
}

/// Taps a page's button: `answer` is the form's body (the question's id and the button).
fn post(addr: &str, path: &str, answer: &str) -> u16 {
    let head = format!(
        "POST {path} HTTP/1.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n",
        answer.len()
    );
    request(addr, &head, answer).0
}

fn version(main: &str) -> Option<u64> {
    let at = main.find("data-version=\"")? + 14;
    main[at..].split('"').next()?.parse().ok()
}

/// The seat asked and the tap on the first answer its page offers: the question's id and
/// the button (`None`: the game has ended).
fn asked(addr: &str, seats: &[(String, String)]) -> Option<(String, String)> {
    for _ in 0..400 {
        for (_, secret) in seats {
            let (status, page) = get(addr, &format!("/s/{secret}/main"));
            if status == 0 {
                return None;
            }
            if !page.contains("class=\"choices\"") {
                continue;
            }
            let head = page.split('>').next()?;
            let q = head.split("data-question=\"").nth(1)?.split('"').next()?;
            return Some((secret.clone(), format!("q={q}&choice=0")));
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    None
}
