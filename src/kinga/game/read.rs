use super::*;

pub(super) fn read_cards(t: &str) -> Result<Vec<Card>, Error> {
    crate::notation::read_answer_cards(t, None).map_err(Error::Cards)
}

pub(super) fn read_optional_card(t: &str) -> Result<Option<Card>, Error> {
    if t.eq_ignore_ascii_case("none") || t == "-" {
        return Ok(None);
    }
    if t.trim().is_empty() {
        return Err(Error::NameOneOrNone);
    }
    let cards = read_cards(t).map_err(|_| Error::NotOneCardOrNone(t.trim().to_string()))?;
    match cards.as_slice() {
        [one] => Ok(Some(*one)),
        more => Err(Error::OneCardNotMore(more.len())),
    }
}

pub(super) fn read_suit(t: &str) -> Option<Suit> {
    let lower = t.to_lowercase();
    for s in Suit::ALL {
        if lower == s.name() || lower == s.name().trim_end_matches('s') {
            return Some(s);
        }
    }
    if let Ok(c) = t.parse::<Card>() {
        return c.suit();
    }
    t.parse::<Suit>().ok()
}

/// The byte range of the last whitespace-separated word of `t` equal to `word` (ASCII,
/// any case).
pub(super) fn last_word(t: &str, word: &str) -> Option<std::ops::Range<usize>> {
    let mut found = None;
    let mut start = None;
    for (i, c) in t.char_indices().chain(std::iter::once((t.len(), ' '))) {
        if c.is_whitespace() {
            if let Some(s) = start.take()
                && t[s..i].eq_ignore_ascii_case(word)
            {
                found = Some(s..i);
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    found
}

/// `t` without its first word when that word is `word` (ASCII, any case).
pub(super) fn after_word<'a>(t: &'a str, word: &str) -> Option<&'a str> {
    let first = t.split_whitespace().next()?;
    first
        .eq_ignore_ascii_case(word)
        .then(|| t.trim_start()[first.len()..].trim())
}

/// Reads the answer to the turn's question: `exile CARD`, `CARDS on TARGET` or cards
/// alone.
pub(super) fn read_turn(g: &State, t: &str) -> Result<Action, Error> {
    if let Some(rest) = after_word(t, "exile") {
        if rest.is_empty() || rest.eq_ignore_ascii_case("none") || rest == "-" {
            return Err(Error::NameTheExile);
        }
        // The card's own reading error (`7x`: an unknown suit, and what it may be): an
        // exile names one card, from no list, and `none` is no exile.
        return match read_cards(rest)?.as_slice() {
            [card] => Ok(Action::Exile { card: *card }),
            more => Err(Error::ExileOne(more.len())),
        };
    }
    if after_word(t, "suspicion").is_some() || after_word(t, "raise").is_some() {
        return Err(Error::NoSuspicionWhileYouCan);
    }
    match last_word(t, "on") {
        Some(on) => read_play_on(g, t[..on.start].trim(), t[on.end..].trim()),
        None => read_play_alone(g, t),
    }
}

/// Cards alone: the play's target when it can influence only one top card.
pub(super) fn read_play_alone(g: &State, t: &str) -> Result<Action, Error> {
    let play = read_answer_cards_or(t)?;
    let y = chain_of(&play, &g.rules)?;
    let reach: Vec<Card> = g
        .tops()
        .into_iter()
        .filter(|c| crate::kinga::influences(&y, *c, &g.rules))
        .collect();
    match reach.as_slice() {
        [one] => Ok(Action::Influence { play, target: *one }),
        [] => Err(Error::InfluencesNone {
            play,
            influence: y.influence,
            suits: y.suits.show(),
            tops: g.tops(),
        }),
        more => Err(Error::InfluencesSeveral {
            play,
            targets: more.to_vec(),
        }),
    }
}

pub(super) fn read_answer_cards_or(t: &str) -> Result<Vec<Card>, Error> {
    crate::notation::read_answer_cards(t, None).map_err(Error::TurnCards)
}

/// `CARDS on TARGET`: the target a card or a suit (its pile's top card).
pub(super) fn read_play_on(
    g: &State,
    cards_text: &str,
    target_text: &str,
) -> Result<Action, Error> {
    if cards_text.is_empty() {
        return Err(Error::CardsBeforeOn(
            if target_text.is_empty() {
                "6H"
            } else {
                target_text
            }
            .to_string(),
        ));
    }
    let play = read_cards(cards_text)?;
    if target_text.is_empty() {
        return Err(Error::TopAfterOn(cards_text.to_string()));
    }
    let target = match target_text.parse::<Card>() {
        Ok(c) => c,
        Err(_) => {
            let suit = read_suit(target_text)
                .ok_or_else(|| Error::NotACardOrSuit(target_text.to_string()))?;
            g.top(suit).ok_or(Error::PileEmpty(suit))?
        }
    };
    Ok(Action::Influence { play, target })
}
