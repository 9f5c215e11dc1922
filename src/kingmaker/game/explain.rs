//! The reasons behind a campaign's verdict (`--explain`): who won each Year and why, who\n//! starts the next, the target and how the campaign ends, how triads score.

use super::*;

impl Game {
    /// The rules and rulings behind the ledger, with the Years where a ruling decided
    /// something.
    pub fn explain(&self, rs: &Ruleset) -> Explain {
        let mut x = Explain::new();
        self.explain_year_winner(&mut x);
        self.explain_next_first(&mut x);
        self.explain_target(rs, &mut x);
        if self.seasons {
            crate::kingmaker::season::explain(&self.rules, &mut x);
        }
        self.explain_scoring(rs, &mut x);
        x
    }

    /// Who gets a Year's overall point, and the Years where several players tied.
    pub(super) fn explain_year_winner(&self, x: &mut Explain) {
        x.rule("Each Year stands alone: its scores are not carried over; the player with the highest score gets one overall point.");
        x.by(self.rules.ruled.year_tie, |c| match c {
            ruling::YearTie::Shared => "When several players share the Year's highest score, each gets the overall point.",
            ruling::YearTie::Nobody => "When several players share the Year's highest score, nobody gets the overall point.",
        });
        for y in self.years.iter().filter(|y| y.top.len() > 1) {
            x.by(self.rules.ruled.year_tie, |c| self.year_tie_sentence(y, c));
        }
    }

    /// What became of a tied Year's overall point.
    pub(super) fn year_tie_sentence(&self, y: &Year, tie: ruling::YearTie) -> String {
        format!(
            "Year {}: {} tied with {}, so {}.",
            y.number,
            score::names(
                &y.top
                    .iter()
                    .map(|i| self.players[*i].clone())
                    .collect::<Vec<_>>()
            ),
            y.scores.iter().max().copied().unwrap_or(0),
            match tie {
                ruling::YearTie::Nobody => "nobody got the point",
                ruling::YearTie::Shared => "each got the point",
            }
        )
    }

    /// Who holds the first player token for the next Year.
    pub(super) fn explain_next_first(&self, x: &mut Explain) {
        x.rule("The Year's winner chooses who holds the first player token for the next Year.");
        x.by(self.rules.ruled.next_first, |c| match c {
            ruling::NextFirst::TiedAgree => "When several players top a Year, they agree on who starts the next one.",
            ruling::NextFirst::TokenPasses => "When several players top a Year, the first player token passes clockwise from that Year's first player.",
        });
    }

    /// When the campaign ends, and what happens when players reach the target level.
    pub(super) fn explain_target(&self, rs: &Ruleset, x: &mut Explain) {
        match self.rules.ruled.campaign_end {
            ruling::CampaignEnd::Target if self.target == NO_TARGET => {
                x.rule(
                    "The record names no target (`target: N`), so the standing is the overall points.",
                );
                return;
            }
            ruling::CampaignEnd::Open => {
                x.by(ruling::CampaignEnd::Open, |_| {
                    "The campaign has no target: Years go on as long as the group wants, and the standing is the overall points."
                });
                return;
            }
            ruling::CampaignEnd::Target => {}
        }
        // The words follow ruling campaign-tie; the end at a target is ruling campaign-end's.
        x.ruled(
            format!(
                "The campaign ends when a player reaches the agreed target of {} overall point{}; {}",
                self.target,
                if self.target == 1 { "" } else { "s" },
                match self.rules.ruled.campaign_tie {
                    ruling::CampaignTie::Shared => "players who reach it level share the campaign.",
                    ruling::CampaignTie::PlayOn => {
                        "players who reach it level play on until one leads alone."
                    }
                }
            ),
            rs,
            &[ruling::Id::CampaignEnd, ruling::Id::CampaignTie],
        );
    }

    /// How the Years were scored: from layouts, from scores typed in, or both.
    pub(super) fn explain_scoring(&self, rs: &Ruleset, x: &mut Explain) {
        let rules = &self.rules;
        if self.years.iter().any(|y| y.layout.is_some()) {
            score::triad_explain(rules, x);
            x.by(rules.ruled.zero_colour, |c| match c {
                ruling::ZeroColour::LeftOut => "A Year recorded as a layout is scored as the product of each triad's colour counts; a colour with no face is left out.",
                ruling::ZeroColour::Zero => "A Year recorded as a layout is scored as the product of each triad's colour counts; a colour with no face makes it 0.",
            });
        }
        if self.years.iter().any(|y| y.layout.is_none()) {
            // The words follow ruling lit-faces; which scores a triad can make, zero-colour too.
            x.ruled(
                match rules.ruled.lit_faces {
                    ruling::LitFaces::AllLit => "Scores typed in are checked against what a triad can make from its 12 faces (9 to 81, and not every number between).",
                    ruling::LitFaces::Shown => "Scores typed in are checked against what a triad can make from the faces shown.",
                },
                rs,
                &[ruling::Id::LitFaces, ruling::Id::ZeroColour],
            );
        }
    }
}
