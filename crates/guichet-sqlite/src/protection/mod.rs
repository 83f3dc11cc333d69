//! Each player's protection, as French law asks of game operators (ANJ, décret
//! n° 2020-494, article 17: the "modérateurs de jeu"): the 18+ confirmation,
//! a deposit limit and a stake limit over 7 rolling days, self-exclusion and
//! the reality checks.
//!
//! Invariants:
//! - every record is appended to the `protection` table (triggers refuse any
//!   change or deletion) and the state is recomputed from the records at each
//!   use: nothing is cached that could disagree with them;
//! - the limits are enforced inside the transaction that deposits or stakes
//!   (`Store::deposit`, `PointOfSale::buy`): no deposit and no stake without both
//!   limits set, none past a limit, none while excluded; a withdrawal is
//!   always possible;
//! - lowering a limit takes effect at once (and cancels a raise waiting);
//!   raising one takes effect [`RAISE_DELAY`] later; a first setting at once.

use std::path::Path;

use guichet_core::money::Cents;
use jiff::{SignedDuration, Timestamp};
use rusqlite::{Connection, params};

use guichet_sale::{
    LIMIT_WINDOW, Limit, LimitChange, LimitKind, MAX_EXCLUSION_DAYS, MAX_LIMIT, Protection,
    RAISE_DELAY, RealityChoice,
};

use crate::sqlite_error::OnFile as _;
use crate::store::{Store, Writing};
use guichet_sale::StoreError;
use guichet_sale::time::{parse, stamp};

mod limits;

pub(crate) use limits::{Setting, in_force, settings_in};
use limits::{counted, limit_in};

/// What a protection record says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProtectionEvent {
    /// The player said they are 18 or over.
    AgeConfirmed,
    /// The player said they are not.
    AgeRefused,
    /// A limit set.
    Limit {
        /// Which.
        kind: LimitKind,
        /// The amount over 7 days.
        amount: Cents,
        /// When it takes effect, as `2026-11-29T20:01:02Z`.
        effective_at: String,
    },
    /// A self-exclusion.
    Exclusion {
        /// Its end, as `2026-11-29T20:01:02Z`.
        until: String,
    },
    /// A reality check shown and answered.
    RealityCheck {
        /// The time played in the session, in seconds.
        played_seconds: i64,
        /// The session's net position (won − staked).
        net: Cents,
        /// The player's answer.
        choice: RealityChoice,
    },
}

impl ProtectionEvent {
    /// The record's kind in the database and in exports.
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            Self::AgeConfirmed => "age_confirmed",
            Self::AgeRefused => "age_refused",
            Self::Limit { kind, .. } => kind.name(),
            Self::Exclusion { .. } => "exclusion",
            Self::RealityCheck { .. } => "reality_check",
        }
    }
}

/// One protection record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProtectionRecord {
    /// Its number, increasing.
    pub id: i64,
    /// When, as `2026-11-29T20:01:02Z`.
    pub at: String,
    /// What.
    pub event: ProtectionEvent,
}

impl Store {
    /// What time it is by the store's clock.
    #[must_use]
    pub fn now(&self) -> Timestamp {
        (self.sources.clock)()
    }

    /// Records the player's answer to "18 or over?".
    ///
    /// # Errors
    /// [`StoreError`] if it cannot be written.
    pub fn answer_age(&mut self, adult: bool) -> Result<(), StoreError> {
        let kind = if adult {
            "age_confirmed"
        } else {
            "age_refused"
        };
        self.write(|writing| {
            writing
                .sql
                .execute(
                    "INSERT INTO protection (at, kind, player_id) VALUES (?1, ?2, ?3)",
                    params![stamp(writing.now), kind, writing.player()?],
                )
                .on(writing.path)
                .map(drop)
        })
    }

