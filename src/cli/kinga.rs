//! `kado kinga …`: the Kinga referee, the table-side game and the simulator.

use std::path::PathBuf;

use clap::{Subcommand, ValueEnum};
use serde::Serialize;

use kado::cards::{Card, Rank, Suit};
use kado::diag::{Error, Problem, Source};
use kado::explain::Explain;
use kado::kinga::game::{Deck, Game, Setup};
use kado::kinga::sim::{self, POLICY, Report};
use kado::kinga::{self, Effect, GAME, MAX_HAND, Rules, TITLE, Yield};
use kado::notation::{Located, scan_cards, validate_pack};
use kado::render::{self, Style};
use kado::ruleset::Ruleset;
use kado::session::Log;

use super::savefile::SaveLock;
use super::session as sess;
use super::{Ctx, Failure, Outcome, joined, prompt};

const CHAIN_AFTER: &str = "JSON keys: valid, reason (null when valid, else which card breaks the chain and why), influence, suits (letters S H D C), draws, bonuses (threes_company, harmony), target (null, or {card, needed (null for a king), influenced, effects: exile, turn_king, win_if_last_queen}).

Examples:
  kado kinga chain 4S 3S 3H
  kado kinga chain 5S 4S JK 3D --target 6D
  kado --rules kinga-hardcore kinga chain 4S 3S JK 5C";

const OPTIONS_AFTER: &str = "JSON keys: influence (list of {target, play, influence}), exile (list of {card, by}), raise_suspicion, loses.

Example:
  kado kinga options --hand '5S 4S 3D JK' --tops '6D 9S 3H 3C'";

const PLAY_ABOUT: &str = "Play a game at the table: kado tracks the four suit piles, the kings, the draw and discard piles, the exiled cards and your hand, checks each play against the rules in force, and says what to do: draw, exile, turn a king sideways, reshuffle the discards. The table is shown at the start of every turn and when the game ends with its score (kings exposed).

With `--deck real` (the default) you say which cards you draw; with `--deck virtual` kado shuffles the starting deck and deals (repeatable with `--seed`). The game is saved after every answer (a temporary file, then renamed), so it survives Ctrl-C or a closed terminal; `kado kinga resume FILE` continues it under the rules it started with. `play` never overwrites an existing file.

With --json the transcript goes to stderr and, when the session stops, the game's state goes to stdout. JSON keys: deck (real, virtual), turn (0 before the first), piles (list of {suit (S H D C), top (the top card, the king when only it is left; null when empty), king (upright, sideways, exposed)}), kings_turned, hand, draw_pile and discard_pile (card counts), exiled, table (this turn's cards waiting for cleanup), waiting_for (the question kado asks next: draw, turn, suspicion, bonus, keep; null when it is over), finished, won (null until finished), score (kings exposed), save (the file). With --explain the rules and rulings the game is refereed by follow the session (under --json, the explain key).";

const RESUME_ABOUT: &str = "Continue a saved game where it stopped, under the rules it started with (a --rules that differs is refused). The saved actions are replayed, so a finished game shows its final table and score.

With --json the transcript goes to stderr and the game's state to stdout, with the keys of `kado kinga play`.";

const PLAY_AFTER: &str = "At each prompt answer:
  CARDS on TARGET   a play and the top card it influences, e.g. `4S 3S 3H on 6H` (or `on H`);
                    CARDS alone when the play influences only one top card
  exile CARD        exile a card from your hand (a higher card of its suit must be in hand)
  CARDS             the cards you drew, when asked
  CARD | none       the card to keep at cleanup, or the card the 5/8/10 bonus exiles
  undo, show, help (lists your legal plays), quit
The game is saved after every answer; when stdin is not a terminal, answers are read one per line.";

