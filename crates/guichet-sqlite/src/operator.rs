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

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher as _, PasswordVerifier as _, SaltString};
use guichet_core::emission::Emission;
use guichet_core::money::Cents;
use jiff::{SignedDuration, Timestamp};
use rusqlite::{OptionalExtension as _, params};

use crate::account::LedgerEntry;
use crate::sqlite_error::OnFile as _;
use crate::store::{Store, Writing};
use guichet_sale::StoreError;
use guichet_sale::time::{parse, stamp};

/// Wrong PINs in a row that lock the operator menu.
pub const MAX_PIN_TRIES: u32 = 5;
/// How long the operator menu stays locked after [`MAX_PIN_TRIES`] wrong PINs.
pub const LOCKOUT: SignedDuration = SignedDuration::from_mins(5);
/// The digits of an operator PIN.
pub const PIN_DIGITS: std::ops::RangeInclusive<usize> = 4..=8;

/// What the log records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EventKind {
    /// Something went wrong (a store error shown to the player).
    Error,
    /// An unfinished unit was taken up.
    Resume,
    /// The operator PIN was set or changed.
    PinSet,
    /// The right PIN opened the operator menu.
    PinRight,
    /// A wrong PIN.
    PinWrong,
    /// Too many wrong PINs: the menu is locked.
    Lockout,
    /// Money paid in by the operator.
    CashIn,
    /// Money paid out by the operator.
    CashOut,
    /// The meters were reset.
    MeterReset,
    /// A setting changed.
    Setting,
    /// The operator ran the store's verification.
    Verify,
    /// The operator closed the kiosk.
    Exit,
    /// The clock jumped more than a day forward between two records of a
    /// run.
    ClockJump,
    /// A player was added.
    PlayerAdded,
    /// The desk set a player's PIN.
    PlayerPinSet,
    /// A player signed in with the right PIN.
    PlayerPinRight,
    /// A wrong PIN for a player's card.
    PlayerPinWrong,
    /// Too many wrong PINs: the player's card is locked.
    PlayerLockout,
    /// A player signed out (or their session ended).
    SignOut,
}

impl EventKind {
    /// Every kind, in the log's order of importance.
    pub const ALL: [Self; 19] = [
        Self::Error,
        Self::Resume,
        Self::PinSet,
        Self::PinRight,
        Self::PinWrong,
        Self::Lockout,
        Self::CashIn,
        Self::CashOut,
        Self::MeterReset,
        Self::Setting,
        Self::Verify,
        Self::Exit,
        Self::ClockJump,
        Self::PlayerAdded,
        Self::PlayerPinSet,
        Self::PlayerPinRight,
        Self::PlayerPinWrong,
        Self::PlayerLockout,
        Self::SignOut,
    ];

    /// The kind's name in the database.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Error => "error",
            Self::Resume => "resume",
            Self::PinSet => "pin_set",
            Self::PinRight => "pin_right",
            Self::PinWrong => "pin_wrong",
            Self::Lockout => "lockout",
            Self::CashIn => "cash_in",
            Self::CashOut => "cash_out",
            Self::MeterReset => "meter_reset",
            Self::Setting => "setting",
            Self::Verify => "verify",
            Self::Exit => "exit",
            Self::ClockJump => "clock_jump",
            Self::PlayerAdded => "player_added",
            Self::PlayerPinSet => "player_pin_set",
            Self::PlayerPinRight => "player_pin_right",
            Self::PlayerPinWrong => "player_pin_wrong",
            Self::PlayerLockout => "player_lockout",
            Self::SignOut => "sign_out",
        }
    }

    fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.name() == name)
    }
}

/// One line of the event log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// Its place in the log.
    pub id: i64,
    /// When, as the store stamped it.
    pub at: String,
    /// What.
    pub kind: EventKind,
    /// In words.
    pub detail: String,
    /// The ledger entry it concerns (cash in and out).
    pub ledger_id: Option<i64>,
}

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

