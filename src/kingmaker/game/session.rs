use super::*;
use crate::kingmaker::ruling;

impl Session for Game {
    type Setup = Setup;
    type Action = Action;
    type Key = Key;
    /// The Years played, and the Year under way: its phase and the Blinks placed.
    type Phase = Option<(usize, crate::kingmaker::season::Phase, usize)>;
    type Error = CampaignError;

    const GAME: &'static str = "kingmaker";
    const COMMANDS: &'static str = ", fix SEASON STEP (correct a step of this Year told wrong, e.g. `fix spring cy c2 long RG-YB`)";

    fn said(&self, action: &Action) -> String {
        if let Some(step) = action.step() {
            return step.to_string();
        }
        match action {
            Action::First { player } => player.clone(),
            Action::Layout { layout } => layout.clone(),
            Action::Scores { scores } => {
                let each: Vec<String> = scores.iter().map(|(n, s)| format!("{n}={s}")).collect();
                each.join(" ")
            }
            Action::Fix { step } => format!("fix {} {step}", step.kind().word()),
            Action::Reveal { player, pair } => reveal_text(player, *pair),
            Action::Moving { step } => Move::Summer(step.clone()).to_string(),
            Action::Winter { .. }
            | Action::Spring { .. }
            | Action::Summer { .. }
            | Action::Harvest { .. }
            | Action::Blink { .. } => String::new(),
        }
    }

    fn start(setup: &Setup, rules: &Ruleset) -> Result<Game, CampaignError> {
        if setup.players.len() != 4 {
            return Err(CampaignError::PlayerCount(setup.players.len()));
        }
        for p in &setup.players {
            check_name(p)?;
        }
        if let Err(twice) = crate::seat::distinct(&setup.players) {
            return Err(CampaignError::NameTwice(twice.words(&setup.players)));
        }
        if setup.target == 0 {
            return Err(CampaignError::Target);
        }
        if let Some(p) = setup
            .players
            .iter()
            .find(|p| setup.seasons && crate::kingmaker::record::common_index(p).is_some())
        {
            return Err(CampaignError::CommonLabel(p.clone()));
        }
        Ok(Game {
            players: setup.players.clone(),
            target: setup.target,
            rules: Rules::from_ruleset(rules),
            points: vec![0; setup.players.len()],
            years: Vec::new(),
            first: None,
            seasons: setup.seasons,
            year: None,
            scored: None,
            history: Vec::new(),
            known: setup.known,
            hinted: Hinted::default(),
        })
    }

    /// A Year scored, or the campaign won, is a result.
    fn events(&mut self, action: &Action) -> Result<Vec<crate::view::Event>, CampaignError> {
        let years = self.years.len();
        let said = self.apply(action)?;
        let ended = self.years.len() != years || matches!(self.next(), Step::Done);
        Ok(crate::session::said_as(said, ended))
    }

    fn apply(&mut self, action: &Action) -> Result<Vec<String>, CampaignError> {
        if matches!(self.next(), Step::Done) {
            return Err(CampaignError::Over);
        }
        match action {
            Action::First { player } => self.first_player(player),
            Action::Layout { .. } | Action::Scores { .. } if self.seasons => {
                Err(CampaignError::WrongMode { seasons: true })
            }
            Action::Layout { layout } => {
                if self.first.is_none() {
                    return Err(CampaignError::FirstNeeded);
                }
                let (canon, scores) = self.layout_scores(layout)?;
                Ok(self.record(scores, Some(canon)))
            }
            Action::Scores { scores } => {
                if self.first.is_none() {
                    return Err(CampaignError::FirstNeeded);
                }
                let mut by_player = vec![None; self.players.len()];
                for (name, s) in scores {
                    let i = self.index(name).ok_or_else(|| self.unknown_player(name))?;
                    if let Some(why) = score::impossible(*s, &self.rules) {
                        return Err(CampaignError::Impossible {
                            name: name.clone(),
                            score: *s,
                            why: why.to_string(),
                        });
                    }
                    by_player[i] = Some(*s);
                }
                let list: Option<Vec<u64>> = by_player.into_iter().collect();
                let list = list.ok_or(CampaignError::EveryScoreNeeded)?;
                Ok(self.record(list, None))
            }
            Action::Fix { step } => self.fix(step),
            Action::Reveal { player, pair } => self.reveal(player, *pair),
            Action::Moving { step } => self.moving(step),
            step => self.season_step(step),
        }
    }