#[derive(Debug, Subcommand)]
pub enum Cmd {
    /// Check a chain of cards and work out its influence, suits and extra draws.
    #[command(after_help = CHAIN_AFTER)]
    Chain {
        /// The cards in the order played, e.g. `4S 3S 3H` or `4♠ 3♠ 3♥`.
        #[arg(required = true, num_args = 1..)]
        cards: Vec<String>,
        /// A top card to influence: is it, and what follows?
        #[arg(long, value_name = "CARD")]
        target: Option<String>,
    },
    /// Every legal play of a hand: what it can influence, what it may exile, or suspicion.
    #[command(after_help = OPTIONS_AFTER)]
    Options {
        /// The hand (may be empty: `--hand ''`).
        #[arg(long, value_name = "CARDS")]
        hand: String,
        /// The top card of each suit pile (at most one per suit).
        #[arg(long, value_name = "CARDS")]
        tops: String,
        /// How many kings are turned sideways (0 to 4).
        #[arg(long, value_name = "N", default_value = "0")]
        turned: String,
    },
    /// Play a game at the table: kado tracks the piles, checks each play and says what to do.
    #[command(long_about = PLAY_ABOUT, after_help = PLAY_AFTER)]
    Play {
        /// The file to save the game in (default: kinga-1.yaml, kinga-2.yaml, …).
        #[arg(long, value_name = "FILE")]
        save: Option<PathBuf>,
        /// Real cards (you say what you draw) or a virtual deck kado shuffles and deals.
        #[arg(long, value_enum, default_value = "real")]
        deck: DeckArg,
        /// The seed of the virtual deck and of hardcore's random discards.
        ///
        /// Virtual decks are shuffled with ChaCha12, from a seed expansion and a shuffle
        /// written down in kado itself (not a library's), so a seed deals the same cards in
        /// every kado version and a saved game always replays.
        #[arg(long, value_name = "N")]
        seed: Option<u64>,
    },
    /// Continue a saved game.
    #[command(long_about = RESUME_ABOUT, after_help = PLAY_AFTER)]
    Resume {
        /// The saved game.
        file: PathBuf,
    },
    /// Show the state of a saved game without continuing it.
    #[command(
        long_about = "Show the state of a saved game, as `show` does at a prompt, and how many actions its log holds. It can be read while a session is running.\n\nWith --json: the same keys as the state printed when a session stops."
    )]
    Status {
        /// The saved game.
        file: std::path::PathBuf,
    },
    /// Play many games with a virtual deck and a greedy policy; report win rates and scores.
    #[command(after_help = const_format_policy())]
    Simulate {
        /// How many games per ruleset.
        #[arg(long, value_name = "N")]
        games: u64,
        /// The seed of the first shuffle.
        #[arg(long, value_name = "S", default_value = "1")]
        seed: u64,
    },
}

const fn const_format_policy() -> &'static str {
    "The policy: each turn, influence a queen if possible, else the highest-ranked top card that can be influenced, with the shortest play (fewest jokers); else exile the lowest card that may be exiled; else raise suspicion on the king whose queen is furthest away. The 5, 8 and 10 bonus exiles the lowest plain card of the hand and discard pile. Cleanup keeps the highest plain card.

Without --rules, both kinga and kinga-hardcore are simulated.
JSON keys: results (list of {ruleset, games, wins, win_rate, scores (games ending with 0..4 kings exposed), average_score, average_turns}), seed, policy."
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum DeckArg {
    Real,
    Virtual,
}

pub fn run(cmd: Cmd, ctx: &Ctx) -> Outcome {
    match cmd {
        Cmd::Chain { cards, target } => {
            let rs = ctx.ruleset(GAME, TITLE)?;
            chain_cmd(ctx, &rs, &joined(&cards), target.as_deref())
        }
        Cmd::Options { hand, tops, turned } => {
            let rs = ctx.ruleset(GAME, TITLE)?;
            options_cmd(ctx, &rs, &hand, &tops, &turned)
        }
        Cmd::Play { save, deck, seed } => {
            let rs = ctx.ruleset(GAME, TITLE)?;
            let deck = match deck {
                DeckArg::Real => Deck::Real,
                DeckArg::Virtual => Deck::Virtual,
            };
            let seed = seed.unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_secs())
            });
            let log: Log<Setup, kinga::game::Action> = Log::new(GAME, &rs, Setup::new(deck, seed))?;
            let path = save.unwrap_or_else(|| sess::default_path(GAME));
            let lock = sess::open_new::<Game>(&path)?;
            session(ctx, &lock, log)
        }
        Cmd::Status { file } => sess::status::<Game>(ctx, &file),
        Cmd::Resume { file } => {
            let (lock, log) = sess::open_resume::<Game>(ctx, &file, TITLE)?;
            session(ctx, &lock, log)
        }
        Cmd::Simulate { games, seed } => simulate_cmd(ctx, games, seed),
    }
}

