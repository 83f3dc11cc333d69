//! `guichet replay`: a settled unit's reveal, for a dispute, rendered by the
//! kiosk's own tables into an animated PNG. The command line finds the unit
//! and names the kiosk; a [`Replayer`] (the kiosk program's) draws it.

use std::path::Path;
use std::process::ExitCode;

use guichet_sale::{StoreError, Unit, UnitState};

use crate::args::ReplayArgs;
use crate::failure::Failure;
use crate::output::Output;

/// What a replay recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Replayed {
    /// Frames in the file (a still picture counts once).
    pub frames: usize,
    /// How long it plays, in milliseconds.
    pub milliseconds: u64,
}

/// Draws a settled unit's reveal into a file.
pub trait Replayer {
    /// Records `unit`'s reveal at `size` (width, height in pixels) under a
    /// caption naming `kiosk`, and writes it to `out` as an animated PNG.
    ///
    /// # Errors
    /// [`Failure::Output`] when `out` cannot be written; another when it
    /// cannot be rendered.
    fn replay(
        &self,
        unit: Unit,
        kiosk: &str,
        size: (u32, u32),
        out: &Path,
    ) -> Result<Replayed, Failure>;
}

/// Runs `guichet replay`.
pub(super) fn run(
    arguments: &ReplayArgs,
    replayer: &dyn Replayer,
    out: &mut Output,
) -> Result<ExitCode, Failure> {
    let store = arguments.database.open_to_read()?;
    let unit = match store.any_unit(arguments.unit) {
        Err(StoreError::NoSuchUnit(id)) => {
            return Err(Failure::Usage(format!(
                "there is no unit {id} in {}",
                store.path().display()
            )));
        }
        other => other?,
    };
    drop(store);
    if unit.state != UnitState::Settled {
        return Err(Failure::Other(anyhow::anyhow!(
            "unit {} is not settled: its reveal is not over, there is nothing to replay yet",
            unit.id
        )));
    }
    let kiosk = arguments.kiosk.clone().unwrap_or_else(host_name);
    let id = unit.id;
    let (width, height) = arguments.size;
    let recorded = replayer.replay(unit, &kiosk, arguments.size, &arguments.out)?;
    out.line(format!(
        "unit {id}: {} frames, {:.1} s, {width}x{height}, written to {}",
        recorded.frames,
        recorded.milliseconds as f64 / 1000.0,
        arguments.out.display()
    ))?;
    Ok(ExitCode::SUCCESS)
}

/// This machine's host name: the kiosk, when none is named.
fn host_name() -> String {
    rustix::system::uname()
        .nodename()
        .to_string_lossy()
        .into_owned()
}
