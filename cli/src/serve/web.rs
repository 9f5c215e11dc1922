//! The web server of a served table: its routes, and what it refuses. Every response
//! carries a strict Content-Security-Policy and is never cached; a request whose `Host`
//! is not an address kado printed is refused (no DNS rebinding); a seat's page opens only
//! with its secret, and a wrong one is told apart from nothing; answers come only by POST,
//! in a small body; open connections are capped, with room kept for the seats (see
//! `room`), and idle ones dropped.

use std::convert::Infallible;
use std::net::TcpListener;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use axum::Router;
use axum::extract::{DefaultBodyLimit, Form, Path, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::sse::{Event as Sse, KeepAlive};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use kado::diag::Error;
use tokio_stream::StreamExt;
use tokio_stream::wrappers::WatchStream;

use super::hub::{Fate, From, Hub, Incoming, Posted, Ticket, Waiting};
use super::page;
use super::room::{Place, Room};

/// The largest request body read: an answer is a line of notation.
const BODY_LIMIT: usize = 4 * 1024;
/// The longest answer taken from a page.
const ANSWER_LIMIT: usize = 1024;
/// Table pages following the updates at once (anyone may open one); more are refused
/// until one goes.
const STREAMS: usize = 48;
/// Pages of one seat following the updates at once: each seat has room of its own, which
/// no number of table pages can take.
const SEAT_STREAMS: usize = 4;
/// How long a page's answer waits for the session to deal with it.
const ANSWER_WAIT: Duration = Duration::from_secs(20);
/// Connections open at once, whoever holds them; more wait to be accepted until one
/// closes. The room's caps (`room::ANONYMOUS`, `room::PER_SEAT`) keep far fewer open: this
/// bounds the file descriptors should the tasks of connections closed to make room lag.
const CONNECTIONS: usize = 512;
/// Connections the kernel queues until kado accepts them. The standard library's 128 is
/// passed when a burst of connections comes (hostile ones, each opened again when closed),
/// and the kernel then drops a new connection, whose browser tries again only a second
/// later; a longer queue costs the kernel a little memory per connection queued.
const BACKLOG: i32 = 1024;
/// The kernel's buffer for what kado sends on a connection (it doubles the figure): room
/// for the largest page at once. Left to itself the kernel may grow it to megabytes (4 MiB
/// on Linux), which a client that pipelines requests and never reads has kado fill with
/// thousands of answers before its writes wait (and the write deadline can start).
const SEND_BUFFER: usize = 64 * 1024;
/// How long the accept loop waits after a failed accept (out of file descriptors, say)
/// before it tries again, rather than spin.
const ACCEPT_PAUSE: Duration = Duration::from_millis(50);
/// The most a connection buffers of what it reads, and so the longest request head (a
/// longer one gets 431): a browser's is under 2 KiB here (kado sets no cookie). hyper's own
/// is about 400 KiB, which a client sending one endless head would have kado hold on every
/// connection it keeps open.
const CONNECTION_BUFFER: usize = 32 * 1024;
/// How long a connection may take to send a request's headers (the first, or the next
/// on a kept connection) before it is closed.
const HEADER_TIME: Duration = Duration::from_secs(10);
/// How long a write to a connection may wait for its reader (a client that sends requests
/// and never reads what comes back) before the connection is closed.
const WRITE_TIME: Duration = Duration::from_secs(10);
/// How long a request may take, its body read and its answer dealt with, before it gets
/// 408 (a page's stream of updates is under way once its headers are sent).
const REQUEST_TIME: Duration = Duration::from_secs(30);

const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; \
                   connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

#[derive(Clone)]
struct App {
    hub: Arc<Hub>,
    /// The table pages' open streams.
    streams: Arc<AtomicUsize>,
    /// Each seat's open streams, in the order of the hub's seats.
    seat_streams: Arc<Vec<Arc<AtomicUsize>>>,
}

/// Starts the server on `listener` in a thread of its own.
pub fn spawn(listener: TcpListener, hub: Arc<Hub>) -> Result<(), Error> {
    // Listening again sets the queue's length (on failure it stays as it was).
    let _ = rustix::net::listen(&listener, BACKLOG);
    listener
        .set_nonblocking(true)
        .map_err(|e| Error::msg(format!("cannot serve: {e}")))?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| Error::msg(format!("cannot serve: {e}")))?;
    let seat_streams = (hub.seats.iter())
        .map(|_| Arc::new(AtomicUsize::new(0)))
        .collect();
    let app = App {
        hub,
        streams: Arc::new(AtomicUsize::new(0)),
        seat_streams: Arc::new(seat_streams),
    };
    std::thread::spawn(move || {
        runtime.block_on(async move {
            let Ok(listener) = tokio::net::TcpListener::from_std(listener) else {
                return;
            };
            accept(listener, router(app), Arc::default()).await;
        });
    });
    Ok(())
}

