//! `verify`: SQLite's integrity check, then every invariant of the ledger, the
//! blocks and the units, recomputed from the seeds.

use std::collections::HashMap;

use guichet_core::block::{Block, Seed};
use guichet_core::emission::Emission;
use guichet_core::generator::unit_scenario;
use guichet_core::money::Cents;

use crate::units::UnitState;
use crate::{OnFile as _, Store, StoreError};

/// A block's row, as `verify` reads it.
struct BlockRow {
    id: i64,
    emission: String,
    number: u32,
    seed: Vec<u8>,
    commitment: Vec<u8>,
    size: u32,
    next_index: u32,
    closed: bool,
    units: u32,
    lowest_index: Option<u32>,
    highest_index: Option<u32>,
}

impl Store {
    /// Checks the whole database and lists every violation found (none: sound).
    ///
    /// It checks SQLite's integrity and foreign keys; that the balance is the sum
    /// of the ledger; that every unit was debited its stake exactly once and, once
    /// settled, credited its prize exactly once (never before); that every block's
    /// seed matches its commitment and its sold units are exactly its first
    /// indices; and that every unit's prize and scenario are the ones its block's
    /// seed gives, its scenario legal and worth its prize, and its journaled steps
    /// a legal reveal, complete if it is settled.
    ///
    /// # Errors
    /// [`StoreError`] if the database cannot be read at all.
    pub fn verify(&self) -> Result<Vec<String>, StoreError> {
        let mut violations = self.sqlite_checks()?;
        violations.extend(self.ledger_checks()?);
        let blocks = self.block_checks(&mut violations)?;
        violations.extend(self.unit_checks(&blocks)?);
        Ok(violations)
    }

    fn strings(&self, sql: &str) -> Result<Vec<String>, StoreError> {
        self.connection
            .prepare(sql)
            .and_then(|mut statement| {
                statement
                    .query_map([], |row| row.get::<_, String>(0))?
                    .collect()
            })
            .on(&self.path)
    }

    fn sqlite_checks(&self) -> Result<Vec<String>, StoreError> {
        let mut violations: Vec<String> = self
            .strings("PRAGMA integrity_check")?
            .into_iter()
            .filter(|line| line != "ok")
            .collect();
        violations.extend(
            self.strings("SELECT \"table\" || ' row ' || rowid || ' points to a missing ' || parent FROM pragma_foreign_key_check")?,
        );
        Ok(violations)
    }

    fn ledger_checks(&self) -> Result<Vec<String>, StoreError> {
        let balance = self.balance()?;
        let mut violations = Vec::new();
        let total = Cents::checked_sum(self.ledger()?.iter().map(|entry| entry.amount));
        if total != Some(balance) {
            violations.push(format!(
                "the balance {balance} is not the sum of the ledger ({total:?})"
            ));
        }
        violations.extend(self.strings(
            "SELECT 'ledger entry ' || id || ' carries a balance of ' || balance_after_cents || ' cents after '
                    || amount_cents || ' on ' || before || ' cents'
             FROM (SELECT id, amount_cents, balance_after_cents,
                          LAG(balance_after_cents, 1, 0) OVER (ORDER BY id) AS before FROM ledger)
             WHERE balance_after_cents <> before + amount_cents",
        )?);
        violations.extend(self.strings(
            "SELECT 'unit ' || u.id || ' is debited ' || COUNT(l.id) || ' stakes of ' || COALESCE(SUM(l.amount_cents), 0) || ' cents'
             FROM units u LEFT JOIN ledger l ON l.unit_id = u.id AND l.kind = 'stake'
             GROUP BY u.id HAVING COUNT(l.id) <> 1",
        )?);
        violations.extend(self.strings(
            "SELECT 'unit ' || u.id || ' (' || u.state || ', prize ' || u.prize_cents || ' cents) is credited '
                    || COUNT(l.id) || ' prizes of ' || COALESCE(SUM(l.amount_cents), 0) || ' cents'
             FROM units u LEFT JOIN ledger l ON l.unit_id = u.id AND l.kind = 'prize'
             GROUP BY u.id
             HAVING COUNT(l.id) <> (CASE WHEN u.state = 'settled' AND u.prize_cents > 0 THEN 1 ELSE 0 END)
                 OR COALESCE(SUM(l.amount_cents), 0) <> (CASE WHEN u.state = 'settled' THEN u.prize_cents ELSE 0 END)",
        )?);
        Ok(violations)
    }

