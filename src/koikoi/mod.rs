//! Koi-Koi: the two-player hanafuda game.
//!
//! - [`cards`]: the 48 cards and their notation (`1b`, `9a`, `pine-b`, `sake`).
//! - [`yaku`]: the yaku in a player's captured cards and the round's score.
//! - [`deal`]: instant wins in a dealt hand and fields that must be redealt.
//! - [`ledger`]: a game's score kept the way Board Game Arena keeps it.

pub mod cards;
pub mod check;
pub mod deal;
pub mod error;
pub mod game;
pub mod ledger;
pub mod query;
pub mod record;
pub mod referee;
pub mod sim;
pub mod yaku;

use crate::ruleset::Ruleset;

/// The game's id in rulesets and logs.
pub const GAME: &str = "koikoi";
/// The game's name for people.
pub const TITLE: &str = "Koi-Koi";

/// Ruling `viewing-yaku`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewing {
    Enabled,
    RainRuins,
    WithAnotherYaku,
    Disabled,
    /// Their own values until the scorer's first koi-koi call, viewing-after-koi after.
    RaisedByKoi,
}

/// Ruling `rain`: which captured card is rain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rain {
    AnyWillow,
    RainMan,
    Lightning,
    RainManOrLightning,
    /// A willow card face up on the field when the round is scored.
    OnField,
}

/// Ruling `multiplier`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Multiplier {
    HardKoi,
    SoftKoi,
    None,
    /// The winner's total times the brights face up on the field at the deal.
    FieldBrights,
    /// koi-bonus points a call, or ×(calls − 2) from koi-bonus-multiply-from calls on.
    KoiBonus,
}

/// Ruling `draw-round`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Draw {
    Nobody,
    Dealer,
    NonDealer,
}

/// Ruling `next-dealer`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NextDealer {
    Winner,
    Loser,
    Alternate,
}

/// The game lengths a ruleset without its own range for value `rounds` allows.
pub const ROUNDS_RANGE: crate::ruleset::ValueRange = crate::ruleset::ValueRange { min: 1, max: 12 };

/// The points of each yaku and the game's numbers (the ruleset's `values`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Values {
    pub goko: i64,
    pub shiko: i64,
    pub ame_shiko: i64,
    pub sanko: i64,
    pub hanami_zake: i64,
    pub tsukimi_zake: i64,
    pub inoshikacho: i64,
    pub tane: i64,
    pub tane_cards: i64,
    pub akatan: i64,
    pub aotan: i64,
    pub akatan_aotan: i64,
    pub tanzaku: i64,
    pub tanzaku_cards: i64,
    pub kasu: i64,
    pub kasu_cards: i64,
    pub tsukifuda: i64,
    pub extra_card: i64,
    pub teshi: i64,
    pub kuttsuki: i64,
    pub double_at: i64,
    pub start_points: i64,
    pub rounds: i64,
    /// The game lengths the ruleset allows (the range of value `rounds`).
    pub rounds_range: crate::ruleset::ValueRange,
    pub draw_points: i64,
    pub koi_bonus: i64,
    pub koi_bonus_multiply_from: i64,
    pub viewing_after_koi: i64,
}

impl Values {
    /// The values of a ruleset (each declared in rulesets/koikoi.yaml).
    pub fn from_ruleset(rs: &Ruleset) -> Values {
        Values {
            goko: rs.value("goko"),
            shiko: rs.value("shiko"),
            ame_shiko: rs.value("ame-shiko"),
            sanko: rs.value("sanko"),
            hanami_zake: rs.value("hanami-zake"),
            tsukimi_zake: rs.value("tsukimi-zake"),
            inoshikacho: rs.value("inoshikacho"),
            tane: rs.value("tane"),
            tane_cards: rs.value("tane-cards").max(1),
            akatan: rs.value("akatan"),
            aotan: rs.value("aotan"),
            akatan_aotan: rs.value("akatan-aotan"),
            tanzaku: rs.value("tanzaku"),
            tanzaku_cards: rs.value("tanzaku-cards").max(1),
            kasu: rs.value("kasu"),
            kasu_cards: rs.value("kasu-cards").max(1),
            tsukifuda: rs.value("tsukifuda"),
            extra_card: rs.value("extra-card"),
            teshi: rs.value("teshi"),
            kuttsuki: rs.value("kuttsuki"),
            double_at: rs.value("double-at"),
            start_points: rs.value("start-points"),
            rounds: rs.value("rounds"),
            rounds_range: rs.ranges.get("rounds").copied().unwrap_or(ROUNDS_RANGE),
            draw_points: rs.value("draw-points"),
            koi_bonus: rs.value("koi-bonus"),
            koi_bonus_multiply_from: rs.value("koi-bonus-multiply-from"),
            viewing_after_koi: rs.value("viewing-after-koi"),
        }
    }
}

