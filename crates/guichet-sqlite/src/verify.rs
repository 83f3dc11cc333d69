//! `verify`: SQLite's integrity check, then every invariant of the ledger, the
//! blocks and the units, recomputed from the seeds.

use std::collections::HashMap;

use guichet_core::block::{Block, Commitment, Seed};
use guichet_core::emission::Emission;
use guichet_core::generator;
use guichet_core::money::Cents;

use crate::files;
use crate::sqlite_error::OnFile as _;
use crate::store::{Seal, Store};
use crate::tally::{Recorded, Tally};
use guichet_sale::StoreError;
use guichet_sale::UnitState;

/// A block's row, as `verify` reads it.
struct BlockRow {
    id: i64,
    emission: String,
    number: u32,
    status: String,
    sealed_seed: Option<Vec<u8>>,
    seed: Option<Vec<u8>>,
    commitment: Vec<u8>,
    size: u32,
    next_index: u32,
    committed_at: String,
    closed_at: Option<String>,
    void_reason: Option<String>,
    units: u32,
    lowest_index: Option<u32>,
    highest_index: Option<u32>,
}

/// Every emission sells from one block and has the next one committed.
fn one_selling_and_one_committed(open_states: &HashMap<(String, String), u32>) -> Vec<String> {
    let mut violations = Vec::new();
    for emission in guichet_core::games::emissions() {
        for status in ["selling", "committed"] {
            let count = open_states
                .get(&(emission.code(), status.to_owned()))
                .copied()
                .unwrap_or(0);
            if count != 1 {
                violations.push(format!(
                    "{}: {count} blocks {status} instead of one",
                    emission.code()
                ));
            }
        }
    }
    violations
}

/// A block as `verify` checks its units against it.
struct Checked {
    /// The block opened with its seed, when the seed is known (not void).
    block: Option<Block>,
    committed_at: String,
}

impl Store {
    /// Checks the whole database and lists every violation found (none: sound).
    ///
    /// It checks SQLite's integrity and foreign keys; that the balance is the sum
    /// of the ledger and each entry carries the balance after it; that every unit
    /// was debited its stake exactly once and, once settled, credited its prize
    /// exactly once (never before); that every block's seed (published once
    /// closed, unsealed while open) matches its commitment, its sold units are
    /// exactly its first indices, it is closed exactly when sold out, and every
    /// emission has one block selling and the next one committed; that every
    /// unit was sold after its block's commitment was published, its prize and
    /// scenario are the ones its block's seed gives, its scenario legal and worth
    /// its prize, and its journaled steps a legal reveal, complete if settled;
    /// that at most one unit is unfinished; that no deposit or stake passed
    /// the 7-day limit in force or came during a break from play; and that the
    /// database is not behind its tally. Then the file as a record
    /// (`verify_records`): every row against the chain of MACs, the schema
    /// exactly as its version defines it, every deposit within the rules, the
    /// dates in order, every limit and break as the rules write them.
    ///
    /// # Errors
    /// [`StoreError`] if the database cannot be read at all.
    pub fn verify(&self) -> Result<Vec<String>, StoreError> {
        let mut violations = self.sqlite_checks()?;
        violations.extend(self.ledger_checks()?);
        let blocks = self.block_checks(&mut violations)?;
        violations.extend(self.unit_checks(&blocks)?);
        violations.extend(self.protection_checks()?);
        violations.extend(self.protection_record_checks()?);
        violations.extend(self.amount_checks()?);
        violations.extend(self.date_checks()?);
        violations.extend(self.schema_checks()?);
        violations.extend(self.chain_checks()?);
        violations.extend(self.closing_checks()?);
        Ok(violations)
    }

    fn strings(&self, sql: &str) -> Result<Vec<String>, StoreError> {
        self.file
            .connection
            .prepare(sql)
            .and_then(|mut statement| {
                statement
                    .query_map([], |row| row.get::<_, String>(0))?
                    .collect()
            })
            .on(&self.file.path)
    }

