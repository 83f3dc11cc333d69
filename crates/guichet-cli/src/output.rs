//! Standard output for the subcommands: a write error is a [`Failure`], never a
//! panic. A reader that closed the pipe (`| head -1`) ends the command quietly;
//! any other error (a full disk) is one line and exit 3.

use std::io::{self, ErrorKind, Write};

use crate::failure::Failure;

/// Where a subcommand prints.
pub struct Output {
    sink: Box<dyn Write>,
}

impl Output {
    /// Standard output, buffered.
    #[must_use]
    pub fn stdout() -> Self {
        Self {
            sink: Box::new(io::BufWriter::new(io::stdout())),
        }
    }

    /// An output into `sink` (for tests).
    #[must_use]
    pub fn into_writer(sink: Box<dyn Write>) -> Self {
        Self { sink }
    }

    /// Prints one line.
    ///
    /// # Errors
    /// [`Failure::ClosedPipe`] or [`Failure::Output`].
    pub fn line(&mut self, text: impl std::fmt::Display) -> Result<(), Failure> {
        writeln!(self.sink, "{text}").map_err(|error| written(&error))
    }

    /// Writes everything printed so far.
    ///
    /// # Errors
    /// [`Failure::ClosedPipe`] or [`Failure::Output`].
    pub fn flush(&mut self) -> Result<(), Failure> {
        self.sink.flush().map_err(|error| written(&error))
    }
}

/// A write error on standard output, as a failure.
fn written(error: &io::Error) -> Failure {
    if error.kind() == ErrorKind::BrokenPipe {
        Failure::ClosedPipe
    } else {
        Failure::Output(format!("cannot write the output: {error}"))
    }
}

/// Tells one line on stderr, `guichet: ` first. A stderr that cannot be written
/// (closed, full) has nobody to tell: the line is dropped, never a panic.
pub fn tell(line: &str) {
    use std::io::Write as _;
    #[expect(clippy::let_underscore_must_use, reason = "said above: nobody to tell")]
    let _ = writeln!(std::io::stderr(), "guichet: {line}");
}
