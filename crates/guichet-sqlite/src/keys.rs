//! Where a database's keys are kept: never in its folder, so that a copy of
//! the folder — a backup, a stolen disk's data partition, anyone who can read
//! it — can neither unseal a seed nor sell a unit.
//!
//! - A kiosk installed from the package runs under its systemd unit, which
//!   decrypts its credentials (`LoadCredentialEncrypted=`, encrypted with the
//!   machine's key and its TPM when it has one) into `$CREDENTIALS_DIRECTORY`:
//!   the keys are read there, never written.
//! - Anywhere else (`cargo run`, `--db PATH`), the keys are kept in a folder of
//!   the user's own, apart from the data — `~/.config/guichet/keys/` (0700),
//!   one file per key and database (0600), named by the database's id — or the
//!   folder `--keys DIR` names: a mode for trials and demonstrations, which the
//!   store says in its warnings.

use std::path::{Path, PathBuf};

/// The name of the seal key's credential, as the kiosk's unit loads it.
pub const SEAL_CREDENTIAL: &str = "guichet-seal-key";

/// The environment variable that names the key store's folder, as `--keys`
/// does (for tests and scripts).
pub const KEYS_VARIABLE: &str = "GUICHET_KEYS";

/// Where a database's keys are kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeyStore {
    /// The credentials systemd decrypted for the running unit: read only.
    Credentials(PathBuf),
    /// A folder of the user's own, one file per key and database.
    Folder(PathBuf),
}

impl KeyStore {
    /// The credentials systemd gave this process (`$CREDENTIALS_DIRECTORY`),
    /// if it gave some; else the folder `$GUICHET_KEYS` names; else the
    /// user's own, `~/.config/guichet/keys`.
    #[must_use]
    pub fn from_environment() -> Self {
        if let Some(folder) = std::env::var_os("CREDENTIALS_DIRECTORY") {
            return Self::Credentials(PathBuf::from(folder));
        }
        if let Some(folder) = std::env::var_os(KEYS_VARIABLE).filter(|folder| !folder.is_empty()) {
            return Self::Folder(PathBuf::from(folder));
        }
        Self::Folder(Self::user_folder())
    }

    /// The user's own key store: the platform's configuration folder, e.g.
    /// `~/.config/guichet/keys`.
    #[must_use]
    pub fn user_folder() -> PathBuf {
        directories::ProjectDirs::from("", "", "guichet").map_or_else(
            || PathBuf::from(".guichet-keys"),
            |folders| folders.config_dir().join("keys"),
        )
    }

    /// The file of the seal key of the database whose id is `database_id`.
    #[must_use]
    pub fn seal_key(&self, database_id: &str) -> PathBuf {
        match self {
            Self::Credentials(folder) => folder.join(SEAL_CREDENTIAL),
            Self::Folder(folder) => folder.join(format!("{database_id}.seal-key")),
        }
    }

    /// Whether a missing key may be made here (never in systemd's credentials:
    /// the package's installation makes them).
    #[must_use]
    pub const fn may_create(&self) -> bool {
        matches!(self, Self::Folder(_))
    }

    /// The folder the keys are in.
    #[must_use]
    pub fn folder(&self) -> &Path {
        match self {
            Self::Credentials(folder) | Self::Folder(folder) => folder,
        }
    }

    /// What the operator should know of this key store, if anything: a folder
    /// of the user's is a mode for trials and demonstrations.
    #[must_use]
    pub fn warning(&self) -> Option<String> {
        match self {
            Self::Credentials(_) => None,
            Self::Folder(folder) => Some(format!(
                "the keys are kept in {}, a folder of this user's: a mode for trials and \
                 demonstrations — an installed kiosk keeps them as systemd credentials",
                folder.display()
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_named_by_its_database_in_a_folder_and_by_its_credential_under_systemd() {
        let id = "0123456789abcdef0123456789abcdef";
        let folder = KeyStore::Folder(PathBuf::from("/keys"));
        assert_eq!(
            folder.seal_key(id),
            PathBuf::from(format!("/keys/{id}.seal-key"))
        );
        assert!(folder.may_create() && folder.warning().is_some());
        let credentials = KeyStore::Credentials(PathBuf::from("/run/credentials/guichet"));
        assert_eq!(
            credentials.seal_key(id),
            PathBuf::from("/run/credentials/guichet/guichet-seal-key")
        );
        assert!(!credentials.may_create() && credentials.warning().is_none());
    }
}
