//! The exact figures of a Plinko board and fall, in milliseconds: where a puck
//! counts as landed (to a hair of every edge), where a trajectory puts the puck
//! between its samples, how many rows it has passed, the dividers' top.

// Exact on purpose: the same operations on the same numbers give the same bits.
#![allow(clippy::float_cmp)]

use guichet_core::games::star_fortune::game::STAR_FORTUNE_100;
use guichet_core::games::star_fortune::plinko::{
    Board, Geometry, Physics, Sample, Trajectory, lies_in,
};
use guichet_core::games::star_fortune::puck_path::Landing;
use guichet_core::games::star_fortune::puck_path::ROWS;
use guichet_core::money::Cents;

/// A hundredth of a pixel: how far inside or beyond an edge the checks go.
const HAIR: f64 = 0.01;

/// Checks that `landing` holds a puck at `inside` and at every point within
/// a hair of its edges, and none a hair beyond them.
fn holds_up_to_its_edges(board: &Board, landing: Landing, [left, right, top, bottom]: [f64; 4]) {
    let radius = board.puck_radius;
    let (middle, height) = (f64::midpoint(left, right), f64::midpoint(top, bottom));
    let inside = [
        (middle, height),
        (left + radius + HAIR, height),
        (right - radius - HAIR, height),
        (middle, top + HAIR),
        (middle, bottom - HAIR),
    ];
    let beyond = [
        (left + radius - HAIR, height),
        (right - radius + HAIR, height),
        (middle, top - HAIR),
        (middle, bottom + HAIR),
    ];
    for (x, y) in inside {
        assert!(lies_in(board, landing, x, y), "{landing:?} at {x}, {y}");
    }
    for (x, y) in beyond {
        assert!(!lies_in(board, landing, x, y), "{landing:?} at {x}, {y}");
    }
}

#[test]
fn a_puck_lies_in_a_place_up_to_its_dividers_and_floor_and_not_a_hair_beyond() {
    for physics in Physics::ALL {
        places_hold_up_to_their_edges(&Board::of(&STAR_FORTUNE_100, physics));
    }
}

fn places_hold_up_to_their_edges(board: &Board) {
    let radius = board.puck_radius;
    for (slot, place) in (0_u8..).zip(&board.places) {
        let top = place.y - 3.0 * radius;
        holds_up_to_its_edges(
            board,
            Landing::Slot { slot },
            [place.x0, place.x1, top, place.y],
        );
        let middle = f64::midpoint(place.x0, place.x1);
        let next = Landing::Slot { slot: slot + 1 };
        assert!(!lies_in(board, next, middle, place.y - radius));
    }
}

#[test]
fn a_puck_lies_in_a_bonus_case_up_to_its_sides_and_not_a_hair_beyond() {
    for physics in Physics::ALL {
        cases_hold_up_to_their_edges(&Board::of(&STAR_FORTUNE_100, physics));
    }
}

fn cases_hold_up_to_their_edges(board: &Board) {
    for (bonus, case) in (0_u8..).zip(&board.bonus) {
        let landing = Landing::Bonus {
            bonus,
            bonus_cents: Cents(100),
        };
        holds_up_to_its_edges(board, landing, [case.x0, case.x1, case.y0, case.y1]);
        let other = Landing::Bonus {
            bonus: 1 - bonus,
            bonus_cents: Cents(100),
        };
        assert!(!lies_in(
            board,
            other,
            f64::midpoint(case.x0, case.x1),
            case.y1
        ));
    }
}

#[test]
fn a_case_is_centred_between_its_sides_and_the_dividers_rise_to_their_top() {
    for physics in Physics::ALL {
        let board = Board::of(&STAR_FORTUNE_100, physics);
        for case in &board.bonus {
            assert_eq!(case.center_x(), f64::midpoint(case.x0, case.x1));
        }
        let dividers = board.segments();
        let first = dividers.first().expect("dividers between the places");
        assert_eq!(first.from[1], board.divider_top());
        assert!(board.divider_top() < board.places[0].y);
    }
}

/// Three samples a frame apart, exact in binary: 0 → (6, 12) → (9, 30).
fn three_samples() -> Trajectory {
    let frame = 1.0 / 60.0;
    let sample = |index: f64, x, y, angle| Sample {
        t: index * frame,
        x,
        y,
        angle,
    };
    Trajectory {
        samples: vec![
            sample(0.0, 0.0, 0.0, 0.0),
            sample(1.0, 6.0, 12.0, 0.5),
            sample(2.0, 9.0, 30.0, 1.0),
        ],
    }
}

fn assert_near(sample: Sample, [x, y, angle]: [f64; 3]) {
    let near = |a: f64, b: f64| (a - b).abs() < 1e-9;
    assert!(
        near(sample.x, x) && near(sample.y, y) && near(sample.angle, angle),
        "{sample:?}, not {x}, {y}, {angle}"
    );
}

#[test]
fn a_trajectory_is_linear_between_its_samples_and_rests_after_the_last() {
    let fall = three_samples();
    let frame = 1.0 / 60.0;
    assert_eq!(fall.duration(), 2.0 * frame);
    assert_eq!(Trajectory { samples: vec![] }.duration(), 0.0);
    assert_near(fall.at(0.0), [0.0, 0.0, 0.0]);
    assert_near(fall.at(0.5 * frame), [3.0, 6.0, 0.25]);
    assert_near(fall.at(1.25 * frame), [6.75, 16.5, 0.625]);
    assert_eq!(fall.at(1.25 * frame).t, 1.25 * frame);
    assert_eq!(fall.at(2.0 * frame), fall.samples[2]);
    assert_eq!(fall.at(10.0), fall.samples[2]);
}

#[test]
fn a_puck_has_passed_the_rows_whose_pegs_are_above_its_centre() {
    let at_height = |y: f64| Trajectory {
        samples: vec![Sample {
            t: 0.0,
            x: 0.0,
            y,
            angle: 0.0,
        }],
    };
    for physics in Physics::ALL {
        let measures = Geometry::of(physics);
        let y_of = |row| measures.y_of(row);
        let rows_passed = |y| at_height(y).rows_passed(measures, 0.0);
        assert_eq!(rows_passed(y_of(0) - 1.0), 0);
        assert_eq!(rows_passed(y_of(0)), 0);
        assert_eq!(rows_passed(y_of(0) + 1.0), 1);
        assert_eq!(rows_passed(y_of(3)), 3);
        assert_eq!(rows_passed(y_of(3) + 1.0), 4);
        assert_eq!(rows_passed(f64::MAX), ROWS);
    }
}
