//! X10 as the kiosk knows it: its names, its emission and prize
//! table, and what its units are revealed by.

use crate::emission::{Emission, PrintedTotals, tier};
use crate::emission::{Game, GameRules};
use crate::money::Cents;
use crate::step::{RevealStep, Steps, zones_from};

/// X10 at 2 €, blocks of 4 500 000.
pub static X10: Emission = Emission {
    game: Game::new(&RULES),
    stake: Cents::euros(2),
    block_size: 4_500_000,
    tiers: &[
        tier(3, 20_000),
        tier(6, 1_000),
        tier(300, 100),
        tier(12_000, 25),
        tier(55_000, 20),
        tier(64_950, 15),
        tier(111_000, 7),
        tier(448_800, 4),
        tier(448_800, 2),
    ],
    printed: PrintedTotals {
        lots: 1_140_859,
        paid: Cents::euros(5_940_050),
    },
};

/// The nine bundles of "Vos numéros", in the scenario's order.
pub const BUNDLES: [RevealStep; 9] = zones_from(0);
/// The three diamonds of "Numéros gagnants".
pub const DIAMONDS: [RevealStep; 3] = zones_from(9);

/// X10.
pub const GAME: Game = Game::new(&RULES);

/// What X10 is.
pub static RULES: GameRules = GameRules {
    slug: "x10",
    export_name: "x10",
    title: "X10",
    emissions: &[&X10],
    first_offered: &X10,
    steps: Steps {
        zones: 12,
        zones_in_order: 0,
        // "Auto": the winning numbers, then the bundles.
        auto_order: &[
            DIAMONDS[0],
            DIAMONDS[1],
            DIAMONDS[2],
            BUNDLES[0],
            BUNDLES[1],
            BUNDLES[2],
            BUNDLES[3],
            BUNDLES[4],
            BUNDLES[5],
            BUNDLES[6],
            BUNDLES[7],
            BUNDLES[8],
        ],
        drops: 0,
        pucks: 0,
    },
    trajectories: None,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::zone;

    #[test]
    fn the_zones_are_the_bundles_then_the_diamonds() {
        assert_eq!(BUNDLES[8], zone(8));
        assert_eq!(DIAMONDS, [zone(9), zone(10), zone(11)]);
    }
}
