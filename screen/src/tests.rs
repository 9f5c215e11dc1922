//! The full-screen view's screens, drawn on the test backend.

use super::*;
use kado::view::Column;

/// A table of nothing but notes, one a line.
fn noted(text: &str) -> kado::view::Table {
    let mut t = kado::view::Table::new("test");
    t.notes = text.lines().map(str::to_string).collect();
    t
}

fn screen_text(s: &Screen, w: u16, h: u16) -> String {
    s.text(w, h)
}

/// An answer of 64 KiB overflowed the cursor's column and the view panicked: the
/// part around the cursor is drawn, wide characters counted two columns.
#[test]
fn a_64_kib_answer_overflowed_the_cursor_column() {
    let mut s = Screen::new("Kinga");
    s.question = "your play".into();
    s.input = "2D 🃏 ".repeat(11_000);
    s.cursor = s.input.chars().count();
    let text = screen_text(&s, 80, 24);
    let last = text.lines().rev().nth(1).unwrap_or_default();
    assert!(last.contains("2D 🃏"), "{text}");
    s.cursor = 3;
    assert!(screen_text(&s, 80, 24).contains("│> 2D 🃏 2D"));
    assert_eq!(from_column("> ab🃏c", 4, 3), ("🃏c".to_string(), 4));
    assert_eq!(from_column("> ab🃏c", 5, 3), ("c".to_string(), 6));
}

#[test]
fn colour_codes_are_left_out_of_the_view() {
    assert_eq!(plain("\x1b[31mA♥\x1b[0m K♠"), "A♥ K♠");
    assert_eq!(plain("no codes"), "no codes");
}

#[test]
fn an_80_by_24_screen_holds_table_said_and_question() {
    let mut s = Screen::new("Koi-Koi");
    s.table = noted("Round 1 of 6 · ana deals\nField: 1p 3b 4p 6r\n");
    s.question = "ana plays".into();
    s.input = "1r>1p".into();
    s.cursor = 5;
    s.say(Said::Told(
        "ana's hand is dealt.\nThe field is dealt.".into(),
    ));
    s.say(Said::Typed("1r>1p".into()));
    s.say(Said::Refused("1r is not in ana's hand".into()));
    let text = screen_text(&s, 80, 24);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], format!("┌ Koi-Koi {}┐", "─".repeat(69)));
    assert_eq!(
        lines[1],
        format!("│Round 1 of 6 · ana deals{}│", " ".repeat(54))
    );
    assert_eq!(lines[2], format!("│Field: 1p 3b 4p 6r{}│", " ".repeat(60)));
    // What was said grows into the rows the table does not need.
    assert_eq!(lines[6], format!("┌ Said {}┐", "─".repeat(72)));
    assert_eq!(
        lines[7],
        format!("│ana's hand is dealt.{}│", " ".repeat(58))
    );
    assert_eq!(lines[9], format!("│> 1r>1p{}│", " ".repeat(71)));
    assert_eq!(
        lines[10],
        format!("│✗ 1r is not in ana's hand{}│", " ".repeat(53))
    );
    assert_eq!(lines[19], format!("└{}┘", "─".repeat(78)));
    assert_eq!(
        lines[20],
        format!(
            "┌ help · hint · show · undo · fix · quit {}┐",
            "─".repeat(38)
        )
    );
    assert_eq!(lines[21], format!("│ana plays{}│", " ".repeat(69)));
    assert_eq!(lines[22], format!("│> 1r>1p{}│", " ".repeat(71)));
    assert_eq!(lines.len(), 24);
}

#[test]
fn a_tall_table_scrolls_and_says_where_it_is() {
    let mut s = Screen::new("Pokino");
    s.table = noted(&(1..=33).map(|i| format!("row {i}\n")).collect::<String>());
    s.table_scroll = 5;
    let text = screen_text(&s, 80, 24);
    let first = text.lines().next().unwrap();
    assert!(
        first.starts_with("┌ Pokino — rows 6–19 of 33, PgUp/PgDn "),
        "{first}"
    );
    assert!(text.lines().nth(1).unwrap().starts_with("│row 6"), "{text}");
    // Scrolled past the end, it stops at the last rows.
    s.table_scroll = 100;
    let text = screen_text(&s, 80, 24);
    assert!(
        text.lines().next().unwrap().contains("rows 20–33 of 33"),
        "{text}"
    );
}

