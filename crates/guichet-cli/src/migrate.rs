//! `guichet migrate`: an old database file brought to this Guichet's schema,
//! after a backup copy of it beside it.

use std::process::ExitCode;

use crate::failure::Failure;
use crate::open::opened;
use crate::output::Output;
use crate::shared_args::DatabaseArgs;

/// Runs `guichet migrate`: says what it did, and where the copy is.
pub(super) fn run(arguments: &DatabaseArgs, out: &mut Output) -> Result<ExitCode, Failure> {
    let path = arguments.path();
    let (store, migrated) = arguments.options().migrate(&path)?;
    let store = opened(Ok(store))?;
    match &migrated.backup {
        Some(backup) => {
            out.line(format_args!(
                "migrated {} from schema version {} to {}; the file as it was is copied to {}",
                store.path().display(),
                migrated.from,
                migrated.to,
                backup.display()
            ))?;
            if migrated.from == 1 {
                // Version 1 kept the open blocks' seeds in clear: so does its
                // copy.
                out.line(
                    "the copy holds the open blocks' seeds in clear, as the old file did: keep it off the kiosk",
                )?;
            }
        }
        None => out.line(format_args!(
            "{} is already at schema version {}: nothing to do",
            store.path().display(),
            migrated.to
        ))?,
    }
    Ok(ExitCode::SUCCESS)
}
