//! The store's clock: every time the store stamps (ledger entries, units,
//! blocks, protection records) and every window it counts (the 7-day limits,
//! the delay of a raise, an exclusion) reads this one clock, so that tests can
//! move time forward and see the limits free up.

use std::sync::Arc;

use guichet_sale::time::stamp;
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

/// Gives `connection` the SQL function `guichet_now()`: the clock's time,
/// stamped.
pub(crate) fn register(connection: &Connection, clock: &Clock) -> rusqlite::Result<()> {
    let clock = Arc::clone(clock);
    connection.create_scalar_function("guichet_now", 0, FunctionFlags::SQLITE_UTF8, move |_| {
        Ok(stamp(clock()))
    })
}
