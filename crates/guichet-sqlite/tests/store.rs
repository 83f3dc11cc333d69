//! The store on real SQLite files: money, units, blocks, recovery. Every block is
//! seeded by the test, so the same units sell on every run, and the checks of
//! prizes and credits run on winning units.

mod support;
use support::OpensAsThePlayer as _;

use std::fs;
use std::os::unix::fs::PermissionsExt as _;

use guichet_core::block::Block;
use guichet_core::games::blackjack::game::BLACK_JACK;
use guichet_core::games::star_fortune::game::STAR_FORTUNE_50;
use guichet_core::games::x10::game::X10;
use guichet_core::money::Cents;
use guichet_core::step::RevealStep;
use guichet_sale::PointOfSale as _;
use guichet_sale::{StoreError, UnitState};
use guichet_sqlite::{BlockState, LedgerKind, MAX_BALANCE_BY_DEPOSIT, MAX_DEPOSIT, Store};
use support::{fresh, new_path, raw, seed, seeded, set_highest_limits, with_first_unit};

#[test]
fn a_new_store_is_empty_private_and_in_wal_mode() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let path = folder.path().join("kiosk").join("guichet.sqlite3");
    let mut store = seeded(1).open_as_player(&path).expect("a new store");
    assert_eq!(store.balance().expect("a balance"), Cents::ZERO);
    assert!(store.ledger().expect("a ledger").is_empty());
    assert!(store.all_units().expect("units").is_empty());
    assert!(store.warnings().is_empty(), "{:?}", store.warnings());
    let mode =
        |path: &std::path::Path| fs::metadata(path).expect("a file").permissions().mode() & 0o777;
    assert_eq!(mode(&path), 0o600, "the database");
    assert_eq!(mode(path.parent().expect("a folder")), 0o700, "its folder");
    assert_eq!(mode(&store.key_path()), 0o600, "the seal key");
    let raw = raw(&path);
    let journal: String = raw
        .query_row("PRAGMA journal_mode", [], |row| row.get(0))
        .expect("a mode");
    assert_eq!(journal, "wal");
    let version: i64 = raw
        .query_row("PRAGMA user_version", [], |row| row.get(0))
        .expect("a version");
    assert_eq!(version, 8);
}

#[test]
fn a_database_open_to_others_is_warned_about() {
    let (folder, _) = new_path();
    let path = folder.path().join("private").join("guichet.sqlite3");
    drop(support::open(&path).expect("a store"));
    fs::set_permissions(&path, fs::Permissions::from_mode(0o644)).expect("chmod");
    let store = support::open(&path).expect("it still opens");
    assert_eq!(store.warnings().len(), 1, "{:?}", store.warnings());
    assert!(
        store.warnings()[0].to_string().contains("mode 644"),
        "{:?}",
        store.warnings()
    );
}

#[test]
fn deposits_and_withdrawals_move_the_balance_within_bounds() {
    let (_folder, mut store) = fresh();
    store.deposit(Cents::euros(20)).expect("a deposit");
    let withdrawal = store.withdraw(Cents(550)).expect("a withdrawal");
    assert_eq!(withdrawal.kind, LedgerKind::Withdrawal);
    assert_eq!(withdrawal.amount, Cents(-550));
    assert_eq!(store.balance().expect("a balance"), Cents(1_450));
    assert!(matches!(
        store.withdraw(Cents::euros(100)),
        Err(StoreError::InsufficientBalance { .. })
    ));
    assert!(matches!(
        store.deposit(Cents::ZERO),
        Err(StoreError::NotPositive(_))
    ));
    assert!(matches!(
        store.deposit(Cents(-5)),
        Err(StoreError::NotPositive(_))
    ));
    assert!(matches!(
        store.withdraw(Cents(-5)),
        Err(StoreError::NotPositive(_))
    ));
    assert!(matches!(
        store.deposit(Cents(i64::MAX)),
        Err(StoreError::DepositTooLarge { .. })
    ));
    assert!(matches!(
        store.deposit(MAX_DEPOSIT.checked_add(Cents(1)).expect("cents")),
        Err(StoreError::DepositTooLarge { .. })
    ));
    while store.balance().expect("a balance")
        <= MAX_BALANCE_BY_DEPOSIT
            .checked_sub(MAX_DEPOSIT)
            .expect("cents")
    {
        store
            .deposit(MAX_DEPOSIT)
            .expect("a deposit under the ceiling");
    }
    assert!(matches!(
        store.deposit(MAX_DEPOSIT),
        Err(StoreError::BalanceCeiling { .. })
    ));
    assert_eq!(store.verify().expect("a verdict"), Vec::<String>::new());
}

