//! A fault brought on the server in the middle of a load, as a machine room
//! sees one: the primary killed (`pg_ctl -m immediate`), then started again
//! or its synchronous standby promoted in its place.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context as _;

/// A fault to bring on once a share of the units are bought.
pub(crate) enum Fault {
    /// The primary (its data folder) killed, and started again after `down`.
    Crash { primary: PathBuf, down: Duration },
    /// The primary killed, and the standby (its data folder) promoted.
    Failover { primary: PathBuf, standby: PathBuf },
}

impl Fault {
    /// Brings the fault on: what it did, as a line of the report.
    fn strike(&self) -> anyhow::Result<String> {
        let started = Instant::now();
        match self {
            Self::Crash { primary, down } => {
                pg_ctl(primary, &["--mode=immediate", "--wait", "stop"])?;
                std::thread::sleep(*down);
                // `restart` starts it with the options it was last started
                // with; its log in its folder (else it would hold this
                // process's output open).
                let log = format!("--log={}", primary.join("restarted.log").display());
                pg_ctl(primary, &["--wait", &log, "restart"])?;
                Ok(format!(
                    "the primary killed (pg_ctl -m immediate) and started again {:.1} s later",
                    started.elapsed().as_secs_f64()
                ))
            }
            Self::Failover { primary, standby } => {
                pg_ctl(primary, &["--mode=immediate", "--wait", "stop"])?;
                pg_ctl(standby, &["--wait", "promote"])?;
                Ok(format!(
                    "the primary killed (pg_ctl -m immediate) and its standby promoted {:.1} s later",
                    started.elapsed().as_secs_f64()
                ))
            }
        }
    }

    /// Waits until `claimed` reaches `at` (or `done` is set: no fault then),
    /// then brings the fault on; says when and what it did.
    pub(crate) fn strike_at(
        &self,
        claimed: &AtomicU32,
        at: u32,
        done: &AtomicBool,
    ) -> anyhow::Result<Option<String>> {
        while claimed.load(Ordering::Relaxed) < at {
            if done.load(Ordering::Relaxed) {
                return Ok(None);
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let what = self.strike()?;
        Ok(Some(format!("after {at} units claimed, {what}")))
    }
}

/// Runs `pg_ctl` on the cluster of `data` with `arguments`, as the folder's
/// owner (PostgreSQL refuses root).
fn pg_ctl(data: &Path, arguments: &[&str]) -> anyhow::Result<()> {
    let bindir = command_output(Command::new("pg_config").arg("--bindir"))?;
    let pg_ctl = Path::new(&bindir).join("pg_ctl");
    let owner = command_output(Command::new("stat").args(["-c", "%U"]).arg(data))?;
    let mut command = if owner == "root" || !running_as_root() {
        Command::new(&pg_ctl)
    } else {
        let mut as_owner = Command::new("runuser");
        as_owner.args(["-u", &owner, "--"]).arg(&pg_ctl);
        as_owner
    };
    let output = command
        .arg(format!("--pgdata={}", data.display()))
        .args(arguments)
        .output()
        .context("running pg_ctl")?;
    anyhow::ensure!(
        output.status.success(),
        "pg_ctl {}: {}",
        arguments.join(" "),
        String::from_utf8_lossy(&output.stderr).trim()
    );
    Ok(())
}

/// What `command` prints, trimmed, once it succeeded.
fn command_output(command: &mut Command) -> anyhow::Result<String> {
    let output = command
        .output()
        .with_context(|| format!("running {}", command.get_program().display()))?;
    anyhow::ensure!(
        output.status.success(),
        "{}: {}",
        command.get_program().display(),
        String::from_utf8_lossy(&output.stderr).trim()
    );
    Ok(String::from_utf8_lossy(&output.stdout).trim().to_owned())
}

/// Whether this process runs as root.
fn running_as_root() -> bool {
    use std::os::unix::fs::MetadataExt as _;
    std::fs::metadata("/proc/self").is_ok_and(|process| process.uid() == 0)
}
