//! The shape of the source: no two files of one folder import each other, however far
//! round (a module and its own children may; a child is a file of its folder below).
//! Read from the `use` lines and paths of src/, as text: `super::NAME` and
//! `crate::PATH::NAME` in a file's code (its tests and comments left out).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A folder's modules: each name, with its file's code.
fn modules_of(dir: &Path) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        if path.extension().is_some_and(|e| e == "rs") && name != "mod" && name != "lib" {
            out.insert(name, code_of(&std::fs::read_to_string(&path).unwrap()));
        }
    }
    out
}

/// A file's code as the product is built from it: its tests (from the first
/// `#[cfg(test)]` on) and its comments left out.
fn code_of(text: &str) -> String {
    let built = text.split("#[cfg(test)]").next().unwrap_or("");
    built
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// The names `text` takes after `prefix`: `prefix::a`, and each first name of
/// `prefix::{a::X, b, c::{Y, Z}}`.
fn names_after(text: &str, prefix: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for (at, _) in text.match_indices(prefix) {
        // `super::super::x` is no sibling.
        if text[..at].ends_with("super::") {
            continue;
        }
        let rest = &text[at + prefix.len()..];
        if rest.starts_with("super::") {
            continue;
        }
        if let Some(group) = rest.strip_prefix('{') {
            let (mut depth, mut word, mut first) = (0, String::new(), true);
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => first = true,
                    c if c.is_alphanumeric() || c == '_' => {
                        if depth == 0 && first {
                            word.push(c);
                        }
                    }
                    _ => {
                        if !word.is_empty() {
                            names.insert(std::mem::take(&mut word));
                        }
                        if c == ':' {
                            first = false;
                        }
                    }
                }
            }
            if !word.is_empty() {
                names.insert(word);
            }
        } else {
            let word: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            names.insert(word);
        }
    }
    names
}

/// A loop among `edges`, if any, as the names in it.
fn a_loop(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        n: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|p| p == n) {
            return Some(path[at..].to_vec());
        }
        if done.contains(n) {
            return None;
        }
        path.push(n.to_string());
        for next in edges.get(n).into_iter().flatten() {
            if let Some(found) = visit(next, edges, path, done) {
                return Some(found);
            }
        }
        path.pop();
        done.insert(n.to_string());
        None
    }
    let mut done = BTreeSet::new();
    edges
        .keys()
        .find_map(|n| visit(n, edges, &mut Vec::new(), &mut done))
}

/// Every folder of src/, with its path as `crate::…` names it.
fn folders(dir: PathBuf, path: String, out: &mut Vec<(PathBuf, String)>) {
    for entry in std::fs::read_dir(&dir).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            folders(p, format!("{path}::{name}"), out);
        }
    }
    out.push((dir, path));
}

#[test]
fn no_sibling_modules_import_each_other() {
    let mut all = Vec::new();
    for dir in crate::common::source_dirs() {
        folders(dir, "crate".into(), &mut all);
    }
    let mut loops = Vec::new();
    for (dir, path) in all {
        let modules = modules_of(&dir);
        let mut edges = BTreeMap::new();
        for (name, own) in &modules {
            let mut used = names_after(own, "super::");
            used.extend(names_after(own, &format!("{path}::")));
            used.retain(|u| u != name && modules.contains_key(u));
            edges.insert(name.clone(), used);
        }
        if let Some(l) = a_loop(&edges) {
            loops.push(format!("{path}: {}", l.join(" -> ")));
        }
    }
    assert!(
        loops.is_empty(),
        "modules that import each other: {loops:?}"
    );
}

#[test]
fn the_import_reader_finds_grouped_names() {
    let text = "use super::{cards::{Card, weight}, record::Call, yaku};\nuse super::sim::Dice;";
    let names: Vec<String> = names_after(text, "super::").into_iter().collect();
    assert_eq!(names, ["cards", "record", "sim", "yaku"]);
    let edges = BTreeMap::from([
        ("a".to_string(), BTreeSet::from(["b".to_string()])),
        ("b".to_string(), BTreeSet::from(["a".to_string()])),
    ]);
    assert_eq!(a_loop(&edges), Some(vec!["a".to_string(), "b".to_string()]));
}

