//! Losing zones are decorated from one distribution whatever the unit's prize: no
//! engineered near misses. Chi-square tests at the 0,1 % level on fixed seeds, so
//! they give the same answer on every run. (What shows before a reveal, and what
//! an amount tells once shown, are proven in `no_tells.rs`.)

// Counts of a few thousand units are exact in f64.
#![allow(clippy::cast_precision_loss)]

use std::collections::BTreeMap;

use guichet_core::emission::Emission;
use guichet_core::games::blackjack::game::BLACK_JACK;
use guichet_core::generator;
use guichet_core::sampling::Weighted;

mod per_game;
mod stats;
use guichet_core::games::Scenario;
use guichet_core::games::blackjack::scenario::HandOutcome;
use guichet_core::games::star_fortune::puck_path::Landing;
use guichet_core::money::Cents;
use per_game::Proof;
use rand::SeedableRng as _;
use rand::rngs::ChaCha12Rng;

/// Units drawn per tier.
const UNITS: u64 = 4_000;

/// Tests pass above this p-value: 0,1 %, on fixed seeds, so that they give the
/// same answer on every run.
const LEVEL: f64 = 1e-3;

fn scenarios(emission: &Emission, prize: Cents) -> impl Iterator<Item = Scenario> + '_ {
    (0..UNITS).map(move |seed| {
        let mut rng = ChaCha12Rng::seed_from_u64(seed ^ (prize.get().unsigned_abs() << 20));
        generator::generate(emission, prize, &mut rng).expect("a prize of the table")
    })
}

fn prizes(emission: &Emission) -> Vec<Cents> {
    emission
        .tiers
        .iter()
        .map(|tier| tier.prize)
        .chain([Cents::ZERO])
        .collect()
}

/// The fewest samples a fit is judged on: below it, a test proves nothing.
const MIN_SAMPLES: u64 = 1_000;

/// Whether `observed` fits `probabilities` at [`LEVEL`], on at least
/// [`MIN_SAMPLES`] samples.
fn fits(observed: &[u64], probabilities: &[f64]) -> bool {
    let samples: u64 = observed.iter().sum();
    assert!(
        samples >= MIN_SAMPLES,
        "{samples} samples: too few to judge a fit"
    );
    stats::fit(observed, probabilities) > LEVEL
}

/// Counts of `samples` per amount of `weighted`, and its probabilities.
fn against(weighted: &Weighted, samples: &[Cents]) -> (Vec<u64>, Vec<f64>) {
    let observed = weighted
        .entries()
        .iter()
        .map(|&(amount, _)| samples.iter().filter(|&&shown| shown == amount).count() as u64)
        .collect();
    let expected = weighted
        .entries()
        .iter()
        .map(|&(amount, _)| weighted.probability(amount))
        .collect();
    (observed, expected)
}

/// Each game's proof that its losing zones are decorated from one
/// distribution, by export name: every game of the registry has its entry.
const DECOYS: &[(&str, Proof)] = &[
    (
        "blackjack",
        Proof::Checks(&[black_jack_losing_hands_hide_the_same_amounts_whatever_the_prize]),
    ),
    (
        "x10",
        Proof::Checks(&[x10_losing_bundles_show_the_same_amounts_whatever_the_prize]),
    ),
    (
        "star_fortune",
        Proof::Checks(&[star_fortune_losing_drops_land_on_any_zero_place_whatever_the_prize]),
    ),
    (
        "bingo",
        Proof::Nothing(
            "its grids and balls carry no amount: what they show whatever the prize is in no_tells.rs",
        ),
    ),
];

#[test]
fn every_game_decorates_its_losing_zones_from_one_distribution() {
    per_game::run_for_every_game(DECOYS, "decoys.rs's DECOYS");
}

fn black_jack_losing_hands_hide_the_same_amounts_whatever_the_prize(emission: &'static Emission) {
    for prize in prizes(emission) {
        let amounts: Vec<Cents> = scenarios(emission, prize)
            .flat_map(|scenario| match scenario {
                Scenario::BlackJack(table) => table
                    .hands
                    .iter()
                    .zip(table.outcomes())
                    .filter(|(_, outcome)| *outcome == HandOutcome::Loses)
                    .map(|(hand, _)| hand.amount)
                    .collect::<Vec<_>>(),
                _ => unreachable!("Black Jack"),
            })
            .collect();
        assert!(amounts.len() > 1_000, "{prize}: {} decoys", amounts.len());
        let (observed, expected) = against(
            guichet_core::games::blackjack::generator::decoy_amounts(),
            &amounts,
        );
        assert!(fits(&observed, &expected), "{prize}: {observed:?}");
    }
}

fn x10_losing_bundles_show_the_same_amounts_whatever_the_prize(emission: &'static Emission) {
    for prize in prizes(emission) {
        let amounts: Vec<Cents> = scenarios(emission, prize)
            .flat_map(|scenario| match scenario {
                Scenario::X10(unit) => unit
                    .cells
                    .iter()
                    .zip(unit.cell_payouts())
                    .filter(|(_, paid)| *paid == Cents::ZERO)
                    .map(|(cell, _)| cell.amount)
                    .collect::<Vec<_>>(),
                _ => unreachable!("X10"),
            })
            .collect();
        assert!(amounts.len() > 10_000, "{prize}: {} decoys", amounts.len());
        let (observed, expected) = against(
            guichet_core::games::x10::generator::decoy_amounts(),
            &amounts,
        );
        assert!(fits(&observed, &expected), "{prize}: {observed:?}");
    }
}

fn star_fortune_losing_drops_land_on_any_zero_place_whatever_the_prize(
    emission: &'static Emission,
) {
    for prize in prizes(emission) {
        let mut places: BTreeMap<u8, u64> = BTreeMap::new();
        for scenario in scenarios(emission, prize) {
            let Scenario::StarFortune(unit) = scenario else {
                unreachable!("Star Fortune")
            };
            for drop in &unit.drops {
                if let Landing::Slot { slot } = drop.landing
                    && unit.slots_cents[usize::from(slot)] == Cents::ZERO
                {
                    *places.entry(slot).or_default() += 1;
                }
            }
        }
        if places.values().sum::<u64>() < 100 {
            continue; // This prize is rarely made with a 0 € place.
        }
        let observed: Vec<u64> = [0, 4, 8]
            .iter()
            .map(|slot| places.get(slot).copied().unwrap_or(0))
            .collect();
        assert!(fits(&observed, &[1.0 / 3.0; 3]), "{prize}: {places:?}");
    }
}

#[test]
fn the_test_would_see_an_engineered_distribution() {
    // The amounts of winning hands follow the prize: the same test rejects them.
    let winners: Vec<Cents> = scenarios(&BLACK_JACK, Cents::euros(4))
        .flat_map(|scenario| match scenario {
            Scenario::BlackJack(table) => table
                .hands
                .iter()
                .zip(table.outcomes())
                .filter(|(_, outcome)| *outcome != HandOutcome::Loses)
                .map(|(hand, _)| hand.amount)
                .collect::<Vec<_>>(),
            _ => unreachable!("Black Jack"),
        })
        .collect();
    let (observed, expected) = against(
        guichet_core::games::blackjack::generator::decoy_amounts(),
        &winners,
    );
    assert!(!fits(&observed, &expected));
}

#[test]
#[should_panic(expected = "too few to judge a fit")]
fn an_empty_sample_is_not_a_fit() {
    let _ = fits(&[0, 0, 0], &[1.0 / 3.0; 3]);
}
