//! The program running, checked against its manifest.
//!
//! An installed Guichet is `<root>/usr/bin/guichet` and its manifest
//! `<root>/usr/lib/guichet/guichet.manifest`: the manifest is found from the
//! program's own location, and the program is read through
//! `/proc/self/exe` — the file the system runs, even if the path now names
//! another.

use std::path::{Path, PathBuf};

use ed25519_dalek::VerifyingKey;

use crate::digest::Digest;
use crate::manifest::{Manifest, ManifestError};
use crate::release_key;

/// Where a package installs the program, below the root.
pub const PROGRAM_INSTALLED_AS: &str = "usr/bin/guichet";
/// Where the manifest is from the program's folder: a package installs it
/// as `usr/lib/guichet/guichet.manifest`.
const MANIFEST_FROM_PROGRAM: &str = "../lib/guichet/guichet.manifest";

/// A program to check: the file to read, and where it was installed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    /// The file read (`/proc/self/exe` for the program running).
    contents: PathBuf,
    /// Where it is installed, which says where its manifest is.
    location: PathBuf,
}

/// What this build trusts: the release key, and whether a manifest is
/// required.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trust {
    /// The key a manifest must be signed with.
    pub key: VerifyingKey,
    /// Whether a program without a manifest is refused (a build for a
    /// package), or a development build.
    pub manifest_required: bool,
    /// The version the manifest must name: the running program's.
    pub version: String,
}

/// The verdict on a program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Its manifest is signed by the release key and names its digest.
    Verified {
        /// The program's SHA-256.
        digest: Digest,
    },
    /// Built from source, with no manifest: it sells, unverified.
    Development,
    /// It must not sell.
    Refused(Refusal),
}

/// Why a program is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// A program built for a package, and no manifest.
    #[error("no manifest at {0}")]
    NoManifest(PathBuf),
    /// The manifest cannot be read.
    #[error("the manifest {path} cannot be read: {reason}")]
    ManifestUnreadable {
        /// The manifest's path.
        path: PathBuf,
        /// The system's words.
        reason: String,
    },
    /// The manifest does not vouch for anything.
    #[error("the manifest {path} is refused: {error}")]
    Manifest {
        /// The manifest's path.
        path: PathBuf,
        /// Why.
        error: ManifestError,
    },
    /// The manifest is another version's.
    #[error("the manifest is version {listed}'s, the program is {running}")]
    OtherVersion {
        /// The manifest's version.
        listed: String,
        /// The program's.
        running: String,
    },
    /// The program itself cannot be read.
    #[error("the program cannot be read: {0}")]
    ProgramUnreadable(String),
    /// The program is not the one the manifest names.
    #[error("the program's SHA-256 is {found}, the manifest's {expected}")]
    Mismatch {
        /// What the manifest says.
        expected: Digest,
        /// What the program is.
        found: Digest,
    },
}

impl Trust {
    /// What this build trusts (its release key), for `version`.
    #[must_use]
    pub fn of_this_build(version: &str) -> Self {
        Self {
            key: release_key::trusted(),
            manifest_required: release_key::FOR_PACKAGE,
            version: version.to_owned(),
        }
    }
}

/// The verdict on the program running under `trust`: one the system cannot
/// locate is refused.
#[must_use]
pub fn check_running(trust: &Trust) -> Verdict {
    Program::running().map_or_else(
        |error| Verdict::Refused(Refusal::ProgramUnreadable(error.to_string())),
        |program| program.check(trust),
    )
}

impl Program {
    /// The program running.
    ///
    /// # Errors
    /// When the system does not say where it is (no `/proc`).
    pub fn running() -> std::io::Result<Self> {
        let contents = PathBuf::from("/proc/self/exe");
        let link = std::fs::read_link(&contents)?;
        // A program replaced while it runs: the path says so.
        let location = link
            .to_str()
            .and_then(|path| path.strip_suffix(" (deleted)"))
            .map_or(link.clone(), PathBuf::from);
        Ok(Self { contents, location })
    }

    /// The program installed at `path` (read from there).
    #[must_use]
    pub fn at(path: &Path) -> Self {
        Self {
            contents: path.to_owned(),
            location: path.to_owned(),
        }
    }

    /// Where the program is installed.
    #[must_use]
    pub fn location(&self) -> &Path {
        &self.location
    }

    /// Where its manifest is: `../lib/guichet/guichet.manifest` from its
    /// folder.
    #[must_use]
    pub fn manifest_path(&self) -> PathBuf {
        let folder = self.location.parent().unwrap_or_else(|| Path::new("/"));
        folder.join(MANIFEST_FROM_PROGRAM)
    }

    /// The program's SHA-256.
    ///
    /// # Errors
    /// When it cannot be read.
    pub fn digest(&self) -> std::io::Result<Digest> {
        Digest::of_file(&self.contents)
    }

    /// The verdict on the program under `trust`. A development build with
    /// no manifest is not read at all.
    #[must_use]
    pub fn check(&self, trust: &Trust) -> Verdict {
        match self.verify(trust) {
            Ok(Some(digest)) => Verdict::Verified { digest },
            Ok(None) => Verdict::Development,
            Err(refusal) => Verdict::Refused(refusal),
        }
    }

    /// The program's digest, if a manifest vouches for it; `None` for a
    /// development build.
    fn verify(&self, trust: &Trust) -> Result<Option<Digest>, Refusal> {
        let path = self.manifest_path();
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                return if trust.manifest_required {
                    Err(Refusal::NoManifest(path))
                } else {
                    Ok(None)
                };
            }
            Err(error) => {
                return Err(Refusal::ManifestUnreadable {
                    path,
                    reason: error.to_string(),
                });
            }
        };
        let manifest =
            Manifest::open(&text, &trust.key).map_err(|error| Refusal::Manifest { path, error })?;
        if manifest.version != trust.version {
            return Err(Refusal::OtherVersion {
                listed: manifest.version,
                running: trust.version.clone(),
            });
        }
        let found = self
            .digest()
            .map_err(|error| Refusal::ProgramUnreadable(error.to_string()))?;
        if found != manifest.digest {
            return Err(Refusal::Mismatch {
                expected: manifest.digest,
                found,
            });
        }
        Ok(Some(found))
    }
}
