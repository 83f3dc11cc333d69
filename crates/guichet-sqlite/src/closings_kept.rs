//! The closings a store keeps: listed, made on demand by an operator, each
//! checked by `verify`, and the file checked against a closing kept apart
//! (`closing` makes and signs them).

use std::collections::BTreeMap;

use rusqlite::OptionalExtension as _;
use serde_json::Value;

use crate::chain;
use crate::closing::{
    Closing, ClosingKey, ExportedClosing, close, closings, signed_by, totals_value,
};
use crate::sqlite_error::OnFile as _;
use crate::store::{Seal, Store};
use guichet_sale::time::stamp;
use guichet_sale::{Period, StoreError};

impl Store {
    /// The closings made, oldest first.
    ///
    /// # Errors
    /// [`StoreError`] if the database cannot be read.
    pub fn closings(&self) -> Result<Vec<Closing>, StoreError> {
        if !chain::exists(&self.file.connection).on(&self.file.path)? {
            return Ok(Vec::new());
        }
        closings(&self.file.connection).on(&self.file.path)
    }

    /// The number of the last closing made (0 for none): cheap, for a kiosk
    /// that sends its closings on.
    ///
    /// # Errors
    /// [`StoreError`] if the database cannot be read.
    pub fn last_closing_counter(&self) -> Result<i64, StoreError> {
        if !chain::exists(&self.file.connection).on(&self.file.path)? {
            return Ok(0);
        }
        self.file
            .connection
            .query_row(
                "SELECT COALESCE(MAX(counter), 0) FROM closings",
                [],
                |row| row.get(0),
            )
            .on(&self.file.path)
    }

    /// Makes a closing now, asked for by an operator: the totals since the
    /// last closing, and the perpetual ones.
    ///
    /// # Errors
    /// [`StoreError`] if it cannot be written (the key lost, the clock
    /// behind, the file read only).
    pub fn close_now(&mut self) -> Result<Closing, StoreError> {
        let seal = self.seal_error()?.clone();
        self.write(|writing| {
            let head = chain::head(writing.sql).on(writing.path)?.ok_or_else(|| {
                StoreError::Inconsistent {
                    path: writing.path.to_path_buf(),
                    detail: "the chain has no link".to_owned(),
                }
            })?;
            let now = stamp(writing.now);
            close(
                writing.sql,
                &ClosingKey::of(&seal),
                &head,
                Period::Demand,
                &now,
                &now,
            )
            .on(writing.path)
        })
    }

    /// The public key this database's closings are signed with, in hex (none
    /// without the seal key).
    #[must_use]
    pub fn closing_public_key(&self) -> Option<String> {
        match &self.keys.seal {
            Seal::Ready(key) => Some(ClosingKey::of(key).public()),
            Seal::Lost { .. } => None,
        }
    }

    /// Every closing of the file: signed with this database's key, counted
    /// 1, 2, 3…, each on a link of this chain, its perpetual totals those of
    /// the records up to it.
    pub(crate) fn closing_checks(&self) -> Result<Vec<String>, StoreError> {
        let Some(public) = self.closing_public_key() else {
            return Ok(Vec::new());
        };
        let mut findings = Vec::new();
        for (expected, closing) in (1..).zip(self.closings()?) {
            let name = format!(
                "closing {} ({} {})",
                closing.counter,
                closing.period.name(),
                closing.label
            );
            if closing.counter != expected {
                findings.push(format!(
                    "{name}: counted {}, after closing {}",
                    closing.counter,
                    expected - 1
                ));
            }
            if !signed_by(&public, &closing.body, &closing.signature) {
                findings.push(format!(
                    "{name}: its signature is not this database's key's"
                ));
            }
            match closing.chain_head() {
                Some((seq, mac)) => {
                    let found: Option<Vec<u8>> = self
                        .file
                        .connection
                        .query_row("SELECT mac FROM chain WHERE seq = ?1", [seq], |row| {
                            row.get(0)
                        })
                        .optional()
                        .on(&self.file.path)?;
                    if found.map(hex::encode) != Some(mac) {
                        findings.push(format!(
                            "{name}: the chain it closed on (link {seq}) is not this file's"
                        ));
                    }
                }
                None => findings.push(format!("{name}: it names no link of the chain")),
            }
            let ids = closing
                .field("/last_ledger_id")
                .and_then(|id| id.as_i64())
                .zip(closing.field("/last_unit_id").and_then(|id| id.as_i64()));
            if let Some((ledger, unit)) = ids
                && closing.perpetual() != Some(self.totals_up_to(ledger, unit)?)
            {
                findings.push(format!(
                    "{name}: its perpetual totals are not those of the records up to ledger entry {ledger} and unit {unit}"
                ));
            }
        }
        Ok(findings)
    }

