//! Opening the store: how ([`OpenOptions`]), and what is checked before the
//! store serves anything — the file itself (`connection`), the tally, the
//! seal key against every open block, the blocks every emission needs.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use guichet_core::block::Seed;
use guichet_core::emission::Emission;
use guichet_sale::StoreError;

use crate::blocks;
use crate::clock::{self, Clock};
use crate::connection;
use crate::files;
use crate::lease::Lease;
use crate::seal::SealKey;
use crate::seeds::SeedSource;
use crate::sqlite_error::OnFile as _;
use crate::store::{Seal, Store};
use crate::tally::{Recorded, Tally};

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
        let connection = connection::open(path, options.create, &mut key_for_migration)?;
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
    pub(crate) fn check_tally(
        &mut self,
        recorded: Recorded,
        tally_path: &Path,
    ) -> Result<(), StoreError> {
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
    pub(crate) fn load_seal(&self, key_path: &Path) -> Result<Seal, StoreError> {
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
}
