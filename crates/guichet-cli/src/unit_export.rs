//! An exported unit: one JSON line that carries everything a unit is
//! checked by — its emission, block and index, the prize paid, the scenario
//! as its stream drew it, and its block's commitment and (once the block has
//! closed) seed. `guichet history --export FILE` writes them, `guichet
//! check-unit --export FILE` and `verifier/verify.py` read them
//! (`docs/FORMATS.md`).

use std::io::{self, BufRead, Write};
use std::path::Path;

use guichet_core::block::{Commitment, Seed};
use guichet_core::emission::Emission;
use guichet_core::games::{self, Scenario};
use guichet_core::money::Cents;
use guichet_core::unit_check::SoldUnit;
use guichet_sale::Unit;
use guichet_sqlite::BlockRecord;
use serde::{Deserialize, Serialize};

use crate::failure::Failure;

/// The `format` of an exported unit's line.
pub const FORMAT: &str = "guichet-unit-v1";

/// One exported unit, as its line says it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExportedUnit {
    /// Always [`FORMAT`].
    pub format: String,
    /// The unit's number in its kiosk's file.
    pub unit: i64,
    /// The game, as the audit writes it (`star_fortune`).
    pub game: String,
    /// The stake.
    pub stake_cents: i64,
    /// The block's number.
    pub block: u32,
    /// The unit's index in its block.
    pub index: u32,
    /// The prize paid.
    pub prize_cents: i64,
    /// The version of the generators that drew it.
    pub generator: u32,
    /// `sold`, `revealing` or `settled`.
    pub state: String,
    /// When it was sold.
    pub sold_at: String,
    /// What its stream drew (before any choice of the player), as the
    /// audit's scenarios.
    pub scenario: serde_json::Value,
    /// The block's commitment, hex.
    pub commitment: String,
    /// When the commitment was published.
    pub committed_at: String,
    /// The block's seed, hex, once it has closed.
    pub seed: Option<String>,
    /// When the block closed.
    pub closed_at: Option<String>,
}

/// An exported unit read back: what its line says, parsed.
#[derive(Debug)]
pub struct ReadUnit {
    /// The line as written.
    pub line: ExportedUnit,
    /// Its emission.
    pub emission: &'static Emission,
    /// Its scenario.
    pub scenario: Scenario,
    /// Its block's commitment.
    pub commitment: Commitment,
    /// Its block's seed, if published.
    pub seed: Option<Seed>,
}

impl ExportedUnit {
    /// The line of `unit`, sold from `block`.
    #[must_use]
    pub fn of(unit: &Unit, block: &BlockRecord) -> Self {
        Self {
            format: FORMAT.to_owned(),
            unit: unit.id,
            game: unit.emission.game.export_name().to_owned(),
            stake_cents: unit.emission.stake.get(),
            block: unit.block,
            index: unit.index,
            prize_cents: unit.prize.get(),
            generator: unit.generator,
            state: unit.state.name().to_owned(),
            sold_at: unit.sold_at.clone(),
            scenario: serde_json::to_value(&unit.scenario).unwrap_or_default(),
            commitment: block.facts.commitment.to_string(),
            committed_at: block.facts.committed_at.clone(),
            seed: block.seed.as_ref().map(Seed::expose_hex),
            closed_at: block.closed_at.clone(),
        }
    }

    /// This line parsed, or why it cannot be.
    ///
    /// # Errors
    /// A sentence naming the field at fault.
    pub fn read(self) -> Result<ReadUnit, String> {
        if self.format != FORMAT {
            return Err(format!("format {:?} is not {FORMAT}", self.format));
        }
        let game = games::by_export_name(&self.game)
            .ok_or_else(|| format!("no game {:?} ({})", self.game, games::names()))?;
        let emission = game
            .emissions()
            .find(|emission| emission.stake == Cents(self.stake_cents))
            .ok_or_else(|| format!("{game} is not sold at {}", Cents(self.stake_cents)))?;
        let scenario = Scenario::from_json(game, &self.scenario.to_string())
            .map_err(|error| format!("its scenario is not a {game} scenario: {error}"))?;
        let mut commitment = [0; 32];
        hex::decode_to_slice(&self.commitment, &mut commitment)
            .map_err(|error| format!("its commitment is not 64 hexadecimal digits: {error}"))?;
        let seed = self
            .seed
            .as_deref()
            .map(str::parse::<Seed>)
            .transpose()
            .map_err(|error| format!("its seed: {error}"))?;
        Ok(ReadUnit {
            line: self,
            emission,
            scenario,
            commitment: Commitment(commitment),
            seed,
        })
    }
}

impl ReadUnit {
    /// What the unit says of itself, to be checked.
    #[must_use]
    pub fn sold(&self) -> SoldUnit<'_> {
        SoldUnit {
            emission: self.emission,
            block: self.line.block,
            index: self.line.index,
            prize: Cents(self.line.prize_cents),
            scenario: &self.scenario,
            generator: self.line.generator,
        }
    }
}

/// The block of `blocks` that `unit` was sold from.
///
/// # Errors
/// When it is not among them: the file lost a block it sold from.
pub fn block_of<'a>(blocks: &'a [BlockRecord], unit: &Unit) -> anyhow::Result<&'a BlockRecord> {
    blocks
        .iter()
        .find(|block| {
            std::ptr::eq(block.emission, unit.emission) && block.facts.number == unit.block
        })
        .ok_or_else(|| {
            anyhow::anyhow!(
                "unit {}'s block {} of {} is not in the file",
                unit.id,
                unit.block,
                unit.emission
            )
        })
}

/// Writes `lines`, one JSON object each, to `writer`.
///
/// # Errors
/// The write's error.
pub fn write(writer: &mut impl Write, lines: &[ExportedUnit]) -> io::Result<()> {
    for line in lines {
        serde_json::to_writer(&mut *writer, line)?;
        writer.write_all(b"\n")?;
    }
    writer.flush()
}

/// Reads the exported units of the file at `path`, in order; a line that
/// is not one is a usage error naming its number.
///
/// # Errors
/// [`Failure::Usage`] for a file that cannot be read or a bad line.
pub fn read_file(path: &Path) -> Result<Vec<ReadUnit>, Failure> {
    let cannot = |what: String| Failure::Usage(format!("{}: {what}", path.display()));
    let file = std::fs::File::open(path).map_err(|error| cannot(error.to_string()))?;
    let mut units = Vec::new();
    for (number, line) in io::BufReader::new(file).lines().enumerate() {
        let line = line.map_err(|error| cannot(error.to_string()))?;
        if line.trim().is_empty() {
            continue;
        }
        let exported: ExportedUnit = serde_json::from_str(&line).map_err(|error| {
            cannot(format!(
                "line {}: not an exported unit: {error}",
                number + 1
            ))
        })?;
        units.push(
            exported
                .read()
                .map_err(|why| cannot(format!("line {}: {why}", number + 1)))?,
        );
    }
    if units.is_empty() {
        return Err(cannot("no exported unit in it".to_owned()));
    }
    Ok(units)
}
