//! The same drop always falls the same way, bit for bit, and three known falls
//! are pinned: a change to the physics changes what the auditors' export
//! draws, so it must show here first. Milliseconds, where `plinko.rs` checks
//! 90 000 falls in half a minute.

use guichet_core::block::{Block, Seed};
use guichet_core::emission::STAR_FORTUNE_100;
use guichet_core::generator::unit_scenario;
use guichet_core::plinko::{Board, Trajectory, drop_trajectory};
use guichet_core::scenario::Scenario;
use sha2::{Digest as _, Sha256};

/// The SHA-256 of a fall's samples, bit for bit.
fn fingerprint(fall: &Trajectory) -> String {
    let mut hash = Sha256::new();
    for sample in &fall.samples {
        for value in [sample.t, sample.x, sample.y, sample.angle] {
            hash.update(value.to_bits().to_le_bytes());
        }
    }
    hex::encode(&hash.finalize()[..8])
}

#[test]
fn the_same_drop_falls_the_same_way_and_known_falls_are_pinned() {
    let emission = &STAR_FORTUNE_100;
    let board = Board::of(emission);
    let block = Block::open(emission, 0, &Seed::from_bytes([7; 32]));
    let mut fingerprints = Vec::new();
    for index in 0..3 {
        let Scenario::StarFortune(mut unit) = unit_scenario(&block, index).1 else {
            panic!("a Star Fortune unit");
        };
        unit.pick_puck(0, index as u8);
        let fall = drop_trajectory(&board, &unit.drops[0]).expect("a picked puck falls");
        let again = drop_trajectory(&board, &unit.drops[0]).expect("a picked puck falls");
        assert_eq!(fall, again);
        fingerprints.push(fingerprint(&fall));
    }
    // A change to the physics changes these: the auditors' pinned falls too.
    assert_eq!(
        fingerprints,
        ["d3621ba0fd5ab604", "6901ad2f157f4f2b", "d7e416fcdf12cb8a"]
    );
}
