//! `guichet archive`: a period of a kiosk's records, signed, in one file
//! that `guichet verify --archive` checks without the database.

use std::process::ExitCode;

use crate::args::ArchiveArgs;
use crate::failure::Failure;
use crate::output::Output;

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
    let summary = guichet_sqlite::check_archive(&archive)
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
