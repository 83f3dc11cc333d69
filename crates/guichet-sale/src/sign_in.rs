//! Signing a player in: the card and PIN rules both engines keep, and why a
//! sign-in is refused.

use jiff::Timestamp;

use crate::time::in_utc;

/// The fewest digits of a player's PIN.
pub const PLAYER_PIN_MIN: usize = 4;

/// The most digits of a player's PIN.
pub const PLAYER_PIN_MAX: usize = 8;

/// The digits of an operator PIN.
pub const OPERATOR_PIN_DIGITS: std::ops::RangeInclusive<usize> = 4..=8;

/// Whether `pin` has the shape of a player's PIN: 4 to 8 ASCII digits.
#[must_use]
pub fn is_player_pin(pin: &str) -> bool {
    (PLAYER_PIN_MIN..=PLAYER_PIN_MAX).contains(&pin.len())
        && pin.bytes().all(|b| b.is_ascii_digit())
}

/// Why a sign-in was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SignInRefusal {
    /// The PIN is not the card's: so many more guesses before the card locks.
    WrongPin {
        /// Guesses left.
        tries_left: u32,
    },
    /// Too many wrong PINs: the card is locked until then.
    Locked {
        /// The end of the lock.
        until: Timestamp,
    },
    /// No such card, or none with a PIN set.
    UnknownCard,
}

impl std::fmt::Display for SignInRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::WrongPin { tries_left } => {
                write!(
                    f,
                    "wrong PIN: {tries_left} tries left before the card locks"
                )
            }
            Self::Locked { until } => write!(
                f,
                "too many wrong PINs: the card is locked until {}",
                in_utc(*until)
            ),
            Self::UnknownCard => f.write_str("no player has this card, or no PIN was set for it"),
        }
    }
}
