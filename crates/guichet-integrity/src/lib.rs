//! Guichet checks its own program before it sells: a release's package
//! installs, beside the binary, a **manifest** naming the binary's SHA-256,
//! signed with the release's Ed25519 key, whose public half is built into
//! the program ([`release_key`]). At start the kiosk reads its own
//! executable and its manifest ([`Program::check`]): verified, it sells; a
//! build from source with no manifest is a development build, which sells
//! and says it is unverified; anything else — no manifest for a packaged
//! build, a manifest changed or signed by another key, another version's, a
//! binary that differs by one byte — is refused, and the kiosk is out of
//! service until a good program is installed.
//!
//! It imports none of Guichet's crates: the binary, the kiosk and the command
//! line use it.

pub mod digest;
pub mod key_file;
pub mod manifest;
pub mod program;
pub mod release_key;

pub use digest::Digest;
pub use manifest::{Manifest, ManifestError};
pub use program::{Program, Refusal, Trust, Verdict, check_running};
