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

use std::fmt::Write as _;
use std::sync::{Arc, Mutex, PoisonError};

use hmac::{Hmac, KeyInit as _, Mac as _};
use rusqlite::functions::FunctionFlags;
use rusqlite::{Connection, OptionalExtension as _, params};
use sha2::Sha256;

use crate::seal::SealKey;

/// A table whose rows are chained: how a row is named and what of it is kept.
pub(crate) struct Chained {
    /// The table.
    pub table: &'static str,
    /// The SQL naming a row, with `{r}` for the row (`NEW`, or the table).
    key: &'static str,
    /// The SQL of its rows' order (that of their writing).
    pub order: &'static str,
    /// Its columns, in order; a blob is kept in hex.
    columns: &'static [Column],
    /// Whether the store updates its rows (they are then chained again).
    updated: bool,
}

/// A column of a chained table.
struct Column {
    name: &'static str,
    blob: bool,
    /// The schema version that added it.
    since: i64,
}

/// A column of text or numbers.
const fn plain(name: &'static str) -> Column {
    Column {
        name,
        blob: false,
        since: 6,
    }
}

/// A column of bytes.
const fn bytes(name: &'static str) -> Column {
    Column {
        name,
        blob: true,
        since: 6,
    }
}

/// The player a record is a player's (schema 7 on).
const PLAYER: Column = Column {
    name: "player_id",
    blob: false,
    since: 7,
};

/// The key of a table with a rowid `id`.
const BY_ID: &str = "CAST({r}.id AS TEXT)";

/// Every chained table, its columns by the schema version that added them (a
/// test holds it to the schema's columns).
pub(crate) const CHAINED: &[Chained] = &[
    Chained {
        table: "account",
        key: BY_ID,
        order: "id",
        columns: &[plain("id"), plain("created_at")],
        updated: false,
    },
    Chained {
        table: "store_identity",
        key: BY_ID,
        order: "id",
        columns: &[plain("id"), plain("database_id"), plain("created_at")],
        updated: false,
    },
    Chained {
        table: "blocks",
        key: BY_ID,
        order: "id",
        columns: &[
            plain("id"),
            plain("emission"),
            plain("number"),
            plain("status"),
            bytes("commitment"),
            bytes("sealed_seed"),
            bytes("seed"),
            plain("size"),
            plain("next_index"),
            plain("committed_at"),
            plain("selling_since"),
            plain("closed_at"),
            plain("void_reason"),
        ],
        updated: true,
    },
    Chained {
        table: "units",
        key: BY_ID,
        order: "id",
        columns: &[
            plain("id"),
            plain("block_id"),
            plain("unit_index"),
            plain("prize_cents"),
            plain("scenario"),
            plain("generator"),
            plain("state"),
            plain("sold_at"),
            plain("settled_at"),
            PLAYER,
        ],
        updated: true,
    },
    Chained {
        table: "reveal_steps",
        key: "{r}.unit_id || '.' || {r}.seq",
        order: "unit_id, seq",
        columns: &[plain("unit_id"), plain("seq"), plain("step"), plain("at")],
        updated: false,
    },
    Chained {
        table: "ledger",
        key: BY_ID,
        order: "id",
        columns: &[
            plain("id"),
            plain("at"),
            plain("kind"),
            plain("amount_cents"),
            plain("unit_id"),
            plain("balance_after_cents"),
            PLAYER,
        ],
        updated: false,
    },
    Chained {
        table: "protection",
        key: BY_ID,
        order: "id",
        columns: &[
            plain("id"),
            plain("at"),
            plain("kind"),
            plain("amount_cents"),
            plain("effective_at"),
            plain("until"),
            plain("played_seconds"),
            plain("net_cents"),
            plain("choice"),
            PLAYER,
        ],
        updated: false,
    },
    Chained {
        table: "events",
        key: BY_ID,
        order: "id",
        columns: &[
            plain("id"),
            plain("at"),
            plain("kind"),
            plain("detail"),
            plain("ledger_id"),
            PLAYER,
        ],
        updated: false,
    },
    Chained {
        table: "meter_resets",
        key: BY_ID,
        order: "id",
        columns: &[
            plain("id"),
            plain("at"),
            plain("reason"),
            plain("last_ledger_id"),
        ],
        updated: false,
    },
    Chained {
        table: "closings",
        key: BY_ID,
        order: "id",
        columns: &[
            plain("id"),
            plain("counter"),
            plain("kind"),
            plain("label"),
            plain("made_at"),
            plain("body"),
            bytes("signature"),
        ],
        updated: false,
    },
    Chained {
        table: "operator_pin",
        key: BY_ID,
        order: "id",
        columns: &[plain("id"), plain("hash"), plain("set_at")],
        updated: true,
    },
    Chained {
        table: "kiosk_settings",
        key: "{r}.name",
        order: "name",
        columns: &[plain("name"), plain("value")],
        updated: true,
    },
    Chained {
        table: "players",
        key: BY_ID,
        order: "id",
        columns: &[
            Column {
                since: 7,
                ..plain("id")
            },
            Column {
                since: 7,
                ..plain("card")
            },
            Column {
                since: 7,
                ..plain("pin_hash")
            },
            Column {
                since: 7,
                ..plain("created_at")
            },
        ],
        updated: true,
    },
];

