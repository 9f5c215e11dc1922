use super::*;
use crate::kingmaker::ruling;

pub const YEAR: &str = "players: ana bo cy dee
winter: ana bo cy dee
spring: bo c2 left RG, cy c2 long RG-YB, dee c3 right GB, ana c1 left YY
summer: cy RY c3, dee BB c2 e c3, ana YB c4 ne c3, bo GB c1 sw c2
harvest: dee w c4, ana e c4, bo w c1, cy e c1
blinks: ana RG-YB, bo YY-GB, cy RY-GB, dee BB-GY, c1 YY-RR, c2 RG-YB, c3 BB-GB, c4 GG-RY
";

fn std_rules() -> Ruleset {
    Ruleset::builtin("kingmaker").unwrap()
}

fn with(choice: impl crate::ruleset::Choice) -> Ruleset {
    std_rules().with(choice).unwrap()
}

fn verdict(text: &str, rs: &Ruleset) -> RecordVerdict {
    check(&Source::new("record", text), rs).unwrap_or_else(|e| panic!("{}", e.render()))
}

fn legal(text: &str, rs: &Ruleset) -> Game {
    let v = verdict(text, rs);
    assert_eq!(v.illegal, None, "{text}");
    v.campaign
}

/// The illegal step: line, player, rule, reason.
fn refused(text: &str, rs: &Ruleset) -> (usize, Option<String>, &'static str, String) {
    let v = verdict(text, rs);
    let i = v
        .illegal
        .unwrap_or_else(|| panic!("should be illegal:\n{text}"));
    (i.line, i.player, i.rule, i.reason)
}

/// The example Year with one line's text replaced.
fn edited(from: &str, to: &str) -> String {
    assert!(YEAR.contains(from), "{from}");
    YEAR.replacen(from, to, 1)
}

#[test]
fn the_example_year_is_legal_and_scored() {
    let c = legal(YEAR, &std_rules());
    assert_eq!(c.years.len(), 1);
    let y = &c.years[0];
    assert_eq!(
        y.layout.as_deref(),
        Some("dee:BB-GY GG-RY ana:RG-YB / BB-GB RG-YB / bo:YY-GB YY-RR cy:RY-GB")
    );
    assert_eq!(y.scores, [72, 64, 64, 40]);
    assert_eq!(y.winners, [0]);
    assert_eq!(c.points, [1, 0, 0, 0]);
    // Without the optional winter line, kado takes Winter in token order itself.
    legal(&YEAR.replace("winter: ana bo cy dee\n", ""), &std_rules());
}

#[test]
fn out_of_token_order() {
    assert_eq!(
        refused(&edited("spring: bo c2 left RG, cy", "spring: cy c2 left RG, bo"), &std_rules()),
        (
            3,
            Some("cy".into()),
            "token-order",
            "out of token order: it is bo's turn in Spring, not cy's (the order is bo, cy, dee, ana)".into()
        )
    );
    assert_eq!(
        refused(
            &edited("winter: ana bo cy dee", "winter: bo cy dee ana"),
            &std_rules()
        ),
        (
            2,
            None,
            "token-order",
            "out of token order: the Blinks are taken ana, bo, cy, dee, not bo, cy, dee, ana"
                .into()
        )
    );
    let (line, who, rule, _) = refused(
        &edited("harvest: dee w c4, ana", "harvest: ana e c4, dee"),
        &std_rules(),
    );
    assert_eq!(
        (line, who.as_deref(), rule),
        (5, Some("ana"), "token-order")
    );
}

#[test]
fn a_season_out_of_its_turn() {
    let text = "players: ana bo cy dee\nspring: bo c2 left RG\nsummer: cy RY c3\n";
    assert_eq!(
        refused(text, &std_rules()),
        (
            3,
            Some("cy".into()),
            "season-order",
            "not the time for Summer: now is Spring: cy lights a scattered common".into()
        )
    );
    let text = "players: ana bo cy dee\nspring: bo c2 left RG\nblinks: ana RG-YB\n";
    assert_eq!(refused(text, &std_rules()).2, "season-order");
}

