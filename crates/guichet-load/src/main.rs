//! `guichet-load`: a network of kiosks under load, on this machine's
//! PostgreSQL server — a tool apart from the kiosk's binary. May import the
//! core, the sale API, both engines and the command line's output; never the
//! kiosk window.

mod args;
mod fault;
mod load;
mod pgbench;
mod pool;
mod retry;
mod server_time;

use std::process::ExitCode;

use clap::Parser as _;
use guichet_cli::{Output, one_line, refuse, tell};

use crate::args::LoadArgs;

/// mimalloc: a thousand kiosk threads allocate at once.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

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
