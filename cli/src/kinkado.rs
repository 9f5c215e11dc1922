//! `kado kinkado …`: the Kin Kādo referee and ALORA.

use clap::Subcommand;
use kado::explain::json;
use kado::kinkado::ruling;

use kado::diag::Error;
use kado::kinkado::alora;
use kado::kinkado::args::{
    count_arg, money_arg, pack_cards, pack_cards_or_none, played_hand, round_arg,
};
use kado::kinkado::hand::{self, Evaluation};
use kado::kinkado::instructions;
use kado::kinkado::seat::{Table, TableText};
use kado::kinkado::showdown::{self, Seat, Settlement};
use kado::kinkado::verdict;
use kado::kinkado::{GAME, Rules, TITLE, round_explain, round_info};
use kado::render::{Style, money};
use kado::ruleset::Ruleset;
use kado::view::Grid;
use kado::words::capitalised;
use kado_screen::grid;

use kado::kinkado::game::{Deck, Game, Setup};
use kado::session::Log;

use crate::ctx::{Ctx, Outcome, joined};
use crate::session;
use crate::session::args::{PrivacyArgs, RecordArg, ResumeArgs, SaveArg, SeedArg, StatusArgs};

#[derive(Debug, Subcommand)]
pub enum Cmd {
    /// Score a hand a player plays: 2 to 5 cards, jokers wild.
    #[command(
        long_about = "Score a hand a player plays: 2 to 5 cards, jokers wild. Hands rank by tier (1: high card, one pair, two pair; 2: three of a kind, straight, flush; 3: full house, four of a kind, straight flush), then by the sum of the cards' values (A $1, 2-10 face value, J $10, Q $15, K $20, joker $20). Each joker stands for the card giving the highest tier, then the highest sum. Straights, flushes and full houses need five cards.\n\nJSON keys: category (high_card, one_pair, two_pair, three_of_a_kind, straight, flush, full_house, four_of_a_kind, straight_flush), tier (1-3), sum, cards (canonical), jokers (the card each joker stands for, in order)."
    )]
    Hand {
        /// The cards played, e.g. `AS KS QS JS JK` or `A♠ K♠ Q♠ J♠ 🃏`.
        #[arg(required = true, num_args = 1..)]
        cards: Vec<String>,
    },
    /// ALORA's turns: her best hand, what she sells, buys and bets.
    #[command(subcommand)]
    Alora(AloraCmd),
    /// Settle a reveal: who wins, and who gets what.
    #[command(
        long_about = format!("Settle a reveal. Highest tier wins, then highest sum, then highest bet, then a split. ALORA never shares a pot: by default ({cite1}) the bets decide her ties as anyone's and she wins where equal bets would split the pot; under alora-ties: on-sum she wins as soon as she is level on tier and sum, whatever the bets. The winner takes the prize pool (money and cards) and every bet, and the bank pays the winner the amount they bet. In a split the pot (prize pool and bets) is shared evenly by chip when --pool-chips gives the chips (bets are counted in the fewest $25/$10/$5/$1 chips), otherwise by value; what cannot be divided and every card stay in the pool; each winner gets their own bet from the bank. Every card named must come from one pack.\n\nJSON keys: winners (names; ALORA is alora), hands (name → {{category, tier, sum}}, and played for ALORA), payouts (name → money received, the bank's share included), bank_paid, bank_took_back (a bet the bank placed for ALORA that returns to it under {cite2}), pool_left (money), pool_cards_to (a name, or null when the cards stay), decided_by (tier, sum, bet, alora-wins-ties, split, only-hand).", cite1 = ruling::AloraTies::AfterBets.cite(), cite2 = ruling::Id::BankBet.cite())
    )]
    #[command(
        after_help = "Example:\n  kado kinkado showdown --seat ana=KS,KH@5 --alora '2S 2H 2C 9D 4S@10' --pool 12 --pool-cards JK"
    )]
    Showdown(ShowdownArgs),
    /// The round tracker: a round's minimum bet and whether a joker joins the prize pool.
    #[command(
        long_about = "The round tracker: a round's minimum bet (rounds 1-3 $1, 4-5 $5, 6-7 $10, 8-9 $25) and whether a joker joins the prize pool (rounds 3 and 6).\n\nJSON keys: round, minimum_bet, joker_joins_pool."
    )]
    Round {
        /// The round, 1 to 9.
        round: String,
    },
    /// The chance your hand beats ALORA at the reveal, from what you can see.
    #[command(
        long_about = format!("The chance your hand beats ALORA at the reveal, from what you can see.\n\nYou play your best 2 to 5 cards (by tier, then sum). ALORA plays the best hand of all her cards: her face-up cards and N face-down ones, which may be any cards you cannot see (the pack less your hand, her face-up cards and --seen). Every deal of those is counted once when there are no more than --samples of them (exact odds); otherwise --samples deals are drawn at random (Monte Carlo, repeatable with --seed).\n\nA tie (equal tier and sum) is counted apart. By default ({cite}) it goes to whoever bets more, and to ALORA when the bets are equal; under alora-ties: on-sum ALORA wins it whatever the bets, so it is a loss.", cite = ruling::AloraTies::AfterBets.cite()),
        after_help = format!("JSON keys: win, tie, lose (probabilities), tie_goes_to (\"higher-bet\" or \"alora\": who takes a tie, by {cite}), samples (deals counted), stderr (standard error of win; 0 when exact), method (\"exact\" or \"monte-carlo\"), exact, seed (null when exact), unseen (cards you cannot see), alora_hidden, play (your best cards), category, tier, sum.\n\nExample:\n  kado kinkado odds --hand 'KS KH KD 2C 9S' --alora-shown 'QS QH 5D' --alora-hidden 4 --seen '7C 8C'", cite = ruling::Id::AloraTies.cite())
    )]
    Odds(stats::OddsArgs),
    /// Exact counts of every category and tier over all N-card hands (N = 2 to 7).
    #[command(
        long_about = "Exact counts of every category and tier over all N-card hands (N = 2 to 7) of the 54-card pack, jokers included, under the ruleset in force, with each probability.\n\nEach hand is scored as ALORA scores hers: by its best 2 to 5 cards (tier, then sum, then category); with 5 cards or fewer that is always the whole hand. The two jokers are different cards of the pack, so there are C(54, N) hands: 177,100,560 for N = 7, counted in about a second.",
        after_help = "JSON keys: n, hands (the total), tiers ({\"1\": count, \"2\": count, \"3\": count}), categories (name → count), tier_probabilities, probabilities (name → probability)."
    )]
    Census(stats::CensusArgs),
    /// Play many solo games against ALORA with a virtual pack: is she too easy?
    #[command(
        long_about = "Play many whole solo games against ALORA with a virtual pack and a player policy, and report ALORA's win rate, both sides' money at the end (mean, spread, a text histogram), and the round after which the winner led for good.\n\nPolicies: `cautious` sells one card a round, buys one blind card from the deck when there is room, always bets the round minimum and plays the best hand it holds; `greedy` sells its three lowest cards, buys up to two blind cards, bets the most allowed with a tier 2 hand or better (the minimum plus $5 otherwise) and plays its best hand. Neither buys from the market. `advisor` takes the move `kado kinkado advise` ranks first at every decision, each move weighed on 200 deals of the cards it cannot see (ALORA's choices between equal cards as for greedy). The games run on every core (`--threads`), with a progress bar on a terminal for long runs; the same seed gives the same games whatever the threads.",
        after_help = "JSON keys: games, seed, policy, alora_wins, player_wins, ties, alora_win_rate, player_money and alora_money ({mean, spread, min, max, histogram: [[low, high, count], …]}), deciding_rounds (nine counts: games whose winner took the lead for good after round 1, 2, … 9); `stopped` (true) when Ctrl-C stopped the run: the figures are those of the games played."
    )]
    Simulate(stats::SimulateArgs),
    /// The best move at one decision against ALORA, with its chances, from what you see.
    #[command(
        long_about = "The best move at one decision of a solo game against ALORA, from what you can see: which cards to sell, which market cards or blind cards to buy, how much to bet, which hand to play. Every move open to you is listed, best first, with its chance to win the round, the money it is expected to bring you by the end of the round, the change in your lead over ALORA, and the chance to end the game ahead, which ranks them.\n\nALORA's moves are her rules, so her side is computed. What you cannot see (her face-down cards, the order of the deck) is dealt from the cards you have not seen: --samples deals, drawn with ChaCha12 from --seed, each move meeting the same deals, with a 95% interval on each figure; when her face-down cards are all that is unknown (bet and play) and their sets are no more than --samples, each set is counted once (exact). After the move weighed, you are taken to play the rest of the round plainly: a market card that lifts your hand's tier, blind cards to fill your hand keeping the round minimum, the most allowed as the bet with a tier 2 hand or better, the minimum otherwise, and your best hand. The later rounds are modelled as a normal spread of the lead growing with their minimum bets.\n\nThe same advice answers `hint` at your prompts in `kado kinkado play --deck virtual`.",
        after_help = "JSON keys: round, decision, candidates (best first: move {kind: sell|buy|bet|play, cards | market and deck | amount}, answer (what to type at the prompt), win, money, lead, game, each {mean, plus_minus}; plus_minus is 0 when exact), deals, exact, seed (null when exact), unseen.\n\nExample:\n  kado kinkado advise --phase bet --round 4 --hand 'KS KH KD 9C 2S' --alora-shown 'QS 7H 7D 4C 3S' --alora-hidden 2 --market '2H 5C' --pool 17"
    )]
    Advise(Box<advise::AdviseArgs>),
    /// Run a whole game at the table, step by step, saving after every step.
    // Kin Kādo alone takes --seed only with --deck given, as it always has.
    #[command(long_about = play_help(), mut_arg("seed", |a| a.requires("deck")))]
    Play {
        /// The players in seating order (clockwise), e.g. `ana,bo`. Default: one player, `you`.
        #[arg(long, value_delimiter = ',', value_name = "NAMES")]
        players: Vec<String>,
        /// Play against ALORA (the default).
        #[arg(long, overrides_with = "no_alora")]
        alora: bool,
        /// Play without ALORA (needs two players or more).
        #[arg(long)]
        no_alora: bool,
        #[command(flatten)]
        save: SaveArg,
        /// Real cards on the table, or a virtual pack that kado shuffles and deals.
        #[arg(long, value_enum, default_value = "real")]
        deck: DeckArg,
        #[command(flatten)]
        seed: SeedArg,
        #[command(flatten)]
        record: RecordArg,
        #[command(flatten)]
        privacy: PrivacyArgs,
    },
    /// Continue a saved game exactly where it stopped.
    #[command(long_about = play_help())]
    Resume(ResumeArgs),
    /// Show the state of a saved game.
    #[command(
        after_help = crate::session::TABLE_JSON,
        long_about = "Show the state of a saved game: round, phase, every stash, the prize pool, the market and the bank's net payments.\n\nJSON keys: round, phase, money (name → stash), pool (money), pool_cards, market, bets (open bets), bank_net (what the bank paid out minus what it took in; the round tracker's chips count as the bank's), finished, winners."
    )]
    Status(StatusArgs),
    /// Referee a record of games line by line: the books, each reveal, ALORA's rules.
    #[command(long_about = check::ABOUT, after_help = check::AFTER)]
    Check {
        /// The record: a file, or `-` for stdin.
        record: String,
    },
}