/// Every source file of every package is read at once: none is over 1,000 lines.
#[test]
fn no_source_file_is_over_a_thousand_lines() {
    fn walk(dir: &Path, out: &mut Vec<(PathBuf, usize)>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let lines = std::fs::read_to_string(&path).unwrap().lines().count();
                out.push((path, lines));
            }
        }
    }
    let top = crate::common::top();
    let mut files = Vec::new();
    for package in ["src", "store/src", "screen/src", "cli/src", "bench"] {
        walk(&top.join(package), &mut files);
    }
    let long: Vec<String> = (files.iter())
        .filter(|(_, n)| *n > 1000)
        .map(|(p, n)| format!("{} ({n} lines)", p.display()))
        .collect();
    assert!(long.is_empty(), "split these: {long:?}");
}

/// The command line's modules never import from its root (`main.rs`): what they share is
/// in modules of its own (`ctx`, `args`, `limits`, …). Read as text: in the built code of
/// every file of cli/src, each `crate::NAME` names a module, and a file of cli/src itself
/// writes no `super::` (its parent is the root).
#[test]
fn the_command_line_imports_nothing_from_its_root() {
    let src = crate::common::top().join("cli/src");
    let mut all = Vec::new();
    folders(src.clone(), String::new(), &mut all);
    let root = modules_of(&src);
    let mut upward = Vec::new();
    for (dir, _) in all {
        for (name, code) in modules_of(&dir) {
            let mut named = names_after(&code, "crate::");
            named.retain(|n| !root.contains_key(n) && !src.join(n).is_dir());
            if dir == src && code.contains("super::") {
                named.insert("super::…".to_string());
            }
            if !named.is_empty() {
                upward.push(format!("{}/{name}.rs: {named:?}", dir.display()));
            }
        }
    }
    assert!(upward.is_empty(), "imports from main.rs: {upward:?}");
}

/// docs/ARCHITECTURE.md names only files that exist: each path with a folder (`GAME`
/// standing for any game), from the top or from one of the packages' sources; each bare
/// file name, somewhere in them.
#[test]
fn architecture_names_only_files_that_exist() {
    let top = crate::common::top();
    let text = std::fs::read_to_string(top.join("docs/ARCHITECTURE.md")).unwrap();
    let roots = [
        "",
        "src/",
        "cli/src/",
        "store/src/",
        "cli/tests/it/",
        "bench/",
    ];
    let mut every = Vec::new();
    for package in [
        "src",
        "store/src",
        "screen/src",
        "cli/src",
        "cli/tests",
        "bench",
    ] {
        files_below(&top.join(package), &mut every);
    }
    let games = ["kinkado", "kinga", "pokino", "koikoi", "kingmaker"];
    let mut missing = Vec::new();
    let words = text.split(|c: char| !(c.is_ascii_alphanumeric() || "_./-".contains(c)));
    for word in words.filter(|w| w.ends_with(".rs")) {
        let found = if word.contains('/') {
            let each: Vec<String> = match word.contains("GAME") {
                true => games.iter().map(|g| word.replace("GAME", g)).collect(),
                false => vec![word.to_string()],
            };
            (each.iter()).all(|w| roots.iter().any(|r| top.join(format!("{r}{w}")).exists()))
        } else {
            let each: Vec<String> = match word.contains("GAME") {
                true => games.iter().map(|g| word.replace("GAME", g)).collect(),
                false => vec![word.to_string()],
            };
            (each.iter()).all(|w| every.iter().any(|p| p.ends_with(w)))
        };
        if !found {
            missing.push(word.to_string());
        }
    }
    assert!(
        missing.is_empty(),
        "ARCHITECTURE names files that are not there: {missing:?}"
    );
}