/// Runs a game at the table (`play`, `resume`). With `--json` the transcript goes to
/// stderr and the game's state to stdout; with `--explain` the rules and rulings the game
/// is refereed by follow the session.
fn session(ctx: &Ctx, lock: &SaveLock, log: Log<Setup, kinga::game::Action>) -> Outcome {
    let rs = log.ruleset.ruleset()?;
    let x = session_explain(&rs);
    if !ctx.json {
        sess::run::<Game>(lock, log, &mut *prompt::for_stdin(), ctx.style)?;
        return if ctx.explain {
            ctx.emit(&serde_json::Value::Null, "", &x)
        } else {
            Ok(())
        };
    }
    let game = sess::run_json::<Game>(ctx, lock, log)?;
    let mut v = kado::session::Session::summary(&game);
    if let serde_json::Value::Object(m) = &mut v {
        m.insert("save".into(), lock.path().display().to_string().into());
    }
    ctx.emit(&v, "", &x)
}

/// The rules a game at the table is refereed by, with the rulings behind each.
fn session_explain(rs: &Ruleset) -> Explain {
    let mut x = Explain::new();
    x.ruled(
        "A turn is one influence or one exile (hardcore: exile only when nothing can be influenced); only when neither is possible is suspicion raised, and with all four kings sideways that loses.",
        rs,
        &["hardcore"],
    );
    x.ruled(
        "A play chains cards by suit or rank (a joker connects any two, never first); its influence is the first card's rank plus 1 for each further card (a single joker adds nothing, two add 1 each), good in the suits played or any suit with a joker (hardcore: with two jokers).",
        rs,
        &["ace-value", "single-card-play", "hardcore"],
    );
    x.ruled(
        "A top card is influenced by at least its rank + 1 in its suit; a queen exposes its king and the fourth queen wins.",
        rs,
        &["kings"],
    );
    x.ruled(
        "Three's Company draws 1 extra card, Harmony (all four suits) 2.",
        rs,
        &["threes-company"],
    );
    x.ruled(
        "Influencing a 5, 8 or 10 lets you exile a card of your hand or discard pile.",
        rs,
        &["bonus-exile-joker"],
    );
    x.ruled(
        "Cleanup keeps at most one card (hardcore: every unused card), discards the rest and draws back to four; the discards are reshuffled only when a card must be drawn from an empty draw pile.",
        rs,
        &["hardcore", "hardcore-suspicion-cleanup", "reshuffle"],
    );
    x
}

/// Reads the cards of an argument (may be empty when `allow_empty`).
fn read_arg(src: &Source, allow_empty: bool, problems: &mut Vec<Problem>) -> Vec<Located<Card>> {
    let (cards, mut ps) = scan_cards(src, 0..src.text.len());
    problems.append(&mut ps);
    if cards.is_empty() && ps_empty_text(src) && !allow_empty {
        problems.push(
            Problem::new("no cards given")
                .at(src, 0..src.text.len())
                .expected("cards such as `4S 3S 3H`"),
        );
    }
    cards
}

fn ps_empty_text(src: &Source) -> bool {
    src.text
        .trim_matches(|c: char| c.is_whitespace() || c == ',')
        .is_empty()
}

fn suits_json(s: kinga::Suits) -> Vec<String> {
    s.letters()
}

#[derive(Serialize)]
struct TargetOut {
    card: Card,
    needed: Option<u32>,
    influenced: bool,
    effects: Vec<Effect>,
}

#[derive(Serialize)]
struct ChainVerdict {
    valid: bool,
    reason: Option<String>,
    influence: u32,
    suits: Vec<String>,
    draws: u32,
    bonuses: Vec<kinga::Bonus>,
    target: Option<TargetOut>,
}

