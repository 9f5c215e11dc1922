//! The steps of a Year composed by taps on a phone: the common a player lights in Spring,
//! how they press it and the colours that show (a palette of the four lights for each
//! light of a pair); the pair revealed in Summer and the common moved, with its place; the
//! Harvest place; a Blink's pairs after the final long press. Pairs kado already knows are
//! filled in, and may be tapped over.

use super::game::*;
use super::season::Key;
use super::season::YearState;
use crate::kingmaker::ruling;
use crate::session::Session;

use crate::kingmaker::build::Dir;
use crate::kingmaker::layout::Colour;
use crate::kingmaker::record::{
    Click, Insert, Lit, Move, PairOf, Press, Reveal, Shown, common_name,
};
use crate::session::Composed;
use crate::view::{Compose, Item, Pick, PickGroup, Picked, Send, Tone};

/// The light of a pair a palette sets: which pair (`l` left, `r` right, `p` the pair a
/// player reveals) and which of its two lights.
#[derive(Clone, Copy)]
struct Light {
    pair: char,
    nth: usize,
}

impl Game {
    pub(super) fn composed(&self, key: Key, picked: &Picked) -> Option<Composed<Action>> {
        if key == Key::Year && self.first.is_some() && !self.seasons {
            return Some(self.checked(self.compose_scores(picked)));
        }
        let y = self.year.as_ref()?;
        let who = y.due().and_then(|i| y.players.get(i)).cloned();
        if matches!(key, Key::First | Key::Year) {
            return None;
        }
        if picked.has(FIX) {
            return Some(self.checked(self.compose_fix(picked)));
        }
        let mut draft = match key {
            Key::Spring => self.compose_spring(y, who?, picked),
            Key::Summer => self.compose_reveal(who?, picked),
            Key::Move => self.compose_move(y, who?, picked),
            Key::Lit => self.compose_lit(y, picked),
            Key::Harvest => self.compose_harvest(y, who?, picked),
            Key::Blinks => self.compose_blink(y, picked),
            Key::First | Key::Year => return None,
        };
        if !self.fixable_steps().is_empty() {
            draft.groups.push(fix_toggle(picked));
        }
        Some(self.checked(draft))
    }

    /// Spring: a scattered common, the press (a first chooser clicks, a second
    /// long-presses), and the colours its lit pair or pairs show.
    fn compose_spring(&self, y: &YearState, who: String, picked: &Picked) -> Draft {
        let common = (0..4).find(|c| picked.has(&common_name(*c)));
        let may = |p: Press| common.is_none_or(|c| self.may_press(y, c, p));
        let press = PRESSES
            .into_iter()
            .find(|p| picked.has(p.word()) && may(*p));
        let mut groups = vec![
            spring_commons(y, picked),
            PickGroup {
                label: "How you press it".to_string(),
                picks: (PRESSES.into_iter())
                    .map(|p| {
                        let code = p.word().to_string();
                        let item = Item::new(code.clone(), press_words(p));
                        piece(code, item, press_words(p), picked, may(p))
                    })
                    .collect(),
                single: true,
                replaces: Vec::new(),
            },
        ];
        let known = |side: usize| common.and_then(|c| y.commons[c].colours[side]);
        let shown = match press {
            Some(Press::Left) => {
                pair_of(&mut groups, 'l', "Left pair", known(0), picked).map(Shown::One)
            }
            Some(Press::Right) => {
                pair_of(&mut groups, 'r', "Right pair", known(1), picked).map(Shown::One)
            }
            Some(Press::Long) => {
                both_pairs(&mut groups, [known(0), known(1)], picked).map(Shown::Both)
            }
            None => None,
        };
        let step = match (common, press, shown) {
            (Some(common), Some(press), Some(shown)) => Some(Click {
                player: who,
                common,
                press,
                shown,
            }),
            _ => None,
        };
        let why = match (common, press) {
            (None, _) => "Tap the common you light",
            (Some(_), None) => "Tap how you press it",
            _ => "Tap the colours that show",
        };
        let label = |s: &Click| {
            let (verb, name) = (press_verb(s.press), common_name(s.common));
            format!("{verb} {name}: {}", s.shown)
        };
        let send = step.as_ref().map(label);
        let action = step.map(|step| Action::Spring { step });
        let title = "Tap a common, how you press it, then the colours that show";
        self.draft(title, groups, action, send, why)
    }

