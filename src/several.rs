//! A record of several games, refereed and told one game at a time: what each game's
//! verdict gives to the text and JSON of a `check`, and the tally said after the last.
//! The tally keeps counts, not the games, so a verdict over a record of many games
//! never holds them all (a record of 80,000 small games took gigabytes when it did).
//! Each game's part and what follows the last are put together here once (a
//! [`Doc`], which the command line draws), for a verdict held whole ([`Games`]) and for
//! one told game by game as the games are refereed.

use crate::render::Style;
use crate::view::Doc;
use serde::Serialize;
use serde_json::Value;

/// One game's verdict, as a record of games tells it.
pub trait RecordGame {
    /// How a record of several of these games is laid out for people.
    const LAYOUT: Layout;
    /// The game for people (without a header).
    fn human(&self, style: Style) -> Doc;
    /// The game as JSON: the object a record of one game prints.
    fn json(&self) -> Value;
    /// The line of its first illegal line, if any.
    fn illegal_line(&self) -> Option<usize>;
    /// The header over it in a record of several: `Game 2`.
    fn header(&self, number: usize, style: Style) -> String {
        format!("{}\n", style.bold(&format!("Game {number}")))
    }
    /// What a record of no game is, as JSON.
    fn empty_json() -> Value {
        serde_json::json!({"games": []})
    }
}

/// The verdict on a whole record: every game's, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Games<G> {
    pub games: Vec<G>,
}

impl<G> Games<G> {
    /// Every game's verdict that `each_game` gives, gathered in order.
    pub fn gather(each_game: impl FnOnce(&mut dyn FnMut(G))) -> Self {
        let mut games = Vec::new();
        each_game(&mut |g| games.push(g));
        Games { games }
    }

    /// [`Games::gather`] from a reading that may fail before any game is given.
    pub fn try_gather<E>(
        each_game: impl FnOnce(&mut dyn FnMut(G)) -> Result<(), E>,
    ) -> Result<Self, E> {
        let mut games = Vec::new();
        each_game(&mut |g| games.push(g))?;
        Ok(Games { games })
    }
}

impl<G: RecordGame> Games<G> {
    /// The verdict as JSON: one game's object, `{"games": [...]}` for several, or what a
    /// record of no game is.
    pub fn to_json(&self) -> Value {
        match self.games.as_slice() {
            [] => G::empty_json(),
            games => json(games),
        }
    }

    /// The verdict for people: a game alone as it is, several each under its header (and
    /// the tally, where the game's layout has one).
    pub fn doc(&self, style: Style) -> Doc {
        human(&self.games, style)
    }
}

/// How a game's record of several games is laid out for people.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    /// A blank line after each game.
    pub blank_after: bool,
    /// The tally after the last game.
    pub tally: bool,
    /// What a record of no game says.
    pub empty: &'static str,
}

/// How many illegal games the tally names.
const NAMED: usize = 5;

/// The games told so far: how many, and the first illegal ones (game, line).
#[derive(Clone, Debug, Default)]
pub struct Tally {
    games: usize,
    illegal: usize,
    named: Vec<(usize, usize)>,
}

impl Tally {
    /// Counts one more game, with its first illegal line.
    pub fn add(&mut self, illegal_line: Option<usize>) {
        self.games += 1;
        if let Some(line) = illegal_line {
            self.illegal += 1;
            if self.named.len() < NAMED {
                self.named.push((self.games, line));
            }
        }
    }

    pub fn games(&self) -> usize {
        self.games
    }

    /// `3 games: 2 by the rules, 1 illegal (game 2, line 40).`
    pub fn words(&self) -> String {
        let mut out = format!(
            "{}: {} by the rules",
            crate::words::count(self.games, "game"),
            self.games - self.illegal
        );
        if self.illegal > 0 {
            let named: Vec<String> = (self.named.iter())
                .map(|(g, l)| format!("game {g}, line {l}"))
                .collect();
            let more = if self.illegal > NAMED { "; …" } else { "" };
            out += &format!(", {} illegal ({}{more})", self.illegal, named.join("; "));
        }
        out + ".\n"
    }
}

/// Game `number` of a record of several, for people: under its header, with a blank
/// line after it where the layout has one.
pub fn told<G: RecordGame>(number: usize, g: &G, style: Style) -> Doc {
    let mut out = Doc::from(g.header(number, style));
    out.append(g.human(style));
    if G::LAYOUT.blank_after {
        out += "\n";
    }
    out
}

/// What follows the last game of several, for people: the tally, where the layout has
/// one.
pub fn closing<G: RecordGame>(tally: &Tally) -> String {
    if G::LAYOUT.tally {
        tally.words()
    } else {
        String::new()
    }
}

/// A record's games for people, all at once (for a verdict held whole): one game as it
/// is, none as the layout says, several each [`told`] then the [`closing`].
pub fn human<G: RecordGame>(games: &[G], style: Style) -> Doc {
    match games {
        [] => Doc::from(G::LAYOUT.empty),
        [one] => one.human(style),
        several => {
            let mut out = Doc::new();
            let mut tally = Tally::default();
            for (i, g) in several.iter().enumerate() {
                tally.add(g.illegal_line());
                out.append(told(i + 1, g, style));
            }
            out += &closing::<G>(&tally);
            out
        }
    }
}

/// The JSON of a record's games, all at once: one game's object, or `{"games": [...]}`.
pub fn json<G: RecordGame>(games: &[G]) -> Value {
    match games {
        [one] => one.json(),
        many => serde_json::json!({"games": many.iter().map(G::json).collect::<Vec<_>>()}),
    }
}

/// The verdicts on the games of a record, each as `check --json` gives it.
pub fn games_json<G: RecordGame>(games: &[G]) -> serde_json::Value {
    serde_json::Value::Array(games.iter().map(G::json).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tally_names_the_first_illegal_games() {
        let mut t = Tally::default();
        t.add(None);
        assert_eq!(t.words(), "1 game: 1 by the rules.\n");
        for g in 0..7 {
            t.add(Some(10 + g));
        }
        assert_eq!(
            t.words(),
            "8 games: 1 by the rules, 7 illegal (game 2, line 10; game 3, line 11; game 4, line 12; game 5, line 13; game 6, line 14; …).\n"
        );
    }
}
