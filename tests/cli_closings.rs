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
    support::add_player(&db);
    succeeding(&[
        "limits",
        "--player",
        "1",
        "--db",
        &db,
        "--deposit",
        "100",
        "--stake",
        "100",
    ]);
    support::add_player(&db);
    succeeding(&["deposit", "--player", "1", "--db", &db, "--amount", "20"]);
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

    support::add_player(&db);

    succeeding(&["deposit", "--player", "1", "--db", &db, "--amount", "5"]);
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

#[test]
fn an_archive_is_written_and_checked_without_the_database() {
    let (folder, db) = kiosk();
    succeeding(&["closing", "--db", &db, "--make"]);
    let closing: serde_json::Value =
        serde_json::from_str(&succeeding(&["closing", "--db", &db])).expect("JSON");
    let today = closing["closing"]["made_at"].as_str().expect("a time")[..10].to_owned();
    let archive = folder.path().join("archive.json");
    let archive_text = archive.to_string_lossy().into_owned();
    let written = succeeding(&[
        "archive",
        "--db",
        &db,
        "--from",
        &today,
        "--to",
        &today,
        "--out",
        &archive_text,
    ]);
    assert!(
        written.starts_with(&format!("archive of {today} to {today} written to")),
        "{written}"
    );
    assert!(written.contains(", 1 closings"), "{written}");
    fs::remove_file(&db).expect("the database gone");
    let sound = succeeding(&["verify", "--archive", &archive_text]);
    assert!(sound.starts_with("ok: the archive "), "{sound}");

    let forged = folder.path().join("forged.json");
    fs::write(
        &forged,
        fs::read_to_string(&archive)
            .expect("the archive")
            .replacen("2000", "20000", 1),
    )
    .expect("a forged archive");
    let refused = run_guichet(&["verify", "--archive", &forged.to_string_lossy()]);
    assert_eq!(refused.status.code(), Some(1));
    let said = String::from_utf8_lossy(&refused.stdout);
    assert!(said.contains("signature does not match"), "{said}");
    assert_eq!(said.lines().count(), 1, "{said}");

    let backwards = run_guichet(&[
        "archive",
        "--db",
        &db,
        "--from",
        "2026-12-02",
        "--to",
        "2026-12-01",
        "--out",
        &archive_text,
    ]);
    assert_eq!(backwards.status.code(), Some(2));
    let bad_date = run_guichet(&[
        "archive",
        "--db",
        &db,
        "--from",
        "yesterday",
        "--to",
        "2026-12-01",
        "--out",
        &archive_text,
    ]);
    assert_eq!(bad_date.status.code(), Some(2));
}
