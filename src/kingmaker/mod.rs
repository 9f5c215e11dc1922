//! Kingmaker (for Blinks): the Commons, triads and their scores, the build rules, and the
//! campaign ledger across Years.
//!
//! - [`layout`]: the 3-2-3 layout notation (`ana:RG-YB RR-GB bo:YY-BG / …`).
//! - [`score`]: each player's triad, its colour counts and the product.
//! - [`picture`]: the layout drawn as hexagons.
//! - [`build`]: a Commons build, placement by placement, checked against the rules.
//! - [`campaign`]: the ledger across Years, as a session.

pub mod build;
pub mod campaign;
pub mod error;
pub mod layout;
pub mod picture;
pub mod score;

use crate::ruleset::Ruleset;

/// The game's id in rulesets and logs.
pub const GAME: &str = "kingmaker";
/// The game's name for people.
pub const TITLE: &str = "Kingmaker";

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
}

impl Rules {
    pub fn from_ruleset(rs: &Ruleset) -> Rules {
        Rules {
            year_tie_shared: !rs.is("year-tie", "nobody"),
            zero_colour_left_out: !rs.is("zero-colour", "zero"),
            all_lit: !rs.is("lit-faces", "shown"),
            tied_agree: !rs.is("next-first", "token-passes"),
            campaign_tie_shared: !rs.is("campaign-tie", "play-on"),
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
        let rs = Ruleset::builtin(GAME).unwrap();
        let other = Rules::from_ruleset(
            &rs.with("year-tie", "nobody")
                .unwrap()
                .with("zero-colour", "zero")
                .unwrap()
                .with("lit-faces", "shown")
                .unwrap()
                .with("next-first", "token-passes")
                .unwrap()
                .with("campaign-tie", "play-on")
                .unwrap(),
        );
        assert!(!other.year_tie_shared && !other.zero_colour_left_out && !other.all_lit);
        assert!(!other.tied_agree && !other.campaign_tie_shared);
    }
}
