//! The advisor: at each decision of a solo game against ALORA (sell, buy, bet, play),
//! every candidate move with its chance to win the round, the money it is expected to
//! bring, and the chance to end the game ahead it leads to, computed only from what the
//! player can see.
//!
//! ALORA's moves are rules ([`super::alora`]), so her side is computed, not guessed. What
//! the player cannot see (her face-down cards and the order of the deck) is dealt from
//! the cards the player has not seen: every set of her face-down cards is counted once
//! when they are all that is unknown and few (bet and play decisions), and otherwise
//! `samples` deals are drawn (ChaCha12 from `seed`, [`crate::shuffle`]). Every candidate
//! meets the same deals, so their differences are sharper than their ± intervals.
//!
//! After the move weighed, the player plays the rest of the round by a plain default:
//! a market card that lifts the hand's tier, blind cards to fill the hand (keeping the
//! round minimum), the most allowed as the bet with a tier 2 hand or better and the
//! minimum otherwise, and the best hand at the reveal.
//!
//! Moves are ranked by the chance to end the game ahead: the lead at the end of the
//! round, with the rounds still to play modelled as a normal spread that grows with
//! their minimum bets (in the last round, simply whether the player ends ahead).

pub mod read;
pub mod rollout;
pub mod view;

use crate::kinkado::ruling;
use serde::Serialize;

use self::rollout::Setting;
use super::{Rules, round_info, value};
use crate::cards::{Card, code_cards};
use crate::shuffle::Shuffler;

pub use self::view::{Problem, check};

/// The decision in front of the player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Decision {
    #[default]
    Sell,
    Buy,
    Bet,
    Play,
}

impl Decision {
    pub fn name(self) -> &'static str {
        match self {
            Decision::Sell => "sell",
            Decision::Buy => "buy",
            Decision::Bet => "bet",
            Decision::Play => "play",
        }
    }
}

/// ALORA's bet, once placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AloraBet {
    pub amount: u32,
    /// The bank placed it (she could not afford it).
    pub bank: bool,
}

/// Everything the player can see at a decision, and nothing else.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub round: u32,
    pub decision: Decision,
    /// The player's cards.
    pub hand: Vec<Card>,
    /// The player's stash now (after their bet, once placed).
    pub stash: u32,
    /// The player's bet, once placed.
    pub bet: Option<u32>,
    /// ALORA's face-up cards (all of her cards once she has revealed).
    pub alora_shown: Vec<Card>,
    /// How many cards ALORA holds face down.
    pub alora_hidden: usize,
    /// ALORA's stash now (after her bet, once placed).
    pub alora_stash: u32,
    /// ALORA's bet, once placed.
    pub alora_bet: Option<AloraBet>,
    /// ALORA takes her turn before the player in each phase of this round.
    pub alora_first: bool,
    /// Cards ALORA still sells this sell phase (2 before her turn, 0 after it; under
    /// ruling `sell-turns: one-at-a-time`, 2 less those she has sold).
    pub alora_sales_left: usize,
    pub market: Vec<Card>,
    /// The prize pool's money.
    pub pool: u32,
    pub pool_cards: Vec<Card>,
    /// Any other card out of the deck the player can see.
    pub seen: Vec<Card>,
}

/// A move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Move {
    Sell { cards: Vec<Card> },
    Buy { market: Vec<Card>, deck: usize },
    Bet { amount: u32 },
    Play { cards: Vec<Card> },
}

impl Move {
    /// What to type at kado's prompt for this move.
    pub fn answer(&self) -> String {
        let codes = |c: &[Card]| {
            if c.is_empty() {
                "none".to_string()
            } else {
                code_cards(c)
            }
        };
        match self {
            Move::Sell { cards } | Move::Play { cards } => codes(cards),
            Move::Bet { amount } => amount.to_string(),
            Move::Buy { market, deck } => {
                let mut words: Vec<String> = market.iter().map(|c| c.code()).collect();
                words.extend(std::iter::repeat_n("deck".to_string(), *deck));
                if words.is_empty() {
                    "none".into()
                } else {
                    words.join(" ")
                }
            }
        }
    }
}

/// A number with its 95% interval (0 when exact).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Measure {
    pub mean: f64,
    pub plus_minus: f64,
}

