//! The command line: what `guichet` accepts, and how each subcommand runs over
//! the engines. May import the core, the sale API, both engines and the
//! program check; never the kiosk window or egui.
//!
//! Every subcommand returns a [`Failure`] that says what went wrong; `main`
//! turns it into one line on stderr and its exit code:
//!
//! | code | meaning |
//! |---:|---|
//! | 0 | done (also when a reader closed the pipe early: nothing more to say) |
//! | 1 | refused or failed: the database said no (no limits set, past a limit, excluded, short balance…), `verify` found violations, `audit` found a tier that does not match |
//! | 2 | bad arguments |
//! | 3 | an output (stdout, a file named on the command line) could not be written |
//! | 130 | `play` stopped by SIGINT, SIGTERM or SIGHUP, once the unit in play was settled |

mod account;
mod archive;
mod args;
mod audit;
mod blocks;
mod check_unit;
mod closing;
mod connect;
mod failure;
mod history;
mod migrate;
mod network;
mod network_reports;
mod open;
mod output;
mod play;
mod players;
mod protection;
mod replay;
mod requires;
mod selftest;
mod shared_args;
pub mod unit_export;
mod usage;
mod values;
mod verify;

pub use account::AmountArgs;
pub use archive::ArchiveArgs;
pub use args::{Cli, Command};
pub use audit::AuditArgs;
pub use blocks::BlocksArgs;
pub use closing::ClosingArgs;
pub use connect::{kiosk_secret, warn_if_remote};
pub use failure::Failure;
pub use history::HistoryArgs;
pub use network::NetworkCommand;
pub use output::{Output, tell};
pub use play::PlayArgs;
pub use protection::{ExcludeArgs, LimitsArgs};
pub use replay::{ReplayArgs, Replayed, Replayer};
pub use requires::Requires;
pub use selftest::VERSION;
pub use shared_args::{AnyDatabaseArgs, Database, DatabaseArgs, parse_loopback_postgres};
pub use usage::{one_line, refuse};
pub use values::parse_euros;
pub use verify::VerifyArgs;

use std::process::ExitCode;

/// Runs one subcommand and gives its exit code; `replayer` draws what
/// `replay` asks for (the command line draws nothing itself).
///
/// # Errors
/// [`Failure`] when it cannot run to its end.
pub fn run(command: Command, replayer: &dyn Replayer) -> Result<ExitCode, Failure> {
    let mut out = Output::stdout();
    let result = match command {
        Command::Audit(arguments) => audit::run(&arguments, &mut out),
        Command::Deposit(arguments) => account::deposit(&arguments, &mut out),
        Command::Withdraw(arguments) => account::withdraw(&arguments, &mut out),
        Command::Play(arguments) => play::run(&arguments, &mut out),
        Command::History(arguments) => history::run(&arguments, &mut out),
        Command::Verify(arguments) => verify::run(&arguments, &mut out),
        Command::Closing(arguments) => closing::run(&arguments, &mut out),
        Command::Archive(arguments) => archive::run(&arguments, &mut out),
        Command::Blocks(arguments) => blocks::run(&arguments, &mut out),
        Command::Migrate(arguments) => migrate::run(&arguments, &mut out),
        Command::Selftest(arguments) => selftest::run(&arguments, &mut out),
        Command::CheckUnit(arguments) => check_unit::run(&arguments, &mut out),
        Command::Replay(arguments) => replay::run(&arguments, replayer, &mut out),
        Command::Limits(arguments) => protection::limits(&arguments, &mut out),
        Command::Exclude(arguments) => protection::exclude(&arguments, &mut out),
        Command::Network(command) => network::run(&command, &mut out),
        Command::Player(command) => players::run(&command, &mut out),
    };
    // What was printed goes out before any error is told.
    let flushed = out.flush();
    let code = result?;
    flushed?;
    Ok(code)
}
