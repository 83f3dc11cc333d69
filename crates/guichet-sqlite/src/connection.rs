//! Opening the database file without ever harming it.
//!
//! A file that does not exist is created (when the caller allows it), private to
//! its user, in a private folder. A file that exists is read first — its header
//! by hand, then SQLite's quick check, application id and schema version — and
//! only once it has proven to be a sound Guichet database of a version this build
//! knows is anything written to it. An empty file, a foreign file, a damaged,
//! truncated or newer one is refused with a typed error and left byte-for-byte as
//! it was; so is a folder, a FIFO or a dangling link given as the database.

use std::fs::{self, File};
use std::io::{ErrorKind, Read as _};
use std::os::unix::fs::{FileTypeExt as _, MetadataExt as _};
use std::path::Path;
use std::time::Duration;

use rusqlite::{Connection, OpenFlags};

use crate::files::{create_folders, create_private, sibling};
use crate::schema::{APPLICATION_ID, MigrationContext, MigrationError, current_version, migrate};
use crate::seal::SealKey;
use crate::sqlite_error::OnFile as _;
use guichet_sale::StoreError;

/// How long a write waits for another connection before reporting a lock.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(3);

/// Prepared statements kept ready: every statement of the hot paths fits.
const STATEMENT_CACHE: usize = 64;

/// The first 16 bytes of every SQLite database.
const MAGIC: &[u8; 16] = b"SQLite format 3\0";

/// How the database is opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// To write: brought to the current schema first; `create` makes a
    /// missing one.
    Write {
        /// Whether a missing database is created.
        create: bool,
    },
    /// To read only: nothing written, migrated or created — not even SQLite's
    /// `-shm` — and the file left as it was, byte for byte. Schemas older
    /// than [`READABLE_FROM`] are refused ([`StoreError::OldSchema`]).
    Read,
    /// As `Read`, whatever the schema's version: to copy it as it is.
    Copy,
}

/// What migrating a database needs, once the version it comes from is known:
/// the seal key its open blocks are sealed with (version 1) or its chain is
/// made with (version 7), the id it is given (version 5), and the time.
pub struct MigrationPlan {
    /// The seal key, if the migration seals seeds or restates links.
    pub seal: Option<SealKey>,
    /// The database's new id.
    pub database_id: String,
    /// The store's time, stamped.
    pub now: String,
}

/// The oldest schema a read-only open reads as it is: version 7 keys every
/// record by its player, which every reading asks for (an older file is
/// migrated first, a copy kept: `guichet migrate`).
pub const READABLE_FROM: i64 = 7;

/// Opens the Guichet database at `path` for `access`: to write, at the current
/// schema, created if missing and allowed (`plan` says what a migration
/// needs, given the version it starts from); to read, as it is.
pub fn open(
    path: &Path,
    access: Access,
    plan: &mut dyn FnMut(i64, &Connection) -> Result<MigrationPlan, StoreError>,
) -> Result<Connection, StoreError> {
    let refuse = |reason: &str| StoreError::CannotOpen {
        path: path.to_path_buf(),
        reason: reason.to_owned(),
    };
    match fs::symlink_metadata(path) {
        Err(error) if error.kind() == ErrorKind::NotFound => {
            return match access {
                Access::Write { create: true } => create_database(path, plan),
                Access::Write { create: false } | Access::Read | Access::Copy => {
                    Err(StoreError::NoDatabase {
                        path: path.to_path_buf(),
                    })
                }
            };
        }
        Err(error) => return Err(refuse(&error.to_string())),
        Ok(link) if link.file_type().is_symlink() && fs::metadata(path).is_err() => {
            return Err(refuse(
                "it is a link to a file that does not exist; Guichet does not create the target of a link",
            ));
        }
        Ok(_) => {}
    }
    let metadata = fs::metadata(path).map_err(|error| refuse(&error.to_string()))?;
    let kind = metadata.file_type();
    if !kind.is_file() {
        let kind = if kind.is_dir() {
            "folder"
        } else if kind.is_fifo() {
            "FIFO"
        } else if kind.is_socket() {
            "socket"
        } else {
            "device"
        };
        return Err(StoreError::NotAFile {
            path: path.to_path_buf(),
            kind,
        });
    }
    let unreadable = metadata.mode() & 0o400 == 0
        || File::open(path).is_err_and(|error| error.kind() == ErrorKind::PermissionDenied);
    if unreadable {
        return Err(StoreError::NoPermission {
            path: path.to_path_buf(),
            mode: metadata.mode() & 0o777,
        });
    }
    match access {
        Access::Read => open_to_read(path, metadata.len(), READABLE_FROM),
        Access::Copy => open_to_read(path, metadata.len(), 1),
        Access::Write { .. } => {
            if metadata.permissions().readonly() {
                return Err(StoreError::ReadOnly {
                    path: path.to_path_buf(),
                });
            }
            if let Some(folder) = read_only_folder(path) {
                return Err(StoreError::ReadOnlyFolder {
                    path: path.to_path_buf(),
                    folder,
                });
            }
            open_to_write(path, metadata.len(), plan)
        }
    }
}

