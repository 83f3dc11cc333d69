//! The kiosk's operator: the PIN that guards the operator menu, the event log,
//! cash in and out with a reason, the meters and their resets, and the kiosk's
//! settings.
//!
//! Invariants:
//! - the PIN is stored only as an argon2 hash (PHC string, random salt);
//! - [`MAX_PIN_TRIES`] wrong PINs in a row lock the menu for [`LOCKOUT`]; each
//!   try and each lockout is an event, and the lock is recomputed from the
//!   events at each try (nothing cached could forget it);
//! - the event log and the meter resets are append-only (triggers refuse any
//!   change or deletion);
//! - the meters are sums over the ledger, never counters of their own: a reset
//!   only records the last ledger entry before it, so no error can clear them,
//!   and the meters "since installation" are the whole ledger.
//!
//! `events` keeps the log, `pin` the PIN and its lock, `desk` the cash paid
//! in and out, `meters` the meters and their resets, `settings` the kiosk's
//! settings, `proven` what of them is read outside a write, proven as it
//! is read.

mod desk;
mod events;
mod meters;
mod pin;
pub(crate) mod proven;
mod settings;

pub(crate) use events::insert_player_event;
pub use pin::{LOCKOUT, MAX_PIN_TRIES, PinCheck};
