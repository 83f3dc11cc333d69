//! Opening the store: how ([`OpenOptions`]), and what is checked before the
//! store serves anything — the file itself (`connection`), the tally, the
//! seal key against every open block, the blocks every emission needs.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use guichet_core::block::Seed;
use guichet_core::emission::Emission;
use guichet_sale::StoreError;
use guichet_sale::time::stamp;

use rusqlite::OptionalExtension as _;

use crate::blocks;
use crate::chain::{self, ChainKey, SharedSigner};
use crate::chain_check;
use crate::clock::{self, Clock};
use crate::connection::{self, Access, MigrationPlan};
use crate::files;
use crate::journal;
use crate::keys::KeyStore;
use crate::lease::Lease;
use crate::seal::SealKey;
use crate::seeds::SeedSource;
use crate::sqlite_error::OnFile as _;
use crate::store::{ChainRun, Keys, OpenFile, Play, Seal, Sources, Store};
use crate::tally::{Recorded, Tally};
use guichet_sale::{Exposed, StoreWarning};

/// How to open a store: [`OpenOptions::new`], then [`OpenOptions::open`].
#[derive(Clone)]
pub struct OpenOptions {
    create: bool,
    read_only: bool,
    keys: Option<KeyStore>,
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
            read_only: false,
            keys: None,
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

    /// Opens the database to read only: nothing migrated, written or created —
    /// no tally, lease or key, not even SQLite's `-shm` — for the commands
    /// that only read (a copy an auditor brought, on read-only media). An old
    /// schema is read as it is where this build can (version 4 on), refused
    /// otherwise with the line that names `guichet migrate`.
    #[must_use]
    pub fn read_only(mut self) -> Self {
        self.read_only = true;
        self.create = false;
        self
    }

    /// Keeps the database's keys in `keys` instead of where the environment
    /// says (systemd's credentials, `$GUICHET_KEYS`, or the user's own folder).
    #[must_use]
    pub fn keys(mut self, keys: KeyStore) -> Self {
        self.keys = Some(keys);
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
        let keys = options
            .keys
            .clone()
            .unwrap_or_else(KeyStore::from_environment);
        let access = if options.read_only {
            Access::Read
        } else {
            Access::Write {
                create: options.create,
            }
        };
        let tally_path = files::sibling(path, ".tally");
        if access != Access::Read && !path.exists() && tally_path.exists() {
            // The database was there: its tally says so. A new one in its
            // place would sell its units again.
            return Err(StoreError::DatabaseGone {
                path: path.to_path_buf(),
                tally: tally_path,
            });
        }
        let legacy_key = files::sibling(path, ".key");
        let clock = Arc::clone(&options.clock);
        let mut plan = |from: i64, connection: &rusqlite::Connection| {
            migration_plan(from, connection, &legacy_key, &keys, stamp(clock()))
        };
        let connection = connection::open(path, access, &mut plan)?;
        clock::register(&connection, &options.clock).on(path)?;
        let signer = SharedSigner::default();
        chain::register(&connection, &signer).on(path)?;
        let identity = files::identity(path).map_err(|error| StoreError::CannotOpen {
            path: path.to_path_buf(),
            reason: error.to_string(),
        })?;
        let database_id = database_id_of(&connection).on(path)?;
        let key_path = database_id
            .as_deref()
            .map_or_else(|| keys.seal_key("unknown"), |id| keys.seal_key(id));
        let mut store = Self {
            file: OpenFile {
                connection,
                path: path.to_path_buf(),
                identity,
                log_identity: None,
                read_only: options.read_only,
                tally: None,
            },
            keys: Keys {
                store: keys.clone(),
                seal_path: key_path,
                seal: Seal::Lost {
                    problem: "missing",
                    blocks: 0,
                },
            },
            chain: ChainRun::new(signer),
            play: Play::nobody(
                Lease::new(&files::sibling(path, ".lease")),
                options.lease_wait,
            ),
            sources: Sources {
                clock: Arc::clone(&options.clock),
                seeds: options.seeds.clone(),
            },
            warnings: Vec::new(),
        };
        store.warnings.extend(openness_warnings(path));
        if options.read_only {
            // Reading needs no tally and no lease, and makes no key: the key
            // is read where it is (an earlier Guichet's beside the database,
            // in a copy an auditor brought), to unseal the open blocks.
            if !store.keys.seal_path.exists() && legacy_key.exists() {
                store.keys.seal_path = legacy_key;
            }
            let seal = store.load_seal(false)?;
            store.set_seal(seal);
            return Ok(store);
        }
        let (tally, recorded) = Tally::open(&tally_path).map_err(|error| StoreError::SideFile {
            path: tally_path.clone(),
            reason: error.to_string(),
        })?;
        store.file.tally = Some(tally);
        store.check_tally(recorded, &tally_path)?;
        store.move_legacy_key(&legacy_key, &keys)?;
        let seal = store.load_seal(keys.may_create())?;
        store.set_seal(seal);
        store.take_up_chain()?;
        store.warnings.extend(
            [
                files::openness_warning(keys.folder(), Exposed::KeyStore),
                files::openness_warning(&store.keys.seal_path, Exposed::SealKey),
            ]
            .into_iter()
            .flatten(),
        );
        if matches!(store.keys.seal, Seal::Ready(_))
            && blocks::missing_blocks(&store.file.connection).on(path)?
        {
            store.write(blocks::ensure_blocks)?;
        }
        // SQLite keeps the -wal open from the first read on: from now on it
        // must stay the same file.
        store.file.log_identity = journal::identity(path);
        Ok(store)
    }

