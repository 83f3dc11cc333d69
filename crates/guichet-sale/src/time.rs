//! Times as both engines write them: `2026-11-29T20:01:02Z` in the records,
//! `2026-12-03 14:05 UTC` in messages.

use jiff::Timestamp;

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
