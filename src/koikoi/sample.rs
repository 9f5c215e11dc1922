//! What a player cannot see, dealt at random for play-outs, and the measures kado's
//! policies weigh with: the greedy eye (what a move takes at a glance and the yaku it
//! makes), the cards the opponent is read to hold, and what a round's points are worth
//! for the game. Shared by the policies (`sim`), their early-stopping weighing (`weigh`)
//! and the advisor (`advise`).

use super::cards::{Card, weight};
use super::playout::{self, Code, Position};
use super::record::Move;
use super::referee::{DEALT, Phase, Referee};
use crate::shuffle::Shuffler;

/// A source of small random choices for the policies.
pub struct Dice(Shuffler);

impl Dice {
    pub fn new(seed: u64) -> Dice {
        Dice(Shuffler::new(seed))
    }

    pub(super) fn below(&mut self, n: usize) -> usize {
        if n <= 1 { 0 } else { self.0.index(0..n) }
    }
}

/// How good a move is at a glance: what it captures, less what it gives away.
fn glance(r: &Referee, m: &Move) -> i64 {
    match r.resolve(m) {
        Ok(taken) => worth(m.card, &taken),
        Err(_) => i64::MIN / 2,
    }
}

/// What `card` taking `taken` is worth at a glance: the cards it takes, or half its own
/// weight lost when it takes nothing.
fn worth(card: Card, taken: &[Card]) -> i64 {
    if taken.is_empty() {
        return -weight(card) / 2;
    }
    weight(card) + taken.iter().map(|c| weight(*c)).sum::<i64>()
}

/// How good a move is to the greedy eye: the yaku points it makes (when `deep`), then
/// what it takes at a glance.
pub(super) fn greedy_key(r: &Referee, m: &Move, deep: bool) -> i64 {
    let p = r.round.to_move;
    let gain = if deep {
        let mut next = r.clone();
        match next.play(p, m) {
            Ok(_) => next.score_of(p).base - r.score_of(p).base,
            Err(_) => -1000,
        }
    } else {
        0
    };
    gain * 100 + glance(r, m)
}

/// What the player to decide cannot see (less a card being drawn), read from the
/// opponent's plays: first the cards they may hold, then those they would have played
/// rather than a card they did play (see [`passed_over`]).
pub(super) struct Unseen {
    cards: Vec<Card>,
    likely: usize,
}

/// The cards `p` cannot see, less `drawn`, read as [`Unseen`] says.
pub(super) fn unseen(r: &Referee, p: usize, drawn: Option<Card>) -> Unseen {
    let mut cards = r.hidden_from(p);
    cards.retain(|c| Some(*c) != drawn);
    let (mut cards, unlikely): (Vec<Card>, Vec<Card>) =
        cards.into_iter().partition(|c| !passed_over(r, 1 - p, *c));
    let likely = cards.len();
    cards.extend(unlikely);
    Unseen { cards, likely }
}

/// The `unseen` cards (or their codes) dealt at random in place: the first of them the hand
/// the opponent of `p` is guessed to hold (of the cards they may hold, while there are
/// enough), the rest the guessed stock; returns the hand's size. The real hidden cards are
/// never looked at. The shuffles depend on the number of cards only, so cards and their
/// codes are dealt alike.
fn guess_in_place<T>(
    r: &Referee,
    p: usize,
    likely: usize,
    cards: &mut [T],
    dice: &mut Dice,
) -> usize {
    let likely = likely.min(cards.len());
    let (sure, unlikely) = cards.split_at_mut(likely);
    dice.0.shuffle(sure);
    dice.0.shuffle(unlikely);
    let held = DEALT.saturating_sub(r.round.turns[1 - p]).min(cards.len());
    if likely < cards.len() {
        // The cards they would not hold are as likely as any to come from the stock.
        dice.0.shuffle(&mut cards[held..]);
    }
    held
}

