//! Secrets at rest, as a hostile tester tries them: a copy of the kiosk's
//! folder, side files swapped for links, a `-wal` deleted under a running
//! store, and the commands that only read on a read-only copy.

mod support;
use support::OpensAsThePlayer as _;

use std::collections::BTreeMap;
use std::fs;
use std::os::unix::fs::PermissionsExt as _;
use std::path::{Path, PathBuf};

use guichet_core::games::blackjack::game::BLACK_JACK;
use guichet_core::money::Cents;
use guichet_sale::PointOfSale as _;
use guichet_sale::StoreError;
use guichet_sqlite::keys::KeyStore;
use guichet_sqlite::{OpenOptions, Store};
use sha2::{Digest as _, Sha256};
use support::{fresh, new_path, raw};

/// A file beside `path`, named with `suffix`.
fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    name.into()
}

/// Every file in `folder`, by name, with the SHA-256 of its bytes.
fn hashes(folder: &Path) -> BTreeMap<String, String> {
    fs::read_dir(folder)
        .expect("the folder")
        .map(|entry| {
            let entry = entry.expect("an entry");
            let bytes = fs::read(entry.path()).unwrap_or_default();
            (
                entry.file_name().to_string_lossy().into_owned(),
                hex::encode(Sha256::digest(bytes)),
            )
        })
        .collect()
}

/// A key store of its own, in a temporary folder.
fn own_keys() -> (tempfile::TempDir, KeyStore) {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let keys = KeyStore::Folder(folder.path().join("keys"));
    (folder, keys)
}

/// A store that sold a few units, its keys in a key store of its own.
fn kiosk_with_sales(keys: &KeyStore) -> (tempfile::TempDir, PathBuf) {
    let (folder, path) = new_path();
    let mut store = OpenOptions::new()
        .keys(keys.clone())
        .open_as_player(&path)
        .expect("a store");
    support::set_highest_limits(&mut store);
    store.deposit(Cents::euros(20)).expect("a deposit");
    for _ in 0..3 {
        let unit = store.buy(&BLACK_JACK).expect("a unit");
        store.finish(unit.id).expect("settled");
    }
    drop(store);
    (folder, path)
}

#[test]
fn the_seal_key_is_never_in_the_databases_folder_and_a_copy_of_the_folder_cannot_sell() {
    let (_keys_folder, keys) = own_keys();
    let (folder, path) = kiosk_with_sales(&keys);
    let store = OpenOptions::new()
        .keys(keys.clone())
        .open_as_player(&path)
        .expect("the kiosk");
    let key_path = store.key_path();
    assert!(
        key_path.starts_with(keys.folder()),
        "{}",
        key_path.display()
    );
    let mode = |path: &Path| fs::metadata(path).expect("a file").permissions().mode() & 0o777;
    assert_eq!(mode(&key_path), 0o600, "the key");
    assert_eq!(mode(keys.folder()), 0o700, "the key store");
    let key = fs::read(&key_path).expect("the key");
    drop(store);

    // Nothing in the folder holds the key: no file of its name, no file
    // with its bytes.
    for entry in fs::read_dir(folder.path()).expect("the folder") {
        let entry = entry.expect("an entry");
        let name = entry.file_name().to_string_lossy().into_owned();
        assert!(
            !name.to_lowercase().contains("key") && !name.contains("seal"),
            "{name}"
        );
        let bytes = fs::read(entry.path()).expect("a file");
        assert!(
            !bytes
                .windows(key.len())
                .any(|window| window == key.as_slice()),
            "{name} holds the key"
        );
    }

    // A copy of the folder, elsewhere, with any other key store: nothing
    // sells, and nothing is made that predicts the kiosk's units.
    let copy = tempfile::tempdir().expect("another machine");
    for entry in fs::read_dir(folder.path()).expect("the folder") {
        let entry = entry.expect("an entry");
        fs::copy(entry.path(), copy.path().join(entry.file_name())).expect("copied");
    }
    let (_other_keys_folder, other_keys) = own_keys();
    let mut stolen = OpenOptions::new()
        .keys(other_keys)
        .open_as_player(&copy.path().join("guichet.sqlite3"))
        .expect("the copy opens");
    assert!(
        matches!(
            stolen.seal_problem(),
            Some(StoreError::SealKeyLost {
                problem: "missing",
                ..
            })
        ),
        "{:?}",
        stolen.seal_problem()
    );
    let refused = stolen.buy(&BLACK_JACK).expect_err("the copy cannot sell");
    assert!(
        matches!(refused, StoreError::SealKeyLost { .. }),
        "{refused:?}"
    );
}

