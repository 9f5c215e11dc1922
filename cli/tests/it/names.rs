//! Players' names under one rule of equality in every game ([`kado::seat::same_name`]):
//! `ana` and `ANA`, `ana` and `Ａｎａ` (full-width), `straße` and `STRASSE` are one name,
//! so no two seats may be given it: not with `--players`, not on a record's players line,
//! not in a hand-edited save.

use crate::common::{Test, hand_edited_save};

const ONE_NAME: &str =
    "are one name: kado tells names apart without regard to case, width or accents written apart";

/// `--players ana,ANA` seated two players, and ANA's page showed ana's hand.
#[test]
#[allow(non_snake_case)]
fn pokino_players_ana_and_ANA_were_two_seats() {
    Test::new()
        .args(["pokino", "play", "--players", "ana,ANA"])
        .status(2)
        .stderr(format!(
            "error: `ana` and `ANA` {ONE_NAME}\n --> --players, column 5\n  |\n1 | ana,ANA\n  |     ^^^\n  = help: `ana` is at column 1; give each player a name of their own\n"
        ))
        .run();
    Test::new()
        .args(["pokino", "check", "-"])
        .stdin("players: straße ben STRASSE\n")
        .status(2)
        .stderr(format!(
            "error: `straße` and `STRASSE` {ONE_NAME}\n --> stdin, line 1, column 21\n  |\n1 | players: straße ben STRASSE\n  |                     ^^^^^^^\n  = help: `straße` is at column 10; give each player a name of their own\n"
        ))
        .run();
    hand_edited_save(
        "format-3/pokino-physical.yaml",
        "  - ben\n",
        "  - ANA\n",
        &format!(
            "error: `ana` and `ANA` {ONE_NAME}\n --> file s.yaml, line 8, column 1\n  |\n8 | setup:\n  | ^^^^^\n"
        ),
    );
}

#[test]
#[allow(non_snake_case)]
fn koikoi_players_ana_and_ANA_were_two_seats() {
    Test::new()
        .args(["koikoi", "play", "--players", "ana,Ａｎａ"])
        .status(2)
        .stderr(format!(
            "error: `ana` and `Ａｎａ` {ONE_NAME}\n --> --players, column 5\n  |\n1 | ana,Ａｎａ\n  |     ^^^^^^\n  = help: `ana` is at column 1; give each player a name of their own\n"
        ))
        .run();
    Test::new()
        .args(["koikoi", "check", "-"])
        .stdin("players: ana ANA\n")
        .status(2)
        .stderr(format!(
            "error: `ana` and `ANA` {ONE_NAME}\n --> stdin, line 1, column 14\n  |\n1 | players: ana ANA\n  |              ^^^\n  = help: `ana` is at column 10; give each player a name of their own\n"
        ))
        .run();
    hand_edited_save(
        "format-3/koikoi.yaml",
        "  - ben\n",
        "  - ANA\n",
        &format!(
            "error: `ana` and `ANA` {ONE_NAME}\n --> file s.yaml, line 10, column 1\n   |\n10 | setup:\n   | ^^^^^\n"
        ),
    );
}