/// Issue 62: the two-line Said panel showed a long refusal from its middle ("share a
/// side with one) (laying a domino); legal instead: …"). The panel grows to show the
/// answer and the whole refusal, from their first words; one taller than the room
/// left shows from its start.
#[test]
fn a_long_refusal_was_cut_at_its_start() {
    let mut s = Screen::new("Pokino");
    s.table = noted(&(1..=30).map(|i| format!("row {i}\n")).collect::<String>());
    s.question = "ana's turn".into();
    s.say(Said::Typed("domino 3-3@9,9h".into()));
    let why = "3-3@9,9h does not touch the dominoes laid: each square of a domino laid must share a side with one (laying a domino); legal instead: 3-3@4,0h, 3-3@4,1h, 3-3@-1,0h, 3-3@2,2v, and 20 more";
    s.say(Said::Refused(why.into()));
    let text = screen_text(&s, 80, 24);
    assert!(text.contains("│> domino 3-3@9,9h"), "{text}");
    assert!(text.contains("│✗ 3-3@9,9h does not touch"), "{text}");
    assert!(text.contains("and 20 more"), "{text}");
    s.say(Said::Refused(format!("{why} ").repeat(12)));
    let text = screen_text(&s, 80, 24);
    assert!(text.contains("│✗ 3-3@9,9h does not touch"), "{text}");
    assert!(text.contains("Said (the latest, cut at its end)"), "{text}");
}

/// Issue 62: Pokino's 40-row board kept the seat's hand and the places off-screen at
/// 80×24 (PgUp every turn). The lines around the board stay whole; the board shows
/// through the rows left, centred on its marked places, PgUp/PgDn moving it from there
/// until the table changes.
#[test]
fn a_tall_board_pushed_the_hand_off_screen() {
    use kado::view::{Look, Picture, Run};
    let mut s = Screen::new("Pokino");
    let mut t = noted("ana holds 3♥ 10♠ 6♦\nplaces: 1) 7-8@0,-2v 2) 8-7@0,-2v");
    let row = |i: usize| {
        let look = if (30..=32).contains(&i) {
            Look::Place
        } else {
            Look::Plain
        };
        vec![Run {
            text: format!("board row {i}"),
            look,
        }]
    };
    t.picture = Some(Picture {
        rows: (0..40).map(row).collect(),
        pieces: Vec::new(),
        last: None,
    });
    s.set_table(t.clone());
    let text = screen_text(&s, 80, 24);
    let first = text.lines().next().unwrap();
    assert!(
        first.contains("board rows 26–37 of 40, PgUp/PgDn"),
        "{text}"
    );
    for seen in [
        "board row 25",
        "board row 31",
        "board row 36",
        "ana holds",
        "places: 1)",
    ] {
        assert!(text.contains(seen), "{seen}:\n{text}");
    }
    assert!(
        !text.contains("board row 24") && !text.contains("board row 37"),
        "{text}"
    );
    s.scroll_table(true);
    let text = screen_text(&s, 80, 24);
    assert!(
        text.lines().next().unwrap().contains("rows 16–27 of 40"),
        "{text}"
    );
    // A move: the window follows the play again.
    t.picture.as_mut().unwrap().rows[0] = vec![Run {
        text: "a domino laid".into(),
        look: Look::Plain,
    }];
    s.set_table(t);
    let text = screen_text(&s, 80, 24);
    assert!(
        text.lines().next().unwrap().contains("rows 26–37 of 40"),
        "{text}"
    );
}

/// A hint of `rows` answers, each with the figures a Pokino hint has.
fn pokino_hint(answers: &[&str]) -> Hint {
    let mut h = Hint::new(
        "Answer",
        vec![Column::new("Points", 2), Column::new("What it does", 1)],
    );
    for (i, a) in answers.iter().enumerate() {
        h.row(
            Choice::typed(*a),
            vec![
                format!("+{}.0 ± 3.1", 90 - i),
                "a run of 5 cards; then more".into(),
            ],
        );
    }
    h.notes
        .push("Points: ana's final score less the best other player's, over 64 deals.".into());
    h
}

