//! A player's account: balance, deposits, withdrawals and the ledger, each
//! of the player the store acts for.

use std::fmt;
use std::str::FromStr;

use guichet_core::money::Cents;
use rusqlite::{OptionalExtension as _, params};

use crate::protection;
use crate::schema::{MAX_STORED_BALANCE, NOW};
use crate::sqlite_error::OnFile as _;
use crate::store::{Store, Writing};
use guichet_sale::LimitKind;
use guichet_sale::StoreError;

/// The most one deposit may bring: 10 000 €.
pub const MAX_DEPOSIT: Cents = Cents::euros(10_000);
/// The highest balance deposits may bring the account to: 100 000 €. Prizes are
/// always credited, whatever the balance; the schema refuses any balance above
/// 10¹³ €, which no sequence of deposits and prizes can reach.
pub const MAX_BALANCE_BY_DEPOSIT: Cents = guichet_sale::MAX_LIMIT;

/// What moved the balance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LedgerKind {
    /// Money put in (positive).
    Deposit,
    /// Money taken out (negative).
    Withdrawal,
    /// A unit bought (negative).
    Stake,
    /// A unit's prize (positive).
    Prize,
    /// A stake given back (positive).
    Refund,
}

impl LedgerKind {
    /// The name in the database and in exports.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Deposit => "deposit",
            Self::Withdrawal => "withdrawal",
            Self::Stake => "stake",
            Self::Prize => "prize",
            Self::Refund => "refund",
        }
    }
}

impl fmt::Display for LedgerKind {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.name())
    }
}

impl FromStr for LedgerKind {
    type Err = String;

    fn from_str(name: &str) -> Result<Self, String> {
        [
            Self::Deposit,
            Self::Withdrawal,
            Self::Stake,
            Self::Prize,
            Self::Refund,
        ]
        .into_iter()
        .find(|kind| kind.name() == name)
        .ok_or_else(|| format!("unknown ledger kind `{name}`"))
    }
}

/// One line of the ledger.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LedgerEntry {
    /// Its number, increasing.
    pub id: i64,
    /// When, as `2026-11-29T20:01:02Z`.
    pub at: String,
    /// What it is.
    pub kind: LedgerKind,
    /// Signed: credits positive, debits negative.
    pub amount: Cents,
    /// The unit it belongs to, for stakes, prizes and refunds.
    pub unit: Option<i64>,
}

impl Store {
    /// Credits `amount` to the account: at most [`MAX_DEPOSIT`] at a time,
    /// never taking the balance above [`MAX_BALANCE_BY_DEPOSIT`], and within
    /// the player's 7-day deposit limit (checked in the same transaction).
    ///
    /// # Errors
    /// [`StoreError::NotPositive`], [`StoreError::DepositTooLarge`],
    /// [`StoreError::BalanceCeiling`], [`StoreError::Excluded`],
    /// [`StoreError::NoLimits`], [`StoreError::LimitReached`]; nothing is
    /// credited then. [`StoreError`] if it cannot be written.
    pub fn deposit(&mut self, amount: Cents) -> Result<LedgerEntry, StoreError> {
        self.deposit_noted(amount, |_, _| Ok(()))
    }

