//! `koikoi check`: a record refereed line by line. The verdict holds, for each game, every
//! turn with what it captured and the yaku it made, every round's result and the game's
//! standing, or the first illegal line with the rule it breaks.

use crate::koikoi::ruling;
use serde_json::{Map, Value, json};

use super::KoiExhausted;
use super::cards::codes;
use super::error::RefereeError;
use super::record::{Event, Record};
use super::referee::{Applied, End, Referee, RoundResult, Taken, TurnReport};
use crate::render::Style;
use crate::ruleset::Ruleset;

/// The first illegal line of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Illegal {
    pub line: usize,
    /// The line as read (canonical form).
    pub text: String,
    /// The player the line is about, when it is about one.
    pub player: Option<String>,
    pub error: RefereeError,
}

/// What a line did, for the human report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A round dealt: its number and dealer.
    Dealt {
        number: u32,
        dealer: usize,
    },
    Turn {
        line: usize,
        text: String,
        report: TurnReport,
    },
    RoundEnded(RoundResult),
}

/// One game of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameCheck {
    /// `None` for lines before any `players:` line.
    pub referee: Option<Referee>,
    pub steps: Vec<Step>,
    pub illegal: Option<Illegal>,
}

/// The verdict on a whole record.
pub type Verdict = crate::several::Games<GameCheck>;

impl Verdict {
    /// The first illegal line, if any.
    pub fn illegal(&self) -> Option<&Illegal> {
        self.games.iter().find_map(|g| g.illegal.as_ref())
    }
}

/// The player a line is about.
fn player_of(e: &Event) -> Option<String> {
    match e {
        Event::Hand { player, .. } => Some(player.clone()),
        Event::Turn(t) => Some(t.player.clone()),
        _ => None,
    }
}

/// Referees a record. Each game runs from its `players:` line to the next; checking a game
/// stops at its first illegal line, and the next game is checked on its own.
pub fn check(record: &Record, rs: &Ruleset) -> Verdict {
    Verdict::gather(|each| check_each(record, rs, each))
}

/// [`check`], each game's verdict given to `each` once the game's lines are done (the
/// next `players:` line, or the record's end), none kept.
pub fn check_each(record: &Record, rs: &Ruleset, mut each: impl FnMut(GameCheck)) {
    // The game being refereed: at most one at a time.
    let mut games: Vec<GameCheck> = Vec::new();
    for line in &record.lines {
        if games.len() > 1 {
            each(games.remove(0));
        }
        let settled = games.last().is_some_and(|g| g.illegal.is_some());
        if settled && !matches!(line.event, Event::Players(_)) {
            continue;
        }
        let illegal = |error: RefereeError| Illegal {
            line: line.line,
            text: line.event.to_string(),
            player: player_of(&line.event),
            error,
        };
        if let Event::Players(names) = &line.event {
            let (referee, bad) = match Referee::new(names, rs) {
                Ok(r) => (Some(r), None),
                Err(e) => (None, Some(illegal(e))),
            };
            games.push(GameCheck {
                referee,
                steps: Vec::new(),
                illegal: bad,
            });
            continue;
        }
        let Some(game) = games.last_mut().filter(|g| g.referee.is_some()) else {
            games.push(GameCheck {
                referee: None,
                steps: Vec::new(),
                illegal: Some(illegal(RefereeError::NoPlayers)),
            });
            continue;
        };
        let Some(referee) = game.referee.as_mut() else {
            continue;
        };
        let number = referee.ledger.played() as u32 + 1;
        let result = referee.event(&line.event);
        if let (Event::Table(_), Ok(_)) = (&line.event, &result) {
            game.steps.push(Step::Dealt {
                number,
                dealer: referee.round.dealer,
            });
        }
        match result {
            Ok(Applied::Nothing) => {}
            Ok(Applied::Ended(r)) => game.steps.push(Step::RoundEnded(r)),
            Ok(Applied::Turn(report)) => {
                let ended = report.ended.clone();
                game.steps.push(Step::Turn {
                    line: line.line,
                    text: line.event.to_string(),
                    report,
                });
                game.steps.extend(ended.map(Step::RoundEnded));
            }
            Err(e) => game.illegal = Some(illegal(e)),
        }
    }
    games.into_iter().for_each(each);
}

