//! The drawing is pinned: the scenarios of a fixed block's first units, for
//! every emission, as the audit export writes them, hash to known values. A
//! kiosk replays a stored unit's scenario from its block and index, so a
//! change to the drawing must show here first — and bump
//! `generator::VERSION`, which the store records with every unit sold.

mod per_game;

use guichet_core::block::{Block, Seed};
use guichet_core::emission::Emission;
use guichet_core::games;
use guichet_core::generator::{self, scenario_of_unit_under};
use sha2::{Digest as _, Sha256};

/// Units drawn per emission.
const UNITS: u32 = 200;

/// The versions pinned, newest first: each emission's pins in this order.
const VERSIONS: [u32; 3] = [4, 3, 2];

/// Each emission's fingerprints under [`VERSIONS`], by emission code: every
/// emission of the registry has its entry. Star Fortune's alone moved from
/// version 3 to 4 (its scenarios name physics 2); Black Jack's alone from
/// version 2 to 3 (its tables are dealt from one deck).
const PINS: &[(&str, [&str; 3])] = &[
    (
        "blackjack@200",
        ["c0d38d52e343f1ac", "c0d38d52e343f1ac", "6f6ca20b9e93482a"],
    ),
    (
        "x10@200",
        ["1f1156fb1f8eb226", "1f1156fb1f8eb226", "1f1156fb1f8eb226"],
    ),
    (
        "star-fortune@50",
        ["c51584eeac8ff16d", "265ebb33abb18666", "265ebb33abb18666"],
    ),
    (
        "star-fortune@100",
        ["636941e77ab998e7", "9fd13e6ec4ebfcee", "9fd13e6ec4ebfcee"],
    ),
    (
        "star-fortune@200",
        ["abec30b20e2dee2c", "bb1733ec15233573", "bb1733ec15233573"],
    ),
    (
        "bingo@200",
        ["0aa2c21ad5030c5a", "0aa2c21ad5030c5a", "0aa2c21ad5030c5a"],
    ),
];

/// The fingerprint of `emission`'s first units of a fixed block, drawn as
/// generators' `version` drew them.
fn fingerprint(emission: &'static Emission, version: u32) -> String {
    let block = Block::open(emission, 3, &Seed::from_bytes([11; 32]));
    let mut hash = Sha256::new();
    for index in 0..UNITS {
        let prize = block.prize_of_unit(index);
        let scenario = scenario_of_unit_under(version, &block, index, prize);
        hash.update(prize.get().to_le_bytes());
        hash.update(scenario.to_json().as_bytes());
    }
    hex::encode(&hash.finalize()[..8])
}

#[test]
fn the_versions_pinned_are_every_version_this_build_draws() {
    assert_eq!(VERSIONS[0], generator::VERSION);
    assert_eq!(VERSIONS[VERSIONS.len() - 1], generator::OLDEST);
    assert!(VERSIONS.windows(2).all(|pair| pair[0] == pair[1] + 1));
}

#[test]
fn every_emission_has_its_pins_and_no_pin_is_orphaned() {
    let codes: Vec<String> = games::emissions().map(Emission::code).collect();
    per_game::covers_exactly(PINS, &codes, "drawing_pinned.rs's PINS");
}

/// Units sold under every version are redrawn as they were sold: each
/// version's pins, as its release had them.
#[test]
fn the_drawing_of_every_version_is_pinned() {
    for emission in games::emissions() {
        let pins = per_game::entry(PINS, &emission.code(), "drawing_pinned.rs's PINS");
        for (version, pin) in VERSIONS.into_iter().zip(pins) {
            assert_eq!(
                fingerprint(emission, version),
                *pin,
                "{emission} under version {version}"
            );
        }
    }
}
