//! `guichet archive`: a period of a kiosk's records, signed, in one file
//! that `guichet verify --archive` checks without the database.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::failure::Failure;
use crate::output::Output;
use crate::shared_args::DatabaseArgs;

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
#[expect(
    clippy::map_err_ignore,
    reason = "the message says what is wanted; the parser's own says less"
)]
pub fn parse_date(text: &str) -> Result<jiff::civil::Date, String> {
    jiff::civil::Date::strptime("%Y-%m-%d", text)
        .map_err(|_| format!("`{text}` is not a date like 2026-11-01"))
}

/// Runs `guichet archive`: the days `--from` to `--to` into `--out`.
pub(super) fn run(arguments: &ArchiveArgs, out: &mut Output) -> Result<ExitCode, Failure> {
    if arguments.from > arguments.to {
        return Err(Failure::Usage(format!(
            "--from {} is after --to {}",
            arguments.from, arguments.to
        )));
    }
    let store = arguments.database.open_to_read()?;
    let archive = store.archive(arguments.from, arguments.to)?;
    std::fs::write(&arguments.out, &archive)
        .map_err(|error| Failure::Output(format!("{}: {error}", arguments.out.display())))?;
    let kiosk = store
        .closing_public_key()
        .map(|key| guichet_sqlite::KioskKey::parse(&key))
        .transpose()
        .map_err(|reason| Failure::Other(anyhow::anyhow!(reason)))?;
    let summary = guichet_sqlite::check_archive(&archive, kiosk.as_ref())
        .map_err(|faults| Failure::Other(anyhow::anyhow!(faults.join("; "))))?;
    out.line(format_args!(
        "archive of {} to {} written to {}: {} records, {} closings",
        summary.from,
        summary.to,
        arguments.out.display(),
        summary.links,
        summary.closings
    ))?;
    Ok(ExitCode::SUCCESS)
}
