//! The yaku in a player's captured cards, and the round's score.

use crate::koikoi::ruling;
use std::fmt;

use serde::Serialize;

use super::cards::{Card, Kind, RibbonKind};
use super::{Multiplier, Rain, Rules, Viewing};
use crate::explain::Explain;
use crate::ruleset::Ruleset;

/// The yaku kado knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Name {
    Goko,
    Shiko,
    AmeShiko,
    Sanko,
    HanamiZake,
    TsukimiZake,
    Inoshikacho,
    Tane,
    Akatan,
    Aotan,
    AkatanAotan,
    Tanzaku,
    Kasu,
    Tsukifuda,
    Teshi,
    Kuttsuki,
}

impl Name {
    /// The JSON name: `ame_shiko`.
    pub fn id(self) -> &'static str {
        match self {
            Name::Goko => "goko",
            Name::Shiko => "shiko",
            Name::AmeShiko => "ame_shiko",
            Name::Sanko => "sanko",
            Name::HanamiZake => "hanami_zake",
            Name::TsukimiZake => "tsukimi_zake",
            Name::Inoshikacho => "inoshikacho",
            Name::Tane => "tane",
            Name::Akatan => "akatan",
            Name::Aotan => "aotan",
            Name::AkatanAotan => "akatan_aotan",
            Name::Tanzaku => "tanzaku",
            Name::Kasu => "kasu",
            Name::Tsukifuda => "tsukifuda",
            Name::Teshi => "teshi",
            Name::Kuttsuki => "kuttsuki",
        }
    }

    /// What the yaku is, for people.
    pub fn meaning(self) -> &'static str {
        match self {
            Name::Goko => "five brights",
            Name::Shiko => "four brights",
            Name::AmeShiko => "four brights with the rain man",
            Name::Sanko => "three brights",
            Name::HanamiZake => "cherry-blossom viewing",
            Name::TsukimiZake => "moon viewing",
            Name::Inoshikacho => "boar, deer and butterflies",
            Name::Tane => "animals",
            Name::Akatan => "poetry ribbons",
            Name::Aotan => "blue ribbons",
            Name::AkatanAotan => "poetry and blue ribbons",
            Name::Tanzaku => "ribbons",
            Name::Kasu => "plains",
            Name::Tsukifuda => "the round's month",
            Name::Teshi => "four cards of a month",
            Name::Kuttsuki => "four pairs",
        }
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// One yaku made, its points and the cards that make it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Yaku {
    pub name: Name,
    pub points: i64,
    pub cards: Vec<Card>,
    /// How the points are made up: "5 + 2 further animals".
    #[serde(skip)]
    pub how: String,
}

/// What is known of the round besides the cards.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Round {
    /// The round's month, 1–12 (for tsukifuda).
    pub month: Option<u8>,
    /// How many times the scoring player called koi-koi this round.
    pub koi_calls: u32,
    /// The opponent had called koi-koi this round.
    pub opponent_koi: bool,
    /// The cards face up on the field when the round is scored (for ruling `rain:
    /// willow-on-field`).
    pub field: Option<Vec<Card>>,
    /// How many brights lay face up on the field at the deal (for ruling `multiplier:
    /// field-brights`).
    pub field_brights: Option<u8>,
}

/// A round's score for the player who holds the cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Score {
    pub yaku: Vec<Yaku>,
    pub base: i64,
    pub multiplier: i64,
    /// Why the multiplier is what it is, one factor per line.
    pub multiplier_reasons: Vec<String>,
    /// Points added after the multiplier (ruling multiplier: koi-bonus); 0 otherwise.
    #[serde(skip_serializing_if = "is_zero")]
    pub bonus: i64,
    pub total: i64,
    /// Yaku that were held but did not score, and why; inputs that had no effect.
    pub notes: Vec<String>,
}

fn is_zero(n: &i64) -> bool {
    *n == 0
}

fn has(cards: &[Card], month: u8, kind: Kind) -> bool {
    cards.contains(&Card::new(month, kind))
}

