//! The arguments several commands flatten: where the database is (a file,
//! or a network's URL, never with a password), whose account, the operator's
//! connection; and the parsers of those values.

use std::path::PathBuf;

use clap::Args;
use guichet_network::Endpoint;

/// The player a command is for.
#[derive(Debug, Args)]
pub struct PlayerArgs {
    /// The player's card number.
    #[arg(long, value_name = "CARD")]
    pub player: String,
}

/// The operator's connection to a network's database.
#[derive(Debug, Args)]
pub struct OperatorArgs {
    /// The operator's URL (the schema's owner), e.g.
    /// `postgres://guichet_operator@db.example/guichet?sslrootcert=ca.pem`;
    /// its password from the password file (~/.pgpass, `PGPASSFILE` or
    /// `passfile=`), never in the URL.
    #[arg(long, value_name = "URL", value_parser = parse_postgres)]
    pub db: Endpoint,
}

/// Where the database is.
#[derive(Debug, Args)]
pub struct DatabaseArgs {
    /// The database file [default: the platform's data folder, e.g.
    /// ~/.local/share/guichet/guichet.sqlite3].
    #[arg(long, value_name = "PATH", value_parser = parse_database)]
    pub db: Option<PathBuf>,
    /// The folder of the database's keys [default: systemd's credentials
    /// under the kiosk's unit, else `$GUICHET_KEYS`, else ~/.config/guichet/keys].
    #[arg(long, value_name = "DIR")]
    pub keys: Option<PathBuf>,
}

/// A kiosk's own database file, or a network's PostgreSQL database.
#[derive(Debug, Clone)]
pub enum Database {
    /// The SQLite file at this path.
    File(PathBuf),
    /// The PostgreSQL database at this URL.
    Network(Box<Endpoint>),
}

/// Where the database is: a file, or a network's `postgres://` URL.
#[derive(Debug, Args)]
pub struct AnyDatabaseArgs {
    /// The database file [default: the platform's data folder, e.g.
    /// ~/.local/share/guichet/guichet.sqlite3], or a network's URL,
    /// `postgres://user@host/database`, its password from the password file
    /// (~/.pgpass, `PGPASSFILE` or `passfile=`), never in the URL.
    #[arg(long, value_name = "PATH|URL", value_parser = parse_any_database)]
    pub db: Option<Database>,
    /// The folder of a file's keys [default: systemd's credentials under the
    /// kiosk's unit, else `$GUICHET_KEYS`, else ~/.config/guichet/keys].
    #[arg(long, value_name = "DIR")]
    pub keys: Option<PathBuf>,
}

/// A PostgreSQL URL whose server is this machine: a load test never leaves it.
///
/// # Errors
/// A line saying why the text is not such a URL.
pub fn parse_loopback_postgres(text: &str) -> Result<Endpoint, String> {
    let config = parse_postgres(text)?;
    if !config.is_this_machine() {
        return Err("a load test runs against this machine's server only (127.0.0.1, ::1, localhost or a socket)".to_owned());
    }
    Ok(config)
}

/// Whether `text` is a PostgreSQL URL rather than a file's path.
fn is_postgres_url(text: &str) -> bool {
    ["postgres://", "postgresql://"]
        .iter()
        .any(|scheme| text.starts_with(scheme))
}

/// A PostgreSQL URL.
fn parse_postgres(text: &str) -> Result<Endpoint, String> {
    let endpoint: Endpoint = text.parse().map_err(|error| {
        format!("{error}, e.g. postgres://user@db.example/guichet?sslrootcert=ca.pem")
    })?;
    if endpoint.has_password() {
        return Err(
            "no password in the URL (every user of this machine can read a command line): put `host:port:database:user:password` in ~/.pgpass (chmod 600), or name such a file with PGPASSFILE or passfile=PATH"
                .to_owned(),
        );
    }
    Ok(endpoint)
}

pub(crate) fn parse_any_database(text: &str) -> Result<Database, String> {
    if is_postgres_url(text) {
        return parse_postgres(text).map(|config| Database::Network(Box::new(config)));
    }
    parse_database(text).map(Database::File)
}

fn parse_database(text: &str) -> Result<PathBuf, String> {
    if is_postgres_url(text) {
        return Err(
            "this works on a kiosk's own database file; a network's database is for `guichet play`, `guichet verify` and `guichet network`"
                .to_owned(),
        );
    }
    if text.is_empty() || text == "-" {
        return Err(format!(
            "`{text}` is not a database path: name the database file, e.g. --db ~/guichet.sqlite3"
        ));
    }
    Ok(PathBuf::from(text))
}
