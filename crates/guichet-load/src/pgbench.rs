//! The yardstick: pgbench's simple-update transactions (`-N`: one account
//! updated, its row read back, a history row inserted) on the same server,
//! over as many connections, in the same run — what the load's units a
//! second are read against.

use std::process::Command;
use std::time::Duration;

use anyhow::{Context as _, bail};
use guichet_cli::{Failure, Output};
use guichet_network::Endpoint;
use postgres::config::Host;

use crate::args::LoadArgs;

/// pgbench's scale: 1 000 000 accounts, so 32 clients' updates seldom meet.
const SCALE: u32 = 10;

/// Measures pgbench beside the load just run (`arguments`, its
/// `units_per_second`) and prints both, with the load's share of it.
pub(crate) fn compare(
    arguments: &LoadArgs,
    units_per_second: f64,
    out: &mut Output,
) -> Result<(), Failure> {
    let connections = arguments.connections.min(arguments.kiosks);
    let yardstick = measure(
        &arguments.db,
        connections,
        Duration::from_secs(u64::from(arguments.pgbench_seconds)),
    )
    .context("running pgbench beside it")?;
    out.line(format_args!(
        "pgbench -N (simple updates) on the same server over {connections} connections: {} transactions in {} s, {:.0} transactions/s; the load's {units_per_second:.0} units/s are {:.1} % of it",
        yardstick.transactions,
        arguments.pgbench_seconds,
        yardstick.per_second,
        100.0 * units_per_second / yardstick.per_second,
    ))?;
    Ok(())
}

/// What pgbench measured.
struct Yardstick {
    /// Transactions a second, the connections' time to log in left out.
    per_second: f64,
    /// Transactions in all.
    transactions: u64,
}

/// Runs pgbench `-N` for `duration` over `connections` connections in a
/// database of its own beside `server`'s (created, filled, then dropped,
/// whatever happens), logged in as `server`'s user, its password from the
/// same password file.
fn measure(server: &Endpoint, connections: u32, duration: Duration) -> anyhow::Result<Yardstick> {
    let name = format!("guichet_pgbench_{}", std::process::id());
    let mut admin = server
        .connect()
        .context("connecting to create pgbench's database")?;
    admin
        .batch_execute(&format!("CREATE DATABASE {name}"))
        .context("creating pgbench's database")?;
    let measured = run_in(server, &name, connections, duration);
    let dropped = admin
        .batch_execute(&format!("DROP DATABASE {name}"))
        .context("dropping pgbench's database");
    let yardstick = measured?;
    dropped?;
    Ok(yardstick)
}

/// pgbench's initialisation, then its run, in database `name`.
fn run_in(
    server: &Endpoint,
    name: &str,
    connections: u32,
    duration: Duration,
) -> anyhow::Result<Yardstick> {
    let target = connection_string(server, name);
    let program = program();
    let initialised = Command::new(&program)
        .args(["--initialize", "--quiet", "--scale", &SCALE.to_string()])
        .arg(&target)
        .output()
        .context("starting pgbench (Debian's postgresql package has it)")?;
    if !initialised.status.success() {
        bail!(
            "pgbench --initialize failed: {}",
            String::from_utf8_lossy(&initialised.stderr).trim()
        );
    }
    let threads = std::thread::available_parallelism()
        .map_or(1, std::num::NonZero::get)
        .min(connections as usize);
    let run = Command::new(&program)
        .args(["--skip-some-updates", "--no-vacuum"])
        .args(["--client", &connections.to_string()])
        .args(["--jobs", &threads.to_string()])
        .args(["--time", &duration.as_secs().max(1).to_string()])
        .arg(&target)
        .output()
        .context("starting pgbench")?;
    let printed = String::from_utf8_lossy(&run.stdout);
    if !run.status.success() {
        bail!(
            "pgbench failed: {}",
            String::from_utf8_lossy(&run.stderr).trim()
        );
    }
    read_report(&printed)
}

/// pgbench: the one on the path, else the server's own (`pg_config --bindir`).
fn program() -> String {
    let on_path = std::env::var_os("PATH").is_some_and(|path| {
        std::env::split_paths(&path).any(|folder| folder.join("pgbench").is_file())
    });
    if on_path {
        return "pgbench".to_owned();
    }
    Command::new("pg_config")
        .arg("--bindir")
        .output()
        .ok()
        .filter(|output| output.status.success())
        .map_or_else(
            || "pgbench".to_owned(),
            |output| format!("{}/pgbench", String::from_utf8_lossy(&output.stdout).trim()),
        )
}

/// libpq's `key=value` form of `server`'s host, port and user, for database
/// `name` (the password from the password file, as for every connection).
fn connection_string(server: &Endpoint, name: &str) -> String {
    let config = server.config();
    let mut parts = vec![format!("dbname={name}")];
    match config.get_hosts().first() {
        Some(Host::Tcp(host)) => parts.push(format!("host={host}")),
        Some(Host::Unix(folder)) => parts.push(format!("host={}", folder.display())),
        None => {}
    }
    if let Some(port) = config.get_ports().first() {
        parts.push(format!("port={port}"));
    }
    if let Some(user) = config.get_user() {
        parts.push(format!("user={user}"));
    }
    if let Some(file) = server.passfile() {
        parts.push(format!("passfile={}", file.display()));
    }
    parts.push("sslmode=disable".to_owned());
    parts.join(" ")
}

/// The transactions a second and in all from pgbench's report.
fn read_report(printed: &str) -> anyhow::Result<Yardstick> {
    let value_after = |label: &str| {
        printed
            .lines()
            .find_map(|line| line.trim().strip_prefix(label))
            .and_then(|rest| rest.split_whitespace().next())
    };
    let per_second = value_after("tps = ")
        .and_then(|value| value.parse::<f64>().ok())
        .context("pgbench printed no transactions a second")?;
    let transactions = value_after("number of transactions actually processed: ")
        .and_then(|value| value.split('/').next())
        .and_then(|value| value.parse::<u64>().ok())
        .context("pgbench printed no count of transactions")?;
    Ok(Yardstick {
        per_second,
        transactions,
    })
}

#[cfg(test)]
mod tests {
    use super::read_report;

    #[test]
    fn pgbench_15s_report_is_read() {
        let printed = "pgbench (15.10 (Debian 15.10-0+deb12u1))
transaction type: <builtin: simple update>
scaling factor: 10
query mode: simple
number of clients: 32
number of threads: 2
maximum number of tries: 1
duration: 30 s
number of transactions actually processed: 121958
number of failed transactions: 0 (0.000%)
latency average = 7.869 ms
initial connection time = 61.313 ms
tps = 4066.404352 (without initial connection time)
";
        let yardstick = read_report(printed).expect("a report");
        assert!((yardstick.per_second - 4_066.404_352).abs() < 1e-9);
        assert_eq!(yardstick.transactions, 121_958);
        assert!(read_report("pgbench: error: connection refused").is_err());
    }
}
