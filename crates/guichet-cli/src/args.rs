//! The command-line grammar (clap), and the parsers of its values.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use guichet_core::block::Seed;
use guichet_core::emission::Game;
use guichet_core::money::Cents;
use guichet_network::Endpoint;

/// This Guichet's version, which its manifest must name.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// Guichet: four French instant-win games with exact, auditable prize pools.
#[derive(Debug, Parser)]
// The options here are the window's: given with a command they are refused,
// never silently dropped (`guichet --db X deposit` would credit the default
// file's player, not X's); each command takes its own `--db` after its name.
#[command(
    name = "guichet",
    version = concat!(env!("CARGO_PKG_VERSION"), " (commit ", env!("GUICHET_COMMIT"), ")"),
    long_about = None,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// What to do; without a command, the kiosk window opens.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The kiosk's database [default: the platform's data folder, e.g.
    /// ~/.local/share/guichet/guichet.sqlite3], or a network's URL,
    /// `postgres://user:password@host/database` (the kiosk's own PIN,
    /// settings and events then stay in the default file).
    #[arg(long, value_name = "PATH|URL", value_parser = parse_any_database)]
    pub db: Option<Database>,
    /// The folder of the kiosk's keys [default: systemd's credentials under
    /// the kiosk's unit, else `$GUICHET_KEYS`, else ~/.config/guichet/keys].
    #[arg(long, value_name = "DIR")]
    pub keys: Option<PathBuf>,
    /// On a network: this kiosk's name (players sign in at it with their
    /// card and PIN); its secret is read from `--kiosk-secret-file` or
    /// `GUICHET_KIOSK_SECRET`.
    #[arg(long, value_name = "NAME")]
    pub kiosk_name: Option<String>,
    /// On a network: the file holding this kiosk's secret, readable by its
    /// owner only (chmod 600).
    #[arg(long, value_name = "PATH")]
    pub kiosk_secret_file: Option<PathBuf>,
    /// Fill the screen (for kiosk displays).
    #[arg(long)]
    pub fullscreen: bool,
    /// Run as a standalone kiosk: full screen without decorations, the pointer
    /// hidden when still, no key or close button that leaves; the only way out
    /// is the operator menu (F12, or a 3-second press on the lobby's title).
    #[arg(long)]
    pub kiosk: bool,
    /// Where the operator menu exports closings [default: the first USB
    /// stick mounted for the user, /media/$USER/… or /run/media/$USER/…].
    #[arg(long, value_name = "DIR")]
    pub export_dir: Option<PathBuf>,
    /// The monitor to fill, by index (0 is the first) [default: the first].
    #[arg(long, value_name = "N")]
    pub monitor: Option<usize>,
    /// A demonstration for stakeholders: a demonstration player signed in
    /// from the start, playing play money only ("Partie d'essai — sans
    /// argent" always in sight), from demonstration blocks of its own —
    /// nothing in the ledger or the meters; nobody signs in.
    #[arg(long)]
    pub demo: bool,
    /// Operator: show the player a reality check (time played, net position)
    /// every MINUTES of a session, for this run (else the period set in the
    /// operator menu's settings, 60 minutes unless changed).
    #[arg(long, value_name = "MINUTES", value_parser = parse_minutes)]
    pub reality_check: Option<u32>,
}

