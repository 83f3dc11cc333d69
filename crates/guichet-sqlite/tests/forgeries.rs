//! The forgery suite: a kiosk's file forged with the sqlite3 tool's powers
//! (raw SQL, triggers dropped and put back, functions of one's own) but not
//! its key, one class of forgery per test, each on a copy of one sound
//! kiosk; `verify` names the record forged. The untouched copy is sound.
//! What the file alone cannot tell — an older copy, records cut off its
//! end, another kiosk's file — a closing kept apart does.

mod support;
use support::OpensAsThePlayer as _;

use std::fs;
use std::path::{Path, PathBuf};

use guichet_core::games::blackjack::game::BLACK_JACK;
use guichet_core::money::Cents;
use guichet_sale::PointOfSale as _;
use guichet_sale::{LimitKind, StoreError};
use guichet_sqlite::Store;
use jiff::SignedDuration;
use rusqlite::functions::FunctionFlags;
use support::FakeClock;
use tempfile::TempDir;

/// A deposit limit raised to 500 € at once, an hour after the lived-in
/// kiosk's limit of 50 € was set (the rules make a raise wait 48 h).
const RAISE_AT_ONCE: &str =
    "INSERT INTO protection (at, kind, amount_cents, effective_at, player_id)
     VALUES ('2026-11-30T09:00:00Z', 'deposit_limit', 50000, '2026-11-30T09:00:00Z', 1)";

/// A break until 10:00 recorded inside the lived-in kiosk's break of a day.
const SHORTER_BREAK: &str = "INSERT INTO protection (at, kind, until, player_id)
     VALUES ('2026-11-30T09:00:00Z', 'exclusion', '2026-11-30T10:00:00Z', 1)";

/// The store at `path`, on `clock`.
fn on_clock(clock: &FakeClock, path: &Path) -> Result<Store, StoreError> {
    let reading = clock.clone();
    support::seeded(1)
        .clock(move || reading.now())
        .open_as_player(path)
}

/// Both 7-day limits at 50 €.
fn limits_of_50(store: &mut Store) {
    store
        .set_limit(LimitKind::Deposit, Cents::euros(50))
        .expect("a deposit limit");
    store
        .set_limit(LimitKind::Stake, Cents::euros(50))
        .expect("a stake limit");
}

/// A kiosk that has lived a little: limits, deposits, units played, a
/// withdrawal, a break; closed, so that its file holds everything.
fn lived_in() -> (TempDir, PathBuf) {
    let clock = FakeClock::new();
    let (folder, path) = support::new_path();
    let mut store = on_clock(&clock, &path).expect("a store");
    limits_of_50(&mut store);
    store.deposit(Cents::euros(40)).expect("a deposit");
    for _ in 0..3 {
        clock.advance(SignedDuration::from_mins(5));
        let unit = store.buy(&BLACK_JACK).expect("a unit");
        store.finish(unit.id).expect("settled");
    }
    clock.advance(SignedDuration::from_mins(5));
    store.withdraw(Cents::euros(5)).expect("a withdrawal");
    store.exclude(1).expect("a break");
    drop(store);
    (folder, path)
}

/// A copy of `path` in a folder of its own (same database id: same keys).
fn copy_of(path: &Path) -> (TempDir, PathBuf) {
    let folder = tempfile::tempdir().expect("a folder");
    let copy = folder.path().join("copy.sqlite3");
    fs::copy(path, &copy).expect("copied");
    (folder, copy)
}

/// What `verify` finds in the file at `path`, opened to read as `guichet
/// verify` does.
fn findings(path: &Path) -> Vec<String> {
    support::options()
        .read_only()
        .open_as_player(path)
        .expect("it opens to read")
        .verify()
        .expect("a verdict")
        .into_iter()
        .map(|finding| finding.replace(['\u{a0}', '\u{202f}'], " "))
        .collect()
}

/// Forges a copy of a lived-in kiosk with `forgery` and returns what verify
/// finds in it.
fn forged(forgery: impl FnOnce(&Path)) -> Vec<String> {
    let (_folder, path) = lived_in();
    let (_copy_folder, copy) = copy_of(&path);
    forgery(&copy);
    findings(&copy)
}