#[test]
fn a_third_choice_of_one_common() {
    assert_eq!(
        refused(
            &edited("dee c3 right GB", "dee c2 long RG-YB"),
            &std_rules()
        ),
        (
            3,
            Some("dee".into()),
            "at-most-twice",
            "a common is chosen at most twice, and c2 was chosen by bo and cy; legal: c1, c3 or c4"
                .into()
        )
    );
}

#[test]
fn a_click_where_a_long_press_is_due() {
    assert_eq!(
        refused(&edited("cy c2 long RG-YB", "cy c2 right YB"), &std_rules()),
        (
            3,
            Some("cy".into()),
            "second-chooser-long-presses",
            "c2 was already chosen by bo, so it must be long-pressed; legal: `c2 long LEFT-RIGHT`"
                .into()
        )
    );
}

#[test]
fn ruling_first_long_press_both_sides() {
    let text = edited("bo c2 left RG", "bo c2 long RG-YB");
    assert_eq!(
        refused(&text, &std_rules()),
        (
            3,
            Some("bo".into()),
            "first-long-press",
            "the first chooser of a common clicks it (ruling first-long-press: refused); legal: `c2 left PAIR` or `c2 right PAIR`".into()
        )
    );
    let allowed = with(ruling::FirstLongPress::Allowed);
    legal(&text, &allowed);
    // The second chooser still long-presses, and sees the same pairs.
    let second = text.replace("cy c2 long RG-YB", "cy c2 left RG");
    assert_eq!(refused(&second, &allowed).2, "second-chooser-long-presses");
}

#[test]
fn a_long_press_must_show_what_a_click_showed() {
    assert_eq!(
        refused(
            &edited("cy c2 long RG-YB", "cy c2 long GG-YB"),
            &std_rules()
        ),
        (
            3,
            Some("cy".into()),
            "shown-pairs-agree",
            "c2's left pair shows GG, but it showed RG when bo chose it (`bo c2 left RG`)".into()
        )
    );
    // A pair's faces may be told in either order.
    legal(
        &edited("cy c2 long RG-YB", "cy c2 long GR-YB"),
        &std_rules(),
    );
}

#[test]
fn a_build_step_that_breaks_a_rule() {
    assert_eq!(
        refused(&edited("ana YB c4 ne c3", "ana YB c4 e c2"), &std_rules()),
        (
            4,
            Some("ana".into()),
            "third-touches-both",
            "the third common must touch the first two (c4 does not touch c3); legal: ne c3 or se c3".into()
        )
    );
    assert_eq!(
        refused(&edited("bo GB c1 sw c2", "bo GB c1 se c2"), &std_rules()).2,
        "fourth-opposite-third"
    );
    assert_eq!(
        refused(&edited("dee BB c2 e c3", "dee BB c2 e c9"), &std_rules()).3,
        "`c9` is not in the Commons; legal: a side of c3"
    );
    assert_eq!(
        refused(&edited("dee BB c2 e c3", "dee BB c2"), &std_rules()).2,
        "placed-against-the-commons"
    );
    assert_eq!(
        refused(&edited("cy RY c3,", "cy RY c3 e c2,"), &std_rules()).3,
        "the first common goes into the Commons on its own, with nothing to touch; legal: `c3` with no side"
    );
    assert_eq!(
        refused(&edited("ana YB c4 ne c3", "ana YB c2 ne c3"), &std_rules()).3,
        "c2 is already in the Commons (moved by dee); legal: c1 or c4"
    );
}

#[test]
fn a_harvest_insertion_touching_one_common() {
    assert_eq!(
        refused(&edited("dee w c4", "dee nw c4"), &std_rules()),
        (
            5,
            Some("dee".into()),
            "player-touches-two-commons",
            "a player's Blink must touch exactly two commons (dee touches only one common, c4); legal: nw c3, sw c3, ne c2 or se c2".into()
        )
    );
}

