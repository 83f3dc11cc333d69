//! The links read and written by the store itself: the chain's head, and the
//! links made outside a trigger — the genesis, a rekey, a migration's
//! restatement of rows.

use rusqlite::{Connection, OptionalExtension as _, params};

use crate::chain::mac::{ChainKey, Link};
use crate::chain::tables::{chained_at, version_of};

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
