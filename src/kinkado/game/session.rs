use super::*;
use crate::kinkado::ruling;
use crate::session::NoHint;
use crate::view::{self, Choice, Event, Hand, Hint, Table};

/// What ALORA has done in a round: cards held, shown, her bet, done, played.
type AloraStep = (usize, usize, Option<u32>, bool, bool);

impl Session for Game {
    type Setup = Setup;
    type Action = Action;
    type Key = Key;
    type Error = PlayError;
    /// The round, its phase and, once cards are out, what ALORA has done in it.
    type Phase = (u32, Phase, Option<AloraStep>);
    const GAME: &'static str = crate::kinkado::GAME;
    const COMMANDS: &'static str = ", fix NAME MONEY (correct a stash counted wrong), hand (your own cards, when hands are kept private), hint (the best move and its chances, solo against ALORA with a virtual pack)";

    fn said(&self, action: &Action) -> String {
        use crate::cards::code_cards;
        let or_none = |cards: &[Card]| {
            if cards.is_empty() {
                "none".to_string()
            } else {
                code_cards(cards)
            }
        };
        match action {
            Action::Deal { .. } => "deal".to_string(),
            Action::Prize { card } => or_none(card.as_slice()),
            Action::Sell { cards, .. }
            | Action::AloraShows { cards }
            | Action::AloraReveals { cards }
            | Action::Play { cards, .. } => or_none(cards),
            Action::AloraSells { cards } => {
                // Only the cards the table picked were typed: the plan's are kado's.
                let planned = self
                    .alora_index()
                    .map(|i| self.alora_sell_plan(i).sell)
                    .unwrap_or_default();
                let picked: Vec<Card> = cards.iter().skip(planned.len()).copied().collect();
                or_none(&picked)
            }
            Action::Buy { market, deck, .. } => {
                let mut words = vec![code_cards(market)];
                words.extend((0..*deck).map(|_| "deck".to_string()));
                let text = words.join(" ").trim().to_string();
                if text.is_empty() {
                    "none".to_string()
                } else {
                    text
                }
            }
            Action::AloraBuys { card, .. } => or_none(card.as_slice()),
            Action::Bet { amount, .. } => amount.to_string(),
            Action::AloraBets { amount, .. } => amount.to_string(),
            Action::Settle => "settle".to_string(),
            Action::Correct { seat, stash } => format!("fix {seat} {stash}"),
        }
    }

    fn start(setup: &Setup, rs: &Ruleset) -> Result<Game, PlayError> {
        let rules = Rules::from_ruleset(rs);
        setup.check(&rules)?;
        let mut seats: Vec<SeatState> = setup
            .players
            .iter()
            .map(|p| SeatState {
                name: p.to_lowercase(),
                is_alora: false,
                stash: rules.start_money,
                known: Vec::new(),
                hidden: 0,
                face_up: Vec::new(),
                bet: None,
                bank_bet: false,
                played: None,
                sold: 0,
                done: false,
            })
            .collect();
        if setup.alora {
            seats.push(SeatState {
                name: ALORA.into(),
                is_alora: true,
                stash: rules.start_money,
                known: Vec::new(),
                hidden: 0,
                face_up: Vec::new(),
                bet: None,
                bank_bet: false,
                played: None,
                sold: 0,
                done: false,
            });
        }
        let start_total = rules.start_money * seats.len() as u32;
        let deck = match setup.deck {
            Deck::Virtual { seed, .. } => shuffled(Card::plain_deck().collect(), seed, 0),
            Deck::Physical => Vec::new(),
        };
        Ok(Game {
            rules,
            ruleset: std::sync::Arc::new(rs.clone()),
            setup: setup.clone(),
            round: 1,
            phase: Phase::Refresh,
            dealer: 0,
            seats,
            market: Vec::new(),
            pool: 0,
            pool_cards: Vec::new(),
            bank_net: 0,
            start_total,
            deck,
            played_pile: Vec::new(),
            dealt: false,
            settled: false,
            history: Vec::new(),
            actions: Vec::new(),
        })
    }

