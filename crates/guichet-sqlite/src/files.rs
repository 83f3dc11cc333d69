//! The files beside the database, and the care they need: private modes from
//! creation, durable writes, and a warning when a file or its folder is open to
//! other users.
//!
//! Beside `guichet.sqlite3` (SQLite's `-wal` and `-shm` apart) live:
//! - `guichet.sqlite3.key` — the seal key of the open blocks' seeds (`seal`);
//! - `guichet.sqlite3.tally` — the high-water mark of committed sales (`tally`);
//! - `guichet.sqlite3.lease` — the lock of the process playing a unit (`lease`).

use std::fs::{self, DirBuilder, File, OpenOptions};
use std::io;
use std::os::unix::fs::{DirBuilderExt as _, MetadataExt as _, OpenOptionsExt as _};
use std::path::{Path, PathBuf};

/// The mode of every file Guichet creates: readable and writable by its user only.
pub const PRIVATE_FILE: u32 = 0o600;
/// The mode of a folder Guichet creates for its database.
pub const PRIVATE_FOLDER: u32 = 0o700;

/// The file beside `database` whose name ends in `suffix` (`.key`, `-wal`).
#[must_use]
pub fn sibling(database: &Path, suffix: &str) -> PathBuf {
    let mut name = database.as_os_str().to_owned();
    name.push(suffix);
    name.into()
}

/// Creates the folders of `path` that are missing, private to this user.
pub fn create_folders(path: &Path) -> io::Result<()> {
    match path
        .parent()
        .filter(|folder| !folder.as_os_str().is_empty())
    {
        Some(folder) if !folder.exists() => DirBuilder::new()
            .recursive(true)
            .mode(PRIVATE_FOLDER)
            .create(folder),
        _ => Ok(()),
    }
}

/// Creates `path`, which must not exist, private to this user.
pub fn create_private(path: &Path) -> io::Result<File> {
    OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .mode(PRIVATE_FILE)
        .open(path)
}

/// Makes the entry of `path` in its folder durable.
pub fn sync_folder_of(path: &Path) -> io::Result<()> {
    let folder = path
        .parent()
        .filter(|folder| !folder.as_os_str().is_empty())
        .unwrap_or_else(|| Path::new("."));
    File::open(folder)?.sync_all()
}

/// A warning when `path` (a file, or the folder holding the database) can be
/// read or written by users other than its owner.
#[must_use]
pub fn openness_warning(path: &Path, what: &str) -> Option<String> {
    let mode = fs::metadata(path).ok()?.mode() & 0o777;
    (mode & 0o077 != 0).then(|| {
        format!(
            "{what} {} is open to other users (mode {mode:03o}); make it private with `chmod go-rwx`",
            path.display()
        )
    })
}

/// The device and inode `path` names now, to tell when it is replaced.
pub fn identity(path: &Path) -> io::Result<(u64, u64)> {
    fs::metadata(path).map(|metadata| (metadata.dev(), metadata.ino()))
}
