//! The database's write-ahead log (`<database>-wal`), watched like the file
//! itself. While the store is open, SQLite keeps its `-wal` open and never
//! replaces it; one deleted or replaced under a running kiosk would take
//! every sale since the last checkpoint with it (a crash later, and they are
//! gone). So before every write the `-wal` must still be the file opened;
//! when it is not, what the open descriptor holds is folded into the database
//! (a checkpoint through it) — or, if that cannot be done, copied out of it
//! beside the database — and the store writes nothing more.

use std::path::{Path, PathBuf};

use guichet_sale::StoreError;
use rusqlite::Connection;

use crate::files;

/// The identity (device, inode) of the `-wal` beside `database`, if there is
/// one.
pub fn identity(database: &Path) -> Option<(u64, u64)> {
    files::identity(&files::sibling(database, "-wal")).ok()
}

/// Keeps the sales of a `-wal` that was deleted or replaced under the open
/// `connection`: a checkpoint folds them into the database through the
/// descriptor still open; if it cannot fold them all (another process
/// reading), the deleted log is copied out of that descriptor to
/// `<database>-wal.kept-<seconds>`. Says which in the error it returns.
pub fn keep_replaced_log(connection: &Connection, database: &Path) -> StoreError {
    let wal = files::sibling(database, "-wal");
    let folded = connection
        .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |row| {
            Ok((
                row.get::<_, i64>(0)?,
                row.get::<_, i64>(1)?,
                row.get::<_, i64>(2)?,
            ))
        })
        .is_ok_and(|(busy, log, checkpointed)| busy == 0 && log == checkpointed);
    let kept = if folded {
        database.to_path_buf()
    } else {
        match copy_open_log(&wal, database) {
            Some(copy) => copy,
            None => {
                return StoreError::LogReplaced {
                    path: database.to_path_buf(),
                    wal,
                    kept: None,
                };
            }
        }
    };
    StoreError::LogReplaced {
        path: database.to_path_buf(),
        wal,
        kept: Some(kept),
    }
}

/// Copies the log this process still has open at `wal` (deleted, or
/// replaced by another file) out of its descriptor, privately, beside the
/// database; where, if it could.
fn copy_open_log(wal: &Path, database: &Path) -> Option<PathBuf> {
    let deleted = format!("{} (deleted)", wal.display());
    let descriptor = std::fs::read_dir("/proc/self/fd")
        .ok()?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .find(|link| {
            std::fs::read_link(link).is_ok_and(|target| target.as_os_str() == deleted.as_str())
        })?;
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs());
    let copy = files::sibling(database, &format!("-wal.kept-{seconds}"));
    let mut target = files::create_private(&copy).ok()?;
    let mut source = std::fs::File::open(descriptor).ok()?;
    std::io::copy(&mut source, &mut target).ok()?;
    target.sync_all().ok()?;
    files::sync_folder_of(&copy).ok()?;
    Some(copy)
}