impl crate::several::RecordGame for GameCheck {
    /// A record of several Koi-Koi games: each under its number, then a tally.
    const LAYOUT: crate::several::Layout = crate::several::Layout {
        blank_after: false,
        tally: true,
        empty: "The record holds no game.\n",
    };

    /// A record of no game: no round, no score, nothing illegal.
    fn empty_json() -> Value {
        json!({"rounds": [], "scores": {}, "illegal": null})
    }

    fn human(&self, style: Style) -> crate::view::Doc {
        self.render(style).into()
    }

    fn json(&self) -> Value {
        self.to_json()
    }

    fn illegal_line(&self) -> Option<usize> {
        self.illegal.as_ref().map(|i| i.line)
    }
}

fn end_word(e: End) -> &'static str {
    match e {
        End::Stop => "stop",
        End::Draw => "draw",
        End::Instant => "instant",
        End::Redeal => "redeal",
        End::Exhausted => "exhausted",
    }
}

impl GameCheck {
    /// The game as JSON: `{rounds, scores, illegal}`.
    pub fn to_json(&self) -> Value {
        let mut rounds = Vec::new();
        let mut scores = Map::new();
        if let Some(r) = &self.referee {
            for res in &r.results {
                rounds.push(json!({
                    "winner": res.winner.map(|w| r.name(w).to_string()),
                    "points": res.points,
                    "yaku": res.yaku.iter().map(|y| y.0.id()).collect::<Vec<_>>(),
                    "end": end_word(res.end),
                }));
            }
            for (p, s) in r.ledger.scores.iter().enumerate() {
                scores.insert(r.name(p).to_string(), json!(s));
            }
        }
        let illegal = self.illegal.as_ref().map(|i| {
            json!({"line": i.line, "player": i.player, "code": crate::diag::Coded::code(&i.error),
                       "reason": i.error.to_string()})
        });
        json!({"rounds": rounds, "scores": scores, "illegal": illegal})
    }
}

/// `1r takes 1b` or `7p to the table`.
fn taken_words(t: &Taken) -> String {
    if t.captured.is_empty() {
        format!("{} to the table", t.card)
    } else {
        format!("{} takes {}", t.card, codes(&t.captured))
    }
}

impl GameCheck {
    fn render(&self, style: Style) -> String {
        let mut out = String::new();
        if let Some(r) = &self.referee {
            out += &format!(
                "{} and {}, {} rounds, {} points each.\n",
                r.name(0),
                r.name(1),
                r.ledger.setup.rounds,
                r.rules.values.start_points
            );
            for step in &self.steps {
                out += &render_step(r, step, style);
            }
            out += &standing(r, self.illegal.is_some());
        }
        if let Some(i) = &self.illegal {
            out += &format!(
                "{} line {}: {}\n  {}\n",
                style.bold("Illegal,"),
                i.line,
                i.text,
                i.error
            );
        }
        out
    }
}

fn render_step(r: &Referee, step: &Step, style: Style) -> String {
    match step {
        Step::Dealt { number, dealer } => format!(
            "{}\n",
            style.bold(&format!("Round {number}, {} deals:", r.name(*dealer)))
        ),
        Step::Turn { line, report, .. } => {
            let mut s = format!(
                "  line {line:>3}  {}: {}; {}",
                r.name(report.player),
                taken_words(&report.played),
                taken_words(&report.drawn)
            );
            if report.base > report.before {
                let yaku: Vec<String> = report
                    .yaku
                    .iter()
                    .map(|(n, p)| format!("{n} {p}"))
                    .collect();
                s += &format!("; yaku {} ({})", yaku.join(", "), report.base);
            }
            if let Some(c) = report.call {
                s += &format!(": {}", c.word());
            }
            s + "\n"
        }
        Step::RoundEnded(res) => {
            let mut s = format!("{}\n", style.bold(&round_words(r, res)));
            if matches!(res.end, End::Stop | End::Exhausted) {
                for why in &res.reasons {
                    s += &format!("  {why}\n");
                }
            }
            for line in &res.said {
                s += &format!("  {line}\n");
            }
            s
        }
    }
}

