//! Helpers shared by the integration tests: run the real binary and compare output.
#![allow(dead_code)]

use assert_cmd::Command;

/// A home of the test process's own, so that nothing a test does reaches the user's data
/// folder. The play history is off unless a test names one (`--history FILE`).
pub fn test_home() -> std::path::PathBuf {
    let home = std::env::temp_dir().join(format!("kado-test-home-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&home);
    home
}

/// The `kado` binary, with colour off and a fixed environment.
pub fn kado() -> Command {
    let mut c = Command::cargo_bin("kado").expect("the kado binary is built");
    c.env("NO_COLOR", "1")
        .env_remove("COLUMNS")
        .env("KADO_HOME", test_home())
        .env("KADO_HISTORY", "off");
    c
}

/// Runs kado with `args`; returns (exit code, stdout, stderr).
pub fn run(args: &[&str]) -> (i32, String, String) {
    outcome(kado().args(args))
}

/// Runs kado with `input` on stdin; returns (exit code, stdout, stderr).
pub fn run_with_input(args: &[&str], input: impl AsRef<[u8]>) -> (i32, String, String) {
    outcome(kado().args(args).write_stdin(input.as_ref()))
}

/// Runs kado in `dir` with `input` on stdin; returns (exit code, stdout, stderr).
pub fn run_in(
    dir: &std::path::Path,
    args: &[&str],
    input: impl AsRef<[u8]>,
) -> (i32, String, String) {
    outcome(
        kado()
            .current_dir(dir)
            .args(args)
            .write_stdin(input.as_ref()),
    )
}

/// Runs a command to its end: (exit code, stdout, stderr).
fn outcome(c: &mut Command) -> (i32, String, String) {
    let out = c.output().expect("kado runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs kado and parses stdout as JSON; the run must succeed.
pub fn json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let (code, out, err) = run(&all);
    assert_eq!(code, 0, "kado {args:?} failed: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("not JSON ({e}): {out}"))
}

/// Runs kado, expecting exit 2, and returns stderr.
pub fn bad(args: &[&str]) -> String {
    let (code, out, err) = run(args);
    assert_eq!(code, 2, "kado {args:?} should fail with 2; stdout: {out}");
    assert!(out.is_empty(), "nothing on stdout for an error: {out}");
    err
}

/// The `kado` binary as a plain process (for piping stdin and killing it).
pub fn kado_process() -> std::process::Command {
    let mut c = std::process::Command::new(assert_cmd::cargo::cargo_bin!("kado"));
    c.env("NO_COLOR", "1")
        .env_remove("COLUMNS")
        .env("KADO_HOME", test_home())
        .env("KADO_HISTORY", "off");
    c
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
