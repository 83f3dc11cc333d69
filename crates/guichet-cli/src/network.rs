//! `guichet network …`: the operator's tool for a network of kiosks on
//! PostgreSQL — set up the database, migrate it, open blocks, the players'
//! limits, PINs, deposits, payouts and exclusions, its kiosks (the reports:
//! `network_reports.rs`; the connections: `connect.rs`).

use std::process::ExitCode;

use anyhow::Context as _;
use clap::{Args, Subcommand};
use guichet_core::block::Seed;
use guichet_core::emission::{Emission, Game};
use guichet_core::money::Cents;
use guichet_sale::LimitKind;

use crate::connect::{KIOSK_SECRET, operator, player_pin};
use crate::failure::Failure;
use crate::network_reports::{self, NetworkClosingsArgs, NetworkReportArgs};
use crate::output::Output;
use crate::requires::Requires;
use crate::shared_args::OperatorArgs;
use crate::values::{game_help, parse_days, parse_euros, parse_game, stake_help};

/// `guichet network …`.
#[derive(Debug, Subcommand)]
pub enum NetworkCommand {
    /// Set up an empty database: the schema and the kiosk role, whose password
    /// is read from the environment variable `GUICHET_KIOSK_PASSWORD`.
    Install(NetworkRoleArgs),
    /// Bring the schema to this Guichet's version (computing what a new
    /// version needs from the seeds), and renew the kiosk role's grants.
    Migrate(NetworkRoleArgs),
    /// Open the next blocks of an emission: seeds from the operating system,
    /// every unit's tier stored out of the kiosks' reach, the commitments
    /// printed.
    Open(NetworkOpenArgs),
    /// Set a player's 7-day deposit and stake limits (opening their account
    /// if it is new: check their identity and age first); a raise takes
    /// effect after 48 hours.
    Limits(NetworkLimitsArgs),
    /// Credit money to a player's account, within their deposit limit.
    Deposit(NetworkDepositArgs),
    /// Pay money out of a player's account.
    Withdraw(NetworkDepositArgs),
    /// Exclude a player from play and deposits for N days.
    Exclude(NetworkExcludeArgs),
    /// Set a player's PIN, which they sign in at the kiosks with (4 to 8
    /// digits, read from `GUICHET_PLAYER_PIN`; kept as a bcrypt hash).
    Pin(NetworkPinArgs),
    /// Add a kiosk to the network, or give it a new secret: prints the secret
    /// the kiosk gives with each call (from a file or `GUICHET_KIOSK_SECRET`),
    /// shown once.
    Kiosk(NetworkKioskArgs),
    /// Every pack being sold: held by a kiosk with units left (since when,
    /// its last sale), or handed back part sold.
    Packs(NetworkReportArgs),
    /// Hand every pack a kiosk holds with units left back to the reserve (a
    /// kiosk taken away): the next kiosk short of one goes on where it
    /// stopped.
    ReturnPacks(NetworkKioskArgs),
    /// Per emission and kiosk: units sold, staked, paid, and the return to
    /// player beside the règlement's.
    Meters(NetworkReportArgs),
    /// Every block: open or finished, its commitment, and its seed once
    /// published.
    Blocks(NetworkReportArgs),
    /// Each kiosk's last closing received; with `--name`, every closing that
    /// kiosk sent, oldest first, one JSON line each as `guichet closing`
    /// writes it (so that `guichet verify --closing` checks the kiosk's file
    /// against one).
    Closings(NetworkClosingsArgs),
}

/// `guichet network pin`.
#[derive(Debug, Args)]
pub struct NetworkPinArgs {
    /// The network's database.
    #[command(flatten)]
    pub operator: OperatorArgs,
    /// The player's card number.
    #[arg(long, value_name = "CARD")]
    pub player: String,
}

/// `guichet network kiosk` and `guichet network return-packs`.
#[derive(Debug, Args)]
pub struct NetworkKioskArgs {
    /// The network's database.
    #[command(flatten)]
    pub operator: OperatorArgs,
    /// The kiosk's name, as it will give it (1 to 64 characters).
    #[arg(long, value_name = "NAME")]
    pub name: String,
}

