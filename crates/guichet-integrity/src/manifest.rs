//! The manifest: what a release installs, each file's SHA-256, signed with
//! the release's Ed25519 key. Five lines of text:
//!
//! ```text
//! guichet-manifest-v1
//! version 0.1.0
//! key <the signing key's public half, 64 hex digits>
//! program usr/bin/guichet <its SHA-256, 64 hex digits>
//! signature <Ed25519 over the four lines above, 128 hex digits>
//! ```
//!
//! The signature covers the bytes of the first four lines, their newlines
//! included; nothing may follow the last line's newline.

use ed25519_dalek::{Signature, Signer as _, SigningKey, VerifyingKey};

use crate::digest::Digest;

/// The manifest's first line.
pub const TAG: &str = "guichet-manifest-v1";

/// What a manifest vouches for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Manifest {
    /// The release's version, as `guichet --version` prints it.
    pub version: String,
    /// Where the program is installed, below the root (`usr/bin/guichet`).
    pub program: String,
    /// The installed program's SHA-256.
    pub digest: Digest,
}

/// Why a manifest's text vouches for nothing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ManifestError {
    /// Not the manifest's five lines.
    #[error("not a manifest: {0}")]
    Malformed(String),
    /// Signed with another key than this program trusts.
    #[error("signed with another key ({0}) than this program's release key")]
    OtherKey(String),
    /// The signature does not hold: the manifest was changed.
    #[error("its signature does not hold (the manifest was changed)")]
    BadSignature,
}

impl Manifest {
    /// The manifest's text, signed with `key`.
    #[must_use]
    pub fn signed(&self, key: &SigningKey) -> String {
        let body = self.body(&key.verifying_key());
        let signature = key.sign(body.as_bytes());
        format!("{body}signature {}\n", hex::encode(signature.to_bytes()))
    }

    /// The manifest `text` holds, if it is signed with `trusted`.
    ///
    /// # Errors
    /// [`ManifestError`]: malformed, signed with another key, or a
    /// signature that does not hold.
    pub fn open(text: &str, trusted: &VerifyingKey) -> Result<Self, ManifestError> {
        let malformed = |what: &str| ManifestError::Malformed(what.to_owned());
        let signature_at = text
            .rfind("signature ")
            .filter(|&at| at > 0 && text.as_bytes()[at - 1] == b'\n')
            .ok_or_else(|| malformed("no signature line"))?;
        let (body, signature_line) = text.split_at(signature_at);
        let signature = signature_line
            .strip_prefix("signature ")
            .and_then(|rest| rest.strip_suffix('\n'))
            .and_then(|hex_signature| hex::decode(hex_signature).ok())
            .and_then(|bytes| Signature::from_slice(&bytes).ok())
            .ok_or_else(|| malformed("the signature is not 128 hex digits and a newline"))?;
        let lines: Vec<&str> = body
            .strip_suffix('\n')
            .ok_or_else(|| malformed("no signature line"))?
            .split('\n')
            .collect();
        let [tag, version, key, program] = lines[..] else {
            return Err(malformed("not five lines"));
        };
        if tag != TAG {
            return Err(malformed("its first line is not guichet-manifest-v1"));
        }
        let version = word_after(version, "version").ok_or_else(|| malformed("no version"))?;
        let key = word_after(key, "key").ok_or_else(|| malformed("no key"))?;
        let (program, digest) = word_after(program, "program")
            .and_then(|rest| rest.split_once(' '))
            .and_then(|(path, digest)| Some((path, Digest::from_hex(digest)?)))
            .filter(|(path, _)| is_word(path))
            .ok_or_else(|| malformed("no program line (path and SHA-256)"))?;
        if key != hex::encode(trusted.as_bytes()) {
            return Err(ManifestError::OtherKey(key.to_owned()));
        }
        #[expect(
            clippy::map_err_ignore,
            reason = "a signature that does not verify is all there is to say"
        )]
        trusted
            .verify_strict(body.as_bytes(), &signature)
            .map_err(|_| ManifestError::BadSignature)?;
        Ok(Self {
            version: version.to_owned(),
            program: program.to_owned(),
            digest,
        })
    }

    /// The signed lines.
    fn body(&self, key: &VerifyingKey) -> String {
        format!(
            "{TAG}\nversion {}\nkey {}\nprogram {} {}\n",
            self.version,
            hex::encode(key.as_bytes()),
            self.program,
            self.digest
        )
    }
}

/// The rest of `line` after `name` and a space, if it is one word (or, for
/// the program line, its path and digest).
fn word_after<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    let rest = line.strip_prefix(name)?.strip_prefix(' ')?;
    (name == "program" || is_word(rest)).then_some(rest)
}

/// A version or a path: printable, no spaces.
fn is_word(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_graphic())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(byte: u8) -> SigningKey {
        SigningKey::from_bytes(&[byte; 32])
    }

    fn manifest() -> Manifest {
        Manifest {
            version: "0.1.0".to_owned(),
            program: "usr/bin/guichet".to_owned(),
            digest: Digest([7; 32]),
        }
    }

    #[test]
    fn a_signed_manifest_opens_with_its_key_alone() {
        let text = manifest().signed(&key(1));
        assert_eq!(text.lines().count(), 5);
        assert_eq!(
            Manifest::open(&text, &key(1).verifying_key()),
            Ok(manifest())
        );
        assert!(matches!(
            Manifest::open(&text, &key(2).verifying_key()),
            Err(ManifestError::OtherKey(_))
        ));
    }

    #[test]
    fn every_changed_byte_is_refused() {
        let text = manifest().signed(&key(1));
        let trusted = key(1).verifying_key();
        for at in 0..text.len() {
            let mut bytes = text.clone().into_bytes();
            bytes[at] ^= 0x01;
            let Ok(changed) = String::from_utf8(bytes) else {
                continue;
            };
            assert!(
                Manifest::open(&changed, &trusted).is_err(),
                "byte {at} changed and the manifest still opens"
            );
        }
    }

    #[test]
    fn a_key_line_rewritten_to_the_trusted_key_breaks_the_signature() {
        // A forger signs with their own key, then writes the trusted key's
        // line: the signature no longer holds.
        let forged = manifest().signed(&key(9));
        let trusted = key(1).verifying_key();
        let lying = forged.replace(
            &hex::encode(key(9).verifying_key().as_bytes()),
            &hex::encode(trusted.as_bytes()),
        );
        assert_eq!(
            Manifest::open(&lying, &trusted),
            Err(ManifestError::BadSignature)
        );
    }

    #[test]
    fn anything_but_the_five_lines_is_malformed() {
        let text = manifest().signed(&key(1));
        let trusted = key(1).verifying_key();
        for broken in [
            String::new(),
            text.trim_end().to_owned(),
            format!("{text}extra\n"),
            format!("\n{text}"),
            text.replace("version 0.1.0", "version 0.1.0 beta"),
            text.replace("version ", "versions "),
        ] {
            assert!(
                matches!(
                    Manifest::open(&broken, &trusted),
                    Err(ManifestError::Malformed(_))
                ),
                "{broken:?}"
            );
        }
    }
}
