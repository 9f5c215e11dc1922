//! The deal: instant wins in a dealt hand (teshi, kuttsuki) and fields that must be redealt.

use crate::koikoi::ruling;
use serde::Serialize;

use super::Rules;
use super::cards::Card;
use super::yaku::Name;
use crate::explain::Explain;
use crate::ruleset::Ruleset;

/// The instant-win shape of eight dealt cards, and the cards that make it: four cards of
/// one month (teshi), else four pairs (kuttsuki).
pub fn shape(cards: &[Card]) -> Option<(Name, Vec<Card>)> {
    let mut by_month: Vec<Vec<Card>> = vec![Vec::new(); 12];
    for c in cards {
        if let Some(slot) = by_month.get_mut(usize::from(c.month).wrapping_sub(1)) {
            slot.push(*c);
        }
    }
    for m in &mut by_month {
        m.sort();
    }
    if let Some(four) = by_month.iter().find(|m| m.len() == 4) {
        return Some((Name::Teshi, four.clone()));
    }
    let pairs: Vec<&Vec<Card>> = by_month.iter().filter(|m| m.len() == 2).collect();
    if pairs.len() == 4 && by_month.iter().all(|m| m.len() % 2 == 0) {
        return Some((
            Name::Kuttsuki,
            pairs.into_iter().flatten().copied().collect(),
        ));
    }
    None
}

/// The verdict on a deal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Deal {
    /// The hand's instant win, if any.
    pub instant_win: Option<Name>,
    pub points: i64,
    /// The deal must be done again: for the field, or (teshi: redeal) for a hand of four
    /// cards of one month. Never when an instant win has ended the round.
    pub redeal: bool,
    /// Ruling teshi: redeal: the hand's four cards of one month send the deal back.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hand_redeal: bool,
    /// The cards of the instant win.
    pub cards: Vec<Card>,
    /// The field's shape that forces the redeal.
    pub field_shape: Option<Name>,
    /// The field's cards that force the redeal.
    pub field_cards: Vec<Card>,
    /// What was held but does not count, and why.
    pub notes: Vec<String>,
}

/// Checks a dealt hand (8 cards) and, when given, the field (8 cards).
pub fn check(hand: &[Card], field: Option<&[Card]>, rules: &Rules) -> Deal {
    let mut notes = Vec::new();
    let mut win = shape(hand);
    let raw_field = field.and_then(shape);
    let four_of_a_month = match rules.ruled.field_redeal {
        ruling::FieldRedeal::FourOfAMonth => true,
        ruling::FieldRedeal::Either => false,
    };
    if matches!(raw_field, Some((Name::Kuttsuki, _))) && four_of_a_month {
        notes.push(
            "the field's four pairs do not force a redeal (field-redeal: four-of-a-month)"
                .to_string(),
        );
    }
    let field_shape = raw_field.filter(|(n, _)| *n == Name::Teshi || !four_of_a_month);
    let redeal = field_shape.is_some();
    let hand_redeal = matches!(win, Some((Name::Teshi, _)))
        && match rules.ruled.teshi {
            ruling::Teshi::Redeal => true,
            ruling::Teshi::InstantWin | ruling::Teshi::Off => false,
        };
    if hand_redeal {
        notes.push(
            "four cards of one month in a dealt hand: the deal is done again, neither an instant win nor played (teshi: redeal)"
                .to_string(),
        );
        win = None;
    }
    if let Some((name, _)) = &win {
        let wins = instant_win(name, rules);
        let field_first = match rules.ruled.deal_check_order {
            ruling::DealCheckOrder::FieldFirst => true,
            ruling::DealCheckOrder::HandsFirst => false,
        };
        if !wins {
            notes.push(format!(
                "{name} is not an instant win: the hand is played like any other ({name}: off)"
            ));
            win = None;
        } else if redeal && field_first {
            notes.push(format!(
                "{name} does not count: the field is redealt first, and the hands with it"
            ));
            win = None;
        }
    }
    // Under hands-first an instant win ends the round before the field matters: the
    // next round is a new deal anyway, so there is nothing to redeal.
    let redeal = if win.is_some() && redeal {
        notes.push(
            "the hands are checked first: the instant win stands and the round ends before play, so the field is not redealt (deal-check-order: hands-first)"
                .to_string(),
        );
        false
    } else {
        redeal || hand_redeal
    };
    let points = match &win {
        Some((Name::Teshi, _)) => rules.values.teshi,
        Some((_, _)) => rules.values.kuttsuki,
        None => 0,
    };
    let (field_shape, field_cards) = match field_shape {
        Some((n, c)) => (Some(n), c),
        None => (None, Vec::new()),
    };
    let (instant_win, cards) = match win {
        Some((n, c)) => (Some(n), c),
        None => (None, Vec::new()),
    };
    Deal {
        instant_win,
        points,
        redeal,
        hand_redeal,
        cards,
        field_shape,
        field_cards,
        notes,
    }
}

