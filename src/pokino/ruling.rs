//! Pokino's rulings and values as types, declared once (see `crate::ruleset`'s typed
//! layer). A test checks this declaration against rulesets/pokino*.yaml, both ways.

crate::ruleset::rulings! {
    rulings {
        /// May a run come back to a square it has already used?
        square_reuse: SquareReuse = "square-reuse" { Revisit = "revisit", NoRevisit = "no-revisit" }
        /// What does a run of more than 10 cards score?
        long_runs: LongRuns = "long-runs" { Capped = "capped", Forbidden = "forbidden" }
        /// Must the four starting dominoes touch each other?
        spoke: Spoke = "spoke" { AsGiven = "as-given", Connected = "connected" }
        /// Is the table a bounded grid?
        playing_area: PlayingArea = "playing-area" { Unbounded = "unbounded", Bounded = "bounded" }
        /// Under Territory, who gets a domino when players tie for the most tokens touching it?
        territory_ties: TerritoryTies = "territory-ties" { Nobody = "nobody", Shared = "shared" }
        /// Under Territory, does a player who calls "Pokino!" win at once, or does the call only end the game, the pips deciding?
        territory_pokino: TerritoryPokino = "territory-pokino" { CallerWins = "caller-wins", PipsDecide = "pips-decide" }
        /// Is the Greed variant in play?
        greed: Greed = "greed" { Off = "off", On = "on" }
        /// Is the Pokino-Up! variant in play?
        pokino_up: PokinoUp = "pokino-up" { Off = "off", On = "on" }
        /// Under Pokino-Up!, may a player who holds 7 cards or more still draw at the end of the turn?
        up_draw: UpDraw = "up-draw" { BelowSeven = "below-seven", Optional = "optional" }
        /// Is the Tear Down the Walls variant in play?
        tear_down: TearDown = "tear-down" { Off = "off", On = "on" }
        /// Is the Territory variant in play?
        territory: Territory = "territory" { Off = "off", On = "on" }
        /// May a player neither lay a domino nor play a run on their turn?
        pass: Pass = "pass" { Allowed = "allowed", WithoutDomino = "without-domino" }
        /// How many runs may a player play in one turn?
        runs_per_turn: RunsPerTurn = "runs-per-turn" { One = "one", Several = "several" }
        /// May a run step between squares that touch only at a corner?
        steps: Steps = "steps" { Sides = "sides", Diagonals = "diagonals" }
        /// Who plays first?
        first_player: FirstPlayer = "first-player" { FirstListed = "first-listed", FirstToPlay = "first-to-play" }
        /// Who wins when players tie for the highest score?
        win_ties: WinTies = "win-ties" { Shared = "shared", Nobody = "nobody" }
        /// Under Tear Down the Walls, what happens to tokens on the borders of a domino that leaves the board?
        torn_tokens: TornTokens = "torn-tokens" { Stay = "stay", Leave = "leave" }
        /// Under Tear Down the Walls, may a domino leave the board when that splits the board in two?
        torn_split: TornSplit = "torn-split" { Allowed = "allowed", Forbidden = "forbidden" }
        /// Can the bank of beads run out?
        bank: Bank = "bank" { Unlimited = "unlimited", Limited = "limited" }
        /// What happens when a player must draw a card and the deck is empty?
        empty_deck: EmptyDeck = "empty-deck" { NoDraw = "no-draw", Ends = "ends" }
        /// What does "each square on it touches only one square on every other domino" forbid?
        placement: Placement = "placement" { Grid = "grid", OneContact = "one-contact" }
        /// Is the deck of cards face up, so that everyone sees the card a player draws?
        deck: Deck = "deck" { FaceUp = "face-up", FaceDown = "face-down" }
        /// When the last domino is drawn from the poke, does the game end at once?
        poke_end: PokeEnd = "poke-end" { AtOnce = "at-once", AfterRound = "after-round" }
        /// May a run cross a border its own player claimed earlier?
        own_borders: OwnBorders = "own-borders" { Closed = "closed", Open = "open" }
    }
    values {
        StartCards = "start-cards",
        UpCards = "up-cards",
        StartDominoes = "start-dominoes",
        StartBeads = "start-beads",
        BeadPoints = "bead-points",
        AreaWidth = "area-width",
        AreaHeight = "area-height",
        BankBeads = "bank-beads",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_declaration_matches_the_ruleset_files() {
        let diff = crate::ruleset::declaration_differences("pokino", Id::ALL, Value::ALL);
        assert!(diff.is_empty(), "{}", diff.join("\n"));
    }
}
