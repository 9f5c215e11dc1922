/// Issue 60: U+202E (right-to-left override) passed the escaping and could disguise
/// what kado quotes (`exe.txt` read as `txt.exe`): it is shown as an escape, as the
/// other marks that turn the direction of text are.
#[test]
fn a_right_to_left_override_passed_the_escaping() {
    assert_eq!(super::escape("a\u{202e}txt.exe"), "a\\u{202e}txt.exe");
    assert_eq!(super::escape("\u{2067}x\u{2069}"), "\\u{2067}x\\u{2069}");
    assert_eq!(super::escape_words("one\ntwo\u{200f}"), "one\ntwo\\u{200f}");
    assert_eq!(super::escape("ana 5♦"), "ana 5♦");
}

proptest::proptest! {
    /// JSON written as it is laid out reads as the pretty text made safe whole.
    #[test]
    fn json_written_safe_is_the_safe_text(
        words in proptest::collection::vec("[a-z\u{7f}-\u{a0}\u{1b}\"\\\\é]{0,8}", 0..6),
        n in proptest::prelude::any::<i64>(),
    ) {
        let v = serde_json::json!({ "words": words, "n": n, "nested": [{ "w": words.first() }] });
        let mut out = Vec::new();
        write_json_pretty(&mut out, &v).unwrap();
        let whole = json_safe(serde_json::to_string_pretty(&v).unwrap());
        proptest::prop_assert_eq!(String::from_utf8(out).unwrap(), whole);
    }
}

#[test]
fn each_code_is_written_in_json_as_its_word() {
    for code in Code::ALL {
        assert_eq!(serde_json::to_value(code).unwrap(), code.word());
    }
    let mut words: Vec<&str> = Code::ALL.iter().map(|c| c.word()).collect();
    words.sort_unstable();
    words.dedup();
    assert_eq!(words.len(), Code::ALL.len());
}

use super::*;

/// serde_json leaves DEL and the C1 controls raw in a string: written escaped.
#[test]
fn json_left_del_and_c1_controls_raw() {
    let v = serde_json::json!({"text": "a\u{7f}b\u{9b}c\u{a0}é"});
    let text = json_safe(v.to_string());
    assert_eq!(text, "{\"text\":\"a\\u007fb\\u009bc\u{a0}é\"}");
    let back: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(back, v);
}

#[test]
fn a_byte_order_mark_or_cr_line_ends_read_as_plain_text() {
    let plain = "players: ana ben\nana: 1a\n";
    for text in [
        "\u{feff}players: ana ben\nana: 1a\n",
        "players: ana ben\r\nana: 1a\r\n",
        "\u{feff}players: ana ben\rana: 1a\r",
        plain,
    ] {
        assert_eq!(plain_text(text.to_string()), plain);
    }
    // Only a leading mark is a byte-order mark.
    assert_eq!(plain_text("a\u{feff}".to_string()), "a\u{feff}");
}

#[test]
fn line_and_column() {
    let s = Source::new("file x", "ab\ncdé f\n");
    assert_eq!(s.line_col(0), (1, 1));
    assert_eq!(s.line_col(3), (2, 1));
    assert_eq!(s.line_col(s.text.find('f').unwrap()), (2, 5));
}

#[test]
fn caret_under_token() {
    let src = Source::new("argument CARDS", "AS KX");
    let p = Problem::new("unknown suit `X`")
        .at(&src, 3..5)
        .help("suits are S H D C");
    assert_eq!(
        p.render(),
        "error: unknown suit `X`\n --> argument CARDS, column 4\n  |\n1 | AS KX\n  |    ^^\n  = help: suits are S H D C\n"
    );
}

#[test]
fn caret_by_display_width() {
    let src = Source::new("argument CARDS", "🃏 K♥ KX");
    let p = Problem::new("unknown suit `X`").at(&src, 11..12);
    assert_eq!(
        p.render(),
        "error: unknown suit `X`\n --> argument CARDS, column 7\n  |\n1 | 🃏 K♥ KX\n  |        ^\n"
    );
}

