//! The store: one open connection to the kiosk's file, how it is opened, and
//! the one way it is written (one transaction, on disk before the caller
//! hears of it). The other modules add what the store does with it.

use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::Connection;

use guichet_sale::StoreError;
use guichet_sale::time::{parse, stamp};

use crate::chain::{self, ChainKey, SharedSigner, with_signer};
use crate::chain_check;
use crate::clock::Clock;
use crate::closing::{self, ClosingKey};
use crate::files;
use crate::journal;
use crate::keys::KeyStore;
use crate::lease::Lease;
use crate::seal::SealKey;
use crate::seeds::SeedSource;
use crate::sqlite_error::OnFile as _;
use crate::tally::{Mark, Tally};
use crate::warning::StoreWarning;

/// Whether the seeds of the open blocks can be unsealed.
#[derive(Debug)]
pub(crate) enum Seal {
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

/// The store: one open connection to the database file, its parts grouped by
/// concern.
pub struct Store {
    /// The file opened.
    pub(crate) file: OpenFile,
    /// Where the keys are kept, and the seal key of the open blocks.
    pub(crate) keys: Keys,
    /// The chain as this run writes it.
    pub(crate) chain: ChainRun,
    /// Who plays: the player acted for, this process's lease on play.
    pub(crate) play: Play,
    /// What the store takes from outside: the time and new blocks' seeds.
    pub(crate) sources: Sources,
    /// What the operator should know but that does not stop the store.
    pub(crate) warnings: Vec<StoreWarning>,
}

/// The file a store opened: its connection, what it is on disk, and its
/// tally beside it.
pub(crate) struct OpenFile {
    /// The one connection to it.
    pub connection: Connection,
    /// Its path.
    pub path: PathBuf,
    /// The device and inode of the file opened.
    pub identity: (u64, u64),
    /// The device and inode of its `-wal`, once seen.
    pub log_identity: Option<(u64, u64)>,
    /// Opened to read only: nothing is written.
    pub read_only: bool,
    /// Its tally (none for a store opened to read).
    pub tally: Option<Tally>,
}

/// A store's keys: where they are kept, and the seal key.
pub(crate) struct Keys {
    /// Where the database's keys are kept.
    pub store: KeyStore,
    /// Where its seal key is kept, in its key store.
    pub seal_path: PathBuf,
    /// Whether the open blocks' seeds can be unsealed.
    pub seal: Seal,
}

/// The chain as this run writes it.
pub(crate) struct ChainRun {
    /// The key and time the chain's links are made with (`chain`).
    pub signer: SharedSigner,
    /// The chain's last link when the store opened: a link after it was
    /// written by this run.
    pub opened_at_link: i64,
    /// The seal key was replaced: the next write's first link says so.
    pub rekeyed: bool,
}

/// Who plays on a store.
pub(crate) struct Play {
    /// The player the store acts for: signed in, or chosen by the desk.
    pub player: Option<Player>,
    /// This process's lease on play: only its holder reveals or settles.
    pub lease: Lease,
    /// How long to wait for another process to give the lease back.
    pub lease_wait: Duration,
}

impl ChainRun {
    /// A run that has written nothing yet, its links made through `signer`.
    pub(crate) const fn new(signer: SharedSigner) -> Self {
        Self {
            signer,
            opened_at_link: 0,
            rekeyed: false,
        }
    }
}

impl Play {
    /// Play acting for nobody yet, under `lease`, waiting `lease_wait` for it.
    pub(crate) const fn nobody(lease: Lease, lease_wait: Duration) -> Self {
        Self {
            player: None,
            lease,
            lease_wait,
        }
    }
}

/// What a store takes from outside.
pub(crate) struct Sources {
    /// One clock for every stamp.
    pub clock: Clock,
    /// Where new blocks' seeds come from.
    pub seeds: SeedSource,
}

/// A player the store acts for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Player {
    /// Their row.
    pub id: i64,
    /// Their card's number.
    pub card: String,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("Store")
            .field("path", &self.file.path)
            .finish_non_exhaustive()
    }
}

/// A jump of the clock between two records of one run that is logged.
const CLOCK_JUMP: jiff::SignedDuration = jiff::SignedDuration::from_hours(24);

/// A write transaction and what writing may need.
pub(crate) struct Writing<'a> {
    /// The transaction.
    pub sql: &'a rusqlite::Transaction<'a>,
    /// The database file, for errors.
    pub path: &'a Path,
    /// The store's keys: the open blocks' seeds unsealed with them.
    pub(crate) keys: &'a Keys,
    /// Where new blocks' seeds come from.
    pub seeds: &'a SeedSource,
    /// The store's clock, read once when the transaction began.
    pub now: jiff::Timestamp,
    /// The player the store acts for, if any.
    pub(crate) player: Option<i64>,
}

