//! Pokino: double-12 dominoes laid on an implied grid make the board; runs of poker
//! cards matching walks of numbers across it score.
//!
//! - [`board`]: the board notation (`6-4@0,0h`), claimed borders and tokens, and the
//!   check of a board against the rules.
//! - [`place`]: whether a domino may be laid somewhere, and every spot it fits.
//! - [`runs`]: the scoring runs a hand can play.
//! - [`score`]: the points table, Greed's beads and Territory's pips.
//! - [`picture`]: the board drawn for a terminal.
//! - [`input`]: the commands' compound arguments, read and checked against the rules.
//! - [`verdict`]: one verdict per command, with its sentences and `--explain` reasons.
//! - [`error`]: every refusal and fault in words.

pub mod advise;
pub mod board;
pub mod check;
pub mod error;
pub mod game;
pub mod illegal;
pub mod input;
pub mod picture;
pub mod place;
pub mod policy;
pub mod record;
pub mod ruling;
pub mod runs;
pub mod score;
pub mod session;
pub mod sim;
pub mod verdict;

use crate::cards::{Card, Rank};
use crate::ruleset::Ruleset;

/// The game's id in rulesets.
pub const GAME: &str = "pokino";
/// The game's name for people.
pub const TITLE: &str = "Pokino";
/// The highest number on a double-12 domino.
pub const MAX_NUMBER: u8 = 12;
/// How many dominoes a double-12 set holds.
pub const SET_SIZE: usize = 91;
/// How many dominoes make the starting spoke.
pub const SPOKE: usize = 4;

/// The rules in force, read once from a ruleset into plain fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// `square-reuse: revisit` (else `no-revisit`).
    pub revisit: bool,
    /// `long-runs: capped` (else `forbidden`: at most 10 cards).
    pub long_runs_capped: bool,
    /// `spoke: connected` (else the spoke is taken as given).
    pub spoke_connected: bool,
    /// `playing-area: bounded`: width and height of the table, in squares.
    pub area: Option<(u32, u32)>,
    /// `territory-ties: shared` (else nobody gets a tied domino).
    pub territory_ties_shared: bool,
    /// Greed: no bead is paid per card; beads score at the end.
    pub greed: bool,
    /// Pokino-Up!: hands hold at most [`Rules::up_cards`].
    pub up: bool,
    /// `up-draw: optional`: under Pokino-Up! a player holding 7 may still draw, so hands
    /// have no upper size.
    pub up_draw_optional: bool,
    /// Tear Down the Walls: a run may step within one domino, which then leaves.
    pub tear_down: bool,
    /// Territory: dominoes go to the player with the most tokens touching them.
    pub territory: bool,
    /// `territory-pokino: pips-decide`: under Territory, "Pokino!" ends the game and the
    /// pips decide (else the caller wins).
    pub pokino_pips_decide: bool,
    /// `pass: without-domino` (else a player may always pass).
    pub pass_without_domino: bool,
    /// `runs-per-turn: several` (else one run a turn).
    pub several_runs: bool,
    /// `first-player: first-to-play` (else the first player listed begins).
    pub first_to_play: bool,
    /// `win-ties: nobody` (else tied players share the win).
    pub ties_nobody: bool,
    /// `torn-tokens: leave` (else tokens stay on the borders of a torn domino).
    pub torn_tokens_leave: bool,
    /// `torn-split: forbidden` (else a torn domino may split the board).
    pub torn_split_forbidden: bool,
    /// `bank: limited`: the beads in the bank at the start (else the bank never runs out).
    pub bank: Option<u32>,
    /// `empty-deck: ends` (else a player facing an empty deck draws nothing).
    pub empty_deck_ends: bool,
    /// `placement: one-contact` (else any placement on the grid).
    pub one_contact: bool,
    /// `deck: face-down` (else the card drawn may be named).
    pub deck_face_down: bool,
    /// `poke-end: after-round` (else the game ends with the turn that empties the poke).
    pub poke_after_round: bool,
    /// `own-borders: open` (else a claimed border is closed to its claimer too).
    pub own_borders_open: bool,
    /// `steps: diagonals`: a run may also step to a square touching the last only at a
    /// corner (else only across a side).
    pub diagonals: bool,
    pub start_cards: u32,
    pub up_cards: u32,
    pub start_dominoes: u32,
    pub start_beads: u32,
    pub bead_points: u32,
}

fn to_u32(v: i64) -> u32 {
    u32::try_from(v.max(0)).unwrap_or(u32::MAX)
}

