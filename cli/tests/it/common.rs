//! Helpers shared by the integration tests: run the real binary and check its output.
//!
//! Every run goes through one builder, [`Test`], in the manner of the `just` crate's tests:
//!
//! ```text
//! Test::new().args(["kinkado", "hand", "KX"]).stderr("error: …\n").status(2).run();
//! ```
//!
//! Unless a test says otherwise a run must exit 0, print nothing on stderr, and print on
//! stdout exactly what the test gives (nothing if it gives nothing). Every process a test
//! starts and feeds is run by one runner, [`pipe`].

use std::ffi::{OsStr, OsString};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// A home of the test process's own, so that nothing a test does reaches the user's data
/// folder. The play history is off unless a test names one (`--history FILE`).
pub fn test_home() -> PathBuf {
    let home = std::env::temp_dir().join(format!("kado-test-home-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&home);
    home
}

/// The repository's top folder: README.md, docs/, man/, and the library's own package
/// (this package, the command line, is its `cli/`).
pub fn top() -> &'static Path {
    let cli = Path::new(env!("CARGO_MANIFEST_DIR"));
    cli.parent().unwrap_or(cli)
}

/// The source folders of the two crates: the library's, then the command line's.
pub fn source_dirs() -> [PathBuf; 4] {
    [
        top().join("src"),
        top().join("store/src"),
        top().join("screen/src"),
        Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
    ]
}

/// The path of the `kado` binary under test.
pub fn kado_bin() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_kado"))
}

/// The `kado` binary as a process, with colour off and a fixed environment.
pub fn kado() -> Command {
    let mut c = Command::new(kado_bin());
    c.env("NO_COLOR", "1")
        .env_remove("COLUMNS")
        .env("KADO_HOME", test_home())
        .env("KADO_HISTORY", "off");
    c
}

/// How a run ended: its status and what it printed.
#[derive(Debug)]
pub struct Output {
    pub status: ExitStatus,
    pub stdout: String,
    pub stderr: String,
}

impl Output {
    /// The exit code; -1 for a process ended by a signal.
    pub fn code(&self) -> i32 {
        self.status.code().unwrap_or(-1)
    }

    /// Stdout read as JSON.
    #[track_caller]
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.stdout))
    }
}

/// Runs `command` with `input` on a piped stdin and reads its stdout and stderr as it
/// runs, so that no pipe fills. The process may stop reading early (an error on a line): a
/// closed stdin is expected then. With a `limit`, a process still running after it is
/// killed and `Err` names the command.
pub fn pipe(mut command: Command, input: &[u8], limit: Option<Duration>) -> Result<Output, String> {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{command:?} does not start: {e}"));
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let reader = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut s = Vec::new();
            let _ = r.read_to_end(&mut s);
            String::from_utf8_lossy(&s).into_owned()
        })
    };
    let stdout = reader(Box::new(child.stdout.take().expect("stdout is piped")));
    let stderr = reader(Box::new(child.stderr.take().expect("stderr is piped")));
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().expect("the process can be waited for") {
            break s;
        }
        if limit.is_some_and(|l| start.elapsed() > l) {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("{command:?} ran for more than {limit:?}"));
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let _ = writer.join();
    Ok(Output {
        status,
        stdout: stdout.join().expect("stdout is read"),
        stderr: stderr.join().expect("stderr is read"),
    })
}

/// What a stream must hold.
enum Expected {
    /// Exactly this text.
    Whole(String),
    /// Each of these parts, somewhere.
    Parts(Vec<String>),
    /// JSON equal to this value.
    Json(serde_json::Value),
    /// Anything: the test looks at it itself.
    Any,
}

impl Expected {
    #[track_caller]
    fn check(&self, stream: &str, text: &str, run: &str) {
        match self {
            Expected::Whole(want) => assert_eq!(text, want, "{stream} of {run}"),
            Expected::Parts(parts) => {
                for part in parts {
                    assert!(
                        text.contains(part.as_str()),
                        "{stream} of {run} lacks {part:?}:\n{text}"
                    );
                }
            }
            Expected::Json(want) => {
                let got: serde_json::Value = serde_json::from_str(text)
                    .unwrap_or_else(|e| panic!("{stream} of {run} is not JSON ({e}): {text}"));
                assert_eq!(&got, want, "{stream} of {run}");
            }
            Expected::Any => {}
        }
    }

