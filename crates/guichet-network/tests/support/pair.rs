//! A primary and its synchronous standby for a test (`scripts/pg-pair.sh`).
//! Shared by the store's failover test and, by path, the load's; each
//! includes `postgres.rs` beside it as `postgres_server`.

// Each test binary uses its share of these.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::Command;

use postgres::{Client, NoTls};

use crate::postgres_server::{run_script, workspace_script};

/// A primary and its synchronous standby of this test's own, stopped and
/// removed when dropped.
pub struct Pair {
    /// Its folder: the primary's cluster in `primary/`, the standby's in
    /// `standby/`.
    pub folder: PathBuf,
    /// The superuser's URL naming both, primary first.
    pub url: String,
}

/// The script that starts, fails over and stops the pair.
const PAIR: &str = "pg-pair.sh";

impl Pair {
    /// Starts the pair.
    pub fn start() -> Self {
        let folder = std::env::temp_dir().join(format!("guichet-pair-{}", std::process::id()));
        let url = Self::run("start", &folder);
        Self {
            folder,
            url: url.trim().to_owned(),
        }
    }

    /// Kills the primary and promotes the standby.
    pub fn fail(&self) {
        Self::run("fail", &self.folder);
    }

    fn run(action: &str, folder: &std::path::Path) -> String {
        run_script(PAIR, action, folder, &[])
    }

    /// The superuser's URL up to its `@` (`postgres://postgres:PW`), and
    /// the two hosts after it.
    pub fn login_and_hosts(&self) -> (&str, &str) {
        let (login, rest) = self.url.split_once('@').expect("a URL with a user");
        let (hosts, _) = rest.split_once('/').expect("a URL with a database");
        (login, hosts)
    }

    /// Database `name` on both, as the superuser, naming both hosts and
    /// asking for the one that takes writes.
    pub fn superuser(&self, name: &str) -> String {
        let (login, hosts) = self.login_and_hosts();
        format!("{login}@{hosts}/{name}?target_session_attrs=read-write")
    }

    /// The same, as user `user` with `password`.
    pub fn url_of(&self, name: &str, user: &str, password: &str) -> String {
        let (_, hosts) = self.login_and_hosts();
        format!("postgres://{user}:{password}@{hosts}/{name}?target_session_attrs=read-write")
    }

    /// Database `name` on the standby alone, as the superuser.
    pub fn standby(&self, name: &str) -> Client {
        let (login, hosts) = self.login_and_hosts();
        let (_, standby) = hosts.split_once(',').expect("two hosts");
        Client::connect(&format!("{login}@{standby}/{name}"), NoTls)
            .expect("the standby takes reads")
    }
}

impl Drop for Pair {
    fn drop(&mut self) {
        let stopped = Command::new("bash")
            .arg(workspace_script(PAIR))
            .arg("stop")
            .arg(&self.folder)
            .status();
        if let Err(error) = stopped {
            eprintln!(
                "the pair at {} was not stopped: {error}",
                self.folder.display()
            );
        }
    }
}
