//! Where the network's database is and how it is reached: the URL as libpq
//! reads it, TLS with the server's certificate checked (`sslmode`,
//! `sslrootcert`), and the password from a password file (`passfile`,
//! `PGPASSFILE`, `~/.pgpass`), never from the command line.
//!
//! `sslmode` is `verify-full` unless the server is this machine (a loopback
//! address or a socket), where it is `disable`: off this machine every
//! connection is encrypted to a server whose certificate is signed by the CA
//! of `sslrootcert` (default `~/.postgresql/root.crt`, as libpq's) and names
//! the host dialled. `verify-ca` checks the signature alone; `disable` may be
//! asked for on a link trusted otherwise. `require`, `prefer` and `allow`,
//! which check no certificate (a man in the middle would read every kiosk's
//! secret), are refused.

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use postgres::config::{Host, SslMode};
use postgres::{Client, Config, NoTls};
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::pki_types::pem::PemObject as _;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{CertificateError, DigitallySignedStruct, RootCertStore, SignatureScheme};

use crate::error::NetworkError;

/// How the connection is protected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TlsMode {
    /// Not encrypted (this machine's server, or asked for).
    Disable,
    /// Encrypted to a server whose certificate the CA signed.
    VerifyCa,
    /// Encrypted to a server whose certificate the CA signed for the host
    /// dialled.
    VerifyFull,
}

/// A network database to connect to.
#[derive(Clone, Debug)]
pub struct Endpoint {
    config: Config,
    tls: TlsMode,
    root_cert: Option<PathBuf>,
    passfile: Option<PathBuf>,
}

impl FromStr for Endpoint {
    type Err = NetworkError;

    /// A URL (`postgres://user@host:port/db?sslmode=verify-full`) or libpq's
    /// `key=value` form.
    fn from_str(text: &str) -> Result<Self, NetworkError> {
        let (rest, ours) = split_our_options(text);
        let mut config: Config = rest
            .parse()
            .map_err(|error| NetworkError::Endpoint(format!("not a PostgreSQL URL ({error})")))?;
        let local = is_this_machine(&config);
        let tls = match ours.sslmode.as_deref() {
            None if local => TlsMode::Disable,
            None | Some("verify-full") => TlsMode::VerifyFull,
            Some("verify-ca") => TlsMode::VerifyCa,
            Some("disable") => TlsMode::Disable,
            Some(weak @ ("require" | "prefer" | "allow")) => {
                return Err(NetworkError::Endpoint(format!(
                    "sslmode={weak} checks no certificate, so a man in the middle could read the kiosks' secrets: use sslmode=verify-full with sslrootcert=CA.pem"
                )));
            }
            Some(other) => {
                return Err(NetworkError::Endpoint(format!(
                    "sslmode={other} is not one of verify-full, verify-ca, disable"
                )));
            }
        };
        config.ssl_mode(if tls == TlsMode::Disable {
            SslMode::Disable
        } else {
            SslMode::Require
        });
        Ok(Self {
            config,
            tls,
            root_cert: ours.sslrootcert.map(PathBuf::from),
            passfile: ours.passfile.map(PathBuf::from),
        })
    }
}

/// How long connecting is tried, when the URL does not say, before the
/// server counts as out of reach (a kiosk's window waits no longer).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// How long a server may leave what was sent unacknowledged, or a quiet
/// connection unanswered to keepalive probes, before the connection counts as
/// lost (a server gone without a word: a cable cut, a machine off), when the
/// URL does not say.
const DEAD_SERVER_AFTER: Duration = Duration::from_secs(10);

/// `config` bounded in time where its URL left the driver's defaults (no
/// limit to connecting; a dead server noticed after two hours): connecting
/// gives up after [`CONNECT_TIMEOUT`], and a server that stops answering is
/// noticed within about [`DEAD_SERVER_AFTER`].
fn bounded(mut config: Config) -> Config {
    if config.get_connect_timeout().is_none() {
        config.connect_timeout(CONNECT_TIMEOUT);
    }
    if config.get_tcp_user_timeout().is_none() {
        config.tcp_user_timeout(DEAD_SERVER_AFTER);
    }
    if config.get_keepalives_idle() == Config::new().get_keepalives_idle() {
        config
            .keepalives_idle(DEAD_SERVER_AFTER / 2)
            .keepalives_interval(Duration::from_secs(1))
            .keepalives_retries(5);
    }
    config
}