/// Ruling koi-exhausted: the hands ran out after a koi-koi and nobody stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KoiExhausted {
    /// A draw round (ruling draw-round).
    DrawRound,
    /// The last caller scores their yaku.
    CallerScores,
    /// The last caller's opponent takes what those yaku are worth.
    OpponentScores,
}

/// The rules in force, read once from a ruleset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    pub values: Values,
    /// `yaku-groups: stacking` (else best-in-group).
    pub stacking: bool,
    /// `akatan-aotan-pair: replaces` (else both-count).
    pub pair_replaces: bool,
    /// `sake-cup: animal-and-plain`.
    pub sake_cup_plain: bool,
    pub viewing: Viewing,
    pub rain: Rain,
    /// `tsukifuda: on`.
    pub tsukifuda: bool,
    pub multiplier: Multiplier,
    /// `koi-calls: once`.
    pub koi_once: bool,
    pub draw: Draw,
    /// `dealt-hands: instant-win` (or redeal, where four pairs still win).
    pub dealt_hands: bool,
    /// `dealt-hands: redeal`: a hand of four cards of one month is dealt again.
    pub teshi_redeal: bool,
    /// `field-redeal: either` (else four of a month only).
    pub field_redeal_pairs: bool,
    /// `deal-check-order: field-first`.
    pub field_first: bool,
    pub next_dealer: NextDealer,
    /// `loser-pays: in-full` or `below-zero` (else all they have).
    pub loser_pays_in_full: bool,
    /// `loser-pays: below-zero`: scores may go below 0.
    pub below_zero: bool,
    /// `last-card-koi: allowed`.
    pub last_card_koi: bool,
    /// `another-yaku: new-yaku` (else more points).
    pub new_yaku: bool,
    /// `both-koi: next-yaku-stops`.
    pub both_koi_stops: bool,
    /// `must-capture: whole-hand`: a card that captures must be played while there is one.
    pub capture_from_hand: bool,
    /// Ruling koi-exhausted: who scores when the hands run out after a koi-koi.
    pub koi_exhausted: KoiExhausted,
    /// `both-instant: dealer` (else the deal is redone).
    pub both_instant_dealer: bool,
    /// `tied-game: extra-round`.
    pub tie_extra: bool,
}

