//! `guichet network …`: the operator's tool for a network of kiosks on
//! PostgreSQL — set up the database, migrate it, open blocks, the players'
//! limits, PINs, deposits, payouts and exclusions, its kiosks (the reports:
//! `network_reports.rs`; the connections: `connect.rs`).

use std::process::ExitCode;

use anyhow::Context as _;
use guichet_core::block::Seed;
use guichet_core::emission::Emission;

use guichet_sale::LimitKind;

use crate::args::NetworkCommand;
use crate::args::{
    NetworkDepositArgs, NetworkExcludeArgs, NetworkKioskArgs, NetworkLimitsArgs, NetworkOpenArgs,
    NetworkPinArgs, NetworkRoleArgs,
};
use crate::connect::{KIOSK_SECRET, operator, player_pin};
use crate::failure::Failure;
use crate::network_reports;
use crate::output::Output;

/// The environment variable that holds the kiosk role's password for
/// `install`: kept off the command line, which every user of the machine can
/// read.
const KIOSK_PASSWORD: &str = "GUICHET_KIOSK_PASSWORD";

/// The schema version from which each kiosk gives its secret: a network
/// migrated from an older one adds its kiosks once.
const KIOSKS_PROVE_WHO_THEY_ARE: i32 = 3;

/// Runs `guichet network …`.
pub(crate) fn run(command: &NetworkCommand, out: &mut Output) -> Result<ExitCode, Failure> {
    match command {
        NetworkCommand::Install(arguments) => install(arguments, out),
        NetworkCommand::Migrate(arguments) => migrate(arguments, out),
        NetworkCommand::Open(arguments) => open(arguments, out),
        NetworkCommand::Limits(arguments) => limits(arguments, out),
        NetworkCommand::Deposit(arguments) => move_money(arguments, true, out),
        NetworkCommand::Withdraw(arguments) => move_money(arguments, false, out),
        NetworkCommand::Exclude(arguments) => exclude(arguments, out),
        NetworkCommand::Pin(arguments) => set_pin(arguments, out),
        NetworkCommand::Kiosk(arguments) => add_kiosk(arguments, out),
        NetworkCommand::Packs(arguments) => network_reports::packs(arguments, out),
        NetworkCommand::ReturnPacks(arguments) => return_packs(arguments, out),
        NetworkCommand::Meters(arguments) => network_reports::meters(arguments, out),
        NetworkCommand::Blocks(arguments) => network_reports::blocks(arguments, out),
        NetworkCommand::Closings(arguments) => network_reports::closings(arguments, out),
    }
}

fn set_pin(arguments: &NetworkPinArgs, out: &mut Output) -> Result<ExitCode, Failure> {
    let pin = player_pin(&arguments.player)?;
    if !guichet_sale::is_player_pin(&pin) {
        return Err(Failure::Usage(format!(
            "a player's PIN is {} to {} digits",
            guichet_sale::PLAYER_PIN_MIN,
            guichet_sale::PLAYER_PIN_MAX
        )));
    }
    operator(&arguments.operator.db)?
        .set_pin(&arguments.player, &pin)
        .context("setting the PIN")?;
    out.line(format_args!(
        "{}'s PIN is set: they sign in at the kiosks with their card and it",
        arguments.player
    ))?;
    Ok(ExitCode::SUCCESS)
}

fn install(arguments: &NetworkRoleArgs, out: &mut Output) -> Result<ExitCode, Failure> {
    let password = std::env::var(KIOSK_PASSWORD)
        .ok()
        .filter(|password| !password.is_empty())
        .ok_or_else(|| {
            Failure::Usage(format!(
                "set {KIOSK_PASSWORD} to the kiosk role's password (kept off the command line, which other users can read)"
            ))
        })?;
    operator(&arguments.operator.db)?
        .install(&arguments.kiosk_role, &password)
        .context("setting up the schema (the database must be empty)")?;
    out.line(format_args!(
        "installed: the schema at version {}, the kiosk role {} (it may call the kiosks' functions and read the public blocks, nothing else); add each kiosk with `guichet network kiosk --name NAME`",
        guichet_network::SCHEMA_VERSION,
        arguments.kiosk_role
    ))?;
    Ok(ExitCode::SUCCESS)
}