#[test]
fn a_key_an_earlier_guichet_kept_beside_the_database_moves_into_the_key_store() {
    let (_keys_folder, keys) = own_keys();
    let (_folder, path) = kiosk_with_sales(&keys);
    let options = OpenOptions::new().keys(keys);
    let key_path = options.open_as_player(&path).expect("the kiosk").key_path();
    // Today's layout: the key beside the database.
    let beside = sibling(&path, ".key");
    fs::rename(&key_path, &beside).expect("the key put beside it");

    let mut store = options.open_as_player(&path).expect("it opens");
    assert!(!beside.exists(), "the key is removed from the folder");
    assert!(key_path.exists(), "the key is in the key store");
    assert_eq!(store.seal_problem().map(|error| error.to_string()), None);
    let unit = store.buy(&BLACK_JACK).expect("it sells");
    store.finish(unit.id).expect("settled");
    assert_eq!(store.verify().expect("a verdict"), Vec::<String>::new());
}

#[test]
fn a_tally_that_is_a_link_is_refused_and_the_file_it_names_is_not_written() {
    let (folder, path) = new_path();
    drop(support::open(&path).expect("a store"));
    let victim = folder.path().join("other.sqlite3");
    drop(support::open(&victim).expect("another store"));
    let victim_tally = sibling(&victim, ".tally");
    let before = fs::read(&victim_tally).expect("its tally");
    let tally = sibling(&path, ".tally");
    fs::remove_file(&tally).expect("the tally removed");
    std::os::unix::fs::symlink(&victim_tally, &tally).expect("a link in its place");

    let error = support::open(&path).expect_err("refused");
    assert!(
        matches!(&error, StoreError::SideFile { reason, .. } if reason.contains("symbolic link")),
        "{error:?}"
    );
    assert_eq!(error.to_string().lines().count(), 1, "{error}");
    assert_eq!(fs::read(&victim_tally).expect("its tally"), before);
    assert!(
        support::open(&victim).is_ok(),
        "the other database still opens"
    );
}

#[test]
fn a_seal_key_that_is_a_link_is_refused() {
    let (_folder, path) = new_path();
    let key_path = support::open(&path).expect("a store").key_path();
    let elsewhere = tempfile::tempdir().expect("elsewhere");
    let planted = elsewhere.path().join("planted.key");
    fs::rename(&key_path, &planted).expect("the key moved");
    std::os::unix::fs::symlink(&planted, &key_path).expect("a link in its place");
    let error = support::open(&path).expect_err("refused");
    assert!(
        matches!(&error, StoreError::SealKeyUnreadable { reason, .. } if reason.contains("symbolic link")),
        "{error:?}"
    );
}

#[test]
fn a_side_file_of_another_user_is_refused() {
    if !rustix::process::geteuid().is_root() {
        eprintln!("skipped: only root can give a file to another user");
        return;
    }
    let (_folder, path) = new_path();
    drop(support::open(&path).expect("a store"));
    let tally = sibling(&path, ".tally");
    std::os::unix::fs::chown(&tally, Some(65_534), Some(65_534)).expect("given to nobody");
    let error = support::open(&path).expect_err("refused");
    assert!(
        matches!(&error, StoreError::SideFile { reason, .. } if reason.contains("belongs to user 65534")),
        "{error:?}"
    );
}

