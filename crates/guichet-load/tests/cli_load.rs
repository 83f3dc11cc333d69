//! `guichet-load` against a real PostgreSQL server: it sets up an empty
//! database, simulated kiosks buy at once from their players' accounts and
//! play every unit out, and every sale and every ledger is checked, and the
//! whole database verified.

#[path = "../../guichet-network/tests/support/pair.rs"]
mod pair;
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
    // 50 kiosks, each from a pack of 100 of its own: the first packs.
    assert_eq!((sold, first), (600, 0));
    assert!(last < 5_000, "{last}");
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

/// What the database behind `superuser` holds after a run of `units` units
/// through a fault: each sold once, paid once, revealed, settled, each
/// winner credited once.
fn every_unit_once(superuser: &str, units: i64) {
    let mut admin = Client::connect(superuser, NoTls).expect("the superuser connects");
    let row = admin
        .query_one(
            "SELECT (SELECT count(*) FROM guichet.sales),
                    (SELECT count(DISTINCT (block_id, unit_index)) FROM guichet.sales),
                    (SELECT count(*) FROM guichet.ledger WHERE kind = 'stake'),
                    (SELECT count(*) FROM guichet.sales WHERE settled_at IS NULL),
                    (SELECT count(*) FROM guichet.ledger WHERE kind = 'prize'),
                    (SELECT count(*) FROM guichet.sales WHERE tier IS NOT NULL)",
            &[],
        )
        .expect("the sales");
    let counts: Vec<i64> = (0..6).map(|column| row.get(column)).collect();
    assert_eq!(
        counts[..4],
        [units, units, units, 0],
        "sold, distinct, paid, unsettled"
    );
    assert_eq!(counts[4], counts[5], "each winning unit credited once");
}

/// What a load of 300 units by 20 kiosks over 4 connections through the
/// database at `url` (kiosk role `role`) printed, `fault` brought on in the
/// middle: it passed every check and made calls again.
fn load_through_a_fault(url: &str, role: &str, fault: &[&str]) -> String {
    let run = load(
        &[
            &[
                "--db",
                url,
                "--kiosks",
                "20",
                "--units",
                "300",
                "--connections",
                "4",
                "--kiosk-role",
                role,
            ][..],
            fault,
        ]
        .concat(),
    );
    let printed = String::from_utf8_lossy(&run.stdout).into_owned();
    assert!(
        run.status.success(),
        "{printed}{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(printed.contains("the kiosks made "), "{printed}");
    assert!(printed.contains("ok: 300 units sold"), "{printed}");
    printed
}

/// The primary killed (`pg_ctl -m immediate`) a third of the way through and
/// started again a second later: every kiosk waits, tries again and goes on;
/// no sale lost, none doubled, nobody charged twice, verify passes.
#[test]
fn the_primary_killed_in_the_middle_of_a_load_every_kiosk_goes_on() {
    let server = Server::own();
    let superuser = server.database("cli_load_crash");
    let url = without_password(&superuser, &password_file());
    let data = server.data().expect("a cluster of this test's own");
    let printed = load_through_a_fault(
        &url,
        "kiosk_cli_load_crash",
        &[
            "--kill-primary",
            data.to_str().expect("a UTF-8 path"),
            "--down-seconds",
            "1",
        ],
    );
    assert!(
        printed.contains(
            "after 100 units claimed, the primary killed (pg_ctl -m immediate) and started again"
        ),
        "{printed}"
    );
    every_unit_once(&superuser, 300);
}

/// The primary killed a third of the way through and its synchronous
/// standby promoted: through one multi-host URL every kiosk reaches it and
/// goes on; the same checks pass.
#[test]
fn a_failover_in_the_middle_of_a_load_every_kiosk_goes_on() {
    let pair = pair::Pair::start();
    Client::connect(&pair.superuser("postgres"), NoTls)
        .expect("the primary")
        .batch_execute("CREATE DATABASE cli_load_failover")
        .expect("a database");
    let superuser = pair.superuser("cli_load_failover");
    let url = without_password(&superuser, &password_file());
    let folder = |cluster: &str| pair.folder.join(cluster).join("data");
    let printed = load_through_a_fault(
        &url,
        "kiosk_cli_load_failover",
        &[
            "--kill-primary",
            folder("primary").to_str().expect("a UTF-8 path"),
            "--failover-to",
            folder("standby").to_str().expect("a UTF-8 path"),
        ],
    );
    assert!(
        printed.contains(
            "after 100 units claimed, the primary killed (pg_ctl -m immediate) and its standby promoted"
        ),
        "{printed}"
    );
    every_unit_once(&superuser, 300);
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
