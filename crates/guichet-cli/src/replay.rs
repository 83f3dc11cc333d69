//! `guichet replay`: a settled unit's reveal, for a dispute, rendered by the
//! kiosk's own tables into an animated PNG. The command line finds the unit
//! and names the kiosk; a [`Replayer`] (the kiosk program's) draws it.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use guichet_sale::{StoreError, Unit, UnitState};

use crate::failure::Failure;
use crate::output::Output;
use crate::shared_args::DatabaseArgs;

/// `guichet replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The database.
    #[command(flatten)]
    pub database: DatabaseArgs,
    /// The unit's number (as the history and the recall show it).
    #[arg(long, value_name = "ID")]
    pub unit: i64,
    /// The animated PNG to write.
    #[arg(long, value_name = "FILE.png")]
    pub out: PathBuf,
    /// The picture's size in pixels.
    #[arg(long, value_name = "WxH", default_value = "1280x800", value_parser = parse_size)]
    pub size: (u32, u32),
    /// The kiosk's name in the caption [default: this machine's host name].
    #[arg(long, value_name = "NAME")]
    pub kiosk: Option<String>,
}

/// The smallest and largest replay pictures: a kiosk's screens, and no
/// more than a 4K one.
const REPLAY_SIZES: std::ops::RangeInclusive<u32> = 320..=3840;

/// Parses `1280x800`.
///
/// # Errors
/// A line saying why the text is not such a size.
#[expect(
    clippy::map_err_ignore,
    reason = "the message says what is wanted; the parser's own says less"
)]
pub fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("the size must be WIDTHxHEIGHT in pixels, as 1280x800 (got {text})");
    let (width, height) = text.split_once(['x', 'X', '×']).ok_or_else(bad)?;
    let side = |side: &str| side.trim().parse::<u32>().map_err(|_| bad());
    let (width, height) = (side(width)?, side(height)?);
    if !REPLAY_SIZES.contains(&width) || !REPLAY_SIZES.contains(&height) {
        return Err(format!(
            "each side must be from {} to {} pixels (got {text})",
            REPLAY_SIZES.start(),
            REPLAY_SIZES.end()
        ));
    }
    Ok((width, height))
}

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
