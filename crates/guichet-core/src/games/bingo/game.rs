//! Bingo as the kiosk knows it: its names, its emission and prize
//! table, and what its units are revealed by.

use super::scenario::{BONUS_BALLS, SPHERE_BALLS};
use crate::emission::{Emission, PrintedTotals, tier};
use crate::emission::{Game, GameRules};
use crate::money::Cents;
use crate::step::{RevealStep, Steps, zones_from};

/// Bingo at 2 €, blocks of 1 500 000.
pub static BINGO: Emission = Emission {
    game: Game::new(&RULES),
    stake: Cents::euros(2),
    block_size: 1_500_000,
    tiers: &[
        tier(3, 10_000),
        tier(6, 1_000),
        tier(920, 100),
        tier(7_000, 40),
        tier(8_000, 24),
        tier(50_000, 6),
        tier(220_000, 4),
        tier(100_000, 2),
    ],
    printed: PrintedTotals {
        lots: 385_929,
        paid: Cents::euros(1_980_000),
    },
};

/// The sphere's balls, in draw order.
pub const BALLS: [RevealStep; SPHERE_BALLS] = zones_from(0);
/// The three "boules Bonus".
pub const BONUS: [RevealStep; BONUS_BALLS] = zones_from(SPHERE_BALLS);

/// Bingo.
pub const GAME: Game = Game::new(&RULES);

/// What Bingo is.
pub static RULES: GameRules = GameRules {
    slug: "bingo",
    export_name: "bingo",
    title: "Bingo",
    emissions: &[&BINGO],
    first_offered: &BINGO,
    steps: Steps {
        zones: (SPHERE_BALLS + BONUS_BALLS) as u8,
        zones_in_order: SPHERE_BALLS as u8,
        // "Auto": the balls, then the bonus balls.
        auto_order: &[
            BALLS[0], BALLS[1], BALLS[2], BALLS[3], BALLS[4], BALLS[5], BALLS[6], BALLS[7],
            BALLS[8], BALLS[9], BALLS[10], BALLS[11], BALLS[12], BALLS[13], BALLS[14], BONUS[0],
            BONUS[1], BONUS[2],
        ],
        drops: 0,
        pucks: 0,
    },
    trajectories: None,
};