    fn apply(&mut self, action: &Action) -> Result<Vec<String>, PlayError> {
        if let Action::Correct { seat, stash } = action {
            let said = self.correct(*seat, *stash)?;
            self.actions.push(action.clone());
            return Ok(said);
        }
        if self.phase == Phase::Over {
            return Err(PlayError::GameOver(self.round));
        }
        let forced = self.forced(action);
        let mut said = self.apply_in_phase(action)?;
        self.actions.push(action.clone());
        if let Some(why) = forced {
            said.insert(0, why);
        }
        Ok(said)
    }

    /// A reveal settled (the round moves on, or the game ends) is the round's result.
    /// With hands kept private, the cards a player is dealt or draws blind are an event
    /// for their eyes alone.
    fn events(&mut self, action: &Action) -> Result<Vec<Event>, PlayError> {
        let round = self.round;
        let said = self.apply(action)?;
        let ended = self.round != round || self.phase == Phase::Over;
        let mut events = crate::session::said_as(said, ended);
        if self.setup.private {
            events.extend(self.dealt_to_seats(action));
        }
        Ok(events)
    }

    fn compose(
        &self,
        q: &Question<Key>,
        picked: &view::Picked,
    ) -> Option<crate::session::Composed<Action>> {
        self.composed(q.key, picked)
    }

    /// The cards put before the table: sold to the market, bought from it, ALORA's cards
    /// turned up, the prize card. A player's cards played face down are not, nor the
    /// cards a seat draws blind.
    fn pieces(&self, action: &Action) -> Vec<view::Item> {
        match action {
            Action::Prize { card } | Action::AloraBuys { card, .. } => view::cards(card.as_slice()),
            Action::Sell { cards, .. }
            | Action::AloraShows { cards }
            | Action::AloraSells { cards }
            | Action::AloraReveals { cards } => view::cards(cards),
            Action::Buy { market, .. } => view::cards(market),
            _ => Vec::new(),
        }
    }

    fn next(&self) -> Step<Action, Key> {
        match self.phase {
            Phase::Over => Step::Done,
            Phase::Refresh if !self.dealt => {
                let mut cards = Vec::new();
                if let Some(seed) = self.virtual_seed() {
                    // Work out the deal on a copy, to record the cards.
                    let mut probe = self.clone();
                    probe.reshuffle(seed);
                    let mut dealt = vec![Vec::new(); probe.seats.len()];
                    for i in probe.order() {
                        let need = probe.deal_need(i);
                        dealt[i] = probe.draw(need);
                    }
                    cards = dealt;
                }
                Step::Auto(Action::Deal { cards })
            }
            Phase::Refresh => {
                if self.virtual_seed().is_some() {
                    Step::Auto(Action::Prize {
                        card: self.deck.last().copied(),
                    })
                } else {
                    Step::Ask(Question::new(
                        Key::Prize,
                        format!(
                            "Round {}: turn up the top card of the deck. Which card is it?",
                            self.round
                        ),
                        "Type the card turned up, e.g. KH or K♥.",
                    ))
                }
            }
            Phase::Sell => self.next_sell(),
            Phase::Buy => self.next_buy(),
            Phase::Bet => self.next_bet(),
            Phase::Reveal => self.next_reveal(),
        }
    }

    fn answer(&self, q: &Question<Key>, text: &str) -> Result<Action, PlayError> {
        if let Some(rest) = text.trim().strip_prefix("fix ") {
            return self.read_fix(rest);
        }
        let seat = q.key.seat().unwrap_or(usize::MAX);
        match q.key {
            Key::Prize => match read_cards(text)?.as_slice() {
                [c] => Ok(Action::Prize { card: Some(*c) }),
                [] => Ok(Action::Prize { card: None }),
                _ => Err(PlayError::OnePrizeCard),
            },
            Key::Sell(_) => Ok(Action::Sell {
                seat,
                cards: read_cards(text)?,
            }),
            Key::AloraShows => Ok(Action::AloraShows {
                cards: read_cards(text)?,
            }),
            Key::AloraReveals => Ok(Action::AloraReveals {
                cards: read_cards(text)?,
            }),
            Key::AloraSells => {
                let i = self.alora_index().ok_or(PlayError::NoAlora)?;
                let plan = self.alora_sell_plan(i);
                let mut cards = plan.sell.clone();
                if let Some(ch) = &plan.choose {
                    cards.extend(read_pick(text, ch.count, &ch.from, true)?);
                }
                Ok(Action::AloraSells { cards })
            }
            Key::AloraBuys => self.read_alora_buy(text),
            Key::Buy(_) => self.read_buy(seat, text),
            Key::Bet(_) => {
                let amount = parse_money(text)
                    .ok_or_else(|| PlayError::NotMoney(text.trim().to_string()))?;
                Ok(Action::Bet { seat, amount })
            }
            Key::Play(_) if text.trim().eq_ignore_ascii_case("best") => self.best_play(seat),
            Key::Play(_) => Ok(Action::Play {
                seat,
                cards: read_cards(text)?,
            }),
        }
    }