impl Writing<'_> {
    /// The player the store acts for.
    ///
    /// # Errors
    /// [`StoreError::SignedOut`] for none.
    pub(crate) fn player(&self) -> Result<i64, StoreError> {
        self.player.ok_or(StoreError::SignedOut)
    }

    /// The seal key of the open blocks' seeds.
    pub fn key(&self) -> Result<&SealKey, StoreError> {
        self.keys.seal_key()
    }

    /// Checks row `id` of guarded table `table` against its chain link
    /// before this write acts on it (`chain_check::vouched`).
    ///
    /// # Errors
    /// [`StoreError::Forged`] naming the record that does not prove itself.
    pub(crate) fn prove(&self, table: &str, id: i64) -> Result<(), StoreError> {
        let key = ChainKey::of(self.key()?);
        match chain_check::vouched(self.sql, &key, table, id).on(self.path)? {
            None => Ok(()),
            Some(record) => Err(StoreError::Forged {
                path: self.path.to_path_buf(),
                record,
            }),
        }
    }
}

impl Keys {
    /// The seal key of the open blocks' seeds, or why they cannot be
    /// unsealed.
    ///
    /// # Errors
    /// [`StoreError::SealKeyLost`]: missing, or not this database's.
    pub(crate) fn seal_key(&self) -> Result<&SealKey, StoreError> {
        self.seal.key(&self.seal_path)
    }
}

impl Seal {
    /// The key, or why the seeds cannot be unsealed with it (its file
    /// `key_path`).
    pub(crate) fn key(&self, key_path: &Path) -> Result<&SealKey, StoreError> {
        match self {
            Self::Ready(key) => Ok(key),
            Self::Lost { problem, blocks } => Err(StoreError::SealKeyLost {
                path: key_path.to_path_buf(),
                problem,
                blocks: *blocks,
            }),
        }
    }
}