/// The subcommands.
// Parsed once per run: the size of its largest variant costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Walk a whole block and check it against its règlement's prize table.
    Audit(AuditArgs),
    /// The cashier: credit money to a player's account.
    Deposit(AmountArgs),
    /// Pay money out of a player's account (their PIN in
    /// `GUICHET_PLAYER_PIN`).
    Withdraw(AmountArgs),
    /// Play units headlessly: finish the unfinished unit, then buy and reveal N.
    Play(PlayArgs),
    /// Print a player's balance, ledger, units and protection.
    History(HistoryArgs),
    /// Check the database: SQLite's integrity and every ledger, unit and limit
    /// invariant; or, given a network's `postgres://` URL (the operator's),
    /// every block, sale, journal and ledger against the seeds.
    Verify(VerifyArgs),
    /// Write the latest closing (the signed totals of a day, month or year,
    /// made at the first write of the next) as JSON, to keep apart from the
    /// kiosk; with --make, make one now first.
    Closing(ClosingArgs),
    /// Write a signed, self-contained archive of the days FROM to TO (their
    /// records, the chain, the closings, the public key), which `guichet
    /// verify --archive FILE` checks without the database.
    Archive(ArchiveArgs),
    /// List the blocks: commitments published, seeds of the closed ones revealed.
    Blocks(BlocksArgs),
    /// Bring an old database file to this Guichet's schema, after a backup
    /// copy beside it (the commands that only read never migrate).
    Migrate(DatabaseArgs),
    /// Check this kiosk: the program against its signed manifest (version,
    /// SHA-256, verdict), then the database opens, its seal key is there,
    /// the clock is sane and the records and their chain verify; exit 0
    /// when all hold, 1 otherwise.
    Selftest(SelftestArgs),
    /// Check one unit as its player can: the block's seed against the
    /// commitment published before its first sale, the tier its index
    /// draws, the scenario its stream draws, and what the règlement pays
    /// for that scenario, each ✓ or ✗; exit 0 when all hold, 1 otherwise
    /// (also while its block still sells: its seed is not yet published).
    CheckUnit(CheckUnitArgs),
    /// Render a settled unit's reveal for a dispute, as its table drew it
    /// from its journal (every step in its order, at the screen's timing),
    /// into an animated PNG with a caption strip: kiosk, unit, time, RAPPEL.
    Replay(ReplayArgs),
    /// Set a player's 7-day deposit and stake limits, and show them with
    /// what is left this week (a raise takes effect after 48 hours; their PIN
    /// in `GUICHET_PLAYER_PIN`).
    Limits(LimitsArgs),
    /// Exclude a player from play (no stake, no deposit) for N days (their
    /// PIN in `GUICHET_PLAYER_PIN`).
    Exclude(ExcludeArgs),
    /// The desk's tool for the players of a kiosk's file: add one, list
    /// them, set a PIN.
    #[command(subcommand)]
    Player(PlayerCommand),
    /// The operator's tool for a network of kiosks on PostgreSQL: set up the
    /// database, migrate it, open blocks, credit players.
    #[command(subcommand)]
    Network(NetworkCommand),
}

/// `guichet player …`.
#[derive(Debug, Subcommand)]
pub enum PlayerCommand {
    /// Add a player (creating the database if needed): their card's number,
    /// and their PIN of 4 to 8 digits from `GUICHET_PLAYER_PIN`, else asked
    /// twice on the terminal (never an argument); `--adult` once the desk
    /// checked they are 18 or over.
    Add(PlayerAddArgs),
    /// List the players: card, balance, age answer, limits, break.
    List(PlayerListArgs),
    /// Set a player's PIN (a player carried over from the kiosk's one
    /// account has none), from `GUICHET_PLAYER_PIN` or the terminal.
    Pin(PlayerPinArgs),
}

/// `guichet player add`.
#[derive(Debug, Args)]
pub struct PlayerAddArgs {
    /// The database.
    #[command(flatten)]
    pub database: DatabaseArgs,
    /// The card's number: 1 to 32 letters, digits or dashes.
    #[arg(long, value_name = "CARD")]
    pub card: String,
    /// The desk checked that the player is 18 or over (recorded; without it
    /// the player answers at their first sign-in, and stakes nothing before).
    #[arg(long)]
    pub adult: bool,
}

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

/// `guichet replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The database.
    #[command(flatten)]
    pub database: DatabaseArgs,
    /// The unit's number (as the history and the recall show it).
    #[arg(long, value_name = "ID")]
    pub unit: i64,
    /// The animated PNG to write.
    #[arg(long, value_name = "FILE.png")]
    pub out: PathBuf,
    /// The picture's size in pixels.
    #[arg(long, value_name = "WxH", default_value = "1280x800", value_parser = parse_size)]
    pub size: (u32, u32),
    /// The kiosk's name in the caption [default: this machine's host name].
    #[arg(long, value_name = "NAME")]
    pub kiosk: Option<String>,
}

