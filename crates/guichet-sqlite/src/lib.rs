//! The SQLite engine: a kiosk's own file — its players' accounts and ledgers,
//! the emissions' blocks and every game unit, the operator's records — behind
//! one narrow API ([`Store`], a [`guichet_sale::PointOfSale`]).
//! May import the core and the sale API; never the network, the kiosk or egui.
//!
//! Invariants:
//! - every change is one transaction, committed to disk (`synchronous=FULL`)
//!   before the caller hears of it: a unit is bought (stake debited, outcome and
//!   scenario stored) before anything is shown, each reveal step is journaled, and
//!   settling credits the prize exactly once;
//! - a block's commitment is published (stored, timestamped) before any of its
//!   units can be sold: every emission always has its next block committed;
//! - the seed of a block not yet closed is never in the database in clear: it is
//!   sealed with a key kept off the database's folder (`keys`: systemd's
//!   credentials, or a key store of the user's), and never leaves the store
//!   (not in errors, logs, exports or `Debug` output). Closed blocks publish
//!   theirs;
//! - one unit at a time is unfinished per player, and only the process holding the play
//!   lease reveals or settles it;
//! - a file that is not a sound Guichet database of a known version is never
//!   written to (see `open`), nor is a file that replaced the one opened, nor
//!   one whose `-wal` was deleted or replaced under it (`journal`: what the log
//!   held is kept first);
//! - side files (tally, lease, key) are opened without following links, and
//!   must be regular files of this user's or root's (`files`);
//! - a store opened to read only writes, migrates and creates nothing.

mod account;
mod archive;
mod blocks;
mod chain;
mod chain_check;
pub mod clock;
mod closing;
mod closings_kept;
mod connection;
mod files;
mod journal;
pub mod keys;
mod kiosk_key;
mod lease;
mod open;
mod operator;
mod players;
mod point_of_sale;
mod protection;
mod protection_kept;
mod schema;
mod seal;
mod seeds;
mod sqlite_error;
mod store;
mod tally;
#[cfg(feature = "testing")]
mod testing;
mod units;
mod upgrade;
mod verify;
mod verify_records;

pub use account::{LedgerEntry, LedgerKind, MAX_BALANCE_BY_DEPOSIT, MAX_DEPOSIT};
pub use archive::{ArchiveSummary, check_archive};
pub use clock::Clock;
pub use closing::{Closing, ExportedClosing};
pub use connection::BUSY_TIMEOUT;
pub use guichet_sale::{
    BlockFacts, BlockRecord, BlockState, BlockStatus, CashMeter, ClosingTotals, Event, EventKind,
    Exposed, Meter, MeterReset, Meters, Period, PlayerSummary, StoreWarning,
};
pub use kiosk_key::KioskKey;
pub use open::OpenOptions;
pub use operator::{LOCKOUT, MAX_PIN_TRIES, PinCheck};
pub use players::{PLAYER_LOCKOUT, PLAYER_PIN_TRIES, is_player_card};
pub use protection::{ProtectionEvent, ProtectionRecord};
pub use seeds::{ChooseSeed, SeedSource};
pub use store::Store;
pub use tally::Mark;
pub use upgrade::Migrated;
