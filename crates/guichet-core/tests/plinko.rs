//! The pucks' falls are honest physics, under each version of it: over 5 000
//! units of each stake and all three pucks of both drops, every fall lands
//! where the unit says, never goes into a peg or a wall, never stalls, stays
//! under its speed limit and lasts 1,5 to 3,5 s (1,3 to 3,6 s under physics
//! 2, whose pucks bounce up off pegs). (`plinko_pinned.rs` pins the falls bit for bit.)

mod falls;

use std::sync::Mutex;

use guichet_core::block::{Block, Seed};
use guichet_core::games::Scenario;
use guichet_core::games::star_fortune::game::STAR_FORTUNE_100;
use guichet_core::games::star_fortune::plinko::board::Segment;
use guichet_core::games::star_fortune::plinko::flight::{SAMPLE_RATE, SPEED_LIMIT};
use guichet_core::games::star_fortune::plinko::{
    Board, Physics, Trajectory, drop_trajectory, fly, lies_in,
};
use guichet_core::games::star_fortune::puck_path::Landing;
use guichet_core::games::star_fortune::puck_path::{
    BONUS_POSITIONS, BONUS_ROW, LAST_POSITION, PUCK_STARTS, PuckPath, ROWS,
};
use guichet_core::games::star_fortune::scenario::{PUCKS, StarFortuneScenario};
use guichet_core::generator::scenario_of_unit_under;
use rayon::prelude::*;
use sha2::{Digest as _, Sha256};

/// Units of each stake the falls are checked over.
const UNITS: u32 = 5_000;
/// The deepest a puck may go into a peg or a wall, px.
const OVERLAP: f64 = 0.5;
/// The longest a puck may go without getting deeper into the board, s.
const STALL: f64 = 0.3;

/// What the checks saw, over all the falls.
#[derive(Debug, Default)]
struct Figures {
    falls: u64,
    deepest_overlap: f64,
    fastest: f64,
    shortest: f64,
    longest: f64,
    longest_without_progress: f64,
    /// How long the falls to a place of the prize row last, and to a BONUS case.
    to_places: Vec<f64>,
    to_cases: Vec<f64>,
    /// Falls in which the puck went up after a peg, and the highest hop, px.
    rising: u64,
    highest_hop: f64,
}

/// The shortest, median and longest of `durations`, rounded to the sample.
fn spread(durations: &mut [f64]) -> String {
    if durations.is_empty() {
        return "none".to_owned();
    }
    durations.sort_by(f64::total_cmp);
    let at = |fraction: f64| durations[((durations.len() - 1) as f64 * fraction) as usize];
    format!("{:.2}–{:.2}–{:.2} s", at(0.0), at(0.5), at(1.0))
}

fn star(scenario: Scenario) -> StarFortuneScenario {
    match scenario {
        Scenario::StarFortune(star) => star,
        other => panic!("not Star Fortune: {other:?}"),
    }
}

fn distance_to_segment(x: f64, y: f64, segment: &Segment) -> f64 {
    let (ax, ay) = (segment.from[0], segment.from[1]);
    let (ex, ey) = (segment.to[0] - ax, segment.to[1] - ay);
    let along = (((x - ax) * ex + (y - ay) * ey) / (ex * ex + ey * ey)).clamp(0.0, 1.0);
    let (dx, dy) = (x - (ax + along * ex), y - (ay + along * ey));
    (dx * dx + dy * dy).sqrt()
}

/// How deep the puck at `x`, `y` is in the nearest peg or wall (0 if free).
fn overlap(board: &Board, segments: &[Segment], x: f64, y: f64) -> f64 {
    let radius = board.puck_radius;
    let pegs = board.pegs.iter().map(|peg| {
        let (dx, dy) = (x - peg[0], y - peg[1]);
        radius + board.peg_radius - (dx * dx + dy * dy).sqrt()
    });
    let walls = [board.walls[0] + radius - x, x + radius - board.walls[1]];
    let segments = segments.iter().map(|segment| {
        radius + board.geometry().wall_half_width - distance_to_segment(x, y, segment)
    });
    pegs.chain(walls).chain(segments).fold(0.0, f64::max)
}

/// How long a fall may last under `physics`, s, shortest and longest.
fn fall_durations(physics: Physics) -> std::ops::RangeInclusive<f64> {
    match physics {
        Physics::V1 => 1.5..=3.5,
        // Its hops make some falls longer; its quicker lobs into a case, a
        // little shorter.
        Physics::V2 => 1.3..=3.6,
    }
}

