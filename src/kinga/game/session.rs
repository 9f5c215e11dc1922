use super::*;
use crate::session::NoHint;
use crate::view::{self, Choice, Event, Hand, Hint, Table};

/// The session: a game with its rules.
impl Session for State {
    type Setup = Setup;
    type Action = Action;
    type Key = Key;
    type Error = Error;
    /// The turn under way (`None`: the game is over).
    type Phase = Option<u32>;
    const GAME: &'static str = crate::kinga::GAME;
    const COMMANDS: &'static str = ", hint (the advisor's ranking of your choices)";

    fn said(&self, action: &Action) -> String {
        use crate::cards::code_cards;
        answer_text(action).unwrap_or_else(|| match action {
            Action::Reshuffle { order } => code_cards(order),
            Action::RandomDiscard { cards } => code_cards(cards),
            _ => "executed".to_string(),
        })
    }

    fn start(setup: &Setup, rules: &Ruleset) -> Result<State, Error> {
        if setup.deck == Deck::Virtual
            && !setup.order.is_empty()
            && sorted(&setup.order) != sorted(&starting_deck())
        {
            return Err(Error::NotTheStartingDeck);
        }
        Ok(State::new(setup, Rules::from_ruleset(rules)))
    }

    fn apply(&mut self, action: &Action) -> Result<Vec<String>, Error> {
        Ok(self.act(action)?.iter().map(Told::to_string).collect())
    }

    /// The move that ends the game says its result.
    fn events(&mut self, action: &Action) -> Result<Vec<Event>, Error> {
        let said = self.apply(action)?;
        Ok(crate::session::said_as(said, self.is_over().is_some()))
    }

    /// The cards a move shows: a solitaire's every card is before its one player.
    fn pieces(&self, action: &Action) -> Vec<view::Item> {
        match action {
            Action::Draw { cards } | Action::RandomDiscard { cards } => view::cards(cards),
            Action::Influence { play, target } => {
                view::cards(&[play.as_slice(), &[*target]].concat())
            }
            Action::Exile { card } | Action::Suspicion { king: card } => view::cards(&[*card]),
            Action::Bonus { card } | Action::Keep { card } => view::cards(card.as_slice()),
            Action::Reshuffle { .. } | Action::Executed | Action::Extra { .. } => Vec::new(),
        }
    }

    fn next(&self) -> Step<Action, Key> {
        self.step()
    }

    fn answer(&self, question: &Question<Key>, text: &str) -> Result<Action, Error> {
        self.read_answer(&question.key, text)
    }

    fn outcome(&self) -> Option<crate::history::Outcome> {
        use crate::history::{Facts, Outcome, SeatOutcome};
        let score = self.score() as u32;
        Some(Outcome {
            finished: self.is_over().is_some(),
            seats: vec![SeatOutcome {
                name: "you".into(),
                score: i64::from(score),
                won: self.is_over() == Some(true),
                kado: false,
            }],
            facts: Facts {
                kings_exposed: Some(score),
                ..Facts::default()
            },
        })
    }

    /// The advisor's ranking of the answers (samples seeded by the turn, so a hint asked
    /// twice says the same).
    fn hint(&self, question: &Question<Key>) -> Result<Hint, NoHint> {
        let seed = u64::from(self.turn);
        let advice = crate::kinga::advise::advise(self, &question.key, HINT_SAMPLES, seed);
        if advice.candidates.is_empty() {
            return Err(NoHint::NotAChoice);
        }
        Ok(advice.hint())
    }

    /// The answers the advisor weighs: each target's shortest play, each exile, each king
    /// to turn, each card to keep or exile, each number of extra cards.
    /// The turn is composed by taps: the cards of a chain and the pile, or an exile.
    fn compose(
        &self,
        question: &Question<Key>,
        picked: &view::Picked,
    ) -> Option<crate::session::Composed<Action>> {
        match question.key {
            Key::Turn => self.compose_turn(picked),
            Key::Draw => self.compose_draw(picked),
            _ => None,
        }
    }

    fn choices(&self, question: &Question<Key>) -> Vec<Choice> {
        crate::kinga::advise::candidates(self, &question.key)
            .into_iter()
            .map(|(_, typed, _)| Choice::typed(typed))
            .collect()
    }

    /// The one seat (its hand: a solitaire hides nothing from its player, and its kings
    /// exposed as its score), the suit piles' top cards, the kings, the cards of this
    /// turn, the exiled cards sorted, and the draw and discard piles' sizes.
    fn table(&self) -> Table {
        let st = self.status();
        let mut t = Table::new(crate::kinga::GAME);
        t.round = Some(view::Round {
            word: "turn",
            number: self.turn,
            of: None,
        });
        t.over = st.finished;
        t.to_move = (!st.finished).then(|| "you".to_string());
        let mut you = view::Seat::new("you", Some(st.score as i64));
        you.held = view::Held::Cards {
            items: view::cards(&self.hand),
        };
        t.seats = vec![you];
        t.score_title = "kings exposed";
        let tops: Vec<Card> = st.piles.iter().filter_map(|p| p.top).collect();
        let kings: Vec<view::Item> = Suit::ALL
            .into_iter()
            .zip(&st.piles)
            .map(|(suit, p)| {
                let king = Card::new(Rank::King, suit);
                let mut item = view::card(king);
                item.text = format!("{king} {}", p.king);
                item
            })
            .collect();
        let mut exiled = self.exiled.clone();
        exiled.sort();
        t.areas = vec![
            view::Area::new("piles", view::cards(&tops)),
            view::Area::new("kings", kings),
        ];
        if !self.table.is_empty() {
            t.areas
                .push(view::Area::new("this turn", view::cards(&self.table)));
        }
        t.areas.extend([
            view::Area::new("exiled", view::cards(&exiled)),
            view::Area::new("draw pile", Vec::new()).amount(st.draw_pile as i64),
            view::Area::new("discard pile", Vec::new()).amount(st.discard_pile as i64),
        ]);
        t.notes.push(match self.ended() {
            Some(line) => line,
            None => format!("Kings turned: {} of 4.", st.kings_turned),
        });
        t
    }

    fn summary(&self) -> serde_json::Value {
        serde_json::to_value(self.status()).unwrap_or(serde_json::Value::Null)
    }

    /// The table is shown again at the start of every turn and when the game ends.
    fn phase_key(&self) -> Option<u32> {
        match self.phase {
            Phase::Over { .. } => None,
            _ => Some(self.turn),
        }
    }
}

impl Game {
    /// The game's record, as `kado kinga check` reads it: the deck, the ruleset it is
    /// played under as a comment (`check` reads it when no --rules is given), the turns.
    pub fn record_text(&self) -> String {
        let text = crate::kinga::record::write(self.game.deck, &self.order, &self.actions);
        match text.split_once('\n') {
            Some((deck, turns)) => format!("{deck}\n# ruleset: {}\n{turns}", self.ruleset),
            None => text,
        }
    }
}

impl Session for Game {
    type Setup = Setup;
    type Action = Action;
    type Key = Key;
    type Error = Error;
    type Phase = Option<u32>;
    const GAME: &'static str = <State as Session>::GAME;
    const COMMANDS: &'static str = <State as Session>::COMMANDS;

    fn start(setup: &Setup, rules: &Ruleset) -> Result<Game, Error> {
        let game = State::start(setup, rules)?;
        // The draw pile before the first draw is the starting deck.
        let order = match game.deck {
            Deck::Virtual => game.draw.clone(),
            Deck::Real => Vec::new(),
        };
        Ok(Game {
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
        State::once_asked(action)
    }

    fn said(&self, action: &Action) -> String {
        self.game.said(action)
    }
}