    /// Whether common `c` may be pressed so now: a first chooser clicks (a long press
    /// only under ruling first-long-press), a second long-presses, a third is refused.
    fn may_press(&self, y: &YearState, c: usize, p: Press) -> bool {
        let first_long = self.rules.ruled.first_long_press == ruling::FirstLongPress::Allowed;
        match (y.commons[c].choosers.len(), p) {
            (0, Press::Long) => first_long,
            (0, _) | (1, Press::Long) => true,
            _ => false,
        }
    }

    /// Summer: the pair the player reveals of their own Blink.
    fn compose_reveal(&self, who: String, picked: &Picked) -> Draft {
        let mut groups = Vec::new();
        let pair = pair_of(&mut groups, 'p', "The pair you reveal", None, picked);
        let send = pair.map(|p| format!("Reveal {}", crate::kingmaker::record::pair_text(p)));
        let action = pair.map(|pair| Action::Reveal { player: who, pair });
        let title = "Tap the two colours of the pair your Blink shows";
        self.draft(title, groups, action, send, "Tap the colours of your pair")
    }

    /// Summer, the pair revealed: the common moved into the Commons, and the side of a
    /// Blink there it goes against (none for the first).
    fn compose_move(&self, y: &YearState, who: String, picked: &Picked) -> Draft {
        let choices = y.summer_choices();
        let common = (0..4).find(|c| picked.has(&common_name(*c)));
        let commons = PickGroup {
            label: "The common you move".to_string(),
            picks: y
                .scattered()
                .into_iter()
                .map(|c| {
                    let code = common_name(c);
                    let open = choices.iter().any(|(k, _)| *k == c);
                    let spoken = format!("common {}: {}", c + 1, y.common_line(c));
                    piece(
                        code.clone(),
                        Item::new(code.clone(), code),
                        spoken,
                        picked,
                        open,
                    )
                })
                .collect(),
            single: true,
            replaces: Vec::new(),
        };
        let places: Vec<(Dir, String)> = (choices.iter())
            .filter(|(k, _)| Some(*k) == common)
            .filter_map(|(_, at)| at.clone())
            .collect();
        let mut groups = vec![commons];
        if !places.is_empty() {
            groups.push(place_group("Where it goes", &places, y, picked));
        }
        let at = places.iter().find(|p| picked.has(&place_code(p))).cloned();
        let first = y.placed.is_empty();
        let step = match (common, y.revealed) {
            (Some(c), Some(pair)) if first || at.is_some() => Some(Reveal {
                player: who,
                pair,
                common: c,
                against: at,
                lit: None,
            }),
            _ => None,
        };
        let send = step.as_ref().map(|r| match &r.against {
            Some(p) => format!("Move {} {}", common_name(r.common), place_words(p)),
            None => format!("Move {} in first", common_name(r.common)),
        });
        let action = step.map(|r| self.action_of(&Move::Summer(r)));
        let why = match common {
            None => "Tap the common you move",
            Some(_) => "Tap where it goes",
        };
        let title = "Tap the common you move into the Commons, then where it goes";
        self.draft(title, groups, action, send, why)
    }

    /// Summer: a common nobody chose, long-pressed as it goes in: its two pairs.
    fn compose_lit(&self, y: &YearState, picked: &Picked) -> Draft {
        let moving = y.moving.clone();
        let mut groups = Vec::new();
        let pairs = both_pairs(&mut groups, [None, None], picked);
        let step = moving.zip(pairs).map(|(r, pairs)| Reveal {
            lit: Some(pairs),
            ..r
        });
        let send = step.as_ref().zip(pairs).map(|(r, p)| {
            format!(
                "{} shows {}",
                common_name(r.common),
                crate::kingmaker::record::pairs_text(p)
            )
        });
        let action = step.map(|r| self.action_of(&Move::Summer(r)));
        let title = "Tap the colours of both pairs of the common long-pressed";
        self.draft(title, groups, action, send, "Tap the colours of both pairs")
    }