    /// The seats (a player's cards only where the table sees them: a virtual pack, not
    /// kept private; ALORA's face-up cards and how many she holds face down), the prize
    /// pool, the market, the bank, the minimum bet.
    fn table(&self) -> Table {
        let mut t = Table::new(crate::kinkado::GAME);
        t.round = Some(view::Round {
            word: "round",
            number: self.round,
            of: Some(self.rules.rounds),
        });
        t.phase = Some(self.phase.name().to_string());
        t.dealer = self.seats.get(self.dealer).map(|s| display_name(&s.name));
        t.to_move = self.current().map(|i| display_name(&self.seats[i].name));
        t.over = self.phase == Phase::Over;
        t.seats = (0..self.seats.len()).map(|i| self.table_seat(i)).collect();
        if self.phase == Phase::Over {
            // The final standings: the richest first.
            t.seats.sort_by_key(|s| std::cmp::Reverse(s.score));
        }
        t.score_title = "stash";
        t.shown_title = "face up";
        t.dollars = true;
        let private = self.private_note();
        t.notes.extend(private.lines().map(str::to_string));
        if self.phase == Phase::Over {
            let w: Vec<String> = self.winners().iter().map(|w| display_name(w)).collect();
            t.notes.push(format!("Winner: {}", w.join(" and ")));
            t.sheet = Some(self.money_sheet());
        }
        t.areas = vec![
            view::Area::new("prize pool", view::cards(&self.pool_cards))
                .amount(i64::from(self.pool)),
            view::Area::new("market", view::cards(&self.market)),
            view::Area::new("bank paid out (net)", Vec::new()).amount(self.bank_net),
            view::Area::new("minimum bet", Vec::new()).amount(i64::from(self.min_bet())),
        ];
        t
    }

    fn summary(&self) -> serde_json::Value {
        serde_json::to_value(self.status()).unwrap_or(serde_json::Value::Null)
    }

    fn outcome(&self) -> Option<crate::history::Outcome> {
        Some(self.outcome())
    }

    /// A new phase, or ALORA's move in this one (kado's own, told in a sentence that the
    /// table shown before the next question must agree with).
    fn phase_key(&self) -> (u32, Phase, Option<AloraStep>) {
        let alora = self
            .alora_index()
            .filter(|_| self.phase != Phase::Refresh)
            .map(|i| {
                let s = &self.seats[i];
                (s.held(), s.face_up.len(), s.bet, s.done, s.played.is_some())
            });
        (self.round, self.phase, alora)
    }

    fn hint(&self, q: &Question<Key>) -> Result<Hint, NoHint> {
        crate::kinkado::advise::view::hint(self, q)
    }

    fn private_turn(&self) -> Option<String> {
        if !self.setup.private || self.phase == Phase::Over {
            return None;
        }
        self.hand().map(|h| h.player)
    }

    /// The hand of the player to act, when kado knows it (a virtual pack).
    fn hand(&self) -> Option<Hand> {
        self.virtual_seed()?;
        let s = self
            .current()
            .map(|i| &self.seats[i])
            .filter(|s| !s.is_alora)?;
        Some(Hand::new(display_name(&s.name)).part("", crate::view::cards(&s.known)))
    }

