//! Why a Kingmaker campaign refuses a setup, a name or a Year's result: every such message
//! of the game, written here once.

use crate::kingmaker::ruling;
use std::fmt;

use crate::diag::{Code, Coded};

use super::Season;
use super::build::Rule as BuildRule;
use crate::diag::did_you_mean;

/// A refused setup, action or answer of a campaign.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CampaignError {
    NameEmpty,
    /// A name the notation refuses (too long), with its reason.
    NameRefused(crate::notation::LongName),
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
    /// Two players given one name: the words saying so ([`crate::seat::NameTwice::words`]).
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
    Layout(crate::diag::Error),
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
    /// A step of a Year the rules refuse.
    Year(Box<YearError>),
    /// A Year step in a campaign kept as a quick ledger, or a result typed in one followed
    /// season by season.
    WrongMode {
        seasons: bool,
    },
    /// A step whose words cannot be read (a save edited by hand).
    Step(crate::diag::Error),
    /// A Summer reveal that is not `PLAYER PAIR`.
    NotAReveal(String),
    /// An action given as a Year's step that is none (a fault in kado).
    NotAStep,
    /// A record's `next:` line naming another first player than the Year's.
    NextNamed {
        first: String,
        year: usize,
        named: String,
    },
    /// Who starts the Year is not said.
    FirstUnsaid(usize),
    /// A player named like a scattered common (c1 to c4).
    CommonLabel(String),
    /// `fix` without a season and a step.
    FixHow,
    /// `fix` for a step not taken this Year.
    NothingToFix {
        who: String,
        season: super::StepKind,
    },
    /// A fix that leaves a step of the Year breaking a rule.
    Fixed(Box<YearError>),
}

impl fmt::Display for CampaignError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use CampaignError as E;
        match self {
            E::NameEmpty => f.write_str("a player's name is empty"),
            E::NameRefused(why) => write!(f, "{why}"),
            E::Layout(why) | E::Step(why) => f.write_str(why.render().trim_end()),
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
            E::NameTwice(words) => f.write_str(words),
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
            _ => self.fmt_seasons(f),
        }
    }
}

impl CampaignError {
    /// The words of a campaign followed season by season.
    fn fmt_seasons(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use CampaignError as E;
        match self {
            E::Year(e) => write!(f, "{e}"),
            E::WrongMode { seasons: true } => f.write_str(
                "this campaign follows each Year season by season: a result cannot be typed in",
            ),
            E::WrongMode { seasons: false } => {
                f.write_str("this campaign is a ledger of results: it does not follow the seasons")
            }
            E::NotAReveal(step) => write!(f, "`{step}` is not a reveal, PLAYER PAIR"),
            E::NotAStep => f.write_str("internal: not a step of a Year"),
            E::NextNamed { first, year, named } => write!(
                f,
                "`next:` named {first} to start Year {year}, not {named}"
            ),
            E::FixHow => f.write_str(
                "fix what? `fix SEASON STEP`, e.g. `fix spring cy c2 long RG-YB` (seasons: spring, summer, harvest, blinks)",
            ),
            E::NothingToFix { who, season } => {
                write!(
                    f,
                    "nothing to fix: {who} has no {} step this Year",
                    season.word()
                )
            }
            E::Fixed(e) => write!(f, "with that fix the Year breaks a rule: {e}"),
            E::CommonLabel(p) => write!(
                f,
                "`{p}` is the label of a scattered common (c1 to c4); give the players other names"
            ),
            E::FirstUnsaid(n) => write!(
                f,
                "nobody named who starts Year {n}; legal: a `next: NAME` line after the Year, or `year: NAME`"
            ),
            _ => Ok(()),
        }
    }
}

