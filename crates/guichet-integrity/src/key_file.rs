//! The file a release key is kept in: one line, `guichet-release-key-v1`
//! and the Ed25519 seed in hex. Shared by the build script (which makes the
//! test key) and the signing tool.

/// The first word of a key file.
pub const TAG: &str = "guichet-release-key-v1";

/// 32 bytes from 64 hex digits.
#[must_use]
pub fn decode_key(hex_key: &str) -> Option<[u8; 32]> {
    hex::decode(hex_key).ok()?.try_into().ok()
}

/// The seed a key file's text holds, if it is one.
#[must_use]
pub fn parse(text: &str) -> Option<[u8; 32]> {
    decode_key(text.trim().strip_prefix(TAG)?.trim())
}

/// A key file's text for `seed`.
#[must_use]
pub fn text(seed: &[u8; 32]) -> String {
    format!("{TAG} {}\n", hex::encode(seed))
}