    /// Sets a 7-day limit: at once if it is the first or no higher than the
    /// one in force (a raise waiting is then dropped), else after
    /// [`RAISE_DELAY`] (setting again the raise waiting keeps its date).
    ///
    /// # Errors
    /// [`StoreError::LimitOutOfRange`] below 1 cent or above [`MAX_LIMIT`];
    /// [`StoreError`] if it cannot be written.
    pub fn set_limit(&mut self, kind: LimitKind, amount: Cents) -> Result<LimitChange, StoreError> {
        if !amount.is_positive() || amount > MAX_LIMIT {
            return Err(StoreError::LimitOutOfRange {
                amount,
                max: MAX_LIMIT,
            });
        }
        self.write(|writing| {
            let (now, player) = (writing.now, writing.player()?);
            let protection = protection_in(writing.sql, writing.path, player, now)?;
            let limit = protection.limit(kind);
            let effective_at = match (limit.current, limit.pending) {
                (Some(current), _) if amount <= current => now,
                (None, _) => now,
                (Some(_), Some(pending)) if pending.amount == amount => pending.from,
                (Some(_), _) => now + RAISE_DELAY,
            };
            writing
                .sql
                .execute(
                    "INSERT INTO protection (at, kind, amount_cents, effective_at, player_id)
                     VALUES (?1, ?2, ?3, ?4, ?5)",
                    params![
                        stamp(now),
                        kind.name(),
                        amount.get(),
                        stamp(effective_at),
                        player
                    ],
                )
                .on(writing.path)?;
            Ok(LimitChange {
                kind,
                amount,
                effective_at,
                immediate: effective_at <= now,
            })
        })
    }

    /// Excludes the player from play for `days` days from now (an exclusion
    /// running is only ever lengthened). Returns its end.
    ///
    /// # Errors
    /// [`StoreError::ExclusionOutOfRange`] outside `1..=MAX_EXCLUSION_DAYS`;
    /// [`StoreError`] if it cannot be written.
    pub fn exclude(&mut self, days: u32) -> Result<Timestamp, StoreError> {
        if !(1..=MAX_EXCLUSION_DAYS).contains(&days) {
            return Err(StoreError::ExclusionOutOfRange {
                days,
                max: MAX_EXCLUSION_DAYS,
            });
        }
        self.write(|writing| {
            let (now, player) = (writing.now, writing.player()?);
            let running = protection_in(writing.sql, writing.path, player, now)?.excluded_until;
            let asked = now + SignedDuration::from_hours(24 * i64::from(days));
            let until = running.map_or(asked, |running| running.max(asked));
            writing
                .sql
                .execute(
                    "INSERT INTO protection (at, kind, until, player_id) VALUES (?1, 'exclusion', ?2, ?3)",
                    params![stamp(now), stamp(until), player],
                )
                .on(writing.path)?;
            Ok(until)
        })
    }

    /// Records a reality check and the player's answer.
    ///
    /// # Errors
    /// [`StoreError`] if it cannot be written.
    pub fn record_reality_check(
        &mut self,
        played_seconds: u32,
        net: Cents,
        choice: RealityChoice,
    ) -> Result<(), StoreError> {
        self.write(|writing| {
            writing
                .sql
                .execute(
                    "INSERT INTO protection (at, kind, played_seconds, net_cents, choice, player_id)
                     VALUES (?1, 'reality_check', ?2, ?3, ?4, ?5)",
                    params![
                        stamp(writing.now),
                        played_seconds,
                        net.get(),
                        choice.name(),
                        writing.player()?
                    ],
                )
                .on(writing.path)
                .map(drop)
        })
    }

    /// Every protection record of the player the store acts for, oldest
    /// first.
    ///
    /// # Errors
    /// [`StoreError::SignedOut`] for no player; [`StoreError`] if the
    /// database cannot be read or holds a record this build cannot read.
    pub fn protection_records(&self) -> Result<Vec<ProtectionRecord>, StoreError> {
        self.protection_records_of(self.player_id()?)
    }