    fn next(&self) -> Step<Action, Key> {
        let over = self.champions().is_some();
        if over {
            return Step::Done;
        }
        let n = self.years.len() + 1;
        if let Some(y) = &self.year {
            return match y.next() {
                Next::Auto(m) => Step::Auto(self.action_of(&m)),
                Next::Ask(mut q) => {
                    if let Some(told) = self.told_blink(&q) {
                        let said = format!("told to `hint` as {told}: `1` takes it)");
                        match q.prompt.strip_suffix(')') {
                            Some(open) => q.prompt = format!("{open}; {said}"),
                            None => q.prompt += &format!(" ({said}"),
                        }
                    }
                    Step::Ask(q)
                }
                Next::Done => Step::Done,
            };
        }
        if self.first.is_some() {
            return Step::Ask(Question::new(
                Key::Year,
                format!("Year {n}: the Commons, or each player's score"),
                YEAR_HINT,
            ));
        }
        let Some(last) = self.years.last() else {
            return Step::Ask(Question::new(
                Key::First,
                "Who holds the first player token for Year 1",
                format!("A player: {}.", self.players.join(", ")),
            ));
        };
        let hint = format!("A player: {}.", self.players.join(", "));
        match (last.top.as_slice(), self.rules.ruled.next_first) {
            ([one], _) => Step::Ask(Question::new(
                Key::First,
                format!(
                    "{} won Year {}: who starts Year {n}",
                    self.players[*one],
                    n - 1
                ),
                hint,
            )),
            (_, ruling::NextFirst::TiedAgree) => Step::Ask(Question::new(
                Key::First,
                format!(
                    "{} topped Year {}: who do they choose to start Year {n}",
                    self.names(&last.top),
                    n - 1
                ),
                hint,
            )),
            (_, ruling::NextFirst::TokenPasses) => {
                let from = last.first.unwrap_or(0);
                let next = (from + 1) % self.players.len();
                Step::Auto(Action::First {
                    player: self.players[next].clone(),
                })
            }
        }
    }

    fn answer(&self, question: &Question<Key>, text: &str) -> Result<Action, CampaignError> {
        let text = text.trim();
        if let Some(rest) = text
            .strip_prefix("fix ")
            .or_else(|| text.strip_prefix("FIX "))
            .filter(|_| self.year.is_some())
        {
            return read_fix(rest);
        }
        let told = self.told_blink(question).filter(|_| text == "1");
        let text = told.as_deref().unwrap_or(text);
        if let Some(y) = &self.year {
            let read = y
                .read_answer(&question.key, text)
                .map_err(CampaignError::Step)?;
            return Ok(match read {
                Answer::Step(m) => self.action_of(&m),
                Answer::Reveal(player, pair) => Action::Reveal { player, pair },
            });
        }
        match question.key {
            Key::First => {
                let i = self.index(text).ok_or_else(|| self.unknown_player(text))?;
                Ok(Action::First {
                    player: self.players[i].clone(),
                })
            }
            _ => {
                if text.contains('=') {
                    Ok(Action::Scores {
                        scores: self.read_scores(text)?,
                    })
                } else {
                    let (canon, _) = self.layout_scores(text)?;
                    Ok(Action::Layout { layout: canon })
                }
            }
        }
    }

    fn summary(&self) -> serde_json::Value {
        let mut v = serde_json::to_value(self.ledger()).unwrap_or(serde_json::Value::Null);
        if let (true, serde_json::Value::Object(m)) = (self.seasons, &mut v) {
            m.insert(
                "now".into(),
                self.year.as_ref().map(YearState::due_text).into(),
            );
            m.insert("record".into(), self.record_text().into());
        }
        v
    }

    fn record(&self) -> Option<String> {
        self.record_text()
    }