/// A step of a Year that the rules refuse: the rule it breaks and what would have been
/// legal instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum YearError {
    /// A step taken out of the first player token's order.
    OutOfTurn {
        season: Season,
        due: String,
        given: String,
        order: Vec<String>,
    },
    /// Winter's draft in another order than the token's.
    WinterOrder {
        given: Vec<String>,
        order: Vec<String>,
    },
    /// A step of another season than the one being played.
    WrongSeason {
        given: String,
        due: String,
    },
    UnknownPlayer {
        name: String,
        players: Vec<String>,
    },
    /// A common chosen a third time in Spring.
    ThirdChoice {
        common: String,
        by: Vec<String>,
        open: Vec<String>,
    },
    /// A long press by a common's first chooser (ruling first-long-press: refused).
    FirstClicks {
        common: String,
    },
    /// A click where a long press is due: the common was chosen before.
    MustLongPress {
        common: String,
        first: String,
    },
    /// A pair shown differently from the first time it was shown.
    PairDisagrees {
        what: String,
        was: String,
        by: String,
        step: String,
        now: String,
    },
    /// A common moved in Summer that is already in the Commons.
    CommonPlaced {
        common: String,
        by: String,
        open: Vec<String>,
    },
    /// Ruling summer-own-common: another: the player's own Spring common, another left.
    OwnCommon {
        common: String,
        open: Vec<String>,
    },
    /// Ruling dark-commons: lit-when-moved: a dark common's pairs are not said.
    SayLit {
        common: String,
    },
    /// Ruling dark-commons: dark: a dark common lit as it moves.
    StaysDark {
        common: String,
    },
    /// `lit` for a common already lit in Spring.
    AlreadyLit {
        common: String,
        by: Vec<String>,
    },
    /// The first Blink of the Commons placed against something.
    FirstAlone {
        blink: String,
    },
    /// A later Blink placed without a side.
    NeedsSide {
        blink: String,
        legal: Vec<String>,
    },
    /// Placed against a Blink that is not in the Commons.
    NotInCommons {
        other: String,
        placed: Vec<String>,
    },
    /// A building rule broken.
    Build {
        rule: BuildRule,
        why: String,
        legal: Vec<String>,
    },
    UnknownBlink {
        name: String,
        names: Vec<String>,
    },
    BlinkTwice {
        name: String,
    },
    /// A final Blink contradicting a pair shown during the Year.
    Contradicts {
        blink: String,
        pairs: String,
        /// What was shown and when: "its right pair showed GB in Spring".
        what: String,
        step: String,
        /// Who showed it.
        by: String,
    },
    YearOver,
    /// A Summer reveal told again, or a move with another pair than the one revealed.
    Revealed {
        player: String,
        pair: String,
    },
}

impl YearError {
    /// The player a refusal is about when the step is no player's own (a Blink told at the
    /// end that contradicts what a player showed).
    pub fn player(&self) -> Option<&str> {
        match self {
            YearError::Contradicts { by, .. } => Some(by),
            _ => None,
        }
    }

    /// The rule's id, as `--json` and the tests name it.
    pub fn rule(&self) -> &'static str {
        use YearError as E;
        match self {
            E::OutOfTurn { .. } | E::WinterOrder { .. } => "token-order",
            E::WrongSeason { .. } | E::YearOver => "season-order",
            E::UnknownPlayer { .. } => "players",
            E::ThirdChoice { .. } => "at-most-twice",
            E::FirstClicks { .. } => ruling::Id::FirstLongPress.id(),
            E::MustLongPress { .. } => "second-chooser-long-presses",
            E::PairDisagrees { .. } | E::Contradicts { .. } => "shown-pairs-agree",
            E::CommonPlaced { .. } => "scattered-commons-only",
            E::OwnCommon { .. } => ruling::Id::SummerOwnCommon.id(),
            E::SayLit { .. } | E::StaysDark { .. } | E::AlreadyLit { .. } => {
                ruling::Id::DarkCommons.id()
            }
            E::FirstAlone { .. } | E::NeedsSide { .. } | E::NotInCommons { .. } => {
                "placed-against-the-commons"
            }
            E::Build { rule, .. } => rule.id(),
            E::UnknownBlink { .. } | E::BlinkTwice { .. } => "every-blink-once",
            E::Revealed { .. } => "reveal-then-move",
        }
    }
}