#[test]
fn a_revealed_pair_not_on_the_blink() {
    assert_eq!(
        refused(&edited("ana YB c4", "ana RR c4"), &std_rules()),
        (
            6,
            Some("ana".into()),
            "shown-pairs-agree",
            "ana is RG-YB at the end, but ana revealed RR on it in Summer (`ana RR c4 ne c3`)"
                .into()
        )
    );
}

#[test]
fn a_blinks_line_contradicting_a_shown_pair() {
    assert_eq!(
        refused(&edited("c3 BB-GB", "c3 BB-GG"), &std_rules()),
        (
            6,
            Some("dee".into()),
            "shown-pairs-agree",
            "c3 is BB-GG at the end, but its right pair showed GB in Spring (`dee c3 right GB`)"
                .into()
        )
    );
    assert_eq!(
        refused(&edited("c3 BB-GB", "ana BB-GB"), &std_rules()).3,
        "ana's Blink is given twice"
    );
    assert_eq!(
        refused(&edited("c3 BB-GB", "c7 BB-GB"), &std_rules()).3,
        "`c7` is not a Blink of this Year; legal: c3 or c4"
    );
}

#[test]
fn ruling_summer_own_common_both_sides() {
    // cy lit c2 in Spring and moves it first in Summer.
    let text = edited(
        "summer: cy RY c3, dee BB c2 e c3, ana YB c4 ne c3, bo GB c1 sw c2",
        "summer: cy RY c2, dee BB c3 w c2, ana YB c4 ne c3, bo GB c1 sw c2",
    );
    let allowed = verdict(&text, &std_rules());
    assert_eq!(allowed.illegal, None);
    assert_eq!(
        refused(&text, &with(ruling::SummerOwnCommon::Another)),
        (
            4,
            Some("cy".into()),
            ruling::Id::SummerOwnCommon.id(),
            "c2 is the common this player lit in Spring (ruling summer-own-common: another); legal: c1, c3 or c4".into()
        )
    );
}

#[test]
fn ruling_dark_commons_both_sides() {
    // Nobody chose c4 in Spring.
    let lit = edited("ana YB c4 ne c3", "ana YB c4 ne c3 lit GG-RY");
    assert_eq!(
        refused(&lit, &std_rules()),
        (
            4,
            Some("ana".into()),
            ruling::Id::DarkCommons.id(),
            "nobody chose c4 in Spring, and it stays dark until the Year ends (ruling dark-commons: dark); legal: the step without `lit`".into()
        )
    );
    let moved = with(ruling::DarkCommons::LitWhenMoved);
    legal(&lit, &moved);
    assert_eq!(refused(YEAR, &moved).2, ruling::Id::DarkCommons.id());
    let wrong = edited("ana YB c4 ne c3", "ana YB c4 ne c3 lit GG-RR");
    let (line, _, rule, why) = refused(&wrong, &moved);
    assert_eq!((line, rule), (6, "shown-pairs-agree"));
    assert!(
        why.starts_with("c4 is GG-RY at the end, but its right pair showed RR in Summer"),
        "{why}"
    );
    assert_eq!(
        refused(
            &edited("dee BB c2 e c3", "dee BB c2 e c3 lit RG-YB"),
            &moved
        )
        .3,
        "c2 was lit in Spring by bo and cy; legal: the step without `lit`"
    );
}

#[test]
fn ruling_first_season_both_sides() {
    // Under first-season: spring the first player leads Spring, the one on their
    // right Winter.
    let spring = with(ruling::FirstSeason::Spring);
    assert_eq!(refused(YEAR, &spring).2, "token-order");
    let text = "players: bo cy dee ana\nwinter: ana bo cy dee\n".to_string()
        + &YEAR.lines().skip(2).collect::<Vec<_>>().join("\n");
    legal(&text, &spring);
    assert_eq!(refused(&text, &std_rules()).2, "token-order");
}

