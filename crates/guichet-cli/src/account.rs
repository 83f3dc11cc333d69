//! `guichet deposit` and `guichet withdraw`: money in and out of a
//! player's account.

use std::process::ExitCode;

use clap::Args;
use guichet_core::money::Cents;
use guichet_sale::PointOfSale as _;
use guichet_sqlite::Store;

use crate::failure::Failure;
use crate::output::Output;
use crate::shared_args::{DatabaseArgs, PlayerArgs};
use crate::values::parse_euros;

/// `guichet deposit` and `guichet withdraw`.
#[derive(Debug, Args)]
pub struct AmountArgs {
    /// The database.
    #[command(flatten)]
    pub database: DatabaseArgs,
    /// Whose account.
    #[command(flatten)]
    pub player: PlayerArgs,
    /// The amount in euros: 20, 7.50 or 7,50 (a trailing € is allowed).
    #[arg(long, value_name = "EUROS", value_parser = parse_euros, allow_negative_numbers = true)]
    pub amount: Cents,
}

/// Runs `guichet deposit`, the cashier's: into the account of the player
/// named, who must be there.
pub(super) fn deposit(arguments: &AmountArgs, out: &mut Output) -> Result<ExitCode, Failure> {
    let mut store = arguments
        .database
        .open_for_the_desk(&arguments.player.player)?;
    store.deposit(arguments.amount)?;
    said(out, "deposited", arguments, &mut store)
}

/// Runs `guichet withdraw`, the player's own: their PIN is asked for.
pub(super) fn withdraw(arguments: &AmountArgs, out: &mut Output) -> Result<ExitCode, Failure> {
    let mut store = arguments
        .database
        .open_signed_in(&arguments.player.player)?;
    store.withdraw(arguments.amount)?;
    said(out, "withdrew", arguments, &mut store)
}

fn said(
    out: &mut Output,
    done: &str,
    arguments: &AmountArgs,
    store: &mut Store,
) -> Result<ExitCode, Failure> {
    out.line(format_args!(
        "{done} {}; card {} balance {}",
        arguments.amount,
        arguments.player.player,
        store.balance()?
    ))?;
    store.sign_out()?;
    Ok(ExitCode::SUCCESS)
}
