//! Guichet's store: the player's account and ledger, the emissions' blocks and
//! every game unit, in one SQLite file. The kiosk window and the command line
//! both go through this one narrow API.
//!
//! Invariants:
//! - every change is one transaction, committed to disk (`synchronous=FULL`)
//!   before the caller hears of it: a unit is bought (stake debited, outcome and
//!   scenario stored) before anything is shown, each reveal step is journaled, and
//!   settling credits the prize exactly once;
//! - a block's commitment is published (stored, timestamped) before any of its
//!   units can be sold: every emission always has its next block committed;
//! - the seed of a block not yet closed is never in the database in clear: it is
//!   sealed with a key kept in a file of its own, and never leaves the store (not
//!   in errors, logs, exports or `Debug` output). Closed blocks publish theirs;
//! - one unit at a time is unfinished, and only the process holding the play
//!   lease reveals or settles it;
//! - a file that is not a sound Guichet database of a known version is never
//!   written to (see `open`), nor is a file that replaced the one opened.

mod account;
mod blocks;
pub mod clock;
mod error;
mod files;
mod lease;
pub mod network;
mod open;
mod operator;
mod point_of_sale;
mod protection;
mod protection_kept;
mod schema;
mod seal;
mod tally;
mod units;
mod verify;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use guichet_core::block::Seed;
use guichet_core::emission::Emission;
use rusqlite::Connection;

pub use account::{LedgerEntry, LedgerKind, MAX_BALANCE_BY_DEPOSIT, MAX_DEPOSIT};
pub use blocks::{BlockFacts, BlockRecord, BlockState, BlockStatus};
pub use clock::Clock;
pub use error::StoreError;
pub use open::BUSY_TIMEOUT;
pub use operator::{
    CashMeter, Event, EventKind, LOCKOUT, MAX_PIN_TRIES, Meter, MeterReset, Meters, PIN_DIGITS,
    PinCheck,
};
pub use point_of_sale::PointOfSale;
pub use protection::{
    LIMIT_WINDOW, Limit, LimitChange, LimitKind, MAX_EXCLUSION_DAYS, MAX_LIMIT, PendingRaise,
    Protection, ProtectionEvent, ProtectionRecord, RAISE_DELAY, RealityChoice,
};
pub use tally::Mark;
pub use units::{Settlement, Unit, UnitState};

use crate::lease::Lease;
use crate::seal::SealKey;
use crate::tally::{Recorded, Tally};

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

