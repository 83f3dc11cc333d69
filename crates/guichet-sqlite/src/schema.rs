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

use rusqlite::{Connection, OptionalExtension as _, Transaction, TransactionBehavior, params};

use guichet_core::block::Seed;

use crate::chain;
use crate::seal::SealKey;

/// `PRAGMA application_id` of a Guichet database: "GUIC".
pub const APPLICATION_ID: i64 = 0x4755_4943;

/// The store's clock (`OpenOptions::clock`) as `2026-11-29T20:01:02Z`: a
/// function each connection registers (`clock::register`).
pub const NOW: &str = "guichet_now()";

/// The highest balance the schema accepts, in cents: far above anything the
/// store lets happen (it bounds deposits), so that no arithmetic can reach it.
pub const MAX_STORED_BALANCE: i64 = 1_000_000_000_000_000;

/// Version 1: the first schema.
const VERSION_1: &str = r"
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
";

/// Version 2, the tables: blocks with a lifecycle and sealed seeds, integer
/// money, the rules of selling, and the version of the generators that drew each
/// unit (1 for the units carried over). The old tables are copied, then dropped
/// (with `secure_delete` on, their pages are zeroed: no seed stays behind).
const VERSION_2_TABLES: &str = r"
CREATE TABLE blocks_v2 (
    id INTEGER PRIMARY KEY,
    emission TEXT NOT NULL,
    number INTEGER NOT NULL CHECK (typeof(number) = 'integer' AND number >= 0),
    status TEXT NOT NULL CHECK (status IN ('committed', 'selling', 'closed', 'void')),
    commitment BLOB NOT NULL CHECK (length(commitment) = 32),
    sealed_seed BLOB CHECK (sealed_seed IS NULL OR length(sealed_seed) = 32),
    seed BLOB CHECK (seed IS NULL OR length(seed) = 32),
    size INTEGER NOT NULL CHECK (typeof(size) = 'integer' AND size > 0),
    next_index INTEGER NOT NULL DEFAULT 0
        CHECK (typeof(next_index) = 'integer' AND next_index BETWEEN 0 AND size),
    committed_at TEXT NOT NULL,
    selling_since TEXT,
    closed_at TEXT,
    void_reason TEXT,
    UNIQUE (emission, number),
    CHECK ((status IN ('committed', 'selling')) = (sealed_seed IS NOT NULL)),
    CHECK ((status = 'closed') = (seed IS NOT NULL)),
    CHECK ((status IN ('closed', 'void')) = (closed_at IS NOT NULL)),
    CHECK ((status = 'void') = (void_reason IS NOT NULL)),
    CHECK (status <> 'committed' OR (next_index = 0 AND selling_since IS NULL)),
    CHECK (status NOT IN ('selling', 'closed') OR selling_since IS NOT NULL),
    CHECK (status <> 'closed' OR next_index = size)
);

CREATE TABLE units_v2 (
    id INTEGER PRIMARY KEY,
    block_id INTEGER NOT NULL REFERENCES blocks (id),
    unit_index INTEGER NOT NULL CHECK (typeof(unit_index) = 'integer' AND unit_index >= 0),
    prize_cents INTEGER NOT NULL CHECK (typeof(prize_cents) = 'integer' AND prize_cents >= 0),
    scenario TEXT NOT NULL,
    generator INTEGER NOT NULL CHECK (typeof(generator) = 'integer' AND generator >= 1),
    state TEXT NOT NULL CHECK (state IN ('sold', 'revealing', 'settled')),
    sold_at TEXT NOT NULL,
    settled_at TEXT,
    UNIQUE (block_id, unit_index),
    CHECK ((state = 'settled') = (settled_at IS NOT NULL))
);
INSERT INTO units_v2 (id, block_id, unit_index, prize_cents, scenario, generator, state, sold_at, settled_at)
    SELECT id, block_id, unit_index, prize_cents, scenario, 1, state, sold_at, settled_at FROM units;

CREATE TABLE ledger_v2 (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('deposit', 'withdrawal', 'stake', 'prize', 'refund')),
    amount_cents INTEGER NOT NULL CHECK (typeof(amount_cents) = 'integer'),
    unit_id INTEGER REFERENCES units (id),
    balance_after_cents INTEGER NOT NULL CHECK (
        typeof(balance_after_cents) = 'integer'
        AND balance_after_cents BETWEEN 0 AND 1000000000000000),
    UNIQUE (unit_id, kind),
    CHECK ((kind IN ('stake', 'prize', 'refund')) = (unit_id IS NOT NULL)),
    CHECK (CASE kind WHEN 'withdrawal' THEN amount_cents < 0
                     WHEN 'stake' THEN amount_cents < 0
                     ELSE amount_cents > 0 END)
);
INSERT INTO ledger_v2 (id, at, kind, amount_cents, unit_id, balance_after_cents)
    SELECT id, at, kind, amount_cents, unit_id, balance_after_cents FROM ledger;
