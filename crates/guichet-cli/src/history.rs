//! `guichet history`: a player's record, as a table or as the audit JSON.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use guichet_core::games::Scenario;
use guichet_sale::{PointOfSale as _, Unit};
use guichet_sqlite::{LedgerEntry, ProtectionEvent, ProtectionRecord, Store};
use serde::Serialize;

use crate::audit::create_output;
use crate::failure::Failure;
use crate::output::Output;
use crate::shared_args::{DatabaseArgs, PlayerArgs};
use crate::unit_export::{self, ExportedUnit};

/// `guichet history`.
#[derive(Debug, Args)]
pub struct HistoryArgs {
    /// The database.
    #[command(flatten)]
    pub database: DatabaseArgs,
    /// Whose record.
    #[command(flatten)]
    pub player: PlayerArgs,
    /// Print one JSON object (the audit format) instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Also write every unit of the player to FILE, one exported unit a line
    /// (with its block's commitment and, once it has closed, its seed), for
    /// `guichet check-unit --export` and `verifier/verify.py`.
    #[arg(long, value_name = "FILE")]
    pub export: Option<PathBuf>,
}

/// `--json`: one object, exactly the audit format.
#[derive(Serialize)]
struct Record {
    balance_cents: i64,
    ledger: Vec<LedgerLine>,
    units: Vec<UnitLine>,
    protection: Vec<ProtectionLine>,
}

/// A protection record: its kind says which optional fields it has.
#[derive(Serialize)]
struct ProtectionLine {
    id: i64,
    at: String,
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    amount_cents: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    effective_at: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    until: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    played_seconds: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    net_cents: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    choice: Option<&'static str>,
}

impl From<ProtectionRecord> for ProtectionLine {
    fn from(record: ProtectionRecord) -> Self {
        let mut line = Self {
            id: record.id,
            at: record.at,
            kind: record.event.name(),
            amount_cents: None,
            effective_at: None,
            until: None,
            played_seconds: None,
            net_cents: None,
            choice: None,
        };
        match record.event {
            ProtectionEvent::AgeConfirmed | ProtectionEvent::AgeRefused => {}
            ProtectionEvent::Limit {
                amount,
                effective_at,
                ..
            } => {
                line.amount_cents = Some(amount.get());
                line.effective_at = Some(effective_at);
            }
            ProtectionEvent::Exclusion { until } => line.until = Some(until),
            ProtectionEvent::RealityCheck {
                played_seconds,
                net,
                choice,
            } => {
                line.played_seconds = Some(played_seconds);
                line.net_cents = Some(net.get());
                line.choice = Some(choice.name());
            }
        }
        line
    }
}

#[derive(Serialize)]
struct LedgerLine {
    id: i64,
    at: String,
    kind: &'static str,
    amount_cents: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    unit: Option<i64>,
}

#[derive(Serialize)]
struct UnitLine {
    id: i64,
    game: &'static str,
    stake_cents: i64,
    block: u32,
    index: u32,
    prize_cents: i64,
    state: &'static str,
    sold_at: String,
    scenario: Scenario,
}

impl From<LedgerEntry> for LedgerLine {
    fn from(entry: LedgerEntry) -> Self {
        Self {
            id: entry.id,
            at: entry.at,
            kind: entry.kind.name(),
            amount_cents: entry.amount.get(),
            unit: entry.unit,
        }
    }
}

impl From<Unit> for UnitLine {
    fn from(unit: Unit) -> Self {
        Self {
            id: unit.id,
            game: unit.emission.game.export_name(),
            stake_cents: unit.emission.stake.get(),
            block: unit.block,
            index: unit.index,
            prize_cents: unit.prize.get(),
            state: unit.state.name(),
            scenario: unit.shown_scenario(),
            sold_at: unit.sold_at,
        }
    }
}

/// Runs `guichet history`.
pub(super) fn run(arguments: &HistoryArgs, out: &mut Output) -> Result<ExitCode, Failure> {
    let mut store = arguments
        .database
        .open_to_read_for(&arguments.player.player)?;
    let balance = store.balance()?;
    let units = store.player_units()?;
    if let Some(path) = &arguments.export {
        export(&store, &units, path)?;
    }
    if arguments.json {
        let record = Record {
            balance_cents: balance.get(),
            ledger: store.ledger()?.into_iter().map(LedgerLine::from).collect(),
            units: units.into_iter().map(UnitLine::from).collect(),
            protection: store
                .protection_records()?
                .into_iter()
                .map(ProtectionLine::from)
                .collect(),
        };
        out.line(serde_json::to_string(&record).map_err(anyhow::Error::from)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    out.line(format_args!("balance {balance}"))?;
    out.line(format_args!(
        "{:>6}  {:<20}  {:<20}  {:>10}  {:>12}  state",
        "unit", "sold at", "game", "stake", "prize"
    ))?;
    for unit in units.iter().rev() {
        out.line(format_args!(
            "{:>6}  {:<20}  {:<20}  {:>10}  {:>12}  {}",
            unit.id,
            unit.sold_at,
            unit.emission.game.title(),
            unit.emission.stake.to_string(),
            unit.prize.to_string(),
            unit.state.name()
        ))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes `units`, each with its block's commitment and seed, to the file at
/// `path`, one exported unit a line.
fn export(store: &Store, units: &[Unit], path: &Path) -> Result<(), Failure> {
    let blocks = store.blocks()?;
    let lines = units
        .iter()
        .map(|unit| unit_export::block_of(&blocks, unit).map(|block| ExportedUnit::of(unit, block)))
        .collect::<Result<Vec<_>, _>>()?;
    let mut file = create_output(path)?;
    unit_export::write(&mut file, &lines)
        .and_then(|()| file.get_ref().sync_all())
        .map_err(|error| Failure::Output(format!("cannot write {}: {error}", path.display())))
}
