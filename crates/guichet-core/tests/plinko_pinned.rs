//! The same drop always falls the same way, bit for bit; known falls (to
//! places and into both BONUS cases) and every stake's board are pinned: a
//! change to the board or the physics changes what the auditors' export draws,
//! so it must show here first. Milliseconds, where `plinko.rs` checks 90 000
//! falls in half a minute.

mod falls;

use guichet_core::block::{Block, Seed};
use guichet_core::games::Scenario;
use guichet_core::games::star_fortune::game::STAR_FORTUNE_100;
use guichet_core::games::star_fortune::plinko::{Board, Trajectory, drop_trajectory};
use guichet_core::games::star_fortune::puck_path::Landing;
use guichet_core::generator::unit_scenario;
use sha2::{Digest as _, Sha256};

/// The first 8 bytes of a fall's digest, in hex.
fn fingerprint(fall: &Trajectory) -> String {
    hex::encode(&falls::digest(fall)[..8])
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

/// The SHA-256 of a board as the auditors' export writes it.
fn board_fingerprint(board: &Board) -> String {
    let json = serde_json::to_string(board).expect("a board serializes");
    hex::encode(&Sha256::digest(json.as_bytes())[..8])
}

#[test]
fn every_stakes_board_is_pinned() {
    let fingerprints: Vec<_> = guichet_core::games::star_fortune::game::GAME
        .emissions()
        .map(|emission| board_fingerprint(&Board::of(emission)))
        .collect();
    // The pegs, the walls, the places and their amounts, the BONUS cases: a
    // change to any of them changes what the screen and the export draw.
    assert_eq!(
        fingerprints,
        ["77125221888d8951", "2e985c657820559b", "02e6b90fed29fe51"]
    );
}

#[test]
fn the_first_falls_into_each_bonus_case_are_pinned() {
    let emission = &STAR_FORTUNE_100;
    let board = Board::of(emission);
    let block = Block::open(emission, 0, &Seed::from_bytes([7; 32]));
    let mut falls: [Option<(u32, String)>; 2] = [None, None];
    for index in 0.. {
        let Scenario::StarFortune(mut unit) = unit_scenario(&block, index).1 else {
            panic!("a Star Fortune unit");
        };
        unit.pick_puck(0, 0);
        if let Landing::Bonus { bonus, .. } = unit.drops[0].landing
            && falls[usize::from(bonus)].is_none()
        {
            let fall = drop_trajectory(&board, &unit.drops[0]).expect("a picked puck falls");
            falls[usize::from(bonus)] = Some((index, fingerprint(&fall)));
        }
        if falls.iter().all(Option::is_some) {
            break;
        }
    }
    // The lob into a case is a flight of its own: pinned as the others are.
    assert_eq!(
        falls.map(Option::unwrap),
        [
            (11, "b83a89dbc3807f1d".to_owned()),
            (9, "1b5e0754e58c5fe2".to_owned())
        ]
    );
}
