//! Guichet's store: the player's account and ledger, the emissions' blocks and
//! every game unit, in one SQLite file. The kiosk window and the command line
//! both go through this one narrow API.
//!
//! Invariants:
//! - every change is one transaction, committed to disk (`synchronous=FULL`)
//!   before the caller hears of it: a unit is bought (stake debited, outcome and
//!   scenario stored) before anything is shown, each reveal step is journaled, and
//!   settling credits the prize exactly once;
//! - the seed of an open block never leaves the store: not in errors, logs,
//!   exports or `Debug` output. Only closed blocks reveal theirs;
//! - a file that is not a sound Guichet database of a known version is never
//!   written to (see `open`).

mod account;
mod blocks;
mod error;
mod open;
mod schema;
mod units;
mod verify;

use std::path::{Path, PathBuf};

use rusqlite::Connection;

pub use account::{LedgerEntry, LedgerKind};
pub use blocks::{BlockStatus, ClosedBlock};
pub use error::StoreError;
pub use open::BUSY_TIMEOUT;
pub use units::{Settlement, Unit, UnitState};

/// SQLite results on a given file, made store results.
trait OnFile<T> {
    /// The result, its error classified as a [`StoreError`] about `path`.
    fn on(self, path: &Path) -> Result<T, StoreError>;
}

impl<T> OnFile<T> for rusqlite::Result<T> {
    fn on(self, path: &Path) -> Result<T, StoreError> {
        self.map_err(|error| StoreError::from_sqlite(path, error))
    }
}

/// The store: one open connection to the database file.
pub struct Store {
    connection: Connection,
    path: PathBuf,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("Store")
            .field("path", &self.path)
            .finish_non_exhaustive()
    }
}

impl Store {
    /// Opens the database at `path`, creating it (and its folder) if it does not
    /// exist, and bringing its schema up to date.
    ///
    /// # Errors
    /// [`StoreError`]: a file that is not a sound Guichet database of a known
    /// version is refused and left untouched.
    pub fn open(path: &Path) -> Result<Self, StoreError> {
        let connection = open::open(path)?;
        Ok(Self {
            connection,
            path: path.to_path_buf(),
        })
    }

    /// Where the database lives when no path is given: the platform's data
    /// folder, e.g. `~/.local/share/guichet/guichet.sqlite3`.
    #[must_use]
    pub fn default_path() -> PathBuf {
        directories::ProjectDirs::from("", "", "guichet").map_or_else(
            || PathBuf::from("guichet.sqlite3"),
            |folders| folders.data_dir().join("guichet.sqlite3"),
        )
    }

    /// The database file.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Runs `work` in one `BEGIN IMMEDIATE` transaction and commits it: when this
    /// returns `Ok`, all of it is on disk; when `work` fails, none of it is.
    fn write<T>(
        &mut self,
        work: impl FnOnce(&rusqlite::Transaction<'_>, &Path) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let transaction = self
            .connection
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
            .on(&self.path)?;
        let value = work(&transaction, &self.path)?;
        transaction.commit().on(&self.path)?;
        Ok(value)
    }

    /// Reports something this build cannot read in the file.
    fn inconsistent(&self, detail: impl Into<String>) -> StoreError {
        StoreError::Inconsistent {
            path: self.path.clone(),
            detail: detail.into(),
        }
    }
}
