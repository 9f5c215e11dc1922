//! Words shared by every game's messages: counts that agree with their number, capitals,
//! grouped digits, and a player's name as a person.

/// A number of things, whatever integer type counts them.
pub trait Number: Copy {
    fn get(self) -> i64;
}

macro_rules! number {
    ($($t:ty),*) => {$(
        impl Number for $t {
            fn get(self) -> i64 {
                i64::try_from(self).unwrap_or(i64::MAX)
            }
        }
    )*};
}

number!(u8, u16, u32, u64, usize, i32, i64);

/// `n word`, with the plural in -s: "1 card", "3 cards", "0 cards".
pub fn count(n: impl Number, word: &str) -> String {
    let n = n.get();
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// `n one|many`, for irregular plurals: "1 penalty", "2 penalties".
pub fn count_of(n: impl Number, one: &str, many: &str) -> String {
    let n = n.get();
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// Words joined as a choice: "1", "1 or 2", "1, 2 or 3".
pub fn or_list(words: &[String]) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// The -s a count takes after its noun: `format!("{n} card{}", s(n))`.
pub fn s(n: impl Number) -> &'static str {
    if n.get() == 1 { "" } else { "s" }
}

/// `s` with its first letter a capital: "one pair" → "One pair".
pub fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// A number with its thousands grouped: 177100560 → "177,100,560".
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// How a player's name reads in a sentence. A player may be called `you` or `me`; those
/// names are pronouns and take a pronoun's grammar: `you` the second person ("you win",
/// "your cards"), `me` the first ("I win", "my cards"). Every other name is a third person
/// ("ana wins", "ana's cards"). The one rule behind [`agree`], [`subject`], [`verb`] and
/// [`possessive`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Person {
    First,
    Second,
    Third,
}

/// The grammatical person of a player's name (see [`Person`]).
pub fn person(name: &str) -> Person {
    if name.eq_ignore_ascii_case("you") {
        Person::Second
    } else if name.eq_ignore_ascii_case("me") {
        Person::First
    } else {
        Person::Third
    }
}

/// A name as the subject of a sentence: "you", "I", "ana".
pub fn subject(name: &str) -> String {
    match person(name) {
        Person::First => "I".into(),
        Person::Second => "you".into(),
        Person::Third => name.to_string(),
    }
}

/// A verb given in the third person singular ("wins", "has", "is"), in agreement with a
/// name: "win" after `you` or `me`, "wins" after any other name.
pub fn verb(name: &str, verb: &str) -> String {
    let person = person(name);
    if person == Person::Third {
        return verb.to_string();
    }
    match (verb, person) {
        ("is", Person::First) => "am".into(),
        ("is", _) => "are".into(),
        ("was", Person::Second) => "were".into(),
        ("was", _) => "was".into(),
        ("has", _) => "have".into(),
        ("does", _) => "do".into(),
        (v, _) => {
            // "passes", "pushes", "watches" lose -es; every other verb loses -s.
            let es = v.strip_suffix("es").filter(|b| {
                b.ends_with("ss") || b.ends_with("sh") || b.ends_with("ch") || b.ends_with('x')
            });
            es.or_else(|| v.strip_suffix('s')).unwrap_or(v).to_string()
        }
    }
}

/// `name verb`, in agreement: "you win", "I win", "ana wins" (`verb` in the third person).
pub fn agree(name: &str, verb_3rd: &str) -> String {
    format!("{} {}", subject(name), verb(name, verb_3rd))
}

/// Whose: "your", "my", "ana's".
pub fn possessive(name: &str) -> String {
    match person(name) {
        Person::First => "my".into(),
        Person::Second => "your".into(),
        Person::Third => format!("{name}'s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_names_you_and_me_take_a_pronouns_grammar() {
        assert_eq!(agree("you", "wins"), "you win");
        assert_eq!(agree("me", "wins"), "I win");
        assert_eq!(agree("ana", "wins"), "ana wins");
        assert_eq!(agree("me", "is"), "I am");
        assert_eq!(agree("you", "is"), "you are");
        assert_eq!(agree("me", "has"), "I have");
        assert_eq!(agree("you", "does"), "you do");
        assert_eq!(agree("you", "passes"), "you pass");
        assert_eq!(agree("me", "buys"), "I buy");
        assert_eq!(agree("you", "cannot afford"), "you cannot afford");
        assert_eq!(possessive("me"), "my");
        assert_eq!(possessive("You"), "your");
        assert_eq!(possessive("bo"), "bo's");
        assert_eq!(subject("me"), "I");
        assert_eq!(verb("you", "plays"), "play");
    }

    #[test]
    fn counts_agree_with_their_number() {
        assert_eq!(count(1u32, "card"), "1 card");
        assert_eq!(count(0u32, "card"), "0 cards");
        assert_eq!(count(-2i64, "point"), "-2 points");
        assert_eq!(count_of(2u8, "penalty", "penalties"), "2 penalties");
        assert_eq!(format!("3 card{}", s(3u32)), "3 cards");
        assert_eq!(s(1u32), "");
    }

    #[test]
    fn capitals_and_groups_of_digits() {
        assert_eq!(capitalised("one pair"), "One pair");
        assert_eq!(capitalised(""), "");
        assert_eq!(grouped(177_100_560), "177,100,560");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
    }
}