fn or_list(list: &[String]) -> String {
    match list {
        [] => "nothing".to_string(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

impl fmt::Display for YearError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use YearError as E;
        match self {
            E::OutOfTurn {
                season,
                due,
                given,
                order,
            } => write!(
                f,
                "out of token order: it is {due}'s turn in {}, not {given}'s (the order is {})",
                season.name(),
                order.join(", ")
            ),
            E::WinterOrder { given, order } => write!(
                f,
                "out of token order: the Blinks are taken {}, not {}",
                order.join(", "),
                given.join(", ")
            ),
            E::WrongSeason { given, due } => {
                write!(f, "not the time for {given}: now is {due}")
            }
            E::UnknownPlayer { name, players } => {
                write!(
                    f,
                    "`{name}` is not a player of this Year (players: {})",
                    players.join(", ")
                )?;
                match did_you_mean(name, players.iter().map(String::as_str)) {
                    Some(near) => write!(f, "; did you mean `{near}`?"),
                    None => Ok(()),
                }
            }
            E::ThirdChoice { common, by, open } => write!(
                f,
                "a common is chosen at most twice, and {common} was chosen by {}; legal: {}",
                by.join(" and "),
                or_list(open)
            ),
            E::FirstClicks { common } => write!(
                f,
                "the first chooser of a common clicks it ({cite}); legal: `{common} left PAIR` or `{common} right PAIR`",
                cite = ruling::FirstLongPress::Refused.cite()
            ),
            E::MustLongPress { common, first } => write!(
                f,
                "{common} was already chosen by {first}, so it must be long-pressed; legal: `{common} long LEFT-RIGHT`"
            ),
            E::PairDisagrees {
                what,
                was,
                by,
                step,
                now,
            } => write!(
                f,
                "{what} shows {now}, but it showed {was} when {by} chose it (`{step}`)"
            ),
            _ => self.fmt_place(f),
        }
    }
}

impl YearError {
    /// The words of the errors of Summer, Harvest and the final long press.
    fn fmt_place(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use YearError as E;
        match self {
            E::CommonPlaced { common, by, open } => write!(
                f,
                "{common} is already in the Commons (moved by {by}); legal: {}",
                or_list(open)
            ),
            E::OwnCommon { common, open } => write!(
                f,
                "{common} is the common this player lit in Spring ({cite}); legal: {}",
                or_list(open),
                cite = ruling::SummerOwnCommon::Another.cite()
            ),
            E::SayLit { common } => write!(
                f,
                "nobody chose {common} in Spring, so it is long-pressed as it goes in ({cite}); legal: add its pairs, `lit LEFT-RIGHT`",
                cite = ruling::DarkCommons::LitWhenMoved.cite()
            ),
            E::StaysDark { common } => write!(
                f,
                "nobody chose {common} in Spring, and it stays dark until the Year ends ({cite}); legal: the step without `lit`",
                cite = ruling::DarkCommons::Dark.cite()
            ),
            E::AlreadyLit { common, by } => write!(
                f,
                "{common} was lit in Spring by {}; legal: the step without `lit`",
                by.join(" and ")
            ),
            E::FirstAlone { blink } => write!(
                f,
                "the first common goes into the Commons on its own, with nothing to touch; legal: `{blink}` with no side"
            ),
            E::NeedsSide { blink, legal } => write!(
                f,
                "{blink} must go against a Blink in the Commons; legal: {}",
                or_list(legal)
            ),
            E::NotInCommons { other, placed } => write!(
                f,
                "`{other}` is not in the Commons; legal: a side of {}",
                or_list(placed)
            ),
            E::Build { rule, why, legal } => {
                write!(f, "{} ({why}); legal: {}", rule.text(), or_list(legal))
            }
            E::UnknownBlink { name, names } => write!(
                f,
                "`{name}` is not a Blink of this Year; legal: {}",
                or_list(names)
            ),
            E::BlinkTwice { name } => write!(f, "{name}'s Blink is given twice"),
            E::Contradicts {
                blink,
                pairs,
                what,
                step,
                ..
            } => write!(f, "{blink} is {pairs} at the end, but {what} (`{step}`)"),
            E::YearOver => f.write_str("the Year is over: every Blink is lit and scored"),
            E::Revealed { player, pair } => write!(
                f,
                "{player} has revealed {pair} already; legal: the common {player} moves, e.g. `c2 e c3`"
            ),
            _ => Ok(()),
        }
    }
}

/// Why there is no advice to give on a Year.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AdviseError {
    /// The Year is not at a Summer or Harvest step (what is due instead).
    NotAdvisable { due: String },
    /// The Blink given as the player's own does not hold the pair they revealed.
    OwnBlink {
        player: String,
        revealed: String,
        blink: String,
    },
}

