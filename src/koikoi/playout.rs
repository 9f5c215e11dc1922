//! Fast play-outs for kado's Koi-Koi policy and advisor.
//!
//! A round played out greedily by both players (each stops at their first yaku), on a
//! compact copy of the position: cards as small codes, each hand and the table as a short
//! array in the referee's order, each captured pile as a bitset of the 48 cards, and the
//! yaku counted from the bitsets. It decides exactly as a play-out driven through the
//! [`Referee`] does, move for move and point for point (the tests keep that play-out and
//! compare the two), without cloning the game or building a score's words at every step.

use crate::koikoi::ruling;
use std::sync::OnceLock;

use super::cards::{Card, Kind, RibbonKind};
use super::record::{Capture, Move};
use super::referee::{DEALT, Phase, Referee};
use super::yaku::Name;
use super::{Draw, KoiExhausted, Multiplier, Rain, Rules, Viewing};

/// A card as a small code: (month − 1) × 4 + kind (bright, animal, ribbon, plain).
pub(super) type Code = u8;

/// The most cards the table can hold: a month has at most three there (a fourth takes
/// them), so 36; the rest is headroom.
const TABLE: usize = 48;

/// The code of a card (of the deck: months 1–12).
pub(super) fn code(c: Card) -> Code {
    c.month.saturating_sub(1).min(11) * 4 + c.kind as u8
}

fn month(c: Code) -> u8 {
    c / 4
}

/// The deck's layout as bitsets: each of the 48 cards has a bit (the copies of a plain
/// card one each), and the masks the yaku count.
struct Tables {
    /// The first bit of a code's copies, and how many copies it has.
    first: [u8; 48],
    copies: [u8; 48],
    /// What a card is worth at a glance (`cards::weight`).
    weight: [i64; 48],
    kind: [u64; 4],
    month: [u64; 12],
    poetry: u64,
    blue: u64,
    /// The cards yaku name: the rain man, the sake cup, the curtain, the moon, the
    /// lightning, and the boar, deer and butterflies together.
    rain_man: u64,
    sake: u64,
    curtain: u64,
    moon: u64,
    lightning: u64,
    ino: u64,
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = Tables {
            first: [0; 48],
            copies: [0; 48],
            weight: [0; 48],
            kind: [0; 4],
            month: [0; 12],
            poetry: 0,
            blue: 0,
            rain_man: 0,
            sake: 0,
            curtain: 0,
            moon: 0,
            lightning: 0,
            ino: 0,
        };
        for (slot, c) in Card::deck().into_iter().enumerate() {
            let k = usize::from(code(c));
            if t.copies[k] == 0 {
                t.first[k] = slot as u8;
            }
            t.copies[k] += 1;
            t.weight[k] = super::cards::weight(c);
            let bit = 1u64 << slot;
            t.kind[c.kind as usize] |= bit;
            t.month[usize::from(month(code(c)))] |= bit;
            match c.ribbon_kind() {
                Some(RibbonKind::Poetry) => t.poetry |= bit,
                Some(RibbonKind::Blue) => t.blue |= bit,
                _ => {}
            }
            match (c.month, c.kind) {
                (11, Kind::Bright) => t.rain_man |= bit,
                (9, Kind::Animal) => t.sake |= bit,
                (3, Kind::Bright) => t.curtain |= bit,
                (8, Kind::Bright) => t.moon |= bit,
                (11, Kind::Plain) => t.lightning |= bit,
                (6 | 7 | 10, Kind::Animal) => t.ino |= bit,
                _ => {}
            }
        }
        t
    })
}

/// Adds a card to a pile: the first of its copies' bits not yet set.
pub(super) fn add(pile: u64, c: Code) -> u64 {
    let t = tables();
    let (first, copies) = (t.first[usize::from(c)], t.copies[usize::from(c)]);
    (first..first + copies)
        .map(|s| 1u64 << s)
        .find(|b| pile & b == 0)
        .map_or(pile, |b| pile | b)
}

pub(super) fn pile_of(cards: &[Card]) -> u64 {
    cards.iter().fold(0, |p, c| add(p, code(*c)))
}

fn count(bits: u64) -> i64 {
    i64::from(bits.count_ones())
}

/// The yaku a pile makes: their points added up, and which they are (a bit per [`Name`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Yaku {
    pub base: i64,
    pub names: u32,
}

