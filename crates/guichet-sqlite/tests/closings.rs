//! Closings: made at the first write of a new day (and month, and year),
//! signed, counted, on the chain; a file checked against a closing kept
//! apart — the same file, a restored older copy, another kiosk's file.

mod support;
use support::OpensAsThePlayer as _;

use std::fs;
use std::path::Path;

use guichet_core::games::blackjack::game::BLACK_JACK;
use guichet_core::money::Cents;
use guichet_sale::PointOfSale as _;
use guichet_sale::StoreError;
use guichet_sqlite::{ExportedClosing, Period, Store};
use jiff::SignedDuration;
use serde_json::Value;
use support::FakeClock;

/// The store at `path` on `clock`, with the highest limits.
fn on_clock(clock: &FakeClock, path: &Path) -> Result<Store, StoreError> {
    let reading = clock.clone();
    let mut store = support::seeded(1)
        .clock(move || reading.now())
        .open_as_player(path)?;
    support::set_highest_limits(&mut store);
    Ok(store)
}

/// A field of a closing's body.
fn field(body: &str, pointer: &str) -> Value {
    serde_json::from_str::<Value>(body).expect("a body")[pointer.trim_start_matches('/')].clone()
}

#[test]
fn the_first_write_of_a_new_day_closes_the_day_before_and_the_month_and_year_that_ended() {
    let clock = FakeClock::new(); // 2026-11-30T08:00:00Z
    let (_folder, path) = support::new_path();
    let mut store = on_clock(&clock, &path).expect("a store");
    store.deposit(Cents::euros(30)).expect("a deposit");
    let unit = store.buy(&BLACK_JACK).expect("a unit");
    store.finish(unit.id).expect("settled");
    assert_eq!(
        store.closings().expect("closings"),
        Vec::new(),
        "the day runs on"
    );

    // The next morning, a new month: the first write closes 30 November
    // and November.
    clock.advance(SignedDuration::from_hours(24));
    store.deposit(Cents::euros(10)).expect("a deposit");
    let closings = store.closings().expect("closings");
    let named: Vec<(i64, Period, &str)> = closings
        .iter()
        .map(|closing| (closing.counter, closing.period, closing.label.as_str()))
        .collect();
    assert_eq!(
        named,
        [
            (1, Period::Day, "2026-11-30"),
            (2, Period::Month, "2026-11")
        ]
    );
    let day = &closings[0];
    let totals = serde_json::from_str::<Value>(&day.body).expect("a body");
    assert_eq!(
        totals["period_totals"]["deposits_cents"], 3_000,
        "the day's, not the 10 € after"
    );
    assert_eq!(totals["period_totals"]["staked_cents"], 200);
    assert_eq!(totals["period_totals"]["units"]["blackjack@200"], 1);
    assert_eq!(totals["perpetual"]["deposits_cents"], 3_000);
    assert_eq!(field(&day.body, "/format"), "guichet-closing/1");
    assert_eq!(
        field(&day.body, "/public_key"),
        store.closing_public_key().expect("a key").as_str()
    );
    assert_eq!(store.verify().expect("a verdict"), Vec::<String>::new());

    // A month later, a new year: day, month and year closed, counted on.
    clock.advance(SignedDuration::from_hours(24 * 31));
    store.deposit(Cents::euros(1)).expect("a deposit");
    let labels: Vec<(i64, String)> = store
        .closings()
        .expect("closings")
        .into_iter()
        .map(|closing| (closing.counter, closing.label))
        .collect();
    assert_eq!(
        labels,
        [
            (1, "2026-11-30".to_owned()),
            (2, "2026-11".to_owned()),
            (3, "2026-12-01".to_owned()),
            (4, "2026-12".to_owned()),
            (5, "2026".to_owned())
        ]
    );
    let periods: Vec<Period> = store
        .closings()
        .expect("closings")
        .into_iter()
        .map(|closing| closing.period)
        .collect();
    assert_eq!(
        periods,
        [
            Period::Day,
            Period::Month,
            Period::Day,
            Period::Month,
            Period::Year
        ]
    );
    assert_eq!(store.last_closing_counter().expect("a counter"), 5);
    // An operator's closing, on demand, with the totals as money.
    let demand = store.close_now().expect("a closing");
    assert_eq!((demand.counter, demand.period), (6, Period::Demand));
    assert_eq!(store.last_closing_counter().expect("a counter"), 6);
    let totals = demand.perpetual_totals().expect("its totals");
    assert_eq!(
        (totals.deposits, totals.staked, totals.withdrawals),
        (Cents::euros(41), Cents::euros(2), Cents(0))
    );
    assert_eq!(
        totals.prizes,
        store
            .ledger()
            .expect("a ledger")
            .iter()
            .filter(|entry| entry.kind == guichet_sqlite::LedgerKind::Prize)
            .map(|entry| entry.amount)
            .fold(Cents(0), |sum, amount| Cents(sum.0 + amount.0))
    );
    assert_eq!(store.verify().expect("a verdict"), Vec::<String>::new());
}