    /// Harvest: the side of a Blink in the Commons the player's Blink goes against.
    fn compose_harvest(&self, y: &YearState, who: String, picked: &Picked) -> Draft {
        let places: Vec<(Dir, String)> = (y.legal_placements(&who).into_iter())
            .filter_map(|p| p.against)
            .collect();
        let groups = vec![place_group("Where your Blink goes", &places, y, picked)];
        let at = places.iter().find(|p| picked.has(&place_code(p))).cloned();
        let send = at
            .as_ref()
            .map(|p| format!("Put your Blink {}", place_words(p)));
        let action = at.map(|(side, of)| Action::Harvest {
            step: Insert {
                player: who,
                side,
                of,
            },
        });
        let title = "Tap where your Blink goes: it must touch two commons";
        self.draft(title, groups, action, send, "Tap where your Blink goes")
    }

    /// The final long press: the pairs of the next Blink asked for (a pair shown during
    /// the Year filled in).
    fn compose_blink(&self, y: &YearState, picked: &Picked) -> Draft {
        let blink = y.unlit().into_iter().next().unwrap_or_default();
        let known = crate::kingmaker::record::common_index(&blink)
            .and_then(|c| y.commons.get(c))
            .map_or([None, None], |c| c.colours);
        let mut groups = Vec::new();
        let pairs = both_pairs(&mut groups, known, picked);
        let send =
            pairs.map(|p| format!("{blink} shows {}", crate::kingmaker::record::pairs_text(p)));
        let action = pairs.map(|pairs| Action::Blink {
            step: Lit {
                blink: blink.clone(),
                pairs,
            },
        });
        let title = format!("Long press {blink}: tap the colours of its two pairs");
        self.draft(
            &title,
            groups,
            action,
            send,
            "Tap the colours of both pairs",
        )
    }

    /// A Year told whole by its scores: each player's points tapped as tens and ones
    /// (the tens 0 until tapped). The Commons themselves are typed.
    fn compose_scores(&self, picked: &Picked) -> Draft {
        let mut groups = Vec::new();
        let mut scores = Vec::new();
        for (i, name) in self.players.iter().enumerate() {
            let digit = |place: char| (0..10u64).find(|d| picked.has(&digit_code(i, place, *d)));
            let (tens, ones) = (digit('t'), digit('o'));
            for (place, words, step) in [('t', "tens", 10), ('o', "ones", 1)] {
                let picks = (0..10u64).map(|d| {
                    let code = digit_code(i, place, d);
                    let shown = (d * step).to_string();
                    let spoken = format!("{name}: {shown} points ({words})");
                    piece(code, Item::new(shown.clone(), shown), spoken, picked, true)
                });
                groups.push(PickGroup {
                    label: format!("{name}'s points: {words}"),
                    picks: picks.collect(),
                    single: true,
                    replaces: Vec::new(),
                });
            }
            if let Some(ones) = ones {
                scores.push((name.clone(), tens.unwrap_or(0) * 10 + ones));
            }
        }
        let whole = scores.len() == self.players.len();
        let send = whole.then(|| {
            let each: Vec<String> = scores.iter().map(|(n, s)| format!("{n} {s}")).collect();
            format!("Scores: {}", each.join(", "))
        });
        let action = whole.then_some(Action::Scores { scores });
        let title = "Tap each player's points for the Year (or type the Commons)";
        self.draft(title, groups, action, send, "Tap each player's points")
    }

