//! The PIN that guards the operator menu: stored only as an argon2 hash
//! (PHC string, random salt); [`MAX_PIN_TRIES`] wrong PINs in a row lock the
//! menu for [`LOCKOUT`], the lock recomputed from the events at each try
//! (nothing cached could forget it).

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher as _, PasswordVerifier as _, SaltString};
use guichet_sale::time::{parse, stamp};
use guichet_sale::{EventKind, OPERATOR_PIN_DIGITS, StoreError};
use jiff::{SignedDuration, Timestamp};
use rusqlite::{OptionalExtension as _, params};

use crate::operator::events::insert_event;
use crate::sqlite_error::OnFile as _;
use crate::store::{Store, Writing};

/// Wrong PINs in a row that lock the operator menu.
pub const MAX_PIN_TRIES: u32 = 5;
/// How long the operator menu stays locked after [`MAX_PIN_TRIES`] wrong PINs.
pub const LOCKOUT: SignedDuration = SignedDuration::from_mins(5);
/// The answer to a PIN.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PinCheck {
    /// No PIN is set yet: the operator must choose one.
    NotSet,
    /// The right PIN.
    Right,
    /// A wrong PIN; `tries_left` more before the lock.
    Wrong {
        /// Wrong PINs still allowed before the lock.
        tries_left: u32,
    },
    /// The menu is locked (the PIN was not even read).
    Locked {
        /// Until when.
        until: Timestamp,
    },
}

impl Store {
    /// Whether an operator PIN is set.
    ///
    /// # Errors
    /// [`StoreError`] if it cannot be read.
    pub fn operator_pin_is_set(&self) -> Result<bool, StoreError> {
        Ok(self.pin_hash()?.is_some())
    }

    /// The operator PIN's hash, once its row proves itself (a hash of a
    /// known PIN written in by sqlite3 never opens the menu).
    fn pin_hash(&self) -> Result<Option<String>, StoreError> {
        self.prove_read("operator_pin", "1")?;
        self.file
            .connection
            .query_row("SELECT hash FROM operator_pin WHERE id = 1", [], |row| {
                row.get(0)
            })
            .optional()
            .on(&self.file.path)
    }

    /// Sets (or changes) the operator PIN: [`OPERATOR_PIN_DIGITS`] digits, stored as an
    /// argon2 hash with a random salt; recorded in the log.
    ///
    /// # Errors
    /// [`StoreError::PinFormat`] for anything but 4 to 8 digits; [`StoreError`]
    /// if it cannot be written.
    pub fn set_operator_pin(&mut self, pin: &str) -> Result<(), StoreError> {
        if !OPERATOR_PIN_DIGITS.contains(&pin.len())
            || !pin.bytes().all(|byte| byte.is_ascii_digit())
        {
            return Err(StoreError::PinFormat {
                min: *OPERATOR_PIN_DIGITS.start(),
                max: *OPERATOR_PIN_DIGITS.end(),
            });
        }
        let mut salt = [0_u8; 16];
        getrandom::fill(&mut salt).map_err(|error| StoreError::PinHash(error.to_string()))?;
        let salt = SaltString::encode_b64(&salt)
            .map_err(|error| StoreError::PinHash(error.to_string()))?;
        let hash = Argon2::default()
            .hash_password(pin.as_bytes(), &salt)
            .map_err(|error| StoreError::PinHash(error.to_string()))?
            .to_string();
        let changed = self.operator_pin_is_set()?;
        self.write(|writing| {
            writing.prove_row("operator_pin", "1")?;
            writing
                .sql
                .execute(
                    "INSERT INTO operator_pin (id, hash, set_at) VALUES (1, ?1, ?2)
                     ON CONFLICT (id) DO UPDATE SET hash = excluded.hash, set_at = excluded.set_at",
                    params![hash, stamp(writing.now)],
                )
                .on(writing.path)?;
            let detail = if changed { "PIN changed" } else { "PIN set" };
            insert_event(writing, EventKind::PinSet, detail, None)
        })
    }

    /// Checks a PIN typed to open the operator menu, and records the try: a
    /// wrong one counts towards the lock, the last allowed one locks the menu
    /// for [`LOCKOUT`]; while locked, nothing is read nor counted.
    ///
    /// # Errors
    /// [`StoreError`] if the log cannot be read or written.
    pub fn check_operator_pin(&mut self, pin: &str) -> Result<PinCheck, StoreError> {
        let Some(hash) = self.pin_hash()? else {
            return Ok(PinCheck::NotSet);
        };
        if let Some(until) = self.operator_locked_until()? {
            return Ok(PinCheck::Locked { until });
        }
        let parsed =
            PasswordHash::new(&hash).map_err(|error| StoreError::PinHash(error.to_string()))?;
        let right = Argon2::default()
            .verify_password(pin.as_bytes(), &parsed)
            .is_ok();
        self.write(|writing| {
            if right {
                insert_event(writing, EventKind::PinRight, "operator menu opened", None)?;
                return Ok(PinCheck::Right);
            }
            let wrong = wrong_tries_in_a_row(writing)? + 1;
            insert_event(
                writing,
                EventKind::PinWrong,
                &format!("wrong PIN ({wrong} of {MAX_PIN_TRIES})"),
                None,
            )?;
            if wrong < MAX_PIN_TRIES {
                return Ok(PinCheck::Wrong {
                    tries_left: MAX_PIN_TRIES - wrong,
                });
            }
            let until = writing.now + LOCKOUT;
            insert_event(
                writing,
                EventKind::Lockout,
                &format!("{MAX_PIN_TRIES} wrong PINs: locked until {}", stamp(until)),
                None,
            )?;
            Ok(PinCheck::Locked { until })
        })
    }

    /// Until when the operator menu is locked, if it is now; the events of
    /// the lock's window proven first (`Store::prove_events_since`).
    ///
    /// # Errors
    /// [`StoreError::Forged`] for an event of the window that does not
    /// prove itself; [`StoreError`] if the log cannot be read.
    pub fn operator_locked_until(&self) -> Result<Option<Timestamp>, StoreError> {
        self.prove_events_since(&stamp(self.now() - LOCKOUT))?;
        let last: Option<String> = self
            .file
            .connection
            .query_row(
                "SELECT at FROM events WHERE kind = 'lockout' ORDER BY id DESC LIMIT 1",
                [],
                |row| row.get(0),
            )
            .optional()
            .on(&self.file.path)?;
        let Some(at) = last else {
            return Ok(None);
        };
        let until = parse(&at).map_err(|detail| self.inconsistent(detail))? + LOCKOUT;
        Ok((until > self.now()).then_some(until))
    }
}

/// Wrong PINs since the last right one, the last PIN set or the last lockout.
fn wrong_tries_in_a_row(writing: &Writing<'_>) -> Result<u32, StoreError> {
    writing
        .sql
        .query_row(
            "SELECT count(*) FROM events WHERE kind = 'pin_wrong' AND id > (
                 SELECT coalesce(max(id), 0) FROM events
                 WHERE kind IN ('pin_right', 'pin_set', 'lockout'))",
            [],
            |row| row.get(0),
        )
        .on(writing.path)
}
