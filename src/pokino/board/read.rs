//! The board's notation read: placements (`6-4@0,0h`), squares, dominoes, borders and
//! tokens, each word placed in its source for the problems it has.

use super::*;

/// A domino as read, before any check: numbers may be out of range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawPlacement {
    pub a: Located<u32>,
    pub b: Located<u32>,
    pub at: Square,
    pub dir: Dir,
    pub span: Range<usize>,
}

/// What may be written for a domino on the table.
pub const PLACEMENT_EXPECTED: &str = "a domino on the table: A-B@X,Y then h (B half to the right) or v (B half below), e.g. 6-4@0,0h";
/// What may be written for a border.
pub const BORDER_EXPECTED: &str =
    "a border between two squares that share a side: X,Y-X,Y, e.g. 0,0-0,1";
/// What may be written for a claimed pair under ruling `steps: diagonals`.
pub const PAIR_EXPECTED: &str =
    "two squares that share a side or meet at a corner: X,Y-X,Y, e.g. 0,0-0,1 or 0,0-1,1";
/// What may be written for a token.
pub const TOKEN_EXPECTED: &str = "a player's token on a border: NAME:X,Y-X,Y, e.g. ana:0,0-0,1";

/// The problem with a number that is not on a double-12 domino, if any.
pub fn number_problem(src: &Source, n: &Located<u32>) -> Option<Problem> {
    (n.value > u32::from(MAX_NUMBER)).then(|| {
        Problem::new(format!(
            "{} is not a domino number: a double-12 set runs 0 to 12",
            n.value
        ))
        .at(src, n.span.clone())
        .expected("a number from 0 to 12")
    })
}

impl RawPlacement {
    /// The placement, when both numbers are on a double-12 domino.
    pub fn checked(&self, src: &Source) -> Result<Placement, Error> {
        let num = |n: &Located<u32>| match number_problem(src, n) {
            Some(p) => Err(Error::single(p)),
            None => Ok(n.value as u8),
        };
        Ok(Placement::new(
            Domino::new(num(&self.a)?, num(&self.b)?),
            self.at,
            self.dir,
        ))
    }
}

fn is_separator(c: char) -> bool {
    c.is_whitespace() || c == ';'
}

/// The byte ranges of the words in `src`: runs of characters between separators
/// (spaces, `;`, newlines), skipping `#` comments.
fn words(src: &Source) -> Vec<Range<usize>> {
    let text = &src.text;
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    let mut in_comment = false;
    for (i, c) in text.char_indices() {
        if in_comment {
            if c == '\n' {
                in_comment = false;
            }
            continue;
        }
        if c == '#' || is_separator(c) {
            if let Some(s) = start.take() {
                out.push(s..i);
            }
            in_comment = c == '#';
            continue;
        }
        if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push(s..text.len());
    }
    out
}

/// Reads pieces of one word, keeping track of where it is.
struct Cursor<'a> {
    src: &'a Source,
    word: Range<usize>,
    pos: usize,
}

/// A piece read, or the problem with it.
pub type Step<T> = Result<T, Box<Problem>>;

impl<'a> Cursor<'a> {
    fn new(src: &'a Source, word: Range<usize>) -> Cursor<'a> {
        let pos = word.start;
        Cursor { src, word, pos }
    }

    fn rest(&self) -> &'a str {
        let text: &'a str = &self.src.text;
        &text[self.pos..self.word.end]
    }

