//! The SQL text of each schema version, executed as it is written: existing
//! databases and their upgrades depend on it, so a version's text never
//! changes (a change is a new version). With it, the names and bounds the
//! schema is written with.

/// `PRAGMA application_id` of a Guichet database: "GUIC".
pub const APPLICATION_ID: i64 = 0x4755_4943;

/// The store's clock (`OpenOptions::clock`) as `2026-11-29T20:01:02Z`: a
/// function each connection registers (`clock::register`).
pub const NOW: &str = "guichet_now()";

/// The highest balance the schema accepts, in cents: far above anything the
/// store lets happen (it bounds deposits), so that no arithmetic can reach it.
pub const MAX_STORED_BALANCE: i64 = 1_000_000_000_000_000;

/// Version 1: the first schema.
pub(super) const VERSION_1: &str = r"
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
pub(super) const VERSION_2_TABLES: &str = r"
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
pub(super) const VERSION_2_SWAP: &str = r"
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
pub(super) const VERSION_3: &str = r"
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
pub(super) const VERSION_4: &str = r"
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

/// Version 5: the database's own id, which its keys are found by (they are
/// kept apart from the database, `keys`). One row, never changed.
pub(super) const VERSION_5: &str = r"
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
pub(super) const VERSION_6_TABLES: &str = r"
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
pub(super) const VERSION_7_TABLES: &str = r"
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

/// Version 8: the links of the rows the store updates and acts on — a unit
/// and its prize, a block and its next index, a player and their PIN hash,
/// the operator's PIN, the kiosk's settings — indexed by row, so that each
/// proves itself against its last link in one indexed read when it is used.
pub(super) const VERSION_8: &str = r"
CREATE INDEX chain_of_acted_rows ON chain (record, row_key, seq)
WHERE record IN ('units', 'blocks', 'players', 'operator_pin', 'kiosk_settings');
";