/// Whether a dealt hand of this shape wins the round at once (rulings teshi, kuttsuki).
fn instant_win(name: &Name, rules: &Rules) -> bool {
    match name {
        Name::Teshi => match rules.ruled.teshi {
            ruling::Teshi::InstantWin => true,
            ruling::Teshi::Redeal | ruling::Teshi::Off => false,
        },
        _ => match rules.ruled.kuttsuki {
            ruling::Kuttsuki::InstantWin => true,
            ruling::Kuttsuki::Off => false,
        },
    }
}

/// The rules and rulings behind a deal's verdict.
pub fn explain(rs: &Ruleset, rules: &Rules, field_given: bool) -> Explain {
    let mut x = Explain::new();
    x.by(rules.ruled.teshi, |c| teshi_rule(c, rules));
    x.by(rules.ruled.kuttsuki, |c| kuttsuki_rule(c, rules));
    if field_given {
        x.ruled(
            "A field dealt with four cards of one month (or, by ruling, four pairs) is redealt.",
            rs,
            &[ruling::Id::FieldRedeal, ruling::Id::DealCheckOrder],
        );
    }
    x
}

/// What a dealt hand of four cards of one month does, under ruling teshi.
pub fn teshi_rule(teshi: ruling::Teshi, rules: &Rules) -> String {
    match teshi {
        ruling::Teshi::InstantWin => format!(
            "A dealt hand with four cards of one month (teshi) wins the round at once for {}; the opponent pays the points.",
            rules.values.teshi
        ),
        ruling::Teshi::Redeal => "A dealt hand with four cards of one month (teshi) is neither a win nor played: the cards are dealt again.".to_string(),
        ruling::Teshi::Off => "A dealt hand with four cards of one month (teshi) is played like any other.".to_string(),
    }
}