    fn word_text(&self) -> &'a str {
        let text: &'a str = &self.src.text;
        &text[self.word.clone()]
    }

    /// A problem at the current position: the next character, or the end of the word.
    fn problem_here(&self, message: String, expected: &str) -> Box<Problem> {
        let next = self.rest().chars().next().map_or(0, char::len_utf8);
        let span = if next == 0 {
            self.word.clone()
        } else {
            self.pos..self.pos + next
        };
        Box::new(Problem::new(message).at(self.src, span).expected(expected))
    }

    fn what_is_here(&self) -> String {
        match self.rest().chars().next() {
            Some(c) => format!("`{c}`"),
            None => "the end".to_string(),
        }
    }

    fn advance(&mut self, rest: &str) {
        self.pos = self.word.end - rest.len();
    }

    /// An unsigned number (digits only).
    fn number(&mut self, what: &str, expected: &str) -> Step<Located<u32>> {
        let start = self.pos;
        match digit1::<&str, nom::error::Error<&str>>(self.rest()) {
            Ok((rest, digits)) => {
                self.advance(rest);
                let value = digits.parse::<u32>().unwrap_or(u32::MAX);
                Ok(Located::new(value, start..self.pos))
            }
            Err(_) => Err(self.problem_here(
                format!(
                    "expected {what} in `{}`, found {}",
                    self.word_text(),
                    self.what_is_here()
                ),
                expected,
            )),
        }
    }

    /// A coordinate: an optional minus sign and digits, within ±[`MAX_COORD`].
    fn coord(&mut self, what: &str, expected: &str) -> Step<i32> {
        let start = self.pos;
        let parsed = (opt(ch::<&str, nom::error::Error<&str>>('-')), digit1).parse(self.rest());
        match parsed {
            Ok((rest, (minus, digits))) => {
                self.advance(rest);
                let magnitude = digits.parse::<i32>().ok().filter(|v| *v <= MAX_COORD);
                match magnitude {
                    Some(v) => Ok(if minus.is_some() { -v } else { v }),
                    None => Err(Box::new(
                        Problem::new(format!(
                            "coordinate {}{digits} is too far from 0",
                            if minus.is_some() { "-" } else { "" }
                        ))
                        .at(self.src, start..self.pos)
                        .expected(format!("a coordinate from -{MAX_COORD} to {MAX_COORD}")),
                    )),
                }
            }
            Err(_) => Err(self.problem_here(
                format!(
                    "expected {what} in `{}`, found {}",
                    self.word_text(),
                    self.what_is_here()
                ),
                expected,
            )),
        }
    }

    fn punct(&mut self, c: char, what: &str, expected: &str) -> Step<()> {
        match ch::<&str, nom::error::Error<&str>>(c).parse(self.rest()) {
            Ok((rest, _)) => {
                self.advance(rest);
                Ok(())
            }
            Err(_) => Err(self.problem_here(
                format!(
                    "expected {what} in `{}`, found {}",
                    self.word_text(),
                    self.what_is_here()
                ),
                expected,
            )),
        }
    }

    fn square(&mut self, expected: &str) -> Step<Square> {
        let x = self.coord("a column X", expected)?;
        self.punct(',', "`,` between X and Y", expected)?;
        let y = self.coord("a row Y", expected)?;
        Ok(Square::new(x, y))
    }

    fn end(&self, expected: &str) -> Step<()> {
        if self.rest().is_empty() {
            Ok(())
        } else {
            Err(Box::new(
                Problem::new(format!(
                    "unexpected `{}` after `{}`",
                    self.rest(),
                    &self.src.text[self.word.start..self.pos]
                ))
                .at(self.src, self.pos..self.word.end)
                .expected(expected),
            ))
        }
    }
}

fn placement_word(src: &Source, word: Range<usize>) -> Step<RawPlacement> {
    let e = PLACEMENT_EXPECTED;
    let mut c = Cursor::new(src, word.clone());
    let a = c.number("a number", e)?;
    c.punct('-', "`-` between the two numbers", e)?;
    let b = c.number("a second number", e)?;
    if c.rest().is_empty() {
        return Err(Box::new(
            Problem::new(format!(
                "`{}` says which domino but not where it lies",
                c.word_text()
            ))
            .at(src, word)
            .expected(e),
        ));
    }
    c.punct('@', "`@` before the position", e)?;
    let at = c.square(e)?;
    let dir = match one_of::<&str, &str, nom::error::Error<&str>>("hHvV").parse(c.rest()) {
        Ok((rest, d)) => {
            c.advance(rest);
            if d.eq_ignore_ascii_case(&'h') {
                Dir::H
            } else {
                Dir::V
            }
        }
        Err(_) => {
            return Err(c.problem_here(
                format!(
                    "`{}` has no direction after its position",
                    &src.text[word.start..c.pos]
                ),
                "h (the second half to the right) or v (the second half below)",
            ));
        }
    };
    c.end(e)?;
    Ok(RawPlacement {
        a,
        b,
        at,
        dir,
        span: word,
    })
}

/// What may be written for a square.
pub const SQUARE_EXPECTED: &str = "a square: X,Y, e.g. 2,0 or -1,3";
/// What may be written for a domino off the table.
pub const DOMINO_EXPECTED: &str = "a domino: two numbers from 0 to 12, e.g. 6-4";

/// Reads the word at `word` of `src` as a domino on the table (`6-4@0,0h`).
pub fn placement_in(src: &Source, word: Range<usize>) -> Step<RawPlacement> {
    placement_word(src, word)
}

/// Reads the word at `word` of `src` as a square (`2,0`).
pub fn square_in(src: &Source, word: Range<usize>) -> Step<Square> {
    let mut c = Cursor::new(src, word);
    let sq = c.square(SQUARE_EXPECTED)?;
    c.end(SQUARE_EXPECTED)?;
    Ok(sq)
}

/// Reads the word at `word` of `src` as a domino off the table (`6-4`), its numbers on
/// a double-12 set.
pub fn domino_in(src: &Source, word: Range<usize>) -> Step<Domino> {
    let e = DOMINO_EXPECTED;
    let mut c = Cursor::new(src, word);
    let a = c.number("a number", e)?;
    c.punct('-', "`-` between the two numbers", e)?;
    let b = c.number("a second number", e)?;
    c.end(e)?;
    for n in [&a, &b] {
        if let Some(p) = number_problem(src, n) {
            return Err(Box::new(p));
        }
    }
    Ok(Domino::new(a.value as u8, b.value as u8))
}