/// What one emission sold and paid over a stretch of the ledger.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Meter {
    /// The emission (a game at a stake).
    pub emission: &'static Emission,
    /// Units sold (less units refunded).
    pub units: u64,
    /// Money staked (less stakes refunded).
    pub staked: Cents,
    /// Prizes paid.
    pub paid: Cents,
}

impl Meter {
    /// The return to player, paid over staked (`None` before any stake).
    #[must_use]
    pub fn return_to_player(&self) -> Option<f64> {
        (self.staked.is_positive()).then(|| self.paid.get() as f64 / self.staked.get() as f64)
    }
}

/// Money in and out of the account over a stretch of the ledger.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CashMeter {
    /// Deposits: entries and total.
    pub deposits: (u64, Cents),
    /// Withdrawals: entries and total (positive).
    pub withdrawals: (u64, Cents),
}

/// The meters over a stretch of the ledger.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Meters {
    /// One per emission, in the games' order, all six.
    pub emissions: Vec<Meter>,
    /// The account's cash movements.
    pub cash: CashMeter,
}

impl Meters {
    /// Units sold over all emissions.
    #[must_use]
    pub fn units(&self) -> u64 {
        self.emissions.iter().map(|meter| meter.units).sum()
    }

    /// Money staked over all emissions (`None` past `i64` cents, which no
    /// ledger reaches).
    #[must_use]
    pub fn staked(&self) -> Option<Cents> {
        Cents::checked_sum(self.emissions.iter().map(|meter| meter.staked))
    }

    /// Prizes paid over all emissions (`None` past `i64` cents).
    #[must_use]
    pub fn paid(&self) -> Option<Cents> {
        Cents::checked_sum(self.emissions.iter().map(|meter| meter.paid))
    }

    /// The return to player over all emissions, paid over staked (`None`
    /// before any stake).
    #[must_use]
    pub fn return_to_player(&self) -> Option<f64> {
        let (staked, paid) = (self.staked()?, self.paid()?);
        staked
            .is_positive()
            .then(|| paid.get() as f64 / staked.get() as f64)
    }
}

/// A reset of the meters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MeterReset {
    /// When.
    pub at: String,
    /// The operator's reason.
    pub reason: String,
    /// The last ledger entry before it: the meters "since the reset" count the
    /// entries after this one.
    pub last_ledger_id: i64,
}

impl Store {
    /// Appends `detail` to the event log.
    ///
    /// # Errors
    /// [`StoreError`] if it cannot be written.
    pub fn log_event(&mut self, kind: EventKind, detail: &str) -> Result<(), StoreError> {
        self.write(|writing| insert_event(writing, kind, detail, None))
    }

    /// The last `limit` events, newest first.
    ///
    /// # Errors
    /// [`StoreError`] if the log cannot be read.
    pub fn events(&self, limit: u32) -> Result<Vec<Event>, StoreError> {
        let mut statement = self
            .connection
            .prepare_cached(
                "SELECT id, at, kind, detail, ledger_id FROM events ORDER BY id DESC LIMIT ?1",
            )
            .on(&self.path)?;
        let rows = statement
            .query_map([limit], |row| {
                Ok((
                    row.get::<_, i64>(0)?,
                    row.get::<_, String>(1)?,
                    row.get::<_, String>(2)?,
                    row.get::<_, String>(3)?,
                    row.get::<_, Option<i64>>(4)?,
                ))
            })
            .on(&self.path)?;
        let mut events = Vec::new();
        for row in rows {
            let (id, at, kind, detail, ledger_id) = row.on(&self.path)?;
            let kind = EventKind::from_name(&kind)
                .ok_or_else(|| self.inconsistent(format!("event {id} has unknown kind {kind}")))?;
            events.push(Event {
                id,
                at,
                kind,
                detail,
                ledger_id,
            });
        }
        Ok(events)
    }