    /// A step of this Year told again by taps: the step picked among those told, then
    /// told anew on the Year as it stood before it (the choices open then), sent as a
    /// fix; the rest of the Year is refereed again with it.
    fn compose_fix(&self, picked: &Picked) -> Draft {
        let steps = self.fixable_steps();
        let chosen = steps.iter().find(|(n, _)| picked.has(&step_code(*n)));
        let mut groups = vec![fix_toggle(picked), steps_group(&steps, picked)];
        let why = "Tap the step told wrong";
        let Some((told, before)) = chosen.and_then(|(n, m)| Some((m, self.year_before(*n)?)))
        else {
            return self.draft(
                "Tap the step told wrong, then tell it again",
                groups,
                None,
                None,
                why,
            );
        };
        let inner = match told {
            Move::Spring(c) => self.compose_spring(&before, c.player.clone(), picked),
            Move::Harvest(i) => self.compose_harvest(&before, i.player.clone(), picked),
            Move::Summer(r) => self.fix_summer(&before, r, picked),
            Move::Lit(l) => self.fix_lit(l, picked),
            Move::Winter(_) => return self.draft(why, groups, None, None, why),
        };
        groups.extend(inner.groups);
        let step = inner.action.as_ref().and_then(step_of);
        let send = step
            .as_ref()
            .map(|m| format!("Fix {}: {m}", m.kind().word()));
        let action = step.map(|step| Action::Fix { step });
        let title = format!("Tell again: {} {told}", told.kind().word());
        self.draft(&title, groups, action, send, &inner.why)
    }

    /// A Summer step told again: the pair revealed, then the common moved and where (and
    /// its pairs, where it was lit as it moved).
    fn fix_summer(&self, before: &YearState, told: &Reveal, picked: &Picked) -> Draft {
        let mut groups = Vec::new();
        let why = "Tap the colours of the pair revealed";
        let Some(pair) = pair_of(&mut groups, 'p', "The pair revealed", None, picked) else {
            return self.draft(why, groups, None, None, why);
        };
        let mut revealed = before.clone();
        revealed.revealed = Some(pair);
        let moved = self.compose_move(&revealed, told.player.clone(), picked);
        groups.extend(moved.groups);
        let mut step = match moved.action.as_ref().and_then(step_of) {
            Some(Move::Summer(r)) => Some(r),
            _ => None,
        };
        if told.lit.is_some() {
            let lit = both_pairs(&mut groups, [None, None], picked);
            step = step.zip(lit).map(|(r, pairs)| Reveal {
                lit: Some(pairs),
                ..r
            });
        }
        let action = step.map(|step| Action::Summer { step });
        let send = action.as_ref().map(|_| String::new());
        self.draft(why, groups, action, send, &moved.why)
    }

    /// The pairs of a Blink lit at the final long press, told again.
    fn fix_lit(&self, told: &Lit, picked: &Picked) -> Draft {
        let mut groups = Vec::new();
        let pairs = both_pairs(&mut groups, [None, None], picked);
        let action = pairs.map(|pairs| Action::Blink {
            step: Lit {
                blink: told.blink.clone(),
                pairs,
            },
        });
        let send = action.as_ref().map(|_| String::new());
        let why = "Tap the colours of both pairs";
        self.draft(why, groups, action, send, why)
    }

    /// The steps of this Year a fix may tell again, each with its place among the
    /// Year's steps.
    fn fixable_steps(&self) -> Vec<(usize, Move)> {
        (self.year_moves().into_iter().enumerate())
            .filter(|(_, (_, m))| !matches!(m, Move::Winter(_)))
            .map(|(n, (_, m))| (n, m))
            .collect()
    }

    /// A composer before the rules weigh its picks.
    fn draft(
        &self,
        title: &str,
        groups: Vec<PickGroup>,
        action: Option<Action>,
        send: Option<String>,
        why: &str,
    ) -> Draft {
        Draft {
            title: title.to_string(),
            groups,
            action,
            send,
            why: why.to_string(),
        }
    }

