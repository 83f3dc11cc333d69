//! Star Fortune's trajectories export (`guichet audit --trajectories`, its
//! [`GameRules::trajectories`](crate::emission::GameRules::trajectories)):
//! the board of the stake, then how every puck the player could pick falls,
//! for each drop of the units asked for — the samples the screen draws
//! (`AUDIT.md`, "Star Fortune trajectories").

use std::io;

use serde::Serialize;

use super::generator::generate;
use super::plinko::{Board, Physics, drop_trajectory};
use super::puck_path::Landing;
use super::scenario::PUCKS;
use rand::rngs::ChaCha12Rng;

use crate::emission::Emission;
use crate::money::Cents;

/// The first line: the board, in its own units.
#[derive(Serialize)]
struct BoardLine<'a> {
    board: &'a Board,
    stake_cents: i64,
}

/// Where a drop lands, as the export names it.
#[derive(Serialize)]
#[serde(rename_all = "snake_case")]
enum LandingName {
    Slot(u8),
    Bonus(u8),
}

/// One drop of one unit with one puck picked.
#[derive(Serialize)]
struct FallLine {
    index: u32,
    prize_cents: i64,
    drop: usize,
    puck: u8,
    landing: LandingName,
    /// `[seconds since release, x, y]` every 1/60 s, release to rest.
    samples: Vec<[f64; 3]>,
}

/// Writes to `out` the board of `emission`'s stake, then the trajectories
/// of `units` (index, prize, the unit's stream) of a Star Fortune block,
/// drawn by generators' `version` (as `generator::scenario_of_unit_under`
/// draws them); a prize not in its table is left out.
///
/// # Errors
/// When `out` cannot be written.
pub fn write(
    out: &mut dyn io::Write,
    emission: &Emission,
    version: u32,
    units: &mut dyn Iterator<Item = (u32, Cents, ChaCha12Rng)>,
) -> io::Result<()> {
    // The units are drawn by this build's generators: they fall by its physics.
    let board = Board::of(emission, Physics::CURRENT);
    let first = BoardLine {
        board: &board,
        stake_cents: emission.stake.get(),
    };
    serde_json::to_writer(&mut *out, &first)?;
    out.write_all(b"\n")?;
    for (index, prize, mut stream) in units {
        let Some(unit) = generate(emission, prize, &mut stream, version) else {
            continue;
        };
        // Its own board: the same as the first line's, unit drawn by this build.
        let board = Board::of(emission, unit.physics);
        for drop in 0..unit.drops.len() {
            for puck in 0..PUCKS {
                let mut picked = unit.clone();
                picked.pick_puck(drop, puck);
                let fallen = &picked.drops[drop];
                let Some(fall) = drop_trajectory(&board, fallen) else {
                    continue;
                };
                let line = FallLine {
                    index,
                    prize_cents: prize.get(),
                    drop,
                    puck,
                    landing: match fallen.landing {
                        Landing::Slot { slot } => LandingName::Slot(slot),
                        Landing::Bonus { bonus, .. } => LandingName::Bonus(bonus),
                    },
                    samples: fall
                        .samples
                        .iter()
                        .map(|sample| [sample.t, sample.x, sample.y])
                        .collect(),
                };
                serde_json::to_writer(&mut *out, &line)?;
                out.write_all(b"\n")?;
            }
        }
    }
    Ok(())
}