#[test]
#[allow(non_snake_case)]
fn kinkado_players_ana_and_ANA_were_two_seats() {
    Test::new()
        .args(["kinkado", "play", "--players", "ana,ANA", "--no-alora"])
        .status(2)
        .stderr(format!(
            "error: `ana` and `ANA` {ONE_NAME}\n --> --players, column 5\n  |\n1 | ana,ANA\n  |     ^^^\n  = help: `ana` is at column 1; give each player a name of their own\n"
        ))
        .run();
    // ALORA's own name, full-width, is hers.
    Test::new()
        .args(["kinkado", "play", "--players", "ana,ＡＬＯＲＡ"])
        .status(2)
        .stderr("error: `alora` is ALORA's seat; use --alora\n  = help: e.g. --players ana,bo --alora\n")
        .run();
    Test::new()
        .args(["kinkado", "showdown", "--seat", "ana=KS,KH@5", "--seat", "Ａｎａ=QS,QH@5", "--pool", "3"])
        .status(2)
        .stderr(format!(
            "error: `ana` and `Ａｎａ` {ONE_NAME}\n --> --seat, column 1\n  |\n1 | Ａｎａ=QS,QH@5\n  | ^^^^^^\n  = help: give each player a different name\n"
        ))
        .run();
    Test::new()
        .args(["kinkado", "check", "-"])
        .stdin("players: ana ANA ALORA\n")
        .status(2)
        .stderr(format!(
            "error: `ana` and `ANA` {ONE_NAME}\n --> stdin, line 1, column 14\n  |\n1 | players: ana ANA ALORA\n  |              ^^^\n  = help: `ana` is at column 10; give each player a name of their own\n"
        ))
        .run();
    hand_edited_save(
        "format-3/kinkado-real.yaml",
        "  - bo\n",
        "  - ANA\n",
        &format!(
            "error: `ana` and `ANA` {ONE_NAME}\n --> file s.yaml, line 8, column 1\n  |\n8 | setup:\n  | ^^^^^\n"
        ),
    );
}

#[test]
#[allow(non_snake_case)]
fn kingmaker_players_ana_and_ANA_were_two_seats() {
    Test::new()
        .args(["kingmaker", "play", "--players", "ana,bo,straße,STRASSE", "--target", "3"])
        .status(2)
        .stderr(format!(
            "error: `straße` and `STRASSE` {ONE_NAME}\n --> --players, column 15\n  |\n1 | ana,bo,straße,STRASSE\n  |               ^^^^^^^\n  = help: `straße` is at column 8; give each player a name of their own\n"
        ))
        .run();
    Test::new()
        .args(["kingmaker", "check", "-"])
        .stdin("players: ana bo cy ANA\n")
        .status(2)
        .stderr(format!(
            "error: `ana` and `ANA` {ONE_NAME}\n --> stdin, line 1, column 20\n  |\n1 | players: ana bo cy ANA\n  |                    ^^^\n  = help: `ana` is at column 10; give each player a name of their own\n"
        ))
        .run();
    for file in ["format-3/kingmaker.yaml", "format-3/kingmaker-play.yaml"] {
        hand_edited_save(
            file,
            "  - bo\n",
            "  - ANA\n",
            &format!(
                "error: `ana` and `ANA` {ONE_NAME}\n --> file s.yaml, line 8, column 1\n  |\n8 | setup:\n  | ^^^^^\n"
            ),
        );
    }
}

/// A record imported into the history is refused as `check` refuses it, each problem once.
#[test]
#[allow(non_snake_case)]
fn history_import_of_players_ana_and_ANA_was_two_seats() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    Test::new()
        .current_dir(d)
        .args([
            "pokino",
            "simulate",
            "--players",
            "2",
            "--games",
            "1",
            "--seed",
            "1",
            "--record",
            "g.txt",
        ])
        .any_stdout()
        .any_stderr()
        .run();
    let text = std::fs::read_to_string(d.join("g.txt")).unwrap();
    assert!(text.contains("players: p1 p2\n"), "{text}");
    std::fs::write(
        d.join("g.txt"),
        text.replacen("players: p1 p2\n", "players: p1 Ｐ1\n", 1),
    )
    .unwrap();
    Test::new()
        .current_dir(d)
        .args(["--history", "h.sqlite", "history", "import", "g.txt"])
        .status(2)
        .stderr(format!(
            "error: `p1` and `Ｐ1` {ONE_NAME}\n --> file g.txt, line 2, column 13\n  |\n2 | players: p1 Ｐ1\n  |             ^^^\n  = help: `p1` is at column 10; give each player a name of their own\n"
        ))
        .run();
}
