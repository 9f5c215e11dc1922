//! Koi-Koi: the two-player hanafuda game.
//!
//! - [`cards`]: the 48 cards and their notation (`1b`, `9a`, `pine-b`, `sake`).
//! - [`yaku`]: the yaku in a player's captured cards and the round's score.
//! - [`deal`]: instant wins in a dealt hand and fields that must be redealt.
//! - [`ledger`]: a game's score kept the way Board Game Arena keeps it.

pub mod advise;
pub mod cards;
pub mod check;
pub mod deal;
pub mod error;
pub mod game;
pub mod ledger;
mod playout;
pub mod query;
pub mod record;
pub mod referee;
pub mod ruling;
mod sample;
pub mod sim;
pub mod start;
pub mod verdict;
pub mod view;
mod weigh;
pub mod yaku;

use crate::ruleset::Ruleset;

/// The game's id in rulesets and logs.
pub const GAME: &str = "koikoi";
/// The game's name for people.
pub const TITLE: &str = "Koi-Koi";

/// Koi-Koi among the games kado referees ([`crate::kind::Kind`]).
#[derive(Clone, Copy, Debug)]
pub struct KoiKoi;

/// Koi-Koi among the games kado referees: a `table:` line marks its records.
impl crate::kind::Kind for KoiKoi {
    const ID: &'static str = GAME;
    const TITLE: &'static str = TITLE;
    const MARKS: &'static [&'static str] = &["table"];
    const OPENER: &'static str = "players";
    type Game = game::Game;

    fn read(src: &crate::diag::Source) -> Result<(), crate::diag::Error> {
        record::parse(src).map(|_| ())
    }

    fn outcomes(
        src: &crate::diag::Source,
        rs: &crate::ruleset::Ruleset,
    ) -> Result<Vec<crate::history::Outcome>, crate::diag::Error> {
        let rec = record::parse(src)?;
        Ok(check::check(&rec, rs)
            .games
            .iter()
            .filter_map(|g| g.referee.as_ref()?.outcome())
            .collect())
    }

    fn verdict(
        src: &crate::diag::Source,
        rs: &crate::ruleset::Ruleset,
    ) -> Result<serde_json::Value, crate::diag::Error> {
        let rec = record::parse(src)?;
        Ok(crate::several::games_json(&check::check(&rec, rs).games))
    }
}

// The choices of the rulings the game's code names most often, by their short names.
pub use ruling::{
    DrawRound as Draw, KoiExhausted, Multiplier, NextDealer, Rain, ViewingYaku as Viewing,
};

/// The game lengths a ruleset without its own range for value `rounds` allows.
pub const ROUNDS_RANGE: crate::ruleset::ValueRange = crate::ruleset::ValueRange { min: 1, max: 12 };

/// The most points a round may be said to be worth (a guard against typing mistakes).
pub const MAX_ROUND_POINTS: i64 = 1000;

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
            goko: rs.value(ruling::Value::Goko),
            shiko: rs.value(ruling::Value::Shiko),
            ame_shiko: rs.value(ruling::Value::AmeShiko),
            sanko: rs.value(ruling::Value::Sanko),
            hanami_zake: rs.value(ruling::Value::HanamiZake),
            tsukimi_zake: rs.value(ruling::Value::TsukimiZake),
            inoshikacho: rs.value(ruling::Value::Inoshikacho),
            tane: rs.value(ruling::Value::Tane),
            tane_cards: rs.value(ruling::Value::TaneCards).max(1),
            akatan: rs.value(ruling::Value::Akatan),
            aotan: rs.value(ruling::Value::Aotan),
            akatan_aotan: rs.value(ruling::Value::AkatanAotan),
            tanzaku: rs.value(ruling::Value::Tanzaku),
            tanzaku_cards: rs.value(ruling::Value::TanzakuCards).max(1),
            kasu: rs.value(ruling::Value::Kasu),
            kasu_cards: rs.value(ruling::Value::KasuCards).max(1),
            tsukifuda: rs.value(ruling::Value::Tsukifuda),
            extra_card: rs.value(ruling::Value::ExtraCard),
            teshi: rs.value(ruling::Value::Teshi),
            kuttsuki: rs.value(ruling::Value::Kuttsuki),
            double_at: rs.value(ruling::Value::DoubleAt),
            start_points: rs.value(ruling::Value::StartPoints),
            rounds: rs.value(ruling::Value::Rounds),
            rounds_range: rs
                .ranges
                .get(ruling::Value::Rounds.key())
                .copied()
                .unwrap_or(ROUNDS_RANGE),
            draw_points: rs.value(ruling::Value::DrawPoints),
            koi_bonus: rs.value(ruling::Value::KoiBonus),
            koi_bonus_multiply_from: rs.value(ruling::Value::KoiBonusMultiplyFrom),
            viewing_after_koi: rs.value(ruling::Value::ViewingAfterKoi),
        }
    }
}

