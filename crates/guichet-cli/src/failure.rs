//! Why a subcommand stopped, and the exit code it ends with.

use std::process::ExitCode;

use guichet_sale::StoreError;

/// Why a subcommand stopped.
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    /// The command line asks for something impossible: exit 2.
    #[error("{0}")]
    Usage(String),
    /// An output could not be written: exit 3.
    #[error("{0}")]
    Output(String),
    /// Whoever read the output closed it: stop quietly, exit 0.
    #[error("the output was closed")]
    ClosedPipe,
    /// Anything else: exit 1.
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

impl Failure {
    /// The process exit code of this failure.
    #[must_use]
    pub fn exit_code(&self) -> ExitCode {
        match self {
            Self::ClosedPipe => ExitCode::SUCCESS,
            Self::Other(_) => ExitCode::from(1),
            Self::Usage(_) => ExitCode::from(2),
            Self::Output(_) => ExitCode::from(3),
        }
    }

    /// Whether it should be told on stderr (a closed pipe is not).
    #[must_use]
    pub const fn is_told(&self) -> bool {
        !matches!(self, Self::ClosedPipe)
    }
}

impl From<StoreError> for Failure {
    /// What the command line asked for can never be done (no such database, an
    /// amount no deposit may bring): exit 2. Anything else the store refused or
    /// failed at: exit 1.
    fn from(error: StoreError) -> Self {
        match error {
            StoreError::NoDatabase { .. }
            | StoreError::NotPositive(_)
            | StoreError::DepositTooLarge { .. }
            | StoreError::LimitOutOfRange { .. }
            | StoreError::ExclusionOutOfRange { .. }
            | StoreError::CardFormat(_)
            | StoreError::CardTaken(_)
            | StoreError::PlayerPinFormat { .. } => Self::Usage(error.to_string()),
            other => Self::Other(other.into()),
        }
    }
}