fn play_help() -> String {
    format!(
        "Run a whole game of Kin Kādo at the table. kado walks the nine rounds and their five phases (refresh, sell, buy, bet, reveal), rotates the dealer, plays ALORA's turns itself and says what to do with the cards and chips, keeps the books, and asks only for what it cannot know: the prize card turned up, what each player sells, buys, bets and plays, and ALORA's cards when the rules turn them up. A question with one legal answer (a full hand buys nothing) kado answers itself, and says so. Where ALORA sells or buys one of several cards of equal value, the rules leave the pick to the table: kado asks which, and Enter takes the lowest suit in bridge order (clubs, diamonds, hearts, spades).\n\nOne pack serves four seats, ALORA's among them; under {cite1} it serves four people and ALORA.\n\nWho goes first follows the dealer (in solo, {cite2} puts the player first every round). In the sell phase each seat sells all its cards in one answer ({cite3}), or one card a turn round the table until everyone stops (one-at-a-time). At the reveal ALORA plays every card she holds ({cite4}), or only her best hand, keeping the rest face up (keeps-rest).\n\nAt any prompt: `undo` takes back the last answer (again to go further back), `show` shows the table, `help` says what may be answered, `quit` stops (the game is saved), `fix NAME MONEY` corrects a stash counted wrong at the table (recorded like any action), and `fix` lists the answers given, numbered: `fix N ANSWER` replaces answer N, keeps the later answers that still hold and takes back the rest (a correction that would change one of ALORA's moves is refused; `undo` takes a correction back). In a solo game against ALORA with a virtual pack, `hint` at your sell, buy, bet and play prompts shows every move open to you, best first, with its chances (the table of `kado kinkado advise`, 5000 deals, seed 0); it answers nothing and records nothing.\n\nThe game is saved after every step (written to a temporary file, then renamed), so it survives Ctrl-C, kill -9 or a closed terminal; `kado kinkado resume FILE` continues it. When standard input is not a terminal, answers are read one per line (blank lines and # comments skipped, except that at a prompt offering a default for Enter a blank line is Enter), so a game can be scripted.\n\nWith `--deck virtual` kado shuffles and deals a virtual pack (repeatable with `--seed`) and shows each player their cards when it asks; `best` then plays a player's best hand.\n\nWith --json the transcript goes to stderr and, when the session stops, the game's state goes to stdout with the keys of `kado kinkado status` and `save` (the file).\n\nWith --explain the rulings behind the game's verdicts follow the session (under --json, the explain key): how a reveal is settled, and each round in which ALORA was level with another hand on tier and sum ({cite5}).",
        cite1 = ruling::AloraSeat::Extra.cite(),
        cite2 = ruling::SoloFirst::Player.cite(),
        cite3 = ruling::SellTurns::WholeTurn.cite(),
        cite4 = ruling::AloraCards::AllPlayed.cite(),
        cite5 = ruling::Id::AloraTies.cite()
    )
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum DeckArg {
    /// Real cards.
    #[value(alias = "physical")]
    Real,
    /// A pack kado shuffles and deals.
    Virtual,
}

#[derive(Debug, Subcommand)]
pub enum AloraCmd {
    /// The best hand ALORA makes from all the cards she holds.
    #[command(
        long_about = "The best hand ALORA makes from all the cards she holds (any number from 1): the best 2 to 5 of them by tier, then sum.\n\nJSON keys: category, tier, sum, cards, jokers (as for `kado kinkado hand`), and played (the cards that form the hand)."
    )]
    Hand {
        /// All her cards.
        #[arg(required = true, num_args = 1..)]
        cards: Vec<String>,
    },
    /// What ALORA sells: her two lowest-value cards.
    #[command(
        long_about = "What ALORA sells: her two lowest-value cards. When cards of equal value leave a choice, the player picks which.\n\nJSON keys: sell (the cards she certainly sells), choose (null, or {count, from}: how many more to pick among cards of equal value), proceeds (money from the bank)."
    )]
    Sell {
        /// Her hand.
        #[arg(required = true, num_args = 1..)]
        hand: Vec<String>,
    },
    /// What ALORA buys from the market, and how many free cards she draws.
    #[command(
        long_about = "What ALORA buys: the highest-value market card worth 6 or more if she can afford it, plus one free card from the deck; otherwise two free cards. She never holds more than 7 cards.\n\nJSON keys: buy (card or null), choose_from (other market cards of equal value she could take instead), cost, free_draws, stash_after."
    )]
    Buy {
        /// The cards in the market (may be empty: `--market ''`).
        #[arg(long, value_name = "CARDS")]
        market: String,
        /// The money in her stash.
        #[arg(long, value_name = "MONEY")]
        stash: String,
        /// How many cards she holds before buying (after her sales).
        #[arg(long, value_name = "N", default_value = "5")]
        holding: String,
    },
    /// What ALORA bets, and who pays it.
    #[command(
        long_about = "What ALORA bets: the higher of her best face-up card's value and the round's minimum. If she cannot afford it, the bank bets for her and her stash is untouched.\n\nJSON keys: bet, minimum, paid_by (\"alora\" or \"bank\"), stash_after, best_face_up (card or null)."
    )]
    Bet {
        /// The round, 1 to 9.
        #[arg(long, value_name = "N")]
        round: String,
        /// The money in her stash.
        #[arg(long, value_name = "MONEY")]
        stash: String,
        /// Her face-up cards.
        #[arg(long, value_name = "CARDS", default_value = "")]
        face_up: String,
    },
}

