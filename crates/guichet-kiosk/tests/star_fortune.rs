//! The Star Fortune table, headless: snapshots of its states (units chosen by
//! fixed seeds), a player's two drops at each stake, the puck picked changing
//! nothing, resumes, and the result on screen checked against the store's over
//! random units.

mod common;

use common::{
    auto_played, balance, play_label, played_then_replayed, prizes_credited, result_words,
    run_until, seed_where, settle_animations, settled, step_label, table_with, unit_on_table,
};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use guichet_core::block::Seed;
use guichet_core::emission::Emission;
use guichet_core::games::Scenario;
use guichet_core::games::star_fortune::game::STAR_FORTUNE_100;
use guichet_core::games::star_fortune::puck_path::Landing;
use guichet_core::games::star_fortune::scenario::StarFortuneScenario;
use guichet_core::money::Cents;
use guichet_core::step::RevealStep;
use guichet_kiosk::app::Guichet;
use guichet_sale::PointOfSale as _;
use guichet_sale::UnitState;

fn star(scenario: &Scenario) -> &StarFortuneScenario {
    match scenario {
        Scenario::StarFortune(star) => star,
        _ => unreachable!("Star Fortune"),
    }
}

fn bonus_first(_: Cents, scenario: &Scenario) -> bool {
    matches!(star(scenario).drops[0].landing, Landing::Bonus { .. })
}

/// Taps the control of `step` once it shows (a puck once its drop's card asks
/// for one), and waits for the store to journal it.
fn take(harness: &mut Harness<'_, Guichet>, step: RevealStep) {
    let steps = unit_on_table(harness).expect("a unit").steps.len();
    let label = step_label(step);
    let ready = match step {
        RevealStep::Puck { drop: 0, .. } => "1er palet: Choisissez un palet",
        RevealStep::Puck { .. } => "2e palet: Choisissez un palet",
        _ => "GO",
    };
    run_until(harness, 6.0, |harness| {
        harness.query_by_label(ready).is_some()
    });
    harness.get_by_label(&label).click();
    run_until(harness, 2.0, |harness| {
        unit_on_table(harness).is_some_and(|unit| unit.steps.len() == steps + 1)
    });
}

#[test]
fn the_stake_choice_then_three_pucks_then_one_in_flight() {
    let (_folder, mut harness) = table_with(
        &STAR_FORTUNE_100,
        &seed_where(&STAR_FORTUNE_100, |prize, _| prize == Cents::ZERO),
    );
    let mut snapshots = egui_kittest::SnapshotResults::new();
    // The stake chosen is shown; the other two are a tap away.
    for stake in ["0,50\u{a0}€", "1\u{a0}€", "2\u{a0}€"] {
        harness.get_by_label(stake);
    }
    snapshots.add(harness.try_snapshot("star_fortune/stake_choice"));
    harness.get_by_label(&play_label(&STAR_FORTUNE_100)).click();
    harness.run_steps(2);
    for puck in 1..=3 {
        harness.get_by_label(&format!("Palet {puck}: le lâcher"));
    }
    assert!(
        harness.query_by_label("Auto").is_none(),
        "no Auto in Star Fortune"
    );
    snapshots.add(harness.try_snapshot("star_fortune/three_pucks"));
    take(&mut harness, RevealStep::Puck { drop: 0, puck: 1 });
    harness.run_steps(45);
    harness.get_by_label_contains("Le palet tombe");
    snapshots.add(harness.try_snapshot("star_fortune/puck_in_flight"));
}