";

/// Version 2, once the blocks are copied: the old tables go, the new take their
/// names, and the rules that need the final names are made.
const VERSION_2_SWAP: &str = r"
DROP TABLE ledger;
DROP TABLE units;
DROP TABLE blocks;
ALTER TABLE blocks_v2 RENAME TO blocks;
ALTER TABLE units_v2 RENAME TO units;
ALTER TABLE ledger_v2 RENAME TO ledger;

CREATE UNIQUE INDEX one_selling_block_per_emission ON blocks (emission) WHERE status = 'selling';
CREATE UNIQUE INDEX one_committed_block_per_emission ON blocks (emission) WHERE status = 'committed';
CREATE INDEX units_unsettled ON units (state) WHERE state <> 'settled';

CREATE TRIGGER blocks_are_committed_before_they_sell BEFORE INSERT ON blocks
WHEN NEW.status <> 'committed' BEGIN
    SELECT RAISE(ABORT, 'a block is inserted committed, before it sells');
END;
CREATE TRIGGER blocks_move_forward BEFORE UPDATE OF status ON blocks
WHEN NOT (OLD.status = NEW.status
          OR (OLD.status = 'committed' AND NEW.status IN ('selling', 'void'))
          OR (OLD.status = 'selling' AND NEW.status IN ('closed', 'void'))) BEGIN
    SELECT RAISE(ABORT, 'a block moves committed, selling, then closed or void');
END;
CREATE TRIGGER units_are_sold_from_a_selling_block BEFORE INSERT ON units
WHEN (SELECT status FROM blocks WHERE id = NEW.block_id) IS NOT 'selling' BEGIN
    SELECT RAISE(ABORT, 'a unit is sold only from a selling block');
END;
CREATE TRIGGER one_unfinished_unit BEFORE INSERT ON units
WHEN EXISTS (SELECT 1 FROM units WHERE state <> 'settled') BEGIN
    SELECT RAISE(ABORT, 'a unit is unfinished: it must be settled before another is sold');
END;

CREATE TRIGGER ledger_is_append_only_update BEFORE UPDATE ON ledger BEGIN
    SELECT RAISE(ABORT, 'the ledger is append-only');
END;
CREATE TRIGGER ledger_is_append_only_delete BEFORE DELETE ON ledger BEGIN
    SELECT RAISE(ABORT, 'the ledger is append-only');
END;
";

/// Version 3: the player-protection records, append-only. A limit carries the
/// moment it takes effect (at once, or after the delay of a raise); an
/// exclusion its end; a reality check the time played, the net position and
/// the player's choice.
const VERSION_3: &str = r"
CREATE TABLE protection (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('age_confirmed', 'age_refused', 'deposit_limit',
                                       'stake_limit', 'exclusion', 'reality_check')),
    amount_cents INTEGER CHECK (amount_cents IS NULL
        OR (typeof(amount_cents) = 'integer' AND amount_cents > 0)),
    effective_at TEXT,
    until TEXT,
    played_seconds INTEGER CHECK (played_seconds IS NULL
        OR (typeof(played_seconds) = 'integer' AND played_seconds >= 0)),
    net_cents INTEGER CHECK (net_cents IS NULL OR typeof(net_cents) = 'integer'),
    choice TEXT CHECK (choice IS NULL OR choice IN ('continue', 'stop')),
    CHECK ((kind IN ('deposit_limit', 'stake_limit'))
           = (amount_cents IS NOT NULL AND effective_at IS NOT NULL)),
    CHECK ((kind = 'exclusion') = (until IS NOT NULL)),
    CHECK ((kind = 'reality_check')
           = (played_seconds IS NOT NULL AND net_cents IS NOT NULL AND choice IS NOT NULL))
);
CREATE TRIGGER protection_is_append_only_update BEFORE UPDATE ON protection BEGIN
    SELECT RAISE(ABORT, 'the protection records are append-only');
END;
CREATE TRIGGER protection_is_append_only_delete BEFORE DELETE ON protection BEGIN
    SELECT RAISE(ABORT, 'the protection records are append-only');