fn chain_cmd(ctx: &Ctx, rs: &Ruleset, text: &str, target: Option<&str>) -> Outcome {
    let rules = Rules::from_ruleset(rs);
    let mut problems = Vec::new();
    let src = Source::new("argument CARDS", text);
    let cards = read_arg(&src, false, &mut problems);
    let tsrc = target.map(|t| Source::new("--target", t));
    let mut target_card = None;
    if let Some(ts) = &tsrc {
        let t = read_arg(ts, false, &mut problems);
        for one in &t {
            match one.value {
                Card::Joker => problems.push(
                    Problem::new("a joker is never on a suit pile")
                        .at(ts, one.span.clone())
                        .expected("a top card, 3 up to K"),
                ),
                Card::Plain(Rank::Ace | Rank::Two, _) => problems.push(
                    Problem::new(format!(
                        "{} is never on a suit pile: aces and twos start in your deck",
                        one.value
                    ))
                    .at(ts, one.span.clone())
                    .expected("a top card, 3 up to K"),
                ),
                _ => {}
            }
        }
        match t.as_slice() {
            [one] if one.value.rank().is_some_and(|r| r.number() >= 3) => {
                target_card = Some((one.value, one.clone()));
            }
            [_, second, ..] => problems.push(
                Problem::new("--target takes one card")
                    .at(ts, second.span.start..ts.text.len())
                    .help("ask about one top card at a time"),
            ),
            _ => {}
        }
    }
    if let Some((Card::Plain(top, suit), tl)) = &target_card {
        for c in &cards {
            if let Card::Plain(r, s) = c.value
                && s == *suit
                && r > *top
                && r.number() >= 3
            {
                problems.push(
                    Problem::new(format!(
                        "{} is still in the {} pile, under {}",
                        c.value,
                        s.symbol(),
                        tl.value
                    ))
                    .at(&src, c.span.clone())
                    .help("a suit pile is taken in order, from 3 up to the king"),
                );
            }
        }
    }
    let mut all: Vec<(&Source, &Located<Card>)> = cards.iter().map(|c| (&src, c)).collect();
    if let (Some(ts), Some((_, l))) = (&tsrc, &target_card) {
        all.push((ts, l));
    }
    problems.extend(validate_pack(all, 2));
    Error::check(problems)?;
    let played: Vec<Card> = cards.iter().map(|l| l.value).collect();
    let target_card = target_card.map(|(c, _)| c);
    let s = ctx.style;
    let mut x = Explain::new();
    x.rule("Each card after the first must match the card before it in suit or rank; a joker connects any two cards but may not come first.");
    let result = kinga::evaluate(&played, &rules);
    let mut human = String::new();
    let verdict = match &result {
        Err(b) => {
            let card = played.get(b.at).copied().unwrap_or(Card::Joker);
            let reason = format!("card {} ({}): {}", b.at + 1, card.code(), b.why);
            human += &format!(
                "{}: {} — card {} ({}): {}.\n",
                s.cards(&played),
                s.bold("not a legal play"),
                b.at + 1,
                s.card(card),
                b.why
            );
            if b.why == kinga::Blocked::SingleCard {
                x.ruled(
                    "A play of one card is allowed or not.",
                    rs,
                    &["single-card-play"],
                );
            }
            let target = target_card.map(|t| TargetOut {
                card: t,
                needed: kinga::needed(t, &rules),
                influenced: false,
                effects: Vec::new(),
            });
            ChainVerdict {
                valid: false,
                reason: Some(reason),
                influence: 0,
                suits: Vec::new(),
                draws: 0,
                bonuses: Vec::new(),
                target,
            }
        }
        Ok(y) => {
            human += &format!(
                "{}: {} influence in {}.\n",
                s.cards(&played),
                s.bold(&y.influence.to_string()),
                y.suits.show()
            );
            explain_yield(&mut x, rs, &rules, &played, y);
            if y.draws > 0 {
                let names: Vec<String> = y
                    .bonuses
                    .iter()
                    .map(|b| match b {
                        kinga::Bonus::ThreesCompany => {
                            format!("Three's Company {}", y.threes)
                        }
                        kinga::Bonus::Harmony => "Harmony 2".to_string(),
                    })
                    .collect();
                human += &format!(
                    "Draw {} extra card{} at once ({}).\n",
                    y.draws,
                    if y.draws == 1 { "" } else { "s" },
                    names.join(", ")
                );
            }
            let target =
                target_card.map(|t| target_verdict(&mut human, &mut x, s, rs, &rules, y, t));
            ChainVerdict {
                valid: true,
                reason: None,
                influence: y.influence,
                suits: suits_json(y.suits),
                draws: y.draws,
                bonuses: y.bonuses.clone(),
                target,
            }
        }
    };
    ctx.emit(&verdict, &human, &x)
}