#[test]
fn the_schema_refuses_money_that_is_not_whole_cents() {
    let (folder, mut store) = fresh();
    store.deposit(Cents::euros(20)).expect("a deposit");
    let raw = raw(&folder.path().join("guichet.sqlite3"));
    for sql in [
        "INSERT INTO ledger (at, kind, amount_cents, balance_after_cents, player_id) VALUES ('now', 'deposit', 2.5, 2002.5, 1)",
        "INSERT INTO ledger (at, kind, amount_cents, balance_after_cents, player_id) VALUES ('now', 'deposit', 5, 9.3e18, 1)",
    ] {
        assert!(raw.execute(sql, []).is_err(), "{sql}");
    }
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
    let status = store
        .block_status(&BLACK_JACK)
        .expect("a status")
        .expect("a block");
    assert_eq!(status.sold, 0, "nothing sold");
}

#[test]
fn a_winning_unit_is_bought_revealed_and_credited_once() {
    let (_folder, mut store) = with_first_unit(&BLACK_JACK, Cents::euros(50), Cents::euros(10));
    let unit = store.buy(&BLACK_JACK).expect("a unit");
    assert_eq!(unit.prize, Cents::euros(50), "the unit the seed gives");
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
    assert_eq!(
        store.balance().expect("a balance"),
        Cents::euros(8),
        "nothing credited before the end"
    );
    assert!(matches!(
        store.reveal(unit.id, &[RevealStep::Zone { zone: 2 }]),
        Err(StoreError::Step { .. })
    ));

    let settlement = store.finish(unit.id).expect("finished");
    assert!(settlement.credited);
    assert_eq!(settlement.unit.state, UnitState::Settled);
    assert_eq!(store.balance().expect("a balance"), Cents::euros(58));

    let again = store.settle(unit.id).expect("settling twice is harmless");
    assert!(!again.credited);
    assert_eq!(
        store.balance().expect("a balance"),
        Cents::euros(58),
        "credited once only"
    );
    let prizes: Vec<_> = store
        .ledger()
        .expect("a ledger")
        .into_iter()
        .filter(|entry| entry.kind == LedgerKind::Prize)
        .collect();
    assert_eq!(prizes.len(), 1);
    assert_eq!(
        (prizes[0].amount, prizes[0].unit),
        (Cents::euros(50), Some(unit.id))
    );
    assert!(matches!(
        store.reveal(unit.id, &[]),
        Err(StoreError::AlreadySettled(_))
    ));
    assert_eq!(store.verify().expect("a verdict"), Vec::<String>::new());
}

#[test]
fn one_unit_at_a_time_is_unfinished() {
    let (_folder, mut store) = fresh();
    store.deposit(Cents::euros(10)).expect("a deposit");
    let unit = store.buy(&BLACK_JACK).expect("a unit");
    let refused = store.buy(&X10);
    assert!(
        matches!(refused, Err(StoreError::UnitUnfinished(id)) if id == unit.id),
        "{refused:?}"
    );
    assert_eq!(
        store.balance().expect("a balance"),
        Cents::euros(8),
        "nothing debited"
    );
    store.finish(unit.id).expect("finished");
    store
        .buy(&X10)
        .expect("the next unit, once the first is settled");
}

