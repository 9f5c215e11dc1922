//! Scoring a Year: each player's triad (their Blink and the two commons it touches), the
//! faces of each colour in it, and the product of those counts.

use crate::explain::Explain;
use crate::kingmaker::ruling;
use std::collections::BTreeMap;

use super::Rules;
use super::layout::{Colour, Layout, LayoutSpans, Slot};
use crate::diag::{Problem, Source};

/// Faces of each colour, in R Y G B order.
pub type Counts = [u32; 4];

/// One player's triad and score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TriadScore {
    pub name: String,
    pub slot: Slot,
    /// The player's Blink, then the two commons it touches.
    pub triad: [Slot; 3],
    pub counts: Counts,
    pub score: u64,
}

impl TriadScore {
    /// The counts as a map from colour letter to count.
    pub fn counts_map(&self) -> BTreeMap<char, u32> {
        Colour::ALL
            .iter()
            .map(|c| (c.letter(), self.counts[c.index()]))
            .collect()
    }
}

/// The Year's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct YearScore {
    /// In reading order of the corners.
    pub players: Vec<TriadScore>,
    /// The highest score.
    pub best: u64,
    /// The players with the highest score.
    pub top: Vec<String>,
    /// Who gets the overall point (all of `top`, unless a tie gives it to nobody).
    pub winners: Vec<String>,
}

/// The product of the colour counts. Under `zero-colour: left-out`, colours with no face
/// are left out; a triad with no face at all scores 0.
pub fn product(counts: &Counts, rules: &Rules) -> u64 {
    if counts.iter().all(|n| *n == 0) {
        return 0;
    }
    counts
        .iter()
        .filter(|n| factor(**n, rules))
        .map(|n| u64::from(*n))
        .product()
}

/// Whether a colour's count is a factor of the product (ruling zero-colour).
fn factor(count: u32, rules: &Rules) -> bool {
    match rules.ruled.zero_colour {
        ruling::ZeroColour::Zero => true,
        ruling::ZeroColour::LeftOut => count > 0,
    }
}

/// The faces of a triad's Blinks, counted by colour. Unlit pairs add nothing (under
/// `lit-faces: all-lit` the caller has already refused layouts with unlit pairs).
pub fn count(layout: &Layout, triad: &[Slot]) -> Counts {
    let mut counts = [0; 4];
    for s in triad {
        for c in layout.blink(*s).faces() {
            counts[c.index()] += 1;
        }
    }
    counts
}

/// Each player's triad score, and who takes the Year.
pub fn score(layout: &Layout, rules: &Rules) -> YearScore {
    let mut players = Vec::new();
    for corner in Slot::CORNERS {
        let [a, b] = corner.triad_commons().unwrap_or([corner, corner]);
        let triad = [corner, a, b];
        let counts = count(layout, &triad);
        players.push(TriadScore {
            name: layout.player(corner),
            slot: corner,
            triad,
            counts,
            score: product(&counts, rules),
        });
    }
    let scores: Vec<(String, u64)> = players.iter().map(|p| (p.name.clone(), p.score)).collect();
    let (best, top, winners) = year_winners(&scores, rules);
    YearScore {
        players,
        best,
        top,
        winners,
    }
}

/// From each player's score: the best score, the players with it, and who gets the
/// overall point (ruling `year-tie`).
pub fn year_winners(scores: &[(String, u64)], rules: &Rules) -> (u64, Vec<String>, Vec<String>) {
    let best = scores.iter().map(|(_, s)| *s).max().unwrap_or(0);
    let top: Vec<String> = scores
        .iter()
        .filter(|(_, s)| *s == best)
        .map(|(n, _)| n.clone())
        .collect();
    let winners = match rules.ruled.year_tie {
        ruling::YearTie::Nobody if top.len() > 1 => Vec::new(),
        ruling::YearTie::Nobody | ruling::YearTie::Shared => top.clone(),
    };
    (best, top, winners)
}

