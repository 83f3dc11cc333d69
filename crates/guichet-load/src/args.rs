//! `guichet-load`'s command line.

use std::path::PathBuf;

use clap::Parser;

/// `guichet-load`: load-tests a network's PostgreSQL database on this machine —
/// sets it up, then KIOSKS simulated kiosks buy and play out UNITS units at
/// once; every sale is checked against its block, the database verified, and
/// the rate and latencies printed.
#[derive(Debug, Parser)]
#[command(name = "guichet-load", version, about, long_about = None)]
pub struct LoadArgs {
    /// A superuser's URL of an empty database on this machine, e.g.
    /// `postgres://postgres@127.0.0.1:5432/guichet_load`, its password from
    /// the password file (~/.pgpass, `PGPASSFILE` or `passfile=`).
    #[arg(long, value_name = "URL", value_parser = guichet_cli::parse_loopback_postgres)]
    pub db: guichet_network::Endpoint,
    /// Simulated kiosks buying at once.
    #[arg(long, value_name = "N", default_value_t = 1_000,
          value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub kiosks: u32,
    /// Units bought in all.
    #[arg(long, value_name = "N", default_value_t = 100_000,
          value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    pub units: u32,
    /// Connections the kiosks share (the server's limit is usually 100).
    #[arg(long, value_name = "N", default_value_t = 32,
          value_parser = clap::value_parser!(u32).range(1..=1_000))]
    pub connections: u32,
    /// Then run pgbench's simple updates (`-N`) on the same server over as
    /// many connections, in a database of its own (dropped after), and print
    /// the load's units a second as a share of its transactions a second.
    #[arg(long)]
    pub compare_pgbench: bool,
    /// How long pgbench runs, with `--compare-pgbench`.
    #[arg(long, value_name = "SECONDS", default_value_t = 30,
          value_parser = clap::value_parser!(u32).range(1..=3_600))]
    pub pgbench_seconds: u32,
    /// Kills the primary of this data folder (`pg_ctl -m immediate`, as its
    /// owner) once a third of the units are claimed, and starts it again
    /// after `--down-seconds`: every kiosk waits and tries again until it
    /// answers, and every check must still pass.
    #[arg(long, value_name = "PGDATA")]
    pub kill_primary: Option<PathBuf>,
    /// With `--kill-primary`: promotes the standby of this data folder
    /// instead of starting the primary again (`--db` then names both, e.g.
    /// `postgres://postgres@127.0.0.1:P,127.0.0.1:S/db?target_session_attrs=read-write`).
    #[arg(long, value_name = "PGDATA", requires = "kill_primary")]
    pub failover_to: Option<PathBuf>,
    /// With `--kill-primary` alone: how long the primary stays down.
    #[arg(long, value_name = "SECONDS", default_value_t = 3,
          value_parser = clap::value_parser!(u32).range(0..=600))]
    pub down_seconds: u32,
    /// The kiosk role to create (or whose password to reset).
    #[arg(long, value_name = "NAME", default_value = guichet_network::KIOSK_ROLE)]
    pub kiosk_role: String,
}