impl fmt::Display for AdviseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AdviseError::NotAdvisable { due } => write!(
                f,
                "nothing to advise: next comes {due}; kado advises the player about to act in Summer (which common to move and where) or in Harvest (where to insert their Blink)"
            ),
            AdviseError::OwnBlink {
                player,
                revealed,
                blink,
            } => write!(
                f,
                "{player} revealed {revealed} in Summer, which is not a pair of {blink}; give {player}'s own Blink as it lights up"
            ),
        }
    }
}

impl Coded for CampaignError {
    fn code(&self) -> Code {
        use CampaignError as E;
        match self {
            E::NameEmpty
            | E::NameRefused(_)
            | E::NameHolds { .. }
            | E::NameControl { .. }
            | E::NameTwice(_)
            | E::CommonLabel(_) => Code::BadName,
            E::PlayerCount(_) | E::Target => Code::BadSetup,
            E::Over => Code::GameOver,
            E::FirstKnown | E::FirstNeeded | E::FirstUnsaid(_) | E::WrongMode { .. } => {
                Code::WrongPhase
            }
            E::UnknownPlayer { .. } | E::StrangeBlink { .. } => Code::UnknownPlayer,
            E::Impossible { .. } | E::TwoScores(_) | E::NextNamed { .. } => Code::Impossible,
            E::EveryScoreNeeded
            | E::NoBlink(_)
            | E::NotNameScore(_)
            | E::NotAScore { .. }
            | E::Missing(_)
            | E::NotAReveal(_)
            | E::FixHow => Code::Notation,
            E::Layout(e) | E::Step(e) => e.kind_or(Code::Notation),
            E::Several(all) => all.first().map_or(Code::Input, Coded::code),
            E::Year(e) | E::Fixed(e) => e.code(),
            E::NotAStep => Code::Internal,
            E::NothingToFix { .. } => Code::Impossible,
        }
    }
}

impl Coded for YearError {
    fn code(&self) -> Code {
        use YearError as E;
        match self {
            E::OutOfTurn { .. } | E::WinterOrder { .. } => Code::NotYourTurn,
            E::WrongSeason { .. } => Code::WrongPhase,
            E::YearOver => Code::GameOver,
            E::UnknownPlayer { .. } | E::UnknownBlink { .. } => Code::UnknownPlayer,
            E::PairDisagrees { .. }
            | E::BlinkTwice { .. }
            | E::Contradicts { .. }
            | E::Revealed { .. }
            | E::NotInCommons { .. }
            | E::CommonPlaced { .. }
            | E::AlreadyLit { .. } => Code::Impossible,
            E::ThirdChoice { .. }
            | E::FirstClicks { .. }
            | E::MustLongPress { .. }
            | E::OwnCommon { .. }
            | E::SayLit { .. }
            | E::StaysDark { .. }
            | E::FirstAlone { .. }
            | E::NeedsSide { .. }
            | E::Build { .. } => Code::IllegalMove,
        }
    }
}

impl Coded for AdviseError {
    fn code(&self) -> Code {
        match self {
            AdviseError::NotAdvisable { .. } => Code::WrongPhase,
            AdviseError::OwnBlink { .. } => Code::Impossible,
        }
    }
}