/// The folder of `path`, if this user cannot write in it (SQLite writes its
/// `-wal` and `-shm` there).
fn read_only_folder(path: &Path) -> Option<std::path::PathBuf> {
    let folder = path
        .parent()
        .filter(|folder| !folder.as_os_str().is_empty())
        .unwrap_or_else(|| Path::new("."));
    rustix::fs::access(folder, rustix::fs::Access::WRITE_OK)
        .is_err()
        .then(|| folder.to_path_buf())
}

fn create_database(
    path: &Path,
    plan: &mut dyn FnMut(i64, &Connection) -> Result<MigrationPlan, StoreError>,
) -> Result<Connection, StoreError> {
    let failed = |error: std::io::Error| StoreError::CannotOpen {
        path: path.to_path_buf(),
        reason: error.to_string(),
    };
    create_folders(path).map_err(failed)?;
    // An empty file of mode 0600 first: SQLite keeps its mode, and gives it to
    // the -wal and -shm files it makes beside it.
    drop(create_private(path).map_err(failed)?);
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let mut connection = Connection::open_with_flags(path, flags).on(path)?;
    configure(&connection).on(path)?;
    let plan = plan(0, &connection)?;
    // A new database has no block yet: no key is needed to migrate it.
    migrate(
        &mut connection,
        0,
        &MigrationContext {
            seal: None,
            database_id: &plan.database_id,
            now: &plan.now,
        },
    )
    .map_err(|error| migration_failed(path, error))?;
    Ok(connection)
}

/// The checks every open makes before anything else — SQLite's quick check,
/// the application id, a schema version this build knows — and the version.
fn checked_version(path: &Path, connection: &Connection) -> Result<i64, StoreError> {
    let verdict: String = connection
        .query_row("PRAGMA quick_check(1)", [], |row| row.get(0))
        .on(path)?;
    if verdict != "ok" {
        let detail = verdict
            .lines()
            .filter(|line| !line.starts_with("***"))
            .collect::<Vec<_>>()
            .join("; ");
        return Err(StoreError::Corrupt {
            path: path.to_path_buf(),
            detail,
        });
    }
    let application_id: i64 = connection
        .query_row("PRAGMA application_id", [], |row| row.get(0))
        .on(path)?;
    if application_id != APPLICATION_ID {
        return Err(StoreError::NotGuichet {
            path: path.to_path_buf(),
        });
    }
    let version: i64 = connection
        .query_row("PRAGMA user_version", [], |row| row.get(0))
        .on(path)?;
    if version > current_version() {
        return Err(StoreError::NewerSchema {
            path: path.to_path_buf(),
            found: version,
            known: current_version(),
        });
    }
    if version < 1 {
        return Err(StoreError::UnknownSchema {
            path: path.to_path_buf(),
            found: version,
        });
    }
    Ok(version)
}

fn open_to_write(
    path: &Path,
    length: u64,
    plan: &mut dyn FnMut(i64, &Connection) -> Result<MigrationPlan, StoreError>,
) -> Result<Connection, StoreError> {
    check_header(path, length)?;
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let mut connection = Connection::open_with_flags(path, flags).on(path)?;
    connection.busy_timeout(BUSY_TIMEOUT).on(path)?;
    // Read-only checks, before anything is written.
    let version = checked_version(path, &connection)?;
    configure(&connection).on(path)?;
    if version < current_version() {
        let plan = plan(version, &connection)?;
        migrate(
            &mut connection,
            version,
            &MigrationContext {
                seal: plan.seal.as_ref(),
                database_id: &plan.database_id,
                now: &plan.now,
            },
        )
        .map_err(|error| migration_failed(path, error))?;
    }
    Ok(connection)
}

