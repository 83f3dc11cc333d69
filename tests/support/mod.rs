//! What the command-line tests share: the binary, run with its keys in the
//! tests' key store (never the user's own, nor systemd's credentials).

#![allow(dead_code)] // Each test file uses its own part of this module.

#[path = "../../crates/guichet-sqlite/tests/support/forge.rs"]
pub mod forge;

use std::path::PathBuf;
use std::process::Command;

use guichet_sqlite::keys::{KEYS_VARIABLE, KeyStore};

/// The tests' key store's folder.
pub fn keys_folder() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("keys")
}

/// The tests' key store, for a store a test opens itself.
pub fn keys() -> KeyStore {
    KeyStore::Folder(keys_folder())
}

/// The password file of this test binary's commands (`PGPASSFILE`): the
/// passwords of the network's roles, never on a command line.
pub fn password_file() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("pgpass-{}", std::process::id()))
}

/// The `guichet` binary, its keys in the tests' key store, the network's
/// passwords in [`password_file`].
pub fn guichet_command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_guichet"));
    command
        .env(KEYS_VARIABLE, keys_folder())
        .env("PGPASSFILE", password_file())
        .env_remove("CREDENTIALS_DIRECTORY");
    command
}

/// Runs `guichet` with `arguments`, its keys in the tests' key store.
pub fn run_guichet(arguments: &[&str]) -> std::process::Output {
    guichet_command()
        .args(arguments)
        .output()
        .expect("the guichet binary runs")
}

/// What `guichet` printed on its standard output, having succeeded.
pub fn succeeding(arguments: &[&str]) -> String {
    let output = run_guichet(arguments);
    assert!(
        output.status.success(),
        "{arguments:?}: {}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}