fn of_kind(cards: &[Card], kind: Kind) -> Vec<Card> {
    let mut v: Vec<Card> = cards.iter().copied().filter(|c| c.kind == kind).collect();
    v.sort();
    v
}

fn plural(n: i64, word: &str) -> String {
    format!(
        "{} further {}",
        n,
        &crate::words::count(n, word)[n.to_string().len() + 1..]
    )
}

/// A yaku that grows: `value` for `min` cards, plus extra-card per further card.
fn growing(
    name: Name,
    value: i64,
    count: usize,
    min: i64,
    cards: Vec<Card>,
    word: &str,
    rules: &Rules,
) -> Yaku {
    let further = (count as i64 - min).max(0);
    let points = value.saturating_add(rules.values.extra_card.saturating_mul(further));
    let how = if further == 0 {
        value.to_string()
    } else {
        format!("{value} + {}", plural(further, word))
    };
    Yaku {
        name,
        points,
        cards,
        how,
    }
}

fn flat(name: Name, value: i64, cards: Vec<Card>) -> Yaku {
    Yaku {
        name,
        points: value,
        cards,
        how: value.to_string(),
    }
}

/// The option worth the most points (the first on a tie).
fn best(options: Vec<Vec<Yaku>>) -> Vec<Yaku> {
    let mut best: Option<(i64, Vec<Yaku>)> = None;
    for o in options {
        let sum: i64 = o.iter().map(|y| y.points).sum();
        if best.as_ref().is_none_or(|(b, _)| sum > *b) {
            best = Some((sum, o));
        }
    }
    best.map(|(_, o)| o).unwrap_or_default()
}

/// The rain cards under ruling `rain`: among the captured cards, or for `willow-on-field`
/// among the field's cards (none when the field is not known).
pub fn rain_cards(captured: &[Card], field: Option<&[Card]>, rain: Rain) -> Vec<Card> {
    let cards = match rain {
        Rain::WillowOnField => field.unwrap_or_default(),
        _ => captured,
    };
    let mut v: Vec<Card> = cards
        .iter()
        .copied()
        .filter(|c| {
            c.month == 11
                && match rain {
                    Rain::AnyWillow | Rain::WillowOnField => true,
                    Rain::RainMan => c.kind == Kind::Bright,
                    Rain::Lightning => c.kind == Kind::Plain,
                    Rain::RainManOrLightning => matches!(c.kind, Kind::Bright | Kind::Plain),
                }
        })
        .collect();
    v.sort();
    v.dedup();
    v
}

fn brights(cards: &[Card], rules: &Rules, notes: &mut Vec<String>) -> Option<Yaku> {
    let b = of_kind(cards, Kind::Bright);
    let rain_man = has(cards, 11, Kind::Bright);
    let v = &rules.values;
    match (b.len(), rain_man) {
        (5.., _) => Some(flat(Name::Goko, v.goko, b)),
        (4, false) => Some(flat(Name::Shiko, v.shiko, b)),
        (4, true) => Some(flat(Name::AmeShiko, v.ame_shiko, b)),
        (3, false) => Some(flat(Name::Sanko, v.sanko, b)),
        (3, true) => {
            notes.push(
                "three brights with the rain man make no yaku (sanko needs three without him)"
                    .to_string(),
            );
            None
        }
        _ => None,
    }
}

