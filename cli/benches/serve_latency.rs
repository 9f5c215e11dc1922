//! How fast a served table reaches every page: a whole Koi-Koi game between two seats
//! played by posting each tap from the seat asked (a card picked, an answer sent), with
//! eight pages following the updates (the table's and the seats', as open browsers
//! would). For every tap: the
//! time from sending it until every page's stream has carried the state it led to, plus
//! the fetch of that page (what the page's script does on an update). Also the memory the
//! server adds with the eight pages open, and the size of each page.
//!
//! `cargo bench --bench serve_latency` (KADO=path to use another binary; KADO_GAME=pokino
//! for a Pokino game between two seats, `--seed 2`, instead).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

type Seen = Arc<Mutex<Vec<(Instant, u64)>>>;

fn main() {
    let kado = std::env::var("KADO").unwrap_or_else(|_| env!("CARGO_BIN_EXE_kado").into());
    let kado = std::fs::canonicalize(&kado).expect("the kado binary");
    let dir = std::env::temp_dir().join(format!("kado-serve-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (mut child, addr, seats) = start(&kado, &dir);
    std::thread::sleep(Duration::from_millis(300));
    let rss_before = rss(child.id());
    let pages: Vec<String> = (0..8)
        .map(|i| match i % 3 {
            0 => "/events".to_string(),
            n => format!("/s/{}/events", seats[n - 1].1),
        })
        .collect();
    let streams: Vec<Seen> = pages.iter().map(|p| follow(&addr, p)).collect();
    std::thread::sleep(Duration::from_millis(300));
    let rss_open = rss(child.id());
    let sizes: Vec<usize> = [("/".to_string()), format!("/s/{}", seats[0].1)]
        .iter()
        .map(|p| get(&addr, p).1.len())
        .collect();
    let mut latencies = Vec::new();
    for _ in 0..3000 {
        let Some((secret, answer)) = asked(&addr, &seats) else {
            break;
        };
        let sent = Instant::now();
        post(&addr, &format!("/s/{secret}"), &answer);
        let Some(version) = version(&get(&addr, "/main").1) else {
            break;
        };
        let fetch = {
            let t = Instant::now();
            get(&addr, &format!("/s/{secret}/main"));
            t.elapsed()
        };
        let mut worst = Duration::ZERO;
        for s in &streams {
            let at = wait_for(s, version, sent);
            worst = worst.max(at.saturating_duration_since(sent));
        }
        latencies.push(worst + fetch);
    }
    std::thread::sleep(Duration::from_millis(500));
    let ended = matches!(child.try_wait(), Ok(Some(_)));
    let _ = child.kill();
    let _ = std::fs::remove_dir_all(&dir);
    latencies.sort();
    let pick = |q: f64| latencies[((latencies.len() as f64 - 1.0) * q) as usize];
    let how = if ended {
        "the game played to its end"
    } else {
        "then a question without listed answers"
    };
    println!("taps: {} ({how})", latencies.len());
    println!(
        "tap to every page (8 open): median {:.1} ms, p95 {:.1} ms, max {:.1} ms",
        ms(pick(0.5)),
        ms(pick(0.95)),
        ms(pick(1.0))
    );
    println!(
        "kado's memory: {} KiB before the pages, {} KiB with 8 following (+{} KiB)",
        rss_before,
        rss_open,
        rss_open.saturating_sub(rss_before)
    );
    println!(
        "page sizes: table {} bytes, seat {} bytes",
        sizes[0], sizes[1]
    );
}

/// Starts the served game in `dir`: the process, its address and each seat's secret.
fn start(kado: &std::path::Path, dir: &std::path::Path) -> (Child, String, Vec<(String, String)>) {
    let mut child = Command::new(kado)
        .current_dir(dir)
        .args([
            "--serve",
            "--no-history",
            game(),
            "play",
            "--players",
            "ana,ben",
        ])
        .args(["--deck", "virtual", "--seed", seed(), "--save", "g.yaml"])
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

/// The game played: Koi-Koi, or the one KADO_GAME names (pokino).
fn game() -> &'static str {
    match std::env::var("KADO_GAME").as_deref() {
        Ok("pokino") => "pokino",
        _ => "koikoi",
    }
}

fn seed() -> &'static str {
    if game() == "pokino" { "2" } else { "5" }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// The resident memory of a process, in KiB.
fn rss(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
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

/// When a stream first carried `version` or a later one, after `since`.
fn wait_for(s: &Seen, version: u64, since: Instant) -> Instant {
    let limit = Instant::now() + Duration::from_secs(5);
    loop {
        if let Some((at, _)) = s
            .lock()
            .unwrap()
            .iter()
            .find(|(at, v)| *v >= version && *at >= since)
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
    write!(s, "{head}Host: {addr}\r\nConnection: close\r\n\r\n{body}").unwrap();
    let mut raw = String::new();
    let _ = s.read_to_string(&mut raw);
    let status = raw
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = raw
        .split_once("\r\n\r\n")
        .map_or("", |(_, b)| b)
        .to_string();
    (status, body)
}

fn get(addr: &str, path: &str) -> (u16, String) {
    request(addr, &format!("GET {path} HTTP/1.1\r\n"), "")
}

/// Taps a page's button: `answer` is the form's body (the question's id and the button).
fn post(addr: &str, path: &str, answer: &str) {
    let body = answer.to_string();
    let head = format!(
        "POST {path} HTTP/1.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n",
        body.len()
    );
    request(addr, &head, &body);
}

fn version(main: &str) -> Option<u64> {
    let at = main.find("data-version=\"")? + 14;
    main[at..].split('"').next()?.parse().ok()
}

/// The seat asked and its next tap: the send button of the answer it composes once it is
/// ready, else the next piece to pick (in a group where none is picked, else any), else
/// the first answer its page offers as a button (`None`: the game has ended).
fn asked(addr: &str, seats: &[(String, String)]) -> Option<(String, String)> {
    for _ in 0..200 {
        for (_, secret) in seats {
            let (status, page) = get(addr, &format!("/s/{secret}/main"));
            if status == 0 {
                return None;
            }
            let head = page.split('>').next()?;
            let Some(q) = head.split("data-question=\"").nth(1) else {
                continue;
            };
            let q = q.split('"').next()?;
            if let Some(tap) = next_tap(&page) {
                return Some((secret.clone(), format!("q={q}&{tap}")));
            }
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    None
}

/// What a thumb taps next on a page that shows its seat the question.
fn next_tap(page: &str) -> Option<String> {
    let html = scraper::Html::parse_fragment(page);
    let css = |s: &str| scraper::Selector::parse(s).expect("a selector");
    if html
        .select(&css("form.compose button.send:not([disabled])"))
        .next()
        .is_some()
    {
        return Some("send=1".into());
    }
    let open = css("button.pick:not([disabled])");
    let pressed = css("button[aria-pressed=\"true\"]");
    let fieldsets = css("form.compose fieldset.picks");
    let groups = html.select(&fieldsets);
    let mut fresh = groups.filter(|g| g.select(&pressed).next().is_none());
    let pick = fresh.find_map(|g| g.select(&open).next()).or_else(|| {
        html.select(&css("button.pick[aria-pressed=\"false\"]:not([disabled])"))
            .next()
    });
    if let Some(b) = pick {
        return Some(format!("tap={}", b.value().attr("value")?));
    }
    html.select(&css("form.choices button"))
        .next()
        .map(|_| "choice=0".into())
}
