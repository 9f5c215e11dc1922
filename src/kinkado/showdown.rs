//! Settling a reveal: who wins, and who gets what.
//!
//! Highest tier, then highest sum, then highest bet, then a split. ALORA never shares a
//! pot: by default (ruling `alora-ties: after-bets`) she wins where equal bets would
//! split it; under `on-sum` she wins as soon as she is level on tier and sum. The winner
//! takes the prize pool (money and cards) and every bet, and the bank also pays the
//! winner the amount they bet. In a split the money in the pot is
//! shared evenly (by chip when the chips are known); what cannot be divided, and every
//! card, stays in the pool, and each winner still gets their own bet from the bank.

use crate::kinkado::ruling;
use std::collections::BTreeMap;

use serde::Serialize;

use super::Rules;
use super::fast::best_hand;
use super::hand::{Category, evaluate};
use crate::cards::Card;
use crate::explain::Explain;
use crate::render::{Style, money};
use crate::ruleset::Ruleset;

/// The name ALORA goes by in verdicts.
pub const ALORA: &str = "alora";

/// The chips of the game, largest first: bets are counted in these.
pub const CHIPS: [u32; 4] = [25, 10, 5, 1];

/// One seat at the reveal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    pub name: String,
    pub cards: Vec<Card>,
    pub bet: u32,
    /// ALORA: plays all she holds and wins ties.
    pub is_alora: bool,
    /// The bank placed this bet (ALORA could not afford it).
    pub bank_placed: bool,
}

/// The prize pool before the reveal.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pool {
    pub money: u32,
    pub cards: Vec<Card>,
    /// The chips making up the money, when known.
    pub chips: Option<Vec<u32>>,
}

/// A hand as the verdict reports it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HandSummary {
    pub category: Category,
    pub tier: u8,
    pub sum: u32,
    /// The cards that formed the hand.
    pub played: Vec<Card>,
}

/// Who wins and who gets what.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Settlement {
    pub winners: Vec<String>,
    pub hands: BTreeMap<String, HandSummary>,
    /// Money each seat receives, the bank's share included.
    pub payouts: BTreeMap<String, u32>,
    /// What the bank pays out: each winner's own bet again.
    pub bank_paid: u32,
    /// A bet the bank placed for ALORA that goes back to the bank (ruling `bank-bet`).
    pub bank_took_back: u32,
    /// Money left in the prize pool.
    pub pool_left: u32,
    /// Who takes the prize-pool cards; null when they stay.
    pub pool_cards_to: Option<String>,
    /// How the winners were found.
    pub decided_by: DecidedBy,
    /// ALORA was level with another seat on tier and sum, so ruling `alora-ties` had a
    /// say (whoever won).
    pub alora_tie: bool,
    #[serde(skip)]
    pub explain: Explain,
}

/// How a reveal's winners were found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DecidedBy {
    /// One hand in the highest tier.
    Tier,
    /// The highest sum in the tier.
    Sum,
    /// Equal hands, the highest bet.
    Bet,
    /// ALORA's tie-break (ruling `alora-ties`).
    AloraWinsTies,
    /// Equal hands and bets: the winners split the pot.
    Split,
    /// One hand alone.
    OnlyHand,
}

impl DecidedBy {
    /// The name in verdicts: tier, sum, bet, alora-wins-ties, split, only-hand.
    pub fn as_str(self) -> &'static str {
        match self {
            DecidedBy::Tier => "tier",
            DecidedBy::Sum => "sum",
            DecidedBy::Bet => "bet",
            DecidedBy::AloraWinsTies => "alora-wins-ties",
            DecidedBy::Split => "split",
            DecidedBy::OnlyHand => "only-hand",
        }
    }

    /// Why the winner won, for the sentence that says so.
    pub fn why(self, rules: &Rules) -> &'static str {
        match self {
            DecidedBy::Tier => "highest tier",
            DecidedBy::Sum => "highest sum in the tier",
            DecidedBy::Bet => "equal hands, highest bet",
            DecidedBy::AloraWinsTies => match rules.ruled.alora_ties {
                ruling::AloraTies::AfterBets => "equal hands and bets, ALORA wins ties",
                ruling::AloraTies::OnSum => "equal hands, ALORA wins ties",
            },
            DecidedBy::Split | DecidedBy::OnlyHand => "the only hand",
        }
    }
}