impl Rules {
    pub fn from_ruleset(rs: &Ruleset) -> Rules {
        Rules {
            revisit: !rs.is(ruling::SquareReuse::NoRevisit),
            long_runs_capped: !rs.is(ruling::LongRuns::Forbidden),
            spoke_connected: rs.is(ruling::Spoke::Connected),
            area: rs.is(ruling::PlayingArea::Bounded).then(|| {
                (
                    to_u32(rs.value(ruling::Value::AreaWidth)).max(2),
                    to_u32(rs.value(ruling::Value::AreaHeight)).max(2),
                )
            }),
            territory_ties_shared: rs.is(ruling::TerritoryTies::Shared),
            greed: rs.is(ruling::Greed::On),
            up: rs.is(ruling::PokinoUp::On),
            up_draw_optional: rs.is(ruling::UpDraw::Optional),
            tear_down: rs.is(ruling::TearDown::On),
            territory: rs.is(ruling::Territory::On),
            pokino_pips_decide: rs.is(ruling::Territory::On)
                && rs.is(ruling::TerritoryPokino::PipsDecide),
            pass_without_domino: rs.is(ruling::Pass::WithoutDomino),
            several_runs: rs.is(ruling::RunsPerTurn::Several),
            first_to_play: rs.is(ruling::FirstPlayer::FirstToPlay),
            ties_nobody: rs.is(ruling::WinTies::Nobody),
            torn_tokens_leave: rs.is(ruling::TornTokens::Leave),
            torn_split_forbidden: rs.is(ruling::TornSplit::Forbidden),
            bank: rs
                .is(ruling::Bank::Limited)
                .then(|| to_u32(rs.value(ruling::Value::BankBeads))),
            empty_deck_ends: rs.is(ruling::EmptyDeck::Ends),
            one_contact: rs.is(ruling::Placement::OneContact),
            deck_face_down: rs.is(ruling::Deck::FaceDown),
            poke_after_round: rs.is(ruling::PokeEnd::AfterRound),
            own_borders_open: rs.is(ruling::OwnBorders::Open),
            diagonals: rs.is(ruling::Steps::Diagonals),
            start_cards: to_u32(rs.value(ruling::Value::StartCards)),
            up_cards: to_u32(rs.value(ruling::Value::UpCards)),
            start_dominoes: to_u32(rs.value(ruling::Value::StartDominoes)),
            start_beads: to_u32(rs.value(ruling::Value::StartBeads)),
            bead_points: to_u32(rs.value(ruling::Value::BeadPoints)),
        }
    }

    /// The built-in rules.
    pub fn standard() -> Rules {
        Rules::from_ruleset(&Ruleset::builtin_or_empty(GAME))
    }

    /// The cards each player is dealt: 7 under Pokino-Up! (value up-cards), else 5.
    pub fn dealt_cards(&self) -> u32 {
        if self.up {
            self.up_cards
        } else {
            self.start_cards
        }
    }

    /// The most cards a hand can hold, when the rules bound it (Pokino-Up!, unless
    /// `up-draw: optional`).
    pub fn hand_limit(&self) -> Option<usize> {
        (self.up && !self.up_draw_optional).then_some(self.up_cards as usize)
    }
}

/// The number a card stands for: A–10 are 1–10, J 11, Q 12, K 0. Jokers are not used.
pub fn card_number(card: Card) -> Option<u8> {
    match card.rank()? {
        Rank::King => Some(0),
        r => Some(r.number()),
    }
}

/// The rank that matches a domino number (0 is a king), for people.
pub fn number_rank(n: u8) -> Option<Rank> {
    match n {
        0 => Some(Rank::King),
        1..=12 => Rank::from_number(n),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_numbers() {
        let n = |s: &str| card_number(s.parse().unwrap());
        assert_eq!(n("AS"), Some(1));
        assert_eq!(n("10H"), Some(10));
        assert_eq!(n("JD"), Some(11));
        assert_eq!(n("QC"), Some(12));
        assert_eq!(n("KS"), Some(0));
        assert_eq!(card_number(Card::Joker), None);
        for k in 0..=12 {
            assert_eq!(
                number_rank(k).map(|r| card_number(Card::new(r, crate::cards::Suit::Spades))),
                Some(Some(k))
            );
        }
        assert_eq!(number_rank(13), None);
    }

    #[test]
    fn variants_switch_their_rulings() {
        let get = |n: &str| Rules::from_ruleset(&Ruleset::builtin(n).unwrap());
        let base = get("pokino");
        assert!(!base.greed && !base.up && !base.tear_down && !base.territory);
        assert!(base.revisit && base.long_runs_capped && base.area.is_none());
        assert!(get("pokino-greed").greed);
        assert!(get("pokino-up").up);
        assert_eq!(get("pokino-up").hand_limit(), Some(7));
        assert_eq!(base.hand_limit(), None);
        let optional =
            Ruleset::from_house_text("h.yaml", "base: pokino-up\nrulings:\n  up-draw: optional\n")
                .unwrap();
        assert_eq!(Rules::from_ruleset(&optional).hand_limit(), None);
        assert!(get("pokino-tear-down").tear_down);
        assert!(get("pokino-territory").territory);
        assert_eq!(Rules::standard(), base);
        let both = Ruleset::from_house_text(
            "h.yaml",
            "base: pokino-greed\nrulings:\n  territory: \"on\"\n",
        )
        .unwrap();
        let r = Rules::from_ruleset(&both);
        assert!(r.greed && r.territory && !r.up);
        assert!(!base.diagonals);
        let corners =
            Ruleset::from_house_text("h.yaml", "base: pokino\nrulings:\n  steps: diagonals\n")
                .unwrap();
        assert!(Rules::from_ruleset(&corners).diagonals);
    }
}