    /// The composer: ready when the picks make an action the rules allow (its button
    /// the draft's words), else why not.
    fn checked(&self, d: Draft) -> Composed<Action> {
        let send = match (&d.action, d.send) {
            (Some(a), Some(label)) => match self.clone().apply(a) {
                Ok(_) => Send::Ready { label },
                Err(e) => Send::not_yet(&e.to_string()),
            },
            _ => Send::not_yet(&d.why),
        };
        let view = Compose {
            title: d.title,
            groups: d.groups,
            count: None,
            board: None,
            send,
        };
        Composed::of(view, d.action)
    }
}

/// A composer before the rules weigh its picks: what to do, the pieces, the action the
/// picks make, the words of the button that sends it, and what is missing while none.
struct Draft {
    title: String,
    groups: Vec<PickGroup>,
    action: Option<Action>,
    send: Option<String>,
    why: String,
}

const PRESSES: [Press; 3] = [Press::Left, Press::Right, Press::Long];

/// The code of digit `d` of player `i`'s score, in the tens (`t`) or the ones (`o`).
fn digit_code(i: usize, place: char, d: u64) -> String {
    format!("{i}{place}{d}")
}

/// The code of the piece that opens the steps told to fix.
const FIX: &str = "fix";

/// The code of the `n`th step of the Year, to fix.
fn step_code(n: usize) -> String {
    format!("fix {n}")
}

/// The Year's step an action tells, a move told before its pairs included.
fn step_of(a: &Action) -> Option<Move> {
    match a {
        Action::Moving { step } => Some(Move::Summer(step.clone())),
        a => a.step(),
    }
}

/// The piece that opens (and closes) the steps of this Year to fix.
fn fix_toggle(picked: &Picked) -> PickGroup {
    let item = Item::new(FIX, "Fix a step told wrong");
    let spoken = "fix a step of this Year told wrong".to_string();
    PickGroup {
        label: "A step of this Year told wrong?".to_string(),
        picks: vec![piece(FIX.to_string(), item, spoken, picked, true)],
        single: false,
        replaces: Vec::new(),
    }
}

/// The steps of this Year told so far, one to pick and tell again.
fn steps_group(steps: &[(usize, Move)], picked: &Picked) -> PickGroup {
    PickGroup {
        label: "The step to tell again".to_string(),
        picks: (steps.iter())
            .map(|(n, m)| {
                let words = format!("{} {m}", m.kind().word());
                let item = Item::new(step_code(*n), words.clone());
                piece(step_code(*n), item, words, picked, true)
            })
            .collect(),
        single: true,
        replaces: Vec::new(),
    }
}

/// The four scattered commons in Spring, each open until chosen twice.
fn spring_commons(y: &YearState, picked: &Picked) -> PickGroup {
    PickGroup {
        label: "The common you light".to_string(),
        picks: (0..4)
            .map(|c| {
                let code = common_name(c);
                let spoken = format!("common {}: {}", c + 1, y.common_line(c));
                let item = Item::new(code.clone(), code.clone());
                piece(code, item, spoken, picked, y.commons[c].choosers.len() < 2)
            })
            .collect(),
        single: true,
        replaces: Vec::new(),
    }
}

/// Both pairs of a Blink, each from two palettes (a pair kado knows filled in).
fn both_pairs(
    groups: &mut Vec<PickGroup>,
    known: [Option<PairOf>; 2],
    picked: &Picked,
) -> Option<[PairOf; 2]> {
    let left = pair_of(groups, 'l', "Left pair", known[0], picked);
    let right = pair_of(groups, 'r', "Right pair", known[1], picked);
    Some([left?, right?])
}

/// A pair from two palettes, one per light: the colours tapped, else those kado knows.
fn pair_of(
    groups: &mut Vec<PickGroup>,
    pair: char,
    label: &str,
    known: Option<PairOf>,
    picked: &Picked,
) -> Option<PairOf> {
    let mut lights = [None, None];
    for (nth, light) in lights.iter_mut().enumerate() {
        let at = Light { pair, nth };
        *light = tapped_colour(at, picked).or(known.map(|k| k[nth]));
        let which = if nth == 0 { "first" } else { "second" };
        groups.push(palette(
            at,
            &format!("{label}, {which} light"),
            *light,
            picked,
        ));
    }
    Some([lights[0]?, lights[1]?])
}