/// Reads a board: every domino written in `src`. Every bad word is reported.
pub fn parse_board(src: &Source) -> Result<Vec<RawPlacement>, Error> {
    let mut out = Vec::new();
    let mut problems = Problems::new();
    for w in words(src) {
        match placement_word(src, w) {
            Ok(p) => out.push(p),
            Err(p) => problems.push(*p),
        }
    }
    problems.check()?;
    Ok(out)
}

/// Reads exactly one domino on the table (`6-4@0,0h`).
pub fn parse_placement(src: &Source) -> Result<RawPlacement, Error> {
    let ws = words(src);
    match ws.as_slice() {
        [one] => placement_word(src, one.clone()).map_err(|p| Error::single(*p)),
        [] => Err(Problem::new("no domino given")
            .at(src, 0..src.text.len())
            .expected(PLACEMENT_EXPECTED)
            .into()),
        [_, second, ..] => Err(Problem::new("more than one domino given")
            .at(src, second.start..src.text.len())
            .expected("one domino, such as 6-4@0,0h")
            .into()),
    }
}

/// Reads a domino off the table: `A-B`.
pub fn parse_domino(src: &Source) -> Result<(Located<u32>, Located<u32>), Error> {
    let e = "a domino: two numbers from 0 to 12, e.g. 6-4";
    let ws = words(src);
    let [w] = ws.as_slice() else {
        return Err(Problem::new(if ws.is_empty() {
            "no domino given"
        } else {
            "more than one domino given"
        })
        .at(src, 0..src.text.len())
        .expected(e)
        .into());
    };
    let mut c = Cursor::new(src, w.clone());
    let one = |p: Box<Problem>| Error::single(*p);
    let a = c.number("a number", e).map_err(one)?;
    c.punct('-', "`-` between the two numbers", e)
        .map_err(one)?;
    let b = c.number("a second number", e).map_err(one)?;
    if c.rest().starts_with('@') {
        return Err(Problem::new("give only the domino here, not where it lies")
            .at(src, c.pos..w.end)
            .expected(e)
            .help("`spots` lists every place it may go")
            .into());
    }
    c.end(e).map_err(one)?;
    let problems: Vec<Problem> = [&a, &b]
        .into_iter()
        .filter_map(|n| number_problem(src, n))
        .collect();
    Error::check(problems)?;
    Ok((a, b))
}

fn border_word(src: &Source, word: Range<usize>, expected: &str) -> Step<Located<Border>> {
    let mut c = Cursor::new(src, word.clone());
    let a = c.square(expected)?;
    c.punct('-', "`-` between the two squares", expected)?;
    let b = c.square(expected)?;
    c.end(expected)?;
    Ok(Located::new(Border::new(a, b), word))
}

/// Reads a list of borders (`0,0-0,1 1,0-2,0`). Every bad word is reported.
pub fn parse_borders(src: &Source) -> Result<Vec<Located<Border>>, Error> {
    let mut out = Vec::new();
    let mut problems = Vec::new();
    for w in words(src) {
        match border_word(src, w, BORDER_EXPECTED) {
            Ok(b) => out.push(b),
            Err(p) => problems.push(*p),
        }
    }
    Error::check(problems)?;
    Ok(out)
}

/// Reads a list of Territory tokens (`ana:0,0-0,1 bo:1,0-2,0`).
pub fn parse_tokens(src: &Source) -> Result<Vec<Located<Token>>, Error> {
    let mut out = Vec::new();
    let mut problems = Vec::new();
    for w in words(src) {
        let text = &src.text[w.clone()];
        let Some(colon) = text.find(':') else {
            problems.push(
                Problem::new(format!("`{text}` does not say whose token it is"))
                    .at(src, w)
                    .expected(TOKEN_EXPECTED),
            );
            continue;
        };
        let name = &text[..colon];
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == '.')
        {
            problems.push(
                Problem::new(format!("`{name}` is not a player's name"))
                    .at(src, w.start..w.start + colon.max(1))
                    .expected("a name of letters, digits, `_` or `.`, then `:`"),
            );
            continue;
        }
        if let Some(why) = crate::notation::name_too_long(name) {
            problems.push(
                Problem::new(why.to_string())
                    .code(crate::diag::Code::BadName)
                    .at(src, w.start..w.start + colon),
            );
            continue;
        }
        match border_word(src, w.start + colon + 1..w.end, TOKEN_EXPECTED) {
            Ok(b) => out.push(Located::new(
                Token {
                    player: name.to_string(),
                    border: b.value,
                },
                w,
            )),
            Err(p) => problems.push(*p),
        }
    }
    Error::check(problems)?;
    Ok(out)
}
