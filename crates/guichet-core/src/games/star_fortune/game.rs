//! Star Fortune as the kiosk knows it: its names, its emissions and prize
//! tables, and what its units are revealed by.

use super::scenario::PUCKS;
use crate::emission::{Emission, PrintedTotals, tier, tier_cents};
use crate::emission::{Game, GameRules};
use crate::money::Cents;
use crate::step::Steps;

/// Star Fortune at 0,50 €, blocks of 850 000 (article 3.1).
pub static STAR_FORTUNE_50: Emission = Emission {
    game: Game::new(&RULES),
    stake: Cents(50),
    block_size: 850_000,
    tiers: &[
        tier(1, 12_500),
        tier(1, 5_000),
        tier(1, 500),
        tier(50, 50),
        tier(500, 10),
        tier_cents(800, 750),
        tier(14_000, 5),
        tier_cents(23_020, 250),
        tier(100_000, 1),
        tier_cents(76_900, 50),
    ],
    printed: PrintedTotals {
        lots: 215_273,
        paid: Cents::euros(297_500),
    },
};

/// Star Fortune at 1 €, blocks of 850 000 (article 3.2).
pub static STAR_FORTUNE_100: Emission = Emission {
    game: Game::new(&RULES),
    stake: Cents::euros(1),
    block_size: 850_000,
    tiers: &[
        tier(1, 25_000),
        tier(1, 10_000),
        tier(1, 1_000),
        tier(50, 100),
        tier(500, 20),
        tier(800, 15),
        tier(14_000, 10),
        tier(23_020, 5),
        tier(100_000, 2),
        tier(76_900, 1),
    ],
    printed: PrintedTotals {
        lots: 215_273,
        paid: Cents::euros(595_000),
    },
};

/// Star Fortune at 2 €, blocks of 850 000 (article 3.3).
pub static STAR_FORTUNE_200: Emission = Emission {
    game: Game::new(&RULES),
    stake: Cents::euros(2),
    block_size: 850_000,
    tiers: &[
        tier(1, 50_000),
        tier(1, 20_000),
        tier(1, 2_000),
        tier(50, 200),
        tier(500, 40),
        tier(800, 30),
        tier(14_000, 20),
        tier(23_020, 10),
        tier(100_000, 4),
        tier(76_900, 2),
    ],
    printed: PrintedTotals {
        lots: 215_273,
        paid: Cents::euros(1_190_000),
    },
};

/// Star Fortune.
pub const GAME: Game = Game::new(&RULES);

/// What Star Fortune is: sold at three stakes, the lobby's tile
/// opening the 1 € one.
pub static RULES: GameRules = GameRules {
    slug: "star-fortune",
    export_name: "star_fortune",
    title: "Star Fortune",
    emissions: &[&STAR_FORTUNE_50, &STAR_FORTUNE_100, &STAR_FORTUNE_200],
    first_offered: &STAR_FORTUNE_100,
    steps: Steps {
        zones: 0,
        zones_in_order: 0,
        auto_order: &[],
        drops: 2,
        pucks: PUCKS,
    },
    trajectories: Some(super::trajectories::write),
};
