//! Where the kiosk window keeps the player's account, from the command line.

use guichet_cli::{Database, kiosk_secret, warn_if_remote};
use guichet_kiosk::window::Accounts;
use guichet_sqlite::Store;

/// How long the kiosk window waits for a network's server that does not
/// answer, unless the URL says (`connect_timeout`).
const WINDOW_CONNECT_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// Where the kiosk window keeps the player's account, from the command line:
/// the kiosk's own file (`db`, or the default one), or a network's database
/// with this kiosk's name and the player served (its secret from
/// `GUICHET_KIOSK_SECRET`). A line saying what is wrong otherwise.
///
/// # Errors
/// A kiosk's name or a player without a network, a network without both, no
/// secret, or the demonstration credit on a network (money comes in at the
/// desk there).
pub fn from_command_line(
    db: Option<Database>,
    kiosk: Option<String>,
    player: Option<String>,
    demo: bool,
) -> Result<Accounts, String> {
    match (db, kiosk, player) {
        (None, None, None) => Ok(Accounts::File(Store::default_path())),
        (Some(Database::File(path)), None, None) => Ok(Accounts::File(path)),
        (None | Some(Database::File(_)), _, _) => Err(
            "--kiosk-name and --player are for a network's database (--db postgres://…); a kiosk's own file has one player"
                .to_owned(),
        ),
        (Some(Database::Network(_)), _, _) if demo => Err(
            "--demo is for a kiosk's own file: on a network, money comes in at the operator's desk"
                .to_owned(),
        ),
        (Some(Database::Network(mut database)), Some(kiosk), Some(player)) => {
            let secret = kiosk_secret(&kiosk)?;
            warn_if_remote(&database);
            // The window waits for the network before its first page: a
            // server that does not answer is said after this long, not after
            // the system's two minutes.
            if database.get_connect_timeout().is_none() {
                database.connect_timeout(WINDOW_CONNECT_TIMEOUT);
            }
            Ok(Accounts::Network {
                own: Store::default_path(),
                database,
                kiosk,
                secret,
                player,
            })
        }
        (Some(Database::Network(_)), _, _) => Err(
            "on a network's database, name the kiosk and the player: --kiosk-name NAME --player NAME"
                .to_owned(),
        ),
    }
}
