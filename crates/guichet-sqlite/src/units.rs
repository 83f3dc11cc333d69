//! Game units read back (one, a player's, every player's, with their
//! journaled steps), and the play lease a unit is played under. Buying,
//! revealing and settling are the sale's ([`guichet_sale::PointOfSale`], in
//! `point_of_sale`).

use guichet_core::games::Scenario;
use guichet_core::money::Cents;
use guichet_core::reveal::Progress;
use guichet_core::step::RevealStep;
use std::path::Path;

use rusqlite::{Connection, OptionalExtension as _};

use guichet_sale::{Unit, UnitState};

use crate::lease::HeldElsewhere;
use crate::sqlite_error::OnFile as _;
use crate::store::Store;
use guichet_sale::StoreError;

const UNIT_COLUMNS: &str =
    "SELECT u.id, b.emission, b.number, u.unit_index, u.prize_cents, u.scenario, u.state,
            u.sold_at, u.settled_at, u.generator
     FROM units u JOIN blocks b ON b.id = u.block_id";

/// The condition that keeps a player's units, the player `?1`.
pub(crate) const THE_PLAYER_S: &str = "u.player_id = ?1";

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
    /// The player's unit bought and not settled, if any: at most one at a
    /// time (none when the store acts for nobody).
    pub(crate) fn first_unfinished(&self) -> Result<Option<i64>, StoreError> {
        let Some(player) = self.play.player.as_ref() else {
            return Ok(None);
        };
        first_unfinished_in(&self.file.connection, player.id).on(&self.file.path)
    }

    /// Takes the play lease for `unit` (or for a purchase).
    pub(crate) fn take_lease(&mut self, unit: Option<i64>) -> Result<(), StoreError> {
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
    pub(crate) fn give_back_lease_if_idle(&mut self) {
        if matches!(self.first_unfinished(), Ok(None)) {
            self.play.lease.give_back();
        }
    }

    /// Unit `unit`, whoever's it is: for the operator's recall and audits.
    ///
    /// # Errors
    /// As [`PointOfSale::unit`](guichet_sale::PointOfSale::unit).
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
}

/// Player `player`'s unfinished unit, read through `connection` (a
/// transaction's, possibly).
pub(crate) fn first_unfinished_in(
    connection: &Connection,
    player: i64,
) -> rusqlite::Result<Option<i64>> {
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
pub(crate) fn load(
    connection: &Connection,
    path: &Path,
    player: i64,
    unit: i64,
) -> Result<Unit, StoreError> {
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
pub(crate) fn load_where(
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
