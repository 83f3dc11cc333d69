//! A database written by the first release (schema 1: seeds in clear, blocks
//! opened by the first sale) is carried over to the current schema: nothing lost,
//! every open seed sealed and wiped from the file, every block still the same.
//!
//! `fixtures/v1-kiosk.sqlite3` was made by the release before this schema
//! (commit aed9add): a deposit, units of four emissions, and a Bingo unit left
//! unfinished by a `guichet play` killed with SIGKILL.
//!
//! `fixtures/v5-kiosk.sqlite3` (and its seal key, `v5-kiosk.seal-key`) was
//! made by the release before the chain (commit 34638ca): limits, a deposit,
//! five units of two emissions, a withdrawal; its records unchained.

mod support;

use std::fs;

use guichet_core::block::{Block, Seed};
use guichet_core::games::bingo::game::BINGO;
use guichet_core::games::blackjack::game::BLACK_JACK;
use guichet_core::money::Cents;
use guichet_sale::PointOfSale as _;
use guichet_sale::{StoreError, UnitState};
use guichet_sqlite::BlockState;
use support::raw;

/// The open blocks' seeds, read from the schema-1 file before it is migrated.
fn open_seeds(path: &std::path::Path) -> Vec<(String, u32, Seed)> {
    let raw = raw(path);
    let mut statement = raw
        .prepare("SELECT emission, number, seed FROM blocks WHERE closed_at IS NULL")
        .expect("schema 1");
    statement
        .query_map([], |row| {
            let seed: Vec<u8> = row.get(2)?;
            Ok((
                row.get(0)?,
                row.get(1)?,
                Seed::from_bytes(seed.try_into().expect("32 bytes")),
            ))
        })
        .expect("rows")
        .collect::<Result<_, _>>()
        .expect("seeds")
}

#[test]
fn a_first_release_database_is_carried_over_and_its_seeds_sealed() {
    let (folder, path) = support::new_path();
    fs::copy("tests/fixtures/v1-kiosk.sqlite3", &path).expect("the fixture");
    let seeds = open_seeds(&path);
    assert_eq!(seeds.len(), 4, "four emissions were selling");

    let mut store = support::open(&path).expect("migrated");
    assert_eq!(store.balance().expect("a balance"), Cents::euros(31));
    assert_eq!(store.all_units().expect("units").len(), 68);
    let version: i64 = raw(&path)
        .query_row("PRAGMA user_version", [], |row| row.get(0))
        .expect("a version");
    assert_eq!(version, 8);
    assert!(
        store.key_path().exists(),
        "a seal key was made for the open seeds"
    );
    assert_eq!(store.verify().expect("a verdict"), Vec::<String>::new());

    // The same blocks go on selling, from where they were.
    for (code, number, seed) in &seeds {
        let emission = guichet_core::games::emission_by_code(code).expect("an emission");
        let status = store
            .block_status(emission)
            .expect("a status")
            .expect("a block");
        assert_eq!(status.selling.number, *number);
        assert_eq!(
            status.selling.commitment,
            Block::open(emission, *number, seed).commitment()
        );
        assert!(status.next.is_some(), "{code}: the next block is committed");
    }

    // No open seed is left anywhere in the file: not in clear, not in free pages.
    let mut bytes = fs::read(&path).expect("the file");
    bytes.extend(fs::read(folder.path().join("guichet.sqlite3-wal")).unwrap_or_default());
    for (code, _, seed) in &seeds {
        assert!(
            !bytes
                .windows(32)
                .any(|window| window == seed.expose_bytes()),
            "{code}: the old seed is still in the file"
        );
    }

    // The unit the killed `play` left is finished; once the player has set the
    // limits a first release never asked for, sales go on with the same seeds.
    let unfinished = store.unfinished_units().expect("units");
    assert_eq!(unfinished.len(), 1);
    assert_eq!(unfinished[0].emission, &BINGO);
    store.finish(unfinished[0].id).expect("finished");
    // The one account had no age answer: the migrated player must give it.
    assert!(matches!(
        store.buy(&BLACK_JACK),
        Err(StoreError::NotAnAdult)
    ));
    store.answer_age(true).expect("18 or over");
    assert!(matches!(store.buy(&BLACK_JACK), Err(StoreError::NoLimits)));
    support::set_highest_limits(&mut store);
    let (_, _, black_jack_seed) = seeds
        .iter()
        .find(|(code, _, _)| code == &BLACK_JACK.code())
        .expect("Black Jack was selling");
    let block = Block::open(&BLACK_JACK, 0, black_jack_seed);
    for _ in 0..3 {
        let unit = store.buy(&BLACK_JACK).expect("a unit");
        assert_eq!(unit.prize, block.prize_of_unit(unit.index));
        assert_eq!(
            store.finish(unit.id).expect("settled").unit.state,
            UnitState::Settled
        );
    }
    assert!(
        store
            .blocks()
            .expect("blocks")
            .iter()
            .all(|record| record.state != BlockState::Closed)
    );
    assert_eq!(store.verify().expect("a verdict"), Vec::<String>::new());
}

