//! `guichet closing`: the latest closing of a kiosk's file, as JSON, for an
//! operator to keep apart from the kiosk (docs/FORMATS.md).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::failure::Failure;
use crate::output::Output;
use crate::shared_args::DatabaseArgs;

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
    /// Print the kiosk's public key (hex) instead: for the operator to keep
    /// apart, and give to `guichet verify --key`.
    #[arg(long, conflicts_with_all = ["out", "make"])]
    pub key: bool,
}

/// Runs `guichet closing`: the latest closing (made now with `--make`) to
/// the standard output or `--out FILE`; with `--key`, the kiosk's public key.
pub(super) fn run(arguments: &ClosingArgs, out: &mut Output) -> Result<ExitCode, Failure> {
    let database = &arguments.database;
    if arguments.key {
        let store = database.open_to_read()?;
        let key = store.closing_public_key().ok_or_else(|| {
            Failure::Other(anyhow::anyhow!(
                "{}: its seal key is missing: no key to publish",
                store.path().display()
            ))
        })?;
        out.line(key)?;
        return Ok(ExitCode::SUCCESS);
    }
    let closing = if arguments.make {
        database.open_existing()?.close_now()?
    } else {
        let store = database.open_to_read()?;
        store.closings()?.pop().ok_or_else(|| {
            Failure::Other(anyhow::anyhow!(
                "{} has no closing yet: one is made at the first write of each new day, or now with --make",
                store.path().display()
            ))
        })?
    };
    let exported = closing.exported();
    match &arguments.out {
        Some(file) => {
            std::fs::write(file, &exported)
                .map_err(|error| Failure::Output(format!("{}: {error}", file.display())))?;
            out.line(format_args!(
                "closing {} ({} {}) written to {}",
                closing.counter,
                closing.period.name(),
                closing.label,
                file.display()
            ))?;
        }
        None => out.line(exported.trim_end())?,
    }
    Ok(ExitCode::SUCCESS)
}
