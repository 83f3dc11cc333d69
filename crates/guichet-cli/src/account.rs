//! `guichet deposit` and `guichet withdraw`: money in and out of the account.

use std::process::ExitCode;

use guichet_sqlite::Store;

use crate::args::AmountArgs;
use crate::failure::Failure;
use crate::output::Output;

/// Runs `guichet deposit`: the database is created on first use.
pub(super) fn deposit(arguments: &AmountArgs, out: &mut Output) -> Result<ExitCode, Failure> {
    let mut store = arguments.database.open_or_create()?;
    store.deposit(arguments.amount)?;
    said(out, "deposited", arguments, &store)
}

/// Runs `guichet withdraw`: the account must exist.
pub(super) fn withdraw(arguments: &AmountArgs, out: &mut Output) -> Result<ExitCode, Failure> {
    let mut store = arguments.database.open_existing()?;
    store.withdraw(arguments.amount)?;
    said(out, "withdrew", arguments, &store)
}

fn said(
    out: &mut Output,
    done: &str,
    arguments: &AmountArgs,
    store: &Store,
) -> Result<ExitCode, Failure> {
    out.line(format_args!(
        "{done} {}; balance {}",
        arguments.amount,
        store.balance()?
    ))?;
    Ok(ExitCode::SUCCESS)
}