fn animals(cards: &[Card], rules: &Rules) -> Vec<Yaku> {
    let a = of_kind(cards, Kind::Animal);
    let v = &rules.values;
    let ino =
        has(cards, 6, Kind::Animal) && has(cards, 7, Kind::Animal) && has(cards, 10, Kind::Animal);
    let tane_ok = a.len() as i64 >= v.tane_cards;
    let tane = || {
        growing(
            Name::Tane,
            v.tane,
            a.len(),
            v.tane_cards,
            a.clone(),
            "animal",
            rules,
        )
    };
    match rules.ruled.yaku_groups {
        ruling::YakuGroups::Stacking => {
            let mut out = Vec::new();
            if ino {
                out.push(flat(
                    Name::Inoshikacho,
                    v.inoshikacho,
                    vec![
                        Card::new(6, Kind::Animal),
                        Card::new(7, Kind::Animal),
                        Card::new(10, Kind::Animal),
                    ],
                ));
            }
            if tane_ok {
                out.push(tane());
            }
            out
        }
        ruling::YakuGroups::BestInGroup => {
            let mut options = Vec::new();
            if ino {
                options.push(vec![growing(
                    Name::Inoshikacho,
                    v.inoshikacho,
                    a.len(),
                    3,
                    a.clone(),
                    "animal",
                    rules,
                )]);
            }
            if tane_ok {
                options.push(vec![tane()]);
            }
            best(options)
        }
    }
}

/// The ribbons a pile holds, sorted by kind.
struct Ribbons {
    all: Vec<Card>,
    poetry: Vec<Card>,
    blue: Vec<Card>,
}

impl Ribbons {
    fn of(cards: &[Card]) -> Ribbons {
        let all = of_kind(cards, Kind::Ribbon);
        let of = |k: RibbonKind| -> Vec<Card> {
            all.iter()
                .copied()
                .filter(|c| c.ribbon_kind() == Some(k))
                .collect()
        };
        Ribbons {
            poetry: of(RibbonKind::Poetry),
            blue: of(RibbonKind::Blue),
            all,
        }
    }

    fn akatan(&self) -> bool {
        self.poetry.len() == 3
    }

    fn aotan(&self) -> bool {
        self.blue.len() == 3
    }

    /// `first`, then every other ribbon, sorted as given.
    fn led_by(&self, first: &[Card]) -> Vec<Card> {
        let mut c = first.to_vec();
        c.extend(self.all.iter().copied().filter(|x| !first.contains(x)));
        c
    }

    /// A ribbon yaku that grows past `min` cards with every ribbon.
    fn growing(&self, name: Name, value: i64, min: i64, cards: Vec<Card>, rules: &Rules) -> Yaku {
        growing(name, value, self.all.len(), min, cards, "ribbon", rules)
    }
}

fn ribbons(cards: &[Card], rules: &Rules) -> Vec<Yaku> {
    let r = Ribbons::of(cards);
    let v = &rules.values;
    let tanzaku = (r.all.len() as i64 >= v.tanzaku_cards).then(|| {
        r.growing(
            Name::Tanzaku,
            v.tanzaku,
            v.tanzaku_cards,
            r.all.clone(),
            rules,
        )
    });
    match rules.ruled.yaku_groups {
        ruling::YakuGroups::Stacking => {
            let mut out = stacked_ribbons(&r, rules);
            out.extend(tanzaku);
            out
        }
        ruling::YakuGroups::BestInGroup => {
            let mut options = ribbon_options(&r, rules);
            options.extend(tanzaku.map(|t| vec![t]));
            best(options)
        }
    }
}

/// Under stacking: every ribbon yaku the pile holds scores (tanzaku apart).
fn stacked_ribbons(r: &Ribbons, rules: &Rules) -> Vec<Yaku> {
    let v = &rules.values;
    let mut out = Vec::new();
    if r.akatan() && r.aotan() && rules.pair_replaces() {
        let mut six = r.poetry.clone();
        six.extend(r.blue.iter().copied());
        six.sort();
        out.push(flat(Name::AkatanAotan, v.akatan_aotan, six));
    } else {
        if r.akatan() {
            out.push(flat(Name::Akatan, v.akatan, r.poetry.clone()));
        }
        if r.aotan() {
            out.push(flat(Name::Aotan, v.aotan, r.blue.clone()));
        }
    }
    out
}

