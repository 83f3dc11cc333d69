//! The command line's closings: `guichet closing` writes the latest (made
//! now with `--make`) for an operator to keep apart, and `guichet verify
//! --closing FILE` fails in one line on a file that does not contain it and
//! extend it — a restored older copy, another kiosk's file.

mod support;

use std::fs;
use std::os::unix::fs::PermissionsExt as _;

use support::{run_guichet, succeeding};

/// A kiosk's file with a deposit, in a folder of its own.
fn kiosk() -> (tempfile::TempDir, String) {
    let folder = tempfile::tempdir().expect("a folder");
    fs::set_permissions(folder.path(), fs::Permissions::from_mode(0o700)).expect("private");
    let db = folder
        .path()
        .join("guichet.sqlite3")
        .to_string_lossy()
        .into_owned();
    succeeding(&["limits", "--db", &db, "--deposit", "100", "--stake", "100"]);
    succeeding(&["deposit", "--db", &db, "--amount", "20"]);
    (folder, db)
}

#[test]
fn a_closing_kept_apart_checks_the_file_and_refuses_an_older_copy_and_another_kiosk() {
    let (folder, db) = kiosk();
    let refused = run_guichet(&["closing", "--db", &db]);
    assert_eq!(refused.status.code(), Some(1));
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(said.contains("has no closing yet"), "{said}");
    assert_eq!(said.lines().count(), 1, "{said}");

    let backup = folder.path().join("backup.sqlite3");
    fs::copy(&db, &backup).expect("a backup, before the closing");
    let kept = folder.path().join("closing.json");
    let kept_text = kept.to_string_lossy().into_owned();
    let written = succeeding(&["closing", "--db", &db, "--make", "--out", &kept_text]);
    assert!(written.starts_with("closing 1 (demand "), "{written}");
    let json: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&kept).expect("the file")).expect("JSON");
    assert_eq!(json["closing"]["format"], "guichet-closing/1");
    assert_eq!(json["closing"]["perpetual"]["deposits_cents"], 2_000);
    assert_eq!(json["signature"].as_str().map(str::len), Some(128));
    // On the standard output, the same.
    assert_eq!(
        succeeding(&["closing", "--db", &db]),
        fs::read_to_string(&kept).expect("the file")
    );

    succeeding(&["deposit", "--db", &db, "--amount", "5"]);
    let sound = succeeding(&["verify", "--db", &db, "--closing", &kept_text]);
    assert!(sound.starts_with("ok: "), "{sound}");

    let restored = run_guichet(&[
        "verify",
        "--db",
        &backup.to_string_lossy(),
        "--closing",
        &kept_text,
    ]);
    assert_eq!(restored.status.code(), Some(1));
    let said = String::from_utf8_lossy(&restored.stdout);
    assert!(
        said.lines()
            .next()
            .is_some_and(|line| line.starts_with("the database does not contain closing 1")),
        "{said}"
    );

    let (_other_folder, other) = kiosk();
    let another = run_guichet(&["verify", "--db", &other, "--closing", &kept_text]);
    assert_eq!(another.status.code(), Some(1));
    let said = String::from_utf8_lossy(&another.stdout);
    assert!(said.contains("another kiosk's closing"), "{said}");

    let forged = folder.path().join("forged.json");
    fs::write(
        &forged,
        fs::read_to_string(&kept)
            .expect("the file")
            .replace("\"deposits_cents\": 2000", "\"deposits_cents\": 200000"),
    )
    .expect("a forged closing");
    let refused = run_guichet(&[
        "verify",
        "--db",
        &db,
        "--closing",
        &forged.to_string_lossy(),
    ]);
    assert_eq!(refused.status.code(), Some(2));
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(said.contains("signature does not match"), "{said}");
    assert_eq!(said.lines().count(), 1, "{said}");
}
