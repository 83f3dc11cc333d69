//! The store on real SQLite files: money, units, blocks, recovery.

use guichet_core::emission::{BLACK_JACK, Emission, STAR_FORTUNE_50};
use guichet_core::money::Cents;
use guichet_core::reveal::RevealStep;
use guichet_store::{LedgerKind, Store, StoreError, UnitState};
use rusqlite::Connection;
use tempfile::TempDir;

fn fresh() -> (TempDir, Store) {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let store = Store::open(&folder.path().join("guichet.sqlite3")).expect("a new store");
    (folder, store)
}

/// Reveals every remaining step of a unit and settles it.
fn finish(store: &mut Store, unit: i64) -> guichet_store::Settlement {
    store.finish(unit).expect("a unit finishes")
}

#[test]
fn a_new_store_is_empty_and_in_wal_mode() {
    let (folder, store) = fresh();
    assert_eq!(store.balance().expect("a balance"), Cents::ZERO);
    assert!(store.ledger().expect("a ledger").is_empty());
    assert!(store.all_units().expect("units").is_empty());
    let raw = Connection::open(folder.path().join("guichet.sqlite3")).expect("sqlite");
    let mode: String = raw
        .query_row("PRAGMA journal_mode", [], |row| row.get(0))
        .expect("a mode");
    assert_eq!(mode, "wal");
    let version: i64 = raw
        .query_row("PRAGMA user_version", [], |row| row.get(0))
        .expect("a version");
    assert_eq!(version, 1);
}

#[test]
fn deposits_and_withdrawals_move_the_balance() {
    let (_folder, mut store) = fresh();
    store.deposit(Cents::euros(20)).expect("a deposit");
    let withdrawal = store.withdraw(Cents(550)).expect("a withdrawal");
    assert_eq!(withdrawal.kind, LedgerKind::Withdrawal);
    assert_eq!(withdrawal.amount, Cents(-550));
    assert_eq!(store.balance().expect("a balance"), Cents(1_450));
    assert!(matches!(
        store.withdraw(Cents::euros(100)),
        Err(StoreError::InsufficientFunds { .. })
    ));
    assert!(matches!(
        store.deposit(Cents::ZERO),
        Err(StoreError::InvalidAmount(_))
    ));
    assert!(matches!(
        store.deposit(Cents(-5)),
        Err(StoreError::InvalidAmount(_))
    ));
    assert!(matches!(
        store.deposit(Cents(i64::MAX)),
        Err(StoreError::InvalidAmount(_))
    ));
    assert_eq!(store.ledger().expect("a ledger").len(), 2);
}

#[test]
fn buying_without_funds_buys_nothing() {
    let (_folder, mut store) = fresh();
    store.deposit(Cents(150)).expect("a deposit");
    let refused = store.buy(&BLACK_JACK);
    assert!(
        matches!(
            refused,
            Err(StoreError::InsufficientFunds {
                balance: Cents(150),
                stake: Cents(200)
            })
        ),
        "{refused:?}"
    );
    assert!(store.all_units().expect("units").is_empty());
    assert_eq!(store.balance().expect("a balance"), Cents(150));
    assert!(
        store.block_status(&BLACK_JACK).expect("a status").is_none(),
        "no block opened"
    );
}

#[test]
fn a_unit_is_bought_revealed_and_settled_once() {
    let (_folder, mut store) = fresh();
    store.deposit(Cents::euros(10)).expect("a deposit");
    let unit = store.buy(&BLACK_JACK).expect("a unit");
    assert_eq!(unit.state, UnitState::Sold);
    assert_eq!(unit.scenario.prize(), unit.prize);
    assert_eq!(store.balance().expect("a balance"), Cents::euros(8));

    let revealed = store
        .reveal(unit.id, &[RevealStep::Zone { zone: 2 }])
        .expect("a step");
    assert_eq!(revealed.state, UnitState::Revealing);
    assert!(matches!(
        store.settle(unit.id),
        Err(StoreError::NotFinished(_))
    ));
    assert!(matches!(
        store.reveal(unit.id, &[RevealStep::Zone { zone: 2 }]),
        Err(StoreError::Step { .. })
    ));

    let settlement = finish(&mut store, unit.id);
    assert!(settlement.credited);
    assert_eq!(settlement.unit.state, UnitState::Settled);
    let after = Cents::euros(8).checked_add(unit.prize).expect("cents");
    assert_eq!(store.balance().expect("a balance"), after);

    let again = store.settle(unit.id).expect("settling twice is harmless");
    assert!(!again.credited);
    assert_eq!(
        store.balance().expect("a balance"),
        after,
        "credited once only"
    );
    assert!(matches!(
        store.reveal(unit.id, &[]),
        Err(StoreError::AlreadySettled(_))
    ));
    assert_eq!(store.verify().expect("a verdict"), Vec::<String>::new());
}

