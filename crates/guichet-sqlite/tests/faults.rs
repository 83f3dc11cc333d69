//! Bad files get a typed error and are left byte-for-byte untouched; a locked or
//! read-only database gets a clear error.

mod support;

use std::fs;
use std::os::unix::fs::PermissionsExt as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use guichet_core::games::blackjack::game::BLACK_JACK;
use guichet_core::money::Cents;
use guichet_sale::PointOfSale as _;
use guichet_sale::{LimitKind, StoreError};
use guichet_sqlite::{BUSY_TIMEOUT, Store};
use rusqlite::Connection;
use tempfile::TempDir;

/// A healthy database with some history, closed (its log checkpointed).
fn healthy() -> (TempDir, PathBuf) {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let path = folder.path().join("guichet.sqlite3");
    let mut store = support::open(&path).expect("a store");
    for kind in [LimitKind::Deposit, LimitKind::Stake] {
        store.set_limit(kind, Cents::euros(500)).expect("a limit");
    }
    store.deposit(Cents::euros(50)).expect("a deposit");
    for _ in 0..20 {
        let unit = store.buy(&BLACK_JACK).expect("a unit");
        store.finish(unit.id).expect("settled");
    }
    drop(store);
    assert!(!wal(&path).exists(), "closing checkpoints the log");
    (folder, path)
}

fn wal(path: &Path) -> PathBuf {
    sibling(path, "-wal")
}

/// Opens `path`, expecting a refusal that leaves the file exactly as it was.
fn refused(path: &Path) -> StoreError {
    let before = fs::read(path).expect("the file");
    let error = support::open(path).expect_err("a refusal");
    assert_eq!(
        fs::read(path).expect("the file"),
        before,
        "the file was touched: {error}"
    );
    assert!(error.is_about_the_file(), "{error:?}");
    assert_eq!(error.to_string().lines().count(), 1, "{error}");
    error
}

#[test]
fn a_text_file_is_not_a_database() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let path = folder.path().join("notes.txt");
    fs::write(&path, "Ceci n'est pas une base de données.\n".repeat(200)).expect("a file");
    assert!(matches!(refused(&path), StoreError::NotADatabase { .. }));
}

#[test]
fn an_empty_file_is_not_initialised() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let path = folder.path().join("empty.sqlite3");
    fs::write(&path, b"").expect("a file");
    assert!(matches!(refused(&path), StoreError::NotADatabase { .. }));
}

#[test]
fn another_programs_database_is_refused() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let path = folder.path().join("other.sqlite3");
    let other = Connection::open(&path).expect("sqlite");
    other
        .execute_batch("CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('Léa');")
        .expect("a table");
    drop(other);
    assert!(matches!(refused(&path), StoreError::NotGuichet { .. }));
}

#[test]
fn a_truncated_database_is_refused() {
    let (_folder, path) = healthy();
    let bytes = fs::read(&path).expect("the file");
    assert!(bytes.len() >= 4 * 4096, "{} bytes", bytes.len());
    fs::write(&path, &bytes[..bytes.len() / 2]).expect("truncated");
    assert!(matches!(refused(&path), StoreError::Truncated { .. }));
    fs::write(&path, &bytes[..60]).expect("truncated to its header");
    assert!(matches!(refused(&path), StoreError::Truncated { .. }));
}

#[test]
fn a_corrupt_database_is_refused() {
    let (_folder, path) = healthy();
    let mut bytes = fs::read(&path).expect("the file");
    let page_size = 4096;
    let pages = bytes.len() / page_size;
    // Scribble over the middle of every page but the first.
    for page in 1..pages {
        let start = page * page_size + 8;
        for (offset, byte) in bytes[start..start + 200].iter_mut().enumerate() {
            *byte = (offset * 37 % 251) as u8;
        }
    }
    fs::write(&path, &bytes).expect("corrupted");
    assert!(matches!(refused(&path), StoreError::Corrupt { .. }));
}

