//! `kado kinkado advise`: the best move at one decision against ALORA, with its chances.

use clap::Args;

use kado::diag::Error;
use kado::kinkado::Rules;
use kado::kinkado::advise::read::{PositionText, read, samples_arg};
use kado::kinkado::advise::{self, Decision, view};
use kado::kinkado::args::number_arg;
use kado::ruleset::Ruleset;

use super::stats::progress_bar;
use crate::ctx::{Ctx, Outcome};

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum PhaseArg {
    /// Which cards to sell.
    Sell,
    /// Which market cards and how many blind cards to buy.
    Buy,
    /// How much to bet.
    Bet,
    /// Which cards to play at the reveal.
    Play,
}

#[derive(Debug, Args)]
pub struct AdviseArgs {
    /// The decision: sell, buy, bet or play.
    #[arg(long, value_enum)]
    phase: PhaseArg,
    /// The round, 1 to 9.
    #[arg(long, value_name = "N", default_value = "1")]
    round: String,
    /// Your cards, e.g. `KS KH 7D 2C 9S`.
    #[arg(long, value_name = "CARDS")]
    hand: String,
    /// Your stash now (after your bet, once placed).
    #[arg(long, value_name = "MONEY", default_value = "50")]
    stash: String,
    /// Your bet, once placed (at the reveal).
    #[arg(long, value_name = "MONEY")]
    bet: Option<String>,
    /// ALORA's face-up cards (at the reveal, once she has shown them: all her cards).
    #[arg(long, value_name = "CARDS", default_value = "")]
    alora_shown: String,
    /// How many face-down cards ALORA holds [default: 7 less her face-up cards].
    #[arg(long, value_name = "N")]
    alora_hidden: Option<String>,
    /// ALORA's stash now (after her bet, once placed).
    #[arg(long, value_name = "MONEY", default_value = "50")]
    alora_stash: String,
    /// ALORA's bet, once placed.
    #[arg(long, value_name = "MONEY")]
    alora_bet: Option<String>,
    /// The bank placed ALORA's bet (she could not afford it).
    #[arg(long)]
    bank_bet: bool,
    /// ALORA takes her turns before yours this round (she deals).
    #[arg(long)]
    alora_first: bool,
    /// The market's cards.
    #[arg(long, value_name = "CARDS", default_value = "")]
    market: String,
    /// The prize pool's money.
    #[arg(long, value_name = "MONEY", default_value = "0")]
    pool: String,
    /// The prize pool's cards.
    #[arg(long, value_name = "CARDS", default_value = "")]
    pool_cards: String,
    /// Any other card out of the deck you can see.
    #[arg(long, value_name = "CARDS", default_value = "")]
    seen: String,
    /// Deals to weigh each move on; when ALORA's face-down cards are all that is unknown
    /// and their sets are no more than this, each is counted once instead (exact).
    #[arg(long, value_name = "N", default_value = "5000")]
    samples: String,
    /// The random seed: the same seed gives the same advice (ChaCha12, the same in every
    /// kado version).
    #[arg(long, value_name = "S", default_value = "0")]
    seed: String,
    /// How many moves the table shows (--json lists them all).
    #[arg(long, value_name = "N", default_value = "8")]
    top: String,
}

pub fn advise_cmd(ctx: &Ctx, rs: &Ruleset, rules: &Rules, a: &AdviseArgs) -> Outcome {
    let phase = match a.phase {
        PhaseArg::Sell => Decision::Sell,
        PhaseArg::Buy => Decision::Buy,
        PhaseArg::Bet => Decision::Bet,
        PhaseArg::Play => Decision::Play,
    };
    let mut problems = Vec::new();
    let samples = samples_arg(&a.samples, &mut problems);
    let seed = number_arg::<u64>("--seed", &a.seed, "a whole number", &mut problems);
    let top = number_arg::<usize>("--top", &a.top, "a number of moves", &mut problems);
    let pos = read(
        &PositionText {
            round: &a.round,
            phase,
            hand: &a.hand,
            stash: &a.stash,
            bet: a.bet.as_deref(),
            alora_shown: &a.alora_shown,
            alora_hidden: a.alora_hidden.as_deref(),
            alora_stash: &a.alora_stash,
            alora_bet: a.alora_bet.as_deref(),
            bank_bet: a.bank_bet,
            alora_first: a.alora_first,
            market: &a.market,
            pool: &a.pool,
            pool_cards: &a.pool_cards,
            seen: &a.seen,
        },
        rules,
    );
    // Every problem at once: the position's and the numbers'.
    let pos = match (pos, Error::check(problems)) {
        (Ok(pos), Ok(())) => pos,
        (pos, numbers) => {
            return Err(Error::gather([pos.err(), numbers.err()]).into());
        }
    };
    let (samples, seed, top) = (samples.unwrap_or(1), seed.unwrap_or(0), top.unwrap_or(8));
    let moves = advise::candidates(&pos, rules).len() as u64;
    let bar = progress_bar(moves, moves * samples >= 2_000_000);
    bar.set_message("moves weighed");
    let advice = advise::advise(&pos, rules, samples, seed, &|_, _| bar.inc(1));
    bar.finish_and_clear();
    let human = kado_screen::grid::draw_doc(&view::doc(&advice, top, ctx.style));
    ctx.emit(&advice, &human, &advise::explain(rs))
}