    /// Adds `part` to the parts looked for.
    fn with_part(self, part: String) -> Expected {
        match self {
            Expected::Parts(mut parts) => {
                parts.push(part);
                Expected::Parts(parts)
            }
            _ => Expected::Parts(vec![part]),
        }
    }
}

/// One run of kado, described then checked by [`Test::run`].
#[must_use]
pub struct Test {
    command: Command,
    args: Vec<OsString>,
    stdin: Vec<u8>,
    stdout: Expected,
    stderr: Expected,
    status: Option<i32>,
    limit: Option<Duration>,
}

impl Default for Test {
    fn default() -> Self {
        Test::new()
    }
}

impl Test {
    /// A run of kado with no arguments, nothing on stdin, expected to exit 0 printing
    /// nothing.
    pub fn new() -> Test {
        Test {
            command: kado(),
            args: Vec::new(),
            stdin: Vec::new(),
            stdout: Expected::Whole(String::new()),
            stderr: Expected::Whole(String::new()),
            status: Some(0),
            limit: None,
        }
    }

    pub fn arg(mut self, arg: impl AsRef<OsStr>) -> Test {
        self.args.push(arg.as_ref().to_os_string());
        self
    }

    pub fn args<I: IntoIterator<Item = S>, S: AsRef<OsStr>>(mut self, args: I) -> Test {
        self.args
            .extend(args.into_iter().map(|a| a.as_ref().to_os_string()));
        self
    }

    pub fn current_dir(mut self, dir: impl AsRef<Path>) -> Test {
        self.command.current_dir(dir);
        self
    }

    pub fn env(mut self, key: &str, value: impl AsRef<OsStr>) -> Test {
        self.command.env(key, value);
        self
    }

    pub fn env_remove(mut self, key: &str) -> Test {
        self.command.env_remove(key);
        self
    }

    pub fn stdin(mut self, input: impl AsRef<[u8]>) -> Test {
        self.stdin = input.as_ref().to_vec();
        self
    }

    /// Stdout must be exactly `text`.
    pub fn stdout(mut self, text: impl Into<String>) -> Test {
        self.stdout = Expected::Whole(text.into());
        self
    }

    /// Stdout must hold `part` (and any other part given so), not be exactly something.
    pub fn stdout_has(mut self, part: impl Into<String>) -> Test {
        self.stdout = self.stdout.with_part(part.into());
        self
    }

    /// Stdout must be JSON equal to `value`.
    pub fn stdout_json(mut self, value: serde_json::Value) -> Test {
        self.stdout = Expected::Json(value);
        self
    }

    /// Stdout is not checked here: the test looks at [`Output::stdout`] itself.
    pub fn any_stdout(mut self) -> Test {
        self.stdout = Expected::Any;
        self
    }

    /// Stderr must be exactly `text`.
    pub fn stderr(mut self, text: impl Into<String>) -> Test {
        self.stderr = Expected::Whole(text.into());
        self
    }

    /// Stderr must hold `part` (and any other part given so).
    pub fn stderr_has(mut self, part: impl Into<String>) -> Test {
        self.stderr = self.stderr.with_part(part.into());
        self
    }

    /// Stderr is not checked here: the test looks at [`Output::stderr`] itself.
    pub fn any_stderr(mut self) -> Test {
        self.stderr = Expected::Any;
        self
    }

    /// The exit code expected (0 unless given).
    pub fn status(mut self, code: i32) -> Test {
        self.status = Some(code);
        self
    }

    /// Any exit code: the test looks at [`Output::code`] itself.
    pub fn any_status(mut self) -> Test {
        self.status = None;
        self
    }

    /// Fails the test if the run takes longer than `limit` (it hangs).
    pub fn within(mut self, limit: Duration) -> Test {
        self.limit = Some(limit);
        self
    }

    /// Runs kado and checks the status, stdout and stderr expected; returns the output
    /// for any further check.
    #[track_caller]
    pub fn run(mut self) -> Output {
        self.command.args(&self.args);
        let run = format!("kado {:?}", self.args);
        let out = pipe(self.command, &self.stdin, self.limit).unwrap_or_else(|e| panic!("{e}"));
        if let Some(code) = self.status {
            assert_eq!(
                out.code(),
                code,
                "exit code of {run}\nstdout:\n{}\nstderr:\n{}",
                out.stdout,
                out.stderr
            );
        }
        self.stdout.check("stdout", &out.stdout, &run);
        self.stderr.check("stderr", &out.stderr, &run);
        out
    }

