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
        .env(PIN_VARIABLE, PIN)
        .env_remove("CREDENTIALS_DIRECTORY");
    command
}

/// Where a player's PIN is read from.
pub const PIN_VARIABLE: &str = "GUICHET_PLAYER_PIN";

/// The PIN of the tests' player, card [`CARD`] (in [`PIN_VARIABLE`] of every
/// command run).
pub const PIN: &str = "2468";

/// The card of the tests' player.
pub const CARD: &str = "1";

/// Adds player [`CARD`] (18 or over, PIN [`PIN`]) to the database at `db`,
/// creating it, as the desk does — unless they are there already.
pub fn add_player(db: &str) {
    let output = run_guichet(&["player", "add", "--db", db, "--card", CARD, "--adult"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success() || stderr.contains("is already a player's"),
        "player add: {stderr}"
    );
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

/// Adds player [`CARD`] to the database at `db` (creating it) with 100 €
/// limits and `euros` on their account, as the desk sets a player up.
pub fn funded_player(db: &str, euros: &str) {
    add_player(db);
    succeeding(&[
        "limits",
        "--db",
        db,
        "--player",
        CARD,
        "--deposit",
        "100",
        "--stake",
        "100",
    ]);
    succeeding(&["deposit", "--db", db, "--player", CARD, "--amount", euros]);
}