impl Yaku {
    fn add(&mut self, name: Name, points: i64) {
        self.base = self.base.saturating_add(points);
        self.names |= 1 << name as u32;
    }
}

/// A yaku that grows: `value` for `min` cards, and the extra card's value per card more.
fn growing(rules: &Rules, value: i64, count: i64, min: i64) -> i64 {
    let further = (count - min).max(0);
    value.saturating_add(rules.values.extra_card.saturating_mul(further))
}

/// The best of a group's ways to score (the first on a tie), as `yaku::score` picks it.
#[derive(Default)]
struct Best {
    sum: Option<i64>,
    items: [(Option<Name>, i64); 2],
}

impl Best {
    fn offer(&mut self, items: &[(Name, i64)]) {
        let sum: i64 = items.iter().map(|(_, p)| *p).sum();
        if self.sum.is_none_or(|b| sum > b) {
            self.sum = Some(sum);
            self.items = [(None, 0); 2];
            for (slot, (n, p)) in self.items.iter_mut().zip(items) {
                *slot = (Some(*n), *p);
            }
        }
    }

    /// Adds the best way's yaku to `y`.
    fn add_to(self, y: &mut Yaku) {
        for (n, p) in self.items {
            if let Some(n) = n {
                y.add(n, p);
            }
        }
    }
}

/// What a pile scores, as `yaku::score` counts it: `koi_calls` the scorer's own calls this
/// round, `willow_on_table` whether a willow card lies on the field (ruling rain:
/// willow-on-field), `month` the round's month (1–12).
pub(super) fn yaku(
    rules: &Rules,
    pile: u64,
    koi_calls: u32,
    willow_on_table: bool,
    month: u8,
) -> Yaku {
    let t = tables();
    let v = &rules.values;
    let mut y = Yaku::default();
    if pile == 0 {
        return y;
    }
    let rain_man = pile & t.rain_man != 0;
    let brights = count(pile & t.kind[Kind::Bright as usize]);
    match (brights, rain_man) {
        (5.., _) => y.add(Name::Goko, v.goko),
        (4, false) => y.add(Name::Shiko, v.shiko),
        (4, true) => y.add(Name::AmeShiko, v.ame_shiko),
        (3, false) => y.add(Name::Sanko, v.sanko),
        _ => {}
    }
    let mut rest = Yaku::default();
    animals(rules, pile, &mut rest);
    ribbons(rules, pile, &mut rest);
    let sake = pile & t.sake != 0;
    let plains =
        count(pile & t.kind[Kind::Plain as usize]) + i64::from(rules.cup_is_plain() && sake);
    if plains >= v.kasu_cards {
        rest.add(Name::Kasu, growing(rules, v.kasu, plains, v.kasu_cards));
    }
    let of_month = t.month[usize::from(month.clamp(1, 12) - 1)];
    if rules.tsukifuda() && count(pile & of_month) == 4 {
        rest.add(Name::Tsukifuda, v.tsukifuda);
    }
    let hanami = sake && pile & t.curtain != 0;
    let tsukimi = sake && pile & t.moon != 0;
    if hanami || tsukimi {
        let alone = y.names == 0 && rest.names == 0;
        let rain = match rules.ruled.rain {
            Rain::WillowOnField => willow_on_table,
            Rain::AnyWillow => pile & t.month[10] != 0,
            Rain::RainMan => rain_man,
            Rain::Lightning => pile & t.lightning != 0,
            Rain::RainManOrLightning => pile & (t.rain_man | t.lightning) != 0,
        };
        let refused = match rules.ruled.viewing_yaku {
            Viewing::Disabled => true,
            Viewing::RainRuins => rain,
            Viewing::WithAnotherYaku => alone,
            Viewing::Enabled | Viewing::RaisedByKoi => false,
        };
        let raised = rules.viewing_raised_by_koi() && koi_calls > 0;
        let worth = |own: i64| if raised { v.viewing_after_koi } else { own };
        if !refused && hanami {
            y.add(Name::HanamiZake, worth(v.hanami_zake));
        }
        if !refused && tsukimi {
            y.add(Name::TsukimiZake, worth(v.tsukimi_zake));
        }
    }
    y.base = y.base.saturating_add(rest.base);
    y.names |= rest.names;
    y
}

