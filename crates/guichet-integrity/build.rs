//! Embeds the public key that signs a release's manifest, and whether this
//! build is for a package.
//!
//! - `GUICHET_RELEASE_PUBLIC_KEY` (64 hex digits): the release's key. Its
//!   private half stays with whoever builds releases; the build never sees it.
//! - Otherwise a **test key**, for CI and developers: a key pair made by the
//!   first build in this target folder (`<target>/guichet-test-release-key/
//!   release.key`, mode 0600) and kept there; every build of the folder
//!   embeds its public half, and the program says it is a test key.
//! - `GUICHET_PACKAGE=1`: the binary is built for a package, so it refuses to
//!   sell without a manifest that vouches for it; a build from source without
//!   it is a development build, unverified and saying so.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};

#[path = "src/key_file.rs"]
mod key_file;

fn main() {
    println!("cargo:rerun-if-env-changed=GUICHET_RELEASE_PUBLIC_KEY");
    println!("cargo:rerun-if-env-changed=GUICHET_PACKAGE");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let (public_key, origin) = if let Ok(hex_key) = std::env::var("GUICHET_RELEASE_PUBLIC_KEY") {
        let key = key_file::decode_key(hex_key.trim())
            .filter(|key| ed25519_dalek::VerifyingKey::from_bytes(key).is_ok())
            .unwrap_or_else(|| {
                panic!("GUICHET_RELEASE_PUBLIC_KEY is not an Ed25519 key in 64 hex digits")
            });
        (key, "KeyOrigin::Release".to_owned())
    } else {
        let file = test_key_file(&out);
        println!("cargo:rerun-if-changed={}", file.display());
        let seed = test_key_seed(&file);
        let public = ed25519_dalek::SigningKey::from_bytes(&seed)
            .verifying_key()
            .to_bytes();
        (
            public,
            format!(
                "KeyOrigin::Test {{ file: {:?} }}",
                file.display().to_string()
            ),
        )
    };
    let for_package = std::env::var("GUICHET_PACKAGE").is_ok_and(|value| value == "1");
    let mut code = String::new();
    writeln!(code, "/// The public key a manifest must be signed with.").unwrap();
    writeln!(code, "pub const PUBLIC_KEY: [u8; 32] = {public_key:?};").unwrap();
    writeln!(code, "/// Where that key comes from.").unwrap();
    writeln!(code, "pub const ORIGIN: KeyOrigin = {origin};").unwrap();
    writeln!(
        code,
        "/// Whether this build is for a package (a manifest required)."
    )
    .unwrap();
    writeln!(code, "pub const FOR_PACKAGE: bool = {for_package};").unwrap();
    std::fs::write(out.join("release_key.rs"), code).expect("OUT_DIR is writable");
}

/// Where the test key lives: in the target folder (the one holding cargo's
/// `CACHEDIR.TAG`), so that every profile and every crate of the folder
/// shares it; in `out` if none is found.
fn test_key_file(out: &Path) -> PathBuf {
    let target = out
        .ancestors()
        .find(|folder| folder.join("CACHEDIR.TAG").is_file())
        .unwrap_or(out);
    target.join("guichet-test-release-key").join("release.key")
}

/// The test key's seed, read from `file`, or made there (by whichever build
/// comes first: the file appears whole, by a hard link, or not at all).
fn test_key_seed(file: &Path) -> [u8; 32] {
    if let Some(seed) = read_seed(file) {
        return seed;
    }
    let folder = file.parent().expect("the key file is in a folder");
    std::fs::create_dir_all(folder).expect("the target folder is writable");
    let mut seed = [0_u8; 32];
    getrandom::fill(&mut seed).expect("the system gives random bytes");
    let draft = folder.join(format!("release.key.{}", std::process::id()));
    {
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let mut draft_file = options.open(&draft).expect("the key's draft can be made");
        draft_file
            .write_all(key_file::text(&seed).as_bytes())
            .expect("the key is written");
        draft_file.sync_all().expect("the key is written");
    }
    let linked = std::fs::hard_link(&draft, file);
    std::fs::remove_file(&draft).ok();
    if linked.is_ok() {
        println!(
            "cargo:warning=made a TEST release key at {} (for CI and developers, not a release's: set GUICHET_RELEASE_PUBLIC_KEY for one)",
            file.display()
        );
        return seed;
    }
    read_seed(file).expect("another build made the test key")
}

/// The seed of a key file, if it is one.
fn read_seed(file: &Path) -> Option<[u8; 32]> {
    key_file::parse(&std::fs::read_to_string(file).ok()?)
}
