//! The games kado knows, listed once: each game's id and title, how its records are told
//! apart, split into games and refereed into the outcomes the play history keeps, and the
//! session type its saves are played with. The history itself knows no game: it keeps
//! outcomes; this registry is what names the games.

use crate::diag::{Error, Problem, Source};
use crate::history::{Outcome, RecordGame};
use crate::kind::Kind;
use crate::ruleset::Ruleset;
use crate::session::{Log, Session};

/// One game kado referees.
pub struct Game {
    /// The id commands, saves and rulesets name it by (`kinkado`).
    pub id: &'static str,
    /// Its name for people (`Kin Kādo`).
    pub title: &'static str,
    /// The keys that start lines of this game's records and no other's (Pokino's
    /// `spoke:`), which tell a record apart without reading it.
    pub marks: &'static [&'static str],
    /// The key of the line each game of a record starts with (`players`, Kinga's `deck`).
    pub opener: &'static str,
    /// Whether a record reads in this game's notation (`None`: told by its marks alone).
    pub reads: Option<fn(&Source) -> bool>,
    /// The games of a record, once the whole of it reads (every problem at its place).
    pub parts: fn(&Source) -> Result<Vec<RecordGame>, Error>,
    /// How each game of a record ends (or stands where it stops), refereed under a ruleset.
    pub outcomes: fn(&Source, &Ruleset) -> Result<Vec<Outcome>, Error>,
    /// The verdict on a record refereed under a ruleset, as `check --json` gives it.
    pub verdict: fn(&Source, &Ruleset) -> Result<serde_json::Value, Error>,
}

/// Every game, in the order a record is tried against their notations when no line marks
/// it (a record without `players:` is Kinga's; else Koi-Koi's, Pokino's, then Kin Kādo's).
pub const ALL: [Game; 5] = [
    Game::of::<crate::kinga::Kinga>(),
    Game::of::<crate::koikoi::KoiKoi>(),
    Game::of::<crate::pokino::Pokino>(),
    Game::of::<crate::kinkado::KinKado>(),
    Game::of::<crate::kingmaker::Kingmaker>(),
];

impl Game {
    /// The entry of a game from its [`Kind`].
    pub const fn of<K: Kind>() -> Game {
        Game {
            id: K::ID,
            title: K::TITLE,
            marks: K::MARKS,
            opener: K::OPENER,
            reads: if K::TOLD_BY_MARKS {
                None
            } else {
                Some(K::reads)
            },
            parts: K::parts,
            outcomes: K::outcomes,
            verdict: K::verdict,
        }
    }
}

/// The rulings that decided the verdict on a record of `game` under `rs`: each ruling
/// one of whose other choices, alone, gives another verdict: another figure in it (a first
/// illegal line, a score, a stash, a count, an end), its words aside, which name the
/// ruling in force. In the ruleset's order, with the choice in force; found by refereeing
/// the record again under each other choice.
pub fn deciding_rulings(game: &Game, src: &Source, rs: &Ruleset) -> Vec<crate::explain::RulingRef> {
    crate::explain::deciding_rulings(rs, |rs| (game.verdict)(src, rs).ok())
}

/// The game named `id`.
pub fn by_id(id: &str) -> Option<&'static Game> {
    ALL.iter().find(|g| g.id == id)
}

/// The title of a game (`Kin Kādo`) from its id (`kinkado`); the id itself if unknown.
pub fn title(id: &str) -> &str {
    by_id(id).map_or(id, |g| g.title)
}

/// A job run with the session type of a saved game.
pub trait PerGame {
    type Out;
    fn run<G: Session>(self) -> Self::Out;
}

/// Runs `job` with the session type of a `game` saved as `log`; `None` for a game kado
/// does not journal. Koi-Koi saves are a ledger, or a game followed move by move.
pub fn dispatch<P: PerGame>(game: &str, log: &str, job: P) -> Option<P::Out> {
    Some(match game {
        crate::kinkado::GAME => job.run::<<crate::kinkado::KinKado as Kind>::Game>(),
        crate::kinga::GAME => job.run::<<crate::kinga::Kinga as Kind>::Game>(),
        crate::koikoi::GAME if crate::koikoi::game::is_play_log(log) => {
            job.run::<<crate::koikoi::KoiKoi as Kind>::Game>()
        }
        crate::koikoi::GAME => job.run::<crate::koikoi::ledger::Ledger>(),
        crate::kingmaker::GAME => job.run::<<crate::kingmaker::Kingmaker as Kind>::Game>(),
        crate::pokino::GAME => job.run::<<crate::pokino::Pokino as Kind>::Game>(),
        _ => return None,
    })
}

/// The `game:` of a saved log; `None` for text that is no save (a record).
pub fn saved_game(text: &str) -> Option<String> {
    text.lines()
        .find_map(|l| l.strip_prefix("game:"))
        .map(|g| g.trim().trim_matches('"').to_string())
}

struct Replay<'a> {
    log: &'a str,
}

impl PerGame for Replay<'_> {
    type Out = Result<Vec<crate::view::Table>, Error>;
    fn run<G: Session>(self) -> Self::Out {
        turn_by_turn::<G>(self.log)
    }
}

/// The table of the `game` saved as `log` each time the game moved to a new turn or
/// phase, and at the end, for a surface to draw as `status` does; `None` for a game kado
/// does not journal.
pub fn replayed(game: &str, log: &str) -> Option<Result<Vec<crate::view::Table>, Error>> {
    dispatch(game, log, Replay { log })
}

