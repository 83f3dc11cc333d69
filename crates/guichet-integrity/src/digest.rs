//! A file's SHA-256.

use std::io::Read as _;
use std::path::Path;

use sha2::{Digest as _, Sha256};

/// A SHA-256 digest, shown as 64 hex digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Digest(pub [u8; 32]);

impl Digest {
    /// The SHA-256 of the file at `path`, read in 1 MiB pieces.
    ///
    /// # Errors
    /// When the file cannot be read.
    pub fn of_file(path: &Path) -> std::io::Result<Self> {
        let mut file = std::fs::File::open(path)?;
        let mut hasher = Sha256::new();
        let mut buffer = vec![0_u8; 1 << 20];
        loop {
            let read = file.read(&mut buffer)?;
            if read == 0 {
                break;
            }
            hasher.update(&buffer[..read]);
        }
        Ok(Self(hasher.finalize().into()))
    }

    /// The digest written as 64 hex digits.
    #[must_use]
    pub fn from_hex(text: &str) -> Option<Self> {
        Some(Self(hex::decode(text).ok()?.try_into().ok()?))
    }
}

impl std::fmt::Display for Digest {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str(&hex::encode(self.0))
    }
}
