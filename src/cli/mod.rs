//! The command line: what `guichet` accepts, and how each subcommand runs.
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

mod account;
mod args;
mod audit;
mod blocks;
mod history;
mod load;
mod network;
mod output;
mod play;
mod protection;
mod trajectories;
mod verify;

pub use args::{
    AmountArgs, AnyDatabaseArgs, AuditArgs, BlocksArgs, Cli, Command, Database, DatabaseArgs,
    ExcludeArgs, HistoryArgs, LimitsArgs, LoadArgs, NetworkCommand, PlayArgs,
};
pub use network::window_accounts;
pub use output::Output;

use std::process::ExitCode;
use std::time::Duration;

use guichet_sale::StoreError;
use guichet_sqlite::{OpenOptions, Store};

/// How long `play` waits for a unit played by another process to be settled.
pub(crate) const LEASE_WAIT: Duration = Duration::from_secs(5);

/// Why a subcommand stopped.
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    /// The command line asks for something impossible: exit 2.
    #[error("{0}")]
    Usage(String),
    /// An output could not be written: exit 3.
    #[error("{0}")]
    Output(String),
    /// Whoever read the output closed it: stop quietly, exit 0.
    #[error("the output was closed")]
    ClosedPipe,
    /// Anything else: exit 1.
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

impl Failure {
    /// The process exit code of this failure.
    #[must_use]
    pub fn exit_code(&self) -> ExitCode {
        match self {
            Self::ClosedPipe => ExitCode::SUCCESS,
            Self::Other(_) => ExitCode::from(1),
            Self::Usage(_) => ExitCode::from(2),
            Self::Output(_) => ExitCode::from(3),
        }
    }

    /// Whether it should be told on stderr (a closed pipe is not).
    #[must_use]
    pub const fn is_told(&self) -> bool {
        !matches!(self, Self::ClosedPipe)
    }
}

/// Runs one subcommand and gives its exit code.
///
/// # Errors
/// [`Failure`] when it cannot run to its end.
pub fn run(command: Command) -> Result<ExitCode, Failure> {
    let mut out = Output::stdout();
    let result = match command {
        Command::Audit(arguments) => audit::run(&arguments, &mut out),
        Command::Deposit(arguments) => account::deposit(&arguments, &mut out),
        Command::Withdraw(arguments) => account::withdraw(&arguments, &mut out),
        Command::Play(arguments) => play::run(&arguments, &mut out),
        Command::History(arguments) => history::run(&arguments, &mut out),
        Command::Verify(arguments) => verify::run(&arguments, &mut out),
        Command::Blocks(arguments) => blocks::run(&arguments, &mut out),
        Command::Limits(arguments) => protection::limits(&arguments, &mut out),
        Command::Exclude(arguments) => protection::exclude(&arguments, &mut out),
        Command::Load(arguments) => load::run(&arguments, &mut out),
        Command::Network(command) => network::run(&command, &mut out),
    };
    // What was printed goes out before any error is told.
    let flushed = out.flush();
    let code = result?;
    flushed?;
    Ok(code)
}

impl From<StoreError> for Failure {
    /// What the command line asked for can never be done (no such database, an
    /// amount no deposit may bring): exit 2. Anything else the store refused or
    /// failed at: exit 1.
    fn from(error: StoreError) -> Self {
        match error {
            StoreError::NoDatabase { .. }
            | StoreError::NotPositive(_)
            | StoreError::DepositTooLarge { .. }
            | StoreError::LimitOutOfRange { .. }
            | StoreError::ExclusionOutOfRange { .. } => Self::Usage(error.to_string()),
            other => Self::Other(other.into()),
        }
    }
}

impl AnyDatabaseArgs {
    /// The database named on the command line, or the default file.
    fn database(&self) -> Database {
        self.db
            .clone()
            .unwrap_or_else(|| Database::File(Store::default_path()))
    }
}

impl DatabaseArgs {
    /// The database named on the command line, or the default one.
    fn path(&self) -> std::path::PathBuf {
        self.db.clone().unwrap_or_else(Store::default_path)
    }

    /// Opens the database, which must exist: for the commands that read it, or
    /// take money out of an account that must already be there.
    fn open_existing(&self) -> Result<Store, Failure> {
        open_existing(&self.path())
    }

    /// Opens the database, creating it on first use: for `deposit`, `play`,
    /// `limits` and `exclude`.
    fn open_or_create(&self) -> Result<Store, Failure> {
        open_or_create(&self.path())
    }
}

/// Opens the database file at `path`, which must exist.
fn open_existing(path: &std::path::Path) -> Result<Store, Failure> {
    opened(OpenOptions::new().existing_only().open(path))
}

/// Opens the database file at `path`, creating it on first use.
fn open_or_create(path: &std::path::Path) -> Result<Store, Failure> {
    opened(OpenOptions::new().lease_wait(LEASE_WAIT).open(path))
}

/// The store opened, its warnings told on stderr.
fn opened(store: Result<Store, StoreError>) -> Result<Store, Failure> {
    let store = store?;
    for warning in store.warnings() {
        tell(&format!("warning: {warning}"));
    }
    if let Some(problem) = store.seal_problem() {
        tell(&format!("warning: {problem}"));
    }
    Ok(store)
}

/// Tells one line on stderr, `guichet: ` first. A stderr that cannot be written
/// (closed, full) has nobody to tell: the line is dropped, never a panic.
pub fn tell(line: &str) {
    use std::io::Write as _;
    let _ = writeln!(std::io::stderr(), "guichet: {line}");
}