/// `guichet network limits`.
#[derive(Debug, Args)]
pub struct NetworkLimitsArgs {
    /// The network's database.
    #[command(flatten)]
    pub operator: OperatorArgs,
    /// The player's name (their card's number, say).
    #[arg(long, value_name = "NAME")]
    pub player: String,
    /// The most the player may deposit over 7 rolling days, in euros.
    #[arg(long, value_name = "EUROS", value_parser = parse_euros, allow_negative_numbers = true)]
    pub deposit: Option<Cents>,
    /// The most the player may stake over 7 rolling days, in euros.
    #[arg(long, value_name = "EUROS", value_parser = parse_euros, allow_negative_numbers = true)]
    pub stake: Option<Cents>,
    /// The desk, recorded with the limits.
    #[arg(long, value_name = "NAME", default_value = "desk")]
    pub desk: String,
}

/// `guichet network exclude`.
#[derive(Debug, Args)]
pub struct NetworkExcludeArgs {
    /// The network's database.
    #[command(flatten)]
    pub operator: OperatorArgs,
    /// The player's name.
    #[arg(long, value_name = "NAME")]
    pub player: String,
    /// How long, in days (1 for 24 hours, up to 3650); an exclusion running
    /// is never shortened.
    #[arg(long, value_name = "N", value_parser = parse_days)]
    pub days: u32,
    /// The desk, recorded with the exclusion.
    #[arg(long, value_name = "NAME", default_value = "desk")]
    pub desk: String,
}

/// `guichet network install` and `guichet network migrate`.
#[derive(Debug, Args)]
pub struct NetworkRoleArgs {
    /// The network's database.
    #[command(flatten)]
    pub operator: OperatorArgs,
    /// The kiosk role: the login every kiosk uses.
    #[arg(long, value_name = "NAME", default_value = guichet_network::KIOSK_ROLE)]
    pub kiosk_role: String,
}

/// `guichet network open`.
#[derive(Debug, Args)]
pub struct NetworkOpenArgs {
    /// The network's database.
    #[command(flatten)]
    pub operator: OperatorArgs,
    /// The game, by its command-line name (the help lists the registry's).
    #[arg(long, value_parser = parse_game, help = game_help())]
    pub game: Game,
    /// The stake in euros, for a game sold at several.
    #[arg(long, value_name = "EUROS", value_parser = parse_euros, allow_negative_numbers = true,
          help = stake_help())]
    pub stake: Option<Cents>,
    /// How many blocks to open, after the last one opened.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=100))]
    pub blocks: u32,
}

/// `guichet network deposit` and `guichet network withdraw`.
#[derive(Debug, Args)]
pub struct NetworkDepositArgs {
    /// The network's database.
    #[command(flatten)]
    pub operator: OperatorArgs,
    /// The player's name (their card's number, say).
    #[arg(long, value_name = "NAME")]
    pub player: String,
    /// The amount in euros: 20, 7.50 or 7,50 (a trailing € is allowed).
    #[arg(long, value_name = "EUROS", value_parser = parse_euros, allow_negative_numbers = true)]
    pub amount: Cents,
    /// Where the money was taken or paid, recorded in the ledger.
    #[arg(long, value_name = "NAME", default_value = "desk")]
    pub desk: String,
}

impl NetworkCommand {
    /// What running it needs: crediting or paying out a player's account
    /// moves money; setting up, opening blocks, the players' limits, PINs
    /// and breaks, the kiosks and the reports move none.
    #[must_use]
    pub const fn requires(&self) -> Requires {
        match self {
            Self::Deposit(_) | Self::Withdraw(_) => Requires::VerifiedProgram,
            Self::Install(_)
            | Self::Migrate(_)
            | Self::Open(_)
            | Self::Limits(_)
            | Self::Exclude(_)
            | Self::Pin(_)
            | Self::Kiosk(_)
            | Self::Packs(_)
            | Self::ReturnPacks(_)
            | Self::Meters(_)
            | Self::Blocks(_)
            | Self::Closings(_) => Requires::AnyProgram,
        }
    }
}

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