#[test]
fn a_wide_screen_puts_what_was_said_and_the_advice_beside_the_table() {
    let mut s = Screen::new("Kinga");
    s.table = noted("Piles: ♠ 7 ♥ 9");
    s.say(Said::Told("Turn 3.".into()));
    s.advise(&pokino_hint(&["5S 4S > 6D"]));
    let text = screen_text(&s, 150, 30);
    let second = text.lines().nth(1).unwrap();
    assert!(second.starts_with("│Piles: ♠ 7 ♥ 9"), "{second}");
    assert!(
        second.ends_with("│Turn 3.                                                 │"),
        "{second}"
    );
    assert!(text.contains("┌ Hint "), "{text}");
    assert!(text.contains("│1  5S 4S > 6D"), "{text}");
}

#[test]
fn the_advised_answer_is_the_best_row_s() {
    let mut s = Screen::new("x");
    assert_eq!(s.advised_answer(), None);
    s.advise(&pokino_hint(&["4C 8D JD", "none"]));
    assert_eq!(s.advised_answer(), Some("4C 8D JD"));
    let mut empty = pokino_hint(&[]);
    empty.headline = Some("Reveal either pair of your Blink, e.g. `RY`.".into());
    s.advise(&empty);
    assert_eq!(s.advised_answer(), None);
}

/// Tab took a Pokino hint's best run cut where its cell wrapped (`… @ 0,4`), and the
/// game refused it: the answer is now the row's own, whatever the panel shows.
#[test]
fn tab_took_a_hint_answer_cut_where_its_cell_wrapped() {
    let run = "run 7S JD 5C 10S 3H @ 0,4 1,4 1,5 1,6 0,6";
    let long = "run 7S JD 5C 10S 3H 4D 9C KS QH 2S @ 0,4 1,4 1,5 1,6 0,6 0,7 1,7 2,7 3,7 4,7";
    for (w, h) in [(80, 24), (120, 40)] {
        let mut s = Screen::new("Pokino");
        s.table = noted(
            &(1..=14)
                .map(|i| format!("board row {i}\n"))
                .collect::<String>(),
        );
        s.advise(&pokino_hint(&[run, long, "pass"]));
        assert_eq!(s.advised_answer(), Some(run));
        assert_eq!(s.chosen("2"), Some(long));
        let text = screen_text(&s, w, h);
        // The best row is on screen, cut with a marker if it must be.
        let best = text
            .lines()
            .find(|l| l.starts_with("│1  run 7S"))
            .unwrap_or_else(|| panic!("{text}"));
        assert!(best.contains(run) || best.contains('…'), "{best}");
        s.input = String::new();
        s.input = s.advised_answer().unwrap().to_string();
        assert_eq!(s.submit(), Submitted::Typed(run.to_string()));
    }
}

/// At 80×24 a hint's table wrapped into broken lines: its columns are now dropped,
/// least needed first, so each row keeps one line, with the best and at least three
/// rows in sight or a marker that more follow.
#[test]
fn hint_tables_broke_at_80_by_24() {
    let mut s = Screen::new("Kinga");
    s.table = noted(&(1..=11).map(|i| format!("line {i}\n")).collect::<String>());
    s.say(Said::Typed("hint".into()));
    let mut h = Hint::new(
        "Answer",
        vec![
            Column::new("Wins", 3),
            Column::new("Avg score", 2),
            Column::new("What it does", 1),
        ],
    );
    for i in 1..=9 {
        h.row(
            Choice::typed(format!("2D JK JK on {i}H")),
            vec![
                format!("{}% ± 6", 30 - i),
                "1.25".into(),
                "influences the king of hearts, then exiles the lowest card of the pile".into(),
            ],
        );
    }
    h.notes.push("Each choice played out 400 times.".into());
    s.advise(&h);
    let text = screen_text(&s, 80, 24);
    assert!(
        text.contains("│#  Answer          Wins     Avg score"),
        "{text}"
    );
    for i in 1..=3 {
        assert!(
            text.contains(&format!("│{i}  2D JK JK on {i}H")),
            "row {i}:\n{text}"
        );
    }
    assert!(text.contains("PgUp/PgDn"), "{text}");
    assert!(
        !text.contains("influences the king of hearts, then exiles the lowest card of the pile")
    );
    assert_eq!(text.lines().count(), 24);
    // Scrolled, the last rows and the note come into sight under the header.
    s.hint_scroll = 100;
    let text = screen_text(&s, 80, 24);
    assert!(text.contains("│9  2D JK JK on 9H"), "{text}");
    assert!(text.contains("Each choice played out 400 times."), "{text}");
}

