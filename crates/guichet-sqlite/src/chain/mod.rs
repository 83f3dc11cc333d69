//! The chain (schema 6): every record that matters — each row of every table
//! but the chain itself, as inserted and as each update leaves it — is one
//! link of a single chain, `chain`, carrying the row's content and an
//! HMAC-SHA-256 over its place (`seq`), its time, the row and the previous
//! link's MAC, keyed by the chain key (derived from the seal key, kept off
//! the database's folder).
//!
//! Triggers make the links, so no write of the store can forget one: each
//! calls two SQL functions that only the store registers, the time of the
//! write (`guichet_chain_at`) and the MAC (`guichet_chain_mac`). The sqlite3
//! tool has neither: its writes fail, or, triggers dropped, leave rows no link
//! names. `chain_check` walks the links for `verify` (each MAC, each place,
//! each date) and compares every row with its last link: an insert, edit,
//! delete or reorder made without the key is found at that row.
//!
//! The first link is a genesis that says how the chain began (a new database,
//! or one of an earlier schema whose records were then chained as they were);
//! a link `rekey` says the seal key was replaced and the links before it were
//! made with the earlier key; a link `migration` says a schema's migration
//! rebuilt rows (version 7: each names its player), which the links after it
//! restate.
//!
//! `tables` says which tables are chained and what of a row a link keeps,
//! `schema` makes the chain's table, index and triggers, `mac` the links'
//! MACs and the SQL functions that make them, `links` reads and appends
//! links.

mod links;
mod mac;
mod schema;
mod tables;

pub(crate) use links::{Head, SAYINGS, append, begin, exists, head, restate};
pub(crate) use mac::{ChainKey, Link, SharedSigner, register, with_signer};
pub(crate) use schema::{ACTED, GUARDED, acted_rows, guarded_rows, schema_sql, triggers_sql};
pub(crate) use tables::{CHAINED, chained_at, version_of};