fn explain_yield(x: &mut Explain, rs: &Ruleset, rules: &Rules, played: &[Card], y: &Yield) {
    x.ruled(
        "Influence: the first card's rank (A 1 … Q 12, K 13), plus 1 for each further card.",
        rs,
        &["ace-value", "single-card-play"],
    );
    let jokers = played.iter().filter(|c| c.is_joker()).count();
    if jokers == 1 {
        x.rule("A single joker in a play adds no influence.");
    } else if jokers == 2 {
        x.rule("Two jokers in a play add 1 influence each.");
    }
    if jokers > 0 {
        x.ruled(
            if rules.hardcore {
                "Hardcore: only two jokers make the influence good in any suit; one joker only connects cards."
            } else {
                "A joker in the play makes the influence good in any suit."
            },
            rs,
            &["hardcore"],
        );
    } else {
        x.rule("The influence may be spent in any suit of the cards played.");
    }
    if y.bonuses.contains(&kinga::Bonus::ThreesCompany) {
        x.ruled(
            "Three's Company: three cards of one rank in a play draw one extra card.",
            rs,
            &["threes-company"],
        );
    }
    if y.bonuses.contains(&kinga::Bonus::Harmony) {
        x.rule("Harmony: all four suits in a play (jokers not counted) draw two extra cards.");
    }
}

fn target_verdict(
    human: &mut String,
    x: &mut Explain,
    s: Style,
    rs: &Ruleset,
    rules: &Rules,
    y: &Yield,
    t: Card,
) -> TargetOut {
    let needed = kinga::needed(t, rules);
    let suit = t.suit().unwrap_or(Suit::Spades);
    let influenced = kinga::influences(y, t, rules);
    match needed {
        None => {
            *human += &format!(
                "{}: kings cannot be influenced; a king is exposed by influencing its queen.\n",
                s.card(t)
            );
            x.ruled("Kings cannot be influenced.", rs, &["kings"]);
        }
        Some(n) => {
            x.rule("A top card is influenced by influence of at least its rank + 1, in its suit.");
            if rules.kings_influenced && t.rank() == Some(Rank::King) {
                x.ruled("A king left on its pile may be influenced.", rs, &["kings"]);
            }
            if influenced {
                *human += &format!(
                    "{}: needs {n} in {} — {}.\n",
                    s.card(t),
                    suit.symbol(),
                    s.bold("influenced")
                );
            } else if !y.suits.has(suit) {
                *human += &format!(
                    "{}: needs {n} in {} — not influenced: the influence is not good in {}.\n",
                    s.card(t),
                    suit.symbol(),
                    suit.symbol()
                );
            } else {
                *human += &format!(
                    "{}: needs {n} in {} — not influenced: {} is {} short.\n",
                    s.card(t),
                    suit.symbol(),
                    y.influence,
                    n - y.influence
                );
            }
        }
    }
    let effects = if influenced {
        kinga::effects(t)
    } else {
        Vec::new()
    };
    for e in &effects {
        match e {
            Effect::Exile => {
                *human += "Then you may exile one card from your hand or discard pile.\n";
                x.ruled(
                    "Influencing a 5, 8 or 10 lets you exile one card of your hand or discard pile.",
                    rs,
                    &["bonus-exile-joker"],
                );
            }
            Effect::TurnKing => {
                *human += &format!(
                    "Then turn the {} king sideways if it is upright; it is exposed.\n",
                    suit.symbol()
                );
                x.rule("Influencing a queen turns its king sideways.");
            }
            Effect::WinIfLastQueen => {
                *human += "If it is the fourth queen, you win.\n";
                x.rule("Influencing the fourth queen wins the game.");
            }
        }
    }
    TargetOut {
        card: t,
        needed,
        influenced,
        effects,
    }
}

#[derive(Serialize)]
struct OptionsVerdict<'a> {
    influence: &'a [kinga::Reach],
    exile: &'a [kinga::ExileOption],
    raise_suspicion: bool,
    loses: bool,
}