/// The schema-5 fixture in a folder of its own, its seal key in the tests'
/// key store.
fn version_5_kiosk() -> (tempfile::TempDir, std::path::PathBuf) {
    let (folder, path) = support::new_path();
    fs::copy("tests/fixtures/v5-kiosk.sqlite3", &path).expect("the fixture");
    let id: String = raw(&path)
        .query_row("SELECT database_id FROM store_identity", [], |row| {
            row.get(0)
        })
        .expect("its id");
    let key = support::keys().seal_key(&id);
    fs::create_dir_all(key.parent().expect("the key store")).expect("the key store");
    fs::copy("tests/fixtures/v5-kiosk.seal-key", &key).expect("its key");
    (folder, path)
}

#[test]
fn a_file_of_schema_5_is_said_unchained_then_chained_from_a_genesis_that_says_so() {
    let (_folder, path) = version_5_kiosk();
    // Read as it is, it is refused: every reading asks for its players.
    let refused = support::options()
        .read_only()
        .open(&path)
        .expect_err("schema 5 is read once migrated");
    assert!(
        matches!(refused, StoreError::OldSchema { found: 5, .. }),
        "{refused:?}"
    );

    let mut store = support::open(&path).expect("migrated");
    assert_eq!(store.all_units().expect("units").len(), 5);
    assert_eq!(store.balance().expect("a balance"), Cents::euros(31));
    let raw = raw(&path);
    let version: i64 = raw
        .query_row("PRAGMA user_version", [], |row| row.get(0))
        .expect("a version");
    assert_eq!(version, 8);
    let (record, genesis): (String, String) = raw
        .query_row(
            "SELECT record, content FROM chain WHERE seq = 1",
            [],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .expect("the first link");
    assert_eq!(record, "genesis");
    assert!(genesis.contains("chained at schema 6"), "{genesis}");
    // Every row already there is a link, after the genesis.
    let (links, rows): (i64, i64) = raw
        .query_row(
            "SELECT (SELECT COUNT(*) FROM chain WHERE seq > 1),
                    (SELECT COUNT(*) FROM ledger) + (SELECT COUNT(*) FROM units)
                    + (SELECT COUNT(*) FROM reveal_steps) + (SELECT COUNT(*) FROM blocks)
                    + (SELECT COUNT(*) FROM protection) + (SELECT COUNT(*) FROM events)
                    + (SELECT COUNT(*) FROM store_identity) + (SELECT COUNT(*) FROM account)
                    + (SELECT COUNT(*) FROM meter_resets) + (SELECT COUNT(*) FROM operator_pin)
                    + (SELECT COUNT(*) FROM kiosk_settings) + (SELECT COUNT(*) FROM players)",
            [],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .expect("counts");
    assert_eq!(links, rows);
    assert_eq!(store.verify().expect("a verdict"), Vec::<String>::new());

    // A row of before the chain, edited after it, is found like any other.
    drop(store);
    support::forge::forge(
        &path,
        "DROP TRIGGER ledger_is_append_only_update;
         UPDATE ledger SET amount_cents = 5000, balance_after_cents = balance_after_cents + 1000
         WHERE kind = 'deposit';",
    );
    let found = support::open(&path)
        .expect("it opens")
        .verify()
        .expect("a verdict");
    assert!(
        found.iter().any(|finding| finding.starts_with("ledger ")
            && finding.contains("changed since chain link")),
        "{found:#?}"
    );
}
