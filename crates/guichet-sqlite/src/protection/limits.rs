//! A limit's settings, as stored, and the limit they put in force at a time:
//! the fold that the kiosk, the kept protection and `verify` all share.

use std::path::Path;

use guichet_core::money::Cents;
use guichet_sale::time::{parse, stamp};
use guichet_sale::{LIMIT_WINDOW, Limit, LimitKind, PendingRaise, StoreError};
use jiff::Timestamp;
use rusqlite::{Connection, params};

use crate::sqlite_error::OnFile as _;

/// One setting of a limit: when it was made, the amount, when it takes effect.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Setting {
    /// When it was made.
    pub at: Timestamp,
    /// The limit asked for.
    pub amount: Cents,
    /// When it takes effect (`at`, or later for a raise).
    pub effective_at: Timestamp,
}

/// Player `player`'s settings of a limit, oldest first.
pub(crate) fn settings_in(
    connection: &Connection,
    path: &Path,
    player: i64,
    kind: LimitKind,
) -> Result<Vec<Setting>, StoreError> {
    let rows: Vec<(String, i64, String)> = connection
        .prepare_cached(
            "SELECT at, amount_cents, effective_at FROM protection
             WHERE player_id = ?2 AND kind = ?1 ORDER BY id",
        )
        .and_then(|mut statement| {
            statement
                .query_map(params![kind.name(), player], |row| {
                    Ok((row.get(0)?, row.get(1)?, row.get(2)?))
                })?
                .collect()
        })
        .on(path)?;
    rows.into_iter()
        .map(|(at, amount, effective_at)| {
            Ok(Setting {
                at: parse(&at)?,
                amount: Cents(amount),
                effective_at: parse(&effective_at)?,
            })
        })
        .collect::<Result<_, String>>()
        .map_err(|detail| StoreError::Inconsistent {
            path: path.to_path_buf(),
            detail,
        })
}

/// The limit in force at `now` and a raise still waiting, from `settings`
/// folded in order: a setting that takes effect when made replaces the limit
/// and drops a raise waiting; a raise waits (replacing another) until its time.
pub(crate) fn in_force(
    settings: &[Setting],
    now: Timestamp,
) -> (Option<Cents>, Option<PendingRaise>) {
    let mut current = None;
    let mut pending: Option<PendingRaise> = None;
    for setting in settings {
        if let Some(raise) = pending.take_if(|raise| raise.from <= setting.at) {
            current = Some(raise.amount);
        }
        if setting.effective_at <= setting.at {
            current = Some(setting.amount);
            pending = None;
        } else {
            pending = Some(PendingRaise {
                amount: setting.amount,
                from: setting.effective_at,
            });
        }
    }
    if let Some(raise) = pending.take_if(|raise| raise.from <= now) {
        current = Some(raise.amount);
    }
    (current, pending)
}

/// One limit at `now`: its settings folded in order, and the window's use.
pub(super) fn limit_in(
    connection: &Connection,
    path: &Path,
    player: i64,
    kind: LimitKind,
    now: Timestamp,
) -> Result<Limit, StoreError> {
    let (current, pending) = in_force(&settings_in(connection, path, player, kind)?, now);
    let (condition, sign) = counted(kind);
    let used: i64 = connection
        .prepare_cached(&format!(
            "SELECT COALESCE(SUM(amount_cents), 0) FROM ledger
             WHERE player_id = ?2 AND {condition} AND at > ?1"
        ))
        .and_then(|mut statement| {
            statement.query_row(params![stamp(now - LIMIT_WINDOW), player], |row| row.get(0))
        })
        .on(path)?;
    Ok(Limit {
        current,
        pending,
        used: Cents((sign * used).max(0)),
    })
}

/// What the window counts for `kind`, as a SQL condition on the ledger, and
/// the sign that makes its amounts count positive (stakes are stored
/// negative, their refunds positive).
pub(super) const fn counted(kind: LimitKind) -> (&'static str, i64) {
    match kind {
        LimitKind::Deposit => ("kind = 'deposit'", 1),
        LimitKind::Stake => ("kind IN ('stake', 'refund')", -1),
    }
}