impl Endpoint {
    /// The connection's settings (the password file not read yet).
    #[must_use]
    pub const fn config(&self) -> &Config {
        &self.config
    }

    /// The same, to change (a timeout, say).
    pub const fn config_mut(&mut self) -> &mut Config {
        &mut self.config
    }

    /// How the connection is protected.
    #[must_use]
    pub const fn tls(&self) -> TlsMode {
        self.tls
    }

    /// The password file the URL names (`passfile=`), if it names one.
    #[must_use]
    pub fn passfile(&self) -> Option<&std::path::Path> {
        self.passfile.as_deref()
    }

    /// Whether the URL itself holds a password.
    #[must_use]
    pub fn has_password(&self) -> bool {
        self.config.get_password().is_some()
    }

    /// Whether the server is this machine: every host a loopback address,
    /// `localhost` or a socket.
    #[must_use]
    pub fn is_this_machine(&self) -> bool {
        is_this_machine(&self.config)
    }

    /// Connects: the password from the password file when the URL has none,
    /// TLS as [`TlsMode`] says.
    ///
    /// # Errors
    /// A password file readable by others, or unreadable; the CA missing or
    /// not certificates; the server out of reach, its certificate refused,
    /// or the login refused.
    pub fn connect(&self) -> Result<Client, NetworkError> {
        let mut config = bounded(self.config.clone());
        if config.get_password().is_none()
            && let Some(password) = self.password_from_file()?
        {
            config.password(password);
        }
        Ok(match self.tls {
            TlsMode::Disable => config.connect(NoTls)?,
            TlsMode::VerifyCa | TlsMode::VerifyFull => {
                let tls = tokio_postgres_rustls::MakeRustlsConnect::new(self.tls_config()?);
                config.connect(tls)?
            }
        })
    }

    /// The password for this connection's host, port, database and user in
    /// the password file, if it has one: the file of `passfile`, else
    /// `PGPASSFILE`, else `~/.pgpass`; none when there is no such file.
    fn password_from_file(&self) -> Result<Option<String>, NetworkError> {
        let Some(path) = self
            .passfile
            .clone()
            .or_else(|| std::env::var_os("PGPASSFILE").map(PathBuf::from))
            .or_else(|| std::env::home_dir().map(|home| home.join(".pgpass")))
        else {
            return Ok(None);
        };
        let text = match read_private(&path) {
            Ok(text) => text,
            Err(NotPrivate::Missing) => return Ok(None),
            Err(NotPrivate::Refused(why)) => return Err(NetworkError::Endpoint(why)),
        };
        let user = self.config.get_user().unwrap_or_default();
        let database = self.config.get_dbname().unwrap_or(user);
        let host = match self.config.get_hosts().first() {
            Some(Host::Tcp(name)) => name.clone(),
            // As libpq: a socket's entries are under "localhost".
            Some(Host::Unix(_)) | None => "localhost".to_owned(),
        };
        let port = self
            .config
            .get_ports()
            .first()
            .copied()
            .unwrap_or(5432)
            .to_string();
        Ok(password_for(&text, [&host, &port, database, user]))
    }

    /// The TLS settings: the CA's certificates, and how much they check.
    fn tls_config(&self) -> Result<rustls::ClientConfig, NetworkError> {
        let path = self
            .root_cert
            .clone()
            .or_else(|| std::env::home_dir().map(|home| home.join(".postgresql/root.crt")))
            .ok_or_else(|| {
                NetworkError::Endpoint("no CA to check the server with: sslrootcert=PATH".into())
            })?;
        let mut roots = RootCertStore::empty();
        let certificates: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(&path)
            .and_then(Iterator::collect)
            .map_err(|error| {
                NetworkError::Endpoint(format!(
                    "the CA {} (sslrootcert) cannot be read: {error}",
                    path.display()
                ))
            })?;
        let (added, _) = roots.add_parsable_certificates(certificates);
        if added == 0 {
            return Err(NetworkError::Endpoint(format!(
                "the CA {} (sslrootcert) holds no certificate",
                path.display()
            )));
        }
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let builder = rustls::ClientConfig::builder_with_provider(provider.clone())
            .with_safe_default_protocol_versions()
            .map_err(|error| NetworkError::Endpoint(error.to_string()))?;
        let roots = Arc::new(roots);
        let config = if self.tls == TlsMode::VerifyCa {
            let full = rustls::client::WebPkiServerVerifier::builder_with_provider(roots, provider)
                .build()
                .map_err(|error| NetworkError::Endpoint(error.to_string()))?;
            builder
                .dangerous()
                .with_custom_certificate_verifier(Arc::new(SignedByTheCa(full)))
                .with_no_client_auth()
        } else {
            builder.with_root_certificates(roots).with_no_client_auth()
        };
        Ok(config)
    }
}