    /// In Summer and Harvest: every legal choice of the player due, ranked by their
    /// chance to take the Year (the advisor of `kado kingmaker advise`).
    /// The players, when the question is who holds the first player token.
    fn choices(&self, question: &Question<Key>) -> Vec<Choice> {
        match question.key {
            Key::First => self.players.iter().map(Choice::typed).collect(),
            Key::Blinks => self
                .told_blink(question)
                .map(|told| Choice::labelled(format!("{told} (told to hint)"), told))
                .into_iter()
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Each step of a Year told season by season: the common, the press and the
    /// colours (a palette per light), a place in the Commons, a Blink's pairs.
    fn compose(
        &self,
        question: &Question<Key>,
        picked: &crate::view::Picked,
    ) -> Option<crate::session::Composed<Action>> {
        self.composed(question.key, picked)
    }

    fn hint(&self, question: &Question<Key>) -> Result<Hint, NoHint> {
        self.advice(question, None)
    }

    /// `hint BLINK`: the same advice, reckoning with the player's own Blink, which only
    /// they know (`hint RG-YB`: my Blink is RG-YB).
    fn hint_with(&self, question: &Question<Key>, known: &str) -> Result<Hint, NoHint> {
        let src = Source::new("hint", known.trim());
        let own = crate::kingmaker::record::read_pairs(&src).map_err(|e| NoHint::Unreadable {
            why: e.render().trim_end().to_string(),
            takes: "`hint` takes your own Blink as it lights up, both pairs: `hint RG-YB`",
        })?;
        let hint = self.advice(question, Some(own))?;
        if let Some(seat) = self.year.as_ref().and_then(YearState::due) {
            self.hinted.tell(self.years.len(), seat, own);
        }
        Ok(hint)
    }

    fn phase_key(&self) -> Self::Phase {
        self.year
            .as_ref()
            .map(|y| (self.years.len(), y.phase, y.placed.len()))
    }

    fn outcome(&self) -> Option<crate::history::Outcome> {
        let l = self.ledger();
        let champions = l.champions.clone().unwrap_or_default();
        Some(crate::history::Outcome {
            finished: l.champions.is_some(),
            seats: l
                .players
                .iter()
                .map(|name| crate::history::SeatOutcome {
                    name: name.clone(),
                    score: i64::from(l.points.get(name).copied().unwrap_or(0)),
                    won: champions.contains(name),
                    kado: false,
                })
                .collect(),
            facts: crate::history::Facts {
                triads: l
                    .years
                    .iter()
                    .flat_map(|y| y.scores.iter().map(|(n, s)| (n.clone(), *s as i64)))
                    .collect(),
                ..crate::history::Facts::default()
            },
        })
    }

    /// The players and their points, the Year under way (its season, who is due), the
    /// Blinks placed in the Commons, the target.
    fn table(&self) -> crate::view::Table {
        use crate::view;
        let mut t = view::Table::new(crate::kingmaker::GAME);
        t.over = matches!(self.next(), Step::Done);
        // Once over, the headline names the last Year played, not one to come.
        let year = self.years.len() + usize::from(!t.over || self.years.is_empty());
        t.round = Some(view::Round {
            word: "year",
            number: u32::try_from(year).unwrap_or(u32::MAX),
            of: None,
        });
        if let Some(y) = &self.year {
            t.phase = Some(match y.phase {
                crate::kingmaker::season::Phase::Season(s) => s.name().to_string(),
                crate::kingmaker::season::Phase::Blinks => "blinks".to_string(),
                crate::kingmaker::season::Phase::Done => "scored".to_string(),
            });
            t.to_move = y.due().map(|i| self.players[i].clone());
            if let Some(first) = self.players.get(y.first) {
                t.notes
                    .push(format!("{first} held the first player token."));
            }
            // Each Blink in the Commons, with the side and the Blink it was placed against.
            let placed = y.placed.iter().map(|p| {
                let at = match &p.against {
                    Some((dir, other)) => format!("{} {dir} {other}", p.name),
                    None => p.name.clone(),
                };
                view::Item::new(p.name.clone(), at)
            });
            t.areas.push(view::Area::new("commons", placed.collect()));
            t.notes.push(format!("Now: {}.", y.due_text()));
            if y.phase != crate::kingmaker::season::Phase::Season(crate::kingmaker::Season::Winter)
            {
                t.notes.extend((0..4).map(|c| y.common_line(c)));
            }
        }
        // The Commons of the Year being played, else of the last one scored, as it ended.
        if let Some(y) = self.year.as_ref().or(self.scored.as_ref()) {
            let picture = y.commons_picture(crate::render::Style::PLAIN);
            if !picture.is_empty() {
                t.picture = Some(view::Picture::of_text(&picture));
            }
            t.board = y.commons_board();
        }
        t.seats = self
            .players
            .iter()
            .zip(&self.points)
            .map(|(name, points)| view::Seat::new(name.clone(), Some(i64::from(*points))))
            .collect();
        t.score_title = "points";
        match self.rules.ruled.campaign_end {
            ruling::CampaignEnd::Target if self.target != NO_TARGET => {
                t.areas
                    .push(view::Area::new("target", Vec::new()).amount(i64::from(self.target)));
            }
            ruling::CampaignEnd::Target | ruling::CampaignEnd::Open => {
                t.notes
                    .push("No target: as many Years as the group wants.".to_string());
            }
        }
        if !self.years.is_empty() {
            t.sheet = Some(self.sheet());
        }
        if let Some(ch) = self.champions() {
            let verb = if ch.len() == 1 { "wins" } else { "win" };
            t.notes
                .push(format!("{} {verb} the campaign.", self.names(&ch)));
        } else if let (None, Some(f)) = (&self.year, self.first) {
            t.notes
                .push(format!("{} holds the first player token.", self.players[f]));
        }
        t
    }
}

impl Game {
    /// At the final long press, the pairs of the player's Blink asked for, as typed
    /// (`RG-YB`), when that player told it to `hint` this Year.
    fn told_blink(&self, question: &Question<Key>) -> Option<String> {
        let y = self.year.as_ref().filter(|_| question.key == Key::Blinks)?;
        let name = y.unlit().into_iter().next()?;
        let seat = y.player_index(&name)?;
        let [a, b] = self.hinted.told(self.years.len(), seat)?;
        let pair = crate::kingmaker::record::pair_text;
        Some(format!("{}-{}", pair(a), pair(b)))
    }

    /// The Years played: who held the first player token, each player's score, who
    /// took the point.
    fn sheet(&self) -> crate::view::Sheet {
        let mut columns = vec!["Year".to_string(), "First".to_string()];
        columns.extend(self.players.iter().cloned());
        columns.push("Point to".to_string());
        let rows = (self.years.iter())
            .map(|y| {
                let mut row = vec![
                    y.number.to_string(),
                    y.first.map_or("—".to_string(), |i| self.players[i].clone()),
                ];
                row.extend(y.scores.iter().map(ToString::to_string));
                row.push(if y.winners.is_empty() {
                    "nobody".to_string()
                } else {
                    self.names(&y.winners)
                });
                row
            })
            .collect();
        crate::view::Sheet { columns, rows }
    }
}