/// Asserts that one finding contains every fragment of `fragments`.
fn named(found: &[String], fragments: &[&str]) {
    assert!(
        found
            .iter()
            .any(|finding| fragments.iter().all(|fragment| finding.contains(fragment))),
        "no finding with {fragments:?} among {found:#?}"
    );
}

/// A raw connection to `path` with the forger's own chain functions: the
/// right shapes, a key of their own.
fn with_functions_of_ones_own(path: &Path) -> rusqlite::Connection {
    let connection = support::raw(path);
    connection
        .create_scalar_function("guichet_chain_at", 0, FunctionFlags::SQLITE_UTF8, |_| {
            Ok("2026-11-30T09:00:00Z".to_owned())
        })
        .expect("a function");
    connection
        .create_scalar_function("guichet_chain_mac", 5, FunctionFlags::SQLITE_UTF8, |_| {
            Ok(vec![7_u8; 32])
        })
        .expect("a function");
    connection
}

/// One value of the copy.
fn value(path: &Path, sql: &str) -> i64 {
    support::raw(path)
        .query_row(sql, [], |row| row.get(0))
        .expect("a value")
}

#[test]
fn the_untouched_copy_is_sound() {
    let (_folder, path) = lived_in();
    let (_copy_folder, copy) = copy_of(&path);
    assert_eq!(findings(&copy), Vec::<String>::new());
}

#[test]
fn an_inserted_deposit_with_a_consistent_balance_is_found() {
    let found = forged(|copy| {
        let balance = value(
            copy,
            "SELECT balance_after_cents FROM ledger ORDER BY id DESC LIMIT 1",
        );
        let at = "2026-11-30T09:00:00Z";
        support::forge::forge(
            copy,
            &format!(
                "INSERT INTO ledger (at, kind, amount_cents, balance_after_cents, player_id) VALUES ('{at}', 'deposit', 1000, {}, 1)",
                balance + 1000
            ),
        );
    });
    let id = found
        .iter()
        .find_map(|finding| {
            finding.strip_prefix("ledger ").and_then(|rest| {
                rest.strip_suffix(": in no link of the chain — written without the key")
            })
        })
        .unwrap_or_else(|| panic!("the insert not named in {found:#?}"));
    assert!(id.parse::<i64>().is_ok(), "{id}");
}

#[test]
fn a_50_000_euro_deposit_is_found_twice() {
    let found = forged(|copy| {
        let balance = value(
            copy,
            "SELECT balance_after_cents FROM ledger ORDER BY id DESC LIMIT 1",
        );
        support::forge::forge(
            copy,
            &format!(
                "INSERT INTO ledger (at, kind, amount_cents, balance_after_cents, player_id)
                 VALUES ('2026-11-30T09:00:00Z', 'deposit', 5000000, {}, 1)",
                balance + 5_000_000
            ),
        );
    });
    named(
        &found,
        &["a deposit of 50 000 €, above the 10 000 € one deposit may be"],
    );
    named(&found, &["in no link of the chain"]);
}

#[test]
fn a_ledger_date_moved_ahead_or_back_is_found() {
    for date in ["2099-01-01T00:00:00Z", "2020-01-01T00:00:00Z"] {
        let found = forged(|copy| {
            support::forge::forge(
                copy,
                &format!(
                    "DROP TRIGGER ledger_is_append_only_update;
                     UPDATE ledger SET at = '{date}' WHERE id = 2;"
                ),
            );
        });
        named(&found, &["ledger 2: changed since chain link", date]);
        // A short row is shown whole, was and is.
        let changed = found
            .iter()
            .find(|finding| finding.starts_with("ledger 2: changed"))
            .expect("the edit");
        assert!(
            changed.contains(&format!(", is [2,\"{date}\",")) && !changed.contains('…'),
            "{changed}"
        );
        named(
            &found,
            &["ledger entry ", "before the one written before it"],
        );
        named(
            &found,
            &["ledger_is_append_only_update", "missing (dropped)"],
        );
    }
}