/// Under `lit-faces: all-lit` every face counts, so a pair written `..` (colours not
/// known) cannot be scored: one problem for each, pointing at it.
pub fn unscorable(
    src: &Source,
    layout: &Layout,
    spans: &LayoutSpans,
    rules: &Rules,
) -> Vec<Problem> {
    match rules.ruled.lit_faces {
        ruling::LitFaces::Shown => return Vec::new(),
        ruling::LitFaces::AllLit => {}
    }
    layout
        .unlit()
        .into_iter()
        .map(|(slot, side)| {
            Problem::new(format!(
                "the {} pair of the {slot} Blink is not lit, and every face counts at the end of the Year",
                if side == 0 { "left" } else { "right" }
            ))
            .at(src, spans.pairs[slot.index()][side].clone())
            .expected("the pair's two colours, e.g. `RG` (the long press that ends the Year lights every pair)")
            .help(format!("to score only the pairs shown part-way through a Year, add `--rules kingmaker-shown` ({cite})", cite = ruling::LitFaces::Shown.cite()))
        })
        .collect()
}

/// Every score a triad can make under `rules`: the product of colour counts over the
/// faces a triad can show. All lit, a triad shows 12 faces (three Blinks of four);
/// under `lit-faces: shown` each Blink shows 0, 2 or 4, so any even number up to 12.
pub fn possible_scores(rules: &Rules) -> std::collections::BTreeSet<u64> {
    let totals: Vec<u32> = match rules.ruled.lit_faces {
        ruling::LitFaces::AllLit => vec![12],
        ruling::LitFaces::Shown => (0..=12).step_by(2).collect(),
    };
    let mut out = std::collections::BTreeSet::new();
    for r in 0..=12u32 {
        for y in 0..=12 - r {
            for g in 0..=12 - r - y {
                for b in 0..=12 - r - y - g {
                    if totals.contains(&(r + y + g + b)) {
                        out.insert(product(&[r, y, g, b], rules));
                    }
                }
            }
        }
    }
    out
}

/// Why `score` cannot be a triad's score, naming the nearest scores that can be; None
/// when it can.
pub fn impossible(score: u64, rules: &Rules) -> Option<String> {
    let all = possible_scores(rules);
    if all.contains(&score) {
        return None;
    }
    let below = all.range(..score).next_back();
    let above = all.range(score..).next();
    let near = match (below, above) {
        (Some(a), Some(b)) => format!("the nearest are {a} and {b}"),
        (Some(a), None) => format!("the most is {a}"),
        (None, Some(b)) => format!("the least is {b}"),
        (None, None) => String::new(),
    };
    let faces = match rules.ruled.lit_faces {
        ruling::LitFaces::AllLit => "from the 12 faces of three Blinks",
        ruling::LitFaces::Shown => "from the faces shown",
    };
    Some(format!("no triad can score {score} {faces}: {near}"))
}

/// The product written out: `4×2×4×2 = 64`, colours left out as the rules say.
pub fn formula(counts: &Counts, score: u64, rules: &Rules) -> String {
    if counts.iter().all(|n| *n == 0) {
        return "0 (no face lit)".to_string();
    }
    let factors: Vec<String> = counts
        .iter()
        .filter(|n| factor(**n, rules))
        .map(ToString::to_string)
        .collect();
    if factors.len() == 1 {
        return score.to_string();
    }
    format!("{} = {score}", factors.join("×"))
}

/// Why a layout with dark pairs has no scores yet.
pub fn not_scored_yet() -> String {
    format!(
        "No scores yet: some pairs are not lit, and every face counts at the end of the Year ({cite}).\n",
        cite = ruling::LitFaces::AllLit.cite()
    )
}

