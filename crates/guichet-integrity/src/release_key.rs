//! The release key this build trusts, and whether it is built for a package
//! (both set by the build script: see `build.rs`).

use ed25519_dalek::VerifyingKey;

/// Where the trusted key comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyOrigin {
    /// The release's key, given to the build (`GUICHET_RELEASE_PUBLIC_KEY`).
    Release,
    /// A test key the build made, for CI and developers: anyone with the
    /// build's target folder can sign with it.
    Test {
        /// Its private half, in the build's target folder.
        file: &'static str,
    },
}

include!(concat!(env!("OUT_DIR"), "/release_key.rs"));

/// The key a manifest must be signed with.
///
/// # Panics
/// Never: the build script checked the key.
#[must_use]
pub fn trusted() -> VerifyingKey {
    VerifyingKey::from_bytes(&PUBLIC_KEY).expect("the build embeds a valid Ed25519 key")
}

/// The trusted key's fingerprint: its first 8 bytes, in hex.
#[must_use]
pub fn fingerprint() -> String {
    hex::encode(&PUBLIC_KEY[..8])
}