#[test]
fn control_characters_from_input_reach_the_terminal_raw() {
    let text = "players: ana b\u{1b}]0;PWNED\u{7}\u{1b}[2J\r\tx\u{9b}y";
    let src = Source::new("file \u{1b}[2Ji.txt", text);
    let bad = 13..text.find('\r').unwrap();
    let p = Problem::new(format!("`{}` is not a player name", &text[bad.clone()]))
        .at(&src, bad)
        .expected("a name\u{7}")
        .help("not `\u{1b}[2J`");
    assert_eq!(
        p.render(),
        "error: `b\\e]0;PWNED\\u{7}\\e[2J` is not a player name\n \
         --> file \\e[2Ji.txt, column 14\n  |\n\
         1 | players: ana b\\e]0;PWNED\\u{7}\\e[2J\\r\\tx\\u{9b}y\n  \
         |              ^^^^^^^^^^^^^^^^^^^^^\n  \
         = expected: a name\\u{7}\n  = help: not `\\e[2J`\n"
    );
    // The caret after escapes sits under the span, escapes counted at their width.
    let y = text.find('y').unwrap();
    let (line, caret) = src.window(&(y..y + 1));
    assert_eq!(line.find('y'), Some(caret.find('^').unwrap()));
    // A long line of control characters is cut by its escaped width.
    let long = "\u{1}".repeat(200) + "X";
    let src = Source::new("t", long.as_str());
    let (line, caret) = src.window(&(200..201));
    assert!(line.ends_with("\\u{1}X") && line.starts_with('…'));
    assert_eq!(line.chars().count(), caret.len());
    assert!(line.chars().count() <= WINDOW + 1);
}

#[test]
fn long_lines_are_cut_around_the_span() {
    let text = "AS ".repeat(1000) + "KX " + &"QH ".repeat(1000);
    let src = Source::new("argument CARDS", text.as_str());
    let at = 3000;
    let (line, caret) = src.window(&(at..at + 2));
    assert_eq!(line.chars().count(), WINDOW + 2);
    assert!(line.starts_with('…') && line.ends_with('…'));
    let col = caret.find('^').unwrap();
    assert_eq!(&line.chars().skip(col).take(2).collect::<String>(), "KX");
    assert_eq!(caret.len(), col + 2);
    // At the very end of the line the window keeps the room before the span.
    let end = text.len();
    let (line, caret) = src.window(&(end - 3..end - 1));
    assert_eq!(line.chars().count(), WINDOW + 1);
    assert!(line.starts_with('…') && line.ends_with("QH "));
    assert_eq!(caret, format!("{}^^", " ".repeat(WINDOW - 2)));
    // A span wider than the window: carets up to the cut.
    let (line, caret) = src.window(&(0..text.len()));
    assert_eq!(line.chars().count(), WINDOW + 1);
    assert_eq!(caret, "^".repeat(WINDOW));
}

#[test]
fn many_problems_are_capped() {
    let src = Source::new("t", "x");
    let mut problems = Problems::new();
    problems.extend((0..25).map(|i| Problem::new(format!("p{i}")).at(&src, 0..1)));
    let Err(e) = problems.check() else {
        panic!("25 problems are an error")
    };
    assert_eq!((e.problems.len(), e.omitted), (SHOWN, 5));
    let text = e.render();
    assert_eq!(text.matches("error: ").count(), SHOWN);
    assert!(text.ends_with("error: p19\n --> t, column 1\n  |\n1 | x\n  | ^\n\nand 5 more problems\n\n25 problems found\n"));
    let v = e.to_json();
    assert_eq!(v["total"], 25);
    assert_eq!(v["problems"].as_array().map(Vec::len), Some(SHOWN));
    assert_eq!(v["error"], "p0 (and 24 more)");
}

#[test]
fn clipped_text() {
    assert_eq!(clip("AS KS"), "AS KS");
    let long = "x".repeat(200);
    let c = clip(&long);
    assert_eq!(c.chars().count(), WINDOW);
    assert!(c.ends_with('…'));
}

#[test]
fn long_quotes_are_cut() {
    let word = "RG-YB ".repeat(30);
    let p = Problem::new(format!("`{word}` is not a placement")).help(format!("not `{word}`"));
    let cut = format!("`{}…`", &word[..QUOTE - 1]);
    assert_eq!(p.message, format!("{cut} is not a placement"));
    assert_eq!(p.help, Some(format!("not {cut}")));
    let ticks = "`".repeat(1000);
    let p = Problem::new(format!("unknown card `{ticks}`"));
    assert_eq!(p.message.chars().count(), 4 * QUOTE);
    assert!(p.message.ends_with("``…"));
    let short = Problem::new("unknown suit `X` in `KX`: a long message, and longer than that");
    assert_eq!(
        short.message,
        "unknown suit `X` in `KX`: a long message, and longer than that"
    );
}

#[test]
fn suggestions() {
    assert_eq!(
        did_you_mean("rullings", ["rulings", "values", "base"]),
        Some("rulings")
    );
    assert_eq!(did_you_mean("zzz", ["rulings", "values"]), None);
    assert_eq!(did_you_mean("kiten", ["sitting", "kitten"]), Some("kitten"));
}