/// What a move is expected to bring.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Candidate {
    #[serde(rename = "move")]
    pub mv: Move,
    /// What to type at the prompt.
    pub answer: String,
    /// The chance to win this round.
    pub win: Measure,
    /// The player's money at the end of the round less now.
    pub money: Measure,
    /// The change in the player's lead over ALORA by the end of the round.
    pub lead: Measure,
    /// The chance to end the game ahead (what ranks the moves).
    pub game: Measure,
}

/// The advice: every candidate, best first.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Advice {
    pub round: u32,
    pub decision: Decision,
    pub candidates: Vec<Candidate>,
    /// Deals each candidate was weighed on.
    pub deals: u64,
    /// Every possible deal was counted once.
    pub exact: bool,
    /// The seed, when deals were drawn at random.
    pub seed: Option<u64>,
    /// Cards the player cannot see.
    pub unseen: usize,
}

/// Jokers out from under the round tracker by round `round` (after its deal).
fn jokers_in_play(round: u32) -> usize {
    usize::from(round >= 3) + usize::from(round >= 6)
}

/// The cards the player cannot see: ALORA's face-down cards and the deck.
pub fn unseen(pos: &Position) -> Vec<Card> {
    let mut left = [1usize; 53];
    left[52] = jokers_in_play(pos.round);
    let seen = pos
        .hand
        .iter()
        .chain(&pos.alora_shown)
        .chain(&pos.market)
        .chain(&pos.pool_cards)
        .chain(&pos.seen);
    for c in seen {
        let i = c.index().min(52);
        left[i] = left[i].saturating_sub(1);
    }
    (0..53)
        .flat_map(|i| std::iter::repeat_n(i, left[i]))
        .filter_map(Card::from_index)
        .collect()
}

/// The distinct card sets of `lo..=hi` cards from `cards` (two jokers are one card twice).
fn card_sets(cards: &[Card], lo: usize, hi: usize) -> Vec<Vec<Card>> {
    let mut out: Vec<Vec<Card>> = Vec::new();
    for k in lo..=hi.min(cards.len()) {
        for s in super::hand::combinations(cards.len(), k) {
            let mut set: Vec<Card> = s.iter().map(|&i| cards[i]).collect();
            set.sort();
            if !out.contains(&set) {
                out.push(set);
            }
        }
    }
    out
}

/// The moves open to the player.
pub fn candidates(pos: &Position, rules: &Rules) -> Vec<Move> {
    let min_bet = round_info(pos.round).map_or(0, |r| r.minimum_bet);
    match pos.decision {
        Decision::Sell => {
            let most = match rules.ruled.sell_turns {
                ruling::SellTurns::OneAtATime => 1,
                ruling::SellTurns::WholeTurn => rules.max_sales,
            };
            card_sets(&pos.hand, 0, most)
                .into_iter()
                .map(|cards| Move::Sell { cards })
                .collect()
        }
        Decision::Buy => buys(pos, rules),
        Decision::Bet => {
            if let Some(amount) = pos.bet {
                return vec![Move::Bet { amount }];
            }
            let lo = min_bet.min(pos.stash);
            let hi = rules.max_bet.min(pos.stash).max(lo);
            (lo..=hi).map(|amount| Move::Bet { amount }).collect()
        }
        Decision::Play => card_sets(&pos.hand, 2, 5)
            .into_iter()
            .map(|cards| Move::Play { cards })
            .collect(),
    }
}

/// The most market cards weighed in one purchase (those that lift the hand most).
const MARKET_CHOICES: usize = 8;

/// The purchases open to the player: market cards (the few that help most) and blind
/// cards, within the hand limit, the stash and the deck.
fn buys(pos: &Position, rules: &Rules) -> Vec<Move> {
    let room = rules.hand_limit.saturating_sub(pos.hand.len());
    let ev = crate::kinkado::fast::Evaluator::for_players(rules);
    let mut market = pos.market.clone();
    market.sort_by_key(|c| {
        let mut h = pos.hand.clone();
        h.push(*c);
        std::cmp::Reverse((ev.eval(rollout::hand_of(&h)).strength(), *c))
    });
    market.truncate(MARKET_CHOICES);
    let deck_left = unseen(pos).len().saturating_sub(pos.alora_hidden);
    let mut out = Vec::new();
    for set in card_sets(&market, 0, room) {
        let cost: u32 = set.iter().map(|c| value(*c)).sum();
        if cost > pos.stash {
            continue;
        }
        let afford = ((pos.stash - cost) / rules.deck_card_cost.max(1)) as usize;
        let most = (room - set.len()).min(afford).min(deck_left);
        for deck in 0..=most {
            let one_source = match rules.ruled.buy_sources {
                ruling::BuySources::OneSource => !set.is_empty() && deck > 0,
                ruling::BuySources::Mixed => false,
            };
            if one_source {
                break;
            }
            out.push(Move::Buy {
                market: set.clone(),
                deck,
            });
        }
    }
    out
}

