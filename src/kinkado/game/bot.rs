use super::*;
use crate::kinkado::ruling;

/// How the bot plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bot {
    /// Sell this many cards a round (0–3).
    pub sells: usize,
    /// Buy blind deck cards while there is room and money.
    pub buys: bool,
    /// Bet this much above the minimum.
    pub extra_bet: u32,
    /// Bet the most allowed when the best hand held is tier 2 or better (needs a
    /// virtual pack: the bot must see its cards).
    pub bold: bool,
}

impl Default for Bot {
    fn default() -> Bot {
        Bot {
            sells: 1,
            buys: true,
            extra_bet: 0,
            bold: false,
        }
    }
}

fn free(game: &Game, n: usize, taken: &mut Vec<Card>) -> Vec<Card> {
    let mut out = Vec::new();
    for c in game.free_cards() {
        if out.len() == n {
            break;
        }
        if !taken.contains(&c)
            || (c.is_joker() && taken.iter().filter(|t| t.is_joker()).count() < 2)
        {
            out.push(c);
            taken.push(c);
        }
    }
    out
}

fn codes(cards: &[Card]) -> String {
    if cards.is_empty() {
        "none".into()
    } else {
        crate::cards::code_cards(cards)
    }
}

impl Bot {
    /// What the bot sells: its lowest cards (one a turn under sell-turns:
    /// one-at-a-time), keeping at least two.
    fn sale(&self, game: &Game, s: &SeatState) -> String {
        let mut n = self.sells.min(s.held().saturating_sub(2));
        match game.rules.ruled.sell_turns {
            ruling::SellTurns::OneAtATime => n = usize::from(s.sold < self.sells && n > 0),
            ruling::SellTurns::WholeTurn => {}
        }
        if game.virtual_seed().is_some() {
            let mut hand = s.known.clone();
            hand.sort_by_key(|c| (value(*c), *c));
            codes(&hand[..n.min(hand.len())])
        } else {
            codes(&free(game, n.min(s.hidden), &mut Vec::new()))
        }
    }

    /// The bot's answer to a question.
    pub fn answer(&self, game: &Game, q: &Question<Key>) -> String {
        let seat = q.key.seat().and_then(|i| game.seats.get(i));
        let mut taken = Vec::new();
        let virtual_deck = game.virtual_seed().is_some();
        match q.key {
            Key::Prize if game.deck_size() == 0 => "none".into(),
            Key::Prize => codes(&free(game, 1, &mut taken)),
            Key::AloraShows | Key::AloraReveals => {
                let n = game.alora_index().map_or(0, |i| game.seats[i].hidden);
                codes(&free(game, n, &mut taken))
            }
            Key::AloraSells => {
                let i = game.alora_index().unwrap_or(0);
                let plan = game.alora_sell_plan(i);
                plan.choose
                    .map_or_else(String::new, |c| codes(&c.from[..c.count]))
            }
            Key::AloraBuys => {
                let i = game.alora_index().unwrap_or(0);
                let plan = game.alora_buy_plan(i);
                plan.buy.map_or_else(String::new, |c| c.code())
            }
            Key::Sell(_) => seat.map_or_else(|| "none".into(), |s| self.sale(game, s)),
            Key::Buy(_) => {
                let Some(s) = seat else { return "none".into() };
                let room = game.rules.hand_limit.saturating_sub(s.held());
                let afford = (s.stash / game.rules.deck_card_cost.max(1)) as usize;
                let n = if self.buys {
                    room.min(afford).min(2).min(game.deck_size())
                } else {
                    0
                };
                if n == 0 {
                    "none".into()
                } else {
                    vec!["deck"; n].join(" ")
                }
            }
            Key::Bet(_) => {
                let Some(s) = seat else { return "0".into() };
                let min = game.min_bet().min(s.stash);
                let strong =
                    self.bold && s.hidden == 0 && best_hand(&s.known, &game.rules).hand.tier >= 2;
                let extra = if strong {
                    game.rules.max_bet
                } else {
                    self.extra_bet
                };
                (min + extra)
                    .min(s.stash)
                    .min(game.rules.max_bet)
                    .to_string()
            }
            Key::Play(_) => {
                let Some(s) = seat else { return "none".into() };
                if virtual_deck || s.hidden == 0 {
                    "best".into()
                } else {
                    let mut cards = s.known.clone();
                    cards.truncate(2);
                    let more = 2usize.saturating_sub(cards.len()).min(s.hidden);
                    taken.extend(cards.iter().copied());
                    cards.extend(free(game, more, &mut taken));
                    codes(&cards)
                }
            }
        }
    }
}

/// Plays a game to its end (or `max_steps`), the bot answering every question.
/// Returns the answers given (one per question) and the final state. `check` runs
/// after every action.
pub fn play_out(
    game: Game,
    bot: &Bot,
    max_steps: usize,
    check: impl FnMut(&Game),
) -> Result<(Vec<String>, Vec<Action>, Game), PlayError> {
    play_out_with(game, |g, q| bot.answer(g, q), max_steps, check)
}

/// [`play_out`] with any player: `answer` gives the text typed at each question.
pub fn play_out_with(
    mut game: Game,
    mut answer: impl FnMut(&Game, &Question<Key>) -> String,
    max_steps: usize,
    mut check: impl FnMut(&Game),
) -> Result<(Vec<String>, Vec<Action>, Game), PlayError> {
    let mut answers = Vec::new();
    let mut actions = Vec::new();
    for _ in 0..max_steps {
        match game.next() {
            Step::Done => return Ok((answers, actions, game)),
            Step::Auto(a) => {
                game.apply(&a)?;
                actions.push(a);
            }
            Step::Ask(q) => {
                let text = answer(&game, &q);
                let refused = |e| PlayError::Answer(q.prompt.clone(), text.clone(), Box::new(e));
                let a = game.answer(&q, &text).map_err(refused)?;
                game.apply(&a).map_err(refused)?;
                answers.push(text);
                actions.push(a);
            }
        }
        check(&game);
    }
    Ok((answers, actions, game))
}