#[test]
fn a_bonus_before_and_after_go() {
    let (_folder, mut harness) = table_with(
        &STAR_FORTUNE_100,
        &seed_where(&STAR_FORTUNE_100, bonus_first),
    );
    harness.get_by_label(&play_label(&STAR_FORTUNE_100)).click();
    harness.run_steps(2);
    take(&mut harness, RevealStep::Puck { drop: 0, puck: 0 });
    run_until(&mut harness, 5.0, |harness| {
        harness.query_by_label("GO").is_some()
    });
    harness.run_steps(30);
    let mut snapshots = egui_kittest::SnapshotResults::new();
    snapshots.add(harness.try_snapshot("star_fortune/bonus_before_go"));
    take(&mut harness, RevealStep::Go { drop: 0 });
    // The BONUS moment: the amount rises out of its case over the board,
    // counting up, before it settles in the card.
    harness.run_steps(40);
    snapshots.add(harness.try_snapshot("star_fortune/bonus_rising"));
    harness.run_steps(90);
    let unit = unit_on_table(&harness).expect("a unit");
    let Landing::Bonus { bonus, bonus_cents } = star(&unit.scenario).drops[0].landing else {
        unreachable!("a BONUS first")
    };
    harness.get_by_label(&format!("1er palet: {bonus_cents}"));
    harness.get_by_label(&format!("Case BONUS {}: {bonus_cents}", bonus + 1));
    snapshots.add(harness.try_snapshot("star_fortune/bonus_after_go"));
}

#[test]
fn a_win_a_loss_and_a_stake_back() {
    let stake = STAR_FORTUNE_100.stake;
    let mut snapshots = egui_kittest::SnapshotResults::new();
    for (name, wanted) in [
        (
            "won",
            (|prize: Cents| prize > Cents(100) && prize < Cents(2_000)) as fn(Cents) -> bool,
        ),
        ("lost", |prize| prize == Cents::ZERO),
        ("stake_back", |prize| prize == Cents(100)),
    ] {
        let (_folder, mut harness) = auto_played(
            &STAR_FORTUNE_100,
            &seed_where(&STAR_FORTUNE_100, |prize, _| wanted(prize)),
        );
        let unit = unit_on_table(&harness).expect("a unit");
        harness.get_by_label(&result_words(unit.prize, stake));
        snapshots.add(harness.try_snapshot(format!("star_fortune/{name}")));
    }
}

/// Plays a unit of `emission` by taps, picking `puck` each time; returns what
/// the store holds at the end, the balance before and after, and the prizes
/// credited.
fn played_by_taps(
    emission: &'static Emission,
    seed: &Seed,
    puck: u8,
) -> (guichet_sale::Unit, Cents, Cents, usize) {
    let (_folder, mut harness) = table_with(emission, seed);
    let before = balance(&harness);
    harness.get_by_label(&play_label(emission)).click();
    harness.run_steps(2);
    assert_eq!(
        balance(&harness),
        before.checked_sub(emission.stake).expect("cents")
    );
    for drop in 0..2 {
        take(&mut harness, RevealStep::Puck { drop, puck });
        let unit = unit_on_table(&harness).expect("a unit");
        if matches!(
            star(&unit.scenario).drops[usize::from(drop)].landing,
            Landing::Bonus { .. }
        ) {
            take(&mut harness, RevealStep::Go { drop });
        }
    }
    run_until(&mut harness, 3.0, settled);
    settle_animations(&mut harness);
    let shown = unit_on_table(&harness).expect("a unit");
    let store = common::store_of(&mut harness);
    let stored = store.unit(shown.id).expect("the stored unit");
    assert_eq!(stored.state, UnitState::Settled);
    // The screen says what the store holds: each drop's amount, then the lot.
    let payouts = star(&stored.scenario).drop_payouts();
    harness.get_by_label(&format!("1er palet: {}", payouts[0]));
    harness.get_by_label(&format!("2e palet: {}", payouts[1]));
    harness.get_by_label(&result_words(stored.prize, emission.stake));
    let prizes = prizes_credited(&harness);
    (stored, before, balance(&harness), prizes)
}

#[test]
fn a_player_drops_both_pucks_at_each_stake_and_is_paid_once() {
    for emission in guichet_core::games::star_fortune::game::GAME.emissions() {
        let seed = seed_where(emission, |prize, _| prize > emission.stake);
        let (stored, before, after, prizes) = played_by_taps(emission, &seed, 2);
        let moved = after.checked_sub(before).expect("cents");
        assert_eq!(
            moved,
            stored.prize.checked_sub(emission.stake).expect("cents"),
            "{emission}"
        );
        assert_eq!(prizes, 1, "{emission}: credited once");
    }
}