/// The database at `path` copied, alone, into a new folder: the file 0444,
/// the folder 0555, as an auditor brings it.
fn read_only_copy(path: &Path) -> (tempfile::TempDir, PathBuf) {
    let folder = tempfile::tempdir().expect("the auditor's folder");
    let copy = folder.path().join("evidence.sqlite3");
    fs::copy(path, &copy).expect("copied");
    fs::set_permissions(&copy, fs::Permissions::from_mode(0o444)).expect("chmod");
    fs::set_permissions(folder.path(), fs::Permissions::from_mode(0o555)).expect("chmod");
    (folder, copy)
}

#[test]
fn reading_a_read_only_copy_changes_no_byte_and_makes_no_file() {
    let (_keys_folder, keys) = own_keys();
    let (_folder, path) = kiosk_with_sales(&keys);
    let (folder, copy) = read_only_copy(&path);
    let before = hashes(folder.path());
    let (_empty_folder, no_keys) = own_keys();
    {
        let mut store = OpenOptions::new()
            .keys(no_keys.clone())
            .read_only()
            .open_as_player(&copy)
            .expect("it opens to read");
        assert_eq!(store.all_units().expect("units").len(), 3);
        assert!(!store.ledger().expect("a ledger").is_empty());
        assert!(!store.blocks().expect("blocks").is_empty());
        // Without the key, neither the open blocks' seeds nor the chain can
        // be checked: said, each.
        let findings = store.verify().expect("a verdict");
        assert!(
            findings
                .iter()
                .all(|finding| finding.contains("cannot be unsealed")
                    || finding.contains("the chain cannot be checked")),
            "{findings:?}"
        );
        assert!(
            findings
                .iter()
                .any(|finding| finding.contains("the chain cannot be checked")),
            "{findings:?}"
        );
        let refused = store.deposit(Cents::euros(5)).expect_err("nothing written");
        assert!(
            matches!(refused, StoreError::ReadOnlyOpen { .. }),
            "{refused:?}"
        );
    }
    // With the kiosk's keys, every check passes.
    let store = OpenOptions::new()
        .keys(keys)
        .read_only()
        .open_as_player(&copy)
        .expect("it opens to read");
    assert_eq!(store.verify().expect("a verdict"), Vec::<String>::new());
    drop(store);
    assert_eq!(hashes(folder.path()), before, "every byte, no new file");
    assert!(
        !no_keys.folder().exists(),
        "no key store made for a read-only open"
    );
}

#[test]
fn a_read_only_open_of_a_live_database_reads_what_its_log_holds() {
    let (_folder, mut store) = fresh();
    store.deposit(Cents::euros(7)).expect("a deposit");
    let mut reader = support::options()
        .read_only()
        .open_as_player(store.path())
        .expect("read beside the writer");
    assert_eq!(reader.balance().expect("a balance"), Cents::euros(7));
    store.deposit(Cents::euros(3)).expect("another");
    assert_eq!(reader.balance().expect("a balance"), Cents::euros(10));
}

#[test]
fn an_old_schema_is_not_migrated_by_a_read_and_guichet_migrate_keeps_a_copy() {
    let (folder, path) = new_path();
    fs::copy("tests/fixtures/v1-kiosk.sqlite3", &path).expect("the fixture");
    let before = hashes(folder.path());

    let error = support::options()
        .read_only()
        .open_as_player(&path)
        .expect_err("version 1 is not read as it is");
    assert!(
        matches!(error, StoreError::OldSchema { found: 1, .. }),
        "{error:?}"
    );
    let message = error.to_string();
    assert!(
        message.contains(&format!("guichet migrate --db {}", path.display())),
        "{message}"
    );
    assert_eq!(message.lines().count(), 1, "{message}");
    assert_eq!(hashes(folder.path()), before, "untouched");

    let (store, migrated) = support::options().migrate(&path).expect("migrated");
    assert_eq!((migrated.from, migrated.to), (1, 8));
    let backup = migrated.backup.expect("a copy");
    assert_eq!(backup.parent(), path.parent(), "beside it");
    assert_eq!(
        fs::metadata(&backup)
            .expect("the copy")
            .permissions()
            .mode()
            & 0o777,
        0o600
    );
    let copy = raw(&backup);
    let version: i64 = copy
        .query_row("PRAGMA user_version", [], |row| row.get(0))
        .expect("a version");
    let units: i64 = copy
        .query_row("SELECT COUNT(*) FROM units", [], |row| row.get(0))
        .expect("units");
    assert_eq!((version, units), (1, 68), "the file as it was");
    assert_eq!(store.all_units().expect("units").len(), 68);
    assert_eq!(store.verify().expect("a verdict"), Vec::<String>::new());
    drop(store);

    let (_, again) = support::options().migrate(&path).expect("nothing to do");
    assert_eq!(again.backup, None);
}

