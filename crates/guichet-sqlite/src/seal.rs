//! The seal key: the secret, kept in a file of its own apart from the database
//! (in its key store, `keys`: mode 0600), that seals the seeds of the blocks
//! not yet closed. The database alone never holds such a seed in any form from which it
//! can be recovered: a backup, an export or a stolen copy of the database file
//! tells nothing of the units still to be sold.
//!
//! A seed is stored as `seed ⊕ SHA-256("guichet/seal/v1" ‖ key ‖ emission ‖
//! number)`: a one-time pad per block, since no two blocks of a database share
//! their emission and number. A wrong key unseals a seed that does not match the
//! block's commitment, so a wrong or lost key is always noticed, never used.

use std::fmt;
use std::io::{ErrorKind, Write as _};
use std::path::Path;

use guichet_core::block::Seed;
use guichet_core::emission::Emission;
use hmac::{Hmac, KeyInit as _, Mac as _};
use sha2::{Digest as _, Sha256};

use crate::files::{create_folders, create_private, read_side_file, sync_folder_of};
use guichet_sale::StoreError;

/// The first word of a key file.
const HEADER: &str = "guichet-seal-key-v1";

/// The key that seals the seeds of open blocks. Its `Debug` never shows it.
#[derive(Clone, PartialEq, Eq)]
pub struct SealKey([u8; 32]);

impl fmt::Debug for SealKey {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("SealKey(<secret>)")
    }
}

impl SealKey {
    /// The key in `path`, or `None` if there is no such file.
    pub(crate) fn load(path: &Path) -> Result<Option<Self>, StoreError> {
        let bytes = match read_side_file(path) {
            Ok(bytes) => bytes,
            Err(error) if error.kind() == ErrorKind::NotFound => return Ok(None),
            Err(error) => {
                return Err(StoreError::SealKeyUnreadable {
                    path: path.to_path_buf(),
                    reason: error.to_string(),
                });
            }
        };
        let text = String::from_utf8_lossy(&bytes);
        let malformed = || StoreError::SealKeyUnreadable {
            path: path.to_path_buf(),
            reason: "it is not a Guichet seal key".to_owned(),
        };
        let mut words = text.split_whitespace();
        if words.next() != Some(HEADER) {
            return Err(malformed());
        }
        let mut key = [0; 32];
        hex::decode_to_slice(words.next().ok_or_else(malformed)?, &mut key).map_err(|error| {
            StoreError::SealKeyUnreadable {
                path: path.to_path_buf(),
                reason: format!("it is not a Guichet seal key: {error}"),
            }
        })?;
        Ok(Some(Self(key)))
    }

    /// A new key from the operating system's random source, written to `path`
    /// (which must not exist) privately and durably.
    pub(crate) fn create(path: &Path) -> Result<Self, StoreError> {
        let key = Seed::generate().map_err(|error| StoreError::Entropy(error.to_string()))?;
        Self(*key.expose_bytes()).write(path)
    }

    /// Writes this key to `path` (which must not exist, in a folder made
    /// private if missing), privately and durably, and gives it back.
    pub(crate) fn write(&self, path: &Path) -> Result<Self, StoreError> {
        let failed = |reason: String| StoreError::SealKeyUnreadable {
            path: path.to_path_buf(),
            reason,
        };
        create_folders(path).map_err(|error| failed(error.to_string()))?;
        let mut file = create_private(path).map_err(|error| failed(error.to_string()))?;
        writeln!(file, "{HEADER} {}", hex::encode(self.0))
            .and_then(|()| file.sync_all())
            .and_then(|()| sync_folder_of(path))
            .map_err(|error| failed(error.to_string()))?;
        Ok(self.clone())
    }

    /// A key of the tests' choosing.
    #[cfg(test)]
    pub(crate) const fn for_tests(bytes: [u8; 32]) -> Self {
        Self(bytes)
    }

    /// A key of its own for `purpose`, derived from this one (HMAC-SHA-256
    /// keyed by it): the chain's, the closings' signing key. One secret is
    /// kept off the folder; none of the derived keys tells it, nor another.
    pub(crate) fn derive(&self, purpose: &[u8]) -> [u8; 32] {
        let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(&self.0) else {
            unreachable!("HMAC takes a key of any length")
        };
        mac.update(purpose);
        mac.finalize().into_bytes().into()
    }

    fn pad(&self, emission: &Emission, number: u32) -> [u8; 32] {
        let mut hash = Sha256::new();
        for part in [
            b"guichet/seal/v1".as_slice(),
            &self.0,
            emission.code().as_bytes(),
        ] {
            hash.update((part.len() as u64).to_le_bytes());
            hash.update(part);
        }
        hash.update(number.to_le_bytes());
        hash.finalize().into()
    }

    /// `seed`, sealed for block `number` of `emission`.
    pub(crate) fn seal(&self, emission: &Emission, number: u32, seed: &Seed) -> [u8; 32] {
        let pad = self.pad(emission, number);
        std::array::from_fn(|byte| seed.expose_bytes()[byte] ^ pad[byte])
    }

    /// The seed sealed as `sealed` for block `number` of `emission` (the right
    /// one only if this is the key it was sealed with: check the commitment).
    pub(crate) fn unseal(&self, emission: &Emission, number: u32, sealed: &[u8; 32]) -> Seed {
        let pad = self.pad(emission, number);
        Seed::from_bytes(std::array::from_fn(|byte| sealed[byte] ^ pad[byte]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use guichet_core::games::bingo::game::BINGO;
    use guichet_core::games::blackjack::game::BLACK_JACK;

    #[test]
    fn a_sealed_seed_opens_with_its_key_only() {
        let key = SealKey([7; 32]);
        let seed = Seed::from_bytes([42; 32]);
        let sealed = key.seal(&BLACK_JACK, 3, &seed);
        assert_ne!(&sealed, seed.expose_bytes(), "sealed, not in clear");
        assert_eq!(key.unseal(&BLACK_JACK, 3, &sealed), seed);
        assert_ne!(SealKey([8; 32]).unseal(&BLACK_JACK, 3, &sealed), seed);
        assert_ne!(key.unseal(&BLACK_JACK, 4, &sealed), seed, "another block");
        assert_ne!(key.unseal(&BINGO, 3, &sealed), seed, "another emission");
    }

    #[test]
    fn a_key_file_is_private_and_reads_back() {
        use std::fs;
        use std::os::unix::fs::PermissionsExt as _;
        let folder = tempfile::tempdir().expect("a folder");
        let path = folder.path().join("guichet.sqlite3.key");
        assert!(SealKey::load(&path).expect("no file is fine").is_none());
        let key = SealKey::create(&path).expect("a key");
        let mode = fs::metadata(&path).expect("the file").permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
        assert_eq!(SealKey::load(&path).expect("a key"), Some(key));
        assert!(SealKey::create(&path).is_err(), "never overwritten");
        fs::write(&path, "not a key").expect("scribbled");
        assert!(SealKey::load(&path).is_err());
        assert_eq!(format!("{:?}", SealKey([1; 32])), "SealKey(<secret>)");
    }
}
