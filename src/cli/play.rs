//! `guichet play`: headless play through the same store API as the kiosk.

use std::process::ExitCode;

use guichet_core::emission::Emission;
use guichet_core::money::Cents;
use indicatif::{ProgressBar, ProgressStyle};

use super::{Failure, PlayArgs};

/// Runs `guichet play`: finishes every unfinished unit first, then buys and
/// reveals `count` units, each journaled and settled like a player's.
pub(super) fn run(arguments: &PlayArgs) -> Result<ExitCode, Failure> {
    let emission = Emission::find(arguments.game, arguments.stake)
        .map_err(|error| Failure::Usage(error.to_string()))?;
    let mut store = arguments.database.open()?;
    let unfinished = store.unfinished_units()?;
    let progress = ProgressBar::new(unfinished.len() as u64 + u64::from(arguments.count))
        .with_style(
            ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} units")
                .expect("a valid progress template")
                .progress_chars("=> "),
        );
    progress.set_message("resuming");
    for unit in &unfinished {
        store.finish(unit.id)?;
        progress.inc(1);
    }
    progress.set_message(format!("playing {emission}"));
    let (mut staked, mut won) = (Cents::ZERO, Cents::ZERO);
    for _ in 0..arguments.count {
        let unit = store.buy(emission)?;
        store.finish(unit.id)?;
        staked = staked.checked_add(emission.stake).unwrap_or(staked);
        won = won.checked_add(unit.prize).unwrap_or(won);
        progress.inc(1);
    }
    progress.finish_and_clear();
    if !unfinished.is_empty() {
        println!(
            "resumed and finished {} unfinished unit(s)",
            unfinished.len()
        );
    }
    println!(
        "played {} unit(s) of {emission}: staked {staked}, won {won}; balance {}",
        arguments.count,
        store.balance()?
    );
    Ok(ExitCode::SUCCESS)
}
