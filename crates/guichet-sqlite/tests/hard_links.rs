//! Side files that are what they claim, as an attacker with the folder tries
//! them with hard links: a tally that is a second name of another file — of
//! another kiosk's tally, of the kiosk's own seal key — and a seal key with a
//! second name. Each is refused before a byte is written, naming the file,
//! and the file linked to keeps its bytes.

mod support;

use std::fs;
use std::path::{Path, PathBuf};

use guichet_core::games::blackjack::game::BLACK_JACK;
use guichet_core::money::Cents;
use guichet_sale::{PointOfSale as _, StoreError};
use guichet_sqlite::OpenOptions;
use guichet_sqlite::keys::KeyStore;
use support::{OpensAsThePlayer as _, new_path};

/// The tally beside the database at `path`.
fn tally_of(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".tally");
    name.into()
}

/// Whether `error` refuses `file` as a hard link, on one line naming it.
fn refuses_as_hard_link(error: &StoreError, file: &Path) -> bool {
    let said = error.to_string();
    said.contains("hard link")
        && said.contains(&*file.to_string_lossy())
        && said.lines().count() == 1
}

#[test]
fn a_tally_hard_linked_to_another_kiosks_tally_is_refused_and_that_tally_not_written() {
    let (folder, path) = new_path();
    drop(support::open(&path).expect("a store"));
    let victim = folder.path().join("other.sqlite3");
    {
        let mut other = support::open(&victim).expect("another store");
        support::set_highest_limits(&mut other);
        other.deposit(Cents::euros(10)).expect("a deposit");
        let unit = other.buy(&BLACK_JACK).expect("a sale: its tally moves");
        other.finish(unit.id).expect("settled");
    }
    let victim_tally = tally_of(&victim);
    let before = fs::read(&victim_tally).expect("its tally");
    let tally = tally_of(&path);
    fs::remove_file(&tally).expect("the tally removed");
    fs::hard_link(&victim_tally, &tally).expect("a hard link in its place");

    let error = support::open(&path).expect_err("refused");
    assert!(
        matches!(&error, StoreError::SideFile { .. }) && refuses_as_hard_link(&error, &tally),
        "{error:?}"
    );
    assert_eq!(fs::read(&victim_tally).expect("its tally"), before);
    let error = support::open(&victim).expect_err("the other is linked to as well");
    assert!(refuses_as_hard_link(&error, &victim_tally), "{error}");
    fs::remove_file(&tally).expect("the link removed");
    let mut other = support::open(&victim).expect("the other opens again");
    let unit = other.buy(&BLACK_JACK).expect("and sells");
    other.finish(unit.id).expect("settled");
    assert_eq!(
        fs::read(&victim_tally).map(|bytes| bytes == before).ok(),
        Some(false)
    );
}

#[test]
fn a_tally_hard_linked_to_the_seal_key_never_overwrites_the_key() {
    let folder = tempfile::tempdir().expect("a folder, the key store in it");
    let path = folder.path().join("guichet.sqlite3");
    let options = OpenOptions::new().keys(KeyStore::Folder(folder.path().join("keys")));
    let key_path = {
        let mut store = options.open_as_player(&path).expect("a store");
        support::set_highest_limits(&mut store);
        store.deposit(Cents::euros(10)).expect("a deposit");
        store.key_path()
    };
    let key = fs::read(&key_path).expect("the seal key");
    let tally = tally_of(&path);
    fs::remove_file(&tally).expect("the tally removed");
    fs::hard_link(&key_path, &tally).expect("the tally a second name of the key");

    let error = options.open_as_player(&path).expect_err("refused");
    assert!(
        refuses_as_hard_link(&error, &tally) || refuses_as_hard_link(&error, &key_path),
        "{error:?}"
    );
    assert_eq!(
        fs::read(&key_path).expect("the seal key"),
        key,
        "never written"
    );
    fs::remove_file(&tally).expect("the link removed");
    let mut store = options
        .open_as_player(&path)
        .expect("it opens with its key");
    assert_eq!(store.seal_problem().map(|error| error.to_string()), None);
    let unit = store.buy(&BLACK_JACK).expect("it sells");
    store.finish(unit.id).expect("settled");
    assert_eq!(fs::read(&key_path).expect("the seal key"), key);
}

#[test]
fn a_seal_key_with_a_second_name_is_refused_and_nothing_sold() {
    let folder = tempfile::tempdir().expect("a folder, the key store in it");
    let path = folder.path().join("guichet.sqlite3");
    let options = OpenOptions::new().keys(KeyStore::Folder(folder.path().join("keys")));
    let key_path = options.open_as_player(&path).expect("a store").key_path();
    let key = fs::read(&key_path).expect("the seal key");
    let second = folder.path().join("copied.key");
    fs::hard_link(&key_path, &second).expect("a second name");

    let error = options.open_as_player(&path).expect_err("refused");
    assert!(
        matches!(&error, StoreError::SealKeyUnreadable { .. })
            && refuses_as_hard_link(&error, &key_path),
        "{error:?}"
    );
    assert_eq!(fs::read(&key_path).expect("the seal key"), key);
    fs::remove_file(&second).expect("the second name removed");
    assert!(options.open_as_player(&path).is_ok(), "it opens again");
}
