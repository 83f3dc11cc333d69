//! The chain's schema: its table, kept append-only and in order, the index
//! of the guarded tables' links, and one trigger per chained table and
//! change, making its link.

use std::fmt::Write as _;

use crate::chain::tables::chained_at;

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
    #[expect(clippy::let_underscore_must_use, reason = "a String takes every write")]
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
            #[expect(clippy::let_underscore_must_use, reason = "a String takes every write")]
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

/// The tables whose rows the store updates and acts on when it sells, pays
/// or signs in — a unit, a block, a player, the operator's PIN, the kiosk's
/// settings — each proven against its last link as it is used. Their links
/// are indexed by row from schema 8 (`chain_of_acted_rows`, whose condition
/// `acted_rows` repeats word for word).
pub(crate) const ACTED: &[&str] = &[
    "units",
    "blocks",
    "players",
    "operator_pin",
    "kiosk_settings",
];

/// The SQL that picks the links of the acted-on tables: the condition of
/// schema 8's index.
pub(crate) fn acted_rows() -> String {
    let tables: Vec<String> = ACTED.iter().map(|table| format!("'{table}'")).collect();
    format!("record IN ({})", tables.join(", "))
}
