//! The command line's top-level grammar (clap): the window's options and the
//! list of commands. Each command's arguments are its module's.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::account::AmountArgs;
use crate::archive::ArchiveArgs;
use crate::audit::AuditArgs;
use crate::blocks::BlocksArgs;
use crate::check_unit::CheckUnitArgs;
use crate::closing::ClosingArgs;
use crate::history::HistoryArgs;
use crate::network::NetworkCommand;
use crate::play::PlayArgs;
use crate::players::PlayerCommand;
use crate::protection::{ExcludeArgs, LimitsArgs};
use crate::replay::ReplayArgs;
use crate::requires::Requires;
use crate::selftest::SelftestArgs;
use crate::shared_args::{Database, DatabaseArgs, parse_any_database};
use crate::values::echoed;
use crate::verify::VerifyArgs;

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
    /// `postgres://user@host/database`, its password from the password file
    /// (~/.pgpass, `PGPASSFILE` or `passfile=`), never in the URL (the
    /// kiosk's own PIN, settings and events then stay in the default file).
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

impl Command {
    /// What running this command needs: every command answers (no
    /// catch-all arm), so a new one says whether it moves money.
    #[must_use]
    pub const fn requires(&self) -> Requires {
        match self {
            Self::Deposit(_) | Self::Withdraw(_) | Self::Play(_) => Requires::VerifiedProgram,
            Self::Audit(_)
            | Self::History(_)
            | Self::Verify(_)
            | Self::Closing(_)
            | Self::Archive(_)
            | Self::Blocks(_)
            | Self::Migrate(_)
            | Self::Selftest(_)
            | Self::CheckUnit(_)
            | Self::Replay(_)
            | Self::Limits(_)
            | Self::Exclude(_) => Requires::AnyProgram,
            Self::Player(command) => command.requires(),
            Self::Network(command) => command.requires(),
        }
    }
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

#[cfg(test)]
mod tests {
    use clap::CommandFactory as _;

    use super::*;

    /// Every command's path (`network deposit`), from the grammar itself.
    fn every_command(command: &clap::Command, path: &[String], into: &mut Vec<Vec<String>>) {
        for sub in command.get_subcommands() {
            let mut here = path.to_vec();
            here.push(sub.get_name().to_owned());
            if sub.has_subcommands() {
                every_command(sub, &here, into);
            } else {
                into.push(here);
            }
        }
    }

    /// A value the grammar accepts for an argument of this value name.
    fn value_for(name: &str) -> &'static str {
        match name {
            "CARD" | "NAME" => "0042",
            "EUROS" => "5",
            "N" | "ID" | "K" => "1",
            "URL" => "postgres://guichet_operator@127.0.0.1/guichet",
            "FILE" | "FILE.png" => "/tmp/guichet-requires-test",
            "DATE" => "2026-11-01",
            "GAME" => "blackjack",
            other => panic!("no test value for an argument named {other}: add one"),
        }
    }

    /// `path` parsed with every argument it requires, as clap asks for them.
    fn parsed(path: &[String]) -> Command {
        let mut line = vec!["guichet".to_owned()];
        line.extend(path.iter().cloned());
        loop {
            let error = match Cli::try_parse_from(&line) {
                Ok(parsed) => return parsed.command.expect("a command"),
                Err(error) => error,
            };
            let missing = match error.get(clap::error::ContextKind::InvalidArg) {
                Some(clap::error::ContextValue::Strings(missing))
                    if error.kind() == clap::error::ErrorKind::MissingRequiredArgument =>
                {
                    missing.clone()
                }
                _ => panic!("{line:?}: {}", error.render()),
            };
            for argument in missing {
                // `--unit <ID>`: the option and its value's name.
                let (option, name) = argument.split_once(' ').expect("an option with a value");
                line.push(option.to_owned());
                line.push(value_for(name.trim_matches(['<', '>'])).to_owned());
            }
        }
    }

    #[test]
    fn every_command_says_whether_it_moves_money() {
        // What each command needs, written down: a new command fails here
        // until it is added, with the answer its `requires` gives.
        let expected = [
            ("audit", Requires::AnyProgram),
            ("deposit", Requires::VerifiedProgram),
            ("withdraw", Requires::VerifiedProgram),
            ("play", Requires::VerifiedProgram),
            ("history", Requires::AnyProgram),
            ("verify", Requires::AnyProgram),
            ("closing", Requires::AnyProgram),
            ("archive", Requires::AnyProgram),
            ("blocks", Requires::AnyProgram),
            ("migrate", Requires::AnyProgram),
            ("selftest", Requires::AnyProgram),
            ("check-unit", Requires::AnyProgram),
            ("replay", Requires::AnyProgram),
            ("limits", Requires::AnyProgram),
            ("exclude", Requires::AnyProgram),
            ("player add", Requires::AnyProgram),
            ("player list", Requires::AnyProgram),
            ("player pin", Requires::AnyProgram),
            ("network install", Requires::AnyProgram),
            ("network migrate", Requires::AnyProgram),
            ("network open", Requires::AnyProgram),
            ("network limits", Requires::AnyProgram),
            ("network deposit", Requires::VerifiedProgram),
            ("network withdraw", Requires::VerifiedProgram),
            ("network exclude", Requires::AnyProgram),
            ("network pin", Requires::AnyProgram),
            ("network kiosk", Requires::AnyProgram),
            ("network packs", Requires::AnyProgram),
            ("network return-packs", Requires::AnyProgram),
            ("network meters", Requires::AnyProgram),
            ("network blocks", Requires::AnyProgram),
            ("network closings", Requires::AnyProgram),
        ];
        let mut paths = Vec::new();
        every_command(&Cli::command(), &[], &mut paths);
        let mut named: Vec<String> = paths.iter().map(|path| path.join(" ")).collect();
        let mut listed: Vec<String> = expected
            .iter()
            .map(|(name, _)| (*name).to_owned())
            .collect();
        named.sort();
        listed.sort();
        assert_eq!(named, listed, "every command of the grammar, and no other");
        for path in &paths {
            let command = parsed(path);
            let name = path.join(" ");
            let (_, wanted) = expected
                .iter()
                .find(|(listed, _)| *listed == name)
                .expect("listed");
            assert_eq!(command.requires(), *wanted, "{name}");
        }
    }

    #[test]
    fn no_help_shows_a_password_in_a_url() {
        fn check(command: &mut clap::Command, path: &str) {
            let help = command.render_long_help().to_string();
            for (at, _) in help.match_indices("://") {
                let authority: String = help[at + 3..]
                    .chars()
                    .take_while(|c| !c.is_whitespace() && !matches!(c, '/' | '`' | '?'))
                    .collect();
                if let Some((credentials, _)) = authority.rsplit_once('@') {
                    assert!(
                        !credentials.contains(':'),
                        "`{path} --help` shows a password in a URL: {authority}"
                    );
                }
            }
            for sub in command.get_subcommands_mut() {
                let name = format!("{path} {}", sub.get_name());
                check(sub, &name);
            }
        }
        check(&mut Cli::command(), "guichet");
    }
}
