//! The X10 table, headless: snapshots of its states (units chosen by fixed
//! seeds), a player's full game by taps, and the result on screen checked
//! against the store's over random units.

mod common;

use common::{
    auto_played, balance, play_label, prizes_credited, result_words, run_until, seed_where,
    settle_animations, settled, table_with, unit_on_table,
};
use egui_kittest::kittest::Queryable as _;
use guichet_core::block::Seed;
use guichet_core::games::Scenario;
use guichet_core::games::x10::game::X10;
use guichet_core::games::x10::scenario::{Symbol, X10Scenario};
use guichet_core::money::Cents;
use guichet_sale::PointOfSale as _;
use guichet_sale::UnitState;

fn x10(scenario: &Scenario) -> &X10Scenario {
    match scenario {
        Scenario::X10(unit) => unit,
        _ => unreachable!("X10"),
    }
}

/// The bundles that pay something.
fn winners(unit: &X10Scenario) -> usize {
    unit.cell_payouts()
        .iter()
        .filter(|paid| paid.is_positive())
        .count()
}

fn multipliers(unit: &X10Scenario) -> usize {
    unit.cells
        .iter()
        .filter(|cell| matches!(cell.symbol, Symbol::Multiplier { .. }))
        .count()
}

/// The twelve symbols' labels, hidden.
fn hidden_labels() -> Vec<String> {
    (1..=3)
        .map(|number| format!("Numéros gagnants {number}: caché"))
        .chain((1..=9).map(|number| format!("Vos numéros {number}: caché")))
        .collect()
}

#[test]
fn before_buying() {
    let (_folder, mut harness) = table_with(&X10, &Seed::from_bytes([1; 32]));
    harness.snapshot("x10/before_buying");
}

#[test]
fn mid_reveal() {
    let seed = seed_where(&X10, |prize, _| prize == Cents::ZERO);
    let (_folder, mut harness) = table_with(&X10, &seed);
    harness.get_by_label(&play_label(&X10)).click();
    harness.run_steps(2);
    for label in ["Numéros gagnants 1: caché", "Vos numéros 5: caché"] {
        let steps = unit_on_table(&harness).expect("a unit").steps.len();
        harness.get_by_label(label).click();
        run_until(&mut harness, 2.0, |harness| {
            unit_on_table(harness).is_some_and(|unit| unit.steps.len() == steps + 1)
        });
        harness.run_steps(40);
    }
    // A third symbol a third of the way through its opening.
    harness.get_by_label("Vos numéros 1: caché").click();
    harness.run_steps(6);
    harness.snapshot("x10/mid_reveal");
}

/// A diamond halfway through its turn and a bundle opening: the glint on
/// the stone and the note, none on the night around them.
#[test]
fn glints_mid_reveal() {
    let seed = seed_where(&X10, |prize, _| prize == Cents::ZERO);
    let (_folder, mut harness) = table_with(&X10, &seed);
    harness.get_by_label(&play_label(&X10)).click();
    harness.run_steps(2);
    harness.get_by_label("Numéros gagnants 2: caché").click();
    harness.get_by_label("Vos numéros 6: caché").click();
    harness.run_steps(8);
    harness.snapshot("x10/glints_mid_reveal");
}

#[test]
fn a_number_match_win() {
    let seed = seed_where(&X10, |prize, scenario| {
        let unit = x10(scenario);
        prize > X10.stake && multipliers(unit) == 0 && winners(unit) == 1
    });
    let (_folder, mut harness) = auto_played(&X10, &seed);
    let unit = unit_on_table(&harness).expect("a unit");
    harness.get_by_label(&common::result_words(unit.prize, unit.emission.stake));
    harness.snapshot("x10/won_number_match");
}

#[test]
fn a_multiplier_win() {
    let seed = seed_where(&X10, |prize, scenario| {
        let unit = x10(scenario);
        prize > X10.stake && multipliers(unit) == 1 && winners(unit) == 1
    });
    let (_folder, mut harness) = auto_played(&X10, &seed);
    let unit = unit_on_table(&harness).expect("a unit");
    harness.get_by_label(&common::result_words(unit.prize, unit.emission.stake));
    harness.snapshot("x10/won_multiplier");
}

