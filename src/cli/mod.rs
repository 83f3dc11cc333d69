//! The command line: what `guichet` accepts, and how each subcommand runs.
//!
//! Every subcommand returns a [`Failure`] that says whether the fault was in the
//! arguments (exit 2) or elsewhere; `main` turns it into one line on stderr.

mod args;
mod audit;

pub use args::{AuditArgs, Cli, Command};

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
    }
}
