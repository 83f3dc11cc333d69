//! `guichet selftest`: what a test lab asks a terminal to check before it
//! plays — its program against the release's signed manifest, then its
//! database, seal key, clock and records. One line a check, exit 0 when all
//! hold (a development build, unverified, says so and passes), 1 otherwise.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use guichet_integrity::release_key::{self, KeyOrigin};
use guichet_integrity::{Program, Trust, Verdict};
use guichet_sale::time::in_utc;
use jiff::Timestamp;

use crate::failure::Failure;
use crate::output::Output;
use crate::shared_args::DatabaseArgs;

/// This Guichet's version, which its manifest must name.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// `guichet selftest`.
#[derive(Debug, Args)]
pub struct SelftestArgs {
    /// The database.
    #[command(flatten)]
    pub database: DatabaseArgs,
    /// Check the program installed at PATH (its manifest beside it, as a
    /// package lays them out) instead of this one: a trusted copy, brought
    /// on a stick, checks the kiosk's own.
    #[arg(long, value_name = "PATH")]
    pub program: Option<PathBuf>,
}

/// The commit's time (seconds since 1970), empty outside a checkout.
const COMMIT_TIME: &str = env!("GUICHET_COMMIT_TIME");

/// How a check ended.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Outcome {
    /// It holds.
    Ok,
    /// A development build: unverified, which does not fail the test.
    Unverified,
    /// It does not hold.
    Failed,
    /// Not checked: what it needs failed.
    NotChecked,
}

impl Outcome {
    const fn word(self) -> &'static str {
        match self {
            Self::Ok => "ok",
            Self::Unverified => "unverified",
            Self::Failed => "FAILED",
            Self::NotChecked => "-",
        }
    }
}

/// The checks' lines, and whether any failed.
struct Report<'a> {
    out: &'a mut Output,
    failed: usize,
}

impl Report<'_> {
    fn check(&mut self, outcome: Outcome, text: impl std::fmt::Display) -> Result<(), Failure> {
        if matches!(outcome, Outcome::Failed | Outcome::NotChecked) {
            self.failed += 1;
        }
        self.out.line(format_args!("{:<12}{text}", outcome.word()))
    }
}

/// Runs `guichet selftest`.
pub(super) fn run(arguments: &SelftestArgs, out: &mut Output) -> Result<ExitCode, Failure> {
    out.line(format_args!(
        "guichet {} (commit {})",
        VERSION,
        env!("GUICHET_COMMIT")
    ))?;
    let mut report = Report { out, failed: 0 };
    program(arguments.program.as_deref(), &mut report)?;
    records(&arguments.database, &mut report)?;
    let failed = report.failed;
    if failed == 0 {
        out.line("selftest: passed")?;
        Ok(ExitCode::SUCCESS)
    } else {
        out.line(format_args!("selftest: FAILED ({failed} check(s))"))?;
        Ok(ExitCode::from(1))
    }
}

/// The program (this one, or the one installed at `installed`): where, its
/// digest, the key trusted, the manifest's verdict.
fn program(installed: Option<&Path>, report: &mut Report<'_>) -> Result<(), Failure> {
    let key = match release_key::ORIGIN {
        KeyOrigin::Release => format!("{} (the release's)", release_key::fingerprint()),
        KeyOrigin::Test { file } => format!(
            "{} (a TEST key made by the build, {file}: not a release's)",
            release_key::fingerprint()
        ),
    };
    report.out.line(format_args!("release key: {key}"))?;
    let program = match installed.map_or_else(Program::running, |path| Ok(Program::at(path))) {
        Ok(program) => program,
        Err(error) => {
            return report.check(
                Outcome::Failed,
                format_args!("program: the system does not say where it is: {error}"),
            );
        }
    };
    report
        .out
        .line(format_args!("program: {}", program.location().display()))?;
    match program.digest() {
        Ok(digest) => report.out.line(format_args!("SHA-256: {digest}"))?,
        Err(error) => report
            .out
            .line(format_args!("SHA-256: unreadable: {error}"))?,
    }
    let manifest = program.manifest_path();
    match program.check(&Trust::of_this_build(VERSION)) {
        Verdict::Verified { .. } => report.check(
            Outcome::Ok,
            format_args!(
                "manifest: verified, signed by the release key ({})",
                manifest.display()
            ),
        ),
        Verdict::Development => report.check(
            Outcome::Unverified,
            format_args!(
                "manifest: none ({}): a development build, which sells unverified",
                manifest.display()
            ),
        ),
        Verdict::Refused(refusal) => report.check(
            Outcome::Failed,
            format_args!("manifest: refused, the kiosk sells nothing: {refusal}"),
        ),
    }
}

/// The database: it opens (to read), its seal key, the clock against its
/// last record and this build, its records and chain.
fn records(arguments: &DatabaseArgs, report: &mut Report<'_>) -> Result<(), Failure> {
    let path = arguments.path();
    let store = match arguments.options().read_only().open(&path) {
        Ok(store) => {
            report.check(
                Outcome::Ok,
                format_args!("database: opens ({})", path.display()),
            )?;
            store
        }
        Err(error) => {
            report.check(Outcome::Failed, format_args!("database: {error}"))?;
            for what in ["seal key", "clock", "records"] {
                report.check(
                    Outcome::NotChecked,
                    format_args!("{what}: not checked (the database does not open)"),
                )?;
            }
            return Ok(());
        }
    };
    match store.check_seal_key() {
        Ok(()) => report.check(
            Outcome::Ok,
            "seal key: present, and it opens every open block's seed",
        )?,
        Err(error) => report.check(Outcome::Failed, format_args!("seal key: {error}"))?,
    }
    let now = Timestamp::now();
    let built = COMMIT_TIME
        .parse::<i64>()
        .ok()
        .and_then(|seconds| Timestamp::from_second(seconds).ok());
    match store.last_record_at() {
        Ok(last) => {
            let behind_records = last.is_some_and(|last| now < last);
            let behind_build = built.is_some_and(|built| now < built);
            let facts = format!(
                "clock: {} — the last record {}, this build {}",
                in_utc(now),
                last.map_or_else(|| "none yet".to_owned(), in_utc),
                built.map_or_else(|| "of unknown date".to_owned(), in_utc)
            );
            if behind_records || behind_build {
                report.check(
                    Outcome::Failed,
                    format_args!("{facts}: the clock is behind"),
                )?;
            } else {
                report.check(Outcome::Ok, facts)?;
            }
        }
        Err(error) => report.check(Outcome::Failed, format_args!("clock: {error}"))?,
    }
    match store.verify() {
        Ok(violations) if violations.is_empty() => report.check(
            Outcome::Ok,
            "records: the ledger, units, blocks, limits and their chain verify",
        ),
        Ok(violations) => report.check(
            Outcome::Failed,
            format_args!(
                "records: {} violation(s), the first: {} (`guichet verify` lists them)",
                violations.len(),
                violations[0]
            ),
        ),
        Err(error) => report.check(Outcome::Failed, format_args!("records: {error}")),
    }
}