/// The smallest and largest replay pictures: a kiosk's screens, and no
/// more than a 4K one.
const REPLAY_SIZES: std::ops::RangeInclusive<u32> = 320..=3840;

/// Parses `1280x800`.
///
/// # Errors
/// A line saying why the text is not such a size.
pub fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("the size must be WIDTHxHEIGHT in pixels, as 1280x800 (got {text})");
    let (width, height) = text.split_once(['x', 'X', '×']).ok_or_else(bad)?;
    let side = |side: &str| side.trim().parse::<u32>().map_err(|_| bad());
    let (width, height) = (side(width)?, side(height)?);
    if !REPLAY_SIZES.contains(&width) || !REPLAY_SIZES.contains(&height) {
        return Err(format!(
            "each side must be from {} to {} pixels (got {text})",
            REPLAY_SIZES.start(),
            REPLAY_SIZES.end()
        ));
    }
    Ok((width, height))
}

/// `guichet selftest`.
#[derive(Debug, Args)]
pub struct SelftestArgs {
    /// The database.
    #[command(flatten)]
    pub database: DatabaseArgs,
    /// Check the program installed at PATH (its manifest beside it, as a
    /// package lays them out) instead of this one: a trusted copy, brought
    /// on a stick, checks the kiosk's own.
    #[arg(long, value_name = "PATH")]
    pub program: Option<PathBuf>,
}

/// `guichet player list`.
#[derive(Debug, Args)]
pub struct PlayerListArgs {
    /// The database.
    #[command(flatten)]
    pub database: DatabaseArgs,
}

/// `guichet player pin`.
#[derive(Debug, Args)]
pub struct PlayerPinArgs {
    /// The database.
    #[command(flatten)]
    pub database: DatabaseArgs,
    /// The card's number.
    #[arg(long, value_name = "CARD")]
    pub card: String,
}

/// The player a command is for.
#[derive(Debug, Args)]
pub struct PlayerArgs {
    /// The player's card number.
    #[arg(long, value_name = "CARD")]
    pub player: String,
}

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

/// The operator's connection to a network's database.
#[derive(Debug, Args)]
pub struct OperatorArgs {
    /// The operator's URL (the schema's owner), e.g.
    /// `postgres://guichet_operator@db.example/guichet?sslrootcert=ca.pem`;
    /// its password from the password file (~/.pgpass, `PGPASSFILE` or
    /// `passfile=`), never in the URL.
    #[arg(long, value_name = "URL", value_parser = parse_postgres)]
    pub db: Endpoint,
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

/// Where the database is.
#[derive(Debug, Args)]
pub struct DatabaseArgs {
    /// The database file [default: the platform's data folder, e.g.
    /// ~/.local/share/guichet/guichet.sqlite3].
    #[arg(long, value_name = "PATH", value_parser = parse_database)]
    pub db: Option<PathBuf>,
    /// The folder of the database's keys [default: systemd's credentials
    /// under the kiosk's unit, else `$GUICHET_KEYS`, else ~/.config/guichet/keys].
    #[arg(long, value_name = "DIR")]
    pub keys: Option<PathBuf>,
}

/// A kiosk's own database file, or a network's PostgreSQL database.
#[derive(Debug, Clone)]
pub enum Database {
    /// The SQLite file at this path.
    File(PathBuf),
    /// The PostgreSQL database at this URL.
    Network(Box<Endpoint>),
}

/// Where the database is: a file, or a network's `postgres://` URL.
#[derive(Debug, Args)]
pub struct AnyDatabaseArgs {
    /// The database file [default: the platform's data folder, e.g.
    /// ~/.local/share/guichet/guichet.sqlite3], or a network's URL,
    /// `postgres://user:password@host/database`.
    #[arg(long, value_name = "PATH|URL", value_parser = parse_any_database)]
    pub db: Option<Database>,
    /// The folder of a file's keys [default: systemd's credentials under the
    /// kiosk's unit, else `$GUICHET_KEYS`, else ~/.config/guichet/keys].
    #[arg(long, value_name = "DIR")]
    pub keys: Option<PathBuf>,
}

/// `guichet verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// The database.
    #[command(flatten)]
    pub database: AnyDatabaseArgs,
    /// A closing kept apart from the kiosk (`guichet closing --out FILE`):
    /// the file must contain it and extend it.
    #[arg(long, value_name = "FILE", conflicts_with = "archive")]
    pub closing: Option<PathBuf>,
    /// An archive (`guichet archive`), checked on its own, without the
    /// database.
    #[arg(long, value_name = "FILE")]
    pub archive: Option<PathBuf>,
}

