//! The session `kado kinga play` runs: a game and the actions that made it, so that its
//! record can be written at any point ([`Session::record`]). Every rule is the game's
//! own ([`Game`]); this only remembers what was applied.

use super::Error;
use super::game::{Action, Deck, Game, Setup};
use super::key::Key;
use crate::cards::Card;

use crate::ruleset::Ruleset;
use crate::session::{NoHint, Question, Session, Step};
use crate::view::{Choice, Event, Hand, Hint, Table};

/// A game with the starting deck and the actions that made it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub game: Game,
    /// A virtual deck's starting order, top first (empty for real cards).
    pub order: Vec<Card>,
    /// Every action applied, in order.
    pub actions: Vec<Action>,
    /// The name of the ruleset the game is played under, for the record's comment.
    pub ruleset: String,
}

impl Played {
    /// The game's record, as `kado kinga check` reads it: the deck, the ruleset it is
    /// played under as a comment (`check` reads it when no --rules is given), the turns.
    pub fn record_text(&self) -> String {
        let text = super::record::write(self.game.deck, &self.order, &self.actions);
        match text.split_once('\n') {
            Some((deck, turns)) => format!("{deck}\n# ruleset: {}\n{turns}", self.ruleset),
            None => text,
        }
    }
}

impl Session for Played {
    type Setup = Setup;
    type Action = Action;
    type Key = Key;
    type Error = Error;
    type Phase = Option<u32>;
    const GAME: &'static str = <Game as Session>::GAME;
    const COMMANDS: &'static str = <Game as Session>::COMMANDS;

    fn start(setup: &Setup, rules: &Ruleset) -> Result<Played, Error> {
        let game = Game::start(setup, rules)?;
        // The draw pile before the first draw is the starting deck.
        let order = match game.deck {
            Deck::Virtual => game.draw.clone(),
            Deck::Real => Vec::new(),
        };
        Ok(Played {
            game,
            order,
            actions: Vec::new(),
            ruleset: rules.name.clone(),
        })
    }

    fn apply(&mut self, action: &Action) -> Result<Vec<String>, Error> {
        let said = self.game.apply(action)?;
        self.actions.push(action.clone());
        Ok(said)
    }

    fn events(&mut self, action: &Action) -> Result<Vec<Event>, Error> {
        let said = self.game.events(action)?;
        self.actions.push(action.clone());
        Ok(said)
    }

    fn compose(
        &self,
        question: &Question<Key>,
        picked: &crate::view::Picked,
    ) -> Option<crate::session::Composed<Action>> {
        self.game.compose(question, picked)
    }

    fn pieces(&self, action: &Action) -> Vec<crate::view::Item> {
        self.game.pieces(action)
    }

    fn next(&self) -> Step<Action, Key> {
        self.game.next()
    }

    fn answer(&self, question: &Question<Key>, text: &str) -> Result<Action, Error> {
        self.game.answer(question, text)
    }

    fn table(&self) -> Table {
        self.game.table()
    }

    fn summary(&self) -> serde_json::Value {
        self.game.summary()
    }

    fn phase_key(&self) -> Option<u32> {
        self.game.phase_key()
    }

    fn hint(&self, question: &Question<Key>) -> Result<Hint, NoHint> {
        self.game.hint(question)
    }

    fn hand(&self) -> Option<Hand> {
        self.game.hand()
    }

    fn choices(&self, question: &Question<Key>) -> Vec<Choice> {
        self.game.choices(question)
    }

    fn hint_with(&self, question: &Question<Key>, known: &str) -> Result<Hint, NoHint> {
        self.game.hint_with(question, known)
    }

    fn outcome(&self) -> Option<crate::history::Outcome> {
        self.game.outcome()
    }

    fn record(&self) -> Option<String> {
        Some(self.record_text())
    }

    fn once_asked(action: &Action) -> bool {
        Game::once_asked(action)
    }

    fn said(&self, action: &Action) -> String {
        self.game.said(action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::kinga::sim;

    /// Plays a virtual game to its end by the greedy policy, as a session.
    pub fn play_out(rules: &str, seed: u64) -> Played {
        let rs = Ruleset::builtin(rules).unwrap();
        let mut p = Played::start(&Setup::new(Deck::Virtual, seed), &rs).unwrap();
        loop {
            let a = match p.next() {
                Step::Done => return p,
                Step::Auto(a) => a,
                Step::Ask(q) => sim::choose(&p.game, &q.key).unwrap(),
            };
            p.apply(&a).unwrap();
        }
    }

    #[test]
    fn a_session_remembers_its_deck_and_actions() {
        let p = play_out("kinga", 3);
        assert_eq!(p.order, Setup::new(Deck::Virtual, 3).order);
        let text = p.record().unwrap();
        assert!(
            text.starts_with("deck: 2D AD 2S 2H JK 2C JK AC AH AS\n# ruleset: kinga\n1. "),
            "{text}"
        );
        // The same actions replayed on the bare game make the same game.
        let rs = Ruleset::builtin("kinga").unwrap();
        let mut g = Game::start(&Setup::new(Deck::Virtual, 3), &rs).unwrap();
        for a in &p.actions {
            g.apply(a).unwrap();
        }
        assert_eq!(g, p.game);
    }
    /// Every answer the view lists is one the game takes, at every question of whole
    /// games under both rulesets.
    #[test]
    fn every_choice_listed_is_an_answer_taken() {
        for (rules, seed) in [("kinga", 1), ("kinga", 2), ("kinga-hardcore", 3)] {
            let rs = Ruleset::builtin(rules).unwrap();
            let mut p = Played::start(&Setup::new(Deck::Virtual, seed), &rs).unwrap();
            loop {
                let a = match p.next() {
                    Step::Done => break,
                    Step::Auto(a) => a,
                    Step::Ask(q) => {
                        let choices = p.choices(&q);
                        assert!(!choices.is_empty(), "{rules} {seed}: {:?}", q.key);
                        for c in &choices {
                            assert!(p.answer(&q, &c.typed).is_ok(), "{rules} {seed}: {c}");
                        }
                        sim::choose(&p.game, &q.key).unwrap()
                    }
                };
                p.apply(&a).unwrap();
            }
        }
    }
}