    /// Takes up the chain at a write open: begun if the file has none yet,
    /// the records the store acts on at once checked against it (a forged
    /// one refused), and its last link noted (a link after it is this run's).
    fn take_up_chain(&mut self) -> Result<(), StoreError> {
        if matches!(self.keys.seal, Seal::Ready(_))
            && chain::head(&self.file.connection)
                .on(&self.file.path)?
                .is_none()
        {
            // A new file, or one just migrated: the chain begins now (its
            // genesis, then the rows already there), before anything else.
            self.write(|_| Ok(()))?;
        }
        if let Seal::Ready(key) = &self.keys.seal
            && let Some(record) =
                chain_check::guard(&self.file.connection, &ChainKey::of(key)).on(&self.file.path)?
        {
            // A limit, a break or a balance written behind the store's
            // back is never acted on.
            return Err(StoreError::Forged {
                path: self.file.path.clone(),
                record,
            });
        }
        self.chain.opened_at_link = chain::head(&self.file.connection)
            .on(&self.file.path)?
            .map_or(0, |head| head.seq);
        Ok(())
    }

    /// Moves the seal key an earlier Guichet kept beside the database into the
    /// key store, and removes it there: the folder must hold no key. The key
    /// is written (durably) before the old one is removed; a key already in
    /// the store stays, and an old one that differs is left and said.
    fn move_legacy_key(&mut self, legacy: &Path, keys: &KeyStore) -> Result<(), StoreError> {
        let Some(old) = SealKey::load(legacy)? else {
            return Ok(());
        };
        let kept = match SealKey::load(&self.keys.seal_path)? {
            Some(kept) => kept,
            None if keys.may_create() => old.write(&self.keys.seal_path)?,
            None => {
                self.warnings.push(StoreWarning::LegacyKeyUnused {
                    path: legacy.to_path_buf(),
                });
                return Ok(());
            }
        };
        if kept == old {
            remove_durably(legacy).map_err(|error| StoreError::SealKeyUnreadable {
                path: legacy.to_path_buf(),
                reason: format!("moved into the key store, but not removed: {error}"),
            })?;
        } else {
            self.warnings.push(StoreWarning::LegacyKeyOther {
                path: legacy.to_path_buf(),
                kept: self.keys.seal_path.clone(),
            });
        }
        Ok(())
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
                path: self.file.path.clone(),
                tally: tally_path.to_path_buf(),
                recorded_units: mark.units,
                recorded_ledger: mark.ledger,
                found_units: found.units,
                found_ledger: found.ledger,
            }),
            Recorded::Mark(_) => Ok(()),
            Recorded::Damaged => {
                self.warnings.push(StoreWarning::TallyRebuilt {
                    path: tally_path.to_path_buf(),
                });
                self.record_tally();
                Ok(())
            }
            Recorded::Missing => {
                self.record_tally();
                Ok(())
            }
        }
    }

    /// The seal key, checked against every open block; a new one (if
    /// `may_create`) for a database that has no open block yet.
    pub(crate) fn load_seal(&self, may_create: bool) -> Result<Seal, StoreError> {
        let sealed = blocks::sealed_blocks(&self.file.connection).on(&self.file.path)?;
        match SealKey::load(&self.keys.seal_path)? {
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
            None if sealed.is_empty() && may_create => {
                Ok(Seal::Ready(SealKey::create(&self.keys.seal_path)?))
            }
            None => Ok(Seal::Lost {
                problem: "missing",
                blocks: sealed.len(),
            }),
        }
    }
}