/// [`guess_in_place`] as a copy of `r` in which the opponent of `p` holds the guessed hand,
/// and the guessed stock.
#[cfg(test)]
pub(super) fn guess(
    r: &Referee,
    p: usize,
    unseen: &Unseen,
    dice: &mut Dice,
) -> (Referee, Vec<Card>) {
    let mut cards = unseen.cards.clone();
    let held = guess_in_place(r, p, unseen.likely, &mut cards, dice);
    let stock = cards.split_off(held);
    (r.with_hand(1 - p, cards), stock)
}

/// One deal of what `p` cannot see, ready to play out: the round with the opponent's
/// guessed hand, and the guessed stock (as [`guess_in_place`] deals them).
pub(super) struct Deal<'a> {
    pub(super) round: Position<'a>,
    pub(super) stock: Vec<Code>,
}

/// `n` deals of the `unseen` cards for the player `p` of `r`.
pub(super) fn deal_unseen<'a>(
    r: &'a Referee,
    p: usize,
    unseen: &Unseen,
    n: usize,
    dice: &mut Dice,
) -> Vec<Deal<'a>> {
    let base = Position::of(r);
    let codes: Vec<Code> = unseen.cards.iter().map(|c| playout::code(*c)).collect();
    let mut dealt = codes.clone();
    (0..n)
        .map(|_| {
            dealt.copy_from_slice(&codes);
            let held = guess_in_place(r, p, unseen.likely, &mut dealt, dice);
            let (hand, stock) = dealt.split_at(held);
            Deal {
                round: base.with_hand(1 - p, hand),
                stock: stock.to_vec(),
            }
        })
        .collect()
}

/// What playing `card` to `table` would have taken at a glance: its best capture.
fn glance_at(table: &[Card], card: Card) -> i64 {
    let matches: Vec<Card> = table
        .iter()
        .copied()
        .filter(|c| c.month == card.month)
        .collect();
    match matches.len() {
        1 | 2 => matches
            .iter()
            .map(|c| worth(card, &[*c]))
            .max()
            .unwrap_or(0),
        _ => worth(card, &matches),
    }
}

/// Whether `q`, had they held `card` all round, would have played it rather than a card
/// they played: it would have taken more at a glance. A player who takes the best they see
/// (as most do, and as greedy play-outs assume) does not hold it. Only the glance is read,
/// not the yaku a capture made: reading those too changed nothing in trials.
pub(super) fn passed_over(r: &Referee, q: usize, card: Card) -> bool {
    r.round.laid.iter().any(|l| {
        l.player == q && glance_at(&l.table, card) > worth(l.taken.card, &l.taken.captured)
    })
}

/// The `keep` best of `moves` to the greedy eye, best first, with their greedy keys.
pub(super) fn greedy_best(
    r: &Referee,
    moves: impl Iterator<Item = Move>,
    keep: usize,
) -> Vec<(i64, Move)> {
    let deep = r.phase == Phase::Play;
    let mut ranked: Vec<(i64, Move)> = moves.map(|m| (greedy_key(r, &m, deep), m)).collect();
    ranked.sort_by_key(|(key, _)| std::cmp::Reverse(*key));
    ranked.truncate(keep);
    ranked
}

/// How far, roughly, the lead moves in one round (the spread of a logistic curve).
const ROUND_SPREAD: f64 = 6.0;

