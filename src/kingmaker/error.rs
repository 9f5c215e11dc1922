//! Why a Kingmaker campaign refuses a setup, a name or a Year's result: every such message
//! of the game, written here once.

use std::fmt;

use crate::diag::did_you_mean;

/// A refused setup, action or answer of a campaign.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CampaignError {
    NameEmpty,
    /// A name the notation refuses (too long), with its reason.
    NameRefused(String),
    /// A name holding a character the layout notation uses.
    NameHolds {
        name: String,
        c: char,
    },
    NameControl {
        name: String,
        c: char,
    },
    PlayerCount(usize),
    NameTwice(String),
    Target,
    Over,
    FirstKnown,
    FirstNeeded,
    UnknownPlayer {
        name: String,
        players: Vec<String>,
    },
    Impossible {
        name: String,
        score: u64,
        why: String,
    },
    EveryScoreNeeded,
    /// A layout answer's problems, drawn as the notation draws them.
    Layout(String),
    /// A Blink whose owner is not a player of the campaign.
    StrangeBlink {
        slot: String,
        owner: String,
        unknown: Box<CampaignError>,
        example: String,
    },
    NoBlink(String),
    NotNameScore(String),
    NotAScore {
        name: String,
        text: String,
    },
    TwoScores(String),
    Missing(String),
    /// Several problems of one answer, each on its line.
    Several(Vec<CampaignError>),
}

impl fmt::Display for CampaignError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use CampaignError as E;
        match self {
            E::NameEmpty => f.write_str("a player's name is empty"),
            E::NameRefused(why) | E::Layout(why) => f.write_str(why),
            E::NameHolds { name, c } => write!(
                f,
                "the name `{name}` holds `{c}`, which the layout notation uses; use letters, digits, `-` or `_`"
            ),
            E::NameControl { name, c } => write!(
                f,
                "the name `{}` holds a control character ({c:?}); use letters, digits, `-` or `_`",
                name.escape_debug()
            ),
            E::PlayerCount(n) => write!(f, "Kingmaker is for 4 players, not {n}"),
            E::NameTwice(p) => write!(f, "the name `{p}` is given twice"),
            E::Target => f.write_str("the target must be at least 1 point"),
            E::Over => f.write_str("the campaign is over"),
            E::FirstKnown => f.write_str("the first player for this Year is already known"),
            E::FirstNeeded => f.write_str("first say who starts the Year"),
            E::UnknownPlayer { name, players } => {
                write!(
                    f,
                    "`{name}` is not a player of this campaign (players: {})",
                    players.join(", ")
                )?;
                match did_you_mean(name, players.iter().map(String::as_str)) {
                    Some(near) => write!(f, "; did you mean `{near}`?"),
                    None => Ok(()),
                }
            }
            E::Impossible { name, score, why } => {
                write!(f, "{name}'s score {score} is impossible: {why}")
            }
            E::EveryScoreNeeded => f.write_str("every player needs a score"),
            E::StrangeBlink {
                slot,
                owner,
                unknown,
                example,
            } => write!(
                f,
                "the {slot} Blink is {owner}'s, but {unknown}; name each corner after its player, e.g. `{example}`"
            ),
            E::NoBlink(p) => write!(f, "{p} has no Blink in this layout"),
            E::NotNameScore(tok) => write!(f, "`{tok}` is not NAME=SCORE"),
            E::NotAScore { name, text } => {
                write!(
                    f,
                    "{name}'s score `{text}` is not a whole number from 0 to 81"
                )
            }
            E::TwoScores(p) => write!(f, "{p} is given two scores"),
            E::Missing(p) => write!(f, "{p}'s score is missing"),
            E::Several(all) => {
                for (i, e) in all.iter().enumerate() {
                    if i > 0 {
                        f.write_str("\n")?;
                    }
                    write!(f, "{e}")?;
                }
                Ok(())
            }
        }
    }
}