const YEAR_2: &str = "next: dee
year
spring: bo c1 left YY, cy c2 right YB, dee c3 left BB, ana c4 left GG
summer: cy RY c1, dee BB c2 e c1, ana YB c3 ne c1, bo GB c4 sw c2
harvest: dee w c3, ana e c3, bo w c4, cy e c4
blinks: ana RG-YB, bo YY-GB, cy RY-GB, dee BB-GY, c1 YY-RR, c2 RG-YB, c3 BB-GB, c4 GG-RY
";

#[test]
fn several_years_make_a_campaign() {
    // ana won Year 1 and names cy to start Year 2: cy leads Winter, dee Spring.
    let text = format!(
        "target: 2\n{YEAR}{}",
        YEAR_2.replace("next: dee", "next: ana")
    );
    let v = verdict(&text, &std_rules());
    assert_eq!(v.illegal, None);
    assert_eq!(v.target, Some(2));
    assert_eq!(v.campaign.years.len(), 2);
    assert_eq!(v.campaign.years[1].scores, [60, 45, 72, 60]);
    assert_eq!(v.campaign.points, [1, 0, 1, 0]);
    // dee holds the token, so Spring is led by ana, not bo.
    let text = format!("target: 2\n{YEAR}{YEAR_2}");
    let (line, _, rule, _) = refused(&text, &std_rules());
    assert_eq!((line, rule), (10, "token-order"));
}

/// Three Years: ana wins the first and the third and, with a target of 2, the campaign.
fn three_years(target: &str) -> String {
    let year_3 = YEAR.replace("players: ana bo cy dee", "next: ana\nyear");
    format!(
        "{target}{YEAR}{}{year_3}",
        YEAR_2.replace("next: dee", "next: ana")
    )
}

#[test]
fn ruling_campaign_end_both_sides() {
    let v = verdict(&three_years("target: 2\n"), &std_rules());
    assert_eq!(v.illegal, None);
    assert_eq!(v.campaign.points, [2, 0, 1, 0]);
    assert_eq!(v.campaign.champions(), Some(vec![0]));
    assert_eq!(v.next(), None);
    let more = three_years("target: 2\n") + "next: bo\n";
    assert_eq!(
        refused(&more, &std_rules()),
        (21, None, "campaign-over", "the campaign is over".into())
    );
    let year_4 = three_years("target: 2\n") + "year\n";
    assert_eq!(refused(&year_4, &std_rules()).2, "campaign-over");
    // Without a target line the standing is all there is, and Years go on.
    legal(&(three_years("") + "next: bo\n"), &std_rules());
    let open = with(ruling::CampaignEnd::Open);
    let v = verdict(&three_years(""), &open);
    assert_eq!(v.campaign.champions(), None);
    assert_eq!(
        v.next().as_deref(),
        Some("ana won Year 3: who starts Year 4")
    );
    let e = check(&Source::new("record", three_years("target: 2\n")), &open).unwrap_err();
    assert_eq!(
        e.problems[0].message,
        "a campaign without a target (ruling campaign-end: open) has no `target:` line"
    );
}

#[test]
fn who_starts_the_next_year() {
    let no_next = format!("{YEAR}year\n");
    assert_eq!(
        refused(&no_next, &std_rules()),
        (
            7,
            None,
            ruling::Id::NextFirst.id(),
            "nobody named who starts Year 2; legal: a `next: NAME` line after the Year, or `year: NAME`".into()
        )
    );
    legal(&format!("{YEAR}year: bo\n"), &std_rules());
    legal(&format!("{YEAR}next: bo\nyear: bo\n"), &std_rules());
    legal(
        &format!("{YEAR}next: bo\nplayers: bo cy dee ana\n"),
        &std_rules(),
    );
    assert_eq!(
        refused(&format!("{YEAR}next: bo\nyear: cy\n"), &std_rules()).3,
        "`next:` named bo to start Year 2, not cy"
    );
    assert_eq!(
        refused(&format!("{YEAR}players: ana cy bo dee\n"), &std_rules()).3,
        "the players of a campaign stay the same and sit alike: ana bo cy dee"
    );
    assert_eq!(
        refused(&format!("{YEAR}next: bob\n"), &std_rules()).3,
        "`bob` is not a player of this campaign (players: ana, bo, cy, dee); did you mean `bo`?"
    );
    // A new Year cannot start before the last one ends.
    let early = "players: ana bo cy dee\nspring: bo c2 left RG\nyear: bo\n";
    assert_eq!(refused(early, &std_rules()).2, "season-order");
}

