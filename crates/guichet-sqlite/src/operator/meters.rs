//! The meters: sums over the ledger, never counters of their own. A reset
//! only records the last ledger entry before it (append-only), so no error
//! can clear them, and the meters "since installation" are the whole ledger.

use guichet_core::emission::Emission;
use guichet_core::money::Cents;
use guichet_sale::StoreError;
use guichet_sale::time::stamp;
use rusqlite::params;

use crate::operator::desk::reason_of;
use crate::operator::events::{EventKind, insert_event};
use crate::sqlite_error::OnFile as _;
use crate::store::Store;

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
    /// The meters over the ledger entries after `after` (0: since
    /// installation): per emission, units sold, staked and paid; and the cash
    /// in and out.
    ///
    /// # Errors
    /// [`StoreError`] if the ledger cannot be read.
    pub fn meters(&self, after: i64) -> Result<Meters, StoreError> {
        let mut statement = self
            .file.connection
            .prepare_cached(
                "SELECT b.emission,
                        count(*) FILTER (WHERE l.kind = 'stake') - count(*) FILTER (WHERE l.kind = 'refund'),
                        -coalesce(sum(l.amount_cents) FILTER (WHERE l.kind IN ('stake', 'refund')), 0),
                        coalesce(sum(l.amount_cents) FILTER (WHERE l.kind = 'prize'), 0)
                 FROM ledger l JOIN units u ON u.id = l.unit_id JOIN blocks b ON b.id = u.block_id
                 WHERE l.id > ?1
                 GROUP BY b.emission",
            )
            .on(&self.file.path)?;
        let rows = statement
            .query_map([after], |row| {
                Ok((
                    row.get::<_, String>(0)?,
                    row.get::<_, i64>(1)?,
                    row.get::<_, i64>(2)?,
                    row.get::<_, i64>(3)?,
                ))
            })
            .on(&self.file.path)?;
        let mut emissions: Vec<Meter> = guichet_core::games::emissions()
            .map(|emission| Meter {
                emission,
                units: 0,
                staked: Cents::ZERO,
                paid: Cents::ZERO,
            })
            .collect();
        for row in rows {
            let (code, units, staked, paid) = row.on(&self.file.path)?;
            let meter = emissions
                .iter_mut()
                .find(|meter| meter.emission.code() == code)
                .ok_or_else(|| self.inconsistent(format!("a unit of unknown emission {code}")))?;
            meter.units = u64::try_from(units).map_err(|error| {
                self.inconsistent(format!(
                    "{code}: more refunds than stakes ({units}: {error})"
                ))
            })?;
            meter.staked = Cents(staked);
            meter.paid = Cents(paid);
        }
        let cash = self
            .file
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
            .on(&self.file.path)?;
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
            .file
            .connection
            .prepare_cached(
                "SELECT b.emission, u.prize_cents FROM units u JOIN blocks b ON b.id = u.block_id
                 WHERE u.state = 'settled' ORDER BY u.id",
            )
            .on(&self.file.path)?;
        let rows = statement
            .query_map([], |row| {
                Ok((row.get::<_, String>(0)?, row.get::<_, i64>(1)?))
            })
            .on(&self.file.path)?;
        let mut prizes = Vec::new();
        for row in rows {
            let (code, prize) = row.on(&self.file.path)?;
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
            .file
            .connection
            .prepare_cached("SELECT at, reason, last_ledger_id FROM meter_resets ORDER BY id")
            .on(&self.file.path)?;
        let rows = statement
            .query_map([], |row| {
                Ok(MeterReset {
                    at: row.get(0)?,
                    reason: row.get(1)?,
                    last_ledger_id: row.get(2)?,
                })
            })
            .on(&self.file.path)?;
        rows.map(|row| row.on(&self.file.path)).collect()
    }
}
