//! Kingmaker (for Blinks): the Commons, triads and their scores, the build rules, and the
//! campaign ledger across Years.
//!
//! - [`layout`]: the 3-2-3 layout notation (`ana:RG-YB RR-GB bo:YY-BG / …`).
//! - [`score`]: each player's triad, its colour counts and the product.
//! - [`picture`]: the layout drawn as hexagons.
//! - [`build`]: a Commons build, placement by placement, checked against the rules.
//! - [`report`]: the verdicts of the one-shot commands, in their JSON shape.
//! - [`start`]: a new campaign's first log, its target's default.
//! - [`year`]: a Year season by season, its record notation, and the record's check.
//! - [`campaign`]: the ledger across Years, as a session (a quick ledger of results, or
//!   every Year followed season by season).

pub mod advise;
pub mod build;
pub mod check;
pub mod error;
pub mod game;
pub mod layout;
pub mod picture;
pub mod record;
pub mod ruling;
pub mod score;
pub mod season;
pub mod start;
pub mod verdict;
pub mod view;

use crate::ruleset::Ruleset;

/// The game's id in rulesets and logs.
pub const GAME: &str = "kingmaker";
/// The game's name for people.
pub const TITLE: &str = "Kingmaker";

/// Kingmaker among the games kado referees ([`crate::kind::Kind`]).
#[derive(Clone, Copy, Debug)]
pub struct Kingmaker;

/// Kingmaker among the games kado referees: its season lines mark its records, which
/// are one campaign each and are told by their marks alone.
impl crate::kind::Kind for Kingmaker {
    const ID: &'static str = GAME;
    const TITLE: &'static str = TITLE;
    const MARKS: &'static [&'static str] = &["winter", "spring", "summer", "harvest", "blinks"];
    const OPENER: &'static str = "players";
    const TOLD_BY_MARKS: bool = true;
    type Game = game::Game;

    fn read(src: &crate::diag::Source) -> Result<(), crate::diag::Error> {
        record::parse(src).map(|_| ())
    }

    fn parts(
        src: &crate::diag::Source,
    ) -> Result<Vec<crate::history::RecordGame>, crate::diag::Error> {
        Ok(vec![crate::history::RecordGame {
            span: 0..src.text.len(),
            players_line: Some(1),
        }])
    }

    fn outcomes(
        src: &crate::diag::Source,
        rs: &crate::ruleset::Ruleset,
    ) -> Result<Vec<crate::history::Outcome>, crate::diag::Error> {
        let v = check::check(src, rs)?;
        Ok(crate::session::Session::outcome(&v.campaign)
            .into_iter()
            .collect())
    }

    fn verdict(
        src: &crate::diag::Source,
        rs: &crate::ruleset::Ruleset,
    ) -> Result<serde_json::Value, crate::diag::Error> {
        let v = check::check(src, rs)?;
        Ok(crate::explain::json(&verdict::RecordReport::new(&v)))
    }
}

/// What kind of step of a Year a line holds: its key in the record (`spring:`). The
/// words are the notation's; everywhere else the kind is compared as a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepKind {
    Winter,
    Spring,
    Summer,
    Harvest,
    /// The final long press: the `blinks:` line.
    Blinks,
}

impl StepKind {
    pub const ALL: [StepKind; 5] = [
        StepKind::Winter,
        StepKind::Spring,
        StepKind::Summer,
        StepKind::Harvest,
        StepKind::Blinks,
    ];

    /// The kind's key in the record: `spring`.
    pub fn word(self) -> &'static str {
        match self {
            StepKind::Winter => "winter",
            StepKind::Spring => "spring",
            StepKind::Summer => "summer",
            StepKind::Harvest => "harvest",
            StepKind::Blinks => "blinks",
        }
    }

    /// The kind a record key names (in lower case), if any.
    pub fn from_word(word: &str) -> Option<StepKind> {
        StepKind::ALL.into_iter().find(|k| k.word() == word)
    }
}

