//! Kingmaker's rulings and values as types, declared once (see `crate::ruleset`'s typed
//! layer). A test checks this declaration against rulesets/kingmaker*.yaml, both ways.

crate::ruleset::rulings! {
    rulings {
        /// When two or more players share the Year's highest score, who gets the overall point?
        year_tie: YearTie = "year-tie" { Shared = "shared", Nobody = "nobody" }
        /// How does a colour with no face in a triad count in the product?
        zero_colour: ZeroColour = "zero-colour" { LeftOut = "left-out", Zero = "zero" }
        /// Which faces of a Blink count when a triad is scored?
        lit_faces: LitFaces = "lit-faces" { AllLit = "all-lit", Shown = "shown" }
        /// When several players top a Year, who chooses the next first player?
        next_first: NextFirst = "next-first" { TiedAgree = "tied-agree", TokenPasses = "token-passes" }
        /// What happens when two or more players reach the target in the same Year?
        campaign_tie: CampaignTie = "campaign-tie" { Shared = "shared", PlayOn = "play-on" }
        /// The rules name the first season both "Spring" (who starts play) and "Winter" (the season the first player token starts); which season does the first player lead?
        first_season: FirstSeason = "first-season" { Winter = "winter", Spring = "spring" }
        /// In Summer, may a player move into the Commons the common they lit in Spring?
        summer_own_common: SummerOwnCommon = "summer-own-common" { Allowed = "allowed", Another = "another" }
        /// May the first player to choose a scattered common in Spring long-press it, and what does a second chooser of a long-pressed common do?
        first_long_press: FirstLongPress = "first-long-press" { Refused = "refused", Allowed = "allowed" }
        /// Does a common that nobody chose in Spring stay dark until the end of the Year?
        dark_commons: DarkCommons = "dark-commons" { Dark = "dark", LitWhenMoved = "lit-when-moved" }
        /// When does the campaign end?
        campaign_end: CampaignEnd = "campaign-end" { Target = "target", Open = "open" }
    }
    values {
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_declaration_matches_the_ruleset_files() {
        let diff = crate::ruleset::declaration_differences("kingmaker", Id::ALL, Value::ALL);
        assert!(diff.is_empty(), "{}", diff.join("\n"));
    }
}
