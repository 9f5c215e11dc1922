//! Served tables in a real browser: Debian's headless Chromium driven through its
//! ChromeDriver (the WebDriver protocol, spoken here over plain HTTP), with the pages'
//! own script keeping them up to date. Every answer is a tap on a phone's page.

use crate::common::*;
use crate::serve::Served;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// A ChromeDriver process, stopped when dropped.
struct Driver {
    child: Child,
    port: u16,
}

impl Driver {
    fn start() -> Option<Driver> {
        tool("chromedriver", &["--version"])?;
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .unwrap();
        let child = std::process::Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let d = Driver { child, port };
        let started = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "chromedriver does not start"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        Some(d)
    }

    /// A new browser window the size of a phone held upright.
    fn browser(&self) -> Browser {
        self.open_window(
            false,
            json!({
                "binary": "/usr/bin/chromium",
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage", "--window-size=412,915"]
            }),
        )
    }

    /// A phone: 390×844 at three pixels to the point, touched rather than clicked.
    fn phone(&self) -> Browser {
        self.open_window(
            true,
            json!({
                "binary": "/usr/bin/chromium",
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage"],
                "mobileEmulation": {"deviceMetrics": {"width": 390, "height": 844,
                                                      "pixelRatio": 3.0, "touch": true}}
            }),
        )
    }

    fn open_window(&self, touch: bool, options: Value) -> Browser {
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": options
        }}});
        // A browser that does not start under a loaded machine (no answer within the
        // wire's minute) is started again, twice at most, before the test fails.
        let mut tries = Vec::new();
        for _ in 0..3 {
            let v = wire(self.port, "POST", "/session", Some(&caps));
            if let Some(id) = v["value"]["sessionId"].as_str() {
                return Browser {
                    port: self.port,
                    session: id.to_string(),
                    touch,
                };
            }
            tries.push(v);
        }
        panic!("no browser window after three tries: {tries:?}")
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One browser window.
struct Browser {
    port: u16,
    session: String,
    /// A phone's window: a tap is a touch, not a mouse click.
    touch: bool,
}

const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

impl Browser {
    fn call(&self, method: &str, path: &str, body: Option<&Value>) -> Value {
        wire(
            self.port,
            method,
            &format!("/session/{}{path}", self.session),
            body,
        )
    }

    fn open(&self, url: &str) {
        self.call("POST", "/url", Some(&json!({ "url": url })));
    }

    /// What the page's script says `expression` is.
    fn eval(&self, expression: &str) -> Value {
        let script = format!("return {expression};");
        self.call(
            "POST",
            "/execute/sync",
            Some(&json!({"script": script, "args": []})),
        )["value"]
            .clone()
    }

    /// The text of the page's `<main>`, as a person reads it.
    fn text(&self) -> String {
        self.eval("document.querySelector('main') ? document.querySelector('main').innerText : ''")
            .as_str()
            .unwrap_or("")
            .to_string()
    }

