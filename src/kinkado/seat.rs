//! The notation of a reveal: seats written `NAME=CARDS@BET` (ALORA's `CARDS@BET`), the
//! prize pool's money, cards and chips, read with every problem at once and where it is.

use std::ops::Range;

pub use super::args::money_arg;

use super::Rules;
use super::showdown::{ALORA, Pool, Seat};
use crate::cards::Card;
use crate::diag::{Error, Problem, Source};
use crate::notation::{Located, name_too_long, parse_money, scan_cards, validate_pack};
use crate::render::money;

/// A reveal as written on the command line: the seats and the prize pool.
#[derive(Clone, Copy, Debug, Default)]
pub struct TableText<'a> {
    /// Each player's `NAME=CARDS@BET`.
    pub seats: &'a [String],
    /// ALORA's `CARDS@BET`.
    pub alora: Option<&'a str>,
    /// The bank placed ALORA's bet.
    pub bank_bet: bool,
    /// The money in the prize pool.
    pub pool: &'a str,
    /// The cards in the prize pool.
    pub pool_cards: Option<&'a str>,
    /// The chips making up the pool's money, e.g. `25,5,1,1`.
    pub pool_chips: Option<&'a str>,
}

/// A reveal read: the seats in the order given (ALORA last) and the prize pool.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    pub seats: Vec<Seat>,
    pub pool: Pool,
}

impl Table {
    /// Reads a reveal: every seat, the pool, and that every card named comes from one
    /// pack. Reports every problem at once.
    pub fn read(text: &TableText, rules: &Rules) -> Result<Table, Error> {
        let mut r = Reader::new(rules);
        if text.seats.is_empty() && text.alora.is_none() {
            r.problems.push(
                Problem::new("no seats given").help(
                    "give each player as --seat NAME=CARDS@BET, and ALORA as --alora CARDS@BET",
                ),
            );
        }
        for t in text.seats {
            r.player(&Source::new("--seat", t.as_str()));
        }
        if let Some(t) = text.alora {
            r.alora(&Source::new("--alora", t), text.bank_bet);
        }
        let money = money_arg("--pool", text.pool)
            .map_err(|e| r.problems.extend(e.problems))
            .ok();
        let cards = text
            .pool_cards
            .map(|t| r.cards(&Source::new("--pool-cards", t)))
            .unwrap_or_default();
        let chips = text
            .pool_chips
            .map(|t| r.chips(&Source::new("--pool-chips", t), money));
        if let Some(m) = money {
            r.pool_fits(m, text.pool);
        }
        let seats = r.finish()?;
        Ok(Table {
            seats,
            pool: Pool {
                money: money.unwrap_or(0),
                cards,
                chips,
            },
        })
    }
}

impl Seat {
    /// Reads a player's seat, `NAME=CARDS@BET`: 2 to 5 cards from one pack, a bet within
    /// the limit.
    pub fn parse(src: &Source, rules: &Rules) -> Result<Seat, Error> {
        let mut r = Reader::new(rules);
        r.player(src);
        Ok(r.finish()?.remove(0))
    }

    /// Reads ALORA's seat, `CARDS@BET`: any number of cards from one pack.
    pub fn parse_alora(src: &Source, rules: &Rules) -> Result<Seat, Error> {
        let mut r = Reader::new(rules);
        r.alora(src, false);
        Ok(r.finish()?.remove(0))
    }
}

/// Reads the arguments of a reveal, gathering problems and every card named (with its
/// source) for the one-pack check.
struct Reader<'r> {
    rules: &'r Rules,
    problems: Vec<Problem>,
    seats: Vec<Seat>,
    sources: Vec<Source>,
    located: Vec<(usize, Located<Card>)>,
}