/// `guichet archive`.
#[derive(Debug, Args)]
pub struct ArchiveArgs {
    /// The database.
    #[command(flatten)]
    pub database: DatabaseArgs,
    /// The first day, `2026-11-01` (UTC).
    #[arg(long, value_name = "DATE", value_parser = parse_date)]
    pub from: jiff::civil::Date,
    /// The last day, included.
    #[arg(long, value_name = "DATE", value_parser = parse_date)]
    pub to: jiff::civil::Date,
    /// Where to write it.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
}

/// A day, `2026-11-01`.
///
/// # Errors
/// One line when it is not a date.
pub fn parse_date(text: &str) -> Result<jiff::civil::Date, String> {
    jiff::civil::Date::strptime("%Y-%m-%d", text)
        .map_err(|_| format!("`{text}` is not a date like 2026-11-01"))
}

/// `guichet closing`.
#[derive(Debug, Args)]
pub struct ClosingArgs {
    /// The database.
    #[command(flatten)]
    pub database: DatabaseArgs,
    /// Where to write it [default: the standard output].
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Make a closing now (the totals since the last one) before writing it.
    #[arg(long)]
    pub make: bool,
}

/// `guichet deposit` and `guichet withdraw`.
#[derive(Debug, Args)]
pub struct AmountArgs {
    /// The database.
    #[command(flatten)]
    pub database: DatabaseArgs,
    /// Whose account.
    #[command(flatten)]
    pub player: PlayerArgs,
    /// The amount in euros: 20, 7.50 or 7,50 (a trailing € is allowed).
    #[arg(long, value_name = "EUROS", value_parser = parse_euros, allow_negative_numbers = true)]
    pub amount: Cents,
}

/// `guichet play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The database.
    #[command(flatten)]
    pub database: AnyDatabaseArgs,
    /// On a network: the kiosk playing (one unit at a time each), known by the
    /// secret `guichet network kiosk` gave it, read from `--kiosk-secret-file`
    /// or `GUICHET_KIOSK_SECRET`.
    #[arg(long, value_name = "NAME")]
    pub kiosk: Option<String>,
    /// On a network: the file holding the kiosk's secret, readable by its
    /// owner only (chmod 600).
    #[arg(long, value_name = "PATH")]
    pub kiosk_secret_file: Option<PathBuf>,
    /// The player whose account pays and is credited, signed in with the
    /// PIN in `GUICHET_PLAYER_PIN`.
    #[arg(long, value_name = "CARD")]
    pub player: String,
    /// The game, by its command-line name (the help lists the registry's).
    #[arg(long, value_parser = parse_game, help = game_help())]
    pub game: Game,
    /// The stake in euros, for a game sold at several.
    #[arg(long, value_name = "EUROS", value_parser = parse_euros, allow_negative_numbers = true,
          help = stake_help())]
    pub stake: Option<Cents>,
    /// How many units to buy and reveal.
    #[arg(long, value_name = "N", value_parser = parse_count)]
    pub count: u32,
}

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

/// `guichet blocks`.
#[derive(Debug, Args)]
pub struct BlocksArgs {
    /// The database.
    #[command(flatten)]
    pub database: DatabaseArgs,
    /// Operator: close as void the open blocks whose seed cannot be unsealed
    /// (their seal key lost), and commit fresh ones.
    #[arg(long, requires = "reason")]
    pub void_unsealable: bool,
    /// Why the blocks are voided, recorded with them.
    #[arg(long, value_name = "TEXT", requires = "void_unsealable")]
    pub reason: Option<String>,
}

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

