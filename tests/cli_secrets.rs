//! The command line on secrets at rest and honest messages: the commands that
//! only read leave a read-only copy byte for byte, `migrate` is the only one
//! that migrates, `play` says what it did when a signal stops it, and help
//! into a full disk is an output error like any other.

mod support;

use std::collections::BTreeMap;
use std::fs;
use std::os::unix::fs::PermissionsExt as _;
use std::path::Path;
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

use sha2::{Digest as _, Sha256};
use support::{guichet_command, keys};

fn guichet(arguments: &[&str]) -> Output {
    guichet_command()
        .args(arguments)
        .output()
        .expect("the guichet binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn succeeds(arguments: &[&str]) -> String {
    let output = guichet(arguments);
    assert!(
        output.status.success(),
        "{arguments:?}: {}{}",
        text(&output.stdout),
        text(&output.stderr)
    );
    text(&output.stdout)
}

/// Every file in `folder`, by name, with the SHA-256 of its bytes.
fn hashes(folder: &Path) -> BTreeMap<String, String> {
    fs::read_dir(folder)
        .expect("the folder")
        .map(|entry| {
            let entry = entry.expect("an entry");
            let bytes = fs::read(entry.path()).expect("a file");
            (
                entry.file_name().to_string_lossy().into_owned(),
                hex::encode(Sha256::digest(bytes)),
            )
        })
        .collect()
}

/// A kiosk's file in a private folder, with limits, money and a few units.
fn kiosk() -> (tempfile::TempDir, String) {
    let folder = tempfile::tempdir().expect("a temporary folder");
    fs::set_permissions(folder.path(), fs::Permissions::from_mode(0o700)).expect("private");
    let db = folder
        .path()
        .join("guichet.sqlite3")
        .to_string_lossy()
        .into_owned();
    support::add_player(&db);
    succeeds(&[
        "limits",
        "--player",
        "1",
        "--db",
        &db,
        "--deposit",
        "1000",
        "--stake",
        "1000",
    ]);
    support::add_player(&db);
    succeeds(&["deposit", "--player", "1", "--db", &db, "--amount", "500"]);
    succeeds(&[
        "play",
        "--player",
        "1",
        "--db",
        &db,
        "--game",
        "blackjack",
        "--count",
        "3",
    ]);
    (folder, db)
}

#[test]
fn history_verify_and_blocks_read_a_read_only_copy_and_change_nothing() {
    let (_folder, db) = kiosk();
    let evidence = tempfile::tempdir().expect("the auditor's folder");
    let copy = evidence.path().join("evidence.sqlite3");
    fs::copy(&db, &copy).expect("copied");
    fs::set_permissions(&copy, fs::Permissions::from_mode(0o444)).expect("chmod");
    fs::set_permissions(evidence.path(), fs::Permissions::from_mode(0o555)).expect("chmod");
    let copy_text = copy.to_string_lossy().into_owned();
    let before = hashes(evidence.path());

    let history = succeeds(&["history", "--player", "1", "--db", &copy_text, "--json"]);
    let record: serde_json::Value = serde_json::from_str(&history).expect("JSON");
    assert_eq!(record["units"].as_array().map(Vec::len), Some(3));
    succeeds(&["blocks", "--db", &copy_text]);
    let verify = succeeds(&["verify", "--db", &copy_text]);
    assert!(verify.starts_with("ok"), "{verify}");

    assert_eq!(hashes(evidence.path()), before, "every byte as it was");
    fs::set_permissions(evidence.path(), fs::Permissions::from_mode(0o700)).expect("chmod");
}

#[test]
fn an_old_file_is_refused_by_verify_naming_migrate_which_keeps_a_copy() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let path = folder.path().join("old.sqlite3");
    fs::copy(
        "crates/guichet-sqlite/tests/fixtures/v1-kiosk.sqlite3",
        &path,
    )
    .expect("fixture");
    let db = path.to_string_lossy().into_owned();
    let before = hashes(folder.path());

    for command in [&["verify"][..], &["history", "--player", "1"], &["blocks"]] {
        let output = guichet(&[command, &["--db", &db]].concat());
        let command = command[0];
        assert_eq!(output.status.code(), Some(1), "{command}");
        let said = text(&output.stderr);
        assert_eq!(said.lines().count(), 1, "{command}: {said}");
        assert!(
            said.contains(&format!("guichet migrate --db {db}")),
            "{said}"
        );
    }
    assert_eq!(hashes(folder.path()), before, "the evidence untouched");

    let migrated = succeeds(&["migrate", "--db", &db]);
    assert!(
        migrated.starts_with(&format!("migrated {db} from schema version 1 to 8")),
        "{migrated}"
    );
    let copies: Vec<_> = hashes(folder.path())
        .into_keys()
        .filter(|name| name.ends_with(".backup"))
        .collect();
    assert_eq!(copies.len(), 1, "{copies:?}");
    assert_eq!(
        hashes(folder.path())[&copies[0]],
        before["old.sqlite3"],
        "the copy is the file as it was"
    );
    assert!(succeeds(&["verify", "--db", &db]).starts_with("ok"));
    assert!(succeeds(&["migrate", "--db", &db]).contains("nothing to do"));
}