fn animals(rules: &Rules, pile: u64, y: &mut Yaku) {
    let v = &rules.values;
    let t = tables();
    let a = count(pile & t.kind[Kind::Animal as usize]);
    let ino = pile & t.ino == t.ino;
    let tane = (a >= v.tane_cards).then(|| growing(rules, v.tane, a, v.tane_cards));
    if rules.yaku_stack() {
        if ino {
            y.add(Name::Inoshikacho, v.inoshikacho);
        }
        if let Some(t) = tane {
            y.add(Name::Tane, t);
        }
        return;
    }
    let mut best = Best::default();
    if ino {
        best.offer(&[(Name::Inoshikacho, growing(rules, v.inoshikacho, a, 3))]);
    }
    if let Some(t) = tane {
        best.offer(&[(Name::Tane, t)]);
    }
    best.add_to(y);
}

fn ribbons(rules: &Rules, pile: u64, y: &mut Yaku) {
    let t = tables();
    let v = &rules.values;
    let all = count(pile & t.kind[Kind::Ribbon as usize]);
    let akatan = count(pile & t.poetry) == 3;
    let aotan = count(pile & t.blue) == 3;
    let tanzaku = (all >= v.tanzaku_cards).then(|| growing(rules, v.tanzaku, all, v.tanzaku_cards));
    if rules.yaku_stack() {
        if akatan && aotan && rules.pair_replaces() {
            y.add(Name::AkatanAotan, v.akatan_aotan);
        } else {
            if akatan {
                y.add(Name::Akatan, v.akatan);
            }
            if aotan {
                y.add(Name::Aotan, v.aotan);
            }
        }
        if let Some(t) = tanzaku {
            y.add(Name::Tanzaku, t);
        }
        return;
    }
    let mut best = Best::default();
    if akatan && aotan && rules.pair_replaces() {
        best.offer(&[(Name::AkatanAotan, growing(rules, v.akatan_aotan, all, 6))]);
    } else {
        if akatan && aotan {
            best.offer(&[
                (Name::Akatan, growing(rules, v.akatan, all, 6)),
                (Name::Aotan, v.aotan),
            ]);
        }
        if akatan {
            best.offer(&[(Name::Akatan, growing(rules, v.akatan, all, 3))]);
        }
        if aotan {
            best.offer(&[(Name::Aotan, growing(rules, v.aotan, all, 3))]);
        }
    }
    if let Some(t) = tanzaku {
        best.offer(&[(Name::Tanzaku, t)]);
    }
    best.add_to(y);
}

/// The round's points for a `base` under ruling multiplier, as `yaku::score` totals them.
pub(super) fn total(
    rules: &Rules,
    base: i64,
    koi_calls: u32,
    opponent_koi: bool,
    field_brights: u8,
) -> i64 {
    if base == 0 {
        return 0;
    }
    let v = &rules.values;
    let doubled = if v.double_at > 0 && base >= v.double_at {
        2
    } else {
        1
    };
    let calls = i64::from(koi_calls);
    let (factor, bonus) = match rules.ruled.multiplier {
        Multiplier::HardKoi => (if opponent_koi { 2 } else { 1 }, 0),
        Multiplier::SoftKoi => (1 + calls, 0),
        Multiplier::None => (1, 0),
        Multiplier::FieldBrights => (i64::from(field_brights).max(1), 0),
        Multiplier::KoiBonus if calls >= v.koi_bonus_multiply_from => (calls - 2, 0),
        Multiplier::KoiBonus => (1, calls.saturating_mul(v.koi_bonus)),
    };
    let m: i64 = doubled * factor;
    base.saturating_mul(m).saturating_add(bonus)
}

/// A short list of cards in order: a hand, the table, what a card takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct List<const N: usize> {
    len: u8,
    cards: [Code; N],
}

impl<const N: usize> List<N> {
    fn new() -> Self {
        List {
            len: 0,
            cards: [0; N],
        }
    }

    pub(super) fn of(cards: impl IntoIterator<Item = Code>) -> Self {
        let mut l = List::new();
        for c in cards {
            l.push(c);
        }
        l
    }

    fn as_slice(&self) -> &[Code] {
        &self.cards[..usize::from(self.len).min(N)]
    }

    /// Adds a card at the end (none past `N`: the lists are sized for the game).
    fn push(&mut self, c: Code) {
        if let Some(slot) = self.cards.get_mut(usize::from(self.len)) {
            *slot = c;
            self.len += 1;
        }
    }