/// Accepts connections while fewer than [`CONNECTIONS`] are open, each taken into the
/// `room` as anonymous (which may close the idlest to make room) and served by a task of
/// its own.
async fn accept(listener: tokio::net::TcpListener, app: Router, room: Arc<Room>) {
    let slots = Arc::new(tokio::sync::Semaphore::new(CONNECTIONS));
    loop {
        let Ok(slot) = slots.clone().acquire_owned().await else {
            return;
        };
        let Ok((stream, _)) = listener.accept().await else {
            tokio::time::sleep(ACCEPT_PAUSE).await;
            continue;
        };
        // On failure the kernel's own buffer stays: the deadline still holds.
        let _ = rustix::net::sockopt::set_socket_send_buffer_size(&stream, SEND_BUFFER);
        let (place, closed) = room.admit();
        let app = app.clone();
        tokio::spawn(async move {
            serve(stream, app, place, closed).await;
            drop(slot);
        });
        // The new connection's task runs (and reads its request, if it has come) before the
        // next connection is taken: a burst of connections cannot push a seat's out of the
        // room before it has said whose it is.
        tokio::task::yield_now().await;
    }
}

/// Serves one connection over HTTP/1 with the header, write and request deadlines, until
/// it ends or `closed` says it was pushed out of the room. Each request on it is lent its
/// `place` and marks it busy.
async fn serve(
    stream: tokio::net::TcpStream,
    app: Router,
    place: Arc<Place>,
    closed: tokio::sync::oneshot::Receiver<()>,
) {
    let service =
        hyper::service::service_fn(move |mut request: hyper::Request<hyper::body::Incoming>| {
            let app = app.clone();
            place.busy();
            request.extensions_mut().insert(place.clone());
            async move {
                use tower::ServiceExt;
                match tokio::time::timeout(REQUEST_TIME, app.oneshot(request)).await {
                    Ok(response) => response,
                    Err(_) => Ok(Refused::TooSlow.into_response()),
                }
            }
        });
    let connection = hyper::server::conn::http1::Builder::new()
        .timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(HEADER_TIME)
        .max_buf_size(CONNECTION_BUFFER)
        .serve_connection(hyper_util::rt::TokioIo::new(Deadline::new(stream)), service);
    tokio::select! {
        _ = connection => {}
        // Pushed out: the connection is dropped, and its socket closed, at once.
        _ = closed => {}
    }
}

fn router(app: App) -> Router {
    Router::new()
        .route("/", get(table_page))
        .route("/main", get(table_main))
        .route("/events", get(table_events))
        .route("/s/{secret}", get(seat_page).post(answer))
        .route("/s/{secret}/main", get(seat_main))
        .route("/s/{secret}/events", get(seat_events))
        .route("/kado.css", get(css))
        .route("/kado.js", get(js))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(middleware::from_fn_with_state(app.clone(), guard))
        .with_state(app)
}

/// Every request: its `Host` must be one kado printed; every response: never cached, never
/// framed, no script or style from elsewhere.
async fn guard(State(app): State<App>, request: Request, next: Next) -> Response {
    if let Some(refused) = foreign(&app.hub.hosts, &request) {
        return refused.into_response();
    }
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    response
}

