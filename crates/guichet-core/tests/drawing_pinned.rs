//! The drawing is pinned: the scenarios of a fixed block's first units, for
//! every emission, as the audit export writes them, hash to known values. A
//! kiosk replays a stored unit's scenario from its block and index, so a
//! change to the drawing must show here first — and bump
//! `generator::VERSION`, which the store records with every unit sold.

use guichet_core::block::{Block, Seed};
use guichet_core::generator::{self, scenario_of_unit_under};
use sha2::{Digest as _, Sha256};

/// Units drawn per emission.
const UNITS: u32 = 200;

/// The fingerprint of each emission's first units of a fixed block, drawn
/// as generators' `version` drew them.
fn fingerprints(version: u32) -> Vec<String> {
    guichet_core::games::emissions()
        .map(|emission| {
            let block = Block::open(emission, 3, &Seed::from_bytes([11; 32]));
            let mut hash = Sha256::new();
            for index in 0..UNITS {
                let prize = block.prize_of_unit(index);
                let scenario = scenario_of_unit_under(version, &block, index, prize);
                hash.update(prize.get().to_le_bytes());
                hash.update(scenario.to_json().as_bytes());
            }
            hex::encode(&hash.finalize()[..8])
        })
        .collect()
}

#[test]
fn the_drawing_of_version_4_is_pinned() {
    assert_eq!(generator::VERSION, 4);
    // Star Fortune's alone moved from version 3: its scenarios name physics 2.
    assert_eq!(
        fingerprints(4),
        [
            "c0d38d52e343f1ac",
            "1f1156fb1f8eb226",
            "c51584eeac8ff16d",
            "636941e77ab998e7",
            "abec30b20e2dee2c",
            "0aa2c21ad5030c5a"
        ]
    );
}

/// Units sold under version 3 are redrawn as they were sold: its pins, as
/// version 3's release had them.
#[test]
fn the_drawing_of_version_3_is_still_pinned() {
    // Black Jack's alone moved from version 2: its tables are dealt from one
    // deck.
    assert_eq!(
        fingerprints(3),
        [
            "c0d38d52e343f1ac",
            "1f1156fb1f8eb226",
            "265ebb33abb18666",
            "9fd13e6ec4ebfcee",
            "bb1733ec15233573",
            "0aa2c21ad5030c5a"
        ]
    );
}

/// Units sold under version 2 are redrawn as they were sold: its pins, as
/// version 2's release had them.
#[test]
fn the_drawing_of_version_2_is_still_pinned() {
    assert_eq!(generator::OLDEST, 2);
    assert_eq!(
        fingerprints(2),
        [
            "6f6ca20b9e93482a",
            "1f1156fb1f8eb226",
            "265ebb33abb18666",
            "9fd13e6ec4ebfcee",
            "bb1733ec15233573",
            "0aa2c21ad5030c5a"
        ]
    );
}
