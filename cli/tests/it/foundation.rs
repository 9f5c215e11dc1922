//! End-to-end tests of the foundation: man pages in step, rulesets, error rendering.

use crate::common::*;

#[test]
fn man_pages_are_up_to_date() {
    let dir = tempfile::tempdir().unwrap();
    Test::new()
        .args(["generate-man", dir.path().to_str().unwrap()])
        .run();
    let mut generated: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    generated.sort();
    for name in &generated {
        let fresh = std::fs::read_to_string(dir.path().join(name)).unwrap();
        let committed = std::fs::read_to_string(top().join("man").join(name)).unwrap_or_default();
        assert!(
            fresh == committed,
            "man/{} is out of date: run `cargo run -- generate-man man`",
            name.to_string_lossy()
        );
    }
}

/// Every page in man/ renders with groff without a single warning (an escape groff does
/// not know, such as `\(u2660`, shows as stray text in `man`). Skipped, with a note, on a
/// machine without groff, except under CI (.ci/run installs it).
#[test]
fn man_pages_render_without_warnings() {
    let mut pages: Vec<_> = std::fs::read_dir(top().join("man"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    pages.sort();
    assert!(pages.len() > 10, "the man pages are in man/");
    if tool("groff", &["--version"]).is_none() {
        return;
    }
    for page in &pages {
        let out = std::process::Command::new("groff")
            .args(["-man", "-ww", "-z", "-Tutf8"])
            .arg(page)
            .output()
            .unwrap_or_else(|e| panic!("cannot run groff: {e}"));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success() && err.is_empty(),
            "{} does not render cleanly:\n{err}",
            page.display()
        );
    }
}

/// Red suits are coloured on a terminal (run under `script`, which gives kado a
/// pseudo-terminal), and never with NO_COLOR or when piped. Skipped, with a note, on a
/// machine without `script`, except under CI.
#[test]
fn colour_only_on_a_terminal() {
    if tool("script", &["--version"]).is_none() {
        return;
    }
    let cmd = format!("{} kinkado hand KH QS", kado_bin().display());
    let out = std::process::Command::new("script")
        .args(["-qc", &cmd, "/dev/null"])
        .env_remove("NO_COLOR")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("\x1b[31mK♥\x1b[0m"), "{text:?}");
    let out = std::process::Command::new("script")
        .args(["-qc", &cmd, "/dev/null"])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&out.stdout).contains('\x1b'));
    Test::new()
        .args(["kinkado", "hand", "KH", "QS"])
        .stdout("K♥ Q♠: High card — tier 1, sum $35\n")
        .run();
}