#[test]
fn an_interrupted_unit_reopens_where_it_was_left() {
    let (_folder, path) = new_path();
    let unit_id = {
        let mut store = seeded(1).open_as_player(&path).expect("a store");
        set_highest_limits(&mut store);
        store.deposit(Cents::euros(5)).expect("a deposit");
        let unit = store.buy(&STAR_FORTUNE_50).expect("a unit");
        store
            .reveal(unit.id, &[RevealStep::Puck { drop: 0, puck: 2 }])
            .expect("a puck");
        unit.id
    };
    let mut store = support::open(&path).expect("the store again");
    let unfinished = store.unfinished_units().expect("unfinished units");
    assert_eq!(unfinished.len(), 1);
    let unit = &unfinished[0];
    assert_eq!(unit.id, unit_id);
    assert_eq!(unit.steps, vec![RevealStep::Puck { drop: 0, puck: 2 }]);
    assert_eq!(unit.progress.puck(0), Some(2));
    let guichet_core::games::Scenario::StarFortune(shown) = unit.shown_scenario() else {
        panic!("Star Fortune")
    };
    assert!(shown.drops[0].path.is_some(), "the way down is shown again");
}

#[test]
fn a_unit_being_played_belongs_to_its_process() {
    let (_folder, path) = new_path();
    let mut kiosk = seeded(1).open_as_player(&path).expect("a store");
    set_highest_limits(&mut kiosk);
    kiosk.deposit(Cents::euros(10)).expect("a deposit");
    let unit = kiosk.buy(&BLACK_JACK).expect("a unit");
    kiosk
        .reveal(unit.id, &[RevealStep::Zone { zone: 0 }])
        .expect("a step");

    // A second process (here a second store) cannot touch it, nor buy.
    let mut other = support::open(&path).expect("a second store");
    for refused in [
        other
            .reveal(unit.id, &[RevealStep::Zone { zone: 1 }])
            .map(|_| ()),
        other.finish(unit.id).map(|_| ()),
        other.take_up(unit.id).map(|_| ()),
    ] {
        let error = refused.expect_err("played elsewhere");
        assert!(
            matches!(error, StoreError::PlayedElsewhere { pid: Some(pid), .. } if pid == std::process::id()),
            "{error:?}"
        );
        assert!(
            error
                .to_string()
                .contains("being played by another Guichet process"),
            "{error}"
        );
    }
    assert!(matches!(
        other.buy(&X10),
        Err(StoreError::UnitUnfinished(_))
    ));
    assert_eq!(other.unit(unit.id).expect("the unit").steps.len(), 1);

    // Once the owner is gone, the other takes it up where it was.
    drop(kiosk);
    let taken = other.take_up(unit.id).expect("taken up");
    assert_eq!(taken.steps.len(), 1);
    other.finish(unit.id).expect("finished by the other");
    assert_eq!(other.verify().expect("a verdict"), Vec::<String>::new());
}

#[test]
fn every_block_is_committed_before_it_sells() {
    let (_folder, mut store) = fresh();
    // Before any sale, every emission shows the block it sells from and the next.
    let published: Vec<_> = guichet_core::games::emissions()
        .map(|emission| {
            store
                .block_status(emission)
                .expect("a status")
                .expect("a block")
        })
        .collect();
    for status in &published {
        assert_eq!(status.selling.number, 0);
        assert_eq!(status.next.as_ref().map(|next| next.number), Some(1));
    }
    store.deposit(Cents::euros(40)).expect("a deposit");
    for (emission, status) in guichet_core::games::emissions().zip(&published) {
        let unit = store.buy(emission).expect("a unit");
        store.finish(unit.id).expect("finished");
        let block = Block::open(
            emission,
            unit.block,
            &seed(
                1 + guichet_core::games::emissions()
                    .position(|e| std::ptr::eq(e, emission))
                    .unwrap_or(0) as u64
                    * 1_000,
            ),
        );
        assert_eq!(
            block.commitment(),
            status.selling.commitment,
            "sold under the commitment shown before"
        );
        assert!(unit.sold_at >= status.selling.committed_at);
    }
    assert_eq!(store.verify().expect("a verdict"), Vec::<String>::new());
}

