use super::*;
use crate::kingmaker::ruling;

/// Asking the table, and reading its answers.
impl YearState {
    /// What the table is asked next, or the step kado takes itself.
    pub fn next(&self) -> Next {
        let who = self.due().map(|i| self.name(i)).unwrap_or_default();
        match self.phase {
            Phase::Season(Season::Winter) => Next::Auto(Move::Winter(self.order(Season::Winter))),
            Phase::Season(Season::Spring) => Next::Ask(Question::new(
                Key::Spring,
                format!("Spring, {who}: the common you light and what shows (e.g. `c2 left RG`)"),
                self.spring_hint(),
            )),
            Phase::Season(Season::Summer) => self.summer_next(&who),
            Phase::Season(Season::Harvest) => self.harvest_next(&who),
            Phase::Blinks => self.blinks_next(),
            Phase::Done => Next::Done,
        }
    }

    /// Summer: the pair the player due reveals, then the common they move (kado moves it
    /// itself when only one move is legal).
    pub(super) fn summer_next(&self, who: &str) -> Next {
        if let Some(r) = &self.moving {
            let common = common_name(r.common);
            return Next::Ask(Question::new(
                Key::Lit,
                format!("Summer, {who}: {common} is long-pressed as it goes in; its pairs"),
                format!(
                    "{common}'s left pair, `-`, its right pair, each two colours of R Y G B: `RG-YB` ({cite}).",
                    cite = ruling::DarkCommons::LitWhenMoved.cite()
                ),
            ));
        }
        let Some(pair) = self.revealed else {
            return Next::Ask(Question::new(
                Key::Summer,
                format!("Summer, {who}: the pair you reveal (e.g. `RG`)"),
                self.summer_hint(),
            ));
        };
        if let [(common, against)] = self.summer_choices().as_slice() {
            return Next::Auto(Move::Summer(Reveal {
                player: who.to_string(),
                pair,
                common: *common,
                against: against.clone(),
                lit: None,
            }));
        }
        Next::Ask(Question::new(
            Key::Move,
            format!(
                "Summer, {who} (revealed {}): the common you move into the Commons",
                pair_text(pair)
            ),
            self.move_hint(),
        ))
    }

    /// Harvest: where the player due inserts their Blink (kado says it when one place is
    /// left).
    pub(super) fn harvest_next(&self, who: &str) -> Next {
        let places = self.legal_placements(who);
        if let ([only], true) = (places.as_slice(), self.known)
            && let Some((side, of)) = only.against.clone()
        {
            return Next::Auto(Move::Harvest(Insert {
                player: who.to_string(),
                side,
                of,
            }));
        }
        Next::Ask(Question::new(
            Key::Harvest,
            format!("Harvest, {who}: where does your Blink go (e.g. `w c4`)"),
            format!(
                "A side of a Blink in the Commons, e.g. `w c4`; your Blink must touch two commons. Legal now: {}.",
                self.legal_places(who).join(", ")
            ),
        ))
    }

    /// After the final long press: kado tells itself every Blink whose both pairs were
    /// shown, and asks the others one by one.
    pub(super) fn blinks_next(&self) -> Next {
        let unlit = self.unlit();
        if self.known
            && let Some((blink, pairs)) = unlit
                .iter()
                .find_map(|b| Some((b.clone(), self.known_pairs(b)?)))
        {
            return Next::Auto(Move::Lit(Lit { blink, pairs }));
        }
        let name = unlit.first().cloned().unwrap_or_default();
        let (prompt, hint) = match (self.half_known(&name), self.player_index(&name)) {
            (Some((side, pair)), _) => (
                format!(
                    "Long press every Blink. {name}'s {} pair (its {} pair showed {})",
                    side_word(Some(1 - side)),
                    side_word(Some(side)),
                    pair_text(pair)
                ),
                format!(
                    "The pair kado has not seen, two colours of R Y G B: `RY`; or both pairs, `{}`.",
                    if side == 0 {
                        format!("{}-RY", pair_text(pair))
                    } else {
                        format!("RY-{}", pair_text(pair))
                    }
                ),
            ),
            (None, Some(i)) => (
                format!(
                    "Long press every Blink. {name}'s pairs{}",
                    self.reveals
                        .get(i)
                        .copied()
                        .flatten()
                        .map(|p| format!(" ({name} revealed {})", pair_text(p)))
                        .unwrap_or_default()
                ),
                BLINK_HINT.to_string(),
            ),
            _ => (
                format!("Long press every Blink. {name}'s pairs"),
                BLINK_HINT.to_string(),
            ),
        };
        Next::Ask(Question::new(Key::Blinks, prompt, hint))
    }