/// A seed chooser: the seed of block `number` of an emission.
pub type ChooseSeed = dyn Fn(&'static Emission, u32) -> Seed + Send + Sync;

/// Where the seeds of new blocks come from.
#[derive(Clone, Default)]
pub enum SeedSource {
    /// The operating system's cryptographic random source: for real kiosks.
    #[default]
    Os,
    /// Chosen seeds: for an operator whose seeds come from a certified source,
    /// and for tests that choose their units.
    Chosen(Arc<ChooseSeed>),
}

impl SeedSource {
    /// The seed of block `number` of `emission`.
    fn seed(&self, emission: &'static Emission, number: u32) -> Result<Seed, StoreError> {
        match self {
            Self::Os => Seed::generate().map_err(|error| StoreError::Entropy(error.to_string())),
            Self::Chosen(choose) => Ok(choose(emission, number)),
        }
    }
}

/// How to open a store: [`OpenOptions::new`], then [`OpenOptions::open`].
#[derive(Clone)]
pub struct OpenOptions {
    create: bool,
    seeds: SeedSource,
    lease_wait: Duration,
    clock: Clock,
}

impl Default for OpenOptions {
    fn default() -> Self {
        Self::new()
    }
}

impl OpenOptions {
    /// Creates a missing database; seeds from the operating system; does not
    /// wait for another process's play lease.
    #[must_use]
    pub fn new() -> Self {
        Self {
            create: true,
            seeds: SeedSource::Os,
            lease_wait: Duration::ZERO,
            clock: clock::system(),
        }
    }

    /// Refuses a database that does not exist ([`StoreError::NoDatabase`]):
    /// for commands that only read or that must not start an account.
    #[must_use]
    pub fn existing_only(mut self) -> Self {
        self.create = false;
        self
    }

    /// Draws the seeds of new blocks from `choose` instead of the operating
    /// system.
    #[must_use]
    pub fn seeds(
        mut self,
        choose: impl Fn(&'static Emission, u32) -> Seed + Send + Sync + 'static,
    ) -> Self {
        self.seeds = SeedSource::Chosen(Arc::new(choose));
        self
    }

    /// Reads the time from `clock` instead of the system: every stamp the
    /// store writes and every window it counts (for tests that move time).
    #[must_use]
    pub fn clock(mut self, clock: impl Fn() -> jiff::Timestamp + Send + Sync + 'static) -> Self {
        self.clock = Arc::new(clock);
        self
    }

    /// Waits up to `wait` for another process to give back the play lease.
    #[must_use]
    pub const fn lease_wait(mut self, wait: Duration) -> Self {
        self.lease_wait = wait;
        self
    }

    /// Opens the database at `path`.
    ///
    /// # Errors
    /// [`StoreError`]: a file that is not a sound Guichet database of a known
    /// version is refused and left untouched; so is one whose tally says it lost
    /// committed sales.
    pub fn open(&self, path: &Path) -> Result<Store, StoreError> {
        Store::open_with(path, self)
    }
}

/// Whether the seeds of the open blocks can be unsealed.
#[derive(Debug)]
enum Seal {
    /// Yes, with this key.
    Ready(SealKey),
    /// No: the key is missing or another database's.
    Lost {
        /// "missing" or "not this database's".
        problem: &'static str,
        /// The open blocks concerned.
        blocks: usize,
    },
}

/// The store: one open connection to the database file.
pub struct Store {
    connection: Connection,
    path: PathBuf,
    /// The device and inode of the file opened.
    identity: (u64, u64),
    seal: Seal,
    seeds: SeedSource,
    lease: Lease,
    lease_wait: Duration,
    tally: Tally,
    warnings: Vec<String>,
    clock: Clock,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("Store")
            .field("path", &self.path)
            .finish_non_exhaustive()
    }
}

/// A write transaction and what writing may need.
pub(crate) struct Writing<'a> {
    /// The transaction.
    pub sql: &'a rusqlite::Transaction<'a>,
    /// The database file, for errors.
    pub path: &'a Path,
    /// Whether the open blocks' seeds can be unsealed.
    seal: &'a Seal,
    /// Where new blocks' seeds come from.
    pub seeds: &'a SeedSource,
    /// The store's clock, read once when the transaction began.
    pub now: jiff::Timestamp,
}

impl Writing<'_> {
    /// The seal key of the open blocks' seeds.
    pub fn key(&self) -> Result<&SealKey, StoreError> {
        match self.seal {
            Seal::Ready(key) => Ok(key),
            Seal::Lost { problem, blocks } => Err(StoreError::SealKeyLost {
                path: files::sibling(self.path, ".key"),
                problem,
                blocks: *blocks,
            }),
        }
    }
}

impl Store {
    /// Opens the database at `path`, creating it (and its folder, privately) if
    /// it does not exist, and bringing its schema up to date.
    ///
    /// # Errors
    /// [`StoreError`]: a file that is not a sound Guichet database of a known
    /// version is refused and left untouched.
    pub fn open(path: &Path) -> Result<Self, StoreError> {
        OpenOptions::new().open(path)
    }

    /// Opens the database at `path`, which must exist.
    ///
    /// # Errors
    /// [`StoreError::NoDatabase`] when there is none; as [`Store::open`].
    pub fn open_existing(path: &Path) -> Result<Self, StoreError> {
        OpenOptions::new().existing_only().open(path)
    }