/// `sslmode`, `sslrootcert` and `passfile`, which this module reads itself.
#[derive(Default)]
struct OurOptions {
    sslmode: Option<String>,
    sslrootcert: Option<String>,
    passfile: Option<String>,
}

/// `text` without the options this module reads, and their values.
fn split_our_options(text: &str) -> (String, OurOptions) {
    let mut ours = OurOptions::default();
    let mut take = |key: &str, value: String| -> bool {
        let slot = match key {
            "sslmode" => &mut ours.sslmode,
            "sslrootcert" => &mut ours.sslrootcert,
            "passfile" => &mut ours.passfile,
            _ => return false,
        };
        *slot = Some(value);
        true
    };
    if text.starts_with("postgres://") || text.starts_with("postgresql://") {
        let Some((base, query)) = text.split_once('?') else {
            return (text.to_owned(), ours);
        };
        let kept: Vec<&str> = query
            .split('&')
            .filter(|pair| {
                let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
                !take(key, percent_decoded(value))
            })
            .collect();
        let rest = if kept.is_empty() {
            base.to_owned()
        } else {
            format!("{base}?{}", kept.join("&"))
        };
        return (rest, ours);
    }
    let kept: Vec<&str> = text
        .split_whitespace()
        .filter(|pair| {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            !take(key.trim(), value.trim_matches('\'').to_owned())
        })
        .collect();
    (kept.join(" "), ours)
}

/// `%2F` and the like decoded (a path in a URL's query).
fn percent_decoded(value: &str) -> String {
    let bytes = value.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        let escaped = (bytes[index] == b'%')
            .then(|| value.get(index + 1..index + 3))
            .flatten()
            .and_then(|hex| u8::from_str_radix(hex, 16).ok());
        if let Some(byte) = escaped {
            decoded.push(byte);
            index += 3;
        } else {
            decoded.push(bytes[index]);
            index += 1;
        }
    }
    String::from_utf8_lossy(&decoded).into_owned()
}

/// Whether every host of `config` is this machine.
fn is_this_machine(config: &Config) -> bool {
    !config.get_hosts().is_empty()
        && config.get_hosts().iter().all(|host| match host {
            Host::Tcp(name) => ["localhost", "127.0.0.1", "::1", "[::1]"].contains(&name.as_str()),
            Host::Unix(_) => true,
        })
}

/// Why a password file is not read.
enum NotPrivate {
    /// There is none: no password from it.
    Missing,
    /// It cannot be read, or others may read it: said, not skipped.
    Refused(String),
}

/// The password file at `path`, if it is a regular file that only its owner
/// may read or write (libpq's rule: 0600 or less).
fn read_private(path: &Path) -> Result<String, NotPrivate> {
    use std::os::unix::fs::PermissionsExt as _;
    let metadata = match std::fs::metadata(path) {
        Ok(metadata) => metadata,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            return Err(NotPrivate::Missing);
        }
        Err(error) => {
            return Err(NotPrivate::Refused(format!(
                "the password file {} cannot be read: {error}",
                path.display()
            )));
        }
    };
    let mode = metadata.permissions().mode() & 0o777;
    if !metadata.is_file() || mode & 0o077 != 0 {
        return Err(NotPrivate::Refused(format!(
            "the password file {} may be read by others (mode {mode:o}): chmod 600 it",
            path.display()
        )));
    }
    std::fs::read_to_string(path).map_err(|error| {
        NotPrivate::Refused(format!(
            "the password file {} cannot be read: {error}",
            path.display()
        ))
    })
}

/// The password of the first line of a password file (`host:port:db:user:password`,
/// `*` matching anything, `\:` and `\\` escaped) that matches `wanted`.
fn password_for(text: &str, wanted: [&str; 4]) -> Option<String> {
    text.lines()
        .filter(|line| !line.trim_start().starts_with('#') && !line.trim().is_empty())
        .find_map(|line| {
            let fields = unescaped_fields(line);
            let [host, port, database, user, password] = <[String; 5]>::try_from(fields).ok()?;
            [host, port, database, user]
                .iter()
                .zip(wanted)
                .all(|(field, wanted)| field == "*" || field == wanted)
                .then_some(password)
        })
}