/// `Round 1: ana stops with hanami_zake 5 — base 5 ×1: 5 points.`
fn round_words(r: &Referee, res: &RoundResult) -> String {
    let yaku: Vec<String> = res.yaku.iter().map(|(n, p)| format!("{n} {p}")).collect();
    let n = res.number;
    match (res.end, res.winner) {
        (End::Stop, Some(w)) => format!(
            "Round {n}: {} stops with {}: base {} ×{}, {}.",
            r.name(w),
            yaku.join(", "),
            res.base,
            res.multiplier,
            crate::words::count(res.points, "point")
        ),
        (End::Instant, Some(w)) => format!(
            "Round {n}: {}'s dealt hand wins at once ({}).",
            r.name(w),
            yaku.join(", ")
        ),
        (End::Redeal, _) => format!("Round {n}: the deal is done again."),
        (End::Exhausted, Some(w)) => {
            let caller = match r.rules.ruled.koi_exhausted {
                KoiExhausted::OpponentScores => 1 - w,
                _ => w,
            };
            let scores = if caller == w {
                format!("{} scores", r.name(w))
            } else {
                format!(
                    "{} takes what {}'s yaku are worth,",
                    r.name(w),
                    r.name(caller)
                )
            };
            format!(
                "Round {n}: the hands ran out after {}'s koi-koi; {scores} {}: base {} ×{}, {} ({cite}).",
                r.name(caller),
                yaku.join(", "),
                res.base,
                res.multiplier,
                crate::words::count(res.points, "point"),
                cite = ruling::Id::KoiExhausted.cite()
            )
        }
        _ => format!("Round {n}: both hands are played out with no stop: a draw round."),
    }
}

fn standing(r: &Referee, illegal: bool) -> String {
    let l = &r.ledger;
    let scores = format!(
        "{} {}, {} {}",
        r.name(0),
        l.scores[0],
        r.name(1),
        l.scores[1]
    );
    match (&l.over, l.winner()) {
        (Some(why), Some(w)) => format!("Game over ({why}): {w} wins, {scores}.\n"),
        (Some(why), None) => format!("Game over ({why}): a draw, {scores}.\n"),
        (None, _) if illegal => format!(
            "Standing after {} of {} rounds: {scores}.\n",
            l.played(),
            l.setup.rounds
        ),
        (None, _) => format!(
            "Standing after {} of {} rounds: {scores}; next: {}.\n",
            l.played(),
            l.setup.rounds,
            r.next_words()
        ),
    }
}