    /// Player `player`'s protection records, oldest first.
    pub(crate) fn protection_records_of(
        &self,
        player: i64,
    ) -> Result<Vec<ProtectionRecord>, StoreError> {
        let mut statement = self
            .file.connection
            .prepare_cached(
                "SELECT id, at, kind, amount_cents, effective_at, until, played_seconds, net_cents, choice
                 FROM protection WHERE player_id = ?1 ORDER BY id",
            )
            .on(&self.file.path)?;
        let rows = statement
            .query_map([player], |row| {
                Ok(RecordRow {
                    id: row.get(0)?,
                    at: row.get(1)?,
                    kind: row.get(2)?,
                    amount: row.get(3)?,
                    effective_at: row.get(4)?,
                    until: row.get(5)?,
                    played_seconds: row.get(6)?,
                    net: row.get(7)?,
                    choice: row.get(8)?,
                })
            })
            .on(&self.file.path)?;
        let mut records = Vec::new();
        for row in rows {
            let row = row.on(&self.file.path)?;
            let id = row.id;
            records.push(row.record().ok_or_else(|| {
                self.inconsistent(format!("protection record {id} is malformed"))
            })?);
        }
        Ok(records)
    }
}

/// A protection row as stored.
struct RecordRow {
    id: i64,
    at: String,
    kind: String,
    amount: Option<i64>,
    effective_at: Option<String>,
    until: Option<String>,
    played_seconds: Option<i64>,
    net: Option<i64>,
    choice: Option<String>,
}

impl RecordRow {
    /// The record, if the row is one this build knows.
    fn record(self) -> Option<ProtectionRecord> {
        let limit = |kind| {
            Some(ProtectionEvent::Limit {
                kind,
                amount: Cents(self.amount?),
                effective_at: self.effective_at.clone()?,
            })
        };
        let event = match self.kind.as_str() {
            "age_confirmed" => ProtectionEvent::AgeConfirmed,
            "age_refused" => ProtectionEvent::AgeRefused,
            "deposit_limit" => limit(LimitKind::Deposit)?,
            "stake_limit" => limit(LimitKind::Stake)?,
            "exclusion" => ProtectionEvent::Exclusion {
                until: self.until.clone()?,
            },
            "reality_check" => ProtectionEvent::RealityCheck {
                played_seconds: self.played_seconds?,
                net: Cents(self.net?),
                choice: match self.choice.as_deref()? {
                    "continue" => RealityChoice::Continue,
                    "stop" => RealityChoice::Stop,
                    _ => return None,
                },
            },
            _ => return None,
        };
        Some(ProtectionRecord {
            id: self.id,
            at: self.at,
            event,
        })
    }
}

/// Whether the player the store acts for may deposit or stake `amount`,
/// read in a write transaction.
///
/// # Errors
/// [`StoreError::SignedOut`]; [`StoreError::Excluded`],
/// [`StoreError::NotAnAdult`] (a stake with no "18 or over" on record),
/// [`StoreError::NoLimits`] or [`StoreError::LimitReached`]: why not.
pub(crate) fn check(
    writing: &Writing<'_>,
    kind: LimitKind,
    amount: Cents,
) -> Result<(), StoreError> {
    let (connection, path, now) = (writing.sql, writing.path, writing.now);
    let player = writing.player()?;
    // Every record of theirs proves itself before it is enforced: a break
    // or a limit forged, changed or taken out is never acted on.
    let records: Vec<i64> = connection
        .prepare_cached("SELECT id FROM protection WHERE player_id = ?1 ORDER BY id")
        .and_then(|mut ids| ids.query_map([player], |row| row.get(0))?.collect())
        .on(path)?;
    for record in records {
        writing.prove("protection", record)?;
    }
    let protection = protection_in(connection, path, player, now)?;
    if let Some(until) = protection.excluded_until {
        return Err(StoreError::Excluded { until });
    }
    if kind == LimitKind::Stake && protection.adult != Some(true) {
        return Err(StoreError::NotAnAdult);
    }
    if !protection.limits_set() {
        return Err(StoreError::NoLimits);
    }
    let limit = protection.limit(kind);
    match (limit.current, limit.left()) {
        (Some(current), Some(left)) if amount > left => Err(StoreError::LimitReached {
            kind,
            amount,
            limit: current,
            left,
            fits_from: fits_from(connection, path, player, kind, limit, amount, now)?,
        }),
        _ => Ok(()),
    }
}

