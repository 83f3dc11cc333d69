//! `guichet deposit` and `guichet withdraw`: money in and out of the account.

use std::process::ExitCode;

use super::{AmountArgs, Failure};

/// Runs `guichet deposit`.
pub(super) fn deposit(arguments: &AmountArgs) -> Result<ExitCode, Failure> {
    if !arguments.amount.is_positive() {
        return Err(Failure::Usage("the amount must be more than 0".to_owned()));
    }
    let mut store = arguments.database.open()?;
    store.deposit(arguments.amount)?;
    println!(
        "deposited {}; balance {}",
        arguments.amount,
        store.balance()?
    );
    Ok(ExitCode::SUCCESS)
}

/// Runs `guichet withdraw`.
pub(super) fn withdraw(arguments: &AmountArgs) -> Result<ExitCode, Failure> {
    if !arguments.amount.is_positive() {
        return Err(Failure::Usage("the amount must be more than 0".to_owned()));
    }
    let mut store = arguments.database.open()?;
    store.withdraw(arguments.amount)?;
    println!(
        "withdrew {}; balance {}",
        arguments.amount,
        store.balance()?
    );
    Ok(ExitCode::SUCCESS)
}