/// `name verb`, in agreement for a seat called `you` ("you win"); other names as given.
fn agrees(name: &str, verb: &str) -> String {
    crate::words::agree(name, verb)
}

impl Settlement {
    /// The sentences under a reveal: who wins and why, or who splits, and what the bank
    /// takes back.
    pub fn summary(&self, pool: &Pool, rules: &Rules, s: &Style) -> String {
        let mut human = String::new();
        let winners = self.winners.join(" and ");
        if self.winners.len() == 1 {
            human += &format!(
                "{} ({}): takes the prize pool ({}{}) and every bet, and the bank pays {} {}.\n",
                agrees(&winners, "wins"),
                self.decided_by.why(rules),
                money(i64::from(pool.money)),
                if pool.cards.is_empty() {
                    String::new()
                } else {
                    format!(" and {}", s.cards(&pool.cards))
                },
                winners,
                money(i64::from(self.bank_paid))
            );
        } else {
            human += &format!(
                "{} split the pot; the bank pays each their own bet ({} in all). {} stays in the prize pool{}.\n",
                winners,
                money(i64::from(self.bank_paid)),
                money(i64::from(self.pool_left)),
                if pool.cards.is_empty() {
                    String::new()
                } else {
                    format!(", with {}", s.cards(&pool.cards))
                }
            );
        }
        if self.bank_took_back > 0 {
            human += &format!(
                "The bank takes back the {} it bet for ALORA.\n",
                money(i64::from(self.bank_took_back))
            );
        }
        human
    }
}

/// A hand in the verdict.
#[derive(Serialize)]
pub struct HandOut<'a> {
    pub category: Category,
    pub tier: u8,
    pub sum: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub played: Option<&'a [Card]>,
}

/// A settled reveal, for --json.
#[derive(Serialize)]
pub struct Verdict<'a> {
    pub winners: &'a [String],
    pub hands: BTreeMap<&'a str, HandOut<'a>>,
    pub payouts: &'a BTreeMap<String, u32>,
    pub bank_paid: u32,
    pub bank_took_back: u32,
    pub pool_left: u32,
    pub pool_cards_to: &'a Option<String>,
    pub decided_by: DecidedBy,
}

impl Settlement {
    /// The verdict as `kado kinkado showdown --json` gives it: ALORA's hand says which
    /// cards she played.
    pub fn verdict(&self) -> Verdict<'_> {
        let v = self;
        Verdict {
            winners: &v.winners,
            hands: v
                .hands
                .iter()
                .map(|(k, h)| {
                    let is_alora = k == ALORA;
                    (
                        k.as_str(),
                        HandOut {
                            category: h.category,
                            tier: h.tier,
                            sum: h.sum,
                            played: is_alora.then_some(h.played.as_slice()),
                        },
                    )
                })
                .collect(),
            payouts: &v.payouts,
            bank_paid: v.bank_paid,
            bank_took_back: v.bank_took_back,
            pool_left: v.pool_left,
            pool_cards_to: &v.pool_cards_to,
            decided_by: v.decided_by,
        }
    }
}

/// Greedy break-down of an amount into the game's chips.
pub fn as_chips(amount: u32) -> Vec<u32> {
    let mut left = amount;
    let mut out = Vec::new();
    for c in CHIPS {
        while left >= c {
            out.push(c);
            left -= c;
        }
    }
    out
}

/// Shares `chips` among `k` winners: each denomination is dealt out evenly; returns what
/// each winner gets and what is left.
pub fn share_by_chip(chips: &[u32], k: u32) -> (u32, u32) {
    let mut counts: BTreeMap<u32, u32> = BTreeMap::new();
    for c in chips {
        *counts.entry(*c).or_default() += 1;
    }
    let mut each = 0;
    let mut left = 0;
    for (denom, n) in counts {
        each += denom * (n / k);
        left += denom * (n % k);
    }
    (each, left)
}

