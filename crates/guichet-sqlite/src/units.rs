//! Game units: buying one, journaling its reveal, settling it, and reading them
//! back.

use guichet_core::emission::Emission;
use guichet_core::games::Scenario;
use guichet_core::generator::{self, unit_scenario};
use guichet_core::money::Cents;
use guichet_core::reveal::Progress;
use guichet_core::step::RevealStep;
use std::path::Path;

use rusqlite::{Connection, OptionalExtension as _, params};

use guichet_sale::{Settlement, Unit, UnitState};

use crate::account::{LedgerKind, insert_entry, proven_balance_in};
use crate::blocks::{mark_sold, selling_block};
use crate::lease::HeldElsewhere;
use crate::protection;
use crate::schema::NOW;
use crate::sqlite_error::OnFile as _;
use crate::store::Store;
use guichet_sale::LimitKind;
use guichet_sale::{PointOfSale, StoreError};

const UNIT_COLUMNS: &str =
    "SELECT u.id, b.emission, b.number, u.unit_index, u.prize_cents, u.scenario, u.state,
            u.sold_at, u.settled_at, u.generator
     FROM units u JOIN blocks b ON b.id = u.block_id";

/// The condition that keeps a player's units, the player `?1`.
const THE_PLAYER_S: &str = "u.player_id = ?1";

/// A unit's row, before its steps are read.
struct UnitRow {
    id: i64,
    emission: String,
    block: u32,
    index: u32,
    prize: i64,
    scenario: String,
    state: String,
    sold_at: String,
    settled_at: Option<String>,
    generator: u32,
}

fn read_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<UnitRow> {
    Ok(UnitRow {
        id: row.get(0)?,
        emission: row.get(1)?,
        block: row.get(2)?,
        index: row.get(3)?,
        prize: row.get(4)?,
        scenario: row.get(5)?,
        state: row.get(6)?,
        sold_at: row.get(7)?,
        settled_at: row.get(8)?,
        generator: row.get(9)?,
    })
}

impl Store {
    /// Buys the next unit of `emission`'s selling block, in one transaction:
    /// checks that no unit is unfinished and that the balance covers the stake,
    /// that the player is not excluded and that the stake fits the 7-day stake
    /// limit, takes the unit, draws its prize and scenario, stores them and
    /// debits the stake. Nothing about the unit exists before this returns. The store then
    /// holds the play lease until the unit is settled.
    ///
    /// # Errors
    /// [`StoreError::UnitUnfinished`] while another unit is not settled;
    /// [`StoreError::PlayedElsewhere`] while another process plays one;
    /// [`StoreError::Excluded`], [`StoreError::NoLimits`],
    /// [`StoreError::LimitReached`];
    /// [`StoreError::InsufficientFunds`] when the balance does not cover the
    /// stake; [`StoreError::SealKeyLost`] when the block's seed cannot be
    /// unsealed; nothing is bought then. [`StoreError`] if it cannot be written.
    pub fn buy(&mut self, emission: &'static Emission) -> Result<Unit, StoreError> {
        if let Some(unit) = self.first_unfinished()? {
            return Err(StoreError::UnitUnfinished(unit));
        }
        self.take_lease(None)?;
        let bought = self.write(|writing| {
            let (transaction, path) = (writing.sql, writing.path);
            let player = writing.player()?;
            if let Some(unit) = first_unfinished_in(transaction, player).on(path)? {
                return Err(StoreError::UnitUnfinished(unit));
            }
            protection::check(writing, LimitKind::Stake, emission.stake)?;
            let balance = proven_balance_in(writing, player)?;
            if balance < emission.stake {
                return Err(StoreError::InsufficientFunds {
                    balance,
                    stake: emission.stake,
                });
            }
            let selling = selling_block(writing, emission)?;
            let (prize, scenario) = unit_scenario(&selling.block, selling.next_index);
            let (unit_id, sold_at): (i64, String) = transaction
                .prepare_cached(&format!(
                    "INSERT INTO units (block_id, unit_index, prize_cents, scenario, generator, state, sold_at, player_id)
                     VALUES (?1, ?2, ?3, ?4, ?5, 'sold', {NOW}, ?6) RETURNING id, sold_at"
                ))
                .and_then(|mut insert| {
                    insert.query_row(
                        params![
                            selling.id,
                            selling.next_index,
                            prize.get(),
                            scenario.to_json(),
                            generator::VERSION,
                            player
                        ],
                        |row| Ok((row.get(0)?, row.get(1)?)),
                    )
                })
                .on(path)?;
            insert_entry(writing, player, LedgerKind::Stake, -emission.stake, Some(unit_id))?;
            mark_sold(writing, &selling)?;
            Ok(Unit::sold(
                unit_id,
                (emission, selling.block.number(), selling.next_index),
                (prize, scenario),
                sold_at,
            ))
        });
        if bought.is_err() {
            self.give_back_lease_if_idle();
        }
        bought
    }