impl Store {
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
        &self.file.path
    }

    /// The seal key's file, in the database's key store (never beside it).
    #[must_use]
    pub fn key_path(&self) -> PathBuf {
        self.keys.seal_path.clone()
    }

    /// What the operator should know but that does not stop the store: files
    /// open to other users, a tally rebuilt, a tally that could not be written.
    #[must_use]
    pub fn warnings(&self) -> &[StoreWarning] {
        &self.warnings
    }

    /// Whether the store was opened to read only: nothing can be written.
    #[must_use]
    pub const fn is_read_only(&self) -> bool {
        self.file.read_only
    }

    /// Where the database's keys are kept (its [`KeyStore::warning`] is for
    /// the operator, once at start).
    #[must_use]
    pub const fn key_store(&self) -> &KeyStore {
        &self.keys.store
    }

    /// Why nothing can be sold, if the open blocks' seeds cannot be unsealed.
    #[must_use]
    pub fn seal_problem(&self) -> Option<StoreError> {
        self.seal_error().err()
    }

    /// Whether the seal key is there and opens every open block's seed —
    /// also for a store opened to read, which sells nothing.
    ///
    /// # Errors
    /// [`StoreError::SealKeyLost`]: missing, or not this database's.
    pub fn check_seal_key(&self) -> Result<(), StoreError> {
        self.keys.seal_key().map(|_| ())
    }

    /// When the last record was written: the time of the chain's last link
    /// (`None` before the chain begins). The store refuses to write at a
    /// time before it.
    ///
    /// # Errors
    /// [`StoreError`] when the chain cannot be read or its time is not one.
    pub fn last_record_at(&self) -> Result<Option<jiff::Timestamp>, StoreError> {
        let Some(head) = chain::head(&self.file.connection).on(&self.file.path)? else {
            return Ok(None);
        };
        parse(&head.at)
            .map(Some)
            .map_err(|detail| StoreError::Inconsistent {
                path: self.file.path.clone(),
                detail,
            })
    }

    pub(crate) fn seal_error(&self) -> Result<&SealKey, StoreError> {
        if self.file.read_only {
            // Opened to read: nothing can be sold.
            return Err(StoreError::ReadOnlyOpen {
                path: self.file.path.clone(),
            });
        }
        self.keys.seal_key()
    }

    /// Whether the database's path still names the file opened (same device
    /// and inode), and its `-wal` the log opened: neither replaced, moved away
    /// nor deleted.
    ///
    /// # Errors
    /// [`StoreError::FileReplaced`] for the file; [`StoreError::LogReplaced`]
    /// for its log, once what the log held is kept (folded into the
    /// database, or copied out of the descriptor still open).
    pub fn check_file(&self) -> Result<(), StoreError> {
        if files::identity(&self.file.path).ok() != Some(self.file.identity) {
            return Err(StoreError::FileReplaced {
                path: self.file.path.clone(),
            });
        }
        match self.file.log_identity {
            Some(seen) if journal::identity(&self.file.path) != Some(seen) => Err(
                journal::keep_replaced_log(&self.file.connection, &self.file.path),
            ),
            _ => Ok(()),
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
        let path = self.file.path.clone();
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
        self.file
            .connection
            .query_row("PRAGMA data_version", [], |row| row.get(0))
            .on(&self.file.path)
    }

    /// What the database has committed: its highest unit and ledger ids.
    ///
    /// # Errors
    /// [`StoreError`] if the database cannot be read.
    pub fn mark(&self) -> Result<Mark, StoreError> {
        self.file.connection
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
            .on(&self.file.path)
    }

    /// Records the database's mark in its tally. A tally that cannot be written
    /// only lags behind (it never claims more than was committed): a warning.
    pub(crate) fn record_tally(&mut self) {
        let Some(tally) = &self.file.tally else {
            return;
        };
        let recorded = self
            .mark()
            .map_err(|error| error.to_string())
            .and_then(|mark| tally.record(mark).map_err(|error| error.to_string()));
        if let Err(reason) = recorded {
            let warning = StoreWarning::TallyUnwritten {
                path: self.file.path.clone(),
                reason,
            };
            if !self.warnings.contains(&warning) {
                self.warnings.push(warning);
            }
        }
    }

    /// Runs `work` in one `BEGIN IMMEDIATE` transaction and commits it: when this
    /// returns `Ok`, all of it is on disk; when `work` fails, none of it is. The
    /// file must still be the one opened.
    pub(crate) fn write<T>(
        &mut self,
        work: impl FnOnce(&Writing<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        if self.file.read_only {
            return Err(StoreError::ReadOnlyOpen {
                path: self.file.path.clone(),
            });
        }
        self.check_file()?;
        let seal = self.keys.seal_key()?;
        let keys = (ChainKey::of(seal), ClosingKey::of(seal));
        let written = self.chained_write(&keys, work);
        with_signer(&self.chain.signer, |signer| signer.set_time(None));
        let value = written?;
        if self.file.log_identity.is_none() {
            self.file.log_identity = journal::identity(&self.file.path);
        }
        self.record_tally();
        Ok(value)
    }

    /// [`Store::write`]'s transaction: the clock read once the lock is held
    /// and checked against the chain's last link (never behind it; a jump of
    /// more than a day within this run logged), the chain begun or its new
    /// key said, the periods that ended closed, then `work`, committed.
    fn chained_write<T>(
        &mut self,
        (key, closing_key): &(ChainKey, ClosingKey),
        work: impl FnOnce(&Writing<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let transaction = self
            .file
            .connection
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
            .on(&self.file.path)?;
        // The clock is read once the file is this write's alone: a process
        // that wrote while this one waited for the lock is never "after" it.
        let now = (self.sources.clock)();
        let at = stamp(now);
        with_signer(&self.chain.signer, |signer| {
            signer.set_time(Some(at.clone()));
        });
        let head = chain::head(&transaction).on(&self.file.path)?;
        match &head {
            None => chain::begin(&transaction, key, &at).on(&self.file.path)?,
            Some(head) => {
                let last = parse(&head.at).map_err(|detail| StoreError::Inconsistent {
                    path: self.file.path.clone(),
                    detail,
                })?;
                if now < last {
                    return Err(StoreError::ClockBehind {
                        path: self.file.path.clone(),
                        last: head.at.clone(),
                        now: at,
                    });
                }
                if self.chain.rekeyed {
                    let said = serde_json::json!({
                        "rekey": "the seal key was replaced: the links before this one were made with the earlier key",
                    });
                    chain::append(
                        &transaction,
                        key,
                        Some(head),
                        &at,
                        "rekey",
                        "0",
                        Some(&said.to_string()),
                    )
                    .on(&self.file.path)?;
                }
                closing::close_ended_periods(&transaction, closing_key, head, &at)
                    .on(&self.file.path)?;
                let jump = now.duration_since(last);
                if head.seq > self.chain.opened_at_link && jump > CLOCK_JUMP {
                    transaction
                        .execute(
                            "INSERT INTO events (at, kind, detail) VALUES (?1, 'clock_jump', ?2)",
                            rusqlite::params![
                                at,
                                format!(
                                    "the clock moved forward {} h between two records of this run: from {} (chain link {}) to {at}",
                                    jump.as_secs() / 3600,
                                    head.at,
                                    head.seq
                                )
                            ],
                        )
                        .on(&self.file.path)?;
                }
            }
        }
        let value = work(&Writing {
            sql: &transaction,
            path: &self.file.path,
            keys: &self.keys,
            seeds: &self.sources.seeds,
            now,
            player: self.play.player.as_ref().map(|player| player.id),
        })?;
        transaction.commit().on(&self.file.path)?;
        self.chain.rekeyed = false;
        Ok(value)
    }

    /// Sets whether the open blocks' seeds can be unsealed, and with it the
    /// key the chain's links are made with.
    pub(crate) fn set_seal(&mut self, seal: Seal) {
        let key = match &seal {
            Seal::Ready(key) => Some(ChainKey::of(key)),
            Seal::Lost { .. } => None,
        };
        with_signer(&self.chain.signer, |signer| signer.set_key(key));
        self.keys.seal = seal;
    }

    /// Reports something this build cannot read in the file.
    pub(crate) fn inconsistent(&self, detail: impl Into<String>) -> StoreError {
        StoreError::Inconsistent {
            path: self.file.path.clone(),
            detail: detail.into(),
        }
    }
}
