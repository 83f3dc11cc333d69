//! The command line: what `guichet` accepts, and how each subcommand runs.
//!
//! Every subcommand returns a [`Failure`] that says whether the fault was in the
//! arguments (exit 2) or elsewhere; `main` turns it into one line on stderr.

mod account;
mod args;
mod audit;
mod blocks;
mod history;
mod play;
mod verify;

pub use args::{AmountArgs, AuditArgs, Cli, Command, DatabaseArgs, HistoryArgs, PlayArgs};

use guichet_store::{Store, StoreError};

use std::process::ExitCode;

/// Why a subcommand stopped.
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    /// The command line asks for something impossible: exit 2.
    #[error("{0}")]
    Usage(String),
    /// Anything else: exit 1.
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

impl Failure {
    /// The process exit code of this failure.
    #[must_use]
    pub fn exit_code(&self) -> ExitCode {
        match self {
            Self::Usage(_) => ExitCode::from(2),
            Self::Other(_) => ExitCode::from(1),
        }
    }
}

/// Runs one subcommand and gives its exit code.
///
/// # Errors
/// [`Failure`] when it cannot run to its end.
pub fn run(command: Command) -> Result<ExitCode, Failure> {
    match command {
        Command::Audit(arguments) => audit::run(&arguments),
        Command::Deposit(arguments) => account::deposit(&arguments),
        Command::Withdraw(arguments) => account::withdraw(&arguments),
        Command::Play(arguments) => play::run(&arguments),
        Command::History(arguments) => history::run(&arguments),
        Command::Verify(arguments) => verify::run(&arguments),
        Command::Blocks(arguments) => blocks::run(&arguments),
    }
}

impl From<StoreError> for Failure {
    fn from(error: StoreError) -> Self {
        Self::Other(error.into())
    }
}

impl DatabaseArgs {
    /// Opens the database named on the command line, or the default one.
    fn open(&self) -> Result<Store, Failure> {
        let path = self.db.clone().unwrap_or_else(Store::default_path);
        Ok(Store::open(&path)?)
    }
}
