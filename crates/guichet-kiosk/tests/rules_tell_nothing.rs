//! The rules page tells nothing of a unit bought and not yet revealed: a lot
//! counts as gone only once its unit is settled. For a unit of every tier of
//! every emission, the page is the same before and after the purchase, and shows
//! the lot gone once the unit is played to its end.

mod common;

use common::{kiosk, new_database};
use egui_kittest::Harness;
use egui_kittest::kittest::NodeT as _;
use guichet_core::block::{Block, Seed};
use guichet_core::emission::{Emission, Tier};
use guichet_core::money::Cents;
use guichet_kiosk::app::Guichet;
use guichet_kiosk::command::{Command, Navigation, PlayCommand};
use guichet_sale::PointOfSale as _;

/// The seed numbered `number`: its first eight bytes, little-endian.
fn seed(number: u64) -> Seed {
    let mut bytes = [0; 32];
    bytes[..8].copy_from_slice(&number.to_le_bytes());
    Seed::from_bytes(bytes)
}

/// For each emission, in `guichet_core::games::emissions()`'s order, the first seed number whose
/// block 0 begins with a unit of each tier, in the table's order (found by a
/// search over the seeds; the test checks each).
const FIRST_UNIT_OF_TIER: [&[u64]; 6] = [
    &[728_671, 104_106, 2_741, 272, 15, 8, 5, 3],
    &[2_046_630, 169_547, 26_264, 310, 38, 93, 13, 11, 0],
    &[
        2_069_233, 1_334_621, 1_097_191, 7_997, 1_165, 629, 31, 115, 2, 4,
    ],
    &[
        181_128, 1_470_965, 1_270_729, 15_721, 1_058, 1_086, 26, 34, 11, 2,
    ],
    &[368_134, 285_902, 105_470, 240, 2_884, 18, 119, 76, 10, 0],
    &[845_924, 104_379, 865, 31, 244, 51, 5, 1],
];

/// Every text of the page under the top bar (the balance above it moves with
/// every purchase, and tells nothing of its prize).
fn page_texts(harness: &Harness<'_, Guichet>) -> Vec<String> {
    harness
        .root()
        .children_recursive()
        .filter_map(|node| {
            let access = node.accesskit_node();
            let top = access.bounding_box()?.y0;
            (top > f64::from(guichet_kiosk::ui::theme::size::TOP_BAR))
                .then(|| access.label().or_else(|| access.value()))
                .flatten()
        })
        .collect()
}

fn rules_of(harness: &mut Harness<'_, Guichet>, emission: &Emission) -> Vec<String> {
    harness
        .state_mut()
        .handle(Command::Go(Navigation::Rules(emission.game)));
    harness.run();
    page_texts(harness)
}

fn check_tier(emission: &'static Emission, tier: usize, tier_data: &Tier, number: u64) {
    let chosen = seed(number);
    assert_eq!(
        Block::open(emission, 0, &chosen).tier_of_unit(0),
        Some(tier),
        "{emission}: seed {number}"
    );
    let (_folder, path) = new_database();
    let mut store = common::options()
        .seeds(move |asked, block| {
            if std::ptr::eq(asked, emission) && block == 0 {
                chosen.clone()
            } else {
                seed(1_000 + u64::from(block))
            }
        })
        .open(&path)
        .expect("a store");
    common::of_age(&mut store);
    store.deposit(Cents::euros(20)).expect("a deposit");
    let mut harness = kiosk(Ok(store));
    harness.run();
    let before = rules_of(&mut harness, emission);
    harness.state_mut().handle(Command::Play(PlayCommand::Buy {
        emission,
        auto: false,
    }));
    harness.run_steps(2);
    let bought = rules_of(&mut harness, emission);
    assert_eq!(
        before, bought,
        "{emission}, a unit of {}: the rules page moved with the purchase",
        tier_data.prize
    );
    // Played to its end, its lot is gone.
    let unit = common::store_of(&mut harness)
        .unfinished_units()
        .expect("units")[0]
        .id;
    harness
        .state_mut()
        .handle(Command::Play(PlayCommand::OpenUnit(unit)));
    harness.run_steps(2);
    let store = common::store_of(&mut harness);
    let left = store
        .block_status(emission)
        .expect("a status")
        .expect("a block")
        .remaining_lots
        .expect("the lots left")[tier];
    assert_eq!(left, tier_data.lots, "not gone before the end");
    let mut unit_now = store.unit(unit).expect("the unit");
    while unit_now.state != guichet_sale::UnitState::Settled {
        let step = unit_now.progress.remaining_steps(&unit_now.scenario)[0];
        harness
            .state_mut()
            .handle(Command::Play(PlayCommand::Reveal { unit, step }));
        unit_now = common::store_of(&mut harness).unit(unit).expect("the unit");
    }
    let store = common::store_of(&mut harness);
    let left = store
        .block_status(emission)
        .expect("a status")
        .expect("a block")
        .remaining_lots
        .expect("the lots left")[tier];
    assert_eq!(left, tier_data.lots - 1, "{emission}: gone once settled");
    let settled = rules_of(&mut harness, emission);
    assert_ne!(before, settled, "{emission}: the page shows the lot gone");
}

#[test]
fn a_purchase_changes_nothing_on_the_rules_page() {
    for (emission, seeds) in guichet_core::games::emissions().zip(FIRST_UNIT_OF_TIER) {
        assert_eq!(seeds.len(), emission.tiers.len());
        for (tier, (tier_data, &number)) in emission.tiers.iter().zip(seeds).enumerate() {
            check_tier(emission, tier, tier_data, number);
        }
    }
}