/// `guichet audit`: see `ARCHITECTURE.md` and the audit interface.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("samples").args(["scenarios", "trajectories"]).multiple(true)))]
pub struct AuditArgs {
    /// The game, by its command-line name (the help lists the registry's).
    #[arg(long, value_parser = parse_game, help = game_help())]
    pub game: Game,
    /// The stake in euros, for a game sold at several.
    #[arg(long, value_name = "EUROS", value_parser = parse_euros, allow_negative_numbers = true,
          help = stake_help())]
    pub stake: Option<Cents>,
    /// The block's secret seed, 64 hex digits; a fresh one is drawn without it.
    #[arg(long, value_name = "HEX", value_parser = parse_seed)]
    pub seed: Option<Seed>,
    /// The block number within its emission.
    #[arg(long, value_name = "N", default_value_t = 0, allow_negative_numbers = true, value_parser = parse_block_number)]
    pub block: u32,
    /// Write every unit's prize as CSV (`index,prize_cents`) to FILE.
    #[arg(long, value_name = "FILE")]
    pub prizes: Option<PathBuf>,
    /// Write, as JSON Lines, what the screens show for up to K units of each tier.
    #[arg(long, value_name = "FILE", requires = "per_tier")]
    pub scenarios: Option<PathBuf>,
    /// Write, as JSON Lines, the Star Fortune board and how every puck of up to
    /// K units of each tier falls, sampled at 60 Hz.
    #[arg(long, value_name = "FILE", requires = "per_tier")]
    pub trajectories: Option<PathBuf>,
    /// How many units of each tier (the losing one included) `--scenarios` and
    /// `--trajectories` write.
    #[arg(long, value_name = "K", requires = "samples", value_parser = parse_count)]
    pub per_tier: Option<u32>,
}

/// Text typed on a command line, shortened for a message: a long value is not
/// echoed back whole.
fn echoed(text: &str) -> String {
    const SHOWN: usize = 24;
    if text.chars().count() <= SHOWN {
        text.to_owned()
    } else {
        let start: String = text.chars().take(SHOWN).collect();
        format!("{start}… ({} characters)", text.chars().count())
    }
}

fn parse_game(text: &str) -> Result<Game, String> {
    text.parse().map_err(|_| {
        format!(
            "unknown game `{}`: write {}",
            echoed(text),
            guichet_core::games::names()
        )
    })
}

/// `--game`'s help: the registry's games, by their command-line names.
fn game_help() -> String {
    format!("{}.", guichet_core::games::names())
}

/// `--stake`'s help: the games sold at several stakes, and theirs.
fn stake_help() -> String {
    let several: Vec<String> = guichet_core::games::ALL
        .iter()
        .filter(|game| game.has_stakes())
        .map(|game| format!("{} {}", game.slug(), game.stakes_in_words()))
        .collect();
    format!(
        "The stake in euros, for a game sold at several: {}.",
        several.join("; ")
    )
}

/// An amount of euros as a command line writes it (`20`, `7.50`, `7,50 €`),
/// more than 0.
///
/// # Errors
/// A line saying why the text is not such an amount.
pub fn parse_euros(text: &str) -> Result<Cents, String> {
    if text.trim_start().starts_with('-') {
        return Err(format!(
            "the amount must be more than 0 (got {})",
            echoed(text)
        ));
    }
    let amount = Cents::parse_euros(text).map_err(|_| {
        format!(
            "`{}` is not an amount in euros: write it like 20, 7.50 or 7,50",
            echoed(text)
        )
    })?;
    if amount.is_positive() {
        Ok(amount)
    } else {
        Err(format!(
            "the amount must be more than 0 (got {})",
            echoed(text)
        ))
    }
}

