//! `guichet network meters|blocks|packs|closings`: the network operator's reports,
//! a table each, or one JSON object per line with `--json` (the formats:
//! docs/FORMATS.md).

use std::collections::BTreeMap;
use std::process::ExitCode;

use anyhow::Context as _;
use clap::Args;
use guichet_core::emission::Emission;
use guichet_core::money::Cents;
use guichet_network::KioskMeter;
use serde_json::json;

use crate::connect::operator;
use crate::failure::Failure;
use crate::output::Output;
use crate::shared_args::OperatorArgs;

/// `guichet network meters` and `guichet network blocks`.
#[derive(Debug, Args)]
pub struct NetworkReportArgs {
    /// The network's database.
    #[command(flatten)]
    pub operator: OperatorArgs,
    /// One JSON object per line instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// `guichet network closings`.
#[derive(Debug, Args)]
pub struct NetworkClosingsArgs {
    /// The network's database.
    #[command(flatten)]
    pub operator: OperatorArgs,
    /// The kiosk whose closings to write, all of them.
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
    /// Each kiosk's last closing as one JSON object per line.
    #[arg(long)]
    pub json: bool,
}

/// A return to player as "66,7 %", or a dash before any stake.
fn percent(rtp: Option<f64>) -> String {
    rtp.map_or_else(
        || "—".to_owned(),
        |rtp| format!("{:.1} %", rtp * 100.0).replace('.', ","),
    )
}

/// The règlement's return to player of `emission`, as a fraction.
// Basis points below 10 000: exact in an f64.
#[allow(clippy::cast_precision_loss)]
fn table_return(emission: &Emission) -> f64 {
    emission.return_to_player_basis_points() as f64 / 10_000.0
}

/// `guichet network meters`: each kiosk's line for each emission it sold,
/// then the emission's total over the network; then each desk's money in
/// and out.
pub(crate) fn meters(arguments: &NetworkReportArgs, out: &mut Output) -> Result<ExitCode, Failure> {
    let meters = operator(&arguments.operator.db)?
        .meters()
        .context("reading the meters")?;
    let mut totals: BTreeMap<String, KioskMeter> = BTreeMap::new();
    let mut by_emission: Vec<(&'static Emission, Vec<&KioskMeter>)> = Vec::new();
    for meter in &meters {
        match by_emission.last_mut() {
            Some((emission, lines)) if std::ptr::eq(*emission, meter.emission) => lines.push(meter),
            _ => by_emission.push((meter.emission, vec![meter])),
        }
        let total = totals
            .entry(meter.emission.code())
            .or_insert_with(|| KioskMeter {
                emission: meter.emission,
                kiosk: String::new(),
                units: 0,
                staked: Cents::ZERO,
                paid: Cents::ZERO,
            });
        total.units += meter.units;
        total.staked = Cents(total.staked.get() + meter.staked.get());
        total.paid = Cents(total.paid.get() + meter.paid.get());
    }
    if !arguments.json {
        out.line(format_args!(
            "{:<18} {:<16} {:>9} {:>14} {:>14} {:>8} {:>10}",
            "emission", "kiosk", "units", "staked", "paid", "return", "règlement"
        ))?;
    }
    for (emission, lines) in by_emission {
        let total = &totals[&emission.code()];
        for (meter, kiosk) in lines
            .into_iter()
            .map(|meter| (meter, Some(meter.kiosk.as_str())))
            .chain([(total, None)])
        {
            if arguments.json {
                out.line(json!({
                    "emission": emission.code(),
                    "kiosk": kiosk,
                    "units": meter.units,
                    "staked_cents": meter.staked.get(),
                    "paid_cents": meter.paid.get(),
                    "return_to_player": meter.return_to_player(),
                    "reglement_return_to_player": table_return(emission),
                }))?;
            } else {
                out.line(format_args!(
                    "{:<18} {:<16} {:>9} {:>14} {:>14} {:>8} {:>10}",
                    emission.code(),
                    kiosk.unwrap_or("(network)"),
                    meter.units,
                    meter.staked.to_string(),
                    meter.paid.to_string(),
                    percent(meter.return_to_player()),
                    percent(Some(table_return(emission)))
                ))?;
            }
        }
    }
    for desk in operator(&arguments.operator.db)?
        .desk_meters()
        .context("reading the desks' money")?
    {
        if arguments.json {
            out.line(json!({
                "desk": desk.desk,
                "deposits": desk.deposits.0,
                "deposited_cents": desk.deposits.1.get(),
                "withdrawals": desk.withdrawals.0,
                "paid_out_cents": desk.withdrawals.1.get(),
            }))?;
        } else {
            out.line(format_args!(
                "desk {:<18} {:>6} deposit(s) {:>14}  {:>6} payout(s) {:>14}",
                desk.desk,
                desk.deposits.0,
                desk.deposits.1.to_string(),
                desk.withdrawals.0,
                desk.withdrawals.1.to_string()
            ))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `guichet network blocks`: every block, open or finished, its commitment
/// and, once finished, its seed.
pub(crate) fn blocks(arguments: &NetworkReportArgs, out: &mut Output) -> Result<ExitCode, Failure> {
    let blocks = operator(&arguments.operator.db)?
        .blocks()
        .context("reading the blocks")?;
    for block in blocks {
        let state = if block.finished_at.is_some() {
            "finished"
        } else {
            "open"
        };
        if arguments.json {
            out.line(json!({
                "emission": block.emission.code(),
                "block": block.number,
                "state": state,
                "size": block.size,
                "sold": block.sold,
                "commitment": block.commitment,
                "opened_at": block.opened_at,
                "finished_at": block.finished_at,
                "seed": block.seed,
            }))?;
        } else {
            out.line(format_args!(
                "{:<18} block {:>4}  {:<8} {:>9}/{:<9} sold  opened {}  commitment {}{}",
                block.emission.code(),
                block.number,
                state,
                block.sold,
                block.size,
                block.opened_at,
                block.commitment,
                block
                    .seed
                    .as_ref()
                    .map_or_else(String::new, |seed| format!("  seed {seed}"))
            ))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `guichet network packs`: every pack being sold, held by a kiosk or handed
/// back part sold, with its last sale.
pub(crate) fn packs(arguments: &NetworkReportArgs, out: &mut Output) -> Result<ExitCode, Failure> {
    let packs = operator(&arguments.operator.db)?
        .packs_being_sold()
        .context("reading the packs")?;
    for pack in packs {
        if arguments.json {
            out.line(json!({
                "emission": pack.emission.code(),
                "block": pack.block,
                "pack": pack.number,
                "first_unit": pack.first_unit,
                "size": pack.size,
                "sold": pack.sold,
                "kiosk": pack.kiosk,
                "taken_at": pack.taken_at,
                "last_sale_at": pack.last_sale_at,
            }))?;
        } else {
            out.line(format_args!(
                "{:<18} block {:>4}  pack {:>6}  {:>3}/{:<3} sold  {}  last sale {}",
                pack.emission.code(),
                pack.block,
                pack.number,
                pack.sold,
                pack.size,
                pack.kiosk.as_ref().map_or_else(
                    || "in the reserve".to_owned(),
                    |kiosk| format!(
                        "held by {kiosk} since {}",
                        pack.taken_at.as_deref().unwrap_or("—")
                    )
                ),
                pack.last_sale_at.as_deref().unwrap_or("—"),
            ))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `guichet network closings`: with `--name`, each closing that kiosk sent,
/// a JSON line each, `{"closing": BODY, "signature": HEX}`; else each
/// kiosk's last closing received.
pub(crate) fn closings(
    arguments: &NetworkClosingsArgs,
    out: &mut Output,
) -> Result<ExitCode, Failure> {
    let mut operator = operator(&arguments.operator.db)?;
    if let Some(name) = &arguments.name {
        let closings = operator
            .kiosk_closings(name)
            .context("reading the kiosk's closings")?;
        for (counter, body, signature) in closings {
            let body: serde_json::Value = serde_json::from_str(&body)
                .with_context(|| format!("closing {counter} of kiosk {name} is not JSON"))?;
            out.line(json!({ "closing": body, "signature": hex::encode(&signature) }))?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    for last in operator
        .last_closings()
        .context("reading the kiosks' closings")?
    {
        let body: serde_json::Value = serde_json::from_str(&last.body).with_context(|| {
            format!(
                "closing {} of kiosk {} is not JSON",
                last.counter, last.kiosk
            )
        })?;
        if arguments.json {
            out.line(json!({
                "kiosk": last.kiosk,
                "counter": last.counter,
                "received_at": last.received_at,
                "closing": body,
                "signature": hex::encode(&last.signature),
            }))?;
        } else {
            let field = |pointer: &str| {
                body.pointer(pointer)
                    .and_then(serde_json::Value::as_str)
                    .unwrap_or("?")
                    .to_owned()
            };
            out.line(format_args!(
                "{:<16} closing {:>5}  {} {}  received {}",
                last.kiosk,
                last.counter,
                field("/period/kind"),
                field("/period/label"),
                last.received_at
            ))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
