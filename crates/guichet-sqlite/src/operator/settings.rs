//! The kiosk's settings: named values, each change logged.

use guichet_sale::{EventKind, StoreError};
use rusqlite::{OptionalExtension as _, params};

use crate::operator::events::insert_event;
use crate::sqlite_error::OnFile as _;
use crate::store::Store;

impl Store {
    /// A kiosk setting, if it was ever set, once its row proves itself
    /// against its chain link (the kiosk acts on it: a reality check's
    /// period).
    ///
    /// # Errors
    /// [`StoreError::Forged`] for a setting changed, added or deleted
    /// without the key; [`StoreError`] if it cannot be read.
    pub fn kiosk_setting(&self, name: &str) -> Result<Option<String>, StoreError> {
        self.prove_read("kiosk_settings", name)?;
        self.file
            .connection
            .query_row(
                "SELECT value FROM kiosk_settings WHERE name = ?1",
                [name],
                |row| row.get(0),
            )
            .optional()
            .on(&self.file.path)
    }

    /// Sets a kiosk setting, and logs the change.
    ///
    /// # Errors
    /// [`StoreError`] if it cannot be written.
    pub fn set_kiosk_setting(&mut self, name: &str, value: &str) -> Result<(), StoreError> {
        self.write(|writing| {
            writing.prove_row("kiosk_settings", name)?;
            writing
                .sql
                .execute(
                    "INSERT INTO kiosk_settings (name, value) VALUES (?1, ?2)
                     ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                    params![name, value],
                )
                .on(writing.path)?;
            insert_event(
                writing,
                EventKind::Setting,
                &format!("{name} = {value}"),
                None,
            )
        })
    }
}
