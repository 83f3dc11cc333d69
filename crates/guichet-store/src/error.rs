//! What can go wrong with the store, each case with a message a kiosk operator
//! can act on.

use std::path::PathBuf;

use guichet_core::money::Cents;
use guichet_core::reveal::StepError;
use rusqlite::ErrorCode;

/// A store failure. Whenever the file itself is at fault (not a database,
/// damaged, newer, read-only, locked), Guichet has written nothing to it.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The file is not a SQLite database at all.
    #[error("{} is not a SQLite database; Guichet left it untouched", path.display())]
    NotADatabase {
        /// The file.
        path: PathBuf,
    },
    /// A SQLite database, but not one of Guichet's.
    #[error("{} is another program's database, not Guichet's; Guichet left it untouched", path.display())]
    NotGuichet {
        /// The file.
        path: PathBuf,
    },
    /// Shorter than its own header says: part of it is missing.
    #[error("{} is truncated (part of the file is missing); Guichet left it untouched — restore it from a backup", path.display())]
    Truncated {
        /// The file.
        path: PathBuf,
    },
    /// SQLite's own check finds damage.
    #[error("{} is damaged ({detail}); Guichet left it untouched — restore it from a backup", path.display())]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// SQLite's first complaint.
        detail: String,
    },
    /// Written by a later version of Guichet.
    #[error(
        "{} was written by a newer Guichet (schema {found}, this one knows up to {known}); \
         Guichet left it untouched — update Guichet",
        path.display()
    )]
    NewerSchema {
        /// The file.
        path: PathBuf,
        /// Its schema version.
        found: i64,
        /// The newest this build knows.
        known: i64,
    },
    /// The file (or its folder) cannot be written.
    #[error("{} is read-only; Guichet needs to write to it (check its permissions)", path.display())]
    ReadOnly {
        /// The file.
        path: PathBuf,
    },
    /// Another program holds the database.
    #[error("{} is locked by another program; close it and try again", path.display())]
    Locked {
        /// The file.
        path: PathBuf,
    },
    /// The file cannot be created or opened.
    #[error("cannot open {}: {reason}", path.display())]
    CannotOpen {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        reason: String,
    },
    /// The balance does not cover the stake.
    #[error("insufficient funds: the balance is {balance}, the stake {stake}")]
    InsufficientFunds {
        /// The balance.
        balance: Cents,
        /// The stake asked for.
        stake: Cents,
    },
    /// An amount of zero, negative, or too large.
    #[error("{0} is not a valid amount here")]
    InvalidAmount(Cents),
    /// A block was to be opened while the emission still sells from one.
    #[error("{0} still sells from an open block")]
    BlockAlreadyOpen(String),
    /// No unit with this id.
    #[error("there is no unit {0}")]
    NoSuchUnit(i64),
    /// A reveal step that does not fit the unit.
    #[error("unit {unit}: {source}")]
    Step {
        /// The unit.
        unit: i64,
        /// Why the step was refused.
        source: StepError,
    },
    /// The unit is already settled; nothing more can be revealed.
    #[error("unit {0} is already settled")]
    AlreadySettled(i64),
    /// Settling a unit not yet fully revealed.
    #[error("unit {0} is not fully revealed yet")]
    NotFinished(i64),
    /// The database holds something this build cannot read.
    #[error("{} holds something unexpected: {detail}", path.display())]
    Inconsistent {
        /// The file.
        path: PathBuf,
        /// What.
        detail: String,
    },
    /// The operating system gave no randomness for a new block's seed.
    #[error("cannot open a new block: {0}")]
    Entropy(String),
    /// Any other SQLite failure.
    #[error("database error on {}: {source}", path.display())]
    Sqlite {
        /// The file.
        path: PathBuf,
        /// SQLite's error.
        source: rusqlite::Error,
    },
}

impl StoreError {
    /// Classifies a SQLite error met on `path`.
    pub(crate) fn from_sqlite(path: &std::path::Path, error: rusqlite::Error) -> Self {
        let path = path.to_path_buf();
        match error.sqlite_error_code() {
            Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => Self::Locked { path },
            Some(ErrorCode::ReadOnly) => Self::ReadOnly { path },
            Some(ErrorCode::NotADatabase) => Self::NotADatabase { path },
            Some(ErrorCode::DatabaseCorrupt) => Self::Corrupt {
                path,
                detail: error.to_string(),
            },
            Some(ErrorCode::CannotOpen) => Self::CannotOpen {
                path,
                reason: error.to_string(),
            },
            _ => Self::Sqlite {
                path,
                source: error,
            },
        }
    }

    /// Whether the fault is in the database file itself (as opposed to the
    /// request): the kiosk then shows a screen about the file, not a message.
    #[must_use]
    pub const fn is_about_the_file(&self) -> bool {
        matches!(
            self,
            Self::NotADatabase { .. }
                | Self::NotGuichet { .. }
                | Self::Truncated { .. }
                | Self::Corrupt { .. }
                | Self::NewerSchema { .. }
                | Self::ReadOnly { .. }
                | Self::Locked { .. }
                | Self::CannotOpen { .. }
                | Self::Inconsistent { .. }
        )
    }
}
