//! How the commands reach a network's database: the operator's connection
//! and a kiosk's, the kiosk's secret (a private file or the environment) and
//! a player's PIN (the environment), never from the command line.

use std::path::Path;

use anyhow::Context as _;
use guichet_network::{Endpoint, Kiosk, Operator, TlsMode};

use crate::failure::Failure;
use crate::output::tell;

/// The environment variable that holds a kiosk's secret (`guichet network
/// kiosk` prints it) when no file is named: kept off the command line too.
pub(crate) const KIOSK_SECRET: &str = "GUICHET_KIOSK_SECRET";

/// The environment variable that holds a player's PIN, for `guichet network
/// pin` and `guichet play`.
const PLAYER_PIN: &str = "GUICHET_PLAYER_PIN";

/// Warns, once, that a connection to another machine is not encrypted
/// (`sslmode=disable` asked for).
pub fn warn_if_remote(endpoint: &Endpoint) {
    if endpoint.tls() == TlsMode::Disable && !endpoint.is_this_machine() {
        tell(
            "warning: the connection to the database is not encrypted (sslmode=disable): \
             every kiosk's secret crosses the network in clear",
        );
    }
}

/// The operator's connection to `endpoint`.
pub(crate) fn operator(endpoint: &Endpoint) -> Result<Operator, Failure> {
    warn_if_remote(endpoint);
    Ok(Operator::connect_to(endpoint).context("connecting to the network's database")?)
}

/// Kiosk `name`'s connection to `endpoint`, with its secret from
/// `secret_file` or `GUICHET_KIOSK_SECRET`.
pub(crate) fn kiosk(
    endpoint: &Endpoint,
    name: &str,
    secret_file: Option<&Path>,
) -> Result<Kiosk, Failure> {
    let secret = kiosk_secret(name, secret_file).map_err(Failure::Usage)?;
    warn_if_remote(endpoint);
    Ok(Kiosk::connect_to(endpoint, name, &secret)
        .context("connecting to the network's database")?)
}

/// Kiosk `name`'s secret: the first line of `file`, which only its owner may
/// read or write, else `GUICHET_KIOSK_SECRET`.
///
/// # Errors
/// The line that says what is wrong: a file others may read, unreadable or
/// empty; neither a file nor the variable.
pub fn kiosk_secret(name: &str, file: Option<&Path>) -> Result<String, String> {
    if let Some(file) = file {
        return private_first_line(file)
            .map_err(|why| format!("the kiosk's secret file {}: {why}", file.display()));
    }
    std::env::var(KIOSK_SECRET)
        .ok()
        .filter(|secret| !secret.is_empty())
        .ok_or_else(|| {
            format!(
                "give the secret `guichet network kiosk --name {name}` printed in --kiosk-secret-file PATH (chmod 600) or {KIOSK_SECRET}"
            )
        })
}

/// The first line of `file`, a regular file of this user's that nobody else
/// may read or write.
fn private_first_line(file: &Path) -> Result<String, String> {
    use std::os::unix::fs::{MetadataExt as _, PermissionsExt as _};
    let metadata = std::fs::symlink_metadata(file).map_err(|error| error.to_string())?;
    let mode = metadata.permissions().mode() & 0o777;
    if !metadata.is_file() {
        return Err("not a regular file".to_owned());
    }
    if mode & 0o077 != 0 {
        return Err(format!("others may read it (mode {mode:o}): chmod 600 it"));
    }
    if metadata.uid() != rustix::process::geteuid().as_raw() {
        return Err("it is another user's".to_owned());
    }
    let text = std::fs::read_to_string(file).map_err(|error| error.to_string())?;
    text.lines()
        .next()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .map(str::to_owned)
        .ok_or_else(|| "it is empty".to_owned())
}

/// A player's PIN from `GUICHET_PLAYER_PIN`.
///
/// # Errors
/// The line that says to set it.
pub(crate) fn player_pin(card: &str) -> Result<String, Failure> {
    std::env::var(PLAYER_PIN)
        .ok()
        .filter(|pin| !pin.is_empty())
        .ok_or_else(|| {
            Failure::Usage(format!(
                "give {card}'s PIN in {PLAYER_PIN} (kept off the command line, which other users can read)"
            ))
        })
}