/// The four seasons of a Year, in the order they are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Season {
    Winter,
    Spring,
    Summer,
    Harvest,
}

impl Season {
    pub const ALL: [Season; 4] = [
        Season::Winter,
        Season::Spring,
        Season::Summer,
        Season::Harvest,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    /// The season's name for people: `Spring`.
    pub fn name(self) -> &'static str {
        match self {
            Season::Winter => "Winter",
            Season::Spring => "Spring",
            Season::Summer => "Summer",
            Season::Harvest => "Harvest",
        }
    }

    /// The kind of the season's steps (its key in the record: `spring`).
    pub fn step(self) -> StepKind {
        match self {
            Season::Winter => StepKind::Winter,
            Season::Spring => StepKind::Spring,
            Season::Summer => StepKind::Summer,
            Season::Harvest => StepKind::Harvest,
        }
    }
}

/// The rules in force, read once from a ruleset: every ruling's choice, typed, and the values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The choice in force for each ruling (`rules.ruled.lit_faces`): the game decides
    /// by these, so a new choice makes the compiler point at every `match` on it.
    pub ruled: ruling::Choices,
}

impl Rules {
    pub fn from_ruleset(rs: &Ruleset) -> Rules {
        Rules {
            ruled: ruling::Choices::from_ruleset(rs),
        }
    }

    /// These rules with one ruling's choice changed.
    pub fn with(mut self, choice: impl crate::ruleset::Pick<ruling::Choices>) -> Rules {
        self.ruled = self.ruled.with(choice);
        self
    }

    /// The built-in rules.
    pub fn standard() -> Rules {
        Rules::from_ruleset(&Ruleset::builtin_or_empty(GAME))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_rules_are_the_defaults() {
        use ruling::*;
        let r = Rules::standard().ruled;
        assert_eq!(
            (r.year_tie, r.zero_colour, r.lit_faces),
            (YearTie::Shared, ZeroColour::LeftOut, LitFaces::AllLit)
        );
        assert_eq!(
            (r.next_first, r.campaign_tie),
            (NextFirst::TiedAgree, CampaignTie::Shared)
        );
        assert_eq!(
            (r.first_season, r.summer_own_common, r.first_long_press),
            (
                FirstSeason::Winter,
                SummerOwnCommon::Allowed,
                FirstLongPress::Refused
            )
        );
        assert_eq!(
            (r.dark_commons, r.campaign_end),
            (DarkCommons::Dark, CampaignEnd::Target)
        );
        let rs = Ruleset::builtin(GAME).unwrap();
        let other = Rules::from_ruleset(
            &rs.with(ruling::YearTie::Nobody)
                .unwrap()
                .with(ruling::ZeroColour::Zero)
                .unwrap()
                .with(ruling::LitFaces::Shown)
                .unwrap()
                .with(ruling::NextFirst::TokenPasses)
                .unwrap()
                .with(ruling::CampaignTie::PlayOn)
                .unwrap()
                .with(ruling::FirstSeason::Spring)
                .unwrap()
                .with(ruling::SummerOwnCommon::Another)
                .unwrap()
                .with(ruling::FirstLongPress::Allowed)
                .unwrap()
                .with(ruling::DarkCommons::LitWhenMoved)
                .unwrap()
                .with(ruling::CampaignEnd::Open)
                .unwrap(),
        );
        let o = other.ruled;
        assert_eq!(
            (o.first_season, o.summer_own_common),
            (FirstSeason::Spring, SummerOwnCommon::Another)
        );
        assert_eq!(
            (o.first_long_press, o.dark_commons, o.campaign_end),
            (
                FirstLongPress::Allowed,
                DarkCommons::LitWhenMoved,
                CampaignEnd::Open
            )
        );
        assert_eq!(
            (o.year_tie, o.zero_colour, o.lit_faces),
            (YearTie::Nobody, ZeroColour::Zero, LitFaces::Shown)
        );
        assert_eq!(
            (o.next_first, o.campaign_tie),
            (NextFirst::TokenPasses, CampaignTie::PlayOn)
        );
    }
}
