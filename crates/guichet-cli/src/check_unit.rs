//! `guichet check-unit`: one unit of a kiosk's file checked as its player
//! can (`guichet_core::unit_check`), from its block's published commitment
//! and, once the block has closed, its published seed; or the units of an
//! export (`unit_export`), each alike. One line a check, ✓ or ✗; or one
//! JSON object a unit.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use guichet_core::money::Cents;
use guichet_core::unit_check::{self, Check, Outcome, UnitCheck};
use guichet_sale::StoreError;
use serde_json::json;

use crate::failure::Failure;
use crate::output::Output;
use crate::shared_args::DatabaseArgs;
use crate::unit_export::{self, ExportedUnit, ReadUnit};

/// `guichet check-unit`.
#[derive(Debug, Args)]
pub struct CheckUnitArgs {
    /// The database.
    #[command(flatten)]
    pub database: DatabaseArgs,
    /// The unit's number (as the history shows it); with --export, the one
    /// of the file's units to check.
    #[arg(long, value_name = "ID", required_unless_present = "export")]
    pub unit: Option<i64>,
    /// Check the units exported to FILE (`guichet history --export`), each
    /// with the commitment and seed it carries, without any database.
    #[arg(long, value_name = "FILE", conflicts_with = "db")]
    pub export: Option<PathBuf>,
    /// Print one JSON object a unit instead of lines.
    #[arg(long)]
    pub json: bool,
}

