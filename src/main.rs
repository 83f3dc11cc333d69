//! `guichet`: the kiosk window, and its command line.

use std::process::ExitCode;

use clap::Parser as _;
use clap::error::ErrorKind;
use guichet::cli::{self, Cli};
use guichet::kiosk;

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
        let accounts = match cli::window_accounts(
            arguments.db,
            arguments.kiosk_name,
            arguments.player,
            arguments.demo,
        ) {
            Ok(accounts) => accounts,
            Err(reason) => {
                cli::tell(&reason);
                return ExitCode::from(2);
            }
        };
        let options = kiosk::WindowOptions {
            fullscreen: arguments.fullscreen,
            monitor: arguments.monitor,
            mode: guichet::app::Mode {
                kiosk: arguments.kiosk,
                demo: arguments.demo,
            },
            reality_check_minutes: arguments.reality_check,
        };
        return match kiosk::run(accounts, options) {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                cli::tell(&format!(
                    "cannot open the window: {}",
                    one_line(&error.to_string())
                ));
                ExitCode::from(1)
            }
        };
    };
    match cli::run(command) {
        Ok(code) => code,
        Err(failure) => {
            if failure.is_told() {
                cli::tell(one_line(&format!("{failure:#}")));
            }
            failure.exit_code()
        }
    }
}

/// Help and version go to stdout as clap writes them; every other parse error is
/// one line on stderr and exit 2.
fn refuse(error: &clap::Error) -> ExitCode {
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
    ) {
        let _ = error.print();
        return ExitCode::SUCCESS;
    }
    cli::tell(&reason_of(error));
    ExitCode::from(2)
}

/// A value our parsers refused is told in their words, with the argument's name
/// (clap would echo the whole value first, however long); any other error in
/// clap's words.
fn reason_of(error: &clap::Error) -> String {
    if error.kind() == ErrorKind::ValueValidation
        && let Some(source) = std::error::Error::source(error)
    {
        let argument = match error.get(clap::error::ContextKind::InvalidArg) {
            Some(clap::error::ContextValue::String(argument)) => argument
                .split_whitespace()
                .next()
                .unwrap_or_default()
                .to_owned(),
            _ => String::new(),
        };
        return format!("{argument}: {source}")
            .trim_start_matches(": ")
            .to_owned();
    }
    clap_reason(&error.render().to_string())
}

/// clap's message without its usage and hints, on one line: the lines before the
/// first blank one, joined.
fn clap_reason(rendered: &str) -> String {
    rendered
        .trim_start_matches("error: ")
        .lines()
        .take_while(|line| !line.trim().is_empty())
        .map(str::trim)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The first line of a message, for errors that must fit on one.
fn one_line(message: &str) -> &str {
    message.lines().next().unwrap_or(message).trim_end()
}
