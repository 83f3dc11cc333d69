//! `guichet player …`: the desk's tool for the players of a kiosk's file —
//! add one (their card, their PIN, their age if the desk checked it), list
//! them, set a PIN. A PIN is never an argument: it comes from
//! `GUICHET_PLAYER_PIN`, or is asked twice on the terminal, unseen.

use std::io::{BufRead as _, IsTerminal as _, Write as _};
use std::os::fd::AsFd as _;
use std::process::ExitCode;

use clap::{Args, Subcommand};
use guichet_sale::LimitKind;
use guichet_sale::time::in_utc;

use crate::connect;
use crate::failure::Failure;
use crate::output::Output;
use crate::requires::Requires;
use crate::shared_args::DatabaseArgs;

/// `guichet player …`.
#[derive(Debug, Subcommand)]
pub enum PlayerCommand {
    /// Add a player (creating the database if needed): their card's number,
    /// and their PIN of 4 to 8 digits from `GUICHET_PLAYER_PIN`, else asked
    /// twice on the terminal (never an argument); `--adult` once the desk
    /// checked they are 18 or over.
    Add(PlayerAddArgs),
    /// List the players: card, balance, age answer, limits, break.
    List(PlayerListArgs),
    /// Set a player's PIN (a player carried over from the kiosk's one
    /// account has none), from `GUICHET_PLAYER_PIN` or the terminal.
    Pin(PlayerPinArgs),
}

impl PlayerCommand {
    /// What running it needs: adding a player, listing them or setting a
    /// PIN moves no money.
    #[must_use]
    pub const fn requires(&self) -> Requires {
        match self {
            Self::Add(_) | Self::List(_) | Self::Pin(_) => Requires::AnyProgram,
        }
    }
}

/// `guichet player add`.
#[derive(Debug, Args)]
pub struct PlayerAddArgs {
    /// The database.
    #[command(flatten)]
    pub database: DatabaseArgs,
    /// The card's number: 1 to 32 letters, digits or dashes.
    #[arg(long, value_name = "CARD")]
    pub card: String,
    /// The desk checked that the player is 18 or over (recorded; without it
    /// the player answers at their first sign-in, and stakes nothing before).
    #[arg(long)]
    pub adult: bool,
}

/// `guichet player list`.
#[derive(Debug, Args)]
pub struct PlayerListArgs {
    /// The database.
    #[command(flatten)]
    pub database: DatabaseArgs,
}

/// `guichet player pin`.
#[derive(Debug, Args)]
pub struct PlayerPinArgs {
    /// The database.
    #[command(flatten)]
    pub database: DatabaseArgs,
    /// The card's number.
    #[arg(long, value_name = "CARD")]
    pub card: String,
}

/// Runs `guichet player …`.
pub(super) fn run(command: &PlayerCommand, out: &mut Output) -> Result<ExitCode, Failure> {
    match command {
        PlayerCommand::Add(arguments) => add(arguments, out),
        PlayerCommand::List(arguments) => list(arguments, out),
        PlayerCommand::Pin(arguments) => pin(arguments, out),
    }
}

/// `guichet player add`: the database is created on first use.
fn add(arguments: &PlayerAddArgs, out: &mut Output) -> Result<ExitCode, Failure> {
    let pin = new_pin(&arguments.card)?;
    let mut store = arguments.database.open_or_create()?;
    store.add_player(&arguments.card, &pin, arguments.adult)?;
    let age = if arguments.adult {
        "18 or over, checked by the desk"
    } else {
        "age not answered: no stake until the player answers at the kiosk"
    };
    out.line(format_args!("player {} added ({age})", arguments.card))?;
    Ok(ExitCode::SUCCESS)
}

/// `guichet player pin`.
fn pin(arguments: &PlayerPinArgs, out: &mut Output) -> Result<ExitCode, Failure> {
    let pin = new_pin(&arguments.card)?;
    let mut store = arguments.database.open_existing()?;
    match store.set_player_pin(&arguments.card, &pin) {
        Err(guichet_sale::StoreError::SignIn(_)) => Err(Failure::Other(anyhow::anyhow!(
            "no player has card {}",
            arguments.card
        ))),
        other => Ok(other?),
    }?;
    out.line(format_args!("card {}: PIN set", arguments.card))?;
    Ok(ExitCode::SUCCESS)
}

/// `guichet player list`: one line per player.
fn list(arguments: &PlayerListArgs, out: &mut Output) -> Result<ExitCode, Failure> {
    let store = arguments.database.open_to_read()?;
    out.line(format_args!(
        "{:<32}  {:>12}  {:<6}  {:>12}  {:>12}  {:<20}  pin",
        "card", "balance", "18+", "deposit/7d", "stake/7d", "break until"
    ))?;
    for player in store.players()? {
        let limit = |kind: LimitKind| {
            player
                .protection
                .limit(kind)
                .current
                .map_or_else(|| "-".to_owned(), |amount| amount.to_string())
        };
        let adult = match player.protection.adult {
            Some(true) => "yes",
            Some(false) => "no",
            None => "-",
        };
        out.line(format_args!(
            "{:<32}  {:>12}  {:<6}  {:>12}  {:>12}  {:<20}  {}",
            player.card,
            player.balance.to_string(),
            adult,
            limit(LimitKind::Deposit),
            limit(LimitKind::Stake),
            player
                .protection
                .excluded_until
                .map_or_else(|| "-".to_owned(), in_utc),
            if player.has_pin { "set" } else { "none" }
        ))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// A new PIN for card `card`: from `GUICHET_PLAYER_PIN`, else typed twice on
/// the terminal without echo.
fn new_pin(card: &str) -> Result<String, Failure> {
    if let Ok(pin) = connect::player_pin(card) {
        return Ok(pin);
    }
    if !std::io::stdin().is_terminal() {
        return connect::player_pin(card);
    }
    let first = ask_unseen(&format!("PIN for card {card} (4 to 8 digits): "))?;
    let again = ask_unseen("the same PIN again: ")?;
    if first != again {
        return Err(Failure::Usage(
            "the two PINs differ: nothing was set".to_owned(),
        ));
    }
    Ok(first)
}

/// Asks `question` on the terminal and reads the answer with its echo off.
fn ask_unseen(question: &str) -> Result<String, Failure> {
    let failed = |error: std::io::Error| Failure::Other(error.into());
    let stdin = std::io::stdin();
    let terminal = stdin.as_fd();
    let before = rustix::termios::tcgetattr(terminal).map_err(|error| failed(error.into()))?;
    let mut unseen = before.clone();
    unseen.local_modes.remove(rustix::termios::LocalModes::ECHO);
    rustix::termios::tcsetattr(terminal, rustix::termios::OptionalActions::Now, &unseen)
        .map_err(|error| failed(error.into()))?;
    // A question stderr cannot show is still answered (a script pipes it).
    let mut stderr = std::io::stderr();
    #[expect(clippy::let_underscore_must_use, reason = "said above")]
    let _ = write!(stderr, "{question}");
    #[expect(clippy::let_underscore_must_use, reason = "said above")]
    let _ = stderr.flush();
    let mut answer = String::new();
    let read = stdin.lock().read_line(&mut answer);
    let restored =
        rustix::termios::tcsetattr(terminal, rustix::termios::OptionalActions::Now, &before);
    #[expect(
        clippy::let_underscore_must_use,
        reason = "the line after the answer is only looks"
    )]
    let _ = writeln!(stderr);
    read.map_err(failed)?;
    restored.map_err(|error| failed(error.into()))?;
    Ok(answer.trim().to_owned())
}