#[test]
fn limits_on_a_deleted_database_whose_tally_is_left_creates_nothing() {
    let (folder, db) = kiosk();
    for suffix in ["", "-wal", "-shm"] {
        match fs::remove_file(format!("{db}{suffix}")) {
            Err(error) if error.kind() != std::io::ErrorKind::NotFound => {
                panic!("{db}{suffix} not removed: {error}")
            }
            _ => {}
        }
    }
    let before = hashes(folder.path());
    let output = guichet(&[
        "limits",
        "--player",
        "1",
        "--db",
        &db,
        "--deposit",
        "10",
        "--stake",
        "10",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let said = text(&output.stderr);
    assert!(said.contains("nothing was created"), "{said}");
    assert_eq!(hashes(folder.path()), before);
}

#[test]
fn play_stopped_by_a_signal_says_what_it_did_and_leaves_no_unit_unfinished() {
    for signal in ["INT", "TERM", "HUP"] {
        let (_folder, db) = kiosk();
        let child = guichet_command()
            .args([
                "play",
                "--player",
                "1",
                "--db",
                &db,
                "--game",
                "blackjack",
                "--count",
                "100000",
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("play starts");
        // Once it has played a few units of its own.
        let deadline = Instant::now() + Duration::from_mins(1);
        loop {
            let output = guichet(&["history", "--player", "1", "--db", &db, "--json"]);
            let record: serde_json::Value =
                serde_json::from_slice(&output.stdout).unwrap_or_default();
            if record["units"]
                .as_array()
                .is_some_and(|units| units.len() >= 6)
            {
                break;
            }
            assert!(Instant::now() < deadline, "play never got going");
            std::thread::sleep(Duration::from_millis(20));
        }
        let sent = std::process::Command::new("kill")
            .args([format!("-{signal}"), child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success());
        let output = child.wait_with_output().expect("it stops");
        let said = text(&output.stdout);
        assert_eq!(output.status.code(), Some(130), "SIG{signal}: {said}");
        assert!(
            said.contains("of 100000 unit(s) of Black Jack") && said.contains("interrupted"),
            "SIG{signal}: {said}"
        );
        let played: usize = said
            .split("played ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|count| count.parse().ok())
            .expect("a count");
        let store = guichet_sqlite::OpenOptions::new()
            .keys(keys())
            .read_only()
            .open(Path::new(&db))
            .expect("the store");
        assert_eq!(store.all_units().expect("units").len(), 3 + played);
        assert_eq!(store.unfinished_units().expect("units"), Vec::new());
    }
}

#[test]
fn help_and_version_into_a_full_disk_exit_3() {
    for flag in ["--help", "--version"] {
        let full = fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let output = guichet_command()
            .arg(flag)
            .stdout(full)
            .output()
            .expect("it runs");
        assert_eq!(output.status.code(), Some(3), "{flag}");
        assert!(
            text(&output.stderr).contains("No space left on device"),
            "{flag}"
        );
        let fine = guichet(&[flag]);
        assert_eq!(fine.status.code(), Some(0), "{flag}");
    }
}

/// The names of the files in `folder`.
fn names(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(folder)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|entry| entry.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

#[test]
fn the_key_goes_where_keys_or_the_environment_say_never_beside_the_database() {
    let data = tempfile::tempdir().expect("the data");
    let db = |name: &str| data.path().join(name).to_string_lossy().into_owned();
    let one_key = |folder: &Path| {
        let found = names(folder);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].ends_with(".seal-key"), "{found:?}");
    };

    // --keys DIR.
    let named = tempfile::tempdir().expect("a key store");
    let keys_text = named.path().join("keys").to_string_lossy().into_owned();
    succeeds(&[
        "player",
        "add",
        "--db",
        &db("a.sqlite3"),
        "--keys",
        &keys_text,
        "--card",
        "1",
    ]);
    one_key(&named.path().join("keys"));

    // GUICHET_KEYS.
    let variable = tempfile::tempdir().expect("another key store");
    let output = guichet_command()
        .env("GUICHET_KEYS", variable.path())
        .args(["player", "add", "--db", &db("b.sqlite3"), "--card", "1"])
        .output()
        .expect("it runs");
    assert!(output.status.success(), "{}", text(&output.stderr));
    one_key(variable.path());

    // Neither: the user's own, under their configuration folder.
    let home = tempfile::tempdir().expect("a home");
    let output = guichet_command()
        .env_remove("GUICHET_KEYS")
        .env_remove("XDG_CONFIG_HOME")
        .env("HOME", home.path())
        .args(["player", "add", "--db", &db("c.sqlite3"), "--card", "1"])
        .output()
        .expect("it runs");
    assert!(output.status.success(), "{}", text(&output.stderr));
    one_key(&home.path().join(".config/guichet/keys"));

    let beside: Vec<String> = names(data.path())
        .into_iter()
        .filter(|name| name.contains("key"))
        .collect();
    assert_eq!(beside, Vec::<String>::new(), "no key in the data folder");
}

#[test]
fn under_systemds_credentials_the_key_is_read_there_and_never_made() {
    let data = tempfile::tempdir().expect("the data");
    let db = data
        .path()
        .join("guichet.sqlite3")
        .to_string_lossy()
        .into_owned();
    let credentials = tempfile::tempdir().expect("the unit's credentials");
    let run = |arguments: &[&str]| {
        guichet_command()
            .env("CREDENTIALS_DIRECTORY", credentials.path())
            .args(arguments)
            .output()
            .expect("it runs")
    };
    let play = [
        "play",
        "--player",
        "1",
        "--db",
        &db,
        "--game",
        "blackjack",
        "--count",
        "2",
    ];

    // No credential: nothing is recorded (the records are chained with it),
    // nothing sells, and none is made.
    let refused = run(&["player", "add", "--db", &db, "--card", "1", "--adult"]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        text(&refused.stderr).contains("nothing can be recorded"),
        "{}",
        text(&refused.stderr)
    );
    let refused = run(&play);
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        text(&refused.stderr).contains("seal key"),
        "{}",
        text(&refused.stderr)
    );
    assert_eq!(names(credentials.path()), Vec::<String>::new());

    // The credential the package's installation made: it sells.
    fs::write(
        credentials.path().join("guichet-seal-key"),
        format!("guichet-seal-key-v1 {}\n", "ab".repeat(32)),
    )
    .expect("a credential");
    let fresh = data
        .path()
        .join("fresh.sqlite3")
        .to_string_lossy()
        .into_owned();
    for arguments in [
        vec!["player", "add", "--db", &fresh, "--card", "1", "--adult"],
        vec![
            "limits",
            "--player",
            "1",
            "--db",
            &fresh,
            "--deposit",
            "100",
            "--stake",
            "100",
        ],
        vec!["deposit", "--player", "1", "--db", &fresh, "--amount", "10"],
        vec![
            "play",
            "--player",
            "1",
            "--db",
            &fresh,
            "--game",
            "blackjack",
            "--count",
            "2",
        ],
    ] {
        let output = run(&arguments);
        assert!(
            output.status.success(),
            "{arguments:?}: {}",
            text(&output.stderr)
        );
    }
    assert_eq!(
        names(credentials.path()),
        vec!["guichet-seal-key".to_owned()]
    );
}