/// Runs `guichet check-unit`: exit 0 when every check holds, 1 otherwise.
pub(super) fn run(arguments: &CheckUnitArgs, out: &mut Output) -> Result<ExitCode, Failure> {
    let units = match (&arguments.export, arguments.unit) {
        (Some(file), unit) => {
            let units = unit_export::read_file(file)?;
            match unit {
                None => units,
                Some(id) => {
                    let chosen: Vec<_> = units
                        .into_iter()
                        .filter(|read| read.line.unit == id)
                        .collect();
                    if chosen.is_empty() {
                        return Err(Failure::Usage(format!(
                            "there is no unit {id} in {}",
                            file.display()
                        )));
                    }
                    chosen
                }
            }
        }
        (None, Some(id)) => vec![from_database(arguments, id)?],
        (None, None) => {
            return Err(Failure::Usage(
                "check-unit needs --unit ID (with --db) or --export FILE".to_owned(),
            ));
        }
    };
    let mut every_one_holds = true;
    for unit in &units {
        let checked = unit_check::check(&unit.sold(), unit.commitment, unit.seed.as_ref());
        if arguments.json {
            out.line(as_json(&unit.line, &checked))?;
        } else {
            as_lines(unit, arguments.export.is_some(), &checked, out)?;
        }
        every_one_holds &= checked.holds();
    }
    Ok(if every_one_holds {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Unit `id` of the kiosk's file, with its block, as an export would carry it.
fn from_database(arguments: &CheckUnitArgs, id: i64) -> Result<ReadUnit, Failure> {
    let store = arguments.database.open_to_read()?;
    let unit = match store.any_unit(id) {
        Err(StoreError::NoSuchUnit(id)) => {
            return Err(Failure::Usage(format!(
                "there is no unit {id} in {}",
                store.path().display()
            )));
        }
        other => other?,
    };
    let blocks = store.blocks()?;
    let block = unit_export::block_of(&blocks, &unit)?;
    ExportedUnit::of(&unit, block)
        .read()
        .map_err(|why| Failure::Other(anyhow::anyhow!("unit {id}: {why}")))
}

/// The check, as lines.
fn as_lines(
    read: &ReadUnit,
    from_export: bool,
    checked: &UnitCheck,
    out: &mut Output,
) -> Result<(), Failure> {
    let (unit, emission) = (&read.line, read.emission);
    out.line(format_args!(
        "unit {}: {}, block {}, unit {} of {}, sold {}, paid {}",
        unit.unit,
        emission,
        unit.block,
        unit.index,
        emission.block_size,
        unit.sold_at,
        Cents(unit.prize_cents)
    ))?;
    out.line(format_args!(
        "commitment {} (published {})",
        unit.commitment, unit.committed_at
    ))?;
    if from_export {
        out.line("  (as the export says: compare it with the commitment the kiosk published before the block's first sale)")?;
    }
    match &unit.seed {
        Some(seed) => out.line(format_args!(
            "seed {seed} (published {})",
            unit.closed_at.as_deref().unwrap_or("when it closed")
        ))?,
        None => out.line("seed: not yet published — the block still sells; it is published when the block closes")?,
    }
    for (check, outcome) in &checked.lines {
        let mark = match outcome {
            Outcome::Holds => "✓",
            Outcome::Fails => "✗",
            Outcome::Waits => "…",
            Outcome::OtherGenerators => "?",
        };
        out.line(format_args!("{mark} {}", words(check, *outcome, unit)))?;
    }
    if checked.holds() {
        out.line(format_args!("unit {}: every check holds", unit.unit))
    } else if checked.waits() {
        out.line(format_args!(
            "unit {}: verifiable once block {} closes",
            unit.unit, unit.block
        ))
    } else {
        out.line(format_args!("unit {}: a check FAILS", unit.unit))
    }
}

/// What a check says, in words.
fn words(check: &Check, outcome: Outcome, unit: &ExportedUnit) -> String {
    match (check, outcome) {
        (Check::SeedGivesCommitment, Outcome::Waits) => {
            "the seed will be checked against the commitment".to_owned()
        }
        (Check::SeedGivesCommitment, _) => {
            "the seed published gives the commitment published before the first sale".to_owned()
        }
        (Check::TierIsThePrizePaid { .. }, Outcome::Waits) => format!(
            "unit {}'s tier will be drawn by the block's permutation",
            unit.index
        ),
        (Check::TierIsThePrizePaid { tier, block_prize }, _) => format!(
            "the block's permutation gives unit {} {}, {block_prize}; paid {}",
            unit.index,
            tier.map_or_else(
                || "no prize".to_owned(),
                |tier| format!("tier {}", tier + 1)
            ),
            Cents(unit.prize_cents)
        ),
        (Check::StreamDrawsTheScenario, Outcome::Waits) => {
            "the scenario will be drawn again from the unit's stream".to_owned()
        }
        (Check::StreamDrawsTheScenario, Outcome::OtherGenerators) => format!(
            "the scenario was drawn by generators version {}, not redrawn by this build's",
            unit.generator
        ),
        (Check::StreamDrawsTheScenario, _) => {
            "the unit's stream draws the scenario shown".to_owned()
        }
        (Check::ScenarioPaysThePrize { pays }, _) => format!(
            "the règlement pays {pays} for the scenario shown; paid {}",
            Cents(unit.prize_cents)
        ),
        (Check::ScenarioIsLegal(Ok(())), _) => {
            "the scenario shown breaks no rule of the règlement".to_owned()
        }
        (Check::ScenarioIsLegal(Err(reason)), _) => format!("the scenario shown: {reason}"),
    }
}

/// The check, as one JSON object: the exported unit, its checks, and
/// whether they all hold.
fn as_json(unit: &ExportedUnit, checked: &UnitCheck) -> serde_json::Value {
    let checks: Vec<_> = checked
        .lines
        .iter()
        .map(|(check, outcome)| {
            let name = match check {
                Check::SeedGivesCommitment => "seed_gives_commitment",
                Check::TierIsThePrizePaid { .. } => "tier_is_the_prize_paid",
                Check::StreamDrawsTheScenario => "stream_draws_the_scenario",
                Check::ScenarioPaysThePrize { .. } => "scenario_pays_the_prize",
                Check::ScenarioIsLegal(_) => "scenario_is_legal",
            };
            let outcome = match outcome {
                Outcome::Holds => "holds",
                Outcome::Fails => "fails",
                Outcome::Waits => "waits",
                Outcome::OtherGenerators => "other_generators",
            };
            json!({ "check": name, "outcome": outcome })
        })
        .collect();
    let mut object = serde_json::to_value(unit).unwrap_or_default();
    object["checks"] = checks.into();
    object["holds"] = checked.holds().into();
    object
}