END;
CREATE INDEX ledger_by_time ON ledger (kind, at);
";

/// Version 4: the kiosk's operator. An append-only event log (errors,
/// operator actions, resumes, PIN tries and lockouts; a cash movement points to
/// its ledger entry), the meter resets (each the last ledger entry before it),
/// the operator PIN's argon2 hash, and the kiosk's settings.
const VERSION_4: &str = r"
CREATE TABLE events (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('error', 'resume', 'pin_set', 'pin_right', 'pin_wrong',
                                       'lockout', 'cash_in', 'cash_out', 'meter_reset',
                                       'setting', 'verify', 'exit')),
    detail TEXT NOT NULL,
    ledger_id INTEGER REFERENCES ledger (id),
    CHECK ((kind IN ('cash_in', 'cash_out')) = (ledger_id IS NOT NULL))
);
CREATE TRIGGER events_are_append_only_update BEFORE UPDATE ON events BEGIN
    SELECT RAISE(ABORT, 'the event log is append-only');
END;
CREATE TRIGGER events_are_append_only_delete BEFORE DELETE ON events BEGIN
    SELECT RAISE(ABORT, 'the event log is append-only');
END;

CREATE TABLE meter_resets (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    reason TEXT NOT NULL CHECK (length(trim(reason)) > 0),
    last_ledger_id INTEGER NOT NULL CHECK (typeof(last_ledger_id) = 'integer' AND last_ledger_id >= 0)
);
CREATE TRIGGER meter_resets_are_append_only_update BEFORE UPDATE ON meter_resets BEGIN
    SELECT RAISE(ABORT, 'the meter resets are append-only');
END;
CREATE TRIGGER meter_resets_are_append_only_delete BEFORE DELETE ON meter_resets BEGIN
    SELECT RAISE(ABORT, 'the meter resets are append-only');
END;

CREATE TABLE operator_pin (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    hash TEXT NOT NULL CHECK (hash LIKE '$argon2%'),
    set_at TEXT NOT NULL
);

CREATE TABLE kiosk_settings (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;
";

/// What a migration may need besides the database.
pub struct MigrationContext<'a> {
    /// The key that seals the seeds of open blocks (a new database, which has
    /// none, needs no key).
    pub seal: Option<&'a SealKey>,
    /// The id version 5 gives the database.
    pub database_id: &'a str,
    /// The time of the migration, as the store stamps it (the links version
    /// 7 adds are dated then, or at the chain's last link if later).
    pub now: &'a str,
}

/// Version 5: the database's own id, which its keys are found by (they are
/// kept apart from the database, `keys`). One row, never changed.
const VERSION_5: &str = r"
CREATE TABLE store_identity (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    database_id TEXT NOT NULL CHECK (length(database_id) = 32 AND database_id NOT GLOB '*[^0-9a-f]*'),
    created_at TEXT NOT NULL
);
CREATE TRIGGER store_identity_is_fixed_update BEFORE UPDATE ON store_identity BEGIN
    SELECT RAISE(ABORT, 'the database id never changes');
END;
CREATE TRIGGER store_identity_is_fixed_delete BEFORE DELETE ON store_identity BEGIN
    SELECT RAISE(ABORT, 'the database id never changes');
END;
";

/// Version 6, the event log: a jump of the clock is an event of its own
/// (the table rebuilt to allow the kind; its rows copied as they are); and
/// the closings, signed, append-only.
const VERSION_6_TABLES: &str = r"
CREATE TABLE events_v6 (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('error', 'resume', 'pin_set', 'pin_right', 'pin_wrong',
                                       'lockout', 'cash_in', 'cash_out', 'meter_reset',
                                       'setting', 'verify', 'exit', 'clock_jump')),
    detail TEXT NOT NULL,
    ledger_id INTEGER REFERENCES ledger (id),
    CHECK ((kind IN ('cash_in', 'cash_out')) = (ledger_id IS NOT NULL))
);
INSERT INTO events_v6 (id, at, kind, detail, ledger_id)
    SELECT id, at, kind, detail, ledger_id FROM events;
DROP TABLE events;
ALTER TABLE events_v6 RENAME TO events;
CREATE TRIGGER events_are_append_only_update BEFORE UPDATE ON events BEGIN
    SELECT RAISE(ABORT, 'the event log is append-only');
END;
CREATE TRIGGER events_are_append_only_delete BEFORE DELETE ON events BEGIN
    SELECT RAISE(ABORT, 'the event log is append-only');
