//! Koi-Koi's rulings and values as types, declared once (see `crate::ruleset`'s typed
//! layer). A test checks this declaration against rulesets/koikoi*.yaml, both ways.

crate::ruleset::rulings! {
    rulings {
        /// How do the animal and ribbon yaku combine, and do inoshikacho, akatan and aotan grow with further cards?
        yaku_groups: YakuGroups = "yaku-groups" { BestInGroup = "best-in-group", Stacking = "stacking" }
        /// When a player holds all three poetry ribbons and all three blue ribbons, what scores?
        akatan_aotan_pair: AkatanAotanPair = "akatan-aotan-pair" { Replaces = "replaces", BothCount = "both-count" }
        /// Does the sake cup (9a) count as a plain as well as an animal?
        sake_cup: SakeCup = "sake-cup" { AnimalAndPlain = "animal-and-plain", AnimalOnly = "animal-only" }
        /// Do hanami-zake and tsukimi-zake (the viewing yaku) score?
        viewing_yaku: ViewingYaku = "viewing-yaku" {
            Enabled = "enabled",
            RainRuins = "rain-ruins",
            WithAnotherYaku = "with-another-yaku",
            Disabled = "disabled",
            RaisedByKoi = "raised-by-koi",
        }
        /// Under viewing-yaku rain-ruins, which captured card counts as rain?
        rain: Rain = "rain" {
            AnyWillow = "any-willow",
            RainMan = "rain-man",
            Lightning = "lightning",
            RainManOrLightning = "rain-man-or-lightning",
            WillowOnField = "willow-on-field",
        }
        /// Does holding the four cards of the round's month score (tsukifuda)?
        tsukifuda: Tsukifuda = "tsukifuda" { Off = "off", On = "on" }
        /// How do koi-koi calls change the winner's score?
        multiplier: Multiplier = "multiplier" {
            HardKoi = "hard-koi",
            SoftKoi = "soft-koi",
            None = "none",
            FieldBrights = "field-brights",
            KoiBonus = "koi-bonus",
        }
        /// May a player call koi-koi more than once in a round?
        koi_calls: KoiCalls = "koi-calls" { Repeated = "repeated", Once = "once" }
        /// Who scores when a round ends with nobody having made a yaku?
        draw_round: DrawRound = "draw-round" {
            Nobody = "nobody",
            Dealer6 = "dealer-6",
            NonDealer6 = "non-dealer-6",
        }
        /// What does a dealt hand holding all four cards of one month (teshi) do?
        teshi: Teshi = "teshi" { InstantWin = "instant-win", Redeal = "redeal", Off = "off" }
        /// What does a dealt hand of four pairs (four months of two cards each, kuttsuki) do?
        kuttsuki: Kuttsuki = "kuttsuki" { InstantWin = "instant-win", Off = "off" }
        /// Which dealt field must be redealt?
        field_redeal: FieldRedeal = "field-redeal" { Either = "either", FourOfAMonth = "four-of-a-month" }
        /// When a hand is an instant win and the deal must be redone (the field is dealt so, or the other hand holds teshi under teshi redeal), which comes first?
        deal_check_order: DealCheckOrder = "deal-check-order" { HandsFirst = "hands-first", FieldFirst = "field-first" }
        /// Who deals (and plays first) in the next round?
        next_dealer: NextDealer = "next-dealer" { Winner = "winner", Loser = "loser", Alternate = "alternate" }
        /// What happens when a round is worth more points than the loser has?
        loser_pays: LoserPays = "loser-pays" {
            AllTheyHave = "all-they-have",
            InFull = "in-full",
            BelowZero = "below-zero",
        }
        /// May a player call koi-koi on the turn that plays the last card of their hand?
        last_card_koi: LastCardKoi = "last-card-koi" { NoKoi = "no-koi", Allowed = "allowed" }
        /// After a koi-koi call, what obliges the caller to decide again (koi-koi or stop)?
        another_yaku: AnotherYaku = "another-yaku" { MorePoints = "more-points", NewYaku = "new-yaku" }
        /// "You must always capture if possible": does it only oblige a card that matches to capture, or also forbid playing a card that matches nothing while the hand holds one that matches?
        must_capture: MustCapture = "must-capture" { MatchingCard = "matching-card", WholeHand = "whole-hand" }
        /// A player called koi-koi and nobody stopped before the hands ran out; what does the round score?
        koi_exhausted: KoiExhausted = "koi-exhausted" {
            DrawRound = "draw-round",
            CallerScores = "caller-scores",
            OpponentScores = "opponent-scores",
        }
        /// What happens once both players have called koi-koi in a round?
        both_koi: BothKoi = "both-koi" { PlayOn = "play-on", NextYakuStops = "next-yaku-stops" }
        /// What happens when both dealt hands are instant wins (teshi or kuttsuki)?
        both_instant: BothInstant = "both-instant" { Redeal = "redeal", Dealer = "dealer" }
        /// What happens when the players have the same points after the game's last round?
        tied_game: TiedGame = "tied-game" { Draw = "draw", ExtraRound = "extra-round" }
    }
    values {
        Goko = "goko",
        Shiko = "shiko",
        AmeShiko = "ame-shiko",
        Sanko = "sanko",
        HanamiZake = "hanami-zake",
        TsukimiZake = "tsukimi-zake",
        Inoshikacho = "inoshikacho",
        Tane = "tane",
        TaneCards = "tane-cards",
        Akatan = "akatan",
        Aotan = "aotan",
        AkatanAotan = "akatan-aotan",
        Tanzaku = "tanzaku",
        TanzakuCards = "tanzaku-cards",
        Kasu = "kasu",
        KasuCards = "kasu-cards",
        Tsukifuda = "tsukifuda",
        ExtraCard = "extra-card",
        Teshi = "teshi",
        Kuttsuki = "kuttsuki",
        DoubleAt = "double-at",
        StartPoints = "start-points",
        Rounds = "rounds",
        DrawPoints = "draw-points",
        KoiBonus = "koi-bonus",
        KoiBonusMultiplyFrom = "koi-bonus-multiply-from",
        ViewingAfterKoi = "viewing-after-koi",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_declaration_matches_the_ruleset_files() {
        let diff = crate::ruleset::declaration_differences("koikoi", Id::ALL, Value::ALL);
        assert!(diff.is_empty(), "{}", diff.join("\n"));
    }
}
