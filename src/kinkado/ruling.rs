//! Kin Kādo's rulings and values as types, declared once (see `crate::ruleset`'s typed
//! layer). A test checks this declaration against rulesets/kinkado*.yaml, both ways.

crate::ruleset::rulings! {
    rulings {
        /// What does a joker add to the sum of a played hand?
        joker_sum: JokerSum = "joker-sum" { FaceValue = "face-value", AsChosen = "as-chosen" }
        /// May a joker stand for a card that is already in the hand?
        joker_duplicates: JokerDuplicates = "joker-duplicates" { Allowed = "allowed", Forbidden = "forbidden" }
        /// Where may an ace sit in a straight?
        ace_straights: AceStraights = "ace-straights" { LowAndHigh = "low-and-high", LowOnly = "low-only" }
        /// How does five of a kind (possible with jokers) rank?
        five_of_a_kind: FiveOfAKind = "five-of-a-kind" { FourOfAKind = "four-of-a-kind" }
        /// Which of ALORA's cards count toward her sum?
        alora_sum: AloraSum = "alora-sum" { BestHand = "best-hand", AllCards = "all-cards" }
        /// What becomes of ALORA's cards at the reveal?
        alora_cards: AloraCards = "alora-cards" { AllPlayed = "all-played", KeepsRest = "keeps-rest" }
        /// Which market card does ALORA buy?
        alora_buy: AloraBuy = "alora-buy" { HighestOnly = "highest-only", BestAffordable = "best-affordable" }
        /// Which of ALORA's cards are face up when she bets?
        alora_face_up: AloraFaceUp = "alora-face-up" {
            ShownAndBought = "shown-and-bought",
            BoughtOnly = "bought-only",
        }
        /// How is the pot shared when players tie on tier, sum and bet?
        split: Split = "split" { ByChip = "by-chip", ByValue = "by-value" }
        /// When ALORA and a player are level on tier and sum at a reveal, do the bets still decide?
        alora_ties: AloraTies = "alora-ties" { AfterBets = "after-bets", OnSum = "on-sum" }
        /// When ALORA has room for only one more card and would buy a market card, does she buy it or draw her free card?
        alora_last_room: AloraLastRoom = "alora-last-room" { Buy = "buy", FreeCard = "free-card" }
        /// In a solo game against ALORA, who takes the first turn of each phase, the dealer or always the player?
        solo_first: SoloFirst = "solo-first" { Dealer = "dealer", Player = "player" }
        /// Does ALORA take one of the four seats a pack of cards serves?
        alora_seat: AloraSeat = "alora-seat" { Counts = "counts", Extra = "extra" }
        /// Who wins when players end round 9 with equal money?
        game_tie: GameTie = "game-tie" { Shared = "shared", AloraWins = "alora-wins" }
        /// When the bank placed ALORA's bet for her, whose money is it at the reveal?
        bank_bet: BankBet = "bank-bet" { InThePot = "in-the-pot", BackToBank = "back-to-bank" }
        /// In one buy phase, may a player take some cards from the market and some blind from the deck?
        buy_sources: BuySources = "buy-sources" { Mixed = "mixed", OneSource = "one-source" }
        /// How do players take turns in the sell phase?
        sell_turns: SellTurns = "sell-turns" { WholeTurn = "whole-turn", OneAtATime = "one-at-a-time" }
        /// What happens when a card must come from the deck and the deck is empty?
        empty_deck: EmptyDeck = "empty-deck" { NoCard = "no-card" }
        /// What happens to a seat that holds too few cards to play a hand at the bet phase?
        short_hand: ShortHand = "short-hand" { SitsOut = "sits-out" }
    }
    values {
        StartMoney = "start-money",
        MaxBet = "max-bet",
        HandLimit = "hand-limit",
        MaxSales = "max-sales",
        DeckCardCost = "deck-card-cost",
        AloraBuyMinimum = "alora-buy-minimum",
        Rounds = "rounds",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_declaration_matches_the_ruleset_files() {
        let diff = crate::ruleset::declaration_differences("kinkado", Id::ALL, Value::ALL);
        assert!(diff.is_empty(), "{}", diff.join("\n"));
    }
}
