//! `guichet`: the kiosk and its command line.

use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{CommandFactory as _, Parser as _};
use guichet::cli::{self, Cli};

fn main() -> ExitCode {
    let arguments = match Cli::try_parse() {
        Ok(arguments) => arguments,
        Err(error) => return refuse(&error),
    };
    let Some(command) = arguments.command else {
        // The kiosk window is not built yet: say what the binary can do.
        let _ = Cli::command().print_help();
        return ExitCode::SUCCESS;
    };
    match cli::run(command) {
        Ok(code) => code,
        Err(failure) => {
            eprintln!("guichet: {}", one_line(&format!("{failure:#}")));
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
    eprintln!("guichet: {}", clap_reason(&error.render().to_string()));
    ExitCode::from(2)
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
