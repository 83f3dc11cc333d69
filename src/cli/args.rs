//! The command-line grammar (clap), and the parsers of its values.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use guichet_core::{Cents, Game, Seed};

/// Guichet: four French instant-win games with exact, auditable prize pools.
#[derive(Debug, Parser)]
#[command(name = "guichet", version, about, long_about = None)]
pub struct Cli {
    /// What to do; without a command, the kiosk window opens.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The kiosk's database [default: the platform's data folder, e.g.
    /// ~/.local/share/guichet/guichet.sqlite3].
    #[arg(long, value_name = "PATH")]
    pub db: Option<PathBuf>,
    /// Fill the screen (for kiosk displays).
    #[arg(long)]
    pub fullscreen: bool,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Walk a whole block and check it against its règlement's prize table.
    Audit(AuditArgs),
    /// Credit money to the player's account.
    Deposit(AmountArgs),
    /// Pay money out of the player's account.
    Withdraw(AmountArgs),
    /// Play units headlessly: finish any unfinished unit, then buy and reveal N.
    Play(PlayArgs),
    /// Print the player's balance, ledger and units.
    History(HistoryArgs),
    /// Check the database: SQLite's integrity and every ledger and unit invariant.
    Verify(DatabaseArgs),
    /// List the blocks: the open ones' commitments, the closed ones' revealed seeds.
    Blocks(DatabaseArgs),
}

/// Where the database is.
#[derive(Debug, Args)]
pub struct DatabaseArgs {
    /// The database file [default: the platform's data folder, e.g.
    /// ~/.local/share/guichet/guichet.sqlite3].
    #[arg(long, value_name = "PATH")]
    pub db: Option<PathBuf>,
}

/// `guichet deposit` and `guichet withdraw`.
#[derive(Debug, Args)]
pub struct AmountArgs {
    /// The database.
    #[command(flatten)]
    pub database: DatabaseArgs,
    /// The amount in euros, e.g. 20 or 7.50.
    #[arg(long, value_name = "EUROS", value_parser = parse_euros)]
    pub amount: Cents,
}

/// `guichet play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The database.
    #[command(flatten)]
    pub database: DatabaseArgs,
    /// blackjack, x10, star-fortune or bingo.
    #[arg(long, value_parser = parse_game)]
    pub game: Game,
    /// The stake in euros: 0.5, 1 or 2, for star-fortune only.
    #[arg(long, value_name = "EUROS", value_parser = parse_euros)]
    pub stake: Option<Cents>,
    /// How many units to buy and reveal.
    #[arg(long, value_name = "N")]
    pub count: u32,
}

/// `guichet history`.
#[derive(Debug, Args)]
pub struct HistoryArgs {
    /// The database.
    #[command(flatten)]
    pub database: DatabaseArgs,
    /// Print one JSON object (the audit format) instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// `guichet audit`: see `ARCHITECTURE.md` and the audit interface.
#[derive(Debug, Args)]
pub struct AuditArgs {
    /// blackjack, x10, star-fortune or bingo.
    #[arg(long, value_parser = parse_game)]
    pub game: Game,
    /// The stake in euros: 0.5, 1 or 2, for star-fortune only.
    #[arg(long, value_name = "EUROS", value_parser = parse_euros)]
    pub stake: Option<Cents>,
    /// The block's secret seed, 64 hex digits; a fresh one is drawn without it.
    #[arg(long, value_name = "HEX", value_parser = parse_seed)]
    pub seed: Option<Seed>,
    /// The block number within its emission.
    #[arg(long, value_name = "N", default_value_t = 0, allow_negative_numbers = true, value_parser = parse_block_number)]
    pub block: u32,
    /// Write every unit's prize as CSV (`index,prize_cents`) to FILE.
    #[arg(long, value_name = "FILE")]
    pub prizes: Option<PathBuf>,
    /// Write, as JSON Lines, what the screens show for up to K units of each tier.
    #[arg(long, value_name = "FILE", requires = "per_tier")]
    pub scenarios: Option<PathBuf>,
    /// How many units of each tier (the losing one included) `--scenarios` writes.
    #[arg(long, value_name = "K", requires = "scenarios")]
    pub per_tier: Option<u32>,
}

fn parse_game(text: &str) -> Result<Game, String> {
    text.parse()
        .map_err(|error: guichet_core::emission::UnknownGame| error.to_string())
}

fn parse_euros(text: &str) -> Result<Cents, String> {
    Cents::parse_euros(text).map_err(|error| error.to_string())
}

fn parse_seed(text: &str) -> Result<Seed, String> {
    text.parse()
        .map_err(|_| format!("`{text}` is not a seed: a seed is 64 hexadecimal digits"))
}

fn parse_block_number(text: &str) -> Result<u32, String> {
    text.parse()
        .map_err(|_| format!("block number `{text}` is out of range (0 to {})", u32::MAX))
}
