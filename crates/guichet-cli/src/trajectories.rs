//! `guichet audit --trajectories`: the Star Fortune board of the stake, then
//! how every puck the player could pick falls, for each drop of some units of
//! each tier — the samples the screen draws (`AUDIT.md`, "Star Fortune
//! trajectories").

use std::fs::File;
use std::io::{self, BufWriter, Write as _};

use guichet_core::block::Block;
use guichet_core::games::Scenario;
use guichet_core::games::star_fortune::plinko::{Board, Physics, drop_trajectory};
use guichet_core::games::star_fortune::puck_path::Landing;
use guichet_core::games::star_fortune::scenario::PUCKS;
use guichet_core::generator::scenario_of_unit;
use guichet_core::money::Cents;
use serde::Serialize;

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

/// Writes the trajectories of `units` (index, prize) of `block`, a Star
/// Fortune block.
pub(super) fn write(
    mut file: BufWriter<File>,
    block: &Block,
    units: impl Iterator<Item = (u32, Cents)>,
) -> io::Result<()> {
    let emission = block.emission();
    // The units are drawn by this build's generators: they fall by its physics.
    let board = Board::of(emission, Physics::CURRENT);
    let first = BoardLine {
        board: &board,
        stake_cents: emission.stake.get(),
    };
    serde_json::to_writer(&mut file, &first)?;
    file.write_all(b"\n")?;
    for (index, prize) in units {
        let Scenario::StarFortune(unit) = scenario_of_unit(block, index, prize) else {
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
                serde_json::to_writer(&mut file, &line)?;
                file.write_all(b"\n")?;
            }
        }
    }
    file.flush()?;
    file.get_ref().sync_all()
}