/// Opens the database to read only. Without a `-wal` beside it, nothing
/// writes to it: it is opened immutable, so SQLite neither locks nor makes a
/// `-shm` (it works on a read-only copy in a read-only folder). With a
/// `-wal`, a process may be writing: it is read with SQLite's locks, through
/// the `-shm` that must be there. A schema older than `oldest` is refused.
fn open_to_read(path: &Path, length: u64, oldest: i64) -> Result<Connection, StoreError> {
    check_header(path, length)?;
    let wal = sibling(path, "-wal");
    let immutable = !wal.exists();
    if !immutable && !sibling(path, "-shm").exists() {
        return Err(StoreError::CannotOpen {
            path: path.to_path_buf(),
            reason: format!(
                "{} holds changes not yet in the file, and reading them needs its -shm beside it; \
                 copy the database with both, or open it once to write (any command that writes \
                 folds them in)",
                wal.display()
            ),
        });
    }
    let uri = format!(
        "file:{}?mode=ro{}",
        uri_path(path),
        if immutable { "&immutable=1" } else { "" }
    );
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY
        | OpenFlags::SQLITE_OPEN_URI
        | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let connection = Connection::open_with_flags(uri, flags).on(path)?;
    connection.busy_timeout(BUSY_TIMEOUT).on(path)?;
    connection
        .pragma_update(None, "query_only", true)
        .on(path)?;
    let version = checked_version(path, &connection)?;
    if version < oldest {
        return Err(StoreError::OldSchema {
            path: path.to_path_buf(),
            found: version,
        });
    }
    Ok(connection)
}

/// `path` as the path of a `file:` URI: `%`, `?` and `#` escaped.
fn uri_path(path: &Path) -> String {
    let text = path.to_string_lossy();
    let mut escaped = String::with_capacity(text.len());
    for character in text.chars() {
        match character {
            '%' => escaped.push_str("%25"),
            '?' => escaped.push_str("%3f"),
            '#' => escaped.push_str("%23"),
            other => escaped.push(other),
        }
    }
    escaped
}

fn migration_failed(path: &Path, error: MigrationError) -> StoreError {
    match error {
        MigrationError::Sqlite(error) => crate::sqlite_error::classify(path, error),
        MigrationError::Data(detail) => StoreError::Inconsistent {
            path: path.to_path_buf(),
            detail,
        },
    }
}

/// Refuses, from its first 100 bytes alone, a file that is not a SQLite
/// database or is shorter than its header says.
fn check_header(path: &Path, length: u64) -> Result<(), StoreError> {
    let mut header = [0_u8; 100];
    let read = File::open(path)
        .and_then(|mut file| file.read(&mut header))
        .map_err(|error| StoreError::CannotOpen {
            path: path.to_path_buf(),
            reason: error.to_string(),
        })?;
    if read < MAGIC.len() || header[..MAGIC.len()] != MAGIC[..] {
        return Err(StoreError::NotADatabase {
            path: path.to_path_buf(),
        });
    }
    if read < header.len() {
        return Err(StoreError::Truncated {
            path: path.to_path_buf(),
        });
    }
    let page_size = match u16::from_be_bytes([header[16], header[17]]) {
        1 => 65_536,
        size => u64::from(size),
    };
    let change_counter = &header[24..28];
    let valid_for = &header[92..96];
    let pages = u64::from(u32::from_be_bytes([
        header[28], header[29], header[30], header[31],
    ]));
    // The page count in the header is only meaningful when stamped by the same
    // change; during a checkpoint the write-ahead log still holds the pages.
    let checkpointing = sibling(path, "-wal")
        .metadata()
        .is_ok_and(|wal| wal.len() > 0);
    let short = !length.is_multiple_of(page_size)
        || (change_counter == valid_for && length < pages * page_size);
    if short && !checkpointing {
        return Err(StoreError::Truncated {
            path: path.to_path_buf(),
        });
    }
    Ok(())
}

/// The connection settings every session uses.
fn configure(connection: &Connection) -> rusqlite::Result<()> {
    connection.busy_timeout(BUSY_TIMEOUT)?;
    connection.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
    let mode: String = connection.query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0))?;
    if !mode.eq_ignore_ascii_case("wal") {
        return Err(rusqlite::Error::InvalidQuery);
    }
    connection.pragma_update(None, "synchronous", "FULL")?;
    connection.pragma_update(None, "foreign_keys", true)?;
    Ok(())
}