/// Every file below `dir`.
fn files_below(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files_below(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// Every game folder has the files of ARCHITECTURE's skeleton, each a module of the game
/// (`sim.rs` in each game that simulates), and its game as played is `game::Game`.
#[test]
fn every_game_folder_has_the_skeleton_architecture_names() {
    let top = crate::common::top();
    let text = std::fs::read_to_string(top.join("docs/ARCHITECTURE.md")).unwrap();
    let section = text
        .split("## One skeleton for every game")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .unwrap();
    let files: Vec<&str> = section
        .lines()
        .filter_map(|l| l.strip_prefix("| `")?.split('`').next())
        .collect();
    assert!(files.len() >= 10, "{files:?}");
    let mut missing = Vec::new();
    for game in ["kinkado", "kinga", "pokino", "koikoi", "kingmaker"] {
        let dir = top.join("src").join(game);
        let declared = std::fs::read_to_string(dir.join("mod.rs")).unwrap();
        for file in &files {
            if *file == "sim.rs" && game == "kingmaker" {
                continue;
            }
            let module = file.trim_end_matches(".rs");
            let is_module = *file == "mod.rs" || declared.contains(&format!("pub mod {module};"));
            if !dir.join(file).exists() || !is_module {
                missing.push(format!("src/{game}/{file}"));
            }
        }
        let game_rs = std::fs::read_to_string(dir.join("game.rs")).unwrap();
        if !game_rs.contains("pub struct Game {") {
            missing.push(format!("src/{game}/game.rs: pub struct Game"));
        }
        if !declared.contains("impl crate::kind::Kind for ") {
            missing.push(format!("src/{game}/mod.rs: impl Kind"));
        }
    }
    assert!(missing.is_empty(), "missing from the skeleton: {missing:?}");
}

/// docs/ARCHITECTURE.md names only types and functions that exist: each `Type`, `Type::item`
/// or `CONST` in backticks is declared in one of the packages' sources (the standard
/// library's few names aside), and an item after a type is a function, variant or constant
/// found there.
#[test]
fn architecture_names_only_types_that_exist() {
    let top = crate::common::top();
    let text = std::fs::read_to_string(top.join("docs/ARCHITECTURE.md")).unwrap();
    let mut code = String::new();
    let mut every = Vec::new();
    for package in [
        "src",
        "store/src",
        "screen/src",
        "cli/src",
        "cli/tests",
        "bench",
    ] {
        files_below(&top.join(package), &mut every);
    }
    for path in every
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
    {
        code += &std::fs::read_to_string(path).unwrap();
    }
    let declared = |name: &str| {
        [
            "struct", "enum", "trait", "type", "const", "static", "fn", "mod",
        ]
        .iter()
        .any(|kind| code.contains(&format!("{kind} {name}")))
    };
    let std_names = [
        "Display", "FromStr", "Result", "None", "Some", "Option", "Default",
    ];
    let mut missing = Vec::new();
    for token in text.split('`').skip(1).step_by(2) {
        let segments: Vec<&str> = token.split("::").collect();
        let well_formed = segments
            .iter()
            .all(|s| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'));
        let first = segments[0];
        if !well_formed || !first.starts_with(|c: char| c.is_ascii_uppercase()) {
            continue;
        }
        if first == "GAME" || std_names.contains(&first) {
            continue;
        }
        let item_found = |s: &str| {
            declared(s)
                || code.contains(&format!("    {s}"))
                || code.contains(&format!("{s} {{"))
                || code.contains(&format!("{s}("))
        };
        if !declared(first) || !segments[1..].iter().all(|s| item_found(s)) {
            missing.push(token.to_string());
        }
    }
    missing.sort();
    missing.dedup();
    assert!(
        missing.is_empty(),
        "ARCHITECTURE names types or items that are not there: {missing:?}"
    );
}