END;

CREATE TABLE closings (
    id INTEGER PRIMARY KEY,
    counter INTEGER NOT NULL UNIQUE CHECK (typeof(counter) = 'integer' AND counter >= 1),
    kind TEXT NOT NULL CHECK (kind IN ('day', 'month', 'year', 'demand')),
    label TEXT NOT NULL,
    made_at TEXT NOT NULL,
    body TEXT NOT NULL,
    signature BLOB NOT NULL CHECK (length(signature) = 64)
);
CREATE TRIGGER closings_are_append_only_update BEFORE UPDATE ON closings BEGIN
    SELECT RAISE(ABORT, 'the closings are append-only');
END;
CREATE TRIGGER closings_are_append_only_delete BEFORE DELETE ON closings BEGIN
    SELECT RAISE(ABORT, 'the closings are append-only');
END;
";

/// Version 7, the players: the kiosk's one account becomes player "1" (if
/// the file holds any record of it), and every record of a player's — a
/// ledger entry, a unit, a protection record, an event of theirs — names its
/// player. A player's card never changes; their PIN is an argon2id hash. The
/// tables are rebuilt with the column last, their rows copied (the chain then
/// restates them, `chain::restate`), and one unfinished unit is allowed per
/// player.
const VERSION_7_TABLES: &str = r"
CREATE TABLE players (
    id INTEGER PRIMARY KEY,
    card TEXT NOT NULL UNIQUE CHECK (length(card) BETWEEN 1 AND 32 AND card NOT GLOB '*[^0-9A-Za-z-]*'),
    pin_hash TEXT CHECK (pin_hash IS NULL OR pin_hash LIKE '$argon2id$%'),
    created_at TEXT NOT NULL
);
CREATE TRIGGER players_keep_their_card BEFORE UPDATE OF id, card ON players BEGIN
    SELECT RAISE(ABORT, 'a player keeps their card');
END;
CREATE TRIGGER players_are_never_removed BEFORE DELETE ON players BEGIN
    SELECT RAISE(ABORT, 'a player is never removed');
END;
INSERT INTO players (id, card, created_at)
    SELECT 1, '1', created_at FROM account
    WHERE EXISTS (SELECT 1 FROM ledger) OR EXISTS (SELECT 1 FROM protection)
       OR EXISTS (SELECT 1 FROM units);

CREATE TABLE units_v7 (
    id INTEGER PRIMARY KEY,
    block_id INTEGER NOT NULL REFERENCES blocks (id),
    unit_index INTEGER NOT NULL CHECK (typeof(unit_index) = 'integer' AND unit_index >= 0),
    prize_cents INTEGER NOT NULL CHECK (typeof(prize_cents) = 'integer' AND prize_cents >= 0),
    scenario TEXT NOT NULL,
    generator INTEGER NOT NULL CHECK (typeof(generator) = 'integer' AND generator >= 1),
    state TEXT NOT NULL CHECK (state IN ('sold', 'revealing', 'settled')),
    sold_at TEXT NOT NULL,
    settled_at TEXT,
    player_id INTEGER NOT NULL REFERENCES players (id),
    UNIQUE (block_id, unit_index),
    CHECK ((state = 'settled') = (settled_at IS NOT NULL))
);
INSERT INTO units_v7 SELECT *, 1 FROM units;

CREATE TABLE ledger_v7 (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('deposit', 'withdrawal', 'stake', 'prize', 'refund')),
    amount_cents INTEGER NOT NULL CHECK (typeof(amount_cents) = 'integer'),
    unit_id INTEGER REFERENCES units (id),
    balance_after_cents INTEGER NOT NULL CHECK (
        typeof(balance_after_cents) = 'integer'
        AND balance_after_cents BETWEEN 0 AND 1000000000000000),
    player_id INTEGER NOT NULL REFERENCES players (id),
    UNIQUE (unit_id, kind),
    CHECK ((kind IN ('stake', 'prize', 'refund')) = (unit_id IS NOT NULL)),
    CHECK (CASE kind WHEN 'withdrawal' THEN amount_cents < 0
                     WHEN 'stake' THEN amount_cents < 0
                     ELSE amount_cents > 0 END)
);
INSERT INTO ledger_v7 SELECT *, 1 FROM ledger;

