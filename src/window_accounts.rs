//! Where the kiosk window keeps the player's account, from the command line.

use std::path::Path;

use guichet_cli::{Database, kiosk_secret, warn_if_remote};
use guichet_kiosk::window::Accounts;
use guichet_sqlite::Store;

/// How long the kiosk window waits for a network's server that does not
/// answer, unless the URL says (`connect_timeout`).
const WINDOW_CONNECT_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// Where the kiosk window keeps the players' accounts, from the command
/// line: the kiosk's own file (`db`, or the default one), or a network's
/// database with this kiosk's name (its secret from `secret_file` or
/// `GUICHET_KIOSK_SECRET`), where players sign in. A line saying what is
/// wrong otherwise.
///
/// # Errors
/// A kiosk's name without a network, a network without one, no secret, or
/// the demonstration credit on a network (money comes in at the desk there).
pub fn from_command_line(
    db: Option<Database>,
    kiosk: Option<String>,
    secret_file: Option<&Path>,
    demo: bool,
) -> Result<Accounts, String> {
    match (db, kiosk) {
        (None, None) => Ok(Accounts::File(Store::default_path())),
        (Some(Database::File(path)), None) => Ok(Accounts::File(path)),
        (None | Some(Database::File(_)), Some(_)) => Err(
            "--kiosk-name is for a network's database (--db postgres://…); a kiosk's own file has one account"
                .to_owned(),
        ),
        (Some(Database::Network(_)), _) if demo => Err(
            "--demo is for a kiosk's own file: on a network, money comes in at the operator's desk"
                .to_owned(),
        ),
        (Some(Database::Network(mut database)), Some(kiosk)) => {
            let secret = kiosk_secret(&kiosk, secret_file)?;
            warn_if_remote(&database);
            // The window waits for the network before its first page: a
            // server that does not answer is said after this long, not after
            // the system's two minutes.
            if database.config().get_connect_timeout().is_none() {
                database.config_mut().connect_timeout(WINDOW_CONNECT_TIMEOUT);
            }
            Ok(Accounts::Network {
                own: Store::default_path(),
                database,
                kiosk,
                secret,
            })
        }
        (Some(Database::Network(_)), None) => Err(
            "on a network's database, name this kiosk: --kiosk-name NAME (players sign in with their card and PIN)"
                .to_owned(),
        ),
    }
}