    /// Removes the first copy of `c`, keeping the order of the rest.
    fn remove(&mut self, c: Code) -> bool {
        let Some(i) = self.as_slice().iter().position(|x| *x == c) else {
            return false;
        };
        let n = usize::from(self.len);
        self.cards.copy_within(i + 1..n, i);
        self.len -= 1;
        true
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// What a card played or drawn names as its capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Cap {
    Unsaid,
    Card(Code),
    Nothing,
}

/// A card played or drawn, and its capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Mv {
    card: Code,
    cap: Cap,
}

impl Mv {
    pub(super) fn of(m: &Move) -> Mv {
        Mv {
            card: code(m.card),
            cap: match m.capture {
                Capture::Unsaid => Cap::Unsaid,
                Capture::Card(c) if c.exists() => Cap::Card(code(c)),
                // A card the deck does not hold captures nothing: refused as the referee does.
                Capture::Card(_) => Cap::Card(u8::MAX),
                Capture::Nothing => Cap::Nothing,
            },
        }
    }
}

/// How a round played out ended: who took the points (none: nobody), and how many.
type Ended = (Option<usize>, i64);

/// A round being played, as a play-out needs it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Position<'a> {
    rules: &'a Rules,
    phase: Phase,
    hands: [List<DEALT>; 2],
    known: [bool; 2],
    table: List<TABLE>,
    piles: [u64; 2],
    turns: [usize; 2],
    to_move: usize,
    calls: [u32; 2],
    last_koi: Option<usize>,
    /// Each player's pile and yaku at their last koi-koi.
    decided: [(u64, u32); 2],
    /// The ledger's dealer (who takes a draw round under ruling draw-round).
    dealer: usize,
    month: u8,
    field_brights: u8,
    ended: Option<Ended>,
}

impl<'a> Position<'a> {
    /// The round `r` is playing, as it stands.
    pub(super) fn of(r: &'a Referee) -> Position<'a> {
        let round = &r.round;
        let hand = |p: usize| List::of(round.hands[p].iter().flatten().map(|c| code(*c)));
        let decided = |p: usize| {
            let (cards, names) = r.decided(p);
            let pile = &round.piles[p];
            let then = pile.get(..cards).unwrap_or(pile);
            let names = names.iter().fold(0u32, |m, n| m | 1 << *n as u32);
            (pile_of(then), names)
        };
        Position {
            rules: &r.rules,
            phase: r.phase,
            hands: [hand(0), hand(1)],
            known: [round.hands[0].is_some(), round.hands[1].is_some()],
            table: List::of(round.table.iter().map(|c| code(*c))),
            piles: [pile_of(&round.piles[0]), pile_of(&round.piles[1])],
            turns: round.turns,
            to_move: round.to_move,
            calls: round.calls,
            last_koi: round.last_koi,
            decided: [decided(0), decided(1)],
            dealer: r.ledger.dealer,
            month: round.month,
            field_brights: round.field_brights,
            ended: None,
        }
    }

    /// The same round with `q` holding `hand`.
    pub(super) fn with_hand(&self, q: usize, hand: &[Code]) -> Position<'a> {
        let mut g = *self;
        g.hands[q] = List::of(hand.iter().copied());
        g.known[q] = true;
        g
    }

    /// Whether the table's cards count in a score (ruling viewing-yaku: rain-ruins with
    /// rain: willow-on-field); otherwise only the piles do.
    fn field_matters(&self) -> bool {
        self.rules.rain_on_field()
    }

    fn willow_on_table(&self) -> bool {
        self.table.as_slice().iter().any(|c| month(*c) == 10)
    }

    /// What `p`'s pile `pile` scores now (the round's calls, table and month).
    fn yaku_of(&self, p: usize, pile: u64) -> Yaku {
        yaku(
            self.rules,
            pile,
            self.calls[p],
            self.field_matters() && self.willow_on_table(),
            self.month,
        )
    }

    fn total_of(&self, p: usize, y: Yaku) -> i64 {
        total(
            self.rules,
            y.base,
            self.calls[p],
            self.calls[1 - p] > 0,
            self.field_brights,
        )
    }

    /// The table cards of `card`'s month, in the table's order.
    fn matches(&self, card: Code) -> List<4> {
        List::of(
            self.table
                .as_slice()
                .iter()
                .copied()
                .filter(|c| month(*c) == month(card)),
        )
    }

