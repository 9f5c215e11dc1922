//! `--serve`: sessions served to the players' phones, driven over HTTP as a phone's
//! browser would (forms posted, pages fetched), and the server attacked: wrong secrets,
//! foreign hosts, huge bodies, state-changing GETs, a hundred connections at once.

use crate::common::*;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// A served session: the process, its stdin (kept open: the terminal could answer), the
/// address it listens on, each seat's secret, and what it printed so far.
pub struct Served {
    child: Child,
    _stdin: ChildStdin,
    pub addr: String,
    pub seats: Vec<(String, String)>,
    out: mpsc::Receiver<String>,
    dir: tempfile::TempDir,
}

impl Served {
    /// Starts `kado --serve ARGS --save g.yaml` in a fresh folder (`args` a space apart),
    /// and reads the addresses it prints.
    pub fn start(args: &str) -> Served {
        let args = format!("--serve {args} --save g.yaml");
        Served::start_in(tempfile::tempdir().unwrap(), &args)
    }

    /// Starts `kado ARGS` (a space apart) in `dir`, and reads the addresses it prints.
    pub fn start_in(dir: tempfile::TempDir, args: &str) -> Served {
        let mut child = kado()
            .current_dir(dir.path())
            .args(args.split(' '))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        let mut addr = String::new();
        let mut seats = Vec::new();
        let mut pages = 0;
        while let Ok(line) = rx.recv_timeout(Duration::from_secs(20)) {
            let Some((who, url)) = line.trim().split_once(": http://") else {
                if pages > 0 {
                    break;
                }
                continue;
            };
            pages += 1;
            let (host, path) = url.split_once('/').unwrap();
            addr = host.to_string();
            if let Some(secret) = path.strip_prefix("s/") {
                seats.push((who.to_string(), secret.to_string()));
            }
        }
        assert!(!addr.is_empty(), "kado printed no address");
        Served {
            child,
            _stdin: stdin,
            addr,
            seats,
            out: rx,
            dir,
        }
    }

    /// Stops the session as a power cut would, and gives back its folder.
    pub fn killed(mut self) -> tempfile::TempDir {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let dir = tempfile::tempdir().unwrap();
        std::mem::replace(&mut self.dir, dir)
    }

    /// The secret of the seat named `name`.
    pub fn secret(&self, name: &str) -> &str {
        &self.seats.iter().find(|(n, _)| n == name).unwrap().1
    }

    /// A request with this table's own `Host`.
    pub fn get(&self, path: &str) -> Response {
        http(&self.addr, "GET", path, &self.addr, "")
    }

    /// An answer posted from the page of the seat named `name`, as its form posts it.
    pub fn answer(&self, name: &str, text: &str) -> Response {
        let body = format!("text={}", form_encoded(text));
        http(
            &self.addr,
            "POST",
            &format!("/s/{}", self.secret(name)),
            &self.addr,
            &body,
        )
    }

    /// The `<main>` of the page of the seat named `name`.
    pub fn seat(&self, name: &str) -> String {
        self.get(&format!("/s/{}/main", self.secret(name))).body
    }

    /// Waits for the session to end by itself: whether it ended well.
    pub fn ended_well(&mut self) -> bool {
        for _ in 0..100 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.success();
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        false
    }

