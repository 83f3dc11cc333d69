//! `verify` finds what it claims to: each test breaks a sound database one
//! precise way — as someone with the file and `sqlite3` could, the ledger's
//! triggers dropped and the schema's checks ignored — and expects that very
//! violation, which the sound database does not show.

mod support;
use support::OpensAsThePlayer as _;

use std::path::{Path, PathBuf};

use guichet_core::block::{Block, Seed};
use guichet_core::games::blackjack::game::BLACK_JACK;
use guichet_core::games::x10::game::X10;
use guichet_core::money::Cents;
use guichet_core::step::RevealStep;
use guichet_sale::PointOfSale as _;
use rusqlite::params;
use support::{first_unit_worth, seed};
use tempfile::TempDir;

/// A sound database: a winning Black Jack unit and a losing one, both settled,
/// and an X10 unit half revealed.
struct Sound {
    _folder: TempDir,
    path: PathBuf,
    won: i64,
    lost: i64,
    unfinished: i64,
}

/// The first Black Jack prize: the first unit of block 0 is worth it.
fn first_prize() -> Cents {
    BLACK_JACK.tiers[0].prize
}

fn sound() -> Sound {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let path = folder.path().join("guichet.sqlite3");
    let mut store = first_unit_worth(&BLACK_JACK, first_prize())
        .open_as_player(&path)
        .expect("a store");
    support::set_highest_limits(&mut store);
    store.deposit(Cents::euros(50)).expect("a deposit");
    let won = store.buy(&BLACK_JACK).expect("a unit");
    assert_eq!(won.prize, first_prize());
    store.finish(won.id).expect("settled");
    // The next unit that loses.
    let lost = loop {
        let unit = store.buy(&BLACK_JACK).expect("a unit");
        store.finish(unit.id).expect("settled");
        if unit.prize == Cents::ZERO {
            break unit;
        }
    };
    let unfinished = store.buy(&X10).expect("a unit");
    let steps: Vec<RevealStep> = unfinished.progress.possible_steps()[..3].to_vec();
    store.reveal(unfinished.id, &steps).expect("three steps");
    assert_eq!(store.verify().expect("a verdict"), Vec::<String>::new());
    Sound {
        _folder: folder,
        path,
        won: won.id,
        lost: lost.id,
        unfinished: unfinished.id,
    }
}

/// A raw connection to `path` that may break anything (the chain's triggers
/// dropped, as a forger without the key must).
fn tamperer(path: &Path) -> rusqlite::Connection {
    let connection = support::forge::forger(path);
    connection
        .execute_batch(
            "PRAGMA ignore_check_constraints = ON;
             PRAGMA foreign_keys = OFF;
             DROP TRIGGER IF EXISTS blocks_are_committed_before_they_sell;
             DROP TRIGGER IF EXISTS ledger_is_append_only_update;
             DROP TRIGGER IF EXISTS ledger_is_append_only_delete;
             DROP TRIGGER IF EXISTS blocks_move_forward;",
        )
        .expect("the triggers dropped");
    connection
}

/// What `verify` finds in the database at `path`, opened to read as
/// `guichet verify` does (a forged file does not open to write).
fn verdict(path: &Path) -> Vec<String> {
    support::options()
        .read_only()
        .open_as_player(path)
        .expect("the store opens to read")
        .verify()
        .expect("a verdict")
}

/// Breaks a sound database with `sql` and checks that `verify` names each of
/// `expected` (a fragment of one violation each).
fn breaks(sql: impl Fn(&Sound) -> String, expected: impl Fn(&Sound) -> Vec<String>) {
    let sound = sound();
    tamperer(&sound.path)
        .execute_batch(&sql(&sound))
        .expect("the tampering");
    let found = verdict(&sound.path);
    for fragment in expected(&sound) {
        assert!(
            found.iter().any(|violation| violation.contains(&fragment)),
            "{fragment:?} not among {found:#?}"
        );
    }
}

/// Breaks a sound database with `sql` past what its schema allows, and checks
/// that the store refuses to open it (so `guichet verify` too), naming
/// `reason`.
fn refused(sql: &str, reason: &str) {
    let sound = sound();
    tamperer(&sound.path)
        .execute_batch(sql)
        .expect("the tampering");
    match support::open(&sound.path) {
        Err(error) => assert!(format!("{error:?}").contains(reason), "{error:?}"),
        Ok(_) => panic!("a database broken by {sql:?} opens"),
    }
}

