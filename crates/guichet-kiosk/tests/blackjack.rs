//! The Black Jack table, headless: snapshots of its states (units chosen by fixed
//! seeds), a player's full game, and the prize on screen checked against the
//! store's over random units.

mod common;

use common::{balance, kiosk, new_database, run_until, settled, unit_on_table, with_block_seed};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use guichet_core::block::Seed;
use guichet_core::games::Scenario;
use guichet_core::games::blackjack::game::BLACK_JACK;
use guichet_core::games::blackjack::scenario::HandOutcome;
use guichet_core::money::Cents;
use guichet_kiosk::app::Guichet;
use guichet_sale::PointOfSale as _;
use guichet_sale::UnitState;

fn wins_with_a_twenty_one(prize: Cents, scenario: &Scenario) -> bool {
    let Scenario::BlackJack(table) = scenario else {
        return false;
    };
    prize > BLACK_JACK.stake
        && table
            .outcomes()
            .iter()
            .any(|outcome| matches!(outcome, HandOutcome::WinsDoubled(_)))
}

fn seed_where(wanted: impl Fn(Cents, &Scenario) -> bool) -> Seed {
    common::seed_where(&BLACK_JACK, wanted)
}

fn table_with(seed: &Seed) -> (tempfile::TempDir, Harness<'static, Guichet>) {
    common::table_with(&BLACK_JACK, seed)
}

fn play_label() -> String {
    common::play_label(&BLACK_JACK)
}

fn auto_played(seed: &Seed) -> (tempfile::TempDir, Harness<'static, Guichet>) {
    common::auto_played(&BLACK_JACK, seed)
}

#[test]
fn before_buying() {
    let (_folder, mut harness) = table_with(&Seed::from_bytes([1; 32]));
    harness.snapshot("blackjack/before_buying");
}

#[test]
fn mid_reveal() {
    let (_folder, mut harness) = table_with(&seed_where(|prize, _| prize == Cents::ZERO));
    harness.get_by_label(&play_label()).click();
    harness.run_steps(2);
    harness.get_by_label("Gain 2").click();
    run_until(&mut harness, 2.0, |harness| {
        unit_on_table(harness).is_some_and(|unit| unit.steps.len() == 1)
    });
    // Gain 2 turned over; the bank's hidden card a third of the way through its turn.
    harness.run_steps(60);
    harness.get_by_label("Carte cachée de la Banque").click();
    harness.run_steps(10);
    harness.snapshot("blackjack/mid_reveal");
}

#[test]
fn a_win_with_a_twenty_one() {
    let (_folder, mut harness) = auto_played(&seed_where(wins_with_a_twenty_one));
    let unit = unit_on_table(&harness).expect("a unit");
    harness.get_by_label(&common::result_words(unit.prize, unit.emission.stake));
    harness.snapshot("blackjack/won_with_21");
}

#[test]
fn a_loss() {
    let (_folder, mut harness) = auto_played(&seed_where(|prize, _| prize == Cents::ZERO));
    harness.get_by_label("Pas de gain cette fois");
    harness.snapshot("blackjack/lost");
}

#[test]
fn a_stake_back() {
    let (_folder, mut harness) = auto_played(&seed_where(|prize, _| prize == BLACK_JACK.stake));
    harness.get_by_label("Mise remboursée");
    assert!(
        harness.query_by_label_contains("Vous gagnez").is_none(),
        "a stake back is not a win"
    );
    harness.snapshot("blackjack/stake_back");
}

#[test]
fn a_player_taps_every_zone_and_is_paid_once() {
    let (_folder, mut harness) = table_with(&seed_where(|prize, _| prize > BLACK_JACK.stake));
    let before = balance(&harness);
    harness.get_by_label(&play_label()).click();
    harness.run_steps(2);
    assert_eq!(
        balance(&harness),
        before.checked_sub(BLACK_JACK.stake).expect("cents"),
        "the stake is debited first"
    );
    for zone in ["Gain 3", "Carte cachée de la Banque", "Gain 1", "Gain 2"] {
        let steps = unit_on_table(&harness).expect("a unit").steps.len();
        harness.get_by_label(zone).click();
        run_until(&mut harness, 2.0, |harness| {
            unit_on_table(harness).is_some_and(|unit| unit.steps.len() == steps + 1)
        });
    }
    run_until(&mut harness, 3.0, settled);
    let shown = unit_on_table(&harness).expect("a unit");
    let stored = common::store_of(&mut harness)
        .unit(shown.id)
        .expect("the stored unit");
    assert_eq!(stored.state, UnitState::Settled);
    assert_eq!(shown.prize, stored.prize);
    let moved = balance(&harness).checked_sub(before).expect("cents");
    assert_eq!(
        moved,
        stored.prize.checked_sub(BLACK_JACK.stake).expect("cents"),
        "balance moved by prize − stake"
    );
    assert_eq!(common::prizes_credited(&harness), 1, "credited once");
}

/// A real window paints only when something asks it to: from "Auto" to the
/// result, every frame must ask for the next one (now, or after a pause), or the
/// table would freeze until the player touched the screen again.
#[test]
fn auto_plays_out_without_further_input() {
    let (_folder, mut harness) = table_with(&seed_where(|prize, _| prize > BLACK_JACK.stake));
    harness.get_by_label("Auto").click();
    for _ in 0..600 {
        harness.step();
        if settled(&harness) {
            break;
        }
        let delay = harness.output().viewport_output[&egui::ViewportId::ROOT].repaint_delay;
        assert!(
            delay <= std::time::Duration::from_secs(1),
            "no next frame asked for: the table would freeze"
        );
    }
    assert!(settled(&harness));
}

#[test]
fn without_enough_balance_nothing_is_bought() {
    let (_folder, path) = new_database();
    let store = common::open(&path).expect("a store");
    let mut harness = kiosk(Ok(store));
    harness.get_by_label("Jouer à Black Jack").click();
    harness.run();
    harness.get_by_label(&play_label()).click();
    harness.run();
    harness.get_by_label_contains("Solde insuffisant : 0,00");
    assert!(unit_on_table(&harness).is_none());
    assert!(
        harness
            .state()
            .store()
            .expect("a store")
            .all_units()
            .expect("units")
            .is_empty()
    );
}

#[test]
fn an_interrupted_unit_reopens_with_the_same_zones_revealed() {
    let (_folder, path) = new_database();
    let unit_id = {
        let mut store = with_block_seed(&BLACK_JACK, Seed::from_bytes([9; 32]))
            .open(&path)
            .expect("a store");
        common::of_age(&mut store);
        store.deposit(Cents::euros(4)).expect("a deposit");
        let unit = store.buy(&BLACK_JACK).expect("a unit");
        store
            .reveal(
                unit.id,
                &[
                    guichet_core::step::RevealStep::Zone { zone: 1 },
                    guichet_core::step::RevealStep::Zone { zone: 3 },
                ],
            )
            .expect("two zones");
        unit.id
    };
    let mut harness = kiosk(common::open(&path));
    harness.run();
    harness.get_by_label("Reprendre la partie").click();
    harness.run_steps(4);
    let unit = unit_on_table(&harness).expect("the unit");
    assert_eq!(unit.id, unit_id);
    assert!(unit.progress.is_revealed(1) && unit.progress.is_revealed(3));
    assert!(!unit.progress.is_revealed(0) && !unit.progress.is_revealed(2));
    harness.snapshot("blackjack/resumed");
}