    /// Waits until `expression` is true on the page.
    #[track_caller]
    fn wait_for(&self, expression: &str) {
        let started = Instant::now();
        while self.eval(expression) != Value::Bool(true) {
            assert!(
                started.elapsed() < Duration::from_secs(90),
                "never true: {expression}\n{}",
                self.text()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The WebDriver id of the first element `css` finds.
    #[track_caller]
    fn find(&self, css: &str) -> String {
        let found = self.call(
            "POST",
            "/element",
            Some(&json!({"using": "css selector", "value": css})),
        );
        let id = found["value"][ELEMENT].as_str();
        id.unwrap_or_else(|| panic!("no {css}: {found}"))
            .to_string()
    }

    /// A finger's tap (a mouse's click in a window that is no phone) at the middle of the
    /// first element `css` finds, brought into view: the input events a person's make,
    /// sent through the browser's own input (ChromeDriver's element click does the same
    /// but takes 130 ms a click, most of a whole-game test's time).
    #[track_caller]
    fn tap(&self, css: &str) {
        let at = self.eval(&format!(
            "(function () {{ var e = document.querySelector(\"{css}\"); if (!e) return null; \
             e.scrollIntoView({{block: 'center'}}); var r = e.getBoundingClientRect(); \
             return [r.left + r.width / 2, r.top + r.height / 2]; }})()"
        ));
        let (Some(x), Some(y)) = (at[0].as_f64(), at[1].as_f64()) else {
            panic!("nothing to tap at {css}: {}", self.text());
        };
        let events: Vec<Value> = if self.touch {
            let point = json!([{"x": x, "y": y}]);
            vec![
                json!({"cmd": "Input.dispatchTouchEvent", "params": {"type": "touchStart", "touchPoints": point}}),
                json!({"cmd": "Input.dispatchTouchEvent", "params": {"type": "touchEnd", "touchPoints": []}}),
            ]
        } else {
            ["mousePressed", "mouseReleased"]
                .iter()
                .map(|kind| {
                    json!({"cmd": "Input.dispatchMouseEvent", "params": {
                    "type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}})
                })
                .collect()
        };
        for e in &events {
            self.call("POST", "/goog/cdp/execute", Some(e));
        }
    }

    /// Types `text` into the first element `css` finds, and waits until it holds it: an
    /// update that redraws the page between finding the field and typing is tried again.
    #[track_caller]
    fn type_into(&self, css: &str, text: &str) {
        let holds = format!(
            "document.querySelector({css:?}) && document.querySelector({css:?}).value === {text:?}"
        );
        for _ in 0..20 {
            self.on_element(css, "value", &json!({ "text": text }));
            if self.eval(&holds) == Value::Bool(true) {
                return;
            }
            self.eval(&format!(
                "document.querySelector({css:?}) && (document.querySelector({css:?}).value = '')"
            ));
        }
        panic!("{css} never held {text:?}\n{}", self.text());
    }

    /// Sends `action` to the first element `css` finds, finding it again while the page
    /// replaces it under the driver (a stale element).
    #[track_caller]
    fn on_element(&self, css: &str, action: &str, body: &Value) {
        for _ in 0..20 {
            let id = self.find(css);
            let v = self.call("POST", &format!("/element/{id}/{action}"), Some(body));
            match v["value"]["error"].as_str() {
                None => return,
                Some("stale element reference") => std::thread::sleep(Duration::from_millis(30)),
                Some(_) => panic!("{action} on {css}: {v}"),
            }
        }
        panic!("{css} was replaced twenty times in a row\n{}", self.text());
    }

    /// The window as a PNG image.
    fn screenshot(&self) -> Vec<u8> {
        let v = self.call("GET", "/screenshot", None);
        base64(v["value"].as_str().unwrap_or(""))
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = wire(
            self.port,
            "DELETE",
            &format!("/session/{}", self.session),
            None,
        );
    }
}

/// One WebDriver request: JSON in, JSON out.
fn wire(port: u16, method: &str, path: &str, body: Option<&Value>) -> Value {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let body = body.map(Value::to_string).unwrap_or_default();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).unwrap();
    // Read the head, then as many bytes as it says: the driver may keep the connection.
    let mut raw = Vec::new();
    let mut buf = [0u8; 8192];
    let (head_end, length) = loop {
        let n = s.read(&mut buf).unwrap_or(0);
        if n == 0 {
            break (raw.len(), Some(0));
        }
        raw.extend_from_slice(&buf[..n]);
        if let Some(at) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&raw[..at]).to_lowercase();
            let length = head
                .lines()
                .find_map(|l| l.strip_prefix("content-length:"))
                .and_then(|v| v.trim().parse::<usize>().ok());
            break (at + 4, length);
        }
    };
    match length {
        Some(length) => {
            while raw.len() < head_end + length {
                let n = s.read(&mut buf).unwrap_or(0);
                if n == 0 {
                    break;
                }
                raw.extend_from_slice(&buf[..n]);
            }
        }
        None => {
            let _ = s.read_to_end(&mut raw);
        }
    }
    let body = String::from_utf8_lossy(&raw[head_end.min(raw.len())..]).into_owned();
    serde_json::from_str(&body).unwrap_or(Value::Null)
}

fn base64(text: &str) -> Vec<u8> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = Vec::new();
    let (mut acc, mut bits) = (0u32, 0);
    for c in text.bytes() {
        let Some(v) = ALPHABET.iter().position(|&a| a == c) else {
            continue;
        };
        acc = (acc << 6) | v as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    out
}

/// Writes a screenshot into docs/ under `KADO_BLESS` (the README shows them), and
/// always into the tests' scratch folder, to be looked at.
fn keep_screenshot(name: &str, png: &[u8]) {
    assert!(png.starts_with(b"\x89PNG"), "not a PNG");
    let scratch = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(scratch, png).unwrap();
    if std::env::var_os("KADO_BLESS").is_some() {
        let path = crate::common::top().join("docs").join(name);
        std::fs::write(path, png).unwrap();
    }
}

/// The text of the hand on a page, one piece a line (empty: no hand shown).
fn hand(b: &Browser) -> Vec<String> {
    let v = b.eval(
        "Array.from(document.querySelectorAll('section.hand .item')).map(e => e.textContent)",
    );
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// The elements of a page that reach past its window's right edge, as `tag.class`.
const WIDEST: &str = "Array.from(document.querySelectorAll('body *')).filter(e => \
    e.getBoundingClientRect().right > document.documentElement.clientWidth).map(e => \
    e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right)).join(', ')";

const HAS_QUESTION: &str = "!!document.querySelector('section.question')";

#[test]
fn a_kinkado_game_against_alora_on_one_phone() {
    let Some(driver) = Driver::start() else {
        return;
    };
    let s = Served::start("kinkado play --deck virtual --seed 3");
    let phone = driver.browser();
    phone.open(&format!("http://{}/s/{}", s.addr, s.secret("you")));
    phone.wait_for(HAS_QUESTION);
    assert!(
        phone.text().contains("you sell up to 3 cards"),
        "{}",
        phone.text()
    );
    keep_screenshot("serve-seat.png", &phone.screenshot());
    // A refused answer is shown on the page, and changes nothing.
    settled(&phone, &s);
    phone.type_into("#answer", "ZZ");
    phone.tap("form.typed button");
    phone.wait_for("!!document.querySelector('.refused')");
    assert!(
        phone.text().contains("✗ unknown rank `Z` in `ZZ`"),
        "{}",
        phone.text()
    );
    // A hint, taken by a tap on its best row.
    phone.tap("button[value=hint]");
    phone.wait_for("!!document.querySelector('section.hint button')");
    phone.tap("section.hint button");
    phone.wait_for("!document.querySelector('main').innerText.includes('you sell up to 3 cards')");
    // The page catches up after it is loaded again (a phone that lost its connection).
    phone.open(&format!("http://{}/s/{}", s.addr, s.secret("you")));
    phone.wait_for(HAS_QUESTION);
    let table = driver.browser();
    table.open(&format!("http://{}/", s.addr));
    table.wait_for("!!document.querySelector('section.table')");
    keep_screenshot("serve-table.png", &table.screenshot());
    // The rest of the game is played by taps alone in
    // `kinkado_stopped_after_one_answer_on_a_phone_without_a_keyboard`.
    assert!(!table.text().contains("Your hand"));
}

/// Issue 61: Kin Kādo stopped after one answer on a phone without a keyboard. A whole
/// game against ALORA, on a phone's screen, by taps alone: the sale, the purchase, the
/// bet and the cards played composed on the page, ALORA's picks as buttons; never a
/// letter typed, never a hint. No page is wider than the phone.
#[test]
fn kinkado_stopped_after_one_answer_on_a_phone_without_a_keyboard() {
    let Some(driver) = Driver::start() else {
        return;
    };
    let s = Served::start("kinkado play --players ana --deck virtual --seed 3");
    let taps = kinkado_by_taps(&driver, &s, Some("serve-compose.png"), None);
    assert!(taps > 30, "{taps} taps");
}

/// Issue 62: the phones were shown the server's file path and a shell command when kado
/// stopped. A page open when the game is stopped at the terminal says the game is paused
/// and that the page follows it again, and keeps saying so once kado is gone.
#[test]
fn a_stopped_game_showed_the_phones_a_shell_command() {
    let Some(driver) = Driver::start() else {
        return;
    };
    let mut s = Served::start("kinkado play --players ana --deck virtual --seed 3");
    let phone = driver.phone();
    phone.open(&format!("http://{}/s/{}", s.addr, s.secret("ana")));
    phone.wait_for(HAS_QUESTION);
    s.type_line("quit");
    assert!(s.ended_well());
    phone.wait_for("document.body.innerText.includes('The game is paused')");
    let text = phone.text();
    assert!(text.contains("it follows the game again"), "{text}");
    assert!(
        !text.contains("kado kinkado resume") && !text.contains("g.yaml"),
        "{text}"
    );
}

/// With a real pack kado knows no hand: the prize card, the cards sold and played and
/// ALORA's cards as they are turned up are picked by taps among the 54 cards, those kado
/// knows to lie elsewhere closed.
#[test]
fn a_real_pack_needed_the_cards_typed_on_a_phone() {
    let Some(driver) = Driver::start() else {
        return;
    };
    let s = Served::start("kinkado play --players ana");
    // The first deal, each card picked by taps, up to the second round (a whole game by
    // taps is the virtual deck's test).
    let taps = kinkado_by_taps(&driver, &s, Some("play-kinkado-real.png"), Some("Round 2"));
    assert!(taps > 10, "{taps} taps");
}

/// Plays a Kin Kādo game against ALORA on ana's page in a phone's window by taps alone
/// (the button that sends when ready, else a piece, else a raise, else the first answer
/// offered), keeping a screenshot of the first composer as `shot`; to its end, or until
/// the page shows `until`. The taps made.
fn kinkado_by_taps(driver: &Driver, s: &Served, shot: Option<&str>, until: Option<&str>) -> usize {
    let phone = driver.phone();
    phone.open(&format!("http://{}/s/{}", s.addr, s.secret("ana")));
    phone.wait_for(HAS_QUESTION);
    const SEND: &str = "form.compose button.send:not([disabled])";
    const PICK: &str = "form.compose button.pick[aria-pressed=false]:not([disabled])";
    const MORE: &str = "form.compose button[name=step][value='1']:not([disabled])";
    let has = |css: &str| {
        phone.eval(&format!("!!document.querySelector(\"{css}\")")) == Value::Bool(true)
    };
    let mut taps = 0;
    let mut shot = shot;
    while s.get("/main").status != 0 && taps < 1500 {
        phone.wait_for(&format!(
            "{HAS_QUESTION} || !!document.querySelector('.ended')"
        ));
        if phone.eval(HAS_QUESTION) != Value::Bool(true) {
            break;
        }
        settled(&phone, s);
        let wide = phone.eval("document.documentElement.scrollWidth");
        assert!(wide.as_u64().is_some_and(|w| w <= 390), "{wide} px wide");
        let target = if has(SEND) {
            SEND
        } else if has(PICK) {
            if let Some(name) = shot.take() {
                keep_screenshot(name, &phone.screenshot());
            }
            PICK
        } else if has(MORE) {
            MORE
        } else if has("form.choices button") {
            "form.choices button"
        } else {
            panic!("nothing to tap: {}", phone.text());
        };
        tap_and_wait(&phone, s, target);
        assert!(!has(".refused"), "{}", phone.text());
        taps += 1;
        if until.is_some_and(|u| phone.text().contains(u)) {
            return taps;
        }
    }
    assert!(
        phone.text().contains("The game is over."),
        "{}",
        phone.text()
    );
    taps
}

/// axe-core, vendored for the tests (see `vendor/README.md`).
const AXE: &str = include_str!("vendor/axe.min.js");

impl Browser {
    /// Pages prefer the dark colour scheme from now on.
    fn dark(&self) {
        let dark = json!({"cmd": "Emulation.setEmulatedMedia", "params": {
            "features": [{"name": "prefers-color-scheme", "value": "dark"}]}});
        self.call("POST", "/goog/cdp/execute", Some(&dark));
    }

    /// The serious and critical accessibility violations axe-core finds on the page (WCAG
    /// 2.1 A and AA and axe's best practices): each rule's id, impact and where.
    fn accessibility(&self) -> Vec<String> {
        if self.eval("typeof axe") != Value::String("object".into()) {
            let script = format!("{AXE}\nreturn true;");
            self.call(
                "POST",
                "/execute/sync",
                Some(&json!({"script": script, "args": []})),
            );
        }
        let run = "var done = arguments[arguments.length - 1];
            axe.run(document, {runOnly: {type: 'tag',
                values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']}})
              .then(function (r) { done(r.violations
                .filter(function (v) { return v.impact === 'serious' || v.impact === 'critical'; })
                .map(function (v) { return v.id + ' (' + v.impact + '): ' + v.nodes
                  .map(function (n) { return n.target.join(' '); }).join(', '); })); })
              .catch(function (e) { done(['axe failed: ' + e]); });";
        let v = self.call(
            "POST",
            "/execute/async",
            Some(&json!({"script": run, "args": []})),
        );
        let found = v["value"].as_array().unwrap_or_else(|| panic!("{v}"));
        found
            .iter()
            .map(|f| f.as_str().unwrap_or_default().to_string())
            .collect()
    }
}

/// Issue 61: axe-core found colour contrast and an unfocusable scrolling board on 9 of 15
/// first pages. Every game's seat and table pages, at the start, mid-game and at the end,
/// have no serious or critical violation: the seat's page on a phone in the light colour
/// scheme, the table's in the dark one.
#[test]
fn axe_found_serious_violations_on_the_served_pages() {
    axe_game("kinkado play --players ana --deck virtual --seed 3");
}

// Each game apart, so that the five run side by side.
#[test]
fn axe_found_serious_violations_on_kinga_s_pages() {
    axe_game("kinga play --deck virtual --seed 3");
}

#[test]
fn axe_found_serious_violations_on_pokino_s_pages() {
    axe_game("pokino play --players ana,ben --deck virtual --seed 4");
}

#[test]
fn axe_found_serious_violations_on_koikoi_s_pages() {
    axe_game("koikoi play --players ana,ben --deck virtual --seed 5");
}

#[test]
fn axe_found_serious_violations_on_kingmaker_s_pages() {
    axe_game("kingmaker play --players ana,bo,cy,dee --first ana --target 1");
}

/// One game's seat and table pages checked by axe-core at its start, mid-game and its
/// end. The game is played through its pages once without a browser first, to count its
/// answers: the pages are then closed while it is played again, and open only where they
/// are checked (a browser drawing every answer's page only costs time, Pokino's board
/// most), the last answer given with them open.
fn axe_game(game: &str) {
    let Some(driver) = Driver::start() else {
        return;
    };
    let length = crate::serve::play_through_pages(&Served::start(game), 3000);
    assert!(length > 8, "{length}");
    let mut found = Vec::new();
    let s = Served::start(game);
    let (_, secret) = &s.seats[0];
    let seat = driver.phone();
    let table = driver.browser();
    table.dark();
    let open = || {
        seat.open(&format!("http://{}/s/{secret}", s.addr));
        table.open(&format!("http://{}/", s.addr));
    };
    let blank = || {
        seat.open("about:blank");
        table.open("about:blank");
    };
    let play = |from, answers| {
        let played = crate::serve::play_through_pages_from(&s, from, answers);
        assert_eq!(played, answers, "the game went otherwise the second time");
    };
    for (when, from, answers) in [("start", 0, 6), ("mid-game", 6, length - 7)] {
        open();
        for (page, b) in [("seat", &seat), ("table", &table)] {
            b.wait_for("!!document.querySelector('main')");
            for v in b.accessibility() {
                found.push(format!("{game}, {page} page, {when}: {v}"));
            }
        }
        blank();
        play(from, answers);
    }
    open();
    for b in [&seat, &table] {
        b.wait_for("!!document.querySelector('main')");
    }
    play(length - 1, 1);
    assert!(crate::serve::asked(&s).is_none(), "the game went on");
    std::thread::sleep(Duration::from_millis(400));
    for (page, b) in [("seat", &seat), ("table", &table)] {
        for v in b.accessibility() {
            found.push(format!("{game}, {page} page, end: {v}"));
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

const VERSION: &str = "document.querySelector('main').dataset.version";

/// The version of the state the server gives now, and whether the session waits for an
/// answer in it (`None`: the session has ended).
fn served_version(s: &Served) -> Option<(String, bool)> {
    let main = s.get("/main");
    if main.status == 0 {
        return None;
    }
    let at = main.body.find("data-version=\"")? + 14;
    let version = main.body[at..].split('"').next()?.to_string();
    Some((version, main.body.contains("data-waiting=\"true\"")))
}

/// Waits until the session waits for an answer and `page` draws that state: no update
/// then replaces a field being typed in.
fn settled(page: &Browser, s: &Served) {
    while served_version(s).is_some_and(|(_, waiting)| !waiting) {
        std::thread::sleep(Duration::from_millis(30));
    }
    caught_up(page, s);
}

/// Waits until `page` draws the state the server gives now (or the session has ended).
fn caught_up(page: &Browser, s: &Served) {
    let started = Instant::now();
    while let Some((now, _)) = served_version(s) {
        if page.eval(VERSION) == Value::String(now) {
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(90),
            "{}",
            page.text()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Taps `css` on `phone`, and waits until the page shows what came of it: the session is
/// waiting again and the page draws its latest state (or the session has ended).
fn tap_and_wait(phone: &Browser, s: &Served, css: &str) {
    let before = phone.eval(VERSION);
    phone.tap(css);
    let started = Instant::now();
    let mut last = None;
    loop {
        assert!(
            started.elapsed() < Duration::from_secs(90),
            "{}",
            phone.text()
        );
        std::thread::sleep(Duration::from_millis(25));
        let Some((now, waiting)) = served_version(s) else {
            return;
        };
        let page = phone.eval(VERSION);
        let settled = waiting
            && last.as_ref() == Some(&now)
            && page != before
            && page == Value::String(now.clone());
        if settled {
            return;
        }
        last = Some(now);
    }
}

/// The codes of the pieces in a page's hand that no other seat can hold as well (a
/// Koi-Koi plain has twins: `6p` is in two hands at once).
fn unique_pieces(b: &Browser) -> Vec<String> {
    hand(b)
        .iter()
        .flat_map(|i| i.split(' ').map(str::to_string).collect::<Vec<_>>())
        .filter(|w| w.chars().any(|c| c.is_ascii_digit() || "♠♥♦♣".contains(c)))
        .filter(|w| !w.ends_with('p'))
        .collect()
}

/// Composes the answer on `phone` by taps: sends it once the send button is ready, else
/// picks the next piece, else raises the count.
fn compose_by_taps(phone: &Browser, s: &Served) {
    const SEND: &str = "form.compose button.send:not([disabled])";
    const FIRST: &str = "form.compose fieldset.picks:not(:has(button[aria-pressed=true])) \
                         button.pick:not([disabled])";
    const PICK: &str = "form.compose button.pick[aria-pressed=false]:not([disabled])";
    const MORE: &str = "form.compose button[name=step][value='1']:not([disabled])";
    for _ in 0..24 {
        settled(phone, s);
        let target = [SEND, FIRST, PICK, MORE].into_iter().find(|css| {
            phone.eval(&format!("!!document.querySelector(\"{css}\")")) == Value::Bool(true)
        });
        let Some(target) = target else {
            panic!("nothing to tap: {}", phone.text());
        };
        tap_and_wait(phone, s, target);
        if target == SEND
            || phone.eval("!!document.querySelector('form.compose')") != Value::Bool(true)
        {
            return;
        }
    }
    panic!("24 taps composed no answer: {}", phone.text());
}

/// Gives one answer on `phone`, which shows the question, by taps alone: composed where
/// the page composes answers, else the first answer offered as a button (never a letter
/// typed, never a hint). No page is wider than the phone, and no other page shows a piece
/// of its hand.
fn play_a_turn(phone: &Browser, s: &Served, others: &[&Browser]) {
    let composes = phone.eval("!!document.querySelector('form.compose')") == Value::Bool(true);
    let offered = phone.eval("!!document.querySelector('form.choices button')");
    if composes {
        compose_by_taps(phone, s);
    } else if offered == Value::Bool(true) {
        tap_and_wait(phone, s, "form.choices button");
    } else {
        panic!("nothing to tap: {}", phone.text());
    }
    assert!(
        phone.eval("!!document.querySelector('.refused')") != Value::Bool(true),
        "{}",
        phone.text()
    );
    let wide =
        phone.eval("document.documentElement.scrollWidth - document.documentElement.clientWidth");
    assert_eq!(
        wide,
        json!(0),
        "wider than the window: {}",
        phone.eval(WIDEST)
    );
    let mine = unique_pieces(phone);
    for other in others {
        caught_up(other, s);
        let theirs = unique_pieces(other);
        for piece in &mine {
            assert!(
                !theirs.contains(piece),
                "{piece} of another hand on a page:\n{}",
                other.text()
            );
        }
    }
}

#[test]
fn a_koikoi_game_between_two_phones() {
    let Some(driver) = Driver::start() else {
        return;
    };
    let s = Served::start("koikoi play --players ana,ben --deck virtual --seed 8");
    assert!(whole_game(&driver, &s, "koikoi", 8) > 20);
}

/// Plays a whole game on the seats' pages, each in a phone's window, by taps alone:
/// whoever's page shows the question answers it (see [`play_a_turn`]); the turns played.
/// At its `shot`th turn, a seat composing its answer (one piece tapped) and the table's
/// page are kept as screenshots named after `game`.
fn whole_game(driver: &Driver, s: &Served, game: &str, shot: usize) -> usize {
    turns_by_taps(driver, s, game, shot, 3000)
}

/// [`whole_game`], stopped after `limit` turns.
fn turns_by_taps(driver: &Driver, s: &Served, game: &str, shot: usize, limit: usize) -> usize {
    let phones: Vec<Browser> = s
        .seats
        .iter()
        .map(|(_, secret)| {
            let b = driver.phone();
            b.open(&format!("http://{}/s/{secret}", s.addr));
            b
        })
        .collect();
    let mut turns = 0;
    let started = Instant::now();
    while s.get("/main").status != 0 && turns < limit {
        let stuck = || {
            phones
                .iter()
                .map(Browser::text)
                .collect::<Vec<_>>()
                .join("\n---\n")
        };
        assert!(
            started.elapsed() < Duration::from_secs(300),
            "{turns} turns:\n{}",
            stuck()
        );
        for p in &phones {
            caught_up(p, s);
        }
        let Some(i) = phones
            .iter()
            .position(|p| p.eval(HAS_QUESTION) == Value::Bool(true))
        else {
            std::thread::sleep(Duration::from_millis(40));
            continue;
        };
        let others: Vec<&Browser> = phones
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != i)
            .map(|(_, p)| p)
            .collect();
        if turns == shot {
            screenshots(driver, &phones[i], s, game);
        }
        play_a_turn(&phones[i], s, &others);
        turns += 1;
    }
    turns
}

/// The seat's page with a first piece tapped (where it composes), and the table's page,
/// kept as screenshots for docs/.
fn screenshots(driver: &Driver, seat: &Browser, s: &Served, game: &str) {
    const FIRST: &str = "form.compose button.pick:not([disabled])";
    if seat.eval(&format!("!!document.querySelector(\"{FIRST}\")")) == Value::Bool(true) {
        tap_and_wait(seat, s, FIRST);
    }
    keep_screenshot(&format!("play-{game}-seat.png"), &seat.screenshot());
    let table = driver.phone();
    table.open(&format!("http://{}/", s.addr));
    table.wait_for("!!document.querySelector('section.table')");
    keep_screenshot(&format!("play-{game}-table.png"), &table.screenshot());
}

#[test]
fn a_kinga_game_on_one_phone() {
    let Some(driver) = Driver::start() else {
        return;
    };
    // A short game (22 answers): the long ones only repeat the same taps.
    let s = Served::start("kinga play --deck virtual --seed 30");
    assert!(whole_game(&driver, &s, "kinga", 6) > 15);
}

/// Issue 61: with real pieces, Pokino's spoke and every turn were typed. The spoke is
/// tapped on a phone, domino by domino and square by square, then the turns: a domino of
/// the set and its squares on the board.
#[test]
fn a_pokino_game_with_real_pieces_was_typed() {
    let Some(driver) = Driver::start() else {
        return;
    };
    let s = Served::start("pokino play --players ana,ben");
    assert_eq!(turns_by_taps(&driver, &s, "pokino-real", 0, 7), 7);
    let table = s.get("/main").body;
    assert!(table.contains("Turn 6"), "{table}");
}

#[test]
fn a_pokino_game_between_two_phones() {
    let Some(driver) = Driver::start() else {
        return;
    };
    let s = Served::start("pokino play --players ana,ben --deck virtual --seed 2");
    // The first 24 turns by taps, then the rest through the same pages' forms to the
    // end: each turn by taps costs a browser two seconds of drawing the board.
    assert_eq!(turns_by_taps(&driver, &s, "pokino", 10, 24), 24);
    assert!(crate::serve::play_through_pages(&s, 3000) > 10);
}

/// Issue 61: a Kingmaker Year on four phones by taps alone: the commons lit and the
/// colours that show (a palette), the reveals, the moves and places, the Blinks' pairs.
#[test]
fn a_kingmaker_year_by_taps_on_four_phones() {
    let Some(driver) = Driver::start() else {
        return;
    };
    let s = Served::start("kingmaker play --players ana,bo,cy,dee --first ana --target 1");
    let turns = whole_game(&driver, &s, "kingmaker", 9);
    assert!(turns > 15, "{turns}");
}

/// Issue 61: a Kingmaker step told wrong was fixed by typing `fix SEASON STEP`. After
/// three Spring steps, the player asked taps "Fix a step told wrong", the first step
/// told, and tells it again by taps; the fix is sent and the Year goes on.
#[test]
fn a_kingmaker_step_told_wrong_was_fixed_by_typing() {
    let Some(driver) = Driver::start() else {
        return;
    };
    let s = Served::start("kingmaker play --players ana,bo,cy,dee --first ana --target 1");
    assert_eq!(
        turns_by_taps(&driver, &s, "kingmaker-fix", usize::MAX, 3),
        3
    );
    let phones: Vec<Browser> = (s.seats.iter())
        .map(|(_, secret)| {
            let b = driver.phone();
            b.open(&format!("http://{}/s/{secret}", s.addr));
            b
        })
        .collect();
    for p in &phones {
        caught_up(p, &s);
    }
    let asked = (phones.iter())
        .find(|p| p.eval(HAS_QUESTION) == Value::Bool(true))
        .unwrap();
    tap_and_wait(asked, &s, "form.compose button.pick[value='fix']");
    tap_and_wait(asked, &s, "form.compose button.pick[value^='fix ']");
    assert!(
        asked.text().contains("Tell again: spring"),
        "{}",
        asked.text()
    );
    compose_by_taps(asked, &s);
    let table = s.get("/main").body;
    assert!(table.contains("Fixed: the spring step is now"), "{table}");
    assert!(
        asked.eval("!!document.querySelector('.refused')") != Value::Bool(true),
        "{}",
        asked.text()
    );
}

#[test]
fn a_kingmaker_campaign_between_four_phones() {
    let Some(driver) = Driver::start() else {
        return;
    };
    let s = Served::start("kingmaker campaign --players ana,bo,cy,dee --target 1");
    let ana = driver.browser();
    ana.open(&format!("http://{}/s/{}", s.addr, s.secret("ana")));
    for answer in ["ana", crate::kingmaker::EXAMPLE] {
        ana.wait_for(HAS_QUESTION);
        settled(&ana, &s);
        ana.type_into("#answer", answer);
        tap_and_wait(&ana, &s, "form.typed button");
    }
    let started = Instant::now();
    while s.get("/main").status != 0 {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "{}",
            ana.text()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Issue 61: a campaign's Year told whole needed typing. On a phone: who starts, a
/// tap; the Year's scores, each player's tens and ones tapped; the campaign ends.
#[test]
fn a_kingmaker_campaign_year_was_typed_on_a_phone() {
    let Some(driver) = Driver::start() else {
        return;
    };
    let s = Served::start("kingmaker campaign --players ana,bo,cy,dee --target 1");
    let ana = driver.phone();
    ana.open(&format!("http://{}/s/{}", s.addr, s.secret("ana")));
    ana.wait_for(HAS_QUESTION);
    settled(&ana, &s);
    tap_and_wait(&ana, &s, "form.choices button");
    for (i, score) in [20, 24, 9, 10].into_iter().enumerate() {
        for (place, digit) in [('t', score / 10), ('o', score % 10)] {
            tap_and_wait(&ana, &s, &format!("button.pick[value='{i}{place}{digit}']"));
        }
    }
    let send = ana.eval("document.querySelector('button.send').textContent");
    assert_eq!(send, json!("Scores: ana 20, bo 24, cy 9, dee 10"));
    ana.tap("button.send");
    let started = Instant::now();
    while s.get("/main").status != 0 {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "{}",
            ana.text()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Whether the page's board is drawn, within the phone's width (no sideways scrolling),
/// then brought into view.
const BOARD_FITS: &str = "!!document.querySelector('svg.board') && \
    document.querySelector('svg.board').getBoundingClientRect().width > 300 && \
    document.querySelector('svg.board').getBoundingClientRect().right <= document.documentElement.clientWidth && \
    document.documentElement.scrollWidth <= document.documentElement.clientWidth";

/// A Pokino board and a Kingmaker Commons on a phone's table page: drawn as SVG across
/// its width, named for a screen reader. The screenshots are kept to be looked at.
#[test]
fn pokino_and_kingmaker_boards_fit_a_phone() {
    let Some(driver) = Driver::start() else {
        return;
    };
    let s = Served::start("pokino play --players ana,ben --deck virtual --seed 2");
    // Played until a pair is claimed on the board (or long enough without one).
    for _ in 0..80 {
        let claimed = s.get("/main").body.contains("class=\"claim-dot\"");
        if claimed || crate::serve::play_through_pages(&s, 1) == 0 {
            break;
        }
    }
    let page = s.get("/").body;
    assert!(page.len() < 100_000, "{} bytes", page.len());
    let phone = driver.browser();
    phone.open(&format!("http://{}/", s.addr));
    phone.wait_for(BOARD_FITS);
    let label = phone.eval(
        "document.getElementById(document.querySelector('svg.board').getAttribute('aria-labelledby')).textContent",
    );
    assert!(
        label.as_str().unwrap_or("").starts_with("Board: "),
        "{label}"
    );
    phone.eval("document.querySelector('svg.board').scrollIntoView()");
    keep_screenshot("serve-pokino-board.png", &phone.screenshot());
    let seat = driver.browser();
    seat.open(&format!("http://{}/s/{}", s.addr, s.secret("ana")));
    seat.wait_for(BOARD_FITS);
    seat.eval("document.querySelector('svg.board').scrollIntoView()");
    keep_screenshot("serve-pokino-seat.png", &seat.screenshot());
    let s = crate::serve::kingmaker_commons();
    phone.open(&format!("http://{}/", s.addr));
    phone.wait_for(BOARD_FITS);
    assert_eq!(
        phone.eval("document.querySelectorAll('svg.board polygon.hex').length"),
        json!(8)
    );
    phone.eval("document.querySelector('svg.board').scrollIntoView()");
    keep_screenshot("serve-kingmaker-commons.png", &phone.screenshot());
}

/// Issue 60: with every stream of updates taken (48 connections to `/events`), a page's
/// stream got 503 and the page never tried again, so it never followed the game. It now
/// opens its stream again after a pause, and catches up once a slot is free.
#[test]
fn a_page_whose_stream_was_refused_never_retried() {
    let Some(driver) = Driver::start() else {
        return;
    };
    let s = Served::start("koikoi play --players ana,ben --deck virtual --seed 5");
    let first = crate::serve::asked(&s).expect("a question");
    let request = format!("GET /events HTTP/1.1\r\nHost: {}\r\n\r\n", s.addr);
    let hogs: Vec<TcpStream> = (0..48)
        .map(|_| {
            let mut c = TcpStream::connect(&s.addr).unwrap();
            c.write_all(request.as_bytes()).unwrap();
            c
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    let table = driver.browser();
    table.open(&format!("http://{}/", s.addr));
    table.wait_for("!!document.querySelector('section.table')");
    std::thread::sleep(Duration::from_millis(300));
    let before = table.eval(VERSION);
    drop(hogs);
    s.tap(&first, "choice", 0);
    table.wait_for(&format!("{VERSION} !== {before}"));
}