/// The decision at the end of a turn that formed or improved a yaku.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Call {
    Koi,
    Stop,
}

impl Call {
    pub fn word(self) -> &'static str {
        match self {
            Call::Koi => "koi",
            Call::Stop => "stop",
        }
    }
}

/// The rules in force, read once from a ruleset: the values, and every ruling's choice, typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    pub values: Values,
    /// The choice in force for each ruling (`rules.ruled.multiplier`): the game decides
    /// by these, so a new choice makes the compiler point at every `match` on it.
    pub ruled: ruling::Choices,
}

impl Rules {
    pub fn from_ruleset(rs: &Ruleset) -> Rules {
        Rules {
            values: Values::from_ruleset(rs),
            ruled: ruling::Choices::from_ruleset(rs),
        }
    }

    /// These rules with one ruling's choice changed.
    pub fn with(mut self, choice: impl crate::ruleset::Pick<ruling::Choices>) -> Rules {
        self.ruled = self.ruled.with(choice);
        self
    }

    /// Whether the sake cup counts as a plain too (ruling sake-cup).
    pub fn cup_is_plain(&self) -> bool {
        match self.ruled.sake_cup {
            ruling::SakeCup::AnimalAndPlain => true,
            ruling::SakeCup::AnimalOnly => false,
        }
    }

    /// Whether the four cards of the round's month score tsukifuda (ruling tsukifuda).
    pub fn tsukifuda(&self) -> bool {
        match self.ruled.tsukifuda {
            ruling::Tsukifuda::On => true,
            ruling::Tsukifuda::Off => false,
        }
    }

    /// Whether the yaku of a group add up rather than the best alone (ruling yaku-groups).
    pub fn yaku_stack(&self) -> bool {
        match self.ruled.yaku_groups {
            ruling::YakuGroups::Stacking => true,
            ruling::YakuGroups::BestInGroup => false,
        }
    }

    /// Whether all six poetry and blue ribbons make akatan-aotan in place of the two
    /// (ruling akatan-aotan-pair).
    pub fn pair_replaces(&self) -> bool {
        match self.ruled.akatan_aotan_pair {
            ruling::AkatanAotanPair::Replaces => true,
            ruling::AkatanAotanPair::BothCount => false,
        }
    }

    /// Whether a viewing yaku is worth more once its player called koi-koi (ruling
    /// viewing-yaku: raised-by-koi).
    pub fn viewing_raised_by_koi(&self) -> bool {
        match self.ruled.viewing_yaku {
            Viewing::RaisedByKoi => true,
            Viewing::Enabled
            | Viewing::WithAnotherYaku
            | Viewing::Disabled
            | Viewing::RainRuins => false,
        }
    }

    /// Whether rain on the field ruins the viewing yaku (ruling viewing-yaku: rain-ruins
    /// with ruling rain: willow-on-field), so the table's cards count in a score.
    pub fn rain_on_field(&self) -> bool {
        match (self.ruled.viewing_yaku, self.ruled.rain) {
            (Viewing::RainRuins, Rain::WillowOnField) => true,
            (
                Viewing::RainRuins,
                Rain::AnyWillow | Rain::RainMan | Rain::Lightning | Rain::RainManOrLightning,
            )
            | (
                Viewing::Enabled
                | Viewing::WithAnotherYaku
                | Viewing::Disabled
                | Viewing::RaisedByKoi,
                _,
            ) => false,
        }
    }

    /// Whether a hand that can capture must play a capturing card (ruling must-capture).
    pub fn whole_hand_must_capture(&self) -> bool {
        match self.ruled.must_capture {
            ruling::MustCapture::WholeHand => true,
            ruling::MustCapture::MatchingCard => false,
        }
    }