/// The colour tapped for a light, if any.
fn tapped_colour(at: Light, picked: &Picked) -> Option<Colour> {
    Colour::ALL
        .into_iter()
        .find(|c| picked.has(&colour_code(at, *c)))
}

/// The four colours a light may show, the one set picked.
fn palette(at: Light, label: &str, set: Option<Colour>, picked: &Picked) -> PickGroup {
    PickGroup {
        label: label.to_string(),
        picks: Colour::ALL
            .into_iter()
            .map(|c| {
                let code = colour_code(at, c);
                let item = Item::new(c.letter().to_string(), colour_word(c)).tone(lamp(c));
                let spoken = format!("{}, {}", label.to_lowercase(), colour_word(c));
                Pick {
                    picked: set == Some(c) || picked.has(&code),
                    tap: code,
                    item,
                    spoken,
                    open: true,
                    at: None,
                }
            })
            .collect(),
        single: true,
        replaces: Vec::new(),
    }
}

fn colour_code(at: Light, c: Colour) -> String {
    format!("{}{}{}", at.pair, at.nth + 1, c.letter())
}

fn colour_word(c: Colour) -> String {
    match c {
        Colour::Red => "red",
        Colour::Yellow => "yellow",
        Colour::Green => "green",
        Colour::Blue => "blue",
    }
    .to_string()
}

fn lamp(c: Colour) -> Tone {
    match c {
        Colour::Red => Tone::LampRed,
        Colour::Yellow => Tone::LampYellow,
        Colour::Green => Tone::LampGreen,
        Colour::Blue => Tone::LampBlue,
    }
}

/// The sides of Blinks in the Commons a piece may go against, one at a time, each on
/// the hexagon it would fill on the Commons drawn (one button for a hexagon two sides
/// name).
fn place_group(label: &str, places: &[(Dir, String)], y: &YearState, picked: &Picked) -> PickGroup {
    let hexes = match y.commons_board() {
        Some(crate::view::Board::Hexes { hexes }) => hexes,
        _ => Vec::new(),
    };
    let at = |(side, of): &(Dir, String)| {
        let h = hexes.iter().find(|h| h.name == *of)?;
        let (dq, dr) = side.step();
        Some([h.at[0] + dq, h.at[1] + dr])
    };
    let mut seen = Vec::new();
    let picks = places.iter().filter_map(|p| {
        let at = at(p);
        if at.is_some() && seen.contains(&at) {
            return None;
        }
        seen.push(at);
        let code = place_code(p);
        let item = Item::new(code.clone(), code.clone());
        Some(Pick {
            at,
            ..piece(code, item, place_words(p), picked, true)
        })
    });
    PickGroup {
        label: label.to_string(),
        picks: picks.collect(),
        single: true,
        replaces: Vec::new(),
    }
}

/// A place as written in the record: `e c3`, east of c3.
fn place_code((side, of): &(Dir, String)) -> String {
    format!("{side} {of}")
}

/// A place in words: "east of c3".
fn place_words((side, of): &(Dir, String)) -> String {
    format!("{} of {of}", side.word())
}

fn press_words(p: Press) -> String {
    match p {
        Press::Left => "Click: the left pair",
        Press::Right => "Double click: the right pair",
        Press::Long => "Long press: both pairs",
    }
    .to_string()
}

fn press_verb(p: Press) -> &'static str {
    match p {
        Press::Left => "Click",
        Press::Right => "Double-click",
        Press::Long => "Long-press",
    }
}

fn piece(tap: String, item: Item, spoken: String, picked: &Picked, open: bool) -> Pick {
    Pick {
        picked: picked.has(&tap),
        tap,
        item,
        spoken,
        open,
        at: None,
    }
}