    /// [`Store::deposit`], with `note` written in the same transaction, given
    /// the new entry's id.
    pub(crate) fn deposit_noted(
        &mut self,
        amount: Cents,
        note: impl FnOnce(&Writing<'_>, i64) -> Result<(), StoreError>,
    ) -> Result<LedgerEntry, StoreError> {
        if !amount.is_positive() {
            return Err(StoreError::NotPositive(amount));
        }
        if amount > MAX_DEPOSIT {
            return Err(StoreError::DepositTooLarge {
                amount,
                max: MAX_DEPOSIT,
            });
        }
        self.append(
            LedgerKind::Deposit,
            amount,
            |writing, balance| match balance.checked_add(amount) {
                Some(after) if after <= MAX_BALANCE_BY_DEPOSIT => {
                    protection::check(writing, LimitKind::Deposit, amount)
                }
                _ => Err(StoreError::BalanceCeiling {
                    balance,
                    amount,
                    max: MAX_BALANCE_BY_DEPOSIT,
                }),
            },
            note,
        )
    }

    /// Pays `amount` out of the account.
    ///
    /// # Errors
    /// [`StoreError::NotPositive`], [`StoreError::InsufficientBalance`] beyond
    /// the balance; [`StoreError`] if it cannot be written.
    pub fn withdraw(&mut self, amount: Cents) -> Result<LedgerEntry, StoreError> {
        self.withdraw_noted(amount, |_, _| Ok(()))
    }

    /// [`Store::withdraw`], with `note` written in the same transaction, given
    /// the new entry's id.
    pub(crate) fn withdraw_noted(
        &mut self,
        amount: Cents,
        note: impl FnOnce(&Writing<'_>, i64) -> Result<(), StoreError>,
    ) -> Result<LedgerEntry, StoreError> {
        if !amount.is_positive() {
            return Err(StoreError::NotPositive(amount));
        }
        self.append(
            LedgerKind::Withdrawal,
            -amount,
            |_, balance| {
                if balance < amount {
                    Err(StoreError::InsufficientBalance { balance, amount })
                } else {
                    Ok(())
                }
            },
            note,
        )
    }

    /// Appends an entry moving the balance by `amount`, once `allowed` accepts
    /// the transaction and the balance read in it, and then `note`.
    fn append(
        &mut self,
        kind: LedgerKind,
        amount: Cents,
        allowed: impl FnOnce(&Writing<'_>, Cents) -> Result<(), StoreError>,
        note: impl FnOnce(&Writing<'_>, i64) -> Result<(), StoreError>,
    ) -> Result<LedgerEntry, StoreError> {
        let id = self.write(|writing| {
            let player = writing.player()?;
            allowed(writing, proven_balance_in(writing, player)?)?;
            let id = insert_entry(writing, player, kind, amount, None)?;
            note(writing, id)?;
            Ok(id)
        })?;
        self.ledger_entry(id)?
            .ok_or_else(|| self.inconsistent(format!("ledger entry {id} vanished")))
    }

    fn ledger_entry(&self, id: i64) -> Result<Option<LedgerEntry>, StoreError> {
        self.file
            .connection
            .query_row(
                "SELECT id, at, kind, amount_cents, unit_id FROM ledger WHERE id = ?1",
                [id],
                read_entry,
            )
            .optional()
            .on(&self.file.path)?
            .transpose()
            .map_err(|detail| self.inconsistent(detail))
    }

    /// The ledger of the player the store acts for, oldest first.
    ///
    /// # Errors
    /// [`StoreError::SignedOut`] for no player; [`StoreError`] if the
    /// database cannot be read.
    pub fn ledger(&self) -> Result<Vec<LedgerEntry>, StoreError> {
        self.ledger_of(self.player_id()?)
    }

    /// How many entries the ledger holds, every player's.
    ///
    /// # Errors
    /// [`StoreError`] if the database cannot be read.
    pub fn ledger_length(&self) -> Result<i64, StoreError> {
        self.file
            .connection
            .query_row("SELECT COUNT(*) FROM ledger", [], |row| row.get(0))
            .on(&self.file.path)
    }

    /// Player `player`'s ledger, oldest first.
    pub(crate) fn ledger_of(&self, player: i64) -> Result<Vec<LedgerEntry>, StoreError> {
        let mut statement = self
            .file.connection
            .prepare_cached(
                "SELECT id, at, kind, amount_cents, unit_id FROM ledger WHERE player_id = ?1 ORDER BY id",
            )
            .on(&self.file.path)?;
        let rows = statement
            .query_map([player], read_entry)
            .on(&self.file.path)?;
        let mut entries = Vec::new();
        for row in rows {
            entries.push(
                row.on(&self.file.path)?
                    .map_err(|detail| self.inconsistent(detail))?,
            );
        }
        Ok(entries)
    }
}

/// Player `player`'s balance, read through `connection` (a transaction's,
/// possibly).
pub(crate) fn balance_in(
    connection: &rusqlite::Connection,
    player: i64,
) -> rusqlite::Result<Cents> {
    connection
        .prepare_cached(&format!("SELECT {BALANCE}"))?
        .query_row([player], |row| row.get(0))
        .map(Cents)
}

/// Player `player`'s balance inside a write that will move money on it:
/// their last ledger entry proves itself against its chain link
/// (`chain_check::vouched`: its content, its MAC, no entry after it taken
/// out) before its balance is used.
///
/// # Errors
/// [`StoreError::Forged`] naming the entry that does not; nothing is then
/// written.
pub(crate) fn proven_balance_in(writing: &Writing<'_>, player: i64) -> Result<Cents, StoreError> {
    let (transaction, path) = (writing.sql, writing.path);
    let last: Option<(i64, i64)> = transaction
        .prepare_cached(
            "SELECT id, balance_after_cents FROM ledger INDEXED BY ledger_by_player
             WHERE player_id = ?1 ORDER BY id DESC LIMIT 1",
        )
        .and_then(|mut last| {
            last.query_row([player], |row| Ok((row.get(0)?, row.get(1)?)))
                .optional()
        })
        .on(path)?;
    let Some((entry, balance)) = last else {
        return Ok(Cents(0));
    };
    writing.prove("ledger", entry)?;
    Ok(Cents(balance))
}

/// A player's balance as a SQL expression, the player `?1`: the balance
/// after their last ledger entry.
const BALANCE: &str = "COALESCE((SELECT balance_after_cents FROM ledger INDEXED BY ledger_by_player
                                 WHERE player_id = ?1 ORDER BY id DESC LIMIT 1), 0)";

/// Appends a ledger entry of player `player`'s inside a transaction, with
/// their balance after it, computed here with checked arithmetic (the schema
/// also refuses a balance below zero, above its ceiling, or not in whole
/// cents).
pub(crate) fn insert_entry(
    writing: &Writing<'_>,
    player: i64,
    kind: LedgerKind,
    amount: Cents,
    unit: Option<i64>,
) -> Result<i64, StoreError> {
    let (transaction, path) = (writing.sql, writing.path);
    let balance = proven_balance_in(writing, player)?;
    let after = balance
        .checked_add(amount)
        .filter(|after| (0..=MAX_STORED_BALANCE).contains(&after.get()))
        .ok_or_else(|| StoreError::Inconsistent {
            path: path.to_path_buf(),
            detail: format!(
                "{kind} of {amount} on a balance of {balance} leaves the range of balances"
            ),
        })?;
    transaction
        .prepare_cached(&format!(
            "INSERT INTO ledger (at, kind, amount_cents, unit_id, balance_after_cents, player_id)
             VALUES ({NOW}, ?1, ?2, ?3, ?4, ?5)"
        ))
        .and_then(|mut insert| {
            insert.execute(params![
                kind.name(),
                amount.get(),
                unit,
                after.get(),
                player
            ])
        })
        .on(path)?;
    Ok(transaction.last_insert_rowid())
}

type EntryRow = Result<LedgerEntry, String>;

fn read_entry(row: &rusqlite::Row<'_>) -> rusqlite::Result<EntryRow> {
    let (id, at, kind, amount, unit): (i64, String, String, i64, Option<i64>) = (
        row.get(0)?,
        row.get(1)?,
        row.get(2)?,
        row.get(3)?,
        row.get(4)?,
    );
    Ok(kind.parse().map(|kind| LedgerEntry {
        id,
        at,
        kind,
        amount: Cents(amount),
        unit,
    }))
}
