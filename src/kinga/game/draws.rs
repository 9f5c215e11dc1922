//! Drawing: the cards a draw names checked against the draw pile, drawn, and a draw across\n//! a reshuffle of the discard pile.

use super::*;

impl State {
    /// The draw pile without `cards`, or why they are not all in it.
    pub(super) fn draw_pile_without(&self, cards: &[Card]) -> Result<Vec<Card>, Error> {
        let mut pile = self.draw.clone();
        for (n, c) in cards.iter().enumerate() {
            match pile.iter().position(|d| d == c) {
                Some(i) => {
                    pile.remove(i);
                }
                None if cards[..n].contains(c) => {
                    let held = self.draw.iter().filter(|d| *d == c).count();
                    return Err(if held == 0 {
                        Error::NotInDrawPile {
                            card: *c,
                            at: where_is(self, *c),
                        }
                    } else {
                        Error::NamedMoreThanHeld {
                            card: *c,
                            named: cards.iter().filter(|d| *d == c).count(),
                            held,
                        }
                    });
                }
                None => {
                    return Err(Error::NotInDrawPile {
                        card: *c,
                        at: where_is(self, *c),
                    });
                }
            }
        }
        Ok(pile)
    }

    /// Cards drawn into the hand.
    pub(super) fn draw_cards(&mut self, cards: &[Card], said: &mut Vec<Told>) -> Result<(), Error> {
        if cards.is_empty() {
            return Err(Error::NoCardsDrawn);
        }
        if cards.len() > self.to_draw {
            return Err(Error::DrawCount {
                due: self.to_draw,
                got: cards.len(),
            });
        }
        if self.deck == Deck::Virtual && !self.draw.starts_with(cards) {
            return Err(Error::NotTopOfVirtualDeck);
        }
        if self.deck == Deck::Real && cards.len() > self.draw.len() && !self.discard.is_empty() {
            return self.draw_across_reshuffle(cards, said);
        }
        let pile = self.draw_pile_without(cards)?;
        let must = self.to_draw.min(self.draw.len());
        if self.deck == Deck::Real && cards.len() != must {
            return Err(Error::DrawFromPile {
                must,
                got: cards.len(),
            });
        }
        self.draw = pile;
        self.hand.extend(cards.iter().copied());
        self.to_draw -= cards.len();
        if self.deck == Deck::Virtual {
            said.push(Told::Drew(cards.to_vec()));
        }
        Ok(())
    }

    /// Real cards: one draw that takes the rest of the draw pile and goes on from the
    /// discard pile shuffled into a new draw pile, as the rules' own example of a
    /// reshuffle draws. The draw pile is taken whole first; the cards after it come from
    /// the discard pile as it stands now.
    pub(super) fn draw_across_reshuffle(
        &mut self,
        cards: &[Card],
        said: &mut Vec<Told>,
    ) -> Result<(), Error> {
        let mut both: Vec<Card> = self.draw.iter().chain(&self.discard).copied().collect();
        for (n, c) in cards.iter().enumerate() {
            match both.iter().position(|d| d == c) {
                Some(i) => {
                    both.remove(i);
                }
                None => {
                    let held = self
                        .draw
                        .iter()
                        .chain(&self.discard)
                        .filter(|d| *d == c)
                        .count();
                    return Err(if held > 0 && cards[..n].contains(c) {
                        Error::NamedMoreThanDrawable {
                            card: *c,
                            named: cards.iter().filter(|d| *d == c).count(),
                            held,
                        }
                    } else {
                        Error::NotDrawable {
                            card: *c,
                            at: where_is(self, *c),
                        }
                    });
                }
            }
        }
        let mut after = cards.to_vec();
        for c in &self.draw {
            match after.iter().position(|a| a == c) {
                Some(i) => {
                    after.remove(i);
                }
                None => {
                    return Err(Error::DrawPileFirst {
                        card: *c,
                        pile: sorted(&self.draw),
                    });
                }
            }
        }
        let from_pile = self.draw.len();
        let must = self
            .to_draw
            .saturating_sub(from_pile)
            .min(self.discard.len());
        if after.len() != must {
            return Err(Error::DrawAcross {
                pile: from_pile,
                after: must,
                got: cards.len(),
            });
        }
        self.draw.clear();
        self.to_draw = self.to_draw.saturating_sub(from_pile);
        self.reshuffle(&sorted(&self.discard), said)?;
        self.draw = self.draw_pile_without(&after)?;
        self.to_draw = self.to_draw.saturating_sub(after.len());
        self.hand.extend(cards.iter().copied());
        Ok(())
    }

    /// The discard pile becomes the draw pile, in this order.
    pub(super) fn reshuffle(&mut self, order: &[Card], said: &mut Vec<Told>) -> Result<(), Error> {
        if !self.draw.is_empty() {
            return Err(Error::DrawPileNotEmpty);
        }
        if sorted(order) != sorted(&self.discard) {
            return Err(Error::NotTheDiscardPile);
        }
        said.push(Told::Reshuffle(order.len()));
        self.draw = order.to_vec();
        self.discard.clear();
        self.reshuffles += 1;
        Ok(())
    }
}