    /// A seat's own hand for its served page, whether or not it is its turn (a virtual
    /// pack, whose cards kado deals; ALORA's hand is nobody's to see).
    fn hand_of(&self, _table: &crate::view::Table, seat: &str) -> Option<Hand> {
        self.virtual_seed()?;
        let s = self
            .seats
            .iter()
            .find(|s| !s.is_alora && crate::seat::same_name(&display_name(&s.name), seat))?;
        Some(Hand::new(display_name(&s.name)).part("", crate::view::cards(&s.known)))
    }

    /// The picks the table makes for ALORA among cards of equal value (kado's default
    /// first), and a player's sales when their hand is on the screen (a virtual pack,
    /// not kept private: the list would show it).
    fn choices(&self, q: &Question<Key>) -> Vec<Choice> {
        match q.key {
            Key::AloraSells => self.alora_index().map_or_else(Vec::new, |i| {
                let plan = self.alora_sell_plan(i);
                plan.choose
                    .map_or_else(Vec::new, |ch| picks(&ch.from, ch.count))
            }),
            Key::AloraBuys => self.alora_index().map_or_else(Vec::new, |i| {
                picks(&self.alora_buy_choice(&self.alora_buy_plan(i)), 1)
            }),
            // The sales name the hand: a surface shows them to its player alone.
            Key::Sell(i) if self.virtual_seed().is_some() => {
                let most = match self.rules.ruled.sell_turns {
                    ruling::SellTurns::OneAtATime => 1,
                    ruling::SellTurns::WholeTurn => self.rules.max_sales,
                };
                let known = &self.seats[i].known;
                let mut all = vec![Choice::typed("none")];
                for k in 1..=most.min(known.len()) {
                    all.extend(
                        crate::kinkado::hand::combinations(known.len(), k)
                            .iter()
                            .map(|ix| {
                                cards_choice(&ix.iter().map(|&j| known[j]).collect::<Vec<_>>())
                            }),
                    );
                }
                all
            }
            _ => Vec::new(),
        }
    }

    /// The cards of every hand kado dealt from a virtual pack, ALORA's face-down cards
    /// among them (her face-up cards are the table's).
    fn hidden(&self) -> Vec<crate::view::Item> {
        let seats = self.seats.iter().filter(|_| self.virtual_seed().is_some());
        let face_down = seats.flat_map(|s| s.known.iter().filter(|c| !s.face_up.contains(c)));
        face_down.map(|c| crate::view::card(*c)).collect()
    }

    fn record(&self) -> Option<String> {
        Some(crate::kinkado::record::of_game(self, &self.actions))
    }

    fn once_asked(action: &Action) -> bool {
        matches!(
            action,
            Action::Sell { .. } | Action::Buy { .. } | Action::Bet { .. } | Action::Play { .. }
        )
    }
}

/// Every way to pick `count` of `from`, as typed: kado's default pick first.
fn picks(from: &[Card], count: usize) -> Vec<Choice> {
    let default = default_pick(from, count);
    let mut same = default.clone();
    same.sort();
    let mut all = vec![default];
    all.extend(subsets(from, count).into_iter().filter(|s| *s != same));
    written(all)
}

/// Every `k` of `cards`, each sorted.
fn subsets(cards: &[Card], k: usize) -> Vec<Vec<Card>> {
    crate::kinkado::hand::combinations(cards.len(), k)
        .iter()
        .map(|ix| {
            let mut s: Vec<Card> = ix.iter().map(|&j| cards[j]).collect();
            s.sort();
            s
        })
        .collect()
}

/// Sets of cards as answers, each once, in their first order.
fn written(sets: Vec<Vec<Card>>) -> Vec<Choice> {
    let mut out: Vec<Choice> = Vec::new();
    for s in sets {
        let choice = cards_choice(&s);
        if !out.contains(&choice) {
            out.push(choice);
        }
    }
    out
}

/// A set of cards as an answer: shown with suit signs, typed as codes.
fn cards_choice(cards: &[Card]) -> Choice {
    Choice::labelled(show_cards(cards), crate::cards::code_cards(cards))
}