/// Names as a list: "ana", "ana and bo", "ana, bo and cy".
pub fn names(list: &[String]) -> String {
    match list {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The rules of a triad and of the faces that count, for `--explain`.
pub fn triad_explain(rules: &Rules, x: &mut Explain) {
    x.rule("A player's triad is their Blink and the two commons it touches: top-left with top-middle and middle-left, top-right with top-middle and middle-right, bottom-left with middle-left and bottom-middle, bottom-right with middle-right and bottom-middle.");
    x.by(rules.ruled.lit_faces, |c| match c {
        ruling::LitFaces::AllLit => "Every Blink shows all four faces: the Year ends with a long press that lights both pip pairs.",
        ruling::LitFaces::Shown => "Only the pip pairs shown count; a pair written `..` adds nothing.",
    });
}

/// The rules and rulings behind a Year's scores.
pub fn year_explain(rules: &Rules, y: &YearScore) -> Explain {
    let mut x = Explain::new();
    triad_explain(rules, &mut x);
    x.by(rules.ruled.zero_colour, |c| match c {
        ruling::ZeroColour::LeftOut => "The score is the product of the faces of each colour in the triad; a colour with no face is left out.",
        ruling::ZeroColour::Zero => "The score is the product of the faces of each colour in the triad; a colour with no face makes it 0.",
    });
    if y.top.len() > 1 {
        x.by(rules.ruled.year_tie, |c| match c {
            ruling::YearTie::Shared => {
                "The highest score wins the Year; tied players each get the overall point."
            }
            ruling::YearTie::Nobody => {
                "The highest score wins the Year; when it is tied, nobody gets the overall point."
            }
        });
    } else {
        x.rule("The highest score wins the Year and one overall point; that player chooses who starts the next Year.");
    }
    x
}

/// The Year's outcome in a sentence.
pub fn outcome_line(y: &YearScore, rules: &Rules) -> String {
    match (y.top.as_slice(), y.winners.is_empty()) {
        ([one], _) => format!(
            "{one} wins the Year with {} and gets the overall point; {one} chooses who starts the next Year.\n",
            y.best
        ),
        (_, false) => format!(
            "{} tie for the Year with {}: each gets the overall point ({cite}).\n",
            names(&y.top),
            y.best,
            cite = ruling::YearTie::Shared.cite()
        ),
        (_, true) => format!(
            "{} tie for the Year with {}: nobody gets the overall point ({cite}).\n",
            names(&y.top),
            y.best,
            cite = rules.ruled.year_tie.cite()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kingmaker::layout::testing::arb_layout;
    use crate::ruleset::Ruleset;
    use proptest::prelude::*;

    fn rules_with(choice: impl crate::ruleset::Choice) -> Rules {
        Rules::from_ruleset(&Ruleset::builtin("kingmaker").unwrap().with(choice).unwrap())
    }

    fn scores(text: &str, rules: &Rules) -> Vec<(String, u64)> {
        let l: Layout = text.parse().unwrap();
        score(&l, rules)
            .players
            .into_iter()
            .map(|p| (p.name, p.score))
            .collect()
    }

    fn pairs(v: &[(&str, u64)]) -> Vec<(String, u64)> {
        v.iter().map(|(n, s)| (n.to_string(), *s)).collect()
    }

    /// The example, worked by hand:
    /// ana: RG-YB + RR-GB + GG-RY → R4 Y2 G4 B2 = 64
    /// bo:  YY-BG + RR-GB + BB-RY → R3 Y3 G2 B4 = 72
    /// cy:  RY-GB + GG-RY + YG-RR → R4 Y3 G4 B1 = 48
    /// dee: BB-GY + BB-RY + YG-RR → R3 Y3 G2 B4 = 72
    #[test]
    fn the_example_is_a_tie() {
        let text = "ana:RG-YB RR-GB bo:YY-BG / GG-RY BB-RY / cy:RY-GB YG-RR dee:BB-GY";
        let r = Rules::standard();
        assert_eq!(
            scores(text, &r),
            pairs(&[("ana", 64), ("bo", 72), ("cy", 48), ("dee", 72)])
        );
        let l: Layout = text.parse().unwrap();
        let y = score(&l, &r);
        assert_eq!(y.players[0].counts, [4, 2, 4, 2]);
        assert_eq!(
            y.players[0].triad,
            [Slot::TopLeft, Slot::TopMiddle, Slot::MiddleLeft]
        );
        assert_eq!(
            y.players[3].triad,
            [Slot::BottomRight, Slot::MiddleRight, Slot::BottomMiddle]
        );
        assert_eq!(y.best, 72);
        assert_eq!(y.top, ["bo", "dee"]);
        assert_eq!(y.winners, ["bo", "dee"]);
        let nobody = score(&l, &rules_with(ruling::YearTie::Nobody));
        assert_eq!(nobody.top, ["bo", "dee"]);
        assert!(nobody.winners.is_empty());
    }

    /// Three of each colour in a triad: 3·3·3·3 = 81, the most a triad can score.
    /// ana: RY-GB + RY-GB + RY-GB; the other corners share commons with her.
    #[test]
    fn the_maximum_is_81() {
        let text = "ana:RY-GB RY-GB RR-RR / RY-GB YY-YY / GG-GG BB-BB BB-BB";
        let s = scores(text, &Rules::standard());
        assert_eq!(s[0], ("ana".to_string(), 81));
        // p2: RR-RR + RY-GB + YY-YY → R5 Y5 G1 B1 = 25
        assert_eq!(s[1], ("p2".to_string(), 25));
        // p3: GG-GG + RY-GB + BB-BB → R1 Y1 G5 B5 = 25
        assert_eq!(s[2], ("p3".to_string(), 25));
        // p4: BB-BB + YY-YY + BB-BB → Y4 B8 = 32
        assert_eq!(s[3], ("p4".to_string(), 32));
    }

    /// A triad without blue: ana RG-YR + RR-GY + GG-RY → R5 Y3 G4, blue left out: 60.
    #[test]
    fn a_missing_colour_is_left_out() {
        let text = "ana:RG-YR RR-GY bo:BB-BB / GG-RY BB-BB / BB-BB BB-BB BB-BB";
        let s = scores(text, &Rules::standard());
        assert_eq!(s[0], ("ana".to_string(), 60));
        // bo: BB-BB + RR-GY + BB-BB → R2 Y1 G1 B8 = 16
        assert_eq!(s[1], ("bo".to_string(), 16));
        // p4: BB-BB ×3 → B12 = 12
        assert_eq!(s[3], ("p4".to_string(), 12));
        let z = scores(text, &rules_with(ruling::ZeroColour::Zero));
        assert_eq!(z[0], ("ana".to_string(), 0));
        assert_eq!(z[1], ("bo".to_string(), 16));
        assert_eq!(z[3], ("p4".to_string(), 0));
    }

    /// Under `lit-faces: shown`, unlit pairs add nothing.
    /// ana: RG-.. + ..-GB + GG-RY → R2 Y1 G4 B1 = 8
    #[test]
    fn shown_pairs_only() {
        let text = "ana:RG-.. ..-GB ..-.. / GG-RY ..-.. / ..-.. ..-.. ..-..";
        let s = scores(text, &rules_with(ruling::LitFaces::Shown));
        assert_eq!(s[0], ("ana".to_string(), 8));
        // p2: nothing + GB + nothing → G1 B1 = 1
        assert_eq!(s[1], ("p2".to_string(), 1));
        // p4: no face at all → 0
        assert_eq!(s[3], ("p4".to_string(), 0));
    }

    /// Worked by hand: all lit, the counts sum to 12. The least product is 9 (9,1,1,1);
    /// 1, 2, 3 cannot be made, 12 can (one colour), 11 (11,1), 10 (10,1,1), 81 the most.
    #[test]
    fn possible_scores_all_lit() {
        let r = Rules::standard();
        let all = possible_scores(&r);
        assert_eq!(all.first(), Some(&9));
        assert_eq!(all.last(), Some(&81));
        for s in [9, 10, 11, 12, 16, 20, 27, 48, 64, 72, 81] {
            assert!(all.contains(&s), "{s}");
        }
        // 13 is prime and above 12; 80 = 5·4·2·2 needs 13 faces; 0 needs zero-colour: zero.
        for s in [0, 1, 2, 3, 8, 13, 79, 80] {
            assert!(!all.contains(&s), "{s}");
        }
        assert_eq!(
            impossible(3, &r).as_deref(),
            Some("no triad can score 3 from the 12 faces of three Blinks: the least is 9")
        );
        assert_eq!(
            impossible(13, &r).as_deref(),
            Some(
                "no triad can score 13 from the 12 faces of three Blinks: the nearest are 12 and 16"
            )
        );
        assert_eq!(impossible(64, &r), None);
        // The whole list, from a recount over every split of 12 faces into four colours.
        assert_eq!(
            all.into_iter().collect::<Vec<_>>(),
            [
                9, 10, 11, 12, 16, 18, 20, 21, 24, 25, 27, 28, 30, 32, 35, 36, 40, 42, 45, 48, 50,
                54, 60, 64, 72, 81
            ]
        );
        let z = possible_scores(&rules_with(ruling::ZeroColour::Zero));
        assert!(z.contains(&0) && z.contains(&81) && !z.contains(&12));
        let shown = possible_scores(&rules_with(ruling::LitFaces::Shown));
        assert!(shown.contains(&0) && shown.contains(&1) && shown.contains(&2));
    }

    /// A plain recount: the triad's Blinks written out, their colour letters counted.
    fn recount(l: &Layout, corner: Slot, rules: &Rules) -> u64 {
        let commons: Vec<Slot> = Slot::COMMONS
            .into_iter()
            .filter(|c| crate::kingmaker::layout::touching(corner.axial(), c.axial()))
            .collect();
        let mut text = l.blink(corner).pairs_text();
        for c in commons {
            text += &l.blink(c).pairs_text();
        }
        let counts: Vec<u64> = ['R', 'Y', 'G', 'B']
            .iter()
            .map(|c| text.chars().filter(|x| x == c).count() as u64)
            .collect();
        if counts.iter().all(|n| *n == 0) {
            return 0;
        }
        let mut p = 1;
        for n in counts {
            if n == 0 && rules.ruled.zero_colour == ruling::ZeroColour::LeftOut {
                continue;
            }
            p *= n;
        }
        p
    }

    proptest! {
        #[test]
        fn scores_match_a_plain_recount(l in arb_layout(false), zero in any::<bool>()) {
            let rules = if zero { rules_with(ruling::ZeroColour::Zero) } else { Rules::standard() };
            let y = score(&l, &rules);
            for p in &y.players {
                prop_assert_eq!(p.score, recount(&l, p.slot, &rules));
                prop_assert!(p.score <= 81);
            }
            prop_assert!(y.players.iter().any(|p| p.score == y.best));
            prop_assert!(!y.winners.is_empty());
        }

        /// Every score a layout makes is one `possible_scores` lists (so a score typed
        /// in by hand is never refused when a real layout could make it).
        #[test]
        fn scores_are_possible(l in arb_layout(true), part in arb_layout(false), zero in any::<bool>()) {
            let zc = if zero { ruling::ZeroColour::Zero } else { ruling::ZeroColour::LeftOut };
            let lit = rules_with(zc);
            let shown = lit.clone().with(ruling::LitFaces::Shown);
            for p in score(&l, &lit).players {
                prop_assert!(possible_scores(&lit).contains(&p.score), "{}", p.score);
            }
            for p in score(&part, &shown).players {
                prop_assert!(possible_scores(&shown).contains(&p.score), "{}", p.score);
            }
        }
    }
}
