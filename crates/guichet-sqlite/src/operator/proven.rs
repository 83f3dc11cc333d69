//! What the operator's menu and the kiosk's settings read outside a write —
//! the operator's PIN hash, the log's lock, a setting — proven against its
//! chain link as it is read, before the kiosk acts on it.

use std::path::Path;

use guichet_sale::StoreError;
use rusqlite::Connection;

use crate::chain::ChainKey;
use crate::chain_check;
use crate::sqlite_error::OnFile as _;
use crate::store::{Seal, Store, forged_unless};

impl Store {
    /// The chain key, if the seal key is there (without it nothing can be
    /// written, and a record is held to its content only).
    fn reading_key(&self) -> Option<ChainKey> {
        match &self.keys.seal {
            Seal::Ready(seal) => Some(ChainKey::of(seal)),
            Seal::Lost { .. } => None,
        }
    }

    /// Checks row `row_key` of table `table` against its last chain link
    /// (`chain_check::proves`) as the store reads it to act on it.
    ///
    /// # Errors
    /// [`StoreError::Forged`] naming the record that does not prove itself.
    pub(crate) fn prove_read(&self, table: &str, row_key: &str) -> Result<(), StoreError> {
        let key = self.reading_key();
        forged_unless(
            &self.file.path,
            chain_check::proves(&self.file.connection, key.as_ref(), table, row_key),
        )
    }

    /// Proves every event of the log dated `since` or later (a lock's
    /// window: the tries and locks it is judged by) and the one before
    /// them, with no event after it taken out: a lock deleted, edited or
    /// dated back never lifts. The events of the window and one more are
    /// read, newest first.
    ///
    /// # Errors
    /// [`StoreError::Forged`] naming the first event that does not prove
    /// itself.
    pub(crate) fn prove_events_since(&self, since: &str) -> Result<(), StoreError> {
        let key = self.reading_key();
        events_proven_since(&self.file.connection, key.as_ref(), &self.file.path, since)
    }
}

/// Proves every event of the log dated `since` or later and the one before
/// them against their chain links with `key` (its content only without it),
/// with no event after the oldest taken out: what [`Store::prove_events_since`]
/// and a write judging a lock by its window check.
///
/// # Errors
/// [`StoreError::Forged`] naming the first event that does not prove itself.
pub(crate) fn events_proven_since(
    connection: &Connection,
    key: Option<&ChainKey>,
    path: &Path,
    since: &str,
) -> Result<(), StoreError> {
    let (window, before) = events_since(connection, since).on(path)?;
    for event in window.iter().chain(&before) {
        forged_unless(
            path,
            chain_check::proves(connection, key, "events", &event.to_string()),
        )?;
    }
    let Some(oldest) = before.or(window.last().copied()) else {
        return Ok(());
    };
    let finding = match key {
        Some(key) => chain_check::vouched(connection, key, "events", oldest),
        None => chain_check::proves(connection, None, "events", &oldest.to_string()),
    };
    forged_unless(path, finding)
}

/// The events dated `since` or later, newest first, and the newest before
/// them.
fn events_since(connection: &Connection, since: &str) -> rusqlite::Result<(Vec<i64>, Option<i64>)> {
    let mut statement = connection.prepare_cached("SELECT id, at FROM events ORDER BY id DESC")?;
    let mut rows = statement.query([])?;
    let mut window = Vec::new();
    while let Some(row) = rows.next()? {
        let (id, at): (i64, String) = (row.get(0)?, row.get(1)?);
        if at.as_str() < since {
            return Ok((window, Some(id)));
        }
        window.push(id);
    }
    Ok((window, None))
}