pub fn run(cmd: Cmd, ctx: &Ctx) -> Outcome {
    let rs = ctx.ruleset(GAME, TITLE)?;
    let rules = Rules::from_ruleset(&rs);
    match cmd {
        Cmd::Hand { cards } => hand_cmd(ctx, &rs, &rules, &joined(&cards)),
        Cmd::Alora(AloraCmd::Hand { cards }) => alora_hand(ctx, &rs, &rules, &joined(&cards)),
        Cmd::Alora(AloraCmd::Sell { hand }) => alora_sell(ctx, &rs, &joined(&hand)),
        Cmd::Alora(AloraCmd::Buy {
            market,
            stash,
            holding,
        }) => alora_buy(ctx, &rs, &market, &stash, &holding),
        Cmd::Alora(AloraCmd::Bet {
            round,
            stash,
            face_up,
        }) => alora_bet(ctx, &rs, &rules, &round, &stash, &face_up),
        Cmd::Showdown(a) => showdown_cmd(ctx, &rs, &rules, &a),
        Cmd::Round { round } => round_cmd(ctx, &round),
        Cmd::Play {
            players,
            alora: _,
            no_alora,
            save,
            deck,
            seed,
            record,
            privacy,
        } => {
            let virtual_deck = matches!(deck, DeckArg::Virtual);
            let private = privacy.hands_private(ctx, virtual_deck, players.len());
            let deck = match deck {
                DeckArg::Real => Deck::Physical,
                DeckArg::Virtual => Deck::shuffled(seed.or_time()),
            };
            let setup = Setup::read(&players, !no_alora, (deck, private), &rules)?;
            play_cmd(ctx, &rs, setup, (&save, &record))
        }
        Cmd::Resume(a) => resume_cmd(ctx, &a),
        Cmd::Status(a) => session::status_of::<Game>(ctx, &a),
        Cmd::Check { record } => check::check_cmd(ctx, &record),
        Cmd::Odds(a) => stats::odds_cmd(ctx, &rs, &rules, &a),
        Cmd::Census(a) => stats::census_cmd(ctx, &rs, &rules, &a),
        Cmd::Simulate(a) => stats::simulate_cmd(ctx, &rs, &a),
        Cmd::Advise(a) => advise::advise_cmd(ctx, &rs, &rules, &a),
    }
}