/// The first moment `amount` fits under `limit`, as what the window holds
/// leaves it, oldest first: `None` when it never will (above the limit
/// itself). Read only when an amount is refused.
fn fits_from(
    connection: &Connection,
    path: &Path,
    player: i64,
    kind: LimitKind,
    limit: &Limit,
    amount: Cents,
    now: Timestamp,
) -> Result<Option<Timestamp>, StoreError> {
    let Some(ceiling) = limit.current.map(Cents::get) else {
        return Ok(None);
    };
    if amount.get() > ceiling {
        return Ok(None);
    }
    let mut used = limit.used.get();
    for (at, part) in window_entries(connection, path, player, kind, now)? {
        used -= part;
        if used + amount.get() <= ceiling {
            return Ok(Some(at + LIMIT_WINDOW));
        }
    }
    Ok(None)
}

/// The window's entries for `kind`, oldest first: when each was made and what
/// it counts.
fn window_entries(
    connection: &Connection,
    path: &Path,
    player: i64,
    kind: LimitKind,
    now: Timestamp,
) -> Result<Vec<(Timestamp, i64)>, StoreError> {
    let (condition, sign) = counted(kind);
    let rows: Vec<(String, i64)> = connection
        .prepare_cached(&format!(
            "SELECT at, amount_cents FROM ledger WHERE player_id = ?2 AND {condition} AND at > ?1 ORDER BY id"
        ))
        .and_then(|mut statement| {
            statement
                .query_map(params![stamp(now - LIMIT_WINDOW), player], |row| {
                    Ok((row.get(0)?, row.get(1)?))
                })?
                .collect()
        })
        .on(path)?;
    rows.into_iter()
        .map(|(at, amount)| {
            parse(&at)
                .map(|at| (at, sign * amount))
                .map_err(|detail| StoreError::Inconsistent {
                    path: path.to_path_buf(),
                    detail,
                })
        })
        .collect()
}

/// Player `player`'s protection at `now`, read through `connection` (a
/// transaction's, possibly).
pub(crate) fn protection_in(
    connection: &Connection,
    path: &Path,
    player: i64,
    now: Timestamp,
) -> Result<Protection, StoreError> {
    let broken = |detail: String| StoreError::Inconsistent {
        path: path.to_path_buf(),
        detail,
    };
    let adult = connection
        .prepare_cached(
            "SELECT kind = 'age_confirmed' FROM protection
             WHERE player_id = ?1 AND kind IN ('age_confirmed', 'age_refused') ORDER BY id DESC LIMIT 1",
        )
        .and_then(|mut statement| {
            rusqlite::OptionalExtension::optional(statement.query_row([player], |row| row.get(0)))
        })
        .on(path)?;
    // Stamps are of one width, in UTC: the greatest is the latest end.
    let latest: Option<String> = connection
        .prepare_cached(
            "SELECT MAX(until) FROM protection WHERE player_id = ?1 AND kind = 'exclusion'",
        )
        .and_then(|mut statement| statement.query_row([player], |row| row.get(0)))
        .on(path)?;
    let excluded_until = latest
        .map(|end| parse(&end).map_err(broken))
        .transpose()?
        .filter(|end| *end > now);
    Ok(Protection {
        adult,
        deposit: limit_in(connection, path, player, LimitKind::Deposit, now)?,
        stake: limit_in(connection, path, player, LimitKind::Stake, now)?,
        excluded_until,
    })
}