#[test]
fn a_newer_schema_is_refused() {
    let (_folder, path) = healthy();
    let raw = Connection::open(&path).expect("sqlite");
    raw.pragma_update(None, "user_version", 99)
        .expect("a newer version");
    drop(raw);
    let error = refused(&path);
    assert!(
        matches!(
            error,
            StoreError::NewerSchema {
                found: 99,
                known: 8,
                ..
            }
        ),
        "{error:?}"
    );
}

#[test]
fn a_read_only_database_is_refused_clearly() {
    let (_folder, path) = healthy();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o444)).expect("read-only");
    assert!(matches!(refused(&path), StoreError::ReadOnly { .. }));
}

#[test]
fn a_locked_database_gives_a_clear_error_and_loses_nothing() {
    let (_folder, path) = healthy();
    let mut store = support::open(&path).expect("a store");
    let balance = store.balance().expect("a balance");
    let units = store.all_units().expect("units").len();

    let other = Connection::open(&path).expect("sqlite");
    other
        .execute_batch("BEGIN EXCLUSIVE")
        .expect("another program's lock");
    let started = Instant::now();
    let error = store.buy(&BLACK_JACK).expect_err("locked");
    assert!(matches!(error, StoreError::Locked { .. }), "{error:?}");
    assert!(
        started.elapsed() >= BUSY_TIMEOUT,
        "it waited for the lock first"
    );
    assert!(
        error.to_string().contains("locked by another program"),
        "{error}"
    );
    other.execute_batch("ROLLBACK").expect("released");

    assert_eq!(store.balance().expect("a balance"), balance);
    assert_eq!(store.all_units().expect("units").len(), units);
    store
        .buy(&BLACK_JACK)
        .expect("buying works once the lock is gone");
}

#[test]
fn a_folder_that_cannot_be_created_is_a_clear_error() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let file = folder.path().join("file");
    fs::write(&file, "x").expect("a file");
    let error = support::open(&file.join("guichet.sqlite3")).expect_err("no folder inside a file");
    assert!(matches!(error, StoreError::CannotOpen { .. }), "{error:?}");
}

#[test]
fn a_file_nobody_may_read_is_not_called_read_only() {
    let (_folder, path) = healthy();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o000)).expect("mode 000");
    let error = refused(&path);
    assert!(
        matches!(error, StoreError::NoPermission { mode: 0, .. }),
        "{error:?}"
    );
    assert!(error.to_string().contains("cannot be read"), "{error}");
}

#[test]
fn a_folder_or_a_fifo_is_not_a_database_file() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let error = support::open(folder.path()).expect_err("a folder");
    assert!(
        matches!(error, StoreError::NotAFile { kind: "folder", .. }),
        "{error:?}"
    );
    let fifo = folder.path().join("pipe");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo");
    assert!(made.success());
    let error = support::open(&fifo).expect_err("a FIFO");
    assert!(
        matches!(error, StoreError::NotAFile { kind: "FIFO", .. }),
        "{error:?}"
    );
    assert!(error.is_about_the_file());
}

#[test]
fn a_dangling_link_is_not_followed_to_create_its_target() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let link = folder.path().join("guichet.sqlite3");
    let target = folder.path().join("elsewhere").join("target.sqlite3");
    std::os::unix::fs::symlink(&target, &link).expect("a link");
    let error = support::open(&link).expect_err("refused");
    assert!(matches!(error, StoreError::CannotOpen { .. }), "{error:?}");
    assert!(
        error
            .to_string()
            .contains("link to a file that does not exist"),
        "{error}"
    );
    assert!(!target.exists() && !target.parent().expect("a folder").exists());
}

#[test]
fn a_link_to_a_database_opens_it() {
    let (folder, path) = healthy();
    let link = folder.path().join("link.sqlite3");
    std::os::unix::fs::symlink(&path, &link).expect("a link");
    let mut store = support::open_existing(&link).expect("opened through the link");
    assert_eq!(
        store.balance().expect("a balance"),
        Cents(5_000 - 20 * 200 + won(&store))
    );
}

/// What the units of a store won, in cents.
fn won(store: &Store) -> i64 {
    store
        .all_units()
        .expect("units")
        .iter()
        .map(|unit| unit.prize.get())
        .sum()
}

