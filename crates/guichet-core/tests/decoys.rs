//! Losing zones are decorated from one distribution whatever the unit's prize: no
//! engineered near misses. Chi-square tests at the 0,1 % level on fixed seeds, so
//! they give the same answer on every run.

// Counts of a few thousand units are exact in f64.
#![allow(clippy::cast_precision_loss)]

use std::collections::BTreeMap;

use guichet_core::emission::{BINGO, BLACK_JACK, Emission, STAR_FORTUNE_100, X10};
use guichet_core::generator::{self, sampling::Weighted};
use guichet_core::money::Cents;
use guichet_core::scenario::Scenario;
use guichet_core::scenario::bingo::{FirstGridCombination, FullRows};
use guichet_core::scenario::blackjack::HandOutcome;
use guichet_core::scenario::star_fortune::Landing;
use rand::SeedableRng as _;
use rand::rngs::ChaCha12Rng;

/// Units drawn per tier.
const UNITS: u64 = 4_000;

/// The chi-square value exceeded with probability 0,1 %, for 1 to 20 degrees of
/// freedom.
const CRITICAL: [f64; 20] = [
    10.828, 13.816, 16.266, 18.467, 20.515, 22.458, 24.322, 26.124, 27.877, 29.588, 31.264, 32.909,
    34.528, 36.123, 37.697, 39.252, 40.790, 42.312, 43.820, 45.315,
];

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

/// Pearson's statistic of `observed` counts against `expected` probabilities,
/// with categories of small expectation merged into the last; and its degrees of
/// freedom.
fn chi_square(observed: &[u64], expected: &[f64]) -> (f64, usize) {
    let total: u64 = observed.iter().sum();
    let mut merged: Vec<(f64, f64)> = Vec::new();
    let mut pending = (0.0, 0.0);
    for (&count, &probability) in observed.iter().zip(expected) {
        pending.0 += count as f64;
        pending.1 += probability * total as f64;
        if pending.1 >= 5.0 {
            merged.push(pending);
            pending = (0.0, 0.0);
        }
    }
    if let Some(last) = merged.last_mut() {
        last.0 += pending.0;
        last.1 += pending.1;
    }
    let statistic = merged
        .iter()
        .map(|(seen, wanted)| (seen - wanted).powi(2) / wanted)
        .sum();
    (statistic, merged.len().saturating_sub(1))
}

/// Whether `observed` fits `expected` at the 0,1 % level.
fn fits(observed: &[u64], expected: &[f64]) -> bool {
    let (statistic, freedom) = chi_square(observed, expected);
    freedom == 0 || statistic < CRITICAL[freedom - 1]
}

/// Counts of `samples` per amount of `weighted`, and its probabilities.
fn against(weighted: &Weighted, samples: &[Cents]) -> (Vec<u64>, Vec<f64>) {
    let total: u32 = weighted.entries.iter().map(|&(_, weight)| weight).sum();
    let observed = weighted
        .entries
        .iter()
        .map(|&(euros, _)| {
            samples
                .iter()
                .filter(|&&amount| amount == Cents::euros(euros))
                .count() as u64
        })
        .collect();
    let expected = weighted
        .entries
        .iter()
        .map(|&(_, weight)| f64::from(weight) / f64::from(total))
        .collect();
    (observed, expected)
}

#[test]
fn black_jack_losing_hands_hide_the_same_amounts_whatever_the_prize() {
    for prize in prizes(&BLACK_JACK) {
        let amounts: Vec<Cents> = scenarios(&BLACK_JACK, prize)
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
        let (observed, expected) = against(&generator::blackjack::DECOY_AMOUNTS, &amounts);
        assert!(fits(&observed, &expected), "{prize}: {observed:?}");
    }
}

#[test]
fn x10_losing_bundles_show_the_same_amounts_whatever_the_prize() {
    for prize in prizes(&X10) {
        let amounts: Vec<Cents> = scenarios(&X10, prize)
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
        let (observed, expected) = against(&generator::x10::DECOY_AMOUNTS, &amounts);
        assert!(fits(&observed, &expected), "{prize}: {observed:?}");
    }
}

#[test]
fn star_fortune_losing_drops_land_on_any_zero_place_whatever_the_prize() {
    for prize in prizes(&STAR_FORTUNE_100) {
        let mut places: BTreeMap<u8, u64> = BTreeMap::new();
        for scenario in scenarios(&STAR_FORTUNE_100, prize) {
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

/// Marked cells of a grid without combination, for each prize whose unit has
/// such a grid there: the same distribution for all of them.
fn bingo_losing_grid_marks(grid: usize) -> Vec<(Cents, Vec<u64>)> {
    prizes(&BINGO)
        .into_iter()
        .filter_map(|prize| {
            let mut histogram = vec![0_u64; 17];
            for scenario in scenarios(&BINGO, prize) {
                let Scenario::Bingo(unit) = scenario else {
                    unreachable!("Bingo")
                };
                let losing = match grid {
                    0 => unit.first_grid() == FirstGridCombination::None,
                    _ => unit.second_grid() == FullRows(0),
                };
                if !losing {
                    return None;
                }
                histogram[unit
                    .marked(&unit.grids[grid])
                    .iter()
                    .filter(|&&mark| mark)
                    .count()] += 1;
            }
            Some((prize, histogram))
        })
        .collect()
}

#[test]
fn bingo_grids_without_combination_are_marked_alike_whatever_the_prize() {
    for grid in 0..2 {
        let histograms = bingo_losing_grid_marks(grid);
        assert!(
            histograms.len() >= 3,
            "grid {grid}: {} prizes",
            histograms.len()
        );
        let pooled: Vec<u64> = (0..17)
            .map(|bin| histograms.iter().map(|(_, h)| h[bin]).sum())
            .collect();
        let total = pooled.iter().sum::<u64>() as f64;
        let expected: Vec<f64> = pooled.iter().map(|&count| count as f64 / total).collect();
        for (prize, histogram) in &histograms {
            assert!(
                fits(histogram, &expected),
                "grid {grid}, {prize}: {histogram:?} vs {pooled:?}"
            );
        }
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
    let (observed, expected) = against(&generator::blackjack::DECOY_AMOUNTS, &winners);
    assert!(!fits(&observed, &expected));
}