CREATE TABLE protection_v7 (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('age_confirmed', 'age_refused', 'deposit_limit',
                                       'stake_limit', 'exclusion', 'reality_check')),
    amount_cents INTEGER CHECK (amount_cents IS NULL
        OR (typeof(amount_cents) = 'integer' AND amount_cents > 0)),
    effective_at TEXT,
    until TEXT,
    played_seconds INTEGER CHECK (played_seconds IS NULL
        OR (typeof(played_seconds) = 'integer' AND played_seconds >= 0)),
    net_cents INTEGER CHECK (net_cents IS NULL OR typeof(net_cents) = 'integer'),
    choice TEXT CHECK (choice IS NULL OR choice IN ('continue', 'stop')),
    player_id INTEGER NOT NULL REFERENCES players (id),
    CHECK ((kind IN ('deposit_limit', 'stake_limit'))
           = (amount_cents IS NOT NULL AND effective_at IS NOT NULL)),
    CHECK ((kind = 'exclusion') = (until IS NOT NULL)),
    CHECK ((kind = 'reality_check')
           = (played_seconds IS NOT NULL AND net_cents IS NOT NULL AND choice IS NOT NULL))
);
INSERT INTO protection_v7 SELECT *, 1 FROM protection;

CREATE TABLE events_v7 (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('error', 'resume', 'pin_set', 'pin_right', 'pin_wrong',
                                       'lockout', 'cash_in', 'cash_out', 'meter_reset',
                                       'setting', 'verify', 'exit', 'clock_jump',
                                       'player_added', 'player_pin_set', 'player_pin_right',
                                       'player_pin_wrong', 'player_lockout', 'sign_out')),
    detail TEXT NOT NULL,
    ledger_id INTEGER REFERENCES ledger (id),
    player_id INTEGER REFERENCES players (id),
    CHECK ((kind IN ('cash_in', 'cash_out')) = (ledger_id IS NOT NULL)),
    CHECK ((kind IN ('player_added', 'player_pin_set', 'player_pin_right', 'player_pin_wrong',
                     'player_lockout', 'sign_out', 'cash_in', 'cash_out'))
           <= (player_id IS NOT NULL))
);
INSERT INTO events_v7 SELECT e.*, l.player_id FROM events e LEFT JOIN ledger_v7 l ON l.id = e.ledger_id;

DROP TABLE events;
DROP TABLE protection;
DROP TABLE ledger;
DROP TABLE units;
ALTER TABLE units_v7 RENAME TO units;
ALTER TABLE ledger_v7 RENAME TO ledger;
ALTER TABLE protection_v7 RENAME TO protection;
ALTER TABLE events_v7 RENAME TO events;

CREATE INDEX units_unsettled ON units (player_id, state) WHERE state <> 'settled';
CREATE INDEX ledger_by_player ON ledger (player_id, id);
CREATE INDEX ledger_by_time ON ledger (kind, at);
CREATE INDEX protection_by_player ON protection (player_id, kind);
CREATE INDEX events_by_player ON events (player_id, kind) WHERE player_id IS NOT NULL;

CREATE TRIGGER units_are_sold_from_a_selling_block BEFORE INSERT ON units
WHEN (SELECT status FROM blocks WHERE id = NEW.block_id) IS NOT 'selling' BEGIN
    SELECT RAISE(ABORT, 'a unit is sold only from a selling block');
END;
CREATE TRIGGER one_unfinished_unit BEFORE INSERT ON units
WHEN EXISTS (SELECT 1 FROM units WHERE state <> 'settled' AND player_id = NEW.player_id) BEGIN
    SELECT RAISE(ABORT, 'a unit is unfinished: it must be settled before another is sold');
END;
CREATE TRIGGER ledger_is_append_only_update BEFORE UPDATE ON ledger BEGIN
    SELECT RAISE(ABORT, 'the ledger is append-only');
END;
CREATE TRIGGER ledger_is_append_only_delete BEFORE DELETE ON ledger BEGIN
    SELECT RAISE(ABORT, 'the ledger is append-only');
END;
CREATE TRIGGER protection_is_append_only_update BEFORE UPDATE ON protection BEGIN
    SELECT RAISE(ABORT, 'the protection records are append-only');
END;
CREATE TRIGGER protection_is_append_only_delete BEFORE DELETE ON protection BEGIN
    SELECT RAISE(ABORT, 'the protection records are append-only');
END;
CREATE TRIGGER events_are_append_only_update BEFORE UPDATE ON events BEGIN
    SELECT RAISE(ABORT, 'the event log is append-only');
END;
CREATE TRIGGER events_are_append_only_delete BEFORE DELETE ON events BEGIN
    SELECT RAISE(ABORT, 'the event log is append-only');