impl Chained {
    /// The SQL of a row's key, the row named `row`.
    fn key_of(&self, row: &str) -> String {
        self.key.replace("{r}", row)
    }

    /// Whether schema `version` has the table.
    fn is_in(&self, version: i64) -> bool {
        self.columns.iter().any(|column| column.since <= version)
    }

    /// The SQL of a row's content at schema `version`, the row named `row`:
    /// a JSON array of its columns in order.
    fn content_of(&self, row: &str, version: i64) -> String {
        let columns: Vec<String> = self
            .columns
            .iter()
            .filter(|column| column.since <= version)
            .map(|column| {
                if column.blob {
                    format!(
                        "CASE WHEN {row}.{0} IS NULL THEN NULL ELSE hex({row}.{0}) END",
                        column.name
                    )
                } else {
                    format!("{row}.{}", column.name)
                }
            })
            .collect();
        format!("json_array({})", columns.join(", "))
    }

    /// The names of its columns at the current schema, in order.
    #[cfg(test)]
    fn column_names(&self) -> impl Iterator<Item = &'static str> {
        self.columns.iter().map(|column| column.name)
    }

    /// Every row's key and content at schema `version`, as `verify` compares
    /// them with the chain.
    pub(crate) fn rows_sql(&self, version: i64) -> String {
        format!(
            "SELECT {}, {} FROM {}",
            self.key_of(self.table),
            self.content_of(self.table, version),
            self.table
        )
    }
}

/// The chained tables of schema `version`.
pub(crate) fn chained_at(version: i64) -> impl Iterator<Item = &'static Chained> {
    CHAINED.iter().filter(move |chained| chained.is_in(version))
}

/// The schema version of `connection`'s database.
pub(crate) fn version_of(connection: &Connection) -> rusqlite::Result<i64> {
    connection.query_row("PRAGMA user_version", [], |row| row.get(0))
}

/// Schema 6's chain: its table, the rules that keep it append-only and in
/// order, and one trigger per chained table and change, as schema `version`
/// has them.
pub(crate) fn schema_sql(version: i64) -> String {
    let mut sql = String::from(
        r"
CREATE TABLE chain (
    seq INTEGER PRIMARY KEY CHECK (typeof(seq) = 'integer' AND seq >= 1),
    at TEXT NOT NULL,
    record TEXT NOT NULL,
    row_key TEXT NOT NULL,
    content TEXT,
    mac BLOB NOT NULL CHECK (length(mac) = 32)
);
CREATE TRIGGER chain_is_append_only_update BEFORE UPDATE ON chain BEGIN
    SELECT RAISE(ABORT, 'the chain is append-only');
END;
CREATE TRIGGER chain_is_append_only_delete BEFORE DELETE ON chain BEGIN
    SELECT RAISE(ABORT, 'the chain is append-only');
END;
CREATE TRIGGER chain_runs_forward BEFORE INSERT ON chain
WHEN NEW.seq IS NOT COALESCE((SELECT MAX(seq) FROM chain), 0) + 1
  OR NEW.at < COALESCE((SELECT at FROM chain ORDER BY seq DESC LIMIT 1), '') BEGIN
    SELECT RAISE(ABORT, 'a link of the chain follows the last one, never dated before it');
END;
",
    );
    let _ = writeln!(
        sql,
        "CREATE INDEX chain_of_guarded_rows ON chain (record, row_key, seq) WHERE {};",
        guarded_rows()
    );
    let tables: Vec<&str> = chained_at(version).map(|chained| chained.table).collect();
    sql.push_str(&triggers_sql(version, &tables));
    sql
}