    /// The perpetual totals of the records up to ledger entry `ledger` and
    /// unit `unit`.
    fn totals_up_to(&self, ledger: i64, unit: i64) -> Result<Value, StoreError> {
        let connection = &self.file.connection;
        let mut by_kind: BTreeMap<String, i64> = BTreeMap::new();
        let mut units: BTreeMap<String, i64> = BTreeMap::new();
        let mut read = || -> rusqlite::Result<()> {
            let mut statement = connection.prepare_cached(
                "SELECT kind, SUM(amount_cents) FROM ledger WHERE id <= ?1 GROUP BY kind",
            )?;
            for row in statement.query_map([ledger], |row| Ok((row.get(0)?, row.get(1)?)))? {
                let (kind, sum): (String, i64) = row?;
                by_kind.insert(kind, sum);
            }
            let mut statement = connection.prepare_cached(
                "SELECT b.emission, COUNT(*) FROM units u JOIN blocks b ON b.id = u.block_id
                 WHERE u.id <= ?1 GROUP BY b.emission",
            )?;
            for row in statement.query_map([unit], |row| Ok((row.get(0)?, row.get(1)?)))? {
                let (emission, count): (String, i64) = row?;
                units.insert(emission, count);
            }
            Ok(())
        };
        read().on(&self.file.path)?;
        Ok(totals_value(&by_kind, &units))
    }

    /// Whether this file contains the closing `exported` and extends it: the
    /// same database, the same key, the closing itself, and the link of the
    /// chain it closed on. `None` when it does; else why not, in one line.
    ///
    /// # Errors
    /// [`StoreError`] if the database cannot be read.
    pub fn check_closing(&self, exported: &ExportedClosing) -> Result<Option<String>, StoreError> {
        let database_id: Option<String> = self
            .file
            .connection
            .query_row("SELECT database_id FROM store_identity", [], |row| {
                row.get(0)
            })
            .optional()
            .on(&self.file.path)?;
        let name = format!("closing {} ({})", exported.counter, exported.label);
        if database_id.as_deref() != Some(exported.database_id.as_str()) {
            return Ok(Some(format!(
                "{name} is another database's ({}), not this file's ({}): another kiosk's closing",
                exported.database_id,
                database_id.unwrap_or_default()
            )));
        }
        match self.closing_public_key() {
            None => {
                return Ok(Some(format!(
                    "{name} cannot be checked: the seal key of this file is missing"
                )));
            }
            Some(public) if public != exported.public_key => {
                return Ok(Some(format!(
                    "{name} is signed by another key than this database's: another kiosk's closing"
                )));
            }
            Some(_) => {}
        }
        let kept = self
            .closings()?
            .into_iter()
            .find(|closing| closing.counter == exported.counter);
        let Some(kept) = kept.filter(|kept| kept.body == exported.body) else {
            return Ok(Some(format!(
                "the database does not contain {name}: an older copy restored, a truncated file, or another kiosk's"
            )));
        };
        let Some((seq, mac)) = kept.chain_head() else {
            return Ok(Some(format!("{name} names no link of the chain")));
        };
        let found: Option<Vec<u8>> = self
            .file
            .connection
            .query_row("SELECT mac FROM chain WHERE seq = ?1", [seq], |row| {
                row.get(0)
            })
            .optional()
            .on(&self.file.path)?;
        Ok((found.map(hex::encode) != Some(mac)).then(|| {
            format!("the database does not extend {name}: its chain differs at link {seq}")
        }))
    }
}
