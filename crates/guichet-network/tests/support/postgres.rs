//! A PostgreSQL server for a test: a throwaway cluster that
//! `scripts/pg-scratch.sh` starts for it, or the shared one
//! `GUICHET_TEST_POSTGRES` names (CI starts one for all the tests). Shared by
//! the store's tests and, by path, the command line's.

// Each test binary uses its share of these.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};

use postgres::{Client, NoTls};

/// A PostgreSQL server for one test: a throwaway cluster, stopped and removed
/// when dropped, or the shared one `GUICHET_TEST_POSTGRES` names.
pub struct Server {
    /// The superuser's URL.
    pub url: String,
    /// The throwaway cluster's folder, if this test started one.
    folder: Option<PathBuf>,
}

/// Throwaway clusters started by this test binary, to name their folders.
static STARTED: AtomicU32 = AtomicU32::new(0);

/// The script that starts and stops throwaway clusters.
const SCRATCH: &str = "pg-scratch.sh";

/// `scripts/NAME` in the workspace (found from the package's folder,
/// whichever includes this file).
pub fn workspace_script(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .map(|folder| folder.join("scripts").join(name))
        .find(|path| path.exists())
        .unwrap_or_else(|| panic!("scripts/{name} in the workspace"))
}

/// Runs `scripts/NAME ACTION FOLDER EXTRA…` and returns what it printed; the
/// test fails, with the script's words, when it does.
pub fn run_script(name: &str, action: &str, folder: &Path, extra: &[&Path]) -> String {
    let output = Command::new("bash")
        .arg(workspace_script(name))
        .arg(action)
        .arg(folder)
        .args(extra)
        .output()
        .expect("bash runs");
    assert!(
        output.status.success(),
        "{name} {action}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8")
}

impl Server {
    /// Starts a throwaway cluster, or takes the shared one.
    pub fn start() -> Self {
        if let Ok(url) = std::env::var("GUICHET_TEST_POSTGRES") {
            return Self { url, folder: None };
        }
        Self::throwaway(&[])
    }

    /// Starts a throwaway cluster of this test's own (never the shared one:
    /// a test that stops its server, say).
    pub fn own() -> Self {
        Self::throwaway(&[])
    }

    /// Kills this test's own cluster (`pg_ctl -m immediate`): every
    /// connection is cut, nothing answers until [`Server::restart`].
    pub fn kill(&self) {
        self.run("kill");
    }

    /// Starts this test's own cluster again, as it was.
    pub fn restart(&self) {
        self.run("restart");
    }

    /// `scripts/pg-scratch.sh ACTION` on this test's own cluster.
    fn run(&self, action: &str) {
        let folder = self.folder.as_ref().expect("a cluster of this test's own");
        run_script(SCRATCH, action, folder, &[]);
    }

    /// The data folder of this test's own cluster (none for the shared one).
    pub fn data(&self) -> Option<PathBuf> {
        self.folder.as_ref().map(|folder| folder.join("data"))
    }

    /// Starts a throwaway cluster that also accepts TLS with the
    /// certificate and key of these PEM files (never the shared one).
    pub fn start_with_tls(cert: &std::path::Path, key: &std::path::Path) -> Self {
        Self::throwaway(&[cert, key])
    }

    /// A cluster of this test's own, `scripts/pg-scratch.sh` given `extra`.
    fn throwaway(extra: &[&Path]) -> Self {
        let folder = std::env::temp_dir().join(format!(
            "guichet-pg-{}-{}",
            std::process::id(),
            STARTED.fetch_add(1, Ordering::Relaxed)
        ));
        let url = run_script(SCRATCH, "start", &folder, extra);
        Self {
            url: url.trim().to_owned(),
            folder: Some(folder),
        }
    }

    /// A new empty database named `name`, and the superuser's URL to it.
    pub fn database(&self, name: &str) -> String {
        let mut admin = Client::connect(&self.url, NoTls).expect("the superuser connects");
        admin
            .batch_execute(&format!("DROP DATABASE IF EXISTS {name}"))
            .expect("no database left from an earlier run");
        admin
            .batch_execute(&format!("CREATE DATABASE {name}"))
            .expect("a database");
        let (base, _) = self.url.rsplit_once('/').expect("a URL with a database");
        format!("{base}/{name}")
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(folder) = &self.folder {
            let stopped = Command::new("bash")
                .arg(workspace_script(SCRATCH))
                .arg("stop")
                .arg(folder)
                .status();
            if let Err(error) = stopped {
                eprintln!(
                    "the scratch server at {} was not stopped: {error}",
                    folder.display()
                );
            }
        }
    }
}

/// `url` with `user:password` in place of the superuser's.
pub fn as_user(url: &str, user: &str, password: &str) -> String {
    let (_, rest) = url.split_once('@').expect("a URL with a user");
    format!("postgres://{user}:{password}@{rest}")
}

/// `url` without its password, which goes in the password file `file`
/// (`host:port:*:user:password` for each of its hosts, created readable by
/// its owner only): a URL a command line takes.
pub fn without_password(url: &str, file: &std::path::Path) -> String {
    use std::io::Write as _;
    use std::os::unix::fs::OpenOptionsExt as _;
    static WRITING: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let (scheme, rest) = url.split_once("://").expect("a URL");
    let (login, place) = rest.split_once('@').expect("a URL with a user");
    let (user, password) = login.split_once(':').expect("a user with a password");
    let (addresses, _) = place.split_once('/').expect("a URL with a database");
    let _writing = WRITING.lock().expect("the password file");
    let mut passwords = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .mode(0o600)
        .open(file)
        .expect("the password file");
    for address in addresses.split(',') {
        let (host, port) = address.rsplit_once(':').expect("a port");
        writeln!(passwords, "{host}:{port}:*:{user}:{password}")
            .expect("the password file written");
    }
    format!("{scheme}://{user}@{place}")
}
