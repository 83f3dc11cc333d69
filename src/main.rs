//! `guichet`: the kiosk window, and its command line.

use std::process::ExitCode;

use clap::Parser as _;
use guichet_cli::{Cli, Command, Requires, one_line, refuse, tell};
use guichet_integrity::{Trust, Verdict, check_running};
use guichet_kiosk::window;
use guichet_sqlite::keys::KeyStore;

mod replayer;
mod window_accounts;

/// mimalloc: the kiosk's frames allocate and free large meshes; glibc's malloc
/// gives them back to the system and faults them in again every frame.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let arguments = match Cli::try_parse() {
        Ok(arguments) => arguments,
        Err(error) => return refuse(&error),
    };
    let Some(command) = arguments.command else {
        let accounts = match window_accounts::from_command_line(
            arguments.db,
            arguments.kiosk_name,
            arguments.kiosk_secret_file.as_deref(),
            arguments.demo,
        ) {
            Ok(accounts) => accounts,
            Err(reason) => {
                tell(&reason);
                return ExitCode::from(2);
            }
        };
        let options = window::WindowOptions {
            fullscreen: arguments.fullscreen,
            monitor: arguments.monitor,
            mode: guichet_kiosk::app::Mode {
                kiosk: arguments.kiosk,
                demo: arguments.demo,
            },
            reality_check_minutes: arguments.reality_check,
            export_folder: arguments.export_dir,
            trust: Some(Trust::of_this_build(guichet_cli::VERSION)),
        };
        let keys = arguments
            .keys
            .map_or_else(KeyStore::from_environment, KeyStore::Folder);
        if let Some(warning) = keys.warning() {
            tell(&format!("warning: {warning}"));
        }
        return match window::run(accounts, keys, options) {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                tell(&format!(
                    "cannot open the window: {}",
                    one_line(&error.to_string())
                ));
                ExitCode::from(1)
            }
        };
    };
    if let Some(refused) = refuse_to_sell(&command) {
        return refused;
    }
    match guichet_cli::run(command, &replayer::KioskTables) {
        Ok(code) => code,
        Err(failure) => {
            if failure.is_told() {
                tell(one_line(&format!("{failure:#}")));
            }
            failure.exit_code()
        }
    }
}

/// A command that sells or moves money ([`Command::requires`], which every
/// command answers) is refused, one line and exit 1, when the program is not
/// the one its manifest vouches for (as the kiosk is out of service then); a
/// development build runs it unverified.
fn refuse_to_sell(command: &Command) -> Option<ExitCode> {
    match command.requires() {
        Requires::AnyProgram => return None,
        Requires::VerifiedProgram => {}
    }
    let Verdict::Refused(refusal) = check_running(&Trust::of_this_build(guichet_cli::VERSION))
    else {
        return None;
    };
    tell(&format!(
        "this program is not verified, it sells nothing ({refusal}); `guichet selftest` says more"
    ));
    Some(ExitCode::from(1))
}