fn migrate(arguments: &NetworkRoleArgs, out: &mut Output) -> Result<ExitCode, Failure> {
    let (found, now) = operator(&arguments.operator.db)?
        .migrate(&arguments.kiosk_role)
        .context("migrating the schema")?;
    if found == now {
        out.line(format_args!(
            "the schema is at version {now} already; the grants of {} renewed",
            arguments.kiosk_role
        ))?;
    } else {
        out.line(format_args!(
            "migrated the schema from version {found} to {now}; the grants of {} renewed",
            arguments.kiosk_role
        ))?;
    }
    if found < KIOSKS_PROVE_WHO_THEY_ARE {
        out.line(format_args!(
            "each kiosk now proves who it is: add every kiosk with `guichet network kiosk --name NAME` and give it the secret printed"
        ))?;
    }
    Ok(ExitCode::SUCCESS)
}

fn open(arguments: &NetworkOpenArgs, out: &mut Output) -> Result<ExitCode, Failure> {
    let emission = Emission::find(arguments.game, arguments.stake)
        .map_err(|error| Failure::Usage(error.to_string()))?;
    let mut operator = operator(&arguments.operator.db)?;
    let first = operator
        .next_block(emission)
        .context("reading the blocks opened")?;
    for number in first..first.saturating_add(arguments.blocks) {
        let seed = Seed::generate().context("drawing a seed")?;
        let commitment = operator
            .open_block(emission, number, &seed)
            .with_context(|| format!("opening block {number} of {emission}"))?;
        out.line(format_args!(
            "opened block {number} of {emission}: {} units, commitment {commitment}",
            emission.block_size
        ))?;
    }
    Ok(ExitCode::SUCCESS)
}

fn limits(arguments: &NetworkLimitsArgs, out: &mut Output) -> Result<ExitCode, Failure> {
    let asked = [
        (LimitKind::Deposit, arguments.deposit),
        (LimitKind::Stake, arguments.stake),
    ];
    if asked.iter().all(|(_, amount)| amount.is_none()) {
        return Err(Failure::Usage(
            "name a limit to set: --deposit EUROS, --stake EUROS or both".to_owned(),
        ));
    }
    let mut desk = operator(&arguments.operator.db)?;
    for (kind, amount) in asked {
        let Some(amount) = amount else { continue };
        let from = desk
            .set_limit(&arguments.player, kind, amount, &arguments.desk)
            .context("setting the limit")?;
        out.line(format_args!(
            "{}'s 7-day {} limit: {amount}, from {}",
            arguments.player,
            kind.noun(),
            guichet_sale::time::in_utc(from)
        ))?;
    }
    Ok(ExitCode::SUCCESS)
}

fn move_money(
    arguments: &NetworkDepositArgs,
    deposit: bool,
    out: &mut Output,
) -> Result<ExitCode, Failure> {
    let mut desk = operator(&arguments.operator.db)?;
    let (player, amount, at) = (&arguments.player, arguments.amount, &arguments.desk);
    let (balance, done) = if deposit {
        (
            desk.deposit(player, amount, at)
                .context("crediting the player")?,
            "deposited",
        )
    } else {
        (
            desk.withdraw(player, amount, at)
                .context("paying the player")?,
            "paid out",
        )
    };
    out.line(format_args!(
        "{done} {amount} for {player}; balance {balance}"
    ))?;
    Ok(ExitCode::SUCCESS)
}

fn exclude(arguments: &NetworkExcludeArgs, out: &mut Output) -> Result<ExitCode, Failure> {
    let until = operator(&arguments.operator.db)?
        .exclude(&arguments.player, arguments.days, &arguments.desk)
        .context("excluding the player")?;
    out.line(format_args!(
        "{} is excluded from play and deposits until {}",
        arguments.player,
        guichet_sale::time::in_utc(until)
    ))?;
    Ok(ExitCode::SUCCESS)
}

fn return_packs(arguments: &NetworkKioskArgs, out: &mut Output) -> Result<ExitCode, Failure> {
    let returned = operator(&arguments.operator.db)?
        .return_packs(&arguments.name)
        .context("handing the packs back")?;
    out.line(format_args!(
        "{returned} pack(s) of kiosk {} handed back to the reserve",
        arguments.name
    ))?;
    Ok(ExitCode::SUCCESS)
}

fn add_kiosk(arguments: &NetworkKioskArgs, out: &mut Output) -> Result<ExitCode, Failure> {
    let secret = operator(&arguments.operator.db)?
        .add_kiosk(&arguments.name)
        .context("adding the kiosk")?;
    out.line(format_args!(
        "kiosk {} added; its secret, shown this once (the database keeps only its SHA-256): {secret}",
        arguments.name
    ))?;
    out.line(format_args!(
        "put it in a file only the kiosk's user may read (chmod 600) for --kiosk-secret-file, or in {KIOSK_SECRET}; adding the kiosk again gives it a new one and voids this one"
    ))?;
    Ok(ExitCode::SUCCESS)
}