impl Rules {
    pub fn from_ruleset(rs: &Ruleset) -> Rules {
        Rules {
            values: Values::from_ruleset(rs),
            stacking: rs.is("yaku-groups", "stacking"),
            pair_replaces: !rs.is("akatan-aotan-pair", "both-count"),
            sake_cup_plain: !rs.is("sake-cup", "animal-only"),
            viewing: match rs.choice("viewing-yaku") {
                "rain-ruins" => Viewing::RainRuins,
                "with-another-yaku" => Viewing::WithAnotherYaku,
                "disabled" => Viewing::Disabled,
                "raised-by-koi" => Viewing::RaisedByKoi,
                _ => Viewing::Enabled,
            },
            rain: match rs.choice("rain") {
                "rain-man" => Rain::RainMan,
                "lightning" => Rain::Lightning,
                "rain-man-or-lightning" => Rain::RainManOrLightning,
                "willow-on-field" => Rain::OnField,
                _ => Rain::AnyWillow,
            },
            tsukifuda: rs.is("tsukifuda", "on"),
            multiplier: match rs.choice("multiplier") {
                "soft-koi" => Multiplier::SoftKoi,
                "none" => Multiplier::None,
                "field-brights" => Multiplier::FieldBrights,
                "koi-bonus" => Multiplier::KoiBonus,
                _ => Multiplier::HardKoi,
            },
            koi_once: rs.is("koi-calls", "once"),
            draw: match rs.choice("draw-round") {
                "dealer-6" => Draw::Dealer,
                "non-dealer-6" => Draw::NonDealer,
                _ => Draw::Nobody,
            },
            dealt_hands: !rs.is("dealt-hands", "off"),
            teshi_redeal: rs.is("dealt-hands", "redeal"),
            field_redeal_pairs: !rs.is("field-redeal", "four-of-a-month"),
            field_first: rs.is("deal-check-order", "field-first"),
            next_dealer: match rs.choice("next-dealer") {
                "loser" => NextDealer::Loser,
                "alternate" => NextDealer::Alternate,
                _ => NextDealer::Winner,
            },
            loser_pays_in_full: !rs.is("loser-pays", "all-they-have"),
            below_zero: rs.is("loser-pays", "below-zero"),
            last_card_koi: rs.is("last-card-koi", "allowed"),
            new_yaku: rs.is("another-yaku", "new-yaku"),
            both_koi_stops: rs.is("both-koi", "next-yaku-stops"),
            capture_from_hand: rs.is("must-capture", "whole-hand"),
            koi_exhausted: match rs.choice("koi-exhausted") {
                "caller-scores" => KoiExhausted::CallerScores,
                "opponent-scores" => KoiExhausted::OpponentScores,
                _ => KoiExhausted::DrawRound,
            },
            both_instant_dealer: rs.is("both-instant", "dealer"),
            tie_extra: rs.is("tied-game", "extra-round"),
        }
    }
}

#[cfg(test)]
pub(crate) mod testing {
    use super::*;

    /// The rules of a built-in ruleset with some rulings changed.
    pub fn rules(name: &str, changes: &[(&str, &str)]) -> Rules {
        let mut rs = Ruleset::builtin(name).unwrap();
        for (id, choice) in changes {
            rs = rs.with(id, choice).unwrap();
        }
        Rules::from_ruleset(&rs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ruling_the_code_reads_is_defined() {
        let rs = Ruleset::builtin(GAME).unwrap();
        for id in [
            "yaku-groups",
            "akatan-aotan-pair",
            "sake-cup",
            "viewing-yaku",
            "rain",
            "tsukifuda",
            "multiplier",
            "koi-calls",
            "draw-round",
            "dealt-hands",
            "field-redeal",
            "deal-check-order",
            "next-dealer",
            "loser-pays",
            "last-card-koi",
            "another-yaku",
            "both-koi",
            "must-capture",
            "koi-exhausted",
            "both-instant",
            "tied-game",
        ] {
            assert!(rs.ruling(id).is_some(), "{id}");
        }
        // Every value the code reads is in the ruleset, so house rules can change it.
        for k in [
            "goko",
            "shiko",
            "ame-shiko",
            "sanko",
            "hanami-zake",
            "tsukimi-zake",
            "inoshikacho",
            "tane",
            "tane-cards",
            "akatan",
            "aotan",
            "akatan-aotan",
            "tanzaku",
            "tanzaku-cards",
            "kasu",
            "kasu-cards",
            "tsukifuda",
            "extra-card",
            "teshi",
            "kuttsuki",
            "double-at",
            "start-points",
            "rounds",
            "draw-points",
        ] {
            assert!(rs.values.contains_key(k), "{k}");
        }
    }

    #[test]
    fn variants() {
        let n = Rules::from_ruleset(&Ruleset::builtin("koikoi").unwrap());
        assert_eq!((n.values.goko, n.values.sanko), (10, 5));
        assert!(!n.tsukifuda && !n.stacking && n.sake_cup_plain);
        assert_eq!(n.multiplier, Multiplier::HardKoi);
        let f = Rules::from_ruleset(&Ruleset::builtin("koikoi-fudawiki").unwrap());
        assert_eq!(
            (f.values.goko, f.values.sanko, f.values.tsukifuda),
            (15, 6, 4)
        );
        assert!(f.tsukifuda);
        let b = Rules::from_ruleset(&Ruleset::builtin("koikoi-bga").unwrap());
        assert!(b.stacking && !b.pair_replaces);
        assert_eq!((b.values.teshi, b.values.start_points), (6, 50));
    }
}
