//! Every game of the registry played to its result through the kiosk, with
//! fixed seeds: lobby → table → "Auto", and "Jouer" then "Auto" (or "Jouer"
//! then each step, for a game without "Auto") → result, the result on screen
//! being the store's, the balance moved by prize − stake, one prize entry at
//! most; a snapshot of each result; and, over every emission and many seeds,
//! the screen showing the store's unit step by step and its prize, live and
//! in replay.

mod common;

use common::{
    Playing, balance, has_auto, play_at_table_by, play_label, press_in_bar, prizes_credited,
    result_words, run_until, seed_where, settle_animations, settled, table_with, unit_on_table,
};
use egui_kittest::kittest::Queryable as _;
use egui_kittest::{Harness, SnapshotResults};
use guichet_core::block::Seed;
use guichet_core::emission::Emission;
use guichet_core::money::Cents;
use guichet_kiosk::app::Guichet;
use guichet_kiosk::command::{Command, PlayCommand};
use guichet_kiosk::ui::games::GAMES;
use guichet_sale::PointOfSale as _;
use guichet_sale::UnitState;
use proptest::prelude::*;

/// Checks a unit played out at `emission`'s table: settled with the store's
/// prize, its result on screen, the balance moved by prize − stake from 20 €,
/// its prize credited once.
fn played_out(harness: &mut Harness<'_, Guichet>, emission: &'static Emission, how: Playing) {
    let shown = unit_on_table(harness).expect("a unit");
    let store = common::store_of(harness);
    let stored = store.unit(shown.id).expect("the stored unit");
    assert_eq!(stored.state, UnitState::Settled, "{emission}, {how:?}");
    assert!(stored.prize > emission.stake, "{emission}, {how:?}");
    harness.get_by_label(&result_words(stored.prize, emission.stake));
    let moved = balance(harness)
        .checked_sub(Cents::euros(20))
        .expect("cents");
    assert_eq!(
        moved,
        stored.prize.checked_sub(emission.stake).expect("cents"),
        "{emission}, {how:?}: the balance moved by prize − stake"
    );
    assert_eq!(
        prizes_credited(harness),
        1,
        "{emission}, {how:?}: credited once"
    );
}

#[test]
fn every_game_plays_to_its_result() {
    let mut snapshots = SnapshotResults::new();
    for entry in GAMES {
        let emission = entry.game.rules().first_offered;
        // A winning unit, so that the credit is checked too.
        let seed = seed_where(emission, |prize, _| prize > emission.stake);
        let ways: &[Playing] = if has_auto(entry.game) {
            &[Playing::Auto, Playing::PlayThenAuto]
        } else {
            &[Playing::StepByStep]
        };
        for &how in ways {
            let (_folder, mut harness) = table_with(emission, &seed);
            play_at_table_by(&mut harness, emission, how);
            played_out(&mut harness, emission, how);
            if how == ways[0] {
                harness.snapshot(format!("every_game/{}_result", emission.game.slug()));
            }
            snapshots.extend_harness(&mut harness);
        }
    }
}

/// Every emission of the registry.
fn emissions() -> Vec<&'static Emission> {
    guichet_core::games::emissions().collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(36))]

    /// Whatever the emission and the unit, the table shows the store's unit
    /// at each step — nothing of the result before the last step is
    /// journaled — and then the store's prize; the replay from the history
    /// plays it again and ends on the same result.
    #[test]
    fn the_screen_shows_the_stores_unit_and_prize_live_and_in_replay(
        which in 0..emissions().len(),
        seed in any::<[u8; 32]>(),
    ) {
        let emission = emissions()[which];
        let (_folder, mut harness) = table_with(emission, &Seed::from_bytes(seed));
        harness.get_by_label(&play_label(emission)).click();
        harness.run_steps(2);
        let id = unit_on_table(&harness).expect("a unit").id;
        loop {
            let stored = common::store_of(&mut harness).unit(id).expect("stored");
            let shown = unit_on_table(&harness).expect("a unit");
            prop_assert_eq!(&shown.steps, &stored.steps, "the screen's steps are the store's");
            prop_assert_eq!(shown.state, stored.state);
            let words = result_words(stored.prize, emission.stake);
            if stored.state == UnitState::Settled {
                break;
            }
            prop_assert!(harness.query_by_label(&words).is_none(), "{words} before the end");
            let step = shown.progress.possible_steps()[0];
            harness
                .state_mut()
                .handle(Command::Play(PlayCommand::Reveal { unit: id, step }));
            // The step's animation runs to its end before the next.
            settle_animations(&mut harness);
        }
        prop_assert!(settled(&harness));
        let stored = common::store_of(&mut harness).unit(id).expect("stored");
        let words = result_words(stored.prize, emission.stake);
        settle_animations(&mut harness);
        prop_assert!(harness.query_by_label(&words).is_some(), "{words} not on screen");

        press_in_bar(&mut harness, "Historique");
        harness.get_by_label("Revoir").click();
        harness.run_steps(2);
        prop_assert!(harness.query_by_label(&words).is_none(), "the replay starts from nothing");
        run_until(&mut harness, 30.0, |harness| harness.query_by_label(&words).is_some());
        let replayed = unit_on_table(&harness).expect("the replayed unit");
        prop_assert_eq!(replayed.id, id);
        prop_assert_eq!(&replayed.steps, &stored.steps);
    }
}