    /// A common with one pair shown during the Year and the other not: the side shown
    /// (0 left, 1 right) and its pair.
    pub(super) fn half_known(&self, name: &str) -> Option<(usize, PairOf)> {
        let c = common_index(name)?;
        match self.commons[c].colours {
            [Some(l), None] => Some((0, l)),
            [None, Some(r)] => Some((1, r)),
            _ => None,
        }
    }

    pub(super) fn spring_hint(&self) -> String {
        let mut hint = "A common and how you press it: `c2 left RG` (a single click shows the left pair), `c2 right YB` (a double click, the right pair), or `c2 long RG-YB` for a common already chosen (a long press shows both).".to_string();
        // Which commons take which press now (each common's whole state is on the table).
        let (fresh, chosen): (Vec<usize>, Vec<usize>) =
            (0..4).partition(|&c| self.commons[c].choosers.is_empty());
        let names = |cs: &[usize]| -> String {
            let names: Vec<String> = cs.iter().map(|&c| common_name(c)).collect();
            names.join(", ")
        };
        if !fresh.is_empty() {
            let press = match self.rules.ruled.first_long_press {
                ruling::FirstLongPress::Refused => "a click or a double click",
                ruling::FirstLongPress::Allowed => "a click, a double click or a long press",
            };
            hint += &format!("\nNobody chose {} yet: {press}.", names(&fresh));
        }
        if !chosen.is_empty() {
            hint += &format!("\nChosen already, so long-pressed: {}.", names(&chosen));
        }
        hint
    }

    pub(super) fn summer_hint(&self) -> String {
        let open = Self::names_of(&self.scattered()).join(", ");
        let place = if self.placed.is_empty() {
            "the first common goes on its own: `RY c3`".to_string()
        } else {
            format!(
                "then the side of a Blink in the Commons it goes against: `BB c2 e c3` (legal places now: {})",
                self.legal_places("it").join(", ")
            )
        };
        let lit = self.lit_hint();
        format!(
            "The pair your Blink shows, `RY`; or with it the common you move ({open}): {place}.{lit}"
        )
    }

    pub(super) fn move_hint(&self) -> String {
        let open = Self::names_of(&self.scattered()).join(", ");
        let place = if self.placed.is_empty() {
            "the first common goes on its own: `c3`".to_string()
        } else {
            format!(
                "then the side of a Blink in the Commons it goes against: `c2 e c3` (legal places now: {})",
                self.legal_places("it").join(", ")
            )
        };
        let lit = self.lit_hint();
        format!("The common you move ({open}); {place}.{lit}")
    }

    /// What a Summer answer adds for a common lit as it goes in (ruling dark-commons).
    fn lit_hint(&self) -> String {
        match self.rules.ruled.dark_commons {
            ruling::DarkCommons::LitWhenMoved => format!(
                " A common nobody chose in Spring is long-pressed as it goes in: add its pairs, `lit RG-YB` ({cite}).",
                cite = ruling::DarkCommons::LitWhenMoved.cite()
            ),
            ruling::DarkCommons::Dark => String::new(),
        }
    }