/// Settles a reveal. Seats must hold 2–5 cards (ALORA: any number from 1); the caller
/// checks that before.
pub fn settle(seats: &[Seat], pool: &Pool, rules: &Rules, rs: &Ruleset) -> Settlement {
    let mut explain = Explain::new();
    let hands = hands_of(seats, rules);
    explain.rule("Hands rank by tier (1: high card, pairs; 2: three of a kind, straight, flush; 3: full house, four of a kind, straight flush), then by the sum of the cards played.");
    explain.ruled(
        "A joker is wild; it stands for the card that gives the highest tier, then the highest sum.",
        rs,
        &[ruling::Id::JokerSum, ruling::Id::JokerDuplicates, ruling::Id::AceStraights],
    );
    if seats.iter().any(|s| s.is_alora) {
        explain.by(
            rules.ruled.alora_sum,
            |_| "ALORA plays the best hand she can make from all her cards.",
        );
    }
    let verdict = decide(seats, &hands, rules, rs, &mut explain);
    let (winners, decided_by, alora_tie) = (verdict.winners, verdict.by, verdict.alora_tie);

    // The bets in the pot. A bet the bank placed for ALORA goes back to the bank under
    // `bank-bet: back-to-bank`.
    let mut bank_took_back = 0;
    let mut bet_money = 0;
    let mut bet_chips = Vec::new();
    let back_to_bank = match rules.ruled.bank_bet {
        ruling::BankBet::BackToBank => true,
        ruling::BankBet::InThePot => false,
    };
    for s in seats {
        if s.bank_placed && back_to_bank {
            bank_took_back += s.bet;
            continue;
        }
        bet_money += s.bet;
        bet_chips.extend(as_chips(s.bet));
    }
    if seats.iter().any(|s| s.bank_placed) {
        explain.by(
            rules.ruled.bank_bet,
            |_| "The bank placed ALORA's bet for her.",
        );
    }

    let mut payouts: BTreeMap<String, u32> = seats.iter().map(|s| (s.name.clone(), 0)).collect();
    let bank_paid: u32 = winners.iter().map(|w| w.bet).sum();
    let (pool_left, pool_cards_to) = if let [w] = winners.as_slice() {
        payouts.insert(w.name.clone(), pool.money + bet_money + w.bet);
        explain.rule("The winner takes the prize pool (money and cards) and every bet, and the bank pays the winner the amount they bet.");
        (0, Some(w.name.clone()))
    } else {
        let k = winners.len() as u32;
        let (each, left) = match (&pool.chips, rules.ruled.split) {
            (Some(chips), ruling::Split::ByChip) => {
                let mut all = chips.clone();
                all.extend(&bet_chips);
                share_by_chip(&all, k)
            }
            (None, _) | (Some(_), ruling::Split::ByValue) => {
                let total = pool.money + bet_money;
                (total / k, total % k)
            }
        };
        for w in &winners {
            payouts.insert(w.name.clone(), each + w.bet);
        }
        explain.rule("In a split, what cannot be divided and every card stay in the prize pool; each winner still gets their own bet from the bank.");
        (left, None)
    };
    Settlement {
        winners: winners.iter().map(|w| w.name.clone()).collect(),
        hands,
        payouts,
        bank_paid,
        bank_took_back,
        pool_left,
        pool_cards_to,
        decided_by,
        alora_tie,
        explain,
    }
}

/// Each seat's hand: a player's cards as played, ALORA's best hand of all she holds.
fn hands_of(seats: &[Seat], rules: &Rules) -> BTreeMap<String, HandSummary> {
    let mut hands = BTreeMap::new();
    for s in seats {
        let (e, played) = if s.is_alora {
            let b = best_hand(&s.cards, rules);
            (b.hand, b.played)
        } else {
            let e = evaluate(&s.cards, rules);
            let played = e.cards.clone();
            (e, played)
        };
        hands.insert(
            s.name.clone(),
            HandSummary {
                category: e.category,
                tier: e.tier,
                sum: e.sum,
                played,
            },
        );
    }
    hands
}

/// Who wins a reveal, and how it was found.
struct Decision<'a> {
    winners: Vec<&'a Seat>,
    by: DecidedBy,
    /// ALORA was level with another seat on tier and sum (ruling `alora-ties` decided).
    alora_tie: bool,
}