    /// Checks the blocks and returns them, opened, by id.
    fn block_checks(
        &self,
        violations: &mut Vec<String>,
    ) -> Result<HashMap<i64, Block>, StoreError> {
        let rows: Vec<BlockRow> = self
            .connection
            .prepare(
                "SELECT b.id, b.emission, b.number, b.seed, b.commitment, b.size, b.next_index, b.closed_at IS NOT NULL,
                        COUNT(u.id), MIN(u.unit_index), MAX(u.unit_index)
                 FROM blocks b LEFT JOIN units u ON u.block_id = b.id GROUP BY b.id ORDER BY b.id",
            )
            .and_then(|mut statement| {
                statement
                    .query_map([], |row| {
                        Ok(BlockRow {
                            id: row.get(0)?,
                            emission: row.get(1)?,
                            number: row.get(2)?,
                            seed: row.get(3)?,
                            commitment: row.get(4)?,
                            size: row.get(5)?,
                            next_index: row.get(6)?,
                            closed: row.get(7)?,
                            units: row.get(8)?,
                            lowest_index: row.get(9)?,
                            highest_index: row.get(10)?,
                        })
                    })?
                    .collect()
            })
            .on(&self.path)?;
        let mut blocks = HashMap::new();
        for row in rows {
            let name = format!("block {} ({} number {})", row.id, row.emission, row.number);
            let Some(emission) = Emission::from_code(&row.emission) else {
                violations.push(format!("{name}: unknown emission"));
                continue;
            };
            let (Ok(seed), Ok(commitment)) = (
                <[u8; 32]>::try_from(row.seed),
                <[u8; 32]>::try_from(row.commitment),
            ) else {
                violations.push(format!("{name}: malformed seed or commitment"));
                continue;
            };
            let seed = Seed::from_bytes(seed);
            if !Block::verify(
                emission,
                row.number,
                &seed,
                guichet_core::block::Commitment(commitment),
            ) {
                violations.push(format!("{name}: its seed does not match its commitment"));
            }
            if row.size != emission.block_size {
                violations.push(format!(
                    "{name}: size {} instead of {}",
                    row.size, emission.block_size
                ));
            }
            let indices_are_a_prefix = row.units == row.next_index
                && (row.units == 0
                    || (row.lowest_index == Some(0)
                        && row.highest_index == Some(row.next_index - 1)));
            if !indices_are_a_prefix {
                violations.push(format!(
                    "{name}: {} units sold but the next index is {}",
                    row.units, row.next_index
                ));
            }
            if row.closed != (row.next_index == row.size) {
                violations.push(format!(
                    "{name}: closed is {} with {} of {} sold",
                    row.closed, row.next_index, row.size
                ));
            }
            blocks.insert(row.id, Block::open(emission, row.number, &seed));
        }
        Ok(blocks)
    }

    fn unit_checks(&self, blocks: &HashMap<i64, Block>) -> Result<Vec<String>, StoreError> {
        let ids: Vec<(i64, i64)> = self
            .connection
            .prepare("SELECT id, block_id FROM units ORDER BY id")
            .and_then(|mut statement| {
                statement
                    .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?
                    .collect()
            })
            .on(&self.path)?;
        let mut violations = Vec::new();
        for (id, block_id) in ids {
            let unit = match self.unit(id) {
                Ok(unit) => unit,
                Err(StoreError::Inconsistent { detail, .. }) => {
                    violations.push(detail);
                    continue;
                }
                Err(error) => return Err(error),
            };
            let Some(block) = blocks.get(&block_id) else {
                continue;
            };
            let (prize, scenario) = unit_scenario(block, unit.index);
            if unit.prize != prize {
                violations.push(format!(
                    "unit {id}: prize {} but its block gives {prize}",
                    unit.prize
                ));
            }
            if unit.scenario != scenario {
                violations.push(format!(
                    "unit {id}: its scenario is not the one its block gives"
                ));
            }
            if let Err(error) = unit.scenario.validate(unit.emission) {
                violations.push(format!("unit {id}: {error}"));
            }
            if unit.scenario.prize() != unit.prize {
                violations.push(format!(
                    "unit {id}: its scenario shows {} for a prize of {}",
                    unit.scenario.prize(),
                    unit.prize
                ));
            }
            if unit.state == UnitState::Settled && !unit.progress.is_complete() {
                violations.push(format!("unit {id}: settled before it was fully revealed"));
            }
            if (unit.state == UnitState::Sold) != unit.steps.is_empty() {
                violations.push(format!(
                    "unit {id}: state {} with {} reveal steps",
                    unit.state.name(),
                    unit.steps.len()
                ));
            }
        }
        Ok(violations)
    }
}