END;
";

/// The tables version 7 gives a player column: their rows' content changes,
/// so the chain restates each.
pub(crate) const GIVEN_A_PLAYER: [&str; 4] = ["units", "ledger", "protection", "events"];

/// Why a migration failed.
#[derive(Debug, thiserror::Error)]
pub enum MigrationError {
    /// SQLite's.
    #[error(transparent)]
    Sqlite(#[from] rusqlite::Error),
    /// The old data cannot be carried over.
    #[error("{0}")]
    Data(String),
}

/// The number of schema versions this build knows.
const VERSIONS: i64 = 7;

/// The schema version this build writes.
#[must_use]
pub const fn current_version() -> i64 {
    VERSIONS
}

/// Brings a database at schema `from` to the current version, one transaction
/// per migration, each stamping its version and the application id.
///
/// # Errors
/// The first migration that fails; it then leaves nothing behind.
pub fn migrate(
    connection: &mut Connection,
    from: i64,
    context: &MigrationContext<'_>,
) -> Result<(), MigrationError> {
    migrate_to(connection, from, VERSIONS, context)
}

/// The schema of version `version` as a new database of that version has it:
/// every table, index and trigger, by type and name, with its SQL (`verify`
/// holds a file to it).
///
/// # Errors
/// SQLite's, if the schema cannot be built in memory.
pub fn expected_schema(version: i64) -> Result<Vec<SchemaItem>, MigrationError> {
    let mut connection = Connection::open_in_memory()?;
    migrate_to(
        &mut connection,
        0,
        version.clamp(0, VERSIONS),
        &MigrationContext {
            seal: None,
            database_id: "00000000000000000000000000000000",
            now: "2026-12-02T00:00:00Z",
        },
    )?;
    Ok(schema_of(&connection)?)
}

/// A table, index or trigger of a schema.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct SchemaItem {
    /// `table`, `index` or `trigger`.
    pub kind: String,
    /// Its name.
    pub name: String,
    /// Its SQL, spaces folded (none for SQLite's own indexes).
    pub sql: Option<String>,
}