/// Without stacking: the ways the ribbons can score (tanzaku apart); the best is taken.
fn ribbon_options(r: &Ribbons, rules: &Rules) -> Vec<Vec<Yaku>> {
    let v = &rules.values;
    let both = r.akatan() && r.aotan();
    let mut options = Vec::new();
    if both && rules.pair_replaces() {
        options.push(vec![r.growing(
            Name::AkatanAotan,
            v.akatan_aotan,
            6,
            r.all.clone(),
            rules,
        )]);
        return options;
    }
    if both {
        // Both score; the further ribbons count once, on akatan.
        let mut aka_cards = r.poetry.clone();
        aka_cards.extend(
            r.all
                .iter()
                .copied()
                .filter(|c| !r.poetry.contains(c) && !r.blue.contains(c)),
        );
        aka_cards.sort();
        options.push(vec![
            r.growing(Name::Akatan, v.akatan, 6, aka_cards, rules),
            flat(Name::Aotan, v.aotan, r.blue.clone()),
        ]);
    }
    if r.akatan() {
        let c = r.led_by(&r.poetry);
        options.push(vec![r.growing(Name::Akatan, v.akatan, 3, c, rules)]);
    }
    if r.aotan() {
        let c = r.led_by(&r.blue);
        options.push(vec![r.growing(Name::Aotan, v.aotan, 3, c, rules)]);
    }
    options
}

fn plains(cards: &[Card], rules: &Rules) -> Vec<Card> {
    let mut p = of_kind(cards, Kind::Plain);
    if rules.cup_is_plain() && has(cards, 9, Kind::Animal) {
        p.push(Card::new(9, Kind::Animal));
        p.sort();
    }
    p
}

/// Scores a player's captured cards (already checked against the deck).
pub fn score(cards: &[Card], round: &Round, rules: &Rules) -> Score {
    let mut notes = Vec::new();
    let mut yaku: Vec<Yaku> = brights(cards, rules, &mut notes).into_iter().collect();
    // Viewing yaku are decided after the others (one ruling needs another yaku).
    let viewing = viewing_yaku(cards, round, rules);
    let rest = other_yaku(cards, round, rules, &mut notes);
    if round.field.is_some() && !rules.rain_on_field() {
        notes.push(
            "the field does not matter: only a willow card on the field under viewing-yaku rain-ruins and rain willow-on-field uses it"
                .to_string(),
        );
    }
    if !viewing.is_empty() {
        let alone = yaku.is_empty() && rest.is_empty();
        yaku.extend(viewing_that_scores(
            viewing, cards, round, rules, alone, &mut notes,
        ));
    }
    yaku.extend(rest);
    let base: i64 = yaku.iter().fold(0, |a, y| a.saturating_add(y.points));
    let (multiplier, bonus, multiplier_reasons) = multiplier(base, round, rules, &mut notes);
    Score {
        yaku,
        base,
        multiplier,
        multiplier_reasons,
        bonus,
        total: base.saturating_mul(multiplier).saturating_add(bonus),
        notes,
    }
}

/// Hanami-zake and tsukimi-zake, as the cards make them (before the viewing ruling).
/// Under viewing-yaku raised-by-koi, once the scorer has called koi-koi each is worth
/// viewing-after-koi.
fn viewing_yaku(cards: &[Card], round: &Round, rules: &Rules) -> Vec<Yaku> {
    let mut v = rules.values.clone();
    match rules.ruled.viewing_yaku {
        Viewing::RaisedByKoi if round.koi_calls > 0 => {
            v.hanami_zake = v.viewing_after_koi;
            v.tsukimi_zake = v.viewing_after_koi;
        }
        Viewing::RaisedByKoi
        | Viewing::Enabled
        | Viewing::RainRuins
        | Viewing::WithAnotherYaku
        | Viewing::Disabled => {}
    }
    let sake = has(cards, 9, Kind::Animal);
    let mut viewing = Vec::new();
    if sake && has(cards, 3, Kind::Bright) {
        viewing.push(flat(
            Name::HanamiZake,
            v.hanami_zake,
            vec![Card::new(3, Kind::Bright), Card::new(9, Kind::Animal)],
        ));
    }
    if sake && has(cards, 8, Kind::Bright) {
        viewing.push(flat(
            Name::TsukimiZake,
            v.tsukimi_zake,
            vec![Card::new(8, Kind::Bright), Card::new(9, Kind::Animal)],
        ));
    }
    viewing
}