    /// What a question of the Year takes, for a refused answer.
    pub fn takes(&self, key: Key) -> String {
        match key {
            Key::Spring => "a common and how you press it, with what shows: `c2 left RG`, `c2 right YB` or `c2 long RG-YB`".to_string(),
            Key::Summer => "the pair your Blink shows, `RY`, or with it the common you move: `RY c3`, `BB c2 e c3`".to_string(),
            Key::Move => {
                let legal: Vec<String> = self
                    .summer_choices()
                    .iter()
                    .map(|(c, at)| match at {
                        Some((d, o)) => format!("`{} {d} {o}`", common_name(*c)),
                        None => format!("`{}`", common_name(*c)),
                    })
                    .collect();
                format!("the common you move and where: {}", legal.join(", "))
            }
            Key::Harvest => format!(
                "a side of a Blink in the Commons: {}",
                self.legal_places(&self.due().map(|i| self.name(i)).unwrap_or_default())
                    .iter()
                    .map(|p| format!("`{p}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Key::Blinks | Key::Lit => {
                "the Blink's left pair, `-`, its right pair: `RG-YB`".to_string()
            }
            Key::Year => "the Commons, or each player's score".to_string(),
            Key::First => "a player's name".to_string(),
        }
    }

    /// Reads the table's answer to a question of the Year: a step, or a Summer reveal told
    /// before the move. The player whose turn it is (or the Blink asked about) may be left
    /// out. A refused answer says what this question takes.
    pub fn read_answer(&self, key: &Key, text: &str) -> Result<Answer, crate::diag::Error> {
        let key = *key;
        let words: Vec<&str> = text.split_whitespace().collect();
        let first = words.first().copied().unwrap_or("");
        let (named, who) = if key == Key::Blinks {
            (
                self.blink_name(first).is_some() && words.len() > 1,
                self.unlit().into_iter().next().unwrap_or_default(),
            )
        } else {
            (
                self.player_index(first).is_some(),
                self.due().map(|i| self.name(i)).unwrap_or_default(),
            )
        };
        let (who, rest) = if named {
            (first.to_string(), &words[1..])
        } else {
            (who, &words[..])
        };
        let rest = rest.join(" ");
        if let (Key::Summer, Some(pair)) = (key, crate::kingmaker::record::read_pair(&rest)) {
            return Ok(Answer::Reveal(who, pair));
        }
        if key == Key::Blinks
            && let (Some(pair), Some((side, seen))) = (
                crate::kingmaker::record::read_pair(&rest),
                self.half_known(&who),
            )
        {
            let pairs = if side == 0 {
                [seen, pair]
            } else {
                [pair, seen]
            };
            return Ok(Answer::Step(Move::Lit(Lit { blink: who, pairs })));
        }
        if let (Key::Lit, Some(r)) = (key, &self.moving) {
            let src = crate::diag::Source::new("the answer", rest.as_str());
            let pairs = crate::kingmaker::record::read_pairs(&src)
                .map_err(|e| self.refused(key, text, &e))?;
            return Ok(Answer::Step(Move::Summer(Reveal {
                lit: Some(pairs),
                ..r.clone()
            })));
        }
        // The move may be told with the pair again (`RY c4`): it must be the one revealed.
        let paired = rest
            .split_whitespace()
            .next()
            .and_then(crate::kingmaker::record::read_pair)
            .is_some();
        let full = match (key, self.revealed) {
            (Key::Move, Some(pair)) if !paired => format!("{who} {} {rest}", pair_text(pair)),
            _ => format!("{who} {rest}"),
        };
        // The kind of step the question reads: a move is the rest of a Summer step, the
        // pairs of a common lit as it moves are written as a Blink's.
        use crate::kingmaker::record::StepKind;
        let kind = match key {
            Key::Spring => StepKind::Spring,
            Key::Summer | Key::Move => StepKind::Summer,
            Key::Harvest => StepKind::Harvest,
            Key::Blinks | Key::Lit => StepKind::Blinks,
            Key::Year | Key::First => {
                let none = crate::diag::Error {
                    problems: Vec::new(),
                    omitted: 0,
                };
                return Err(self.refused(key, text, &none));
            }
        };
        crate::kingmaker::record::read_step(kind, &full)
            .map(Answer::Step)
            .map_err(|e| self.refused(key, text, &e))
    }

    /// An answer that cannot be read, said for the question asked: what was wrong with
    /// it, and what this question takes.
    pub(super) fn refused(
        &self,
        key: Key,
        text: &str,
        e: &crate::diag::Error,
    ) -> crate::diag::Error {
        let said: Vec<&str> = e.problems.iter().map(|p| p.message.as_str()).collect();
        let shown = crate::diag::clip(text.trim());
        // A step of the wrong shape is named in the record's words: said here as an
        // answer to this question instead.
        let message = if said.is_empty() || said.iter().any(|m| m.ends_with(" step")) {
            format!("`{shown}` is not an answer to this question")
        } else if let [one] = said.as_slice()
            && one.starts_with(&format!("`{shown}`"))
        {
            (*one).to_string()
        } else {
            format!("`{shown}`: {}", said.join("; "))
        };
        crate::diag::Problem::new(message)
            .expected(self.takes(key))
            .into()
    }
}