    /// Whether an operator PIN is set.
    ///
    /// # Errors
    /// [`StoreError`] if it cannot be read.
    pub fn operator_pin_is_set(&self) -> Result<bool, StoreError> {
        Ok(self.pin_hash()?.is_some())
    }

    fn pin_hash(&self) -> Result<Option<String>, StoreError> {
        self.connection
            .query_row("SELECT hash FROM operator_pin WHERE id = 1", [], |row| {
                row.get(0)
            })
            .optional()
            .on(&self.path)
    }

    /// Sets (or changes) the operator PIN: [`PIN_DIGITS`] digits, stored as an
    /// argon2 hash with a random salt; recorded in the log.
    ///
    /// # Errors
    /// [`StoreError::PinFormat`] for anything but 4 to 8 digits; [`StoreError`]
    /// if it cannot be written.
    pub fn set_operator_pin(&mut self, pin: &str) -> Result<(), StoreError> {
        if !PIN_DIGITS.contains(&pin.len()) || !pin.bytes().all(|byte| byte.is_ascii_digit()) {
            return Err(StoreError::PinFormat {
                min: *PIN_DIGITS.start(),
                max: *PIN_DIGITS.end(),
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

    /// Until when the operator menu is locked, if it is now.
    ///
    /// # Errors
    /// [`StoreError`] if the log cannot be read.
    pub fn operator_locked_until(&self) -> Result<Option<Timestamp>, StoreError> {
        let last: Option<String> = self
            .connection
            .query_row(
                "SELECT at FROM events WHERE kind = 'lockout' ORDER BY id DESC LIMIT 1",
                [],
                |row| row.get(0),
            )
            .optional()
            .on(&self.path)?;
        let Some(at) = last else {
            return Ok(None);
        };
        let until = parse(&at).map_err(|detail| self.inconsistent(detail))? + LOCKOUT;
        Ok((until > self.now()).then_some(until))
    }

    /// Pays `amount` into card `card`'s account for the operator, with the
    /// reason, under the same rules as any deposit (the player's limits
    /// included). The store then acts for whom it acted for before.
    ///
    /// # Errors
    /// [`StoreError::NoReason`] without a reason; [`StoreError::SignIn`] for
    /// no such card; those of [`Store::deposit`].
    pub fn cash_in(
        &mut self,
        card: &str,
        amount: Cents,
        reason: &str,
    ) -> Result<LedgerEntry, StoreError> {
        let reason = reason_of(reason)?;
        self.for_the_desk(card, |store| {
            store.deposit_noted(amount, |writing, id| {
                insert_event(
                    writing,
                    EventKind::CashIn,
                    &format!("{amount} — {reason}"),
                    Some(id),
                )
            })
        })
    }

    /// Pays `amount` out of card `card`'s account for the operator, with the
    /// reason. The store then acts for whom it acted for before.
    ///
    /// # Errors
    /// [`StoreError::NoReason`] without a reason; [`StoreError::SignIn`] for
    /// no such card; those of [`Store::withdraw`].
    pub fn cash_out(
        &mut self,
        card: &str,
        amount: Cents,
        reason: &str,
    ) -> Result<LedgerEntry, StoreError> {
        let reason = reason_of(reason)?;
        self.for_the_desk(card, |store| {
            store.withdraw_noted(amount, |writing, id| {
                insert_event(
                    writing,
                    EventKind::CashOut,
                    &format!("{amount} — {reason}"),
                    Some(id),
                )
            })
        })
    }

    /// Runs `work` acting for card `card`'s player, then acts again for whom
    /// the store acted for before.
    fn for_the_desk<T>(
        &mut self,
        card: &str,
        work: impl FnOnce(&mut Self) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let before = self.player.clone();
        self.act_for(card)?;
        let done = work(self);
        self.player = before;
        done
    }

    /// The meters over the ledger entries after `after` (0: since
    /// installation): per emission, units sold, staked and paid; and the cash
    /// in and out.
    ///
    /// # Errors
    /// [`StoreError`] if the ledger cannot be read.
    pub fn meters(&self, after: i64) -> Result<Meters, StoreError> {
        let mut statement = self
            .connection
            .prepare_cached(
                "SELECT b.emission,
                        count(*) FILTER (WHERE l.kind = 'stake') - count(*) FILTER (WHERE l.kind = 'refund'),
                        -coalesce(sum(l.amount_cents) FILTER (WHERE l.kind IN ('stake', 'refund')), 0),
                        coalesce(sum(l.amount_cents) FILTER (WHERE l.kind = 'prize'), 0)
                 FROM ledger l JOIN units u ON u.id = l.unit_id JOIN blocks b ON b.id = u.block_id
                 WHERE l.id > ?1
                 GROUP BY b.emission",
            )
            .on(&self.path)?;
        let rows = statement
            .query_map([after], |row| {
                Ok((
                    row.get::<_, String>(0)?,
                    row.get::<_, i64>(1)?,
                    row.get::<_, i64>(2)?,
                    row.get::<_, i64>(3)?,
                ))
            })
            .on(&self.path)?;
        let mut emissions: Vec<Meter> = guichet_core::games::emissions()
            .map(|emission| Meter {
                emission,
                units: 0,
                staked: Cents::ZERO,
                paid: Cents::ZERO,
            })
            .collect();
        for row in rows {
            let (code, units, staked, paid) = row.on(&self.path)?;
            let meter = emissions
                .iter_mut()
                .find(|meter| meter.emission.code() == code)
                .ok_or_else(|| self.inconsistent(format!("a unit of unknown emission {code}")))?;
            meter.units = u64::try_from(units)
                .map_err(|_| self.inconsistent(format!("{code}: more refunds than stakes")))?;
            meter.staked = Cents(staked);
            meter.paid = Cents(paid);
        }
        let cash = self
            .connection
            .query_row(
                "SELECT count(*) FILTER (WHERE kind = 'deposit'),
                        coalesce(sum(amount_cents) FILTER (WHERE kind = 'deposit'), 0),
                        count(*) FILTER (WHERE kind = 'withdrawal'),
                        -coalesce(sum(amount_cents) FILTER (WHERE kind = 'withdrawal'), 0)
                 FROM ledger WHERE id > ?1 AND kind IN ('deposit', 'withdrawal')",
                [after],
                |row| {
                    Ok(CashMeter {
                        deposits: (row.get::<_, i64>(0)?.unsigned_abs(), Cents(row.get(1)?)),
                        withdrawals: (row.get::<_, i64>(2)?.unsigned_abs(), Cents(row.get(3)?)),
                    })
                },
            )
            .on(&self.path)?;
        Ok(Meters { emissions, cash })
    }

    /// Resets the meters "since the last reset" now, with the operator's
    /// reason (recorded with the time; the ledger and the meters since
    /// installation are untouched).
    ///
    /// # Errors
    /// [`StoreError::NoReason`] without a reason; [`StoreError`] if it cannot
    /// be written.
    pub fn reset_meters(&mut self, reason: &str) -> Result<MeterReset, StoreError> {
        let reason = reason_of(reason)?.to_owned();
        self.write(|writing| {
            let last: i64 = writing
                .sql
                .query_row("SELECT coalesce(max(id), 0) FROM ledger", [], |row| {
                    row.get(0)
                })
                .on(writing.path)?;
            writing
                .sql
                .execute(
                    "INSERT INTO meter_resets (at, reason, last_ledger_id) VALUES (?1, ?2, ?3)",
                    params![stamp(writing.now), reason, last],
                )
                .on(writing.path)?;
            insert_event(writing, EventKind::MeterReset, &reason, None)?;
            Ok(MeterReset {
                at: stamp(writing.now),
                reason: reason.clone(),
                last_ledger_id: last,
            })
        })
    }

    /// The prize of every settled unit, in the order they were sold: what the
    /// operator's charts draw (lighter than reading whole units).
    ///
    /// # Errors
    /// [`StoreError`] if they cannot be read.
    pub fn settled_prizes(&self) -> Result<Vec<(&'static Emission, Cents)>, StoreError> {
        let mut statement = self
            .connection
            .prepare_cached(
                "SELECT b.emission, u.prize_cents FROM units u JOIN blocks b ON b.id = u.block_id
                 WHERE u.state = 'settled' ORDER BY u.id",
            )
            .on(&self.path)?;
        let rows = statement
            .query_map([], |row| {
                Ok((row.get::<_, String>(0)?, row.get::<_, i64>(1)?))
            })
            .on(&self.path)?;
        let mut prizes = Vec::new();
        for row in rows {
            let (code, prize) = row.on(&self.path)?;
            let emission = guichet_core::games::emission_by_code(&code)
                .ok_or_else(|| self.inconsistent(format!("a unit of unknown emission {code}")))?;
            prizes.push((emission, Cents(prize)));
        }
        Ok(prizes)
    }

    /// Every meter reset, oldest first.
    ///
    /// # Errors
    /// [`StoreError`] if they cannot be read.
    pub fn meter_resets(&self) -> Result<Vec<MeterReset>, StoreError> {
        let mut statement = self
            .connection
            .prepare_cached("SELECT at, reason, last_ledger_id FROM meter_resets ORDER BY id")
            .on(&self.path)?;
        let rows = statement
            .query_map([], |row| {
                Ok(MeterReset {
                    at: row.get(0)?,
                    reason: row.get(1)?,
                    last_ledger_id: row.get(2)?,
                })
            })
            .on(&self.path)?;
        rows.map(|row| row.on(&self.path)).collect()
    }

    /// A kiosk setting, if it was ever set.
    ///
    /// # Errors
    /// [`StoreError`] if it cannot be read.
    pub fn kiosk_setting(&self, name: &str) -> Result<Option<String>, StoreError> {
        self.connection
            .query_row(
                "SELECT value FROM kiosk_settings WHERE name = ?1",
                [name],
                |row| row.get(0),
            )
            .optional()
            .on(&self.path)
    }

    /// Sets a kiosk setting, and logs the change.
    ///
    /// # Errors
    /// [`StoreError`] if it cannot be written.
    pub fn set_kiosk_setting(&mut self, name: &str, value: &str) -> Result<(), StoreError> {
        self.write(|writing| {
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

/// The reason given, trimmed; none is an error.
fn reason_of(reason: &str) -> Result<&str, StoreError> {
    let reason = reason.trim();
    if reason.is_empty() {
        Err(StoreError::NoReason)
    } else {
        Ok(reason)
    }
}

/// Appends one event in the transaction; one that moves money (a ledger
/// entry) names the player the store acts for.
pub(crate) fn insert_event(
    writing: &Writing<'_>,
    kind: EventKind,
    detail: &str,
    ledger_id: Option<i64>,
) -> Result<(), StoreError> {
    let player = ledger_id.and(writing.player);
    append_event(writing, kind, detail, ledger_id, player)
}

/// Appends one event of player `player`'s in the transaction.
pub(crate) fn insert_player_event(
    writing: &Writing<'_>,
    kind: EventKind,
    player: i64,
    detail: &str,
) -> Result<(), StoreError> {
    append_event(writing, kind, detail, None, Some(player))
}

/// Appends one event, as given.
fn append_event(
    writing: &Writing<'_>,
    kind: EventKind,
    detail: &str,
    ledger_id: Option<i64>,
    player: Option<i64>,
) -> Result<(), StoreError> {
    writing
        .sql
        .prepare_cached(
            "INSERT INTO events (at, kind, detail, ledger_id, player_id) VALUES (?1, ?2, ?3, ?4, ?5)",
        )
        .and_then(|mut insert| {
            insert.execute(params![stamp(writing.now), kind.name(), detail, ledger_id, player])
        })
        .on(writing.path)
        .map(drop)
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