#[test]
fn a_sold_out_block_closes_publishes_its_seed_and_the_committed_one_sells() {
    let (_folder, mut store) = fresh();
    store.deposit(Cents::euros(10)).expect("a deposit");
    let first = store.buy(&BLACK_JACK).expect("a unit");
    store.finish(first.id).expect("finished");
    assert_eq!((first.block, first.index), (0, 0));
    let before = store
        .block_status(&BLACK_JACK)
        .expect("a status")
        .expect("a block");
    let next = before.next.clone().expect("the next block, committed");

    // Jump to the last unit of the block, as if 1 499 998 more had sold
    // (chained with the key: a jump made behind the store's back sells
    // nothing, tests/acting.rs).
    store
        .rewrite(
            "UPDATE blocks SET next_index = size - 1 WHERE emission = 'blackjack@200' AND status = 'selling'",
        )
        .expect("the jump");
    let last = store.buy(&BLACK_JACK).expect("the last unit");
    store.finish(last.id).expect("finished");
    assert_eq!((last.block, last.index), (0, 1_499_999));
    let records = store.blocks().expect("blocks");
    let closed: Vec<_> = records
        .iter()
        .filter(|record| record.state == BlockState::Closed)
        .collect();
    assert_eq!(closed.len(), 1);
    assert_eq!(
        closed[0].verifies(),
        Some(true),
        "the published seed matches the commitment"
    );
    let mut forged = closed[0].clone();
    forged.seed = Some(guichet_core::block::Seed::from_bytes([9; 32]));
    assert_eq!(
        forged.verifies(),
        Some(false),
        "another seed does not match"
    );
    assert!(
        records
            .iter()
            .filter(|record| record.state != BlockState::Closed)
            .all(|record| record.verifies().is_none()),
        "nothing to check before a seed is published"
    );
    assert_eq!(closed[0].facts.commitment, before.selling.commitment);
    assert!(
        records
            .iter()
            .filter(|record| record.state != BlockState::Closed)
            .all(|record| record.seed.is_none())
    );

    let now = store
        .block_status(&BLACK_JACK)
        .expect("a status")
        .expect("a block");
    assert_eq!(now.selling, next, "the block committed before sells now");
    assert_eq!(
        now.next.as_ref().map(|facts| facts.number),
        Some(2),
        "and the one after is committed"
    );
    let unit = store.buy(&BLACK_JACK).expect("a unit of the next block");
    assert_eq!((unit.block, unit.index), (1, 0));
}

#[test]
fn remaining_lots_count_a_lot_gone_only_once_settled() {
    let (_folder, mut store) = with_first_unit(&BLACK_JACK, Cents::euros(4), Cents::euros(100));
    let before = store
        .block_status(&BLACK_JACK)
        .expect("a status")
        .expect("a block");
    let unit = store.buy(&BLACK_JACK).expect("a unit");
    let bought = store
        .block_status(&BLACK_JACK)
        .expect("a status")
        .expect("a block");
    assert_eq!(
        bought.remaining_lots, before.remaining_lots,
        "a purchase tells nothing"
    );
    assert_eq!(bought.settled, before.settled);
    store.finish(unit.id).expect("finished");
    let settled = store
        .block_status(&BLACK_JACK)
        .expect("a status")
        .expect("a block");
    let tier = BLACK_JACK
        .tiers
        .iter()
        .position(|tier| tier.prize == Cents::euros(4))
        .expect("a tier");
    assert_eq!(
        settled.remaining_lots.expect("the lots left")[tier],
        before.remaining_lots.expect("the lots left")[tier] - 1
    );
    assert_eq!(settled.settled, Some(1));
}