#[test]
fn a_file_without_a_closing_counts_none() {
    let (_folder, store) = support::fresh();
    assert_eq!(store.last_closing_counter().expect("a counter"), 0);
    assert_eq!(store.closings().expect("closings"), Vec::new());
}

#[test]
fn a_closing_signed_by_the_key_before_a_rekey_is_said_so() {
    let (clock, _folder, path, exported) = kiosk_with_a_closing();
    let closing = ExportedClosing::parse(&exported).expect("a closing");
    let key = on_clock(&clock, &path).expect("it opens").key_path();
    fs::remove_file(&key).expect("the key lost");
    let reading = clock.clone();
    let mut store = support::seeded(1)
        .clock(move || reading.now())
        .open_as_player(&path)
        .expect("it opens, the key lost");
    store
        .void_unsealable_blocks("seal key lost")
        .expect("voided under a new key");
    let said = store
        .check_closing(&closing)
        .expect("a check")
        .expect("refused");
    assert!(
        said.contains("signed by another key than this database's"),
        "{said}"
    );
}

/// A kiosk with one closing made (the day before), and that closing as an
/// operator exported it.
fn kiosk_with_a_closing() -> (FakeClock, tempfile::TempDir, std::path::PathBuf, String) {
    let clock = FakeClock::new();
    let (folder, path) = support::new_path();
    let mut store = on_clock(&clock, &path).expect("a store");
    store.deposit(Cents::euros(30)).expect("a deposit");
    clock.advance(SignedDuration::from_hours(24));
    store.deposit(Cents::euros(10)).expect("a deposit");
    let exported = store.closings().expect("closings")[0].exported();
    (clock, folder, path, exported)
}

#[test]
fn a_file_that_contains_the_closing_and_extends_it_passes() {
    let (clock, _folder, path, exported) = kiosk_with_a_closing();
    let closing = ExportedClosing::parse(&exported).expect("a closing");
    let mut store = on_clock(&clock, &path).expect("it opens");
    assert_eq!(store.check_closing(&closing).expect("a check"), None);
    store.deposit(Cents::euros(5)).expect("more sales after it");
    assert_eq!(store.check_closing(&closing).expect("a check"), None);
}

#[test]
fn a_restored_older_copy_does_not_contain_the_closing() {
    let (clock, folder, path, _) = kiosk_with_a_closing();
    // A backup of the second day…
    let backup = folder.path().join("backup.sqlite3");
    fs::copy(&path, &backup).expect("a copy");
    // …does not hold the closing of that day, made the next morning, which
    // the operator kept.
    let mut store = on_clock(&clock, &path).expect("it opens");
    clock.advance(SignedDuration::from_hours(24));
    store.deposit(Cents::euros(1)).expect("a deposit");
    let closings = store.closings().expect("closings");
    let later = closings.last().expect("the day's closing");
    assert_eq!((later.counter, later.label.as_str()), (3, "2026-12-01"));
    let later = ExportedClosing::parse(&later.exported()).expect("a closing");
    drop(store);
    let restored = support::open(&backup).expect("the backup opens");
    let said = restored
        .check_closing(&later)
        .expect("a check")
        .expect("refused");
    assert!(said.contains("does not contain closing 3"), "{said}");
}

#[test]
fn another_kiosks_file_and_a_forged_closing_are_refused() {
    let (_clock, _folder, _path, exported) = kiosk_with_a_closing();
    let closing = ExportedClosing::parse(&exported).expect("a closing");
    let (_other_folder, other) = support::new_path();
    let other = support::open(&other).expect("another kiosk");
    let said = other
        .check_closing(&closing)
        .expect("a check")
        .expect("refused");
    assert!(said.contains("another kiosk's closing"), "{said}");

    let forged = exported.replace("\"deposits_cents\": 3000", "\"deposits_cents\": 1000");
    assert_ne!(forged, exported);
    let error = ExportedClosing::parse(&forged).expect_err("forged");
    assert!(error.contains("signature does not match"), "{error}");
}

#[test]
fn a_closing_edited_in_the_file_is_found_by_verify() {
    let (_clock, _folder, path, _) = kiosk_with_a_closing();
    support::forge::forge(
        &path,
        "DROP TRIGGER closings_are_append_only_update;
         UPDATE closings SET body = replace(body, '\"deposits_cents\":3000', '\"deposits_cents\":1000');",
    );
    let found = support::options()
        .read_only()
        .open_as_player(&path)
        .expect("it opens to read")
        .verify()
        .expect("a verdict");
    assert!(
        found.iter().any(|finding| finding
            .starts_with("closing 1 (day 2026-11-30): its signature is not this database's key's")),
        "{found:#?}"
    );
}

