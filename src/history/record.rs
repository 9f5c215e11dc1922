//! A record's games for the play history: which game a record is of, its games (each
//! from its `players:` line, see [`super::record_games`]), and how each ends, refereed
//! under the ruleset in force. Pure: the store adds what this finds.

use super::{Outcome, RecordGame, games_opened_by, record_games};
use crate::diag::{Error, Problem, Source};
use crate::ruleset::Ruleset;
use crate::session::Session;

/// The game a record is of, from its lines: a Pokino record lays a `spoke:`, a Koi-Koi
/// record deals a `table:`, a Kingmaker record has seasons and `blinks:`; else the record
/// notation it reads in (Koi-Koi's, Pokino's, then Kin Kādo's for a record with players;
/// Kinga's for one without), if any.
pub fn record_game(text: &str) -> Option<&'static str> {
    marked_game(text).or_else(|| {
        let src = Source::new("record", text);
        let has_players = text.lines().any(|l| l.trim_start().starts_with("players:"));
        if !has_players {
            crate::kinga::record::parse(&src).is_ok().then_some("kinga")
        } else if crate::koikoi::record::parse(&src).is_ok() {
            Some("koikoi")
        } else if crate::pokino::record::parse(&src).is_ok() {
            Some("pokino")
        } else if crate::kinkado::record::parse(&src).is_ok() {
            Some("kinkado")
        } else {
            None
        }
    })
}

/// The game a record is of when a line's key tells it (a Pokino `spoke:`, a Koi-Koi
/// `table:`, a Kingmaker season or `blinks:`), without reading the record.
pub fn marked_game(text: &str) -> Option<&'static str> {
    crate::notation::record_lines(text).find_map(|l| {
        match l.body.split(':').next().unwrap_or("").trim() {
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
            let skip = crate::notation::record_lines(lines).take_while(|l| l.is_blank());
            let opener = if game == "kinga" { "deck" } else { "players" };
            return Err(at_line(
                name,
                text,
                first + skip.count(),
                format!("this line is in no game: a game starts with its `{opener}:` line"),
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
        "kinkado" => {
            crate::kinkado::record::parse(src)?;
        }
        "kinga" => {
            crate::kinga::record::parse(src)?;
            return Ok(games_opened_by(&src.text, "deck"));
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
    Kinkado(&'a Ruleset),
    Kinga(crate::kinga::Rules),
    Kingmaker(&'a Ruleset),
}

impl<'a> Referee<'a> {
    fn new(game: &str, rs: &'a Ruleset) -> Referee<'a> {
        match game {
            "pokino" => Referee::Pokino(crate::pokino::Rules::from_ruleset(rs)),
            "koikoi" => Referee::Koikoi(rs),
            "kinkado" => Referee::Kinkado(rs),
            "kinga" => Referee::Kinga(crate::kinga::Rules::from_ruleset(rs)),
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
            Referee::Kinkado(rs) => {
                let rec = crate::kinkado::record::parse(src)?;
                let v = crate::kinkado::check::check(&rec, rs);
                v.games
                    .iter()
                    .filter_map(|g| Some(g.game.as_ref()?.outcome()))
                    .collect()
            }
            Referee::Kinga(rules) => {
                let v = crate::kinga::check::check(src, rules)?;
                v.games
                    .iter()
                    .filter_map(|g| Session::outcome(&g.game))
                    .collect()
            }
            Referee::Kingmaker(rs) => {
                let v = crate::kingmaker::record::check(src, rs)?;
                v.campaign.outcome().into_iter().collect()
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KINKADO: &str = include_str!("../../tests/fixtures/kinkado/record.txt");

    /// A Kinga record of two games: one stopped after its first turn, one ended by
    /// execution on its first turn.
    const KINGA: &str = "# kado game id: 1\ndeck: 2S 2H AD AC AS 2C AH 2D JK JK\n1. suspicion KS\nkeep AD\n\n# the second game\ndeck: real\ndraw 2S AS 2C 2H\n1. 2S 2C 2H > 3S\n";

    #[test]
    fn kin_kado_and_kinga_records_are_told_apart_from_the_others() {
        assert_eq!(record_game(KINKADO), Some("kinkado"));
        assert_eq!(record_game(KINGA), Some("kinga"));
        assert_eq!(record_game("deck: real\nfly 2S\n"), None);
        assert_eq!(record_game("players: ana\nround 1\nana flies\n"), None);
    }

    #[test]
    fn each_game_of_a_kinga_record_starts_at_its_deck_line() {
        let rs = Ruleset::builtin("kinga").unwrap();
        let games = games_of_record("kinga", &rs, "file k.txt", KINGA).unwrap();
        let starts: Vec<(usize, &str)> = games
            .iter()
            .map(|g| (g.line, g.lines.lines().next().unwrap_or("")))
            .collect();
        assert_eq!(starts, vec![(2, "# kado game id: 1"), (7, "")]);
        assert!(games.iter().all(|g| !g.outcome.finished));
        assert_eq!(games[0].outcome.seats[0].name, "you");
        let e = games_of_record("kinga", &rs, "file k.txt", "draw 2S\ndeck: real\n")
            .err()
            .unwrap();
        assert_eq!(e.summary(), "a game starts with its deck");
    }

    #[test]
    fn a_kin_kado_record_is_refereed_to_its_end() {
        let rs = Ruleset::builtin("kinkado").unwrap();
        let games = games_of_record("kinkado", &rs, "file r.txt", KINKADO).unwrap();
        assert_eq!(games.len(), 1);
        let o = &games[0].outcome;
        assert!(o.finished);
        let seats: Vec<(&str, i64, bool)> = o
            .seats
            .iter()
            .map(|s| (s.name.as_str(), s.score, s.won))
            .collect();
        assert_eq!(
            seats,
            vec![("ana", 0, false), ("ben", 28, false), ("ALORA", 430, true)]
        );
    }
}
