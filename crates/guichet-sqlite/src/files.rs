//! The files beside the database, and the care they need: private modes from
//! creation, durable writes, a side file that is what it claims to be (never
//! a link, symbolic or hard, a regular file of this user's), and a warning when a file or its
//! folder is open to other users.
//!
//! Beside `guichet.sqlite3` (SQLite's `-wal` and `-shm` apart) live:
//! - `guichet.sqlite3.tally` — the high-water mark of committed sales (`tally`);
//! - `guichet.sqlite3.lease` — the lock of the process playing a unit (`lease`).
//!
//! Its keys are not there: they are kept apart (`keys`).

use std::fs::{self, DirBuilder, File, OpenOptions};
use std::io;
use std::os::unix::fs::{DirBuilderExt as _, MetadataExt as _, OpenOptionsExt as _};
use std::path::{Path, PathBuf};

use guichet_sale::{Exposed, StoreWarning};

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

/// Creates `path`, which must not exist, private to this user (never through
/// a link: `O_NOFOLLOW`, and `O_EXCL` refuses anything already there).
pub fn create_private(path: &Path) -> io::Result<File> {
    OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .mode(PRIVATE_FILE)
        .custom_flags(no_follow())
        .open(path)
}

/// Opens the side file at `path` to read and write it — never following a
/// link — and checks it is what it claims to be: a regular file of one name
/// (no hard link), of this user's. Anything else is refused before a byte is read or written.
///
/// # Errors
/// The system's error (`NotFound` when there is none), or `InvalidData` naming
/// what the file is instead.
pub fn open_side_file(path: &Path) -> io::Result<File> {
    open_not_following(path, true)
}

/// Opens the side file at `path` to read it, as [`open_side_file`] checks it.
///
/// # Errors
/// As [`open_side_file`].
pub fn read_side_file(path: &Path) -> io::Result<Vec<u8>> {
    let mut file = open_not_following(path, false)?;
    let mut bytes = Vec::new();
    io::Read::read_to_end(&mut file, &mut bytes)?;
    Ok(bytes)
}

/// Opens `path` (to write too, if `write`) without following a link and
/// without waiting on a FIFO, and checks it is a regular file of this user's
/// (or root's).
fn open_not_following(path: &Path, write: bool) -> io::Result<File> {
    let file = OpenOptions::new()
        .read(true)
        .write(write)
        .custom_flags(no_follow())
        .open(path)
        .map_err(|error| {
            // A link is refused by the system with ELOOP: say so.
            if error.raw_os_error() == Some(rustix::io::Errno::LOOP.raw_os_error()) {
                io::Error::new(
                    io::ErrorKind::InvalidData,
                    "it is a symbolic link; Guichet follows none",
                )
            } else {
                error
            }
        })?;
    check_own_regular(&file)?;
    Ok(file)
}

/// `O_NOFOLLOW` and `O_NONBLOCK` (a FIFO put in a side file's place is not
/// waited on; a regular file ignores it), as `custom_flags` takes them.
fn no_follow() -> i32 {
    (rustix::fs::OFlags::NOFOLLOW | rustix::fs::OFlags::NONBLOCK)
        .bits()
        .cast_signed()
}

/// Refuses an open file that is not a regular file of this user's (or
/// root's), or that has another name (a hard link).
fn check_own_regular(file: &File) -> io::Result<()> {
    let metadata = file.metadata()?;
    if !metadata.file_type().is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "it is not a regular file",
        ));
    }
    // A second name is another file's: written through it, the tally would
    // overwrite whatever it is linked to (a seal key, another kiosk's tally).
    if metadata.nlink() > 1 {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "it is a hard link (one of {} names of one file); Guichet writes through none",
                metadata.nlink()
            ),
        ));
    }
    let user = rustix::process::geteuid().as_raw();
    // Root's own are trusted too: systemd gives a unit its credentials as
    // root's files the unit's user may read (whoever can make root's files
    // is root already).
    if metadata.uid() != user && metadata.uid() != 0 {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "it belongs to user {}, not to this one ({user})",
                metadata.uid()
            ),
        ));
    }
    Ok(())
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
pub fn openness_warning(path: &Path, what: Exposed) -> Option<StoreWarning> {
    let mode = fs::metadata(path).ok()?.mode() & 0o777;
    (mode & 0o077 != 0).then(|| StoreWarning::OpenToOthers {
        what,
        path: path.to_path_buf(),
        mode,
    })
}

/// The device and inode `path` names now, to tell when it is replaced.
pub fn identity(path: &Path) -> io::Result<(u64, u64)> {
    fs::metadata(path).map(|metadata| (metadata.dev(), metadata.ino()))
}
