//! Where the operator's exports go: the folder the command line named, else
//! the first USB stick mounted for the kiosk's user (`/media/<user>/<stick>`,
//! `/run/media/<user>/<stick>`); and a closing, or a recalled unit's
//! recorded reveal, written there.

use std::path::{Path, PathBuf};
use std::sync::mpsc;

use guichet_sale::Unit;
use guichet_sqlite::Closing;

use crate::replay::{self, Caption};

/// The recorded reveal's size: the dispute replay's own default.
const RECALL_SIZE: egui::Vec2 = egui::vec2(1280.0, 800.0);

/// What a recording in progress will say: the file written, or why not.
pub type Recorded = mpsc::Receiver<Result<PathBuf, String>>;

/// The folder exports go to now, if there is one.
pub fn folder(named: Option<&Path>) -> Option<PathBuf> {
    if let Some(named) = named {
        return Some(named.to_path_buf());
    }
    let user = std::env::var("USER").ok()?;
    ["/media", "/run/media"].into_iter().find_map(|root| {
        let mut sticks: Vec<PathBuf> = std::fs::read_dir(Path::new(root).join(&user))
            .ok()?
            .filter_map(|entry| entry.ok().map(|entry| entry.path()))
            .filter(|path| path.is_dir())
            .collect();
        sticks.sort();
        sticks.into_iter().next()
    })
}

/// Writes `closing` into `folder` as `guichet closing` writes it, named by its
/// counter and period, and returns the file.
///
/// # Errors
/// The file's, if it cannot be written.
pub fn write_closing(folder: &Path, closing: &Closing) -> std::io::Result<PathBuf> {
    let label: String = closing
        .label
        .chars()
        .map(|character| {
            if character.is_ascii_alphanumeric() || character == '-' {
                character
            } else {
                '-'
            }
        })
        .collect();
    let file = folder.join(format!(
        "guichet-closing-{}-{}-{label}.json",
        closing.counter,
        closing.period.name()
    ));
    std::fs::write(&file, closing.exported())?;
    Ok(file)
}

/// Records `unit`'s reveal beside the window (it takes seconds) into
/// `folder` as `guichet-rappel-<unit>.png`, captioned with this machine's
/// name; the receiver gets the file, or why it was not written.
pub fn record_replay(folder: PathBuf, unit: Unit, zone: jiff::tz::TimeZone) -> Recorded {
    let (done, recorded) = mpsc::channel();
    std::thread::spawn(move || {
        let caption = Caption {
            kiosk: rustix::system::uname()
                .nodename()
                .to_string_lossy()
                .into_owned(),
            unit: unit.id,
        };
        let file = folder.join(format!("guichet-rappel-{}.png", unit.id));
        let written = std::fs::File::create(&file)
            .map_err(|error| error.to_string())
            .and_then(|out| {
                replay::record(unit, &caption, RECALL_SIZE, &zone)
                    .and_then(|recording| recording.write_apng(out, &file))
                    .map_err(|error| error.to_string())
            })
            .map(|()| file);
        #[expect(
            clippy::let_underscore_must_use,
            reason = "the window may have closed meanwhile: nobody to tell"
        )]
        let _ = done.send(written);
    });
    recorded
}
