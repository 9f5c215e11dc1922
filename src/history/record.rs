//! A record's games for the play history: which game a record is of, its games (each
//! from its `players:` line, see [`super::record_games`]), and how each ends, refereed
//! under the ruleset in force. Pure: the store adds what this finds.

use super::{Outcome, RecordGame, record_games};
use crate::diag::{Error, Problem, Source};
use crate::ruleset::Ruleset;
use crate::session::Session;

/// The game a record is of, from its lines: a Pokino record lays a `spoke:`, a Koi-Koi
/// record deals a `table:`, a Kingmaker record has seasons and `blinks:`; else the record
/// notation it reads in (Koi-Koi's, then Pokino's), if any.
pub fn record_game(text: &str) -> Option<&'static str> {
    marked_game(text).or_else(|| {
        let src = Source::new("record", text);
        let has_players = text.lines().any(|l| l.trim_start().starts_with("players:"));
        if !has_players {
            None
        } else if crate::koikoi::record::parse(&src).is_ok() {
            Some("koikoi")
        } else if crate::pokino::record::parse(&src).is_ok() {
            Some("pokino")
        } else {
            None
        }
    })
}

fn marked_game(text: &str) -> Option<&'static str> {
    text.lines().find_map(|l| {
        let l = l.split('#').next().unwrap_or("");
        match l.split(':').next().unwrap_or("").trim() {
            "spoke" => Some("pokino"),
            "table" => Some("koikoi"),
            "winter" | "spring" | "summer" | "harvest" | "blinks" => Some("kingmaker"),
            _ => None,
        }
    })
}

/// A problem with the text `text` of the source `name`, pointed at its line (column 1).
pub fn at_line(name: &str, text: &str, line: usize, message: String) -> Problem {
    let src = Source::new(name, text);
    Problem::new(message).at_line_col(&src, line.max(1), 1)
}

/// One game of a record, refereed: the line it starts at, its own lines, how it ends.
pub struct RecordedGame<'a> {
    pub line: usize,
    pub lines: &'a str,
    pub outcome: Outcome,
}

/// Every game of the record `text` (named `name`, e.g. `file year.txt`) of `game`,
/// refereed under `rs` as far as it goes. Lines that are in no game are refused.
pub fn games_of_record<'a>(
    game: &str,
    rs: &Ruleset,
    name: &str,
    text: &'a str,
) -> Result<Vec<RecordedGame<'a>>, Error> {
    let games = record_parts(game, &Source::new(name, text))?;
    let referee = Referee::new(game, rs);
    let mut found = Vec::new();
    for part in &games {
        let lines = &text[part.span.clone()];
        let outcomes = referee.outcomes(&Source::new(name, lines))?;
        let line = part.players_line.unwrap_or(1);
        if outcomes.is_empty() && part.players_line.is_none() {
            let first = text[..part.span.start].matches('\n').count() + 1;
            let skip = lines
                .lines()
                .take_while(|l| l.split('#').next().unwrap_or("").trim().is_empty());
            return Err(at_line(
                name,
                text,
                first + skip.count(),
                "this line is in no game: a game starts with its `players:` line".into(),
            )
            .into());
        }
        found.extend(outcomes.into_iter().map(|outcome| RecordedGame {
            line,
            lines,
            outcome,
        }));
    }
    Ok(found)
}

/// The games of a record, once the whole of it reads (every problem at its place).
fn record_parts(game: &str, src: &Source) -> Result<Vec<RecordGame>, Error> {
    match game {
        "pokino" => {
            crate::pokino::record::parse(src)?;
        }
        "koikoi" => {
            crate::koikoi::record::parse(src)?;
        }
        _ => {
            return Ok(vec![RecordGame {
                span: 0..src.text.len(),
                players_line: Some(1),
            }]);
        }
    }
    Ok(record_games(&src.text))
}

/// The referee of a record's games, its rules read once.
enum Referee<'a> {
    Pokino(crate::pokino::Rules),
    Koikoi(&'a Ruleset),
    Kingmaker(&'a Ruleset),
}

impl<'a> Referee<'a> {
    fn new(game: &str, rs: &'a Ruleset) -> Referee<'a> {
        match game {
            "pokino" => Referee::Pokino(crate::pokino::Rules::from_ruleset(rs)),
            "koikoi" => Referee::Koikoi(rs),
            _ => Referee::Kingmaker(rs),
        }
    }

    /// How each game of a record ends (or stands where it stops).
    fn outcomes(&self, src: &Source) -> Result<Vec<Outcome>, Error> {
        Ok(match self {
            Referee::Pokino(rules) => {
                let v = crate::pokino::check::check(src, rules)?;
                v.games.iter().map(|g| g.game.outcome()).collect()
            }
            Referee::Koikoi(rs) => {
                let rec = crate::koikoi::record::parse(src)?;
                let v = crate::koikoi::check::check(&rec, rs);
                v.games
                    .iter()
                    .filter_map(|g| g.referee.as_ref()?.outcome())
                    .collect()
            }
            Referee::Kingmaker(rs) => {
                let v = crate::kingmaker::record::check(src, rs)?;
                v.campaign.outcome().into_iter().collect()
            }
        })
    }
}
