//! A unit as the server's rows give it (`guichet.units`, `guichet.player_units`):
//! its scenario drawn from its block's unit streams with the generator it was
//! sold under, its journal replayed; and the journal as the server keeps it.

use guichet_core::block::UnitStreams;
use guichet_core::emission::Emission;
use guichet_core::generator::{self, scenario_from_streams_under};
use guichet_core::money::Cents;
use guichet_core::reveal::Progress;
use guichet_core::step::RevealStep;
use guichet_sale::{StoreError, Unit, UnitState};

use crate::error::{NetworkError, unsigned};

/// The columns of a unit's row, as `guichet.units` and
/// `guichet.player_units` return them: what [`unit_of`] reads.
pub(crate) const UNIT_ROW: &str =
    "sale_id, emission, block_number, unit_index, prize_cents, stream_key,
                        generator, sold_at, settled_at, steps";

/// `steps` as the server journals them, each its JSON.
pub(crate) fn journal_of(steps: &[RevealStep]) -> Vec<String> {
    steps
        .iter()
        .map(|step| serde_json::to_string(step).expect("a step serializes"))
        .collect()
}

/// The unit of a row of [`UNIT_ROW`], its scenario drawn from its
/// block's unit streams and its journal replayed.
pub(crate) fn unit_of(row: &postgres::Row) -> Result<Unit, StoreError> {
    let id: i64 = row.get(0);
    let code: String = row.get(1);
    let emission = guichet_core::games::emission_by_code(&code)
        .ok_or_else(|| NetworkError::Unexpected(format!("no emission {code} in this build")))?;
    let generator: i32 = row.get(6);
    let journal: Vec<String> = row.get(9);
    let steps = journal
        .iter()
        .map(|step| serde_json::from_str(step))
        .collect::<Result<Vec<RevealStep>, _>>()
        .map_err(|error| NetworkError::Unexpected(format!("unit {id}'s journal: {error}")))?;
    let mut unit = drawn(
        id,
        emission,
        (row.get(2), row.get(3)),
        Cents(row.get(4)),
        &row.get::<_, Vec<u8>>(5),
        generator,
        row.get(7),
    )?;
    unit.progress = Progress::replay(&unit.scenario, &steps)
        .map_err(|source| StoreError::Step { unit: id, source })?;
    unit.settled_at = row.get(8);
    unit.state = if unit.settled_at.is_some() {
        UnitState::Settled
    } else if steps.is_empty() {
        UnitState::Sold
    } else {
        UnitState::Revealing
    };
    unit.steps = steps;
    Ok(unit)
}

/// Unit `id` of `emission`, at (block, index), worth `prize`, as sold: its
/// scenario drawn with generator `generator` from `stream_key`.
fn drawn(
    id: i64,
    emission: &'static Emission,
    (block, index): (i32, i32),
    prize: Cents,
    stream_key: &[u8],
    generator: i32,
    sold_at: String,
) -> Result<Unit, StoreError> {
    let unexpected = |what: String| StoreError::from(NetworkError::Unexpected(what));
    let Some(version) = u32::try_from(generator)
        .ok()
        .filter(|&version| generator::draws(version))
    else {
        return Err(unexpected(format!(
            "unit {id} was drawn with generator {generator}, this kiosk draws with {} to {}",
            generator::OLDEST,
            generator::VERSION
        )));
    };
    let key: [u8; 32] = stream_key.try_into().map_err(|error| {
        unexpected(format!(
            "unit {id}'s stream key of {} bytes: {error}",
            stream_key.len()
        ))
    })?;
    let index = unsigned(index, &format!("unit {id}'s index"))?;
    let scenario = scenario_from_streams_under(version, emission, &UnitStreams(key), index, prize)
        .map_err(|error| unexpected(format!("unit {id}: {error}")))?;
    let block = unsigned(block, &format!("unit {id}'s block"))?;
    Ok(Unit::sold(
        id,
        (emission, block, index),
        (prize, scenario),
        sold_at,
    ))
}