#[test]
fn no_seed_of_an_open_block_is_in_the_database_file() {
    let (folder, mut store) = fresh();
    store.deposit(Cents::euros(10)).expect("a deposit");
    let unit = store.buy(&BLACK_JACK).expect("a unit");
    let path = folder.path().join("guichet.sqlite3");
    let mut bytes = fs::read(&path).expect("the database");
    bytes.extend(fs::read(folder.path().join("guichet.sqlite3-wal")).unwrap_or_default());
    for (position, emission) in guichet_core::games::emissions().enumerate() {
        for number in 0..2 {
            let secret = seed(1 + position as u64 * 1_000 + number);
            let found = bytes
                .windows(32)
                .any(|window| window == secret.expose_bytes());
            assert!(
                !found,
                "the seed of {} block {number} is in the file",
                emission.code()
            );
        }
    }
    let status = store.block_status(&BLACK_JACK).expect("a status");
    let secret = seed(1).expose_hex();
    for text in [
        format!("{store:?}"),
        format!("{unit:?}"),
        format!("{status:?}"),
        format!("{:?}", store.blocks()),
    ] {
        assert!(!text.contains(&secret), "the seed leaked: {text}");
    }
}

#[test]
fn a_lost_seal_key_stops_sales_and_records_loses_no_money_and_is_voided_by_an_operator() {
    let (_folder, path) = new_path();
    let unit_id = {
        let mut store = seeded(1).open_as_player(&path).expect("a store");
        set_highest_limits(&mut store);
        store.deposit(Cents::euros(10)).expect("a deposit");
        let unit = store.buy(&BLACK_JACK).expect("a unit");
        store
            .reveal(unit.id, &[RevealStep::Zone { zone: 0 }])
            .expect("a step");
        fs::remove_file(store.key_path()).expect("the key is lost");
        unit.id
    };
    let mut store = seeded(1).open_as_player(&path).expect("it still opens");
    let problem = store.seal_problem().expect("a problem");
    assert!(
        matches!(
            problem,
            StoreError::SealKeyLost {
                problem: "missing",
                blocks: 12,
                ..
            }
        ),
        "{problem:?}"
    );
    assert!(!store.key_path().exists(), "never a silent new key");
    // Nothing is recorded without the key the records are chained with: no
    // sale, no step, no withdrawal — and nothing is lost.
    let balance = store.balance().expect("a balance");
    assert!(
        problem.to_string().contains("--void-unsealable"),
        "{problem}"
    );
    assert!(
        problem.to_string().contains("nothing can be recorded"),
        "{problem}"
    );
    let error = store.finish(unit_id).expect_err("no step recorded");
    assert!(matches!(error, StoreError::SealKeyLost { .. }), "{error:?}");
    let error = store.withdraw(Cents::euros(1)).expect_err("no withdrawal");
    assert!(matches!(error, StoreError::SealKeyLost { .. }), "{error:?}");
    store.buy(&BLACK_JACK).expect_err("no sale");
    assert_eq!(store.balance().expect("a balance"), balance);
    // The operator voids the open blocks; fresh ones are committed.
    let voided = store
        .void_unsealable_blocks("seal key lost")
        .expect("voided");
    assert_eq!(voided.len(), 12);
    assert!(store.seal_problem().is_none());
    let status = store
        .block_status(&BLACK_JACK)
        .expect("a status")
        .expect("a block");
    assert_eq!(status.selling.number, 2, "blocks 0 and 1 are void");
    // The unit sold before finishes, the player withdraws, sales resume.
    store
        .finish(unit_id)
        .expect("the unit sold before finishes");
    store.withdraw(Cents::euros(1)).expect("a withdrawal");
    let unit = store.buy(&BLACK_JACK).expect("sales resume");
    store.finish(unit.id).expect("finished");
    // What was chained with the lost key cannot be checked with the new one,
    // and verify says so rather than "sound".
    let found = store.verify().expect("a verdict");
    assert_eq!(found.len(), 2, "{found:#?}");
    assert!(
        found[0].starts_with("unverifiable: block ")
            && found[0].contains(
                "voided with its seed lost (seal key lost): its 1 unit(s) sold cannot be checked"
            ),
        "{found:#?}"
    );
    assert!(
        found[1].contains("made with an earlier seal key") && found[1].contains("unverifiable"),
        "{found:#?}"
    );
    let void = store
        .blocks()
        .expect("blocks")
        .into_iter()
        .filter(|block| block.state == BlockState::Void)
        .count();
    assert_eq!(void, 12);
}

