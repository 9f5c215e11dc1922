//! End-to-end tests of the foundation: man pages in step, rulesets, error rendering.

mod common;
use common::*;

#[test]
fn man_pages_are_up_to_date() {
    let dir = tempfile::tempdir().unwrap();
    let (code, _, err) = run(&["generate-man", dir.path().to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let mut generated: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    generated.sort();
    for name in &generated {
        let fresh = std::fs::read_to_string(dir.path().join(name)).unwrap();
        let committed =
            std::fs::read_to_string(std::path::Path::new("man").join(name)).unwrap_or_default();
        assert!(
            fresh == committed,
            "man/{} is out of date: run `cargo run -- generate-man man`",
            name.to_string_lossy()
        );
    }
}