/// C(n, k), or None past u64.
fn count_sets(n: usize, k: usize) -> Option<u64> {
    let mut acc: u128 = 1;
    for i in 0..k as u128 {
        acc = acc * (n as u128 - i) / (i + 1);
        if acc > u128::from(u64::MAX) {
            return None;
        }
    }
    u64::try_from(acc).ok()
}

/// The deals every candidate meets: each set of ALORA's face-down cards once when they
/// are all that is unknown and no more than `samples`, else `samples` random deals.
fn deals(pos: &Position, samples: u64, seed: u64) -> (Vec<Vec<Card>>, bool) {
    let pool = unseen(pos);
    let k = pos.alora_hidden.min(pool.len());
    let only_hidden = matches!(pos.decision, Decision::Bet | Decision::Play);
    if only_hidden && count_sets(pool.len(), k).is_some_and(|n| n <= samples.max(1)) {
        let all = super::hand::combinations(pool.len(), k)
            .into_iter()
            .map(|s| s.iter().map(|&i| pool[i]).collect())
            .collect();
        return (all, true);
    }
    // Her face-down cards, then enough of the deck for every draw of the round.
    let need = if only_hidden {
        k
    } else {
        (k + 12).min(pool.len())
    };
    let mut rng = Shuffler::new(seed);
    let mut deck = pool;
    let n = deck.len();
    let mut out = Vec::with_capacity(samples.max(1) as usize);
    for _ in 0..samples.max(1) {
        for i in 0..need {
            let j = rng.index(i..n);
            deck.swap(i, j);
        }
        out.push(deck[..need].to_vec());
    }
    (out, false)
}

/// Running sums of one measure.
#[derive(Clone, Copy, Default)]
struct Sums {
    n: f64,
    sum: f64,
    squares: f64,
}

impl Sums {
    fn add(&mut self, x: f64) {
        self.n += 1.0;
        self.sum += x;
        self.squares += x * x;
    }

    fn measure(&self, exact: bool) -> Measure {
        let n = self.n.max(1.0);
        let mean = self.sum / n;
        let var = (self.squares / n - mean * mean).max(0.0);
        Measure {
            mean,
            plus_minus: if exact { 0.0 } else { 1.96 * (var / n).sqrt() },
        }
    }
}

/// The spread of the lead over the rounds after `round`: each round's swing grows with
/// its minimum bet.
fn later_spread(round: u32, rounds: u32) -> f64 {
    ((round + 1)..=rounds)
        .filter_map(round_info)
        .map(|r| (12.0 + 2.0 * f64::from(r.minimum_bet)).powi(2))
        .sum::<f64>()
        .sqrt()
}

/// The standard normal distribution function (Abramowitz and Stegun 7.1.26).
fn normal_cdf(x: f64) -> f64 {
    let z = x.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * z);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erf = 1.0 - poly * (-z * z).exp();
    if x >= 0.0 {
        0.5 * (1.0 + erf)
    } else {
        0.5 * (1.0 - erf)
    }
}

/// The chance to end the game ahead with `lead` at the end of this round.
fn ahead(lead: f64, spread: f64) -> f64 {
    if spread <= 0.0 {
        return if lead > 0.0 {
            1.0
        } else if lead == 0.0 {
            0.5
        } else {
            0.0
        };
    }
    normal_cdf(lead / spread)
}

/// Weighs one move on every deal.
fn weigh(set: &Setting, mv: &Move, deals: &[Vec<Card>], exact: bool, spread: f64) -> Candidate {
    let pos = set.pos;
    let lead_now = f64::from(pos.stash) - f64::from(pos.alora_stash);
    let [mut win, mut money, mut lead, mut game] = [Sums::default(); 4];
    for d in deals {
        let r = rollout::play(set, mv, d);
        let change = (r.money - r.alora_money) as f64;
        win.add(if r.won { 1.0 } else { 0.0 });
        money.add(r.money as f64);
        lead.add(change);
        game.add(ahead(lead_now + change, spread));
    }
    Candidate {
        answer: mv.answer(),
        mv: mv.clone(),
        win: win.measure(exact),
        money: money.measure(exact),
        lead: lead.measure(exact),
        game: game.measure(exact),
    }
}

