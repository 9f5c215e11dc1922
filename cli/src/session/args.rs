//! The arguments every game's sessions share, declared once with one help text true for
//! each game: `play`'s `--save`, `--record`, `--seed`, `--private` and `--open`, and the
//! arguments of `resume` and `status`. Each game flattens them into its own commands
//! (`#[command(flatten)]`), where its own flags such as `--deck` stay.

use std::path::PathBuf;

/// `--save FILE`: where a new game is saved.
#[derive(Debug, clap::Args)]
pub struct SaveArg {
    /// The file to save the game in (default: the first of GAME-1.yaml, GAME-2.yaml, …
    /// not yet in this folder).
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
}

impl SaveArg {
    /// The file named, else a fresh name for `game` in this folder.
    pub fn path(&self, game: &str) -> PathBuf {
        self.save
            .clone()
            .unwrap_or_else(|| super::default_path(game))
    }
}

/// `--record FILE` of `play`: the game's record, rewritten as it goes.
#[derive(Debug, clap::Args)]
pub struct RecordArg {
    /// Rewrite the game's record to this file after every answer (`check` reads it).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
}

/// `--seed N` of `play`.
#[derive(Debug, clap::Args)]
pub struct SeedArg {
    /// The seed of what kado draws at random: a virtual deck's shuffle, and whatever else
    /// the rules leave to chance (default: the time).
    ///
    /// Virtual decks are shuffled with ChaCha12, from a seed expansion and a shuffle
    /// written down in kado itself (not a library's), so a seed deals the same in every
    /// kado version and a saved game always replays.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
}

impl SeedArg {
    /// The seed given, else one from the clock.
    pub fn or_time(&self) -> u64 {
        self.seed.unwrap_or_else(super::time_seed)
    }
}

/// `--private` and `--open` of `play`: whether the hands are kept off the screen.
#[derive(Debug, clap::Args)]
pub struct PrivacyArgs {
    /// Keep hands off the screen: a player sees their hand by typing `hand` at their
    /// own turn. The default wherever kado deals the hands and others would see them: two
    /// or more players at one screen, or a game served to phones.
    #[arg(long)]
    pub private: bool,
    /// Show every hand on the screen, where kado would keep them private by default
    /// (two or more players at one screen, a game served to phones): a table that
    /// plays open.
    #[arg(long, conflicts_with = "private")]
    pub open: bool,
}

impl PrivacyArgs {
    /// Whether a new game keeps its hands off the shared screen: under `--private`; and by
    /// default wherever kado deals hands that others at the table must not see (a virtual
    /// deck) and they would be on a screen others see: a game served to phones (each hand is
    /// on its own seat's page), or two or more `humans` at one screen (the device is passed
    /// between them). `--open` shows every hand where a table wants that.
    pub fn hands_private(&self, ctx: &crate::ctx::Ctx, virtual_deck: bool, humans: usize) -> bool {
        self.private || (!self.open && virtual_deck && (ctx.serve.is_some() || humans >= 2))
    }
}

/// `resume FILE [--record FILE]`.
#[derive(Debug, clap::Args)]
pub struct ResumeArgs {
    /// The saved game.
    pub file: PathBuf,
    /// Rewrite the game's record to this file after every answer (a game started by
    /// `play`; without it, the record the game was started with, if any, goes on being
    /// written).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
}

/// `status FILE [--record]`.
#[derive(Debug, clap::Args)]
pub struct StatusArgs {
    /// The saved game.
    pub file: PathBuf,
    /// Print the game's record instead, as `check` reads it (a game started by `play`;
    /// JSON: {record}).
    #[arg(long)]
    pub record: bool,
}