/// Refuses a request not meant for this table: one `Host` that is an address kado printed
/// (not two), no absolute-form target naming another host, and no post from a page of
/// another site (`Origin`: the secret in the address is not the only guard).
fn foreign(hosts: &[String], request: &Request) -> Option<Refused> {
    let ours = |h: &str| hosts.iter().any(|o| o.eq_ignore_ascii_case(h));
    let mut given = request.headers().get_all(header::HOST).iter();
    let (host, again) = (given.next(), given.next());
    if again.is_some() {
        return Some(Refused::TwoHosts);
    }
    let host = host.and_then(|h| h.to_str().ok()).unwrap_or("");
    let target = request.uri().authority().map(|a| a.as_str());
    if !ours(host) || target.is_some_and(|t| !ours(t)) {
        return Some(Refused::OtherHost);
    }
    let origin = request
        .headers()
        .get(header::ORIGIN)
        .map(|o| o.to_str().unwrap_or("?"));
    let from_here = |o: &str| o.strip_prefix("http://").is_some_and(ours);
    if request.method() == axum::http::Method::POST && origin.is_some_and(|o| !from_here(o)) {
        return Some(Refused::OtherSite);
    }
    None
}

/// Every way the server refuses a request, each with its status and words, drawn here
/// alone (an answer the session refused is drawn with the seat's page: see `told`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Refused {
    /// No such page, or a seat's page asked for with a wrong secret: the same words.
    NotFound,
    TwoHosts,
    /// A host that is not an address kado printed.
    OtherHost,
    /// A post from another site's page.
    OtherSite,
    TooLong,
    TooManyStreams,
    /// The session has stopped.
    Stopped,
    TooSlow,
}

impl IntoResponse for Refused {
    fn into_response(self) -> Response {
        let (status, words) = match self {
            Refused::NotFound => (StatusCode::NOT_FOUND, "not found\n"),
            Refused::TwoHosts => (StatusCode::BAD_REQUEST, "one Host header, please\n"),
            Refused::OtherHost => (
                StatusCode::MISDIRECTED_REQUEST,
                "not an address of this table\n",
            ),
            Refused::OtherSite => (
                StatusCode::FORBIDDEN,
                "a post from another site's page is not taken\n",
            ),
            Refused::TooLong => (
                StatusCode::PAYLOAD_TOO_LARGE,
                "an answer is at most 1 KiB\n",
            ),
            Refused::TooManyStreams => (StatusCode::SERVICE_UNAVAILABLE, "too many pages open\n"),
            Refused::Stopped => (StatusCode::GONE, "the game has stopped\n"),
            Refused::TooSlow => (StatusCode::REQUEST_TIMEOUT, "too slow\n"),
        };
        (status, words).into_response()
    }
}

/// The seat whose page a request is for, found by the secret in its address (compared in
/// constant time); a wrong secret is rejected as no page at all. The connection the
/// request came on becomes the seat's (see `room`).
struct SeatOf(usize);

impl axum::extract::FromRequestParts<App> for SeatOf {
    type Rejection = Refused;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        app: &App,
    ) -> Result<SeatOf, Refused> {
        let Path(secret) = Path::<String>::from_request_parts(parts, app)
            .await
            .map_err(|_| Refused::NotFound)?;
        let seat = app.hub.seat_of(&secret).ok_or(Refused::NotFound)?;
        if let Some(place) = parts.extensions.get::<Arc<Place>>() {
            place.claim(seat);
        }
        Ok(SeatOf(seat))
    }
}

async fn not_found() -> Refused {
    Refused::NotFound
}

async fn table_page(State(app): State<App>) -> Response {
    page::table_page(&app.hub.state()).into_response()
}

async fn table_main(State(app): State<App>) -> Response {
    page::table_main(&app.hub.state()).into_response()
}

async fn seat_page(State(app): State<App>, SeatOf(i): SeatOf) -> Response {
    page::seat_page(&app.hub.state(), i, &app.hub.seats[i]).into_response()
}

async fn seat_main(State(app): State<App>, SeatOf(i): SeatOf) -> Response {
    page::seat_main(&app.hub.state(), i, &app.hub.seats[i]).into_response()
}

/// The form a page posts: the question it answers (`q`, its id), and one answer typed or
/// a command (`text`: `hint`, `undo`), or a button's answer (`choice`: its place among the
/// question's choices; `row`: among the hint's rows).
#[derive(serde::Deserialize)]
struct Answer {
    q: Option<u64>,
    text: Option<String>,
    choice: Option<usize>,
    row: Option<usize>,
    /// A piece tapped in the answer composed by taps (its code).
    tap: Option<String>,
    /// The composed count stepped (`-1`, `5`).
    step: Option<i32>,
    /// The composed answer sent.
    send: Option<String>,
}