    /// Takes up unfinished unit `unit` to play it here: takes the play lease,
    /// and returns the unit as it stands.
    ///
    /// # Errors
    /// [`StoreError::PlayedElsewhere`] while another process plays it;
    /// [`StoreError::NoSuchUnit`].
    pub fn take_up(&mut self, unit: i64) -> Result<Unit, StoreError> {
        let current = self.unit(unit)?;
        if current.state != UnitState::Settled {
            self.take_lease(Some(unit))?;
        }
        self.unit(unit)
    }

    /// Journals reveal steps of unit `unit`, in one transaction.
    ///
    /// # Errors
    /// [`StoreError::Step`] when a step does not fit (nothing is journaled),
    /// [`StoreError::AlreadySettled`], [`StoreError::NoSuchUnit`],
    /// [`StoreError::PlayedElsewhere`].
    ///
    /// # Panics
    /// Never: a step always serializes.
    pub fn reveal(&mut self, unit: i64, steps: &[RevealStep]) -> Result<Unit, StoreError> {
        self.take_lease(Some(unit))?;
        let revealed = self.write(|writing| {
            let (transaction, path) = (writing.sql, writing.path);
            let mut current = load(transaction, path, writing.player()?, unit)?;
            writing.prove_row("units", &unit.to_string())?;
            if current.state == UnitState::Settled {
                return Err(StoreError::AlreadySettled(unit));
            }
            let first_seq = i64::try_from(current.steps.len()).unwrap_or(i64::MAX);
            for &step in steps {
                current
                    .progress
                    .apply(step)
                    .map_err(|source| StoreError::Step { unit, source })?;
            }
            let mut insert = transaction
                .prepare_cached(&format!(
                    "INSERT INTO reveal_steps (unit_id, seq, step, at) VALUES (?1, ?2, ?3, {NOW})"
                ))
                .on(path)?;
            for (seq, step) in (first_seq..).zip(steps) {
                let json = serde_json::to_string(step).expect("a step serializes");
                insert.execute(params![unit, seq, json]).on(path)?;
            }
            if !steps.is_empty() {
                transaction
                    .prepare_cached(
                        "UPDATE units SET state = 'revealing' WHERE id = ?1 AND state = 'sold'",
                    )
                    .and_then(|mut update| update.execute([unit]))
                    .on(path)?;
            }
            Ok(())
        });
        if let Err(error) = revealed {
            self.give_back_lease_if_idle();
            return Err(error);
        }
        self.unit(unit)
    }

    /// Settles unit `unit` once it is fully revealed: credits its prize (if any)
    /// exactly once, and gives back the play lease. Settling it again credits
    /// nothing.
    ///
    /// # Errors
    /// [`StoreError::NotFinished`] before every step is taken;
    /// [`StoreError::NoSuchUnit`]; [`StoreError::PlayedElsewhere`].
    pub fn settle(&mut self, unit: i64) -> Result<Settlement, StoreError> {
        if self.unit(unit)?.state == UnitState::Settled {
            return Ok(Settlement {
                unit: self.unit(unit)?,
                credited: false,
            });
        }
        self.take_lease(Some(unit))?;
        let credited = self.write(|writing| {
            let (transaction, path) = (writing.sql, writing.path);
            let player = writing.player()?;
            let current = load(transaction, path, player, unit)?;
            // Its state and prize as its last link holds them: a settled
            // unit set back to `sold` with a prize is neither paid nor
            // chained again.
            writing.prove_row("units", &unit.to_string())?;
            if current.state == UnitState::Settled {
                return Ok(false);
            }
            if !current.progress.is_complete() {
                return Err(StoreError::NotFinished(unit));
            }
            transaction
                .prepare_cached(&format!(
                    "UPDATE units SET state = 'settled', settled_at = {NOW} WHERE id = ?1"
                ))
                .and_then(|mut update| update.execute([unit]))
                .on(path)?;
            if current.prize.is_positive() {
                insert_entry(
                    writing,
                    player,
                    LedgerKind::Prize,
                    current.prize,
                    Some(unit),
                )?;
            }
            Ok(true)
        });
        self.give_back_lease_if_idle();
        Ok(Settlement {
            unit: self.unit(unit)?,
            credited: credited?,
        })
    }

