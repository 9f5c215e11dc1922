//! Bad input: each case with its exact error text and exit status 2.
//! Generated from the binary and checked by hand; house-rules fixtures live in tests/fixtures.

use crate::common::Test;

const CASES: &[(&str, &str)] = &[
    (
        "kinkado hand 1S KH",
        "error: unknown rank `1` in `1S`\n --> argument CARDS, column 1\n  |\n1 | 1S KH\n  | ^\n  = expected: a rank: A 2 3 4 5 6 7 8 9 10 J Q K (T for 10), or JK for a joker\n  = help: did you mean A♠? (1 is written A)\n",
    ),
    (
        "kinkado hand 11H KH",
        "error: unknown rank `11` in `11H`\n --> argument CARDS, column 1\n  |\n1 | 11H KH\n  | ^^\n  = expected: a rank: A 2 3 4 5 6 7 8 9 10 J Q K (T for 10), or JK for a joker\n  = help: did you mean J♥? (11 is written J)\n",
    ),
    (
        "kinkado hand KX QH",
        "error: unknown suit `X` in `KX`\n --> argument CARDS, column 2\n  |\n1 | KX QH\n  |  ^\n  = expected: a suit: S H D C (or ♠ ♥ ♦ ♣)\n  = help: did you mean K♠, K♥, K♦ or K♣?\n",
    ),
    (
        "kinkado hand K QH",
        "error: `K` has no suit\n --> argument CARDS, column 1\n  |\n1 | K QH\n  | ^\n  = expected: a suit: S H D C (or ♠ ♥ ♦ ♣)\n",
    ),
    (
        "kinkado hand 10 QH",
        "error: `10` has no suit\n --> argument CARDS, column 1\n  |\n1 | 10 QH\n  | ^^\n  = expected: a suit: S H D C (or ♠ ♥ ♦ ♣)\n",
    ),
    (
        "kinkado hand ZZ QH",
        "error: unknown rank `Z` in `ZZ`\n --> argument CARDS, column 1\n  |\n1 | ZZ QH\n  | ^^\n  = expected: a rank: A 2 3 4 5 6 7 8 9 10 J Q K (T for 10), or JK for a joker\n",
    ),
    (
        "kinkado hand ♠A QH",
        "error: `♠A` is written suit first\n --> argument CARDS, column 1\n  |\n1 | ♠A QH\n  | ^^\n  = expected: the rank, then the suit\n  = help: did you mean A♠?\n",
    ),
    (
        "kinkado hand AS! QH",
        "error: unexpected `!` after a card\n --> argument CARDS, column 3\n  |\n1 | AS! QH\n  |   ^\n  = expected: a space or a comma between cards\n",
    ),
    (
        "kinkado hand AsKX10h ZZ 1s",
        "error: unknown suit `X` in `KX`\n --> argument CARDS, column 4\n  |\n1 | AsKX10h ZZ 1s\n  |    ^\n  = expected: a suit: S H D C (or ♠ ♥ ♦ ♣)\n  = help: did you mean K♠, K♥, K♦ or K♣?\n\nerror: unknown rank `Z` in `ZZ`\n --> argument CARDS, column 9\n  |\n1 | AsKX10h ZZ 1s\n  |         ^^\n  = expected: a rank: A 2 3 4 5 6 7 8 9 10 J Q K (T for 10), or JK for a joker\n\nerror: unknown rank `1` in `1s`\n --> argument CARDS, column 12\n  |\n1 | AsKX10h ZZ 1s\n  |            ^\n  = expected: a rank: A 2 3 4 5 6 7 8 9 10 J Q K (T for 10), or JK for a joker\n  = help: did you mean A♠? (1 is written A)\n\n3 problems found\n",
    ),
    (
        "kinkado hand ,",
        "error: no cards given\n --> argument CARDS, column 1\n  |\n1 | ,\n  | ^\n  = expected: cards such as `AS KH 10D` or `A♠ K♥ 10♦`\n",
    ),
    (
        "kinkado hand AS AS KH",
        "error: A♠ is named twice: one pack holds one A♠\n --> argument CARDS, column 4\n  |\n1 | AS AS KH\n  |    ^^\n  = help: the first A♠ is at column 1\n",
    ),
    (
        "kinkado hand JK JK JK AS",
        "error: more than 2 jokers: one pack holds 2\n --> argument CARDS, column 7\n  |\n1 | JK JK JK AS\n  |       ^^\n",
    ),
    (
        "kinkado hand AS",
        "error: a played hand has 2 to 5 cards, not 1\n --> argument CARDS, column 1\n  |\n1 | AS\n  | ^^\n  = help: play at least two cards\n",
    ),
    (
        "kinkado hand AS KS QS JS 10S 9S",
        "error: a played hand has 2 to 5 cards, not 6\n --> argument CARDS, column 1\n  |\n1 | AS KS QS JS 10S 9S\n  | ^^^^^^^^^^^^^^^^^^\n  = help: for ALORA, who plays all she holds, use `kado kinkado alora hand`\n",
    ),
    (
        "kinkado hand 0S KH",
        "error: unknown rank `0` in `0S`\n --> argument CARDS, column 1\n  |\n1 | 0S KH\n  | ^\n  = expected: a rank: A 2 3 4 5 6 7 8 9 10 J Q K (T for 10), or JK for a joker\n",
    ),
    (
        "kinkado hand 14H KH",
        "error: unknown rank `14` in `14H`\n --> argument CARDS, column 1\n  |\n1 | 14H KH\n  | ^^\n  = expected: a rank: A 2 3 4 5 6 7 8 9 10 J Q K (T for 10), or JK for a joker\n",
    ),
    (
        "kinkado alora buy --market KD --stash lots",
        "error: `lots` is not an amount of money\n --> --stash, column 1\n  |\n1 | lots\n  | ^^^^\n  = expected: a whole number of dollars, such as 25 or $25\n",
    ),
    (
        "kinkado alora buy --market KD --stash 5 --holding x",
        "error: `x` is not a number of cards\n --> --holding, column 1\n  |\n1 | x\n  | ^\n  = expected: a whole number such as 5\n",
    ),
    (
        "kinkado alora bet --round 10 --stash 5",
        "error: `10` is not a round of Kin Kādo\n --> --round, column 1\n  |\n1 | 10\n  | ^^\n  = expected: a round from 1 to 9\n",
    ),
    (
        "kinkado alora bet --round 2 --stash 5 --face-up KH|KH",
        "error: K♥ is named twice: one pack holds one K♥\n --> --face-up, column 4\n  |\n1 | KH KH\n  |    ^^\n  = help: the first K♥ is at column 1\n",
    ),
    (
        "kinkado alora bet --round 0 --stash $ --face-up 1H",
        "error: `0` is not a round of Kin Kādo\n --> --round, column 1\n  |\n1 | 0\n  | ^\n  = expected: a round from 1 to 9\n\nerror: `$` is not an amount of money\n --> --stash, column 1\n  |\n1 | $\n  | ^\n  = expected: a whole number of dollars, such as 25 or $25\n\nerror: unknown rank `1` in `1H`\n --> --face-up, column 1\n  |\n1 | 1H\n  | ^\n  = expected: a rank: A 2 3 4 5 6 7 8 9 10 J Q K (T for 10), or JK for a joker\n  = help: did you mean A♥? (1 is written A)\n\n3 problems found\n",
    ),
    (
        "kinkado round zero",
        "error: `zero` is not a round of Kin Kādo\n --> argument ROUND, column 1\n  |\n1 | zero\n  | ^^^^\n  = expected: a round from 1 to 9\n",
    ),
    (
        "kinkado showdown --seat anaKS@5 --pool 3",
        "error: `anaKS@5` has no player name\n --> --seat, column 1\n  |\n1 | anaKS@5\n  | ^^^^^^^\n  = expected: NAME=CARDS@BET, e.g. `ana=KS,KH@5`\n",
    ),
    (
        "kinkado showdown --seat ana=KS,KH --pool 3",
        "error: the bet is missing\n --> --seat, column 10\n  |\n1 | ana=KS,KH\n  |          ^\n  = expected: CARDS@BET, e.g. `KS,KH@5`\n",
    ),
    (
        "kinkado showdown --seat ana=KS,KH@x --pool 3",
        "error: `x` is not an amount of money\n --> --seat, column 11\n  |\n1 | ana=KS,KH@x\n  |           ^\n  = expected: a whole number of dollars after @\n",
    ),
    (
        "kinkado showdown --seat ana=KS,KH@5 --seat ana=QS,QH@5 --pool 3",
        "error: `ana` is named twice among the players\n --> --seat, column 1\n  |\n1 | ana=QS,QH@5\n  | ^^^\n  = help: give each player a different name\n",
    ),
    (
        "kinkado showdown --seat ana=KS,KH@5 --alora KS|2D@5 --pool 3",
        "error: K♠ is named twice: one pack holds one K♠\n --> --alora, column 1\n  |\n1 | KS 2D@5\n  | ^^\n  = help: the first K♠ is at --seat\n",
    ),
    (
        "kinkado showdown --seat ana=KS,KH@30 --pool 3",
        "error: ana bets $30, above the $25 limit\n --> --seat, column 11\n  |\n1 | ana=KS,KH@30\n  |           ^^\n",
    ),
    (
        "kinkado showdown --seat ana=KS@5 --pool 3",
        "error: ana plays 1 card; a played hand has 2 to 5\n --> --seat, column 5\n  |\n1 | ana=KS@5\n  |     ^^\n",
    ),
    (
        "kinkado showdown --seat alora=KS,KH@5 --pool 3",
        "error: ALORA's seat is given with --alora\n --> --seat, column 1\n  |\n1 | alora=KS,KH@5\n  | ^^^^^\n  = help: --alora 'KS,KH@5'\n",
    ),
    (
        "kinkado showdown --seat ana=KS,KH@5 --pool 3 --pool-chips 1,1",
        "error: the chips add up to $2, but the pool holds $3\n --> --pool-chips, column 1\n  |\n1 | 1,1\n  | ^^^\n",
    ),
    (
        "kinkado showdown --seat ana=KS,KH@5 --pool 3 --pool-chips 1,x,1",
        "error: `x` is not a chip value\n --> --pool-chips, column 3\n  |\n1 | 1,x,1\n  |   ^\n  = expected: chip values separated by commas, e.g. 25,5,1,1\n",
    ),
    (
        "kinkado showdown --pool 3",
        "error: no seats given\n  = help: give each player as --seat NAME=CARDS@BET, and ALORA as --alora CARDS@BET\n",
    ),
    (
        "kinkado showdown --seat ana=KS,KH@5 --pool -3",
        "error: unexpected argument '-3' found\n\nUsage: kado kinkado showdown [OPTIONS] --pool <MONEY>\n\nFor more information, try '--help'.\n",
    ),
    (
        "kinkado --rules kinkad hand AS KS",
        "error: no built-in ruleset is called `kinkad`, and no file either\n  = expected: a built-in ruleset (kinkado, kinga, kinga-hardcore, pokino, pokino-greed, pokino-up, pokino-tear-down, pokino-territory, koikoi, koikoi-fudawiki, koikoi-bga, kingmaker, kingmaker-shown) or a house-rules YAML file\n  = help: did you mean `kinkado`?\n",
    ),
    (
        "kinkado --rules typo-ruling.yaml hand AS KS",
        "error: unknown ruling `joker-sun` for Kin Kādo\n --> file typo-ruling.yaml, line 3, column 3\n  |\n3 |   joker-sun: as-chosen\n  |   ^^^^^^^^^\n  = expected: a ruling of kinkado: joker-sum, joker-duplicates, ace-straights, five-of-a-kind, alora-sum, alora-cards, alora-buy, alora-face-up, split, alora-ties, alora-last-room, solo-first, alora-seat, game-tie, bank-bet, buy-sources, sell-turns, empty-deck, short-hand\n  = help: did you mean `joker-sum`?\n",
    ),
    (
        "kinkado --rules typo-key.yaml hand AS KS",
        "error: unknown key `rullings`\n --> file typo-key.yaml, line 2, column 1\n  |\n2 | rullings:\n  | ^^^^^^^^\n  = expected: one of: base, name, summary, rulings, values, notes\n  = help: did you mean `rulings`?\n",
    ),
    (
        "kinkado --rules typo-choice.yaml hand AS KS",
        "error: `as-chosn` is not a choice of ruling `joker-sum`\n --> file typo-choice.yaml, line 3, column 14\n  |\n3 |   joker-sum: as-chosn\n  |              ^^^^^^^^\n  = expected: one of: face-value, as-chosen\n  = help: did you mean `as-chosen`?\n",
    ),
    (
        "kinkado --rules typo-base.yaml hand AS KS",
        "error: unknown base ruleset `kinkad`\n --> file typo-base.yaml, line 1, column 7\n  |\n1 | base: kinkad\n  |       ^^^^^^\n  = expected: one of: kinkado, kinga, kinga-hardcore, pokino, pokino-greed, pokino-up, pokino-tear-down, pokino-territory, koikoi, koikoi-fudawiki, koikoi-bga, kingmaker, kingmaker-shown\n  = help: did you mean `kinkado`?\n",
    ),
    (
        "kinkado --rules typo-value.yaml hand AS KS",
        "error: unknown value `start-mony` for Kin Kādo\n --> file typo-value.yaml, line 3, column 3\n  |\n3 |   start-mony: 60\n  |   ^^^^^^^^^^\n  = expected: one of: alora-buy-minimum, deck-card-cost, hand-limit, max-bet, max-sales, rounds, start-money\n  = help: did you mean `start-money`?\n",
    ),
    (
        "kinkado --rules broken.yaml hand AS KS",
        "error: expected a single value\n --> file broken.yaml, line 1, column 7\n  |\n1 | base: [kinkado\n  |       ^^^^^^^^\n",
    ),
    (
        "kinkado --rules value-type.yaml hand AS KS",
        "error: expected a whole number\n --> file value-type.yaml, line 3, column 16\n  |\n3 |   start-money: lots\n  |                ^^^^\n",
    ),
    (
        "kinkado --rules missing.yaml hand AS KS",
        "error: cannot read house-rules file `missing.yaml`: it does not exist\n",
    ),
    (
        "rules check missing.yaml",
        "error: cannot read house-rules file `missing.yaml`: it does not exist\n",
    ),
    (
        "rules show nope",
        "error: no built-in ruleset is called `nope`, and no file either\n  = expected: a built-in ruleset (kinkado, kinga, kinga-hardcore, pokino, pokino-greed, pokino-up, pokino-tear-down, pokino-territory, koikoi, koikoi-fudawiki, koikoi-bga, kingmaker, kingmaker-shown) or a house-rules YAML file\n",
    ),
];

