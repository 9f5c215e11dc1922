use super::*;

#[test]
fn a_foreign_database_is_refused_and_left_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("other.sqlite");
    let other = Connection::open(&path).unwrap();
    other.execute_batch("CREATE TABLE t (x INTEGER)").unwrap();
    drop(other);
    let before = std::fs::read(&path).unwrap();
    let e = Db::open(&path).err().unwrap();
    assert!(
        e.summary()
            .contains("is an SQLite database, but not kado's play history"),
        "{}",
        e.summary()
    );
    assert_eq!(std::fs::read(&path).unwrap(), before);
    let junk = dir.path().join("junk.sqlite");
    std::fs::write(
        &junk,
        "not a database at all, just text that is long enough",
    )
    .unwrap();
    let e = Db::open(&junk).err().unwrap();
    assert!(
        e.summary().contains("is not an SQLite database"),
        "{}",
        e.summary()
    );
    assert_eq!(
        std::fs::read_to_string(&junk).unwrap(),
        "not a database at all, just text that is long enough"
    );
}

#[test]
fn a_game_is_added_once() {
    let dir = tempfile::tempdir().unwrap();
    let mut db = Db::open(&dir.path().join("h.sqlite")).unwrap();
    let outcome = Outcome {
        finished: true,
        ..Outcome::default()
    };
    let entry = Entry {
        game: "kinga",
        ruleset: "kinga",
        outcome: &outcome,
        source: "g.yaml",
        log: "game: kinga\n",
        ident: ident(Some("a"), "g.yaml", 0, "game: kinga\n"),
        legacy: None,
    };
    assert_eq!(db.add(&entry).unwrap(), Added::New(1));
    assert_eq!(db.add(&entry).unwrap(), Added::Already(1));
    // Another game with the same moves is another game.
    let other = Entry {
        ident: ident(Some("b"), "g.yaml", 0, "game: kinga\n"),
        ..entry
    };
    assert_eq!(db.add(&other).unwrap(), Added::New(2));
    assert!(db.forget(1).unwrap());
    assert!(!db.forget(1).unwrap());
}

/// `--player STRASSE` found no game of `straße`, nor `--player ana` one of `Ａｎａ`:
/// SQLite's NOCASE folds ASCII letters only.
#[test]
fn a_player_is_found_under_the_one_rule_of_names() {
    let dir = tempfile::tempdir().unwrap();
    let mut db = Db::open(&dir.path().join("h.sqlite")).unwrap();
    let seat = |name: &str| kado::history::SeatOutcome {
        name: name.to_string(),
        score: 1,
        won: false,
        kado: false,
    };
    let outcome = Outcome {
        finished: true,
        seats: vec![seat("straße"), seat("Ａｎａ")],
        ..Outcome::default()
    };
    let entry = Entry {
        game: "koikoi",
        ruleset: "koikoi",
        outcome: &outcome,
        source: "g.yaml",
        log: "game: koikoi\n",
        ident: ident(Some("a"), "g.yaml", 0, "game: koikoi\n"),
        legacy: None,
    };
    assert_eq!(db.add(&entry).unwrap(), Added::New(1));
    for (player, games) in [("STRASSE", 1), ("ana", 1), ("ANA", 1), ("ben", 0)] {
        let filter = Filter {
            player: Some(player.to_string()),
            ..Filter::default()
        };
        assert_eq!(db.games(&filter).unwrap().len(), games, "{player}");
        let mut seen = 0;
        db.each_outcome(&filter, |_, _| seen += 1).unwrap();
        assert_eq!(seen, games, "{player}");
    }
}

#[test]
fn new_game_ids_differ() {
    let (a, b) = (new_game_id(), new_game_id());
    assert_eq!(a.len(), 32);
    assert_ne!(a, b);
    let record = with_id_line(Some(&a), "players: ana ben\n");
    assert_eq!(id_of_record(&record), Some(a.as_str()));
    assert_eq!(id_of_record("players: ana ben\n"), None);
}