impl Answer {
    /// What was posted: a button's answer before any text.
    fn posted(self) -> Posted {
        if let Some(n) = self.choice {
            return Posted::Choice(n);
        }
        if let Some(n) = self.row {
            return Posted::HintRow(n);
        }
        if let Some(code) = self.tap {
            return Posted::Tap(code);
        }
        if let Some(by) = self.step {
            return Posted::Step(by);
        }
        if self.send.is_some() {
            return Posted::Send;
        }
        Posted::Text(self.text.unwrap_or_default())
    }
}

/// An answer from a seat's page: handed to the session, which the request waits for, then
/// back to the page (where a refusal is shown).
async fn answer(State(app): State<App>, SeatOf(i): SeatOf, Form(answer): Form<Answer>) -> Response {
    let long = |t: &Option<String>| t.as_ref().is_some_and(|t| t.len() > ANSWER_LIMIT);
    if long(&answer.text) || long(&answer.tap) {
        return Refused::TooLong.into_response();
    }
    let _answering = app.hub.answering();
    let secret = &app.hub.seats[i].secret;
    let (fate, mut settled) = tokio::sync::oneshot::channel();
    let ticket = Arc::new(Ticket::new());
    let sent = app.hub.send(Incoming::Line {
        from: From::Seat(i),
        question: answer.q,
        posted: answer.posted(),
        done: Some(Waiting {
            fate,
            ticket: ticket.clone(),
        }),
    });
    if !sent {
        return stopped();
    }
    let fate = match tokio::time::timeout(ANSWER_WAIT, &mut settled).await {
        Ok(fate) => fate,
        // Given up before the session took it: it is never applied.
        Err(_) if ticket.give_up() => {
            let why = "kado was busy and did not take this answer: nothing changed; send it again";
            app.hub
                .update(|s| s.private[i].refused = Some(why.to_string()));
            return told(&app, i, StatusCode::SERVICE_UNAVAILABLE);
        }
        // Taken and being dealt with: its fate comes within the request's own deadline.
        Err(_) => settled.await,
    };
    match fate {
        Ok(Fate::Accepted) => Redirect::to(&format!("/s/{secret}")).into_response(),
        Ok(Fate::Refused(_)) => told(&app, i, StatusCode::UNPROCESSABLE_ENTITY),
        Ok(Fate::Forbidden) => told(&app, i, StatusCode::FORBIDDEN),
        Ok(Fate::Stale) => told(&app, i, StatusCode::CONFLICT),
        Ok(Fate::NotSaved) => told(&app, i, StatusCode::INSUFFICIENT_STORAGE),
        Err(_) => stopped(),
    }
}

/// What became of a post that was not applied: its status, which a script reads, and the
/// seat's page, which says why.
fn told(app: &App, i: usize, status: StatusCode) -> Response {
    (
        status,
        page::seat_page(&app.hub.state(), i, &app.hub.seats[i]),
    )
        .into_response()
}

/// A post that reached a session that has stopped.
fn stopped() -> Response {
    Refused::Stopped.into_response()
}

async fn table_events(State(app): State<App>) -> Response {
    events(&app, &app.streams, STREAMS)
}

async fn seat_events(State(app): State<App>, SeatOf(i): SeatOf) -> Response {
    events(&app, &app.seat_streams[i], SEAT_STREAMS)
}

/// A page's stream of updates: an `update` event whenever the state changes (the page
/// then fetches what it draws), and one at once, so a page that reconnects catches up.
/// `open` counts the streams of its kind (the table's, or one seat's), at most `most`.
fn events(app: &App, open: &Arc<AtomicUsize>, most: usize) -> Response {
    if open.fetch_add(1, Ordering::SeqCst) >= most {
        open.fetch_sub(1, Ordering::SeqCst);
        return Refused::TooManyStreams.into_response();
    }
    let count = Counted(open.clone());
    let stream = WatchStream::new(app.hub.versions()).map(move |v| {
        let _held = &count;
        Ok::<_, Infallible>(Sse::default().event("update").data(v.to_string()))
    });
    axum::response::sse::Sse::new(stream)
        .keep_alive(KeepAlive::default())
        .into_response()
}

/// A connection whose writes give up after [`WRITE_TIME`] without progress: a client that
/// never reads cannot hold its connection, and the slot it takes, for ever.
struct Deadline {
    stream: tokio::net::TcpStream,
    /// When the write waiting now gives up.
    stuck: Option<std::pin::Pin<Box<tokio::time::Sleep>>>,
}