#[test]
fn a_deleted_break_is_found() {
    let found = forged(|copy| {
        let exclusion = value(copy, "SELECT id FROM protection WHERE kind = 'exclusion'");
        support::forge::forge(
            copy,
            &format!(
                "DROP TRIGGER protection_is_append_only_delete;
                 DELETE FROM protection WHERE id = {exclusion};
                 CREATE TRIGGER protection_is_append_only_delete BEFORE DELETE ON protection BEGIN
                     SELECT RAISE(ABORT, 'the protection records are append-only');
                 END;"
            ),
        );
    });
    named(
        &found,
        &["protection ", ": deleted — chain link", "holds it"],
    );
    assert!(
        !found
            .iter()
            .any(|finding| finding.starts_with("the schema")),
        "the trigger was put back as it was: {found:#?}"
    );
}

#[test]
fn two_links_swapped_are_found() {
    let found = forged(|copy| {
        support::forge::forge(
            copy,
            "DROP TRIGGER chain_is_append_only_update;
             DROP TRIGGER chain_runs_forward;
             UPDATE chain SET seq = seq + 1000000 WHERE seq IN (5, 6);
             UPDATE chain SET seq = 6 WHERE seq = 1000005;
             UPDATE chain SET seq = 5 WHERE seq = 1000006;",
        );
    });
    named(&found, &["chain link 5 ", "its MAC does not match"]);
    named(&found, &["chain link 6 ", "its MAC does not match"]);
}

#[test]
fn a_link_deleted_with_its_row_is_found() {
    let found = forged(|copy| {
        let withdrawal = value(copy, "SELECT id FROM ledger WHERE kind = 'withdrawal'");
        let link = value(
            copy,
            &format!("SELECT seq FROM chain WHERE record = 'ledger' AND row_key = '{withdrawal}'"),
        );
        support::forge::forge(
            copy,
            &format!(
                "DROP TRIGGER chain_is_append_only_delete;
                 DROP TRIGGER ledger_is_append_only_delete;
                 DELETE FROM chain WHERE seq = {link};
                 DELETE FROM ledger WHERE id = {withdrawal};"
            ),
        );
    });
    named(&found, &["links ", "are missing"]);
}

#[test]
fn a_link_made_with_a_key_of_ones_own_is_found() {
    let found = forged(|copy| {
        let connection = with_functions_of_ones_own(copy);
        let balance: i64 = connection
            .query_row(
                "SELECT balance_after_cents FROM ledger ORDER BY id DESC LIMIT 1",
                [],
                |row| row.get(0),
            )
            .expect("a balance");
        connection
            .execute(
                "INSERT INTO ledger (at, kind, amount_cents, balance_after_cents, player_id)
                 VALUES ('2026-11-30T09:00:00Z', 'deposit', 1000, ?1, 1)",
                [balance + 1000],
            )
            .expect("a deposit chained by the forger");
    });
    named(&found, &["(ledger ", "its MAC does not match"]);
}

#[test]
fn a_dropped_trigger_is_found() {
    let found = forged(|copy| {
        support::raw(copy)
            .execute_batch("DROP TRIGGER one_unfinished_unit")
            .expect("dropped");
    });
    assert_eq!(
        found,
        ["the schema: the trigger one_unfinished_unit of version 8 is missing (dropped)"]
    );
}

#[test]
fn a_raise_of_a_limit_made_effective_at_once_is_found() {
    let found = forged(|copy| {
        support::forge::forge(copy, RAISE_AT_ONCE);
    });
    named(
        &found,
        &[
            "protection record ",
            "the deposit limit of 500,00 € takes effect at 2026-11-30T09:00:00Z, before the rules allow (2026-12-02T09:00:00Z)",
        ],
    );
}

#[test]
fn a_shortened_break_is_found() {
    let found = forged(|copy| {
        support::forge::forge(copy, SHORTER_BREAK);
    });
    named(
        &found,
        &[
            "protection record ",
            "a break until 2026-11-30T10:00:00Z shortens the one running",
        ],
    );
}