    /// Everything printed since the addresses.
    pub fn printed(&self) -> String {
        let mut all = String::new();
        while let Ok(l) = self.out.recv_timeout(Duration::from_millis(300)) {
            all += &l;
            all.push('\n');
        }
        all
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What came back.
pub struct Response {
    pub status: u16,
    pub head: String,
    pub body: String,
}

/// One HTTP/1.1 request on its own connection.
pub fn http(addr: &str, method: &str, path: &str, host: &str, body: &str) -> Response {
    let Ok(mut s) = TcpStream::connect(addr) else {
        // The session has ended, and its server with it.
        return Response {
            status: 0,
            head: String::new(),
            body: String::new(),
        };
    };
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let mut req = format!("{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n");
    if method == "POST" {
        req += &format!(
            "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n",
            body.len()
        );
    }
    req += "\r\n";
    req += body;
    s.write_all(req.as_bytes()).unwrap();
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let raw = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = raw.split_once("\r\n\r\n").unwrap_or((&raw, ""));
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    Response {
        status,
        head: head.to_string(),
        body: body.to_string(),
    }
}

fn form_encoded(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            b' ' => "+".to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// A page's `<main>` without the version of the state it draws (a refusal is a new
/// version of the same table).
fn unversioned(main: &str) -> String {
    match main.split_once("data-version=\"") {
        Some((head, rest)) => format!("{head}{}", rest.split_once('"').map_or("", |(_, r)| r)),
        None => main.to_string(),
    }
}

/// Text as HTML writes it, read back.
fn unescaped(text: &str) -> String {
    text.replace("&gt;", ">")
        .replace("&lt;", "<")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}

/// The values of the answer buttons in a page's choices (`name="text" value="…"`).
pub fn buttons(main: &str) -> Vec<String> {
    let Some(at) = main.find("class=\"choices\"") else {
        return Vec::new();
    };
    let form = &main[at..main[at..].find("</form>").map_or(main.len(), |e| at + e)];
    form.split("name=\"text\" value=\"")
        .skip(1)
        .filter_map(|r| r.split('"').next())
        .map(unescaped)
        .collect()
}

#[test]
fn a_seat_page_opens_only_with_its_own_secret() {
    let s = Served::start("koikoi play --players ana,ben --deck virtual --seed 4");
    assert_eq!(s.seats.len(), 2);
    let (ana, ben) = (s.secret("ana").to_string(), s.secret("ben").to_string());
    assert_ne!(ana, ben);
    assert_eq!(ana.len(), 32);
    assert_eq!(s.get(&format!("/s/{ana}")).status, 200);
    let mut wrong = ana.clone();
    wrong.replace_range(0..1, if ana.starts_with('0') { "1" } else { "0" });
    for path in [
        format!("/s/{wrong}"),
        format!("/s/{}", &ana[..31]),
        "/s/".to_string(),
        "/s".to_string(),
        format!("/s/{wrong}/main"),
        format!("/s/{wrong}/events"),
        "/nothing".to_string(),
    ] {
        let r = s.get(&path);
        assert_eq!((r.status, r.body.as_str()), (404, "not found\n"), "{path}");
    }
    // Another seat's secret opens that seat's page, never this one's hand.
    let ben_page = s.seat("ben");
    assert!(ben_page.contains("<h1>ben · Koi-Koi</h1>"), "{ben_page}");
    assert_eq!(
        ben_page.matches("Your hand").count(),
        ben_page.matches("Your hand").count().min(1)
    );
    // An answer with a wrong secret is refused the same way, and changes nothing.
    let r = http(&s.addr, "POST", &format!("/s/{wrong}"), &s.addr, "text=1");
    assert_eq!(r.status, 404);
}

#[test]
fn a_request_for_another_host_is_refused() {
    let s = Served::start("kinkado play --deck virtual --seed 3");
    asked(&s);
    for host in ["evil.example", "evil.example:80", "127.0.0.2", ""] {
        let r = http(&s.addr, "GET", "/", host, "");
        assert_eq!(r.status, 421, "{host}");
    }
    let port = s.addr.rsplit(':').next().unwrap();
    assert_eq!(
        http(&s.addr, "GET", "/", &format!("localhost:{port}"), "").status,
        200
    );
}

#[test]
fn every_page_carries_a_strict_content_security_policy() {
    let s = Served::start("kinkado play --deck virtual --seed 3");
    asked(&s);
    for path in [
        "/".to_string(),
        format!("/s/{}", s.secret("you")),
        "/kado.js".to_string(),
    ] {
        let r = s.get(&path);
        assert_eq!(r.status, 200, "{path}");
        let head = r.head.to_lowercase();
        assert!(
            head.contains("content-security-policy: default-src 'none'; script-src 'self'"),
            "{head}"
        );
        assert!(head.contains("cache-control: no-store"), "{head}");
        assert!(head.contains("referrer-policy: no-referrer"), "{head}");
        assert!(!head.contains("access-control-allow-origin"), "{head}");
    }
}

#[test]
fn a_huge_answer_is_refused_and_changes_nothing() {
    let s = Served::start("kinkado play --deck virtual --seed 3");
    asked(&s);
    let before = s.seat("you");
    let body = format!("text={}", "A".repeat(64 * 1024));
    let r = http(
        &s.addr,
        "POST",
        &format!("/s/{}", s.secret("you")),
        &s.addr,
        &body,
    );
    assert_eq!(r.status, 413);
    assert_eq!(s.seat("you"), before);
}

#[test]
fn a_get_never_answers() {
    let s = Served::start("kinkado play --deck virtual --seed 3");
    asked(&s);
    let before = s.seat("you");
    let secret = s.secret("you").to_string();
    for path in [
        format!("/s/{secret}?text=none"),
        format!("/s/{secret}/main?text=undo"),
    ] {
        assert_eq!(s.get(&path).status, 200);
    }
    assert_eq!(s.seat("you"), before);
    // A table page cannot answer at all.
    assert_eq!(http(&s.addr, "POST", "/", &s.addr, "text=none").status, 405);
}

#[test]
fn a_hundred_connections_at_once_leave_the_game_going() {
    let s = Served::start("kinkado play --deck virtual --seed 3");
    asked(&s);
    let idle: Vec<TcpStream> = (0..100)
        .filter_map(|_| TcpStream::connect(&s.addr).ok())
        .collect();
    assert!(idle.len() >= 90);
    let r = s.answer("you", "none");
    assert_eq!(r.status, 303);
    let page = s.seat("you");
    assert!(!page.contains("you sell up to 3 cards"), "{page}");
    drop(idle);
}

/// Connections that send nothing, or their request too slowly, are closed after 10 s.
/// Both are checked on one table at once, as they wait out the same 10 s: a request sent
/// a byte at a time is cut off, and of more idle connections than are served at once, the
/// ones past the cap wait to be accepted while every idle one is closed.
#[test]
fn slow_and_idle_connections_are_dropped_and_past_the_cap_they_wait() {
    let s = Served::start("kinkado play --deck virtual --seed 3");
    asked(&s);
    // The slow client connects first, so it is among the connections served at once.
    let slow = TcpStream::connect(&s.addr).unwrap();
    let request = format!("GET / HTTP/1.1\r\nHost: {}\r\nX-Slow: ", s.addr);
    let slow = std::thread::spawn(move || a_byte_at_a_time(slow, &request));
    let started = Instant::now();
    let mut idle: Vec<TcpStream> = (0..140)
        .filter_map(|_| TcpStream::connect(&s.addr).ok())
        .collect();
    assert!(idle.len() >= 130, "{}", idle.len());
    let page = s.get("/");
    assert_eq!(page.status, 200);
    let waited = started.elapsed();
    assert!(waited >= Duration::from_secs(9), "{waited:?}");
    assert!(waited < Duration::from_secs(40), "{waited:?}");
    // The first of them was closed by the server: reading it ends.
    let first = &mut idle[0];
    first
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    let mut buf = [0u8; 16];
    assert_eq!(first.read(&mut buf).unwrap_or(0), 0);
    let (closed, open_for, answer) = slow.join().unwrap();
    assert!(
        closed || open_for < Duration::from_secs(25),
        "still open after {open_for:?}"
    );
    assert!(!answer.contains("200 OK"), "{answer}");
}

/// Sends `request` a byte every half second, then `a` for ever, until the server closes
/// the connection or 25 s have gone by: whether a write failed, how long it took, and what
/// the server answered.
fn a_byte_at_a_time(mut slow: TcpStream, request: &str) -> (bool, Duration, String) {
    slow.set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let started = Instant::now();
    let mut closed = false;
    for b in request.bytes().chain(std::iter::repeat(b'a')) {
        if slow.write_all(&[b]).is_err() {
            closed = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(500));
        if started.elapsed() > Duration::from_secs(25) {
            break;
        }
    }
    let mut rest = Vec::new();
    let _ = slow.read_to_end(&mut rest);
    (
        closed,
        started.elapsed(),
        String::from_utf8_lossy(&rest).into_owned(),
    )
}

#[test]
fn an_answer_refused_on_a_phone_is_shown_there_and_changes_nothing() {
    let s = Served::start("kinkado play --deck virtual --seed 3");
    asked(&s);
    let before = unversioned(&s.get("/main").body);
    s.answer("you", "ZZ");
    let page = s.seat("you");
    assert!(
        page.contains("<p class=\"refused\" role=\"alert\">✗ unknown rank `Z` in `ZZ`</p>"),
        "{page}"
    );
    assert_eq!(unversioned(&s.get("/main").body), before);
    let printed = s.printed();
    assert!(
        printed.contains("ZZ (from your page)\n✗ unknown rank `Z` in `ZZ`"),
        "{printed}"
    );
}

#[test]
fn a_hint_is_asked_and_taken_by_a_tap() {
    let s = Served::start("kinkado play --deck virtual --seed 3");
    asked(&s);
    s.answer("you", "hint");
    let page = s.seat("you");
    let hint = &page[page.find("class=\"hint\"").expect("a hint")..];
    let best = hint
        .split("name=\"text\" value=\"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .map(unescaped)
        .unwrap();
    // The table's page shows no hint: it is the player's own.
    assert!(!s.get("/main").body.contains("class=\"hint\""));
    s.answer("you", &best);
    let printed = s.printed();
    assert!(
        printed.contains(&format!("): {best} (from your page)")),
        "{printed}"
    );
    assert!(!s.seat("you").contains("you sell up to 3 cards"));
}

/// The seat whose page shows the question, once kado has made its own moves (`None`: the
/// session has ended, its server with it).
pub fn asked(s: &Served) -> Option<String> {
    for _ in 0..200 {
        if s.get("/main").status == 0 {
            return None;
        }
        let asked = s
            .seats
            .iter()
            .map(|(n, _)| n.clone())
            .find(|n| s.seat(n).contains("class=\"question\""));
        if asked.is_some() {
            return asked;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    panic!("no page shows a question: {}", s.get("/main").body);
}

/// Plays a whole game from the seats' pages: at every question, the seat asked takes the
/// first answer its page offers as a button, else its hint's best, else Enter. After every
/// answer no page shows a hand but its own seat's.
pub fn play_through_pages(s: &Served, most: usize) -> usize {
    for turn in 0..most {
        let Some(name) = asked(s) else {
            return turn;
        };
        let page = s.seat(&name);
        let answer = match buttons(&page).first() {
            Some(b) => b.clone(),
            None => {
                s.answer(&name, "hint");
                let hinted = s.seat(&name);
                hinted
                    .find("class=\"hint\"")
                    .and_then(|at| hinted[at..].split("name=\"text\" value=\"").nth(1))
                    .and_then(|r| r.split('"').next())
                    .map(unescaped)
                    .unwrap_or_default()
            }
        };
        s.answer(&name, &answer);
        for (other, _) in &s.seats {
            let page = s.seat(other);
            assert!(page.matches("<h2 id=\"hand\">").count() <= 1, "{page}");
        }
        let table = s.get("/main").body;
        assert!(!table.contains("Your hand"));
        // A phone's page stays light, the board drawn twice over (shapes and text).
        assert!(table.len() < 100_000, "{} bytes", table.len());
    }
    most
}

/// The cards of a page's hand, as the page draws them.
fn hand_items(page: &str) -> Vec<String> {
    let Some(at) = page.find("id=\"hand\"") else {
        return Vec::new();
    };
    let section = page[at..].split("</section>").next().unwrap_or("");
    section
        .split("class=\"item")
        .skip(1)
        .filter_map(|rest| rest.split('>').nth(1)?.split('<').next())
        .map(unescaped)
        .collect()
}

#[test]
fn each_player_sees_their_own_hand_on_their_phone_between_their_turns() {
    for (command, players) in [
        (
            "koikoi play --players ana,ben --deck virtual --seed 5",
            ["ana", "ben"],
        ),
        (
            "kinkado play --players ana,ben --deck virtual --seed 3",
            ["ana", "ben"],
        ),
        (
            "pokino play --players ana,ben --deck virtual --seed 2",
            ["ana", "ben"],
        ),
    ] {
        let s = Served::start(command);
        asked(&s);
        let hands: Vec<Vec<String>> = players.iter().map(|p| hand_items(&s.seat(p))).collect();
        assert!(hands.iter().all(|h| !h.is_empty()), "{command}: {hands:?}");
        assert_ne!(hands[0], hands[1], "{command}");
        for piece in &hands[0] {
            assert!(
                !hands[1].contains(piece),
                "{command}: {piece} in both hands"
            );
        }
        assert!(!s.get("/main").body.contains("Your hand"), "{command}");
    }
}

#[test]
fn a_whole_koikoi_game_between_two_phones() {
    let mut s = Served::start("koikoi play --players ana,ben --deck virtual --seed 5");
    let turns = play_through_pages(&s, 2000);
    assert!(turns > 20, "{turns}");
    assert!(s.ended_well(), "{turns} turns: {}", s.printed());
}

#[test]
fn a_whole_kinkado_game_against_alora_from_one_phone() {
    let mut s = Served::start("kinkado play --deck virtual --seed 3");
    let turns = play_through_pages(&s, 500);
    assert!(turns > 9, "{turns}");
    assert!(s.ended_well());
}

#[test]
fn a_whole_kinga_game_on_one_phone() {
    let mut s = Served::start("kinga play --deck virtual --seed 3");
    let turns = play_through_pages(&s, 3000);
    assert!(turns > 20, "{turns}");
    assert!(s.ended_well());
}

#[test]
fn a_whole_pokino_game_between_two_phones() {
    let mut s = Served::start("pokino play --players ana,ben --deck virtual --seed 2");
    let turns = play_through_pages(&s, 3000);
    assert!(turns > 10, "{turns}");
    assert!(s.ended_well());
}

/// Kingmaker's Blinks are real tiles: what each shows is told by the table, typed on a
/// phone, here a campaign whose Year is the rules' example.
#[test]
fn a_whole_kingmaker_campaign_between_four_phones() {
    let mut s = Served::start("kingmaker campaign --players ana,bo,cy,dee --target 1");
    assert_eq!(s.seats.len(), 4);
    for answer in ["ana", crate::kingmaker::EXAMPLE] {
        let name = asked(&s).expect("a question");
        s.answer(&name, answer);
    }
    assert!(s.ended_well());
    let printed = s.printed();
    assert!(printed.contains("(from ana's page)"), "{printed}");
}

#[test]
fn serve_with_json_is_refused_before_any_game_starts() {
    let dir = tempfile::tempdir().unwrap();
    Test::new()
        .current_dir(dir.path())
        .args(["--serve", "--json", "kinkado", "play", "--save", "g.yaml"])
        .status(2)
        .stderr_has("--serve and --json do not go together")
        .run();
    assert!(!dir.path().join("g.yaml").exists());
}

#[test]
fn serving_a_game_again_gave_every_phone_a_new_address() {
    let s = Served::start("koikoi play --players ana,ben --deck virtual --seed 3");
    let (addr, seats) = (s.addr.clone(), s.seats.clone());
    assert_eq!(seats.len(), 2);
    // The pages are read once the deal is drawn and a seat is asked, on both tables: under
    // load a first page could come before it (a flaky test, fixed on the first table, then
    // on the one served again).
    assert!(asked(&s).is_some());
    let before = s.seat("ana");
    let dir = s.killed();
    let again = Served::start_in(dir, "serve g.yaml");
    assert_eq!((&again.addr, &again.seats), (&addr, &seats));
    assert!(asked(&again).is_some());
    assert_eq!(unversioned(&again.seat("ana")), unversioned(&before));
}

/// A Kingmaker Year where ana holds the token, answered from the pages up to its Commons
/// built and two Blinks told: Spring, Summer, Harvest (the rules' example Year).
pub fn kingmaker_commons() -> Served {
    let s = Served::start("kingmaker play --players ana,bo,cy,dee --first ana --target 2");
    for answer in [
        "c2 left RG",
        "c2 long RG-YB",
        "c3 right GB",
        "c1 left YY",
        "RY c3",
        "BB c2 e c3",
        "YB c4 ne c3",
        "GB c1 sw c2",
        "w c4",
        "e c4",
        "w c1",
        "RG-YB",
        "YY-GB",
    ] {
        let name = asked(&s).expect("a question");
        s.answer(&name, answer);
        let page = s.seat(&name);
        assert!(!page.contains("class=\"refused\""), "{answer}: {page}");
    }
    s
}

/// The board drawn on a page: its SVG element's opening tag, its words, and how many
/// of `shape` it draws.
fn drawn_board(page: &str, shape: &str) -> (String, String, usize) {
    let at = page
        .find("<svg")
        .unwrap_or_else(|| panic!("no board drawn: {page}"));
    let svg = &page[at..page[at..].find("</svg>").map_or(page.len(), |e| at + e)];
    let tag = svg.split('>').next().unwrap_or("").to_string();
    let words = svg
        .split("<title id=\"board-words\">")
        .nth(1)
        .and_then(|t| t.split("</title>").next())
        .unwrap_or("")
        .to_string();
    (tag, unescaped(&words), svg.matches(shape).count())
}

/// Pokino's board and Kingmaker's Commons reach the pages as SVG that scales to the
/// phone's width, each named in words for a screen reader, the text picture kept.
#[test]
fn a_served_board_is_drawn_as_svg_and_said_in_words() {
    let s = Served::start("pokino play --players ana,ben --deck virtual --seed 2");
    play_through_pages(&s, 6);
    let page = s.get("/").body;
    assert!(page.len() < 100_000, "{} bytes", page.len());
    let (tag, words, pips) = drawn_board(&page, "<text class=\"pip\"");
    assert!(tag.contains("role=\"img\""), "{tag}");
    assert!(tag.contains("aria-labelledby=\"board-words\""), "{tag}");
    assert!(tag.contains("viewBox=\"0 0 "), "{tag}");
    let dominoes = page.matches("<rect class=\"domino\"").count();
    assert!(dominoes >= 4, "{page}");
    assert_eq!(pips, 2 * dominoes);
    assert!(
        words.starts_with(&format!(
            "Board: {dominoes} dominoes on {} squares. ",
            2 * dominoes
        )),
        "{words}"
    );
    assert!(page.contains(
        "<details class=\"board-text\"><summary>The board as text</summary><pre class=\"picture\""
    ));
    let s = kingmaker_commons();
    let page = s.get("/").body;
    let (tag, words, hexes) = drawn_board(&page, "<polygon class=\"hex");
    assert!(tag.contains("role=\"img\""), "{tag}");
    assert_eq!(hexes, 8, "{page}");
    assert_eq!(page.matches("<rect class=\"face ").count(), 32, "{page}");
    assert!(
        words.starts_with("The Commons: 8 Blinks. Row 1: "),
        "{words}"
    );
    assert!(words.contains("; common c"), "{words}");
    for name in ["ana: left ", "bo: left ", "cy: left ", "dee: left "] {
        assert!(words.contains(name), "{words}");
    }
}