impl<'r> Reader<'r> {
    fn new(rules: &'r Rules) -> Reader<'r> {
        Reader {
            rules,
            problems: Vec::new(),
            seats: Vec::new(),
            sources: Vec::new(),
            located: Vec::new(),
        }
    }

    /// The seats read, once the whole table is checked to come from one pack.
    fn finish(mut self) -> Result<Vec<Seat>, Error> {
        let sources = &self.sources;
        self.problems.extend(validate_pack(
            self.located.iter().map(|(i, c)| (&sources[*i], c)),
            2,
        ));
        Error::check(self.problems)?;
        Ok(self.seats)
    }

    /// A player's `NAME=CARDS@BET`.
    fn player(&mut self, src: &Source) {
        let text = &src.text;
        let Some(eq) = text.find('=') else {
            self.problems.push(
                Problem::new(format!("`{text}` has no player name"))
                    .at(src, 0..text.len())
                    .expected("NAME=CARDS@BET, e.g. `ana=KS,KH@5`"),
            );
            return;
        };
        let Some(name) = self.player_name(src, eq) else {
            return;
        };
        let idx = self.sources.len();
        if let Some(seat) = self.seat(src, eq + 1, name, false, idx) {
            self.seats.push(seat);
        }
        self.sources.push(src.clone());
    }

    /// The name before `=` (at byte `eq`), or the problem with it.
    fn player_name(&mut self, src: &Source, eq: usize) -> Option<String> {
        let text = &src.text;
        let typed = text[..eq].trim();
        let name = typed.to_lowercase();
        let problem = if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
        {
            Problem::new(format!("`{}` is not a player name", &text[..eq]))
                .at(src, 0..eq.max(1))
                .expected("letters, digits, - or _")
        } else if let Some(why) = name_too_long(&name) {
            Problem::new(why.to_string())
                .code(crate::diag::Code::BadName)
                .at(src, 0..eq)
        } else if crate::seat::same_name(&name, ALORA) {
            Problem::new("ALORA's seat is given with --alora")
                .at(src, 0..eq)
                .help(format!("--alora '{}'", &text[eq + 1..]))
        } else if let Some(first) =
            (self.seats.iter()).find(|s| crate::seat::same_name(&s.name, &name))
        {
            let twice = crate::seat::NameTwice {
                first: 0,
                second: 1,
            };
            Problem::new(twice.words(&[first.name.as_str(), typed]))
                .code(crate::diag::Code::BadName)
                .at(src, 0..eq)
                .help("give each player a different name")
        } else {
            return Some(name);
        };
        self.problems.push(problem);
        None
    }

    /// ALORA's `CARDS@BET`.
    fn alora(&mut self, src: &Source, bank_bet: bool) {
        let idx = self.sources.len();
        if let Some(mut seat) = self.seat(src, 0, ALORA.to_string(), true, idx) {
            seat.bank_placed = bank_bet;
            self.seats.push(seat);
        }
        self.sources.push(src.clone());
    }

    /// One seat's `CARDS@BET`, from byte `from` of `src` to its end: a player plays 2 to
    /// 5 cards, ALORA any number; nobody bets above the limit. The cards read are kept
    /// (tagged with `idx`, the source's index) for the one-pack check.
    fn seat(
        &mut self,
        src: &Source,
        from: usize,
        name: String,
        is_alora: bool,
        idx: usize,
    ) -> Option<Seat> {
        let text = &src.text;
        let (cards, bet) = cards_at_bet(src, from..text.len(), &mut self.problems)?;
        let at = text.rfind('@').unwrap_or(text.len());
        let who = if is_alora { "ALORA" } else { name.as_str() };
        if !is_alora && !(2..=5).contains(&cards.len()) {
            self.problems.push(
                Problem::new(format!(
                    "{who} plays {} card{}; a played hand has 2 to 5",
                    cards.len(),
                    crate::words::s(cards.len())
                ))
                .at(src, from..at),
            );
        }
        if bet > self.rules.max_bet {
            self.problems.push(
                Problem::new(format!(
                    "{who} bets {}, above the {} limit",
                    money(i64::from(bet)),
                    money(i64::from(self.rules.max_bet))
                ))
                .at(src, (at + 1).min(text.len())..text.len()),
            );
        }
        self.located.extend(cards.iter().cloned().map(|c| (idx, c)));
        Some(Seat {
            name,
            cards: cards.into_iter().map(|l| l.value).collect(),
            bet,
            is_alora,
            bank_placed: false,
        })
    }

    /// The prize pool's cards.
    fn cards(&mut self, src: &Source) -> Vec<Card> {
        let (cards, mut ps) = scan_cards(src, 0..src.text.len());
        self.problems.append(&mut ps);
        let idx = self.sources.len();
        let out = cards.iter().map(|l| l.value).collect();
        self.located.extend(cards.into_iter().map(|c| (idx, c)));
        self.sources.push(src.clone());
        out
    }

    /// The prize pool's chips, which must add up to its `money`.
    /// Every payout (the pool, the bets and the bank's matching of a bet) is counted in
    /// u32: a pool too large for that is refused.
    fn pool_fits(&mut self, pool: u32, text: &str) {
        let bets: u64 = self.seats.iter().map(|s| u64::from(s.bet)).sum();
        if u64::from(pool) + 2 * bets > u64::from(u32::MAX) {
            self.problems.push(
                Problem::new(format!(
                    "`{text}` is more money than kado counts in a showdown"
                ))
                .at(&Source::new("--pool", text), 0..text.len())
                .expected(format!(
                    "a pool that, with twice the bets, is at most {}",
                    money(i64::from(u32::MAX))
                )),
            );
        }
    }

    fn chips(&mut self, src: &Source, money_in_pool: Option<u32>) -> Vec<u32> {
        let text = &src.text;
        let mut list = Vec::new();
        let mut offset = 0;
        for part in text.split(',') {
            let t = part.trim();
            match t.parse::<u32>() {
                Ok(v) if v > 0 => list.push(v),
                _ => self.problems.push(
                    Problem::new(format!("`{t}` is not a chip value"))
                        .at(src, offset..offset + part.len())
                        .expected("chip values separated by commas, e.g. 25,5,1,1"),
                ),
            }
            offset += part.len() + 1;
        }
        let total: u64 = list.iter().map(|v| u64::from(*v)).sum();
        if let Some(m) = money_in_pool
            && self.problems.is_empty()
            && total != u64::from(m)
        {
            self.problems.push(
                Problem::new(format!(
                    "the chips add up to {}, but the pool holds {}",
                    money(i64::try_from(total).unwrap_or(i64::MAX)),
                    money(i64::from(m))
                ))
                .at(src, 0..text.len()),
            );
        }
        list
    }
}

/// `CARDS@BET`, the cards read from `src` (within `range`).
fn cards_at_bet(
    src: &Source,
    range: Range<usize>,
    problems: &mut Vec<Problem>,
) -> Option<(Vec<Located<Card>>, u32)> {
    let text = &src.text[range.clone()];
    let Some(at) = text.rfind('@') else {
        problems.push(
            Problem::new("the bet is missing")
                .at(src, range.end..range.end)
                .expected("CARDS@BET, e.g. `KS,KH@5`"),
        );
        return None;
    };
    let cards_range = range.start..range.start + at;
    let bet_range = range.start + at + 1..range.end;
    let (cards, mut ps) = scan_cards(src, cards_range.clone());
    problems.append(&mut ps);
    let bet_text = &src.text[bet_range.clone()];
    let bet = parse_money(bet_text);
    if bet.is_none() {
        problems.push(
            Problem::new(format!("`{bet_text}` is not an amount of money"))
                .at(
                    src,
                    bet_range.start
                        ..bet_range
                            .end
                            .max(bet_range.start + 1)
                            .min(src.text.len().max(bet_range.start)),
                )
                .expected("a whole number of dollars after @"),
        );
    }
    if cards.is_empty() && problems.is_empty() {
        problems.push(
            Problem::new("no cards before @")
                .at(src, cards_range)
                .expected("the cards played"),
        );
    }
    Some((cards, bet?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_reads_or_says_every_problem() {
        let rules = Rules::standard();
        let s = Seat::parse(&Source::new("--seat", "Ana=KS,KH@5"), &rules).unwrap();
        assert_eq!((s.name.as_str(), s.cards.len(), s.bet), ("ana", 2, 5));
        let e = Seat::parse(&Source::new("--seat", "ana=KS@99"), &rules).unwrap_err();
        assert_eq!(e.total(), 2);
        let a = Seat::parse_alora(&Source::new("--alora", "2S 2H 2C 9D 4S@10"), &rules).unwrap();
        assert!(a.is_alora && a.cards.len() == 5);
    }
}
