//! The standard pack: 52 cards and two jokers.
//!
//! Small `Copy` types with `FromStr` and `Display` that round-trip. `Display` gives the
//! form people read (`A♠ 10♥ 🃏`); [`Card::code`] gives the ASCII form used in JSON
//! (`AS 10H JK`). Parsing of whole lists, with positioned errors, lives in
//! [`crate::notation`].

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A suit, in the order ♠ ♥ ♦ ♣.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    Spades,
    Hearts,
    Diamonds,
    Clubs,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// The ASCII letter: S H D C.
    pub fn letter(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
        }
    }

    /// The symbol people see: ♠ ♥ ♦ ♣.
    pub fn symbol(self) -> char {
        match self {
            Suit::Spades => '♠',
            Suit::Hearts => '♥',
            Suit::Diamonds => '♦',
            Suit::Clubs => '♣',
        }
    }

    /// Hearts and diamonds are red.
    pub fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }

    /// 0..4, for tables and bitsets.
    pub fn index(self) -> usize {
        self as usize
    }

    /// Reads one suit character: a letter in any case or a symbol (filled or hollow).
    pub fn from_char(c: char) -> Option<Suit> {
        Some(match c {
            'S' | 's' | '♠' | '♤' => Suit::Spades,
            'H' | 'h' | '♥' | '♡' => Suit::Hearts,
            'D' | 'd' | '♦' | '♢' => Suit::Diamonds,
            'C' | 'c' | '♣' | '♧' => Suit::Clubs,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Suit::Spades => "spades",
            Suit::Hearts => "hearts",
            Suit::Diamonds => "diamonds",
            Suit::Clubs => "clubs",
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

/// A rank from ace (1) to king (13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rank {
    Ace = 1,
    Two,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
}

impl Rank {
    pub const ALL: [Rank; 13] = [
        Rank::Ace,
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
    ];

    /// 1 for an ace up to 13 for a king.
    pub fn number(self) -> u8 {
        self as u8
    }

    /// The rank with this number (1..=13).
    pub fn from_number(n: u8) -> Option<Rank> {
        Rank::ALL.get(usize::from(n).checked_sub(1)?).copied()
    }

    /// How the rank is written: A 2 … 10 J Q K.
    pub fn label(self) -> &'static str {
        match self {
            Rank::Ace => "A",
            Rank::Two => "2",
            Rank::Three => "3",
            Rank::Four => "4",
            Rank::Five => "5",
            Rank::Six => "6",
            Rank::Seven => "7",
            Rank::Eight => "8",
            Rank::Nine => "9",
            Rank::Ten => "10",
            Rank::Jack => "J",
            Rank::Queen => "Q",
            Rank::King => "K",
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// A card of the standard pack, or a joker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Card {
    Plain(Rank, Suit),
    Joker,
}

impl Card {
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card::Plain(rank, suit)
    }

    pub fn rank(self) -> Option<Rank> {
        match self {
            Card::Plain(r, _) => Some(r),
            Card::Joker => None,
        }
    }

    pub fn suit(self) -> Option<Suit> {
        match self {
            Card::Plain(_, s) => Some(s),
            Card::Joker => None,
        }
    }

    pub fn is_joker(self) -> bool {
        self == Card::Joker
    }

    /// 0..52 for plain cards (suit-major), 52 for a joker.
    pub fn index(self) -> usize {
        match self {
            Card::Plain(r, s) => s.index() * 13 + usize::from(r.number()) - 1,
            Card::Joker => 52,
        }
    }

    /// The inverse of [`Card::index`].
    pub fn from_index(i: usize) -> Option<Card> {
        match i {
            0..52 => Some(Card::Plain(Rank::ALL[i % 13], Suit::ALL[i / 13])),
            52 => Some(Card::Joker),
            _ => None,
        }
    }

    /// The ASCII form used in JSON: `AS`, `10H`, `JK`.
    /// The card's name read aloud: "4 of clubs", "queen of hearts", "joker".
    pub fn spoken(self) -> String {
        match (self.rank(), self.suit()) {
            (Some(r), Some(s)) => {
                let rank = match r {
                    Rank::Ace => "ace",
                    Rank::Jack => "jack",
                    Rank::Queen => "queen",
                    Rank::King => "king",
                    other => other.label(),
                };
                format!("{rank} of {}", s.name())
            }
            _ => "joker".to_string(),
        }
    }

    pub fn code(self) -> String {
        match self {
            Card::Plain(r, s) => format!("{}{}", r.label(), s.letter()),
            Card::Joker => "JK".to_string(),
        }
    }

    /// The 52 plain cards, suit by suit.
    pub fn plain_deck() -> impl Iterator<Item = Card> {
        (0..52).filter_map(Card::from_index)
    }

    /// How many copies of this card one pack holds: 1, or 2 for the joker.
    pub fn copies_in_pack(self) -> usize {
        if self.is_joker() { 2 } else { 1 }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Card::Plain(r, s) => write!(f, "{}{}", r, s),
            Card::Joker => f.write_str("🃏"),
        }
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.code())
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        let text = String::deserialize(d)?;
        text.parse::<Card>()
            .map_err(|e| serde::de::Error::custom(e.summary()))
    }
}

/// Writes cards for people: `A♠ 10♥ 🃏`.
pub fn show_cards(cards: &[Card]) -> String {
    let parts: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
    parts.join(" ")
}

/// Writes cards in the ASCII form: `AS 10H JK`.
pub fn code_cards(cards: &[Card]) -> String {
    let parts: Vec<String> = cards.iter().map(|c| c.code()).collect();
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_round_trips() {
        for i in 0..53 {
            let c = Card::from_index(i).unwrap();
            assert_eq!(c.index(), i);
        }
        assert_eq!(Card::from_index(53), None);
    }

    #[test]
    fn display_and_code() {
        let c = Card::new(Rank::Ten, Suit::Hearts);
        assert_eq!(c.to_string(), "10♥");
        assert_eq!(c.code(), "10H");
        assert_eq!(Card::Joker.to_string(), "🃏");
        assert_eq!(Card::Joker.code(), "JK");
    }

    #[test]
    fn rank_numbers() {
        assert_eq!(Rank::from_number(1), Some(Rank::Ace));
        assert_eq!(Rank::from_number(13), Some(Rank::King));
        assert_eq!(Rank::from_number(0), None);
        assert_eq!(Rank::from_number(14), None);
    }
}
