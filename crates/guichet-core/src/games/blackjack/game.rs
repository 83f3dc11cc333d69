//! Black Jack as the kiosk knows it: its names, its emission and prize
//! table, and what its units are revealed by.

use crate::emission::{Emission, PrintedTotals, tier};
use crate::emission::{Game, GameRules};
use crate::money::Cents;
use crate::step::{RevealStep, Steps, zone};

/// Black Jack at 2 €, blocks of 1 500 000.
pub static BLACK_JACK: Emission = Emission {
    game: Game::new(&RULES),
    stake: Cents::euros(2),
    block_size: 1_500_000,
    tiers: &[
        tier(2, 20_000),
        tier(12, 1_000),
        tier(600, 200),
        tier(3_530, 50),
        tier(15_000, 20),
        tier(50_000, 10),
        tier(157_894, 4),
        tier(100_000, 2),
    ],
    printed: PrintedTotals {
        lots: 327_038,
        paid: Cents::euros(1_980_076),
    },
};

/// The hands "Gain 1", "Gain 2", "Gain 3".
pub const HANDS: [RevealStep; 3] = [zone(0), zone(1), zone(2)];
/// The bank's hidden card.
pub const BANK_CARD: RevealStep = zone(3);

/// Black Jack.
pub const GAME: Game = Game::new(&RULES);

/// What Black Jack is.
pub static RULES: GameRules = GameRules {
    slug: "blackjack",
    export_name: "blackjack",
    title: "Black Jack",
    emissions: &[&BLACK_JACK],
    first_offered: &BLACK_JACK,
    steps: Steps {
        zones: 4,
        zones_in_order: 0,
        // "Auto": the hands, then the bank.
        auto_order: &[HANDS[0], HANDS[1], HANDS[2], BANK_CARD],
        drops: 0,
        pucks: 0,
    },
    trajectories: None,
};