/// The chain's triggers of `tables` at schema `version`: one per change the
/// store makes to a row, making its link.
pub(crate) fn triggers_sql(version: i64, tables: &[&str]) -> String {
    let mut sql = String::new();
    for chained in chained_at(version).filter(|chained| tables.contains(&chained.table)) {
        let changes: &[&str] = if chained.updated {
            &["INSERT", "UPDATE"]
        } else {
            &["INSERT"]
        };
        for change in changes {
            let _ = write!(
                sql,
                r"
CREATE TRIGGER {table}_chained_{lower} AFTER {change} ON {table} BEGIN
    INSERT INTO chain (seq, at, record, row_key, content, mac)
    SELECT head.seq + 1, guichet_chain_at(), '{table}', row.key, row.content,
           guichet_chain_mac(head.seq + 1, head.mac, '{table}', row.key, row.content)
    FROM (SELECT seq, mac FROM chain ORDER BY seq DESC LIMIT 1) AS head,
         (SELECT {key} AS key, {content} AS content) AS row;
END;
",
                table = chained.table,
                lower = change.to_lowercase(),
                key = chained.key_of("NEW"),
                content = chained.content_of("NEW", version),
            );
        }
    }
    sql
}

/// The key of the chain's MACs. Its `Debug` never shows it.
#[derive(Clone)]
pub(crate) struct ChainKey([u8; 32]);

impl std::fmt::Debug for ChainKey {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("ChainKey(<secret>)")
    }
}

/// One link, as its MAC covers it.
pub(crate) struct Link<'a> {
    /// Its place, from 1.
    pub seq: i64,
    /// The MAC of the link before it (32 zero bytes before the first).
    pub previous: &'a [u8],
    /// When it was written.
    pub at: &'a str,
    /// The table of its row, or `genesis` or `rekey`.
    pub record: &'a str,
    /// Its row's key.
    pub key: &'a str,
    /// Its row's content.
    pub content: Option<&'a str>,
}

impl ChainKey {
    /// The chain key of a database whose seal key is `seal`.
    pub(crate) fn of(seal: &SealKey) -> Self {
        Self(seal.derive(b"guichet/chain/v1"))
    }

    /// The MAC of `link`: every part length-prefixed, so no two links share
    /// their input.
    pub(crate) fn mac(&self, link: &Link<'_>) -> [u8; 32] {
        let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(&self.0) else {
            unreachable!("HMAC takes a key of any length")
        };
        mac.update(&link.seq.to_le_bytes());
        let content = link.content.map(str::as_bytes);
        for part in [
            Some(link.previous),
            Some(link.at.as_bytes()),
            Some(link.record.as_bytes()),
            Some(link.key.as_bytes()),
            content,
        ] {
            match part {
                Some(part) => {
                    mac.update(&[1]);
                    mac.update(&(part.len() as u64).to_le_bytes());
                    mac.update(part);
                }
                None => mac.update(&[0]),
            }
        }
        mac.finalize().into_bytes().into()
    }
}

/// What the chain's SQL functions need from the store: the key (none while
/// the seal key is lost) and the time of the write in progress (none outside
/// a write of the store's).
#[derive(Debug, Default)]
pub(crate) struct Signer {
    key: Option<ChainKey>,
    at: Option<String>,
}

/// The signer shared by the store and its connection's functions.
pub(crate) type SharedSigner = Arc<Mutex<Signer>>;

/// Runs `work` on the signer (a poisoned lock only means a panic elsewhere:
/// its state is still whole).
pub(crate) fn with_signer<T>(signer: &SharedSigner, work: impl FnOnce(&mut Signer) -> T) -> T {
    work(&mut signer.lock().unwrap_or_else(PoisonError::into_inner))
}

impl Signer {
    /// Sets the key the links are made with.
    pub(crate) fn set_key(&mut self, key: Option<ChainKey>) {
        self.key = key;
    }

    /// Sets (or, with `None`, ends) the time of the write in progress.
    pub(crate) fn set_time(&mut self, at: Option<String>) {
        self.at = at;
    }
}

/// Why a link cannot be made.
fn refusal(reason: &str) -> rusqlite::Error {
    rusqlite::Error::UserFunctionError(reason.into())
}

