//! Opening a kiosk's file for a command: it must exist for the commands that
//! read, it is created by those that start an account; its warnings are told.

use std::time::Duration;

use guichet_sale::StoreError;
use guichet_sqlite::{OpenOptions, Store};

use crate::args::{AnyDatabaseArgs, Database, DatabaseArgs};
use crate::failure::Failure;
use crate::output::tell;

/// How long `play` waits for a unit played by another process to be settled.
pub(crate) const LEASE_WAIT: Duration = Duration::from_secs(5);

impl AnyDatabaseArgs {
    /// The database named on the command line, or the default file.
    pub(crate) fn database(&self) -> Database {
        self.db
            .clone()
            .unwrap_or_else(|| Database::File(Store::default_path()))
    }
}

impl DatabaseArgs {
    /// The database named on the command line, or the default one.
    pub(crate) fn path(&self) -> std::path::PathBuf {
        self.db.clone().unwrap_or_else(Store::default_path)
    }

    /// Opens the database, which must exist: for the commands that read it, or
    /// take money out of an account that must already be there.
    pub(crate) fn open_existing(&self) -> Result<Store, Failure> {
        open_existing(&self.path())
    }

    /// Opens the database, creating it on first use: for `deposit`, `play`,
    /// `limits` and `exclude`.
    pub(crate) fn open_or_create(&self) -> Result<Store, Failure> {
        open_or_create(&self.path())
    }
}

/// Opens the database file at `path`, which must exist.
pub(crate) fn open_existing(path: &std::path::Path) -> Result<Store, Failure> {
    opened(OpenOptions::new().existing_only().open(path))
}

/// Opens the database file at `path`, creating it on first use.
pub(crate) fn open_or_create(path: &std::path::Path) -> Result<Store, Failure> {
    opened(OpenOptions::new().lease_wait(LEASE_WAIT).open(path))
}

/// The store opened, its warnings told on stderr.
pub(crate) fn opened(store: Result<Store, StoreError>) -> Result<Store, Failure> {
    let store = store?;
    for warning in store.warnings() {
        tell(&format!("warning: {warning}"));
    }
    if let Some(problem) = store.seal_problem() {
        tell(&format!("warning: {problem}"));
    }
    Ok(store)
}
