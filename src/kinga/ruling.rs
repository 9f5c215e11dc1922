//! Kinga's rulings and values as types, declared once (see `crate::ruleset`'s typed
//! layer). A test checks this declaration against rulesets/kinga*.yaml, both ways.

crate::ruleset::rulings! {
    rulings {
        /// Is the hardcore variant in play?
        hardcore: Hardcore = "hardcore" { Off = "off", On = "on" }
        /// What is an ace worth, when it starts a play and when an exile needs a higher card of its suit?
        ace_value: AceValue = "ace-value" { One = "one", Fourteen = "fourteen" }
        /// May a king be influenced once its queen is gone?
        kings: Kings = "kings" { Never = "never", AfterQueen = "after-queen" }
        /// How many extra draws does Three's Company give when a play repeats more than one rank three times?
        threes_company: ThreesCompany = "threes-company" { PerRank = "per-rank", PerPlay = "per-play" }
        /// May a play be a single card?
        single_card_play: SingleCardPlay = "single-card-play" { Allowed = "allowed", Forbidden = "forbidden" }
        /// When the draw pile runs out during cleanup, do the cards of this turn join the reshuffle?
        reshuffle: Reshuffle = "reshuffle" { WhenNeeded = "when-needed", TurnCardsAfter = "turn-cards-after" }
        /// May the exile earned by influencing a 5, 8 or 10 remove a joker?
        bonus_exile_joker: BonusExileJoker = "bonus-exile-joker" { Forbidden = "forbidden", Allowed = "allowed" }
        /// Under hardcore, which cards stay in hand after raising suspicion?
        hardcore_suspicion_cleanup: HardcoreSuspicionCleanup = "hardcore-suspicion-cleanup" {
            KeepOne = "keep-one",
            KeepAll = "keep-all",
        }
        /// May the extra cards of Three's Company and Harmony be declined?
        extra_draws: ExtraDraws = "extra-draws" { Always = "always", Optional = "optional" }
        /// What happens when a card must be drawn and both the draw pile and the discard pile are empty?
        empty_draw: EmptyDraw = "empty-draw" { Short = "short", GameOver = "game-over" }
        /// Does a king already turned sideways by suspicion count as exposed when its queen is influenced later?
        sideways_queen: SidewaysQueen = "sideways-queen" { Counts = "counts", NotCounted = "not-counted" }
    }
    values {
        HandSize = "hand-size",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_declaration_matches_the_ruleset_files() {
        let diff = crate::ruleset::declaration_differences("kinga", Id::ALL, Value::ALL);
        assert!(diff.is_empty(), "{}", diff.join("\n"));
    }
}
