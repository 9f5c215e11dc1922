//! The answers a Koi-Koi player composes by taps on a phone: the card played from the hand
//! and the table card of its month it takes, and the match a drawn card takes.

use super::cards::{self, Card};
use super::game::*;
use super::record::{Capture, Move};
use crate::session::Session;

use crate::session::Composed;
use crate::view::{Compose, Item, Pick, PickGroup, Picked, Send};

impl Game {
    pub(super) fn composed(&self, key: &Key, picked: &Picked) -> Option<Composed<Action>> {
        match key {
            Key::Play => self.compose_play(picked),
            Key::DrawCapture => self.compose_draw(picked),
            Key::Hand(p) => self.compose_deal(Some(*p), picked),
            Key::Table => self.compose_deal(None, picked),
            Key::Draw => self.compose_real_draw(picked),
            Key::Call => None,
        }
    }

    /// A hand card tapped, then, where two table cards match it, the one it takes. The
    /// cards the rules let the player play are open; once one is picked, the table cards
    /// of its month.
    fn compose_play(&self, picked: &Picked) -> Option<Composed<Action>> {
        let r = &self.referee;
        let p = r.round.to_move;
        if self.is_kado(p) {
            return None;
        }
        let Some(hand) = r.round.hands[p].clone() else {
            return self.compose_hidden_play(picked);
        };
        let playable = r.playable(p);
        let (hand_taps, table_taps) = (card_taps(&hand), card_taps(&r.round.table));
        let card = tapped(&hand, &hand_taps, picked).filter(|c| playable.contains(c));
        let matches = card.map(|c| r.round.matches(c)).unwrap_or_default();
        let taken = tapped(&r.round.table, &table_taps, picked).filter(|c| matches.contains(c));
        let hand_group = PickGroup {
            label: "Your hand".to_string(),
            picks: (hand.iter().zip(hand_taps))
                .map(|(c, tap)| pick(*c, tap, picked, playable.contains(c)))
                .collect(),
            single: true,
            replaces: Vec::new(),
        };
        let table = table_group(&r.round.table, table_taps, &matches, picked);
        let mv = card.and_then(|c| play_move(c, &matches, taken));
        let action = mv.map(|m| Action::Play { player: p, card: m });
        let send = match (card, &action) {
            (None, _) => Send::not_yet("Tap a card of your hand"),
            (Some(_), None) => Send::not_yet("Tap the table card it takes"),
            (Some(c), Some(a)) => self.tried(a, || played_words(c, &matches, taken)),
        };
        let view = Compose {
            title: "Tap a card to play, then the table card of its month it takes".to_string(),
            groups: vec![hand_group, table],
            count: None,
            board: None,
            send,
        };
        Some(Composed::of(view, action))
    }

    /// The drawn card matches two table cards: the one it takes.
    fn compose_draw(&self, picked: &Picked) -> Option<Composed<Action>> {
        let card = self.card_being_drawn()?;
        let matches = self.referee.round.matches(card);
        let on_table = &self.referee.round.table;
        let table_taps = card_taps(on_table);
        let taken = tapped(on_table, &table_taps, picked).filter(|c| matches.contains(c));
        let table = PickGroup {
            label: "Table".to_string(),
            picks: (on_table.iter().zip(table_taps))
                .map(|(c, tap)| pick(*c, tap, picked, matches.contains(c)))
                .collect(),
            single: true,
            replaces: Vec::new(),
        };
        let action = taken.map(|t| Action::Draw {
            card: Move::new(card, Capture::Card(t)),
        });
        let send = match &action {
            None => Send::not_yet("Tap the table card it takes"),
            Some(a) => self.tried(a, || {
                format!(
                    "{} drawn takes {}",
                    card.code(),
                    named(taken.unwrap_or(card))
                )
            }),
        };
        let view = Compose {
            title: format!(
                "The drawn {} matches two table cards: tap the one it takes",
                named(card)
            ),
            groups: vec![table],
            count: None,
            board: None,
            send,
        };
        Some(Composed::of(view, action))
    }