fn options_cmd(ctx: &Ctx, rs: &Ruleset, hand: &str, tops: &str, turned: &str) -> Outcome {
    let rules = Rules::from_ruleset(rs);
    let mut problems = Vec::new();
    let hsrc = Source::new("--hand", hand);
    let tsrc = Source::new("--tops", tops);
    let hand = read_arg(&hsrc, true, &mut problems);
    let tops = read_arg(&tsrc, false, &mut problems);
    let nsrc = Source::new("--turned", turned);
    let turned = match turned.trim().parse::<usize>() {
        Ok(n) if n <= 4 => n,
        _ => {
            problems.push(
                Problem::new(format!("`{turned}` is not a number of kings"))
                    .at(&nsrc, 0..turned.len())
                    .expected("0 to 4"),
            );
            0
        }
    };
    if hand.len() > MAX_HAND {
        problems.push(
            Problem::new(format!(
                "a hand of {} cards is more than kado searches ({MAX_HAND})",
                hand.len()
            ))
            .at(&hsrc, hand[MAX_HAND].span.start..hsrc.text.len())
            .help("a Kinga hand holds 4 cards at the start of a turn"),
        );
    }
    let mut pile_top: [Option<Rank>; 4] = [None; 4];
    for t in &tops {
        match t.value {
            Card::Joker => problems.push(
                Problem::new("a joker is never on a suit pile")
                    .at(&tsrc, t.span.clone())
                    .expected("a top card, 3 up to K"),
            ),
            Card::Plain(r @ (Rank::Ace | Rank::Two), s) => problems.push(
                Problem::new(format!(
                    "{} is never on a suit pile: aces and twos start in your deck",
                    Card::new(r, s)
                ))
                .at(&tsrc, t.span.clone())
                .expected("a top card, 3 up to K"),
            ),
            Card::Plain(r, s) => {
                if let Some(first) = pile_top[s.index()] {
                    problems.push(
                        Problem::new(format!(
                            "two top cards for the {} pile ({} and {})",
                            s.symbol(),
                            Card::new(first, s),
                            t.value
                        ))
                        .at(&tsrc, t.span.clone())
                        .help("give the top card of each pile once"),
                    );
                } else {
                    pile_top[s.index()] = Some(r);
                }
            }
        }
    }
    for h in &hand {
        if let Card::Plain(r, s) = h.value
            && let Some(top) = pile_top[s.index()]
            && r > top
            && r.number() >= 3
        {
            problems.push(
                Problem::new(format!(
                    "{} is still in the {} pile, under {}",
                    h.value,
                    s.symbol(),
                    Card::new(top, s)
                ))
                .at(&hsrc, h.span.clone())
                .help("a suit pile is taken in order, from 3 up to the king"),
            );
        }
    }
    let all = hand
        .iter()
        .map(|c| (&hsrc, c))
        .chain(tops.iter().map(|c| (&tsrc, c)));
    problems.extend(validate_pack(all, 2));
    Error::check(problems)?;
    let hand: Vec<Card> = hand.iter().map(|l| l.value).collect();
    let tops: Vec<Card> = tops.iter().map(|l| l.value).collect();
    let o = kinga::options(&hand, &tops, turned, &rules);
    let s = ctx.style;
    let mut human = String::new();
    if o.influence.is_empty() {
        human += "Nothing can be influenced.\n";
    } else {
        let mut t = render::table(["Target", "Shortest play", "Influence"]);
        for r in &o.influence {
            t.add_row([s.card(r.target), s.cards(&r.play), r.influence.to_string()]);
        }
        human += "Influence:\n";
        human += &render::show(&t);
    }
    if !o.exile.is_empty() {
        let parts: Vec<String> = o
            .exile
            .iter()
            .map(|e| format!("{} (by {})", s.card(e.card), s.cards(&e.by)))
            .collect();
        human += &format!("Exile: {}\n", parts.join(", "));
    } else if rules.hardcore && !o.influence.is_empty() {
        human += "Exile: not while something can be influenced (hardcore).\n";
    } else if !o.raise_suspicion {
        human += "Exile: nothing (no card has a higher card of its suit in hand).\n";
    }
    if o.loses {
        human += &format!(
            "{}: you must raise suspicion and all four kings are already sideways.\n",
            s.bold("You lose")
        );
    } else if o.raise_suspicion {
        human += &format!(
            "{}: turn an upright king sideways ({} of 4 turned now).\n",
            s.bold("Raise suspicion"),
            turned
        );
    }
    let mut x = Explain::new();
    x.rule("A turn is one influence or one exile; only when neither is possible must you raise suspicion.");
    x.ruled(
        "A play influences a top card with influence of at least its rank + 1, in its suit.",
        rs,
        &["kings", "single-card-play", "ace-value", "hardcore"],
    );
    x.rule("The play shown for each target uses the fewest cards (then the fewest jokers).");
    x.ruled(
        "Exile a card when another card of its suit and higher rank is in hand; never a joker, never by a joker.",
        rs,
        &["hardcore"],
    );
    if o.raise_suspicion {
        x.rule("Raising suspicion with all four kings already sideways loses the game.");
    }
    let v = OptionsVerdict {
        influence: &o.influence,
        exile: &o.exile,
        raise_suspicion: o.raise_suspicion,
        loses: o.loses,
    };
    ctx.emit(&v, &human, &x)
}