#[test]
fn a_path_under_a_file_is_an_error_not_a_missing_database() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let notes = folder.path().join("notes.txt");
    fs::write(&notes, "notes").expect("a file");
    let error = support::open_existing(&notes.join("guichet.sqlite3")).expect_err("refused");
    assert!(matches!(error, StoreError::CannotOpen { .. }), "{error:?}");
}

#[test]
fn a_file_holding_less_than_the_header_magic_is_not_a_database() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let path = folder.path().join("short.sqlite3");
    // Fifteen bytes of the sixteen of the magic (its last is a zero byte).
    fs::write(&path, b"SQLite format 3").expect("a file");
    assert!(matches!(refused(&path), StoreError::NotADatabase { .. }));
    // The whole magic and nothing more: a database cut short.
    fs::write(&path, b"SQLite format 3\0").expect("a file");
    assert!(matches!(refused(&path), StoreError::Truncated { .. }));
}

#[test]
fn a_database_short_of_whole_pages_is_truncated() {
    let (_folder, path) = healthy();
    let bytes = fs::read(&path).expect("the file");
    // One page less: still a whole number of pages, fewer than the header says.
    fs::write(&path, &bytes[..bytes.len() - 4096]).expect("truncated");
    assert!(matches!(refused(&path), StoreError::Truncated { .. }));
    // An empty log beside it is no checkpoint under way.
    fs::write(wal(&path), b"").expect("an empty log");
    assert!(matches!(refused(&path), StoreError::Truncated { .. }));
}

#[test]
fn a_file_cut_in_its_header_is_truncated_even_beside_a_log() {
    let (_folder, path) = healthy();
    let bytes = fs::read(&path).expect("the file");
    fs::write(&path, &bytes[..50]).expect("cut in its header");
    fs::write(wal(&path), vec![0x5A; 4096]).expect("a log");
    assert!(matches!(refused(&path), StoreError::Truncated { .. }));
}

#[test]
fn a_short_file_beside_a_log_is_left_to_sqlites_own_checks() {
    // During a checkpoint the main file may be shorter than its header says:
    // with a log beside it, the header's page count is not trusted, and
    // SQLite itself judges the file.
    let (_folder, path) = healthy();
    let bytes = fs::read(&path).expect("the file");
    fs::write(&path, &bytes[..bytes.len() - 4096]).expect("one page short");
    fs::write(wal(&path), vec![0x5A; 4096]).expect("a log");
    let error = support::open(&path).expect_err("refused");
    assert!(error.is_about_the_file(), "{error:?}");
    assert!(!matches!(error, StoreError::Truncated { .. }), "{error:?}");
}

#[test]
fn a_seal_key_that_cannot_be_read_stops_the_store_at_open() {
    let (_folder, path) = healthy();
    let key = support::open(&path).expect("the store").key_path();
    fs::remove_file(&key).expect("the key removed");
    fs::create_dir(&key).expect("a folder in its place");
    let error = support::open(&path).expect_err("refused");
    assert!(
        matches!(error, StoreError::SealKeyUnreadable { .. }),
        "{error:?}"
    );
}

#[test]
fn a_tally_that_cannot_be_read_stops_the_store_at_open() {
    let (_folder, path) = healthy();
    let tally = sibling(&path, ".tally");
    fs::remove_file(&tally).expect("the tally removed");
    fs::create_dir(&tally).expect("a folder in its place");
    let error = support::open(&path).expect_err("refused");
    assert!(
        matches!(&error, StoreError::SideFile { reason, .. } if reason.contains("directory")),
        "{error:?}"
    );
}

/// The file beside `path` named with `suffix`.
fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    name.into()
}

#[test]
fn only_an_existing_database_opens_when_one_is_required() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let path = folder.path().join("missing").join("guichet.sqlite3");
    let error = support::open_existing(&path).expect_err("refused");
    assert!(matches!(error, StoreError::NoDatabase { .. }), "{error:?}");
    assert!(
        !path.parent().expect("a folder").exists(),
        "nothing created"
    );
}