fn play_cmd(
    ctx: &Ctx,
    rs: &Ruleset,
    setup: Setup,
    (save, record): (&SaveArg, &RecordArg),
) -> Outcome {
    let mut log = Log::new(GAME, rs, setup)?;
    let lock = session::open_play::<Game>(save, record, &mut log)?;
    session::play_then_explain::<Game>(ctx, &lock, log, Game::explain)
}

fn resume_cmd(ctx: &Ctx, a: &ResumeArgs) -> Outcome {
    let (lock, log) = session::open_resumed::<Game>(ctx, a, TITLE)?;
    session::play_then_explain::<Game>(ctx, &lock, log, Game::explain)
}

fn jokers_line(style: &Style, e: &Evaluation) -> String {
    if e.jokers.is_empty() {
        return String::new();
    }
    let parts: Vec<String> = e
        .jokers
        .iter()
        .map(|c| format!("🃏 as {}", style.card(*c)))
        .collect();
    format!("Jokers: {}\n", parts.join(", "))
}

fn hand_cmd(ctx: &Ctx, rs: &Ruleset, rules: &Rules, text: &str) -> Outcome {
    let cards = played_hand("argument CARDS", text)?;
    let e = hand::evaluate(&cards, rules);
    let s = ctx.style;
    let human = format!(
        "{}: {} — tier {}, sum {}\n{}",
        s.cards(&cards),
        s.bold(&capitalised(&e.category.to_string())),
        e.tier,
        money(i64::from(e.sum)),
        jokers_line(&s, &e)
    );
    let v = verdict::HandReport::new(&e, &cards, None);
    let mut x = hand::explain(rs, &e);
    ctx.decided_by(rs, &mut x, |rs| {
        let e = hand::evaluate(&cards, &Rules::from_ruleset(rs));
        Some(json(&verdict::HandReport::new(&e, &cards, None)))
    });
    ctx.emit(&v, &human, &x)
}