impl Game {
    /// Each seat's money after each round, a row a seat (the sheet of a game over).
    fn money_sheet(&self) -> view::Sheet {
        let mut columns = vec!["Money after round".to_string()];
        columns.extend((1..=self.history.len()).map(|r| r.to_string()));
        let rows = (self.seats.iter())
            .map(|seat| {
                let mut row = vec![display_name(&seat.name)];
                row.extend(self.history.iter().map(|r| {
                    let money = r.money.iter().find(|(n, _)| *n == seat.name);
                    money.map_or(String::new(), |(_, m)| format!("${m}"))
                }));
                row
            })
            .collect();
        view::Sheet { columns, rows }
    }
}

impl Game {
    /// Under `--private`, that the hand of the player to act is kept off the screen.
    /// Seat `i` on the table: its stash and bet; a player's cards where the table sees
    /// them (a virtual pack, not kept private), else how many; ALORA's face-up cards, or
    /// once she has revealed, her hand; her whole hand while it lies turned up for her
    /// sale; and in the bet phase, before she bets, the bet her face-up cards fix.
    fn table_seat(&self, i: usize) -> view::Seat {
        let s = &self.seats[i];
        let mut seat = view::Seat::new(display_name(&s.name), Some(i64::from(s.stash)));
        seat.kado = s.is_alora;
        seat.bet = s.bet.map(i64::from);
        if s.bank_bet {
            seat.notes.push("the bank pays this bet".to_string());
        }
        let count = view::Held::Count {
            count: s.held() - s.face_up.len().min(s.held()),
        };
        if !s.is_alora {
            seat.held = if self.hands_shown() {
                view::Held::Cards {
                    items: view::cards(&s.known),
                }
            } else {
                count
            };
            return seat;
        }
        seat.shown = match &s.played {
            Some(played) if s.face_up.is_empty() => view::cards(played),
            _ => view::cards(&s.face_up),
        };
        let selling = self.phase == Phase::Sell && self.current() == Some(i) && s.hidden == 0;
        let rest: Vec<Card> = (s.known.iter().copied())
            .filter(|c| !s.face_up.contains(c))
            .collect();
        seat.held = if selling && !rest.is_empty() {
            view::Held::Cards {
                items: view::cards(&rest),
            }
        } else {
            count
        };
        if self.phase == Phase::Bet
            && s.bet.is_none()
            && let Some(b) =
                crate::kinkado::alora::bet(self.round, s.stash, &s.face_up, &self.rules)
        {
            let why = match b.best_face_up.filter(|_| b.bet > b.minimum) {
                Some(c) => format!("her face-up {c}"),
                None => "the round's minimum".to_string(),
            };
            let who = if b.paid_by == crate::kinkado::alora::Payer::Bank {
                " (the bank pays it)"
            } else {
                ""
            };
            seat.notes.push(format!(
                "bets {} at her turn, fixed by {why}{who}",
                crate::render::money(i64::from(b.bet))
            ));
        }
        seat
    }

    /// The cards `action` gave each player into a hidden hand (a virtual deal, a blind
    /// draw), as events for that player alone.
    fn dealt_to_seats(&self, action: &Action) -> Vec<Event> {
        let given: Vec<(usize, &[Card], &str)> = match action {
            Action::Deal { cards } => (cards.iter().enumerate())
                .map(|(i, c)| (i, c.as_slice(), "You are dealt"))
                .collect(),
            Action::Buy { seat, drawn, .. } => vec![(*seat, drawn.as_slice(), "You drew")],
            _ => Vec::new(),
        };
        let human = |i: usize| self.seats.get(i).is_some_and(|s| !s.is_alora);
        given
            .into_iter()
            .filter(|(i, cards, _)| human(*i) && !cards.is_empty())
            .map(|(i, cards, words)| {
                Event::told(format!("{words} {}.", crate::cards::show_cards(cards)))
                    .with(view::cards(cards))
                    .for_seat(crate::seat::SeatId(i))
            })
            .collect()
    }

    fn private_note(&self) -> String {
        if !self.setup.private || self.phase == Phase::Over {
            return String::new();
        }
        let to_act = self
            .current()
            .map(|i| &self.seats[i])
            .filter(|s| !s.is_alora);
        to_act.map_or_else(String::new, |s| {
            let name = display_name(&s.name);
            let whose = crate::words::possessive(&name);
            format!("{whose} hand: kept private (on {whose} own page, or `hand`).\n")
        })
    }
}