#[test]
fn the_puck_picked_never_changes_the_outcome() {
    let seed = seed_where(&STAR_FORTUNE_100, |prize, _| prize > Cents::ZERO);
    let outcomes: Vec<_> = (0..3)
        .map(|puck| {
            let (stored, ..) = played_by_taps(&STAR_FORTUNE_100, &seed, puck);
            let star = star(&stored.shown_scenario()).clone();
            // The pucks differ, and so do their ways down; not where they land.
            assert!(star.drops.iter().all(|drop| drop.puck == Some(puck)));
            (stored.prize, star.drops.map(|drop| drop.landing))
        })
        .collect();
    assert!(
        outcomes.windows(2).all(|pair| pair[0] == pair[1]),
        "{outcomes:?}"
    );
}

/// A store with a unit of Star Fortune at 1 € bought from `seed` and `steps`
/// journaled, then a kiosk that takes it up.
fn resumed(seed: Seed, steps: &[RevealStep]) -> (tempfile::TempDir, Harness<'static, Guichet>) {
    let (folder, path) = common::new_database();
    {
        let mut store = common::with_block_seed(&STAR_FORTUNE_100, seed)
            .open(&path)
            .expect("a store");
        common::of_age(&mut store);
        store.deposit(Cents::euros(4)).expect("a deposit");
        let unit = store.buy(&STAR_FORTUNE_100).expect("a unit");
        store.reveal(unit.id, steps).expect("the steps");
    }
    let mut harness = common::kiosk(common::open(&path));
    harness.run();
    harness.get_by_label("Reprendre la partie").click();
    harness.run_steps(4);
    (folder, harness)
}

#[test]
fn an_interrupted_unit_reopens_where_it_was_left() {
    // The first puck fallen, the second not picked.
    let slot_first = seed_where(&STAR_FORTUNE_100, |_, scenario| {
        matches!(star(scenario).drops[0].landing, Landing::Slot { .. })
    });
    let (_folder, harness) = resumed(slot_first, &[RevealStep::Puck { drop: 0, puck: 2 }]);
    let unit = unit_on_table(&harness).expect("the unit");
    harness.get_by_label(&format!(
        "1er palet: {}",
        star(&unit.scenario).drop_payouts()[0]
    ));
    harness.get_by_label("2e palet: Choisissez un palet");
    harness.get_by_label("Palet 1: le lâcher");

    // In a BONUS case, before GO.
    let (_folder, mut harness) = resumed(
        seed_where(&STAR_FORTUNE_100, bonus_first),
        &[RevealStep::Puck { drop: 0, puck: 1 }],
    );
    harness.get_by_label("GO");
    harness.get_by_label("1er palet: touchez GO");
    harness.get_by_label("2e palet: À suivre");
    assert!(harness.query_by_label("Palet 1: le lâcher").is_none());
    harness.snapshot("star_fortune/resumed_bonus_pending");
}

/// The replay from the history shows both drops, each with what it paid,
/// and the same result (every game's property: `every_game.rs`).
#[test]
fn the_replay_shows_both_drops() {
    // The last seed once failed the property (kept from proptest's regressions).
    let regression = [
        0, 0, 0, 0, 101, 156, 234, 7, 207, 200, 199, 176, 209, 234, 193, 246, 24, 226, 69, 53, 108,
        203, 139, 19, 227, 249, 136, 183, 10, 10, 133, 149,
    ];
    for seed in [[3_u8; 32], [9; 32], regression] {
        let replayed = played_then_replayed(&STAR_FORTUNE_100, &Seed::from_bytes(seed), 60 * 14);
        let expected = &replayed.expected;
        assert!(replayed.shown_when_played, "{expected} not on screen");
        let second = format!(
            "2e palet: {}",
            star(&replayed.stored.scenario).drop_payouts()[1]
        );
        assert!(
            replayed.harness.query_by_label(&second).is_some(),
            "replay: {second} not on screen"
        );
        assert!(replayed.shown_in_replay, "replay: {expected} not on screen");
    }
}
