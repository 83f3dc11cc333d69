//! The database schema and its forward migrations, versioned by
//! `PRAGMA user_version`.
//!
//! Invariants the schema itself enforces, whatever the code does:
//! - money is integer cents: every amount and balance column refuses any value
//!   that is not an integer (`typeof(…) = 'integer'`), and a balance stays
//!   within `0..=MAX_STORED_BALANCE`;
//! - the ledger is append-only (triggers refuse updates and deletes); each entry
//!   carries the balance after it;
//! - a unit has at most one entry of each kind: one stake, one prize;
//! - a block is inserted `committed` (its commitment published) and only then
//!   sells; it moves `committed → selling → closed`, or to `void`; an emission
//!   has at most one block selling and one committed; units are sold only from
//!   a selling block, with distinct indices below its size;
//! - an open block's seed is only ever stored sealed (`sealed_seed`); a closed
//!   block's seed is published in clear (`seed`);
//! - every ledger entry, unit, protection record and player's event names
//!   its player (schema 7), and each player's balance is their own ledger's;
//! - at most one unit is unfinished at a time per player: a unit cannot be
//!   bought while another of theirs is not settled;
//! - the player-protection records (age, limits, exclusions, reality checks)
//!   are append-only, like the ledger;
//! - so are the kiosk's event log and its meter resets: an operator can add to
//!   them, never clear them;
//! - every row of every table is a link of one chain of MACs (`chain`), made
//!   by triggers: a row written, changed or removed without the key is found
//!   by `verify`, and the chain itself only grows, in order, never dated back.
//!
//! `versions` holds each version's SQL text — executed as it is written:
//! existing files and their upgrades depend on it, so it never changes —
//! `migrate` runs them in order, and `layout` reads a schema back and builds
//! the one a version should have, for `verify`.

mod layout;
mod migrate;
mod versions;

pub use layout::{SchemaItem, expected_schema, schema_of};
pub use migrate::{MigrationContext, MigrationError, current_version, migrate};
pub use versions::{APPLICATION_ID, MAX_STORED_BALANCE, NOW};