#[test]
fn ruling_next_first_token_passes_after_a_tie() {
    // Every Blink alike: all four tie.
    let tie = YEAR
        .replace("cy c2 long RG-YB", "cy c2 long RG-RG")
        .replace("dee c3 right GB", "dee c3 right RG")
        .replace("ana c1 left YY", "ana c1 left RG")
        .replace(
            "cy RY c3, dee BB c2 e c3, ana YB c4 ne c3, bo GB c1",
            "cy RG c3, dee RG c2 e c3, ana RG c4 ne c3, bo RG c1",
        );
    let tie = tie.lines().take(5).collect::<Vec<_>>().join("\n")
        + "\nblinks: ana RG-RG, bo RG-RG, cy RG-RG, dee RG-RG, c1 RG-RG, c2 RG-RG, c3 RG-RG, c4 RG-RG\n";
    let passes = with(ruling::NextFirst::TokenPasses);
    let v = verdict(&format!("{tie}year\n"), &passes);
    assert_eq!(v.illegal, None);
    assert_eq!(v.campaign.first, Some(1));
    assert_eq!(
        refused(&format!("{tie}next: cy\n"), &passes).3,
        "the first player token passes clockwise to bo after a tied Year (ruling next-first: token-passes), not to cy"
    );
    // By default the players who tied agree, so any name goes.
    legal(&format!("{tie}next: cy\n"), &std_rules());
    let nobody = with(ruling::YearTie::Nobody);
    assert_eq!(verdict(&tie, &nobody).campaign.points, [0, 0, 0, 0]);
    assert_eq!(verdict(&tie, &std_rules()).campaign.points, [1, 1, 1, 1]);
}

#[test]
fn notation_out_of_place() {
    let e = check(
        &Source::new("record", "spring: bo c2 left RG\n"),
        &std_rules(),
    )
    .unwrap_err();
    assert_eq!(
        e.problems[0].message,
        "a Year record starts with its players"
    );
    let e = check(
        &Source::new("record", format!("{YEAR}target: 3\n")),
        &std_rules(),
    )
    .unwrap_err();
    assert_eq!(
        e.problems[0].message,
        "`target:` comes before the first `players:` line"
    );
}

/// Plays `years` legal Years through the campaign, every choice drawn from `rng`,
/// each Blink's colours too.
fn simulate(rng: &mut impl FnMut(usize) -> usize, years: usize) -> Game {
    use crate::kingmaker::layout::Colour;
    use crate::session::Session;
    let rs = std_rules();
    let setup = Setup {
        players: ["ana", "bo", "cy", "dee"].map(String::from).to_vec(),
        target: 9,
        seasons: true,
        known: false,
    };
    let mut c = Game::start(&setup, &rs).unwrap();
    for _ in 0..years {
        let mut pair = || [Colour::ALL[rng(4)], Colour::ALL[rng(4)]];
        let colours: Vec<[record::PairOf; 2]> = (0..8).map(|_| [pair(), pair()]).collect();
        let first = c.players[rng(4)].clone();
        c.apply(&Action::First { player: first }).unwrap();
        while let Some(y) = &c.year {
            let action = match c.next() {
                Step::Auto(a) => a,
                _ => Action::of_move(&random_step(y, &colours, rng)),
            };
            c.apply(&action).unwrap();
        }
    }
    c
}

