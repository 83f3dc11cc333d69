//! `guichet-load`: a network of kiosks under load, on this machine's
//! PostgreSQL server — a tool apart from the kiosk's binary. May import the
//! core, the sale API, both engines and the command line's output; never the
//! kiosk window.

mod load;

use std::process::ExitCode;

use clap::Parser;
use guichet_cli::{Output, one_line, refuse, tell};

/// mimalloc: a thousand kiosk threads allocate at once.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `guichet-load`: load-tests a network's PostgreSQL database on this machine —
/// sets it up, then KIOSKS simulated kiosks buy and play out UNITS units at
/// once; every sale is checked against its block, the database verified, and
/// the rate and latencies printed.
#[derive(Debug, Parser)]
#[command(name = "guichet-load", version, about, long_about = None)]
pub struct LoadArgs {
    /// A superuser's URL of an empty database on this machine, e.g.
    /// `postgres://postgres:secret@127.0.0.1:5432/guichet_load`.
    #[arg(long, value_name = "URL", value_parser = guichet_cli::parse_loopback_postgres)]
    pub db: postgres::Config,
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
    /// The kiosk role to create (or whose password to reset).
    #[arg(long, value_name = "NAME", default_value = guichet_network::KIOSK_ROLE)]
    pub kiosk_role: String,
}

fn main() -> ExitCode {
    let arguments = match LoadArgs::try_parse() {
        Ok(arguments) => arguments,
        Err(error) => return refuse(&error),
    };
    let mut out = Output::stdout();
    let result = load::run(&arguments, &mut out);
    let flushed = out.flush();
    match result.and_then(|code| flushed.map(|()| code)) {
        Ok(code) => code,
        Err(failure) => {
            if failure.is_told() {
                tell(one_line(&format!("{failure:#}")));
            }
            failure.exit_code()
        }
    }
}