fn alora_hand(ctx: &Ctx, rs: &Ruleset, rules: &Rules, text: &str) -> Outcome {
    let cards = pack_cards("argument CARDS", text)?;
    let b = kado::kinkado::fast::best_hand(&cards, rules);
    let s = ctx.style;
    let e = &b.hand;
    let mut human = format!(
        "ALORA holds {}\nShe plays {}: {} — tier {}, sum {}\n{}",
        s.cards(&cards),
        s.cards(&b.played),
        s.bold(&capitalised(&e.category.to_string())),
        e.tier,
        money(i64::from(e.sum)),
        jokers_line(&s, e)
    );
    human += &hand::alora_sum_note(rules, b.played.len(), cards.len()).unwrap_or_default();
    let mut x = hand::explain_alora(rs, e);
    ctx.decided_by(rs, &mut x, |rs| {
        let b = kado::kinkado::fast::best_hand(&cards, &Rules::from_ruleset(rs));
        Some(json(&verdict::HandReport::new(
            &b.hand,
            &cards,
            Some(&b.played),
        )))
    });
    let v = verdict::HandReport::new(e, &cards, Some(&b.played));
    ctx.emit(&v, &human, &x)
}

fn alora_sell(ctx: &Ctx, rs: &Ruleset, text: &str) -> Outcome {
    let cards = pack_cards("argument HAND", text)?;
    let v = alora::sell(&cards);
    let human = instructions::sell(&v, &ctx.style);
    let mut x = alora::explain_sell(rs);
    ctx.decided_by(rs, &mut x, |_| Some(json(&alora::sell(&cards))));
    ctx.emit(&v, &human, &x)
}

