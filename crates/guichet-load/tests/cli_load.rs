//! `guichet-load` against a real PostgreSQL server: it sets up an empty
//! database, simulated kiosks buy at once from their players' accounts and
//! play every unit out, and every sale and every ledger is checked, and the
//! whole database verified.

#[path = "../../guichet-network/tests/support/postgres.rs"]
mod postgres_server;

use std::process::{Command, Output};

use postgres::{Client, NoTls};
use postgres_server::{Server, without_password};

/// The password file of this test binary's runs (`PGPASSFILE`).
fn password_file() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("pgpass-load-{}", std::process::id()))
}

fn load(arguments: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_guichet-load"))
        .args(arguments)
        .env("PGPASSFILE", password_file())
        .output()
        .expect("guichet-load runs")
}

/// The transactions a second of pgbench's line in `printed`, run over
/// `connections`; the line ends with the load's share of it.
fn pgbench_per_second(printed: &str, connections: u32) -> f64 {
    let start =
        format!("pgbench -N (simple updates) on the same server over {connections} connections: ");
    let yardstick = printed
        .lines()
        .find(|line| line.starts_with(&start))
        .unwrap_or_else(|| panic!("pgbench's line: {printed}"));
    assert!(yardstick.ends_with(" % of it"), "{yardstick}");
    yardstick
        .split(" s, ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|value| value.parse().ok())
        .unwrap_or_else(|| panic!("pgbench's transactions a second: {yardstick}"))
}

/// What the run of 600 units by 50 kiosks over 8 connections printed: each
/// figure, pgbench's beside it, and every check passed.
fn says_what_it_did(printed: &str) {
    assert!(
        printed.contains("50 players signed in at their kiosks at once in "),
        "{printed}"
    );
    assert!(
        printed.contains("600 units bought, revealed and settled by 50 kiosks over 8 connections"),
        "{printed}"
    );
    assert!(printed.contains("units/s; purchase p50"), "{printed}");
    // Where the server's time went, sampled while the kiosks played.
    assert!(
        printed.contains("where the kiosk role's connections were (")
            && printed.contains("working on a CPU "),
        "{printed}"
    );
    assert!(
        printed.contains("processor time while the kiosks played (")
            && printed.contains(" ms a unit), guichet-load "),
        "{printed}"
    );
    assert!(printed.contains("beside it, SQLite"), "{printed}");
    // pgbench beside it, on the same server and connections.
    assert!(pgbench_per_second(printed, 8) > 0.0, "{printed}");
    assert!(printed.contains("ok: 600 units sold"), "{printed}");
    assert!(
        printed.contains("50 players' ledgers balanced; verify passes on both engines"),
        "{printed}"
    );
}

#[test]
fn kiosks_buy_at_once_and_every_sale_checks_out() {
    let server = Server::start();
    let superuser = server.database("cli_load");
    let url = without_password(&superuser, &password_file());
    let run = load(&[
        "--db",
        &url,
        "--kiosks",
        "50",
        "--units",
        "600",
        "--connections",
        "8",
        "--kiosk-role",
        "kiosk_cli_load",
        "--compare-pgbench",
        "--pgbench-seconds",
        "2",
    ]);
    let printed = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{printed}{}",
        String::from_utf8_lossy(&run.stderr)
    );
    says_what_it_did(&printed);

    // What it says is what the database holds.
    let mut admin = Client::connect(&superuser, NoTls).expect("the superuser connects");
    let left: i64 = admin
        .query_one(
            "SELECT count(*) FROM pg_database WHERE datname LIKE 'guichet_pgbench_%'",
            &[],
        )
        .expect("the databases")
        .get(0);
    assert_eq!(left, 0, "pgbench's database dropped");
    let stakes: i64 = admin
        .query_one(
            "SELECT count(*) FROM guichet.ledger WHERE kind = 'stake'",
            &[],
        )
        .expect("the ledger")
        .get(0);
    assert_eq!(stakes, 600, "each unit paid for once");
    let (sold, first, last): (i64, i32, i32) = {
        let row = admin
            .query_one(
                "SELECT count(*), min(unit_index), max(unit_index) FROM guichet.sales",
                &[],
            )
            .expect("the sales");
        (row.get(0), row.get(1), row.get(2))
    };
    assert_eq!((sold, first, last), (600, 0, 599));
    let (unsettled, journaled): (i64, i64) = {
        let row = admin
            .query_one(
                "SELECT (SELECT count(*) FROM guichet.sales WHERE settled_at IS NULL),
                        (SELECT count(DISTINCT sale_id) FROM guichet.reveal_steps)",
                &[],
            )
            .expect("the reveals");
        (row.get(0), row.get(1))
    };
    assert_eq!(
        (unsettled, journaled),
        (0, 600),
        "every unit revealed and settled"
    );
    let (prizes, winners): (i64, i64) = {
        let row = admin
            .query_one(
                "SELECT (SELECT count(*) FROM guichet.ledger WHERE kind = 'prize'),
                        (SELECT count(*) FROM guichet.sales WHERE tier IS NOT NULL)",
                &[],
            )
            .expect("the prizes");
        (row.get(0), row.get(1))
    };
    assert!(winners > 0, "some of 600 units win");
    assert_eq!(prizes, winners, "each winning unit credited once");

    a_database_set_up_is_refused(&url, &mut admin);
}

/// A database already set up (at `url`, holding 600 sales) is refused, and
/// left as it was.
fn a_database_set_up_is_refused(url: &str, admin: &mut Client) {
    let again = load(&[
        "--db",
        url,
        "--units",
        "10",
        "--kiosk-role",
        "kiosk_cli_load",
    ]);
    assert_eq!(again.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&again.stderr).contains("the database must be empty"),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    let still: i64 = admin
        .query_one("SELECT count(*) FROM guichet.sales", &[])
        .expect("the sales")
        .get(0);
    assert_eq!(still, 600);
}

#[test]
fn a_server_elsewhere_or_a_bad_url_is_refused_in_one_line() {
    for (url, words) in [
        ("postgres://u@192.0.2.10/db", "this machine's server only"),
        ("postgres://u:p@127.0.0.1/db", "no password in the URL"),
        ("not a url", "not a PostgreSQL URL"),
    ] {
        let run = load(&["--db", url]);
        assert_eq!(run.status.code(), Some(2), "{url}");
        let told = String::from_utf8_lossy(&run.stderr);
        assert_eq!(told.lines().count(), 1, "{told}");
        assert!(told.contains(words), "{url}: {told}");
    }
}