#[test]
fn a_negative_schema_version_is_one_line() {
    let (_folder, path) = new_path();
    drop(support::open(&path).expect("a store"));
    raw(&path)
        .pragma_update(None, "user_version", -3)
        .expect("a version no Guichet writes");
    for options in [support::options(), support::options().read_only()] {
        let error = options.open_as_player(&path).expect_err("refused");
        assert!(
            matches!(error, StoreError::UnknownSchema { found: -3, .. }),
            "{error:?}"
        );
        assert_eq!(error.to_string().lines().count(), 1, "{error}");
    }
}

#[test]
fn a_deleted_database_whose_tally_is_left_is_not_made_again() {
    let (folder, path) = new_path();
    drop(support::open(&path).expect("a store"));
    fs::remove_file(&path).expect("the database deleted");
    let before = hashes(folder.path());
    let error = support::open(&path).expect_err("refused");
    assert!(
        matches!(error, StoreError::DatabaseGone { .. }),
        "{error:?}"
    );
    assert!(error.to_string().contains("nothing was created"), "{error}");
    assert_eq!(hashes(folder.path()), before, "nothing created");
}

#[test]
fn a_read_only_database_says_nothing_was_written_and_a_read_only_folder_is_named() {
    let (folder, path) = new_path();
    drop(support::open(&path).expect("a store"));
    fs::set_permissions(&path, fs::Permissions::from_mode(0o444)).expect("chmod");
    let error = support::open(&path).expect_err("refused");
    assert!(matches!(error, StoreError::ReadOnly { .. }), "{error:?}");
    assert!(error.to_string().contains("nothing was written"), "{error}");
    fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).expect("chmod");
    if rustix::process::geteuid().is_root() {
        eprintln!("skipped the folder's half: root writes in a 0555 folder");
        return;
    }
    fs::set_permissions(folder.path(), fs::Permissions::from_mode(0o555)).expect("chmod");
    let error = support::open(&path).expect_err("refused");
    fs::set_permissions(folder.path(), fs::Permissions::from_mode(0o700)).expect("chmod");
    assert!(
        matches!(&error, StoreError::ReadOnlyFolder { folder: named, .. } if named == folder.path()),
        "{error:?}"
    );
}

#[test]
fn a_wal_deleted_under_a_running_store_stops_it_and_keeps_its_sales() {
    let (_folder, mut store) = fresh();
    store.deposit(Cents::euros(10)).expect("a deposit");
    let unit = store.buy(&BLACK_JACK).expect("a unit");
    store.finish(unit.id).expect("settled");
    let wal = sibling(store.path(), "-wal");
    assert!(wal.exists(), "the log is there while the store is open");
    fs::remove_file(&wal).expect("the log deleted");

    let error = store.buy(&BLACK_JACK).expect_err("the store stops");
    assert!(
        matches!(&error, StoreError::LogReplaced { kept: Some(kept), .. } if kept == store.path()),
        "{error:?}"
    );
    assert!(error.is_about_the_file());
    let path = store.path().to_path_buf();
    // What the deleted log held is in the database itself now: read by a
    // connection that never saw that log.
    let units: i64 = raw(&path)
        .query_row("SELECT COUNT(*) FROM units", [], |row| row.get(0))
        .expect("units");
    assert_eq!(units, 1);
    std::mem::forget(store); // As a crash would: no close, no checkpoint.
    let store = support::open(&path).expect("it opens again");
    assert_eq!(store.all_units().expect("units").len(), 1);
    assert_eq!(store.verify().expect("a verdict"), Vec::<String>::new());
}