    fn open_with(path: &Path, options: &OpenOptions) -> Result<Self, StoreError> {
        let key_path = files::sibling(path, ".key");
        let mut key_for_migration = || match SealKey::load(&key_path)? {
            Some(key) => Ok(key),
            None => SealKey::create(&key_path),
        };
        let connection = open::open(path, options.create, &mut key_for_migration)?;
        clock::register(&connection, &options.clock).on(path)?;
        let identity = files::identity(path).map_err(|error| StoreError::CannotOpen {
            path: path.to_path_buf(),
            reason: error.to_string(),
        })?;
        let tally_path = files::sibling(path, ".tally");
        let (tally, recorded) = Tally::open(&tally_path).map_err(|error| StoreError::SideFile {
            path: tally_path.clone(),
            reason: error.to_string(),
        })?;
        let mut store = Self {
            connection,
            path: path.to_path_buf(),
            identity,
            seal: Seal::Lost {
                problem: "missing",
                blocks: 0,
            },
            seeds: options.seeds.clone(),
            lease: Lease::new(&files::sibling(path, ".lease")),
            lease_wait: options.lease_wait,
            tally,
            warnings: Vec::new(),
            clock: Arc::clone(&options.clock),
        };
        store.check_tally(recorded, &tally_path)?;
        store.seal = store.load_seal(&key_path)?;
        let folder = path
            .parent()
            .filter(|folder| !folder.as_os_str().is_empty())
            .unwrap_or_else(|| Path::new("."));
        store.warnings.extend(
            [
                files::openness_warning(path, "the database"),
                files::openness_warning(folder, "the database's folder"),
                files::openness_warning(&key_path, "the seal key"),
            ]
            .into_iter()
            .flatten(),
        );
        if matches!(store.seal, Seal::Ready(_))
            && blocks::missing_blocks(&store.connection).on(path)?
        {
            store.write(blocks::ensure_blocks)?;
        }
        Ok(store)
    }

    /// Refuses a database behind its tally; records the mark of a new one.
    fn check_tally(&mut self, recorded: Recorded, tally_path: &Path) -> Result<(), StoreError> {
        let found = self.mark()?;
        match recorded {
            Recorded::Mark(mark) if found.is_behind(mark) => Err(StoreError::RolledBack {
                path: self.path.clone(),
                tally: tally_path.to_path_buf(),
                recorded_units: mark.units,
                recorded_ledger: mark.ledger,
                found_units: found.units,
                found_ledger: found.ledger,
            }),
            Recorded::Mark(_) => Ok(()),
            Recorded::Damaged => {
                self.warnings.push(format!(
                    "the tally {} was damaged; it is rebuilt from the database",
                    tally_path.display()
                ));
                self.record_tally();
                Ok(())
            }
            Recorded::Missing => {
                self.record_tally();
                Ok(())
            }
        }
    }