    /// Reveals everything left of unit `unit` at once, as "Auto" does, and
    /// settles it: what the headless player does, and how an unfinished unit is
    /// completed without a screen ([`PointOfSale::finish`]).
    ///
    /// # Errors
    /// As [`Store::reveal`] and [`Store::settle`].
    pub fn finish(&mut self, unit: i64) -> Result<Settlement, StoreError> {
        PointOfSale::finish(self, unit)
    }

    /// The player's unit bought and not settled, if any: at most one at a
    /// time (none when the store acts for nobody).
    fn first_unfinished(&self) -> Result<Option<i64>, StoreError> {
        let Some(player) = self.play.player.as_ref() else {
            return Ok(None);
        };
        first_unfinished_in(&self.file.connection, player.id).on(&self.file.path)
    }

    /// Takes the play lease for `unit` (or for a purchase).
    fn take_lease(&mut self, unit: Option<i64>) -> Result<(), StoreError> {
        match self.play.lease.take(self.play.lease_wait) {
            Ok(Ok(())) => Ok(()),
            Ok(Err(HeldElsewhere { pid })) => Err(StoreError::PlayedElsewhere {
                unit: unit.or(self.first_unfinished().ok().flatten()),
                pid,
            }),
            Err(error) => Err(StoreError::SideFile {
                path: crate::files::sibling(&self.file.path, ".lease"),
                reason: error.to_string(),
            }),
        }
    }

    /// Gives back the play lease once the player has no unit unfinished
    /// (another's, left unfinished, is taken up again at their sign-in).
    fn give_back_lease_if_idle(&mut self) {
        if matches!(self.first_unfinished(), Ok(None)) {
            self.play.lease.give_back();
        }
    }

    /// Unit `unit` of the player the store acts for.
    ///
    /// # Errors
    /// [`StoreError::NoSuchUnit`] (another player's too);
    /// [`StoreError::SignedOut`]; [`StoreError::Inconsistent`] if its row
    /// cannot be read back.
    pub fn unit(&self, unit: i64) -> Result<Unit, StoreError> {
        load(
            &self.file.connection,
            &self.file.path,
            self.player_id()?,
            unit,
        )
    }

    /// Unit `unit`, whoever's it is: for the operator's recall and audits.
    ///
    /// # Errors
    /// As [`Store::unit`].
    pub fn any_unit(&self, unit: i64) -> Result<Unit, StoreError> {
        let row = self
            .file
            .connection
            .prepare_cached(&format!("{UNIT_COLUMNS} WHERE u.id = ?1"))
            .and_then(|mut statement| statement.query_row([unit], read_row).optional())
            .on(&self.file.path)?
            .ok_or(StoreError::NoSuchUnit(unit))?;
        complete(&self.file.connection, &self.file.path, row)
    }

    /// Every player's most recent units, newest first, each with its
    /// player's card: the operator's recall.
    ///
    /// # Errors
    /// [`StoreError`] if the database cannot be read.
    pub fn recent_units_of_all(&self, limit: u32) -> Result<Vec<(Unit, String)>, StoreError> {
        let units = load_where(
            &self.file.connection,
            &self.file.path,
            &format!("ORDER BY u.id DESC LIMIT {limit}"),
            None,
        )?;
        units
            .into_iter()
            .map(|unit| {
                let card: String = self
                    .file.connection
                    .prepare_cached(
                        "SELECT p.card FROM units u JOIN players p ON p.id = u.player_id WHERE u.id = ?1",
                    )
                    .and_then(|mut statement| statement.query_row([unit.id], |row| row.get(0)))
                    .on(&self.file.path)?;
                Ok((unit, card))
            })
            .collect()
    }

    /// The player's most recent units, newest first.
    ///
    /// # Errors
    /// [`StoreError`] if the database cannot be read.
    pub fn recent_units(&self, limit: u32) -> Result<Vec<Unit>, StoreError> {
        load_where(
            &self.file.connection,
            &self.file.path,
            &format!("WHERE {THE_PLAYER_S} ORDER BY u.id DESC LIMIT {limit}"),
            Some(self.player_id()?),
        )
    }

    /// Every unit of every player, oldest first.
    ///
    /// # Errors
    /// [`StoreError`] if the database cannot be read.
    pub fn all_units(&self) -> Result<Vec<Unit>, StoreError> {
        load_where(
            &self.file.connection,
            &self.file.path,
            "ORDER BY u.id",
            None,
        )
    }

