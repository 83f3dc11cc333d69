//! The kiosk's event log: errors, operator actions, resumes, PIN tries and
//! lockouts, cash movements (each pointing to its ledger entry). Append-only:
//! a trigger refuses any change or deletion.

use guichet_sale::time::stamp;
use guichet_sale::{Event, EventKind, StoreError};
use rusqlite::params;

use crate::sqlite_error::OnFile as _;
use crate::store::{Store, Writing};

impl Store {
    /// Appends `detail` to the event log.
    ///
    /// # Errors
    /// [`StoreError`] if it cannot be written.
    pub fn log_event(&mut self, kind: EventKind, detail: &str) -> Result<(), StoreError> {
        self.write(|writing| insert_event(writing, kind, detail, None))
    }

    /// The last `limit` events, newest first.
    ///
    /// # Errors
    /// [`StoreError`] if the log cannot be read.
    pub fn events(&self, limit: u32) -> Result<Vec<Event>, StoreError> {
        let mut statement = self
            .file
            .connection
            .prepare_cached(
                "SELECT id, at, kind, detail, ledger_id FROM events ORDER BY id DESC LIMIT ?1",
            )
            .on(&self.file.path)?;
        let rows = statement
            .query_map([limit], |row| {
                Ok((
                    row.get::<_, i64>(0)?,
                    row.get::<_, String>(1)?,
                    row.get::<_, String>(2)?,
                    row.get::<_, String>(3)?,
                    row.get::<_, Option<i64>>(4)?,
                ))
            })
            .on(&self.file.path)?;
        let mut events = Vec::new();
        for row in rows {
            let (id, at, kind, detail, ledger_id) = row.on(&self.file.path)?;
            let kind = EventKind::from_name(&kind)
                .ok_or_else(|| self.inconsistent(format!("event {id} has unknown kind {kind}")))?;
            events.push(Event {
                id,
                at,
                kind,
                detail,
                ledger_id,
            });
        }
        Ok(events)
    }
}

/// Appends one event in the transaction; one that moves money (a ledger
/// entry) names the player the store acts for.
pub(crate) fn insert_event(
    writing: &Writing<'_>,
    kind: EventKind,
    detail: &str,
    ledger_id: Option<i64>,
) -> Result<(), StoreError> {
    let player = ledger_id.and(writing.player);
    append_event(writing, kind, detail, ledger_id, player)
}

/// Appends one event of player `player`'s in the transaction.
pub(crate) fn insert_player_event(
    writing: &Writing<'_>,
    kind: EventKind,
    player: i64,
    detail: &str,
) -> Result<(), StoreError> {
    append_event(writing, kind, detail, None, Some(player))
}

/// Appends one event, as given.
fn append_event(
    writing: &Writing<'_>,
    kind: EventKind,
    detail: &str,
    ledger_id: Option<i64>,
    player: Option<i64>,
) -> Result<(), StoreError> {
    writing
        .sql
        .prepare_cached(
            "INSERT INTO events (at, kind, detail, ledger_id, player_id) VALUES (?1, ?2, ?3, ?4, ?5)",
        )
        .and_then(|mut insert| {
            insert.execute(params![stamp(writing.now), kind.name(), detail, ledger_id, player])
        })
        .on(writing.path)
        .map(drop)
}