/// The animal, ribbon, plain and month yaku.
fn other_yaku(cards: &[Card], round: &Round, rules: &Rules, notes: &mut Vec<String>) -> Vec<Yaku> {
    let v = &rules.values;
    let mut rest = Vec::new();
    rest.extend(animals(cards, rules));
    rest.extend(ribbons(cards, rules));
    let p = plains(cards, rules);
    if p.len() as i64 >= v.kasu_cards {
        rest.push(growing(
            Name::Kasu,
            v.kasu,
            p.len(),
            v.kasu_cards,
            p,
            "plain",
            rules,
        ));
    }
    match (rules.ruled.tsukifuda, round.month) {
        (ruling::Tsukifuda::On, Some(m)) => {
            let mut of_month: Vec<Card> = cards.iter().copied().filter(|c| c.month == m).collect();
            of_month.sort();
            if of_month.len() == 4 {
                rest.push(flat(Name::Tsukifuda, v.tsukifuda, of_month));
            }
        }
        (ruling::Tsukifuda::On, None) => {
            notes.push("tsukifuda needs the round's month: give --month".to_string());
        }
        (ruling::Tsukifuda::Off, Some(_)) => {
            notes.push("the round's month does not matter: tsukifuda is off".to_string());
        }
        (ruling::Tsukifuda::Off, None) => {}
    }
    rest
}

/// The viewing yaku that score under ruling viewing-yaku (and rain), with a note for
/// those that do not. `alone`: the pile makes no other yaku.
fn viewing_that_scores(
    viewing: Vec<Yaku>,
    cards: &[Card],
    round: &Round,
    rules: &Rules,
    alone: bool,
    notes: &mut Vec<String>,
) -> Vec<Yaku> {
    let names = viewing
        .iter()
        .map(|y| y.name.id())
        .collect::<Vec<_>>()
        .join(" and ");
    let verb = if viewing.len() == 1 { "does" } else { "do" };
    let rain = rain_cards(cards, round.field.as_deref(), rules.ruled.rain);
    if rules.rain_on_field() && round.field.is_none() {
        notes.push(
            "rain on the field cancels the viewing yaku: give the field with --field (scored as no rain)"
                .to_string(),
        );
    }
    let refused = match rules.ruled.viewing_yaku {
        Viewing::Enabled => None,
        Viewing::Disabled => Some("viewing yaku are disabled".to_string()),
        Viewing::RainRuins if !rain.is_empty() => Some(format!(
            "rain ruins the party ({} {})",
            super::cards::labels(&rain),
            match rules.ruled.rain {
                Rain::WillowOnField => "on the field",
                Rain::AnyWillow | Rain::RainMan | Rain::Lightning | Rain::RainManOrLightning =>
                    "captured",
            }
        )),
        Viewing::WithAnotherYaku if alone => Some("viewing yaku need another yaku".to_string()),
        Viewing::RainRuins | Viewing::WithAnotherYaku | Viewing::RaisedByKoi => None,
    };
    match refused {
        None => viewing,
        Some(why) => {
            notes.push(format!("{names} {verb} not score: {why}"));
            Vec::new()
        }
    }
}