/// A Koi-Koi hint's row 2 was `3b` while `2` at the prompt played `1p`; then (issue
/// 62) the question's "1 koi · 2 stop" read "1 stop · 2 koi" in the hint, so typing 1
/// by habit did the opposite. One numbering: a hint's row that is a numbered choice
/// keeps the choice's number, at the prompt and in the hint; other rows follow.
#[test]
fn hint_rows_and_prompt_numbers_disagreed() {
    let mut s = Screen::new("Koi-Koi");
    s.choices = vec![
        Choice::typed("1p"),
        Choice::typed("3b"),
        Choice::typed("8b"),
    ];
    assert_eq!(s.chosen("2"), Some("3b"));
    s.advise(&pokino_hint(&["8b", "3b", "1p", "9s"]));
    assert_eq!(s.chosen("1"), Some("1p"));
    assert_eq!(s.chosen("3"), Some("8b"));
    assert_eq!(s.chosen("4"), Some("9s"));
    let text = screen_text(&s, 80, 24);
    assert!(text.contains("│3  8b"), "{text}");
    assert!(text.contains("│2  3b"), "{text}");
    assert!(text.contains("│1  1p"), "{text}");
    assert!(text.contains("│4  9s"), "{text}");
    // The numbered choices give way to the hint's rows, numbered alike.
    assert!(!text.contains("1 1p · 2 3b"), "{text}");
    s.input = "1".into();
    assert_eq!(s.submit(), Submitted::HintRow(2));
}

/// A round's result scrolled out of the four lines of what was said: it now stays in
/// its own panel until the next answer.
#[test]
fn the_reveal_s_result_scrolled_away() {
    let mut s = Screen::new("Kin Kādo");
    s.table = noted(&(1..=9).map(|i| format!("table {i}\n")).collect::<String>());
    s.tell_events(&[
        Event::result("ALORA shows Q♠ Q♦ 9♣ 7♠ 10♥: one pair (tier 1, $56)\nyou show K♥ J♦ J♣ 10♦ 9♠: one pair (tier 1, $59)\nyou win the round: give you everything in the prize pool and every bet, and $5 from the bank."),
        Event::told("Deal ALORA 7 cards face down.\nDeal you 4 cards.\nRound 2: put the $1 chip in the prize pool.\nK♥ joins the prize pool.\nALORA sells A♠ 3♥."),
    ]);
    let text = screen_text(&s, 80, 24);
    assert!(text.contains("┌ Result "), "{text}");
    assert!(text.contains("you win the round"), "{text}");
    assert!(
        text.contains("│from the bank."),
        "the whole line, wrapped:\n{text}"
    );
    assert!(text.contains("ALORA sells A♠ 3♥."), "{text}");
    s.input = "none".into();
    s.submit();
    assert!(!screen_text(&s, 80, 24).contains("┌ Result "));
}

/// A reveal's result was pushed out of its panel by what its winner keeps, told as a
/// result of the round's end: every result since the last answer stays.
#[test]
fn the_reveal_s_result_gave_way_to_the_next_result() {
    let mut s = Screen::new("Kin Kādo");
    s.tell_events(&[
        Event::result("you win the round: give you everything in the prize pool."),
        Event::result("ALORA keeps 2♦ face up."),
    ]);
    assert_eq!(
        s.result,
        [
            "you win the round: give you everything in the prize pool.",
            "ALORA keeps 2♦ face up."
        ]
    );
}

