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
pub mod campaign;
pub mod error;
pub mod layout;
pub mod picture;
pub mod record;
pub mod report;
pub mod ruling;
pub mod score;
pub mod season;
pub mod start;
pub mod year;

use crate::ruleset::Ruleset;

/// The game's id in rulesets and logs.
pub const GAME: &str = "kingmaker";
/// The game's name for people.
pub const TITLE: &str = "Kingmaker";

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
    pub fn step(self) -> year::StepKind {
        match self {
            Season::Winter => year::StepKind::Winter,
            Season::Spring => year::StepKind::Spring,
            Season::Summer => year::StepKind::Summer,
            Season::Harvest => year::StepKind::Harvest,
        }
    }
}

/// The rules in force, read once from a ruleset into plain fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// `year-tie: shared`: every player with the Year's highest score gets the point.
    pub year_tie_shared: bool,
    /// `zero-colour: left-out`: a colour with no face is left out of the product (else
    /// the product is 0).
    pub zero_colour_left_out: bool,
    /// `lit-faces: all-lit`: all four faces of every Blink count (else only the pairs
    /// written as lit).
    pub all_lit: bool,
    /// `next-first: tied-agree`: when several top the Year, they agree who starts next
    /// (else the token passes clockwise from this Year's first player).
    pub tied_agree: bool,
    /// `campaign-tie: shared`: players reaching the target together share the campaign
    /// (else Years go on until one player alone has the most points).
    pub campaign_tie_shared: bool,
    /// `first-season: spring`: the first player leads Spring (else Winter).
    pub first_leads_spring: bool,
    /// `summer-own-common: another`: a player moves in Summer a common other than the one
    /// they lit in Spring, while another is left.
    pub summer_another_common: bool,
    /// `first-long-press: allowed`: a common's first chooser in Spring may long-press it.
    pub first_long_press: bool,
    /// `dark-commons: lit-when-moved`: a common nobody lit in Spring is long-pressed as it
    /// goes into the Commons (else it stays dark until the Year ends).
    pub lit_when_moved: bool,
    /// `campaign-end: open`: no target; Years go on as long as the group wants.
    pub campaign_open: bool,
}

impl Rules {
    pub fn from_ruleset(rs: &Ruleset) -> Rules {
        Rules {
            year_tie_shared: !rs.is(ruling::YearTie::Nobody),
            zero_colour_left_out: !rs.is(ruling::ZeroColour::Zero),
            all_lit: !rs.is(ruling::LitFaces::Shown),
            tied_agree: !rs.is(ruling::NextFirst::TokenPasses),
            campaign_tie_shared: !rs.is(ruling::CampaignTie::PlayOn),
            first_leads_spring: rs.is(ruling::FirstSeason::Spring),
            summer_another_common: rs.is(ruling::SummerOwnCommon::Another),
            first_long_press: rs.is(ruling::FirstLongPress::Allowed),
            lit_when_moved: rs.is(ruling::DarkCommons::LitWhenMoved),
            campaign_open: rs.is(ruling::CampaignEnd::Open),
        }
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
        let r = Rules::standard();
        assert!(r.year_tie_shared && r.zero_colour_left_out && r.all_lit);
        assert!(r.tied_agree && r.campaign_tie_shared);
        assert!(!(r.first_leads_spring || r.summer_another_common || r.first_long_press));
        assert!(!(r.lit_when_moved || r.campaign_open));
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
        assert!(other.first_leads_spring && other.summer_another_common);
        assert!(other.first_long_press && other.lit_when_moved && other.campaign_open);
        assert!(!other.year_tie_shared && !other.zero_colour_left_out && !other.all_lit);
        assert!(!other.tied_agree && !other.campaign_tie_shared);
    }
}