fn alora_buy(ctx: &Ctx, rs: &Ruleset, market: &str, stash: &str, holding: &str) -> Outcome {
    let market_cards = pack_cards_or_none("--market", market);
    let stash_v = money_arg("--stash", stash);
    let holding_v = count_arg("--holding", holding);
    let (market_cards, stash, holding) = collect3(market_cards, stash_v, holding_v)?;
    let buy = |rs: &Ruleset| alora::buy(&market_cards, stash, holding, &Rules::from_ruleset(rs));
    let v = buy(rs);
    let human = instructions::buy(&v, &ctx.style);
    let mut x = alora::explain_buy(&Rules::from_ruleset(rs));
    ctx.decided_by(rs, &mut x, |rs| Some(json(&buy(rs))));
    ctx.emit(&v, &human, &x)
}

fn collect3<A, B, C>(
    a: Result<A, Error>,
    b: Result<B, Error>,
    c: Result<C, Error>,
) -> Result<(A, B, C), Error> {
    match (a, b, c) {
        (Ok(a), Ok(b), Ok(c)) => Ok((a, b, c)),
        (a, b, c) => Err(Error::gather([a.err(), b.err(), c.err()])),
    }
}

fn alora_bet(
    ctx: &Ctx,
    rs: &Ruleset,
    rules: &Rules,
    round: &str,
    stash: &str,
    face_up: &str,
) -> Outcome {
    let (round, stash, face_up) = collect3(
        round_arg("--round", round),
        money_arg("--stash", stash),
        pack_cards_or_none("--face-up", face_up),
    )?;
    let Some(v) = alora::bet(round, stash, &face_up, rules) else {
        return Err(Error::msg("the round must be 1 to 9").into());
    };
    let human = instructions::bet(&v, &ctx.style);
    let mut x = alora::explain_bet(rs);
    ctx.decided_by(rs, &mut x, |rs| {
        Some(json(&alora::bet(
            round,
            stash,
            &face_up,
            &Rules::from_ruleset(rs),
        )?))
    });
    ctx.emit(&v, &human, &x)
}