    /// Runs kado, which may end as it likes: (exit code, stdout, stderr).
    #[track_caller]
    pub fn outcome(self) -> (i32, String, String) {
        let out = self.any_status().any_stdout().any_stderr().run();
        (out.code(), out.stdout, out.stderr)
    }
}

/// Runs kado with `args`, however it ends: (exit code, stdout, stderr).
#[track_caller]
pub fn run(args: &[&str]) -> (i32, String, String) {
    Test::new().args(args).outcome()
}

/// Runs kado with `input` on stdin, however it ends: (exit code, stdout, stderr).
#[track_caller]
pub fn run_with_input(args: &[&str], input: impl AsRef<[u8]>) -> (i32, String, String) {
    Test::new().args(args).stdin(input).outcome()
}

/// Runs kado in `dir` with `input` on stdin, however it ends: (exit code, stdout, stderr).
#[track_caller]
pub fn run_in(dir: &Path, args: &[&str], input: impl AsRef<[u8]>) -> (i32, String, String) {
    Test::new()
        .current_dir(dir)
        .args(args)
        .stdin(input)
        .outcome()
}

/// Runs kado with `--json` and `args` and parses stdout as JSON; the run must succeed
/// (stderr is not looked at).
pub fn json(args: &[&str]) -> serde_json::Value {
    Test::new()
        .arg("--json")
        .args(args)
        .any_stdout()
        .any_stderr()
        .run()
        .json()
}

/// Runs kado, expecting exit 2 and nothing on stdout, and returns stderr.
#[track_caller]
pub fn bad(args: &[&str]) -> String {
    Test::new().args(args).status(2).any_stderr().run().stderr
}

/// Owned copies of some words (arguments, answers).
pub fn strings(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// A house-rules file that picks `alora-ties: on-sum`; kept alive by the returned guard.
pub fn on_sum_rules() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("on-sum.yaml");
    std::fs::write(&f, "base: kinkado\nrulings:\n  alora-ties: on-sum\n").unwrap();
    let path = f.to_str().unwrap().to_string();
    (dir, path)
}

/// A tool a test needs (`groff`, `script`): `None` if it cannot be run. Without it the
/// test says so and passes, except under CI (the `CI` variable set), where it fails: CI
/// installs every tool the tests use.
#[track_caller]
pub fn tool(name: &str, probe: &[&str]) -> Option<()> {
    if Command::new(name).args(probe).output().is_ok() {
        return Some(());
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "`{name}` is not installed, and CI must run every test"
    );
    eprintln!("note: `{name}` is not installed; the test is skipped");
    None
}

/// The rulings named in a verdict's `explain`, as `id: choice`, in order.
pub fn explained_rulings(v: &serde_json::Value) -> Vec<String> {
    let reasons = v["explain"].as_array().cloned().unwrap_or_default();
    reasons
        .iter()
        .flat_map(|r| r["rulings"].as_array().cloned().unwrap_or_default())
        .map(|r| {
            format!(
                "{}: {}",
                r["id"].as_str().unwrap_or(""),
                r["choice"].as_str().unwrap_or("")
            )
        })
        .collect()
}

/// A save or record without the identity kado draws when a game starts (`id:` in a save,
/// `# kado game id: …` heading a record), to compare two games played alike.
pub fn without_id(text: &str) -> String {
    text.split_inclusive('\n')
        .filter(|l| !l.starts_with("id: ") && !l.starts_with("# kado game id: "))
        .collect()
}

/// A save of `file` (under the fixtures' saves) with its first `from` written `to`,
/// resumed: refused, with `err`.
pub fn hand_edited_save(file: &str, from: &str, to: &str, err: &str) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/saves");
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(root.join(file)).unwrap();
    assert!(text.contains(from), "{file}");
    std::fs::write(dir.path().join("s.yaml"), text.replacen(from, to, 1)).unwrap();
    let game = file.split(['/', '-', '.']).nth(2).unwrap();
    Test::new()
        .current_dir(dir.path())
        .args([game, "resume", "s.yaml"])
        .stderr(err)
        .status(2)
        .run();
}