impl Deadline {
    fn new(stream: tokio::net::TcpStream) -> Deadline {
        Deadline {
            stream,
            stuck: None,
        }
    }

    /// `result` of a write or flush, given up once it has waited [`WRITE_TIME`].
    fn bounded<T>(
        &mut self,
        cx: &mut std::task::Context<'_>,
        result: std::task::Poll<std::io::Result<T>>,
    ) -> std::task::Poll<std::io::Result<T>> {
        use std::future::Future;
        use std::task::Poll;
        if result.is_ready() {
            self.stuck = None;
            return result;
        }
        let stuck = self
            .stuck
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(WRITE_TIME)));
        match stuck.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(std::io::ErrorKind::TimedOut.into())),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl tokio::io::AsyncRead for Deadline {
    fn poll_read(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl tokio::io::AsyncWrite for Deadline {
    fn poll_write(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        let result = std::pin::Pin::new(&mut self.stream).poll_write(cx, buf);
        self.bounded(cx, result)
    }

    fn poll_flush(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        let result = std::pin::Pin::new(&mut self.stream).poll_flush(cx);
        self.bounded(cx, result)
    }

    fn poll_shutdown(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// One open stream, counted while it lasts.
struct Counted(Arc<AtomicUsize>);

impl Drop for Counted {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

async fn css() -> Response {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        include_str!("kado.css"),
    )
        .into_response()
}

async fn js() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("kado.js"),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    //! The router in process, as axum's own examples test theirs: each request handed to
    //! it with `oneshot`, no socket, the session played by a thread that answers each post.

    use super::*;
    use axum::body::Body;
    use kado::seat::SeatId;
    use tower::ServiceExt;

    const HOST: &str = "127.0.0.1:9";
    const ANA: &str = "0123456789abcdef0123456789abcdef";

    fn app() -> (Router, std::sync::mpsc::Receiver<Incoming>) {
        app_for(vec![HOST.into()])
    }

    /// The router of a table whose requests may name `hosts`.
    fn app_for(hosts: Vec<String>) -> (Router, std::sync::mpsc::Receiver<Incoming>) {
        let (tx, rx) = std::sync::mpsc::channel();
        let seats = vec![super::super::hub::Seat {
            id: SeatId(0),
            name: "ana".into(),
            secret: ANA.into(),
        }];
        let hub = Arc::new(Hub::new("Koi-Koi", seats, hosts, tx));
        let app = App {
            hub,
            streams: Arc::new(AtomicUsize::new(0)),
            seat_streams: Arc::new(vec![Arc::new(AtomicUsize::new(0))]),
        };
        (router(app), rx)
    }

    /// The status and body of `request`, handed to the router.
    fn sent(router: Router, request: axum::http::Request<Body>) -> (u16, String) {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async move {
            let response = router.oneshot(request).await.unwrap();
            let status = response.status().as_u16();
            let body = axum::body::to_bytes(response.into_body(), 1 << 20)
                .await
                .unwrap();
            (status, String::from_utf8_lossy(&body).into_owned())
        })
    }

    fn get(path: &str) -> axum::http::Request<Body> {
        axum::http::Request::get(path)
            .header(header::HOST, HOST)
            .body(Body::empty())
            .unwrap()
    }

    fn post(path: &str, form: &str) -> axum::http::Request<Body> {
        axum::http::Request::post(path)
            .header(header::HOST, HOST)
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(Body::from(form.to_string()))
            .unwrap()
    }

    #[test]
    fn a_wrong_secret_is_no_page_on_every_route() {
        let near = format!("{}0", &ANA[..31]);
        for path in [
            "/s/x",
            "/s/x/main",
            &format!("/s/{near}"),
            &format!("/s/{near}/main"),
        ] {
            let (router, _rx) = app();
            assert_eq!(
                sent(router, get(path)),
                (404, "not found\n".into()),
                "{path}"
            );
        }
        let (router, _rx) = app();
        assert_eq!(sent(router, post("/s/x", "q=1&text=9p")).0, 404);
        let (router, _rx) = app();
        assert_eq!(sent(router, get(&format!("/s/{ANA}/main"))).0, 200);
    }

    #[test]
    fn the_guard_refuses_what_is_not_meant_for_this_table() {
        let (router, _rx) = app();
        let two = axum::http::Request::get("/")
            .header(header::HOST, HOST)
            .header(header::HOST, "evil.example")
            .body(Body::empty())
            .unwrap();
        assert_eq!(sent(router, two).0, 400);
        let (router, _rx) = app();
        let other = axum::http::Request::get("/")
            .header(header::HOST, "evil.example")
            .body(Body::empty())
            .unwrap();
        assert_eq!(
            sent(router, other),
            (421, "not an address of this table\n".into())
        );
        let (router, _rx) = app();
        let mut cross = post(&format!("/s/{ANA}"), "q=1&text=9p");
        cross.headers_mut().insert(
            header::ORIGIN,
            HeaderValue::from_static("http://evil.example"),
        );
        assert_eq!(sent(router, cross).0, 403);
        let (router, _rx) = app();
        let long = format!("q=1&text={}", "x".repeat(2000));
        assert_eq!(sent(router, post(&format!("/s/{ANA}"), &long)).0, 413);
    }

    /// The request `GET /` with `Host: host`, and a post from a page at `http://host`
    /// (which reaches a session that has stopped: 410 once past the guard).
    fn from_host(host: &str) -> [axum::http::Request<Body>; 2] {
        let mut page = get("/");
        let mut answer = post(&format!("/s/{ANA}"), "q=1&text=9p");
        let origin = HeaderValue::from_str(&format!("http://{host}")).unwrap();
        answer.headers_mut().insert(header::ORIGIN, origin);
        for r in [&mut page, &mut answer] {
            r.headers_mut()
                .insert(header::HOST, HeaderValue::from_str(host).unwrap());
        }
        [page, answer]
    }

    /// `--lan ADDR:80`: a browser names the host without the port, and was to be let in;
    /// on another port the bare address is not this table's.
    #[test]
    fn on_port_80_a_host_without_its_port_passes_the_guard() {
        let hosts = |at: &str| crate::serve::allowed_hosts(at.parse().unwrap());
        for host in ["192.168.1.20", "192.168.1.20:80", "localhost", "127.0.0.1"] {
            let [page, answer] = from_host(host);
            let (router, _rx) = app_for(hosts("192.168.1.20:80"));
            assert_eq!(sent(router, page).0, 200, "{host}");
            // No session: the receiver is dropped at once.
            let (router, _) = app_for(hosts("192.168.1.20:80"));
            assert_eq!(sent(router, answer).0, 410, "{host}");
        }
        for host in ["192.168.1.20", "192.168.1.20:8080", "localhost"] {
            let [page, answer] = from_host(host);
            let (router, _rx) = app_for(hosts("192.168.1.20:8081"));
            assert_eq!(sent(router, page).0, 421, "{host}");
            let (router, _rx) = app_for(hosts("192.168.1.20:8081"));
            assert_eq!(sent(router, answer).0, 421, "{host}");
        }
        // IPv6: the bracketed address alone.
        let [page, _] = from_host("[fe80::1]");
        let (router, _rx) = app_for(hosts("[fe80::1]:80"));
        assert_eq!(sent(router, page).0, 200);
    }

    /// Each post's status says what became of it, as the session told it.
    #[test]
    fn a_post_is_answered_with_its_fate() {
        for (fate, status) in [
            (Fate::Accepted, 303),
            (Fate::Refused("no".into()), 422),
            (Fate::Forbidden, 403),
            (Fate::Stale, 409),
            (Fate::NotSaved, 507),
        ] {
            let (router, rx) = app();
            let session = std::thread::spawn(move || match rx.recv() {
                Ok(Incoming::Line {
                    from,
                    question,
                    posted,
                    done: Some(waiting),
                }) => {
                    assert_eq!((from, question), (From::Seat(0), Some(7)));
                    assert_eq!(posted, Posted::Choice(2));
                    assert!(waiting.ticket.take());
                    let _ = waiting.fate.send(fate);
                }
                _ => panic!("no post reached the session"),
            });
            let (got, _) = sent(router, post(&format!("/s/{ANA}"), "q=7&choice=2"));
            session.join().unwrap();
            assert_eq!(got, status);
        }
        // A session that has stopped: the post is told so.
        let (router, rx) = app();
        drop(rx);
        assert_eq!(
            sent(router, post(&format!("/s/{ANA}"), "q=7&text=9p")),
            (410, "the game has stopped\n".into())
        );
    }
}