#[test]
fn every_bad_input_has_its_exact_error() {
    assert!(CASES.len() >= 30);
    for (args, expected) in CASES {
        let args: Vec<String> = args.split(' ').map(|a| a.replace('|', " ")).collect();
        Test::new()
            .current_dir("tests/fixtures")
            .args(&args)
            .status(2)
            .stderr(*expected)
            .run();
    }
}

#[test]
fn errors_as_json() {
    Test::new()
        .args(["--json", "kinkado", "hand", "KX", "QH"])
        .status(2)
        .stderr("{\"error\":\"unknown suit `X` in `KX`\",\"problems\":[{\"code\":\"unknown-card\",\"column\":2,\"expected\":\"a suit: S H D C (or ♠ ♥ ♦ ♣)\",\"help\":\"did you mean K♠, K♥, K♦ or K♣?\",\"line\":1,\"message\":\"unknown suit `X` in `KX`\",\"source\":\"argument CARDS\",\"text\":\"X\"}],\"total\":1}\n")
        .run();
}

#[test]
fn usage_errors_exit_2() {
    Test::new()
        .args(["kinkado", "frobnicate"])
        .status(2)
        .any_stderr()
        .run();
    Test::new()
        .args(["kinkado", "alora", "sell"])
        .status(2)
        .any_stderr()
        .run();
}