fn parse_seed(text: &str) -> Result<Seed, String> {
    text.parse().map_err(|_| {
        format!(
            "`{}` is not a seed: a seed is 64 hexadecimal digits",
            echoed(text)
        )
    })
}

fn parse_block_number(text: &str) -> Result<u32, String> {
    text.parse().map_err(|_| {
        format!(
            "block number `{}` is out of range (0 to {})",
            echoed(text),
            u32::MAX
        )
    })
}

fn parse_count(text: &str) -> Result<u32, String> {
    text.parse().map_err(|_| {
        format!(
            "`{}` is not a count: write a whole number from 0 to {}",
            echoed(text),
            u32::MAX
        )
    })
}

fn parse_minutes(text: &str) -> Result<u32, String> {
    text.parse()
        .ok()
        .filter(|minutes| (1..=24 * 60).contains(minutes))
        .ok_or_else(|| {
            format!(
                "`{}` is not a number of minutes: write a whole number from 1 to 1440",
                echoed(text)
            )
        })
}

fn parse_days(text: &str) -> Result<u32, String> {
    let max = guichet_sale::MAX_EXCLUSION_DAYS;
    text.parse()
        .ok()
        .filter(|days| (1..=max).contains(days))
        .ok_or_else(|| {
            format!(
                "`{}` is not a number of days: write a whole number from 1 to {max}",
                echoed(text)
            )
        })
}

/// A PostgreSQL URL whose server is this machine: a load test never leaves it.
///
/// # Errors
/// A line saying why the text is not such a URL.
pub fn parse_loopback_postgres(text: &str) -> Result<Endpoint, String> {
    let config = parse_postgres(text)?;
    if !config.is_this_machine() {
        return Err("a load test runs against this machine's server only (127.0.0.1, ::1, localhost or a socket)".to_owned());
    }
    Ok(config)
}

/// Whether `text` is a PostgreSQL URL rather than a file's path.
fn is_postgres_url(text: &str) -> bool {
    ["postgres://", "postgresql://"]
        .iter()
        .any(|scheme| text.starts_with(scheme))
}

/// A PostgreSQL URL.
fn parse_postgres(text: &str) -> Result<Endpoint, String> {
    let endpoint: Endpoint = text.parse().map_err(|error| {
        format!("{error}, e.g. postgres://user@db.example/guichet?sslrootcert=ca.pem")
    })?;
    if endpoint.has_password() {
        return Err(
            "no password in the URL (every user of this machine can read a command line): put `host:port:database:user:password` in ~/.pgpass (chmod 600), or name such a file with PGPASSFILE or passfile=PATH"
                .to_owned(),
        );
    }
    Ok(endpoint)
}

fn parse_any_database(text: &str) -> Result<Database, String> {
    if is_postgres_url(text) {
        return parse_postgres(text).map(|config| Database::Network(Box::new(config)));
    }
    parse_database(text).map(Database::File)
}

fn parse_database(text: &str) -> Result<PathBuf, String> {
    if is_postgres_url(text) {
        return Err(
            "this works on a kiosk's own database file; a network's database is for `guichet play`, `guichet verify` and `guichet network`"
                .to_owned(),
        );
    }
    if text.is_empty() || text == "-" {
        return Err(format!(
            "`{text}` is not a database path: name the database file, e.g. --db ~/guichet.sqlite3"
        ));
    }
    Ok(PathBuf::from(text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_read_the_french_way_too() {
        assert_eq!(parse_euros("20"), Ok(Cents::euros(20)));
        assert_eq!(parse_euros("20,50"), Ok(Cents(2_050)));
        assert_eq!(parse_euros("20.5"), Ok(Cents(2_050)));
        assert_eq!(parse_euros("5 €"), Ok(Cents(500)));
        assert!(parse_euros("5.").is_err());
        assert!(
            parse_euros("-5")
                .expect_err("negative")
                .contains("more than 0")
        );
        assert!(parse_euros("0").is_err());
        let long = "9".repeat(100_000);
        let message = parse_euros(&long).expect_err("too long");
        assert!(message.len() < 120, "{message}");
    }
}