/// The schema of `connection`'s database, sorted.
///
/// # Errors
/// SQLite's.
pub fn schema_of(connection: &Connection) -> rusqlite::Result<Vec<SchemaItem>> {
    let mut items: Vec<SchemaItem> = connection
        .prepare("SELECT type, name, sql FROM sqlite_master")?
        .query_map([], |row| {
            let sql: Option<String> = row.get(2)?;
            Ok(SchemaItem {
                kind: row.get(0)?,
                name: row.get(1)?,
                sql: sql.map(|sql| sql.split_whitespace().collect::<Vec<_>>().join(" ")),
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    items.sort();
    Ok(items)
}

/// [`migrate`], up to version `to`.
fn migrate_to(
    connection: &mut Connection,
    from: i64,
    to: i64,
    context: &MigrationContext<'_>,
) -> Result<(), MigrationError> {
    // Table rebuilds drop tables that others refer to: foreign keys are checked
    // once each migration is done, not during it (the pragma only takes effect
    // outside a transaction). Dropped pages are zeroed, so no seed stays behind.
    connection.pragma_update(None, "foreign_keys", false)?;
    connection.pragma_update(None, "secure_delete", true)?;
    for version in (from + 1)..=to {
        let transaction = Transaction::new(connection, TransactionBehavior::Immediate)?;
        match version {
            1 => transaction.execute_batch(VERSION_1)?,
            2 => to_version_2(&transaction, context)?,
            3 => transaction.execute_batch(VERSION_3)?,
            4 => transaction.execute_batch(VERSION_4)?,
            5 => {
                transaction.execute_batch(VERSION_5)?;
                transaction.execute(
                    "INSERT INTO store_identity (id, database_id, created_at)
                     VALUES (1, ?1, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))",
                    [context.database_id],
                )?;
            }
            6 => {
                transaction.execute_batch(VERSION_6_TABLES)?;
                transaction.execute_batch(&chain::schema_sql(6))?;
            }
            _ => to_version_7(&transaction, context)?,
        }
        let broken: Option<String> = transaction
            .query_row(
                "SELECT \"table\" || ' row ' || rowid || ' points to a missing ' || parent FROM pragma_foreign_key_check LIMIT 1",
                [],
                |row| row.get(0),
            )
            .optional()?;
        if let Some(broken) = broken {
            return Err(MigrationError::Data(broken));
        }
        transaction.pragma_update(None, "application_id", APPLICATION_ID)?;
        transaction.pragma_update(None, "user_version", version)?;
        transaction.commit()?;
    }
    connection.pragma_update(None, "foreign_keys", true)?;
    connection.pragma_update(None, "secure_delete", false)?;
    if from == 1 {
        // The copied-over pages left the log: keep none of the old ones.
        connection.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
    }
    Ok(())
}

/// Version 6 to 7: the players. A chain already begun is checked first —
/// every row to be rebuilt must be the one its last link holds, made with
/// the key — so that no record forged before is vouched for after; then the
/// tables are rebuilt, their chain triggers made again, and each rebuilt row
/// restated by a link after one saying why.
fn to_version_7(
    transaction: &Transaction<'_>,
    context: &MigrationContext<'_>,
) -> Result<(), MigrationError> {
    let head = chain::head(transaction)?;
    let key = match (&head, context.seal) {
        (None, _) => None,
        (Some(_), Some(seal)) => Some(chain::ChainKey::of(seal)),
        (Some(_), None) => {
            return Err(MigrationError::Data(
                "the chain's records are restated with the seal key, which is missing".to_owned(),
            ));
        }
    };
    if let Some(key) = &key {
        let walk = crate::chain_check::walk(transaction, key)?;
        let findings: Vec<String> = walk
            .findings
            .iter()
            .cloned()
            .chain(crate::chain_check::rows_against(transaction, &walk)?)
            .collect();
        if let Some(first) = findings.first() {
            return Err(MigrationError::Data(format!(
                "the file does not verify ({first}); nothing is migrated: `guichet verify` lists what is wrong"
            )));
        }
    }
    transaction.execute_batch(VERSION_7_TABLES)?;
    let mut chained = vec!["players"];
    chained.extend(GIVEN_A_PLAYER);
    transaction.execute_batch(&chain::triggers_sql(7, &chained))?;
    if let (Some(key), Some(head)) = (&key, head) {
        chain::restate(transaction, key, (head, 7), &chained, context.now)?;
    }
    Ok(())
}

/// A block of schema 1: id, emission, number, seed, commitment, size, next
/// index, opened at, closed at.
type VersionOneBlock = (
    i64,
    String,
    u32,
    Vec<u8>,
    Vec<u8>,
    u32,
    u32,
    String,
    Option<String>,
);

/// Version 1 to 2: the tables rebuilt, every open block's seed sealed.
fn to_version_2(
    transaction: &Transaction<'_>,
    context: &MigrationContext<'_>,
) -> Result<(), MigrationError> {
    let not_integer: Option<i64> = transaction
        .query_row(
            "SELECT id FROM ledger WHERE typeof(amount_cents) <> 'integer'
                OR typeof(balance_after_cents) <> 'integer' LIMIT 1",
            [],
            |row| row.get(0),
        )
        .optional()?;
    if let Some(entry) = not_integer {
        return Err(MigrationError::Data(format!(
            "ledger entry {entry} holds an amount that is not whole cents (an overflow of an earlier version); \
             restore the last backup from before it"
        )));
    }
    transaction.execute_batch(VERSION_2_TABLES)?;
    let blocks: Vec<VersionOneBlock> = transaction
            .prepare("SELECT id, emission, number, seed, commitment, size, next_index, opened_at, closed_at FROM blocks")?
            .query_map([], |row| {
                Ok((
                    row.get(0)?,
                    row.get(1)?,
                    row.get(2)?,
                    row.get(3)?,
                    row.get(4)?,
                    row.get(5)?,
                    row.get(6)?,
                    row.get(7)?,
                    row.get(8)?,
                ))
            })?
            .collect::<Result<_, _>>()?;
    for (id, code, number, seed, commitment, size, next_index, opened_at, closed_at) in blocks {
        let emission = guichet_core::games::emission_by_code(&code)
            .ok_or_else(|| MigrationError::Data(format!("block {id}: unknown emission {code}")))?;
        let seed: [u8; 32] = seed
            .try_into()
            .map_err(|_| MigrationError::Data(format!("block {id}: malformed seed")))?;
        let seed = Seed::from_bytes(seed);
        let (status, sealed, published) = if closed_at.is_some() {
            ("closed", None, Some(seed.expose_bytes().to_vec()))
        } else {
            let key = context.seal.ok_or_else(|| {
                MigrationError::Data(format!("block {id} is open but no seal key was given"))
            })?;
            (
                "selling",
                Some(key.seal(emission, number, &seed).to_vec()),
                None,
            )
        };
        transaction.execute(
            "INSERT INTO blocks_v2 (id, emission, number, status, commitment, sealed_seed, seed, size,
                                    next_index, committed_at, selling_since, closed_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10, ?11)",
            params![id, code, number, status, commitment, sealed, published, size, next_index, opened_at, closed_at],
        )?;
    }
    transaction.execute_batch(VERSION_2_SWAP)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chain::{SharedSigner, with_signer};
    use crate::chain_check::{rows_against, walk};

    /// A database of schema 6 in memory, its chain made with `seal`'s key:
    /// a deposit, a limit and an event of the one account, chained.
    fn version_6(seal: &SealKey) -> Connection {
        let mut connection = Connection::open_in_memory().unwrap();
        let context = MigrationContext {
            seal: None,
            database_id: "00000000000000000000000000000000",
            now: "2026-12-01T08:00:00Z",
        };
        migrate_to(&mut connection, 0, 6, &context).unwrap();
        let signer = SharedSigner::default();
        chain::register(&connection, &signer).unwrap();
        let key = chain::ChainKey::of(seal);
        with_signer(&signer, |signer| {
            signer.set_key(Some(key.clone()));
            signer.set_time(Some("2026-12-01T08:00:00Z".to_owned()));
        });
        chain::begin(&connection, &key, "2026-12-01T08:00:00Z").unwrap();
        connection
            .execute_batch(
                "INSERT INTO protection (at, kind, amount_cents, effective_at)
                     VALUES ('2026-12-01T08:00:00Z', 'deposit_limit', 5000, '2026-12-01T08:00:00Z');
                 INSERT INTO ledger (at, kind, amount_cents, balance_after_cents)
                     VALUES ('2026-12-01T08:00:00Z', 'deposit', 2000, 2000);
                 INSERT INTO events (at, kind, detail, ledger_id)
                     VALUES ('2026-12-01T08:00:00Z', 'cash_in', '20,00 €', 1);",
            )
            .unwrap();
        connection
    }

    fn findings(connection: &Connection, seal: &SealKey) -> Vec<String> {
        let walked = walk(connection, &chain::ChainKey::of(seal)).unwrap();
        let mut found = walked.findings.clone();
        found.extend(rows_against(connection, &walked).unwrap());
        found
    }

    #[test]
    fn version_7_makes_the_account_player_1_and_restates_its_rows_in_the_chain() {
        let seal = SealKey::for_tests([7; 32]);
        let mut connection = version_6(&seal);
        assert_eq!(findings(&connection, &seal), Vec::<String>::new());
        let context = MigrationContext {
            seal: Some(&seal),
            database_id: "00000000000000000000000000000000",
            now: "2026-12-02T08:00:00Z",
        };
        migrate_to(&mut connection, 6, 7, &context).unwrap();
        assert_eq!(findings(&connection, &seal), Vec::<String>::new());
        let owners: i64 = connection
            .query_row(
                "SELECT (SELECT COUNT(*) FROM ledger WHERE player_id = 1)
                      + (SELECT COUNT(*) FROM protection WHERE player_id = 1)
                      + (SELECT COUNT(*) FROM events WHERE player_id = 1)",
                [],
                |row| row.get(0),
            )
            .unwrap();
        assert_eq!(owners, 3);
        let card: String = connection
            .query_row("SELECT card FROM players WHERE id = 1", [], |row| {
                row.get(0)
            })
            .unwrap();
        assert_eq!(card, "1");
    }

    #[test]
    fn version_7_refuses_a_file_forged_before_it_and_vouches_for_nothing() {
        let seal = SealKey::for_tests([7; 32]);
        let mut connection = version_6(&seal);
        connection
            .execute_batch(
                "DROP TRIGGER protection_is_append_only_update;
                 UPDATE protection SET amount_cents = 900000;",
            )
            .unwrap();
        let context = MigrationContext {
            seal: Some(&seal),
            database_id: "00000000000000000000000000000000",
            now: "2026-12-02T08:00:00Z",
        };
        let refused = migrate_to(&mut connection, 6, 7, &context).unwrap_err();
        assert!(refused.to_string().contains("does not verify"), "{refused}");
        let version: i64 = connection
            .query_row("PRAGMA user_version", [], |row| row.get(0))
            .unwrap();
        assert_eq!(version, 6, "nothing migrated");
        let without_key = MigrationContext {
            seal: None,
            ..context
        };
        assert!(migrate_to(&mut connection, 6, 7, &without_key).is_err());
    }
}
