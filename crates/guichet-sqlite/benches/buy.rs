//! Buying a unit, committed to disk, beside the cheapest durable write SQLite can
//! do with the same settings on the same disk: a one-row insert transaction.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use criterion::{Criterion, criterion_group, criterion_main};
use guichet_core::games::blackjack::game::BLACK_JACK;
use guichet_core::money::Cents;
use guichet_sale::PointOfSale as _;
use guichet_sale::{LIMIT_WINDOW, LimitKind, MAX_LIMIT};
use guichet_sqlite::{BUSY_TIMEOUT, OpenOptions};
use jiff::Timestamp;
use rusqlite::{Connection, TransactionBehavior};

fn buy_beside_a_bare_insert(criterion: &mut Criterion) {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let mut group = criterion.benchmark_group("durable write");

    let bare = Connection::open(folder.path().join("bare.sqlite3")).expect("sqlite");
    bare.busy_timeout(BUSY_TIMEOUT).expect("a timeout");
    let _: String = bare
        .query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0))
        .expect("WAL");
    bare.execute_batch(
        "PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;
         CREATE TABLE entries (id INTEGER PRIMARY KEY, at TEXT NOT NULL, amount_cents INTEGER NOT NULL);",
    )
    .expect("a table");
    let mut bare = bare;
    group.bench_function("bare single-row insert transaction", |bench| {
        bench.iter(|| {
            let transaction = bare.transaction_with_behavior(TransactionBehavior::Immediate).expect("a transaction");
            transaction
                .execute(
                    "INSERT INTO entries (at, amount_cents) VALUES (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), -200)",
                    [],
                )
                .expect("an insert");
            transaction.commit().expect("a commit");
        });
    });

    // The store's clock moves a week on at each top-up, so that the player's
    // 7-day limits (checked in every purchase, as in real play) never stop
    // the bench; the week behind holds every unit bought since.
    let clock = Arc::new(AtomicI64::new(Timestamp::now().as_second()));
    let reading = Arc::clone(&clock);
    let mut store = OpenOptions::new()
        .keys(guichet_sqlite::keys::KeyStore::Folder(
            std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("keys"),
        ))
        .clock(move || Timestamp::from_second(reading.load(Ordering::Relaxed)).expect("a time"))
        .open(&folder.path().join("guichet.sqlite3"))
        .expect("a store");
    // The player staking: 18 or over, signed in.
    store.add_player("1", "2468", true).expect("a player");
    store.act_for("1").expect("the player");
    for kind in [LimitKind::Deposit, LimitKind::Stake] {
        store.set_limit(kind, MAX_LIMIT).expect("a limit");
    }
    // One unit at a time is unfinished: each is settled, untimed, before the
    // next purchase; the balance is topped up, untimed, when it runs low.
    group.bench_function("buy one Black Jack unit", |bench| {
        bench.iter_custom(|iterations| {
            let mut spent = std::time::Duration::ZERO;
            for _ in 0..iterations {
                if store.balance().expect("a balance") < Cents::euros(2) {
                    clock.fetch_add(LIMIT_WINDOW.as_secs(), Ordering::Relaxed);
                    store.deposit(Cents::euros(10_000)).expect("a deposit");
                }
                let started = std::time::Instant::now();
                let unit = store.buy(&BLACK_JACK).expect("a unit");
                spent += started.elapsed();
                store.finish(unit.id).expect("settled");
            }
            spent
        });
    });
    group.finish();
}

/// A purchase and its settlement with the file in memory (`/dev/shm`, where
/// a sync costs nothing): the CPU's part of a sale — its SQL, its chain
/// links, the proofs of the records it acts on (the block, the ledger entry,
/// the protection records, the unit).
fn buy_and_settle_in_memory(criterion: &mut Criterion) {
    let shm = std::path::Path::new("/dev/shm");
    let folder = if shm.is_dir() {
        tempfile::tempdir_in(shm)
    } else {
        tempfile::tempdir()
    }
    .expect("a temporary folder");
    let clock = Arc::new(AtomicI64::new(Timestamp::now().as_second()));
    let reading = Arc::clone(&clock);
    let mut store = OpenOptions::new()
        .keys(guichet_sqlite::keys::KeyStore::Folder(
            folder.path().join("keys"),
        ))
        .clock(move || Timestamp::from_second(reading.load(Ordering::Relaxed)).expect("a time"))
        .open(&folder.path().join("guichet.sqlite3"))
        .expect("a store");
    store.add_player("1", "2468", true).expect("a player");
    store.act_for("1").expect("the player");
    for kind in [LimitKind::Deposit, LimitKind::Stake] {
        store.set_limit(kind, MAX_LIMIT).expect("a limit");
    }
    let mut group = criterion.benchmark_group("in memory");
    group.bench_function("buy and settle one Black Jack unit", |bench| {
        bench.iter_custom(|iterations| {
            let mut spent = std::time::Duration::ZERO;
            for _ in 0..iterations {
                if store.balance().expect("a balance") < Cents::euros(2) {
                    clock.fetch_add(LIMIT_WINDOW.as_secs(), Ordering::Relaxed);
                    store.deposit(Cents::euros(10_000)).expect("a deposit");
                }
                let started = std::time::Instant::now();
                let unit = store.buy(&BLACK_JACK).expect("a unit");
                store.finish(unit.id).expect("settled");
                spent += started.elapsed();
            }
            spent
        });
    });
    group.finish();
}

criterion_group!(benches, buy_beside_a_bare_insert, buy_and_settle_in_memory);
criterion_main!(benches);
