//! `guichet check-unit`: one unit of a kiosk's file checked as its player
//! can (`guichet_core::unit_check`), from its block's published commitment
//! and, once the block has closed, its published seed. One line a check,
//! ✓ or ✗; or one JSON object.

use std::process::ExitCode;

use guichet_core::unit_check::{self, Check, Outcome, SoldUnit, UnitCheck};
use guichet_sale::{StoreError, Unit};
use guichet_sqlite::BlockRecord;
use serde_json::json;

use crate::args::CheckUnitArgs;
use crate::failure::Failure;
use crate::output::Output;

/// Runs `guichet check-unit`: exit 0 when every check holds, 1 otherwise.
pub(super) fn run(arguments: &CheckUnitArgs, out: &mut Output) -> Result<ExitCode, Failure> {
    let store = arguments.database.open_to_read()?;
    let unit = match store.any_unit(arguments.unit) {
        Err(StoreError::NoSuchUnit(id)) => {
            return Err(Failure::Usage(format!(
                "there is no unit {id} in {}",
                store.path().display()
            )));
        }
        other => other?,
    };
    let block = store
        .blocks()?
        .into_iter()
        .find(|block| {
            std::ptr::eq(block.emission, unit.emission) && block.facts.number == unit.block
        })
        .ok_or_else(|| {
            Failure::Other(anyhow::anyhow!(
                "unit {}'s block {} of {} is not in the file",
                unit.id,
                unit.block,
                unit.emission
            ))
        })?;
    let sold = SoldUnit {
        emission: unit.emission,
        block: unit.block,
        index: unit.index,
        prize: unit.prize,
        scenario: &unit.scenario,
        generator: unit.generator,
    };
    let checked = unit_check::check(&sold, block.facts.commitment, block.seed.as_ref());
    if arguments.json {
        out.line(as_json(&unit, &block, &checked))?;
    } else {
        as_lines(&unit, &block, &checked, out)?;
    }
    Ok(if checked.holds() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The check, as lines.
fn as_lines(
    unit: &Unit,
    block: &BlockRecord,
    checked: &UnitCheck,
    out: &mut Output,
) -> Result<(), Failure> {
    out.line(format_args!(
        "unit {}: {}, block {}, unit {} of {}, sold {}, paid {}",
        unit.id,
        unit.emission,
        unit.block,
        unit.index,
        unit.emission.block_size,
        unit.sold_at,
        unit.prize
    ))?;
    out.line(format_args!(
        "commitment {} (published {})",
        block.facts.commitment, block.facts.committed_at
    ))?;
    match &block.seed {
        Some(seed) => out.line(format_args!(
            "seed {} (published {})",
            seed.expose_hex(),
            block.closed_at.as_deref().unwrap_or("when it closed")
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
        out.line(format_args!("unit {}: every check holds", unit.id))
    } else if checked.waits() {
        out.line(format_args!(
            "unit {}: verifiable once block {} closes",
            unit.id, unit.block
        ))
    } else {
        out.line(format_args!("unit {}: a check FAILS", unit.id))
    }
}

/// What a check says, in words.
fn words(check: &Check, outcome: Outcome, unit: &Unit) -> String {
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
            unit.prize
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
            unit.prize
        ),
        (Check::ScenarioIsLegal(Ok(())), _) => {
            "the scenario shown breaks no rule of the règlement".to_owned()
        }
        (Check::ScenarioIsLegal(Err(reason)), _) => format!("the scenario shown: {reason}"),
    }
}

/// The check, as one JSON object.
fn as_json(unit: &Unit, block: &BlockRecord, checked: &UnitCheck) -> serde_json::Value {
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
    json!({
        "unit": unit.id,
        "game": unit.emission.game.export_name(),
        "stake_cents": unit.emission.stake.get(),
        "block": unit.block,
        "index": unit.index,
        "prize_cents": unit.prize.get(),
        "generator": unit.generator,
        "scenario": serde_json::from_str::<serde_json::Value>(&unit.scenario.to_json()).unwrap_or_default(),
        "commitment": block.facts.commitment.to_string(),
        "committed_at": block.facts.committed_at,
        "seed": block.seed.as_ref().map(guichet_core::block::Seed::expose_hex),
        "checks": checks,
        "holds": checked.holds(),
    })
}