#[test]
fn another_databases_key_is_refused() {
    let (_folder, path) = new_path();
    let (_other_folder, other_path) = new_path();
    let key_path = seeded(1).open_as_player(&path).expect("a store").key_path();
    let other = seeded(2)
        .open_as_player(&other_path)
        .expect("another store");
    fs::copy(other.key_path(), key_path).expect("the wrong key put in place");
    let store = support::open(&path).expect("it opens");
    assert!(matches!(
        store.seal_problem(),
        Some(StoreError::SealKeyLost {
            problem: "not this database's",
            ..
        })
    ));
}

#[test]
fn a_database_that_lost_committed_sales_is_refused() {
    let (folder, path) = new_path();
    let backup = folder.path().join("old-copy.sqlite3");
    {
        let mut store = seeded(1).open_as_player(&path).expect("a store");
        set_highest_limits(&mut store);
        store.deposit(Cents::euros(20)).expect("a deposit");
    }
    fs::copy(&path, &backup).expect("an old copy");
    {
        let mut store = support::open(&path).expect("the store");
        for _ in 0..3 {
            let unit = store.buy(&BLACK_JACK).expect("a unit");
            store.finish(unit.id).expect("finished");
        }
    }
    // The old copy put back: as if the -wal file holding three sales were lost.
    fs::copy(&backup, &path).expect("the old copy back");
    let before = fs::read(&path).expect("the file");
    let error = support::open(&path).expect_err("refused");
    assert!(
        matches!(
            error,
            StoreError::RolledBack {
                recorded_units: 3,
                found_units: 0,
                ..
            }
        ),
        "{error:?}"
    );
    assert!(error.is_about_the_file());
    assert_eq!(
        fs::read(&path).expect("the file"),
        before,
        "nothing written"
    );
}

#[test]
fn a_replaced_database_file_stops_every_write() {
    let (folder, path) = new_path();
    let mut store = seeded(1).open_as_player(&path).expect("a store");
    set_highest_limits(&mut store);
    store.deposit(Cents::euros(20)).expect("a deposit");
    let other = folder.path().join("other.sqlite3");
    drop(support::open(&other).expect("another store"));
    fs::rename(&other, &path).expect("replaced under the running store");
    let error = store.deposit(Cents::euros(5)).expect_err("refused");
    assert!(
        matches!(error, StoreError::FileReplaced { .. }),
        "{error:?}"
    );
    assert!(matches!(
        store.buy(&BLACK_JACK),
        Err(StoreError::FileReplaced { .. })
    ));
    fs::remove_file(&path).expect("deleted");
    assert!(matches!(
        store.withdraw(Cents::euros(1)),
        Err(StoreError::FileReplaced { .. })
    ));
}

#[test]
fn the_ledger_is_append_only() {
    let (folder, mut store) = fresh();
    store.deposit(Cents::euros(10)).expect("a deposit");
    let raw = raw(&folder.path().join("guichet.sqlite3"));
    assert!(
        raw.execute("UPDATE ledger SET amount_cents = 1000000", [])
            .is_err()
    );
    assert!(raw.execute("DELETE FROM ledger", []).is_err());
    assert_eq!(store.balance().expect("a balance"), Cents::euros(10));
}