/// Gives `connection` the chain's SQL functions, backed by `signer`.
pub(crate) fn register(connection: &Connection, signer: &SharedSigner) -> rusqlite::Result<()> {
    let at = Arc::clone(signer);
    connection.create_scalar_function(
        "guichet_chain_at",
        0,
        FunctionFlags::SQLITE_UTF8,
        move |_| {
            with_signer(&at, |signer| signer.at.clone())
                .ok_or_else(|| refusal("a record is written only by the store"))
        },
    )?;
    let mac = Arc::clone(signer);
    connection.create_scalar_function(
        "guichet_chain_mac",
        5,
        FunctionFlags::SQLITE_UTF8,
        move |context| {
            let seq: Option<i64> = context.get(0)?;
            let previous: Vec<u8> = context.get(1)?;
            let record: String = context.get(2)?;
            let key: String = context.get(3)?;
            let content: Option<String> = context.get(4)?;
            let seq = seq.ok_or_else(|| refusal("the chain has no genesis"))?;
            with_signer(&mac, |signer| {
                let at = signer
                    .at
                    .as_deref()
                    .ok_or_else(|| refusal("a record is written only by the store"))?;
                let chain_key = signer
                    .key
                    .as_ref()
                    .ok_or_else(|| refusal("the chain key (the seal key) is lost"))?;
                Ok(chain_key
                    .mac(&Link {
                        seq,
                        previous: &previous,
                        at,
                        record: &record,
                        key: &key,
                        content: content.as_deref(),
                    })
                    .to_vec())
            })
        },
    )
}

/// The last link: its place, date and MAC.
pub(crate) struct Head {
    /// Its place.
    pub seq: i64,
    /// Its date.
    pub at: String,
    /// Its MAC.
    pub mac: Vec<u8>,
}

/// Whether the database has a chain (schema 6 on).
pub(crate) fn exists(connection: &Connection) -> rusqlite::Result<bool> {
    connection.query_row(
        "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'chain')",
        [],
        |row| row.get(0),
    )
}

/// The last link, if any.
pub(crate) fn head(connection: &Connection) -> rusqlite::Result<Option<Head>> {
    connection
        .prepare_cached("SELECT seq, at, mac FROM chain ORDER BY seq DESC LIMIT 1")?
        .query_row([], |row| {
            Ok(Head {
                seq: row.get(0)?,
                at: row.get(1)?,
                mac: row.get(2)?,
            })
        })
        .optional()
}