/// Kinga's `Exiled:` list was cut at the panel's edge: a long line of the table wraps.
#[test]
fn the_exiled_list_was_cut_at_the_panel_edge() {
    let mut s = Screen::new("Kinga");
    let exiled: Vec<String> = (2..=10)
        .flat_map(|r| ["S", "H", "D", "C"].map(|x| format!("{r}{x}")))
        .collect();
    s.table = noted(&format!("Turn 30\nExiled: {}\n", exiled.join(" ")));
    let text = screen_text(&s, 80, 24);
    assert!(text.contains("10C"), "{text}");
    assert!(text.contains("│Exiled: 2S"), "{text}");
}

/// The buy question's two lines ran together (`… deck cards $5 eachyou buy`) and its
/// end was cut: each line of a question is its own, wrapped.
#[test]
fn a_question_of_two_lines_ran_together() {
    let mut s = Screen::new("Kin Kādo");
    s.question = "Market: A♦ A♣ 4♣ J♣ K♥ · deck cards $5 each\nyou buy (holds 4, room for 3, $84; up to 2 cards from the market and 1 from the deck)".into();
    let text = screen_text(&s, 80, 24);
    assert!(
        text.contains("│Market: A♦ A♣ 4♣ J♣ K♥ · deck cards $5 each   "),
        "{text}"
    );
    assert!(text.contains("│you buy (holds 4"), "{text}");
    assert!(text.contains("│the deck)"), "{text}");
    assert!(text.contains("│>"), "{text}");
}

/// Lines longer than the panel were cut (`…(minimum bet`): what was said wraps.
#[test]
fn said_lines_were_cut_at_the_panel_edge() {
    let mut s = Screen::new("Kin Kādo");
    s.tell("Round 1: put the $1 chip from the round tracker in the prize pool (minimum bet $1); the bank pays ALORA $2 and $2.");
    let text = screen_text(&s, 80, 24);
    assert!(text.contains("(minimum bet"), "{text}");
    assert!(text.contains("$2 and $2."), "{text}");
}

/// The cursor counted characters, not columns: after a wide character it sat a column
/// short.
#[test]
fn the_cursor_counts_display_columns() {
    let mut s = Screen::new("Kinga");
    s.input = "🃏 x".into();
    s.cursor = 3;
    let Ok(mut t) = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24));
    let _ = t.draw(|f| s.draw(f));
    let at = t.get_cursor_position().unwrap();
    // "│> " then 🃏 (2 columns), a space and x.
    assert_eq!(at.x, 1 + 2 + 2 + 1 + 1);
}

#[test]
fn what_was_said_keeps_the_latest_lines() {
    let mut s = Screen::new("x");
    for i in 0..(KEPT + 10) {
        s.say(Said::Told(format!("line {i}")));
    }
    assert_eq!(s.said.len(), KEPT);
    assert_eq!(s.said[0], Said::Told("line 10".into()));
}
#[test]
fn few_choices_are_numbered_under_the_question_and_a_number_takes_one() {
    let mut s = Screen::new("Kinga");
    s.table = noted("Turn 3\n");
    s.question = "Turn 3: your play:".into();
    s.choices = vec![
        Choice::typed("2D JK JK on 3H"),
        Choice::typed("2D JK JK on 3D"),
        Choice::typed("exile 2D"),
    ];
    let text = screen_text(&s, 80, 24);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[19],
        format!(
            "┌ a number chooses · Tab completes · help · hint · show · undo · fix · quit {}┐",
            "─".repeat(3)
        )
    );
    assert_eq!(lines[20], format!("│Turn 3: your play:{}│", " ".repeat(60)));
    let numbered = "1 2D JK JK on 3H · 2 2D JK JK on 3D · 3 exile 2D";
    assert_eq!(
        lines[21],
        format!("│{numbered}{}│", " ".repeat(78 - numbered.chars().count()))
    );
    assert_eq!(lines[22], format!("│>{}│", " ".repeat(77)));
    assert_eq!(lines.len(), 24);
    assert_eq!(s.chosen("2"), Some("2D JK JK on 3D"));
    assert_eq!(s.chosen(" 3 "), Some("exile 2D"));
    assert_eq!(s.chosen("4"), None);
    assert_eq!(s.chosen("0"), None);
    assert_eq!(s.chosen("exile 2D"), None);
}