#[test]
fn a_broken_balance_chain_is_found() {
    breaks(
        |_| {
            "UPDATE ledger SET balance_after_cents = balance_after_cents + 1 WHERE id = 1"
                .to_owned()
        },
        |_| vec!["ledger entry 1 carries a balance of 5001 cents after 5000 on 0 cents".to_owned()],
    );
}

#[test]
fn a_balance_that_is_not_the_sum_of_the_ledger_is_found() {
    breaks(
        |_| {
            "UPDATE ledger SET balance_after_cents = balance_after_cents + 100
             WHERE id = (SELECT MAX(id) FROM ledger)"
                .to_owned()
        },
        |_| vec!["is not the sum of their ledger".to_owned()],
    );
}

#[test]
fn a_stake_removed_is_found() {
    breaks(
        |sound| {
            format!(
                "UPDATE ledger SET kind = 'withdrawal', unit_id = NULL
                 WHERE kind = 'stake' AND unit_id = {}",
                sound.lost
            )
        },
        |sound| vec![format!("unit {} is debited 0 stakes", sound.lost)],
    );
}

#[test]
fn a_stake_of_the_wrong_amount_is_found() {
    breaks(
        |sound| {
            format!(
                "UPDATE ledger SET amount_cents = 2 * amount_cents WHERE kind = 'stake' AND unit_id = {}",
                sound.lost
            )
        },
        |sound| {
            vec![format!(
                "unit {} is debited {} cents for a stake of {}",
                sound.lost,
                2 * BLACK_JACK.stake.get(),
                BLACK_JACK.code()
            )]
        },
    );
}

#[test]
fn a_second_stake_or_prize_for_a_unit_is_refused_by_the_schema_itself() {
    let sound = sound();
    let tamperer = tamperer(&sound.path);
    for kind in ["stake", "prize"] {
        let doubled = tamperer.execute(
            "INSERT INTO ledger (at, kind, amount_cents, unit_id, balance_after_cents, player_id)
             VALUES ('2026-01-01T00:00:00Z', ?1, 100, ?2, 100, 1)",
            params![kind, sound.won],
        );
        assert!(
            doubled.is_err(),
            "a second {kind} for one unit: {doubled:?}"
        );
    }
}

#[test]
fn a_prize_credited_to_a_losing_unit_is_found() {
    breaks(
        |sound| {
            format!(
                "INSERT INTO ledger (at, kind, amount_cents, unit_id, balance_after_cents, player_id)
                 SELECT '2026-01-01T00:00:00Z', 'prize', 100, {}, balance_after_cents + 100, player_id
                 FROM ledger ORDER BY id DESC LIMIT 1",
                sound.lost
            )
        },
        |sound| {
            vec![format!(
                "unit {} (settled, prize 0 cents) is credited 1 prizes of 100 cents",
                sound.lost
            )]
        },
    );
}

#[test]
fn a_prize_of_the_wrong_amount_is_found() {
    breaks(
        |sound| {
            format!(
                "UPDATE ledger SET amount_cents = amount_cents + 1 WHERE kind = 'prize' AND unit_id = {}",
                sound.won
            )
        },
        |sound| {
            vec![format!(
                "unit {} (settled, prize {} cents) is credited 1 prizes of {} cents",
                sound.won,
                first_prize().get(),
                first_prize().get() + 1
            )]
        },
    );
}

#[test]
fn a_prize_credited_before_the_unit_is_settled_is_found() {
    breaks(
        |sound| {
            format!(
                "INSERT INTO ledger (at, kind, amount_cents, unit_id, balance_after_cents, player_id)
                 SELECT '2026-01-01T00:00:00Z', 'prize', 100, {}, balance_after_cents + 100, player_id
                 FROM ledger ORDER BY id DESC LIMIT 1",
                sound.unfinished
            )
        },
        |sound| vec![format!("unit {} (revealing, ", sound.unfinished)],
    );
}

#[test]
fn a_unit_settled_with_steps_missing_is_found() {
    breaks(
        |sound| {
            format!(
                "DELETE FROM reveal_steps WHERE unit_id = {0}
                 AND seq = (SELECT MAX(seq) FROM reveal_steps WHERE unit_id = {0})",
                sound.won
            )
        },
        |sound| {
            vec![format!(
                "unit {}: settled before it was fully revealed",
                sound.won
            )]
        },
    );
}