#[test]
fn the_store_refuses_a_record_dated_before_the_last_and_writes_nothing() {
    let clock = FakeClock::new();
    let (_folder, path) = support::new_path();
    let mut store = on_clock(&clock, &path).expect("a store");
    support::set_highest_limits(&mut store);
    store.deposit(Cents::euros(10)).expect("a deposit");
    let links = value(&path, "SELECT COUNT(*) FROM chain");
    clock.advance(SignedDuration::from_secs(-1));
    let error = store.deposit(Cents::euros(10)).expect_err("refused");
    assert!(matches!(error, StoreError::ClockBehind { .. }), "{error:?}");
    let message = error.to_string();
    assert!(
        message.contains("the clock is wrong") && message.contains("nothing was written"),
        "{message}"
    );
    assert_eq!(message.lines().count(), 1);
    assert_eq!(
        value(&path, "SELECT COUNT(*) FROM chain"),
        links,
        "nothing written"
    );
    assert_eq!(store.balance().expect("a balance"), Cents::euros(10));
    // Once the clock is right again, it writes.
    clock.advance(SignedDuration::from_secs(1));
    store.deposit(Cents::euros(10)).expect("a deposit");
}

#[test]
fn a_jump_ahead_of_the_clock_within_a_run_is_logged_and_warned() {
    let clock = FakeClock::new();
    let (_folder, path) = support::new_path();
    let mut store = on_clock(&clock, &path).expect("a store");
    limits_of_50(&mut store);
    store.deposit(Cents::euros(50)).expect("a deposit");
    clock.advance(SignedDuration::from_hours(24 * 8));
    store
        .deposit(Cents::euros(50))
        .expect("a week later, by the clock");
    assert_eq!(store.verify().expect("a verdict"), Vec::<String>::new());
    let warnings = store.verify_warnings().expect("warnings");
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0].starts_with("warning: event ")
            && warnings[0].contains("the clock moved forward 192 h")
            && warnings[0].contains("chain links"),
        "{warnings:?}"
    );
    // The operator's event log reads it.
    let events = store.events(10).expect("the events");
    assert!(
        events
            .iter()
            .any(|event| event.kind == guichet_sqlite::EventKind::ClockJump),
        "{events:?}"
    );
    // And the clock put back cannot write before the deposit it allowed.
    clock.advance(SignedDuration::from_hours(-24 * 8));
    assert!(matches!(
        store.deposit(Cents::euros(1)),
        Err(StoreError::ClockBehind { .. })
    ));
    // A day between two runs (the kiosk switched off) is no jump.
    drop(store);
    clock.advance(SignedDuration::from_hours(24 * 20));
    let mut store = on_clock(&clock, &path).expect("opened again");
    store.deposit(Cents::euros(1)).expect("a deposit");
    assert_eq!(store.verify_warnings().expect("warnings").len(), 1);
}

/// The lived-in kiosk carried on to today (the system's clock: its first
/// write closes the day and the month before) and its latest closing, as an
/// operator exported and kept it.
fn carried_on_and_closed(path: &Path) -> guichet_sqlite::ExportedClosing {
    let mut store = support::open(path).expect("it opens");
    store.deposit(Cents::euros(1)).expect("a deposit today");
    let closings = store.closings().expect("closings");
    assert!(closings.len() >= 2, "{closings:?}");
    guichet_sqlite::ExportedClosing::parse(&closings.last().expect("one").exported())
        .expect("a closing")
}

#[test]
fn an_older_copy_restored_does_not_contain_the_closing_kept_apart() {
    let (_folder, path) = lived_in();
    let (_copy_folder, backup) = copy_of(&path);
    let kept = carried_on_and_closed(&path);
    let restored = support::open(&backup).expect("the backup opens");
    let said = restored
        .check_closing(&kept)
        .expect("a check")
        .expect("refused");
    assert!(
        said.starts_with("the database does not contain closing "),
        "{said}"
    );
}