    /// What `m` takes from the table (the referee's `resolve`); `None` if it cannot.
    fn resolve(&self, m: Mv) -> Option<List<4>> {
        Self::resolve_among(m, self.matches(m.card))
    }

    /// What `m` takes when `matches` are the table cards of its month, in order.
    fn resolve_among(m: Mv, matches: List<4>) -> Option<List<4>> {
        let ms = matches.as_slice();
        match (m.cap, ms.len()) {
            (Cap::Card(c), _) if month(c) != month(m.card) || !ms.contains(&c) => None,
            (Cap::Nothing | Cap::Unsaid, 0) => Some(List::new()),
            (Cap::Nothing, _) => None,
            (_, 3..) => Some(matches),
            (Cap::Card(c), _) => Some(List::of([c])),
            (Cap::Unsaid, 1) => Some(matches),
            (Cap::Unsaid, _) if ms.windows(2).all(|w| w[0] == w[1]) => Some(List::of([ms[0]])),
            (Cap::Unsaid, _) => None,
        }
    }

    /// Moves `card` and what it takes to `p`'s pile, or the card to the table.
    fn take(&mut self, p: usize, card: Code, taken: &List<4>) {
        if taken.is_empty() {
            self.table.push(card);
            return;
        }
        for c in taken.as_slice() {
            self.table.remove(*c);
        }
        self.piles[p] = taken
            .as_slice()
            .iter()
            .fold(add(self.piles[p], card), |pile, c| add(pile, *c));
    }

    /// The cards of `p`'s hand that may be played (ruling must-capture).
    fn playable(&self, p: usize) -> List<DEALT> {
        let hand = self.hands[p];
        let capturing = List::<DEALT>::of(
            hand.as_slice()
                .iter()
                .copied()
                .filter(|c| !self.matches(*c).is_empty()),
        );
        if self.rules.whole_hand_must_capture() && !capturing.is_empty() {
            capturing
        } else {
            hand
        }
    }
}

