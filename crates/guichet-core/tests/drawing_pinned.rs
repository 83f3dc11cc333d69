//! The drawing is pinned: the scenarios of a fixed block's first units, for
//! every emission, as the audit export writes them, hash to known values. A
//! kiosk replays a stored unit's scenario from its block and index, so a
//! change to the drawing must show here first — and bump
//! `generator::VERSION`, which the store records with every unit sold.

use guichet_core::block::{Block, Seed};
use guichet_core::generator::{self, unit_scenario};
use sha2::{Digest as _, Sha256};

/// Units drawn per emission.
const UNITS: u32 = 200;

#[test]
fn the_drawing_of_version_2_is_pinned() {
    assert_eq!(generator::VERSION, 2);
    let fingerprints: Vec<String> = guichet_core::games::emissions()
        .map(|emission| {
            let block = Block::open(emission, 3, &Seed::from_bytes([11; 32]));
            let mut hash = Sha256::new();
            for index in 0..UNITS {
                let (prize, scenario) = unit_scenario(&block, index);
                hash.update(prize.get().to_le_bytes());
                hash.update(scenario.to_json().as_bytes());
            }
            hex::encode(&hash.finalize()[..8])
        })
        .collect();
    assert_eq!(
        fingerprints,
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