/// A legal next step of a Year, drawn at random.
fn random_step(
    y: &super::super::season::YearState,
    colours: &[[record::PairOf; 2]],
    rng: &mut impl FnMut(usize) -> usize,
) -> record::Move {
    use super::super::Season;
    use super::super::record::{Move, read_step};
    use super::super::season::Phase;
    let who = y.due().unwrap_or(0);
    let name = y.players[who].clone();
    let text = |p: record::PairOf| record::pair_text(p);
    let step = match y.phase {
        Phase::Season(Season::Spring) => {
            let open: Vec<usize> = (0..4)
                .filter(|k| y.commons[*k].choosers.len() < 2)
                .collect();
            let c = open[rng(open.len())];
            let [l, r] = colours[4 + c];
            if y.commons[c].choosers.is_empty() {
                if rng(2) == 0 {
                    format!("{name} c{} left {}", c + 1, text(l))
                } else {
                    format!("{name} c{} right {}", c + 1, text(r))
                }
            } else {
                format!("{name} c{} long {}", c + 1, record::pairs_text([l, r]))
            }
        }
        Phase::Season(Season::Summer) => {
            let open = y.scattered();
            let c = open[rng(open.len())];
            let pair = text(colours[who][rng(2)]);
            let places = y.legal_places("x");
            match places.is_empty() {
                true => format!("{name} {pair} c{}", c + 1),
                false => format!("{name} {pair} c{} {}", c + 1, places[rng(places.len())]),
            }
        }
        Phase::Season(Season::Harvest) => {
            let places = y.legal_places(&name);
            format!("{name} {}", places[rng(places.len())])
        }
        _ => {
            let b = y.unlit().into_iter().next().unwrap_or_default();
            let i = y
                .players
                .iter()
                .position(|p| *p == b)
                .unwrap_or_else(|| 4 + record::common_index(&b).unwrap_or(0));
            return Move::Lit(record::Lit {
                blink: b,
                pairs: colours[i],
            });
        }
    };
    let key = match y.phase {
        Phase::Season(s) => s.step(),
        _ => record::StepKind::Blinks,
    };
    read_step(key, &step).unwrap()
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
    /// A campaign played live writes a record that check referees with the same
    /// result: one fold, two ways in.
    #[test]
    fn a_played_campaign_and_its_record_agree(seed in 1u64.., years in 1usize..4) {
        let mut state = seed;
        let mut rng = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n.max(1) as u64) as usize
        };
        let played = simulate(&mut rng, years);
        let text = played.record_text().unwrap();
        let v = verdict(&text, &std_rules());
        proptest::prop_assert_eq!(v.illegal, None, "{}", text);
        // A record seats the players from the token holder: compare by name (lists
        // of winners follow the seats).
        let (a, b) = (v.campaign.ledger(), played.ledger());
        proptest::prop_assert_eq!(&a.points, &b.points);
        let years = |l: &super::super::game::Ledger| {
            l.years
                .iter()
                .map(|y| {
                    let mut w = y.winners.clone();
                    w.sort();
                    (y.scores.clone(), w, y.layout.clone())
                })
                .collect::<Vec<_>>()
        };
        proptest::prop_assert_eq!(years(&a), years(&b));
        let reread = record::parse(&Source::new("record", text.as_str())).unwrap();
        proptest::prop_assert_eq!(reread.to_string(), text);
    }
}

/// Issue 63: a Year record in every spelling its notation allows reads the same.
mod respelled {
    use crate::diag::Source;
    use crate::kingmaker::build::Dir;
    use crate::kingmaker::record::testing::arb_record;
    use crate::kingmaker::record::{self, Entry, Move, Press};
    use crate::notation::respell::{self, COMMAS, Choices, GAPS};
    use proptest::prelude::*;

