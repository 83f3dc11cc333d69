//! TLS to the network's server, on loopback with a throwaway CA: a server
//! certificate for 127.0.0.1 alone, made here with rcgen. `verify-full`
//! connects to 127.0.0.1 and refuses `localhost` (not the certificate's
//! name) and another CA; `verify-ca` takes any name the CA signed; a kiosk
//! plays over it end to end.

#[path = "support/network.rs"]
mod network;
#[path = "support/postgres.rs"]
mod postgres_server;

use std::net::{IpAddr, Ipv4Addr};
use std::path::Path;

use guichet_core::money::Cents;
use guichet_network::{Endpoint, Kiosk, Operator, PlayerAccount, TlsMode};
use guichet_sale::PointOfSale;
use network::{EMISSION, PIN, open_account, seed};
use postgres_server::Server;
use rcgen::{BasicConstraints, CertificateParams, CertifiedIssuer, IsCa, KeyPair, SanType};

/// A CA's certificate, written as PEM to `folder/name.pem`, and the CA to
/// sign with.
fn certificate_authority(folder: &Path, name: &str) -> CertifiedIssuer<'static, KeyPair> {
    let mut params = CertificateParams::new(Vec::<String>::new()).expect("parameters");
    params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    params
        .distinguished_name
        .push(rcgen::DnType::CommonName, format!("Guichet test CA {name}"));
    let ca =
        CertifiedIssuer::self_signed(params, KeyPair::generate().expect("a key")).expect("a CA");
    std::fs::write(folder.join(format!("{name}.pem")), ca.pem()).expect("written");
    ca
}

/// The server's certificate for 127.0.0.1 only, signed by `ca`, and its key,
/// written to `folder`.
fn server_certificate(folder: &Path, ca: &CertifiedIssuer<'static, KeyPair>) {
    let mut params = CertificateParams::new(Vec::<String>::new()).expect("parameters");
    params.subject_alt_names = vec![SanType::IpAddress(IpAddr::V4(Ipv4Addr::LOCALHOST))];
    let key = KeyPair::generate().expect("a key");
    let certificate = params.signed_by(&key, ca).expect("signed");
    std::fs::write(folder.join("server.crt"), certificate.pem()).expect("written");
    std::fs::write(folder.join("server.key"), key.serialize_pem()).expect("written");
}

/// The superuser's URL of `server` with `host` in place of 127.0.0.1 and
/// `options` after it.
fn url(server: &Server, host: &str, options: &str) -> String {
    format!("{}?{options}", server.url.replace("127.0.0.1", host))
}

#[test]
fn verify_full_checks_the_ca_and_the_name_and_a_kiosk_plays_over_it() {
    let folder = tempfile::tempdir().expect("a folder");
    let ca = certificate_authority(folder.path(), "ca");
    certificate_authority(folder.path(), "other-ca");
    server_certificate(folder.path(), &ca);
    let server = Server::start_with_tls(
        &folder.path().join("server.crt"),
        &folder.path().join("server.key"),
    );
    let ca_file = folder.path().join("ca.pem");
    let other_ca = folder.path().join("other-ca.pem");
    let encrypted = |text: &str| -> Result<bool, String> {
        let endpoint: Endpoint = text.parse().map_err(|e| format!("{e}"))?;
        let mut client = endpoint.connect().map_err(|e| format!("{e}"))?;
        let row = client
            .query_one(
                "SELECT coalesce((SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()), false)",
                &[],
            )
            .map_err(|e| format!("{e}"))?;
        Ok(row.get(0))
    };
    let full = format!("sslmode=verify-full&sslrootcert={}", ca_file.display());
    assert_eq!(encrypted(&url(&server, "127.0.0.1", &full)), Ok(true));
    let refused = encrypted(&url(&server, "localhost", &full)).expect_err("not its name");
    assert!(refused.contains("certificate"), "{refused}");
    let stranger = format!("sslmode=verify-full&sslrootcert={}", other_ca.display());
    let refused = encrypted(&url(&server, "127.0.0.1", &stranger)).expect_err("another CA");
    assert!(refused.contains("certificate"), "{refused}");
    let ca_only = format!("sslmode=verify-ca&sslrootcert={}", ca_file.display());
    assert_eq!(encrypted(&url(&server, "localhost", &ca_only)), Ok(true));
    let missing = format!(
        "sslmode=verify-full&sslrootcert={}/none.pem",
        folder.path().display()
    );
    let refused = encrypted(&url(&server, "127.0.0.1", &missing)).expect_err("no CA");
    assert!(refused.contains("cannot be read"), "{refused}");
    // On loopback, unless asked, the connection is not encrypted.
    let plain: Endpoint = server.url.parse().expect("a URL");
    assert_eq!(plain.tls(), TlsMode::Disable);
    assert_eq!(encrypted(&server.url), Ok(false));

    // The whole network over TLS: the operator sets up, a kiosk signs a
    // player in and plays a unit out.
    let database = server.database("over_tls");
    let over_tls = |url: &str| format!("{url}?{full}");
    let mut operator = Operator::connect(&over_tls(&database)).expect("the operator over TLS");
    operator.install("kiosk_tls", "pw").expect("installed");
    operator
        .open_block(EMISSION, 0, &seed(4))
        .expect("block 0 opens");
    open_account(&mut operator, "card-7");
    operator
        .deposit("card-7", Cents(500), "desk")
        .expect("a deposit");
    let secret = operator.add_kiosk("borne-tls").expect("added");
    let kiosk_url = over_tls(&postgres_server::as_user(&database, "kiosk_tls", "pw"));
    let mut seat =
        PlayerAccount::new(Kiosk::connect(&kiosk_url, "borne-tls", &secret).expect("over TLS"));
    seat.sign_in("card-7", PIN).expect("signed in");
    let unit = seat.buy(EMISSION).expect("a unit");
    seat.finish(unit.id).expect("played out");
    assert_eq!(operator.verify().expect("a verdict"), Vec::<String>::new());
}