#[test]
fn a_wal_replaced_under_a_running_store_stops_it_and_keeps_its_sales() {
    let (_folder, mut store) = fresh();
    store.deposit(Cents::euros(10)).expect("a deposit");
    let unit = store.buy(&BLACK_JACK).expect("a unit");
    store.finish(unit.id).expect("settled");
    let wal = sibling(store.path(), "-wal");
    let forged = sibling(store.path(), "-wal.forged");
    fs::write(&forged, vec![0_u8; 4096]).expect("a forged log");
    fs::rename(&forged, &wal).expect("put in its place");
    let error = store.deposit(Cents::euros(1)).expect_err("the store stops");
    assert!(
        matches!(&error, StoreError::LogReplaced { kept: Some(_), .. }),
        "{error:?}"
    );
    assert_eq!(error.to_string().lines().count(), 1, "{error}");
}

#[test]
fn a_store_opened_twice_does_not_take_the_others_log_for_a_replaced_one() {
    let (_folder, mut store) = fresh();
    let mut other = support::open(store.path()).expect("a second process");
    for _ in 0..3 {
        store.deposit(Cents::euros(1)).expect("a deposit");
        other.deposit(Cents::euros(1)).expect("another");
    }
    drop(other);
    store.deposit(Cents::euros(1)).expect("still the same log");
    assert_eq!(store.balance().expect("a balance"), Cents::euros(7));
}

/// `Store` must stay usable from the API a kiosk sees, read only or not.
#[test]
fn a_read_only_store_refuses_every_sale() {
    let (_folder, path) = new_path();
    drop(support::open(&path).expect("a store"));
    let mut store: Store = support::options()
        .read_only()
        .open_as_player(&path)
        .expect("read only");
    assert!(store.is_read_only());
    let error = store.buy(&BLACK_JACK).expect_err("nothing sold");
    assert!(
        matches!(error, StoreError::ReadOnlyOpen { .. }),
        "{error:?}"
    );
}

/// The child's role in the crash test below: the database it plays at.
const CRASH_CHILD: &str = "GUICHET_TEST_WAL_CHILD";

/// The crash test's child: buys and settles a unit, says so, waits for the
/// parent's word (given once the `-wal` is deleted), tries to buy another,
/// says what the store answered, then waits to be killed.
fn crash_child(path: &Path) {
    use std::io::{BufRead as _, Write as _};
    let mut store = support::open(path).expect("the kiosk");
    let unit = store.buy(&BLACK_JACK).expect("a unit");
    store.finish(unit.id).expect("settled");
    println!("child: bought {}", unit.id);
    std::io::stdout().flush().expect("said");
    let mut line = String::new();
    std::io::stdin()
        .lock()
        .read_line(&mut line)
        .expect("the word");
    match store.buy(&BLACK_JACK) {
        Err(StoreError::LogReplaced { kept: Some(_), .. }) => println!("child: stopped, kept"),
        other => println!("child: {other:?}"),
    }
    std::io::stdout().flush().expect("said");
    std::thread::sleep(std::time::Duration::from_mins(10));
}

