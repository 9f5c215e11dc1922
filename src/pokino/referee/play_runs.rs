//! A turn's runs checked and played: the walk each run takes, the beads paid, the cards\n//! taken from the hand, the borders claimed and, under Tear Down the Walls, the dominoes torn.

use super::*;

impl Referee {
    pub(super) fn play_runs(&mut self, i: usize, list: &[RunPlay]) -> Result<Did, Illegal> {
        match self.rules.ruled.runs_per_turn {
            ruling::RunsPerTurn::One if list.len() > 1 => return Err(Illegal::OneRun),
            ruling::RunsPerTurn::One | ruling::RunsPerTurn::Several => {}
        }
        let mut done = Vec::new();
        let mut paid = 0;
        for run in list {
            let d = self.check_run(i, run)?;
            self.check_split(&d)?;
            paid += self.pay(i, &run.cards)?;
            self.take_cards(i, &run.cards)?;
            self.claim(i, &d);
            done.push(d);
        }
        Ok(Did::Runs {
            runs: done,
            beads_paid: paid,
        })
    }

    /// Checks a run against the board: its length, its walk, its numbers.
    pub(super) fn check_run(&self, i: usize, run: &RunPlay) -> Result<RunDone, Illegal> {
        let n = run.cards.len();
        let Some(pts) = points(n, &self.rules) else {
            return Err(if n < 2 {
                Illegal::RunTooShort { length: n }
            } else {
                Illegal::RunTooLong { length: n }
            });
        };
        let closed = self.closed_borders(i);
        let squares = match &run.squares {
            Some(s) => s.clone(),
            None => self.only_walk(&run.cards, &closed)?,
        };
        if squares.len() != n {
            return Err(Illegal::SquareCount {
                cards: n,
                squares: squares.len(),
            });
        }
        let (crossed, torn) = runs::check_walk(&self.board, &squares, &closed, &self.rules)
            .map_err(|(at, fault)| Illegal::Step {
                at: at + 1,
                fault: self.claimer_named(i, fault),
            })?;
        for (c, sq) in run.cards.iter().zip(&squares) {
            let number = self.board.cell(*sq).map_or(0, |c| c.number);
            if card_number(*c) != Some(number) {
                return Err(Illegal::Number {
                    card: *c,
                    square: *sq,
                    number,
                });
            }
        }
        let claims = crossed
            .into_iter()
            .filter(|b| !self.tokens.iter().any(|t| t.border.same(*b)))
            .collect();
        Ok(RunDone {
            cards: run.cards.clone(),
            squares,
            points: pts,
            claims,
            torn,
        })
    }

    /// The squares of a run written without them: the one walk its cards fit.
    pub(super) fn only_walk(
        &self,
        cards: &[Card],
        closed: &[Border],
    ) -> Result<Vec<Square>, Illegal> {
        let mut ways = runs::walks_for(&self.board, cards, closed, &self.rules, 2);
        match ways.len() {
            0 => Err(Illegal::NoWalk {
                why: self.no_walk_why(cards, closed),
            }),
            1 => Ok(ways.remove(0)),
            _ => Err(Illegal::Ambiguous),
        }
    }

    /// Why `cards` fit no walk: a number missing from the board, numbers that touch only
    /// inside one domino (the walk the Tear Down the Walls variant would allow), or apart.
    pub(super) fn no_walk_why(&self, cards: &[Card], closed: &[Border]) -> NoWalkWhy {
        let shown = |n: u8| {
            self.board
                .placements()
                .iter()
                .any(|p| p.domino.a == n || p.domino.b == n)
        };
        if let Some(number) = cards
            .iter()
            .filter_map(|c| card_number(*c))
            .find(|n| !shown(*n))
        {
            return NoWalkWhy::Missing { number };
        }
        let mut torn = self.rules.clone();
        torn.ruled.tear_down = ruling::TearDown::On;
        let inside = runs::walks_for(&self.board, cards, closed, &torn, 1);
        let domino = inside.first().and_then(|walk| {
            walk.windows(2).find_map(|w| {
                let (a, b) = (self.board.cell(w[0])?, self.board.cell(w[1])?);
                (a.piece == b.piece).then(|| self.board.placements()[a.piece].domino)
            })
        });
        match domino {
            Some(domino) => NoWalkWhy::OneDomino { domino },
            None => NoWalkWhy::Apart,
        }
    }