/// A password file's line split at its unescaped colons, unescaped.
fn unescaped_fields(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut characters = line.chars();
    while let Some(character) = characters.next() {
        match character {
            '\\' => {
                if let Some(next) = characters.next()
                    && let Some(field) = fields.last_mut()
                {
                    field.push(next);
                }
            }
            ':' if fields.len() < 5 => fields.push(String::new()),
            _ => {
                if let Some(field) = fields.last_mut() {
                    field.push(character);
                }
            }
        }
    }
    fields
}

/// `verify-ca`: the certificate must be signed by the CA, for any name.
#[derive(Debug)]
struct SignedByTheCa(Arc<rustls::client::WebPkiServerVerifier>);

impl ServerCertVerifier for SignedByTheCa {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp_response: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        match self
            .0
            .verify_server_cert(end_entity, intermediates, server_name, ocsp_response, now)
        {
            Err(rustls::Error::InvalidCertificate(
                CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. },
            )) => Ok(ServerCertVerified::assertion()),
            verdict => verdict,
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.0.verify_tls12_signature(message, cert, dss)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.0.verify_tls13_signature(message, cert, dss)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.supported_verify_schemes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_file_line_matches_with_wildcards_and_escapes() {
        let file = "# the kiosks\n\
                    db.example:5432:guichet:guichet_kiosk:k\\:pw\\\\1\n\
                    *:*:*:guichet_operator:op\n";
        assert_eq!(
            password_for(file, ["db.example", "5432", "guichet", "guichet_kiosk"]),
            Some("k:pw\\1".to_owned())
        );
        assert_eq!(
            password_for(file, ["elsewhere", "6000", "x", "guichet_operator"]),
            Some("op".to_owned())
        );
        assert_eq!(
            password_for(file, ["db.example", "5433", "guichet", "guichet_kiosk"]),
            None
        );
    }

    #[test]
    fn a_connection_is_bounded_in_time_unless_its_url_says_otherwise() {
        let plain: Endpoint = "postgres://kiosk@db.example/guichet"
            .parse()
            .expect("a URL");
        let config = bounded(plain.config().clone());
        assert_eq!(config.get_connect_timeout(), Some(&CONNECT_TIMEOUT));
        assert_eq!(config.get_tcp_user_timeout(), Some(&DEAD_SERVER_AFTER));
        assert_eq!(config.get_keepalives_idle(), DEAD_SERVER_AFTER / 2);
        let told: Endpoint =
            "postgres://kiosk@db.example/guichet?connect_timeout=30&keepalives_idle=90"
                .parse()
                .expect("a URL");
        let config = bounded(told.config().clone());
        assert_eq!(config.get_connect_timeout(), Some(&Duration::from_secs(30)));
        assert_eq!(config.get_keepalives_idle(), Duration::from_secs(90));
    }

    #[test]
    fn the_options_read_here_leave_the_url_and_a_remote_server_is_verified() {
        let endpoint: Endpoint =
            "postgres://kiosk@db.example:5432/guichet?sslrootcert=%2Fetc%2Fca.pem&connect_timeout=5"
                .parse()
                .expect("a URL");
        assert_eq!(endpoint.tls(), TlsMode::VerifyFull);
        assert_eq!(
            endpoint.root_cert.as_deref(),
            Some(Path::new("/etc/ca.pem"))
        );
        assert_eq!(
            endpoint.config().get_connect_timeout(),
            Some(&std::time::Duration::from_secs(5))
        );
        let local: Endpoint = "postgres://kiosk@127.0.0.1/guichet".parse().expect("a URL");
        assert_eq!(local.tls(), TlsMode::Disable);
        let keywords: Endpoint = "host=db.example user=kiosk sslmode=verify-ca passfile=/p"
            .parse()
            .expect("keywords");
        assert_eq!(keywords.tls(), TlsMode::VerifyCa);
        assert_eq!(keywords.passfile.as_deref(), Some(Path::new("/p")));
        for weak in ["require", "prefer", "allow"] {
            let refused = format!("postgres://k@db.example/g?sslmode={weak}").parse::<Endpoint>();
            assert!(
                refused.is_err_and(|error| error.to_string().contains("checks no certificate")),
                "{weak}"
            );
        }
    }
}