#[test]
fn every_game_round_trips_through_the_store() {
    let (_folder, mut store) = fresh();
    store.deposit(Cents::euros(100)).expect("a deposit");
    for emission in guichet_core::games::emissions() {
        for _ in 0..5 {
            let unit = store.buy(emission).expect("a unit");
            let settled = store.finish(unit.id).expect("finished").unit;
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
        guichet_core::games::emissions()
            .map(|emission| emission.stake.checked_mul(5).expect("cents")),
    )
    .expect("cents");
    let expected = Cents::euros(100)
        .checked_add(total_prizes)
        .and_then(|sum| sum.checked_sub(total_stakes));
    assert_eq!(Some(store.balance().expect("a balance")), expected);
}

#[test]
fn chosen_seeds_sell_the_units_their_blocks_give() {
    let (_folder, mut store) = fresh();
    let expected = Block::open(&BLACK_JACK, 0, &seed(1));
    let status = store
        .block_status(&BLACK_JACK)
        .expect("a status")
        .expect("a block");
    assert_eq!(status.selling.commitment, expected.commitment());
    store.deposit(Cents::euros(10)).expect("a deposit");
    for index in 0..4 {
        let unit = store.buy(&BLACK_JACK).expect("a unit");
        assert_eq!(unit.prize, expected.prize_of_unit(index));
        assert_eq!((unit.block, unit.index), (0, index));
        store.finish(unit.id).expect("finished");
    }
}

#[test]
fn the_whole_balance_can_be_withdrawn_and_not_a_cent_more() {
    let (_folder, mut store) = fresh();
    store.deposit(Cents(2_050)).expect("a deposit");
    assert!(matches!(
        store.withdraw(Cents(2_051)),
        Err(StoreError::InsufficientBalance { .. })
    ));
    let entry = store.withdraw(Cents(2_050)).expect("the whole balance");
    assert_eq!(entry.amount, Cents(-2_050));
    assert_eq!(store.balance().expect("a balance"), Cents::ZERO);
    assert_eq!(store.verify().expect("a verdict"), Vec::<String>::new());
}

#[test]
fn ledger_kinds_read_as_their_names() {
    for (kind, name) in [
        (LedgerKind::Deposit, "deposit"),
        (LedgerKind::Withdrawal, "withdrawal"),
        (LedgerKind::Stake, "stake"),
        (LedgerKind::Prize, "prize"),
        (LedgerKind::Refund, "refund"),
    ] {
        assert_eq!(kind.to_string(), name);
        assert_eq!(name.parse::<LedgerKind>(), Ok(kind));
    }
    assert!("gift".parse::<LedgerKind>().is_err());
}

#[test]
fn a_settled_unit_frees_the_account_for_another_process() {
    let (_folder, path) = new_path();
    let mut kiosk = seeded(1).open_as_player(&path).expect("a store");
    set_highest_limits(&mut kiosk);
    kiosk.deposit(Cents::euros(10)).expect("a deposit");
    let unit = kiosk.buy(&BLACK_JACK).expect("a unit");
    kiosk.finish(unit.id).expect("settled");
    // The kiosk still runs, idle: another process (the CLI) may play now.
    let mut other = support::open(&path).expect("a second store");
    let bought = other.buy(&X10).expect("the account is free");
    other.finish(bought.id).expect("settled");
    assert_eq!(other.verify().expect("a verdict"), Vec::<String>::new());
}

#[test]
fn a_stake_of_the_whole_balance_buys() {
    let (_folder, mut store) = fresh();
    store.deposit(BLACK_JACK.stake).expect("a deposit");
    let unit = store.buy(&BLACK_JACK).expect("the whole balance is enough");
    store.finish(unit.id).expect("settled");
    assert_eq!(
        store.balance().expect("a balance"),
        unit.prize,
        "the stake took the balance to zero, the prize alone is left"
    );
}

#[test]
fn recent_units_are_the_newest_first() {
    let (_folder, mut store) = fresh();
    store.deposit(Cents::euros(10)).expect("a deposit");
    let mut ids = Vec::new();
    for _ in 0..3 {
        let unit = store.buy(&BLACK_JACK).expect("a unit");
        store.finish(unit.id).expect("settled");
        ids.push(unit.id);
    }
    let recent: Vec<i64> = store
        .recent_units(2)
        .expect("units")
        .iter()
        .map(|unit| unit.id)
        .collect();
    assert_eq!(recent, [ids[2], ids[1]]);
}

#[test]
fn a_process_waits_for_the_lease_as_long_as_it_was_told() {
    let (_folder, path) = new_path();
    let mut kiosk = seeded(1).open_as_player(&path).expect("a store");
    set_highest_limits(&mut kiosk);
    kiosk.deposit(Cents::euros(10)).expect("a deposit");
    let unit = kiosk.buy(&BLACK_JACK).expect("a unit");

    // Without waiting, the unit is another's.
    let mut hasty = support::open(&path).expect("a second store");
    assert!(matches!(
        hasty.take_up(unit.id),
        Err(StoreError::PlayedElsewhere { .. })
    ));
    drop(hasty);

    // Told to wait two seconds, a second process takes it up as soon as the
    // first ends, a third of a second later.
    let mut patient = support::options()
        .lease_wait(std::time::Duration::from_secs(2))
        .open_as_player(&path)
        .expect("a patient store");
    let owner = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(300));
        drop(kiosk);
    });
    let started = std::time::Instant::now();
    let taken = patient.take_up(unit.id).expect("taken up after the wait");
    assert_eq!(taken.id, unit.id);
    assert!(started.elapsed() >= std::time::Duration::from_millis(250));
    owner.join().expect("the owner ended");
}