#[test]
fn an_interrupted_unit_reopens_where_it_was_left() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let path = folder.path().join("guichet.sqlite3");
    let unit_id = {
        let mut store = Store::open(&path).expect("a store");
        store.deposit(Cents::euros(5)).expect("a deposit");
        let unit = store.buy(&STAR_FORTUNE_50).expect("a unit");
        store
            .reveal(unit.id, &[RevealStep::Puck { drop: 0, puck: 2 }])
            .expect("a puck");
        unit.id
    };
    let store = Store::open(&path).expect("the store again");
    let unfinished = store.unfinished_units().expect("unfinished units");
    assert_eq!(unfinished.len(), 1);
    let unit = &unfinished[0];
    assert_eq!(unit.id, unit_id);
    assert_eq!(unit.steps, vec![RevealStep::Puck { drop: 0, puck: 2 }]);
    assert_eq!(unit.progress.puck(0), Some(2));
    let guichet_core::Scenario::StarFortune(shown) = unit.shown_scenario() else {
        panic!("Star Fortune")
    };
    assert!(shown.drops[0].path.is_some(), "the way down is shown again");
}

#[test]
fn a_sold_out_block_closes_reveals_its_seed_and_the_next_opens() {
    let (folder, mut store) = fresh();
    store.deposit(Cents::euros(10)).expect("a deposit");
    let first = store.buy(&BLACK_JACK).expect("a unit");
    assert_eq!((first.block, first.index), (0, 0));
    assert!(store.closed_blocks().expect("closed blocks").is_empty());
    let status = store
        .block_status(&BLACK_JACK)
        .expect("a status")
        .expect("an open block");
    assert_eq!((status.number, status.sold, status.size), (0, 1, 1_500_000));

    // Jump to the last unit of the block, as if 1 499 998 more had sold.
    let raw = Connection::open(folder.path().join("guichet.sqlite3")).expect("sqlite");
    raw.execute("UPDATE blocks SET next_index = size - 1", [])
        .expect("a jump");
    let last = store.buy(&BLACK_JACK).expect("the last unit");
    assert_eq!((last.block, last.index), (0, 1_499_999));
    let closed = store.closed_blocks().expect("closed blocks");
    assert_eq!(closed.len(), 1);
    assert!(
        closed[0].verifies(),
        "the revealed seed matches the commitment"
    );
    assert_eq!(closed[0].commitment, status.commitment);

    let next = store.buy(&BLACK_JACK).expect("a unit of the next block");
    assert_eq!((next.block, next.index), (1, 0));
    let status = store
        .block_status(&BLACK_JACK)
        .expect("a status")
        .expect("an open block");
    assert_ne!(status.commitment, closed[0].commitment);
}

#[test]
fn remaining_lots_count_down_as_prizes_sell() {
    let (_folder, mut store) = fresh();
    store.deposit(Cents::euros(400)).expect("a deposit");
    let units: Vec<_> = (0..200)
        .map(|_| store.buy(&BLACK_JACK).expect("a unit"))
        .collect();
    let status = store
        .block_status(&BLACK_JACK)
        .expect("a status")
        .expect("an open block");
    for (tier, remaining) in BLACK_JACK.tiers.iter().zip(&status.remaining_lots) {
        let sold = units.iter().filter(|unit| unit.prize == tier.prize).count() as u32;
        assert_eq!(*remaining, tier.lots - sold, "{}", tier.prize);
    }
}

