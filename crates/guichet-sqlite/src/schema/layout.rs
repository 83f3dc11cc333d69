//! A schema read back as its items (tables, indexes, triggers and their
//! SQL), and the one a version's migrations build, for `verify` to hold a
//! file to.

use rusqlite::Connection;

use crate::schema::migrate::{MigrationContext, MigrationError, VERSIONS, migrate_to};

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