/// The table each time the game moves to a new turn or phase, and at the end.
fn turn_by_turn<G: Session>(text: &str) -> Result<Vec<crate::view::Table>, Error> {
    let log: Log<G::Setup, G::Action> = Log::from_yaml("the journaled game", text, G::GAME)?;
    let rules = log.ruleset.ruleset()?;
    let mut g = G::start(&log.setup, &rules).map_err(|e| Error::of(&e))?;
    let mut out = Vec::new();
    let mut key = g.phase_key();
    for e in &crate::session::effective::<G>(&log)? {
        g.apply(&e.action).map_err(|e| Error::of(&e))?;
        if g.phase_key() != key {
            key = g.phase_key();
            out.push(g.table());
        }
    }
    out.push(g.table());
    Ok(out)
}

/// The game a record is of: the game whose marks start one of its lines, else the first
/// game (in [`ALL`]'s order) of its opener whose notation it reads.
pub fn record_game(text: &str) -> Option<&'static str> {
    marked_game(text).or_else(|| {
        let src = Source::new("record", text);
        let has_players = text.lines().any(|l| l.trim_start().starts_with("players:"));
        let opener = if has_players { "players" } else { "deck" };
        ALL.iter()
            .filter(|g| g.opener == opener)
            .find(|g| g.reads.is_some_and(|reads| reads(&src)))
            .map(|g| g.id)
    })
}

/// The game a record is of when a line's key tells it (a Pokino `spoke:`, a Koi-Koi
/// `table:`, a Kingmaker season or `blinks:`), without reading the record.
pub fn marked_game(text: &str) -> Option<&'static str> {
    crate::notation::record_lines(text).find_map(|l| {
        let key = l.body.split(':').next().unwrap_or("").trim();
        ALL.iter().find(|g| g.marks.contains(&key)).map(|g| g.id)
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
    game: &Game,
    rs: &Ruleset,
    name: &str,
    text: &'a str,
) -> Result<Vec<RecordedGame<'a>>, Error> {
    let parts = (game.parts)(&Source::new(name, text))?;
    let mut found = Vec::new();
    for part in &parts {
        let lines = &text[part.span.clone()];
        let outcomes = (game.outcomes)(&Source::new(name, lines), rs)?;
        let line = part.players_line.unwrap_or(1);
        if outcomes.is_empty() && part.players_line.is_none() {
            let first = text[..part.span.start].matches('\n').count() + 1;
            let skip = crate::notation::record_lines(lines).take_while(|l| l.is_blank());
            return Err(at_line(
                name,
                text,
                first + skip.count(),
                format!(
                    "this line is in no game: a game starts with its `{}:` line",
                    game.opener
                ),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn kinga() -> &'static Game {
        by_id("kinga").unwrap()
    }

    fn kinkado() -> &'static Game {
        by_id("kinkado").unwrap()
    }

    #[test]
    fn the_history_names_no_game() {
        let history = [
            include_str!("history/mod.rs"),
            include_str!("history/games.rs"),
            include_str!("history/report.rs"),
            include_str!("history/day.rs"),
        ];
        for text in history {
            for g in &ALL {
                let import = format!("crate::{}", g.id);
                assert!(!text.contains(&import), "the history imports {import}");
            }
            assert!(
                !text.contains("crate::games"),
                "the history imports the registry"
            );
        }
    }

    #[test]
    fn each_game_is_listed_once_with_its_title() {
        let ids: Vec<&str> = ALL.iter().map(|g| g.id).collect();
        assert_eq!(ids, ["kinga", "koikoi", "pokino", "kinkado", "kingmaker"]);
        assert_eq!(title("kinkado"), "Kin Kādo");
        assert_eq!(title("chess"), "chess");
        for g in &ALL {
            assert!(crate::ruleset::Ruleset::builtin(g.id).is_ok(), "{}", g.id);
        }
    }

    const KINKADO: &str = include_str!("../cli/tests/fixtures/kinkado/record.txt");

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
        let games = games_of_record(kinga(), &rs, "file k.txt", KINGA).unwrap();
        let starts: Vec<(usize, &str)> = games
            .iter()
            .map(|g| (g.line, g.lines.lines().next().unwrap_or("")))
            .collect();
        assert_eq!(starts, vec![(2, "# kado game id: 1"), (7, "")]);
        assert!(games.iter().all(|g| !g.outcome.finished));
        assert_eq!(games[0].outcome.seats[0].name, "you");
        let e = games_of_record(kinga(), &rs, "file k.txt", "draw 2S\ndeck: real\n")
            .err()
            .unwrap();
        assert_eq!(e.summary(), "a game starts with its deck");
    }

    #[test]
    fn a_kin_kado_record_is_refereed_to_its_end() {
        let rs = Ruleset::builtin("kinkado").unwrap();
        let games = games_of_record(kinkado(), &rs, "file r.txt", KINKADO).unwrap();
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

    /// Each game's game as played is `GAME::game::Game`, a session the engine runs.
    #[test]
    fn every_games_game_as_played_is_a_session_named_game() {
        fn id<G: crate::session::Session>() -> &'static str {
            G::GAME
        }
        let ids = [
            id::<crate::kinkado::game::Game>(),
            id::<crate::kinga::game::Game>(),
            id::<crate::pokino::game::Game>(),
            id::<crate::koikoi::game::Game>(),
            id::<crate::kingmaker::game::Game>(),
        ];
        let all: Vec<&str> = super::ALL.iter().map(|g| g.id).collect();
        let mut sorted = ids.to_vec();
        sorted.sort_unstable();
        let mut want = all.clone();
        want.sort_unstable();
        assert_eq!(sorted, want);
    }
}
