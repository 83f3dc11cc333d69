//! Records the git commit the binary is built from, for `guichet --version`:
//! `GUICHET_COMMIT` is the commit's short hash, with `-dirty` when the work tree
//! has changes, or `unknown` outside a git checkout (a source tarball); and
//! `GUICHET_COMMIT_TIME`, the commit's time in seconds since 1970 (empty
//! outside a checkout), before which `guichet selftest` calls a clock wrong.

use std::process::Command;

fn git(arguments: &[&str]) -> Option<String> {
    let output = Command::new("git").args(arguments).output().ok()?;
    output
        .status
        .success()
        .then(|| String::from_utf8_lossy(&output.stdout).trim().to_owned())
}

fn main() {
    let commit = git(&["rev-parse", "--short=12", "HEAD"]).map_or_else(
        || "unknown".to_owned(),
        |hash| {
            let dirty = git(&["status", "--porcelain", "--untracked-files=no"])
                .is_some_and(|changes| !changes.is_empty());
            if dirty { format!("{hash}-dirty") } else { hash }
        },
    );
    println!("cargo:rustc-env=GUICHET_COMMIT={commit}");
    let time = git(&["log", "-1", "--format=%ct"]).unwrap_or_default();
    println!("cargo:rustc-env=GUICHET_COMMIT_TIME={time}");
    // A new commit, a checkout or a change staged: look again.
    if let Some(git_dir) = git(&["rev-parse", "--git-dir"]) {
        for watched in ["HEAD", "index", "refs", "packed-refs"] {
            println!("cargo:rerun-if-changed={git_dir}/{watched}");
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
}
