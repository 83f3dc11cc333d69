//! The explicit migration (`guichet migrate`): a backup copy of the file as it
//! is, beside it, then the schema brought to this build's version. The
//! commands that only read never migrate; those that write migrate at open
//! (an installed kiosk after an upgrade) without a copy.

use std::path::{Path, PathBuf};
use std::time::Duration;

use guichet_sale::StoreError;

use crate::connection::{self, Access, MigrationPlan};
use crate::files;
use crate::open::OpenOptions;
use crate::schema::current_version;
use crate::sqlite_error::OnFile as _;
use crate::store::Store;

/// Copies the database at `path`, read through `reader`, to `backup`,
/// privately: byte for byte when it has no `-wal` (nothing is writing it);
/// else as SQLite's online backup sees it, one consistent snapshot.
fn copy_as_it_is(
    reader: &rusqlite::Connection,
    path: &Path,
    backup: &Path,
) -> Result<(), StoreError> {
    let failed = |error: std::io::Error| StoreError::CannotOpen {
        path: backup.to_path_buf(),
        reason: format!("the backup copy cannot be made: {error}"),
    };
    let mut target = files::create_private(backup).map_err(failed)?;
    if !files::sibling(path, "-wal").exists() {
        let mut source = std::fs::File::open(path).map_err(failed)?;
        std::io::copy(&mut source, &mut target).map_err(failed)?;
        return target.sync_all().map_err(failed);
    }
    drop(target);
    let mut copy = rusqlite::Connection::open(backup).on(backup)?;
    rusqlite::backup::Backup::new(reader, &mut copy)
        .and_then(|backup| backup.run_to_completion(1024, Duration::ZERO, None))
        .on(backup)?;
    // The copy stands alone: no -wal beside it.
    copy.pragma_update(None, "journal_mode", "DELETE")
        .on(backup)?;
    copy.close().map_err(|(_, error)| error).on(backup)
}

/// What [`OpenOptions::migrate`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Migrated {
    /// The schema's version before.
    pub from: i64,
    /// Its version now.
    pub to: i64,
    /// The copy of the file as it was, if it was migrated.
    pub backup: Option<PathBuf>,
}

impl OpenOptions {
    /// Migrates the database at `path` (which must exist) to this build's
    /// schema: a consistent copy of it as it is first, private, beside it
    /// (`<file>.v<N>-<time>.backup`), then the migration; a file already at
    /// this version is left as it is, with no copy.
    ///
    /// # Errors
    /// [`StoreError`]: the file refused as at any open, the copy not made
    /// (then nothing is migrated), or the migration failed.
    pub fn migrate(&self, path: &Path) -> Result<(Store, Migrated), StoreError> {
        // Opened to copy, the file is never migrated: no plan is asked for.
        let mut no_plan = |_: i64, _: &rusqlite::Connection| -> Result<MigrationPlan, StoreError> {
            Err(StoreError::ReadOnlyOpen {
                path: path.to_path_buf(),
            })
        };
        let reader = connection::open(path, Access::Copy, &mut no_plan)?;
        let from: i64 = reader
            .query_row("PRAGMA user_version", [], |row| row.get(0))
            .on(path)?;
        let backup = if from < current_version() {
            let stamp = jiff::Timestamp::now()
                .strftime("%Y%m%dT%H%M%SZ")
                .to_string();
            let backup = files::sibling(path, &format!(".v{from}-{stamp}.backup"));
            copy_as_it_is(&reader, path, &backup)?;
            files::sync_folder_of(&backup).map_err(|error| StoreError::CannotOpen {
                path: backup.clone(),
                reason: error.to_string(),
            })?;
            Some(backup)
        } else {
            None
        };
        drop(reader);
        let store = self.clone().existing_only().open(path)?;
        Ok((
            store,
            Migrated {
                from,
                to: current_version(),
                backup,
            },
        ))
    }
}
