//! `guichet play`: headless play through the same API as the kiosk
//! ([`PointOfSale`]), on a kiosk's own file or at a kiosk of a network.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::Context as _;
use clap::Args;
use guichet_core::emission::{Emission, Game};
use guichet_core::money::Cents;
use guichet_network::PlayerAccount;
use guichet_sale::{PointOfSale, StoreError, Unit, UnitState};
use indicatif::{ProgressBar, ProgressStyle};

use crate::connect;
use crate::failure::Failure;
use crate::open::{LEASE_WAIT, opened, options, sign_in};
use crate::output::Output;
use crate::shared_args::{AnyDatabaseArgs, Database};
use crate::values::{game_help, parse_count, parse_euros, parse_game, stake_help};

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

/// What a `play` run did, told whatever stopped it.
#[derive(Default)]
struct Played {
    /// Unfinished units this run finished.
    resumed: u32,
    /// Unfinished units another process finished meanwhile.
    finished_elsewhere: u32,
    units: u32,
    staked: Cents,
    won: Cents,
    /// Whether a signal (SIGINT, SIGTERM, SIGHUP) stopped the run.
    interrupted: bool,
}

/// Set when SIGINT, SIGTERM or SIGHUP arrives: the unit in play is finished,
/// then the run stops and says what it did.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// The exit code of a run a signal stopped (128 + SIGINT's number, as shells
/// report an interruption).
const INTERRUPTED_EXIT: u8 = 130;

/// Runs `guichet play`: finishes the unfinished unit first (waiting a moment if
/// another process plays it), then buys and reveals `count` units, each
/// journaled and settled like a player's. Always says what it did, even when it
/// stops early (a short balance, a unit played elsewhere).
pub(super) fn run(arguments: &PlayArgs, out: &mut Output) -> Result<ExitCode, Failure> {
    let emission = Emission::find(arguments.game, arguments.stake)
        .map_err(|error| Failure::Usage(error.to_string()))?;
    // The kiosk's file, or a network's seat (signed out at the end).
    let (mut file, mut seat) = (None, None);
    let point: &mut dyn PointOfSale = match (
        arguments.database.database(),
        &arguments.kiosk,
        &arguments.player,
    ) {
        (Database::File(path), None, player) => {
            let pin = connect::player_pin(player)?;
            let store = file.insert(opened(
                options(arguments.database.keys.as_deref())
                    .existing_only()
                    .lease_wait(LEASE_WAIT)
                    .open(&path),
            )?);
            sign_in(store, player, &pin)?;
            store
        }
        (Database::File(_), Some(_), _) => {
            return Err(Failure::Usage(
                "--kiosk is for a network's database (--db postgres://…)".to_owned(),
            ));
        }
        (Database::Network(endpoint), Some(kiosk), player) => {
            let pin = connect::player_pin(player)?;
            let account = PlayerAccount::new(connect::kiosk(
                &endpoint,
                kiosk,
                arguments.kiosk_secret_file.as_deref(),
            )?);
            let signed_in = seat.insert(account);
            signed_in
                .sign_in(player, &pin)
                .with_context(|| format!("signing {player} in"))?;
            signed_in
        }
        (Database::Network(_), None, _) => {
            return Err(Failure::Usage(
                "on a network's database, name the kiosk: --kiosk NAME".to_owned(),
            ));
        }
    };
    // Without a handler (one already set), a signal stops the run as before.
    #[expect(
        clippy::let_underscore_must_use,
        reason = "said above: a signal then stops the run"
    )]
    let _ = ctrlc::set_handler(|| INTERRUPTED.store(true, Ordering::SeqCst));
    let mut played = Played::default();
    let result = play(point, emission, arguments.count, &mut played);
    if played.resumed > 0 {
        out.line(format_args!(
            "resumed and finished {} unfinished unit(s)",
            played.resumed
        ))?;
    }
    if played.finished_elsewhere > 0 {
        out.line(format_args!(
            "{} unfinished unit(s) were finished by another process meanwhile",
            played.finished_elsewhere
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
    // The player's session ends with the run, not 30 minutes later.
    if let Some(seat) = seat.as_mut() {
        seat.sign_out();
    }
    if let Some(store) = file.as_mut() {
        store.sign_out()?;
    }
    result?;
    if played.interrupted {
        out.line("interrupted by a signal: stopped once the unit in play was settled")?;
        return Ok(ExitCode::from(INTERRUPTED_EXIT));
    }
    Ok(ExitCode::SUCCESS)
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
        // Taking it up waits for another process playing it: that process
        // may finish it meanwhile.
        let taken = store.take_up(unit.id)?;
        let finished_here = taken.state != UnitState::Settled
            && match store.finish(unit.id) {
                Ok(_) => true,
                Err(StoreError::AlreadySettled(_)) => false,
                Err(error) => return Err(error.into()),
            };
        if finished_here {
            played.resumed += 1;
        } else {
            played.finished_elsewhere += 1;
        }
        progress.inc(1);
    }
    progress.set_message(format!("playing {emission}"));
    for _ in 0..count {
        if INTERRUPTED.load(Ordering::SeqCst) {
            played.interrupted = true;
            break;
        }
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
