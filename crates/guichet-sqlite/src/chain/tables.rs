//! The chained tables: each one's rows named by a key, and the content a
//! link keeps of a row (a JSON array of its columns at a schema version).

use rusqlite::Connection;

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
    pub(super) updated: bool,
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
    pub(super) fn key_of(&self, row: &str) -> String {
        self.key.replace("{r}", row)
    }

    /// Whether schema `version` has the table.
    fn is_in(&self, version: i64) -> bool {
        self.columns.iter().any(|column| column.since <= version)
    }

    /// The SQL of a row's content at schema `version`, the row named `row`:
    /// a JSON array of its columns in order.
    pub(super) fn content_of(&self, row: &str, version: i64) -> String {
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

    /// The key and content of the row whose id is `?1` (a table keyed by
    /// id), at schema `version`.
    pub(crate) fn row_by_id_sql(&self, version: i64) -> String {
        format!("{} WHERE {}.id = ?1", self.rows_sql(version), self.table)
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
}
