//! Drawing the scenario of a unit from its prize and its random stream, with
//! its game's generator (each game's `generator.rs`, reached through the
//! registry).
//!
//! Invariant: a generator only ever receives a prize and a random stream, and
//! draws what is shown; it never decides a prize. Losing zones are decorated from
//! one distribution per game, the same whatever the prize (no engineered near
//! misses). The decisions each game's règlement leaves open are written at the top
//! of its generator.

use rand::Rng;

/// The version of the generators: what a seed gives, unit by unit, under this
/// build. It changes whenever a generator draws differently (version 2: the
/// bank, the winning numbers and the Bingo grids drawn first, blind to the
/// prize; decoy amounts from the block's winning amounts; version 3: a Black
/// Jack table dealt from one 52-card deck, no card twice; version 4: Star
/// Fortune's pucks fall by physics 2, bigger and bouncing, which the unit's
/// scenario names). The store records
/// it with every unit sold, so that a unit is always checked against the
/// generators that drew it (version 1 is the first release, commit aed9add).
pub const VERSION: u32 = 4;

/// The oldest generators' version this build still draws: a unit sold under
/// any version from it to [`VERSION`] is redrawn, checked and replayed as it
/// was sold.
pub const OLDEST: u32 = 2;

/// Whether this build draws as generators' `version` drew.
#[must_use]
pub const fn draws(version: u32) -> bool {
    OLDEST <= version && version <= VERSION
}

use crate::block::{Block, UnitStreams};
use crate::emission::Emission;
use crate::games::Scenario;
use crate::money::Cents;

/// A prize that the emission's table does not hold.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{emission} has no prize of {prize}")]
pub struct UnknownPrize {
    /// The emission, as `Black Jack 2,00 €`.
    pub emission: String,
    /// The prize asked for.
    pub prize: Cents,
}

/// Draws the scenario of a unit of `emission` worth `prize` from `rng`.
///
/// # Errors
/// [`UnknownPrize`] if `prize` is neither zero nor a prize of the table.
pub fn generate(
    emission: &Emission,
    prize: Cents,
    rng: &mut (impl Rng + ?Sized),
) -> Result<Scenario, UnknownPrize> {
    generate_under(VERSION, emission, prize, rng)
}

/// Draws the scenario of a unit of `emission` worth `prize` from `rng` as
/// generators' `version` drew it (one this build [`draws`]; any other is
/// drawn as [`VERSION`]).
///
/// # Errors
/// [`UnknownPrize`] if `prize` is neither zero nor a prize of the table.
pub fn generate_under(
    version: u32,
    emission: &Emission,
    prize: Cents,
    rng: &mut (impl Rng + ?Sized),
) -> Result<Scenario, UnknownPrize> {
    let version = if draws(version) { version } else { VERSION };
    Scenario::draw(emission, prize, rng, version).ok_or_else(|| UnknownPrize {
        emission: emission.to_string(),
        prize,
    })
}

/// The prize of unit `index` of `block` and its scenario, drawn from the unit's
/// own random stream: the same block and index always give the same scenario.
///
/// # Panics
/// If `index` is outside the block.
#[must_use]
pub fn unit_scenario(block: &Block, index: u32) -> (Cents, Scenario) {
    let prize = block.prize_of_unit(index);
    (prize, scenario_of_unit(block, index, prize))
}

/// The scenario of unit `index` of `block`, whose prize the caller already knows
/// (from a walk of the block, say): what [`unit_scenario`] draws, without
/// computing the prize again.
///
/// # Panics
/// If `prize` is not in the block's table.
#[must_use]
pub fn scenario_of_unit(block: &Block, index: u32, prize: Cents) -> Scenario {
    scenario_of_unit_under(VERSION, block, index, prize)
}

/// What [`scenario_of_unit`] draws, as generators' `version` drew it.
///
/// # Panics
/// If `prize` is not in the block's table.
#[must_use]
pub fn scenario_of_unit_under(version: u32, block: &Block, index: u32, prize: Cents) -> Scenario {
    scenario_from_streams_under(
        version,
        block.emission(),
        block.unit_streams(),
        index,
        prize,
    )
    .expect("a block's prizes are in its table")
}

/// The scenario of unit `index` of a block of `emission` whose unit streams
/// are `streams`, told its prize: what a kiosk of a network draws for the unit
/// it sold (it holds neither the seed nor any other unit's prize), the same as
/// [`scenario_of_unit`] draws with the block.
///
/// # Errors
/// [`UnknownPrize`] if `prize` is neither zero nor a prize of the table.
pub fn scenario_from_streams(
    emission: &Emission,
    streams: &UnitStreams,
    index: u32,
    prize: Cents,
) -> Result<Scenario, UnknownPrize> {
    scenario_from_streams_under(VERSION, emission, streams, index, prize)
}

/// What [`scenario_from_streams`] draws, as generators' `version` drew it.
///
/// # Errors
/// [`UnknownPrize`] if `prize` is neither zero nor a prize of the table.
pub fn scenario_from_streams_under(
    version: u32,
    emission: &Emission,
    streams: &UnitStreams,
    index: u32,
    prize: Cents,
) -> Result<Scenario, UnknownPrize> {
    generate_under(version, emission, prize, &mut streams.unit_rng(index))
}