#[test]
fn many_or_numeric_choices_are_not_numbered() {
    let mut s = Screen::new("Kinga");
    s.choices = (0..=FEW)
        .map(|i| Choice::typed(format!("exile {i}S")))
        .collect();
    assert_eq!(s.chosen("1"), None);
    let text = screen_text(&s, 80, 24);
    assert!(text.contains("┌ Tab completes · help"), "{text}");
    s.choices = vec![Choice::typed("2"), Choice::typed("1"), Choice::typed("0")];
    assert_eq!(s.chosen("1"), None);
    assert!(!screen_text(&s, 80, 24).contains("a number chooses"));
}

#[test]
fn tab_completes_the_answer_begun() {
    let mut s = Screen::new("Kinga");
    s.choices = vec![
        Choice::typed("2D JK JK on 3H"),
        Choice::typed("2D JK JK on 3D"),
        Choice::typed("exile 2D"),
    ];
    s.input = "ex".into();
    s.complete();
    assert_eq!((s.input.as_str(), s.cursor), ("exile 2D", 8));
    s.input = "2d".into();
    s.complete();
    assert_eq!(s.input, "2D JK JK on 3");
    s.input = "zz".into();
    s.complete();
    assert_eq!(s.input, "zz");
}
/// A hand shown on request sat under the title " Hint ", and Tab took a card from it.
#[test]
fn a_hand_shown_was_titled_hint() {
    let mut s = Screen::new("Kin Kādo");
    s.show_hand(&Hand::new("you").part(
        "",
        vec![
            kado::view::Item::new("KS", "K♠"),
            kado::view::Item::new("KH", "K♥"),
        ],
    ));
    let text = screen_text(&s, 80, 24);
    assert!(text.contains("┌ Your hand "), "{text}");
    assert!(text.contains("│K♠ K♥"), "{text}");
    assert!(!text.contains(" Hint "), "{text}");
    assert_eq!(s.advised_answer(), None);
    s.advise(&pokino_hint(&["KS"]));
    assert!(screen_text(&s, 80, 24).contains("┌ Hint "));
    assert_eq!(s.advised_answer(), Some("KS"));
}

/// A hint's table of eight answers and its footnote showed only its best row at 100×40
/// under a short table: the advice now gets the rows the table does not need.
#[test]
fn hint_panel_showed_only_its_best_row() {
    let mut s = Screen::new("Koi-Koi");
    s.table = noted("Round 1 of 6\nTable: 1p 3b\nana's hand: 1b 3p\n");
    s.say(Said::Typed("hint".into()));
    let answers: Vec<String> = (1..=8).map(|i| format!("{i}p")).collect();
    let mut h = pokino_hint(&answers.iter().map(String::as_str).collect::<Vec<_>>());
    h.notes = vec!["Points: the round's points ana expects, ".repeat(4)];
    s.advise(&h);
    let text = screen_text(&s, 100, 40);
    for i in 1..=8 {
        assert!(text.contains(&format!("│{i}  {i}p ")), "row {i}:\n{text}");
    }
    assert_eq!(
        text.matches("expects,").count(),
        4,
        "the whole footnote:\n{text}"
    );
    assert!(text.contains("│> hint"), "{text}");
    assert_eq!(text.lines().count(), 40);
}
/// What was said gives up rows to the table (down to 3), but not those its latest
/// lines need: an 11-line Kinga table at 80×24 with two rows of numbered choices
/// gives a four-line message a row.
#[test]
fn what_was_said_gives_rows_to_the_table() {
    let mut s = Screen::new("Kinga");
    s.table = noted(&(1..=11).map(|i| format!("line {i}\n")).collect::<String>());
    s.question = "Turn 2: your play".into();
    s.choices = (1..=5)
        .map(|i| Choice::typed(format!("2C JK JK on {i}S")))
        .collect();
    s.say(Said::Told("one\ntwo\nthree\nfour".into()));
    // Issue 62: what was said last is seen from its first word: the table gives it
    // the row it lacks, and says it scrolls.
    let text = screen_text(&s, 80, 24);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("┌ Kinga — rows 1–10 of 11, PgUp/PgDn"),
        "{text}"
    );
    assert!(lines[12].starts_with("┌ Said"), "{text}");
    assert!(lines[13].starts_with("│one"), "{text}");
    assert!(lines[16].starts_with("│four"), "{text}");
}