#[test]
fn records_cut_off_the_end_do_not_contain_the_closing_kept_apart() {
    let (_folder, path) = lived_in();
    let kept = carried_on_and_closed(&path);
    let (_copy_folder, copy) = copy_of(&path);
    // The last closing and every link from it cut off, as a file truncated
    // at a page boundary and repaired would be.
    support::forge::forge(
        &copy,
        &format!(
            "DROP TRIGGER chain_is_append_only_delete;
             DROP TRIGGER closings_are_append_only_delete;
             DELETE FROM chain WHERE seq >= (SELECT MIN(seq) FROM chain WHERE record = 'closings' AND row_key =
                 (SELECT CAST(id AS TEXT) FROM closings WHERE counter = {}));
             DELETE FROM closings WHERE counter >= {};",
            kept.counter, kept.counter
        ),
    );
    let store = support::options()
        .read_only()
        .open_as_player(&copy)
        .expect("it opens to read");
    let said = store
        .check_closing(&kept)
        .expect("a check")
        .expect("refused");
    assert!(
        said.starts_with(&format!(
            "the database does not contain closing {}",
            kept.counter
        )),
        "{said}"
    );
}

#[test]
fn another_kiosks_closing_is_not_this_files() {
    let (_folder, path) = lived_in();
    let kept = carried_on_and_closed(&path);
    let (_other_folder, other) = support::new_path();
    let other = support::open(&other).expect("another kiosk");
    let said = other
        .check_closing(&kept)
        .expect("a check")
        .expect("refused");
    assert!(said.contains("another kiosk's closing"), "{said}");
}

/// What opening `path` to write says: the record found forged.
fn refused_to_write(path: &Path) -> String {
    match support::open(path) {
        Err(StoreError::Forged { record, .. }) => record,
        other => panic!("a forged file opened to write: {other:?}"),
    }
}

#[test]
fn a_forged_or_deleted_limit_break_or_balance_is_never_acted_on() {
    // A limit raised at once behind the store's back: the store that would
    // have honoured it does not open to write.
    let (_folder, path) = lived_in();
    let (_raise_folder, raised) = copy_of(&path);
    support::forge::forge(&raised, RAISE_AT_ONCE);
    let record = refused_to_write(&raised);
    assert!(
        record.starts_with("protection ") && record.ends_with("is in no link of the chain"),
        "{record}"
    );
    // A balance topped up by a forged deposit: refused in one line.
    let (_deposit_folder, topped_up) = copy_of(&path);
    let balance = value(
        &topped_up,
        "SELECT balance_after_cents FROM ledger ORDER BY id DESC LIMIT 1",
    );
    support::forge::forge(
        &topped_up,
        &format!(
            "INSERT INTO ledger (at, kind, amount_cents, balance_after_cents, player_id)
             VALUES ('2026-11-30T09:00:00Z', 'deposit', 90000, {}, 1)",
            balance + 90_000
        ),
    );
    assert!(refused_to_write(&topped_up).starts_with("ledger "));
    let said = support::open(&topped_up).expect_err("refused").to_string();
    assert!(
        said.contains("the file was changed without its key")
            && said.contains("guichet verify --db"),
        "{said}"
    );
    assert_eq!(said.lines().count(), 1);
    // The last ledger entry edited in place.
    let (_edit_folder, edited) = copy_of(&path);
    support::forge::forge(
        &edited,
        "DROP TRIGGER ledger_is_append_only_update;
         UPDATE ledger SET amount_cents = amount_cents + 1, balance_after_cents = balance_after_cents + 1
         WHERE id = (SELECT MAX(id) FROM ledger);",
    );
    assert!(refused_to_write(&edited).contains("was changed after chain link"));
    // A break shortened by a record of the forger's own.
    let (_break_folder, shortened) = copy_of(&path);
    support::forge::forge(&shortened, SHORTER_BREAK);
    assert!(refused_to_write(&shortened).starts_with("protection "));
    // A break taken out.
    let (_deleted_folder, unbroken) = copy_of(&path);
    support::forge::forge(
        &unbroken,
        "DROP TRIGGER protection_is_append_only_delete;
         DELETE FROM protection WHERE kind = 'exclusion';",
    );
    let record = refused_to_write(&unbroken);
    assert!(
        record.starts_with("protection ")
            && record.ends_with("was deleted: a link of the chain holds it"),
        "{record}"
    );
    // The last withdrawal undone.
    let (_undone_folder, undone) = copy_of(&path);
    support::forge::forge(
        &undone,
        "DROP TRIGGER ledger_is_append_only_delete;
         DELETE FROM ledger WHERE id = (SELECT MAX(id) FROM ledger);",
    );
    let record = refused_to_write(&undone);
    assert!(
        record.starts_with("ledger ")
            && record.ends_with("was deleted: a link of the chain holds it"),
        "{record}"
    );
    // The untouched file opens to write.
    support::open(&path).expect("the sound file opens to write");
}