    fn sqlite_checks(&self) -> Result<Vec<String>, StoreError> {
        let mut violations: Vec<String> = self
            .strings("PRAGMA integrity_check")?
            .into_iter()
            .filter(|line| line != "ok")
            .collect();
        violations.extend(
            // A table without rowid (the reveal steps) has no row number to name.
            self.strings("SELECT \"table\" || COALESCE(' row ' || rowid, ' (a row)') || ' points to a missing ' || parent FROM pragma_foreign_key_check")?,
        );
        Ok(violations)
    }

    fn ledger_checks(&self) -> Result<Vec<String>, StoreError> {
        let mut violations = Vec::new();
        let players: Vec<(i64, String)> = self
            .file
            .connection
            .prepare("SELECT id, card FROM players ORDER BY id")
            .and_then(|mut statement| {
                statement
                    .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?
                    .collect()
            })
            .on(&self.file.path)?;
        for (player, card) in players {
            let balance =
                crate::account::balance_in(&self.file.connection, player).on(&self.file.path)?;
            let total =
                Cents::checked_sum(self.ledger_of(player)?.iter().map(|entry| entry.amount));
            if total != Some(balance) {
                violations.push(format!(
                    "card {card}: the balance {balance} is not the sum of their ledger ({total:?})"
                ));
            }
        }
        violations.extend(self.strings(
            "SELECT 'ledger entry ' || id || ' carries a balance of ' || balance_after_cents || ' cents after '
                    || amount_cents || ' on ' || before || ' cents'
             FROM (SELECT id, amount_cents, balance_after_cents,
                          LAG(balance_after_cents, 1, 0) OVER (PARTITION BY player_id ORDER BY id) AS before
                   FROM ledger)
             WHERE balance_after_cents <> before + amount_cents",
        )?);
        violations.extend(self.strings(
            "SELECT 'ledger entry ' || l.id || ' (' || l.kind || ' of unit ' || u.id || ') is on card '
                    || lp.card || ', the unit on card ' || up.card
             FROM ledger l JOIN units u ON u.id = l.unit_id
                  JOIN players lp ON lp.id = l.player_id JOIN players up ON up.id = u.player_id
             WHERE l.player_id <> u.player_id ORDER BY l.id",
        )?);
        violations.extend(self.strings(
            "SELECT 'unit ' || u.id || ' is debited ' || COUNT(l.id) || ' stakes of ' || COALESCE(SUM(l.amount_cents), 0) || ' cents'
             FROM units u JOIN blocks b ON b.id = u.block_id
                  LEFT JOIN ledger l ON l.unit_id = u.id AND l.kind = 'stake'
             GROUP BY u.id
             HAVING COUNT(l.id) <> 1",
        )?);
        violations.extend(self.strings(
            "SELECT 'unit ' || u.id || ' (' || u.state || ', prize ' || u.prize_cents || ' cents) is credited '
                    || COUNT(l.id) || ' prizes of ' || COALESCE(SUM(l.amount_cents), 0) || ' cents'
             FROM units u LEFT JOIN ledger l ON l.unit_id = u.id AND l.kind = 'prize'
             GROUP BY u.id
             HAVING COUNT(l.id) <> (CASE WHEN u.state = 'settled' AND u.prize_cents > 0 THEN 1 ELSE 0 END)
                 OR COALESCE(SUM(l.amount_cents), 0) <> (CASE WHEN u.state = 'settled' THEN u.prize_cents ELSE 0 END)",
        )?);
        let debited: Vec<(i64, String, i64)> = self
            .file
            .connection
            .prepare(
                "SELECT u.id, b.emission, -SUM(l.amount_cents)
                 FROM units u JOIN blocks b ON b.id = u.block_id
                      JOIN ledger l ON l.unit_id = u.id AND l.kind = 'stake'
                 GROUP BY u.id",
            )
            .and_then(|mut statement| {
                statement
                    .query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?
                    .collect()
            })
            .on(&self.file.path)?;
        for (unit, code, cents) in debited {
            let stake =
                guichet_core::games::emission_by_code(&code).map(|emission| emission.stake.get());
            if stake != Some(cents) {
                violations.push(format!(
                    "unit {unit} is debited {cents} cents for a stake of {code}"
                ));
            }
        }
        violations.extend(self.strings(
            "SELECT 'card ' || p.card || ': ' || COUNT(*) || ' units are unfinished at once (at most one may be)'
             FROM units u JOIN players p ON p.id = u.player_id
             WHERE u.state <> 'settled' GROUP BY u.player_id HAVING COUNT(*) > 1",
        )?);
        Ok(violations)
    }