fn multiplier(
    base: i64,
    round: &Round,
    rules: &Rules,
    notes: &mut Vec<String>,
) -> (i64, i64, Vec<String>) {
    if base == 0 {
        return (1, 0, vec!["no yaku: nothing to score".to_string()]);
    }
    let mut m: i64 = 1;
    let mut why = Vec::new();
    let at = rules.values.double_at;
    if at > 0 && base >= at {
        m = 2;
        why.push(format!("×2: the base total of {base} reaches {at}"));
    }
    let (f, bonus) = koi_factor(round, rules, &mut why, notes);
    m = m.saturating_mul(f);
    let field_brights = match rules.ruled.multiplier {
        Multiplier::FieldBrights => true,
        Multiplier::HardKoi | Multiplier::SoftKoi | Multiplier::None | Multiplier::KoiBonus => {
            false
        }
    };
    if round.field_brights.is_some() && !field_brights {
        notes.push(
            "the brights on the field at the deal do not matter: only multiplier field-brights uses them"
                .to_string(),
        );
    }
    if why.is_empty() {
        let bonus = if field_brights {
            "fewer than two brights on the field at the deal"
        } else {
            "no koi-koi bonus"
        };
        why.push(if at > 0 {
            format!("×1: below {at} points, and {bonus}")
        } else {
            format!("×1: no doubling applies, and {bonus}")
        });
    }
    (m, bonus, why)
}

/// What ruling multiplier makes of the round's koi-koi calls and field: a factor and
/// points added, with the reasons (`why`) and the inputs it ignores (`notes`).
fn koi_factor(
    round: &Round,
    rules: &Rules,
    why: &mut Vec<String>,
    notes: &mut Vec<String>,
) -> (i64, i64) {
    let mut f: i64 = 1;
    let mut bonus: i64 = 0;
    match rules.ruled.multiplier {
        Multiplier::HardKoi => {
            if round.opponent_koi {
                f = 2;
                why.push("×2: the opponent had called koi-koi (hard koi)".to_string());
            }
            if round.koi_calls > 0 {
                notes.push("your own koi-koi calls add nothing under hard koi".to_string());
            }
        }
        Multiplier::SoftKoi => {
            if round.koi_calls > 0 {
                f = 1 + i64::from(round.koi_calls);
                let times = if round.koi_calls == 1 {
                    "once".to_string()
                } else {
                    format!("{} times", round.koi_calls)
                };
                why.push(format!("×{f}: you called koi-koi {times} (soft koi)"));
            }
            if round.opponent_koi {
                notes.push("the opponent's koi-koi adds nothing under soft koi".to_string());
            }
        }
        Multiplier::None => {
            if round.opponent_koi || round.koi_calls > 0 {
                notes.push("koi-koi calls do not change the score (multiplier: none)".to_string());
            }
        }
        Multiplier::FieldBrights => {
            match round.field_brights {
                Some(n) if n > 1 => {
                    f = i64::from(n);
                    why.push(format!(
                        "×{n}: {n} brights lay on the field at the deal (field-brights)"
                    ));
                }
                Some(_) => {}
                None => notes.push(
                    "the multiplier is the number of brights on the field at the deal: give --field-brights (scored as none)"
                        .to_string(),
                ),
            }
            if round.opponent_koi || round.koi_calls > 0 {
                notes.push(
                    "koi-koi calls do not change the score (multiplier: field-brights)".to_string(),
                );
            }
        }
        Multiplier::KoiBonus => {
            let (f2, b, line) = koi_bonus(round, rules);
            f = f2;
            bonus = b;
            why.extend(line);
            if round.opponent_koi {
                notes.push("the opponent's koi-koi adds nothing under koi-bonus".to_string());
            }
        }
    }
    (f, bonus)
}

/// Ruling multiplier: koi-bonus: the factor, the points added, and why.
fn koi_bonus(round: &Round, rules: &Rules) -> (i64, i64, Option<String>) {
    let calls = i64::from(round.koi_calls);
    let v = &rules.values;
    if calls >= v.koi_bonus_multiply_from {
        let f = calls - 2;
        let line = format!(
            "×{f}: you called koi-koi {calls} times; from {} calls on the points are multiplied by the calls less 2 (koi-bonus)",
            v.koi_bonus_multiply_from
        );
        return (f, 0, Some(line));
    }
    if calls == 0 {
        return (1, 0, None);
    }
    let bonus = calls.saturating_mul(v.koi_bonus);
    let line = format!(
        "+{bonus}: you called koi-koi {}, {} each (koi-bonus)",
        if calls == 1 {
            "once".to_string()
        } else {
            format!("{calls} times")
        },
        crate::words::count(v.koi_bonus, "point")
    );
    (1, bonus, Some(line))
}

