//! A player as the desk lists them: card, balance and protection.

use guichet_core::money::Cents;

use crate::protection::Protection;

/// A player as the desk lists them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerSummary {
    /// Their card's number.
    pub card: String,
    /// When they were added, as `2026-11-29T20:01:02Z`.
    pub created_at: String,
    /// Whether they have a PIN (a player carried over from the one account
    /// has none until the desk sets one).
    pub has_pin: bool,
    /// Their balance.
    pub balance: Cents,
    /// Their protection: age answer, limits, a break running.
    pub protection: Protection,
}
