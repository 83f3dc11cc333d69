//! What the operator should know of a store that does not stop it: a file or
//! folder open to other users, a seal key left where it is not used, a tally
//! rebuilt or not written. The command line says each in English (its
//! `Display`); the window in the kiosk's language, from the variant.

use std::path::PathBuf;

/// A warning about an opened store.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StoreWarning {
    /// A file or folder of the store that users other than its owner can
    /// read or write.
    #[error(
        "{} {} is open to other users (mode {mode:03o}); make it private with `chmod go-rwx`",
        what.noun(),
        path.display()
    )]
    OpenToOthers {
        /// Which of the store's files or folders.
        what: Exposed,
        /// Its path.
        path: PathBuf,
        /// Its permission bits.
        mode: u32,
    },
    /// An earlier Guichet's seal key beside the database, on a kiosk that
    /// reads its keys from systemd's credentials.
    #[error(
        "a seal key is beside the database ({}), but this kiosk reads its keys from systemd's credentials: install it as one and remove it",
        path.display()
    )]
    LegacyKeyUnused {
        /// The key beside the database.
        path: PathBuf,
    },
    /// A seal key beside the database that is not the one kept for it.
    #[error(
        "{} is not the seal key kept for this database ({}): it is not used; remove it",
        path.display(),
        kept.display()
    )]
    LegacyKeyOther {
        /// The key beside the database.
        path: PathBuf,
        /// The key kept in the key store.
        kept: PathBuf,
    },
    /// The tally was damaged and rebuilt from the database.
    #[error("the tally {} was damaged; it is rebuilt from the database", path.display())]
    TallyRebuilt {
        /// The tally.
        path: PathBuf,
    },
    /// The tally could not be written (it lags behind, never ahead).
    #[error("the tally beside {} could not be written: {reason}", path.display())]
    TallyUnwritten {
        /// The database.
        path: PathBuf,
        /// The system's reason.
        reason: String,
    },
}

/// Which of a store's files or folders is open to other users.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exposed {
    /// The database file.
    Database,
    /// The folder holding the database (and its journal).
    Folder,
    /// The folder of the keys.
    KeyStore,
    /// The seal key's file.
    SealKey,
}

impl Exposed {
    /// How the command line names it.
    #[must_use]
    pub const fn noun(self) -> &'static str {
        match self {
            Self::Database => "the database",
            Self::Folder => "the database's folder",
            Self::KeyStore => "the key store",
            Self::SealKey => "the seal key",
        }
    }
}
