//! `guichet limits` and `guichet exclude`: a player's protection from the
//! command line, their own acts (signed in with their PIN), under the same
//! rules as the kiosk (the store enforces them).

use std::process::ExitCode;

use clap::Args;
use guichet_core::money::Cents;
use guichet_sale::time::in_utc as utc;
use guichet_sale::{Limit, LimitKind, PointOfSale as _, Protection};

use crate::failure::Failure;
use crate::output::Output;
use crate::shared_args::{DatabaseArgs, PlayerArgs};
use crate::values::{parse_days, parse_euros};

/// `guichet limits`.
#[derive(Debug, Args)]
pub struct LimitsArgs {
    /// The database.
    #[command(flatten)]
    pub database: DatabaseArgs,
    /// Whose limits.
    #[command(flatten)]
    pub player: PlayerArgs,
    /// The most the player may deposit over 7 rolling days, in euros.
    #[arg(long, value_name = "EUROS", value_parser = parse_euros, allow_negative_numbers = true)]
    pub deposit: Option<Cents>,
    /// The most the player may stake over 7 rolling days, in euros.
    #[arg(long, value_name = "EUROS", value_parser = parse_euros, allow_negative_numbers = true)]
    pub stake: Option<Cents>,
}

/// `guichet exclude`.
#[derive(Debug, Args)]
pub struct ExcludeArgs {
    /// The database.
    #[command(flatten)]
    pub database: DatabaseArgs,
    /// Who takes a break.
    #[command(flatten)]
    pub player: PlayerArgs,
    /// How long, in days (1 for 24 hours, 7, 30, up to 3650); an exclusion
    /// running is never shortened.
    #[arg(long, value_name = "N", value_parser = parse_days)]
    pub days: u32,
}

/// Runs `guichet limits`: sets the limits given, then prints both limits, any
/// raise waiting with its date, what is left this week, and an exclusion
/// running.
pub(super) fn limits(arguments: &LimitsArgs, out: &mut Output) -> Result<ExitCode, Failure> {
    let mut store = arguments
        .database
        .open_signed_in(&arguments.player.player)?;
    for (kind, amount) in [
        (LimitKind::Deposit, arguments.deposit),
        (LimitKind::Stake, arguments.stake),
    ] {
        let Some(amount) = amount else { continue };
        let change = store.set_limit(kind, amount)?;
        if change.immediate {
            out.line(format_args!("{} limit set to {amount}", kind.noun()))?;
        } else {
            out.line(format_args!(
                "{} limit raised to {amount} from {} (a raise waits 48 hours)",
                kind.noun(),
                utc(change.effective_at)
            ))?;
        }
    }
    let protection = store.protection()?;
    for kind in [LimitKind::Deposit, LimitKind::Stake] {
        out.line(format_args!("{}", limit_line(kind, protection.limit(kind))))?;
    }
    if let Some(line) = exclusion_line(&protection) {
        out.line(format_args!("{line}"))?;
    }
    store.sign_out()?;
    Ok(ExitCode::SUCCESS)
}

/// Runs `guichet exclude`: no stake and no deposit for that many days.
pub(super) fn exclude(arguments: &ExcludeArgs, out: &mut Output) -> Result<ExitCode, Failure> {
    let mut store = arguments
        .database
        .open_signed_in(&arguments.player.player)?;
    let until = store.exclude(arguments.days)?;
    out.line(format_args!(
        "excluded until {}: no stake and no deposit until then (withdrawals stay possible)",
        utc(until)
    ))?;
    store.sign_out()?;
    Ok(ExitCode::SUCCESS)
}

/// One limit on one line: the amount, what the week used and left, a raise
/// waiting.
fn limit_line(kind: LimitKind, limit: &Limit) -> String {
    let noun = kind.noun();
    let Some(current) = limit.current else {
        return format!("{noun} limit: not set (no {noun} until it is)");
    };
    let left = limit.left().unwrap_or_default();
    let pending = limit.pending.map_or_else(String::new, |raise| {
        format!(
            "; raise to {} pending from {}",
            raise.amount,
            utc(raise.from)
        )
    });
    format!(
        "{noun} limit {current} over 7 days: {} used, {left} left{pending}",
        limit.used
    )
}

/// The exclusion running, if any.
fn exclusion_line(protection: &Protection) -> Option<String> {
    protection
        .excluded_until
        .map(|until| format!("excluded until {}", utc(until)))
}
