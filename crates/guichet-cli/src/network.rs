//! `guichet network …`: the operator's tool for a network of kiosks on
//! PostgreSQL — set up the database, migrate it, open blocks, the players'
//! limits, PINs, deposits, payouts and exclusions, its kiosks — and the
//! connections `play` and `verify` make to a network's database (the
//! reports: `network_reports.rs`).

use std::path::Path;
use std::process::ExitCode;

use anyhow::Context as _;
use guichet_core::block::Seed;
use guichet_core::emission::Emission;
use guichet_network::{Endpoint, Kiosk, Operator, TlsMode};

use guichet_sale::LimitKind;

use crate::args::NetworkCommand;
use crate::args::{
    NetworkDepositArgs, NetworkExcludeArgs, NetworkKioskArgs, NetworkLimitsArgs, NetworkOpenArgs,
    NetworkPinArgs, NetworkRoleArgs,
};
use crate::failure::Failure;
use crate::network_reports;
use crate::output::{Output, tell};

/// The environment variable that holds the kiosk role's password for
/// `install`: kept off the command line, which every user of the machine can
/// read.
const KIOSK_PASSWORD: &str = "GUICHET_KIOSK_PASSWORD";

/// The environment variable that holds a kiosk's secret (`guichet network
/// kiosk` prints it) when no file is named: kept off the command line too.
const KIOSK_SECRET: &str = "GUICHET_KIOSK_SECRET";

/// The environment variable that holds a player's PIN, for `guichet network
/// pin` and `guichet play`.
const PLAYER_PIN: &str = "GUICHET_PLAYER_PIN";

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
        NetworkCommand::Meters(arguments) => network_reports::meters(arguments, out),
        NetworkCommand::Blocks(arguments) => network_reports::blocks(arguments, out),
        NetworkCommand::Closings(arguments) => network_reports::closings(arguments, out),
    }
}

/// Warns, once, that a connection to another machine is not encrypted
/// (`sslmode=disable` asked for).
pub fn warn_if_remote(endpoint: &Endpoint) {
    if endpoint.tls() == TlsMode::Disable && !endpoint.is_this_machine() {
        tell(
            "warning: the connection to the database is not encrypted (sslmode=disable): \
             every kiosk's secret crosses the network in clear",
        );
    }
}

/// The operator's connection to `endpoint`.
pub(crate) fn operator(endpoint: &Endpoint) -> Result<Operator, Failure> {
    warn_if_remote(endpoint);
    Ok(Operator::connect_to(endpoint).context("connecting to the network's database")?)
}

/// Kiosk `name`'s connection to `endpoint`, with its secret from
/// `secret_file` or `GUICHET_KIOSK_SECRET`.
pub(crate) fn kiosk(
    endpoint: &Endpoint,
    name: &str,
    secret_file: Option<&Path>,
) -> Result<Kiosk, Failure> {
    let secret = kiosk_secret(name, secret_file).map_err(Failure::Usage)?;
    warn_if_remote(endpoint);
    Ok(Kiosk::connect_to(endpoint, name, &secret)
        .context("connecting to the network's database")?)
}

/// Kiosk `name`'s secret: the first line of `file`, which only its owner may
/// read or write, else `GUICHET_KIOSK_SECRET`.
///
/// # Errors
/// The line that says what is wrong: a file others may read, unreadable or
/// empty; neither a file nor the variable.
pub fn kiosk_secret(name: &str, file: Option<&Path>) -> Result<String, String> {
    if let Some(file) = file {
        return private_first_line(file)
            .map_err(|why| format!("the kiosk's secret file {}: {why}", file.display()));
    }
    std::env::var(KIOSK_SECRET)
        .ok()
        .filter(|secret| !secret.is_empty())
        .ok_or_else(|| {
            format!(
                "give the secret `guichet network kiosk --name {name}` printed in --kiosk-secret-file PATH (chmod 600) or {KIOSK_SECRET}"
            )
        })
}

/// The first line of `file`, a regular file of this user's that nobody else
/// may read or write.
fn private_first_line(file: &Path) -> Result<String, String> {
    use std::os::unix::fs::{MetadataExt as _, PermissionsExt as _};
    let metadata = std::fs::symlink_metadata(file).map_err(|error| error.to_string())?;
    let mode = metadata.permissions().mode() & 0o777;
    if !metadata.is_file() {
        return Err("not a regular file".to_owned());
    }
    if mode & 0o077 != 0 {
        return Err(format!("others may read it (mode {mode:o}): chmod 600 it"));
    }
    if metadata.uid() != rustix::process::geteuid().as_raw() {
        return Err("it is another user's".to_owned());
    }
    let text = std::fs::read_to_string(file).map_err(|error| error.to_string())?;
    text.lines()
        .next()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .map(str::to_owned)
        .ok_or_else(|| "it is empty".to_owned())
}

/// A player's PIN from `GUICHET_PLAYER_PIN`.
///
/// # Errors
/// The line that says to set it.
pub(crate) fn player_pin(card: &str) -> Result<String, Failure> {
    std::env::var(PLAYER_PIN)
        .ok()
        .filter(|pin| !pin.is_empty())
        .ok_or_else(|| {
            Failure::Usage(format!(
                "give {card}'s PIN in {PLAYER_PIN} (kept off the command line, which other users can read)"
            ))
        })
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