    /// Under `torn-split: forbidden`, a run may not tear off a domino whose leaving
    /// splits the board into more pieces.
    pub(super) fn check_split(&self, d: &RunDone) -> Result<(), Illegal> {
        match self.rules.ruled.torn_split {
            ruling::TornSplit::Allowed => return Ok(()),
            ruling::TornSplit::Forbidden if d.torn.is_empty() => return Ok(()),
            ruling::TornSplit::Forbidden => {}
        }
        let all = self.board.placements();
        let left: Vec<Placement> = all
            .iter()
            .filter(|p| !d.torn.iter().any(|t| t.same(p.domino)))
            .copied()
            .collect();
        if pieces(&left) > pieces(all) {
            return Err(Illegal::Split { domino: d.torn[0] });
        }
        Ok(())
    }

    /// Pays a bead for each card (not under Greed).
    pub(super) fn pay(&mut self, i: usize, cards: &[Card]) -> Result<u32, Illegal> {
        match self.rules.ruled.greed {
            ruling::Greed::On => return Ok(0),
            ruling::Greed::Off => {}
        }
        let p = &mut self.players[i];
        let cost = cards.len() as u32;
        if p.beads < cost {
            return Err(Illegal::TooFewBeads {
                beads: p.beads,
                cards: cards.len(),
            });
        }
        p.beads -= cost;
        if let Some(b) = &mut self.bank {
            *b += cost;
        }
        Ok(cost)
    }

    /// Takes the cards of a run from player `i`'s hand.
    pub(super) fn take_cards(&mut self, i: usize, cards: &[Card]) -> Result<(), Illegal> {
        for c in cards {
            self.card_free(*c, i)?;
            let p = &mut self.players[i];
            if let Some(k) = p.known.iter().position(|x| x == c) {
                p.known.remove(k);
            } else if p.unknown > 0 {
                p.unknown -= 1;
            } else {
                return Err(Illegal::NotInHand {
                    card: *c,
                    hand: p.known.clone(),
                });
            }
            if let Some(slot) = self.played.get_mut(c.index()) {
                *slot = true;
            }
        }
        Ok(())
    }

    /// Scores a run, claims its borders and tears off its dominoes.
    pub(super) fn claim(&mut self, i: usize, d: &RunDone) {
        let name = self.players[i].name.clone();
        let p = &mut self.players[i];
        p.runs.push(d.cards.len());
        p.run_points += d.points;
        self.tokens.extend(d.claims.iter().map(|b| Token {
            player: name.clone(),
            border: *b,
        }));
        if d.torn.is_empty() {
            return;
        }
        let torn_squares: Vec<Square> = self
            .board
            .placements()
            .iter()
            .filter(|p| d.torn.iter().any(|t| t.same(p.domino)))
            .flat_map(|p| p.squares())
            .collect();
        let left: Vec<Placement> = self
            .board
            .placements()
            .iter()
            .filter(|p| !d.torn.iter().any(|t| t.same(p.domino)))
            .copied()
            .collect();
        self.board = Board::from_placements(left);
        self.torn.extend(d.torn.iter().copied());
        match self.rules.ruled.torn_tokens {
            ruling::TornTokens::Leave => self.tokens.retain(|t| {
                !torn_squares.contains(&t.border.a) && !torn_squares.contains(&t.border.b)
            }),
            ruling::TornTokens::Stay => {}
        }
    }
}
