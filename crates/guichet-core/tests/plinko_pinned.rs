//! The same drop always falls the same way, bit for bit; known falls (to
//! places and into both BONUS cases) and every stake's board are pinned: a
//! change to the board or the physics changes what the auditors' export draws,
//! so it must show here first. Both physics are pinned: a unit sold under the
//! first still falls as it did when it was sold. Milliseconds, where
//! `plinko.rs` checks 180 000 falls.

mod falls;

use guichet_core::block::{Block, Seed};
use guichet_core::games::Scenario;
use guichet_core::games::star_fortune::game::STAR_FORTUNE_100;
use guichet_core::games::star_fortune::plinko::{Board, Physics, Trajectory, drop_trajectory};
use guichet_core::games::star_fortune::puck_path::Landing;
use guichet_core::games::star_fortune::scenario::StarFortuneScenario;
use guichet_core::generator::scenario_of_unit_under;
use sha2::{Digest as _, Sha256};

/// The first 8 bytes of a fall's digest, in hex.
fn fingerprint(fall: &Trajectory) -> String {
    hex::encode(&falls::digest(fall)[..8])
}

/// The generators' version that draws units falling by `physics`.
fn generators_of(physics: Physics) -> u32 {
    match physics {
        Physics::V1 => 3,
        Physics::V2 => 4,
    }
}

/// Unit `index` of `block`, as generators falling by `physics` draw it.
fn unit(block: &Block, index: u32, physics: Physics) -> StarFortuneScenario {
    let prize = block.prize_of_unit(index);
    let Scenario::StarFortune(unit) =
        scenario_of_unit_under(generators_of(physics), block, index, prize)
    else {
        panic!("a Star Fortune unit");
    };
    assert_eq!(unit.physics, physics);
    unit
}

/// The fingerprints of the first drop of units 0, 1 and 2, puck 0, 1 and 2.
fn first_falls(physics: Physics) -> Vec<String> {
    let emission = &STAR_FORTUNE_100;
    let block = Block::open(emission, 0, &Seed::from_bytes([7; 32]));
    let mut fingerprints = Vec::new();
    for index in 0..3 {
        let mut unit = unit(&block, index, physics);
        unit.pick_puck(0, index as u8);
        let board = Board::of(emission, unit.physics);
        let fall = drop_trajectory(&board, &unit.drops[0]).expect("a picked puck falls");
        let again = drop_trajectory(&board, &unit.drops[0]).expect("a picked puck falls");
        assert_eq!(fall, again);
        fingerprints.push(fingerprint(&fall));
    }
    fingerprints
}

#[test]
fn the_same_drop_falls_the_same_way_and_known_falls_are_pinned() {
    // A change to the physics changes these: the auditors' pinned falls too.
    assert_eq!(
        first_falls(Physics::V1),
        ["d3621ba0fd5ab604", "6901ad2f157f4f2b", "d7e416fcdf12cb8a"]
    );
    assert_eq!(
        first_falls(Physics::V2),
        ["b45cde8bac0b9861", "64f2c79305e14ce7", "70a59bafc5366bb5"]
    );
}

/// The SHA-256 of a board as the auditors' export writes it.
fn board_fingerprint(board: &Board) -> String {
    let json = serde_json::to_string(board).expect("a board serializes");
    hex::encode(&Sha256::digest(json.as_bytes())[..8])
}

fn boards(physics: Physics) -> Vec<String> {
    guichet_core::games::star_fortune::game::GAME
        .emissions()
        .map(|emission| board_fingerprint(&Board::of(emission, physics)))
        .collect()
}

#[test]
fn every_stakes_board_is_pinned() {
    // The pegs, the walls, the places and their amounts, the BONUS cases: a
    // change to any of them changes what the screen and the export draw.
    assert_eq!(
        boards(Physics::V1),
        ["77125221888d8951", "2e985c657820559b", "02e6b90fed29fe51"]
    );
    assert_eq!(
        boards(Physics::V2),
        ["7a85938f2608e4d5", "3e2b663d985eb5d6", "a6de94bfa4199dde"]
    );
}

/// The first fall into each BONUS case, puck 0, and its unit.
fn first_bonus_falls(physics: Physics) -> [(u32, String); 2] {
    let emission = &STAR_FORTUNE_100;
    let block = Block::open(emission, 0, &Seed::from_bytes([7; 32]));
    let mut falls: [Option<(u32, String)>; 2] = [None, None];
    for index in 0.. {
        let mut unit = unit(&block, index, physics);
        unit.pick_puck(0, 0);
        if let Landing::Bonus { bonus, .. } = unit.drops[0].landing
            && falls[usize::from(bonus)].is_none()
        {
            let fall = drop_trajectory(&Board::of(emission, unit.physics), &unit.drops[0])
                .expect("a picked puck falls");
            falls[usize::from(bonus)] = Some((index, fingerprint(&fall)));
        }
        if falls.iter().all(Option::is_some) {
            break;
        }
    }
    falls.map(Option::unwrap)
}

#[test]
fn the_first_falls_into_each_bonus_case_are_pinned() {
    // The lob into a case is a flight of its own: pinned as the others are.
    assert_eq!(
        first_bonus_falls(Physics::V1),
        [
            (11, "b83a89dbc3807f1d".to_owned()),
            (9, "1b5e0754e58c5fe2".to_owned())
        ]
    );
    assert_eq!(
        first_bonus_falls(Physics::V2),
        [
            (11, "8ee8cc8d86306178".to_owned()),
            (9, "b92218fa52667d45".to_owned())
        ]
    );
}
