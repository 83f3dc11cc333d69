//! What the store acts on proves itself at the moment it acts, not only at
//! its open: each attack made as a fraudster makes it — sqlite3 on the file
//! of a running kiosk, no key — then the kiosk's own API, which must refuse
//! before it pays, and `verify`, which must name the record.

mod support;

use std::path::Path;

use guichet_core::money::Cents;
use guichet_sale::StoreError;
use guichet_sqlite::Store;
use support::FakeClock;

/// A running kiosk's file on `clock` with players "1" and "2" (PINs 1111
/// and 2222), both 18 or over, with the highest limits and 50 € each, 2's
/// deposit the last entry of the ledger; acting for nobody.
fn two_players(clock: &FakeClock) -> (tempfile::TempDir, std::path::PathBuf, Store) {
    let (folder, path) = support::new_path();
    let reading = clock.clone();
    let mut store = support::seeded(1)
        .clock(move || reading.now())
        .open(&path)
        .expect("a store");
    for (card, pin) in [("1", "1111"), ("2", "2222")] {
        store.add_player(card, pin, true).expect("a player");
        store.sign_in(card, pin).expect("signed in");
        support::set_highest_limits(&mut store);
        store.deposit(Cents::euros(50)).expect("a deposit");
    }
    store.sign_out().expect("signed out");
    (folder, path, store)
}

/// One value of the file.
fn value(path: &Path, sql: &str) -> i64 {
    support::raw(path)
        .query_row(sql, [], |row| row.get(0))
        .expect("a value")
}

/// The ledger's entries.
fn entries(path: &Path) -> i64 {
    value(path, "SELECT COUNT(*) FROM ledger")
}

/// The record a refused act names, or a panic naming what it did instead.
fn forged<T: std::fmt::Debug>(acted: Result<T, StoreError>) -> String {
    match acted {
        Err(StoreError::Forged { record, .. }) => record,
        other => panic!("acted on a forged record: {other:?}"),
    }
}

/// What `verify` finds in the file at `path`, opened to read.
fn findings(path: &Path) -> Vec<String> {
    support::options()
        .read_only()
        .open(path)
        .expect("it opens to read")
        .verify()
        .expect("a verdict")
}

#[test]
fn a_balance_raised_while_another_players_entry_is_last_pays_nothing() {
    let clock = FakeClock::new();
    let (_folder, path, mut store) = two_players(&clock);
    // sqlite3, no key: player 1's last entry (not the ledger's last) made
    // 950 €.
    support::forge::forge(
        &path,
        "DROP TRIGGER ledger_is_append_only_update;
         UPDATE ledger SET balance_after_cents = 95000
         WHERE id = (SELECT MAX(id) FROM ledger WHERE player_id = 1);",
    );
    let before = entries(&path);
    store.sign_in("1", "1111").expect("1 signs in");
    let record = forged(store.withdraw(Cents::euros(900)));
    assert!(record.contains("was changed after chain link"), "{record}");
    assert_eq!(entries(&path), before, "nothing paid, nothing chained");
    drop(store);
    assert!(
        findings(&path)
            .iter()
            .any(|finding| finding.starts_with("ledger ") && finding.contains("changed since")),
        "verify names it"
    );
}

#[test]
fn a_withdrawal_taken_out_is_never_paid_twice() {
    // The withdrawal the ledger's last entry, then with another player's
    // entry after it.
    for another_after in [false, true] {
        let clock = FakeClock::new();
        let (_folder, path, mut store) = two_players(&clock);
        store.sign_in("1", "1111").expect("1 signs in");
        store.withdraw(Cents::euros(40)).expect("paid once");
        if another_after {
            store.sign_in("2", "2222").expect("2 signs in");
            store.deposit(Cents::euros(5)).expect("2 deposits");
            store.sign_in("1", "1111").expect("1 signs in");
        }
        support::forge::forge(
            &path,
            "DROP TRIGGER ledger_is_append_only_delete;
             DELETE FROM ledger WHERE id = (
                 SELECT MAX(id) FROM ledger WHERE player_id = 1 AND kind = 'withdrawal');",
        );
        let before = entries(&path);
        let record = forged(store.withdraw(Cents::euros(40)));
        assert!(record.contains("deleted"), "{record}");
        assert_eq!(entries(&path), before, "nothing paid twice");
        drop(store);
        assert!(
            findings(&path)
                .iter()
                .any(|finding| finding.starts_with("ledger ") && finding.contains("deleted")),
            "verify names it"
        );
    }
}

#[test]
fn a_sound_ledger_still_pays() {
    let clock = FakeClock::new();
    let (_folder, path, mut store) = two_players(&clock);
    store.sign_in("1", "1111").expect("1 signs in");
    store.withdraw(Cents::euros(10)).expect("paid");
    store.sign_in("2", "2222").expect("2 signs in");
    store.withdraw(Cents::euros(10)).expect("paid");
    assert_eq!(store.verify().expect("a verdict"), Vec::<String>::new());
    drop(store);
    assert_eq!(findings(&path), Vec::<String>::new());
}

#[test]
fn a_card_lock_deleted_from_the_log_is_never_lifted() {
    let clock = FakeClock::new();
    let (_folder, path, mut store) = two_players(&clock);
    for _ in 0..guichet_sqlite::PLAYER_PIN_TRIES {
        assert!(store.sign_in("1", "0000").is_err(), "a wrong PIN");
    }
    assert!(
        matches!(store.sign_in("1", "1111"), Err(StoreError::SignIn(_))),
        "the card is locked"
    );
    // sqlite3, no key: the tail of the log — the wrong PINs and the lock —
    // taken out.
    support::forge::forge(
        &path,
        "DROP TRIGGER events_are_append_only_delete;
         DELETE FROM events WHERE id > (
             SELECT MAX(id) FROM events WHERE player_id = 1 AND kind NOT IN ('player_pin_wrong', 'player_lockout'));",
    );
    let record = forged(store.sign_in("1", "1111"));
    assert!(record.contains("deleted"), "{record}");
    assert_eq!(store.card(), None, "nobody signed in");
    drop(store);
    assert!(
        findings(&path)
            .iter()
            .any(|finding| finding.starts_with("events ") && finding.contains("deleted")),
        "verify names it"
    );
}

#[test]
fn a_break_shortened_while_the_kiosk_runs_is_never_honoured() {
    let clock = FakeClock::new();
    let (_folder, path, mut store) = two_players(&clock);
    store.sign_in("1", "1111").expect("1 signs in");
    store.exclude(1).expect("a day's break");
    // sqlite3, no key, the kiosk running: the break made to end an hour ago.
    support::forge::forge(
        &path,
        "DROP TRIGGER protection_is_append_only_update;
         UPDATE protection SET until = '2000-01-01T00:00:00Z' WHERE kind = 'exclusion';",
    );
    let before = entries(&path);
    let record = forged(store.deposit(Cents::euros(10)));
    assert!(record.starts_with("protection "), "{record}");
    assert_eq!(entries(&path), before, "nothing taken");
    drop(store);
    assert!(
        findings(&path)
            .iter()
            .any(|finding| finding.starts_with("protection ") && finding.contains("changed since")),
        "verify names it"
    );
}
