//! A database written by the first release (schema 1: seeds in clear, blocks
//! opened by the first sale) is carried over to the current schema: nothing lost,
//! every open seed sealed and wiped from the file, every block still the same.
//!
//! `fixtures/v1-kiosk.sqlite3` was made by the release before this schema
//! (commit aed9add): a deposit, units of four emissions, and a Bingo unit left
//! unfinished by a `guichet play` killed with SIGKILL.

mod support;

use std::fs;

use guichet_core::block::{Block, Seed};
use guichet_core::games::bingo::game::BINGO;
use guichet_core::games::blackjack::game::BLACK_JACK;
use guichet_core::money::Cents;
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
    assert_eq!(version, 6);
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