/// Highest tier, then highest sum, then highest bet, then a split. ALORA's tie-break
/// (ruling `alora-ties`): under `after-bets` she wins where a split would come, under
/// `on-sum` as soon as she is level on tier and sum.
fn decide<'a>(
    seats: &'a [Seat],
    hands: &BTreeMap<String, HandSummary>,
    rules: &Rules,
    rs: &Ruleset,
    explain: &mut Explain,
) -> Decision<'a> {
    let strength = |s: &Seat| hands.get(&s.name).map_or((0, 0), |h| (h.tier, h.sum));
    let best = seats.iter().map(strength).max().unwrap_or((0, 0));
    let top: Vec<&Seat> = seats.iter().filter(|s| strength(s) == best).collect();
    let verdict = |winners: Vec<&'a Seat>, by: DecidedBy, alora_tie: bool| Decision {
        winners,
        by,
        alora_tie,
    };
    if seats.len() == 1 {
        return verdict(top, DecidedBy::OnlyHand, false);
    }
    if top.len() == 1 {
        let same_tier = seats.iter().filter(|s| strength(s).0 == best.0).count();
        if same_tier == 1 {
            explain.rule("One hand is in the highest tier: it wins.");
            return verdict(top, DecidedBy::Tier, false);
        }
        explain.rule("Several hands share the highest tier: the highest sum wins.");
        return verdict(top, DecidedBy::Sum, false);
    }
    let alora = top.iter().copied().find(|s| s.is_alora);
    match (alora, rules.ruled.alora_ties) {
        (Some(a), ruling::AloraTies::OnSum) => {
            explain.by(ruling::AloraTies::OnSum, |_| {
                "ALORA is level with another hand on tier and sum: she wins the tie whatever was bet, and shares nothing."
            });
            return verdict(vec![a], DecidedBy::AloraWinsTies, true);
        }
        (None, _) | (Some(_), ruling::AloraTies::AfterBets) => {}
    }
    let max_bet = top.iter().map(|s| s.bet).max().unwrap_or(0);
    let by_bet: Vec<&Seat> = top.iter().copied().filter(|s| s.bet == max_bet).collect();
    let tie = alora.is_some();
    if by_bet.len() == 1 {
        if tie {
            explain.by(rules.ruled.alora_ties, |_| {
                "Equal tier and sum, ALORA among them: the highest bet wins; her tie-break comes only after the bets."
            });
        } else {
            explain.rule("Equal tier and sum: the highest bet wins.");
        }
        return verdict(by_bet, DecidedBy::Bet, tie);
    }
    if let Some(a) = by_bet.iter().copied().find(|s| s.is_alora) {
        explain.by(rules.ruled.alora_ties, |_| {
            "Equal tier, sum and bet, ALORA among them: where the pot would be split, ALORA wins it alone."
        });
        return verdict(vec![a], DecidedBy::AloraWinsTies, true);
    }
    if tie {
        explain.ruled(
            "Equal tier and sum, ALORA among them but with a lower bet: she is out, and the players level on tier, sum and the highest bet split the pot.",
            rs,
            &[ruling::Id::AloraTies, ruling::Id::Split],
        );
    } else {
        explain.by(
            rules.ruled.split,
            |_| "Equal tier, sum and bet: the winners split the pot.",
        );
    }
    verdict(by_bet, DecidedBy::Split, tie)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::CardList;

    fn seat(name: &str, cards: &str, bet: u32) -> Seat {
        Seat {
            name: name.to_string(),
            cards: cards.parse::<CardList>().unwrap().0,
            bet,
            is_alora: name == ALORA,
            bank_placed: false,
        }
    }

    fn go(seats: &[Seat], pool: Pool) -> Settlement {
        let rs = Ruleset::builtin("kinkado").unwrap();
        settle(seats, &pool, &Rules::from_ruleset(&rs), &rs)
    }

    #[test]
    fn tier_wins_and_winner_takes_all() {
        let s = go(
            &[seat("ana", "2S 2H 2C", 5), seat("bo", "KS KH QS QH", 10)],
            Pool {
                money: 12,
                cards: vec![Card::Joker],
                chips: None,
            },
        );
        assert_eq!(s.winners, vec!["ana"]);
        assert_eq!(s.decided_by.as_str(), "tier");
        // Pool $12 + bets $15 + her own $5 from the bank.
        assert_eq!(s.payouts["ana"], 32);
        assert_eq!(s.payouts["bo"], 0);
        assert_eq!(s.bank_paid, 5);
        assert_eq!(s.pool_left, 0);
        assert_eq!(s.pool_cards_to.as_deref(), Some("ana"));
    }

    #[test]
    fn sum_then_bet_then_split() {
        let pool = Pool {
            money: 10,
            cards: vec![],
            chips: None,
        };
        let s = go(
            &[seat("ana", "KS KH", 5), seat("bo", "QS QH", 5)],
            pool.clone(),
        );
        assert_eq!(
            (s.winners.clone(), s.decided_by.as_str()),
            (vec!["ana".to_string()], "sum")
        );
        let s = go(
            &[seat("ana", "KS KH", 5), seat("bo", "KD KC", 7)],
            pool.clone(),
        );
        assert_eq!(
            (s.winners.clone(), s.decided_by.as_str()),
            (vec!["bo".to_string()], "bet")
        );
        let s = go(&[seat("ana", "KS KH", 5), seat("bo", "KD KC", 5)], pool);
        assert_eq!(s.decided_by.as_str(), "split");
        // By value: pot 10 + 10 = 20, $10 each, plus own bet from the bank.
        assert_eq!(s.payouts["ana"], 15);
        assert_eq!(s.payouts["bo"], 15);
        assert_eq!(s.bank_paid, 10);
        assert_eq!(s.pool_left, 0);
        assert_eq!(s.pool_cards_to, None);
    }

    #[test]
    fn split_by_chip_leaves_odd_chips() {
        // Pool chips 25 5 1 1 ($32); bets $1 each (chips 1, 1). Two winners: the 1s
        // (four of them) are shared, 2 each; the 25 and the 5 stay.
        let pool = Pool {
            money: 32,
            cards: vec![Card::Joker],
            chips: Some(vec![25, 5, 1, 1]),
        };
        let s = go(
            &[seat("ana", "KS KH", 1), seat("bo", "KD KC", 1)],
            pool.clone(),
        );
        assert_eq!(s.payouts["ana"], 2 + 1);
        assert_eq!(s.pool_left, 30);
        assert_eq!(s.pool_cards_to, None);
        // by-value ruling: $34 shared, $17 each.
        let rs = Ruleset::builtin("kinkado")
            .unwrap()
            .with(ruling::Split::ByValue)
            .unwrap();
        let s = settle(
            &[seat("ana", "KS KH", 1), seat("bo", "KD KC", 1)],
            &pool,
            &Rules::from_ruleset(&rs),
            &rs,
        );
        assert_eq!((s.payouts["ana"], s.pool_left), (18, 0));
    }

    fn go_with(seats: &[Seat], alora_ties: ruling::AloraTies) -> Settlement {
        let rs = Ruleset::builtin("kinkado")
            .unwrap()
            .with(alora_ties)
            .unwrap();
        let pool = Pool {
            money: 3,
            cards: vec![],
            chips: None,
        };
        settle(seats, &pool, &Rules::from_ruleset(&rs), &rs)
    }

    #[test]
    fn alora_ties_after_bets_and_on_sum() {
        // ana outbids ALORA on an equal hand: the bets decide first by default.
        let seats = [seat("ana", "KS KH", 10), seat(ALORA, "KD KC", 5)];
        let s = go_with(&seats, ruling::AloraTies::AfterBets);
        assert_eq!(
            (s.winners.clone(), s.decided_by.as_str()),
            (vec!["ana".to_string()], "bet")
        );
        assert!(s.alora_tie);
        assert_eq!(s.payouts["ana"], 3 + 15 + 10);
        let s = go_with(&seats, ruling::AloraTies::OnSum);
        assert_eq!(s.winners, vec![ALORA]);
        assert_eq!(s.decided_by.as_str(), "alora-wins-ties");
        assert_eq!(s.payouts[ALORA], 3 + 15 + 5);
        // Equal bets: ALORA wins under both, where players would split.
        let seats = [seat("ana", "KS KH", 5), seat(ALORA, "KD KC", 5)];
        for r in [ruling::AloraTies::AfterBets, ruling::AloraTies::OnSum] {
            let s = go_with(&seats, r);
            assert_eq!(
                (s.winners.clone(), s.decided_by.as_str()),
                (vec![ALORA.to_string()], "alora-wins-ties"),
                "{r:?}"
            );
            assert_eq!(s.pool_cards_to.as_deref(), Some(ALORA));
        }
        // No tie with ALORA: the ruling is not consulted.
        let s = go_with(
            &[seat("ana", "KS KH", 5), seat(ALORA, "QD QC", 25)],
            ruling::AloraTies::OnSum,
        );
        assert!(!s.alora_tie);
        assert_eq!(s.decided_by.as_str(), "sum");
    }

    #[test]
    fn alora_ties_with_several_players() {
        // ana, bo and ALORA level on tier and sum (a pair of kings, $40); cy lower.
        // (ana, bo, ALORA bets) → winners under after-bets; under on-sum ALORA wins
        // every one of them.
        type Bets = (u32, u32, u32);
        let cases: [(Bets, &[&str], &str); 6] = [
            ((25, 10, 20), &["ana"], "bet"),
            ((25, 25, 20), &["ana", "bo"], "split"),
            ((20, 10, 20), &[ALORA], "alora-wins-ties"),
            ((20, 20, 20), &[ALORA], "alora-wins-ties"),
            ((10, 5, 25), &[ALORA], "bet"),
            ((5, 5, 5), &[ALORA], "alora-wins-ties"),
        ];
        for ((a, b, al), after, by) in cases {
            // A joker with a king is a pair of kings worth $40 too.
            let seats = [
                seat("ana", "KS KH", a),
                seat("bo", "JK KD", b),
                seat("cy", "QS QH", 25),
                seat(ALORA, "JK KC", al),
            ];
            let s = go_with(&seats, ruling::AloraTies::AfterBets);
            assert_eq!(
                (s.winners.clone(), s.decided_by.as_str()),
                (after.iter().map(|w| w.to_string()).collect::<Vec<_>>(), by),
                "{a} {b} {al}"
            );
            assert!(s.alora_tie);
            let s = go_with(&seats, ruling::AloraTies::OnSum);
            assert_eq!(
                (s.winners.clone(), s.decided_by.as_str()),
                (vec![ALORA.to_string()], "alora-wins-ties"),
                "{a} {b} {al}"
            );
        }
    }

    #[test]
    fn bank_bet_ruling() {
        let mut alora = seat(ALORA, "2S 3D", 25);
        alora.bank_placed = true;
        let seats = [seat("ana", "KS KH", 5), alora];
        let pool = Pool {
            money: 0,
            cards: vec![],
            chips: None,
        };
        let s = go(&seats, pool.clone());
        assert_eq!(s.payouts["ana"], 30 + 5);
        let rs = Ruleset::builtin("kinkado")
            .unwrap()
            .with(ruling::BankBet::BackToBank)
            .unwrap();
        let s = settle(&seats, &pool, &Rules::from_ruleset(&rs), &rs);
        assert_eq!((s.payouts["ana"], s.bank_took_back), (5 + 5, 25));
    }

    #[test]
    fn the_winner_sentence_agrees_with_you() {
        let pool = Pool {
            money: 2,
            cards: vec![],
            chips: None,
        };
        let rules = Rules::standard();
        let s = go(
            &[seat("you", "KS KH", 5), seat("bo", "QS QH", 5)],
            pool.clone(),
        );
        assert!(
            s.summary(&pool, &rules, &Style::PLAIN)
                .starts_with("you win (highest sum in the tier): takes the prize pool ($2)")
        );
    }

    #[test]
    fn chips() {
        assert_eq!(as_chips(37), vec![25, 10, 1, 1]);
        assert_eq!(share_by_chip(&[25, 5, 1, 1], 2), (1, 30));
    }
}