/// What migrating from version `from` needs: a new id; for version 1
/// (which kept open seeds in clear) the key that seals them — the one an
/// earlier Guichet kept beside the database (`legacy_key`) if there is one,
/// else a new one in the key store; from version 6 (which has a chain) the
/// database's seal key, if it is there.
fn migration_plan(
    from: i64,
    connection: &rusqlite::Connection,
    legacy_key: &Path,
    keys: &KeyStore,
    now: String,
) -> Result<MigrationPlan, StoreError> {
    let database_id = new_database_id()?;
    let seal = if from >= 6 {
        match database_id_of(connection).ok().flatten() {
            Some(id) => SealKey::load(&keys.seal_key(&id))?,
            None => None,
        }
    } else if from == 1 {
        Some(match SealKey::load(legacy_key)? {
            Some(key) => key,
            None if keys.may_create() => SealKey::create(&keys.seal_key(&database_id))?,
            None => {
                return Err(StoreError::SealKeyUnreadable {
                    path: keys.seal_key(&database_id),
                    reason: "a version 1 database needs a new seal key, and systemd's credentials are read only".to_owned(),
                });
            }
        })
    } else {
        None
    };
    Ok(MigrationPlan {
        seal,
        database_id,
        now,
    })
}

/// The warnings of a database, or its folder, open to other users.
fn openness_warnings(path: &Path) -> impl Iterator<Item = StoreWarning> {
    let folder = path
        .parent()
        .filter(|folder| !folder.as_os_str().is_empty())
        .unwrap_or_else(|| Path::new("."));
    [
        files::openness_warning(path, Exposed::Database),
        files::openness_warning(folder, Exposed::Folder),
    ]
    .into_iter()
    .flatten()
}

/// A new database's id: 128 random bits, in hex.
fn new_database_id() -> Result<String, StoreError> {
    let mut bytes = [0_u8; 16];
    getrandom::fill(&mut bytes).map_err(|error| StoreError::Entropy(error.to_string()))?;
    Ok(hex::encode(bytes))
}

/// The database's id, if its schema has one (version 5 on).
fn database_id_of(connection: &rusqlite::Connection) -> rusqlite::Result<Option<String>> {
    let has_one: bool = connection.query_row(
        "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'store_identity')",
        [],
        |row| row.get(0),
    )?;
    if !has_one {
        return Ok(None);
    }
    connection
        .query_row(
            "SELECT database_id FROM store_identity WHERE id = 1",
            [],
            |row| row.get(0),
        )
        .optional()
}

/// Removes `path` and makes the removal durable.
fn remove_durably(path: &Path) -> std::io::Result<()> {
    std::fs::remove_file(path)?;
    files::sync_folder_of(path)
}
