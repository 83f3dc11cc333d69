//! A PostgreSQL server for a test: a throwaway cluster that
//! `scripts/pg-scratch.sh` starts for it, or the shared one
//! `GUICHET_TEST_POSTGRES` names (CI starts one for all the tests). Shared by
//! the store's tests and, by path, the command line's.

use std::path::PathBuf;
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

/// The script that starts and stops throwaway clusters, in the workspace's
/// `scripts/` (found from the package's folder, whichever includes this file).
fn script() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .map(|folder| folder.join("scripts/pg-scratch.sh"))
        .find(|path| path.exists())
        .expect("scripts/pg-scratch.sh in the workspace")
}

impl Server {
    /// Starts a throwaway cluster, or takes the shared one.
    pub fn start() -> Self {
        if let Ok(url) = std::env::var("GUICHET_TEST_POSTGRES") {
            return Self { url, folder: None };
        }
        let folder = std::env::temp_dir().join(format!(
            "guichet-pg-{}-{}",
            std::process::id(),
            STARTED.fetch_add(1, Ordering::Relaxed)
        ));
        let output = Command::new("bash")
            .arg(script())
            .arg("start")
            .arg(&folder)
            .output()
            .expect("bash runs");
        assert!(
            output.status.success(),
            "PostgreSQL did not start: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        Self {
            url: String::from_utf8(output.stdout)
                .expect("a URL")
                .trim()
                .to_owned(),
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
            let _ = Command::new("bash")
                .arg(script())
                .arg("stop")
                .arg(folder)
                .status();
        }
    }
}

/// `url` with `user:password` in place of the superuser's.
pub fn as_user(url: &str, user: &str, password: &str) -> String {
    let (_, rest) = url.split_once('@').expect("a URL with a user");
    format!("postgres://{user}:{password}@{rest}")
}
