//! The store's clock: every time the store stamps (ledger entries, units,
//! blocks, protection records) and every window it counts (the 7-day limits,
//! the delay of a raise, an exclusion) reads this one clock, so that tests can
//! move time forward and see the limits free up.

use std::sync::Arc;

use jiff::Timestamp;
use rusqlite::Connection;
use rusqlite::functions::FunctionFlags;

/// What time it is.
pub type Clock = Arc<dyn Fn() -> Timestamp + Send + Sync>;

/// The system's clock.
#[must_use]
pub fn system() -> Clock {
    Arc::new(Timestamp::now)
}

/// A time as the store writes it: `2026-11-29T20:01:02Z` (whole seconds, UTC),
/// which sorts as text in time order.
#[must_use]
pub fn stamp(time: Timestamp) -> String {
    time.strftime("%Y-%m-%dT%H:%M:%SZ").to_string()
}

/// A time in a message: `2026-12-03 14:05 UTC`.
#[must_use]
pub fn in_utc(time: Timestamp) -> String {
    time.strftime("%Y-%m-%d %H:%M UTC").to_string()
}

/// A time the store wrote, read back.
///
/// # Errors
/// A message naming the text when it is not a time.
pub fn parse(text: &str) -> Result<Timestamp, String> {
    text.parse()
        .map_err(|error| format!("`{text}` is not a time: {error}"))
}

/// Gives `connection` the SQL function `guichet_now()`: the clock's time,
/// stamped.
pub(crate) fn register(connection: &Connection, clock: &Clock) -> rusqlite::Result<()> {
    let clock = Arc::clone(clock);
    connection.create_scalar_function("guichet_now", 0, FunctionFlags::SQLITE_UTF8, move |_| {
        Ok(stamp(clock()))
    })
}