/// What ending the round `points` up (negative: down) is worth to `p` for the game: the
/// chance, roughly, of leading when the game ends. A player at 0 or below has lost; after
/// the last round the lead decides; before it, a logistic curve of the lead over the
/// spread of the rounds left.
pub(super) fn game_value(r: &Referee, p: usize, points: i64) -> f64 {
    let l = &r.ledger;
    let (mine, theirs) = (l.scores[p] + points, l.scores[1 - p] - points);
    if mine <= 0 {
        return 0.0;
    }
    if theirs <= 0 {
        return 1.0;
    }
    let lead = (mine - theirs) as f64;
    let left = (l.setup.rounds as usize).saturating_sub(l.played() + 1);
    if left == 0 {
        return match lead.total_cmp(&0.0) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Less => 0.0,
            std::cmp::Ordering::Equal => 0.5,
        };
    }
    1.0 / (1.0 + (-lead / (ROUND_SPREAD * (left as f64).sqrt())).exp())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::koikoi::record::Capture;
    use crate::ruleset::Ruleset;

    fn players() -> [String; 2] {
        ["ana".to_string(), "kado".to_string()]
    }

    fn cards(s: &str) -> Vec<Card> {
        s.parse::<crate::koikoi::cards::Cards>()
            .map(|c| c.0)
            .unwrap_or_default()
    }

    /// ana lays 11p and draws 2r; ben then takes 4p with 4a (8 + 1 at a glance) where
    /// 3b, 8b, 9a and 12b lay on the table too.
    fn ben_took_little() -> Referee {
        let rs = Ruleset::builtin("koikoi").unwrap();
        let mut r = Referee::new(&players(), &rs).unwrap();
        r.hand(0, &cards("1b 1r 2a 3p 5a 7r 9p 11p")).unwrap();
        r.hand(1, &cards("4a 4r 2p 5p 6p 7p 8p 10p")).unwrap();
        r.table(&cards("1p 3b 4p 6r 8b 9a 10r 12b")).unwrap();
        let one = |s: &str| cards(s)[0];
        r.play(0, &Move::new(one("11p"), Capture::Unsaid)).unwrap();
        r.draw(&Move::new(one("2r"), Capture::Unsaid)).unwrap();
        r.play(1, &Move::new(one("4a"), Capture::Unsaid)).unwrap();
        r
    }

    #[test]
    fn a_player_who_took_little_is_read_as_holding_nothing_that_takes_more() {
        let r = ben_took_little();
        let read = |s: &str| passed_over(&r, 1, cards(s)[0]);
        // Each would have taken more than 9 at a glance: 3b (20), 8b, 12b, 9a (15), 10r
        // with the deer (8 + 7), 6r with the butterflies.
        for c in ["3r", "3p", "8a", "8p", "12p", "9r", "10a", "6a"] {
            assert!(read(c), "{c}");
        }
        // Laid on the table (5p), or taking no more (10p: 1 + 7, 6p: 1 + 7, 2p: 1 + 4).
        for c in ["5p", "10p", "6p", "2p", "7p"] {
            assert!(!read(c), "{c}");
        }
    }

    /// The play-outs' deals are dealt as codes, in place: card for card the rounds and
    /// stocks `guess` deals through the referee from the same dice.
    #[test]
    fn deals_dealt_as_codes_are_the_guessed_ones() {
        let mut r = ben_took_little();
        r.draw(&Move::new(cards("5r")[0], Capture::Unsaid)).unwrap();
        let hidden = unseen(&r, 0, None);
        assert!(hidden.likely < hidden.cards.len());
        let deals = deal_unseen(&r, 0, &hidden, 30, &mut Dice::new(5));
        let mut dice = Dice::new(5);
        for d in deals {
            let (g, stock) = guess(&r, 0, &hidden, &mut dice);
            assert_eq!(d.round, Position::of(&g));
            let codes: Vec<Code> = stock.iter().map(|c| playout::code(*c)).collect();
            assert_eq!(d.stock, codes);
        }
    }

    #[test]
    fn guessed_hands_hold_only_cards_the_reading_allows_while_there_are_enough() {
        let mut r = ben_took_little();
        r.draw(&Move::new(cards("5r")[0], Capture::Unsaid)).unwrap();
        let hidden = unseen(&r, 0, None);
        assert!(hidden.likely >= DEALT - 1 && hidden.likely < hidden.cards.len());
        let mut dice = Dice::new(7);
        for _ in 0..50 {
            let (g, stock) = guess(&r, 0, &hidden, &mut dice);
            let hand = g.round.hands[1].clone().unwrap_or_default();
            assert_eq!(hand.len(), DEALT - 1);
            assert!(hand.iter().all(|c| !passed_over(&r, 1, *c)), "{hand:?}");
            let mut all = [hand, stock].concat();
            all.sort();
            assert_eq!(all, r.hidden_from(0));
        }
    }
}
