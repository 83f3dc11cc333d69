//! What the store acts on proves itself at the moment it acts, not only at
//! its open: each attack made as a fraudster makes it — sqlite3 on the file
//! of a running kiosk, no key — then the kiosk's own API, which must refuse
//! before it pays, and `verify`, which must name the record.

mod support;

use std::path::Path;

use guichet_core::games::blackjack::game::BLACK_JACK;
use guichet_core::money::Cents;
use guichet_sale::{PointOfSale as _, StoreError};
use guichet_sqlite::{PinCheck, Store};
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

/// The links of the chain: none is added over a forged record.
fn links(path: &Path) -> i64 {
    value(path, "SELECT COUNT(*) FROM chain")
}

/// Whether `verify` names a record of `table` (`"units 3: changed since
/// chain link …"`).
fn verify_names(path: &Path, table: &str) -> bool {
    findings(path).iter().any(|finding| {
        finding.starts_with(&format!("{table} ")) && finding.contains("changed since")
    })
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

#[test]
fn a_settled_losing_unit_set_back_to_sold_with_a_prize_is_never_paid() {
    let clock = FakeClock::new();
    let (_folder, path, mut store) = two_players(&clock);
    store.sign_in("1", "1111").expect("1 signs in");
    let losing = (0..50)
        .map(|_| {
            let unit = store.buy(&BLACK_JACK).expect("a unit");
            store.finish(unit.id).expect("settled").unit
        })
        .find(|unit| unit.prize == Cents::ZERO)
        .expect("a losing unit");
    // sqlite3, no key: the settled loser made unfinished again, worth 5 000 €.
    support::forge::forge(
        &path,
        &format!(
            "UPDATE units SET state = 'sold', settled_at = NULL, prize_cents = 500000 WHERE id = {}",
            losing.id
        ),
    );
    let (balance, before, chained) = (
        store.balance().expect("a balance"),
        entries(&path),
        links(&path),
    );
    let record = forged(store.finish(losing.id));
    assert!(
        record.starts_with(&format!("units {}", losing.id)),
        "{record}"
    );
    assert_eq!(
        store.balance().expect("a balance"),
        balance,
        "nothing credited"
    );
    assert_eq!(
        (entries(&path), links(&path)),
        (before, chained),
        "nothing paid, nothing chained"
    );
    assert_eq!(
        value(
            &path,
            &format!("SELECT prize_cents FROM units WHERE id = {}", losing.id)
        ),
        500_000,
        "the forged row left as it was found, for the operator"
    );
    drop(store);
    assert!(verify_names(&path, "units"), "verify names it");
}

#[test]
fn a_next_index_moved_to_a_unit_seen_winning_sells_nothing() {
    let clock = FakeClock::new();
    let (_folder, path, mut store) = two_players(&clock);
    store.sign_in("1", "1111").expect("1 signs in");
    let unit = store.buy(&BLACK_JACK).expect("a unit");
    store.finish(unit.id).expect("settled");
    // sqlite3, no key: the selling block's next unit moved three on.
    support::forge::forge(
        &path,
        "UPDATE blocks SET next_index = next_index + 3 WHERE emission = 'blackjack@200' AND status = 'selling'",
    );
    let (balance, before, units) = (
        store.balance().expect("a balance"),
        entries(&path),
        value(&path, "SELECT COUNT(*) FROM units"),
    );
    let record = forged(store.buy(&BLACK_JACK));
    assert!(record.starts_with("blocks "), "{record}");
    assert_eq!(
        store.balance().expect("a balance"),
        balance,
        "no stake taken"
    );
    assert_eq!(
        (entries(&path), value(&path, "SELECT COUNT(*) FROM units")),
        (before, units),
        "nothing sold"
    );
    drop(store);
    assert!(verify_names(&path, "blocks"), "verify names it");
}

#[test]
fn a_known_pins_hash_copied_onto_a_victims_row_signs_nobody_in() {
    let clock = FakeClock::new();
    let (_folder, path, mut store) = two_players(&clock);
    // sqlite3, no key: player 1's hash (PIN 1111, the attacker's own) put on
    // player 2's row.
    support::forge::forge(
        &path,
        "UPDATE players SET pin_hash = (SELECT pin_hash FROM players WHERE card = '1') WHERE card = '2'",
    );
    let record = forged(store.sign_in("2", "1111"));
    assert!(record.starts_with("players "), "{record}");
    assert_eq!(store.card(), None, "nobody signed in");
    assert!(
        matches!(store.withdraw(Cents::euros(50)), Err(StoreError::SignedOut)),
        "nothing paid"
    );
    store
        .sign_in("1", "1111")
        .expect("the attacker's own card still works");
    drop(store);
    assert!(verify_names(&path, "players"), "verify names it");
}

#[test]
fn an_operator_pin_hash_written_in_opens_no_menu() {
    let clock = FakeClock::new();
    let (_folder, path, mut store) = two_players(&clock);
    store.set_operator_pin("2468").expect("the operator's PIN");
    // The attacker's hash of a PIN they know, made by a kiosk of their own.
    let (_theirs, their_path) = support::new_path();
    let mut theirs = support::open(&their_path).expect("their kiosk");
    theirs.set_operator_pin("1357").expect("their PIN");
    drop(theirs);
    let hash: String = support::raw(&their_path)
        .query_row("SELECT hash FROM operator_pin", [], |row| row.get(0))
        .expect("their hash");
    support::forge::forge(
        &path,
        &format!("UPDATE operator_pin SET hash = '{hash}' WHERE id = 1"),
    );
    let chained = links(&path);
    let record = forged(store.check_operator_pin("1357"));
    assert!(record.starts_with("operator_pin "), "{record}");
    assert_eq!(links(&path), chained, "no try logged over it");
    drop(store);
    assert!(verify_names(&path, "operator_pin"), "verify names it");
}

#[test]
fn an_operator_lock_deleted_or_dated_back_is_never_lifted() {
    let forgeries = [
        "DROP TRIGGER events_are_append_only_delete;
         DELETE FROM events WHERE kind IN ('pin_wrong', 'lockout');",
        "DROP TRIGGER events_are_append_only_update;
         UPDATE events SET at = '2026-01-01T00:00:00Z' WHERE kind = 'lockout';",
    ];
    for forgery in forgeries {
        let clock = FakeClock::new();
        let (_folder, path, mut store) = two_players(&clock);
        store.set_operator_pin("2468").expect("the operator's PIN");
        for _ in 0..guichet_sqlite::MAX_PIN_TRIES {
            store.check_operator_pin("0000").expect("a wrong try");
        }
        assert!(matches!(
            store.check_operator_pin("2468").expect("a try"),
            PinCheck::Locked { .. }
        ));
        support::forge::forge(&path, forgery);
        let record = forged(store.check_operator_pin("2468"));
        assert!(record.starts_with("events "), "{forgery}: {record}");
        drop(store);
        assert!(
            findings(&path)
                .iter()
                .any(|finding| finding.starts_with("events ")),
            "verify names it"
        );
    }
}

#[test]
fn a_setting_changed_behind_the_kiosk_is_not_taken() {
    let clock = FakeClock::new();
    let (_folder, path, mut store) = two_players(&clock);
    store
        .set_kiosk_setting("reality_minutes", "15")
        .expect("set");
    for forgery in [
        "UPDATE kiosk_settings SET value = '90' WHERE name = 'reality_minutes'",
        "DELETE FROM kiosk_settings WHERE name = 'reality_minutes'",
    ] {
        support::forge::forge(&path, forgery);
        let record = forged(store.kiosk_setting("reality_minutes"));
        assert!(
            record.starts_with("kiosk_settings reality_minutes"),
            "{record}"
        );
        assert!(
            store.set_kiosk_setting("reality_minutes", "90").is_err(),
            "never chained over"
        );
    }
    drop(store);
    assert!(
        findings(&path)
            .iter()
            .any(|finding| finding.starts_with("kiosk_settings reality_minutes")),
        "verify names it"
    );
}

#[test]
fn sound_records_still_sell_play_and_sign_in() {
    let clock = FakeClock::new();
    let (_folder, path, mut store) = two_players(&clock);
    store.set_operator_pin("2468").expect("the operator's PIN");
    store.set_kiosk_setting("volume", "40").expect("set");
    store.set_kiosk_setting("volume", "50").expect("set again");
    assert_eq!(
        store.kiosk_setting("volume").expect("read").as_deref(),
        Some("50")
    );
    assert_eq!(
        store.kiosk_setting("sound").expect("read"),
        None,
        "never set"
    );
    assert_eq!(
        store.check_operator_pin("2468").expect("a try"),
        PinCheck::Right
    );
    store.sign_in("2", "2222").expect("2 signs in");
    for _ in 0..3 {
        let unit = store.buy(&BLACK_JACK).expect("a unit");
        store.finish(unit.id).expect("settled");
    }
    drop(store);
    assert_eq!(findings(&path), Vec::<String>::new());
}

#[test]
fn a_try_edited_in_the_middle_of_a_card_locks_window_is_never_taken() {
    let clock = FakeClock::new();
    let (_folder, path, mut store) = two_players(&clock);
    for _ in 0..guichet_sqlite::PLAYER_PIN_TRIES {
        assert!(store.sign_in("1", "0000").is_err(), "a wrong PIN");
    }
    // sqlite3, no key: a wrong PIN of the window, neither the first nor the
    // last event, made a right one.
    support::forge::forge(
        &path,
        "DROP TRIGGER events_are_append_only_update;
         UPDATE events SET kind = 'player_pin_right' WHERE id = (
             SELECT MIN(id) + 1 FROM events WHERE player_id = 1 AND kind = 'player_pin_wrong');",
    );
    let record = forged(store.sign_in("1", "1111"));
    assert!(record.starts_with("events "), "{record}");
    assert_eq!(store.card(), None, "nobody signed in");
    drop(store);
    assert!(
        findings(&path)
            .iter()
            .any(|finding| finding.starts_with("events ")),
        "verify names it"
    );
}