/// The rules and rulings behind a score: one line for each group of yaku the captured
/// cards take part in, the viewing yaku when the sake cup is held, tsukifuda when it is
/// on or a month was given, and the multiplier when there is something to score.
pub fn explain(s: &Score, cards: &[Card], round: &Round, rs: &Ruleset, rules: &Rules) -> Explain {
    let v = &rules.values;
    let mut x = Explain::new();
    let any = |k: Kind| cards.iter().any(|c| c.kind == k);
    let sake = has(cards, 9, Kind::Animal);
    if cards.is_empty() {
        x.rule("No cards captured: no yaku.");
    }
    if any(Kind::Bright) {
        x.rule(format!(
            "Brights: only the best counts — goko (all five) {}, shiko (four, not the rain man) {}, ame-shiko (four with the rain man) {}, sanko (three, not the rain man) {}; three with the rain man make nothing.",
            v.goko, v.shiko, v.ame_shiko, v.sanko
        ));
    }
    if any(Kind::Animal) {
        explain_animals(&mut x, rules);
    }
    if any(Kind::Ribbon) {
        explain_ribbons(&mut x, rs, rules);
    }
    if any(Kind::Plain) || sake {
        explain_kasu(&mut x, rules);
    }
    if sake {
        explain_viewing(&mut x, rs, rules);
    }
    explain_round(&mut x, s, round, rs, rules);
    x
}

/// The animal yaku.
fn explain_animals(x: &mut Explain, rules: &Rules) {
    let v = &rules.values;
    x.by(rules.ruled.yaku_groups, |c| {
        let how = match c {
            ruling::YakuGroups::Stacking => "the two add up".to_string(),
            ruling::YakuGroups::BestInGroup => format!(
                "inoshikacho grows by {} per further animal, and only the better of the two scores",
                v.extra_card
            ),
        };
        format!(
            "Animals: inoshikacho (boar, deer, butterflies) {}; tane {} for {} animals, +{} per further one; {how}.",
            v.inoshikacho, v.tane, v.tane_cards, v.extra_card
        )
    });
}

/// The ribbon yaku.
fn explain_ribbons(x: &mut Explain, rs: &Ruleset, rules: &Rules) {
    let v = &rules.values;
    let pair = match rules.ruled.akatan_aotan_pair {
        ruling::AkatanAotanPair::Replaces => {
            format!("all six make akatan_aotan {} instead", v.akatan_aotan)
        }
        ruling::AkatanAotanPair::BothCount => "all six score akatan and aotan both".to_string(),
    };
    let group = match rules.ruled.yaku_groups {
        ruling::YakuGroups::Stacking => "they add up with tanzaku",
        ruling::YakuGroups::BestInGroup => {
            "only the best ribbon yaku scores, growing by a point per further ribbon"
        }
    };
    // Two rulings make the words: both are cited.
    x.ruled(
            format!(
                "Ribbons: akatan (the poetry ribbons) {}, aotan (the blue ribbons) {}, {pair}; tanzaku {} for {} ribbons, +{} per further one; {group}.",
                v.akatan, v.aotan, v.tanzaku, v.tanzaku_cards, v.extra_card
            ),
            rs,
            &[ruling::Id::YakuGroups, ruling::Id::AkatanAotanPair],
        );
}

/// Kasu, and the sake cup's part in it.
fn explain_kasu(x: &mut Explain, rules: &Rules) {
    let v = &rules.values;
    x.by(rules.ruled.sake_cup, |c| {
        format!(
            "Kasu: {} for {} plains, +{} per further one; the sake cup {}.",
            v.kasu,
            v.kasu_cards,
            v.extra_card,
            match c {
                ruling::SakeCup::AnimalAndPlain => "counts as a plain too",
                ruling::SakeCup::AnimalOnly => "is an animal only",
            }
        )
    });
}