#[test]
fn a_gap_in_a_blocks_indices_is_found() {
    breaks(
        |sound| {
            format!(
                "UPDATE units SET unit_index = unit_index + 5 WHERE id = {}",
                sound.lost
            )
        },
        |_| vec!["units sold but the next index is".to_owned()],
    );
}

#[test]
fn a_next_index_that_skips_units_is_found() {
    breaks(
        |_| {
            format!(
                "UPDATE blocks SET next_index = next_index + 1 WHERE emission = '{}' AND status = 'selling'",
                BLACK_JACK.code()
            )
        },
        |_| vec!["units sold but the next index is".to_owned()],
    );
}

#[test]
fn a_block_closed_before_its_commitment_is_found() {
    breaks(
        |_| {
            format!(
                "UPDATE blocks SET status = 'void', sealed_seed = NULL, void_reason = 'a test',
                        closed_at = '2000-01-01T00:00:00Z'
                 WHERE emission = '{}' AND status = 'committed'",
                X10.code()
            )
        },
        |_| vec!["closed at 2000-01-01T00:00:00Z, before its commitment was published".to_owned()],
    );
}

#[test]
fn a_block_closed_before_it_sold_out_or_with_its_seed_in_clear_is_refused_at_open() {
    // The schema's checks say a closed block is sold out and has its seed
    // published, and an open one has none in clear; `PRAGMA quick_check` sees
    // a file that breaks them, and the store refuses it.
    let selling = format!(
        "WHERE emission = '{}' AND status = 'selling'",
        BLACK_JACK.code()
    );
    refused(
        &format!("UPDATE blocks SET status = 'closed' {selling}"),
        "CHECK constraint failed in blocks",
    );
    refused(
        &format!("UPDATE blocks SET seed = sealed_seed {selling}"),
        "CHECK constraint failed in blocks",
    );
}

#[test]
fn a_block_of_the_wrong_size_is_found() {
    breaks(
        |_| {
            format!(
                "UPDATE blocks SET size = size + 1 WHERE emission = '{}' AND status = 'selling'",
                BLACK_JACK.code()
            )
        },
        |_| {
            vec![format!(
                "size {} instead of {}",
                BLACK_JACK.block_size + 1,
                BLACK_JACK.block_size
            )]
        },
    );
}

#[test]
fn an_emission_without_its_next_block_committed_is_found() {
    let sound = sound();
    let void_the_committed = format!(
        "UPDATE blocks SET status = 'void', sealed_seed = NULL, void_reason = 'a test',
                closed_at = '2030-01-01T00:00:00Z'
         WHERE emission = '{}' AND status = 'committed'",
        X10.code()
    );
    let missing = format!("{}: 0 blocks committed instead of one", X10.code());
    // Broken under a store that is open: its verify sees it.
    let store = support::open(&sound.path).expect("the store opens");
    tamperer(&sound.path)
        .execute_batch(&void_the_committed)
        .expect("the tampering");
    let found = store.verify().expect("a verdict");
    assert!(found.contains(&missing), "{found:#?}");
    drop(store);
    // Opened again, the store commits the next block at once; the tampering
    // stays found.
    let found = support::open(&sound.path)
        .expect("it opens to write")
        .verify()
        .expect("a verdict");
    assert!(!found.contains(&missing), "{found:#?}");
    assert!(
        found
            .iter()
            .any(|violation| violation.contains("changed since chain link")),
        "{found:#?}"
    );
}

/// A sound database with a closed block added, its seed published: `seed`
/// under `commitment`.
fn with_closed_block(seed: &Seed, commitment: &[u8; 32]) -> Vec<String> {
    let sound = sound();
    tamperer(&sound.path)
        .execute(
            "INSERT INTO blocks (emission, number, status, commitment, seed, size, next_index,
                                 committed_at, selling_since, closed_at)
             VALUES (?1, 999, 'closed', ?2, ?3, ?4, ?4,
                     '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z')",
            params![
                BLACK_JACK.code(),
                commitment.as_slice(),
                seed.expose_bytes().as_slice(),
                BLACK_JACK.block_size
            ],
        )
        .expect("a closed block added");
    verdict(&sound.path)
}