/// What a dealt hand of four pairs does, under ruling kuttsuki.
pub fn kuttsuki_rule(kuttsuki: ruling::Kuttsuki, rules: &Rules) -> String {
    match kuttsuki {
        ruling::Kuttsuki::InstantWin => format!(
            "A dealt hand of four pairs (kuttsuki) wins the round at once for {}; the opponent pays the points.",
            rules.values.kuttsuki
        ),
        ruling::Kuttsuki::Off => {
            "A dealt hand of four pairs (kuttsuki) is played like any other.".to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Source;
    use crate::koikoi::cards::{codes, parse_checked};
    use crate::koikoi::testing::rules;

    fn cards(s: &str) -> Vec<Card> {
        parse_checked(&Source::new("t", s)).unwrap()
    }

    fn verdict(hand: &str, field: Option<&str>, r: &Rules) -> (Option<Name>, i64, bool) {
        let f = field.map(cards);
        let d = check(&cards(hand), f.as_deref(), r);
        (d.instant_win, d.points, d.redeal)
    }

    #[test]
    fn teshi_and_kuttsuki() {
        let r = rules("koikoi", &[]);
        assert_eq!(
            verdict("1b 1r 1p 1p 2a 3b 4a 5a", None, &r),
            (Some(Name::Teshi), 6, false)
        );
        let d = check(&cards("2a 1b 1r 1p 3b 1p 4a 5a"), None, &r);
        assert_eq!(codes(&d.cards), "1b 1r 1p 1p");
        assert_eq!(
            verdict("1b 1p 2a 2p 3b 3p 4a 4p", None, &r),
            (Some(Name::Kuttsuki), 6, false)
        );
        // Four of a month and two pairs: teshi.
        assert_eq!(
            verdict("1b 1r 1p 1p 2a 2p 3b 3p", None, &r),
            (Some(Name::Teshi), 6, false)
        );
        // Two threes and a pair: nothing.
        assert_eq!(
            verdict("1b 1r 1p 2a 2r 2p 3b 3p", None, &r),
            (None, 0, false)
        );
        assert_eq!(
            verdict("1b 2a 3b 4a 5a 6a 7a 8a", None, &r),
            (None, 0, false)
        );
    }

    #[test]
    fn field_redeal() {
        let r = rules("koikoi", &[]);
        let plain_hand = "1b 2a 3b 4a 5a 6a 7a 8a";
        assert_eq!(
            verdict(plain_hand, Some("9a 9r 9p 9p 10a 11a 12b 1r"), &r),
            (None, 0, true)
        );
        assert_eq!(
            verdict(plain_hand, Some("9a 9r 10a 10r 11a 11r 12b 12p"), &r),
            (None, 0, true)
        );
        assert_eq!(
            verdict(plain_hand, Some("9a 9r 10a 10r 11a 11r 12b 1r"), &r),
            (None, 0, false)
        );
        let month = rules("koikoi", &[ruling::FieldRedeal::FourOfAMonth.named()]);
        assert_eq!(
            verdict(plain_hand, Some("9a 9r 10a 10r 11a 11r 12b 12p"), &month),
            (None, 0, false)
        );
        assert_eq!(
            verdict(plain_hand, Some("9a 9r 9p 9p 10a 11a 12b 1r"), &month),
            (None, 0, true)
        );
    }

    #[test]
    fn check_order_and_off() {
        let hands = rules("koikoi", &[]);
        let teshi = "1b 1r 1p 1p 2a 3b 4a 5a";
        let bad_field = Some("9a 9r 9p 9p 10a 11a 12b 2r");
        // Hands first: the instant win ends the round, so nothing is redealt; the field's
        // shape is still reported.
        assert_eq!(
            verdict(teshi, bad_field, &hands),
            (Some(Name::Teshi), 6, false)
        );
        let f = cards("9a 9r 9p 9p 10a 11a 12b 2r");
        let d = check(&cards(teshi), Some(&f), &hands);
        assert_eq!(d.field_shape, Some(Name::Teshi));
        let field = rules("koikoi", &[ruling::DealCheckOrder::FieldFirst.named()]);
        assert_eq!(verdict(teshi, bad_field, &field), (None, 0, true));
        let off = rules(
            "koikoi",
            &[ruling::Teshi::Off.named(), ruling::Kuttsuki::Off.named()],
        );
        assert_eq!(verdict(teshi, None, &off), (None, 0, false));
        // With dealt hands played like any other, a bad field is redealt.
        assert_eq!(verdict(teshi, bad_field, &off), (None, 0, true));
        let mut eight = hands.clone();
        eight.values.teshi = 8;
        assert_eq!(verdict(teshi, None, &eight), (Some(Name::Teshi), 8, false));
    }

    /// Ruling dealt-hands decided both hands at once: its redeal sent four of a month back
    /// and still made four pairs an instant win. Teshi and kuttsuki are now apart.
    #[test]
    fn teshi_redeal_still_made_four_pairs_an_instant_win() {
        let teshi = "1b 1r 1p 1p 2a 3b 4a 5a";
        let pairs = "1b 1p 2a 2p 3b 3p 4a 4p";
        let redeal = rules("koikoi", &[ruling::Teshi::Redeal.named()]);
        assert_eq!(
            verdict(pairs, None, &redeal),
            (Some(Name::Kuttsuki), 6, false)
        );
        let apart = rules(
            "koikoi",
            &[ruling::Teshi::Redeal.named(), ruling::Kuttsuki::Off.named()],
        );
        assert_eq!(verdict(pairs, None, &apart), (None, 0, false));
        let d = check(&cards(pairs), None, &apart);
        assert_eq!(
            d.notes,
            ["kuttsuki is not an instant win: the hand is played like any other (kuttsuki: off)"]
        );
        assert_eq!(verdict(teshi, None, &apart), (None, 0, true));
        // Each ruling alone: teshi off keeps four pairs winning, and the other way round.
        let no_teshi = rules("koikoi", &[ruling::Teshi::Off.named()]);
        assert_eq!(verdict(teshi, None, &no_teshi), (None, 0, false));
        assert_eq!(
            verdict(pairs, None, &no_teshi),
            (Some(Name::Kuttsuki), 6, false)
        );
        let no_pairs = rules("koikoi", &[ruling::Kuttsuki::Off.named()]);
        assert_eq!(
            verdict(teshi, None, &no_pairs),
            (Some(Name::Teshi), 6, false)
        );
        assert_eq!(verdict(pairs, None, &no_pairs), (None, 0, false));
    }
}