/// Checks one fall against everything it must be: its figures, or what it broke.
fn check(
    board: &Board,
    segments: &[Segment],
    landing: Landing,
    fall: &Trajectory,
) -> Result<Figures, String> {
    let samples = &fall.samples;
    let last = samples.last().expect("a fall has samples");
    if !lies_in(board, landing, last.x, last.y) {
        return Err(format!(
            "rests at {:.1}, {:.1}, not in {landing:?}",
            last.x, last.y
        ));
    }
    let duration = fall.duration();
    if !fall_durations(board.physics).contains(&duration) {
        return Err(format!("lasts {duration} s"));
    }
    let mut figures = Figures {
        falls: 1,
        shortest: duration,
        longest: duration,
        ..Figures::default()
    };
    match landing {
        Landing::Slot { .. } => figures.to_places.push(duration),
        Landing::Bonus { .. } => figures.to_cases.push(duration),
    }
    let mut deepest = f64::NEG_INFINITY;
    let mut deepest_at = 0.0;
    for pair in samples.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        figures.deepest_overlap = figures
            .deepest_overlap
            .max(overlap(board, segments, b.x, b.y));
        let speed = ((b.x - a.x).powi(2) + (b.y - a.y).powi(2)).sqrt() * SAMPLE_RATE;
        figures.fastest = figures.fastest.max(speed);
        if b.y > deepest + 0.5 {
            deepest = b.y;
            deepest_at = b.t;
        }
        figures.longest_without_progress = figures.longest_without_progress.max(b.t - deepest_at);
    }
    // A hop: the puck rose above where it had been, inside the peg field, on
    // its way to a place (into a BONUS case it is lobbed, in every physics).
    let field_bottom = board.geometry().y_of(ROWS - 1);
    let to_a_place = matches!(landing, Landing::Slot { .. });
    let mut lowest = f64::NEG_INFINITY;
    for sample in samples
        .iter()
        .filter(|sample| to_a_place && sample.y < field_bottom)
    {
        lowest = lowest.max(sample.y);
        figures.highest_hop = figures.highest_hop.max(lowest - sample.y);
    }
    figures.rising = u64::from(figures.highest_hop > 1.0);
    if figures.deepest_overlap > OVERLAP {
        return Err(format!(
            "{:.2} px into a peg or a wall",
            figures.deepest_overlap
        ));
    }
    if figures.fastest > SPEED_LIMIT {
        return Err(format!("{:.0} px/s", figures.fastest));
    }
    if figures.longest_without_progress >= STALL {
        return Err(format!(
            "{:.3} s without going deeper",
            figures.longest_without_progress
        ));
    }
    Ok(figures)
}

fn merge(into: &Mutex<Figures>, figures: &Figures) {
    let mut total = into.lock().expect("no test thread panicked");
    if total.falls == 0 {
        total.shortest = f64::INFINITY;
    }
    total.falls += figures.falls;
    total.deepest_overlap = total.deepest_overlap.max(figures.deepest_overlap);
    total.fastest = total.fastest.max(figures.fastest);
    total.shortest = total.shortest.min(figures.shortest);
    total.longest = total.longest.max(figures.longest);
    total.longest_without_progress = total
        .longest_without_progress
        .max(figures.longest_without_progress);
    total.to_places.extend(&figures.to_places);
    total.to_cases.extend(&figures.to_cases);
    total.rising += figures.rising;
    total.highest_hop = total.highest_hop.max(figures.highest_hop);
}

/// The generators' version that draws units falling by `physics`.
fn generators_of(physics: Physics) -> u32 {
    match physics {
        Physics::V1 => 3,
        Physics::V2 => 4,
    }
}

/// Every fall of 5 000 units of each stake under `physics`: what they did.
fn every_fall_of_5000_units(physics: Physics) -> Figures {
    let total = Mutex::new(Figures::default());
    let failures = Mutex::new(Vec::new());
    for (number, emission) in guichet_core::games::star_fortune::game::GAME
        .emissions()
        .enumerate()
    {
        let board = Board::of(emission, physics);
        let segments = board.segments();
        let block = Block::open(emission, 0, &Seed::from_bytes([number as u8 + 40; 32]));
        (0..UNITS).into_par_iter().for_each(|index| {
            let prize = block.prize_of_unit(index);
            let unit = star(scenario_of_unit_under(
                generators_of(physics),
                &block,
                index,
                prize,
            ));
            assert_eq!(unit.physics, physics);
            for drop in 0..2 {
                for puck in 0..PUCKS {
                    let mut picked = unit.clone();
                    picked.pick_puck(drop, puck);
                    let fall =
                        drop_trajectory(&board, &picked.drops[drop]).expect("a picked puck falls");
                    match check(&board, &segments, picked.drops[drop].landing, &fall) {
                        Ok(figures) => merge(&total, &figures),
                        Err(broken) => {
                            failures
                                .lock()
                                .expect("no test thread panicked")
                                .push(format!(
                                    "{emission} unit {index} drop {drop} puck {puck}: {broken}"
                                ));
                        }
                    }
                }
            }
        });
    }
    let total = total.into_inner().expect("no test thread panicked");
    let failures = failures.into_inner().expect("no test thread panicked");
    let mut total = total;
    eprintln!(
        "physics {physics:?}: {} falls; deepest overlap {:.1e} px, fastest {:.0} px/s, longest \
         without progress {:.3} s; to a place {} (shortest–median–longest), to a BONUS case {}; \
         {} falls hop up after a peg, the highest {:.1} px",
        total.falls,
        total.deepest_overlap,
        total.fastest,
        total.longest_without_progress,
        spread(&mut total.to_places),
        spread(&mut total.to_cases),
        total.rising,
        total.highest_hop
    );
    let lasting = failures
        .iter()
        .filter(|failure| failure.contains("lasts"))
        .count();
    assert!(
        failures.is_empty(),
        "{} falls broke a rule ({lasting} by their duration), the first: {:#?}",
        failures.len(),
        failures
            .iter()
            .filter(|failure| !failure.contains("lasts"))
            .take(8)
            .collect::<Vec<_>>()
    );
    assert_eq!(total.falls, 3 * u64::from(UNITS) * 2 * u64::from(PUCKS));
    total
}

