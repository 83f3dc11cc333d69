//! `guichet selftest`, and the program's check from the command line: a
//! development build passes unverified; a copy installed with its signed
//! manifest is verified and sells; the same copy changed by one byte, or
//! with a manifest of another key, fails its self-test and sells nothing —
//! and a trusted copy's `selftest --program` says so from outside.

mod support;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use ed25519_dalek::SigningKey;
use guichet_integrity::release_key::{self, KeyOrigin};
use guichet_integrity::{Digest, Manifest, key_file};
use support::{CARD, PIN, PIN_VARIABLE, funded_player, keys_folder};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `program` run with the tests' keys and PIN.
fn run(program: &Path, arguments: &[&str]) -> Output {
    Command::new(program)
        .args(arguments)
        .env(guichet_sqlite::keys::KEYS_VARIABLE, keys_folder())
        .env(PIN_VARIABLE, PIN)
        .env_remove("CREDENTIALS_DIRECTORY")
        .output()
        .expect("the program runs")
}

/// A database with the tests' player, 20 € on their account.
fn database(folder: &Path) -> String {
    let db = folder.join("guichet.sqlite3").display().to_string();
    funded_player(&db, "20");
    db
}

fn units(db: &str) -> i64 {
    rusqlite::Connection::open(db)
        .and_then(|connection| {
            connection.query_row("SELECT count(*) FROM units", [], |row| row.get(0))
        })
        .expect("the units counted")
}

#[test]
fn a_development_build_passes_its_self_test_unverified() {
    let folder = tempfile::tempdir().unwrap();
    let db = database(folder.path());
    let output = run(
        Path::new(env!("CARGO_BIN_EXE_guichet")),
        &["selftest", "--db", &db],
    );
    let out = text(&output.stdout);
    assert!(output.status.success(), "{out}{}", text(&output.stderr));
    let digest = Digest::of_file(Path::new(env!("CARGO_BIN_EXE_guichet"))).unwrap();
    for line in [
        format!("guichet {} (commit ", guichet_cli::VERSION),
        format!("SHA-256: {digest}"),
        "unverified  manifest: none".to_owned(),
        "ok          database: opens".to_owned(),
        "ok          seal key: present".to_owned(),
        "ok          clock: ".to_owned(),
        "ok          records: ".to_owned(),
        "selftest: passed".to_owned(),
    ] {
        assert!(out.contains(&line), "{line:?} not in:\n{out}");
    }
}

#[test]
fn a_self_test_without_its_database_fails() {
    let folder = tempfile::tempdir().unwrap();
    let missing = folder.path().join("none.sqlite3").display().to_string();
    let output = run(
        Path::new(env!("CARGO_BIN_EXE_guichet")),
        &["selftest", "--db", &missing],
    );
    let out = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{out}");
    assert!(out.contains("FAILED      database: "), "{out}");
    assert!(out.contains("-           records: not checked"), "{out}");
    assert!(out.ends_with("selftest: FAILED (4 check(s))\n"), "{out}");
    assert!(
        !Path::new(&missing).exists(),
        "the self-test creates nothing"
    );
}

/// The build's own binary installed under `root` as a package lays it out,
/// with a manifest signed by `key`.
fn install(root: &Path, key: &SigningKey) -> PathBuf {
    let program = root.join("usr/bin/guichet");
    std::fs::create_dir_all(program.parent().unwrap()).unwrap();
    std::fs::create_dir_all(root.join("usr/lib/guichet")).unwrap();
    std::fs::copy(env!("CARGO_BIN_EXE_guichet"), &program).unwrap();
    let manifest = Manifest {
        version: guichet_cli::VERSION.to_owned(),
        program: "usr/bin/guichet".to_owned(),
        digest: Digest::of_file(&program).unwrap(),
    };
    std::fs::write(
        root.join("usr/lib/guichet/guichet.manifest"),
        manifest.signed(key),
    )
    .unwrap();
    program
}

/// The key this build trusts (its test key), if it is not a release's.
fn trusted_key() -> Option<SigningKey> {
    let KeyOrigin::Test { file } = release_key::ORIGIN else {
        return None;
    };
    let seed = key_file::parse(&std::fs::read_to_string(file).unwrap()).unwrap();
    Some(SigningKey::from_bytes(&seed))
}

/// Changes one letter of a message the program prints only without a sound
/// device: the copy still runs.
fn change_one_byte(program: &Path) {
    let mut bytes = std::fs::read(program).unwrap();
    let message = b"the kiosk plays silently";
    let at = bytes
        .windows(message.len())
        .position(|window| window == message)
        .expect("the message is in the program");
    bytes[at] = b'T';
    std::fs::write(program, bytes).unwrap();
}

#[test]
fn an_installed_copy_is_verified_and_one_changed_byte_stops_its_sales() {
    let Some(key) = trusted_key() else {
        eprintln!("a release build: its private key is not here to sign with");
        return;
    };
    let folder = tempfile::tempdir().unwrap();
    let db = database(folder.path());
    let program = install(&folder.path().join("root"), &key);
    let play = [
        "play",
        "--db",
        &db,
        "--player",
        CARD,
        "--game",
        "blackjack",
        "--count",
        "1",
    ];
    let output = run(&program, &["selftest", "--db", &db]);
    let out = text(&output.stdout);
    assert!(output.status.success(), "{out}");
    assert!(out.contains("ok          manifest: verified"), "{out}");
    assert!(
        run(&program, &play).status.success(),
        "a verified program sells"
    );
    assert_eq!(units(&db), 1);

    change_one_byte(&program);
    let refused = run(&program, &play);
    assert_eq!(refused.status.code(), Some(1));
    let said = text(&refused.stderr);
    assert!(
        said.contains("this program is not verified, it sells nothing"),
        "{said}"
    );
    assert_eq!(said.lines().count(), 1, "{said}");
    for money in [
        &["deposit", "--db", &db, "--player", CARD, "--amount", "5"][..],
        &["withdraw", "--db", &db, "--player", CARD, "--amount", "5"],
    ] {
        assert_eq!(run(&program, money).status.code(), Some(1), "{money:?}");
    }
    let output = run(&program, &["selftest", "--db", &db]);
    let out = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{out}");
    assert!(
        out.contains(
            "FAILED      manifest: refused, the kiosk sells nothing: the program's SHA-256 is"
        ),
        "{out}"
    );
    assert_eq!(units(&db), 1, "nothing sold");
    // A trusted copy finds it too, from outside: a changed program could
    // lie about itself.
    let program_path = program.display().to_string();
    let output = run(
        Path::new(env!("CARGO_BIN_EXE_guichet")),
        &["selftest", "--db", &db, "--program", &program_path],
    );
    let out = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{out}");
    assert!(out.contains(&format!("program: {program_path}")), "{out}");
    assert!(out.contains("FAILED      manifest: refused"), "{out}");
    // What only reads still works: the auditor's tools.
    assert!(run(&program, &["verify", "--db", &db]).status.success());
}

#[test]
fn a_manifest_signed_by_another_key_stops_its_sales() {
    let folder = tempfile::tempdir().unwrap();
    let db = database(folder.path());
    let program = install(
        &folder.path().join("root"),
        &SigningKey::from_bytes(&[7; 32]),
    );
    let refused = run(
        &program,
        &[
            "play",
            "--db",
            &db,
            "--player",
            CARD,
            "--game",
            "blackjack",
            "--count",
            "1",
        ],
    );
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        text(&refused.stderr).contains("signed with another key"),
        "{}",
        text(&refused.stderr)
    );
    assert_eq!(units(&db), 0);
}