#[test]
fn a_chain_without_its_genesis_or_with_a_link_of_no_table_is_found() {
    let found = forged(|copy| {
        support::forge::forge(
            copy,
            "DROP TRIGGER chain_is_append_only_delete;
             DELETE FROM chain WHERE seq = 1;",
        );
    });
    named(
        &found,
        &["chain link 2: the chain does not begin with its genesis"],
    );
    let found = forged(|copy| {
        support::forge::forge(
            copy,
            "DROP TRIGGER chain_runs_forward;
             INSERT INTO chain (seq, at, record, row_key, content, mac)
             SELECT MAX(seq) + 1, '2026-11-30T09:00:00Z', 'bogus', '1', '[1]', zeroblob(32) FROM chain;",
        );
    });
    named(&found, &["(bogus 1)", "no such chained record"]);
}

#[test]
fn a_rekey_link_made_without_the_key_excuses_nothing() {
    // The attacker's way: the last ledger row raised to 9 997 €, the link
    // holding it rewritten to match, and a link `rekey` of their own (a zero
    // MAC) after it, so that the guard would hold the links before it to
    // their content only.
    let (_folder, path) = lived_in();
    let (_copy_folder, copy) = copy_of(&path);
    support::forge::forge(
        &copy,
        "DROP TRIGGER ledger_is_append_only_update;
         DROP TRIGGER chain_is_append_only_update;
         DROP TRIGGER chain_runs_forward;
         UPDATE ledger SET balance_after_cents = 999700 WHERE id = (SELECT MAX(id) FROM ledger);
         UPDATE chain SET content = (
             SELECT json_array(id, at, kind, amount_cents, unit_id, balance_after_cents, player_id)
             FROM ledger WHERE id = (SELECT MAX(id) FROM ledger))
         WHERE seq = (SELECT MAX(seq) FROM chain WHERE record = 'ledger');
         INSERT INTO chain (seq, at, record, row_key, content, mac)
         SELECT MAX(seq) + 1, '2026-11-30T09:00:00Z', 'rekey', '0',
                '{\"rekey\":\"the seal key was replaced\"}', zeroblob(32) FROM chain;",
    );
    let record = refused_to_write(&copy);
    assert!(record.contains("(rekey): made without the key"), "{record}");
    // Nothing was paid: the store never opened to write, so no withdrawal.
    assert!(support::open(&copy).is_err());
    let found = findings(&copy);
    named(&found, &["(rekey 0)", "its MAC does not match"]);
    named(&found, &["(ledger ", "its MAC does not match"]);
}

#[test]
fn a_protection_record_chained_with_a_key_of_ones_own_is_never_acted_on() {
    let (_folder, path) = lived_in();
    let (_copy_folder, copy) = copy_of(&path);
    let connection = with_functions_of_ones_own(&copy);
    connection
        .execute(RAISE_AT_ONCE, [])
        .expect("a raise, chained by the forger");
    drop(connection);
    let record = refused_to_write(&copy);
    assert!(record.contains("was made without the key"), "{record}");
}