#[cfg(test)]
mod shuffled;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Source;
    use crate::koikoi::record;
    use crate::koikoi::ruling;
    use crate::koikoi::sim::{self, Policy};

    #[test]
    fn simulated_games_pass_check_with_the_same_result() {
        let rs = Ruleset::builtin("koikoi").unwrap();
        for policies in [
            [Policy::Random, Policy::Random],
            [Policy::Greedy, Policy::Kado],
        ] {
            let rec = sim::record_of_games(&rs, 3, 7, policies).unwrap();
            let text = rec.to_string();
            let back = record::parse(&Source::new("r", text.as_str())).unwrap();
            assert_eq!(back.events(), rec.events());
            let v = check(&back, &rs);
            assert_eq!(v.illegal(), None, "{:?}", v.doc(Style::default()));
            assert_eq!(v.games.len(), 3);
            let played =
                sim::play_game(&rs, &["ana".to_string(), "ben".to_string()], policies, 7).unwrap();
            let first = v.games[0].referee.as_ref().unwrap();
            assert_eq!(first.ledger, played.referee.ledger);
            assert!(first.ledger.over.is_some());
        }
    }

    #[test]
    fn round_is_optional_before_a_game_s_first_and_games_follow_each_other() {
        let rs = Ruleset::builtin("koikoi").unwrap();
        let text = "players: ana ben\nround\ntable: 1p 3b 4p 6r 8b 9a 10r 12b\nana 1r / 7p\nplayers: cy dee\ntable: 1p 3b 4p 6r 8b 9a 10r 12b\ncy 1r / 7p\n";
        let rec = record::parse(&Source::new("r", text)).unwrap();
        let v = check(&rec, &rs);
        assert_eq!(v.illegal(), None);
        assert_eq!(v.games.len(), 2);
        assert_eq!(
            v.to_json()["games"][1]["scores"],
            serde_json::json!({"cy": 50, "dee": 50})
        );
    }

    #[test]
    fn a_line_after_the_game_ends_is_illegal() {
        let rs = Ruleset::builtin("koikoi").unwrap();
        let mut rec = sim::record_of_games(&rs, 1, 3, [Policy::Greedy, Policy::Greedy]).unwrap();
        let last = rec.lines.len();
        rec.lines.push(crate::koikoi::record::Line {
            line: last + 1,
            event: Event::Round,
        });
        let v = check(&rec, &rs);
        let illegal = v.illegal().unwrap();
        assert_eq!(illegal.line, last + 1);
        assert!(
            illegal.error.to_string().starts_with("the game is over ("),
            "{}",
            illegal.error
        );
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]
        #[test]
        fn any_simulated_game_round_trips_and_checks_to_its_own_result(seed in 0u64..1_000_000, a in 0usize..3, b in 0usize..3, house in 0usize..8) {
            let policies = [Policy::Random, Policy::Greedy, Policy::Kado];
            let houses: [(&str, &[(&str, &str)]); 8] = [
                ("koikoi-bga", &[]),
                ("koikoi", &[]),
                ("koikoi-fudawiki", &[ruling::Multiplier::SoftKoi.named()]),
                ("koikoi", &[ruling::Multiplier::KoiBonus.named(), ruling::KoiCalls::Once.named()]),
                ("koikoi", &[ruling::LastCardKoi::Allowed.named(), ruling::AnotherYaku::NewYaku.named()]),
                ("koikoi", &[ruling::BothKoi::NextYakuStops.named(), ruling::BothInstant::Dealer.named(), ruling::Kuttsuki::Off.named()]),
                ("koikoi", &[ruling::Multiplier::FieldBrights.named(), ruling::DrawRound::Dealer6.named()]),
                ("koikoi", &[ruling::TiedGame::ExtraRound.named(), ruling::NextDealer::Alternate.named(), ruling::Teshi::Redeal.named()]),
            ];
            let (base, changes) = houses[house];
            let mut rs = Ruleset::builtin(base).unwrap();
            for (id, choice) in changes {
                rs = rs.with_named(id, choice).unwrap();
            }
            let names = ["ana".to_string(), "ben".to_string()];
            let played = sim::play_game(&rs, &names, [policies[a], policies[b]], seed).unwrap();
            let rec = record::Record {
                lines: played.events.iter().enumerate().map(|(i, e)| record::Line { line: i + 1, event: e.clone() }).collect(),
            };
            let back = record::parse(&Source::new("r", rec.to_string().as_str())).unwrap();
            proptest::prop_assert_eq!(back.events(), played.events.clone());
            let v = check(&back, &rs);
            proptest::prop_assert_eq!(v.illegal(), None);
            proptest::prop_assert_eq!(&v.games[0].referee.as_ref().unwrap().ledger, &played.referee.ledger);
        }
    }
}