#[test]
fn every_fall_of_5000_units_of_each_stake_is_honest_under_the_first_physics() {
    let figures = every_fall_of_5000_units(Physics::V1);
    // The first physics never lets a puck rise after a peg.
    assert!(figures.highest_hop < 1.0, "{}", figures.highest_hop);
}

#[test]
fn every_fall_of_5000_units_of_each_stake_is_honest_and_bounces_under_physics_2() {
    let figures = every_fall_of_5000_units(Physics::V2);
    // Most falls hop up off a peg at least once, some by a good part of a row.
    assert!(
        figures.rising * 2 > figures.falls,
        "{} of {}",
        figures.rising,
        figures.falls
    );
    assert!(figures.highest_hop > 10.0, "{}", figures.highest_hop);
}

/// Every legal way down from `start` to `end_row`, each with where it lands.
fn every_way(start: u8) -> Vec<(PuckPath, Landing)> {
    fn extend(path: &mut Vec<u8>, ways: &mut Vec<(PuckPath, Landing)>) {
        let row = path.len() - 1;
        let here = path[row];
        if row == BONUS_ROW && BONUS_POSITIONS.contains(&here) {
            let bonus = BONUS_POSITIONS
                .iter()
                .position(|&at| at == here)
                .expect("a case") as u8;
            ways.push((
                PuckPath(path.clone()),
                Landing::Bonus {
                    bonus,
                    bonus_cents: guichet_core::money::Cents(100),
                },
            ));
            return;
        }
        if row == ROWS {
            ways.push((PuckPath(path.clone()), Landing::Slot { slot: here / 2 }));
            return;
        }
        for next in [
            here.checked_sub(1),
            Some(here + 1).filter(|&next| next <= LAST_POSITION),
        ]
        .into_iter()
        .flatten()
        {
            path.push(next);
            extend(path, ways);
            path.pop();
        }
    }
    let mut ways = Vec::new();
    extend(&mut vec![start], &mut ways);
    ways
}

/// Not a sample of them: every way down the lattice allows, from each of the
/// three slots, to every place and case, falls within the rules, and all the
/// falls together are pinned. Each fall is a function of its way down alone
/// (the stakes' boards differ only in their amounts), so no unit can fall
/// otherwise.
fn every_possible_way_down(physics: Physics) -> String {
    let emission = &STAR_FORTUNE_100;
    let board = Board::of(emission, physics);
    let segments = board.segments();
    let total = Mutex::new(Figures::default());
    let failures = Mutex::new(Vec::new());
    let mut every_fall = Sha256::new();
    for (puck, &start) in PUCK_STARTS.iter().enumerate() {
        let ways = every_way(start);
        let digests: Vec<_> = ways
            .par_iter()
            .map(|(path, landing)| {
                assert!(path.is_legal(puck as u8, *landing), "{path:?}");
                let fall = fly(&board, path, *landing);
                match check(&board, &segments, *landing, &fall) {
                    Ok(figures) => merge(&total, &figures),
                    Err(broken) => failures
                        .lock()
                        .expect("no test thread panicked")
                        .push(format!("{path:?}: {broken}")),
                }
                falls::digest(&fall)
            })
            .collect();
        for digest in digests {
            every_fall.update(digest);
        }
    }
    let mut total = total.into_inner().expect("no test thread panicked");
    let failures = failures.into_inner().expect("no test thread panicked");
    eprintln!(
        "physics {physics:?}: {} ways down: to a place {}, to a BONUS case {} (shortest–median–longest); \
         fastest {:.0} px/s, longest without progress {:.3} s",
        total.falls,
        spread(&mut total.to_places),
        spread(&mut total.to_cases),
        total.fastest,
        total.longest_without_progress
    );
    assert!(
        failures.is_empty(),
        "{} ways broke a rule: {:#?}",
        failures.len(),
        &failures[..failures.len().min(8)]
    );
    // 198 ways to the two cases; the rest to the nine places.
    assert_eq!(total.to_cases.len(), 198);
    hex::encode(&every_fall.finalize()[..8])
}

#[test]
fn every_possible_way_down_falls_honestly() {
    // Every fall there can be, bit for bit, under each physics: a change to
    // either that changes any fall changes these.
    assert_eq!(every_possible_way_down(Physics::V1), "03bb595e6824ff83");
    assert_eq!(every_possible_way_down(Physics::V2), "5249a22bec18aa9a");
}