    /// The seal key, checked against every open block; a new one for a database
    /// that has no open block yet.
    fn load_seal(&self, key_path: &Path) -> Result<Seal, StoreError> {
        let sealed = blocks::sealed_blocks(&self.connection).on(&self.path)?;
        match SealKey::load(key_path)? {
            Some(key) => {
                let opens = sealed.iter().all(|sealed| sealed.unseals_with(&key));
                Ok(if opens {
                    Seal::Ready(key)
                } else {
                    Seal::Lost {
                        problem: "not this database's",
                        blocks: sealed.len(),
                    }
                })
            }
            None if sealed.is_empty() => Ok(Seal::Ready(SealKey::create(key_path)?)),
            None => Ok(Seal::Lost {
                problem: "missing",
                blocks: sealed.len(),
            }),
        }
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

    /// The seal key file beside the database.
    #[must_use]
    pub fn key_path(&self) -> PathBuf {
        files::sibling(&self.path, ".key")
    }

    /// What the operator should know but that does not stop the store: files
    /// open to other users, a tally rebuilt, a tally that could not be written.
    #[must_use]
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// Why nothing can be sold, if the open blocks' seeds cannot be unsealed.
    #[must_use]
    pub fn seal_problem(&self) -> Option<StoreError> {
        self.seal_error().err()
    }

    fn seal_error(&self) -> Result<&SealKey, StoreError> {
        match &self.seal {
            Seal::Ready(key) => Ok(key),
            Seal::Lost { problem, blocks } => Err(StoreError::SealKeyLost {
                path: self.key_path(),
                problem,
                blocks: *blocks,
            }),
        }
    }

    /// Whether the database's path still names the file opened (same device
    /// and inode): not replaced, moved away or deleted.
    ///
    /// # Errors
    /// [`StoreError::FileReplaced`] otherwise.
    pub fn check_file(&self) -> Result<(), StoreError> {
        if files::identity(&self.path).ok() == Some(self.identity) {
            Ok(())
        } else {
            Err(StoreError::FileReplaced {
                path: self.path.clone(),
            })
        }
    }

    /// Closes a store whose file was replaced or moved under it
    /// ([`StoreError::FileReplaced`]). SQLite will not write the log of the old
    /// file into a file that moved, and leaves it behind; opened beside the new
    /// file, it would be replayed onto it. So the log is set aside under a name
    /// of its own (`…-wal.orphaned-<seconds>`), kept for whoever recovers the
    /// old file. Returns where, if there was one to set aside.
    #[must_use]
    pub fn close_replaced(self) -> Option<PathBuf> {
        if self.check_file().is_ok() {
            return None;
        }
        let path = self.path.clone();
        drop(self);
        let log = files::sibling(&path, "-wal");
        let seconds = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |elapsed| elapsed.as_secs());
        let aside = files::sibling(&path, &format!("-wal.orphaned-{seconds}"));
        std::fs::rename(&log, &aside).ok().map(|()| aside)
    }

    /// SQLite's `data_version`: it changes whenever another connection (another
    /// process) has committed to the database since this one last looked.
    ///
    /// # Errors
    /// [`StoreError`] if the database cannot be read.
    pub fn data_version(&self) -> Result<i64, StoreError> {
        self.connection
            .query_row("PRAGMA data_version", [], |row| row.get(0))
            .on(&self.path)
    }

    /// What the database has committed: its highest unit and ledger ids.
    ///
    /// # Errors
    /// [`StoreError`] if the database cannot be read.
    pub fn mark(&self) -> Result<Mark, StoreError> {
        self.connection
            .query_row(
                "SELECT (SELECT COALESCE(MAX(id), 0) FROM units), (SELECT COALESCE(MAX(id), 0) FROM ledger)",
                [],
                |row| {
                    Ok(Mark {
                        units: row.get(0)?,
                        ledger: row.get(1)?,
                    })
                },
            )
            .on(&self.path)
    }

    /// Records the database's mark in its tally. A tally that cannot be written
    /// only lags behind (it never claims more than was committed): a warning.
    fn record_tally(&mut self) {
        let recorded = self
            .mark()
            .map_err(|error| error.to_string())
            .and_then(|mark| self.tally.record(mark).map_err(|error| error.to_string()));
        if let Err(reason) = recorded {
            let warning = format!(
                "the tally beside {} could not be written: {reason}",
                self.path.display()
            );
            if !self.warnings.contains(&warning) {
                self.warnings.push(warning);
            }
        }
    }

    /// Runs `work` in one `BEGIN IMMEDIATE` transaction and commits it: when this
    /// returns `Ok`, all of it is on disk; when `work` fails, none of it is. The
    /// file must still be the one opened.
    fn write<T>(
        &mut self,
        work: impl FnOnce(&Writing<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        self.check_file()?;
        let transaction = self
            .connection
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
            .on(&self.path)?;
        let value = work(&Writing {
            sql: &transaction,
            path: &self.path,
            seal: &self.seal,
            seeds: &self.seeds,
            now: (self.clock)(),
        })?;
        transaction.commit().on(&self.path)?;
        self.record_tally();
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
