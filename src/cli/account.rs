//! `guichet deposit` and `guichet withdraw`: money in and out of the account.

use std::process::ExitCode;

use guichet_core::money::Cents;
use guichet_store::{LedgerEntry, Store, StoreError};

use super::{AmountArgs, Failure};

/// Runs `guichet deposit`.
pub(super) fn deposit(arguments: &AmountArgs) -> Result<ExitCode, Failure> {
    move_money(arguments, "deposited", Store::deposit)
}

/// Runs `guichet withdraw`.
pub(super) fn withdraw(arguments: &AmountArgs) -> Result<ExitCode, Failure> {
    move_money(arguments, "withdrew", Store::withdraw)
}

/// Moves a positive amount with `operation` and says what was done.
fn move_money(
    arguments: &AmountArgs,
    done: &str,
    operation: fn(&mut Store, Cents) -> Result<LedgerEntry, StoreError>,
) -> Result<ExitCode, Failure> {
    if !arguments.amount.is_positive() {
        return Err(Failure::Usage("the amount must be more than 0".to_owned()));
    }
    let mut store = arguments.database.open()?;
    operation(&mut store, arguments.amount)?;
    println!("{done} {}; balance {}", arguments.amount, store.balance()?);
    Ok(ExitCode::SUCCESS)
}