    /// With real cards, a hand or the table as dealt: 8 cards among those no one has seen
    /// yet, by month (a hand may be kept hidden instead).
    fn compose_deal(&self, seat: Option<usize>, picked: &Picked) -> Option<Composed<Action>> {
        if self.seed().is_some() {
            return None;
        }
        let (pack, taps, free) = self.real_pack();
        let cards: Vec<Card> = (pack.iter().zip(&taps))
            .filter(|(_, t)| picked.has(t))
            .map(|(c, _)| *c)
            .collect();
        let room = cards.len() < DEALT;
        let mut groups: Vec<PickGroup> = (1..=12)
            .map(|month| PickGroup {
                label: format!("{month} · {}", cards::flower(month)),
                picks: (pack.iter().zip(&taps).zip(&free))
                    .filter(|((c, _), _)| c.month == month)
                    .map(|((c, t), f)| pick(*c, t.clone(), picked, room && *f))
                    .collect(),
                single: false,
                replaces: Vec::new(),
            })
            .collect();
        let hidden = seat.filter(|_| picked.has(HIDDEN));
        if seat.is_some() {
            groups.push(PickGroup {
                label: "Or".to_string(),
                picks: vec![Pick {
                    tap: HIDDEN.to_string(),
                    item: Item::new(HIDDEN, "Keep the hand hidden"),
                    spoken: "keep the hand hidden".to_string(),
                    picked: hidden.is_some(),
                    open: cards.is_empty(),
                    at: None,
                }],
                single: true,
                replaces: Vec::new(),
            });
        }
        let action = match (seat, hidden) {
            (Some(p), Some(_)) => Some(Action::Hidden { player: p }),
            (Some(p), None) => Some(Action::Hand {
                player: p,
                cards: cards.clone(),
            }),
            (None, _) => Some(Action::Table {
                cards: cards.clone(),
            }),
        };
        let whose = seat.map_or("the table".to_string(), |p| {
            format!("{}'s hand", self.referee.name(p))
        });
        let send = match &action {
            Some(Action::Hidden { .. }) => {
                self.tried(action.as_ref()?, || format!("Keep {whose} hidden"))
            }
            Some(a) if cards.len() == DEALT => {
                self.tried(a, || format!("Deal {whose}: {}", codes(&cards)))
            }
            _ => Send::not_yet(&format!("Tap {} cards ({} so far)", DEALT, cards.len())),
        };
        let view = Compose {
            title: format!("Tap the 8 cards dealt to {whose}"),
            groups,
            count: None,
            board: None,
            send,
        };
        Some(Composed::of(view, action))
    }

    /// With real cards, the card drawn from the stock (among those no one has seen), then
    /// the table card it takes where two match.
    fn compose_real_draw(&self, picked: &Picked) -> Option<Composed<Action>> {
        let made = self.unseen_card_and_take(picked, "The card drawn")?;
        let (view, mv) = made;
        let action = mv.map(|m| Action::Draw { card: m });
        Some(self.finish(view, action, "The card drawn: tap it, then what it takes"))
    }

    /// A hand kept hidden: the card played (any no one has seen), then what it takes.
    fn compose_hidden_play(&self, picked: &Picked) -> Option<Composed<Action>> {
        let p = self.referee.round.to_move;
        if self.is_kado(p) || self.seed().is_some() {
            return None;
        }
        let (view, mv) = self.unseen_card_and_take(picked, "The card played")?;
        let action = mv.map(|m| Action::Play { player: p, card: m });
        Some(self.finish(
            view,
            action,
            "Tap the card played, then the table card it takes",
        ))
    }

    /// A card among those no one has seen (one group, one card at a time), then the table
    /// card of its month it takes where two match: the groups, and the move once whole.
    fn unseen_card_and_take(
        &self,
        picked: &Picked,
        label: &str,
    ) -> Option<(Compose, Option<Move>)> {
        if self.seed().is_some() {
            return None;
        }
        let r = &self.referee;
        let (pack, taps, free) = self.real_pack();
        let card = (picked.codes.iter().rev()).find_map(|id| {
            taps.iter()
                .position(|t| t == id)
                .filter(|k| free[*k])
                .map(|k| pack[k])
        });
        let matches = card.map(|c| r.round.matches(c)).unwrap_or_default();
        let table_taps = card_taps(&r.round.table);
        let taken = tapped(&r.round.table, &table_taps, picked).filter(|c| matches.contains(c));
        let groups = vec![
            PickGroup {
                label: label.to_string(),
                picks: (pack.iter().zip(&taps).zip(&free))
                    .map(|((c, t), f)| pick(*c, t.clone(), picked, *f))
                    .collect(),
                single: true,
                replaces: Vec::new(),
            },
            table_group(&r.round.table, table_taps, &matches, picked),
        ];
        let mv = card.and_then(|c| play_move(c, &matches, taken));
        let send = match (card, mv) {
            (None, _) => Send::not_yet("Tap the card"),
            (Some(_), None) => Send::not_yet("Tap the table card it takes"),
            (Some(c), Some(_)) => Send::Ready {
                label: played_words(c, &matches, taken),
            },
        };
        let view = Compose {
            title: String::new(),
            groups,
            count: None,
            board: None,
            send,
        };
        Some((view, mv))
    }