    /// Every unit of the player the store acts for, oldest first.
    ///
    /// # Errors
    /// [`StoreError`] if the database cannot be read.
    pub fn player_units(&self) -> Result<Vec<Unit>, StoreError> {
        load_where(
            &self.file.connection,
            &self.file.path,
            &format!("WHERE {THE_PLAYER_S} ORDER BY u.id"),
            Some(self.player_id()?),
        )
    }

    /// The player's units bought but not yet settled, oldest first: to
    /// resume at sign-in (none when the store acts for nobody).
    ///
    /// # Errors
    /// [`StoreError`] if the database cannot be read.
    pub fn unfinished_units(&self) -> Result<Vec<Unit>, StoreError> {
        let Some(player) = self.play.player.as_ref() else {
            return Ok(Vec::new());
        };
        load_where(
            &self.file.connection,
            &self.file.path,
            "WHERE u.id IN (SELECT id FROM units INDEXED BY units_unsettled
                            WHERE player_id = ?1 AND state <> 'settled')
             ORDER BY u.id",
            Some(player.id),
        )
    }
}

/// Player `player`'s unfinished unit, read through `connection` (a
/// transaction's, possibly).
fn first_unfinished_in(connection: &Connection, player: i64) -> rusqlite::Result<Option<i64>> {
    connection
        // The partial index: ordering by id would scan every unit instead.
        .prepare_cached(
            "SELECT id FROM units INDEXED BY units_unsettled WHERE player_id = ?1 AND state <> 'settled'
             ORDER BY id LIMIT 1",
        )?
        .query_row([player], |row| row.get(0))
        .optional()
}

/// Player `player`'s unit `unit`, read through `connection` (a
/// transaction's, possibly).
fn load(connection: &Connection, path: &Path, player: i64, unit: i64) -> Result<Unit, StoreError> {
    let row = connection
        .prepare_cached(&format!(
            "{UNIT_COLUMNS} WHERE u.id = ?2 AND {THE_PLAYER_S}"
        ))
        .and_then(|mut statement| statement.query_row([player, unit], read_row).optional())
        .on(path)?
        .ok_or(StoreError::NoSuchUnit(unit))?;
    complete(connection, path, row)
}

/// The units selected by `clause` (a `WHERE`, `ORDER BY` or `LIMIT` tail),
/// which names the player `player` as `?1` if one is given.
fn load_where(
    connection: &Connection,
    path: &Path,
    clause: &str,
    player: Option<i64>,
) -> Result<Vec<Unit>, StoreError> {
    let rows: Vec<UnitRow> = connection
        .prepare_cached(&format!("{UNIT_COLUMNS} {clause}"))
        .and_then(|mut statement| match player {
            Some(player) => statement.query_map([player], read_row)?.collect(),
            None => statement.query_map([], read_row)?.collect(),
        })
        .on(path)?;
    rows.into_iter()
        .map(|row| complete(connection, path, row))
        .collect()
}

/// A unit from its row and its journaled steps.
fn complete(connection: &Connection, path: &Path, row: UnitRow) -> Result<Unit, StoreError> {
    let unit = row.id;
    let broken = |detail: String| StoreError::Inconsistent {
        path: path.to_path_buf(),
        detail: format!("unit {unit}: {detail}"),
    };
    let emission = guichet_core::games::emission_by_code(&row.emission)
        .ok_or_else(|| broken(format!("unknown emission {}", row.emission)))?;
    let scenario = Scenario::from_json(emission.game, &row.scenario)
        .map_err(|error| broken(error.to_string()))?;
    let state = UnitState::from_name(&row.state)
        .ok_or_else(|| broken(format!("unknown state {}", row.state)))?;
    let steps: Vec<String> = connection
        .prepare_cached("SELECT step FROM reveal_steps WHERE unit_id = ?1 ORDER BY seq")
        .and_then(|mut statement| statement.query_map([unit], |row| row.get(0))?.collect())
        .on(path)?;
    let steps: Vec<RevealStep> = steps
        .iter()
        .map(|step| serde_json::from_str(step).map_err(|error| broken(error.to_string())))
        .collect::<Result<_, _>>()?;
    let progress =
        Progress::replay(&scenario, &steps).map_err(|error| broken(error.to_string()))?;
    Ok(Unit {
        id: unit,
        emission,
        block: row.block,
        index: row.index,
        prize: Cents(row.prize),
        scenario,
        generator: row.generator,
        steps,
        progress,
        state,
        sold_at: row.sold_at,
        settled_at: row.settled_at,
    })
}
