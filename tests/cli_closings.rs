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

/// The archive `value` as the forger writes it: every closing and the
/// archive itself signed again with `forger`'s key, named as theirs.
fn signed_again(mut value: serde_json::Value, forger: &ed25519_dalek::SigningKey) -> String {
    use ed25519_dalek::Signer as _;
    let public = hex::encode(forger.verifying_key().to_bytes());
    let sign = |body: &serde_json::Value| {
        hex::encode(
            forger
                .sign(serde_json::to_string(body).expect("JSON").as_bytes())
                .to_bytes(),
        )
    };
    value["archive"]["public_key"] = public.clone().into();
    for closing in value["archive"]["closings"]
        .as_array_mut()
        .expect("closings")
    {
        closing["closing"]["public_key"] = public.clone().into();
        closing["signature"] = sign(&closing["closing"]).into();
    }
    value["signature"] = sign(&value["archive"]).into();
    serde_json::to_string_pretty(&value).expect("JSON")
}

#[test]
fn an_archive_re_signed_by_a_forgers_key_is_refused_against_the_kiosks_key() {
    let folder = tempfile::tempdir().expect("a folder");
    fs::set_permissions(folder.path(), fs::Permissions::from_mode(0o700)).expect("private");
    let db = folder.path().join("guichet.sqlite3");
    let db = db.to_string_lossy();
    support::add_player(&db);
    let limits = ["--deposit", "200", "--stake", "100"];
    succeeding(&[&["limits", "--player", "1", "--db", &db][..], &limits[..]].concat());
    succeeding(&["deposit", "--player", "1", "--db", &db, "--amount", "100"]);
    succeeding(&["closing", "--db", &db, "--make"]);
    let kiosk_key = succeeding(&["closing", "--db", &db, "--key"]);
    let kiosk_key = kiosk_key.trim();
    assert_eq!(kiosk_key.len(), 64, "{kiosk_key}");
    let today = succeeding(&["closing", "--db", &db])
        .split("\"made_at\": \"")
        .nth(1)
        .expect("a time")[..10]
        .to_owned();
    let archive = folder.path().join("archive.json");
    let archive_text = archive.to_string_lossy().into_owned();
    succeeding(&[
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
    let sound = succeeding(&["verify", "--archive", &archive_text, "--key", kiosk_key]);
    assert!(
        sound.starts_with("ok: the archive ")
            && sound.contains(&format!("signed by the kiosk's key {kiosk_key}")),
        "{sound}"
    );

    // The forger: the 100 € deposit made 10 000 €, every signature redone
    // with a key of their own.
    let mut value: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&archive).expect("the archive")).expect("JSON");
    let deposit = value["archive"]["links"]
        .as_array_mut()
        .expect("links")
        .iter_mut()
        .find(|link| {
            link["record"] == "ledger"
                && link["content"]
                    .as_str()
                    .is_some_and(|content| content.contains("\"deposit\""))
        })
        .expect("the deposit's link");
    let content = deposit["content"].as_str().expect("content").to_owned();
    assert!(content.contains("10000"), "{content}");
    deposit["content"] = content.replacen("10000", "1000000", 1).into();
    let forgers = ed25519_dalek::SigningKey::from_bytes(&[42; 32]);
    let forger_key = hex::encode(forgers.verifying_key().to_bytes());
    let forged = folder.path().join("forged.json");
    let forged_text = forged.to_string_lossy().into_owned();
    fs::write(&forged, signed_again(value, &forgers)).expect("the forged archive");

    // Without the kiosk's key the forgery holds together, and is said to be
    // trusted on its own word only.
    let untrusted = succeeding(&["verify", "--archive", &forged_text]);
    assert!(
        untrusted.contains(&format!(
            "the key it names itself, {forger_key}, not trusted"
        )),
        "{untrusted}"
    );
    let refused = run_guichet(&["verify", "--archive", &forged_text, "--key", kiosk_key]);
    assert_eq!(refused.status.code(), Some(1));
    let said = String::from_utf8_lossy(&refused.stdout);
    assert!(
        said.contains(&format!(
            "signed by the key {forger_key}, not the kiosk's {kiosk_key}"
        )),
        "{said}"
    );
    assert_eq!(said.lines().count(), 1, "{said}");
}

#[test]
fn a_closing_and_a_file_are_checked_against_the_kiosks_key_given_and_bad_hex_refused() {
    let (folder, db) = kiosk();
    succeeding(&["closing", "--db", &db, "--make"]);
    let kiosk_key = succeeding(&["closing", "--db", &db, "--key"]);
    let kiosk_key = kiosk_key.trim();
    let forger_key = hex::encode(
        ed25519_dalek::SigningKey::from_bytes(&[42; 32])
            .verifying_key()
            .to_bytes(),
    );
    let closing = folder.path().join("closing.json");
    let closing_text = closing.to_string_lossy().into_owned();
    succeeding(&["closing", "--db", &db, "--out", &closing_text]);
    let refused = run_guichet(&[
        "verify",
        "--db",
        &db,
        "--closing",
        &closing_text,
        "--key",
        &forger_key,
    ]);
    assert_eq!(refused.status.code(), Some(1));
    let said = String::from_utf8_lossy(&refused.stdout);
    assert!(
        said.contains(&format!(
            "the file's closings: it is signed by the key {kiosk_key}, not the kiosk's {forger_key}"
        )) && said.contains("closing 1 ("),
        "{said}"
    );
    let sound = succeeding(&[
        "verify",
        "--db",
        &db,
        "--closing",
        &closing_text,
        "--key",
        kiosk_key,
    ]);
    assert!(sound.starts_with("ok: "), "{sound}");

    for bad in ["zz", "abcd", &"0".repeat(66)] {
        let refused = run_guichet(&["verify", "--archive", &closing_text, "--key", bad]);
        assert_eq!(refused.status.code(), Some(2), "{bad}");
        let said = String::from_utf8_lossy(&refused.stderr);
        assert!(said.starts_with("guichet: --key: "), "{said}");
        assert_eq!(said.lines().count(), 1, "{said}");
    }
}
