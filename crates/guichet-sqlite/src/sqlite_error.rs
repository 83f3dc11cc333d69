//! SQLite's errors made store errors: what each means for the kiosk's file.

use std::path::Path;

use guichet_sale::StoreError;
use rusqlite::ErrorCode;

/// SQLite results on a given file, made store results.
pub(crate) trait OnFile<T> {
    /// The result, its error classified as a [`StoreError`] about `path`.
    fn on(self, path: &Path) -> Result<T, StoreError>;
}

impl<T> OnFile<T> for rusqlite::Result<T> {
    fn on(self, path: &Path) -> Result<T, StoreError> {
        self.map_err(|error| classify(path, error))
    }
}

/// Classifies a SQLite error met on `path`.
pub(crate) fn classify(path: &Path, error: rusqlite::Error) -> StoreError {
    let path = path.to_path_buf();
    match error.sqlite_error_code() {
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => StoreError::Locked { path },
        Some(ErrorCode::ReadOnly) => StoreError::ReadOnly { path },
        Some(ErrorCode::NotADatabase) => StoreError::NotADatabase { path },
        Some(ErrorCode::DatabaseCorrupt) => StoreError::Corrupt {
            path,
            detail: error.to_string(),
        },
        Some(ErrorCode::CannotOpen) => StoreError::CannotOpen {
            path,
            reason: error.to_string(),
        },
        _ => StoreError::Sqlite {
            path,
            source: Box::new(error),
        },
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use rusqlite::ffi;

    use super::{StoreError, classify};

    fn failure(code: std::os::raw::c_int) -> StoreError {
        classify(
            Path::new("guichet.sqlite3"),
            rusqlite::Error::SqliteFailure(ffi::Error::new(code), None),
        )
    }

    #[test]
    fn sqlites_codes_become_errors_an_operator_can_act_on() {
        assert!(matches!(
            failure(ffi::SQLITE_BUSY),
            StoreError::Locked { .. }
        ));
        assert!(matches!(
            failure(ffi::SQLITE_LOCKED),
            StoreError::Locked { .. }
        ));
        assert!(matches!(
            failure(ffi::SQLITE_READONLY),
            StoreError::ReadOnly { .. }
        ));
        assert!(matches!(
            failure(ffi::SQLITE_NOTADB),
            StoreError::NotADatabase { .. }
        ));
        assert!(matches!(
            failure(ffi::SQLITE_CORRUPT),
            StoreError::Corrupt { .. }
        ));
        assert!(matches!(
            failure(ffi::SQLITE_CANTOPEN),
            StoreError::CannotOpen { .. }
        ));
        assert!(matches!(
            failure(ffi::SQLITE_FULL),
            StoreError::Sqlite { .. }
        ));
    }

    #[test]
    fn only_faults_of_the_file_are_about_the_file() {
        assert!(failure(ffi::SQLITE_NOTADB).is_about_the_file());
        assert!(failure(ffi::SQLITE_BUSY).is_about_the_file());
        for request in [
            StoreError::NoLimits,
            StoreError::UnitUnfinished(1),
            StoreError::AlreadySettled(1),
            failure(ffi::SQLITE_FULL),
        ] {
            assert!(!request.is_about_the_file(), "{request:?}");
        }
    }
}