#[test]
fn after_the_seal_key_is_replaced_the_records_before_still_open() {
    let (_folder, path) = lived_in();
    let key = support::open(&path).expect("it opens").key_path();
    std::fs::remove_file(&key).expect("the key lost");
    let mut store = support::open(&path).expect("it opens, the key lost");
    store
        .void_unsealable_blocks("seal key lost")
        .expect("voided under a new key");
    drop(store);
    // The limits and the break set before the new key are links of the old
    // one: held to their content, they still vouch for the records.
    let store = support::open(&path).expect("it opens again, under the new key");
    assert!(store.seal_problem().is_none());
    drop(store);
    // A record forged after the new key is still caught.
    support::forge::forge(
        &path,
        "INSERT INTO protection (at, kind, amount_cents, effective_at, player_id)
         VALUES ('2026-12-31T09:00:00Z', 'deposit_limit', 50000, '2026-12-31T09:00:00Z', 1)",
    );
    assert!(refused_to_write(&path).starts_with("protection "));
}

#[test]
fn a_trigger_replaced_by_another_of_its_name_is_found() {
    let found = forged(|copy| {
        support::raw(copy)
            .execute_batch(
                "DROP TRIGGER one_unfinished_unit;
                 CREATE TRIGGER one_unfinished_unit BEFORE INSERT ON units WHEN 0 BEGIN
                     SELECT RAISE(ABORT, 'never');
                 END;",
            )
            .expect("replaced");
    });
    assert_eq!(
        found,
        ["the schema: the trigger one_unfinished_unit is not version 8's (changed)"]
    );
}

#[test]
fn a_deposit_of_the_most_one_may_be_past_the_balance_cap_is_found_as_such() {
    let found = forged(|copy| {
        support::forge::forge(
            copy,
            "INSERT INTO ledger (at, kind, amount_cents, balance_after_cents, player_id)
             VALUES ('2026-11-30T09:00:00Z', 'deposit', 1000000, 10000001, 1)",
        );
    });
    named(
        &found,
        &["a deposit taking the balance to 100 000,01 €, above the 100 000 € a deposit may reach"],
    );
    assert!(
        !found
            .iter()
            .any(|finding| finding.contains("one deposit may be")),
        "exactly the most one deposit may be: {found:#?}"
    );
}

#[test]
fn a_limit_lowered_later_than_at_once_is_found() {
    // A lowering takes effect at once: delayed, it lets a week's worth more in.
    let found = forged(|copy| {
        support::forge::forge(
            copy,
            "INSERT INTO protection (at, kind, amount_cents, effective_at, player_id)
             VALUES ('2026-11-30T09:00:00Z', 'deposit_limit', 1000, '2026-12-07T09:00:00Z', 1)",
        );
    });
    named(
        &found,
        &[
            "the deposit limit of 10,00 € takes effect at 2026-12-07T09:00:00Z, not when the rules say (2026-11-30T09:00:00Z)",
        ],
    );
}

#[test]
fn a_break_forged_to_end_before_it_begins_is_one_finding() {
    // The lived-in kiosk's break runs until 2026-12-01T08:20:00Z; a record
    // made at that very second is after it, not within it.
    let found = forged(|copy| {
        support::forge::forge(
            copy,
            "INSERT INTO protection (at, kind, until, player_id)
             VALUES ('2026-12-01T08:20:00Z', 'exclusion', '2026-12-01T08:00:00Z', 1)",
        );
    });
    let of_the_record: Vec<&String> = found
        .iter()
        .filter(|finding| finding.starts_with("protection record "))
        .collect();
    assert_eq!(of_the_record.len(), 1, "{found:#?}");
    assert!(
        of_the_record[0].contains("a break that ends (2026-12-01T08:00:00Z) before it begins"),
        "{found:#?}"
    );
}

#[test]
fn a_raise_asked_again_keeps_its_date_and_is_sound() {
    let (_folder, path) = lived_in();
    let clock = FakeClock::new();
    clock.advance(SignedDuration::from_hours(1));
    let mut store = on_clock(&clock, &path).expect("it opens");
    let first = store
        .set_limit(LimitKind::Deposit, Cents::euros(100))
        .expect("a raise, waiting 48 h");
    clock.advance(SignedDuration::from_hours(1));
    let again = store
        .set_limit(LimitKind::Deposit, Cents::euros(100))
        .expect("the same raise asked again");
    assert_eq!(again.effective_at, first.effective_at, "it keeps its date");
    assert_eq!(store.verify().expect("a verdict"), Vec::<String>::new());
}