/// What a played hand keeps for the next round, to break ties between equal plays.
fn kept_worth(pos: &Position, mv: &Move) -> u32 {
    match mv {
        Move::Play { cards } => {
            let mut kept = pos.hand.clone();
            for c in cards {
                if let Some(i) = kept.iter().position(|k| k == c) {
                    kept.remove(i);
                }
            }
            kept.iter().map(|c| value(*c)).sum()
        }
        _ => 0,
    }
}

/// The advice for a position ([`check`] it first). `tick` is called after each
/// candidate with (done, all).
pub fn advise(
    pos: &Position,
    rules: &Rules,
    samples: u64,
    seed: u64,
    tick: &dyn Fn(usize, usize),
) -> Advice {
    let set = Setting::new(pos, rules);
    let (deals, exact) = deals(pos, samples, seed);
    let spread = later_spread(pos.round, rules.rounds);
    let moves = candidates(pos, rules);
    let mut weighed: Vec<(Candidate, u32)> = Vec::with_capacity(moves.len());
    for (i, mv) in moves.iter().enumerate() {
        weighed.push((weigh(&set, mv, &deals, exact, spread), kept_worth(pos, mv)));
        tick(i + 1, moves.len());
    }
    weighed.sort_by(|(a, ka), (b, kb)| {
        b.game
            .mean
            .total_cmp(&a.game.mean)
            .then(b.lead.mean.total_cmp(&a.lead.mean))
            .then(b.win.mean.total_cmp(&a.win.mean))
            .then(kb.cmp(ka))
    });
    Advice {
        round: pos.round,
        decision: pos.decision,
        candidates: weighed.into_iter().map(|(c, _)| c).collect(),
        deals: deals.len() as u64,
        exact,
        seed: (!exact).then_some(seed),
        unseen: unseen(pos).len(),
    }
}