/// One usage error as `Error::to_json` writes it (no source, line, column or text).
fn usage_json(message: &str, expected: Option<&str>, help: &str) -> String {
    let problem = serde_json::json!({
        "code": "usage", "column": null, "expected": expected, "help": help, "line": null,
        "message": message, "source": null, "text": null,
    });
    format!(
        "{}\n",
        serde_json::json!({ "error": message, "problems": [problem], "total": 1 })
    )
}

const MORE: &str = "For more information, try '--help'.";

/// Checks that each usage error is reported as one JSON object on stderr, exit code 2.
/// clap's usage errors used to print plain text even under `--json`.
fn assert_json_usage_errors(cases: &[(&[&str], String)]) {
    for (args, expected) in cases {
        Test::new().args(*args).status(2).stderr(expected).run();
    }
}

#[test]
fn json_usage_error_for_a_missing_argument_or_value() {
    assert_json_usage_errors(&[
        // A missing argument.
        (
            &["--json", "koikoi", "yaku"],
            usage_json(
                "the following required arguments were not provided: <CARDS>...",
                Some("usage: kado koikoi yaku <CARDS>..."),
                MORE,
            ),
        ),
        // A flag that needs a value.
        (
            &["kinkado", "hand", "AS", "KS", "--json", "--rules"],
            usage_json(
                "a value is required for '--rules <NAME|FILE>' but none was supplied",
                None,
                MORE,
            ),
        ),
    ]);
}

