//! What can go wrong with the network's database, and what it means to the
//! sale API.

use guichet_core::money::Cents;
use guichet_sale::StoreError;

/// What went wrong with the network's database.
#[derive(Debug, thiserror::Error)]
pub enum NetworkError {
    /// The server refused or failed (connection, permission, a constraint).
    #[error("PostgreSQL: {}", describe(.0))]
    Postgres(postgres::Error),
    /// A role name that is not a plain lower-case identifier.
    #[error("{0:?} is not a role name (lower-case letters, digits and _ only)")]
    RoleName(String),
    /// A kiosk's name that is empty or longer than 64 characters.
    #[error("{0:?} is not a kiosk's name (1 to 64 characters)")]
    KioskName(String),
    /// The operating system gave no randomness for a kiosk's secret.
    #[error("no randomness for a kiosk's secret: {0}")]
    Entropy(String),
    /// The network's URL, its TLS or its password file cannot be used.
    #[error("{0}")]
    Endpoint(String),
    /// A player's PIN that is not 4 to 8 digits.
    #[error("a player's PIN is 4 to 8 digits")]
    PinFormat,
    /// A deposit or a withdrawal of zero or less.
    #[error("an amount is more than 0, not {0}")]
    NotPositive(Cents),
    /// An emission has more tiers than a byte can number.
    #[error("emission {0} has too many tiers to store")]
    TooManyTiers(String),
    /// The database's schema is newer than this build knows.
    #[error(
        "the database's schema is version {found}, this Guichet knows up to {known}: update Guichet"
    )]
    NewerSchema {
        /// The database's version.
        found: i32,
        /// The newest this build knows.
        known: i32,
    },
    /// The server sent what this build cannot use.
    #[error("the database holds something unexpected: {0}")]
    Unexpected(String),
}

impl From<postgres::Error> for NetworkError {
    fn from(error: postgres::Error) -> Self {
        Self::Postgres(error)
    }
}

impl From<NetworkError> for StoreError {
    /// A kiosk the network does not know by its name and secret (`GU014`)
    /// is refused as such, a session that ended (`GU016`) is the player
    /// signed out; anything else is the network's failure.
    fn from(error: NetworkError) -> Self {
        match error.code() {
            Some(KIOSK_REFUSED) => Self::KioskRefused(error.to_string()),
            Some(SIGNED_OUT) => Self::SignedOut,
            _ => Self::Network(Box::new(error)),
        }
    }
}

/// Whether `error` is the network's connection lost
/// ([`NetworkError::is_connection_lost`]): the call may be made again.
#[must_use]
pub fn connection_lost(error: &StoreError) -> bool {
    match error {
        StoreError::Network(inner) => inner
            .downcast_ref::<NetworkError>()
            .is_some_and(NetworkError::is_connection_lost),
        _ => false,
    }
}

/// The SQLSTATE of a kiosk the network does not know by the name and secret
/// it gave (`guichet.check_kiosk`, `v3.sql`).
pub const KIOSK_REFUSED: &str = "GU014";

/// The SQLSTATE of a call for a player whose session ended, or never began
/// (`guichet.session_player`, `v5.sql`).
pub const SIGNED_OUT: &str = "GU016";

/// The SQLSTATE of a unit's prize, or a PIN's outcome, asked inside the
/// transaction that bought it, or made it (`v5.sql`): told once it commits.
pub const NOT_FINAL: &str = "GU017";

/// The SQLSTATE of a closing the network refuses: another one was received
/// under its number, or its number does not follow (`v4.sql`).
pub const CLOSING_REFUSED: &str = "GU015";

impl NetworkError {
    /// The SQLSTATE the server raised, if it did (`GU004` for "no player", say).
    #[must_use]
    pub fn code(&self) -> Option<&str> {
        match self {
            Self::Postgres(error) => error.code().map(postgres::error::SqlState::code),
            _ => None,
        }
    }

    /// Whether the connection to the server was lost, or the server cannot
    /// take calls now (stopping, starting again, in recovery, a standby not
    /// yet promoted): a call worth making again, on a new connection, once
    /// it answers. A refusal of the server's (a rule, a limit) is not.
    #[must_use]
    pub fn is_connection_lost(&self) -> bool {
        let Self::Postgres(error) = self else {
            return false;
        };
        if error.is_closed() {
            return true;
        }
        match error.code().map(postgres::error::SqlState::code) {
            // Connection exceptions; the server shut down by its operator or
            // after another process crashed; starting up; read only (a
            // standby, or a primary demoted).
            Some(code) => {
                code.starts_with("08") || ["57P01", "57P02", "57P03", "25006"].contains(&code)
            }
            // No answer at all: the socket (refused, reset, cut).
            None => std::error::Error::source(error)
                .is_some_and(<dyn std::error::Error>::is::<std::io::Error>),
        }
    }

    /// The detail the server gave with its error, if any.
    pub(crate) fn detail(&self) -> Option<&str> {
        match self {
            Self::Postgres(error) => error.as_db_error().and_then(|db| db.detail()),
            _ => None,
        }
    }
}

/// A count or a number the server holds (a block's number, its size, the
/// units sold, a unit's index), which is never below zero: one that is is
/// the database's fault, said as [`NetworkError::Unexpected`], never read
/// as 0.
pub(crate) fn unsigned(value: i32, what: &str) -> Result<u32, NetworkError> {
    u32::try_from(value)
        .map_err(|error| NetworkError::Unexpected(format!("{what} {value}: {error}")))
}

/// The server's own words for `error` when it has some, else the driver's
/// and their cause ("error performing TLS handshake: invalid peer
/// certificate: …").
fn describe(error: &postgres::Error) -> String {
    error.as_db_error().map_or_else(
        || match std::error::Error::source(error) {
            Some(cause) => format!("{error}: {cause}"),
            None => error.to_string(),
        },
        |db| db.message().to_owned(),
    )
}
