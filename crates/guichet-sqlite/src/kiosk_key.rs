//! The kiosk's public key, published apart from its files (`guichet closing
//! --key`, kept by the operator): what an archive or a closing kept apart is
//! checked against — never the key the file names, which whoever edits the
//! file re-signs it with.

use std::fmt;

use ed25519_dalek::VerifyingKey;

/// A kiosk's public Ed25519 key, 64 hex digits, a point of the curve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KioskKey(String);

impl KioskKey {
    /// The key written `text` in hex (either case).
    ///
    /// # Errors
    /// One line when it is not 64 hex digits or not an Ed25519 public key.
    pub fn parse(text: &str) -> Result<Self, String> {
        let bytes = hex::decode(text.trim())
            .map_err(|error| format!("`{text}` is not a key in hex: {error}"))?;
        let bytes = <[u8; 32]>::try_from(bytes.as_slice()).map_err(|error| {
            format!("`{text}` is not a key of 32 bytes (64 hex digits): {error}")
        })?;
        VerifyingKey::from_bytes(&bytes)
            .map_err(|error| format!("`{text}` is not an Ed25519 public key: {error}"))?;
        Ok(Self(hex::encode(bytes)))
    }

    /// The key in lower-case hex, as files name it.
    #[must_use]
    pub fn hex(&self) -> &str {
        &self.0
    }

    /// `None` when a file signed by the key `named` (hex) is this kiosk's;
    /// else why not, naming both keys.
    #[must_use]
    pub fn refusal(&self, named: &str) -> Option<String> {
        (!named.eq_ignore_ascii_case(&self.0)).then(|| {
            format!(
                "it is signed by the key {named}, not the kiosk's {}: another kiosk's, or changed and signed again",
                self.0
            )
        })
    }
}

impl fmt::Display for KioskKey {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_64_hex_digits_of_a_curve_point() {
        let public = hex::encode(
            ed25519_dalek::SigningKey::from_bytes(&[7; 32])
                .verifying_key()
                .to_bytes(),
        );
        let key = KioskKey::parse(&public.to_uppercase()).expect("a key");
        assert_eq!(key.hex(), public);
        assert_eq!(key.refusal(&public), None);
        let other = "ab".repeat(32);
        assert!(
            key.refusal(&other)
                .is_some_and(|said| said.contains(&other) && said.contains(&public))
        );
        assert!(KioskKey::parse("zz").is_err());
        assert!(KioskKey::parse("abcd").is_err());
        assert!(KioskKey::parse(&"0".repeat(66)).is_err());
    }
}