#[test]
fn a_lost_key_with_a_block_missing_still_opens_without_making_one() {
    let (_folder, path) = new_path();
    {
        let store = seeded(1).open_as_player(&path).expect("a store");
        fs::remove_file(store.key_path()).expect("the key is lost");
    }
    // The next block of an emission is gone too: making it would need the key.
    raw(&path)
        .execute(
            "DELETE FROM blocks WHERE emission = 'blackjack@200' AND status = 'committed'",
            [],
        )
        .expect("a block removed");
    let mut store = seeded(1).open_as_player(&path).expect("it still opens");
    assert!(store.seal_problem().is_some());
    assert!(!store.key_path().exists(), "never a silent new key");
    let status = store
        .block_status(&BLACK_JACK)
        .expect("a status")
        .expect("a block");
    assert!(status.next.is_none(), "no block made without its key");
}

#[test]
fn a_store_debugs_as_its_path_and_nothing_secret() {
    let (_folder, store) = fresh();
    let shown = format!("{store:?}");
    assert!(shown.starts_with("Store {"), "{shown}");
    assert!(shown.contains("guichet.sqlite3"), "{shown}");
}

#[test]
fn a_store_closed_after_its_file_was_replaced_sets_the_old_log_aside() {
    let (folder, path) = new_path();
    let mut store = seeded(1).open_as_player(&path).expect("a store");
    set_highest_limits(&mut store);
    store.deposit(Cents::euros(20)).expect("a deposit");
    let log = folder.path().join("guichet.sqlite3-wal");
    assert!(log.exists(), "the running store has its log");
    let other = folder.path().join("other.sqlite3");
    drop(support::open(&other).expect("another store"));
    fs::rename(&other, &path).expect("replaced under the running store");
    let aside = store
        .close_replaced()
        .expect("a folder that lets it")
        .expect("the old log set aside");
    let name = aside
        .file_name()
        .expect("a name")
        .to_string_lossy()
        .into_owned();
    assert!(name.starts_with("guichet.sqlite3-wal.orphaned-"), "{name}");
    assert!(aside.exists() && !log.exists());
    // A store whose file is still its own has nothing to set aside.
    let (_folder, store) = fresh();
    assert_eq!(store.close_replaced().expect("nothing to do"), None);
}

#[test]
fn data_version_moves_when_another_process_writes() {
    let (folder, store) = fresh();
    let before = store.data_version().expect("a version");
    assert_eq!(store.data_version().expect("a version"), before, "still");
    let mut other = support::open(&folder.path().join("guichet.sqlite3")).expect("another");
    other.deposit(Cents::euros(5)).expect("a deposit");
    assert_ne!(store.data_version().expect("a version"), before);
}

#[test]
fn the_default_database_lives_in_the_users_data_folder() {
    let path = Store::default_path();
    assert!(path.is_absolute(), "{}", path.display());
    assert!(
        path.ends_with("guichet/guichet.sqlite3"),
        "{}",
        path.display()
    );
}