    /// Whether a new yaku, rather than more points, asks for koi or stop (ruling
    /// another-yaku).
    pub fn new_yaku_decides(&self) -> bool {
        match self.ruled.another_yaku {
            ruling::AnotherYaku::NewYaku => true,
            ruling::AnotherYaku::MorePoints => false,
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
            rs = rs.with_named(id, choice).unwrap();
        }
        Rules::from_ruleset(&rs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants() {
        let n = Rules::from_ruleset(&Ruleset::builtin("koikoi").unwrap());
        assert_eq!((n.values.goko, n.values.sanko), (10, 5));
        let c = n.ruled;
        assert_eq!(c.tsukifuda, ruling::Tsukifuda::Off);
        assert_eq!(c.yaku_groups, ruling::YakuGroups::BestInGroup);
        assert_eq!(c.sake_cup, ruling::SakeCup::AnimalAndPlain);
        assert_eq!(c.multiplier, Multiplier::HardKoi);
        let f = Rules::from_ruleset(&Ruleset::builtin("koikoi-fudawiki").unwrap());
        assert_eq!(
            (f.values.goko, f.values.sanko, f.values.tsukifuda),
            (15, 6, 4)
        );
        assert_eq!(f.ruled.tsukifuda, ruling::Tsukifuda::On);
        let b = Rules::from_ruleset(&Ruleset::builtin("koikoi-bga").unwrap());
        assert_eq!(b.ruled.yaku_groups, ruling::YakuGroups::Stacking);
        assert_eq!(
            b.ruled.akatan_aotan_pair,
            ruling::AkatanAotanPair::BothCount
        );
        assert_eq!((b.values.teshi, b.values.start_points), (6, 50));
    }

    /// The dealt-hand rulings of a house-rules file.
    fn dealt(text: &str) -> (bool, bool, bool) {
        let rs = Ruleset::from_house_text("house.yaml", text).unwrap();
        let r = Rules::from_ruleset(&rs);
        (
            r.ruled.teshi == ruling::Teshi::InstantWin,
            r.ruled.teshi == ruling::Teshi::Redeal,
            r.ruled.kuttsuki == ruling::Kuttsuki::InstantWin,
        )
    }

    /// One ruling, dealt-hands, decided teshi and kuttsuki together, and its `redeal`
    /// still made four pairs an instant win. Its files keep their meaning.
    #[test]
    fn dealt_hands_decided_teshi_and_kuttsuki_together() {
        let old = |choice: &str| {
            dealt(&format!(
                "base: koikoi\nrulings:\n  dealt-hands: {choice}\n"
            ))
        };
        // (teshi wins, teshi redealt, kuttsuki wins)
        assert_eq!(old("instant-win"), (true, false, true));
        assert_eq!(old("\"off\""), (false, false, false));
        assert_eq!(old("redeal"), (false, true, true));
        assert_eq!(dealt("base: koikoi\n"), (true, false, true));
        // The rulings of today decide each apart; named beside the old one, they win.
        assert_eq!(
            dealt("base: koikoi\nrulings:\n  teshi: redeal\n  kuttsuki: \"off\"\n"),
            (false, true, false)
        );
        assert_eq!(
            dealt("base: koikoi\nrulings:\n  teshi: \"off\"\n  kuttsuki: instant-win\n"),
            (false, false, true)
        );
        assert_eq!(
            dealt("base: koikoi\nrulings:\n  kuttsuki: \"off\"\n  dealt-hands: redeal\n"),
            (false, true, false)
        );
        // The old ruling's own choices only.
        let e =
            Ruleset::from_house_text("h.yaml", "base: koikoi\nrulings:\n  dealt-hands: redeel\n")
                .unwrap_err();
        let e = format!("{e:?}");
        assert!(
            e.contains("`redeel` is not a choice of ruling `dealt-hands`"),
            "{e}"
        );
        assert!(e.contains("did you mean `redeal`?"), "{e}");
        // A save that names it replays under the same rulings.
        let saved = crate::session::RulesetRecord {
            base: "koikoi".into(),
            name: "house".into(),
            rulings: [("dealt-hands".to_string(), "redeal".to_string())].into(),
            values: Default::default(),
        };
        let rs = saved.ruleset().unwrap();
        assert!(rs.is(ruling::Teshi::Redeal) && rs.is(ruling::Kuttsuki::InstantWin));
        let again = crate::session::RulesetRecord::of(&rs).unwrap();
        assert_eq!(
            again.rulings,
            [("teshi".to_string(), "redeal".to_string())].into()
        );
    }
}