#[test]
fn a_published_seed_that_does_not_match_its_commitment_is_found() {
    let mismatch = "number 999): its seed does not match its commitment";
    let published = seed(77);
    let commitment = Block::commitment_of(&BLACK_JACK, 999, &published).0;
    // The block as added: its own seed under its own commitment.
    let honest = with_closed_block(&published, &commitment);
    assert!(
        !honest.iter().any(|violation| violation.contains(mismatch)),
        "{honest:#?}"
    );
    // Another seed published, or another commitment: both are found.
    let other_seed = with_closed_block(&seed(78), &commitment);
    assert!(
        other_seed
            .iter()
            .any(|violation| violation.contains(mismatch)),
        "{other_seed:#?}"
    );
    let mut other_commitment = commitment;
    other_commitment[0] ^= 1;
    let tampered = with_closed_block(&published, &other_commitment);
    assert!(
        tampered
            .iter()
            .any(|violation| violation.contains(mismatch)),
        "{tampered:#?}"
    );
}

#[test]
fn a_prize_the_block_does_not_give_is_found() {
    breaks(
        |sound| {
            format!(
                "UPDATE units SET prize_cents = prize_cents + 100 WHERE id = {}",
                sound.lost
            )
        },
        |sound| {
            vec![
                format!(
                    "unit {}: prize 1,00\u{a0}€ but its block gives 0,00\u{a0}€",
                    sound.lost
                ),
                format!(
                    "unit {}: its scenario shows 0,00\u{a0}€ for a prize of 1,00\u{a0}€",
                    sound.lost
                ),
            ]
        },
    );
}

#[test]
fn a_scenario_the_block_does_not_give_is_found() {
    breaks(
        |sound| {
            format!(
                "UPDATE units SET scenario = (SELECT scenario FROM units WHERE id = {0}) WHERE id = {1}",
                sound.won, sound.lost
            )
        },
        |sound| {
            vec![format!(
                "unit {}: its scenario is not the one its block gives",
                sound.lost
            )]
        },
    );
}

#[test]
fn a_unit_sold_before_its_block_was_committed_is_found() {
    breaks(
        |sound| {
            format!(
                "UPDATE units SET sold_at = '2000-01-01T00:00:00Z' WHERE id = {}",
                sound.lost
            )
        },
        |sound| {
            vec![format!(
                "unit {}: sold at 2000-01-01T00:00:00Z, before its block's commitment",
                sound.lost
            )]
        },
    );
}

#[test]
fn two_unfinished_units_are_found() {
    breaks(
        |sound| {
            format!(
                "UPDATE units SET state = 'revealing', settled_at = NULL WHERE id = {}",
                sound.lost
            )
        },
        |_| vec!["2 units are unfinished at once (at most one may be)".to_owned()],
    );
}

#[test]
fn a_unit_said_unopened_with_steps_is_found() {
    breaks(
        |sound| {
            format!(
                "UPDATE units SET state = 'sold', settled_at = NULL WHERE id = {}",
                sound.unfinished
            )
        },
        |sound| {
            vec![format!(
                "unit {}: state sold with 3 reveal steps",
                sound.unfinished
            )]
        },
    );
}

#[test]
fn a_step_of_a_unit_that_does_not_exist_is_found() {
    // (verify used to fail on this one: a table without rowid has none to name.)
    breaks(
        |_| {
            "INSERT INTO reveal_steps (unit_id, seq, step, at)
             VALUES (999, 0, '{\"step\":\"zone\",\"zone\":0}', '2026-01-01T00:00:00Z')"
                .to_owned()
        },
        |_| vec!["reveal_steps (a row) points to a missing units".to_owned()],
    );
}

#[test]
fn a_block_closed_at_the_instant_of_its_commitment_is_sound() {
    let sound = sound();
    tamperer(&sound.path)
        .execute_batch(&format!(
            "UPDATE blocks SET status = 'void', sealed_seed = NULL, void_reason = 'a test',
                    closed_at = committed_at
             WHERE emission = '{}' AND status = 'committed'",
            X10.code()
        ))
        .expect("a block voided");
    let found = verdict(&sound.path);
    assert!(
        !found
            .iter()
            .any(|violation| violation.contains("before its commitment")),
        "{found:#?}"
    );
}

#[test]
fn a_database_behind_its_tally_is_found() {
    let sound = sound();
    let store = support::open(&sound.path).expect("the store opens");
    // The last ledger entry lost behind the store's back (a `-wal` deleted).
    tamperer(&sound.path)
        .execute_batch("DELETE FROM ledger WHERE id = (SELECT MAX(id) FROM ledger)")
        .expect("an entry lost");
    let found = store.verify().expect("a verdict");
    assert!(
        found
            .iter()
            .any(|violation| violation.contains("the database is behind its tally")),
        "{found:#?}"
    );
}
