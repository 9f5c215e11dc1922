//! Seats: who sits at the table. A seat is an identity fixed when the game starts, its
//! index among the table's seats ([`SeatId`]); a player's name is only its label. Names are
//! told apart under one rule of equality in every game, every record and every save
//! ([`same_name`]): trimmed, put in Unicode compatibility normal form (NFKC) and case-folded,
//! so that `ana` and `ANA`, or `Ａｎａ` (full-width) and `ana`, are one name, and two seats
//! can never share one.

use serde::{Deserialize, Serialize};
use unicode_normalization::UnicodeNormalization;

/// A seat at the table: its index among the table's seats ([`crate::view::Table::seats`]),
/// fixed when the game starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SeatId(pub usize);

impl SeatId {
    pub fn index(self) -> usize {
        self.0
    }
}

/// The form of `name` that two names are compared in: trimmed, NFKC-normalised and
/// case-folded (upper then lower case, which folds `ß` and `SS` alike), normalised again.
pub fn folded(name: &str) -> String {
    let nfkc: String = name.trim().nfkc().collect();
    nfkc.to_uppercase().to_lowercase().nfkc().collect()
}

/// Whether `a` and `b` name the same player: the one rule of equality of names.
pub fn same_name(a: &str, b: &str) -> bool {
    a == b || folded(a) == folded(b)
}

/// The index of the name in `names` that is the same name as `name`, if any.
pub fn position<S: AsRef<str>>(names: &[S], name: &str) -> Option<usize> {
    let wanted = folded(name);
    names.iter().position(|n| folded(n.as_ref()) == wanted)
}

/// Two seats given one name: the index of the first and of the second, in the order given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NameTwice {
    pub first: usize,
    pub second: usize,
}

impl NameTwice {
    /// Words for the problem, naming both spellings: "`ana` and `ANA` are one name (names
    /// are told apart without regard to case or width)".
    pub fn words<S: AsRef<str>>(&self, names: &[S]) -> String {
        let a = names.get(self.first).map_or("", AsRef::as_ref);
        let b = names.get(self.second).map_or("", AsRef::as_ref);
        if a.trim() == b.trim() {
            format!(
                "`{}` is named twice among the players",
                crate::diag::escape(a.trim())
            )
        } else {
            format!(
                "`{}` and `{}` are one name: kado tells names apart without regard to case, width or accents written apart",
                crate::diag::escape(a.trim()),
                crate::diag::escape(b.trim())
            )
        }
    }
    /// The problem at the second name, as written in `src` (`spans[i]` is where `names[i]`
    /// is written), with the first named in its help.
    pub fn problem<S: AsRef<str>>(
        &self,
        names: &[S],
        src: &crate::diag::Source,
        spans: &[std::ops::Range<usize>],
    ) -> crate::diag::Problem {
        let at = spans.get(self.second).cloned().unwrap_or(0..0);
        let at_start = at.start;
        let mut p = crate::diag::Problem::new(self.words(names))
            .code(crate::diag::Code::BadName)
            .at(src, at);
        if let Some(first) = spans.get(self.first) {
            let (line, col) = src.line_col(first.start);
            let first_at = if src.line_col(at_start).0 == line {
                format!("column {col}")
            } else {
                format!("line {line}")
            };
            let a = names.get(self.first).map_or("", AsRef::as_ref);
            p = p.help(format!(
                "`{}` is at {first_at}; give each player a name of their own",
                crate::diag::escape(a.trim())
            ));
        }
        p
    }
}

/// Checks located names (`spans[i]` is where `names[i]` is written in `src`): the problem
/// at the second of the first two that are one name, otherwise nothing.
pub fn distinct_at<S: AsRef<str>>(
    names: &[S],
    src: &crate::diag::Source,
    spans: &[std::ops::Range<usize>],
) -> Result<(), Box<crate::diag::Problem>> {
    distinct(names).map_err(|t| Box::new(t.problem(names, src, spans)))
}

/// Checks that no two of `names` are the same name; the first pair that is, otherwise.
pub fn distinct<S: AsRef<str>>(names: &[S]) -> Result<(), NameTwice> {
    let folded: Vec<String> = names.iter().map(|n| folded(n.as_ref())).collect();
    for (second, f) in folded.iter().enumerate() {
        if let Some(first) = folded[..second].iter().position(|g| g == f) {
            return Err(NameTwice { first, second });
        }
    }
    Ok(())
}

/// The names of a comma-separated list (`--players ana,ben`), trimmed, the empty left
/// out, each with where it is written in `text`.
pub fn split_names(text: &str) -> (Vec<String>, Vec<std::ops::Range<usize>>) {
    let mut names = Vec::new();
    let mut spans = Vec::new();
    let mut start = 0;
    for part in text.split(',') {
        let lead = part.len() - part.trim_start().len();
        let name = part.trim();
        if !name.is_empty() {
            names.push(name.to_string());
            spans.push(start + lead..start + lead + name.len());
        }
        start += part.len() + 1;
    }
    (names, spans)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_one_whatever_their_case_width_and_composition() {
        assert!(same_name("ana", "ANA"));
        assert!(same_name(" ana ", "Ana"));
        assert!(same_name("Ａｎａ", "ana"), "full-width letters");
        assert!(same_name("straße", "STRASSE"), "ß folds to ss");
        assert!(
            same_name("José", "jose\u{301}"),
            "é composed and written apart"
        );
        assert!(same_name("ÉLODIE", "élodie"));
        assert!(!same_name("ana", "anna"));
        assert!(!same_name("jose", "josé"));
    }

    #[test]
    fn distinct_names_pass_and_the_first_pair_alike_is_named() {
        assert_eq!(distinct(&["ana", "ben", "cy"]), Ok(()));
        let names = ["ana", "ben", "ANA", "BEN"];
        let twice = distinct(&names).unwrap_err();
        assert_eq!(
            twice,
            NameTwice {
                first: 0,
                second: 2
            }
        );
        assert_eq!(
            twice.words(&names),
            "`ana` and `ANA` are one name: kado tells names apart without regard to case, width or accents written apart"
        );
        let same = ["ana", "ana"];
        assert_eq!(
            distinct(&same).unwrap_err().words(&same),
            "`ana` is named twice among the players"
        );
        assert_eq!(position(&names, "Ben"), Some(1));
        assert_eq!(position(&names, "cy"), None);
    }

    #[test]
    fn listed_names_are_placed_and_the_second_of_one_name_is_pointed_at() {
        let text = "ana, ben,,ANA";
        let (names, spans) = split_names(text);
        assert_eq!(names, ["ana", "ben", "ANA"]);
        assert_eq!(spans, [0..3, 5..8, 10..13]);
        let src = crate::diag::Source::new("--players", text);
        let p = distinct_at(&names, &src, &spans).unwrap_err();
        assert_eq!(p.span, Some(10..13));
        assert_eq!(p.code, crate::diag::Code::BadName);
        assert_eq!(
            p.help.as_deref(),
            Some("`ana` is at column 1; give each player a name of their own")
        );
        let lines = crate::diag::Source::new("f", "ana\nＡｎａ");
        let twice = distinct(&["ana", "Ａｎａ"]).unwrap_err();
        let p = twice.problem(&["ana", "Ａｎａ"], &lines, &[0..3, 4..13]);
        assert_eq!(
            p.help.as_deref(),
            Some("`ana` is at line 1; give each player a name of their own")
        );
        assert!(distinct_at(&names[..2], &src, &spans[..2]).is_ok());
    }
}