    /// Every block's row, with how many units it sold and their lowest and
    /// highest indices.
    fn block_rows(&self) -> Result<Vec<BlockRow>, StoreError> {
        self
            .file.connection
            .prepare(
                "SELECT b.id, b.emission, b.number, b.status, b.sealed_seed, b.seed, b.commitment, b.size,
                        b.next_index, b.committed_at, b.closed_at, b.void_reason,
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
                            status: row.get(3)?,
                            sealed_seed: row.get(4)?,
                            seed: row.get(5)?,
                            commitment: row.get(6)?,
                            size: row.get(7)?,
                            next_index: row.get(8)?,
                            committed_at: row.get(9)?,
                            closed_at: row.get(10)?,
                            void_reason: row.get(11)?,
                            units: row.get(12)?,
                            lowest_index: row.get(13)?,
                            highest_index: row.get(14)?,
                        })
                    })?
                    .collect()
            })
            .on(&self.file.path)
    }

    /// Checks the blocks and returns them, opened when their seed is known, by id.
    fn block_checks(
        &self,
        violations: &mut Vec<String>,
    ) -> Result<HashMap<i64, Checked>, StoreError> {
        let rows = self.block_rows()?;
        let mut blocks = HashMap::new();
        let mut open_states: HashMap<(String, String), u32> = HashMap::new();
        for row in rows {
            let name = format!("block {} ({} number {})", row.id, row.emission, row.number);
            let Some(emission) = guichet_core::games::emission_by_code(&row.emission) else {
                violations.push(format!("{name}: unknown emission"));
                continue;
            };
            let Ok(commitment) = <[u8; 32]>::try_from(row.commitment.clone()) else {
                violations.push(format!("{name}: malformed commitment"));
                continue;
            };
            let commitment = Commitment(commitment);
            if matches!(row.status.as_str(), "committed" | "selling") {
                *open_states
                    .entry((row.emission.clone(), row.status.clone()))
                    .or_default() += 1;
            }
            let seed = self.block_seed(&row, emission, violations, &name);
            if let Some(seed) = &seed
                && !Block::verify(emission, row.number, seed, commitment)
            {
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
            if row.status == "void" && row.units > 0 && seed.is_none() {
                violations.push(format!(
                    "unverifiable: {name} was voided with its seed lost ({}): its {} unit(s) sold cannot be checked against it",
                    row.void_reason.as_deref().unwrap_or("no reason given"),
                    row.units
                ));
            }
            let sold_out = row.next_index == row.size;
            if (row.status == "closed") != sold_out {
                violations.push(format!(
                    "{name}: {} with {} of {} sold",
                    row.status, row.next_index, row.size
                ));
            }
            if let Some(closed_at) = &row.closed_at
                && closed_at < &row.committed_at
            {
                violations.push(format!(
                    "{name}: closed at {closed_at}, before its commitment was published ({})",
                    row.committed_at
                ));
            }
            blocks.insert(
                row.id,
                Checked {
                    block: seed.map(|seed| Block::open(emission, row.number, &seed)),
                    committed_at: row.committed_at,
                },
            );
        }
        if matches!(self.keys.seal, Seal::Ready(_)) {
            violations.extend(one_selling_and_one_committed(&open_states));
        }
        violations.extend(self.tally_check()?);
        Ok(blocks)
    }

    /// Whether the database is behind what its tally recorded (the tally is
    /// read, never made).
    fn tally_check(&self) -> Result<Option<String>, StoreError> {
        let tally = files::sibling(&self.file.path, ".tally");
        let recorded = match Tally::read(&tally) {
            Ok(Recorded::Mark(recorded)) => recorded,
            Ok(Recorded::Missing) => return Ok(None),
            Ok(Recorded::Damaged) => {
                return Ok(Some(format!("the tally {} is damaged", tally.display())));
            }
            Err(error) => {
                return Ok(Some(format!(
                    "the tally {} cannot be read: {error}",
                    tally.display()
                )));
            }
        };
        let found = self.mark()?;
        Ok(found.is_behind(recorded).then(|| {
            format!(
                "the database is behind its tally: units up to {} and ledger entries up to {} were committed, \
                 it holds {} and {}",
                recorded.units, recorded.ledger, found.units, found.ledger
            )
        }))
    }

    /// A block's seed as verify can know it: published once closed, unsealed
    /// with the key while open, unknown once void.
    fn block_seed(
        &self,
        row: &BlockRow,
        emission: &'static Emission,
        violations: &mut Vec<String>,
        name: &str,
    ) -> Option<Seed> {
        let bytes = |bytes: &Option<Vec<u8>>| {
            bytes
                .clone()
                .and_then(|bytes| <[u8; 32]>::try_from(bytes).ok())
        };
        match row.status.as_str() {
            "closed" => {
                let seed = bytes(&row.seed).map(Seed::from_bytes);
                if seed.is_none() {
                    violations.push(format!("{name}: closed without its seed published"));
                }
                seed
            }
            "committed" | "selling" => {
                if row.seed.is_some() {
                    violations.push(format!("{name}: its seed is in clear while it is open"));
                }
                match (&self.keys.seal, bytes(&row.sealed_seed)) {
                    (Seal::Ready(key), Some(sealed)) => {
                        Some(key.unseal(emission, row.number, &sealed))
                    }
                    (Seal::Lost { problem, .. }, _) => {
                        violations.push(format!(
                            "{name}: its seed cannot be unsealed (the seal key is {problem})"
                        ));
                        None
                    }
                    (_, None) => {
                        violations.push(format!("{name}: open without a sealed seed"));
                        None
                    }
                }
            }
            _ => None,
        }
    }

    fn unit_checks(&self, blocks: &HashMap<i64, Checked>) -> Result<Vec<String>, StoreError> {
        let ids: Vec<(i64, i64)> = self
            .file
            .connection
            .prepare("SELECT id, block_id FROM units ORDER BY id")
            .and_then(|mut statement| {
                statement
                    .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?
                    .collect()
            })
            .on(&self.file.path)?;
        let mut violations = Vec::new();
        for (id, block_id) in ids {
            let unit = match self.any_unit(id) {
                Ok(unit) => unit,
                Err(StoreError::Inconsistent { detail, .. }) => {
                    violations.push(detail);
                    continue;
                }
                Err(error) => return Err(error),
            };
            let Some(checked) = blocks.get(&block_id) else {
                continue;
            };
            if unit.sold_at < checked.committed_at {
                violations.push(format!(
                    "unit {id}: sold at {}, before its block's commitment was published ({})",
                    unit.sold_at, checked.committed_at
                ));
            }
            if let Some(block) = &checked.block {
                let prize = block.prize_of_unit(unit.index);
                if unit.prize != prize {
                    violations.push(format!(
                        "unit {id}: prize {} but its block gives {prize}",
                        unit.prize
                    ));
                }
                // A unit drawn by generators this build no longer draws (an
                // early release) is checked by that release; here, that it is
                // legal and worth its prize.
                if generator::draws(unit.generator)
                    && unit.scenario
                        != generator::scenario_of_unit_under(
                            unit.generator,
                            block,
                            unit.index,
                            prize,
                        )
                {
                    violations.push(format!(
                        "unit {id}: its scenario is not the one its block gives"
                    ));
                }
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
