//! `guichet verify`: the database's integrity and every invariant, checked —
//! a kiosk's own file, or a network's database (as its operator).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use guichet_sqlite::{ExportedClosing, KioskKey};

use crate::connect;
use crate::failure::Failure;
use crate::open::{opened, options};
use crate::output::Output;
use crate::shared_args::{AnyDatabaseArgs, Database};

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
    /// The kiosk's public key (hex, as `guichet closing --key` printed it,
    /// kept apart): the archive, the closing and the file's closings must be
    /// signed by it, never only by the key a file names.
    #[arg(long, value_name = "HEX", value_parser = KioskKey::parse)]
    pub key: Option<KioskKey>,
}

/// Violations printed at most.
const SHOWN: usize = 20;

/// Runs `guichet verify`: exit 0 when sound, 1 listing the first violations.
/// With `--closing FILE`, also that the file contains that closing and
/// extends it (one line, exit 1, when it does not).
pub(super) fn run(arguments: &VerifyArgs, out: &mut Output) -> Result<ExitCode, Failure> {
    if let Some(file) = &arguments.archive {
        return archive(file, arguments.key.as_ref(), out);
    }
    let closing = arguments
        .closing
        .as_deref()
        .map(|file| {
            let text = std::fs::read_to_string(file)
                .map_err(|error| Failure::Usage(format!("{}: {error}", file.display())))?;
            ExportedClosing::parse(&text)
                .map_err(|reason| Failure::Usage(format!("{}: {reason}", file.display())))
        })
        .transpose()?;
    let database = &arguments.database;
    let (violations, sound, name) = match database.database() {
        Database::File(path) => {
            let store = opened(options(database.keys.as_deref()).read_only().open(&path))?;
            let mut violations = store.verify()?;
            if let Some(kiosk) = &arguments.key {
                violations.extend(key_refusal(store.closing_public_key().as_deref(), kiosk));
            }
            if let Some(closing) = &closing {
                let refused = arguments.key.as_ref().and_then(|kiosk| {
                    kiosk.refusal(&closing.public_key).map(|refusal| {
                        format!("closing {} ({}): {refusal}", closing.counter, closing.label)
                    })
                });
                match refused {
                    Some(refusal) => violations.push(refusal),
                    None => violations.extend(store.check_closing(closing)?),
                }
            }
            for warning in store.verify_warnings()? {
                out.line(warning)?;
            }
            let sound = format!(
                "{} units and {} ledger entries",
                store.all_units()?.len(),
                store.ledger_length()?
            );
            (violations, sound, store.path().display().to_string())
        }
        Database::Network(_) if closing.is_some() || arguments.key.is_some() => {
            return Err(Failure::Usage(
                "--closing and --key check a kiosk's own file, not a network's database".to_owned(),
            ));
        }
        Database::Network(config) => {
            let violations = connect::operator(&config)?
                .verify()
                .map_err(|error| Failure::Other(error.into()))?;
            let name = format!(
                "the network's database {}",
                config.config().get_dbname().unwrap_or_default()
            );
            (
                violations,
                "every block, sale, journal and ledger".to_owned(),
                name,
            )
        }
    };
    if violations.is_empty() {
        out.line(format_args!("ok: {sound} of {name} are sound"))?;
        return Ok(ExitCode::SUCCESS);
    }
    for violation in violations.iter().take(SHOWN) {
        out.line(violation)?;
    }
    out.line(format_args!("{} violation(s) in {name}", violations.len()))?;
    Ok(ExitCode::from(1))
}

/// Why the file's closings are not signed by the kiosk's key `kiosk`: its
/// seal key is another's (`file_key`), or missing.
fn key_refusal(file_key: Option<&str>, kiosk: &KioskKey) -> Option<String> {
    match file_key {
        None => Some(format!(
            "the file's closings cannot be checked against the kiosk's key {kiosk}: its seal key is missing"
        )),
        Some(key) => kiosk
            .refusal(key)
            .map(|refusal| format!("the file's closings: {refusal}")),
    }
}

/// `guichet verify --archive FILE [--key HEX]`: the archive checked on its
/// own, against the kiosk's key when given.
fn archive(
    file: &std::path::Path,
    kiosk: Option<&KioskKey>,
    out: &mut Output,
) -> Result<ExitCode, Failure> {
    let text = std::fs::read_to_string(file)
        .map_err(|error| Failure::Usage(format!("{}: {error}", file.display())))?;
    match guichet_sqlite::check_archive(&text, kiosk) {
        Ok(summary) => {
            let signer = if summary.key_trusted {
                format!("signed by the kiosk's key {}", summary.public_key)
            } else {
                format!(
                    "signed by the key it names itself, {}, not trusted: anyone who edits it can sign it again (--key HEX checks it against the kiosk's, guichet closing --key)",
                    summary.public_key
                )
            };
            out.line(format_args!(
                "ok: the archive {} of {} to {} (database {}) is sound: {} records, {} closings, {signer}",
                file.display(),
                summary.from,
                summary.to,
                summary.database_id,
                summary.links,
                summary.closings
            ))?;
            Ok(ExitCode::SUCCESS)
        }
        Err(faults) => {
            for fault in faults.iter().take(SHOWN) {
                out.line(format_args!("{}: {fault}", file.display()))?;
            }
            Ok(ExitCode::from(1))
        }
    }
}