#[test]
fn a_wal_deleted_between_two_purchases_then_a_crash_loses_no_purchase() {
    use std::io::{BufRead as _, Write as _};
    if let Some(path) = std::env::var_os(CRASH_CHILD) {
        crash_child(Path::new(&path));
        return;
    }
    let (_folder, path) = new_path();
    {
        let mut store = support::open(&path).expect("a kiosk");
        support::set_highest_limits(&mut store);
        store.deposit(Cents::euros(10)).expect("a deposit");
    }
    let mut child = std::process::Command::new(std::env::current_exe().expect("this test"))
        .args([
            "--exact",
            "a_wal_deleted_between_two_purchases_then_a_crash_loses_no_purchase",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CRASH_CHILD, &path)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the child");
    let mut said = std::io::BufReader::new(child.stdout.take().expect("its stdout")).lines();
    let mut next_word = || loop {
        let line = said.next().expect("a line").expect("text");
        // The harness's "test … ... " may begin the line.
        if let Some((_, word)) = line.split_once("child: ") {
            return word.to_owned();
        }
    };
    assert_eq!(next_word(), "bought 1");
    fs::remove_file(sibling(&path, "-wal")).expect("the log deleted under it");
    writeln!(child.stdin.as_mut().expect("its stdin")).expect("the word");
    let answer = next_word();
    child.kill().expect("killed (SIGKILL)");
    child.wait().expect("gone");
    assert_eq!(answer, "stopped, kept");

    let mut store = support::open(&path).expect("it opens after the crash");
    let units = store.all_units().expect("units");
    assert_eq!(
        units.len(),
        1,
        "the purchase made before the log was deleted"
    );
    assert_eq!(
        store.balance().expect("a balance"),
        Cents::euros(10)
            .checked_sub(BLACK_JACK.stake)
            .and_then(|left| left.checked_add(units[0].prize))
            .expect("an amount")
    );
    assert_eq!(store.verify().expect("a verdict"), Vec::<String>::new());
}

#[test]
fn a_tally_that_is_a_fifo_is_refused_without_waiting_on_it() {
    let (_folder, path) = new_path();
    drop(support::open(&path).expect("a store"));
    let tally = sibling(&path, ".tally");
    fs::remove_file(&tally).expect("the tally removed");
    let made = std::process::Command::new("mkfifo")
        .arg(&tally)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    for options in [support::options(), support::options().read_only()] {
        let store = options.open_as_player(&path);
        match store {
            Err(StoreError::SideFile { reason, .. }) => {
                assert!(reason.contains("not a regular file"), "{reason}");
            }
            // A read opens no tally; its verify reads it, and says so.
            Ok(store) => {
                let findings = store.verify().expect("a verdict");
                assert!(
                    findings
                        .iter()
                        .any(|finding| finding.contains("not a regular file")),
                    "{findings:?}"
                );
            }
            Err(other) => panic!("{other:?}"),
        }
    }
}

#[test]
fn a_wal_deleted_while_another_reader_holds_it_is_copied_out_of_the_open_descriptor() {
    let (_folder, mut store) = fresh();
    store.deposit(Cents::euros(10)).expect("a deposit");
    let path = store.path().to_path_buf();
    // Another process in the middle of a read: its snapshot keeps the log
    // from being folded in.
    let reader = raw(&path);
    reader
        .execute_batch("BEGIN; SELECT COUNT(*) FROM ledger;")
        .expect("a read under way");
    let wal = sibling(&path, "-wal");
    let held = fs::read(&wal).expect("the log");
    fs::remove_file(&wal).expect("the log deleted");

    let error = store.deposit(Cents::euros(1)).expect_err("the store stops");
    let StoreError::LogReplaced {
        kept: Some(kept), ..
    } = &error
    else {
        panic!("{error:?}");
    };
    assert_ne!(kept, &path, "not folded in: copied");
    assert!(
        kept.to_string_lossy().contains("-wal.kept-"),
        "{}",
        kept.display()
    );
    let copy = fs::read(kept).expect("the copy");
    assert_eq!(copy, held, "the log as it was, byte for byte");
    assert_eq!(
        fs::metadata(kept).expect("the copy").permissions().mode() & 0o777,
        0o600
    );
    assert!(error.to_string().contains("copied to"), "{error}");
}