#[test]
fn several_winning_bundles_add_up() {
    let seed = seed_where(&X10, |prize, scenario| {
        prize > X10.stake && winners(x10(scenario)) >= 2
    });
    let (_folder, mut harness) = auto_played(&X10, &seed);
    let unit = unit_on_table(&harness).expect("a unit");
    let paid: Cents = Cents::checked_sum(x10(&unit.scenario).cell_payouts()).expect("cents");
    assert_eq!(paid, unit.prize);
    harness.get_by_label(&common::result_words(unit.prize, unit.emission.stake));
    harness.snapshot("x10/won_several");
}

#[test]
fn a_loss() {
    let (_folder, mut harness) =
        auto_played(&X10, &seed_where(&X10, |prize, _| prize == Cents::ZERO));
    harness.get_by_label("Pas de gain cette fois");
    harness.snapshot("x10/lost");
}

#[test]
fn a_stake_back() {
    let (_folder, mut harness) =
        auto_played(&X10, &seed_where(&X10, |prize, _| prize == X10.stake));
    harness.get_by_label("Mise remboursée");
    assert!(harness.query_by_label_contains("Vous gagnez").is_none());
    harness.snapshot("x10/stake_back");
}

#[test]
fn a_player_taps_all_twelve_and_is_paid_once() {
    let seed = seed_where(&X10, |prize, _| prize > X10.stake);
    let (_folder, mut harness) = table_with(&X10, &seed);
    let before = balance(&harness);
    harness.get_by_label(&play_label(&X10)).click();
    harness.run_steps(2);
    assert_eq!(
        balance(&harness),
        before.checked_sub(X10.stake).expect("cents")
    );
    // Any order: the bundles first, then the diamonds.
    let mut labels = hidden_labels();
    labels.rotate_left(3);
    for label in labels {
        let steps = unit_on_table(&harness).expect("a unit").steps.len();
        harness.get_by_label(&label).click();
        run_until(&mut harness, 2.0, |harness| {
            unit_on_table(harness).is_some_and(|unit| unit.steps.len() == steps + 1)
        });
    }
    run_until(&mut harness, 3.0, settled);
    settle_animations(&mut harness);
    let shown = unit_on_table(&harness).expect("a unit");
    let store = common::store_of(&mut harness);
    let stored = store.unit(shown.id).expect("the stored unit");
    assert_eq!(stored.state, UnitState::Settled);
    harness.get_by_label(&result_words(stored.prize, X10.stake));
    let moved = balance(&harness).checked_sub(before).expect("cents");
    assert_eq!(moved, stored.prize.checked_sub(X10.stake).expect("cents"));
    let prizes = prizes_credited(&harness);
    assert_eq!(prizes, 1, "credited once");
    // Every symbol now reads its value.
    let unit = x10(&stored.scenario);
    for (position, cell) in unit.cells.iter().enumerate() {
        let symbol = match cell.symbol {
            Symbol::Number { number } => number.to_string(),
            Symbol::Multiplier { multiplier } => format!("x{multiplier}"),
        };
        harness.get_by_label_contains(&format!("Vos numéros {}: {symbol}, ", position + 1));
    }
    for (position, number) in unit.winning_numbers.iter().enumerate() {
        harness.get_by_label(&format!("Numéros gagnants {}: {number}", position + 1));
    }
}

#[test]
fn an_interrupted_unit_reopens_with_the_same_symbols_open() {
    use guichet_core::games::x10::game::{BUNDLES, DIAMONDS};
    let (_folder, path) = common::new_database();
    let unit_id = {
        let mut store = common::with_block_seed(&X10, Seed::from_bytes([4; 32]))
            .open(&path)
            .expect("a store");
        common::of_age(&mut store);
        store.deposit(Cents::euros(4)).expect("a deposit");
        let unit = store.buy(&X10).expect("a unit");
        store
            .reveal(unit.id, &[DIAMONDS[1], BUNDLES[0], BUNDLES[8]])
            .expect("three symbols");
        unit.id
    };
    let mut harness = common::kiosk(common::open(&path));
    harness.run();
    harness.get_by_label("Reprendre la partie").click();
    harness.run_steps(4);
    let unit = unit_on_table(&harness).expect("the unit");
    assert_eq!(unit.id, unit_id);
    assert_eq!(unit.steps.len(), 3);
    for label in [
        "Numéros gagnants 1: caché",
        "Numéros gagnants 3: caché",
        "Vos numéros 2: caché",
    ] {
        harness.get_by_label(label);
    }
    assert!(
        harness
            .query_by_label("Numéros gagnants 2: caché")
            .is_none()
    );
    harness.snapshot("x10/resumed");
}