    /// The composer with its title, its send button checked against the rules.
    fn finish(&self, mut view: Compose, action: Option<Action>, title: &str) -> Composed<Action> {
        view.title = title.to_string();
        if let (Send::Ready { label }, Some(a)) = (&view.send, &action) {
            let label = label.clone();
            view.send = self.tried(a, || label);
        }
        Composed::of(view, action)
    }

    /// A real pack's 48 cards (twins told apart), each with whether it is free: not seen
    /// on the table, in a pile or in a hand kado knows.
    fn real_pack(&self) -> (Vec<Card>, Vec<String>, Vec<bool>) {
        let r = &self.referee.round;
        let pack = Card::deck();
        let taps = card_taps(&pack);
        let known = r.hands.iter().flatten().flatten();
        let mut seen: Vec<Card> = known
            .chain(&r.table)
            .chain(&r.piles[0])
            .chain(&r.piles[1])
            .copied()
            .collect();
        let free = pack
            .iter()
            .map(|c| match seen.iter().position(|s| s == c) {
                Some(k) => {
                    seen.swap_remove(k);
                    false
                }
                None => true,
            })
            .collect();
        (pack, taps, free)
    }

    /// Whether `action` applies now: the send button's words, or the rules' refusal.
    fn tried(&self, action: &Action, label: impl FnOnce() -> String) -> Send {
        match self.clone().apply(action) {
            Ok(_) => Send::Ready { label: label() },
            Err(why) => Send::not_yet(&why.to_string()),
        }
    }
}

/// The code of the piece that keeps a dealt hand hidden.
const HIDDEN: &str = "hidden";

/// How many cards a hand, or the table, is dealt.
const DEALT: usize = 8;

fn codes(cards: &[Card]) -> String {
    cards.iter().map(|c| c.code()).collect::<Vec<_>>().join(" ")
}

/// The move of `card` given the table cards of its month: with two, the one tapped;
/// with none, one or three, the rules decide (it takes them, or goes to the table).
fn play_move(card: Card, matches: &[Card], taken: Option<Card>) -> Option<Move> {
    match (matches.len(), taken) {
        (2, Some(t)) => Some(Move::new(card, Capture::Card(t))),
        (2, None) => None,
        _ => Some(Move::new(card, Capture::Unsaid)),
    }
}

/// What playing `card` does, in words: "Play 3r (cherry) and take 3b (curtain)".
fn played_words(card: Card, matches: &[Card], taken: Option<Card>) -> String {
    let play = format!("Play {}", named(card));
    match (matches, taken) {
        ([], _) => format!("{play} to the table"),
        (_, Some(t)) => format!("{play} and take {}", named(t)),
        ([one], None) => format!("{play} and take {}", named(*one)),
        (all, None) => {
            let codes: Vec<String> = all.iter().map(|c| c.code()).collect();
            format!("{play} and take all three: {}", codes.join(" "))
        }
    }
}

/// A card's code with its month's flower, or its own name: "3b (curtain)", "3p (cherry)".
fn named(c: Card) -> String {
    format!("{} ({})", c.code(), c.name().unwrap_or(c.flower()))
}

/// What a tap on each card sends (a twin told apart: `6p~2`).
fn card_taps(cards: &[Card]) -> Vec<String> {
    crate::view::taps(&cards.iter().map(|c| c.code()).collect::<Vec<_>>())
}

/// The card of `cards` picked last, by its tap.
fn tapped(cards: &[Card], taps: &[String], picked: &Picked) -> Option<Card> {
    (picked.codes.iter().rev()).find_map(|id| taps.iter().position(|t| t == id).map(|i| cards[i]))
}

/// The table's cards, one to tap: open where the card played or drawn matches two of them
/// (with one or three, the rules take them).
fn table_group(table: &[Card], taps: Vec<String>, matches: &[Card], picked: &Picked) -> PickGroup {
    let two = matches.len() == 2;
    PickGroup {
        label: "Table".to_string(),
        picks: (table.iter().zip(taps))
            .map(|(c, tap)| pick(*c, tap, picked, two && matches.contains(c)))
            .collect(),
        single: true,
        replaces: Vec::new(),
    }
}

