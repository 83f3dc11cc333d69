//! A command line clap refused: help and version as clap writes them, every
//! other error one line on stderr and exit 2; and messages made one line.

use std::io::Write as _;
use std::process::ExitCode;

use clap::error::ErrorKind;

use crate::output::tell;

/// Help and version go to stdout as clap writes them (exit 3, like every other
/// output, when stdout cannot take them: a full disk); every other parse
/// error is one line on stderr and exit 2.
#[must_use]
pub fn refuse(error: &clap::Error) -> ExitCode {
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
    ) {
        let mut stdout = std::io::stdout().lock();
        let written = stdout
            .write_all(error.render().to_string().as_bytes())
            .and_then(|()| stdout.flush());
        return match written {
            Ok(()) => ExitCode::SUCCESS,
            // Whoever read it closed the pipe: nothing more to say.
            Err(failure) if failure.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(failure) => {
                tell(&format!("cannot write to the standard output: {failure}"));
                ExitCode::from(3)
            }
        };
    }
    tell(&reason_of(error));
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
    let reason = clap_reason(&error.render().to_string());
    if error.kind() == ErrorKind::ArgumentConflict && reason.starts_with("the subcommand") {
        // The window's options given before a command (see `Cli`).
        return format!(
            "{reason}: a command's options go after its name, e.g. guichet deposit --db PATH"
        );
    }
    reason
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
#[must_use]
pub fn one_line(message: &str) -> &str {
    message.lines().next().unwrap_or(message).trim_end()
}
