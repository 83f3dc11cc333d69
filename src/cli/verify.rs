//! `guichet verify`: the database's integrity and every invariant, checked.

use std::process::ExitCode;

use super::{DatabaseArgs, Failure, Output};

/// Violations printed at most.
const SHOWN: usize = 20;

/// Runs `guichet verify`: exit 0 when sound, 1 listing the first violations.
pub(super) fn run(arguments: &DatabaseArgs, out: &mut Output) -> Result<ExitCode, Failure> {
    let store = arguments.open_existing()?;
    let violations = store.verify()?;
    if violations.is_empty() {
        out.line(format_args!(
            "ok: {} units and {} ledger entries of {} are sound",
            store.all_units()?.len(),
            store.ledger()?.len(),
            store.path().display()
        ))?;
        return Ok(ExitCode::SUCCESS);
    }
    for violation in violations.iter().take(SHOWN) {
        out.line(violation)?;
    }
    out.line(format_args!(
        "{} violation(s) in {}",
        violations.len(),
        store.path().display()
    ))?;
    Ok(ExitCode::from(1))
}
