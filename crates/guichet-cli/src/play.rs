//! `guichet play`: headless play through the same API as the kiosk
//! ([`PointOfSale`]), on a kiosk's own file or at a kiosk of a network.

use std::process::ExitCode;

use guichet_core::emission::Emission;
use guichet_core::money::Cents;
use guichet_network::PlayerAccount;
use guichet_sale::{PointOfSale, StoreError, Unit};
use indicatif::{ProgressBar, ProgressStyle};

use crate::args::{Database, PlayArgs};
use crate::failure::Failure;
use crate::network;
use crate::open::{LEASE_WAIT, open_or_create};
use crate::output::Output;

/// What a `play` run did, told whatever stopped it.
#[derive(Default)]
struct Played {
    resumed: u32,
    units: u32,
    staked: Cents,
    won: Cents,
}

/// Runs `guichet play`: finishes the unfinished unit first (waiting a moment if
/// another process plays it), then buys and reveals `count` units, each
/// journaled and settled like a player's. Always says what it did, even when it
/// stops early (a short balance, a unit played elsewhere).
pub(super) fn run(arguments: &PlayArgs, out: &mut Output) -> Result<ExitCode, Failure> {
    let emission = Emission::find(arguments.game, arguments.stake)
        .map_err(|error| Failure::Usage(error.to_string()))?;
    let mut point: Box<dyn PointOfSale> = match (
        arguments.database.database(),
        &arguments.kiosk,
        &arguments.player,
    ) {
        (Database::File(path), None, None) => Box::new(open_or_create(&path)?),
        (Database::File(_), _, _) => {
            return Err(Failure::Usage(
                "--kiosk and --player are for a network's database (--db postgres://…); a kiosk's own file has one player".to_owned(),
            ));
        }
        (Database::Network(config), Some(kiosk), Some(player)) => {
            Box::new(PlayerAccount::new(network::kiosk(&config, kiosk)?, player))
        }
        (Database::Network(_), _, _) => {
            return Err(Failure::Usage(
                "on a network's database, name the kiosk and the player: --kiosk NAME --player NAME".to_owned(),
            ));
        }
    };
    let mut played = Played::default();
    let result = play(point.as_mut(), emission, arguments.count, &mut played);
    if played.resumed > 0 {
        out.line(format_args!(
            "resumed and finished {} unfinished unit(s)",
            played.resumed
        ))?;
    }
    out.line(format_args!(
        "played {} of {} unit(s) of {emission}: staked {}, won {}; balance {}",
        played.units,
        arguments.count,
        played.staked,
        played.won,
        point.balance()?
    ))?;
    result.map(|()| ExitCode::SUCCESS)
}

fn play(
    store: &mut dyn PointOfSale,
    emission: &'static Emission,
    count: u32,
    played: &mut Played,
) -> Result<(), Failure> {
    let unfinished = store.unfinished_units()?;
    let progress = ProgressBar::new(unfinished.len() as u64 + u64::from(count)).with_style(
        ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} units")
            .map_err(|error| Failure::Other(error.into()))?
            .progress_chars("=> "),
    );
    progress.set_message("resuming");
    for unit in &unfinished {
        store.take_up(unit.id)?;
        store.finish(unit.id)?;
        played.resumed += 1;
        progress.inc(1);
    }
    progress.set_message(format!("playing {emission}"));
    for _ in 0..count {
        let unit = buy_when_free(store, emission)?;
        played.staked = played
            .staked
            .checked_add(emission.stake)
            .unwrap_or(played.staked);
        store.finish(unit.id)?;
        played.units += 1;
        played.won = played.won.checked_add(unit.prize).unwrap_or(played.won);
        progress.inc(1);
    }
    progress.finish_and_clear();
    Ok(())
}

/// Buys a unit of `emission`; while another process plays its unit (the store
/// refuses a second unfinished one), waits for it to be settled, as long as
/// the play lease is waited for.
fn buy_when_free(
    store: &mut dyn PointOfSale,
    emission: &'static Emission,
) -> Result<Unit, StoreError> {
    let deadline = std::time::Instant::now() + LEASE_WAIT;
    loop {
        match store.buy(emission) {
            Err(StoreError::UnitUnfinished(_)) if std::time::Instant::now() < deadline => {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            bought => return bought,
        }
    }
}