    /// A side in another spelling: its letters or its words, in either case.
    fn side(d: Dir, c: &mut Choices) -> String {
        let word = if c.coin() { d.code() } else { d.word() };
        respell::case(word, c)
    }

    /// A step's words in another spelling, white space of any width between them.
    fn step(m: &Move, c: &mut Choices) -> String {
        let case = respell::case;
        let words: Vec<String> = match m {
            Move::Winter(names) => return names.join(c.pick(&COMMAS)),
            Move::Spring(k) => {
                let press = match k.press {
                    Press::Left => c.pick(&["left", "single"]),
                    Press::Right => c.pick(&["right", "double"]),
                    Press::Long => "long",
                };
                let common = record::common_name(k.common);
                let shown = k.shown.to_string();
                vec![
                    k.player.clone(),
                    case(&common, c),
                    case(press, c),
                    case(&shown, c),
                ]
            }
            Move::Summer(r) => {
                let mut w = vec![r.player.clone(), case(&record::pair_text(r.pair), c)];
                w.push(case(&record::common_name(r.common), c));
                if let Some((d, other)) = &r.against {
                    w.extend([side(*d, c), other.clone()]);
                }
                if let Some(l) = r.lit {
                    w.extend([case("lit", c), case(&record::pairs_text(l), c)]);
                }
                w
            }
            Move::Harvest(i) => match c.coin() {
                true => vec![i.player.clone(), side(i.side, c), i.of.clone()],
                false => vec![
                    i.player.clone(),
                    side(i.side, c),
                    case("of", c),
                    i.of.clone(),
                ],
            },
            Move::Lit(l) => vec![l.blink.clone(), case(&record::pairs_text(l.pairs), c)],
        };
        let mut out = String::new();
        for (i, w) in words.iter().enumerate() {
            if i > 0 {
                out += c.pick(&GAPS);
            }
            out += w;
        }
        out
    }

    /// An entry as a line in another spelling: its key in either case, the players
    /// separated by commas too, the steps by a comma with or without white space.
    fn line(e: &Entry, c: &mut Choices) -> String {
        let key = |word: &str, c: &mut Choices| respell::case(word, c) + c.pick(&GAPS);
        match e {
            Entry::Players(p) => key("players:", c) + &p.join(c.pick(&COMMAS)),
            Entry::Year(None) => respell::case("year", c),
            Entry::Year(Some(n)) => key("year:", c) + n,
            Entry::Target(n) => key("target:", c) + &n.to_string(),
            Entry::Next(n) => key("next:", c) + n,
            Entry::Moves(ms) => {
                let kind = ms.first().map_or("spring", |m| m.kind().word());
                let mut out = key(&format!("{kind}:"), c);
                for (i, m) in ms.iter().enumerate() {
                    if i > 0 {
                        out += c.pick(&[",", ", ", " , ", ",\t", "  ,  "]);
                    }
                    out += &step(m, c);
                }
                out
            }
        }
    }

    proptest! {
        /// Keys, colours, presses and sides in either case, players separated by
        /// commas, steps by commas with any white space, CRLF, comments and blank
        /// lines, two records in one file: each reads as its canonical form.
        #[test]
        fn a_record_respelled_reads_the_same(
            a in arb_record(),
            b in arb_record(),
            seed in any::<u64>(),
        ) {
            let entries: Vec<Entry> = a.lines.iter().chain(&b.lines).map(|l| l.entry.clone()).collect();
            let mut c = Choices::new(seed);
            let lines: Vec<String> = entries.iter().map(|e| line(e, &mut c)).collect();
            let text = respell::file(&lines, &mut c);
            let back = record::parse(&Source::new("record", text.as_str()))
                .map_err(|e| TestCaseError::fail(format!("{}\n{text}", e.render())))?;
            let got: Vec<Entry> = back.lines.into_iter().map(|l| l.entry).collect();
            prop_assert_eq!(got, entries, "{}", text);
        }
    }
}
