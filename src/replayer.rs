//! `guichet replay`'s drawing: the kiosk's tables record the unit's reveal
//! (`guichet_kiosk::replay`) for the command line, which draws nothing.

use std::path::Path;

use guichet_cli::{Failure, Replayed, Replayer};
use guichet_kiosk::replay::{self, Caption, ReplayError};
use guichet_sale::Unit;

/// The kiosk's tables, recording headlessly.
pub struct KioskTables;

impl Replayer for KioskTables {
    fn replay(
        &self,
        unit: Unit,
        kiosk: &str,
        (width, height): (u32, u32),
        out: &Path,
    ) -> Result<Replayed, Failure> {
        // The file first: a path that cannot be written is told before the
        // reveal is rendered, not after.
        let file = std::fs::File::create(out)
            .map_err(|error| Failure::Output(format!("cannot write {}: {error}", out.display())))?;
        let caption = Caption {
            kiosk: kiosk.to_owned(),
            unit: unit.id,
        };
        let size = egui::vec2(width as f32, height as f32);
        let recording =
            replay::record(unit, &caption, size, &jiff::tz::TimeZone::system()).map_err(failure)?;
        recording.write_apng(file, out).map_err(failure)?;
        Ok(Replayed {
            frames: recording.frame_count(),
            milliseconds: recording.duration_ms(),
        })
    }
}

/// The command line's failure for `error`: a file not written is an output's
/// (exit 3), anything else a refusal (exit 1).
fn failure(error: ReplayError) -> Failure {
    match error {
        ReplayError::Write(reason) => Failure::Output(reason),
        other => Failure::Other(other.into()),
    }
}