impl Position<'_> {
    /// A card played from the hand of the player to move; `None` if the referee refuses it.
    fn play(&mut self, m: Mv) -> Option<()> {
        let p = self.to_move;
        if self.phase != Phase::Play || !self.known[p] {
            return None;
        }
        if !self.hands[p].as_slice().contains(&m.card) {
            return None;
        }
        let taken = self.resolve(m)?;
        if taken.is_empty() && !self.playable(p).as_slice().contains(&m.card) {
            return None;
        }
        self.played(m.card, &taken);
        Some(())
    }

    /// A legal play of `card` taking `taken`, carried out.
    fn played(&mut self, card: Code, taken: &List<4>) {
        let p = self.to_move;
        self.hands[p].remove(card);
        self.turns[p] += 1;
        self.take(p, card, taken);
        self.phase = Phase::Draw;
    }

    /// The card drawn by the player to move: `Some(true)` when the turn waits for koi or
    /// stop; otherwise the turn passes, and the round may end.
    fn draw(&mut self, m: Mv) -> Option<bool> {
        if self.phase != Phase::Draw {
            return None;
        }
        let taken = self.resolve(m)?;
        Some(self.drawn(m.card, &taken))
    }

    /// A legal draw of `card` taking `taken`, carried out: whether koi or stop is due.
    fn drawn(&mut self, card: Code, taken: &List<4>) -> bool {
        let p = self.to_move;
        self.take(p, card, taken);
        let now = self.yaku_of(p, self.piles[p]);
        let (then_pile, then_names) = self.decided[p];
        let due = if self.rules.new_yaku_decides() {
            now.names & !then_names != 0
        } else {
            now.base > self.yaku_of(p, then_pile).base
        };
        if due {
            self.phase = Phase::Call;
        } else {
            self.phase = Phase::Play;
            self.end_turn();
        }
        due
    }

    /// Whether the player to move may not call koi-koi (the referee's `koi_refused`).
    fn koi_refused(&self) -> bool {
        let (p, r) = (self.to_move, self.rules);
        let last_card = match r.ruled.last_card_koi {
            ruling::LastCardKoi::NoKoi => self.turns[p] >= DEALT,
            ruling::LastCardKoi::Allowed => false,
        };
        let called = match r.ruled.koi_calls {
            ruling::KoiCalls::Once => self.calls[p] > 0,
            ruling::KoiCalls::Repeated => false,
        };
        let both = match r.ruled.both_koi {
            ruling::BothKoi::NextYakuStops => self.calls[p] > 0 && self.calls[1 - p] > 0,
            ruling::BothKoi::PlayOn => false,
        };
        last_card || called || both
    }

    /// Koi-koi by the player to move; `None` if refused.
    fn koi(&mut self) -> Option<()> {
        if self.phase != Phase::Call || self.koi_refused() {
            return None;
        }
        let p = self.to_move;
        let now = self.yaku_of(p, self.piles[p]);
        self.calls[p] += 1;
        self.last_koi = Some(p);
        self.decided[p] = (self.piles[p], now.names);
        self.phase = Phase::Play;
        self.end_turn();
        Some(())
    }

    /// Stop by the player to move: the round is scored.
    fn stop(&mut self) -> Option<()> {
        if self.phase != Phase::Call {
            return None;
        }
        let p = self.to_move;
        let points = self.total_of(p, self.yaku_of(p, self.piles[p]));
        self.finish(Some(p), points);
        Some(())
    }

    fn end_turn(&mut self) {
        self.to_move = 1 - self.to_move;
        if self.turns.iter().all(|t| *t >= DEALT) {
            let scorer = match (self.last_koi, self.rules.ruled.koi_exhausted) {
                (Some(c), KoiExhausted::CallerScores) => Some((c, c)),
                (Some(c), KoiExhausted::OpponentScores) => Some((c, 1 - c)),
                _ => None,
            };
            match scorer {
                Some((caller, winner)) => {
                    let points = self.total_of(caller, self.yaku_of(caller, self.piles[caller]));
                    self.finish(Some(winner), points);
                }
                None => self.finish(None, 0),
            }
        }
    }

    /// The round ends, settled as the ledger settles it.
    fn finish(&mut self, winner: Option<usize>, points: i64) {
        self.phase = Phase::Between;
        self.ended = Some(match winner.filter(|_| points > 0) {
            Some(w) => (Some(w), points),
            None => match self.rules.ruled.draw_round {
                Draw::Nobody => (None, 0),
                Draw::Dealer6 => (Some(self.dealer), self.rules.values.draw_points.max(0)),
                Draw::NonDealer6 => (Some(1 - self.dealer), self.rules.values.draw_points.max(0)),
            },
        });
    }

    /// The round's points for `p`: negative when the opponent took them, 0 unfinished.
    fn points_for(&self, p: usize) -> i64 {
        match self.ended {
            Some((Some(w), points)) if w == p => points,
            Some((Some(_), points)) => -points,
            _ => 0,
        }
    }

    /// What `card` taking `taken` is worth at a glance (`sample::worth`).
    fn worth(card: Code, taken: &List<4>) -> i64 {
        let w = &tables().weight;
        if taken.is_empty() {
            return -w[usize::from(card)] / 2;
        }
        taken
            .as_slice()
            .iter()
            .fold(w[usize::from(card)], |s, c| s + w[usize::from(*c)])
    }

    /// The ways to play `card` (`sim::options`): a capture for each of two unlike matches.
    fn options(&self, card: Code) -> [Option<Mv>; 2] {
        Self::options_among(card, &self.matches(card))
    }

    /// The ways to play `card` when `matches` are the table cards of its month.
    fn options_among(card: Code, matches: &List<4>) -> [Option<Mv>; 2] {
        match matches.as_slice() {
            [a, b] => [
                Some(Mv {
                    card,
                    cap: Cap::Card(*a),
                }),
                (a != b).then_some(Mv {
                    card,
                    cap: Cap::Card(*b),
                }),
            ],
            _ => [
                Some(Mv {
                    card,
                    cap: Cap::Unsaid,
                }),
                None,
            ],
        }
    }

    /// What `p`'s yaku would gain if `card` took `taken` (the greedy eye's look ahead).
    fn gain(&self, p: usize, card: Code, taken: &List<4>, before: &mut Option<i64>) -> i64 {
        let field = self.field_matters();
        if taken.is_empty() && !field {
            // Nothing joins the pile, and the table does not count.
            return 0;
        }
        let was = *before.get_or_insert_with(|| self.yaku_of(p, self.piles[p]).base);
        let mut next = self.piles[p];
        if !taken.is_empty() {
            next = taken
                .as_slice()
                .iter()
                .fold(add(next, card), |pile, c| add(pile, *c));
        }
        let willow = field && {
            let mut table = self.table;
            if taken.is_empty() {
                table.push(card);
            }
            for c in taken.as_slice() {
                table.remove(*c);
            }
            table.as_slice().iter().any(|c| month(*c) == 10)
        };
        yaku(self.rules, next, self.calls[p], willow, self.month).base - was
    }

    /// The greedy policy's play (`sim::choose_play`, deep), and what it takes: the most
    /// yaku points gained, then the best at a glance; the last of equals, as `max_by_key`
    /// keeps. Every option is legal, so each is played as the referee would play it.
    fn greedy_play(&self) -> Option<(Mv, List<4>)> {
        let p = self.to_move;
        if !self.known[p] {
            return None;
        }
        let mut before = None;
        let mut best: Option<(i64, Mv, List<4>)> = None;
        // Each card's matches found once (`playable`, `options` and `resolve` in one).
        let hand = self.hands[p].as_slice();
        let mut matches = [List::new(); DEALT];
        for (slot, card) in matches.iter_mut().zip(hand) {
            *slot = self.matches(*card);
        }
        let must = self.rules.whole_hand_must_capture()
            && matches.iter().take(hand.len()).any(|m| !m.is_empty());
        for (card, ms) in hand.iter().zip(&matches) {
            if must && ms.is_empty() {
                continue;
            }
            for m in Self::options_among(*card, ms).into_iter().flatten() {
                let Some(taken) = Self::resolve_among(m, *ms) else {
                    continue;
                };
                let key =
                    self.gain(p, m.card, &taken, &mut before) * 100 + Self::worth(m.card, &taken);
                if best.is_none_or(|(b, _, _)| key >= b) {
                    best = Some((key, m, taken));
                }
            }
        }
        best.map(|(_, m, taken)| (m, taken))
    }

    /// The greedy policy's capture for a drawn card, and what it takes: the best at a
    /// glance, the last of equals.
    fn greedy_draw(&self, card: Code) -> (Mv, List<4>) {
        let mut best: Option<(i64, Mv, List<4>)> = None;
        for m in self.options(card).into_iter().flatten() {
            let Some(taken) = self.resolve(m) else {
                continue;
            };
            let key = Self::worth(card, &taken);
            if best.is_none_or(|(b, _, _)| key >= b) {
                best = Some((key, m, taken));
            }
        }
        let unsaid = Mv {
            card,
            cap: Cap::Unsaid,
        };
        best.map_or(
            (unsaid, self.resolve(unsaid).unwrap_or(List::new())),
            |(_, m, t)| (m, t),
        )
    }

    /// Plays the round out greedily from `stock` (each player stops at their next yaku):
    /// the round's points for `p`.
    fn play_out(mut self, p: usize, stock: &[Code]) -> i64 {
        let mut stock = stock.iter().copied();
        while self.phase == Phase::Play {
            let Some((m, taken)) = self.greedy_play() else {
                break;
            };
            self.played(m.card, &taken);
            let Some(card) = stock.next() else { break };
            let (_, taken) = self.greedy_draw(card);
            if self.drawn(card, &taken) && self.stop().is_none() {
                break;
            }
        }
        self.points_for(p)
    }

    /// The round's points for `p` when `m` is played (or drawn, at a draw) and the round is
    /// played out with `stock` (the referee-driven `after` of the tests).
    pub(super) fn after(mut self, p: usize, m: Mv, stock: &[Code]) -> i64 {
        let mut rest = stock;
        let drawn = if self.phase == Phase::Draw {
            Some(m)
        } else if self.play(m).is_some() {
            match stock.split_first() {
                Some((card, tail)) => {
                    rest = tail;
                    Some(self.greedy_draw(*card).0)
                }
                None => None,
            }
        } else {
            None
        };
        match drawn.map(|d| self.draw(d)) {
            Some(Some(true)) if self.stop().is_none() => 0,
            Some(Some(_)) => self.play_out(p, rest),
            _ => -1000,
        }
    }

    /// One play-out after a koi-koi call by `p`: the round's points for `p`.
    pub(super) fn rollout(mut self, p: usize, stock: &[Code]) -> i64 {
        if self.koi().is_none() {
            return 0;
        }
        self.play_out(p, stock)
    }
}

#[cfg(test)]
mod tests;