fn pick(c: Card, tap: String, picked: &Picked, open: bool) -> Pick {
    let on = picked.has(&tap);
    Pick {
        tap,
        item: item(c),
        spoken: format!("{}, {} {}", c.code(), c.flower(), c.kind.word()),
        picked: on,
        open: on || open,
        at: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::Ruleset;
    use crate::session::Question;
    use crate::session::{Session, Step};

    /// The answer a thumb composes: the send button once ready, else the first piece open
    /// and not picked (never `hidden`), else the first answer offered.
    fn by_taps(g: &Game, q: &Question<Key>) -> Action {
        let mut picked = Picked::default();
        for _ in 0..40 {
            let Some(c) = g.compose(q, &picked) else {
                let first = g.choices(q).into_iter().next().expect("an answer offered");
                return g.answer(q, &first.typed).unwrap();
            };
            if let (true, Some(a)) = (c.view.send.is_ready(), c.action) {
                return a;
            }
            // From the group with the fewest picked (a deal of four cards of a month
            // is dealt again).
            let open = |g: &&PickGroup| g.picks.iter().any(|p| p.open && !p.picked);
            let group = (c.view.groups.iter().filter(open))
                .min_by_key(|g| g.picks.iter().filter(|p| p.picked).count())
                .unwrap_or_else(|| panic!("nothing to tap: {:?}", c.view));
            let next = (group.picks.iter())
                .find(|p| p.open && !p.picked && p.tap != HIDDEN)
                .unwrap_or_else(|| panic!("only hidden to tap: {:?}", c.view));
            c.view.tap(&mut picked, &next.tap.clone());
        }
        panic!("40 taps made no answer at {}", q.prompt)
    }

    /// A game between ana and ben with real cards.
    fn real_game() -> Game {
        let rs = Ruleset::builtin("koikoi").unwrap();
        let setup = Setup {
            players: vec!["ana".into(), "ben".into()],
            deck: Deck::Physical,
            kado: None,
            private: false,
        };
        Game::start(&setup, &rs).unwrap()
    }

    /// Issue 61: with real cards, each hand, the table and each card drawn had to be typed.
    /// A game with real cards is played by taps alone: the hands and the table picked among
    /// the cards no one has seen yet (month by month), each card played from its hand,
    /// each card drawn among the unseen ones.
    #[test]
    fn real_cards_had_to_be_typed() {
        let mut g = real_game();
        let mut asked = Vec::new();
        for _ in 0..400 {
            let action = match g.next() {
                Step::Done => break,
                Step::Auto(a) => a,
                Step::Ask(q) => {
                    asked.push(q.key);
                    by_taps(&g, &q)
                }
            };
            g.apply(&action).unwrap();
        }
        assert!(asked.contains(&Key::Hand(0)) && asked.contains(&Key::Table));
        assert!(
            asked.iter().filter(|k| **k == Key::Draw).count() > 10,
            "{asked:?}"
        );
    }

    /// A hand dealt is 8 cards, or kept hidden; a card seen on the table is closed to it,
    /// and a hand kept hidden plays any card no one has seen.
    #[test]
    fn a_real_deal_takes_eight_unseen_cards_or_none() {
        let mut g = real_game();
        let Step::Ask(q) = g.next() else { panic!() };
        let Key::Hand(p) = q.key else {
            panic!("{:?}", q.key)
        };
        let c = g.compose(&q, &Picked::default()).unwrap();
        assert_eq!(c.view.send, Send::not_yet("Tap 8 cards (0 so far)"));
        let mut picked = Picked::default();
        c.view.tap(&mut picked, HIDDEN);
        let c = g.compose(&q, &picked).unwrap();
        assert_eq!(c.action, Some(Action::Hidden { player: p }));
        g.apply(&c.action.unwrap()).unwrap();
        let Step::Ask(q) = g.next() else { panic!() };
        let mut picked = Picked::default();
        for code in ["1b", "1r", "1p", "1p~2", "2a", "2r", "2p", "2p~2"] {
            let c = g.compose(&q, &picked).unwrap();
            c.view.tap(&mut picked, code);
        }
        let c = g.compose(&q, &picked).unwrap();
        assert!(c.view.send.is_ready(), "{:?}", c.view.send);
        assert_eq!(
            c.action,
            Some(g.answer(&q, "1b 1r 1p 1p 2a 2r 2p 2p").unwrap())
        );
    }
}
