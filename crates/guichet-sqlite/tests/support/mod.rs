//! What the store tests share: real SQLite files in temporary folders, with
//! blocks opened under seeds of the test's choosing, so that every run sells the
//! same units and a test can pick a unit by its prize.

#![allow(dead_code)] // Each test file uses its own part of this module.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use guichet_core::block::{Block, Seed};
use guichet_core::emission::Emission;
use guichet_core::money::Cents;
use guichet_sale::StoreError;
use guichet_sale::{LimitKind, MAX_LIMIT};
use guichet_sqlite::keys::KeyStore;
use guichet_sqlite::{OpenOptions, Store};
use jiff::{SignedDuration, Timestamp};
use tempfile::TempDir;

/// The seed numbered `number`: 32 bytes of splitmix64 from it, as random-looking
/// as a real seed (so that a search for it in a file cannot match by chance).
#[must_use]
pub fn seed(number: u64) -> Seed {
    let mut state = number;
    let mut bytes = [0; 32];
    for chunk in bytes.chunks_mut(8) {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut mixed = state;
        mixed = (mixed ^ (mixed >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        mixed = (mixed ^ (mixed >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        chunk.copy_from_slice(&(mixed ^ (mixed >> 31)).to_le_bytes());
    }
    Seed::from_bytes(bytes)
}

/// The tests' key store, apart from the user's own: the keys of every
/// database a test makes are kept there.
#[must_use]
pub fn keys() -> KeyStore {
    KeyStore::Folder(PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("keys"))
}

/// Options that keep the keys in the tests' key store.
#[must_use]
pub fn options() -> OpenOptions {
    OpenOptions::new().keys(keys())
}

/// The card of the player most tests play as.
pub const CARD: &str = "1";

/// Their PIN.
pub const PIN: &str = "2468";

/// Opens (or creates) the database at `path`, its keys in the tests' store,
/// acting for player [`CARD`] if they are there.
pub fn open(path: &Path) -> Result<Store, StoreError> {
    options().open(path).map(as_the_player)
}

/// Opens the existing database at `path`, its keys in the tests' store,
/// acting for player [`CARD`] if they are there.
pub fn open_existing(path: &Path) -> Result<Store, StoreError> {
    options().existing_only().open(path).map(as_the_player)
}

/// `store`, acting for player [`CARD`] — added (18 or over, PIN [`PIN`])
/// if they are not there and the store may write.
#[must_use]
pub fn as_the_player(mut store: Store) -> Store {
    if store.act_for(CARD).is_err() && !store.is_read_only() {
        #[expect(
            clippy::let_underscore_must_use,
            reason = "a store that refuses is what some tests open, and check"
        )]
        let _ = store.add_player(CARD, PIN, true);
        #[expect(clippy::let_underscore_must_use, reason = "as above")]
        let _ = store.act_for(CARD);
    }
    store
}

/// Opening a store acting for player [`CARD`] (see [`as_the_player`]).
pub trait OpensAsThePlayer {
    /// Opens the store at `path`, acting for player [`CARD`].
    fn open_as_player(&self, path: &Path) -> Result<Store, StoreError>;
}

impl OpensAsThePlayer for OpenOptions {
    fn open_as_player(&self, path: &Path) -> Result<Store, StoreError> {
        self.open(path).map(as_the_player)
    }
}

/// Adds player [`CARD`] (18 or over, PIN [`PIN`]) if they are not there,
/// and acts for them.
pub fn add_the_player(store: &mut Store) {
    if store.act_for(CARD).is_err() {
        store.add_player(CARD, PIN, true).expect("a player");
    }
    store.act_for(CARD).expect("the player");
}

/// Options whose blocks are seeded `seed(base + emission position × 1000 +
/// block number)`: the same units on every run.
#[must_use]
pub fn seeded(base: u64) -> OpenOptions {
    options().seeds(move |emission, number| {
        let position = guichet_core::games::emissions()
            .position(|other| std::ptr::eq(other, emission))
            .unwrap_or(0) as u64;
        seed(base + position * 1_000 + u64::from(number))
    })
}

/// A new database in a temporary folder, seeded with `seeded(1)`, its
/// player's 7-day limits set as high as they go.
#[must_use]
pub fn fresh() -> (TempDir, Store) {
    let (folder, path) = new_path();
    let mut store = seeded(1)
        .open(&path)
        .map(as_the_player)
        .expect("a new store");
    add_the_player(&mut store);
    set_highest_limits(&mut store);
    (folder, store)
}

/// Sets both 7-day limits as high as they go, so that a test about something
/// else may deposit and stake (the protection tests set their own).
pub fn set_highest_limits(store: &mut Store) {
    for kind in [LimitKind::Deposit, LimitKind::Stake] {
        store.set_limit(kind, MAX_LIMIT).expect("a limit");
    }
}

/// A temporary folder and the database path in it.
#[must_use]
pub fn new_path() -> (TempDir, PathBuf) {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let path = folder.path().join("guichet.sqlite3");
    (folder, path)
}

/// Options under which the first unit of `emission`'s first block is worth
/// `prize` (the other emissions seeded as `seeded(1)`).
#[must_use]
pub fn first_unit_worth(emission: &'static Emission, prize: Cents) -> OpenOptions {
    let chosen = (0_u64..100_000_000)
        .find(|&number| Block::open(emission, 0, &seed(number)).prize_of_unit(0) == prize)
        .expect("some seed gives it");
    options().seeds(move |asked, number| {
        if std::ptr::eq(asked, emission) && number == 0 {
            seed(chosen)
        } else {
            seed(1_000_000 + u64::from(number))
        }
    })
}

/// A new database whose first `emission` unit is worth `prize`, with `deposit`.
#[must_use]
pub fn with_first_unit(
    emission: &'static Emission,
    prize: Cents,
    deposit: Cents,
) -> (TempDir, Store) {
    let (folder, path) = new_path();
    let mut store = first_unit_worth(emission, prize)
        .open_as_player(&path)
        .expect("a store");
    add_the_player(&mut store);
    set_highest_limits(&mut store);
    store.deposit(deposit).expect("a deposit");
    (folder, store)
}

pub mod forge;

/// A raw connection to the database, for tests that tamper with it.
#[must_use]
pub fn raw(path: &Path) -> rusqlite::Connection {
    rusqlite::Connection::open(path).expect("sqlite")
}

/// A clock the test sets: seconds since the epoch.
#[derive(Clone)]
pub struct FakeClock(Arc<AtomicI64>);

impl FakeClock {
    /// 2026-11-30T08:00:00Z.
    pub fn new() -> Self {
        Self(Arc::new(AtomicI64::new(1_796_025_600)))
    }

    pub fn now(&self) -> Timestamp {
        Timestamp::from_second(self.0.load(Ordering::SeqCst)).expect("a time")
    }

    pub fn advance(&self, by: SignedDuration) {
        self.0.fetch_add(by.as_secs(), Ordering::SeqCst);
    }
}