#[test]
fn json_usage_error_for_an_unknown_subcommand_or_flag() {
    assert_json_usage_errors(&[
        // An unknown subcommand, `--json` after the game.
        (
            &["koikoi", "--json", "yak", "1b"],
            usage_json(
                "unrecognized subcommand 'yak'",
                Some("usage: kado koikoi [OPTIONS] <COMMAND>"),
                "a similar subcommand exists: 'yaku'",
            ),
        ),
        (
            &["nope", "--json"],
            usage_json(
                "unrecognized subcommand 'nope'",
                Some("usage: kado [OPTIONS] <COMMAND>"),
                MORE,
            ),
        ),
        // An unknown flag.
        (
            &["--json", "--bogus", "kinkado"],
            usage_json(
                "unexpected argument '--bogus' found",
                Some("usage: kado --json <COMMAND>"),
                MORE,
            ),
        ),
    ]);
}

#[test]
fn json_usage_error_for_a_bad_value() {
    assert_json_usage_errors(&[
        // A bad flag value, `--json` last.
        (
            &["kinkado", "play", "--deck", "foo", "--json"],
            usage_json(
                "invalid value 'foo' for '--deck <DECK>'",
                Some("one of: real, virtual"),
                MORE,
            ),
        ),
        (
            &["--json", "completions", "tcsh"],
            usage_json(
                "invalid value 'tcsh' for '<SHELL>'",
                Some("one of: bash, elvish, fish, powershell, zsh"),
                "a similar value exists: 'zsh'",
            ),
        ),
    ]);
}

