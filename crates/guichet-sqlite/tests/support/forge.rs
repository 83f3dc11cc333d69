//! Forging a kiosk's file as someone without its key must: the triggers
//! that chain each record dropped (they call functions only the store has).
//! Shared by the test suites of the store, the window and the command line.

use std::path::Path;

/// The names and SQL of the triggers that chain the records.
fn chaining_triggers(connection: &rusqlite::Connection) -> Vec<(String, String)> {
    connection
        .prepare(
            "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%\\_chained\\_%' ESCAPE '\\'",
        )
        .expect("the triggers")
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))
        .expect("the triggers")
        .collect::<Result<_, _>>()
        .expect("the triggers")
}

/// A raw connection to `path` with the triggers that chain the records
/// dropped, for good.
#[must_use]
pub fn forger(path: &Path) -> rusqlite::Connection {
    let connection = rusqlite::Connection::open(path).expect("sqlite");
    for (name, _) in chaining_triggers(&connection) {
        connection
            .execute_batch(&format!("DROP TRIGGER {name}"))
            .expect("a trigger dropped");
    }
    connection
}

/// Runs `sql` on `path` with the triggers that chain the records dropped,
/// then puts them back as they were (so the schema looks whole, and the store
/// goes on chaining its own writes).
pub fn forge(path: &Path, sql: &str) {
    let triggers = chaining_triggers(&rusqlite::Connection::open(path).expect("sqlite"));
    let connection = forger(path);
    connection.execute_batch(sql).expect("the forgery");
    for (_, trigger) in triggers {
        connection
            .execute_batch(&trigger)
            .expect("a trigger put back");
    }
}