/// Appends a link made here rather than by a trigger (the genesis, a rekey,
/// the rows chained at migration) after `head`; returns the new head.
pub(crate) fn append(
    connection: &Connection,
    key: &ChainKey,
    head: Option<&Head>,
    at: &str,
    record: &str,
    row_key: &str,
    content: Option<&str>,
) -> rusqlite::Result<Head> {
    let seq = head.map_or(1, |head| head.seq + 1);
    let zero = [0_u8; 32];
    let previous = head.map_or(&zero[..], |head| &head.mac[..]);
    let mac = key.mac(&Link {
        seq,
        previous,
        at,
        record,
        key: row_key,
        content,
    });
    connection
        .prepare_cached(
            "INSERT INTO chain (seq, at, record, row_key, content, mac) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?
        .execute(params![seq, at, record, row_key, content, mac.to_vec()])?;
    Ok(Head {
        seq,
        at: at.to_owned(),
        mac: mac.to_vec(),
    })
}

/// Begins the chain of a database that has none: a genesis saying how, then
/// (for a database of an earlier schema) every row already there, table by
/// table, in the order of their keys.
pub(crate) fn begin(connection: &Connection, key: &ChainKey, at: &str) -> rusqlite::Result<()> {
    let mut existing: Vec<(&'static str, String, String)> = Vec::new();
    let version = version_of(connection)?;
    for chained in chained_at(version) {
        let mut statement = connection.prepare(&format!(
            "{} ORDER BY {}",
            chained.rows_sql(version),
            chained.order
        ))?;
        let rows = statement.query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?;
        for row in rows {
            let (row_key, content): (String, String) = row?;
            existing.push((chained.table, row_key, content));
        }
    }
    let genesis = if existing.is_empty() {
        serde_json::json!({ "genesis": "a new database" })
    } else {
        serde_json::json!({
            "genesis": "chained at schema 6: the records before were kept by an earlier schema, unchained, and are chained as they were found",
            "records": existing.len(),
        })
    };
    let mut head = append(
        connection,
        key,
        None,
        at,
        "genesis",
        "0",
        Some(&genesis.to_string()),
    )?;
    for (table, row_key, content) in &existing {
        head = append(
            connection,
            key,
            Some(&head),
            at,
            table,
            row_key,
            Some(content),
        )?;
    }
    Ok(())
}

/// Restates, after `head`, every row of `tables` as schema `version` has
/// it — a migration to it that changed their content (version 7: each names
/// its player) or added them — after a link `migration` saying so, each
/// dated `now` or at `head` if later.
pub(crate) fn restate(
    connection: &Connection,
    key: &ChainKey,
    (head, version): (Head, i64),
    tables: &[&str],
    now: &str,
) -> rusqlite::Result<()> {
    let at = if head.at.as_str() > now {
        head.at.clone()
    } else {
        now.to_owned()
    };
    let said = serde_json::json!({
        "migration": format!("schema {version}: the rows of {} were rebuilt, each naming its player (the kiosk's one account became player 1); the links that follow restate them", tables.join(", ")),
    });
    let mut head = append(
        connection,
        key,
        Some(&head),
        &at,
        "migration",
        &version.to_string(),
        Some(&said.to_string()),
    )?;
    for chained in chained_at(version).filter(|chained| tables.contains(&chained.table)) {
        let mut statement = connection.prepare(&format!(
            "{} ORDER BY {}",
            chained.rows_sql(version),
            chained.order
        ))?;
        let rows: Vec<(String, String)> = statement
            .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?
            .collect::<rusqlite::Result<_>>()?;
        for (row_key, content) in rows {
            head = append(
                connection,
                key,
                Some(&head),
                &at,
                chained.table,
                &row_key,
                Some(&content),
            )?;
        }
    }
    Ok(())
}

/// The records of the chain that name no row: its genesis, a new key, a
/// migration.
pub(crate) const SAYINGS: [&str; 3] = ["genesis", "rekey", "migration"];

/// The tables whose rows a running store acts on at once, checked at every
/// open (`guard`): every protection record (the limits and breaks it
/// enforces) and the last row of the ledger (the balance), the event log, the
/// meter resets and the closings. Their links alone are indexed by row
/// (`chain_of_guarded_rows`, made from this list).
pub(crate) const GUARDED: &[(&str, bool)] = &[
    ("protection", true),
    ("ledger", false),
    ("events", false),
    ("meter_resets", false),
    ("closings", false),
];

/// The SQL that picks the links of the guarded tables: the partial index's
/// condition, which a query repeats word for word for SQLite to use it.
pub(crate) fn guarded_rows() -> String {
    let tables: Vec<String> = GUARDED
        .iter()
        .map(|(table, _)| format!("'{table}'"))
        .collect();
    format!("record IN ({})", tables.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::{MigrationContext, migrate};

    /// Schema 6, in memory.
    fn schema() -> Connection {
        let mut connection = Connection::open_in_memory().unwrap();
        migrate(
            &mut connection,
            0,
            &MigrationContext {
                seal: None,
                database_id: "00000000000000000000000000000000",
                now: "2026-12-02T00:00:00Z",
            },
        )
        .unwrap();
        connection
    }

    #[test]
    fn every_table_is_chained_with_every_column() {
        let connection = schema();
        let tables: Vec<String> = connection
            .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'chain' ORDER BY name")
            .unwrap()
            .query_map([], |row| row.get(0))
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap();
        let mut chained: Vec<&str> = CHAINED.iter().map(|chained| chained.table).collect();
        chained.sort_unstable();
        assert_eq!(tables, chained);
        for chained in CHAINED {
            let columns: Vec<String> = connection
                .prepare(&format!(
                    "SELECT name FROM pragma_table_info('{}') ORDER BY cid",
                    chained.table
                ))
                .unwrap()
                .query_map([], |row| row.get(0))
                .unwrap()
                .collect::<rusqlite::Result<_>>()
                .unwrap();
            assert_eq!(
                columns,
                chained.column_names().collect::<Vec<_>>(),
                "{}",
                chained.table
            );
        }
    }

    #[test]
    fn a_link_s_mac_covers_each_of_its_parts() {
        let key = ChainKey([7; 32]);
        let link = Link {
            seq: 2,
            previous: &[1; 32],
            at: "2026-12-02T10:00:00Z",
            record: "ledger",
            key: "1",
            content: Some("[1]"),
        };
        let mac = key.mac(&link);
        let changed = [
            Link { seq: 3, ..link },
            Link {
                previous: &[2; 32],
                ..link
            },
            Link {
                at: "2026-12-02T10:00:01Z",
                ..link
            },
            Link {
                record: "units",
                ..link
            },
            Link { key: "2", ..link },
            Link {
                content: Some("[2]"),
                ..link
            },
            Link {
                content: None,
                ..link
            },
        ];
        for other in &changed {
            assert_ne!(key.mac(other), mac);
        }
        assert_ne!(ChainKey([8; 32]).mac(&link), mac);
        assert_eq!(key.mac(&link), mac);
    }
}