#[derive(Serialize)]
struct SimVerdict<'a> {
    seed: u64,
    policy: &'a str,
    results: &'a [Report],
}

fn simulate_cmd(ctx: &Ctx, games: u64, seed: u64) -> Outcome {
    if games == 0 || games > 10_000_000 {
        let text = games.to_string();
        let p = Problem::new(format!("`{games}` games is not a number kado plays"))
            .at(&Source::new("--games", text.as_str()), 0..text.len())
            .expected("1 to 10000000");
        return Err(Error::from(p).into());
    }
    let rulesets: Vec<Ruleset> = match &ctx.rules {
        Some(_) => vec![ctx.ruleset(GAME, TITLE)?],
        None => vec![
            Ruleset::builtin("kinga")?,
            Ruleset::builtin("kinga-hardcore")?,
        ],
    };
    let start = std::time::Instant::now();
    let total = games * rulesets.len() as u64;
    let mut bar: Option<indicatif::ProgressBar> = None;
    let mut done = 0u64;
    let mut results = Vec::new();
    for rs in &rulesets {
        let rules = Rules::from_ruleset(rs);
        let mut outcomes = Vec::with_capacity(usize::try_from(games).unwrap_or(0));
        for i in 0..games {
            let o = sim::play_game(rules, sim::game_seed(seed, i))
                .map_err(|e| Failure::Internal(e.to_string()))?;
            outcomes.push(o);
            done += 1;
            if bar.is_none() && start.elapsed().as_secs_f64() > 1.0 {
                let b = indicatif::ProgressBar::new(total);
                b.set_style(
                    indicatif::ProgressStyle::with_template(
                        "{msg} [{bar:40}] {pos}/{len} games ({eta} left)",
                    )
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
                );
                bar = Some(b);
            }
            if let Some(b) = &bar {
                b.set_message(rs.name.clone());
                b.set_position(done);
            }
        }
        results.push(sim::report(&rs.name, &outcomes));
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let s = ctx.style;
    let mut human = String::new();
    for r in &results {
        human += &format!(
            "{} — {} game{}: {} won ({:.1}%), average score {:.2}, average {:.1} turns\n",
            s.bold(&r.ruleset),
            r.games,
            if r.games == 1 { "" } else { "s" },
            r.wins,
            r.win_rate * 100.0,
            r.average_score,
            r.average_turns
        );
        let most = r.scores.iter().copied().max().unwrap_or(1).max(1);
        for (score, n) in r.scores.iter().enumerate() {
            let width = usize::try_from(n * 40 / most).unwrap_or(0);
            let bar = if *n > 0 && width == 0 {
                "▏".to_string()
            } else {
                "█".repeat(width)
            };
            human += &format!(
                "  {score} king{} {:>5.1}% {bar} {n}\n",
                if score == 1 { " " } else { "s" },
                *n as f64 * 100.0 / r.games.max(1) as f64
            );
        }
    }
    human += &format!("Policy: {POLICY}\n");
    let mut x = Explain::new();
    x.rule("Each game deals a fresh virtual deck from the seed and plays to a win (the fourth queen) or a loss (suspicion with four kings sideways).");
    x.rule("The score is the number of kings exposed.");
    for rs in &rulesets {
        let ids: Vec<&str> = rs.rulings.iter().map(|r| r.id.as_str()).collect();
        x.ruled(
            format!("The {} games are played under these rulings.", rs.name),
            rs,
            &ids,
        );
    }
    let v = SimVerdict {
        seed,
        policy: POLICY,
        results: &results,
    };
    ctx.emit(&v, &human, &x)
}
