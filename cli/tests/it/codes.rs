//! The `code` of every kind of problem, as kado(1) lists it: each reached through the
//! binary, in a JSON error on stderr or in the first illegal line of a check's verdict.

use crate::common::*;

/// Where the code is found: a JSON error's first problem, or a check verdict's illegal line.
enum In {
    Error,
    Illegal,
}

/// Each documented code, a command that gives it, its standard input, and where it shows.
const CASES: &[(&str, &[&str], &str, In)] = &[
    ("input", &["pokino", "score"], "", In::Error),
    (
        "notation",
        &["pokino", "score", "--beads", "x", "3"],
        "",
        In::Error,
    ),
    (
        "unknown-card",
        &["kinkado", "hand", "KX", "QH"],
        "",
        In::Error,
    ),
    (
        "impossible",
        &["kinkado", "hand", "AS", "AS", "KH"],
        "",
        In::Error,
    ),
    (
        "illegal-move",
        &["kinga", "check", "-"],
        "deck: 2S 2H AD AC AS 2C AH 2D JK JK\n1. suspicion KS\nkeep 2H\n2. 2H AS > 3S\n",
        In::Illegal,
    ),
    (
        "not-your-turn",
        &["koikoi", "check", "-"],
        "players: ana ben\nana: 1b 1r 2a 3p 5a 7r 9p 11p\nben: 2r 4a 4r 6a 8p 10a 12p 12p\ntable: 1p 3b 4p 6r 8b 9a 10r 12b\nben 4a / 2p\n",
        In::Illegal,
    ),
    (
        "wrong-phase",
        &["kinkado", "check", "-"],
        "players: ana alora\nana bets $5\n",
        In::Illegal,
    ),
    (
        "game-over",
        &["koikoi", "check", "-"],
        GAME_OVER,
        In::Illegal,
    ),
    (
        "unknown-player",
        &["kinkado", "check", "-"],
        "players: ana alora\nbo sells AS\n",
        In::Illegal,
    ),
    (
        "bad-name",
        &["kinkado", "play", "--players", "a b"],
        "",
        In::Error,
    ),
    (
        "bad-setup",
        &[
            "kinkado",
            "play",
            "--alora",
            "--players",
            "a,b,c,d,e,f,g,h,i",
        ],
        "",
        In::Error,
    ),
    ("usage", &["kinkado", "no-such-command"], "", In::Error),
    (
        "file",
        &["kinga", "check", "no-such-record.txt"],
        "",
        In::Error,
    ),
    (
        "ruleset",
        &["rules", "check", "tests/fixtures/broken.yaml"],
        "",
        In::Error,
    ),
    (
        "ruleset-unknown",
        &["rules", "check", "tests/fixtures/typo-ruling.yaml"],
        "",
        In::Error,
    ),
    (
        "ruleset-value-out-of-range",
        &["rules", "check", "tests/fixtures/negative-money.yaml"],
        "",
        In::Error,
    ),
    (
        "ruleset-wrong-game",
        &["--rules", "pokino", "kinga", "check", "-"],
        "",
        In::Error,
    ),
    (
        "save",
        &["kinkado", "resume", "tests/fixtures/broken.yaml"],
        "",
        In::Error,
    ),
];

/// A Koi-Koi game of one round, then a line after its end.
const GAME_OVER: &str = "# ruleset: short = koikoi, rounds: 1
players: ana ben
ana: 1b 1r 2a 3p 5a 7r 9p 11p
ben: 2r 4a 4r 6a 8p 10a 12p 12p
table: 1p 3b 4p 6r 8b 9a 10r 12b
ana 1r / 7p
ben 4a / 2p
ana 9p / 8a koi
ben 6a / 3r
ana 2a / 5p
ben 10a / 7a stop
round
table: 1p 3b 4p 6r 8b 9a 10r 12b
";

fn code_of(args: &[&str], stdin: &str, place: &In) -> String {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let (status, out, err) = run_with_input(&all, stdin);
    let v: serde_json::Value = match place {
        In::Error => {
            assert_eq!(status, 2, "{args:?}: {out}{err}");
            serde_json::from_str(&err).unwrap_or_else(|e| panic!("{args:?}: {e}: {err}"))
        }
        In::Illegal => {
            assert_eq!(status, 0, "{args:?}: {err}");
            serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: {e}: {out}"))
        }
    };
    let code = match place {
        In::Error => &v["problems"][0]["code"],
        In::Illegal => &v["illegal"]["code"],
    };
    code.as_str()
        .unwrap_or_else(|| panic!("{args:?}: {v}"))
        .to_string()
}

#[test]
fn each_documented_code_is_given_where_the_man_page_says() {
    for (code, args, stdin, place) in CASES {
        assert_eq!(code_of(args, stdin, place), *code, "{args:?}");
    }
}

#[test]
fn the_history_code_names_a_damaged_history() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("history.db");
    std::fs::write(&db, "not a database").unwrap();
    let db = db.to_string_lossy().to_string();
    assert_eq!(
        code_of(&["--history", &db, "history"], "", &In::Error),
        "history"
    );
}

#[test]
fn the_man_page_lists_every_code_and_each_listed_code_is_tested() {
    let man = std::fs::read_to_string(crate::common::top().join("man/kado.1"))
        .unwrap()
        .replace("\\-", "-")
        .replace("\\*(Aq", "'");
    let listed: Vec<&str> = man
        .split("Its code is one of: ")
        .nth(1)
        .and_then(|rest| rest.split(". A check").next())
        .unwrap_or_else(|| panic!("no list of codes in man/kado.1"))
        .split("; ")
        .filter_map(|item| item.split(" (").next())
        .collect();
    let tested: Vec<&str> = CASES.iter().map(|c| c.0).collect();
    for code in &listed {
        // `history` has its own test; `internal` is a failure no input should reach.
        if !["history", "internal"].contains(code) {
            assert!(tested.contains(code), "{code} is listed but not tested");
        }
    }
    for code in &tested {
        assert!(listed.contains(code), "{code} is tested but not listed");
    }
    assert_eq!(listed.len(), CASES.len() + 2, "{listed:?}");
    let library: Vec<String> = kado::diag::Code::ALL
        .iter()
        .map(|c| format!("{} ({})", c.word(), c.means()))
        .collect();
    let man_items: Vec<&str> = man
        .split("Its code is one of: ")
        .nth(1)
        .and_then(|rest| rest.split(". A check").next())
        .unwrap_or_default()
        .split("; ")
        .collect();
    assert_eq!(
        man_items, library,
        "kado(1) lists the codes as the library names them"
    );
}