/// The viewing yaku and the ruling that decides them.
fn explain_viewing(x: &mut Explain, rs: &Ruleset, rules: &Rules) {
    let v = &rules.values;
    let when = match rules.ruled.viewing_yaku {
        Viewing::Enabled => "they score whenever their cards are held".to_string(),
        Viewing::Disabled => "they are disabled".to_string(),
        Viewing::WithAnotherYaku => "they score only alongside another yaku".to_string(),
        Viewing::RaisedByKoi => format!(
            "they score their own values until the scoring player has called koi-koi this round, then {} each",
            v.viewing_after_koi
        ),
        Viewing::RainRuins => format!(
            "they do not score when there is rain: {}",
            match rules.ruled.rain {
                Rain::AnyWillow => "any willow card captured",
                Rain::RainMan => "the rain man captured",
                Rain::Lightning => "the lightning captured",
                Rain::RainManOrLightning => "the rain man or the lightning captured",
                Rain::WillowOnField => "a willow card on the field",
            }
        ),
    };
    // Under rain-ruins ruling rain makes the words too, and is cited with it.
    let ids: &[ruling::Id] = match rules.ruled.viewing_yaku {
        Viewing::RainRuins => &[ruling::Id::ViewingYaku, ruling::Id::Rain],
        Viewing::Enabled | Viewing::Disabled | Viewing::WithAnotherYaku | Viewing::RaisedByKoi => {
            &[ruling::Id::ViewingYaku]
        }
    };
    x.ruled(
            format!(
                "Viewing yaku: the sake cup with the curtain (hanami-zake) {}, with the moon (tsukimi-zake) {}; {when}.",
                v.hanami_zake, v.tsukimi_zake
            ),
            rs,
            ids,
        );
}

/// Tsukifuda, and how the winner's total is reached.
fn explain_round(x: &mut Explain, s: &Score, round: &Round, rs: &Ruleset, rules: &Rules) {
    let v = &rules.values;
    // Said when tsukifuda scores, or when a month was given that it leaves unused.
    match (rules.ruled.tsukifuda, round.month) {
        (ruling::Tsukifuda::On, _) => {
            x.by(ruling::Tsukifuda::On, |_| {
                format!(
                    "Tsukifuda: the four cards of the round's month score {}.",
                    v.tsukifuda
                )
            });
        }
        (ruling::Tsukifuda::Off, Some(_)) => {
            x.by(
                ruling::Tsukifuda::Off,
                |_| "Tsukifuda (the four cards of the round's month) is not a yaku.",
            );
        }
        (ruling::Tsukifuda::Off, None) => {}
    }
    if s.base > 0 {
        let doubling = if v.double_at > 0 {
            format!("doubled when it reaches {} points", v.double_at)
        } else {
            "never doubled for its size (double-at 0)".to_string()
        };
        let bonus = match rules.ruled.multiplier {
            Multiplier::HardKoi => "doubled again when the opponent had called koi-koi".into(),
            Multiplier::SoftKoi => {
                "multiplied by one more than the winner's own koi-koi calls".into()
            }
            Multiplier::None => "koi-koi calls change nothing".into(),
            Multiplier::FieldBrights => {
                "multiplied by the brights on the field at the deal (when two or more)".into()
            }
            Multiplier::KoiBonus => format!(
                "then each of the winner's own koi-koi calls adds {}, or from {} calls on the points are multiplied by the calls less 2",
                v.koi_bonus, v.koi_bonus_multiply_from
            ),
        };
        x.ruled(
            format!("The winner's total: the base, {doubling}; {bonus}."),
            rs,
            &[ruling::Id::Multiplier, ruling::Id::KoiCalls],
        );
        if s.bonus > 0 {
            let before = s.total - s.bonus;
            x.by(rules.ruled.multiplier, |_| {
                format!(
                    "{before} + {} for {} = {}.",
                    s.bonus,
                    crate::words::count(round.koi_calls, "koi-koi call"),
                    s.total
                )
            });
        }
    }
}

#[cfg(test)]
mod tests;