/// The rules and rulings behind the advice: every ruling the deals played out read, each of
/// which can change the figures. Not those they never read: the round ends at the reveal,
/// so neither what becomes of ALORA's cards after it (`alora-cards`) nor who wins a game
/// left level (`game-tie`); the position says who goes first (`solo-first`); one player
/// never shares a pot (`split`, `alora-seat`).
pub fn explain(rs: &crate::ruleset::Ruleset) -> crate::explain::Explain {
    use ruling::Id;
    let rules = Rules::from_ruleset(rs);
    let mut x = crate::explain::Explain::new();
    x.rule("The deals are played out under the rulings below; each can change the figures.");
    x.rule("Each move is weighed by playing the rest of the round on deals of the cards you cannot see: ALORA's face-down cards and the deck; ALORA plays by her rules, you by the advice's plain default after the move.");
    x.ruled(
        "The moves open to you follow the rules in force: how many cards a sell turn takes, and whether one purchase may take market and blind cards together.",
        rs,
        &[Id::SellTurns, Id::BuySources],
    );
    x.ruled(
        "Hands rank by tier, then by the sum of the cards played; a joker is wild.",
        rs,
        &[Id::JokerSum, Id::JokerDuplicates, Id::AceStraights],
    );
    x.ruled(
        format!("ALORA sells her two lowest cards, buys the highest market card worth {} or more when she can, bets the higher of her best face-up card and the round minimum, and plays the best hand of all her cards.", crate::render::money(i64::from(rules.alora_buy_minimum))),
        rs,
        &[Id::AloraBuy, Id::AloraFaceUp, Id::AloraSum, Id::AloraLastRoom],
    );
    x.by(rules.ruled.alora_ties, |c| match c {
        ruling::AloraTies::AfterBets => "At the reveal a tie of tier and sum goes to the higher bet, and to ALORA when the bets are equal.",
        ruling::AloraTies::OnSum => "At the reveal ALORA wins any tie of tier and sum, whatever the bets.",
    });
    x.by(rules.ruled.bank_bet, |c| match c {
        ruling::BankBet::InThePot => "A bet the bank places for ALORA goes into the pot.",
        ruling::BankBet::BackToBank => {
            "A bet the bank places for ALORA goes back to the bank at the reveal."
        }
    });
    x.rule("Moves are ranked by the chance to end the game ahead: the lead at the end of this round, with the later rounds' swings taken as a normal spread that grows with their minimum bets.");
    x
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinkado::game::bot::Bot;
    use crate::kinkado::game::{Deck, Game, Key, Setup};
    use crate::kinkado::odds;
    use crate::notation::test_cards as cards;
    use crate::ruleset::Ruleset;
    use crate::session::{Question, Session, Step};

    #[test]
    fn explain_names_every_ruling_the_deals_read() {
        let rs = Ruleset::builtin("kinkado").unwrap();
        let x = explain(&rs);
        let mut ids: Vec<&str> = (x.0.iter())
            .flat_map(|r| r.rulings.iter().map(|x| x.id.as_str()))
            .collect();
        ids.sort_unstable();
        ids.dedup();
        let read = [
            "ace-straights",
            "alora-buy",
            "alora-face-up",
            "alora-last-room",
            "alora-sum",
            "alora-ties",
            "bank-bet",
            "buy-sources",
            "joker-duplicates",
            "joker-sum",
            "sell-turns",
        ];
        assert_eq!(ids, read);
        assert!(
            x.0[0]
                .rule
                .starts_with("The deals are played out under the rulings below")
        );
    }

    fn position(decision: Decision) -> Position {
        Position {
            round: 6,
            decision,
            hand: cards("KS KH 9D 4C 2S"),
            stash: 40,
            bet: None,
            alora_shown: cards("QS 7H 7D 4D 3S"),
            alora_hidden: 2,
            alora_stash: 45,
            alora_bet: None,
            alora_first: true,
            alora_sales_left: 0,
            market: cards("2H 5C"),
            pool: 17,
            pool_cards: Vec::new(),
            seen: Vec::new(),
        }
    }

    /// A virtual solo game played by the bot up to the player's first question of `kind`
    /// in round `round`.
    fn at_prompt(seed: u64, round: u32, kind: &str) -> (Game, Question<Key>) {
        at_prompt_under(&Ruleset::builtin("kinkado").unwrap(), seed, round, kind)
    }

    fn at_prompt_under(rs: &Ruleset, seed: u64, round: u32, kind: &str) -> (Game, Question<Key>) {
        let setup = Setup {
            players: vec!["you".into()],
            alora: true,
            deck: Deck::shuffled(seed),
            private: false,
        };
        let mut g = Game::start(&setup, rs).unwrap();
        let bot = Bot::default();
        loop {
            match g.next() {
                Step::Done => panic!("the game ended before the prompt"),
                Step::Auto(a) => {
                    g.apply(&a).unwrap();
                }
                Step::Ask(q) => {
                    let you = q.key.seat().is_some_and(|i| g.seats[i].name == "you");
                    if g.round == round && you && q.key.kind() == kind {
                        return (g, q);
                    }
                    let a = g.answer(&q, &bot.answer(&g, &q)).unwrap();
                    g.apply(&a).unwrap();
                }
            }
        }
    }

    #[test]
    fn advice_never_reads_alora_face_down_cards() {
        // The same table, but ALORA's face-down cards swapped for others the player
        // cannot see: the position and the hint are the same.
        let mut swapped = 0;
        for (round, kind) in [
            (1, "sell"),
            (2, "sell"),
            (3, "buy"),
            (4, "bet"),
            (5, "play"),
        ] {
            let (g, q) = at_prompt(11, round, kind);
            let pos = view::position(&g, "you").unwrap();
            let a = g.seats.iter().position(|s| s.is_alora).unwrap();
            let her = &g.seats[a];
            let hidden: Vec<Card> = her
                .known
                .iter()
                .copied()
                .filter(|c| !her.face_up.contains(c))
                .collect();
            let others: Vec<Card> = unseen(&pos)
                .into_iter()
                .filter(|c| !hidden.contains(c))
                .take(hidden.len())
                .collect();
            let mut h = g.clone();
            h.seats[a].known = her.face_up.clone();
            h.seats[a].known.extend(&others);
            if !hidden.is_empty() {
                swapped += 1;
                assert_ne!(g.seats[a].known, h.seats[a].known);
            }
            assert_eq!(
                view::position(&h, "you").unwrap(),
                pos,
                "round {round} {kind}"
            );
            assert_eq!(view::hint(&g, &q), view::hint(&h, &q));
        }
        assert!(swapped >= 3, "{swapped}");
    }

    /// Plays the game on with the bot's answers and `best` at the player's reveal until
    /// the round is settled.
    fn settle_round(g: &mut Game) {
        let round = g.round;
        let bot = Bot::default();
        while g.round == round {
            let a = match g.next() {
                Step::Done => return,
                Step::Auto(a) => a,
                Step::Ask(q)
                    if q.key.kind() == "play"
                        && q.key.seat().is_some_and(|i| g.seats[i].name == "you") =>
                {
                    g.answer(&q, "best").unwrap()
                }
                Step::Ask(q) => g.answer(&q, &bot.answer(g, &q)).unwrap(),
            };
            g.apply(&a).unwrap();
        }
    }

    #[test]
    fn a_bet_weighed_on_the_true_cards_pays_what_the_game_pays() {
        // The rollout on the deal that really lies face down gives the stashes the rules
        // engine gives for the same bet.
        // In rounds 8 and 9 the minimum bet is the largest: kado makes it, no one is asked.
        for (seed, round) in [(11, 2), (12, 4), (13, 6), (14, 7), (15, 1)] {
            let (g, q) = at_prompt(seed, round, "bet");
            let pos = view::position(&g, "you").unwrap();
            let r = Rules::standard();
            let set = Setting::new(&pos, &r);
            let a = g.seats.iter().position(|s| s.is_alora).unwrap();
            let her = &g.seats[a];
            let deal: Vec<Card> = her
                .known
                .iter()
                .copied()
                .filter(|c| !her.face_up.contains(c))
                .collect();
            let moves = candidates(&pos, &r);
            for mv in [moves[0].clone(), moves[moves.len() - 1].clone()] {
                let amount = mv.answer();
                let out = rollout::play(&set, &mv, &deal);
                let mut e = g.clone();
                let act = e.answer(&q, &mv.answer()).unwrap();
                e.apply(&act).unwrap();
                settle_round(&mut e);
                let me = e.seats.iter().find(|s| s.name == "you").unwrap().stash;
                let alora = e.seats[a].stash;
                assert_eq!(
                    (i64::from(me), i64::from(alora)),
                    (
                        i64::from(pos.stash) + out.money,
                        i64::from(pos.alora_stash) + out.alora_money
                    ),
                    "seed {seed} round {round} bet {amount}"
                );
            }
        }
    }

    #[test]
    fn alora_sales_left_follow_the_sell_turns_ruling() {
        // Round 1: the player sells first; round 2: ALORA deals and sells first.
        let (g, _) = at_prompt(3, 1, "sell");
        assert_eq!(view::position(&g, "you").unwrap().alora_sales_left, 2);
        let (g, _) = at_prompt(3, 2, "sell");
        assert_eq!(view::position(&g, "you").unwrap().alora_sales_left, 0);
        // One card a turn: in round 2 she has sold one when the player is first asked.
        let rs = Ruleset::builtin("kinkado")
            .unwrap()
            .with(ruling::SellTurns::OneAtATime)
            .unwrap();
        let (g, _) = at_prompt_under(&rs, 3, 2, "sell");
        let pos = view::position(&g, "you").unwrap();
        assert_eq!(pos.alora_sales_left, 1);
        let sells = candidates(&pos, &Rules::from_ruleset(&rs));
        assert_eq!(sells.len(), 1 + 7);
    }

    #[test]
    fn the_bet_odds_are_those_of_kinkado_odds() {
        // The most allowed outbids ALORA, so a tie is a win: win + tie of `odds`.
        let pos = position(Decision::Bet);
        let r = Rules::standard();
        let a = advise(&pos, &r, 10_000, 0, &|_, _| {});
        assert!(a.exact);
        let max = a
            .candidates
            .iter()
            .find(|c| c.mv == Move::Bet { amount: 25 })
            .unwrap();
        let o = odds::odds(
            &odds::Query {
                hand: pos.hand.clone(),
                alora_shown: pos.alora_shown.clone(),
                alora_hidden: 2,
                seen: cards("2H 5C"),
                samples: 10_000,
                seed: 0,
            },
            &r,
        );
        assert!(o.exact);
        assert!((max.win.mean - (o.win + o.tie)).abs() < 1e-12);
        assert_eq!((a.deals, a.unseen), (42 * 41 / 2, 42));
    }

    #[test]
    fn every_move_is_a_candidate() {
        let r = Rules::standard();
        let seven = Position {
            hand: cards("KS KH 9D 4C 2S 3D 8C"),
            ..position(Decision::Sell)
        };
        assert_eq!(candidates(&seven, &r).len(), 1 + 7 + 21 + 35);
        let play = Position {
            decision: Decision::Play,
            ..seven.clone()
        };
        assert_eq!(candidates(&play, &r).len(), 21 + 35 + 35 + 21);
        // Bets from the $10 minimum of round 6 to the $25 limit.
        assert_eq!(candidates(&position(Decision::Bet), &r).len(), 16);
        // Two jokers are one card twice.
        let jokers = Position {
            hand: cards("JK JK 2S"),
            ..position(Decision::Sell)
        };
        assert_eq!(candidates(&jokers, &r).len(), 1 + 2 + 2 + 1);
        // Buys: 2 cards of room, a market of 2, a deck to draw from.
        let buy = position(Decision::Buy);
        let moves = candidates(&buy, &r);
        assert!(moves.contains(&Move::Buy {
            market: cards("2H 5C"),
            deck: 0
        }));
        assert!(moves.contains(&Move::Buy {
            market: Vec::new(),
            deck: 2
        }));
        assert!(
            !moves
                .iter()
                .any(|m| matches!(m, Move::Buy { market, deck } if market.len() + deck > 2))
        );
    }

    #[test]
    fn sampled_advice_is_repeatable_by_seed() {
        let r = Rules::standard();
        let pos = position(Decision::Sell);
        let a = advise(&pos, &r, 50, 3, &|_, _| {});
        let b = advise(&pos, &r, 50, 3, &|_, _| {});
        let c = advise(&pos, &r, 50, 4, &|_, _| {});
        assert!(!a.exact);
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_eq!(a.seed, Some(3));
        assert!(
            a.candidates
                .iter()
                .all(|c| c.win.plus_minus > 0.0 || c.win.mean == 0.0 || c.win.mean == 1.0)
        );
    }

    #[test]
    fn a_known_hand_is_counted_exactly() {
        // ALORA has shown every card: each play wins or loses for certain.
        let pos = Position {
            alora_hidden: 0,
            bet: Some(10),
            alora_bet: Some(AloraBet {
                amount: 15,
                bank: false,
            }),
            ..position(Decision::Play)
        };
        let a = advise(&pos, &Rules::standard(), 100, 0, &|_, _| {});
        assert!(a.exact && a.deals == 1);
        assert!(
            a.candidates
                .iter()
                .all(|c| c.win.mean == 0.0 || c.win.mean == 1.0)
        );
        // Her pair of 7s with Q 4 3: tier 1, $36. K K alone ($40) wins already, and of
        // the plays that win it keeps the most for the next round.
        let best = &a.candidates[0];
        assert_eq!(best.win.mean, 1.0);
        assert_eq!(
            best.mv,
            Move::Play {
                cards: cards("KS KH")
            }
        );
        // Winning takes the pool, her bet and the bank's match of the player's bet.
        assert_eq!(best.money.mean, f64::from(17 + 15 + 10 + 10));
        assert_eq!(best.answer, "KS KH");
    }

    #[test]
    fn the_last_round_ranks_by_ending_ahead() {
        assert_eq!(later_spread(9, 9), 0.0);
        assert!(later_spread(1, 9) > later_spread(5, 9));
        assert_eq!(ahead(3.0, 0.0), 1.0);
        assert_eq!(ahead(-3.0, 0.0), 0.0);
        assert!((normal_cdf(0.0) - 0.5).abs() < 1e-9);
        assert!((normal_cdf(1.96) - 0.975).abs() < 1e-3);
    }

    #[test]
    fn problems_are_all_reported() {
        let pos = Position {
            round: 10,
            hand: cards("KS KS 2C 3C 4C 5C 6C 7C"),
            alora_hidden: 3,
            ..position(Decision::Play)
        };
        let p = check(&pos, &Rules::standard());
        assert!(p.contains(&Problem::NoSuchRound {
            round: 10,
            rounds: 9
        }));
        assert!(p.contains(&Problem::HandSize(8)));
        assert!(p.contains(&Problem::AloraSize(8)));
        assert!(p.contains(&Problem::TooMany(cards("KS")[0])));
    }
}