fn round_cmd(ctx: &Ctx, round: &str) -> Outcome {
    let n = round_arg("argument ROUND", round)?;
    let Some(info) = round_info(n) else {
        return Err(Error::msg("the round must be 1 to 9").into());
    };
    let mut human = format!(
        "Round {}: minimum bet {}.\n",
        info.round,
        money(i64::from(info.minimum_bet))
    );
    if info.joker_joins_pool {
        human += "A joker joins the prize pool this round (it lies under this round's chip).\n";
    }
    ctx.emit(&info, &human, &round_explain())
}

#[derive(Debug, clap::Args)]
pub struct ShowdownArgs {
    /// A player's seat: NAME=CARDS@BET (repeat for each player).
    #[arg(long = "seat", value_name = "NAME=CARDS@BET")]
    seats: Vec<String>,
    /// ALORA's seat: all her cards, then her bet: CARDS@BET.
    #[arg(long, value_name = "CARDS@BET")]
    alora: Option<String>,
    /// The bank placed ALORA's bet (she could not afford it).
    #[arg(long, requires = "alora")]
    bank_bet: bool,
    /// The money in the prize pool.
    #[arg(long, value_name = "MONEY")]
    pool: String,
    /// The cards in the prize pool.
    #[arg(long, value_name = "CARDS")]
    pool_cards: Option<String>,
    /// The chips making up the prize pool's money, e.g. `25,5,1,1` (for splits).
    #[arg(long, value_name = "CHIPS")]
    pool_chips: Option<String>,
}

/// The showdown table: each seat, its hand, bet and what it receives (★ for winners).
fn showdown_table(seats: &[Seat], v: &Settlement, s: &Style) -> String {
    let mut t = Grid::new(["Seat", "Cards", "Hand", "Tier", "Sum", "Bet", "Receives"]);
    for seat in seats {
        let h = &v.hands[&seat.name];
        let name = if v.winners.contains(&seat.name) {
            format!("{} ★", seat.name)
        } else {
            seat.name.clone()
        };
        let cards = if seat.is_alora && h.played.len() < seat.cards.len() {
            format!("{} (plays {})", s.cards(&seat.cards), s.cards(&h.played))
        } else {
            s.cards(&seat.cards)
        };
        t.row([
            name,
            cards,
            h.category.to_string(),
            h.tier.to_string(),
            money(i64::from(h.sum)),
            money(i64::from(seat.bet)),
            money(i64::from(v.payouts[&seat.name])),
        ]);
    }
    grid::draw(&t)
}

fn showdown_cmd(ctx: &Ctx, rs: &Ruleset, rules: &Rules, a: &ShowdownArgs) -> Outcome {
    let text = TableText {
        seats: &a.seats,
        alora: a.alora.as_deref(),
        bank_bet: a.bank_bet,
        pool: &a.pool,
        pool_cards: a.pool_cards.as_deref(),
        pool_chips: a.pool_chips.as_deref(),
    };
    let table = Table::read(&text, rules)?;
    let v = showdown::settle(&table.seats, &table.pool, rules, rs);
    let s = ctx.style;
    let human = showdown_table(&table.seats, &v, &s) + &v.summary(&table.pool, rules, &s);
    let mut x = v.explain.clone();
    ctx.decided_by(rs, &mut x, |rs| {
        let rules = Rules::from_ruleset(rs);
        let table = Table::read(&text, &rules).ok()?;
        Some(json(
            &showdown::settle(&table.seats, &table.pool, &rules, rs).verdict(),
        ))
    });
    ctx.emit(&v.verdict(), &human, &x)
}

mod advise;
mod check;
pub(super) mod stats;
