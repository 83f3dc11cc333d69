//! The database schema and its forward migrations, versioned by
//! `PRAGMA user_version`.
//!
//! Invariants the schema itself enforces, whatever the code does:
//! - the ledger is append-only (triggers refuse updates and deletes); each entry
//!   carries the balance after it, which may never go below zero;
//! - a unit has at most one entry of each kind: one stake, one prize;
//! - an emission has at most one open block, and a block's units have distinct
//!   indices below its size.

use rusqlite::{Connection, Transaction, TransactionBehavior};

/// `PRAGMA application_id` of a Guichet database: "GUIC".
pub const APPLICATION_ID: i64 = 0x4755_4943;

/// SQLite's current time as `2026-11-29T20:01:02Z`.
pub const NOW: &str = "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')";

/// The migrations, in order: migration `i` takes the schema from version `i` to
/// `i + 1`. Never edit one that has shipped; add the next.
const MIGRATIONS: &[&str] = &[r"
CREATE TABLE account (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    created_at TEXT NOT NULL
);
INSERT INTO account (id, created_at) VALUES (1, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));

CREATE TABLE blocks (
    id INTEGER PRIMARY KEY,
    emission TEXT NOT NULL,
    number INTEGER NOT NULL CHECK (number >= 0),
    seed BLOB NOT NULL CHECK (length(seed) = 32),
    commitment BLOB NOT NULL CHECK (length(commitment) = 32),
    size INTEGER NOT NULL CHECK (size > 0),
    next_index INTEGER NOT NULL DEFAULT 0 CHECK (next_index BETWEEN 0 AND size),
    opened_at TEXT NOT NULL,
    closed_at TEXT,
    UNIQUE (emission, number)
);
CREATE UNIQUE INDEX one_open_block_per_emission ON blocks (emission) WHERE closed_at IS NULL;

CREATE TABLE units (
    id INTEGER PRIMARY KEY,
    block_id INTEGER NOT NULL REFERENCES blocks (id),
    unit_index INTEGER NOT NULL CHECK (unit_index >= 0),
    prize_cents INTEGER NOT NULL CHECK (prize_cents >= 0),
    scenario TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('sold', 'revealing', 'settled')),
    sold_at TEXT NOT NULL,
    settled_at TEXT,
    UNIQUE (block_id, unit_index),
    CHECK ((state = 'settled') = (settled_at IS NOT NULL))
);
CREATE INDEX units_unsettled ON units (state) WHERE state <> 'settled';

CREATE TABLE reveal_steps (
    unit_id INTEGER NOT NULL REFERENCES units (id),
    seq INTEGER NOT NULL CHECK (seq >= 0),
    step TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (unit_id, seq)
) WITHOUT ROWID;

CREATE TABLE ledger (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('deposit', 'withdrawal', 'stake', 'prize', 'refund')),
    amount_cents INTEGER NOT NULL,
    unit_id INTEGER REFERENCES units (id),
    balance_after_cents INTEGER NOT NULL CHECK (balance_after_cents >= 0),
    UNIQUE (unit_id, kind),
    CHECK ((kind IN ('stake', 'prize', 'refund')) = (unit_id IS NOT NULL)),
    CHECK (CASE kind WHEN 'withdrawal' THEN amount_cents < 0
                     WHEN 'stake' THEN amount_cents < 0
                     ELSE amount_cents > 0 END)
);

CREATE TRIGGER ledger_is_append_only_update BEFORE UPDATE ON ledger BEGIN
    SELECT RAISE(ABORT, 'the ledger is append-only');
END;
CREATE TRIGGER ledger_is_append_only_delete BEFORE DELETE ON ledger BEGIN
    SELECT RAISE(ABORT, 'the ledger is append-only');
END;
"];

/// The schema version this build writes.
///
/// # Panics
/// Never: there are a handful of migrations.
#[must_use]
pub fn current_version() -> i64 {
    i64::try_from(MIGRATIONS.len()).expect("a handful of migrations")
}

/// Brings a database at schema `from` to the current version, one transaction
/// per migration, each stamping its version and the application id.
///
/// # Errors
/// SQLite's, if a migration fails; that migration then leaves nothing behind.
pub fn migrate(connection: &mut Connection, from: i64) -> rusqlite::Result<()> {
    for (version, sql) in (1_i64..)
        .zip(MIGRATIONS)
        .skip(usize::try_from(from).unwrap_or(0))
    {
        let transaction = Transaction::new(connection, TransactionBehavior::Immediate)?;
        transaction.execute_batch(sql)?;
        transaction.pragma_update(None, "application_id", APPLICATION_ID)?;
        transaction.pragma_update(None, "user_version", version)?;
        transaction.commit()?;
    }
    Ok(())
}
