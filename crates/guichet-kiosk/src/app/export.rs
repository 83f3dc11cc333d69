//! Where the operator's exports go: the folder the command line named, else
//! the first USB stick mounted for the kiosk's user (`/media/<user>/<stick>`,
//! `/run/media/<user>/<stick>`); and a closing written there.

use std::path::{Path, PathBuf};

use guichet_sqlite::Closing;

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