#[test]
fn an_archive_of_the_days_checks_without_the_database_and_any_change_to_it_is_found() {
    let clock = FakeClock::new(); // 2026-11-30T08:00:00Z
    let (_folder, path) = support::new_path();
    let mut store = on_clock(&clock, &path).expect("a store");
    store.deposit(Cents::euros(30)).expect("a deposit");
    clock.advance(SignedDuration::from_hours(24));
    store
        .deposit(Cents::euros(10))
        .expect("a deposit, and the closings of 30 November");
    let day = |text: &str| jiff::civil::Date::strptime("%Y-%m-%d", text).expect("a date");
    let archive = store
        .archive(day("2026-11-30"), day("2026-11-30"))
        .expect("an archive");
    let month = store
        .archive(day("2026-11-01"), day("2026-11-30"))
        .expect("an archive");
    let kiosk = guichet_sqlite::KioskKey::parse(&store.closing_public_key().expect("a key"))
        .expect("the kiosk's key");
    drop(store);
    fs::remove_file(&path).expect("the database gone: the archive stands alone");
    let summary = guichet_sqlite::check_archive(&archive, Some(&kiosk)).expect("sound");
    assert!(summary.key_trusted);
    assert_eq!(summary.public_key, kiosk.hex());
    assert_eq!(
        (summary.from.as_str(), summary.to.as_str()),
        ("2026-11-30", "2026-11-30")
    );
    assert_eq!(summary.closings, 1, "the day's (the month's spans more)");
    assert_eq!(
        guichet_sqlite::check_archive(&month, None)
            .expect("sound")
            .closings,
        2
    );
    assert!(summary.links > 10, "{summary:?}");
    assert!(archive.contains("\"genesis\""), "the day the file began");
    assert!(
        !archive.contains("2026-12-01T08:00:00Z\",\n          \"mac"),
        "no record of the next day"
    );

    let forged = archive.replacen("3000", "30000", 1);
    assert_ne!(forged, archive);
    let faults = guichet_sqlite::check_archive(&forged, Some(&kiosk)).expect_err("forged");
    assert_eq!(faults.len(), 1, "{faults:?}");
    assert!(faults[0].contains("signature does not match"), "{faults:?}");
}

#[test]
fn an_archive_starts_from_the_link_before_it_and_holds_the_operators_closings_of_its_days() {
    let clock = FakeClock::new(); // 2026-11-30T08:00:00Z
    let (_folder, path) = support::new_path();
    let mut store = on_clock(&clock, &path).expect("a store");
    store.deposit(Cents::euros(30)).expect("a deposit");
    let on_the_30th = store.close_now().expect("an operator's closing");
    clock.advance(SignedDuration::from_hours(24));
    store
        .deposit(Cents::euros(10))
        .expect("a deposit the next day");
    let on_the_1st = store.close_now().expect("another");
    let day = |text: &str| jiff::civil::Date::strptime("%Y-%m-%d", text).expect("a date");
    let archive: Value = serde_json::from_str(
        &store
            .archive(day("2026-12-01"), day("2026-12-01"))
            .expect("an archive"),
    )
    .expect("JSON");
    let links = archive["archive"]["links"].as_array().expect("links");
    let first = links[0]["seq"].as_i64().expect("a place");
    let raw = support::raw(&path);
    let before: Vec<u8> = raw
        .query_row("SELECT mac FROM chain WHERE seq = ?1", [first - 1], |row| {
            row.get(0)
        })
        .expect("the link before");
    assert_eq!(archive["archive"]["previous_mac"], hex::encode(before));
    let counters: Vec<i64> = archive["archive"]["closings"]
        .as_array()
        .expect("closings")
        .iter()
        .map(|closing| closing["closing"]["counter"].as_i64().expect("a counter"))
        .collect();
    // The operator's closing of the 1st, not that of the 30th; the day and
    // month that closed on the 1st are of days before it.
    assert!(counters.contains(&on_the_1st.counter), "{counters:?}");
    assert!(!counters.contains(&on_the_30th.counter), "{counters:?}");
    assert_eq!(counters, [on_the_1st.counter]);
}

#[test]
fn an_operators_closing_made_at_midnight_is_of_the_day_it_opens() {
    let clock = FakeClock::new(); // 2026-11-30T08:00:00Z
    let (_folder, path) = support::new_path();
    let mut store = on_clock(&clock, &path).expect("a store");
    store.deposit(Cents::euros(30)).expect("a deposit");
    clock.advance(SignedDuration::from_hours(16));
    let at_midnight = store.close_now().expect("a closing at 00:00:00");
    assert_eq!(at_midnight.made_at, "2026-12-01T00:00:00Z");
    let day = |text: &str| jiff::civil::Date::strptime("%Y-%m-%d", text).expect("a date");
    let counters = |from: &str, to: &str| -> Vec<i64> {
        let archive: Value =
            serde_json::from_str(&store.archive(day(from), day(to)).expect("an archive"))
                .expect("JSON");
        archive["archive"]["closings"]
            .as_array()
            .expect("closings")
            .iter()
            .map(|closing| closing["closing"]["counter"].as_i64().expect("a counter"))
            .collect()
    };
    assert!(!counters("2026-11-30", "2026-11-30").contains(&at_midnight.counter));
    assert!(counters("2026-12-01", "2026-12-01").contains(&at_midnight.counter));
}
