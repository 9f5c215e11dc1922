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
pub mod referee;
pub mod ruling;
pub mod runs;
pub mod score;
pub mod sim;
pub mod start;
pub mod verdict;
pub mod view;

use crate::cards::{Card, Rank};
use crate::ruleset::Ruleset;

/// The game's id in rulesets.
pub const GAME: &str = "pokino";
/// The game's name for people.
pub const TITLE: &str = "Pokino";

/// Pokino among the games kado referees ([`crate::kind::Kind`]).
#[derive(Clone, Copy, Debug)]
pub struct Pokino;

/// Pokino among the games kado referees: a `spoke:` line marks its records.
impl crate::kind::Kind for Pokino {
    const ID: &'static str = GAME;
    const TITLE: &'static str = TITLE;
    const MARKS: &'static [&'static str] = &["spoke"];
    const OPENER: &'static str = "players";
    type Game = game::Game;

    fn read(src: &crate::diag::Source) -> Result<(), crate::diag::Error> {
        record::parse(src).map(|_| ())
    }

    fn outcomes(
        src: &crate::diag::Source,
        rs: &crate::ruleset::Ruleset,
    ) -> Result<Vec<crate::history::Outcome>, crate::diag::Error> {
        let v = check::check(src, &Rules::from_ruleset(rs))?;
        Ok(v.games.iter().map(|g| g.game.outcome()).collect())
    }

    fn verdict(
        src: &crate::diag::Source,
        rs: &crate::ruleset::Ruleset,
    ) -> Result<serde_json::Value, crate::diag::Error> {
        let v = check::check(src, &Rules::from_ruleset(rs))?;
        Ok(crate::several::games_json(&v.games))
    }
}
/// The highest number on a double-12 domino.
pub const MAX_NUMBER: u8 = 12;
/// How many dominoes a double-12 set holds.
pub const SET_SIZE: usize = 91;
/// How many dominoes make the starting spoke.
pub const SPOKE: usize = 4;

/// The rules in force, read once from a ruleset: the choice of every ruling, typed, and
/// the values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The choice in force for each ruling (`rules.ruled.greed`): the game decides by
    /// matching these, so a new choice makes the compiler point at every decision.
    pub ruled: ruling::Choices,
    /// The table's width and height in squares under `playing-area: bounded` (values
    /// area-width and area-height): see [`Rules::area`].
    pub area_size: (u32, u32),
    /// The beads in the bank at the start under `bank: limited` (value bank-beads): see
    /// [`Rules::bank`].
    pub bank_beads: u32,
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
            ruled: ruling::Choices::from_ruleset(rs),
            area_size: (
                to_u32(rs.value(ruling::Value::AreaWidth)).max(2),
                to_u32(rs.value(ruling::Value::AreaHeight)).max(2),
            ),
            bank_beads: to_u32(rs.value(ruling::Value::BankBeads)),
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

    /// These rules with one ruling's choice changed.
    pub fn with(mut self, choice: impl crate::ruleset::Pick<ruling::Choices>) -> Rules {
        self.ruled = self.ruled.with(choice);
        self
    }

    /// The cards each player is dealt: 7 under Pokino-Up! (value up-cards), else 5.
    pub fn dealt_cards(&self) -> u32 {
        match self.ruled.pokino_up {
            ruling::PokinoUp::On => self.up_cards,
            ruling::PokinoUp::Off => self.start_cards,
        }
    }

    /// The most cards a hand can hold, when the rules bound it (Pokino-Up!, unless
    /// `up-draw: optional`).
    pub fn hand_limit(&self) -> Option<usize> {
        match (self.ruled.pokino_up, self.ruled.up_draw) {
            (ruling::PokinoUp::On, ruling::UpDraw::BelowSeven) => Some(self.up_cards as usize),
            (ruling::PokinoUp::On, ruling::UpDraw::Optional) | (ruling::PokinoUp::Off, _) => None,
        }
    }

    /// The table's width and height in squares, when `playing-area: bounded`.
    pub fn area(&self) -> Option<(u32, u32)> {
        match self.ruled.playing_area {
            ruling::PlayingArea::Bounded => Some(self.area_size),
            ruling::PlayingArea::Unbounded => None,
        }
    }

    /// The beads in the bank at the start, when `bank: limited` (else it never runs out).
    pub fn bank(&self) -> Option<u32> {
        match self.ruled.bank {
            ruling::Bank::Limited => Some(self.bank_beads),
            ruling::Bank::Unlimited => None,
        }
    }

    /// Whether a "Pokino!" call only ends the game, the pips deciding: Territory on and
    /// `territory-pokino: pips-decide` (else the caller wins).
    pub fn pokino_pips_decide(&self) -> bool {
        match (self.ruled.territory, self.ruled.territory_pokino) {
            (ruling::Territory::On, ruling::TerritoryPokino::PipsDecide) => true,
            (ruling::Territory::On, ruling::TerritoryPokino::CallerWins)
            | (ruling::Territory::Off, _) => false,
        }
    }

    /// Whether runs may step across a corner (`steps: diagonals`).
    #[inline]
    pub fn diagonals(&self) -> bool {
        match self.ruled.steps {
            ruling::Steps::Diagonals => true,
            ruling::Steps::Sides => false,
        }
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
        use ruling::*;
        let on = |r: &Rules| {
            let c = r.ruled;
            [
                c.greed == Greed::On,
                c.pokino_up == PokinoUp::On,
                c.tear_down == TearDown::On,
                c.territory == Territory::On,
            ]
        };
        assert_eq!(on(&base), [false; 4]);
        assert_eq!(base.ruled.square_reuse, SquareReuse::Revisit);
        assert_eq!(base.ruled.long_runs, LongRuns::Capped);
        assert!(base.area().is_none());
        assert_eq!(on(&get("pokino-greed")), [true, false, false, false]);
        assert_eq!(on(&get("pokino-up")), [false, true, false, false]);
        assert_eq!(get("pokino-up").hand_limit(), Some(7));
        assert_eq!(base.hand_limit(), None);
        let optional =
            Ruleset::from_house_text("h.yaml", "base: pokino-up\nrulings:\n  up-draw: optional\n")
                .unwrap();
        assert_eq!(Rules::from_ruleset(&optional).hand_limit(), None);
        assert_eq!(on(&get("pokino-tear-down")), [false, false, true, false]);
        assert_eq!(on(&get("pokino-territory")), [false, false, false, true]);
        assert_eq!(Rules::standard(), base);
        let both = Ruleset::from_house_text(
            "h.yaml",
            "base: pokino-greed\nrulings:\n  territory: \"on\"\n",
        )
        .unwrap();
        let r = Rules::from_ruleset(&both);
        assert_eq!(on(&r), [true, false, false, true]);
        assert!(!base.diagonals());
        let corners =
            Ruleset::from_house_text("h.yaml", "base: pokino\nrulings:\n  steps: diagonals\n")
                .unwrap();
        assert!(Rules::from_ruleset(&corners).diagonals());
    }
}