#[test]
fn the_open_seed_never_leaves_the_store() {
    let (folder, mut store) = fresh();
    store.deposit(Cents::euros(10)).expect("a deposit");
    let unit = store.buy(&BLACK_JACK).expect("a unit");
    let raw = Connection::open(folder.path().join("guichet.sqlite3")).expect("sqlite");
    let seed: Vec<u8> = raw
        .query_row("SELECT seed FROM blocks", [], |row| row.get(0))
        .expect("a seed");
    let seed_hex =
        guichet_core::block::Seed::from_bytes(seed.clone().try_into().expect("32 bytes"))
            .expose_hex();
    let status = store.block_status(&BLACK_JACK).expect("a status");
    let error = store
        .buy(Emission::ALL[1])
        .map(|_| ())
        .and_then(|()| store.settle(unit.id).map(|_| ()));
    for text in [
        format!("{store:?}"),
        format!("{unit:?}"),
        format!("{status:?}"),
        format!("{error:?}"),
    ] {
        assert!(!text.contains(&seed_hex), "the seed leaked: {text}");
        assert!(
            !text.contains(&format!("{seed:?}")),
            "the seed leaked: {text}"
        );
    }
}

#[test]
fn the_ledger_is_append_only() {
    let (folder, mut store) = fresh();
    store.deposit(Cents::euros(10)).expect("a deposit");
    let raw = Connection::open(folder.path().join("guichet.sqlite3")).expect("sqlite");
    assert!(
        raw.execute("UPDATE ledger SET amount_cents = 1000000", [])
            .is_err()
    );
    assert!(raw.execute("DELETE FROM ledger", []).is_err());
    assert_eq!(store.balance().expect("a balance"), Cents::euros(10));
}

#[test]
fn verify_finds_tampering() {
    let (folder, mut store) = fresh();
    store.deposit(Cents::euros(40)).expect("a deposit");
    for _ in 0..10 {
        let unit = store.buy(&BLACK_JACK).expect("a unit");
        finish(&mut store, unit.id);
    }
    assert_eq!(store.verify().expect("a verdict"), Vec::<String>::new());
    let raw = Connection::open(folder.path().join("guichet.sqlite3")).expect("sqlite");
    raw.execute("UPDATE units SET prize_cents = 2000000 WHERE id = 3", [])
        .expect("tampering");
    raw.execute_batch(
        "DROP TRIGGER ledger_is_append_only_update;
         UPDATE ledger SET balance_after_cents = balance_after_cents + 1 WHERE id = 4;",
    )
    .expect("tampering");
    let violations = store.verify().expect("a verdict");
    assert!(
        violations
            .iter()
            .any(|line| line.starts_with("unit 3: prize")),
        "{violations:?}"
    );
    assert!(
        violations
            .iter()
            .any(|line| line.starts_with("ledger entry 4 carries")),
        "{violations:?}"
    );
}

#[test]
fn every_game_round_trips_through_the_store() {
    let (_folder, mut store) = fresh();
    store.deposit(Cents::euros(100)).expect("a deposit");
    for emission in Emission::ALL {
        for _ in 0..5 {
            let unit = store.buy(emission).expect("a unit");
            let settled = finish(&mut store, unit.id).unit;
            assert_eq!(settled.scenario, unit.scenario);
            assert_eq!(settled.shown_scenario().prize(), unit.prize);
        }
    }
    assert_eq!(store.verify().expect("a verdict"), Vec::<String>::new());
    let total_prizes = Cents::checked_sum(
        store
            .all_units()
            .expect("units")
            .iter()
            .map(|unit| unit.prize),
    )
    .expect("cents");
    let total_stakes = Cents::checked_sum(
        Emission::ALL
            .iter()
            .map(|emission| emission.stake.checked_mul(5).expect("cents")),
    )
    .expect("cents");
    let expected = Cents::euros(100)
        .checked_add(total_prizes)
        .and_then(|sum| sum.checked_sub(total_stakes));
    assert_eq!(Some(store.balance().expect("a balance")), expected);
}

#[test]
fn a_block_can_be_opened_with_a_chosen_seed() {
    let (_folder, mut store) = fresh();
    let seed = guichet_core::block::Seed::from_bytes([42; 32]);
    let status = store.open_next_block(&BLACK_JACK, &seed).expect("a block");
    let expected = guichet_core::block::Block::open(&BLACK_JACK, 0, &seed);
    assert_eq!(status.commitment, expected.commitment());
    assert!(matches!(
        store.open_next_block(&BLACK_JACK, &seed),
        Err(StoreError::BlockAlreadyOpen(_))
    ));
    store.deposit(Cents::euros(10)).expect("a deposit");
    for index in 0..4 {
        let unit = store.buy(&BLACK_JACK).expect("a unit");
        assert_eq!(unit.prize, expected.prize_of_unit(index));
        assert_eq!((unit.block, unit.index), (0, index));
    }
}