#[test]
fn json_usage_error_for_a_missing_subcommand() {
    assert_json_usage_errors(&[
        // A missing subcommand (clap prints the command's help for a game's).
        (
            &["--json"],
            usage_json(
                "'kado' requires a subcommand but one was not provided",
                Some(
                    "one of: kinkado, kinga, pokino, koikoi, kingmaker, history, stats, serve, rules, completions, generate-man",
                ),
                MORE,
            ),
        ),
        (
            &["--json", "koikoi"],
            usage_json(
                "'kado koikoi' requires a subcommand but one was not provided",
                Some("one of: yaku, deal, game, play, simulate, check, advise, resume, status"),
                MORE,
            ),
        ),
    ]);
}

#[test]
fn usage_errors_stay_plain_text_without_json() {
    Test::new()
        .args(["koikoi", "yaku"])
        .status(2)
        .stderr("error: the following required arguments were not provided:\n  <CARDS>...\n\nUsage: kado koikoi yaku <CARDS>...\n\nFor more information, try '--help'.\n")
        .run();
    // `--json` after `--` is a positional word, not the flag.
    let err = Test::new()
        .args(["nope", "--", "--json"])
        .status(2)
        .any_stderr()
        .run()
        .stderr;
    assert!(
        err.starts_with("error: unrecognized subcommand 'nope'\n"),
        "{err}"
    );
}

#[test]
fn help_and_version_stay_plain_under_json() {
    let out = Test::new().args(["--json", "--help"]).any_stdout().run();
    assert!(
        out.stdout
            .starts_with("A referee and companion for card games played with real cards.\n"),
        "{}",
        out.stdout
    );
    Test::new()
        .args(["koikoi", "--version", "--json"])
        .stdout(format!("kado-koikoi {}\n", env!("CARGO_PKG_VERSION")))
        .run();
}
